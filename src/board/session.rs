//! A board game as the app keeps it: the players' names, who sits in each seat, the engine's setup
//! and the moves played (a game is its setup, with its seed, plus its moves: the engine's state is
//! rebuilt by replay), plus the little table state that must survive a reload — the Loyalty looks
//! still owed at the start, and what each person is still to be told privately.
//!
//! Plain Rust with no web dependency, so it is tested natively.

use crate::session::{GameSession, Table};
use crate::storage::{GameKind, StorageError, Winner};
use camelot_board::coach::Lesson;
use camelot_board::{Action, Event, Game, PrivateEvent, RuleError, Seat, Setup, Side};
use camelot_kit::{Move, ReplayError};
use serde::{Deserialize, Serialize};
use std::ops::{Deref, DerefMut};

/// The save format of a board game's [`Session`]. Bump it when the shape changes; older formats are
/// migrated or reported, newer ones are reported and left untouched.
///
/// - 1: the first format.
/// - 2: a computer knight's seat keeps its level (`{"sitter": "computer", "level": "expert"}`;
///   format 1's bare `"computer"` reads as the solid level it played at).
pub const SAVE_FORMAT: u32 = 2;

pub use crate::seats::{Sitter, validate_sitters};

/// Something a person is to be told privately, behind his curtain, the next time he takes the
/// phone: a card given to him or taken from him while someone else held the phone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    pub seat: Seat,
    pub private: PrivateEvent,
}

/// One board game as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    /// What every game's session holds (its fields sit among these in the saved text): here,
    /// always [`GameKind::Board`], and one sitter per seat.
    #[serde(flatten)]
    pub table: Table<Lesson>,
    pub setup: Setup,
    pub moves: Vec<Move<Action>>,
    /// The persons who have not yet looked at their Loyalty card at the start, in seat order
    /// (each behind his own curtain).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub loyalty_looks: Vec<Seat>,
    /// What persons are still to be told privately, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<Notice>,
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
    const KIND: GameKind = GameKind::Board;
    const NEWEST_FORMAT: u32 = SAVE_FORMAT;
    const MOVES_FIELD: &'static str = "moves";

    fn players(&self) -> usize {
        self.setup.players.into()
    }

    fn rules_setup(&self) -> Setup {
        self.setup.clone()
    }

    fn moves(&self) -> &[Move<Action>] {
        &self.moves
    }

    fn moves_mut(&mut self) -> &mut Vec<Move<Action>> {
        &mut self.moves
    }

    /// Every private screen owed is owed to a seat at the table.
    fn check(&mut self) -> Result<(), StorageError> {
        let players = self.players();
        if self
            .loyalty_looks
            .iter()
            .chain(self.notices.iter().map(|n| &n.seat))
            .any(|s| s.index() >= players)
        {
            return Err(StorageError::Damaged {
                detail: "a private screen is owed to a seat that is not at the table".into(),
            });
        }
        Ok(())
    }

    fn progress(&self, game: &Game) -> String {
        super::persist::progress(&game.table_view(), &self.names)
    }

    fn winner(game: &Game) -> Option<Winner> {
        game.outcome().map(|o| match o.winner {
            Side::Loyal => Winner::Loyal,
            Side::Evil => Winner::Evil,
        })
    }
}

impl Session {
    /// A new game: names and sitters already checked, the setup's seed drawn by the caller. Every
    /// person looks at his Loyalty card first (unless the three-player rule has the knights look
    /// only later, §8.3: then the engine asks for that look itself), in the order of the opening
    /// gesture, from the first player: so each lays his card for it at the same look.
    pub fn new(
        id: String,
        names: Vec<String>,
        sitters: Vec<Sitter>,
        setup: Setup,
        now_ms: f64,
    ) -> Session {
        let peek_later = setup.players == 3 && setup.options.three_player_peek;
        let loyalty_looks = if peek_later {
            Vec::new()
        } else {
            let first = Game::new(&setup)
                .ok()
                .and_then(|g| g.decider())
                .map_or(0, |s| s.0);
            (0..setup.players)
                .map(|i| Seat((first + i) % setup.players))
                .filter(|s| !sitters.get(s.index()).is_some_and(|s| s.is_computer()))
                .collect()
        };
        Session {
            table: Table::new(GameKind::Board, SAVE_FORMAT, id, names, sitters, now_ms),
            setup,
            moves: Vec::new(),
            loyalty_looks,
            notices: Vec::new(),
        }
    }

    /// Rebuild the engine's state by replaying the moves.
    pub fn game(&self) -> Result<Game, ReplayError<Game>> {
        self.replay()
    }

    /// The one person at a table of computer knights (nobody to hide his cards from): `None`
    /// when several persons play.
    pub fn lone_person(&self) -> Option<Seat> {
        self.person_alone(self.players())
    }

    /// Apply `seat`'s action to `game` (this session's replayed state) and record it; what a
    /// person must be told privately and did not see on his own screen is kept for his next
    /// curtain. The game and the session are unchanged on error.
    pub fn apply(
        &mut self,
        game: &mut Game,
        seat: Seat,
        action: Action,
        now_ms: f64,
    ) -> Result<Vec<Event>, RuleError> {
        let events = self.record(game, seat, action, now_ms)?;
        for e in &events {
            if let Event::Private { seat: to, private } = e
                && *to != seat
                && !self.is_computer(*to)
            {
                self.notices.push(Notice {
                    seat: *to,
                    private: private.clone(),
                });
            }
        }
        Ok(events)
    }

    /// What `events` told `seat` privately is kept for his next curtain (he acted in front of
    /// everyone and saw none of it).
    pub fn keep_for_later(&mut self, seat: Seat, events: &[Event]) {
        for e in events {
            if let Event::Private { seat: to, private } = e
                && *to == seat
                && !self.is_computer(seat)
            {
                self.notices.push(Notice {
                    seat,
                    private: private.clone(),
                });
            }
        }
    }

    /// `seat` has read what he was to be told.
    pub fn told(&mut self, seat: Seat) {
        self.notices.retain(|n| n.seat != seat);
    }

    /// What `seat` is still to be told.
    pub fn notices_for(&self, seat: Seat) -> Vec<PrivateEvent> {
        self.notices
            .iter()
            .filter(|n| n.seat == seat)
            .map(|n| n.private.clone())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_board::Options;
    use camelot_kit::Level;

    fn names(n: usize) -> Vec<String> {
        ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    /// One person with computer knights has nobody to hide his cards from: no curtain. Two
    /// persons or more pass the phone.
    #[test]
    fn one_person_among_computer_knights_plays_without_a_curtain() {
        use Sitter::Person as P;
        const C: Sitter = Sitter::Computer {
            level: Level::Expert,
        };
        let at = |sitters: Vec<Sitter>| {
            let n = sitters.len();
            Session::new("b".into(), names(n), sitters, Setup::new(n as u8, 7), 0.0).lone_person()
        };
        assert_eq!(at(vec![C, P, C, C]), Some(Seat(1)));
        assert_eq!(at(vec![P, C, P, C]), None);
        assert_eq!(at(vec![P, P, P]), None);
    }

    #[test]
    fn every_person_looks_at_his_loyalty_card_first_but_not_a_computer_knight() {
        let sitters = vec![
            Sitter::Person,
            Sitter::Computer {
                level: Level::Expert,
            },
            Sitter::Person,
            Sitter::Computer {
                level: Level::Expert,
            },
        ];
        let s = Session::new("b1".into(), names(4), sitters, Setup::new(4, 7), 0.0);
        // In the order of the opening gesture, from the first player.
        let first = s.game().unwrap().decider().unwrap();
        let order: Vec<Seat> = (0..4)
            .map(|i| Seat((first.0 + i) % 4))
            .filter(|s| s.0 % 2 == 0)
            .collect();
        assert_eq!(s.loyalty_looks, order);
        assert_eq!(order.len(), 2);
        // Three players with the three-player rule: nobody looks before the threshold.
        let s = Session::new(
            "b2".into(),
            names(3),
            vec![Sitter::Person; 3],
            Setup::new(3, 7),
            0.0,
        );
        assert!(s.loyalty_looks.is_empty());
        let mut setup = Setup::new(3, 7);
        setup.options = Options {
            three_player_peek: false,
            ..Options::default()
        };
        let s = Session::new("b3".into(), names(3), vec![Sitter::Person; 3], setup, 0.0);
        assert_eq!(s.loyalty_looks.len(), 3);
    }

    #[test]
    fn a_session_replays_to_the_game_it_recorded_and_a_refused_move_records_nothing() {
        let mut s = Session::new(
            "b1".into(),
            names(5),
            vec![Sitter::Person; 5],
            Setup::new(5, 11),
            0.0,
        );
        let mut game = s.game().unwrap();
        for i in 0..60 {
            let Some(seat) = game.decider() else { break };
            let action = game.legal_actions()[i % game.legal_actions().len()];
            s.apply(&mut game, seat, action, i as f64).unwrap();
        }
        assert_eq!(s.game().unwrap().table_view(), game.table_view());
        let before = s.clone();
        let seat = game.decider().unwrap();
        let wrong = Seat((seat.0 + 1) % 5);
        assert!(s.apply(&mut game, wrong, Action::EndTurn, 99.0).is_err());
        assert_eq!(s, before);
    }
}
