//! The Card Game's saves as the store reads them (its [`READER`]; its session is read as every
//! game's is, [`crate::session`]), and the Card Game's own settings. Its screens save and open
//! games through the store's own `storage::keep` and `storage::open`, as every game's do.

use crate::card::session::Session;
use crate::storage::{self, GameKind};
use serde::{Deserialize, Serialize};

/// How the saved-games list, export and import read a Card Game.
pub const READER: storage::Reader = storage::Reader::of::<Session>();

/// The Card Game's own settings, saved under its own key (`camelot/v1/card/settings`). Before the
/// app held a second game they sat among the app's settings (`camelot/v1/settings`): there they
/// are read until the Card Game first saves its own ([`adopt_old_settings`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CardSettings {
    /// A countdown shown while silence holds, in seconds; `None` (the default) shows none.
    #[serde(default)]
    pub silence_countdown_secs: Option<u32>,
    /// Computer knights move at once ("Faster" at the table), until "Normal pace" is tapped.
    #[serde(default)]
    pub computers_fast: bool,
    /// When the coach's tips show.
    #[serde(default)]
    pub tips: crate::coach::Tips,
}

/// The silence countdowns offered, the same in Settings and on the New game screen (both set the
/// one saved choice).
pub const SILENCE_CHOICES: [Option<u32>; 5] = [None, Some(30), Some(60), Some(90), Some(120)];

/// The Card Game's settings: its own, else those an earlier release kept among the app's.
pub fn card_settings() -> CardSettings {
    storage::load_game_settings(GameKind::Card)
        .or_else(|| old_settings(&storage::settings_text()?))
        .unwrap_or_default()
}

/// The Card Game's settings as an earlier release kept them among the app's: all it knew then.
/// Read apart from [`CardSettings`], so that adopting them at start (the first load) carries
/// none of the settings added since.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct OldCardSettings {
    #[serde(default)]
    silence_countdown_secs: Option<u32>,
    #[serde(default)]
    computers_fast: bool,
}

fn old_settings_as_saved(text: &str) -> Option<OldCardSettings> {
    serde_json::from_str::<OldCardSettings>(text)
        .ok()
        .filter(|s| *s != OldCardSettings::default())
}

/// The Card Game's settings in the app's settings as an earlier release saved them, if any.
fn old_settings(text: &str) -> Option<CardSettings> {
    old_settings_as_saved(text).map(|o| CardSettings {
        silence_countdown_secs: o.silence_countdown_secs,
        computers_fast: o.computers_fast,
        ..CardSettings::default()
    })
}

/// Once, at start: the Card Game's settings an earlier release kept among the app's become its
/// own, before the app saves its settings again without them.
pub fn adopt_old_settings() {
    if storage::load_game_settings::<serde::de::IgnoredAny>(GameKind::Card).is_none()
        && let Some(old) = storage::settings_text().and_then(|t| old_settings_as_saved(&t))
    {
        let _ = storage::save_game_settings(GameKind::Card, &old);
    }
}

pub fn save_card_settings(s: &CardSettings) -> Result<(), String> {
    storage::save_game_settings(GameKind::Card, s).map_err(|e| e.to_string())
}

/// The per-turn countdown during silence, in seconds (off: `None`).
pub fn silence_countdown_secs() -> Option<u32> {
    card_settings().silence_countdown_secs
}

pub fn set_silence_countdown_secs(secs: Option<u32>) -> Result<(), String> {
    let mut s = card_settings();
    if s.silence_countdown_secs == secs {
        return Ok(());
    }
    s.silence_countdown_secs = secs;
    save_card_settings(&s)
}

/// The table asked the computer knights to move at once ("Faster").
pub fn computers_fast() -> bool {
    card_settings().computers_fast
}

pub fn set_computers_fast(fast: bool) -> Result<(), String> {
    let mut s = card_settings();
    if s.computers_fast == fast {
        return Ok(());
    }
    s.computers_fast = fast;
    save_card_settings(&s)
}

/// When the coach's tips show in the Card Game.
pub fn tips() -> crate::coach::Tips {
    card_settings().tips
}

pub fn set_tips(tips: crate::coach::Tips) -> Result<(), String> {
    let mut s = card_settings();
    if s.tips == tips {
        return Ok(());
    }
    s.tips = tips;
    save_card_settings(&s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Card Game's settings that an earlier release kept among the app's are found
    /// there; the app's own settings alone hold none of the Card Game's.
    #[test]
    fn the_card_games_settings_are_found_among_the_apps_of_an_earlier_release() {
        assert_eq!(
            old_settings(
                r#"{"silence_countdown_secs":90,"always_reduce_motion":true,"language":"fr","computers_fast":true}"#
            ),
            Some(CardSettings {
                silence_countdown_secs: Some(90),
                computers_fast: true,
                tips: crate::coach::Tips::Coached,
            })
        );
        assert_eq!(
            old_settings(r#"{"always_reduce_motion":true,"language":"fr"}"#),
            None
        );
        assert_eq!(old_settings("nonsense"), None);
    }
}
