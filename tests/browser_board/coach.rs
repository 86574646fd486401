//! The coached board game, from Home to its end, following the coach: each tip is the one the
//! engine says is due at that decision from the person's own view (the first time its rule
//! matters), names no card the person may not see, and the advice followed is the expert
//! computer knight's choice for his seat.

use super::*;
use camelot_board::coach::{Lesson, next_lesson};

/// The lessons the coach has given in the game being played, from its autosave.
async fn lessons(b: &Browser) -> Vec<Lesson> {
    let text = b
        .eval(
            "const id = localStorage.getItem('camelot/v1/current');
             return id && localStorage.getItem('camelot/v1/game/' + JSON.parse(id));",
        )
        .await;
    let s: Value = serde_json::from_str(text.as_str().expect("a save")).expect("JSON");
    serde_json::from_value(s["lessons"].clone()).unwrap_or_default()
}

/// The cards `seat` may see named in a tip: his own hand, and the black card face up on the
/// table.
fn visible_codes(game: &Game, seat: Seat) -> Vec<String> {
    let sv = game.seat_view(seat);
    let mut codes: Vec<String> = sv.hand.iter().map(|&c| code(c)).collect();
    if let Some(PendingView::BlackCard {
        card: Some(card), ..
    }) = sv.table.pending
    {
        codes.push(code(card));
    }
    codes
}

#[tokio::test]
async fn a_first_board_game_is_coached_from_home_to_its_end() {
    let Some(b) = support::launch().await else {
        return;
    };
    b.open_app().await;
    b.clear_storage().await;
    b.reload().await;
    // Nobody has finished a board game here: Home offers the coached one.
    b.click("[data-testid=coach-board]").await;
    b.wait_for("[data-testid=board-table]").await;
    let start = Instant::now();
    let mut taps = 1;
    let mut taught: Vec<(Lesson, u32)> = Vec::new();
    let mut decisions = 0;
    let mut fast = false;
    loop {
        b.assert_still_playing(start, Duration::from_secs(900))
            .await;
        let s = saved(&b).await.expect("an autosave");
        let game = replay(&s);
        assert_nothing_hidden(&b, &game).await;
        if game.is_over() && s.loyalty_looks.is_empty() {
            if b.exists("[data-testid=quest-end-done]").await {
                b.click("[data-testid=quest-end-done]").await;
                taps += 1;
            }
            b.wait_for("[data-testid=board-end]").await;
            break;
        }
        if !fast && b.exists("[data-testid=board-fast]").await {
            fast = true;
            b.click("[data-testid=board-fast]").await;
            continue;
        }
        let mut tapped = false;
        for done in ["private-done", "private-notices-done", "quest-end-done"] {
            if !tapped && b.exists(&format!("[data-testid={done}]")).await {
                b.click(&format!("[data-testid={done}]")).await;
                taps += 1;
                tapped = true;
            }
        }
        if tapped {
            continue;
        }
        let Some(seat) = game.decider() else {
            continue;
        };
        if s.computers[seat.index()] || !b.exists("[data-testid=board-actions]").await {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        // The person decides: the coach is beside his choices.
        assert!(b.exists("[data-testid=coach]").await, "no coach");
        let seen = lessons(&b).await;
        let due = next_lesson(&game.seat_view(seat), &seen);
        let n = s.moves.len();
        if b.exists("[data-testid=coach-tip]").await {
            let lesson = due.expect("a tip shows when none is due");
            support::coach::read_tip(&b, &lesson.code(), &visible_codes(&game, seat), n).await;
            taught.push((lesson, game.table_view().turn));
            taps += 1;
            continue;
        }
        assert!(due.is_none(), "move {n}: {due:?} is due and no tip shows");
        // What would an experienced player do? Then do it.
        decisions += 1;
        support::coach::follow_advice(&b).await;
        taps += 2;
        wait_saved_after(&b, n).await;
        let after = saved(&b).await.expect("a save");
        let expert = game.legal_actions()[choice(&game, seat, Level::Expert, s.setup.seed, n)];
        assert_eq!(
            after.moves[n].action, expert,
            "move {n}: the advice followed is the expert's choice"
        );
    }
    let minutes = start.elapsed().as_secs_f64() / 60.0;
    eprintln!(
        "coached board game: {taps} taps, {decisions} decisions, {} tips in {minutes:.1} min: {:?}",
        taught.len(),
        taught
    );
    // The rules a first game must meet were each explained.
    for lesson in [
        Lesson::ProgressionOfEvil,
        Lesson::BlackCards,
        Lesson::SiegeEngines,
        Lesson::HeroicActions,
        Lesson::SiegeFight,
        Lesson::Merlin,
        Lesson::Healing,
        Lesson::Swords,
        Lesson::Accusation,
    ] {
        assert!(
            taught.iter().any(|(l, _)| *l == lesson),
            "{lesson:?} was never explained: {taught:?}"
        );
    }
    // A finished board game: Home offers the coach no more; New game always does.
    b.click("[data-testid=home-button]").await;
    b.wait_for("[data-testid=new-board-game]").await;
    assert!(!b.exists("[data-testid=coach-board]").await);
    b.click("[data-testid=new-board-game]").await;
    b.wait_for("[data-testid=board-coached]").await;
    b.assert_no_console_errors().await;
    b.close().await;
}
