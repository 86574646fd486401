//! What the screens show of saved games without reading them: a game's summary for the
//! saved-games list, the game to continue, what an import did, and the settings.

use super::{GameKind, PREFIX, StorageError};
use crate::i18n::{self, K, t};
use serde::{Deserialize, Serialize};

/// What the saved-games list shows for a readable game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveSummary {
    pub id: String,
    pub names: Vec<String>,
    pub created_ms: f64,
    pub updated_ms: f64,
    /// The game's own line: whose turn and the score, or the result.
    pub progress: String,
    /// The game has ended.
    #[serde(default)]
    pub finished: bool,
    /// Which game it is (absent in an index written before the app held a second game).
    #[serde(default)]
    pub game_kind: GameKind,
    /// Which side won a finished game (absent in an index written before it was kept: such a
    /// summary is made again from its game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Winner>,
    /// Hash of the stored text this summary was made from.
    #[serde(default)]
    pub(super) hash: String,
    /// The language `progress` is written in: in another language the summary is made again.
    #[serde(default)]
    pub(super) lang: String,
}

impl SaveSummary {
    /// A game's summary (its module writes `progress`, in the interface's language).
    pub fn new(
        kind: GameKind,
        id: &str,
        names: &[String],
        (created_ms, updated_ms): (f64, f64),
        progress: String,
        finished: bool,
    ) -> SaveSummary {
        SaveSummary {
            id: id.to_string(),
            names: names.to_vec(),
            created_ms,
            updated_ms,
            progress,
            finished,
            game_kind: kind,
            winner: None,
            hash: String::new(),
            lang: i18n::lang().code().to_string(),
        }
    }

    /// The same, saying which side won.
    pub fn won_by(mut self, winner: Option<Winner>) -> SaveSummary {
        self.winner = winner;
        self
    }

    /// Whether this summary, kept in the index, still says all a summary says now: a finished
    /// game's summary written before the winner was kept is made again.
    pub(super) fn complete(&self) -> bool {
        !self.finished || self.winner.is_some()
    }

    /// The players' names as one line: "Ann, Bo and Cy".
    pub fn title(&self) -> String {
        names_line(&self.names)
    }
}

/// The side that won a game, in every game of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    Loyal,
    Evil,
}

/// One line of the saved-games list.
#[derive(Clone, Debug, PartialEq)]
pub enum SavedRow {
    Ready(SaveSummary),
    /// A saved game that cannot be opened. It stays as it is until the player deletes it.
    Unreadable {
        id: String,
        /// The players' names if they could still be read (to tell which game it was).
        names: Vec<String>,
        updated_ms: Option<f64>,
        problem: StorageError,
    },
}

impl SavedRow {
    pub fn id(&self) -> &str {
        match self {
            SavedRow::Ready(s) => &s.id,
            SavedRow::Unreadable { id, .. } => id,
        }
    }

    pub(super) fn updated(&self) -> f64 {
        match self {
            SavedRow::Ready(s) => s.updated_ms,
            SavedRow::Unreadable { updated_ms, .. } => updated_ms.unwrap_or(0.0),
        }
    }
}

/// "Ann", "Ann and Bo", "Ann, Bo and Cy" (in the interface's language).
pub fn names_line(names: &[String]) -> String {
    if names.is_empty() {
        t(K::storage_unnamed_game).to_string()
    } else {
        i18n::join_and(names)
    }
}

/// The player's settings. Unknown or missing fields take their defaults, so older and newer
/// settings still load.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Always reduce motion, whatever the system setting says (`false` follows the system).
    pub always_reduce_motion: bool,
    /// The interface language, once there is a choice. `None` = the browser's.
    pub language: Option<String>,
}

/// The key of one game's own settings: `camelot/v1/<game>/settings` (the app's own are
/// [`SETTINGS_KEY`]).
pub fn game_settings_key(kind: GameKind) -> String {
    format!("{PREFIX}{}/settings", kind.code())
}

/// The game to continue, as Home shows it ([`Store::current_game`]).
#[derive(Clone, Debug, PartialEq)]
pub struct CurrentGame {
    pub id: String,
    pub names: Vec<String>,
    /// Whose turn and the swords, or the result, when the index knows it in this language.
    pub progress: Option<String>,
    pub finished: bool,
    /// Which game it is (where Continue opens it).
    pub game_kind: GameKind,
}

/// What importing a file did.
#[derive(Clone, Debug, PartialEq)]
pub enum Imported {
    /// Saved, as this game.
    Added(SaveSummary),
    /// Not saved: the game `id` is this very game already (its players are `names`).
    AlreadyHere { id: String, names: Vec<String> },
}
