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
//! with an in-memory backend ([`Memory`]); the free functions use the browser's `localStorage`.

#![allow(dead_code)] // an API: each screen uses its part

use crate::i18n::{self, K, t, tf};
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;

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

/// Which of the app's games a save or export file is of: its `"game_kind"` field (in the stored
/// game, in an export file's envelope and in the index). A save or file without one was written
/// before the app held a second game: it is a Card Game.
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
        match kind {
            None | Some("card") => Ok(GameKind::Card),
            Some("board") => Ok(GameKind::Board),
            Some(other) => Err(StorageError::OtherGame {
                kind: other.chars().take(40).collect(),
            }),
        }
    }

    /// The kind's name in saves and storage keys (`"card"`).
    pub fn code(self) -> &'static str {
        match self {
            GameKind::Card => "card",
            GameKind::Board => "board",
        }
    }

    /// The game's name, as the saved-games list shows it beside each game.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Card => t(K::game_kind_card),
            GameKind::Board => t(K::game_kind_board),
        }
    }
}

/// Longest id we accept (ids become part of a storage key and a file name).
const ID_MAX: usize = 40;

// ---------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------
// Summaries, rows, settings
// ---------------------------------------------------------------------------------------------------

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
    /// Hash of the stored text this summary was made from.
    #[serde(default)]
    hash: String,
    /// The language `progress` is written in: in another language the summary is made again.
    #[serde(default)]
    lang: String,
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
            hash: String::new(),
            lang: i18n::lang().code().to_string(),
        }
    }

    /// The players' names as one line: "Ann, Bo and Cy".
    pub fn title(&self) -> String {
        names_line(&self.names)
    }
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

    fn updated(&self) -> f64 {
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

// ---------------------------------------------------------------------------------------------------
// Pure parsing and validation
// ---------------------------------------------------------------------------------------------------

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
fn kind_of_text(text: &str) -> Result<GameKind, StorageError> {
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
    newest_format: u32,
    read: fn(&str, Option<String>) -> Result<Read, StorageError>,
    same: fn(&str, &str) -> bool,
}

/// A stored or imported session, read and replayed by its game's [`Reader`].
struct Read {
    summary: SaveSummary,
    /// The session as it is saved again (in the oldest format that holds it).
    text: String,
    format: u32,
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
fn reader_of(readers: &[Reader], text: &str) -> Result<Reader, StorageError> {
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
fn salvage(text: &str) -> (Vec<String>, Option<f64>) {
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

/// The text of an export file: the session in a small envelope.
pub fn export_text<G: Kept>(s: &G) -> String {
    let game = serde_json::to_string(s).expect("a session always serializes");
    envelope_text(G::KIND, s.format(), &game)
}

/// An export file around a session's text (as it is saved).
fn envelope_text(game_kind: GameKind, format: u32, game: &str) -> String {
    let game = RawValue::from_string(game.to_string()).expect("a session's text is JSON");
    let envelope = ExportEnvelope {
        app: EXPORT_APP,
        kind: EXPORT_KIND,
        format,
        game_kind,
        game: &game,
    };
    indent_json(&serde_json::to_string(&envelope).expect("an envelope serializes"))
}

/// An export file: the session in a small envelope.
#[derive(Serialize)]
struct ExportEnvelope<'a> {
    app: &'a str,
    kind: &'a str,
    format: u32,
    game_kind: GameKind,
    game: &'a RawValue,
}

/// Compact JSON laid out as `serde_json::to_string_pretty` does (two spaces a level, `"key": value`),
/// so that an export file reads well. Done on the text, not with serde_json's pretty serializer: that
/// one would compile a second copy of every `Serialize` of a session into the download (about 6 KB).
fn indent_json(compact: &str) -> String {
    let mut out = String::with_capacity(compact.len() * 2);
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        for _ in 0..depth {
            out.push_str("  ");
        }
    };
    let mut chars = compact.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                // An empty object or array stays on its line: `{}`, `[]`.
                if chars.peek().is_some_and(|&n| n == '}' || n == ']') {
                    out.extend(chars.next());
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            _ => out.push(c),
        }
    }
    out
}

/// What an export file (or a bare saved session) holds: the reader of its game and the session's
/// text, once the envelope is checked (ours, a format and a game this version knows).
fn unwrap_import<'t>(text: &'t str, readers: &[Reader]) -> Result<(Reader, &'t str), StorageError> {
    /// What tells an export file from a bare session and from something else; the game itself is
    /// kept as text and read by its game's reader.
    #[derive(Deserialize)]
    struct Envelope<'a> {
        app: Option<String>,
        kind: Option<String>,
        format: Option<u64>,
        #[serde(borrow)]
        game: Option<&'a RawValue>,
        setup: Option<IgnoredAny>,
        actions: Option<IgnoredAny>,
    }
    let text = text.trim_start_matches('\u{feff}');
    let envelope: Envelope = serde_json::from_str(text).map_err(|e| StorageError::Foreign {
        detail: if e.is_syntax() || e.is_eof() {
            format!("not a JSON file: {e}")
        } else {
            format!("not a Camelot file: {e}")
        },
    })?;
    if envelope.app.is_some() || envelope.kind.is_some() {
        let app = envelope.app.as_deref().unwrap_or("");
        let kind = envelope.kind.as_deref().unwrap_or("");
        if app != EXPORT_APP || kind != EXPORT_KIND {
            return Err(StorageError::Foreign {
                detail: format!("app “{app}”, kind “{kind}”"),
            });
        }
        let reader = reader_of(readers, text)?;
        if let Some(f) = envelope.format
            && f > reader.newest_format as u64
        {
            return Err(StorageError::Newer {
                found: u32::try_from(f).unwrap_or(u32::MAX),
                supported: reader.newest_format,
            });
        }
        let game = envelope.game.ok_or_else(|| StorageError::Damaged {
            detail: "the file holds no game".into(),
        })?;
        Ok((reader, game.get()))
    } else if envelope.setup.is_some() && envelope.actions.is_some() {
        // A bare session, as stored in localStorage.
        Ok((reader_of(readers, text)?, text))
    } else {
        Err(StorageError::Foreign {
            detail: "no Camelot envelope".into(),
        })
    }
}

/// Ids are short and plain, since they become part of a storage key and a file name.
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= ID_MAX
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// An id made from `now_ms` that `taken` does not already hold.
pub fn fresh_id(now_ms: f64, taken: impl Fn(&str) -> bool) -> String {
    let base = format!("g{}", to_base36(now_ms.max(0.0) as u64));
    if !taken(&base) {
        return base;
    }
    (2u32..)
        .map(|n| format!("{base}-{n}"))
        .find(|id| !taken(id))
        .expect("some suffix is free")
}

fn to_base36(mut n: u64) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("ascii")
}

/// FNV-1a, 64 bits: enough to tell whether a stored text changed since its summary was made.
fn text_hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}-{}", text.len())
}

/// A file name for an exported game: `camelot-ann-bo-2025-03-09.json`.
pub fn export_file_name(names: &[String], updated_ms: f64, tz_offset_min: f64) -> String {
    let mut slug = String::new();
    for name in names {
        let part: String = i18n::lowercase(name)
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '-' })
            .collect();
        let part = part.trim_matches('-');
        if part.is_empty() {
            continue;
        }
        if !slug.is_empty() {
            slug.push('-');
        }
        slug.push_str(part);
        if slug.chars().count() > 40 {
            break;
        }
    }
    let (y, m, d) = civil_from_days(local_days(updated_ms, tz_offset_min));
    if slug.is_empty() {
        format!("camelot-{y:04}-{m:02}-{d:02}.json")
    } else {
        format!("camelot-{slug}-{y:04}-{m:02}-{d:02}.json")
    }
}

// ---------------------------------------------------------------------------------------------------
// Dates in plain words
// ---------------------------------------------------------------------------------------------------

const DAY_MS: f64 = 86_400_000.0;

/// Local milliseconds: `tz_offset_min` is JavaScript's `getTimezoneOffset()` (UTC − local).
fn local_ms(ms: f64, tz_offset_min: f64) -> f64 {
    ms - tz_offset_min * 60_000.0
}

fn local_days(ms: f64, tz_offset_min: f64) -> i64 {
    (local_ms(ms, tz_offset_min) / DAY_MS).floor() as i64
}

/// Days since 1970-01-01 → (year, month 1–12, day 1–31), proleptic Gregorian.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// What [`human_date`] asks its writer for: the date's time of day, its day and month, or its day,
/// month and year, each in the reader's own way of writing them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DatePart {
    Time,
    DayMonth,
    DayMonthYear,
}

/// A date in plain words relative to `now_ms`: "Today, 14:05", "Yesterday, 09:30",
/// "9 March, 14:05" (this year), "9 March 2024" (other years). `write` writes the parts of the date
/// (the browser's `Intl` in the interface's language, see [`human_date_local`]).
pub fn human_date(
    ms: f64,
    now_ms: f64,
    tz_offset_min: f64,
    write: &dyn Fn(DatePart) -> String,
) -> String {
    if !ms.is_finite() || ms <= 0.0 {
        return t(K::storage_date_unknown).to_string();
    }
    let day = local_days(ms, tz_offset_min);
    let today = local_days(now_ms, tz_offset_min);
    let (y, _, _) = civil_from_days(day);
    let (ty, _, _) = civil_from_days(today);
    if day == today {
        tf(K::storage_date_today, &[("time", &write(DatePart::Time))])
    } else if day + 1 == today {
        tf(
            K::storage_date_yesterday,
            &[("time", &write(DatePart::Time))],
        )
    } else if y == ty {
        tf(
            K::storage_date_this_year,
            &[
                ("date", &write(DatePart::DayMonth)),
                ("time", &write(DatePart::Time)),
            ],
        )
    } else {
        write(DatePart::DayMonthYear)
    }
}

// ---------------------------------------------------------------------------------------------------
// The store, over a backend
// ---------------------------------------------------------------------------------------------------

/// Where key/value strings live: the browser's `localStorage`, or memory in tests.
pub trait Backend {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError>;
    fn set(&self, key: &str, value: &str) -> Result<(), StorageError>;
    fn remove(&self, key: &str) -> Result<(), StorageError>;
    fn keys(&self) -> Result<Vec<String>, StorageError>;
}

/// An in-memory backend with an optional quota (in bytes of keys + values), for tests.
#[derive(Debug, Default)]
pub struct Memory {
    pub map: RefCell<BTreeMap<String, String>>,
    pub quota: Option<usize>,
}

impl Backend for Memory {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError> {
        Ok(self.map.borrow().get(key).cloned())
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StorageError> {
        if let Some(q) = self.quota {
            let used: usize = self
                .map
                .borrow()
                .iter()
                .filter(|(k, _)| k.as_str() != key)
                .map(|(k, v)| k.len() + v.len())
                .sum();
            if used + key.len() + value.len() > q {
                return Err(StorageError::from_js(
                    "QuotaExceededError",
                    "The quota has been exceeded.",
                ));
            }
        }
        self.map.borrow_mut().insert(key.into(), value.into());
        Ok(())
    }
    fn remove(&self, key: &str) -> Result<(), StorageError> {
        self.map.borrow_mut().remove(key);
        Ok(())
    }
    fn keys(&self) -> Result<Vec<String>, StorageError> {
        Ok(self.map.borrow().keys().cloned().collect())
    }
}

/// The browser's `localStorage`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Local;

impl Local {
    /// The storage, or why there is none (without panicking: `gloo-storage`'s `raw()` would).
    fn storage() -> Result<web_sys::Storage, StorageError> {
        let window =
            web_sys::window().ok_or_else(|| StorageError::Unavailable("no window".into()))?;
        match window.local_storage() {
            Ok(Some(s)) => Ok(s),
            Ok(None) => Err(StorageError::Unavailable("no localStorage".into())),
            Err(e) => Err(js_error(e)),
        }
    }
}

/// A thrown JavaScript value as a [`StorageError`], by its `name`.
fn js_error(e: wasm_bindgen::JsValue) -> StorageError {
    let field = |f: &str| {
        web_sys::js_sys::Reflect::get(&e, &wasm_bindgen::JsValue::from_str(f))
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    };
    StorageError::from_js(&field("name"), &field("message"))
}

impl Backend for Local {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError> {
        Local::storage()?.get_item(key).map_err(js_error)
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StorageError> {
        use gloo_storage::Storage as _;
        Local::storage()?;
        // gloo-storage stores values as JSON; our values are already JSON text, so write the raw
        // string through its storage handle and read the thrown error's name ourselves.
        gloo_storage::LocalStorage::raw()
            .set_item(key, value)
            .map_err(js_error)
    }
    fn remove(&self, key: &str) -> Result<(), StorageError> {
        Local::storage()?.remove_item(key).map_err(js_error)
    }
    fn keys(&self) -> Result<Vec<String>, StorageError> {
        let s = Local::storage()?;
        let n = s.length().map_err(js_error)?;
        let mut out = Vec::with_capacity(n as usize);
        for i in 0..n {
            if let Some(k) = s.key(i).map_err(js_error)? {
                out.push(k);
            }
        }
        Ok(out)
    }
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct Index {
    format: u32,
    games: Vec<SaveSummary>,
}

/// Saved games and settings over a [`Backend`].
pub struct Store<B: Backend> {
    pub backend: B,
    /// The hash of each saved game's text as this store (this tab of the app) last wrote it, by
    /// storage key: a stored text with another hash was written elsewhere since (and is read
    /// before it is replaced).
    seen: RefCell<BTreeMap<String, String>>,
    /// The saved games this tab opened or wrote, by storage key: how many moves its game has and
    /// the field of the saved text that lists them. Another tab writing more moves there means
    /// this tab's game went on elsewhere.
    open: RefCell<BTreeMap<String, (usize, &'static str)>>,
}

/// One tab's way to the same storage as other tabs' (in tests: two stores over one [`Memory`]).
impl<T: Backend + ?Sized> Backend for &T {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError> {
        (**self).get(key)
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StorageError> {
        (**self).set(key, value)
    }
    fn remove(&self, key: &str) -> Result<(), StorageError> {
        (**self).remove(key)
    }
    fn keys(&self) -> Result<Vec<String>, StorageError> {
        (**self).keys()
    }
}

/// The storage key of the saved game `id`.
pub fn game_key(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

impl<B: Backend> Store<B> {
    pub fn new(backend: B) -> Self {
        Store {
            backend,
            seen: RefCell::default(),
            open: RefCell::default(),
        }
    }

    fn read_index(&self) -> Index {
        // The index is only a cache: if it is missing or unreadable it is rebuilt.
        self.backend
            .get(INDEX_KEY)
            .ok()
            .flatten()
            .and_then(|t| serde_json::from_str::<Index>(&t).ok())
            .filter(|i| i.format == 1)
            .unwrap_or(Index {
                format: 1,
                games: Vec::new(),
            })
    }

    fn write_index(&self, index: &Index) {
        // A cache: if it cannot be written (say the storage is full), the list re-reads the games.
        let text = serde_json::to_string(index).expect("the index serializes");
        let _ = self.backend.set(INDEX_KEY, &text);
    }

    fn remember(&self, mut summary: SaveSummary, text: &str) {
        summary.hash = text_hash(text);
        let mut index = self.read_index();
        index.games.retain(|g| g.id != summary.id);
        index.games.push(summary);
        self.write_index(&index);
    }

    /// Save a session whose replayed state is `played`. A stored text under its id that cannot be
    /// read as this game is never overwritten, nor one that went on elsewhere (another tab wrote
    /// moves this session does not hold).
    pub fn save_played<G: Kept>(&self, s: &G, played: &G::Played) -> Result<(), StorageError> {
        if !valid_id(s.id()) {
            return Err(StorageError::Damaged {
                detail: format!("the game's id “{}” is not valid", s.id()),
            });
        }
        let key = game_key(s.id());
        if let Some(old) = self.backend.get(&key)? {
            let old_hash = text_hash(&old);
            // What this tab wrote last is its own to replace; anything else is read first.
            if self.seen.borrow().get(&key) != Some(&old_hash) {
                match G::parse(&old) {
                    Ok((stored, _)) if !s.keeps_every_move_of(&stored) => {
                        return Err(StorageError::MovedOn {
                            id: s.id().to_string(),
                        });
                    }
                    Ok(_) => {}
                    Err(problem) => {
                        let known = self
                            .read_index()
                            .games
                            .iter()
                            .any(|g| g.id == s.id() && g.hash == old_hash);
                        if !known {
                            return Err(StorageError::WouldOverwrite {
                                id: s.id().to_string(),
                                problem: Box::new(problem),
                            });
                        }
                    }
                }
            }
        }
        let text = serde_json::to_string(s).expect("a session always serializes");
        self.backend.set(&key, &text)?;
        self.seen.borrow_mut().insert(key.clone(), text_hash(&text));
        self.open
            .borrow_mut()
            .insert(key, (s.move_count(), G::MOVES_FIELD));
        self.remember(s.summary(played), &text);
        Ok(())
    }

    /// Whether another tab's write of `text` under `key` is a game this store opened or wrote,
    /// gone on elsewhere (see the free function [`moved_on_elsewhere`]).
    pub fn moved_on_elsewhere(&self, key: &str, text: Option<&str>) -> bool {
        let Some(&(mine, field)) = self.open.borrow().get(key) else {
            return false;
        };
        let Some(text) = text else { return true };
        let theirs = serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| v.get(field).and_then(|m| m.as_array().map(Vec::len)));
        theirs != Some(mine)
    }

    /// Open a saved game of `G`: the session and its replayed state.
    pub fn load_played<G: Kept>(&self, id: &str) -> Result<(G, G::Played), StorageError> {
        let text = self.text_of(id)?;
        let (session, played) = G::parse(&text)?;
        if session.id() != id {
            return Err(StorageError::Damaged {
                detail: format!("stored under “{id}” but its id is “{}”", session.id()),
            });
        }
        self.open
            .borrow_mut()
            .insert(game_key(id), (session.move_count(), G::MOVES_FIELD));
        // The index (Home's and the list's cache) learns of a game it did not know as it is.
        let hash = text_hash(&text);
        let lang = i18n::lang().code();
        if !self
            .read_index()
            .games
            .iter()
            .any(|g| g.id == id && g.hash == hash && g.lang == lang)
        {
            self.remember(session.summary(&played), &text);
        }
        Ok((session, played))
    }

    /// The stored text of the game `id`.
    fn text_of(&self, id: &str) -> Result<String, StorageError> {
        if !valid_id(id) {
            return Err(StorageError::NotFound { id: id.into() });
        }
        self.backend
            .get(&game_key(id))?
            .ok_or_else(|| StorageError::NotFound { id: id.into() })
    }

    /// Which game the saved game `id` is (read from its text alone, nothing replayed): where it
    /// opens.
    pub fn kind_of(&self, id: &str) -> Result<GameKind, StorageError> {
        kind_of_text(&self.text_of(id)?)
    }

    /// Read the saved game `id` with its game's reader.
    fn read(&self, id: &str, readers: &[Reader]) -> Result<Read, StorageError> {
        let text = self.text_of(id)?;
        let read = (reader_of(readers, &text)?.read)(&text, None)?;
        if read.summary.id != id {
            return Err(StorageError::Damaged {
                detail: format!("stored under “{id}” but its id is “{}”", read.summary.id),
            });
        }
        Ok(read)
    }

    /// Every saved game, most recently played first, the unreadable ones last. Games the index
    /// knows as they are stored are not read again; the others are read by their game's reader.
    pub fn list(&self, readers: &[Reader]) -> Result<Vec<SavedRow>, StorageError> {
        let keys = self.backend.keys()?;
        let index = self.read_index();
        let mut fresh: Vec<SaveSummary> = Vec::new();
        let mut rows = Vec::new();
        let mut changed = false;
        for key in keys {
            let Some(id) = key.strip_prefix(GAME_PREFIX) else {
                continue;
            };
            let Some(text) = self.backend.get(&key)? else {
                continue;
            };
            let hash = text_hash(&text);
            let lang = i18n::lang().code();
            if let Some(s) = index
                .games
                .iter()
                .find(|g| g.id == id && g.hash == hash && g.lang == lang)
            {
                fresh.push(s.clone());
                rows.push(SavedRow::Ready(s.clone()));
                continue;
            }
            changed = true;
            match self.read(id, readers) {
                Ok(read) => {
                    let mut summary = read.summary;
                    summary.hash = hash;
                    fresh.push(summary.clone());
                    rows.push(SavedRow::Ready(summary));
                }
                Err(problem) => {
                    let (names, updated_ms) = salvage(&text);
                    rows.push(SavedRow::Unreadable {
                        id: id.to_string(),
                        names,
                        updated_ms,
                        problem,
                    });
                }
            }
        }
        if changed || fresh.len() != index.games.len() {
            self.write_index(&Index {
                format: 1,
                games: fresh,
            });
        }
        // Ids are unique, so the order is total and an unstable sort is exact (and smaller).
        rows.sort_unstable_by(|a, b| {
            let unreadable = |r: &SavedRow| matches!(r, SavedRow::Unreadable { .. });
            unreadable(a)
                .cmp(&unreadable(b))
                .then(b.updated().total_cmp(&a.updated()))
                .then(a.id().cmp(b.id()))
        });
        Ok(rows)
    }

    /// Delete a saved game (only ever on the player's request).
    pub fn delete(&self, id: &str) -> Result<(), StorageError> {
        self.backend.remove(&game_key(id))?;
        let mut index = self.read_index();
        let before = index.games.len();
        index.games.retain(|g| g.id != id);
        if index.games.len() != before {
            self.write_index(&index);
        }
        if self.current_id().as_deref() == Some(id) {
            self.clear_current();
        }
        Ok(())
    }

    pub fn exists(&self, id: &str) -> bool {
        matches!(self.backend.get(&game_key(id)), Ok(Some(_)))
    }

    /// A new id no saved game uses.
    pub fn new_id(&self, now_ms: f64) -> String {
        fresh_id(now_ms, |id| self.exists(id))
    }

    /// The export file's text for a saved game.
    pub fn export(&self, id: &str, readers: &[Reader]) -> Result<String, StorageError> {
        let text = self.text_of(id)?;
        let reader = reader_of(readers, &text)?;
        let read = self.read(id, readers)?;
        Ok(envelope_text(reader.kind, read.format, &read.text))
    }

    /// The saved game that the session `text` (of `reader`'s game) already is, move for move, if
    /// one is kept here: importing the same file twice finds the first import.
    fn same_game(&self, reader: &Reader, text: &str) -> Option<String> {
        self.backend
            .keys()
            .ok()?
            .iter()
            .filter_map(|key| key.strip_prefix(GAME_PREFIX))
            .find(|id| {
                self.text_of(id).is_ok_and(|kept| {
                    kind_of_text(&kept).is_ok_and(|k| k == reader.kind)
                        && (reader.same)(&kept, text)
                })
            })
            .map(str::to_string)
    }

    /// Import an export file unless its game is already kept here, move for move: then nothing
    /// is saved, and the player is asked whether to keep both ([`Store::import`]) or skip it.
    pub fn import_new(
        &self,
        text: &str,
        now_ms: f64,
        readers: &[Reader],
    ) -> Result<Imported, StorageError> {
        let (reader, game) = unwrap_import(text, readers)?;
        let read = (reader.read)(game, None)?;
        if let Some(id) = self.same_game(&reader, game) {
            return Ok(Imported::AlreadyHere {
                id,
                names: read.summary.names,
            });
        }
        self.import(text, now_ms, readers).map(Imported::Added)
    }

    /// Import an export file: checked, given a new id if its id is taken (or not valid), saved.
    pub fn import(
        &self,
        text: &str,
        now_ms: f64,
        readers: &[Reader],
    ) -> Result<SaveSummary, StorageError> {
        let (reader, game) = unwrap_import(text, readers)?;
        let mut read = (reader.read)(game, None)?;
        if !valid_id(&read.summary.id) || self.exists(&read.summary.id) {
            read = (reader.read)(game, Some(self.new_id(now_ms)))?;
        }
        self.backend.set(&game_key(&read.summary.id), &read.text)?;
        self.remember(read.summary.clone(), &read.text);
        Ok(read.summary)
    }

    pub fn current_id(&self) -> Option<String> {
        let text = self.backend.get(CURRENT_KEY).ok().flatten()?;
        let id: String = serde_json::from_str(&text).ok()?;
        valid_id(&id).then_some(id)
    }

    /// The game to continue, as Home shows it, from the index alone: no game is read or replayed
    /// (so Home needs none of a game's rules). A summary made from another text than the one
    /// stored gives only the players' names; one in another language, no progress line.
    pub fn current_game(&self) -> Option<CurrentGame> {
        let id = self.current_id()?;
        let text = self.backend.get(&game_key(&id)).ok().flatten()?;
        let hash = text_hash(&text);
        let index = self.read_index();
        match index
            .games
            .into_iter()
            .find(|g| g.id == id && g.hash == hash)
        {
            Some(s) => Some(CurrentGame {
                progress: (s.lang == i18n::lang().code()).then_some(s.progress),
                id,
                names: s.names,
                finished: s.finished,
                game_kind: s.game_kind,
            }),
            None => Some(CurrentGame {
                id,
                names: salvage(&text).0,
                progress: None,
                finished: false,
                game_kind: kind_of_text(&text).unwrap_or_default(),
            }),
        }
    }

    pub fn set_current(&self, id: &str) -> Result<(), StorageError> {
        let text = serde_json::to_string(id).expect("a string serializes");
        self.backend.set(CURRENT_KEY, &text)
    }

    pub fn clear_current(&self) {
        let _ = self.backend.remove(CURRENT_KEY);
    }

    /// The settings; defaults when none are saved or they cannot be read.
    pub fn load_settings(&self) -> Settings {
        self.backend
            .get(SETTINGS_KEY)
            .ok()
            .flatten()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default()
    }

    pub fn save_settings(&self, settings: &Settings) -> Result<(), StorageError> {
        let text = serde_json::to_string(settings).expect("settings serialize");
        self.backend.set(SETTINGS_KEY, &text)
    }

    /// The app's settings as stored, unread (a game moving its own settings out of them).
    pub fn settings_text(&self) -> Option<String> {
        self.backend.get(SETTINGS_KEY).ok().flatten()
    }

    /// One game's own settings, if it has saved any (unreadable ones count as none).
    pub fn load_game_settings<T: serde::de::DeserializeOwned>(&self, kind: GameKind) -> Option<T> {
        let text = self.backend.get(&game_settings_key(kind)).ok().flatten()?;
        serde_json::from_str(&text).ok()
    }

    pub fn save_game_settings<T: Serialize>(
        &self,
        kind: GameKind,
        settings: &T,
    ) -> Result<(), StorageError> {
        let text = serde_json::to_string(settings).expect("settings serialize");
        self.backend.set(&game_settings_key(kind), &text)
    }
}

// ---------------------------------------------------------------------------------------------------
// The app's API: the browser's localStorage
// ---------------------------------------------------------------------------------------------------

/// This tab's store of the browser's `localStorage` (one per tab: it remembers what this tab
/// read and wrote).
fn local() -> &'static Store<Local> {
    thread_local! {
        static LOCAL: &'static Store<Local> = Box::leak(Box::new(Store::new(Local)));
    }
    LOCAL.with(|s| *s)
}

/// Whether this browser lets the app keep anything (else why not, in plain words).
pub fn available() -> Result<(), StorageError> {
    Local::storage().map(|_| ())
}

/// Save a session whose replayed state is `played` (after every action).
pub fn save_played<G: Kept>(s: &G, played: &G::Played) -> Result<(), StorageError> {
    local().save_played(s, played)
}

/// Open a saved game of `G` with its replayed state.
pub fn load_played<G: Kept>(id: &str) -> Result<(G, G::Played), StorageError> {
    local().load_played(id)
}

/// Save a game being played (after every action) and make it the game to continue; the error in
/// plain words. A game that went on in another tab is not saved: this tab opens it again as it
/// stands there.
pub fn keep<G: Kept>(s: &G, played: &G::Played) -> Result<(), String> {
    match save_played(s, played) {
        Err(e @ StorageError::MovedOn { .. }) => {
            crate::shell::follow_elsewhere();
            Err(e.to_string())
        }
        Err(e) => Err(e.to_string()),
        Ok(()) => set_current(s.id()).map_err(|e| e.to_string()),
    }
}

/// Whether another tab's write of `text` under `key` is the game this tab has open gone on: more
/// moves (or fewer) than this tab's, or the game gone (`None`). A write that changed only what
/// the screens show (a card turned over at the end, a screen seen) is not.
pub fn moved_on_elsewhere(key: &str, text: Option<&str>) -> bool {
    local().moved_on_elsewhere(key, text)
}

/// Whether the storage key `key` holds settings (the app's or a game's own).
pub fn is_settings_key(key: &str) -> bool {
    key == SETTINGS_KEY || (key.starts_with("camelot/v1/") && key.ends_with("/settings"))
}

/// Open a saved game of `G` to play it; the error in plain words.
pub fn open<G: Kept>(id: &str) -> Result<(G, G::Played), String> {
    load_played(id).map_err(|e| e.to_string())
}

/// Which game the saved game `id` is.
pub fn kind_of(id: &str) -> Result<GameKind, StorageError> {
    local().kind_of(id)
}

/// Every saved game (readable or not), most recent first; empty if storage is unavailable.
pub fn list(readers: &[Reader]) -> Vec<SavedRow> {
    local().list(readers).unwrap_or_default()
}

/// Delete a saved game (clears the current-game pointer if it pointed there).
pub fn delete(id: &str) -> Result<(), StorageError> {
    local().delete(id)
}

/// A new id, unused by any saved game.
pub fn new_id() -> String {
    local().new_id(now_ms())
}

pub fn current_id() -> Option<String> {
    local().current_id()
}

pub fn set_current(id: &str) -> Result<(), StorageError> {
    local().set_current(id)
}

pub fn clear_current() {
    local().clear_current()
}

pub fn load_settings() -> Settings {
    local().load_settings()
}

pub fn save_settings(settings: &Settings) -> Result<(), StorageError> {
    local().save_settings(settings)
}

pub fn settings_text() -> Option<String> {
    local().settings_text()
}

pub fn load_game_settings<T: serde::de::DeserializeOwned>(kind: GameKind) -> Option<T> {
    local().load_game_settings(kind)
}

pub fn save_game_settings<T: Serialize>(kind: GameKind, settings: &T) -> Result<(), StorageError> {
    local().save_game_settings(kind, settings)
}

/// The export file's text (JSON in a `{app, kind, format, game}` envelope).
pub fn export(id: &str, readers: &[Reader]) -> Result<String, StorageError> {
    local().export(id, readers)
}

/// Import an export file's text; saved under a new id if its id is already used.
pub fn import(text: &str, readers: &[Reader]) -> Result<SaveSummary, StorageError> {
    local().import(text, now_ms(), readers)
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

pub fn current_game() -> Option<CurrentGame> {
    local().current_game()
}

/// What importing a file did.
#[derive(Clone, Debug, PartialEq)]
pub enum Imported {
    /// Saved, as this game.
    Added(SaveSummary),
    /// Not saved: the game `id` is this very game already (its players are `names`).
    AlreadyHere { id: String, names: Vec<String> },
}

pub fn import_new(text: &str, readers: &[Reader]) -> Result<Imported, StorageError> {
    local().import_new(text, now_ms(), readers)
}

/// Milliseconds since the epoch.
pub fn now_ms() -> f64 {
    web_sys::js_sys::Date::now()
}

/// JavaScript's `getTimezoneOffset()` for `ms` (minutes, UTC − local).
pub fn tz_offset_min(ms: f64) -> f64 {
    web_sys::js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms)).get_timezone_offset()
}

/// The locale dates are written in: the browser's own if it is of the interface's language (so
/// `en-GB` keeps its day before the month), else the interface's language.
fn date_locale() -> String {
    let lang = i18n::lang();
    i18n::browser_languages()
        .into_iter()
        .find(|code| i18n::Lang::from_code(code) == Some(lang))
        .unwrap_or_else(|| lang.code().to_string())
}

/// [`human_date`] in this browser's time zone, its parts written by the browser (`Intl`) in the
/// interface's language.
pub fn human_date_local(ms: f64) -> String {
    use wasm_bindgen::JsValue;
    use web_sys::js_sys::{Date, Object, Reflect};
    let date = Date::new(&JsValue::from_f64(ms));
    let locale = date_locale();
    let options = |fields: &[(&str, &str)]| {
        let o = Object::new();
        for (k, v) in fields {
            let _ = Reflect::set(&o, &JsValue::from_str(k), &JsValue::from_str(v));
        }
        JsValue::from(o)
    };
    let write = |part: DatePart| -> String {
        match part {
            DatePart::Time => date.to_locale_time_string_with_options(
                &locale,
                &options(&[("hour", "2-digit"), ("minute", "2-digit")]),
            ),
            DatePart::DayMonth => date
                .to_locale_date_string(&locale, &options(&[("day", "numeric"), ("month", "long")])),
            DatePart::DayMonthYear => date.to_locale_date_string(
                &locale,
                &options(&[("day", "numeric"), ("month", "long"), ("year", "numeric")]),
            ),
        }
        .into()
    };
    human_date(ms, now_ms(), tz_offset_min(ms), &write)
}

// ---------------------------------------------------------------------------------------------------
// Tests (native, in memory)
// ---------------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn store() -> Store<Memory> {
        Store::new(Memory::default())
    }

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    /// An export file reads like serde_json's own pretty printing, strings that look like JSON
    /// included, and empty objects and arrays stay on their line.
    #[test]
    fn an_export_file_is_laid_out_as_pretty_json() {
        for compact in [
            r#"{"a":[],"b":{},"c":[1,{"d":"}"}]}"#,
            r#"{"app":"camelot","n":[1,2.5,null,true],"names":["Ann {x}","Bo, \"[y]\": z\\","Cy"]}"#,
        ] {
            assert_eq!(
                indent_json(compact),
                serde_json::to_string_pretty(&serde_json::from_str::<Value>(compact).unwrap())
                    .unwrap()
            );
        }
    }

    #[test]
    fn ids_are_plain_and_fresh() {
        assert!(valid_id("g1a2b-3"));
        assert!(!valid_id(""));
        assert!(!valid_id("a/b"));
        assert!(!valid_id(&"x".repeat(41)));
        let st = store();
        let id = st.new_id(1_700_000_000_000.0);
        assert!(valid_id(&id));
        st.backend.set(&game_key(&id), "{}").unwrap();
        let id2 = st.new_id(1_700_000_000_000.0);
        assert_ne!(id, id2);
        assert!(valid_id(&id2));
        assert_eq!(to_base36(0), "0");
        assert_eq!(to_base36(35), "z");
        assert_eq!(to_base36(36), "10");
    }

    fn british(ms: f64, tz_offset_min: f64) -> impl Fn(DatePart) -> String {
        const MONTHS: [&str; 12] = [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ];
        move |part| {
            let minutes =
                (local_ms(ms, tz_offset_min).rem_euclid(DAY_MS) / 60_000.0).floor() as u32;
            let (y, m, d) = civil_from_days(local_days(ms, tz_offset_min));
            let month = MONTHS[m as usize - 1];
            match part {
                DatePart::Time => format!("{:02}:{:02}", minutes / 60, minutes % 60),
                DatePart::DayMonth => format!("{d} {month}"),
                DatePart::DayMonthYear => format!("{d} {month} {y}"),
            }
        }
    }

    #[test]
    fn dates_read_plainly() {
        // 2024-03-09 14:05 UTC.
        let t = 1_709_993_100_000.0;
        let date = |now: f64, tz: f64| human_date(t, now, tz, &british(t, tz));
        assert_eq!(date(t + 60_000.0, 0.0), "Today, 14:05");
        assert_eq!(date(t + DAY_MS, 0.0), "Yesterday, 14:05");
        assert_eq!(date(t + 10.0 * DAY_MS, 0.0), "9 March, 14:05");
        assert_eq!(date(t + 400.0 * DAY_MS, 0.0), "9 March 2024");
        // UTC+1 (offset −60): 15:05 local.
        assert_eq!(date(t, -60.0), "Today, 15:05");
        // UTC−15 crosses back a day.
        assert_eq!(date(t + DAY_MS, 900.0), "Yesterday, 23:05");
        assert_eq!(human_date(0.0, t, 0.0, &british(0.0, 0.0)), "Unknown date");
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(
            export_file_name(&names(&["Ann", "Bo Ek", "<x>"]), t, 0.0),
            "camelot-ann-bo-ek-x-2024-03-09.json"
        );
        assert_eq!(
            export_file_name(&names(&["!!"]), t, 0.0),
            "camelot-2024-03-09.json"
        );
        assert_eq!(names_line(&names(&["A", "B"])), "A and B");
    }
}
