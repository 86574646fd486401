//! The kit's traits for the board game: [`camelot_kit::Rules`] and [`camelot_kit::Secrets`].

use crate::action::{Action, Event, RuleError, Seat, SetupError};
use crate::data::*;
use crate::game::*;
use crate::sim::Glimpse;
use crate::view::{SeatView, TableView};
use camelot_kit::{GameRng, Looked, Rules, Secrets};
use rand::RngExt;

impl Rules for Game {
    type Setup = Setup;
    type Action = Action;
    type Event = Event;
    type Refusal = RuleError;
    type SetupError = SetupError;
    type TableView = TableView;
    type SeatView = SeatView;

    fn start(setup: &Setup) -> Result<Self, SetupError> {
        Game::new(setup)
    }

    fn setup(&self) -> &Setup {
        Game::setup(self)
    }

    fn seats(&self) -> usize {
        self.players()
    }

    fn decider(&self) -> Option<Seat> {
        Game::decider(self)
    }

    fn legal_actions(&self) -> Vec<Action> {
        Game::legal_actions(self)
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        Game::apply(self, seat, action)
    }

    fn apply_quietly(&mut self, seat: Seat, action: Action) -> Result<(), RuleError> {
        Game::apply_quietly(self, seat, action)
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn table_view(&self) -> TableView {
        Game::table_view(self)
    }

    fn seat_view(&self, seat: Seat) -> SeatView {
        Game::seat_view(self, seat)
    }
}

/// The kinds of hidden thing [`Secrets::vary_hidden`] may change.
const VARIATIONS: u8 = 6;

impl Secrets for Game {
    /// A copy of the game in which something `seat` may not see is different: a card swapped
    /// between two other hands, two other seats' loyalty cards, the order of a draw pile (below the
    /// two top black cards, which Percival may know), a face-down black card's value (drawn by
    /// another seat), or a card swapped between a draw pile and its discard pile.
    fn vary_hidden(&self, seat: Seat, rng: &mut GameRng) -> Option<Self> {
        let start = rng.random_range(0..VARIATIONS);
        for k in 0..VARIATIONS {
            let mut g = self.clone();
            if g.vary(seat, (start + k) % VARIATIONS, rng) {
                return Some(g);
            }
        }
        None
    }
}

impl Game {
    fn vary(&mut self, seat: Seat, kind: u8, rng: &mut GameRng) -> bool {
        let others: Vec<Seat> = (0..self.n)
            .map(Seat)
            .filter(|&s| s != seat && self.on_board(s))
            .collect();
        match kind {
            // A card swapped between two other hands (counts unchanged).
            0 => {
                for (i, &a) in others.iter().enumerate() {
                    for &b in &others[i + 1..] {
                        let ka: Vec<White> = self.s(a).hand.kinds().collect();
                        let kb: Vec<White> = self.s(b).hand.kinds().collect();
                        for &x in &ka {
                            if let Some(&y) = kb.iter().find(|&&y| y != x) {
                                self.sm(a).hand.remove(x);
                                self.sm(b).hand.remove(y);
                                self.sm(a).hand.add(y);
                                self.sm(b).hand.add(x);
                                return true;
                            }
                        }
                    }
                }
                false
            }
            // Two other seats' loyalty cards (not yet shown).
            1 => {
                if self.is_over() {
                    return false;
                }
                let hidden: Vec<Seat> = (0..self.n)
                    .map(Seat)
                    .filter(|&s| {
                        s != seat && !self.s(s).revealed && self.s(s).shown_loyal_on.is_none()
                    })
                    .collect();
                for (i, &a) in hidden.iter().enumerate() {
                    for &b in &hidden[i + 1..] {
                        if self.s(a).loyalty != self.s(b).loyalty {
                            let la = self.s(a).loyalty;
                            self.sm(a).loyalty = self.s(b).loyalty;
                            self.sm(b).loyalty = la;
                            return true;
                        }
                    }
                }
                false
            }
            // The white pile's order.
            2 => swap_distinct(&mut self.white_deck, 0, rng),
            // The black pile's order, below its two top cards (and those the seat's Clairvoyance
            // put back).
            3 => {
                let top = self.foreseen_by(seat).max(2);
                swap_distinct(&mut self.black_deck, top, rng)
            }
            // A face-down black card of another seat's (on a quest or being decided) against a card
            // of the same kind in the black pile.
            4 => {
                let keep = self
                    .black_deck
                    .len()
                    .saturating_sub(self.foreseen_by(seat).max(2));
                for quest in [Quest::BlackKnight, Quest::Lancelot, Quest::Dragon] {
                    let placed: Vec<(usize, Placed)> = self
                        .combat(quest)
                        .map(|c| c.black().enumerate().collect())
                        .unwrap_or_default();
                    for (i, p) in placed {
                        if !p.face_down || p.drawer == seat {
                            continue;
                        }
                        if let Some(j) = self.black_deck[..keep]
                            .iter()
                            .position(|&d| d.kind() == p.card.kind() && d != p.card)
                        {
                            let other = self.black_deck[j];
                            self.black_deck[j] = p.card;
                            if let Some(slot) = self.combat_mut(quest).black.get_mut(i) {
                                *slot = Some(Placed { card: other, ..p });
                            }
                            return true;
                        }
                    }
                }
                if let Some(Frame::Black(b)) = self.stack.last().copied()
                    && b.drawer != seat
                    && (b.stage == BlackStage::FaceChoice || b.face_down)
                    && let Some(j) = self.black_deck[..keep]
                        .iter()
                        .position(|&d| d.kind() == b.card.kind() && d != b.card)
                {
                    let other = self.black_deck[j];
                    self.black_deck[j] = b.card;
                    if let Some(Frame::Black(top)) = self.stack.last_mut() {
                        top.card = other;
                    }
                    return true;
                }
                false
            }
            // A card between a draw pile and its discard pile.
            _ => {
                if let (Some(&d), Some(j)) = (
                    self.white_discard.first(),
                    self.white_deck
                        .iter()
                        .position(|&w| Some(w) != self.white_discard.first().copied()),
                ) {
                    self.white_discard[0] = self.white_deck[j];
                    self.white_deck[j] = d;
                    return true;
                }
                let keep = self
                    .black_deck
                    .len()
                    .saturating_sub(self.foreseen_by(seat).max(2));
                if let (Some(&d), Some(j)) = (
                    self.black_discard.first(),
                    self.black_deck[..keep]
                        .iter()
                        .position(|&b| Some(b) != self.black_discard.first().copied()),
                ) {
                    self.black_discard[0] = self.black_deck[j];
                    self.black_deck[j] = d;
                    return true;
                }
                false
            }
        }
    }
}

/// Swap two different cards of `pile`, leaving its `top` top cards in place.
fn swap_distinct<T: Copy + PartialEq>(pile: &mut [T], top: usize, rng: &mut GameRng) -> bool {
    let len = pile.len().saturating_sub(top);
    if len < 2 {
        return false;
    }
    let i = rng.random_range(0..len);
    match (0..len).find(|&j| pile[j] != pile[i]) {
        Some(j) => {
            pile.swap(i, j);
            true
        }
        None => false,
    }
}

/// A computer knight looks at the game through its seat's [`Glimpse`].
impl Looked for Game {
    type Look<'a> = Glimpse<'a>;

    fn look(&self, seat: Seat) -> Option<Glimpse<'_>> {
        (seat.index() < self.players()).then(|| self.glimpse(seat))
    }
}
