//! # Shadows over Camelot (the board game): the rules engine
