//! Rules audit, continued (see `rules_audit.rs`): *Knights to the Rescue* and the promo cards.

mod audit;
mod table;

use audit::*;
use camelot_card::{
    Action, Decision, EndReason, Event, Knight, Options, Outcome, Prompt, Quest, QuestStack,
    RuleError, Seat, Side, TopCard,
};
use table::*;

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
    announce(&mut g, "dragon:4");
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
    announce(&mut g, "grail:5");
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
        announce(&mut g, card);
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
