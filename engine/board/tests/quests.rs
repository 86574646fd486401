//! Every quest's win and loss (§4), the order of resolution (§4.1), and the worked examples.

mod common;
use common::*;

#[test]
fn black_knight_won_with_two_pairs_gives_a_life_three_cards_and_a_white_sword() {
    let mut g = three()
        .hand(0, &[F2, F2, F4, F4, F1])
        .black(&[Black::BlackKnight7])
        .white(&[GRAIL, GRAIL, GRAIL, F5])
        .start();
    turn(&mut g, DRAW, &[mv(Place::BlackKnight)]);
    turn(&mut g, ENGINE, &[Action::Move { to: Place::Grail }]);
    turn(&mut g, ENGINE, &[Action::Move { to: Place::Grail }]);
    turn(&mut g, ENGINE, &[fight(F2)]);
    turn(&mut g, LIFE, &[mv(Place::Camelot)]);
    turn(&mut g, LIFE, &[mv(Place::Camelot)]);
    evil_engine(&mut g);
    // Two pairs of different values: a third value cannot come in, nor a third 2.
    act(&mut g, fight(F2));
    end_turn(&mut g);
    turn(&mut g, LIFE, &[mv(Place::Grail)]);
    turn(&mut g, LIFE, &[mv(Place::Grail)]);
    evil_engine(&mut g);
    assert!(!legal(&g, fight(F2)));
    act(&mut g, fight(F4));
    end_turn(&mut g);
    turn(&mut g, ENGINE, &[mv(Place::Camelot)]);
    turn(&mut g, ENGINE, &[mv(Place::Camelot)]);
    evil_engine(&mut g);
    assert_eq!(
        refused(&mut g, fight(F1)),
        RuleError::PatternBroken { card: F1 }
    );
    let events = act(&mut g, fight(F4));
    // 2+2+4+4 = 12 against 7.
    assert!(has_event(&events, |e| matches!(
        e,
        Event::QuestEnds {
            quest: Quest::BlackKnight,
            won: true,
            white_total: 12,
            black_total: 7,
            ..
        }
    )));
    // +1, and one more for Sir Palamedes.
    assert_eq!(g.life(s(0)), 6);
    assert_eq!(hand(&g, 0).len(), 1 + 3);
    assert_eq!(g.swords().white, 1);
    assert_eq!(g.place(s(0)), Some(Place::Camelot));
    // Perpetual: it starts again, empty.
    assert!(g.combat(Quest::BlackKnight).unwrap().white().is_empty());
    assert_eq!(g.combat(Quest::BlackKnight).unwrap().black().count(), 0);
}

#[test]
fn black_knight_lost_with_its_knight_present_costs_him_a_life() {
    use Black::*;
    let mut g = three()
        .black(&[BlackKnight1, BlackKnight1, BlackKnight1, BlackKnight1])
        .start();
    turn(&mut g, DRAW, &[mv(Place::BlackKnight)]);
    for _ in 0..3 {
        quiet_turn(&mut g);
    }
    assert_eq!(g.tally(Quest::BlackKnight).lost, 1);
    assert_eq!(g.life(s(0)), 3);
    assert_eq!(g.swords().black, 1);
    assert_eq!(g.place(s(0)), Some(Place::Camelot));
}

#[test]
fn lancelot_won_nl_p14_example_eleven_against_fourteen_gives_the_armor() {
    use Black::*;
    // NL p.14: the quest ends on the 5th black card, 3+1+1+5+1 = 11; the knight played 4,5,5 = 14.
    let mut g = three()
        .hand(0, &[F4, F5, F5])
        .black(&[
            LancelotDragon3,
            LancelotDragon1,
            LancelotDragon1,
            LancelotDragon5,
            LancelotDragon1,
        ])
        .white(&[GRAIL; 4])
        .start();
    turn(&mut g, ENGINE, &[mv(Place::Lancelot)]);
    turn(&mut g, DRAW, &[mv(Place::Grail)]);
    turn(&mut g, DRAW, &[mv(Place::Grail)]);
    turn(&mut g, ENGINE, &[fight(F4)]);
    turn(&mut g, DRAW, &[mv(Place::Camelot)]);
    turn(&mut g, DRAW, &[mv(Place::Camelot)]);
    turn(&mut g, ENGINE, &[fight(F5)]);
    turn(&mut g, ENGINE, &[mv(Place::Grail)]);
    turn(&mut g, ENGINE, &[mv(Place::Grail)]);
    turn(&mut g, ENGINE, &[fight(F5)]);
    // The fifth black card ends it.
    act(&mut g, Action::DrawBlackCard);
    let events = act(&mut g, Action::PlaceFaceUp);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::QuestEnds {
            quest: Quest::Lancelot,
            won: true,
            white_total: 14,
            black_total: 11,
            ..
        }
    )));
    assert_eq!(g.relic(Relic::LancelotsArmor), RelicState::Owned(s(0)));
    // +1, and one more for Sir Palamedes.
    assert_eq!(g.life(s(0)), 6);
    assert_eq!(hand(&g, 0).len(), 4);
    assert_eq!(g.swords().white, 1);
    assert_eq!(g.lancelot_board(), LancelotBoard::Dragon);
    assert_eq!(g.place(s(0)), Some(Place::Camelot));
}

#[test]
fn lancelot_needs_a_full_house_of_different_values() {
    let mut g = three()
        .hand(0, &[F1, F1, F1, F3, F3, F2])
        .black(&QUIET_BLACK)
        .start();
    turn(&mut g, ENGINE, &[mv(Place::Lancelot)]);
    wander_turn(&mut g, DRAW);
    wander_turn(&mut g, DRAW);
    for card in [F1, F1, F1] {
        turn(&mut g, ENGINE, &[fight(card)]);
        wander_turn(&mut g, DRAW);
        wander_turn(&mut g, DRAW);
    }
    // 1,1,1: then a pair of one other value. After a 3, a 2 would be a third value.
    act(&mut g, Action::LoseLife);
    assert!(legal(&g, fight(F2)));
    act(&mut g, fight(F3));
    end_turn(&mut g);
    wander_turn(&mut g, DRAW);
    wander_turn(&mut g, DRAW);
    act(&mut g, Action::LoseLife);
    assert!(!legal(&g, fight(F2)));
    assert!(legal(&g, fight(F3)));
}

#[test]
fn the_dragon_won_with_three_triples_by_three_knights() {
    use Black::*;
    let mut g = three()
        .hand(0, &[F1, F1, F1])
        .hand(1, &[F2, F2, F2])
        .hand(2, &[F3, F3, F3])
        .black(
            &[
                &LANCELOT_FALLS[..],
                &[Excalibur; 4],
                &[Despair; 6],
                &[BlackKnight1],
            ]
            .concat(),
        )
        .white(&[GRAIL; 7])
        .start();
    for _ in 0..4 {
        wander_turn(&mut g, DRAW);
    }
    // The 5th Lancelot/Dragon card: Lancelot lost, the Dragon is up.
    turn(&mut g, DRAW, &[mv(Place::Dragon)]);
    assert_eq!(g.lancelot_board(), LancelotBoard::Dragon);
    turn(&mut g, DRAW, &[mv(Place::Dragon)]);
    turn(&mut g, DRAW, &[mv(Place::Dragon)]);
    for _ in 0..3 {
        for seat in [1u8, 2, 0] {
            let card = hand(&g, seat)
                .into_iter()
                .find(|c| c.fight_value().is_some())
                .unwrap();
            turn(&mut g, DRAW, &[fight(card)]);
        }
    }
    assert_eq!(g.tally(Quest::Dragon).won, 1);
    // +2 lives each (Palamedes, seat 0, one more), two white swords, 7 cards shared.
    assert_eq!(g.life(s(0)), 6);
    assert_eq!(g.life(s(1)), 6);
    assert_eq!(g.life(s(2)), 6);
    assert_eq!(g.swords().white, 2);
    assert_eq!(g.swords().black, 1);
    let cards: usize = (0..3).map(|i| hand(&g, i).len()).sum();
    assert_eq!(cards, 7);
    assert_eq!(g.lancelot_board(), LancelotBoard::Removed);
}

#[test]
fn excalibur_won_goes_to_the_knight_who_made_the_last_step() {
    let mut g = three()
        .hand(0, &[F1, F1, F1])
        .hand(1, &[F1, F1])
        .white(&[GRAIL; 7])
        .start();
    excalibur_one_step_short(&mut g);
    evil_engine(&mut g);
    act_as(&mut g, 0, Action::DiscardForExcalibur { card: F1 });
    // Two present: seven cards shared, the winner leads.
    assert!(matches!(
        g.table_view().pending,
        Some(PendingView::Share {
            kind: ShareKind::Spoils,
            lead: Seat(0),
            ..
        })
    ));
    act(&mut g, Action::DealAtRandom);
    assert_eq!(g.relic(Relic::Excalibur), RelicState::Owned(s(0)));
    assert_eq!(g.swords().white, 2);
    assert_eq!(hand(&g, 0).len() + hand(&g, 1).len(), 7);
    // 4 -2 (two rounds of lost lives) +1 +1 (Palamedes).
    assert_eq!(g.life(s(0)), 4);
    assert_eq!(g.life(s(1)), 3);
    assert!(!g.quest_in_play(Quest::Excalibur));
}

#[test]
fn holy_grail_won_with_seven_grail_cards() {
    let mut g = three()
        .hand(0, &[GRAIL, GRAIL, GRAIL])
        .hand(1, &[GRAIL, GRAIL])
        .hand(2, &[GRAIL, GRAIL])
        .start();
    for _ in 0..3 {
        turn(&mut g, ENGINE, &[mv(Place::Grail)]);
    }
    for _ in 0..2 {
        for _ in 0..3 {
            turn(&mut g, LIFE, &[Action::PlayGrailCard]);
        }
    }
    evil_engine(&mut g);
    act(&mut g, Action::PlayGrailCard);
    act(&mut g, Action::DealAtRandom);
    assert_eq!(g.tally(Quest::Grail).won, 1);
    assert_eq!(g.relic(Relic::Grail), RelicState::Owned(s(0)));
    assert_eq!(g.swords().white, 3);
    assert!(!g.quest_in_play(Quest::Grail));
    assert_eq!(g.grail_track(), &[Spot::Empty; 7]);
}

#[test]
fn holy_grail_full_track_cancels_a_grail_card_against_the_nearest_despair_and_back() {
    let mut g = three()
        .hand(0, &[GRAIL, GRAIL, GRAIL])
        .hand(1, &[GRAIL, GRAIL, GRAIL])
        .hand(2, &[GRAIL, GRAIL])
        .black(&[Black::Despair, Black::Despair, Black::Despair])
        .start();
    turn(&mut g, ENGINE, &[mv(Place::Grail)]);
    turn(&mut g, DRAW, &[mv(Place::Grail)]);
    turn(&mut g, DRAW, &[mv(Place::Grail)]);
    for _ in 0..3 {
        turn(&mut g, ENGINE, &[Action::PlayGrailCard]);
    }
    turn(&mut g, ENGINE, &[Action::PlayGrailCard]);
    // Spots 1-4 Grail, 5 empty, 6-7 Despair: the fifth Grail card fills spot 5.
    turn(&mut g, ENGINE, &[Action::PlayGrailCard]);
    let t = *g.grail_track();
    assert_eq!(&t[..5], &[Spot::Grail; 5]);
    assert_eq!(&t[5..], &[Spot::Despair; 2]);
    // A Despair on the full track: it and the Grail card farthest from the relic go.
    act(&mut g, Action::DrawBlackCard);
    let t = *g.grail_track();
    assert_eq!(&t[..4], &[Spot::Grail; 4]);
    assert_eq!(t[4], Spot::Empty);
    assert_eq!(&t[5..], &[Spot::Despair; 2]);
    // A Grail card on a full track: it and the black card nearest the relic go.
    act(&mut g, Action::PlayGrailCard);
    let t = *g.grail_track();
    assert_eq!(&t[..5], &[Spot::Grail; 5]);
    end_turn(&mut g);
    turn(&mut g, ENGINE, &[Action::PlayGrailCard]);
    let t = *g.grail_track();
    assert_eq!(&t[..5], &[Spot::Grail; 5]);
    assert_eq!(t[5], Spot::Empty);
    assert_eq!(t[6], Spot::Despair);
}

#[test]
fn pict_war_won_with_an_ascending_straight() {
    let mut g = three()
        .hand(0, &[F1, F3, F5])
        .hand(1, &[F2, F4])
        .white(&[GRAIL; 4])
        .start();
    turn(&mut g, ENGINE, &[mv(Place::PictWar)]);
    turn(&mut g, ENGINE, &[mv(Place::PictWar)]);
    turn(&mut g, ENGINE, &[mv(Place::Grail)]);
    // The first card must be a 1.
    evil_engine(&mut g);
    assert_eq!(
        refused(&mut g, fight(F3)),
        RuleError::NotTheNextValue { card: F3 }
    );
    act(&mut g, fight(F1));
    end_turn(&mut g);
    for card in [F2, F3, F4] {
        let _ = card;
    }
    turn(&mut g, LIFE, &[fight(F2)]);
    turn(&mut g, LIFE, &[mv(Place::Camelot)]);
    turn(&mut g, LIFE, &[fight(F3)]);
    turn(&mut g, LIFE, &[fight(F4)]);
    turn(&mut g, LIFE, &[mv(Place::Grail)]);
    evil_engine(&mut g);
    act(&mut g, fight(F5));
    act(&mut g, Action::DealAtRandom);
    assert_eq!(g.tally(Quest::PictWar).won, 1);
    assert_eq!(g.swords().white, 1);
    assert_eq!(hand(&g, 0).len() + hand(&g, 1).len(), 4);
    assert_eq!(g.war(Quest::PictWar).unwrap().cards, 0);
}

#[test]
fn saxon_war_lost_at_the_fourth_warrior_adds_two_siege_engines() {
    let mut g = three().black(&[Black::Saxons; 4]).start();
    turn(&mut g, DRAW, &[mv(Place::SaxonWar)]);
    for _ in 0..3 {
        quiet_turn(&mut g);
    }
    assert_eq!(g.tally(Quest::SaxonWar).lost, 1);
    assert_eq!(g.siege_engines(), 2);
    assert_eq!(g.life(s(0)), 3);
    assert_eq!(g.swords().black, 1);
}

#[test]
fn a_quest_lost_with_nobody_present_still_lays_its_swords_and_removes_its_relic() {
    let mut g = three().black(&[Black::Excalibur; 5]).start();
    for _ in 0..5 {
        quiet_turn(&mut g);
    }
    assert_eq!(g.swords().black, 2);
    assert_eq!(g.relic(Relic::Excalibur), RelicState::Removed);
    for i in 0..3 {
        assert_eq!(g.life(s(i)), 4);
    }
}
