//! The board game's saves as the store reads them (its [`READER`], and its progress line; its
//! session is read as every game's is, [`crate::session`]), and the board game's own settings.
//! Its screens save and open games through the store's own `storage::keep` and `storage::open`.

use super::i18n::B;
use super::session::Session;
use crate::i18n::tf;
use crate::storage::{self, GameKind};
use camelot_board::{Side, TableView};
use serde::{Deserialize, Serialize};

/// The board game's own settings (kept under the store's key for the board game).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BoardSettings {
    /// The table asked the computer knights to move at once ("Faster").
    pub computers_fast: bool,
    /// When the coach's tips show.
    pub tips: crate::coach::Tips,
}

pub fn board_settings() -> BoardSettings {
    storage::load_game_settings(GameKind::Board).unwrap_or_default()
}

/// The table asked the computer knights to move at once ("Faster").
pub fn computers_fast() -> bool {
    board_settings().computers_fast
}

pub fn set_computers_fast(fast: bool) -> Result<(), String> {
    let mut s = board_settings();
    if s.computers_fast == fast {
        return Ok(());
    }
    s.computers_fast = fast;
    storage::save_game_settings(GameKind::Board, &s).map_err(|e| e.to_string())
}

/// When the coach's tips show in the board game.
pub fn tips() -> crate::coach::Tips {
    board_settings().tips
}

pub fn set_tips(tips: crate::coach::Tips) -> Result<(), String> {
    let mut s = board_settings();
    s.tips = tips;
    storage::save_game_settings(GameKind::Board, &s).map_err(|e| e.to_string())
}

/// The saved-games list's line: whose turn, the swords and the siege engines, or the result.
pub fn progress(view: &TableView, names: &[String]) -> String {
    let swords = view.swords;
    let args: [(&str, &dyn std::fmt::Display); 3] = [
        ("white", &swords.white),
        ("black", &swords.black),
        ("engines", &view.siege_engines),
    ];
    match view.outcome {
        Some(o) if o.winner == Side::Loyal => tf(B::progress_loyal_won, &args),
        Some(_) => tf(B::progress_evil_won, &args),
        None => {
            let name = names.get(view.current.index()).map_or("?", String::as_str);
            let mut all = args.to_vec();
            all.push(("turn", &view.turn));
            all.push(("name", &name));
            tf(B::progress_turn, &all)
        }
    }
}

/// How the saved-games list, export and import read a board game.
pub const READER: storage::Reader = storage::Reader::of::<Session>();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::session::Sitter;
    use crate::storage::{Imported, Kept, Memory, Reader, SavedRow, StorageError, Store};
    use camelot_board::{Game, Seat, Setup};
    use camelot_kit::Level;

    const R: &[Reader] = &[crate::card::persist::READER, READER];

    fn names(n: usize) -> Vec<String> {
        ["Ann", "Bo", "Cy", "Di", "Ed"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    /// A board game with `moves` moves played by the computer knights' policy.
    fn played(id: &str, moves: usize) -> (Session, Game) {
        let mut s = Session::new(
            id.into(),
            names(4),
            vec![
                Sitter::Person,
                Sitter::Computer {
                    level: Level::Expert,
                },
                Sitter::Person,
                Sitter::Computer {
                    level: Level::Expert,
                },
            ],
            Setup::new(4, 99),
            1_700_000_000_000.0,
        );
        let mut g = s.game().unwrap();
        for i in 0..moves {
            let Some(seat) = g.decider() else { break };
            let a = crate::board::computer_decision(&g, seat, Level::Solid, 99, i)
                .unwrap()
                .0;
            s.apply(&mut g, seat, a, 1_700_000_000_000.0 + i as f64)
                .unwrap();
        }
        (s, g)
    }

    /// Board games are saved after every move, listed beside Card Games with their
    /// kind and a progress line, exported and imported, and open exactly as they were.
    #[test]
    fn board_games_are_saved_listed_exported_and_imported_beside_card_games() {
        let st = Store::new(Memory::default());
        let (b, gb) = played("gb", 30);
        st.save_played(&b, &gb).unwrap();
        let mut c = crate::card::session::Session::new(
            "gc".into(),
            names(3),
            camelot_card::Setup::new(3, 5),
            1_600_000_000_000.0,
        );
        c.format = c.needed_format();
        let gc = c.game().unwrap();
        st.save_played(&c, &gc).unwrap();
        let rows = st.list(R).unwrap();
        let kinds: Vec<GameKind> = rows
            .iter()
            .map(|r| match r {
                SavedRow::Ready(s) => s.game_kind,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(kinds, vec![GameKind::Board, GameKind::Card]);
        assert_eq!(st.kind_of("gb").unwrap(), GameKind::Board);
        let (back, game) = st.load_played::<Session>("gb").unwrap();
        assert_eq!(back, b);
        assert_eq!(game.table_view(), gb.table_view());
        // A board game is not read as a Card Game, and the other way round.
        assert!(
            st.load_played::<crate::card::session::Session>("gb")
                .is_err()
        );
        assert!(st.load_played::<Session>("gc").is_err());
        // Export, then import: the same game again is noticed; kept both, it is a copy.
        let file = st.export("gb", R).unwrap();
        assert!(file.contains("\"game_kind\": \"board\""));
        assert!(matches!(
            st.import_new(&file, 1.0, R).unwrap(),
            Imported::AlreadyHere { id, .. } if id == "gb"
        ));
        let copy = st.import(&file, 1.0, R).unwrap();
        assert_ne!(copy.id, "gb");
        assert_eq!(copy.game_kind, GameKind::Board);
        let (again, _) = st.load_played::<Session>(&copy.id).unwrap();
        assert!(again.same_game(&b));
    }

    /// A save of the first format (seats as bare words) opens: its computer knights play on at
    /// the solid level they played at, and its people stay people.
    #[test]
    fn a_first_format_board_save_opens_with_its_computer_knights_at_the_solid_level() {
        let (b, _) = played("g1", 20);
        let now = serde_json::to_string(&b).unwrap();
        let first = now
            .replace("\"format\":2", "\"format\":1")
            .replace(r#"{"sitter":"computer","level":"expert"}"#, r#""computer""#)
            .replace(r#"{"sitter":"person"}"#, r#""person""#);
        assert!(first.contains(r#"["person","computer","person","computer"]"#));
        let (old, game) = Session::parse(&first).expect("a first-format save opens");
        let solid = Sitter::Computer {
            level: Level::Solid,
        };
        assert_eq!(
            old.sitters,
            vec![Sitter::Person, solid, Sitter::Person, solid]
        );
        assert_eq!(old.moves, b.moves);
        assert_eq!(game.table_view(), b.game().unwrap().table_view());
    }

    /// A damaged board save is refused with its reason, never replayed into a panic.
    #[test]
    fn a_damaged_board_save_is_refused_with_a_reason() {
        let (b, _) = played("gb", 20);
        let good = serde_json::to_string(&b).unwrap();
        assert!(Session::parse(&good).is_ok());
        let mut bad = b.clone();
        bad.names.pop();
        assert!(matches!(
            Session::parse(&serde_json::to_string(&bad).unwrap()),
            Err(StorageError::Damaged { .. })
        ));
        let mut bad = b.clone();
        bad.sitters = vec![
            Sitter::Computer {
                level: Level::Expert
            };
            4
        ];
        assert!(Session::parse(&serde_json::to_string(&bad).unwrap()).is_err());
        let mut bad = b.clone();
        bad.loyalty_looks = vec![Seat(9)];
        assert!(Session::parse(&serde_json::to_string(&bad).unwrap()).is_err());
        let mut bad = b.clone();
        let m = bad.moves[5];
        bad.moves.insert(
            6,
            camelot_kit::Move {
                seat: Seat((m.seat.0 + 1) % 4),
                action: m.action,
            },
        );
        assert!(matches!(
            Session::parse(&serde_json::to_string(&bad).unwrap()),
            Err(StorageError::DoesNotReplay { .. }) | Err(StorageError::Damaged { .. })
        ));
        let newer = good.replace("\"format\":2", "\"format\":3");
        assert!(matches!(
            Session::parse(&newer),
            Err(StorageError::Newer { found: 3, .. })
        ));
        for cut in [0, 10, good.len() / 2, good.len() - 1] {
            assert!(Session::parse(&good[..cut]).is_err());
        }
    }

    /// A board game open in two tabs: the tab left behind may not write its older game over the
    /// one that went on in the other; once it has read it again, it goes on from there.
    #[test]
    fn a_tab_never_writes_an_older_board_game_over_a_newer_one() {
        let shared = Memory::default();
        let (first, second) = (Store::new(&shared), Store::new(&shared));
        let (s3, g3) = played("b1", 3);
        first.save_played(&s3, &g3).unwrap();
        second.load_played::<Session>("b1").unwrap();
        let (s9, g9) = played("b1", 9);
        first.save_played(&s9, &g9).unwrap();
        let (s5, g5) = played("b1", 5);
        assert!(matches!(
            second.save_played(&s5, &g5),
            Err(crate::storage::StorageError::MovedOn { .. })
        ));
        let (kept, _) = first.load_played::<Session>("b1").unwrap();
        assert_eq!(kept.moves, s9.moves);
        let (s12, g12) = played("b1", 12);
        assert!(s12.keeps_every_move_of(&s9) && !s9.keeps_every_move_of(&s12));
        second.save_played(&s12, &g12).unwrap();
    }
}
