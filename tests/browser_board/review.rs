//! A finished board game looked back on from Saved games, move by move; a running one is not.

use super::*;

/// A finished board game as a save (a person and three computer knights, random legal moves to
/// the end), and the same game halfway, still being played (`gdone` and `grunning`), as entries
/// to store.
fn finished_and_running_saves(seed: u64) -> (Setup, Vec<Move<Action>>, [(String, String); 2]) {
    let setup = Setup::new(4, seed);
    let moves = support::review::random_moves::<Game>(&setup, seed);
    let saves = support::review::finished_and_running(
        ["gdone", "grunning"],
        &moves,
        |id, moves| {
            serde_json::json!({
            "format": 2, "game_kind": "board", "id": id,
            "names": ["Ann", "Bo", "Cy", "Di"],
            "sitters": [{"sitter": "person"}, {"sitter": "computer", "level": "expert"},
                        {"sitter": "computer", "level": "expert"}, {"sitter": "computer", "level": "expert"}],
            "setup": setup, "moves": moves,
            "created_ms": 1_700_000_000_000.0, "updated_ms": 1_700_000_000_000.0 + moves.len() as f64,
        })
        .to_string()
        },
    );
    (setup, moves, saves)
}

/// The white cards the review shows in `seat`'s hand (each kind's code, as often as it is held).
async fn review_hand(b: &Browser, seat: usize) -> Vec<String> {
    let v = b
        .eval(&format!(
            "return [...document.querySelectorAll('[data-testid=review-hand-{seat}] [data-white]')]
                .flatMap(li => Array(Number(li.dataset.n)).fill(li.dataset.white));"
        ))
        .await;
    let mut cards: Vec<String> = serde_json::from_value(v).expect("codes");
    cards.sort();
    cards
}

/// Every knight's hand at `step` of the game, as the review must show it.
fn hands_at(setup: &Setup, moves: &[Move<Action>], step: usize) -> Vec<Vec<String>> {
    let mut g = Game::new(setup).expect("setup");
    for m in &moves[..step] {
        g.apply(m.seat, m.action).expect("replays");
    }
    (0..4)
        .map(|i| {
            let mut cards: Vec<String> = g
                .hand(Seat(i))
                .expect("a seat")
                .cards()
                .into_iter()
                .map(code)
                .collect();
            cards.sort();
            cards
        })
        .collect()
}

/// A finished game is looked back on from Saved games, move by move: to the start (the hands as
/// dealt, face up), a move forward, the next turn, back, the previous turn and the end, each
/// showing the board, every hand face up and every Loyalty card, the log up to there, on a 320 px
/// phone. A game still being played offers no review, neither in the list nor at its table.
#[tokio::test]
async fn a_finished_board_game_is_looked_back_on_move_by_move_and_a_running_one_is_not() {
    let Some(b) = support::launch().await else {
        return;
    };
    let (setup, moves, saves) = finished_and_running_saves(21);
    let turns: Vec<u32> = {
        let mut g = Game::new(&setup).expect("setup");
        let mut t = vec![g.turn()];
        for m in &moves {
            g.apply(m.seat, m.action).expect("replays");
            t.push(g.turn());
        }
        t
    };
    setup::fresh_page(&b, None, &saves).await;
    setup::screen_size(&b, 320, 640, true).await;
    support::review::saved_games_offer_a_review_of_the_finished_game_only(&b, "gdone", "grunning")
        .await;
    // The table's record counts the finished game only.
    b.wait_for("[data-testid=record-board]").await;
    assert!(
        b.text("[data-testid=record-board] [data-testid=record-played]")
            .await
            .starts_with('1')
    );
    b.click("[data-id=gdone] [data-testid=review-save]").await;
    b.wait_for("[data-testid=review] [data-testid=board]").await;
    let last = moves.len();
    let check = |step: usize| {
        let b = &b;
        let setup = &setup;
        let moves = &moves;
        let turns = &turns;
        async move {
            support::review::wait_for_step(b, step, turns).await;
            let hands = hands_at(setup, moves, step);
            for (i, hand) in hands.iter().enumerate() {
                assert_eq!(
                    &review_hand(b, i).await,
                    hand,
                    "seat {i}'s hand at step {step}"
                );
            }
            assert_eq!(b.count("[data-testid=review-loyalty]").await, 4);
        }
    };
    // It opens at the end.
    check(last).await;
    assert!(b.count("[data-testid=review-log] li").await > 10);
    assert_tap_targets(&b, "the review").await;
    assert_no_sideways_scroll(&b, "the review").await;
    b.click("[data-testid=review-start]").await;
    check(0).await;
    assert_eq!(b.count("[data-testid=review-log] li").await, 0);
    support::review::step_through(&b, &turns, check).await;
    assert_no_sideways_scroll(&b, "the review at its end").await;
    // Back to Saved games; the finished game opens at its end, which looks back on it too, and
    // comes back there. The game still being played opens at its table, with no review.
    support::review::the_end_looks_back_too_and_a_running_game_does_not(
        &b,
        &support::review::BOARD,
        "gdone",
        "grunning",
        check(last),
    )
    .await;
    b.assert_no_console_errors().await;
    b.close().await;
}
