//! `camelot card …`: the Card Game's rules engine on the command line (the words after `card`).
//!
//! ```text
//! camelot card resolve FILE|-      resolve quest scenarios (one JSON object or an array of them)
//! camelot card play FILE|-         play a scripted game, print each action's events and the final table
//! camelot card simulate --games N --players P --seed S [--expert] [--promos] [--max-actions N] [--bots LEVEL[,LEVEL..] [--traitor-bot LEVEL]]
//! ```
//!
//! Results go to stdout as JSON. Bad input goes to stderr with exit code 2; a scripted game that hits
//! a rule error prints what it could and exits with 1. A reader that goes away early (`… | head`)
//! ends the writing quietly: the command's exit code stays what it was ([`crate::out`]).

use crate::out::{Failure, exit_code, print_json, print_json_line, print_line, read_file_or_stdin};
use camelot_card::bot::Level;
use camelot_card::sim::{self, SimConfig};
use camelot_card::{
    Action, Deal, Event, Game, GameSetup, Options, Outcome, Played, Quest, QuestStack, Seat, Setup,
    TableView, ThreatCard,
};
use camelot_kit::Rules;
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::time::Instant;

const USAGE: &str = "\
camelot card — Shadows over Camelot: The Card Game, the rules engine on the command line

USAGE:
    camelot card resolve FILE      Resolve quest scenarios: FILE (or - for stdin) holds one
                                   {\"main\": \"excalibur\", \"pile\": [\"excalibur:5\", ...]} or an array of them
    camelot card play FILE         Play a scripted game (FILE or -): setup, optional deal, actions;
                                   prints each action's events and the final table view
    camelot card simulate --games N --players P --seed S [--expert] [--promos] [--max-actions N] [--bots LEVEL[,LEVEL..] [--traitor-bot LEVEL]]
                                   Play N games with the built-in policy and print the results
    camelot card help              This text

Card codes: picts|saxons|dragon|excalibur|grail + :? or :2..:5, morgan:1..morgan:8 (morgan:4+1|+2|+3),
merlin:1..merlin:6 (merlin:4@<quest> in a pile), mordred, vivien.
Exit codes: 0 ok, 1 a scripted action was refused, 2 bad usage or input.";

/// Run `camelot card ARGS…` (`args` are the words after `card`): prints to stdout and stderr and
/// returns the exit code.
pub fn main(args: &[String]) -> i32 {
    let result = match args.first().map(String::as_str) {
        Some("resolve") => cmd_resolve(&args[1..]),
        Some("play") => cmd_play(&args[1..]),
        Some("simulate") => cmd_simulate(&args[1..]),
        Some("help" | "--help" | "-h") => print_line(USAGE),
        Some(other) => Err(Failure::input(format!(
            "unknown command `card {other}` (expected resolve, play or simulate; try `camelot card help`)"
        ))),
        None => Err(Failure::input(format!("no command given\n\n{USAGE}"))),
    };
    exit_code(result)
}

/// The single FILE argument of `resolve` and `play`, read whole (`-` reads stdin).
fn read_input(command: &str, args: &[String]) -> Result<String, Failure> {
    let path = match args {
        [path] => path,
        [] => {
            return Err(Failure::input(format!(
                "`camelot {command}` needs a FILE (or - for stdin)"
            )));
        }
        _ => {
            return Err(Failure::input(format!(
                "`camelot {command}` takes one FILE, got {}",
                args.len()
            )));
        }
    };
    read_file_or_stdin(path)
}

fn parse_json(text: &str) -> Result<Value, Failure> {
    serde_json::from_str(text)
        .map_err(|e| Failure::input(format!("the input is not valid JSON: {e}")))
}

// ---------------------------------------------------------------------------------------------------
// camelot resolve
// ---------------------------------------------------------------------------------------------------

struct Scenario {
    main: Quest,
    pile: Vec<ThreatCard>,
    merlin6_bonus: u8,
}

fn scenario(index: usize, v: &Value) -> Result<Scenario, Failure> {
    let bad = |msg: String| Failure::input(format!("scenario {index}: {msg}"));
    let Value::Object(fields) = v else {
        return Err(bad(format!(
            "expected an object {{\"main\": ..., \"pile\": [...]}}, got {}",
            kind(v)
        )));
    };
    if let Some(k) = fields
        .keys()
        .find(|k| !["main", "pile", "merlin6_bonus"].contains(&k.as_str()))
    {
        return Err(bad(format!(
            "unknown field `{k}` (expected main, pile, merlin6_bonus)"
        )));
    }
    let main = match fields.get("main") {
        Some(Value::String(s)) => s.parse::<Quest>().map_err(|e| {
            bad(format!(
                "main: {e} (expected picts, saxons, dragon, excalibur or grail)"
            ))
        })?,
        Some(other) => {
            return Err(bad(format!(
                "main: expected a quest name, got {}",
                kind(other)
            )));
        }
        None => return Err(bad("missing field `main` (the quest gone on)".into())),
    };
    let pile = match fields.get("pile") {
        Some(Value::Array(cards)) => cards
            .iter()
            .enumerate()
            .map(|(i, c)| match c {
                Value::String(code) => code
                    .parse::<ThreatCard>()
                    .map_err(|e| bad(format!("pile card {i} `{code}`: {e}"))),
                other => Err(bad(format!(
                    "pile card {i}: expected a card code string, got {}",
                    kind(other)
                ))),
            })
            .collect::<Result<Vec<_>, _>>()?,
        Some(other) => {
            return Err(bad(format!(
                "pile: expected an array of card codes (bottom first), got {}",
                kind(other)
            )));
        }
        None => return Err(bad("missing field `pile` (card codes, bottom first)".into())),
    };
    let merlin6_bonus = match fields.get("merlin6_bonus") {
        None | Some(Value::Null) => 0,
        Some(v) => match v.as_u64() {
            Some(n @ 0..=3) => n as u8,
            _ => return Err(bad(format!("merlin6_bonus must be 0 to 3, got {v}"))),
        },
    };
    Ok(Scenario {
        main,
        pile,
        merlin6_bonus,
    })
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A JSON object whose keys keep their order (quest order, not alphabetical).
struct Ordered<V>(Vec<(&'static str, V)>);

impl<V: Serialize> Serialize for Ordered<V> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

#[derive(Serialize)]
struct ResolveOutput {
    totals: Ordered<u16>,
    outcomes: Ordered<Outcome>,
    white: u8,
    black: u8,
    evil_wins_now: bool,
}

fn resolve_one(s: &Scenario) -> ResolveOutput {
    let r = camelot_card::resolve(&s.pile, s.main, s.merlin6_bonus);
    let code = |q: QuestStack| q.code();
    ResolveOutput {
        totals: Ordered(
            r.stacks
                .iter()
                .filter_map(|st| st.total.map(|t| (code(st.quest), t)))
                .collect(),
        ),
        outcomes: Ordered(
            r.stacks
                .iter()
                .map(|st| (code(st.quest), st.outcome))
                .collect(),
        ),
        white: r.white,
        black: r.black,
        evil_wins_now: r.evil_wins_now,
    }
}

fn cmd_resolve(args: &[String]) -> Result<(), Failure> {
    let input = parse_json(&read_input("resolve", args)?)?;
    match &input {
        Value::Array(items) => {
            let scenarios = items
                .iter()
                .enumerate()
                .map(|(i, v)| scenario(i, v))
                .collect::<Result<Vec<_>, _>>()?;
            let out: Vec<ResolveOutput> = scenarios.iter().map(resolve_one).collect();
            print_json(&out)?;
        }
        Value::Object(_) => print_json(&resolve_one(&scenario(0, &input)?))?,
        other => {
            return Err(Failure::input(format!(
                "expected a scenario object or an array of them, got {}",
                kind(other)
            )));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------------
// camelot play
// ---------------------------------------------------------------------------------------------------

/// One scripted action and what it did.
#[derive(Serialize)]
struct PlayStep {
    index: usize,
    seat: Seat,
    action: Action,
    #[serde(skip_serializing_if = "Option::is_none")]
    events: Option<Vec<Event>>,
    /// The rule error (its JSON form plus a `message`), for the action that was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<Value>,
}

#[derive(Serialize)]
struct PlayOutput {
    /// Every action was applied.
    ok: bool,
    steps: Vec<PlayStep>,
    /// Actions not tried after a refused one.
    skipped: usize,
    /// The public view of the table after the last applied action.
    r#final: TableView,
}

const PLAY_FIELDS: [&str; 7] = [
    "players", "first", "seed", "options", "deal", "actions", "comment",
];

/// Read a field of the script with serde, naming the field in the error.
fn field<T: serde::de::DeserializeOwned>(
    fields: &Map<String, Value>,
    name: &str,
) -> Result<Option<T>, Failure> {
    match fields.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => T::deserialize(v)
            .map(Some)
            .map_err(|e| Failure::input(format!("{name}: {e}"))),
    }
}

fn cmd_play(args: &[String]) -> Result<(), Failure> {
    let input = parse_json(&read_input("play", args)?)?;
    let Value::Object(fields) = &input else {
        return Err(Failure::input(format!(
            "a script is an object {{\"players\": ..., \"actions\": [...]}}, got {}",
            kind(&input)
        )));
    };
    if let Some(k) = fields.keys().find(|k| !PLAY_FIELDS.contains(&k.as_str())) {
        return Err(Failure::input(format!(
            "unknown field `{k}` (expected {})",
            PLAY_FIELDS.join(", ")
        )));
    }
    let players: u8 = field(fields, "players")?
        .ok_or_else(|| Failure::input("missing field `players` (1 to 7)"))?;
    let setup = Setup {
        players,
        first: Seat(field(fields, "first")?.unwrap_or(0)),
        options: field::<Options>(fields, "options")?.unwrap_or_default(),
        seed: field(fields, "seed")?.unwrap_or(0),
    };
    let deal: Option<Deal> = field(fields, "deal")?;
    let actions: Vec<Played> = match fields.get("actions") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| {
                Played::deserialize(v).map_err(|e| Failure::input(format!("action {i}: {e}")))
            })
            .collect::<Result<_, _>>()?,
        Some(other) => {
            return Err(Failure::input(format!(
                "actions: expected an array of {{\"seat\": N, \"action\": {{\"type\": ...}}}}, got {}",
                kind(other)
            )));
        }
    };
    let mut game = <Game as Rules>::start(&GameSetup { setup, deal })
        .map_err(|e| Failure::input(format!("setup: {e}")))?;

    let mut steps = Vec::with_capacity(actions.len());
    let mut refused = None;
    for (index, p) in actions.iter().enumerate() {
        match game.apply(p.seat, p.action) {
            Ok(events) => steps.push(PlayStep {
                index,
                seat: p.seat,
                action: p.action,
                events: Some(events),
                error: None,
            }),
            Err(error) => {
                let mut e = serde_json::to_value(&error).expect("errors serialize");
                if let Value::Object(m) = &mut e {
                    m.insert("message".into(), Value::String(error.to_string()));
                }
                steps.push(PlayStep {
                    index,
                    seat: p.seat,
                    action: p.action,
                    events: None,
                    error: Some(e),
                });
                refused = Some((index, error));
                break;
            }
        }
    }
    let skipped = refused.as_ref().map_or(0, |(i, _)| actions.len() - i - 1);
    print_json(&PlayOutput {
        ok: refused.is_none(),
        steps,
        skipped,
        r#final: game.table_view(),
    })?;
    match refused {
        None => Ok(()),
        Some((index, error)) => Err(Failure {
            message: format!(
                "action {index} ({} by {}) refused: {error}",
                serde_json::to_string(&actions[index].action).expect("actions serialize"),
                actions[index].seat
            ),
            code: 1,
        }),
    }
}

// ---------------------------------------------------------------------------------------------------
// camelot simulate
// ---------------------------------------------------------------------------------------------------

#[derive(Serialize)]
struct RateOutput {
    games: u64,
    loyal_wins: u64,
    evil_wins: u64,
    unfinished: u64,
    loyal_win_rate: f64,
}

fn rates(t: &sim::Tallies) -> RateOutput {
    RateOutput {
        games: t.games,
        loyal_wins: t.loyal_wins,
        evil_wins: t.evil_wins,
        unfinished: t.unfinished,
        loyal_win_rate: (t.loyal_rate() * 1000.0).round() / 1000.0,
    }
}

#[derive(Serialize)]
struct BotsOutput {
    games: u64,
    players: u8,
    seed: u64,
    expert: bool,
    bots: Vec<&'static str>,
    traitor_bot: Option<&'static str>,
    all: RateOutput,
    /// Games where a player was dealt the Traitor: Evil's wins are the Traitor's.
    with_traitor: RateOutput,
    traitor_win_rate: f64,
    without_traitor: RateOutput,
    mean_turns: f64,
    seconds: f64,
    games_per_second: f64,
}

fn simulate_bots(
    config: &SimConfig,
    levels: &[Level],
    traitor_bot: Option<Level>,
) -> Result<(), Failure> {
    let start = Instant::now();
    let r = sim::simulate_bots(config, levels, traitor_bot)
        .map_err(|e| Failure::input(format!("setup: {e}")))?;
    let seconds = start.elapsed().as_secs_f64();
    let finished = r.all.loyal_wins + r.all.evil_wins;
    let traitor_finished = r.with_traitor.loyal_wins + r.with_traitor.evil_wins;
    let out = BotsOutput {
        games: r.all.games,
        players: config.players,
        seed: config.seed,
        expert: config.options.knights_to_the_rescue,
        bots: levels.iter().map(|l| l.code()).collect(),
        traitor_bot: traitor_bot.map(Level::code),
        all: rates(&r.all),
        with_traitor: rates(&r.with_traitor),
        traitor_win_rate: if traitor_finished == 0 {
            0.0
        } else {
            (r.with_traitor.evil_wins as f64 / traitor_finished as f64 * 1000.0).round() / 1000.0
        },
        without_traitor: rates(&r.without_traitor),
        mean_turns: if finished == 0 {
            0.0
        } else {
            (r.turns as f64 / finished as f64 * 100.0).round() / 100.0
        },
        seconds: (seconds * 1000.0).round() / 1000.0,
        games_per_second: if seconds > 0.0 {
            (r.all.games as f64 / seconds).round()
        } else {
            0.0
        },
    };
    print_json(&out)
}

#[derive(Serialize)]
struct SimulateOutput {
    games: u64,
    players: u8,
    seed: u64,
    expert: bool,
    loyal_wins: u64,
    evil_wins: u64,
    /// Evil wins by Morgan #7 (counted in evil_wins too).
    morgan7_losses: u64,
    unfinished: u64,
    /// Mean number of turns of a finished game.
    mean_turns: f64,
    /// Illegal choices of the built-in policy (always 0 unless it has a bug).
    policy_errors: u64,
    seconds: f64,
    games_per_second: f64,
}

fn cmd_simulate(args: &[String]) -> Result<(), Failure> {
    let mut config = SimConfig::new(1000, 4, 1);
    let mut bots: Option<Vec<Level>> = None;
    let mut traitor_bot: Option<Level> = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = |what: &str| -> Result<u64, Failure> {
            let v = it
                .next()
                .ok_or_else(|| Failure::input(format!("{flag} needs {what}")))?;
            v.parse::<u64>()
                .map_err(|_| Failure::input(format!("{flag} needs {what}, got `{v}`")))
        };
        match flag.as_str() {
            "--games" => config.games = value("a number of games")?,
            "--players" => {
                let p = value("a number of players (1 to 7)")?;
                if !(1..=7).contains(&p) {
                    return Err(Failure::input(format!("--players must be 1 to 7, got {p}")));
                }
                config.players = p as u8;
            }
            "--seed" => config.seed = value("a seed (a whole number)")?,
            "--max-actions" => {
                config.max_actions = u32::try_from(value("a number of actions")?)
                    .map_err(|_| Failure::input("--max-actions is too large"))?
            }
            "--expert" => config.options.knights_to_the_rescue = true,
            "--bots" => {
                let v = it.next().ok_or_else(|| {
                    Failure::input("--bots needs levels, e.g. solid or beginner,expert")
                })?;
                let levels = v
                    .split(',')
                    .map(|l| l.trim().parse::<Level>())
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| Failure::input(format!("--bots: {e}")))?;
                bots = Some(levels);
            }
            "--traitor-bot" => {
                let v = it
                    .next()
                    .ok_or_else(|| Failure::input("--traitor-bot needs a level"))?;
                traitor_bot = Some(
                    v.parse::<Level>()
                        .map_err(|e| Failure::input(format!("--traitor-bot: {e}")))?,
                );
            }
            "--promos" => {
                config.options.morgan8 = true;
                config.options.merlin6 = true;
            }
            other => {
                return Err(Failure::input(format!(
                    "unknown option `{other}` for simulate (expected --games, --players, --seed, --expert, --promos, --max-actions, --bots, --traitor-bot)"
                )));
            }
        }
    }
    if let Some(levels) = bots {
        return simulate_bots(&config, &levels, traitor_bot);
    }
    if traitor_bot.is_some() {
        return Err(Failure::input("--traitor-bot goes with --bots"));
    }
    let start = Instant::now();
    let report = sim::simulate(&config).map_err(|e| Failure::input(format!("setup: {e}")))?;
    let seconds = start.elapsed().as_secs_f64();
    let games_per_second = if seconds > 0.0 {
        (report.games as f64 / seconds).round()
    } else {
        0.0
    };
    let round = |x: f64, digits: i32| {
        let f = 10f64.powi(digits);
        (x * f).round() / f
    };
    let out = SimulateOutput {
        games: report.games,
        players: config.players,
        seed: config.seed,
        expert: config.options.knights_to_the_rescue,
        loyal_wins: report.loyal_wins,
        evil_wins: report.evil_wins,
        morgan7_losses: report.morgan7_losses,
        unfinished: report.unfinished,
        mean_turns: round(report.mean_turns(), 2),
        policy_errors: report.policy_errors,
        seconds: round(seconds, 3),
        games_per_second,
    };
    print_json_line(&out)
}
