//! `cargo bench -p camelot-board`: complete games per second of the built-in simulation on one core
//! (the target: at least 20,000 five-knight games per second). Plain `std::time`, no benchmark
//! framework; an optional argument keeps only the cases whose name contains it.

use camelot_board::sim::{SimConfig, simulate};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Each case plays batches of games until this much time has gone by.
const BUDGET: Duration = Duration::from_secs(2);
const BATCH: u64 = 2_000;

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    for (name, players) in [("3 knights", 3), ("5 knights", 5), ("7 knights", 7)] {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
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
        let (mut games, mut loyal, mut turns) = (0u64, 0u64, 0f64);
        let mut batch = 0u64;
        let start = Instant::now();
        while start.elapsed() < BUDGET {
            batch += 1;
            let report = black_box(
                simulate(black_box(&SimConfig {
                    seed: batch,
                    ..config
                }))
                .expect("valid setup"),
            );
            assert_eq!(
                report.policy_errors, 0,
                "the built-in policy played an illegal action"
            );
            games += report.games;
            loyal += report.loyal_wins;
            turns += report.mean_turns * (report.games - report.unfinished) as f64;
        }
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "simulate/{name:<10} {:>8.0} games/s   ({games} games in {seconds:.2} s; loyal win {:.1}%, {:.1} turns a game)",
            games as f64 / seconds,
            100.0 * loyal as f64 / games as f64,
            turns / games as f64,
        );
    }
}
