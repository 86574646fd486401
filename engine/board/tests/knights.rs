//! The seven knights' powers (§5.1).

mod common;
use common::*;

#[test]
fn king_arthur_exchanges_one_card_with_any_knight_who_gives_one_back() {
    let mut g = table(&[Knight::KingArthur, Knight::SirKay, Knight::SirGawain])
        .hand(0, &[F5, MERLIN])
        .hand(2, &[GRAIL, F1])
        .start();
    assert_eq!(g.current(), s(0));
    // Not during the Progression of Evil.
    assert!(!legal(&g, Action::ArthurExchange { to: s(2), card: F5 }));
    evil_engine(&mut g);
    // Seat 1 holds nothing: no exchange with him.
    assert!(!legal(&g, Action::ArthurExchange { to: s(1), card: F5 }));
    act(&mut g, Action::ArthurExchange { to: s(2), card: F5 });
    // The recipient chooses without seeing Arthur's card.
    assert_eq!(g.decider(), Some(s(2)));
    let view = g.seat_view(s(2));
    assert_eq!(hand(&g, 2), vec![F1, GRAIL]);
    assert!(view.private.is_none());
    act_as(&mut g, 2, Action::GiveBack { card: GRAIL });
    assert_eq!(hand(&g, 0), vec![GRAIL, MERLIN]);
    assert_eq!(hand(&g, 2), vec![F1, F5]);
    // Not an action: Arthur still owes one, and §9.27: once per turn.
    assert_eq!(g.decider(), Some(s(0)));
    assert!(!legal(&g, Action::EndTurn));
    assert!(
        !g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::ArthurExchange { .. }))
    );
}

#[test]
fn sir_galahad_plays_a_special_white_card_as_a_free_action_once_per_turn() {
    let mut g = three()
        .hand(2, &[White::Piety, White::Reinforcements, F1, F1, F1])
        .white(&[GRAIL; 4])
        .start();
    idle_turn(&mut g);
    idle_turn(&mut g);
    act_as(&mut g, 2, Action::LoseLife);
    act(&mut g, Action::PlayPiety { others: false });
    assert_eq!(g.life(s(2)), 6);
    // Free: both regular actions remain, of other types; no second special card.
    assert!(!legal(&g, Action::PlayReinforcements { others: false }));
    assert_eq!(
        refused(&mut g, Action::PlayReinforcements { others: false }),
        RuleError::OneSpecialCardPerTurn
    );
    act(&mut g, Action::DrawWhiteCards);
    act(&mut g, Action::Sacrifice);
    act(&mut g, Action::Move { to: Place::Grail });
    assert_eq!(g.life(s(2)), 5);
    // Nothing is left to do: the turn has passed by itself to the next knight's Progression of Evil.
    assert_eq!(g.current(), s(0));
    assert!(legal(&g, Action::AddSiegeEngine));
}

#[test]
fn sir_gawain_draws_three_white_cards_in_camelot() {
    let mut g = three().white(&[GRAIL, F1, F2, F3, F4]).start();
    idle_turn(&mut g);
    evil_engine(&mut g);
    assert_eq!(g.current(), s(1));
    act(&mut g, Action::DrawWhiteCards);
    // Seat 0's idle turn drew the first two.
    assert_eq!(hand(&g, 1), vec![F2, F3, F4]);
}

#[test]
fn sir_kay_adds_a_fight_card_of_his_choice_when_a_combat_ends() {
    // NL-FAQ: a 3 added to 1,1 and 5,5 is fine, whatever the pattern.
    let mut g = table(&[Knight::SirKay, Knight::SirGawain, Knight::SirGalahad])
        .hand(0, &[F1, F1, F5, F5, F3])
        .black(&[Black::BlackKnight7, Black::BlackKnight5])
        .white(&[GRAIL; 3])
        .start();
    // Round 1: Kay draws the 7 and goes to the Black Knight.
    act(&mut g, Action::DrawBlackCard);
    act(&mut g, Action::PlaceFaceUp);
    move_and_end(&mut g, Place::BlackKnight);
    idle_turn(&mut g);
    idle_turn(&mut g);
    // Round 2: the 5, and his first card.
    act(&mut g, Action::DrawBlackCard);
    act(&mut g, Action::PlaceFaceUp);
    act(&mut g, Action::PlayFightCard { card: F1 });
    end_turn(&mut g);
    idle_turn(&mut g);
    idle_turn(&mut g);
    for card in [F1, F5] {
        evil_engine(&mut g);
        act(&mut g, Action::PlayFightCard { card });
        end_turn(&mut g);
        idle_turn(&mut g);
        idle_turn(&mut g);
    }
    evil_engine(&mut g);
    act(&mut g, Action::PlayFightCard { card: F5 });
    // 1+1+5+5 = 12 against 7+5 = 12: a tie loses, but Kay is asked first.
    assert_eq!(g.decider(), Some(s(0)));
    assert!(legal(&g, Action::KayAddsCard { card: F3 }));
    let events = act(&mut g, Action::KayAddsCard { card: F3 });
    assert!(has_event(&events, |e| matches!(
        e,
        Event::QuestEnds {
            quest: Quest::BlackKnight,
            won: true,
            white_total: 15,
            black_total: 12,
            kay: Some(White::Fight3),
            ..
        }
    )));
    assert_eq!(g.swords().white, 1);
    assert_eq!(g.life(s(0)), 5);
    // Three cards drawn into his hand (the white pile, then the reshuffled discards).
    assert_eq!(hand(&g, 0).len(), 3);
    assert_eq!(g.place(s(0)), Some(Place::Camelot));
}

#[test]
fn sir_kay_adds_a_card_after_the_roll_of_his_own_siege_fight_only() {
    for seed in 0..12 {
        let mut g = table(&[Knight::SirKay, Knight::SirGawain, Knight::SirGalahad])
            .hand(0, &[F5])
            .seed(seed)
            .start();
        evil_engine(&mut g);
        act(&mut g, Action::FightSiegeEngine);
        act(&mut g, Action::RollSiegeDie);
        let roll = match g.table_view().pending {
            Some(PendingView::SiegeFight {
                roll: Some(roll), ..
            }) => roll,
            p => panic!("Kay is asked after the roll: {p:?}"),
        };
        let events = act_as(&mut g, 0, Action::KayAddsCard { card: F5 });
        assert!(has_event(&events, |e| matches!(
            e,
            Event::SiegeFight { total: 5, won, .. } if *won == (5 > roll)
        )));
    }
    // Another knight's fight: Kay is not asked.
    let mut g = table(&[Knight::SirGawain, Knight::SirKay, Knight::SirGalahad])
        .hand(1, &[F5])
        .start();
    evil_engine(&mut g);
    act(&mut g, Action::FightSiegeEngine);
    act(&mut g, Action::RollSiegeDie);
    assert_eq!(g.table_view().pending, Some(PendingView::Turn));
}

#[test]
fn sir_palamedes_gains_one_more_life_on_every_quest_won_with_him() {
    let mut g = three()
        .hand(0, &[F1, F1])
        .hand(1, &[F1, F1])
        .hand(2, &[F1])
        .start();
    for _ in 0..3 {
        evil_engine(&mut g);
        move_and_end(&mut g, Place::Excalibur);
    }
    for _ in 0..4 {
        act(&mut g, Action::LoseLife);
        act(&mut g, Action::DiscardForExcalibur { card: F1 });
        end_turn(&mut g);
    }
    act(&mut g, Action::LoseLife);
    act_as(&mut g, 1, Action::DiscardForExcalibur { card: F1 });
    assert_eq!(g.tally(Quest::Excalibur).won, 1);
    // Palamedes (seat 0) lost 2 lives in the rounds, then +1 +1; the others +1.
    assert_eq!(g.life(s(0)), 4);
    assert_eq!(g.life(s(1)), 3);
    assert_eq!(g.life(s(2)), 4);
}

#[test]
fn sir_percival_looks_at_the_top_black_card_and_may_leave_it() {
    let mut g = table(&[Knight::SirPercival, Knight::SirGawain, Knight::SirGalahad])
        .black(&[Black::Picts, Black::Despair])
        .start();
    let events = act(&mut g, Action::PercivalLook);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::Private {
            seat: Seat(0),
            private: PrivateEvent::BlackCards { cards }
        } if cards == &vec![Black::Picts]
    )));
    assert_eq!(
        g.seat_view(s(0)).private,
        Some(PrivateView::TopOfPile {
            cards: vec![Black::Picts]
        })
    );
    assert_eq!(g.seat_view(s(1)).private, None);
    // Once per turn; then any option.
    assert!(!legal(&g, Action::PercivalLook));
    act(&mut g, Action::AddSiegeEngine);
    heroic_idle(&mut g);
    // The next knight draws the Picts Percival left.
    act(&mut g, Action::DrawBlackCard);
    assert_eq!(g.war(Quest::PictWar).unwrap().warriors, 1);
    // Only Percival looks.
    assert!(!legal(&g, Action::PercivalLook));
}

#[test]
fn sir_tristan_leaves_camelot_without_spending_an_action() {
    let mut g = table(&[Knight::SirTristan, Knight::SirGawain, Knight::SirGalahad])
        .hand(0, &[GRAIL; 4])
        .start();
    act(&mut g, Action::LoseLife);
    let events = act(&mut g, Action::Move { to: Place::Grail });
    assert!(has_event(&events, |e| matches!(
        e,
        Event::KnightMoved { free: true, .. }
    )));
    // Both regular actions remain: the Grail card, then (sacrificing) a heal; no move.
    act(&mut g, Action::PlayGrailCard);
    act(&mut g, Action::Sacrifice);
    assert!(
        !g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Move { .. }))
    );
    act(&mut g, Action::Heal { card: GRAIL });
    assert_eq!(g.grail_track()[0], Spot::Grail);
    assert_eq!(g.life(s(0)), 3);
}
