//! The resolution stack's steps: each [`Frame`] waits for one seat's decision or resolves on its
//! own (`flow.rs` runs them).

use super::*;
use crate::action::{DiscardCause, ShareKind};

/// Where a black card came from (§3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Source {
    /// The Progression of Evil's draw, by choice.
    Choice,
    /// One of Morgan 3's three (never cancelled, §9.7).
    Morgan3,
    /// The revealed Traitor's draw.
    Traitor,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum BlackStage {
    Start,
    FaceChoice,
    Merlins,
    Excalibur,
    Effect,
    WarChoice,
}

/// A black card being resolved (§3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct BlackStep {
    pub card: Black,
    pub drawer: Seat,
    pub source: Source,
    pub stage: BlackStage,
    pub face_down: bool,
    /// Merlins committed toward a cancellation, per seat.
    pub committed: [u8; 7],
    /// Seats polled so far, counted from the drawer.
    pub asked: u8,
    pub who: Seat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum QuestStage {
    Start,
    Kay,
    Settle,
    Rewards,
    Spoils,
}

/// A quest being resolved (§4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct QuestEnd {
    pub quest: Quest,
    pub stage: QuestStage,
    pub won: bool,
    /// The knight whose action completed it successfully.
    pub winner: Option<Seat>,
    /// Knights present when it ended (bits by seat).
    pub present: u8,
    pub white: u8,
    pub black: u8,
    pub kay: Option<White>,
    pub kay_seat: Seat,
    /// The active knight when it ended (dealing order, §9.20).
    pub active: Seat,
    /// Heroism lay on it (noted and discarded at step 2; its sword follows at step 5).
    #[serde(default)]
    pub heroism: bool,
}

/// A siege-engine fight (§4.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Siege {
    pub fighter: Seat,
    /// Fight cards of each value 1–5 committed.
    pub cards: [u8; 5],
    /// 0 until rolled.
    pub roll: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ShareStage {
    ChooseLead,
    Propose,
    Accept,
}

/// Face-up white cards shared by agreement, or else dealt at random (§2.7, §4.1, §9.20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Share {
    pub kind: ShareKind,
    pub cards: [White; 7],
    pub len: u8,
    /// Recipients (bits by seat).
    pub to: u8,
    /// Proposes, and is dealt first.
    pub lead: Seat,
    /// An absent winner choosing the lead.
    pub chooser: Seat,
    pub stage: ShareStage,
    pub proposal: [Seat; 7],
    pub assigned: u8,
    pub asked: u8,
    pub who: Seat,
}

/// One pending step of the resolution stack. The top one is being decided; those under it resume
/// when it is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub(crate) enum Frame {
    /// The opening gesture: seats from the first player lay a card (polled in turn).
    Offer {
        asked: u8,
        cards: [White; 7],
        len: u8,
    },
    Share(Share),
    /// Lancelot's Armor: keep one of the two drawn.
    ArmorKeep {
        drawer: Seat,
        cards: [Black; 2],
        source: Source,
    },
    /// Percival with the Armor: which of the two seen goes to the bottom.
    PercivalBottom {
        cards: [Black; 2],
    },
    Black(BlackStep),
    Morgan3 {
        drawer: Seat,
        left: u8,
    },
    /// Morgan 2 or 5: the volunteer poll (§9.8).
    Volunteer {
        morgan: u8,
        drawer: Seat,
        asked: u8,
        who: Seat,
    },
    /// A seat discards cards of its choice.
    Discard {
        seat: Seat,
        left: u8,
        #[serde(default)]
        cause: DiscardCause,
    },
    /// A knight at 0 life: the Grail's owner may save him (§3.4).
    Dying {
        seat: Seat,
        owner: Option<Seat>,
    },
    QuestEnd(QuestEnd),
    Siege(Siege),
    /// Convocation: every knight away from Camelot is asked (§1.3).
    Convocation {
        player: Seat,
        asked: u8,
        who: Seat,
    },
    Messenger {
        from: Seat,
        to: Seat,
        given: u8,
    },
    Clairvoyance {
        player: Seat,
        cards: [Black; CLAIRVOYANCE_CARDS],
        len: u8,
        placed: u8,
    },
    /// King Arthur's exchange: the recipient gives a card back.
    Arthur {
        arthur: Seat,
        to: Seat,
        card: White,
    },
}
