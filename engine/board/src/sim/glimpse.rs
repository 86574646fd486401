//! What a seat may see ([`Glimpse`]) and what it is asked ([`Step`]): every decision of a computer
//! knight is taken from these alone, so it cannot cheat.

use super::*;

/// What the deciding seat is asked, with what it may see of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Its own turn (see [`Glimpse::phase`]).
    Turn,
    OpeningOffer,
    ChooseFirstDealt,
    Propose,
    AcceptProposal,
    /// Lancelot's Armor: the two cards drawn.
    ArmorKeep {
        cards: [Black; 2],
    },
    /// Percival with the Armor: the two cards seen.
    PercivalBottom {
        cards: [Black; 2],
    },
    /// The black card just drawn: face up or face down.
    FaceChoice {
        card: Black,
    },
    /// Three Merlins may cancel this special card; `committed` so far.
    Merlins {
        card: Black,
        committed: u8,
    },
    /// Excalibur's owner may cancel this card (`None`: it lies face down).
    ExcaliburCancel {
        card: Option<Black>,
        kind: BlackKind,
    },
    WarChoice {
        card: Black,
    },
    Volunteer {
        morgan: u8,
    },
    Discard {
        left: u8,
    },
    GrailRescue {
        dying: Seat,
    },
    Kay {
        quest: Quest,
        white: u8,
        black: u8,
    },
    SiegeAdd {
        total: u8,
    },
    SiegeKay {
        total: u8,
        roll: u8,
    },
    Convocation,
    Messenger {
        to: Seat,
        given: u8,
    },
    Clairvoyance,
    GiveBack,
    /// Not this seat's decision.
    Waiting,
}

/// A borrowed view of the game for one seat: only what that seat may see.
#[derive(Clone, Copy)]
pub struct Glimpse<'a> {
    pub(super) game: &'a Game,
    pub(super) seat: Seat,
    pub(super) me: &'a SeatState,
    /// This seat's decision is awaited.
    pub(super) deciding: bool,
}

impl Game {
    /// What `seat` may see, borrowed (no copy): the fast view of the built-in policy.
    ///
    /// For a seat that does not exist: the view of seat 0 with nothing to decide.
    pub fn glimpse(&self, seat: Seat) -> Glimpse<'_> {
        let known = seat.index() < self.seats.len();
        Glimpse {
            game: self,
            seat: if known { seat } else { Seat(0) },
            me: &self.seats[if known { seat.index() } else { 0 }],
            deciding: known && self.decider() == Some(seat),
        }
    }
}

impl<'a> Glimpse<'a> {
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The game behind the glimpse, for the engine's own use only (the worlds a seat cannot tell
    /// apart are drawn from it without reading what the seat may not see).
    pub(crate) fn game(&self) -> &'a Game {
        self.game
    }

    pub fn players(&self) -> u8 {
        self.game.n
    }

    pub fn current(&self) -> Seat {
        self.game.current
    }

    pub fn phase(&self) -> Phase {
        self.game.phase
    }

    pub fn turn(&self) -> u32 {
        self.game.turn
    }

    /// This seat's hand.
    pub fn hand(&self) -> &'a Hand {
        &self.me.hand
    }

    /// This seat's loyalty, once it knows it.
    pub fn loyalty(&self) -> Option<Loyalty> {
        (self.game.peeked || self.me.revealed).then_some(self.me.loyalty)
    }

    /// This seat's own life (0 when off the board).
    pub(super) fn my_life(&self) -> u8 {
        if self.me.alive && !self.me.revealed {
            self.me.life
        } else {
            0
        }
    }

    /// This seat's own place.
    pub(super) fn my_place(&self) -> Option<Place> {
        (self.me.alive && !self.me.revealed).then_some(self.me.place)
    }

    pub fn knight(&self, seat: Seat) -> Option<Knight> {
        self.game.knight(seat)
    }

    /// A knight's life (0 when off the board).
    pub fn life(&self, seat: Seat) -> u8 {
        if self.game.on_board(seat) {
            self.game.s(seat).life
        } else {
            0
        }
    }

    pub fn place(&self, seat: Seat) -> Option<Place> {
        self.game.place(seat)
    }

    pub fn hand_len(&self, seat: Seat) -> u8 {
        self.game
            .seats
            .get(seat.index())
            .map_or(0, |s| s.hand.len())
    }

    pub fn on_board(&self, seat: Seat) -> bool {
        self.game.on_board(seat)
    }

    pub fn is_revealed(&self, seat: Seat) -> bool {
        self.game.is_revealed(seat)
    }

    pub fn accused_a_loyal_knight(&self, seat: Seat) -> bool {
        self.game.accused_a_loyal_knight(seat)
    }

    pub fn has_accused(&self, seat: Seat) -> bool {
        self.game.has_accused(seat)
    }

    /// The turn an accusation showed this knight Loyal (public from then on).
    pub fn shown_loyal_on(&self, seat: Seat) -> Option<u32> {
        self.game.shown_loyal_on(seat)
    }

    /// The public record of what the knight at `seat` did.
    pub fn deeds(&self, seat: Seat) -> Deeds {
        self.game.deeds(seat)
    }

    /// Whether any knight has been unmasked as the Traitor (there is only one Traitor card).
    pub fn traitor_unmasked(&self) -> bool {
        self.game.seats.iter().any(|s| s.revealed)
    }

    pub fn siege_engines(&self) -> u8 {
        self.game.engines
    }

    pub fn swords(&self) -> Swords {
        self.game.swords
    }

    pub fn threshold_met(&self) -> bool {
        self.game.threshold_met()
    }

    pub fn quest_in_play(&self, quest: Quest) -> bool {
        self.game.quest_in_play(quest)
    }

    pub fn excalibur_position(&self) -> i8 {
        self.game.excalibur
    }

    pub fn grail_track(&self) -> &'a [Spot; GRAIL_SPOTS] {
        &self.game.grail
    }

    pub fn war(&self, war: Quest) -> War {
        self.game.war(war).copied().unwrap_or_default()
    }

    /// A combat quest's Fight cards, by value (index 0 = ones).
    pub fn combat_white(&self, quest: Quest) -> [u8; 5] {
        self.game.combat(quest).map_or([0; 5], |c| c.counts)
    }

    /// A combat quest's black cards as this seat knows them: the sum of the values it can see
    /// (face up, or face down and drawn by this seat), and how many lie face down unseen.
    pub fn combat_black(&self, quest: Quest) -> (u8, u8) {
        let Some(c) = self.game.combat(quest) else {
            return (0, 0);
        };
        let mut known = 0;
        let mut hidden = 0;
        for p in c.black() {
            if p.face_down && p.drawer != self.seat {
                hidden += 1;
            } else {
                known += p.card.value_on(quest);
            }
        }
        (known, hidden)
    }

    /// How many black cards lie on a combat quest.
    pub fn combat_black_len(&self, quest: Quest) -> u8 {
        self.game.combat(quest).map_or(0, |c| c.black_len)
    }

    pub fn relic(&self, relic: Relic) -> RelicState {
        self.game.relics[relic.index()]
    }

    pub fn heroism(&self) -> Option<Quest> {
        self.game.heroism
    }

    pub fn dark_forest(&self) -> bool {
        self.game.dark_forest
    }

    pub fn vivien(&self) -> bool {
        self.game.vivien
    }

    /// Regular Heroic Actions taken this turn.
    pub fn actions_taken(&self) -> u8 {
        self.game.t.acts
    }

    /// Whether the quest action (of whatever place) has been taken this turn: a second one of
    /// that kind is not allowed (§3.3).
    pub fn quest_action_taken(&self) -> bool {
        self.game.t.used & crate::game::TYPE_QUEST != 0
    }

    /// What this seat is asked now.
    #[inline]
    pub fn step(&self) -> Step {
        let g = self.game;
        if !self.deciding {
            return Step::Waiting;
        }
        let Some(frame) = g.stack.last() else {
            return Step::Turn;
        };
        match *frame {
            Frame::Offer { .. } => Step::OpeningOffer,
            Frame::Share(sh) => match sh.stage {
                ShareStage::ChooseLead => Step::ChooseFirstDealt,
                ShareStage::Propose => Step::Propose,
                ShareStage::Accept => Step::AcceptProposal,
            },
            Frame::ArmorKeep { cards, .. } => Step::ArmorKeep { cards },
            Frame::PercivalBottom { cards } => Step::PercivalBottom { cards },
            Frame::Black(b) => match b.stage {
                BlackStage::FaceChoice => Step::FaceChoice { card: b.card },
                BlackStage::Merlins => Step::Merlins {
                    card: b.card,
                    committed: b.committed.iter().sum(),
                },
                BlackStage::Excalibur => Step::ExcaliburCancel {
                    card: (!b.face_down).then_some(b.card),
                    kind: b.card.kind(),
                },
                BlackStage::WarChoice => Step::WarChoice { card: b.card },
                _ => Step::Waiting,
            },
            Frame::Volunteer { morgan, .. } => Step::Volunteer { morgan },
            Frame::Discard { left, .. } => Step::Discard { left },
            Frame::Dying { seat, .. } => Step::GrailRescue { dying: seat },
            Frame::QuestEnd(qe) => Step::Kay {
                quest: qe.quest,
                white: qe.white,
                black: qe.black,
            },
            Frame::Siege(s) => {
                let total: u8 = (1..=5u8)
                    .map(|v| v * s.cards[usize::from(v - 1)])
                    .sum::<u8>()
                    + u8::from(g.owner(Relic::Excalibur) == Some(s.fighter));
                if s.roll == 0 {
                    Step::SiegeAdd { total }
                } else {
                    Step::SiegeKay {
                        total,
                        roll: s.roll,
                    }
                }
            }
            Frame::Convocation { .. } => Step::Convocation,
            Frame::Messenger { to, given, .. } => Step::Messenger { to, given },
            Frame::Clairvoyance { .. } => Step::Clairvoyance,
            Frame::Arthur { .. } => Step::GiveBack,
            Frame::Morgan3 { .. } => Step::Waiting,
        }
    }

    /// The card Sir Percival knows to be on top of the black pile (this seat's turn only).
    pub fn percival_top(&self) -> Option<Black> {
        (self.game.current == self.seat).then_some(self.game.t.seen_top)?
    }
}
