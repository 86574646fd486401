//! The shell's screens, around the games: Home, saved games, the rules, settings.

pub mod home;
pub mod rules;
pub mod saved_games;
pub mod settings;
