//! What every command shares: its failure (a message and an exit code), reading its one input,
//! and writing to stdout and stderr without a panic. A reader that goes away early (`… | head`)
//! stops the writing quietly: nobody is left to read, and it is not the command's failure, so the
//! exit code stays what the command made it.

use serde::Serialize;
use std::io::{ErrorKind, Read, Write};

/// A command's failure: the message for stderr (after `camelot: `) and the exit code.
#[derive(Debug)]
pub struct Failure {
    pub message: String,
    pub code: i32,
}

impl Failure {
    /// Bad usage or bad input: exit code 2.
    pub fn input(message: impl Into<String>) -> Self {
        Failure {
            message: message.into(),
            code: 2,
        }
    }
}

/// A command's exit code: 0 when it is done, else its failure's, the failure told on stderr.
pub fn exit_code(result: Result<(), Failure>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(f) => {
            warn(&f.message);
            f.code
        }
    }
}

/// `camelot: MESSAGE` on stderr (nothing more to do if stderr is closed too).
pub fn warn(message: &str) {
    let _ = writeln!(std::io::stderr(), "camelot: {message}");
}

/// A file's text, or stdin's for `-`.
pub fn read_file_or_stdin(path: &str) -> Result<String, Failure> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Failure::input(format!("cannot read stdin: {e}")))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path)
            .map_err(|e| Failure::input(format!("cannot read {path}: {e}")))
    }
}

/// `value` as pretty JSON and a newline on stdout ([`print_line`]).
pub fn print_json(value: &impl Serialize) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(value).map_err(|e| Failure::input(e.to_string()))?;
    print_line(&text)
}

/// `value` as JSON on one line and a newline on stdout ([`print_line`]).
pub fn print_json_line(value: &impl Serialize) -> Result<(), Failure> {
    let text = serde_json::to_string(value).map_err(|e| Failure::input(e.to_string()))?;
    print_line(&text)
}

/// Write `text` and a newline to stdout. A closed pipe (the reader has gone, as `head` does once
/// it has its lines) stops the writing quietly; any other write error is a failure (exit code 2).
pub fn print_line(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => {
            Err(Failure::input(format!("cannot write the output: {e}")))
        }
        _ => Ok(()),
    }
}
