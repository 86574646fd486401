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
    /// Turns of the batch's games, all added up.
    pub turns: f64,
}

/// The name filter: `cargo bench` passes `--bench`; anything else not starting with `-` keeps only
/// the cases whose name contains it.
pub fn filter() -> Option<String> {
    std::env::args().skip(1).find(|a| !a.starts_with('-'))
}

/// Whether the case `name` is kept by `filter`.
pub fn wanted(name: &str, filter: Option<&str>) -> bool {
    filter.is_none_or(|f| name.contains(f))
}

/// How a case is played: `play(seed, games)` simulates that many games from that seed; first
/// `warm_up` games (caches, allocator, branch predictors), then batches of `batch` games.
pub struct Case<'a> {
    pub name: &'a str,
    pub warm_up: u64,
    pub batch: u64,
    /// The name's column and the rate's, alike for every case of one benchmark.
    pub widths: (usize, usize),
}

/// Plays `case`: the warm-up, then batches from seeds 1, 2, … until [`BUDGET`] has gone by; prints
/// the games per second with the Loyal knights' win rate and the turns a game.
pub fn time_case(case: &Case, mut play: impl FnMut(u64, u64) -> Batch) {
    let Case {
        name,
        warm_up,
        batch,
        widths,
    } = *case;
    black_box(play(0, warm_up));
    let (mut games, mut loyal, mut turns) = (0u64, 0u64, 0f64);
    let mut seed = 0u64;
    let start = Instant::now();
    while start.elapsed() < BUDGET {
        seed += 1;
        let b = black_box(play(black_box(seed), batch));
        games += b.games;
        loyal += b.loyal_wins;
        turns += b.turns;
    }
    let seconds = start.elapsed().as_secs_f64();
    let (name_width, rate_width) = widths;
    println!(
        "simulate/{name:<name_width$} {:>rate_width$.0} games/s   ({games} games in {seconds:.2} s; loyal win {:.1}%, {:.1} turns a game)",
        games as f64 / seconds,
        100.0 * loyal as f64 / games as f64,
        turns / games as f64,
    );
}
