//! The quests' ends and the end of the game (board-game.md §3.4, §4, §6, §7): the order of the end
//! conditions within one step, the 12 swords' count, each lost quest's toll.

mod common;
use common::*;

/// Heroism for the Grail and the seven Grail cards that win it (3 white swords, and 1 more).
const HEROISM_AND_SEVEN_GRAILS: [White; 8] = [
    White::Heroism,
    GRAIL,
    GRAIL,
    GRAIL,
    GRAIL,
    GRAIL,
    GRAIL,
    GRAIL,
];

// -------------------------------------------------------------------------------------------------
// §7: the order of the end conditions within one step
// -------------------------------------------------------------------------------------------------

/// A War lost with nobody on it, drawn by quiet turns: four Picts cards.
fn pict_war_lost(b: Build) -> Game {
    let mut g = b.black(&[Black::Picts; 4]).start();
    for _ in 0..4 {
        quiet_evil(&mut g);
        if g.is_over() {
            break;
        }
        heroic_idle(&mut g);
    }
    g
}

/// Three knights, seat 1 the Traitor and seat 2 a squire at 1 life, dealt as `b` says: seat 0 goes
/// to `place` (3 life), the Traitor's quiet turn brings its 1st black card, and the squire dies —
/// seat 0 is the last Loyal knight, and it is his turn.
fn last_loyal_knight_on(place: Place, b: Build) -> Game {
    let mut g = b.traitor(1).squires_at_one_life(&[2]).start();
    turn(&mut g, LIFE, &[mv(place)]);
    quiet_turn(&mut g);
    act_as(&mut g, 2, LIFE);
    g
}

#[test]
fn end_order_twelve_siege_engines_beat_the_seventh_black_sword_of_the_same_lost_war() {
    // §7: "Order when several happen in the same step: 1, then 2". A lost War lays a black sword
    // (the 7th) and adds two siege engines (the 11th and 12th) in one resolution: the siege wins.
    let g = pict_war_lost(three().swords(0, 6).engines(10));
    assert_eq!(g.tally(Quest::PictWar).lost, 1);
    assert_eq!(g.outcome(), outcome(Side::Evil, EndReason::SiegeEngines));
    assert_eq!(g.siege_engines(), 12);
}

#[test]
fn end_order_twelve_siege_engines_beat_the_twelfth_sword() {
    // §7.1: the 12th engine beats everything else in the same step, a 12th sword included.
    let g = pict_war_lost(three().swords(6, 5).engines(10));
    assert_eq!(g.outcome(), outcome(Side::Evil, EndReason::SiegeEngines));
}

#[test]
fn end_order_the_seventh_black_sword_beats_the_twelfth_sword() {
    // §7.2 before §7.4: 5 white + 7 black = 12 swords, but the 7th black sword loses at once (no
    // count, no Traitor's reveal).
    let g = pict_war_lost(three().traitor(2).swords(5, 6));
    assert_eq!(g.outcome(), outcome(Side::Evil, EndReason::BlackSwords));
    assert_eq!(g.swords(), Swords { white: 5, black: 7 });
}

#[test]
fn end_order_twelve_siege_engines_beat_the_last_loyal_knights_death_in_the_same_lost_war() {
    // §7: 1 before 3. The last Loyal knight, at 1 life, is on the Pict War when its 4th warrior
    // comes: the loss would kill him, and it adds the 11th and 12th engines — the siege is why.
    let mut g = last_loyal_knight_on(
        Place::PictWar,
        three()
            .engines(10)
            .hand(0, &[F1, F2])
            .black(&[Black::Picts; 4]),
    );
    turn(&mut g, LIFE, &[fight(F1)]); // seat 0: 2 life
    quiet_turn(&mut g); // the 2nd Picts
    turn(&mut g, LIFE, &[fight(F2)]); // seat 0: 1 life
    quiet_turn(&mut g); // the 3rd Picts
    assert_eq!((g.current(), g.life(s(0))), (s(0), 1));
    quiet_evil(&mut g); // the 4th Picts: the War is lost
    assert_eq!(g.tally(Quest::PictWar).lost, 1);
    assert_eq!(g.outcome(), outcome(Side::Evil, EndReason::SiegeEngines));
}

#[test]
fn end_order_the_last_loyal_knight_dying_beats_twelve_swords_with_a_white_majority() {
    // §7.3 (NL-FAQ: "the game is lost the moment the last Loyal knight dies, even if 12 or more
    // swords, most of them white, would come on the board when he dies") with §3.4: a knight who
    // pays his last life for a second action dies after it whatever its result. The last Loyal
    // knight sacrifices his last life and lays the 7th Grail card: 9 + 3 + 1 (Heroism) white
    // swords — yet he dies with that action, and Evil wins.
    let mut g = three()
        .squires_at_one_life(&[1, 2])
        .swords(9, 0)
        .hand(0, &HEROISM_AND_SEVEN_GRAILS)
        .start();
    turn(&mut g, ENGINE, &[mv(Place::Grail)]);
    // The two squires fall; seat 0 is the last knight alive.
    act_as(&mut g, 1, LIFE);
    act_as(&mut g, 2, LIFE);
    assert!(!g.is_alive(s(1)) && !g.is_alive(s(2)));
    for evil in [LIFE, LIFE, LIFE, ENGINE, ENGINE, ENGINE] {
        assert_eq!(g.current(), s(0));
        turn(&mut g, evil, &[Action::PlayGrailCard]);
    }
    assert_eq!(g.life(s(0)), 1);
    evil_engine(&mut g);
    heroism_with_sacrifice(&mut g, Quest::Grail);
    assert_eq!(g.life(s(0)), 0);
    act(&mut g, Action::PlayGrailCard);
    assert_eq!(g.tally(Quest::Grail).won, 1);
    assert_eq!(
        g.outcome(),
        outcome(Side::Evil, EndReason::LoyalKnightsDead)
    );
    assert!(!g.is_alive(s(0)));
}

#[test]
fn end_the_twelfth_sword_still_counts_when_another_loyal_knight_lives() {
    // The same action with a second Loyal knight alive: he dies, but the 12 swords are counted.
    let mut g = three()
        .squires_at_one_life(&[2])
        .swords(9, 0)
        .hand(0, &HEROISM_AND_SEVEN_GRAILS)
        .start();
    turn(&mut g, ENGINE, &[mv(Place::Grail)]);
    idle_turn(&mut g);
    act_as(&mut g, 2, LIFE);
    for (evil, other) in [
        (LIFE, LIFE),
        (LIFE, LIFE),
        (LIFE, LIFE),
        (ENGINE, ENGINE),
        (ENGINE, ENGINE),
        (ENGINE, ENGINE),
    ] {
        assert_eq!(g.current(), s(0));
        turn(&mut g, evil, &[Action::PlayGrailCard]);
        idle_turn_with(&mut g, other);
    }
    assert!(g.siege_engines() < 11);
    evil_engine(&mut g);
    heroism_with_sacrifice(&mut g, Quest::Grail);
    act(&mut g, Action::PlayGrailCard);
    assert_eq!(
        g.swords(),
        Swords {
            white: 13,
            black: 0
        }
    );
    assert_eq!(g.outcome(), outcome(Side::Loyal, EndReason::Swords));
}

// -------------------------------------------------------------------------------------------------
// §7.4 and §6.4: the twelfth sword, the count and the Traitor's reveal
// -------------------------------------------------------------------------------------------------

#[test]
fn end_twelve_swords_tied_go_to_evil() {
    // §3.6, §7.4: 6 white and 6 black — a tie goes to Evil. No Traitor at the table.
    let g = pict_war_lost(three().swords(6, 5));
    assert_eq!(g.swords(), Swords { white: 6, black: 6 });
    assert_eq!(g.outcome(), outcome(Side::Evil, EndReason::Swords));
}

/// Seat 0 wins the Black Knight (1,1 + 2,2 against no black card) for the white sword that makes
/// 12 with `swords`; seat 2 is a squire at 1 life who, if `traitor_dies`, loses it and dies first.
fn black_knight_twelfth_sword(b: Build, traitor_dies: bool) -> (Game, Vec<Event>) {
    let mut g = b
        .squires_at_one_life(&[2])
        .hand(0, &[F1, F1, F2, F2])
        .start();
    turn(&mut g, ENGINE, &[mv(Place::BlackKnight)]);
    idle_turn(&mut g);
    if traitor_dies {
        act_as(&mut g, 2, LIFE);
        assert!(!g.is_alive(s(2)));
    } else {
        idle_turn(&mut g);
    }
    for card in [F1, F1, F2] {
        turn(&mut g, LIFE, &[fight(card)]);
        idle_turn(&mut g);
        if !traitor_dies {
            idle_turn(&mut g);
        }
    }
    assert!(g.siege_engines() < 11);
    evil_engine(&mut g);
    let events = act_as(&mut g, 0, fight(F2));
    (g, events)
}

#[test]
fn end_twelve_swords_the_hidden_traitor_flips_two_white_swords_to_black() {
    // §6.4: 6 white + 5 black, the Black Knight won: 7 against 5; the living, hidden Traitor
    // flips two: 5 against 7, and Evil wins the count.
    let (g, events) = black_knight_twelfth_sword(three().traitor(2).swords(6, 5), false);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::EndReveal {
            traitor: Some(Seat(2)),
            flipped: 2
        }
    )));
    assert_eq!(g.swords(), Swords { white: 5, black: 7 });
    assert_eq!(g.outcome(), outcome(Side::Evil, EndReason::Swords));
}

#[test]
fn end_twelve_swords_a_dead_traitor_flips_nothing() {
    // §6.4: "A Traitor who died earlier causes no flip" (NL-FAQ); he still loses with Evil.
    let (g, events) = black_knight_twelfth_sword(three().traitor(2).swords(6, 5), true);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::EndReveal {
            traitor: None,
            flipped: 0
        }
    )));
    assert_eq!(g.swords(), Swords { white: 7, black: 5 });
    assert_eq!(g.outcome(), outcome(Side::Loyal, EndReason::Swords));
}

#[test]
fn end_twelve_swords_by_accusing_the_traitor_counts_without_a_flip() {
    // §6.1, §7.4: the accusation's white sword is the 12th; the unmasked Traitor flips nothing.
    let mut g = three().traitor(2).swords(6, 5).start();
    evil_engine(&mut g);
    let events = act(&mut g, Action::Accuse { target: s(2) });
    assert!(has_event(&events, |e| matches!(
        e,
        Event::EndReveal {
            traitor: None,
            flipped: 0
        }
    )));
    assert!(g.is_revealed(s(2)));
    assert_eq!(g.swords(), Swords { white: 7, black: 5 });
    assert_eq!(g.outcome(), outcome(Side::Loyal, EndReason::Swords));
}

// -------------------------------------------------------------------------------------------------
// §4.1: quest outcomes with knights present
// -------------------------------------------------------------------------------------------------

#[test]
fn dragon_lost_costs_each_present_knight_two_lives_and_lays_two_black_swords() {
    // Lancelot falls to five black cards with nobody on it (one black sword), then the Dragon to
    // five more, 7+7+9+9+9 = 41 against one Fight 1: each knight on it loses 2 life (Palamedes
    // gets no extra on a loss); the board is removed.
    let mut g = three()
        .hand(2, &[F1])
        .black(&[LANCELOT_FALLS, DRAGON_FALLS].concat())
        .start();
    for _ in 0..5 {
        quiet_turn(&mut g);
    }
    assert_eq!(g.tally(Quest::Lancelot).lost, 1);
    assert_eq!(g.lancelot_board(), LancelotBoard::Dragon);
    turn(&mut g, DRAW, &[mv(Place::Dragon)]); // seat 2
    turn(&mut g, DRAW, &[mv(Place::Dragon)]); // seat 0
    quiet_turn(&mut g); // seat 1
    turn(&mut g, DRAW, &[fight(F1)]); // seat 2
    assert_eq!(g.current(), s(0));
    quiet_evil(&mut g); // the fifth Dragon card
    assert_eq!(g.tally(Quest::Dragon).lost, 1);
    assert_eq!(g.life(s(0)), 2);
    assert_eq!(g.life(s(1)), 4);
    assert_eq!(g.life(s(2)), 2);
    assert_eq!(g.swords(), Swords { white: 0, black: 3 });
    assert_eq!(g.lancelot_board(), LancelotBoard::Removed);
    assert_eq!(g.place(s(0)), Some(Place::Camelot));
    assert_eq!(g.place(s(2)), Some(Place::Camelot));
}

#[test]
fn holy_grail_lost_costs_each_present_knight_a_life_and_lays_three_black_swords() {
    let mut g = three()
        .hand(0, &[F1, F1, F1])
        .black(&[Black::Despair; 7])
        .start();
    turn(&mut g, DRAW, &[mv(Place::Grail)]);
    quiet_turn(&mut g);
    quiet_turn(&mut g);
    turn(&mut g, DRAW, &[Action::Heal { card: F1 }]);
    assert_eq!(g.life(s(0)), 5);
    quiet_turn(&mut g);
    quiet_turn(&mut g);
    quiet_evil(&mut g); // the seventh Despair
    assert_eq!(g.tally(Quest::Grail).lost, 1);
    assert_eq!(g.life(s(0)), 4);
    assert_eq!(g.swords().black, 3);
    assert_eq!(g.relic(Relic::Grail), RelicState::Removed);
    assert_eq!(g.place(s(0)), Some(Place::Camelot));
    assert!(!g.quest_in_play(Quest::Grail));
}

#[test]
fn excalibur_lost_costs_each_present_knight_a_life_and_lays_two_black_swords() {
    let mut g = three().black(&[Black::Excalibur; 5]).start();
    quiet_turn(&mut g);
    turn(&mut g, DRAW, &[mv(Place::Excalibur)]); // seat 1
    quiet_turn(&mut g);
    quiet_turn(&mut g);
    assert_eq!(g.current(), s(1));
    quiet_evil(&mut g); // the fifth Excalibur card: the dark end
    assert_eq!(g.tally(Quest::Excalibur).lost, 1);
    assert_eq!(g.life(s(1)), 3);
    assert_eq!(g.life(s(0)), 4);
    assert_eq!(g.place(s(1)), Some(Place::Camelot));
    assert_eq!(g.swords().black, 2);
    assert_eq!(g.relic(Relic::Excalibur), RelicState::Removed);
    assert!(!g.quest_in_play(Quest::Excalibur));
}

// -------------------------------------------------------------------------------------------------
// §3.4: sacrifice to 0
// -------------------------------------------------------------------------------------------------

#[test]
fn sacrifice_to_zero_a_grail_won_by_that_very_action_cannot_save_him() {
    // §3.4 (NL p.17): a knight who pays his last life for a second action dies after it "even if
    // this action wins a quest"; "only the Holy Grail could save you, provided it was already won
    // in an earlier quest". Seat 0, at 1 life, sacrifices it and lays the 7th Grail card: the
    // quest is won (three white swords, a life for the others), but the Grail goes with him.
    let mut g = three()
        .white(&[F3; 9])
        .hand(0, &[White::Reinforcements, GRAIL, GRAIL, GRAIL])
        .hand(1, &[GRAIL, GRAIL])
        .hand(2, &[GRAIL, GRAIL])
        .start();
    for _ in 0..3 {
        let evil = if g.current() == s(0) { LIFE } else { ENGINE };
        turn(&mut g, evil, &[mv(Place::Grail)]);
    }
    for _ in 0..6 {
        let evil = if g.current() == s(0) { LIFE } else { ENGINE };
        turn(&mut g, evil, &[Action::PlayGrailCard]);
    }
    assert_eq!(g.life(s(0)), 1);
    evil_engine(&mut g);
    act(&mut g, Action::PlayReinforcements { others: true });
    act(&mut g, Action::Sacrifice);
    let mut events = act(&mut g, Action::PlayGrailCard);
    // The seven cards are shared by the two others only (he picks who is dealt first).
    events.extend(act_as(&mut g, 0, Action::ChooseFirstDealt { seat: s(1) }));
    events.extend(act_as(&mut g, 1, Action::DealAtRandom));
    assert_eq!(g.tally(Quest::Grail).won, 1);
    assert_eq!(g.swords().white, 3);
    assert!(!has_event(&events, |e| matches!(
        e,
        Event::RelicWon {
            relic: Relic::Grail,
            ..
        }
    )));
    assert_eq!(g.relic(Relic::Grail), RelicState::Removed);
    // Nobody is asked to let him drink: he is dead, and the next knight's turn has begun.
    assert!(!g.is_alive(s(0)));
    assert_eq!(g.current(), s(1));
    assert_eq!(g.life(s(1)), 5);
    assert_eq!(g.life(s(2)), 5);
    // One card each from the Reinforcements, and the seven shared.
    assert_eq!(hand(&g, 1).len() + hand(&g, 2).len(), 2 + 7);
}

/// The last Loyal knight (seat 1) pays his last life for the action that lays the 12th sword
/// while the hidden Traitor (seat 0) owns the Grail: the Traitor decides whether to save him
/// before anything is counted. Returns the game with that question asked.
fn last_loyal_knight_dying_with_the_twelfth_sword_and_the_grail_with_the_traitor() -> Game {
    let mut g = three()
        .traitor(0)
        .swords(8, 0)
        .hand(0, &[GRAIL, GRAIL, GRAIL])
        .hand(1, &[GRAIL, GRAIL, F5, F5, F4, F4, White::Heroism])
        .hand(2, &[GRAIL, GRAIL])
        .start();
    // The Grail won by the Traitor: 11 white swords, everyone at 3 life.
    lay_the_grail_for_seat0(&mut g);
    assert_eq!(
        g.swords(),
        Swords {
            white: 11,
            black: 0
        }
    );
    assert_eq!(g.current(), s(1));
    // Seat 1 takes on the Black Knight; seat 2 gives his life away and dies unsaved.
    turn(&mut g, LIFE, &[mv(Place::BlackKnight)]);
    idle_turn_with(&mut g, LIFE);
    idle_turn(&mut g);
    turn(&mut g, LIFE, &[fight(F5)]);
    idle_turn_with(&mut g, LIFE);
    idle_turn(&mut g);
    turn(&mut g, ENGINE, &[fight(F5)]);
    act(&mut g, LIFE);
    // Seat 2 falls: the Grail's owner lets him die.
    assert_eq!(g.decider(), Some(s(0)));
    act(&mut g, Action::Pass);
    assert!(!g.is_alive(s(2)));
    idle_turn(&mut g);
    turn(&mut g, ENGINE, &[fight(F4)]);
    idle_turn(&mut g);
    // Seat 1, the last Loyal knight, at 1 life: Heroism, his last life, and the 4th card.
    assert_eq!((g.current(), g.life(s(1))), (s(1), 1));
    act(&mut g, ENGINE);
    heroism_with_sacrifice(&mut g, Quest::BlackKnight);
    act(&mut g, fight(F4));
    assert_eq!(g.tally(Quest::BlackKnight).won, 1);
    assert_eq!(
        g.swords(),
        Swords {
            white: 13,
            black: 0
        }
    );
    assert_eq!(g.outcome(), None);
    assert_eq!(g.decider(), Some(s(0)));
    assert_eq!(
        g.table_view().pending,
        Some(PendingView::GrailRescue { dying: s(1) })
    );
    g
}

#[test]
fn end_order_the_grails_owner_decides_before_the_twelve_swords_are_counted_left_to_die() {
    // §7.3: not saved, the last Loyal knight dies, and Evil wins whatever the swords.
    let mut g = last_loyal_knight_dying_with_the_twelfth_sword_and_the_grail_with_the_traitor();
    act(&mut g, Action::Pass);
    assert!(!g.is_alive(s(1)));
    assert_eq!(
        g.outcome(),
        outcome(Side::Evil, EndReason::LoyalKnightsDead)
    );
}

#[test]
fn end_order_the_grails_owner_decides_before_the_twelve_swords_are_counted_saved() {
    // §5.2, §7.4: saved, he lives at 4, and the swords are counted: the hidden Traitor turns two
    // white swords black, 11 against 2.
    let mut g = last_loyal_knight_dying_with_the_twelfth_sword_and_the_grail_with_the_traitor();
    act(&mut g, Action::OfferGrail);
    assert_eq!(g.life(s(1)), 4);
    assert_eq!(
        g.swords(),
        Swords {
            white: 11,
            black: 2
        }
    );
    assert_eq!(g.outcome(), outcome(Side::Loyal, EndReason::Swords));
}

// -------------------------------------------------------------------------------------------------
// §4.1 with §7.3: a quest lost by the last Loyal knight's death leaves the board as §4.1 does
// -------------------------------------------------------------------------------------------------

#[test]
fn a_quest_lost_with_the_last_loyal_knight_discards_its_heroism_before_he_dies() {
    // §4.1 step 2 (Heroism noted, then discarded with every card on the quest) comes before
    // step 4 (life): when that life is the last Loyal knight's, the game ends with Heroism in the
    // discard pile, not on the lost War.
    let mut g = last_loyal_knight_on(
        Place::PictWar,
        three()
            .hand(0, &[F1, White::Heroism])
            .black(&[Black::Picts; 4]),
    );
    turn(&mut g, LIFE, &[fight(F1)]); // seat 0: 2 life
    quiet_turn(&mut g); // the 2nd Picts
    let heroism = Action::PlayHeroism {
        quest: Quest::PictWar,
    };
    turn(&mut g, LIFE, &[heroism]); // seat 0: 1 life
    assert_eq!(g.heroism(), Some(Quest::PictWar));
    quiet_turn(&mut g); // the 3rd Picts
    quiet_evil(&mut g); // the 4th Picts: the War is lost, and seat 0 with it
    assert_eq!(g.tally(Quest::PictWar).lost, 1);
    assert_eq!(
        g.outcome(),
        outcome(Side::Evil, EndReason::LoyalKnightsDead)
    );
    assert_eq!(g.heroism(), None);
}

#[test]
fn a_relic_quest_lost_with_the_last_loyal_knight_removes_its_relic() {
    // The Excalibur quest is lost by its 5th card while the last Loyal knight, at 1 life, is on
    // it: he dies (Evil wins at once), the board is turned, and Excalibur — no longer anyone's to
    // win — is out of the game, not left on a quest that is over.
    let mut g = last_loyal_knight_on(
        Place::Excalibur,
        three()
            .engines(6)
            .hand(0, &[MERLIN, MERLIN, MERLIN])
            .black(&[Black::Excalibur; 5]),
    );
    let merlin = Action::MerlinRemovesSiegeEngine;
    turn(&mut g, LIFE, &[merlin]); // seat 0: 2 life
    quiet_turn(&mut g); // the 2nd
    turn(&mut g, LIFE, &[merlin]); // seat 0: 1 life
    quiet_turn(&mut g); // the 3rd
    turn(&mut g, DRAW, &[merlin]); // seat 0 draws the 4th
    assert_eq!((g.life(s(0)), g.place(s(0))), (1, Some(Place::Excalibur)));
    quiet_evil(&mut g); // seat 1 draws the 5th: Excalibur is lost
    assert_eq!(g.tally(Quest::Excalibur).lost, 1);
    assert_eq!(
        g.outcome(),
        outcome(Side::Evil, EndReason::LoyalKnightsDead)
    );
    assert_eq!(g.relic(Relic::Excalibur), RelicState::Removed);
    assert!(!g.quest_in_play(Quest::Excalibur));
}
