//! The saves store with the Card Game's sessions: saving, listing, export and import, damaged and
//! newer saves, and the saves and files of earlier releases.

use crate::card::persist::READER;
use crate::card::session::{SAVE_FORMAT, Session};
use crate::i18n::{K, t};
use crate::session::{GameSession, Table};
use crate::storage::*;

const R: &[Reader] = &[READER];
use crate::card::session::Sitter;
use camelot_card::Game;
use camelot_card::bot::Level;
use camelot_card::{Seat, Setup};
use serde_json::Value;

fn store() -> Store<Memory> {
    Store::new(Memory::default())
}

/// A saved Card Game's session.
fn load<B: Backend>(st: &Store<B>, id: &str) -> Result<Session, StorageError> {
    st.load_played::<Session>(id).map(|(s, _)| s)
}

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// A session with `moves` actions played (always the first legal one).
fn session(id: &str, players: &[&str], seed: u64, moves: usize) -> (Session, Game) {
    let mut s = Session::new(
        id.into(),
        names(players),
        Setup::new(players.len() as u8, seed),
        1_700_000_000_000.0,
    );
    let mut g = s.game().unwrap();
    for i in 0..moves {
        let Some((seat, _)) = g.decider() else { break };
        let a = g.legal_actions()[0];
        s.apply(&mut g, seat, a, 1_700_000_000_000.0 + i as f64)
            .unwrap();
    }
    (s, g)
}

#[test]
fn saves_load_and_list_most_recent_first() {
    let st = store();
    let (a, ga) = session("ga", &["Ann", "Bo"], 1, 4);
    let (mut b, gb) = session("gb", &["Cy", "Di", "Ed"], 2, 6);
    b.updated_ms += 10_000.0;
    st.save_played(&a, &ga).unwrap();
    st.save_played(&b, &b.game().unwrap()).unwrap();
    assert_eq!(load(&st, "ga").unwrap(), a);
    assert_eq!(
        st.load_played::<Session>("gb").unwrap().1.table_view(),
        gb.table_view()
    );
    let rows = st.list(R).unwrap();
    assert_eq!(rows.len(), 2);
    let SavedRow::Ready(first) = &rows[0] else {
        panic!("readable")
    };
    assert_eq!(first.id, "gb");
    assert_eq!(first.title(), "Cy, Di and Ed");
    assert_eq!(first.progress, b.progress(&gb));
    assert_eq!(rows[1].id(), "ga");
    assert!(matches!(
        load(&st, "nope"),
        Err(StorageError::NotFound { .. })
    ));
}

#[test]
fn the_list_uses_the_index_but_notices_a_changed_text() {
    let st = store();
    let (a, ga) = session("ga", &["Ann", "Bo"], 1, 4);
    st.save_played(&a, &ga).unwrap();
    assert!(st.backend.get(INDEX_KEY).unwrap().is_some());
    // Someone damages the stored text behind the index's back: the list must not trust the
    // stale summary.
    st.backend.set(&game_key("ga"), "{\"format\":1,").unwrap();
    let rows = st.list(R).unwrap();
    assert!(matches!(
        &rows[0],
        SavedRow::Unreadable {
            problem: StorageError::Damaged { .. },
            ..
        }
    ));
    // A garbled index is only a cache: rebuilt from the games.
    let (b, gb) = session("gb", &["Cy"], 3, 3);
    st.save_played(&b, &gb).unwrap();
    st.backend.set(INDEX_KEY, "garbage").unwrap();
    let rows = st.list(R).unwrap();
    assert_eq!(rows.len(), 2);
    assert!(matches!(&rows[0], SavedRow::Ready(s) if s.id == "gb"));
}

#[test]
fn damaged_foreign_and_newer_saves_are_reported_and_left_untouched() {
    let st = store();
    let (a, ga) = session("good", &["Ann", "Bo"], 1, 5);
    st.save_played(&a, &ga).unwrap();
    let bad = [
        ("notjson", "this is not json".to_string()),
        ("array", "[1,2,3]".to_string()),
        ("other", "{\"hello\":\"world\"}".to_string()),
        ("newer", {
            let mut newer = a.clone();
            newer.format = SAVE_FORMAT + 1;
            newer.id = "newer".into();
            serde_json::to_string(&newer).unwrap()
        }),
    ];
    for (id, text) in &bad {
        st.backend.set(&game_key(id), text).unwrap();
    }
    // Moves that do not replay: the second action is repeated at the end, out of turn.
    let mut broken = a.clone();
    broken.id = "broken".into();
    broken.actions.push(broken.actions[0]);
    broken.actions.push(broken.actions[0]);
    st.backend
        .set(
            &game_key("broken"),
            &serde_json::to_string(&broken).unwrap(),
        )
        .unwrap();

    let rows = st.list(R).unwrap();
    assert_eq!(rows.len(), 6);
    assert!(matches!(&rows[0], SavedRow::Ready(s) if s.id == "good"));
    let problem = |id: &str| {
        rows.iter()
            .find_map(|r| match r {
                SavedRow::Unreadable { id: i, problem, .. } if i == id => Some(problem.clone()),
                _ => None,
            })
            .unwrap()
    };
    assert!(matches!(problem("notjson"), StorageError::Damaged { .. }));
    assert!(matches!(problem("array"), StorageError::Damaged { .. }));
    assert!(matches!(problem("other"), StorageError::Damaged { .. }));
    let newer = problem("newer");
    assert_eq!(
        newer,
        StorageError::Newer {
            found: SAVE_FORMAT + 1,
            supported: SAVE_FORMAT
        }
    );
    assert!(newer.to_string().contains("newer version of Camelot"));
    assert!(matches!(
        problem("broken"),
        StorageError::DoesNotReplay { .. }
    ));
    // The newer one still shows whose game it was.
    assert!(rows.iter().any(
        |r| matches!(r, SavedRow::Unreadable { id, names, .. } if id == "newer" && names == &a.names)
    ));
    // Listing, loading and saving other games never touch them.
    assert!(load(&st, "notjson").is_err());
    let (c, gc) = session("c", &["Cy"], 9, 2);
    st.save_played(&c, &gc).unwrap();
    st.list(R).unwrap();
    for (id, text) in &bad {
        assert_eq!(st.backend.get(&game_key(id)).unwrap().as_ref(), Some(text));
    }
    assert!(load(&st, "good").is_ok());
    // Saving over an unreadable entry is refused, and it stays as it was.
    let clash = Session {
        table: Table {
            id: "newer".into(),
            ..c.table.clone()
        },
        ..c.clone()
    };
    let err = st.save_played(&clash, &gc).unwrap_err();
    assert!(matches!(err, StorageError::WouldOverwrite { .. }));
    assert_eq!(
        st.backend.get(&game_key("newer")).unwrap().as_ref(),
        Some(&bad[3].1)
    );
    // Only an explicit delete removes one.
    st.delete("notjson").unwrap();
    assert!(st.backend.get(&game_key("notjson")).unwrap().is_none());
    assert_eq!(st.list(R).unwrap().len(), 6);
}

#[test]
fn export_then_import_round_trips_with_a_new_id_when_taken() {
    let st = store();
    let (a, ga) = session("ga", &["Ann", "Bo", "Cy"], 4, 12);
    st.save_played(&a, &ga).unwrap();
    let text = st.export("ga", R).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["app"], "camelot");
    assert_eq!(v["kind"], "saved-game");
    assert_eq!(v["format"], a.format);
    let added = st.import(&text, 1_800_000_000_000.0, R).unwrap();
    assert_ne!(added.id, "ga");
    let back = load(&st, &added.id).unwrap();
    assert_eq!(
        Session {
            table: Table {
                id: a.id.clone(),
                ..back.table.clone()
            },
            ..back.clone()
        },
        a
    );
    assert_eq!(st.list(R).unwrap().len(), 2);
    // Into an empty store, the id is kept.
    let other = store();
    assert_eq!(other.import(&text, 0.0, R).unwrap().id, "ga");
    // A bare stored session imports too.
    let third = store();
    let bare = serde_json::to_string(&a).unwrap();
    third.import(&bare, 0.0, R).unwrap();
    assert_eq!(load(&third, "ga").unwrap(), a);
}

/// Importing the same file twice made two identical saved games without a word.
#[test]
fn importing_a_game_already_kept_here_says_so_and_saves_nothing() {
    let st = store();
    let (a, ga) = session("ga", &["Ann", "Bo", "Cy"], 4, 12);
    st.save_played(&a, &ga).unwrap();
    let text = st.export("ga", R).unwrap();
    assert_eq!(
        st.import_new(&text, 1_800_000_000_000.0, R).unwrap(),
        Imported::AlreadyHere {
            id: "ga".into(),
            names: a.names.clone()
        }
    );
    assert_eq!(st.list(R).unwrap().len(), 1, "nothing saved");
    // Into another store it is new; imported a second time there, it is found again, under
    // the id it was given.
    let other = store();
    let Imported::Added(first) = other.import_new(&text, 0.0, R).unwrap() else {
        panic!("a new game");
    };
    assert!(matches!(
        other.import_new(&text, 0.0, R).unwrap(),
        Imported::AlreadyHere { id, .. } if id == first.id
    ));
    // "Keep both" imports a copy.
    let copy = other.import(&text, 1_800_000_000_000.0, R).unwrap();
    assert_ne!(copy.id, first.id);
    assert_eq!(other.list(R).unwrap().len(), 2);
    // The same game played on is another game.
    let (later, gl) = session("gl", &["Ann", "Bo", "Cy"], 4, 13);
    let third = store();
    third.save_played(&later, &gl).unwrap();
    assert!(matches!(
        third.import_new(&text, 0.0, R).unwrap(),
        Imported::Added(_)
    ));
}

#[test]
fn an_export_file_is_laid_out_as_pretty_json() {
    // A whole game, with player names that look like JSON, lays out as serde_json's own pretty
    // printer would (the layout itself: storage's tests) and reads back as the same game.
    let (a, _) = session("gp", &["Ann {x}", "Bo, \"[y]\": z\\", "Cy"], 9, 40);
    let text = export_text(&a);
    assert!(text.starts_with("{\n  \"app\": \"camelot\",\n"), "{text}");
    assert_eq!(
        serde_json::from_str::<Value>(&text).unwrap(),
        serde_json::json!({
            "app": "camelot",
            "kind": "saved-game",
            "format": 1,
            "game_kind": "card",
            "game": serde_json::to_value(&a).unwrap(),
        })
    );
    let st = store();
    st.import(&text, 0.0, R).unwrap();
    assert_eq!(load(&st, "gp").unwrap(), a);
}

#[test]
fn imports_that_are_not_ours_or_newer_are_refused_in_plain_words() {
    let st = store();
    let (a, _) = session("ga", &["Ann", "Bo"], 4, 3);
    let e = st.import("PK\u{3}\u{4} zip", 0.0, R).unwrap_err();
    assert!(matches!(e, StorageError::Foreign { .. }));
    assert!(e.to_string().contains("not a Camelot saved game"));
    let e = st
        .import(
            "{\"app\":\"chess\",\"kind\":\"saved-game\",\"format\":1}",
            0.0,
            R,
        )
        .unwrap_err();
    assert!(matches!(e, StorageError::Foreign { .. }));
    let newer = export_text(&a).replace(
        &format!("\"format\": {},\n  \"game_kind\"", a.format),
        &format!("\"format\": {},\n  \"game_kind\"", SAVE_FORMAT + 1),
    );
    assert!(matches!(
        st.import(&newer, 0.0, R),
        Err(StorageError::Newer { .. })
    ));
    let truncated = &export_text(&a)[..100];
    assert!(st.import(truncated, 0.0, R).is_err());
    // Names that don't match the players.
    let mut wrong = a.clone();
    wrong.names.pop();
    assert!(matches!(
        st.import(&export_text(&wrong), 0.0, R),
        Err(StorageError::Damaged { .. })
    ));
    assert!(st.list(R).unwrap().is_empty());
    // Names the app would never have accepted.
    for bad in [
        vec!["Ann".to_string(), "ann".to_string()],
        vec!["Ann".to_string(), "".to_string()],
        vec!["Ann".to_string(), "x".repeat(21)],
    ] {
        let odd = Session {
            table: Table {
                names: bad,
                ..a.table.clone()
            },
            ..a.clone()
        };
        assert!(matches!(
            st.import(&export_text(&odd), 0.0, R),
            Err(StorageError::Damaged { .. })
        ));
    }
    // A strange id is replaced.
    let odd = Session {
        table: Table {
            id: "../../etc".into(),
            ..a.table.clone()
        },
        ..a.clone()
    };
    let back = st.import(&export_text(&odd), 5.0, R).unwrap();
    assert!(valid_id(&back.id));
    assert_eq!(st.list(R).unwrap().len(), 1);
}

#[test]
fn a_format_1_save_reads_as_all_persons_and_persons_only_stay_format_1() {
    let st = store();
    let (a, _) = session("old", &["Ann", "Bo", "Cy"], 3, 6);
    // Exactly what the first app version wrote: format 1, no `sitters`.
    let mut v: Value = serde_json::to_value(&a).unwrap();
    v["format"] = 1.into();
    assert!(v.get("sitters").is_none());
    st.backend
        .set(&game_key("old"), &serde_json::to_string(&v).unwrap())
        .unwrap();
    let (back, game) = st.load_played::<Session>("old").unwrap();
    assert_eq!(
        back.format, 1,
        "older versions still open a game of persons"
    );
    assert!(!back.has_computers());
    assert!((0..3).all(|i| back.sitter(Seat(i)) == Sitter::Person));
    assert_eq!(game.table_view(), a.game().unwrap().table_view());
    st.save_played(&back, &game).unwrap();
    let text = st.backend.get(&game_key("old")).unwrap().unwrap();
    let saved: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(saved["format"], 1);
    assert!(export_text(&back).contains("\"format\": 1,"));
    // A format 2 save of persons only reads the same.
    let mut v2 = v.clone();
    v2["format"] = 2.into();
    let (again, _) = Session::parse(&serde_json::to_string(&v2).unwrap()).unwrap();
    assert_eq!(again, back);
}

#[test]
fn computer_seats_round_trip_and_a_table_of_computers_only_is_damaged() {
    let st = store();
    let computer = Sitter::Computer {
        level: Level::Expert,
    };
    let (a, ga) = session("bots", &["Ann", "Sir Kay"], 2, 0);
    let a = a.seated(vec![Sitter::Person, computer]);
    assert_eq!(a.format, 2, "a game with a computer is format 2");
    assert!(export_text(&a).contains("\"format\": 2,"));
    st.save_played(&a, &ga).unwrap();
    let text = st.backend.get(&game_key("bots")).unwrap().unwrap();
    assert!(
        text.contains("\"sitter\":\"computer\",\"level\":\"expert\""),
        "{text}"
    );
    let back = load(&st, "bots").unwrap();
    assert_eq!(back, a);
    assert_eq!(back.sitter(Seat(1)), computer);
    for (sitters, what) in [
        (vec![computer, computer], "computers only"),
        (vec![Sitter::Person], "one sitter for two players"),
    ] {
        let odd = Session {
            table: Table {
                sitters,
                ..a.table.clone()
            },
            ..a.clone()
        };
        let e = st.import(&export_text(&odd), 0.0, R).unwrap_err();
        assert!(matches!(e, StorageError::Damaged { .. }), "{what}: {e:?}");
    }
}

#[test]
fn a_full_storage_is_reported_and_the_old_save_kept() {
    let (mut a, mut ga) = session("ga", &["Ann", "Bo"], 1, 2);
    let probe = store();
    probe.save_played(&a, &ga).unwrap();
    let used: usize = probe
        .backend
        .map
        .borrow()
        .iter()
        .map(|(k, v)| k.len() + v.len())
        .sum();
    // Room for this save and a few more moves.
    let st = Store::new(Memory {
        quota: Some(used + 200),
        ..Memory::default()
    });
    st.save_played(&a, &ga).unwrap();
    let saved = st.backend.get(&game_key("ga")).unwrap();
    let mut err = None;
    for i in 0..500 {
        let Some((seat, _)) = ga.decider() else { break };
        let act = ga.legal_actions()[0];
        a.apply(&mut ga, seat, act, i as f64).unwrap();
        if let Err(e) = st.save_played(&a, &ga) {
            err = Some(e);
            break;
        }
    }
    let err = err.expect("the quota runs out");
    assert_eq!(err, StorageError::Full);
    assert!(err.to_string().contains("no room left"));
    // The last good save is still there and readable.
    let kept = load(&st, "ga").unwrap();
    assert!(kept.actions.len() < a.actions.len());
    assert!(saved.is_some());
    assert_eq!(
        StorageError::from_js("NS_ERROR_DOM_QUOTA_REACHED", ""),
        StorageError::Full
    );
}

#[test]
fn current_game_and_settings() {
    let st = store();
    assert_eq!(st.current_id(), None);
    st.set_current("ga").unwrap();
    assert_eq!(st.current_id().as_deref(), Some("ga"));
    st.delete("ga").unwrap();
    assert_eq!(st.current_id(), None);

    assert_eq!(st.load_settings(), Settings::default());
    assert_eq!(Settings::default().language, None);
    let s = Settings {
        always_reduce_motion: true,
        language: Some("fr".into()),
    };
    st.save_settings(&s).unwrap();
    assert_eq!(st.load_settings(), s);
    // Older or newer settings: unknown fields ignored, missing ones default.
    st.backend
        .set(SETTINGS_KEY, "{\"always_reduce_motion\":true,\"future\":1}")
        .unwrap();
    assert!(st.load_settings().always_reduce_motion);
    // A game's own settings sit under their own key.
    assert_eq!(st.load_game_settings::<Option<u32>>(GameKind::Card), None);
    st.save_game_settings(GameKind::Card, &Some(60u32)).unwrap();
    assert_eq!(
        st.backend
            .get("camelot/v1/card/settings")
            .unwrap()
            .as_deref(),
        Some("60")
    );
    assert_eq!(
        st.load_game_settings::<Option<u32>>(GameKind::Card),
        Some(Some(60))
    );
    st.backend.set(SETTINGS_KEY, "nonsense").unwrap();
    assert_eq!(st.load_settings(), Settings::default());
}

/// Every save and export file says which game it is, and so does the index.
#[test]
fn every_save_and_export_file_says_which_game_it_is() {
    let st = store();
    let (a, ga) = session("ga", &["Ann", "Bo", "Cy"], 4, 12);
    st.save_played(&a, &ga).unwrap();
    let stored: Value =
        serde_json::from_str(&st.backend.get(&game_key("ga")).unwrap().unwrap()).unwrap();
    assert_eq!(stored["game_kind"], "card");
    let export: Value = serde_json::from_str(&st.export("ga", R).unwrap()).unwrap();
    assert_eq!(export["game_kind"], "card");
    assert_eq!(export["game"]["game_kind"], "card");
    let index: Value = serde_json::from_str(&st.backend.get(INDEX_KEY).unwrap().unwrap()).unwrap();
    assert_eq!(index["games"][0]["game_kind"], "card");
    match &st.list(R).unwrap()[0] {
        SavedRow::Ready(s) => assert_eq!(s.game_kind, GameKind::Card),
        other => panic!("{other:?}"),
    }
}

/// A save or a file of a game this version does not have (written by a newer
/// version) is not read as a Card Game: it is reported as newer, and kept as it is.
#[test]
fn a_game_of_a_kind_this_version_lacks_is_reported_as_newer_and_kept() {
    let st = store();
    let (a, ga) = session("ga", &["Ann", "Bo", "Cy"], 4, 12);
    st.save_played(&a, &ga).unwrap();
    let text = st.backend.get(&game_key("ga")).unwrap().unwrap();
    let other = text.replace("\"game_kind\":\"card\"", "\"game_kind\":\"siege\"");
    assert_ne!(other, text);
    st.backend.set(&game_key("ga"), &other).unwrap();
    let err = load(&st, "ga").unwrap_err();
    assert_eq!(
        err,
        StorageError::OtherGame {
            kind: "siege".into()
        }
    );
    assert_eq!(err.to_string(), t(K::storage_newer));
    assert!(matches!(
        &st.list(R).unwrap()[0],
        SavedRow::Unreadable {
            problem: StorageError::OtherGame { .. },
            ..
        }
    ));
    // Never overwritten by a save of another game under its id.
    assert!(matches!(
        st.save_played(&a, &ga),
        Err(StorageError::WouldOverwrite { .. })
    ));
    assert_eq!(st.backend.get(&game_key("ga")).unwrap().unwrap(), other);
    let file = export_text(&a).replace(
        "\"game_kind\": \"card\",\n  \"game\"",
        "\"game_kind\": \"chess\",\n  \"game\"",
    );
    assert!(matches!(
        st.import(&file, 0.0, R),
        Err(StorageError::OtherGame { kind }) if kind == "chess"
    ));
}

/// Home shows the current game from the index alone, replaying nothing; a summary
/// not made from the stored text gives only the names, never a wrong line.
#[test]
fn home_reads_the_current_game_from_the_index_alone() {
    let st = store();
    assert_eq!(st.current_game(), None);
    let (a, ga) = session("ga", &["Ann", "Bo", "Cy"], 4, 12);
    st.save_played(&a, &ga).unwrap();
    st.set_current("ga").unwrap();
    let current = st.current_game().unwrap();
    assert_eq!(current.id, "ga");
    assert_eq!(current.progress.as_deref(), Some(a.progress(&ga).as_str()));
    assert!(!current.finished);
    // The stored text changed behind the index's back: the names only.
    let text = st.backend.get(&game_key("ga")).unwrap().unwrap();
    st.backend
        .set(&game_key("ga"), &text.replace("\"Ann\"", "\"Ada\""))
        .unwrap();
    let stale = st.current_game().unwrap();
    assert_eq!(stale.names, names(&["Ada", "Bo", "Cy"]));
    assert_eq!(stale.progress, None);
    // Once the game is opened, the index knows it again.
    let (renamed, game) = st.load_played::<Session>("ga").unwrap();
    assert_eq!(
        st.current_game().unwrap().progress,
        Some(renamed.progress(&game))
    );
    assert!(renamed.progress(&game).contains("Ada"));
}

/// The saves, index and export files written by the release before the app knew a
/// second game (tests/fixtures/release-2026-11, made by that release) open unchanged: as Card
/// Games, their moves replayed, nothing rewritten.
#[test]
fn saves_and_files_of_the_previous_release_open_unchanged() {
    macro_rules! fixture {
        ($name:literal) => {
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/release-2026-11/",
                $name
            ))
        };
    }
    let stored = [
        (
            "camelot/v1/game/g1763900000000",
            fixture!("camelot_v1_game_g1763900000000.json"),
        ),
        (
            "camelot/v1/game/g1763900500000",
            fixture!("camelot_v1_game_g1763900500000.json"),
        ),
        (INDEX_KEY, fixture!("camelot_v1_index.json")),
        (CURRENT_KEY, fixture!("camelot_v1_current.json")),
    ];
    let st = store();
    for (key, text) in stored {
        assert!(!text.contains("game_kind"), "written before game kinds");
        st.backend.set(key, text).unwrap();
    }
    let rows = st.list(R).unwrap();
    assert_eq!(rows.len(), 2);
    for row in &rows {
        match row {
            SavedRow::Ready(s) => assert_eq!(s.game_kind, GameKind::Card),
            other => panic!("not readable: {other:?}"),
        }
    }
    let home = st.current_game().unwrap();
    assert_eq!(home.id, "g1763900500000");
    assert_eq!(home.names, names(&["Dee", "Eli", "Fay", "Gus"]));
    assert!(home.progress.is_some());
    let (people, _) = st.load_played::<Session>("g1763900000000").unwrap();
    assert_eq!(people.actions.len(), 25);
    let (computers, game) = st.load_played::<Session>("g1763900500000").unwrap();
    assert_eq!(computers.actions.len(), 40);
    assert!(computers.has_computers());
    assert_eq!(game.table_view().seats.len(), 4);
    // Reading changed nothing: not the games, not the index.
    for (key, text) in stored {
        assert_eq!(st.backend.get(key).unwrap().as_deref(), Some(text), "{key}");
    }
    // The export files import into another device, and are known here already.
    let other = store();
    for (file, players) in [
        (fixture!("export-people.json"), 3),
        (fixture!("export-computers.json"), 4),
    ] {
        let s = other.import(file, 1_800_000_000_000.0, R).unwrap();
        assert_eq!(s.game_kind, GameKind::Card);
        assert_eq!(s.names.len(), players);
        assert!(matches!(
            st.import_new(file, 1_800_000_000_000.0, R),
            Ok(Imported::AlreadyHere { .. })
        ));
    }
}

/// Two tabs of the app over one storage: a tab whose game went on elsewhere may not write its
/// older game over the newer one (nor a different continuation), and loses nothing once it has
/// read the game again.
#[test]
fn a_tab_never_writes_an_older_game_over_a_newer_one() {
    let shared = Memory::default();
    let (first, second) = (Store::new(&shared), Store::new(&shared));
    let (s0, g0) = session("g1", &["Ann", "Bo", "Cy", "Di"], 5, 3);
    first.save_played(&s0, &g0).unwrap();
    // The second tab opens the game; the first plays on.
    let (mut stale, mut stale_game) = second.load_played::<Session>("g1").unwrap();
    let (s5, g5) = session("g1", &["Ann", "Bo", "Cy", "Di"], 5, 8);
    first.save_played(&s5, &g5).unwrap();
    // The second tab, still at move 3, plays a move: its save is refused, the 8 moves stay.
    let (seat, _) = stale_game.decider().unwrap();
    let a = stale_game.legal_actions()[0];
    stale.apply(&mut stale_game, seat, a, 1.0).unwrap();
    assert_eq!(
        second.save_played(&stale, &stale_game),
        Err(StorageError::MovedOn { id: "g1".into() })
    );
    assert_eq!(load(&first, "g1").unwrap().actions, s5.actions);
    // Read again, it goes on from the newer game, and the first tab from there too.
    let (mut fresh, mut fresh_game) = second.load_played::<Session>("g1").unwrap();
    let (seat, _) = fresh_game.decider().unwrap();
    let a = fresh_game.legal_actions()[0];
    fresh.apply(&mut fresh_game, seat, a, 2.0).unwrap();
    second.save_played(&fresh, &fresh_game).unwrap();
    assert_eq!(load(&first, "g1").unwrap().actions.len(), 9);
    // The first tab's own older game (8 moves) may not go back over the 9 either.
    assert!(matches!(
        first.save_played(&s5, &g5),
        Err(StorageError::MovedOn { .. })
    ));
    // A third tab at the 9 moves: the same game written again is not a move, nor one that
    // changed only what the screens show; a game with a 10th move, or gone, is.
    let third = Store::new(&shared);
    let (mine, _) = third.load_played::<Session>("g1").unwrap();
    let key = game_key("g1");
    let stored = shared.get(&key).unwrap();
    assert!(!third.moved_on_elsewhere(&key, stored.as_deref()));
    let mut shown = mine.clone();
    shown.end_shown = 2;
    let text = serde_json::to_string(&shown).unwrap();
    assert!(!third.moved_on_elsewhere(&key, Some(&text)));
    let (s10, _) = session("g1", &["Ann", "Bo", "Cy", "Di"], 5, 10);
    let text = serde_json::to_string(&s10).unwrap();
    assert!(third.moved_on_elsewhere(&key, Some(&text)));
    assert!(third.moved_on_elsewhere(&key, None));
    assert!(!third.moved_on_elsewhere(&game_key("other"), Some(&text)));
    // Said in plain words.
    assert_eq!(
        StorageError::MovedOn { id: "g1".into() }.to_string(),
        t(K::storage_moved_on)
    );
}
