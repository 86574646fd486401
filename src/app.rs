//! The root component: the screen switcher and the top bar (Home, and a one-tap Rules button on
//! every screen). Screen state lives in a signal, not in the address (no server rewrites needed).

use crate::board;
use crate::card;
use crate::games::{self, GameScreen, GameScreens};
use crate::i18n::{self, K, t};
use crate::screens::rules::RulesScreen;
use crate::screens::saved_games::SavedGames;
use crate::screens::settings::{Saved, SettingsScreen};
use crate::shell::{Shell, use_shell};
use leptos::prelude::*;

pub use crate::shell::Screen;

/// The whole app, mounted into `<body>` by `main`.
#[component]
pub fn App() -> impl IntoView {
    let shell = Shell::new();
    provide_context(shell);
    // What a game does once as the app starts (the Card Game adopts the settings an earlier
    // release kept among the app's).
    for start in games::FRONTS.iter().filter_map(|g| g.at_start) {
        start();
    }

    // A reload in the middle of a game comes straight back to its table (covered), and one at
    // its end back to the end screen (or the reveal or result that ended it). The game opens in
    // the table's chunk; one that cannot be read sends Home, which says why.
    if let Some(id) = crate::storage::current_id() {
        shell.open_saved(id);
    }
    shell.take_followed();
    // Another tab or window of the app wrote to the storage: follow it.
    let storage_listener = window_event_listener_untyped("storage", move |ev| {
        let field = |name: &str| {
            web_sys::js_sys::Reflect::get(&ev, &name.into())
                .ok()
                .and_then(|v| v.as_string())
        };
        shell.storage_changed(field("key"), field("newValue"));
    });
    on_cleanup(move || storage_listener.remove());

    // The language switch in Settings re-renders every screen in the new language.
    let lang = RwSignal::new(i18n::lang());
    provide_context(i18n::UiLang(lang));
    move || {
        lang.track();
        view! { <Screens /> }
    }
}

/// The current screen under the top bar.
#[component]
fn Screens() -> impl IntoView {
    let shell = use_shell();
    let screen = shell.screen;
    let retry = RwSignal::new(0u32);
    // The open game may change the whole page while its table shows (the Card Game's silence).
    let extra = move || {
        shell
            .table_class
            .get()
            .filter(|_| matches!(screen.get(), Screen::Table(_)))
    };
    let class = move || match extra() {
        Some(extra) => format!("{} {extra}", screen.get().class()),
        None => screen.get().class().to_string(),
    };
    // The whole page, around `<main>`, changes with it (table.css: `html.silence`).
    Effect::new(move |before: Option<Option<&'static str>>| {
        let now = extra();
        if let Some(Some(class)) = before {
            crate::shell::page_class(class, false);
        }
        if let Some(class) = now {
            crate::shell::page_class(class, true);
        }
        now
    });
    view! {
        <main id="app" class=class>
            <TopBar />
            // The last move, said once by a screen reader: a live region that stays in the page
            // whatever the screen, each move's words put in afresh (so the same words twice in a
            // row are said twice).
            <p class="visually-hidden" aria-live="polite" data-testid="table-said">
                {move || shell.said.get().map(|s| view! { <span>{s}</span> })}
            </p>
            {move || shell.followed.get().then(|| view! {
                <p class="notice done" role="status" data-testid="followed-elsewhere">
                    {t(K::game_followed_elsewhere)}
                </p>
            })}
            {move || shell.save_error.get().map(|e| view! {
                <p class="save-error" role="alert" data-testid="save-error">
                    {e}" "{t(K::save_failed_play_goes_on)}
                </p>
            })}
            {move || {
                // "Try again" after a screen's chunk could not be fetched shows it afresh, and so
                // do settings changed in another tab.
                retry.track();
                shell.refresh.track();
                match screen.get() {
                    Screen::Home => view! { <crate::screens::home::Home /> }.into_any(),
                    // Every other screen comes from its own wasm chunk, fetched the first time it
                    // shows: a game's as its entry shows it.
                    Screen::NewGame(kind) => (games::front(kind).screens.new_game.show)(retry),
                    Screen::Table(kind) => (games::front(kind).screens.table.show)(retry),
                    Screen::Log(kind) => (games::front(kind).screens.log.show)(retry),
                    Screen::Review(kind) => (games::front(kind).screens.review.show)(retry),
                    Screen::SavedGames => split_screen!(saved_games_screen, retry),
                    Screen::Rules => split_screen!(rules_screen, retry),
                    Screen::Settings => split_screen!(settings_screen, retry),
                }
            }}
        </main>
    }
}

/// The bar on top of every screen: Home, the game's name, and Rules.
#[component]
fn TopBar() -> impl IntoView {
    let shell = use_shell();
    let screen = shell.screen;
    let to_rules = move |_| {
        let here = screen.get_untracked();
        if here != Screen::Rules {
            shell.back_to.set(here);
        }
        shell.go(Screen::Rules);
    };
    view! {
        <header class="topbar">
            // The house is the stylesheet's (.home-button::before): an inline <svg> would be the
            // only static markup of the first screen, which Leptos builds through a <template>
            // and the browser's HTML parser, at start-up.
            <button class="icon-button home-button" data-testid="home-button" aria-label=t(K::home)
                on:click=move |_| shell.go(Screen::Home)
                disabled=move || screen.get() == Screen::Home></button>
            <span class="brand">{t(K::app_name)}</span>
            <button class="rules-button" data-testid="rules-button" on:click=to_rules>{t(K::rules)}</button>
        </header>
    }
}

/// One of the screens below: with `--cfg camelot_split` (the release web build, whose wasm goes
/// through `wasm-split-cli`) its code is in a chunk of its own, fetched the first time it shows —
/// and if that fetch fails, a message with "Try again" (which bumps `retry`) shows instead;
/// without (debug builds, native tests) it is an ordinary function of the one wasm.
macro_rules! split_screen {
    ($screen:ident, $retry:ident) => {{
        #[cfg(camelot_split)]
        let view = lazy_screen($screen(), $retry);
        #[cfg(not(camelot_split))]
        let view = {
            let _ = $retry;
            let Ok(view) = $screen();
            view
        };
        view
    }};
}
use split_screen;

/// A screen's chunk of the split wasm could not be fetched: the device was offline before the
/// service worker had cached it, or the host no longer has it (a new release, on a page opened
/// before it). Nothing is lost: the game was saved with its last move.
#[cfg(camelot_split)]
#[derive(Clone, Copy, Debug)]
pub struct ChunkMissing;

#[cfg(camelot_split)]
impl From<leptos::wasm_split::SplitLoaderError> for ChunkMissing {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        ChunkMissing
    }
}

/// What a split-off screen function returns: its view, or (split builds only) the failure to fetch
/// its chunk.
#[cfg(camelot_split)]
type SplitView = Result<AnyView, ChunkMissing>;
#[cfg(not(camelot_split))]
type SplitView = Result<AnyView, std::convert::Infallible>;

/// A screen whose code is split off: nothing until its chunk has loaded and run, then the screen —
/// or, if the chunk could not be fetched, a message saying so, with "Try again" and "Reload".
#[cfg(camelot_split)]
fn lazy_screen(screen: impl Future<Output = SplitView> + 'static, retry: RwSignal<u32>) -> AnyView {
    let screen = leptos::__reexports::send_wrapper::SendWrapper::new(screen);
    Suspend::new(async move {
        match screen.await {
            Ok(view) => view,
            Err(ChunkMissing) => view! { <ScreenUnavailable retry /> }.into_any(),
        }
    })
    .into_any()
}

/// In place of a screen whose chunk could not be fetched.
#[cfg(camelot_split)]
#[component]
fn ScreenUnavailable(retry: RwSignal<u32>) -> impl IntoView {
    // A game is open: it was saved with its last move.
    let playing = use_shell().game_open.get_untracked();
    let reload = |_| {
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    };
    view! {
        <section class="screen-unavailable" role="alert" data-testid="screen-unavailable">
            <h2>{t(K::screen_unavailable_title)}</h2>
            <p>
                {t(K::screen_unavailable_hint)}
                {playing.then(|| view! { " "{t(K::screen_unavailable_saved)} })}
            </p>
            <div class="button-row">
                <button type="button" class="primary" data-testid="screen-retry"
                    on:click=move |_| retry.update(|n| *n += 1)>
                    {t(K::screen_unavailable_retry)}
                </button>
                <button type="button" data-testid="screen-reload" on:click=reload>
                    {t(K::crash_reload)}
                </button>
            </div>
        </section>
    }
}

/// The screens below, each a split function: with `--cfg camelot_split` it (and all the code only
/// it reaches) goes into a wasm chunk of its own, named after it, and `$preload` fetches that chunk
/// without showing the screen (wasm_split's `fallible`: a chunk that cannot be fetched is an `Err`,
/// not a trap). Each body builds its view untracked: the `Suspend` around it must not re-run when
/// a signal read while building changes.
macro_rules! split_screens {
    ($(fn $name:ident / $preload:ident $body:block)*) => {$(
        #[cfg_attr(camelot_split, leptos::wasm_split::wasm_split(
            $name,
            wasm_split_path = ::leptos::wasm_split,
            fallible,
            preload($preload)
        ))]
        fn $name() -> SplitView {
            // The styles of every screen but Home are not in the first load: they come with the
            // first of them to open, a game's table first (screens.css's rules come after it).
            crate::shell::link_stylesheet("style/table.css", "data-table-css");
            crate::shell::link_stylesheet("style/screens.css", "data-screens-css");
            Ok(untrack(|| $body))
        }
    )*};
}

/// The Card Game's screens, for its entry: each is its split function below.
pub const CARD_SCREENS: GameScreens = GameScreens {
    new_game: GameScreen {
        class: "screen-newgame",
        show: |retry| {
            // The table's chunk comes while the players are being set up, not on "Start" (a
            // failure here shows, if it lasts, when the table opens).
            #[cfg(camelot_split)]
            leptos::task::spawn_local(async {
                let _ = __preload_table_screen().await;
            });
            split_screen!(new_game_screen, retry)
        },
    },
    table: GameScreen {
        class: "screen-table",
        show: |retry| split_screen!(table_screen, retry),
    },
    log: GameScreen {
        class: "screen-log",
        show: |retry| split_screen!(log_screen, retry),
    },
    // In the table's chunk (its body shows the review on this screen): a chunk of its own
    // would cut the code the two share into many more chunks, each named in the first load.
    review: GameScreen {
        class: "screen-review",
        show: |retry| split_screen!(table_screen, retry),
    },
};

/// The board game's screens, for its entry: each is its split function below.
pub const BOARD_SCREENS: GameScreens = GameScreens {
    new_game: GameScreen {
        class: "screen-board-newgame",
        show: |retry| {
            #[cfg(camelot_split)]
            leptos::task::spawn_local(async {
                let _ = __preload_board_table_screen().await;
            });
            split_screen!(board_new_game_screen, retry)
        },
    },
    table: GameScreen {
        class: "screen-board-table",
        show: |retry| split_screen!(board_table_screen, retry),
    },
    log: GameScreen {
        class: "screen-board-log",
        show: |retry| split_screen!(board_log_screen, retry),
    },
    // In the table's chunk, as the Card Game's.
    review: GameScreen {
        class: "screen-board-review",
        show: |retry| split_screen!(board_table_screen, retry),
    },
};

split_screens! {
    fn new_game_screen / __preload_new_game_screen {
        view! { <card::new_game::NewGame /> }.into_any()
    }

    fn table_screen / __preload_table_screen {
        if matches!(use_shell().screen.get_untracked(), Screen::Review(_)) {
            return view! { <card::review::Review /> }.into_any();
        }
        card::open_pending();
        view! { <card::table::Table /> }.into_any()
    }

    fn log_screen / __preload_log_screen {
        view! { <card::log::Log /> }.into_any()
    }

    fn saved_games_screen / __preload_saved_games_screen {
        let shell = use_shell();
        view! {
            <SavedGames
                readers=&games::READERS
                on_open=move |id: String| shell.open_saved(id)
                on_review=move |id: String| shell.review_saved(id)
                on_back=move |()| shell.go(Screen::Home)
                on_deleted=move |id: String| {
                    for forget in games::FORGET {
                        forget(&id);
                    }
                }
            />
        }
        .into_any()
    }

    fn board_new_game_screen / __preload_board_new_game_screen {
        view! { <board::new_game::NewGame /> }.into_any()
    }

    fn board_table_screen / __preload_board_table_screen {
        if matches!(use_shell().screen.get_untracked(), Screen::Review(_)) {
            return view! { <board::review::Review /> }.into_any();
        }
        board::open_pending();
        view! { <board::table::Table /> }.into_any()
    }

    fn board_log_screen / __preload_board_log_screen {
        view! { <board::log::Log /> }.into_any()
    }

    fn rules_screen / __preload_rules_screen {
        let shell = use_shell();
        // Opened from one of a game's screens, the screen shows that game's rules (a rules
        // book's game is the game's code: "card", "board").
        let back_to = shell.back_to.get_untracked();
        let from_game = back_to.game().map(|kind| kind.code());
        // At the part about what that screen shows, if it said.
        let start_at = shell
            .rules_at
            .get_untracked()
            .filter(|(screen, _)| *screen == back_to)
            .map(|(_, id)| id.to_string());
        view! {
            <RulesScreen books=&games::BOOKS from_game start_at
                on_close=move |()| shell.go(shell.back_to.get_untracked()) />
        }
        .into_any()
    }

    fn settings_screen / __preload_settings_screen {
        let shell = use_shell();
        // Each game's own settings (the Card Game's silence countdown) in their place on the
        // screen, in the list's order.
        let game_settings = |saved: Callback<Saved>| {
            games::SETTINGS
                .into_iter()
                .flatten()
                .map(|settings| settings(saved))
                .collect_view()
                .into_any()
        };
        view! {
            <SettingsScreen on_back=move |()| shell.go(Screen::Home) game_settings />
        }
        .into_any()
    }
}
