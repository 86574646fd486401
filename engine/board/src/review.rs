//! Looking back at a finished game, with nothing hidden any more: every knight's hand and Loyalty
//! card, and the black cards placed face down. [`Game::truth`] is `None` while a game is being
//! played; the truth of an earlier step is read only through a [`Finished`] game, which exists
//! only once the game has ended. The table's view of each step is still [`Game::table_view`].

use crate::action::Seat;
use crate::data::{Black, Loyalty, Quest, White};
use crate::game::Game;
use camelot_kit::{Finished, Move, NotFinished};
use serde::{Deserialize, Serialize};

/// Everything at the table, face up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Truth {
    /// Each seat's Loyalty card and hand, in seat order.
    pub knights: Vec<KnightTruth>,
    /// The black cards lying face down on the combat quests.
    pub face_down: Vec<FaceDown>,
}

/// One knight, face up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnightTruth {
    pub seat: Seat,
    pub loyalty: Loyalty,
    pub hand: Vec<White>,
}

/// A black card placed face down: on which quest, at which place among its black cards (from
/// 0), and who drew it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FaceDown {
    pub quest: Quest,
    pub position: u8,
    pub card: Black,
    pub drawer: Seat,
}

impl Game {
    /// Everything at the table, face up — only once the game has ended (`None` while it is being
    /// played).
    pub fn truth(&self) -> Option<Truth> {
        self.is_over().then(|| self.truth_now())
    }

    fn truth_now(&self) -> Truth {
        let knights = (0..self.players() as u8)
            .map(Seat)
            .map(|seat| KnightTruth {
                seat,
                loyalty: self.loyalty(seat).unwrap_or(Loyalty::Loyal),
                hand: self.hand(seat).map(|h| h.cards()).unwrap_or_default(),
            })
            .collect();
        let mut face_down = Vec::new();
        for quest in [Quest::BlackKnight, Quest::Lancelot, Quest::Dragon] {
            if let Some(c) = self.combat(quest) {
                for (i, p) in c.black().enumerate() {
                    if p.face_down {
                        face_down.push(FaceDown {
                            quest,
                            position: i as u8,
                            card: p.card,
                            drawer: p.drawer,
                        });
                    }
                }
            }
        }
        Truth { knights, face_down }
    }
}

/// A finished board game, looked back on step by step.
pub type Review = Finished<Game>;

/// Replay a board game to look back on it: refused while it is being played.
pub fn review(
    setup: &crate::game::Setup,
    moves: &[Move<crate::action::Action>],
) -> Result<Review, NotFinished<Game>> {
    Finished::of(setup, moves, Game::turn)
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
    use crate::game::Setup;
    use camelot_kit::{Rules, rng_from_seed};
    use rand::RngExt;

    /// A game of random legal moves to its end.
    fn played(seed: u64) -> (Setup, Vec<Move<crate::action::Action>>) {
        let setup = Setup::new(4, seed);
        let mut game = Game::start(&setup).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut moves = Vec::new();
        while let Some(seat) = game.decider() {
            let legal = game.legal_actions();
            let action = legal[rng.random_range(0..legal.len())];
            game.apply(seat, action).unwrap();
            moves.push(Move { seat, action });
            assert!(moves.len() < 50_000);
        }
        (setup, moves)
    }

    #[test]
    fn the_truth_is_read_only_once_the_game_has_ended() {
        let (setup, moves) = played(3);
        let running = camelot_kit::replay::<Game>(&setup, &moves[..moves.len() / 2]).unwrap();
        assert_eq!(running.truth(), None);
        assert!(matches!(
            review(&setup, &moves[..moves.len() / 2]),
            Err(NotFinished::Running)
        ));
        let end = camelot_kit::replay::<Game>(&setup, &moves).unwrap();
        let truth = end.truth().expect("the game has ended");
        assert_eq!(truth.knights.len(), 4);
        for k in &truth.knights {
            assert_eq!(Some(k.loyalty), end.loyalty(k.seat));
            assert_eq!(
                k.hand.len(),
                usize::from(end.table_view().knights[k.seat.index()].hand)
            );
        }
    }

    #[test]
    fn each_step_of_a_finished_game_is_the_game_after_that_many_moves() {
        let (setup, moves) = played(8);
        let r = review(&setup, &moves).unwrap();
        assert_eq!(r.len(), moves.len());
        assert_eq!(r.turns().len(), moves.len() + 1);
        for step in [0, 1, 31, 32, 33, moves.len() / 2, moves.len()] {
            let (game, truth) = step_truth(&r, step);
            let direct = camelot_kit::replay::<Game>(&setup, &moves[..step]).unwrap();
            assert_eq!(game.table_view(), direct.table_view());
            assert_eq!(r.turns()[step], direct.turn());
            let hands: usize = truth.knights.iter().map(|k| k.hand.len()).sum();
            let counted: usize = direct
                .table_view()
                .knights
                .iter()
                .map(|k| usize::from(k.hand))
                .sum();
            assert_eq!(hands, counted);
            // Every face-down black card on the table is among them.
            let hidden: usize = [
                direct.table_view().black_knight,
                direct.table_view().lancelot_or_dragon,
            ]
            .iter()
            .map(|c| c.black.iter().filter(|b| b.is_none()).count())
            .sum();
            assert_eq!(truth.face_down.len(), hidden);
        }
        assert!(r.at(moves.len()).is_over());
    }
}
