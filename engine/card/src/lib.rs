//! # Shadows over Camelot: The Card Game — the rules engine
//!
//! Pure Rust, no web dependency. A [`Game`] is a [`Setup`] (with its seed), an optional explicit
//! [`Deal`] (together a [`GameSetup`]), and the [`Action`]s played — which is all a [`Save`] holds
//! ([`save`]); it implements the kit's [`camelot_kit::Rules`]. [`Game::legal_actions`] lists what
//! the deciding seat may do, [`Game::apply`] returns the [`Event`]s caused or a typed [`RuleError`],
//! never a panic. The app renders only [`TableView`] and [`SeatView`], in which hidden things are
//! absent.
//!
//! The rules are the rule book's, with the project's settled readings (`docs/rules-card-game.md`);
//! the card manifest and every inferred number live in [`cards`].

pub mod action;
pub mod bot;
pub mod cards;
pub mod coach;
pub mod count;
mod flow;
pub mod game;
mod kit;
mod legal;
mod perform;
pub mod resolve;
pub mod review;
pub mod save;
mod serde_forms;
mod setup;
pub mod sim;
pub mod view;

pub use action::{
    AccusationRefusal, Action, BadChoiceReason, EndReason, Event, EventSink, Keep, NoEvents,
    NoExchange, NotNowReason, PrivateEvent, RuleError, Seat, Side, TopCard,
};
/// What the watching replay shows of each action ([`Game::replay_watching`]).
pub use camelot_kit::Replayed;
pub use cards::{Card, Knight, Loyalty, Merlin, Morgan, Morgan4, Quest, RumorValue};
pub use game::{
    Deal, Decision, Game, GameSetup, Options, PileCard, Played, Setup, Silence, Swords,
};
pub use resolve::{Colour, Outcome, QuestStack, Resolution, Stack, StackCard, ThreatCard, resolve};
pub use save::{FORMAT_VERSION, LoadError, ReplayError, Save};
pub use setup::SetupError;
pub use view::{Prompt, PublicSeat, QuestUnderWay, SeatLook, SeatView, SeenCard, TableView};
