//! The three relics (§5.2): Excalibur, the Holy Grail, Lancelot's Armor.

mod common;
use common::*;

#[test]
fn excalibur_adds_one_to_its_owners_siege_fight() {
    let mut g = excalibur_for_seat0(three(), &[F2]);
    wander_turn(&mut g, ENGINE);
    wander_turn(&mut g, ENGINE);
    evil_engine(&mut g);
    act_as(&mut g, 0, Action::FightSiegeEngine);
    act(&mut g, Action::AddToFight { card: F2 });
    let events = act(&mut g, Action::RollSiegeDie);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::SiegeFight { total: 3, .. }
    )));
}

#[test]
fn excalibur_adds_one_to_a_combat_its_owner_is_present_at() {
    use Black::*;
    let b = three().black(&[LancelotDragon1; 4]).black(&LANCELOT_FALLS);
    let mut g = excalibur_for_seat0(b, &[White::Piety]);
    wander_turn(&mut g, ENGINE);
    wander_turn(&mut g, ENGINE);
    turn(&mut g, DRAW, &[mv(Place::Lancelot)]);
    wander_turn(&mut g, DRAW);
    wander_turn(&mut g, DRAW);
    turn(&mut g, DRAW, &[Action::PlayPiety { others: false }]);
    act_as(&mut g, 1, Action::DrawBlackCard);
    act_as(&mut g, 1, Action::PlaceFaceUp);
    // The owner is asked whether to cancel it; he lets it be.
    let events = act_as(&mut g, 0, Action::Pass);
    // No white card there: 0 + 1 for Excalibur against 1+1+1+1+3.
    assert!(has_event(&events, |e| matches!(
        e,
        Event::QuestEnds {
            quest: Quest::Lancelot,
            won: false,
            white_total: 1,
            black_total: 7,
            ..
        }
    )));
}

#[test]
fn excalibur_sacrificed_cancels_any_black_card_even_a_standard_one() {
    let mut g = excalibur_for_seat0(three().black(&[Black::Despair]), &[]);
    act_as(&mut g, 1, Action::DrawBlackCard);
    // Out of turn: the owner alone is asked (his relic is on the table).
    assert_eq!(g.decider(), Some(s(0)));
    let events = act_as(&mut g, 0, Action::SacrificeExcalibur);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::CancelledByExcalibur {
            card: Some(Black::Despair),
            ..
        }
    )));
    assert_eq!(g.relic(Relic::Excalibur), RelicState::Removed);
    assert_eq!(g.grail_track(), &[Spot::Empty; 7]);
    assert_eq!(g.current(), s(1));
    assert_eq!(g.phase(), Phase::HeroicActions);
}

/// Quiet black cards once Excalibur's quest is over (its own cards would be siege engines).
const QUIET_AFTER_EXCALIBUR: [Black; 9] = [
    Black::Despair,
    Black::BlackKnight1,
    Black::Despair,
    Black::BlackKnight1,
    Black::Despair,
    Black::BlackKnight1,
    Black::Despair,
    Black::Despair,
    Black::Despair,
];

#[test]
fn excalibur_is_removed_when_its_owner_dies() {
    let mut g = excalibur_for_seat0(three().black(&QUIET_AFTER_EXCALIBUR), &[]);
    for _ in 0..3 {
        wander_turn(&mut g, DRAW);
        wander_turn(&mut g, DRAW);
        wander_turn(&mut g, LIFE);
    }
    wander_turn(&mut g, DRAW);
    wander_turn(&mut g, DRAW);
    assert_eq!(g.life(s(0)), 1);
    let events = act_as(&mut g, 0, Action::LoseLife);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::KnightDies { seat: Seat(0) }
    )));
    assert_eq!(g.relic(Relic::Excalibur), RelicState::Removed);
}

#[test]
fn the_holy_grail_saves_a_knight_falling_to_zero() {
    let mut g = grail_for_seat0(three());
    for _ in 0..2 {
        wander_turn(&mut g, LIFE);
        wander_turn(&mut g, ENGINE);
        wander_turn(&mut g, ENGINE);
    }
    assert_eq!(g.life(s(1)), 1);
    act_as(&mut g, 1, Action::LoseLife);
    // The Grail's owner (public) is asked, wherever both are.
    assert_eq!(g.decider(), Some(s(0)));
    let mut choices = g.legal_actions();
    choices.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(choices, vec![Action::OfferGrail, Action::Pass]);
    let events = act_as(&mut g, 0, Action::OfferGrail);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::GrailSaves {
            owner: Seat(0),
            seat: Seat(1)
        }
    )));
    assert_eq!(g.life(s(1)), 4);
    assert!(g.is_alive(s(1)));
    assert_eq!(g.relic(Relic::Grail), RelicState::Removed);
    // §9.30: saved in his own turn, his turn still ends.
    assert_eq!(g.current(), s(2));
    assert_eq!(g.phase(), Phase::ProgressionOfEvil);
}

#[test]
fn the_holy_grail_owner_may_let_a_knight_die() {
    let mut g = grail_for_seat0(three());
    for _ in 0..2 {
        wander_turn(&mut g, LIFE);
        wander_turn(&mut g, ENGINE);
        wander_turn(&mut g, ENGINE);
    }
    act_as(&mut g, 1, Action::LoseLife);
    act_as(&mut g, 0, Action::Pass);
    assert!(!g.is_alive(s(1)));
    assert_eq!(g.relic(Relic::Grail), RelicState::Owned(s(0)));
}

#[test]
fn lancelots_armor_draws_two_black_cards_and_keeps_one() {
    let mut g = armor_for_seat0(three(), &[Black::Picts, Black::Saxons, Black::Despair]);
    wander_turn(&mut g, ENGINE);
    act_as(&mut g, 0, Action::DrawBlackCard);
    assert_eq!(
        g.seat_view(s(0)).private,
        Some(PrivateView::ArmorPair {
            cards: [Black::Picts, Black::Saxons]
        })
    );
    assert_eq!(g.seat_view(s(1)).private, None);
    act(&mut g, Action::KeepBlackCard { index: 1 });
    assert_eq!(g.war(Quest::SaxonWar).unwrap().warriors, 1);
    assert_eq!(g.war(Quest::PictWar).unwrap().warriors, 0);
    // The other went under the pile: the next knight draws the Despair, then the Picts.
    let a = wander(&g);
    act(&mut g, a);
    end_turn(&mut g);
    act_as(&mut g, 1, Action::DrawBlackCard);
    assert_eq!(g.grail_track()[6], Spot::Despair);
    assert_eq!(g.black_deck_len(), 1);
}

#[test]
fn sir_percival_with_the_armor_looks_at_two_and_puts_one_under_the_pile() {
    let b = table(&[Knight::SirPercival, Knight::SirGawain, Knight::SirGalahad]);
    let mut g = armor_for_seat0(b, &[Black::Picts, Black::Saxons, Black::Despair]);
    wander_turn(&mut g, ENGINE);
    act_as(&mut g, 0, Action::PercivalLook);
    assert_eq!(
        g.seat_view(s(0)).private,
        Some(PrivateView::TopOfPile {
            cards: vec![Black::Picts, Black::Saxons]
        })
    );
    act(&mut g, Action::PutOnBottom { index: 0 });
    assert_eq!(
        g.seat_view(s(0)).private,
        Some(PrivateView::TopOfPile {
            cards: vec![Black::Saxons]
        })
    );
    // He draws the card he left on top, alone: no second two-card draw that turn.
    act(&mut g, Action::DrawBlackCard);
    assert_eq!(g.war(Quest::SaxonWar).unwrap().warriors, 1);
    assert_eq!(g.phase(), Phase::HeroicActions);
}
