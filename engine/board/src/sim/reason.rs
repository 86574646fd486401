//! Why the built-in policy chose an action ([`Reason`]) and what in a knight's record points at him
//! ([`Clue`]): data, for the app to word.

use super::*;

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
    /// King Arthur's exchange with `to`, at `place`: a card that knight can use there.
    ExchangesCards {
        to: Seat,
        place: Place,
    },
    /// Accuses `target`, whose public record stands out (see [`Clue`]): `percent` the chance he
    /// is the Traitor, in the accuser's [`Belief`].
    Accuses {
        target: Seat,
        percent: u8,
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

/// What in a knight's public record points at him most (see [`Belief`]).
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
