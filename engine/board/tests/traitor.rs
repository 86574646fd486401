//! The Traitor (§6): accusation, unmasking, the revealed Traitor's turn; and the end of the game (§7).

mod common;
use common::*;

/// Four knights win the Pict War (one white sword); four siege engines, lives 3 (seat 0: 5).
/// Returns at the start of seat 1's turn; the Traitor (if any) is seat 2.
fn pict_war_won(b: Build) -> Game {
    pict_war_won_with(b, &[])
}

/// The same, seat 3 holding `extra` besides.
fn pict_war_won_with(b: Build, extra: &[White]) -> Game {
    let mut g = b
        .hand(0, &[F1, F5, White::Reinforcements])
        .hand(1, &[F2, GRAIL])
        .hand(2, &[F3, GRAIL])
        .hand(3, &[&[F4, GRAIL][..], extra].concat())
        .white(&[GRAIL; 12])
        .start();
    for _ in 0..4 {
        turn(&mut g, ENGINE, &[mv(Place::PictWar)]);
    }
    for card in [F1, F2, F3, F4] {
        turn(&mut g, LIFE, &[Action::PlayFightCard { card }]);
    }
    turn(&mut g, LIFE, &[Action::PlayFightCard { card: F5 }]);
    assert_eq!(g.swords().white, 1);
    assert_eq!(g.current(), s(1));
    g
}

/// From [`pict_war_won`]: seat 1 wanders, and seat 2 adds the sixth siege engine: he may accuse.
fn to_seat_2s_heroic_actions(g: &mut Game) {
    wander_turn(g, ENGINE);
    act_as(g, 2, Action::AddSiegeEngine);
}

/// From [`pict_war_won`] with the Traitor at seat 2: seats 1 and 2 wander, seat 3 accuses seat 2 —
/// unmasking him — and ends his turn.
fn seat_3_unmasks_seat_2(g: &mut Game) {
    wander_turn(g, ENGINE);
    wander_turn(g, ENGINE);
    act_as(g, 3, Action::AddSiegeEngine);
    act(g, Action::Accuse { target: s(2) });
    end_turn(g);
}

#[test]
fn an_accusation_needs_six_siege_engines_or_six_swords() {
    let mut g = four().start();
    for _ in 0..5 {
        wander_turn(&mut g, ENGINE);
    }
    evil_engine(&mut g);
    assert!(legal(&g, Action::Accuse { target: s(0) }));
    // Below six again: accusations wait.
    let mut g = four().hand(1, &[MERLIN]).start();
    for _ in 0..5 {
        wander_turn(&mut g, ENGINE);
    }
    act(&mut g, Action::LoseLife);
    assert_eq!(
        refused(&mut g, Action::Accuse { target: s(0) }),
        RuleError::AccusationThreshold
    );
}

#[test]
fn accusing_a_loyal_knight_flips_a_white_sword_and_each_knight_accuses_once() {
    let mut g = pict_war_won(four().traitor(3));
    to_seat_2s_heroic_actions(&mut g);
    let events = act(&mut g, Action::Accuse { target: s(0) });
    assert!(has_event(&events, |e| matches!(
        e,
        Event::Accused {
            accuser: Seat(2),
            target: Seat(0),
            loyalty: Loyalty::Loyal
        }
    )));
    assert_eq!(g.swords(), Swords { white: 0, black: 1 });
    // The outcome is public; the accused stays in play.
    assert!(g.on_board(s(0)));
    end_turn(&mut g);
    // With no white sword left, a false accusation does nothing.
    act_as(&mut g, 3, Action::AddSiegeEngine);
    act(&mut g, Action::Accuse { target: s(1) });
    assert_eq!(g.swords(), Swords { white: 0, black: 1 });
    end_turn(&mut g);
    wander_turn(&mut g, ENGINE);
    to_seat_2s_heroic_actions(&mut g);
    assert_eq!(
        refused(&mut g, Action::Accuse { target: s(3) }),
        RuleError::AlreadyAccused
    );
}

/// §6.1: a knight an accusation showed Loyal stays a legal target, but his Loyalty is public from
/// then on — in the table's view and every seat's, his own included, with the turn it was shown.
#[test]
fn a_knight_shown_loyal_by_an_accusation_is_known_loyal_from_then_on() {
    let mut g = pict_war_won(four().traitor(3));
    to_seat_2s_heroic_actions(&mut g);
    let turn = g.turn();
    act(&mut g, Action::Accuse { target: s(0) });
    let known = |v: &camelot_board::TableView| (v.knights[0].loyalty, v.knights[0].shown_loyal_on);
    assert_eq!(known(&g.table_view()), (Some(Loyalty::Loyal), Some(turn)));
    for seat in 0..4 {
        let v = g.seat_view(s(seat));
        assert_eq!(known(&v.table), (Some(Loyalty::Loyal), Some(turn)));
        // The others stay hidden.
        assert_eq!(v.table.knights[1].loyalty, None);
    }
    assert_eq!(g.seat_view(s(0)).loyalty, Some(Loyalty::Loyal));
    end_turn(&mut g);
    // Still a legal target, and still known as the turns go on.
    act_as(&mut g, 3, Action::AddSiegeEngine);
    assert!(legal(&g, Action::Accuse { target: s(0) }));
    act(&mut g, Action::Accuse { target: s(0) });
    end_turn(&mut g);
    // Shown again: the turn he was first shown Loyal stays.
    assert_eq!(known(&g.table_view()), (Some(Loyalty::Loyal), Some(turn)));
}

#[test]
fn accusing_the_traitor_adds_a_white_sword_and_unmasks_him() {
    let mut g = pict_war_won(four().traitor(2));
    wander_turn(&mut g, ENGINE);
    wander_turn(&mut g, ENGINE);
    act_as(&mut g, 3, Action::AddSiegeEngine);
    let events = act(&mut g, Action::Accuse { target: s(2) });
    assert!(has_event(&events, |e| matches!(
        e,
        Event::TraitorUnmasked { seat: Seat(2) }
    )));
    assert_eq!(g.swords().white, 2);
    assert!(g.is_revealed(s(2)));
    assert!(hand(&g, 2).is_empty());
    assert_eq!(g.place(s(2)), None);
    let v = g.table_view();
    assert_eq!(v.knights[2].loyalty, Some(Loyalty::Traitor));
    assert!(v.knights[2].revealed);
    // He can no longer be accused; nor accuse.
    end_turn(&mut g);
    act_as(&mut g, 0, Action::AddSiegeEngine);
    assert!(!legal(&g, Action::Accuse { target: s(2) }));
}

#[test]
fn the_revealed_traitor_gets_nothing_from_the_other_knights_cards() {
    let mut g = pict_war_won(four().traitor(2));
    seat_3_unmasks_seat_2(&mut g);
    act_as(&mut g, 0, Action::AddSiegeEngine);
    let before: Vec<usize> = (0..4).map(|i| hand(&g, i).len()).collect();
    act(&mut g, Action::PlayReinforcements { others: true });
    assert_eq!(hand(&g, 1).len(), before[1] + 1);
    assert_eq!(hand(&g, 3).len(), before[3] + 1);
    assert!(hand(&g, 2).is_empty());
}

#[test]
fn the_revealed_traitor_takes_a_random_card_then_adds_an_engine_or_draws_face_up() {
    let mut g = pict_war_won(four().traitor(2).black(&[Black::BlackKnight3]));
    seat_3_unmasks_seat_2(&mut g);
    wander_turn(&mut g, ENGINE);
    wander_turn(&mut g, ENGINE);
    // His turn: no Progression of Evil, no Heroic Actions.
    assert_eq!(g.current(), s(2));
    assert_eq!(g.phase(), Phase::TraitorTakes);
    let victim = hand(&g, 3).len();
    let events = act_as(&mut g, 2, Action::TakeCardFrom { seat: s(3) });
    assert!(has_event(&events, |e| matches!(
        e,
        Event::Private {
            seat: Seat(3),
            private: PrivateEvent::CardTaken { .. }
        }
    )));
    assert_eq!(hand(&g, 3).len(), victim - 1);
    assert_eq!(g.phase(), Phase::TraitorEvil);
    let mut choices = g.legal_actions();
    choices.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(choices, vec![Action::AddSiegeEngine, Action::DrawBlackCard]);
    // A combat card goes face up: he has no hand for the compensation card.
    act(&mut g, Action::DrawBlackCard);
    assert_eq!(
        g.table_view().black_knight.black,
        vec![Some(Black::BlackKnight3)]
    );
    assert_eq!(g.current(), s(3));
}

#[test]
fn a_fixed_pick_names_the_card_the_revealed_traitor_takes() {
    // Picks count the victim's cards in card order, and round them when beyond their number. (The
    // Pict War's spoils, dealt at random before, use picks too: all of them the same here.)
    let mut taken = Vec::new();
    for pick in [0u8, 2, 3, 7] {
        let mut g = pict_war_won_with(
            four()
                .traitor(2)
                .black(&[Black::BlackKnight3])
                .picks(&[pick; 8]),
            &[White::Fate, White::Piety],
        );
        seat_3_unmasks_seat_2(&mut g);
        wander_turn(&mut g, ENGINE);
        wander_turn(&mut g, ENGINE);
        let cards = hand(&g, 3);
        let expected = cards[usize::from(pick) % cards.len()];
        let events = act_as(&mut g, 2, Action::TakeCardFrom { seat: s(3) });
        assert!(
            has_event(&events, |e| *e
                == Event::Private {
                    seat: Seat(3),
                    private: PrivateEvent::CardTaken { card: expected }
                }),
            "pick {pick} of {cards:?}: {events:?}"
        );
        taken.push(expected);
    }
    assert_eq!(taken, [GRAIL, White::Fate, White::Piety, White::Piety]);
}

#[test]
fn a_traitors_false_accusation_flips_a_sword_too() {
    let mut g = pict_war_won(four().traitor(2));
    to_seat_2s_heroic_actions(&mut g);
    act(&mut g, Action::Accuse { target: s(3) });
    assert_eq!(g.swords(), Swords { white: 0, black: 1 });
    assert!(!g.is_revealed(s(2)));
}

#[test]
fn end_twelve_siege_engines_lose_the_game() {
    let mut g = four().start();
    for _ in 0..11 {
        wander_turn(&mut g, ENGINE);
    }
    assert!(!g.is_over());
    let events = act(&mut g, Action::AddSiegeEngine);
    assert_eq!(g.outcome(), outcome(Side::Evil, EndReason::SiegeEngines));
    assert!(has_event(&events, |e| matches!(e, Event::GameOver { .. })));
    assert_eq!(g.decider(), None);
    assert!(g.legal_actions().is_empty());
    assert_eq!(refused_over(&mut g), RuleError::GameOver);
}

fn refused_over(g: &mut Game) -> RuleError {
    g.apply(s(0), Action::EndTurn).unwrap_err()
}

#[test]
fn end_seven_black_swords_lose_the_game() {
    use Black::*;
    let mut black = vec![Despair; 7];
    black.extend([Excalibur; 5]);
    black.extend([BlackKnight1, BlackKnight1, BlackKnight3, BlackKnight5]);
    black.extend([Picts; 4]);
    let mut g = four().black(&black).start();
    for _ in 0..19 {
        quiet_turn(&mut g);
    }
    assert_eq!(g.swords().black, 6);
    assert!(!g.is_over());
    quiet_evil(&mut g);
    assert_eq!(g.outcome(), outcome(Side::Evil, EndReason::BlackSwords));
}

#[test]
fn end_all_loyal_knights_dead_lose_the_game_the_traitor_not_counted() {
    let mut g = three().traitor(0).squires_at_one_life(&[1, 2]).start();
    wander_turn(&mut g, ENGINE);
    act_as(&mut g, 1, Action::LoseLife);
    assert!(!g.is_over());
    act_as(&mut g, 2, Action::LoseLife);
    assert_eq!(
        g.outcome(),
        outcome(Side::Evil, EndReason::LoyalKnightsDead)
    );
    // At the end every loyalty card is shown.
    assert_eq!(g.table_view().knights[0].loyalty, Some(Loyalty::Traitor));
}
