//! The expert's look ahead: at the choices that decide most games, it plays each one out in worlds
//! its seat cannot tell apart ([`Glimpse::sample_world`]: every card it may not see dealt anew)
//! with the built-in policy at every seat, refusing what the expert refuses, for a few turns
//! ([`LookAhead::horizon`]), judges each world there by the chances a table of expert knights has
//! from it ([`crate::outlook`]; a world that ended by then counts as won or lost, a lost one for a
//! little by how long it lasted, [`world_worth`]), and keeps the choice whose worlds are worth most
//! to its side (a hidden Traitor plays out his own choices for Evil).
//!
//! Every choice is tried in the same worlds with the same random numbers after it (common random
//! numbers), so that the comparison between choices is not drowned in the luck of the deal; and
//! the built-in policy's own choice is kept unless another wins clearly more often. A choice that
//! falls well behind the built-in policy's, or can no longer be expected to beat it clearly, is
//! dropped on the way, so that the worlds go to the choices still in the running; one sure to beat
//! it is taken before the last world ([`race`]).

use crate::Side;
use crate::action::Action;
use crate::data::Loyalty;
use crate::game::{Game, Phase};
use crate::sim::{Glimpse, SimplePolicy, Step, play_until};
use camelot_kit::{GameRng, rng_from_seed};
use rand::RngExt;

/// How far the look ahead goes: the worlds each choice is played out in, the turns each world is
/// played for before it is judged by [`crate::outlook`], how many more wins (of those worlds,
/// counted as [`world_worth`] counts them) another choice needs to be preferred to the built-in
/// policy's, and when the race between the choices is looked at (from `drop_from` worlds on, every
/// fourth world): a choice is dropped once it is `drop_behind` wins behind the built-in policy's,
/// or once it can no longer be expected to reach the margin, and taken at once when it is sure to
/// and the last one left against the built-in policy's ([`race`], `spreads`).
#[derive(Clone, Copy, Debug)]
pub struct LookAhead {
    pub worlds: u32,
    pub horizon: u32,
    pub margin: u32,
    pub drop_from: u32,
    pub drop_behind: u32,
    pub spreads: f64,
}

impl LookAhead {
    /// The expert's at his Progression of Evil (the hidden Traitor's too): each world played for
    /// [`HORIZON`] turns and judged there by [`crate::outlook`], in 96 worlds; another choice
    /// needs 2 more wins than the built-in policy's, and falls out once it is 1 win behind or the
    /// worlds left cannot be expected to carry it to 2 wins ahead ([`race`]). Against
    /// 48 worlds played to the end of the game (3 more wins needed, out at 2 behind), on the same
    /// 1000 five-knight deals: 45.4 % against 38.9 % (`--seed 2`), 47.3 % against 39.0 % (`--seed
    /// 3`), in about 0.9 times the time (docs/computer-knights-measured.md).
    pub const EXPERT: LookAhead = LookAhead {
        worlds: 96,
        horizon: HORIZON,
        margin: 2,
        drop_from: 8,
        drop_behind: 1,
        spreads: SPREADS,
    };

    /// The expert's at his Heroic Actions near the end of the siege: twice the worlds. There the
    /// choices are close and each decides much; against as many worlds as at the Progression of
    /// Evil, on the same five-knight deals, about 4 points more games won, in about 1.2 times the
    /// time (measured with the worlds played to the end; docs/computer-knights-measured.md).
    pub const EXPERT_HEROIC: LookAhead = LookAhead {
        worlds: 192,
        ..LookAhead::EXPERT
    };

    /// The expert's at his Heroic Actions near the end of the siege at three and four knights,
    /// where he weighs five of them ([`heroic_candidates`]): half as many worlds again. Without a
    /// Traitor, 144 worlds against 96, played to the end: 43.7, 41.8 and 42.6 % against 39.9, 38.7
    /// and 40.2 % at three knights (three sets of 1000 deals), 56.0 % against 52.4 % at four
    /// (docs/computer-knights-measured.md).
    pub const EXPERT_HEROIC_FEW: LookAhead = LookAhead {
        worlds: 288,
        ..LookAhead::EXPERT
    };

    /// The expert's look ahead at the decision in `view`.
    pub fn expert(view: &Glimpse) -> LookAhead {
        match view.phase() {
            _ if view.step() != Step::Turn => LookAhead::EXPERT,
            Phase::HeroicActions if view.players() <= 4 => LookAhead::EXPERT_HEROIC_FEW,
            Phase::HeroicActions => LookAhead::EXPERT_HEROIC,
            _ => LookAhead::EXPERT,
        }
    }
}

/// The turns the look ahead plays each world for before it judges it by [`crate::outlook`]: four
/// rounds at five knights. Fewer turns leave more to the estimate, a rougher guide than the game
/// itself: on the same five-knight deals, 15 turns won 46.1 % against 48.9 % with 20 (1000 games,
/// a choice out at 2 wins behind), 10 turns 34.8 % against 41.2 % (400 games, 48 worlds, 3 more
/// wins needed). With the race ([`race`]), 15 turns won as many five-knight games as 20 but fewer
/// at three and four knights (33.7 % against 35.6 %, 44.8 % against 46.4 %), in 0.91 times the
/// time; 25 turns no more (docs/computer-knights-measured.md).
const HORIZON: u32 = 20;

/// The most actions a game played out may take (a whole game takes a few hundred).
const ROLLOUT_ACTIONS: u32 = 3000;

/// Whether the decision in `view` is one the expert looks ahead at: a Loyal knight's Progression
/// of Evil (a black card, a siege engine or a life: the choice that loses most games), and his
/// Heroic Actions once the siege is near ([`SIEGE_NEAR`] engines or more); the hidden Traitor's
/// Progression of Evil, played out for Evil. Looking ahead at every Heroic Action (the built-in
/// policy's three best) was measured no better and four times slower. And the order in which a
/// Clairvoyance puts the black cards back, which card next (its worlds keep the cards seen): the
/// card that would end the game goes where the knights have time to meet it; the hidden Traitor
/// orders them for Evil (nobody sees the order).
pub(crate) fn looks_ahead(view: &Glimpse, legal: &[Action]) -> bool {
    legal.len() > 1
        && view.loyalty().is_some()
        && match (view.step(), view.phase()) {
            (Step::Clairvoyance, _) => true,
            (Step::Turn, Phase::ProgressionOfEvil) => true,
            _ if view.loyalty() == Some(Loyalty::Traitor) => false,
            (Step::Turn, Phase::HeroicActions) => view.siege_engines() >= SIEGE_NEAR,
            _ => false,
        }
}

/// The siege engines from which the expert looks ahead at his Heroic Actions too. From 6 rather
/// than 7, on the same 1000 five-knight deals: 47.7 % against 45.4 % (`--seed 2`), 50.7 % against
/// 47.3 % (`--seed 3`), in about 1.1 times the time; from 8, 41.9 %; from 5, tried on 400 of
/// those deals with half the worlds, fewer (docs/computer-knights-measured.md).
const SIEGE_NEAR: u8 = 6;

/// The choices worth playing out: at the Progression of Evil and a Clairvoyance all of them; at
/// the Heroic Actions (when looked at) the built-in policy's best few ([`heroic_candidates`]).
fn candidates(view: &Glimpse, legal: &[Action], simple: usize) -> Vec<usize> {
    if view.phase() != Phase::HeroicActions || view.step() != Step::Turn {
        return (0..legal.len()).collect();
    }
    let Some(scores) = SimplePolicy::scores(view, legal) else {
        return vec![simple];
    };
    let mut order: Vec<usize> = (0..legal.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(scores[i]), i != simple));
    order.truncate(heroic_candidates(view));
    if !order.contains(&simple) {
        order.push(simple);
    }
    order
}

/// How many Heroic Actions the expert plays out: the built-in policy's three best, five at three
/// and four knights. Each of few knights has more to do, and a choice the built-in policy ranks
/// lower is more often the one that saves the game. Without a Traitor, 1000 games on each of two
/// sets of deals: five won 39.9 % and 38.7 % at three knights against 36.3 % and 35.1 % with
/// three, and 52.4 % and 52.7 % at four knights against 49.6 % and 47.1 %; at five knights four
/// already won fewer (docs/computer-knights-measured.md).
fn heroic_candidates(view: &Glimpse) -> usize {
    if view.players() <= 4 { 5 } else { 3 }
}

/// A look ahead under way, to find the choice among `legal` that wins most often for the seat's
/// side when played out: `simple` (the built-in policy's) unless another wins `margin` more of
/// the worlds ([`world_worth`]). It keeps the choices still in the running, what their worlds
/// were worth and the worlds played so far. Only `simple` (the built-in policy's choice) and the
/// choices `allowed` (no worse than `simple` by what the expert refuses outright, or, for the
/// hidden Traitor, not giving him away) are tried, and a choice is dropped once it falls
/// `drop_behind` wins behind `simple` ([`LookAhead`]). The simulations run it to its end at once;
/// the app runs it a few worlds at a time ([`LookingAhead::go_on`]), so that the page is never
/// held up for long, and it comes to the same choice either way.
#[derive(Clone, Debug)]
pub struct LookingAhead {
    side: Side,
    simple: usize,
    look: LookAhead,
    running: Vec<usize>,
    /// What each choice's worlds were worth so far, in hundredths of a win ([`world_worth`]).
    worth: Vec<u32>,
    /// For each choice, the sum of the squares of what each of its worlds was worth more than the
    /// same world after `simple` (how widely the race between them swings, [`race`]).
    squares: Vec<u64>,
    /// What each choice still running made of the world being played out.
    this_world: Vec<u32>,
    /// A choice was found sure to beat `simple` by the margin before the last world.
    settled: bool,
    worlds: u32,
}

impl LookingAhead {
    pub(crate) fn new(
        view: &Glimpse,
        legal: &[Action],
        simple: usize,
        look: LookAhead,
        allowed: impl Fn(usize) -> bool,
    ) -> LookingAhead {
        let side = if view.loyalty() == Some(Loyalty::Traitor) {
            Side::Evil
        } else {
            Side::Loyal
        };
        // A siege engine costs nothing now and much later: the look ahead, whose knights play
        // the built-in policy after this choice, underrates it, so a Loyal knight never turns to
        // one (nor plays one out).
        let running = candidates(view, legal, simple)
            .into_iter()
            .filter(|&i| {
                i == simple
                    || (allowed(i) && (side == Side::Evil || legal[i] != Action::AddSiegeEngine))
            })
            .collect();
        LookingAhead {
            side,
            simple,
            look,
            running,
            worth: vec![0; legal.len()],
            squares: vec![0; legal.len()],
            this_world: vec![0; legal.len()],
            settled: false,
            worlds: 0,
        }
    }

    /// Plays the look ahead to its end: the choice.
    pub fn finish(&mut self, view: &Glimpse, legal: &[Action], rng: &mut GameRng) -> usize {
        loop {
            if let Some(i) = self.go_on(view, legal, u32::MAX, rng) {
                return i;
            }
        }
    }

    /// Plays each choice still running out in at most `worlds` more worlds of those `view`'s
    /// seat cannot tell apart; the choice once the look ahead is over. `view` and `legal` are the
    /// ones it began with, and `rng` goes on from where it left off.
    pub fn go_on(
        &mut self,
        view: &Glimpse,
        legal: &[Action],
        worlds: u32,
        rng: &mut GameRng,
    ) -> Option<usize> {
        let look = self.look;
        let mut scratch = Vec::new();
        let mut played = 0;
        while self.worlds < look.worlds && self.running.len() > 1 && !self.settled {
            if played == worlds {
                return None;
            }
            let world_seed: u64 = rng.random();
            let world = view.sample_world(&mut rng_from_seed(world_seed));
            let after: u64 = rng.random();
            for &i in &self.running {
                let mut g: Game = world.clone();
                g.perform(view.seat(), legal[i]);
                let mut r = rng_from_seed(after);
                let until = view.turn() + look.horizon;
                play_until(
                    &mut g,
                    &mut Refusing,
                    &mut r,
                    ROLLOUT_ACTIONS,
                    &mut scratch,
                    until,
                );
                self.this_world[i] = world_worth(&g, self.side, view.turn());
            }
            let simple = self.this_world[self.simple];
            for &i in &self.running {
                self.worth[i] += self.this_world[i];
                let lead = i64::from(self.this_world[i]) - i64::from(simple);
                self.squares[i] += lead.unsigned_abs().pow(2);
            }
            self.worlds += 1;
            played += 1;
            if self.worlds >= look.drop_from && self.worlds.is_multiple_of(4) {
                self.weed(look);
            }
        }
        let (worth, simple) = (&self.worth, self.simple);
        Some(
            match self
                .running
                .iter()
                .copied()
                .max_by_key(|&i| (worth[i], i == simple))
            {
                Some(b) if worth[b] >= worth[simple] + WIN * look.margin => b,
                _ => simple,
            },
        )
    }

    /// Drops the choices that fell behind or can no longer be expected to beat `simple` by the
    /// margin, and settles on the one left if it is sure to ([`race`]).
    fn weed(&mut self, look: LookAhead) {
        let (worth, squares, simple) = (&self.worth, &self.squares, self.simple);
        let left = look.worlds - self.worlds;
        let lead = |i: usize| i64::from(worth[i]) - i64::from(worth[simple]);
        let stands = |i: usize| race(lead(i), squares[i], self.worlds, left, look);
        self.running.retain(|&i| {
            i == simple || (lead(i) > -i64::from(WIN * look.drop_behind) && stands(i) != Race::Out)
        });
        if let [a, b] = self.running[..] {
            let other = if a == simple { b } else { a };
            self.settled = stands(other) == Race::Won;
        }
    }
}

/// Where a choice stands against the built-in policy's in a look ahead ([`race`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Race {
    /// It can no longer be expected to beat it by the margin.
    Out,
    /// Either way still.
    Open,
    /// It is sure to beat it by the margin.
    Won,
}

/// Where a choice stands that is `lead` hundredths of a win ahead of the built-in policy's choice
/// after `worlds` worlds (`squares`: the sum of the squares of its lead in each), with `left`
/// worlds still to play. The lead of the worlds still to play is taken to spread as those played
/// did (at least [`SPREAD_FLOOR`] a world): the choice is out if its lead plus `look.spreads`
/// spreads of what is left stays short of the margin, and has won if its lead less as much is
/// past it. With no world left this is the margin itself. Against the look ahead that played
/// every world, on the same 1000 five-knight deals: 48.1 % against 47.7 % (`--seed 2`), 50.0 %
/// against 50.7 % (`--seed 3`), in about 0.75 times the time; with 2 spreads 47.7 % and 46.8 %, in
/// 0.6 times; with 3, 47.2 % (`--seed 3`; docs/computer-knights-measured.md).
fn race(lead: i64, squares: u64, worlds: u32, left: u32, look: LookAhead) -> Race {
    let n = f64::from(worlds.max(2));
    let lead_f = lead as f64;
    let variance = ((squares as f64 - lead_f * lead_f / n) / (n - 1.0)).max(0.0);
    let doubt = look.spreads * variance.sqrt().max(SPREAD_FLOOR) * f64::from(left).sqrt();
    let margin = f64::from(WIN * look.margin);
    if lead_f + doubt < margin {
        Race::Out
    } else if lead_f - doubt >= margin {
        Race::Won
    } else {
        Race::Open
    }
}

/// How many spreads of the worlds still to play a choice's lead must clear ([`race`]).
const SPREADS: f64 = 2.5;

/// The least spread a world's lead is taken to have, in hundredths of a win (two choices that
/// came to the same in the worlds played so far may yet part).
const SPREAD_FLOOR: f64 = 10.0;

/// A world won, in the look ahead's reckoning ([`world_worth`]).
const WIN: u32 = 100;

/// What world `g`, played out from turn `from`, is worth to `side`, in hundredths of a win: if it
/// is still under way, the chance of a win [`crate::outlook`] gives it; if it ended, a win is
/// worth [`WIN`] and a loss [`lost_worth`].
fn world_worth(g: &Game, side: Side, from: u32) -> u32 {
    match g.outcome() {
        Some(o) if o.winner == side => WIN,
        Some(_) => lost_worth(g.turn().saturating_sub(from)),
        None => (WIN as f32 * crate::outlook::chance(g, side)).round() as u32,
    }
}

/// What a world lost `turns` after the choice is worth: up to 30 hundredths of a win, by the
/// turns it lasted (all 30 from 40 turns on). The knights of the play-outs play the built-in
/// policy, weaker than the table that will play the real game: where a loss comes later, that
/// table has more turns to do better. When the play-outs went on to the end of the game, judged
/// by wins alone, a choice that only put a lost game off counted for nothing; against wins alone,
/// on the same 1000 deals each (docs/computer-knights-measured.md): three knights 32.1 % against
/// 26.0 %, five knights 38.9 % against 37.4 % (`--seed 2`) and 39.0 % against 37.1 %
/// (`--seed 3`).
fn lost_worth(turns: u32) -> u32 {
    30 * turns.min(40) / 40
}

/// `n` of the expert's play-outs from where `view` stands: each a world its seat cannot tell
/// apart, played as the look ahead plays it (for [`LookAhead::EXPERT`]'s horizon) and judged
/// there. Returns the Loyal wins among the worlds that ended, and the turns played. What the look
/// ahead spends its time on, timed by `cargo bench -p camelot-board`.
pub fn play_outs(view: &Glimpse, n: u64, rng: &mut GameRng) -> (u64, u64) {
    let (mut wins, mut turns) = (0, 0);
    let mut scratch = Vec::new();
    for _ in 0..n {
        let mut g = view.sample_world(rng);
        let from = g.turn();
        let until = from + LookAhead::EXPERT.horizon;
        play_until(
            &mut g,
            &mut Refusing,
            rng,
            ROLLOUT_ACTIONS,
            &mut scratch,
            until,
        );
        std::hint::black_box(world_worth(&g, Side::Loyal, from));
        wins += u64::from(g.outcome().is_some_and(|o| o.winner == Side::Loyal));
        turns += u64::from(g.turn() - from);
    }
    (wins, turns)
}

/// The knights of a game played out: the built-in policy, refusing what the expert refuses
/// ([`crate::levels::refusing`]), so that the play-outs meet the siege the expert's table meets.
struct Refusing;

impl camelot_kit::Player<Game> for Refusing {
    type Reason = crate::sim::Reason;

    fn choose(&mut self, view: &Glimpse, legal: &[Action], rng: &mut GameRng) -> Option<usize> {
        crate::levels::refusing(view, legal, rng)
    }

    fn reason(&self, view: &Glimpse, legal: &[Action], chosen: usize) -> crate::sim::Reason {
        SimplePolicy.reason(view, legal, chosen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Setup;
    use camelot_kit::Player;

    /// The look ahead run a world at a time (as the app runs it, between the page's frames)
    /// comes to the same choice as run at once, at the Progression of Evil and the Heroic Actions
    /// alike, and a Traitor's too.
    #[test]
    fn the_look_ahead_a_world_at_a_time_chooses_as_at_once() {
        use crate::levels::{Computer, Deciding, Level};
        let (mut looked, mut slices, mut heroic, mut traitor) = (0, 0, 0, 0);
        for seed in 0..6 {
            let mut game = Game::new(&Setup::new(4, seed)).unwrap();
            let mut rng = rng_from_seed(seed);
            while let Some(seat) = game.decider() {
                let legal = game.legal_actions();
                let view = game.glimpse(seat);
                let mut expert = Computer {
                    level: Level::Expert,
                };
                if looks_ahead(&view, &legal) && looked < 60 {
                    heroic += usize::from(view.phase() == Phase::HeroicActions);
                    traitor += usize::from(view.loyalty() == Some(Loyalty::Traitor));
                    let at_once = expert.choose(&view, &legal, &mut rng_from_seed(seed));
                    let mut r = rng_from_seed(seed);
                    let sliced = match expert.begin(&view, &legal, &mut r).unwrap() {
                        Deciding::Made(i) => i,
                        Deciding::LooksAhead(mut looking) => loop {
                            slices += 1;
                            if let Some(i) = looking.go_on(&view, &legal, 1, &mut r) {
                                break i;
                            }
                        },
                    };
                    assert_eq!(at_once, Some(sliced), "seed {seed}, turn {}", view.turn());
                    looked += 1;
                }
                let i = SimplePolicy.choose(&view, &legal, &mut rng).unwrap();
                game.apply(seat, legal[i]).unwrap();
            }
        }
        assert!(
            looked >= 40 && slices > 40 * 8 && heroic > 0 && traitor > 0,
            "{looked} decisions ({heroic} Heroic Actions, {traitor} a Traitor's), {slices} slices"
        );
    }

    /// A choice whose worlds came out close to the built-in policy's is dropped once the worlds
    /// left cannot be expected to carry it past the margin; one far ahead is taken before the last
    /// world; one whose worlds swing widely stays in the race; with no world left, the margin
    /// alone decides.
    #[test]
    fn a_choice_is_dropped_or_taken_once_the_worlds_left_cannot_change_the_race() {
        let look = LookAhead::EXPERT;
        // `worlds` worlds whose lead spread by `spread` hundredths of a win about `lead`.
        let race_at = |lead: i64, spread: f64, worlds: u32| {
            let n = f64::from(worlds);
            let squares = (spread * spread * (n - 1.0) + (lead * lead) as f64 / n).round() as u64;
            race(lead, squares, worlds, look.worlds - worlds, look)
        };
        assert_eq!(race_at(0, 15.0, 72), Race::Out);
        assert_eq!(race_at(0, 15.0, 32), Race::Open);
        // Two choices that came to the same in every world so far may yet part, for a while.
        assert_eq!(race_at(0, 0.0, 8), Race::Open);
        assert_eq!(race_at(0, 0.0, 36), Race::Out);
        assert_eq!(race_at(500, 15.0, 48), Race::Won);
        assert_eq!(race_at(100, 60.0, 48), Race::Open);
        assert_eq!(race_at(-150, 60.0, 48), Race::Open);
        let margin = i64::from(WIN * look.margin);
        assert_eq!(race_at(margin, 40.0, look.worlds), Race::Won);
        assert_eq!(race_at(margin - 1, 40.0, look.worlds), Race::Out);
    }

    /// A world lost is worth a little more the longer it lasted, never as much as a third of a
    /// win (a world won is worth a win: below, at the horizon).
    #[test]
    fn a_lost_world_that_lasts_longer_is_worth_a_little_more() {
        assert_eq!(lost_worth(0), 0);
        assert!(lost_worth(10) < lost_worth(20));
        assert_eq!(lost_worth(40), lost_worth(90));
        assert!(3 * lost_worth(200) < WIN);
    }

    /// A world played out stops as the horizon's turn begins and, still under way, is worth the
    /// chance [`crate::outlook`] gives its side there; a world that ended is won or lost.
    #[test]
    fn a_world_still_under_way_at_the_horizon_is_worth_its_chances() {
        let mut scratch = Vec::new();
        let mut judged = 0;
        for seed in 0..20 {
            let mut g = Game::new(&Setup::new(5, seed)).unwrap();
            let mut rng = rng_from_seed(seed);
            play_until(
                &mut g,
                &mut Refusing,
                &mut rng,
                ROLLOUT_ACTIONS,
                &mut scratch,
                12,
            );
            let (loyal, evil) = (
                world_worth(&g, Side::Loyal, 0),
                world_worth(&g, Side::Evil, 0),
            );
            match g.outcome() {
                None => {
                    assert_eq!(g.turn(), 12);
                    let p = crate::outlook::loyal_chance(&g);
                    assert_eq!(loyal, (WIN as f32 * p).round() as u32);
                    assert!((loyal + evil).abs_diff(WIN) <= 1, "{loyal} + {evil}");
                    judged += 1;
                }
                Some(o) => assert_eq!(if o.winner == Side::Loyal { loyal } else { evil }, WIN),
            }
        }
        assert!(judged > 10, "{judged} worlds under way at turn 12");
    }

    /// At the Heroic Actions the expert plays out the built-in policy's five best at three and
    /// four knights, in 288 worlds, and its three best at more, in 192.
    #[test]
    fn the_expert_weighs_five_heroic_actions_at_three_and_four_knights_and_three_at_more() {
        for (players, weighed) in [(3, 5), (4, 5), (5, 3), (7, 3)] {
            let mut rng = rng_from_seed(u64::from(players));
            let mut seen = 0;
            for seed in 0..10 {
                let mut game = Game::new(&Setup::new(players, seed)).unwrap();
                while let Some(seat) = game.decider() {
                    let legal = game.legal_actions();
                    let view = game.glimpse(seat);
                    if view.step() == Step::Turn
                        && view.phase() == Phase::HeroicActions
                        && legal.len() > weighed
                    {
                        let simple = SimplePolicy.choose(&view, &legal, &mut rng).unwrap();
                        let tried = candidates(&view, &legal, simple);
                        assert!(tried.contains(&simple));
                        assert_eq!(tried.len(), weighed, "{players} knights");
                        let worlds = if players <= 4 { 288 } else { 192 };
                        assert_eq!(LookAhead::expert(&view).worlds, worlds, "{players} knights");
                        seen += 1;
                    }
                    let a = legal[rng.random_range(0..legal.len())];
                    game.apply(seat, a).unwrap();
                }
            }
            assert!(seen > 20, "{players} knights: {seen} Heroic Actions");
        }
    }
}
