//! The size and speed budget of the release build in dist/, measured and held:
//!
//! - size: the bytes a first visit transfers for the WebAssembly, JavaScript and CSS that
//!   index.html loads, gzip-compressed (`gzip -9`, as a host serving pre-compressed files sends
//!   them), at most [`MAX_GZIP_BYTES`] in all;
//! - speed: in headless Chromium with the CPU slowed down [`CPU_SLOWDOWN`] times (DevTools'
//!   `Emulation.setCPUThrottlingRate`), a first visit (empty cache, no service worker) from the
//!   local test server is **interactive** within [`MAX_INTERACTIVE_MS`]: measured with the page's
//!   own clock (`performance.now()`, 0 = the start of the navigation) up to the first frame painted
//!   with the Home screen's enabled "New game" button in it. Leptos attaches a screen's event
//!   handlers in the same task that puts it in the page, so from that frame on a tap works. Also
//!   printed: the time from tapping "Start the game" (two taps from Home) to the first frame with
//!   the table, held to the same limit, and a repeat visit (service worker and caches warm).
//!
//! - beside a bare Leptos counter (tests/counter, built by scripts/setup's
//!   `camelot_counter_build` with the same Trunk, wasm-opt, profile and flags, into
//!   target/counter-dist): [`COLD_STARTS`] alternating cold starts of each, same CPU slowdown, the
//!   median of Home's time to interactive at most [`MAX_HOME_OVER_COUNTER`] times the counter's:
//!   a yardstick measured in the same run, so that the load of a shared machine
//!   weighs on both sides alike.
//!
//! The size is checked in every run; the timing, a measurement on a shared machine, only with
//! `cargo test --test budget -- --ignored --nocapture`, which prints all the figures.

mod support;

use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The budget, in one place.
/// (120 KB since the games' screens and rules left the first load: it was 250 KB.)
const MAX_GZIP_BYTES: u64 = 120_000;
const MAX_INTERACTIVE_MS: f64 = 1000.0;
const CPU_SLOWDOWN: f64 = 4.0;
/// Timing runs (each in a fresh browser): the best one counts, so that a moment of load from
/// other work on the machine does not fail the build.
const ATTEMPTS: usize = 3;
/// Home's median time to interactive at most this many times a bare Leptos counter's
/// (it was about 1.9: 606 ms against 325 ms; 2.06 before the service worker waited for Home).
const MAX_HOME_OVER_COUNTER: f64 = 1.5;
/// Cold starts of each (app Home, counter), alternating, for the comparison's medians. Nine, not
/// the five of the first measurements: on this shared 2-core machine the ratio of five-start
/// medians swung from 1.16 to 1.69 within ten minutes for one and the same build.
const COLD_STARTS: usize = 9;

/// Names the dist directory of another build of the app, timed beside this one (see the
/// comparison with the counter).
const BASELINE_ENV: &str = "CAMELOT_BASELINE_DIST";

/// The timed tests one at a time: run side by side (the test harness's default), one's browser
/// or build would slow the other's measurement.
static TIMED: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn build_present() -> bool {
    let index = support::dist_dir().join("index.html");
    if index.is_file() {
        return true;
    }
    let reason = format!("{} does not exist: build the app first", index.display());
    if std::env::var(support::REQUIRE_ENV).is_ok_and(|v| v == "1") {
        panic!("budget test cannot run: {reason}");
    }
    eprintln!("SKIPPING budget test: {reason}");
    false
}

/// The files index.html loads by itself (quoted relative paths ending in .wasm, .js or .css),
/// in order of first mention.
fn loaded_by_index(index: &str) -> Vec<String> {
    let mut files: Vec<String> = Vec::new();
    // Attribute values, quoted or not (a minified index.html leaves `href=./main.css` bare).
    for token in index.split(['"', '\'', '=', '>', '<', ' ', '\n']) {
        let token = token.trim_start_matches("./");
        let wanted = [".wasm", ".js", ".css"]
            .iter()
            .any(|ext| token.ends_with(ext));
        if wanted
            && !token.is_empty()
            && !token.contains(char::is_whitespace)
            && !token.contains("://")
            && !files.iter().any(|f| f == token)
        {
            files.push(token.to_owned());
        }
    }
    files
}

/// Size of `path` compressed with `gzip -9`.
fn gzip_size(path: &Path) -> u64 {
    let out = Command::new("gzip")
        .args(["-9", "-c", "-n"])
        .arg(path)
        .output()
        .unwrap_or_else(|e| panic!("cannot run gzip: {e}"));
    assert!(out.status.success(), "gzip {} failed", path.display());
    out.stdout.len() as u64
}

fn kb(bytes: u64) -> String {
    format!("{:.1} KB", bytes as f64 / 1000.0)
}

/// The wasm, JS and CSS a first visit transfers, gzip -9, with the figures printed; `None` (and a
/// skip) without a build.
fn first_load_gzip() -> Option<u64> {
    if !build_present() {
        return None;
    }
    let dist = support::dist_dir();
    let index = std::fs::read_to_string(dist.join("index.html")).expect("read index.html");
    let files = loaded_by_index(&index);
    for ext in [".wasm", ".js", ".css"] {
        assert!(
            files.iter().any(|f| f.ends_with(ext)),
            "index.html loads no {ext} file: {files:?}"
        );
    }
    println!("First load of {} (gzip -9):", dist.display());
    let mut total = 0;
    for file in &files {
        let path = dist.join(file);
        let raw = std::fs::metadata(&path)
            .unwrap_or_else(|e| panic!("{file} (named in index.html): {e}"))
            .len();
        let gz = gzip_size(&path);
        total += gz;
        println!("  {:>10} gzip  {:>10} raw  {file}", kb(gz), kb(raw));
    }
    println!(
        "  {:>10} gzip  wasm + JS + CSS   (budget {})",
        kb(total),
        kb(MAX_GZIP_BYTES)
    );
    let mut others = 0;
    for file in [
        "index.html",
        "manifest.webmanifest",
        "public/icon-192.png",
        "sw.js",
    ] {
        let path = dist.join(file);
        if path.is_file() {
            others += gzip_size(&path);
        }
    }
    println!(
        "  {:>10} gzip  also: index.html, manifest, icon, sw.js",
        kb(others)
    );
    // The parts of the split wasm that index.html does not load, and the stylesheets the screens
    // link as they first open (style/): fetched as their screens open, and all of them by the
    // service worker once the page is up (it keeps the whole app for offline).
    let (mut chunks, mut sheets, mut later) = (0, 0, 0);
    for entry in std::fs::read_dir(&dist).expect("read dist/").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".wasm") && !files.contains(&name) {
            chunks += 1;
            later += gzip_size(&entry.path());
        }
    }
    let style = std::fs::read_dir(dist.join("style"));
    for entry in style.into_iter().flatten().flatten() {
        if entry.file_name().to_string_lossy().ends_with(".css") {
            sheets += 1;
            later += gzip_size(&entry.path());
        }
    }
    println!(
        "  {:>10} gzip  later: {chunks} wasm chunks and {sheets} stylesheets, as screens first \
         open or in the background for offline play (first visit in all: {})",
        kb(later),
        kb(total + others + later)
    );
    Some(total)
}

#[test]
// The release build is split (scripts/setup's camelot_release_build): the first load holds the Home
// screen and what it needs, the other screens come as they first open (printed as "later").
fn the_first_load_fits_the_size_budget() {
    let Some(total) = first_load_gzip() else {
        return;
    };
    assert!(
        total <= MAX_GZIP_BYTES,
        "over budget: the first load transfers {} of wasm, JS and CSS (gzip), the budget is {}",
        kb(total),
        kb(MAX_GZIP_BYTES)
    );
}

/// Records, in the page, when things first show: `home` / `table` (the frame after the element
/// is in the page) and `startTap` (a tap on "Start the game"), in `performance.now()` time.
const MARKS: &str = r#"
(() => {
  const marks = (window.__marks = {});
  const seen = (name, selector) => {
    if (marks[name] === undefined && document.querySelector(selector)) {
      marks[name] = -1;
      requestAnimationFrame(() => setTimeout(() => { marks[name] = performance.now(); }, 0));
    }
  };
  new MutationObserver(() => {
    seen("home", "[data-testid=new-game]:not([disabled])");
    seen("table", "[data-testid=table]");
  }).observe(document, { childList: true, subtree: true });
  // Where the time goes: the wasm downloaded, then compiled and started (Trunk's event).
  addEventListener("TrunkApplicationStarted", () => {
    marks.started = performance.now();
    const wasm = performance.getEntriesByType("resource").find((r) => r.name.endsWith(".wasm"));
    marks.wasmFetched = wasm ? wasm.responseEnd : 0;
  });
  addEventListener("click", (e) => {
    if (e.target.closest && e.target.closest("[data-testid=start-game]")) {
      marks.startTap = performance.now();
    }
  }, true);
})();
"#;

async fn mark(b: &support::Browser, name: &str) -> f64 {
    let start = std::time::Instant::now();
    loop {
        let v = b
            .eval(&format!("return (window.__marks || {{}}).{name};"))
            .await;
        if let Some(ms) = v.as_f64()
            && ms >= 0.0
        {
            return ms;
        }
        if start.elapsed() > support::TIMEOUT {
            panic!(
                "no `{name}` mark within {:?}\n{}",
                support::TIMEOUT,
                b.html().await
            );
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A first visit up to the Home screen being interactive, in the page's own clock.
struct ColdStart {
    /// The wasm file fully downloaded.
    wasm_fetched: f64,
    /// The wasm compiled and `main` run (Trunk's `TrunkApplicationStarted`).
    started: f64,
    home: f64,
}

struct Run {
    cold: ColdStart,
    tap_to_table: f64,
    repeat_home: f64,
}

/// A first visit (fresh browser profile: empty cache, no service worker) of the build `server`
/// serves, with the CPU slowed down [`CPU_SLOWDOWN`] times, up to Home's first interactive frame.
async fn cold_start(b: &mut support::Browser, server: &support::Server) -> ColdStart {
    b.set_base_url(server.url());
    // A page of the same site first, so that the throttling applies to the app's renderer (the
    // counter has no manifest: its server's "not found" page is of the same site all the same).
    b.goto("manifest.webmanifest").await;
    b.cdp(
        "Emulation.setCPUThrottlingRate",
        json!({ "rate": CPU_SLOWDOWN }),
    )
    .await;
    b.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": MARKS }),
    )
    .await;
    b.goto("").await;
    let home = mark(b, "home").await;
    let wasm_fetched = mark(b, "wasmFetched").await;
    let started = mark(b, "started").await;
    ColdStart {
        wasm_fetched,
        started,
        home,
    }
}

async fn one_run(b: &mut support::Browser) -> Run {
    let server = support::Server::start(support::dist_dir());
    let cold = cold_start(b, &server).await;
    b.click("[data-testid=new-game]").await;
    b.click("[data-testid=start-game]").await;
    let table = mark(b, "table").await;
    let tap = mark(b, "startTap").await;
    // A repeat visit: the service worker serves the app from its cache.
    let _: Value = b
        .eval_async(
            "await navigator.serviceWorker.ready;
             for (let i = 0; i < 200 && !navigator.serviceWorker.controller; i++) {
                 await new Promise(r => setTimeout(r, 50));
             }
             return null;",
        )
        .await;
    b.eval("localStorage.clear(); return null;").await;
    b.reload().await;
    let repeat_home = mark(b, "home").await;
    Run {
        cold,
        tap_to_table: table - tap,
        repeat_home,
    }
}

/// The browser's console errors, without the request for /favicon.ico that the JSON page opened
/// first makes (outside the app).
async fn console_errors(b: &support::Browser) -> Vec<String> {
    b.console_errors()
        .await
        .into_iter()
        .filter(|e| !e.contains("/favicon.ico"))
        .collect()
}

#[tokio::test]
// A measurement, not part of the default run: timings on a shared 2-core machine swing by ±50%
// (seen: 1378–3080 ms under load; quiet, single cold starts 742–1067 ms and best of three within
// the budget in four runs of four). Run it with `cargo test --test budget -- --ignored`.
#[ignore = "timed measurement: run on a quiet machine with -- --ignored"]
async fn the_home_screen_is_interactive_within_a_second_on_a_4x_slower_cpu() {
    if !build_present() {
        return;
    }
    let _one_at_a_time = TIMED.lock().await;
    let mut best: Option<Run> = None;
    for attempt in 1..=ATTEMPTS {
        let Some(mut b) = support::launch().await else {
            return;
        };
        let run = one_run(&mut b).await;
        let errors = console_errors(&b).await;
        b.close().await;
        println!(
            "Run {attempt}, CPU {CPU_SLOWDOWN}x slower: navigation -> Home interactive {:.0} ms \
             (wasm downloaded {:.0} ms, compiled and started {:.0} ms); \
             tap \"Start the game\" -> table {:.0} ms; repeat visit -> Home {:.0} ms \
             (budget {MAX_INTERACTIVE_MS:.0} ms)",
            run.cold.home,
            run.cold.wasm_fetched,
            run.cold.started,
            run.tap_to_table,
            run.repeat_home
        );
        assert!(errors.is_empty(), "console errors:\n{}", errors.join("\n"));
        let within = run.cold.home <= MAX_INTERACTIVE_MS && run.tap_to_table <= MAX_INTERACTIVE_MS;
        let worst = |r: &Run| r.cold.home.max(r.tap_to_table);
        if best.as_ref().is_none_or(|b| worst(&run) < worst(b)) {
            best = Some(run);
        }
        if within {
            break;
        }
    }
    let best = best.expect("at least one run");
    assert!(
        best.cold.home <= MAX_INTERACTIVE_MS,
        "too slow: the Home screen became interactive after {:.0} ms at best (budget {MAX_INTERACTIVE_MS:.0} ms, CPU {CPU_SLOWDOWN}x slower)",
        best.cold.home
    );
    assert!(
        best.tap_to_table <= MAX_INTERACTIVE_MS,
        "too slow: the table showed {:.0} ms after the tap on Start (budget {MAX_INTERACTIVE_MS:.0} ms)",
        best.tap_to_table
    );
}

/// The bare Leptos counter's build directory (git-ignored; `camelot_counter_build` fills it).
fn counter_dist() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/counter-dist")
}

/// Builds the counter with scripts/setup's `camelot_counter_build` (the release web build's
/// Trunk, wasm-opt and flags); a few seconds when nothing changed, minutes the first time.
fn build_counter() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let status = Command::new("bash")
        .args(["-c", "source scripts/setup && camelot_counter_build"])
        .current_dir(root)
        // Always target/counter-web, whatever target directory these tests were built in: the
        // counter is then built once, not once per target directory.
        .env_remove("CARGO_TARGET_DIR")
        .status()
        .unwrap_or_else(|e| panic!("cannot run bash: {e}"));
    assert!(
        status.success(),
        "the counter's build failed: bash -c 'source scripts/setup && camelot_counter_build'"
    );
    assert!(
        counter_dist().join("index.html").is_file(),
        "the counter's build left no {}",
        counter_dist().join("index.html").display()
    );
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

fn medians(runs: &[ColdStart]) -> ColdStart {
    let of = |f: fn(&ColdStart) -> f64| median(&runs.iter().map(f).collect::<Vec<_>>());
    ColdStart {
        wasm_fetched: of(|r| r.wasm_fetched),
        started: of(|r| r.started),
        home: of(|r| r.home),
    }
}

/// The wasm and JS a first visit of `dist` transfers, gzip -9.
fn wasm_and_js_gzip(dist: &Path) -> u64 {
    let index = std::fs::read_to_string(dist.join("index.html")).expect("read index.html");
    loaded_by_index(&index)
        .iter()
        .filter(|f| f.ends_with(".wasm") || f.ends_with(".js"))
        .map(|f| gzip_size(&dist.join(f)))
        .sum()
}

#[tokio::test]
// A measurement, not part of the default run (it also builds the counter): run it with
// `cargo test --test budget -- --ignored --nocapture`.
#[ignore = "timed measurement: run on a quiet machine with -- --ignored"]
async fn the_home_screen_starts_within_one_and_a_half_times_a_bare_leptos_counter() {
    if !build_present() {
        return;
    }
    let _one_at_a_time = TIMED.lock().await;
    build_counter();
    let mut builds = vec![
        ("app Home", support::dist_dir()),
        ("counter", counter_dist()),
    ];
    // Another build of the app to time in the same rounds (a change's effect, measured beside
    // the build before it): `CAMELOT_BASELINE_DIST=<its dist directory>`.
    if let Some(dir) = std::env::var_os(BASELINE_ENV) {
        let dir = PathBuf::from(dir);
        assert!(
            dir.join("index.html").is_file(),
            "{BASELINE_ENV}: no index.html in {}",
            dir.display()
        );
        builds.push(("baseline", dir));
    }
    let servers = builds
        .iter()
        .map(|(_, dist)| support::Server::start(dist.clone()))
        .collect::<Vec<_>>();
    let mut runs: Vec<Vec<ColdStart>> = builds.iter().map(|_| Vec::new()).collect();
    for round in 1..=COLD_STARTS {
        // Which goes first changes every round (a rotation), so that no build always starts its
        // browser just after the same other one's has closed.
        let n = builds.len();
        let order = (0..n).map(|k| (k + round - 1) % n);
        for i in order {
            let name = builds[i].0;
            let Some(mut b) = support::launch().await else {
                return;
            };
            let run = cold_start(&mut b, &servers[i]).await;
            // The counter has no manifest: the page opened first is its server's "not found".
            let errors = console_errors(&b)
                .await
                .into_iter()
                .filter(|e| !(name == "counter" && e.contains("manifest.webmanifest - Failed")))
                .collect::<Vec<_>>();
            b.close().await;
            println!(
                "Cold start {round}/{COLD_STARTS}, {name:>8}, CPU {CPU_SLOWDOWN}x slower: \
                 interactive {:.0} ms (wasm downloaded {:.0} ms, compiled and started {:.0} ms)",
                run.home, run.wasm_fetched, run.started
            );
            assert!(
                errors.is_empty(),
                "{name}: console errors:\n{}",
                errors.join("\n")
            );
            runs[i].push(run);
        }
    }
    let all = runs.iter().map(|r| medians(r)).collect::<Vec<_>>();
    let (app, counter) = (&all[0], &all[1]);
    for ((name, dist), m) in builds.iter().zip(&all) {
        println!(
            "Median of {COLD_STARTS}, {name:>8}: interactive {:.0} ms = wasm downloaded {:.0} ms \
             + compiled and started {:.0} ms + to the first frame {:.0} ms ({} wasm + JS gzip)",
            m.home,
            m.wasm_fetched,
            m.started - m.wasm_fetched,
            m.home - m.started,
            kb(wasm_and_js_gzip(dist))
        );
    }
    let ratio = app.home / counter.home;
    // Also each round's own ratio (the two starts next to each other in time), for the reader.
    let paired = median(
        &runs[0]
            .iter()
            .zip(&runs[1])
            .map(|(a, c)| a.home / c.home)
            .collect::<Vec<_>>(),
    );
    println!(
        "Home / counter: {ratio:.2}x ({:.0} ms against {:.0} ms; at most {MAX_HOME_OVER_COUNTER}x); \
         the median of each round's ratio: {paired:.2}x",
        app.home, counter.home
    );
    if let Some(baseline) = all.get(2) {
        println!(
            "Home / baseline: {:.2}x ({:.0} ms against {:.0} ms)",
            app.home / baseline.home,
            app.home,
            baseline.home
        );
    }
    assert!(
        ratio <= MAX_HOME_OVER_COUNTER,
        "too slow beside a bare Leptos counter: Home interactive after {:.0} ms (median of \
         {COLD_STARTS}), the counter after {:.0} ms: {ratio:.2}x, at most {MAX_HOME_OVER_COUNTER}x",
        app.home,
        counter.home
    );
}
