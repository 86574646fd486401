//! Joining and leaving mid-game (§8.4): a newcomer sits to the left of King Arthur (or of the first
//! player) with a random unused knight and loyalty card, 4 life, 5 white cards, in Camelot, and
//! waits for his turn; a player who leaves is treated as dying at once (§3.4). Both are offered at
//! the start of a turn, to the active seat, when the table allows it (`Options::join_and_leave`).

mod common;
use common::*;

fn joinable(b: Build) -> Build {
    b.options(|o| o.join_and_leave = true)
}

/// A white draw pile for several newcomers.
fn plenty() -> Vec<White> {
    [[GRAIL, F1]; 12].concat()
}

/// The events of the decider's Join.
fn join(g: &mut Game) -> Vec<Event> {
    act(g, Action::Join)
}

fn joined(events: &[Event]) -> (Seat, Knight) {
    events
        .iter()
        .find_map(|e| match e {
            Event::KnightJoins { seat, knight } => Some((*seat, *knight)),
            _ => None,
        })
        .expect("a knight joins")
}

#[test]
fn a_knight_joins_to_the_left_of_king_arthur_with_4_life_5_white_cards_in_camelot() {
    // King Arthur at seat 1 is the first player; seat 0 is Sir Palamedes, seat 2 Sir Gawain.
    let mut g = joinable(table(&[
        Knight::SirPalamedes,
        Knight::KingArthur,
        Knight::SirGawain,
    ]))
    .hand(1, &[MERLIN, F1])
    .white(&[F5, F4, F3, F2, F1, GRAIL, GRAIL])
    .options(|o| o.three_player_peek = false)
    .start();
    assert_eq!(g.current(), s(1));
    assert!(legal(&g, Action::Join));
    let events = join(&mut g);
    let (seat, knight) = joined(&events);
    assert_eq!(seat, s(2), "to the left of King Arthur");
    assert!(
        ![Knight::SirPalamedes, Knight::KingArthur, Knight::SirGawain].contains(&knight),
        "an unused Coat of Arms, not {knight:?}"
    );
    assert_eq!(g.players(), 4);
    assert_eq!(g.knight(s(2)), Some(knight));
    assert_eq!(g.life(s(2)), JOINING_LIFE);
    assert_eq!(g.place(s(2)), Some(Place::Camelot));
    // Five white cards from the top of the draw pile, no Merlin of his own.
    assert_eq!(hand(&g, 2), vec![F1, F2, F3, F4, F5]);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::Private {
            seat,
            private: PrivateEvent::WhiteCardsDrawn { .. }
        } if *seat == s(2)
    )));
    // His loyalty card is one of the unused ones, and only he sees it.
    assert!(has_event(&events, |e| matches!(
        e,
        Event::Private {
            seat,
            private: PrivateEvent::Loyalty { .. }
        } if *seat == s(2)
    )));
    assert_eq!(g.seat_view(s(2)).loyalty, g.loyalty(s(2)));
    assert_eq!(g.seat_view(s(1)).loyalty, Some(Loyalty::Loyal));
    assert!(g.table_view().knights[2].loyalty.is_none());
    // Sir Gawain moved up to seat 3; King Arthur's turn goes on.
    assert_eq!(g.knight(s(3)), Some(Knight::SirGawain));
    assert_eq!(g.current(), s(1));
    assert_eq!(g.decider(), Some(s(1)));
    // He waits for his turn, which comes right after King Arthur's.
    idle_turn(&mut g);
    assert_eq!(g.current(), s(2));
    assert_eq!(g.knight(g.current()), Some(knight));
    idle_turn(&mut g);
    assert_eq!(g.knight(g.current()), Some(Knight::SirGawain));
}

#[test]
fn a_knight_joins_to_the_left_of_the_first_player_when_king_arthur_is_absent() {
    let mut g = joinable(three()).first(2).white(&[GRAIL; 10]).start();
    assert_eq!(g.current(), s(2));
    let (seat, _) = joined(&join(&mut g));
    // Left of seat 2 (the last seat): the newcomer is seat 3, before seat 0 comes round again.
    assert_eq!(seat, s(3));
    assert_eq!(g.first_player(), s(2));
    idle_turn(&mut g);
    assert_eq!(g.current(), s(3));
    idle_turn(&mut g);
    assert_eq!(g.current(), s(0));
}

#[test]
fn joining_moves_the_later_seats_up_with_what_they_own_and_know() {
    // Seat 1 (Sir Gawain) places a Black Knight card face down; then a knight joins at seat 1.
    let mut g = joinable(three())
        .black(&[Black::BlackKnight5, Black::Despair])
        .white(&plenty())
        .start();
    idle_turn(&mut g);
    act_as(&mut g, 1, Action::DrawBlackCard);
    act_as(&mut g, 1, Action::PlaceFaceDown);
    heroic_idle(&mut g);
    assert_eq!(g.current(), s(2));
    let (seat, _) = joined(&join(&mut g));
    assert_eq!(seat, s(1));
    // Sir Gawain is seat 2 now and still knows his face-down card; the newcomer does not.
    assert_eq!(g.knight(s(2)), Some(Knight::SirGawain));
    assert_eq!(
        g.seat_view(s(2)).face_down_known,
        vec![(Quest::BlackKnight, 0, Black::BlackKnight5)]
    );
    assert!(g.seat_view(s(1)).face_down_known.is_empty());
    // Sir Galahad, whose turn it is, is seat 3 and goes on deciding.
    assert_eq!(g.current(), s(3));
    assert_eq!(g.knight(s(3)), Some(Knight::SirGalahad));
    assert_eq!(g.decider(), Some(s(3)));
}

#[test]
fn a_newcomer_to_three_players_looks_at_his_loyalty_card_with_the_others_at_the_threshold() {
    // Three players (§8.3): nobody has looked yet, the newcomer neither.
    let mut g = joinable(three()).engines(5).white(&plenty()).start();
    assert!(!g.loyalty_known());
    let events = join(&mut g);
    let (seat, _) = joined(&events);
    assert!(!has_event(&events, |e| matches!(
        e,
        Event::Private {
            private: PrivateEvent::Loyalty { .. },
            ..
        }
    )));
    assert_eq!(g.seat_view(seat).loyalty, None);
    // The sixth siege engine: all four look, the newcomer included.
    let mut looked = Vec::new();
    let events = act(&mut g, Action::AddSiegeEngine);
    for e in &events {
        if let Event::Private {
            seat,
            private: PrivateEvent::Loyalty { .. },
        } = e
        {
            looked.push(*seat);
        }
    }
    assert!(looked.contains(&seat), "{events:?}");
    assert_eq!(looked.len(), 4);
    assert_eq!(g.seat_view(seat).loyalty, g.loyalty(seat));
}

#[test]
fn seven_knights_seated_cannot_be_joined() {
    let mut g = joinable(table(&Knight::ALL)).start();
    assert!(!legal(&g, Action::Join));
    assert_eq!(refused(&mut g, Action::Join), RuleError::TableFull);

    // Three knights: four newcomers fill the table, then nobody else can join.
    let mut g = joinable(three()).white(&plenty()).start();
    for players in 4..=7 {
        join(&mut g);
        assert_eq!(g.players(), players);
    }
    assert!(!legal(&g, Action::Join));
    assert_eq!(refused(&mut g, Action::Join), RuleError::TableFull);
    let knights: std::collections::BTreeSet<Knight> =
        (0..7).filter_map(|i| g.knight(s(i))).collect();
    assert_eq!(knights.len(), 7, "seven different Coats of Arms");
}

#[test]
fn a_newcomer_is_never_dealt_the_traitor_removed_for_beginners() {
    for seed in 0..20 {
        let mut g = joinable(three())
            .options(|o| o.traitor = TraitorRule::NoTraitor)
            .seed(seed)
            .white(&plenty())
            .start();
        for _ in 0..4 {
            join(&mut g);
        }
        assert!((0..7).all(|i| g.loyalty(s(i)) == Some(Loyalty::Loyal)));
    }
}

#[test]
fn a_newcomer_takes_an_unused_loyalty_card() {
    // The seven Loyal cards are all dealt (or in the game): the newcomer must be the Traitor.
    let mut g = joinable(table(&[
        Knight::SirPalamedes,
        Knight::SirGawain,
        Knight::SirGalahad,
        Knight::SirKay,
        Knight::SirPercival,
        Knight::SirTristan,
    ]))
    .white(&[GRAIL; 10])
    .start();
    let (seat, knight) = joined(&join(&mut g));
    assert_eq!(knight, Knight::KingArthur, "the only Coat of Arms left");
    assert_eq!(g.loyalty(seat), Some(Loyalty::Traitor));
    // The cards still add up to the box.
    assert_eq!(g.census().total(), CARDS_IN_ALL as u32);
}

#[test]
fn a_knight_who_leaves_dies_at_once_with_his_hand_and_relics() {
    let mut g = joinable(four())
        .hand(2, &[F1, F2, GRAIL])
        .white(&[GRAIL; 10])
        .start();
    assert!(legal(&g, Action::Leave { seat: s(2) }));
    let events = act_as(&mut g, 0, Action::Leave { seat: s(2) });
    assert!(has_event(&events, |e| *e == Event::KnightLeaves { seat: s(2) }));
    assert!(has_event(&events, |e| *e == Event::KnightDies { seat: s(2) }));
    assert!(has_event(&events, |e| *e
        == Event::CardsDiscarded {
            seat: s(2),
            count: 3
        }));
    assert!(!g.is_alive(s(2)));
    assert_eq!(g.place(s(2)), None);
    assert_eq!(hand(&g, 2), Vec::<White>::new());
    // Seat 0's turn goes on; seat 2's turn is skipped from now on, and he cannot leave twice.
    assert_eq!(g.decider(), Some(s(0)));
    assert!(!legal(&g, Action::Leave { seat: s(2) }));
    assert_eq!(
        refused(&mut g, Action::Leave { seat: s(2) }),
        RuleError::BadTarget { seat: s(2) }
    );
    idle_turn(&mut g);
    idle_turn(&mut g);
    assert_eq!(g.current(), s(3));
}

#[test]
fn a_knight_who_leaves_on_his_own_turn_ends_it() {
    let mut g = joinable(four()).start();
    let events = act_as(&mut g, 0, Action::Leave { seat: s(0) });
    assert!(has_event(&events, |e| *e == Event::KnightDies { seat: s(0) }));
    assert!(has_event(&events, |e| matches!(
        e,
        Event::TurnBegins { seat, .. } if *seat == s(1)
    )));
    assert_eq!(g.current(), s(1));
    assert_eq!(g.phase(), Phase::ProgressionOfEvil);
}

#[test]
fn leaving_as_the_last_loyal_knight_ends_the_game() {
    let mut g = joinable(three()).traitor(2).start();
    act_as(&mut g, 0, Action::Leave { seat: s(1) });
    assert!(!g.is_over());
    let events = act_as(&mut g, 0, Action::Leave { seat: s(0) });
    assert!(has_event(&events, |e| *e
        == Event::GameOver {
            winner: Side::Evil,
            reason: EndReason::LoyalKnightsDead
        }));
    assert_eq!(g.decider(), None);
}

#[test]
fn a_revealed_traitor_who_leaves_plays_no_more_turns() {
    // Seat 2, the Traitor, unmasked by seat 0; at his own turn he leaves.
    let mut g = joinable(three())
        .traitor(2)
        .swords(3, 3)
        .hand(1, &[GRAIL])
        .start();
    act(&mut g, Action::AddSiegeEngine);
    act(&mut g, Action::Accuse { target: s(2) });
    end_turn(&mut g);
    idle_turn(&mut g);
    assert_eq!(g.current(), s(2));
    assert_eq!(g.phase(), Phase::TraitorTakes);
    assert!(legal(&g, Action::Leave { seat: s(2) }));
    act_as(&mut g, 2, Action::Leave { seat: s(2) });
    assert!(!g.is_alive(s(2)));
    assert_eq!(g.current(), s(0));
    idle_turn(&mut g);
    idle_turn(&mut g);
    assert_eq!(g.current(), s(0), "seat 2 takes no turn");
}

#[test]
fn join_and_leave_are_offered_only_at_the_start_of_a_turn_when_the_table_allows_it() {
    // Not by default.
    let mut g = three().start();
    assert!(!legal(&g, Action::Join));
    assert_eq!(refused(&mut g, Action::Join), RuleError::NotNow);
    assert_eq!(
        refused(&mut g, Action::Leave { seat: s(1) }),
        RuleError::NotNow
    );
    // Allowed: at the start of the turn, not once the Progression of Evil is chosen, nor by
    // another seat.
    let mut g = joinable(three()).white(&[GRAIL; 10]).start();
    assert!(legal(&g, Action::Join));
    assert_eq!(
        g.apply(s(1), Action::Join),
        Err(RuleError::NotYourDecision {
            seat: s(1),
            decider: Some(s(0))
        })
    );
    act(&mut g, Action::AddSiegeEngine);
    assert!(!legal(&g, Action::Join));
    assert_eq!(refused(&mut g, Action::Join), RuleError::NotNow);
    assert_eq!(
        refused(&mut g, Action::Leave { seat: s(1) }),
        RuleError::NotNow
    );
}

#[test]
fn a_game_with_comings_and_goings_replays_exactly() {
    let mut g = joinable(three()).seed(11).start();
    let setup = g.setup().clone();
    let mut moves = Vec::new();
    let mut play = |g: &mut Game, a: Action| {
        let seat = g.decider().unwrap();
        g.apply(seat, a).unwrap();
        moves.push((seat, a));
    };
    play(&mut g, Action::Join);
    play(&mut g, Action::Join);
    play(&mut g, Action::Leave { seat: s(2) });
    play(&mut g, Action::AddSiegeEngine);
    let mut replay = Game::new(&setup).unwrap();
    for (seat, a) in moves {
        replay.apply(seat, a).unwrap();
    }
    assert_eq!(
        serde_json::to_string(&replay).unwrap(),
        serde_json::to_string(&g).unwrap()
    );
    assert_eq!(replay.players(), 5);
}
