//! `camelot board …`: scripted and simulated board games from the command line.
//!
//! - `play FILE|-`: a JSON script (the setup — `players`, optional `knights`, `first`, `seed`,
//!   `options`, `deal` — and `actions`, each `{"seat": N, "action": {"type": …}}`); prints who
//!   decides first and what he may do (`start`), then every action's events (private ones
//!   included: a developer's tool) or its refusal, each followed by who decides then and what is
//!   legal; stops at the first refused action (exit 1), and prints the final table view. The deal
//!   may fix chance (`"chance": {"rolls": [d8 …], "picks": [n …]}`) for scripted checks.
//! - `simulate --games N --players P --seed S [--traitor standard|none|among-us]
//!   [--no-three-player-peek] [--max-actions N] [--bots LEVEL[,LEVEL..]] [--traitor-bot LEVEL]`:
//!   games of computer knights (solid unless said: seats take the levels of the list in turn; the
//!   Traitor, when dealt, plays at `--traitor-bot`'s); prints the report. With `--positions FILE`
//!   it writes to FILE, a line for the start of every turn of every finished game, what the
//!   expert's outlook reads from the board then and whether the Loyal knights won (see [`fit`]).
//!   With `--beliefs` the report adds `traitor_belief`: at the start of turns 15, 30 … 90, the
//!   Loyal knights' mean belief in a hidden Traitor and in one another (the games are the same).
//! - `fit FILE..`: fits the expert's outlook, one model per number of knights, to the positions
//!   the files hold, and prints the weights with their log-loss on the games held out.
//!
//! Results go to stdout as JSON; bad usage or input exits 2 with one `camelot: …` line on stderr. A
//! reader that goes away early (`… | head`) ends the writing quietly: the command's exit code stays
//! what it was ([`crate::out`]).

use crate::out::{Failure, exit_code, print_json, print_json_line, print_line, read_file_or_stdin};
use camelot_board::sim::{SimConfig, simulate_with};
use camelot_board::{
    Action, Deal, Event, Game, Options, RuleError, Seat, SeatChoice, Setup, TableView, TraitorRule,
};
use camelot_kit::Level;
use serde::{Deserialize, Serialize};

const USAGE: &str = "usage: camelot board play FILE|- | camelot board simulate --games N --players P --seed S [--traitor standard|none|among-us] [--no-three-player-peek] [--max-actions N] [--bots beginner|solid|expert[,..]] [--traitor-bot LEVEL] [--positions FILE] [--beliefs] | camelot board fit FILE..";

/// Run the board game's command line; `args` exclude the program name and the word `board`.
/// Returns the exit code.
pub fn main(args: &[String]) -> i32 {
    let result = match args.first().map(String::as_str) {
        Some("play") => match args.get(1..) {
            Some([file]) => play(file),
            _ => Err(bad(USAGE)),
        },
        Some("simulate") => simulate_command(&args[1..]),
        Some("fit") => fit::fit_command(&args[1..]),
        Some("help" | "--help" | "-h") => print_line(USAGE),
        _ => Err(bad(USAGE)),
    };
    exit_code(result)
}

/// Bad usage or input (exit code 2).
fn bad(message: impl Into<String>) -> Failure {
    Failure::input(message)
}

/// A scripted game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Script {
    players: u8,
    #[serde(default)]
    knights: Vec<SeatChoice>,
    #[serde(default)]
    first: Option<Seat>,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    options: Options,
    #[serde(default)]
    deal: Option<Deal>,
    #[serde(default)]
    actions: Vec<ScriptMove>,
    #[serde(default)]
    #[allow(dead_code)]
    comment: Option<serde_json::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScriptMove {
    seat: Seat,
    action: Action,
}

#[derive(Serialize)]
struct Step {
    index: usize,
    seat: Seat,
    action: Action,
    #[serde(skip_serializing_if = "Option::is_none")]
    events: Option<Vec<Event>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<RuleError>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    /// Who decides after this step, and what he may do.
    #[serde(flatten)]
    next: Next,
}

/// Who decides (none once the game is over) and everything he may do.
#[derive(Serialize)]
struct Next {
    decider: Option<Seat>,
    legal: Vec<Action>,
}

impl Next {
    fn of(game: &Game) -> Next {
        Next {
            decider: game.decider(),
            legal: game.legal_actions(),
        }
    }
}

#[derive(Serialize)]
struct PlayOutput {
    ok: bool,
    /// Who decides before the first action, and what he may do.
    start: Next,
    steps: Vec<Step>,
    skipped: usize,
    #[serde(rename = "final")]
    final_view: TableView,
}

/// Play the script in `file` (`-`: stdin) and print what it did; a refused action is told on
/// stderr, with exit code 1, even when nobody reads the output any more.
fn play(file: &str) -> Result<(), Failure> {
    let output = play_script(&read_file_or_stdin(file)?)?;
    print_json(&output)?;
    match output.steps.last().filter(|_| !output.ok) {
        None => Ok(()),
        Some(step) => {
            let action = serde_json::to_string(&step.action).map_err(|e| bad(e.to_string()))?;
            Err(Failure {
                message: format!(
                    "action {} ({action} by {}) refused: {}",
                    step.index,
                    step.seat,
                    step.message.as_deref().unwrap_or("")
                ),
                code: 1,
            })
        }
    }
}

/// A script played: each step, who decides after it and what is legal, and the final table.
fn play_script(text: &str) -> Result<PlayOutput, Failure> {
    let script: Script = serde_json::from_str(text).map_err(|e| bad(format!("bad script: {e}")))?;
    let setup = Setup {
        players: script.players,
        knights: script.knights,
        first: script.first.unwrap_or(Seat(0)),
        options: script.options,
        seed: script.seed,
        deal: script.deal,
    };
    let mut game = Game::new(&setup).map_err(|e| bad(format!("bad setup: {e}")))?;
    let start = Next::of(&game);
    let mut steps = Vec::new();
    let mut ok = true;
    let total = script.actions.len();
    for (index, m) in script.actions.into_iter().enumerate() {
        match game.apply(m.seat, m.action) {
            Ok(events) => steps.push(Step {
                index,
                seat: m.seat,
                action: m.action,
                events: Some(events),
                error: None,
                message: None,
                next: Next::of(&game),
            }),
            Err(e) => {
                steps.push(Step {
                    index,
                    seat: m.seat,
                    action: m.action,
                    events: None,
                    error: Some(e),
                    message: Some(e.to_string()),
                    next: Next::of(&game),
                });
                ok = false;
                break;
            }
        }
    }
    Ok(PlayOutput {
        ok,
        start,
        skipped: total - steps.len(),
        steps,
        final_view: game.table_view(),
    })
}

fn simulate_command(args: &[String]) -> Result<(), Failure> {
    let mut games: Option<u64> = None;
    let mut players: Option<u8> = None;
    let mut seed: u64 = 0;
    let mut options = Options::default();
    let mut max_actions: u32 = 5000;
    let mut levels = [Level::Solid; 8];
    let mut traitor_level = None;
    let mut positions_file = None;
    let mut beliefs = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .ok_or_else(|| bad(format!("{name} needs a value; {USAGE}")))
        };
        match arg.as_str() {
            "--games" => games = Some(parse(value("--games")?, "--games")?),
            "--players" => players = Some(parse(value("--players")?, "--players")?),
            "--seed" => seed = parse(value("--seed")?, "--seed")?,
            "--max-actions" => max_actions = parse(value("--max-actions")?, "--max-actions")?,
            "--traitor" => {
                options.traitor = match value("--traitor")?.as_str() {
                    "standard" => TraitorRule::Standard,
                    "none" => TraitorRule::NoTraitor,
                    "among-us" => TraitorRule::AmongUs,
                    other => return Err(bad(format!("unknown --traitor {other:?}; {USAGE}"))),
                }
            }
            "--no-three-player-peek" => options.three_player_peek = false,
            "--bots" => {
                let list = value("--bots")?
                    .split(',')
                    .map(|l| l.parse::<Level>())
                    .collect::<Result<Vec<Level>, String>>()
                    .map_err(|e| bad(format!("--bots: {e}; {USAGE}")))?;
                if list.is_empty() {
                    return Err(bad(format!("--bots needs a level; {USAGE}")));
                }
                for (i, level) in levels.iter_mut().enumerate() {
                    *level = list[i % list.len()];
                }
            }
            "--traitor-bot" => {
                traitor_level = Some(
                    value("--traitor-bot")?
                        .parse::<Level>()
                        .map_err(|e| bad(format!("--traitor-bot: {e}; {USAGE}")))?,
                );
            }
            "--positions" => positions_file = Some(value("--positions")?.clone()),
            "--beliefs" => beliefs = true,
            other => return Err(bad(format!("unknown argument {other:?}; {USAGE}"))),
        }
    }
    let (Some(games), Some(players)) = (games, players) else {
        return Err(bad(USAGE));
    };
    let config = SimConfig {
        games,
        players,
        seed,
        options,
        max_actions,
        levels,
        traitor_level,
        beliefs,
    };
    let report = match positions_file {
        None => simulate_with(&config, None),
        Some(path) => {
            let mut out = fit::PositionsFile::create(&path, players)?;
            let report = simulate_with(&config, Some(&mut |game| out.write(game)));
            out.finish()?;
            report
        }
    };
    print_json_line(&report.map_err(|e| bad(format!("bad setup: {e}")))?)
}

fn parse<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, Failure> {
    text.parse()
        .map_err(|_| bad(format!("{name}: not a number: {text:?}")))
}

mod fit;
#[cfg(test)]
mod tests;
