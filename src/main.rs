//! Camelot web app: entry point. Trunk builds this binary to WebAssembly (see index.html).

mod app;
mod panic;
mod session;
mod storage;

fn main() {
    panic::install_hook();
    panic::panic_if_requested();
    leptos::mount::mount_to_body(app::App);
}
