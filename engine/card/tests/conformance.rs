//! The kit's conformance checks, run on the Card Game: over random games of 1 to 7 players, plain and
//! with both the *Knights to the Rescue* variant and the promo cards (and each alone at 4 players), random play never panics
//! and always has a legal action until the end, an illegal action is refused and changes nothing, a
//! game replays identically from its setup and actions, a save round-trips, and the table's and each
//! seat's views stay the same whatever is hidden from that seat (`camelot_kit::Secrets`).

use camelot_card::{Deal, Game, GameSetup, Knight, Loyalty, Options, Seat, Setup};
use camelot_kit::conformance::check_all;

fn setups() -> Vec<GameSetup> {
    let mut out = Vec::new();
    for players in 1..=7u8 {
        // Every table plain and with everything; the variant and the promos apart at four players.
        let options: &[(bool, bool)] = match players {
            4 => &[(false, false), (true, false), (false, true), (true, true)],
            _ => &[(false, false), (true, true)],
        };
        for &(expert, promos) in options {
            let setup = Setup {
                players,
                first: Seat(players / 2),
                options: Options {
                    knights_to_the_rescue: expert,
                    morgan8: promos,
                    merlin6: promos,
                },
                seed: u64::from(players) * 10 + u64::from(expert) + 2 * u64::from(promos),
            };
            out.push(setup.into());
        }
    }
    out
}

#[test]
fn the_card_game_passes_the_kits_conformance_checks() {
    check_all::<Game>(&setups(), 1, 2024, 3000);
}

/// A scripted game (an explicit deal: a short Rumor deck, the Knight deck in a chosen order) passes
/// the same checks: its deal is part of its setup and of its save.
#[test]
fn a_game_with_an_explicit_deal_passes_the_kits_conformance_checks() {
    let card = |code: &str| code.parse().unwrap();
    let deal = Deal {
        loyalty: vec![Loyalty::Loyal, Loyalty::Traitor, Loyalty::Loyal],
        set_aside: vec![Loyalty::Loyal, Loyalty::Loyal],
        rumor_deck: [
            "dragon:5",
            "morgan:1",
            "dragon:?",
            "merlin:4",
            "vivien",
            "grail:3",
            "picts:2",
            "saxons:?",
            "morgan:3",
            "excalibur:4",
            "mordred",
            "merlin:1",
        ]
        .map(card)
        .to_vec(),
        unused_morgans: ["morgan:2", "morgan:7"].map(card).to_vec(),
        knight_deck: vec![Knight::Gawain, Knight::Arthur, Knight::Percival],
    };
    let setup = GameSetup {
        setup: Setup {
            players: 3,
            first: Seat(0),
            options: Options {
                knights_to_the_rescue: true,
                ..Options::default()
            },
            seed: 5,
        },
        deal: Some(deal),
    };
    check_all::<Game>(&[setup], 4, 7, 3000);
}

/// Everything one seat knows, as its borrowed view answers it (what the computer knights decide
/// from), beside its own view and the table's: the cards it placed on the Threats pile, a revealed
/// pile while its quest is resolved, the quest under way and its own pending cards.
fn what_the_seat_knows(game: &Game, seat: Seat) -> impl PartialEq + std::fmt::Debug {
    let look = game.seat_look(seat).expect("a seat at the table");
    (
        game.seat_view(seat),
        game.table_view(),
        // Who placed each card, face up or down, and the seat's own cards as they really are (what
        // others placed face up under the top is a memory, not a view).
        look.pile()
            .map(|c| (c.placed_by, c.face_down, c.own))
            .collect::<Vec<_>>(),
        look.quest(),
        look.resolving_pile().map(|(p, g)| (p.to_vec(), g.to_vec())),
        look.revealed_pile().map(|(p, g)| (p.to_vec(), g.to_vec())),
        look.own_merlin4_quests().collect::<Vec<_>>(),
        look.drawn(),
        look.traitor_cards(),
        look.gawain_cards().map(<[_]>::to_vec),
    )
}

/// Varying what a seat cannot know leaves everything it knows as it was, at every step of many
/// random games — Gawain's window included, when the whole Threats pile lies revealed (so nothing
/// on it may change) — so a leak anywhere would show as a difference.
#[test]
fn varying_what_a_seat_cannot_know_leaves_all_it_knows() {
    use camelot_kit::{Rules, Secrets, rng_from_seed};
    use rand::RngExt;
    let mut rng = rng_from_seed(34);
    let (mut varied, mut in_gawains_window) = (0usize, 0usize);
    for setup in setups() {
        for g in 0..6u64 {
            let mut setup = setup.clone();
            setup.setup.seed += 1000 * g;
            let mut game = Game::start(&setup).unwrap();
            for _ in 0..3000 {
                for s in 0..game.seats() {
                    let seat = Seat(s as u8);
                    if let Some(other) = game.vary_hidden(seat, &mut rng) {
                        varied += 1;
                        if game.seat_look(seat).unwrap().resolving_pile().is_some() {
                            in_gawains_window += 1;
                        }
                        assert_eq!(
                            what_the_seat_knows(&other, seat),
                            what_the_seat_knows(&game, seat),
                            "{setup:?}: a change hidden from {seat} shows to it"
                        );
                    }
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
    assert!(varied > 10_000, "only {varied} variations");
    assert!(
        in_gawains_window > 20,
        "only {in_gawains_window} variations in Gawain's window"
    );
}
