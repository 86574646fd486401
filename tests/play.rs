//! The README's first command, `scripts/play`: when dist/ already holds the build of the files as
//! they are, it serves that build at once instead of building it again, and says in a line or two
//! what it does (the build tools' own output only with `--verbose`).
//!
//! scripts/test builds dist/ just before the tests run, so there this always runs (and must pass:
//! `CAMELOT_REQUIRE_BROWSER=1`); run alone with a dist/ older than the sources, it is skipped.

use std::path::Path;
use std::process::Command;

#[test]
fn play_serves_the_current_build_at_once_and_says_so_in_a_line_or_two() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let current = Command::new("bash")
        .arg("-c")
        .arg("source scripts/setup >/dev/null && camelot_dist_current release")
        .current_dir(root)
        .status()
        .expect("bash runs");
    if !current.success() {
        let why =
            "dist/ is not the release build of the files as they are (scripts/test builds it)";
        if std::env::var("CAMELOT_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
            panic!("{why}");
        }
        eprintln!("SKIPPING: {why}");
        return;
    }
    let index = root.join("dist/index.html");
    let built = std::fs::metadata(&index)
        .and_then(|m| m.modified())
        .unwrap();
    let out = Command::new(root.join("scripts/play"))
        .arg("--build-only")
        .current_dir(root)
        .output()
        .expect("scripts/play runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "scripts/play failed:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("[play] dist/ is up to date with the sources"),
        "it built again:\n{stdout}"
    );
    let lines = stdout.lines().count() + stderr.lines().count();
    assert!(lines <= 3, "{lines} lines printed:\n{stdout}\n{stderr}");
    let now = std::fs::metadata(&index)
        .and_then(|m| m.modified())
        .unwrap();
    assert_eq!(now, built, "dist/ was written again");
}
