//! The board game in words: every engine value a player sees (cards, knights, quests, places,
//! relics, phases, actions, events, refusals, the end and what is being decided), in the current
//! language. Every text is a key of the board game's own table ([`B`], `src/board/i18n`).
//!
//! `names[seat]` is how a seat is called (the screens choose: the player's name, the knight's,
//! or both); a seat past the end of `names` is "Seat N". Every `match` here lists every variant,
//! so a new engine variant does not compile until it has its words.

#![allow(dead_code)] // an API: each board screen uses its part

use crate::board::i18n::B;
use crate::i18n::{t, tf, tn};
use camelot_board::data::{
    BLACK_SWORDS_LOSE, CLAIRVOYANCE_CARDS, DRAW_LIMIT, FATE_DISCARD, GAWAIN_DRAW, LADY_LIFE,
    LOYAL_CARDS, MAX_LIFE, MAX_PLAYERS, MESSENGER_MAX, MIN_PLAYERS, MORGAN2_DISCARD, MORGAN3_DRAWS,
    MORGAN4_ENGINES, MORGAN5_LIFE, PIETY_SELF, REINFORCEMENTS_DRAW, SIEGE_ENGINES_LOSE, SWORDS_END,
    TRAITOR_CARDS, WARRIORS_LOSE,
};
use camelot_board::sim::{Clue, Reason};
use camelot_board::{
    Action, BlackCardStage, Colour, Deeds, DiscardCause, EndReason, Event, HeroicType, Knight,
    Loyalty, Outcome, PendingView, Phase, Place, PrivateEvent, Quest, Relic, RuleError, Seat,
    SetupError, ShareKind, Side, TableView, TraitorRule, White,
};
use camelot_board::{Black, BlackKind};

// -------------------------------------------------------------------------------------------------
// Seats and lists
// -------------------------------------------------------------------------------------------------

/// How `seat` is called: `names[seat]`, else "Seat N" (counting from 1).
pub fn seat_name(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| tf(B::seat_n, &[("n", &(u32::from(seat.0) + 1))]))
}

/// A knight's name, or "Squire" for a seat without one (§8.5).
pub fn knight_or_squire(knight: Option<Knight>) -> &'static str {
    match knight {
        Some(k) => knight_name(k),
        None => t(B::squire),
    }
}

/// "A, B and C".
pub fn join_and(items: &[String]) -> String {
    match items {
        [] => t(B::nobody).to_string(),
        [one] => one.clone(),
        [rest @ .., last] => tf(B::and_list, &[("list", &rest.join(", ")), ("last", last)]),
    }
}

/// White cards as a list, identical ones together in the order they first come:
/// "2 × Fight 3, Grail and Merlin".
pub fn white_list(cards: &[White]) -> String {
    let items: Vec<String> = white_kinds(cards)
        .into_iter()
        .map(|(card, n)| white_count(card, n))
        .collect();
    join_and(&items)
}

/// Black cards as a list, in their order (top of the pile first, where it is a pile).
/// A type of Heroic Action, as the rules name it: "Move", "Quest action", "Heal" …
pub fn heroic_type_name(kind: HeroicType) -> &'static str {
    t(match kind {
        HeroicType::Move => B::heroic_move,
        HeroicType::QuestAction => B::heroic_quest_action,
        HeroicType::SpecialCard => B::heroic_special_card,
        HeroicType::Heal => B::heroic_heal,
        HeroicType::Accuse => B::heroic_accuse,
    })
}

/// The types of Heroic Action closed now, those closed for the same reason together, in the
/// rules' order: ("Move, Heal", "You have no Heroic Action left this turn.").
pub fn closed_lines(closed: &[(HeroicType, RuleError)], names: &[String]) -> Vec<(String, String)> {
    let mut lines: Vec<(Vec<&str>, RuleError)> = Vec::new();
    for &(kind, why) in closed {
        match lines.iter_mut().find(|(_, w)| *w == why) {
            Some((kinds, _)) => kinds.push(heroic_type_name(kind)),
            None => lines.push((vec![heroic_type_name(kind)], why)),
        }
    }
    lines
        .into_iter()
        .map(|(kinds, why)| (kinds.join(", "), error_reason(&why, names)))
        .collect()
}

/// "Fight 3" or "2 × Fight 3".
pub fn white_count(card: White, n: usize) -> String {
    match n {
        1 => white_name(card),
        _ => tf(B::cards_times, &[("n", &n), ("card", &white_name(card))]),
    }
}

pub fn black_list(cards: &[Black]) -> String {
    let items: Vec<String> = cards.iter().map(|&c| black_name(c)).collect();
    join_and(&items)
}

// -------------------------------------------------------------------------------------------------
// Cards
// -------------------------------------------------------------------------------------------------

/// The engine's own name of a card, knight or quest (its serde name: `fight_1`, `sir_kay`,
/// `pict_war` …), never shown: the pages mark each card they show with it.
pub fn code(of: impl serde::Serialize) -> String {
    match serde_json::to_value(of) {
        Ok(serde_json::Value::String(code)) => code,
        _ => String::new(),
    }
}

/// A white card's kinds in a hand, in the hand's order, with how many of each.
pub fn white_kinds(cards: &[White]) -> Vec<(White, usize)> {
    let mut kinds: Vec<(White, usize)> = Vec::new();
    for &c in cards {
        match kinds.iter_mut().find(|(k, _)| *k == c) {
            Some((_, n)) => *n += 1,
            None => kinds.push((c, 1)),
        }
    }
    kinds
}

/// A white card's name: "Fight 3", "Grail", "Lady of the Lake".
pub fn white_name(card: White) -> String {
    let key = match card {
        White::Fight1 | White::Fight2 | White::Fight3 | White::Fight4 | White::Fight5 => {
            let n = card.fight_value().unwrap_or(0);
            return tf(B::white_fight, &[("n", &n)]);
        }
        White::Grail => B::white_grail,
        White::Merlin => B::white_merlin,
        White::Convocation => B::white_convocation,
        White::Fate => B::white_fate,
        White::Heroism => B::white_heroism,
        White::LadyOfTheLake => B::white_lady_of_the_lake,
        White::Messenger => B::white_messenger,
        White::Piety => B::white_piety,
        White::Clairvoyance => B::white_clairvoyance,
        White::Reinforcements => B::white_reinforcements,
    };
    t(key).to_string()
}

/// What a white card does, in one line of our own.
pub fn white_effect(card: White) -> String {
    let (key, n) = match card {
        White::Fight1 | White::Fight2 | White::Fight3 | White::Fight4 | White::Fight5 => {
            (B::effect_fight, 0)
        }
        White::Grail => (B::effect_grail, 0),
        White::Merlin => (B::effect_merlin, 0),
        White::Convocation => (B::effect_convocation, 0),
        White::Fate => (B::effect_fate, FATE_DISCARD),
        White::Heroism => (B::effect_heroism, 0),
        White::LadyOfTheLake => (B::effect_lady_of_the_lake, LADY_LIFE),
        White::Messenger => (B::effect_messenger, MESSENGER_MAX),
        White::Piety => (B::effect_piety, PIETY_SELF),
        White::Clairvoyance => (B::effect_clairvoyance, CLAIRVOYANCE_CARDS as u8),
        White::Reinforcements => (B::effect_reinforcements, REINFORCEMENTS_DRAW),
    };
    tf(key, &[("n", &n)])
}

/// A black card's name: "Black Knight 5", "Lancelot/Dragon 3/7", "Morgan 2".
pub fn black_name(card: Black) -> String {
    let key = match card {
        Black::BlackKnight1 | Black::BlackKnight3 | Black::BlackKnight5 | Black::BlackKnight7 => {
            let n = card.value_on(Quest::BlackKnight);
            return tf(B::black_black_knight, &[("n", &n)]);
        }
        Black::LancelotDragon1
        | Black::LancelotDragon3
        | Black::LancelotDragon5
        | Black::LancelotDragon7 => {
            return tf(
                B::black_lancelot_dragon,
                &[
                    ("lancelot", &card.value_on(Quest::Lancelot)),
                    ("dragon", &card.value_on(Quest::Dragon)),
                ],
            );
        }
        Black::Morgan1 | Black::Morgan2 | Black::Morgan3 | Black::Morgan4 | Black::Morgan5 => {
            let n = card.morgan().unwrap_or(0);
            return tf(B::black_morgan, &[("n", &n)]);
        }
        Black::Despair => B::black_despair,
        Black::Excalibur => B::black_excalibur,
        Black::Picts => B::black_picts,
        Black::Saxons => B::black_saxons,
        Black::Mercenaries => B::black_mercenaries,
        Black::Desolation => B::black_desolation,
        Black::DarkForest => B::black_dark_forest,
        Black::Guinevere => B::black_guinevere,
        Black::MistsOfAvalon => B::black_mists_of_avalon,
        Black::Mordred => B::black_mordred,
        Black::Vivien => B::black_vivien,
    };
    t(key).to_string()
}

/// What a black card does, in one line of our own.
pub fn black_effect(card: Black) -> String {
    let (key, n) = match card {
        Black::BlackKnight1 | Black::BlackKnight3 | Black::BlackKnight5 | Black::BlackKnight7 => {
            (B::effect_black_knight, 0)
        }
        Black::LancelotDragon1
        | Black::LancelotDragon3
        | Black::LancelotDragon5
        | Black::LancelotDragon7 => (B::effect_lancelot_dragon, 0),
        Black::Despair => (B::effect_despair, 0),
        Black::Excalibur => (B::effect_excalibur, 0),
        Black::Picts => (B::effect_picts, 0),
        Black::Saxons => (B::effect_saxons, 0),
        Black::Mercenaries => (B::effect_mercenaries, 0),
        Black::Desolation => (B::effect_desolation, 0),
        Black::DarkForest => (B::effect_dark_forest, 0),
        Black::Guinevere => (B::effect_guinevere, 0),
        Black::MistsOfAvalon => (B::effect_mists_of_avalon, 0),
        Black::Mordred => (B::effect_mordred, 0),
        Black::Morgan1 => (B::effect_morgan_1, 0),
        Black::Morgan2 => (B::effect_morgan_2, MORGAN2_DISCARD),
        Black::Morgan3 => (B::effect_morgan_3, MORGAN3_DRAWS),
        Black::Morgan4 => (B::effect_morgan_4, MORGAN4_ENGINES),
        Black::Morgan5 => (B::effect_morgan_5, MORGAN5_LIFE),
        Black::Vivien => (B::effect_vivien, 0),
    };
    tf(key, &[("n", &n)])
}

/// What a black card of a finished quest does instead (it adds a siege engine).
pub fn black_obsolete_effect() -> &'static str {
    t(B::effect_obsolete)
}

/// What the table sees of a face-down black card: its kind ("a Black Knight card").
pub fn black_kind_name(kind: BlackKind) -> &'static str {
    t(match kind {
        BlackKind::BlackKnight => B::kind_black_knight,
        BlackKind::LancelotDragon => B::kind_lancelot_dragon,
        BlackKind::Other => B::kind_other,
    })
}

/// A black card as the table may see it: its name, or only its kind while it is hidden.
pub fn black_seen(card: Option<Black>, kind: BlackKind) -> String {
    match card {
        Some(c) => black_name(c),
        None => black_kind_name(kind).to_string(),
    }
}

// -------------------------------------------------------------------------------------------------
// Knights, quests, places, relics
// -------------------------------------------------------------------------------------------------

pub fn knight_name(knight: Knight) -> &'static str {
    t(match knight {
        Knight::KingArthur => B::knight_king_arthur,
        Knight::SirGalahad => B::knight_sir_galahad,
        Knight::SirGawain => B::knight_sir_gawain,
        Knight::SirKay => B::knight_sir_kay,
        Knight::SirPalamedes => B::knight_sir_palamedes,
        Knight::SirPercival => B::knight_sir_percival,
        Knight::SirTristan => B::knight_sir_tristan,
    })
}

/// A knight's power in one line (a squire: none yet).
pub fn knight_power(knight: Option<Knight>) -> String {
    let key = match knight {
        Some(Knight::KingArthur) => B::power_king_arthur,
        Some(Knight::SirGalahad) => B::power_sir_galahad,
        Some(Knight::SirGawain) => return tf(B::power_sir_gawain, &[("n", &GAWAIN_DRAW)]),
        Some(Knight::SirKay) => B::power_sir_kay,
        Some(Knight::SirPalamedes) => B::power_sir_palamedes,
        Some(Knight::SirPercival) => B::power_sir_percival,
        Some(Knight::SirTristan) => B::power_sir_tristan,
        None => B::power_squire,
    };
    t(key).to_string()
}

/// What the table saw a knight do, one line per kind of deed he has done (none: no line):
/// "Added 3 siege engines", "Placed 1 black card face down" …
pub fn deeds_lines(deeds: &Deeds) -> Vec<String> {
    let Deeds {
        siege_engines_added,
        black_cards_drawn,
        placed_face_down,
        life_lost_to_evil,
        quests_won,
        quests_lost,
        quest_cards_played,
        siege_engines_removed,
    } = *deeds;
    [
        (B::deed_siege_engines_added, siege_engines_added),
        (B::deed_black_cards_drawn, black_cards_drawn),
        (B::deed_placed_face_down, placed_face_down),
        (B::deed_life_lost_to_evil, life_lost_to_evil),
        (B::deed_quests_won, quests_won),
        (B::deed_quests_lost, quests_lost),
        (B::deed_quest_cards_played, quest_cards_played),
        (B::deed_siege_engines_removed, siege_engines_removed),
    ]
    .into_iter()
    .filter(|&(_, n)| n > 0)
    .map(|(key, n)| tn(key, n.into(), &[]))
    .collect()
}

/// A quest's name, alone: "Holy Grail", "Pict War" (a title, a list, a board's label).
/// The game's end in numbers, for the whole table: turns played, the swords (after the Traitor's
/// flip), the siege engines, and the quests won and lost (a perpetual quest's count when more
/// than once).
pub fn end_summary(v: &TableView) -> Vec<String> {
    let quests = |count: fn(&camelot_board::QuestTally) -> u8| {
        let list: Vec<String> = Quest::ALL
            .iter()
            .filter_map(|&q| match count(&v.tally[q.index()]) {
                0 => None,
                1 => Some(quest_name(q).to_string()),
                n => Some(format!("{} ×{n}", quest_name(q))),
            })
            .collect();
        if list.is_empty() {
            t(B::end_summary_none).to_string()
        } else {
            list.join(", ")
        }
    };
    vec![
        tn(B::end_summary_turns, i64::from(v.turn), &[]),
        tf(
            B::end_summary_swords,
            &[("white", &v.swords.white), ("black", &v.swords.black)],
        ),
        tf(
            B::board_siege_engines,
            &[("n", &v.siege_engines), ("max", &SIEGE_ENGINES_LOSE)],
        ),
        tf(B::end_summary_won, &[("list", &quests(|t| t.won))]),
        tf(B::end_summary_lost, &[("list", &quests(|t| t.lost))]),
    ]
}

pub fn quest_name(quest: Quest) -> &'static str {
    t(match quest {
        Quest::BlackKnight => B::quest_black_knight,
        Quest::Lancelot => B::quest_lancelot,
        Quest::Dragon => B::quest_dragon,
        Quest::Excalibur => B::quest_excalibur,
        Quest::Grail => B::quest_grail,
        Quest::PictWar => B::quest_pict_war,
        Quest::SaxonWar => B::quest_saxon_war,
    })
}

/// A place's name, alone: "Camelot", or its quest's.
pub fn place_name(place: Place) -> &'static str {
    match place.quest() {
        Some(q) => quest_name(q),
        None => t(B::place_camelot),
    }
}

/// The way to a place, as in "moves ‹to the Holy Grail›".
pub fn place_to(place: Place) -> &'static str {
    t(match place {
        Place::Camelot => B::to_camelot,
        Place::BlackKnight => B::to_black_knight,
        Place::Lancelot => B::to_lancelot,
        Place::Dragon => B::to_dragon,
        Place::Excalibur => B::to_excalibur,
        Place::Grail => B::to_grail,
        Place::PictWar => B::to_pict_war,
        Place::SaxonWar => B::to_saxon_war,
    })
}

/// Being at a place, as in "plays Fight 3 ‹at the Dragon›".
pub fn place_at(place: Place) -> &'static str {
    t(match place {
        Place::Camelot => B::at_camelot,
        Place::BlackKnight => B::at_black_knight,
        Place::Lancelot => B::at_lancelot,
        Place::Dragon => B::at_dragon,
        Place::Excalibur => B::at_excalibur,
        Place::Grail => B::at_grail,
        Place::PictWar => B::at_pict_war,
        Place::SaxonWar => B::at_saxon_war,
    })
}

pub fn relic_name(relic: Relic) -> &'static str {
    t(match relic {
        Relic::Excalibur => B::relic_excalibur,
        Relic::Grail => B::relic_grail,
        Relic::LancelotsArmor => B::relic_lancelots_armor,
    })
}

pub fn loyalty_name(loyalty: Loyalty) -> &'static str {
    t(match loyalty {
        Loyalty::Loyal => B::loyalty_loyal,
        Loyalty::Traitor => B::loyalty_traitor,
    })
}

// -------------------------------------------------------------------------------------------------
// The turn, the options and the end
// -------------------------------------------------------------------------------------------------

pub fn phase_name(phase: Phase) -> &'static str {
    t(match phase {
        Phase::Opening => B::phase_opening,
        Phase::ProgressionOfEvil => B::phase_progression_of_evil,
        Phase::AfterEvil => B::phase_after_evil,
        Phase::HeroicActions => B::phase_heroic_actions,
        Phase::TraitorTakes => B::phase_traitor_takes,
        Phase::TraitorEvil => B::phase_traitor_evil,
        Phase::AfterTraitor => B::phase_after_traitor,
        Phase::Over => B::phase_over,
    })
}

/// Who won: "The Loyal knights win!" / "Evil wins!".
pub fn side_line(side: Side) -> &'static str {
    t(match side {
        Side::Loyal => B::side_loyal,
        Side::Evil => B::side_evil,
    })
}

/// Why the game ended: "The 12th siege engine: Camelot falls".
pub fn end_reason_line(reason: EndReason) -> String {
    match reason {
        EndReason::SiegeEngines => tf(B::end_siege_engines, &[("n", &SIEGE_ENGINES_LOSE)]),
        EndReason::BlackSwords => tf(B::end_black_swords, &[("n", &BLACK_SWORDS_LOSE)]),
        EndReason::LoyalKnightsDead => t(B::end_loyal_knights_dead).to_string(),
        EndReason::Swords => tf(B::end_swords, &[("n", &SWORDS_END)]),
    }
}

/// The end in one line: who won and why.
pub fn outcome_line(outcome: &Outcome) -> String {
    let Outcome { winner, reason } = *outcome;
    tf(
        B::outcome,
        &[
            ("winner", &side_line(winner)),
            ("reason", &end_reason_line(reason)),
        ],
    )
}

/// How shared cards are given out: the opening gesture, a quest's spoils, Convocation.
pub fn share_kind_name(kind: ShareKind) -> &'static str {
    t(match kind {
        ShareKind::Opening => B::share_opening,
        ShareKind::Spoils => B::share_spoils,
        ShareKind::Convocation => B::share_convocation,
    })
}

/// How the loyalty cards are dealt (a new game's option, §8.1, §8.2).
pub fn traitor_rule_name(rule: TraitorRule) -> &'static str {
    t(match rule {
        TraitorRule::Standard => B::traitor_rule_standard,
        TraitorRule::NoTraitor => B::traitor_rule_no_traitor,
        TraitorRule::AmongUs => B::traitor_rule_among_us,
    })
}

/// Where a drawn black card stands.
pub fn black_card_stage_name(stage: BlackCardStage) -> &'static str {
    t(match stage {
        BlackCardStage::FaceChoice => B::stage_face_choice,
        BlackCardStage::Merlins => B::stage_merlins,
        BlackCardStage::Excalibur => B::stage_excalibur,
        BlackCardStage::WarChoice => B::stage_war_choice,
    })
}

// -------------------------------------------------------------------------------------------------
// Actions
// -------------------------------------------------------------------------------------------------

/// An action as its button says it, to the seat that takes it: "Move to the Holy Grail".
/// Indices (Percival, the Armor, Clairvoyance) count from 1 in the cards the seat is shown.
/// For [`Action::Pass`], [`pass_label`] says what passing means in the decision at hand.
pub fn action_label(action: &Action, names: &[String]) -> String {
    let name = |s: Seat| seat_name(names, s);
    match *action {
        Action::OfferCard { card } => tf(B::label_offer_card, &[("card", &white_name(card))]),
        Action::ChooseFirstDealt { seat } => {
            tf(B::label_choose_first_dealt, &[("name", &name(seat))])
        }
        Action::Propose { to } => tf(B::label_propose, &[("name", &name(to))]),
        Action::DealAtRandom => t(B::label_deal_at_random).into(),
        Action::Accept => t(B::label_accept).into(),
        Action::Reject => t(B::label_reject).into(),
        Action::DrawBlackCard => t(B::label_draw_black_card).into(),
        Action::AddSiegeEngine => t(B::label_add_siege_engine).into(),
        Action::LoseLife => t(B::label_lose_life).into(),
        Action::PercivalLook => t(B::label_percival_look).into(),
        Action::PutOnBottom { index } => {
            tf(B::label_put_on_bottom, &[("n", &(u32::from(index) + 1))])
        }
        Action::KeepBlackCard { index } => {
            tf(B::label_keep_black_card, &[("n", &(u32::from(index) + 1))])
        }
        Action::PlaceFaceUp => t(B::label_place_face_up).into(),
        Action::PlaceFaceDown => t(B::label_place_face_down).into(),
        Action::CommitMerlins { count } => tn(B::label_commit_merlins, count.into(), &[]),
        Action::SacrificeExcalibur => t(B::label_sacrifice_excalibur).into(),
        Action::ChooseWar { war } => tf(B::label_choose_war, &[("to", &place_to(war.place()))]),
        Action::Volunteer => t(B::label_volunteer).into(),
        Action::Discard { card } => tf(B::label_discard, &[("card", &white_name(card))]),
        Action::OfferGrail => t(B::label_offer_grail).into(),
        Action::Move { to } => tf(B::label_move, &[("to", &place_to(to))]),
        Action::DrawWhiteCards => t(B::label_draw_white_cards).into(),
        Action::FightSiegeEngine => t(B::label_fight_siege_engine).into(),
        Action::AddToFight { card } => tf(B::label_add_to_fight, &[("card", &white_name(card))]),
        Action::RollSiegeDie => t(B::label_roll_siege_die).into(),
        Action::PlayFightCard { card } => {
            tf(B::label_play_fight_card, &[("card", &white_name(card))])
        }
        Action::DiscardForExcalibur { card } => tf(
            B::label_discard_for_excalibur,
            &[("card", &white_name(card))],
        ),
        Action::PlayGrailCard => t(B::label_play_grail_card).into(),
        Action::Heal { card } => tf(B::label_heal, &[("card", &white_name(card))]),
        Action::Accuse { target } => tf(B::label_accuse, &[("name", &name(target))]),
        Action::Sacrifice => t(B::label_sacrifice).into(),
        Action::EndTurn => t(B::label_end_turn).into(),
        Action::MerlinRemovesSiegeEngine => t(B::label_merlin_siege_engine).into(),
        Action::MerlinRemovesBlackCard { quest } => tf(
            B::label_merlin_black_card,
            &[("at", &place_at(quest.place()))],
        ),
        Action::MerlinRemovesWarrior { war } => {
            tf(B::label_merlin_warrior, &[("at", &place_at(war.place()))])
        }
        Action::PlayConvocation => t(B::label_play_convocation).into(),
        Action::AnswerConvocation { go: true } => t(B::label_go_to_camelot).into(),
        Action::AnswerConvocation { go: false } => t(B::label_stay).into(),
        Action::PlayFate { reveal: false } => t(B::label_play_fate).into(),
        Action::PlayFate { reveal: true } => t(B::label_play_fate_reveal).into(),
        Action::PlayHeroism { quest } => {
            tf(B::label_play_heroism, &[("at", &place_at(quest.place()))])
        }
        Action::PlayLadyOfTheLake => t(B::label_play_lady_of_the_lake).into(),
        Action::PlayMessenger { to } => tf(B::label_play_messenger, &[("name", &name(to))]),
        Action::GiveCard { card } => tf(B::label_give_card, &[("card", &white_name(card))]),
        Action::StopGiving => t(B::label_stop_giving).into(),
        Action::PlayPiety { others: false } => tf(B::label_play_piety_self, &[("n", &PIETY_SELF)]),
        Action::PlayPiety { others: true } => t(B::label_play_piety_others).into(),
        Action::PlayClairvoyance => t(B::label_play_clairvoyance).into(),
        Action::PutNext { index } => tf(B::label_put_next, &[("n", &(u32::from(index) + 1))]),
        Action::PlayReinforcements { others: false } => tf(
            B::label_play_reinforcements_self,
            &[("n", &REINFORCEMENTS_DRAW)],
        ),
        Action::PlayReinforcements { others: true } => {
            t(B::label_play_reinforcements_others).into()
        }
        Action::ArthurExchange { to, card } => tf(
            B::label_arthur_exchange,
            &[("card", &white_name(card)), ("name", &name(to))],
        ),
        Action::GiveBack { card } => tf(B::label_give_back, &[("card", &white_name(card))]),
        Action::KayAddsCard { card } => tf(B::label_kay_adds_card, &[("card", &white_name(card))]),
        Action::TakeCardFrom { seat } => tf(B::label_take_card_from, &[("name", &name(seat))]),
        Action::Join => t(B::label_join).into(),
        Action::Leave { seat } => tf(B::label_leave, &[("name", &name(seat))]),
        Action::Pass => t(B::label_pass).into(),
    }
}

/// What "Pass" means in the decision at hand: "No Merlin", "Keep Excalibur" … (else "Pass").
pub fn pass_label(pending: Option<&PendingView>) -> &'static str {
    let key = match pending {
        Some(PendingView::BlackCard { stage, .. }) => match stage {
            BlackCardStage::Merlins => B::pass_merlins,
            BlackCardStage::Excalibur => B::pass_excalibur,
            BlackCardStage::FaceChoice | BlackCardStage::WarChoice => B::label_pass,
        },
        Some(PendingView::Volunteer { .. }) => B::pass_volunteer,
        Some(PendingView::GrailRescue { .. }) => B::pass_grail,
        Some(PendingView::KayCard { .. } | PendingView::SiegeFight { .. }) => B::pass_kay,
        Some(
            PendingView::Turn
            | PendingView::OpeningGesture { .. }
            | PendingView::Share { .. }
            | PendingView::ArmorChoice { .. }
            | PendingView::PercivalBottom
            | PendingView::Discard { .. }
            | PendingView::Convocation { .. }
            | PendingView::Messenger { .. }
            | PendingView::Clairvoyance { .. }
            | PendingView::ArthurExchange { .. },
        )
        | None => B::label_pass,
    };
    t(key)
}

/// An action as a log line, said of the seat that took it: "Sir Gawain moves to the Holy Grail".
/// Only what the table may know: a card given or discarded in secret is not named.
pub fn action_line(action: &Action, seat: Seat, names: &[String]) -> String {
    let me = seat_name(names, seat);
    let me = &me;
    let who = |k: B| tf(k, &[("name", me)]);
    let other = |k: B, s: Seat| tf(k, &[("name", me), ("other", &seat_name(names, s))]);
    let card = |k: B, c: White| tf(k, &[("name", me), ("card", &white_name(c))]);
    let at = |k: B, q: Quest| tf(k, &[("name", me), ("at", &place_at(q.place()))]);
    match *action {
        Action::OfferCard { card: c } => card(B::did_offer_card, c),
        Action::ChooseFirstDealt { seat } => other(B::did_choose_first_dealt, seat),
        Action::Propose { to } => other(B::did_propose, to),
        Action::DealAtRandom => who(B::did_deal_at_random),
        Action::Accept => who(B::did_accept),
        Action::Reject => who(B::did_reject),
        Action::DrawBlackCard => who(B::did_draw_black_card),
        Action::AddSiegeEngine => who(B::did_add_siege_engine),
        Action::LoseLife => who(B::did_lose_life),
        Action::PercivalLook => who(B::did_percival_look),
        Action::PutOnBottom { .. } => who(B::did_put_on_bottom),
        Action::KeepBlackCard { .. } => who(B::did_keep_black_card),
        Action::PlaceFaceUp => who(B::did_place_face_up),
        Action::PlaceFaceDown => who(B::did_place_face_down),
        Action::CommitMerlins { count } => tn(B::did_commit_merlins, count.into(), &[("name", me)]),
        Action::SacrificeExcalibur => who(B::did_sacrifice_excalibur),
        Action::ChooseWar { war } => tf(
            B::did_choose_war,
            &[("name", me), ("to", &place_to(war.place()))],
        ),
        Action::Volunteer => who(B::did_volunteer),
        Action::Discard { .. } => who(B::did_discard),
        Action::OfferGrail => who(B::did_offer_grail),
        Action::Move { to } => tf(B::did_move, &[("name", me), ("to", &place_to(to))]),
        Action::DrawWhiteCards => who(B::did_draw_white_cards),
        Action::FightSiegeEngine => who(B::did_fight_siege_engine),
        Action::AddToFight { card: c } => card(B::did_add_to_fight, c),
        Action::RollSiegeDie => who(B::did_roll_siege_die),
        Action::PlayFightCard { card: c } => card(B::did_play_fight_card, c),
        Action::DiscardForExcalibur { .. } => who(B::did_discard_for_excalibur),
        Action::PlayGrailCard => who(B::did_play_grail_card),
        Action::Heal { card: c } => card(B::did_heal, c),
        Action::Accuse { target } => other(B::did_accuse, target),
        Action::Sacrifice => who(B::did_sacrifice),
        Action::EndTurn => who(B::did_end_turn),
        Action::MerlinRemovesSiegeEngine => who(B::did_merlin_siege_engine),
        Action::MerlinRemovesBlackCard { quest } => at(B::did_merlin_black_card, quest),
        Action::MerlinRemovesWarrior { war } => at(B::did_merlin_warrior, war),
        Action::PlayConvocation => who(B::did_play_convocation),
        Action::AnswerConvocation { go: true } => who(B::did_go_to_camelot),
        Action::AnswerConvocation { go: false } => who(B::did_stay),
        Action::PlayFate { reveal: false } => who(B::did_play_fate),
        Action::PlayFate { reveal: true } => who(B::did_play_fate_reveal),
        Action::PlayHeroism { quest } => at(B::did_play_heroism, quest),
        Action::PlayLadyOfTheLake => who(B::did_play_lady_of_the_lake),
        Action::PlayMessenger { to } => other(B::did_play_messenger, to),
        Action::GiveCard { .. } => who(B::did_give_card),
        Action::StopGiving => who(B::did_stop_giving),
        Action::PlayPiety { others: false } => who(B::did_play_piety_self),
        Action::PlayPiety { others: true } => who(B::did_play_piety_others),
        Action::PlayClairvoyance => who(B::did_play_clairvoyance),
        Action::PutNext { .. } => who(B::did_put_next),
        Action::PlayReinforcements { others: false } => who(B::did_play_reinforcements_self),
        Action::PlayReinforcements { others: true } => who(B::did_play_reinforcements_others),
        Action::ArthurExchange { to, .. } => other(B::did_arthur_exchange, to),
        Action::GiveBack { .. } => who(B::did_give_back),
        Action::KayAddsCard { card: c } => card(B::did_kay_adds_card, c),
        Action::TakeCardFrom { seat } => other(B::did_take_card_from, seat),
        Action::Join => who(B::did_join),
        Action::Leave { seat } => other(B::did_leave, seat),
        Action::Pass => who(B::did_pass),
    }
}

// -------------------------------------------------------------------------------------------------
// Computer knights' reasons
// -------------------------------------------------------------------------------------------------

/// Why a computer knight chose what it did, in a few words (the engine's
/// [`SimplePolicy::choose_with_reason`](camelot_board::sim::SimplePolicy::choose_with_reason)).
/// Said to the whole table, so it names no card the table may not see: not the card Percival saw,
/// not a card given or discarded, not a face-down card cancelled.
pub fn reason_line(reason: &Reason, names: &[String]) -> String {
    let name = |s: Seat| seat_name(names, s);
    let n = |k: B, n: u8| tf(k, &[("n", &n)]);
    let at = |k: B, q: Quest, count: u8| tf(k, &[("at", &place_at(q.place())), ("n", &count)]);
    let card = |k: B, c: White| tf(k, &[("card", &white_name(c))]);
    match *reason {
        Reason::OnlyChoice => t(B::why_only_choice).into(),
        Reason::DrawsBlackCard { risk } => {
            let risk = tf(
                B::decimal,
                &[
                    ("int", &(risk / 100)),
                    ("frac", &format!("{:02}", risk % 100)),
                ],
            );
            tf(B::why_draws_black_card, &[("risk", &risk)])
        }
        Reason::DrawsSeenCard { card: _ } => t(B::why_draws_seen_card).into(),
        Reason::AddsSiegeEngine { engines } => n(B::why_adds_siege_engine, engines),
        Reason::LosesLife { life } => n(B::why_loses_life, life),
        Reason::LooksAtTopCard => t(B::why_looks_at_top_card).into(),
        Reason::Heals { life } => n(B::why_heals, life),
        Reason::FightsSiegeEngine { engines, cards } => tf(
            B::why_fights_siege_engine,
            &[("engines", &engines), ("cards", &cards)],
        ),
        Reason::DrawsWhiteCards { hand } => n(B::why_draws_white_cards, hand),
        Reason::GoesTo { place } => tf(B::why_goes_to, &[("at", &place_at(place))]),
        Reason::GoesToWar { war, warriors } => at(B::why_goes_to_war, war, warriors),
        Reason::FightsWar { war, warriors } => at(B::why_fights_war, war, warriors),
        Reason::FightsQuest { quest, card: c } => tf(
            B::why_fights_quest,
            &[("card", &white_name(c)), ("at", &place_at(quest.place()))],
        ),
        Reason::PlaysGrailCard { despairs } => n(B::why_plays_grail_card, despairs),
        Reason::PushesExcalibur { position } => {
            let steps = i32::from(camelot_board::data::EXCALIBUR_END) - i32::from(position);
            tf(B::why_pushes_excalibur, &[("n", &steps)])
        }
        Reason::RemovesSiegeEngine { engines } => n(B::why_removes_siege_engine, engines),
        Reason::RemovesWarrior { war, warriors } => at(B::why_removes_warrior, war, warriors),
        Reason::RemovesBlackCard { quest } => at(B::why_removes_black_card, quest, 0),
        Reason::PlaysCard { card: c } => card(B::why_plays_card, c),
        Reason::RevealsHimself => t(B::why_reveals_himself).into(),
        Reason::Sacrifices { life } => n(B::why_sacrifices, life),
        Reason::ExchangesCards => t(B::why_exchanges_cards).into(),
        Reason::Accuses { target, clue } => tf(
            B::why_accuses,
            &[("other", &name(target)), ("clue", &clue_line(&clue))],
        ),
        Reason::EndsTurn => t(B::why_ends_turn).into(),
        Reason::PlacesFaceDown => t(B::why_places_face_down).into(),
        Reason::PlacesFaceUp => t(B::why_places_face_up).into(),
        Reason::CommitsMerlins { card: c } => {
            tf(B::why_commits_merlins, &[("card", &black_name(c))])
        }
        Reason::CancelsWithExcalibur { card: _ } => t(B::why_cancels_with_excalibur).into(),
        Reason::LetsCardThrough => t(B::why_lets_card_through).into(),
        Reason::SendsToWar { war: _, warriors } => n(B::why_sends_to_war, warriors),
        Reason::Volunteers { morgan } => n(B::why_volunteers, morgan),
        Reason::SavesWithGrail { dying } => tf(B::why_saves_with_grail, &[("other", &name(dying))]),
        Reason::AddsKayCard { card: c } => card(B::why_adds_kay_card, c),
        Reason::AddsToSiegeFight { card: c, total } => tf(
            B::why_adds_to_siege_fight,
            &[("card", &white_name(c)), ("n", &total)],
        ),
        Reason::RollsSiegeDie { total } => n(B::why_rolls_siege_die, total),
        Reason::GivesLeastUseful { card: _ } => t(B::why_gives_least_useful).into(),
        Reason::KeepsMilderCard => t(B::why_keeps_milder_card).into(),
        Reason::TakesFromFullestHand { seat, cards } => tf(
            B::why_takes_from_fullest_hand,
            &[("other", &name(seat)), ("n", &cards)],
        ),
        Reason::GoesAlong => t(B::why_goes_along).into(),
        Reason::StaysPut => t(B::why_stays_put).into(),
        Reason::Passes => t(B::why_passes).into(),
    }
}

/// What in a knight's public record made a computer knight accuse him: "added 3 siege engines".
pub fn clue_line(clue: &Clue) -> String {
    let (key, n) = match *clue {
        Clue::AddedSiegeEngines { count } => (B::clue_added_siege_engines, count),
        Clue::FewQuestCards { count } => (B::clue_few_quest_cards, count),
        Clue::FewSiegeEnginesRemoved { count } => (B::clue_few_siege_engines_removed, count),
        Clue::Hoards { cards } => (B::clue_hoards, cards),
        Clue::FalseAccusation => return t(B::clue_false_accusation).into(),
        Clue::SparesHisLife { count } => (B::clue_spares_his_life, count),
        Clue::DrewBlackCards { count } => (B::clue_drew_black_cards, count),
    };
    tn(key, n.into(), &[])
}

// -------------------------------------------------------------------------------------------------
// Events
// -------------------------------------------------------------------------------------------------

/// What a choice is sure to cost, said beside it.
pub fn danger_line(d: camelot_board::Danger) -> &'static str {
    match d {
        camelot_board::Danger::EvilWinsAtOnce => t(B::danger_evil_wins),
        camelot_board::Danger::CostsHisLastLife => t(B::danger_last_life),
    }
}

/// A public event as a log line: "Sir Gawain moves to the Holy Grail". `None` for
/// [`Event::Private`], which is for its seat alone (see [`private_line`]).
pub fn event_line(event: &Event, names: &[String]) -> Option<String> {
    let name = |s: Seat| seat_name(names, s);
    let who = |k: B, s: Seat| tf(k, &[("name", &name(s))]);
    let two = |k: B, s: Seat, o: Seat| tf(k, &[("name", &name(s)), ("other", &name(o))]);
    let count = |k: B, s: Seat, n: u8| tn(k, n.into(), &[("name", &name(s))]);
    let black = |k: B, c: Black| tf(k, &[("card", &black_name(c))]);
    let line = match event {
        Event::CardOffered { seat, card } => tf(
            B::event_card_offered,
            &[("name", &name(*seat)), ("card", &white_name(*card))],
        ),
        Event::CardProposed { by, card, to } => tf(
            B::event_card_proposed,
            &[
                ("name", &name(*by)),
                ("card", &white_name(*card)),
                ("other", &name(*to)),
            ],
        ),
        Event::ProposalAccepted { seat } => who(B::event_proposal_accepted, *seat),
        Event::ProposalRejected { seat } => who(B::event_proposal_rejected, *seat),
        Event::CardsShared {
            kind,
            shares,
            at_random,
        } => {
            let kind = share_kind_name(*kind);
            if shares.is_empty() {
                tf(B::event_cards_shared_to_nobody, &[("kind", &kind)])
            } else {
                let shares: Vec<String> = shares
                    .iter()
                    .map(|&(s, c)| {
                        tf(
                            B::event_share,
                            &[("card", &white_name(c)), ("name", &name(s))],
                        )
                    })
                    .collect();
                let key = if *at_random {
                    B::event_cards_dealt_at_random
                } else {
                    B::event_cards_shared
                };
                tf(key, &[("kind", &kind), ("shares", &join_and(&shares))])
            }
        }
        Event::TurnBegins {
            seat,
            turn,
            traitor_turn,
        } => {
            let key = if *traitor_turn {
                B::event_traitor_turn_begins
            } else {
                B::event_turn_begins
            };
            tf(key, &[("turn", turn), ("name", &name(*seat))])
        }
        Event::PercivalLooked { seat, cards } => count(B::event_percival_looked, *seat, *cards),
        Event::CardPutOnBottom { seat } => who(B::event_card_put_on_bottom, *seat),
        Event::BlackCardDrawn { seat, card, kind } => tf(
            B::event_black_card_drawn,
            &[("name", &name(*seat)), ("card", &black_seen(*card, *kind))],
        ),
        Event::BlackCardShown { card } => black(B::event_black_card_shown, *card),
        Event::MerlinsCommitted { seat, count: n } => count(B::event_merlins_committed, *seat, *n),
        Event::MerlinsTakenBack => t(B::event_merlins_taken_back).into(),
        Event::CancelledByMerlins { card } => black(B::event_cancelled_by_merlins, *card),
        Event::CancelledByExcalibur { seat, card } => {
            let card = match card {
                Some(c) => black_name(*c),
                None => t(B::face_down_card).into(),
            };
            tf(
                B::event_cancelled_by_excalibur,
                &[("name", &name(*seat)), ("card", &card)],
            )
        }
        Event::BlackCardObsolete { card } => black(B::event_black_card_obsolete, *card),
        Event::BlackCardPlaced {
            quest,
            card,
            face_down,
        } => {
            let at = place_at(quest.place());
            match card {
                Some(c) if !face_down => tf(
                    B::event_black_card_placed,
                    &[("card", &black_name(*c)), ("at", &at)],
                ),
                _ => tf(B::event_black_card_placed_face_down, &[("at", &at)]),
            }
        }
        Event::GrailCardDiscarded { by } => black(B::event_grail_card_discarded, *by),
        Event::DespairCancelledByGrail => t(B::event_despair_cancelled_by_grail).into(),
        Event::ExcaliburMoved { position } => {
            let end = camelot_board::data::EXCALIBUR_END;
            if *position >= end {
                t(B::event_excalibur_reaches_green_bank).into()
            } else if *position <= -end {
                t(B::event_excalibur_reaches_frozen_bank).into()
            } else {
                tn(B::event_excalibur_moved, i64::from(end - *position), &[])
            }
        }
        Event::WarriorAdded { war, warriors } => tf(
            B::event_warrior_added,
            &[
                ("at", &place_at(war.place())),
                ("n", warriors),
                ("max", &WARRIORS_LOSE),
            ],
        ),
        Event::WarriorRemoved { war, warriors } => tf(
            B::event_warrior_removed,
            &[
                ("at", &place_at(war.place())),
                ("n", warriors),
                ("max", &WARRIORS_LOSE),
            ],
        ),
        Event::MordredAttached { war } => {
            tf(B::event_mordred_attached, &[("at", &place_at(war.place()))])
        }
        Event::DarkForestInEffect => t(B::event_dark_forest_in_effect).into(),
        Event::DarkForestEnds => t(B::event_dark_forest_ends).into(),
        Event::VivienInEffect => t(B::event_vivien_in_effect).into(),
        Event::VivienEnds => t(B::event_vivien_ends).into(),
        Event::MistsOfAvalonInEffect => t(B::event_mists_of_avalon).into(),
        Event::GuinevereCallsKnightsHome => t(B::event_guinevere).into(),
        Event::Volunteered { seat } => who(B::event_volunteered, *seat),
        Event::NoVolunteer => t(B::event_no_volunteer).into(),
        Event::CardsDiscarded { seat, count: n } => count(B::event_cards_discarded, *seat, *n),
        Event::SiegeEngineAdded { engines } => tf(
            B::event_siege_engine_added,
            &[("n", engines), ("max", &SIEGE_ENGINES_LOSE)],
        ),
        Event::SiegeEngineRemoved { engines } => tf(
            B::event_siege_engine_removed,
            &[("n", engines), ("max", &SIEGE_ENGINES_LOSE)],
        ),
        Event::LifeChanged { seat, life } => count(B::event_life_changed, *seat, *life),
        Event::KnightFalls { seat } => who(B::event_knight_falls, *seat),
        Event::GrailSaves { owner, seat } if owner == seat => who(B::event_grail_saves_self, *seat),
        Event::GrailSaves { owner, seat } => tf(
            B::event_grail_saves,
            &[("owner", &name(*owner)), ("name", &name(*seat))],
        ),
        Event::KnightDies { seat } => who(B::event_knight_dies, *seat),
        Event::QuestEnds {
            quest,
            won,
            white_total,
            black_total,
            black_cards,
            kay,
            winner: _,
            present: _,
        } => {
            let q = quest_name(*quest);
            let mut line = if quest.rules().combat {
                let key = if *won {
                    B::event_combat_won
                } else {
                    B::event_combat_lost
                };
                tf(
                    key,
                    &[
                        ("quest", &q),
                        ("white", white_total),
                        ("black", black_total),
                    ],
                )
            } else {
                let key = if *won {
                    B::event_quest_won
                } else {
                    B::event_quest_lost
                };
                tf(key, &[("quest", &q)])
            };
            if !black_cards.is_empty() {
                line.push_str(". ");
                line.push_str(&tf(
                    B::event_black_cards_revealed,
                    &[("cards", &black_list(black_cards))],
                ));
            }
            if let Some(card) = kay {
                line.push_str(". ");
                line.push_str(&tf(B::event_kay_added, &[("card", &white_name(*card))]));
            }
            line
        }
        Event::SwordsLaid { colour, count: n } => {
            let key = match colour {
                Colour::White => B::event_swords_laid_white,
                Colour::Black => B::event_swords_laid_black,
            };
            tn(key, (*n).into(), &[])
        }
        Event::SwordFlipped => t(B::event_sword_flipped).into(),
        Event::RelicWon { relic, seat } => tf(
            B::event_relic_won,
            &[("name", &name(*seat)), ("relic", &relic_name(*relic))],
        ),
        Event::RelicRemoved { relic } => {
            tf(B::event_relic_removed, &[("relic", &relic_name(*relic))])
        }
        Event::KnightMoved { seat, to, free } => {
            let key = if *free {
                B::event_knight_moved_free
            } else {
                B::event_knight_moved
            };
            tf(key, &[("name", &name(*seat)), ("to", &place_to(*to))])
        }
        Event::SoloQuestAbandoned { quest, cards } => tn(
            B::event_solo_quest_abandoned,
            (*cards).into(),
            &[("quest", &quest_name(*quest))],
        ),
        Event::WhiteCardsDrawn { seat, count: n } => count(B::event_white_cards_drawn, *seat, *n),
        Event::WhiteCardsShown { cards } => {
            tf(B::event_white_cards_shown, &[("cards", &white_list(cards))])
        }
        Event::FightCardPlayed { seat, quest, card } => tf(
            B::event_fight_card_played,
            &[
                ("name", &name(*seat)),
                ("card", &white_name(*card)),
                ("at", &place_at(quest.place())),
            ],
        ),
        Event::DiscardedForExcalibur { seat } => who(B::event_discarded_for_excalibur, *seat),
        Event::GrailCardPlayed { seat } => who(B::event_grail_card_played, *seat),
        Event::FightCardAdded { seat, card } => tf(
            B::event_fight_card_added,
            &[("name", &name(*seat)), ("card", &white_name(*card))],
        ),
        Event::SiegeFight {
            seat,
            cards: _,
            roll,
            kay,
            total,
            won,
        } => {
            let key = if *won {
                B::event_siege_fight_won
            } else {
                B::event_siege_fight_lost
            };
            let mut line = tf(
                key,
                &[("name", &name(*seat)), ("total", total), ("roll", roll)],
            );
            if let Some(card) = kay {
                line.push_str(". ");
                line.push_str(&tf(B::event_kay_added, &[("card", &white_name(*card))]));
            }
            line
        }
        Event::Healed { seat, life } => count(B::event_healed, *seat, *life),
        Event::Sacrificed { seat, life } => count(B::event_sacrificed, *seat, *life),
        Event::Accused {
            accuser,
            target,
            loyalty,
        } => {
            let key = match loyalty {
                Loyalty::Loyal => B::event_accused_loyal,
                Loyalty::Traitor => B::event_accused_traitor,
            };
            two(key, *accuser, *target)
        }
        Event::TraitorUnmasked { seat } => who(B::event_traitor_unmasked, *seat),
        Event::SpecialCardPlayed { seat, card } => tf(
            B::event_special_card_played,
            &[("name", &name(*seat)), ("card", &white_name(*card))],
        ),
        Event::ConvocationAnswered { seat, go } => {
            let key = if *go {
                B::event_convocation_go
            } else {
                B::event_convocation_stay
            };
            who(key, *seat)
        }
        Event::HeroismLaid { quest } => {
            tf(B::event_heroism_laid, &[("at", &place_at(quest.place()))])
        }
        Event::CardsGiven { from, to, count: n } => tn(
            B::event_cards_given,
            (*n).into(),
            &[("name", &name(*from)), ("other", &name(*to))],
        ),
        Event::ArthurExchanged { arthur, with } => two(B::event_arthur_exchanged, *arthur, *with),
        Event::ClairvoyanceUsed { seat, cards } => count(B::event_clairvoyance_used, *seat, *cards),
        Event::TraitorTookCard { traitor, from } => {
            two(B::event_traitor_took_card, *traitor, *from)
        }
        Event::KayAddedCard { card } => {
            tf(B::event_kay_added_card, &[("card", &white_name(*card))])
        }
        Event::SquireKnighted { seat, knight } => tf(
            B::event_squire_knighted,
            &[("name", &name(*seat)), ("knight", &knight_name(*knight))],
        ),
        Event::LoyaltyCardsLookedAt => t(B::event_loyalty_cards_looked_at).into(),
        Event::KnightJoins { seat: _, knight } => {
            tf(B::event_knight_joins, &[("knight", &knight_name(*knight))])
        }
        Event::KnightLeaves { seat } => who(B::event_knight_leaves, *seat),
        Event::DecksReshuffled => t(B::event_decks_reshuffled).into(),
        Event::EndReveal {
            traitor: Some(seat),
            flipped,
        } => count(B::event_end_reveal, *seat, *flipped),
        Event::EndReveal {
            traitor: None,
            flipped: _,
        } => t(B::event_end_reveal_dead).into(),
        Event::GameOver { winner, reason } => {
            let outcome = outcome_line(&Outcome {
                winner: *winner,
                reason: *reason,
            });
            tf(B::event_game_over, &[("outcome", &outcome)])
        }
        Event::Private { .. } => return None,
    };
    Some(line)
}

/// What only one seat saw, for that seat's eyes: "You draw: Fight 3 and Grail".
pub fn private_line(event: &PrivateEvent, names: &[String]) -> String {
    match event {
        PrivateEvent::BlackCards { cards } => {
            tf(B::private_black_cards, &[("cards", &black_list(cards))])
        }
        PrivateEvent::WhiteCardsDrawn { cards } => tf(
            B::private_white_cards_drawn,
            &[("cards", &white_list(cards))],
        ),
        PrivateEvent::WhiteCardsReceived { from, cards } => tf(
            B::private_white_cards_received,
            &[
                ("name", &seat_name(names, *from)),
                ("cards", &white_list(cards)),
            ],
        ),
        PrivateEvent::CardsDiscarded { cards } => {
            tf(B::private_cards_discarded, &[("cards", &white_list(cards))])
        }
        PrivateEvent::CardTaken { card } => {
            tf(B::private_card_taken, &[("card", &white_name(*card))])
        }
        PrivateEvent::Loyalty {
            loyalty: Loyalty::Loyal,
        } => t(B::private_loyal).into(),
        PrivateEvent::Loyalty {
            loyalty: Loyalty::Traitor,
        } => t(B::private_traitor).into(),
    }
}

// -------------------------------------------------------------------------------------------------
// Refusals
// -------------------------------------------------------------------------------------------------

/// Why an action was refused, in a few words a player understands.
pub fn error_reason(error: &RuleError, names: &[String]) -> String {
    let card = |k: B, c: White| tf(k, &[("card", &white_name(c))]);
    let quest = |k: B, q: Quest| tf(k, &[("quest", &quest_name(q))]);
    let key = match *error {
        RuleError::GameOver => B::refused_game_over,
        RuleError::NoSuchSeat { .. } => B::refused_no_such_seat,
        RuleError::NotYourDecision {
            decider: Some(d), ..
        } => {
            return tf(
                B::refused_not_your_decision,
                &[("name", &seat_name(names, d))],
            );
        }
        RuleError::NotYourDecision { decider: None, .. } => B::refused_no_decision,
        RuleError::NotNow => B::refused_not_now,
        RuleError::CardNotHeld { card: c } => return card(B::refused_card_not_held, c),
        RuleError::NotAFightCard { card: c } => return card(B::refused_not_a_fight_card, c),
        RuleError::HandFull => return tf(B::refused_hand_full, &[("n", &DRAW_LIMIT)]),
        RuleError::NoSiegeEngine => B::refused_no_siege_engine,
        RuleError::NotThere => B::refused_not_there,
        RuleError::QuestNotInPlay { quest: q } => return quest(B::refused_quest_not_in_play, q),
        RuleError::SoloQuestTaken { quest: q } => return quest(B::refused_solo_quest_taken, q),
        RuleError::AlreadyThere => B::refused_already_there,
        RuleError::PatternBroken { card: c } => return card(B::refused_pattern_broken, c),
        RuleError::NotTheNextValue { card: c } => return card(B::refused_not_the_next_value, c),
        RuleError::DarkForest => B::refused_dark_forest,
        RuleError::VivienInEffect => B::refused_vivien,
        RuleError::SameActionType => B::refused_same_action_type,
        RuleError::OneSpecialCardPerTurn => B::refused_one_special_card,
        RuleError::NoActionLeft => B::refused_no_action_left,
        RuleError::MustAct => B::refused_must_act,
        RuleError::FullLife => return tf(B::refused_full_life, &[("n", &MAX_LIFE)]),
        RuleError::AccusationThreshold => {
            return tf(
                B::refused_accusation_threshold,
                &[("n", &camelot_board::data::ACCUSATION_THRESHOLD)],
            );
        }
        RuleError::AlreadyAccused => B::refused_already_accused,
        RuleError::BadTarget { seat } => {
            return tf(B::refused_bad_target, &[("name", &seat_name(names, seat))]);
        }
        RuleError::NothingToRemove => B::refused_nothing_to_remove,
        RuleError::NotYourKnight => B::refused_not_your_knight,
        RuleError::NoCardToDraw => B::refused_no_card_to_draw,
        RuleError::BadIndex { index } => {
            return tf(B::refused_bad_index, &[("n", &(u32::from(index) + 1))]);
        }
        RuleError::TooManyMerlins => B::refused_too_many_merlins,
        RuleError::BadChoice => B::refused_bad_choice,
        RuleError::TableFull => B::refused_table_full,
    };
    t(key).to_string()
}

/// Why a game could not be set up.
pub fn setup_error_reason(error: &SetupError) -> String {
    let seats =
        |k: B, players: u8, found: usize| tf(k, &[("players", &players), ("found", &found)]);
    match *error {
        SetupError::PlayerCount { players } => tf(
            B::setup_player_count,
            &[
                ("min", &MIN_PLAYERS),
                ("max", &MAX_PLAYERS),
                ("n", &players),
            ],
        ),
        SetupError::KnightsPerSeat { players, found } => {
            seats(B::setup_knights_per_seat, players, found)
        }
        SetupError::KnightTwice { knight } => {
            tf(B::setup_knight_twice, &[("knight", &knight_name(knight))])
        }
        SetupError::FirstSeat { .. } => t(B::setup_first_seat).into(),
        SetupError::HandsPerSeat { players, found } => {
            seats(B::setup_hands_per_seat, players, found)
        }
        SetupError::LoyaltyPerSeat { players, found } => {
            seats(B::setup_loyalty_per_seat, players, found)
        }
        SetupError::TooManyWhite { card } => {
            tf(B::setup_too_many_cards, &[("card", &white_name(card))])
        }
        SetupError::TooManyBlack { card } => {
            tf(B::setup_too_many_cards, &[("card", &black_name(card))])
        }
        SetupError::TooManyTraitors => tf(B::setup_too_many_traitors, &[("n", &TRAITOR_CARDS)]),
        SetupError::TooManyLoyal => tf(B::setup_too_many_loyal, &[("n", &LOYAL_CARDS)]),
        SetupError::WhiteDeckWithoutHands => t(B::setup_white_deck_without_hands).into(),
        SetupError::SquireLife { life } => {
            tf(B::setup_squire_life, &[("max", &MAX_LIFE), ("n", &life)])
        }
        SetupError::SwordsOnTheTable { white, black } => tf(
            B::setup_swords_on_the_table,
            &[("white", &white), ("black", &black)],
        ),
        SetupError::SiegeEnginesOnTheBoard { engines } => {
            tf(B::setup_siege_engines, &[("n", &engines)])
        }
    }
}

// -------------------------------------------------------------------------------------------------
// What is being decided
// -------------------------------------------------------------------------------------------------

/// "‹who›: ‹what is being decided›" for the table (`None` once the game is over).
pub fn pending_line(view: &TableView, names: &[String]) -> Option<String> {
    let pending = view.pending.as_ref()?;
    let what = pending_what(pending, view.phase, view.decider, names);
    Some(match view.decider {
        Some(seat) => tf(
            B::who_what,
            &[("name", &seat_name(names, seat)), ("what", &what)],
        ),
        None => what,
    })
}

/// What is being decided, without who decides (the phase tells the turn's own choices apart;
/// the decider, whether a dying knight is offered his own Grail).
pub fn pending_what(
    pending: &PendingView,
    phase: Phase,
    decider: Option<Seat>,
    names: &[String],
) -> String {
    let name = |s: Seat| seat_name(names, s);
    match pending {
        PendingView::Turn => t(match phase {
            Phase::ProgressionOfEvil => B::pending_evil,
            Phase::HeroicActions => B::pending_heroic_actions,
            Phase::TraitorTakes => B::pending_traitor_takes,
            Phase::TraitorEvil => B::pending_traitor_evil,
            Phase::Opening | Phase::AfterEvil | Phase::AfterTraitor | Phase::Over => {
                B::pending_turn
            }
        })
        .into(),
        PendingView::OpeningGesture { offered } => {
            tf(B::pending_opening_gesture, &[("n", &offered.len())])
        }
        PendingView::Share {
            kind,
            cards,
            lead: _,
            proposal: _,
            accepting,
            choosing_lead,
        } => {
            let kind = share_kind_name(*kind);
            if *choosing_lead {
                tf(B::pending_share_choose_lead, &[("kind", &kind)])
            } else if *accepting {
                tf(B::pending_share_accept, &[("kind", &kind)])
            } else {
                tn(
                    B::pending_share_propose,
                    cards.len() as i64,
                    &[("kind", &kind)],
                )
            }
        }
        PendingView::ArmorChoice { drawer: _ } => t(B::pending_armor_choice).into(),
        PendingView::PercivalBottom => t(B::pending_percival_bottom).into(),
        PendingView::BlackCard {
            drawer: _,
            card,
            kind,
            face_down: _,
            stage,
            merlins,
            morgan3: _,
        } => {
            let card = black_seen(*card, *kind);
            let key = match stage {
                BlackCardStage::FaceChoice => B::pending_face_choice,
                BlackCardStage::Merlins => B::pending_merlins,
                BlackCardStage::Excalibur => B::pending_excalibur,
                BlackCardStage::WarChoice => B::pending_war_choice,
            };
            tf(key, &[("card", &card), ("n", merlins)])
        }
        PendingView::Volunteer { morgan, drawer: _ } => match morgan {
            5 => tf(B::pending_volunteer_morgan_5, &[("n", &MORGAN5_LIFE)]),
            _ => tf(B::pending_volunteer_morgan_2, &[("n", &MORGAN2_DISCARD)]),
        },
        PendingView::Discard { left, cause } => {
            let n = i64::from(*left);
            match *cause {
                DiscardCause::Morgan2Volunteer => tn(B::pending_discard_volunteer, n, &[]),
                DiscardCause::NoVolunteer { morgan } => {
                    tn(B::pending_discard_no_volunteer, n, &[("morgan", &morgan)])
                }
                DiscardCause::Fate { traitor } => {
                    tn(B::pending_discard_fate, n, &[("other", &name(traitor))])
                }
            }
        }
        PendingView::GrailRescue { dying } if decider == Some(*dying) => {
            t(B::pending_grail_rescue_self).into()
        }
        PendingView::GrailRescue { dying } => {
            tf(B::pending_grail_rescue, &[("name", &name(*dying))])
        }
        PendingView::KayCard {
            quest,
            white,
            black,
        } => tf(
            B::pending_kay_card,
            &[
                ("quest", &quest_name(*quest)),
                ("white", white),
                ("black", black),
            ],
        ),
        PendingView::SiegeFight {
            fighter: _,
            cards,
            roll,
        } => {
            let total: u32 = cards
                .iter()
                .filter_map(|c| c.fight_value())
                .map(u32::from)
                .sum();
            match roll {
                None => tf(B::pending_siege_fight, &[("n", &total)]),
                Some(roll) => tf(B::pending_siege_kay, &[("n", &total), ("roll", roll)]),
            }
        }
        PendingView::Convocation { player: _ } => t(B::pending_convocation).into(),
        PendingView::Messenger { from: _, to, given } => tf(
            B::pending_messenger,
            &[("other", &name(*to)), ("max", &MESSENGER_MAX), ("n", given)],
        ),
        PendingView::Clairvoyance { player: _, cards } => {
            tn(B::pending_clairvoyance, (*cards).into(), &[])
        }
        PendingView::ArthurExchange { arthur } => {
            tf(B::pending_arthur_exchange, &[("other", &name(*arthur))])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, checks, placeholders, set_texts};
    use camelot_board::sim::SimplePolicy;
    use camelot_board::{Game, Setup};
    use serde::Serialize;
    use serde::de::DeserializeOwned;
    use std::collections::BTreeSet;

    fn speak(lang: Lang) {
        set_texts(checks::pack::<B>(lang));
    }

    fn names() -> Vec<String> {
        ["Ann", "Bo", "Cy", "Éloïse"].map(String::from).to_vec()
    }

    /// A text a player may see: not blank, every placeholder filled, one plural form chosen.
    fn sound(text: &str, what: &dyn std::fmt::Debug) {
        let lang = crate::i18n::lang_of::<B>().code();
        assert!(!text.trim().is_empty(), "{lang}: no words for {what:?}");
        assert!(
            placeholders(text).is_empty(),
            "{lang}: {what:?} left a placeholder: {text}"
        );
        assert!(
            !text.contains('|'),
            "{lang}: {what:?} kept its plural forms: {text}"
        );
    }

    /// Every variant name of an enum, as its serde form spells it, from the error for an unknown
    /// one ("unknown variant `?`, expected one of `a`, `b` …"): the engine's own list, so a new
    /// variant is missed here only if it is missed by serde too.
    fn variants<T: DeserializeOwned + std::fmt::Debug>(unknown: &str) -> BTreeSet<String> {
        let err = serde_json::from_str::<T>(unknown).expect_err("an unknown variant");
        let msg = err.to_string();
        let expected = msg
            .split_once("expected")
            .expect("serde lists the variants")
            .1;
        expected
            .split('`')
            .skip(1)
            .step_by(2)
            .map(String::from)
            .collect()
    }

    /// The serde name of a sample's variant: its tag field, or the string of a unit enum.
    fn tag<T: Serialize>(value: &T, field: &str) -> String {
        let v = serde_json::to_value(value).unwrap();
        match v.get(field) {
            Some(t) => t.as_str().unwrap().to_string(),
            None => v.as_str().unwrap().to_string(),
        }
    }

    fn covers<T: Serialize>(samples: &[T], field: &str, all: BTreeSet<String>, name: &str) {
        let seen: BTreeSet<String> = samples.iter().map(|s| tag(s, field)).collect();
        let missing: Vec<&String> = all.difference(&seen).collect();
        assert!(missing.is_empty(), "{name}: no sample of {missing:?}");
    }

    const S0: Seat = Seat(0);
    const S1: Seat = Seat(1);
    const S2: Seat = Seat(2);

    fn actions() -> Vec<Action> {
        use Action::*;
        let card = White::Fight3;
        vec![
            OfferCard { card },
            ChooseFirstDealt { seat: S1 },
            Propose { to: S2 },
            DealAtRandom,
            Accept,
            Reject,
            DrawBlackCard,
            AddSiegeEngine,
            LoseLife,
            PercivalLook,
            PutOnBottom { index: 1 },
            KeepBlackCard { index: 0 },
            PlaceFaceUp,
            PlaceFaceDown,
            CommitMerlins { count: 1 },
            CommitMerlins { count: 2 },
            SacrificeExcalibur,
            ChooseWar {
                war: Quest::PictWar,
            },
            Volunteer,
            Discard { card: White::Grail },
            OfferGrail,
            Move { to: Place::Grail },
            Move { to: Place::Camelot },
            DrawWhiteCards,
            FightSiegeEngine,
            AddToFight { card },
            RollSiegeDie,
            PlayFightCard { card },
            DiscardForExcalibur {
                card: White::Merlin,
            },
            PlayGrailCard,
            Heal { card },
            Accuse { target: S2 },
            Sacrifice,
            EndTurn,
            MerlinRemovesSiegeEngine,
            MerlinRemovesBlackCard {
                quest: Quest::Dragon,
            },
            MerlinRemovesWarrior {
                war: Quest::SaxonWar,
            },
            PlayConvocation,
            AnswerConvocation { go: true },
            AnswerConvocation { go: false },
            PlayFate { reveal: false },
            PlayFate { reveal: true },
            PlayHeroism {
                quest: Quest::BlackKnight,
            },
            PlayLadyOfTheLake,
            PlayMessenger { to: S1 },
            GiveCard { card },
            StopGiving,
            PlayPiety { others: false },
            PlayPiety { others: true },
            PlayClairvoyance,
            PutNext { index: 4 },
            PlayReinforcements { others: false },
            PlayReinforcements { others: true },
            ArthurExchange { to: S1, card },
            GiveBack { card },
            KayAddsCard { card },
            TakeCardFrom { seat: S2 },
            Join,
            Leave { seat: S1 },
            Pass,
        ]
    }

    fn events() -> Vec<Event> {
        use Event::*;
        let card = White::Fight4;
        vec![
            CardOffered { seat: S0, card },
            CardProposed {
                by: S0,
                card,
                to: S1,
            },
            ProposalAccepted { seat: S1 },
            ProposalRejected { seat: S2 },
            CardsShared {
                kind: ShareKind::Spoils,
                shares: vec![(S0, card), (S1, White::Grail)],
                at_random: false,
            },
            CardsShared {
                kind: ShareKind::Opening,
                shares: vec![(S2, White::Merlin)],
                at_random: true,
            },
            CardsShared {
                kind: ShareKind::Convocation,
                shares: vec![],
                at_random: false,
            },
            TurnBegins {
                seat: S0,
                turn: 3,
                traitor_turn: false,
            },
            TurnBegins {
                seat: S1,
                turn: 4,
                traitor_turn: true,
            },
            PercivalLooked { seat: S0, cards: 1 },
            PercivalLooked { seat: S0, cards: 2 },
            CardPutOnBottom { seat: S0 },
            BlackCardDrawn {
                seat: S1,
                card: Some(Black::Morgan3),
                kind: BlackKind::Other,
            },
            BlackCardDrawn {
                seat: S1,
                card: None,
                kind: BlackKind::LancelotDragon,
            },
            BlackCardShown {
                card: Black::BlackKnight5,
            },
            MerlinsCommitted { seat: S2, count: 2 },
            MerlinsTakenBack,
            CancelledByMerlins {
                card: Black::Vivien,
            },
            CancelledByExcalibur {
                seat: S0,
                card: Some(Black::Despair),
            },
            CancelledByExcalibur {
                seat: S0,
                card: None,
            },
            BlackCardObsolete {
                card: Black::Excalibur,
            },
            BlackCardPlaced {
                quest: Quest::Lancelot,
                card: Some(Black::LancelotDragon3),
                face_down: false,
            },
            BlackCardPlaced {
                quest: Quest::BlackKnight,
                card: None,
                face_down: true,
            },
            GrailCardDiscarded {
                by: Black::Desolation,
            },
            DespairCancelledByGrail,
            ExcaliburMoved { position: -2 },
            ExcaliburMoved { position: 4 },
            ExcaliburMoved { position: 5 },
            ExcaliburMoved { position: -5 },
            WarriorAdded {
                war: Quest::PictWar,
                warriors: 3,
            },
            WarriorRemoved {
                war: Quest::SaxonWar,
                warriors: 1,
            },
            MordredAttached {
                war: Quest::SaxonWar,
            },
            DarkForestInEffect,
            DarkForestEnds,
            VivienInEffect,
            VivienEnds,
            MistsOfAvalonInEffect,
            GuinevereCallsKnightsHome,
            Volunteered { seat: S1 },
            NoVolunteer,
            CardsDiscarded { seat: S2, count: 3 },
            SiegeEngineAdded { engines: 7 },
            SiegeEngineRemoved { engines: 6 },
            LifeChanged { seat: S0, life: 1 },
            LifeChanged { seat: S0, life: 5 },
            KnightFalls { seat: S1 },
            GrailSaves {
                owner: S0,
                seat: S1,
            },
            GrailSaves {
                owner: S2,
                seat: S2,
            },
            KnightDies { seat: S1 },
            QuestEnds {
                quest: Quest::Dragon,
                won: true,
                white_total: 21,
                black_total: 19,
                black_cards: vec![Black::LancelotDragon1, Black::LancelotDragon7],
                kay: Some(White::Fight5),
                winner: Some(S0),
                present: vec![S0, S1],
            },
            QuestEnds {
                quest: Quest::Grail,
                won: false,
                white_total: 0,
                black_total: 0,
                black_cards: vec![],
                kay: None,
                winner: None,
                present: vec![],
            },
            SwordsLaid {
                colour: Colour::White,
                count: 1,
            },
            SwordsLaid {
                colour: Colour::Black,
                count: 3,
            },
            SwordFlipped,
            RelicWon {
                relic: Relic::LancelotsArmor,
                seat: S0,
            },
            RelicRemoved {
                relic: Relic::Grail,
            },
            KnightMoved {
                seat: S1,
                to: Place::Grail,
                free: false,
            },
            KnightMoved {
                seat: S1,
                to: Place::Camelot,
                free: true,
            },
            SoloQuestAbandoned {
                quest: Quest::Lancelot,
                cards: 2,
            },
            WhiteCardsDrawn { seat: S2, count: 1 },
            WhiteCardsShown {
                cards: vec![card, card, White::Piety],
            },
            FightCardPlayed {
                seat: S0,
                quest: Quest::PictWar,
                card,
            },
            DiscardedForExcalibur { seat: S0 },
            GrailCardPlayed { seat: S1 },
            FightCardAdded { seat: S1, card },
            SiegeFight {
                seat: S1,
                cards: vec![card],
                roll: 6,
                kay: Some(White::Fight2),
                total: 7,
                won: true,
            },
            SiegeFight {
                seat: S1,
                cards: vec![],
                roll: 3,
                kay: None,
                total: 0,
                won: false,
            },
            Healed { seat: S2, life: 4 },
            Sacrificed { seat: S2, life: 1 },
            Accused {
                accuser: S0,
                target: S1,
                loyalty: Loyalty::Loyal,
            },
            Accused {
                accuser: S0,
                target: S2,
                loyalty: Loyalty::Traitor,
            },
            TraitorUnmasked { seat: S2 },
            SpecialCardPlayed {
                seat: S0,
                card: White::Reinforcements,
            },
            ConvocationAnswered { seat: S1, go: true },
            ConvocationAnswered {
                seat: S1,
                go: false,
            },
            HeroismLaid {
                quest: Quest::Excalibur,
            },
            CardsGiven {
                from: S0,
                to: S1,
                count: 2,
            },
            ArthurExchanged {
                arthur: S0,
                with: S2,
            },
            ClairvoyanceUsed { seat: S0, cards: 5 },
            TraitorTookCard {
                traitor: S2,
                from: S0,
            },
            KayAddedCard { card },
            SquireKnighted {
                seat: S1,
                knight: Knight::SirPalamedes,
            },
            LoyaltyCardsLookedAt,
            KnightJoins {
                seat: S1,
                knight: Knight::SirTristan,
            },
            KnightLeaves { seat: S2 },
            DecksReshuffled,
            EndReveal {
                traitor: Some(S2),
                flipped: 2,
            },
            EndReveal {
                traitor: None,
                flipped: 0,
            },
            GameOver {
                winner: Side::Evil,
                reason: EndReason::SiegeEngines,
            },
            Private {
                seat: S0,
                private: PrivateEvent::CardTaken { card },
            },
        ]
    }

    fn privates() -> Vec<PrivateEvent> {
        use PrivateEvent::*;
        vec![
            BlackCards {
                cards: vec![Black::Morgan1, Black::Picts],
            },
            WhiteCardsDrawn {
                cards: vec![White::Fight1, White::Fight1, White::Grail],
            },
            WhiteCardsReceived {
                from: S1,
                cards: vec![White::Messenger],
            },
            CardsDiscarded {
                cards: vec![White::Fight2],
            },
            CardTaken {
                card: White::Heroism,
            },
            Loyalty {
                loyalty: camelot_board::Loyalty::Loyal,
            },
            Loyalty {
                loyalty: camelot_board::Loyalty::Traitor,
            },
        ]
    }

    fn rule_errors() -> Vec<RuleError> {
        use RuleError::*;
        let card = White::Fight2;
        vec![
            GameOver,
            NoSuchSeat { seat: Seat(9) },
            NotYourDecision {
                seat: S0,
                decider: Some(S1),
            },
            NotYourDecision {
                seat: S0,
                decider: None,
            },
            NotNow,
            CardNotHeld { card },
            NotAFightCard { card: White::Piety },
            HandFull,
            NoSiegeEngine,
            NotThere,
            QuestNotInPlay {
                quest: Quest::Dragon,
            },
            SoloQuestTaken {
                quest: Quest::BlackKnight,
            },
            AlreadyThere,
            PatternBroken { card },
            NotTheNextValue { card },
            DarkForest,
            VivienInEffect,
            SameActionType,
            OneSpecialCardPerTurn,
            NoActionLeft,
            MustAct,
            FullLife,
            AccusationThreshold,
            AlreadyAccused,
            BadTarget { seat: S2 },
            NothingToRemove,
            NotYourKnight,
            NoCardToDraw,
            BadIndex { index: 7 },
            TooManyMerlins,
            BadChoice,
            TableFull,
        ]
    }

    fn setup_errors() -> Vec<SetupError> {
        use SetupError::*;
        vec![
            PlayerCount { players: 9 },
            KnightsPerSeat {
                players: 4,
                found: 3,
            },
            KnightTwice {
                knight: Knight::SirKay,
            },
            FirstSeat { seat: Seat(8) },
            HandsPerSeat {
                players: 4,
                found: 5,
            },
            LoyaltyPerSeat {
                players: 4,
                found: 2,
            },
            TooManyWhite { card: White::Fate },
            TooManyBlack {
                card: Black::Mordred,
            },
            TooManyTraitors,
            TooManyLoyal,
            WhiteDeckWithoutHands,
            SquireLife { life: 9 },
            SwordsOnTheTable { white: 6, black: 7 },
            SiegeEnginesOnTheBoard { engines: 12 },
        ]
    }

    /// Each decision, with the phase it comes in and who decides.
    fn pendings() -> Vec<(PendingView, Phase, Option<Seat>)> {
        use PendingView::*;
        let mut out = vec![];
        for phase in [
            Phase::Opening,
            Phase::ProgressionOfEvil,
            Phase::AfterEvil,
            Phase::HeroicActions,
            Phase::TraitorTakes,
            Phase::TraitorEvil,
            Phase::AfterTraitor,
            Phase::Over,
        ] {
            out.push((Turn, phase, Some(S0)));
        }
        let more = [
            OpeningGesture {
                offered: vec![White::Grail],
            },
            Share {
                kind: ShareKind::Spoils,
                cards: vec![White::Fight1; 7],
                lead: S0,
                proposal: vec![S1],
                accepting: false,
                choosing_lead: false,
            },
            Share {
                kind: ShareKind::Convocation,
                cards: vec![White::Fight1],
                lead: S0,
                proposal: vec![S1],
                accepting: true,
                choosing_lead: false,
            },
            Share {
                kind: ShareKind::Opening,
                cards: vec![White::Fight1; 3],
                lead: S0,
                proposal: vec![],
                accepting: false,
                choosing_lead: true,
            },
            ArmorChoice { drawer: S1 },
            PercivalBottom,
            Volunteer {
                morgan: 2,
                drawer: S0,
            },
            Volunteer {
                morgan: 5,
                drawer: S0,
            },
            Discard {
                left: 2,
                cause: DiscardCause::Fate { traitor: S2 },
            },
            Discard {
                left: 3,
                cause: DiscardCause::Morgan2Volunteer,
            },
            Discard {
                left: 1,
                cause: DiscardCause::NoVolunteer { morgan: 5 },
            },
            GrailRescue { dying: S2 },
            GrailRescue { dying: S1 },
            KayCard {
                quest: Quest::Lancelot,
                white: 12,
                black: 13,
            },
            SiegeFight {
                fighter: S1,
                cards: vec![White::Fight3, White::Fight4],
                roll: None,
            },
            SiegeFight {
                fighter: S1,
                cards: vec![],
                roll: Some(5),
            },
            Convocation { player: S0 },
            Messenger {
                from: S0,
                to: S2,
                given: 1,
            },
            Clairvoyance {
                player: S0,
                cards: 4,
            },
            ArthurExchange { arthur: S0 },
        ];
        out.extend(
            more.into_iter()
                .map(|p| (p, Phase::HeroicActions, Some(S1))),
        );
        for stage in [
            BlackCardStage::FaceChoice,
            BlackCardStage::Merlins,
            BlackCardStage::Excalibur,
            BlackCardStage::WarChoice,
        ] {
            let hidden = stage == BlackCardStage::FaceChoice;
            out.push((
                BlackCard {
                    drawer: S0,
                    card: (!hidden).then_some(Black::Mercenaries),
                    kind: BlackKind::Other,
                    face_down: false,
                    stage,
                    merlins: 1,
                    morgan3: false,
                },
                Phase::AfterEvil,
                Some(S2),
            ));
        }
        out
    }

    /// The samples above hold every variant the engine has (a new one fails here until it has a
    /// sample, and in words.rs until it has words).
    #[test]
    fn the_samples_hold_every_engine_variant() {
        covers(
            &actions(),
            "type",
            variants::<Action>(r#"{"type":"?"}"#),
            "Action",
        );
        covers(
            &events(),
            "event",
            variants::<Event>(r#"{"event":"?"}"#),
            "Event",
        );
        covers(
            &privates(),
            "saw",
            variants::<PrivateEvent>(r#"{"saw":"?"}"#),
            "PrivateEvent",
        );
        covers(
            &rule_errors(),
            "error",
            variants::<RuleError>(r#"{"error":"?"}"#),
            "RuleError",
        );
        covers(
            &setup_errors(),
            "error",
            variants::<SetupError>(r#"{"error":"?"}"#),
            "SetupError",
        );
        let steps: Vec<PendingView> = pendings().into_iter().map(|p| p.0).collect();
        covers(
            &steps,
            "step",
            variants::<PendingView>(r#"{"step":"?"}"#),
            "PendingView",
        );
        let phases: Vec<Phase> = pendings().iter().map(|p| p.1).collect();
        covers(&phases, "", variants::<Phase>(r#""?""#), "Phase");
    }

    /// Every card, knight, quest, place, relic, phase, option, action, event, refusal, end and
    /// decision has words in every language, with every placeholder filled.
    #[test]
    fn everything_has_words_in_every_language() {
        let names = names();
        for lang in Lang::ALL {
            speak(lang);
            for c in White::ALL {
                sound(&white_name(c), &c);
                sound(&white_effect(c), &c);
            }
            for c in Black::ALL {
                sound(&black_name(c), &c);
                sound(&black_effect(c), &c);
            }
            sound(black_obsolete_effect(), &"obsolete");
            for k in [
                BlackKind::BlackKnight,
                BlackKind::LancelotDragon,
                BlackKind::Other,
            ] {
                sound(black_kind_name(k), &k);
            }
            for k in Knight::ALL {
                sound(knight_name(k), &k);
                sound(&knight_power(Some(k)), &k);
            }
            sound(knight_or_squire(None), &"squire");
            let deeds = Deeds {
                siege_engines_added: 1,
                black_cards_drawn: 2,
                placed_face_down: 3,
                life_lost_to_evil: 4,
                quests_won: 5,
                quests_lost: 1,
                quest_cards_played: 21,
                siege_engines_removed: 2,
            };
            let lines = deeds_lines(&deeds);
            assert_eq!(lines.len(), 8, "one line per deed");
            for line in &lines {
                sound(line, &deeds);
            }
            assert!(deeds_lines(&Deeds::default()).is_empty());
            sound(&knight_power(None), &"squire");
            for q in Quest::ALL {
                sound(quest_name(q), &q);
            }
            for p in Place::ALL {
                sound(place_name(p), &p);
                sound(place_to(p), &p);
                sound(place_at(p), &p);
            }
            for r in Relic::ALL {
                sound(relic_name(r), &r);
            }
            for l in [Loyalty::Loyal, Loyalty::Traitor] {
                sound(loyalty_name(l), &l);
            }
            for (_, phase, _) in pendings() {
                sound(phase_name(phase), &phase);
            }
            for side in [Side::Loyal, Side::Evil] {
                sound(side_line(side), &side);
                for reason in [
                    EndReason::SiegeEngines,
                    EndReason::BlackSwords,
                    EndReason::LoyalKnightsDead,
                    EndReason::Swords,
                ] {
                    sound(&end_reason_line(reason), &reason);
                    sound(
                        &outcome_line(&Outcome {
                            winner: side,
                            reason,
                        }),
                        &reason,
                    );
                }
            }
            for k in [
                ShareKind::Opening,
                ShareKind::Spoils,
                ShareKind::Convocation,
            ] {
                sound(share_kind_name(k), &k);
            }
            for r in [
                TraitorRule::Standard,
                TraitorRule::NoTraitor,
                TraitorRule::AmongUs,
            ] {
                sound(traitor_rule_name(r), &r);
            }
            for a in actions() {
                sound(&action_label(&a, &names), &a);
                sound(&action_line(&a, S1, &names), &a);
            }
            for e in events() {
                match event_line(&e, &names) {
                    Some(line) => sound(&line, &e),
                    None => assert!(!e.is_public(), "{e:?} has no line"),
                }
            }
            for p in privates() {
                sound(&private_line(&p, &names), &p);
            }
            for e in rule_errors() {
                sound(&error_reason(&e, &names), &e);
            }
            for e in setup_errors() {
                sound(&setup_error_reason(&e), &e);
            }
            for (p, phase, decider) in pendings() {
                sound(&pending_what(&p, phase, decider, &names), &p);
                sound(pass_label(Some(&p)), &p);
                if let PendingView::BlackCard { stage, .. } = p {
                    sound(black_card_stage_name(stage), &stage);
                }
            }
        }
        speak(Lang::En);
    }

    /// Card and knight names are those of the board game's rules text in each language
    /// (public/i18n/board-rules.<code>.txt, `[card code] Name` and `[knight code] Name`).
    #[test]
    fn names_are_the_rules_texts_names() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public/i18n");
        for lang in Lang::ALL {
            speak(lang);
            let rules =
                std::fs::read_to_string(dir.join(format!("board-rules.{}.txt", lang.code())))
                    .unwrap();
            let named = |kind: &str, code: &str| -> String {
                let head = format!("[{kind} {code}] ");
                rules
                    .lines()
                    .find_map(|l| l.strip_prefix(&head))
                    .unwrap_or_else(|| panic!("{}: no {head}", lang.code()))
                    .trim()
                    .to_string()
            };
            let code = |v: &dyn erased::Code| v.code();
            for c in White::ALL {
                assert_eq!(white_name(c), named("card", &code(&c)), "{}", lang.code());
            }
            for c in Black::ALL {
                assert_eq!(black_name(c), named("card", &code(&c)), "{}", lang.code());
            }
            for k in Knight::ALL {
                assert_eq!(
                    knight_name(k),
                    named("knight", &code(&k)),
                    "{}",
                    lang.code()
                );
            }
        }
        speak(Lang::En);
    }

    mod erased {
        /// A value's serde name (the card codes of the rules texts).
        pub trait Code {
            fn code(&self) -> String;
        }
        impl<T: serde::Serialize> Code for T {
            fn code(&self) -> String {
                serde_json::to_value(self)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_string()
            }
        }
    }

    /// What players read, in English: the examples of the words' doc comments.
    #[test]
    fn english_lines_read_as_a_player_says_them() {
        speak(Lang::En);
        let names = names();
        let moved = Action::Move { to: Place::Grail };
        assert_eq!(action_label(&moved, &names), "Move to the Holy Grail");
        assert_eq!(
            action_line(&moved, S1, &names),
            "Bo moves to the Holy Grail"
        );
        assert_eq!(
            error_reason(&RuleError::SameActionType, &names),
            "You have already taken an action of that kind this turn."
        );
        assert_eq!(
            error_reason(
                &RuleError::NotYourDecision {
                    seat: S0,
                    decider: Some(S2)
                },
                &names
            ),
            "It is Cy's decision."
        );
        assert_eq!(black_name(Black::LancelotDragon5), "Lancelot/Dragon 5/9");
        assert_eq!(white_name(White::Fight5), "Fight 5");
        assert_eq!(
            event_line(
                &Event::FightCardPlayed {
                    seat: S0,
                    quest: Quest::Dragon,
                    card: White::Fight2
                },
                &names
            )
            .unwrap(),
            "Ann plays Fight 2 at the Dragon"
        );
        assert_eq!(
            event_line(
                &Event::BlackCardDrawn {
                    seat: S2,
                    card: None,
                    kind: BlackKind::BlackKnight
                },
                &names
            )
            .unwrap(),
            "Cy draws a Black Knight card",
            "a card that may still go face down shows only its kind"
        );
        assert_eq!(
            white_list(&[White::Fight3, White::Grail, White::Fight3, White::Merlin]),
            "2 × Fight 3, Grail and Merlin"
        );
        assert_eq!(seat_name(&names, Seat(8)), "Seat 9");
        assert_eq!(
            pass_label(Some(&PendingView::GrailRescue { dying: S1 })),
            "Keep the Grail"
        );
        assert_eq!(
            outcome_line(&Outcome {
                winner: Side::Loyal,
                reason: EndReason::Swords
            }),
            "The Loyal knights win! 12 swords on the Round Table: the count decides."
        );
    }

    /// A knight's move reads right in every language (the way there is each language's own).
    #[test]
    fn every_language_says_where_a_knight_goes() {
        let names = names();
        let moved = Action::Move { to: Place::Grail };
        for (lang, line) in [
            (Lang::En, "Bo moves to the Holy Grail"),
            (Lang::Fr, "Bo va au Saint Graal"),
            (Lang::De, "Bo zieht zum Heiligen Gral"),
            (Lang::Nl, "Bo gaat naar de Heilige Graal"),
            (Lang::Cs, "Bo jde ke Svatému grálu"),
        ] {
            speak(lang);
            assert_eq!(action_line(&moved, S1, &names), line);
        }
        speak(Lang::En);
    }

    /// Counts take each language's plural form: Czech has three, French puts 0 with 1.
    #[test]
    fn counts_take_each_languages_plural_form() {
        let names = names();
        let drawn =
            |n: u8| event_line(&Event::WhiteCardsDrawn { seat: S0, count: n }, &names).unwrap();
        speak(Lang::En);
        assert_eq!(drawn(1), "Ann draws 1 white card");
        assert_eq!(drawn(3), "Ann draws 3 white cards");
        speak(Lang::Cs);
        assert_eq!(drawn(1), "Ann lízne 1 bílou kartu");
        assert_eq!(drawn(3), "Ann lízne 3 bílé karty");
        assert_eq!(drawn(5), "Ann lízne 5 bílých karet");
        speak(Lang::Fr);
        assert_eq!(drawn(0), "Ann pioche 0 carte blanche");
        assert_eq!(drawn(2), "Ann pioche 2 cartes blanches");
        speak(Lang::En);
    }

    /// The end's summary says the turns played, the swords, the siege engines and the
    /// quests won and lost, in every language.
    #[test]
    fn the_end_summary_counts_turns_swords_engines_and_quests() {
        let mut v = Game::new(&Setup::new(4, 1)).unwrap().table_view();
        v.turn = 41;
        v.swords = camelot_board::Swords { white: 5, black: 7 };
        v.siege_engines = 9;
        v.tally[Quest::PictWar.index()] = camelot_board::QuestTally { won: 2, lost: 1 };
        v.tally[Quest::Excalibur.index()].won = 1;
        speak(Lang::En);
        assert_eq!(
            end_summary(&v),
            [
                "41 turns played",
                "5 white and 7 black swords on the Round Table",
                "Siege engines: 9 of 12",
                "Quests won: Excalibur, Pict War ×2",
                "Quests lost: Pict War",
            ]
        );
        v.tally = Default::default();
        assert_eq!(end_summary(&v)[3], "Quests won: none");
        for lang in Lang::ALL {
            speak(lang);
            for line in end_summary(&v) {
                sound(&line, &"end summary");
            }
        }
        speak(Lang::En);
    }

    /// Whole games with every seat choosing at random among its legal actions: every label,
    /// line, event, secret and decision on the way has words in every language.
    #[test]
    fn random_games_are_worded_in_every_language() {
        let names = names();
        let mut reasons = Vec::new();
        for seed in 1..=8u64 {
            let mut setup = Setup::new(4, seed);
            setup.options.join_and_leave = seed % 3 == 0;
            let mut game = Game::new(&setup).unwrap();
            let mut pick = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut rng = camelot_kit::rng_from_seed(seed);
            let mut steps = Vec::new();
            for _ in 0..3000 {
                let Some(seat) = game.decider() else { break };
                let view = game.seat_view(seat);
                // Even seeds: the built-in computer knight plays every seat and says why.
                if seed % 2 == 0 {
                    let (i, reason) = SimplePolicy
                        .choose_with_reason(&game.glimpse(seat), &view.legal_actions, &mut rng)
                        .expect("the policy chooses a legal action");
                    let action = view.legal_actions[i];
                    reasons.push(reason);
                    let events = game.apply(seat, action).unwrap();
                    steps.push((view, seat, action, events));
                    continue;
                }
                // At random, but not toward a quick death: losing life and leaving only when
                // nothing else is offered, so games run long and see much of the rules.
                let mut legal = view.legal_actions.clone();
                let lasting = |a: &Action| {
                    !matches!(
                        a,
                        Action::LoseLife | Action::Sacrifice | Action::Leave { .. }
                    )
                };
                if legal.iter().any(lasting) {
                    legal.retain(lasting);
                }
                pick ^= pick << 13;
                pick ^= pick >> 7;
                pick ^= pick << 17;
                let action = legal[(pick % legal.len() as u64) as usize];
                let events = game.apply(seat, action).unwrap();
                steps.push((view, seat, action, events));
            }
            for lang in Lang::ALL {
                speak(lang);
                for (view, seat, action, events) in &steps {
                    if let Some(line) = pending_line(&view.table, &names) {
                        sound(&line, &view.table.pending);
                    }
                    sound(&action_label(action, &names), action);
                    sound(&action_line(action, *seat, &names), action);
                    for e in events {
                        match e {
                            Event::Private { private, .. } => {
                                sound(&private_line(private, &names), private)
                            }
                            e => sound(&event_line(e, &names).unwrap(), e),
                        }
                    }
                }
            }
        }
        let kinds: BTreeSet<String> = reasons.iter().map(|r| tag(r, "reason")).collect();
        assert!(kinds.len() > 10, "the computer knights gave {kinds:?}");
        for lang in Lang::ALL {
            speak(lang);
            for r in &reasons {
                sound(&reason_line(r, &names), r);
            }
        }
        speak(Lang::En);
    }

    fn reasons() -> Vec<Reason> {
        use Reason::*;
        let card = White::Fight2;
        let war = Quest::SaxonWar;
        vec![
            OnlyChoice,
            DrawsBlackCard { risk: 35 },
            DrawsBlackCard { risk: 120 },
            DrawsSeenCard {
                card: Black::BlackKnight7,
            },
            AddsSiegeEngine { engines: 4 },
            LosesLife { life: 5 },
            LooksAtTopCard,
            Heals { life: 1 },
            FightsSiegeEngine {
                engines: 9,
                cards: 7,
            },
            DrawsWhiteCards { hand: 2 },
            GoesTo {
                place: Place::Grail,
            },
            GoesToWar { war, warriors: 2 },
            FightsWar { war, warriors: 3 },
            FightsQuest {
                quest: Quest::Lancelot,
                card,
            },
            PlaysGrailCard { despairs: 1 },
            PushesExcalibur { position: -1 },
            RemovesSiegeEngine { engines: 10 },
            RemovesWarrior { war, warriors: 3 },
            RemovesBlackCard {
                quest: Quest::BlackKnight,
            },
            PlaysCard { card: White::Piety },
            RevealsHimself,
            Sacrifices { life: 3 },
            ExchangesCards,
            Accuses {
                target: S2,
                clue: Clue::Hoards { cards: 11 },
            },
            EndsTurn,
            PlacesFaceDown,
            PlacesFaceUp,
            CommitsMerlins {
                card: Black::Morgan4,
            },
            CancelsWithExcalibur {
                card: Black::BlackKnight5,
            },
            LetsCardThrough,
            SendsToWar { war, warriors: 0 },
            Volunteers { morgan: 5 },
            SavesWithGrail { dying: S1 },
            AddsKayCard { card },
            AddsToSiegeFight { card, total: 6 },
            RollsSiegeDie { total: 8 },
            GivesLeastUseful {
                card: White::Reinforcements,
            },
            KeepsMilderCard,
            TakesFromFullestHand { seat: S1, cards: 9 },
            GoesAlong,
            StaysPut,
            Passes,
        ]
    }

    fn clues() -> Vec<Clue> {
        use Clue::*;
        vec![
            AddedSiegeEngines { count: 3 },
            FewQuestCards { count: 1 },
            FewSiegeEnginesRemoved { count: 0 },
            Hoards { cards: 12 },
            FalseAccusation,
            SparesHisLife { count: 2 },
            DrewBlackCards { count: 5 },
        ]
    }

    /// Every reason a computer knight gives and every clue it accuses on has words in every
    /// language, and none names a card the table may not see.
    #[test]
    fn computer_knights_say_why_in_every_language() {
        covers(
            &reasons(),
            "reason",
            variants::<Reason>(r#"{"reason":"?"}"#),
            "Reason",
        );
        covers(
            &clues(),
            "clue",
            variants::<Clue>(r#"{"clue":"?"}"#),
            "Clue",
        );
        let names = names();
        for lang in Lang::ALL {
            speak(lang);
            for r in reasons() {
                sound(&reason_line(&r, &names), &r);
            }
            for c in clues() {
                sound(&clue_line(&c), &c);
            }
            // Hidden cards: the one Percival saw, one given away, one cancelled face down.
            for (r, hidden) in [
                (
                    Reason::DrawsSeenCard {
                        card: Black::BlackKnight7,
                    },
                    black_name(Black::BlackKnight7),
                ),
                (
                    Reason::GivesLeastUseful {
                        card: White::Reinforcements,
                    },
                    white_name(White::Reinforcements),
                ),
                (
                    Reason::CancelsWithExcalibur {
                        card: Black::BlackKnight5,
                    },
                    black_name(Black::BlackKnight5),
                ),
            ] {
                let line = reason_line(&r, &names);
                assert!(!line.contains(&hidden), "{}: {line}", lang.code());
            }
        }
        speak(Lang::En);
        assert_eq!(
            reason_line(&Reason::DrawsBlackCard { risk: 35 }, &names),
            "a black card costs least now (black swords to expect: 0.35)"
        );
        assert_eq!(
            reason_line(
                &Reason::Accuses {
                    target: S2,
                    clue: Clue::AddedSiegeEngines { count: 3 }
                },
                &names
            ),
            "I suspect Cy: added 3 siege engines"
        );
        speak(Lang::De);
        assert_eq!(
            reason_line(&Reason::DrawsBlackCard { risk: 120 }, &names),
            "eine schwarze Karte kostet jetzt am wenigsten (zu erwartende schwarze Schwerter: 1,20)"
        );
        speak(Lang::En);
    }
}
