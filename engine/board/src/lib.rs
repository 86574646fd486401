//! # Shadows over Camelot (the board game): the rules engine
//!
//! Pure Rust, no web dependency. A [`Game`] is a [`Setup`] (players, knights, options, seed and an
//! optional explicit [`Deal`]) and the [`Action`]s played. [`Game::decider`] names the seat whose
//! decision the game waits for, [`Game::legal_actions`] lists exactly what that seat may do, and
//! [`Game::apply`] returns the [`Event`]s caused or a typed [`RuleError`], never a panic. Nested rule
//! steps (a Morgan 3 drawing three cards, one ending a quest, Sir Kay adding a card, a knight
//! falling, the Grail saving him, the spoils being shared …) wait on a resolution stack, each step
//! naming its decider. The app renders only [`TableView`] and [`SeatView`], in which hidden things
//! are absent.
//!
//! The rules are those of `docs/rules-board-game.md` (its readings, §9 and §10, included); the
//! card manifest, the quest table and every inferred number live in [`data`].

pub mod action;
pub mod coach;
pub mod data;
mod flow;
pub mod game;
mod legal;
pub mod levels;
pub mod outlook;
mod packed;
mod perform;
pub mod review;
mod rules;
pub mod search;
pub mod sim;
pub mod view;
mod why;
mod worlds;

pub use action::{
    Action, Colour, DiscardCause, EndReason, Event, PrivateEvent, RuleError, Seat, SetupError,
    ShareKind, Side,
};
pub use data::{Black, BlackKind, Knight, Loyalty, Place, Quest, Relic, White};
pub use game::{
    Census, Chance, Combat, Deal, Deeds, FORMAT_VERSION, Game, Hand, LancelotBoard, Options,
    Outcome, Phase, Placed, QuestTally, RelicState, Roll, SeatChoice, Setup, Spot, Swords,
    TraitorRule, War,
};
pub use view::{
    BlackCardStage, CombatView, KnightView, PendingView, PrivateView, SeatView, TableView,
};
pub use why::{Danger, HeroicType};
