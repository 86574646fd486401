//! The game's state: the setup, the board, the hands and piles, the turn, and the resolution stack.
//!
//! A game is its [`Setup`] (seed and optional explicit [`Deal`] included) and its actions: replaying
//! them gives the same game exactly. Randomness comes only from the seeded generator in the state.
//! The rules themselves are in `flow.rs` (the resolution stack), `legal.rs` (what may be done) and
//! `perform.rs` (doing it).

use crate::action::{
    Colour, DiscardCause, EndReason, Event, PrivateEvent, Seat, SetupError, ShareKind, Side,
};
use crate::data::*;
use camelot_kit::{GameRng, rng_from_seed, shuffle};
use rand::RngExt;
use serde::{Deserialize, Serialize};

/// The save format's version. Bump it when the serialized shape of [`Game`] changes.
pub const FORMAT_VERSION: u32 = 2;

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

/// Options chosen at game creation (§8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    pub traitor: TraitorRule,
    /// Three players: nobody looks at his loyalty card until the accusation threshold (§8.3).
    pub three_player_peek: bool,
    /// The Squire's challenge (§8.5): a squire's starting life (4, or 3 for the harder challenge)…
    pub squire_life: u8,
    /// … and his white cards besides the Merlin (5, or fewer).
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

/// Chance fixed in advance, for scripted checks of the rules. Each list is used up in order, one
/// entry each time that chance is met; once a list is used up, the seeded generator takes over.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Chance {
    /// The siege die's rolls (§4.8).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<Roll>,
    /// Random picks, each the position of what is picked among what it is picked from (counted
    /// round them when beyond their number; a single choice uses none): the card the revealed
    /// Traitor takes (§6.3), among the cards of the hand he takes from in card order; and each card
    /// dealt at random when a share is not agreed (§4.1, §9.20), among the cards still to deal in
    /// the order they were laid or won, the first one dealt first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub picks: Vec<u8>,
}

impl Chance {
    pub fn is_empty(&self) -> bool {
        self.rolls.is_empty() && self.picks.is_empty()
    }
}

/// A face of the siege die, 1 to 8: there is no other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Roll(u8);

impl Roll {
    /// The face `face`, if the die has it.
    pub fn new(face: u8) -> Option<Roll> {
        (1..=SIEGE_DIE_FACES).contains(&face).then_some(Roll(face))
    }

    pub fn face(self) -> u8 {
        self.0
    }
}

/// A number that is not a face of the siege die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAFace(pub u8);

impl std::fmt::Display for NotAFace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the siege die has faces 1 to {SIEGE_DIE_FACES}, not {}",
            self.0
        )
    }
}

impl std::error::Error for NotAFace {}

impl TryFrom<u8> for Roll {
    type Error = NotAFace;

    fn try_from(face: u8) -> Result<Roll, NotAFace> {
        Roll::new(face).ok_or(NotAFace(face))
    }
}

impl From<Roll> for u8 {
    fn from(roll: Roll) -> u8 {
        roll.0
    }
}

/// How much of the fixed chance has been used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ChanceUsed {
    pub rolls: u32,
    pub picks: u32,
}

impl ChanceUsed {
    pub fn is_none(&self) -> bool {
        self.rolls == 0 && self.picks == 0
    }
}

/// A hand of white cards, as counts of each kind (hands are sets of identical-looking cards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    counts: [u8; WHITE_KINDS],
    len: u8,
}

impl Hand {
    #[inline(always)]
    pub fn len(&self) -> u8 {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    pub fn count(&self, card: White) -> u8 {
        self.counts[card.index()]
    }

    #[inline(always)]
    pub fn has(&self, card: White) -> bool {
        self.counts[card.index()] > 0
    }

    #[inline(always)]
    pub(crate) fn add(&mut self, card: White) {
        self.counts[card.index()] += 1;
        self.len += 1;
    }

    #[inline(always)]
    pub(crate) fn remove(&mut self, card: White) -> bool {
        let c = &mut self.counts[card.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        self.len -= 1;
        true
    }

    /// The kinds held, in card order.
    pub fn kinds(&self) -> impl Iterator<Item = White> + '_ {
        White::ALL
            .into_iter()
            .filter(|w| self.counts[w.index()] > 0)
    }

    /// Every card, in card order.
    pub fn cards(&self) -> Vec<White> {
        let mut v = Vec::with_capacity(usize::from(self.len));
        for w in White::ALL {
            for _ in 0..self.counts[w.index()] {
                v.push(w);
            }
        }
        v
    }

    pub fn counts(&self) -> &[u8; WHITE_KINDS] {
        &self.counts
    }

    /// The card at position `k` of [`Hand::cards`].
    pub(crate) fn nth(&self, mut k: u8) -> Option<White> {
        for w in White::ALL {
            let c = self.counts[w.index()];
            if k < c {
                return Some(w);
            }
            k -= c;
        }
        None
    }

    pub(crate) fn take_all(&mut self) -> Hand {
        std::mem::take(self)
    }
}

/// A black card on a combat quest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub card: Black,
    pub face_down: bool,
    /// Who drew it (the only one who knows a face-down card's value).
    pub drawer: Seat,
}

/// A combat quest's cards (§4.2–4.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    /// Fight cards of each value 1–5.
    pub(crate) counts: [u8; 5],
    /// The values in the order played.
    pub(crate) white: [u8; 9],
    pub(crate) white_len: u8,
    pub(crate) black: [Option<Placed>; 5],
    pub(crate) black_len: u8,
}

impl Combat {
    pub fn white(&self) -> &[u8] {
        &self.white[..usize::from(self.white_len)]
    }

    pub fn black(&self) -> impl Iterator<Item = Placed> + '_ {
        self.black[..usize::from(self.black_len)]
            .iter()
            .filter_map(|p| *p)
    }

    pub(crate) fn push_white(&mut self, value: u8) {
        if let (Some(slot), Some(c)) = (
            self.white.get_mut(usize::from(self.white_len)),
            self.counts.get_mut(usize::from(value.wrapping_sub(1))),
        ) {
            *slot = value;
            *c += 1;
            self.white_len += 1;
        }
    }

    pub(crate) fn push_black(&mut self, placed: Placed) {
        if let Some(slot) = self.black.get_mut(usize::from(self.black_len)) {
            *slot = Some(placed);
            self.black_len += 1;
        }
    }

    pub(crate) fn pop_black(&mut self) -> Option<Placed> {
        if self.black_len == 0 {
            return None;
        }
        self.black_len -= 1;
        self.black[usize::from(self.black_len)].take()
    }
}

/// Which side of the Lancelot/Dragon board is up (§1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LancelotBoard {
    Lancelot,
    Dragon,
    /// The Dragon is over: the board is removed.
    Removed,
}

/// A spot of the Holy Grail track (§1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Spot {
    Empty,
    Grail,
    Despair,
    Desolation,
}

impl Spot {
    pub fn is_black(self) -> bool {
        matches!(self, Spot::Despair | Spot::Desolation)
    }
}

/// A War (§4.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct War {
    /// Fight cards played: 1, 2, 3 … (the straight so far).
    pub cards: u8,
    pub warriors: u8,
    pub mordred: bool,
}

impl War {
    /// Cards the straight needs (6 with Mordred).
    pub fn needed(&self) -> u8 {
        5 + u8::from(self.mordred)
    }

    /// The value the next card must have.
    pub fn next_value(&self) -> u8 {
        (self.cards + 1).min(5)
    }
}

/// Where a relic is (§5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "at", content = "seat", rename_all = "snake_case")]
pub enum RelicState {
    /// Still on its quest.
    OnQuest,
    Owned(Seat),
    Removed,
}

/// The swords on the Round Table (white and black, as both games count them).
pub use camelot_kit::Swords;

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Side,
    pub reason: EndReason,
}

/// What the table saw a knight do: the public record a careful player keeps of each seat.
/// Every count follows from public events alone (the test `the_public_record_follows_from_public_events`
/// folds them and compares), so it tells no more than a good memory at the table would.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deeds {
    /// Siege engines he chose to add as his Progression of Evil (a revealed Traitor's included;
    /// not those of Morgan 4 or of black cards whose quest is over).
    pub siege_engines_added: u8,
    /// Black cards he chose to draw as his Progression of Evil (Morgan 3's draws not counted).
    pub black_cards_drawn: u8,
    /// Black combat cards he drew and placed face down (cancelled cards not counted).
    pub placed_face_down: u8,
    /// Life he chose to lose as his Progression of Evil.
    pub life_lost_to_evil: u8,
    /// Quests won while he was on them.
    pub quests_won: u8,
    /// Quests lost while he was on them.
    pub quests_lost: u8,
    /// White cards he played on quests: Fight cards on a combat quest or a War, Grail cards,
    /// discards on the Excalibur quest.
    pub quest_cards_played: u8,
    /// Siege engines he removed: siege fights won and Merlins played on an engine.
    pub siege_engines_removed: u8,
}

/// One seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SeatState {
    /// `None`: a squire (§8.5).
    pub knight: Option<Knight>,
    pub loyalty: Loyalty,
    pub hand: Hand,
    pub life: u8,
    pub place: Place,
    /// False once dead (a revealed Traitor is alive: he plays his turns).
    pub alive: bool,
    /// An unmasked Traitor (§6.2).
    pub revealed: bool,
    pub accused: bool,
    /// He accused a knight who proved Loyal (public).
    pub accused_loyal: bool,
    /// The turn an accusation showed him Loyal: his Loyalty is public from then on (§6.1).
    #[serde(default)]
    pub shown_loyal_on: Option<u32>,
    /// The public record of what he did.
    pub deeds: Deeds,
}

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The opening gesture (§2.7).
    Opening,
    /// Progression of Evil: the active knight chooses (§3.1).
    ProgressionOfEvil,
    /// The Progression of Evil's choice is being resolved.
    AfterEvil,
    /// Heroic Actions (§3.3).
    HeroicActions,
    /// The revealed Traitor's turn, step 1: take a card (§6.3).
    TraitorTakes,
    /// Step 2: a siege engine or a black card.
    TraitorEvil,
    /// Step 2 is being resolved.
    AfterTraitor,
    Over,
}

/// Heroic Action types (§3.3) as bits of [`TurnState::used`].
pub(crate) const TYPE_MOVE: u8 = 1;
pub(crate) const TYPE_QUEST: u8 = 2;
pub(crate) const TYPE_SPECIAL: u8 = 4;
pub(crate) const TYPE_HEAL: u8 = 8;
pub(crate) const TYPE_ACCUSE: u8 = 16;

/// What happened so far this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TurnState {
    /// Regular Heroic Actions taken (0–2).
    pub acts: u8,
    /// Types used, free ones included.
    pub used: u8,
    pub sacrificed: bool,
    pub special: bool,
    pub arthur: bool,
    /// Sir Percival looked this turn.
    pub looked: bool,
    /// The card Sir Percival knows to be on top of the black pile.
    pub seen_top: Option<Black>,
    /// The turn ends once what is being resolved is done (Guinevere, falling to 0, unmasking).
    pub ends: bool,
    /// Sacrificed the last life: dies after the action (§3.4).
    pub dies_after_action: bool,
    /// The 12th sword lies on the Round Table while the last Loyal knight, who paid his last life
    /// for the action that laid it, waits for the Grail's owner: the count follows the rescue.
    pub count_after_rescue: bool,
}

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

/// Cards left out of the game (explicit deals; unused loyalty cards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Boxed {
    pub white: [u8; WHITE_KINDS],
    pub black: [u8; BLACK_KINDS],
    pub loyal: u8,
    pub traitor: u8,
}

/// Wins and losses of each quest so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestTally {
    pub won: u8,
    pub lost: u8,
}

/// The whole game. Its serialized form is in `packed.rs`.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) format: u32,
    pub(crate) setup: Setup,
    pub(crate) n: u8,
    pub(crate) seats: Vec<SeatState>,
    /// Draw piles: the top card is the last.
    pub(crate) white_deck: Vec<White>,
    pub(crate) white_discard: Vec<White>,
    pub(crate) black_deck: Vec<Black>,
    pub(crate) black_discard: Vec<Black>,
    pub(crate) boxed: Boxed,
    pub(crate) black_knight: Combat,
    pub(crate) lancelot: Combat,
    pub(crate) dragon: Combat,
    pub(crate) lancelot_board: LancelotBoard,
    pub(crate) excalibur: i8,
    pub(crate) excalibur_over: bool,
    pub(crate) grail: [Spot; GRAIL_SPOTS],
    pub(crate) grail_over: bool,
    pub(crate) wars: [War; 2],
    pub(crate) engines: u8,
    pub(crate) swords: Swords,
    pub(crate) relics: [RelicState; 3],
    pub(crate) heroism: Option<Quest>,
    pub(crate) dark_forest: bool,
    pub(crate) vivien: bool,
    pub(crate) mists: bool,
    /// Three players: the loyalty cards have been looked at (§8.3).
    pub(crate) peeked: bool,
    pub(crate) first: Seat,
    pub(crate) current: Seat,
    pub(crate) turn: u32,
    pub(crate) phase: Phase,
    pub(crate) t: TurnState,
    pub(crate) stack: Vec<Frame>,
    /// Knights who reached 0 life and wait for their Dying step (bits by seat).
    pub(crate) fallen: u8,
    /// A knight who won Excalibur while at 0 life (§9.22).
    pub(crate) excalibur_dying: Option<Seat>,
    pub(crate) tally: [QuestTally; 7],
    pub(crate) outcome: Option<Outcome>,
    pub(crate) rng: GameRng,
    /// How much of the deal's fixed chance is used.
    pub(crate) chance_used: ChanceUsed,
    pub(crate) record: bool,
    pub(crate) events: Vec<Event>,
}

/// Record an event only when someone listens (the closure-free way, so `self` may be borrowed).
macro_rules! ev {
    ($g:expr, $e:expr) => {
        if $g.record {
            let e = $e;
            $g.events.push(e);
        }
    };
}
pub(crate) use ev;

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
            .map(|i| SeatState {
                knight: knight_of(i),
                loyalty: loyalty[i],
                hand: hands[i],
                life: if knight_of(i).is_some() {
                    START_LIFE
                } else {
                    setup.options.squire_life
                },
                place: Place::Camelot,
                alive: true,
                revealed: false,
                accused: false,
                accused_loyal: false,
                shown_loyal_on: None,
                deeds: Deeds::default(),
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

    // ---------------------------------------------------------------------------------------------
    // Reading the state
    // ---------------------------------------------------------------------------------------------

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn format(&self) -> u32 {
        self.format
    }

    pub fn players(&self) -> usize {
        usize::from(self.n)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn current(&self) -> Seat {
        self.current
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn swords(&self) -> Swords {
        self.swords
    }

    pub fn siege_engines(&self) -> u8 {
        self.engines
    }

    pub fn first_player(&self) -> Seat {
        self.first
    }

    pub fn tally(&self, quest: Quest) -> QuestTally {
        self.tally[quest.index()]
    }

    pub fn knight(&self, seat: Seat) -> Option<Knight> {
        self.seats.get(seat.index()).and_then(|s| s.knight)
    }

    pub fn life(&self, seat: Seat) -> u8 {
        self.seats.get(seat.index()).map_or(0, |s| s.life)
    }

    /// The location of a knight on the board (`None` if dead or unmasked).
    pub fn place(&self, seat: Seat) -> Option<Place> {
        self.on_board(seat).then(|| self.seats[seat.index()].place)
    }

    pub fn hand(&self, seat: Seat) -> Option<&Hand> {
        self.seats.get(seat.index()).map(|s| &s.hand)
    }

    pub fn loyalty(&self, seat: Seat) -> Option<Loyalty> {
        self.seats.get(seat.index()).map(|s| s.loyalty)
    }

    pub fn is_alive(&self, seat: Seat) -> bool {
        self.seats.get(seat.index()).is_some_and(|s| s.alive)
    }

    pub fn is_revealed(&self, seat: Seat) -> bool {
        self.seats.get(seat.index()).is_some_and(|s| s.revealed)
    }

    pub fn has_accused(&self, seat: Seat) -> bool {
        self.seats.get(seat.index()).is_some_and(|s| s.accused)
    }

    /// Whether this knight accused a knight who proved Loyal (the table saw it).
    pub fn accused_a_loyal_knight(&self, seat: Seat) -> bool {
        self.seats
            .get(seat.index())
            .is_some_and(|s| s.accused_loyal)
    }

    /// The turn an accusation showed this knight Loyal (public from then on, §6.1).
    pub fn shown_loyal_on(&self, seat: Seat) -> Option<u32> {
        self.seats.get(seat.index()).and_then(|s| s.shown_loyal_on)
    }

    /// The public record of what the knight at `seat` did.
    pub fn deeds(&self, seat: Seat) -> Deeds {
        self.seats
            .get(seat.index())
            .map_or(Deeds::default(), |s| s.deeds)
    }

    /// Add to the public record of `seat` (counts stop at 255).
    #[inline(always)]
    pub(crate) fn deed(&mut self, seat: Seat, count: impl FnOnce(&mut Deeds) -> &mut u8) {
        if let Some(s) = self.seats.get_mut(seat.index()) {
            let c = count(&mut s.deeds);
            *c = c.saturating_add(1);
        }
    }

    pub fn relic(&self, relic: Relic) -> RelicState {
        self.relics[relic.index()]
    }

    pub fn excalibur_position(&self) -> i8 {
        self.excalibur
    }

    pub fn grail_track(&self) -> &[Spot; GRAIL_SPOTS] {
        &self.grail
    }

    pub fn war(&self, war: Quest) -> Option<&War> {
        match war {
            Quest::PictWar => Some(&self.wars[0]),
            Quest::SaxonWar => Some(&self.wars[1]),
            _ => None,
        }
    }

    pub fn combat(&self, quest: Quest) -> Option<&Combat> {
        match quest {
            Quest::BlackKnight => Some(&self.black_knight),
            Quest::Lancelot => Some(&self.lancelot),
            Quest::Dragon => Some(&self.dragon),
            _ => None,
        }
    }

    pub fn lancelot_board(&self) -> LancelotBoard {
        self.lancelot_board
    }

    pub fn heroism(&self) -> Option<Quest> {
        self.heroism
    }

    pub fn dark_forest(&self) -> bool {
        self.dark_forest
    }

    pub fn vivien(&self) -> bool {
        self.vivien
    }

    pub fn mists_of_avalon(&self) -> bool {
        self.mists
    }

    pub fn white_deck_len(&self) -> usize {
        self.white_deck.len()
    }

    pub fn black_deck_len(&self) -> usize {
        self.black_deck.len()
    }

    /// Whether the players know their loyalty cards (three players: only from the threshold on).
    pub fn loyalty_known(&self) -> bool {
        self.peeked
    }

    /// Accusations are allowed (§6.1): 6 siege engines or 6 swords.
    pub fn threshold_met(&self) -> bool {
        self.engines >= ACCUSATION_THRESHOLD || self.swords.total() >= ACCUSATION_THRESHOLD
    }

    #[inline(always)]
    pub(crate) fn s(&self, seat: Seat) -> &SeatState {
        &self.seats[seat.index()]
    }

    #[inline(always)]
    pub(crate) fn sm(&mut self, seat: Seat) -> &mut SeatState {
        &mut self.seats[seat.index()]
    }

    /// Living and not unmasked: has a miniature, a hand and a life die.
    #[inline(always)]
    pub fn on_board(&self, seat: Seat) -> bool {
        self.seats
            .get(seat.index())
            .is_some_and(|s| s.alive && !s.revealed)
    }

    pub(crate) fn has_knight(&self, seat: Seat, knight: Knight) -> bool {
        self.seats
            .get(seat.index())
            .is_some_and(|s| s.knight == Some(knight) && s.alive && !s.revealed)
    }

    /// Every seat clockwise from `start` (itself first).
    #[inline(always)]
    pub(crate) fn seats_from(&self, start: Seat) -> impl Iterator<Item = Seat> + use<> {
        let n = self.n;
        let s = start.0.min(n);
        // One range rather than a chain of two: a simpler loop wherever it is used.
        (s..s + n).map(move |i| Seat(if i < n { i } else { i - n }))
    }

    /// The seat `k` places clockwise from `start`.
    #[inline(always)]
    pub(crate) fn offset(&self, start: Seat, k: u8) -> Seat {
        // Without a division: `start` and `k` are below the table's size (or `k` equals it).
        let (s, n) = (u16::from(start.0) + u16::from(k), u16::from(self.n.max(1)));
        Seat(if s < n {
            s
        } else if s < 2 * n {
            s - n
        } else {
            s % n
        } as u8)
    }

    /// Knights on the board at `place` (bits by seat).
    pub(crate) fn present_at(&self, place: Place) -> u8 {
        let mut bits = 0u8;
        for (i, s) in self.seats.iter().enumerate() {
            if s.alive && !s.revealed && s.place == place {
                bits |= 1 << i;
            }
        }
        bits
    }

    pub(crate) fn owner(&self, relic: Relic) -> Option<Seat> {
        match self.relics[relic.index()] {
            RelicState::Owned(s) => Some(s),
            _ => None,
        }
    }

    pub fn quest_in_play(&self, quest: Quest) -> bool {
        match quest {
            Quest::BlackKnight | Quest::PictWar | Quest::SaxonWar => true,
            Quest::Lancelot => self.lancelot_board == LancelotBoard::Lancelot,
            Quest::Dragon => self.lancelot_board == LancelotBoard::Dragon,
            Quest::Excalibur => !self.excalibur_over,
            Quest::Grail => !self.grail_over,
        }
    }

    pub fn place_in_play(&self, place: Place) -> bool {
        place.quest().is_none_or(|q| self.quest_in_play(q))
    }

    pub(crate) fn war_mut(&mut self, war: Quest) -> &mut War {
        if war == Quest::SaxonWar {
            &mut self.wars[1]
        } else {
            &mut self.wars[0]
        }
    }

    pub(crate) fn combat_mut(&mut self, quest: Quest) -> &mut Combat {
        match quest {
            Quest::Lancelot => &mut self.lancelot,
            Quest::Dragon => &mut self.dragon,
            _ => &mut self.black_knight,
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Chance
    // ---------------------------------------------------------------------------------------------

    fn chance(&self) -> Option<&Chance> {
        self.setup.deal.as_ref().map(|d| &d.chance)
    }

    /// The siege die (§4.8): the deal's next fixed roll, else the seeded generator's.
    pub(crate) fn roll_siege_die(&mut self) -> u8 {
        let used = self.chance_used.rolls;
        let fixed = self
            .chance()
            .and_then(|c| c.rolls.get(used as usize))
            .copied();
        match fixed {
            Some(roll) => {
                self.chance_used.rolls = used + 1;
                roll.face()
            }
            None => self.rng.random_range(1..=SIEGE_DIE_FACES),
        }
    }

    /// The deal's next fixed pick among `choices` (counted round them), if one is left. A single
    /// choice is no pick, and uses none.
    pub(crate) fn fixed_pick(&mut self, choices: u8) -> Option<u8> {
        if choices < 2 {
            return None;
        }
        let used = self.chance_used.picks;
        let pick = *self.chance()?.picks.get(used as usize)?;
        self.chance_used.picks = used + 1;
        Some(pick % choices)
    }

    // ---------------------------------------------------------------------------------------------
    // Cards
    // ---------------------------------------------------------------------------------------------

    /// Draw the top white card (the reshuffle rule of §3.2 step 6; nothing if both piles are empty).
    pub(crate) fn pop_white(&mut self) -> Option<White> {
        if self.white_deck.is_empty() {
            self.refill(Colour::White);
        }
        let card = self.white_deck.pop()?;
        if self.white_deck.is_empty() {
            self.reshuffle(Colour::White);
        }
        Some(card)
    }

    /// Draw the top black card (same rule).
    pub(crate) fn pop_black(&mut self) -> Option<Black> {
        if self.black_deck.is_empty() {
            self.refill(Colour::Black);
        }
        let card = self.black_deck.pop()?;
        if self.black_deck.is_empty() {
            self.reshuffle(Colour::Black);
        }
        Some(card)
    }

    /// A draw pile of colour `emptied` ran out by a draw: its discard pile becomes the new pile, and
    /// the other colour's discard pile is shuffled together with its draw pile (§3.2 step 6: "this
    /// applies whenever either pile empties", even when the emptied colour has no discards).
    fn reshuffle(&mut self, emptied: Colour) {
        let nothing = match emptied {
            Colour::White => {
                self.white_discard.is_empty()
                    && self.black_discard.is_empty()
                    && self.black_deck.len() < 2
            }
            Colour::Black => {
                self.black_discard.is_empty()
                    && self.white_discard.is_empty()
                    && self.white_deck.len() < 2
            }
        };
        if nothing {
            // Nothing to turn over and nothing to mix: the piles stay as they are.
            return;
        }
        self.white_deck.append(&mut self.white_discard);
        shuffle(&mut self.white_deck, &mut self.rng);
        self.black_deck.append(&mut self.black_discard);
        shuffle(&mut self.black_deck, &mut self.rng);
        ev!(self, Event::DecksReshuffled);
    }

    /// A draw from a pile that was left empty (its discards were empty when it ran out): the
    /// discards gathered since become the new pile.
    fn refill(&mut self, colour: Colour) {
        let refilled = match colour {
            Colour::White => refill(&mut self.white_deck, &mut self.white_discard, &mut self.rng),
            Colour::Black => refill(&mut self.black_deck, &mut self.black_discard, &mut self.rng),
        };
        if refilled {
            ev!(self, Event::DecksReshuffled);
        }
    }

    /// Whether a black card can be drawn at all.
    pub(crate) fn can_draw_black(&self) -> bool {
        !self.black_deck.is_empty() || !self.black_discard.is_empty()
    }

    /// `seat` draws `count` white cards into his hand.
    pub(crate) fn draw_white(&mut self, seat: Seat, count: u8) {
        let mut drawn: Vec<White> = Vec::new();
        let mut got = 0u8;
        for _ in 0..count {
            let Some(w) = self.pop_white() else { break };
            self.sm(seat).hand.add(w);
            got += 1;
            if self.record {
                drawn.push(w);
            }
        }
        if got > 0 {
            ev!(self, Event::WhiteCardsDrawn { seat, count: got });
            ev!(
                self,
                Event::Private {
                    seat,
                    private: PrivateEvent::WhiteCardsDrawn { cards: drawn },
                }
            );
        }
    }

    /// `seat` discards one card of his hand.
    pub(crate) fn discard_from_hand(&mut self, seat: Seat, card: White) -> bool {
        if self.sm(seat).hand.remove(card) {
            self.white_discard.push(card);
            true
        } else {
            false
        }
    }

    pub(crate) fn discard_hand(&mut self, seat: Seat) {
        let hand = self.sm(seat).hand.take_all();
        let cards = hand.cards();
        let count = hand.len();
        self.white_discard.extend_from_slice(&cards);
        if count > 0 {
            ev!(self, Event::CardsDiscarded { seat, count });
            ev!(
                self,
                Event::Private {
                    seat,
                    private: PrivateEvent::CardsDiscarded { cards },
                }
            );
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Life, engines, swords, and the end of the game
    // ---------------------------------------------------------------------------------------------

    /// Gain life (max 6). A knight at 0 who is about to die gains nothing (§3.4).
    pub(crate) fn gain_life(&mut self, seat: Seat, amount: u8) {
        if !self.on_board(seat) || self.s(seat).life == 0 || amount == 0 {
            return;
        }
        let s = self.sm(seat);
        let life = (s.life + amount).min(MAX_LIFE);
        if life != s.life {
            s.life = life;
            ev!(self, Event::LifeChanged { seat, life });
        }
    }

    /// Lose life; reaching 0 makes the knight fall (his Dying step follows).
    pub(crate) fn lose_life(&mut self, seat: Seat, amount: u8) {
        if !self.on_board(seat) || self.s(seat).life == 0 || amount == 0 {
            return;
        }
        let s = self.sm(seat);
        s.life = s.life.saturating_sub(amount);
        let life = s.life;
        ev!(self, Event::LifeChanged { seat, life });
        if life == 0 {
            self.fallen |= 1 << seat.0;
            ev!(self, Event::KnightFalls { seat });
        }
    }

    pub(crate) fn add_engines(&mut self, count: u8) {
        for _ in 0..count {
            if self.is_over() {
                return;
            }
            self.engines += 1;
            ev!(
                self,
                Event::SiegeEngineAdded {
                    engines: self.engines
                }
            );
            if self.engines >= SIEGE_ENGINES_LOSE {
                self.end_game(Side::Evil, EndReason::SiegeEngines);
                return;
            }
        }
        self.check_peek();
    }

    pub(crate) fn lay_swords(&mut self, colour: Colour, count: u8) {
        if self.is_over() {
            return;
        }
        let count = count.min(SWORDS_IN_ALL - self.swords.total());
        if count == 0 {
            return;
        }
        match colour {
            Colour::White => self.swords.white += count,
            Colour::Black => self.swords.black += count,
        }
        ev!(self, Event::SwordsLaid { colour, count });
        if self.swords.black >= BLACK_SWORDS_LOSE {
            self.end_game(Side::Evil, EndReason::BlackSwords);
            return;
        }
        self.check_peek();
    }

    /// The three-player peek (§8.3, §9.4): at the first moment the threshold is met.
    pub(crate) fn check_peek(&mut self) {
        if self.peeked || !self.threshold_met() {
            return;
        }
        self.peeked = true;
        ev!(self, Event::LoyaltyCardsLookedAt);
        for i in 0..self.n {
            let seat = Seat(i);
            let loyalty = self.s(seat).loyalty;
            ev!(
                self,
                Event::Private {
                    seat,
                    private: PrivateEvent::Loyalty { loyalty },
                }
            );
        }
    }

    /// Twelve swords or more (§7.4): the end reveal and the count.
    pub(crate) fn check_twelve_swords(&mut self) {
        if self.is_over() || self.swords.total() < SWORDS_END {
            return;
        }
        // §7.3 before §7.4 (NL-FAQ): the last Loyal knight dying with this same action loses the
        // game even with 12 swords and a white majority. A knight who paid his last life for the
        // action dies after it whatever its result (§3.4); only the Grail can save him, and its
        // owner (he himself, or the Traitor) decides before the swords are counted.
        let seat = self.current;
        let last_loyal_dies = self.t.dies_after_action
            && self.on_board(seat)
            && self.s(seat).life == 0
            && self.s(seat).loyalty == Loyalty::Loyal
            && self
                .seats
                .iter()
                .enumerate()
                .all(|(i, s)| i == seat.index() || !s.alive || s.loyalty != Loyalty::Loyal);
        if last_loyal_dies {
            if self.owner(Relic::Grail).is_some_and(|o| self.on_board(o)) {
                self.t.count_after_rescue = true;
                self.stack.push(Frame::Dying { seat, owner: None });
            } else {
                self.kill(seat);
            }
            return;
        }
        let traitor = (0..self.n)
            .map(Seat)
            .find(|&s| self.on_board(s) && self.s(s).loyalty == Loyalty::Traitor);
        let mut flipped = 0;
        if traitor.is_some() {
            flipped = TRAITOR_END_FLIP.min(self.swords.white);
            self.swords.white -= flipped;
            self.swords.black += flipped;
        }
        ev!(self, Event::EndReveal { traitor, flipped });
        // §9.24: only white > black decides.
        let winner = if self.swords.white > self.swords.black {
            Side::Loyal
        } else {
            Side::Evil
        };
        self.end_game(winner, EndReason::Swords);
    }

    pub(crate) fn end_game(&mut self, winner: Side, reason: EndReason) {
        if self.outcome.is_some() {
            return;
        }
        self.outcome = Some(Outcome { winner, reason });
        self.phase = Phase::Over;
        self.release_frames();
        self.fallen = 0;
        ev!(self, Event::GameOver { winner, reason });
    }

    /// The game is over: the steps still pending are dropped, and the cards they held go back
    /// where they belong (every card stays in exactly one place).
    fn release_frames(&mut self) {
        for frame in std::mem::take(&mut self.stack) {
            match frame {
                Frame::Offer { cards, len, .. } => {
                    self.white_discard
                        .extend_from_slice(&cards[..usize::from(len)]);
                }
                Frame::Share(sh) => {
                    self.white_discard
                        .extend_from_slice(&sh.cards[..usize::from(sh.len)]);
                }
                Frame::ArmorKeep { cards, .. } | Frame::PercivalBottom { cards } => {
                    self.black_discard.extend_from_slice(&cards);
                }
                Frame::Black(b) => {
                    self.black_discard.push(b.card);
                    for (i, &k) in b.committed.iter().enumerate() {
                        if let Some(seat) = self.seats.get_mut(i) {
                            for _ in 0..k {
                                seat.hand.add(White::Merlin);
                            }
                        }
                    }
                }
                Frame::Morgan3 { .. } => self.black_discard.push(Black::Morgan3),
                Frame::Siege(s) => {
                    for v in 1..=5u8 {
                        if let Some(w) = White::fight(v) {
                            for _ in 0..s.cards[usize::from(v - 1)] {
                                self.white_discard.push(w);
                            }
                        }
                    }
                }
                Frame::Clairvoyance { cards, len, .. } => {
                    for i in (0..usize::from(len)).rev() {
                        self.black_deck.push(cards[i]);
                    }
                }
                Frame::Arthur { arthur, card, .. } => self.sm(arthur).hand.add(card),
                // A quest lost in its life step by the last Loyal knight's death (§7.3): its cards
                // are already discarded (step 2) and its board turned (step 7); its relic, no
                // longer anyone's to win, leaves the game (§4.1) rather than lie on a quest that
                // is over.
                Frame::QuestEnd(qe)
                    if qe.stage != QuestStage::Start && qe.stage != QuestStage::Kay =>
                {
                    if let Some(relic) = qe.quest.rules().relic
                        && self.relics[relic.index()] == RelicState::OnQuest
                        && !qe.won
                    {
                        self.relics[relic.index()] = RelicState::Removed;
                    }
                }
                Frame::Volunteer { .. }
                | Frame::Discard { .. }
                | Frame::Dying { .. }
                | Frame::QuestEnd(_)
                | Frame::Convocation { .. }
                | Frame::Messenger { .. } => {}
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Knights leaving the board
    // ---------------------------------------------------------------------------------------------

    /// A knight leaves his place: a solo quest he was on loses its white cards (§4.1).
    pub(crate) fn leave_place(&mut self, seat: Seat) {
        let place = self.s(seat).place;
        let quest = match place {
            Place::BlackKnight => Quest::BlackKnight,
            Place::Lancelot => Quest::Lancelot,
            _ => return,
        };
        let combat = self.combat_mut(quest);
        let cards = combat.white_len;
        if cards == 0 {
            return;
        }
        let played: Vec<u8> = combat.white().to_vec();
        combat.white_len = 0;
        combat.counts = [0; 5];
        for v in played {
            if let Some(w) = White::fight(v) {
                self.white_discard.push(w);
            }
        }
        ev!(self, Event::SoloQuestAbandoned { quest, cards });
    }

    pub(crate) fn move_knight(&mut self, seat: Seat, to: Place, free: bool) {
        if self.s(seat).place == to {
            return;
        }
        self.leave_place(seat);
        self.sm(seat).place = to;
        ev!(self, Event::KnightMoved { seat, to, free });
    }

    /// Relics a knight loses when he leaves the board (death: all three; unmasking: not the Armor).
    fn lose_relics(&mut self, seat: Seat, armor_too: bool) {
        for relic in Relic::ALL {
            if relic == Relic::LancelotsArmor && !armor_too {
                continue;
            }
            if self.relics[relic.index()] == RelicState::Owned(seat) {
                self.relics[relic.index()] = RelicState::Removed;
                ev!(self, Event::RelicRemoved { relic });
            }
        }
    }

    /// Death (§3.4): hand discarded, relics removed, miniature off the board.
    pub(crate) fn kill(&mut self, seat: Seat) {
        if !self.on_board(seat) {
            return;
        }
        self.discard_hand(seat);
        self.lose_relics(seat, true);
        self.leave_place(seat);
        let s = self.sm(seat);
        s.alive = false;
        s.life = 0;
        if self.excalibur_dying == Some(seat) {
            self.excalibur_dying = None;
        }
        ev!(self, Event::KnightDies { seat });
        if seat == self.current {
            self.t.ends = true;
        }
        let loyal_alive = self
            .seats
            .iter()
            .any(|s| s.alive && s.loyalty == Loyalty::Loyal);
        if !loyal_alive {
            self.end_game(Side::Evil, EndReason::LoyalKnightsDead);
        }
    }

    /// Unmasking (§6.2): hand discarded, off the board, Excalibur and the Grail removed, the Armor
    /// kept; his own turn ends.
    pub(crate) fn unmask(&mut self, seat: Seat) {
        if !self.on_board(seat) {
            return;
        }
        ev!(self, Event::TraitorUnmasked { seat });
        self.discard_hand(seat);
        self.lose_relics(seat, false);
        self.leave_place(seat);
        let s = self.sm(seat);
        s.revealed = true;
        s.life = 0;
        self.fallen &= !(1 << seat.0);
        if seat == self.current {
            self.t.ends = true;
        }
    }
}

impl Game {
    // ---------------------------------------------------------------------------------------------
    // Joining and leaving mid-game (§8.4)
    // ---------------------------------------------------------------------------------------------

    /// Join and Leave are offered: the table allows it and a turn is starting (its active seat
    /// decides and nothing is being resolved: no Percival look, no card taken yet).
    pub(crate) fn table_may_change(&self) -> bool {
        self.setup.options.join_and_leave
            && self.stack.is_empty()
            && !self.t.looked
            && matches!(self.phase, Phase::ProgressionOfEvil | Phase::TraitorTakes)
    }

    /// The loyalty cards a newcomer may be dealt, as (Loyal, Traitor) counts: the cards left out
    /// of the deal (§8.1: never the Traitor removed for beginners; §8.2: the deck of N+1 Loyal
    /// cards and the Traitor for the N+1 players, less the cards dealt).
    fn unused_loyalty(&self) -> (u8, u8) {
        match self.setup.options.traitor {
            TraitorRule::Standard => (self.boxed.loyal, self.boxed.traitor),
            TraitorRule::NoTraitor => (self.boxed.loyal, 0),
            TraitorRule::AmongUs => {
                let dealt_loyal = self
                    .seats
                    .iter()
                    .filter(|s| s.loyalty == Loyalty::Loyal)
                    .count() as u8;
                let loyal = (self.n + 1).saturating_sub(dealt_loyal);
                (loyal.min(self.boxed.loyal), self.boxed.traitor)
            }
        }
    }

    /// Coats of Arms nobody at the table has (the dead keep theirs).
    fn unused_knights(&self) -> Vec<Knight> {
        Knight::ALL
            .into_iter()
            .filter(|&k| !self.seats.iter().any(|s| s.knight == Some(k)))
            .collect()
    }

    /// A seat, a Coat of Arms and a loyalty card are free for a newcomer.
    pub(crate) fn can_join(&self) -> bool {
        let (loyal, traitor) = self.unused_loyalty();
        self.n < MAX_PLAYERS && loyal + traitor > 0 && !self.unused_knights().is_empty()
    }

    /// A new player joins (§8.4): a random unused knight and loyalty card, to the left of King
    /// Arthur (or of the first player if Arthur is not at the table), 4 life, 5 white cards from
    /// the draw pile, in Camelot. Seats from his on move up by one; he waits for his turn.
    pub(crate) fn join(&mut self) {
        if !self.can_join() {
            return;
        }
        let free = self.unused_knights();
        let knight = free[self.rng.random_range(0..free.len())];
        let (loyal, traitor) = self.unused_loyalty();
        let loyalty = if self.rng.random_range(0..loyal + traitor) < loyal {
            self.boxed.loyal -= 1;
            Loyalty::Loyal
        } else {
            self.boxed.traitor -= 1;
            Loyalty::Traitor
        };
        let left_of = self
            .seats
            .iter()
            .position(|s| s.knight == Some(Knight::KingArthur))
            .map_or(self.first, |i| Seat(i as u8));
        let at = left_of.0 + 1;
        self.renumber_from(at);
        self.seats.insert(
            usize::from(at),
            SeatState {
                knight: Some(knight),
                loyalty,
                hand: Hand::default(),
                life: JOINING_LIFE,
                place: Place::Camelot,
                alive: true,
                revealed: false,
                accused: false,
                accused_loyal: false,
                shown_loyal_on: None,
                deeds: Deeds::default(),
            },
        );
        self.n += 1;
        let seat = Seat(at);
        ev!(self, Event::KnightJoins { seat, knight });
        if self.peeked {
            ev!(
                self,
                Event::Private {
                    seat,
                    private: PrivateEvent::Loyalty { loyalty },
                }
            );
        }
        self.draw_white(seat, JOINING_CARDS);
    }

    /// Every seat number from `at` on moves up by one (a newcomer takes seat `at`). Joining
    /// happens only with nothing being resolved, so only the board's own seat numbers change.
    fn renumber_from(&mut self, at: u8) {
        let up = |s: Seat| if s.0 >= at { Seat(s.0 + 1) } else { s };
        self.current = up(self.current);
        self.first = up(self.first);
        for r in &mut self.relics {
            if let RelicState::Owned(s) = r {
                *s = up(*s);
            }
        }
        for c in [&mut self.black_knight, &mut self.lancelot, &mut self.dragon] {
            for p in c.black.iter_mut().flatten() {
                p.drawer = up(p.drawer);
            }
        }
        self.excalibur_dying = self.excalibur_dying.map(up);
        let below = (1u16 << at) - 1;
        let fallen = u16::from(self.fallen);
        self.fallen = ((fallen & below) | ((fallen & !below) << 1)) as u8;
    }

    /// The player at `seat` leaves (§8.4): treated as dying at once (§3.4: hand discarded, relics
    /// removed, miniature off the board; the game ends if no Loyal knight is left, §7). A revealed
    /// Traitor who leaves plays no more turns. If it was his turn, the next knight's begins.
    pub(crate) fn leave(&mut self, seat: Seat) {
        if !self.s(seat).alive {
            return;
        }
        ev!(self, Event::KnightLeaves { seat });
        if self.on_board(seat) {
            self.kill(seat);
        } else {
            self.lose_relics(seat, true);
            self.sm(seat).alive = false;
        }
        if seat == self.current && !self.is_over() {
            self.end_turn();
        }
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

/// Where every card is: counts of each white and black card and of each loyalty card, over every
/// place a card can be (piles, hands, quests, cards in play, the steps being resolved, the box).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Census {
    pub white: [u32; WHITE_KINDS],
    pub black: [u32; BLACK_KINDS],
    pub loyal: u32,
    pub traitor: u32,
}

impl Census {
    pub fn total(&self) -> u32 {
        self.white.iter().sum::<u32>() + self.black.iter().sum::<u32>() + self.loyal + self.traitor
    }
}

impl Game {
    /// Count every card wherever it is (for invariant checks).
    pub fn census(&self) -> Census {
        let mut c = Census {
            white: [0; WHITE_KINDS],
            black: [0; BLACK_KINDS],
            loyal: u32::from(self.boxed.loyal),
            traitor: u32::from(self.boxed.traitor),
        };
        let mut w = |card: White, k: u32| c.white[card.index()] += k;
        for &x in self.white_deck.iter().chain(&self.white_discard) {
            w(x, 1);
        }
        for card in White::ALL {
            w(card, u32::from(self.boxed.white[card.index()]));
        }
        for s in &self.seats {
            for card in White::ALL {
                w(card, u32::from(s.hand.count(card)));
            }
        }
        for combat in [&self.black_knight, &self.lancelot, &self.dragon] {
            for &v in combat.white() {
                if let Some(card) = White::fight(v) {
                    w(card, 1);
                }
            }
        }
        for war in &self.wars {
            for i in 0..war.cards {
                if let Some(card) = White::fight((i + 1).min(5)) {
                    w(card, 1);
                }
            }
        }
        w(
            White::Grail,
            self.grail.iter().filter(|s| **s == Spot::Grail).count() as u32,
        );
        if self.heroism.is_some() {
            w(White::Heroism, 1);
        }
        let mut b = |card: Black, k: u32| c.black[card.index()] += k;
        for &x in self.black_deck.iter().chain(&self.black_discard) {
            b(x, 1);
        }
        for card in Black::ALL {
            b(card, u32::from(self.boxed.black[card.index()]));
        }
        for combat in [&self.black_knight, &self.lancelot, &self.dragon] {
            for p in combat.black() {
                b(p.card, 1);
            }
        }
        for spot in self.grail {
            match spot {
                Spot::Despair => b(Black::Despair, 1),
                Spot::Desolation => b(Black::Desolation, 1),
                _ => {}
            }
        }
        for (flag, card) in [
            (self.dark_forest, Black::DarkForest),
            (self.vivien, Black::Vivien),
            (self.mists, Black::MistsOfAvalon),
            (self.wars.iter().any(|w| w.mordred), Black::Mordred),
        ] {
            if flag {
                b(card, 1);
            }
        }
        for frame in &self.stack {
            match *frame {
                Frame::Offer { cards, len, .. } => {
                    for &x in &cards[..usize::from(len)] {
                        c.white[x.index()] += 1;
                    }
                }
                Frame::Share(sh) => {
                    for &x in &sh.cards[..usize::from(sh.len)] {
                        c.white[x.index()] += 1;
                    }
                }
                Frame::ArmorKeep { cards, .. } | Frame::PercivalBottom { cards } => {
                    for x in cards {
                        c.black[x.index()] += 1;
                    }
                }
                Frame::Black(st) => {
                    c.black[st.card.index()] += 1;
                    c.white[White::Merlin.index()] +=
                        st.committed.iter().map(|&k| u32::from(k)).sum::<u32>();
                }
                Frame::Siege(s) => {
                    for v in 1..=5u8 {
                        if let Some(card) = White::fight(v) {
                            c.white[card.index()] += u32::from(s.cards[usize::from(v - 1)]);
                        }
                    }
                }
                Frame::Clairvoyance { cards, len, .. } => {
                    for &x in &cards[..usize::from(len)] {
                        c.black[x.index()] += 1;
                    }
                }
                Frame::Arthur { card, .. } => c.white[card.index()] += 1,
                Frame::Morgan3 { .. } => c.black[Black::Morgan3.index()] += 1,
                _ => {}
            }
        }
        for s in &self.seats {
            match s.loyalty {
                Loyalty::Loyal => c.loyal += 1,
                Loyalty::Traitor => c.traitor += 1,
            }
        }
        c
    }
}

/// An empty draw pile takes its discard pile, shuffled; whether there was one.
fn refill<T>(deck: &mut Vec<T>, discard: &mut Vec<T>, rng: &mut GameRng) -> bool {
    if discard.is_empty() {
        return false;
    }
    deck.append(discard);
    shuffle(deck, rng);
    true
}
