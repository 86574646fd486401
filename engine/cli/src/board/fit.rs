//! The expert's outlook fitted again from simulated games: `simulate --positions FILE` writes the
//! positions, `fit FILE..` fits them.
//!
//! A positions file has one line per position, numbers separated by spaces: the number of
//! knights, the game (counted from 0 among the run's finished games), the turn, 1 if the Loyal
//! knights won that game and else 0, then the [`FEATURES`] numbers of
//! [`camelot_board::outlook::features`].

use super::bad;
use crate::out::{Failure, print_json_line, read_file_or_stdin};
use camelot_board::outlook::{FEATURES, Position, fit, log_loss};
use camelot_board::sim::GamePositions;
use serde::Serialize;
use std::io::{BufWriter, Write};

/// The L2 penalty a position of the fit (as the weights in the engine were fitted).
const L2: f64 = 0.001;

/// One game in this many (by its index in its file) is held out of the first fit, to tell how
/// well the model does on games it has not seen.
const HOLD_OUT_EVERY: u64 = 5;

/// A positions file being written, game by game; the first write error is kept for the end.
pub(super) struct PositionsFile {
    path: String,
    players: u8,
    out: BufWriter<std::fs::File>,
    games: u64,
    error: Option<std::io::Error>,
}

impl PositionsFile {
    pub(super) fn create(path: &str, players: u8) -> Result<Self, Failure> {
        let file =
            std::fs::File::create(path).map_err(|e| bad(format!("cannot write {path}: {e}")))?;
        Ok(PositionsFile {
            path: path.to_string(),
            players,
            out: BufWriter::new(file),
            games: 0,
            error: None,
        })
    }

    pub(super) fn write(&mut self, (positions, won): GamePositions) {
        for (turn, features) in positions {
            if self.error.is_some() {
                return;
            }
            let mut line = format!("{} {} {turn} {}", self.players, self.games, u8::from(won));
            for x in features {
                line.push(' ');
                line.push_str(&x.to_string());
            }
            line.push('\n');
            if let Err(e) = self.out.write_all(line.as_bytes()) {
                self.error = Some(e);
            }
        }
        self.games += 1;
    }

    pub(super) fn finish(mut self) -> Result<(), Failure> {
        match self.error.take().map_or_else(|| self.out.flush(), Err) {
            Ok(()) => Ok(()),
            Err(e) => Err(bad(format!("cannot write {}: {e}", self.path))),
        }
    }
}

/// The fit for one number of knights.
#[derive(Serialize, Debug)]
struct Fitted {
    players: u8,
    games: u64,
    positions: usize,
    /// The share of those positions whose game the Loyal knights won.
    won: f64,
    /// The mean log-loss, on the games held out, of the model fitted without them …
    held_out_log_loss: f64,
    /// … and of the share won alone (what the model must beat).
    held_out_mean_log_loss: f64,
    /// The weights fitted on all the games, in the order of the features, to three decimals.
    weights: Vec<f64>,
}

/// `fit FILE..`: the positions of every file, fitted per number of knights; a line of JSON for
/// each number of knights.
pub(super) fn fit_command(files: &[String]) -> Result<(), Failure> {
    if files.is_empty() {
        return Err(bad(super::USAGE));
    }
    let mut by_players: Vec<Vec<((usize, u64), Position)>> = vec![Vec::new(); 8];
    for (f, file) in files.iter().enumerate() {
        let text = read_file_or_stdin(file)?;
        for (n, line) in text.lines().enumerate() {
            let (players, game, position) =
                read_line(line).map_err(|e| bad(format!("{file}, line {}: {e}", n + 1)))?;
            // Games of different files are told apart.
            by_players[usize::from(players)].push(((f, game), position));
        }
    }
    for fitted in fit_all(&by_players)? {
        print_json_line(&fitted)?;
    }
    Ok(())
}

/// The games of each number of knights, each game named by its file and its index there.
fn fit_all(by_players: &[Vec<((usize, u64), Position)>]) -> Result<Vec<Fitted>, Failure> {
    let mut fits = Vec::new();
    for (players, rows) in by_players.iter().enumerate() {
        if rows.is_empty() {
            continue;
        }
        let held = |(_, game): (usize, u64)| game.is_multiple_of(HOLD_OUT_EVERY);
        let (kept, out): (Vec<Position>, Vec<Position>) = (
            rows.iter().filter(|r| !held(r.0)).map(|r| r.1).collect(),
            rows.iter().filter(|r| held(r.0)).map(|r| r.1).collect(),
        );
        let all: Vec<Position> = rows.iter().map(|r| r.1).collect();
        let cannot = || bad(format!("{players} knights: the positions cannot be fitted"));
        let won = all.iter().filter(|p| p.1).count() as f64 / all.len() as f64;
        let (held_out_log_loss, held_out_mean_log_loss) = if kept.is_empty() || out.is_empty() {
            (f64::NAN, f64::NAN)
        } else {
            let w = fit(&kept, L2).ok_or_else(cannot)?;
            let share = kept.iter().filter(|p| p.1).count() as f64 / kept.len() as f64;
            let share = share.clamp(1e-6, 1.0 - 1e-6);
            let mut mean = [0.0f64; FEATURES];
            mean[0] = (share / (1.0 - share)).ln();
            (log_loss(&w, &out), log_loss(&mean, &out))
        };
        let weights = fit(&all, L2).ok_or_else(cannot)?;
        let mut games: Vec<(usize, u64)> = rows.iter().map(|r| r.0).collect();
        games.dedup();
        fits.push(Fitted {
            players: players as u8,
            games: games.len() as u64,
            positions: all.len(),
            won: round(won),
            held_out_log_loss: round(held_out_log_loss),
            held_out_mean_log_loss: round(held_out_mean_log_loss),
            weights: weights.iter().map(|&w| round(w)).collect(),
        });
    }
    Ok(fits)
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// One line of a positions file: the number of knights, the game and the position.
fn read_line(line: &str) -> Result<(u8, u64, Position), String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() != 4 + FEATURES {
        return Err(format!(
            "{} numbers, not the {} of a position",
            words.len(),
            4 + FEATURES
        ));
    }
    let number = |i: usize| -> Result<f64, String> {
        words[i]
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| format!("not a number: {:?}", words[i]))
    };
    let whole = |i: usize, max: f64| -> Result<f64, String> {
        let x = number(i)?;
        if x.fract() == 0.0 && (0.0..=max).contains(&x) {
            Ok(x)
        } else {
            Err(format!("{:?} is not a whole number up to {max}", words[i]))
        }
    };
    let players = whole(0, 7.0)?;
    if players < 3.0 {
        return Err(format!("{players} knights (3 to 7 play)"));
    }
    let game = whole(1, 1e12)? as u64;
    whole(2, 1e6)?;
    let won = whole(3, 1.0)? == 1.0;
    let mut features = [0.0f32; FEATURES];
    for (i, x) in features.iter_mut().enumerate() {
        *x = number(4 + i)? as f32;
    }
    Ok((players as u8, game, (features, won)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions written by `simulate --positions` (which plays the same games as without) read
    /// back a line for every turn of every game, and the fit beats the share won alone on the
    /// games held out.
    #[test]
    fn positions_written_by_a_simulation_fit_and_beat_the_share_won() {
        let dir = std::env::temp_dir().join(format!("camelot-fit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("positions.txt").to_string_lossy().into_owned();
        let mut out = PositionsFile::create(&path, 5).unwrap();
        let config = camelot_board::sim::SimConfig::new(400, 5, 3);
        let report = camelot_board::sim::simulate_with(&config, Some(&mut |g| out.write(g)));
        out.finish().unwrap();
        let report = report.unwrap();
        let plain = camelot_board::sim::simulate(&config).unwrap();
        assert_eq!(
            (report.loyal_wins, report.mean_turns),
            (plain.loyal_wins, plain.mean_turns)
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let rows: Vec<_> = text.lines().map(|l| read_line(l).unwrap()).collect();
        let games = rows.iter().map(|r| r.1).max().unwrap() + 1;
        assert_eq!(games, report.games - report.unfinished);
        let won: std::collections::BTreeSet<u64> =
            rows.iter().filter(|r| r.2.1).map(|r| r.1).collect();
        assert_eq!(won.len() as u64, report.loyal_wins);
        // A line for each turn of each game, turns counted from 0.
        let turns = report.mean_turns * games as f64;
        assert!(
            (rows.len() as f64 - turns).abs() <= games as f64,
            "{} lines",
            rows.len()
        );
        assert!(rows.iter().all(|r| r.0 == 5 && r.2.0[0] == 1.0));
        let mut by_players = vec![Vec::new(); 8];
        by_players[5] = rows.iter().map(|r| ((0, r.1), r.2)).collect();
        let fitted = fit_all(&by_players).unwrap();
        let f = &fitted[0];
        assert_eq!((f.players, f.games, f.positions), (5, games, rows.len()));
        assert!(f.held_out_log_loss < f.held_out_mean_log_loss, "{f:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A damaged line is told with what is wrong, never read as a position.
    #[test]
    fn a_damaged_positions_line_says_what_is_wrong() {
        let good = format!("5 0 3 1{}", " 0.5".repeat(FEATURES));
        assert!(read_line(&good).is_ok());
        for (line, says) in [
            ("5 0 3 1 0.5".to_string(), "5 numbers"),
            (good.replacen("5 0", "9 0", 1), "up to 7"),
            (good.replacen("5 0", "2 0", 1), "3 to 7 play"),
            (good.replacen(" 1 0.5", " 2 0.5", 1), "up to 1"),
            (good.replacen(" 0.5", " x", 1), "not a number"),
            (good.replacen(" 0.5", " NaN", 1), "not a number"),
        ] {
            let e = read_line(&line).unwrap_err();
            assert!(e.contains(says), "{line:?}: {e}");
        }
    }
}
