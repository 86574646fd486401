//! The computer knights' three levels, as the Card Game has them: a beginner (the built-in policy
//! with a hunch now and then), solid (the built-in policy, [`SimplePolicy`]) and expert (the
//! built-in policy that never takes a choice that loses the game or kills him when another choice
//! does not). Each decides from its own seat's view only.

use crate::action::{Action, Seat};
use crate::data::SIEGE_ENGINES_LOSE;
use crate::game::Phase;
use crate::sim::{Glimpse, Policy, SimplePolicy, Step};
use camelot_kit::GameRng;
use rand::RngExt;

/// How well a computer knight plays (the same three levels as the Card Game's).
pub use camelot_kit::Level;

/// A computer knight of a level.
#[derive(Clone, Copy, Debug)]
pub struct Computer {
    pub level: Level,
}

impl Policy for Computer {
    fn choose_index(
        &mut self,
        view: &Glimpse,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<usize> {
        match self.level {
            Level::Beginner => beginner(view, legal, rng),
            Level::Solid => SimplePolicy.choose_index(view, legal, rng),
            Level::Expert => expert(view, legal, rng),
        }
    }
}

impl Computer {
    /// [`Policy::choose_index`] with the reason the knight gives the table for it, in one line
    /// (worked out from the same view after the choice).
    pub fn choose_with_reason(
        &mut self,
        view: &Glimpse,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<(usize, crate::sim::Reason)> {
        let i = self.choose_index(view, legal, rng)?;
        Some((i, SimplePolicy::reason_for(view, legal, i)?))
    }
}

/// A new player: the built-in policy's choice, but one time in four on his own turn a hunch among
/// the three actions it likes best.
fn beginner(view: &Glimpse, legal: &[Action], rng: &mut GameRng) -> Option<usize> {
    let simple = SimplePolicy.choose_index(view, legal, rng)?;
    if view.step() != Step::Turn || !rng.random_bool(0.25) {
        return Some(simple);
    }
    let Some(scores) = SimplePolicy::scores(view, legal) else {
        return Some(simple);
    };
    let mut order: Vec<usize> = (0..legal.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
    order.truncate(3);
    Some(order[rng.random_range(0..order.len())])
}

/// How bad a choice is for a Loyal knight whatever the cards still to come: 2 loses the game at
/// once (the twelfth siege engine), 1 kills him (his last life, to Evil or for a second action),
/// 0 neither.
fn harm(view: &Glimpse, action: Action) -> u8 {
    let me = view.seat();
    let life = view.life(me);
    match action {
        Action::AddSiegeEngine if view.siege_engines() + 1 >= SIEGE_ENGINES_LOSE => 2,
        Action::LoseLife if life <= 1 => 1,
        Action::Sacrifice if life <= 1 => 1,
        _ => 0,
    }
}

/// The built-in policy's choice unless it is harmful ([`harm`]) and another choice is less so:
/// then the one of those it likes best. A hidden Traitor is left to play along.
fn expert(view: &Glimpse, legal: &[Action], rng: &mut GameRng) -> Option<usize> {
    let simple = SimplePolicy.choose_index(view, legal, rng)?;
    let own_turn = view.step() == Step::Turn
        && matches!(
            view.phase(),
            Phase::ProgressionOfEvil | Phase::HeroicActions
        );
    if !own_turn || view.loyalty() == Some(crate::data::Loyalty::Traitor) {
        return Some(simple);
    }
    let worst = harm(view, legal[simple]);
    let choice = if worst == 0 {
        simple
    } else {
        let Some(scores) = SimplePolicy::scores(view, legal) else {
            return Some(simple);
        };
        (0..legal.len())
            .filter(|&i| harm(view, legal[i]) < worst)
            .max_by_key(|&i| (std::cmp::Reverse(harm(view, legal[i])), scores[i]))
            .unwrap_or(simple)
    };
    if crate::search::looks_ahead(view, legal) {
        return Some(crate::search::best_by_playing_out(
            view,
            legal,
            choice,
            crate::search::LookAhead::EXPERT,
            rng,
        ));
    }
    Some(choice)
}

/// Every seat's computer knight for a simulated game, and the accusations they made (for the
/// report): seat `i` plays at `levels[i]`.
pub(crate) struct Table {
    pub levels: [Level; 8],
    /// (turn, target) of each accusation chosen.
    pub accusations: Vec<(u32, Seat)>,
}

impl Policy for Table {
    fn choose_index(
        &mut self,
        view: &Glimpse,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<usize> {
        let level = self.levels[view.seat().index()];
        let i = Computer { level }.choose_index(view, legal, rng)?;
        if let Some(&Action::Accuse { target }) = legal.get(i) {
            self.accusations.push((view.turn(), target));
        }
        Some(i)
    }
}
