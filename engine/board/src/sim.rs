//! Simulated games with a built-in policy.
//!
//! Every decision is taken from a [`Glimpse`]: a borrowed view of the game that answers only what
//! the deciding seat may see (the board, every knight's public state, its own hand and loyalty,
//! the face-down cards it drew, and what its current decision shows it), so the policy cannot
//! cheat. [`simulate`] plays many games and counts the outcomes; it does no timing on targets
//! without a clock (the browser), where `seconds` stays 0.
//!
//! Here, the simulation runner; apart from it, what a seat sees (`glimpse.rs`), the policies
//! (`policy.rs`; the built-in one's scores in `ctx.rs`, `evil.rs` and `worth.rs`, its reading of
//! the public record in `suspects.rs`) and the reasons it gives (`reason.rs`).

use crate::action::{Action, Seat, SetupError};
use crate::data::*;
use crate::game::*;
use camelot_kit::{GameRng, Level, rng_from_seed};
use rand::RngExt;
use serde::{Deserialize, Serialize};
use std::cell::Cell;

mod ctx;
mod evil;
mod glimpse;
mod policy;
mod reason;
mod suspects;
mod worth;

use camelot_kit::Player;
use ctx::Ctx;
pub use glimpse::{Glimpse, Step};
pub use policy::SimplePolicy;
use policy::{Best, MERLINS_CANCEL, harm};
pub use reason::{Clue, Reason};
use suspects::clue;
pub use suspects::{Accusal, Belief, Suspect, suspicion, sword_chance};
use worth::{Standing, Worth};

/// From this many siege engines a Loyal knight with 6 points of Fight cards fights them before
/// almost anything else, and Camelot is worth going to for it (tuned with the other constants of
/// `docs/computer-knights-measured.md`, "tuned again, for the expert"; it was 9).
const SIEGE_FIGHT_NEAR: u8 = 10;

/// What the built-in policy adds to a move's worth: none, so that a knight goes only where he
/// can do more than where he stands (tuned: with the old bonus of 8 the expert won 52.6 % of
/// five-knight games without a Traitor, with none 58.6 %).
const MOVE_BONUS: i32 = 0;

/// What to simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimConfig {
    pub games: u64,
    pub players: u8,
    pub seed: u64,
    pub options: Options,
    /// A game still running after this many actions counts as unfinished.
    pub max_actions: u32,
    /// The computer knight at each seat (seat `i` plays `levels[i]`); solid, the built-in
    /// policy, unless said otherwise.
    #[serde(default = "all_solid")]
    pub levels: [Level; 8],
    /// The Traitor's level, when one is dealt (`None`: his seat's).
    #[serde(default)]
    pub traitor_level: Option<Level>,
    /// Read the Loyal knights' belief in a hidden Traitor as the game goes ([`Report::traitor_belief`]).
    #[serde(default)]
    pub beliefs: bool,
}

fn all_solid() -> [Level; 8] {
    [Level::Solid; 8]
}

impl SimConfig {
    pub fn new(games: u64, players: u8, seed: u64) -> Self {
        SimConfig {
            games,
            players,
            seed,
            options: Options::default(),
            max_actions: 5000,
            levels: all_solid(),
            traitor_level: None,
            beliefs: false,
        }
    }
}

/// The accusations of the games with a Traitor dealt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Accusations {
    /// Accusations made.
    pub made: u64,
    /// Of those, the ones that named the Traitor.
    pub right: u64,
    /// Games in which the Traitor was accused (and so unmasked).
    pub traitor_caught: u64,
    /// The mean turn of the first right accusation, over the games with one.
    pub mean_turn_caught: f64,
    /// Finished games in which the Traitor was still hidden and alive at the end: neither
    /// accused, nor self-revealed, nor dead.
    #[serde(default)]
    pub hidden_to_the_end: u64,
}

/// The turns at whose start [`SimConfig::beliefs`] reads the Loyal knights' belief in a hidden
/// Traitor.
pub const BELIEF_TURNS: [u32; 6] = [15, 30, 45, 60, 75, 90];

/// What the Loyal knights believe of a hidden Traitor at the start of a turn, against what they
/// believe of one another: each Loyal knight's [`Belief`] (from the public record, as he holds it
/// when he decides), averaged over the Loyal knights on the board, then over the games whose
/// Traitor was still hidden and on the board then, with two Loyal knights or more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BeliefAt {
    pub turn: u32,
    /// The games read at this turn.
    pub games: u64,
    /// The mean chance a Loyal knight gives the Traitor of being the Traitor …
    pub in_traitor: f64,
    /// … and another Loyal knight.
    pub in_loyal: f64,
}

/// The mean belief of the Loyal knights on the board of `game` in the hidden `traitor` and in
/// one another, when he is hidden and on the board and two Loyal knights are.
pub(crate) fn belief_in(game: &Game, traitor: Seat) -> Option<(f64, f64)> {
    if !game.on_board(traitor) {
        return None;
    }
    let loyal: Vec<Seat> = (0..game.players() as u8)
        .map(Seat)
        .filter(|&s| s != traitor && game.on_board(s))
        .collect();
    if loyal.len() < 2 {
        return None;
    }
    let (mut in_traitor, mut in_loyal) = (0.0, 0.0);
    for &o in &loyal {
        let belief = Belief::held_by(&game.glimpse(o), o);
        in_traitor += belief.of_seat(traitor);
        let others = loyal.iter().filter(|&&s| s != o);
        in_loyal += others.map(|&s| belief.of_seat(s)).sum::<f64>() / (loyal.len() - 1) as f64;
    }
    let n = loyal.len() as f64;
    Some((in_traitor / n, in_loyal / n))
}

/// Wins of each side among some games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Split {
    pub games: u64,
    pub loyal_wins: u64,
    pub evil_wins: u64,
    /// How these games ended.
    #[serde(default)]
    pub ends: Ends,
}

/// How the games ended (§7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Ends {
    pub siege_engines: u64,
    pub black_swords: u64,
    pub loyal_knights_dead: u64,
    pub swords: u64,
}

impl Ends {
    fn count(&mut self, reason: crate::EndReason) {
        match reason {
            crate::EndReason::SiegeEngines => self.siege_engines += 1,
            crate::EndReason::BlackSwords => self.black_swords += 1,
            crate::EndReason::LoyalKnightsDead => self.loyal_knights_dead += 1,
            crate::EndReason::Swords => self.swords += 1,
        }
    }
}

/// What many games came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub games: u64,
    pub players: u8,
    pub seed: u64,
    pub loyal_wins: u64,
    pub evil_wins: u64,
    /// Games where a player was dealt the Traitor card, and games where none was.
    pub with_traitor: Split,
    pub without_traitor: Split,
    /// In the games with a Traitor dealt: the accusations, and whether they caught him.
    pub accusations: Accusations,
    /// With [`SimConfig::beliefs`]: the Loyal knights' belief in the hidden Traitor at each of
    /// [`BELIEF_TURNS`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traitor_belief: Option<[BeliefAt; BELIEF_TURNS.len()]>,
    pub ends: Ends,
    pub unfinished: u64,
    /// Turns per finished game.
    pub mean_turns: f64,
    /// Actions per game.
    pub mean_actions: f64,
    /// Choices of the policy that were not legal (must be 0).
    pub policy_errors: u64,
    pub seconds: f64,
    pub games_per_second: f64,
}

/// One game played to its end by `policy` at every seat; the number of actions and policy errors.
pub fn play_game(
    game: &mut Game,
    policy: &mut impl Player<Game>,
    rng: &mut GameRng,
    max_actions: u32,
    legal: &mut Vec<Action>,
) -> (u32, u64) {
    play_until(game, policy, rng, max_actions, legal, u32::MAX)
}

/// [`play_game`], stopped too when turn `until_turn` begins (the look ahead's play-outs,
/// judged there by [`crate::outlook`]).
pub fn play_until(
    game: &mut Game,
    policy: &mut impl Player<Game>,
    rng: &mut GameRng,
    max_actions: u32,
    legal: &mut Vec<Action>,
    until_turn: u32,
) -> (u32, u64) {
    let mut actions = 0;
    let mut errors = 0;
    while let Some(seat) = game.decider() {
        if actions >= max_actions || game.turn() >= until_turn {
            break;
        }
        legal.clear();
        game.legal_for(seat, legal);
        let view = Glimpse {
            game,
            seat,
            me: game.s(seat),
            deciding: true,
        };
        let action = match policy.choose(&view, legal, rng).and_then(|i| legal.get(i)) {
            Some(&a) => a,
            None => {
                errors += 1;
                match legal.first() {
                    Some(&a) => a,
                    // A decision with nothing legal to do: the engine is at fault; stop.
                    None => break,
                }
            }
        };
        // The action is one of the decider's legal ones: applied without checking it again.
        game.perform(seat, action);
        actions += 1;
    }
    (actions, errors)
}

/// Play `config.games` games with [`SimplePolicy`] at every seat (random knights; each game's seed
/// follows from the config's).
pub fn simulate(config: &SimConfig) -> Result<Report, SetupError> {
    simulate_with(config, None)
}

/// A finished game's positions for [`crate::outlook::fit`]: the turn and
/// [`crate::outlook::features`] at the first decision of every turn, and whether the Loyal knights
/// won.
pub type GamePositions<'a> = (&'a [(u32, [f32; crate::outlook::FEATURES])], bool);

/// [`simulate`], handing each finished game's positions to `positions` when given.
pub fn simulate_with(
    config: &SimConfig,
    mut positions: Option<&mut dyn FnMut(GamePositions)>,
) -> Result<Report, SetupError> {
    let mut setup = Setup::new(config.players, config.seed);
    setup.options = config.options;
    // Check the setup once.
    Game::new(&setup)?;
    let clock = Clock::start();
    let mut report = Report {
        players: config.players,
        seed: config.seed,
        ..Report::default()
    };
    let mut legal = Vec::with_capacity(64);
    let mut caught_turns: u64 = 0;
    let mut turns: u64 = 0;
    let mut actions_total: u64 = 0;
    let mut beliefs = [BeliefAt::default(); BELIEF_TURNS.len()];
    for i in 0..config.games {
        setup.seed = config
            .seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(i);
        let mut game = Game::new(&setup)?;
        // Each game's knights draw their random numbers from its own seed: two versions of a
        // policy run on the same deals differ game by game only where their choices differ.
        let mut rng = rng_from_seed(setup.seed ^ 0x005e_ed0f_ca7e_1075);
        let traitor_seat =
            (0..config.players).find(|&s| game.loyalty(Seat(s)) == Some(Loyalty::Traitor));
        let traitor = traitor_seat.is_some();
        let mut table = crate::levels::Table {
            levels: config.levels,
            accusations: Vec::new(),
            positions: positions.is_some().then(Vec::new),
            beliefs: traitor_seat
                .filter(|_| config.beliefs)
                .map(|t| (Seat(t), [None; BELIEF_TURNS.len()])),
            turn: 0,
        };
        if let (Some(s), Some(level)) = (traitor_seat, config.traitor_level) {
            table.levels[usize::from(s)] = level;
        }
        let (actions, errors) = play_game(
            &mut game,
            &mut table,
            &mut rng,
            config.max_actions,
            &mut legal,
        );
        if let Some(t) = traitor_seat {
            let a = &mut report.accusations;
            a.made += table.accusations.len() as u64;
            let right: Vec<u32> = table
                .accusations
                .iter()
                .filter(|(_, target)| target.0 == t)
                .map(|&(turn, _)| turn)
                .collect();
            a.right += right.len() as u64;
            if let Some(&first) = right.first() {
                a.traitor_caught += 1;
                caught_turns += u64::from(first);
            }
        }
        if let Some((_, read)) = &table.beliefs {
            for (at, read) in beliefs.iter_mut().zip(read) {
                if let Some((in_traitor, in_loyal)) = read {
                    at.games += 1;
                    at.in_traitor += in_traitor;
                    at.in_loyal += in_loyal;
                }
            }
        }
        report.games += 1;
        report.policy_errors += errors;
        actions_total += u64::from(actions);
        let split = if traitor {
            &mut report.with_traitor
        } else {
            &mut report.without_traitor
        };
        split.games += 1;
        match game.outcome() {
            None => report.unfinished += 1,
            Some(o) => {
                if let (Some(keep), Some(kept)) = (&mut positions, &table.positions) {
                    keep((kept, o.winner == crate::Side::Loyal));
                }
                turns += u64::from(game.turn());
                match o.winner {
                    crate::Side::Loyal => {
                        report.loyal_wins += 1;
                        split.loyal_wins += 1;
                    }
                    crate::Side::Evil => {
                        report.evil_wins += 1;
                        split.evil_wins += 1;
                    }
                }
                report.ends.count(o.reason);
                split.ends.count(o.reason);
                if traitor_seat.is_some_and(|t| {
                    let t = Seat(t);
                    game.is_alive(t) && !game.is_revealed(t)
                }) {
                    report.accusations.hidden_to_the_end += 1;
                }
            }
        }
    }
    if report.accusations.traitor_caught > 0 {
        report.accusations.mean_turn_caught =
            caught_turns as f64 / report.accusations.traitor_caught as f64;
    }
    if config.beliefs {
        for (at, turn) in beliefs.iter_mut().zip(BELIEF_TURNS) {
            at.turn = turn;
            if at.games > 0 {
                at.in_traitor /= at.games as f64;
                at.in_loyal /= at.games as f64;
            }
        }
        report.traitor_belief = Some(beliefs);
    }
    let finished = report.games - report.unfinished;
    report.mean_turns = if finished > 0 {
        turns as f64 / finished as f64
    } else {
        0.0
    };
    report.mean_actions = if report.games > 0 {
        actions_total as f64 / report.games as f64
    } else {
        0.0
    };
    report.seconds = clock.seconds();
    report.games_per_second = if report.seconds > 0.0 {
        report.games as f64 / report.seconds
    } else {
        0.0
    };
    Ok(report)
}

/// Wall-clock time where there is a clock (not in the browser's wasm, where it reads 0).
struct Clock(#[cfg(not(target_family = "wasm"))] std::time::Instant);

impl Clock {
    fn start() -> Self {
        Clock(
            #[cfg(not(target_family = "wasm"))]
            std::time::Instant::now(),
        )
    }

    fn seconds(&self) -> f64 {
        #[cfg(not(target_family = "wasm"))]
        {
            self.0.elapsed().as_secs_f64()
        }
        #[cfg(target_family = "wasm")]
        {
            0.0
        }
    }
}
