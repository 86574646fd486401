//! The kit's conformance checks over random games of 3 to 7 knights and every option, and the board
//! game's own invariants along random games.

use camelot_board::data::*;
use camelot_board::{Action, Game, Options, SeatChoice, Setup, TraitorRule};
use camelot_kit::Rules;
use camelot_kit::conformance::{
    illegal_actions_change_nothing, random_game, replays_identically, saves_round_trip,
    views_hide_what_they_must,
};
use camelot_kit::rng_from_seed;

/// Every check of the kit's `check_all`, over `games` random games of each setup (the heavy
/// per-step checks on the first two). Its own loop: the kit's asks that a game state can be read
/// back from outside, and a board game from outside is its setup and its actions.
fn check_all(setups: &[Setup], games: usize, seed: u64, max_actions: usize) {
    let mut rng = rng_from_seed(seed);
    for setup in setups {
        for g in 0..games {
            let trace = random_game::<Game>(setup, &mut rng, max_actions);
            replays_identically(setup, &trace);
            saves_round_trip(&trace);
            if g < 2 {
                illegal_actions_change_nothing::<Game>(setup, &mut rng, max_actions.min(300));
                views_hide_what_they_must::<Game>(setup, &mut rng, max_actions.min(300));
            }
        }
    }
}

fn setups() -> Vec<Setup> {
    let mut v = Vec::new();
    for players in 3..=7u8 {
        for (i, traitor) in [
            TraitorRule::Standard,
            TraitorRule::NoTraitor,
            TraitorRule::AmongUs,
        ]
        .into_iter()
        .enumerate()
        {
            let mut s = Setup::new(players, 100 * u64::from(players) + i as u64);
            s.options.traitor = traitor;
            v.push(s);
        }
    }
    // The three-player rule off; squires.
    let mut s = Setup::new(3, 7);
    s.options.three_player_peek = false;
    v.push(s);
    let mut s = Setup::new(5, 8);
    s.knights = vec![
        SeatChoice::Squire,
        SeatChoice::Random,
        SeatChoice::Squire,
        SeatChoice::Random,
        SeatChoice::Random,
    ];
    s.options = Options {
        squire_life: 3,
        squire_cards: 3,
        ..Options::default()
    };
    v.push(s);
    // Players joining and leaving mid-game (§8.4).
    for (players, traitor) in [(4, TraitorRule::Standard), (3, TraitorRule::AmongUs)] {
        let mut s = Setup::new(players, 9 + u64::from(players));
        s.options.join_and_leave = true;
        s.options.traitor = traitor;
        v.push(s);
    }
    v
}

/// Every check of the kit (the heavy per-step ones on two games of each) over one setup per player
/// count, the options spread among them.
#[test]
fn conformance_over_random_games() {
    let all = setups();
    // 3p three-player rule, 4p no Traitor, 5p squires, 6p the Traitor among us, 7p standard.
    let chosen: Vec<Setup> = [0, 4, 16, 11, 12].iter().map(|&i| all[i].clone()).collect();
    check_all(&chosen, 2, 1, 3000);
}

/// Every check of the kit over games where players join and leave (§8.4).
#[test]
fn conformance_with_players_joining_and_leaving() {
    let all = setups();
    let chosen: Vec<Setup> = all
        .iter()
        .filter(|s| s.options.join_and_leave)
        .cloned()
        .collect();
    assert_eq!(chosen.len(), 2);
    check_all(&chosen, 3, 4, 3000);
    // Random play does take those offers.
    let mut rng = rng_from_seed(4);
    let (mut joins, mut leaves) = (0, 0);
    for setup in &chosen {
        for _ in 0..6 {
            let trace = random_game::<Game>(setup, &mut rng, 3000);
            joins += trace
                .moves
                .iter()
                .filter(|m| m.action == Action::Join)
                .count();
            leaves += trace
                .moves
                .iter()
                .filter(|m| matches!(m.action, Action::Leave { .. }))
                .count();
        }
    }
    assert!(joins > 0 && leaves > 0, "{joins} joins, {leaves} leaves");
}

/// The cheap checks (random play, replay, saves) over every setup, several games each.
#[test]
fn random_games_replay_and_save_under_every_option() {
    let mut rng = rng_from_seed(2);
    for setup in setups() {
        for _ in 0..6 {
            let trace = random_game::<Game>(&setup, &mut rng, 3000);
            assert!(trace.game.is_over(), "{setup:?} did not end");
            replays_identically(&setup, &trace);
            saves_round_trip(&trace);
        }
    }
}

#[test]
fn invariants_hold_along_random_games() {
    let mut rng = rng_from_seed(5);
    for setup in setups() {
        for _ in 0..3 {
            let trace = random_game::<Game>(&setup, &mut rng, 3000);
            // Replay step by step and check every state.
            let mut g = Game::start(&setup).unwrap();
            for m in &trace.moves {
                g.apply(m.seat, m.action).unwrap();
                check_invariants(&g);
            }
            assert!(g.is_over(), "a random game of {setup:?} did not end");
        }
    }
}

fn check_invariants(g: &Game) {
    let c = g.census();
    assert_eq!(c.total(), CARDS_IN_ALL as u32, "{c:?}");
    for (w, n) in WHITE_MANIFEST {
        assert_eq!(c.white[w.index()], u32::from(n), "{w:?}");
    }
    for (b, n) in BLACK_MANIFEST {
        assert_eq!(c.black[b.index()], u32::from(n), "{b:?}");
    }
    assert!(g.siege_engines() <= SIEGE_ENGINES_LOSE);
    assert!(g.swords().total() <= SWORDS_IN_ALL);
    for s in 0..g.players() {
        assert!(g.life(camelot_board::Seat(s as u8)) <= MAX_LIFE);
    }
}

/// Varying what a seat cannot know (other hands, hidden Loyalty cards — not those an accusation
/// showed —, the piles' order, face-down black cards) changes neither its view nor the table's, at
/// every step of many random games of every setup.
#[test]
fn varying_what_a_seat_cannot_know_leaves_its_view_as_it_was() {
    let mut rng = rng_from_seed(34);
    for setup in setups() {
        for g in 0..3u64 {
            let mut setup = setup.clone();
            setup.seed += 1000 * g;
            views_hide_what_they_must::<Game>(&setup, &mut rng, 3000);
        }
    }
}
