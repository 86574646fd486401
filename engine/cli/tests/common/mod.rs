//! Running the built `camelot` tool, for the command-line tests.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

/// `camelot ARGS…` started with its stdin, stdout and stderr piped.
pub fn spawn_camelot(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_camelot"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the camelot binary runs")
}

/// The path of a file in the repository's `tests/` folder (the example games).
pub fn repo_file(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests")
        .join(name);
    p.to_str().unwrap().to_string()
}
