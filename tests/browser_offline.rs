//! Offline and installable, in headless Chromium against the release build in dist/ served from
//! the sub-path /games/camelot/ (see tests/support): after one visit the service worker has the
//! whole app, so with the server gone the game still loads and plays; a new release on the host
//! replaces the cached build on the next load and the saved games survive it; the manifest makes
//! the app installable; the page asks nothing of any other host and breaks no rule of its Content
//! Security Policy; the screen wake lock is held while the table shows.

mod support;

#[path = "support/game.rs"]
mod game;

use camelot_card::Options;
use game::{Rng, Step, fresh_app, lively, saved, start_game, step};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use support::{Browser, Server};

/// Waits until a service worker controls the page and its cache is filled (it activates only once
/// its whole build is cached), and returns the cache names the worker left.
async fn wait_for_worker(b: &Browser) -> Vec<String> {
    let start = Instant::now();
    let mut reloaded = false;
    loop {
        let state = b
            .eval_async(
                "const r = await navigator.serviceWorker.getRegistration();
                 return {
                     controlled: !!navigator.serviceWorker.controller,
                     active: r && r.active ? r.active.state : null,
                     scope: r ? r.scope : null,
                     caches: await caches.keys(),
                 };",
            )
            .await;
        if state["controlled"] == true && state["active"] == "activated" {
            assert_eq!(
                state["scope"].as_str(),
                Some(b.url("").as_str()),
                "the worker's scope is the app's folder"
            );
            return serde_json::from_value(state["caches"].clone()).expect("cache names");
        }
        // A page reloaded while its worker was still being installed may stay out of the worker's
        // hands until the next visit (the worker claims the pages open when it activates): the
        // next visit, as a player's, is then served by it.
        if !reloaded && state["active"] == "activated" && start.elapsed() > Duration::from_secs(3) {
            reloaded = true;
            b.reload().await;
            continue;
        }
        if start.elapsed() > support::TIMEOUT {
            panic!(
                "no service worker took control within {:?}: {state}\n{}",
                support::TIMEOUT,
                b.console_log()
                    .await
                    .iter()
                    .map(|e| format!("{}: {}", e.level, e.message))
                    .collect::<Vec<_>>()
                    .join("\n")
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The build id the post_build hook wrote into the page (`<meta name="camelot-build">`).
async fn build_id(b: &Browser) -> String {
    b.eval("const m = document.querySelector('meta[name=camelot-build]'); return m && m.content;")
        .await
        .as_str()
        .expect(
            "no <meta name=camelot-build> in the page: dist/ was not built with the post_build hook \
             (scripts/trunk-post-build.mjs); rebuild it with trunk build --offline=true --release",
        )
        .to_owned()
}

/// Every URL the page has loaded (the document and its resources).
async fn loaded_urls(b: &Browser) -> Vec<String> {
    let v = b
        .eval(
            "return [location.href].concat(performance.getEntriesByType('resource').map(e => e.name));",
        )
        .await;
    serde_json::from_value(v).expect("a list of URLs")
}

/// Console errors, CSP violations included (Chromium reports them as errors).
async fn assert_clean_console(b: &Browser, what: &str) {
    let errors = b.console_errors().await;
    assert!(
        errors.is_empty(),
        "{what}: console errors:\n{}",
        errors.join("\n")
    );
}

/// A few steps of a solo game, as a player would take them.
async fn play_a_little(b: &Browser, steps: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut choose = |k: &game::Known, legal: &[camelot_card::Action]| lively(&mut rng, k, legal);
    for _ in 0..steps {
        if let Step::End = step(b, &mut choose).await {
            break;
        }
    }
}

#[tokio::test]
async fn after_one_visit_the_game_loads_and_plays_with_the_server_gone() {
    let Some(mut b) = support::launch().await else {
        return;
    };
    let server = Server::start(support::dist_dir());
    b.set_base_url(server.url());
    fresh_app(&b, 11).await;
    let caches = wait_for_worker(&b).await;
    assert_eq!(caches.len(), 1, "one cache, for this build: {caches:?}");
    let build = build_id(&b).await;
    assert!(
        caches[0].ends_with(&build),
        "the cache {caches:?} is named after build {build}"
    );
    for url in loaded_urls(&b).await {
        assert!(
            url.starts_with(server.url()),
            "a request outside the app: {url}"
        );
    }
    assert_clean_console(&b, "first visit").await;

    // The network is gone: no answer from the host at all.
    server.set_down(true);
    let probe = b
        .eval_async("try { await fetch('no-such-file?' + Date.now()); return 'answered'; } catch (e) { return 'failed'; }")
        .await;
    assert_eq!(probe, "failed", "the server is really down");

    b.reload().await;
    b.wait_for("[data-testid=new-game]").await;
    assert_eq!(build_id(&b).await, build);
    assert!(!b.exists("#panic").await, "crash screen shown offline");
    start_game(&b, &["Ann", "Bob", "Cy"], Options::default()).await;
    play_a_little(&b, 12, 5).await;
    let k = saved(&b).await.expect("the game is saved offline");
    assert!(!k.actions.is_empty(), "moves were played offline");

    // A reload offline comes back to the same game.
    b.reload().await;
    b.wait_for("[data-testid=table]").await;
    let again = saved(&b).await.expect("still saved");
    assert_eq!(again.actions, k.actions);
    // Both games' rules come from the cache: the Card Game's from its table, then the board
    // game's.
    b.click("[data-testid=rules-button]").await;
    b.wait_for("[data-testid=rules-screen][data-game=card]")
        .await;
    // The screens' stylesheets (a game's table's and the other screens'), not in the first load,
    // came from the cache with the first of them, and the screen they held unseen meanwhile shows.
    b.wait_until_gone("link[data-pending]").await;
    let shown = b
        .eval(
            "return !!document.querySelector('link[data-screens-css]') \
             && !!document.querySelector('link[data-table-css]') \
             && [...document.querySelectorAll('#app > *')].every(e => getComputedStyle(e).opacity === '1') \
             && getComputedStyle(document.querySelector('.close-button')).minWidth === '88px';",
        )
        .await;
    assert_eq!(
        shown,
        serde_json::Value::Bool(true),
        "offline: the Rules screen has its styles and shows"
    );
    b.click("[data-testid=rules-game-board]").await;
    b.wait_for("[data-testid=rules-screen][data-game=board]")
        .await;
    let board = b.text("[data-testid=rules-screen]").await;
    assert!(board.contains("Lancelot/Dragon 3/7"), "offline: {board}");
    b.click("[data-testid=rules-close-top]").await;
    b.wait_for("[data-testid=table]").await;
    // The board game, whose screens, words and styles come in their own parts of the build, starts
    // and plays offline too: a person and three computer knights, the person's first look.
    b.click("[data-testid=home-button]").await;
    support::setup::start_default_board_game(&b).await;
    b.wait_for("[data-testid=board]").await;
    // One person among computer knights: the look shows at once, no curtain.
    support::setup::end_first_look(&b).await;
    b.wait_for("[data-testid=board-status]").await;
    let styled = b
        .eval(
            "return !!document.querySelector('link[data-board-css]') \
             && getComputedStyle(document.querySelector('[data-testid=board]')).display === 'grid';",
        )
        .await;
    assert_eq!(
        styled,
        serde_json::Value::Bool(true),
        "offline: the board has its styles"
    );
    // The page's own console stays clean offline; the browser may note its failed check for a
    // newer service worker (that request is the browser's, not the app's).
    let errors: Vec<String> = b
        .console_errors()
        .await
        .into_iter()
        .filter(|e| !e.contains("sw.js") && !e.contains("no-such-file"))
        .collect();
    assert!(
        errors.is_empty(),
        "offline: console errors:\n{}",
        errors.join("\n")
    );
    b.close().await;
}

/// A copy of `dist` as the next release: same files, another build id (in index.html and in
/// sw.js, as the post_build hook writes them).
fn next_release(dist: &Path, old_id: &str, new_id: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "camelot-next-release-{}-{new_id}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(dist, &dir);
    for name in ["index.html", "sw.js"] {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path).expect("read the copy");
        assert!(text.contains(old_id), "{name} names build {old_id}");
        std::fs::write(&path, text.replace(old_id, new_id)).expect("write the copy");
    }
    dir
}

/// Takes `file` out of a release: from its folder and from its worker's list of files to cache.
fn remove_from_release(release: &Path, file: &str) {
    std::fs::remove_file(release.join(file)).expect("remove the file from the release");
    let sw = release.join("sw.js");
    let text = std::fs::read_to_string(&sw).expect("read sw.js");
    let kept: Vec<&str> = text.lines().filter(|l| !l.contains(file)).collect();
    assert_eq!(
        kept.len() + 1,
        text.lines().count(),
        "sw.js lists {file} once"
    );
    std::fs::write(&sw, kept.join("\n")).expect("write sw.js");
}

/// Has the page's registration look for a new worker now (as a second tab's visit would), and
/// waits until one, whose cache is named after build `id`, has taken over.
async fn update_worker_to(b: &Browser, id: &str) -> Vec<String> {
    b.eval_async("await (await navigator.serviceWorker.getRegistration()).update(); return true;")
        .await;
    let start = Instant::now();
    loop {
        let state = b
            .eval_async(
                "const r = await navigator.serviceWorker.getRegistration();
                 return {
                     settled: !r.installing && !r.waiting && r.active.state === 'activated',
                     caches: await caches.keys(),
                 };",
            )
            .await;
        let caches: Vec<String> = serde_json::from_value(state["caches"].clone()).expect("names");
        if state["settled"] == true && caches.iter().any(|c| c.ends_with(id)) {
            return caches;
        }
        assert!(
            start.elapsed() < support::TIMEOUT,
            "the worker of build {id} did not take over: {state}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create dir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let entry = entry.expect("dir entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy file");
        }
    }
}

#[tokio::test]
async fn a_new_release_replaces_the_cached_one_and_the_saves_survive() {
    let Some(mut b) = support::launch().await else {
        return;
    };
    let server = Server::start(support::dist_dir());
    b.set_base_url(server.url());
    fresh_app(&b, 12).await;
    let old_caches = wait_for_worker(&b).await;
    let old = build_id(&b).await;
    start_game(&b, &["Ann", "Bob", "Cy"], Options::default()).await;
    play_a_little(&b, 8, 7).await;
    let before = saved(&b).await.expect("a saved game");

    // The host gets a new release, in which the Rules screen's part of the wasm has another name
    // (here: the old one is gone). The page still open on the old build, whose player has never
    // opened Rules, gets the new worker (as when a second tab loads the new release) …
    let new: String = old.chars().rev().collect();
    assert_ne!(new, old);
    let release = next_release(&support::dist_dir(), &old, &new);
    let rules_chunk = support::chunk_of(&release, "rules_screen");
    if let Some(file) = &rules_chunk {
        remove_from_release(&release, file);
    }
    server.set_root(release.clone());
    let caches = update_worker_to(&b, &new).await;
    assert_eq!(
        caches.len(),
        2,
        "the previous build's cache is kept for pages still open on it: {caches:?}"
    );
    // … and Rules still opens there: its part comes from the previous build's cache.
    b.click("[data-testid=rules-button]").await;
    b.wait_for("[data-testid=rules-screen]").await;
    assert!(!b.exists("[data-testid=screen-unavailable]").await);
    assert!(!b.exists("#panic").await, "crash screen on the old page");
    b.click("[data-testid=rules-close-top]").await;
    b.wait_for("[data-testid=table]").await;

    // The next load while online shows the new release …
    b.reload().await;
    b.wait_for("[data-testid=table]").await;
    assert_eq!(build_id(&b).await, new, "the new release is served");
    // … and the game saved before the update is still there, the table as it was.
    let after = saved(&b).await.expect("the saved game survives the update");
    assert_eq!(after.id, before.id);
    assert_eq!(after.actions, before.actions);

    // One release later, the first build's cache is gone: only the last two are kept.
    let third = format!("{old}3");
    let release3 = next_release(&release, &new, &third);
    server.set_root(release3.clone());
    b.reload().await;
    b.wait_for("[data-testid=table]").await;
    assert_eq!(build_id(&b).await, third, "the third release is served");
    let start = Instant::now();
    loop {
        let caches = wait_for_worker(&b).await;
        let mut builds: Vec<&str> = caches.iter().filter_map(|c| c.rsplit(' ').next()).collect();
        builds.sort_unstable();
        let mut wanted = vec![new.as_str(), third.as_str()];
        wanted.sort_unstable();
        if builds == wanted {
            break;
        }
        assert!(
            start.elapsed() < support::TIMEOUT,
            "caches still {caches:?} (before: {old_caches:?})"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Offline, the new release is the one that loads.
    server.set_down(true);
    b.reload().await;
    b.wait_for("[data-testid=table]").await;
    assert_eq!(build_id(&b).await, third, "offline: the newest release");
    assert_eq!(saved(&b).await.expect("saved").actions, before.actions);
    let _ = std::fs::remove_dir_all(release);
    let _ = std::fs::remove_dir_all(release3);
    b.close().await;
}

#[tokio::test]
async fn a_screen_that_cannot_be_fetched_says_so_and_opens_when_tried_again() {
    if support::chunk_of(&support::dist_dir(), "rules_screen").is_none() {
        eprintln!("SKIPPING: dist/ holds an unsplit build (every screen is in the one wasm)");
        return;
    }
    let Some(mut b) = support::launch().await else {
        return;
    };
    let server = Server::start(support::dist_dir());
    b.set_base_url(server.url());
    // A first visit whose network goes before the worker has cached the app: the page's requests
    // skip the worker, as they do before it is installed.
    b.cdp("Network.enable", json!({})).await;
    b.cdp("Network.setBypassServiceWorker", json!({"bypass": true}))
        .await;
    fresh_app(&b, 14).await;
    start_game(&b, &["Ann", "Bob"], Options::default()).await;
    play_a_little(&b, 4, 3).await;
    let before = saved(&b).await.expect("a saved game");

    server.set_down(true);
    b.click("[data-testid=rules-button]").await;
    b.wait_for("[data-testid=screen-unavailable]").await;
    assert_eq!(
        b.attr("[data-testid=screen-unavailable]", "role")
            .await
            .as_deref(),
        Some("alert"),
        "the message is announced"
    );
    let text = b.text("[data-testid=screen-unavailable]").await;
    assert!(
        text.contains("could not be loaded") && text.contains("Your game is saved"),
        "{text}"
    );
    assert!(
        !b.exists("#panic").await,
        "a crash screen instead of the message"
    );
    // Still offline, "Try again" says so again; the game is as it was.
    b.click("[data-testid=screen-retry]").await;
    b.wait_for("[data-testid=screen-unavailable]").await;
    assert!(!b.exists("#panic").await);
    assert_eq!(saved(&b).await.expect("saved").actions, before.actions);

    // The network is back: "Try again" opens the screen.
    server.set_down(false);
    b.click("[data-testid=screen-retry]").await;
    b.wait_for("[data-testid=rules-screen]").await;
    assert!(!b.exists("[data-testid=screen-unavailable]").await);
    b.click("[data-testid=rules-close-top]").await;
    b.wait_for("[data-testid=table]").await;
    b.close().await;
}

#[tokio::test]
async fn the_app_is_installable_and_asks_no_other_host() {
    let Some(mut b) = support::launch().await else {
        return;
    };
    let server = Server::start(support::dist_dir());
    b.set_base_url(server.url());
    b.open_app().await;
    wait_for_worker(&b).await;

    // The manifest, as the browser reads it (Chromium's own installability checks).
    let manifest = b.cdp("Page.getAppManifest", json!({})).await;
    let errors = manifest["errors"].as_array().cloned().unwrap_or_default();
    assert!(errors.is_empty(), "manifest errors: {errors:?}");
    let url = manifest["url"].as_str().unwrap_or_default();
    assert_eq!(url, b.url("manifest.webmanifest"));
    let data: Value =
        serde_json::from_str(manifest["data"].as_str().expect("manifest text")).expect("JSON");
    assert_eq!(data["start_url"], "./");
    assert_eq!(data["scope"], "./");
    assert_eq!(data["display"], "standalone");
    let icons = data["icons"].as_array().expect("icons");
    for size in ["192x192", "512x512"] {
        assert!(
            icons
                .iter()
                .any(|i| i["sizes"] == size && i["type"] == "image/png"),
            "a {size} PNG icon"
        );
    }
    let installable = b.cdp("Page.getInstallabilityErrors", json!({})).await;
    let problems = installable["installabilityErrors"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(problems.is_empty(), "not installable: {problems:?}");
    // Every icon the manifest names is there.
    for icon in icons {
        let src = icon["src"].as_str().expect("icon src");
        let status = b
            .eval_async(&format!("return (await fetch({src:?})).status;"))
            .await;
        assert_eq!(status, 200, "icon {src}");
    }

    // The Content Security Policy is in force, and the page breaks none of its rules.
    let csp = b
        .eval("return document.querySelector('meta[http-equiv=Content-Security-Policy]').content;")
        .await;
    let csp = csp.as_str().expect("a CSP meta");
    // Written in index.html under a name of its own, put in force by public/crash.js.
    let written = b
        .eval(
            "return document.querySelector('meta[name=camelot-content-security-policy]').content;",
        )
        .await;
    assert_eq!(
        written.as_str(),
        Some(csp),
        "the policy in force is the one index.html writes"
    );
    for rule in [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "connect-src 'self'",
    ] {
        assert!(csp.contains(rule), "CSP lacks {rule}: {csp}");
    }
    let script_src = csp
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("script-src "))
        .expect("a script-src directive");
    for source in script_src.split_whitespace() {
        assert!(
            ![
                "'unsafe-inline'",
                "'unsafe-eval'",
                "*",
                "data:",
                "http:",
                "https:"
            ]
            .contains(&source),
            "CSP lets scripts run inline, from eval or from elsewhere: {script_src}"
        );
    }
    assert!(
        !csp.contains("CAMELOT_"),
        "placeholder left in the CSP: {csp}"
    );
    // A script the policy does not allow is refused, and the refusal is a console error (so every
    // browser test, which fails on console errors, also fails on a CSP violation).
    b.eval(
        "const s = document.createElement('script');
         s.textContent = 'window.__injected = true';
         document.head.appendChild(s);
         return null;",
    )
    .await;
    assert_eq!(b.eval("return window.__injected === true;").await, false);
    let errors = b.console_errors().await;
    assert!(
        errors.iter().any(|e| e.contains("Content Security Policy")),
        "a CSP violation must show as a console error: {errors:?}"
    );
    for url in loaded_urls(&b).await {
        assert!(
            url.starts_with(server.url()),
            "a request outside the app: {url}"
        );
    }
    b.close().await;
}

#[tokio::test]
async fn every_screen_keeps_to_the_content_security_policy() {
    let Some(b) = support::launch().await else {
        return;
    };
    fresh_app(&b, 21).await;
    for (open, shows) in [
        ("[data-testid=home-rules]", "#app.screen-rules"),
        ("[data-testid=home-button]", "#app.screen-home"),
        ("[data-testid=settings]", "#app.screen-settings"),
        ("[data-testid=home-button]", "#app.screen-home"),
        ("[data-testid=saved-games]", "#app.screen-savedgames"),
        ("[data-testid=home-button]", "#app.screen-home"),
        ("[data-testid=new-game]", "#app.screen-newgame"),
        ("[data-testid=home-button]", "#app.screen-home"),
    ] {
        b.click(open).await;
        b.wait_for(shows).await;
        assert_clean_console(&b, open).await;
    }
    // A game with the expert variant and the promos, through quest reveals and curtains.
    let options = Options {
        knights_to_the_rescue: true,
        morgan8: true,
        merlin6: true,
    };
    start_game(&b, &["Ann", "Bob", "Cy", "Di"], options).await;
    play_a_little(&b, 80, 3).await;
    assert_clean_console(&b, "a game").await;
    b.close().await;
}

#[tokio::test]
async fn the_screen_stays_awake_while_the_table_shows() {
    let Some(b) = support::launch().await else {
        return;
    };
    // Watch the page's wake lock requests and releases (set up before the app's own code runs).
    b.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": WAKE_SPY }),
    )
    .await;
    fresh_app(&b, 31).await;
    let held = b
        .eval("return window.__wake ? window.__wake.held : null;")
        .await;
    assert_eq!(held, 0, "no wake lock on the home screen");
    start_game(&b, &["Ann", "Bob"], Options::default()).await;
    wait_until(
        &b,
        "the wake lock is taken at the table",
        "return window.__wake.held === 1;",
    )
    .await;
    // Hidden (another app in front): the browser drops the lock; shown again: taken again.
    b.eval("window.__wake.hide(); return null;").await;
    wait_until(
        &b,
        "the lock dropped while hidden",
        "return window.__wake.held === 0;",
    )
    .await;
    b.eval("window.__wake.show(); return null;").await;
    wait_until(
        &b,
        "the lock taken again",
        "return window.__wake.held === 1;",
    )
    .await;
    // Leaving the table releases it.
    b.click("[data-testid=home-button]").await;
    b.wait_for("[data-testid=new-game]").await;
    wait_until(
        &b,
        "the lock released off the table",
        "return window.__wake.held === 0;",
    )
    .await;
    let requests = b.eval("return window.__wake.requests;").await;
    assert_eq!(requests, 2, "one request per stay at the visible table");
    assert_clean_console(&b, "wake lock").await;
    b.close().await;
}

/// A stand-in for `navigator.wakeLock` that counts the locks held, and can fake the page being
/// hidden and shown again (headless Chromium has no real screen to keep on).
const WAKE_SPY: &str = r#"
(() => {
  const spy = { held: 0, requests: 0, hidden: false, sentinels: [] };
  const release = (s) => { if (!s.released) { s.released = true; spy.held -= 1; } };
  Object.defineProperty(navigator, "wakeLock", { value: {
    request(kind) {
      if (kind !== "screen") return Promise.reject(new TypeError("kind"));
      if (spy.hidden) return Promise.reject(new DOMException("hidden", "NotAllowedError"));
      spy.requests += 1;
      spy.held += 1;
      const s = { released: false, release() { release(this); return Promise.resolve(); } };
      spy.sentinels.push(s);
      return Promise.resolve(s);
    },
  } });
  Object.defineProperty(document, "hidden", { get: () => spy.hidden });
  spy.hide = () => { spy.hidden = true; spy.sentinels.forEach(release);
                     document.dispatchEvent(new Event("visibilitychange", { bubbles: true })); };
  spy.show = () => { spy.hidden = false;
                     document.dispatchEvent(new Event("visibilitychange", { bubbles: true })); };
  window.__wake = spy;
})();
"#;

async fn wait_until(b: &Browser, what: &str, script: &str) {
    let start = Instant::now();
    while b.eval(script).await != true {
        assert!(start.elapsed() < support::TIMEOUT, "timed out: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn the_crash_screen_reload_button_is_allowed_by_the_policy() {
    let Some(b) = support::launch().await else {
        return;
    };
    b.goto("#panic-test").await;
    b.wait_for_text("#panic", "Something went wrong").await;
    // Mark this page; a real reload starts a new one (which crashes again, on purpose).
    b.eval("window.__before_reload = true; return null;").await;
    b.click("#panic button").await;
    wait_until(
        &b,
        "the page reloaded",
        "return window.__before_reload !== true;",
    )
    .await;
    b.wait_for_text("#panic", "Something went wrong").await;
    let errors = b.console_errors().await;
    assert!(
        !errors.iter().any(|e| e.contains("Content Security Policy")),
        "the Reload button broke the CSP: {errors:?}"
    );
    b.close().await;
}
