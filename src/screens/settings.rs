//! The Settings screen: the silence countdown, reduced motion, and a word about languages.
//! Each choice is saved at once (see [`crate::storage::Settings`]).

use crate::storage::{self, SILENCE_CHOICES, Settings};
use leptos::prelude::*;

fn countdown_label(secs: Option<u32>) -> String {
    match secs {
        None => "Off".to_string(),
        Some(s) => format!("{s} s"),
    }
}

/// Settings. `on_change` hears every saved change (so the app can apply it at once).
#[component]
pub fn SettingsScreen(
    #[prop(into)] on_back: Callback<()>,
    #[prop(optional, into)] on_change: Option<Callback<Settings>>,
) -> impl IntoView {
    let settings = RwSignal::new(storage::load_settings());
    let status = RwSignal::new(None::<Result<(), String>>);
    let update = move |f: &dyn Fn(&mut Settings)| {
        let mut s = settings.get_untracked();
        f(&mut s);
        settings.set(s.clone());
        match storage::save_settings(&s) {
            Ok(()) => status.set(Some(Ok(()))),
            Err(e) => status.set(Some(Err(format!(
                "{e} The setting applies until the page is closed."
            )))),
        }
        if let Some(cb) = on_change {
            cb.run(s);
        }
    };

    let countdown_buttons = SILENCE_CHOICES
        .into_iter()
        .map(|secs| {
            let pressed = move || settings.with(|s| s.silence_countdown_secs == secs);
            view! {
                <button class="choice" aria-pressed=move || pressed().to_string()
                    class:selected=pressed
                    data-testid=format!("countdown-{}", secs.map_or("off".to_string(), |s| s.to_string()))
                    on:click=move |_| update(&|s: &mut Settings| s.silence_countdown_secs = secs)>
                    {countdown_label(secs)}
                </button>
            }
        })
        .collect_view();

    let motion_button = move |reduce: bool, label: &'static str, testid: &'static str| {
        let pressed = move || settings.with(|s| s.always_reduce_motion == reduce);
        view! {
            <button class="choice wide" aria-pressed=move || pressed().to_string()
                class:selected=pressed data-testid=testid
                on:click=move |_| update(&|s: &mut Settings| s.always_reduce_motion = reduce)>
                {label}
            </button>
        }
    };

    view! {
        <section class="settings-screen" data-testid="settings-screen">
            <div class="screen-head">
                <h1>"Settings"</h1>
                <button class="secondary close-button" data-testid="settings-back"
                    on:click=move |_| on_back.run(())>"Back"</button>
            </div>
            // A fixed slot, so nothing moves under the finger when "Saved." appears.
            <div class="settings-status" aria-live="polite">
                {move || status.get().map(|r| match r {
                    Ok(()) => view! { <p class="done" data-testid="settings-saved">"Saved on this device."</p> }.into_any(),
                    Err(e) => view! { <p class="notice problem" role="alert">{e}</p> }.into_any(),
                })}
            </div>

            <fieldset class="setting">
                <legend>"Silence countdown"</legend>
                <p class="muted">
                    "While Morgan's silence holds, the table always shows how long it has lasted. \
                     You can also have a countdown for each player's turn, to keep the game moving."
                </p>
                <div class="choice-row" role="group" aria-label="Silence countdown">
                    {countdown_buttons}
                </div>
            </fieldset>

            <fieldset class="setting">
                <legend>"Motion"</legend>
                <p class="muted">
                    "Cards flipping and swords sliding in. Turn them off if movement bothers anyone."
                </p>
                <div class="choice-column" role="group" aria-label="Motion">
                    {motion_button(false, "Follow this device's setting", "motion-system")}
                    {motion_button(true, "Always reduce motion", "motion-reduce")}
                </div>
            </fieldset>

            <fieldset class="setting">
                <legend>"Language"</legend>
                <p class="muted">"Camelot speaks English for now. More languages will come later."</p>
            </fieldset>

        </section>
    }
}
