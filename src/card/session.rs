//! A game as the app keeps it: the players' names, the engine's setup and the actions played (a game is
//! its seed plus its actions, so the engine state is rebuilt by replay), plus the little table state that
//! must survive a reload — the private screens still owed behind a "Pass to …" curtain.
//!
//! Plain Rust with no web dependency, so it is tested natively.

use crate::i18n::{K, tf};
use crate::session::{GameSession, Table};
use crate::storage::{GameKind, StorageError, Winner};
use camelot_card::coach::Lesson;
use camelot_card::{
    Action, Event, Game, GameSetup, Played, PrivateEvent, ReplayError, RuleError, Seat, Setup, Side,
};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::ops::{Deref, DerefMut};

/// The save format of a [`Session`]. Bump it when the shape changes; older formats are migrated or
/// reported, newer ones are reported and left untouched.
///
/// - 1: the first format (every seat a person).
/// - 2: [`Session::sitters`] — a seat may be a computer knight.
///
/// A session is written in the oldest format that holds it ([`Session::needed_format`]): a game of
/// persons only stays format 1, so older app versions still open it; a game with a computer knight
/// is format 2, which an app that knows only format 1 reports as "newer" instead of playing its
/// computer knights as people. A format 1 save reads as all persons.
pub const SAVE_FORMAT: u32 = 2;

/// A private screen the table still owes one player, shown only after that player taps the curtain.
///
/// Saved as `{"owed": "loyalty_peek", "seat": 2}` or `{"owed": "notice", "seat": 2, "private": {…}}`,
/// read through [`OwedRecord`] (one pass, where serde's tagged-enum reading would buffer the object:
/// much more code in the app for the same result).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "owed", rename_all = "snake_case")]
pub enum Owed {
    /// At the start: each player's first look at their Loyalty card.
    LoyaltyPeek { seat: Seat },
    /// Something only this seat saw (a Knight card drawn, Tristan's look at the deck, Galahad's peek).
    Notice { seat: Seat, private: PrivateEvent },
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum OwedType {
    LoyaltyPeek,
    Notice,
}

#[derive(Deserialize)]
struct OwedRecord {
    owed: OwedType,
    seat: Seat,
    private: Option<PrivateEvent>,
}

impl<'de> Deserialize<'de> for Owed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = OwedRecord::deserialize(d)?;
        Ok(match r.owed {
            OwedType::LoyaltyPeek => Owed::LoyaltyPeek { seat: r.seat },
            OwedType::Notice => Owed::Notice {
                seat: r.seat,
                private: r
                    .private
                    .ok_or_else(|| serde::de::Error::missing_field("private"))?,
            },
        })
    }
}

impl Owed {
    pub fn seat(&self) -> Seat {
        match self {
            Owed::LoyaltyPeek { seat } | Owed::Notice { seat, .. } => *seat,
        }
    }
}

pub use crate::seats::{Sitter, validate_sitters};

/// One game as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    /// What every game's session holds (its fields sit among these in the saved text). Its
    /// sitters are format 2: format 1 saves (all persons) read unchanged.
    #[serde(flatten)]
    pub table: Table<Lesson>,
    pub setup: Setup,
    pub actions: Vec<Played>,
    /// Private screens still owed, oldest first (never a computer knight's: it sees its own
    /// secrets without a curtain).
    #[serde(default)]
    pub owed: VecDeque<Owed>,
    /// When the current silence fell (for the silence timer), if silence holds.
    #[serde(default)]
    pub silence_since_ms: Option<f64>,
    /// When the current turn began (for the optional countdown during silence), so that a reload
    /// goes on counting down instead of starting the turn's time again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_started_ms: Option<f64>,
    /// The last action resolved a quest and the table has not closed its reveal ("Continue"), so
    /// that a reload shows the reveal again instead of skipping it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub reveal_open: bool,
    /// The last accusation's result has not been closed yet, so that a reload shows it again (or,
    /// while Percival's window is open, once the card is turned). Set by [`Session::apply`];
    /// cleared by the table when the result is closed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub accusation_open: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Deref for Session {
    type Target = Table<Lesson>;
    fn deref(&self) -> &Table<Lesson> {
        &self.table
    }
}

impl DerefMut for Session {
    fn deref_mut(&mut self) -> &mut Table<Lesson> {
        &mut self.table
    }
}

impl GameSession for Session {
    type Game = Game;
    type Lesson = Lesson;
    const KIND: GameKind = GameKind::Card;
    const NEWEST_FORMAT: u32 = SAVE_FORMAT;
    const MOVES_FIELD: &'static str = "actions";

    fn players(&self) -> usize {
        self.setup.players.into()
    }

    fn rules_setup(&self) -> GameSetup {
        self.setup.into()
    }

    fn moves(&self) -> &[Played] {
        &self.actions
    }

    fn moves_mut(&mut self) -> &mut Vec<Played> {
        &mut self.actions
    }

    /// Saved again in the oldest format that holds it (see [`SAVE_FORMAT`]).
    fn check(&mut self) -> Result<(), StorageError> {
        self.format = self.needed_format();
        Ok(())
    }

    fn written_format(&self) -> u32 {
        self.needed_format()
    }

    /// Whose turn and the swords, or the result.
    fn progress(&self, game: &Game) -> String {
        let s = game.swords();
        match game.winner() {
            Some((Side::Loyal, _)) => tf(
                K::saved_progress_loyal_won,
                &[("white", &s.white), ("black", &s.black)],
            ),
            Some((Side::Evil, _)) => tf(
                K::saved_progress_evil_won,
                &[("white", &s.white), ("black", &s.black)],
            ),
            None => tf(
                K::saved_progress_turn,
                &[
                    ("n", &game.turn()),
                    ("name", &self.name(game.current())),
                    ("white", &s.white),
                    ("black", &s.black),
                ],
            ),
        }
    }

    fn winner(game: &Game) -> Option<Winner> {
        game.winner().map(|(side, _)| match side {
            Side::Loyal => Winner::Loyal,
            Side::Evil => Winner::Evil,
        })
    }
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
            table: Table::new(GameKind::Card, 1, id, names, Vec::new(), now_ms),
            setup,
            actions: Vec::new(),
            owed,
            silence_since_ms: None,
            turn_started_ms: None,
            reveal_open: false,
            accusation_open: false,
        }
    }

    /// Seat computer knights (one sitter per seat; see [`validate_sitters`]). Their first Loyalty
    /// looks are not owed: a computer knight needs no curtain.
    pub fn seated(mut self, sitters: Vec<Sitter>) -> Session {
        self.sitters = if sitters.iter().any(|s| s.is_computer()) {
            sitters
        } else {
            Vec::new()
        };
        let sitters = self.sitters.clone();
        self.owed.retain(|o| {
            !sitters
                .get(o.seat().index())
                .is_some_and(|s| s.is_computer())
        });
        self.format = self.needed_format();
        self
    }

    /// The oldest save format that holds this session: 2 with a computer knight at the table,
    /// else 1.
    pub fn needed_format(&self) -> u32 {
        if self.has_computers() { 2 } else { 1 }
    }

    /// Whether one person plays alone (with computer knights, or solo): nobody to hide from, so
    /// no curtain.
    pub fn one_person(&self) -> bool {
        self.person_alone(self.players()).is_some()
    }

    /// Rebuild the engine's state by replaying the actions (the app itself does it as the store
    /// reads a save, [`GameSession::replay`]).
    #[cfg(test)]
    pub fn game(&self) -> Result<Game, ReplayError> {
        self.replay()
    }

    /// The game replayed, with the turn its last action was played in and that action's events.
    fn replay_last(&self) -> Result<(Game, u32, Vec<Event>), ReplayError> {
        let (last, before) = match self.actions.split_last() {
            Some((last, before)) => (Some(last), before),
            None => (None, &self.actions[..]),
        };
        let mut game = Game::replay(self.setup, None, before)?;
        let turn = game.turn();
        let events = match last {
            Some(p) => game
                .apply(p.seat, p.action)
                .map_err(|refusal| ReplayError::Action {
                    index: before.len(),
                    refusal,
                })?,
            None => Vec::new(),
        };
        Ok((game, turn, events))
    }

    /// The last action's events and the turn it was played in, found again by replay: what the
    /// table was showing as "just now" (the log's last lines, Morgan #2's count, "You may speak
    /// again", the swords of an accusation's result) when the page was reloaded. Nothing when no
    /// action was played yet or the record does not replay.
    pub fn last_played(&self) -> (u32, Vec<Event>) {
        match self.replay_last() {
            Ok((_, turn, events)) if !self.actions.is_empty() => (turn, events),
            _ => (0, Vec::new()),
        }
    }

    /// Who went on the last quest (the title of its reveal): a Go on a Quest, or a Merlin #6.
    pub fn last_quester(&self) -> Option<Seat> {
        self.actions
            .iter()
            .rev()
            .find(|p| {
                matches!(
                    p.action,
                    Action::GoOnQuest { .. } | Action::Merlin6Quest { .. }
                )
            })
            .map(|p| p.seat)
    }

    /// The last accusation: (accuser, accused).
    pub fn last_accusation(&self) -> Option<(Seat, Seat)> {
        self.actions.iter().rev().find_map(|p| match p.action {
            Action::Accuse { target } => Some((p.seat, target)),
            _ => None,
        })
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
        let events = self.record(game, seat, action, now_ms)?;
        for e in &events {
            if let Event::Private { seat, private } = e
                && owes_notice(private)
                && !self.is_computer(*seat)
            {
                self.owed.push_back(Owed::Notice {
                    seat: *seat,
                    private: private.clone(),
                });
            }
        }
        let mut began = false;
        self.reveal_open = false;
        for e in &events {
            match e {
                Event::TurnBegins { .. } => began = true,
                Event::QuestResolved { .. } => self.reveal_open = true,
                Event::Accused { .. } => self.accusation_open = true,
                _ => {}
            }
        }
        if began {
            self.turn_started_ms = Some(now_ms);
        }
        match (game.silence(), self.silence_since_ms) {
            (Some(_), None) => self.silence_since_ms = Some(now_ms),
            (None, Some(_)) => self.silence_since_ms = None,
            _ => {}
        }
        Ok(events)
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
    use camelot_kit::Level;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
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

    #[test]
    fn the_last_actions_events_are_found_again_after_a_reload() {
        let mut s = Session::new("g".into(), names(&["A", "B", "C"]), Setup::new(3, 41), 1.0);
        assert_eq!(s.last_played(), (0, Vec::new()));
        let mut g = s.game().unwrap();
        for k in 0..60 {
            let turn = g.turn();
            let (seat, _) = g.decider().unwrap();
            let legal = g.legal_actions();
            let a = legal[k % legal.len()];
            let events = s.apply(&mut g, seat, a, 2.0).unwrap();
            let back: Session = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
            assert_eq!(
                back.last_played(),
                (turn, events),
                "after action {k}: {a:?}"
            );
            if g.decider().is_none() {
                break;
            }
        }
    }

    #[test]
    fn the_turns_start_is_saved_for_the_silence_countdown() {
        let mut s = Session::new("g".into(), names(&["A", "B"]), Setup::new(2, 77), 1.0);
        assert_eq!(s.turn_started_ms, None);
        let mut g = s.game().unwrap();
        let mut started = None;
        for k in 0..40 {
            let now = 1000.0 * f64::from(k);
            let turn = g.turn();
            let (seat, _) = g.decider().unwrap();
            let a = g.legal_actions()[0];
            s.apply(&mut g, seat, a, now).unwrap();
            if g.turn() != turn {
                started = Some(now);
            }
            assert_eq!(s.turn_started_ms, started);
        }
        assert!(started.is_some());
        let back: Session = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(back.turn_started_ms, started);
    }

    #[test]
    fn an_open_reveal_a_result_or_the_turned_end_cards_are_saved_and_older_saves_read_without_them()
    {
        let mut s = Session::new("g".into(), names(&["A", "B"]), Setup::new(2, 77), 1.0);
        let text = serde_json::to_string(&s).unwrap();
        assert!(!text.contains("reveal_open") && !text.contains("accusation_open"));
        assert!(!text.contains("end_shown"));
        let back: Session = serde_json::from_str(&text).unwrap();
        assert!(!back.reveal_open);
        assert!(!back.accusation_open);
        s.reveal_open = true;
        s.accusation_open = true;
        s.end_shown = 3;
        let back: Session = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert!(back.reveal_open);
        assert!(back.accusation_open);
        assert_eq!(back.end_shown, 3);
        // Who went on the last quest and who accused last, for the reveal and the result shown
        // again.
        let quest = camelot_card::Quest::Grail;
        for (seat, action) in [
            (0, Action::GoOnQuest { quest }),
            (1, Action::Accuse { target: Seat(0) }),
            (1, Action::Merlin6Quest { quest, bonus: 2 }),
            (0, Action::ListenToRumors),
        ] {
            s.actions.push(Played {
                seat: Seat(seat),
                action,
            });
        }
        assert_eq!(s.last_quester(), Some(Seat(1)));
        assert_eq!(s.last_accusation(), Some((Seat(1), Seat(0))));
    }

    /// One person alone (solo, or with computer knights) has nobody to hide from: no curtain.
    #[test]
    fn one_person_among_computer_knights_plays_without_a_curtain() {
        let expert = Sitter::Computer {
            level: Level::Expert,
        };
        let at = |sitters: Vec<Sitter>| {
            let n = sitters.len();
            let players: Vec<&str> = ["A", "B", "C", "D"][..n].to_vec();
            Session::new("g".into(), names(&players), Setup::new(n as u8, 9), 1.0)
                .seated(sitters)
                .one_person()
        };
        assert!(at(vec![expert, Sitter::Person, expert, expert]));
        assert!(!at(vec![Sitter::Person, expert, Sitter::Person]));
        assert!(at(vec![Sitter::Person]));
        assert!(!Session::new("g".into(), names(&["A", "B"]), Setup::new(2, 9), 1.0).one_person());
    }

    #[test]
    fn sitters_and_owed_screens_read_back_as_written() {
        let mut s = Session::new("g".into(), names(&["A", "B", "C"]), Setup::new(3, 9), 1.0)
            .seated(vec![
                Sitter::Person,
                Sitter::Computer {
                    level: Level::Expert,
                },
                Sitter::Person,
            ]);
        s.owed.push_back(Owed::Notice {
            seat: Seat(2),
            private: PrivateEvent::KnightDrawn {
                knight: camelot_card::Knight::Percival,
            },
        });
        let text = serde_json::to_string(&s).unwrap();
        assert!(
            text.contains(r#"{"sitter":"computer","level":"expert"}"#),
            "{text}"
        );
        assert!(text.contains(r#""owed":"notice""#), "{text}");
        let back: Session = serde_json::from_str(&text).unwrap();
        assert_eq!(back, s);
        let e = serde_json::from_str::<Sitter>(r#"{"sitter": "computer"}"#).unwrap_err();
        assert!(e.to_string().contains("missing field `level`"), "{e}");
        let e = serde_json::from_str::<Owed>(r#"{"owed": "notice", "seat": 1}"#).unwrap_err();
        assert!(e.to_string().contains("missing field `private`"), "{e}");
    }
}
