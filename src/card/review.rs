//! Looking back at a finished Card Game, move by move: the swords and whose turn it was at that
//! step, every card face up now that nothing is secret (each player's Loyalty and Knight cards,
//! the whole Threats pile), what each has done, the move itself and the log up to it. The engine's
//! review replays the save and refuses a game still being played; this screen only renders what
//! it gives.

use super::cards::{CardFace, KnightFace, LoyaltyFace};
use super::log::log_turns;
use super::session::Session;
use super::swords::SwordTally;
use super::words::event_line;
use crate::i18n::{K, t, tf};
use crate::review::words::R;
use crate::review::{StepBar, Steps, heading, refused};
use camelot_card::review::{Review as Finished, Truth, step_truth};
use camelot_card::{Event, Seat, TableView};
use camelot_kit::NotFinished;
use leptos::prelude::*;
use std::sync::Arc;

/// The review screen of the saved game the shell was asked to show.
#[component]
pub fn Review() -> impl IntoView {
    crate::review::words::open();
    let shell = crate::shell::use_shell();
    let Some((id, _)) = shell.reviewing.get_untracked() else {
        return refused(t(R::not_over).to_string());
    };
    let session = match crate::storage::open::<Session>(&id) {
        Ok((session, _)) => session,
        Err(problem) => return refused(tf(R::cannot, &[("problem", &problem)])),
    };
    match camelot_card::review::review(session.setup, &session.actions) {
        Ok(finished) => view! {
            <Looking finished=Arc::new(finished) names=session.names first=session.setup.first />
        }
        .into_any(),
        Err(NotFinished::Running) => refused(t(R::not_over).to_string()),
        Err(NotFinished::Replay(e)) => refused(tf(R::cannot, &[("problem", &e)])),
    }
}

/// One step of a finished game: its table's view and everything face up.
#[derive(Clone, Debug, PartialEq)]
struct Step {
    view: TableView,
    truth: Truth,
}

/// A seat's name.
fn name_of(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| (seat.0 + 1).to_string())
}

#[component]
fn Looking(finished: Arc<Finished>, names: Vec<String>, first: Seat) -> impl IntoView {
    let steps = RwSignal::new(Steps::new(finished.turns().to_vec()));
    // Each move's public events.
    let events: Arc<Vec<Vec<Event>>> = Arc::new(
        finished
            .events()
            .iter()
            .map(|evs| evs.iter().filter(|e| e.is_public()).cloned().collect())
            .collect(),
    );
    let step = {
        let finished = finished.clone();
        Memo::new(move |_| {
            let (game, truth) = step_truth(&finished, steps.with(|s| s.at));
            Step {
                view: game.table_view(),
                truth,
            }
        })
    };
    let names = StoredValue::new(names);
    let this_move = {
        let events = events.clone();
        move || {
            let at = steps.with(|s| s.at);
            let Some(evs) = at.checked_sub(1).and_then(|i| events.get(i)) else {
                return vec![t(R::as_dealt).to_string()];
            };
            names.with_value(|n| {
                evs.iter()
                    .filter_map(|e| event_line(e, &|s| name_of(n, s)))
                    .collect()
            })
        }
    };
    let log = move || {
        let at = steps.with(|s| s.at);
        let so_far: Vec<Event> = events[..at].iter().flatten().cloned().collect();
        names.with_value(|n| log_turns(&so_far, first, &|s| name_of(n, s)))
    };
    let swords = Signal::derive(move || step.with(|s| s.view.swords));
    view! {
        <section class="review card-review" data-testid="review">
            {heading(&names.get_value())}
            <StepBar steps />
            <section class="review-move" aria-labelledby="review-move-title" data-testid="review-move">
                <h2 id="review-move-title">{t(R::this_move)}</h2>
                <ul>{move || this_move().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
            </section>
            <SwordTally swords />
            {move || names.with_value(|n| face_up(&step.get(), n))}
            <section class="review-log" aria-labelledby="review-log-title" data-testid="review-log">
                <h2 id="review-log-title">{t(R::log)}</h2>
                <ol>
                    {move || log().into_iter().map(|(heading, lines)| view! {
                        <li>
                            <h3>{heading}</h3>
                            <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                        </li>
                    }).collect_view()}
                </ol>
            </section>
        </section>
    }
}

/// Every card at the table face up, at one step.
fn face_up(step: &Step, names: &[String]) -> impl IntoView + use<> {
    let v = &step.view;
    let seats = v
        .seats
        .iter()
        .zip(&step.truth.seats)
        .map(|(s, truth)| {
            let i = s.seat.index();
            let knights = if truth.knights.is_empty() {
                view! { <span>{t(R::no_cards)}</span> }.into_any()
            } else {
                truth
                    .knights
                    .iter()
                    .map(|&k| view! { <KnightFace knight=k /> })
                    .collect_view()
                    .into_any()
            };
            view! {
                <li class="seat" class:current={s.seat == v.current}
                    data-testid=format!("review-seat-{i}")>
                    <span class="seat-name">{name_of(names, s.seat)}</span>
                    {(s.seat == v.current).then(|| view! {
                        <span class="badge turn">{t(K::table_badge_to_play)}</span>
                    })}
                    {s.has_accused.then(|| view! { <span class="badge">{t(K::table_has_accused)}</span> })}
                    <div class="review-cards">
                        {truth.loyalty.map(|l| view! {
                            <span data-testid="review-loyalty"><LoyaltyFace loyalty=l size="small" /></span>
                        })}
                    </div>
                    <p>{t(R::knight_cards)}</p>
                    <div class="review-cards" data-testid=format!("review-hand-{i}")>{knights}</div>
                </li>
            }
        })
        .collect_view();
    let pile = if step.truth.pile.is_empty() {
        view! { <p>{t(R::none)}</p> }.into_any()
    } else {
        view! {
            <div class="review-cards" data-testid="review-pile">
                {step.truth.pile.iter().map(|&c| view! { <CardFace card=c size="small" /> }).collect_view()}
            </div>
        }
        .into_any()
    };
    view! {
        <section class="review-face-up" aria-labelledby="review-face-up-title" data-testid="review-face-up">
            <h2 id="review-face-up-title">{t(R::face_up)}</h2>
            <ol class="seats review-seats">{seats}</ol>
            <h3>{t(R::pile)}</h3>
            {pile}
        </section>
    }
}
