//! Seats, cards, knights, quests, places, relics and loyalty by name, and lists of them: the
//! words every other line of the board game is made of.

use crate::board::i18n::B;
use crate::i18n::{t, tf, tn};
use camelot_board::data::{
    CLAIRVOYANCE_CARDS, FATE_DISCARD, GAWAIN_DRAW, LADY_LIFE, MESSENGER_MAX, MORGAN2_DISCARD,
    MORGAN3_DRAWS, MORGAN4_ENGINES, MORGAN5_LIFE, PIETY_SELF, REINFORCEMENTS_DRAW,
};
use camelot_board::{Black, BlackKind, Deeds, Knight, Loyalty, Place, Quest, Relic, Seat, White};

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

/// "Fight 3" or "2 × Fight 3".
pub fn white_count(card: White, n: usize) -> String {
    match n {
        1 => white_name(card),
        _ => tf(B::cards_times, &[("n", &n), ("card", &white_name(card))]),
    }
}

/// Black cards as a list, in their order (top of the pile first, where it is a pile).
pub fn black_list(cards: &[Black]) -> String {
    let items: Vec<String> = cards.iter().map(|&c| black_name(c)).collect();
    join_and(&items)
}

/// Black cards whose order tells nothing (those a quest turned over, those face down on one
/// quest), identical ones together: "2 × Black Knight 1 and Black Knight 3".
pub fn black_counted_list(cards: &[Black]) -> String {
    let items: Vec<String> = kinds(cards)
        .into_iter()
        .map(|(card, n)| match n {
            1 => black_name(card),
            _ => tf(B::cards_times, &[("n", &n), ("card", &black_name(card))]),
        })
        .collect();
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
    kinds(cards)
}

/// Cards' kinds in the order they first come, with how many of each.
fn kinds<C: Copy + PartialEq>(cards: &[C]) -> Vec<(C, usize)> {
    let mut kinds: Vec<(C, usize)> = Vec::new();
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

/// What Morgan's card that calls for a volunteer does (Morgan 2 or 5): the volunteer's part, and
/// everyone's if nobody steps forward.
pub fn volunteer_effect(morgan: u8) -> String {
    black_effect(if morgan == 5 {
        Black::Morgan5
    } else {
        Black::Morgan2
    })
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
