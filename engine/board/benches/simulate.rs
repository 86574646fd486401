//! `cargo bench -p camelot-board`: complete games per second of the built-in simulation on one core
//! (the target: at least 20,000 five-knight games per second). Plain `std::time`, no benchmark
//! framework; an optional argument keeps only the cases whose name contains it.

use camelot_board::sim::{SimConfig, simulate};
use camelot_kit::bench::{Batch, filter, time_case, wanted};
use std::hint::black_box;

const BATCH: u64 = 2_000;

fn main() {
    let filter = filter();
    for (name, players) in [("3 knights", 3), ("5 knights", 5), ("7 knights", 7)] {
        if !wanted(name, filter.as_deref()) {
            continue;
        }
        let config = SimConfig::new(BATCH, players, 0);
        black_box(
            simulate(&SimConfig {
                games: 200,
                ..config
            })
            .expect("valid setup"),
        );
        time_case(name, (10, 8), |seed| {
            let report = simulate(&SimConfig { seed, ..config }).expect("valid setup");
            assert_eq!(
                report.policy_errors, 0,
                "the built-in policy played an illegal action"
            );
            Batch {
                games: report.games,
                loyal_wins: report.loyal_wins,
                turns: report.mean_turns * (report.games - report.unfinished) as f64,
            }
        });
    }
}
