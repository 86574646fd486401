//! # What every game of the app shares
//!
//! Pure Rust, no web dependency. A game of the app (the Card Game, the board game) is a type that
//! implements [`Rules`]: it starts from a [`Rules::Setup`] (players, options, seed), says who decides
//! next, lists that seat's legal actions, and applies an action, returning events or a typed refusal,
//! never a panic. A game is its setup plus its actions: [`replay`] is the one way back from those to a
//! state, and [`Save`] is the one save format. [`conformance`] checks every game the same way.

pub mod bench;
pub mod conformance;
mod player;
pub mod review;
mod shuffle;

pub use player::{Looked, Player, decide};
pub use review::{Finished, NotFinished};
pub use shuffle::shuffle;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The seeded random number generator of every game: a game's shuffles, dice and random deals all
/// come from one of these, seeded from the setup, so a game replays exactly.
pub type GameRng = rand::rngs::Xoshiro256PlusPlus;

/// The generator for a game's seed.
pub fn rng_from_seed(seed: u64) -> GameRng {
    use rand::SeedableRng;
    GameRng::seed_from_u64(seed)
}

/// A seat at the table, numbered clockwise from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat clockwise at a table of `players`.
    pub fn next(self, players: usize) -> Seat {
        Seat(((self.index() + 1) % players.max(1)) as u8)
    }

    /// Every seat of a table of `players`, clockwise from `self` (itself first).
    pub fn clockwise(self, players: usize) -> impl Iterator<Item = Seat> {
        (0..players).map(move |k| Seat(((self.index() + k) % players) as u8))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// The rules of one game, as the app, the computer players, the command-line tool and the tests see
/// them. The state owns the truth; views are what one seat, or the whole table, may see.
pub trait Rules: Sized {
    /// Everything a game starts from: the number of players, the options, the seed (and, where a
    /// game has one, an explicit deal for scripted games).
    type Setup: Clone + fmt::Debug + Serialize + DeserializeOwned;
    /// The closed set of decisions a seat can take.
    type Action: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// What an applied action caused (public and private ones; the app shows each to whom it may).
    type Event: Clone + fmt::Debug;
    /// Why an action was refused: data, never words (the app words it, in the player's language).
    type Refusal: Clone + fmt::Debug + PartialEq;
    /// Why a setup was refused.
    type SetupError: fmt::Debug + fmt::Display;
    /// What everybody at the table may see.
    type TableView: fmt::Debug + PartialEq + Serialize;
    /// What one seat may see (the table's view plus that seat's own secrets).
    type SeatView: fmt::Debug + PartialEq + Serialize;

    /// A new game, after the setup is checked.
    fn start(setup: &Self::Setup) -> Result<Self, Self::SetupError>;
    /// The setup this game started from.
    fn setup(&self) -> &Self::Setup;
    /// The number of seats.
    fn seats(&self) -> usize;
    /// The seat whose decision the game waits for; `None` once the game is over.
    fn decider(&self) -> Option<Seat>;
    /// Everything the deciding seat may do now (empty once the game is over). The one source of
    /// legality: [`Rules::apply`] accepts exactly these from the decider.
    fn legal_actions(&self) -> Vec<Self::Action>;
    /// Apply `seat`'s action. A refused action leaves the game unchanged.
    fn apply(
        &mut self,
        seat: Seat,
        action: Self::Action,
    ) -> Result<Vec<Self::Event>, Self::Refusal>;
    /// As [`Rules::apply`], without building the events (replays and simulations).
    fn apply_quietly(&mut self, seat: Seat, action: Self::Action) -> Result<(), Self::Refusal> {
        self.apply(seat, action).map(|_| ())
    }
    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.decider().is_none()
    }
    /// What the whole table may see.
    fn table_view(&self) -> Self::TableView;
    /// What `seat` may see.
    fn seat_view(&self, seat: Seat) -> Self::SeatView;
}

/// One action as played: who took it and what it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move<A> {
    pub seat: Seat,
    pub action: A,
}

/// Why a game could not be rebuilt from its setup and actions.
#[derive(Debug)]
pub enum ReplayError<R: Rules> {
    /// The setup itself is refused.
    Setup(R::SetupError),
    /// Action number `index` (from 0) is refused.
    Action { index: usize, refusal: R::Refusal },
}

impl<R: Rules> Clone for ReplayError<R>
where
    R::SetupError: Clone,
    R::Refusal: Clone,
{
    fn clone(&self) -> Self {
        match self {
            ReplayError::Setup(e) => ReplayError::Setup(e.clone()),
            ReplayError::Action { index, refusal } => ReplayError::Action {
                index: *index,
                refusal: refusal.clone(),
            },
        }
    }
}

impl<R: Rules> PartialEq for ReplayError<R>
where
    R::SetupError: PartialEq,
    R::Refusal: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (ReplayError::Setup(a), ReplayError::Setup(b)) => a == b,
            (
                ReplayError::Action { index, refusal },
                ReplayError::Action {
                    index: i,
                    refusal: r,
                },
            ) => index == i && refusal == r,
            _ => false,
        }
    }
}

impl<R: Rules> Eq for ReplayError<R>
where
    R::SetupError: Eq,
    R::Refusal: Eq,
{
}

impl<R: Rules> std::error::Error for ReplayError<R> where Self: fmt::Debug {}

impl<R: Rules> fmt::Display for ReplayError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Setup(e) => write!(f, "the setup is refused: {e}"),
            ReplayError::Action { index, refusal } => {
                write!(f, "action {} is refused: {refusal:?}", index + 1)
            }
        }
    }
}

/// Rebuild a game from its setup and its actions, through the rules: the one replay of every game.
pub fn replay<'a, R: Rules>(
    setup: &R::Setup,
    moves: impl IntoIterator<Item = &'a Move<R::Action>>,
) -> Result<R, ReplayError<R>>
where
    R::Action: 'a,
{
    let mut game = R::start(setup).map_err(ReplayError::Setup)?;
    for (index, m) in moves.into_iter().enumerate() {
        game.apply_quietly(m.seat, m.action.clone())
            .map_err(|refusal| ReplayError::Action { index, refusal })?;
    }
    Ok(game)
}

/// The swords on the table, white and black: both games keep this tally.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Swords {
    pub white: u8,
    pub black: u8,
}

impl Swords {
    pub fn total(self) -> u8 {
        self.white + self.black
    }
}

/// What [`replay_watching`] shows of each move: the game just before it, then its events.
pub enum Replayed<'a, R: Rules> {
    /// The game as it stands before `Move` is applied.
    Before(&'a R, &'a Move<R::Action>),
    /// The events of the move just applied.
    After(&'a [R::Event]),
}

/// [`replay`], showing each move to `watch`: the game before it, then its events (an app that
/// rebuilds what its players saw, or what its computer players thought, along the way).
pub fn replay_watching<'a, R: Rules>(
    setup: &R::Setup,
    moves: impl IntoIterator<Item = &'a Move<R::Action>>,
    mut watch: impl FnMut(Replayed<'_, R>),
) -> Result<R, ReplayError<R>>
where
    R::Action: 'a,
{
    let mut game = R::start(setup).map_err(ReplayError::Setup)?;
    for (index, m) in moves.into_iter().enumerate() {
        watch(Replayed::Before(&game, m));
        let events = game
            .apply(m.seat, m.action.clone())
            .map_err(|refusal| ReplayError::Action { index, refusal })?;
        watch(Replayed::After(&events));
    }
    Ok(game)
}

/// The one save format of every game: its setup and its actions, replayed through the rules on
/// load, so a damaged save is refused with a reason, never trusted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Save<S, A> {
    pub setup: S,
    pub moves: Vec<Move<A>>,
}

impl<S, A> Save<S, A> {
    /// Replay the save into a game.
    pub fn load<R>(&self) -> Result<R, ReplayError<R>>
    where
        R: Rules<Setup = S, Action = A>,
        S: Clone + fmt::Debug + Serialize + DeserializeOwned,
        A: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned,
    {
        replay::<R>(&self.setup, &self.moves)
    }
}

/// A game whose hidden information can be varied, for the conformance check that views hide what
/// they must: [`Secrets::vary_hidden`] returns a copy of the game in which something `seat` may not
/// see (another seat's hand, a deck's order, a face-down card's value …) is different. Neither that
/// seat's view nor the table's view may change.
pub trait Secrets: Rules {
    fn vary_hidden(&self, seat: Seat, rng: &mut GameRng) -> Option<Self>;
}

/// How well a computer player plays, the same three levels in every game: each game's computer
/// players decide what a level means for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Beginner,
    Solid,
    Expert,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Beginner, Level::Solid, Level::Expert];

    pub fn code(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Solid => "solid",
            Level::Expert => "expert",
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.code() == s)
            .ok_or_else(|| format!("unknown level `{s}` (beginner, solid or expert)"))
    }
}
