//! `cargo bench -p camelot-board`: complete games per second of the built-in simulation on one core
//! (the target: at least 20,000 five-knight games per second). Plain `std::time`, no benchmark
//! framework; an optional argument keeps only the cases whose name contains it.

use camelot_board::sim::{SimConfig, simulate};
use camelot_kit::bench::{Batch, Timing, time_cases};

fn main() {
    let cases = [("3 knights", 3), ("5 knights", 5), ("7 knights", 7)];
    let timing = Timing {
        warm_up: 200,
        batch: 2_000,
        rate_width: 8,
    };
    time_cases(&cases, &timing, |&players, seed, games| {
        let report = simulate(&SimConfig::new(games, players, seed)).expect("valid setup");
        Batch {
            games: report.games,
            loyal_wins: report.loyal_wins,
            policy_errors: report.policy_errors,
            turns: report.mean_turns * (report.games - report.unfinished) as f64,
        }
    });
}
