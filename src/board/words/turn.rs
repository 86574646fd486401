//! The turn, the options and the end in words: phases, how cards are shared and loyalty dealt,
//! who won and why, and the end's numbers.

use super::cards::quest_name;
use crate::board::i18n::B;
use crate::i18n::{t, tf, tn};
use camelot_board::data::{BLACK_SWORDS_LOSE, SIEGE_ENGINES_LOSE, SWORDS_END};
use camelot_board::{
    BlackCardStage, EndReason, Outcome, Phase, Quest, ShareKind, Side, TableView, TraitorRule,
};

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
