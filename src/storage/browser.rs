//! The app's API: the store over the browser's `localStorage`, one per tab, and the browser's
//! clock and calendar.

use super::{
    Backend, CurrentGame, DatePart, GameKind, Imported, Kept, Reader, SETTINGS_KEY, SaveSummary,
    SavedRow, Settings, StorageError, Store, human_date,
};
use crate::i18n;
use serde::Serialize;

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

/// Whether a game of `kind` has ended among the saved games ([`Store::has_finished`]).
pub fn has_finished(kind: GameKind) -> bool {
    local().has_finished(kind)
}

/// The game to continue, as Home shows it ([`Store::current_game`]).
pub fn current_game() -> Option<CurrentGame> {
    local().current_game()
}

/// Import an export file's text unless its game is already kept here ([`Store::import_new`]).
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
