//! The turn (§3): Progression of Evil, Heroic Actions, sacrifice, life and death.

mod common;
use common::*;

#[test]
fn progression_of_evil_offers_a_black_card_a_siege_engine_or_a_life() {
    let mut g = three().black(&[Black::Despair]).start();
    assert_eq!(g.phase(), Phase::ProgressionOfEvil);
    let mut legal = g.legal_actions();
    legal.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        legal,
        vec![
            Action::AddSiegeEngine,
            Action::DrawBlackCard,
            Action::LoseLife
        ]
    );
    assert_eq!(refused(&mut g, Action::EndTurn), RuleError::NotNow);
}

#[test]
fn the_siege_engine_option_adds_one_engine() {
    let mut g = three().start();
    act(&mut g, Action::AddSiegeEngine);
    assert_eq!(g.siege_engines(), 1);
    assert_eq!(g.phase(), Phase::HeroicActions);
}

#[test]
fn the_life_option_costs_one_life_and_may_kill() {
    let mut g = three().start();
    act(&mut g, Action::LoseLife);
    assert_eq!(g.life(s(0)), 3);
    // A squire at 1 life dies of it: his turn ends, the next knight plays.
    let mut g = three().squires_at_one_life(&[0]).start();
    let events = act(&mut g, Action::LoseLife);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::KnightDies { seat: Seat(0) }
    )));
    assert!(!g.is_alive(s(0)));
    assert_eq!(g.current(), s(1));
    assert_eq!(g.phase(), Phase::ProgressionOfEvil);
}

#[test]
fn the_black_card_option_draws_and_resolves_it() {
    let mut g = three().black(&[Black::Despair, Black::Picts]).start();
    act(&mut g, Action::DrawBlackCard);
    assert_eq!(g.grail_track()[6], Spot::Despair);
    assert_eq!(g.phase(), Phase::HeroicActions);
}

#[test]
fn a_heroic_action_is_required_the_turn_never_passes() {
    let mut g = three().start();
    evil_engine(&mut g);
    assert_eq!(refused(&mut g, Action::EndTurn), RuleError::MustAct);
    act(&mut g, Action::DrawWhiteCards);
    assert!(legal(&g, Action::EndTurn));
}

#[test]
fn a_sacrificed_life_buys_a_second_action_of_another_type() {
    let mut g = three().hand(0, &[F1, F1, F1]).start();
    evil_engine(&mut g);
    act(&mut g, Action::DrawWhiteCards);
    // Same type (B) again: refused, even the other Camelot action.
    assert!(!legal(&g, Action::FightSiegeEngine));
    assert_eq!(
        refused(&mut g, Action::Move { to: Place::Grail }),
        RuleError::NoActionLeft
    );
    act(&mut g, Action::Sacrifice);
    assert_eq!(g.life(s(0)), 3);
    // The second action is owed: no ending the turn before it.
    assert!(!legal(&g, Action::EndTurn));
    assert_eq!(
        refused(&mut g, Action::DrawWhiteCards),
        RuleError::SameActionType
    );
    assert_eq!(
        refused(&mut g, Action::FightSiegeEngine),
        RuleError::SameActionType
    );
    act(&mut g, Action::Heal { card: F1 });
    assert_eq!(g.life(s(0)), 4);
    // Two actions and nothing free left: the turn ends by itself.
    assert_ne!(g.current(), s(0));
    assert_eq!(g.phase(), Phase::ProgressionOfEvil);
    assert_eq!(refused(&mut g, Action::Sacrifice), RuleError::NotNow);
}

#[test]
fn a_move_goes_to_any_location_in_play_and_a_solo_quest_holds_one_knight() {
    let mut g = three().start();
    evil_engine(&mut g);
    for to in [
        Place::BlackKnight,
        Place::Lancelot,
        Place::Excalibur,
        Place::Grail,
        Place::PictWar,
        Place::SaxonWar,
    ] {
        assert!(legal(&g, Action::Move { to }), "{to:?}");
    }
    // The Dragon is not in play while Lancelot's side is up.
    assert_eq!(
        refused(&mut g, Action::Move { to: Place::Dragon }),
        RuleError::QuestNotInPlay {
            quest: Quest::Dragon
        }
    );
    assert_eq!(
        refused(&mut g, Action::Move { to: Place::Camelot }),
        RuleError::AlreadyThere
    );
    move_and_end(&mut g, Place::BlackKnight);
    evil_engine(&mut g);
    assert_eq!(
        refused(
            &mut g,
            Action::Move {
                to: Place::BlackKnight
            }
        ),
        RuleError::SoloQuestTaken {
            quest: Quest::BlackKnight
        }
    );
    // A group quest takes any number.
    move_and_end(&mut g, Place::Grail);
    evil_engine(&mut g);
    assert!(legal(&g, Action::Move { to: Place::Grail }));
}

#[test]
fn the_draw_action_needs_fewer_than_twelve_white_cards() {
    let mut g = three()
        .hand(0, &[F1, F1, F1, F1, F2, F2, F2, F2, F3, F3, F3, F3])
        .white(&[GRAIL, GRAIL])
        .start();
    evil_engine(&mut g);
    assert_eq!(refused(&mut g, Action::DrawWhiteCards), RuleError::HandFull);
    let mut g = three().hand(0, &[F1; 11]).white(&[GRAIL; 3]).start();
    evil_engine(&mut g);
    act(&mut g, Action::DrawWhiteCards);
    assert_eq!(g.hand(s(0)).unwrap().len(), 13);
}

#[test]
fn the_draw_action_draws_two_white_cards() {
    let mut g = three().white(&[GRAIL, F5, F1]).start();
    evil_engine(&mut g);
    act(&mut g, Action::DrawWhiteCards);
    assert_eq!(hand(&g, 0), vec![F5, GRAIL]);
}

#[test]
fn healing_discards_three_identical_cards_for_one_life() {
    let mut g = three().hand(0, &[F1, F2, F4, GRAIL, GRAIL, GRAIL]).start();
    act(&mut g, Action::LoseLife);
    // 1,2,4 is not three identical cards.
    for card in [F1, F2, F4] {
        assert!(!legal(&g, Action::Heal { card }));
    }
    act(&mut g, Action::Heal { card: GRAIL });
    assert_eq!(g.life(s(0)), 4);
    assert_eq!(hand(&g, 0), vec![F1, F2, F4]);
}

#[test]
fn leaving_a_solo_quest_discards_its_white_cards_but_not_its_black_ones() {
    let mut g = three()
        .hand(0, &[F3, F3])
        .black(&[Black::BlackKnight5])
        .start();
    evil_engine(&mut g);
    move_and_end(&mut g, Place::BlackKnight);
    idle_turn(&mut g);
    idle_turn(&mut g);
    evil_engine(&mut g);
    act(&mut g, Action::PlayFightCard { card: F3 });
    end_turn(&mut g);
    idle_turn(&mut g);
    act(&mut g, Action::DrawBlackCard);
    act(&mut g, Action::PlaceFaceUp);
    heroic_idle(&mut g);
    assert_eq!(g.combat(Quest::BlackKnight).unwrap().white(), &[3]);
    evil_engine(&mut g);
    let events = act(&mut g, Action::Move { to: Place::Camelot });
    assert!(has_event(&events, |e| matches!(
        e,
        Event::SoloQuestAbandoned {
            quest: Quest::BlackKnight,
            cards: 1
        }
    )));
    let bk = g.combat(Quest::BlackKnight).unwrap();
    assert!(bk.white().is_empty());
    assert_eq!(bk.black().count(), 1);
    assert_eq!(g.tally(Quest::BlackKnight), QuestTally::default());
}

#[test]
fn dead_knights_are_skipped_in_the_turn_order() {
    let mut g = three().squires_at_one_life(&[1]).start();
    idle_turn(&mut g);
    act_as(&mut g, 1, Action::LoseLife);
    assert_eq!(g.current(), s(2));
    idle_turn(&mut g);
    idle_turn(&mut g);
    assert_eq!(g.current(), s(2));
}

#[test]
fn a_dying_knight_loses_his_hand_and_relics() {
    let mut g = three().squires_at_one_life(&[0]).hand(0, &[F1, F2]).start();
    act(&mut g, Action::LoseLife);
    assert!(hand(&g, 0).is_empty());
    assert_eq!(g.place(s(0)), None);
    let v = g.table_view();
    assert_eq!(v.knights[0].life, 0);
    assert!(!v.knights[0].alive);
    // A dead knight never shows his loyalty before the end.
    assert_eq!(v.knights[0].loyalty, None);
}

#[test]
fn the_siege_fight_removes_an_engine_when_the_cards_beat_the_die() {
    let mut g = three().hand(0, &[F5, F4]).start();
    evil_engine(&mut g);
    act(&mut g, Action::FightSiegeEngine);
    act(&mut g, Action::AddToFight { card: F5 });
    act(&mut g, Action::AddToFight { card: F4 });
    let events = act(&mut g, Action::RollSiegeDie);
    // 9 beats every face of the d8.
    assert!(has_event(&events, |e| matches!(
        e,
        Event::SiegeFight {
            total: 9,
            won: true,
            ..
        }
    )));
    assert_eq!(g.siege_engines(), 0);
    assert!(hand(&g, 0).is_empty());
    assert_eq!(g.life(s(0)), 4);
}

#[test]
fn the_siege_fight_lost_costs_a_life_and_the_engine_stays() {
    let mut g = three().start();
    evil_engine(&mut g);
    act(&mut g, Action::FightSiegeEngine);
    let events = act(&mut g, Action::RollSiegeDie);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::SiegeFight { won: false, .. }
    )));
    assert_eq!(g.siege_engines(), 1);
    assert_eq!(g.life(s(0)), 3);
}

#[test]
fn the_siege_die_shows_every_face_one_to_eight() {
    let mut seen = [false; 9];
    for seed in 0..200 {
        let mut g = three().seed(seed).start();
        evil_engine(&mut g);
        act(&mut g, Action::FightSiegeEngine);
        for e in act(&mut g, Action::RollSiegeDie) {
            if let Event::SiegeFight { roll, .. } = e {
                seen[usize::from(roll)] = true;
            }
        }
    }
    assert!(!seen[0]);
    assert!(seen[1..].iter().all(|&x| x));
}

#[test]
fn siege_fights_need_an_engine() {
    let mut g = three().start();
    act(&mut g, Action::LoseLife);
    assert_eq!(
        refused(&mut g, Action::FightSiegeEngine),
        RuleError::NoSiegeEngine
    );
}
