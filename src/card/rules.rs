//! The Card Game's rules text (`public/i18n/rules.<code>.txt`): its placeholders filled from the
//! engine's data (`camelot_card::cards`), its card blocks checked against the engine's cards and
//! Knights, and its readings against the engine's `INFERRED`. The format and its parser are the
//! shell's (`crate::rules_text`).

use crate::i18n::K;
use crate::rules_text::Book;
use camelot_card::cards::{
    KNIGHT_MANIFEST, MANIFEST, MERGED_PICTS_SAXONS_SWORDS, MORGANS_IN_PLAY, SWORDS_IN_ALL,
};
use camelot_card::{Card, Knight, Morgan, Quest, RumorValue};

/// The Card Game's rules, for the Rules screen.
pub const BOOK: Book = Book {
    game: "card",
    name: K::rules_card_game,
    stem: "rules",
    cards: card_keys,
    value,
    class: class_of,
};

/// The key of the card block that explains `card`: the quest's code for quest cards (one block per
/// quest), `morgan:4` for the three Morgan #4, else the card's code.
pub fn card_key(card: Card) -> String {
    match card {
        Card::Quest(q, _) => q.code().to_string(),
        Card::Morgan(Morgan::Four(_)) => "morgan:4".to_string(),
        c => c.code(),
    }
}

/// The key of a Knight's block: `arthur`, `tristan` …
pub fn knight_key(k: Knight) -> String {
    k.name().to_ascii_lowercase()
}

/// Every card block key a rules file must have: each kind of Rumor card, promo cards included,
/// then each Knight.
fn card_keys() -> Vec<(&'static str, String)> {
    let mut keys: Vec<(&'static str, String)> = Vec::new();
    for e in MANIFEST.iter() {
        let key = ("card", card_key(e.card));
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    keys.extend(
        KNIGHT_MANIFEST
            .iter()
            .map(|(k, _)| ("knight", knight_key(*k))),
    );
    keys
}

/// The CSS class (colour) of a card block.
fn class_of(kind: &str, key: &str) -> &'static str {
    if kind == "knight" {
        return "knight";
    }
    if let Some(q) = Quest::ALL.into_iter().find(|q| q.code() == key) {
        return q.code();
    }
    match key.split(':').next() {
        Some("morgan") => "morgan",
        Some("merlin") => "merlin",
        Some("mordred") => "mordred",
        Some("vivien") => "vivien",
        _ => "",
    }
}

/// How many copies of cards `pred` picks the manifest holds (promo cards included).
fn copies(pred: impl Fn(Card) -> bool) -> i64 {
    MANIFEST
        .iter()
        .filter(|e| pred(e.card))
        .map(|e| i64::from(e.count))
        .sum()
}

/// The value of a `{name}` anywhere, or in the block of `card` (kind, key), from the engine's data.
fn value(name: &str, card: Option<(&str, &str)>) -> Option<i64> {
    let global = match name {
        "deck" => Some(copies(|_| true) - copies(is_promo)),
        "morgans" => Some(copies(|c| c.is_morgan() && !is_promo(c))),
        "morgans_in_play" => Some(MORGANS_IN_PLAY as i64),
        "morgans_out" => Some(copies(|c| c.is_morgan() && !is_promo(c)) - MORGANS_IN_PLAY as i64),
        "swords_in_all" => Some(i64::from(SWORDS_IN_ALL)),
        "knight_cards" => Some(KNIGHT_MANIFEST.iter().map(|(_, n)| i64::from(*n)).sum()),
        "merged_swords" => Some(i64::from(MERGED_PICTS_SAXONS_SWORDS)),
        "morgan4_cards" => Some(copies(|c| matches!(c, Card::Morgan(Morgan::Four(_))))),
        "merlin4_cards" => Some(copies(|c| c == Card::Merlin(camelot_card::Merlin::Four))),
        _ => name
            .strip_prefix("swords_")
            .and_then(|q| Quest::ALL.into_iter().find(|x| x.code() == q))
            .map(|q| i64::from(q.swords())),
    };
    if global.is_some() {
        return global;
    }
    let (kind, key) = card?;
    if kind == "knight" {
        return match name {
            "count" => KNIGHT_MANIFEST
                .iter()
                .find(|(k, _)| knight_key(*k) == key)
                .map(|(_, n)| i64::from(*n)),
            _ => None,
        };
    }
    if name == "count" {
        let n = copies(|c| card_key(c) == key);
        return (n > 0).then_some(n);
    }
    let q = Quest::ALL.into_iter().find(|q| q.code() == key)?;
    let of = |v: RumorValue| copies(|c| c == Card::Quest(q, v));
    match name {
        "swords" => Some(i64::from(q.swords())),
        "question" => Some(of(RumorValue::Question)),
        "two" => Some(of(RumorValue::Two)),
        "three" => Some(of(RumorValue::Three)),
        "four" => Some(of(RumorValue::Four)),
        "five" => Some(of(RumorValue::Five)),
        _ => None,
    }
}

fn is_promo(card: Card) -> bool {
    MANIFEST.iter().any(|e| e.card == card && e.promo)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::rules_text::checks::{self, all_text};
    use crate::rules_text::{Rules, parse};
    use camelot_card::cards::INFERRED;

    fn english() -> Rules {
        checks::english(&BOOK)
    }

    #[test]
    fn the_english_rules_parse_with_every_section() {
        let rules = checks::english_reads_into(
            &BOOK,
            "card",
            &[
                "goal", "setup", "turn", "silence", "quests", "traitor", "end", "solo", "knights",
                "cards", "phone", "readings",
            ],
        );
        assert_eq!(rules.word("nope"), "{nope}");
    }

    #[test]
    fn every_card_and_knight_is_explained() {
        let rules = english();
        let keys: Vec<&str> = rules.cards().map(|(k, _, _)| k).collect();
        for e in MANIFEST.iter() {
            let key = card_key(e.card);
            assert!(keys.contains(&key.as_str()), "{} is not explained", e.card);
        }
        for (k, _) in KNIGHT_MANIFEST {
            assert!(
                keys.contains(&knight_key(k).as_str()),
                "{k:?} is not explained"
            );
        }
        let problems = checks::card_problems(&BOOK, &rules);
        assert!(problems.is_empty(), "{problems:#?}");
        for (key, _, text) in rules.cards() {
            assert!(text.len() > 20, "{key}: {text}");
        }
    }

    /// A card block the engine does not know, or one missing, is a problem the tests see.
    #[test]
    fn a_missing_or_unknown_card_block_is_caught() {
        let en = checks::an_unknown_card_block_is_caught(&BOOK);
        let missing = en.replacen("[card vivien]", "[card mordred]", 1);
        let rules = parse(&BOOK, Lang::En, &missing).rules;
        assert_eq!(
            checks::card_problems(&BOOK, &rules),
            [
                "[card mordred] is explained 2 times",
                "[card vivien] is missing"
            ]
        );
    }

    #[test]
    fn the_readings_are_the_engines_word_for_word() {
        let rules = english();
        assert_eq!(rules.readings().unwrap(), INFERRED);
    }

    #[test]
    fn the_numbers_follow_the_engine() {
        let text = all_text(&english());
        assert!(text.contains("\nPicts 1 sword\n"));
        assert!(text.contains("\nDragon 3 swords\n"));
        assert!(text.contains("\n4 4 16"));
        assert!(text.contains("9 cards: 4 marked ?, 1 two, 1 three, 2 fours and 1 five"));
        assert!(text.contains("Arthur (×3)"));
        assert!(text.contains("Merlin #4 (×2)"));
        assert!(text.contains("the 62 cards with 6 of the 9 Morgans"));
        assert!(text.contains("the other 3 Morgans"));
        assert!(text.contains("11 to 13 places 2 white"));
        assert!(!text.contains('{'), "a placeholder is left");
        // Merlin #1 to #3 name the quests the engine has them take cards from.
        let rules = english();
        for m in [
            camelot_card::Merlin::One,
            camelot_card::Merlin::Two,
            camelot_card::Merlin::Three,
        ] {
            let key = card_key(Card::Merlin(m));
            let (_, _, text) = rules.cards().find(|(k, _, _)| *k == key).unwrap();
            for q in m.removes_from() {
                assert!(text.contains(&format!("the {} stack", q.name())), "{key}");
            }
        }
    }

    /// Every translation in public/i18n is complete and matches the English (sections, cards in
    /// order, the readings with their numbers, placeholders, plural forms): see
    /// [`checks::translations_match_the_english`].
    #[test]
    fn every_translation_matches_the_english() {
        let found = checks::translations_match_the_english(&BOOK, INFERRED.len());
        assert_eq!(found, 4, "fr, de, nl and cs");
    }

    #[test]
    fn every_cut_of_the_english_file_reads() {
        checks::every_cut_reads(&BOOK);
    }

    /// Our text is our own: no run of 8 words matches the rule book, when a text of it is at hand
    /// (its path in `CAMELOT_CARD_RULE_BOOK`; the book is not ours to keep here).
    #[test]
    fn no_sentence_is_copied_from_the_rule_book() {
        let Some(book) = std::env::var_os("CAMELOT_CARD_RULE_BOOK")
            .and_then(|p| std::fs::read_to_string(p).ok())
        else {
            return;
        };
        let copied = checks::copied(&all_text(&english()), &book, 8);
        assert!(copied.is_empty(), "copied from the book: {copied:#?}");
    }
}
