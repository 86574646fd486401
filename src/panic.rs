//! Crash screen: a panic hook that replaces the blank page a WebAssembly panic would leave with a
//! readable error box ("Something went wrong", the message, a Reload button), and logs the panic
//! to the browser console.
//!
//! That is for debug builds. The release build is made with `-Cpanic=immediate-abort` (see
//! `scripts/setup`, `camelot_release_build`): no panic messages, locations or formatting code in
//! the download, and no hook: a panic is a WebAssembly trap. `public/crash.js` catches the trap
//! in the page and shows the same box, with the texts [`crate::i18n::mark_document`] leaves on
//! `<html>` in the interface's language.

use crate::i18n::{K, t};
use std::any::Any;
use std::panic::PanicHookInfo;

/// `id` of the error box added to the page on a panic.
pub const PANIC_BOX_ID: &str = "panic";

/// URL fragment that makes the app panic at start-up (used by the browser tests to check the
/// crash screen in a real release build).
pub const PANIC_TEST_HASH: &str = "#panic-test";

/// Installs the panic hook. Call first thing in `main`.
pub fn install_hook() {
    std::panic::set_hook(Box::new(hook));
}

/// Panics if the page URL ends in [`PANIC_TEST_HASH`].
pub fn panic_if_requested() {
    let hash = web_sys::window().and_then(|window| window.location().hash().ok());
    if hash.as_deref() == Some(PANIC_TEST_HASH) {
        panic!("panic test requested by the URL ({PANIC_TEST_HASH})");
    }
}

fn hook(info: &PanicHookInfo<'_>) {
    let mut message = payload_text(info.payload());
    if let Some(location) = info.location() {
        message.push_str(&format!("\n  at {location}"));
    }
    web_sys::console::error_1(&format!("Camelot crashed: {message}").into());
    show_error_box(&message);
}

/// The text of a panic payload (`panic!` gives a `&str` or a `String`).
fn payload_text(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "unknown error".to_owned()
    }
}

/// Adds the error box to the page. Plain DOM calls only: after a panic the app's own state may
/// be broken. The Reload button is an inline `onclick` so that it never calls back into the
/// (possibly aborted) WebAssembly module.
///
/// The texts are in the interface's language through [`t`], which only reads the current language
/// pack: it takes a shared borrow of a cell that is mutably borrowed only for the instant a new
/// pack is assigned (`i18n::set_pack`, which cannot panic there), and every key is present in
/// every pack (missing ones hold English). So reading them here cannot panic again.
fn show_error_box(message: &str) {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return;
    };
    if document.get_element_by_id(PANIC_BOX_ID).is_some() {
        return; // already showing the first panic
    }
    let Some(body) = document.body() else {
        return;
    };
    let build = || -> Result<(), wasm_bindgen::JsValue> {
        let panel = document.create_element("div")?;
        panel.set_id(PANIC_BOX_ID);
        panel.set_class_name("panic-box");
        panel.set_attribute("role", "alert")?;

        let heading = document.create_element("h2")?;
        heading.set_text_content(Some(t(K::crash_title)));
        let hint = document.create_element("p")?;
        hint.set_text_content(Some(t(K::crash_hint)));
        let details = document.create_element("pre")?;
        details.set_text_content(Some(message));
        let reload = document.create_element("button")?;
        reload.set_attribute("type", "button")?;
        reload.set_attribute("onclick", "location.reload()")?;
        reload.set_text_content(Some(t(K::crash_reload)));

        for child in [&heading, &hint, &details, &reload] {
            panel.append_child(child)?;
        }
        body.append_child(&panel)?;
        Ok(())
    };
    if build().is_err() {
        web_sys::console::error_1(&"Camelot: could not show the error box".into());
    }
}

#[cfg(test)]
mod tests {
    use super::payload_text;

    #[test]
    fn payload_text_reads_str_and_string_payloads() {
        assert_eq!(payload_text(&"static message"), "static message");
        assert_eq!(payload_text(&String::from("formatted 42")), "formatted 42");
        assert_eq!(payload_text(&17_u8), "unknown error");
    }
}
