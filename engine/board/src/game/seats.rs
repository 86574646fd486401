//! Knights leaving the board (death, unmasking), and players joining and leaving mid-game (§8.4).

use super::*;
use crate::action::{Event, PrivateEvent};
use rand::RngExt;

impl Game {
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
            SeatState::seated(Some(knight), loyalty, Hand::default(), JOINING_LIFE),
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
