//! What every game's saved session holds and does, written once for every game of the kit's
//! [`Rules`]: the table's part of a session ([`Table`]: its id, the players' names, who sits in each
//! seat, when it was started and last played, the coach), replaying its moves, recording a move
//! played, and how the saves store reads, checks and sums it up (the store's [`Kept`], for every
//! [`GameSession`]).
//!
//! Each game's `Session` holds a [`Table`] flattened among its own fields (the saved text has them
//! side by side, as it always had) and reaches it through `Deref`; it keeps its setup and moves,
//! under the name its saves always gave them, and what only its own table needs.
//!
//! Plain Rust with no web dependency, so it is tested natively.

use crate::seats::{Sitter, validate_sitters};
use crate::storage::{self, GameKind, Kept, SaveSummary, StorageError, Winner};
use camelot_kit::{Move, ReplayError, Rules, Seat, replay};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Display;
use std::ops::DerefMut;

/// What every game's session holds besides its setup and moves. `L` is the game's coach's lesson
/// (which rule a tip explained).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(deserialize = "L: Deserialize<'de>"))]
pub struct Table<L> {
    /// The save format the session is written in (each game's `SAVE_FORMAT` lists them).
    pub format: u32,
    /// Which game this is, saved so that the saved-games list and an export file say so (absent in
    /// a save from before the field: a Card Game).
    #[serde(default)]
    pub game_kind: GameKind,
    pub id: String,
    pub names: Vec<String>,
    /// Who sits in each seat. Empty, or a seat missing, means a person (a Card Game saved before
    /// computer knights: all persons).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sitters: Vec<Sitter>,
    /// Milliseconds since the epoch (Date.now()).
    pub created_ms: f64,
    pub updated_ms: f64,
    /// How many Loyalty cards the end screen has turned over so far, one by one, so that a reload
    /// there does not cover them again.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub end_shown: usize,
    /// A coached game: a deal chosen to meet the important rules early, with tips on.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub coach: bool,
    /// The rules the coach has explained in this game, in the order it did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lessons: Vec<L>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl<L> Table<L> {
    /// A new game of `kind`, started at `now_ms`, not coached.
    pub fn new(
        kind: GameKind,
        format: u32,
        id: String,
        names: Vec<String>,
        sitters: Vec<Sitter>,
        now_ms: f64,
    ) -> Table<L> {
        Table {
            format,
            game_kind: kind,
            id,
            names,
            sitters,
            created_ms: now_ms,
            updated_ms: now_ms,
            end_shown: 0,
            coach: false,
            lessons: Vec::new(),
        }
    }

    /// Who sits in `seat` (a person unless the session says otherwise).
    pub fn sitter(&self, seat: Seat) -> Sitter {
        self.sitters.get(seat.index()).copied().unwrap_or_default()
    }

    pub fn is_computer(&self, seat: Seat) -> bool {
        self.sitter(seat).is_computer()
    }

    /// Whether any seat is a computer knight.
    pub fn has_computers(&self) -> bool {
        self.sitters.iter().any(|s| s.is_computer())
    }

    /// The one person among the `players` (solo, or with computer knights: nobody to hide his
    /// cards from, so no curtain); `None` when several persons play.
    pub fn person_alone(&self, players: usize) -> Option<Seat> {
        let mut persons = (0..players as u8)
            .map(Seat)
            .filter(|&s| !self.is_computer(s));
        match (persons.next(), persons.next()) {
            (Some(seat), None) => Some(seat),
            _ => None,
        }
    }

    /// The name of the player in `seat`.
    pub fn name(&self, seat: Seat) -> &str {
        self.names.get(seat.index()).map_or("?", String::as_str)
    }
}

/// The action of a session's game.
pub type ActionOf<S> = <<S as GameSession>::Game as Rules>::Action;

/// A game's saved session: its [`Table`], its setup and moves, and what is its own. The store reads
/// it through the [`Kept`] written once below.
pub trait GameSession:
    Serialize + DeserializeOwned + DerefMut<Target = Table<Self::Lesson>>
{
    /// The game's rules.
    type Game: Rules<Setup: PartialEq, Refusal: Display>;
    /// Which rule a coach's tip explained.
    type Lesson;
    /// Which game.
    const KIND: GameKind;
    /// The newest save format this version writes and reads.
    const NEWEST_FORMAT: u32;
    /// The field of a saved text that lists the moves.
    const MOVES_FIELD: &'static str;

    /// How many players sit at the table.
    fn players(&self) -> usize;
    /// The setup the rules start the game from.
    fn rules_setup(&self) -> <Self::Game as Rules>::Setup;
    /// The moves played, in order.
    fn moves(&self) -> &[Move<ActionOf<Self>>];
    fn moves_mut(&mut self) -> &mut Vec<Move<ActionOf<Self>>>;
    /// The game's own checks of a session read, once its names and seats are found good (and
    /// before its moves are replayed).
    fn check(&mut self) -> Result<(), StorageError> {
        Ok(())
    }
    /// The save format this session is written in (the oldest that holds it).
    fn written_format(&self) -> u32 {
        self.format
    }
    /// The saved-games list's line: whose turn, or the result.
    fn progress(&self, game: &Self::Game) -> String;
    /// Which side won, once the game is over.
    fn winner(game: &Self::Game) -> Option<Winner>;

    /// Rebuild the game's state by replaying the moves.
    fn replay(&self) -> Result<Self::Game, ReplayError<Self::Game>> {
        replay::<Self::Game>(&self.rules_setup(), self.moves())
    }

    /// Apply `seat`'s action to `game` (this session's replayed state) and record it, played at
    /// `now_ms`. The game and the session are unchanged on error.
    fn record(
        &mut self,
        game: &mut Self::Game,
        seat: Seat,
        action: ActionOf<Self>,
        now_ms: f64,
    ) -> Result<Vec<<Self::Game as Rules>::Event>, <Self::Game as Rules>::Refusal> {
        let events = game.apply(seat, action.clone())?;
        self.moves_mut().push(Move { seat, action });
        self.updated_ms = now_ms;
        Ok(events)
    }
}

/// How the saves store reads, checks and sums up every game's session.
impl<S: GameSession> Kept for S {
    type Played = S::Game;
    const KIND: GameKind = S::KIND;
    const NEWEST_FORMAT: u32 = S::NEWEST_FORMAT;
    const MOVES_FIELD: &'static str = S::MOVES_FIELD;

    /// JSON, our shape, a format we know, one name per seat and seats that fit them, the game's
    /// own checks, and moves that replay.
    fn parse(text: &str) -> Result<(S, S::Game), StorageError> {
        storage::check_format(text, S::KIND, S::NEWEST_FORMAT)?;
        let mut session: S = serde_json::from_str(text).map_err(|e| StorageError::Damaged {
            detail: format!("not a saved game: {e}"),
        })?;
        let players = session.players();
        storage::check_names(&session.names, players)?;
        validate_sitters(&session.sitters, players).map_err(|e| StorageError::Damaged {
            detail: format!("the seats are not valid: {e}"),
        })?;
        session.check()?;
        let game = session.replay()?;
        Ok((session, game))
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn set_id(&mut self, id: String) {
        self.id = id;
    }

    fn format(&self) -> u32 {
        self.written_format()
    }

    fn summary(&self, game: &S::Game) -> SaveSummary {
        SaveSummary::new(
            S::KIND,
            &self.id,
            &self.names,
            (self.created_ms, self.updated_ms),
            self.progress(game),
            game.is_over(),
        )
        .won_by(S::winner(game))
    }

    fn same_game(&self, other: &S) -> bool {
        self.names == other.names
            && self.sitters == other.sitters
            && self.rules_setup() == other.rules_setup()
            && self.moves() == other.moves()
    }

    fn move_count(&self) -> usize {
        self.moves().len()
    }

    fn keeps_every_move_of(&self, stored: &S) -> bool {
        self.rules_setup() == stored.rules_setup() && self.moves().starts_with(stored.moves())
    }
}

/// A saved game that does not replay, in plain words (the engine's refusal as the detail).
impl<R: Rules<Refusal: Display>> From<ReplayError<R>> for StorageError {
    fn from(e: ReplayError<R>) -> StorageError {
        match e {
            ReplayError::Setup(e) => StorageError::Damaged {
                detail: format!("setup: {e}"),
            },
            ReplayError::Action { index, refusal } => StorageError::DoesNotReplay {
                move_number: index + 1,
                detail: refusal.to_string(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::seats::Sitter;
    use camelot_kit::Level;

    /// The fields of a saved text, in the order written.
    fn fields(session: &impl serde::Serialize) -> Vec<String> {
        let text = serde_json::to_string(session).unwrap();
        let map: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&text).unwrap();
        map.keys().cloned().collect()
    }

    /// A session's table sits among the game's own fields, as every release wrote them.
    #[test]
    fn both_games_sessions_are_saved_with_the_fields_they_always_had() {
        let names = || vec!["Ann".to_string(), "Bo".to_string()];
        let mut card = crate::card::session::Session::new(
            "c".into(),
            names(),
            camelot_card::Setup::new(2, 5),
            1.0,
        );
        let mut want = vec![
            "format",
            "game_kind",
            "id",
            "names",
            "created_ms",
            "updated_ms",
            "setup",
            "actions",
            "owed",
            "silence_since_ms",
        ];
        let sorted = |mut v: Vec<&str>| {
            v.sort_unstable();
            v.into_iter().map(String::from).collect::<Vec<_>>()
        };
        let mut got = fields(&card);
        got.sort_unstable();
        assert_eq!(got, sorted(want.clone()));
        card.coach = true;
        card.end_shown = 2;
        want.extend(["coach", "end_shown"]);
        let mut got = fields(&card);
        got.sort_unstable();
        assert_eq!(got, sorted(want));
        let board = crate::board::session::Session::new(
            "b".into(),
            names(),
            vec![
                Sitter::Person,
                Sitter::Computer {
                    level: Level::Expert,
                },
            ],
            camelot_board::Setup::new(2, 5),
            1.0,
        );
        let mut got = fields(&board);
        got.sort_unstable();
        assert_eq!(
            got,
            sorted(vec![
                "format",
                "game_kind",
                "id",
                "names",
                "sitters",
                "setup",
                "moves",
                "created_ms",
                "updated_ms",
                "loyalty_looks",
            ])
        );
    }
}
