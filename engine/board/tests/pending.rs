//! What the table sees is being decided (`TableView::pending`, `TableView::decider`): one variant
//! per rule step, saying what is decided and, where the table may know it, by whom, and never who
//! holds what (a window polled seat by seat asks every eligible seat, whatever it holds).

mod common;
use common::*;

fn pending(g: &Game) -> PendingView {
    g.table_view().pending.expect("the game goes on")
}

/// The seats asked in turn while `g` stays on the same kind of step.
fn polled(g: &mut Game, same: impl Fn(&PendingView) -> bool) -> Vec<Seat> {
    let mut asked = Vec::new();
    while same(&pending(g)) {
        asked.push(g.decider().unwrap());
        act(g, Action::Pass);
    }
    asked
}

#[test]
fn the_turn_is_pending_between_the_rule_steps() {
    let mut g = three().start();
    assert_eq!(pending(&g), PendingView::Turn);
    assert_eq!(g.table_view().phase, Phase::ProgressionOfEvil);
    assert_eq!(g.table_view().decider, Some(s(0)));
    evil_engine(&mut g);
    assert_eq!(pending(&g), PendingView::Turn);
    assert_eq!(g.table_view().phase, Phase::HeroicActions);
    // Over: nothing is pending and nobody decides.
    let mut g = three().engines(11).start();
    evil_engine(&mut g);
    assert!(g.is_over());
    assert_eq!(g.table_view().pending, None);
    assert_eq!(g.table_view().decider, None);
}

#[test]
fn the_opening_gesture_then_its_sharing_are_pending() {
    let mut g = three()
        .hand(0, &[F1])
        .hand(1, &[F2])
        .hand(2, &[F3])
        .opening()
        .start();
    assert_eq!(pending(&g), PendingView::OpeningGesture { offered: vec![] });
    act_as(&mut g, 0, Action::OfferCard { card: F1 });
    assert_eq!(
        pending(&g),
        PendingView::OpeningGesture { offered: vec![F1] }
    );
    act_as(&mut g, 1, Action::OfferCard { card: F2 });
    act_as(&mut g, 2, Action::OfferCard { card: F3 });
    // The first player proposes who gets each card …
    assert!(matches!(
        pending(&g),
        PendingView::Share {
            kind: ShareKind::Opening,
            lead: Seat(0),
            accepting: false,
            choosing_lead: false,
            ..
        }
    ));
    for to in [2, 0, 1] {
        act_as(&mut g, 0, Action::Propose { to: s(to) });
    }
    // … and every other recipient is asked to accept, in turn.
    match pending(&g) {
        PendingView::Share {
            proposal,
            accepting: true,
            ..
        } => assert_eq!(proposal, vec![s(2), s(0), s(1)]),
        p => panic!("{p:?}"),
    }
    assert_eq!(g.decider(), Some(s(1)));
    act_as(&mut g, 1, Action::Accept);
    act_as(&mut g, 2, Action::Accept);
    assert_eq!(pending(&g), PendingView::Turn);
    assert_eq!(hand(&g, 2), vec![F1]);
}

#[test]
fn a_drawn_black_card_waits_for_its_face_then_for_excalibur() {
    let mut g = excalibur_for_seat0(
        three()
            .black(&[Black::BlackKnight5, Black::BlackKnight3])
            .white(&[GRAIL; 8]),
        &[],
    );
    // Seat 1 draws a Black Knight card: only its kind is shown while he chooses its face.
    act_as(&mut g, 1, Action::DrawBlackCard);
    assert_eq!(
        pending(&g),
        PendingView::BlackCard {
            drawer: s(1),
            card: None,
            kind: BlackKind::BlackKnight,
            face_down: false,
            stage: BlackCardStage::FaceChoice,
            merlins: 0,
            morgan3: false,
        }
    );
    act_as(&mut g, 1, Action::PlaceFaceUp);
    // Excalibur's owner may cancel the card, now named.
    assert_eq!(
        pending(&g),
        PendingView::BlackCard {
            drawer: s(1),
            card: Some(Black::BlackKnight5),
            kind: BlackKind::BlackKnight,
            face_down: false,
            stage: BlackCardStage::Excalibur,
            merlins: 0,
            morgan3: false,
        }
    );
    assert_eq!(g.decider(), Some(s(0)));
    act_as(&mut g, 0, Action::Pass);
    heroic_idle(&mut g);
    // Face down: the window opens on a card the table cannot name.
    act_as(&mut g, 2, Action::DrawBlackCard);
    act_as(&mut g, 2, Action::PlaceFaceDown);
    assert!(matches!(
        pending(&g),
        PendingView::BlackCard {
            drawer: Seat(2),
            card: None,
            face_down: true,
            stage: BlackCardStage::Excalibur,
            ..
        }
    ));
}

#[test]
fn the_merlin_window_asks_every_knight_in_turn_whatever_he_holds() {
    // Only seat 2 holds a Merlin; every knight is asked, from the drawer.
    let mut g = three()
        .hand(2, &[MERLIN])
        .black(&[Black::Morgan4])
        .first(1)
        .start();
    act_as(&mut g, 1, Action::DrawBlackCard);
    assert!(matches!(
        pending(&g),
        PendingView::BlackCard {
            card: Some(Black::Morgan4),
            kind: BlackKind::Other,
            stage: BlackCardStage::Merlins,
            merlins: 0,
            ..
        }
    ));
    let asked = polled(&mut g, |p| {
        matches!(
            p,
            PendingView::BlackCard {
                stage: BlackCardStage::Merlins,
                ..
            }
        )
    });
    assert_eq!(asked, vec![s(1), s(2), s(0)]);
}

#[test]
fn mercenaries_wait_for_the_drawers_choice_of_war() {
    let mut g = three().black(&[Black::Mercenaries]).start();
    act(&mut g, Action::DrawBlackCard);
    assert_eq!(
        pending(&g),
        PendingView::BlackCard {
            drawer: s(0),
            card: Some(Black::Mercenaries),
            kind: BlackKind::Other,
            face_down: false,
            stage: BlackCardStage::WarChoice,
            merlins: 0,
            morgan3: false,
        }
    );
}

#[test]
fn lancelots_armor_and_percivals_look_wait_for_their_owner() {
    let mut g = armor_for_seat0(three(), &[Black::Picts, Black::Saxons]);
    idle_turn(&mut g);
    act_as(&mut g, 0, Action::DrawBlackCard);
    assert_eq!(pending(&g), PendingView::ArmorChoice { drawer: s(0) });
    // Sir Percival with the Armor sees two cards and puts one under the pile.
    let mut g = armor_for_seat0(
        table(&[Knight::SirPercival, Knight::SirGawain, Knight::SirGalahad]),
        &[Black::Picts, Black::Saxons],
    );
    idle_turn(&mut g);
    act_as(&mut g, 0, Action::PercivalLook);
    assert_eq!(pending(&g), PendingView::PercivalBottom);
    assert_eq!(g.decider(), Some(s(0)));
}

#[test]
fn morgans_volunteers_and_every_discard_say_why() {
    // Morgan 2: the knights holding three cards or more are asked, from the drawer.
    let mut g = morgan_2_drawn_with_hands_of_four_one_and_three();
    assert_eq!(
        pending(&g),
        PendingView::Volunteer {
            morgan: 2,
            drawer: s(0)
        }
    );
    act_as(&mut g, 0, Action::Pass);
    act_as(&mut g, 2, Action::Volunteer);
    assert_eq!(
        pending(&g),
        PendingView::Discard {
            left: 3,
            cause: DiscardCause::Morgan2Volunteer
        }
    );
    assert_eq!(g.decider(), Some(s(2)));
    // Morgan 5 and nobody volunteers: every knight holding a card discards one.
    let mut g = three()
        .hand(0, &[F1])
        .hand(2, &[GRAIL, F5])
        .black(&[Black::Morgan5])
        .start();
    draw_black_all_pass(&mut g);
    let asked = polled(&mut g, |p| matches!(p, PendingView::Volunteer { .. }));
    assert_eq!(asked, vec![s(0), s(1), s(2)]);
    assert_eq!(
        pending(&g),
        PendingView::Discard {
            left: 1,
            cause: DiscardCause::NoVolunteer { morgan: 5 }
        }
    );
    assert_eq!(g.decider(), Some(s(0)));
    act_as(&mut g, 0, Action::Discard { card: F1 });
    assert_eq!(g.decider(), Some(s(2)));
    // Fate played by the Traitor to reveal himself: the others discard two each.
    let mut g = three()
        .options(|o| o.three_player_peek = false)
        .traitor(0)
        .hand(0, &[White::Fate])
        .hand(1, &[F1, F2, F3])
        .hand(2, &[F4])
        .start();
    evil_engine(&mut g);
    act(&mut g, Action::PlayFate { reveal: true });
    assert_eq!(
        pending(&g),
        PendingView::Discard {
            left: 2,
            cause: DiscardCause::Fate { traitor: s(0) }
        }
    );
    assert_eq!(g.decider(), Some(s(1)));
    act_as(&mut g, 1, Action::Discard { card: F1 });
    act_as(&mut g, 1, Action::Discard { card: F2 });
    assert_eq!(
        pending(&g),
        PendingView::Discard {
            left: 1,
            cause: DiscardCause::Fate { traitor: s(0) }
        }
    );
    assert_eq!(g.decider(), Some(s(2)));
}

#[test]
fn a_falling_knight_waits_for_the_grails_owner() {
    let mut g = grail_for_seat0(three().white(&[F1; 14]));
    // Lives 4, 3, 3: seat 1 gives his life to evil until he falls.
    while g.life(s(1)) > 1 {
        idle_turn_with(&mut g, Action::LoseLife);
        idle_turn(&mut g);
        idle_turn(&mut g);
    }
    act_as(&mut g, 1, Action::LoseLife);
    assert_eq!(pending(&g), PendingView::GrailRescue { dying: s(1) });
    assert_eq!(g.decider(), Some(s(0)));
}

#[test]
fn the_siege_fight_waits_for_cards_then_for_the_roll_then_for_sir_kay() {
    let mut g = table(&[Knight::SirKay, Knight::SirGawain, Knight::SirGalahad])
        .hand(0, &[F3, F5])
        .start();
    evil_engine(&mut g);
    act(&mut g, Action::FightSiegeEngine);
    assert_eq!(
        pending(&g),
        PendingView::SiegeFight {
            fighter: s(0),
            cards: vec![],
            roll: None
        }
    );
    act(&mut g, Action::AddToFight { card: F3 });
    assert_eq!(
        pending(&g),
        PendingView::SiegeFight {
            fighter: s(0),
            cards: vec![F3],
            roll: None
        }
    );
    act(&mut g, Action::RollSiegeDie);
    assert!(matches!(
        pending(&g),
        PendingView::SiegeFight {
            roll: Some(1..=8),
            ..
        }
    ));
}

#[test]
fn special_white_cards_wait_for_their_answers() {
    // Messenger: the player gives up to three cards.
    let mut g = three().hand(0, &[White::Messenger, F1, F2]).start();
    evil_engine(&mut g);
    act(&mut g, Action::PlayMessenger { to: s(2) });
    assert_eq!(
        pending(&g),
        PendingView::Messenger {
            from: s(0),
            to: s(2),
            given: 0
        }
    );
    act(&mut g, Action::GiveCard { card: F1 });
    assert_eq!(
        pending(&g),
        PendingView::Messenger {
            from: s(0),
            to: s(2),
            given: 1
        }
    );
    // Clairvoyance: how many cards its player puts back (not which).
    let mut g = three()
        .hand(0, &[White::Clairvoyance])
        .black(&[Black::Picts, Black::Saxons, Black::Despair])
        .start();
    evil_engine(&mut g);
    act(&mut g, Action::PlayClairvoyance);
    assert_eq!(
        pending(&g),
        PendingView::Clairvoyance {
            player: s(0),
            cards: 3
        }
    );
    // Convocation: every knight away from Camelot answers, from the player.
    let mut g = three()
        .hand(2, &[White::Convocation])
        .white(&[GRAIL; 8])
        .start();
    turn(
        &mut g,
        Action::AddSiegeEngine,
        &[Action::Move { to: Place::Grail }],
    );
    idle_turn(&mut g);
    evil_engine(&mut g);
    act(&mut g, Action::PlayConvocation);
    assert_eq!(pending(&g), PendingView::Convocation { player: s(2) });
    assert_eq!(g.decider(), Some(s(0)));
}

#[test]
fn king_arthurs_exchange_waits_for_the_card_given_back() {
    let mut g = table(&[Knight::KingArthur, Knight::SirKay, Knight::SirGawain])
        .hand(0, &[F5])
        .hand(2, &[GRAIL])
        .start();
    evil_engine(&mut g);
    act(&mut g, Action::ArthurExchange { to: s(2), card: F5 });
    assert_eq!(pending(&g), PendingView::ArthurExchange { arthur: s(0) });
    assert_eq!(g.decider(), Some(s(2)));
}

#[test]
fn sir_kays_card_is_offered_when_a_combat_ends_with_him() {
    let mut g = table(&[Knight::SirKay, Knight::SirGawain, Knight::SirGalahad])
        .hand(0, &[F1, F1, F5, F5])
        .black(&[Black::BlackKnight7])
        .white(&[GRAIL; 12])
        .start();
    act(&mut g, Action::DrawBlackCard);
    act(&mut g, Action::PlaceFaceUp);
    move_and_end(&mut g, Place::BlackKnight);
    // The others' turns: a life or a siege engine each, in turn (twelve engines would end it).
    let others = |g: &mut Game, round: usize| {
        let [a, b] = if round.is_multiple_of(2) {
            [Action::LoseLife, Action::AddSiegeEngine]
        } else {
            [Action::AddSiegeEngine, Action::LoseLife]
        };
        idle_turn_with(g, a);
        idle_turn_with(g, b);
    };
    for (round, card) in [F1, F1, F5].into_iter().enumerate() {
        others(&mut g, round);
        evil_engine(&mut g);
        act(&mut g, Action::PlayFightCard { card });
        end_turn(&mut g);
    }
    others(&mut g, 3);
    evil_engine(&mut g);
    act(&mut g, Action::PlayFightCard { card: F5 });
    assert_eq!(
        pending(&g),
        PendingView::KayCard {
            quest: Quest::BlackKnight,
            white: 12,
            black: 7
        }
    );
}

#[test]
fn pending_steps_are_tagged_in_snake_case() {
    let v = PendingView::Discard {
        left: 2,
        cause: DiscardCause::Fate { traitor: s(1) },
    };
    assert_eq!(
        serde_json::to_value(&v).unwrap(),
        serde_json::json!({"step": "discard", "left": 2, "cause": {"kind": "fate", "traitor": 1}})
    );
    let v = PendingView::BlackCard {
        drawer: s(0),
        card: None,
        kind: BlackKind::BlackKnight,
        face_down: true,
        stage: BlackCardStage::Excalibur,
        merlins: 0,
        morgan3: false,
    };
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(json["step"], "black_card");
    assert_eq!(json["stage"], "excalibur");
    assert_eq!(
        serde_json::to_value(PendingView::Turn).unwrap(),
        serde_json::json!({"step": "turn"})
    );
}
