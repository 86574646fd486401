//! Browser tests of the screens around the game: Saved games (list, continue, export → import,
//! damaged / newer / foreign saves, a full storage), Settings and Rules — in headless Chromium
//! against the release build in dist/ (see tests/support).
//!
//! Saved games are written straight into localStorage as the app stores them (a session is its
//! names, setup and actions; the engine replays it), so each test starts from a known shelf.

mod support;

use camelot_card::{Game, Played, ReplayError, Setup};
use serde_json::{Value, json};
use support::{Browser, setup};

const GAME_PREFIX: &str = "camelot/v1/game/";

/// A saved session as the app stores it: `moves` actions played (always the first legal one).
fn session(id: &str, names: &[&str], seed: u64, moves: usize, updated_ms: f64) -> Value {
    let setup = Setup::new(names.len() as u8, seed);
    let mut game = Game::new(setup).expect("setup");
    let mut actions = Vec::new();
    for _ in 0..moves {
        let Some((seat, _)) = game.decider() else {
            break;
        };
        let action = game.legal_actions()[0];
        game.apply(seat, action).expect("legal");
        actions.push(Played { seat, action });
    }
    json!({
        "format": 1,
        "id": id,
        "names": names,
        "setup": setup,
        "actions": actions,
        "owed": [],
        "created_ms": updated_ms - 3_600_000.0,
        "updated_ms": updated_ms,
        "silence_since_ms": null,
    })
}

/// Runs a script with one string argument (`arguments[0]`).
async fn eval_with(b: &Browser, script: &str, arg: &str) -> Value {
    b.client()
        .execute(script, vec![Value::String(arg.to_string())])
        .await
        .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
}

/// The raw text under a localStorage key.
async fn get(b: &Browser, key: &str) -> Option<String> {
    eval_with(b, "return window.localStorage.getItem(arguments[0]);", key)
        .await
        .as_str()
        .map(str::to_string)
}

/// The ids of the saved games in localStorage.
async fn stored_ids(b: &Browser) -> Vec<String> {
    let v = eval_with(
        b,
        "return Object.keys(window.localStorage).filter(k => k.startsWith(arguments[0])).sort();",
        GAME_PREFIX,
    )
    .await;
    v.as_array()
        .expect("array")
        .iter()
        .map(|k| k.as_str().unwrap()[GAME_PREFIX.len()..].to_string())
        .collect()
}

/// A fresh app (empty storage) with these saves on the shelf, showing Home.
async fn app_with(b: &Browser, saves: &[(&str, String)]) {
    let saves: Vec<_> = saves
        .iter()
        .map(|(id, text)| setup::saved_game(id, text))
        .collect();
    setup::fresh_page(b, None, &saves).await;
    b.wait_for("[data-testid=saved-games]").await;
}

async fn open_saved_games(b: &Browser) {
    b.click("[data-testid=saved-games]").await;
    b.wait_for("[data-testid=saved-games]").await;
    b.wait_for("section.saved-games").await;
}

/// A file on disk holding `text`, for the file input, in a folder of its own (each test names
/// its files apart); removed with it when it goes out of scope: keep it until the page has read it.
fn temp_file(name: &str, text: &str) -> TempFile {
    let dir = std::env::temp_dir().join(format!("camelot-saves-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write temp file");
    TempFile {
        dir,
        path: path.to_string_lossy().into_owned(),
    }
}

/// The path of a file [`temp_file`] wrote, and its folder.
struct TempFile {
    dir: std::path::PathBuf,
    path: String,
}

impl std::ops::Deref for TempFile {
    type Target = str;

    fn deref(&self) -> &str {
        &self.path
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn import_file(b: &Browser, path: &str) {
    let input = b.wait_for("[data-testid=import-file]").await;
    input.send_keys(path).await.expect("choose the file");
}

/// No sideways scrolling at the current window size.
async fn assert_no_horizontal_scroll(b: &Browser, what: &str) {
    let v = b
        .eval("return [document.documentElement.scrollWidth, window.innerWidth];")
        .await;
    let (scroll, inner) = (v[0].as_u64().unwrap(), v[1].as_u64().unwrap());
    assert!(
        scroll <= inner,
        "{what}: page is {scroll} px wide in a {inner} px window"
    );
}

fn plain(s: &Value) -> String {
    serde_json::to_string(s).unwrap()
}

#[tokio::test]
async fn several_saves_are_listed_newest_first_and_one_continues() {
    let Some(b) = support::launch().await else {
        return;
    };
    let now = 1_763_700_000_000.0;
    let a = session("gaaa", &["Ann", "Bo"], 11, 6, now - 2.0 * 86_400_000.0);
    let c = session("gccc", &["Cy", "Di", "Ed"], 12, 9, now);
    let s = session("gsss", &["Solo"], 13, 4, now - 400.0 * 86_400_000.0);
    app_with(
        &b,
        &[
            ("gaaa", plain(&a)),
            ("gccc", plain(&c)),
            ("gsss", plain(&s)),
        ],
    )
    .await;
    open_saved_games(&b).await;
    b.wait_for("[data-testid=save-row]").await;
    assert_eq!(b.count("[data-testid=save-row]").await, 3);
    assert_eq!(b.count("[data-testid=save-row-unreadable]").await, 0);
    let names = b.texts("[data-testid=save-row] .save-names").await;
    assert_eq!(names, ["Cy, Di and Ed", "Ann and Bo", "Solo"]);
    let progress = b.texts("[data-testid=save-row] .save-progress").await;
    assert!(progress.iter().all(|p| p.contains("Turn")), "{progress:?}");
    let dates = b.texts("[data-testid=save-row] .save-date").await;
    assert!(
        dates.iter().all(|d| d.starts_with("Last played ")),
        "{dates:?}"
    );
    assert_no_horizontal_scroll(&b, "saved games").await;

    // The list is fast next time: an index of summaries was written.
    assert!(get(&b, "camelot/v1/index").await.is_some());

    // Continue the second game: the table opens and it becomes the current game.
    b.click("[data-testid=save-row][data-id=gaaa] [data-testid=open-save]")
        .await;
    b.wait_for("[data-testid=table]").await;
    assert_eq!(
        get(&b, "camelot/v1/current").await.as_deref(),
        Some("\"gaaa\"")
    );
    b.assert_no_console_errors().await;
    b.close().await;
}

#[tokio::test]
async fn export_then_import_round_trips_as_a_new_game() {
    let Some(b) = support::launch().await else {
        return;
    };
    let original = session("gexp", &["Ann", "Bo", "Cy"], 21, 14, 1_763_700_000_000.0);
    app_with(&b, &[("gexp", plain(&original))]).await;
    open_saved_games(&b).await;
    // Catch the file the page offers for download.
    b.eval(
        "window.__exported = null;
         const make = URL.createObjectURL.bind(URL);
         URL.createObjectURL = (blob) => { blob.text().then(t => window.__exported = t); return make(blob); };
         return null;",
    )
    .await;
    b.click("[data-testid=save-row][data-id=gexp] [data-testid=export-save]")
        .await;
    b.wait_for_text(
        "[data-testid=saves-notice]",
        "Exported the game of Ann, Bo and Cy",
    )
    .await;
    let exported = {
        let start = std::time::Instant::now();
        loop {
            if let Some(t) = b.eval("return window.__exported;").await.as_str() {
                break t.to_string();
            }
            assert!(start.elapsed() < support::TIMEOUT, "no file was offered");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    };
    let file: Value = serde_json::from_str(&exported).expect("the export is JSON");
    assert_eq!(file["app"], "camelot");
    assert_eq!(file["kind"], "saved-game");
    assert_eq!(file["format"], 1);
    assert_eq!(file["game"]["actions"], original["actions"]);
    assert!(
        b.text("[data-testid=saves-notice]")
            .await
            .contains("camelot-ann-bo-cy-"),
        "the file is named after the players"
    );

    // Import it back: the same game is already here, move for move; asked, the player keeps
    // both. The id is taken, so it arrives as a second game, identical but for its id.
    let export = temp_file("export.json", &exported);
    import_file(&b, &export).await;
    b.wait_for_text(
        "[data-testid=import-already]",
        "The game of Ann, Bo and Cy is already in your saved games",
    )
    .await;
    b.click("[data-testid=import-keep-both]").await;
    b.wait_for_text(
        "[data-testid=saves-notice]",
        "Imported the game of Ann, Bo and Cy",
    )
    .await;
    b.wait_for("[data-testid=save-row]:nth-child(2)").await;
    assert_eq!(b.count("[data-testid=save-row]").await, 2);
    let ids = stored_ids(&b).await;
    assert_eq!(ids.len(), 2);
    let new_id = ids.iter().find(|i| *i != "gexp").expect("a new id");
    let mut copy: Value =
        serde_json::from_str(&get(&b, &format!("{GAME_PREFIX}{new_id}")).await.unwrap()).unwrap();
    assert_eq!(copy["id"], json!(new_id));
    copy["id"] = json!("gexp");
    // The copy says which game it is (the original, written before game kinds, did not).
    assert_eq!(copy["game_kind"], json!("card"));
    copy.as_object_mut().expect("an object").remove("game_kind");
    assert_eq!(copy, original);
    // The original is untouched.
    let again: Value =
        serde_json::from_str(&get(&b, &format!("{GAME_PREFIX}gexp")).await.unwrap()).unwrap();
    assert_eq!(again, original);

    // The imported copy opens.
    b.click(&format!(
        "[data-testid=save-row][data-id={new_id}] [data-testid=open-save]"
    ))
    .await;
    b.wait_for("[data-testid=table]").await;

    // A file that is not ours is refused in plain words, and nothing is added.
    b.click("[data-testid=home-button]").await;
    open_saved_games(&b).await;
    let other = temp_file(
        "other.json",
        r#"{"app":"chess","kind":"saved-game","format":1}"#,
    );
    import_file(&b, &other).await;
    b.wait_for_text("[data-testid=saves-problem]", "not a Camelot saved game")
        .await;
    let notes = temp_file("notes.txt", "shopping: eggs, milk");
    import_file(&b, &notes).await;
    b.wait_for_text("[data-testid=saves-problem]", "not a Camelot saved game")
        .await;
    assert_eq!(stored_ids(&b).await.len(), 2);
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Importing the same file twice made two identical saved games without a word. The
/// second import says the game is already there and offers to keep both or skip; Skip adds nothing.
#[tokio::test]
async fn importing_the_same_file_twice_says_it_is_already_there() {
    let Some(b) = support::launch().await else {
        return;
    };
    let game = session("gtwice", &["Ann", "Bo", "Cy"], 22, 10, 1_763_700_000_000.0);
    let file = plain(&json!({"app": "camelot", "kind": "saved-game", "format": 1, "game": game}));
    let path = temp_file("twice.json", &file);
    let other = session("gother", &["Di", "Ed"], 23, 4, 1_763_600_000_000.0);
    app_with(&b, &[("gother", plain(&other))]).await;
    open_saved_games(&b).await;
    import_file(&b, &path).await;
    b.wait_for_text(
        "[data-testid=saves-notice]",
        "Imported the game of Ann, Bo and Cy",
    )
    .await;
    assert_eq!(stored_ids(&b).await.len(), 2);
    import_file(&b, &path).await;
    b.wait_for_text(
        "[data-testid=import-already]",
        "The game of Ann, Bo and Cy is already in your saved games, move for move.",
    )
    .await;
    assert_eq!(
        stored_ids(&b).await.len(),
        2,
        "nothing is added before the answer"
    );
    b.click("[data-testid=import-skip]").await;
    b.wait_for_text(
        "[data-testid=saves-notice]",
        "Nothing imported: the game of Ann, Bo and Cy was already here.",
    )
    .await;
    assert_eq!(stored_ids(&b).await.len(), 2);
    assert_eq!(b.count("[data-testid=save-row]").await, 2);
    b.assert_no_console_errors().await;
    b.close().await;
}

#[tokio::test]
async fn damaged_and_newer_saves_are_reported_kept_and_deleted_only_on_request() {
    let Some(b) = support::launch().await else {
        return;
    };
    let good = session("ggood", &["Ann", "Bo"], 31, 8, 1_763_700_000_000.0);
    let mut newer = session("gnew", &["Vi", "Wu"], 32, 3, 1_763_600_000_000.0);
    newer["format"] = json!(99);
    let mut broken = session("gbroken", &["Xa", "Yo"], 33, 5, 1_763_500_000_000.0);
    // The last move made by the wrong player: the game no longer replays.
    let seat = broken["actions"][4]["seat"].as_u64().unwrap();
    broken["actions"][4]["seat"] = json!((seat + 1) % 2);
    let actions: Vec<Played> = serde_json::from_value(broken["actions"].clone()).unwrap();
    let bad_move = match Game::replay(Setup::new(2, 33), None, &actions) {
        Err(ReplayError::Action { index, .. }) => index + 1,
        other => panic!("the broken save should not replay: {other:?}"),
    };
    let garbage = "{\"format\":1,\"id\":\"ggarbage\",\"names\":[\"Zed\"";
    let saves = [
        ("ggood", plain(&good)),
        ("gnew", plain(&newer)),
        ("gbroken", plain(&broken)),
        ("ggarbage", garbage.to_string()),
    ];
    app_with(&b, &saves).await;
    open_saved_games(&b).await;
    b.wait_for("[data-testid=save-row-unreadable]").await;
    assert_eq!(b.count("[data-testid=save-row]").await, 1);
    assert_eq!(b.count("[data-testid=save-row-unreadable]").await, 3);
    let problem = |id: &str| {
        format!("[data-testid=save-row-unreadable][data-id={id}] [data-testid=save-problem]")
    };
    assert!(
        b.text(&problem("gnew"))
            .await
            .contains("made by a newer version of Camelot")
    );
    assert!(
        b.text(&problem("gbroken"))
            .await
            .contains(&format!("move {bad_move} does not follow the rules"))
    );
    assert!(b.text(&problem("ggarbage")).await.contains("damaged"));
    // Whose game it was still shows when the names can be read.
    assert!(
        b.text("[data-testid=save-row-unreadable][data-id=gnew] .save-names")
            .await
            .contains("Vi and Wu")
    );
    // Unreadable saves offer no Continue or Export, only Delete.
    assert_eq!(
        b.count("[data-testid=save-row-unreadable] [data-testid=open-save]")
            .await,
        0
    );
    assert_eq!(
        b.count("[data-testid=save-row-unreadable] [data-testid=export-save]")
            .await,
        0
    );
    assert_no_horizontal_scroll(&b, "saved games with problems").await;

    // The good save still opens and is played and saved; the others are left byte for byte.
    b.click("[data-testid=save-row][data-id=ggood] [data-testid=open-save]")
        .await;
    b.wait_for("[data-testid=table]").await;
    b.reload().await;
    b.wait_for("#app").await;
    b.click("[data-testid=home-button]").await;
    open_saved_games(&b).await;
    b.wait_for("[data-testid=save-row-unreadable]").await;
    for (id, text) in &saves[1..] {
        assert_eq!(
            get(&b, &format!("{GAME_PREFIX}{id}")).await.as_deref(),
            Some(text.as_str()),
            "{id} was changed"
        );
    }

    // Delete asks first; "Keep it" keeps it.
    let row = "[data-testid=save-row-unreadable][data-id=ggarbage]";
    b.click(&format!("{row} [data-testid=delete-save]")).await;
    b.click(&format!("{row} [data-testid=cancel-delete]")).await;
    assert!(get(&b, &format!("{GAME_PREFIX}ggarbage")).await.is_some());
    b.click(&format!("{row} [data-testid=delete-save]")).await;
    b.click(&format!("{row} [data-testid=confirm-delete]"))
        .await;
    b.wait_until_gone(row).await;
    assert!(get(&b, &format!("{GAME_PREFIX}ggarbage")).await.is_none());
    assert_eq!(b.count("[data-testid=save-row-unreadable]").await, 2);
    assert_eq!(
        get(&b, &format!("{GAME_PREFIX}gnew")).await.as_deref(),
        Some(saves[1].1.as_str())
    );
    b.assert_no_console_errors().await;
    b.close().await;
}

#[tokio::test]
async fn a_full_storage_is_reported_in_plain_words() {
    let Some(b) = support::launch().await else {
        return;
    };
    let game = session("gfull", &["Ann", "Bo"], 41, 10, 1_763_700_000_000.0);
    app_with(&b, &[]).await;
    open_saved_games(&b).await;
    // Fill localStorage to the brim.
    let filled = b
        .eval(
            "let size = 1 << 20, n = 0;
             while (size >= 16) {
               try { localStorage.setItem('filler/' + n, 'x'.repeat(size)); n++; }
               catch (e) { size = size >> 1; }
             }
             return n;",
        )
        .await;
    assert!(filled.as_u64().unwrap() > 0);
    let file = json!({"app": "camelot", "kind": "saved-game", "format": 1, "game": game});
    let full = temp_file("full.json", &plain(&file));
    import_file(&b, &full).await;
    b.wait_for_text("[data-testid=saves-problem]", "no room left")
        .await;
    assert!(stored_ids(&b).await.is_empty());
    b.eval(
        "Object.keys(localStorage).filter(k => k.startsWith('filler/')).forEach(k => localStorage.removeItem(k)); return null;",
    )
    .await;
    b.close().await;
}

#[tokio::test]
async fn settings_are_kept_and_the_rules_are_one_tap_away() {
    let Some(b) = support::launch().await else {
        return;
    };
    app_with(&b, &[]).await;
    b.open_settings().await;
    b.assert_pressed("[data-testid=countdown-off]").await;
    b.click("[data-testid=countdown-60]").await;
    b.click("[data-testid=motion-reduce]").await;
    b.wait_for("[data-testid=settings-saved]").await;
    let saved: Value =
        serde_json::from_str(&get(&b, "camelot/v1/settings").await.unwrap()).unwrap();
    assert_eq!(saved["always_reduce_motion"], true);
    // The countdown is the Card Game's own setting, kept with it.
    let card: Value =
        serde_json::from_str(&get(&b, "camelot/v1/card/settings").await.unwrap()).unwrap();
    assert_eq!(card["silence_countdown_secs"], 60);
    b.reload().await;
    b.open_settings().await;
    b.assert_pressed("[data-testid=countdown-60]").await;
    b.assert_pressed("[data-testid=motion-reduce]").await;
    assert_no_horizontal_scroll(&b, "settings").await;

    // Rules from the top bar, in one tap; every card and our readings are there.
    b.click("[data-testid=rules-button]").await;
    b.wait_for("[data-testid=rules-screen]").await;
    let text = b.text("[data-testid=rules-screen]").await;
    for needle in [
        "Listen to Rumors",
        "Morgan #7",
        "Merlin #5",
        "Mordred",
        "Vivien",
        "Percival",
        "Our readings",
        "Only 16 swords exist",
    ] {
        assert!(text.contains(needle), "the rules lack {needle:?}");
    }
    b.client()
        .set_window_size(320, 700)
        .await
        .expect("resize the window");
    assert_no_horizontal_scroll(&b, "rules at 320 px").await;
    // The contents jump to a section without changing the address.
    let before = b.eval("return location.href;").await;
    // (Centred first: the sticky Contents / Close dock covers the bottom of the window.)
    b.eval(
        "document.querySelector(\".rules-toc a[href='#rules-cards']\").scrollIntoView({block: 'center'}); return null;",
    )
    .await;
    b.click(".rules-toc a[href='#rules-cards']").await;
    assert_eq!(b.eval("return location.href;").await, before);
    let top = b
        .eval("return document.getElementById('rules-cards').getBoundingClientRect().top;")
        .await;
    assert!(
        top.as_f64().unwrap() < 200.0,
        "the Every card section is in view"
    );
    b.click("[data-testid=rules-close]").await;
    b.wait_for("[data-testid=settings-screen]").await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Whether the Rules screen's choice shows the Card Game and the board game pressed.
async fn rules_games_pressed(b: &Browser) -> (Option<String>, Option<String>) {
    (
        b.attr("[data-testid=rules-game-card]", "aria-pressed")
            .await,
        b.attr("[data-testid=rules-game-board]", "aria-pressed")
            .await,
    )
}

/// The text of the board game's card block named `name`, if the board game's rules show it.
async fn board_card_block(b: &Browser, name: &str) -> Option<String> {
    eval_with(
        b,
        "const c = [...document.querySelectorAll('[data-testid=rules-screen][data-game=board] .rules-card')]
             .find(e => e.querySelector('h4').textContent.trim() === arguments[0]);
         return c ? c.innerText : null;",
        name,
    )
    .await
    .as_str()
    .map(str::to_string)
}

/// One Rules screen for both games. The choice at its top turns to the board game's
/// rules (its cards explained with the engine's numbers), the choice is remembered while the app
/// is open, and the screen opened from one of the Card Game's screens shows the Card Game's.
#[tokio::test]
async fn the_rules_screen_turns_to_the_board_games_rules() {
    let Some(b) = support::launch().await else {
        return;
    };
    app_with(&b, &[]).await;
    b.click("[data-testid=home-rules]").await;
    b.wait_for("[data-testid=rules-screen][data-game=card]")
        .await;
    let yes = || Some("true".to_string());
    let no = || Some("false".to_string());
    assert_eq!(rules_games_pressed(&b).await, (yes(), no()));
    let card = b.text("[data-testid=rules-screen]").await;
    assert!(card.contains("Listen to Rumors"), "the Card Game's rules");

    b.click("[data-testid=rules-game-board]").await;
    b.wait_for("[data-testid=rules-screen][data-game=board]")
        .await;
    assert_eq!(rules_games_pressed(&b).await, (no(), yes()));
    let board = b.text("[data-testid=rules-screen]").await;
    for needle in [
        "knights of the Round Table, 3 to 7 of you",
        "Lancelot/Dragon 3/7",
        "Sir Palamedes",
        "Mists of Avalon",
        "Our readings",
    ] {
        assert!(board.contains(needle), "the board rules lack {needle:?}");
    }
    assert!(
        !board.contains("Listen to Rumors"),
        "the Card Game's rules are still there"
    );
    assert!(!board.contains('{'), "a placeholder left unfilled");
    // A board card's block, with its count from the engine's data table.
    let fight = board_card_block(&b, "Fight 1")
        .await
        .expect("the Fight 1 block");
    assert!(fight.contains("14 cards of value 1"), "{fight}");
    b.client()
        .set_window_size(320, 700)
        .await
        .expect("resize the window");
    assert_no_horizontal_scroll(&b, "board rules at 320 px").await;

    // Remembered: closed and opened again, the board game's rules show.
    b.click("[data-testid=rules-close]").await;
    b.wait_for("[data-testid=new-game]").await;
    b.click("[data-testid=rules-button]").await;
    b.wait_for("[data-testid=rules-screen][data-game=board]")
        .await;
    assert_eq!(rules_games_pressed(&b).await, (no(), yes()));
    // From the Card Game's New game screen, the Card Game's rules.
    b.click("[data-testid=rules-close-top]").await;
    b.click("[data-testid=new-game]").await;
    b.wait_for("[data-testid=start-game]").await;
    b.click("[data-testid=rules-button]").await;
    b.wait_for("[data-testid=rules-screen][data-game=card]")
        .await;
    assert_eq!(rules_games_pressed(&b).await, (yes(), no()));
    b.click("[data-testid=rules-close]").await;
    b.wait_for("[data-testid=start-game]").await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// The saves and export files of the release before the app knew a second game
/// (tests/fixtures/release-2026-11, written by that release) open after the update: a reload
/// comes back to the current game's table, Saved games lists both as Card Games, and importing
/// one of its export files finds the game already here.
#[tokio::test]
async fn saves_and_files_of_the_previous_release_open_after_the_update() {
    let Some(b) = support::launch().await else {
        return;
    };
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/release-2026-11");
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).expect("fixture");
    let stored: Vec<(String, String)> = [
        (
            "camelot/v1/game/g1763900000000",
            "camelot_v1_game_g1763900000000.json",
        ),
        (
            "camelot/v1/game/g1763900500000",
            "camelot_v1_game_g1763900500000.json",
        ),
        ("camelot/v1/index", "camelot_v1_index.json"),
        ("camelot/v1/current", "camelot_v1_current.json"),
    ]
    .into_iter()
    .map(|(key, file)| (key.to_owned(), read(file)))
    .collect();
    setup::fresh_page(&b, None, &stored).await;
    // Straight back to the current game's table, as before the update.
    b.wait_for("[data-testid=table]").await;
    b.click("[data-testid=home-button]").await;
    b.wait_for_text("[data-testid=continue-game]", "Continue")
        .await;
    open_saved_games(&b).await;
    assert_eq!(b.count("[data-testid=save-row]").await, 2);
    assert_eq!(b.count("[data-testid=save-kind]").await, 2);
    b.wait_for_text("[data-testid=save-kind]", "The Card Game")
        .await;
    let export = temp_file("release-export.json", &read("export-people.json"));
    import_file(&b, &export).await;
    b.wait_for_text(
        "[data-testid=import-already]",
        "The game of Ann, Bo and Cy is already in your saved games",
    )
    .await;
    b.click("[data-testid=import-skip]").await;
    assert_eq!(stored_ids(&b).await.len(), 2);
    b.assert_no_console_errors().await;
    b.close().await;
}

/// The Card Game's settings that the previous release kept among the app's (the silence
/// countdown, the computers' pace) become the Card Game's own after the update, and are not lost
/// when the app's settings are saved again.
#[tokio::test]
async fn the_card_games_settings_from_the_previous_release_are_kept() {
    let Some(b) = support::launch().await else {
        return;
    };
    setup::fresh_page(
        &b,
        None,
        &[(
            setup::SETTINGS_KEY.to_owned(),
            r#"{"silence_countdown_secs":90,"always_reduce_motion":false,"language":null,"computers_fast":true}"#.to_owned(),
        )],
    )
    .await;
    b.open_settings().await;
    b.assert_pressed("[data-testid=countdown-90]").await;
    // The app saves its own settings again, without the Card Game's: they stay with the game.
    b.click("[data-testid=motion-reduce]").await;
    b.wait_for("[data-testid=settings-saved]").await;
    let card: Value =
        serde_json::from_str(&get(&b, "camelot/v1/card/settings").await.unwrap()).unwrap();
    assert_eq!(card["silence_countdown_secs"], 90);
    assert_eq!(card["computers_fast"], true);
    b.reload().await;
    b.open_settings().await;
    b.assert_pressed("[data-testid=countdown-90]").await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Settings open in two tabs (a phone restoring an old tab): a change in one shows in the other's
/// open Settings screen, and a change made there afterwards does not undo it.
#[tokio::test]
async fn settings_changed_in_another_tab_are_not_undone() {
    let Some(b) = support::launch().await else {
        return;
    };
    app_with(&b, &[]).await;
    b.open_settings().await;
    let (first, second) = b.open_second_tab().await;
    b.open_settings().await;
    // The first tab asks for less motion; the second, whose screen follows, then picks French.
    b.show_tab(&first).await;
    b.click("[data-testid=motion-reduce]").await;
    b.wait_for("[data-testid=settings-saved]").await;
    b.show_tab(&second).await;
    b.wait_for("[data-testid=motion-reduce][aria-pressed=true]")
        .await;
    b.click("[data-testid=language-fr]").await;
    // The whole app turns French (the screen is drawn again in it).
    b.wait_for("[data-testid=language-fr][aria-pressed=true]")
        .await;
    let saved: Value =
        serde_json::from_str(&get(&b, "camelot/v1/settings").await.unwrap()).unwrap();
    assert_eq!(saved["language"], "fr");
    assert_eq!(
        saved["always_reduce_motion"], true,
        "the second tab undid the first's change"
    );
    b.assert_no_console_errors().await;
    b.close().await;
}
