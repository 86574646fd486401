//! The game: setup, whose decision it is, the legal actions, and `apply`.
//!
//! A game is its [`Setup`] (seed included), an optional explicit [`Deal`], and its actions: replaying
//! them gives the same game exactly. Randomness comes only from the seeded generator in the state.

use crate::action::{
    AccusationRefusal, Action, BadChoiceReason, EndReason, Event, EventSink, Keep, NoExchange,
    NotNowReason, PrivateEvent, RuleError, Seat, Side, TopCard,
};
use crate::cards::{
    Card, Knight, Loyalty, MORGANS_IN_PLAY, Merlin, Morgan, Quest, SWORDS_IN_ALL, all_cards,
    all_knights,
};
use crate::resolve::{Colour, Outcome, Resolution, ThreatCard, resolve, verdict};
use crate::save::FORMAT_VERSION;
use camelot_kit::shuffle;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

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

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

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

    fn threat(&self) -> ThreatCard {
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

    fn push(&mut self, seat: Seat) {
        if let Some(slot) = self.seats.get_mut(usize::from(self.len)) {
            *slot = seat;
            self.len += 1;
        }
    }

    fn pop_front(&mut self) {
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
    fn push(&mut self, card: Card) {
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
    shown: Shown,
    /// The revealed pile, bottom first, and the cards Gawain played (buffers kept between quests).
    pile: Vec<PileCard>,
    gawain: Vec<ThreatCard>,
}

#[derive(Clone, Debug, Default)]
enum Shown {
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
    fn clear(&mut self) {
        self.shown = Shown::Nothing;
    }

    /// Show the breakdown of (a copy of) `pile` and `gawain`'s cards for `quest`.
    fn show(&mut self, pile: &[PileCard], gawain: &[ThreatCard], quest: Quest, bonus: u8) {
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

impl Game {
    /// A new game dealt from the setup's seed: Loyalty cards, 6 random Morgans of 9, the shuffled deck.
    pub fn new(setup: Setup) -> Result<Game, SetupError> {
        check_setup(&setup)?;
        let mut g = Game::build(
            setup,
            None,
            Xoshiro256PlusPlus::seed_from_u64(setup.seed),
            Vec::new(),
            Vec::with_capacity(2),
            Vec::with_capacity(64),
            Vec::with_capacity(9),
            Vec::new(),
        );
        g.deal_from_seed();
        Ok(g)
    }

    /// Turn this game into `Game::new(setup)`, keeping its buffers (a simulation plays many games in
    /// one `Game` without allocating). On a bad setup the game is left as it was.
    pub fn reset(&mut self, setup: Setup) -> Result<(), SetupError> {
        check_setup(&setup)?;
        self.format = FORMAT_VERSION;
        self.start.setup = setup;
        self.start.deal = None;
        self.rng = Xoshiro256PlusPlus::seed_from_u64(setup.seed);
        let n = setup.players as usize;
        self.seats.truncate(n);
        while self.seats.len() < n {
            self.seats.push(SeatState {
                loyalty: None,
                revealed: false,
                has_accused: false,
                knights: Vec::new(),
                memory: Vec::new(),
            });
        }
        for s in &mut self.seats {
            s.loyalty = None;
            s.revealed = false;
            s.has_accused = false;
            s.knights.clear();
            s.memory.clear();
        }
        self.set_aside.clear();
        self.deck.clear();
        self.pile.clear();
        self.discard.clear();
        self.unused_morgans.clear();
        self.knight_deck.clear();
        self.swords = Swords::default();
        self.current = setup.first;
        self.turn = 1;
        self.phase = Phase::Turn;
        self.morgan1 = false;
        self.morgan2 = None;
        self.silence = None;
        self.all_revealed = false;
        self.tristan_this_turn = false;
        self.resolving = None;
        self.last_resolution.clear();
        self.history.clear();
        self.deal_from_seed();
        Ok(())
    }

    /// Deal a cleared game from its seed (the seats, decks and piles are empty).
    fn deal_from_seed(&mut self) {
        let rng = &mut self.rng;
        let n = self.start.setup.players as usize;
        if !self.start.setup.solo() {
            // n + 2 Loyalty cards: one Traitor (two with 7 players), the rest Loyal.
            let traitors = if n == 7 { 2 } else { 1 };
            let mut cards = [Loyalty::Loyal; 9];
            for c in &mut cards[n + 2 - traitors..n + 2] {
                *c = Loyalty::Traitor;
            }
            let cards = &mut cards[..n + 2];
            shuffle(cards, rng);
            for (seat, &l) in self.seats.iter_mut().zip(&cards[..n]) {
                seat.loyalty = Some(l);
            }
            self.set_aside.extend_from_slice(&cards[n..]);
        }
        /// The 9 Morgans of the base game, and the rest of the deck for each combination of the promo
        /// options (indexed by `morgan8 + 2 × merlin6`).
        type Decks = (Vec<Card>, [Vec<Card>; 4]);
        static CARDS: std::sync::OnceLock<Decks> = std::sync::OnceLock::new();
        let (all_morgans, others) = CARDS.get_or_init(|| {
            let all = all_cards(true);
            let others = |morgan8: bool, merlin6: bool| {
                all.iter()
                    .copied()
                    .filter(|c| !c.is_morgan() || *c == Card::Morgan(Morgan::Eight))
                    .filter(|c| match c {
                        Card::Morgan(Morgan::Eight) => morgan8,
                        Card::Merlin(Merlin::Six) => merlin6,
                        _ => true,
                    })
                    .collect()
            };
            (
                all.iter()
                    .copied()
                    .filter(|c| c.is_morgan() && *c != Card::Morgan(Morgan::Eight))
                    .collect(),
                [
                    others(false, false),
                    others(true, false),
                    others(false, true),
                    others(true, true),
                ],
            )
        });
        // The Morgans are shuffled; the first six go into the deck, the rest are left out.
        let morgans = &mut self.unused_morgans;
        morgans.extend_from_slice(all_morgans);
        shuffle(morgans, rng);
        let options = self.start.setup.options;
        let deck = &mut self.deck;
        deck.extend_from_slice(
            &others[usize::from(options.morgan8) + 2 * usize::from(options.merlin6)],
        );
        deck.extend_from_slice(&morgans[..MORGANS_IN_PLAY]);
        morgans.drain(..MORGANS_IN_PLAY);
        shuffle(deck, rng);
        if options.knights_to_the_rescue {
            static KNIGHTS: std::sync::OnceLock<Vec<Knight>> = std::sync::OnceLock::new();
            self.knight_deck
                .extend_from_slice(KNIGHTS.get_or_init(all_knights));
        }
        shuffle(&mut self.knight_deck, rng);
    }

    /// A game with an explicit deal (decks given top card first); later shuffles use the seed.
    pub fn with_deal(setup: Setup, deal: Deal) -> Result<Game, SetupError> {
        check_setup(&setup)?;
        let n = setup.players as usize;
        if setup.solo() {
            if !deal.loyalty.is_empty() || !deal.set_aside.is_empty() {
                return Err(SetupError("solo play uses no Loyalty cards".into()));
            }
        } else {
            if deal.loyalty.len() != n {
                return Err(SetupError(format!(
                    "{n} players need {n} Loyalty cards, the deal has {}",
                    deal.loyalty.len()
                )));
            }
            if deal.set_aside.len() != 2 {
                return Err(SetupError("two Loyalty cards are set aside".into()));
            }
            let traitors = deal
                .loyalty
                .iter()
                .chain(&deal.set_aside)
                .filter(|l| **l == Loyalty::Traitor)
                .count();
            let want = if n == 7 { 2 } else { 1 };
            if traitors != want {
                return Err(SetupError(format!(
                    "with {n} players the Loyalty cards hold {want} Traitor(s), the deal has {traitors}"
                )));
            }
        }
        check_deal_cards(&setup, &deal)?;
        let rng = Xoshiro256PlusPlus::seed_from_u64(setup.seed);
        let mut deck = deal.rumor_deck.clone();
        deck.reverse();
        let mut knights = deal.knight_deck.clone();
        knights.reverse();
        Ok(Game::build(
            setup,
            Some(deal.clone()),
            rng,
            deal.loyalty,
            deal.set_aside,
            deck,
            deal.unused_morgans,
            knights,
        ))
    }

    #[allow(clippy::too_many_arguments)]
    fn build(
        setup: Setup,
        deal: Option<Deal>,
        rng: Xoshiro256PlusPlus,
        loyalty: Vec<Loyalty>,
        set_aside: Vec<Loyalty>,
        deck: Vec<Card>,
        unused_morgans: Vec<Card>,
        knight_deck: Vec<Knight>,
    ) -> Game {
        let seats = (0..setup.players as usize)
            .map(|i| SeatState {
                loyalty: loyalty.get(i).copied(),
                revealed: false,
                has_accused: false,
                knights: Vec::new(),
                memory: Vec::new(),
            })
            .collect();
        Game {
            format: FORMAT_VERSION,
            start: GameSetup { setup, deal },
            rng,
            seats,
            set_aside,
            deck,
            pile: Vec::with_capacity(64),
            discard: Vec::with_capacity(64),
            unused_morgans,
            knight_deck,
            swords: Swords::default(),
            current: setup.first,
            turn: 1,
            phase: Phase::Turn,
            morgan1: false,
            morgan2: None,
            silence: None,
            all_revealed: false,
            tristan_this_turn: false,
            resolving: None,
            last_resolution: LastResolution::default(),
            history: Vec::with_capacity(256),
        }
    }

    /// Replay a game from its setup, deal and actions: the kit's one [`camelot_kit::replay`], with
    /// this crate's [`ReplayError`] (the app's own loops call it so).
    pub fn replay(
        setup: Setup,
        deal: Option<Deal>,
        actions: &[Played],
    ) -> Result<Game, ReplayError> {
        camelot_kit::replay::<Game>(&GameSetup { setup, deal }, actions).map_err(ReplayError::from)
    }

    /// [`Game::replay`], showing `watch` the game before each action and then its events (the
    /// kit's one replay: the app rebuilds its log and its computer knights' minds with it).
    pub fn replay_watching(
        setup: Setup,
        deal: Option<Deal>,
        actions: &[Played],
        watch: impl FnMut(camelot_kit::Replayed<'_, Game>),
    ) -> Result<Game, ReplayError> {
        camelot_kit::replay_watching::<Game>(&GameSetup { setup, deal }, actions, watch)
            .map_err(ReplayError::from)
    }

    // ---------------------------------------------------------------------------------------------
    // Reading the state
    // ---------------------------------------------------------------------------------------------

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

    fn holds(&self, seat: Seat, k: Knight) -> bool {
        self.seats[seat.index()].knights.contains(&k)
    }

    /// Seats in turn order starting at `from` (included when `include_from`).
    fn seats_from(&self, from: Seat, include_from: bool) -> impl Iterator<Item = Seat> + '_ {
        let n = self.seats.len();
        let skip = usize::from(!include_from);
        (skip..n).map(move |i| Seat(((from.index() + i) % n) as u8))
    }

    fn knight_holders(&self, from: Seat, include_from: bool) -> SeatList {
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

    /// Who must decide now, and what kind of decision it is (`None` once the game is over).
    #[inline]
    pub fn decider(&self) -> Option<(Seat, Decision)> {
        // A turn first: most decisions are turns.
        if let Phase::Turn = self.phase {
            return Some((self.current, Decision::Turn));
        }
        self.decider_other()
    }

    /// [`Game::decider`] out of a turn, out of line: the turn's test stays a plain, well-predicted
    /// branch instead of joining a jump table on the phase.
    #[inline(never)]
    fn decider_other(&self) -> Option<(Seat, Decision)> {
        Some(match &self.phase {
            Phase::Turn => (self.current, Decision::Turn),
            Phase::Announce { .. } => (self.current, Decision::Announce),
            Phase::TraitorChoose { .. } => (self.current, Decision::TraitorChoose),
            Phase::Merlin4Quest { seat, .. } => (*seat, Decision::Merlin4Quest),
            Phase::VivienRecipient { drawer, .. } => (*drawer, Decision::VivienRecipient),
            Phase::VivienKeep { seat, .. } => (*seat, Decision::VivienKeep),
            Phase::Merlin6 { seat } => (*seat, Decision::Merlin6),
            Phase::Arthur {
                quester,
                quest,
                waiting,
                ..
            } => (
                waiting.first(),
                Decision::ArthurWindow {
                    quester: *quester,
                    quest: *quest,
                },
            ),
            Phase::Gawain { waiting } => (waiting.first(), Decision::GawainWindow),
            Phase::GawainChoose { seat, .. } => (*seat, Decision::GawainChoose),
            Phase::PercivalAccusation { target, waiting } => (
                waiting.first(),
                Decision::PercivalAccusation { target: *target },
            ),
            Phase::PercivalEnd { waiting, .. } => (waiting.first(), Decision::PercivalEnd),
            Phase::Over { .. } => return None,
        })
    }

    /// Every action the deciding seat may take now (empty once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        let Some((seat, _)) = self.decider() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        match &self.phase {
            Phase::Turn => self.turn_actions(seat, &mut out),
            Phase::Announce { card } => {
                if self.holds_traitor(seat) {
                    out.extend(
                        Card::all_kinds(
                            self.start.setup.options.morgan8,
                            self.start.setup.options.merlin6,
                        )
                        .into_iter()
                        .map(|card| Action::Announce { card }),
                    );
                } else {
                    out.push(Action::Announce { card: *card });
                }
            }
            Phase::TraitorChoose { .. } => {
                out.extend((0..2).map(|index| Action::PlaceRumor { index }));
            }
            Phase::Merlin4Quest { .. } => {
                out.extend(Quest::ALL.map(|quest| Action::ChooseMerlin4Quest { quest }))
            }
            Phase::VivienRecipient { drawer, .. } => out.extend(
                self.vivien_recipients(*drawer)
                    .map(|recipient| Action::GiveLoyalty { recipient }),
            ),
            Phase::VivienKeep { .. } => out.extend([
                Action::KeepLoyalty {
                    keep: Keep::Current,
                },
                Action::KeepLoyalty { keep: Keep::New },
            ]),
            Phase::Merlin6 { .. } => {
                for quest in Quest::ALL {
                    out.extend((0..=3).map(|bonus| Action::Merlin6Quest { quest, bonus }));
                }
                out.push(Action::DeclineMerlin6);
            }
            Phase::Arthur { .. } => {
                if self.holds(seat, Knight::Arthur) {
                    out.push(Action::PlayArthur);
                }
                out.push(Action::PassWindow);
            }
            Phase::Gawain { .. } => {
                if self.holds(seat, Knight::Gawain) && self.can_draw() {
                    out.push(Action::PlayGawain);
                }
                out.push(Action::PassWindow);
            }
            Phase::GawainChoose { cards, .. } => {
                let playable: Vec<Action> = cards
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| !c.is_morgan())
                    .map(|(i, _)| Action::GawainPlay {
                        index: Some(i as u8),
                    })
                    .collect();
                if playable.is_empty() {
                    out.push(Action::GawainPlay { index: None });
                } else {
                    out.extend(playable);
                }
            }
            Phase::PercivalAccusation { .. } | Phase::PercivalEnd { .. } => {
                if self.holds(seat, Knight::Percival) {
                    out.push(Action::PlayPercival);
                }
                out.push(Action::PassWindow);
            }
            Phase::Over { .. } => {}
        }
        out
    }

    fn turn_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let can_tristan = self.holds(seat, Knight::Tristan) && !self.tristan_this_turn;
        if self.is_revealed_traitor(seat) {
            if self.can_draw() {
                out.push(Action::SpreadRumors);
            }
        } else {
            if self.can_draw() {
                out.push(Action::ListenToRumors);
            }
            out.extend(
                self.allowed_quests()
                    .iter()
                    .map(|&quest| Action::GoOnQuest { quest }),
            );
            if self.accusation_refusal(seat).is_none() {
                out.extend(
                    self.seats_from(seat, false)
                        .filter(|t| !self.seats[t.index()].revealed)
                        .map(|target| Action::Accuse { target }),
                );
            }
            if self.holds(seat, Knight::Galahad) {
                out.extend(
                    self.seats_from(seat, false)
                        .filter(|t| !self.seats[t.index()].revealed)
                        .map(|target| Action::PlayGalahad { target }),
                );
            }
        }
        if out.is_empty() {
            out.push(Action::Pass);
        }
        if can_tristan {
            out.push(Action::PlayTristan);
        }
    }

    /// Why this seat may not accuse anyone now (`None`: it may), as a value (the app words it in each
    /// language). Never [`AccusationRefusal::Themselves`] or [`AccusationRefusal::TargetRevealed`],
    /// which are about a target.
    pub fn accusation_refusal(&self, seat: Seat) -> Option<AccusationRefusal> {
        if self.start.setup.solo() {
            return Some(AccusationRefusal::Solo);
        }
        let s = &self.seats[seat.index()];
        if self.is_revealed_traitor(seat) {
            return Some(AccusationRefusal::RevealedTraitor);
        }
        if s.has_accused {
            return Some(AccusationRefusal::AlreadyAccused);
        }
        if self.swords.total() < 4 {
            return Some(AccusationRefusal::TooFewSwords);
        }
        if !self
            .seats_from(seat, false)
            .any(|t| !self.seats[t.index()].revealed)
        {
            return Some(AccusationRefusal::NoOneLeft);
        }
        None
    }

    fn vivien_recipients(&self, drawer: Seat) -> impl Iterator<Item = Seat> + '_ {
        self.seats_from(drawer, false)
            .filter(|t| !self.seats[t.index()].revealed)
    }

    // ---------------------------------------------------------------------------------------------
    // Applying actions
    // ---------------------------------------------------------------------------------------------

    /// Apply `action` for `seat`, returning the events it caused, or why it is not allowed.
    /// The state is unchanged when an error is returned.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_to(seat, action, &mut events)?;
        Ok(events)
    }

    /// Apply `action`, sending events to `sink` (use [`crate::NoEvents`] when nobody listens).
    #[inline]
    pub fn apply_to(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.apply_inline(seat, action, sink)
    }

    /// [`Game::apply_to`], always inlined (into the simulation's loop: its commonest actions then
    /// cost no call).
    #[inline(always)]
    pub(crate) fn apply_inline(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        // The commonest action, a turn's Listen to Rumors, the short way (what `check` and `perform`
        // do for it); everything else out of line.
        if let (Phase::Turn, Action::ListenToRumors) = (&self.phase, action)
            && seat == self.current
            && self.can_draw()
            && !self.is_revealed_traitor(seat)
        {
            self.last_resolution.clear();
            self.history.push(Played { seat, action });
            self.listen(seat, &mut Emit { sink });
            return Ok(());
        }
        // Under Morgan #1, the next commonest: the drawn card announced truly.
        if let (Phase::Announce { card: drawn }, Action::Announce { card }) = (&self.phase, action)
            && *drawn == card
            && seat == self.current
        {
            self.last_resolution.clear();
            self.history.push(Played { seat, action });
            self.place(seat, card, Some(card), Then::EndTurn, &mut Emit { sink });
            return Ok(());
        }
        self.apply_any(seat, action, sink)
    }

    /// [`Game::apply_to`] for any action.
    #[inline(never)]
    fn apply_any(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check(seat, action)?;
        self.last_resolution.clear();
        self.history.push(Played { seat, action });
        let mut ev = Emit { sink };
        self.perform(seat, action, &mut ev);
        // While a quest is being resolved its revealed pile lies on the table: the breakdown stays in
        // view through Gawain's play (his choice, a Merlin #4's quest, Vivien's exchange).
        if self.resolving.is_some() && matches!(self.last_resolution.shown, Shown::Nothing) {
            self.show_resolution();
        }
        Ok(())
    }

    /// Check that `seat` may take `action` now, with a precise reason if not.
    #[inline]
    pub fn check(&self, seat: Seat, action: Action) -> Result<(), RuleError> {
        // The commonest case first: the current seat's turn action (a refusal takes the long way).
        if matches!(self.phase, Phase::Turn) && seat == self.current {
            let ok = match action {
                Action::ListenToRumors => self.can_draw() && !self.is_revealed_traitor(seat),
                Action::GoOnQuest { quest } => {
                    !self.is_revealed_traitor(seat) && self.allowed_quests().contains(&quest)
                }
                Action::SpreadRumors => self.is_revealed_traitor(seat) && self.can_draw(),
                _ => false,
            };
            if ok {
                return Ok(());
            }
        }
        // A revealed Traitor's choice of card, a Merlin #4's quest and a knight's window passed, the
        // next commonest (what `check_fully` finds for them, the short way).
        match (&self.phase, action) {
            (Phase::TraitorChoose { .. }, Action::PlaceRumor { index })
                if seat == self.current && index < 2 =>
            {
                return Ok(());
            }
            (Phase::Merlin4Quest { seat: chooser, .. }, Action::ChooseMerlin4Quest { .. })
                if seat == *chooser =>
            {
                return Ok(());
            }
            // A knight's window passed (expert variant).
            (
                Phase::Arthur { waiting, .. }
                | Phase::Gawain { waiting }
                | Phase::PercivalAccusation { waiting, .. }
                | Phase::PercivalEnd { waiting, .. },
                Action::PassWindow,
            ) if seat == waiting.first() && seat.index() < self.seats.len() => {
                return Ok(());
            }
            _ => {}
        }
        self.check_fully(seat, action)
    }

    /// [`Game::check`] for any decision and action.
    #[inline(never)]
    fn check_fully(&self, seat: Seat, action: Action) -> Result<(), RuleError> {
        let Some((decider, decision)) = self.decider() else {
            return Err(RuleError::GameOver);
        };
        if seat.index() >= self.seats.len() || seat != decider {
            return Err(RuleError::NotYourDecision {
                seat,
                decider: Some(decider),
            });
        }
        let legal = match self.quick_legality(seat, action) {
            Some(ok) => ok,
            None => self.legal_actions().contains(&action),
        };
        if legal {
            return Ok(());
        }
        Err(self.explain(seat, decision, action))
    }

    /// A cheap answer for the most frequent actions (`None`: ask [`Game::legal_actions`]). Must agree
    /// with `legal_actions`; the property tests check that.
    fn quick_legality(&self, seat: Seat, action: Action) -> Option<bool> {
        let turn = matches!(self.phase, Phase::Turn);
        let revealed_traitor = self.is_revealed_traitor(seat);
        Some(match action {
            Action::ListenToRumors => turn && !revealed_traitor && self.can_draw(),
            Action::SpreadRumors => turn && revealed_traitor && self.can_draw(),
            Action::GoOnQuest { quest } => {
                turn && !revealed_traitor && self.allowed_quests().contains(&quest)
            }
            Action::Accuse { target } => {
                turn && self.accusation_refusal(seat).is_none()
                    && target != seat
                    && target.index() < self.seats.len()
                    && !self.seats[target.index()].revealed
            }
            Action::Announce { card } => match self.phase {
                Phase::Announce { card: drawn } => {
                    card == drawn
                        || (self.holds_traitor(seat)
                            && card.in_game(
                                self.start.setup.options.morgan8,
                                self.start.setup.options.merlin6,
                            ))
                }
                _ => false,
            },
            Action::PassWindow => matches!(
                self.phase,
                Phase::Arthur { .. }
                    | Phase::Gawain { .. }
                    | Phase::PercivalAccusation { .. }
                    | Phase::PercivalEnd { .. }
            ),
            Action::PlaceRumor { index } => {
                matches!(self.phase, Phase::TraitorChoose { .. }) && index < 2
            }
            Action::ChooseMerlin4Quest { .. } => matches!(self.phase, Phase::Merlin4Quest { .. }),
            Action::KeepLoyalty { .. } => matches!(self.phase, Phase::VivienKeep { .. }),
            Action::GiveLoyalty { recipient } => match self.phase {
                Phase::VivienRecipient { drawer, .. } => {
                    recipient != drawer
                        && recipient.index() < self.seats.len()
                        && !self.seats[recipient.index()].revealed
                }
                _ => false,
            },
            Action::DeclineMerlin6 => matches!(self.phase, Phase::Merlin6 { .. }),
            Action::Merlin6Quest { bonus, .. } => {
                matches!(self.phase, Phase::Merlin6 { .. }) && bonus <= 3
            }
            _ => return None,
        })
    }

    fn explain(&self, seat: Seat, decision: Decision, action: Action) -> RuleError {
        let not_now = |reason: NotNowReason| RuleError::NotNow { reason };
        match (decision, action) {
            (Decision::Turn, Action::ListenToRumors | Action::SpreadRumors) => {
                if self.is_revealed_traitor(seat) && action == Action::ListenToRumors {
                    not_now(NotNowReason::RevealedTraitorOnlySpreadsRumors)
                } else if !self.is_revealed_traitor(seat) && action == Action::SpreadRumors {
                    not_now(NotNowReason::OnlyARevealedTraitorSpreadsRumors)
                } else {
                    RuleError::NoCardsLeft
                }
            }
            (Decision::Turn, Action::GoOnQuest { quest }) => {
                if self.is_revealed_traitor(seat) {
                    not_now(NotNowReason::RevealedTraitorOnlySpreadsRumors)
                } else {
                    RuleError::QuestNotAllowed { quest }
                }
            }
            (Decision::Turn, Action::Accuse { target }) => match self.accusation_refusal(seat) {
                Some(reason) => RuleError::AccusationNotAllowed { reason },
                None if target == seat => RuleError::AccusationNotAllowed {
                    reason: AccusationRefusal::Themselves,
                },
                None if target.index() < self.seats.len()
                    && self.seats[target.index()].revealed =>
                {
                    RuleError::AccusationNotAllowed {
                        reason: AccusationRefusal::TargetRevealed,
                    }
                }
                None => RuleError::BadTarget { target },
            },
            (Decision::Turn, Action::PlayTristan) if !self.holds(seat, Knight::Tristan) => {
                RuleError::KnightNotHeld {
                    knight: Knight::Tristan,
                }
            }
            (Decision::Turn, Action::PlayTristan) => not_now(NotNowReason::TristanAlreadyPlayed),
            (Decision::Turn, Action::PlayGalahad { target }) => {
                if !self.holds(seat, Knight::Galahad) {
                    RuleError::KnightNotHeld {
                        knight: Knight::Galahad,
                    }
                } else if self.is_revealed_traitor(seat) {
                    not_now(NotNowReason::RevealedTraitorOnlySpreadsRumors)
                } else {
                    RuleError::BadTarget { target }
                }
            }
            (Decision::Turn, Action::Pass) => not_now(NotNowReason::PassOnlyWhenNothingElse),
            (Decision::Announce, Action::Announce { card }) => {
                RuleError::AnnouncementNotAllowed { card }
            }
            (Decision::ArthurWindow { .. }, Action::PlayArthur) => RuleError::KnightNotHeld {
                knight: Knight::Arthur,
            },
            (Decision::GawainWindow, Action::PlayGawain) => {
                if self.holds(seat, Knight::Gawain) {
                    RuleError::NoCardsLeft
                } else {
                    RuleError::KnightNotHeld {
                        knight: Knight::Gawain,
                    }
                }
            }
            (Decision::PercivalAccusation { .. } | Decision::PercivalEnd, Action::PlayPercival) => {
                RuleError::KnightNotHeld {
                    knight: Knight::Percival,
                }
            }
            (Decision::GawainChoose, Action::GawainPlay { .. }) => RuleError::BadChoice {
                reason: BadChoiceReason::GawainPlaysNoMorgan,
            },
            (Decision::VivienRecipient, Action::GiveLoyalty { recipient }) => {
                RuleError::BadTarget { target: recipient }
            }
            (Decision::TraitorChoose, Action::PlaceRumor { .. }) => RuleError::BadChoice {
                reason: BadChoiceReason::CardZeroOrOne,
            },
            (Decision::Merlin6, Action::Merlin6Quest { .. }) => RuleError::BadChoice {
                reason: BadChoiceReason::Merlin6BonusUpToThree,
            },
            (pending, _) => not_now(NotNowReason::OtherDecisionPending { pending }),
        }
    }

    fn perform<S: EventSink>(&mut self, seat: Seat, action: Action, ev: &mut Emit<'_, S>) {
        match action {
            Action::ListenToRumors => self.listen(seat, ev),
            Action::GoOnQuest { quest } => self.go_on_quest(seat, quest, 0, ev),
            Action::Accuse { target } => self.accuse(seat, target, ev),
            Action::SpreadRumors => self.spread_rumors(seat, ev),
            Action::PlaceRumor { index } => {
                let Phase::TraitorChoose { cards } = self.phase else {
                    unreachable!("checked")
                };
                let (keep, drop) = (cards[index as usize], cards[1 - index as usize]);
                self.discard.push(drop);
                self.place(seat, keep, None, Then::EndTurn, ev);
            }
            Action::Announce { card } => {
                let Phase::Announce { card: drawn } = self.phase else {
                    unreachable!("checked")
                };
                self.place(seat, drawn, Some(card), Then::EndTurn, ev);
            }
            Action::ChooseMerlin4Quest { quest } => {
                let Phase::Merlin4Quest { then, .. } =
                    std::mem::replace(&mut self.phase, Phase::Turn)
                else {
                    unreachable!("checked")
                };
                let target = match (&then, &mut self.resolving) {
                    (Then::Gawain { .. }, Some(r)) => r.gawain.last_mut().map(|c| &mut c.merlin4),
                    _ => self.pile.last_mut().map(|c| &mut c.merlin4),
                };
                if let Some(slot) = target {
                    *slot = Some(quest);
                }
                self.remember(seat, PrivateEvent::Merlin4Quest { quest }, ev);
                ev.emit(|| Event::Merlin4TokenPlaced { seat });
                self.then(then, ev);
            }
            Action::GiveLoyalty { recipient } => {
                let Phase::VivienRecipient {
                    drawer,
                    offered,
                    other,
                    then,
                } = std::mem::replace(&mut self.phase, Phase::Turn)
                else {
                    unreachable!("checked")
                };
                ev.emit(|| Event::VivienExchange {
                    drawer,
                    recipient: Some(recipient),
                });
                self.offer_loyalty(drawer, offered, Some((recipient, other)), then, ev);
            }
            Action::KeepLoyalty { keep } => {
                let Phase::VivienKeep {
                    seat,
                    offered,
                    next,
                    then,
                } = std::mem::replace(&mut self.phase, Phase::Turn)
                else {
                    unreachable!("checked")
                };
                let s = &mut self.seats[seat.index()];
                let current = s.loyalty.expect("multiplayer seats hold a Loyalty card");
                let (kept, back) = match keep {
                    Keep::Current => (current, offered),
                    Keep::New => (offered, current),
                };
                s.loyalty = Some(kept);
                self.set_aside.push(back);
                shuffle(&mut self.set_aside, &mut self.rng);
                self.remember(seat, PrivateEvent::KeptLoyalty { loyalty: kept }, ev);
                ev.emit(|| Event::LoyaltyKept { seat });
                match next {
                    Some((r, card)) => self.offer_loyalty(r, card, None, then, ev),
                    None => self.then(then, ev),
                }
            }
            Action::Merlin6Quest { quest, bonus } => self.begin_quest(seat, quest, bonus, ev),
            Action::DeclineMerlin6 => self.end_turn(ev),
            Action::PlayTristan => {
                self.take_knight(seat, Knight::Tristan);
                self.tristan_this_turn = true;
                ev.emit(|| Event::TristanPlayed { seat });
                self.refill_deck(ev);
                let cards: Vec<Card> = self.deck.iter().rev().copied().collect();
                self.remember(seat, PrivateEvent::DeckSeen { cards }, ev);
            }
            Action::PlayGalahad { target } => {
                self.take_knight(seat, Knight::Galahad);
                ev.emit(|| Event::GalahadPlayed { seat, target });
                let loyalty = self.seats[target.index()]
                    .loyalty
                    .expect("multiplayer seats hold a Loyalty card");
                self.remember(
                    seat,
                    PrivateEvent::LoyaltySeen {
                        seat: target,
                        loyalty,
                    },
                    ev,
                );
                self.end_turn(ev);
            }
            Action::PlayArthur => {
                let Phase::Arthur { quester, .. } = self.phase else {
                    unreachable!("checked")
                };
                self.take_knight(seat, Knight::Arthur);
                ev.emit(|| Event::ArthurPlayed { by: seat, quester });
                self.phase = Phase::Turn;
                if self.can_draw() {
                    self.listen(quester, ev);
                } else {
                    self.end_turn(ev);
                }
            }
            Action::PlayGawain => {
                let Phase::Gawain { mut waiting } = std::mem::replace(&mut self.phase, Phase::Turn)
                else {
                    unreachable!("checked")
                };
                waiting.pop_front();
                self.take_knight(seat, Knight::Gawain);
                let mut cards = CardList::default();
                for _ in 0..3 {
                    match self.draw(ev) {
                        Some(c) => cards.push(c),
                        None => break,
                    }
                }
                self.remember(
                    seat,
                    PrivateEvent::GawainDrew {
                        cards: cards.to_vec(),
                    },
                    ev,
                );
                self.phase = Phase::GawainChoose {
                    seat,
                    cards,
                    waiting,
                };
            }
            Action::GawainPlay { index } => {
                let Phase::GawainChoose {
                    seat,
                    cards,
                    waiting,
                } = std::mem::replace(&mut self.phase, Phase::Turn)
                else {
                    unreachable!("checked")
                };
                let played = index.map(|i| cards[i as usize]);
                for (i, c) in cards.iter().enumerate() {
                    if Some(i as u8) != index {
                        self.discard.push(*c);
                    }
                }
                ev.emit(|| Event::GawainPlayed {
                    by: seat,
                    card: played,
                });
                let then = Then::Gawain { waiting };
                match played {
                    None => self.then(then, ev),
                    Some(card) => {
                        if let Some(r) = &mut self.resolving {
                            r.gawain.push(ThreatCard {
                                card,
                                merlin4: None,
                                gawain: true,
                            });
                        }
                        self.card_comes_into_play(seat, card, then, ev);
                    }
                }
            }
            Action::PlayPercival => {
                self.take_knight(seat, Knight::Percival);
                ev.emit(|| Event::PercivalPlayed { by: seat });
                match std::mem::replace(&mut self.phase, Phase::Turn) {
                    Phase::PercivalAccusation { target, .. } => self.reveal_accused(target, 2, ev),
                    Phase::PercivalEnd { flips, .. } => self.final_verdict(flips + 1, ev),
                    _ => unreachable!("checked"),
                }
            }
            Action::PassWindow => self.pass_window(ev),
            Action::Pass => {
                ev.emit(|| Event::Passed { seat });
                self.end_turn(ev);
            }
        }
    }

    fn pass_window<S: EventSink>(&mut self, ev: &mut Emit<'_, S>) {
        let waiting = match &mut self.phase {
            Phase::Arthur { waiting, .. }
            | Phase::Gawain { waiting }
            | Phase::PercivalAccusation { waiting, .. }
            | Phase::PercivalEnd { waiting, .. } => waiting,
            _ => unreachable!("checked"),
        };
        waiting.pop_front();
        if !waiting.is_empty() {
            return;
        }
        match std::mem::replace(&mut self.phase, Phase::Turn) {
            Phase::Arthur {
                quester,
                quest,
                bonus,
                ..
            } => self.reveal_and_resolve(quester, quest, bonus, ev),
            Phase::Gawain { .. } => self.finish_quest(ev),
            Phase::PercivalAccusation { target, .. } => self.reveal_accused(target, 1, ev),
            Phase::PercivalEnd { flips, .. } => self.final_verdict(flips, ev),
            _ => unreachable!(),
        }
    }

    fn then<S: EventSink>(&mut self, then: Then, ev: &mut Emit<'_, S>) {
        match then {
            Then::EndTurn => self.end_turn(ev),
            Then::Gawain { waiting } => {
                if waiting.is_empty() {
                    self.finish_quest(ev)
                } else {
                    self.phase = Phase::Gawain { waiting };
                    self.show_resolution();
                }
            }
        }
    }

    fn remember<S: EventSink>(&mut self, seat: Seat, private: PrivateEvent, ev: &mut Emit<'_, S>) {
        if ev.sink.wants() {
            ev.sink.push(Event::Private {
                seat,
                private: private.clone(),
            });
        }
        self.seats[seat.index()].memory.push(private);
    }

    fn take_knight(&mut self, seat: Seat, k: Knight) {
        let ks = &mut self.seats[seat.index()].knights;
        if let Some(i) = ks.iter().position(|x| *x == k) {
            ks.remove(i);
        }
    }

    /// Draw the top Rumor card, reshuffling the discard pile into a new deck when the deck is empty.
    fn draw<S: EventSink>(&mut self, ev: &mut Emit<'_, S>) -> Option<Card> {
        self.refill_deck(ev);
        self.deck.pop()
    }

    /// A Rumor deck that has run out becomes the discard pile, shuffled — when the deck is next
    /// needed: to draw from, to look through (Tristan), or to shuffle a Morgan into.
    fn refill_deck<S: EventSink>(&mut self, ev: &mut Emit<'_, S>) {
        if self.deck.is_empty() && !self.discard.is_empty() {
            std::mem::swap(&mut self.deck, &mut self.discard);
            shuffle(&mut self.deck, &mut self.rng);
            let cards = self.deck.len() as u32;
            ev.emit(|| Event::DeckReshuffled { cards });
        }
    }

    #[inline(always)]
    fn listen<S: EventSink>(&mut self, seat: Seat, ev: &mut Emit<'_, S>) {
        let Some(card) = self.draw(ev) else {
            self.end_turn(ev);
            return;
        };
        if let Some(n) = &mut self.morgan2 {
            *n += 1;
            let number = *n;
            ev.emit(|| Event::CountAloud { seat, number });
        }
        if self.morgan1 {
            self.remember(seat, PrivateEvent::Drew { card }, ev);
            self.phase = Phase::Announce { card };
        } else {
            self.place(seat, card, None, Then::EndTurn, ev);
        }
    }

    fn spread_rumors<S: EventSink>(&mut self, seat: Seat, ev: &mut Emit<'_, S>) {
        ev.emit(|| Event::TraitorSpreadsRumors { seat });
        let first = self.draw(ev);
        let second = self.draw(ev);
        match (first, second) {
            (Some(a), Some(b)) => {
                self.remember(seat, PrivateEvent::DrewTwo { cards: [a, b] }, ev);
                self.phase = Phase::TraitorChoose { cards: [a, b] };
            }
            (Some(a), None) => self.place(seat, a, None, Then::EndTurn, ev),
            _ => self.end_turn(ev),
        }
    }

    /// Put a card on the Threats pile (face down with an announcement under Morgan #1).
    fn place<S: EventSink>(
        &mut self,
        seat: Seat,
        card: Card,
        announced: Option<Card>,
        then: Then,
        ev: &mut Emit<'_, S>,
    ) {
        self.phase = Phase::Turn;
        let pc = PileCard {
            card,
            announced,
            merlin4: None,
            placed_by: seat,
        };
        self.pile.push(pc);
        let top = pc.top();
        ev.emit(|| Event::CardPlaced { seat, top });
        let shown = top.shown();
        // Most cards are quest cards: nothing comes into play with them.
        if let (Card::Quest(..), Then::EndTurn) = (shown, &then) {
            return self.end_turn(ev);
        }
        self.card_comes_into_play(seat, shown, then, ev);
    }

    /// A card comes into play (placed on the pile, or played by Gawain): `shown` is what the table
    /// knows of it (the card, or the announcement under Morgan #1). Silence, Morgan #1 and #2,
    /// and the draw-time effects follow `shown` (settled reading, `card-game.md` §4).
    fn card_comes_into_play<S: EventSink>(
        &mut self,
        seat: Seat,
        shown: Card,
        then: Then,
        ev: &mut Emit<'_, S>,
    ) {
        // Silence and Morgan #1/#2 follow what the table can know.
        match shown {
            Card::Morgan(m) => {
                if self.silence.is_none() {
                    self.silence = Some(Silence {
                        since_turn: self.turn,
                        turns: 0,
                    });
                    ev.emit(|| Event::SilenceBegins);
                }
                if m == Morgan::One && !self.morgan1 {
                    self.morgan1 = true;
                    ev.emit(|| Event::Morgan1Begins);
                }
                if m == Morgan::Two && self.morgan2.is_none() {
                    self.morgan2 = Some(0);
                    ev.emit(|| Event::Morgan2Begins);
                }
            }
            Card::Merlin(_) => {
                if self.silence.take().is_some() {
                    ev.emit(|| Event::SilenceEnds);
                }
                // Only a Merlin placed on the pile ends them, not one Gawain plays at quest time
                // (`../shared/rules/card-game.md` §4).
                let placed = matches!(then, Then::EndTurn);
                if placed && (self.morgan1 || self.morgan2.is_some()) {
                    self.morgan1 = false;
                    self.morgan2 = None;
                    ev.emit(|| Event::MorganEffectsEnd);
                }
            }
            _ => {}
        }
        // What the card does the moment it is drawn also follows what the table knows: a Traitor who
        // announces a Merlin #4 marks a token (with no effect at quest time, since the card is not one);
        // one who hides a Vivien makes no exchange. Quest-time effects follow the cards as revealed.
        match shown {
            Card::Vivien => self.start_vivien(seat, then, ev),
            Card::Merlin(Merlin::Four) => self.phase = Phase::Merlin4Quest { seat, then },
            Card::Merlin(Merlin::Six)
                if matches!(then, Then::EndTurn) && !self.is_revealed_traitor(seat) =>
            {
                self.phase = Phase::Merlin6 { seat }
            }
            _ => self.then(then, ev),
        }
    }

    fn start_vivien<S: EventSink>(&mut self, drawer: Seat, then: Then, ev: &mut Emit<'_, S>) {
        // Two cards are always set aside when there are Loyalty cards (players + 2 are used).
        let idle = if self.start.setup.solo() || self.set_aside.len() < 2 {
            Some(NoExchange::SoloPlay)
        } else if self.seats[drawer.index()].revealed {
            Some(NoExchange::DrawerRevealed)
        } else {
            None
        };
        if let Some(why) = idle {
            ev.emit(|| Event::VivienDoesNothing { drawer, why });
            return self.then(then, ev);
        }
        let offered = self.set_aside.pop().expect("two set aside");
        let other = self.set_aside.pop().expect("two set aside");
        if self.vivien_recipients(drawer).next().is_some() {
            self.phase = Phase::VivienRecipient {
                drawer,
                offered,
                other,
                then,
            };
        } else {
            self.set_aside.push(other);
            ev.emit(|| Event::VivienExchange {
                drawer,
                recipient: None,
            });
            self.offer_loyalty(drawer, offered, None, then, ev);
        }
    }

    fn offer_loyalty<S: EventSink>(
        &mut self,
        seat: Seat,
        offered: Loyalty,
        next: Option<(Seat, Loyalty)>,
        then: Then,
        ev: &mut Emit<'_, S>,
    ) {
        let current = self.seats[seat.index()]
            .loyalty
            .expect("multiplayer seats hold a Loyalty card");
        self.remember(seat, PrivateEvent::VivienOffer { current, offered }, ev);
        self.phase = Phase::VivienKeep {
            seat,
            offered,
            next,
            then,
        };
    }

    fn go_on_quest<S: EventSink>(
        &mut self,
        seat: Seat,
        quest: Quest,
        bonus: u8,
        ev: &mut Emit<'_, S>,
    ) {
        self.begin_quest(seat, quest, bonus, ev)
    }

    fn begin_quest<S: EventSink>(
        &mut self,
        quester: Seat,
        quest: Quest,
        bonus: u8,
        ev: &mut Emit<'_, S>,
    ) {
        ev.emit(|| Event::WentOnQuest {
            seat: quester,
            quest,
            merlin6_bonus: bonus,
        });
        let waiting = self.knight_holders(quester, false);
        if waiting.is_empty() {
            self.reveal_and_resolve(quester, quest, bonus, ev);
        } else {
            self.phase = Phase::Arthur {
                quester,
                quest,
                bonus,
                waiting,
            };
        }
    }

    /// Show the breakdown of the quest being resolved (in Gawain's window).
    fn show_resolution(&mut self) {
        let r = self.resolving.as_ref().expect("a quest is being resolved");
        self.last_resolution
            .show(&self.pile, &r.gawain, r.quest, r.bonus);
    }

    fn reveal_and_resolve<S: EventSink>(
        &mut self,
        quester: Seat,
        quest: Quest,
        bonus: u8,
        ev: &mut Emit<'_, S>,
    ) {
        if self.silence.take().is_some() {
            ev.emit(|| Event::SilenceEnds);
        }
        self.resolving = Some(Resolving {
            quester,
            quest,
            bonus,
            gawain: Vec::new(),
        });
        let waiting = self.knight_holders(quester, true);
        if waiting.is_empty() {
            self.finish_quest(ev);
        } else {
            self.show_resolution();
            self.phase = Phase::Gawain { waiting };
        }
    }

    fn finish_quest<S: EventSink>(&mut self, ev: &mut Emit<'_, S>) {
        let Resolving {
            quester,
            quest,
            bonus,
            gawain,
        } = self.resolving.take().expect("a quest is being resolved");
        // The pile moves into the breakdown (whose former pile buffer becomes the new empty pile).
        let last = &mut self.last_resolution;
        last.pile.clear();
        std::mem::swap(&mut last.pile, &mut self.pile);
        last.gawain = gawain;
        last.shown = Shown::Cards { quest, bonus };
        let v = verdict(
            last.pile.iter().map(PileCard::threat),
            last.gawain.iter().copied(),
            quest,
            bonus,
        );
        for (colour, count) in v.swords.into_iter().flatten() {
            self.place_swords(colour, count, ev);
        }
        let main = v.main_outcome;
        let evil_now = v.evil_wins_now;
        if ev.sink.wants() {
            let resolution = self.last_resolution.get().expect("just shown");
            ev.sink.push(Event::QuestResolved {
                resolution: Box::new(resolution),
            });
        }
        if evil_now {
            self.discard_resolved_pile();
            return self.game_over(Side::Evil, EndReason::Morgan7, ev);
        }
        if self.start.setup.options.knights_to_the_rescue {
            if main == Outcome::Success && !self.unused_morgans.is_empty() {
                let i = self.rng.random_range(0..self.unused_morgans.len());
                let m = self.unused_morgans.swap_remove(i);
                // Into a deck that has run out: the discard pile becomes the deck first, so the
                // Morgan hides among its cards (this quest's pile is discarded only afterwards,
                // card-game.md §3 steps 11 and 12).
                self.refill_deck(ev);
                self.deck.push(m);
                shuffle(&mut self.deck, &mut self.rng);
                ev.emit(|| Event::MorganShuffledIn);
            }
            if matches!(main, Outcome::Baseless | Outcome::Defeat) {
                if let Some(k) = self.knight_deck.pop() {
                    self.seats[quester.index()].knights.push(k);
                    ev.emit(|| Event::KnightDrawn { seat: quester });
                    self.remember(quester, PrivateEvent::KnightDrawn { knight: k }, ev);
                } else {
                    ev.emit(|| Event::NoKnightLeft { seat: quester });
                }
            }
        }
        self.discard_resolved_pile();
        self.check_end_then_next(ev);
    }

    /// The whole resolved pile, Gawain's played card included, goes to the discard pile.
    fn discard_resolved_pile(&mut self) {
        let last = &self.last_resolution;
        self.discard.extend(last.pile.iter().map(|c| c.card));
        self.discard.extend(last.gawain.iter().map(|c| c.card));
    }

    fn place_swords<S: EventSink>(&mut self, colour: Colour, count: u8, ev: &mut Emit<'_, S>) {
        let room = SWORDS_IN_ALL - self.swords.total();
        let placed = count.min(room);
        match colour {
            Colour::White => self.swords.white += placed,
            Colour::Black => self.swords.black += placed,
        }
        if placed > 0 {
            ev.emit(|| Event::SwordsPlaced {
                colour,
                count: placed,
            });
        }
        if placed < count {
            ev.emit(|| Event::SwordsRanOut {
                colour,
                count: count - placed,
            });
        }
    }

    fn accuse<S: EventSink>(&mut self, accuser: Seat, target: Seat, ev: &mut Emit<'_, S>) {
        self.seats[accuser.index()].has_accused = true;
        ev.emit(|| Event::Accused { accuser, target });
        let waiting = self.knight_holders(accuser, true);
        if waiting.is_empty() {
            self.reveal_accused(target, 1, ev);
        } else {
            self.phase = Phase::PercivalAccusation { target, waiting };
        }
    }

    fn reveal_accused<S: EventSink>(&mut self, target: Seat, swords: u8, ev: &mut Emit<'_, S>) {
        self.phase = Phase::Turn;
        let s = &mut self.seats[target.index()];
        s.revealed = true;
        let loyalty = s.loyalty.expect("multiplayer seats hold a Loyalty card");
        ev.emit(|| Event::LoyaltyRevealed {
            seat: target,
            loyalty,
        });
        let colour = match loyalty {
            Loyalty::Loyal => Colour::Black,
            Loyalty::Traitor => Colour::White,
        };
        self.place_swords(colour, swords, ev);
        self.check_end_then_next(ev);
    }

    /// The end check (after a quest or an accusation): 7 swords of a colour → final reveal and verdict.
    fn check_end_then_next<S: EventSink>(&mut self, ev: &mut Emit<'_, S>) {
        if self.swords.white < 7 && self.swords.black < 7 {
            return self.end_turn(ev);
        }
        if self.start.setup.solo() || self.all_revealed {
            return self.final_verdict(0, ev);
        }
        let mut hidden_traitors = 0u8;
        for i in 0..self.seats.len() {
            let s = &mut self.seats[i];
            if s.revealed {
                continue;
            }
            s.revealed = true;
            let loyalty = s.loyalty.expect("multiplayer seats hold a Loyalty card");
            if loyalty == Loyalty::Traitor {
                hidden_traitors += 1;
            }
            ev.emit(|| Event::LoyaltyRevealed {
                seat: Seat(i as u8),
                loyalty,
            });
        }
        self.all_revealed = true;
        let waiting = if hidden_traitors > 0 {
            self.knight_holders(self.current, true)
        } else {
            SeatList::default()
        };
        if waiting.is_empty() {
            self.final_verdict(hidden_traitors, ev);
        } else {
            self.phase = Phase::PercivalEnd {
                flips: hidden_traitors,
                waiting,
            };
        }
    }

    fn final_verdict<S: EventSink>(&mut self, flips: u8, ev: &mut Emit<'_, S>) {
        self.phase = Phase::Turn;
        let flipped = flips.min(self.swords.white);
        if flipped > 0 {
            self.swords.white -= flipped;
            self.swords.black += flipped;
            ev.emit(|| Event::SwordsFlipped { count: flipped });
        }
        let Swords { white, black } = self.swords;
        if white > black && white >= 7 {
            self.game_over(Side::Loyal, EndReason::Swords, ev)
        } else if black >= white && black >= 7 {
            self.game_over(Side::Evil, EndReason::Swords, ev)
        } else {
            ev.emit(|| Event::PlayGoesOn);
            self.end_turn(ev)
        }
    }

    fn game_over<S: EventSink>(&mut self, winner: Side, reason: EndReason, ev: &mut Emit<'_, S>) {
        for (i, s) in self.seats.iter_mut().enumerate() {
            if !s.revealed {
                s.revealed = true;
                if let Some(loyalty) = s.loyalty {
                    ev.emit(|| Event::LoyaltyRevealed {
                        seat: Seat(i as u8),
                        loyalty,
                    });
                }
            }
        }
        self.silence = None;
        self.phase = Phase::Over { winner, reason };
        ev.emit(|| Event::GameOver { winner, reason });
    }

    fn end_turn<S: EventSink>(&mut self, ev: &mut Emit<'_, S>) {
        if let Some(s) = &mut self.silence {
            s.turns += 1;
        }
        // The next seat round the table (no division: the current seat is always one of them).
        let next = self.current.index() + 1;
        self.current = Seat(if next >= self.seats.len() {
            0
        } else {
            next as u8
        });
        self.turn += 1;
        self.tristan_this_turn = false;
        self.phase = Phase::Turn;
        let (seat, turn) = (self.current, self.turn);
        ev.emit(|| Event::TurnBegins { seat, turn });
    }
}

/// Why a replay failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    Setup(SetupError),
    Action { index: usize, error: RuleError },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Setup(e) => write!(f, "setup: {e}"),
            ReplayError::Action { index, error } => write!(f, "action #{index}: {error}"),
        }
    }
}

impl std::error::Error for ReplayError {}

impl From<camelot_kit::ReplayError<Game>> for ReplayError {
    fn from(e: camelot_kit::ReplayError<Game>) -> Self {
        match e {
            camelot_kit::ReplayError::Setup(e) => ReplayError::Setup(e),
            camelot_kit::ReplayError::Action { index, refusal } => ReplayError::Action {
                index,
                error: refusal,
            },
        }
    }
}

fn check_setup(setup: &Setup) -> Result<(), SetupError> {
    if !(1..=7).contains(&setup.players) {
        return Err(SetupError(format!(
            "the game is for 1 to 7 players, not {}",
            setup.players
        )));
    }
    if setup.first.0 >= setup.players {
        return Err(SetupError(format!(
            "the first player must be one of the {} seats",
            setup.players
        )));
    }
    Ok(())
}

/// What an explicit deal may hold. It is for scripted games and tests, which may stack the Rumor deck
/// (a card twice, so that a quest adds up as the test needs): its Rumor deck and unused Morgans hold
/// only this game's kinds of card (the promos only with their option), no more cards in all than the
/// game's Rumor deck has, and the unused Morgans are Morgans of the base game; the Knight deck holds
/// the Knight cards, each at most as often as the game has it, and only in *Knights to the Rescue*.
fn check_deal_cards(setup: &Setup, deal: &Deal) -> Result<(), SetupError> {
    let Options {
        knights_to_the_rescue,
        morgan8,
        merlin6,
    } = setup.options;
    let room = 62 + usize::from(morgan8) + usize::from(merlin6);
    let count = deal.rumor_deck.len() + deal.unused_morgans.len();
    if count > room {
        return Err(SetupError(format!(
            "the deal holds {count} Rumor cards, this game has {room}"
        )));
    }
    if let Some(card) = deal
        .rumor_deck
        .iter()
        .find(|c| !c.in_game(morgan8, merlin6))
    {
        return Err(SetupError(format!(
            "{card} is not in this game (a promo card needs its option)"
        )));
    }
    if let Some(card) = deal
        .unused_morgans
        .iter()
        .find(|c| !c.is_morgan() || **c == Card::Morgan(Morgan::Eight))
    {
        return Err(SetupError(format!(
            "{card} is not one of the base game's Morgans"
        )));
    }
    if !knights_to_the_rescue && !deal.knight_deck.is_empty() {
        return Err(SetupError(
            "Knight cards are dealt only in Knights to the Rescue".into(),
        ));
    }
    let mut knights = all_knights();
    for &k in &deal.knight_deck {
        match knights.iter().position(|x| *x == k) {
            Some(i) => {
                knights.swap_remove(i);
            }
            None => {
                return Err(SetupError(format!(
                    "the deal holds a {} Knight card more than the game has",
                    k.name()
                )));
            }
        }
    }
    Ok(())
}

/// Event emission that builds the event only when someone listens.
struct Emit<'a, S: EventSink> {
    sink: &'a mut S,
}

impl<S: EventSink> Emit<'_, S> {
    #[inline]
    fn emit(&mut self, f: impl FnOnce() -> Event) {
        if self.sink.wants() {
            self.sink.push(f());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::NoEvents;
    use rand::seq::IndexedRandom;

    fn state(g: &Game) -> String {
        serde_json::to_string(g).unwrap()
    }

    #[test]
    fn waiting_seats_are_written_as_a_list_and_read_back_by_replay() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut windows = 0;
        for seed in 0..40 {
            let mut setup = Setup::new(5, seed);
            setup.options.knights_to_the_rescue = true;
            let mut g = Game::new(setup).unwrap();
            while let Some((seat, _)) = g.decider() {
                let text = state(&g);
                if text.contains("\"waiting\":[") {
                    windows += 1;
                    let back: Game = serde_json::from_str(&text).unwrap();
                    assert_eq!(back.phase, g.phase);
                    assert_eq!(state(&back), text);
                }
                let a = *g.legal_actions().choose(&mut rng).unwrap();
                g.apply_to(seat, a, &mut NoEvents).unwrap();
                if g.history.len() > 1000 {
                    break;
                }
            }
        }
        assert!(windows > 50, "{windows}");
    }

    #[test]
    fn a_reset_game_is_a_new_game() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut g = Game::new(Setup::new(7, 0)).unwrap();
        for round in 0..300u64 {
            let mut setup = Setup::new((round % 7) as u8 + 1, round);
            setup.options.knights_to_the_rescue = round % 2 == 0;
            setup.options.morgan8 = round % 3 == 0;
            setup.options.merlin6 = round % 5 == 0;
            g.reset(setup).unwrap();
            assert_eq!(state(&g), state(&Game::new(setup).unwrap()));
            // Play some of it, so that the next reset starts from a used game.
            for _ in 0..rng.random_range(0..300) {
                let Some((seat, _)) = g.decider() else { break };
                let a = *g.legal_actions().choose(&mut rng).unwrap();
                g.apply_to(seat, a, &mut NoEvents).unwrap();
            }
        }
        let before = state(&g);
        assert!(g.reset(Setup::new(9, 1)).is_err());
        assert_eq!(state(&g), before, "a refused reset leaves the game alone");
    }

    #[test]
    fn quick_legality_agrees_with_legal_actions() {
        let mut universe = vec![
            Action::ListenToRumors,
            Action::SpreadRumors,
            Action::PassWindow,
        ];
        universe.extend(Quest::ALL.map(|quest| Action::GoOnQuest { quest }));
        universe.extend((0..9).map(|i| Action::Accuse { target: Seat(i) }));
        universe.extend((0..9).map(|i| Action::GiveLoyalty { recipient: Seat(i) }));
        universe.extend((0..3).map(|index| Action::PlaceRumor { index }));
        universe.extend(Quest::ALL.map(|quest| Action::ChooseMerlin4Quest { quest }));
        universe.extend([Keep::Current, Keep::New].map(|keep| Action::KeepLoyalty { keep }));
        universe.push(Action::DeclineMerlin6);
        for quest in Quest::ALL {
            universe.extend((0..6).map(|bonus| Action::Merlin6Quest { quest, bonus }));
        }
        universe.extend(
            Card::all_kinds(true, true)
                .into_iter()
                .map(|card| Action::Announce { card }),
        );
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for players in 1..=7 {
            for seed in 0..30 {
                let mut setup = Setup::new(players, seed);
                setup.options.knights_to_the_rescue = seed % 2 == 0;
                setup.options.morgan8 = seed % 3 == 0;
                setup.options.merlin6 = seed % 3 == 0;
                let mut g = Game::new(setup).unwrap();
                while let Some((seat, _)) = g.decider() {
                    let legal = g.legal_actions();
                    for a in &universe {
                        if let Some(quick) = g.quick_legality(seat, *a) {
                            assert_eq!(quick, legal.contains(a), "{a:?} in {:?}", g.phase);
                        }
                    }
                    let a = *legal.choose(&mut rng).unwrap();
                    g.apply_to(seat, a, &mut NoEvents).unwrap();
                    if g.history.len() > 2000 {
                        break;
                    }
                }
            }
        }
    }
}
