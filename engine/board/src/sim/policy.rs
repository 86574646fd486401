//! The built-in policy ([`SimplePolicy`]), a [`Player`] as every computer knight is: the plain
//! rules that settle most decisions, and the best-scored action for the rest (scored in `ctx.rs`).

use super::*;

/// The built-in policy. Loyal knights go where their cards help (Wars they can advance, the Grail
/// with Grail cards, Excalibur with spare cards, the Black Knight or Lancelot with the right
/// pattern, the Dragon), fight siege engines when Camelot is in danger (9 engines or more), heal
/// when low, cancel the worst black cards, and spend life for a second action where they can act.
/// Their Progression of Evil weighs what a black card drawn now is expected to cost (the quests one
/// card away from being lost, and the siege engines that the cards of finished quests bring)
/// against a siege engine (the first one above all) and a life (while they have 4 or more).
///
/// They keep an eye on the public record ([`crate::Deeds`]) and hold a [`Belief`] over who the
/// Traitor is: a knight who adds siege engines and never removes one, plays fewer cards on quests
/// than the others and hoards stands out. A Loyal knight accuses when his belief and the swords make
/// it worth the risk ([`Accusal`]: in practice when a correct accusation lays the twelfth sword with
/// the white ones ahead, which wins on the spot and spares the Traitor's flip of two), never when a
/// wrong one would flip the seventh black sword.
///
/// The hidden Traitor plays along so that his record looks like the table's: his Progression of
/// Evil keeps his counts near the others' mean (he likes the risky draws), holds back from a choice
/// that would lift the others' belief in him (worked out from the public record, as theirs is) much
/// more than his least telling one, and adds siege engines late only while he has not added more
/// than anyone; he goes where a Loyal knight would but plays
/// fewer and lower cards, hoards a little, fights fewer siege engines, never spends a Merlin or
/// cancels a card, accuses falsely only when that lays the seventh black sword, and reveals himself
/// with Fate late in the game. The weights were tuned on simulated games of 3, 5 and 7 knights,
/// with a Traitor dealt and without.
#[derive(Clone, Copy, Debug, Default)]
pub struct SimplePolicy;

impl Player<Game> for SimplePolicy {
    type Reason = Reason;

    fn choose(&mut self, view: &Glimpse, legal: &[Action], rng: &mut GameRng) -> Option<usize> {
        SimplePolicy::choose_at(view, view.step(), legal, rng)
    }

    fn reason(&self, view: &Glimpse, legal: &[Action], chosen: usize) -> Reason {
        Self::reason_for(view, legal, chosen).unwrap_or(Reason::Passes)
    }
}

impl SimplePolicy {
    /// [`Player::choose`] with the step of the decision (`view.step()`) worked out already (the
    /// expert's knights of a world played out read it once for both of them).
    #[inline(never)]
    pub(crate) fn choose_at(
        view: &Glimpse,
        step: Step,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<usize> {
        Self::choose_as(view, step, legal, rng, false)
    }

    /// [`SimplePolicy::choose_at`] for a hidden Traitor who keeps his record like the others'
    /// (the expert's, in the first half of a game): at his Heroic Actions he plays cards on quests
    /// as keenly as a Loyal knight (only fewer when he is ahead of them, the lowest Fight card
    /// first), gives a life for a second action as a Loyal knight does, and hoards no more than
    /// his draws bring.
    pub(crate) fn choose_unremarked(
        view: &Glimpse,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<usize> {
        Self::choose_as(view, view.step(), legal, rng, true)
    }

    #[inline(always)]
    fn choose_as(
        view: &Glimpse,
        step: Step,
        legal: &[Action],
        rng: &mut GameRng,
        stealthy: bool,
    ) -> Option<usize> {
        if legal.len() <= 1 {
            return Some(0);
        }
        if let Some(i) = direct(view, step, legal) {
            return Some(i);
        }
        let heroic = step == Step::Turn && view.phase() == Phase::HeroicActions;
        let mut ctx = Ctx::new(view, step, heroic, legal);
        ctx.stealthy = stealthy;
        // A little noise breaks ties and varies play (three bits per action from one draw).
        let noise: u64 = rng.random();
        if step == Step::Turn && view.phase() == Phase::ProgressionOfEvil {
            // Three or four options: each worked out once.
            let scores = ctx.evil_scores_unremarked();
            return Some(best_of(legal, noise, |a| match a {
                Action::DrawBlackCard => scores[0],
                Action::AddSiegeEngine => scores[1],
                Action::LoseLife => scores[2],
                Action::PercivalLook => 100,
                // Players do not come and go in a simulated game (§8.4 offers are never taken).
                Action::Join | Action::Leave { .. } => -10_000,
                _ => 0,
            }));
        }
        Some(if heroic {
            ctx.best_heroic(legal, noise)
        } else {
            // Players do not come and go in a simulated game (§8.4 offers are never taken).
            best_of(legal, noise, |a| match a {
                Action::Join | Action::Leave { .. } => -10_000,
                _ => ctx.score(a),
            })
        })
    }

    /// How much the built-in policy likes each of `legal` (without the noise that breaks its
    /// ties); `None` when a plain rule settles the decision. The expert's search tries the best
    /// of them.
    pub(crate) fn scores(view: &Glimpse, legal: &[Action]) -> Option<Vec<i32>> {
        let step = view.step();
        if legal.len() <= 1 || direct(view, step, legal).is_some() {
            return None;
        }
        let heroic = step == Step::Turn && view.phase() == Phase::HeroicActions;
        let ctx = Ctx::new(view, step, heroic, legal);
        let never = |a: &Action| matches!(a, Action::Join | Action::Leave { .. });
        if step == Step::Turn && view.phase() == Phase::ProgressionOfEvil {
            let scores = ctx.evil_scores_unremarked();
            return Some(
                legal
                    .iter()
                    .map(|a| match a {
                        Action::DrawBlackCard => scores[0],
                        Action::AddSiegeEngine => scores[1],
                        Action::LoseLife => scores[2],
                        Action::PercivalLook => 100,
                        a if never(a) => -10_000,
                        _ => 0,
                    })
                    .collect(),
            );
        }
        Some(
            legal
                .iter()
                .map(|&a| match a {
                    a if never(&a) => -10_000,
                    Action::Move { to } if heroic => ctx.move_score(to),
                    Action::Accuse { target } if heroic => ctx.accusation(target),
                    Action::ArthurExchange { .. } if heroic => -20,
                    a if heroic => ctx.heroic_score(a),
                    a => ctx.score(a),
                })
                .collect(),
        )
    }

    /// For a hidden Traitor's Progression of Evil: whether each of `legal` leaves the others'
    /// belief in him near where his least telling choice would ([`Ctx::held_back`] is 0).
    pub(crate) fn unremarked(view: &Glimpse, legal: &[Action]) -> Vec<bool> {
        let held = Ctx::new(view, view.step(), false, legal).held_back();
        legal
            .iter()
            .map(|a| match a {
                Action::DrawBlackCard => held[0] == 0,
                Action::AddSiegeEngine => held[1] == 0,
                Action::LoseLife => held[2] == 0,
                _ => true,
            })
            .collect()
    }

    /// [`Player::choose`] with the reason for the choice, as data for a computer knight to
    /// say in one line ("heals: 1 life left", "accuses Sir Gawain: he added 3 siege engines").
    /// The reason is worked out from the same view after the choice (not on the simulation's
    /// path). A hidden Traitor's reasons are those a Loyal knight would give: they never tell.
    pub fn choose_with_reason(
        &mut self,
        view: &Glimpse,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<(usize, Reason)> {
        let i = self.choose(view, legal, rng)?;
        Some((i, Self::reason_for(view, legal, i)?))
    }

    /// The reason a knight gives for choosing `legal[i]`, worked out from his view (any policy's
    /// choice: the computer knights of every level say it so).
    pub fn reason_for(view: &Glimpse, legal: &[Action], i: usize) -> Option<Reason> {
        let action = *legal.get(i)?;
        if legal.len() == 1 {
            return Some(Reason::OnlyChoice);
        }
        let step = view.step();
        let heroic = step == Step::Turn && view.phase() == Phase::HeroicActions;
        let ctx = Ctx::new(view, step, heroic, legal);
        Some(ctx.reason(action))
    }
}

/// The choice for decisions a plain rule settles (no scoring of every action, and nothing else
/// worked out); `None` when the actions must be scored. The rule always picks one of `legal`.
fn direct(v: &Glimpse, step: Step, legal: &[Action]) -> Option<usize> {
    // The position of the first legal action of this pattern.
    macro_rules! pick {
        ($p:pat) => {
            legal.iter().position(|a| matches!(a, $p))
        };
    }
    let traitor = || v.loyalty() == Some(Loyalty::Traitor);
    let harm = |card| harm(v, v.siege_engines(), card);
    match step {
        Step::FaceChoice { .. } => pick!(Action::PlaceFaceDown),
        Step::Propose => pick!(Action::DealAtRandom),
        Step::AcceptProposal => pick!(Action::Accept),
        Step::Clairvoyance => pick!(Action::PutNext { index: 0 }),
        Step::Convocation => pick!(Action::AnswerConvocation { go: false }),
        Step::Merlins { card, .. } => {
            if traitor() || harm(card) < MERLINS_CANCEL {
                pick!(Action::Pass)
            } else {
                // The most Merlins that may be committed: the last one listed.
                legal.len().checked_sub(1)
            }
        }
        Step::ExcaliburCancel { card, .. } => {
            if !traitor() && card.is_some_and(|c| harm(c) >= 8) {
                pick!(Action::SacrificeExcalibur)
            } else {
                pick!(Action::Pass)
            }
        }
        Step::Volunteer { morgan } => {
            let yes = !traitor()
                && if morgan == 2 {
                    v.hand().len() >= 7
                } else {
                    v.my_life() >= 5
                };
            if yes {
                pick!(Action::Volunteer)
            } else {
                pick!(Action::Pass)
            }
        }
        Step::GrailRescue { dying } => {
            if !traitor() || dying == v.seat() {
                pick!(Action::OfferGrail)
            } else {
                pick!(Action::Pass)
            }
        }
        _ => None,
    }
}

/// How bad a black card must be ([`harm`]) before a Loyal knight gives his Merlins to cancel
/// it: three Merlins are three siege engines they could remove. From 5 rather than 4 (no longer
/// for Morgan's discards, her call for a volunteer or Guinevere), the built-in policy won 0.3 to
/// 0.5 points more at three, five and seven knights (docs/computer-knights-measured.md).
pub(super) const MERLINS_CANCEL: i32 = 5;

/// How bad a black card is for the knights (0 harmless … 10 terrible), with `engines` siege
/// engines around Camelot: the card that loses a quest it belongs to, or that brings a siege
/// engine once its quest is over (the twelfth ends the game), as bad as that.
pub(super) fn harm(v: &Glimpse, engines: u8, card: Black) -> i32 {
    let engine = match engines {
        11.. => 10,
        10 => 7,
        _ => 3,
    };
    let over = |q: Quest| !v.quest_in_play(q);
    match card {
        Black::BlackKnight1 | Black::BlackKnight3 | Black::BlackKnight5 | Black::BlackKnight7
            if v.combat_black_len(Quest::BlackKnight) + 1
                >= Quest::BlackKnight.rules().black_spots =>
        {
            return 8;
        }
        Black::LancelotDragon1
        | Black::LancelotDragon3
        | Black::LancelotDragon5
        | Black::LancelotDragon7 => {
            let last = |q: Quest| v.combat_black_len(q) + 1 >= q.rules().black_spots;
            if !over(Quest::Lancelot) {
                if last(Quest::Lancelot) {
                    return 8;
                }
            } else if !over(Quest::Dragon) {
                if last(Quest::Dragon) {
                    return 9;
                }
            } else {
                return engine;
            }
        }
        Black::Despair | Black::Desolation | Black::DarkForest if over(Quest::Grail) => {
            return engine;
        }
        Black::Excalibur if over(Quest::Excalibur) => return engine,
        _ => {}
    }
    match card {
        Black::Morgan3 => 8,
        Black::Morgan4 => {
            if engines >= 9 {
                10
            } else {
                6
            }
        }
        Black::Morgan1 => 5,
        Black::Morgan2 | Black::Morgan5 => 4,
        Black::Vivien | Black::DarkForest | Black::Desolation => 5,
        Black::MistsOfAvalon => 6,
        Black::Guinevere => 4,
        Black::Mordred => 3,
        Black::Picts => 2 + 2 * i32::from(v.war(Quest::PictWar).warriors),
        Black::Saxons => 2 + 2 * i32::from(v.war(Quest::SaxonWar).warriors),
        Black::Mercenaries => {
            2 + 2 * i32::from(
                v.war(Quest::PictWar)
                    .warriors
                    .min(v.war(Quest::SaxonWar).warriors),
            )
        }
        Black::Despair => {
            let black = v.grail_track().iter().filter(|s| s.is_black()).count();
            if black >= 6 { 9 } else { 2 }
        }
        Black::Excalibur => {
            if v.excalibur_position() <= -EXCALIBUR_END + 1 {
                9
            } else {
                2
            }
        }
        b => 1 + i32::from(b.value_on(Quest::Dragon)) / 3,
    }
}

/// The position of the legal action with the highest score (ties broken by `noise`).
#[inline(always)]
pub(super) fn best_of(legal: &[Action], noise: u64, score: impl Fn(Action) -> i32) -> usize {
    let mut best = 0;
    let mut best_score = i32::MIN;
    for (i, &a) in legal.iter().enumerate() {
        let s = score(a) * 8 + (noise.rotate_left(3 * i as u32) & 7) as i32;
        if s > best_score {
            best_score = s;
            best = i;
        }
    }
    best
}

/// The best action so far of a list scored in order (ties broken by `noise`, as in [`best_of`]).
pub(super) struct Best {
    pub(super) noise: u64,
    pub(super) index: usize,
    pub(super) score: i32,
}

impl Best {
    pub(super) fn new(noise: u64) -> Self {
        Best {
            noise,
            index: 0,
            score: i32::MIN,
        }
    }

    /// The action at `i` scores `score`.
    #[inline(always)]
    pub(super) fn offer(&mut self, i: usize, score: i32) {
        let s = score * 8 + (self.noise.rotate_left(3 * i as u32) & 7) as i32;
        if s > self.score {
            self.score = s;
            self.index = i;
        }
    }
}
