//! Looking back at a finished game, move by move: [`Finished`] replays a game's setup and moves
//! through the rules and exists only if the game has ended, so whatever is read through it (each
//! step's state, with nothing hidden any more) is never the state of a game still being played.

use crate::{Move, ReplayError, Rules};
use std::fmt;

/// How many moves lie between two kept states (a step is rebuilt from the one before it).
const EVERY: usize = 32;

/// A finished game, ready to be looked back on. Step `k` is the game after its first `k` moves:
/// step 0 the game as dealt, step [`Finished::len`] the end.
pub struct Finished<R: Rules> {
    moves: Vec<Move<R::Action>>,
    /// The state at every `EVERY`th step.
    kept: Vec<R>,
    /// Each move's events.
    events: Vec<Vec<R::Event>>,
    /// The turn at each step (one more than the moves).
    turns: Vec<u32>,
}

/// Why a game cannot be looked back on.
#[derive(Debug)]
pub enum NotFinished<R: Rules> {
    /// It is still being played: nothing of it is shown this way.
    Running,
    /// It does not replay.
    Replay(ReplayError<R>),
}

impl<R: Rules> fmt::Display for NotFinished<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotFinished::Running => write!(f, "the game is still being played"),
            NotFinished::Replay(e) => write!(f, "{e}"),
        }
    }
}

impl<R: Rules + Clone> Finished<R> {
    /// Replay `moves` from `setup`, noting the turn (`turn_of`) at each step. Refused for a game
    /// that has not ended.
    pub fn of(
        setup: &R::Setup,
        moves: &[Move<R::Action>],
        turn_of: impl Fn(&R) -> u32,
    ) -> Result<Finished<R>, NotFinished<R>> {
        let mut game = R::start(setup).map_err(|e| NotFinished::Replay(ReplayError::Setup(e)))?;
        let mut kept = vec![game.clone()];
        let mut events = Vec::with_capacity(moves.len());
        let mut turns = Vec::with_capacity(moves.len() + 1);
        turns.push(turn_of(&game));
        for (index, m) in moves.iter().enumerate() {
            let done = game
                .apply(m.seat, m.action.clone())
                .map_err(|refusal| NotFinished::Replay(ReplayError::Action { index, refusal }))?;
            events.push(done);
            turns.push(turn_of(&game));
            if (index + 1) % EVERY == 0 {
                kept.push(game.clone());
            }
        }
        if !game.is_over() {
            return Err(NotFinished::Running);
        }
        Ok(Finished {
            moves: moves.to_vec(),
            kept,
            events,
            turns,
        })
    }

    /// How many moves the game had (its last step).
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// A finished game always has its end; it may have no move (a setup that ends at once).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The game after its first `step` moves (the end, for a step past it).
    pub fn at(&self, step: usize) -> R {
        let step = step.min(self.len());
        let mut game = self.kept[step / EVERY].clone();
        for m in &self.moves[step / EVERY * EVERY..step] {
            // Every move replayed when this was made.
            let _ = game.apply_quietly(m.seat, m.action.clone());
        }
        game
    }

    /// The moves, in order.
    pub fn moves(&self) -> &[Move<R::Action>] {
        &self.moves
    }

    /// The events of each move, in order.
    pub fn events(&self) -> &[Vec<R::Event>] {
        &self.events
    }

    /// The turn at each step, from step 0 to the end.
    pub fn turns(&self) -> &[u32] {
        &self.turns
    }
}
