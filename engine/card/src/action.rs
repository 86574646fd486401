//! The closed set of things a player can do, the events they cause, and the typed rule errors.

use crate::cards::{Card, Knight, Loyalty, Quest};
use crate::game::Decision;
use crate::resolve::{Colour, Resolution};
use serde::{Deserialize, Serialize};
use std::fmt;

pub use camelot_kit::Seat;

/// Which Loyalty card to keep after Vivien's exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Keep {
    /// The card the player already held.
    Current,
    /// The card Vivien brought.
    New,
}

/// Every decision a player can take. Who may take it is given by [`crate::Game::decider`].
///
/// Serde form: `{"type": "go_on_quest", "quest": "dragon"}` (read through `serde_forms::ActionRecord`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
// A plain tag (no niche in a field): quick to match.
#[repr(u8)]
pub enum Action {
    /// Draw the top Rumor card and place it on the Threats pile.
    ListenToRumors,
    /// Go on the named quest (allowed by the visible top card, or by the announcement of a face-down one).
    GoOnQuest { quest: Quest },
    /// Accuse another player of being the Traitor.
    Accuse { target: Seat },
    /// A revealed Traitor's turn: draw two Rumor cards.
    SpreadRumors,
    /// A revealed Traitor places one of the two drawn cards face up (the other is discarded unseen).
    PlaceRumor { index: u8 },
    /// Under Morgan #1: say which card was drawn (a loyal player can only tell the truth).
    Announce { card: Card },
    /// Merlin #4: the quest its token marks.
    ChooseMerlin4Quest { quest: Quest },
    /// Vivien: who receives the other set-aside Loyalty card.
    GiveLoyalty { recipient: Seat },
    /// Vivien: which Loyalty card to keep.
    KeepLoyalty { keep: Keep },
    /// Promo Merlin #6: go on a quest now, adding 0–3 points to its total.
    Merlin6Quest { quest: Quest, bonus: u8 },
    /// Promo Merlin #6: do not go on a quest.
    DeclineMerlin6,
    /// Tristan: look through the Rumor deck before acting.
    PlayTristan,
    /// Galahad, instead of the turn's action: peek at a player's Loyalty card.
    PlayGalahad { target: Seat },
    /// Arthur: force the player going on a quest to Listen to Rumors instead.
    PlayArthur,
    /// Gawain: draw three Rumor cards and play one that is not a Morgan.
    PlayGawain,
    /// Gawain: the card to play among the three drawn (`None` only when all three are Morgans).
    GawainPlay { index: Option<u8> },
    /// Percival: two swords instead of one for this accusation or Traitor reveal.
    PlayPercival,
    /// Let an interrupt window go by.
    PassWindow,
    /// Only when nothing else is possible (no card to draw, no quest allowed, no accusation).
    Pass,
}

/// Why an action was refused: data, never words (the app words each case in the player's language;
/// `Display` is English for developers and the command-line tool).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum RuleError {
    GameOver,
    NotYourDecision { seat: Seat, decider: Option<Seat> },
    NotNow { reason: NotNowReason },
    QuestNotAllowed { quest: Quest },
    NoCardsLeft,
    AccusationNotAllowed { reason: AccusationRefusal },
    BadTarget { target: Seat },
    KnightNotHeld { knight: Knight },
    AnnouncementNotAllowed { card: Card },
    BadChoice { reason: BadChoiceReason },
}

/// Why an action is not one the deciding seat may take at this moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NotNowReason {
    /// A revealed Traitor's turn is to spread rumors, nothing else.
    RevealedTraitorOnlySpreadsRumors,
    /// Spreading rumors is a revealed Traitor's turn.
    OnlyARevealedTraitorSpreadsRumors,
    /// Tristan is played once in a turn.
    TristanAlreadyPlayed,
    /// A player passes only when no action is possible.
    PassOnlyWhenNothingElse,
    /// The action answers another decision than the pending one.
    OtherDecisionPending { pending: Decision },
}

/// Why a choice among the options given is not one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BadChoiceReason {
    /// Gawain plays one of the three cards drawn, never a Morgan.
    GawainPlaysNoMorgan,
    /// A revealed Traitor places card 0 or card 1 of the two drawn.
    CardZeroOrOne,
    /// Promo Merlin #6 adds 0 to 3 points.
    Merlin6BonusUpToThree,
}

/// Why a seat may not accuse now, or not that player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccusationRefusal {
    /// Solo play has no Loyalty cards.
    Solo,
    /// A revealed Traitor only spreads rumors.
    RevealedTraitor,
    /// Each player accuses once per game.
    AlreadyAccused,
    /// Fewer than 4 swords on the table.
    TooFewSwords,
    /// Every other player is already revealed.
    NoOneLeft,
    /// A player never accuses himself (only in a refused action: [`crate::Game::accusation_refusal`]
    /// is about the seat, not a target).
    Themselves,
    /// The accused player's Loyalty card is already face up (likewise only in a refused action).
    TargetRevealed,
}

impl fmt::Display for NotNowReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotNowReason::RevealedTraitorOnlySpreadsRumors => {
                f.write_str("a revealed Traitor can only spread rumors")
            }
            NotNowReason::OnlyARevealedTraitorSpreadsRumors => {
                f.write_str("only a revealed Traitor spreads rumors")
            }
            NotNowReason::TristanAlreadyPlayed => {
                f.write_str("Tristan was already played this turn")
            }
            NotNowReason::PassOnlyWhenNothingElse => {
                f.write_str("a player may pass only when no action is possible")
            }
            NotNowReason::OtherDecisionPending { pending } => {
                write!(
                    f,
                    "the action does not answer the pending decision ({pending:?})"
                )
            }
        }
    }
}

impl fmt::Display for BadChoiceReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BadChoiceReason::GawainPlaysNoMorgan => {
                "Gawain plays one of the three cards drawn, never a Morgan"
            }
            BadChoiceReason::CardZeroOrOne => "choose card 0 or 1",
            BadChoiceReason::Merlin6BonusUpToThree => "Merlin #6 adds 0 to 3 points",
        })
    }
}

impl fmt::Display for AccusationRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AccusationRefusal::Solo => "there are no accusations in solo play",
            AccusationRefusal::RevealedTraitor => "a revealed Traitor can only spread rumors",
            AccusationRefusal::AlreadyAccused => "each player accuses only once per game",
            AccusationRefusal::TooFewSwords => "an accusation needs at least 4 swords on the table",
            AccusationRefusal::NoOneLeft => "every other player is already revealed",
            AccusationRefusal::Themselves => "a player may never accuse himself",
            AccusationRefusal::TargetRevealed => "that player is already revealed",
        })
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::GameOver => f.write_str("the game is over"),
            RuleError::NotYourDecision { seat, decider } => match decider {
                Some(d) => write!(f, "it is {d}'s decision, not {seat}'s"),
                None => write!(f, "no one has a decision to take, not even {seat}"),
            },
            RuleError::NotNow { reason } => write!(f, "not now: {reason}"),
            RuleError::QuestNotAllowed { quest } => {
                write!(
                    f,
                    "the top card of the Threats pile does not allow the {} quest",
                    quest.name()
                )
            }
            RuleError::NoCardsLeft => f.write_str("there are no Rumor cards left to draw"),
            RuleError::AccusationNotAllowed { reason } => write!(f, "no accusation: {reason}"),
            RuleError::BadTarget { target } => write!(f, "{target} cannot be chosen"),
            RuleError::KnightNotHeld { knight } => write!(f, "you hold no {} card", knight.name()),
            RuleError::AnnouncementNotAllowed { card } => {
                write!(f, "a loyal knight must announce the card drawn, not {card}")
            }
            RuleError::BadChoice { reason } => write!(f, "{reason}"),
        }
    }
}

impl std::error::Error for RuleError {}

/// The visible top of the Threats pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "face", rename_all = "snake_case")]
pub enum TopCard {
    FaceUp {
        card: Card,
    },
    /// Placed face down under Morgan #1: only the drawer's announcement is known.
    FaceDown {
        announced: Card,
    },
}

impl TopCard {
    /// The card the table goes by (the card itself, or the announcement).
    pub fn shown(self) -> Card {
        match self {
            TopCard::FaceUp { card } => card,
            TopCard::FaceDown { announced } => announced,
        }
    }
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Loyal,
    Evil,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The sword test after the final reveal.
    Swords,
    /// Morgan #7 and a main quest total of 14 or more.
    Morgan7,
}

/// Something that happened. Public events may be shown to everyone; [`Event::Private`] only to its seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TurnBegins {
        seat: Seat,
        turn: u32,
    },
    /// Under Morgan #2: the number this listener says aloud.
    CountAloud {
        seat: Seat,
        number: u32,
    },
    CardPlaced {
        seat: Seat,
        top: TopCard,
    },
    DeckReshuffled {
        cards: u32,
    },
    SilenceBegins,
    SilenceEnds,
    Morgan1Begins,
    Morgan2Begins,
    /// A Merlin ended Morgan #1 and #2's effects.
    MorganEffectsEnd,
    Merlin4TokenPlaced {
        seat: Seat,
    },
    /// Vivien's exchange: the drawer gave the other set-aside card to `recipient`, or, with no
    /// other unrevealed player left, exchanges alone (`None`).
    VivienExchange {
        drawer: Seat,
        recipient: Option<Seat>,
    },
    /// Vivien does nothing at all, and why.
    VivienDoesNothing {
        drawer: Seat,
        why: NoExchange,
    },
    LoyaltyKept {
        seat: Seat,
    },
    WentOnQuest {
        seat: Seat,
        quest: Quest,
        merlin6_bonus: u8,
    },
    ArthurPlayed {
        by: Seat,
        quester: Seat,
    },
    GawainPlayed {
        by: Seat,
        card: Option<Card>,
    },
    QuestResolved {
        resolution: Box<Resolution>,
    },
    SwordsPlaced {
        colour: Colour,
        count: u8,
    },
    /// Swords ran out (16 in all): these could not be placed.
    SwordsRanOut {
        colour: Colour,
        count: u8,
    },
    KnightDrawn {
        seat: Seat,
    },
    /// A failed quest's quester would draw a Knight card, but none are left.
    NoKnightLeft {
        seat: Seat,
    },
    MorganShuffledIn,
    TristanPlayed {
        seat: Seat,
    },
    GalahadPlayed {
        seat: Seat,
        target: Seat,
    },
    Accused {
        accuser: Seat,
        target: Seat,
    },
    PercivalPlayed {
        by: Seat,
    },
    LoyaltyRevealed {
        seat: Seat,
        loyalty: Loyalty,
    },
    SwordsFlipped {
        count: u8,
    },
    /// Neither side holds 7 swords after the final reveal: play goes on.
    PlayGoesOn,
    TraitorSpreadsRumors {
        seat: Seat,
    },
    Passed {
        seat: Seat,
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

/// Why a Vivien does nothing (card-game.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoExchange {
    /// There are no Loyalty cards in play (solo).
    SoloPlay,
    /// Its drawer is revealed.
    DrawerRevealed,
}

impl Event {
    pub fn is_public(&self) -> bool {
        !matches!(self, Event::Private { .. })
    }
}

/// What only one seat sees.
///
/// Serde form: `{"saw": "drew", "card": "dragon:3"}` (read through `serde_forms::PrivateRecord`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "saw", rename_all = "snake_case")]
pub enum PrivateEvent {
    /// Under Morgan #1, the card drawn.
    Drew {
        card: Card,
    },
    /// A revealed Traitor's two cards (saved as a list of two).
    DrewTwo {
        cards: [Card; 2],
    },
    /// Vivien: the Loyalty card held and the one offered.
    VivienOffer {
        current: Loyalty,
        offered: Loyalty,
    },
    KeptLoyalty {
        loyalty: Loyalty,
    },
    Merlin4Quest {
        quest: Quest,
    },
    KnightDrawn {
        knight: Knight,
    },
    /// Tristan: the Rumor deck, top card first.
    DeckSeen {
        cards: Vec<Card>,
    },
    /// Galahad: another player's Loyalty.
    LoyaltySeen {
        seat: Seat,
        loyalty: Loyalty,
    },
    /// Gawain's three cards.
    GawainDrew {
        cards: Vec<Card>,
    },
}

/// Where events go: a `Vec<Event>`, or [`NoEvents`] when nobody listens (fast simulations).
pub trait EventSink {
    fn wants(&self) -> bool;
    fn push(&mut self, e: Event);
}

impl EventSink for Vec<Event> {
    fn wants(&self) -> bool {
        true
    }
    fn push(&mut self, e: Event) {
        Vec::push(self, e)
    }
}

/// An event sink that drops everything.
pub struct NoEvents;

impl EventSink for NoEvents {
    fn wants(&self) -> bool {
        false
    }
    fn push(&mut self, _: Event) {}
}
