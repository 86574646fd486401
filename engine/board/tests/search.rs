//! The expert's look ahead (it plays each Progression of Evil out in worlds its seat cannot tell
//! apart): it cannot cheat, and it keeps what the expert promises.

mod common;

use camelot_board::levels::{Computer, Level};
use camelot_board::sim::Step;
use camelot_board::{Game, Loyalty, Setup};
use camelot_kit::Player;
use camelot_kit::{Rules, Secrets, rng_from_seed};
use common::*;
use rand::RngExt;

/// Two games that differ only in what the deciding seat may not see (the other hands, the piles,
/// the hidden Loyalty cards) get the same choice from the expert with the same random numbers:
/// its look ahead learns nothing it may not know.
#[test]
fn the_expert_looking_ahead_decides_the_same_whatever_it_cannot_see() {
    let mut rng = rng_from_seed(11);
    let mut compared = 0;
    for seed in 0..40u64 {
        let mut game = Game::new(&Setup::new(4, 500 + seed)).unwrap();
        while let Some(seat) = Rules::decider(&game) {
            let view = game.glimpse(seat);
            let looked_at = view.step() == Step::Turn
                && view.phase() == camelot_board::game::Phase::ProgressionOfEvil
                && view.loyalty().is_some()
                && game.legal_actions().len() > 1;
            if looked_at && let Some(other) = game.vary_hidden(seat, &mut rng) {
                let legal = game.legal_actions();
                let r: u64 = rng.random();
                let mut expert = Computer {
                    level: Level::Expert,
                };
                let a = expert.choose(&game.glimpse(seat), &legal, &mut rng_from_seed(r));
                let b = expert.choose(&other.glimpse(seat), &legal, &mut rng_from_seed(r));
                assert_eq!(a, b, "seed {seed}, turn {}", game.turn());
                compared += 1;
                break;
            }
            let legal = Rules::legal_actions(&game);
            let action = legal[rng.random_range(0..legal.len())];
            Rules::apply(&mut game, seat, action).unwrap();
        }
    }
    assert!(compared >= 20, "{compared} decisions compared");
}

/// The expert's choices for the deciding seat of `g`, with eight different random numbers.
fn expert_choices(g: &Game) -> Vec<camelot_board::Action> {
    let seat = g.decider().unwrap();
    let legal = g.legal_actions();
    (0..8)
        .map(|r| {
            let mut expert = Computer {
                level: Level::Expert,
            };
            legal[expert
                .choose(&g.glimpse(seat), &legal, &mut rng_from_seed(r))
                .unwrap()]
        })
        .collect()
}

/// With eleven siege engines around Camelot, playing out the twelfth loses every world: the expert
/// never adds it, whatever its look ahead draws.
#[test]
fn the_expert_looking_ahead_never_adds_the_twelfth_siege_engine() {
    let g = three().engines(11).start();
    for a in expert_choices(&g) {
        assert_ne!(a, camelot_board::Action::AddSiegeEngine);
    }
}

/// The hidden Traitor looks ahead for Evil: with eleven siege engines around Camelot he adds the
/// twelfth, which wins at once (being seen then costs him nothing).
#[test]
fn the_hidden_traitor_looking_ahead_adds_the_twelfth_siege_engine() {
    let g = four().traitor(0).engines(11).start();
    assert_eq!(g.loyalty(g.decider().unwrap()), Some(Loyalty::Traitor));
    for a in expert_choices(&g) {
        assert_eq!(a, camelot_board::Action::AddSiegeEngine);
    }
}

/// Three knights at 1 life with eleven siege engines around Camelot: at each Progression of Evil
/// a knight must draw a black card (a siege engine or a life would lose the game or his life).
/// A Clairvoyance shows one of them that Morgan's card that adds two siege engines lies on top:
/// the next knight would draw it and lose the game. The expert, looking ahead at which card to
/// put back next (the built-in policy keeps the order), does not leave it on top.
#[test]
fn the_expert_does_not_put_back_on_top_the_card_that_would_end_the_game() {
    let mut g = three()
        .hand(0, &[White::Clairvoyance, F1, F2])
        .black(&[
            Black::Despair,
            Black::Morgan4,
            Black::BlackKnight1,
            Black::Despair,
            Black::BlackKnight1,
            Black::Despair,
        ])
        .engines(11)
        .start();
    for _ in 0..3 {
        for _ in 0..3 {
            idle_turn_with(&mut g, LIFE);
        }
    }
    assert_eq!(g.life(s(2)), 1);
    act(&mut g, DRAW);
    while g.decider() == Some(s(0)) && g.glimpse(s(0)).step() != Step::Turn {
        act(&mut g, Action::Pass);
    }
    act(&mut g, Action::PlayClairvoyance);
    assert_eq!(g.glimpse(s(0)).step(), Step::Clairvoyance);
    let chosen = expert_choices(&g);
    assert!(
        chosen.iter().all(|&a| a != Action::PutNext { index: 0 }),
        "{chosen:?}"
    );
}
