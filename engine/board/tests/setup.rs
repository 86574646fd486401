//! Setup (§2), the variants of §8 and the opening gesture.

mod common;
use common::*;

#[test]
fn setup_is_for_three_to_seven_players() {
    for players in [0u8, 1, 2, 8] {
        assert_eq!(
            Game::new(&Setup::new(players, 1)).err(),
            Some(SetupError::PlayerCount { players })
        );
    }
    for players in 3..=7u8 {
        assert!(Game::new(&Setup::new(players, 1)).is_ok());
    }
}

#[test]
fn setup_deals_a_merlin_and_five_white_cards_four_life_and_camelot() {
    for players in 3..=7u8 {
        let g = Game::new(&Setup::new(players, u64::from(players))).unwrap();
        for i in 0..players {
            let h = g.hand(s(i)).unwrap();
            assert_eq!(h.len(), 6);
            assert!(h.has(MERLIN));
            assert_eq!(g.life(s(i)), 4);
            assert_eq!(g.place(s(i)), Some(Place::Camelot));
        }
        assert_eq!(g.white_deck_len(), 84 - 6 * usize::from(players));
        assert_eq!(g.black_deck_len(), 76);
        let v = g.table_view();
        assert_eq!(v.excalibur, EXCALIBUR_START);
        assert_eq!(v.lancelot_board, LancelotBoard::Lancelot);
        assert_eq!(v.siege_engines, 0);
        assert_eq!(v.swords, Swords::default());
        // The opening gesture comes first.
        assert!(matches!(
            v.pending,
            Some(PendingView::OpeningGesture { .. })
        ));
    }
}

#[test]
fn setup_refuses_a_knight_twice_and_more_cards_than_the_box() {
    let mut setup = Setup::new(3, 1);
    setup.knights = vec![
        SeatChoice::Knight(Knight::SirKay),
        SeatChoice::Knight(Knight::SirKay),
        SeatChoice::Random,
    ];
    assert_eq!(
        Game::new(&setup).err(),
        Some(SetupError::KnightTwice {
            knight: Knight::SirKay
        })
    );
    let setup = three().hand(0, &[White::Fate, White::Fate]).setup();
    assert_eq!(
        Game::new(&setup).err(),
        Some(SetupError::TooManyWhite { card: White::Fate })
    );
    let setup = three().black(&[Black::Vivien, Black::Vivien]).setup();
    assert_eq!(
        Game::new(&setup).err(),
        Some(SetupError::TooManyBlack {
            card: Black::Vivien
        })
    );
    let setup = three().traitor(0).traitor(1).setup();
    assert_eq!(Game::new(&setup).err(), Some(SetupError::TooManyTraitors));
}

#[test]
fn king_arthur_is_the_first_player() {
    let g = table(&[Knight::SirKay, Knight::SirGawain, Knight::KingArthur])
        .first(1)
        .start();
    assert_eq!(g.current(), s(2));
    assert_eq!(g.first_player(), s(2));
    // Without Arthur, the first player chosen at creation (the youngest).
    let g = three().first(1).start();
    assert_eq!(g.current(), s(1));
}

#[test]
fn standard_deal_has_at_most_one_traitor_and_beginners_have_none() {
    let mut with = 0;
    for seed in 0..400 {
        let mut setup = Setup::new(4, seed);
        let g = Game::new(&setup).unwrap();
        let traitors = (0..4)
            .filter(|&i| g.loyalty(s(i)) == Some(Loyalty::Traitor))
            .count();
        assert!(traitors <= 1);
        with += traitors;
        setup.options.traitor = TraitorRule::NoTraitor;
        let g = Game::new(&setup).unwrap();
        assert!((0..4).all(|i| g.loyalty(s(i)) == Some(Loyalty::Loyal)));
    }
    // N/8 = 1/2 of four-player games have a Traitor.
    assert!((160..=240).contains(&with), "{with} of 400");
}

#[test]
fn traitor_among_us_deals_a_traitor_in_n_of_n_plus_one_games() {
    let mut with = 0;
    for seed in 0..500 {
        let mut setup = Setup::new(4, seed);
        setup.options.traitor = TraitorRule::AmongUs;
        let g = Game::new(&setup).unwrap();
        with += (0..4)
            .filter(|&i| g.loyalty(s(i)) == Some(Loyalty::Traitor))
            .count();
    }
    // 4/5 of the games.
    assert!((360..=440).contains(&with), "{with} of 500");
}

#[test]
fn the_odds_of_a_traitor_are_those_the_deal_gives() {
    for players in 3..=7u8 {
        for rule in [
            TraitorRule::Standard,
            TraitorRule::AmongUs,
            TraitorRule::NoTraitor,
        ] {
            let games = 800u64;
            let with = (0..games)
                .filter(|&seed| {
                    let mut setup = Setup::new(players, seed);
                    setup.options.traitor = rule;
                    let g = Game::new(&setup).unwrap();
                    (0..players).any(|i| g.loyalty(s(i)) == Some(Loyalty::Traitor))
                })
                .count() as f64;
            let expected = rule
                .traitor_odds(players)
                .map_or(0.0, |(k, d)| games as f64 * f64::from(k) / f64::from(d));
            // Within about four standard deviations of the binomial count.
            assert!(
                (with - expected).abs() <= 60.0,
                "{rule:?} at {players}: {with} of {games}, expected {expected}"
            );
        }
    }
    assert_eq!(TraitorRule::Standard.traitor_odds(3), Some((3, 8)));
    assert_eq!(TraitorRule::Standard.traitor_odds(7), Some((7, 8)));
    assert_eq!(TraitorRule::AmongUs.traitor_odds(4), Some((4, 5)));
    assert_eq!(TraitorRule::NoTraitor.traitor_odds(5), None);
}

#[test]
fn opening_gesture_proposal_accepted_gives_the_cards_as_proposed() {
    let mut g = three()
        .hand(0, &[F1, MERLIN])
        .hand(1, &[F2, MERLIN])
        .hand(2, &[F3, MERLIN])
        .opening()
        .start();
    act_as(&mut g, 0, Action::OfferCard { card: F1 });
    act_as(&mut g, 1, Action::OfferCard { card: F2 });
    act_as(&mut g, 2, Action::OfferCard { card: F3 });
    // The first player proposes card by card: everything to seat 2.
    for _ in 0..3 {
        act_as(&mut g, 0, Action::Propose { to: s(2) });
    }
    act_as(&mut g, 1, Action::Accept);
    let events = act_as(&mut g, 2, Action::Accept);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::CardsShared {
            at_random: false,
            ..
        }
    )));
    assert_eq!(hand(&g, 0), vec![MERLIN]);
    assert_eq!(hand(&g, 1), vec![MERLIN]);
    assert_eq!(hand(&g, 2), vec![F1, F2, F3, MERLIN]);
    // Then the first turn.
    assert_eq!(g.phase(), Phase::ProgressionOfEvil);
    assert_eq!(g.decider(), Some(s(0)));
}

#[test]
fn opening_gesture_rejected_deals_one_card_to_each_player_at_random() {
    for seed in 0..20 {
        let mut g = three()
            .hand(0, &[F1, MERLIN])
            .hand(1, &[F2, MERLIN])
            .hand(2, &[F3, MERLIN])
            .opening()
            .seed(seed)
            .start();
        act(&mut g, Action::OfferCard { card: F1 });
        act(&mut g, Action::OfferCard { card: F2 });
        act(&mut g, Action::OfferCard { card: F3 });
        for _ in 0..3 {
            act(&mut g, Action::Propose { to: s(0) });
        }
        let events = act_as(&mut g, 1, Action::Reject);
        assert!(has_event(&events, |e| matches!(
            e,
            Event::CardsShared {
                at_random: true,
                ..
            }
        )));
        for i in 0..3 {
            assert_eq!(hand(&g, i).len(), 2, "seed {seed}: one card each");
        }
    }
}

#[test]
fn three_player_rule_hides_loyalty_until_the_threshold_then_everyone_looks() {
    let mut g = three().traitor(1).hand(1, &[White::Fate]).start();
    for i in 0..3 {
        assert_eq!(g.seat_view(s(i)).loyalty, None);
    }
    assert!(!g.loyalty_known());
    // Five engines, then the sixth: the threshold is met mid-turn.
    for _ in 0..5 {
        idle_turn(&mut g);
    }
    // Seat 2's turn. Until the peek, the Traitor (seat 1) could not reveal himself with Fate.
    let events = act(&mut g, Action::AddSiegeEngine);
    assert!(has_event(&events, |e| matches!(
        e,
        Event::LoyaltyCardsLookedAt
    )));
    assert!(has_event(&events, |e| matches!(
        e,
        Event::Private {
            seat: Seat(1),
            private: PrivateEvent::Loyalty {
                loyalty: Loyalty::Traitor
            }
        }
    )));
    assert_eq!(g.seat_view(s(1)).loyalty, Some(Loyalty::Traitor));
    assert_eq!(g.seat_view(s(0)).loyalty, Some(Loyalty::Loyal));
}

#[test]
fn three_player_rule_off_shows_loyalty_from_the_start() {
    let g = three()
        .traitor(1)
        .options(|o| o.three_player_peek = false)
        .start();
    assert_eq!(g.seat_view(s(1)).loyalty, Some(Loyalty::Traitor));
    // Four players: always known.
    let g = four().traitor(3).start();
    assert_eq!(g.seat_view(s(3)).loyalty, Some(Loyalty::Traitor));
}

#[test]
fn squires_start_with_the_chosen_life_and_cards() {
    let mut setup = Setup::new(4, 3);
    setup.knights = vec![
        SeatChoice::Squire,
        SeatChoice::Random,
        SeatChoice::Random,
        SeatChoice::Random,
    ];
    setup.options.squire_life = 3;
    setup.options.squire_cards = 2;
    let g = Game::new(&setup).unwrap();
    assert_eq!(g.knight(s(0)), None);
    assert_eq!(g.life(s(0)), 3);
    let h = g.hand(s(0)).unwrap();
    assert_eq!(h.len(), 3);
    assert!(h.has(MERLIN));
    assert_eq!(g.hand(s(1)).unwrap().len(), 6);
}

#[test]
fn a_squire_present_on_a_won_quest_is_knighted_with_an_unused_coat_of_arms() {
    let mut g = three()
        .squire(0)
        .hand(0, &[F1, F2])
        .hand(1, &[F1, F2])
        .hand(2, &[F1])
        .start();
    assert_eq!(g.knight(s(0)), None);
    for _ in 0..3 {
        evil_engine(&mut g);
        move_and_end(&mut g, Place::Excalibur);
    }
    for _ in 0..4 {
        evil_engine(&mut g);
        let seat = g.current().0;
        let card = hand(&g, seat)[0];
        act(&mut g, Action::DiscardForExcalibur { card });
        end_turn(&mut g);
    }
    // Seat 1 makes the fifth step: he wins Excalibur; the squire present is knighted.
    evil_engine(&mut g);
    let events = act_as(&mut g, 1, Action::DiscardForExcalibur { card: F2 });
    assert!(has_event(&events, |e| matches!(
        e,
        Event::SquireKnighted { seat: Seat(0), .. }
    )));
    let k = g.knight(s(0)).expect("knighted");
    assert!(![Knight::SirGawain, Knight::SirGalahad].contains(&k));
    assert_eq!(g.relic(Relic::Excalibur), RelicState::Owned(s(1)));
}

/// A three-player setup with this deal.
fn dealt(deal: Deal) -> Setup {
    let mut setup = Setup::new(3, 1);
    setup.deal = Some(deal);
    setup
}

fn with_swords(white: u8, black: u8) -> Setup {
    dealt(Deal {
        swords: Swords { white, black },
        ..Deal::default()
    })
}

#[test]
fn a_deal_with_250_white_swords_is_refused() {
    // 250 + 6 is 256: summed in a byte it would wrap round to none at all.
    for (white, black) in [(250, 0), (250, 6), (255, 1), (128, 128), (0, 255)] {
        assert_eq!(
            Game::new(&with_swords(white, black)).err(),
            Some(SetupError::SwordsOnTheTable { white, black }),
            "{white} white and {black} black swords"
        );
    }
}

#[test]
fn a_deal_with_twelve_swords_or_seven_black_ones_is_refused() {
    for (white, black) in [(12, 0), (6, 6), (0, 7), (5, 7), (11, 1)] {
        assert_eq!(
            Game::new(&with_swords(white, black)).err(),
            Some(SetupError::SwordsOnTheTable { white, black }),
            "{white} white and {black} black swords"
        );
    }
    for (white, black) in [(11, 0), (5, 6), (0, 6), (0, 0)] {
        let g = Game::new(&with_swords(white, black)).expect("fewer than 12, fewer than 7 black");
        assert_eq!(g.swords(), Swords { white, black });
    }
}

#[test]
fn a_deal_with_twelve_siege_engines_or_more_is_refused() {
    for engines in [12u8, 13, 200, 255] {
        let setup = dealt(Deal {
            siege_engines: engines,
            ..Deal::default()
        });
        assert_eq!(
            Game::new(&setup).err(),
            Some(SetupError::SiegeEnginesOnTheBoard { engines })
        );
    }
    let setup = dealt(Deal {
        siege_engines: 11,
        ..Deal::default()
    });
    assert_eq!(Game::new(&setup).unwrap().siege_engines(), 11);
}

#[test]
fn a_squire_starting_with_no_life_or_more_than_six_is_refused() {
    for life in [0u8, 7, 250] {
        let mut setup = Setup::new(3, 1);
        setup.options.squire_life = life;
        assert_eq!(
            Game::new(&setup).err(),
            Some(SetupError::SquireLife { life })
        );
    }
    for life in 1..=MAX_LIFE {
        let mut setup = Setup::new(3, 1);
        setup.knights = vec![SeatChoice::Squire, SeatChoice::Random, SeatChoice::Random];
        setup.options.squire_life = life;
        assert_eq!(Game::new(&setup).unwrap().life(s(0)), life);
    }
}

#[test]
fn a_squire_dealt_more_cards_than_a_hand_is_refused() {
    // §8.5: a squire is dealt the five white cards of a hand, or fewer for a harder challenge.
    for cards in [HAND_SIZE + 1, 84, 250, u8::MAX] {
        let mut setup = Setup::new(3, 1);
        setup.knights = vec![SeatChoice::Squire, SeatChoice::Random, SeatChoice::Random];
        setup.options.squire_cards = cards;
        assert_eq!(
            Game::new(&setup).err(),
            Some(SetupError::SquireCards { cards })
        );
    }
    for cards in 0..=HAND_SIZE {
        let mut setup = Setup::new(3, 1);
        setup.knights = vec![SeatChoice::Squire, SeatChoice::Random, SeatChoice::Random];
        setup.options.squire_cards = cards;
        let game = Game::new(&setup).unwrap();
        let hand = game.hand(s(0)).unwrap();
        assert_eq!(hand.len(), cards + 1);
        assert!(hand.has(MERLIN));
    }
}

#[test]
fn a_deal_holding_any_card_more_often_than_the_box_is_refused() {
    for (card, count) in WHITE_MANIFEST {
        let c = usize::from(count);
        // In one hand, spread over the hands and the pile, and far beyond a byte.
        let one_hand = three().hand(0, &vec![card; c + 1]).setup();
        let spread = three().hand(1, &[card]).white(&vec![card; c]).setup();
        let many = three().white(&vec![card; 300]).setup();
        for setup in [one_hand, spread, many] {
            assert_eq!(
                Game::new(&setup).err(),
                Some(SetupError::TooManyWhite { card })
            );
        }
        let all = three().hand(2, &vec![card; c]).setup();
        assert!(Game::new(&all).is_ok(), "every {card:?} of the box");
    }
    for (card, count) in BLACK_MANIFEST {
        let c = usize::from(count);
        for setup in [
            three().black(&vec![card; c + 1]).setup(),
            three().black(&vec![card; 300]).setup(),
        ] {
            assert_eq!(
                Game::new(&setup).err(),
                Some(SetupError::TooManyBlack { card })
            );
        }
        assert!(Game::new(&three().black(&vec![card; c]).setup()).is_ok());
    }
}

#[test]
fn a_deal_of_more_loyal_cards_than_the_box_or_for_other_seats_is_refused() {
    let setup = dealt(Deal {
        loyalty: Some(vec![Loyalty::Traitor; 2]),
        ..Deal::default()
    });
    assert_eq!(
        Game::new(&setup).err(),
        Some(SetupError::LoyaltyPerSeat {
            players: 3,
            found: 2
        })
    );
    let setup = dealt(Deal {
        hands: Some(vec![Vec::new(); 4]),
        ..Deal::default()
    });
    assert_eq!(
        Game::new(&setup).err(),
        Some(SetupError::HandsPerSeat {
            players: 3,
            found: 4
        })
    );
    let setup = dealt(Deal {
        white_deck: Some(vec![F1]),
        ..Deal::default()
    });
    assert_eq!(
        Game::new(&setup).err(),
        Some(SetupError::WhiteDeckWithoutHands)
    );
    let setup = dealt(Deal {
        loyalty: Some(vec![Loyalty::Traitor, Loyalty::Traitor, Loyalty::Loyal]),
        ..Deal::default()
    });
    assert_eq!(Game::new(&setup).err(), Some(SetupError::TooManyTraitors));
}

#[test]
fn a_first_seat_or_knights_for_seats_not_at_the_table_are_refused() {
    let mut setup = Setup::new(3, 1);
    setup.first = Seat(3);
    assert_eq!(
        Game::new(&setup).err(),
        Some(SetupError::FirstSeat { seat: Seat(3) })
    );
    let mut setup = Setup::new(3, 1);
    setup.knights = vec![SeatChoice::Random; 4];
    assert_eq!(
        Game::new(&setup).err(),
        Some(SetupError::KnightsPerSeat {
            players: 3,
            found: 4
        })
    );
}
