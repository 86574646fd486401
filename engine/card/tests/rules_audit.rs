//! Rules audit: one named test per rule or edge case of the rule book and of the settled readings
//! (`docs/rules-card-game.md`, with the book's pages) that `rules.rs` does not already cover. Each
//! test quotes the rule it checks and asserts what a player at the table would notice.

mod audit;
mod table;

use audit::*;
use camelot_card::{
    Action, Card, Decision, EndReason, Event, Game, Loyalty, Options, Quest, RuleError, Seat,
    Setup, Side, TopCard,
};
use table::*;

// ------------------------------------------------------------------------------------------------
// Setup
// ------------------------------------------------------------------------------------------------

/// "From 2 to 6 players: Take 1 more Loyal card than there are players around the table and 1
/// Traitor card. […] Stack the remaining 2 near the center of the table."
#[test]
fn setup_two_to_six_players_use_one_more_loyal_than_players_and_one_traitor() {
    for players in 2..=6u8 {
        for seed in 0..40 {
            let g = Game::new(Setup::new(players, seed)).unwrap();
            let mut all = held_loyalty(&g);
            let aside = loyalty_list(&state(&g)["set_aside"]);
            assert_eq!(aside.len(), 2, "two cards set aside");
            all.extend(aside);
            assert_eq!(count(&all, Loyalty::Loyal), players as usize + 1);
            assert_eq!(count(&all, Loyalty::Traitor), 1);
        }
    }
}

/// "7 players: Keep all Loyalty cards - the 7 Loyal and 2 Traitor."
#[test]
fn setup_seven_players_use_all_seven_loyal_and_both_traitor_cards() {
    for seed in 0..40 {
        let g = Game::new(Setup::new(7, seed)).unwrap();
        let mut all = held_loyalty(&g);
        all.extend(loyalty_list(&state(&g)["set_aside"]));
        assert_eq!(all.len(), 9);
        assert_eq!(count(&all, Loyalty::Traitor), 2);
    }
}

/// "Take all Morgan cards out of the Rumor deck. Randomly pick 6, shuffle these back into the Rumor
/// deck and discard the other 3 Morgan" — the other 53 cards are all in the deck.
#[test]
fn setup_the_deck_holds_six_distinct_morgans_and_every_other_card() {
    let mut decks = std::collections::HashSet::new();
    for seed in 0..20 {
        let g = Game::new(Setup::new(4, seed)).unwrap();
        let s = state(&g);
        let deck = codes(&s["deck"]);
        let unused = codes(&s["unused_morgans"]);
        assert_eq!(deck.len(), 59);
        assert_eq!(deck.iter().filter(|c| c.is_morgan()).count(), 6);
        assert_eq!(deck.iter().filter(|c| !c.is_morgan()).count(), 53);
        assert_eq!(unused.len(), 3);
        let mut morgans: Vec<Card> = deck.iter().copied().filter(|c| c.is_morgan()).collect();
        morgans.extend(&unused);
        morgans.sort();
        let mut all: Vec<Card> = camelot_card::cards::all_cards(false)
            .into_iter()
            .filter(|c| c.is_morgan())
            .collect();
        all.sort();
        assert_eq!(morgans, all, "the 9 Morgans, 6 in and 3 out");
        decks.insert(format!("{deck:?}"));
    }
    assert!(decks.len() > 15, "the deck is shuffled");
}

/// "shuffle all 9 Knight to the Rescue cards at game start, and place them face down next to the
/// Rumor deck. Set the 3 unused Morgan cards face down, next to it too."
#[test]
fn expert_setup_has_nine_knight_cards_face_down_and_three_unused_morgans() {
    let g = Game::new(Setup {
        options: EXPERT,
        ..Setup::new(4, 3)
    })
    .unwrap();
    let v = g.table_view();
    assert_eq!(v.knight_deck_count, 9);
    assert!(v.seats.iter().all(|s| s.knight_cards == 0));
    assert_eq!(codes(&state(&g)["unused_morgans"]).len(), 3);
    // Without the variant there is no Knight deck.
    let g = Game::new(Setup::new(4, 3)).unwrap();
    assert_eq!(g.table_view().knight_deck_count, 0);
}

// ------------------------------------------------------------------------------------------------
// Listening to Rumors
// ------------------------------------------------------------------------------------------------

/// "At any one time, only the last Rumor card revealed is visible."
#[test]
fn only_the_last_rumor_card_revealed_is_visible() {
    let mut g = game(2, None, &["dragon:4", "grail:2", "picts:3"]);
    listen(&mut g, 2);
    let table = serde_json::to_string(&g.table_view()).unwrap();
    assert!(table.contains("grail:2"));
    assert!(
        !table.contains("dragon:4"),
        "the card under the top is hidden"
    );
    for s in 0..2 {
        let v = serde_json::to_string(&g.seat_view(Seat(s)).unwrap()).unwrap();
        assert!(!v.contains("dragon:4"));
        assert!(!v.contains("picts:3"), "the deck order is hidden");
    }
}

/// card-game.md §6: "if both are empty, Listening is not allowed."
#[test]
fn listening_is_not_allowed_with_no_card_in_the_deck_or_the_discard_pile() {
    let mut g = game(2, None, &["dragon:2"]);
    listen(&mut g, 1);
    assert!(!g.legal_actions().contains(&Action::ListenToRumors));
    assert_eq!(
        g.apply(Seat(1), Action::ListenToRumors),
        Err(RuleError::NoCardsLeft)
    );
}

/// "If the Rumor deck runs out of cards, shuffle all the Rumor cards in the discard pile to form a
/// new Rumor deck."
#[test]
fn the_new_rumor_deck_is_made_of_exactly_the_discarded_cards() {
    let mut g = game(1, None, &["dragon:4", "dragon:5", "grail:3", "grail:2"]);
    listen(&mut g, 2);
    quest(&mut g, Quest::Dragon);
    listen(&mut g, 2);
    quest(&mut g, Quest::Grail);
    let mut discarded = codes(&state(&g)["discard"]);
    discarded.sort();
    listen(&mut g, 1);
    let s = state(&g);
    let mut now = codes(&s["deck"]);
    now.extend(
        s["pile"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| c(p["card"].as_str().unwrap())),
    );
    now.sort();
    assert_eq!(now, discarded);
    assert_eq!(g.table_view().discard_count, 0);
}

// ------------------------------------------------------------------------------------------------
// Morgan
// ------------------------------------------------------------------------------------------------

/// Morgan #7: "The next time a player chooses to Go on a Quest" — once that quest is resolved
/// below 14, Morgan #7 is gone with the pile: a later quest of 14 or more is an ordinary defeat.
#[test]
fn morgan7_acts_only_on_the_quest_whose_pile_holds_it() {
    let mut g = game(
        1,
        None,
        &[
            "morgan:7", "dragon:5", "dragon:4", "dragon:3", "grail:5", "grail:4", "grail:4",
            "grail:3",
        ],
    );
    listen(&mut g, 4);
    quest(&mut g, Quest::Dragon);
    listen(&mut g, 4);
    quest(&mut g, Quest::Grail);
    assert!(!g.is_over());
    assert_eq!(swords(&g), (3, 3));
}

/// Morgan #7: "the game ends immediately with a Loss for all Loyal players, regardless of the number
/// of Swords on the table!" — even with 6 white swords and no black.
#[test]
fn morgan7_ends_the_game_whatever_the_swords_on_the_table() {
    let mut g = game(
        1,
        None,
        &[
            "dragon:5", "dragon:4", "dragon:3", "grail:5", "grail:4", "grail:3", "morgan:7",
            "picts:5", "picts:4", "picts:3", "picts:2",
        ],
    );
    listen(&mut g, 3);
    quest(&mut g, Quest::Dragon);
    listen(&mut g, 3);
    quest(&mut g, Quest::Grail);
    assert_eq!(swords(&g), (6, 0));
    listen(&mut g, 5);
    quest(&mut g, Quest::Picts);
    assert_eq!(g.winner(), Some((Side::Evil, EndReason::Morgan7)));
}

/// card-game.md §4: "Silence starts when a Morgan is placed on the pile" — also by a revealed
/// Traitor spreading rumors (always face up).
#[test]
fn morgan_silence_begins_when_a_revealed_traitor_places_a_morgan() {
    let mut g = game(2, Some(1), &with_four(&["morgan:3", "dragon:5", "picts:3"]));
    reach_swords(&mut g, 4);
    assert_eq!(g.current(), Seat(0));
    act(&mut g, Action::Accuse { target: Seat(1) });
    act(&mut g, Action::SpreadRumors);
    let ev = act(&mut g, Action::PlaceRumor { index: 0 });
    assert!(ev.contains(&Event::SilenceBegins));
    assert!(g.silence().is_some());
}

/// A revealed Traitor, draws 2, places one, then the other is discarded; shared by two tests:
/// seat 1 (the Traitor) is revealed, seat 0 placed Morgan #2, seat 1 spreads next.
fn morgan2_then_revealed_traitor() -> Game {
    let mut g = game(
        2,
        Some(1),
        &with_four(&["morgan:2", "merlin:1", "dragon:4", "grail:5"]),
    );
    reach_swords(&mut g, 4);
    assert_eq!(g.current(), Seat(0));
    act(&mut g, Action::Accuse { target: Seat(1) });
    // Seat 1 spreads: Morgan #2 and Merlin #1; places Morgan #2 face up.
    act(&mut g, Action::SpreadRumors);
    act(&mut g, Action::PlaceRumor { index: 0 });
    assert_eq!(g.table_view().morgan2_next, Some(1));
    // Seat 0 listens and counts "1".
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::CountAloud {
        seat: Seat(0),
        number: 1
    }));
    g
}

/// Morgan #2: "Each player choosing to Listen to Rumors […] MUST count aloud"; card-game.md §4:
/// "They govern Listen to Rumors only" — a revealed Traitor's spreading is not counted.
#[test]
fn morgan2_a_revealed_traitor_spreading_rumors_does_not_count_aloud() {
    let mut g = morgan2_then_revealed_traitor();
    let ev = act(&mut g, Action::SpreadRumors);
    assert!(!ev.iter().any(|e| matches!(e, Event::CountAloud { .. })));
    act(&mut g, Action::PlaceRumor { index: 1 });
    assert_eq!(g.table_view().morgan2_next, Some(2), "the count goes on");
}

/// card-game.md §4: Morgan #1 and #2 "keep acting […] until a Merlin is placed on the pile (face up,
/// or announced; by a listener or by a revealed Traitor)" — and the silence ends with it.
#[test]
fn a_merlin_placed_by_a_revealed_traitor_ends_morgan2_and_the_silence() {
    let mut g = game(
        2,
        Some(1),
        &with_four(&[
            "morgan:2", "grail:3", "picts:4", "merlin:1", "dragon:4", "grail:5",
        ]),
    );
    reach_swords(&mut g, 4);
    act(&mut g, Action::Accuse { target: Seat(1) });
    act(&mut g, Action::SpreadRumors); // morgan:2, grail:3
    act(&mut g, Action::PlaceRumor { index: 0 });
    assert!(g.silence().is_some());
    listen(&mut g, 1); // seat 0: picts:4, counts 1
    act(&mut g, Action::SpreadRumors); // merlin:1, dragon:4
    let ev = act(&mut g, Action::PlaceRumor { index: 0 });
    assert!(ev.contains(&Event::MorganEffectsEnd));
    assert!(ev.contains(&Event::SilenceEnds));
    assert_eq!(g.table_view().morgan2_next, None);
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(!ev.iter().any(|e| matches!(e, Event::CountAloud { .. })));
}

/// Morgan #1: the card goes "face down on top of the Threats pile" and "Traitors may lie" — but when
/// a player goes on a Quest the pile is revealed: the lie does not change any total.
#[test]
fn morgan1_a_card_lied_about_counts_as_its_true_self_at_quest_time() {
    let mut g = game(
        3,
        Some(1),
        &["morgan:1", "grail:5", "dragon:4", "dragon:5", "dragon:3"],
    );
    listen(&mut g, 1);
    act(&mut g, Action::ListenToRumors); // seat 1, the Traitor, draws grail:5
    announce(&mut g, "dragon:2");
    for card in ["dragon:4", "dragon:5", "dragon:3"] {
        act(&mut g, Action::ListenToRumors);
        announce(&mut g, card);
    }
    let ev = quest(&mut g, Quest::Dragon);
    assert_eq!(total(&ev, Quest::Dragon), Some(12));
    assert_eq!(total(&ev, Quest::Grail), Some(5));
    assert_eq!(swords(&g), (3, 0));
}

// ------------------------------------------------------------------------------------------------
// Merlin
// ------------------------------------------------------------------------------------------------

/// Merlin #4: "remove the highest value card from the Quest you had associated with this Merlin" —
/// the main quest too; a stack of only `?` keeps them all.
#[test]
fn merlin4_removes_the_highest_card_of_its_quest_even_the_main_one() {
    let mut g = game(
        1,
        None,
        &[
            "grail:?", "grail:?", "dragon:5", "dragon:4", "merlin:4", "dragon:4", "dragon:2",
        ],
    );
    listen_choosing(&mut g, 7, Quest::Dragon);
    let ev = quest(&mut g, Quest::Dragon);
    assert_eq!(total(&ev, Quest::Dragon), Some(10));
    assert_eq!(swords(&g), (0, 1), "15 became a baseless 10");

    let mut g = game(1, None, &["grail:?", "grail:?", "merlin:4", "grail:?"]);
    listen_choosing(&mut g, 4, Quest::Grail);
    let ev = quest(&mut g, Quest::Grail);
    assert_eq!(total(&ev, Quest::Grail), Some(9));
}

/// Merlin: "set aside all Merlin cards […] removing the Merlins AND the cards they take out";
/// Cleaning up: "discard all these cards into a pile" — characters and removed cards included.
#[test]
fn merlins_and_the_cards_they_remove_go_to_the_discard_pile() {
    let (g, ev) = pile_then_quest(
        1,
        &[
            "vivien", "morgan:6", "merlin:2", "dragon:5", "mordred", "dragon:4",
        ],
        Quest::Dragon,
    );
    assert_eq!(total(&ev, Quest::Dragon), Some(4));
    assert_eq!(resolution(&ev).characters.len(), 4);
    let v = g.table_view();
    assert_eq!((v.pile_count, v.discard_count), (0, 6));
}

// ------------------------------------------------------------------------------------------------
// Vivien
// ------------------------------------------------------------------------------------------------

/// card-game.md §5: "A revealed player can neither receive nor choose".
#[test]
fn vivien_a_revealed_player_is_not_offered_the_other_loyalty_card() {
    let mut g = game(3, Some(2), &with_four(&["picts:3", "vivien", "grail:4"]));
    reach_swords(&mut g, 4);
    assert_eq!(g.current(), Seat(2));
    act(&mut g, Action::Accuse { target: Seat(0) });
    listen(&mut g, 1); // seat 0, revealed loyal: picts:3
    act(&mut g, Action::ListenToRumors); // seat 1: Vivien
    assert_eq!(g.decider(), Some((Seat(1), Decision::VivienRecipient)));
    assert_eq!(
        g.legal_actions(),
        vec![Action::GiveLoyalty { recipient: Seat(2) }]
    );
    assert!(
        g.apply(Seat(1), Action::GiveLoyalty { recipient: Seat(0) })
            .is_err()
    );
}

// ------------------------------------------------------------------------------------------------
// Accusation and the revealed Traitor
// ------------------------------------------------------------------------------------------------

/// "only if there are at least 4 Swords on the table (regardless of their color)".
#[test]
fn accusation_counts_swords_of_both_colours() {
    let mut g = game(
        3,
        Some(2),
        &["dragon:5", "dragon:4", "dragon:3", "grail:2", "picts:4"],
    );
    listen(&mut g, 3);
    quest(&mut g, Quest::Dragon); // seat 0: 3 white
    assert_eq!(swords(&g), (3, 0));
    assert!(g.accusation_refusal(Seat(1)).is_some());
    listen(&mut g, 1); // seat 1
    quest(&mut g, Quest::Grail); // seat 2: 1 black
    assert_eq!(swords(&g), (3, 1));
    assert_eq!(g.current(), Seat(0));
    assert!(g.accusation_refusal(Seat(0)).is_none());
    act(&mut g, Action::Accuse { target: Seat(2) });
    assert_eq!(swords(&g), (4, 1));
}

/// "Each player may only make an accusation once per game" — being accused (and found Loyal) does
/// not use up one's own accusation.
#[test]
fn a_revealed_loyal_player_may_still_make_their_accusation() {
    let mut g = game(3, Some(2), &with_four(&["picts:3", "grail:4", "dragon:4"]));
    reach_swords(&mut g, 4);
    assert_eq!(g.current(), Seat(2));
    act(&mut g, Action::Accuse { target: Seat(0) }); // the Traitor accuses a loyal knight
    assert_eq!(g.table_view().seats[0].revealed, Some(Loyalty::Loyal));
    assert_eq!(g.current(), Seat(0));
    assert!(g.accusation_refusal(Seat(0)).is_none());
    assert_eq!(
        g.legal_actions()
            .iter()
            .filter(|a| matches!(a, Action::Accuse { .. }))
            .count(),
        2
    );
    act(&mut g, Action::Accuse { target: Seat(2) });
    assert_eq!(g.table_view().seats[2].revealed, Some(Loyalty::Traitor));
}

/// card-game.md §2: "The permission lasts as long as that card stays on top (an accusation does not
/// change the top card)."
#[test]
fn an_accusation_does_not_change_which_quest_the_top_card_allows() {
    let mut g = game(
        3,
        Some(2),
        &with_four(&["dragon:5", "dragon:4", "dragon:3"]),
    );
    reach_swords(&mut g, 4);
    listen(&mut g, 1); // seat 2: dragon:5
    act(&mut g, Action::Accuse { target: Seat(2) }); // seat 0
    assert_eq!(g.current(), Seat(1));
    assert_eq!(g.allowed_quests(), &[Quest::Dragon]);
    quest(&mut g, Quest::Dragon);
}

/// card-game.md §6: the end check runs "after an accusation" — a seventh black sword from accusing a
/// Loyal knight ends the game.
#[test]
fn an_accusation_that_brings_the_seventh_black_sword_ends_the_game() {
    let mut g = game(
        3,
        Some(2),
        &[
            "grail:5", "grail:4", "grail:4", "grail:3", "dragon:5", "dragon:4", "dragon:4",
            "dragon:3", "picts:2",
        ],
    );
    listen(&mut g, 4);
    quest(&mut g, Quest::Grail); // seat 1: 3 black
    listen(&mut g, 4);
    quest(&mut g, Quest::Dragon); // seat 0 (after 4 listens from seat 2): 3 black
    assert_eq!(swords(&g), (0, 6));
    let (s, _) = g.decider().unwrap();
    let target = (0..3).map(Seat).find(|t| *t != s && *t != Seat(2)).unwrap();
    act(&mut g, Action::Accuse { target });
    assert_eq!(g.winner(), Some((Side::Evil, EndReason::Swords)));
}

/// "If the Accused was a Traitor, add 1 White Sword" — the seventh: the game ends, and the accused
/// Traitor, already revealed, turns no sword over.
#[test]
fn an_accusation_of_the_traitor_that_brings_the_seventh_white_sword_wins() {
    let mut g = game(
        2,
        Some(1),
        &[
            "dragon:5", "dragon:4", "dragon:3", "grail:5", "grail:4", "grail:3", "picts:2",
        ],
    );
    listen(&mut g, 3);
    quest(&mut g, Quest::Dragon);
    listen(&mut g, 3);
    quest(&mut g, Quest::Grail);
    assert_eq!(swords(&g), (6, 0));
    assert_eq!(g.current(), Seat(0));
    act(&mut g, Action::Accuse { target: Seat(1) });
    assert_eq!(swords(&g), (7, 0));
    assert_eq!(g.winner(), Some((Side::Loyal, EndReason::Swords)));
}

/// Spreading Rumors: "placing 1 face up on top of the Threats pile and discarding the other
/// (without revealing it)".
#[test]
fn a_revealed_traitors_other_card_is_discarded_unseen() {
    let mut g = game(
        2,
        Some(1),
        &with_four(&["excalibur:5", "dragon:3", "picts:3"]),
    );
    reach_swords(&mut g, 4);
    act(&mut g, Action::Accuse { target: Seat(1) });
    let before = g.table_view().discard_count;
    act(&mut g, Action::SpreadRumors);
    let ev = act(&mut g, Action::PlaceRumor { index: 1 });
    assert_eq!(g.table_view().discard_count, before + 1);
    assert_eq!(
        g.top(),
        Some(TopCard::FaceUp {
            card: c("dragon:3")
        })
    );
    let public: Vec<&Event> = ev.iter().filter(|e| e.is_public()).collect();
    assert!(!format!("{public:?}").contains("excalibur"));
    let other = serde_json::to_string(&g.seat_view(Seat(0)).unwrap()).unwrap();
    assert!(!other.contains("excalibur:5"));
}

// ------------------------------------------------------------------------------------------------
// Game end
// ------------------------------------------------------------------------------------------------

/// "The players whose Loyalty hasn't been revealed yet (i.e. those who were never accused) now
/// reveal […] For each Traitor in their midst, one of the white Swords […] is now turned over" — a
/// Traitor accused earlier is not in their midst when a later quest ends the game.
#[test]
fn an_accused_traitor_turns_no_sword_over_at_the_end() {
    let mut g = game(
        3,
        Some(2),
        &[
            "dragon:5", "dragon:4", "dragon:3", "grail:2", "grail:5", "grail:4", "picts:2",
            "grail:3",
        ],
    );
    listen(&mut g, 3);
    quest(&mut g, Quest::Dragon); // seat 0: 3 white
    listen(&mut g, 1);
    quest(&mut g, Quest::Grail); // seat 2: 1 black
    act(&mut g, Action::Accuse { target: Seat(2) }); // seat 0
    assert_eq!(swords(&g), (4, 1));
    listen(&mut g, 1); // seat 1: grail:5
    act(&mut g, Action::SpreadRumors); // seat 2: grail:4 and picts:2
    act(&mut g, Action::PlaceRumor { index: 0 });
    listen(&mut g, 1); // seat 0: grail:3
    quest(&mut g, Quest::Grail); // seat 1: 12, 3 white
    assert_eq!(swords(&g), (7, 1));
    assert_eq!(g.winner(), Some((Side::Loyal, EndReason::Swords)));
}

/// "For each Traitor in their midst, one of the white Swords […] is now turned over" — two hidden
/// Traitors (7 players) turn two.
#[test]
fn two_hidden_traitors_turn_two_white_swords_over() {
    let mut g = two_hidden_traitors(&THREE_SUCCESSES, Options::default(), &[]);
    succeed_three_times(&mut g);
    // 8 white: two Traitors turn two over: 6 to 2, and play goes on.
    assert_eq!(swords(&g), (6, 2));
    assert!(!g.is_over());
}

/// "If there are at least as many Black Swords as White Swords on the table AND still at least 7
/// Black Swords, then the forces of Evil win" — 7 against 7 goes to Evil.
#[test]
fn seven_white_against_seven_black_goes_to_evil() {
    let mut g = game(
        2,
        None,
        &[
            "dragon:5", "dragon:4", "dragon:3", "grail:5", "grail:4", "grail:3", "dragon:?",
            "dragon:?", "dragon:?", "dragon:?", "grail:?", "grail:?", "grail:?", "grail:?",
            "saxons:5", "saxons:4", "saxons:3", "saxons:2", "picts:5", "picts:4", "picts:3",
        ],
    );
    // 12 twice (3 white each), then four `?` worth 4 each twice (16: 3 black each).
    for (n, q) in [
        (3, Quest::Dragon),
        (3, Quest::Grail),
        (4, Quest::Dragon),
        (4, Quest::Grail),
    ] {
        listen(&mut g, n);
        quest(&mut g, q);
    }
    assert_eq!(swords(&g), (6, 6));
    listen(&mut g, 7);
    quest(&mut g, Quest::Picts); // Picts 12: 1 white; Saxons 14: 1 black
    assert_eq!(swords(&g), (7, 7));
    assert_eq!(g.winner(), Some((Side::Evil, EndReason::Swords)));
}

/// The hidden Traitor's flip can turn a white seventh into an Evil win: 7 white 6 black becomes
/// 6 white 7 black.
#[test]
fn the_hidden_traitors_flip_can_hand_the_win_to_evil() {
    let mut g = game(
        2,
        Some(1),
        &[
            &["dragon:5", "dragon:4", "dragon:4", "dragon:3"][..],
            &["dragon:?"; 4],
            &THREE_SUCCESSES[3..],
            &[
                "saxons:5", "saxons:4", "saxons:3", "picts:5", "picts:4", "picts:3",
            ],
        ]
        .concat(),
    );
    // Two Dragon defeats of 16 (3 black each), then successes of 12: the Grail (3 white),
    // Excalibur (2), the Saxons and the Picts (1 each).
    for (n, q) in [
        (4, Quest::Dragon),
        (4, Quest::Dragon),
        (3, Quest::Grail),
        (3, Quest::Excalibur),
        (3, Quest::Saxons),
        (3, Quest::Picts),
    ] {
        listen(&mut g, n);
        quest(&mut g, q);
    }
    assert_eq!(swords(&g), (6, 7));
    assert_eq!(g.winner(), Some((Side::Evil, EndReason::Swords)));
}

/// "the game continues until one of the two camps reaches that threshold of 7 Swords […] matching
/// the victory conditions" — the Traitors were already revealed: no second flip.
#[test]
fn after_play_goes_on_the_next_seventh_sword_decides_without_another_flip() {
    let mut g = game(
        2,
        Some(1),
        &[
            "dragon:5", "dragon:4", "dragon:3", "grail:5", "grail:4", "grail:3", "picts:5",
            "picts:4", "picts:3", "saxons:5", "saxons:2", "picts:2", "saxons:4", "saxons:?",
            "picts:4",
        ],
    );
    for q in [Quest::Dragon, Quest::Grail, Quest::Picts] {
        listen(&mut g, 3);
        quest(&mut g, q);
    }
    assert_eq!(swords(&g), (6, 1));
    // Seat 1, now a revealed Traitor, spreads rumors; seat 0 goes on the Saxons at 12.
    assert_eq!(g.current(), Seat(0));
    listen(&mut g, 1);
    act(&mut g, Action::SpreadRumors);
    act(&mut g, Action::PlaceRumor { index: 0 });
    listen(&mut g, 1);
    act(&mut g, Action::SpreadRumors);
    act(&mut g, Action::PlaceRumor { index: 0 });
    let ev = quest(&mut g, Quest::Saxons);
    assert_eq!(total(&ev, Quest::Saxons), Some(12));
    assert_eq!(swords(&g), (7, 1));
    assert_eq!(g.winner(), Some((Side::Loyal, EndReason::Swords)));
}
