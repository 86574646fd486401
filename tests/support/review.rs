//! Looking back on a finished game (its review) from Saved games, as both games offer it
//! (tests/browser_board, tests/browser_game): what the two games' review tests share.

use super::Browser;
use camelot_kit::{Move, Rules};

/// The screens of one game the review's way goes through (CSS selectors).
pub struct Screens {
    /// A finished game's end.
    pub end: &'static str,
    /// The review, shown.
    pub review: &'static str,
    /// A running game's table.
    pub table: &'static str,
}

/// The board game's screens.
pub const BOARD: Screens = Screens {
    end: "[data-testid=board-end]",
    review: "[data-testid=review] [data-testid=board]",
    table: "[data-testid=board-table]",
};

/// The Card Game's screens.
pub const CARD: Screens = Screens {
    end: "[data-testid=end]",
    review: "[data-testid=review]",
    table: "[data-testid=table]",
};

/// From Home: Saved games offers to look back on the finished game `done`, and not on the game
/// `running`, still being played.
pub async fn saved_games_offer_a_review_of_the_finished_game_only(
    b: &Browser,
    done: &str,
    running: &str,
) {
    b.click("[data-testid=saved-games]").await;
    b.wait_for(&format!("[data-id={done}] [data-testid=review-save]"))
        .await;
    assert!(
        !b.exists(&format!("[data-id={running}] [data-testid=review-save]"))
            .await,
        "a game still being played offers a review"
    );
}

/// From the review of the finished game `done`, opened from Saved games: back to Saved games; the
/// game opens at its end (every card turned over first, when the end asks), which looks back on it
/// too — `at_the_end` checks the review then shows the game's end — and comes back there. Then
/// the game `running`, still being played, opens from Saved games at its table, with no review.
pub async fn the_end_looks_back_too_and_a_running_game_does_not(
    b: &Browser,
    screens: &Screens,
    done: &str,
    running: &str,
    at_the_end: impl Future<Output = ()>,
) {
    b.click("[data-testid=review-leave]").await;
    b.wait_for(&format!("[data-id={done}] [data-testid=open-save]"))
        .await;
    b.click(&format!("[data-id={done}] [data-testid=open-save]"))
        .await;
    b.wait_for(screens.end).await;
    if b.exists("[data-testid=reveal-all]").await {
        b.click("[data-testid=reveal-all]").await;
    }
    // The board game's end turns its Loyalty cards over one by one; looking back waits for it.
    while b.exists("[data-testid=end-turn-next]").await {
        assert!(
            !b.exists("[data-testid=look-back]").await,
            "looking back before the reveal"
        );
        b.click("[data-testid=end-turn-next]").await;
    }
    b.click("[data-testid=look-back]").await;
    b.wait_for(screens.review).await;
    at_the_end.await;
    b.click("[data-testid=review-leave]").await;
    b.wait_for(screens.end).await;
    // The game still being played opens at its table, with no review.
    b.click("[data-testid=home-button]").await;
    b.click("[data-testid=saved-games]").await;
    b.wait_for(&format!("[data-id={running}] [data-testid=open-save]"))
        .await;
    b.click(&format!("[data-id={running}] [data-testid=open-save]"))
        .await;
    b.wait_for(screens.table).await;
    assert!(!b.exists("[data-testid=look-back]").await);
    assert!(!b.exists("[data-testid=review]").await);
}

/// A game of random legal moves from `setup` to its end (a small xorshift seeded from `seed`).
pub fn random_moves<R: Rules>(setup: &R::Setup, seed: u64) -> Vec<Move<R::Action>> {
    let mut game = R::start(setup).expect("setup");
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut moves = Vec::new();
    while let Some(seat) = game.decider() {
        let legal = game.legal_actions();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let action = legal[(state % legal.len() as u64) as usize].clone();
        game.apply(seat, action.clone()).expect("a legal move");
        moves.push(Move { seat, action });
    }
    moves
}

/// The finished game's `moves` saved as `done`, and its first half as `running`, still being
/// played, as entries to store; `save(id, moves)` is a game's save as the app writes it.
pub fn finished_and_running<A>(
    [done, running]: [&str; 2],
    moves: &[Move<A>],
    save: impl Fn(&str, &[Move<A>]) -> String,
) -> [(String, String); 2] {
    [
        super::setup::saved_game(done, &save(done, moves)),
        super::setup::saved_game(running, &save(running, &moves[..moves.len() / 2])),
    ]
}

/// Waits until the review says it shows `step` ("Move 3 of 40 · turn 1"); `turns`: the turn at
/// each step, the last step the game's end.
pub async fn wait_for_step(b: &Browser, step: usize, turns: &[u32]) {
    let last = turns.len() - 1;
    let turn = turns[step];
    b.wait_for_text(
        "[data-testid=review-where]",
        &format!("Move {step} of {last} · turn {turn}"),
    )
    .await;
}

/// From the review at step 0, through its buttons: a move forward, the next turn, a move back, the
/// previous turn (step 0 again) and the end; `check(step)` checks the step shown after each.
pub async fn step_through<F: Future<Output = ()>>(
    b: &Browser,
    turns: &[u32],
    check: impl Fn(usize) -> F,
) {
    let last = turns.len() - 1;
    b.click("[data-testid=review-forward]").await;
    check(1).await;
    b.click("[data-testid=review-next-turn]").await;
    let next = (2..=last)
        .find(|&k| turns[k] != turns[k - 1])
        .unwrap_or(last);
    check(next).await;
    b.click("[data-testid=review-back]").await;
    check(next - 1).await;
    b.click("[data-testid=review-prev-turn]").await;
    check(0).await;
    b.click("[data-testid=review-end]").await;
    check(last).await;
}
