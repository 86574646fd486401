//! Actions in words: what a button says, what the log says a seat did, and the reason a computer
//! knight gives the table for its choice.

use super::cards::{black_name, place_at, place_to, seat_name, white_name};
use crate::board::i18n::B;
use crate::i18n::{t, tf, tn};
use camelot_board::data::{PIETY_SELF, REINFORCEMENTS_DRAW};
use camelot_board::sim::{Clue, Reason};
use camelot_board::{Action, BlackCardStage, PendingView, Quest, Seat, White};

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
        Reason::LosesLife { .. } => t(B::why_loses_life).into(),
        Reason::LooksAtTopCard => t(B::why_looks_at_top_card).into(),
        Reason::Heals { life } => n(B::why_heals, life),
        Reason::FightsSiegeEngine { engines, cards } => tf(
            B::why_fights_siege_engine,
            &[("engines", &engines), ("cards", &cards)],
        ),
        Reason::DrawsWhiteCards { hand } => n(B::why_draws_white_cards, hand),
        Reason::GoesTo { .. } => t(B::why_goes_to).into(),
        Reason::GoesToWar { warriors, .. } => n(B::why_goes_to_war, warriors),
        Reason::FightsWar { warriors, .. } => n(B::why_fights_war, warriors),
        Reason::FightsQuest { .. } => t(B::why_fights_quest).into(),
        Reason::PlaysGrailCard { despairs } => n(B::why_plays_grail_card, despairs),
        Reason::PushesExcalibur { position } => {
            let steps = i32::from(camelot_board::data::EXCALIBUR_END) - i32::from(position);
            tf(B::why_pushes_excalibur, &[("n", &steps)])
        }
        Reason::RemovesSiegeEngine { engines } => n(B::why_removes_siege_engine, engines),
        Reason::RemovesWarrior { warriors, .. } => n(B::why_removes_warrior, warriors),
        Reason::RemovesBlackCard { .. } => t(B::why_removes_black_card).into(),
        Reason::PlaysCard { .. } => t(B::why_plays_card).into(),
        Reason::RevealsHimself => t(B::why_reveals_himself).into(),
        Reason::Sacrifices { .. } => t(B::why_sacrifices).into(),
        Reason::ExchangesCards { to, place } => tf(
            B::why_exchanges_cards,
            &[("other", &name(to)), ("at", &place_at(place))],
        ),
        Reason::Accuses {
            target,
            percent,
            clue,
        } => tf(
            B::why_accuses,
            &[
                ("other", &name(target)),
                ("percent", &percent),
                ("clue", &clue_line(&clue)),
            ],
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
        Reason::AddsKayCard { .. } => t(B::why_adds_kay_card).into(),
        Reason::AddsToSiegeFight { total, .. } => n(B::why_adds_to_siege_fight, total),
        Reason::RollsSiegeDie { .. } => t(B::why_rolls_siege_die).into(),
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

/// The white card an action plays (a special card, or Merlins offered to cancel a black card), if
/// any: its effect is shown beside the choice, so that nobody has to know the card by heart.
pub fn action_card(action: &Action) -> Option<White> {
    match action {
        Action::CommitMerlins { .. } => Some(White::Merlin),
        a => a.special_card(),
    }
}

/// What an action sets going that cannot be taken back, said beside its button before it is
/// chosen: a siege fight, once begun, ends with the die (the engine offers no way out of it).
pub fn action_note(action: &Action) -> Option<String> {
    match action {
        Action::FightSiegeEngine => Some(t(B::note_fight_siege_engine).into()),
        _ => None,
    }
}
