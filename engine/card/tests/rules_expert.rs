//! One named test per rule of *Knights to the Rescue* and of the promo cards, played through the
//! engine as a table would play them (the rest of the rules are in `rules.rs`).

mod table;

use camelot_card::{
    Action, BadChoiceReason, Colour, Decision, EndReason, Event, Game, Knight, Loyalty, Options,
    Outcome, PrivateEvent, Prompt, Quest, QuestStack, RuleError, Seat, Setup, Side, TopCard,
};
use table::*;

// ------------------------------------------------------------------------------------------------
// Knights to the Rescue
// ------------------------------------------------------------------------------------------------

fn expert(players: u8, traitor: Option<u8>, deck: &[&str], knights: &[Knight]) -> Game {
    let mut g = game_with(
        players,
        traitor,
        deck,
        Options {
            knights_to_the_rescue: true,
            ..Options::default()
        },
    );
    // Rebuild with the knight deck (top first).
    let mut deal = g.deal().unwrap().clone();
    deal.knight_deck = knights.to_vec();
    g = Game::with_deal(*g.setup(), deal).unwrap();
    g
}

/// Seat 0 fails a quest (baseless) and so draws the top Knight card.
fn fail_for_knight(g: &mut Game) {
    listen(g, 1);
    // Seat 1 goes on the quest the top card allows: a single low card is baseless.
    let q = g.allowed_quests()[0];
    let (s, _) = g.decider().unwrap();
    g.apply(s, Action::GoOnQuest { quest: q }).unwrap();
    // Pass any window.
    while g.decider().is_some_and(|(_, d)| d != Decision::Turn) {
        act(g, Action::PassWindow);
    }
}

/// Two knights, the deck `"picts:2"` then `deck`: seat 0 listens, seat 1 goes on the Picts with a
/// single low card — baseless — and so draws `knight`, the only Knight card. Seat 0's turn next.
fn seat_1_holds(knight: Knight, deck: &[&str]) -> Game {
    let deck = [&["picts:2"][..], deck].concat();
    let mut g = expert(2, None, &deck, &[knight]);
    fail_for_knight(&mut g);
    g
}

#[test]
fn expert_a_failed_quest_draws_a_knight_card_in_secret() {
    let mut g = expert(
        2,
        None,
        &["grail:2", "dragon:2"],
        &[Knight::Tristan, Knight::Arthur],
    );
    listen(&mut g, 1);
    let ev = quest(&mut g, Quest::Grail);
    assert!(ev.contains(&Event::KnightDrawn { seat: Seat(1) }));
    assert_eq!(g.seat_view(Seat(1)).unwrap().knights, vec![Knight::Tristan]);
    assert_eq!(g.table_view().seats[1].knight_cards, 1);
    let other = serde_json::to_string(&g.seat_view(Seat(0)).unwrap()).unwrap();
    assert!(!other.contains("tristan"));
}

#[test]
fn expert_a_failed_quest_with_no_knight_card_left_says_so() {
    let mut g = expert(2, None, &["grail:2", "dragon:2"], &[]);
    listen(&mut g, 1);
    let ev = quest(&mut g, Quest::Grail);
    assert!(ev.contains(&Event::NoKnightLeft { seat: Seat(1) }));
    assert!(!ev.iter().any(|e| matches!(e, Event::KnightDrawn { .. })));
    assert!(g.seat_view(Seat(1)).unwrap().knights.is_empty());
    assert_eq!(g.table_view().seats[1].knight_cards, 0);
}

#[test]
fn expert_a_successful_quest_shuffles_an_unused_morgan_into_the_deck() {
    let mut g = expert(
        1,
        None,
        &["dragon:5", "dragon:4", "dragon:3", "picts:2"],
        &[],
    );
    listen(&mut g, 3);
    let before = g.table_view().deck_count;
    let ev = quest(&mut g, Quest::Dragon);
    assert!(ev.contains(&Event::MorganShuffledIn));
    assert_eq!(g.table_view().deck_count, before + 1);
}

#[test]
fn arthur_forces_the_quester_to_listen_instead() {
    let mut g = seat_1_holds(Knight::Arthur, &["grail:2", "dragon:3", "dragon:4"]);
    assert_eq!(g.seat_view(Seat(1)).unwrap().knights, vec![Knight::Arthur]);
    // Seat 0 listens (grail); seat 1 listens (dragon:3); seat 0 goes on the Dragon.
    listen(&mut g, 2);
    assert_eq!(g.current(), Seat(0));
    quest(&mut g, Quest::Dragon);
    assert_eq!(
        g.decider(),
        Some((
            Seat(1),
            Decision::ArthurWindow {
                quester: Seat(0),
                quest: Quest::Dragon
            }
        ))
    );
    let ev = act(&mut g, Action::PlayArthur);
    assert!(ev.contains(&Event::ArthurPlayed {
        by: Seat(1),
        quester: Seat(0)
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::QuestResolved { .. })));
    assert_eq!(
        g.table_view().top,
        Some(TopCard::FaceUp {
            card: c("dragon:4")
        })
    );
    assert_eq!(g.current(), Seat(1));
    assert!(g.seat_view(Seat(1)).unwrap().knights.is_empty());
}

#[test]
fn arthur_window_is_offered_to_every_knight_holder_who_may_pass() {
    let mut g = seat_1_holds(Knight::Percival, &["grail:2", "dragon:3"]);
    listen(&mut g, 2);
    quest(&mut g, Quest::Dragon);
    assert!(matches!(
        g.decider(),
        Some((Seat(1), Decision::ArthurWindow { .. }))
    ));
    assert_eq!(
        g.legal_actions(),
        vec![Action::PassWindow],
        "no Arthur to play"
    );
    act(&mut g, Action::PassWindow);
    // Then Gawain's window, also just a pass.
    assert_eq!(g.decider(), Some((Seat(1), Decision::GawainWindow)));
    act(&mut g, Action::PassWindow);
    assert_eq!(swords(&g), (0, 2));
}

#[test]
fn tristan_looks_through_the_deck_without_changing_it() {
    let mut g = seat_1_holds(Knight::Tristan, &["grail:2", "dragon:3", "morgan:3"]);
    // Seat 0's turn, then seat 1 plays Tristan.
    listen(&mut g, 1);
    assert_eq!(g.current(), Seat(1));
    let ev = act(&mut g, Action::PlayTristan);
    assert!(ev.contains(&Event::Private {
        seat: Seat(1),
        private: PrivateEvent::DeckSeen {
            cards: cards(&["dragon:3", "morgan:3"])
        }
    }));
    let Some(Prompt::Turn { deck_seen, .. }) = g.seat_view(Seat(1)).unwrap().prompt else {
        panic!()
    };
    assert_eq!(deck_seen, Some(cards(&["dragon:3", "morgan:3"])));
    assert!(!g.legal_actions().contains(&Action::PlayTristan));
    assert_eq!(
        g.apply(Seat(1), Action::PlayTristan),
        Err(RuleError::KnightNotHeld {
            knight: Knight::Tristan
        })
    );
    act(&mut g, Action::ListenToRumors);
    assert_eq!(
        g.table_view().top,
        Some(TopCard::FaceUp {
            card: c("dragon:3")
        })
    );
}

#[test]
fn gawain_plays_one_of_three_cards_never_a_morgan_before_swords_are_placed() {
    let mut g = seat_1_holds(
        Knight::Gawain,
        &["dragon:5", "dragon:4", "morgan:3", "dragon:2", "grail:4"],
    );
    // Seat 0 listens dragon:5, seat 1 listens dragon:4, seat 0 goes on the Dragon (9: baseless).
    listen(&mut g, 2);
    quest(&mut g, Quest::Dragon);
    act(&mut g, Action::PassWindow); // Arthur's window: seat 1 holds no Arthur
    assert_eq!(g.decider(), Some((Seat(1), Decision::GawainWindow)));
    assert_eq!(
        g.table_view().resolution.unwrap().main_stack().total,
        Some(9)
    );
    act(&mut g, Action::PlayGawain);
    let Some(Prompt::GawainChoose { cards: drawn }) = g.seat_view(Seat(1)).unwrap().prompt else {
        panic!()
    };
    assert_eq!(drawn, cards(&["morgan:3", "dragon:2", "grail:4"]));
    assert_eq!(
        g.apply(Seat(1), Action::GawainPlay { index: Some(0) }),
        Err(RuleError::BadChoice {
            reason: BadChoiceReason::GawainPlaysNoMorgan
        }),
        "never a Morgan"
    );
    let ev = act(&mut g, Action::GawainPlay { index: Some(1) });
    // Dragon 5 + 4 + 2 = 11: success (the black sword is the earlier failed Picts quest).
    assert_eq!(total(&ev, Quest::Dragon), Some(11));
    assert_eq!(swords(&g), (3, 1));
}

#[test]
fn galahad_peeks_at_a_loyalty_card_instead_of_the_turns_action() {
    let mut g = expert(
        3,
        Some(2),
        &["picts:2", "grail:2", "dragon:3"],
        &[Knight::Galahad],
    );
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts); // seat 1 fails: draws Galahad
    assert_eq!(g.seat_view(Seat(1)).unwrap().knights, vec![Knight::Galahad]);
    listen(&mut g, 1); // seat 2
    listen(&mut g, 1); // seat 0
    let ev = act(&mut g, Action::PlayGalahad { target: Seat(2) });
    assert!(ev.contains(&Event::Private {
        seat: Seat(1),
        private: PrivateEvent::LoyaltySeen {
            seat: Seat(2),
            loyalty: Loyalty::Traitor
        }
    }));
    assert_eq!(g.current(), Seat(2), "Galahad took the turn");
    assert_eq!(
        g.table_view().seats[2].revealed,
        None,
        "not revealed to others"
    );
}

#[test]
fn percival_doubles_the_swords_of_an_accusation() {
    let mut g = expert(
        3,
        Some(2),
        &["grail:2", "picts:2", "dragon:2", "excalibur:2", "saxons:2"],
        &[
            Knight::Percival,
            Knight::Arthur,
            Knight::Arthur,
            Knight::Arthur,
        ],
    );
    // Four baseless quests: 4 black swords and knight cards.
    for _ in 0..4 {
        listen(&mut g, 1);
        let q = g.allowed_quests()[0];
        quest(&mut g, q);
        while g.decider().is_some_and(|(_, d)| d != Decision::Turn) {
            act(&mut g, Action::PassWindow);
        }
    }
    assert_eq!(swords(&g).1, 4);
    let holder = (0..3)
        .map(Seat)
        .find(|s| g.seat_view(*s).unwrap().knights.contains(&Knight::Percival))
        .unwrap();
    let (s, _) = g.decider().unwrap();
    let accuser = s;
    let target = if accuser == Seat(2) { Seat(0) } else { Seat(2) };
    act(&mut g, Action::Accuse { target });
    // Walk the Percival window: the holder plays it.
    loop {
        let (d, k) = g.decider().unwrap();
        if !matches!(k, Decision::PercivalAccusation { .. }) {
            break;
        }
        let a = if d == holder {
            Action::PlayPercival
        } else {
            Action::PassWindow
        };
        let ev = g.apply(d, a).unwrap();
        if a == Action::PlayPercival {
            assert!(ev.contains(&Event::PercivalPlayed { by: holder }));
            break;
        }
    }
    let (w, b) = swords(&g);
    if target == Seat(2) {
        assert_eq!((w, b), (2, 4));
    } else {
        assert_eq!((w, b), (0, 6));
    }
}

// ------------------------------------------------------------------------------------------------
// Promo cards
// ------------------------------------------------------------------------------------------------

#[test]
fn promo_morgan8_merges_the_picts_and_the_saxons_into_one_quest() {
    let (g, ev) = pile_then_quest(
        1,
        &["picts:5", "saxons:4", "morgan:8", "saxons:2", "picts:?"],
        Quest::Picts,
    );
    let r = resolution(&ev);
    let s = r.stack(QuestStack::PictsAndSaxons).unwrap();
    assert_eq!(s.total, Some(12));
    assert_eq!(s.outcome, Outcome::Success);
    assert_eq!(swords(&g), (2, 0));
}

#[test]
fn promo_morgan8_baseless_merged_quest_one_black_and_defeat_two_black() {
    let (g, _) = pile_then_quest(1, &["picts:5", "morgan:8", "saxons:2"], Quest::Saxons);
    assert_eq!(swords(&g), (0, 1));
    let (g, _) = pile_then_quest(
        1,
        &["picts:5", "saxons:5", "morgan:8", "saxons:4"],
        Quest::Saxons,
    );
    assert_eq!(swords(&g), (0, 2));
}

#[test]
fn promo_morgan8_with_merlin1_removes_the_highest_pict_and_the_highest_saxon() {
    let (_, ev) = pile_then_quest(
        1,
        &[
            "picts:5", "saxons:4", "saxons:3", "merlin:1", "morgan:8", "picts:4",
        ],
        Quest::Picts,
    );
    assert_eq!(
        resolution(&ev)
            .stack(QuestStack::PictsAndSaxons)
            .unwrap()
            .total,
        Some(7)
    );
}

#[test]
fn promo_merlin6_its_drawer_may_go_on_any_quest_with_a_bonus() {
    let mut g = game_with(
        2,
        None,
        &["dragon:5", "dragon:4", "merlin:6", "grail:2"],
        Options {
            merlin6: true,
            ..Options::default()
        },
    );
    listen(&mut g, 3);
    assert_eq!(g.decider(), Some((Seat(0), Decision::Merlin6)));
    assert_eq!(
        g.apply(
            Seat(0),
            Action::Merlin6Quest {
                quest: Quest::Dragon,
                bonus: 4
            }
        ),
        Err(RuleError::BadChoice {
            reason: BadChoiceReason::Merlin6BonusUpToThree
        })
    );
    let ev = act(
        &mut g,
        Action::Merlin6Quest {
            quest: Quest::Dragon,
            bonus: 2,
        },
    );
    assert_eq!(total(&ev, Quest::Dragon), Some(11));
    assert_eq!(swords(&g), (3, 0));
    assert_eq!(g.current(), Seat(1));
}

#[test]
fn promo_merlin6_may_be_declined() {
    let mut g = game_with(
        2,
        None,
        &["merlin:6", "grail:2"],
        Options {
            merlin6: true,
            ..Options::default()
        },
    );
    listen(&mut g, 1);
    assert!(
        g.apply(
            Seat(0),
            Action::Merlin6Quest {
                quest: Quest::Grail,
                bonus: 4
            }
        )
        .is_err()
    );
    act(&mut g, Action::DeclineMerlin6);
    assert_eq!(g.current(), Seat(1));
    assert_eq!(swords(&g), (0, 0));
}

#[test]
fn promo_cards_are_in_the_deck_only_when_their_option_is_on() {
    let g = Game::new(Setup::new(4, 5)).unwrap();
    assert_eq!(g.table_view().deck_count, 59);
    let g = Game::new(Setup {
        options: Options {
            morgan8: true,
            merlin6: true,
            ..Options::default()
        },
        ..Setup::new(4, 5)
    })
    .unwrap();
    assert_eq!(g.table_view().deck_count, 61);
}

#[test]
fn swords_run_out_at_sixteen() {
    let mut deck = vec![
        "dragon:5", "dragon:4", "dragon:3", "grail:5", "grail:4", "grail:3",
    ];
    // Morgan #3 adds 1 to each quest: 15 black swords in all. Each quest's total and the black
    // swords it brings: the Picts and the Saxons 16 (1 each), the Dragon 22 (3), Excalibur 16 (2),
    // the Grail as the main quest 22 (3).
    let big: Vec<&str> = [
        &["morgan:3"][..],
        &["picts:5", "picts:4", "picts:4", "picts:3"],
        &["saxons:5", "saxons:4", "saxons:4", "saxons:3"],
        &[
            "dragon:4", "dragon:2", "dragon:?", "dragon:?", "dragon:?", "dragon:?",
        ],
        &["excalibur:5", "excalibur:4", "excalibur:4", "excalibur:3"],
        &[
            "grail:4", "grail:2", "grail:?", "grail:?", "grail:?", "grail:?",
        ],
    ]
    .concat();
    deck.extend(&big);
    let mut g = game(1, None, &deck);
    listen(&mut g, 3);
    quest(&mut g, Quest::Dragon);
    listen(&mut g, 3);
    quest(&mut g, Quest::Grail);
    assert_eq!(swords(&g), (6, 0));
    listen(&mut g, big.len() - 1);
    listen(&mut g, 1);
    let ev = act(
        &mut g,
        Action::GoOnQuest {
            quest: Quest::Grail,
        },
    );
    assert_eq!(resolution(&ev).black, 15);
    let ran_out: u8 = ev
        .iter()
        .map(|e| match e {
            Event::SwordsRanOut {
                colour: Colour::Black,
                count,
            } => *count,
            _ => 0,
        })
        .sum();
    assert_eq!(ran_out, 5);
    assert_eq!(swords(&g), (6, 10));
    assert_eq!(g.winner(), Some((Side::Evil, EndReason::Swords)));
}

#[test]
fn with_every_card_on_the_pile_and_no_symbol_on_top_any_quest_may_be_chosen() {
    let mut g = game(1, None, &["dragon:2", "merlin:1"]);
    listen(&mut g, 2);
    assert_eq!(g.allowed_quests(), &Quest::ALL);
    assert!(!g.legal_actions().contains(&Action::Pass));
    quest(&mut g, Quest::Grail);
    assert_eq!(swords(&g), (0, 1));
}

#[test]
fn morgan1_draw_time_effects_follow_the_announcement() {
    // The Traitor (seat 1) draws a Merlin #4 in secret and calls it a Grail 3: no token is placed,
    // Morgan #1 stays in force, and at quest time the card (a Merlin #4 with no quest) removes nothing.
    let mut g = game(
        3,
        Some(1),
        &["morgan:1", "merlin:4", "grail:5", "grail:4", "grail:3"],
    );
    listen(&mut g, 1);
    act(&mut g, Action::ListenToRumors);
    let ev = announce(&mut g, "grail:3");
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Merlin4TokenPlaced { .. }))
    );
    assert_eq!(g.table_view().merlin4_tokens, 0);
    assert!(g.table_view().morgan1);
    // A loyal drawer announcing the truth about a Vivien makes the exchange.
    let mut g = game(3, None, &["morgan:1", "vivien", "grail:2"]);
    listen(&mut g, 1);
    act(&mut g, Action::ListenToRumors);
    announce(&mut g, "vivien");
    assert_eq!(g.decider(), Some((Seat(1), Decision::VivienRecipient)));
}
