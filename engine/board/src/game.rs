//! The game's state: the setup, the board, the hands and piles, the turn, and the resolution stack.
//!
//! A game is its [`Setup`] (seed and optional explicit [`Deal`] included) and its actions: replaying
//! them gives the same game exactly. Randomness comes only from the seeded generator in the state.
//! The rules themselves are in `flow.rs` (the resolution stack), `legal.rs` (what may be done) and
//! `perform.rs` (doing it); here, the state and the changes every rule makes to it: the setup and
//! the deal (`setup.rs`), fixed chance (`chance.rs`), the stack's steps (`stack.rs`), the piles
//! and hands (`cards.rs`), life, engines, swords and the end (`counts.rs`), seats leaving and
//! joining (`seats.rs`), and where every card is (`census.rs`).

use crate::action::{EndReason, Event, Seat, Side};
use crate::data::*;
use camelot_kit::GameRng;
use serde::{Deserialize, Serialize};

mod cards;
mod census;
mod chance;
mod counts;
mod seats;
mod setup;
mod stack;

pub use census::Census;
pub(crate) use chance::ChanceUsed;
pub use chance::{Chance, NotAFace, Roll};
#[cfg(test)]
pub(crate) use setup::check_setup;
pub use setup::{Deal, Options, SeatChoice, Setup, TraitorRule};
pub(crate) use stack::*;

/// The save format's version. Bump it when the serialized shape of [`Game`] changes.
pub const FORMAT_VERSION: u32 = 2;

/// A hand of white cards, as counts of each kind (hands are sets of identical-looking cards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    counts: [u8; WHITE_KINDS],
    len: u8,
}

impl Hand {
    #[inline(always)]
    pub fn len(&self) -> u8 {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    pub fn count(&self, card: White) -> u8 {
        self.counts[card.index()]
    }

    #[inline(always)]
    pub fn has(&self, card: White) -> bool {
        self.counts[card.index()] > 0
    }

    #[inline(always)]
    pub(crate) fn add(&mut self, card: White) {
        self.counts[card.index()] += 1;
        self.len += 1;
    }

    #[inline(always)]
    pub(crate) fn remove(&mut self, card: White) -> bool {
        let c = &mut self.counts[card.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        self.len -= 1;
        true
    }

    /// The kinds held, in card order.
    pub fn kinds(&self) -> impl Iterator<Item = White> + '_ {
        White::ALL
            .into_iter()
            .filter(|w| self.counts[w.index()] > 0)
    }

    /// Every card, in card order.
    pub fn cards(&self) -> Vec<White> {
        let mut v = Vec::with_capacity(usize::from(self.len));
        for w in White::ALL {
            for _ in 0..self.counts[w.index()] {
                v.push(w);
            }
        }
        v
    }

    pub fn counts(&self) -> &[u8; WHITE_KINDS] {
        &self.counts
    }

    /// The card at position `k` of [`Hand::cards`].
    pub(crate) fn nth(&self, mut k: u8) -> Option<White> {
        for w in White::ALL {
            let c = self.counts[w.index()];
            if k < c {
                return Some(w);
            }
            k -= c;
        }
        None
    }

    pub(crate) fn take_all(&mut self) -> Hand {
        std::mem::take(self)
    }
}

/// A black card on a combat quest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub card: Black,
    pub face_down: bool,
    /// Who drew it (the only one who knows a face-down card's value).
    pub drawer: Seat,
}

/// A combat quest's cards (§4.2–4.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    /// Fight cards of each value 1–5.
    pub(crate) counts: [u8; 5],
    /// The values in the order played.
    pub(crate) white: [u8; 9],
    pub(crate) white_len: u8,
    pub(crate) black: [Option<Placed>; 5],
    pub(crate) black_len: u8,
}

impl Combat {
    pub fn white(&self) -> &[u8] {
        &self.white[..usize::from(self.white_len)]
    }

    pub fn black(&self) -> impl Iterator<Item = Placed> + '_ {
        self.black[..usize::from(self.black_len)]
            .iter()
            .filter_map(|p| *p)
    }

    pub(crate) fn push_white(&mut self, value: u8) {
        if let (Some(slot), Some(c)) = (
            self.white.get_mut(usize::from(self.white_len)),
            self.counts.get_mut(usize::from(value.wrapping_sub(1))),
        ) {
            *slot = value;
            *c += 1;
            self.white_len += 1;
        }
    }

    pub(crate) fn push_black(&mut self, placed: Placed) {
        if let Some(slot) = self.black.get_mut(usize::from(self.black_len)) {
            *slot = Some(placed);
            self.black_len += 1;
        }
    }

    pub(crate) fn pop_black(&mut self) -> Option<Placed> {
        if self.black_len == 0 {
            return None;
        }
        self.black_len -= 1;
        self.black[usize::from(self.black_len)].take()
    }
}

/// Which side of the Lancelot/Dragon board is up (§1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LancelotBoard {
    Lancelot,
    Dragon,
    /// The Dragon is over: the board is removed.
    Removed,
}

/// A spot of the Holy Grail track (§1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Spot {
    Empty,
    Grail,
    Despair,
    Desolation,
}

impl Spot {
    pub fn is_black(self) -> bool {
        matches!(self, Spot::Despair | Spot::Desolation)
    }
}

/// A War (§4.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct War {
    /// Fight cards played: 1, 2, 3 … (the straight so far).
    pub cards: u8,
    pub warriors: u8,
    pub mordred: bool,
}

impl War {
    /// Cards the straight needs (6 with Mordred).
    pub fn needed(&self) -> u8 {
        5 + u8::from(self.mordred)
    }

    /// The value the next card must have.
    pub fn next_value(&self) -> u8 {
        (self.cards + 1).min(5)
    }
}

/// Where a relic is (§5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "at", content = "seat", rename_all = "snake_case")]
pub enum RelicState {
    /// Still on its quest.
    OnQuest,
    Owned(Seat),
    Removed,
}

/// The swords on the Round Table (white and black, as both games count them).
pub use camelot_kit::Swords;

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Side,
    pub reason: EndReason,
}

/// What the table saw a knight do: the public record a careful player keeps of each seat.
/// Every count follows from public events alone (the test `the_public_record_follows_from_public_events`
/// folds them and compares), so it tells no more than a good memory at the table would.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deeds {
    /// Siege engines he chose to add as his Progression of Evil (a revealed Traitor's included;
    /// not those of Morgan 4 or of black cards whose quest is over).
    pub siege_engines_added: u8,
    /// Black cards he chose to draw as his Progression of Evil (Morgan 3's draws not counted).
    pub black_cards_drawn: u8,
    /// Black combat cards he drew and placed face down (cancelled cards not counted).
    pub placed_face_down: u8,
    /// Life he chose to lose as his Progression of Evil.
    pub life_lost_to_evil: u8,
    /// Quests won while he was on them.
    pub quests_won: u8,
    /// Quests lost while he was on them.
    pub quests_lost: u8,
    /// White cards he played on quests: Fight cards on a combat quest or a War, Grail cards,
    /// discards on the Excalibur quest.
    pub quest_cards_played: u8,
    /// Siege engines he removed: siege fights won and Merlins played on an engine.
    pub siege_engines_removed: u8,
}

/// One seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SeatState {
    /// `None`: a squire (§8.5).
    pub knight: Option<Knight>,
    pub loyalty: Loyalty,
    pub hand: Hand,
    pub life: u8,
    pub place: Place,
    /// False once dead (a revealed Traitor is alive: he plays his turns).
    pub alive: bool,
    /// An unmasked Traitor (§6.2).
    pub revealed: bool,
    pub accused: bool,
    /// He accused a knight who proved Loyal (public).
    pub accused_loyal: bool,
    /// The turn an accusation showed him Loyal: his Loyalty is public from then on (§6.1).
    #[serde(default)]
    pub shown_loyal_on: Option<u32>,
    /// The public record of what he did.
    pub deeds: Deeds,
}

impl SeatState {
    /// A knight (or squire) taking his seat, at the start or joining: in Camelot, alive, never
    /// accused nor shown, nothing done yet.
    pub(crate) fn seated(knight: Option<Knight>, loyalty: Loyalty, hand: Hand, life: u8) -> Self {
        SeatState {
            knight,
            loyalty,
            hand,
            life,
            place: Place::Camelot,
            alive: true,
            revealed: false,
            accused: false,
            accused_loyal: false,
            shown_loyal_on: None,
            deeds: Deeds::default(),
        }
    }
}

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The opening gesture (§2.7).
    Opening,
    /// Progression of Evil: the active knight chooses (§3.1).
    ProgressionOfEvil,
    /// The Progression of Evil's choice is being resolved.
    AfterEvil,
    /// Heroic Actions (§3.3).
    HeroicActions,
    /// The revealed Traitor's turn, step 1: take a card (§6.3).
    TraitorTakes,
    /// Step 2: a siege engine or a black card.
    TraitorEvil,
    /// Step 2 is being resolved.
    AfterTraitor,
    Over,
}

impl Phase {
    /// Every phase, in the order a turn goes through them.
    pub const ALL: [Phase; 8] = [
        Phase::Opening,
        Phase::ProgressionOfEvil,
        Phase::AfterEvil,
        Phase::HeroicActions,
        Phase::TraitorTakes,
        Phase::TraitorEvil,
        Phase::AfterTraitor,
        Phase::Over,
    ];
}

/// Heroic Action types (§3.3) as bits of [`TurnState::used`].
pub(crate) const TYPE_MOVE: u8 = 1;
pub(crate) const TYPE_QUEST: u8 = 2;
pub(crate) const TYPE_SPECIAL: u8 = 4;
pub(crate) const TYPE_HEAL: u8 = 8;
pub(crate) const TYPE_ACCUSE: u8 = 16;

/// What happened so far this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TurnState {
    /// Regular Heroic Actions taken (0–2).
    pub acts: u8,
    /// Types used, free ones included.
    pub used: u8,
    pub sacrificed: bool,
    pub special: bool,
    pub arthur: bool,
    /// Sir Percival looked this turn.
    pub looked: bool,
    /// The card Sir Percival knows to be on top of the black pile.
    pub seen_top: Option<Black>,
    /// The turn ends once what is being resolved is done (Guinevere, falling to 0, unmasking).
    pub ends: bool,
    /// Sacrificed the last life: dies after the action (§3.4).
    pub dies_after_action: bool,
    /// The 12th sword lies on the Round Table while the last Loyal knight, who paid his last life
    /// for the action that laid it, waits for the Grail's owner: the count follows the rescue.
    pub count_after_rescue: bool,
}

/// What a knight knows of the black pile from his Clairvoyance (§1.3): its top `cards` cards, in
/// their order, until they are drawn or the pile is shuffled. When Sir Percival, with Lancelot's
/// Armor, takes the top two and puts one back on top and the other under the pile (which went where
/// is his secret), the rest is let go too: the knight then knows less than he might, never more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Foreseen {
    pub seat: Seat,
    pub cards: u8,
}

/// Cards left out of the game (explicit deals; unused loyalty cards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Boxed {
    pub white: [u8; WHITE_KINDS],
    pub black: [u8; BLACK_KINDS],
    pub loyal: u8,
    pub traitor: u8,
}

/// Wins and losses of each quest so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestTally {
    pub won: u8,
    pub lost: u8,
}

/// The whole game. Its serialized form is in `packed.rs`.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) format: u32,
    pub(crate) setup: Setup,
    pub(crate) n: u8,
    pub(crate) seats: Vec<SeatState>,
    /// Draw piles: the top card is the last.
    pub(crate) white_deck: Vec<White>,
    pub(crate) white_discard: Vec<White>,
    pub(crate) black_deck: Vec<Black>,
    pub(crate) black_discard: Vec<Black>,
    pub(crate) boxed: Boxed,
    pub(crate) black_knight: Combat,
    pub(crate) lancelot: Combat,
    pub(crate) dragon: Combat,
    pub(crate) lancelot_board: LancelotBoard,
    pub(crate) excalibur: i8,
    pub(crate) excalibur_over: bool,
    pub(crate) grail: [Spot; GRAIL_SPOTS],
    pub(crate) grail_over: bool,
    pub(crate) wars: [War; 2],
    pub(crate) engines: u8,
    pub(crate) swords: Swords,
    pub(crate) relics: [RelicState; 3],
    pub(crate) heroism: Option<Quest>,
    pub(crate) dark_forest: bool,
    pub(crate) vivien: bool,
    pub(crate) mists: bool,
    /// Three players: the loyalty cards have been looked at (§8.3).
    pub(crate) peeked: bool,
    pub(crate) first: Seat,
    pub(crate) current: Seat,
    pub(crate) turn: u32,
    pub(crate) phase: Phase,
    pub(crate) t: TurnState,
    pub(crate) stack: Vec<Frame>,
    /// The top black cards a knight saw with Clairvoyance and put back.
    pub(crate) foreseen: Option<Foreseen>,
    /// Knights who reached 0 life and wait for their Dying step (bits by seat).
    pub(crate) fallen: u8,
    /// A knight who won Excalibur while at 0 life (§9.22).
    pub(crate) excalibur_dying: Option<Seat>,
    pub(crate) tally: [QuestTally; 7],
    pub(crate) outcome: Option<Outcome>,
    pub(crate) rng: GameRng,
    /// How much of the deal's fixed chance is used.
    pub(crate) chance_used: ChanceUsed,
    pub(crate) record: bool,
    pub(crate) events: Vec<Event>,
}

/// Record an event only when someone listens (the closure-free way, so `self` may be borrowed).
macro_rules! ev {
    ($g:expr, $e:expr) => {
        if $g.record {
            let e = $e;
            $g.events.push(e);
        }
    };
}
pub(crate) use ev;

impl Game {
    // ---------------------------------------------------------------------------------------------
    // Reading the state
    // ---------------------------------------------------------------------------------------------

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn format(&self) -> u32 {
        self.format
    }

    pub fn players(&self) -> usize {
        usize::from(self.n)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn current(&self) -> Seat {
        self.current
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn swords(&self) -> Swords {
        self.swords
    }

    pub fn siege_engines(&self) -> u8 {
        self.engines
    }

    pub fn first_player(&self) -> Seat {
        self.first
    }

    pub fn tally(&self, quest: Quest) -> QuestTally {
        self.tally[quest.index()]
    }

    pub fn knight(&self, seat: Seat) -> Option<Knight> {
        self.seats.get(seat.index()).and_then(|s| s.knight)
    }

    pub fn life(&self, seat: Seat) -> u8 {
        self.seats.get(seat.index()).map_or(0, |s| s.life)
    }

    /// The location of a knight on the board (`None` if dead or unmasked).
    pub fn place(&self, seat: Seat) -> Option<Place> {
        self.on_board(seat).then(|| self.seats[seat.index()].place)
    }

    pub fn hand(&self, seat: Seat) -> Option<&Hand> {
        self.seats.get(seat.index()).map(|s| &s.hand)
    }

    pub fn loyalty(&self, seat: Seat) -> Option<Loyalty> {
        self.seats.get(seat.index()).map(|s| s.loyalty)
    }

    pub fn is_alive(&self, seat: Seat) -> bool {
        self.seats.get(seat.index()).is_some_and(|s| s.alive)
    }

    pub fn is_revealed(&self, seat: Seat) -> bool {
        self.seats.get(seat.index()).is_some_and(|s| s.revealed)
    }

    pub fn has_accused(&self, seat: Seat) -> bool {
        self.seats.get(seat.index()).is_some_and(|s| s.accused)
    }

    /// Whether this knight accused a knight who proved Loyal (the table saw it).
    pub fn accused_a_loyal_knight(&self, seat: Seat) -> bool {
        self.seats
            .get(seat.index())
            .is_some_and(|s| s.accused_loyal)
    }

    /// The turn an accusation showed this knight Loyal (public from then on, §6.1).
    pub fn shown_loyal_on(&self, seat: Seat) -> Option<u32> {
        self.seats.get(seat.index()).and_then(|s| s.shown_loyal_on)
    }

    /// The public record of what the knight at `seat` did.
    pub fn deeds(&self, seat: Seat) -> Deeds {
        self.seats
            .get(seat.index())
            .map_or(Deeds::default(), |s| s.deeds)
    }

    /// Add to the public record of `seat` (counts stop at 255).
    #[inline(always)]
    pub(crate) fn deed(&mut self, seat: Seat, count: impl FnOnce(&mut Deeds) -> &mut u8) {
        if let Some(s) = self.seats.get_mut(seat.index()) {
            let c = count(&mut s.deeds);
            *c = c.saturating_add(1);
        }
    }

    pub fn relic(&self, relic: Relic) -> RelicState {
        self.relics[relic.index()]
    }

    pub fn excalibur_position(&self) -> i8 {
        self.excalibur
    }

    pub fn grail_track(&self) -> &[Spot; GRAIL_SPOTS] {
        &self.grail
    }

    pub fn war(&self, war: Quest) -> Option<&War> {
        match war {
            Quest::PictWar => Some(&self.wars[0]),
            Quest::SaxonWar => Some(&self.wars[1]),
            _ => None,
        }
    }

    pub fn combat(&self, quest: Quest) -> Option<&Combat> {
        match quest {
            Quest::BlackKnight => Some(&self.black_knight),
            Quest::Lancelot => Some(&self.lancelot),
            Quest::Dragon => Some(&self.dragon),
            _ => None,
        }
    }

    pub fn lancelot_board(&self) -> LancelotBoard {
        self.lancelot_board
    }

    pub fn heroism(&self) -> Option<Quest> {
        self.heroism
    }

    pub fn dark_forest(&self) -> bool {
        self.dark_forest
    }

    pub fn vivien(&self) -> bool {
        self.vivien
    }

    pub fn mists_of_avalon(&self) -> bool {
        self.mists
    }

    pub fn white_deck_len(&self) -> usize {
        self.white_deck.len()
    }

    pub fn black_deck_len(&self) -> usize {
        self.black_deck.len()
    }

    /// Whether the players know their loyalty cards (three players: only from the threshold on).
    pub fn loyalty_known(&self) -> bool {
        self.peeked
    }

    /// Accusations are allowed (§6.1): 6 siege engines or 6 swords.
    pub fn threshold_met(&self) -> bool {
        self.engines >= ACCUSATION_THRESHOLD || self.swords.total() >= ACCUSATION_THRESHOLD
    }

    #[inline(always)]
    pub(crate) fn s(&self, seat: Seat) -> &SeatState {
        &self.seats[seat.index()]
    }

    #[inline(always)]
    pub(crate) fn sm(&mut self, seat: Seat) -> &mut SeatState {
        &mut self.seats[seat.index()]
    }

    /// Living and not unmasked: has a miniature, a hand and a life die.
    #[inline(always)]
    pub fn on_board(&self, seat: Seat) -> bool {
        self.seats
            .get(seat.index())
            .is_some_and(|s| s.alive && !s.revealed)
    }

    pub(crate) fn has_knight(&self, seat: Seat, knight: Knight) -> bool {
        self.seats
            .get(seat.index())
            .is_some_and(|s| s.knight == Some(knight) && s.alive && !s.revealed)
    }

    /// Every seat clockwise from `start` (itself first).
    #[inline(always)]
    pub(crate) fn seats_from(&self, start: Seat) -> impl Iterator<Item = Seat> + use<> {
        let n = self.n;
        let s = start.0.min(n);
        // One range rather than a chain of two: a simpler loop wherever it is used.
        (s..s + n).map(move |i| Seat(if i < n { i } else { i - n }))
    }

    /// The seat `k` places clockwise from `start`.
    #[inline(always)]
    pub(crate) fn offset(&self, start: Seat, k: u8) -> Seat {
        // Without a division: `start` and `k` are below the table's size (or `k` equals it).
        let (s, n) = (u16::from(start.0) + u16::from(k), u16::from(self.n.max(1)));
        Seat(if s < n {
            s
        } else if s < 2 * n {
            s - n
        } else {
            s % n
        } as u8)
    }

    /// Knights on the board at `place` (bits by seat).
    pub(crate) fn present_at(&self, place: Place) -> u8 {
        let mut bits = 0u8;
        for (i, s) in self.seats.iter().enumerate() {
            if s.alive && !s.revealed && s.place == place {
                bits |= 1 << i;
            }
        }
        bits
    }

    pub(crate) fn owner(&self, relic: Relic) -> Option<Seat> {
        match self.relics[relic.index()] {
            RelicState::Owned(s) => Some(s),
            _ => None,
        }
    }

    pub fn quest_in_play(&self, quest: Quest) -> bool {
        match quest {
            Quest::BlackKnight | Quest::PictWar | Quest::SaxonWar => true,
            Quest::Lancelot => self.lancelot_board == LancelotBoard::Lancelot,
            Quest::Dragon => self.lancelot_board == LancelotBoard::Dragon,
            Quest::Excalibur => !self.excalibur_over,
            Quest::Grail => !self.grail_over,
        }
    }

    pub fn place_in_play(&self, place: Place) -> bool {
        place.quest().is_none_or(|q| self.quest_in_play(q))
    }

    pub(crate) fn war_mut(&mut self, war: Quest) -> &mut War {
        if war == Quest::SaxonWar {
            &mut self.wars[1]
        } else {
            &mut self.wars[0]
        }
    }

    pub(crate) fn combat_mut(&mut self, quest: Quest) -> &mut Combat {
        match quest {
            Quest::Lancelot => &mut self.lancelot,
            Quest::Dragon => &mut self.dragon,
            _ => &mut self.black_knight,
        }
    }
}
