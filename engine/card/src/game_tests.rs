use crate::action::{Action, Keep, NoEvents, Seat};
use crate::cards::{Card, Quest};
use crate::game::{Game, Setup};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

fn state(g: &Game) -> String {
    serde_json::to_string(g).unwrap()
}

#[test]
fn waiting_seats_are_written_as_a_list_and_read_back_by_replay() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut windows = 0;
    for seed in 0..40 {
        let mut setup = Setup::new(5, seed);
        setup.options.knights_to_the_rescue = true;
        let mut g = Game::new(setup).unwrap();
        while let Some((seat, _)) = g.decider() {
            let text = state(&g);
            if text.contains("\"waiting\":[") {
                windows += 1;
                let back: Game = serde_json::from_str(&text).unwrap();
                assert_eq!(back.phase, g.phase);
                assert_eq!(state(&back), text);
            }
            let a = *g.legal_actions().choose(&mut rng).unwrap();
            g.apply_to(seat, a, &mut NoEvents).unwrap();
            if g.history.len() > 1000 {
                break;
            }
        }
    }
    assert!(windows > 50, "{windows}");
}

#[test]
fn a_reset_game_is_a_new_game() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut g = Game::new(Setup::new(7, 0)).unwrap();
    for round in 0..300u64 {
        let mut setup = Setup::new((round % 7) as u8 + 1, round);
        setup.options.knights_to_the_rescue = round % 2 == 0;
        setup.options.morgan8 = round % 3 == 0;
        setup.options.merlin6 = round % 5 == 0;
        g.reset(setup).unwrap();
        assert_eq!(state(&g), state(&Game::new(setup).unwrap()));
        // Play some of it, so that the next reset starts from a used game.
        for _ in 0..rng.random_range(0..300) {
            let Some((seat, _)) = g.decider() else { break };
            let a = *g.legal_actions().choose(&mut rng).unwrap();
            g.apply_to(seat, a, &mut NoEvents).unwrap();
        }
    }
    let before = state(&g);
    assert!(g.reset(Setup::new(9, 1)).is_err());
    assert_eq!(state(&g), before, "a refused reset leaves the game alone");
}

/// [`Game::legal_actions`] lists the candidates [`Game::allows`] allows: no action it allows may be
/// missing from the candidates, and [`Game::check`] accepts exactly these, from the decider only.
#[test]
fn legal_actions_check_and_allows_agree() {
    let mut universe = vec![
        Action::ListenToRumors,
        Action::SpreadRumors,
        Action::PassWindow,
        Action::Pass,
        Action::PlayTristan,
        Action::PlayArthur,
        Action::PlayGawain,
        Action::PlayPercival,
        Action::DeclineMerlin6,
        Action::GawainPlay { index: None },
    ];
    universe.extend(Quest::ALL.map(|quest| Action::GoOnQuest { quest }));
    universe.extend((0..9).map(|i| Action::Accuse { target: Seat(i) }));
    universe.extend((0..9).map(|i| Action::PlayGalahad { target: Seat(i) }));
    universe.extend((0..9).map(|i| Action::GiveLoyalty { recipient: Seat(i) }));
    universe.extend((0..3).map(|index| Action::PlaceRumor { index }));
    universe.extend((0..5).map(|i| Action::GawainPlay { index: Some(i) }));
    universe.extend(Quest::ALL.map(|quest| Action::ChooseMerlin4Quest { quest }));
    universe.extend([Keep::Current, Keep::New].map(|keep| Action::KeepLoyalty { keep }));
    for quest in Quest::ALL {
        universe.extend((0..6).map(|bonus| Action::Merlin6Quest { quest, bonus }));
    }
    universe.extend(
        Card::all_kinds(true, true)
            .into_iter()
            .map(|card| Action::Announce { card }),
    );
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for players in 1..=7 {
        for seed in 0..30 {
            let mut setup = Setup::new(players, seed);
            setup.options.knights_to_the_rescue = seed % 2 == 0;
            setup.options.morgan8 = seed % 3 == 0;
            setup.options.merlin6 = seed % 3 == 0;
            let mut g = Game::new(setup).unwrap();
            while let Some((seat, _)) = g.decider() {
                let legal = g.legal_actions();
                assert!(!legal.is_empty(), "{:?}", g.phase);
                let other = Seat((seat.0 + 1) % players);
                for a in &universe {
                    let listed = legal.contains(a);
                    assert_eq!(g.allows(seat, *a), listed, "{a:?} in {:?}", g.phase);
                    assert_eq!(g.check(seat, *a).is_ok(), listed, "{a:?} in {:?}", g.phase);
                    if other != seat {
                        assert!(g.check(other, *a).is_err(), "{a:?} by {other}");
                    }
                }
                let a = *legal.choose(&mut rng).unwrap();
                g.apply_to(seat, a, &mut NoEvents).unwrap();
                if g.history.len() > 2000 {
                    break;
                }
            }
        }
    }
}
