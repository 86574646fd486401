//! Whole-game simulation of the Card Game (see `camelot card simulate`): the runner, which plays
//! games with the kit's one [`Player`] at the table and counts who won. The players live apart: the
//! built-in one, [`SimplePolicy`], in `sim/policy.rs`; the computer knights in [`crate::bot`].
//!
//! A player decides from the deciding seat's [`SeatLook`] and the seat's legal actions, so it cannot
//! cheat. The runner does no timing (so that it also runs in the browser, where
//! `std::time::Instant` is not available): the `camelot card simulate` command and the `simulate`
//! benchmark time it. It avoids allocating per decision: one game's buffers and one list of legal
//! actions serve a whole batch, a player that names its action without that list is not handed
//! one, and a player that does not watch events is sent none ([`NoEvents`]).

use crate::action::{Action, EndReason, Event, EventSink, NoEvents, Seat, Side};
use crate::bot::{Bot, Level, Why};
use crate::cards::Loyalty;
use crate::game::{Game, Options, Setup, SetupError};
use camelot_kit::{GameRng, Player, rng_from_seed};
use serde::{Deserialize, Serialize};

mod policy;

pub use crate::count::{Estimate, Tally, Totals};
pub use crate::view::SeatLook;
pub use policy::{PolicyParams, SimplePolicy, visible_tally};

/// How one simulated game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// `None`: stopped at the action limit.
    pub winner: Option<(Side, EndReason)>,
    pub turns: u32,
    pub actions: u32,
    /// Choices of the player that were none of the legal actions (replaced by the first legal
    /// action).
    pub policy_errors: u32,
}

/// Play one game to its end (or `max_actions`), every seat by `player`.
pub fn play_game<P: Player<Game>>(
    setup: Setup,
    player: &mut P,
    rng: &mut GameRng,
    max_actions: u32,
) -> Result<(Game, GameResult), SetupError> {
    let mut g = Game::new(setup)?;
    let result = play_out(&mut g, player, rng, max_actions);
    Ok((g, result))
}

/// Play an already set-up game to its end (or `max_actions` more actions), every seat by `player`,
/// which is sent no events.
pub fn play_out<P: Player<Game>>(
    g: &mut Game,
    player: &mut P,
    rng: &mut GameRng,
    max_actions: u32,
) -> GameResult {
    run(g, player, rng, max_actions, &mut Vec::new(), &mut NoEvents)
}

/// What a player is sent of the events an action caused: nothing ([`NoEvents`]: the built-in
/// player reads the pile from its look), or every one ([`Player::observe`]).
trait Watch: EventSink {
    fn hand_over<P: Player<Game>>(&mut self, player: &mut P);
}

impl Watch for NoEvents {
    #[inline(always)]
    fn hand_over<P: Player<Game>>(&mut self, _player: &mut P) {}
}

impl Watch for Vec<Event> {
    fn hand_over<P: Player<Game>>(&mut self, player: &mut P) {
        for e in self.drain(..) {
            player.observe(&e);
        }
    }
}

/// The runner: the decider's player chooses an action from its look, and the game applies it,
/// until the game ends or `max_actions` were played. A player that names its action without the
/// list ([`Player::choose_unlisted`]) is not handed one; any other chooses from the legal actions
/// (listed into `legal`, reused). An action the game refuses, or no choice, counts as an error and
/// the first legal action is played instead.
#[inline(always)]
fn run<P: Player<Game>, W: Watch>(
    g: &mut Game,
    player: &mut P,
    rng: &mut GameRng,
    max_actions: u32,
    legal: &mut Vec<Action>,
    watch: &mut W,
) -> GameResult {
    let (mut actions, mut policy_errors) = (0u32, 0u32);
    while let Some((seat, _)) = g.decider() {
        if actions >= max_actions {
            break;
        }
        let look = g.seat_look(seat).expect("the decider sits at the table");
        let chosen = match player.choose_unlisted(&look, rng) {
            Some(action) => Some(action),
            None => {
                g.legal_actions_into(legal);
                let look = g.seat_look(seat).expect("the decider sits at the table");
                player
                    .choose(&look, legal, rng)
                    .and_then(|i| legal.get(i).copied())
            }
        };
        let applied = chosen.is_some_and(|a| g.apply_inline(seat, a, watch).is_ok());
        if !applied {
            policy_errors += 1;
            g.legal_actions_into(legal);
            // A decision with nothing legal to do: the engine is at fault; stop.
            let Some(&fallback) = legal.first() else {
                break;
            };
            g.apply_inline(seat, fallback, watch)
                .expect("a listed action is legal");
        }
        watch.hand_over(player);
        actions += 1;
    }
    GameResult {
        winner: g.winner(),
        turns: g.turn(),
        actions,
        policy_errors,
    }
}

/// A batch of simulated games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimConfig {
    pub games: u64,
    pub players: u8,
    pub seed: u64,
    #[serde(default)]
    pub options: Options,
    /// A game still running after this many actions is counted as unfinished.
    #[serde(default = "default_max_actions")]
    pub max_actions: u32,
}

fn default_max_actions() -> u32 {
    DEFAULT_MAX_ACTIONS
}

/// The default action limit of a simulated game (real games take well under 200).
pub const DEFAULT_MAX_ACTIONS: u32 = 2000;

impl SimConfig {
    pub fn new(games: u64, players: u8, seed: u64) -> Self {
        SimConfig {
            games,
            players,
            seed,
            options: Options::default(),
            max_actions: DEFAULT_MAX_ACTIONS,
        }
    }

    /// The setup of game number `i` (its seed derived from the batch seed).
    pub fn setup(&self, i: u64) -> Setup {
        Setup {
            players: self.players,
            first: Seat(0),
            options: self.options,
            seed: splitmix64(self.seed ^ splitmix64(i)),
        }
    }
}

/// What a batch of games came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimReport {
    pub games: u64,
    pub loyal_wins: u64,
    pub evil_wins: u64,
    /// Evil wins by Morgan #7 (counted in `evil_wins` too).
    pub morgan7_losses: u64,
    pub unfinished: u64,
    /// Turns summed over the finished games.
    pub turns: u64,
    pub actions: u64,
    pub policy_errors: u64,
}

impl SimReport {
    /// Mean number of turns of a finished game.
    pub fn mean_turns(&self) -> f64 {
        let finished = self.loyal_wins + self.evil_wins;
        if finished == 0 {
            0.0
        } else {
            self.turns as f64 / finished as f64
        }
    }

    pub fn add(&mut self, r: &GameResult) {
        self.games += 1;
        self.actions += u64::from(r.actions);
        self.policy_errors += u64::from(r.policy_errors);
        match r.winner {
            Some((side, reason)) => {
                self.turns += u64::from(r.turns);
                match side {
                    Side::Loyal => self.loyal_wins += 1,
                    Side::Evil => self.evil_wins += 1,
                }
                if reason == EndReason::Morgan7 {
                    self.morgan7_losses += 1;
                }
            }
            None => self.unfinished += 1,
        }
    }
}

/// Play `config.games` games with [`SimplePolicy`], a fresh one each game, its generator seeded
/// from the batch seed.
pub fn simulate(config: &SimConfig) -> Result<SimReport, SetupError> {
    let mut rng = rng_from_seed(splitmix64(config.seed ^ 0x5eed_5eed_5eed_5eed));
    simulate_with(config, &mut rng, |_| SimplePolicy::new())
}

/// Play `config.games` games, every seat of each by the player `player_for` makes for it from the
/// game as dealt, all drawing on `rng`.
pub fn simulate_with<P: Player<Game>>(
    config: &SimConfig,
    rng: &mut GameRng,
    mut player_for: impl FnMut(&Game) -> P,
) -> Result<SimReport, SetupError> {
    let mut report = SimReport::default();
    // One game's buffers and one list of legal actions serve every game of the batch.
    let mut game: Option<Game> = None;
    let mut legal = Vec::with_capacity(32);
    for i in 0..config.games {
        let setup = config.setup(i);
        let g = match &mut game {
            Some(g) => {
                g.reset(setup)?;
                g
            }
            None => game.insert(Game::new(setup)?),
        };
        let mut player = player_for(g);
        let result = run(
            g,
            &mut player,
            rng,
            config.max_actions,
            &mut legal,
            &mut NoEvents,
        );
        report.add(&result);
    }
    Ok(report)
}

/// SplitMix64: turns a counter into well-spread seeds.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

// ---------------------------------------------------------------------------------------------------
// Computer knights against each other (`camelot simulate --bots`)
// ---------------------------------------------------------------------------------------------------

/// Win counts over some games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tallies {
    pub games: u64,
    pub loyal_wins: u64,
    pub evil_wins: u64,
    pub unfinished: u64,
}

impl Tallies {
    fn add(&mut self, winner: Option<Side>) {
        self.games += 1;
        match winner {
            Some(Side::Loyal) => self.loyal_wins += 1,
            Some(Side::Evil) => self.evil_wins += 1,
            None => self.unfinished += 1,
        }
    }

    /// The loyal knights' share of the finished games.
    pub fn loyal_rate(&self) -> f64 {
        let finished = self.loyal_wins + self.evil_wins;
        if finished == 0 {
            0.0
        } else {
            self.loyal_wins as f64 / finished as f64
        }
    }
}

/// What computer knights' games came to, split by whether a Traitor was dealt to a player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BotReport {
    pub all: Tallies,
    /// Games where a player was dealt the Traitor card (the Traitor wins when Evil wins).
    pub with_traitor: Tallies,
    /// Games where the Traitor card was set aside (or solo).
    pub without_traitor: Tallies,
    pub turns: u64,
}

/// A table of computer knights, one a seat, as one player: each decides for its own seat and sees
/// only the events its seat may see.
struct Knights(Vec<Bot>);

impl Player<Game> for Knights {
    type Reason = Why;

    fn choose(&mut self, look: &SeatLook, legal: &[Action], rng: &mut GameRng) -> Option<usize> {
        self.0
            .get_mut(look.seat().index())?
            .choose(look, legal, rng)
    }

    fn reason(&self, look: &SeatLook<'_>, legal: &[Action], chosen: usize) -> Why {
        match self.0.get(look.seat().index()) {
            Some(bot) => bot.reason(look, legal, chosen),
            None => Why::NothingElse,
        }
    }

    fn observe(&mut self, event: &Event) {
        for bot in &mut self.0 {
            match event {
                Event::Private { seat, .. } if *seat != bot.seat => {}
                e => bot.observe(e),
            }
        }
    }
}

/// Play `config.games` games with computer knights: seat `i` plays at `levels[i % levels.len()]`,
/// except that a seat dealt the Traitor plays at `traitor_level` when given. Every knight sees only
/// its seat's view and events (as in [`crate::bot::play_bots`]).
pub fn simulate_bots(
    config: &SimConfig,
    levels: &[Level],
    traitor_level: Option<Level>,
) -> Result<BotReport, SetupError> {
    let mut report = BotReport::default();
    let mut legal = Vec::with_capacity(32);
    // The knights draw on their own generators (kept with their memories): this one goes unused.
    let mut rng = rng_from_seed(config.seed);
    for i in 0..config.games {
        let setup = config.setup(i);
        let mut game = Game::new(setup)?;
        // The referee (not a knight) looks at the deal to sort the games and seat the Traitor's
        // level.
        let dealt: Vec<Option<Loyalty>> = (0..setup.players)
            .map(|s| game.seat_view(Seat(s)).and_then(|v| v.loyalty))
            .collect();
        let traitor_dealt = dealt.contains(&Some(Loyalty::Traitor));
        let mut knights = Knights(
            dealt
                .iter()
                .enumerate()
                .map(|(s, l)| {
                    let level = match (l, traitor_level) {
                        (Some(Loyalty::Traitor), Some(t)) => t,
                        _ => levels[s % levels.len()],
                    };
                    Bot::new(Seat(s as u8), level, setup.players, setup.seed)
                })
                .collect(),
        );
        let result = run(
            &mut game,
            &mut knights,
            &mut rng,
            config.max_actions,
            &mut legal,
            &mut Vec::new(),
        );
        let winner = result.winner.map(|(side, _)| side);
        report.all.add(winner);
        if traitor_dealt {
            report.with_traitor.add(winner);
        } else {
            report.without_traitor.add(winner);
        }
        if winner.is_some() {
            report.turns += u64::from(result.turns);
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simulated_games_end_with_legal_play() {
        for players in 1..=7 {
            for expert in [false, true] {
                let mut config = SimConfig::new(300, players, 42);
                config.options.knights_to_the_rescue = expert;
                config.options.morgan8 = expert;
                config.options.merlin6 = expert;
                let r = simulate(&config).unwrap();
                assert_eq!(r.games, 300);
                assert_eq!(
                    r.policy_errors, 0,
                    "{players} players, expert {expert}: {r:?}"
                );
                assert!(r.unfinished <= 3, "{players} players: {r:?}");
                assert_eq!(r.loyal_wins + r.evil_wins + r.unfinished, r.games);
            }
        }
    }

    #[test]
    fn loyal_players_win_a_fair_share() {
        for players in [1, 4, 7] {
            let r = simulate(&SimConfig::new(2000, players, 1)).unwrap();
            let share = r.loyal_wins as f64 / r.games as f64;
            assert!(
                share > 0.3,
                "{players} players: loyal win only {share:.2}: {r:?}"
            );
        }
    }

    #[test]
    fn a_simulation_is_deterministic() {
        let config = SimConfig::new(200, 4, 9);
        assert_eq!(simulate(&config).unwrap(), simulate(&config).unwrap());
    }

    #[test]
    fn bad_player_counts_are_refused() {
        assert!(simulate(&SimConfig::new(1, 0, 1)).is_err());
        assert!(simulate(&SimConfig::new(1, 8, 1)).is_err());
    }
}
