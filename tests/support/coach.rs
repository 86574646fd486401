//! The coach on the page, as both games' coached browser games read it: the tip shown is the
//! lesson due and names no card its player may not see; "Got it"; the advice asked and followed.

use super::Browser;
use std::time::{Duration, Instant};

/// Checks the tip on the page is the lesson `due` (its code) and names only cards among `visible`
/// (their codes), then reads it ("Got it") and waits until it has gone (the next rule due at this
/// decision, if any, comes in its place). `n`: the move, for the messages.
pub async fn read_tip(b: &Browser, due: &str, visible: &[String], n: usize) {
    assert_eq!(
        b.attr("[data-testid=coach-tip]", "data-lesson")
            .await
            .unwrap_or_default(),
        due,
        "move {n}: the tip is not the one due"
    );
    // A tip names no card but those the person may see.
    let cards = b
        .attr("[data-testid=coach-tip]", "data-cards")
        .await
        .unwrap_or_default();
    for c in cards.split_whitespace() {
        assert!(visible.iter().any(|v| v == c), "the tip names {c}");
    }
    assert!(!b.text("[data-testid=coach-tip]").await.trim().is_empty());
    b.click("[data-testid=coach-got-it]").await;
    let t = Instant::now();
    while b
        .eval(
            "const e = document.querySelector('[data-testid=coach-tip]');
             return e && e.dataset.lesson;",
        )
        .await
        .as_str()
        == Some(due)
    {
        assert!(t.elapsed() < Duration::from_secs(10), "the tip stays");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// "What would an experienced player do?", its answer read, then "Do that".
pub async fn follow_advice(b: &Browser) {
    b.click("[data-testid=coach-advise]").await;
    b.wait_for("[data-testid=coach-advice]").await;
    assert!(!b.text("[data-testid=coach-advice]").await.trim().is_empty());
    b.click("[data-testid=coach-follow]").await;
}
