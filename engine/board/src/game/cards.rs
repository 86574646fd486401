//! Drawing and discarding: the piles, their reshuffles (§3.2 step 6), the hands.

use super::*;
use crate::action::{Colour, Event, PrivateEvent};
use camelot_kit::shuffle;

impl Game {
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
        self.forget_top(1);
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
        self.foreseen = None;
        ev!(self, Event::DecksReshuffled);
    }

    /// `n` cards taken off the top of the black pile: what Clairvoyance showed of it is that much
    /// shorter.
    pub(crate) fn forget_top(&mut self, n: u8) {
        self.foreseen = self
            .foreseen
            .map(|f| Foreseen {
                cards: f.cards.saturating_sub(n),
                ..f
            })
            .filter(|f| f.cards > 0);
    }

    /// How many of the black pile's top cards `seat` knows from his Clairvoyance.
    pub(crate) fn foreseen_by(&self, seat: Seat) -> usize {
        self.foreseen
            .filter(|f| f.seat == seat)
            .map_or(0, |f| usize::from(f.cards).min(self.black_deck.len()))
    }

    /// A draw from a pile that was left empty (its discards were empty when it ran out): the
    /// discards gathered since become the new pile.
    fn refill(&mut self, colour: Colour) {
        let refilled = match colour {
            Colour::White => refill(&mut self.white_deck, &mut self.white_discard, &mut self.rng),
            Colour::Black => refill(&mut self.black_deck, &mut self.black_discard, &mut self.rng),
        };
        if refilled {
            if colour == Colour::Black {
                self.foreseen = None;
            }
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
