//! The coach's own words, [`C`]: a table of its own (packs `public/i18n/coach.<code>.json`),
//! reached only from the games' screens and Settings, so the first load does not carry it. What
//! each tip says is the game's own (the board game's in `crate::board::coach`).

use crate::i18n::{self, UiLang};
use leptos::prelude::*;

/// Opens these words in the interface's language (as the board game's [`crate::board::i18n::open`]):
/// call it in a component that shows them, as it is made.
pub fn open() {
    let ui = use_context::<UiLang>();
    leptos::task::spawn_local(async move {
        let before = i18n::lang_of::<C>();
        if let Err(why) = i18n::follow::<C>().await {
            web_sys::console::warn_1(&format!("coach words: {why}").into());
        }
        if i18n::lang_of::<C>() != before
            && let Some(UiLang(lang)) = ui
        {
            lang.set(i18n::lang());
        }
    });
}

i18n::texts! {
    /// A key of the coach's texts.
    C, "coach.";

    coach: "Coach",
    got_it: "Got it",
    no_more_tips: "No more tips",
    what_would_an_expert_do: "What would an experienced player do?",
    no_advice: "Nothing to advise: no choice is yours now.",
    do_that: "Do that",
    play_with_a_coach: "Play with a coach",
    play_with_a_coach_help: "Your first game: you and three computer knights, a deal that meets the important rules early, and a tip the first time each rule matters. It is a real game: follow the advice or not.",
    tips_help: "A sentence or two about a rule the first time it matters in a game, and what an experienced player would do.",
    tips_coached: "In coached games",
    tips_always: "In every game",
    tips_off: "Off",
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Table;
    use crate::i18n::checks;

    #[test]
    fn english_coach_keys_are_unique_and_texts_are_sound() {
        checks::english_is_sound::<C>();
    }

    /// Every pack (public/i18n/coach.<code>.json) has every key, with the same placeholders.
    #[test]
    fn coach_packs_are_complete() {
        let report = checks::pack_problems::<C>();
        assert!(report.is_empty(), "{}", report.join("\n"));
    }

    /// The other languages are translations, not copies of the English.
    #[test]
    fn coach_packs_are_translated() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for lang in i18n::Lang::ALL.into_iter().filter(|l| *l != i18n::Lang::En) {
            let text = std::fs::read_to_string(dir.join(C::pack_url(lang))).unwrap();
            let pack: std::collections::BTreeMap<String, String> =
                serde_json::from_str(&text).unwrap();
            let same: Vec<&str> = C::keys()
                .zip(C::english())
                .filter(|(k, en)| pack.get(*k).map(String::as_str) == Some(*en))
                .map(|(k, _)| k)
                .collect();
            assert!(same.len() <= 2, "{lang:?} copies the English: {same:?}");
        }
    }
}
