//! Keeps the phone's screen on while a game's table shows (the Screen Wake Lock API, where the
//! browser has it; elsewhere nothing happens). The browser drops the lock whenever the page is
//! hidden (another app, the screen locked by hand), so it is asked for again when the page shows.
//!
//! `web-sys` has these bindings only behind its unstable-API flag, hence the few below.

use leptos::prelude::*;
use std::cell::RefCell;
use wasm_bindgen::{JsCast, JsValue, prelude::wasm_bindgen};
use wasm_bindgen_futures::{JsFuture, js_sys, spawn_local};

#[wasm_bindgen]
extern "C" {
    /// `navigator.wakeLock`.
    type WakeLock;
    #[wasm_bindgen(method, catch)]
    fn request(this: &WakeLock, kind: &str) -> Result<js_sys::Promise, JsValue>;

    /// What `request` resolves to; the lock holds until `release()` or until the page hides.
    type WakeLockSentinel;
    #[wasm_bindgen(method, getter)]
    fn released(this: &WakeLockSentinel) -> bool;
    #[wasm_bindgen(method)]
    fn release(this: &WakeLockSentinel) -> js_sys::Promise;
}

#[derive(Default)]
struct State {
    /// Whether the screen should stay on (the table shows).
    wanted: bool,
    /// A request is on its way.
    asking: bool,
    sentinel: Option<WakeLockSentinel>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::default();
}

/// Keeps the screen awake for the lifetime of the calling component: a game's table calls it, so
/// that the code (and its work) comes with the table's chunk, not with the first load.
pub fn keep_awake() {
    set_wanted(true);
    let handle = window_event_listener_untyped("visibilitychange", |_| {
        if !document().hidden() {
            acquire();
        }
    });
    on_cleanup(move || {
        handle.remove();
        set_wanted(false);
    });
}

fn set_wanted(wanted: bool) {
    STATE.with_borrow_mut(|s| s.wanted = wanted);
    if wanted { acquire() } else { release() }
}

fn wake_lock() -> Option<WakeLock> {
    let navigator = js_sys::Reflect::get(&js_sys::global(), &"navigator".into()).ok()?;
    let lock = js_sys::Reflect::get(&navigator, &"wakeLock".into()).ok()?;
    lock.is_object().then(|| lock.unchecked_into())
}

fn acquire() {
    let ask = STATE.with_borrow(|s| {
        let held = s.sentinel.as_ref().is_some_and(|l| !l.released());
        s.wanted && !s.asking && !held
    });
    if !ask || document().hidden() {
        return;
    }
    let Some(promise) = wake_lock().and_then(|lock| lock.request("screen").ok()) else {
        return;
    };
    STATE.with_borrow_mut(|s| s.asking = true);
    spawn_local(async move {
        // Refused (battery saver, no permission …): the game goes on, the screen may sleep.
        let sentinel = JsFuture::from(promise).await.ok();
        let stale = STATE.with_borrow_mut(|s| {
            s.asking = false;
            match sentinel {
                Some(sentinel) if s.wanted => {
                    s.sentinel = Some(sentinel.unchecked_into());
                    None
                }
                other => other,
            }
        });
        // The table was left while the request was on its way.
        if let Some(sentinel) = stale {
            drop_lock(sentinel.unchecked_into());
        }
    });
}

fn release() {
    if let Some(sentinel) = STATE.with_borrow_mut(|s| s.sentinel.take()) {
        drop_lock(sentinel);
    }
}

fn drop_lock(sentinel: WakeLockSentinel) {
    let done = sentinel.release();
    spawn_local(async move {
        let _ = JsFuture::from(done).await;
    });
}
