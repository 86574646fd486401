//! The store: saved games, the game to continue and the settings over a key/value [`Backend`],
//! so that all its logic is tested natively in memory.

use super::export::{envelope_text, unwrap_import};
use super::ids::text_hash;
use super::reading::{Read, kind_of_text, reader_of, salvage};
use super::{
    CURRENT_KEY, CurrentGame, GAME_PREFIX, GameKind, INDEX_KEY, Imported, Kept, Reader,
    SETTINGS_KEY, SaveSummary, SavedRow, Settings, StorageError, fresh_id, game_key,
    game_settings_key, valid_id,
};
use crate::i18n;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::BTreeMap;

/// Where key/value strings live: the browser's `localStorage`, or memory in tests.
pub trait Backend {
    fn get(&self, key: &str) -> Result<Option<String>, StorageError>;
    fn set(&self, key: &str, value: &str) -> Result<(), StorageError>;
    fn remove(&self, key: &str) -> Result<(), StorageError>;
    fn keys(&self) -> Result<Vec<String>, StorageError>;
}

/// An in-memory backend with an optional quota (in bytes of keys + values), for tests.
#[cfg(test)]
#[derive(Debug, Default)]
pub struct Memory {
    pub map: RefCell<BTreeMap<String, String>>,
    pub quota: Option<usize>,
}

#[cfg(test)]
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
            .any(|g| g.id == id && g.hash == hash && g.lang == lang && g.complete())
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
                .find(|g| g.id == id && g.hash == hash && g.lang == lang && g.complete())
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

    /// Whether a game of `kind` has ended, from the index alone.
    pub fn has_finished(&self, kind: GameKind) -> bool {
        self.read_index()
            .games
            .iter()
            .any(|g| g.game_kind == kind && g.finished)
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
