//! Every special white card (§1.3) with its options.

mod common;
use common::*;

/// Merlin played to take the nearest black card off `quest`.
fn merlin_on(quest: Quest) -> Action {
    Action::MerlinRemovesBlackCard { quest }
}

/// Merlin played to take a warrior off `war`.
fn merlin_on_war(war: Quest) -> Action {
    Action::MerlinRemovesWarrior { war }
}

#[test]
fn merlin_removes_a_siege_engine() {
    let mut g = three().hand(0, &[MERLIN]).start();
    evil_engine(&mut g);
    act(&mut g, Action::MerlinRemovesSiegeEngine);
    assert_eq!(g.siege_engines(), 0);
    assert!(hand(&g, 0).is_empty());
}

#[test]
fn merlin_removes_the_last_standard_black_card_of_a_quest() {
    let mut g = three()
        .hand(1, &[MERLIN])
        .black(&[Black::BlackKnight3, Black::BlackKnight5])
        .start();
    quiet_turn(&mut g);
    quiet_evil(&mut g);
    act(&mut g, merlin_on(Quest::BlackKnight));
    assert_eq!(
        g.table_view().black_knight.black,
        vec![Some(Black::BlackKnight3)]
    );
    // Never an Excalibur step: not a card on a spot.
    assert!(!legal(&g, merlin_on(Quest::Excalibur)));
}

#[test]
fn merlin_removes_the_nearest_despair_of_the_grail_but_never_a_desolation() {
    let mut g = three()
        .hand(1, &[MERLIN])
        .hand(2, &[MERLIN])
        .black(&[Black::Despair, Black::Despair, Black::Desolation])
        .start();
    quiet_turn(&mut g);
    quiet_evil(&mut g);
    act(&mut g, merlin_on(Quest::Grail));
    assert_eq!(g.grail_track()[5], Spot::Empty);
    assert_eq!(g.grail_track()[6], Spot::Despair);
    end_turn(&mut g);
    quiet_evil(&mut g);
    assert_eq!(g.grail_track()[5], Spot::Desolation);
    assert!(!legal(&g, merlin_on(Quest::Grail)));
}

#[test]
fn merlin_removes_a_warrior() {
    let mut g = three().hand(0, &[MERLIN]).black(&[Black::Saxons]).start();
    quiet_evil(&mut g);
    act(&mut g, merlin_on_war(Quest::SaxonWar));
    assert_eq!(g.war(Quest::SaxonWar).unwrap().warriors, 0);
    assert!(!legal(&g, merlin_on_war(Quest::PictWar)));
}

#[test]
fn convocation_calls_knights_home_and_deals_a_card_per_knight_in_camelot() {
    let mut g = three()
        .hand(0, &[F1])
        .hand(1, &[GRAIL])
        .hand(2, &[White::Convocation])
        .white(&[F4, F5])
        .start();
    turn(
        &mut g,
        ENGINE,
        &[Action::Move {
            to: Place::BlackKnight,
        }],
    );
    turn(&mut g, ENGINE, &[Action::Move { to: Place::Grail }]);
    turn(&mut g, ENGINE, &[Action::Move { to: Place::PictWar }]);
    turn(&mut g, ENGINE, &[Action::PlayFightCard { card: F1 }]);
    turn(&mut g, ENGINE, &[Action::PlayGrailCard]);
    evil_engine(&mut g);
    act(&mut g, Action::PlayConvocation);
    // Every knight away from Camelot is asked, from the card's player.
    act_as(&mut g, 2, Action::AnswerConvocation { go: true });
    let events = act_as(&mut g, 0, Action::AnswerConvocation { go: true });
    assert!(has_event(&events, |e| matches!(
        e,
        Event::SoloQuestAbandoned {
            quest: Quest::BlackKnight,
            ..
        }
    )));
    act_as(&mut g, 1, Action::AnswerConvocation { go: false });
    // Two knights in Camelot: two cards face up, shared (the player leads).
    assert!(matches!(
        g.table_view().pending,
        Some(PendingView::Share {
            kind: ShareKind::Convocation,
            lead: Seat(2),
            ..
        })
    ));
    act_as(&mut g, 2, Action::DealAtRandom);
    assert_eq!(hand(&g, 0).len(), 1);
    assert_eq!(hand(&g, 2).len(), 1);
    assert_eq!(g.place(s(1)), Some(Place::Grail));
}

#[test]
fn fate_played_by_a_loyal_knight_gives_every_knight_a_card() {
    let mut g = four()
        .hand(0, &[White::Fate])
        .white(&[F1, F2, F3, F4, F5])
        .start();
    evil_engine(&mut g);
    act(&mut g, Action::PlayFate { reveal: false });
    for i in 0..4 {
        assert_eq!(hand(&g, i).len(), 1);
    }
    // A Loyal knight has no reveal option.
    assert!(!legal(&g, Action::PlayFate { reveal: true }));
}

#[test]
fn heroism_adds_a_sword_of_the_winning_colour_when_its_quest_ends() {
    // Lost: the Black Knight filled with black cards.
    use Black::*;
    let mut g = three()
        .hand(0, &[White::Heroism])
        .black(&[BlackKnight1, BlackKnight1, BlackKnight3, BlackKnight5])
        .start();
    quiet_evil(&mut g);
    act(
        &mut g,
        Action::PlayHeroism {
            quest: Quest::BlackKnight,
        },
    );
    end_turn(&mut g);
    assert_eq!(g.heroism(), Some(Quest::BlackKnight));
    for _ in 0..3 {
        quiet_turn(&mut g);
    }
    assert_eq!(g.swords().black, 2);
    assert_eq!(g.heroism(), None);
    // Won: on Excalibur, +2 and +1 white.
    let mut g = three()
        .hand(0, &[White::Heroism, F1, F1])
        .hand(1, &[F1, F1])
        .hand(2, &[F1])
        .start();
    evil_engine(&mut g);
    heroism_with_sacrifice(&mut g, Quest::Excalibur);
    act(
        &mut g,
        Action::Move {
            to: Place::Excalibur,
        },
    );
    end_turn(&mut g);
    turn(
        &mut g,
        ENGINE,
        &[Action::Move {
            to: Place::Excalibur,
        }],
    );
    turn(
        &mut g,
        ENGINE,
        &[Action::Move {
            to: Place::Excalibur,
        }],
    );
    for _ in 0..5 {
        let seat = g.current().0;
        let card = hand(&g, seat)[0];
        turn(&mut g, LIFE, &[Action::DiscardForExcalibur { card }]);
    }
    assert_eq!(g.tally(Quest::Excalibur).won, 1);
    assert_eq!(g.swords().white, 3);
}

#[test]
fn lady_of_the_lake_moves_excalibur_from_anywhere_or_gives_two_life() {
    let mut g = three().hand(0, &[White::LadyOfTheLake]).start();
    evil_engine(&mut g);
    act(&mut g, Action::PlayLadyOfTheLake);
    assert_eq!(g.excalibur_position(), 1);
    assert_eq!(g.place(s(0)), Some(Place::Camelot));
    // With the quest over: two lives.
    let mut g = three()
        .hand(0, &[White::LadyOfTheLake])
        .black(&[Black::Excalibur; 5])
        .start();
    act(&mut g, Action::LoseLife);
    heroic_idle(&mut g);
    for _ in 0..5 {
        quiet_turn(&mut g);
    }
    assert!(!g.quest_in_play(Quest::Excalibur));
    act_as(&mut g, 0, Action::LoseLife);
    act(&mut g, Action::PlayLadyOfTheLake);
    assert_eq!(g.life(s(0)), 4);
}

#[test]
fn messenger_gives_one_to_three_white_cards_to_one_knight() {
    let mut g = three().hand(0, &[White::Messenger, F1, F2, F3, F4]).start();
    evil_engine(&mut g);
    act(&mut g, Action::PlayMessenger { to: s(2) });
    // At least one card.
    assert!(!legal(&g, Action::StopGiving));
    act(&mut g, Action::GiveCard { card: F2 });
    act(&mut g, Action::GiveCard { card: F4 });
    act(&mut g, Action::GiveCard { card: F1 });
    // Three given: done.
    assert_eq!(g.table_view().pending, Some(PendingView::Turn));
    assert_eq!(hand(&g, 2), vec![F1, F2, F4]);
    assert_eq!(hand(&g, 0), vec![F3]);
    // One is enough.
    let mut g = three().hand(0, &[White::Messenger, F1, F2]).start();
    evil_engine(&mut g);
    act(&mut g, Action::PlayMessenger { to: s(1) });
    act(&mut g, Action::GiveCard { card: F2 });
    act(&mut g, Action::StopGiving);
    assert_eq!(hand(&g, 1), vec![F2]);
}

#[test]
fn piety_gives_three_lives_to_its_player_or_one_to_every_other_knight() {
    let mut g = three().hand(0, &[White::Piety]).start();
    act(&mut g, Action::LoseLife);
    act(&mut g, Action::PlayPiety { others: false });
    // 3 + 3, capped at 6.
    assert_eq!(g.life(s(0)), 6);
    let mut g = three().hand(0, &[White::Piety]).start();
    evil_engine(&mut g);
    act(&mut g, Action::PlayPiety { others: true });
    assert_eq!([g.life(s(0)), g.life(s(1)), g.life(s(2))], [4, 5, 5]);
}

#[test]
fn clairvoyance_looks_at_the_top_five_black_cards_and_reorders_them() {
    use Black::*;
    let mut g = three()
        .hand(0, &[White::Clairvoyance])
        .black(&[Picts, Saxons, Despair, Excalibur, BlackKnight1, Morgan4])
        // Enough white cards for the idle draws: an empty white pile would reshuffle both (§3.2).
        .white(&[GRAIL; 14])
        .start();
    act(&mut g, Action::LoseLife);
    let events = act(&mut g, Action::PlayClairvoyance);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::Private {
            seat: Seat(0),
            private: PrivateEvent::BlackCards { cards }
        } if cards == &vec![Picts, Saxons, Despair, Excalibur, BlackKnight1]
    )));
    assert_eq!(g.seat_view(s(1)).private, None);
    // Put the Black Knight card on top, then the Excalibur, then the rest as they were.
    act(&mut g, Action::PutNext { index: 4 });
    assert_eq!(
        g.seat_view(s(0)).private,
        Some(PrivateView::Clairvoyance {
            placed: vec![BlackKnight1],
            left: vec![Picts, Saxons, Despair, Excalibur]
        })
    );
    act(&mut g, Action::PutNext { index: 3 });
    act(&mut g, Action::PutNext { index: 0 });
    act(&mut g, Action::PutNext { index: 0 });
    end_turn(&mut g);
    let mut drawn = Vec::new();
    for _ in 0..6 {
        for e in act(&mut g, Action::DrawBlackCard) {
            if let Event::BlackCardDrawn { kind, card, .. } = e {
                drawn.push((kind, card));
            }
        }
        settle(&mut g);
        if legal(&g, Action::PlaceFaceUp) {
            act(&mut g, Action::PlaceFaceUp);
        }
        settle(&mut g);
        heroic_idle(&mut g);
    }
    assert_eq!(drawn[0].0, BlackKind::BlackKnight);
    assert_eq!(drawn[1].1, Some(Excalibur));
    assert_eq!(drawn[2].1, Some(Picts));
    assert_eq!(drawn[3].1, Some(Saxons));
    assert_eq!(drawn[4].1, Some(Despair));
    assert_eq!(drawn[5].1, Some(Morgan4));
}

#[test]
fn reinforcements_draw_four_or_give_every_other_knight_one() {
    let mut g = three()
        .hand(0, &[White::Reinforcements])
        .hand(1, &[F1; 12])
        .white(&[F1, F2, F3, F4, F5, GRAIL])
        .start();
    evil_engine(&mut g);
    act(&mut g, Action::PlayReinforcements { others: true });
    // Whatever the hand size.
    assert_eq!(hand(&g, 1).len(), 13);
    assert_eq!(hand(&g, 2).len(), 1);
    assert!(hand(&g, 0).is_empty());
    let mut g = three()
        .hand(0, &[White::Reinforcements])
        .white(&[F1, F2, F3, F4, F5])
        .start();
    evil_engine(&mut g);
    act(&mut g, Action::PlayReinforcements { others: false });
    assert_eq!(hand(&g, 0), vec![F1, F2, F3, F4]);
}

#[test]
fn one_special_white_card_per_turn() {
    let mut g = three()
        .hand(0, &[White::Piety, White::Clairvoyance])
        .start();
    act(&mut g, Action::LoseLife);
    act(&mut g, Action::PlayPiety { others: false });
    act(&mut g, Action::Sacrifice);
    assert_eq!(
        refused(&mut g, Action::PlayClairvoyance),
        RuleError::OneSpecialCardPerTurn
    );
}
