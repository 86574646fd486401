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

    // Saved games
    saved_title: "Saved games",
    saved_download_failed: "The browser did not let Camelot create the file.",
    saved_exported: "Exported the game of {names} as “{file}”. Keep the file to open the game on another device with Import.",
    saved_deleted: "The saved game was deleted.",
    saved_file_too_big: "This file is far too big to be a Camelot saved game.",
    saved_file_unreadable: "The file could not be read. Try choosing it again.",
    saved_imported: "Imported the game of {names}. It is now in the list below.",
    saved_delete_question: "Delete the game of {names}?",
    saved_delete_damaged_question: "Delete this damaged saved game?",
    saved_cannot_undo: "It cannot be undone.",
    saved_confirm_label: "Confirm deletion",
    saved_delete_for_good: "Delete for good",
    saved_keep: "Keep it",
    saved_view: "View",
    saved_continue: "Continue",
    saved_playing_now: "Playing now",
    saved_dates: "Last played {updated} · started {created}",
    saved_last_played: "Last played {date}",
    saved_export: "Export",
    saved_delete: "Delete",
    saved_unreadable_title: "A saved game that cannot be opened",
    saved_details: "Details",
    saved_none: "No saved games yet. Every game you start is saved here after each move.",
    saved_import_title: "Import a saved game",
    saved_import_help: "Open a file made with Export, on this or another device.",
    saved_choose_file: "Choose a file…",

    // Storage messages
    storage_unavailable: "This browser is not letting Camelot keep saved games on this device (storage may be switched off, or this is a private window). You can play on, but the game will be lost when the page is closed.",
    storage_full: "There is no room left on this device to save the game. Delete a saved game you no longer need (export it to a file first if you want to keep it), then try again.",
    storage_not_found: "This saved game is no longer on this device.",
    storage_damaged: "This saved game is damaged and cannot be opened: part of it is missing or garbled. It has been left as it is.",
    storage_does_not_replay: "This saved game is damaged and cannot be opened: move {move} does not follow the rules. It has been left as it is.",
    storage_newer: "This saved game was made by a newer version of Camelot, so this version cannot open it. It has been left as it is: open it with the newer version.",
    storage_newer_detail: "save format {found}; this version reads up to format {supported}",
    storage_foreign: "This is not a Camelot saved game. Choose a file that was made with Camelot's Export button.",
    storage_would_overwrite: "The game was not saved, so as not to overwrite another saved game with the same name that cannot be read. {problem}",
    storage_browser: "The browser refused to save the game. Try again; if it keeps happening, export your games to files.",
    storage_unnamed_game: "Unnamed game",
    storage_date_unknown: "Unknown date",
    storage_date_today: "Today, {time}",
    storage_date_yesterday: "Yesterday, {time}",
    storage_date_this_year: "{date}, {time}",

    // The end
    end_title: "The game is over",
    end_reveal_heading: "Every Loyalty card, one by one",
    end_reveal_next: "Reveal {name}'s card",
    end_reveal_all: "Reveal all",
    end_flipped: "For the hidden Traitors, {n} white sword turned black.|For the hidden Traitors, {n} white swords turned black.",
    end_turns: "{n} turn|{n} turns",
    end_quests: "Quests won: {won} · lost: {lost}",
    end_no_accusation: "No accusation",
    end_accused: "{accuser} accused {accused}",
    end_accused_was: "{accuser} accused {accused} — {loyalty}",
    end_rematch: "Rematch",
    end_rematch_hint: "same players, new deal",
    end_new_game: "New game",

    // The log
    log_title: "Log",
    log_turn: "Turn {n}: {name}",
    log_hint: "What everyone saw and heard, newest first. Which cards went under the top of the Threats pile is for you to remember.",
    log_no_game: "No game is being played.",
    log_nothing_yet: "Nothing has happened yet.",

    // The sword tally
    swords_label: "{white}, {black}",
    swords_white_count: "{n} white sword|{n} white swords",
    swords_black_count: "{n} black sword|{n} black swords",
    swords_white_word: "white|white",
    swords_black_word: "black|black",
    swords_goal: "{n} wins",

    // The quest revealed
    reveal_title_by: "{name} went on the {quest} quest",
    reveal_title: "The {quest} quest",
    reveal_set_aside: "Set aside:",
    reveal_no_sword: "No sword is placed.",
    reveal_continue: "Continue",
    reveal_skip: "Skip",
    reveal_merlin5: "Merlin #5: exactly five cards of the chosen quest — it succeeds.",
    reveal_morgan5: "Morgan #5: the chosen quest needed 12 or 13.",
    reveal_morgan3: "Morgan #3: every quest placing swords places {n} more sword.|Morgan #3: every quest placing swords places {n} more swords.",
    reveal_morgan7: "Morgan #7: the chosen quest reached 14 or more — Evil wins at once!",
    reveal_questions: "{count} × ? worth {value} each = {total}",
    reveal_numbers: "Numbers: {n}",
    reveal_mordred: "Mordred: +{n}",
    reveal_morgan4: "Morgan #4: +{n}",
    reveal_merlin6: "Merlin #6: +{n}",
    reveal_outcome_swords: "{outcome} — {swords}",
    reveal_chosen: "chosen quest",
    reveal_struck_by: "Merlin #{n}",
    reveal_no_card: "No card",
    reveal_not_counted: "No card: not counted",
    reveal_total: "Total: {total}",

    // Cards
    card_morgan: "Morgan #{n}",
    card_merlin: "Merlin #{n}",
    card_mordred: "Mordred",
    card_vivien: "Vivien",
    card_knight_arthur: "Arthur",
    card_knight_tristan: "Tristan",
    card_knight_gawain: "Gawain",
    card_knight_galahad: "Galahad",
    card_knight_percival: "Percival",
    card_knight_when_what: "{when}: {what}",
    card_back_label: "A Rumor card, face down",
    card_loyalty_back_label: "A Loyalty card, face down",
    card_loyalty: "Loyalty",

    // The crash screen
    crash_title: "Something went wrong",
    crash_hint: "The app hit an unexpected error. Reloading usually helps.",
    crash_reload: "Reload",

    // == Table, curtain, new game, words, computer knights (keys prefixed: table_, curtain_, new_,
    // word_, event_, bot_, error_)
}
