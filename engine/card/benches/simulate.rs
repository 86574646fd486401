//! `cargo bench -p camelot`: how many complete games per second the built-in simulation plays on one
//! core (the target: at least 100,000 four-player games per second). Plain `std::time`, no
//! benchmark framework; an optional argument keeps only the cases whose name contains it
//! (`cargo bench -p camelot -- expert`).

use camelot_card::sim::{SimConfig, simulate};
use camelot_kit::bench::{Batch, Timing, time_cases};

fn main() {
    // (name, (players, Knights to the rescue))
    let cases = [
        ("solo", (1, false)),
        ("4 players", (4, false)),
        ("7 players", (7, false)),
        ("4 players expert", (4, true)),
    ];
    let timing = Timing {
        warm_up: 500,
        batch: 5_000,
        rate_width: 9,
    };
    time_cases(&cases, &timing, |&(players, expert), seed, games| {
        let mut config = SimConfig::new(games, players, seed);
        config.options.knights_to_the_rescue = expert;
        let report = simulate(&config).expect("valid setup");
        Batch {
            games: report.games,
            loyal_wins: report.loyal_wins,
            policy_errors: report.policy_errors,
            turns: report.mean_turns() * report.games as f64,
        }
    });
}
