//! Rules audit: one named test per rule or edge case of the rule book and of the settled readings
//! (`docs/rules-card-game.md`, with the book's pages) that `rules.rs` does not already cover. Each
//! test quotes the rule it checks and asserts what a player at the table would notice.

mod table;

use camelot_card::{
    Action, Card, Decision, EndReason, Event, Game, Knight, Loyalty, Options, Outcome, Prompt,
    Quest, QuestStack, RuleError, Seat, Setup, Side, TopCard,
};
use table::*;

// ------------------------------------------------------------------------------------------------
// Helpers
// ------------------------------------------------------------------------------------------------

const EXPERT: Options = Options {
    knights_to_the_rescue: true,
    morgan8: false,
    merlin6: false,
};

/// An expert game with no unused Morgan (so that a success does not reshuffle the scripted deck).
fn expert(players: u8, traitor: Option<u8>, deck: &[&str], knights: &[Knight]) -> Game {
    let (l, a) = seats(players, traitor);
    dealt(l, a, deck, EXPERT, &[], knights)
}

/// A 2-player expert game whose Rumor deck is a Picts 2, then `deck`, and whose Knight deck is
/// one Gawain: seat 0 listens (the Picts 2), seat 1 goes on the Picts quest, fails it and draws
/// the Gawain card; seat 0's turn.
fn seat1_holds_gawain(deck: &[&str]) -> Game {
    let deck: Vec<&str> = std::iter::once("picts:2")
        .chain(deck.iter().copied())
        .collect();
    let mut g = expert(2, None, &deck, &[Knight::Gawain]);
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts);
    g
}

/// Pass every Arthur and Gawain window until a turn (or the end).
fn pass_windows(g: &mut Game) {
    while let Some((_, d)) = g.decider() {
        match d {
            Decision::ArthurWindow { .. } | Decision::GawainWindow => {
                act(g, Action::PassWindow);
            }
            _ => break,
        }
    }
}

/// Listen `n` times, answering a Merlin #4's question with `merlin4`.
fn listen_choosing(g: &mut Game, n: usize, merlin4: Quest) {
    for _ in 0..n {
        act(g, Action::ListenToRumors);
        if matches!(g.decider(), Some((_, Decision::Merlin4Quest))) {
            act(g, Action::ChooseMerlin4Quest { quest: merlin4 });
        }
    }
}

/// Play quests that each place one black sword (the deck must hold a single low card per quest)
/// until `n` swords lie on the table.
fn reach_swords(g: &mut Game, n: u8) {
    while g.swords().total() < n {
        if g.allowed_quests().is_empty() {
            listen(g, 1);
        } else {
            let q = g.allowed_quests()[0];
            quest(g, q);
            pass_windows(g);
        }
    }
}

fn state(g: &Game) -> serde_json::Value {
    serde_json::to_value(g).unwrap()
}

fn codes(v: &serde_json::Value) -> Vec<Card> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| c(x.as_str().unwrap()))
        .collect()
}

fn loyalty_list(v: &serde_json::Value) -> Vec<Loyalty> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| serde_json::from_value(x.clone()).unwrap())
        .collect()
}

fn held_loyalty(g: &Game) -> Vec<Loyalty> {
    (0..g.players())
        .map(|i| g.seat_view(Seat(i as u8)).unwrap().loyalty.unwrap())
        .collect()
}

fn count(v: &[Loyalty], l: Loyalty) -> usize {
    v.iter().filter(|x| **x == l).count()
}

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
// Going on a Quest: totals, outcomes, swords
// ------------------------------------------------------------------------------------------------

/// "10 or less […] 1 Sword […] Black", "11, 12 or 13 […] White Swords", "14 or more […] Black".
#[test]
fn main_quest_boundaries_10_is_baseless_11_and_13_succeed() {
    let (g, ev) = pile_then_quest(1, &["dragon:5", "dragon:3", "dragon:2"], Quest::Dragon);
    assert_eq!(total(&ev, Quest::Dragon), Some(10));
    assert_eq!(resolution(&ev).main_stack().outcome, Outcome::Baseless);
    assert_eq!(swords(&g), (0, 1));
    let (g, ev) = pile_then_quest(1, &["dragon:5", "dragon:4", "dragon:2"], Quest::Dragon);
    assert_eq!(total(&ev, Quest::Dragon), Some(11));
    assert_eq!(swords(&g), (3, 0));
    let (g, ev) = pile_then_quest(1, &["dragon:5", "dragon:4", "dragon:4"], Quest::Dragon);
    assert_eq!(total(&ev, Quest::Dragon), Some(13));
    assert_eq!(swords(&g), (3, 0));
}

/// card-game.md §1: "Swords won or lost per quest: Picts 1, Saxons 1, Excalibur 2, Dragon 3, Holy
/// Grail 3." — on success (white) and on a defeat of 14 or more (black).
#[test]
fn each_quest_wins_and_loses_its_own_number_of_swords() {
    for (q, n) in [
        (Quest::Picts, 1),
        (Quest::Saxons, 1),
        (Quest::Dragon, 3),
        (Quest::Excalibur, 2),
        (Quest::Grail, 3),
    ] {
        let card = |v: &str| format!("{}:{v}", q.code());
        let win: Vec<String> = ["5", "4", "3"].iter().map(|v| card(v)).collect();
        let win: Vec<&str> = win.iter().map(String::as_str).collect();
        let (g, _) = pile_then_quest(1, &win, q);
        assert_eq!(swords(&g), (n, 0), "{q} success");
        let lose: Vec<String> = ["5", "4", "3", "2"].iter().map(|v| card(v)).collect();
        let lose: Vec<&str> = lose.iter().map(String::as_str).collect();
        let (g, _) = pile_then_quest(1, &lose, q);
        assert_eq!(swords(&g), (0, n), "{q} defeat");
    }
}

/// "If the Total Rumor value of a Secondary Quest is 14 or more […] Black Swords corresponding to the
/// number of Swords indicated for that Quest […] 13 or less, the Rumors were harmless" — a low
/// secondary quest is not "baseless".
#[test]
fn a_secondary_quest_at_exactly_14_is_a_defeat_and_a_low_one_places_nothing() {
    let (g, ev) = pile_then_quest(
        1,
        &[
            "excalibur:5",
            "excalibur:4",
            "excalibur:3",
            "excalibur:2", // 14: 2 black
            "grail:2",     // 2: harmless
            "dragon:5",
            "dragon:4",
            "dragon:3", // main: 12, 3 white
        ],
        Quest::Dragon,
    );
    let r = resolution(&ev);
    assert_eq!(
        r.stack(QuestStack::Quest(Quest::Excalibur))
            .unwrap()
            .outcome,
        Outcome::Defeat
    );
    assert_eq!(
        r.stack(QuestStack::Quest(Quest::Grail)).unwrap().outcome,
        Outcome::Harmless
    );
    assert_eq!(swords(&g), (3, 2));
}

/// "Each card with a Rumor value of ? has a value equal to the number of ? cards present in that
/// stack." — each stack counts its own.
#[test]
fn question_marks_count_only_the_question_marks_of_their_own_stack() {
    let (_, ev) = pile_then_quest(
        1,
        &["picts:?", "picts:?", "picts:?", "grail:?", "grail:5"],
        Quest::Grail,
    );
    assert_eq!(total(&ev, Quest::Picts), Some(9));
    assert_eq!(total(&ev, Quest::Grail), Some(6));
}

/// "Merlin cards have no effect on ? cards" — the `?` left still count each other after a Merlin
/// removes a numbered card.
#[test]
fn question_marks_keep_their_value_when_merlin_removes_a_numbered_card() {
    let (_, ev) = pile_then_quest(
        1,
        &["merlin:1", "picts:?", "picts:?", "picts:5", "picts:4"],
        Quest::Picts,
    );
    assert_eq!(total(&ev, Quest::Picts), Some(8));
}

// ------------------------------------------------------------------------------------------------
// Morgan
// ------------------------------------------------------------------------------------------------

/// Morgan #3: "add 1 more Sword of the same color to those you are placing on the table" — a
/// baseless main quest's black sword too; a harmless quest places none, so gets none.
#[test]
fn morgan3_a_baseless_main_quest_places_two_black_and_a_harmless_one_nothing() {
    let (g, _) = pile_then_quest(1, &["morgan:3", "grail:2"], Quest::Grail);
    assert_eq!(swords(&g), (0, 2));
    let (g, _) = pile_then_quest(
        1,
        &[
            "morgan:3", "picts:5", "picts:4", "dragon:5", "dragon:4", "dragon:3",
        ],
        Quest::Dragon,
    );
    assert_eq!(swords(&g), (4, 0));
}

/// Morgan #4: "Add the value indicated on this Morgan card when computing the outcome of Quests" —
/// of every quest: a secondary quest it lifts to 14 is a defeat.
#[test]
fn morgan4_can_lift_a_secondary_quest_to_a_defeat() {
    let (g, ev) = pile_then_quest(
        1,
        &[
            "grail:5",
            "grail:4",
            "grail:3",
            "morgan:4+2",
            "dragon:5",
            "dragon:4",
            "dragon:2",
        ],
        Quest::Dragon,
    );
    assert_eq!(total(&ev, Quest::Grail), Some(14));
    assert_eq!(total(&ev, Quest::Dragon), Some(13));
    assert_eq!(swords(&g), (3, 3));
}

/// Morgan #5: "that Quest's Total Rumor Value must be 12 or 13 to succeed" — 13 succeeds, 14 is
/// still a defeat.
#[test]
fn morgan5_13_still_succeeds_and_14_is_still_a_defeat() {
    let (g, _) = pile_then_quest(
        1,
        &["morgan:5", "dragon:5", "dragon:4", "dragon:4"],
        Quest::Dragon,
    );
    assert_eq!(swords(&g), (3, 0));
    let (g, ev) = pile_then_quest(
        1,
        &["morgan:5", "dragon:5", "dragon:4", "dragon:3", "dragon:2"],
        Quest::Dragon,
    );
    assert_eq!(resolution(&ev).main_stack().outcome, Outcome::Defeat);
    assert_eq!(swords(&g), (0, 3));
}

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
    act(
        &mut g,
        Action::Announce {
            card: c("dragon:2"),
        },
    );
    for card in ["dragon:4", "dragon:5", "dragon:3"] {
        act(&mut g, Action::ListenToRumors);
        act(&mut g, Action::Announce { card: c(card) });
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

/// card-game.md §3.4: "Merlins, each separately" — two Merlins hitting the Holy Grail (#2 and #3)
/// remove its two highest cards.
#[test]
fn two_merlins_on_the_same_quest_remove_its_two_highest_cards() {
    let (_, ev) = pile_then_quest(
        1,
        &[
            "grail:5", "grail:4", "merlin:2", "merlin:3", "grail:3", "grail:2",
        ],
        Quest::Grail,
    );
    assert_eq!(total(&ev, Quest::Grail), Some(5));
}

/// Merlin #5: "When evaluating the outcome of the Quest the player chose to go on" — a secondary
/// quest with exactly 5 cards and 14 or more is still a defeat.
#[test]
fn merlin5_does_not_save_a_secondary_quest() {
    let (g, _) = pile_then_quest(
        1,
        &[
            "merlin:5", "grail:5", "grail:4", "grail:4", "grail:3", "grail:2", "dragon:5",
            "dragon:4", "dragon:3",
        ],
        Quest::Dragon,
    );
    assert_eq!(swords(&g), (3, 3));
}

/// Merlin #5: "automatically succeeds if there are exactly 5 cards of that type" — even an 11 under
/// Morgan #5 (five Dragon cards of 11: two `?` worth 1 each under Morgan #6, 2, 3 and 4).
#[test]
fn merlin5_five_cards_succeed_even_on_an_11_under_morgan5() {
    let (g, _) = pile_then_quest(
        1,
        &[
            "morgan:5", "morgan:6", "merlin:5", "dragon:?", "dragon:?", "dragon:2", "dragon:3",
            "dragon:4",
        ],
        Quest::Dragon,
    );
    assert_eq!(swords(&g), (3, 0));
}

/// Merlin #5: "exactly 5 cards" — six cards of 14 or more are an ordinary defeat.
#[test]
fn merlin5_with_six_cards_of_14_or_more_is_a_defeat() {
    let (g, _) = pile_then_quest(
        1,
        &[
            "merlin:5", "dragon:5", "dragon:4", "dragon:3", "dragon:2", "dragon:?", "dragon:?",
        ],
        Quest::Dragon,
    );
    assert_eq!(swords(&g), (0, 3));
}

// ------------------------------------------------------------------------------------------------
// Mordred
// ------------------------------------------------------------------------------------------------

/// card-game.md §3.5: "Mordred: Picts and Saxons each get + the number of cards left in that stack"
/// (after Merlin's removals); a quest with no card gets nothing.
#[test]
fn mordred_counts_the_cards_left_after_merlin_removes_one() {
    let (_, ev) = pile_then_quest(
        1,
        &["merlin:1", "mordred", "picts:5", "picts:4", "picts:2"],
        Quest::Picts,
    );
    assert_eq!(total(&ev, Quest::Picts), Some(8));
    assert_eq!(total(&ev, Quest::Saxons), None);
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
    let mut loyalty = vec![Loyalty::Loyal; 7];
    loyalty[5] = Loyalty::Traitor;
    loyalty[6] = Loyalty::Traitor;
    let mut g = dealt(
        loyalty,
        vec![Loyalty::Loyal, Loyalty::Loyal],
        &[
            "dragon:5",
            "dragon:4",
            "dragon:3",
            "grail:5",
            "grail:4",
            "grail:3",
            "excalibur:5",
            "excalibur:4",
            "excalibur:3",
        ],
        Options::default(),
        &[],
        &[],
    );
    for q in [Quest::Dragon, Quest::Grail, Quest::Excalibur] {
        listen(&mut g, 3);
        quest(&mut g, q);
    }
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
            "dragon:5",
            "dragon:4",
            "dragon:4",
            "dragon:3",
            "dragon:?",
            "dragon:?",
            "dragon:?",
            "dragon:?",
            "grail:5",
            "grail:4",
            "grail:3",
            "excalibur:5",
            "excalibur:4",
            "excalibur:3",
            "saxons:5",
            "saxons:4",
            "saxons:3",
            "picts:5",
            "picts:4",
            "picts:3",
        ],
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

// ------------------------------------------------------------------------------------------------
// Knights to the Rescue
// ------------------------------------------------------------------------------------------------

/// "each time a player goes on a Quest and that Quest the player went on fails, resulting in
/// additional Black Sword on the table, the player draws the top card" — a defeat (14+) too.
#[test]
fn expert_a_main_quest_defeat_draws_a_knight_card() {
    let mut g = expert(
        2,
        None,
        &["grail:5", "grail:4", "grail:4", "grail:3"],
        &[Knight::Galahad],
    );
    listen(&mut g, 4);
    let ev = quest(&mut g, Quest::Grail);
    assert_eq!(resolution(&ev).main_stack().outcome, Outcome::Defeat);
    assert!(ev.contains(&Event::KnightDrawn { seat: Seat(0) }));
    assert_eq!(g.seat_view(Seat(0)).unwrap().knights, vec![Knight::Galahad]);
}

/// The Knight card is for "that Quest the player went on fails": a successful main quest with a
/// secondary defeat draws none (and, being a success, shuffles in a Morgan).
#[test]
fn expert_a_secondary_defeat_beside_a_successful_main_quest_draws_no_knight() {
    let (l, a) = seats(2, None);
    let mut g = dealt(
        l,
        a,
        &[
            "grail:5", "grail:4", "grail:4", "grail:3", "dragon:5", "dragon:4", "dragon:3",
        ],
        EXPERT,
        &["morgan:5"],
        &[Knight::Arthur],
    );
    listen(&mut g, 7);
    let ev = quest(&mut g, Quest::Dragon);
    assert_eq!(swords(&g), (3, 3));
    assert!(!ev.iter().any(|e| matches!(e, Event::KnightDrawn { .. })));
    assert!(ev.contains(&Event::MorganShuffledIn));
    assert_eq!(g.table_view().knight_deck_count, 1);
}

/// card-game.md §3.11: "the quester draws a Knight card (if any left)"; "shuffle one unused Morgan
/// (if any left)".
#[test]
fn expert_nothing_is_drawn_or_shuffled_in_once_those_decks_are_empty() {
    let mut g = expert(
        2,
        None,
        &["grail:2", "dragon:5", "dragon:4", "dragon:3"],
        &[],
    );
    listen(&mut g, 1);
    let ev = quest(&mut g, Quest::Grail);
    assert_eq!(swords(&g), (0, 1));
    assert!(!ev.iter().any(|e| matches!(e, Event::KnightDrawn { .. })));
    listen(&mut g, 3);
    let before = g.table_view().deck_count;
    let ev = quest(&mut g, Quest::Dragon);
    assert_eq!(swords(&g), (3, 1));
    assert!(!ev.contains(&Event::MorganShuffledIn));
    assert_eq!(g.table_view().deck_count, before);
}

/// Without the variant, neither happens.
#[test]
fn without_knights_to_the_rescue_no_knight_and_no_morgan_come_in() {
    let mut g = game(2, None, &["grail:2", "dragon:5", "dragon:4", "dragon:3"]);
    listen(&mut g, 1);
    let ev = quest(&mut g, Quest::Grail);
    assert!(!ev.iter().any(|e| matches!(e, Event::KnightDrawn { .. })));
    listen(&mut g, 3);
    let ev = quest(&mut g, Quest::Dragon);
    assert!(!ev.contains(&Event::MorganShuffledIn));
    assert_eq!(g.table_view().deck_count, 0);
}

/// Arthur — "When: The moment another player chooses to Go on a Quest": never on one's own quest.
#[test]
fn arthur_cannot_be_played_on_ones_own_quest() {
    let mut g = expert(
        2,
        None,
        &["picts:2", "dragon:5", "dragon:4", "dragon:3"],
        &[Knight::Arthur],
    );
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts); // seat 1 fails: draws Arthur
    assert_eq!(g.seat_view(Seat(1)).unwrap().knights, vec![Knight::Arthur]);
    listen(&mut g, 2); // seats 0 and 1
    listen(&mut g, 1); // seat 0
    quest(&mut g, Quest::Dragon); // seat 1 goes on a quest itself
    assert!(!matches!(
        g.decider(),
        Some((_, Decision::ArthurWindow { .. }))
    ));
    assert!(!g.legal_actions().contains(&Action::PlayArthur));
    pass_windows(&mut g);
    assert_eq!(swords(&g), (3, 1));
    assert_eq!(g.seat_view(Seat(1)).unwrap().knights, vec![Knight::Arthur]);
}

/// Tristan — "When: On your turn, before deciding your course of action": not on another's turn.
#[test]
fn tristan_is_played_only_on_ones_own_turn() {
    let mut g = expert(
        2,
        None,
        &["picts:2", "grail:2", "dragon:3"],
        &[Knight::Tristan],
    );
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts); // seat 1 draws Tristan
    assert_eq!(g.current(), Seat(0));
    assert!(matches!(
        g.apply(Seat(1), Action::PlayTristan),
        Err(RuleError::NotYourDecision { .. })
    ));
}

/// Gawain — "When: When a player goes on a Quest": the quester may play it too.
#[test]
fn gawain_may_be_played_by_the_quester() {
    let mut g = seat1_holds_gawain(&[
        "dragon:5", "dragon:4", "dragon:2", "grail:2", "grail:3", "dragon:?",
    ]);
    listen(&mut g, 1); // seat 0: dragon:5
    listen(&mut g, 1); // seat 1: dragon:4
    listen(&mut g, 1); // seat 0: dragon:2 (11)
    quest(&mut g, Quest::Dragon); // seat 1
    assert_eq!(g.decider(), Some((Seat(1), Decision::GawainWindow)));
    act(&mut g, Action::PlayGawain);
    act(&mut g, Action::GawainPlay { index: Some(0) }); // grail:2 joins a Grail stack
    assert_eq!(swords(&g), (3, 1));
}

/// Gawain — "If the card is a character (Merlin, Mordred, Vivien), play it as normal": a Merlin #2
/// removes the highest Dragon, turning a defeat into a baseless quest; the two cards not played go to
/// the discard pile (card-game.md §3.6).
#[test]
fn gawain_may_play_a_merlin_that_removes_a_card_before_swords_are_placed() {
    // seat 1 holds Gawain; the failed Picts placed 1 black sword
    let mut g = seat1_holds_gawain(&[
        "dragon:5", "dragon:4", "dragon:4", "dragon:2", "merlin:2", "grail:2", "grail:3",
    ]);
    listen(&mut g, 4); // dragon 5 4 4 2 = 15
    quest(&mut g, Quest::Dragon); // seat 0; Arthur's window for seat 1 first
    pass_until(&mut g, Decision::GawainWindow);
    assert_eq!(g.decider(), Some((Seat(1), Decision::GawainWindow)));
    assert_eq!(
        g.table_view().resolution.unwrap().main_stack().total,
        Some(15)
    );
    act(&mut g, Action::PlayGawain);
    let ev = act(&mut g, Action::GawainPlay { index: Some(0) });
    assert_eq!(total(&ev, Quest::Dragon), Some(10));
    assert_eq!(swords(&g), (0, 2), "a baseless 10, not a defeat of 3");
    assert_eq!(g.table_view().discard_count, 1 + 4 + 3);
}

/// card-game.md §3.6: "if all 3 are Morgans, none is played" (and they go to the discard pile).
#[test]
fn gawain_with_three_morgans_plays_nothing() {
    let mut g = expert(
        2,
        None,
        &[
            "picts:2", "dragon:5", "dragon:4", "morgan:3", "morgan:5", "morgan:6",
        ],
        &[Knight::Gawain],
    );
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts);
    listen(&mut g, 2);
    quest(&mut g, Quest::Dragon); // seat 0; Arthur window for seat 1 first
    pass_until(&mut g, Decision::GawainWindow);
    act(&mut g, Action::PlayGawain);
    assert_eq!(
        g.legal_actions(),
        vec![Action::GawainPlay { index: None }],
        "never a Morgan"
    );
    let ev = act(&mut g, Action::GawainPlay { index: None });
    assert_eq!(total(&ev, Quest::Dragon), Some(9));
    assert_eq!(
        resolution(&ev).morgan3,
        0,
        "the Morgan #3 drawn is not played"
    );
    assert_eq!(swords(&g), (0, 2));
}

fn pass_until(g: &mut Game, want: Decision) {
    while g.decider().map(|(_, d)| d) != Some(want) {
        act(g, Action::PassWindow);
    }
}

/// Percival — "when a Traitor reveals himself at game's end. Effect: […] flip 2 Swords […] instead
/// of 1!"
#[test]
fn percival_at_the_end_a_hidden_traitor_turns_two_white_swords_over() {
    let mut g = expert(
        3,
        Some(2),
        &[
            "picts:2", "dragon:5", "dragon:4", "dragon:3", "grail:5", "grail:4", "grail:3",
            "picts:5", "picts:4", "picts:3",
        ],
        &[Knight::Percival],
    );
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts); // seat 1 fails: draws Percival; 1 black
    for q in [Quest::Dragon, Quest::Grail, Quest::Picts] {
        listen(&mut g, 3);
        quest(&mut g, q);
        pass_windows(&mut g);
    }
    // 7 white, 1 black: the reveal shows the hidden Traitor (seat 2); Percival's window opens.
    assert!(matches!(
        g.decider(),
        Some((Seat(1), Decision::PercivalEnd))
    ));
    let ev = act(&mut g, Action::PlayPercival);
    assert!(ev.contains(&Event::SwordsFlipped { count: 2 }));
    assert_eq!(swords(&g), (5, 3));
    assert!(!g.is_over());
}

/// Percival at the end is offered only when there is a hidden Traitor to reveal.
#[test]
fn percival_is_not_offered_at_the_end_without_a_hidden_traitor() {
    let mut g = expert(
        3,
        None,
        &[
            "picts:2", "dragon:5", "dragon:4", "dragon:3", "grail:5", "grail:4", "grail:3",
            "picts:5", "picts:4", "picts:3",
        ],
        &[Knight::Percival],
    );
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts);
    for q in [Quest::Dragon, Quest::Grail, Quest::Picts] {
        listen(&mut g, 3);
        quest(&mut g, q);
        pass_windows(&mut g);
    }
    assert_eq!(g.winner(), Some((Side::Loyal, EndReason::Swords)));
    assert_eq!(swords(&g), (7, 1));
}

// ------------------------------------------------------------------------------------------------
// Promo cards
// ------------------------------------------------------------------------------------------------

fn promo(players: u8, deck: &[&str]) -> Game {
    game_with(
        players,
        None,
        deck,
        Options {
            morgan8: true,
            merlin6: true,
            ..Options::default()
        },
    )
}

/// card-game.md §1 Morgan #8: "Mordred adds +1 per Pict and per Saxon card".
#[test]
fn promo_morgan8_mordred_adds_one_per_pict_and_per_saxon_card() {
    let mut g = promo(
        1,
        &["picts:5", "saxons:2", "mordred", "morgan:8", "picts:?"],
    );
    listen(&mut g, 5);
    let ev = quest(&mut g, Quest::Picts);
    let s = resolution(&ev)
        .stack(QuestStack::PictsAndSaxons)
        .unwrap()
        .clone();
    assert_eq!(s.total, Some(5 + 2 + 1 + 3));
    assert_eq!(swords(&g), (2, 0));
}

/// card-game.md §1 Morgan #8: "total = all Pict and Saxon cards together" — a `?` is worth the
/// number of `?` among both.
#[test]
fn promo_morgan8_question_marks_count_across_the_picts_and_the_saxons() {
    let mut g = promo(
        1,
        &["picts:?", "saxons:?", "saxons:?", "morgan:8", "picts:5"],
    );
    listen(&mut g, 5);
    let ev = quest(&mut g, Quest::Picts);
    assert_eq!(
        resolution(&ev)
            .stack(QuestStack::PictsAndSaxons)
            .unwrap()
            .total,
        Some(14)
    );
    assert_eq!(swords(&g), (0, 2));
}

/// card-game.md §1 Morgan #8: "Merlin #4 tied to Picts or Saxons removes the highest card of the
/// merged stack".
#[test]
fn promo_morgan8_merlin4_on_picts_removes_the_highest_card_of_the_merged_stack() {
    let mut g = promo(
        1,
        &[
            "picts:3", "saxons:5", "merlin:4", "morgan:8", "saxons:4", "picts:2",
        ],
    );
    listen_choosing(&mut g, 6, Quest::Picts);
    let ev = quest(&mut g, Quest::Picts);
    // 3 + 5 + 4 + 2 = 14, less the Saxon 5 (not the Pict 3): 9.
    assert_eq!(
        resolution(&ev)
            .stack(QuestStack::PictsAndSaxons)
            .unwrap()
            .total,
        Some(9)
    );
    assert_eq!(swords(&g), (0, 1));
}

/// card-game.md §1 Morgan #8: "≥14 → 2 black" — also as a secondary quest.
#[test]
fn promo_morgan8_a_merged_secondary_quest_of_14_places_two_black() {
    let mut g = promo(
        1,
        &[
            "picts:5", "saxons:5", "morgan:8", "saxons:4", "dragon:5", "dragon:4", "dragon:3",
        ],
    );
    listen(&mut g, 7);
    quest(&mut g, Quest::Dragon);
    assert_eq!(swords(&g), (3, 2));
}

/// card-game.md §1 Merlin #6: "add 0 to 3 points to that quest's total" — that quest only, not the
/// secondary ones.
#[test]
fn promo_merlin6_bonus_counts_only_for_the_chosen_quest() {
    let mut g = promo(
        2,
        &[
            "grail:5", "grail:4", "grail:2", "dragon:5", "dragon:4", "merlin:6",
        ],
    );
    listen(&mut g, 6);
    assert_eq!(g.decider(), Some((Seat(1), Decision::Merlin6)));
    let ev = act(
        &mut g,
        Action::Merlin6Quest {
            quest: Quest::Dragon,
            bonus: 3,
        },
    );
    assert_eq!(total(&ev, Quest::Dragon), Some(12));
    assert_eq!(total(&ev, Quest::Grail), Some(11));
    assert_eq!(swords(&g), (3, 0));
}

/// Merlin #6 is a Merlin: "The moment a Merlin card comes into play, players are free again to
/// exchange advice".
#[test]
fn promo_merlin6_ends_the_silence() {
    let mut g = promo(2, &["morgan:3", "dragon:5", "merlin:6"]);
    listen(&mut g, 2);
    assert!(g.silence().is_some());
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::SilenceEnds));
    assert!(g.silence().is_none());
    assert!(matches!(g.decider(), Some((_, Decision::Merlin6))));
    let Some(Prompt::Merlin6) = g.seat_view(Seat(0)).unwrap().prompt else {
        panic!("Merlin #6 prompt")
    };
}

/// Arthur: "Force that player to Listen to Rumors instead!" — a Listen like any other: under
/// Morgan #1 the forced listener draws in secret and announces.
#[test]
fn arthur_forced_listen_under_morgan1_is_a_secret_draw() {
    let mut g = expert(
        2,
        None,
        &["picts:2", "morgan:1", "dragon:4", "grail:5", "picts:3"],
        &[Knight::Arthur],
    );
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts); // seat 1 draws Arthur
    listen(&mut g, 1); // seat 0: Morgan #1
    act(&mut g, Action::ListenToRumors); // seat 1
    act(
        &mut g,
        Action::Announce {
            card: c("dragon:4"),
        },
    );
    quest(&mut g, Quest::Dragon); // seat 0
    assert_eq!(
        g.decider().map(|d| d.1),
        Some(Decision::ArthurWindow {
            quester: Seat(0),
            quest: Quest::Dragon
        })
    );
    act(&mut g, Action::PlayArthur);
    assert_eq!(g.decider(), Some((Seat(0), Decision::Announce)));
    act(&mut g, Action::Announce { card: c("grail:5") });
    assert_eq!(
        g.top(),
        Some(TopCard::FaceDown {
            announced: c("grail:5")
        })
    );
    assert_eq!(swords(&g), (0, 1), "no quest was resolved");
}

/// Gawain: "If the card is a character (Merlin, Mordred, Vivien), play it as normal" — a Vivien
/// makes the Loyalty exchange, then the quest is resolved.
#[test]
fn gawain_may_play_vivien_who_makes_the_exchange_as_normal() {
    let mut g = seat1_holds_gawain(&[
        "dragon:5", "dragon:4", "dragon:3", "vivien", "grail:2", "grail:3",
    ]);
    listen(&mut g, 3);
    quest(&mut g, Quest::Dragon); // seat 1: 12
    assert_eq!(g.decider(), Some((Seat(1), Decision::GawainWindow)));
    act(&mut g, Action::PlayGawain);
    act(&mut g, Action::GawainPlay { index: Some(0) });
    assert_eq!(g.decider(), Some((Seat(1), Decision::VivienRecipient)));
    act(&mut g, Action::GiveLoyalty { recipient: Seat(0) });
    act(
        &mut g,
        Action::KeepLoyalty {
            keep: camelot_card::Keep::Current,
        },
    );
    let ev = act(
        &mut g,
        Action::KeepLoyalty {
            keep: camelot_card::Keep::Current,
        },
    );
    assert_eq!(total(&ev, Quest::Dragon), Some(12));
    assert_eq!(swords(&g), (3, 1));
    assert_eq!(g.current(), Seat(0));
}

/// Morgan #1: "Players must keep doing so each time they Listen to Rumors until a Merlin card is
/// drawn by someone listening to Rumors"; card-game.md §4: "until a Merlin is placed on the pile
/// (face up, or announced; by a listener or by a revealed Traitor)" — a Merlin played from Gawain's
/// three cards is neither.
#[test]
fn morgan1_outlasts_a_merlin_played_by_gawain() {
    let mut g = seat1_holds_gawain(&[
        "morgan:1", "dragon:5", "dragon:4", "merlin:2", "grail:2", "grail:3", "picts:4",
    ]);
    listen(&mut g, 1); // seat 0: Morgan #1
    assert!(g.table_view().morgan1);
    for card in ["dragon:5", "dragon:4"] {
        act(&mut g, Action::ListenToRumors);
        act(&mut g, Action::Announce { card: c(card) });
    }
    quest(&mut g, Quest::Dragon); // seat 1
    assert_eq!(g.decider(), Some((Seat(1), Decision::GawainWindow)));
    act(&mut g, Action::PlayGawain);
    act(&mut g, Action::GawainPlay { index: Some(0) }); // Merlin #2
    assert!(g.table_view().morgan1, "no Merlin was drawn by a listener");
    act(&mut g, Action::ListenToRumors);
    assert_eq!(g.decider().unwrap().1, Decision::Announce);
}

/// card-game.md §1: promo cards are "off by default, a setting at game creation", each with its own
/// setting; §2: under Morgan #1 a Traitor "may pick any card kind" — of this game's cards. With only
/// promo Morgan #8 on, "Merlin #6" is no card of the game: it cannot be announced, and no Merlin #6
/// quest-with-bonus can follow from it.
#[test]
fn morgan1_a_traitor_cannot_announce_a_promo_card_that_is_not_in_the_game() {
    let mut g = game_with(
        3,
        Some(1),
        &["morgan:1", "grail:2", "dragon:4", "picts:2"],
        Options {
            morgan8: true,
            ..Options::default()
        },
    );
    listen(&mut g, 1);
    act(&mut g, Action::ListenToRumors); // seat 1, the Traitor, draws grail:2 in secret
    assert!(
        g.legal_actions().contains(&Action::Announce {
            card: c("morgan:8")
        }),
        "Morgan #8 is in this game"
    );
    assert!(
        !g.legal_actions().contains(&Action::Announce {
            card: c("merlin:6")
        }),
        "Merlin #6 is not in this game"
    );
    assert!(
        g.apply(
            Seat(1),
            Action::Announce {
                card: c("merlin:6")
            }
        )
        .is_err()
    );
    assert_ne!(g.decider().map(|d| d.1), Some(Decision::Merlin6));
}

/// Knights to the Rescue: "immediately shuffle one of the unused Morgan cards into the Rumor deck";
/// "If the Rumor deck runs out of cards, shuffle all the Rumor cards in the discard pile to form a
/// new Rumor deck." A Morgan shuffled into a deck that has run out hides among the discarded cards
/// (card-game.md §3: step 11 shuffles it in, step 12 only then discards this quest's pile).
#[test]
fn expert_a_morgan_shuffled_into_a_run_out_deck_hides_among_the_discarded_cards() {
    let mut g = dealt(
        vec![],
        vec![],
        &["dragon:2", "grail:5", "grail:4", "grail:3"],
        EXPERT,
        &["morgan:5"],
        &[],
    );
    listen(&mut g, 1);
    quest(&mut g, Quest::Dragon); // baseless: the dragon:2 is discarded
    listen(&mut g, 3); // the deck runs out
    let ev = quest(&mut g, Quest::Grail); // 12: success, a Morgan is shuffled in
    assert!(ev.contains(&Event::DeckReshuffled { cards: 1 }));
    assert!(ev.contains(&Event::MorganShuffledIn));
    let t = g.table_view();
    assert_eq!((t.deck_count, t.discard_count), (2, 3));
    let mut deck = codes(&state(&g)["deck"]);
    deck.sort();
    assert_eq!(deck, cards(&["dragon:2", "morgan:5"]));
}

/// Tristan — "Look through the Rumor deck": when the deck has run out, the discard pile becomes the
/// new deck first (as it would for the next draw), and that is the deck Tristan looks through.
#[test]
fn tristan_looks_through_the_new_deck_when_the_deck_has_run_out() {
    let mut g = expert(
        2,
        None,
        &["picts:2", "grail:2", "dragon:3"],
        &[Knight::Tristan],
    );
    listen(&mut g, 1); // seat 0: picts:2
    quest(&mut g, Quest::Picts); // seat 1 fails and draws Tristan
    pass_windows(&mut g);
    listen(&mut g, 2); // seat 0: grail:2, seat 1: dragon:3; the deck has run out
    quest(&mut g, Quest::Dragon); // seat 0 fails; the whole pile is discarded
    pass_windows(&mut g);
    assert_eq!(g.current(), Seat(1));
    assert_eq!(g.table_view().deck_count, 0);
    let ev = act(&mut g, Action::PlayTristan);
    assert!(ev.contains(&Event::DeckReshuffled { cards: 3 }));
    let seen = ev
        .iter()
        .find_map(|e| match e {
            Event::Private {
                seat: Seat(1),
                private: camelot_card::PrivateEvent::DeckSeen { cards },
            } => Some(cards.clone()),
            _ => None,
        })
        .expect("Tristan saw the deck");
    let mut seen_sorted = seen.clone();
    seen_sorted.sort();
    assert_eq!(seen_sorted, {
        let mut v = cards(&["picts:2", "grail:2", "dragon:3"]);
        v.sort();
        v
    });
    // What Tristan saw is the order the next cards come in.
    let mut deck_top_first = codes(&state(&g)["deck"]);
    deck_top_first.reverse();
    assert_eq!(seen, deck_top_first, "state deck is bottom first");
}

// ------------------------------------------------------------------------------------------------
// Round 2: Knight timings, draws from a short deck, 7 players, silence
// ------------------------------------------------------------------------------------------------

/// Merlin: "before computing the Total Rumor Value of all Quests, set aside all Merlin cards you find
/// in this pile and immediately apply their effect"; Gawain: "once all Quests Total Rumor Values have
/// been tallied up […] If it is a Quest […] card, add it to the corresponding Quest before
/// re-computing that Quest's outcome" (card-game.md §3: step 4 the Merlins, step 6 Gawain). The
/// pile's Merlin #2 has already removed a Dragon 4 when Gawain's Dragon 5 joins the stack: the 5
/// stays, 4 + 2 + 5 = 11, a success.
#[test]
fn gawain_quest_card_joins_after_the_piles_merlins_have_removed_their_cards() {
    // seat 1 holds Gawain; the failed Picts placed 1 black sword
    let mut g = seat1_holds_gawain(&[
        "dragon:4", "dragon:4", "merlin:2", "dragon:2", "dragon:5", "grail:2", "grail:3",
    ]);
    listen(&mut g, 4); // dragon 4, dragon 4, Merlin #2, dragon 2
    quest(&mut g, Quest::Dragon); // seat 0
    pass_until(&mut g, Decision::GawainWindow);
    assert_eq!(
        g.table_view().resolution.unwrap().main_stack().total,
        Some(6),
        "Merlin #2 took a Dragon 4"
    );
    act(&mut g, Action::PlayGawain); // seat 1: dragon 5, grail 2, grail 3
    let ev = act(&mut g, Action::GawainPlay { index: Some(0) });
    assert_eq!(total(&ev, Quest::Dragon), Some(11));
    let removed: Vec<Card> = resolution(&ev)
        .main_stack()
        .cards
        .iter()
        .filter(|c| c.removed_by.is_some())
        .map(|c| c.card)
        .collect();
    assert_eq!(removed, vec![c("dragon:4")]);
    assert_eq!(swords(&g), (3, 1));
}

/// Gawain: "Draw 3 cards from the top of the Rumor deck"; "If the Rumor deck runs out of cards,
/// shuffle all the Rumor cards in the discard pile to form a new Rumor deck" (re-formed when a card is
/// next needed). With one card left, Gawain draws it, then two from the discard pile made the new
/// deck — never a card of the pile being resolved.
#[test]
fn gawain_with_one_card_left_in_the_deck_draws_it_and_the_reshuffled_cards() {
    let mut g = expert(
        2,
        None,
        &[
            "picts:2", "saxons:2", "dragon:4", "dragon:5", "dragon:3", "grail:2",
        ],
        &[Knight::Gawain],
    );
    listen(&mut g, 2); // picts 2, saxons 2
    quest(&mut g, Quest::Saxons); // seat 0: baseless, draws Gawain; the two cards are discarded
    pass_windows(&mut g);
    listen(&mut g, 3); // dragon 4, 5, 3: one card (grail 2) left in the deck
    assert_eq!(g.current(), Seat(0));
    quest(&mut g, Quest::Dragon);
    assert_eq!(g.decider(), Some((Seat(0), Decision::GawainWindow)));
    let ev = act(&mut g, Action::PlayGawain);
    assert!(ev.contains(&Event::DeckReshuffled { cards: 2 }));
    let Some(camelot_card::Prompt::GawainChoose { cards: drawn }) =
        g.seat_view(Seat(0)).unwrap().prompt
    else {
        panic!("Gawain's three cards")
    };
    assert_eq!(drawn[0], c("grail:2"), "the deck's last card first");
    let mut rest = drawn[1..].to_vec();
    rest.sort();
    assert_eq!(rest, cards(&["picts:2", "saxons:2"]));
    let ev = act(&mut g, Action::GawainPlay { index: Some(0) });
    assert_eq!(total(&ev, Quest::Dragon), Some(12));
    assert_eq!(swords(&g), (3, 1));
}

/// A revealed Traitor "must draw 2 cards from the top of the Rumor deck, placing 1 face up on top of
/// the Threats pile and discarding the other": with one card left in the deck, the second comes from
/// the discard pile made the new deck.
#[test]
fn a_revealed_traitor_with_one_card_left_draws_it_and_one_from_the_reshuffled_discard_pile() {
    let mut g = game(2, Some(1), &with_four(&["saxons:3", "grail:5", "dragon:4"]));
    reach_swords(&mut g, 4); // the four baseless quests' cards are in the discard pile
    act(&mut g, Action::Accuse { target: Seat(1) });
    act(&mut g, Action::SpreadRumors); // saxons 3 and grail 5
    act(&mut g, Action::PlaceRumor { index: 0 });
    listen(&mut g, 1); // seat 0 takes the dragon 4: the deck has run out
    assert_eq!(g.table_view().deck_count, 0);
    let discarded = g.table_view().discard_count;
    assert_eq!(discarded, 5);
    let ev = act(&mut g, Action::SpreadRumors);
    assert!(ev.contains(&Event::DeckReshuffled { cards: 5 }));
    assert_eq!(g.decider(), Some((Seat(1), Decision::TraitorChoose)));
    assert_eq!(g.table_view().deck_count, 3);
}

/// The same Traitor when only one card can be drawn at all (the deck's last card, an empty discard
/// pile): that card goes face up on the pile, nothing is discarded.
#[test]
fn a_revealed_traitor_places_the_only_card_left_face_up() {
    let mut g = game(2, Some(1), &with_four(&["saxons:3", "grail:5", "dragon:4"]));
    reach_swords(&mut g, 4);
    act(&mut g, Action::Accuse { target: Seat(1) });
    act(&mut g, Action::SpreadRumors); // saxons 3, grail 5: deck 1, discard 5
    act(&mut g, Action::PlaceRumor { index: 0 });
    // Seat 0 empties the deck and, turn after turn, the re-formed decks.
    listen(&mut g, 1); // dragon 4: deck 0, discard 5
    act(&mut g, Action::SpreadRumors); // re-formed: 5 → 3, discard 1
    act(&mut g, Action::PlaceRumor { index: 0 });
    listen(&mut g, 1); // deck 2
    act(&mut g, Action::SpreadRumors); // deck 0, discard 2
    act(&mut g, Action::PlaceRumor { index: 0 });
    listen(&mut g, 1); // re-formed: 2 → 1, discard 0
    let t = g.table_view();
    assert_eq!((t.deck_count, t.discard_count), (1, 0));
    let ev = act(&mut g, Action::SpreadRumors);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CardPlaced {
            seat: Seat(1),
            top: TopCard::FaceUp { .. }
        }
    )));
    assert_eq!(g.current(), Seat(0), "no choice to make: the turn is over");
    let t = g.table_view();
    assert_eq!((t.deck_count, t.discard_count, t.pile_count), (0, 0, 7));
}

/// Percival: "when a Traitor reveals himself at game's end […] flip 2 Swords […] instead of 1!" —
/// with two hidden Traitors (7 players) the kept reading is 3: one for each Traitor, one more for
/// Percival.
#[test]
fn percival_with_two_hidden_traitors_turns_three_white_swords_over() {
    let mut loyalty = vec![Loyalty::Loyal; 7];
    loyalty[5] = Loyalty::Traitor;
    loyalty[6] = Loyalty::Traitor;
    let mut g = dealt(
        loyalty,
        vec![Loyalty::Loyal, Loyalty::Loyal],
        &[
            "picts:2",
            "dragon:5",
            "dragon:4",
            "dragon:3",
            "grail:5",
            "grail:4",
            "grail:3",
            "excalibur:5",
            "excalibur:4",
            "excalibur:3",
        ],
        EXPERT,
        &[],
        &[Knight::Percival],
    );
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts); // seat 1 fails: Percival; 1 black
    for q in [Quest::Dragon, Quest::Grail, Quest::Excalibur] {
        listen(&mut g, 3);
        quest(&mut g, q);
        pass_windows(&mut g);
        if matches!(g.decider(), Some((_, Decision::PercivalEnd))) {
            break;
        }
    }
    assert_eq!(swords(&g), (8, 1));
    pass_until(&mut g, Decision::PercivalEnd);
    assert_eq!(g.decider(), Some((Seat(1), Decision::PercivalEnd)));
    let ev = act(&mut g, Action::PlayPercival);
    assert!(ev.contains(&Event::SwordsFlipped { count: 3 }));
    assert_eq!(swords(&g), (5, 4));
    assert!(!g.is_over());
}

/// Morgan: silence lasts "until a player chooses to Go on a Quest or draws a Merlin"; Morgan #1 "until
/// a Merlin card is drawn" — an accusation is neither: both hold on through it.
#[test]
fn silence_and_morgan1_outlast_an_accusation() {
    let mut g = game(3, Some(2), &with_four(&["morgan:1", "dragon:4", "grail:5"]));
    reach_swords(&mut g, 4);
    assert_eq!(g.current(), Seat(2));
    listen(&mut g, 1); // seat 2: Morgan #1, face up
    assert!(g.silence().is_some());
    act(&mut g, Action::Accuse { target: Seat(2) }); // seat 0
    assert!(g.silence().is_some());
    assert!(g.table_view().morgan1);
    act(&mut g, Action::ListenToRumors); // seat 1
    assert_eq!(g.decider(), Some((Seat(1), Decision::Announce)));
}

/// card-game.md §4: "Silence starts when a Morgan is placed on the pile (face up, or face down and
/// announced as a Morgan) and ends when a Merlin is placed (face up, or announced)". Under Morgan #1
/// (which outlasts a quest), a Traitor who calls a Picts card a Morgan brings the silence back; one
/// who calls a Grail card a Merlin ends the silence and Morgan #1 for the table.
#[test]
fn morgan1_a_traitors_announced_morgan_starts_the_silence_and_an_announced_merlin_ends_it() {
    let mut g = game(
        3,
        Some(1),
        &[
            "morgan:1", "grail:3", "dragon:4", "picts:2", "dragon:2", "grail:2", "saxons:4",
        ],
    );
    listen(&mut g, 1); // seat 0: Morgan #1
    act(&mut g, Action::ListenToRumors); // seat 1
    act(&mut g, Action::Announce { card: c("grail:3") });
    quest(&mut g, Quest::Grail); // seat 2: the silence ends, Morgan #1 holds on
    assert!(g.silence().is_none());
    assert!(g.table_view().morgan1);
    act(&mut g, Action::ListenToRumors); // seat 0
    act(
        &mut g,
        Action::Announce {
            card: c("dragon:4"),
        },
    );
    act(&mut g, Action::ListenToRumors); // seat 1, the Traitor: picts 2 in secret
    let ev = act(
        &mut g,
        Action::Announce {
            card: c("morgan:3"),
        },
    );
    assert!(ev.contains(&Event::SilenceBegins));
    assert!(g.silence().is_some());
    act(&mut g, Action::ListenToRumors); // seat 2
    act(
        &mut g,
        Action::Announce {
            card: c("dragon:2"),
        },
    );
    act(&mut g, Action::ListenToRumors); // seat 0
    act(&mut g, Action::Announce { card: c("grail:2") });
    act(&mut g, Action::ListenToRumors); // seat 1, the Traitor: saxons 4 in secret
    let ev = act(
        &mut g,
        Action::Announce {
            card: c("merlin:1"),
        },
    );
    assert!(ev.contains(&Event::SilenceEnds));
    assert!(ev.contains(&Event::MorganEffectsEnd));
    assert!(g.silence().is_none());
    assert!(!g.table_view().morgan1);
}

/// Kept reading: Arthur stopping a quest does not end the silence (the quest is never gone on: the
/// pile is not revealed).
#[test]
fn arthur_stopping_a_quest_does_not_end_the_silence() {
    let mut g = expert(
        2,
        None,
        &["picts:2", "morgan:3", "dragon:4", "grail:5", "picts:3"],
        &[Knight::Arthur],
    );
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts); // seat 1 draws Arthur
    listen(&mut g, 2); // seat 0: Morgan #3 (silence); seat 1: dragon 4
    assert!(g.silence().is_some());
    quest(&mut g, Quest::Dragon); // seat 0
    let ev = act(&mut g, Action::PlayArthur); // seat 1
    assert!(!ev.contains(&Event::SilenceEnds));
    assert!(g.silence().is_some());
    assert_eq!(g.top(), Some(TopCard::FaceUp { card: c("grail:5") }));
}

/// Kept reading: a Merlin #4 that Gawain plays applies to the quest being resolved — its player
/// chooses a quest and that quest's highest card goes.
#[test]
fn merlin4_played_by_gawain_removes_the_highest_card_of_its_quest_now() {
    let mut g = seat1_holds_gawain(&[
        "dragon:5", "dragon:4", "dragon:3", "dragon:2", "merlin:4", "grail:2", "grail:3",
    ]);
    listen(&mut g, 4); // dragon 5 4 3 2 = 14
    quest(&mut g, Quest::Dragon); // seat 0
    pass_until(&mut g, Decision::GawainWindow);
    act(&mut g, Action::PlayGawain);
    act(&mut g, Action::GawainPlay { index: Some(0) }); // Merlin #4
    assert_eq!(g.decider(), Some((Seat(1), Decision::Merlin4Quest)));
    let ev = act(
        &mut g,
        Action::ChooseMerlin4Quest {
            quest: Quest::Dragon,
        },
    );
    assert_eq!(total(&ev, Quest::Dragon), Some(9));
    assert_eq!(swords(&g), (0, 2));
}

/// A computer knight choosing Gawain's card weighs a drawn Merlin #4 at its best quest (it then
/// chooses one): for a loyal knight it takes the Dragon 14 down to 9 rather than add a harmless
/// Grail card (it weighed the Merlin #4 with no quest, as if useless).
#[test]
fn a_computer_weighs_gawains_merlin4_at_its_best_quest() {
    let mut g = seat1_holds_gawain(&[
        "dragon:5", "dragon:4", "dragon:3", "dragon:2", "grail:2", "merlin:4", "grail:3",
    ]);
    listen(&mut g, 4); // dragon 5 4 3 2 = 14
    quest(&mut g, Quest::Dragon); // seat 0
    pass_until(&mut g, Decision::GawainWindow);
    act(&mut g, Action::PlayGawain); // seat 1: grail 2, Merlin #4, grail 3
    assert_eq!(g.decider(), Some((Seat(1), Decision::GawainChoose)));
    let view = g.seat_view(Seat(1)).unwrap();
    for level in camelot_card::bot::Level::ALL {
        let mut bot = camelot_card::bot::Bot::new(Seat(1), level, 2, 1);
        assert_eq!(
            bot.decide(&view).action,
            Action::GawainPlay { index: Some(1) },
            "{level:?}"
        );
    }
}

/// Vivien: "draws 1 of the 2 Loyalty cards that were set aside […] and passes the other one […] to
/// the player of his choice"; 7 players: "There might be up to 2 Traitors". With both Traitor cards set
/// aside, two loyal knights may each take one: at the end both are hidden Traitors and turn two white
/// swords over.
#[test]
fn seven_players_vivien_can_bring_both_set_aside_traitors_into_play() {
    let mut g = dealt(
        vec![Loyalty::Loyal; 7],
        vec![Loyalty::Traitor, Loyalty::Traitor],
        &[
            "vivien",
            "dragon:5",
            "dragon:4",
            "dragon:3",
            "grail:5",
            "grail:4",
            "grail:3",
            "excalibur:5",
            "excalibur:4",
            "excalibur:3",
        ],
        Options::default(),
        &[],
        &[],
    );
    listen(&mut g, 1); // seat 0: Vivien
    act(&mut g, Action::GiveLoyalty { recipient: Seat(3) });
    act(
        &mut g,
        Action::KeepLoyalty {
            keep: camelot_card::Keep::New,
        },
    );
    act(
        &mut g,
        Action::KeepLoyalty {
            keep: camelot_card::Keep::New,
        },
    );
    assert_eq!(count(&held_loyalty(&g), Loyalty::Traitor), 2);
    assert_eq!(
        count(&loyalty_list(&state(&g)["set_aside"]), Loyalty::Loyal),
        2
    );
    for q in [Quest::Dragon, Quest::Grail, Quest::Excalibur] {
        listen(&mut g, 3);
        quest(&mut g, q);
    }
    assert_eq!(swords(&g), (6, 2), "8 white, two turned over");
    let t = g.table_view();
    assert_eq!(t.seats[0].revealed, Some(Loyalty::Traitor));
    assert_eq!(t.seats[3].revealed, Some(Loyalty::Traitor));
    assert!(!g.is_over());
}

/// Gawain: "before bringing Swords on to the table", a Merlin played "as normal"; Morgan #7: "if that
/// Quest's Total Rumor Value is 14 or more, the game ends immediately" — judged on the total Gawain
/// leaves: his Merlin #2 brings a Dragon 15 down to 10 and the game goes on.
#[test]
fn gawain_can_bring_a_main_quest_under_morgan7_below_14() {
    let mut g = seat1_holds_gawain(&[
        "dragon:5", "morgan:7", "dragon:4", "dragon:4", "dragon:2", "merlin:2", "grail:2",
        "grail:3",
    ]);
    listen(&mut g, 5); // dragon 5, Morgan #7, dragon 4 4 2 = 15
    quest(&mut g, Quest::Dragon); // seat 1
    assert_eq!(g.decider(), Some((Seat(1), Decision::GawainWindow)));
    act(&mut g, Action::PlayGawain);
    let ev = act(&mut g, Action::GawainPlay { index: Some(0) });
    assert_eq!(total(&ev, Quest::Dragon), Some(10));
    assert!(!resolution(&ev).evil_wins_now);
    assert!(!g.is_over());
    assert_eq!(swords(&g), (0, 2));
}

/// Going on a Quest: the player "takes the Threats pile in his hand, and proceeds to reveal these
/// cards, sorting them in stacks by Quest type"; Gawain's card joins them "before re-computing that
/// Quest's outcome". The revealed stacks lie on the table all through Gawain's play, so the table
/// view keeps the breakdown while his player chooses among the three cards — and a computer knight
/// choosing sees it too: it plays the Merlin #2 that turns a Dragon defeat (15, 3 black) into a
/// baseless quest (10, 1 black), not the first card drawn.
#[test]
fn the_revealed_stacks_stay_in_view_while_gawains_player_chooses() {
    let mut g = seat1_holds_gawain(&[
        "dragon:5", "dragon:4", "dragon:4", "dragon:2", "grail:2", "merlin:2", "grail:3",
    ]);
    listen(&mut g, 4); // dragon 5 4 4 2 = 15
    quest(&mut g, Quest::Dragon); // seat 0
    pass_until(&mut g, Decision::GawainWindow);
    act(&mut g, Action::PlayGawain); // seat 1: grail 2, Merlin #2, grail 3
    assert_eq!(g.decider(), Some((Seat(1), Decision::GawainChoose)));
    let r = g
        .table_view()
        .resolution
        .expect("the stacks are on the table");
    assert_eq!(r.main_stack().total, Some(15));
    let view = g.seat_view(Seat(1)).unwrap();
    for level in camelot_card::bot::Level::ALL {
        let mut bot = camelot_card::bot::Bot::new(Seat(1), level, 2, 1);
        assert_eq!(
            bot.decide(&view).action,
            Action::GawainPlay { index: Some(1) },
            "{level:?}"
        );
    }
    let ev = act(&mut g, Action::GawainPlay { index: Some(1) });
    assert_eq!(total(&ev, Quest::Dragon), Some(10));
}

/// Gawain: "Draw 3 cards from the top of the Rumor deck" — with no Rumor card left to draw (deck and
/// discard pile empty, every card in the pile being resolved) Gawain cannot be played: his window
/// offers only to pass.
#[test]
fn gawain_cannot_be_played_with_no_rumor_card_left_to_draw() {
    let mut g = dealt(
        vec![],
        vec![],
        &["picts:2", "dragon:5"],
        EXPERT,
        &[],
        &[Knight::Gawain],
    );
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts); // baseless: Gawain drawn, picts 2 discarded
    listen(&mut g, 2); // dragon 5, then the re-formed deck's picts 2
    let t = g.table_view();
    assert_eq!((t.deck_count, t.discard_count, t.pile_count), (0, 0, 2));
    quest(&mut g, Quest::Picts);
    assert_eq!(g.decider(), Some((Seat(0), Decision::GawainWindow)));
    assert_eq!(g.legal_actions(), vec![Action::PassWindow]);
    assert_eq!(
        g.apply(Seat(0), Action::PlayGawain),
        Err(RuleError::NoCardsLeft)
    );
}

/// card-game.md §3, steps 3–10, read afresh and written out plainly (cards set aside, Merlins one by
/// one in pile order, Gawain's cards after them, totals, main and secondary outcomes, Morgan #3's
/// extra sword, Morgan #7), and checked against the engine's resolution on many random piles (promo
/// cards included).
#[test]
fn quest_resolution_agrees_with_a_plain_reading_of_the_rules_on_random_piles() {
    use camelot_card::{Merlin, Morgan, ThreatCard};
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};

    struct Plain {
        totals: [Option<u16>; 5],
        main_outcome: Outcome,
        white: u8,
        black: u8,
        evil_wins_now: bool,
    }

    fn plain(pile: &[ThreatCard], main: Quest, bonus: u8) -> Plain {
        let any = |want: Card| pile.iter().any(|t| t.card == want);
        let merged = any(Card::Morgan(Morgan::Eight));
        let ps = |q: Quest| matches!(q, Quest::Picts | Quest::Saxons);
        let key = |q: Quest| if merged && ps(q) { 0 } else { q.index() };
        // Per stack: (quest, points or None for `?`, still in).
        let mut stacks: Vec<Vec<(Quest, Option<u8>, bool)>> = vec![Vec::new(); 5];
        for t in pile.iter().filter(|t| !t.gawain) {
            if let Card::Quest(q, v) = t.card {
                stacks[key(q)].push((q, v.points(), true));
            }
        }
        let main_key = key(main);
        let merlin5 = any(Card::Merlin(Merlin::Five)) && stacks[main_key].len() == 5;
        // "remove the card with the highest value" (never a `?`; the topmost of equals).
        let remove = |stacks: &mut Vec<Vec<(Quest, Option<u8>, bool)>>, q: Quest, whole: bool| {
            let stack = &mut stacks[key(q)];
            let mut best: Option<(u8, usize)> = None;
            for (i, (cq, p, alive)) in stack.iter().enumerate() {
                if !*alive || !(*cq == q || whole) {
                    continue;
                }
                if let Some(p) = p
                    && best.is_none_or(|(b, _)| *p >= b)
                {
                    best = Some((*p, i));
                }
            }
            if let Some((_, i)) = best {
                stack[i].2 = false;
            }
        };
        // The pile's Merlins, then Gawain's cards in the order played (step 6): a quest card joins
        // its stack, a Merlin removes from the stacks as they are then.
        let (in_pile, from_gawain): (Vec<&ThreatCard>, Vec<&ThreatCard>) =
            pile.iter().partition(|t| !t.gawain);
        for t in in_pile.into_iter().chain(from_gawain) {
            match t.card {
                Card::Quest(q, v) if t.gawain => stacks[key(q)].push((q, v.points(), true)),
                Card::Merlin(Merlin::One) => {
                    remove(&mut stacks, Quest::Picts, false);
                    remove(&mut stacks, Quest::Saxons, false);
                }
                Card::Merlin(Merlin::Two) => {
                    remove(&mut stacks, Quest::Dragon, false);
                    remove(&mut stacks, Quest::Grail, false);
                }
                Card::Merlin(Merlin::Three) => {
                    remove(&mut stacks, Quest::Excalibur, false);
                    remove(&mut stacks, Quest::Grail, false);
                }
                Card::Merlin(Merlin::Four) => {
                    if let Some(q) = t.merlin4 {
                        remove(&mut stacks, q, merged && ps(q));
                    }
                }
                _ => {}
            }
        }
        let count = |want: &dyn Fn(Card) -> bool| pile.iter().filter(|t| want(t.card)).count();
        let morgan3 = count(&|c| c == Card::Morgan(Morgan::Three)) as u8;
        let morgan5 = any(Card::Morgan(Morgan::Five));
        let morgan6 = any(Card::Morgan(Morgan::Six));
        let morgan7 = any(Card::Morgan(Morgan::Seven));
        let mordreds = count(&|c| c == Card::Mordred) as u16;
        let morgan4: u16 = pile
            .iter()
            .map(|t| match t.card {
                Card::Morgan(Morgan::Four(b)) => u16::from(b.bonus()),
                _ => 0,
            })
            .sum();
        let mut out = Plain {
            totals: [None; 5],
            main_outcome: Outcome::Harmless,
            white: 0,
            black: 0,
            evil_wins_now: false,
        };
        for (k, stack) in stacks.iter().enumerate() {
            let alive: Vec<Option<u8>> = stack.iter().filter(|c| c.2).map(|c| c.1).collect();
            let n = alive.len() as u16;
            let is_main = k == main_key;
            if n == 0 && !is_main {
                continue;
            }
            let questions = alive.iter().filter(|p| p.is_none()).count() as u16;
            let each = if morgan6 { 1 } else { questions };
            let mut total: u16 = alive.iter().flatten().map(|&p| u16::from(p)).sum();
            total += questions * each;
            if n > 0 {
                total += morgan4;
            }
            if k <= 1 {
                total += mordreds * n;
            }
            if is_main {
                total += u16::from(bonus);
            }
            if n > 0 || (is_main && bonus > 0) {
                out.totals[k] = Some(total);
            }
            let value = if merged && k == 0 {
                2
            } else {
                Quest::ALL[k].swords()
            };
            let placed = if is_main {
                let success_from = if morgan5 { 12 } else { 11 };
                if merlin5 || (success_from..=13).contains(&total) {
                    out.main_outcome = Outcome::Success;
                    Some((true, value))
                } else if total >= 14 {
                    out.main_outcome = Outcome::Defeat;
                    out.evil_wins_now = morgan7;
                    Some((false, value))
                } else {
                    out.main_outcome = Outcome::Baseless;
                    Some((false, 1))
                }
            } else if total >= 14 {
                Some((false, value))
            } else {
                None
            };
            match placed {
                Some((true, s)) => out.white += s + morgan3,
                Some((false, s)) => out.black += s + morgan3,
                None => {}
            }
        }
        out
    }

    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(2026);
    let mut all = camelot_card::cards::all_cards(true);
    for round in 0..30_000usize {
        all.shuffle(&mut rng);
        let n = rng.random_range(0..30usize);
        // Half the time, Gawain played up to two of the cards (never a Morgan) after the pile.
        let gawain = if round % 2 == 0 {
            rng.random_range(0..3usize).min(n)
        } else {
            0
        };
        let pile: Vec<ThreatCard> = all[..n]
            .iter()
            .enumerate()
            .filter(|(i, c)| *i + gawain < n || !c.is_morgan())
            .map(|(i, &card)| ThreatCard {
                card,
                merlin4: (card == Card::Merlin(Merlin::Four))
                    .then(|| Quest::ALL[rng.random_range(0..5usize)]),
                gawain: i + gawain >= n,
            })
            .collect();
        let main = Quest::ALL[round % 5];
        let bonus = (round / 5 % 4) as u8;
        let want = plain(&pile, main, bonus);
        let got = camelot_card::resolve(&pile, main, bonus);
        let label = format!(
            "{:?} main {main} bonus {bonus}",
            pile.iter().map(|t| t.to_string()).collect::<Vec<_>>()
        );
        let merged = pile.iter().any(|t| t.card == Card::Morgan(Morgan::Eight));
        for q in Quest::ALL {
            let stack = if merged && matches!(q, Quest::Picts | Quest::Saxons) {
                QuestStack::PictsAndSaxons
            } else {
                QuestStack::Quest(q)
            };
            let k = if merged && q == Quest::Saxons {
                0
            } else {
                q.index()
            };
            assert_eq!(
                got.stack(stack).and_then(|s| s.total),
                want.totals[k],
                "{q}: {label}"
            );
        }
        assert_eq!(got.main_stack().outcome, want.main_outcome, "{label}");
        assert_eq!((got.white, got.black), (want.white, want.black), "{label}");
        assert_eq!(got.evil_wins_now, want.evil_wins_now, "{label}");
    }
}
