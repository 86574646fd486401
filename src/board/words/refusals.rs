//! Refusals in words: why an action was refused, why a game could not be set up, and which types
//! of Heroic Action are closed now.

use super::cards::{black_name, knight_name, quest_name, seat_name, white_name};
use crate::board::i18n::B;
use crate::i18n::{t, tf};
use camelot_board::data::{
    DRAW_LIMIT, HAND_SIZE, LOYAL_CARDS, MAX_LIFE, MAX_PLAYERS, MIN_PLAYERS, TRAITOR_CARDS,
};
use camelot_board::{HeroicType, Quest, RuleError, SetupError, White};

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
        SetupError::SquireCards { cards } => {
            tf(B::setup_squire_cards, &[("max", &HAND_SIZE), ("n", &cards)])
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
