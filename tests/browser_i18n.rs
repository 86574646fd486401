//! The five languages in a real browser: the saved choice (or the switch in Settings) brings the
//! whole interface and the rules into that language, the page says which language it is in, and no
//! screen shows an unfilled `{placeholder}` or an untranslated key.

mod support;

#[path = "support/game.rs"]
mod game;

use camelot::Options;
use serde_json::Value;
use std::collections::BTreeMap;
use support::Browser;

const LANGS: [&str; 5] = ["en", "fr", "de", "nl", "cs"];

/// A language's interface texts: the pack for fr/de/nl/cs; for English, the texts the page shows.
fn pack(code: &str) -> BTreeMap<String, String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("public/i18n")
        .join(format!("{code}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The page's visible text has no `{placeholder}` left and no raw key (`word_like_this`).
async fn assert_clean_text(b: &Browser, what: &str) {
    let text = b.eval("return document.body.innerText;").await;
    let text = text.as_str().unwrap_or("");
    for word in text.split_whitespace() {
        assert!(
            !(word.contains('{') && word.contains('}')),
            "{what}: unfilled placeholder `{word}` in\n{text}"
        );
        let bare = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '_');
        assert!(
            !(bare.contains('_') && bare.chars().all(|c| c.is_ascii_lowercase() || c == '_')),
            "{what}: raw key `{bare}` shown in\n{text}"
        );
    }
}

async fn set_language(b: &Browser, code: &str) {
    b.eval(&format!(
        "localStorage.setItem('camelot/v1/settings', JSON.stringify({{ language: '{code}' }})); return null;"
    ))
    .await;
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
            assert_eq!(new_game.trim(), p["home_new_game"].trim(), "{code}: Home");
        }
        assert_clean_text(&b, &format!("{code} Home")).await;

        b.click("[data-testid=settings]").await;
        b.wait_for("[data-testid=settings-screen]").await;
        assert_clean_text(&b, &format!("{code} Settings")).await;

        b.click("[data-testid=rules-button]").await;
        b.wait_for("[data-testid=rules-contents]").await;
        let rules = b.eval("return document.body.innerText;").await;
        let rules = rules.as_str().unwrap_or("").to_string();
        assert!(
            !rules.contains("are not available in"),
            "{code}: the rules fell back to English"
        );
        assert_clean_text(&b, &format!("{code} Rules")).await;

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
    b.reload().await;
    b.wait_for("[data-testid=new-game]").await;
    assert_eq!(
        b.text("[data-testid=new-game]").await.trim(),
        fr["home_new_game"].trim(),
        "French after a reload"
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
        b.eval(&format!(
            "localStorage.setItem('camelot/v1/settings', JSON.stringify({{ language: '{code}' }})); return null;"
        ))
        .await;
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
