//! Looking back on a finished game (its review) from Saved games, as both games offer it
//! (tests/browser_board, tests/browser_game): what the two games' review tests share.

use super::Browser;

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
