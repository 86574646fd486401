//! The worlds a seat cannot tell apart: a game drawn at random among those that look the same
//! from one seat — everything it may not see dealt anew from what it could be — for a computer
//! knight that searches to play out.
//!
//! What is dealt anew: the other knights' hands (each keeps its size), the white draw and discard
//! piles, the black draw and discard piles with the black cards other knights placed face down
//! (below the top cards the seat knows: Sir Percival's look, its own Clairvoyance),
//! the Loyalty cards not shown (the other knights', the box's, and its own while it has not looked
//! at it) and the dice still to be rolled. Once the seat has looked at its Loyalty card, the
//! Traitor card goes to a knight, or to the box, with the chance the seat believes it is there
//! ([`Belief`], read from the public record): the worlds are as likely as the seat's reading of
//! the table makes them. Each pool is put in card order before it is shuffled,
//! so a world depends on what the seat may know and on the random numbers, never on what it may
//! not (the test `a_world_depends_only_on_what_the_seat_may_know`).

use crate::data::{Black, Loyalty, White};
use crate::game::{BlackStage, Frame, Game};
use crate::sim::{Belief, Glimpse};
use camelot_kit::{GameRng, rng_from_seed, shuffle};
use rand::RngExt;

impl Glimpse<'_> {
    /// A game this seat could be in, drawn at random (see the module's text).
    pub fn sample_world(&self, rng: &mut GameRng) -> Game {
        let g = self.game();
        let me = self.seat();
        let mut w = g.clone();
        w.record = false;
        w.events.clear();
        let others: Vec<usize> = (0..w.seats.len()).filter(|&i| i != me.index()).collect();

        // White cards: the other hands and both piles.
        let mut white: Vec<White> = Vec::new();
        for &i in &others {
            white.extend(w.seats[i].hand.cards());
        }
        white.extend_from_slice(&w.white_deck);
        white.extend_from_slice(&w.white_discard);
        in_card_order(&mut white, &White::ALL, White::index);
        shuffle(&mut white, rng);
        for &i in &others {
            let n = w.seats[i].hand.len();
            let mut hand = crate::game::Hand::default();
            for c in white.drain(..usize::from(n)) {
                hand.add(c);
            }
            w.seats[i].hand = hand;
        }
        let deck = w.white_deck.len();
        w.white_deck.clear();
        w.white_deck.extend(white.drain(..deck));
        w.white_discard = white;

        // Black cards: both piles (the top cards this seat knows kept in their order: the card it
        // saw on top as Sir Percival this turn, those its Clairvoyance put back) and the face-down
        // cards other knights placed.
        let percival = usize::from(g.t.seen_top.is_some() && g.current == me);
        let known = percival.max(g.foreseen_by(me)).min(w.black_deck.len());
        let seen_top = w.black_deck.split_off(w.black_deck.len() - known);
        let mut black: Vec<Black> = Vec::new();
        black.extend_from_slice(&w.black_deck);
        black.extend_from_slice(&w.black_discard);
        for combat in [&w.black_knight, &w.lancelot, &w.dragon] {
            black.extend(
                combat
                    .black()
                    .filter(|p| p.face_down && p.drawer != me)
                    .map(|p| p.card),
            );
        }
        // A black card another knight drew and has not shown (face down, or still his choice).
        let drawn_unseen = |w: &Game| match w.stack.last() {
            Some(Frame::Black(b)) => {
                b.drawer != me && (b.stage == BlackStage::FaceChoice || b.face_down)
            }
            _ => false,
        };
        if drawn_unseen(&w)
            && let Some(Frame::Black(b)) = w.stack.last()
        {
            black.push(b.card);
        }
        in_card_order(&mut black, &Black::ALL, Black::index);
        shuffle(&mut black, rng);
        // Each hidden card takes the first of the shuffled pool of its kind (the kind shows: the
        // quest it lies on, or the kind announced as it was drawn).
        let mut take_kind = |card: Black| {
            let i = black
                .iter()
                .position(|c| c.kind() == card.kind())
                .expect("the card itself is in the pool");
            black.remove(i)
        };
        if drawn_unseen(&w)
            && let Some(Frame::Black(b)) = w.stack.last_mut()
        {
            b.card = take_kind(b.card);
        }
        for combat in [&mut w.black_knight, &mut w.lancelot, &mut w.dragon] {
            for p in combat.black.iter_mut().flatten() {
                if p.face_down && p.drawer != me {
                    p.card = take_kind(p.card);
                }
            }
        }
        let deck = w.black_deck.len();
        w.black_deck.clear();
        w.black_deck.extend(black.drain(..deck));
        w.black_discard = black;
        w.black_deck.extend(seen_top);

        // Loyalty cards not shown: the others' (not unmasked, not shown Loyal by an accusation),
        // the box's, and this seat's own while it has not looked at it.
        let hidden = |i: usize| {
            let s = &w.seats[i];
            !g.is_over()
                && !s.revealed
                && s.shown_loyal_on.is_none()
                && (i != me.index() || !g.peeked)
        };
        let seats: Vec<usize> = (0..w.seats.len()).filter(|&i| hidden(i)).collect();
        let mut loyalty: Vec<Loyalty> = seats.iter().map(|&i| w.seats[i].loyalty).collect();
        loyalty.extend(std::iter::repeat_n(
            Loyalty::Loyal,
            usize::from(w.boxed.loyal),
        ));
        loyalty.extend(std::iter::repeat_n(
            Loyalty::Traitor,
            usize::from(w.boxed.traitor),
        ));
        let traitors = loyalty.iter().filter(|&&l| l == Loyalty::Traitor).count();
        if traitors == 1 && !seats.contains(&me.index()) {
            // The Traitor card goes where the seat believes it is, the box taking nobody's share.
            let belief = Belief::of(self);
            let boxed = loyalty.len() - seats.len();
            let nobody = if boxed > 0 { belief.nobody } else { 0.0 };
            let total: f64 = seats.iter().map(|&i| belief.seats[i]).sum::<f64>() + nobody;
            let mut pick = rng.random::<f64>() * total;
            let traitor = seats.iter().copied().find(|&i| {
                pick -= belief.seats[i];
                pick < 0.0
            });
            for &i in &seats {
                w.seats[i].loyalty = if Some(i) == traitor {
                    Loyalty::Traitor
                } else {
                    Loyalty::Loyal
                };
            }
            w.boxed.traitor = u8::from(traitor.is_none());
            w.boxed.loyal = boxed as u8 - w.boxed.traitor;
        } else {
            loyalty.sort_unstable_by_key(|l| *l == Loyalty::Traitor);
            shuffle(&mut loyalty, rng);
            for &i in &seats {
                w.seats[i].loyalty = loyalty.pop().expect("one card a seat");
            }
            w.boxed.loyal = loyalty.iter().filter(|&&l| l == Loyalty::Loyal).count() as u8;
            w.boxed.traitor = loyalty.len() as u8 - w.boxed.loyal;
        }

        // The dice and the random picks still to come.
        w.rng = rng_from_seed(rng.random());
        w
    }
}

/// `pool` put in card order, the cards of each kind together and the kinds in `all`'s order (as
/// sorting it would, counted rather than compared: a world is drawn for every play-out).
fn in_card_order<T: Copy, const K: usize>(pool: &mut [T], all: &[T; K], index: fn(T) -> usize) {
    let mut counts = [0usize; K];
    for &card in pool.iter() {
        counts[index(card)] += 1;
    }
    let mut at = 0;
    for (&card, &n) in all.iter().zip(&counts) {
        pool[at..at + n].fill(card);
        at += n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::{Action, Seat};
    use crate::data::CLAIRVOYANCE_CARDS;
    use crate::{Setup, TraitorRule};
    use camelot_kit::{Rules, Secrets};

    /// A game drawn for a seat is the same for two games that differ only in what the seat may
    /// not see: the expert cannot learn a hidden card from the worlds it plays out.
    #[test]
    fn a_world_depends_only_on_what_the_seat_may_know() {
        let mut rng = rng_from_seed(7);
        let mut compared = 0;
        for players in 3..=7u8 {
            for traitor in [TraitorRule::Standard, TraitorRule::AmongUs] {
                let mut setup = Setup::new(players, 40 + u64::from(players));
                setup.options.traitor = traitor;
                let mut game = Game::new(&setup).unwrap();
                for _ in 0..400 {
                    for s in 0..players {
                        let seat = Seat(s);
                        let Some(other) = game.vary_hidden(seat, &mut rng) else {
                            continue;
                        };
                        let seed: u64 = rng.random();
                        let a = game.glimpse(seat).sample_world(&mut rng_from_seed(seed));
                        let b = other.glimpse(seat).sample_world(&mut rng_from_seed(seed));
                        assert_eq!(format!("{a:?}"), format!("{b:?}"), "{setup:?}");
                        assert_eq!(a.seat_view(seat), game.seat_view(seat));
                        compared += 1;
                    }
                    let Some(seat) = Rules::decider(&game) else {
                        break;
                    };
                    let legal = Rules::legal_actions(&game);
                    let action = legal[rng.random_range(0..legal.len())];
                    Rules::apply(&mut game, seat, action).unwrap();
                }
            }
        }
        assert!(compared > 1000, "only {compared}");
    }

    /// Games of four knights played at random until a Clairvoyance has been played and its cards
    /// put back: the game and the knight who played it.
    fn clairvoyance_games(count: usize) -> Vec<(Game, Seat)> {
        let mut rng = rng_from_seed(11);
        let mut out = Vec::new();
        for seed in 0..400u64 {
            let mut game = Game::new(&Setup::new(4, seed)).unwrap();
            let mut seer = None;
            for _ in 0..600 {
                let Some(seat) = Rules::decider(&game) else {
                    break;
                };
                let legal = Rules::legal_actions(&game);
                let action = if legal.contains(&Action::PlayClairvoyance) {
                    seer = Some(seat);
                    Action::PlayClairvoyance
                } else {
                    legal[rng.random_range(0..legal.len())]
                };
                Rules::apply(&mut game, seat, action).unwrap();
                if seer.is_some() && game.stack.is_empty() {
                    break;
                }
            }
            if let Some(seer) = seer.filter(|_| game.foreseen.is_some()) {
                out.push((game, seer));
            }
            if out.len() == count {
                break;
            }
        }
        assert_eq!(out.len(), count, "games where a Clairvoyance is played");
        out
    }

    /// The top `known` black cards of `g`'s pile, bottom first.
    fn top(g: &Game, known: usize) -> Vec<Black> {
        g.black_deck[g.black_deck.len() - known..].to_vec()
    }

    /// A knight who played Clairvoyance knows the top black cards he put back, in their order, and
    /// the worlds he plays out keep them there (every other black card dealt anew); another knight
    /// does not know them, and his worlds deal them anew.
    #[test]
    fn the_black_cards_a_clairvoyance_put_back_stay_on_top_in_its_worlds() {
        for (game, seer) in clairvoyance_games(12) {
            let known = game.foreseen_by(seer);
            assert!(known > 0 && known <= CLAIRVOYANCE_CARDS);
            let other = Seat((seer.0 + 1) % 4);
            let mut dealt_anew = false;
            for world in 0..20 {
                let w = game.glimpse(seer).sample_world(&mut rng_from_seed(world));
                assert_eq!(top(&w, known), top(&game, known));
                let o = game.glimpse(other).sample_world(&mut rng_from_seed(world));
                dealt_anew |= top(&o, known) != top(&game, known);
            }
            assert!(dealt_anew, "another knight's worlds keep the cards");
        }
    }

    /// The knight who played Clairvoyance is shown the cards he put back, top first, among his
    /// secrets, and nobody else is; once the top one is drawn he is shown the rest.
    #[test]
    fn a_knight_is_shown_the_black_cards_his_clairvoyance_put_back_until_drawn() {
        for (mut game, seer) in clairvoyance_games(12) {
            let known = game.foreseen_by(seer);
            let mut expected = top(&game, known);
            expected.reverse();
            assert_eq!(game.seat_view(seer).foreseen, expected);
            for s in (0..4).map(Seat).filter(|&s| s != seer) {
                assert!(game.seat_view(s).foreseen.is_empty());
            }
            let reshuffled = game.black_deck.len() == 1;
            game.pop_black();
            if !reshuffled {
                assert_eq!(game.seat_view(seer).foreseen, expected[1..]);
            }
        }
    }

    /// A world drawn for the knight who decides is a whole game: every one of the 168 cards once,
    /// his own choices exactly those of the real game (what he may do never hangs on a card he
    /// cannot see), and it plays on, a few of them to the end, keeping every card. Along random
    /// games of every size, with a Traitor dealt, without and among us, a third of the decisions
    /// taken by the built-in policy.
    #[test]
    fn a_world_keeps_every_card_and_offers_the_decider_his_own_choices() {
        use crate::sim::SimplePolicy;
        use camelot_kit::Player;
        let whole = |g: &Game| g.census().matches_the_box();
        let mut rng = rng_from_seed(29);
        let mut worlds = 0;
        for players in 3..=7u8 {
            for traitor in [
                TraitorRule::Standard,
                TraitorRule::NoTraitor,
                TraitorRule::AmongUs,
            ] {
                for seed in 0..4 {
                    let mut setup = Setup::new(players, 60 + 10 * u64::from(players) + seed);
                    setup.options.traitor = traitor;
                    let mut game = Game::new(&setup).unwrap();
                    let mut step = 0;
                    while let Some(seat) = Rules::decider(&game) {
                        let legal = Rules::legal_actions(&game);
                        let view = game.glimpse(seat);
                        if step % 4 == 0 {
                            let mut world = view.sample_world(&mut rng_from_seed(rng.random()));
                            assert!(whole(&world), "{setup:?}, step {step}");
                            assert_eq!(
                                Rules::decider(&world),
                                Some(seat),
                                "{setup:?}, step {step}"
                            );
                            assert_eq!(
                                Rules::legal_actions(&world),
                                legal,
                                "{setup:?}, step {step}"
                            );
                            for _ in 0..if step % 40 == 0 { 3000 } else { 20 } {
                                let Some(s) = Rules::decider(&world) else {
                                    break;
                                };
                                let l = Rules::legal_actions(&world);
                                let a = l[rng.random_range(0..l.len())];
                                Rules::apply(&mut world, s, a).unwrap();
                            }
                            assert!(whole(&world), "{setup:?}, step {step}, played on");
                            worlds += 1;
                        }
                        let i = if rng.random_range(0..3) == 0 {
                            SimplePolicy.choose(&view, &legal, &mut rng).unwrap()
                        } else {
                            rng.random_range(0..legal.len())
                        };
                        Rules::apply(&mut game, seat, legal[i]).unwrap();
                        step += 1;
                    }
                }
            }
        }
        assert!(worlds > 2000, "only {worlds} worlds");
    }

    /// The pools are put in card order as a sort would put them, whatever order they came in.
    #[test]
    fn a_pool_is_put_in_card_order_as_sorted() {
        let mut rng = rng_from_seed(3);
        for len in [0, 1, 2, 17, 84, 168] {
            let mut white: Vec<White> = (0..len)
                .map(|_| White::ALL[rng.random_range(0..White::ALL.len())])
                .collect();
            let mut black: Vec<Black> = (0..len)
                .map(|_| Black::ALL[rng.random_range(0..Black::ALL.len())])
                .collect();
            let (mut white_sorted, mut black_sorted) = (white.clone(), black.clone());
            white_sorted.sort_unstable();
            black_sorted.sort_unstable();
            in_card_order(&mut white, &White::ALL, White::index);
            in_card_order(&mut black, &Black::ALL, Black::index);
            assert_eq!(white, white_sorted);
            assert_eq!(black, black_sorted);
        }
    }
}
