//! Simple built-in policies and whole-game simulation (see `camelot simulate`).
