//! The five languages in a real browser: the saved choice (or the switch in Settings) brings the
//! whole interface and the rules into that language, the page says which language it is in, and no
//! screen shows an unfilled `{placeholder}` or an untranslated key.

mod support;

#[path = "support/game.rs"]
mod game;

use camelot_card::Options;
use serde_json::Value;
use std::collections::BTreeMap;
use support::checks::{assert_clean_text, assert_no_sideways_scroll, language_pack};
use support::{Browser, setup};

const LANGS: [&str; 5] = ["en", "fr", "de", "nl", "cs"];

/// A language's interface texts (the shell's and the Card Game's), fr/de/nl/cs.
fn pack(code: &str) -> BTreeMap<String, String> {
    language_pack(code)
}

async fn set_language(b: &Browser, code: &str) {
    setup::store_language(b, code).await;
    b.reload().await;
    b.wait_for("[data-testid=new-game]").await;
}

#[tokio::test]
async fn every_language_shows_its_own_words_on_every_main_screen() {
    let Some(b) = support::launch().await else {
        return;
    };
    game::fresh_app(&b, 3).await;
    for code in LANGS {
        set_language(&b, code).await;
        let lang = b.eval("return document.documentElement.lang;").await;
        assert_eq!(lang, Value::String(code.into()), "<html lang> for {code}");
        if code != "en" {
            let p = pack(code);
            let new_game = b.text("[data-testid=new-game]").await;
            assert_eq!(
                new_game.trim(),
                p["home_new_card_game"].trim(),
                "{code}: Home"
            );
        }
        assert_clean_text(&b, &format!("{code} Home")).await;

        b.open_settings().await;
        assert_clean_text(&b, &format!("{code} Settings")).await;

        b.click("[data-testid=rules-button]").await;
        // Both games' rules, each in the language.
        for game in ["card", "board"] {
            b.click(&format!("[data-testid=rules-game-{game}]")).await;
            let shown = format!("[data-testid=rules-screen][data-game={game}]");
            b.wait_for(&shown).await;
            b.wait_for("[data-testid=rules-contents]").await;
            assert_eq!(
                b.attr(&shown, "lang").await.as_deref(),
                Some(code),
                "{code}: the {game} rules fell back to English"
            );
            assert!(
                !b.exists("[data-testid=rules-fallback]").await,
                "{code}: the {game} rules fell back to English"
            );
            assert_clean_text(&b, &format!("{code} Rules ({game})")).await;
        }

        b.click("[data-testid=home-button]").await;
        b.click("[data-testid=new-game]").await;
        b.wait_for("[data-testid=start-game]").await;
        assert_clean_text(&b, &format!("{code} New game")).await;
        b.click("[data-testid=home-button]").await;
        b.wait_for("[data-testid=new-game]").await;
    }

    // A solo game in Czech (three plural forms): the table after each of a few turns.
    set_language(&b, "cs").await;
    game::start_game(&b, &["Eliška"], Options::default()).await;
    for turn in 0..6 {
        game::wait_settled(&b).await;
        assert_clean_text(&b, &format!("cs game, turn {turn}")).await;
        if b.exists("[data-testid=listen]:not([disabled])").await {
            b.click("[data-testid=listen]").await;
        } else {
            break;
        }
    }
    b.assert_no_console_errors().await;
    b.close().await;
}

#[tokio::test]
async fn the_language_switch_in_settings_is_immediate_and_remembered() {
    let Some(b) = support::launch().await else {
        return;
    };
    game::fresh_app(&b, 4).await;
    let fr = pack("fr");
    b.click("[data-testid=settings]").await;
    b.wait_for("[data-testid=language-fr]").await;
    b.click("[data-testid=language-fr]").await;
    b.wait_for_text(
        "[data-testid=settings-screen] h1",
        fr["settings_title"].as_str(),
    )
    .await;
    assert_eq!(
        b.eval("return document.documentElement.lang;").await,
        Value::String("fr".into())
    );
    // The crash screen (public/crash.js) would speak French too.
    assert_eq!(
        b.eval("return document.documentElement.dataset.crashReload;")
            .await,
        fr["crash_reload"]
    );
    b.reload().await;
    b.wait_for("[data-testid=new-game]").await;
    assert_eq!(
        b.text("[data-testid=new-game]").await.trim(),
        fr["home_new_card_game"].trim(),
        "French after a reload"
    );
    assert_eq!(
        b.eval("return document.documentElement.dataset.crashTitle;")
            .await,
        fr["crash_title"],
        "the crash screen's title in French after a reload"
    );
    // Back to the device's language (English in the test browser).
    b.click("[data-testid=settings]").await;
    b.click("[data-testid=language-device]").await;
    b.wait_for_text("[data-testid=settings-screen] h1", "Settings")
        .await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// On a 320 px phone the sword tally's three words ("0 weiße", "7 zum Sieg", "0 schwarze") stay
/// apart in every language instead of running into one another.
#[tokio::test]
async fn the_sword_tally_keeps_its_words_apart_at_320_px() {
    let Some(b) = support::launch().await else {
        return;
    };
    b.client()
        .set_window_size(320, 640)
        .await
        .expect("a 320 px window");
    game::fresh_app(&b, 5).await;
    game::start_game(&b, &["Ann"], Options::default()).await;
    for code in LANGS {
        setup::store_language(&b, code).await;
        b.reload().await;
        b.wait_for("[data-testid=sword-tally]").await;
        let edges = b
            .eval(
                "return [...document.querySelectorAll('.tally-counts > *')]
                    .map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; });",
            )
            .await;
        let edges: Vec<(f64, f64)> = serde_json::from_value(edges).expect("edges");
        assert_eq!(edges.len(), 3, "{code}: white, goal, black");
        for pair in edges.windows(2) {
            assert!(
                pair[1].0 - pair[0].1 >= 4.0,
                "{code}: the tally's words touch at 320 px: {edges:?}"
            );
        }
    }
    b.assert_no_console_errors().await;
    b.close().await;
}

/// One step of play as `game::step` takes it, through the page's buttons, without the checks that
/// read English words (those run in browser_game).
async fn step_any_language(b: &Browser, rng: &mut game::Rng) {
    let k = game::saved(b).await.expect("a game is saved");
    game::wait_settled(b).await;
    if b.exists("[data-testid=resolution]").await {
        if b.exists("[data-testid=skip]").await {
            b.click("[data-testid=skip]").await;
        }
        b.click("[data-testid=continue]").await;
        b.wait_until_gone("[data-testid=resolution]").await;
        return;
    }
    if b.exists("[data-testid=accusation-result]").await {
        b.click("[data-testid=continue]").await;
        b.wait_until_gone("[data-testid=accusation-result]").await;
        return;
    }
    let private = if b.exists("[data-testid=private]").await {
        true
    } else if b.exists("[data-testid=curtain]").await {
        b.click("[data-testid=curtain-show]").await;
        b.wait_for("[data-testid=private]").await;
        true
    } else {
        false
    };
    if private && !k.owed.is_empty() {
        let owed = k.owed.len();
        b.click("[data-testid=done-hide]").await;
        b.wait_until_gone("[data-testid=private]").await;
        game::saved_when(b, "the owed screen paid", |n| n.owed.len() < owed).await;
        return;
    }
    let seat = if private {
        k.curtain_seat().expect("the engine needs a curtain")
    } else {
        b.wait_for("[data-testid=actions]").await;
        k.game.decider().expect("a public decision").0
    };
    let legal = k.game.legal_actions();
    let a = game::lively(rng, &k, &legal);
    game::act(b, &k, seat, a).await;
}

/// In every language, on a 320 px phone, an expert game with both promo cards played to its end
/// (or 400 steps): each kind of screen met on the way (the table, every curtain and private screen,
/// the quest reveal, an accusation's result, the end), and Rules, Settings and Saved games, fits
/// the width (no part of it scrolls sideways, the rules' tables included) and shows no unfilled
/// placeholder. With `CAMELOT_SCREENSHOTS=/some/dir` each of them is
/// also saved as `<lang>-<n>-<screen>.png` for people to look at.
#[tokio::test]
async fn every_screen_fits_a_320_px_phone_in_every_language() {
    const NAMES: [&str; 4] = ["Annwyl", "Borvo", "Cyric", "Dolan"];
    let Some(b) = support::launch().await else {
        return;
    };
    let dir = support::screenshot_dir();
    let options = Options {
        knights_to_the_rescue: true,
        morgan8: true,
        merlin6: true,
    };
    for code in LANGS {
        game::fresh_app(&b, 11).await;
        set_language(&b, code).await;
        game::phone_screen(&b, 320, 640).await;
        let mut seen = std::collections::BTreeSet::new();
        let mut n = 0;
        let check = async |screen: &str, n: &mut usize| {
            tokio::time::sleep(std::time::Duration::from_millis(150)).await;
            let what = format!("{code} {screen}");
            assert_no_sideways_scroll(&b, &what).await;
            assert_clean_text(&b, &what).await;
            if let Some(dir) = &dir {
                let file: String = screen
                    .chars()
                    .map(|c| if c.is_alphanumeric() { c } else { '-' })
                    .take(40)
                    .collect();
                b.screenshot_to(dir, &format!("{code}-{n:02}-{file}")).await;
            }
            *n += 1;
        };
        check("home", &mut n).await;
        for (button, screen) in [
            ("rules-button", "rules-contents"),
            ("settings", "settings-screen"),
        ] {
            b.click(&format!("[data-testid={button}]")).await;
            b.wait_for(&format!("[data-testid={screen}]")).await;
            check(screen, &mut n).await;
            if button == "rules-button" {
                // The board game's rules, too.
                b.click("[data-testid=rules-game-board]").await;
                b.wait_for("[data-testid=rules-screen][data-game=board]")
                    .await;
                check("board rules", &mut n).await;
            }
            b.click("[data-testid=home-button]").await;
            b.wait_for("[data-testid=new-game]").await;
        }
        game::start_game(&b, &NAMES, options).await;
        let mut rng = game::Rng::new(7);
        for _ in 0..400 {
            game::wait_settled(&b).await;
            let screen = if b.exists("[data-testid=end]").await {
                "end".to_string()
            } else if b.exists("[data-testid=resolution]").await {
                "reveal".to_string()
            } else if b.exists("[data-testid=accusation-result]").await {
                "accusation".to_string()
            } else if b.exists("[data-testid=private]").await {
                format!("private {}", b.text("[data-testid=private] h2").await)
            } else if b.exists("[data-testid=curtain]").await {
                format!(
                    "curtain {}",
                    b.text("[data-testid=curtain] .curtain-why").await
                )
            } else {
                let silence = b.exists("[data-testid=silence]").await;
                format!("table{}", if silence { " silence" } else { "" })
            };
            // Names and numbers vary; the kind of screen is what counts.
            let mut kind = screen.clone();
            for name in NAMES {
                kind = kind.replace(name, "");
            }
            let kind: String = kind.chars().filter(|c| !c.is_ascii_digit()).collect();
            if seen.insert(kind) {
                check(&screen, &mut n).await;
            }
            if screen == "end" {
                break;
            }
            step_any_language(&b, &mut rng).await;
        }
        b.click("[data-testid=home-button]").await;
        b.wait_for("[data-testid=new-game]").await;
        if b.exists("[data-testid=saved-games]").await {
            b.click("[data-testid=saved-games]").await;
            // The screen comes with its part of the split wasm.
            b.wait_for("[data-testid=saved-back]").await;
            check("saved games", &mut n).await;
        }
    }
    b.assert_no_console_errors().await;
    b.close().await;
}

/// The board game's words of one language (`board.<code>.json`).
fn board_pack(code: &str) -> BTreeMap<String, String> {
    language_pack(&format!("board.{code}"))
}

/// Every board game screen in every language, on a 320 px phone: New game, the curtain,
/// the Loyalty look, the table with the board while computer knights move, the private screen with
/// the actions, the log. Each shows its own language's words (the board game's pack has come),
/// no placeholder or raw key, nothing wider than the screen.
#[tokio::test]
async fn every_board_game_screen_speaks_every_language_on_a_320_px_phone() {
    let Some(b) = support::launch().await else {
        return;
    };
    for code in LANGS {
        game::fresh_app(&b, 12).await;
        set_language(&b, code).await;
        game::phone_screen(&b, 320, 640).await;
        let check = async |screen: &str| {
            tokio::time::sleep(std::time::Duration::from_millis(150)).await;
            let what = format!("{code} board {screen}");
            assert_no_sideways_scroll(&b, &what).await;
            assert_clean_text(&b, &what).await;
        };
        setup::open_board_new_game(&b).await;
        if code != "en" {
            let p = board_pack(code);
            // The pack loads with the screen: wait for its words.
            b.wait_for_text("[data-testid=board-start]", p["start_the_game"].trim())
                .await;
        }
        check("new game").await;
        // Two persons at the table, so that the curtain shows too.
        b.choose("[data-testid=board-kind-1]", "person").await;
        b.click("[data-testid=board-start]").await;
        b.wait_for("[data-testid=curtain]").await;
        check("curtain").await;
        b.click("[data-testid=curtain-show]").await;
        b.wait_for("[data-testid=private-loyalty]").await;
        check("Loyalty look").await;
        support::setup::end_first_look(&b).await;
        // The second person's look, then the computer knights move until a person decides: the
        // table and the board meanwhile (a choice on the table is taken as it comes).
        b.wait_for("[data-testid=curtain-show]").await;
        b.click("[data-testid=curtain-show]").await;
        support::setup::end_first_look(&b).await;
        let start = std::time::Instant::now();
        let mut table_checked = false;
        while !b.exists("[data-testid=curtain-show]").await {
            assert!(
                start.elapsed() < support::TIMEOUT,
                "{code}: the person's turn never came"
            );
            if !table_checked && b.exists("[data-testid=board-thinking]").await {
                check("table, a computer knight thinking").await;
                table_checked = true;
            }
            if b.exists("[data-testid=quest-end-done]").await {
                check("a quest's end").await;
                b.click("[data-testid=quest-end-done]").await;
            }
            if b.exists("[data-testid=public-choice]").await {
                check("a choice on the table").await;
                b.click("[data-testid=public-choice] [data-testid=action-0]")
                    .await;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        check("curtain for a turn").await;
        b.click("[data-testid=curtain-show]").await;
        b.wait_for("[data-testid=board-actions]").await;
        check("private screen").await;
        b.click("[data-testid=private-hide]").await;
        b.click("[data-testid=board-log]").await;
        b.wait_for("[data-testid=board-log-lines]").await;
        check("log").await;
        b.click("[data-testid=board-log-back]").await;
        b.wait_for("[data-testid=board-table]").await;
    }
    b.assert_no_console_errors().await;
    b.close().await;
}

/// The Settings buttons whose words do not fit inside them (cut off, or running over the edge).
async fn cut_settings_labels(b: &Browser) -> Vec<String> {
    let v = b
        .eval(
            "return [...document.querySelectorAll('[data-testid=settings-screen] button')]
                .filter(e => {
                    const r = document.createRange();
                    r.selectNodeContents(e);
                    const t = r.getBoundingClientRect(), o = e.getBoundingClientRect();
                    return e.scrollWidth > e.clientWidth + 1
                        || t.left < o.left - 0.5 || t.right > o.right + 0.5;
                })
                .map(e => e.innerText + ' (' + e.scrollWidth + ' > ' + e.clientWidth + ')');",
        )
        .await;
    serde_json::from_value(v).unwrap_or_default()
}

/// At 412 px Settings cut its labels off ("This device's languag…", "Nederland…",
/// French "Désacti…"). Every label shows whole, in every language, on a 412 px phone and at 320 px.
#[tokio::test]
async fn settings_labels_show_whole_on_a_phone_in_every_language() {
    let Some(b) = support::launch().await else {
        return;
    };
    game::fresh_app(&b, 3).await;
    for (width, height) in [(412, 915), (320, 640)] {
        game::phone_screen(&b, width, height).await;
        for code in LANGS {
            set_language(&b, code).await;
            b.click("[data-testid=settings]").await;
            b.wait_for("[data-testid=language-device]").await;
            let cut = cut_settings_labels(&b).await;
            assert!(cut.is_empty(), "{code} at {width} px: cut off: {cut:?}");
            b.click("[data-testid=home-button]").await;
            b.wait_for("[data-testid=new-game]").await;
        }
    }
    b.assert_no_console_errors().await;
    b.close().await;
}

/// In German the Home button read "Start", too close to "Spiel starten". In every
/// language the Home button's name shares no word with the New game screen's "Start the game".
#[tokio::test]
async fn the_home_button_is_not_mistaken_for_start_the_game() {
    let Some(b) = support::launch().await else {
        return;
    };
    game::fresh_app(&b, 3).await;
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    for code in LANGS {
        set_language(&b, code).await;
        b.click("[data-testid=new-game]").await;
        b.wait_for("[data-testid=start-game]").await;
        let home = b
            .attr("[data-testid=home-button]", "aria-label")
            .await
            .unwrap_or_default();
        let start = b.text("[data-testid=start-game]").await;
        let start_words = words(&start);
        for w in words(&home) {
            assert!(
                !start_words
                    .iter()
                    .any(|s| s.starts_with(&w) || w.starts_with(s.as_str())),
                "{code}: Home is called “{home}”, too close to “{start}”"
            );
        }
        b.click("[data-testid=home-button]").await;
        b.wait_for("[data-testid=new-game]").await;
    }
    b.assert_no_console_errors().await;
    b.close().await;
}
