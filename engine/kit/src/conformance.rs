//! The conformance checks every game runs, from its own tests: over many random games,
//!
//! - random play never panics, the decider always has a legal action until the game is over, and
//!   every legal action is accepted;
//! - an illegal action (one not in the decider's list, or any action from another seat) is refused
//!   and leaves the game exactly as it was;
//! - a game replays identically from its setup and actions, at every point;
//! - a save ([`crate::Save`]) survives a JSON round trip and loads as the same game;
//! - views hide what they must ([`crate::Secrets`]): varying what a seat may not see changes neither
//!   its view nor the table's.
//!
//! Each check panics with the setup, the step and the action concerned, so a failure can be replayed.
//! The state is compared through its serialized form, so a game needs `Serialize` on its state.

use crate::{GameRng, Move, Rules, Save, Seat, Secrets, replay, rng_from_seed};
use rand::RngExt;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// What a random game left behind.
pub struct Trace<R: Rules> {
    pub game: R,
    pub moves: Vec<Move<R::Action>>,
}

fn fingerprint<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("a game state serializes")
}

/// Play one random game of `setup` to its end (or `max_actions`), choosing uniformly among the legal
/// actions with `rng`, checking at every step that the decider has a choice and that each chosen
/// legal action is accepted.
pub fn random_game<R: Rules>(setup: &R::Setup, rng: &mut GameRng, max_actions: usize) -> Trace<R> {
    let mut game = R::start(setup).unwrap_or_else(|e| panic!("setup {setup:?} refused: {e}"));
    let mut moves = Vec::new();
    while moves.len() < max_actions {
        let Some(seat) = game.decider() else {
            assert!(
                game.legal_actions().is_empty(),
                "setup {setup:?}: the game is over but actions are offered"
            );
            assert!(game.is_over(), "setup {setup:?}: no decider, yet not over");
            break;
        };
        assert!(!game.is_over(), "setup {setup:?}: over, yet {seat} decides");
        let legal = game.legal_actions();
        assert!(
            !legal.is_empty(),
            "setup {setup:?}, step {}: {seat} must decide but has no legal action",
            moves.len()
        );
        let action = legal[rng.random_range(0..legal.len())].clone();
        if let Err(refusal) = game.apply(seat, action.clone()) {
            panic!(
                "setup {setup:?}, step {}: the legal action {action:?} of {seat} was refused: {refusal:?}",
                moves.len()
            );
        }
        moves.push(Move { seat, action });
    }
    Trace { game, moves }
}

/// Along a random game, offer illegal actions at every step — every action seen legal anywhere so far
/// that is not legal now, and every legal action from a seat other than the decider — and check that
/// each is refused and leaves the game unchanged.
pub fn illegal_actions_change_nothing<R>(setup: &R::Setup, rng: &mut GameRng, max_actions: usize)
where
    R: Rules + Clone + Serialize,
{
    let mut game = R::start(setup).unwrap_or_else(|e| panic!("setup {setup:?} refused: {e}"));
    let mut seen: Vec<R::Action> = Vec::new();
    for step in 0..max_actions {
        let before = fingerprint(&game);
        let legal = game.legal_actions();
        for a in &legal {
            if !seen.contains(a) && seen.len() < 400 {
                seen.push(a.clone());
            }
        }
        let decider = game.decider();
        let mut tries: Vec<(Seat, R::Action)> = Vec::new();
        if let Some(seat) = decider {
            tries.extend(
                seen.iter()
                    .filter(|a| !legal.contains(a))
                    .map(|a| (seat, a.clone())),
            );
        }
        for s in 0..game.seats() {
            let other = Seat(s as u8);
            if Some(other) != decider {
                tries.extend(legal.iter().map(|a| (other, a.clone())));
            }
        }
        // Also a seat that does not exist.
        if let Some(a) = legal.first() {
            tries.push((Seat(game.seats() as u8), a.clone()));
        }
        for (seat, action) in tries {
            let mut probe = game.clone();
            if probe.apply(seat, action.clone()).is_ok() {
                panic!(
                    "setup {setup:?}, step {step}: illegal action {action:?} by {seat} was accepted"
                );
            }
            assert_eq!(
                fingerprint(&probe),
                before,
                "setup {setup:?}, step {step}: refused action {action:?} by {seat} changed the game"
            );
        }
        let Some(seat) = decider else { break };
        let action = legal[rng.random_range(0..legal.len())].clone();
        game.apply(seat, action).unwrap_or_else(|r| {
            panic!("setup {setup:?}, step {step}: legal action refused: {r:?}")
        });
    }
}

/// Replaying the moves of a random game gives the same game, at the end and at points along it.
pub fn replays_identically<R>(setup: &R::Setup, trace: &Trace<R>)
where
    R: Rules + Serialize,
{
    let end: R = replay(setup, &trace.moves)
        .unwrap_or_else(|e| panic!("setup {setup:?}: the game does not replay: {e}"));
    assert_eq!(
        fingerprint(&end),
        fingerprint(&trace.game),
        "setup {setup:?}: the replay differs from the game"
    );
    // A few points along the way: replay a prefix, then play the rest, and arrive at the same game.
    let n = trace.moves.len();
    for cut in [0, n / 3, n / 2, (2 * n) / 3] {
        let mut g: R = replay(setup, &trace.moves[..cut])
            .unwrap_or_else(|e| panic!("setup {setup:?}: prefix {cut} does not replay: {e}"));
        for (i, m) in trace.moves[cut..].iter().enumerate() {
            g.apply(m.seat, m.action.clone()).unwrap_or_else(|r| {
                panic!("setup {setup:?}: move {} refused on replay: {r:?}", cut + i)
            });
        }
        assert_eq!(
            fingerprint(&g),
            fingerprint(&trace.game),
            "setup {setup:?}: replay from move {cut} differs"
        );
    }
}

/// A save of the game survives a JSON round trip and loads as the same game.
pub fn saves_round_trip<R>(trace: &Trace<R>)
where
    R: Rules + Serialize,
{
    let save = Save {
        setup: trace.game.setup().clone(),
        moves: trace.moves.clone(),
    };
    let text = serde_json::to_string(&save).expect("a save serializes");
    let back: Save<R::Setup, R::Action> =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("a save does not read back: {e}"));
    assert_eq!(
        serde_json::to_string(&back).expect("a save serializes"),
        text,
        "a save changes in a round trip"
    );
    let loaded: R = back
        .load()
        .unwrap_or_else(|e| panic!("a saved game does not load: {e}"));
    assert_eq!(
        fingerprint(&loaded),
        fingerprint(&trace.game),
        "a loaded save differs from the game"
    );
}

/// Along a random game, for every seat: a copy of the game that differs only in what that seat may not
/// see gives that seat, and the table, the very same view.
pub fn views_hide_what_they_must<R>(setup: &R::Setup, rng: &mut GameRng, max_actions: usize)
where
    R: Secrets + Clone,
{
    let mut game = R::start(setup).unwrap_or_else(|e| panic!("setup {setup:?} refused: {e}"));
    let mut varied = 0usize;
    for step in 0..max_actions {
        for s in 0..game.seats() {
            let seat = Seat(s as u8);
            if let Some(other) = game.vary_hidden(seat, rng) {
                varied += 1;
                assert_eq!(
                    other.seat_view(seat),
                    game.seat_view(seat),
                    "setup {setup:?}, step {step}: {seat}'s view shows something hidden from it"
                );
                assert_eq!(
                    other.table_view(),
                    game.table_view(),
                    "setup {setup:?}, step {step}: the table's view shows something hidden from {seat}"
                );
            }
        }
        let Some(seat) = game.decider() else { break };
        let legal = game.legal_actions();
        let action = legal[rng.random_range(0..legal.len())].clone();
        game.apply(seat, action).unwrap_or_else(|r| {
            panic!("setup {setup:?}, step {step}: legal action refused: {r:?}")
        });
    }
    assert!(
        varied > 0,
        "setup {setup:?}: nothing hidden was ever varied"
    );
}

/// Every check above, over `games` random games of each setup (the seeds of the random choices
/// follow from `seed`). The heavy per-step checks run on the first few games of each setup.
pub fn check_all<R>(setups: &[R::Setup], games: usize, seed: u64, max_actions: usize)
where
    R: Secrets + Clone + Serialize + DeserializeOwned,
{
    let mut rng = rng_from_seed(seed);
    for setup in setups {
        for g in 0..games {
            let trace = random_game::<R>(setup, &mut rng, max_actions);
            replays_identically(setup, &trace);
            saves_round_trip(&trace);
            if g < 2 {
                illegal_actions_change_nothing::<R>(setup, &mut rng, max_actions.min(300));
                views_hide_what_they_must::<R>(setup, &mut rng, max_actions.min(300));
            }
        }
    }
}
