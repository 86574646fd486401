//! The coached board game, from Home to its end, following the coach: each tip is the one the
//! engine says is due at that decision from the person's own view (the first time its rule
//! matters), names no card the person may not see, and the advice followed is the expert
//! computer knight's choice for his seat.

use super::*;
use camelot_board::coach::{Lesson, next_lesson};

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
    let mut tally = support::coach::start_coached(&b, "coach-board", "board-table").await;
    let mut fast = false;
    loop {
        b.assert_still_playing(tally.start, Duration::from_secs(900))
            .await;
        let s = saved(&b).await.expect("an autosave");
        let game = replay(&s);
        assert_nothing_hidden(&b, &game).await;
        if game.is_over() && s.loyalty_looks.is_empty() {
            if b.exists("[data-testid=quest-end-done]").await {
                b.click("[data-testid=quest-end-done]").await;
                tally.taps += 1;
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
                tally.taps += 1;
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
        let seen = support::coach::lessons(&b).await;
        let due = next_lesson(&game.seat_view(seat), &seen).map(|l| (l, l.code()));
        let n = s.moves.len();
        let (visible, turn) = (visible_codes(&game, seat), game.table_view().turn);
        if tally
            .read_tip_or_follow_advice(&b, due, &visible, turn, n)
            .await
        {
            continue;
        }
        wait_saved_after(&b, n).await;
        let after = saved(&b).await.expect("a save");
        let expert = game.legal_actions()[choice(&game, seat, Level::Expert, s.setup.seed, n)];
        assert_eq!(
            after.moves[n].action, expert,
            "move {n}: the advice followed is the expert's choice"
        );
    }
    // The rules a first game must meet were each explained.
    tally.report(
        "board game",
        &[
            Lesson::ProgressionOfEvil,
            Lesson::BlackCards,
            Lesson::SiegeEngines,
            Lesson::HeroicActions,
            Lesson::SiegeFight,
            Lesson::Merlin,
            Lesson::Healing,
            Lesson::Swords,
            Lesson::Accusation,
        ],
    );
    // A finished board game: Home offers the coach no more; New game always does.
    support::coach::offered_only_in_new_game(&b, "coach-board", "new-board-game", "board-coached")
        .await;
    b.assert_no_console_errors().await;
    b.close().await;
}
