//! One named test per rule and per card effect, played through the engine as a table would play them.

mod audit;
mod table;

use audit::reach_swords;
use camelot_card::{
    AccusationRefusal, Action, Deal, Decision, EndReason, Event, Game, Keep, Loyalty, NoExchange,
    NotNowReason, PrivateEvent, Prompt, Quest, RuleError, Seat, Setup, Side, TopCard,
};
use table::*;

// ------------------------------------------------------------------------------------------------
// Setup
// ------------------------------------------------------------------------------------------------

#[test]
fn setup_uses_six_of_the_nine_morgans() {
    for seed in 0..50 {
        let g = Game::new(Setup::new(4, seed)).unwrap();
        assert_eq!(g.table_view().deck_count, 59);
    }
}

#[test]
fn setup_two_to_six_players_deal_at_most_one_traitor() {
    let mut seen_none = false;
    let mut seen_one = false;
    for players in 2..=6 {
        for seed in 0..200 {
            let g = Game::new(Setup::new(players, seed)).unwrap();
            let traitors = (0..players)
                .filter(|&i| g.seat_view(Seat(i)).unwrap().loyalty == Some(Loyalty::Traitor))
                .count();
            assert!(traitors <= 1);
            seen_none |= traitors == 0;
            seen_one |= traitors == 1;
        }
    }
    assert!(seen_none && seen_one, "the Traitor is sometimes set aside");
}

#[test]
fn setup_seven_players_may_hold_two_traitors() {
    let mut max = 0;
    for seed in 0..300 {
        let g = Game::new(Setup::new(7, seed)).unwrap();
        let traitors = (0..7)
            .filter(|&i| g.seat_view(Seat(i)).unwrap().loyalty == Some(Loyalty::Traitor))
            .count();
        assert!(traitors <= 2);
        max = max.max(traitors);
    }
    assert_eq!(max, 2);
}

#[test]
fn setup_solo_has_no_loyalty_and_no_accusation() {
    let g = Game::new(Setup::new(1, 3)).unwrap();
    let v = g.seat_view(Seat(0)).unwrap();
    assert_eq!(v.loyalty, None);
    assert!(g.accusation_refusal(Seat(0)).is_some());
}

#[test]
fn setup_rejects_bad_player_counts_and_deals() {
    assert!(Game::new(Setup::new(0, 1)).is_err());
    assert!(Game::new(Setup::new(8, 1)).is_err());
    let bad = Deal {
        loyalty: vec![Loyalty::Traitor, Loyalty::Traitor],
        set_aside: vec![Loyalty::Loyal, Loyalty::Loyal],
        ..Deal::default()
    };
    assert!(Game::with_deal(Setup::new(2, 1), bad).is_err());
}

#[test]
fn the_chosen_first_player_starts_and_play_goes_clockwise() {
    let mut g = Game::with_deal(
        Setup {
            first: Seat(2),
            ..Setup::new(3, 1)
        },
        Deal {
            loyalty: vec![Loyalty::Loyal; 3],
            set_aside: vec![Loyalty::Traitor, Loyalty::Loyal],
            rumor_deck: cards(&["picts:2", "picts:3", "picts:4"]),
            ..Deal::default()
        },
    )
    .unwrap();
    assert_eq!(g.current(), Seat(2));
    listen(&mut g, 1);
    assert_eq!(g.current(), Seat(0));
    listen(&mut g, 1);
    assert_eq!(g.current(), Seat(1));
}

// ------------------------------------------------------------------------------------------------
// Listening and who may go on which quest
// ------------------------------------------------------------------------------------------------

#[test]
fn listening_places_the_card_face_up_on_top_of_the_threats_pile() {
    let mut g = game(2, None, &["dragon:4", "grail:2"]);
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::CardPlaced {
        seat: Seat(0),
        top: TopCard::FaceUp {
            card: c("dragon:4")
        }
    }));
    let v = g.table_view();
    assert_eq!(
        v.top,
        Some(TopCard::FaceUp {
            card: c("dragon:4")
        })
    );
    assert_eq!((v.pile_count, v.deck_count), (1, 1));
}

#[test]
fn a_quest_is_allowed_only_by_the_visible_top_cards_symbol() {
    let mut g = game(2, None, &["dragon:4", "grail:2"]);
    assert!(
        g.allowed_quests().is_empty(),
        "an empty pile allows no quest"
    );
    assert_eq!(
        g.apply(
            Seat(0),
            Action::GoOnQuest {
                quest: Quest::Dragon
            }
        ),
        Err(RuleError::QuestNotAllowed {
            quest: Quest::Dragon
        })
    );
    listen(&mut g, 1);
    assert_eq!(g.allowed_quests(), &[Quest::Dragon]);
    assert!(
        g.apply(
            Seat(1),
            Action::GoOnQuest {
                quest: Quest::Grail
            }
        )
        .is_err()
    );
    listen(&mut g, 1);
    assert_eq!(
        g.allowed_quests(),
        &[Quest::Grail],
        "only the top card counts"
    );
}

#[test]
fn mordred_allows_the_picts_or_the_saxons() {
    let mut g = game(2, None, &["mordred"]);
    listen(&mut g, 1);
    assert_eq!(g.allowed_quests(), &[Quest::Picts, Quest::Saxons]);
}

#[test]
fn morgan4_allows_any_quest() {
    let mut g = game(2, None, &["morgan:4+1"]);
    listen(&mut g, 1);
    assert_eq!(g.allowed_quests(), &Quest::ALL);
}

#[test]
fn merlin_and_other_morgans_allow_no_quest() {
    for code in ["merlin:1", "morgan:3", "vivien"] {
        let mut g = game(1, None, &[code, "grail:2"]);
        listen(&mut g, 1);
        assert!(g.allowed_quests().is_empty(), "{code}");
    }
}

#[test]
fn the_discard_pile_is_reshuffled_when_the_deck_runs_out() {
    let mut g = game(1, None, &["dragon:4", "dragon:5"]);
    listen(&mut g, 2);
    quest(&mut g, Quest::Dragon);
    assert_eq!(g.table_view().deck_count, 0);
    assert_eq!(g.table_view().discard_count, 2);
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::DeckReshuffled { cards: 2 }));
    assert_eq!(g.table_view().deck_count, 1);
}

// ------------------------------------------------------------------------------------------------
// Going on a quest
// ------------------------------------------------------------------------------------------------

#[test]
fn after_a_quest_the_pile_is_discarded_and_the_next_player_plays() {
    let (g, _) = pile_then_quest(2, &["dragon:5", "dragon:4"], Quest::Dragon);
    let v = g.table_view();
    assert_eq!((v.pile_count, v.discard_count), (0, 2));
    assert_eq!(g.current(), Seat(1));
    assert!(v.top.is_none());
}

#[test]
fn the_resolution_is_in_the_table_view_until_the_next_action() {
    let (mut g, _) = pile_then_quest(2, &["dragon:5", "dragon:4", "grail:2"], Quest::Grail);
    let v = g.table_view();
    let r = v.resolution.expect("shown during the resolution");
    assert_eq!(r.stacks.len(), 2);
    act(&mut g, Action::ListenToRumors);
    assert!(g.table_view().resolution.is_none());
}

// ------------------------------------------------------------------------------------------------
// Morgan
// ------------------------------------------------------------------------------------------------

#[test]
fn morgan_brings_silence_until_a_merlin() {
    let mut g = game(2, None, &["morgan:3", "picts:2", "merlin:1"]);
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::SilenceBegins));
    listen(&mut g, 1);
    let s = g.silence().expect("silence holds");
    assert_eq!(s.turns, 2);
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::SilenceEnds));
    assert!(g.silence().is_none());
}

#[test]
fn morgan_silence_ends_when_a_player_goes_on_a_quest() {
    let mut g = game(2, None, &["morgan:4+1"]);
    listen(&mut g, 1);
    assert!(g.silence().is_some());
    let ev = quest(&mut g, Quest::Dragon);
    assert!(ev.contains(&Event::SilenceEnds));
    assert!(g.silence().is_none());
}

#[test]
fn morgan1_listeners_draw_in_secret_and_announce_face_down() {
    let mut g = game(3, None, &["morgan:1", "dragon:4", "merlin:2", "grail:3"]);
    listen(&mut g, 1);
    assert!(g.table_view().morgan1);
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::Private {
        seat: Seat(1),
        private: PrivateEvent::Drew {
            card: c("dragon:4")
        }
    }));
    // The drawn card is not on the table yet, and not in the table's view at all.
    assert_eq!(g.decider(), Some((Seat(1), Decision::Announce)));
    let table = serde_json::to_string(&g.table_view()).unwrap();
    assert!(!table.contains("dragon:4"));
    // A loyal knight may only tell the truth.
    assert_eq!(
        g.legal_actions(),
        vec![Action::Announce {
            card: c("dragon:4")
        }]
    );
    assert!(
        g.apply(Seat(1), Action::Announce { card: c("grail:5") })
            .is_err()
    );
    announce(&mut g, "dragon:4");
    assert_eq!(
        g.top(),
        Some(TopCard::FaceDown {
            announced: c("dragon:4")
        })
    );
    // Permission follows the announcement.
    assert_eq!(g.allowed_quests(), &[Quest::Dragon]);
}

#[test]
fn morgan1_a_traitor_may_lie_and_the_table_goes_by_the_lie() {
    let mut g = game(3, Some(1), &["morgan:1", "merlin:3", "dragon:4"]);
    listen(&mut g, 1);
    act(&mut g, Action::ListenToRumors);
    assert!(
        g.legal_actions().len() > 30,
        "a Traitor may announce any card"
    );
    announce(&mut g, "grail:5");
    assert_eq!(g.allowed_quests(), &[Quest::Grail]);
    // The true card is a Merlin, but the table heard "grail:5": Morgan #1 and silence hold on.
    let v = g.table_view();
    assert!(v.morgan1);
    assert!(v.silence.is_some());
}

#[test]
fn morgan1_lasts_across_quests_until_a_merlin_is_announced() {
    let mut g = game(
        2,
        None,
        &["morgan:1", "dragon:4", "dragon:5", "merlin:5", "grail:2"],
    );
    listen(&mut g, 1);
    listen(&mut g, 1);
    announce(&mut g, "dragon:4");
    quest(&mut g, Quest::Dragon);
    assert!(g.table_view().morgan1, "Morgan #1 outlives the quest");
    listen(&mut g, 1);
    announce(&mut g, "dragon:5");
    listen(&mut g, 1);
    let ev = announce(&mut g, "merlin:5");
    assert!(ev.contains(&Event::MorganEffectsEnd));
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::CardPlaced {
        seat: Seat(1),
        top: TopCard::FaceUp { card: c("grail:2") }
    }));
}

#[test]
fn morgan2_listeners_count_aloud_across_quests_until_a_merlin() {
    let mut g = game(
        2,
        None,
        &[
            "morgan:2", "dragon:4", "dragon:5", "picts:2", "merlin:1", "grail:2",
        ],
    );
    listen(&mut g, 1);
    assert_eq!(g.table_view().morgan2_next, Some(1));
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::CountAloud {
        seat: Seat(1),
        number: 1
    }));
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::CountAloud {
        seat: Seat(0),
        number: 2
    }));
    quest(&mut g, Quest::Dragon);
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::CountAloud {
        seat: Seat(0),
        number: 3
    }));
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::CountAloud {
        seat: Seat(1),
        number: 4
    }));
    assert!(ev.contains(&Event::MorganEffectsEnd));
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(!ev.iter().any(|e| matches!(e, Event::CountAloud { .. })));
}

#[test]
fn morgan7_a_main_quest_of_14_or_more_ends_the_game_at_once() {
    let (g, ev) = pile_then_quest(
        2,
        &["morgan:7", "grail:5", "grail:4", "grail:4", "grail:2"],
        Quest::Grail,
    );
    assert!(resolution(&ev).evil_wins_now);
    assert_eq!(g.winner(), Some((Side::Evil, EndReason::Morgan7)));
    assert!(g.legal_actions().is_empty());
}

// ------------------------------------------------------------------------------------------------
// Merlin
// ------------------------------------------------------------------------------------------------

#[test]
fn merlin4_its_drawer_chooses_a_quest_in_secret() {
    let mut g = game(
        2,
        None,
        &["dragon:5", "dragon:4", "dragon:4", "merlin:4", "grail:2"],
    );
    listen(&mut g, 3);
    act(&mut g, Action::ListenToRumors);
    assert_eq!(g.decider(), Some((Seat(1), Decision::Merlin4Quest)));
    let ev = act(
        &mut g,
        Action::ChooseMerlin4Quest {
            quest: Quest::Dragon,
        },
    );
    assert!(ev.contains(&Event::Merlin4TokenPlaced { seat: Seat(1) }));
    let v = g.table_view();
    assert_eq!(v.merlin4_tokens, 1);
    // The quest is absent from the table's view and from the other seat's.
    let other = serde_json::to_string(&g.seat_view(Seat(0)).unwrap()).unwrap();
    assert!(!other.contains("merlin4_quest") && !other.contains("\"dragon\""));
    let mine = g.seat_view(Seat(1)).unwrap();
    assert!(mine.memory.contains(&PrivateEvent::Merlin4Quest {
        quest: Quest::Dragon
    }));
    listen(&mut g, 1);
    // Grail on top: go on the Grail; the Dragon loses its 5 when the pile is revealed.
    let ev = quest(&mut g, Quest::Grail);
    assert_eq!(total(&ev, Quest::Dragon), Some(8));
}

// ------------------------------------------------------------------------------------------------
// Mordred and Vivien
// ------------------------------------------------------------------------------------------------

#[test]
fn vivien_the_drawer_and_a_chosen_player_may_exchange_loyalty_cards() {
    let mut g = game(3, None, &["vivien", "grail:2"]);
    act(&mut g, Action::ListenToRumors);
    assert_eq!(g.decider(), Some((Seat(0), Decision::VivienRecipient)));
    assert_eq!(
        g.legal_actions(),
        vec![
            Action::GiveLoyalty { recipient: Seat(1) },
            Action::GiveLoyalty { recipient: Seat(2) }
        ]
    );
    act(&mut g, Action::GiveLoyalty { recipient: Seat(2) });
    assert_eq!(g.decider(), Some((Seat(0), Decision::VivienKeep)));
    let v = g.seat_view(Seat(0)).unwrap();
    let Some(Prompt::VivienKeep { current, offered }) = v.prompt else {
        panic!("{:?}", v.prompt)
    };
    assert_eq!(current, Loyalty::Loyal);
    act(&mut g, Action::KeepLoyalty { keep: Keep::New });
    assert_eq!(g.seat_view(Seat(0)).unwrap().loyalty, Some(offered));
    assert_eq!(g.decider(), Some((Seat(2), Decision::VivienKeep)));
    let Some(Prompt::VivienKeep { offered: other, .. }) = g.seat_view(Seat(2)).unwrap().prompt
    else {
        panic!()
    };
    act(&mut g, Action::KeepLoyalty { keep: Keep::New });
    assert_eq!(g.seat_view(Seat(2)).unwrap().loyalty, Some(other));
    // Exactly one of the two set-aside cards was the Traitor: it is now held, unseen by the table.
    let held: Vec<_> = (0..3)
        .map(|i| g.seat_view(Seat(i)).unwrap().loyalty.unwrap())
        .collect();
    assert_eq!(held.iter().filter(|l| **l == Loyalty::Traitor).count(), 1);
    assert!(g.table_view().seats.iter().all(|s| s.revealed.is_none()));
    assert_eq!(g.current(), Seat(1));
}

#[test]
fn vivien_does_nothing_in_solo_play() {
    let mut g = game(1, None, &["vivien", "grail:2"]);
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::VivienDoesNothing {
        drawer: Seat(0),
        why: NoExchange::SoloPlay
    }));
    assert_eq!(g.decider(), Some((Seat(0), Decision::Turn)));
}

#[test]
fn vivien_does_nothing_when_its_drawer_is_revealed() {
    let mut g = game(2, None, &with_four(&["vivien"]));
    // Reach four swords, then accuse seat 1 (loyal): seat 1 is revealed.
    reach_swords(&mut g, 4);
    let (s, _) = g.decider().unwrap();
    let target = Seat((s.0 + 1) % 2);
    act(&mut g, Action::Accuse { target });
    assert_eq!(g.current(), target);
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::VivienDoesNothing {
        drawer: target,
        why: NoExchange::DrawerRevealed
    }));
}

#[test]
fn vivien_with_no_other_unrevealed_player_only_the_drawer_exchanges() {
    let mut g = game(2, None, &with_four(&["picts:3", "vivien"]));
    reach_swords(&mut g, 4);
    let (s, _) = g.decider().unwrap();
    let other = Seat((s.0 + 1) % 2);
    act(&mut g, Action::Accuse { target: other });
    // `other` is revealed; its turn: listen.
    listen(&mut g, 1);
    // Back to `s`, who draws Vivien with nobody to give a card to.
    let ev = act(&mut g, Action::ListenToRumors);
    assert!(ev.contains(&Event::VivienExchange {
        drawer: s,
        recipient: None
    }));
    assert_eq!(g.decider(), Some((s, Decision::VivienKeep)));
}

// ------------------------------------------------------------------------------------------------
// Accusation and the Traitor
// ------------------------------------------------------------------------------------------------

#[test]
fn accusation_needs_at_least_four_swords() {
    let mut g = game(3, Some(2), &["grail:2", "grail:3", "grail:4"]);
    assert_eq!(
        g.apply(Seat(0), Action::Accuse { target: Seat(2) }),
        Err(RuleError::AccusationNotAllowed {
            reason: AccusationRefusal::TooFewSwords
        })
    );
    reach_swords(&mut g, 4);
    let (s, _) = g.decider().unwrap();
    assert!(
        g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Accuse { .. }))
    );
    assert!(
        g.apply(s, Action::Accuse { target: s }).is_err(),
        "never oneself"
    );
}

#[test]
fn accusing_a_traitor_adds_a_white_sword_and_reveals_them() {
    let mut g = game(3, Some(2), &["grail:2", "grail:3", "grail:4"]);
    reach_swords(&mut g, 4);
    let before = swords(&g);
    let (s, _) = g.decider().unwrap();
    let target = if s == Seat(2) { Seat(0) } else { Seat(2) };
    let ev = act(&mut g, Action::Accuse { target });
    let loyalty = if target == Seat(2) {
        Loyalty::Traitor
    } else {
        Loyalty::Loyal
    };
    assert!(ev.contains(&Event::LoyaltyRevealed {
        seat: target,
        loyalty
    }));
    let after = swords(&g);
    if loyalty == Loyalty::Traitor {
        assert_eq!(after, (before.0 + 1, before.1));
    } else {
        assert_eq!(after, (before.0, before.1 + 1));
    }
    assert_eq!(g.table_view().seats[target.index()].revealed, Some(loyalty));
}

#[test]
fn accusing_a_loyal_knight_adds_a_black_sword() {
    let mut g = game(3, Some(2), &["grail:2", "grail:3", "grail:4"]);
    reach_swords(&mut g, 4);
    let (s, _) = g.decider().unwrap();
    let target = [Seat(0), Seat(1)].into_iter().find(|t| *t != s).unwrap();
    let before = swords(&g);
    act(&mut g, Action::Accuse { target });
    assert_eq!(swords(&g), (before.0, before.1 + 1));
}

#[test]
fn each_player_accuses_once_and_never_a_revealed_player() {
    let deck = [
        "grail:2", "grail:3", "grail:4", "picts:2", "picts:3", "picts:4", "dragon:2",
    ];
    let mut g = game(3, Some(2), &deck);
    reach_swords(&mut g, 4);
    let (s, _) = g.decider().unwrap();
    let target = Seat((s.0 + 1) % 3);
    act(&mut g, Action::Accuse { target });
    // The revealed player listens; the third player may not accuse them.
    listen(&mut g, 1);
    let (third, _) = g.decider().unwrap();
    assert_ne!(third, s);
    assert_eq!(
        g.apply(third, Action::Accuse { target }),
        Err(RuleError::AccusationNotAllowed {
            reason: AccusationRefusal::TargetRevealed
        })
    );
    listen(&mut g, 1);
    // Back to the accuser: no second accusation.
    assert_eq!(g.current(), s);
    assert_eq!(
        g.apply(s, Action::Accuse { target: third }),
        Err(RuleError::AccusationNotAllowed {
            reason: AccusationRefusal::AlreadyAccused
        })
    );
}

#[test]
fn a_revealed_traitor_can_only_spread_rumors_draw_two_place_one() {
    let mut g = game(
        2,
        Some(1),
        &[
            "grail:2", "grail:3", "grail:4", "dragon:5", "morgan:6", "picts:2",
        ],
    );
    reach_swords(&mut g, 4);
    // Seat 0 (loyal) accuses seat 1, the Traitor.
    while g.current() != Seat(0) {
        listen(&mut g, 1);
    }
    act(&mut g, Action::Accuse { target: Seat(1) });
    assert_eq!(g.current(), Seat(1));
    assert_eq!(g.legal_actions(), vec![Action::SpreadRumors]);
    assert_eq!(
        g.apply(Seat(1), Action::ListenToRumors),
        Err(RuleError::NotNow {
            reason: NotNowReason::RevealedTraitorOnlySpreadsRumors
        })
    );
    let deck_before = g.table_view().deck_count;
    act(&mut g, Action::SpreadRumors);
    assert_eq!(g.decider(), Some((Seat(1), Decision::TraitorChoose)));
    let Some(Prompt::TraitorChoose { cards }) = g.seat_view(Seat(1)).unwrap().prompt else {
        panic!()
    };
    act(&mut g, Action::PlaceRumor { index: 1 });
    let v = g.table_view();
    assert_eq!(v.top, Some(TopCard::FaceUp { card: cards[1] }));
    assert_eq!(v.deck_count, deck_before - 2);
    assert_eq!(g.current(), Seat(0));
}

#[test]
fn a_revealed_traitor_places_face_up_even_under_morgan1() {
    let mut g = game(2, Some(1), &with_four(&["morgan:1", "dragon:5", "picts:3"]));
    reach_swords(&mut g, 4);
    while g.current() != Seat(0) {
        listen(&mut g, 1);
    }
    act(&mut g, Action::Accuse { target: Seat(1) });
    // Seat 1 spreads: morgan:1 and dragon:5 drawn; place Morgan #1 face up.
    act(&mut g, Action::SpreadRumors);
    act(&mut g, Action::PlaceRumor { index: 0 });
    assert!(g.table_view().morgan1);
    // Seat 0 listens under Morgan #1: draws in secret.
    act(&mut g, Action::ListenToRumors);
    assert_eq!(g.decider().unwrap().1, Decision::Announce);
}

// ------------------------------------------------------------------------------------------------
// The end
// ------------------------------------------------------------------------------------------------

#[test]
fn solo_seven_white_swords_win() {
    let mut g = game(1, None, &THREE_SUCCESSES);
    succeed_three_times(&mut g);
    assert_eq!(g.winner(), Some((Side::Loyal, EndReason::Swords)));
}

#[test]
fn solo_seven_black_swords_lose() {
    let mut g = game(1, None, &THREE_DEFEATS.concat());
    for q in [Quest::Grail, Quest::Dragon, Quest::Dragon] {
        listen(&mut g, 4);
        quest(&mut g, q);
    }
    assert_eq!(swords(&g), (0, 9));
    assert_eq!(g.winner(), Some((Side::Evil, EndReason::Swords)));
}

#[test]
fn at_the_end_each_hidden_traitor_turns_a_white_sword_black() {
    // 2 players, seat 1 the hidden Traitor. 7 white → reveal → 6 white 1 black... play goes on.
    let mut g = game(
        2,
        Some(1),
        &[
            "dragon:5", "dragon:4", "dragon:3", "grail:5", "grail:4", "grail:3", "picts:5",
            "picts:4", "picts:3", "picts:2",
        ],
    );
    // Dragon 3 + Grail 3 + Picts 1 = 7 white; the hidden Traitor turns one black: 6 to 1.
    for q in [Quest::Dragon, Quest::Grail, Quest::Picts] {
        listen(&mut g, 3);
        quest(&mut g, q);
    }
    assert_eq!(swords(&g), (6, 1));
    assert!(!g.is_over());
    let v = g.table_view();
    assert!(v.all_revealed, "play goes on with every Loyalty card known");
    assert_eq!(v.seats[1].revealed, Some(Loyalty::Traitor));
}

#[test]
fn the_loyal_win_with_more_white_than_black_and_at_least_seven_white() {
    let mut g = game(2, None, &THREE_SUCCESSES);
    succeed_three_times(&mut g);
    assert_eq!(g.winner(), Some((Side::Loyal, EndReason::Swords)));
    // Everyone's Loyalty is shown at the end.
    assert!(g.table_view().seats.iter().all(|s| s.revealed.is_some()));
}

/// Three defeated main quests of 16, each worth 3 black swords (Grail, Dragon, Dragon; four `?`
/// are worth 4 each), with no card more often than the box holds it.
const THREE_DEFEATS: [[&str; 4]; 3] = [
    ["grail:5", "grail:4", "grail:4", "grail:3"],
    ["dragon:5", "dragon:4", "dragon:4", "dragon:3"],
    ["dragon:?", "dragon:?", "dragon:?", "dragon:?"],
];

#[test]
fn evil_wins_with_at_least_as_many_black_as_white_and_seven_black() {
    let mut g = game(2, None, &THREE_DEFEATS.concat());
    for q in [Quest::Grail, Quest::Dragon, Quest::Dragon] {
        listen(&mut g, 4);
        quest(&mut g, q);
    }
    assert_eq!(g.winner(), Some((Side::Evil, EndReason::Swords)));
}

#[test]
fn all_quests_are_resolved_before_the_end_check() {
    // One quest places 3 white on the main and 3 black on a secondary: 7 white and 4 black after all.
    let mut g = game(
        1,
        None,
        &[
            "dragon:5",
            "dragon:4",
            "dragon:3",
            "grail:5",
            "grail:4",
            "grail:3", // 6 white
            "picts:5",
            "picts:4",
            "picts:4",
            "picts:2", // 15: secondary Picts defeat
            "excalibur:5",
            "excalibur:4",
            "excalibur:3",
        ],
    );
    listen(&mut g, 3);
    quest(&mut g, Quest::Dragon);
    listen(&mut g, 3);
    quest(&mut g, Quest::Grail);
    listen(&mut g, 7);
    let ev = quest(&mut g, Quest::Excalibur);
    assert_eq!(resolution(&ev).white, 2);
    assert_eq!(resolution(&ev).black, 1);
    assert_eq!(swords(&g), (8, 1));
    assert_eq!(g.winner(), Some((Side::Loyal, EndReason::Swords)));
}
