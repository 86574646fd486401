//! Life, siege engines and swords, and the end of the game they bring (§3.4, §7).

use super::*;
use crate::action::{Colour, EndReason, Event, PrivateEvent, Side};

impl Game {
    // ---------------------------------------------------------------------------------------------
    // Life, engines, swords, and the end of the game
    // ---------------------------------------------------------------------------------------------

    /// Gain life (max 6). A knight at 0 who is about to die gains nothing (§3.4).
    pub(crate) fn gain_life(&mut self, seat: Seat, amount: u8) {
        if !self.on_board(seat) || self.s(seat).life == 0 || amount == 0 {
            return;
        }
        let s = self.sm(seat);
        let (was, life) = (s.life, (s.life + amount).min(MAX_LIFE));
        if life != was {
            s.life = life;
            ev!(self, Event::LifeChanged { seat, was, life });
        }
    }

    /// Lose life; reaching 0 makes the knight fall (his Dying step follows).
    pub(crate) fn lose_life(&mut self, seat: Seat, amount: u8) {
        if !self.on_board(seat) || self.s(seat).life == 0 || amount == 0 {
            return;
        }
        let s = self.sm(seat);
        let was = s.life;
        s.life = was.saturating_sub(amount);
        let life = s.life;
        ev!(self, Event::LifeChanged { seat, was, life });
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
}
