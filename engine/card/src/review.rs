//! Looking back at a finished game, with nothing hidden any more: every player's Loyalty and
//! Knight cards, and the whole Threats pile face up. [`Game::truth`] is `None` while a game is
//! being played; the truth of an earlier step is read only through a [`Finished`] game, which
//! exists only once the game has ended. The table's view of each step is still
//! [`Game::table_view`].

use crate::action::Seat;
use crate::cards::{Card, Knight, Loyalty};
use crate::game::{Game, GameSetup, Played, Setup};
use camelot_kit::{Finished, NotFinished};
use serde::{Deserialize, Serialize};

/// Everything at the table, face up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Truth {
    /// Each seat's cards, in seat order.
    pub seats: Vec<SeatTruth>,
    /// The Threats pile, bottom first, every card face up.
    pub pile: Vec<Card>,
}

/// One player's cards, face up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatTruth {
    pub seat: Seat,
    /// `None` in solo play.
    pub loyalty: Option<Loyalty>,
    pub knights: Vec<Knight>,
}

impl Game {
    /// Everything at the table, face up — only once the game has ended (`None` while it is being
    /// played).
    pub fn truth(&self) -> Option<Truth> {
        self.is_over().then(|| self.truth_now())
    }

    fn truth_now(&self) -> Truth {
        Truth {
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatTruth {
                    seat: Seat(i as u8),
                    loyalty: s.loyalty,
                    knights: s.knights.clone(),
                })
                .collect(),
            pile: self.pile.iter().map(|p| p.card).collect(),
        }
    }
}

/// A finished Card Game, looked back on step by step.
pub type Review = Finished<Game>;

/// Replay a Card Game to look back on it: refused while it is being played.
pub fn review(setup: Setup, actions: &[Played]) -> Result<Review, NotFinished<Game>> {
    Finished::of(&GameSetup { setup, deal: None }, actions, Game::turn)
}

/// The game at `step` of a finished game, and everything at its table face up.
pub fn step_truth(review: &Review, step: usize) -> (Game, Truth) {
    let game = review.at(step);
    let truth = game.truth_now();
    (game, truth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_kit::{Move, Rules, rng_from_seed};
    use rand::RngExt;

    /// A game of random legal moves to its end.
    fn played(seed: u64) -> (Setup, Vec<Played>) {
        let setup = Setup::new(4, seed);
        let mut game = Game::new(setup).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut moves = Vec::new();
        while let Some(seat) = Rules::decider(&game) {
            let legal = Rules::legal_actions(&game);
            let action = legal[rng.random_range(0..legal.len())];
            game.apply(seat, action).unwrap();
            moves.push(Move { seat, action });
            assert!(moves.len() < 50_000);
        }
        (setup, moves)
    }

    #[test]
    fn the_truth_is_read_only_once_the_game_has_ended() {
        let (setup, moves) = played(5);
        let half = &moves[..moves.len() / 2];
        let running = Game::replay(setup, None, half).unwrap();
        assert_eq!(running.truth(), None);
        assert!(matches!(review(setup, half), Err(NotFinished::Running)));
        let end = Game::replay(setup, None, &moves).unwrap();
        let truth = end.truth().expect("the game has ended");
        assert_eq!(truth.seats.len(), 4);
        assert!(truth.seats.iter().all(|s| s.loyalty.is_some()));
    }

    #[test]
    fn each_step_of_a_finished_game_is_the_game_after_that_many_moves() {
        // The longest of a few random games.
        let (setup, moves) = (1..20).map(played).max_by_key(|(_, m)| m.len()).unwrap();
        let r = review(setup, &moves).unwrap();
        assert_eq!(r.len(), moves.len());
        assert!(moves.len() > 32, "a longer game: {}", moves.len());
        for step in 0..=moves.len() {
            let (game, truth) = step_truth(&r, step);
            let direct = Game::replay(setup, None, &moves[..step]).unwrap();
            let view = direct.table_view();
            assert_eq!(game.table_view(), view);
            assert_eq!(r.turns()[step], direct.turn());
            assert_eq!(truth.pile.len(), usize::from(view.pile_count));
            for (s, p) in truth.seats.iter().zip(&view.seats) {
                assert_eq!(s.knights.len(), usize::from(p.knight_cards));
            }
        }
    }
}
