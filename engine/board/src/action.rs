//! The closed set of things a seat can do, the events they cause, and the typed refusals.

use crate::data::{Black, BlackKind, HAND_SIZE, Knight, Loyalty, Place, Quest, Relic, White};
use serde::{Deserialize, Serialize};
use std::fmt;

pub use camelot_kit::Seat;

/// Every decision a seat can take. Who decides is [`crate::Game::decider`]; what that seat may do is
/// exactly [`crate::Game::legal_actions`].
///
/// Serde form: `{"type": "play_fight_card", "card": "fight_3"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
// An explicit tag byte: telling actions apart is then one comparison (a niche-packed tag has to be
// decoded first), which the policy and the rules do for every legal action.
#[repr(u8)]
pub enum Action {
    // --- The opening gesture and shared cards (§2.7, §4.1) ---
    /// Opening gesture: lay this white card from your hand face up on the Round Table.
    OfferCard {
        card: White,
    },
    /// An absent quest winner (Lady of the Lake) chooses the present knight dealt first (§9.20).
    ChooseFirstDealt {
        seat: Seat,
    },
    /// Propose that the next shared card (in the order shown) goes to `to`.
    Propose {
        to: Seat,
    },
    /// Give up proposing: the shared cards are dealt at random.
    DealAtRandom,
    /// Accept the proposal on the table.
    Accept,
    /// Reject the proposal: the cards are dealt at random.
    Reject,

    // --- Progression of Evil (§3.1) ---
    DrawBlackCard,
    AddSiegeEngine,
    LoseLife,
    /// Sir Percival: look at the top black card (the top two with Lancelot's Armor).
    PercivalLook,
    /// Sir Percival with the Armor: which of the two cards seen goes under the black pile.
    PutOnBottom {
        index: u8,
    },
    /// Lancelot's Armor: which of the two cards drawn to keep (the other goes under the pile).
    KeepBlackCard {
        index: u8,
    },

    // --- A drawn black card (§3.2) ---
    PlaceFaceUp,
    /// A combat card placed face down; the drawer draws one white card.
    PlaceFaceDown,
    /// Commit Merlins toward the three that cancel a special black card (§9.15).
    CommitMerlins {
        count: u8,
    },
    /// Sacrifice Excalibur to cancel the card just drawn (§5.2).
    SacrificeExcalibur,
    /// Mercenaries or Mordred: the War it goes to.
    ChooseWar {
        war: Quest,
    },
    /// Morgan 2 or 5: volunteer (discard 3 white cards, or lose 2 life).
    Volunteer,
    /// Discard one white card of your choice (Morgan 2 and 5, Fate).
    Discard {
        card: White,
    },

    // --- Life and death (§3.4) ---
    /// The Holy Grail's owner lets the falling knight drink.
    OfferGrail,

    // --- Heroic Actions (§3.3) ---
    /// A: move to another location.
    Move {
        to: Place,
    },
    /// B in Camelot: draw 2 white cards (Gawain 3).
    DrawWhiteCards,
    /// B in Camelot: fight a siege engine.
    FightSiegeEngine,
    /// In a siege fight: add a Fight card from your hand.
    AddToFight {
        card: White,
    },
    /// In a siege fight: roll the siege die.
    RollSiegeDie,
    /// B on the Black Knight, Lancelot, Dragon or a War: play a Fight card.
    PlayFightCard {
        card: White,
    },
    /// B on Excalibur: discard a white card to move the sword toward the knights.
    DiscardForExcalibur {
        card: White,
    },
    /// B on the Holy Grail: play a Grail card.
    PlayGrailCard,
    /// D: discard three identical white cards to gain 1 life.
    Heal {
        card: White,
    },
    /// E: accuse another knight of being the Traitor.
    Accuse {
        target: Seat,
    },
    /// Lose 1 life to take a second Heroic Action of another type.
    Sacrifice,
    /// End the Heroic Actions phase (after at least one action).
    EndTurn,

    // --- C: special white cards (§1.3) ---
    MerlinRemovesSiegeEngine,
    MerlinRemovesBlackCard {
        quest: Quest,
    },
    MerlinRemovesWarrior {
        war: Quest,
    },
    PlayConvocation,
    /// Convocation: go to Camelot now (`go`) or stay.
    AnswerConvocation {
        go: bool,
    },
    /// Fate: played as a Loyal knight (`reveal: false`) or by the Traitor to reveal himself.
    PlayFate {
        reveal: bool,
    },
    PlayHeroism {
        quest: Quest,
    },
    PlayLadyOfTheLake,
    PlayMessenger {
        to: Seat,
    },
    /// Messenger: give this card.
    GiveCard {
        card: White,
    },
    /// Messenger: give no more.
    StopGiving,
    /// Piety: +3 life to yourself, or +1 to every other knight (`others`).
    PlayPiety {
        others: bool,
    },
    PlayClairvoyance,
    /// Clairvoyance: which of the cards still in your hand goes next, from the top of the pile.
    PutNext {
        index: u8,
    },
    /// Reinforcements: draw 4 yourself, or every other knight draws 1 (`others`).
    PlayReinforcements {
        others: bool,
    },

    // --- Knights' powers (§5.1) ---
    /// King Arthur: give this card to `to`, who gives one back.
    ArthurExchange {
        to: Seat,
        card: White,
    },
    /// The card given back to King Arthur.
    GiveBack {
        card: White,
    },
    /// Sir Kay: add this Fight card to the white total.
    KayAddsCard {
        card: White,
    },

    // --- The revealed Traitor (§6.3) ---
    /// Take a random white card from this knight's hand and discard it.
    TakeCardFrom {
        seat: Seat,
    },

    // --- Joining and leaving mid-game (§8.4; with `Options::join_and_leave`) ---
    /// A new player joins: a random unused knight and loyalty card, seated to the left of King
    /// Arthur (or of the first player), 4 life, 5 white cards, in Camelot. Offered at the start of
    /// every turn, to the active seat (who holds the phone).
    Join,
    /// The player at `seat` leaves the game: his knight dies at once (§3.4). Offered with
    /// [`Action::Join`], for every seat still in the game (the active one included).
    Leave {
        seat: Seat,
    },

    /// Let a window go by (no Merlins, no Excalibur, no Grail, no volunteer, no Kay card …).
    Pass,
}

impl Action {
    /// The special white card this action plays (Heroic Action C, or Merlin from the hand), if
    /// any: the engine discards it, the app shows its effect beside the choice.
    pub fn special_card(&self) -> Option<White> {
        Some(match *self {
            Action::MerlinRemovesSiegeEngine
            | Action::MerlinRemovesBlackCard { .. }
            | Action::MerlinRemovesWarrior { .. } => White::Merlin,
            Action::PlayConvocation => White::Convocation,
            Action::PlayFate { .. } => White::Fate,
            Action::PlayHeroism { .. } => White::Heroism,
            Action::PlayLadyOfTheLake => White::LadyOfTheLake,
            Action::PlayMessenger { .. } => White::Messenger,
            Action::PlayPiety { .. } => White::Piety,
            Action::PlayClairvoyance => White::Clairvoyance,
            Action::PlayReinforcements { .. } => White::Reinforcements,
            _ => return None,
        })
    }
}

/// Which side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Loyal,
    Evil,
}

/// Why the game ended (§7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The 12th siege engine.
    SiegeEngines,
    /// Seven black swords.
    BlackSwords,
    /// Every Loyal knight dead.
    LoyalKnightsDead,
    /// Twelve swords on the Round Table: the count decided.
    Swords,
}

/// A sword's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    White,
    Black,
}

/// How shared cards were given out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShareKind {
    /// The opening gesture (§2.7).
    Opening,
    /// A won quest's cards (§4.1).
    Spoils,
    /// Convocation's cards (§1.3).
    Convocation,
}

/// Why a knight is discarding white cards of his choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DiscardCause {
    /// He volunteered under Morgan 2: three cards.
    Morgan2Volunteer,
    /// Nobody volunteered under Morgan 2 or Morgan 5: every knight holding a card discards one.
    NoVolunteer { morgan: u8 },
    /// The Traitor revealed himself with Fate: every other knight discards two (§6.2).
    Fate { traitor: Seat },
}

impl Default for DiscardCause {
    /// The group discard (what a step saved without its cause was).
    fn default() -> Self {
        DiscardCause::NoVolunteer { morgan: 2 }
    }
}

/// Something that happened. Public events may be shown to everyone; [`Event::Private`] only to its seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    CardOffered {
        seat: Seat,
        card: White,
    },
    CardProposed {
        by: Seat,
        card: White,
        to: Seat,
    },
    ProposalAccepted {
        seat: Seat,
    },
    ProposalRejected {
        seat: Seat,
    },
    /// Shared cards given out, by agreement or at random.
    CardsShared {
        kind: ShareKind,
        shares: Vec<(Seat, White)>,
        at_random: bool,
    },
    TurnBegins {
        seat: Seat,
        turn: u32,
        traitor_turn: bool,
    },
    PercivalLooked {
        seat: Seat,
        cards: u8,
    },
    CardPutOnBottom {
        seat: Seat,
    },
    /// A black card drawn: its face, unless it may still go face down (then only its kind).
    BlackCardDrawn {
        seat: Seat,
        card: Option<Black>,
        kind: BlackKind,
    },
    /// The drawer kept it face up: now everybody sees it.
    BlackCardShown {
        card: Black,
    },
    MerlinsCommitted {
        seat: Seat,
        count: u8,
    },
    /// Fewer than three Merlins were offered: they go back to their hands.
    MerlinsTakenBack,
    CancelledByMerlins {
        card: Black,
    },
    CancelledByExcalibur {
        seat: Seat,
        /// The card, unless it lay face down.
        card: Option<Black>,
    },
    /// Its quest is over: the card adds a siege engine instead.
    BlackCardObsolete {
        card: Black,
    },
    BlackCardPlaced {
        quest: Quest,
        card: Option<Black>,
        face_down: bool,
    },
    /// A Despair (or Desolation) and a Grail card cancelled each other on a full track, or
    /// Desolation discarded the Grail card farthest from the relic.
    GrailCardDiscarded {
        by: Black,
    },
    DespairCancelledByGrail,
    ExcaliburMoved {
        position: i8,
    },
    WarriorAdded {
        war: Quest,
        warriors: u8,
    },
    WarriorRemoved {
        war: Quest,
        warriors: u8,
    },
    MordredAttached {
        war: Quest,
    },
    DarkForestInEffect,
    DarkForestEnds,
    VivienInEffect,
    VivienEnds,
    MistsOfAvalonInEffect,
    GuinevereCallsKnightsHome,
    Volunteered {
        seat: Seat,
    },
    NoVolunteer,
    CardsDiscarded {
        seat: Seat,
        count: u8,
    },
    SiegeEngineAdded {
        engines: u8,
    },
    SiegeEngineRemoved {
        engines: u8,
    },
    /// A knight's life went from `was` to `life` (up or down).
    LifeChanged {
        seat: Seat,
        was: u8,
        life: u8,
    },
    KnightFalls {
        seat: Seat,
    },
    GrailSaves {
        owner: Seat,
        seat: Seat,
    },
    KnightDies {
        seat: Seat,
    },
    /// A quest ends (§4.1). For combat quests the totals and the black cards revealed.
    QuestEnds {
        quest: Quest,
        won: bool,
        white_total: u8,
        black_total: u8,
        black_cards: Vec<Black>,
        kay: Option<White>,
        winner: Option<Seat>,
        present: Vec<Seat>,
    },
    SwordsLaid {
        colour: Colour,
        count: u8,
    },
    SwordFlipped,
    RelicWon {
        relic: Relic,
        seat: Seat,
    },
    RelicRemoved {
        relic: Relic,
    },
    KnightMoved {
        seat: Seat,
        to: Place,
        free: bool,
    },
    /// A solo quest's knight left: his white cards there are discarded.
    SoloQuestAbandoned {
        quest: Quest,
        cards: u8,
    },
    WhiteCardsDrawn {
        seat: Seat,
        count: u8,
    },
    /// Shared cards drawn face up.
    WhiteCardsShown {
        cards: Vec<White>,
    },
    FightCardPlayed {
        seat: Seat,
        quest: Quest,
        card: White,
    },
    DiscardedForExcalibur {
        seat: Seat,
    },
    GrailCardPlayed {
        seat: Seat,
    },
    FightCardAdded {
        seat: Seat,
        card: White,
    },
    SiegeFight {
        seat: Seat,
        cards: Vec<White>,
        roll: u8,
        kay: Option<White>,
        total: u8,
        won: bool,
    },
    Healed {
        seat: Seat,
        life: u8,
    },
    Sacrificed {
        seat: Seat,
        life: u8,
    },
    Accused {
        accuser: Seat,
        target: Seat,
        loyalty: Loyalty,
    },
    TraitorUnmasked {
        seat: Seat,
    },
    SpecialCardPlayed {
        seat: Seat,
        card: White,
    },
    ConvocationAnswered {
        seat: Seat,
        go: bool,
    },
    HeroismLaid {
        quest: Quest,
    },
    CardsGiven {
        from: Seat,
        to: Seat,
        count: u8,
    },
    ArthurExchanged {
        arthur: Seat,
        with: Seat,
    },
    ClairvoyanceUsed {
        seat: Seat,
        cards: u8,
    },
    TraitorTookCard {
        traitor: Seat,
        from: Seat,
    },
    KayAddedCard {
        card: White,
    },
    SquireKnighted {
        seat: Seat,
        knight: Knight,
    },
    /// Three players: the threshold is reached, everybody looks at his loyalty card.
    LoyaltyCardsLookedAt,
    /// A new player sits at `seat`, to the left of King Arthur (or of the first player): every
    /// seat numbered `seat` or more before moves up by one (§8.4).
    KnightJoins {
        seat: Seat,
        knight: Knight,
    },
    /// The player at `seat` left the game: his knight dies at once (§8.4).
    KnightLeaves {
        seat: Seat,
    },
    DecksReshuffled,
    /// The game ended by the 12th sword: the hidden Traitor (if alive) shows himself and flips.
    EndReveal {
        traitor: Option<Seat>,
        flipped: u8,
    },
    GameOver {
        winner: Side,
        reason: EndReason,
    },
    Private {
        seat: Seat,
        private: PrivateEvent,
    },
}

impl Event {
    pub fn is_public(&self) -> bool {
        !matches!(self, Event::Private { .. })
    }

    /// The seat a private event is for.
    pub fn private_to(&self) -> Option<Seat> {
        match self {
            Event::Private { seat, .. } => Some(*seat),
            _ => None,
        }
    }
}

/// What only one seat sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "saw", rename_all = "snake_case")]
pub enum PrivateEvent {
    /// The black card you drew (before choosing its face), or the cards Percival, the Armor or
    /// Clairvoyance showed you (top first).
    BlackCards { cards: Vec<Black> },
    /// White cards drawn into your hand.
    WhiteCardsDrawn { cards: Vec<White> },
    /// White cards another knight gave you (Messenger, Arthur's exchange).
    WhiteCardsReceived { from: Seat, cards: Vec<White> },
    /// Cards you discarded face down.
    CardsDiscarded { cards: Vec<White> },
    /// The card the revealed Traitor took from you.
    CardTaken { card: White },
    /// Your loyalty card (three players: the first look).
    Loyalty { loyalty: Loyalty },
}

/// Why a setup was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum SetupError {
    PlayerCount {
        players: u8,
    },
    KnightsPerSeat {
        players: u8,
        found: usize,
    },
    KnightTwice {
        knight: Knight,
    },
    FirstSeat {
        seat: Seat,
    },
    HandsPerSeat {
        players: u8,
        found: usize,
    },
    LoyaltyPerSeat {
        players: u8,
        found: usize,
    },
    /// More of a card than the box holds.
    TooManyWhite {
        card: White,
    },
    TooManyBlack {
        card: Black,
    },
    TooManyTraitors,
    TooManyLoyal,
    /// An explicit white deck needs explicit hands.
    WhiteDeckWithoutHands,
    SquireLife {
        life: u8,
    },
    /// More white cards for a squire (besides his Merlin) than a hand holds at the start.
    SquireCards {
        cards: u8,
    },
    /// A starting position with 12 swords or 7 black ones (the game would be over).
    SwordsOnTheTable {
        white: u8,
        black: u8,
    },
    SiegeEnginesOnTheBoard {
        engines: u8,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::PlayerCount { players } => {
                write!(f, "the game is for 3 to 7 players, not {players}")
            }
            SetupError::KnightsPerSeat { players, found } => {
                write!(f, "{found} knights chosen for {players} seats")
            }
            SetupError::KnightTwice { knight } => write!(f, "{} chosen twice", knight.name()),
            SetupError::FirstSeat { seat } => write!(f, "the first player, {seat}, has no seat"),
            SetupError::HandsPerSeat { players, found } => {
                write!(f, "{found} hands dealt for {players} seats")
            }
            SetupError::LoyaltyPerSeat { players, found } => {
                write!(f, "{found} loyalty cards dealt for {players} seats")
            }
            SetupError::TooManyWhite { card } => {
                write!(f, "the deal holds more {} cards than the box", card.name())
            }
            SetupError::TooManyBlack { card } => {
                write!(f, "the deal holds more {} cards than the box", card.name())
            }
            SetupError::TooManyTraitors => f.write_str("the box holds one Traitor card"),
            SetupError::TooManyLoyal => f.write_str("the box holds seven Loyal cards"),
            SetupError::WhiteDeckWithoutHands => {
                f.write_str("an explicit white deck needs explicit hands")
            }
            SetupError::SquireLife { life } => {
                write!(f, "a squire starts with 1 to 6 life, not {life}")
            }
            SetupError::SquireCards { cards } => write!(
                f,
                "a squire is dealt at most {HAND_SIZE} white cards besides his Merlin, not {cards}"
            ),
            SetupError::SwordsOnTheTable { white, black } => write!(
                f,
                "{white} white and {black} black swords: the game would be over"
            ),
            SetupError::SiegeEnginesOnTheBoard { engines } => {
                write!(f, "{engines} siege engines: the game would be over")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// Why an action was refused: data only (the app words it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum RuleError {
    GameOver,
    /// There is no such seat at this table.
    NoSuchSeat {
        seat: Seat,
    },
    NotYourDecision {
        seat: Seat,
        decider: Option<Seat>,
    },
    /// This kind of action is not part of the decision being taken.
    NotNow,
    CardNotHeld {
        card: White,
    },
    NotAFightCard {
        card: White,
    },
    /// Twelve white cards or more: no draw action in Camelot.
    HandFull,
    NoSiegeEngine,
    /// That quest action belongs to another location.
    NotThere,
    QuestNotInPlay {
        quest: Quest,
    },
    SoloQuestTaken {
        quest: Quest,
    },
    AlreadyThere,
    /// The card would make the quest's pattern impossible to complete.
    PatternBroken {
        card: White,
    },
    /// A War takes the next value of its straight only.
    NotTheNextValue {
        card: White,
    },
    DarkForest,
    VivienInEffect,
    /// Two Heroic Actions of one type in a turn.
    SameActionType,
    OneSpecialCardPerTurn,
    /// Both Heroic Actions of the turn are taken.
    NoActionLeft,
    /// At least one Heroic Action before ending the turn (or the sacrificed action still to take).
    MustAct,
    FullLife,
    /// Fewer than 6 siege engines and fewer than 6 swords.
    AccusationThreshold,
    AlreadyAccused,
    BadTarget {
        seat: Seat,
    },
    NothingToRemove,
    NotYourKnight,
    NoCardToDraw,
    BadIndex {
        index: u8,
    },
    TooManyMerlins,
    /// A choice outside the ones offered (a card, a quest, a count).
    BadChoice,
    /// Seven players, or no unused knight or loyalty card: nobody can join (§8.4).
    TableFull,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::GameOver => f.write_str("the game is over"),
            RuleError::NoSuchSeat { seat } => write!(f, "there is no {seat}"),
            RuleError::NotYourDecision { seat, decider } => match decider {
                Some(d) => write!(f, "it is {d}'s decision, not {seat}'s"),
                None => write!(f, "no decision is awaited from {seat}"),
            },
            RuleError::NotNow => f.write_str("that action is not part of this decision"),
            RuleError::CardNotHeld { card } => write!(f, "no {} card in hand", card.name()),
            RuleError::NotAFightCard { card } => write!(f, "{} is not a Fight card", card.name()),
            RuleError::HandFull => f.write_str("12 or more white cards: no drawing in Camelot"),
            RuleError::NoSiegeEngine => f.write_str("there is no siege engine"),
            RuleError::NotThere => f.write_str("that is the quest action of another location"),
            RuleError::QuestNotInPlay { quest } => write!(f, "{} is not in play", quest.name()),
            RuleError::SoloQuestTaken { quest } => {
                write!(f, "another knight is on {}", quest.name())
            }
            RuleError::AlreadyThere => f.write_str("already there"),
            RuleError::PatternBroken { card } => {
                write!(f, "{} would break the quest's pattern", card.name())
            }
            RuleError::NotTheNextValue { card } => {
                write!(f, "{} is not the War's next card", card.name())
            }
            RuleError::DarkForest => f.write_str("the Dark Forest bars Grail cards"),
            RuleError::VivienInEffect => f.write_str("Vivien bars every Merlin"),
            RuleError::SameActionType => f.write_str("an action of that type was taken this turn"),
            RuleError::OneSpecialCardPerTurn => f.write_str("one special white card per turn"),
            RuleError::NoActionLeft => f.write_str("no Heroic Action left this turn"),
            RuleError::MustAct => f.write_str("a Heroic Action must be taken first"),
            RuleError::FullLife => f.write_str("life is already 6"),
            RuleError::AccusationThreshold => {
                f.write_str("accusations need 6 siege engines or 6 swords")
            }
            RuleError::AlreadyAccused => f.write_str("a knight accuses once per game"),
            RuleError::BadTarget { seat } => write!(f, "{seat} cannot be chosen"),
            RuleError::NothingToRemove => f.write_str("nothing there to remove"),
            RuleError::NotYourKnight => f.write_str("your knight has no such power"),
            RuleError::NoCardToDraw => f.write_str("no card to draw"),
            RuleError::BadIndex { index } => write!(f, "no card number {index}"),
            RuleError::TooManyMerlins => f.write_str("more Merlins than needed or held"),
            RuleError::BadChoice => f.write_str("not one of the choices"),
            RuleError::TableFull => f.write_str("the table is full: nobody can join"),
        }
    }
}

impl std::error::Error for RuleError {}
