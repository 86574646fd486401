//! Browser tests of the board game (release build in dist/, see tests/support): a game of one
//! person and three computer knights played to its end through the page, with a reload in the
//! middle that resumes exactly, and after every step a check that nothing hidden is in the page.
//!
//! The person plays what the built-in policy would choose for his seat (worked out here from the
//! autosave, replayed by the engine), by tapping that action's button: the buttons are the engine's
//! legal actions in order, so the game is a real one, played to its end. Every computer move in the
//! save is the one the policy chooses from that seat's own view.

mod support;

use camelot_board::sim::{Policy, SimplePolicy};
use camelot_board::{Action, Game, Seat, Setup};
use camelot_kit::{Move, rng_from_seed};
use serde_json::Value;
use std::time::{Duration, Instant};
use support::Browser;

/// The autosave of the game being played: its setup, sitters and moves.
struct Saved {
    setup: Setup,
    computers: Vec<bool>,
    moves: Vec<Move<Action>>,
    loyalty_looks: usize,
}

async fn saved(b: &Browser) -> Option<Saved> {
    let text = b
        .eval(
            "const id = localStorage.getItem('camelot/v1/current');
             return id && localStorage.getItem('camelot/v1/game/' + JSON.parse(id));",
        )
        .await;
    let s: Value = serde_json::from_str(text.as_str()?).ok()?;
    assert_eq!(s["game_kind"], "board");
    Some(Saved {
        setup: serde_json::from_value(s["setup"].clone()).expect("a setup"),
        computers: s["sitters"]
            .as_array()
            .expect("sitters")
            .iter()
            .map(|v| v == "computer")
            .collect(),
        moves: serde_json::from_value(s["moves"].clone()).expect("moves"),
        loyalty_looks: s["loyalty_looks"].as_array().map_or(0, Vec::len),
    })
}

/// The policy's choice for `seat`, as the app's computer knights make it.
fn choice(game: &Game, seat: Seat, seed: u64, move_number: usize) -> usize {
    let legal = game.legal_actions();
    let mut rng = rng_from_seed(seed ^ (move_number as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    SimplePolicy
        .choose_index(&game.glimpse(seat), &legal, &mut rng)
        .expect("a legal choice")
}

/// Replays the save; checks every computer move is the policy's choice from its own view.
fn replay(s: &Saved) -> Game {
    let mut g = Game::new(&s.setup).expect("setup");
    for (i, m) in s.moves.iter().enumerate() {
        if s.computers[m.seat.index()] {
            let legal = g.legal_actions();
            assert_eq!(
                legal[choice(&g, m.seat, s.setup.seed, i)],
                m.action,
                "move {i}: the computer knight in seat {} did not play the policy's choice",
                m.seat.0
            );
        }
        g.apply(m.seat, m.action).expect("the save replays");
    }
    g
}

/// Nothing hidden is in the page: no Loyalty card but the one private screen's (or the end's
/// turned cards), no hand but the lifted seat's own, no face-down card's value unless its drawer
/// is looking.
async fn assert_nothing_hidden(b: &Browser, game: &Game) {
    let private = b.exists("[data-testid=private]").await;
    let over = game.is_over();
    if !private && !over {
        assert_eq!(b.count("[data-loyalty]").await, 0, "a Loyalty card shows");
        assert!(!b.exists("[data-testid=private-hand]").await);
        assert!(!b.exists("[data-testid=private-face-down]").await);
    }
    if private {
        assert!(b.count("[data-loyalty]").await <= 1);
    }
}

#[tokio::test]
async fn one_person_and_three_computer_knights_play_the_board_game_to_its_end() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = 12;
    b.open_app().await;
    b.clear_storage().await;
    b.goto(&format!("#test-seed={seed}")).await;
    b.reload().await;
    b.click("[data-testid=new-board-game]").await;
    b.wait_for("[data-testid=board-newgame]").await;
    // Two taps: the defaults are a person and three computer knights.
    b.click("[data-testid=board-start]").await;
    b.wait_for("[data-testid=board-table]").await;
    let start = Instant::now();
    let mut reloaded = false;
    let mut person_moves = 0;
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(600),
            "the game did not end"
        );
        if b.exists("#panic").await {
            panic!(
                "the app crashed: {}\n{:?}",
                b.text("#panic").await,
                b.console_errors().await
            );
        }
        let Some(s) = saved(&b).await else {
            panic!("no autosave");
        };
        let game = replay(&s);
        assert_nothing_hidden(&b, &game).await;
        if game.is_over() && s.loyalty_looks == 0 {
            b.wait_for("[data-testid=board-end]").await;
            break;
        }
        // Halfway through, a reload comes back to the same game, covered.
        if !reloaded && s.moves.len() > 60 && b.exists("[data-testid=curtain]").await {
            reloaded = true;
            b.reload().await;
            b.wait_for("[data-testid=board-table]").await;
            assert!(!b.exists("[data-testid=private]").await);
            let again = saved(&b).await.expect("a save");
            assert_eq!(again.moves, s.moves);
            continue;
        }
        if b.exists("[data-testid=curtain-show]").await {
            b.click("[data-testid=curtain-show]").await;
            continue;
        }
        if b.exists("[data-testid=private-done]").await {
            b.click("[data-testid=private-done]").await;
            continue;
        }
        if b.exists("[data-testid=private-notices-done]").await {
            b.click("[data-testid=private-notices-done]").await;
            continue;
        }
        if b.exists("[data-testid=accuse-yes]").await {
            b.click("[data-testid=accuse-yes]").await;
            continue;
        }
        if b.exists("[data-testid=board-actions]").await
            && let Some(seat) = game.decider()
            && !s.computers[seat.index()]
        {
            let i = choice(&game, seat, s.setup.seed, s.moves.len());
            let before = s.moves.len();
            b.click(&format!("[data-testid=action-{i}]")).await;
            person_moves += 1;
            // An accusation asks first; otherwise the move is saved at once.
            if !matches!(game.legal_actions()[i], Action::Accuse { .. }) {
                let t = Instant::now();
                while saved(&b).await.expect("a save").moves.len() == before {
                    assert!(
                        t.elapsed() < Duration::from_secs(10),
                        "the move was not saved"
                    );
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
            continue;
        }
        // A computer knight is thinking.
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(reloaded, "the game was reloaded halfway");
    assert!(person_moves > 5, "{person_moves} moves by the person");
    // The end: the verdict, and every Loyalty card turned over one by one.
    let verdict = b.text("[data-testid=board-verdict]").await;
    assert!(!verdict.is_empty());
    while b.exists("[data-testid=end-turn-next]").await {
        b.click("[data-testid=end-turn-next]").await;
    }
    let s = saved(&b).await.expect("a save");
    assert_eq!(b.count("[data-loyalty]").await, s.setup.players as usize);
    // The game is listed as a board game in Saved games.
    b.click("[data-testid=home-button]").await;
    b.click("[data-testid=saved-games]").await;
    // The screen comes with its part of the split wasm: wait for its list.
    b.wait_for("[data-testid=save-kind]").await;
    let kinds = b.texts(".save-kind").await;
    assert!(kinds.iter().any(|k| k.contains("board")), "{kinds:?}");
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Not a check: writes screenshots of the board game's screens at a phone's size for people to
/// look at (`CAMELOT_SCREENSHOTS=/some/dir cargo test --test browser_board -- --ignored screenshots`).
#[tokio::test]
#[ignore]
async fn screenshots() {
    let Some(dir) = std::env::var_os("CAMELOT_SCREENSHOTS") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("screenshot dir");
    let Some(b) = support::launch().await else {
        return;
    };
    let shot = async |name: &str| {
        let png = b.client().screenshot().await.expect("screenshot");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("write screenshot");
    };
    b.open_app().await;
    b.clear_storage().await;
    b.goto("#test-seed=12").await;
    b.reload().await;
    b.wait_for("[data-testid=new-board-game]").await;
    shot("b01-home").await;
    b.click("[data-testid=new-board-game]").await;
    b.wait_for("[data-testid=board-newgame]").await;
    shot("b02-new-game").await;
    b.click("[data-testid=board-start]").await;
    b.wait_for("[data-testid=curtain]").await;
    shot("b03-curtain").await;
    b.click("[data-testid=curtain-show]").await;
    b.wait_for("[data-testid=private]").await;
    shot("b04-loyalty-look").await;
    b.click("[data-testid=private-done]").await;
    // On to the person's first decision.
    let t = Instant::now();
    while !b.exists("[data-testid=curtain-show]").await {
        assert!(t.elapsed() < Duration::from_secs(60));
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    shot("b05-curtain-turn").await;
    b.click("[data-testid=curtain-show]").await;
    b.wait_for("[data-testid=board-actions]").await;
    shot("b06-private-turn").await;
    b.eval("document.querySelector('.board, [data-testid=board]')?.scrollIntoView(); return null;")
        .await;
    shot("b07-board").await;
    b.close().await;
}
