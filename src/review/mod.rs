//! Looking back at a finished game, what both games share: the steps through it ([`Steps`]: a
//! step is the game after that many moves), the bar that moves through them ([`StepBar`]), the
//! message for a game that cannot be looked back on, and the words ([`words::R`]). Each game's
//! own screen (`board::review`, `card::review`) replays its save through its engine's
//! `review`, which refuses a game still being played, and renders what that gives. Everything
//! here is reached only from the games' screens and Saved games: none of it is in the first load.

pub mod record;
pub mod words;

use crate::i18n::{t, tf};
use leptos::prelude::*;
use words::R;

/// Link the review's stylesheet into the page once (the review screens and Saved games ask).
pub fn link_stylesheet() {
    crate::shell::link_stylesheet("style/review.css", "data-review-css");
}

/// Where one stands in a finished game: step `at` is the game after its first `at` moves, from 0
/// (as dealt) to the last move. `turns[k]` is the turn at step `k`.
#[derive(Clone, Debug, PartialEq)]
pub struct Steps {
    pub at: usize,
    turns: Vec<u32>,
}

impl Steps {
    /// The steps of a game whose turn at each step is `turns` (one more than its moves), at its
    /// end.
    pub fn new(turns: Vec<u32>) -> Steps {
        let turns = if turns.is_empty() { vec![0] } else { turns };
        Steps {
            at: turns.len() - 1,
            turns,
        }
    }

    /// The last step (the number of moves).
    pub fn last(&self) -> usize {
        self.turns.len() - 1
    }

    /// The turn at the current step.
    pub fn turn(&self) -> u32 {
        self.turns[self.at]
    }

    /// Whether step `k` begins a turn (the first step of a turn number).
    fn begins_turn(&self, k: usize) -> bool {
        k == 0 || self.turns[k] != self.turns[k - 1]
    }

    pub fn start(&mut self) {
        self.at = 0;
    }

    pub fn end(&mut self) {
        self.at = self.last();
    }

    pub fn forward(&mut self) {
        self.at = (self.at + 1).min(self.last());
    }

    pub fn back(&mut self) {
        self.at = self.at.saturating_sub(1);
    }

    /// To the first step of the next turn (the end, in the last turn).
    pub fn next_turn(&mut self) {
        self.at = (self.at + 1..=self.last())
            .find(|&k| self.begins_turn(k))
            .unwrap_or(self.last());
    }

    /// To the first step of this turn, or, already there, of the turn before.
    pub fn prev_turn(&mut self) {
        self.at = (0..self.at)
            .rev()
            .find(|&k| self.begins_turn(k))
            .unwrap_or(0);
    }
}

/// The buttons that move through a game, and where one stands ("Move 12 of 140 · turn 5").
#[component]
pub fn StepBar(steps: RwSignal<Steps>) -> impl IntoView {
    // Each button's icon, drawn (the media player's signs are missing from many phones' fonts).
    let button = move |label: R, icon: &'static str, testid: &'static str, go: fn(&mut Steps)| {
        let disabled = move || {
            steps.with(|s| {
                let mut moved = s.clone();
                go(&mut moved);
                moved.at == s.at
            })
        };
        view! {
            <button type="button" class="review-step" data-testid=testid
                aria-label=t(label) title=t(label) disabled=disabled
                on:click=move |_| steps.update(go)>
                <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                    <path d=icon fill="currentColor" />
                </svg>
            </button>
        }
    };
    view! {
        <nav class="review-steps" aria-label=t(R::steps_label) data-testid="review-steps">
            <p class="review-where" aria-live="polite" data-testid="review-where">
                {move || steps.with(|s| tf(
                    R::step_of,
                    &[("n", &s.at), ("total", &s.last()), ("turn", &s.turn())],
                ))}
            </p>
            <div class="review-buttons">
                {button(R::to_start, "M3 4h2.5v12H3zM17 4 7 10l10 6z", "review-start", Steps::start)}
                {button(R::prev_turn, "M10 4 1 10l9 6zM19 4l-9 6 9 6z", "review-prev-turn", Steps::prev_turn)}
                {button(R::back_one, "M14 4 5 10l9 6z", "review-back", Steps::back)}
                {button(R::forward_one, "M6 4l9 6-9 6z", "review-forward", Steps::forward)}
                {button(R::next_turn, "M1 4l9 6-9 6zM10 4l9 6-9 6z", "review-next-turn", Steps::next_turn)}
                {button(R::to_end, "M3 4l10 6-10 6zM14.5 4H17v12h-2.5z", "review-end", Steps::end)}
            </div>
        </nav>
    }
}

/// In place of the review: why this game cannot be looked back on, and the way back.
pub fn refused(why: String) -> AnyView {
    let shell = crate::shell::use_shell();
    view! {
        <section class="review-refused" data-testid="review-refused">
            <p class="notice problem" role="alert">{why}</p>
            <button type="button" class="big" data-testid="review-leave"
                on:click=move |_| shell.leave_review()>{t(R::back)}</button>
        </section>
    }
    .into_any()
}

/// The review's heading and its way back.
pub fn heading(names: &[String]) -> impl IntoView + use<> {
    let shell = crate::shell::use_shell();
    view! {
        <div class="screen-head review-head">
            <h1>{tf(R::title, &[("names", &crate::storage::names_line(names))])}</h1>
            <button type="button" class="secondary close-button" data-testid="review-leave"
                on:click=move |_| shell.leave_review()>{t(R::back)}</button>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Turns 1, 1, 1, 2, 2, 3, 3, 3 (seven moves).
    fn steps() -> Steps {
        Steps::new(vec![1, 1, 1, 2, 2, 3, 3, 3])
    }

    #[test]
    fn a_review_opens_at_the_end_and_steps_one_move_at_a_time_within_the_game() {
        let mut s = steps();
        assert_eq!((s.at, s.last(), s.turn()), (7, 7, 3));
        s.forward();
        assert_eq!(s.at, 7, "nothing after the end");
        s.back();
        s.back();
        assert_eq!(s.at, 5);
        s.start();
        assert_eq!(s.at, 0);
        s.back();
        assert_eq!(s.at, 0, "nothing before the start");
        s.forward();
        assert_eq!((s.at, s.turn()), (1, 1));
        s.end();
        assert_eq!(s.at, 7);
    }

    #[test]
    fn by_turn_a_review_goes_to_each_turns_first_step() {
        let mut s = steps();
        s.start();
        s.next_turn();
        assert_eq!((s.at, s.turn()), (3, 2));
        s.next_turn();
        assert_eq!((s.at, s.turn()), (5, 3));
        s.next_turn();
        assert_eq!(s.at, 7, "the last turn: to the end");
        s.next_turn();
        assert_eq!(s.at, 7);
        // Back: to the start of this turn, then of the one before.
        s.prev_turn();
        assert_eq!((s.at, s.turn()), (5, 3));
        s.prev_turn();
        assert_eq!((s.at, s.turn()), (3, 2));
        s.forward();
        s.prev_turn();
        assert_eq!(s.at, 3, "from inside a turn, to its start");
        s.prev_turn();
        assert_eq!(s.at, 0);
        s.prev_turn();
        assert_eq!(s.at, 0);
    }

    #[test]
    fn a_game_of_no_move_has_one_step() {
        let mut s = Steps::new(vec![1]);
        for go in [
            Steps::forward,
            Steps::back,
            Steps::next_turn,
            Steps::prev_turn,
            Steps::start,
            Steps::end,
        ] {
            go(&mut s);
            assert_eq!(s.at, 0);
        }
        assert_eq!(Steps::new(Vec::new()).last(), 0);
    }

    /// A game still being played is refused by each game's engine, and so by the review (the
    /// engines' own tests hold their side).
    #[test]
    fn an_unfinished_game_is_never_looked_back_on() {
        let setup = camelot_board::Setup::new(4, 5);
        assert!(matches!(
            camelot_board::review::review(&setup, &[]),
            Err(camelot_kit::NotFinished::Running)
        ));
        let setup = camelot_card::Setup::new(4, 5);
        assert!(matches!(
            camelot_card::review::review(setup, &[]),
            Err(camelot_kit::NotFinished::Running)
        ));
    }
}
