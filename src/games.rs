//! The app's games, in one list: each game is one [`GameEntry`] — its kind, its name, its Home
//! button, its screens, how its saves are read, its rules book, its part of Settings — given by its
//! own module (`card::ENTRY`, `board::ENTRY`) and listed in [`GAMES`], in the order Home, Rules and
//! Settings show them. The shell, Home, Saved games, Rules, Settings and the app go over the list;
//! none of them names a game.
//!
//! **The first load holds no game.** An entry holds both what Home and the shell need (its
//! [`Front`]: plain data, and the functions that fetch its screens' chunks) and the game's own code
//! (its reader, its book, its settings). Code that uses a whole entry, or the list, holds all of it;
//! so each screen takes only the part it needs, from the arrays below ([`FRONTS`], [`READERS`],
//! [`BOOKS`], [`SETTINGS`], [`FORGET`]), which are worked out when the app is compiled and hold
//! that part and nothing else. Home and the shell read [`FRONTS`] only.

use crate::i18n::K;
use crate::rules_text::Book;
use crate::screens::settings::Saved;
use crate::storage::{GameKind, Reader};
use leptos::prelude::*;

/// One game of the app.
#[derive(Clone, Copy)]
pub struct GameEntry {
    /// What the first load holds of it.
    pub front: Front,
    /// How the saved-games list, export and import read its saves.
    pub reader: Reader,
    /// Its rules, for the Rules screen.
    pub book: &'static Book,
    /// Its part of the Settings screen, given a callback that hears whether each choice was saved;
    /// `None`: it has none.
    pub settings: Option<SettingsPart>,
    /// A saved game was deleted: stop playing it if it is this game's, open (making nothing if
    /// none of the game's screens has shown).
    pub forget: fn(&str),
}

/// A game's part of the Settings screen, drawn given the callback that hears whether each choice
/// was saved.
pub type SettingsPart = fn(Callback<Saved>) -> AnyView;

/// What the shell and Home hold of a game, in the first load: words, names, and the functions
/// that fetch its screens — none of its code.
#[derive(Clone, Copy)]
pub struct Front {
    pub kind: GameKind,
    /// Its code in saves, storage keys and the Rules screen (`"card"`); `GameKind`'s serde name.
    pub code: &'static str,
    /// Its name, as the saved-games list shows it beside each game.
    pub name: K,
    /// Home's button that starts one, and the button's test id.
    pub new_game: K,
    pub new_game_testid: &'static str,
    /// Home's button that starts a coached game, offered until a game of this kind has ended, and
    /// its test id.
    pub coach: Option<(K, &'static str)>,
    pub screens: GameScreens,
    /// Run once when the app starts, before any screen shows.
    pub at_start: Option<fn()>,
}

/// A game's screens (`Screen::NewGame`, `Screen::Table`, `Screen::Log`, `Screen::Review` of its
/// kind).
#[derive(Clone, Copy)]
pub struct GameScreens {
    pub new_game: GameScreen,
    pub table: GameScreen,
    pub log: GameScreen,
    /// Looking back at a finished game.
    pub review: GameScreen,
}

/// One of a game's screens, as the shell shows it.
#[derive(Clone, Copy)]
pub struct GameScreen {
    /// The class of `<main>` while it shows (the styles and the tests go by it).
    pub class: &'static str,
    /// Shows it: its split function of `src/app.rs`, whose chunk is fetched the first time (a
    /// "Try again" after a failed fetch bumps the signal).
    pub show: fn(RwSignal<u32>) -> AnyView,
}

/// The app's games, in the order of Home's buttons, the Rules screen's choice and Settings.
pub const GAMES: [GameEntry; 2] = [crate::card::ENTRY, crate::board::ENTRY];

/// How many games the app has.
pub const COUNT: usize = GAMES.len();

/// One part of every entry, in the list's order, as an array worked out at compile time (so it
/// holds that part only).
macro_rules! each {
    ($part:ident: $ty:ty) => {{
        let mut parts: [$ty; COUNT] = [GAMES[0].$part; COUNT];
        let mut i = 1;
        while i < COUNT {
            parts[i] = GAMES[i].$part;
            i += 1;
        }
        parts
    }};
}

/// What the first load holds of each game (Home, the shell, the screen switcher).
pub const FRONTS: [Front; COUNT] = each!(front: Front);
/// Each game's reader (Saved games: the list, export, import).
pub const READERS: [Reader; COUNT] = each!(reader: Reader);
/// Each game's rules (the Rules screen).
pub const BOOKS: [&Book; COUNT] = each!(book: &'static Book);
/// Each game's part of Settings.
pub const SETTINGS: [Option<SettingsPart>; COUNT] = each!(settings: Option<SettingsPart>);
/// Each game's way to drop a deleted game (Saved games).
pub const FORGET: [fn(&str); COUNT] = each!(forget: fn(&str));

/// The first-load part of the game `kind`.
pub fn front(kind: GameKind) -> &'static Front {
    FRONTS
        .iter()
        .find(|f| f.kind == kind)
        .expect("every game kind has an entry")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind there is. The match has no catch-all arm: a kind added to `GameKind` does not
    /// compile here until it is listed.
    fn every_kind() -> Vec<GameKind> {
        let all = [GameKind::Card, GameKind::Board];
        for kind in all {
            match kind {
                GameKind::Card | GameKind::Board => {}
            }
        }
        all.to_vec()
    }

    #[test]
    fn every_game_kind_has_exactly_one_entry() {
        for kind in every_kind() {
            let entries = GAMES.iter().filter(|g| g.front.kind == kind).count();
            assert_eq!(entries, 1, "{kind:?} has {entries} entries");
        }
        assert_eq!(GAMES.len(), every_kind().len(), "an entry of no kind");
    }

    #[test]
    fn the_entries_codes_are_distinct_and_are_their_kinds_names_in_saves() {
        for (i, a) in GAMES.iter().enumerate() {
            for b in &GAMES[i + 1..] {
                assert_ne!(a.front.code, b.front.code, "two entries share a code");
            }
            let kind = a.front.kind;
            assert_eq!(kind.code(), a.front.code);
            assert_eq!(
                serde_json::to_string(&kind).unwrap(),
                format!("\"{}\"", a.front.code),
                "{kind:?} is saved under another name than its entry's code"
            );
            assert_eq!(GameKind::read(Some(a.front.code)).unwrap(), kind);
        }
    }

    #[test]
    fn each_entry_is_one_games_own() {
        for g in GAMES {
            let kind = g.front.kind;
            assert_eq!(g.reader.kind, kind, "{kind:?}'s reader reads another game");
            assert_eq!(
                g.book.game, g.front.code,
                "{kind:?}'s book is another game's"
            );
        }
    }

    #[test]
    fn the_parts_are_in_the_lists_order() {
        for (i, g) in GAMES.iter().enumerate() {
            assert_eq!(FRONTS[i].kind, g.front.kind);
            assert_eq!(READERS[i].kind, g.front.kind);
            assert_eq!(BOOKS[i].game, g.front.code);
            assert_eq!(SETTINGS[i].is_some(), g.settings.is_some());
        }
    }

    #[test]
    fn the_screens_classes_are_distinct() {
        let mut classes: Vec<&str> = FRONTS
            .iter()
            .flat_map(|f| {
                let s = f.screens;
                [s.new_game.class, s.table.class, s.log.class, s.review.class]
            })
            .collect();
        let all = classes.len();
        classes.sort_unstable();
        classes.dedup();
        assert_eq!(classes.len(), all, "two screens share a class");
    }
}
