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
use camelot_kit::{GameRng, Level, rng_from_seed};
use rand::RngExt;
use serde::{Deserialize, Serialize};
use std::cell::Cell;

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

    /// The game behind the glimpse, for the engine's own use only (the worlds a seat cannot tell
    /// apart are drawn from it without reading what the seat may not see).
    pub(crate) fn game(&self) -> &'a Game {
        self.game
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

    /// The turn an accusation showed this knight Loyal (public from then on).
    pub fn shown_loyal_on(&self, seat: Seat) -> Option<u32> {
        self.game.shown_loyal_on(seat)
    }

    /// The public record of what the knight at `seat` did.
    pub fn deeds(&self, seat: Seat) -> Deeds {
        self.game.deeds(seat)
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
    #[inline]
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
    /// The position in `legal` of the action chosen (`None`: none of them). The simulation asks
    /// this.
    fn choose_index(
        &mut self,
        view: &Glimpse,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<usize>;

    /// The action chosen (a pass when the policy chose none of `legal`).
    fn choose(&mut self, view: &Glimpse, legal: &[Action], rng: &mut GameRng) -> Action {
        self.choose_index(view, legal, rng)
            .and_then(|i| legal.get(i).copied())
            .unwrap_or(Action::Pass)
    }
}

/// The built-in policy. Loyal knights go where their cards help (Wars they can advance, the Grail
/// with Grail cards, Excalibur with spare cards, the Black Knight or Lancelot with the right
/// pattern, the Dragon), fight siege engines when Camelot is in danger (9 engines or more), heal
/// when low, cancel the worst black cards, and spend life for a second action where they can act.
/// Their Progression of Evil weighs what a black card drawn now is expected to cost (the quests one
/// card away from being lost, and the siege engines that the cards of finished quests bring)
/// against a siege engine (while there are few) and a life (while they have 4 or more).
///
/// They keep an eye on the public record ([`crate::Deeds`], see [`suspicion`]): a knight who
/// adds siege engines and never removes one, plays fewer cards on quests than the others and
/// hoards stands out. A Loyal knight accuses the knight who stands out most when a correct
/// accusation would lay the twelfth sword with the white ones ahead (it wins on the spot, and
/// spares the Traitor's flip of two), never when a wrong one would flip the seventh black sword.
///
/// The hidden Traitor plays along so that his record looks like the table's: his Progression of
/// Evil keeps his counts near the others' mean (he likes the risky draws) and he adds siege engines
/// late only while he has not added more than anyone; he goes where a Loyal knight would but plays
/// fewer and lower cards, hoards a little, fights fewer siege engines, never spends a Merlin or
/// cancels a card, accuses falsely only when that lays the seventh black sword, and reveals himself
/// with Fate late in the game. The weights were tuned on simulated five-knight games.
#[derive(Clone, Copy, Debug, Default)]
pub struct SimplePolicy;

impl Policy for SimplePolicy {
    #[inline(never)]
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
        if let Some(i) = direct(view, step, legal) {
            return Some(i);
        }
        let heroic = step == Step::Turn && view.phase() == Phase::HeroicActions;
        let ctx = Ctx::new(view, step, heroic, legal);
        // A little noise breaks ties and varies play (three bits per action from one draw).
        let noise: u64 = rng.random();
        if step == Step::Turn && view.phase() == Phase::ProgressionOfEvil {
            // Three or four options: each worked out once.
            let scores = ctx.evil_scores();
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
}

impl SimplePolicy {
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
            let scores = ctx.evil_scores();
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

    /// [`Policy::choose_index`] with the reason for the choice, as data for a computer knight to
    /// say in one line ("heals: 1 life left", "accuses Sir Gawain: he added 3 siege engines").
    /// The reason is worked out from the same view after the choice (not on the simulation's
    /// path). A hidden Traitor's reasons are those a Loyal knight would give: they never tell.
    pub fn choose_with_reason(
        &mut self,
        view: &Glimpse,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<(usize, Reason)> {
        let i = self.choose_index(view, legal, rng)?;
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

/// Why the built-in policy chose an action (see [`SimplePolicy::choose_with_reason`]): data, for
/// the app to word. Counts are as the knight saw them before acting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Reason {
    /// Nothing else could be done.
    OnlyChoice,
    // --- Progression of Evil ---
    /// A black card costs least now: the black swords it is expected to cost, in hundredths.
    DrawsBlackCard {
        risk: u16,
    },
    /// Sir Percival saw the top black card and takes it (harmless enough).
    DrawsSeenCard {
        card: Black,
    },
    /// A siege engine costs least now: `engines` around Camelot before it.
    AddsSiegeEngine {
        engines: u8,
    },
    /// A life costs least now: `life` before it.
    LosesLife {
        life: u8,
    },
    /// Sir Percival looks at the top black card first.
    LooksAtTopCard,
    // --- Heroic Actions ---
    /// Three identical cards for a life: `life` left.
    Heals {
        life: u8,
    },
    /// Camelot is in danger: `engines` siege engines, `cards` the value of his Fight cards.
    FightsSiegeEngine {
        engines: u8,
        cards: u8,
    },
    /// More cards to play: `hand` white cards before drawing.
    DrawsWhiteCards {
        hand: u8,
    },
    /// Off to where his cards do the most.
    GoesTo {
        place: Place,
    },
    /// Off to a War he can advance: `warriors` on its board.
    GoesToWar {
        war: Quest,
        warriors: u8,
    },
    /// The next card of a War's straight: `warriors` on its board.
    FightsWar {
        war: Quest,
        warriors: u8,
    },
    /// A Fight card on the Black Knight, Lancelot or the Dragon.
    FightsQuest {
        quest: Quest,
        card: White,
    },
    /// A Grail card: `despairs` black cards on the Grail track.
    PlaysGrailCard {
        despairs: u8,
    },
    /// A card discarded to move Excalibur toward the knights (from `position`).
    PushesExcalibur {
        position: i8,
    },
    /// A Merlin on a siege engine: `engines` around Camelot.
    RemovesSiegeEngine {
        engines: u8,
    },
    /// A Merlin on a warrior: `warriors` on that War.
    RemovesWarrior {
        war: Quest,
        warriors: u8,
    },
    /// A Merlin on the last black card of a quest.
    RemovesBlackCard {
        quest: Quest,
    },
    /// Another special white card.
    PlaysCard {
        card: White,
    },
    /// The Traitor shows himself with Fate: every other knight discards two cards.
    RevealsHimself,
    /// A life for a second action where he stands: `life` before it.
    Sacrifices {
        life: u8,
    },
    /// King Arthur's exchange.
    ExchangesCards,
    /// Accuses `target`, whose public record stands out (see [`Clue`]).
    Accuses {
        target: Seat,
        clue: Clue,
    },
    EndsTurn,
    // --- Out of turn ---
    /// Places the black card face down (and draws a white card).
    PlacesFaceDown,
    PlacesFaceUp,
    /// Merlins toward cancelling `card`.
    CommitsMerlins {
        card: Black,
    },
    /// Sacrifices Excalibur to cancel `card`.
    CancelsWithExcalibur {
        card: Black,
    },
    /// Lets the card through (not worth a Merlin or Excalibur).
    LetsCardThrough,
    /// Sends Mercenaries or Mordred to the War with the fewer `warriors` (or cards).
    SendsToWar {
        war: Quest,
        warriors: u8,
    },
    /// Volunteers for Morgan 2 or 5.
    Volunteers {
        morgan: u8,
    },
    /// Lets `dying` drink from the Holy Grail.
    SavesWithGrail {
        dying: Seat,
    },
    /// Sir Kay's Fight card turns the quest or the siege fight.
    AddsKayCard {
        card: White,
    },
    /// Adds a Fight card to his siege fight (`total` so far).
    AddsToSiegeFight {
        card: White,
        total: u8,
    },
    /// Rolls the siege die against `total`.
    RollsSiegeDie {
        total: u8,
    },
    /// Gives up the card he needs least (a discard, an offer, a card given).
    GivesLeastUseful {
        card: White,
    },
    /// Keeps the milder of two black cards, or puts the worse one under the pile.
    KeepsMilderCard,
    /// Takes a card from the knight holding most: `cards` in that hand.
    TakesFromFullestHand {
        seat: Seat,
        cards: u8,
    },
    /// Shared cards dealt at random, a proposal accepted, the order left alone …
    GoesAlong,
    /// Stays where he is rather than answering Convocation.
    StaysPut,
    /// Passes, nothing worth doing.
    Passes,
}

/// What in a knight's public record points at him most (see [`suspicion`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "clue", rename_all = "snake_case")]
pub enum Clue {
    /// He added `count` siege engines.
    AddedSiegeEngines { count: u8 },
    /// He played only `count` cards on quests.
    FewQuestCards { count: u8 },
    /// He removed only `count` siege engines.
    FewSiegeEnginesRemoved { count: u8 },
    /// He holds `cards` white cards.
    Hoards { cards: u8 },
    /// He accused a knight who proved Loyal.
    FalseAccusation,
    /// He gave only `count` lives to evil.
    SparesHisLife { count: u8 },
    /// He drew `count` black cards.
    DrewBlackCards { count: u8 },
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
            if traitor() || harm(card) < 4 {
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

/// How bad a black card is for the knights (0 harmless … 10 terrible), with `engines` siege
/// engines around Camelot.
fn harm(v: &Glimpse, engines: u8, card: Black) -> i32 {
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

/// The best action so far of a list scored in order (ties broken by `noise`, as in [`best_of`]).
struct Best {
    noise: u64,
    index: usize,
    score: i32,
}

impl Best {
    fn new(noise: u64) -> Self {
        Best {
            noise,
            index: 0,
            score: i32::MIN,
        }
    }

    /// The action at `i` scores `score`.
    #[inline(always)]
    fn offer(&mut self, i: usize, score: i32) {
        let s = score * 8 + (self.noise.rotate_left(3 * i as u32) & 7) as i32;
        if s > self.score {
            self.score = s;
            self.index = i;
        }
    }
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
    /// Where he stands (Heroic Actions only; worked out when first needed).
    standing: Cell<Option<Standing>>,
    /// The Heroic Actions are being chosen.
    heroic: bool,
    /// What he makes of an accusation (worked out when the first one is scored).
    judgement: Cell<Option<Judgement>>,
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
        let traitor = v.loyalty() == Some(Loyalty::Traitor);
        let mut values = None;
        let mut standing = None;
        if heroic {
            // Moves come first when the knight may move: then every place is valued at once.
            if let Some(Action::Move { .. }) = legal.first() {
                let worth = Worth {
                    v,
                    fights,
                    fight_sum,
                    engines,
                };
                let all = worth.all();
                values = Some(all);
                standing = Some(Standing::at(v, &fights, engines, place, |p| {
                    all[p as usize]
                }));
            }
        }
        Ctx {
            v,
            step,
            traitor,
            life: v.my_life(),
            engines,
            place,
            fights,
            fight_sum,
            standing: Cell::new(standing),
            heroic,
            judgement: Cell::new(None),
            values,
        }
    }

    /// The Heroic Action chosen: [`best_of`] with [`Ctx::heroic_score`], the legal actions taken a
    /// run of one kind at a time (moves, accusations, King Arthur's exchanges come in runs), each
    /// run in its own small loop rather than a test of every action's kind.
    fn best_heroic(&self, legal: &[Action], noise: u64) -> usize {
        let mut best = Best::new(noise);
        let mut i = 0;
        while let Some(&a) = legal.get(i) {
            match a {
                Action::Move { .. } => {
                    while let Some(&Action::Move { to }) = legal.get(i) {
                        best.offer(i, self.move_score(to));
                        i += 1;
                    }
                }
                Action::Accuse { .. } => {
                    while let Some(&Action::Accuse { target }) = legal.get(i) {
                        best.offer(i, self.accusation(target));
                        i += 1;
                    }
                }
                // King Arthur's exchanges are never sought.
                Action::ArthurExchange { .. } => {
                    while let Some(Action::ArthurExchange { .. }) = legal.get(i) {
                        best.offer(i, -20);
                        i += 1;
                    }
                }
                _ => {
                    best.offer(i, self.heroic_score(a));
                    i += 1;
                }
            }
        }
        best.index
    }

    /// Why `a` (the action chosen) was chosen, as a Loyal knight would say it.
    fn reason(&self, a: Action) -> Reason {
        let v = self.v;
        let hand = v.hand();
        match a {
            Action::DrawBlackCard => match v.percival_top() {
                Some(card) => Reason::DrawsSeenCard { card },
                None => Reason::DrawsBlackCard {
                    risk: self.draw_risk().clamp(0, i32::from(u16::MAX)) as u16,
                },
            },
            Action::AddSiegeEngine => Reason::AddsSiegeEngine {
                engines: self.engines,
            },
            Action::LoseLife => Reason::LosesLife { life: self.life },
            Action::PercivalLook => Reason::LooksAtTopCard,
            Action::Heal { .. } => Reason::Heals { life: self.life },
            Action::FightSiegeEngine => Reason::FightsSiegeEngine {
                engines: self.engines,
                cards: self.fight_sum,
            },
            Action::DrawWhiteCards => Reason::DrawsWhiteCards { hand: hand.len() },
            Action::Move { to } => match to.quest().filter(|q| q.is_war()) {
                Some(war) => Reason::GoesToWar {
                    war,
                    warriors: v.war(war).warriors,
                },
                None => Reason::GoesTo { place: to },
            },
            Action::PlayFightCard { card } => match self.place.and_then(Place::quest) {
                Some(war) if war.is_war() => Reason::FightsWar {
                    war,
                    warriors: v.war(war).warriors,
                },
                Some(quest) => Reason::FightsQuest { quest, card },
                None => Reason::PlaysCard { card },
            },
            Action::PlayGrailCard => Reason::PlaysGrailCard {
                despairs: v.grail_track().iter().filter(|s| s.is_black()).count() as u8,
            },
            Action::DiscardForExcalibur { .. } => Reason::PushesExcalibur {
                position: v.excalibur_position(),
            },
            Action::MerlinRemovesSiegeEngine => Reason::RemovesSiegeEngine {
                engines: self.engines,
            },
            Action::MerlinRemovesWarrior { war } => Reason::RemovesWarrior {
                war,
                warriors: v.war(war).warriors,
            },
            Action::MerlinRemovesBlackCard { quest } => Reason::RemovesBlackCard { quest },
            Action::PlayFate { reveal: true } => Reason::RevealsHimself,
            Action::PlayConvocation => Reason::PlaysCard {
                card: White::Convocation,
            },
            Action::PlayFate { .. } => Reason::PlaysCard { card: White::Fate },
            Action::PlayHeroism { .. } => Reason::PlaysCard {
                card: White::Heroism,
            },
            Action::PlayLadyOfTheLake => Reason::PlaysCard {
                card: White::LadyOfTheLake,
            },
            Action::PlayMessenger { .. } => Reason::PlaysCard {
                card: White::Messenger,
            },
            Action::PlayPiety { .. } => Reason::PlaysCard { card: White::Piety },
            Action::PlayClairvoyance => Reason::PlaysCard {
                card: White::Clairvoyance,
            },
            Action::PlayReinforcements { .. } => Reason::PlaysCard {
                card: White::Reinforcements,
            },
            Action::Sacrifice => Reason::Sacrifices { life: self.life },
            Action::ArthurExchange { .. } => Reason::ExchangesCards,
            Action::Accuse { target } => Reason::Accuses {
                target,
                clue: clue(v, target),
            },
            Action::EndTurn => Reason::EndsTurn,
            Action::PlaceFaceDown => Reason::PlacesFaceDown,
            Action::PlaceFaceUp => Reason::PlacesFaceUp,
            Action::CommitMerlins { .. } => match self.step {
                Step::Merlins { card, .. } => Reason::CommitsMerlins { card },
                _ => Reason::Passes,
            },
            Action::SacrificeExcalibur => match self.step {
                Step::ExcaliburCancel {
                    card: Some(card), ..
                } => Reason::CancelsWithExcalibur { card },
                _ => Reason::LetsCardThrough,
            },
            Action::ChooseWar { war } => Reason::SendsToWar {
                war,
                warriors: v.war(war).warriors,
            },
            Action::Volunteer => match self.step {
                Step::Volunteer { morgan } => Reason::Volunteers { morgan },
                _ => Reason::Passes,
            },
            Action::OfferGrail => match self.step {
                Step::GrailRescue { dying } => Reason::SavesWithGrail { dying },
                _ => Reason::Passes,
            },
            Action::KayAddsCard { card } => Reason::AddsKayCard { card },
            Action::AddToFight { card } => Reason::AddsToSiegeFight {
                card,
                total: match self.step {
                    Step::SiegeAdd { total } => total,
                    _ => 0,
                },
            },
            Action::RollSiegeDie => Reason::RollsSiegeDie {
                total: match self.step {
                    Step::SiegeAdd { total } => total,
                    _ => 0,
                },
            },
            Action::Discard { card }
            | Action::OfferCard { card }
            | Action::GiveBack { card }
            | Action::GiveCard { card } => Reason::GivesLeastUseful { card },
            Action::KeepBlackCard { .. } | Action::PutOnBottom { .. } => Reason::KeepsMilderCard,
            Action::TakeCardFrom { seat } => Reason::TakesFromFullestHand {
                seat,
                cards: v.hand_len(seat),
            },
            Action::ChooseFirstDealt { .. }
            | Action::Propose { .. }
            | Action::DealAtRandom
            | Action::Accept
            | Action::Reject
            | Action::PutNext { .. }
            | Action::StopGiving
            | Action::Join
            | Action::Leave { .. } => Reason::GoesAlong,
            Action::AnswerConvocation { go: true } => Reason::GoesTo {
                place: Place::Camelot,
            },
            Action::AnswerConvocation { go: false } => Reason::StaysPut,
            Action::Pass => match self.step {
                Step::Merlins { .. } | Step::ExcaliburCancel { .. } => Reason::LetsCardThrough,
                _ => Reason::Passes,
            },
        }
    }

    /// How bad a black card is for the knights (0 harmless … 10 terrible).
    fn harm(&self, card: Black) -> i32 {
        harm(self.v, self.engines, card)
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
                // The Traitor chooses as a Loyal knight would (the table sees the choice).
                return if card == Black::Mordred {
                    -i32::from(w.cards)
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
            return self.traitor_evil_score(a, top_harm, &self.others_evil());
        }
        self.loyal_evil_score(a, top_harm)
    }

    /// [`Ctx::evil_score`] of drawing a black card, adding a siege engine and losing a life, with
    /// what they share worked out once.
    fn evil_scores(&self) -> [i32; 3] {
        const OPTIONS: [Action; 3] = [
            Action::DrawBlackCard,
            Action::AddSiegeEngine,
            Action::LoseLife,
        ];
        let top_harm = self.v.percival_top().map(|c| self.harm(c));
        if self.traitor {
            let others = self.others_evil();
            return OPTIONS.map(|a| self.traitor_evil_score(a, top_harm, &others));
        }
        OPTIONS.map(|a| self.loyal_evil_score(a, top_harm))
    }

    /// What the other knights on the board chose as their Progression of Evil, summed.
    fn others_evil(&self) -> OthersEvil {
        let v = self.v;
        let mut sums = OthersEvil::default();
        for s in (0..v.players()).map(Seat) {
            if s != v.seat() && v.on_board(s) {
                let d = v.deeds(s);
                sums.black += i32::from(d.black_cards_drawn);
                sums.engines += i32::from(d.siege_engines_added);
                sums.life += i32::from(d.life_lost_to_evil);
                sums.k += 1;
            }
        }
        sums
    }

    /// The hidden Traitor's Progression of Evil keeps his record near the table's: he draws, adds
    /// or loses life as often as the others have (by their mean), likes the risky draws, and adds
    /// siege engines late while he has not added more than the others.
    fn traitor_evil_score(&self, a: Action, top_harm: Option<i32>, others: &OthersEvil) -> i32 {
        let v = self.v;
        let me = v.deeds(v.seat());
        let OthersEvil {
            black,
            engines,
            life,
            k,
        } = *others;
        let k = k.max(1);
        // How far he is behind the others' mean, in tenths of a card.
        let behind = |sum: i32, mine: u8| (10 * sum - 10 * k * i32::from(mine)) / k;
        let w = 3;
        match a {
            Action::DrawBlackCard => match top_harm {
                Some(h) => 20 + 10 * h,
                None => 50 + w * behind(black, me.black_cards_drawn) + self.draw_risk() * 50 / 100,
            },
            Action::AddSiegeEngine => {
                if self.engines >= 8 && self.engines_added_unremarked(0) {
                    80
                } else {
                    30 + w * behind(engines, me.siege_engines_added)
                }
            }
            Action::LoseLife if self.life >= 3 => 45 + w * behind(life, me.life_lost_to_evil),
            _ => self.loyal_evil_score(a, top_harm),
        }
    }

    /// Whether adding one more siege engine keeps his count within `slack` of the fewest any
    /// other knight on the board has added.
    fn engines_added_unremarked(&self, slack: u8) -> bool {
        let v = self.v;
        let mine = v.deeds(v.seat()).siege_engines_added;
        let fewest = (0..v.players())
            .map(Seat)
            .filter(|&s| s != v.seat() && v.on_board(s))
            .map(|s| v.deeds(s).siege_engines_added)
            .min()
            .unwrap_or(0);
        mine < fewest.saturating_add(slack).saturating_add(1)
    }

    fn loyal_evil_score(&self, a: Action, top_harm: Option<i32>) -> i32 {
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

    /// Where he stands, worked out at the first need.
    #[inline(always)]
    fn standing(&self) -> Standing {
        match self.standing.get() {
            Some(s) => s,
            None => self.work_out_standing(),
        }
    }

    /// [`Ctx::standing`] the first time (kept out of line: the scoring of each action stays small).
    #[inline(never)]
    fn work_out_standing(&self) -> Standing {
        let worth = self.worth();
        let s = Standing::at(self.v, &self.fights, self.engines, self.place, |p| {
            worth.at(p)
        });
        self.standing.set(Some(s));
        s
    }

    /// What the knight can do where he stands.
    #[inline(always)]
    fn here(&self) -> i32 {
        self.standing().value
    }

    /// A move's worth: what the knight can do there against what he can do where he stands.
    #[inline(always)]
    fn move_score(&self, to: Place) -> i32 {
        let here = self.standing();
        // Leaving a solo quest where cards were played throws them away.
        if here.abandons_solo {
            return -30;
        }
        let stay = if here.can_act { here.value } else { 0 };
        let gain = self.value_at(to) - stay + 10;
        if self.v.actions_taken() >= 1 {
            gain / 2
        } else {
            gain
        }
    }

    #[inline(always)]
    fn heroic_score(&self, a: Action) -> i32 {
        let base = self.loyal_heroic_score(a);
        if self.traitor {
            self.traitor_heroic_score(a, base)
        } else {
            base
        }
    }

    /// What a Loyal knight makes of a Heroic Action.
    fn loyal_heroic_score(&self, a: Action) -> i32 {
        let v = self.v;
        match a {
            Action::EndTurn => 4,
            Action::Heal { .. } => match self.life {
                0..=2 => 90,
                3 => 40,
                _ => 6,
            },
            Action::FightSiegeEngine => {
                if self.engines >= 9 && self.fight_sum >= 3 {
                    67
                } else if self.engines >= 6 && self.fight_sum >= 8 {
                    55
                } else {
                    -5
                }
            }
            Action::DrawWhiteCards => {
                36 + if self.place == Some(Place::Camelot) {
                    self.here()
                } else {
                    self.value_at(Place::Camelot)
                }
            }
            Action::PlayFightCard { card } => {
                65 + self.here() / 2 + i32::from(card.fight_value().unwrap_or(0))
            }
            Action::DiscardForExcalibur { card } => 57 + self.here() / 2 + self.junk_score(card),
            Action::PlayGrailCard => 76 + self.here() / 2,
            Action::Move { to } => self.move_score(to),
            Action::MerlinRemovesSiegeEngine => match self.engines {
                7.. => 85,
                5..=6 => 40,
                _ => 5,
            },
            Action::MerlinRemovesWarrior { war } => match v.war(war).warriors {
                3 => 80,
                2 => 30,
                _ => 5,
            },
            Action::MerlinRemovesBlackCard { quest } => match quest {
                Quest::Grail => {
                    let black = v.grail_track().iter().filter(|s| s.is_black()).count();
                    if black >= 5 { 70 } else { 10 }
                }
                q => {
                    let (known, hidden) = v.combat_black(q);
                    if hidden + known / 4 >= 3 { 50 } else { 10 }
                }
            },
            Action::PlayLadyOfTheLake => {
                if v.quest_in_play(Quest::Excalibur) {
                    if v.excalibur_position() >= EXCALIBUR_END - 1 {
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
                (true, _) => 30,
                _ => 5,
            },
            Action::PlayReinforcements { others } => {
                if others {
                    25
                } else {
                    45
                }
            }
            Action::PlayFate { .. } => 40,
            Action::PlayHeroism { quest } => {
                if self.place.and_then(Place::quest) == Some(quest) {
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
                if self.life >= 3 && self.standing().can_act && self.here() >= 56 {
                    15
                } else {
                    -10
                }
            }
            _ => -20,
        }
    }

    /// The hidden Traitor plays along, so that his record looks like the others': he goes where
    /// a Loyal knight would, but plays fewer and lower cards there, hoards a little (never more
    /// than the fullest hand at the table and two), fights fewer siege engines, never spends a
    /// Merlin, and accuses falsely only when that lays the seventh black sword.
    fn traitor_heroic_score(&self, a: Action, base: i32) -> i32 {
        let v = self.v;
        match a {
            Action::FightSiegeEngine => base - 20,
            Action::DrawWhiteCards => {
                if v.hand().len() < self.fullest_other_hand() + 2 {
                    base + 10
                } else {
                    base
                }
            }
            Action::PlayFightCard { card } => {
                base - self.quest_reluctance() - 3 * i32::from(card.fight_value().unwrap_or(0))
            }
            Action::DiscardForExcalibur { .. } | Action::PlayGrailCard => {
                base - self.quest_reluctance()
            }
            Action::MerlinRemovesSiegeEngine
            | Action::MerlinRemovesWarrior { .. }
            | Action::MerlinRemovesBlackCard { .. } => 0,
            Action::PlayLadyOfTheLake if v.quest_in_play(Quest::Excalibur) => 5,
            Action::PlayPiety { others: true } => 5,
            Action::PlayReinforcements { others: true } => 0,
            Action::PlayHeroism { .. } => 10,
            Action::Sacrifice => -10,
            Action::PlayFate { reveal } => {
                if !reveal {
                    40
                } else if v.swords().total() >= 8 || self.engines >= 9 {
                    90
                } else {
                    -10
                }
            }
            _ => base,
        }
    }

    /// How much less the Traitor likes playing a card on a quest: less while he has played as
    /// many as the others (by their mean), more when he is ahead of them.
    fn quest_reluctance(&self) -> i32 {
        let v = self.v;
        let mine = i32::from(v.deeds(v.seat()).quest_cards_played);
        let (mut sum, mut k) = (0i32, 0i32);
        for s in (0..v.players()).map(Seat) {
            if s != v.seat() && v.on_board(s) {
                sum += i32::from(v.deeds(s).quest_cards_played);
                k += 1;
            }
        }
        let ahead = (10 * k * mine - 10 * sum) / k.max(1);
        15 + 2 * ahead
    }

    /// The most white cards another knight on the board holds.
    fn fullest_other_hand(&self) -> u8 {
        let v = self.v;
        (0..v.players())
            .map(Seat)
            .filter(|&s| s != v.seat() && v.on_board(s))
            .map(|s| v.hand_len(s))
            .max()
            .unwrap_or(0)
    }

    /// What he makes of an accusation, worked out at the first need.
    fn judgement(&self) -> Judgement {
        if let Some(j) = self.judgement.get() {
            return j;
        }
        let v = self.v;
        let mut j = Judgement {
            unmasked: false,
            suspect: None,
        };
        if self.heroic {
            let accusing = v.threshold_met() && !v.has_accused(v.seat());
            j.unmasked = accusing && v.traitor_unmasked();
            if accusing && !j.unmasked && !self.traitor && Suspect::decisive(v.swords()) {
                j.suspect = Suspect::of(v);
            }
        }
        self.judgement.set(Some(j));
        j
    }

    /// Accuse only on evidence, and never once the Traitor is known.
    fn accusation(&self, target: Seat) -> i32 {
        let v = self.v;
        let judgement = self.judgement();
        if judgement.unmasked {
            return -50;
        }
        if self.traitor {
            // A false accusation flips a white sword: only worth showing himself when it lays
            // the seventh black one.
            let swords = v.swords();
            return if swords.white > 0 && swords.black + 1 >= BLACK_SWORDS_LOSE {
                200
            } else {
                -30
            };
        }
        match judgement.suspect {
            // A correct accusation now wins: nothing else comes close.
            Some(s) if s.seat == target && s.convincing(v) => 150,
            _ => -30,
        }
    }
}

/// What a knight makes of accusing now (Heroic Actions only).
#[derive(Clone, Copy, Debug)]
struct Judgement {
    /// The Traitor has been unmasked (accusations allowed).
    unmasked: bool,
    /// The knight the public record points at, how strongly, and by how much more than at the
    /// next one (when this knight may accuse).
    suspect: Option<Suspect>,
}

/// The Progression of Evil chosen by the other knights on the board: black cards drawn, siege
/// engines added and life lost, summed over `k` knights.
#[derive(Clone, Copy, Debug, Default)]
struct OthersEvil {
    black: i32,
    engines: i32,
    life: i32,
    k: i32,
}

/// Where the deciding knight stands: what he can do there, whether he can take the quest action,
/// and whether leaving would throw away his Fight cards on a solo quest.
#[derive(Clone, Copy, Debug)]
struct Standing {
    value: i32,
    can_act: bool,
    abandons_solo: bool,
}

impl Standing {
    #[inline]
    fn at(
        v: &Glimpse,
        fights: &[u8; 5],
        engines: u8,
        place: Option<Place>,
        value: impl Fn(Place) -> i32,
    ) -> Standing {
        let can_act = can_act_at(v, fights, engines, place);
        Standing {
            value: place.map_or(0, value),
            can_act,
            abandons_solo: can_act
                && place
                    .and_then(Place::quest)
                    .is_some_and(|q| q.rules().solo && v.combat_white(q).iter().sum::<u8>() > 0),
        }
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

/// The knight whose public record looks most like the Traitor's, to one seat's eyes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suspect {
    pub seat: Seat,
    /// How far his record stands out from the table's (see [`suspicion`]).
    pub score: i32,
    /// How much more than the next knight's.
    pub margin: i32,
}

/// Weights of the public record in [`suspicion`]: black cards drawn, siege engines added, life
/// lost to the Progression of Evil, cards played on quests, siege engines removed, white cards in
/// hand, a false accusation. Tuned on simulated games against the built-in Traitor.
const SUSPICION_WEIGHTS: [i32; 7] = [0, 12, -3, -11, -20, 7, 30];
/// A Loyal knight accuses when the suspect's record stands out by this much from the table's …
const ACCUSE_SCORE: i32 = 40;
/// … and by this much from the next knight's.
const ACCUSE_MARGIN: i32 = 40;

impl Suspect {
    /// The knight `v`'s seat would suspect most (none with fewer than two others to choose from).
    fn of(v: &Glimpse) -> Option<Suspect> {
        let marks = suspicion(v);
        let me = v.seat();
        let mut best: Option<(Seat, i32)> = None;
        let mut second = i32::MIN;
        for i in 0..v.players() {
            let s = Seat(i);
            // A knight an accusation showed Loyal is no suspect.
            if s == me || !v.on_board(s) || v.shown_loyal_on(s).is_some() {
                continue;
            }
            let m = marks[usize::from(i)];
            match best {
                Some((_, b)) if m <= b => second = second.max(m),
                _ => {
                    if let Some((_, b)) = best {
                        second = second.max(b);
                    }
                    best = Some((s, m));
                }
            }
        }
        let (seat, score) = best?;
        Some(Suspect {
            seat,
            score,
            margin: if second == i32::MIN {
                score
            } else {
                score - second
            },
        })
    }

    /// Enough to accuse him. A correct accusation lays a white sword and cancels the Traitor's
    /// flip of two at the end; an unmasked Traitor adds evil every turn. So a Loyal knight accuses
    /// when the accusation would lay the twelfth sword with the white ones ahead (a correct one
    /// wins on the spot) and the suspect's record stands out; never when a wrong one would flip
    /// the seventh black sword.
    fn convincing(&self, v: &Glimpse) -> bool {
        Suspect::decisive(v.swords()) && self.score >= ACCUSE_SCORE && self.margin >= ACCUSE_MARGIN
    }

    /// A correct accusation would lay the twelfth sword with the white ones ahead, and a wrong
    /// one would not flip the seventh black sword.
    #[inline]
    fn decisive(swords: Swords) -> bool {
        !(swords.white > 0 && swords.black + 1 >= BLACK_SWORDS_LOSE)
            && swords.total() + 1 >= SWORDS_END
            && swords.white + 1 > swords.black
    }
}

/// The counts of `s`'s public record that [`suspicion`] weighs, in [`SUSPICION_WEIGHTS`] order.
fn record(v: &Glimpse, s: Seat) -> [i32; 7] {
    let d = v.deeds(s);
    [
        i32::from(d.black_cards_drawn),
        i32::from(d.siege_engines_added),
        i32::from(d.life_lost_to_evil),
        i32::from(d.quest_cards_played),
        i32::from(d.siege_engines_removed),
        i32::from(v.hand_len(s)),
        i32::from(v.accused_a_loyal_knight(s)),
    ]
}

/// What in `target`'s record weighs most in [`suspicion`].
fn clue(v: &Glimpse, target: Seat) -> Clue {
    let mut sum = [0i32; 7];
    let mut k = 0;
    for s in (0..v.players()).map(Seat).filter(|&s| v.on_board(s)) {
        let f = record(v, s);
        for j in 0..7 {
            sum[j] += f[j];
        }
        k += 1;
    }
    let f = record(v, target);
    let mut best = (i32::MIN, 1);
    for j in 0..7 {
        let w = SUSPICION_WEIGHTS[j] * (f[j] * k - sum[j]);
        if w > best.0 {
            best = (w, j);
        }
    }
    let count = |j: usize| f[j].clamp(0, 255) as u8;
    match best.1 {
        0 => Clue::DrewBlackCards { count: count(0) },
        1 => Clue::AddedSiegeEngines { count: count(1) },
        2 => Clue::SparesHisLife { count: count(2) },
        3 => Clue::FewQuestCards { count: count(3) },
        4 => Clue::FewSiegeEnginesRemoved { count: count(4) },
        5 => Clue::Hoards { cards: count(5) },
        _ => Clue::FalseAccusation,
    }
}

/// How much each knight's public record looks like the Traitor's, by seat: each count against the
/// mean of the knights on the board (the seat looking included), weighted by
/// [`SUSPICION_WEIGHTS`]. 0 for the knights off the board.
pub fn suspicion(v: &Glimpse) -> [i32; 8] {
    let features = |s: Seat| record(v, s);
    let mut all = [[0i32; 7]; 8];
    let mut sum = [0i32; 7];
    let mut k = 0;
    for i in 0..v.players() {
        let s = Seat(i);
        if !v.on_board(s) {
            continue;
        }
        let f = features(s);
        for j in 0..7 {
            sum[j] += f[j];
        }
        all[usize::from(i)] = f;
        k += 1;
    }
    let mut marks = [0; 8];
    if k == 0 {
        return marks;
    }
    for i in 0..v.players() {
        if !v.on_board(Seat(i)) {
            continue;
        }
        let f = all[usize::from(i)];
        marks[usize::from(i)] = (0..7)
            .map(|j| SUSPICION_WEIGHTS[j] * (f[j] * k - sum[j]))
            .sum::<i32>()
            / k;
    }
    marks
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
    /// The computer knight at each seat (seat `i` plays `levels[i]`); solid, the built-in
    /// policy, unless said otherwise.
    #[serde(default = "all_solid")]
    pub levels: [Level; 8],
    /// The Traitor's level, when one is dealt (`None`: his seat's).
    #[serde(default)]
    pub traitor_level: Option<Level>,
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
    /// In the games with a Traitor dealt: the accusations, and whether they caught him.
    pub accusations: Accusations,
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
    let mut legal = Vec::with_capacity(64);
    let mut caught_turns: u64 = 0;
    let mut turns: u64 = 0;
    let mut actions_total: u64 = 0;
    for i in 0..config.games {
        setup.seed = config
            .seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(i);
        let mut game = Game::new(&setup)?;
        let traitor_seat =
            (0..config.players).find(|&s| game.loyalty(Seat(s)) == Some(Loyalty::Traitor));
        let traitor = traitor_seat.is_some();
        let mut table = crate::levels::Table {
            levels: config.levels,
            accusations: Vec::new(),
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
    if report.accusations.traitor_caught > 0 {
        report.accusations.mean_turn_caught =
            caught_turns as f64 / report.accusations.traitor_caught as f64;
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
