//! `cargo bench -p camelot-board`: complete games per second of the built-in simulation on one core
//! (the target: at least 20,000 five-knight games per second), and the expert's play-outs per
//! second (the worlds its look ahead plays out, each for 20 turns and judged there, from the tenth
//! turn of a five-knight game). Plain `std::time`, no benchmark framework; an optional argument
//! keeps only the cases whose name contains it.

use camelot_board::sim::{SimConfig, SimplePolicy, play_game, simulate};
use camelot_board::{Game, Setup};
use camelot_kit::bench::{Batch, Timing, time_cases};
use camelot_kit::{Looked, rng_from_seed};

/// What a case plays: whole games of that many knights, or the expert's play-outs.
enum Case {
    Games(u8),
    PlayOuts,
}

fn main() {
    let cases = [
        ("3 knights", Case::Games(3)),
        ("5 knights", Case::Games(5)),
        ("7 knights", Case::Games(7)),
        ("5 knights, the expert's play-outs", Case::PlayOuts),
    ];
    let timing = Timing {
        warm_up: 200,
        batch: 2_000,
        rate_width: 8,
    };
    time_cases(&cases, &timing, |case, seed, games| match *case {
        Case::Games(players) => {
            let report = simulate(&SimConfig::new(games, players, seed)).expect("valid setup");
            Batch {
                games: report.games,
                loyal_wins: report.loyal_wins,
                policy_errors: report.policy_errors,
                turns: report.mean_turns * (report.games - report.unfinished) as f64,
            }
        }
        Case::PlayOuts => play_outs(seed, games),
    });
}

/// `n` play-outs of the expert's look ahead, from where a five-knight game of the built-in policy
/// stands at its tenth turn (or its end, if it ends before), as its deciding seat sees it.
fn play_outs(seed: u64, n: u64) -> Batch {
    let mut game = Game::new(&Setup::new(5, seed)).expect("valid setup");
    let mut rng = rng_from_seed(seed);
    let mut legal = Vec::new();
    while game.turn() < 10 && game.decider().is_some() {
        play_game(&mut game, &mut SimplePolicy, &mut rng, 1, &mut legal);
    }
    let Some(view) = game.decider().and_then(|seat| game.look(seat)) else {
        return play_outs(seed + 1_000_000, n);
    };
    let (wins, turns) = camelot_board::search::play_outs(&view, n, &mut rng);
    Batch {
        games: n,
        loyal_wins: wins,
        policy_errors: 0,
        turns: turns as f64,
    }
}
