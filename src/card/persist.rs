//! The game screens' one door to saved state: every call into `crate::storage` (UI-STORE's
//! module) from the game screens goes through here.

use crate::card::session::Session;
use crate::storage::{self, Settings};
use camelot_card::Game;

/// Save a session whose replayed state is `game` (after every action). The error is in plain words.
pub fn save(s: &Session, game: &Game) -> Result<(), String> {
    storage::save_played(s, game).map_err(|e| e.to_string())?;
    storage::set_current(&s.id).map_err(|e| e.to_string())
}

/// Open a saved game with its replayed state.
pub fn load(id: &str) -> Result<(Session, Game), String> {
    storage::load_played(id).map_err(|e| e.to_string())
}

/// Make `id` the game to continue.
pub fn set_current(id: &str) -> Result<(), String> {
    storage::set_current(id).map_err(|e| e.to_string())
}

/// A fresh id for a new game.
pub fn new_id() -> String {
    storage::new_id()
}

fn settings() -> Settings {
    storage::load_settings()
}

/// The per-turn countdown during silence, in seconds (off: `None`).
pub fn silence_countdown_secs() -> Option<u32> {
    settings().silence_countdown_secs
}

pub fn set_silence_countdown_secs(secs: Option<u32>) -> Result<(), String> {
    let mut s = settings();
    if s.silence_countdown_secs == secs {
        return Ok(());
    }
    s.silence_countdown_secs = secs;
    storage::save_settings(&s).map_err(|e| e.to_string())
}

/// The table asked the computer knights to move at once ("Faster").
pub fn computers_fast() -> bool {
    settings().computers_fast
}

pub fn set_computers_fast(fast: bool) -> Result<(), String> {
    let mut s = settings();
    if s.computers_fast == fast {
        return Ok(());
    }
    s.computers_fast = fast;
    storage::save_settings(&s).map_err(|e| e.to_string())
}

/// The player asked the app itself for less motion.
pub fn reduced_motion_setting() -> bool {
    settings().always_reduce_motion
}
