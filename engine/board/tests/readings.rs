//! The 32 settled readings of board-game.md §9, one named test each.

mod common;
use common::*;

#[test]
fn reading_01_war_cards_go_in_strict_ascending_order() {
    let mut g = three().hand(0, &[F1, F2, F3]).start();
    turn(&mut g, ENGINE, &[mv(Place::PictWar)]);
    wander_turn(&mut g, ENGINE);
    wander_turn(&mut g, ENGINE);
    act(&mut g, LIFE);
    assert!(!legal(&g, fight(F2)));
    assert!(!legal(&g, fight(F3)));
    act(&mut g, fight(F1));
    end_turn(&mut g);
    wander_turn(&mut g, LIFE);
    wander_turn(&mut g, LIFE);
    act(&mut g, LIFE);
    assert!(!legal(&g, fight(F3)));
    assert!(legal(&g, fight(F2)));
}

#[test]
fn reading_02_excalibur_is_five_steps_from_its_start_to_either_end() {
    assert_eq!((EXCALIBUR_START, EXCALIBUR_END), (0, 5));
    let mut g = three().black(&[Black::Excalibur; 5]).start();
    assert_eq!(g.excalibur_position(), 0);
    for _ in 0..4 {
        quiet_turn(&mut g);
    }
    assert_eq!(g.excalibur_position(), -4);
    assert!(g.quest_in_play(Quest::Excalibur));
    quiet_evil(&mut g);
    assert!(!g.quest_in_play(Quest::Excalibur));
}

#[test]
fn reading_03_lancelot_dragon_cards_pair_1_5_3_7_5_9_7_11() {
    let pairs = [
        (Black::LancelotDragon1, 1, 5, 4),
        (Black::LancelotDragon3, 3, 7, 3),
        (Black::LancelotDragon5, 5, 9, 3),
        (Black::LancelotDragon7, 7, 11, 1),
    ];
    for (card, lancelot, dragon, count) in pairs {
        assert_eq!(card.value_on(Quest::Lancelot), lancelot);
        assert_eq!(card.value_on(Quest::Dragon), dragon);
        assert_eq!(card.count(), count);
    }
}

#[test]
fn reading_04_three_players_look_at_their_loyalty_when_the_threshold_is_first_met() {
    let mut g = three().traitor(2).engines(5).hand(0, &[MERLIN]).start();
    assert!(!g.loyalty_known());
    assert_eq!(g.seat_view(s(2)).loyalty, None);
    act(&mut g, ENGINE);
    assert!(g.loyalty_known());
    assert_eq!(g.seat_view(s(2)).loyalty, Some(Loyalty::Traitor));
    // Once seen, always known, even below the threshold again.
    act(&mut g, Action::MerlinRemovesSiegeEngine);
    assert_eq!(g.siege_engines(), 5);
    assert_eq!(g.seat_view(s(2)).loyalty, Some(Loyalty::Traitor));
    // Six swords count too.
    let mut g = three()
        .swords(3, 2)
        .black(&[Black::BlackKnight1; 4])
        .start();
    for _ in 0..3 {
        quiet_turn(&mut g);
    }
    assert!(!g.loyalty_known());
    quiet_evil(&mut g);
    assert_eq!(g.swords().total(), 6);
    assert!(g.loyalty_known());
}

#[test]
fn reading_05_tristan_moves_free_whenever_he_leaves_camelot_even_after_a_quest_sent_him_home() {
    let mut g = table(&[Knight::SirTristan, Knight::SirGawain, Knight::SirGalahad])
        .hand(0, &[F1, F1, F1])
        .hand(1, &[F1, F1])
        .start();
    excalibur_one_step_short(&mut g);
    evil_engine(&mut g);
    act(&mut g, Action::DiscardForExcalibur { card: F1 });
    settle(&mut g);
    // The quest sent him back to Camelot; leaving it again is free.
    assert_eq!(g.place(s(0)), Some(Place::Camelot));
    let events = act(&mut g, mv(Place::Grail));
    assert!(has_event(&events, |e| matches!(
        e,
        Event::KnightMoved { free: true, .. }
    )));
    assert!(
        !g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Move { .. }))
    );
}

#[test]
fn reading_06_vivien_lasts_until_the_next_quest_is_won() {
    let mut g = three()
        .hand(0, &[F1, F1, F1])
        .hand(1, &[F1, F1])
        .hand(2, &[MERLIN])
        .black(&[Black::Vivien])
        .start();
    turn(&mut g, ENGINE, &[mv(Place::Excalibur)]);
    turn(&mut g, ENGINE, &[mv(Place::Excalibur)]);
    wander_turn(&mut g, DRAW);
    assert!(g.vivien());
    for _ in 0..2 {
        turn(&mut g, LIFE, &[Action::DiscardForExcalibur { card: F1 }]);
        turn(&mut g, LIFE, &[Action::DiscardForExcalibur { card: F1 }]);
        act(&mut g, LIFE);
        assert!(!legal(&g, Action::MerlinRemovesSiegeEngine));
        let a = wander(&g);
        act(&mut g, a);
        end_turn(&mut g);
    }
    evil_engine(&mut g);
    let events = act(&mut g, Action::DiscardForExcalibur { card: F1 });
    assert!(has_event(&events, |e| matches!(e, Event::VivienEnds)));
    assert!(!g.vivien());
    settle(&mut g);
    end_turn(&mut g);
    wander_turn(&mut g, ENGINE);
    evil_engine(&mut g);
    assert!(legal(&g, Action::MerlinRemovesSiegeEngine));
}

#[test]
fn reading_07_morgan3_cards_cannot_be_cancelled() {
    let mut g = three()
        .hand(1, &[MERLIN, MERLIN, MERLIN])
        .black(&[
            Black::Morgan3,
            Black::Morgan4,
            Black::Despair,
            Black::Despair,
        ])
        .start();
    act(&mut g, DRAW);
    // Morgan 3 itself may be cancelled: the poll is held; nobody does.
    for seat in [0u8, 1, 2] {
        assert!(matches!(
            g.table_view().pending,
            Some(PendingView::BlackCard {
                card: Some(Black::Morgan3),
                stage: BlackCardStage::Merlins,
                ..
            })
        ));
        act_as(&mut g, seat, Action::Pass);
    }
    // Its three cards resolve at once: no window for Morgan 4.
    assert_eq!(g.siege_engines(), 2);
    assert_eq!(&g.grail_track()[5..], &[Spot::Despair; 2]);
    assert_eq!(hand(&g, 1), vec![MERLIN; 3]);
    assert_eq!(g.phase(), Phase::HeroicActions);
}

#[test]
fn reading_08_morgan_volunteers_are_asked_in_turn_order_from_the_drawer() {
    let mut g = four().traitor(3).black(&[Black::Morgan5]).start();
    for evil in [
        ENGINE, ENGINE, ENGINE, LIFE, ENGINE, ENGINE, ENGINE, LIFE, ENGINE,
    ] {
        wander_turn(&mut g, evil);
    }
    act_as(&mut g, 1, DRAW);
    for _ in 0..4 {
        act(&mut g, Action::Pass);
    }
    act_as(&mut g, 1, Action::Pass);
    act_as(&mut g, 2, Action::Pass);
    // The unrevealed Traitor may volunteer, even with his last two lives.
    let events = act_as(&mut g, 3, Action::Volunteer);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::KnightDies { seat: Seat(3) }
    )));
    assert_eq!(g.life(s(0)), 4);
}

#[test]
fn reading_09_the_armor_doubles_only_draws_by_choice_not_morgan3_draws() {
    use Black::*;
    let mut g = armor_for_seat0(
        three(),
        &[Morgan3, Picts, Saxons, Despair, Despair, Excalibur],
    );
    wander_turn(&mut g, ENGINE);
    act_as(&mut g, 0, DRAW);
    assert_eq!(
        g.seat_view(s(0)).private,
        Some(PrivateView::ArmorPair {
            cards: [Morgan3, Picts]
        })
    );
    act(&mut g, Action::KeepBlackCard { index: 0 });
    for _ in 0..3 {
        act(&mut g, Action::Pass);
    }
    // Saxons, Despair, Despair, one at a time, none doubled.
    assert_eq!(g.war(Quest::SaxonWar).unwrap().warriors, 1);
    assert_eq!(&g.grail_track()[5..], &[Spot::Despair; 2]);
    assert_eq!(g.war(Quest::PictWar).unwrap().warriors, 0);
    assert_eq!(g.black_deck_len(), 2);
    assert_eq!(g.phase(), Phase::HeroicActions);
}

#[test]
fn reading_10_the_face_is_chosen_before_the_window_and_a_cancelled_face_down_card_pays_nothing() {
    let mut g = excalibur_for_seat0(three().black(&[Black::BlackKnight3]), &[]);
    let before = hand(&g, 1).len();
    act_as(&mut g, 1, DRAW);
    act_as(&mut g, 1, Action::PlaceFaceDown);
    // The owner sees only the back.
    assert!(matches!(
        g.table_view().pending,
        Some(PendingView::BlackCard {
            card: None,
            stage: BlackCardStage::Excalibur,
            ..
        })
    ));
    let events = act_as(&mut g, 0, Action::SacrificeExcalibur);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::CancelledByExcalibur { card: None, .. }
    )));
    assert_eq!(hand(&g, 1).len(), before);
    assert_eq!(g.combat(Quest::BlackKnight).unwrap().black().count(), 0);
    // Still his Progression of Evil.
    assert_eq!(g.phase(), Phase::HeroicActions);
}

/// Seat 0 owns the Grail; seats 1 and 2 draw quiet cards while seat 0 loses a life a turn, down
/// to 1. Returns at seat 0's turn.
fn grail_owner_at_one_life() -> Game {
    use Black::*;
    let quiet = [
        BlackKnight1,
        Excalibur,
        BlackKnight1,
        Excalibur,
        BlackKnight1,
        Excalibur,
        Excalibur,
    ];
    let mut g = grail_for_seat0(three().black(&quiet));
    for _ in 0..3 {
        wander_turn(&mut g, DRAW);
        wander_turn(&mut g, DRAW);
        wander_turn(&mut g, LIFE);
    }
    wander_turn(&mut g, DRAW);
    wander_turn(&mut g, ENGINE);
    assert_eq!(g.life(s(0)), 1);
    g
}

#[test]
fn reading_11_a_dying_grail_owner_may_drink_himself_or_the_grail_goes_with_him() {
    let mut g = grail_owner_at_one_life();
    act_as(&mut g, 0, LIFE);
    assert_eq!(g.decider(), Some(s(0)));
    act_as(&mut g, 0, Action::Pass);
    assert!(!g.is_alive(s(0)));
    assert_eq!(g.relic(Relic::Grail), RelicState::Removed);
    let mut g = grail_owner_at_one_life();
    act_as(&mut g, 0, LIFE);
    act_as(&mut g, 0, Action::OfferGrail);
    assert_eq!(g.life(s(0)), 4);
    assert_eq!(g.relic(Relic::Grail), RelicState::Removed);
}

#[test]
fn reading_12_heroism_stays_on_a_solo_quest_its_knight_left() {
    let mut g = three()
        .hand(0, &[White::Heroism, F1])
        .black(&[Black::BlackKnight1; 4])
        .start();
    evil_engine(&mut g);
    heroism_with_sacrifice(&mut g, Quest::BlackKnight);
    act(&mut g, mv(Place::BlackKnight));
    end_turn(&mut g);
    wander_turn(&mut g, DRAW);
    wander_turn(&mut g, DRAW);
    turn(&mut g, ENGINE, &[fight(F1)]);
    wander_turn(&mut g, DRAW);
    wander_turn(&mut g, ENGINE);
    evil_engine(&mut g);
    let events = act(&mut g, mv(Place::Camelot));
    assert!(has_event(&events, |e| matches!(
        e,
        Event::SoloQuestAbandoned { cards: 1, .. }
    )));
    assert_eq!(g.heroism(), Some(Quest::BlackKnight));
    end_turn(&mut g);
    // The fourth black card: the tournament is lost, Heroism adds its black sword.
    quiet_evil(&mut g);
    assert_eq!(g.swords().black, 2);
}

#[test]
fn reading_13_no_healing_at_six_life_and_three_merlins_heal() {
    let mut g = three()
        .hand(0, &[MERLIN, MERLIN, MERLIN, White::Piety])
        .start();
    evil_engine(&mut g);
    act(&mut g, Action::PlayPiety { others: false });
    assert_eq!(g.life(s(0)), 6);
    assert_eq!(
        refused(&mut g, Action::Heal { card: MERLIN }),
        RuleError::FullLife
    );
    act(&mut g, Action::Sacrifice);
    act(&mut g, Action::Heal { card: MERLIN });
    assert_eq!(g.life(s(0)), 6);
    assert!(hand(&g, 0).is_empty());
}

#[test]
fn reading_14_the_merlin_triple_is_a_reaction_not_the_turns_special_card() {
    let mut g = three()
        .hand(0, &[MERLIN, MERLIN, MERLIN, White::Piety])
        .black(&[Black::Morgan4])
        .start();
    act(&mut g, DRAW);
    act_as(&mut g, 0, Action::CommitMerlins { count: 3 });
    assert_eq!(g.siege_engines(), 0);
    // The active knight's special card is still to play.
    act(&mut g, Action::PlayPiety { others: true });
    assert_eq!(g.life(s(1)), 5);
}

#[test]
fn reading_15_merlins_are_offered_from_the_drawer_and_cancel_at_exactly_three() {
    let mut g = three()
        .hand(0, &[MERLIN, MERLIN])
        .hand(1, &[MERLIN])
        .hand(2, &[MERLIN, MERLIN])
        .black(&[Black::Morgan4])
        .start();
    wander_turn(&mut g, ENGINE);
    act_as(&mut g, 1, DRAW);
    act_as(&mut g, 1, Action::CommitMerlins { count: 1 });
    // Never more than the three needed.
    assert!(!legal(&g, Action::CommitMerlins { count: 3 }));
    act_as(&mut g, 2, Action::CommitMerlins { count: 1 });
    assert_eq!(hand(&g, 2), vec![MERLIN]);
    assert!(!legal(&g, Action::CommitMerlins { count: 2 }));
    act_as(&mut g, 0, Action::CommitMerlins { count: 1 });
    assert_eq!(g.siege_engines(), 1);
    assert_eq!(hand(&g, 0), vec![MERLIN]);
    assert_eq!(hand(&g, 2), vec![MERLIN]);
    assert!(hand(&g, 1).is_empty());
}

#[test]
fn reading_16_a_siege_fight_with_no_card_is_allowed_and_lost_without_kay() {
    for seed in 0..20 {
        let mut g = three().seed(seed).start();
        evil_engine(&mut g);
        act(&mut g, Action::FightSiegeEngine);
        let events = act(&mut g, Action::RollSiegeDie);
        assert!(has_event(&events, |e| matches!(
            e,
            Event::SiegeFight {
                won: false,
                total: 0,
                ..
            }
        )));
    }
    // Excalibur's +1 alone never beats a roll.
    let mut g = excalibur_for_seat0(three(), &[]);
    wander_turn(&mut g, ENGINE);
    wander_turn(&mut g, ENGINE);
    evil_engine(&mut g);
    act_as(&mut g, 0, Action::FightSiegeEngine);
    let events = act(&mut g, Action::RollSiegeDie);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::SiegeFight {
            won: false,
            total: 1,
            ..
        }
    )));
}

#[test]
fn reading_17_clairvoyance_with_fewer_than_five_cards_sees_them_all_without_reshuffling() {
    use Black::*;
    let mut g = three()
        .hand(0, &[White::Clairvoyance, F1, F1, F1])
        .black(&[Picts, Saxons, Despair])
        .start();
    act(&mut g, LIFE);
    act(&mut g, Action::Heal { card: F1 });
    act(&mut g, Action::Sacrifice);
    let events = act(&mut g, Action::PlayClairvoyance);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::ClairvoyanceUsed { cards: 3, .. }
    )));
    assert!(!has_event(&events, |e| matches!(e, Event::DecksReshuffled)));
    act(&mut g, Action::PutNext { index: 2 });
    act(&mut g, Action::PutNext { index: 1 });
    assert_eq!(g.black_deck_len(), 3);
}

#[test]
fn reading_18_drawing_from_two_empty_piles_draws_nothing() {
    let mut g = three()
        .hand(0, &[White::Reinforcements])
        .black(&[Black::Morgan3, Black::Despair])
        .start();
    // Morgan 3 finds one card, then nothing: no error, no endless redraw of itself.
    act(&mut g, DRAW);
    for _ in 0..3 {
        act(&mut g, Action::Pass);
    }
    assert_eq!(g.grail_track()[6], Spot::Despair);
    assert_eq!(g.phase(), Phase::HeroicActions);
    act(&mut g, Action::PlayReinforcements { others: false });
    assert_eq!(hand(&g, 0), vec![White::Reinforcements]);
}

#[test]
fn reading_19_a_knight_who_sacrifices_his_last_life_finishes_the_action_then_dies() {
    let mut g = three().squires_at_one_life(&[0]).start();
    evil_engine(&mut g);
    act(&mut g, Action::DrawWhiteCards);
    act(&mut g, Action::Sacrifice);
    assert_eq!(g.life(s(0)), 0);
    assert!(g.is_alive(s(0)));
    assert_eq!(g.decider(), Some(s(0)));
    let events = act(&mut g, mv(Place::Grail));
    let moved = events
        .iter()
        .position(|e| matches!(e, Event::KnightMoved { .. }));
    let died = events
        .iter()
        .position(|e| matches!(e, Event::KnightDies { seat: Seat(0) }));
    assert!(moved < died && died.is_some());
    assert_eq!(g.current(), s(1));
}

#[test]
fn reading_20_shared_cards_without_agreement_are_dealt_from_the_winner_clockwise() {
    let mut g = three()
        .hand(0, &[F1, F1])
        .hand(1, &[F1, F1])
        .hand(2, &[F1])
        .white(&[GRAIL; 7])
        .start();
    for _ in 0..3 {
        turn(&mut g, ENGINE, &[mv(Place::Excalibur)]);
    }
    for _ in 0..4 {
        let seat = g.current().0;
        let card = hand(&g, seat)[0];
        turn(&mut g, LIFE, &[Action::DiscardForExcalibur { card }]);
    }
    evil_engine(&mut g);
    act_as(&mut g, 1, Action::DiscardForExcalibur { card: F1 });
    // Seat 1 won: he proposes; seat 2 rejects.
    for _ in 0..7 {
        act_as(&mut g, 1, Action::Propose { to: s(1) });
    }
    let events = act_as(&mut g, 2, Action::Reject);
    let shares = events
        .iter()
        .find_map(|e| match e {
            Event::CardsShared {
                shares,
                at_random: true,
                ..
            } => Some(shares.iter().map(|(s, _)| s.0).collect::<Vec<_>>()),
            _ => None,
        })
        .expect("dealt at random");
    assert_eq!(shares, vec![1, 2, 0, 1, 2, 0, 1]);
}

#[test]
fn reading_20_an_absent_winner_chooses_who_is_dealt_first() {
    let mut g = three()
        .hand(0, &[White::LadyOfTheLake])
        .hand(1, &[F1, F1])
        .hand(2, &[F1, F1])
        .white(&[GRAIL; 7])
        .start();
    wander_turn(&mut g, ENGINE);
    turn(&mut g, ENGINE, &[mv(Place::Excalibur)]);
    turn(&mut g, ENGINE, &[mv(Place::Excalibur)]);
    for _ in 0..2 {
        wander_turn(&mut g, LIFE);
        turn(&mut g, LIFE, &[Action::DiscardForExcalibur { card: F1 }]);
        turn(&mut g, LIFE, &[Action::DiscardForExcalibur { card: F1 }]);
    }
    evil_engine(&mut g);
    act_as(&mut g, 0, Action::PlayLadyOfTheLake);
    // Seat 0 won from afar: Excalibur is his, he chooses who among those present is dealt first.
    assert_eq!(g.relic(Relic::Excalibur), RelicState::Owned(s(0)));
    let mut choices = g.legal_actions();
    choices.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        choices,
        vec![
            Action::ChooseFirstDealt { seat: s(1) },
            Action::ChooseFirstDealt { seat: s(2) }
        ]
    );
    act_as(&mut g, 0, Action::ChooseFirstDealt { seat: s(2) });
    let events = act_as(&mut g, 2, Action::DealAtRandom);
    let shares = events
        .iter()
        .find_map(|e| match e {
            Event::CardsShared { shares, .. } => {
                Some(shares.iter().map(|(s, _)| s.0).collect::<Vec<_>>())
            }
            _ => None,
        })
        .unwrap();
    assert_eq!(shares, vec![2, 1, 2, 1, 2, 1, 2]);
    // No life, no card for the absent winner.
    assert_eq!(hand(&g, 0).len(), 0);
}

#[test]
fn reading_21_the_messenger_gives_one_to_three_cards() {
    let mut g = three().hand(0, &[White::Messenger, F1, F2, F3, F4]).start();
    evil_engine(&mut g);
    act(&mut g, Action::PlayMessenger { to: s(1) });
    assert!(!legal(&g, Action::StopGiving));
    for card in [F1, F2, F3] {
        act(&mut g, Action::GiveCard { card });
    }
    assert_eq!(hand(&g, 1), vec![F1, F2, F3]);
    assert_eq!(hand(&g, 0), vec![F4]);
}

/// Seat 0 owns the Grail; seats 1 and 2 stand on Excalibur at +4; seat 1 has 1 life and holds the
/// Lady of the Lake. Returns at seat 1's turn, after his Progression of Evil and a Move.
fn lady_while_dying() -> Game {
    let b = three()
        .hand(0, &[GRAIL, GRAIL, GRAIL])
        .hand(1, &[GRAIL, GRAIL, White::LadyOfTheLake, F1, F1])
        .hand(2, &[GRAIL, GRAIL, F1, F1])
        .white(&[F2; 12]);
    let mut g = b.start();
    lay_the_grail_for_seat0(&mut g);
    turn(&mut g, ENGINE, &[mv(Place::Excalibur)]);
    turn(&mut g, ENGINE, &[mv(Place::Excalibur)]);
    wander_turn(&mut g, ENGINE);
    turn(&mut g, LIFE, &[Action::DiscardForExcalibur { card: F1 }]);
    turn(&mut g, ENGINE, &[Action::DiscardForExcalibur { card: F1 }]);
    wander_turn(&mut g, LIFE);
    turn(&mut g, LIFE, &[Action::DiscardForExcalibur { card: F1 }]);
    turn(&mut g, LIFE, &[Action::DiscardForExcalibur { card: F1 }]);
    wander_turn(&mut g, LIFE);
    assert_eq!(g.excalibur_position(), 4);
    assert_eq!(g.life(s(1)), 1);
    act_as(&mut g, 1, ENGINE);
    act(&mut g, mv(Place::Camelot));
    g
}

#[test]
fn reading_22_excalibur_won_by_a_dying_knight_goes_to_the_grail_owner_who_saves_him() {
    let mut g = lady_while_dying();
    act(&mut g, Action::Sacrifice);
    act(&mut g, Action::PlayLadyOfTheLake);
    // The knight present (seat 2) takes the seven cards; the dying winner nothing.
    assert_eq!(g.tally(Quest::Excalibur).won, 1);
    assert_eq!(g.decider(), Some(s(0)));
    act_as(&mut g, 0, Action::OfferGrail);
    assert_eq!(g.life(s(1)), 4);
    assert_eq!(g.relic(Relic::Excalibur), RelicState::Owned(s(0)));
    assert_eq!(g.relic(Relic::Grail), RelicState::Removed);
}

#[test]
fn reading_22_excalibur_won_by_a_knight_who_then_dies_is_removed() {
    let mut g = lady_while_dying();
    act(&mut g, Action::Sacrifice);
    act(&mut g, Action::PlayLadyOfTheLake);
    act_as(&mut g, 0, Action::Pass);
    assert!(!g.is_alive(s(1)));
    assert_eq!(g.relic(Relic::Excalibur), RelicState::Removed);
}

#[test]
fn reading_23_the_twelfth_sword_ends_the_game_after_its_step_the_rest_unresolved() {
    use Black::*;
    let mut g = three()
        .swords(9, 2)
        .black(&[Picts, Picts, Picts, Morgan3, Picts, Morgan4, Morgan1])
        .start();
    for _ in 0..3 {
        quiet_turn(&mut g);
    }
    act(&mut g, DRAW);
    for _ in 0..3 {
        act(&mut g, Action::Pass);
    }
    // The 4th warrior: the War is lost (a black sword and two engines): 12 swords, game over;
    // Morgan 4 and Morgan 1 are never resolved.
    assert_eq!(g.outcome(), outcome(Side::Loyal, EndReason::Swords));
    assert_eq!(g.swords(), Swords { white: 9, black: 3 });
    assert_eq!(g.siege_engines(), 2);
    for i in 0..3 {
        assert_eq!(g.life(s(i)), 4);
    }
}

#[test]
fn reading_24_after_the_traitors_flip_only_white_over_black_decides() {
    let mut g = four()
        .traitor(3)
        .swords(6, 5)
        .hand(0, &[White::Heroism, GRAIL, GRAIL, GRAIL])
        .hand(1, &[GRAIL, GRAIL])
        .hand(2, &[GRAIL, GRAIL])
        .start();
    evil_engine(&mut g);
    heroism_with_sacrifice(&mut g, Quest::Grail);
    act(&mut g, mv(Place::Grail));
    end_turn(&mut g);
    turn(&mut g, ENGINE, &[mv(Place::Grail)]);
    turn(&mut g, ENGINE, &[mv(Place::Grail)]);
    idle_turn(&mut g);
    for _ in 0..2 {
        for _ in 0..3 {
            turn(&mut g, LIFE, &[Action::PlayGrailCard]);
        }
        idle_turn(&mut g);
    }
    evil_engine(&mut g);
    let events = act_as(&mut g, 0, Action::PlayGrailCard);
    // 6+3+1 = 10 white, 5 black; the hidden Traitor flips two: 8 against 7. Seven black swords,
    // yet the count decides: white wins.
    assert!(has_event(&events, |e| matches!(
        e,
        Event::EndReveal {
            traitor: Some(Seat(3)),
            flipped: 2
        }
    )));
    assert_eq!(g.swords(), Swords { white: 8, black: 7 });
    assert_eq!(g.outcome(), outcome(Side::Loyal, EndReason::Swords));
}

#[test]
fn reading_25_convocation_counts_every_knight_in_camelot_after_the_moves() {
    let mut g = three()
        .hand(0, &[White::Convocation])
        .white(&[F1; 8])
        .start();
    wander_turn(&mut g, ENGINE);
    turn(&mut g, ENGINE, &[mv(Place::Grail)]);
    turn(&mut g, ENGINE, &[Action::DrawWhiteCards]);
    let before = hand(&g, 2).len();
    evil_engine(&mut g);
    act_as(&mut g, 0, Action::PlayConvocation);
    act_as(&mut g, 0, Action::AnswerConvocation { go: true });
    act_as(&mut g, 1, Action::AnswerConvocation { go: true });
    act(&mut g, Action::DealAtRandom);
    let cards: usize = (0..3).map(|i| hand(&g, i).len()).sum();
    assert_eq!(cards, before + 3);
}

#[test]
fn reading_26_a_fate_self_reveal_ends_the_traitors_turn() {
    let mut g = four()
        .traitor(1)
        .hand(1, &[White::Fate])
        .hand(2, &[F1, F2, F3])
        .hand(3, &[F4])
        .start();
    wander_turn(&mut g, ENGINE);
    act_as(&mut g, 1, ENGINE);
    // Before the threshold: Fate lets him reveal himself.
    act(&mut g, Action::PlayFate { reveal: true });
    assert!(g.is_revealed(s(1)));
    // Every other knight discards two of his own choice (fewer if he holds fewer).
    act_as(&mut g, 2, Action::Discard { card: F1 });
    act_as(&mut g, 2, Action::Discard { card: F3 });
    act_as(&mut g, 3, Action::Discard { card: F4 });
    assert_eq!(hand(&g, 2), vec![F2]);
    assert_eq!(g.current(), s(2));
    assert_eq!(g.phase(), Phase::ProgressionOfEvil);
}

#[test]
fn reading_27_king_arthur_exchanges_once_per_turn() {
    let mut g = table(&[Knight::KingArthur, Knight::SirKay, Knight::SirGawain])
        .hand(0, &[F1, F2])
        .hand(1, &[F3, F4])
        .start();
    evil_engine(&mut g);
    act(&mut g, Action::ArthurExchange { to: s(1), card: F1 });
    act_as(&mut g, 1, Action::GiveBack { card: F3 });
    assert!(
        !g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::ArthurExchange { .. }))
    );
    act(&mut g, Action::DrawWhiteCards);
    act(&mut g, Action::EndTurn);
    wander_turn(&mut g, ENGINE);
    wander_turn(&mut g, ENGINE);
    evil_engine(&mut g);
    assert!(legal(&g, Action::ArthurExchange { to: s(1), card: F2 }));
}

#[test]
fn reading_28_the_revealed_traitor_plays_combat_cards_face_up() {
    let mut g = four()
        .traitor(1)
        .hand(1, &[White::Fate])
        .black(&[Black::LancelotDragon5])
        .start();
    wander_turn(&mut g, ENGINE);
    act_as(&mut g, 1, ENGINE);
    act(&mut g, Action::PlayFate { reveal: true });
    wander_turn(&mut g, ENGINE);
    wander_turn(&mut g, ENGINE);
    wander_turn(&mut g, ENGINE);
    assert_eq!(g.phase(), Phase::TraitorEvil);
    act_as(&mut g, 1, DRAW);
    assert_eq!(
        g.table_view().lancelot_or_dragon.black,
        vec![Some(Black::LancelotDragon5)]
    );
}

#[test]
fn reading_29_sir_kay_adds_one_card_after_the_black_cards_are_revealed() {
    use Black::*;
    let mut g = table(&[Knight::SirKay, Knight::SirGawain, Knight::SirGalahad])
        .hand(0, &[F2, F5])
        .black(&[BlackKnight3, BlackKnight1, BlackKnight1, BlackKnight1])
        .white(&[GRAIL])
        .start();
    act(&mut g, DRAW);
    act(&mut g, Action::PlaceFaceDown);
    act(&mut g, mv(Place::BlackKnight));
    end_turn(&mut g);
    for _ in 0..2 {
        quiet_turn(&mut g);
    }
    act(&mut g, LIFE);
    act(&mut g, fight(F2));
    end_turn(&mut g);
    act(&mut g, DRAW);
    act(&mut g, Action::PlaceFaceUp);
    // The fourth black card: the totals are on the table (the face-down 3 revealed) before Kay.
    assert_eq!(g.decider(), Some(s(0)));
    assert!(matches!(
        g.table_view().pending,
        Some(PendingView::KayCard {
            white: 2,
            black: 6,
            ..
        })
    ));
    let events = act_as(&mut g, 0, Action::KayAddsCard { card: F5 });
    assert!(has_event(&events, |e| matches!(
        e,
        Event::QuestEnds {
            won: true,
            white_total: 7,
            black_total: 6,
            ..
        }
    )));
}

#[test]
fn reading_30_falling_to_zero_in_ones_own_turn_ends_it_even_when_saved() {
    let mut g = grail_owner_at_one_life();
    act_as(&mut g, 0, LIFE);
    act_as(&mut g, 0, Action::OfferGrail);
    assert_eq!(g.life(s(0)), 4);
    // No Heroic Actions: the next knight plays.
    assert_eq!(g.current(), s(1));
    assert_eq!(g.phase(), Phase::ProgressionOfEvil);
}

#[test]
fn reading_31_a_fate_self_reveal_unmasks_with_every_consequence_but_no_sword() {
    let mut g = four().traitor(0).hand(0, &[White::Fate, F1, F1]).start();
    evil_engine(&mut g);
    act(&mut g, mv(Place::BlackKnight));
    end_turn(&mut g);
    for _ in 0..3 {
        wander_turn(&mut g, ENGINE);
    }
    act_as(&mut g, 0, ENGINE);
    act(&mut g, fight(F1));
    act(&mut g, Action::Sacrifice);
    act(&mut g, Action::PlayFate { reveal: true });
    assert!(g.is_revealed(s(0)));
    assert!(hand(&g, 0).is_empty());
    assert_eq!(g.place(s(0)), None);
    // His solo quest loses its white cards; no sword for a self-reveal.
    assert!(g.combat(Quest::BlackKnight).unwrap().white().is_empty());
    assert_eq!(g.swords(), Swords::default());
    assert_eq!(g.table_view().knights[0].loyalty, Some(Loyalty::Traitor));
}

#[test]
fn reading_32_a_combat_quest_ending_with_no_white_card_is_lost() {
    use Black::*;
    let mut g = three()
        .black(&[BlackKnight1, BlackKnight1, BlackKnight1, BlackKnight1])
        .start();
    let mut ends = Vec::new();
    for _ in 0..4 {
        act(&mut g, DRAW);
        let events = act(&mut g, Action::PlaceFaceUp);
        ends.extend(
            events
                .into_iter()
                .filter(|e| matches!(e, Event::QuestEnds { .. })),
        );
        heroic_idle(&mut g);
    }
    assert!(matches!(
        ends.as_slice(),
        [Event::QuestEnds {
            won: false,
            white_total: 0,
            black_total: 4,
            ..
        }]
    ));
}
