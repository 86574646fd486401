//! Saved games and settings in the browser's `localStorage` (through `gloo-storage`).
//!
//! Keys are namespaced under `camelot/v1/`:
//! - `camelot/v1/game/<id>` — one [`Session`] as JSON (it carries its save format, at most [`SAVE_FORMAT`]);
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
//! All the logic lives in [`Store`], generic over a tiny [`Backend`], so it is unit-tested natively
//! with an in-memory backend ([`Memory`]); the free functions use the browser's `localStorage`.

#![allow(dead_code)] // an API: each screen uses its part

use crate::card::session::{SAVE_FORMAT, Session};
use crate::i18n::{self, K, t, tf};
use camelot_card::{Game, ReplayError};
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
}

impl GameKind {
    /// The `game_kind` of a stored or imported text: absent means a Card Game (every save and file
    /// written before the field existed). A kind this version does not know was written by a newer
    /// one.
    pub fn read(kind: Option<&str>) -> Result<GameKind, StorageError> {
        match kind {
            None | Some("card") => Ok(GameKind::Card),
            Some(other) => Err(StorageError::OtherGame {
                kind: other.chars().take(40).collect(),
            }),
        }
    }

    /// The game's name, as the saved-games list shows it beside each game.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Card => t(K::game_kind_card),
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
            StorageError::Full | StorageError::NotFound { .. } => None,
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
    /// `Session::progress`: whose turn and the swords, or the result.
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
    /// A summary of a session whose replayed state is `game`.
    pub fn of(s: &Session, game: &Game) -> SaveSummary {
        SaveSummary {
            id: s.id.clone(),
            names: s.names.clone(),
            created_ms: s.created_ms,
            updated_ms: s.updated_ms,
            progress: s.progress(game),
            finished: game.is_over(),
            game_kind: s.game_kind,
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
    /// The interface language, once there is a choice (issue 5). `None` = the browser's.
    pub language: Option<String>,
}

/// The key of one game's own settings: `camelot/v1/<game>/settings` (the app's own are
/// [`SETTINGS_KEY`]).
pub fn game_settings_key(kind: GameKind) -> String {
    let game = match kind {
        GameKind::Card => "card",
    };
    format!("{PREFIX}{game}/settings")
}

// ---------------------------------------------------------------------------------------------------
// Pure parsing and validation
// ---------------------------------------------------------------------------------------------------

/// Read a stored or imported session: JSON, our shape, a format we know, names matching the
/// setup, and actions that replay. Returns the session and its replayed game.
///
/// Typed reads only (no generic JSON value): the format number is read first, on its own, so a
/// newer save is reported as newer whatever else it holds.
pub fn parse_session(text: &str) -> Result<(Session, Game), StorageError> {
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
        Some(f) if f > SAVE_FORMAT as u64 => {
            return Err(StorageError::Newer {
                found: u32::try_from(f).unwrap_or(u32::MAX),
                supported: SAVE_FORMAT,
            });
        }
        Some(0) => {
            return Err(StorageError::Damaged {
                detail: "save format 0 does not exist".into(),
            });
        }
        Some(_) => {}
    }
    // A game of another kind is not read as a Card Game.
    GameKind::read(format.game_kind)?;
    let mut session: Session = serde_json::from_str(text).map_err(|e| StorageError::Damaged {
        detail: format!("not a saved game: {e}"),
    })?;
    // Format 1 had no sitters: every seat a person, which is what an empty list means now.
    if let Err(e) =
        crate::card::session::validate_sitters(&session.sitters, session.setup.players as usize)
    {
        return Err(StorageError::Damaged {
            detail: format!("the seats are not valid: {e}"),
        });
    }
    match crate::card::session::validate_names(&session.names) {
        Ok(clean) if clean == session.names => {}
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
    if session.names.len() != session.setup.players as usize {
        return Err(StorageError::Damaged {
            detail: format!(
                "{} names for {} players",
                session.names.len(),
                session.setup.players
            ),
        });
    }
    // Saved again in the oldest format that holds it (see `SAVE_FORMAT`).
    session.format = session.needed_format();
    let game = session.game().map_err(StorageError::from)?;
    Ok((session, game))
}

/// A saved game that does not replay, in plain words (the engine's words as the detail).
impl From<ReplayError> for StorageError {
    fn from(e: ReplayError) -> StorageError {
        match e {
            ReplayError::Setup(e) => StorageError::Damaged {
                detail: format!("setup: {e}"),
            },
            ReplayError::Action { index, error } => StorageError::DoesNotReplay {
                move_number: index + 1,
                detail: error.to_string(),
            },
        }
    }
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
                .map(|s| s.chars().take(crate::card::session::NAME_MAX).collect())
                .collect()
        })
        .unwrap_or_default();
    let updated = serde_json::from_str::<Updated>(text)
        .ok()
        .map(|u| u.updated_ms);
    (names, updated)
}

/// The text of an export file: the session in a small envelope.
pub fn export_text(s: &Session) -> String {
    indent_json(
        &serde_json::to_string(&ExportEnvelope::of(s)).expect("a session always serializes"),
    )
}

/// An export file: the session in a small envelope.
#[derive(Serialize)]
struct ExportEnvelope<'a> {
    app: &'a str,
    kind: &'a str,
    format: u32,
    game_kind: GameKind,
    game: &'a Session,
}

impl<'a> ExportEnvelope<'a> {
    fn of(s: &'a Session) -> Self {
        ExportEnvelope {
            app: EXPORT_APP,
            kind: EXPORT_KIND,
            format: s.needed_format(),
            game_kind: s.game_kind,
            game: s,
        }
    }
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

/// Read an export file (or a bare saved session): checks it is ours, of a format we know, and
/// replays. The id is as in the file; [`Store::import`] gives it a new one if needed.
pub fn parse_import(text: &str) -> Result<(Session, Game), StorageError> {
    /// What tells an export file from a bare session and from something else; the game itself is
    /// kept as text and read by [`parse_session`].
    #[derive(Deserialize)]
    struct Envelope<'a> {
        app: Option<String>,
        kind: Option<String>,
        format: Option<u64>,
        #[serde(borrow)]
        game_kind: Option<&'a str>,
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
        if let Some(f) = envelope.format
            && f > SAVE_FORMAT as u64
        {
            return Err(StorageError::Newer {
                found: u32::try_from(f).unwrap_or(u32::MAX),
                supported: SAVE_FORMAT,
            });
        }
        GameKind::read(envelope.game_kind)?;
        let game = envelope.game.ok_or_else(|| StorageError::Damaged {
            detail: "the file holds no game".into(),
        })?;
        parse_session(game.get())
    } else if envelope.setup.is_some() && envelope.actions.is_some() {
        // A bare session, as stored in localStorage.
        parse_session(text)
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
}

fn game_key(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

impl<B: Backend> Store<B> {
    pub fn new(backend: B) -> Self {
        Store { backend }
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

    /// Save a session whose replayed state is `game` (saves replaying it again).
    pub fn save_played(&self, s: &Session, game: &Game) -> Result<(), StorageError> {
        if !valid_id(&s.id) {
            return Err(StorageError::Damaged {
                detail: format!("the game's id “{}” is not valid", s.id),
            });
        }
        let key = game_key(&s.id);
        if let Some(old) = self.backend.get(&key)? {
            let known = self
                .read_index()
                .games
                .iter()
                .any(|g| g.id == s.id && g.hash == text_hash(&old));
            if !known && let Err(problem) = parse_session(&old) {
                return Err(StorageError::WouldOverwrite {
                    id: s.id.clone(),
                    problem: Box::new(problem),
                });
            }
        }
        let text = serde_json::to_string(s).expect("a session always serializes");
        self.backend.set(&key, &text)?;
        self.remember(SaveSummary::of(s, game), &text);
        Ok(())
    }

    /// Save a session (replays it for its summary).
    pub fn save(&self, s: &Session) -> Result<(), StorageError> {
        let game = s.game().map_err(|e| StorageError::Damaged {
            detail: format!("the game does not replay: {e}"),
        })?;
        self.save_played(s, &game)
    }

    /// Open a saved game: the session and its replayed state.
    pub fn load_played(&self, id: &str) -> Result<(Session, Game), StorageError> {
        if !valid_id(id) {
            return Err(StorageError::NotFound { id: id.into() });
        }
        let text = self
            .backend
            .get(&game_key(id))?
            .ok_or_else(|| StorageError::NotFound { id: id.into() })?;
        let (session, game) = parse_session(&text)?;
        if session.id != id {
            return Err(StorageError::Damaged {
                detail: format!("stored under “{id}” but its id is “{}”", session.id),
            });
        }
        // The index (Home's and the list's cache) learns of a game it did not know as it is.
        let hash = text_hash(&text);
        let lang = i18n::lang().code();
        if !self
            .read_index()
            .games
            .iter()
            .any(|g| g.id == id && g.hash == hash && g.lang == lang)
        {
            self.remember(SaveSummary::of(&session, &game), &text);
        }
        Ok((session, game))
    }

    pub fn load(&self, id: &str) -> Result<Session, StorageError> {
        self.load_played(id).map(|(s, _)| s)
    }

    /// Every saved game, most recently played first, the unreadable ones last.
    pub fn list(&self) -> Result<Vec<SavedRow>, StorageError> {
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
            let parsed = parse_session(&text).and_then(|(s, g)| {
                if s.id == id {
                    Ok((s, g))
                } else {
                    Err(StorageError::Damaged {
                        detail: format!("stored under “{id}” but its id is “{}”", s.id),
                    })
                }
            });
            match parsed {
                Ok((s, g)) => {
                    let mut summary = SaveSummary::of(&s, &g);
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
    pub fn export(&self, id: &str) -> Result<String, StorageError> {
        let (s, _) = self.load_played(id)?;
        Ok(export_text(&s))
    }

    /// The export file of `s` (as [`Store::export`] writes it for a saved game).
    pub fn export_text_of(&self, s: &Session) -> String {
        export_text(s)
    }

    /// The saved game that `s` already is, move for move (the same players, seats, setup and
    /// actions), if one is kept here: importing the same file twice finds the first import.
    pub fn same_game(&self, s: &Session) -> Option<String> {
        self.backend
            .keys()
            .ok()?
            .iter()
            .filter_map(|key| key.strip_prefix(GAME_PREFIX))
            .find(|id| {
                self.load(id).is_ok_and(|kept| {
                    kept.names == s.names
                        && kept.setup == s.setup
                        && kept.sitters == s.sitters
                        && kept.actions == s.actions
                })
            })
            .map(str::to_string)
    }

    /// Import an export file unless its game is already kept here, move for move: then nothing
    /// is saved, and the player is asked whether to keep both ([`Store::import`]) or skip it.
    pub fn import_new(&self, text: &str, now_ms: f64) -> Result<Imported, StorageError> {
        let (s, _) = parse_import(text)?;
        if let Some(id) = self.same_game(&s) {
            return Ok(Imported::AlreadyHere { id, names: s.names });
        }
        self.import(text, now_ms).map(Imported::Added)
    }

    /// Import an export file: checked, given a new id if its id is taken (or not valid), saved.
    pub fn import(&self, text: &str, now_ms: f64) -> Result<Session, StorageError> {
        let (mut s, game) = parse_import(text)?;
        if !valid_id(&s.id) || self.exists(&s.id) {
            s.id = self.new_id(now_ms);
        }
        self.save_played(&s, &game)?;
        Ok(s)
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
            }),
            None => Some(CurrentGame {
                id,
                names: salvage(&text).0,
                progress: None,
                finished: false,
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

fn local() -> Store<Local> {
    Store::new(Local)
}

/// Whether this browser lets the app keep anything (else why not, in plain words).
pub fn available() -> Result<(), StorageError> {
    Local::storage().map(|_| ())
}

/// Save a session (call after every action). Replays it for the list's summary; if you already
/// hold the replayed game, [`save_played`] is cheaper.
pub fn save(s: &Session) -> Result<(), StorageError> {
    local().save(s)
}

/// Save a session whose replayed state is `game`.
pub fn save_played(s: &Session, game: &Game) -> Result<(), StorageError> {
    local().save_played(s, game)
}

pub fn load(id: &str) -> Result<Session, StorageError> {
    local().load(id)
}

/// Open a saved game with its replayed state.
pub fn load_played(id: &str) -> Result<(Session, Game), StorageError> {
    local().load_played(id)
}

/// Every saved game (readable or not), most recent first; empty if storage is unavailable.
pub fn list() -> Vec<SavedRow> {
    local().list().unwrap_or_default()
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
pub fn export(id: &str) -> Result<String, StorageError> {
    local().export(id)
}

/// Import an export file's text; saved under a new id if its id is already used.
pub fn import(text: &str) -> Result<Session, StorageError> {
    local().import(text, now_ms())
}

/// The game to continue, as Home shows it ([`Store::current_game`]).
#[derive(Clone, Debug, PartialEq)]
pub struct CurrentGame {
    pub id: String,
    pub names: Vec<String>,
    /// Whose turn and the swords, or the result, when the index knows it in this language.
    pub progress: Option<String>,
    pub finished: bool,
}

pub fn current_game() -> Option<CurrentGame> {
    local().current_game()
}

/// What importing a file did.
#[derive(Clone, Debug, PartialEq)]
pub enum Imported {
    /// Saved, as this session.
    Added(Session),
    /// Not saved: the game `id` is this very game already (its players are `names`).
    AlreadyHere { id: String, names: Vec<String> },
}

pub fn import_new(text: &str) -> Result<Imported, StorageError> {
    local().import_new(text, now_ms())
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
    use crate::card::session::Sitter;
    use camelot_card::bot::Level;
    use camelot_card::{Seat, Setup};
    use serde_json::Value;

    fn store() -> Store<Memory> {
        Store::new(Memory::default())
    }

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    /// A session with `moves` actions played (always the first legal one).
    fn session(id: &str, players: &[&str], seed: u64, moves: usize) -> (Session, Game) {
        let mut s = Session::new(
            id.into(),
            names(players),
            Setup::new(players.len() as u8, seed),
            1_700_000_000_000.0,
        );
        let mut g = s.game().unwrap();
        for i in 0..moves {
            let Some((seat, _)) = g.decider() else { break };
            let a = g.legal_actions()[0];
            s.apply(&mut g, seat, a, 1_700_000_000_000.0 + i as f64)
                .unwrap();
        }
        (s, g)
    }

    #[test]
    fn saves_load_and_list_most_recent_first() {
        let st = store();
        let (a, ga) = session("ga", &["Ann", "Bo"], 1, 4);
        let (mut b, gb) = session("gb", &["Cy", "Di", "Ed"], 2, 6);
        b.updated_ms += 10_000.0;
        st.save_played(&a, &ga).unwrap();
        st.save(&b).unwrap();
        assert_eq!(st.load("ga").unwrap(), a);
        assert_eq!(
            st.load_played("gb").unwrap().1.table_view(),
            gb.table_view()
        );
        let rows = st.list().unwrap();
        assert_eq!(rows.len(), 2);
        let SavedRow::Ready(first) = &rows[0] else {
            panic!("readable")
        };
        assert_eq!(first.id, "gb");
        assert_eq!(first.title(), "Cy, Di and Ed");
        assert_eq!(first.progress, b.progress(&gb));
        assert_eq!(rows[1].id(), "ga");
        assert!(matches!(
            st.load("nope"),
            Err(StorageError::NotFound { .. })
        ));
    }

    #[test]
    fn the_list_uses_the_index_but_notices_a_changed_text() {
        let st = store();
        let (a, ga) = session("ga", &["Ann", "Bo"], 1, 4);
        st.save_played(&a, &ga).unwrap();
        assert!(st.backend.get(INDEX_KEY).unwrap().is_some());
        // Someone damages the stored text behind the index's back: the list must not trust the
        // stale summary.
        st.backend.set(&game_key("ga"), "{\"format\":1,").unwrap();
        let rows = st.list().unwrap();
        assert!(matches!(
            &rows[0],
            SavedRow::Unreadable {
                problem: StorageError::Damaged { .. },
                ..
            }
        ));
        // A garbled index is only a cache: rebuilt from the games.
        let (b, gb) = session("gb", &["Cy"], 3, 3);
        st.save_played(&b, &gb).unwrap();
        st.backend.set(INDEX_KEY, "garbage").unwrap();
        let rows = st.list().unwrap();
        assert_eq!(rows.len(), 2);
        assert!(matches!(&rows[0], SavedRow::Ready(s) if s.id == "gb"));
    }

    #[test]
    fn damaged_foreign_and_newer_saves_are_reported_and_left_untouched() {
        let st = store();
        let (a, ga) = session("good", &["Ann", "Bo"], 1, 5);
        st.save_played(&a, &ga).unwrap();
        let bad = [
            ("notjson", "this is not json".to_string()),
            ("array", "[1,2,3]".to_string()),
            ("other", "{\"hello\":\"world\"}".to_string()),
            (
                "newer",
                serde_json::to_string(&Session {
                    format: SAVE_FORMAT + 1,
                    id: "newer".into(),
                    ..a.clone()
                })
                .unwrap(),
            ),
        ];
        for (id, text) in &bad {
            st.backend.set(&game_key(id), text).unwrap();
        }
        // Moves that do not replay: the second action is repeated at the end, out of turn.
        let mut broken = Session {
            id: "broken".into(),
            ..a.clone()
        };
        broken.actions.push(broken.actions[0]);
        broken.actions.push(broken.actions[0]);
        st.backend
            .set(
                &game_key("broken"),
                &serde_json::to_string(&broken).unwrap(),
            )
            .unwrap();

        let rows = st.list().unwrap();
        assert_eq!(rows.len(), 6);
        assert!(matches!(&rows[0], SavedRow::Ready(s) if s.id == "good"));
        let problem = |id: &str| {
            rows.iter()
                .find_map(|r| match r {
                    SavedRow::Unreadable { id: i, problem, .. } if i == id => Some(problem.clone()),
                    _ => None,
                })
                .unwrap()
        };
        assert!(matches!(problem("notjson"), StorageError::Damaged { .. }));
        assert!(matches!(problem("array"), StorageError::Damaged { .. }));
        assert!(matches!(problem("other"), StorageError::Damaged { .. }));
        let newer = problem("newer");
        assert_eq!(
            newer,
            StorageError::Newer {
                found: SAVE_FORMAT + 1,
                supported: SAVE_FORMAT
            }
        );
        assert!(newer.to_string().contains("newer version of Camelot"));
        assert!(matches!(
            problem("broken"),
            StorageError::DoesNotReplay { .. }
        ));
        // The newer one still shows whose game it was.
        assert!(rows.iter().any(
            |r| matches!(r, SavedRow::Unreadable { id, names, .. } if id == "newer" && names == &a.names)
        ));
        // Listing, loading and saving other games never touch them.
        assert!(st.load("notjson").is_err());
        let (c, gc) = session("c", &["Cy"], 9, 2);
        st.save_played(&c, &gc).unwrap();
        st.list().unwrap();
        for (id, text) in &bad {
            assert_eq!(st.backend.get(&game_key(id)).unwrap().as_ref(), Some(text));
        }
        assert!(st.load("good").is_ok());
        // Saving over an unreadable entry is refused, and it stays as it was.
        let clash = Session {
            id: "newer".into(),
            ..c.clone()
        };
        let err = st.save_played(&clash, &gc).unwrap_err();
        assert!(matches!(err, StorageError::WouldOverwrite { .. }));
        assert_eq!(
            st.backend.get(&game_key("newer")).unwrap().as_ref(),
            Some(&bad[3].1)
        );
        // Only an explicit delete removes one.
        st.delete("notjson").unwrap();
        assert!(st.backend.get(&game_key("notjson")).unwrap().is_none());
        assert_eq!(st.list().unwrap().len(), 6);
    }

    #[test]
    fn export_then_import_round_trips_with_a_new_id_when_taken() {
        let st = store();
        let (a, ga) = session("ga", &["Ann", "Bo", "Cy"], 4, 12);
        st.save_played(&a, &ga).unwrap();
        let text = st.export("ga").unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["app"], "camelot");
        assert_eq!(v["kind"], "saved-game");
        assert_eq!(v["format"], a.format);
        let back = st.import(&text, 1_800_000_000_000.0).unwrap();
        assert_ne!(back.id, "ga");
        assert_eq!(
            Session {
                id: a.id.clone(),
                ..back.clone()
            },
            a
        );
        assert_eq!(st.list().unwrap().len(), 2);
        assert_eq!(st.load(&back.id).unwrap(), back);
        // Into an empty store, the id is kept.
        let other = store();
        assert_eq!(other.import(&text, 0.0).unwrap().id, "ga");
        // A bare stored session imports too.
        let third = store();
        let bare = serde_json::to_string(&a).unwrap();
        assert_eq!(third.import(&bare, 0.0).unwrap(), a);
    }

    /// Issue 23: importing the same file twice made two identical saved games without a word.
    #[test]
    fn importing_a_game_already_kept_here_says_so_and_saves_nothing() {
        let st = store();
        let (a, ga) = session("ga", &["Ann", "Bo", "Cy"], 4, 12);
        st.save_played(&a, &ga).unwrap();
        let text = st.export("ga").unwrap();
        assert_eq!(
            st.import_new(&text, 1_800_000_000_000.0).unwrap(),
            Imported::AlreadyHere {
                id: "ga".into(),
                names: a.names.clone()
            }
        );
        assert_eq!(st.list().unwrap().len(), 1, "nothing saved");
        // Into another store it is new; imported a second time there, it is found again, under
        // the id it was given.
        let other = store();
        let Imported::Added(first) = other.import_new(&text, 0.0).unwrap() else {
            panic!("a new game");
        };
        assert!(matches!(
            other.import_new(&text, 0.0).unwrap(),
            Imported::AlreadyHere { id, .. } if id == first.id
        ));
        // "Keep both" imports a copy.
        let copy = other.import(&text, 1_800_000_000_000.0).unwrap();
        assert_ne!(copy.id, first.id);
        assert_eq!(other.list().unwrap().len(), 2);
        // The same game played on is another game.
        let (later, gl) = session("gl", &["Ann", "Bo", "Cy"], 4, 13);
        let third = store();
        third.save_played(&later, &gl).unwrap();
        assert!(matches!(
            third.import_new(&text, 0.0).unwrap(),
            Imported::Added(_)
        ));
    }

    #[test]
    fn an_export_file_is_laid_out_as_pretty_json() {
        // A whole game, with player names that look like JSON, lays out exactly as serde_json's
        // own pretty printer would.
        let (a, _) = session("gp", &["Ann {x}", "Bo, \"[y]\": z\\", "Cy"], 9, 40);
        let text = export_text(&a);
        assert_eq!(
            text,
            serde_json::to_string_pretty(&ExportEnvelope::of(&a)).unwrap()
        );
        assert!(text.starts_with("{\n  \"app\": \"camelot\",\n"), "{text}");
        // Empty objects and arrays stay on their line, as serde_json writes them.
        assert_eq!(
            indent_json(r#"{"a":[],"b":{},"c":[1,{"d":"}"}]}"#),
            serde_json::to_string_pretty(
                &serde_json::from_str::<Value>(r#"{"a":[],"b":{},"c":[1,{"d":"}"}]}"#).unwrap()
            )
            .unwrap()
        );
    }

    #[test]
    fn imports_that_are_not_ours_or_newer_are_refused_in_plain_words() {
        let st = store();
        let (a, _) = session("ga", &["Ann", "Bo"], 4, 3);
        let e = st.import("PK\u{3}\u{4} zip", 0.0).unwrap_err();
        assert!(matches!(e, StorageError::Foreign { .. }));
        assert!(e.to_string().contains("not a Camelot saved game"));
        let e = st
            .import(
                "{\"app\":\"chess\",\"kind\":\"saved-game\",\"format\":1}",
                0.0,
            )
            .unwrap_err();
        assert!(matches!(e, StorageError::Foreign { .. }));
        let newer = export_text(&a).replace(
            &format!("\"format\": {},\n  \"game_kind\"", a.format),
            &format!("\"format\": {},\n  \"game_kind\"", SAVE_FORMAT + 1),
        );
        assert!(matches!(
            st.import(&newer, 0.0),
            Err(StorageError::Newer { .. })
        ));
        let truncated = &export_text(&a)[..100];
        assert!(st.import(truncated, 0.0).is_err());
        // Names that don't match the players.
        let mut wrong = a.clone();
        wrong.names.pop();
        assert!(matches!(
            st.import(&export_text(&wrong), 0.0),
            Err(StorageError::Damaged { .. })
        ));
        assert!(st.list().unwrap().is_empty());
        // Names the app would never have accepted.
        for bad in [
            vec!["Ann".to_string(), "ann".to_string()],
            vec!["Ann".to_string(), "".to_string()],
            vec!["Ann".to_string(), "x".repeat(21)],
        ] {
            let odd = Session {
                names: bad,
                ..a.clone()
            };
            assert!(matches!(
                st.import(&export_text(&odd), 0.0),
                Err(StorageError::Damaged { .. })
            ));
        }
        // A strange id is replaced.
        let odd = Session {
            id: "../../etc".into(),
            ..a.clone()
        };
        let back = st.import(&export_text(&odd), 5.0).unwrap();
        assert!(valid_id(&back.id));
        assert_eq!(st.list().unwrap().len(), 1);
    }

    #[test]
    fn a_format_1_save_reads_as_all_persons_and_persons_only_stay_format_1() {
        let st = store();
        let (a, _) = session("old", &["Ann", "Bo", "Cy"], 3, 6);
        // Exactly what the first app version wrote: format 1, no `sitters`.
        let mut v: Value = serde_json::to_value(&a).unwrap();
        v["format"] = 1.into();
        assert!(v.get("sitters").is_none());
        st.backend
            .set(&game_key("old"), &serde_json::to_string(&v).unwrap())
            .unwrap();
        let (back, game) = st.load_played("old").unwrap();
        assert_eq!(
            back.format, 1,
            "older versions still open a game of persons"
        );
        assert!(!back.has_computers());
        assert!((0..3).all(|i| back.sitter(Seat(i)) == Sitter::Person));
        assert_eq!(game.table_view(), a.game().unwrap().table_view());
        st.save_played(&back, &game).unwrap();
        let text = st.backend.get(&game_key("old")).unwrap().unwrap();
        let saved: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(saved["format"], 1);
        assert!(export_text(&back).contains("\"format\": 1,"));
        // A format 2 save of persons only reads the same.
        let mut v2 = v.clone();
        v2["format"] = 2.into();
        let (again, _) = parse_session(&serde_json::to_string(&v2).unwrap()).unwrap();
        assert_eq!(again, back);
    }

    #[test]
    fn computer_seats_round_trip_and_a_table_of_computers_only_is_damaged() {
        let st = store();
        let computer = Sitter::Computer {
            level: Level::Expert,
        };
        let (a, ga) = session("bots", &["Ann", "Sir Kay"], 2, 0);
        let a = a.seated(vec![Sitter::Person, computer]);
        assert_eq!(a.format, 2, "a game with a computer is format 2");
        assert!(export_text(&a).contains("\"format\": 2,"));
        st.save_played(&a, &ga).unwrap();
        let text = st.backend.get(&game_key("bots")).unwrap().unwrap();
        assert!(
            text.contains("\"sitter\":\"computer\",\"level\":\"expert\""),
            "{text}"
        );
        let back = st.load("bots").unwrap();
        assert_eq!(back, a);
        assert_eq!(back.sitter(Seat(1)), computer);
        for (sitters, what) in [
            (vec![computer, computer], "computers only"),
            (vec![Sitter::Person], "one sitter for two players"),
        ] {
            let odd = Session {
                sitters,
                ..a.clone()
            };
            let e = st.import(&export_text(&odd), 0.0).unwrap_err();
            assert!(matches!(e, StorageError::Damaged { .. }), "{what}: {e:?}");
        }
    }

    #[test]
    fn a_full_storage_is_reported_and_the_old_save_kept() {
        let (mut a, mut ga) = session("ga", &["Ann", "Bo"], 1, 2);
        let probe = store();
        probe.save_played(&a, &ga).unwrap();
        let used: usize = probe
            .backend
            .map
            .borrow()
            .iter()
            .map(|(k, v)| k.len() + v.len())
            .sum();
        // Room for this save and a few more moves.
        let st = Store::new(Memory {
            quota: Some(used + 200),
            ..Memory::default()
        });
        st.save_played(&a, &ga).unwrap();
        let saved = st.backend.get(&game_key("ga")).unwrap();
        let mut err = None;
        for i in 0..500 {
            let Some((seat, _)) = ga.decider() else { break };
            let act = ga.legal_actions()[0];
            a.apply(&mut ga, seat, act, i as f64).unwrap();
            if let Err(e) = st.save_played(&a, &ga) {
                err = Some(e);
                break;
            }
        }
        let err = err.expect("the quota runs out");
        assert_eq!(err, StorageError::Full);
        assert!(err.to_string().contains("no room left"));
        // The last good save is still there and readable.
        let kept = st.load("ga").unwrap();
        assert!(kept.actions.len() < a.actions.len());
        assert!(saved.is_some());
        assert_eq!(
            StorageError::from_js("NS_ERROR_DOM_QUOTA_REACHED", ""),
            StorageError::Full
        );
    }

    #[test]
    fn current_game_and_settings() {
        let st = store();
        assert_eq!(st.current_id(), None);
        st.set_current("ga").unwrap();
        assert_eq!(st.current_id().as_deref(), Some("ga"));
        st.delete("ga").unwrap();
        assert_eq!(st.current_id(), None);

        assert_eq!(st.load_settings(), Settings::default());
        assert_eq!(Settings::default().language, None);
        let s = Settings {
            always_reduce_motion: true,
            language: Some("fr".into()),
        };
        st.save_settings(&s).unwrap();
        assert_eq!(st.load_settings(), s);
        // Older or newer settings: unknown fields ignored, missing ones default.
        st.backend
            .set(SETTINGS_KEY, "{\"always_reduce_motion\":true,\"future\":1}")
            .unwrap();
        assert!(st.load_settings().always_reduce_motion);
        // A game's own settings sit under their own key.
        assert_eq!(st.load_game_settings::<Option<u32>>(GameKind::Card), None);
        st.save_game_settings(GameKind::Card, &Some(60u32)).unwrap();
        assert_eq!(
            st.backend
                .get("camelot/v1/card/settings")
                .unwrap()
                .as_deref(),
            Some("60")
        );
        assert_eq!(
            st.load_game_settings::<Option<u32>>(GameKind::Card),
            Some(Some(60))
        );
        st.backend.set(SETTINGS_KEY, "nonsense").unwrap();
        assert_eq!(st.load_settings(), Settings::default());
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
        let (s, g) = session(&id, &["Ann"], 1, 0);
        st.save_played(&s, &g).unwrap();
        let id2 = st.new_id(1_700_000_000_000.0);
        assert_ne!(id, id2);
        assert!(valid_id(&id2));
        assert_eq!(to_base36(0), "0");
        assert_eq!(to_base36(35), "z");
        assert_eq!(to_base36(36), "10");
        let _ = Seat(0);
    }

    /// The parts of a date as a British browser writes them (the browser does it in the app).
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
    /// Issue 20: every save and export file says which game it is, and so does the index.
    #[test]
    fn every_save_and_export_file_says_which_game_it_is() {
        let st = store();
        let (a, ga) = session("ga", &["Ann", "Bo", "Cy"], 4, 12);
        st.save_played(&a, &ga).unwrap();
        let stored: Value =
            serde_json::from_str(&st.backend.get(&game_key("ga")).unwrap().unwrap()).unwrap();
        assert_eq!(stored["game_kind"], "card");
        let export: Value = serde_json::from_str(&st.export("ga").unwrap()).unwrap();
        assert_eq!(export["game_kind"], "card");
        assert_eq!(export["game"]["game_kind"], "card");
        let index: Value =
            serde_json::from_str(&st.backend.get(INDEX_KEY).unwrap().unwrap()).unwrap();
        assert_eq!(index["games"][0]["game_kind"], "card");
        match &st.list().unwrap()[0] {
            SavedRow::Ready(s) => assert_eq!(s.game_kind, GameKind::Card),
            other => panic!("{other:?}"),
        }
    }

    /// Issue 20: a save or a file of a game this version does not have (written by a newer
    /// version) is not read as a Card Game: it is reported as newer, and kept as it is.
    #[test]
    fn a_game_of_a_kind_this_version_lacks_is_reported_as_newer_and_kept() {
        let st = store();
        let (a, ga) = session("ga", &["Ann", "Bo", "Cy"], 4, 12);
        st.save_played(&a, &ga).unwrap();
        let text = st.backend.get(&game_key("ga")).unwrap().unwrap();
        let other = text.replace("\"game_kind\":\"card\"", "\"game_kind\":\"board\"");
        assert_ne!(other, text);
        st.backend.set(&game_key("ga"), &other).unwrap();
        let err = st.load("ga").unwrap_err();
        assert_eq!(
            err,
            StorageError::OtherGame {
                kind: "board".into()
            }
        );
        assert_eq!(err.to_string(), t(K::storage_newer));
        assert!(matches!(
            &st.list().unwrap()[0],
            SavedRow::Unreadable {
                problem: StorageError::OtherGame { .. },
                ..
            }
        ));
        // Never overwritten by a save of another game under its id.
        assert!(matches!(
            st.save_played(&a, &ga),
            Err(StorageError::WouldOverwrite { .. })
        ));
        assert_eq!(st.backend.get(&game_key("ga")).unwrap().unwrap(), other);
        let file = st.export_text_of(&a).replace(
            "\"game_kind\": \"card\",\n  \"game\"",
            "\"game_kind\": \"chess\",\n  \"game\"",
        );
        assert!(matches!(
            st.import(&file, 0.0),
            Err(StorageError::OtherGame { kind }) if kind == "chess"
        ));
    }

    /// Issue 20: Home shows the current game from the index alone, replaying nothing; a summary
    /// not made from the stored text gives only the names, never a wrong line.
    #[test]
    fn home_reads_the_current_game_from_the_index_alone() {
        let st = store();
        assert_eq!(st.current_game(), None);
        let (a, ga) = session("ga", &["Ann", "Bo", "Cy"], 4, 12);
        st.save_played(&a, &ga).unwrap();
        st.set_current("ga").unwrap();
        let current = st.current_game().unwrap();
        assert_eq!(current.id, "ga");
        assert_eq!(current.progress.as_deref(), Some(a.progress(&ga).as_str()));
        assert!(!current.finished);
        // The stored text changed behind the index's back: the names only.
        let text = st.backend.get(&game_key("ga")).unwrap().unwrap();
        st.backend
            .set(&game_key("ga"), &text.replace("\"Ann\"", "\"Ada\""))
            .unwrap();
        let stale = st.current_game().unwrap();
        assert_eq!(stale.names, names(&["Ada", "Bo", "Cy"]));
        assert_eq!(stale.progress, None);
        // Once the game is opened, the index knows it again.
        let (renamed, game) = st.load_played("ga").unwrap();
        assert_eq!(
            st.current_game().unwrap().progress,
            Some(renamed.progress(&game))
        );
        assert!(renamed.progress(&game).contains("Ada"));
    }

    /// Issue 20: the saves, index and export files written by the release before the app knew a
    /// second game (tests/fixtures/release-2026-11, made by that release) open unchanged: as Card
    /// Games, their moves replayed, nothing rewritten.
    #[test]
    fn saves_and_files_of_the_previous_release_open_unchanged() {
        macro_rules! fixture {
            ($name:literal) => {
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/tests/fixtures/release-2026-11/",
                    $name
                ))
            };
        }
        let stored = [
            (
                "camelot/v1/game/g1763900000000",
                fixture!("camelot_v1_game_g1763900000000.json"),
            ),
            (
                "camelot/v1/game/g1763900500000",
                fixture!("camelot_v1_game_g1763900500000.json"),
            ),
            (INDEX_KEY, fixture!("camelot_v1_index.json")),
            (CURRENT_KEY, fixture!("camelot_v1_current.json")),
        ];
        let st = store();
        for (key, text) in stored {
            assert!(!text.contains("game_kind"), "written before game kinds");
            st.backend.set(key, text).unwrap();
        }
        let rows = st.list().unwrap();
        assert_eq!(rows.len(), 2);
        for row in &rows {
            match row {
                SavedRow::Ready(s) => assert_eq!(s.game_kind, GameKind::Card),
                other => panic!("not readable: {other:?}"),
            }
        }
        let home = st.current_game().unwrap();
        assert_eq!(home.id, "g1763900500000");
        assert_eq!(home.names, names(&["Dee", "Eli", "Fay", "Gus"]));
        assert!(home.progress.is_some());
        let (people, _) = st.load_played("g1763900000000").unwrap();
        assert_eq!(people.actions.len(), 25);
        let (computers, game) = st.load_played("g1763900500000").unwrap();
        assert_eq!(computers.actions.len(), 40);
        assert!(computers.has_computers());
        assert_eq!(game.table_view().seats.len(), 4);
        // Reading changed nothing: not the games, not the index.
        for (key, text) in stored {
            assert_eq!(st.backend.get(key).unwrap().as_deref(), Some(text), "{key}");
        }
        // The export files import into another device, and are known here already.
        let other = store();
        for (file, players) in [
            (fixture!("export-people.json"), 3),
            (fixture!("export-computers.json"), 4),
        ] {
            let s = other.import(file, 1_800_000_000_000.0).unwrap();
            assert_eq!(s.game_kind, GameKind::Card);
            assert_eq!(s.names.len(), players);
            assert!(matches!(
                st.import_new(file, 1_800_000_000_000.0),
                Ok(Imported::AlreadyHere { .. })
            ));
        }
    }
}
