//! The resolution stack: nested rule steps, each waiting for one seat's decision or resolving on its
//! own. [`Game::run`] resolves every step that needs no decision, top first, until the top step (or
//! the turn) waits for a seat; `perform.rs` applies that seat's decision.
//!
//! Out-of-turn windows and who is asked:
//! - **Every eligible seat is polled in turn order** (a seat with nothing to play is still asked and
//!   may only pass, so that being asked tells nothing): the three-Merlin cancellation (every knight
//!   on the board, from the drawer, §9.15), the opening gesture's cards (every seat from the first
//!   player), the acceptance of a sharing proposal (every other recipient), and Convocation's moves
//!   (every knight away from Camelot, from its player).
//! - **Polled among the seats the table knows to be eligible** (the condition is public): Morgan 2's
//!   volunteers (knights holding 3 cards or more) and Morgan 5's (every knight on the board), from
//!   the drawer (§9.8); the discards of Morgan 2, Morgan 5 and Fate (knights holding a card).
//! - **Public owner only** (whose relic or knight it is, is on the table): the Excalibur owner's
//!   cancellation (§5.2), the Holy Grail owner's rescue (§3.4), Sir Kay's card (§5.1; asked whenever
//!   he is present at a combat's end or fights a siege engine, whatever he holds), King Arthur's
//!   exchange partner (who must give a card back).

use crate::action::{Colour, DiscardCause, Event, PrivateEvent, Seat, ShareKind};
use crate::data::*;
use crate::game::*;
use rand::RngExt;

mod black;
mod quest_end;
mod shares;

pub(crate) use black::new_black;

/// Where a black card goes (§3.2 step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    Quest(Quest),
    /// Its quest is over: a siege engine instead.
    Obsolete,
    /// The drawer chooses a War (Mercenaries, Mordred).
    War,
    /// No quest (Guinevere, Mists, Morgan, Vivien).
    None,
}

impl Game {
    /// Resolve everything that needs no decision.
    pub(crate) fn run(&mut self) {
        loop {
            if self.outcome.is_some() {
                self.stack.clear();
                self.fallen = 0;
                return;
            }
            if self.fallen != 0 {
                self.push_dying();
                continue;
            }
            match self.stack.pop() {
                Some(frame) => {
                    if let Some(waiting) = self.advance(frame) {
                        self.stack.push(waiting);
                        if self.fallen == 0 && self.outcome.is_none() {
                            return;
                        }
                    }
                }
                None => {
                    if !self.advance_turn() {
                        return;
                    }
                }
            }
        }
    }

    /// Knights who fell to 0 get their Dying step, in turn order from the active seat.
    fn push_dying(&mut self) {
        let fallen = self.fallen;
        self.fallen = 0;
        let order: Vec<Seat> = self
            .seats_from(self.current)
            .filter(|s| fallen & (1 << s.0) != 0)
            .collect();
        for &seat in order.iter().rev() {
            self.stack.push(Frame::Dying { seat, owner: None });
        }
    }

    /// With nothing on the stack: the turn's own steps. Returns false when the active seat decides.
    fn advance_turn(&mut self) -> bool {
        // The Heroic Actions come back here after every action: tested first.
        if self.phase == Phase::HeroicActions {
            return self.advance_heroic();
        }
        match self.phase {
            Phase::Opening => {
                self.begin_turn(self.first);
                true
            }
            Phase::ProgressionOfEvil | Phase::TraitorEvil | Phase::Over => false,
            Phase::TraitorTakes => {
                let anyone = (0..self.n)
                    .map(Seat)
                    .any(|s| self.on_board(s) && !self.s(s).hand.is_empty());
                if anyone {
                    false
                } else {
                    self.phase = Phase::TraitorEvil;
                    true
                }
            }
            Phase::AfterEvil => {
                if self.t.ends || !self.on_board(self.current) {
                    self.end_turn();
                } else {
                    self.phase = Phase::HeroicActions;
                }
                true
            }
            Phase::HeroicActions => self.advance_heroic(),
            Phase::AfterTraitor => {
                self.end_turn();
                true
            }
        }
    }

    /// The Heroic Actions phase with nothing on the stack: the turn ends, or the knight decides.
    #[inline]
    fn advance_heroic(&mut self) -> bool {
        // §3.4: a knight who paid his last life dies once his second action is done.
        if self.t.dies_after_action && (self.t.acts >= 2 || self.t.ends) {
            self.t.dies_after_action = false;
            let seat = self.current;
            if self.on_board(seat) && self.s(seat).life == 0 {
                ev!(self, Event::KnightFalls { seat });
                self.stack.push(Frame::Dying { seat, owner: None });
            }
            return true;
        }
        if self.t.ends || !self.on_board(self.current) || self.nothing_left() {
            self.end_turn();
            true
        } else {
            false
        }
    }

    /// Both Heroic Actions are taken and no free power is left: ending the turn is all that
    /// remains, so the turn ends by itself.
    fn nothing_left(&self) -> bool {
        if self.t.acts < 2 {
            return false;
        }
        let mut free = crate::legal::Any(false);
        self.free_actions(self.current, &mut free);
        !free.0 && !self.arthur_can_exchange(self.current)
    }

    pub(crate) fn begin_turn(&mut self, seat: Seat) {
        self.current = seat;
        self.turn += 1;
        self.t = TurnState::default();
        let traitor_turn = self.s(seat).revealed;
        self.phase = if traitor_turn {
            Phase::TraitorTakes
        } else {
            Phase::ProgressionOfEvil
        };
        ev!(
            self,
            Event::TurnBegins {
                seat,
                turn: self.turn,
                traitor_turn
            }
        );
    }

    /// The next living seat clockwise (a revealed Traitor plays his own turn, §6.3).
    pub(crate) fn end_turn(&mut self) {
        let next = (1..=self.n)
            .map(|k| self.offset(self.current, k))
            .find(|&s| self.s(s).alive)
            .unwrap_or(self.current);
        self.begin_turn(next);
    }

    /// Resolve `frame` as far as it goes without a decision. `Some` = it waits for its decider (the
    /// caller puts it back); `None` = done (it may have put itself back under new steps).
    fn advance(&mut self, frame: Frame) -> Option<Frame> {
        match frame {
            Frame::Offer {
                mut asked,
                cards,
                len,
            } => {
                while asked < self.n {
                    let s = self.offset(self.first, asked);
                    if !self.s(s).hand.is_empty() {
                        return Some(Frame::Offer { asked, cards, len });
                    }
                    asked += 1;
                }
                let mut share = Share {
                    kind: ShareKind::Opening,
                    cards,
                    len,
                    to: all_seats(self.n),
                    lead: self.first,
                    chooser: self.first,
                    stage: ShareStage::Propose,
                    proposal: [Seat(0); 7],
                    assigned: 0,
                    asked: 0,
                    who: self.first,
                };
                if len == 0 {
                    return None;
                }
                share.who = share.lead;
                self.stack.push(Frame::Share(share));
                None
            }
            Frame::Share(mut sh) => match sh.stage {
                ShareStage::ChooseLead | ShareStage::Propose => Some(Frame::Share(sh)),
                ShareStage::Accept => {
                    while sh.asked < self.n {
                        let s = self.offset(sh.lead, sh.asked);
                        if s != sh.lead && sh.to & (1 << s.0) != 0 && self.on_board(s) {
                            sh.who = s;
                            return Some(Frame::Share(sh));
                        }
                        sh.asked += 1;
                    }
                    let mut shares = [(Seat(0), White::Merlin); 7];
                    for (i, share) in shares.iter_mut().enumerate() {
                        *share = (sh.proposal[i], sh.cards[i]);
                    }
                    self.give_shares(sh.kind, &shares[..usize::from(sh.len)], false);
                    None
                }
            },
            Frame::ArmorKeep { .. } | Frame::PercivalBottom { .. } | Frame::Arthur { .. } => {
                Some(frame)
            }
            Frame::Black(step) => self.advance_black(step),
            Frame::Morgan3 { drawer, left } => {
                // The Morgan 3 card stays in play until its three cards are resolved, so that it
                // cannot be drawn again during its own resolution (with a tiny pile it would loop).
                let next = if left == 0 { None } else { self.pop_black() };
                let Some(card) = next else {
                    self.black_discard.push(Black::Morgan3);
                    return None;
                };
                self.stack.push(Frame::Morgan3 {
                    drawer,
                    left: left - 1,
                });
                self.stack
                    .push(Frame::Black(new_black(card, drawer, Source::Morgan3)));
                None
            }
            Frame::Volunteer {
                morgan,
                drawer,
                mut asked,
                ..
            } => {
                while asked < self.n {
                    let s = self.offset(drawer, asked);
                    let eligible = self.on_board(s)
                        && (morgan != 2 || self.s(s).hand.len() >= MORGAN2_DISCARD);
                    if eligible {
                        return Some(Frame::Volunteer {
                            morgan,
                            drawer,
                            asked,
                            who: s,
                        });
                    }
                    asked += 1;
                }
                // Nobody volunteered: every knight holding a white card discards one.
                ev!(self, Event::NoVolunteer);
                self.push_discards(drawer, 1, None, DiscardCause::NoVolunteer { morgan });
                None
            }
            Frame::Discard { seat, left, .. } => {
                if left == 0 || !self.on_board(seat) || self.s(seat).hand.is_empty() {
                    None
                } else {
                    Some(frame)
                }
            }
            Frame::Dying { seat, owner } => {
                if !self.on_board(seat) || self.s(seat).life > 0 {
                    return None;
                }
                if owner.is_some() {
                    return Some(frame);
                }
                match self.owner(Relic::Grail).filter(|&o| self.on_board(o)) {
                    Some(o) => Some(Frame::Dying {
                        seat,
                        owner: Some(o),
                    }),
                    None => {
                        self.kill(seat);
                        None
                    }
                }
            }
            Frame::QuestEnd(qe) => self.advance_quest_end(qe),
            Frame::Siege(_) => Some(frame),
            Frame::Convocation {
                player, mut asked, ..
            } => {
                while asked < self.n {
                    let s = self.offset(player, asked);
                    if self.on_board(s) && self.s(s).place != Place::Camelot {
                        return Some(Frame::Convocation {
                            player,
                            asked,
                            who: s,
                        });
                    }
                    asked += 1;
                }
                self.convocation_cards(player);
                None
            }
            Frame::Messenger { from, given, .. } => {
                if given >= MESSENGER_MAX || self.s(from).hand.is_empty() {
                    None
                } else {
                    Some(frame)
                }
            }
            Frame::Clairvoyance {
                player,
                cards,
                len,
                placed,
            } => {
                if placed + 1 >= len {
                    for i in (0..usize::from(len)).rev() {
                        self.black_deck.push(cards[i]);
                    }
                    self.foreseen = (len > 0).then_some(Foreseen {
                        seat: player,
                        cards: len,
                    });
                    None
                } else {
                    Some(frame)
                }
            }
        }
    }
}

pub(crate) fn all_seats(n: u8) -> u8 {
    ((1u16 << n) - 1) as u8
}
