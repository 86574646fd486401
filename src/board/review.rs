//! Looking back at a finished board game, move by move: the board as it stood at that step (the
//! table's own [`Board`]), every card face up now that nothing is secret (each knight's Loyalty
//! card and hand, the black cards placed face down), each knight's deeds, the move itself and the
//! log up to it. The engine's review replays the save and refuses a game still being played; this
//! screen only renders what it gives.

use super::board_view::Board;
use super::log::move_lines;
use super::session::Session;
use super::words;
use crate::i18n::{t, tf};
use crate::review::words::R;
use crate::review::{StepBar, Steps, heading, refused};
use camelot_board::review::{Review as Finished, Truth, step_truth};
use camelot_board::{TableView, White};
use camelot_kit::NotFinished;
use leptos::prelude::*;
use std::sync::Arc;

/// Each move's lines as the table heard them, and the turn a line begins, if it begins one.
type MoveLines = Vec<Vec<(Option<u32>, String)>>;

/// The review screen of the saved game the shell was asked to show.
#[component]
pub fn Review() -> impl IntoView {
    super::i18n::open();
    crate::review::words::open();
    super::board_view::link_stylesheet();
    let shell = crate::shell::use_shell();
    let Some((id, _)) = shell.reviewing.get_untracked() else {
        return refused(t(R::not_over).to_string());
    };
    let session = match crate::storage::open::<Session>(&id) {
        Ok((session, _)) => session,
        Err(problem) => return refused(tf(R::cannot, &[("problem", &problem)])),
    };
    match camelot_board::review::review(&session.setup, &session.moves) {
        Ok(finished) => {
            view! { <Looking finished=Arc::new(finished) names=session.table.names /> }.into_any()
        }
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

#[component]
fn Looking(finished: Arc<Finished>, names: Vec<String>) -> impl IntoView {
    let steps = RwSignal::new(Steps::new(finished.turns().to_vec()));
    let lines: Arc<MoveLines> = Arc::new(
        finished
            .moves()
            .iter()
            .zip(finished.events())
            .map(|(m, events)| move_lines(&m.action, m.seat, events, &names))
            .collect(),
    );
    // A pass the log leaves out (it changed nothing) is still this step's move, in its own words.
    let own_words: Vec<String> = finished
        .moves()
        .iter()
        .map(|m| words::action_line(&m.action, m.seat, &names))
        .collect();
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
    let names = Signal::stored(names);
    let view = Signal::derive(move || step.with(|s| s.view.clone()));
    let this_move = {
        let lines = lines.clone();
        move || move_told(&lines, &own_words, steps.with(|s| s.at))
    };
    let first = finished.turns()[0];
    let log = move || log_up_to(&lines, steps.with(|s| s.at), first);
    view! {
        <section class="review board-review" data-testid="review">
            {heading(&names.get_untracked())}
            <StepBar steps />
            <section class="review-move" aria-labelledby="review-move-title" data-testid="review-move">
                <h2 id="review-move-title">{t(R::this_move)}</h2>
                <ul>{move || this_move().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
            </section>
            // On a wide screen the board on one side, every card face up and the log on the other.
            <div class="review-sides">
                <Board view names />
                <div class="review-side">
                    {move || face_up(&step.get(), &names.get())}
                    <section class="review-log" aria-labelledby="review-log-title" data-testid="review-log">
                        <h2 id="review-log-title">{t(R::log)}</h2>
                        <ol reversed>
                            {move || log().into_iter().rev().map(|(turn, lines)| view! {
                                <li>
                                    <h3>{tf(super::i18n::B::board_log_turn, &[("n", &turn)])}</h3>
                                    <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                                </li>
                            }).collect_view()}
                        </ol>
                    </section>
                </div>
            </div>
        </section>
    }
}

/// What step `at` shows as its move: the lines the table heard of it, or the move in its own
/// words when the log leaves it out (a pass that changed nothing); the deal at step 0.
fn move_told(lines: &MoveLines, own_words: &[String], at: usize) -> Vec<String> {
    match at.checked_sub(1).and_then(|i| Some((i, lines.get(i)?))) {
        None => vec![t(R::as_dealt).to_string()],
        Some((i, l)) if l.is_empty() => own_words.get(i).cloned().into_iter().collect(),
        Some((_, l)) => l.iter().map(|(_, l)| l.clone()).collect(),
    }
}

/// The log's lines up to step `at`, turn by turn (the first turn's number is that of the game's
/// start).
fn log_up_to(lines: &MoveLines, at: usize, first: u32) -> Vec<(u32, Vec<String>)> {
    let mut out: Vec<(u32, Vec<String>)> = Vec::new();
    for (begins, line) in lines[..at.min(lines.len())].iter().flatten() {
        if let Some(turn) = begins {
            out.push((*turn, Vec::new()));
        } else if out.is_empty() {
            out.push((first, Vec::new()));
        }
        if let Some((_, l)) = out.last_mut() {
            l.push(line.clone());
        }
    }
    out
}

/// Every card at the table face up, and each knight's deeds, at one step.
fn face_up(step: &Step, names: &[String]) -> impl IntoView + use<> {
    let knights = step
        .view
        .knights
        .iter()
        .zip(&step.truth.knights)
        .map(|(k, truth)| {
            let name = words::seat_name(names, k.seat);
            let i = k.seat.index();
            let mut deeds = words::deeds_lines(&k.deeds);
            if k.has_accused {
                deeds.push(t(R::accused).to_string());
            }
            let deeds = if deeds.is_empty() {
                t(R::no_deeds).to_string()
            } else {
                deeds.join(" · ")
            };
            view! {
                <li data-testid=format!("review-knight-{i}")>
                    <strong>{name}</strong>" — "{words::knight_or_squire(k.knight)}
                    <p data-testid="review-loyalty">
                        {tf(R::loyalty, &[("loyalty", &words::loyalty_name(truth.loyalty))])}
                    </p>
                    <div class="review-hand" data-testid=format!("review-hand-{i}")>
                        <span>{t(R::hand)}</span>{hand(&truth.hand)}
                    </div>
                    <p class="review-deeds">{tf(R::deeds, &[("deeds", &deeds)])}</p>
                </li>
            }
        })
        .collect_view();
    let face_down = if step.truth.face_down.is_empty() {
        view! { <p>{t(R::none)}</p> }.into_any()
    } else {
        view! {
            <ul data-testid="review-face-down">
                {step.truth.face_down.iter().map(|f| view! {
                    <li data-black=words::code(f.card)>{tf(R::face_down_one, &[
                        ("quest", &words::quest_name(f.quest)),
                        ("card", &words::black_name(f.card)),
                        ("name", &words::seat_name(names, f.drawer)),
                    ])}</li>
                }).collect_view()}
            </ul>
        }
        .into_any()
    };
    view! {
        <section class="review-face-up" aria-labelledby="review-face-up-title" data-testid="review-face-up">
            <h2 id="review-face-up-title">{t(R::face_up)}</h2>
            <ul class="review-knights">{knights}</ul>
            <h3>{t(R::face_down)}</h3>
            {face_down}
        </section>
    }
}

/// A hand, each kind of card with its count and its code (`data-white`).
fn hand(cards: &[White]) -> AnyView {
    if cards.is_empty() {
        return view! { <span>{t(R::no_cards)}</span> }.into_any();
    }
    view! {
        <ul class="hand-cards">
            {words::white_kinds(cards).into_iter().map(|(card, n)| view! {
                <li data-white=words::code(card) data-n=n>{words::white_count(card, n)}</li>
            }).collect_view()}
        </ul>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_of_a_step_holds_the_moves_before_it_each_under_its_turn() {
        let lines: MoveLines = vec![
            vec![(None, "a".into())],
            vec![(None, "b".into()), (Some(2), "Turn 2".into())],
            vec![(None, "c".into())],
        ];
        assert!(log_up_to(&lines, 0, 1).is_empty());
        assert_eq!(log_up_to(&lines, 1, 1), vec![(1, vec!["a".to_string()])]);
        assert_eq!(
            log_up_to(&lines, 3, 1),
            vec![
                (1, vec!["a".to_string(), "b".to_string()]),
                (2, vec!["Turn 2".to_string(), "c".to_string()]),
            ]
        );
        assert_eq!(log_up_to(&lines, 9, 1).len(), 2);
    }

    /// A pass the log leaves out is still a step of the review: its move is said in its own
    /// words, and the log up to it gains nothing.
    #[test]
    fn a_pass_left_out_of_the_log_is_still_said_as_its_steps_move() {
        let lines: MoveLines = vec![vec![(None, "Ann draws a black card".into())], vec![]];
        let own: Vec<String> = ["Ann draws", "Bo passes"].map(String::from).to_vec();
        assert_eq!(move_told(&lines, &own, 1), ["Ann draws a black card"]);
        assert_eq!(move_told(&lines, &own, 2), ["Bo passes"]);
        assert_eq!(log_up_to(&lines, 2, 1), log_up_to(&lines, 1, 1));
    }
}
