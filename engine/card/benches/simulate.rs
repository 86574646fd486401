//! `cargo bench -p camelot`: how many complete games per second the built-in simulation plays on one
//! core (the target: at least 100,000 four-player games per second). Plain `std::time`, no
//! benchmark framework; an optional argument keeps only the cases whose name contains it
//! (`cargo bench -p camelot -- expert`).

use camelot_card::sim::{SimConfig, simulate};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Each case plays batches of games until this much time has gone by.
const BUDGET: Duration = Duration::from_secs(2);
const BATCH: u64 = 5_000;

fn main() {
    // `cargo bench` passes `--bench`; anything else not starting with `-` is a name filter.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let cases = [
        ("solo", 1, false),
        ("4 players", 4, false),
        ("7 players", 7, false),
        ("4 players expert", 4, true),
    ];
    for (name, players, expert) in cases {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let mut config = SimConfig::new(BATCH, players, 0);
        config.options.knights_to_the_rescue = expert;
        // Warm up (caches, allocator, branch predictors).
        black_box(
            simulate(&SimConfig {
                games: 500,
                ..config
            })
            .expect("valid setup"),
        );

        let (mut games, mut loyal, mut turns) = (0u64, 0u64, 0f64);
        let mut batch = 0u64;
        let start = Instant::now();
        while start.elapsed() < BUDGET {
            batch += 1;
            let report = simulate(black_box(&SimConfig {
                seed: batch,
                ..config
            }))
            .expect("valid setup");
            let report = black_box(report);
            assert_eq!(
                report.policy_errors, 0,
                "the built-in policy played an illegal action"
            );
            games += report.games;
            loyal += report.loyal_wins;
            turns += report.mean_turns() * report.games as f64;
        }
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "simulate/{name:<17} {:>9.0} games/s   ({games} games in {seconds:.2} s; loyal win {:.1}%, {:.1} turns a game)",
            games as f64 / seconds,
            100.0 * loyal as f64 / games as f64,
            turns / games as f64,
        );
    }
}
