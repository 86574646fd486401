//! Shared helpers for the browser tests (tests/*.rs; a suite in a folder, tests/<name>/main.rs,
//! includes this file with `#[path = "../support/mod.rs"] mod support;`).
//!
//! [`launch`] serves the release build in `dist/` under [`BASE_PATH`] from a small std-only HTTP
//! server, starts `/usr/bin/chromedriver` on a free port and opens headless Chromium (phone-sized
//! window, fresh profile) through it. The returned [`Browser`] has helpers to navigate, find and
//! click elements, wait for them, read the page, and collect console errors. Helpers panic with a
//! clear message on failure, so tests read as plain steps.
//!
//! Browser tests run one at a time (a process-wide lock), because they share two CPU cores.
//! Chromium and chromedriver are killed when the `Browser` is dropped (even when a test fails).
//!
//! When `dist/index.html` is missing (no Trunk build yet), [`launch`] prints why and returns
//! `None`, so the test can return early; with `CAMELOT_REQUIRE_BROWSER=1` (set by scripts/test)
//! it panics instead.
//!
//! [`setup`] sets up a test's page (a fresh app with what the test starts from); [`review`] is the
//! way to a finished game's review that both games share; [`checks`] are checks of any screen.
//!
//! ```ignore
//! mod support;
//!
//! #[tokio::test]
//! async fn shows_the_title() {
//!     let Some(browser) = support::launch().await else { return };
//!     browser.open_app().await;
//!     assert!(browser.text("#app h1").await.contains("Camelot"));
//!     browser.assert_no_console_errors().await;
//!     browser.close().await;
//! }
//! ```

#![allow(dead_code)] // every test binary uses a different subset of these helpers

pub mod checks;
pub mod coach;
pub mod review;
pub mod setup;

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

/// Sub-path the app is served under, like a real static host would (`dist/` must work there).
pub const BASE_PATH: &str = "/games/camelot/";

/// How long [`Browser::wait_for`] and friends wait before failing.
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// Phone-sized window: the app is mainly used on one phone passed around the table.
pub const WINDOW_SIZE: (u32, u32) = (390, 844);

/// Set to `1` to turn "no build / no browser, skipping" into a test failure (scripts/test does).
pub const REQUIRE_ENV: &str = "CAMELOT_REQUIRE_BROWSER";

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// The build under test: `dist/` of the root crate (the output of `trunk build --release`), or
/// the directory named by the `CAMELOT_DIST` environment variable.
pub fn dist_dir() -> PathBuf {
    match std::env::var_os("CAMELOT_DIST") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("dist"),
    }
}

/// The file in `dir` (a build like dist/) of a screen's chunk of the split wasm
/// (`split_<screen>-<hash>.wasm`, `screen` a split function of src/app.rs), or `None` when the
/// build is not split (a debug build: every screen is in the one wasm).
pub fn chunk_of(dir: &Path, screen: &str) -> Option<String> {
    let prefix = format!("split_{screen}-");
    std::fs::read_dir(dir)
        .expect("read the build's folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .find(|name| name.starts_with(&prefix) && name.ends_with(".wasm"))
}

/// Starts a browser session on the release build, or returns `None` (after printing why) when
/// there is no build or no browser and [`REQUIRE_ENV`] is not set.
pub async fn launch() -> Option<Browser> {
    let index = dist_dir().join("index.html");
    if !index.is_file() {
        skip_or_fail(&format!(
            "{} does not exist: build the app first (scripts/test does)",
            index.display()
        ));
        return None;
    }
    for tool in [CHROMEDRIVER, CHROMIUM] {
        if !Path::new(tool).exists() {
            skip_or_fail(&format!("{tool} is missing: run scripts/setup --browser"));
            return None;
        }
    }
    Some(Browser::start().await)
}

fn skip_or_fail(reason: &str) {
    if std::env::var(REQUIRE_ENV).is_ok_and(|v| v == "1") {
        panic!("browser test cannot run: {reason} ({REQUIRE_ENV}=1)");
    }
    eprintln!("SKIPPING browser test: {reason}");
}

/// One headless Chromium session (with its own chromedriver) looking at the app.
pub struct Browser {
    client: Option<Client>,
    base_url: String,
    chromedriver: Child,
    profile_dir: PathBuf,
    console: Mutex<Vec<LogEntry>>,
    _one_at_a_time: MutexGuard<'static, ()>,
    /// Clicks so far: a player's taps.
    taps: std::sync::atomic::AtomicU32,
}

/// One browser console message, as chromedriver reports it.
#[derive(Clone, Debug)]
pub struct LogEntry {
    /// `SEVERE` (errors, failed loads, uncaught exceptions), `WARNING`, `INFO`, `DEBUG`.
    pub level: String,
    pub message: String,
}

/// Where screenshots for people to look at go: `CAMELOT_SCREENSHOTS=/some/dir` (made if missing);
/// `None` without it.
pub fn screenshot_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("CAMELOT_SCREENSHOTS")?);
    std::fs::create_dir_all(&dir).expect("screenshot dir");
    Some(dir)
}

/// A browser for a test that only writes screenshots for people to look at, with the folder they
/// go to ([`screenshot_dir`]); `None` when no folder is asked for (or no browser, as [`launch`]).
pub async fn launch_for_screenshots() -> Option<(Browser, PathBuf)> {
    let dir = screenshot_dir()?;
    Some((launch().await?, dir))
}

impl Browser {
    /// Writes the page as it shows to `dir/name.png`.
    pub async fn screenshot_to(&self, dir: &Path, name: &str) {
        let png = self.client().screenshot().await.expect("screenshot");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("write screenshot");
    }

    async fn start() -> Browser {
        static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
        let guard = ONE_AT_A_TIME
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());

        let base_url = static_server_url().to_owned();
        let profile_dir = unique_temp_dir("camelot-chromium");
        let port = free_port();
        let log = fs::File::create(profile_dir.join("chromedriver.log"))
            .expect("create chromedriver log file");
        let mut chromedriver = {
            use std::os::unix::process::CommandExt;
            Command::new(CHROMEDRIVER)
                .arg(format!("--port={port}"))
                .stdin(Stdio::null())
                .stdout(log.try_clone().expect("clone log file handle"))
                .stderr(log)
                // Own process group, so that Drop can kill chromedriver *and* the Chromium
                // processes it starts, without touching anyone else's.
                .process_group(0)
                .spawn()
                .unwrap_or_else(|e| panic!("cannot start {CHROMEDRIVER}: {e}"))
        };
        wait_for_port(port, &mut chromedriver);

        let profile = profile_dir.join("profile");
        let (width, height) = WINDOW_SIZE;
        let capabilities = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": [
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--no-first-run",
                    "--disable-dev-shm-usage",
                    format!("--user-data-dir={}", profile.display()),
                    format!("--window-size={width},{height}"),
                ],
            },
            "goog:loggingPrefs": { "browser": "ALL" },
        });
        let Value::Object(capabilities) = capabilities else {
            unreachable!()
        };
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let mut browser = Browser {
            client: None,
            base_url,
            chromedriver,
            profile_dir,
            console: Mutex::new(Vec::new()),
            _one_at_a_time: guard,
            taps: std::sync::atomic::AtomicU32::new(0),
        };
        let client = ClientBuilder::new(connector)
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .unwrap_or_else(|e| {
                panic!(
                    "cannot start a Chromium session via chromedriver: {e}{}",
                    browser.driver_log()
                )
            });
        browser.client = Some(client);
        browser
    }

    /// The underlying fantoccini client, for anything the helpers below don't cover.
    pub fn client(&self) -> &Client {
        self.client.as_ref().expect("browser already closed")
    }

    /// Absolute URL of `path` inside the app, e.g. `url("")` is the app's index page and
    /// `url("#panic-test")` adds a fragment.
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base_url, path.trim_start_matches('/'))
    }

    /// Navigates to `path` inside the app (see [`Browser::url`]).
    pub async fn goto(&self, path: &str) {
        let url = self.url(path);
        self.client()
            .goto(&url)
            .await
            .unwrap_or_else(|e| panic!("cannot open {url}: {e}"));
    }

    /// Opens the app's start page and waits until it has mounted (`#app` is present).
    pub async fn open_app(&self) {
        self.goto("").await;
        self.wait_for("#app").await;
    }

    /// Opens the app in a second tab of the same browser (the same storage, as a phone restoring
    /// an old tab) and shows it; the two tabs' handles, this one's first, for `show_tab`.
    pub async fn open_second_tab(
        &self,
    ) -> (fantoccini::wd::WindowHandle, fantoccini::wd::WindowHandle) {
        let client = self.client();
        let first = client.window().await.expect("this tab");
        let second = client.new_window(true).await.expect("a second tab").handle;
        self.show_tab(&second).await;
        self.open_app().await;
        (first, second)
    }

    /// Shows the tab `tab` (the page the helpers read and tap).
    pub async fn show_tab(&self, tab: &fantoccini::wd::WindowHandle) {
        self.client()
            .switch_to_window(tab.clone())
            .await
            .expect("switch to the tab");
    }

    /// Reloads the current page (localStorage survives, as on a phone).
    pub async fn reload(&self) {
        self.client().refresh().await.expect("reload the page");
    }

    /// Waits (up to [`TIMEOUT`]) until an element matches the CSS `selector`, and returns it.
    pub async fn wait_for(&self, selector: &str) -> Element {
        match self
            .client()
            .wait()
            .at_most(TIMEOUT)
            .for_element(Locator::Css(selector))
            .await
        {
            Ok(element) => element,
            Err(e) => panic!(
                "timed out after {TIMEOUT:?} waiting for `{selector}`: {e}\n--- console ---\n{}\n--- page ---\n{}",
                self.console_text().await,
                self.html().await
            ),
        }
    }

    /// Waits (up to [`TIMEOUT`]) until no element matches the CSS `selector`.
    pub async fn wait_until_gone(&self, selector: &str) {
        let start = Instant::now();
        while self.exists(selector).await {
            if start.elapsed() > TIMEOUT {
                panic!(
                    "`{selector}` still present after {TIMEOUT:?}\n{}",
                    self.html().await
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits (up to [`TIMEOUT`]) until the text of the element matching `selector` contains
    /// `expected`, and returns that text.
    pub async fn wait_for_text(&self, selector: &str, expected: &str) -> String {
        let start = Instant::now();
        loop {
            if let Some(text) = self.try_text(selector).await
                && text.contains(expected)
            {
                return text;
            }
            if start.elapsed() > TIMEOUT {
                panic!(
                    "`{selector}` never contained {expected:?} (now: {:?})\n{}",
                    self.try_text(selector).await,
                    self.html().await
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Whether an element matches the CSS `selector` right now (no waiting).
    pub async fn exists(&self, selector: &str) -> bool {
        self.count(selector).await > 0
    }

    /// How many elements match the CSS `selector` right now (no waiting).
    pub async fn count(&self, selector: &str) -> usize {
        self.client()
            .find_all(Locator::Css(selector))
            .await
            .unwrap_or_else(|e| panic!("find `{selector}`: {e}"))
            .len()
    }

    /// Waits for the element matching `selector`, then clicks it. One not wholly on the screen, or
    /// covered (by a button docked at the bottom: New game's "Start the game"), is first scrolled
    /// to the middle of the screen, as a player would scroll to it; the browser's own scrolling
    /// would leave it at the bottom edge, under the dock.
    ///
    /// A screen that draws itself again between finding the element and clicking it (a lazily
    /// loaded screen replacing its placeholder) leaves a stale element that was never clicked; it
    /// is found again and clicked, a few times at most.
    pub async fn click(&self, selector: &str) {
        self.taps.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        for attempt in 1.. {
            match self.try_click(selector).await {
                Ok(()) => return,
                Err(e) if attempt < 5 && e.is_stale_element_reference() => continue,
                Err(e) => panic!("cannot click `{selector}`: {e}"),
            }
        }
    }

    async fn try_click(&self, selector: &str) -> Result<(), fantoccini::error::CmdError> {
        let element = self.wait_for(selector).await;
        if let Ok(arg) = serde_json::to_value(&element) {
            let _ = self
                .client()
                .execute(
                    "const e = arguments[0], r = e.getBoundingClientRect();
                     const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                     if (r.top < 0 || r.bottom > window.innerHeight || !top || !(top === e || e.contains(top))) {
                         e.scrollIntoView({block: 'center', inline: 'nearest'});
                     }",
                    vec![arg],
                )
                .await;
        }
        element.click().await
    }

    /// How many clicks (a player's taps) this browser has made so far.
    pub fn taps(&self) -> u32 {
        self.taps.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Waits for the input matching `selector`, clears it and types `text` into it.
    pub async fn type_into(&self, selector: &str, text: &str) {
        let element = self.wait_for(selector).await;
        element
            .clear()
            .await
            .unwrap_or_else(|e| panic!("clear `{selector}`: {e}"));
        element
            .send_keys(text)
            .await
            .unwrap_or_else(|e| panic!("type into `{selector}`: {e}"));
    }

    /// Waits for the `<select>` matching `selector` and chooses its option `value`, as a person
    /// picking from the list does (the page hears a `change`).
    pub async fn choose(&self, selector: &str, value: &str) {
        self.wait_for(selector).await;
        let sel = serde_json::to_string(selector).unwrap();
        let val = serde_json::to_string(value).unwrap();
        let found = self
            .eval(&format!(
                "const s = document.querySelector({sel});
                 if (![...s.options].some(o => o.value === {val})) return false;
                 s.value = {val}; s.dispatchEvent(new Event('change', {{ bubbles: true }}));
                 return true;"
            ))
            .await;
        assert_eq!(
            found,
            Value::Bool(true),
            "`{selector}` has no option {value:?}"
        );
    }

    /// Waits for the element matching `selector` and returns its visible text (once any fade-in
    /// of it has finished, see [`Browser::settled`]).
    pub async fn text(&self, selector: &str) -> String {
        let element = self.wait_for(selector).await;
        self.settled(&element).await;
        element
            .text()
            .await
            .unwrap_or_else(|e| panic!("read text of `{selector}`: {e}"))
    }

    /// Waits until the CSS animations of `element`, of what it holds and of the elements around it
    /// have finished (those that ever end). WebDriver's visible text leaves out an element whose
    /// opacity is 0, as it is at the start of a fade-in: read then, the swords a quest placed
    /// were "" on a busy machine.
    async fn settled(&self, element: &Element) {
        let script = "const [el, done] = arguments;
            const running = el.getAnimations({ subtree: true });
            for (let p = el.parentElement; p; p = p.parentElement) running.push(...p.getAnimations());
            Promise.all(running
                .filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
                .map(a => a.finished.catch(() => null)))
              .then(() => done(null), () => done(null));";
        let arg = serde_json::to_value(element).expect("an element as a script argument");
        // An element gone meanwhile has nothing to wait for; reading its text says so.
        let _ = self.client().execute_async(script, vec![arg]).await;
    }

    /// Visible texts of all elements matching `selector` now (no waiting for them to appear; each
    /// read once its fade-in has finished, as in [`Browser::text`]).
    pub async fn texts(&self, selector: &str) -> Vec<String> {
        let mut texts = Vec::new();
        for element in self
            .client()
            .find_all(Locator::Css(selector))
            .await
            .unwrap_or_else(|e| panic!("find `{selector}`: {e}"))
        {
            self.settled(&element).await;
            texts.push(element.text().await.unwrap_or_default());
        }
        texts
    }

    /// Waits for the element matching `selector` and returns the value of its `attribute`.
    pub async fn attr(&self, selector: &str, attribute: &str) -> Option<String> {
        let element = self.wait_for(selector).await;
        element
            .attr(attribute)
            .await
            .unwrap_or_else(|e| panic!("read `{attribute}` of `{selector}`: {e}"))
    }

    async fn try_text(&self, selector: &str) -> Option<String> {
        let element = self.client().find(Locator::Css(selector)).await.ok()?;
        element.text().await.ok()
    }

    /// The current DOM as HTML (`document.documentElement.outerHTML`).
    pub async fn html(&self) -> String {
        match self
            .client()
            .execute("return document.documentElement.outerHTML;", vec![])
            .await
        {
            Ok(Value::String(html)) => html,
            Ok(other) => other.to_string(),
            Err(e) => format!("<could not read the page: {e}>"),
        }
    }

    /// Runs JavaScript in the page (`return ...;` to get a value back).
    pub async fn eval(&self, script: &str) -> Value {
        self.client()
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// The autosave of the game being played, as the app stores it (JSON); `None` when no game
    /// is being played.
    pub async fn current_save(&self) -> Option<Value> {
        let text = self
            .eval(
                "const id = localStorage.getItem('camelot/v1/current');
                 return id && localStorage.getItem('camelot/v1/game/' + JSON.parse(id));",
            )
            .await;
        Some(serde_json::from_str(text.as_str()?).expect("the autosave is JSON"))
    }

    /// Clears the app's saved state (localStorage) for this origin.
    pub async fn clear_storage(&self) {
        self.eval("window.localStorage.clear(); return null;").await;
    }

    /// Every console message since the session started (chromedriver hands each one out once;
    /// this keeps them all).
    pub async fn console_log(&self) -> Vec<LogEntry> {
        let fresh = match self.client().issue_cmd(SessionPost::browser_log()).await {
            Ok(Value::Array(entries)) => entries,
            Ok(other) => panic!("unexpected browser log reply: {other}"),
            Err(e) => panic!("cannot read the browser console log: {e}"),
        };
        let mut console = self.console.lock().unwrap_or_else(|p| p.into_inner());
        console.extend(fresh.iter().map(|entry| LogEntry {
            level: entry["level"].as_str().unwrap_or("?").to_owned(),
            message: entry["message"].as_str().unwrap_or("").to_owned(),
        }));
        console.clone()
    }

    /// Opens Settings from the header.
    pub async fn open_settings(&self) {
        self.click("[data-testid=settings]").await;
        self.wait_for("[data-testid=settings-screen]").await;
    }

    /// The toggle button `selector` shows as pressed (`aria-pressed="true"`).
    pub async fn assert_pressed(&self, selector: &str) {
        assert_eq!(
            self.attr(selector, "aria-pressed").await.as_deref(),
            Some("true"),
            "{selector} is not pressed"
        );
    }

    /// A whole game played through the page goes on: the app has not crashed (its panic screen
    /// would show, said here with the console's errors) and the game started at `start` has not
    /// run past `limit`.
    pub async fn assert_still_playing(&self, start: Instant, limit: Duration) {
        assert!(start.elapsed() < limit, "the game did not end");
        if self.exists("#panic").await {
            panic!(
                "the app crashed: {}\n{:?}",
                self.text("#panic").await,
                self.console_errors().await
            );
        }
    }

    /// Console errors so far: `console.error`, uncaught exceptions, resources that failed to load.
    pub async fn console_errors(&self) -> Vec<String> {
        self.console_log()
            .await
            .into_iter()
            .filter(|entry| entry.level == "SEVERE")
            .map(|entry| entry.message)
            .collect()
    }

    /// Fails the test if there has been any console error.
    pub async fn assert_no_console_errors(&self) {
        let errors = self.console_errors().await;
        assert!(errors.is_empty(), "console errors:\n{}", errors.join("\n"));
    }

    async fn console_text(&self) -> String {
        match self.client().issue_cmd(SessionPost::browser_log()).await {
            Ok(Value::Array(fresh)) => {
                let mut console = self.console.lock().unwrap_or_else(|p| p.into_inner());
                console.extend(fresh.iter().map(|entry| LogEntry {
                    level: entry["level"].as_str().unwrap_or("?").to_owned(),
                    message: entry["message"].as_str().unwrap_or("").to_owned(),
                }));
                console
                    .iter()
                    .map(|entry| format!("{}: {}", entry.level, entry.message))
                    .collect::<Vec<_>>()
                    .join("\n")
            }
            _ => "<console log unavailable>".to_owned(),
        }
    }

    /// Ends the session cleanly (Chromium quits), then stops chromedriver.
    pub async fn close(mut self) {
        if let Some(client) = self.client.take() {
            let _ = client.close().await;
        }
        // Drop kills whatever is left and removes the profile.
    }

    fn driver_log(&self) -> String {
        let log = fs::read_to_string(self.profile_dir.join("chromedriver.log")).unwrap_or_default();
        format!("\n--- chromedriver log ---\n{log}")
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Kill chromedriver's whole process group (chromedriver + Chromium and its helpers).
        let group = format!("-{}", self.chromedriver.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status();
        let _ = self.chromedriver.kill();
        let _ = self.chromedriver.wait();
        let _ = fs::remove_dir_all(&self.profile_dir);
    }
}

/// A POST of `body` to chromedriver's endpoint `path` below the session: `se/log` (non-W3C) for the
/// browser console log, `goog/cdp/execute` for raw DevTools commands.
#[derive(Debug)]
struct SessionPost {
    path: &'static str,
    body: String,
}

impl SessionPost {
    fn browser_log() -> SessionPost {
        SessionPost {
            path: "se/log",
            body: r#"{"type":"browser"}"#.to_owned(),
        }
    }
}

impl WebDriverCompatibleCommand for SessionPost {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        let session = session_id.unwrap_or_default();
        base_url.join(&format!("session/{session}/{}", self.path))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.clone()))
    }
}

fn unique_temp_dir(prefix: &str) -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let dir = std::env::temp_dir().join(format!(
        "{prefix}-{}-{}-{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
    dir
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("find a free port")
        .port()
}

fn wait_for_port(port: u16, process: &mut Child) {
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if let Ok(Some(status)) = process.try_wait() {
            panic!("chromedriver exited at start-up ({status})");
        }
        if start.elapsed() > TIMEOUT {
            panic!("chromedriver did not open port {port} within {TIMEOUT:?}");
        }
        thread::sleep(Duration::from_millis(25));
    }
}

// ---------------------------------------------------------------------------------------------
// Static file server: dist/ under BASE_PATH, one thread per connection, std only.

/// Base URL (ending in [`BASE_PATH`]) of the process-wide static server for `dist/`.
pub fn static_server_url() -> &'static str {
    static URL: OnceLock<String> = OnceLock::new();
    URL.get_or_init(|| {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the static file server");
        let port = listener.local_addr().expect("server address").port();
        let root = dist_dir();
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let root = root.clone();
                thread::spawn(move || {
                    let _ = serve_one(stream, &root);
                });
            }
        });
        format!("http://127.0.0.1:{port}{BASE_PATH}")
    })
}

fn serve_one(mut stream: TcpStream, root: &Path) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 || header == "\r\n" || header == "\n" {
            break;
        }
    }
    let mut parts = request_line.split_whitespace();
    let method = parts.next().unwrap_or("");
    let target = parts.next().unwrap_or("/");
    let path = target.split(['?', '#']).next().unwrap_or("/");

    let (status, content_type, body, location) = if method != "GET" && method != "HEAD" {
        (
            "405 Method Not Allowed",
            "text/plain",
            b"method not allowed".to_vec(),
            None,
        )
    } else if path == BASE_PATH.trim_end_matches('/') {
        (
            "301 Moved Permanently",
            "text/plain",
            Vec::new(),
            Some(BASE_PATH),
        )
    } else if let Some(file) = path
        .strip_prefix(BASE_PATH)
        .and_then(|rel| resolve(root, rel))
    {
        match fs::read(&file) {
            Ok(bytes) => ("200 OK", mime_type(&file), bytes, None),
            Err(_) => ("404 Not Found", "text/plain", b"not found".to_vec(), None),
        }
    } else {
        ("404 Not Found", "text/plain", b"not found".to_vec(), None)
    };

    let mut head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n",
        body.len()
    );
    if let Some(location) = location {
        head.push_str(&format!("Location: {location}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    if method != "HEAD" {
        stream.write_all(&body)?;
    }
    stream.flush()
}

/// Maps a request path below BASE_PATH to a file in `root` (`index.html` for directories);
/// `None` for anything that would leave `root`.
fn resolve(root: &Path, relative: &str) -> Option<PathBuf> {
    let relative = Path::new(relative);
    if !relative
        .components()
        .all(|component| matches!(component, Component::Normal(_)))
    {
        return None;
    }
    let path = root.join(relative);
    Some(if path.is_dir() {
        path.join("index.html")
    } else {
        path
    })
}

fn mime_type(path: &Path) -> &'static str {
    match path.extension().and_then(|ext| ext.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "txt" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

// ---------------------------------------------------------------------------------------------
// Offline, update and budget tests (tests/browser_offline.rs, tests/budget.rs).

/// A static server of its own for one test: serves a directory under [`BASE_PATH`] like the
/// shared one, but the test can swap the directory (a new release) or take the server down
/// (every connection is closed unanswered, as when the network is gone).
pub struct Server {
    url: String,
    state: std::sync::Arc<Mutex<ServerState>>,
}

struct ServerState {
    root: PathBuf,
    down: bool,
}

impl Server {
    /// Starts serving `root` on a free local port.
    pub fn start(root: PathBuf) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a static file server");
        let port = listener.local_addr().expect("server address").port();
        let state = std::sync::Arc::new(Mutex::new(ServerState { root, down: false }));
        let shared = state.clone();
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (root, down) = {
                    let s = shared.lock().unwrap_or_else(|p| p.into_inner());
                    (s.root.clone(), s.down)
                };
                if down {
                    drop(stream); // no answer at all: a network error for the browser
                    continue;
                }
                thread::spawn(move || {
                    let _ = serve_one(stream, &root);
                });
            }
        });
        Server {
            url: format!("http://127.0.0.1:{port}{BASE_PATH}"),
            state,
        }
    }

    /// Base URL, ending in [`BASE_PATH`].
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Serves another directory from now on (a new release on the host).
    pub fn set_root(&self, root: PathBuf) {
        self.state.lock().unwrap_or_else(|p| p.into_inner()).root = root;
    }

    /// Takes the server down (`true`: every request fails) or brings it back.
    pub fn set_down(&self, down: bool) {
        self.state.lock().unwrap_or_else(|p| p.into_inner()).down = down;
    }
}

impl Browser {
    /// Points [`Browser::goto`], [`Browser::open_app`] … at another server (e.g. a [`Server`]).
    pub fn set_base_url(&mut self, base_url: &str) {
        self.base_url = base_url.to_owned();
    }

    /// Sends a Chrome DevTools Protocol command through chromedriver and returns its result,
    /// e.g. `cdp("Emulation.setCPUThrottlingRate", json!({"rate": 4}))`.
    pub async fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.client()
            .issue_cmd(SessionPost {
                path: "goog/cdp/execute",
                body: json!({ "cmd": cmd, "params": params }).to_string(),
            })
            .await
            .unwrap_or_else(|e| panic!("CDP {cmd} failed: {e}"))
    }

    /// Runs asynchronous JavaScript: the script's body may `await`; its `return` value comes back.
    pub async fn eval_async(&self, script: &str) -> Value {
        let wrapped = format!(
            "const done = arguments[arguments.length - 1];
             (async () => {{ {script} }})().then(done, e => done({{ error: String(e) }}));"
        );
        self.client()
            .execute_async(&wrapped, vec![])
            .await
            .unwrap_or_else(|e| panic!("async script failed: {e}\n{script}"))
    }
}
