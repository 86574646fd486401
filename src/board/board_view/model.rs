//! The board's model: what the board draws, decided from the table's view alone ([`Model::of`]).

use camelot_board::data::{ACCUSATION_THRESHOLD, GRAIL_SPOTS, SIEGE_ENGINES_LOSE, SWORDS_END};
use camelot_board::{
    Black, Knight, LancelotBoard, Loyalty, Place, Quest, QuestTally, Relic, RelicState, Seat, Spot,
    Swords, TableView, War,
};

/// From this many siege engines Camelot is drawn in danger (three from the loss, the 12th).
pub const DANGER_FROM: u8 = SIEGE_ENGINES_LOSE - 3;

/// One place for a sword around the Round Table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwordPlace {
    White,
    Black,
    Empty,
}

/// The Round Table: the swords laid, white ones first, then black, in `SWORDS_END` places (more
/// when the last quest laid more than the 12th).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundTable {
    pub swords: Swords,
    pub places: Vec<SwordPlace>,
    /// The accusation threshold is met (swords or siege engines).
    pub accusations: bool,
}

/// Camelot: its siege engines and the knights in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Camelot {
    pub engines: u8,
    pub knights: Vec<Seat>,
}

impl Camelot {
    /// Each of the twelve places: does it hold an engine?
    pub fn places(&self) -> [bool; SIEGE_ENGINES_LOSE as usize] {
        std::array::from_fn(|i| i < usize::from(self.engines))
    }

    pub fn danger(&self) -> bool {
        self.engines >= DANGER_FROM
    }
}

/// The quest boards, in the order they are drawn (Lancelot and the Dragon share one board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    BlackKnight,
    LancelotDragon,
    Excalibur,
    Grail,
    PictWar,
    SaxonWar,
}

pub const SLOTS: [Slot; 6] = [
    Slot::BlackKnight,
    Slot::LancelotDragon,
    Slot::Excalibur,
    Slot::Grail,
    Slot::PictWar,
    Slot::SaxonWar,
];

impl Slot {
    pub(super) fn class(self) -> &'static str {
        match self {
            Slot::BlackKnight => "black-knight",
            Slot::LancelotDragon => "lancelot-dragon",
            Slot::Excalibur => "excalibur",
            Slot::Grail => "grail",
            Slot::PictWar => "picts",
            Slot::SaxonWar => "saxons",
        }
    }

    /// The relic won on this board.
    fn relic(self) -> Option<Relic> {
        match self {
            Slot::LancelotDragon => Some(Relic::LancelotsArmor),
            Slot::Excalibur => Some(Relic::Excalibur),
            Slot::Grail => Some(Relic::Grail),
            Slot::BlackKnight | Slot::PictWar | Slot::SaxonWar => None,
        }
    }
}

/// Where a quest that is played once stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    InPlay,
    Won,
    Lost,
}

/// A black card on a combat quest as the table sees it: face up with its value there, or a back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlackChip {
    Up {
        card: Black,
        value: u8,
    },
    /// Face down: neither card nor value is known to the table (nor drawn).
    Down,
}

/// What lies on a quest board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// Black Knight, Lancelot, Dragon: Fight values in the order played, black cards in theirs.
    Combat {
        white: Vec<u8>,
        white_spots: u8,
        black: Vec<BlackChip>,
        black_spots: u8,
    },
    /// The sword's position, −`EXCALIBUR_END` (dark bank) … +`EXCALIBUR_END` (knights' bank).
    Excalibur { position: i8 },
    /// Spot 1 (nearest the relic) first.
    Grail { spots: [Spot; GRAIL_SPOTS] },
    War {
        played: u8,
        needed: u8,
        warriors: u8,
        mordred: bool,
    },
    /// The quest is over: its board is turned over or removed.
    Over,
}

/// One quest board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    pub slot: Slot,
    /// The quest up on this board (Lancelot or the Dragon on theirs).
    pub quest: Quest,
    pub status: Status,
    /// Quests won and lost on this board (Lancelot and the Dragon on theirs).
    pub tallies: Vec<(Quest, QuestTally)>,
    pub perpetual: bool,
    pub knights: Vec<Seat>,
    /// The relic of this board while it is not a knight's: still to win, or removed.
    pub relic: Option<(Relic, RelicState)>,
    pub heroism: bool,
    /// The Dark Forest lies beside the Holy Grail.
    pub dark_forest: bool,
    pub body: Body,
}

/// A knight as the board draws him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub seat: Seat,
    pub knight: Option<Knight>,
    pub life: u8,
    pub hand: u8,
    pub place: Option<Place>,
    pub alive: bool,
    pub revealed: bool,
    pub loyalty: Option<Loyalty>,
    pub has_accused: bool,
    pub relics: Vec<Relic>,
    /// His turn (while the game goes on).
    pub current: bool,
    /// The seat of whoever holds the phone.
    pub mine: bool,
}

/// A lasting effect in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Vivien,
    DarkForest,
    MistsOfAvalon,
    Heroism(Quest),
}

/// The piles: white to draw, white discarded, black to draw, black discarded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piles {
    pub white_deck: u8,
    pub white_discard: u8,
    pub black_deck: u8,
    pub black_discard: u8,
}

/// Everything the board draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    pub round_table: RoundTable,
    pub camelot: Camelot,
    pub tiles: Vec<Tile>,
    pub tokens: Vec<Token>,
    pub piles: Piles,
    pub effects: Vec<Effect>,
}

fn tally(v: &TableView, quest: Quest) -> QuestTally {
    v.tally[quest.index()]
}

fn status_of(t: QuestTally) -> Status {
    if t.won > 0 { Status::Won } else { Status::Lost }
}

fn combat(view: &camelot_board::CombatView, quest: Quest) -> Body {
    let rules = quest.rules();
    Body::Combat {
        white: view.white.clone(),
        white_spots: rules.white_spots,
        black: view
            .black
            .iter()
            .map(|b| match b {
                Some(card) => BlackChip::Up {
                    card: *card,
                    value: card.value_on(quest),
                },
                None => BlackChip::Down,
            })
            .collect(),
        black_spots: rules.black_spots,
    }
}

fn war(w: &War) -> Body {
    Body::War {
        played: w.cards,
        needed: w.needed(),
        warriors: w.warriors,
        mordred: w.mordred,
    }
}

impl Model {
    /// The board for `v`; `mine` is the seat holding the phone, if any.
    pub fn of(v: &TableView, mine: Option<Seat>) -> Model {
        let total = v.swords.total();
        let round_table = RoundTable {
            swords: v.swords,
            places: (0..total.max(SWORDS_END))
                .map(|i| {
                    if i < v.swords.white {
                        SwordPlace::White
                    } else if i < total {
                        SwordPlace::Black
                    } else {
                        SwordPlace::Empty
                    }
                })
                .collect(),
            accusations: total >= ACCUSATION_THRESHOLD || v.siege_engines >= ACCUSATION_THRESHOLD,
        };
        let at = |place: Place| -> Vec<Seat> {
            v.knights
                .iter()
                .filter(|k| k.place == Some(place))
                .map(|k| k.seat)
                .collect()
        };
        let tiles = SLOTS
            .into_iter()
            .map(|slot| {
                let (quest, status, body) = match slot {
                    Slot::BlackKnight => (
                        Quest::BlackKnight,
                        Status::InPlay,
                        combat(&v.black_knight, Quest::BlackKnight),
                    ),
                    Slot::LancelotDragon => match v.lancelot_board {
                        LancelotBoard::Lancelot => (
                            Quest::Lancelot,
                            Status::InPlay,
                            combat(&v.lancelot_or_dragon, Quest::Lancelot),
                        ),
                        LancelotBoard::Dragon => (
                            Quest::Dragon,
                            Status::InPlay,
                            combat(&v.lancelot_or_dragon, Quest::Dragon),
                        ),
                        LancelotBoard::Removed => (
                            Quest::Dragon,
                            status_of(tally(v, Quest::Dragon)),
                            Body::Over,
                        ),
                    },
                    Slot::Excalibur if v.excalibur_over => (
                        Quest::Excalibur,
                        status_of(tally(v, Quest::Excalibur)),
                        Body::Over,
                    ),
                    Slot::Excalibur => (
                        Quest::Excalibur,
                        Status::InPlay,
                        Body::Excalibur {
                            position: v.excalibur,
                        },
                    ),
                    Slot::Grail if v.grail_over => {
                        (Quest::Grail, status_of(tally(v, Quest::Grail)), Body::Over)
                    }
                    Slot::Grail => (Quest::Grail, Status::InPlay, Body::Grail { spots: v.grail }),
                    Slot::PictWar => (Quest::PictWar, Status::InPlay, war(&v.pict_war)),
                    Slot::SaxonWar => (Quest::SaxonWar, Status::InPlay, war(&v.saxon_war)),
                };
                let quests: &[Quest] = if slot == Slot::LancelotDragon {
                    &[Quest::Lancelot, Quest::Dragon]
                } else {
                    std::slice::from_ref(match slot {
                        Slot::BlackKnight => &Quest::BlackKnight,
                        Slot::Excalibur => &Quest::Excalibur,
                        Slot::Grail => &Quest::Grail,
                        Slot::PictWar => &Quest::PictWar,
                        _ => &Quest::SaxonWar,
                    })
                };
                Tile {
                    slot,
                    quest,
                    status,
                    tallies: quests.iter().map(|&q| (q, tally(v, q))).collect(),
                    perpetual: quest.rules().perpetual,
                    // A removed board holds nobody (the engine sends everyone home).
                    knights: if body == Body::Over {
                        Vec::new()
                    } else {
                        at(quest.place())
                    },
                    relic: slot.relic().and_then(|r| {
                        let state = v.relics[r.index()];
                        (!matches!(state, RelicState::Owned(_))).then_some((r, state))
                    }),
                    heroism: v.heroism == Some(quest),
                    dark_forest: slot == Slot::Grail && v.dark_forest,
                    body,
                }
            })
            .collect();
        let playing = v.outcome.is_none();
        let tokens = v
            .knights
            .iter()
            .map(|k| Token {
                seat: k.seat,
                knight: k.knight,
                life: k.life,
                hand: k.hand,
                place: k.place,
                alive: k.alive,
                revealed: k.revealed,
                loyalty: k.loyalty,
                has_accused: k.has_accused,
                relics: Relic::ALL
                    .into_iter()
                    .filter(|r| v.relics[r.index()] == RelicState::Owned(k.seat))
                    .collect(),
                current: playing && k.seat == v.current,
                mine: mine == Some(k.seat),
            })
            .collect();
        let mut effects = Vec::new();
        if v.vivien {
            effects.push(Effect::Vivien);
        }
        if v.dark_forest {
            effects.push(Effect::DarkForest);
        }
        if v.mists_of_avalon {
            effects.push(Effect::MistsOfAvalon);
        }
        if let Some(q) = v.heroism {
            effects.push(Effect::Heroism(q));
        }
        Model {
            round_table,
            camelot: Camelot {
                engines: v.siege_engines,
                knights: at(Place::Camelot),
            },
            tiles,
            tokens,
            piles: Piles {
                white_deck: v.white_deck,
                white_discard: v.white_discard,
                black_deck: v.black_deck,
                black_discard: v.black_discard,
            },
            effects,
        }
    }

    pub fn tile(&self, slot: Slot) -> Option<&Tile> {
        self.tiles.iter().find(|t| t.slot == slot)
    }
}
