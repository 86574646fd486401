//! The `camelot` tool writing into a pipe whose reader has gone (`camelot … | head`): it stops
//! writing and ends quietly — no panic, no message, the command's own exit code.

mod common;

use common::{repo_file, spawn_camelot};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};

/// Run `camelot ARGS…` with `stdin`, read the first `keep` bytes of its output (none: the pipe is
/// closed at once, before the tool has written anything), close the pipe, and wait: its exit status
/// and what it wrote to stderr.
fn read_then_close(args: &[&str], stdin: &str, keep: usize) -> (ExitStatus, String) {
    let mut child = spawn_camelot(args);
    let mut out = child.stdout.take().expect("stdout is piped");
    if keep == 0 {
        drop(out);
        out_of_reach(&mut child, stdin);
    } else {
        out_of_reach(&mut child, stdin);
        let mut first = vec![0; keep];
        out.read_exact(&mut first).expect("the first bytes come");
        drop(out);
    }
    let done = child.wait_with_output().expect("the camelot binary ends");
    (
        done.status,
        String::from_utf8_lossy(&done.stderr).into_owned(),
    )
}

/// Hand the child its input and close its stdin (a command that reads none may have ended already).
fn out_of_reach(child: &mut std::process::Child, stdin: &str) {
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let _ = pipe.write_all(stdin.as_bytes());
}

/// Three thousand quest scenarios: `camelot card resolve` prints a breakdown of each, far more than
/// a pipe holds.
fn many_scenarios() -> String {
    let one = json!({
        "main": "excalibur",
        "pile": ["excalibur:5", "picts:5", "excalibur:3", "grail:3", "picts:3", "excalibur:?"]
    });
    Value::Array(vec![one; 3000]).to_string()
}

#[test]
fn a_long_output_stops_quietly_when_its_reader_goes() {
    let input = many_scenarios();
    // The whole output is far more than a pipe holds, so the tool is still writing when the reader
    // goes.
    let whole = Command::new(env!("CARGO_BIN_EXE_camelot"))
        .args(["card", "resolve", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(input.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(whole.status.success());
    assert!(whole.stdout.len() > 1 << 18, "{} bytes", whole.stdout.len());

    let (status, stderr) = read_then_close(&["card", "resolve", "-"], &input, 100);
    assert_eq!(stderr, "");
    assert_eq!(status.code(), Some(0));
}

#[test]
fn every_command_ends_quietly_when_its_reader_has_gone() {
    let example = repo_file("play-example.json");
    let board_example = repo_file("board-play-example.json");
    let dir = std::env::temp_dir().join(format!("camelot-pipe-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join("scenario.json");
    std::fs::write(
        &scenario,
        json!({"main": "picts", "pile": ["picts:2", "picts:5"]}).to_string(),
    )
    .unwrap();
    let commands: [&[&str]; 10] = [
        &["card", "simulate", "--games", "3000"],
        &["card", "simulate", "--games", "200", "--bots", "solid"],
        &["card", "resolve", scenario.to_str().unwrap()],
        &["card", "play", example.as_str()],
        &["card", "help"],
        &[
            "board",
            "simulate",
            "--games",
            "30",
            "--players",
            "4",
            "--seed",
            "1",
        ],
        &["board", "play", board_example.as_str()],
        &["board", "help"],
        &["help"],
        &["--version"],
    ];
    for args in commands {
        let (status, stderr) = read_then_close(args, "", 0);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}");
        assert_eq!(status.code(), Some(0), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A scripted game with a refused action still says so on stderr, and exits 1, when nobody reads its
/// output.
#[test]
fn a_refusal_is_still_reported_when_the_reader_has_gone() {
    let script = json!({
        "players": 2,
        "actions": [{"seat": 1, "action": {"type": "listen_to_rumors"}}]
    });
    let (status, stderr) = read_then_close(&["card", "play", "-"], &script.to_string(), 0);
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("refused"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    // The board game's too: seat 1 speaks before seat 0's first decision.
    let script = json!({
        "players": 3,
        "actions": [{"seat": 1, "action": {"type": "draw_black_card"}}]
    });
    let (status, stderr) = read_then_close(&["board", "play", "-"], &script.to_string(), 0);
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with("camelot: action 0 "), "{stderr}");
    assert!(stderr.contains("refused"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
