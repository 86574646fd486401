//! A computer knight thinking. The expert's look ahead can take a third of a second on a slow
//! phone; run at once, it would hold the page still that long. So a decision is made a few worlds
//! at a time, each slice short enough for the page to draw and answer a tap between two, and it
//! begins at once: at the normal pace the thinking fits in the moment the table waits before a
//! computer knight moves. "Skip" and "Faster" do not make him think at once either: he moves as
//! soon as he has decided. He comes to the same choice as
//! [`computer_decision`](super::computer_decision) made at once.

use super::{Ctx, THINKS};
use crate::shell::now_ms;
use camelot_board::levels::{Computer, Deciding, Level};
use camelot_board::search::LookingAhead;
use camelot_board::sim::Reason;
use camelot_board::{Action, Game, Seat};
use camelot_kit::{GameRng, Looked, Player, rng_from_seed};
use leptos::prelude::*;
use std::time::Duration;

/// How long one slice of thinking may hold the page, in milliseconds: under the 50 ms after which
/// a tap feels slow to answer (the last world of a slice may run past it: the longest slice
/// measured took 38 ms), and long enough that the pauses between slices, where the page draws a
/// frame, cost little. With slices of 25 ms the slowest decisions of a game took 176 to 197 ms
/// from start to end, with 35 ms 152 to 160 ms (docs/measurements.md).
const SLICE_MS: f64 = 35.0;

/// The console timer of one slice of a computer knight's thinking (the decision's own is
/// [`THINKS`]): how long the page was held at once.
const SLICE: &str = "a computer knight thinks: one slice";

/// A computer knight's decision under way, between two slices.
pub struct Thinking {
    seat: Seat,
    level: Level,
    /// The moves played when it began: the decision is for that moment only.
    moves: usize,
    legal: Vec<Action>,
    looking: LookingAhead,
    rng: GameRng,
    /// The page's clock (ms) before which the knight does not move: the table's moment.
    not_before: f64,
}

/// A computer knight's move, decided, waiting for the table's moment to end.
pub struct Ready {
    seat: Seat,
    action: Action,
    why: Reason,
}

/// The random numbers of the decision at move `move_number` of the game of `seed`: the same
/// whoever makes it, at once or a slice at a time.
fn decision_rng(seed: u64, move_number: usize) -> GameRng {
    rng_from_seed(seed ^ (move_number as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// What the computer knight in `seat` does, playing at `level`, as far as it is decided at once
/// (see [`computer_decision`]): the legal actions, the random numbers after it, and the choice or
/// the look ahead still to run.
pub fn begin_decision(
    game: &Game,
    seat: Seat,
    level: Level,
    seed: u64,
    move_number: usize,
) -> Option<(Vec<Action>, GameRng, Deciding)> {
    let legal = game.legal_actions();
    let mut rng = decision_rng(seed, move_number);
    let look = game.look(seat)?;
    let deciding = Computer { level }.begin(&look, &legal, &mut rng)?;
    Some((legal, rng, deciding))
}

/// The reason the knight playing at `level` in `seat` gives for `legal[chosen]`.
pub fn reason_for(
    game: &Game,
    seat: Seat,
    level: Level,
    legal: &[Action],
    chosen: usize,
) -> Option<(Action, Reason)> {
    let look = game.look(seat)?;
    Some((
        *legal.get(chosen)?,
        Computer { level }.reason(&look, legal, chosen),
    ))
}

impl Ctx {
    /// The computer knight in `seat` begins to decide now, a slice at a time; it moves once
    /// decided, not before the page's clock reads `not_before`.
    pub(super) fn begin_thinking(&self, seat: Seat, not_before: f64) {
        web_sys::console::time_with_label(THINKS);
        let begun = self.live.with_untracked(|l| {
            let l = l.as_ref()?;
            (l.game.decider() == Some(seat)).then_some(())?;
            let level = l.session.sitter(seat).level()?;
            let moves = l.session.moves.len();
            let (legal, rng, deciding) =
                begin_decision(&l.game, seat, level, l.session.setup.seed, moves)?;
            Some(match deciding {
                Deciding::Made(i) => Err(reason_for(&l.game, seat, level, &legal, i)),
                Deciding::LooksAhead(looking) => Ok(Thinking {
                    seat,
                    level,
                    moves,
                    legal,
                    looking,
                    rng,
                    not_before,
                }),
            })
        });
        match begun {
            Some(Ok(thinking)) => {
                self.thinking.set_value(Some(thinking));
                self.think_on();
            }
            Some(Err(decided)) => self.decided(seat, decided, not_before),
            None => web_sys::console::time_end_with_label(THINKS),
        }
    }

    /// One slice of the thinking under way; the next after the page has had its turn, or the
    /// move once decided.
    fn think_on(&self) {
        let Some(mut t) = self.thinking.try_update_value(Option::take).flatten() else {
            return;
        };
        let start = now_ms();
        web_sys::console::time_with_label(SLICE);
        let done = self.live.with_untracked(|l| {
            let l = l.as_ref()?;
            if l.session.moves.len() != t.moves || l.game.decider() != Some(t.seat) {
                return None;
            }
            let view = l.game.look(t.seat)?;
            loop {
                if let Some(i) = t.looking.go_on(&view, &t.legal, 1, &mut t.rng) {
                    return Some(Some(reason_for(&l.game, t.seat, t.level, &t.legal, i)));
                }
                if now_ms() - start >= SLICE_MS {
                    return Some(None);
                }
            }
        });
        web_sys::console::time_end_with_label(SLICE);
        match done {
            // The game moved on without it (a reload, another game): nothing to do.
            None => web_sys::console::time_end_with_label(THINKS),
            Some(Some(decided)) => self.decided(t.seat, decided, t.not_before),
            Some(None) => {
                self.thinking.set_value(Some(t));
                let ctx = *self;
                self.after(0.0, move || ctx.think_on());
            }
        }
    }

    /// The knight in `seat` has decided: he moves, once the table's moment is over.
    fn decided(&self, seat: Seat, decided: Option<(Action, Reason)>, not_before: f64) {
        web_sys::console::time_end_with_label(THINKS);
        let Some((action, why)) = decided else {
            return;
        };
        let wait = not_before - now_ms();
        if wait > 0.0 {
            self.ready.set_value(Some(Ready { seat, action, why }));
            let ctx = *self;
            self.after(wait, move || ctx.move_ready());
        } else {
            self.act_because(seat, action, Some(why));
        }
    }

    /// The move decided and waiting, now.
    fn move_ready(&self) {
        if let Some(r) = self.ready.try_update_value(Option::take).flatten() {
            self.act_because(r.seat, r.action, Some(r.why));
        }
    }

    /// The computer knight in `seat` moves as soon as he has decided: now if he has, at the end
    /// of his thinking under way (still a slice at a time) if he is thinking, or once he has
    /// thought if he has not begun.
    pub(super) fn hurry(&self, seat: Seat) {
        let thinking = self
            .thinking
            .try_update_value(|t| t.as_mut().map(|t| t.not_before = 0.0))
            .flatten();
        if thinking.is_some() {
            return;
        }
        let ready = self.ready.try_update_value(Option::take).flatten();
        self.cancel_computer();
        match ready {
            Some(r) => self.act_because(r.seat, r.action, Some(r.why)),
            None => self.begin_thinking(seat, 0.0),
        }
    }

    /// Runs `then` after `ms` milliseconds, unless the computer knights' timer is cancelled first.
    pub(super) fn after(&self, ms: f64, then: impl FnOnce() + 'static) {
        let ctx = *self;
        if let Ok(h) = set_timeout_with_handle(
            move || {
                ctx.timer.set_value(None);
                then();
            },
            Duration::from_millis(ms.max(0.0) as u64),
        ) {
            self.timer.set_value(Some(h));
        }
    }
}
