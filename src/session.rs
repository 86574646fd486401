//! A game as the app keeps it: the players' names, the engine's setup and the actions played (a game is
//! its seed plus its actions, so the engine state is rebuilt by replay), plus the little table state that
//! must survive a reload — the private screens still owed behind a "Pass to …" curtain.
//!
//! Plain Rust with no web dependency, so it is tested natively.

use camelot::{Action, Event, Game, Played, PrivateEvent, ReplayError, RuleError, Seat, Setup};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// The save format of a [`Session`]. Bump it when the shape changes; older formats are migrated or
/// reported, newer ones are reported and left untouched.
pub const SAVE_FORMAT: u32 = 1;

/// Longest player name, in characters.
pub const NAME_MAX: usize = 20;

/// A private screen the table still owes one player, shown only after that player taps the curtain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "owed", rename_all = "snake_case")]
pub enum Owed {
    /// At the start: each player's first look at their Loyalty card.
    LoyaltyPeek { seat: Seat },
    /// Something only this seat saw (a Knight card drawn, Tristan's look at the deck, Galahad's peek).
    Notice { seat: Seat, private: PrivateEvent },
}

impl Owed {
    pub fn seat(&self) -> Seat {
        match self {
            Owed::LoyaltyPeek { seat } | Owed::Notice { seat, .. } => *seat,
        }
    }
}

/// One game as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    pub format: u32,
    pub id: String,
    pub names: Vec<String>,
    pub setup: Setup,
    pub actions: Vec<Played>,
    /// Private screens still owed, oldest first.
    #[serde(default)]
    pub owed: VecDeque<Owed>,
    /// Milliseconds since the epoch (Date.now()).
    pub created_ms: f64,
    pub updated_ms: f64,
    /// When the current silence fell (for the silence timer), if silence holds.
    #[serde(default)]
    pub silence_since_ms: Option<f64>,
}

/// Why a list of names was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    Empty { seat: usize },
    TooLong { seat: usize },
    Duplicate { name: String },
    Count { players: usize },
}

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameError::Empty { seat } => write!(f, "Player {} needs a name.", seat + 1),
            NameError::TooLong { seat } => write!(
                f,
                "Player {}'s name is too long: {NAME_MAX} characters at most.",
                seat + 1
            ),
            NameError::Duplicate { name } => {
                write!(
                    f,
                    "Two players are called “{name}”: each name must be different."
                )
            }
            NameError::Count { players } => {
                write!(f, "The game is for 1 to 7 players, not {players}.")
            }
        }
    }
}

/// Trim names and check them: 1 to 20 characters, all different (ignoring case), 1 to 7 of them.
pub fn validate_names(raw: &[String]) -> Result<Vec<String>, NameError> {
    if raw.is_empty() || raw.len() > 7 {
        return Err(NameError::Count { players: raw.len() });
    }
    let mut out: Vec<String> = Vec::with_capacity(raw.len());
    for (seat, name) in raw.iter().enumerate() {
        let name = name.trim();
        if name.is_empty() {
            return Err(NameError::Empty { seat });
        }
        if name.chars().count() > NAME_MAX {
            return Err(NameError::TooLong { seat });
        }
        if out.iter().any(|n| n.to_lowercase() == name.to_lowercase()) {
            return Err(NameError::Duplicate {
                name: name.to_string(),
            });
        }
        out.push(name.to_string());
    }
    Ok(out)
}

impl Session {
    /// A new game: names already validated, the setup's seed drawn by the caller.
    pub fn new(id: String, names: Vec<String>, setup: Setup, now_ms: f64) -> Session {
        let owed = if setup.players > 1 {
            (0..setup.players)
                .map(|i| Owed::LoyaltyPeek {
                    seat: Seat((setup.first.0 + i) % setup.players),
                })
                .collect()
        } else {
            VecDeque::new()
        };
        Session {
            format: SAVE_FORMAT,
            id,
            names,
            setup,
            actions: Vec::new(),
            owed,
            created_ms: now_ms,
            updated_ms: now_ms,
            silence_since_ms: None,
        }
    }

    /// Rebuild the engine's state by replaying the actions.
    pub fn game(&self) -> Result<Game, ReplayError> {
        Game::replay(self.setup, None, &self.actions)
    }

    pub fn name(&self, seat: Seat) -> &str {
        self.names.get(seat.index()).map_or("?", String::as_str)
    }

    /// Apply an action to `game` (this session's replayed state), record it, and queue the private
    /// notices it caused. The game is unchanged on error.
    pub fn apply(
        &mut self,
        game: &mut Game,
        seat: Seat,
        action: Action,
        now_ms: f64,
    ) -> Result<Vec<Event>, RuleError> {
        let events = game.apply(seat, action)?;
        self.actions.push(Played { seat, action });
        self.updated_ms = now_ms;
        for e in &events {
            if let Event::Private { seat, private } = e
                && owes_notice(private)
            {
                self.owed.push_back(Owed::Notice {
                    seat: *seat,
                    private: private.clone(),
                });
            }
        }
        match (game.silence(), self.silence_since_ms) {
            (Some(_), None) => self.silence_since_ms = Some(now_ms),
            (None, Some(_)) => self.silence_since_ms = None,
            _ => {}
        }
        Ok(events)
    }

    /// A short line for the saved-games list: whose turn, swords, or the result.
    pub fn progress(&self, game: &Game) -> String {
        let s = game.swords();
        match game.winner() {
            Some((camelot::Side::Loyal, _)) => {
                format!("Loyal knights won — {} ⚪ {} ⚫", s.white, s.black)
            }
            Some((camelot::Side::Evil, _)) => format!("Evil won — {} ⚪ {} ⚫", s.white, s.black),
            None => format!(
                "Turn {} · {} to play · {} ⚪ {} ⚫",
                game.turn(),
                self.name(game.current()),
                s.white,
                s.black
            ),
        }
    }
}

/// Private events that need their own curtain (the others are part of a private decision's screen).
fn owes_notice(p: &PrivateEvent) -> bool {
    matches!(
        p,
        PrivateEvent::KnightDrawn { .. }
            | PrivateEvent::DeckSeen { .. }
            | PrivateEvent::LoyaltySeen { .. }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn names_are_trimmed_and_checked() {
        assert_eq!(
            validate_names(&names(&["  Ann ", "Bo"])).unwrap(),
            names(&["Ann", "Bo"])
        );
        assert_eq!(
            validate_names(&names(&["Ann", "  "])),
            Err(NameError::Empty { seat: 1 })
        );
        assert_eq!(
            validate_names(&names(&["Ann", "ann"])),
            Err(NameError::Duplicate { name: "ann".into() })
        );
        assert!(validate_names(&names(&["x".repeat(21).as_str()])).is_err());
        assert!(validate_names(&names(&["é".repeat(20).as_str()])).is_ok());
        assert!(validate_names(&[]).is_err());
        assert!(validate_names(&names(&["a", "b", "c", "d", "e", "f", "g", "h"])).is_err());
        // Markup is just text: validation keeps it as typed; the UI renders it as text.
        assert_eq!(
            validate_names(&names(&["<b>Ann</b>"])).unwrap(),
            names(&["<b>Ann</b>"])
        );
    }

    #[test]
    fn a_new_session_owes_each_player_a_first_look_at_their_loyalty() {
        let s = Session::new(
            "g1".into(),
            names(&["A", "B", "C"]),
            Setup {
                first: Seat(1),
                ..Setup::new(3, 5)
            },
            0.0,
        );
        let seats: Vec<Seat> = s.owed.iter().map(Owed::seat).collect();
        assert_eq!(seats, vec![Seat(1), Seat(2), Seat(0)]);
        let solo = Session::new("g2".into(), names(&["A"]), Setup::new(1, 5), 0.0);
        assert!(solo.owed.is_empty());
    }

    #[test]
    fn a_session_round_trips_and_replays() {
        let mut s = Session::new("g".into(), names(&["A", "B"]), Setup::new(2, 77), 1.0);
        let mut g = s.game().unwrap();
        for _ in 0..6 {
            let (seat, _) = g.decider().unwrap();
            let a = g.legal_actions()[0];
            s.apply(&mut g, seat, a, 2.0).unwrap();
        }
        let text = serde_json::to_string(&s).unwrap();
        let back: Session = serde_json::from_str(&text).unwrap();
        assert_eq!(back, s);
        assert_eq!(back.game().unwrap().table_view(), g.table_view());
    }
}
