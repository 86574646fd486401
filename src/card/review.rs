//! Looking back at a finished Card Game, move by move: the swords and whose turn it was at that
//! step, every card face up now that nothing is secret (each player's Loyalty and Knight cards,
//! the whole Threats pile), what each has done, the move itself and the log up to it. The engine's
//! review replays the save and refuses a game still being played; this screen only renders what
//! it gives.

use super::cards::{CardFace, KnightFace, LoyaltyFace};
use super::log::log_turns;
use super::session::Session;
use super::swords::SwordTally;
use super::words::{card_name, event_line, knight_name, swords_text};
use crate::i18n::{K, t, tf, tn};
use crate::review::words::R;
use crate::review::{StepBar, Steps, heading, refused};
use camelot_card::review::{Deeds, Review as Finished, Truth, step_deeds, step_truth};
use camelot_card::{Colour, Event, Loyalty, Seat, TableView};
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
            <Looking finished=Arc::new(finished) names=session.table.names first=session.setup.first />
        }
        .into_any(),
        Err(NotFinished::Running) => refused(t(R::not_over).to_string()),
        Err(NotFinished::Replay(e)) => refused(tf(R::cannot, &[("problem", &e)])),
    }
}

/// One step of a finished game: its table's view, everything face up, and what each player has
/// done so far (in seat order).
#[derive(Clone, Debug, PartialEq)]
struct Step {
    view: TableView,
    truth: Truth,
    deeds: Vec<Deeds>,
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
            let at = steps.with(|s| s.at);
            let (game, truth) = step_truth(&finished, at);
            Step {
                view: game.table_view(),
                truth,
                deeds: step_deeds(&finished, at),
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

/// What a player has done so far, in one short line (`None` before he has done anything).
fn deeds_line(d: &Deeds, name: &dyn Fn(Seat) -> String) -> Option<String> {
    let count = |k: R, n: u16| tn(k, n.into(), &[]);
    let swords = |colour: Colour, n: u16| swords_text(colour, u8::try_from(n).unwrap_or(u8::MAX));
    let mut parts = Vec::new();
    if d.laid > 0 {
        let laid = count(R::card_deeds_laid, d.laid);
        parts.push(if d.characters.is_empty() {
            laid
        } else {
            let cards: Vec<String> = d.characters.iter().map(|&c| card_name(c)).collect();
            tf(
                R::card_deeds_laid_among,
                &[("laid", &laid), ("cards", &cards.join(", "))],
            )
        });
    }
    if d.false_announcements > 0 {
        parts.push(count(R::card_deeds_false, d.false_announcements));
    }
    if d.rumors_spread > 0 {
        parts.push(count(R::card_deeds_spread, d.rumors_spread));
    }
    if d.quests > 0 {
        let how: Vec<String> = [
            (R::card_deeds_success, d.successes),
            (R::card_deeds_baseless, d.baseless),
            (R::card_deeds_defeat, d.defeats),
        ]
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(k, n)| count(k, n))
        .collect();
        parts.push(tn(
            R::card_deeds_quests,
            d.quests.into(),
            &[("how", &how.join(", "))],
        ));
        parts.push(count(R::card_deeds_faced, d.threats_faced));
        let brought: Vec<String> = [
            (Colour::White, d.white_swords),
            (Colour::Black, d.black_swords),
        ]
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(c, n)| swords(c, n))
        .collect();
        if !brought.is_empty() {
            parts.push(tf(R::card_deeds_swords, &[("swords", &brought.join(", "))]));
        }
    }
    if d.stopped_by_arthur > 0 {
        parts.push(count(R::card_deeds_stopped, d.stopped_by_arthur));
    }
    if d.knights_drawn > 0 {
        parts.push(count(R::card_deeds_knights_drawn, d.knights_drawn));
    }
    if !d.knights_played.is_empty() {
        let knights: Vec<&str> = d.knights_played.iter().map(|&k| knight_name(k)).collect();
        parts.push(tf(
            R::card_deeds_knights_played,
            &[("knights", &knights.join(", "))],
        ));
    }
    if d.exchanges > 0 {
        parts.push(count(R::card_deeds_exchanges, d.exchanges));
    }
    if let Some(a) = d.accusation {
        let target = name(a.target);
        let n = u16::from(a.swords);
        parts.push(match a.found {
            None => tf(R::card_deeds_accused, &[("target", &target)]),
            Some(Loyalty::Traitor) => tf(
                R::card_deeds_accused_traitor,
                &[("target", &target), ("swords", &swords(Colour::White, n))],
            ),
            Some(Loyalty::Loyal) => tf(
                R::card_deeds_accused_loyal,
                &[("target", &target), ("swords", &swords(Colour::Black, n))],
            ),
        });
    }
    if d.passes > 0 {
        parts.push(count(R::card_deeds_passed, d.passes));
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// Every card at the table face up, and what each player has done, at one step.
fn face_up(step: &Step, names: &[String]) -> impl IntoView + use<> {
    let v = &step.view;
    let seats = v
        .seats
        .iter()
        .zip(&step.truth.seats)
        .map(|(s, truth)| {
            let i = s.seat.index();
            let deeds = step
                .deeds
                .get(i)
                .and_then(|d| deeds_line(d, &|seat| name_of(names, seat)))
                .unwrap_or_else(|| t(R::no_deeds).to_string());
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
                    <p class="review-deeds" data-testid=format!("review-deeds-{i}")>
                        {tf(R::deeds, &[("deeds", &deeds)])}
                    </p>
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

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_card::review::Accusation;
    use camelot_card::{Card, Knight, Merlin, Morgan};

    fn name(s: Seat) -> String {
        ["Ann", "Bob", "Cid"][s.index()].to_string()
    }

    #[test]
    fn a_players_deeds_read_as_one_short_line() {
        assert_eq!(deeds_line(&Deeds::default(), &name), None);
        let d = Deeds {
            laid: 5,
            characters: vec![Card::Morgan(Morgan::One), Card::Merlin(Merlin::Two)],
            false_announcements: 1,
            quests: 2,
            successes: 1,
            defeats: 1,
            threats_faced: 9,
            white_swords: 2,
            black_swords: 3,
            knights_drawn: 1,
            knights_played: vec![Knight::Arthur],
            accusation: Some(Accusation {
                target: Seat(1),
                found: Some(Loyalty::Traitor),
                swords: 2,
            }),
            ..Deeds::default()
        };
        assert_eq!(
            deeds_line(&d, &name).unwrap(),
            "5 cards laid on the Threats pile, among them Morgan #1, Merlin #2 · \
             1 false announcement · 2 quests gone on (1 success, 1 defeat) · \
             9 cards of the Threats pile faced · swords from their quests: 2 white swords, \
             3 black swords · 1 Knight card drawn · played Arthur · \
             accused Bob, a Traitor: 2 white swords"
        );
        let waiting = Deeds {
            passes: 1,
            accusation: Some(Accusation {
                target: Seat(2),
                found: None,
                swords: 1,
            }),
            ..Deeds::default()
        };
        assert_eq!(
            deeds_line(&waiting, &name).unwrap(),
            "accused Cid · passed 1 time"
        );
    }
}
