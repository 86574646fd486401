//! `cargo bench -p camelot`: how many complete games per second the built-in simulation plays on one
//! core (the target: at least 100,000 four-player games per second). Plain `std::time`, no
//! benchmark framework; an optional argument keeps only the cases whose name contains it
//! (`cargo bench -p camelot -- expert`).

use camelot_card::sim::{SimConfig, simulate};
use camelot_kit::bench::{Batch, Case, filter, time_case, wanted};

fn main() {
    let filter = filter();
    let cases = [
        ("solo", 1, false),
        ("4 players", 4, false),
        ("7 players", 7, false),
        ("4 players expert", 4, true),
    ];
    for (name, players, expert) in cases {
        if !wanted(name, filter.as_deref()) {
            continue;
        }
        let mut config = SimConfig::new(0, players, 0);
        config.options.knights_to_the_rescue = expert;
        let case = Case {
            name,
            warm_up: 500,
            batch: 5_000,
            widths: (17, 9),
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
                turns: report.mean_turns() * report.games as f64,
            }
        });
    }
}
