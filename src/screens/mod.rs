//! Screens around the game: saved games, the rules, settings.

pub mod rules;
pub mod saved_games;
pub mod settings;
