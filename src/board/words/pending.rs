//! What is being decided, in words: the table's line for the decision at hand.

use super::cards::{black_seen, quest_name, seat_name, white_name};
use super::turn::share_kind_name;
use crate::board::i18n::B;
use crate::i18n::{t, tf, tn};
use camelot_board::data::{MESSENGER_MAX, MORGAN2_DISCARD, MORGAN5_LIFE};
use camelot_board::{BlackCardStage, DiscardCause, PendingView, Phase, Seat, TableView};

/// "‹who›: ‹what is being decided›" for the table (`None` once the game is over). Under the status
/// line ("Turn 35: Ann · Heroic Actions") it says only what that line does not: nothing at the
/// Heroic Actions of the knight whose turn it is, and his Progression of Evil's three choices
/// without the phase's name again.
pub fn pending_line(view: &TableView, names: &[String]) -> Option<String> {
    let pending = view.pending.as_ref()?;
    let own_turn = *pending == PendingView::Turn && view.decider == Some(view.current);
    let traitors_turn = matches!(view.phase, Phase::TraitorTakes | Phase::TraitorEvil);
    let what = match view.phase {
        Phase::ProgressionOfEvil if own_turn => t(B::pending_evil_choices).into(),
        _ if own_turn && !traitors_turn => return None,
        _ => pending_what(pending, view.phase, view.decider, names),
    };
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
            proposal,
            accepting,
            choosing_lead,
        } => {
            let kind = share_kind_name(*kind);
            if *choosing_lead {
                tf(B::pending_share_choose_lead, &[("kind", &kind)])
            } else if *accepting {
                // The whole proposal, card by card: every card lies face up.
                let list: Vec<String> = cards
                    .iter()
                    .zip(proposal)
                    .map(|(&card, &to)| {
                        tf(
                            B::share_card_to,
                            &[("card", &white_name(card)), ("name", &seat_name(names, to))],
                        )
                    })
                    .collect();
                tf(
                    B::pending_share_accept,
                    &[("kind", &kind), ("proposal", &list.join("; "))],
                )
            } else {
                // The card to give next, named (it lies face up).
                let next = cards
                    .get(proposal.len())
                    .map(|&c| white_name(c))
                    .unwrap_or_default();
                tn(
                    B::pending_share_propose,
                    cards.len() as i64,
                    &[("kind", &kind), ("card", &next), ("given", &proposal.len())],
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
