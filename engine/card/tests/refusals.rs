//! Refused actions are data: each refusal names its case and carries no words (the app says it in
//! the player's language; `Display` is for developers). One test per reason not already checked by
//! the rule it belongs to in `rules.rs` or `rules_expert.rs`.

mod table;

use camelot_card::{
    AccusationRefusal, Action, BadChoiceReason, Decision, Knight, NotNowReason, Options, Quest,
    RuleError, Seat,
};
use table::*;

fn refused(g: &camelot_card::Game, seat: Seat, action: Action) -> RuleError {
    let mut probe = g.clone();
    probe
        .apply(seat, action)
        .expect_err("the action is refused")
}

#[test]
fn a_player_never_accuses_himself() {
    let mut g = game(
        3,
        Some(2),
        &["grail:2", "picts:2", "dragon:2", "excalibur:2", "grail:3"],
    );
    // Four baseless quests: four black swords, so accusing is open.
    for _ in 0..4 {
        listen(&mut g, 1);
        let q = g.allowed_quests()[0];
        quest(&mut g, q);
    }
    let (seat, _) = g.decider().unwrap();
    assert_eq!(g.accusation_refusal(seat), None);
    assert_eq!(
        refused(&g, seat, Action::Accuse { target: seat }),
        RuleError::AccusationNotAllowed {
            reason: AccusationRefusal::Themselves
        }
    );
}

#[test]
fn accusing_with_fewer_than_four_swords_says_why() {
    let g = game(3, Some(2), &["grail:2"]);
    assert_eq!(
        g.accusation_refusal(Seat(0)),
        Some(AccusationRefusal::TooFewSwords)
    );
    assert_eq!(
        refused(&g, Seat(0), Action::Accuse { target: Seat(1) }),
        RuleError::AccusationNotAllowed {
            reason: AccusationRefusal::TooFewSwords
        }
    );
}

/// A player holding both Tristan cards still plays Tristan once in a turn.
#[test]
fn tristan_is_played_once_in_a_turn() {
    let (loyalty, aside) = seats(2, None);
    let expert = Options {
        knights_to_the_rescue: true,
        ..Options::default()
    };
    let mut g = dealt(
        loyalty,
        aside,
        &["grail:2", "dragon:2", "picts:3", "saxons:3"],
        expert,
        &[],
        &[Knight::Tristan, Knight::Tristan],
    );
    // Seat 1 goes on two baseless quests and draws both Tristans.
    for _ in 0..2 {
        listen(&mut g, 1);
        let q = g.allowed_quests()[0];
        quest(&mut g, q);
        while g.decider().is_some_and(|(_, d)| d != Decision::Turn) {
            act(&mut g, Action::PassWindow);
        }
    }
    listen(&mut g, 1);
    assert_eq!(g.current(), Seat(1));
    act(&mut g, Action::PlayTristan);
    assert_eq!(
        refused(&g, Seat(1), Action::PlayTristan),
        RuleError::NotNow {
            reason: NotNowReason::TristanAlreadyPlayed
        }
    );
}

#[test]
fn passing_while_an_action_is_possible_is_refused() {
    let g = game(2, Some(1), &["grail:2"]);
    assert_eq!(
        refused(&g, Seat(0), Action::Pass),
        RuleError::NotNow {
            reason: NotNowReason::PassOnlyWhenNothingElse
        }
    );
}

#[test]
fn only_a_revealed_traitor_spreads_rumors() {
    let g = game(2, Some(1), &["grail:2"]);
    assert_eq!(
        refused(&g, Seat(0), Action::SpreadRumors),
        RuleError::NotNow {
            reason: NotNowReason::OnlyARevealedTraitorSpreadsRumors
        }
    );
}

#[test]
fn an_answer_to_another_decision_names_the_pending_one() {
    let g = game(2, Some(1), &["grail:2"]);
    assert_eq!(
        refused(&g, Seat(0), Action::PassWindow),
        RuleError::NotNow {
            reason: NotNowReason::OtherDecisionPending {
                pending: Decision::Turn
            }
        }
    );
    assert_eq!(
        refused(
            &g,
            Seat(0),
            Action::ChooseMerlin4Quest {
                quest: Quest::Grail
            }
        ),
        RuleError::NotNow {
            reason: NotNowReason::OtherDecisionPending {
                pending: Decision::Turn
            }
        }
    );
}

/// The serde form of every refusal is tags and numbers: no sentence a player could be shown.
#[test]
fn no_refusal_carries_words() {
    let refusals = [
        RuleError::NotNow {
            reason: NotNowReason::TristanAlreadyPlayed,
        },
        RuleError::NotNow {
            reason: NotNowReason::OtherDecisionPending {
                pending: Decision::ArthurWindow {
                    quester: Seat(1),
                    quest: Quest::Dragon,
                },
            },
        },
        RuleError::AccusationNotAllowed {
            reason: AccusationRefusal::NoOneLeft,
        },
        RuleError::BadChoice {
            reason: BadChoiceReason::CardZeroOrOne,
        },
    ];
    for r in refusals {
        let text = serde_json::to_string(&r).unwrap();
        assert!(!text.contains(' '), "{text}");
        let back: RuleError = serde_json::from_str(&text).unwrap();
        assert_eq!(back, r);
        // For developers, Display still says it in English.
        assert!(r.to_string().contains(' '));
    }
    assert_eq!(
        serde_json::to_string(&RuleError::AccusationNotAllowed {
            reason: AccusationRefusal::TooFewSwords
        })
        .unwrap(),
        r#"{"error":"accusation_not_allowed","reason":"too_few_swords"}"#
    );
}
