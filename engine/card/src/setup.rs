//! Setting a game up: the setup checked whole, and the deal from the seed or an explicit one.

use crate::action::Seat;
use crate::cards::{
    Card, KNIGHT_MANIFEST, Knight, Loyalty, MANIFEST, MORGANS_IN_PLAY, Merlin, Morgan, all_cards,
    all_knights,
};
use crate::game::{Deal, Game, GameSetup, LastResolution, Options, Phase, SeatState, Setup};
use crate::save::FORMAT_VERSION;
use camelot_kit::{Swords, shuffle};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a game could not be set up: data (the command line and the app word it; [`fmt::Display`]
/// gives the engine's own words, for developers and the command line).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum SetupError {
    /// The game is for 1 to 7 players.
    PlayerCount { players: u8 },
    /// The first player is not one of the seats.
    FirstSeat { first: Seat, players: u8 },
    /// A solo deal holds Loyalty cards (solo play uses none).
    LoyaltyInSolo,
    /// Not one Loyalty card a seat.
    LoyaltyPerSeat { players: u8, found: usize },
    /// Not two Loyalty cards set aside.
    SetAside { found: usize },
    /// Not as many Traitors among the dealt Loyalty cards as the table has (one; two with 7 players).
    Traitors {
        players: u8,
        wanted: usize,
        found: usize,
    },
    /// A Rumor card that is not in this game (a promo card without its option).
    NotInGame { card: Card },
    /// A Rumor card more often than the box holds it (the Rumor deck and the unused Morgans together).
    TooManyOfCard { card: Card, found: usize, most: u8 },
    /// An unused Morgan that is not one of the base game's Morgans.
    NotAnUnusedMorgan { card: Card },
    /// Knight cards dealt outside *Knights to the Rescue*.
    KnightsWithoutVariant,
    /// A Knight card more often than the box holds it.
    TooManyOfKnight {
        knight: Knight,
        found: usize,
        most: u8,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::PlayerCount { players } => {
                write!(f, "the game is for 1 to 7 players, not {players}")
            }
            SetupError::FirstSeat { first, players } => write!(
                f,
                "the first player must be one of the {players} seats, not {first}"
            ),
            SetupError::LoyaltyInSolo => f.write_str("solo play uses no Loyalty cards"),
            SetupError::LoyaltyPerSeat { players, found } => write!(
                f,
                "{players} players need {players} Loyalty cards, the deal has {found}"
            ),
            SetupError::SetAside { found } => write!(
                f,
                "two Loyalty cards are set aside, the deal sets aside {found}"
            ),
            SetupError::Traitors {
                players,
                wanted,
                found,
            } => write!(
                f,
                "with {players} players the Loyalty cards hold {wanted} Traitor(s), the deal has {found}"
            ),
            SetupError::NotInGame { card } => {
                write!(
                    f,
                    "{card} is not in this game (a promo card needs its option)"
                )
            }
            SetupError::TooManyOfCard { card, found, most } => write!(
                f,
                "the deal holds {card} {found} times, the box holds it {}",
                times(*most)
            ),
            SetupError::NotAnUnusedMorgan { card } => {
                write!(f, "{card} is not one of the base game's Morgans")
            }
            SetupError::KnightsWithoutVariant => {
                f.write_str("Knight cards are dealt only in Knights to the Rescue")
            }
            SetupError::TooManyOfKnight {
                knight,
                found,
                most,
            } => write!(
                f,
                "the deal holds the {} Knight card {found} times, the box holds it {}",
                knight.name(),
                times(*most)
            ),
        }
    }
}

/// "once", "twice", "3 times".
fn times(n: u8) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

impl std::error::Error for SetupError {}

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
        check_deal(&setup, &deal)?;
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
}

/// The setup's numbers are within the table's bounds: 1 to 7 players, the first one of them.
fn check_setup(setup: &Setup) -> Result<(), SetupError> {
    let players = setup.players;
    if !(1..=7).contains(&players) {
        return Err(SetupError::PlayerCount { players });
    }
    if setup.first.0 >= players {
        return Err(SetupError::FirstSeat {
            first: setup.first,
            players,
        });
    }
    Ok(())
}

/// An explicit deal, checked whole (for scripted games and tests, and whatever a save or a script
/// holds): one Loyalty card a seat and two set aside, with as many Traitors as the table has (none
/// at all in solo); a Rumor deck and unused Morgans of this game's cards (the promos only with their
/// option), each card at most as often as the box holds it, the unused Morgans of the base game's;
/// a Knight deck only in *Knights to the Rescue*, each Knight card at most as often as the box
/// holds it. A deal may hold fewer cards than the box (a test stacks a short deck).
fn check_deal(setup: &Setup, deal: &Deal) -> Result<(), SetupError> {
    check_loyalty(setup, deal)?;
    let Options {
        knights_to_the_rescue,
        morgan8,
        merlin6,
    } = setup.options;
    let rumors = || deal.rumor_deck.iter().chain(&deal.unused_morgans);
    if let Some(&card) = rumors().find(|c| !c.in_game(morgan8, merlin6)) {
        return Err(SetupError::NotInGame { card });
    }
    if let Some(&card) = deal
        .unused_morgans
        .iter()
        .find(|c| !c.is_morgan() || **c == Card::Morgan(Morgan::Eight))
    {
        return Err(SetupError::NotAnUnusedMorgan { card });
    }
    for entry in &MANIFEST {
        let found = rumors().filter(|c| **c == entry.card).count();
        if found > usize::from(entry.count) {
            return Err(SetupError::TooManyOfCard {
                card: entry.card,
                found,
                most: entry.count,
            });
        }
    }
    if !knights_to_the_rescue && !deal.knight_deck.is_empty() {
        return Err(SetupError::KnightsWithoutVariant);
    }
    for (knight, most) in KNIGHT_MANIFEST {
        let found = deal.knight_deck.iter().filter(|k| **k == knight).count();
        if found > usize::from(most) {
            return Err(SetupError::TooManyOfKnight {
                knight,
                found,
                most,
            });
        }
    }
    Ok(())
}

/// The deal's Loyalty cards: none in solo; otherwise one a seat and two set aside, one Traitor among
/// them (two with 7 players).
fn check_loyalty(setup: &Setup, deal: &Deal) -> Result<(), SetupError> {
    let players = setup.players;
    if setup.solo() {
        if !deal.loyalty.is_empty() || !deal.set_aside.is_empty() {
            return Err(SetupError::LoyaltyInSolo);
        }
        return Ok(());
    }
    if deal.loyalty.len() != usize::from(players) {
        return Err(SetupError::LoyaltyPerSeat {
            players,
            found: deal.loyalty.len(),
        });
    }
    if deal.set_aside.len() != 2 {
        return Err(SetupError::SetAside {
            found: deal.set_aside.len(),
        });
    }
    let found = deal
        .loyalty
        .iter()
        .chain(&deal.set_aside)
        .filter(|l| **l == Loyalty::Traitor)
        .count();
    let wanted = if players == 7 { 2 } else { 1 };
    if found != wanted {
        return Err(SetupError::Traitors {
            players,
            wanted,
            found,
        });
    }
    Ok(())
}
