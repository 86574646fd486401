//! Reading a stored or imported session: the first checks every game's own reading starts with,
//! the [`Kept`] trait a game's session implements, and the [`Reader`] that reads saves of every
//! game for the list, export and import.

use super::{GameKind, SaveSummary, StorageError};
use serde::{Deserialize, Serialize};

/// The first checks of a stored or imported session of the game `kind`, whose newest save format is
/// `newest`: JSON, a format number we know, and this game's kind. A game's [`Kept::parse`] starts
/// here, then reads its own shape and replays.
///
/// Typed reads only (no generic JSON value): the format number is read first, on its own, so a
/// newer save is reported as newer whatever else it holds.
pub fn check_format(text: &str, kind: GameKind, newest: u32) -> Result<(), StorageError> {
    #[derive(Deserialize)]
    struct Format<'a> {
        format: Option<u64>,
        #[serde(borrow)]
        game_kind: Option<&'a str>,
    }
    let format = serde_json::from_str::<Format>(text).map_err(|e| StorageError::Damaged {
        detail: if e.is_syntax() || e.is_eof() {
            format!("not readable as JSON: {e}")
        } else {
            format!("not a saved game: {e}")
        },
    })?;
    match format.format {
        None => {
            return Err(StorageError::Damaged {
                detail: "no save format number".into(),
            });
        }
        Some(f) if f > newest as u64 => {
            return Err(StorageError::Newer {
                found: u32::try_from(f).unwrap_or(u32::MAX),
                supported: newest,
            });
        }
        Some(0) => {
            return Err(StorageError::Damaged {
                detail: "save format 0 does not exist".into(),
            });
        }
        Some(_) => {}
    }
    // A game of another kind is not read as this one.
    let found = GameKind::read(format.game_kind)?;
    if found != kind {
        return Err(StorageError::Damaged {
            detail: format!("a saved game of “{}”, not “{}”", found.code(), kind.code()),
        });
    }
    Ok(())
}

/// The players' names of a stored or imported session: one per seat, each as the New game screen
/// would have kept it (trimmed, 1 to 20 characters, all different). Every game's [`Kept::parse`]
/// checks them so.
pub fn check_names(names: &[String], players: usize) -> Result<(), StorageError> {
    match crate::names::validate_names(names) {
        Ok(clean) if clean == names => {}
        Ok(_) => {
            return Err(StorageError::Damaged {
                detail: "the players' names have stray spaces".into(),
            });
        }
        Err(e) => {
            return Err(StorageError::Damaged {
                detail: format!("the players' names are not valid: {e}"),
            });
        }
    }
    if names.len() != players {
        return Err(StorageError::Damaged {
            detail: format!("{} names for {players} players", names.len()),
        });
    }
    Ok(())
}

/// The game kind a stored or imported session says it is, read alone.
pub(super) fn kind_of_text(text: &str) -> Result<GameKind, StorageError> {
    #[derive(Deserialize)]
    struct Kind<'a> {
        #[serde(borrow)]
        game_kind: Option<&'a str>,
    }
    let kind = serde_json::from_str::<Kind>(text).map_err(|e| StorageError::Damaged {
        detail: if e.is_syntax() || e.is_eof() {
            format!("not readable as JSON: {e}")
        } else {
            format!("not a saved game: {e}")
        },
    })?;
    GameKind::read(kind.game_kind)
}

/// A game's saved session, as the store keeps it. Each game's module implements this for its own
/// session type; the store needs nothing else of the game.
pub trait Kept: Serialize + Sized {
    /// The session replayed through the game's rules.
    type Played;
    /// Which game.
    const KIND: GameKind;
    /// The newest save format this version writes and reads.
    const NEWEST_FORMAT: u32;
    /// Read a stored text and check it whole (start with [`check_format`]): its shape, its
    /// players' names and seats, and its moves replayed by the rules. Never a panic, whatever the
    /// text.
    fn parse(text: &str) -> Result<(Self, Self::Played), StorageError>;
    fn id(&self) -> &str;
    fn set_id(&mut self, id: String);
    /// The save format this session is written in (the oldest that holds it).
    fn format(&self) -> u32;
    /// The saved-games list's line for this session, replayed as `played`.
    fn summary(&self, played: &Self::Played) -> SaveSummary;
    /// The same game move for move (the same players, seats, setup and moves).
    fn same_game(&self, other: &Self) -> bool;
    /// This session holds every move of `stored` (the same setup, and `stored`'s moves are the
    /// first of its own): writing it over `stored` loses nothing.
    fn keeps_every_move_of(&self, stored: &Self) -> bool;
    /// How many moves the game has.
    fn move_count(&self) -> usize;
    /// The field of a saved text that lists the moves (read without replaying them, to tell
    /// whether another tab's game went on).
    const MOVES_FIELD: &'static str;
}

/// One game's way to read its saves, for what meets saves of every game (the list, export,
/// import): made by [`Reader::of`] from the game's [`Kept`] session type.
#[derive(Clone, Copy)]
pub struct Reader {
    pub kind: GameKind,
    pub(super) newest_format: u32,
    pub(super) read: fn(&str, Option<String>) -> Result<Read, StorageError>,
    pub(super) same: fn(&str, &str) -> bool,
}

/// A stored or imported session, read and replayed by its game's [`Reader`].
pub(super) struct Read {
    pub(super) summary: SaveSummary,
    /// The session as it is saved again (in the oldest format that holds it).
    pub(super) text: String,
    pub(super) format: u32,
}

impl Reader {
    pub const fn of<G: Kept>() -> Reader {
        Reader {
            kind: G::KIND,
            newest_format: G::NEWEST_FORMAT,
            read: read_as::<G>,
            same: same_as::<G>,
        }
    }
}

/// Read `text` as a `G` session, under the id `new_id` if one is given.
fn read_as<G: Kept>(text: &str, new_id: Option<String>) -> Result<Read, StorageError> {
    let (mut s, played) = G::parse(text)?;
    if let Some(id) = new_id {
        s.set_id(id);
    }
    Ok(Read {
        summary: s.summary(&played),
        text: serde_json::to_string(&s).expect("a session always serializes"),
        format: s.format(),
    })
}

/// Whether two stored texts are the same `G` game, move for move.
fn same_as<G: Kept>(a: &str, b: &str) -> bool {
    match (G::parse(a), G::parse(b)) {
        (Ok((a, _)), Ok((b, _))) => a.same_game(&b),
        _ => false,
    }
}

/// The reader of the game a text says it is.
pub(super) fn reader_of(readers: &[Reader], text: &str) -> Result<Reader, StorageError> {
    let kind = kind_of_text(text)?;
    readers
        .iter()
        .find(|r| r.kind == kind)
        .copied()
        .ok_or_else(|| StorageError::OtherGame {
            kind: kind.code().to_string(),
        })
}

/// The players' names and last update of a stored text that could not be read, if they can still be
/// picked out of it (to tell the player which game it was). Each is read on its own, so a damaged
/// one does not hide the other.
pub(super) fn salvage(text: &str) -> (Vec<String>, Option<f64>) {
    #[derive(Deserialize)]
    struct Names {
        names: Vec<String>,
    }
    #[derive(Deserialize)]
    struct Updated {
        updated_ms: f64,
    }
    let names = serde_json::from_str::<Names>(text)
        .map(|n| {
            n.names
                .into_iter()
                .take(7)
                .map(|s| s.chars().take(crate::names::NAME_MAX).collect())
                .collect()
        })
        .unwrap_or_default();
    let updated = serde_json::from_str::<Updated>(text)
        .ok()
        .map(|u| u.updated_ms);
    (names, updated)
}
