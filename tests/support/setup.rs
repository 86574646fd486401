//! Setting up a browser test's page, as the suites (tests/browser*.rs) share it: the app opened
//! fresh (empty storage) with what the test starts from already stored (saved games, settings),
//! with or without the `#test-seed=N` hook; a phone's screen; the board game's New game.
//!
//! ```ignore
//! let Some(b) = support::launch().await else { return };
//! setup::fresh_page(&b, Some(12), &[setup::language("cs")]).await;
//! setup::open_board_new_game(&b).await;
//! ```

use super::Browser;
use serde_json::{Value, json};

/// Where the app keeps its settings in localStorage.
pub const SETTINGS_KEY: &str = "camelot/v1/settings";

/// Where the app keeps the id of the game being played in localStorage.
pub const CURRENT_KEY: &str = "camelot/v1/current";

/// The localStorage key of the saved game `id`.
pub fn game_key(id: &str) -> String {
    format!("camelot/v1/game/{id}")
}

/// The saved game `id` (its text as the app stores it), as a (key, text) entry to store.
pub fn saved_game(id: &str, text: &str) -> (String, String) {
    (game_key(id), text.to_owned())
}

/// The saved game `id` as the game being played (the app opens it at its table).
pub fn current_game(id: &str) -> (String, String) {
    (CURRENT_KEY.to_owned(), json!(id).to_string())
}

/// The app's settings with the language `code` chosen, as a (key, text) entry to store.
pub fn language(code: &str) -> (String, String) {
    (
        SETTINGS_KEY.to_owned(),
        json!({ "language": code }).to_string(),
    )
}

/// Writes `text` under the localStorage key `key` (the page is not told: reload to start from it).
pub async fn store(b: &Browser, key: &str, text: &str) {
    b.client()
        .execute(
            "window.localStorage.setItem(arguments[0], arguments[1]); return null;",
            vec![Value::from(key), Value::from(text)],
        )
        .await
        .unwrap_or_else(|e| panic!("store {key}: {e}"));
}

/// Stores the language `code` in the app's settings (the page is not told: reload to show it).
pub async fn store_language(b: &Browser, code: &str) {
    let (key, text) = language(code);
    store(b, &key, &text).await;
}

/// Opens the app fresh: no saved game, no setting, only the `stored` (key, text) entries in its
/// storage, and the `#test-seed=N` hook (README) when `seed` is given, so that new games' deals
/// are known in advance; then reloads, so that the app starts from them.
pub async fn fresh_page(b: &Browser, seed: Option<u64>, stored: &[(String, String)]) {
    b.open_app().await;
    b.clear_storage().await;
    for (key, text) in stored {
        store(b, key, text).await;
    }
    if let Some(seed) = seed {
        b.goto(&format!("#test-seed={seed}")).await;
    }
    b.reload().await;
}

/// Makes the page a screen of `width` × `height` CSS pixels, a phone's when `mobile` (Chrome's
/// device emulation: the window stays as it is, the page lays itself out for that screen).
pub async fn screen_size(b: &Browser, width: u32, height: u32, mobile: bool) {
    b.cdp(
        "Emulation.setDeviceMetricsOverride",
        json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
    )
    .await;
}

/// From Home: the board game's New game.
pub async fn open_board_new_game(b: &Browser) {
    b.click("[data-testid=new-board-game]").await;
    b.wait_for("[data-testid=board-newgame]").await;
}

/// From Home: a board game as New game offers it (a person and three computer knights), started
/// with two taps; at its table.
pub async fn start_default_board_game(b: &Browser) {
    open_board_new_game(b).await;
    b.click("[data-testid=board-start]").await;
    b.wait_for("[data-testid=board-table]").await;
}

/// Ends a person's first private screen of a board game: his Loyalty card, with his opening
/// gesture when he is the one to lay a card now ("Done", or the first card he may lay).
pub async fn end_first_look(b: &Browser) {
    b.wait_for("[data-testid=private-loyalty]").await;
    if b.exists("[data-testid=private-done]").await {
        b.click("[data-testid=private-done]").await;
    } else {
        b.click("[data-testid=board-actions] [data-testid=action-0]")
            .await;
    }
}
