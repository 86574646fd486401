//! Simulated games with a built-in policy.
//!
//! Every decision is taken from a [`Glimpse`]: a borrowed view of the game that answers only what
//! the deciding seat may see (the board, every knight's public state, its own hand and loyalty,
//! the face-down cards it drew, and what its current decision shows it), so the policy cannot
//! cheat. [`simulate`] plays many games and counts the outcomes; it does no timing on targets
//! without a clock (the browser), where `seconds` stays 0.

use crate::action::{Action, Seat, SetupError};
use crate::data::*;
use crate::game::*;
use camelot_kit::{GameRng, rng_from_seed};
use rand::RngExt;
use serde::{Deserialize, Serialize};

/// What the deciding seat is asked, with what it may see of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Its own turn (see [`Glimpse::phase`]).
    Turn,
    OpeningOffer,
    ChooseFirstDealt,
    Propose,
    AcceptProposal,
    /// Lancelot's Armor: the two cards drawn.
    ArmorKeep {
        cards: [Black; 2],
    },
    /// Percival with the Armor: the two cards seen.
    PercivalBottom {
        cards: [Black; 2],
    },
    /// The black card just drawn: face up or face down.
    FaceChoice {
        card: Black,
    },
    /// Three Merlins may cancel this special card; `committed` so far.
    Merlins {
        card: Black,
        committed: u8,
    },
    /// Excalibur's owner may cancel this card (`None`: it lies face down).
    ExcaliburCancel {
        card: Option<Black>,
        kind: BlackKind,
    },
    WarChoice {
        card: Black,
    },
    Volunteer {
        morgan: u8,
    },
    Discard {
        left: u8,
    },
    GrailRescue {
        dying: Seat,
    },
    Kay {
        quest: Quest,
        white: u8,
        black: u8,
    },
    SiegeAdd {
        total: u8,
    },
    SiegeKay {
        total: u8,
        roll: u8,
    },
    Convocation,
    Messenger {
        to: Seat,
        given: u8,
    },
    Clairvoyance,
    GiveBack,
    /// Not this seat's decision.
    Waiting,
}

/// A borrowed view of the game for one seat: only what that seat may see.
#[derive(Clone, Copy)]
pub struct Glimpse<'a> {
    game: &'a Game,
    seat: Seat,
    me: &'a SeatState,
    /// This seat's decision is awaited.
    deciding: bool,
}

impl Game {
    /// What `seat` may see, borrowed (no copy): the fast view of the built-in policy.
    ///
    /// For a seat that does not exist: the view of seat 0 with nothing to decide.
    pub fn glimpse(&self, seat: Seat) -> Glimpse<'_> {
        let known = seat.index() < self.seats.len();
        Glimpse {
            game: self,
            seat: if known { seat } else { Seat(0) },
            me: &self.seats[if known { seat.index() } else { 0 }],
            deciding: known && self.decider() == Some(seat),
        }
    }
}

impl<'a> Glimpse<'a> {
    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn players(&self) -> u8 {
        self.game.n
    }

    pub fn current(&self) -> Seat {
        self.game.current
    }

    pub fn phase(&self) -> Phase {
        self.game.phase
    }

    pub fn turn(&self) -> u32 {
        self.game.turn
    }

    /// This seat's hand.
    pub fn hand(&self) -> &'a Hand {
        &self.me.hand
    }

    /// This seat's loyalty, once it knows it.
    pub fn loyalty(&self) -> Option<Loyalty> {
        (self.game.peeked || self.me.revealed).then_some(self.me.loyalty)
    }

    /// This seat's own life (0 when off the board).
    fn my_life(&self) -> u8 {
        if self.me.alive && !self.me.revealed {
            self.me.life
        } else {
            0
        }
    }

    /// This seat's own place.
    fn my_place(&self) -> Option<Place> {
        (self.me.alive && !self.me.revealed).then_some(self.me.place)
    }

    pub fn knight(&self, seat: Seat) -> Option<Knight> {
        self.game.knight(seat)
    }

    /// A knight's life (0 when off the board).
    pub fn life(&self, seat: Seat) -> u8 {
        if self.game.on_board(seat) {
            self.game.s(seat).life
        } else {
            0
        }
    }

    pub fn place(&self, seat: Seat) -> Option<Place> {
        self.game.place(seat)
    }

    pub fn hand_len(&self, seat: Seat) -> u8 {
        self.game
            .seats
            .get(seat.index())
            .map_or(0, |s| s.hand.len())
    }

    pub fn on_board(&self, seat: Seat) -> bool {
        self.game.on_board(seat)
    }

    pub fn is_revealed(&self, seat: Seat) -> bool {
        self.game.is_revealed(seat)
    }

    pub fn accused_a_loyal_knight(&self, seat: Seat) -> bool {
        self.game.accused_a_loyal_knight(seat)
    }

    pub fn has_accused(&self, seat: Seat) -> bool {
        self.game.has_accused(seat)
    }

    /// Whether any knight has been unmasked as the Traitor (there is only one Traitor card).
    pub fn traitor_unmasked(&self) -> bool {
        self.game.seats.iter().any(|s| s.revealed)
    }

    pub fn siege_engines(&self) -> u8 {
        self.game.engines
    }

    pub fn swords(&self) -> Swords {
        self.game.swords
    }

    pub fn threshold_met(&self) -> bool {
        self.game.threshold_met()
    }

    pub fn quest_in_play(&self, quest: Quest) -> bool {
        self.game.quest_in_play(quest)
    }

    pub fn excalibur_position(&self) -> i8 {
        self.game.excalibur
    }

    pub fn grail_track(&self) -> &'a [Spot; GRAIL_SPOTS] {
        &self.game.grail
    }

    pub fn war(&self, war: Quest) -> War {
        self.game.war(war).copied().unwrap_or_default()
    }

    /// A combat quest's Fight cards, by value (index 0 = ones).
    pub fn combat_white(&self, quest: Quest) -> [u8; 5] {
        self.game.combat(quest).map_or([0; 5], |c| c.counts)
    }

    /// A combat quest's black cards as this seat knows them: the sum of the values it can see
    /// (face up, or face down and drawn by this seat), and how many lie face down unseen.
    pub fn combat_black(&self, quest: Quest) -> (u8, u8) {
        let Some(c) = self.game.combat(quest) else {
            return (0, 0);
        };
        let mut known = 0;
        let mut hidden = 0;
        for p in c.black() {
            if p.face_down && p.drawer != self.seat {
                hidden += 1;
            } else {
                known += p.card.value_on(quest);
            }
        }
        (known, hidden)
    }

    /// How many black cards lie on a combat quest.
    pub fn combat_black_len(&self, quest: Quest) -> u8 {
        self.game.combat(quest).map_or(0, |c| c.black_len)
    }

    pub fn relic(&self, relic: Relic) -> RelicState {
        self.game.relics[relic.index()]
    }

    pub fn heroism(&self) -> Option<Quest> {
        self.game.heroism
    }

    pub fn dark_forest(&self) -> bool {
        self.game.dark_forest
    }

    pub fn vivien(&self) -> bool {
        self.game.vivien
    }

    /// Regular Heroic Actions taken this turn.
    pub fn actions_taken(&self) -> u8 {
        self.game.t.acts
    }

    /// What this seat is asked now.
    pub fn step(&self) -> Step {
        let g = self.game;
        if !self.deciding {
            return Step::Waiting;
        }
        let Some(frame) = g.stack.last() else {
            return Step::Turn;
        };
        match *frame {
            Frame::Offer { .. } => Step::OpeningOffer,
            Frame::Share(sh) => match sh.stage {
                ShareStage::ChooseLead => Step::ChooseFirstDealt,
                ShareStage::Propose => Step::Propose,
                ShareStage::Accept => Step::AcceptProposal,
            },
            Frame::ArmorKeep { cards, .. } => Step::ArmorKeep { cards },
            Frame::PercivalBottom { cards } => Step::PercivalBottom { cards },
            Frame::Black(b) => match b.stage {
                BlackStage::FaceChoice => Step::FaceChoice { card: b.card },
                BlackStage::Merlins => Step::Merlins {
                    card: b.card,
                    committed: b.committed.iter().sum(),
                },
                BlackStage::Excalibur => Step::ExcaliburCancel {
                    card: (!b.face_down).then_some(b.card),
                    kind: b.card.kind(),
                },
                BlackStage::WarChoice => Step::WarChoice { card: b.card },
                _ => Step::Waiting,
            },
            Frame::Volunteer { morgan, .. } => Step::Volunteer { morgan },
            Frame::Discard { left, .. } => Step::Discard { left },
            Frame::Dying { seat, .. } => Step::GrailRescue { dying: seat },
            Frame::QuestEnd(qe) => Step::Kay {
                quest: qe.quest,
                white: qe.white,
                black: qe.black,
            },
            Frame::Siege(s) => {
                let total: u8 = (1..=5u8)
                    .map(|v| v * s.cards[usize::from(v - 1)])
                    .sum::<u8>()
                    + u8::from(g.owner(Relic::Excalibur) == Some(s.fighter));
                if s.roll == 0 {
                    Step::SiegeAdd { total }
                } else {
                    Step::SiegeKay {
                        total,
                        roll: s.roll,
                    }
                }
            }
            Frame::Convocation { .. } => Step::Convocation,
            Frame::Messenger { to, given, .. } => Step::Messenger { to, given },
            Frame::Clairvoyance { .. } => Step::Clairvoyance,
            Frame::Arthur { .. } => Step::GiveBack,
            Frame::Morgan3 { .. } => Step::Waiting,
        }
    }

    /// The card Sir Percival knows to be on top of the black pile (this seat's turn only).
    pub fn percival_top(&self) -> Option<Black> {
        (self.game.current == self.seat).then_some(self.game.t.seen_top)?
    }
}

/// A player: chooses one of the legal actions from its seat's glimpse.
pub trait Policy {
    fn choose(&mut self, view: &Glimpse, legal: &[Action], rng: &mut GameRng) -> Action;

    /// The position in `legal` of the action chosen (`None`: an action that is not legal). The
    /// simulation asks this; a policy that knows the position saves looking it up.
    fn choose_index(
        &mut self,
        view: &Glimpse,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<usize> {
        let action = self.choose(view, legal, rng);
        legal.iter().position(|&a| a == action)
    }
}

/// The built-in policy. Loyal knights go where their cards help (Wars they can advance, the Grail
/// with Grail cards, Excalibur with spare cards, the Black Knight or Lancelot with the right
/// pattern, the Dragon), fight siege engines when Camelot is in danger (9 engines or more), heal
/// when low, cancel the worst black cards, and spend life for a second action where they can act.
/// Their Progression of Evil weighs what a black card drawn now is expected to cost (the quests one
/// card away from being lost, and the siege engines that the cards of finished quests bring)
/// against a siege engine (while there are few) and a life (while they have 4 or more). They
/// accuse a knight who falsely accused a Loyal one only when the last sword is near (an unmasked
/// Traitor adds evil every turn), or one who hoards cards, never after the Traitor is unmasked.
/// The weights were tuned on simulated five-knight games. The Traitor plays
/// along most of the time but hoards, holds back from siege fights and cancellations, adds engines
/// late, accuses falsely when it flips a sword, and reveals himself with Fate late in the game.
#[derive(Clone, Copy, Debug, Default)]
pub struct SimplePolicy;

impl Policy for SimplePolicy {
    fn choose(&mut self, view: &Glimpse, legal: &[Action], rng: &mut GameRng) -> Action {
        self.choose_index(view, legal, rng)
            .and_then(|i| legal.get(i).copied())
            .unwrap_or(Action::Pass)
    }

    fn choose_index(
        &mut self,
        view: &Glimpse,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<usize> {
        if legal.len() <= 1 {
            return Some(0);
        }
        let step = view.step();
        let heroic = step == Step::Turn && view.phase() == Phase::HeroicActions;
        let ctx = Ctx::new(view, step, heroic, legal);
        if let Some(i) = ctx.direct(legal) {
            return Some(i);
        }
        // A little noise breaks ties and varies play (three bits per action from one draw).
        let noise: u64 = rng.random();
        Some(if heroic {
            best_of(legal, noise, |a| {
                // The most numerous actions first, each tested on its own (a dispatch on every
                // action is mispredicted often): King Arthur's exchanges are never sought.
                if let Action::ArthurExchange { .. } = a {
                    -20
                } else if let Action::Move { to } = a {
                    ctx.move_score(to)
                } else if let Action::Accuse { target } = a {
                    ctx.accusation(target)
                } else {
                    ctx.heroic_score(a)
                }
            })
        } else {
            // Players do not come and go in a simulated game (§8.4 offers are never taken).
            best_of(legal, noise, |a| match a {
                Action::Join | Action::Leave { .. } => -10_000,
                _ => ctx.score(a),
            })
        })
    }
}

/// The position of the legal action with the highest score (ties broken by `noise`).
#[inline(always)]
fn best_of(legal: &[Action], noise: u64, score: impl Fn(Action) -> i32) -> usize {
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

/// What the policy works out once per decision.
struct Ctx<'a, 'b> {
    v: &'b Glimpse<'a>,
    step: Step,
    traitor: bool,
    life: u8,
    engines: u8,
    place: Option<Place>,
    fights: [u8; 5],
    fight_sum: u8,
    can_act_here: bool,
    here: i32,
    /// Moving away would throw away the Fight cards played on this solo quest.
    abandons_solo: bool,
    /// The Traitor has been unmasked (worked out when accusations are allowed).
    unmasked: bool,
    /// What each place is worth to this knight (by `Place` order), when moves are listed.
    values: Option<[i32; 8]>,
}

impl<'a, 'b> Ctx<'a, 'b> {
    /// `heroic`: the Heroic Actions are being chosen (then the knight's place is valued).
    #[inline(always)]
    fn new(v: &'b Glimpse<'a>, step: Step, heroic: bool, legal: &[Action]) -> Self {
        let counts = v.hand().counts();
        let fights = [counts[0], counts[1], counts[2], counts[3], counts[4]];
        let fight_sum = fights[0] + 2 * fights[1] + 3 * fights[2] + 4 * fights[3] + 5 * fights[4];
        let place = v.my_place();
        let engines = v.siege_engines();
        let (mut here, mut can_act_here, mut abandons_solo, mut unmasked) =
            (0, false, false, false);
        let mut values = None;
        if heroic {
            unmasked = v.threshold_met() && v.traitor_unmasked();
            let worth = Worth {
                v,
                fights,
                fight_sum,
                engines,
            };
            // Moves come first when the knight may move: then every place is valued at once.
            if let Some(Action::Move { .. }) = legal.first() {
                let all = worth.all();
                values = Some(all);
                here = place.map_or(0, |p| all[p as usize]);
            } else {
                here = place.map_or(0, |p| worth.at(p));
            }
            can_act_here = can_act_at(v, &fights, engines, place);
            abandons_solo = can_act_here
                && place
                    .and_then(Place::quest)
                    .is_some_and(|q| q.rules().solo && v.combat_white(q).iter().sum::<u8>() > 0);
        }
        Ctx {
            v,
            step,
            traitor: v.loyalty() == Some(Loyalty::Traitor),
            life: v.my_life(),
            engines,
            place,
            fights,
            fight_sum,
            can_act_here,
            here,
            abandons_solo,
            unmasked,
            values,
        }
    }

    /// The choice for decisions a plain rule settles (no scoring of every action); `None` when
    /// the actions must be scored. The rule always picks one of `legal`.
    fn direct(&self, legal: &[Action]) -> Option<usize> {
        // The position of the first legal action of this pattern.
        macro_rules! pick {
            ($p:pat) => {
                legal.iter().position(|a| matches!(a, $p))
            };
        }
        match self.step {
            Step::FaceChoice { .. } => pick!(Action::PlaceFaceDown),
            Step::Propose => pick!(Action::DealAtRandom),
            Step::AcceptProposal => pick!(Action::Accept),
            Step::Clairvoyance => pick!(Action::PutNext { index: 0 }),
            Step::Convocation => pick!(Action::AnswerConvocation { go: false }),
            Step::Merlins { card, .. } => {
                if self.traitor || self.harm(card) < 4 {
                    pick!(Action::Pass)
                } else {
                    // The most Merlins that may be committed: the last one listed.
                    legal.len().checked_sub(1)
                }
            }
            Step::ExcaliburCancel { card, .. } => {
                if !self.traitor && card.is_some_and(|c| self.harm(c) >= 8) {
                    pick!(Action::SacrificeExcalibur)
                } else {
                    pick!(Action::Pass)
                }
            }
            Step::Volunteer { morgan } => {
                let yes = !self.traitor
                    && if morgan == 2 {
                        self.v.hand().len() >= 7
                    } else {
                        self.life >= 5
                    };
                if yes {
                    pick!(Action::Volunteer)
                } else {
                    pick!(Action::Pass)
                }
            }
            Step::GrailRescue { dying } => {
                if !self.traitor || dying == self.v.seat() {
                    pick!(Action::OfferGrail)
                } else {
                    pick!(Action::Pass)
                }
            }
            _ => None,
        }
    }

    /// How bad a black card is for the knights (0 harmless … 10 terrible).
    fn harm(&self, card: Black) -> i32 {
        let v = self.v;
        match card {
            Black::Morgan3 => 8,
            Black::Morgan4 => {
                if self.engines >= 9 {
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

    /// The least useful card to give away or discard.
    fn junk_score(&self, card: White) -> i32 {
        match card {
            White::Fight1 => 10,
            White::Grail if !self.v.quest_in_play(Quest::Grail) => 12,
            White::Grail => 4,
            White::Fight2 => 8,
            White::Fight3 => 6,
            White::Fight4 => 4,
            White::Fight5 => 2,
            White::Merlin => 0,
            _ => 1,
        }
    }

    fn score(&self, a: Action) -> i32 {
        let v = self.v;
        let hand = v.hand();
        match self.step {
            Step::OpeningOffer | Step::Discard { .. } | Step::GiveBack => {
                return match a {
                    Action::OfferCard { card }
                    | Action::Discard { card }
                    | Action::GiveBack { card } => {
                        self.junk_score(card) * 4 + i32::from(hand.count(card))
                    }
                    _ => 0,
                };
            }
            Step::ChooseFirstDealt | Step::AcceptProposal => {
                return i32::from(matches!(
                    a,
                    Action::Accept | Action::ChooseFirstDealt { .. }
                ));
            }
            Step::Propose => return i32::from(a == Action::DealAtRandom),
            Step::ArmorKeep { cards } | Step::PercivalBottom { cards } => {
                let (Action::KeepBlackCard { index } | Action::PutOnBottom { index }) = a else {
                    return 0;
                };
                let mine = self.harm(cards[usize::from(index.min(1))]);
                let other = self.harm(cards[1 - usize::from(index.min(1))]);
                // Keep the milder card (the Traitor the worse); put the worse under the pile.
                let keep_mild = matches!(self.step, Step::ArmorKeep { .. }) != self.traitor;
                return if keep_mild {
                    other - mine
                } else {
                    mine - other
                };
            }
            Step::FaceChoice { .. } => return i32::from(a == Action::PlaceFaceDown),
            Step::Merlins { card, .. } => {
                return match a {
                    Action::CommitMerlins { count } if !self.traitor && self.harm(card) >= 4 => {
                        i32::from(count)
                    }
                    Action::Pass => 0,
                    _ => -1,
                };
            }
            Step::ExcaliburCancel { card, .. } => {
                let worth = card.is_some_and(|c| self.harm(c) >= 8) && !self.traitor;
                return i32::from((a == Action::SacrificeExcalibur) == worth);
            }
            Step::WarChoice { card } => {
                let Action::ChooseWar { war } = a else {
                    return 0;
                };
                let w = v.war(war);
                return if card == Black::Mordred {
                    i32::from(w.cards) * if self.traitor { 1 } else { -1 }
                } else if self.traitor {
                    i32::from(w.warriors)
                } else {
                    -i32::from(w.warriors)
                };
            }
            Step::Volunteer { morgan } => {
                let yes = !self.traitor
                    && if morgan == 2 {
                        hand.len() >= 7
                    } else {
                        self.life >= 5
                    };
                return i32::from((a == Action::Volunteer) == yes);
            }
            Step::GrailRescue { dying } => {
                let yes = !self.traitor || dying == v.seat();
                return i32::from((a == Action::OfferGrail) == yes);
            }
            Step::Kay { white, black, .. }
            | Step::SiegeKay {
                total: white,
                roll: black,
            } => {
                return match a {
                    Action::KayAddsCard { card } if !self.traitor => {
                        let val = card.fight_value().unwrap_or(0);
                        if white <= black && white + val > black {
                            10 - i32::from(val)
                        } else {
                            -1
                        }
                    }
                    Action::Pass => 0,
                    _ => -1,
                };
            }
            Step::SiegeAdd { total } => {
                return match a {
                    Action::AddToFight { card } if total < 8 => {
                        i32::from(card.fight_value().unwrap_or(0))
                    }
                    Action::RollSiegeDie => 0,
                    _ => -1,
                };
            }
            Step::Convocation => return i32::from(a == Action::AnswerConvocation { go: false }),
            Step::Messenger { .. } => {
                return match a {
                    Action::StopGiving => 10,
                    Action::GiveCard { card } => self.junk_score(card),
                    _ => 0,
                };
            }
            Step::Clairvoyance => return i32::from(a == Action::PutNext { index: 0 }),
            Step::Waiting => return 0,
            Step::Turn => {}
        }
        match v.phase() {
            Phase::ProgressionOfEvil => self.evil_score(a),
            Phase::TraitorTakes => match a {
                Action::TakeCardFrom { seat } => i32::from(v.hand_len(seat)),
                _ => 0,
            },
            Phase::TraitorEvil => match a {
                Action::AddSiegeEngine if self.engines >= 9 => 10,
                Action::DrawBlackCard => 5,
                _ => 1,
            },
            Phase::HeroicActions => self.heroic_score(a),
            _ => 0,
        }
    }

    fn evil_score(&self, a: Action) -> i32 {
        if matches!(a, Action::PercivalLook) {
            return 100;
        }
        let top_harm = self.v.percival_top().map(|c| self.harm(c));
        if self.traitor {
            return match a {
                Action::DrawBlackCard => 50,
                Action::AddSiegeEngine if self.engines >= 8 => 60,
                Action::AddSiegeEngine => 30,
                _ => 0,
            };
        }
        match a {
            Action::DrawBlackCard => match top_harm {
                Some(h) if h >= 5 => 0,
                Some(_) => 70,
                None => 47 - self.draw_risk() * 94 / 100,
            },
            Action::AddSiegeEngine => {
                if self.engines <= 2 {
                    90
                } else if self.engines <= 5 {
                    26
                } else if self.engines <= 9 {
                    -4
                } else {
                    -50
                }
            }
            Action::LoseLife => match self.life {
                4..=6 => 57,
                _ => -20,
            },
            _ => 0,
        }
    }

    /// The black swords a black card drawn now is expected to cost (×100): the quests one card
    /// away from being lost, weighted by the share of the black deck that would do it.
    fn draw_risk(&self) -> i32 {
        let v = self.v;
        let mut risk = 0;
        if v.combat_black_len(Quest::BlackKnight) == 3 {
            risk += 11 * 100;
        }
        if v.quest_in_play(Quest::Lancelot) && v.combat_black_len(Quest::Lancelot) == 4 {
            risk += 11 * 100;
        }
        if v.quest_in_play(Quest::Dragon) && v.combat_black_len(Quest::Dragon) == 4 {
            risk += 11 * 200;
        }
        if v.quest_in_play(Quest::Grail)
            && v.grail_track().iter().filter(|s| s.is_black()).count() == GRAIL_SPOTS - 1
        {
            risk += 17 * 300;
        }
        if v.quest_in_play(Quest::Excalibur) && v.excalibur_position() == 1 - EXCALIBUR_END {
            risk += 15 * 200;
        }
        let picts = v.war(Quest::PictWar).warriors == WARRIORS_LOSE - 1;
        let saxons = v.war(Quest::SaxonWar).warriors == WARRIORS_LOSE - 1;
        risk +=
            (4 * i32::from(picts) + 4 * i32::from(saxons) + 4 * i32::from(picts && saxons)) * 150;
        // Cards of quests that are over add a siege engine instead.
        let mut obsolete = 0;
        if !v.quest_in_play(Quest::Excalibur) {
            obsolete += 15;
        }
        if !v.quest_in_play(Quest::Grail) {
            obsolete += 18;
        }
        if !v.quest_in_play(Quest::Lancelot) && !v.quest_in_play(Quest::Dragon) {
            obsolete += 11;
        }
        risk += obsolete * self.engine_cost();
        risk / 76
    }

    /// What one more siege engine costs, in hundredths of a black sword.
    fn engine_cost(&self) -> i32 {
        match self.engines {
            11.. => 1000,
            10 => 192,
            _ => 2,
        }
    }

    /// How much this knight can do at `to` and how badly it is needed there.
    #[inline(always)]
    fn worth(&self) -> Worth<'b, 'a> {
        Worth {
            v: self.v,
            fights: self.fights,
            fight_sum: self.fight_sum,
            engines: self.engines,
        }
    }

    /// What `to` is worth (every place was valued at once when the list starts with moves).
    #[inline(always)]
    fn value_at(&self, to: Place) -> i32 {
        match &self.values {
            Some(values) => values[to as usize],
            None => self.worth().at(to),
        }
    }

    /// A move's worth: what the knight can do there against what he can do where he stands.
    #[inline(always)]
    fn move_score(&self, to: Place) -> i32 {
        // Leaving a solo quest where cards were played throws them away.
        if self.abandons_solo {
            return -30;
        }
        let stay = if self.can_act_here { self.here } else { 0 };
        let gain = self.value_at(to) - stay + 10;
        if self.v.actions_taken() >= 1 {
            gain / 2
        } else {
            gain
        }
    }

    fn heroic_score(&self, a: Action) -> i32 {
        let v = self.v;
        let t = self.traitor;
        let here = self.here;
        match a {
            Action::EndTurn => 4,
            Action::Heal { .. } => match self.life {
                0..=2 => 90,
                3 => 40,
                _ => 6,
            },
            Action::FightSiegeEngine => {
                if t {
                    0
                } else if self.engines >= 9 && self.fight_sum >= 3 {
                    67
                } else if self.engines >= 6 && self.fight_sum >= 8 {
                    55
                } else {
                    -5
                }
            }
            Action::DrawWhiteCards => {
                if t {
                    60
                } else {
                    36 + if self.place == Some(Place::Camelot) {
                        here
                    } else {
                        self.value_at(Place::Camelot)
                    }
                }
            }
            Action::PlayFightCard { card } => {
                let val = i32::from(card.fight_value().unwrap_or(0));
                if t { 20 - val } else { 65 + here / 2 + val }
            }
            Action::DiscardForExcalibur { card } => {
                if t {
                    10
                } else {
                    57 + here / 2 + self.junk_score(card)
                }
            }
            Action::PlayGrailCard => {
                if t {
                    15
                } else {
                    76 + here / 2
                }
            }
            Action::Move { to } => self.move_score(to),
            Action::MerlinRemovesSiegeEngine => match (t, self.engines) {
                (true, _) => 0,
                (_, 7..) => 85,
                (_, 5..=6) => 40,
                _ => 5,
            },
            Action::MerlinRemovesWarrior { war } => {
                if t {
                    0
                } else {
                    match v.war(war).warriors {
                        3 => 80,
                        2 => 30,
                        _ => 5,
                    }
                }
            }
            Action::MerlinRemovesBlackCard { quest } => {
                if t {
                    return 0;
                }
                match quest {
                    Quest::Grail => {
                        let black = v.grail_track().iter().filter(|s| s.is_black()).count();
                        if black >= 5 { 70 } else { 10 }
                    }
                    q => {
                        let (known, hidden) = v.combat_black(q);
                        if hidden + known / 4 >= 3 { 50 } else { 10 }
                    }
                }
            }
            Action::PlayLadyOfTheLake => {
                if v.quest_in_play(Quest::Excalibur) {
                    if t {
                        5
                    } else if v.excalibur_position() >= EXCALIBUR_END - 1 {
                        85
                    } else {
                        55
                    }
                } else if self.life <= 4 {
                    50
                } else {
                    8
                }
            }
            Action::PlayPiety { others } => match (others, self.life) {
                (false, 0..=3) => 70,
                (true, _) if !t => 30,
                _ => 5,
            },
            Action::PlayReinforcements { others } => {
                if others {
                    if t { 0 } else { 25 }
                } else {
                    45
                }
            }
            Action::PlayFate { reveal } => {
                if reveal {
                    if v.swords().total() >= 8 || self.engines >= 9 {
                        90
                    } else {
                        -10
                    }
                } else {
                    40
                }
            }
            Action::PlayHeroism { quest } => {
                if self.place.and_then(Place::quest) == Some(quest) && !t {
                    50
                } else {
                    10
                }
            }
            Action::PlayConvocation => 10,
            Action::PlayMessenger { .. } => 4,
            Action::PlayClairvoyance => 6,
            Action::Accuse { target } => self.accusation(target),
            // A second action right after moving: worth a life when there is something to do.
            Action::Sacrifice => {
                if !t && self.life >= 3 && self.can_act_here && here >= 56 {
                    15
                } else {
                    -10
                }
            }
            _ => -20,
        }
    }

    /// Accuse only on evidence, and never once the Traitor is known.
    fn accusation(&self, target: Seat) -> i32 {
        let v = self.v;
        if self.unmasked {
            return -50;
        }
        if self.traitor {
            // A false accusation flips a white sword.
            return if v.swords().white >= 2 { 45 } else { -10 };
        }
        // A false accuser is suspect, but an unmasked Traitor adds evil every turn: wait for the
        // last sword, when his hidden flip of two swords would decide.
        if v.accused_a_loyal_knight(target) && v.swords().total() >= SWORDS_END - 1 {
            return 75;
        }
        if v.hand_len(target) >= DRAW_LIMIT && v.swords().white <= 1 {
            return 35;
        }
        -30
    }
}

/// What the deciding knight can do at each place and how badly it is needed there.
#[derive(Clone, Copy)]
struct Worth<'g, 'a> {
    v: &'g Glimpse<'a>,
    fights: [u8; 5],
    fight_sum: u8,
    engines: u8,
}

impl Worth<'_, '_> {
    #[inline]
    fn at(&self, place: Place) -> i32 {
        match place {
            Place::Camelot => self.camelot(),
            Place::BlackKnight => self.black_knight(),
            Place::Lancelot => self.lancelot(),
            Place::Dragon => self.dragon(),
            Place::Excalibur => self.excalibur(),
            Place::Grail => self.grail(),
            Place::PictWar => self.war(Quest::PictWar),
            Place::SaxonWar => self.war(Quest::SaxonWar),
        }
    }

    /// Every place at once (by `Place` order), without a dispatch per place.
    #[inline]
    fn all(&self) -> [i32; 8] {
        [
            self.camelot(),
            self.black_knight(),
            self.lancelot(),
            self.dragon(),
            self.excalibur(),
            self.grail(),
            self.war(Quest::PictWar),
            self.war(Quest::SaxonWar),
        ]
    }

    #[inline(always)]
    fn camelot(&self) -> i32 {
        let len = self.v.hand().len();
        let siege = if self.engines >= 9 && self.fight_sum >= 6 {
            20
        } else {
            0
        };
        let draw = if len < DRAW_LIMIT {
            44 - 4 * i32::from(len)
        } else {
            0
        };
        siege.max(draw)
    }

    /// A War is worth going to with its next card in hand (the more warriors, the more).
    #[inline(always)]
    fn war(&self, q: Quest) -> i32 {
        let w = self.v.war(q);
        if w.cards < w.needed() && self.fights[usize::from(w.next_value() - 1)] > 0 {
            42 + 20 * i32::from(w.warriors)
        } else {
            0
        }
    }

    #[inline(always)]
    fn grail(&self) -> i32 {
        let v = self.v;
        let g = i32::from(v.hand().count(White::Grail));
        if v.dark_forest() || g == 0 || !v.quest_in_play(Quest::Grail) {
            return 0;
        }
        let black = v.grail_track().iter().filter(|s| s.is_black()).count() as i32;
        41 + 15 * g.min(4) + 2 * black
    }

    #[inline(always)]
    fn excalibur(&self) -> i32 {
        let v = self.v;
        let len = v.hand().len();
        if !v.quest_in_play(Quest::Excalibur) || len < 2 {
            return 0;
        }
        let pos = i32::from(v.excalibur_position());
        60 + 7 * i32::from(len.min(6)) + 10 * (-pos).max(0) + 3 * pos.max(0)
    }

    /// Values of which two or more Fight cards are held, and whether three of one value are.
    #[inline(always)]
    fn pairs(&self) -> (u8, bool) {
        let f = &self.fights;
        let mut pairs = 0;
        let mut triple = false;
        for &c in f {
            pairs += u8::from(c >= 2);
            triple |= c >= 3;
        }
        (pairs, triple)
    }

    #[inline(always)]
    fn black_knight(&self) -> i32 {
        if self.pairs().0 >= 2 { 20 } else { 0 }
    }

    #[inline(always)]
    fn lancelot(&self) -> i32 {
        let (pairs, triple) = self.pairs();
        if triple && pairs >= 2 { 19 } else { 0 }
    }

    #[inline(always)]
    fn dragon(&self) -> i32 {
        let v = self.v;
        let f = &self.fights;
        let have = f[0] + f[1] + f[2] + f[3] + f[4];
        if !v.quest_in_play(Quest::Dragon) || have < 3 {
            return 0;
        }
        let (known, hidden) = v.combat_black(Quest::Dragon);
        2 + 2 * i32::from(have) + i32::from(known) / 2 + 4 * i32::from(hidden)
    }
}

/// Whether the deciding knight can take the quest action at `place`.
fn can_act_at(v: &Glimpse, fights: &[u8; 5], engines: u8, place: Option<Place>) -> bool {
    let hand = v.hand();
    match place {
        Some(Place::Camelot) => hand.len() < DRAW_LIMIT || engines > 0,
        Some(Place::Grail) => hand.has(White::Grail) && !v.dark_forest(),
        Some(Place::Excalibur) => !hand.is_empty(),
        Some(p @ (Place::PictWar | Place::SaxonWar)) => p.quest().is_some_and(|q| {
            let w = v.war(q);
            fights[usize::from(w.next_value() - 1)] > 0
        }),
        Some(p @ (Place::BlackKnight | Place::Lancelot | Place::Dragon)) => {
            p.quest().is_some_and(|q| {
                let base = v.combat_white(q);
                (0..5).any(|i| {
                    let mut c = base;
                    c[i] += 1;
                    fights[i] > 0 && pattern_completable(q.rules().pattern, &c)
                })
            })
        }
        None => false,
    }
}

/// What to simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimConfig {
    pub games: u64,
    pub players: u8,
    pub seed: u64,
    pub options: Options,
    /// A game still running after this many actions counts as unfinished.
    pub max_actions: u32,
}

impl SimConfig {
    pub fn new(games: u64, players: u8, seed: u64) -> Self {
        SimConfig {
            games,
            players,
            seed,
            options: Options::default(),
            max_actions: 5000,
        }
    }
}

/// Wins of each side among some games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Split {
    pub games: u64,
    pub loyal_wins: u64,
    pub evil_wins: u64,
}

/// How the games ended (§7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Ends {
    pub siege_engines: u64,
    pub black_swords: u64,
    pub loyal_knights_dead: u64,
    pub swords: u64,
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
    policy: &mut impl Policy,
    rng: &mut GameRng,
    max_actions: u32,
    legal: &mut Vec<Action>,
) -> (u32, u64) {
    let mut actions = 0;
    let mut errors = 0;
    while let Some(seat) = game.decider() {
        if actions >= max_actions {
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
        let action = match policy
            .choose_index(&view, legal, rng)
            .and_then(|i| legal.get(i))
        {
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
    let mut rng = rng_from_seed(config.seed ^ 0x005e_ed0f_ca7e_1075);
    let mut policy = SimplePolicy;
    let mut legal = Vec::with_capacity(64);
    let mut turns: u64 = 0;
    let mut actions_total: u64 = 0;
    for i in 0..config.games {
        setup.seed = config
            .seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(i);
        let mut game = Game::new(&setup)?;
        let traitor = (0..config.players).any(|s| game.loyalty(Seat(s)) == Some(Loyalty::Traitor));
        let (actions, errors) = play_game(
            &mut game,
            &mut policy,
            &mut rng,
            config.max_actions,
            &mut legal,
        );
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
                match o.reason {
                    crate::EndReason::SiegeEngines => report.ends.siege_engines += 1,
                    crate::EndReason::BlackSwords => report.ends.black_swords += 1,
                    crate::EndReason::LoyalKnightsDead => report.ends.loyal_knights_dead += 1,
                    crate::EndReason::Swords => report.ends.swords += 1,
                }
            }
        }
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
