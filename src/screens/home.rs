//! Home: Continue the current game, New game, Saved games, Rules, Settings.
//!
//! Home reads the current game from the saved games' index only: it replays nothing, so the first
//! load carries no game's rules. Of the games it knows their fronts only ([`games::FRONTS`]).

use crate::games;
use crate::i18n::{K, t};
use crate::shell::{Screen, use_shell};
use crate::storage;
use crate::storage::GameKind;
use leptos::prelude::*;
use leptos::tachys::view::iterators::StaticVec;

#[component]
pub fn Home() -> impl IntoView {
    let shell = use_shell();
    // The autosaved current game, if any, with a line about where it stands.
    let current = storage::current_game();
    let go = move |s: Screen| {
        move |_| {
            shell.back_to.set(Screen::Home);
            shell.go(s);
        }
    };
    // A New game button per game, in the list's order, each followed by its coached game while
    // none of that game has ended: erased views in a `StaticVec`, the list the view macro itself
    // makes of an element's children in the release build, so no rendering code of its own comes
    // into the first load (an array or a `Vec` of buttons: 0.6 KB more gzip). One button template
    // for both kinds (a second one: 1 KB more).
    let mut buttons: Vec<(K, &'static str, GameKind, bool)> = Vec::new();
    for game in games::FRONTS.iter() {
        buttons.push((game.new_game, game.new_game_testid, game.kind, false));
        if let Some((label, testid)) = game.coach
            && !storage::has_finished(game.kind)
        {
            buttons.push((label, testid, game.kind, true));
        }
    }
    let new_game_buttons = StaticVec::from(
        buttons
            .into_iter()
            .map(|(label, testid, kind, coach)| {
                view! {
                    <button class="big" data-testid=testid
                        on:click=move |_| {
                            crate::shell::ask_coach(coach.then_some(kind));
                            shell.back_to.set(Screen::Home);
                            shell.go(Screen::NewGame(kind));
                        }>{t(label)}</button>
                }
                .into_any()
            })
            .collect::<Vec<_>>(),
    );
    view! {
        <section class="home">
            <h1>{t(K::app_name)}</h1>
            <p class="subtitle">{t(K::home_subtitle)}</p>
            <nav class="home-menu">
                {current.map(|game| {
                    let id = StoredValue::new(game.id);
                    // Whose turn and the swords; else (the index made in another language, or
                    // not from this text) who plays.
                    let line = game
                        .progress
                        .unwrap_or_else(|| storage::names_line(&game.names));
                    view! {
                        <button class="primary big" data-testid="continue-game"
                            on:click=move |_| shell.open_saved(id.get_value())>
                            // A finished game is looked at, not played on: "View", as Saved
                            // games says.
                            {t(if game.finished { K::saved_view } else { K::home_continue })}
                            <small class="progress">{line}</small>
                        </button>
                    }
                })}
                {new_game_buttons}
                <button data-testid="saved-games" on:click=go(Screen::SavedGames)>{t(K::home_saved_games)}</button>
                <button data-testid="home-rules" on:click=go(Screen::Rules)>{t(K::rules)}</button>
                <button data-testid="settings" on:click=go(Screen::Settings)>{t(K::home_settings)}</button>
            </nav>
            {move || shell.notice.get().map(|p| view! { <p class="message" role="alert" data-testid="home-notice">{p}</p> })}
        </section>
    }
}
