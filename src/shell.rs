//! What the app's games share on screen, and nothing of any one game: the screens and the way
//! between them, the live region a screen reader hears, a save's failure, and which saved game is
//! to be opened. A game's own state (the Card Game's `card::Ctx`) is made the first time one of
//! its screens shows, in that screen's chunk, so Home and the first load carry none of it.

use crate::games::front;
use crate::storage::GameKind;
use leptos::prelude::*;

/// The app's screens: the shell's own, and each game's (which game they are of).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    NewGame(GameKind),
    Table(GameKind),
    Log(GameKind),
    /// Looking back at a finished game ([`Shell::reviewing`]).
    Review(GameKind),
    SavedGames,
    Rules,
    Settings,
}

impl Screen {
    /// The class of `<main>` while this screen shows (the styles and the tests go by it; a game's
    /// screens have theirs in its entry).
    pub fn class(self) -> &'static str {
        match self {
            Screen::Home => "screen-home",
            Screen::NewGame(kind) => front(kind).screens.new_game.class,
            Screen::Table(kind) => front(kind).screens.table.class,
            Screen::Log(kind) => front(kind).screens.log.class,
            Screen::Review(kind) => front(kind).screens.review.class,
            Screen::SavedGames => "screen-savedgames",
            Screen::Rules => "screen-rules",
            Screen::Settings => "screen-settings",
        }
    }

    /// The game this screen is of, if it is one of a game's.
    pub fn game(self) -> Option<GameKind> {
        match self {
            Screen::NewGame(kind)
            | Screen::Table(kind)
            | Screen::Log(kind)
            | Screen::Review(kind) => Some(kind),
            Screen::Home | Screen::SavedGames | Screen::Rules | Screen::Settings => None,
        }
    }
}

/// The shell's state, provided as context by the app's root.
#[derive(Clone, Copy)]
pub struct Shell {
    pub screen: RwSignal<Screen>,
    /// Where Rules goes back to.
    pub back_to: RwSignal<Screen>,
    /// Said once by a screen reader (the last move): put in afresh each time.
    pub said: RwSignal<Option<String>>,
    /// The last save failed (play goes on): why, in plain words.
    pub save_error: RwSignal<Option<String>>,
    /// A message shown on Home: a saved game that could not be opened, and why.
    pub notice: RwSignal<Option<String>>,
    /// A class the open game gives the whole page while its table shows (the Card Game's silence).
    pub table_class: RwSignal<Option<&'static str>>,
    /// A game is open (it was saved with its last move).
    pub game_open: RwSignal<bool>,
    /// The saved game to open once its screens have loaded (Continue, or a reload mid-game).
    pub opening: RwSignal<Option<String>>,
    /// The root's owner: a game's state is made under it, so it lives as long as the app.
    pub owner: StoredValue<Owner>,
    /// The open game went on in another tab or window and was opened again as it stands there.
    pub followed: RwSignal<bool>,
    /// Bumped to show the current screen afresh (settings changed in another tab).
    pub refresh: RwSignal<u32>,
    /// Where the Rules button opens a game's rules from one of its screens: that screen, and the
    /// id of the part of the rules about what it shows (a section's or a sub-heading's).
    pub rules_at: RwSignal<Option<(Screen, &'static str)>>,
    /// The saved game the review shows, and the screen it goes back to.
    pub reviewing: RwSignal<Option<(String, Screen)>>,
}

impl Shell {
    pub fn new() -> Shell {
        Shell {
            screen: RwSignal::new(Screen::Home),
            back_to: RwSignal::new(Screen::Home),
            said: RwSignal::new(None),
            save_error: RwSignal::new(None),
            notice: RwSignal::new(None),
            table_class: RwSignal::new(None),
            game_open: RwSignal::new(false),
            opening: RwSignal::new(None),
            owner: StoredValue::new(Owner::current().unwrap_or_default()),
            followed: RwSignal::new(false),
            refresh: RwSignal::new(0),
            rules_at: RwSignal::new(None),
            reviewing: RwSignal::new(None),
        }
    }

    /// Show `screen`, from its top.
    pub fn go(&self, screen: Screen) {
        self.notice.set(None);
        self.followed.set(false);
        self.screen.set(screen);
        scroll_top();
    }

    /// Open the saved game `id` at its game's table. The table's screens (and the rules that
    /// replay the game) come in their own chunk; the game opens when it has loaded. One that
    /// cannot be read sends Home, which says why.
    pub fn open_saved(&self, id: String) {
        match crate::storage::kind_of(&id) {
            Ok(kind) => {
                self.opening.set(Some(id));
                self.go(Screen::Table(kind));
            }
            Err(problem) => {
                crate::storage::clear_current();
                self.could_not_open(problem.to_string());
            }
        }
    }

    /// Look back at the saved game `id` (its game's review refuses one still being played), then
    /// come back here.
    pub fn review_saved(&self, id: String) {
        let here = self.screen.get_untracked();
        match crate::storage::kind_of(&id) {
            Ok(kind) => {
                self.reviewing.set(Some((id, here)));
                self.go(Screen::Review(kind));
            }
            Err(problem) => self.could_not_open(problem.to_string()),
        }
    }

    /// Leave the review for the screen it was opened from.
    pub fn leave_review(&self) {
        let back = self
            .reviewing
            .get_untracked()
            .map_or(Screen::Home, |(_, back)| back);
        self.go(back);
    }

    /// A saved game could not be opened: back to Home, which says why.
    pub fn could_not_open(&self, problem: String) {
        let shell = *self;
        // Not while the table's screen is being built: on the next turn of the event loop.
        request_animation_frame(move || {
            shell.go(Screen::Home);
            shell.notice.set(Some(problem));
        });
    }
}

pub fn use_shell() -> Shell {
    expect_context::<Shell>()
}

/// The sessionStorage mark that this tab was reloaded to follow its game elsewhere.
const FOLLOWED_KEY: &str = "camelot/followed";

impl Shell {
    /// Another tab or window of the app changed `key` in the storage to `text` (the browser
    /// tells every other tab; `None`: cleared, removed). The game open here, if that one went on
    /// there, is opened again as it stands there (nothing older is ever written over it);
    /// settings changed there show here too.
    pub fn storage_changed(&self, key: Option<String>, text: Option<String>) {
        let Some(key) = key else { return };
        if crate::storage::moved_on_elsewhere(&key, text.as_deref()) {
            follow_elsewhere();
        } else if crate::storage::is_settings_key(&key)
            && self.screen.get_untracked() == Screen::Settings
        {
            self.refresh.update(|n| *n += 1);
        }
    }

    /// At start: whether this page was reloaded to follow its game elsewhere (said once).
    pub fn take_followed(&self) {
        let Some(session) = web_sys::window().and_then(|w| w.session_storage().ok().flatten())
        else {
            return;
        };
        if let Ok(Some(_)) = session.get_item(FOLLOWED_KEY) {
            let _ = session.remove_item(FOLLOWED_KEY);
            self.followed.set(true);
        }
    }
}

/// The open game went on in another tab or window: reload this page, which opens it again as it
/// stands there (and says so).
pub fn follow_elsewhere() {
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Ok(Some(session)) = window.session_storage() {
        let _ = session.set_item(FOLLOWED_KEY, "1");
    }
    let _ = window.location().reload();
}

/// A game's state on screen, made the first time one of its screens asks (`make`), under the
/// app's root owner so that it lives as long as the app, and kept in `slot` (a game's own
/// thread-local) for every later call.
pub fn game_state<T: Copy + 'static>(
    slot: &'static std::thread::LocalKey<std::cell::Cell<Option<T>>>,
    make: impl FnOnce(Shell) -> T,
) -> T {
    if let Some(state) = slot.get() {
        return state;
    }
    let shell = use_shell();
    let state = shell.owner.with_value(|owner| owner.with(|| make(shell)));
    slot.set(Some(state));
    state
}

/// Before a tap changes what shows, the control tapped lets go of the keyboard focus: the browser,
/// removing the element that has the focus, works the whole page's style and layout out there and
/// then (15 to 25 ms of a slow phone's tap, measured in the board game; a few microseconds once
/// the control has let go). The focus falls back to the page, and [`refocus`] puts it at the start
/// of what shows next, as when the control went away with the focus in it.
pub fn let_go_of_focus() {
    use leptos::wasm_bindgen::JsCast;
    if let Some(active) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = active.blur();
    }
}

/// After a game's table changed under the keyboard focus (the control just used is gone, so the
/// focus fell back to the page itself), put the focus at the start of what shows now inside
/// `screen` (a CSS selector of the table's screen): the place marked `data-focus-start` (the
/// actions) or else its first heading (the curtain's name, a private screen, a quest's end, the
/// end). Tab then goes on from there instead of from the top bar, and a screen reader reads the
/// new screen. Never moves a focus the player has put somewhere, and never scrolls.
pub fn refocus(screen: &'static str) {
    request_animation_frame(move || {
        use leptos::wasm_bindgen::JsCast;
        let Some(window) = web_sys::window() else {
            return;
        };
        let Some(doc) = window.document() else {
            return;
        };
        let lost = match (doc.active_element(), doc.body()) {
            (None, _) => true,
            (Some(active), Some(body)) => {
                let body: &web_sys::Element = body.as_ref();
                active == *body
            }
            (Some(_), None) => false,
        };
        if !lost {
            return;
        }
        let Some(target) = doc
            .query_selector(&format!("{screen} [data-focus-start], {screen} h2"))
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        else {
            return;
        };
        if !target.has_attribute("tabindex") {
            let _ = target.set_attribute("tabindex", "-1");
        }
        let (x, y) = (
            window.scroll_x().unwrap_or(0.0),
            window.scroll_y().unwrap_or(0.0),
        );
        let _ = target.focus();
        window.scroll_to_with_x_and_y(x, y);
    });
}

pub fn scroll_top() {
    if let Some(w) = web_sys::window() {
        w.scroll_to_with_x_and_y(0.0, 0.0);
    }
}

/// Milliseconds since the epoch (Date.now()).
pub fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0.0, |d| d.as_millis() as f64)
    }
}

/// A random 64-bit number from the platform's secure generator.
pub fn random_u64() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        getrandom::u64().unwrap_or_else(|_| (web_sys::js_sys::Math::random() * 9.0e15) as u64)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        now_ms() as u64 ^ 0x9e37_79b9_7f4a_7c15
    }
}

/// Test hook (documented in the README): `#test-seed=N` in the address fixes the seed of new games.
pub fn test_seed() -> Option<u64> {
    let hash = web_sys::window()?.location().hash().ok()?;
    parse_test_seed(&hash)
}

pub fn parse_test_seed(hash: &str) -> Option<u64> {
    hash.trim_start_matches('#')
        .split('&')
        .find_map(|part| part.strip_prefix("test-seed="))
        .and_then(|n| n.parse().ok())
}

/// The player's system asks for less motion (or the app's setting does).
pub fn reduced_motion() -> bool {
    if crate::storage::load_settings().always_reduce_motion {
        return true;
    }
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

thread_local! {
    /// Home's "Learn … with a coach" was tapped: the coached game of this kind starts once its New
    /// game screen has loaded. (A plain cell, not a signal: nothing watches it, and a signal of
    /// one more type costs the first load.)
    static COACH: std::cell::Cell<Option<GameKind>> = const { std::cell::Cell::new(None) };
}

/// Home asks for a coached game of `kind` (or, `None`, for an ordinary New game).
pub fn ask_coach(kind: Option<GameKind>) {
    COACH.set(kind);
}

/// Whether Home asked for a coached game of `kind`; the request is taken.
pub fn coach_asked(kind: GameKind) -> bool {
    let asked = COACH.get() == Some(kind);
    if asked {
        COACH.set(None);
    }
    asked
}

thread_local! {
    /// The page's own classes ([`page_class`]), once per thing that asks for each.
    static PAGE_CLASSES: std::cell::RefCell<Vec<&'static str>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Gives the whole page (`<html>`) the class `class`, or takes back one such request: for the
/// styles that follow something shown anywhere in the page (a button docked at the bottom, the
/// Card Game's silence, a stylesheet on its way). A rule like `html:has(.start-dock)` would do the
/// same, but has the browser look through the whole page again after every change anywhere in
/// it: measured on a slow phone, a third of the page's long tasks while the board game's computer
/// knights move (docs/measurements.md).
pub fn page_class(class: &'static str, on: bool) {
    let classes = PAGE_CLASSES.with_borrow_mut(|all| {
        if on {
            all.push(class);
        } else if let Some(i) = all.iter().position(|c| *c == class) {
            all.remove(i);
        }
        let mut shown: Vec<&str> = all.clone();
        shown.sort_unstable();
        shown.dedup();
        shown.join(" ")
    });
    if let Some(html) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = html.set_attribute("class", &classes);
    }
}

/// Gives the whole page the class `class` while the component calling it shows ([`page_class`]).
pub fn page_class_while_shown(class: &'static str) {
    page_class(class, true);
    on_cleanup(move || page_class(class, false));
}

/// Links the stylesheet `href` into the page once, marked with the attribute `marker`
/// (`data-board-css`): the styles of screens that are not in the first load come with them.
pub fn link_stylesheet(href: &str, marker: &str) {
    use wasm_bindgen::JsCast;
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Ok(Some(_)) = doc.query_selector(&format!("link[{marker}]")) {
        return;
    }
    let (Ok(link), Ok(Some(head))) = (doc.create_element("link"), doc.query_selector("head"))
    else {
        return;
    };
    let _ = link.set_attribute("rel", "stylesheet");
    let _ = link.set_attribute("href", href);
    let _ = link.set_attribute(marker, "");
    // Until it has come (or failed), the screen under the top bar is not shown half styled
    // (main.css: `html.styles-pending`); it keeps its place and the keyboard focus meanwhile.
    let _ = link.set_attribute("data-pending", "");
    page_class("styles-pending", true);
    let arrived = link.clone();
    let done = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
        if arrived.has_attribute("data-pending") {
            let _ = arrived.remove_attribute("data-pending");
            page_class("styles-pending", false);
        }
    });
    for event in ["load", "error"] {
        let _ = link.add_event_listener_with_callback(event, done.as_ref().unchecked_ref());
    }
    done.forget();
    let _ = head.append_child(&link);
}
