//! Why a saved game could not be saved, read or imported ([`StorageError`]), in plain words and
//! in technical detail.

use crate::i18n::{K, t, tf};
use std::fmt;

/// Why a saved game could not be saved, read or imported. `Display` says it in plain words.
#[derive(Clone, Debug, PartialEq)]
pub enum StorageError {
    /// The browser does not let the app keep anything (storage switched off, some private modes).
    Unavailable(String),
    /// The storage quota is used up (`QuotaExceededError`).
    Full,
    /// No saved game with this id.
    NotFound { id: String },
    /// The text is not a saved game at all, or parts of it are missing or garbled.
    Damaged { detail: String },
    /// A move in the saved game cannot be replayed by the rules.
    DoesNotReplay { move_number: usize, detail: String },
    /// Saved by a newer version of Camelot.
    Newer { found: u32, supported: u32 },
    /// A file that is not a Camelot saved game (another app's, or another kind of file).
    Foreign { detail: String },
    /// A saved game of a game this version does not have (written by a newer version).
    OtherGame { kind: String },
    /// Refused to overwrite a saved game that cannot be read (it is kept as it is).
    WouldOverwrite {
        id: String,
        problem: Box<StorageError>,
    },
    /// Refused to write over a saved game that went on elsewhere (another tab or window of the
    /// app): the stored game holds moves this one does not.
    MovedOn { id: String },
    /// Any other error the browser reported.
    Browser { name: String, message: String },
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageError::Unavailable(_) => f.write_str(t(K::storage_unavailable)),
            StorageError::Full => f.write_str(t(K::storage_full)),
            StorageError::NotFound { .. } => f.write_str(t(K::storage_not_found)),
            StorageError::Damaged { .. } => f.write_str(t(K::storage_damaged)),
            StorageError::DoesNotReplay { move_number, .. } => {
                f.write_str(&tf(K::storage_does_not_replay, &[("move", move_number)]))
            }
            StorageError::Newer { .. } | StorageError::OtherGame { .. } => {
                f.write_str(t(K::storage_newer))
            }
            StorageError::Foreign { .. } => f.write_str(t(K::storage_foreign)),
            StorageError::WouldOverwrite { problem, .. } => {
                f.write_str(&tf(K::storage_would_overwrite, &[("problem", problem)]))
            }
            StorageError::MovedOn { .. } => f.write_str(t(K::storage_moved_on)),
            StorageError::Browser { .. } => f.write_str(t(K::storage_browser)),
        }
    }
}

impl std::error::Error for StorageError {}

impl StorageError {
    /// The technical detail behind the plain-words message, if any (for a small "details" line).
    pub fn detail(&self) -> Option<String> {
        match self {
            StorageError::Unavailable(d)
            | StorageError::Damaged { detail: d }
            | StorageError::DoesNotReplay { detail: d, .. }
            | StorageError::Foreign { detail: d } => Some(d.clone()),
            StorageError::OtherGame { kind } => Some(format!("game_kind “{kind}”")),
            StorageError::Newer { found, supported } => Some(tf(
                K::storage_newer_detail,
                &[("found", found), ("supported", supported)],
            )),
            StorageError::Browser { name, message } => Some(format!("{name}: {message}")),
            StorageError::WouldOverwrite { problem, .. } => problem.detail(),
            StorageError::Full | StorageError::NotFound { .. } | StorageError::MovedOn { .. } => {
                None
            }
        }
    }

    /// A browser error from `setItem` and friends, by its `name`.
    pub fn from_js(name: &str, message: &str) -> StorageError {
        match name {
            // Firefox used its own names in older versions.
            "QuotaExceededError" | "NS_ERROR_DOM_QUOTA_REACHED" => StorageError::Full,
            "SecurityError" => StorageError::Unavailable(format!("{name}: {message}")),
            _ => StorageError::Browser {
                name: name.to_string(),
                message: message.to_string(),
            },
        }
    }
}
