//! Home: Continue the current game, New game, Saved games, Rules, Settings.

use super::{persist, use_ctx};
use crate::app::Screen;
use crate::i18n::{K, t};
use leptos::prelude::*;

#[component]
pub fn Home() -> impl IntoView {
    let ctx = use_ctx();
    // The autosaved current game, if any, with a line about where it stands.
    let current = persist::current_id().and_then(|id| {
        let (session, game) = persist::load(&id).ok()?;
        let line = session.progress(&game);
        Some((session, line))
    });
    let problem = RwSignal::new(None::<String>);
    let go = move |s: Screen| {
        move |_| {
            ctx.back_to.set(Screen::Home);
            ctx.go(s);
        }
    };
    view! {
        <section class="home">
            <h1>{t(K::app_name)}</h1>
            <p class="subtitle">{t(K::home_subtitle)}</p>
            <nav class="home-menu">
                {current.map(|(session, line)| {
                    let session = StoredValue::new(session);
                    view! {
                        <button class="primary big" data-testid="continue-game"
                            on:click=move |_| {
                                if let Err(e) = ctx.open(session.get_value()) {
                                    problem.set(Some(e));
                                }
                            }>
                            {t(K::home_continue)}
                            <small class="progress">{line}</small>
                        </button>
                    }
                })}
                <button class="big" data-testid="new-game" on:click=go(Screen::NewGame)>{t(K::home_new_game)}</button>
                <button data-testid="saved-games" on:click=go(Screen::SavedGames)>{t(K::home_saved_games)}</button>
                <button data-testid="home-rules" on:click=go(Screen::Rules)>{t(K::rules)}</button>
                <button data-testid="settings" on:click=go(Screen::Settings)>{t(K::home_settings)}</button>
            </nav>
            {move || problem.get().map(|p| view! { <p class="message" role="alert">{p}</p> })}
        </section>
    }
}
