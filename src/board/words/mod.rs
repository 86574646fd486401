//! The board game in words: every engine value a player sees (cards, knights, quests, places,
//! relics, phases, actions, events, refusals, the end and what is being decided), in the current
//! language. Every text is a key of the board game's own table ([`B`](crate::board::i18n::B),
//! `src/board/i18n`).
//!
//! `names[seat]` is how a seat is called (the screens choose: the player's name, the knight's,
//! or both); a seat past the end of `names` is "Seat N". Every `match` here lists every variant,
//! so a new engine variant does not compile until it has its words.
//!
//! By job: [`cards`] names seats, cards, knights, quests, places and relics (and lists of them);
//! [`turn`] the phases, the options and the end; [`actions`] what a button says, what a seat did
//! and why a computer knight chose it; [`events`] the log's lines; [`refusals`] why an action or a
//! setup was refused; [`pending`] what is being decided. Everything is re-exported here, so
//! `words::white_name` and the like are the paths to use.

#![allow(dead_code)] // an API: each board screen uses its part

mod actions;
mod cards;
mod events;
mod pending;
mod refusals;
mod turn;

pub use actions::*;
pub use cards::*;
pub use events::*;
pub use pending::*;
pub use refusals::*;
pub use turn::*;

#[cfg(test)]
mod tests;
