//! The Card Game's part of the Settings screen: the silence countdown (saved with the Card Game's
//! own settings, see [`super::persist::CardSettings`]).

use super::persist::{self, SILENCE_CHOICES};
use crate::i18n::{K, t, tn};
use leptos::prelude::*;

fn countdown_label(secs: Option<u32>) -> String {
    match secs {
        None => t(K::settings_off).to_string(),
        Some(s) => tn(K::settings_seconds, s.into(), &[]),
    }
}

/// The Card Game's settings. `on_saved` hears whether each choice was saved (the error in plain
/// words).
#[component]
pub fn CardSettings(#[prop(into)] on_saved: Callback<Result<(), String>>) -> impl IntoView {
    let chosen = RwSignal::new(persist::silence_countdown_secs());
    let choose = move |secs: Option<u32>| {
        chosen.set(secs);
        on_saved.run(persist::set_silence_countdown_secs(secs));
    };
    let countdown_buttons = SILENCE_CHOICES
        .into_iter()
        .map(|secs| {
            let pressed = move || chosen.get() == secs;
            view! {
                <button class="choice" aria-pressed=move || pressed().to_string()
                    class:selected=pressed
                    data-testid=format!("countdown-{}", secs.map_or("off".to_string(), |s| s.to_string()))
                    on:click=move |_| choose(secs)>
                    {countdown_label(secs)}
                </button>
            }
        })
        .collect_view();
    view! {
        <fieldset class="setting">
            <legend>{t(K::settings_countdown)}</legend>
            <p class="muted">{t(K::settings_countdown_help)}</p>
            <div class="choice-row" role="group" aria-label=t(K::settings_countdown)>
                {countdown_buttons}
            </div>
        </fieldset>
        <super::coach::CardTips on_saved />
    }
}
