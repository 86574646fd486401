//! The coach on the page, as both games' coached browser games read it: the tip shown is the
//! lesson due and names no card its player may not see; "Got it"; the advice asked and followed.

use super::Browser;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::time::{Duration, Instant};

/// The lessons the coach has given in the game being played, from its autosave.
pub async fn lessons<L: DeserializeOwned>(b: &Browser) -> Vec<L> {
    let s = b.current_save().await.expect("a save");
    serde_json::from_value(s["lessons"].clone()).unwrap_or_default()
}

/// What a coached game has taken so far: the taps, the person's decisions, and each lesson taught
/// with its turn.
pub struct Tally<L> {
    pub start: Instant,
    pub taps: u32,
    pub decisions: u32,
    pub taught: Vec<(L, u32)>,
}

/// Opens a fresh app, where nobody has finished a game, so Home offers the coached one: taps it
/// (the button `coach`, a test id) and waits for its table (`table`).
pub async fn start_coached<L>(b: &Browser, coach: &str, table: &str) -> Tally<L> {
    b.open_app().await;
    b.clear_storage().await;
    b.reload().await;
    b.click(&format!("[data-testid={coach}]")).await;
    b.wait_for(&format!("[data-testid={table}]")).await;
    Tally {
        start: Instant::now(),
        taps: 1,
        decisions: 0,
        taught: Vec::new(),
    }
}

impl<L: Debug + PartialEq> Tally<L> {
    /// The person's decision `n` in turn `turn`: the tip on the page read if one shows (it must be
    /// the lesson `due`, with its code, and name only `visible` cards), `true`; else no lesson is
    /// due and the advice is asked and followed, `false`.
    pub async fn read_tip_or_follow_advice(
        &mut self,
        b: &Browser,
        due: Option<(L, String)>,
        visible: &[String],
        turn: u32,
        n: usize,
    ) -> bool {
        if b.exists("[data-testid=coach-tip]").await {
            let (lesson, code) = due.expect("a tip shows when none is due");
            read_tip(b, &code, visible, n).await;
            self.taught.push((lesson, turn));
            self.taps += 1;
            return true;
        }
        let due = due.map(|(lesson, _)| lesson);
        assert!(due.is_none(), "move {n}: {due:?} is due and no tip shows");
        // What would an experienced player do? Then do it.
        self.decisions += 1;
        follow_advice(b).await;
        self.taps += 2;
        false
    }

    /// Prints what the coached `game` took, and checks each rule a first game must meet
    /// (`first_game`) was explained.
    pub fn report(&self, game: &str, first_game: &[L]) {
        let Tally {
            taps,
            decisions,
            taught,
            ..
        } = self;
        let minutes = self.start.elapsed().as_secs_f64() / 60.0;
        eprintln!(
            "coached {game}: {taps} taps, {decisions} decisions, {} tips in {minutes:.1} min: {taught:?}",
            taught.len(),
        );
        for lesson in first_game {
            assert!(
                taught.iter().any(|(l, _)| l == lesson),
                "{lesson:?} was never explained: {taught:?}"
            );
        }
    }
}

/// After a finished game, Home offers the coach (the button `coach`) no more; New game (`new_game`)
/// always does (its choice `coached`).
pub async fn offered_only_in_new_game(b: &Browser, coach: &str, new_game: &str, coached: &str) {
    b.click("[data-testid=home-button]").await;
    b.wait_for(&format!("[data-testid={new_game}]")).await;
    assert!(!b.exists(&format!("[data-testid={coach}]")).await);
    b.click(&format!("[data-testid={new_game}]")).await;
    b.wait_for(&format!("[data-testid={coached}]")).await;
}

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
