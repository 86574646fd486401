//! The cards, the knights' powers and the relics against `board-game.md` (§1.3, §1.4,
//! §5.1, §5.2): behaviours no other test file names.

mod common;
use common::*;

#[test]
fn lancelots_armor_stays_with_an_unmasked_traitor_and_doubles_his_draws() {
    // §5.2, §6.2, §6.3: the Armor is the only relic an unmasked Traitor keeps, and it applies to
    // his draw.
    let b = three().traitor(0);
    let mut g = armor_for_seat0(b, &[Black::Picts, Black::Saxons, Black::Despair]);
    act_as(&mut g, 2, ENGINE);
    act(&mut g, Action::Accuse { target: s(0) });
    assert!(g.is_revealed(s(0)));
    assert_eq!(g.relic(Relic::LancelotsArmor), RelicState::Owned(s(0)));
    end_turn(&mut g);
    assert_eq!(g.current(), s(0));
    // Nobody holds a white card here: step 1 is skipped (§6.3).
    assert_eq!(g.phase(), Phase::TraitorEvil);
    act_as(&mut g, 0, DRAW);
    assert_eq!(
        g.seat_view(s(0)).private,
        Some(PrivateView::ArmorPair {
            cards: [Black::Picts, Black::Saxons]
        })
    );
    act(&mut g, Action::KeepBlackCard { index: 1 });
    assert_eq!(g.war(Quest::SaxonWar).unwrap().warriors, 1);
    assert_eq!(g.war(Quest::PictWar).unwrap().warriors, 0);
}

#[test]
fn excalibur_is_removed_when_its_owner_is_unmasked() {
    // §5.2, §6.2: unmasked, the Traitor loses Excalibur (only the Armor stays with him).
    let mut g = excalibur_for_seat0(three().traitor(0).engines(2), &[]);
    assert!(g.threshold_met());
    act_as(&mut g, 1, ENGINE);
    act(&mut g, Action::Accuse { target: s(0) });
    assert!(g.is_revealed(s(0)));
    assert_eq!(g.relic(Relic::Excalibur), RelicState::Removed);
}

#[test]
fn the_holy_grail_is_removed_when_its_owner_is_unmasked() {
    // §5.2, §6.2.
    let mut g = grail_for_seat0(three().traitor(0).engines(5));
    act_as(&mut g, 1, ENGINE);
    act(&mut g, Action::Accuse { target: s(0) });
    assert!(g.is_revealed(s(0)));
    assert_eq!(g.relic(Relic::Grail), RelicState::Removed);
}

#[test]
fn sir_galahad_may_let_his_special_card_be_the_second_action_he_sacrificed_for() {
    // §5.1: Galahad *may* play a special white card as a free action; §3.3: a sacrificed life buys
    // one second action. Played after the sacrifice, the card is that action: he is not forced
    // into a third one (here: playing his Fight card on the tournament).
    let mut g = three().hand(2, &[White::Piety, F1]).start();
    idle_turn(&mut g);
    idle_turn(&mut g);
    act_as(&mut g, 2, ENGINE);
    act(&mut g, mv(Place::BlackKnight));
    act(&mut g, Action::Sacrifice);
    act(&mut g, Action::PlayPiety { others: false });
    assert_eq!(g.life(s(2)), 6);
    // Both actions are taken: the turn has passed by itself, the Fight card still in his hand.
    assert_eq!(g.current(), s(0));
    assert_eq!(hand(&g, 2), vec![F1]);
    assert!(g.combat(Quest::BlackKnight).unwrap().white().is_empty());
    // Played before the sacrifice it stays free: a move, the card, then a sacrificed quest action.
    let mut g = three().hand(2, &[White::Piety, F1]).start();
    idle_turn(&mut g);
    idle_turn(&mut g);
    act_as(&mut g, 2, ENGINE);
    act(&mut g, mv(Place::BlackKnight));
    act(&mut g, Action::PlayPiety { others: false });
    act(&mut g, Action::Sacrifice);
    act(&mut g, Action::PlayFightCard { card: F1 });
    assert_eq!(g.combat(Quest::BlackKnight).unwrap().white(), &[1]);
    assert_eq!(g.current(), s(0));
}
