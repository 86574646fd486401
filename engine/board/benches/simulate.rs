//! `cargo bench -p camelot-board`: complete games per second of the built-in simulation on one core
//! (the target: at least 20,000 five-knight games per second). Plain `std::time`, no benchmark
//! framework; an optional argument keeps only the cases whose name contains it.

use camelot_board::sim::{SimConfig, simulate};
use camelot_kit::bench::{Batch, Case, filter, time_case, wanted};

fn main() {
    let filter = filter();
    for (name, players) in [("3 knights", 3), ("5 knights", 5), ("7 knights", 7)] {
        if !wanted(name, filter.as_deref()) {
            continue;
        }
        let config = SimConfig::new(0, players, 0);
        let case = Case {
            name,
            warm_up: 200,
            batch: 2_000,
            widths: (10, 8),
        };
        time_case(&case, |seed, games| {
            let report = simulate(&SimConfig {
                seed,
                games,
                ..config
            })
            .expect("valid setup");
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
