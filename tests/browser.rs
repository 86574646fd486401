//! Browser tests: the release build in dist/, served under a sub-path, in headless Chromium.
//! They skip (with a message) when there is no build; scripts/test builds first and sets
//! CAMELOT_REQUIRE_BROWSER=1 so that a skip becomes a failure there.

mod support;

#[tokio::test]
async fn release_build_mounts_from_a_sub_path_without_console_errors() {
    let Some(browser) = support::launch().await else {
        return;
    };
    browser.open_app().await;
    let heading = browser.wait_for_text("#app h1", "Camelot").await;
    assert_eq!(heading, "Camelot");
    assert_eq!(
        browser.client().title().await.expect("page title"),
        "Camelot"
    );
    // The page really came from the sub-path, with its assets next to it.
    let wasm_url = browser
        .eval("return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.endsWith('.wasm'));")
        .await;
    assert!(
        wasm_url.to_string().contains(support::BASE_PATH),
        "wasm not loaded from {}: {wasm_url}",
        support::BASE_PATH
    );
    assert!(!browser.exists("#panic").await, "crash screen shown");
    browser.assert_no_console_errors().await;
    browser.close().await;
}

#[tokio::test]
async fn a_panic_shows_the_crash_screen_instead_of_a_blank_page() {
    let Some(browser) = support::launch().await else {
        return;
    };
    browser.goto("#panic-test").await;
    let text = browser
        .wait_for_text("#panic", "Something went wrong")
        .await;
    // The release build panics with immediate-abort: a WebAssembly trap, caught by
    // public/crash.js, which shows the error as the browser names it.
    assert!(
        text.contains("Reloading usually helps") && text.contains("RuntimeError"),
        "hint or error missing: {text}"
    );
    assert_eq!(browser.text("#panic button").await, "Reload");
    assert_eq!(
        browser
            .eval("return document.querySelectorAll('#panic').length;")
            .await,
        1,
        "one crash screen"
    );
    let errors = browser.console_errors().await;
    assert!(
        errors.iter().any(|e| e.contains("Camelot crashed")),
        "panic not logged to the console: {errors:?}"
    );
    browser.close().await;
}
