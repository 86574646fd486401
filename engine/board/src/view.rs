//! Views: what the whole table may see, and what one seat may see. Hidden things are absent from
//! these types, not flagged: other seats' hands (counts only), loyalty cards (until revealed), the
//! order of both piles, face-down black cards' values (except to their drawer), and what
//! Clairvoyance, Sir Percival and Lancelot's Armor showed one seat.

use crate::action::{Action, DiscardCause, Seat, ShareKind};
use crate::data::*;
use crate::game::*;
use serde::{Deserialize, Serialize};

/// One knight as the table sees him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnightView {
    pub seat: Seat,
    /// `None`: a squire.
    pub knight: Option<Knight>,
    pub life: u8,
    /// `None` when dead or unmasked.
    pub place: Option<Place>,
    /// White cards in hand (their faces are hidden).
    pub hand: u8,
    pub alive: bool,
    /// Unmasked as the Traitor.
    pub revealed: bool,
    /// The loyalty card, once shown (unmasked, shown Loyal by an accusation, or at the end of the
    /// game).
    pub loyalty: Option<Loyalty>,
    /// The turn an accusation showed him Loyal (his Loyalty is public from then on).
    #[serde(default)]
    pub shown_loyal_on: Option<u32>,
    pub has_accused: bool,
    /// He accused a knight who proved Loyal.
    pub accused_a_loyal_knight: bool,
    /// What the table saw him do (siege engines added, black cards placed face down, quests
    /// lost while he was on them …).
    pub deeds: Deeds,
}

/// A combat quest's cards as the table sees them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatView {
    /// Fight values, in the order played.
    pub white: Vec<u8>,
    /// Black cards in the order placed; `None` = face down (value hidden).
    pub black: Vec<Option<Black>>,
}

/// What is being decided, as the table sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum PendingView {
    /// The active knight's own choice (Progression of Evil, Heroic Actions, the Traitor's turn).
    Turn,
    OpeningGesture {
        offered: Vec<White>,
    },
    Share {
        kind: ShareKind,
        cards: Vec<White>,
        lead: Seat,
        /// Recipients proposed so far, card by card.
        proposal: Vec<Seat>,
        /// Waiting for acceptances.
        accepting: bool,
        choosing_lead: bool,
    },
    /// Lancelot's Armor: the drawer keeps one of two cards.
    ArmorChoice {
        drawer: Seat,
    },
    PercivalBottom,
    BlackCard {
        drawer: Seat,
        /// The card, unless it may still go (or went) face down.
        card: Option<Black>,
        kind: BlackKind,
        face_down: bool,
        stage: BlackCardStage,
        /// Merlins committed so far toward a cancellation.
        merlins: u8,
        /// One of Morgan 3's cards (never cancelled).
        morgan3: bool,
    },
    Volunteer {
        morgan: u8,
        drawer: Seat,
    },
    /// The decider discards `left` more white cards of his choice, for `cause`.
    Discard {
        left: u8,
        cause: DiscardCause,
    },
    GrailRescue {
        dying: Seat,
    },
    KayCard {
        quest: Quest,
        white: u8,
        black: u8,
    },
    SiegeFight {
        fighter: Seat,
        cards: Vec<White>,
        roll: Option<u8>,
    },
    Convocation {
        player: Seat,
    },
    Messenger {
        from: Seat,
        to: Seat,
        given: u8,
    },
    Clairvoyance {
        player: Seat,
        cards: u8,
    },
    ArthurExchange {
        arthur: Seat,
    },
}

/// The decision a drawn black card waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlackCardStage {
    /// The drawer chooses to place a combat card face up or face down (the card is hidden).
    FaceChoice,
    /// Three Merlins may cancel this special card: every knight on the board is asked in turn
    /// from the drawer, whatever he holds (§9.15).
    Merlins,
    /// The owner of Excalibur may sacrifice it to cancel the card (§5.2).
    Excalibur,
    /// The drawer (or the knight choosing for a dead drawer) sends Mercenaries or Mordred to a War.
    WarChoice,
}

/// The table's view: everything any player at a real table could see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableView {
    pub players: u8,
    pub options: Options,
    pub first: Seat,
    pub turn: u32,
    pub current: Seat,
    pub phase: Phase,
    /// Regular Heroic Actions taken this turn, and whether a life was sacrificed for the second.
    pub actions_taken: u8,
    pub sacrificed: bool,
    pub special_played: bool,
    pub knights: Vec<KnightView>,
    pub siege_engines: u8,
    pub swords: Swords,
    pub black_knight: CombatView,
    pub lancelot_board: LancelotBoard,
    /// The Lancelot or Dragon side, whichever is up.
    pub lancelot_or_dragon: CombatView,
    pub excalibur: i8,
    pub excalibur_over: bool,
    pub grail: [Spot; GRAIL_SPOTS],
    pub grail_over: bool,
    pub pict_war: War,
    pub saxon_war: War,
    /// Excalibur, the Holy Grail, Lancelot's Armor.
    pub relics: [RelicState; 3],
    pub heroism: Option<Quest>,
    pub dark_forest: bool,
    pub vivien: bool,
    pub mists_of_avalon: bool,
    pub white_deck: u8,
    pub white_discard: u8,
    pub black_deck: u8,
    pub black_discard: u8,
    /// Quests won and lost, in quest order.
    pub tally: [QuestTally; 7],
    pub decider: Option<Seat>,
    pub pending: Option<PendingView>,
    pub outcome: Option<Outcome>,
}

/// What the decision shows only its decider.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "saw", rename_all = "snake_case")]
pub enum PrivateView {
    /// The black card drawn (its face still to choose).
    DrawnCard { card: Black },
    /// Lancelot's Armor: the two cards drawn.
    ArmorPair { cards: [Black; 2] },
    /// Sir Percival: the card(s) on top of the black pile.
    TopOfPile { cards: Vec<Black> },
    /// Clairvoyance: the cards still to put back, and those put back (top first).
    Clairvoyance {
        placed: Vec<Black>,
        left: Vec<Black>,
    },
}

/// One seat's view: the table's view plus what only this seat knows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub table: TableView,
    /// This seat's loyalty card (three players: only once looked at).
    pub loyalty: Option<Loyalty>,
    pub hand: Vec<White>,
    /// Face-down black cards this seat drew: quest, position, card.
    pub face_down_known: Vec<(Quest, u8, Black)>,
    /// The top black cards this seat's Clairvoyance put back, top first, while it knows them
    /// (until they are drawn or the pile is shuffled).
    #[serde(default)]
    pub foreseen: Vec<Black>,
    pub private: Option<PrivateView>,
    /// The actions this seat may take now (empty if it is not this seat's decision).
    pub legal_actions: Vec<Action>,
}

fn combat_view(c: &Combat) -> CombatView {
    CombatView {
        white: c.white().to_vec(),
        black: c
            .black()
            .map(|p| (!p.face_down).then_some(p.card))
            .collect(),
    }
}

impl Game {
    /// The view of the whole table.
    pub fn table_view(&self) -> TableView {
        let over = self.is_over();
        TableView {
            players: self.n,
            options: self.setup.options,
            first: self.first,
            turn: self.turn,
            current: self.current,
            phase: self.phase,
            actions_taken: self.t.acts,
            sacrificed: self.t.sacrificed,
            special_played: self.t.special,
            knights: (0..self.n)
                .map(|i| {
                    let seat = Seat(i);
                    let s = self.s(seat);
                    KnightView {
                        seat,
                        knight: s.knight,
                        life: if self.on_board(seat) { s.life } else { 0 },
                        place: self.place(seat),
                        hand: s.hand.len(),
                        alive: s.alive,
                        revealed: s.revealed,
                        loyalty: (s.revealed || s.shown_loyal_on.is_some() || over)
                            .then_some(s.loyalty),
                        shown_loyal_on: s.shown_loyal_on,
                        has_accused: s.accused,
                        accused_a_loyal_knight: s.accused_loyal,
                        deeds: s.deeds,
                    }
                })
                .collect(),
            siege_engines: self.engines,
            swords: self.swords,
            black_knight: combat_view(&self.black_knight),
            lancelot_board: self.lancelot_board,
            lancelot_or_dragon: match self.lancelot_board {
                LancelotBoard::Lancelot => combat_view(&self.lancelot),
                LancelotBoard::Dragon => combat_view(&self.dragon),
                LancelotBoard::Removed => CombatView::default(),
            },
            excalibur: self.excalibur,
            excalibur_over: self.excalibur_over,
            grail: self.grail,
            grail_over: self.grail_over,
            pict_war: self.wars[0],
            saxon_war: self.wars[1],
            relics: self.relics,
            heroism: self.heroism,
            dark_forest: self.dark_forest,
            vivien: self.vivien,
            mists_of_avalon: self.mists,
            white_deck: self.white_deck.len() as u8,
            white_discard: self.white_discard.len() as u8,
            black_deck: self.black_deck.len() as u8,
            black_discard: self.black_discard.len() as u8,
            tally: self.tally,
            decider: self.decider(),
            pending: self.pending_view(),
            outcome: self.outcome,
        }
    }

    fn pending_view(&self) -> Option<PendingView> {
        if self.is_over() {
            return None;
        }
        let Some(frame) = self.stack.last() else {
            return Some(PendingView::Turn);
        };
        Some(match *frame {
            Frame::Offer { cards, len, .. } => PendingView::OpeningGesture {
                offered: cards[..usize::from(len)].to_vec(),
            },
            Frame::Share(sh) => PendingView::Share {
                kind: sh.kind,
                cards: sh.cards[..usize::from(sh.len)].to_vec(),
                lead: sh.lead,
                proposal: sh.proposal[..usize::from(sh.assigned.min(sh.len))].to_vec(),
                accepting: sh.stage == ShareStage::Accept,
                choosing_lead: sh.stage == ShareStage::ChooseLead,
            },
            Frame::ArmorKeep { drawer, .. } => PendingView::ArmorChoice { drawer },
            Frame::PercivalBottom { .. } => PendingView::PercivalBottom,
            Frame::Black(b) => {
                let hidden = b.stage == BlackStage::FaceChoice || b.face_down;
                PendingView::BlackCard {
                    drawer: b.drawer,
                    card: (!hidden).then_some(b.card),
                    kind: b.card.kind(),
                    face_down: b.face_down,
                    // A card waits only at these four stages: `Start` becomes the face choice
                    // (or the Merlins) and `Effect` the War choice (or done) before anyone is
                    // asked, so the two arms below name the step the card is on its way to.
                    stage: match b.stage {
                        BlackStage::FaceChoice | BlackStage::Start => BlackCardStage::FaceChoice,
                        BlackStage::Merlins => BlackCardStage::Merlins,
                        BlackStage::Excalibur => BlackCardStage::Excalibur,
                        BlackStage::WarChoice | BlackStage::Effect => BlackCardStage::WarChoice,
                    },
                    merlins: b.committed.iter().sum(),
                    morgan3: b.source == Source::Morgan3,
                }
            }
            Frame::Morgan3 { .. } => PendingView::Turn,
            Frame::Volunteer { morgan, drawer, .. } => PendingView::Volunteer { morgan, drawer },
            Frame::Discard { left, cause, .. } => PendingView::Discard { left, cause },
            Frame::Dying { seat, .. } => PendingView::GrailRescue { dying: seat },
            Frame::QuestEnd(qe) => PendingView::KayCard {
                quest: qe.quest,
                white: qe.white,
                black: qe.black,
            },
            Frame::Siege(s) => PendingView::SiegeFight {
                fighter: s.fighter,
                cards: (1..=5u8)
                    .flat_map(|v| {
                        std::iter::repeat_n(
                            White::fight(v),
                            usize::from(s.cards[usize::from(v - 1)]),
                        )
                    })
                    .flatten()
                    .collect(),
                roll: (s.roll > 0).then_some(s.roll),
            },
            Frame::Convocation { player, .. } => PendingView::Convocation { player },
            Frame::Messenger { from, to, given } => PendingView::Messenger { from, to, given },
            Frame::Clairvoyance { player, len, .. } => {
                PendingView::Clairvoyance { player, cards: len }
            }
            Frame::Arthur { arthur, .. } => PendingView::ArthurExchange { arthur },
        })
    }

    /// What `seat` may see (for a seat that does not exist: the table's view, nothing private).
    pub fn seat_view(&self, seat: Seat) -> SeatView {
        let table = self.table_view();
        let Some(s) = self.seats.get(seat.index()) else {
            return SeatView {
                seat,
                table,
                loyalty: None,
                hand: Vec::new(),
                face_down_known: Vec::new(),
                foreseen: Vec::new(),
                private: None,
                legal_actions: Vec::new(),
            };
        };
        let mut face_down_known = Vec::new();
        for quest in [Quest::BlackKnight, Quest::Lancelot, Quest::Dragon] {
            if let Some(c) = self.combat(quest) {
                for (i, p) in c.black().enumerate() {
                    if p.face_down && p.drawer == seat {
                        face_down_known.push((quest, i as u8, p.card));
                    }
                }
            }
        }
        let decider = self.decider() == Some(seat);
        SeatView {
            seat,
            loyalty: (self.peeked || s.revealed || s.shown_loyal_on.is_some() || self.is_over())
                .then_some(s.loyalty),
            hand: s.hand.cards(),
            face_down_known,
            foreseen: {
                let n = self.foreseen_by(seat);
                self.black_deck[self.black_deck.len() - n..]
                    .iter()
                    .rev()
                    .copied()
                    .collect()
            },
            private: if decider { self.private_view() } else { None },
            legal_actions: if decider {
                self.legal_actions()
            } else {
                Vec::new()
            },
            table,
        }
    }

    /// What the current decision shows its decider only.
    fn private_view(&self) -> Option<PrivateView> {
        match self.stack.last() {
            Some(Frame::Black(b)) if b.stage == BlackStage::FaceChoice => {
                Some(PrivateView::DrawnCard { card: b.card })
            }
            Some(Frame::ArmorKeep { cards, .. }) => Some(PrivateView::ArmorPair { cards: *cards }),
            Some(Frame::PercivalBottom { cards }) => Some(PrivateView::TopOfPile {
                cards: cards.to_vec(),
            }),
            Some(Frame::Clairvoyance {
                cards, len, placed, ..
            }) => Some(PrivateView::Clairvoyance {
                placed: cards[..usize::from(*placed)].to_vec(),
                left: cards[usize::from(*placed)..usize::from(*len)].to_vec(),
            }),
            None if self.phase == Phase::ProgressionOfEvil => self
                .t
                .seen_top
                .map(|c| PrivateView::TopOfPile { cards: vec![c] }),
            _ => None,
        }
    }
}
