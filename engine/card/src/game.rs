//! The game's state and what may be read of it.
//!
//! A game is its [`Setup`] (seed included), an optional explicit [`Deal`], and its actions: replaying
//! them gives the same game exactly. Randomness comes only from the seeded generator in the state.
//! The rest of the engine is split by job, as the board game's is: `setup` (the setup checked whole,
//! the deal), `legal` (who decides, what that seat may do, why anything else is refused), `perform`
//! (an action applied), `flow` (the rule steps it sets going) and [`crate::save`] (the replay).

use crate::action::{Action, EndReason, PrivateEvent, Seat, Side, TopCard};
use crate::cards::{Card, Knight, Loyalty, Quest};
use crate::resolve::{Resolution, ThreatCard, resolve};
use rand::rngs::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

pub use crate::save::ReplayError;
pub use crate::setup::SetupError;

/// Game options chosen at setup.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// The *Knights to the Rescue* expert variant.
    pub knights_to_the_rescue: bool,
    /// Promo Morgan #8 in the deck.
    pub morgan8: bool,
    /// Promo Merlin #6 in the deck.
    pub merlin6: bool,
}

/// How a game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// 1 (solo) to 7.
    pub players: u8,
    /// Who starts (the rule book says the youngest).
    #[serde(default = "first_seat")]
    pub first: Seat,
    #[serde(default)]
    pub options: Options,
    #[serde(default)]
    pub seed: u64,
}

fn first_seat() -> Seat {
    Seat(0)
}

impl Setup {
    pub fn new(players: u8, seed: u64) -> Self {
        Setup {
            players,
            first: Seat(0),
            options: Options::default(),
            seed,
        }
    }

    pub fn solo(&self) -> bool {
        self.players == 1
    }
}

/// An explicit deal, for scripted games and tests: otherwise the seed deals.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Deal {
    /// One Loyalty card per seat (empty in solo).
    pub loyalty: Vec<Loyalty>,
    /// The two set-aside Loyalty cards (empty in solo).
    pub set_aside: Vec<Loyalty>,
    /// The Rumor deck, top card first.
    pub rumor_deck: Vec<Card>,
    /// Morgans left out of the deck (the expert variant shuffles them in).
    pub unused_morgans: Vec<Card>,
    /// The Knight deck, top card first (expert variant).
    pub knight_deck: Vec<Knight>,
}

/// How a game starts: its [`Setup`] and, for scripted games and tests, an explicit [`Deal`] (otherwise
/// the seed deals). The setup of the kit's [`camelot_kit::Rules`], so what a [`camelot_kit::Save`] holds.
///
/// Serde form: the setup's own fields, with `deal` added only when there is one — so a setup written
/// before (`{"players": 4, "first": 0, "options": {...}, "seed": 1}`) reads as it always did, and
/// `camelot card play`'s scripts keep their `deal`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub setup: Setup,
    pub deal: Option<Deal>,
}

impl From<Setup> for GameSetup {
    fn from(setup: Setup) -> Self {
        GameSetup { setup, deal: None }
    }
}

impl Serialize for GameSetup {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Record<'a> {
            players: u8,
            first: Seat,
            options: Options,
            seed: u64,
            #[serde(skip_serializing_if = "Option::is_none")]
            deal: &'a Option<Deal>,
        }
        let Setup {
            players,
            first,
            options,
            seed,
        } = self.setup;
        Record {
            players,
            first,
            options,
            seed,
            deal: &self.deal,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for GameSetup {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Record {
            players: u8,
            #[serde(default = "first_seat")]
            first: Seat,
            #[serde(default)]
            options: Options,
            #[serde(default)]
            seed: u64,
            #[serde(default)]
            deal: Option<Deal>,
        }
        let r = Record::deserialize(d)?;
        Ok(GameSetup {
            setup: Setup {
                players: r.players,
                first: r.first,
                options: r.options,
                seed: r.seed,
            },
            deal: r.deal,
        })
    }
}

/// The swords on the table (white and black, as both games count them).
pub use camelot_kit::Swords;

/// A card on the Threats pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PileCard {
    pub card: Card,
    /// Under Morgan #1 the card lies face down and the table knows only the announcement.
    pub announced: Option<Card>,
    /// A Merlin #4's chosen quest (its token lies face down).
    pub merlin4: Option<Quest>,
    pub placed_by: Seat,
}

impl PileCard {
    #[inline(always)]
    pub fn top(&self) -> TopCard {
        match self.announced {
            Some(announced) => TopCard::FaceDown { announced },
            None => TopCard::FaceUp { card: self.card },
        }
    }

    pub(crate) fn threat(&self) -> ThreatCard {
        ThreatCard {
            card: self.card,
            merlin4: self.merlin4,
            gawain: false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct SeatState {
    pub loyalty: Option<Loyalty>,
    pub revealed: bool,
    pub has_accused: bool,
    pub knights: Vec<Knight>,
    /// Everything this seat has seen privately, in order.
    pub memory: Vec<PrivateEvent>,
}

/// Silence under Morgan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Silence {
    /// The turn silence fell on.
    pub since_turn: u32,
    /// Turns ended while silence held.
    pub turns: u32,
}

/// Seats waiting for their turn at a window, in turn order (at most 7; saved as a list of seats).
/// A fixed array, so that a phase holds no allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SeatList {
    len: u8,
    seats: [Seat; 7],
}

impl Default for SeatList {
    fn default() -> Self {
        SeatList {
            len: 0,
            seats: [Seat(0); 7],
        }
    }
}

impl SeatList {
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first seat waiting (seat 0 for an empty list, which no decision holds).
    pub(crate) fn first(&self) -> Seat {
        self.seats[0]
    }

    pub(crate) fn as_slice(&self) -> &[Seat] {
        &self.seats[..usize::from(self.len)]
    }

    pub(crate) fn push(&mut self, seat: Seat) {
        if let Some(slot) = self.seats.get_mut(usize::from(self.len)) {
            *slot = seat;
            self.len += 1;
        }
    }

    pub(crate) fn pop_front(&mut self) {
        if self.len > 0 {
            self.seats.copy_within(1.., 0);
            // Seats past the end stay 0, so that equal lists compare equal.
            self.seats[6] = Seat(0);
            self.len -= 1;
        }
    }
}

impl Serialize for SeatList {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

/// Gawain's draw: up to three cards (saved as a list of cards). A fixed array, so that a phase holds no
/// allocation (and its kind is a plain tag, quick to match).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CardList {
    len: u8,
    cards: [Card; 3],
}

impl Default for CardList {
    fn default() -> Self {
        CardList {
            len: 0,
            // Slots past the end hold this filler, so that equal lists compare equal.
            cards: [Card::Mordred; 3],
        }
    }
}

impl CardList {
    pub(crate) fn push(&mut self, card: Card) {
        if let Some(slot) = self.cards.get_mut(usize::from(self.len)) {
            *slot = card;
            self.len += 1;
        }
    }
}

impl std::ops::Deref for CardList {
    type Target = [Card];
    fn deref(&self) -> &[Card] {
        &self.cards[..usize::from(self.len)]
    }
}

impl Serialize for CardList {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

/// What comes after a choice that can happen while listening or during Gawain's play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) enum Then {
    EndTurn,
    Gawain { waiting: SeatList },
}

/// The decision the game waits for. A plain tag (`repr(u8)`, no niche in a field): quick to match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[repr(u8)]
pub(crate) enum Phase {
    Turn,
    Announce {
        card: Card,
    },
    TraitorChoose {
        cards: [Card; 2],
    },
    Merlin4Quest {
        seat: Seat,
        then: Then,
    },
    VivienRecipient {
        drawer: Seat,
        offered: Loyalty,
        other: Loyalty,
        then: Then,
    },
    VivienKeep {
        seat: Seat,
        offered: Loyalty,
        next: Option<(Seat, Loyalty)>,
        then: Then,
    },
    Merlin6 {
        seat: Seat,
    },
    Arthur {
        quester: Seat,
        quest: Quest,
        bonus: u8,
        waiting: SeatList,
    },
    Gawain {
        waiting: SeatList,
    },
    GawainChoose {
        seat: Seat,
        cards: CardList,
        waiting: SeatList,
    },
    PercivalAccusation {
        target: Seat,
        waiting: SeatList,
    },
    PercivalEnd {
        flips: u8,
        waiting: SeatList,
    },
    Over {
        winner: Side,
        reason: EndReason,
    },
}

/// A quest being resolved (kept while Gawain's window is open).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Resolving {
    pub quester: Seat,
    pub quest: Quest,
    pub bonus: u8,
    pub gawain: Vec<ThreatCard>,
}

/// One action as played, for the replay log: the kit's [`camelot_kit::Move`] of an [`Action`].
pub type Played = camelot_kit::Move<Action>;

/// The public kind of decision the game waits for (nothing private in it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// The turn's action: Listen to Rumors, Go on a Quest, Accuse (or a revealed Traitor's spreading).
    Turn,
    /// Private: look at the drawn card and announce it (Morgan #1).
    Announce,
    /// Private: a revealed Traitor chooses which of 2 cards to place.
    TraitorChoose,
    /// Private: choose Merlin #4's quest.
    Merlin4Quest,
    /// Public: Vivien's drawer chooses who receives the other Loyalty card.
    VivienRecipient,
    /// Private: keep the current or the new Loyalty card.
    VivienKeep,
    /// Private: promo Merlin #6 — go on a quest now with a bonus, or not.
    Merlin6,
    /// Private: may play Arthur to stop the quest.
    ArthurWindow { quester: Seat, quest: Quest },
    /// Private: may play Gawain before swords are placed.
    GawainWindow,
    /// Private: Gawain's player chooses one of the three cards.
    GawainChoose,
    /// Private: may play Percival on this accusation.
    PercivalAccusation { target: Seat },
    /// Private: may play Percival on the Traitors' reveal.
    PercivalEnd,
}

impl Decision {
    /// Whether the decider must see something the others must not (the app puts up a curtain).
    pub fn is_private(self) -> bool {
        !matches!(self, Decision::Turn | Decision::VivienRecipient)
    }
}

/// The whole state of a game of *Shadows over Camelot: The Card Game*. Its serde form is for
/// developers and tests; it carries the game's `setup` and `moves`, and is read back only by
/// replaying them ([`crate::save`]).
#[derive(Clone, Debug, Serialize)]
pub struct Game {
    pub(crate) format: u32,
    /// The setup and its explicit deal, if any (written as `setup`, as in a save).
    #[serde(rename = "setup")]
    pub(crate) start: GameSetup,
    pub(crate) rng: Xoshiro256PlusPlus,
    pub(crate) seats: Vec<SeatState>,
    pub(crate) set_aside: Vec<Loyalty>,
    /// Top card last.
    pub(crate) deck: Vec<Card>,
    pub(crate) pile: Vec<PileCard>,
    pub(crate) discard: Vec<Card>,
    pub(crate) unused_morgans: Vec<Card>,
    /// Top card last.
    pub(crate) knight_deck: Vec<Knight>,
    pub(crate) swords: Swords,
    pub(crate) current: Seat,
    pub(crate) turn: u32,
    pub(crate) phase: Phase,
    pub(crate) morgan1: bool,
    pub(crate) morgan2: Option<u32>,
    pub(crate) silence: Option<Silence>,
    pub(crate) all_revealed: bool,
    pub(crate) tristan_this_turn: bool,
    pub(crate) resolving: Option<Resolving>,
    /// The breakdown of the quest being or just resolved (saved as the breakdown, built when asked).
    pub(crate) last_resolution: LastResolution,
    /// Every action applied, in order (written as `moves`, as in a save).
    #[serde(rename = "moves")]
    pub(crate) history: Vec<Played>,
}

/// The breakdown of the quest being resolved (in Gawain's window) or just resolved, until the next
/// action. It is kept as the revealed cards and built only when a view or the state's serde form
/// asks for it: most quests (every one in a simulation) are never looked at. Written as
/// `Option<Resolution>`, the breakdown itself.
#[derive(Clone, Debug, Default)]
pub(crate) struct LastResolution {
    pub(crate) shown: Shown,
    /// The revealed pile, bottom first, and the cards Gawain played (buffers kept between quests).
    pub(crate) pile: Vec<PileCard>,
    pub(crate) gawain: Vec<ThreatCard>,
}

#[derive(Clone, Debug, Default)]
pub(crate) enum Shown {
    #[default]
    Nothing,
    /// The breakdown of the cards kept for this main quest and Merlin #6 bonus.
    Cards { quest: Quest, bonus: u8 },
}

impl LastResolution {
    #[cfg(test)]
    pub(crate) fn is_some(&self) -> bool {
        !matches!(self.shown, Shown::Nothing)
    }

    #[inline(always)]
    pub(crate) fn clear(&mut self) {
        self.shown = Shown::Nothing;
    }

    /// Show the breakdown of (a copy of) `pile` and `gawain`'s cards for `quest`.
    pub(crate) fn show(
        &mut self,
        pile: &[PileCard],
        gawain: &[ThreatCard],
        quest: Quest,
        bonus: u8,
    ) {
        self.pile.clear();
        self.pile.extend_from_slice(pile);
        self.gawain.clear();
        self.gawain.extend_from_slice(gawain);
        self.shown = Shown::Cards { quest, bonus };
    }

    /// The revealed cards, bottom first, Gawain's appended.
    fn cards(&self) -> impl Iterator<Item = ThreatCard> + Clone + '_ {
        self.pile
            .iter()
            .map(PileCard::threat)
            .chain(self.gawain.iter().copied())
    }

    /// The breakdown, built now.
    pub(crate) fn get(&self) -> Option<Resolution> {
        match &self.shown {
            Shown::Nothing => None,
            Shown::Cards { quest, bonus } => Some(self.build(*quest, *bonus)),
        }
    }

    fn build(&self, quest: Quest, bonus: u8) -> Resolution {
        let cards: Vec<ThreatCard> = self.cards().collect();
        resolve(&cards, quest, bonus)
    }
}

impl Serialize for LastResolution {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.shown {
            Shown::Nothing => s.serialize_none(),
            Shown::Cards { quest, bonus } => s.serialize_some(&self.build(*quest, *bonus)),
        }
    }
}

/// Reading the state.
impl Game {
    pub fn setup(&self) -> &Setup {
        &self.start.setup
    }

    pub fn deal(&self) -> Option<&Deal> {
        self.start.deal.as_ref()
    }

    /// The setup and explicit deal this game started from (the kit's setup: what a save holds).
    pub fn game_setup(&self) -> &GameSetup {
        &self.start
    }

    pub fn format(&self) -> u32 {
        self.format
    }

    pub fn players(&self) -> usize {
        self.seats.len()
    }

    pub fn history(&self) -> &[Played] {
        &self.history
    }

    pub fn swords(&self) -> Swords {
        self.swords
    }

    pub fn current(&self) -> Seat {
        self.current
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    pub fn winner(&self) -> Option<(Side, EndReason)> {
        match self.phase {
            Phase::Over { winner, reason } => Some((winner, reason)),
            _ => None,
        }
    }

    /// The revealed Threats pile of the quest being or just resolved (until the next action), and
    /// the cards Gawain played on it.
    pub(crate) fn revealed_pile(&self) -> Option<(&[PileCard], &[ThreatCard])> {
        match (&self.resolving, &self.last_resolution.shown) {
            (Some(r), _) => Some((&self.pile, &r.gawain)),
            (None, Shown::Cards { .. }) => {
                Some((&self.last_resolution.pile, &self.last_resolution.gawain))
            }
            (None, Shown::Nothing) => None,
        }
    }

    #[inline(always)]
    pub fn top(&self) -> Option<TopCard> {
        self.pile.last().map(PileCard::top)
    }

    /// The quests the visible top card allows. When no Rumor card is left to draw (deck and discard
    /// pile empty, every card on the Threats pile) and the top card shows no symbol, any quest may be
    /// chosen, so the pile can be dealt with (**inferred**: the rule book does not cover it).
    #[inline(always)]
    pub fn allowed_quests(&self) -> &'static [Quest] {
        let Some(top) = self.top() else {
            return &[];
        };
        let symbols = top.shown().symbols();
        if symbols.is_empty() && !self.can_draw() {
            return &Quest::ALL;
        }
        symbols
    }

    pub fn silence(&self) -> Option<Silence> {
        self.silence
    }

    pub(crate) fn can_draw(&self) -> bool {
        !self.deck.is_empty() || !self.discard.is_empty()
    }

    pub(crate) fn holds_traitor(&self, seat: Seat) -> bool {
        self.seats[seat.index()].loyalty == Some(Loyalty::Traitor)
    }

    pub(crate) fn is_revealed_traitor(&self, seat: Seat) -> bool {
        let s = &self.seats[seat.index()];
        s.revealed && s.loyalty == Some(Loyalty::Traitor)
    }

    pub(crate) fn holds(&self, seat: Seat, k: Knight) -> bool {
        self.seats[seat.index()].knights.contains(&k)
    }

    /// Seats in turn order starting at `from` (included when `include_from`).
    pub(crate) fn seats_from(
        &self,
        from: Seat,
        include_from: bool,
    ) -> impl Iterator<Item = Seat> + '_ {
        let n = self.seats.len();
        let skip = usize::from(!include_from);
        (skip..n).map(move |i| Seat(((from.index() + i) % n) as u8))
    }

    pub(crate) fn knight_holders(&self, from: Seat, include_from: bool) -> SeatList {
        let mut list = SeatList::default();
        if !self.start.setup.options.knights_to_the_rescue {
            return list;
        }
        for s in self.seats_from(from, include_from) {
            if !self.seats[s.index()].knights.is_empty() {
                list.push(s);
            }
        }
        list
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
