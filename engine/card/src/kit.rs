//! The Card Game as every game of the app is seen: [`camelot_kit::Rules`] (setup, who decides, legal
//! actions, apply, views) and [`camelot_kit::Secrets`] (what a seat may not see, varied for the
//! conformance checks of `tests/conformance.rs`).

use crate::action::{Action, Event, NoEvents, RuleError, Seat};
use crate::cards::{Card, Loyalty, Merlin, Quest, all_knights};
use crate::game::{Game, GameSetup, Phase, SetupError};
use crate::view::{SeatLook, SeatView, TableView};
use camelot_kit::{GameRng, Looked, Rules, Secrets, shuffle};
use rand::RngExt;

impl Rules for Game {
    type Setup = GameSetup;
    type Action = Action;
    type Event = Event;
    type Refusal = RuleError;
    type SetupError = SetupError;
    type TableView = TableView;
    /// `None` for a seat not at the table.
    type SeatView = Option<SeatView>;

    fn start(setup: &GameSetup) -> Result<Game, SetupError> {
        match &setup.deal {
            Some(deal) => Game::with_deal(setup.setup, deal.clone()),
            None => Game::new(setup.setup),
        }
    }

    fn setup(&self) -> &GameSetup {
        Game::game_setup(self)
    }

    fn seats(&self) -> usize {
        self.players()
    }

    fn decider(&self) -> Option<Seat> {
        Game::decider(self).map(|(seat, _)| seat)
    }

    fn legal_actions(&self) -> Vec<Action> {
        Game::legal_actions(self)
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        Game::apply(self, seat, action)
    }

    fn apply_quietly(&mut self, seat: Seat, action: Action) -> Result<(), RuleError> {
        self.apply_to(seat, action, &mut NoEvents)
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn table_view(&self) -> TableView {
        Game::table_view(self)
    }

    fn seat_view(&self, seat: Seat) -> Option<SeatView> {
        Game::seat_view(self, seat)
    }
}

/// What `seat` may not see, changed: the order of the Rumor deck, the discard pile and the Knight
/// deck, the unused Morgans, the set-aside Loyalty cards, the cards other seats placed under the top
/// of the Threats pile (a Merlin #4 stays one, its quest changes) and under a face-down top (its
/// announcement stays) — but nothing on the pile while it lies revealed for its quest's resolution
/// —, a card drawn in secret by another seat, and every other unrevealed seat's Loyalty card,
/// Knight cards (as many as before) and memory.
impl Secrets for Game {
    fn vary_hidden(&self, seat: Seat, rng: &mut GameRng) -> Option<Game> {
        let mut h = self.clone();
        let promos = (h.start.setup.options.morgan8, h.start.setup.options.merlin6);
        let loyalty = |rng: &mut GameRng| {
            if rng.random_bool(0.5) {
                Loyalty::Loyal
            } else {
                Loyalty::Traitor
            }
        };
        shuffle(&mut h.deck, rng);
        shuffle(&mut h.discard, rng);
        shuffle(&mut h.knight_deck, rng);
        shuffle(&mut h.unused_morgans, rng);
        for l in h.set_aside.iter_mut() {
            *l = loyalty(rng);
        }
        // Any card but a Merlin #4, whose token the table sees.
        let mut others = Card::all_kinds(promos.0, promos.1);
        others.retain(|c| *c != Card::Merlin(Merlin::Four));
        let any = |rng: &mut GameRng| others[rng.random_range(0..others.len())];
        // While a quest is resolved (Gawain's window), the whole pile lies face up: nothing on it
        // is hidden, so nothing on it changes.
        let pile_revealed = h.resolving.is_some();
        let n = if pile_revealed { 0 } else { h.pile.len() };
        for (i, pc) in h.pile.iter_mut().take(n).enumerate() {
            if pc.placed_by == seat {
                // Its own card: the seat knows what it placed and its Merlin #4's quest.
                continue;
            }
            if pc.merlin4.is_some() {
                pc.merlin4 = Some(Quest::ALL[rng.random_range(0..5usize)]);
            } else if i + 1 < n || pc.announced.is_some() {
                pc.card = any(rng);
            }
        }
        if h.current != seat {
            match &mut h.phase {
                Phase::Announce { card } => *card = any(rng),
                Phase::TraitorChoose { cards } => *cards = [any(rng), any(rng)],
                _ => {}
            }
        }
        let knights = all_knights();
        for (i, s) in h.seats.iter_mut().enumerate() {
            if i == seat.index() || s.revealed {
                continue;
            }
            if s.loyalty.is_some() {
                s.loyalty = Some(loyalty(rng));
            }
            for k in s.knights.iter_mut() {
                *k = knights[rng.random_range(0..knights.len())];
            }
            s.memory.clear();
        }
        Some(h)
    }
}

/// A computer knight looks at the game through its seat's [`SeatLook`].
impl Looked for Game {
    type Look<'a> = SeatLook<'a>;

    fn look(&self, seat: Seat) -> Option<SeatLook<'_>> {
        self.seat_look(seat)
    }
}
