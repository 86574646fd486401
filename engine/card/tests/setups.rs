//! Every setup is checked whole, by whichever door it comes in (a scripted deal, a save, a replay):
//! the numbers within the table's bounds, and no card more often than the box holds it. A refusal
//! is a typed [`SetupError`] naming what is wrong, worded by its `Display` for the command line.

use camelot_card::cards::{KNIGHT_MANIFEST, MANIFEST, all_cards, all_knights};
use camelot_card::save::{self, LoadError};
use camelot_card::{
    Card, Deal, Game, Knight, Loyalty, Options, ReplayError, Seat, Setup, SetupError,
};
use serde_json::json;

fn c(code: &str) -> Card {
    code.parse().unwrap()
}

/// A 4-player deal (the Traitor at seat 1) of the given Rumor deck, top card first.
fn deal(deck: &[&str]) -> Deal {
    Deal {
        loyalty: vec![
            Loyalty::Loyal,
            Loyalty::Traitor,
            Loyalty::Loyal,
            Loyalty::Loyal,
        ],
        set_aside: vec![Loyalty::Loyal, Loyalty::Loyal],
        rumor_deck: deck.iter().map(|s| c(s)).collect(),
        unused_morgans: Vec::new(),
        knight_deck: Vec::new(),
    }
}

fn two_viviens() -> SetupError {
    SetupError::TooManyOfCard {
        card: Card::Vivien,
        found: 2,
        most: 1,
    }
}

#[test]
fn a_deal_with_two_viviens_is_refused() {
    let refused = Game::with_deal(Setup::new(4, 1), deal(&["vivien", "picts:2", "vivien"]));
    assert_eq!(refused.unwrap_err(), two_viviens());
    assert_eq!(
        two_viviens().to_string(),
        "the deal holds vivien 2 times, the box holds it once"
    );
    // One Vivien is the box's.
    assert!(Game::with_deal(Setup::new(4, 1), deal(&["vivien", "picts:2"])).is_ok());
}

#[test]
fn a_save_whose_deal_holds_two_viviens_is_refused() {
    let g = Game::with_deal(Setup::new(4, 1), deal(&["vivien", "picts:2"])).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&save::to_json(&g.to_save())).unwrap();
    v["setup"]["deal"]["rumor_deck"] = json!(["vivien", "picts:2", "vivien"]);
    let text = v.to_string();
    assert_eq!(
        save::load(&text).unwrap_err(),
        LoadError::Setup(two_viviens())
    );
    assert!(
        save::load(&text)
            .unwrap_err()
            .to_string()
            .contains("vivien 2 times")
    );
    // The state's own serde form is a save too: read only by replaying it, so refused the same way.
    let mut state = serde_json::to_value(&g).unwrap();
    state["setup"]["deal"]["rumor_deck"] = json!(["vivien", "picts:2", "vivien"]);
    let e = serde_json::from_value::<Game>(state)
        .unwrap_err()
        .to_string();
    assert!(e.contains("vivien 2 times"), "{e}");
}

#[test]
fn a_replay_whose_deal_holds_two_viviens_is_refused() {
    let refused = Game::replay(
        Setup::new(4, 1),
        Some(deal(&["vivien", "picts:2", "vivien"])),
        &[],
    );
    assert_eq!(refused.unwrap_err(), ReplayError::Setup(two_viviens()));
    let kit = camelot_kit::replay::<Game>(
        &camelot_card::GameSetup {
            setup: Setup::new(4, 1),
            deal: Some(deal(&["vivien", "vivien"])),
        },
        &[],
    );
    assert!(matches!(kit, Err(camelot_kit::ReplayError::Setup(e)) if e == two_viviens()));
}

#[test]
fn a_deal_may_hold_the_whole_box_and_no_card_more() {
    let box_codes: Vec<String> = all_cards(false).into_iter().map(Card::code).collect();
    let whole: Vec<&str> = box_codes.iter().map(String::as_str).collect();
    let g = Game::with_deal(Setup::new(4, 1), deal(&whole)).unwrap();
    assert_eq!(g.table_view().deck_count, 62);
    // Each card once more than the box holds it is refused, and named.
    for entry in MANIFEST.iter().filter(|e| !e.promo) {
        let mut more = whole.clone();
        let code = entry.card.code();
        more.push(&code);
        assert_eq!(
            Game::with_deal(Setup::new(4, 1), deal(&more)).unwrap_err(),
            SetupError::TooManyOfCard {
                card: entry.card,
                found: usize::from(entry.count) + 1,
                most: entry.count,
            }
        );
    }
    // Four `?` of a quest are the box's, a fifth is not.
    let five = ["picts:?"; 5];
    assert_eq!(
        Game::with_deal(Setup::new(4, 1), deal(&five)).unwrap_err(),
        SetupError::TooManyOfCard {
            card: c("picts:?"),
            found: 5,
            most: 4
        }
    );
    assert!(Game::with_deal(Setup::new(4, 1), deal(&five[..4])).is_ok());
}

#[test]
fn a_morgan_both_in_the_deck_and_left_out_is_refused() {
    let mut d = deal(&["morgan:5", "picts:2"]);
    d.unused_morgans = vec![c("morgan:5")];
    assert_eq!(
        Game::with_deal(Setup::new(4, 1), d).unwrap_err(),
        SetupError::TooManyOfCard {
            card: c("morgan:5"),
            found: 2,
            most: 1
        }
    );
    let mut d = deal(&["picts:2"]);
    d.unused_morgans = vec![c("picts:3")];
    assert_eq!(
        Game::with_deal(Setup::new(4, 1), d).unwrap_err(),
        SetupError::NotAnUnusedMorgan { card: c("picts:3") }
    );
}

#[test]
fn a_promo_card_needs_its_option_and_is_in_the_box_once() {
    assert_eq!(
        Game::with_deal(Setup::new(4, 1), deal(&["merlin:6"])).unwrap_err(),
        SetupError::NotInGame {
            card: c("merlin:6")
        }
    );
    let mut setup = Setup::new(4, 1);
    setup.options.merlin6 = true;
    assert!(Game::with_deal(setup, deal(&["merlin:6"])).is_ok());
    assert_eq!(
        Game::with_deal(setup, deal(&["merlin:6", "merlin:6"])).unwrap_err(),
        SetupError::TooManyOfCard {
            card: c("merlin:6"),
            found: 2,
            most: 1
        }
    );
}

#[test]
fn a_knight_deck_holds_each_knight_card_at_most_as_often_as_the_box() {
    let expert = Setup {
        options: Options {
            knights_to_the_rescue: true,
            ..Options::default()
        },
        ..Setup::new(4, 1)
    };
    let mut d = deal(&["picts:2"]);
    d.knight_deck = all_knights();
    assert!(Game::with_deal(expert, d.clone()).is_ok());
    for (knight, most) in KNIGHT_MANIFEST {
        let mut more = d.clone();
        more.knight_deck.push(knight);
        assert_eq!(
            Game::with_deal(expert, more).unwrap_err(),
            SetupError::TooManyOfKnight {
                knight,
                found: usize::from(most) + 1,
                most
            }
        );
    }
    d.knight_deck = vec![Knight::Arthur];
    assert_eq!(
        Game::with_deal(Setup::new(4, 1), d).unwrap_err(),
        SetupError::KnightsWithoutVariant
    );
}

#[test]
fn a_setups_numbers_stay_within_the_tables_bounds() {
    assert_eq!(
        Game::new(Setup::new(0, 1)).unwrap_err(),
        SetupError::PlayerCount { players: 0 }
    );
    assert_eq!(
        Game::new(Setup::new(8, 1)).unwrap_err(),
        SetupError::PlayerCount { players: 8 }
    );
    let late = Setup {
        first: Seat(4),
        ..Setup::new(4, 1)
    };
    assert_eq!(
        Game::new(late).unwrap_err(),
        SetupError::FirstSeat {
            first: Seat(4),
            players: 4
        }
    );
    let mut d = deal(&[]);
    d.loyalty.pop();
    assert_eq!(
        Game::with_deal(Setup::new(4, 1), d).unwrap_err(),
        SetupError::LoyaltyPerSeat {
            players: 4,
            found: 3
        }
    );
    let mut d = deal(&[]);
    d.set_aside.push(Loyalty::Loyal);
    assert_eq!(
        Game::with_deal(Setup::new(4, 1), d).unwrap_err(),
        SetupError::SetAside { found: 3 }
    );
    let mut d = deal(&[]);
    d.set_aside[0] = Loyalty::Traitor;
    assert_eq!(
        Game::with_deal(Setup::new(4, 1), d).unwrap_err(),
        SetupError::Traitors {
            players: 4,
            wanted: 1,
            found: 2
        }
    );
    assert_eq!(
        Game::with_deal(Setup::new(1, 1), deal(&[])).unwrap_err(),
        SetupError::LoyaltyInSolo
    );
}

/// The refusal's serde form is data, as the board game's is: a tag and its fields.
#[test]
fn a_setup_error_is_written_as_data() {
    assert_eq!(
        serde_json::to_value(two_viviens()).unwrap(),
        json!({"error": "too_many_of_card", "card": "vivien", "found": 2, "most": 1})
    );
    let back: SetupError = serde_json::from_value(
        json!({"error": "too_many_of_knight", "knight": "arthur", "found": 4, "most": 3}),
    )
    .unwrap();
    assert_eq!(
        back,
        SetupError::TooManyOfKnight {
            knight: Knight::Arthur,
            found: 4,
            most: 3
        }
    );
}
