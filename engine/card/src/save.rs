//! The one save format: a game is its setup and its actions, replayed through the rules on load.
//!
//! ```json
//! {"format": 1, "setup": {"players": 4, "first": 0, "options": {...}, "seed": 7},
//!  "moves": [{"seat": 0, "action": {"type": "listen_to_rumors"}}, ...]}
//! ```
//!
//! `setup` is a [`GameSetup`] (with `deal` for a scripted game), `moves` the kit's moves: the text
//! is the kit's [`camelot_kit::Save`] with its format's version beside it. Loading checks it whole:
//! a text that is not a save, a newer format, a setup the rules refuse (a seat out of range, a deal
//! that is not this game's cards) or a move the rules refuse is refused with its reason — the game
//! is only ever what the rules made of the setup and moves.
//!
//! The state itself ([`Game`]'s serde form, for developers and tests) carries its setup and moves
//! under the same names, so it is a save too; reading a state is a replay of them, and the state
//! read must be exactly what they give ([`LoadError::NotItsReplay`] otherwise). There is no other
//! way to build a [`Game`] from text.

use crate::action::{Action, RuleError, Seat};
use crate::game::{Deal, Game, GameSetup, Played, Setup, SetupError};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// The save format's version. Bump it when the meaning or shape of a save changes.
pub const FORMAT_VERSION: u32 = 1;

/// A saved game: its setup and its moves.
pub type Save = camelot_kit::Save<GameSetup, Action>;

/// Why a saved game could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not JSON, not a save, or a field missing or of the wrong kind (`detail` is the JSON reader's
    /// words, for developers).
    Damaged { detail: String },
    /// Saved by a newer version of the game.
    Newer { found: u32, supported: u32 },
    /// The rules refuse the setup (players, first seat, deal).
    Setup(SetupError),
    /// Move number `index` (from 0), by `seat`, is refused by the rules.
    Refused {
        index: usize,
        seat: Seat,
        error: RuleError,
    },
    /// A saved state whose `field` differs from the state its setup and moves give.
    NotItsReplay { field: String },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Damaged { detail } => write!(f, "this saved game is damaged ({detail})"),
            LoadError::Newer { found, supported } => write!(
                f,
                "this game was saved by a newer version of Camelot (format {found}; this one reads up to {supported})"
            ),
            LoadError::Setup(e) => write!(f, "the saved setup is refused: {e}"),
            LoadError::Refused { index, seat, error } => {
                write!(f, "move {} (by {seat}) is refused: {error}", index + 1)
            }
            LoadError::NotItsReplay { field } => write!(
                f,
                "the saved state is not what its setup and moves give (`{field}` differs)"
            ),
        }
    }
}

impl std::error::Error for LoadError {}

/// The save as JSON: `{"format": …, "setup": …, "moves": […]}`.
pub fn to_json(save: &Save) -> String {
    #[derive(Serialize)]
    struct File<'a> {
        format: u32,
        setup: &'a GameSetup,
        moves: &'a [crate::Played],
    }
    serde_json::to_string(&File {
        format: FORMAT_VERSION,
        setup: &save.setup,
        moves: &save.moves,
    })
    .expect("a save always serializes")
}

/// Read a save's text (its format checked), without replaying it.
pub fn read(text: &str) -> Result<Save, LoadError> {
    let value: Value = serde_json::from_str(text).map_err(damaged)?;
    read_value(&value)
}

/// Read and replay a save: the game its setup and moves give.
pub fn load(text: &str) -> Result<Game, LoadError> {
    replay(&read(text)?)
}

/// Replay a save through the rules.
pub fn replay(save: &Save) -> Result<Game, LoadError> {
    save.load::<Game>().map_err(|e| match e {
        camelot_kit::ReplayError::Setup(e) => LoadError::Setup(e),
        camelot_kit::ReplayError::Action { index, refusal } => LoadError::Refused {
            index,
            seat: save.moves[index].seat,
            error: refusal,
        },
    })
}

fn damaged(e: serde_json::Error) -> LoadError {
    LoadError::Damaged {
        detail: e.to_string(),
    }
}

fn read_value(value: &Value) -> Result<Save, LoadError> {
    #[derive(Deserialize)]
    struct Head {
        format: u32,
    }
    let head = Head::deserialize(value).map_err(damaged)?;
    if head.format > FORMAT_VERSION {
        return Err(LoadError::Newer {
            found: head.format,
            supported: FORMAT_VERSION,
        });
    }
    Save::deserialize(value).map_err(damaged)
}

/// Read a saved state: replay its setup and moves, and accept it only if it is exactly the state
/// they give.
pub(crate) fn state_from_value(value: &Value) -> Result<Game, LoadError> {
    let game = replay(&read_value(value)?)?;
    let replayed = serde_json::to_value(&game).expect("a game always serializes");
    if replayed == *value {
        return Ok(game);
    }
    let field = match (&replayed, value) {
        (Value::Object(ours), Value::Object(theirs)) => ours
            .iter()
            .find(|(k, v)| theirs.get(*k) != Some(*v))
            .map(|(k, _)| k.clone())
            .or_else(|| theirs.keys().find(|k| !ours.contains_key(*k)).cloned()),
        _ => None,
    };
    Err(LoadError::NotItsReplay {
        field: field.unwrap_or_default(),
    })
}

impl Game {
    /// This game as a save: its setup and every move played.
    pub fn to_save(&self) -> Save {
        Save {
            setup: self.game_setup().clone(),
            moves: self.history().to_vec(),
        }
    }
}

/// A game rebuilt from its setup, deal and actions.
impl Game {
    /// Replay a game from its setup, deal and actions: the kit's one [`camelot_kit::replay`].
    pub fn replay(
        setup: Setup,
        deal: Option<Deal>,
        actions: &[Played],
    ) -> Result<Game, ReplayError> {
        camelot_kit::replay::<Game>(&GameSetup { setup, deal }, actions)
    }

    /// [`Game::replay`], showing `watch` the game before each action and then its events (the
    /// kit's one replay: the app rebuilds its log and its computer knights' minds with it).
    pub fn replay_watching(
        setup: Setup,
        deal: Option<Deal>,
        actions: &[Played],
        watch: impl FnMut(camelot_kit::Replayed<'_, Game>),
    ) -> Result<Game, ReplayError> {
        camelot_kit::replay_watching::<Game>(&GameSetup { setup, deal }, actions, watch)
    }
}

/// Why a replay failed: the kit's one [`camelot_kit::ReplayError`], of this game.
pub type ReplayError = camelot_kit::ReplayError<Game>;

/// A state is read only by replaying the setup and moves it carries (see the module's text).
impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        state_from_value(&value).map_err(serde::de::Error::custom)
    }
}
