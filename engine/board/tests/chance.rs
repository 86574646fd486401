//! Chance fixed by the deal, for scripted checks of the rules: the siege die's rolls and the random
//! picks (the card the revealed Traitor takes, the cards dealt when a share is not agreed), used in
//! order before the seeded generator; and a deal without them is exactly the deal it always was.

mod common;
use camelot_kit::conformance::random_game;
use camelot_kit::rng_from_seed;
use common::*;

/// The active knight adds an engine, fights it bare-handed and rolls; the roll. The turn ends.
fn siege_roll(g: &mut Game) -> u8 {
    evil_engine(g);
    act(g, Action::FightSiegeEngine);
    let roll = act(g, Action::RollSiegeDie)
        .into_iter()
        .find_map(|e| match e {
            Event::SiegeFight { roll, .. } => Some(roll),
            _ => None,
        })
        .expect("the die is rolled");
    end_turn(g);
    roll
}

#[test]
fn fixed_siege_rolls_come_in_order_then_the_seed_rolls() {
    let mut fixed = three().seed(9).rolls(&[8, 1, 5]).start();
    let rolls: Vec<u8> = (0..5).map(|_| siege_roll(&mut fixed)).collect();
    assert_eq!(rolls[..3], [8, 1, 5]);
    // The generator was not asked for the fixed ones: it goes on as in a game without them.
    let mut free = three().seed(9).start();
    let seeded: Vec<u8> = (0..2).map(|_| siege_roll(&mut free)).collect();
    assert_eq!(rolls[3..], seeded[..]);
}

#[test]
fn a_siege_roll_out_of_the_die_is_refused_when_read() {
    assert_eq!(Roll::new(0), None);
    assert_eq!(Roll::new(9), None);
    assert_eq!(Roll::new(8).map(Roll::face), Some(8));
    for bad in ["[0]", "[9]", "[255]", "[-1]", "[1.5]"] {
        let text = format!(r#"{{"chance": {{"rolls": {bad}}}}}"#);
        assert!(serde_json::from_str::<Deal>(&text).is_err(), "{text}");
    }
    let deal: Deal =
        serde_json::from_str(r#"{"chance": {"rolls": [1, 8], "picks": [3]}}"#).unwrap();
    assert_eq!(
        deal.chance.rolls,
        vec![Roll::new(1).unwrap(), Roll::new(8).unwrap()]
    );
    assert_eq!(deal.chance.picks, vec![3]);
}

#[test]
fn fixed_picks_deal_the_cards_of_a_refused_share_in_order() {
    // Laid in the order F1, F2, F3; dealt from the first player clockwise: pick 2 of [F1 F2 F3],
    // then pick 0 of [F1 F2], then the last; a pick beyond the cards counts round them (4 of 3).
    for (picks, dealt) in [
        (&[2u8, 0][..], [F3, F1, F2]),
        (&[1, 1][..], [F2, F3, F1]),
        (&[4][..], [F2, F1, F3]),
    ] {
        let mut g = three()
            .hand(0, &[F1, MERLIN])
            .hand(1, &[F2, MERLIN])
            .hand(2, &[F3, MERLIN])
            .opening()
            .picks(picks)
            .start();
        for card in [F1, F2, F3] {
            act(&mut g, Action::OfferCard { card });
        }
        for _ in 0..3 {
            act(&mut g, Action::Propose { to: s(0) });
        }
        act_as(&mut g, 1, Action::Reject);
        for (seat, card) in dealt.into_iter().enumerate() {
            if picks.len() == 2 || seat == 0 {
                assert_eq!(hand(&g, seat as u8), vec![card, MERLIN], "{picks:?}");
            }
        }
    }
}

#[test]
fn a_deal_without_fixed_chance_is_written_and_played_as_before() {
    // Not written at all when empty: a save of an earlier release is the same text.
    let deal = Deal::default();
    let v = serde_json::to_value(&deal).unwrap();
    assert!(v.get("chance").is_none(), "{v}");
    let back: Deal = serde_json::from_value(v).unwrap();
    assert_eq!(back, deal);
    // Written when given, and read back the same.
    let deal = Deal {
        chance: Chance {
            rolls: vec![Roll::new(3).unwrap()],
            picks: vec![],
        },
        ..Deal::default()
    };
    let v = serde_json::to_value(&deal).unwrap();
    assert_eq!(v["chance"], serde_json::json!({"rolls": [3]}));
    assert_eq!(serde_json::from_value::<Deal>(v).unwrap(), deal);
}

/// A digest of a text (FNV-1a), to hold long states in a test.
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Random games of fixed seeds end in exactly the states they ended in before the deal could fix
/// chance (the digests were taken then): saves of earlier releases replay unchanged.
#[test]
fn games_of_earlier_releases_replay_unchanged() {
    let mut rng = rng_from_seed(2024);
    let mut digests = Vec::new();
    for players in 3..=7u8 {
        let mut setup = Setup::new(players, 500 + u64::from(players));
        setup.options.join_and_leave = players == 4;
        let trace = random_game::<Game>(&setup, &mut rng, 3000);
        digests.push(digest(&serde_json::to_string(&trace.game).unwrap()));
    }
    assert_eq!(digests, EARLIER);
}

const EARLIER: [u64; 5] = [
    17053747604840511050,
    4522903431108705852,
    940805645476495502,
    12794336030348289815,
    3036401463405687654,
];
