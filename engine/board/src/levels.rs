//! The computer knights' three levels, as the Card Game has them: a beginner (the built-in policy
//! with a hunch now and then), solid (the built-in policy, [`SimplePolicy`]) and expert (the
//! built-in policy that never takes a choice that loses the game or kills him when another choice
//! does not, and looks ahead at his Progression of Evil and, near the end of the siege, at his
//! Heroic Actions; as the hidden Traitor he looks ahead at his Progression of Evil for Evil, among
//! the choices that do not give him away). Each decides from its own seat's view only, and each is
//! the kit's one [`Player`].

use crate::action::{Action, Seat};
use crate::game::{Game, Phase};
use crate::search::{LookAhead, LookingAhead};
use crate::sim::{Glimpse, Reason, SimplePolicy, Step};
use crate::why::Danger;
use camelot_kit::{GameRng, Player};
use rand::RngExt;

/// How well a computer knight plays (the same three levels as the Card Game's).
pub use camelot_kit::Level;

/// A computer knight of a level.
#[derive(Clone, Copy, Debug)]
pub struct Computer {
    pub level: Level,
}

/// A computer knight's decision as far as it is made at once: the choice, or the look ahead that
/// will make it ([`LookingAhead::go_on`], with the same view, legal actions and random numbers).
#[derive(Clone, Debug)]
pub enum Deciding {
    Made(usize),
    LooksAhead(LookingAhead),
}

impl Computer {
    /// What [`Player::choose`] decides, but with the look ahead (the expert's, where he looks
    /// ahead) left for the caller to run, as fast or as slowly as it likes: the app runs it a
    /// few worlds at a time between the page's frames.
    pub fn begin(&self, view: &Glimpse, legal: &[Action], rng: &mut GameRng) -> Option<Deciding> {
        match self.level {
            Level::Beginner => beginner(view, legal, rng).map(Deciding::Made),
            Level::Solid => SimplePolicy.choose(view, legal, rng).map(Deciding::Made),
            Level::Expert => expert(view, legal, rng),
        }
    }
}

/// Every level is the kit's one [`Player`]: the app's computer knights and the simulations call
/// it so. The reason is the one the knight gives the table, in one line (worked out from the same
/// view after the choice, whatever the level).
impl Player<Game> for Computer {
    type Reason = Reason;

    fn choose(&mut self, view: &Glimpse, legal: &[Action], rng: &mut GameRng) -> Option<usize> {
        match self.begin(view, legal, rng)? {
            Deciding::Made(i) => Some(i),
            Deciding::LooksAhead(mut looking) => Some(looking.finish(view, legal, rng)),
        }
    }

    fn reason(&self, view: &Glimpse, legal: &[Action], chosen: usize) -> Reason {
        SimplePolicy.reason(view, legal, chosen)
    }
}

/// A new player: the built-in policy's choice, but one time in four on his own turn a hunch among
/// the three actions it likes best.
fn beginner(view: &Glimpse, legal: &[Action], rng: &mut GameRng) -> Option<usize> {
    let simple = SimplePolicy.choose(view, legal, rng)?;
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

/// How bad a choice is for a Loyal knight, as the seat can tell before it is made
/// ([`crate::Game::sure_danger`], from what the seat may know): 2 ends the game at once (the twelfth
/// siege engine), 1 kills him (his last life, to Evil or for a second action), 0 neither. A black
/// card that only *may* end the game is not refused (the warning beside it is for people):
/// refused at every life, the knights gave a life every turn and bled to death; refused only
/// while a life costs him little, it was measured to win no more games.
fn harm(view: &Glimpse, action: Action) -> u8 {
    match view.game().sure_danger(view.seat(), action) {
        Some(Danger::EvilWinsAtOnce) => 2,
        Some(Danger::CostsHisLastLife) => 1,
        _ => 0,
    }
}

/// The built-in policy's choice unless it is harmful ([`harm`]) and another choice is less so:
/// then the one of those it likes best. A hidden Traitor is left to play along.
pub(crate) fn refusing(view: &Glimpse, legal: &[Action], rng: &mut GameRng) -> Option<usize> {
    let step = view.step();
    let simple = SimplePolicy::choose_at(view, step, legal, rng)?;
    let own_turn = step == Step::Turn
        && matches!(
            view.phase(),
            Phase::ProgressionOfEvil | Phase::HeroicActions
        );
    if !own_turn || view.loyalty() == Some(crate::data::Loyalty::Traitor) {
        return Some(simple);
    }
    let cost = |i: usize| harm(view, legal[i]);
    let worst = cost(simple);
    if worst == 0 {
        return Some(simple);
    }
    let Some(scores) = SimplePolicy::scores(view, legal) else {
        return Some(simple);
    };
    Some(
        (0..legal.len())
            .filter(|&i| cost(i) < worst)
            .max_by_key(|&i| (std::cmp::Reverse(cost(i)), scores[i]))
            .unwrap_or(simple),
    )
}

/// The turns (of the whole table, about half a game at five knights) in which an expert Traitor
/// keeps his record like a Loyal knight's ([`SimplePolicy::choose_unremarked`]), so that the others'
/// belief in him stays near their belief in one another; after them he works against the quests as
/// the built-in policy's Traitor does. A measured choice: unremarked to the end, he was caught half
/// as often and the expert Loyal knights fell under 40 % of the five-knight games with him dealt
/// (docs/computer-knights-measured.md, "An unremarked Traitor").
const UNREMARKED_TURNS: u32 = 36;

/// [`refusing`]'s choice, looked ahead at where [`crate::search::looks_ahead`] says.
fn expert(view: &Glimpse, legal: &[Action], rng: &mut GameRng) -> Option<Deciding> {
    let traitor = view.loyalty() == Some(crate::data::Loyalty::Traitor);
    let choice = if traitor
        && view.turn() < UNREMARKED_TURNS
        && view.step() == Step::Turn
        && view.phase() == Phase::HeroicActions
    {
        SimplePolicy::choose_unremarked(view, legal, rng)?
    } else {
        refusing(view, legal, rng)?
    };
    let cost = |i: usize| harm(view, legal[i]);
    if traitor {
        // The hidden Traitor takes a choice that wins at once (being seen then costs him
        // nothing), and otherwise looks ahead for Evil among the choices that do not give him
        // away.
        if let Some(i) = (0..legal.len()).find(|&i| cost(i) == 2) {
            return Some(Deciding::Made(i));
        }
    }
    if !crate::search::looks_ahead(view, legal) {
        return Some(Deciding::Made(choice));
    }
    if traitor {
        let unremarked = SimplePolicy::unremarked(view, legal);
        return Some(Deciding::LooksAhead(LookingAhead::new(
            view,
            legal,
            choice,
            LookAhead::EXPERT,
            |i| unremarked[i],
        )));
    }
    Some(Deciding::LooksAhead(LookingAhead::new(
        view,
        legal,
        choice,
        LookAhead::expert(view),
        |i| cost(i) <= cost(choice),
    )))
}

/// The Loyal knights' mean belief in the hidden Traitor and in one another at each of
/// [`crate::sim::BELIEF_TURNS`], where it was read.
pub(crate) type BeliefsRead = [Option<(f64, f64)>; crate::sim::BELIEF_TURNS.len()];

/// Every seat's computer knight for a simulated game, and the accusations they made (for the
/// report): seat `i` plays at `levels[i]`.
pub(crate) struct Table {
    pub levels: [Level; 8],
    /// (turn, target) of each accusation chosen.
    pub accusations: Vec<(u32, Seat)>,
    /// When kept, the turn and position at the first decision of every turn
    /// ([`crate::outlook::features`]).
    pub positions: Option<Vec<(u32, [f32; crate::outlook::FEATURES])>>,
    /// When read, the Traitor's seat and the Loyal knights' belief in him and in one another at
    /// the first decision of each of [`crate::sim::BELIEF_TURNS`] ([`crate::sim::belief_in`]).
    pub beliefs: Option<(Seat, BeliefsRead)>,
    /// The turn of the last decision taken.
    pub turn: u32,
}

impl Player<Game> for Table {
    type Reason = Reason;

    fn choose(&mut self, view: &Glimpse, legal: &[Action], rng: &mut GameRng) -> Option<usize> {
        if let Some(positions) = &mut self.positions
            && positions.last().is_none_or(|&(turn, _)| turn < view.turn())
        {
            positions.push((view.turn(), crate::outlook::features(view.game())));
        }
        if view.turn() > self.turn {
            self.turn = view.turn();
            if let Some((traitor, read)) = &mut self.beliefs
                && let Some(k) = crate::sim::BELIEF_TURNS
                    .iter()
                    .position(|&t| t == view.turn())
            {
                read[k] = crate::sim::belief_in(view.game(), *traitor);
            }
        }
        let level = self.levels[view.seat().index()];
        let i = Computer { level }.choose(view, legal, rng)?;
        if let Some(&Action::Accuse { target }) = legal.get(i) {
            self.accusations.push((view.turn(), target));
        }
        Some(i)
    }

    fn reason(&self, view: &Glimpse, legal: &[Action], chosen: usize) -> Reason {
        SimplePolicy.reason(view, legal, chosen)
    }
}
