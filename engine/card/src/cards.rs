//! The cards of *Shadows over Camelot: The Card Game*, their card-code notation, and the one data table
//! (the manifest) that says how many of each there are. Numbers the rule book printed only on card art
//! are marked **inferred** in [`MANIFEST`] and [`INFERRED`]; correcting one is a one-line change here.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The five quests of the card game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quest {
    Picts,
    Saxons,
    Dragon,
    Excalibur,
    Grail,
}

impl Quest {
    pub const ALL: [Quest; 5] = [
        Quest::Picts,
        Quest::Saxons,
        Quest::Dragon,
        Quest::Excalibur,
        Quest::Grail,
    ];

    /// Swords won or lost by this quest (see [`MANIFEST_SWORDS`]).
    pub fn swords(self) -> u8 {
        MANIFEST_SWORDS[self.index()]
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn code(self) -> &'static str {
        match self {
            Quest::Picts => "picts",
            Quest::Saxons => "saxons",
            Quest::Dragon => "dragon",
            Quest::Excalibur => "excalibur",
            Quest::Grail => "grail",
        }
    }

    /// The rule book's name of the quest.
    pub fn name(self) -> &'static str {
        match self {
            Quest::Picts => "Picts",
            Quest::Saxons => "Saxons",
            Quest::Dragon => "Dragon",
            Quest::Excalibur => "Excalibur",
            Quest::Grail => "Holy Grail",
        }
    }
}

impl fmt::Display for Quest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Quest {
    type Err = CardCodeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Quest::ALL
            .into_iter()
            .find(|q| q.code() == s)
            .ok_or_else(|| CardCodeError(format!("unknown quest `{s}`")))
    }
}

/// A Rumor value: `?` (worth the number of `?` in its stack) or a number from 2 to 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RumorValue {
    Question,
    Two,
    Three,
    Four,
    Five,
}

impl RumorValue {
    /// The printed number, `None` for `?`.
    pub fn points(self) -> Option<u8> {
        match self {
            RumorValue::Question => None,
            RumorValue::Two => Some(2),
            RumorValue::Three => Some(3),
            RumorValue::Four => Some(4),
            RumorValue::Five => Some(5),
        }
    }

    fn from_code(s: &str) -> Option<Self> {
        Some(match s {
            "?" => RumorValue::Question,
            "2" => RumorValue::Two,
            "3" => RumorValue::Three,
            "4" => RumorValue::Four,
            "5" => RumorValue::Five,
            _ => return None,
        })
    }

    fn code(self) -> &'static str {
        match self {
            RumorValue::Question => "?",
            RumorValue::Two => "2",
            RumorValue::Three => "3",
            RumorValue::Four => "4",
            RumorValue::Five => "5",
        }
    }
}

/// The value a Morgan #4 adds to every quest that still holds a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Morgan4 {
    Plus1,
    Plus2,
    Plus3,
}

impl Morgan4 {
    pub fn bonus(self) -> u8 {
        match self {
            Morgan4::Plus1 => 1,
            Morgan4::Plus2 => 2,
            Morgan4::Plus3 => 3,
        }
    }
}

/// Morgan's cards (#8 is a promo card, off by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Morgan {
    One,
    Two,
    Three,
    Four(Morgan4),
    Five,
    Six,
    Seven,
    Eight,
}

impl Morgan {
    pub fn number(self) -> u8 {
        match self {
            Morgan::One => 1,
            Morgan::Two => 2,
            Morgan::Three => 3,
            Morgan::Four(_) => 4,
            Morgan::Five => 5,
            Morgan::Six => 6,
            Morgan::Seven => 7,
            Morgan::Eight => 8,
        }
    }
}

/// Merlin's cards (#6 is a promo card, off by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Merlin {
    One,
    Two,
    Three,
    Four,
    Five,
    Six,
}

impl Merlin {
    pub fn number(self) -> u8 {
        match self {
            Merlin::One => 1,
            Merlin::Two => 2,
            Merlin::Three => 3,
            Merlin::Four => 4,
            Merlin::Five => 5,
            Merlin::Six => 6,
        }
    }

    /// The quests whose highest card this Merlin removes at quest time (#4 removes from its chosen quest).
    pub fn removes_from(self) -> &'static [Quest] {
        match self {
            Merlin::One => &[Quest::Picts, Quest::Saxons],
            Merlin::Two => &[Quest::Dragon, Quest::Grail],
            Merlin::Three => &[Quest::Excalibur, Quest::Grail],
            Merlin::Four | Merlin::Five | Merlin::Six => &[],
        }
    }
}

impl Serialize for Merlin {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for Merlin {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match u8::deserialize(d)? {
            1 => Ok(Merlin::One),
            2 => Ok(Merlin::Two),
            3 => Ok(Merlin::Three),
            4 => Ok(Merlin::Four),
            5 => Ok(Merlin::Five),
            6 => Ok(Merlin::Six),
            n => Err(serde::de::Error::custom(format!("there is no Merlin #{n}"))),
        }
    }
}

/// A Rumor card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    Quest(Quest, RumorValue),
    Morgan(Morgan),
    Merlin(Merlin),
    Mordred,
    Vivien,
}

impl Card {
    /// The quest symbols on the card: who may go on which quest when it is the visible top card.
    #[inline(always)]
    pub fn symbols(self) -> &'static [Quest] {
        // One quest's symbol: a one-quest slice of the five (no branch per quest). Quest cards, most
        // of the deck, are told apart first with one test (a `match` jumps through a table).
        if let Card::Quest(q, _) = self {
            return std::slice::from_ref(&MORGAN4_SYMBOLS[q.index()]);
        }
        match self {
            Card::Quest(..) => &[],
            Card::Morgan(Morgan::Four(_)) => &MORGAN4_SYMBOLS,
            Card::Mordred => &MORDRED_SYMBOLS,
            Card::Morgan(_) | Card::Merlin(_) | Card::Vivien => &[],
        }
    }

    /// Whether the card is in a game with the promo cards Morgan #8 and Merlin #6 as given (each promo
    /// card is its own setting).
    pub fn in_game(self, morgan8: bool, merlin6: bool) -> bool {
        match self {
            Card::Morgan(Morgan::Eight) => morgan8,
            Card::Merlin(Merlin::Six) => merlin6,
            _ => true,
        }
    }

    pub fn is_morgan(self) -> bool {
        matches!(self, Card::Morgan(_))
    }

    pub fn is_merlin(self) -> bool {
        matches!(self, Card::Merlin(_))
    }

    /// The card's code, e.g. `excalibur:5`, `picts:?`, `morgan:4+2`, `merlin:4`, `mordred`.
    pub fn code(self) -> String {
        self.to_string()
    }

    /// Every distinct kind of Rumor card in a game with the promo cards Morgan #8 and Merlin #6 as
    /// given (what a player may announce under Morgan #1).
    pub fn all_kinds(morgan8: bool, merlin6: bool) -> Vec<Card> {
        let mut kinds: Vec<Card> = MANIFEST
            .iter()
            .map(|e| e.card)
            .filter(|&c| c.in_game(morgan8, merlin6))
            .collect();
        kinds.sort_unstable();
        kinds.dedup();
        kinds
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Quest(q, v) => write!(f, "{}:{}", q.code(), v.code()),
            Card::Morgan(Morgan::Four(b)) => write!(f, "morgan:4+{}", b.bonus()),
            Card::Morgan(m) => write!(f, "morgan:{}", m.number()),
            Card::Merlin(m) => write!(f, "merlin:{}", m.number()),
            Card::Mordred => f.write_str("mordred"),
            Card::Vivien => f.write_str("vivien"),
        }
    }
}

/// A card code that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardCodeError(pub String);

impl fmt::Display for CardCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CardCodeError {}

impl FromStr for Card {
    type Err = CardCodeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || CardCodeError(format!("unknown card `{s}`"));
        let s = s.trim();
        match s {
            "mordred" => return Ok(Card::Mordred),
            "vivien" => return Ok(Card::Vivien),
            _ => {}
        }
        let (kind, rest) = s.split_once(':').ok_or_else(bad)?;
        match kind {
            "morgan" => {
                let m = match rest {
                    "1" => Morgan::One,
                    "2" => Morgan::Two,
                    "3" => Morgan::Three,
                    "4+1" => Morgan::Four(Morgan4::Plus1),
                    "4+2" => Morgan::Four(Morgan4::Plus2),
                    "4+3" => Morgan::Four(Morgan4::Plus3),
                    "5" => Morgan::Five,
                    "6" => Morgan::Six,
                    "7" => Morgan::Seven,
                    "8" => Morgan::Eight,
                    "4" => {
                        return Err(CardCodeError(
                            "Morgan #4 needs its value: morgan:4+1, morgan:4+2 or morgan:4+3"
                                .into(),
                        ));
                    }
                    _ => return Err(bad()),
                };
                Ok(Card::Morgan(m))
            }
            "merlin" => {
                let m = match rest {
                    "1" => Merlin::One,
                    "2" => Merlin::Two,
                    "3" => Merlin::Three,
                    "4" => Merlin::Four,
                    "5" => Merlin::Five,
                    "6" => Merlin::Six,
                    _ => return Err(bad()),
                };
                Ok(Card::Merlin(m))
            }
            quest => {
                let q: Quest = quest.parse().map_err(|_| bad())?;
                let v = RumorValue::from_code(rest).ok_or_else(bad)?;
                Ok(Card::Quest(q, v))
            }
        }
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A Loyalty card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Loyalty {
    Loyal,
    Traitor,
}

/// A *Knights to the Rescue* card (expert variant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Knight {
    Arthur,
    Tristan,
    Gawain,
    Galahad,
    Percival,
}

impl Knight {
    pub fn name(self) -> &'static str {
        match self {
            Knight::Arthur => "Arthur",
            Knight::Tristan => "Tristan",
            Knight::Gawain => "Gawain",
            Knight::Galahad => "Galahad",
            Knight::Percival => "Percival",
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// The manifest: the one table of card counts and printed-or-inferred numbers.
// ---------------------------------------------------------------------------------------------------

/// One line of the manifest.
#[derive(Clone, Copy, Debug)]
pub struct ManifestEntry {
    pub card: Card,
    pub count: u8,
    /// Promo card: only in the deck when its option is on.
    pub promo: bool,
    /// `Some(reason)` when the count or the card's numbers are an inferred reading, not a printed fact.
    pub inferred: Option<&'static str>,
}

const fn entry(card: Card, count: u8) -> ManifestEntry {
    ManifestEntry {
        card,
        count,
        promo: false,
        inferred: None,
    }
}

const fn inferred(card: Card, count: u8, why: &'static str) -> ManifestEntry {
    ManifestEntry {
        card,
        count,
        promo: false,
        inferred: Some(why),
    }
}

const fn promo(card: Card, why: &'static str) -> ManifestEntry {
    ManifestEntry {
        card,
        count: 1,
        promo: true,
        inferred: Some(why),
    }
}

macro_rules! quest_cards {
    ($q:expr) => {
        [
            entry(Card::Quest($q, RumorValue::Question), 4),
            entry(Card::Quest($q, RumorValue::Two), 1),
            entry(Card::Quest($q, RumorValue::Three), 1),
            entry(Card::Quest($q, RumorValue::Four), 2),
            entry(Card::Quest($q, RumorValue::Five), 1),
        ]
    };
}

const M4: &str = "Morgan #4 count = 62 − 45 − 8 (9 Morgans); values +1/+2/+3 inferred";

const fn concat_manifest() -> [ManifestEntry; MANIFEST_LEN] {
    let parts: [[ManifestEntry; 5]; 5] = [
        quest_cards!(Quest::Picts),
        quest_cards!(Quest::Saxons),
        quest_cards!(Quest::Dragon),
        quest_cards!(Quest::Excalibur),
        quest_cards!(Quest::Grail),
    ];
    let rest: [ManifestEntry; MANIFEST_LEN - 25] = [
        entry(Card::Morgan(Morgan::One), 1),
        entry(Card::Morgan(Morgan::Two), 1),
        entry(Card::Morgan(Morgan::Three), 1),
        inferred(Card::Morgan(Morgan::Four(Morgan4::Plus1)), 1, M4),
        inferred(Card::Morgan(Morgan::Four(Morgan4::Plus2)), 1, M4),
        inferred(Card::Morgan(Morgan::Four(Morgan4::Plus3)), 1, M4),
        entry(Card::Morgan(Morgan::Five), 1),
        entry(Card::Morgan(Morgan::Six), 1),
        entry(Card::Morgan(Morgan::Seven), 1),
        entry(Card::Merlin(Merlin::One), 1),
        entry(Card::Merlin(Merlin::Two), 1),
        entry(Card::Merlin(Merlin::Three), 1),
        inferred(
            Card::Merlin(Merlin::Four),
            2,
            "2 Merlin #4: 10 quest tokens = 2 per quest",
        ),
        entry(Card::Merlin(Merlin::Five), 1),
        entry(Card::Mordred, 1),
        entry(Card::Vivien, 1),
        promo(
            Card::Morgan(Morgan::Eight),
            "promo: shuffled into the deck with the 6 picked Morgans when the option is on",
        ),
        promo(
            Card::Merlin(Merlin::Six),
            "promo: shuffled into the deck when the option is on",
        ),
    ];
    let mut out = [entry(Card::Vivien, 0); MANIFEST_LEN];
    let mut i = 0;
    while i < 25 {
        out[i] = parts[i / 5][i % 5];
        i += 1;
    }
    while i < MANIFEST_LEN {
        out[i] = rest[i - 25];
        i += 1;
    }
    out
}

const MANIFEST_LEN: usize = 25 + 18;

/// Every Rumor card and how many of it there are (62 in the base game, plus the 2 promo cards).
pub const MANIFEST: [ManifestEntry; MANIFEST_LEN] = concat_manifest();

/// Swords won or lost per quest, indexed by [`Quest::index`]: Picts 1, Saxons 1, Dragon 3, Excalibur 2,
/// Holy Grail 3. Picts and Excalibur follow from the rule book's Example 1; Saxons, Dragon and Grail are
/// **inferred**.
pub const MANIFEST_SWORDS: [u8; 5] = [1, 1, 3, 2, 3];

/// Swords for the merged Picts-and-Saxons quest under promo Morgan #8.
pub const MERGED_PICTS_SAXONS_SWORDS: u8 = 2;

/// There are 16 Swords of the Round Table; when they run out, no more can be placed (**inferred**: the
/// rule book does not say what happens, a real table simply has no more swords).
pub const SWORDS_IN_ALL: u8 = 16;

/// Morgans used at setup (the others stay out, or wait for the expert variant).
pub const MORGANS_IN_PLAY: usize = 6;

/// The Knight cards of *Knights to the Rescue*.
pub const KNIGHT_MANIFEST: [(Knight, u8); 5] = [
    (Knight::Arthur, 3),
    (Knight::Tristan, 2),
    (Knight::Gawain, 2),
    (Knight::Galahad, 1),
    (Knight::Percival, 1),
];

/// Numbers in this file that are a reading, not printed fact, for the Rules screen and the README.
pub const INFERRED: &[&str] = &[
    "Morgan #4: 3 cards, adding +1, +2 and +3; each shows every quest's symbol",
    "Merlin #4: 2 cards",
    "Mordred shows the Picts and the Saxons symbols",
    "Swords: Saxons 1, Dragon 3, Holy Grail 3",
    "Only 16 swords exist: once all are on the table, no more are placed",
    "Promo Morgan #8 and Merlin #6 are shuffled into the deck when their option is on",
    "With no Rumor card left to draw and no quest symbol on top, a player may go on any quest",
    "Under Morgan #1, Vivien's exchange, Merlin #4's token and Merlin #6's quest follow the announcement",
    "Merlins act in the order they lie in the pile (it matters only under promo Morgan #8)",
    "Percival is played when the accusation is made, before the Loyalty card is shown",
];

static MORGAN4_SYMBOLS: [Quest; 5] = Quest::ALL;
static MORDRED_SYMBOLS: [Quest; 2] = [Quest::Picts, Quest::Saxons];

/// The full list of cards in the manifest (each repeated `count` times), promo cards only if asked.
pub fn all_cards(promos: bool) -> Vec<Card> {
    MANIFEST
        .iter()
        .filter(|e| promos || !e.promo)
        .flat_map(|e| std::iter::repeat_n(e.card, e.count as usize))
        .collect()
}

/// The 9 Knight cards.
pub fn all_knights() -> Vec<Knight> {
    KNIGHT_MANIFEST
        .iter()
        .flat_map(|&(k, n)| std::iter::repeat_n(k, n as usize))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rumor_deck_holds_62_cards() {
        assert_eq!(all_cards(false).len(), 62);
        assert_eq!(all_cards(true).len(), 64);
        let morgans = all_cards(false).iter().filter(|c| c.is_morgan()).count();
        assert_eq!(morgans, 9);
    }

    #[test]
    fn each_quest_has_nine_cards_four_of_them_question_marks() {
        for q in Quest::ALL {
            let cards: Vec<_> = all_cards(false)
                .into_iter()
                .filter(|c| matches!(c, Card::Quest(x, _) if *x == q))
                .collect();
            assert_eq!(cards.len(), 9);
            let qs = cards
                .iter()
                .filter(|c| matches!(c, Card::Quest(_, RumorValue::Question)))
                .count();
            assert_eq!(qs, 4);
        }
    }

    #[test]
    fn card_codes_round_trip() {
        for c in Card::all_kinds(true, true) {
            assert_eq!(c.code().parse::<Card>().unwrap(), c);
        }
        assert!("morgan:4".parse::<Card>().is_err());
        assert!("picts:6".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
    }

    #[test]
    fn symbols_follow_the_rule_book() {
        assert_eq!(Card::Mordred.symbols(), &[Quest::Picts, Quest::Saxons]);
        assert_eq!(
            Card::Morgan(Morgan::Four(Morgan4::Plus2)).symbols().len(),
            5
        );
        assert!(Card::Merlin(Merlin::One).symbols().is_empty());
        assert_eq!(
            Card::Quest(Quest::Grail, RumorValue::Two).symbols(),
            &[Quest::Grail]
        );
    }

    #[test]
    fn nine_knight_cards() {
        assert_eq!(all_knights().len(), 9);
    }
}
