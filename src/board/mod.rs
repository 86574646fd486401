//! The board game's part of the app: its words, its rules text, its screens and its saved session.
//! Everything here is reached only from the board game's split screens, so none of it is in the
//! first load.
pub mod rules;

pub mod i18n;
pub mod words;
