//! The one table of interface texts: each key with its English text. Other languages are packs in
//! `public/i18n/<code>.json` with the same keys (see the module above for placeholders and plurals).
//! Keys are grouped by screen; add new ones to the group where they show.

macro_rules! texts {
    ($($key:ident: $text:literal,)*) => {
        /// A key of the interface texts.
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum K {
            $($key,)*
        }

        /// The keys' names, as in the language packs.
        pub const KEYS: &[&str] = &[$(stringify!($key),)*];

        /// The English texts, in key order.
        pub const EN: &[&str] = &[$($text,)*];
    };
}

texts! {
    // Shared words
    list_and: "{list} and {last}",
    n_swords: "{n} sword|{n} swords",
    back: "Back",
    close: "Close",
    ok: "OK",
    cancel: "Cancel",

    // Top bar
    app_name: "Camelot",
    home: "Home",
    rules: "Rules",

    // Home
    home_subtitle: "Shadows over Camelot: The Card Game — one phone, passed around the table",
    home_continue: "Continue",
    home_new_game: "New game",
    home_saved_games: "Saved games",
    home_settings: "Settings",
    save_failed_play_goes_on: "Play goes on; the game will be saved again after the next action.",

    // Settings
    settings_title: "Settings",
    settings_saved: "Saved on this device.",
    settings_not_saved: "The setting applies until the page is closed.",
    settings_countdown: "Silence countdown",
    settings_countdown_help: "While Morgan's silence holds, the table always shows how long it has lasted. You can also have a countdown for each player's turn, to keep the game moving.",
    settings_off: "Off",
    settings_seconds: "{n} s",
    settings_motion: "Motion",
    settings_motion_help: "Cards flipping and swords sliding in. Turn them off if movement bothers anyone.",
    settings_motion_system: "Follow this device's setting",
    settings_motion_reduce: "Always reduce motion",
    settings_language: "Language",
    settings_language_help: "The game speaks the language of this device unless you choose another here.",
    settings_language_failed: "{language} could not be loaded ({why}). Connect once to download it.",
    settings_language_device: "This device's language",

    // == Saved games, storage messages, the end, the log, swords, the quest reveal, cards, crash screen
    // (keys prefixed by screen: saved_, storage_, end_, log_, swords_, reveal_, card_, crash_)

    // == Table, curtain, new game, words, computer knights (keys prefixed: table_, curtain_, new_,
    // word_, event_, bot_, error_)
}
