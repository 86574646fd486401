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
