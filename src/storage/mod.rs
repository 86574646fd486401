//! Saved games and settings in the browser's `localStorage` (through `gloo-storage`).
//!
//! Keys are namespaced under `camelot/v1/`:
//! - `camelot/v1/game/<id>` — one game's saved session as JSON (it carries its game kind and its save
//!   format);
//! - `camelot/v1/index` — a small cache of summaries (names, dates, progress) so the list is fast;
//!   each summary remembers a hash of the game text it was made from, so a stale or tampered entry
//!   is re-read rather than trusted;
//! - `camelot/v1/current` — the id of the game being played;
//! - `camelot/v1/settings` — [`Settings`], the app's own;
//! - `camelot/v1/<game>/settings` — one game's own settings ([`game_settings_key`]; the Card Game's
//!   are `camelot/v1/card/settings`).
//!
//! Every saved game, export file and index entry says which game it is (`"game_kind"`, see
//! [`GameKind`]); one written before that is a Card Game.
//!
//! A saved game that cannot be read (damaged text, not a game, moves that break the rules, or a
//! newer format) is listed with its problem in plain words and is never overwritten or deleted
//! unless the player asks to delete it; the other saves keep working. A full storage quota is its
//! own error ([`StorageError::Full`]).
//!
//! The store knows no game's rules. Each game's module says how its sessions are read, checked and
//! summed up ([`Kept`]); the saved-games list, export and import, which meet saves of every game,
//! are handed one [`Reader`] per game by the app.
//!
//! All the logic lives in [`Store`], generic over a tiny [`Backend`], so it is unit-tested natively
//! with an in-memory backend (`Memory`, in tests only); the free functions use the browser's
//! `localStorage`.
//!
//! By job: [`error`] says what went wrong; [`summary`] is what the screens show of saved games;
//! [`reading`] checks and reads a session of any game; [`ids`] makes ids; [`export`] writes and
//! checks export files; [`dates`] says dates in plain words; [`store`] is the [`Store`]; and
//! [`browser`] is the app's API over `localStorage`. Everything is re-exported here.

mod browser;
mod dates;
mod error;
mod export;
mod ids;
mod reading;
mod store;
mod summary;

pub use browser::*;
pub use dates::{DatePart, human_date};
pub use error::StorageError;
pub use export::export_file_name;
#[cfg(test)]
pub use export::export_text;
pub use ids::{fresh_id, valid_id};
pub use reading::{Kept, Reader, check_format, check_names};
#[cfg(test)]
pub use store::Memory;
pub use store::{Backend, Store};
pub use summary::{
    CurrentGame, Imported, SaveSummary, SavedRow, Settings, Winner, game_settings_key, names_line,
};

use crate::i18n::t;
use serde::{Deserialize, Serialize};

/// Prefix of every key this app writes.
pub const PREFIX: &str = "camelot/v1/";
/// Prefix of the saved games' keys (followed by the game's id).
pub const GAME_PREFIX: &str = "camelot/v1/game/";
pub const INDEX_KEY: &str = "camelot/v1/index";
pub const CURRENT_KEY: &str = "camelot/v1/current";
pub const SETTINGS_KEY: &str = "camelot/v1/settings";

/// The `app` and `kind` of an exported file's envelope.
pub const EXPORT_APP: &str = "camelot";
pub const EXPORT_KIND: &str = "saved-game";

/// The storage key of the saved game `id`.
pub fn game_key(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

/// Which of the app's games a save or export file is of: its `"game_kind"` field (in the stored
/// game, in an export file's envelope and in the index). A save or file without one was written
/// before the app held a second game: it is a Card Game. Each kind has its entry in
/// [`crate::games::GAMES`] (its code and name are there); its serde name is its code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameKind {
    /// Shadows over Camelot: The Card Game.
    #[default]
    #[serde(rename = "card")]
    Card,
    /// Shadows over Camelot, the board game.
    #[serde(rename = "board")]
    Board,
}

impl GameKind {
    /// The `game_kind` of a stored or imported text: absent means a Card Game (every save and file
    /// written before the field existed). A kind this version does not know was written by a newer
    /// one.
    pub fn read(kind: Option<&str>) -> Result<GameKind, StorageError> {
        let Some(code) = kind else {
            return Ok(GameKind::default());
        };
        crate::games::FRONTS
            .iter()
            .find(|g| g.code == code)
            .map(|g| g.kind)
            .ok_or_else(|| StorageError::OtherGame {
                kind: code.chars().take(40).collect(),
            })
    }

    /// The kind's name in saves and storage keys (`"card"`).
    pub fn code(self) -> &'static str {
        crate::games::front(self).code
    }

    /// The game's name, as the saved-games list shows it beside each game.
    pub fn name(self) -> &'static str {
        t(crate::games::front(self).name)
    }
}

#[cfg(test)]
mod tests;
