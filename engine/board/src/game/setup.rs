//! How a game starts: the [`Setup`] (players, knights, options, seed, an optional explicit
//! [`Deal`]), checked whole before anything is dealt, and the deal itself (§2).

use super::*;
use crate::action::SetupError;
use camelot_kit::{rng_from_seed, shuffle};

/// How the loyalty cards are dealt (§6.5, §8.1, §8.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TraitorRule {
    /// All 8 loyalty cards shuffled, one to each player: a Traitor with probability N/8.
    #[default]
    Standard,
    /// Beginners: the Traitor card is removed before dealing (§8.1).
    NoTraitor,
    /// The Traitor among us: N Loyal cards and the Traitor, one card stays out (§8.2).
    AmongUs,
}

impl TraitorRule {
    /// How likely a Traitor is dealt among `players` knights, as `(games, out_of)`: the standard
    /// deal gives one of 8 loyalty cards to each (N in 8), the Traitor among us one of N + 1 (N in
    /// N + 1); `None` when none can be (no Traitor card dealt, or no knight).
    pub fn traitor_odds(self, players: u8) -> Option<(u8, u8)> {
        let box_holds = LOYAL_CARDS + TRAITOR_CARDS;
        let n = players.min(box_holds);
        match self {
            _ if n == 0 => None,
            TraitorRule::NoTraitor => None,
            TraitorRule::Standard => Some((n, box_holds)),
            TraitorRule::AmongUs => Some((n, n + TRAITOR_CARDS)),
        }
    }
}

/// Options chosen at game creation (§8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    pub traitor: TraitorRule,
    /// Three players: nobody looks at his loyalty card until the accusation threshold (§8.3).
    pub three_player_peek: bool,
    /// The Squire's challenge (§8.5): a squire's starting life (4, or 3 for the harder challenge)…
    pub squire_life: u8,
    /// … and his white cards besides the Merlin: 5, or fewer for the harder challenge, never more.
    /// §8.5 gives a squire the hand a knight is dealt (§2.5, [`HAND_SIZE`]) and lets the challenge
    /// only lower it, so 0 to [`HAND_SIZE`] are allowed; more is [`SetupError::SquireCards`].
    pub squire_cards: u8,
    /// Players may join and leave mid-game (§8.4): [`crate::Action::Join`] and
    /// [`crate::Action::Leave`] are offered at the start of every turn. Off by default (a table
    /// turns it on when it wants those offers).
    pub join_and_leave: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            traitor: TraitorRule::Standard,
            three_player_peek: THREE_PLAYER_PEEK_DEFAULT,
            squire_life: START_LIFE,
            squire_cards: HAND_SIZE,
            join_and_leave: false,
        }
    }
}

/// What sits at a seat: a given knight, a random one, or a squire (§8.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatChoice {
    Random,
    Squire,
    #[serde(untagged)]
    Knight(Knight),
}

/// How a game starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// 3 to 7.
    pub players: u8,
    /// One per seat (`random`, `squire` or a knight); empty: every seat random.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub knights: Vec<SeatChoice>,
    /// The first player when King Arthur is not in play (the youngest, §2.8).
    #[serde(default = "seat_zero")]
    pub first: Seat,
    #[serde(default)]
    pub options: Options,
    #[serde(default)]
    pub seed: u64,
    /// An explicit deal for scripted games and tests; otherwise the seed deals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<Deal>,
}

fn seat_zero() -> Seat {
    Seat(0)
}

impl Setup {
    pub fn new(players: u8, seed: u64) -> Self {
        Setup {
            players,
            knights: Vec::new(),
            first: Seat(0),
            options: Options::default(),
            seed,
            deal: None,
        }
    }
}

/// An explicit deal. Every part is optional; cards the deal does not place are left in the box
/// (out of the game) when the deal lists that pile, and shuffled in as usual otherwise.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Deal {
    /// Each seat's whole hand (its Merlin included).
    pub hands: Option<Vec<Vec<White>>>,
    /// The white draw pile, top card first (needs `hands`). Unlisted white cards stay in the box.
    pub white_deck: Option<Vec<White>>,
    /// The black draw pile, top card first. Unlisted black cards stay in the box.
    pub black_deck: Option<Vec<Black>>,
    /// One loyalty card per seat.
    pub loyalty: Option<Vec<Loyalty>>,
    /// Start at the first turn, without the opening gesture.
    pub skip_opening_gesture: bool,
    /// Swords already on the Round Table (a position to start from; fewer than 12, fewer than 7
    /// black).
    pub swords: Swords,
    /// Siege engines already around Camelot (fewer than 12).
    pub siege_engines: u8,
    /// Chance fixed in advance (scripted checks of the rules); none unless given.
    #[serde(skip_serializing_if = "Chance::is_empty")]
    pub chance: Chance,
}

impl Game {
    /// A new game, after the setup is checked.
    pub fn new(setup: &Setup) -> Result<Game, SetupError> {
        check_setup(setup)?;
        let n = setup.players;
        let mut rng = rng_from_seed(setup.seed);
        let mut boxed = Boxed::default();

        // 3. Coats of Arms.
        let mut choices: Vec<SeatChoice> = if setup.knights.is_empty() {
            vec![SeatChoice::Random; usize::from(n)]
        } else {
            setup.knights.clone()
        };
        let mut pool: Vec<Knight> = Knight::ALL
            .into_iter()
            .filter(|k| !choices.contains(&SeatChoice::Knight(*k)))
            .collect();
        shuffle(&mut pool, &mut rng);
        for c in choices.iter_mut() {
            if *c == SeatChoice::Random
                && let Some(k) = pool.pop()
            {
                *c = SeatChoice::Knight(k);
            }
        }
        let knight_of = |i: usize| match choices[i] {
            SeatChoice::Knight(k) => Some(k),
            _ => None,
        };

        let deal = setup.deal.clone().unwrap_or_default();

        // 4. The black pile.
        let black_deck = match &deal.black_deck {
            Some(list) => {
                let mut left = BLACK_MANIFEST.map(|(_, c)| c);
                for b in list {
                    left[b.index()] -= 1;
                }
                boxed.black = left;
                list.iter().rev().copied().collect()
            }
            None => {
                let mut d: Vec<Black> = Vec::with_capacity(76);
                for (b, c) in BLACK_MANIFEST {
                    for _ in 0..c {
                        d.push(b);
                    }
                }
                shuffle(&mut d, &mut rng);
                d
            }
        };

        // 5. White cards: a Merlin each, then 5 from the shuffled rest.
        let mut hands = vec![Hand::default(); usize::from(n)];
        let white_deck = match &deal.hands {
            Some(given) => {
                let mut left = WHITE_MANIFEST.map(|(_, c)| c);
                for (hand, cards) in hands.iter_mut().zip(given) {
                    for &w in cards {
                        hand.add(w);
                        left[w.index()] -= 1;
                    }
                }
                match &deal.white_deck {
                    Some(list) => {
                        for w in list {
                            left[w.index()] -= 1;
                        }
                        boxed.white = left;
                        list.iter().rev().copied().collect()
                    }
                    None => {
                        let mut d = Vec::with_capacity(84);
                        for w in White::ALL {
                            for _ in 0..left[w.index()] {
                                d.push(w);
                            }
                        }
                        shuffle(&mut d, &mut rng);
                        d
                    }
                }
            }
            None => {
                let mut d: Vec<White> = Vec::with_capacity(84);
                for (w, c) in WHITE_MANIFEST {
                    let c = if w == White::Merlin { c - n } else { c };
                    for _ in 0..c {
                        d.push(w);
                    }
                }
                shuffle(&mut d, &mut rng);
                for (i, hand) in hands.iter_mut().enumerate() {
                    hand.add(White::Merlin);
                    let count = if knight_of(i).is_some() {
                        HAND_SIZE
                    } else {
                        setup.options.squire_cards
                    };
                    for _ in 0..count {
                        if let Some(w) = d.pop() {
                            hand.add(w);
                        }
                    }
                }
                d
            }
        };

        // 6. Loyalty cards.
        let loyalty: Vec<Loyalty> = match &deal.loyalty {
            Some(list) => {
                let traitors = list.iter().filter(|l| **l == Loyalty::Traitor).count() as u8;
                boxed.traitor = TRAITOR_CARDS - traitors;
                boxed.loyal = LOYAL_CARDS - (n - traitors);
                list.clone()
            }
            None => {
                let (loyal, traitor) = match setup.options.traitor {
                    TraitorRule::Standard => (LOYAL_CARDS, TRAITOR_CARDS),
                    TraitorRule::NoTraitor => (LOYAL_CARDS, 0),
                    TraitorRule::AmongUs => (n, TRAITOR_CARDS),
                };
                let mut cards: Vec<Loyalty> = Vec::with_capacity(8);
                cards.extend(std::iter::repeat_n(Loyalty::Loyal, usize::from(loyal)));
                cards.extend(std::iter::repeat_n(Loyalty::Traitor, usize::from(traitor)));
                shuffle(&mut cards, &mut rng);
                let dealt: Vec<Loyalty> = cards.iter().take(usize::from(n)).copied().collect();
                let dealt_traitors = dealt.iter().filter(|l| **l == Loyalty::Traitor).count() as u8;
                boxed.traitor = TRAITOR_CARDS - dealt_traitors;
                boxed.loyal = LOYAL_CARDS - (n - dealt_traitors);
                dealt
            }
        };

        let seats: Vec<SeatState> = (0..usize::from(n))
            .map(|i| {
                let life = if knight_of(i).is_some() {
                    START_LIFE
                } else {
                    setup.options.squire_life
                };
                SeatState::seated(knight_of(i), loyalty[i], hands[i], life)
            })
            .collect();

        // 8. The first player: King Arthur if in play, else the one chosen (the youngest).
        let first = seats
            .iter()
            .position(|s| s.knight == Some(Knight::KingArthur))
            .map(|i| Seat(i as u8))
            .unwrap_or(setup.first);

        let mut game = Game {
            format: FORMAT_VERSION,
            setup: setup.clone(),
            n,
            seats,
            white_deck,
            white_discard: Vec::with_capacity(84),
            black_deck,
            black_discard: Vec::with_capacity(76),
            boxed,
            black_knight: Combat::default(),
            lancelot: Combat::default(),
            dragon: Combat::default(),
            lancelot_board: LancelotBoard::Lancelot,
            excalibur: EXCALIBUR_START,
            excalibur_over: false,
            grail: [Spot::Empty; GRAIL_SPOTS],
            grail_over: false,
            wars: [War::default(); 2],
            engines: 0,
            swords: Swords::default(),
            relics: [RelicState::OnQuest; 3],
            heroism: None,
            dark_forest: false,
            vivien: false,
            mists: false,
            peeked: !(n == 3 && setup.options.three_player_peek),
            first,
            current: first,
            turn: 0,
            phase: Phase::Opening,
            t: TurnState::default(),
            stack: Vec::with_capacity(16),
            foreseen: None,
            fallen: 0,
            excalibur_dying: None,
            tally: [QuestTally::default(); 7],
            outcome: None,
            rng,
            chance_used: ChanceUsed::default(),
            record: false,
            events: Vec::new(),
        };
        game.swords = deal.swords;
        game.engines = deal.siege_engines;
        game.check_peek();
        if !deal.skip_opening_gesture {
            game.stack.push(Frame::Offer {
                asked: 0,
                cards: [White::Fight1; 7],
                len: 0,
            });
        }
        game.run();
        Ok(game)
    }
}

pub(crate) fn check_setup(setup: &Setup) -> Result<(), SetupError> {
    let n = setup.players;
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
        return Err(SetupError::PlayerCount { players: n });
    }
    if !setup.knights.is_empty() && setup.knights.len() != usize::from(n) {
        return Err(SetupError::KnightsPerSeat {
            players: n,
            found: setup.knights.len(),
        });
    }
    for (i, c) in setup.knights.iter().enumerate() {
        if let SeatChoice::Knight(k) = c
            && setup.knights[..i].contains(c)
        {
            return Err(SetupError::KnightTwice { knight: *k });
        }
    }
    if setup.first.0 >= n {
        return Err(SetupError::FirstSeat { seat: setup.first });
    }
    if !(1..=MAX_LIFE).contains(&setup.options.squire_life) {
        return Err(SetupError::SquireLife {
            life: setup.options.squire_life,
        });
    }
    if setup.options.squire_cards > HAND_SIZE {
        return Err(SetupError::SquireCards {
            cards: setup.options.squire_cards,
        });
    }
    let Some(deal) = &setup.deal else {
        return Ok(());
    };
    let mut white = [0u8; WHITE_KINDS];
    let mut black = [0u8; BLACK_KINDS];
    if let Some(hands) = &deal.hands {
        if hands.len() != usize::from(n) {
            return Err(SetupError::HandsPerSeat {
                players: n,
                found: hands.len(),
            });
        }
        for w in hands.iter().flatten() {
            white[w.index()] = white[w.index()].saturating_add(1);
        }
    }
    if let Some(deck) = &deal.white_deck {
        if deal.hands.is_none() {
            return Err(SetupError::WhiteDeckWithoutHands);
        }
        for w in deck {
            white[w.index()] = white[w.index()].saturating_add(1);
        }
    }
    for w in White::ALL {
        if white[w.index()] > w.count() {
            return Err(SetupError::TooManyWhite { card: w });
        }
    }
    if let Some(deck) = &deal.black_deck {
        for b in deck {
            black[b.index()] = black[b.index()].saturating_add(1);
        }
    }
    for b in Black::ALL {
        if black[b.index()] > b.count() {
            return Err(SetupError::TooManyBlack { card: b });
        }
    }
    // Summed wide: 250 white swords and 6 black ones must not wrap round to a few.
    let swords = u16::from(deal.swords.white) + u16::from(deal.swords.black);
    if swords >= u16::from(SWORDS_END) || deal.swords.black >= BLACK_SWORDS_LOSE {
        return Err(SetupError::SwordsOnTheTable {
            white: deal.swords.white,
            black: deal.swords.black,
        });
    }
    if deal.siege_engines >= SIEGE_ENGINES_LOSE {
        return Err(SetupError::SiegeEnginesOnTheBoard {
            engines: deal.siege_engines,
        });
    }
    if let Some(loyalty) = &deal.loyalty {
        if loyalty.len() != usize::from(n) {
            return Err(SetupError::LoyaltyPerSeat {
                players: n,
                found: loyalty.len(),
            });
        }
        let traitors = loyalty.iter().filter(|l| **l == Loyalty::Traitor).count();
        if traitors > usize::from(TRAITOR_CARDS) {
            return Err(SetupError::TooManyTraitors);
        }
        if loyalty.len() - traitors > usize::from(LOYAL_CARDS) {
            return Err(SetupError::TooManyLoyal);
        }
    }
    Ok(())
}
