//! Camelot web app: entry point. Trunk builds this binary to WebAssembly (see index.html).

mod app;
mod board;
mod card;
mod coach;
mod games;
mod i18n;
mod names;
mod panic;
mod review;
mod rules_text;
mod screens;
mod seats;
mod session;
mod shell;
mod storage;
mod wake;

fn main() {
    panic::install_hook();
    panic::panic_if_requested();
    // The interface's language: the player's choice, else the browser's. Its pack is fetched before
    // the first screen shows (English is built in); if it cannot be had, the game starts in English.
    let lang = i18n::detect(
        storage::load_settings().language.as_deref(),
        &i18n::browser_languages(),
    );
    let start = move || {
        i18n::mark_document(i18n::lang());
        leptos::mount::mount_to_body(app::App);
    };
    if !i18n::needs_loading(lang) {
        // English is built in: Home shows at once.
        start();
        return;
    }
    // (Leptos's own executor is set up by `mount_to_body`, so this first task uses wasm-bindgen's.)
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = i18n::load(lang).await {
            web_sys::console::warn_1(&format!("language {}: {e}", lang.code()).into());
        }
        start();
    });
}
