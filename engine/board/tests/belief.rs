//! The computer knights' belief over who the Traitor is (`sim::Belief`), and the accusations it
//! leads to, in positions built for them.

mod common;
use camelot_board::sim::{Belief, Reason};
use common::*;

/// What seat 0 believes.
fn belief_of_seat_0(g: &Game) -> Belief {
    Belief::of(&g.glimpse(s(0)))
}

fn sums_to_one(b: &Belief) -> bool {
    (b.seats.iter().sum::<f64>() + b.nobody - 1.0).abs() < 1e-9
}

#[test]
fn the_prior_of_nobody_follows_the_player_count_and_the_deal() {
    // §6.5: 8 cards to N knights; a Loyal knight knows one Loyal card is his.
    for (n, nobody) in [
        (3, 5.0 / 7.0),
        (4, 4.0 / 7.0),
        (5, 3.0 / 7.0),
        (7, 1.0 / 7.0),
    ] {
        assert!((Belief::prior_nobody(TraitorRule::Standard, n) - nobody).abs() < 1e-12);
    }
    // §8.2: N + 1 cards, one stays out.
    for n in [3, 4, 5, 7] {
        let nobody = Belief::prior_nobody(TraitorRule::AmongUs, n);
        assert!((nobody - 1.0 / f64::from(n)).abs() < 1e-12);
    }
    // §8.1: no Traitor card at all.
    assert_eq!(Belief::prior_nobody(TraitorRule::NoTraitor, 5), 1.0);

    // Before any deed the belief is the prior, shared evenly among the others.
    let g = four().traitor(3).start();
    let b = belief_of_seat_0(&g);
    assert!(sums_to_one(&b));
    assert!((b.nobody - 4.0 / 7.0).abs() < 1e-9, "{b:?}");
    assert_eq!(b.of_seat(s(0)), 0.0);
    for seat in 1..4 {
        assert!((b.of_seat(s(seat)) - 1.0 / 7.0).abs() < 1e-9, "{b:?}");
    }
    // Among us, and without a Traitor.
    let g = four().options(|o| o.traitor = TraitorRule::AmongUs).start();
    assert!((belief_of_seat_0(&g).nobody - 0.25).abs() < 1e-9);
    let g = four()
        .options(|o| o.traitor = TraitorRule::NoTraitor)
        .start();
    let b = belief_of_seat_0(&g);
    assert_eq!(b.nobody, 1.0);
    assert!(b.seats.iter().all(|&p| p == 0.0));
}

#[test]
fn the_hidden_traitor_knows_himself() {
    let g = four().traitor(2).start();
    let b = Belief::of(&g.glimpse(s(2)));
    assert_eq!(b.of_seat(s(2)), 1.0);
    assert_eq!(b.nobody, 0.0);
    // What the others make of him is worked out from the public record alone.
    assert_eq!(
        Belief::held_by(&g.glimpse(s(2)), s(0)),
        belief_of_seat_0(&g)
    );
}

#[test]
fn the_belief_rises_for_a_knight_who_adds_siege_engines_turn_after_turn() {
    let mut g = four().traitor(3).black(&QUIET_BLACK).start();
    let mut last = belief_of_seat_0(&g).of_seat(s(3));
    for round in 0..5 {
        // The others draw a harmless black card; seat 3 adds a siege engine.
        for _ in 0..3 {
            quiet_turn(&mut g);
        }
        idle_turn_with(&mut g, Action::AddSiegeEngine);
        let b = belief_of_seat_0(&g);
        assert!(sums_to_one(&b));
        let now = b.of_seat(s(3));
        assert!(now > last, "round {round}: {now} after {last}");
        // He stands out from the others.
        for other in [1, 2] {
            assert!(now > b.of_seat(s(other)), "{b:?}");
        }
        last = now;
    }
    assert!(last > 0.35, "{last}");
}

#[test]
fn a_knight_shown_loyal_has_belief_zero() {
    let mut g = four().traitor(3).engines(5).black(&QUIET_BLACK).start();
    // Seat 1 adds siege engines (the sixth allows accusations); the others draw.
    idle_turn_with(&mut g, Action::DrawBlackCard);
    idle_turn_with(&mut g, Action::AddSiegeEngine);
    assert!(g.threshold_met());
    let before = belief_of_seat_0(&g);
    assert!(before.of_seat(s(1)) > 0.0);
    // Seat 2 accuses him: he is Loyal, and everybody sees it.
    assert_eq!(g.current(), s(2));
    quiet_evil(&mut g);
    act(&mut g, Action::Accuse { target: s(1) });
    assert_eq!(g.shown_loyal_on(s(1)), Some(g.turn()));
    let after = belief_of_seat_0(&g);
    assert!(sums_to_one(&after));
    assert_eq!(after.of_seat(s(1)), 0.0);
    // What was his share went to the others and to nobody.
    assert!(after.of_seat(s(3)) > before.of_seat(s(3)));
    assert!(after.nobody > before.nobody);
}

#[test]
fn never_accuses_when_a_wrong_accusation_would_lay_the_seventh_black_sword() {
    // The record points at seat 3 as strongly as in the next test, but a wrong accusation would
    // flip the seventh black sword.
    let g = engines_by_seat_3(four().traitor(3), 5, 6, 5);
    assert!(legal(&g, Action::Accuse { target: s(3) }));
    assert!(belief_of_seat_0(&g).of_seat(s(3)) > 0.4);
    assert!(!matches!(policy_choice(&g).0, Action::Accuse { .. }));
}

#[test]
fn accuses_when_the_belief_is_high_and_a_correct_accusation_wins() {
    let mut g = engines_by_seat_3(four().traitor(3), 7, 4, 5);
    let belief = belief_of_seat_0(&g);
    let (action, reason) = policy_choice(&g);
    assert_eq!(action, Action::Accuse { target: s(3) });
    // The reason carries the belief in percent.
    let Reason::Accuses {
        target, percent, ..
    } = reason
    else {
        panic!("{reason:?}");
    };
    assert_eq!(target, s(3));
    assert_eq!(percent, belief.percent(s(3)));
    assert!(percent >= 40, "{percent}");
    // The twelfth sword is white, and the Traitor cannot flip two: the knights win.
    act(&mut g, action);
    assert_eq!(g.outcome(), outcome(Side::Loyal, EndReason::Swords));
}

#[test]
fn does_not_accuse_on_a_thin_record() {
    // One siege engine apart: not enough to risk a sword on.
    let g = engines_by_seat_3(four().traitor(3), 7, 4, 1);
    assert!(belief_of_seat_0(&g).of_seat(s(3)) < 0.4);
    assert!(!matches!(policy_choice(&g).0, Action::Accuse { .. }));
}

/// The Loyal knights' chance from the swords alone, worked out directly: each sword to come white
/// with 0.45 and coming at all with 0.93; at twelve a hidden Traitor turns two white ones.
fn swords_reckoned(w: i32, b: i32, hidden: f64) -> f64 {
    if b >= 7 {
        return 0.0;
    }
    if w + b >= 12 {
        let turned = w.min(2);
        let plain = f64::from(u8::from(w > b));
        let flipped = f64::from(u8::from(w - turned > b + turned));
        return hidden * flipped + (1.0 - hidden) * plain;
    }
    0.93 * (0.45 * swords_reckoned(w + 1, b, hidden) + 0.55 * swords_reckoned(w, b + 1, hidden))
}

#[test]
fn the_chance_from_the_swords_is_the_one_reckoned_sword_by_sword() {
    use camelot_board::sim::sword_chance;
    for w in 0..=12 {
        for b in 0..=(12 - w).min(7) {
            for hidden in [0.0, 0.3, 1.0] {
                let (got, want) = (sword_chance(w, b, hidden), swords_reckoned(w, b, hidden));
                assert!(
                    (got - want).abs() < 1e-12,
                    "{w} white, {b} black: {got} ≠ {want}"
                );
            }
        }
    }
    // Eleven swords, six of them white: the last one white wins unless a hidden Traitor turns two.
    assert!((sword_chance(6, 5, 0.0) - 0.93 * 0.45).abs() < 1e-12);
    assert_eq!(sword_chance(6, 5, 1.0), 0.0);
}

/// The worlds an expert plays out deal the Traitor card where he believes it lies: a knight who
/// stands out holds it in as many of them as the belief in him says, the box in nobody's share.
#[test]
fn the_worlds_played_out_deal_the_traitor_card_as_the_seat_believes() {
    use camelot_kit::rng_from_seed;
    let mut g = four().traitor(3).black(&QUIET_BLACK).start();
    for _ in 0..4 {
        for _ in 0..3 {
            quiet_turn(&mut g);
        }
        idle_turn_with(&mut g, Action::AddSiegeEngine);
    }
    let view = g.glimpse(s(0));
    let belief = Belief::of(&view);
    assert!(belief.of_seat(s(3)) > 0.3, "{belief:?}");
    let worlds = 4000;
    let mut held = [0u32; 4];
    let mut rng = rng_from_seed(11);
    for _ in 0..worlds {
        let w = view.sample_world(&mut rng);
        assert_eq!(
            w.loyalty(s(0)),
            Some(Loyalty::Loyal),
            "his own card is known"
        );
        for seat in 1..4 {
            if w.loyalty(s(seat)) == Some(Loyalty::Traitor) {
                held[usize::from(seat)] += 1;
            }
        }
    }
    let share = |n: u32| f64::from(n) / f64::from(worlds);
    for seat in 1..4u8 {
        let (got, want) = (share(held[usize::from(seat)]), belief.of_seat(s(seat)));
        assert!(
            (got - want).abs() < 0.03,
            "seat {seat}: {got} against {want}"
        );
    }
    let boxed = 1.0 - share(held.iter().sum());
    assert!(
        (boxed - belief.nobody).abs() < 0.03,
        "{boxed} against {belief:?}"
    );
}

/// Short of the twelfth sword, no accusation gains the Loyal knights anything by their own
/// reckoning, however sure the belief: a wrong one turns a white sword, a right one unmasks a
/// Traitor who then adds evil every turn. (A Loyal knight's policy leaves his belief unweighed
/// there, when anything else may be done.) The same record with the twelfth sword at stake does.
#[test]
fn an_accusation_short_of_the_twelfth_sword_gains_nothing() {
    use camelot_board::sim::Accusal;
    for (white, black) in [(3, 3), (5, 4), (6, 4), (4, 5)] {
        let g = engines_by_seat_3(four().traitor(3), white, black, 5);
        let view = g.glimpse(s(0));
        let belief = Belief::of(&view);
        assert!(belief.of_seat(s(3)) > 0.4, "{white}/{black}");
        let best = Accusal::best(&view, &belief).expect("someone to accuse");
        assert!(best.gain <= 0.0, "{white}/{black}: {best:?}");
        assert!(!matches!(policy_choice(&g).0, Action::Accuse { .. }));
    }
    let g = engines_by_seat_3(four().traitor(3), 7, 4, 5);
    let view = g.glimpse(s(0));
    let best = Accusal::best(&view, &Belief::of(&view)).expect("someone to accuse");
    assert!(best.gain > 0.0, "{best:?}");
}
