//! The one loop of the simulation benchmarks (`cargo bench -p camelot-board`, `-p camelot-card`):
//! complete games per second on one core, timed with plain `std::time`, no benchmark framework.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Each case plays batches of games until this much time has gone by.
pub const BUDGET: Duration = Duration::from_secs(2);

/// What one batch of simulated games gave.
pub struct Batch {
    pub games: u64,
    pub loyal_wins: u64,
    /// Illegal actions the built-in policy played (a benchmark of a broken policy is no figure).
    pub policy_errors: u64,
    /// Turns of the batch's games, all added up.
    pub turns: f64,
}

/// How a benchmark's cases are timed: first `warm_up` games (caches, allocator, branch
/// predictors), then batches of `batch` games; the games per second in a column `rate_width` wide.
pub struct Timing {
    pub warm_up: u64,
    pub batch: u64,
    pub rate_width: usize,
}

/// Times each case `(name, what it plays)` that the name filter keeps (`cargo bench` passes
/// `--bench`; any other argument not starting with `-` keeps only the cases whose name contains
/// it): `play(what, seed, games)` simulates that many games from that seed. Prints one line a case.
pub fn time_cases<C>(
    cases: &[(&str, C)],
    timing: &Timing,
    mut play: impl FnMut(&C, u64, u64) -> Batch,
) {
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let name_width = cases
        .iter()
        .map(|(name, _)| name.len() + 1)
        .max()
        .unwrap_or(0);
    for (name, what) in cases {
        if filter.as_ref().is_none_or(|f| name.contains(f.as_str())) {
            let name = format!("{name:<name_width$}");
            time_case(&name, timing, |seed, games| play(what, seed, games));
        }
    }
}

/// Plays one case: the warm-up, then batches from seeds 1, 2, … until [`BUDGET`] has gone by;
/// prints the games per second with the Loyal knights' win rate and the turns a game. Fails if the
/// built-in policy played an illegal action.
fn time_case(name: &str, timing: &Timing, mut play: impl FnMut(u64, u64) -> Batch) {
    let mut checked = |seed: u64, games: u64| {
        let b = black_box(play(black_box(seed), games));
        assert_eq!(
            b.policy_errors, 0,
            "the built-in policy played an illegal action"
        );
        b
    };
    checked(0, timing.warm_up);
    let (mut games, mut loyal, mut turns) = (0u64, 0u64, 0f64);
    let mut seed = 0u64;
    let start = Instant::now();
    while start.elapsed() < BUDGET {
        seed += 1;
        let b = checked(seed, timing.batch);
        games += b.games;
        loyal += b.loyal_wins;
        turns += b.turns;
    }
    let seconds = start.elapsed().as_secs_f64();
    let rate_width = timing.rate_width;
    println!(
        "simulate/{name} {:>rate_width$.0} games/s   ({games} games in {seconds:.2} s; loyal win {:.1}%, {:.1} turns a game)",
        games as f64 / seconds,
        100.0 * loyal as f64 / games as f64,
        turns / games as f64,
    );
}
