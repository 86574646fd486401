//! `camelot`: the app's games on the command line. The first word names the game, the rest goes to
//! that game's own command-line module:
//!
//! ```text
//! camelot card resolve|play|simulate …    Shadows over Camelot: The Card Game (camelot_card::cli)
//! camelot board play|simulate …           Shadows over Camelot, the board game (camelot_board::cli)
//! camelot help                            the games and where their help is
//! ```
//!
//! A reader that goes away before the output is written (`camelot card simulate … | head -c 10`)
//! ends the command quietly, as a command-line tool does: no panic, no message.

use std::io::{ErrorKind, Write};
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
    end_quietly_on_a_closed_pipe();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        Some("card") => camelot_card::cli::main(&args[1..]),
        Some("board") => camelot_board::cli::main(&args[1..]),
        Some("help" | "--help" | "-h") => print_line(USAGE),
        Some("--version" | "-V") => print_line(&format!("camelot {}", env!("CARGO_PKG_VERSION"))),
        Some(other) => {
            let _ = writeln!(
                std::io::stderr(),
                "camelot: unknown game `{other}` (expected card or board; try `camelot help`)"
            );
            2
        }
        None => {
            let _ = writeln!(std::io::stderr(), "camelot: no game given\n\n{USAGE}");
            2
        }
    };
    ExitCode::from(u8::try_from(code).unwrap_or(2))
}

/// Write `text` and a newline to stdout; the exit code. A closed pipe stops the writing quietly
/// (exit 0: nobody is left to read); any other write error is exit code 2.
fn print_line(text: &str) -> i32 {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => {
            let _ = writeln!(std::io::stderr(), "camelot: cannot write the output: {e}");
            2
        }
        _ => 0,
    }
}

/// Where a game's command prints with `println!` (which panics when stdout is a closed pipe), end
/// the program quietly instead, with exit code 0, as a reader gone away is no failure of the
/// command. Every other panic is reported as usual.
fn end_quietly_on_a_closed_pipe() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info.payload_as_str().unwrap_or_default();
        if message.starts_with("failed printing to stdout")
            && message.to_ascii_lowercase().contains("broken pipe")
        {
            std::process::exit(0);
        }
        report(info);
    }));
}
