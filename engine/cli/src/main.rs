//! `camelot`: the app's games on the command line. The first word names the game, the rest goes to
//! that game's own command-line module:
//!
//! ```text
//! camelot card resolve|play|simulate …    Shadows over Camelot: The Card Game (camelot_card::cli)
//! camelot board play|simulate …           Shadows over Camelot, the board game (camelot_board::cli)
//! camelot help                            the games and where their help is
//! ```

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
        Some("card") => camelot_card::cli::main(&args[1..]),
        Some("board") => camelot_board::cli::main(&args[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            0
        }
        Some("--version" | "-V") => {
            println!("camelot {}", env!("CARGO_PKG_VERSION"));
            0
        }
        Some(other) => {
            eprintln!(
                "camelot: unknown game `{other}` (expected card or board; try `camelot help`)"
            );
            2
        }
        None => {
            eprintln!("camelot: no game given\n\n{USAGE}");
            2
        }
    };
    ExitCode::from(u8::try_from(code).unwrap_or(2))
}
