//! The Settings screen: the games' own settings (each game brings its part, given as
//! `game_settings`), reduced motion, and the language. Each choice is saved at once (see
//! [`crate::storage::Settings`]).

use crate::i18n::{self, K, Lang, UiLang, t, tf};
use crate::storage::{self, Settings};
use leptos::prelude::*;

/// Whether a setting was saved: the error in plain words.
pub type Saved = Result<(), String>;

/// Settings. `on_change` hears every saved change (so the app can apply it at once);
/// `game_settings` draws the games' own settings, given a callback to report whether each choice
/// was saved.
#[component]
pub fn SettingsScreen(
    #[prop(into)] on_back: Callback<()>,
    #[prop(optional, into)] on_change: Option<Callback<Settings>>,
    #[prop(optional, into)] game_settings: Option<Callback<Callback<Saved>, AnyView>>,
) -> impl IntoView {
    let settings = RwSignal::new(storage::load_settings());
    let status = RwSignal::new(None::<Result<(), String>>);
    let update = move |f: &dyn Fn(&mut Settings)| {
        let mut s = settings.get_untracked();
        f(&mut s);
        settings.set(s.clone());
        match storage::save_settings(&s) {
            Ok(()) => status.set(Some(Ok(()))),
            Err(e) => status.set(Some(Err(format!("{e} {}", t(K::settings_not_saved))))),
        }
        if let Some(cb) = on_change {
            cb.run(s);
        }
    };

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

    // The language: this device's, or one chosen here. A new language is fetched first (it is a
    // small pack); the screens re-render in it once it is in.
    let ui_lang = use_context::<UiLang>();
    let choose_language = move |choice: Option<Lang>| {
        let lang = choice.unwrap_or_else(|| i18n::detect(None, &i18n::browser_languages()));
        leptos::task::spawn_local(async move {
            match i18n::switch(lang).await {
                Ok(()) => {
                    update(&|s: &mut Settings| s.language = choice.map(|l| l.code().to_string()));
                    i18n::mark_document(lang);
                    if let Some(UiLang(signal)) = ui_lang {
                        signal.set(lang);
                    }
                }
                Err(why) => status.set(Some(Err(tf(
                    K::settings_language_failed,
                    &[("language", &lang.native_name()), ("why", &why)],
                )))),
            }
        });
    };
    let language_button = move |choice: Option<Lang>| {
        let pressed =
            move || settings.with(|s| s.language.as_deref().and_then(Lang::from_code) == choice);
        let (label, testid, code) = match choice {
            None => (
                t(K::settings_language_device),
                "language-device".to_string(),
                None,
            ),
            Some(l) => (
                l.native_name(),
                format!("language-{}", l.code()),
                Some(l.code()),
            ),
        };
        view! {
            <button class="choice" aria-pressed=move || pressed().to_string()
                class:selected=pressed class:device=choice.is_none() data-testid=testid lang=code
                on:click=move |_| choose_language(choice)>
                {label}
            </button>
        }
    };
    let language_buttons = std::iter::once(None)
        .chain(Lang::ALL.into_iter().map(Some))
        .map(language_button)
        .collect_view();

    view! {
        <section class="settings-screen" data-testid="settings-screen">
            <div class="screen-head">
                <h1>{t(K::settings_title)}</h1>
                <button class="secondary close-button" data-testid="settings-back"
                    on:click=move |_| on_back.run(())>{t(K::back)}</button>
            </div>
            // A fixed slot, so nothing moves under the finger when "Saved." appears.
            <div class="settings-status" aria-live="polite">
                {move || status.get().map(|r| match r {
                    Ok(()) => view! { <p class="done" data-testid="settings-saved">{t(K::settings_saved)}</p> }.into_any(),
                    Err(e) => view! { <p class="notice problem" role="alert">{e}</p> }.into_any(),
                })}
            </div>

            <fieldset class="setting">
                <legend>{t(K::settings_motion)}</legend>
                <p class="muted">{t(K::settings_motion_help)}</p>
                <div class="choice-column" role="group" aria-label=t(K::settings_motion)>
                    {motion_button(false, t(K::settings_motion_system), "motion-system")}
                    {motion_button(true, t(K::settings_motion_reduce), "motion-reduce")}
                </div>
            </fieldset>

            <fieldset class="setting">
                <legend>{t(K::settings_language)}</legend>
                <p class="muted">{t(K::settings_language_help)}</p>
                <div class="choice-row languages" role="group" aria-label=t(K::settings_language)>
                    {language_buttons}
                </div>
            </fieldset>

            // What every game shares comes first; each game's own settings follow.
            {game_settings.map(|draw| {
                let saved = Callback::new(move |r: Saved| {
                    status.set(Some(r.map_err(|e| format!("{e} {}", t(K::settings_not_saved)))));
                });
                draw.run(saved)
            })}

        </section>
    }
}
