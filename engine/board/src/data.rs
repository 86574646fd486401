//! The data table of the board game: the card manifest (84 white, 76 black, 8 loyalty = 168), the
//! seven knights, the quests' spots and rewards (board-game.md §4.1 as data), and every number that no
//! seed prints, each marked `// inferred:` with its section of `board-game.md`. Correcting a reading
//! is a one-line change here.

use serde::{Deserialize, Serialize};

// -------------------------------------------------------------------------------------------------
// Numbers
// -------------------------------------------------------------------------------------------------

// inferred: §1.1 — player count 3–7 (seven knights and coats of arms; 3-player rules exist, none for 2).
pub const MIN_PLAYERS: u8 = 3;
pub const MAX_PLAYERS: u8 = 7;
// inferred: §1.2, §9.2 — the Excalibur track has 11 positions, −5 (dark end) … 0 (start) … +5
// (knights' end): the sword starts in the centre, five steps from either bank.
pub const EXCALIBUR_END: i8 = 5;
pub const EXCALIBUR_START: i8 = 0;
// inferred: §1.1 — the "special 8-sided die" is uniform 1–8.
pub const SIEGE_DIE_FACES: u8 = 8;
// inferred: §9.13 — three Merlins are "3 identical cards" and may heal.
pub const HEAL_WITH_THREE_MERLINS: bool = true;
// inferred: §5.1 — Sir Kay's added card is discarded with the quest's (or the fight's) cards.
pub const KAY_CARD_DISCARDED: bool = true;
// inferred: §8.3, §9.4 — the three-player rule (no peek at one's loyalty until the accusation
// threshold) is on by default for three players.
pub const THREE_PLAYER_PEEK_DEFAULT: bool = true;

/// Every knight's life at the start (§1.6); a squire's too unless the harder challenge is chosen.
pub const START_LIFE: u8 = 4;
/// Life is clamped to 0…6 (§1.6).
pub const MAX_LIFE: u8 = 6;
/// Life of a knight the Holy Grail saves (§5.2).
pub const GRAIL_RESCUE_LIFE: u8 = 4;
/// White cards dealt to each player besides his Merlin (§2.5).
pub const HAND_SIZE: u8 = 5;
/// A knight joining mid-game starts with this life … (§8.4)
pub const JOINING_LIFE: u8 = 4;
/// … and this many white cards from the draw pile (no Merlin of his own, §8.4).
pub const JOINING_CARDS: u8 = 5;
/// A knight holding this many white cards or more may not take the draw action in Camelot (§3.5).
pub const DRAW_LIMIT: u8 = 12;
/// White cards drawn by the draw action in Camelot (Gawain: 3, §5.1).
pub const CAMELOT_DRAW: u8 = 2;
pub const GAWAIN_DRAW: u8 = 3;
/// The 12th siege engine loses the game (§4.8).
pub const SIEGE_ENGINES_LOSE: u8 = 12;
/// Seven black swords lose the game (§7).
pub const BLACK_SWORDS_LOSE: u8 = 7;
/// The 12th sword ends the game (§7).
pub const SWORDS_END: u8 = 12;
/// Swords of the Round Table in the box (§1.1).
pub const SWORDS_IN_ALL: u8 = 16;
/// Accusations (and the three-player peek) need this many siege engines or swords (§6.1, §9.4).
pub const ACCUSATION_THRESHOLD: u8 = 6;
/// Spots of the Holy Grail track (§1.2).
pub const GRAIL_SPOTS: usize = 7;
/// Warriors that lose a War (§4.7).
pub const WARRIORS_LOSE: u8 = 4;
/// Siege engines a lost War adds (§4.1).
pub const LOST_WAR_ENGINES: u8 = 2;
/// Siege engines Morgan 4 adds (§1.4).
pub const MORGAN4_ENGINES: u8 = 2;
/// Life Morgan 5's volunteer loses (§1.4).
pub const MORGAN5_LIFE: u8 = 2;
/// White cards Morgan 2's volunteer discards (§1.4).
pub const MORGAN2_DISCARD: u8 = 3;
/// Black cards Morgan 3 draws (§1.4).
pub const MORGAN3_DRAWS: u8 = 3;
/// White cards every other knight discards when the Traitor reveals himself with Fate (§1.3).
pub const FATE_DISCARD: u8 = 2;
/// Cards Clairvoyance looks at (§1.3).
pub const CLAIRVOYANCE_CARDS: usize = 5;
/// Cards Reinforcements draws for its player (§1.3).
pub const REINFORCEMENTS_DRAW: u8 = 4;
/// Life Piety gives its player (§1.3), or every other knight (1).
pub const PIETY_SELF: u8 = 3;
/// Life the Lady of the Lake gives once Excalibur's quest is over (§1.3).
pub const LADY_LIFE: u8 = 2;
/// At most this many cards with the Messenger (§9.21: 1 to 3).
pub const MESSENGER_MAX: u8 = 3;
/// Swords the Traitor flips at the end (§6.4).
pub const TRAITOR_END_FLIP: u8 = 2;
/// Cards in the box (§1.1): 84 white + 76 black + 8 loyalty.
pub const CARDS_IN_ALL: usize = 168;

// -------------------------------------------------------------------------------------------------
// White cards
// -------------------------------------------------------------------------------------------------

/// A white card (§1.3). Fight cards carry their value; the others are named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum White {
    #[serde(rename = "fight_1")]
    Fight1,
    #[serde(rename = "fight_2")]
    Fight2,
    #[serde(rename = "fight_3")]
    Fight3,
    #[serde(rename = "fight_4")]
    Fight4,
    #[serde(rename = "fight_5")]
    Fight5,
    Grail,
    Merlin,
    Convocation,
    Fate,
    Heroism,
    LadyOfTheLake,
    Messenger,
    Piety,
    Clairvoyance,
    Reinforcements,
}

pub const WHITE_KINDS: usize = 15;

/// The white manifest (§1.3): 51 Fight + 18 Grail = 69 standard, 7 Merlin + 8 singles = 15 special.
pub const WHITE_MANIFEST: [(White, u8); WHITE_KINDS] = [
    (White::Fight1, 14),
    (White::Fight2, 12),
    (White::Fight3, 10),
    (White::Fight4, 8),
    (White::Fight5, 7),
    (White::Grail, 18),
    (White::Merlin, 7),
    (White::Convocation, 1),
    (White::Fate, 1),
    (White::Heroism, 1),
    (White::LadyOfTheLake, 1),
    (White::Messenger, 1),
    (White::Piety, 1),
    (White::Clairvoyance, 1),
    (White::Reinforcements, 1),
];

impl White {
    pub const ALL: [White; WHITE_KINDS] = [
        White::Fight1,
        White::Fight2,
        White::Fight3,
        White::Fight4,
        White::Fight5,
        White::Grail,
        White::Merlin,
        White::Convocation,
        White::Fate,
        White::Heroism,
        White::LadyOfTheLake,
        White::Messenger,
        White::Piety,
        White::Clairvoyance,
        White::Reinforcements,
    ];

    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<White> {
        White::ALL.get(i).copied()
    }

    /// How many of this card the box holds.
    pub fn count(self) -> u8 {
        WHITE_MANIFEST[self.index()].1
    }

    /// A Fight card's value (1–5).
    #[inline(always)]
    pub fn fight_value(self) -> Option<u8> {
        match self {
            White::Fight1 => Some(1),
            White::Fight2 => Some(2),
            White::Fight3 => Some(3),
            White::Fight4 => Some(4),
            White::Fight5 => Some(5),
            _ => None,
        }
    }

    /// The Fight card of a value (1–5).
    #[inline(always)]
    pub fn fight(value: u8) -> Option<White> {
        match value {
            1 => Some(White::Fight1),
            2 => Some(White::Fight2),
            3 => Some(White::Fight3),
            4 => Some(White::Fight4),
            5 => Some(White::Fight5),
            _ => None,
        }
    }

    /// A special white card (played as Heroic Action C, §3.3).
    pub fn is_special(self) -> bool {
        !matches!(
            self,
            White::Fight1
                | White::Fight2
                | White::Fight3
                | White::Fight4
                | White::Fight5
                | White::Grail
        )
    }

    /// Cards of which three identical ones heal (§3.3 D, §9.13).
    pub fn heals_in_threes(self) -> bool {
        match self {
            White::Merlin => HEAL_WITH_THREE_MERLINS,
            White::Grail => true,
            w => w.fight_value().is_some(),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            White::Fight1 => "Fight 1",
            White::Fight2 => "Fight 2",
            White::Fight3 => "Fight 3",
            White::Fight4 => "Fight 4",
            White::Fight5 => "Fight 5",
            White::Grail => "Grail",
            White::Merlin => "Merlin",
            White::Convocation => "Convocation",
            White::Fate => "Fate",
            White::Heroism => "Heroism",
            White::LadyOfTheLake => "Lady of the Lake",
            White::Messenger => "Messenger",
            White::Piety => "Piety",
            White::Clairvoyance => "Clairvoyance",
            White::Reinforcements => "Reinforcements",
        }
    }
}

// -------------------------------------------------------------------------------------------------
// Black cards
// -------------------------------------------------------------------------------------------------

/// A black card (§1.4). Black Knight and Lancelot/Dragon cards carry their values in the name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Black {
    #[serde(rename = "black_knight_1")]
    BlackKnight1,
    #[serde(rename = "black_knight_3")]
    BlackKnight3,
    #[serde(rename = "black_knight_5")]
    BlackKnight5,
    #[serde(rename = "black_knight_7")]
    BlackKnight7,
    #[serde(rename = "lancelot_dragon_1_5")]
    LancelotDragon1,
    #[serde(rename = "lancelot_dragon_3_7")]
    LancelotDragon3,
    #[serde(rename = "lancelot_dragon_5_9")]
    LancelotDragon5,
    #[serde(rename = "lancelot_dragon_7_11")]
    LancelotDragon7,
    Despair,
    Excalibur,
    Picts,
    Saxons,
    Mercenaries,
    Desolation,
    DarkForest,
    Guinevere,
    MistsOfAvalon,
    Mordred,
    #[serde(rename = "morgan_1")]
    Morgan1,
    #[serde(rename = "morgan_2")]
    Morgan2,
    #[serde(rename = "morgan_3")]
    Morgan3,
    #[serde(rename = "morgan_4")]
    Morgan4,
    #[serde(rename = "morgan_5")]
    Morgan5,
    Vivien,
}

pub const BLACK_KINDS: usize = 24;

/// The black manifest (§1.4): 64 standard (11 Black Knight, 11 Lancelot/Dragon, 15 Despair,
/// 15 Excalibur, 4 Picts, 4 Saxons, 4 Mercenaries) and 12 special.
pub const BLACK_MANIFEST: [(Black, u8); BLACK_KINDS] = [
    (Black::BlackKnight1, 5),
    (Black::BlackKnight3, 3),
    (Black::BlackKnight5, 2),
    (Black::BlackKnight7, 1),
    // inferred: §1.4, §9.3 — which Lancelot value shares a card with which Dragon value:
    // 1/5 ×4, 3/7 ×3, 5/9 ×3, 7/11 ×1 (Dragon = Lancelot + 4 on every card).
    (Black::LancelotDragon1, 4),
    (Black::LancelotDragon3, 3),
    (Black::LancelotDragon5, 3),
    (Black::LancelotDragon7, 1),
    (Black::Despair, 15),
    (Black::Excalibur, 15),
    (Black::Picts, 4),
    (Black::Saxons, 4),
    (Black::Mercenaries, 4),
    (Black::Desolation, 2),
    (Black::DarkForest, 1),
    (Black::Guinevere, 1),
    (Black::MistsOfAvalon, 1),
    (Black::Mordred, 1),
    (Black::Morgan1, 1),
    (Black::Morgan2, 1),
    (Black::Morgan3, 1),
    (Black::Morgan4, 1),
    (Black::Morgan5, 1),
    // BoQ-DE prints "1 Karte"; 12 specials − 11 others = 1 confirms it (§1.4).
    (Black::Vivien, 1),
];

/// What kind of black card a card is, as the table can tell from its back and where it goes (a
/// face-down combat card shows only this).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlackKind {
    BlackKnight,
    LancelotDragon,
    Other,
}

impl Black {
    pub const ALL: [Black; BLACK_KINDS] = [
        Black::BlackKnight1,
        Black::BlackKnight3,
        Black::BlackKnight5,
        Black::BlackKnight7,
        Black::LancelotDragon1,
        Black::LancelotDragon3,
        Black::LancelotDragon5,
        Black::LancelotDragon7,
        Black::Despair,
        Black::Excalibur,
        Black::Picts,
        Black::Saxons,
        Black::Mercenaries,
        Black::Desolation,
        Black::DarkForest,
        Black::Guinevere,
        Black::MistsOfAvalon,
        Black::Mordred,
        Black::Morgan1,
        Black::Morgan2,
        Black::Morgan3,
        Black::Morgan4,
        Black::Morgan5,
        Black::Vivien,
    ];

    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn count(self) -> u8 {
        BLACK_MANIFEST[self.index()].1
    }

    /// A special black card (§1.4): only these can be cancelled by three Merlins.
    #[inline(always)]
    pub fn is_special(self) -> bool {
        self.index() >= Black::Desolation.index()
    }

    /// A combat card (§1.7), which may be placed face down.
    #[inline(always)]
    pub fn kind(self) -> BlackKind {
        match self {
            Black::BlackKnight1
            | Black::BlackKnight3
            | Black::BlackKnight5
            | Black::BlackKnight7 => BlackKind::BlackKnight,
            Black::LancelotDragon1
            | Black::LancelotDragon3
            | Black::LancelotDragon5
            | Black::LancelotDragon7 => BlackKind::LancelotDragon,
            _ => BlackKind::Other,
        }
    }

    pub fn is_combat(self) -> bool {
        self.kind() != BlackKind::Other
    }

    /// The card's value on a combat quest (Black Knight: its value; Lancelot/Dragon: the left number
    /// on Lancelot, the right one on the Dragon, §1.4).
    pub fn value_on(self, quest: Quest) -> u8 {
        match (self, quest) {
            (Black::BlackKnight1, _) => 1,
            (Black::BlackKnight3, _) => 3,
            (Black::BlackKnight5, _) => 5,
            (Black::BlackKnight7, _) => 7,
            (Black::LancelotDragon1, Quest::Dragon) => 5,
            (Black::LancelotDragon3, Quest::Dragon) => 7,
            (Black::LancelotDragon5, Quest::Dragon) => 9,
            (Black::LancelotDragon7, Quest::Dragon) => 11,
            (Black::LancelotDragon1, _) => 1,
            (Black::LancelotDragon3, _) => 3,
            (Black::LancelotDragon5, _) => 5,
            (Black::LancelotDragon7, _) => 7,
            _ => 0,
        }
    }

    /// A Morgan card's number (1–5).
    pub fn morgan(self) -> Option<u8> {
        match self {
            Black::Morgan1 => Some(1),
            Black::Morgan2 => Some(2),
            Black::Morgan3 => Some(3),
            Black::Morgan4 => Some(4),
            Black::Morgan5 => Some(5),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Black::BlackKnight1 => "Black Knight 1",
            Black::BlackKnight3 => "Black Knight 3",
            Black::BlackKnight5 => "Black Knight 5",
            Black::BlackKnight7 => "Black Knight 7",
            Black::LancelotDragon1 => "Lancelot/Dragon 1/5",
            Black::LancelotDragon3 => "Lancelot/Dragon 3/7",
            Black::LancelotDragon5 => "Lancelot/Dragon 5/9",
            Black::LancelotDragon7 => "Lancelot/Dragon 7/11",
            Black::Despair => "Despair",
            Black::Excalibur => "Excalibur",
            Black::Picts => "Picts",
            Black::Saxons => "Saxons",
            Black::Mercenaries => "Mercenaries",
            Black::Desolation => "Desolation",
            Black::DarkForest => "Dark Forest",
            Black::Guinevere => "Guinevere",
            Black::MistsOfAvalon => "Mists of Avalon",
            Black::Mordred => "Mordred",
            Black::Morgan1 => "Morgan 1",
            Black::Morgan2 => "Morgan 2",
            Black::Morgan3 => "Morgan 3",
            Black::Morgan4 => "Morgan 4",
            Black::Morgan5 => "Morgan 5",
            Black::Vivien => "Vivien",
        }
    }
}

// -------------------------------------------------------------------------------------------------
// Loyalty cards and knights
// -------------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Loyalty {
    Loyal,
    Traitor,
}

/// The loyalty cards (§1.5): 7 Loyal and 1 Traitor.
pub const LOYAL_CARDS: u8 = 7;
pub const TRAITOR_CARDS: u8 = 1;

/// The seven knights (§1.6); powers in §5.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Knight {
    KingArthur,
    SirGalahad,
    SirGawain,
    SirKay,
    SirPalamedes,
    SirPercival,
    SirTristan,
}

impl Knight {
    pub const ALL: [Knight; 7] = [
        Knight::KingArthur,
        Knight::SirGalahad,
        Knight::SirGawain,
        Knight::SirKay,
        Knight::SirPalamedes,
        Knight::SirPercival,
        Knight::SirTristan,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Knight::KingArthur => "King Arthur",
            Knight::SirGalahad => "Sir Galahad",
            Knight::SirGawain => "Sir Gawain",
            Knight::SirKay => "Sir Kay",
            Knight::SirPalamedes => "Sir Palamedes",
            Knight::SirPercival => "Sir Percival",
            Knight::SirTristan => "Sir Tristan",
        }
    }
}

// -------------------------------------------------------------------------------------------------
// Quests and places
// -------------------------------------------------------------------------------------------------

/// A quest (§1.2). Lancelot and the Dragon are the two sides of one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Quest {
    BlackKnight,
    Lancelot,
    Dragon,
    Excalibur,
    Grail,
    PictWar,
    SaxonWar,
}

impl Quest {
    pub const ALL: [Quest; 7] = [
        Quest::BlackKnight,
        Quest::Lancelot,
        Quest::Dragon,
        Quest::Excalibur,
        Quest::Grail,
        Quest::PictWar,
        Quest::SaxonWar,
    ];

    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// This quest's row of the rules table.
    #[inline(always)]
    pub fn rules(self) -> &'static QuestRules {
        &QUESTS[self.index()]
    }

    pub fn place(self) -> Place {
        match self {
            Quest::BlackKnight => Place::BlackKnight,
            Quest::Lancelot => Place::Lancelot,
            Quest::Dragon => Place::Dragon,
            Quest::Excalibur => Place::Excalibur,
            Quest::Grail => Place::Grail,
            Quest::PictWar => Place::PictWar,
            Quest::SaxonWar => Place::SaxonWar,
        }
    }

    pub fn is_war(self) -> bool {
        matches!(self, Quest::PictWar | Quest::SaxonWar)
    }

    pub fn name(self) -> &'static str {
        match self {
            Quest::BlackKnight => "the Black Knight",
            Quest::Lancelot => "Lancelot",
            Quest::Dragon => "the Dragon",
            Quest::Excalibur => "Excalibur",
            Quest::Grail => "the Holy Grail",
            Quest::PictWar => "the Pict War",
            Quest::SaxonWar => "the Saxon War",
        }
    }
}

/// Where a knight's miniature can be: Camelot (Round Table and Siege Area, one location) or a quest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Place {
    Camelot,
    BlackKnight,
    Lancelot,
    Dragon,
    Excalibur,
    Grail,
    PictWar,
    SaxonWar,
}

impl Place {
    pub const ALL: [Place; 8] = [
        Place::Camelot,
        Place::BlackKnight,
        Place::Lancelot,
        Place::Dragon,
        Place::Excalibur,
        Place::Grail,
        Place::PictWar,
        Place::SaxonWar,
    ];

    #[inline(always)]
    pub fn quest(self) -> Option<Quest> {
        match self {
            Place::Camelot => None,
            Place::BlackKnight => Some(Quest::BlackKnight),
            Place::Lancelot => Some(Quest::Lancelot),
            Place::Dragon => Some(Quest::Dragon),
            Place::Excalibur => Some(Quest::Excalibur),
            Place::Grail => Some(Quest::Grail),
            Place::PictWar => Some(Quest::PictWar),
            Place::SaxonWar => Some(Quest::SaxonWar),
        }
    }
}

/// The three relics (§5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Relic {
    Excalibur,
    Grail,
    LancelotsArmor,
}

impl Relic {
    pub const ALL: [Relic; 3] = [Relic::Excalibur, Relic::Grail, Relic::LancelotsArmor];

    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The pattern a combat quest's white cards must form (§4.2–4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Two pairs of different values (Black Knight).
    TwoPairs,
    /// A triple and a pair of different values (Lancelot).
    FullHouse,
    /// Three triples of three different values (Dragon).
    ThreeTriples,
    /// An ascending straight 1..5, one more 5 with Mordred (Wars).
    Straight,
    /// Not a Fight-card quest.
    None,
}

/// One row of the quest table (§1.2 and §4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuestRules {
    pub quest: Quest,
    /// Holds at most one knight (§4.1).
    pub solo: bool,
    /// A combat quest: ends on full white or black spots and compares totals (§4.1).
    pub combat: bool,
    /// Restarts empty after each resolution (§4.1).
    pub perpetual: bool,
    pub pattern: Pattern,
    /// Knight-side spots (Fight cards; Wars: the straight without Mordred).
    pub white_spots: u8,
    /// Evil-side spots (combat quests: black cards; Wars: warriors).
    pub black_spots: u8,
    /// Life each present knight gains on a win / loses on a loss.
    pub win_life: u8,
    pub loss_life: u8,
    /// White cards on a win: drawn into the hand (solo quests) or shared.
    pub win_cards: u8,
    pub shared_cards: bool,
    pub win_swords: u8,
    pub loss_swords: u8,
    /// Siege engines a loss adds.
    pub loss_engines: u8,
    pub relic: Option<Relic>,
}

/// The two Wars share one row of rules (§4.1): a straight against warriors, perpetual, the cards of a
/// win shared, siege engines on a loss.
const fn war(quest: Quest) -> QuestRules {
    QuestRules {
        quest,
        solo: false,
        combat: false,
        perpetual: true,
        pattern: Pattern::Straight,
        white_spots: 5,
        black_spots: WARRIORS_LOSE,
        win_life: 1,
        loss_life: 1,
        win_cards: 4,
        shared_cards: true,
        win_swords: 1,
        loss_swords: 1,
        loss_engines: LOST_WAR_ENGINES,
        relic: None,
    }
}

/// The quest table (§4.1: BoQ-EN; BoQ-DE; NL-BoQ; CZ), in [`Quest`] order.
pub const QUESTS: [QuestRules; 7] = [
    QuestRules {
        quest: Quest::BlackKnight,
        solo: true,
        combat: true,
        perpetual: true,
        pattern: Pattern::TwoPairs,
        white_spots: 4,
        black_spots: 4,
        win_life: 1,
        loss_life: 1,
        win_cards: 3,
        shared_cards: false,
        win_swords: 1,
        loss_swords: 1,
        loss_engines: 0,
        relic: None,
    },
    QuestRules {
        quest: Quest::Lancelot,
        solo: true,
        combat: true,
        perpetual: false,
        pattern: Pattern::FullHouse,
        white_spots: 5,
        black_spots: 5,
        win_life: 1,
        loss_life: 1,
        win_cards: 4,
        shared_cards: false,
        win_swords: 1,
        loss_swords: 1,
        loss_engines: 0,
        relic: Some(Relic::LancelotsArmor),
    },
    QuestRules {
        quest: Quest::Dragon,
        solo: false,
        combat: true,
        perpetual: false,
        pattern: Pattern::ThreeTriples,
        white_spots: 9,
        black_spots: 5,
        win_life: 2,
        loss_life: 2,
        win_cards: 7,
        shared_cards: true,
        win_swords: 2,
        loss_swords: 2,
        loss_engines: 0,
        relic: None,
    },
    QuestRules {
        quest: Quest::Excalibur,
        solo: false,
        combat: false,
        perpetual: false,
        pattern: Pattern::None,
        white_spots: EXCALIBUR_END as u8,
        black_spots: EXCALIBUR_END as u8,
        win_life: 1,
        loss_life: 1,
        win_cards: 7,
        shared_cards: true,
        win_swords: 2,
        loss_swords: 2,
        loss_engines: 0,
        relic: Some(Relic::Excalibur),
    },
    QuestRules {
        quest: Quest::Grail,
        solo: false,
        combat: false,
        perpetual: false,
        pattern: Pattern::None,
        white_spots: GRAIL_SPOTS as u8,
        black_spots: GRAIL_SPOTS as u8,
        win_life: 1,
        loss_life: 1,
        win_cards: 7,
        shared_cards: true,
        win_swords: 3,
        loss_swords: 3,
        loss_engines: 0,
        relic: Some(Relic::Grail),
    },
    war(Quest::PictWar),
    war(Quest::SaxonWar),
];

/// Whether `counts` (cards of each value 1–5 on a combat quest) can still be completed into the
/// quest's pattern (§4.2–4.4).
pub fn pattern_completable(pattern: Pattern, counts: &[u8; 5]) -> bool {
    let mut distinct = 0u8;
    let mut max = 0u8;
    let mut threes = 0u8;
    for &c in counts {
        if c > 0 {
            distinct += 1;
        }
        if c >= 3 {
            threes += 1;
        }
        max = max.max(c);
    }
    match pattern {
        Pattern::TwoPairs => distinct <= 2 && max <= 2,
        Pattern::FullHouse => distinct <= 2 && max <= 3 && threes <= 1,
        Pattern::ThreeTriples => distinct <= 3 && max <= 3,
        Pattern::Straight | Pattern::None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manifest_holds_168_cards() {
        let white: u32 = WHITE_MANIFEST.iter().map(|&(_, n)| u32::from(n)).sum();
        let black: u32 = BLACK_MANIFEST.iter().map(|&(_, n)| u32::from(n)).sum();
        assert_eq!(white, 84);
        assert_eq!(black, 76);
        assert_eq!(
            white + black + u32::from(LOYAL_CARDS + TRAITOR_CARDS),
            CARDS_IN_ALL as u32
        );
        let special_white: u32 = WHITE_MANIFEST
            .iter()
            .filter(|(w, _)| w.is_special())
            .map(|&(_, n)| u32::from(n))
            .sum();
        assert_eq!(special_white, 15);
        let special_black: u32 = BLACK_MANIFEST
            .iter()
            .filter(|(b, _)| b.is_special())
            .map(|&(_, n)| u32::from(n))
            .sum();
        assert_eq!(special_black, 12);
        for (i, (w, _)) in WHITE_MANIFEST.iter().enumerate() {
            assert_eq!(w.index(), i);
        }
        for (i, (b, _)) in BLACK_MANIFEST.iter().enumerate() {
            assert_eq!(b.index(), i);
        }
    }

    #[test]
    fn black_values_sum_as_printed() {
        let sum = |quest: Quest, kind: BlackKind| -> u32 {
            BLACK_MANIFEST
                .iter()
                .filter(|(b, _)| b.kind() == kind)
                .map(|&(b, n)| u32::from(b.value_on(quest)) * u32::from(n))
                .sum()
        };
        assert_eq!(sum(Quest::BlackKnight, BlackKind::BlackKnight), 31);
        assert_eq!(sum(Quest::Lancelot, BlackKind::LancelotDragon), 35);
        assert_eq!(sum(Quest::Dragon, BlackKind::LancelotDragon), 79);
    }
}
