//! The built-in policy's choices in set positions, and the reasons it gives for them
//! (`SimplePolicy::choose_with_reason`), which must match the action chosen.

mod common;
use camelot_board::sim::{Clue, Reason, SimplePolicy};
use camelot_kit::{Player, rng_from_seed};
use common::*;

/// The built-in policy's choice and its reason, from the decider's own view: the same choice
/// as the simulation's, from the same randomness.
fn choice(g: &Game) -> (Action, Reason) {
    let (action, reason) = policy_choice(g);
    let seat = g.decider().expect("somebody decides");
    let legal = g.legal_actions();
    let mut rng = rng_from_seed(7);
    let chosen = SimplePolicy.choose(&g.glimpse(seat), &legal, &mut rng);
    assert_eq!(chosen.map(|i| legal[i]), Some(action));
    (action, reason)
}

#[test]
fn a_knight_with_few_siege_engines_around_adds_one_and_says_so() {
    let g = three().start();
    assert_eq!(
        choice(&g),
        (
            Action::AddSiegeEngine,
            Reason::AddsSiegeEngine { engines: 0 }
        )
    );
}

#[test]
fn the_next_knight_gives_a_spare_life_rather_than_add_a_second_siege_engine() {
    let mut g = three().start();
    idle_turn_with(&mut g, Action::AddSiegeEngine);
    assert_eq!(g.siege_engines(), 1);
    // Seat 1, with the 4 life a knight starts with: a life costs less than a second siege engine,
    // which stays around Camelot till it is fought, while a life can be healed.
    assert_eq!(g.current(), s(1));
    assert_eq!(
        choice(&g),
        (Action::LoseLife, Reason::LosesLife { life: 4 })
    );
}

/// Three knights; seat 0, holding `cards`, gives three lives to Evil in three rounds and is at his
/// next Heroic Actions with 1 life left.
fn at_one_life(cards: &[White]) -> Game {
    let mut g = three().hand(0, cards).start();
    for _ in 0..3 {
        idle_turn_with(&mut g, Action::LoseLife);
        idle_turn(&mut g);
        idle_turn(&mut g);
    }
    act(&mut g, Action::AddSiegeEngine);
    assert_eq!(g.life(s(0)), 1);
    g
}

#[test]
fn a_knight_at_one_life_heals_and_says_so() {
    let g = at_one_life(&[F2, F2, F2, GRAIL]);
    assert_eq!(
        choice(&g),
        (Action::Heal { card: F2 }, Reason::Heals { life: 1 })
    );
}

#[test]
fn a_knight_goes_to_the_war_he_can_advance_and_fights_it() {
    // A hand full enough that drawing more in Camelot is not worth more than the War.
    let mut g = three()
        .hand(0, &[F1, F3, F5, GRAIL, GRAIL])
        .black(&[Black::Picts, Black::Picts, Black::Picts])
        .start();
    // Three Picts on the board.
    for _ in 0..3 {
        quiet_turn(&mut g);
    }
    act(&mut g, Action::AddSiegeEngine);
    assert_eq!(g.war(Quest::PictWar).unwrap().warriors, 3);
    assert_eq!(
        choice(&g),
        (
            Action::Move { to: Place::PictWar },
            Reason::GoesToWar {
                war: Quest::PictWar,
                warriors: 3
            }
        )
    );
    move_and_end(&mut g, Place::PictWar);
    idle_turn(&mut g);
    idle_turn(&mut g);
    act(&mut g, Action::AddSiegeEngine);
    assert_eq!(
        choice(&g),
        (
            Action::PlayFightCard { card: F1 },
            Reason::FightsWar {
                war: Quest::PictWar,
                warriors: 3
            }
        )
    );
}

#[test]
fn a_loyal_knight_accuses_the_knight_who_stands_out_when_it_wins_the_game() {
    let mut g = engines_by_seat_3(four().traitor(3), 7, 4, 5);
    assert_eq!(g.deeds(s(3)).siege_engines_added, 5);
    let (action, reason) = choice(&g);
    assert_eq!(action, Action::Accuse { target: s(3) });
    assert_eq!(
        reason,
        Reason::Accuses {
            target: s(3),
            percent: 43,
            clue: Clue::AddedSiegeEngines { count: 5 }
        }
    );
    // The twelfth sword is white, and the Traitor cannot flip two: the knights win.
    act(&mut g, action);
    assert_eq!(g.outcome(), outcome(Side::Loyal, EndReason::Swords));
}

#[test]
fn a_loyal_knight_does_not_accuse_on_a_thin_record() {
    // One siege engine apart: not enough to risk a sword on.
    let g = engines_by_seat_3(four().traitor(3), 7, 4, 1);
    assert!(!matches!(choice(&g).0, Action::Accuse { .. }));
}

#[test]
fn a_loyal_knight_never_accuses_when_a_wrong_accusation_lays_the_seventh_black_sword() {
    let mut g = four().traitor(3).swords(4, 6).start();
    for _ in 0..3 {
        for _ in 0..3 {
            idle_turn_with(&mut g, Action::LoseLife);
        }
        idle_turn_with(&mut g, Action::AddSiegeEngine);
    }
    act(&mut g, Action::AddSiegeEngine);
    assert!(legal(&g, Action::Accuse { target: s(3) }));
    assert!(!matches!(choice(&g).0, Action::Accuse { .. }));
}

#[test]
fn the_hidden_traitor_adds_siege_engines_only_where_it_does_not_show() {
    // Seat 1 is the Traitor; eight siege engines, late enough for him to add more.
    let mut g = four().traitor(1).engines(8).start();
    idle_turn_with(&mut g, Action::AddSiegeEngine);
    // Seat 0 has added one, but this early one siege engine would lift the others' belief in him
    // much more than a life given: he gives the life …
    assert_eq!(choice(&g).0, Action::LoseLife);
    idle_turn_with(&mut g, Action::AddSiegeEngine);
    idle_turn_with(&mut g, Action::LoseLife);
    idle_turn_with(&mut g, Action::LoseLife);
    idle_turn_with(&mut g, Action::LoseLife);
    // … but a second one, when the others have added one at most, would show.
    assert_eq!(g.current(), s(1));
    assert_ne!(choice(&g).0, Action::AddSiegeEngine);
    // His reasons are a Loyal knight's.
    assert!(!matches!(choice(&g).1, Reason::RevealsHimself));
}

#[test]
fn a_reason_is_given_for_every_choice_of_whole_games() {
    let mut rng = rng_from_seed(3);
    for players in [3, 5, 7] {
        let mut g = Game::new(&Setup::new(players, 40 + u64::from(players))).unwrap();
        while let Some(seat) = g.decider() {
            let legal = g.legal_actions();
            let (i, reason) = SimplePolicy
                .choose_with_reason(&g.glimpse(seat), &legal, &mut rng)
                .unwrap();
            let a = legal[i];
            // The reason speaks of the action taken.
            let fits = match reason {
                Reason::OnlyChoice => legal.len() == 1,
                Reason::Heals { .. } => matches!(a, Action::Heal { .. }),
                Reason::AddsSiegeEngine { .. } => a == Action::AddSiegeEngine,
                Reason::DrawsBlackCard { .. } | Reason::DrawsSeenCard { .. } => {
                    a == Action::DrawBlackCard
                }
                Reason::LosesLife { .. } => a == Action::LoseLife,
                Reason::GoesToWar { war, .. } => a == Action::Move { to: war.place() },
                Reason::Accuses { target, .. } => a == Action::Accuse { target },
                Reason::EndsTurn => a == Action::EndTurn,
                _ => true,
            };
            assert!(fits, "{a:?} for {reason:?}");
            g.apply(seat, a).unwrap();
        }
    }
}

/// What a computer knight of `level` chooses for the decider, from its own view, over many draws
/// of its randomness.
fn choices_at(g: &Game, level: camelot_board::levels::Level) -> Vec<Action> {
    let seat = g.decider().expect("somebody decides");
    let legal = g.legal_actions();
    (0..40)
        .map(|seed| {
            let mut rng = rng_from_seed(seed);
            let i = camelot_board::levels::Computer { level }.choose(
                &g.glimpse(seat),
                &legal,
                &mut rng,
            );
            i.map_or(Action::Pass, |i| legal[i])
        })
        .collect()
}

use camelot_board::levels::Level;

#[test]
fn the_expert_never_adds_the_twelfth_siege_engine_when_another_evil_is_open() {
    let g = three().engines(11).start();
    assert!(legal(&g, Action::AddSiegeEngine) && legal(&g, Action::LoseLife));
    assert!(
        choices_at(&g, Level::Expert)
            .iter()
            .all(|&a| a != Action::AddSiegeEngine)
    );
}

#[test]
fn the_expert_never_gives_his_last_life_to_evil_when_another_evil_does_not_lose_the_game() {
    // Seat 0 a squire at 1 life, ten siege engines around Camelot: the built-in policy, seeing a
    // siege engine cost much and a life cost little, would give his last life; the expert adds
    // the eleventh engine or draws, and lives.
    let g = three()
        .squire(0)
        .options(|o| o.squire_life = 1)
        .engines(10)
        .start();
    assert_eq!(g.life(s(0)), 1);
    assert!(
        choices_at(&g, Level::Solid).contains(&Action::LoseLife),
        "the position does not test anything"
    );
    assert!(
        choices_at(&g, Level::Expert)
            .iter()
            .all(|&a| a != Action::LoseLife)
    );
}

#[test]
fn the_expert_never_sacrifices_his_last_life_for_a_second_action() {
    let mut g = three()
        .squire(0)
        .options(|o| o.squire_life = 1)
        .hand(0, &[F1, F2, F3])
        .start();
    act(&mut g, Action::AddSiegeEngine);
    act(&mut g, mv(Place::PictWar));
    assert!(legal(&g, Action::Sacrifice));
    assert!(
        choices_at(&g, Level::Expert)
            .iter()
            .all(|&a| a != Action::Sacrifice)
    );
}

/// A knight in Camelot with six cards, 7 points of them Fight cards: at 9 siege engines he keeps
/// them (a fight waits for 8 points there), from 10 on he fights before drawing more.
#[test]
fn a_knight_fights_the_siege_first_from_ten_engines_on() {
    for (engines, fights) in [(9, false), (10, true), (11, true)] {
        let mut g = three()
            .hand(0, &[F3, F4, GRAIL, GRAIL, GRAIL, GRAIL])
            .engines(engines - 1)
            .start();
        act(&mut g, Action::AddSiegeEngine);
        assert_eq!(g.siege_engines(), engines);
        let (action, _) = choice(&g);
        assert_eq!(
            action == Action::FightSiegeEngine,
            fights,
            "{engines}: {action:?}"
        );
    }
}

/// Sir Tristan draws white cards in Camelot (his quest action this turn) and leaves for free to the
/// Holy Grail with Grail cards in hand: a life for a second action would not buy a Grail card
/// played there (one quest action a turn), so he keeps his life.
#[test]
fn a_knight_does_not_buy_a_second_action_with_a_life_once_his_quest_action_is_taken() {
    let mut g = table(&[Knight::SirTristan, Knight::SirGawain, Knight::SirGalahad])
        .hand(0, &[GRAIL, GRAIL, GRAIL, F1])
        .white(&[F2, F3, F4, F5])
        .start();
    act(&mut g, Action::AddSiegeEngine);
    act(&mut g, Action::DrawWhiteCards);
    act(&mut g, mv(Place::Grail));
    assert!(legal(&g, Action::Sacrifice));
    assert!(!legal(&g, Action::PlayGrailCard));
    for level in [Level::Solid, Level::Expert] {
        let chosen = choices_at(&g, level);
        assert!(
            !chosen.contains(&Action::Sacrifice),
            "{level:?}: {chosen:?}"
        );
    }
}

/// The Fight cards a knight lays in a siege fight, one at a time, and the roll: what the built-in
/// policy does from the first card to the die.
fn siege_fight(g: &mut Game) -> Vec<Action> {
    act(g, Action::FightSiegeEngine);
    let mut laid = Vec::new();
    loop {
        let (action, _) = choice(g);
        laid.push(action);
        act(g, action);
        if action == Action::RollSiegeDie {
            return laid;
        }
    }
}

/// A siege fight is sure once its total beats every face of the d8 (9): a knight holding two 5s,
/// a 4 and a 1 lays a 5, then the 4 that makes it sure rather than the other 5, and rolls.
#[test]
fn a_siege_fight_takes_the_smallest_card_that_makes_it_sure() {
    let mut g = three().hand(0, &[F5, F5, F4, F1]).engines(3).start();
    act(&mut g, Action::AddSiegeEngine);
    assert_eq!(
        siege_fight(&mut g),
        [
            Action::AddToFight { card: F5 },
            Action::AddToFight { card: F4 },
            Action::RollSiegeDie
        ]
    );
    assert_eq!(hand(&g, 0), [F1, F5]);
}

/// Sir Kay may add a Fight card after the roll in his own siege fight: with a 5 and a 4 in hand he
/// lays the 5 and rolls, keeping the 4 for the roll that would beat 5.
#[test]
fn sir_kay_rolls_once_his_largest_card_would_make_the_fight_sure() {
    let mut g = table(&[Knight::SirKay, Knight::SirGawain, Knight::SirGalahad])
        .hand(0, &[F5, F4, F1, F1])
        .engines(3)
        .start();
    act(&mut g, Action::AddSiegeEngine);
    assert_eq!(
        siege_fight(&mut g),
        [Action::AddToFight { card: F5 }, Action::RollSiegeDie]
    );
}

/// At 1 life with three Fight 1s and three Fight 5s, a knight heals with the 1s (the 5s win
/// fights).
#[test]
fn a_knight_heals_with_the_triple_least_useful_to_keep() {
    let g = at_one_life(&[F5, F5, F5, F1, F1, F1]);
    // Whatever the noise that breaks the policy's ties.
    let chosen = choices_at(&g, Level::Solid);
    assert!(
        chosen.iter().all(|&a| a == Action::Heal { card: F1 }),
        "{chosen:?}"
    );
}

/// Three Merlins are three siege engines the knights could remove: a Loyal knight gives his to
/// cancel Vivien (no Merlin until a quest is won) or Morgan's card that costs every knight a life,
/// but not Guinevere (everyone back to Camelot) or Morgan's call for a volunteer.
#[test]
fn merlins_cancel_the_black_cards_worth_three_siege_engines_only() {
    for (card, cancels) in [
        (Black::Vivien, true),
        (Black::Morgan1, true),
        (Black::Morgan3, true),
        (Black::Guinevere, false),
        (Black::Morgan2, false),
        (Black::Morgan5, false),
    ] {
        let mut g = three()
            .hand(0, &[MERLIN, F1])
            .hand(1, &[MERLIN, F1])
            .black(&[card])
            .start();
        act(&mut g, Action::DrawBlackCard);
        let (action, _) = choice(&g);
        assert_eq!(
            matches!(action, Action::CommitMerlins { .. }),
            cancels,
            "{card:?}: {action:?}"
        );
    }
}

/// Once the Excalibur quest is over, its black cards bring siege engines: its owner lets one
/// through at 5 siege engines, but gives Excalibur to cancel the one that would bring the twelfth.
#[test]
fn excalibur_cancels_the_black_card_that_would_bring_the_twelfth_siege_engine() {
    for (engines, cancels) in [(5, false), (11, true)] {
        let b = three().black(&[Black::Excalibur]).engines(engines - 4);
        let mut g = excalibur_for_seat0(b, &[F2]);
        assert_eq!(g.siege_engines(), engines);
        act_as(&mut g, 1, Action::DrawBlackCard);
        assert_eq!(g.decider(), Some(s(0)));
        let (action, _) = choice(&g);
        assert_eq!(action == Action::SacrificeExcalibur, cancels, "{engines}");
    }
}

/// Sir Percival looks at the top black card before his Progression of Evil: a Black Knight 1 is
/// harmless while the tournament has room, but with three Black Knight cards on it the fourth
/// loses the tournament, and he leaves it on top.
#[test]
fn percival_leaves_on_top_the_black_card_that_would_lose_a_quest() {
    for (laid, draws) in [(2, true), (3, false)] {
        let mut black = vec![Black::BlackKnight1; laid];
        black.push(Black::BlackKnight1);
        let mut g = table(&[Knight::SirPercival, Knight::SirGawain, Knight::SirGalahad])
            .hand(0, &[F1, F2])
            .black(&black)
            .engines(3)
            .start();
        // Seat 0 looks first and takes the quiet turns the others do.
        for _ in 0..laid {
            if legal(&g, Action::PercivalLook) {
                act(&mut g, Action::PercivalLook);
            }
            quiet_turn(&mut g);
        }
        while g.current() != s(0) {
            idle_turn(&mut g);
        }
        assert_eq!(g.combat(Quest::BlackKnight).unwrap().black().count(), laid);
        act(&mut g, Action::PercivalLook);
        let (action, _) = choice(&g);
        assert_eq!(action == Action::DrawBlackCard, draws, "{laid}: {action:?}");
    }
}

/// King Arthur at the Pict War gives the Grail card he cannot use there to the knight at the
/// Grail, who plays it on his quest, and gets one of that knight's cards back: once his two
/// actions are taken, before his turn ends.
#[test]
fn king_arthur_gives_his_grail_card_to_the_knight_at_the_grail() {
    let mut g = table(&[Knight::KingArthur, Knight::SirGawain, Knight::SirGalahad])
        .hand(0, &[F1, F2, GRAIL])
        .hand(1, &[F5, F5])
        .white(&[F4, F4, F4, F4, F4, F4])
        .black(&[Black::Picts, Black::Picts, Black::Picts])
        .start();
    quiet_turn(&mut g);
    quiet_evil(&mut g);
    move_and_end(&mut g, Place::Grail);
    quiet_turn(&mut g);
    assert_eq!(g.war(Quest::PictWar).unwrap().warriors, 3);
    act(&mut g, Action::AddSiegeEngine);
    let mut arthur = Vec::new();
    while g.phase() == Phase::HeroicActions && g.decider() == Some(s(0)) {
        let (action, reason) = choice(&g);
        arthur.push((action, reason));
        act(&mut g, action);
        if g.decider() == Some(s(1)) {
            // Sir Gawain gives a card back.
            let (give_back, _) = choice(&g);
            act(&mut g, give_back);
        }
    }
    assert!(
        arthur.contains(&(
            Action::ArthurExchange {
                to: s(1),
                card: GRAIL
            },
            Reason::ExchangesCards {
                to: s(1),
                place: Place::Grail
            }
        )),
        "{arthur:?}"
    );
    assert_eq!(hand(&g, 1), [F5, GRAIL]);
    assert!(!hand(&g, 0).contains(&GRAIL));
}

/// A knight in Camelot holding the Pict War's next Fight cards, one Pict on the board: he goes
/// to the War and gives a life for a second action, to lay a card there at once. The hidden
/// Traitor of the expert level does the same, so that his record of cards played on quests keeps
/// up with the Loyal knights' (what their belief in him reads); the built-in policy's Traitor ends
/// his turn there and falls behind.
#[test]
fn the_expert_traitor_buys_a_second_action_for_a_quest_as_a_loyal_knight_does() {
    let at_the_war = |traitor: bool| {
        let mut b = four().hand(0, &[F1, F2, F3]).black(&[Black::Picts]);
        if traitor {
            b = b.traitor(0);
        }
        let mut g = b.start();
        quiet_evil(&mut g);
        act(&mut g, mv(Place::PictWar));
        assert!(legal(&g, Action::Sacrifice));
        assert_eq!(g.war(Quest::PictWar).map(|w| w.warriors), Some(1));
        g
    };
    let loyal = at_the_war(false);
    assert!(
        choices_at(&loyal, Level::Expert)
            .iter()
            .all(|&a| a == Action::Sacrifice)
    );
    let traitor = at_the_war(true);
    assert!(
        choices_at(&traitor, Level::Solid)
            .iter()
            .all(|&a| a == Action::EndTurn)
    );
    assert!(
        choices_at(&traitor, Level::Expert)
            .iter()
            .all(|&a| a == Action::Sacrifice)
    );
}
