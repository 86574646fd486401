//! The words of looking back at a finished game and of the table's record, [`R`]: a table of its
//! own (packs `public/i18n/review.<code>.json`), reached only from the games' screens and Saved
//! games, so the first load does not carry it.

use crate::i18n::{self, UiLang};
use leptos::prelude::*;

/// Opens these words in the interface's language (as the board game's [`crate::board::i18n::open`]):
/// call it in a component that shows them, as it is made.
pub fn open() {
    super::link_stylesheet();
    let ui = use_context::<UiLang>();
    leptos::task::spawn_local(async move {
        let before = i18n::lang_of::<R>();
        if let Err(why) = i18n::follow::<R>().await {
            web_sys::console::warn_1(&format!("review words: {why}").into());
        }
        if i18n::lang_of::<R>() != before
            && let Some(UiLang(lang)) = ui
        {
            lang.set(i18n::lang());
        }
    });
}

i18n::texts! {
    /// A key of the texts of looking back at a game and of the table's record.
    R, "review.";

    look_back: "Look back at this game",
    look_back_short: "Look back",
    title: "Looking back: {names}",
    steps_label: "Step through the game",
    step_of: "Move {n} of {total} · turn {turn}",
    to_start: "To the start",
    prev_turn: "Previous turn",
    back_one: "Back one move",
    forward_one: "Forward one move",
    next_turn: "Next turn",
    to_end: "To the end",
    this_move: "This move",
    as_dealt: "The game as dealt: no move yet.",
    not_over: "This game is still being played. A game can be looked back on only once it is over, when nothing in it is secret any more.",
    cannot: "This game cannot be looked back on: {problem}",
    face_up: "Every card face up",
    loyalty: "Loyalty card: {loyalty}",
    hand: "In hand",
    no_cards: "no cards",
    knight_cards: "Knight cards",
    deeds: "Deeds: {deeds}",
    no_deeds: "none yet",
    card_deeds_laid: "{n} card laid on the Threats pile|{n} cards laid on the Threats pile",
    card_deeds_laid_among: "{laid}, among them {cards}",
    card_deeds_false: "{n} false announcement|{n} false announcements",
    card_deeds_spread: "spread rumors {n} time|spread rumors {n} times",
    card_deeds_quests: "{n} quest gone on ({how})|{n} quests gone on ({how})",
    card_deeds_success: "{n} success|{n} successes",
    card_deeds_baseless: "{n} on baseless rumors|{n} on baseless rumors",
    card_deeds_defeat: "{n} defeat|{n} defeats",
    card_deeds_faced: "{n} card of the Threats pile faced|{n} cards of the Threats pile faced",
    card_deeds_swords: "swords from their quests: {swords}",
    card_deeds_stopped: "{n} quest stopped by Arthur|{n} quests stopped by Arthur",
    card_deeds_knights_drawn: "{n} Knight card drawn|{n} Knight cards drawn",
    card_deeds_knights_played: "played {knights}",
    card_deeds_exchanges: "took part in Vivien's exchange {n} time|took part in Vivien's exchange {n} times",
    card_deeds_accused: "accused {target}",
    card_deeds_accused_traitor: "accused {target}, a Traitor: {swords}",
    card_deeds_accused_loyal: "accused {target}, who is Loyal: {swords}",
    card_deeds_passed: "passed {n} time|passed {n} times",
    accused: "has accused",
    face_down: "Black cards placed face down",
    face_down_one: "{quest}: {card}, placed by {name}",
    none: "None.",
    pile: "The Threats pile, bottom first",
    log: "What happened so far",
    back: "Back",
    record_title: "Your table's record",
    record_none: "No finished game yet.",
    record_played: "{n} game played|{n} games played",
    record_won: "Loyal won {loyal}, Evil won {evil}",
    record_names: "Played by {names}",
    record_run: "Longest Loyal winning run: {n}",
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Table;
    use crate::i18n::checks;

    #[test]
    fn english_review_keys_are_unique_and_texts_are_sound() {
        checks::english_is_sound::<R>();
    }

    /// Every pack (public/i18n/review.<code>.json) has every key, with the same placeholders and
    /// the right number of plural forms.
    #[test]
    fn review_packs_are_complete() {
        let report = checks::pack_problems::<R>();
        assert!(report.is_empty(), "{}", report.join("\n"));
    }

    /// The other languages are translations, not copies of the English (a word or two may be
    /// the same in a language, no more).
    #[test]
    fn review_packs_are_translated() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for lang in i18n::Lang::ALL.into_iter().filter(|l| *l != i18n::Lang::En) {
            let text = std::fs::read_to_string(dir.join(R::pack_url(lang))).unwrap();
            let pack: std::collections::BTreeMap<String, String> =
                serde_json::from_str(&text).unwrap();
            let same: Vec<&str> = R::keys()
                .zip(R::english())
                .filter(|(k, en)| pack.get(*k).map(String::as_str) == Some(*en))
                .map(|(k, _)| k)
                .collect();
            assert!(same.len() <= 2, "{lang:?} copies the English: {same:?}");
        }
    }
}
