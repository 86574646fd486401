//! Camelot web app: entry point. Trunk builds this binary to WebAssembly (see index.html).

mod app;
mod game_ui;
mod panic;
mod rules_text;
mod screens;
mod session;
mod storage;

fn main() {
    panic::install_hook();
    panic::panic_if_requested();
    leptos::mount::mount_to_body(app::App);
}
