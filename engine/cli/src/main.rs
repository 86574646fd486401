//! `camelot`: the app's games on the command line. The first word names the game, the rest goes to
//! that game's commands here, which read and write the engines' library types:
//!
//! ```text
//! camelot card resolve|play|simulate …    Shadows over Camelot: The Card Game (card.rs)
//! camelot board play|simulate …           Shadows over Camelot, the board game (board.rs)
//! camelot help                            the games and where their help is
//! ```
//!
//! Every command writes through [`out`]: a reader that goes away before the output is written
//! (`camelot card simulate … | head -c 10`) ends the writing quietly, as a command-line tool does —
//! no panic, no message, the command's own exit code.

mod board;
mod card;
mod out;

use std::process::ExitCode;

const USAGE: &str = "\
camelot — Shadows over Camelot on the command line

USAGE:
    camelot card COMMAND ...    The Card Game: resolve, play, simulate (camelot card help)
    camelot board COMMAND ...   The board game: play, simulate (camelot board help)
    camelot help                This text
    camelot --version           The version

Exit codes: 0 ok, 1 a scripted action was refused, 2 bad usage or input.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        Some("card") => card::main(&args[1..]),
        Some("board") => board::main(&args[1..]),
        Some("help" | "--help" | "-h") => out::exit_code(out::print_line(USAGE)),
        Some("--version" | "-V") => out::exit_code(out::print_line(&format!(
            "camelot {}",
            env!("CARGO_PKG_VERSION")
        ))),
        Some(other) => out::exit_code(Err(out::Failure::input(format!(
            "unknown game `{other}` (expected card or board; try `camelot help`)"
        )))),
        None => out::exit_code(Err(out::Failure::input(format!(
            "no game given\n\n{USAGE}"
        )))),
    };
    ExitCode::from(u8::try_from(code).unwrap_or(2))
}
