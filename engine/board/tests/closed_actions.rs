//! Why a type of Heroic Action is closed (§3.3), as the table reads it beside the open ones:
//! `Game::closed_heroic_actions`.

mod common;
use common::*;

fn heroic(hand: &[White]) -> Game {
    let mut g = three().hand(0, hand).start();
    act(&mut g, Action::AddSiegeEngine);
    g
}

#[test]
fn before_six_swords_or_siege_engines_accusing_says_it_must_wait() {
    let g = heroic(&[White::Fight1]);
    // Move and the quest action are open; no special card, no three alike: nothing to explain.
    assert_eq!(
        g.closed_heroic_actions(s(0)),
        vec![(HeroicType::Accuse, RuleError::AccusationThreshold)]
    );
}

#[test]
fn once_his_action_is_taken_every_other_type_says_none_is_left() {
    let mut g = heroic(&[White::Fight1, White::Fight1, White::Fight1, White::Merlin]);
    act(
        &mut g,
        Action::Move {
            to: Place::BlackKnight,
        },
    );
    let closed = g.closed_heroic_actions(s(0));
    assert_eq!(closed.len(), 5, "{closed:?}");
    // The move is taken: a second life would not open it again.
    assert!(
        closed.contains(&(HeroicType::Move, RuleError::SameActionType)),
        "{closed:?}"
    );
    assert!(
        closed
            .iter()
            .filter(|(kind, _)| *kind != HeroicType::Move)
            .all(|(_, why)| *why == RuleError::NoActionLeft),
        "{closed:?}"
    );
}

#[test]
fn after_moving_to_a_war_its_first_card_is_not_said_out_of_order() {
    // Fight 1 is the Pict War's next card and a siege engine stands for the Merlin: what closes
    // them is the action already taken, nothing about the card or the siege.
    let mut g = heroic(&[White::Fight1, White::Fight3, White::Merlin]);
    act(&mut g, Action::Move { to: Place::PictWar });
    let closed = g.closed_heroic_actions(s(0));
    for kind in [HeroicType::QuestAction, HeroicType::SpecialCard] {
        assert!(
            closed.contains(&(kind, RuleError::NoActionLeft)),
            "{kind:?}: {closed:?}"
        );
    }
    assert_eq!(
        g.check(
            s(0),
            Action::PlayFightCard {
                card: White::Fight1
            }
        ),
        Err(RuleError::NoActionLeft)
    );
    act(&mut g, Action::Sacrifice);
    assert_eq!(
        g.check(
            s(0),
            Action::PlayFightCard {
                card: White::Fight1
            }
        ),
        Ok(())
    );
    assert_eq!(
        g.check(
            s(0),
            Action::PlayFightCard {
                card: White::Fight3
            }
        ),
        Err(RuleError::NotTheNextValue {
            card: White::Fight3
        })
    );
}

#[test]
fn after_a_sacrifice_the_type_already_taken_says_so() {
    let mut g = heroic(&[White::Fight1, White::Fight2]);
    act(
        &mut g,
        Action::Move {
            to: Place::BlackKnight,
        },
    );
    act(&mut g, Action::Sacrifice);
    let closed = g.closed_heroic_actions(s(0));
    assert!(
        closed.contains(&(HeroicType::Move, RuleError::SameActionType)),
        "{closed:?}"
    );
    // The Black Knight's quest action (a Fight card) is open.
    assert!(
        !closed.iter().any(|(k, _)| *k == HeroicType::QuestAction),
        "{closed:?}"
    );
}

#[test]
fn a_special_card_held_but_barred_says_why() {
    // Vivien's spell bars every Merlin.
    let mut g = three()
        .hand(0, &[White::Merlin])
        .black(&[Black::Vivien])
        .start();
    act(&mut g, Action::DrawBlackCard);
    settle(&mut g);
    assert_eq!(g.decider(), Some(s(0)));
    assert_eq!(g.phase(), Phase::HeroicActions);
    let closed = g.closed_heroic_actions(s(0));
    assert!(
        closed.contains(&(HeroicType::SpecialCard, RuleError::VivienInEffect)),
        "{closed:?}"
    );
}

#[test]
fn outside_his_own_heroic_actions_nothing_is_listed() {
    let mut g = three().hand(0, &[White::Fight1]).start();
    // His Progression of Evil.
    assert!(g.closed_heroic_actions(s(0)).is_empty());
    act(&mut g, Action::AddSiegeEngine);
    // Another seat's: not his decision.
    assert!(g.closed_heroic_actions(s(1)).is_empty());
}

#[test]
fn at_the_black_knight_a_fight_card_that_does_not_fit_says_so() {
    // Fight 1, Fight 1 and Fight 2 played on the Black Knight (two pairs of different values), and
    // only a third Fight 1 left in hand: the quest action is closed because that card breaks the
    // pattern, not because it is "the action of another place".
    let mut g = three().hand(0, &[F1, F1, F2, F1]).start();
    // The others' turns: a life or a siege engine by turns (twelve engines would end the game).
    let others = |g: &mut Game| {
        while g.current() != s(0) {
            let evil = if g.turn().is_multiple_of(2) {
                LIFE
            } else {
                ENGINE
            };
            idle_turn_with(g, evil);
        }
    };
    let seat0_turn = |g: &mut Game, actions: &[Action]| {
        others(g);
        turn(g, ENGINE, actions);
    };
    seat0_turn(&mut g, &[mv(Place::BlackKnight)]);
    seat0_turn(&mut g, &[fight(F1)]);
    seat0_turn(&mut g, &[fight(F1)]);
    seat0_turn(&mut g, &[fight(F2)]);
    others(&mut g);
    act(&mut g, ENGINE);
    assert_eq!(hand(&g, 0), [F1]);
    assert!(
        g.closed_heroic_actions(s(0)).contains(&(
            HeroicType::QuestAction,
            RuleError::PatternBroken { card: F1 }
        )),
        "{:?}",
        g.closed_heroic_actions(s(0))
    );
}

#[test]
fn with_a_full_hand_drawing_at_the_round_table_says_why_while_a_siege_fight_is_open() {
    let hand = [F1; 12];
    let mut g = three().hand(0, &hand).engines(3).start();
    act(&mut g, Action::AddSiegeEngine);
    assert!(legal(&g, Action::FightSiegeEngine));
    assert!(!legal(&g, Action::DrawWhiteCards));
    assert!(
        g.closed_heroic_actions(s(0))
            .contains(&(HeroicType::QuestAction, RuleError::HandFull)),
        "{:?}",
        g.closed_heroic_actions(s(0))
    );
}

#[test]
fn the_twelfth_siege_engine_is_said_to_end_the_game_before_it_is_chosen() {
    let g = three().engines(11).start();
    assert_eq!(
        g.danger(s(0), Action::AddSiegeEngine),
        Some(Danger::EvilWinsAtOnce)
    );
    assert_eq!(g.danger(s(0), Action::LoseLife), None);
    let g = three().engines(10).start();
    assert_eq!(g.danger(s(0), Action::AddSiegeEngine), None);
}

#[test]
fn a_black_card_drawn_at_eleven_siege_engines_is_said_to_risk_the_twelfth() {
    let g = three().engines(11).start();
    assert_eq!(
        g.danger(s(0), Action::DrawBlackCard),
        Some(Danger::MayBringTheTwelfthSiegeEngine)
    );
    let g = three().engines(9).start();
    assert_eq!(g.danger(s(0), Action::DrawBlackCard), None);
}

#[test]
fn what_a_choice_is_sure_to_cost_leaves_out_what_a_black_card_only_may_bring() {
    // At eleven siege engines: the twelfth added is sure to end the game, a black card only may.
    let g = three().engines(11).start();
    assert_eq!(
        g.sure_danger(s(0), Action::AddSiegeEngine),
        Some(Danger::EvilWinsAtOnce)
    );
    assert_eq!(g.sure_danger(s(0), Action::DrawBlackCard), None);
    assert!(g.danger(s(0), Action::DrawBlackCard).is_some());
    // A last life given is sure to cost it.
    let g = three().squires_at_one_life(&[0]).start();
    assert_eq!(
        g.sure_danger(s(0), Action::LoseLife),
        Some(Danger::CostsHisLastLife)
    );
}

#[test]
fn a_black_card_drawn_at_ten_siege_engines_is_said_to_risk_morgans_two_while_she_may_come() {
    // At ten, Morgan's card that adds two would be the twelfth: said while it may still be drawn.
    let g = three().engines(10).start();
    assert_eq!(
        g.danger(s(0), Action::DrawBlackCard),
        Some(Danger::MayBringTwoSiegeEnginesAndTheTwelfth)
    );
    // Drawn at eight, it lies in the discard pile: at ten, nothing to say.
    let mut g = three().engines(8).black(&[Black::Morgan4]).start();
    draw_black_all_pass(&mut g);
    assert_eq!(g.table_view().siege_engines, 10);
    assert_eq!(g.danger(s(0), Action::DrawBlackCard), None);
}

#[test]
fn a_choice_that_costs_the_last_life_is_said_to() {
    let mut g = three().squires_at_one_life(&[0]).hand(0, &[F1, F2]).start();
    assert_eq!(
        g.danger(s(0), Action::LoseLife),
        Some(Danger::CostsHisLastLife)
    );
    act(&mut g, Action::AddSiegeEngine);
    act(&mut g, mv(Place::PictWar));
    assert_eq!(
        g.danger(s(0), Action::Sacrifice),
        Some(Danger::CostsHisLastLife)
    );
    // With life to spare, nothing is certain.
    let g = three().start();
    assert_eq!(g.danger(s(0), Action::LoseLife), None);
}

#[test]
fn a_black_card_that_may_lose_a_quest_for_the_seventh_black_sword_is_said_to() {
    use Black::BlackKnight1 as BK1;
    // Three Black Knight cards on its four black spaces: the next one ends the quest, and its
    // black sword, lost, would be the seventh.
    let mut g = three().black(&[BK1, BK1, BK1]).swords(0, 6).start();
    for _ in 0..3 {
        quiet_turn(&mut g);
    }
    assert_eq!(
        g.danger(s(0), Action::DrawBlackCard),
        Some(Danger::MayLoseAQuestAndTheSeventhBlackSword {
            quest: Quest::BlackKnight
        })
    );
    // Five black swords: the quest may be lost, the game not yet.
    let mut g = three().black(&[BK1, BK1, BK1]).swords(0, 5).start();
    for _ in 0..3 {
        quiet_turn(&mut g);
    }
    assert_eq!(g.danger(s(0), Action::DrawBlackCard), None);
}

#[test]
fn a_black_card_that_may_lose_a_war_for_the_twelfth_siege_engine_is_said_to() {
    // Three Picts: the fourth loses the Pict War, whose two siege engines would be the eleventh
    // and the twelfth.
    let picts = [Black::Picts, Black::Picts, Black::Picts];
    let mut g = three().black(&picts).engines(10).start();
    for _ in 0..3 {
        quiet_turn(&mut g);
    }
    assert_eq!(
        g.danger(s(0), Action::DrawBlackCard),
        Some(Danger::MayLoseAWarAndTheTwelfthSiegeEngine {
            quest: Quest::PictWar
        })
    );
    // Nine siege engines: eleven after the War, the game goes on.
    let mut g = three().black(&picts).engines(9).start();
    for _ in 0..3 {
        quiet_turn(&mut g);
    }
    assert_eq!(g.danger(s(0), Action::DrawBlackCard), None);
}
