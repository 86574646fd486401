//! The root component: the screen switcher and the top bar (Home, and a one-tap Rules button on
//! every screen). Screen state lives in a signal, not in the address (no server rewrites needed).

use crate::game_ui::{self, Ctx, persist};
use crate::i18n::{self, K, t};
use crate::screens::rules::RulesScreen;
use crate::screens::saved_games::SavedGames;
use crate::screens::settings::SettingsScreen;
use leptos::prelude::*;
use std::time::Duration;

/// The app's screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    NewGame,
    Table,
    Log,
    SavedGames,
    Rules,
    Settings,
}

impl Screen {
    /// The class of `<main>` while this screen shows (the styles and the tests go by it).
    fn class(self) -> &'static str {
        match self {
            Screen::Home => "screen-home",
            Screen::NewGame => "screen-newgame",
            Screen::Table => "screen-table",
            Screen::Log => "screen-log",
            Screen::SavedGames => "screen-savedgames",
            Screen::Rules => "screen-rules",
            Screen::Settings => "screen-settings",
        }
    }
}

/// The whole app, mounted into `<body>` by `main`.
#[component]
pub fn App() -> impl IntoView {
    let ctx = Ctx::new();
    provide_context(ctx);
    crate::wake::keep_awake_while(move || ctx.screen.get() == Screen::Table);

    // A reload in the middle of a game comes straight back to its table (covered), and one at
    // its end back to the end screen (or the reveal or result that ended it).
    if let Some(id) = persist::current_id()
        && let Ok((session, game)) = persist::load(&id)
    {
        ctx.open_played(session, game);
    }

    // The clock of the silence timer.
    if let Ok(handle) = set_interval_with_handle(
        move || ctx.now.set(game_ui::now_ms()),
        Duration::from_secs(1),
    ) {
        on_cleanup(move || handle.clear());
    }

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
    let ctx = game_ui::use_ctx();
    let screen = ctx.screen;
    // Morgan's silence changes the whole page while the table shows.
    let silent = move || {
        screen.get() == Screen::Table
            && ctx.view.with(|v| {
                v.as_ref()
                    .is_some_and(|v| v.silence.is_some() && v.winner.is_none())
            })
    };
    view! {
        <main id="app"
            class=move || screen.get().class()
            class:silence=silent>
            <TopBar />
            // The last move, said once by a screen reader: a live region that stays in the page
            // whatever the screen, each move's words put in afresh (so the same words twice in a
            // row are said twice).
            <p class="visually-hidden" aria-live="polite" data-testid="table-said">
                {move || ctx.said.get().map(|s| view! { <span>{s}</span> })}
            </p>
            {move || ctx.save_error.get().map(|e| view! {
                <p class="save-error" role="alert" data-testid="save-error">
                    {e}" "{t(K::save_failed_play_goes_on)}
                </p>
            })}
            {move || match screen.get() {
                Screen::Home => view! { <game_ui::home::Home /> }.into_any(),
                // Every other screen comes from its own wasm chunk, fetched the first time it shows.
                Screen::NewGame => {
                    // The table's chunk comes while the players are being set up, not on "Start".
                    #[cfg(camelot_split)]
                    leptos::task::spawn_local(__preload_table_screen());
                    split_screen!(new_game_screen)
                }
                Screen::Table => split_screen!(table_screen),
                Screen::Log => split_screen!(log_screen),
                Screen::SavedGames => split_screen!(saved_games_screen),
                Screen::Rules => split_screen!(rules_screen),
                Screen::Settings => split_screen!(settings_screen),
            }}
        </main>
    }
}

/// The bar on top of every screen: Home, the game's name, and Rules.
#[component]
fn TopBar() -> impl IntoView {
    let ctx = game_ui::use_ctx();
    let screen = ctx.screen;
    let to_rules = move |_| {
        let here = screen.get_untracked();
        if here != Screen::Rules {
            ctx.back_to.set(here);
        }
        ctx.go(Screen::Rules);
    };
    view! {
        <header class="topbar">
            <button class="icon-button" data-testid="home-button" aria-label=t(K::home)
                on:click=move |_| ctx.go(Screen::Home)
                disabled=move || screen.get() == Screen::Home>
                <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 11 L12 3 L21 11 V21 H14 V14 H10 V21 H3 Z" fill="currentColor"/></svg>
            </button>
            <span class="brand">{t(K::app_name)}</span>
            <button class="rules-button" data-testid="rules-button" on:click=to_rules>{t(K::rules)}</button>
        </header>
    }
}

/// One of the screens below: with `--cfg camelot_split` (the release web build, whose wasm goes
/// through `wasm-split-cli`) its code is in a chunk of its own, fetched the first time it shows;
/// without (debug builds, native tests) it is an ordinary function of the one wasm.
macro_rules! split_screen {
    ($screen:ident) => {{
        #[cfg(camelot_split)]
        let view = lazy_screen($screen());
        #[cfg(not(camelot_split))]
        let view = $screen();
        view
    }};
}
use split_screen;

/// A screen whose code is split off (`#[lazy]`): nothing until its chunk has loaded and run.
#[cfg(camelot_split)]
fn lazy_screen(screen: impl Future<Output = AnyView> + 'static) -> AnyView {
    let screen = leptos::__reexports::send_wrapper::SendWrapper::new(screen);
    Suspend::new(async move { screen.await }).into_any()
}

// Each `#[lazy]` function (and all the code only it reaches) goes into a wasm chunk of its own.
// Built untracked: the `Suspend` around it must not re-run when a signal read while building changes.

#[cfg_attr(camelot_split, lazy)]
fn new_game_screen() -> AnyView {
    untrack(|| view! { <game_ui::new_game::NewGame /> }.into_any())
}

#[cfg_attr(camelot_split, lazy)]
fn table_screen() -> AnyView {
    untrack(|| view! { <game_ui::table::Table /> }.into_any())
}

#[cfg_attr(camelot_split, lazy)]
fn log_screen() -> AnyView {
    untrack(|| view! { <game_ui::log::Log /> }.into_any())
}

#[cfg_attr(camelot_split, lazy)]
fn saved_games_screen() -> AnyView {
    let ctx = game_ui::use_ctx();
    untrack(|| {
        view! {
            <SavedGames
                on_open=move |(session, game)| ctx.open_played(session, game)
                on_back=move |()| ctx.go(Screen::Home)
                on_deleted=move |id: String| ctx.forget(&id)
            />
        }
        .into_any()
    })
}

#[cfg_attr(camelot_split, lazy)]
fn rules_screen() -> AnyView {
    let ctx = game_ui::use_ctx();
    untrack(|| {
        view! { <RulesScreen on_close=move |()| ctx.go(ctx.back_to.get_untracked()) /> }.into_any()
    })
}

#[cfg_attr(camelot_split, lazy)]
fn settings_screen() -> AnyView {
    let ctx = game_ui::use_ctx();
    untrack(|| view! { <SettingsScreen on_back=move |()| ctx.go(Screen::Home) /> }.into_any())
}
