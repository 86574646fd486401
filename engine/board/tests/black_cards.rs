//! Every black card (§1.4), the face-down option, the cancellation windows, obsolete quests and the
//! reshuffle rule (§3.2).

mod common;
use common::*;

/// `n` turns in a row, each drawing the next black card (face up, every window passed).
fn draw_turns(g: &mut Game, n: usize) {
    for _ in 0..n {
        quiet_turn(g);
    }
}

#[test]
fn black_knight_card_may_go_face_down_for_a_white_card_seen_only_by_its_drawer() {
    let mut g = three()
        .black(&[Black::BlackKnight3])
        .white(&[GRAIL])
        .start();
    let events = act(&mut g, Action::DrawBlackCard);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::BlackCardDrawn {
            card: None,
            kind: BlackKind::BlackKnight,
            ..
        }
    )));
    assert_eq!(
        g.seat_view(s(0)).private,
        Some(PrivateView::DrawnCard {
            card: Black::BlackKnight3
        })
    );
    assert_eq!(g.seat_view(s(1)).private, None);
    act(&mut g, Action::PlaceFaceDown);
    assert_eq!(hand(&g, 0), vec![GRAIL]);
    assert_eq!(g.table_view().black_knight.black, vec![None]);
    assert_eq!(
        g.seat_view(s(0)).face_down_known,
        vec![(Quest::BlackKnight, 0, Black::BlackKnight3)]
    );
    assert!(g.seat_view(s(1)).face_down_known.is_empty());
}

#[test]
fn black_knight_fourth_card_ends_the_tournament_which_restarts() {
    let mut g = three()
        .black(&[
            Black::BlackKnight1,
            Black::BlackKnight3,
            Black::BlackKnight5,
            Black::BlackKnight7,
        ])
        .start();
    draw_turns(&mut g, 4);
    assert_eq!(g.tally(Quest::BlackKnight).lost, 1);
    assert_eq!(g.swords().black, 1);
    let bk = g.combat(Quest::BlackKnight).unwrap();
    assert_eq!(bk.black().count(), 0);
    assert!(g.quest_in_play(Quest::BlackKnight));
}

#[test]
fn lancelot_dragon_cards_go_to_lancelot_then_the_dragon_then_become_siege_engines() {
    use Black::*;
    let mut g = three()
        .black(&[&LANCELOT_FALLS[..], &DRAGON_FALLS, &[LancelotDragon7]].concat())
        .start();
    let mut totals = Vec::new();
    for _ in 0..11 {
        act(&mut g, Action::DrawBlackCard);
        if legal(&g, Action::PlaceFaceUp) {
            act(&mut g, Action::PlaceFaceUp);
        }
        act(&mut g, Action::DrawWhiteCards);
        act(&mut g, Action::EndTurn);
        totals.push((g.lancelot_board(), g.siege_engines()));
    }
    // Lancelot: 1+1+1+1+3 = 7, lost; the Dragon: 7+7+9+9+9 = 41, lost; the 11th an engine.
    assert_eq!(g.tally(Quest::Lancelot).lost, 1);
    assert_eq!(g.tally(Quest::Dragon).lost, 1);
    assert_eq!(g.lancelot_board(), LancelotBoard::Removed);
    assert_eq!(g.siege_engines(), 1);
    assert_eq!(g.swords().black, 1 + 2);
    assert_eq!(g.relic(Relic::LancelotsArmor), RelicState::Removed);
    assert_eq!(totals[4].0, LancelotBoard::Dragon);
}

#[test]
fn lancelot_and_dragon_sides_count_their_own_numbers() {
    use Black::*;
    let mut g = three()
        .black(&[
            LancelotDragon7,
            LancelotDragon1,
            LancelotDragon1,
            LancelotDragon1,
            LancelotDragon1,
            LancelotDragon5,
        ])
        .start();
    let mut ends = Vec::new();
    for _ in 0..6 {
        act(&mut g, Action::DrawBlackCard);
        let events = act(&mut g, Action::PlaceFaceUp);
        act(&mut g, Action::DrawWhiteCards);
        ends.extend(events.into_iter().filter_map(|e| match e {
            Event::QuestEnds { black_total, .. } => Some(black_total),
            _ => None,
        }));
        act(&mut g, Action::EndTurn);
    }
    // The 5th card ended Lancelot (7+1+1+1+1 = 11); the 6th lies on the Dragon as a 9.
    assert_eq!(g.tally(Quest::Lancelot).lost, 1);
    assert_eq!(ends, vec![11]);
    assert_eq!(
        g.table_view().lancelot_or_dragon.black,
        vec![Some(LancelotDragon5)]
    );
    assert_eq!(Black::LancelotDragon5.value_on(Quest::Dragon), 9);
    assert_eq!(Black::LancelotDragon7.value_on(Quest::Lancelot), 7);
}

#[test]
fn despair_fills_the_grail_track_from_the_far_end_and_seven_lose_the_grail() {
    let mut g = three().black(&[Black::Despair; 8]).start();
    quiet_turn(&mut g);
    assert_eq!(g.grail_track()[6], Spot::Despair);
    draw_turns(&mut g, 6);
    assert_eq!(g.tally(Quest::Grail).lost, 1);
    assert_eq!(g.swords().black, 3);
    assert_eq!(g.relic(Relic::Grail), RelicState::Removed);
    assert!(!g.quest_in_play(Quest::Grail));
    // The 8th Despair: the Grail is over, a siege engine instead.
    let engines = g.siege_engines();
    let events = act(&mut g, Action::DrawBlackCard);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::BlackCardObsolete {
            card: Black::Despair
        }
    )));
    assert_eq!(g.siege_engines(), engines + 1);
}

#[test]
fn excalibur_cards_push_the_sword_to_the_dark_end_and_lose_the_quest() {
    let mut g = three().black(&[Black::Excalibur; 6]).start();
    quiet_turn(&mut g);
    assert_eq!(g.excalibur_position(), -1);
    draw_turns(&mut g, 4);
    assert_eq!(g.tally(Quest::Excalibur).lost, 1);
    assert_eq!(g.swords().black, 2);
    assert_eq!(g.relic(Relic::Excalibur), RelicState::Removed);
    assert!(!g.quest_in_play(Quest::Excalibur));
    let engines = g.siege_engines();
    act(&mut g, Action::DrawBlackCard);
    assert_eq!(g.siege_engines(), engines + 1);
}

#[test]
fn picts_and_saxons_add_warriors_and_the_fourth_loses_the_war() {
    let mut g = three()
        .black(&[
            Black::Picts,
            Black::Picts,
            Black::Saxons,
            Black::Picts,
            Black::Picts,
        ])
        .start();
    quiet_turn(&mut g);
    quiet_evil(&mut g);
    move_and_end(&mut g, Place::PictWar);
    quiet_turn(&mut g);
    assert_eq!(g.war(Quest::SaxonWar).unwrap().warriors, 1);
    assert_eq!(g.war(Quest::PictWar).unwrap().warriors, 2);
    quiet_turn(&mut g);
    let engines = g.siege_engines();
    quiet_evil(&mut g);
    // Lost: the knight present loses a life, a black sword, two siege engines; a new War.
    assert_eq!(g.tally(Quest::PictWar).lost, 1);
    assert_eq!(g.life(s(1)), 3);
    assert_eq!(g.place(s(1)), Some(Place::Camelot));
    assert_eq!(g.swords().black, 1);
    assert_eq!(g.siege_engines(), engines + 2);
    assert_eq!(g.war(Quest::PictWar).unwrap().warriors, 0);
}

#[test]
fn mercenaries_go_to_the_war_the_drawer_chooses() {
    let mut g = three().black(&[Black::Mercenaries]).start();
    act(&mut g, Action::DrawBlackCard);
    assert_eq!(g.decider(), Some(s(0)));
    act(
        &mut g,
        Action::ChooseWar {
            war: Quest::SaxonWar,
        },
    );
    assert_eq!(g.war(Quest::SaxonWar).unwrap().warriors, 1);
    assert_eq!(g.war(Quest::PictWar).unwrap().warriors, 0);
}

#[test]
fn desolation_discards_the_grail_card_farthest_from_the_relic_then_lies_as_a_despair() {
    let mut g = three()
        .hand(0, &[GRAIL, GRAIL])
        .black(&[Black::Desolation])
        .start();
    evil_engine(&mut g);
    move_and_end(&mut g, Place::Grail);
    idle_turn(&mut g);
    idle_turn(&mut g);
    evil_engine(&mut g);
    act(&mut g, Action::PlayGrailCard);
    end_turn(&mut g);
    idle_turn(&mut g);
    idle_turn(&mut g);
    evil_engine(&mut g);
    act(&mut g, Action::PlayGrailCard);
    end_turn(&mut g);
    assert_eq!(&g.grail_track()[..2], &[Spot::Grail, Spot::Grail]);
    quiet_evil(&mut g);
    let t = g.grail_track();
    assert_eq!(t[0], Spot::Grail);
    assert_eq!(t[1], Spot::Empty);
    assert_eq!(t[6], Spot::Desolation);
}

#[test]
fn dark_forest_bars_grail_cards_until_another_quest_is_won() {
    let mut g = three()
        .hand(0, &[GRAIL, GRAIL])
        .hand(1, &[F1, F1, F1])
        .hand(2, &[F1, F1])
        .black(&[Black::DarkForest])
        .start();
    evil_engine(&mut g);
    move_and_end(&mut g, Place::Grail);
    quiet_evil(&mut g);
    assert!(g.dark_forest());
    move_and_end(&mut g, Place::Excalibur);
    act(&mut g, Action::LoseLife);
    move_and_end(&mut g, Place::Excalibur);
    act(&mut g, Action::LoseLife);
    assert_eq!(
        refused(&mut g, Action::PlayGrailCard),
        RuleError::DarkForest
    );
    // Despair still plays; Grail cards may still be discarded or healed with.
    move_and_end(&mut g, Place::Camelot);
    for _ in 0..2 {
        evil_engine(&mut g);
        act(&mut g, Action::DiscardForExcalibur { card: F1 });
        end_turn(&mut g);
    }
    evil_engine(&mut g);
    move_and_end(&mut g, Place::Grail);
    for _ in 0..2 {
        evil_engine(&mut g);
        act(&mut g, Action::DiscardForExcalibur { card: F1 });
        end_turn(&mut g);
    }
    assert!(g.dark_forest());
    evil_engine(&mut g);
    assert_eq!(
        refused(&mut g, Action::PlayGrailCard),
        RuleError::DarkForest
    );
    move_and_end(&mut g, Place::Camelot);
    // Seat 1 makes the fifth step: Excalibur won, the Dark Forest goes.
    act(&mut g, Action::LoseLife);
    let events = act(&mut g, Action::DiscardForExcalibur { card: F1 });
    assert!(has_event(&events, |e| matches!(e, Event::DarkForestEnds)));
    assert!(!g.dark_forest());
}

#[test]
fn guinevere_calls_every_knight_home_and_ends_the_drawers_turn() {
    let mut g = three().hand(0, &[F1]).black(&[Black::Guinevere]).start();
    evil_engine(&mut g);
    move_and_end(&mut g, Place::BlackKnight);
    evil_engine(&mut g);
    move_and_end(&mut g, Place::Grail);
    idle_turn(&mut g);
    evil_engine(&mut g);
    act(&mut g, Action::PlayFightCard { card: F1 });
    end_turn(&mut g);
    let events = act_as(&mut g, 1, Action::DrawBlackCard);
    let events = [events, act(&mut g, Action::Pass), act(&mut g, Action::Pass)].concat();
    let events = [events, act(&mut g, Action::Pass)].concat();
    assert!(has_event(&events, |e| matches!(
        e,
        Event::GuinevereCallsKnightsHome
    )));
    assert!(has_event(&events, |e| matches!(
        e,
        Event::SoloQuestAbandoned {
            quest: Quest::BlackKnight,
            cards: 1
        }
    )));
    for i in 0..3 {
        assert_eq!(g.place(s(i)), Some(Place::Camelot));
    }
    // No Heroic Actions for the drawer: seat 2 plays.
    assert_eq!(g.current(), s(2));
    assert_eq!(g.phase(), Phase::ProgressionOfEvil);
}

#[test]
fn mists_of_avalon_add_a_black_sword_to_every_lost_quest() {
    use Black::*;
    let mut g = three()
        .black(&[
            MistsOfAvalon,
            BlackKnight1,
            BlackKnight3,
            BlackKnight5,
            BlackKnight7,
        ])
        .start();
    quiet_turn(&mut g);
    assert!(g.mists_of_avalon());
    draw_turns(&mut g, 4);
    assert_eq!(g.tally(Quest::BlackKnight).lost, 1);
    assert_eq!(g.swords().black, 2);
    assert!(g.mists_of_avalon());
}

#[test]
fn mordred_makes_his_war_need_a_second_five() {
    let mut g = three()
        .hand(0, &[F1, F4])
        .hand(1, &[F2, F5])
        .hand(2, &[F3, F5])
        .black(&[Black::Mordred])
        .white(&[GRAIL; 4])
        .start();
    draw_black_all_pass(&mut g);
    act_as(
        &mut g,
        0,
        Action::ChooseWar {
            war: Quest::PictWar,
        },
    );
    assert!(g.war(Quest::PictWar).unwrap().mordred);
    move_and_end(&mut g, Place::PictWar);
    for _ in 0..2 {
        evil_engine(&mut g);
        move_and_end(&mut g, Place::PictWar);
    }
    for card in [F1, F2, F3, F4, F5] {
        evil_engine(&mut g);
        act(&mut g, Action::PlayFightCard { card });
        end_turn(&mut g);
    }
    // 1,2,3,4,5 is not enough: the next card must be another 5.
    assert_eq!(g.tally(Quest::PictWar).won, 0);
    assert_eq!(g.war(Quest::PictWar).unwrap().next_value(), 5);
    evil_engine(&mut g);
    act_as(&mut g, 2, Action::PlayFightCard { card: F5 });
    act(&mut g, Action::DealAtRandom);
    assert_eq!(g.tally(Quest::PictWar).won, 1);
    assert!(!g.war(Quest::PictWar).unwrap().mordred);
    assert_eq!(g.swords().white, 1);
}

#[test]
fn morgan_1_costs_every_knight_a_life() {
    let mut g = three().black(&[Black::Morgan1]).start();
    quiet_evil(&mut g);
    for i in 0..3 {
        assert_eq!(g.life(s(i)), 3);
    }
}

#[test]
fn morgan_2_volunteer_discards_three_white_cards() {
    let mut g = morgan_2_drawn_with_hands_of_four_one_and_three();
    // Volunteers are asked from the drawer; seat 1 (one card) is not.
    act_as(&mut g, 0, Action::Pass);
    act_as(&mut g, 2, Action::Volunteer);
    for _ in 0..3 {
        act_as(&mut g, 2, Action::Discard { card: F1 });
    }
    assert!(hand(&g, 2).is_empty());
    assert_eq!(hand(&g, 0).len(), 4);
    assert_eq!(hand(&g, 1).len(), 1);
    assert_eq!(g.phase(), Phase::HeroicActions);
}

#[test]
fn morgan_2_without_a_volunteer_every_knight_holding_a_card_discards_one() {
    let mut g = three()
        .hand(0, &[F1, F2, F3])
        .hand(2, &[GRAIL, F5])
        .black(&[Black::Morgan2])
        .start();
    draw_black_all_pass(&mut g);
    act_as(&mut g, 0, Action::Pass);
    act_as(&mut g, 0, Action::Discard { card: F2 });
    act_as(&mut g, 2, Action::Discard { card: GRAIL });
    assert_eq!(hand(&g, 0), vec![F1, F3]);
    assert_eq!(hand(&g, 2), vec![F5]);
}

#[test]
fn morgan_3_draws_and_resolves_the_next_three_black_cards() {
    let mut g = three()
        .black(&[
            Black::Morgan3,
            Black::Despair,
            Black::Picts,
            Black::BlackKnight5,
        ])
        .white(&[GRAIL])
        .start();
    draw_black_all_pass(&mut g);
    // The Black Knight card's face: the drawer's choice.
    act_as(&mut g, 0, Action::PlaceFaceDown);
    assert_eq!(g.grail_track()[6], Spot::Despair);
    assert_eq!(g.war(Quest::PictWar).unwrap().warriors, 1);
    assert_eq!(g.table_view().black_knight.black, vec![None]);
    assert_eq!(hand(&g, 0), vec![GRAIL]);
    assert_eq!(g.phase(), Phase::HeroicActions);
}

#[test]
fn morgan_4_adds_two_siege_engines() {
    let mut g = three().black(&[Black::Morgan4]).start();
    quiet_evil(&mut g);
    assert_eq!(g.siege_engines(), 2);
}

#[test]
fn morgan_5_volunteer_loses_two_lives() {
    let mut g = three().black(&[Black::Morgan5]).hand(1, &[F1]).start();
    draw_black_all_pass(&mut g);
    act_as(&mut g, 0, Action::Pass);
    act_as(&mut g, 1, Action::Volunteer);
    assert_eq!(g.life(s(1)), 2);
    assert_eq!(hand(&g, 1), vec![F1]);
}

#[test]
fn morgan_5_without_a_volunteer_every_knight_holding_a_card_discards_one() {
    let mut g = three().black(&[Black::Morgan5]).hand(1, &[F1, F2]).start();
    act(&mut g, Action::DrawBlackCard);
    for _ in 0..6 {
        act(&mut g, Action::Pass);
    }
    act_as(&mut g, 1, Action::Discard { card: F2 });
    assert_eq!(hand(&g, 1), vec![F1]);
    for i in 0..3 {
        assert_eq!(g.life(s(i)), 4);
    }
}

#[test]
fn vivien_bars_every_merlin_single_or_triple() {
    let mut g = three()
        .hand(1, &[MERLIN, MERLIN, MERLIN])
        .black(&[Black::Vivien, Black::Morgan4])
        .start();
    idle_turn(&mut g);
    // Vivien herself may still be cancelled as she is drawn: the poll is held.
    act_as(&mut g, 1, Action::DrawBlackCard);
    for _ in 0..3 {
        act(&mut g, Action::Pass);
    }
    assert!(g.vivien());
    assert_eq!(
        refused(&mut g, Action::MerlinRemovesSiegeEngine),
        RuleError::VivienInEffect
    );
    heroic_idle(&mut g);
    // No three-Merlin window: Morgan 4 acts at once.
    act_as(&mut g, 2, Action::DrawBlackCard);
    assert_eq!(g.siege_engines(), 3);
    assert_eq!(g.phase(), Phase::HeroicActions);
}

#[test]
fn three_merlins_from_several_knights_cancel_a_special_black_card() {
    let mut g = three()
        .hand(0, &[MERLIN])
        .hand(2, &[MERLIN, MERLIN])
        .black(&[Black::Morgan4])
        .start();
    act(&mut g, Action::DrawBlackCard);
    assert!(matches!(
        g.table_view().pending,
        Some(PendingView::BlackCard {
            card: Some(Black::Morgan4),
            stage: BlackCardStage::Merlins,
            ..
        })
    ));
    act_as(&mut g, 0, Action::CommitMerlins { count: 1 });
    // Seat 1 holds none: asked anyway, he may only pass.
    assert_eq!(g.legal_actions(), vec![Action::Pass]);
    act_as(&mut g, 1, Action::Pass);
    let events = act_as(&mut g, 2, Action::CommitMerlins { count: 2 });
    assert!(has_event(&events, |e| matches!(
        e,
        Event::CancelledByMerlins {
            card: Black::Morgan4
        }
    )));
    assert_eq!(g.siege_engines(), 0);
    assert!(hand(&g, 0).is_empty());
    assert!(hand(&g, 2).is_empty());
    // A cancelled draw is still the drawer's Progression of Evil.
    assert_eq!(g.phase(), Phase::HeroicActions);
}

#[test]
fn fewer_than_three_merlins_offered_go_back_to_their_hands() {
    let mut g = three()
        .hand(0, &[MERLIN, MERLIN])
        .black(&[Black::Morgan4])
        .start();
    act(&mut g, Action::DrawBlackCard);
    act_as(&mut g, 0, Action::CommitMerlins { count: 2 });
    act(&mut g, Action::Pass);
    act(&mut g, Action::Pass);
    assert_eq!(hand(&g, 0), vec![MERLIN, MERLIN]);
    assert_eq!(g.siege_engines(), 2);
}

#[test]
fn merlins_never_cancel_a_standard_black_card() {
    let mut g = three()
        .hand(0, &[MERLIN, MERLIN, MERLIN])
        .black(&[Black::Despair])
        .start();
    act(&mut g, Action::DrawBlackCard);
    // No window at all: the Despair is placed at once.
    assert_eq!(g.grail_track()[6], Spot::Despair);
    assert_eq!(g.phase(), Phase::HeroicActions);
}

#[test]
fn an_emptied_pile_reshuffles_its_discards_and_the_other_colours_discards_into_its_pile() {
    let mut g = three()
        .hand(0, &[F1, F1, F1])
        .black(&[Black::Saxons, Black::Picts])
        .start();
    act(&mut g, Action::LoseLife);
    act(&mut g, Action::Heal { card: F1 });
    end_turn(&mut g);
    act(&mut g, Action::DrawBlackCard);
    move_and_end(&mut g, Place::Grail);
    assert_eq!(g.black_deck_len(), 1);
    let events = act(&mut g, Action::DrawBlackCard);
    assert!(has_event(&events, |e| matches!(e, Event::DecksReshuffled)));
    // The black pile is the Saxons again; the white pile took the three discarded Fight cards.
    assert_eq!(g.black_deck_len(), 1);
    assert_eq!(g.white_deck_len(), 3);
}

#[test]
fn an_emptied_pile_without_discards_still_reshuffles_the_other_colour() {
    // §3.2 step 6 ("this applies whenever either pile empties"): the white pile runs out with no
    // white card discarded yet; the black discards are still shuffled into the black pile.
    let mut g = three()
        .white(&[F2, F3])
        .black(&[
            Black::Picts,
            Black::Saxons,
            Black::Despair,
            Black::Excalibur,
        ])
        .start();
    act(&mut g, Action::DrawBlackCard);
    // The Picts card added its warrior and lies on the black discard pile.
    assert_eq!(g.war(Quest::PictWar).unwrap().warriors, 1);
    assert_eq!(g.black_deck_len(), 3);
    let events = act(&mut g, Action::DrawWhiteCards);
    assert_eq!(hand(&g, 0).len(), 2);
    assert!(has_event(&events, |e| matches!(e, Event::DecksReshuffled)));
    assert_eq!(g.white_deck_len(), 0);
    assert_eq!(g.black_deck_len(), 4);
    assert_eq!(g.table_view().black_discard, 0);
}

#[test]
fn drawing_from_empty_piles_draws_nothing() {
    let mut g = three().start();
    // No black card anywhere: the option is not offered.
    assert!(!legal(&g, Action::DrawBlackCard));
    assert_eq!(
        refused(&mut g, Action::DrawBlackCard),
        RuleError::NoCardToDraw
    );
    evil_engine(&mut g);
    act(&mut g, Action::DrawWhiteCards);
    assert!(hand(&g, 0).is_empty());
}
