//! Property tests: random legal play never panics, never stalls, swords never decrease except by the
//! end-game flip, and a game replays identically from its seed and actions.

use camelot_card::{Action, Event, Game, Options, Seat, Setup};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;

fn setups() -> impl Iterator<Item = Setup> {
    (1..=7u8).flat_map(|players| {
        [false, true].into_iter().flat_map(move |expert| {
            [false, true].into_iter().map(move |promos| Setup {
                players,
                first: Seat(players - 1),
                options: Options {
                    knights_to_the_rescue: expert,
                    morgan8: promos,
                    merlin6: promos,
                },
                seed: 0,
            })
        })
    })
}

fn play_random(setup: Setup, choices: u64) -> (Game, Vec<Event>) {
    let mut g = Game::new(setup).expect("valid setup");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(choices);
    let mut all = Vec::new();
    for _ in 0..5000 {
        let Some((seat, _)) = g.decider() else { break };
        let legal = g.legal_actions();
        assert!(
            !legal.is_empty(),
            "a decision with no legal action: {:?}",
            g.table_view()
        );
        let action = *legal.choose(&mut rng).unwrap();
        let before = g.swords();
        let events = g
            .apply(seat, action)
            .unwrap_or_else(|e| panic!("{action:?} listed but refused: {e}"));
        let after = g.swords();
        let flipped: u8 = events
            .iter()
            .map(|e| match e {
                Event::SwordsFlipped { count } => *count,
                _ => 0,
            })
            .sum();
        assert!(
            after.white + flipped >= before.white,
            "white swords decreased"
        );
        assert!(after.black >= before.black, "black swords decreased");
        assert!(after.total() <= 16);
        all.extend(events);
    }
    (g, all)
}

#[test]
fn random_legal_play_never_panics_and_games_end() {
    let mut ended = 0;
    let mut total = 0;
    for setup in setups() {
        for seed in 0..40 {
            let s = Setup { seed, ..setup };
            let (g, _) = play_random(s, seed * 7 + 1);
            total += 1;
            if g.is_over() {
                ended += 1;
            }
        }
    }
    // Random play may dither, but the overwhelming majority of games must reach an end.
    assert!(
        ended * 10 >= total * 9,
        "only {ended} of {total} random games ended"
    );
}

#[test]
fn illegal_actions_are_refused_without_changing_the_state() {
    for setup in setups() {
        let mut g = Game::new(Setup { seed: 3, ..setup }).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        for _ in 0..300 {
            let Some((seat, _)) = g.decider() else { break };
            let legal = g.legal_actions();
            let probes = [
                Action::ListenToRumors,
                Action::Accuse { target: seat },
                Action::Accuse { target: Seat(40) },
                Action::PlayArthur,
                Action::PlaceRumor { index: 7 },
                Action::GawainPlay { index: Some(9) },
                Action::Merlin6Quest {
                    quest: camelot_card::Quest::Grail,
                    bonus: 9,
                },
                Action::Pass,
            ];
            for p in probes {
                if !legal.contains(&p) {
                    let before = serde_json::to_string(&g).unwrap();
                    assert!(g.apply(seat, p).is_err());
                    assert_eq!(before, serde_json::to_string(&g).unwrap());
                }
            }
            let other = Seat((seat.0 + 1) % setup.players);
            if other != seat {
                assert!(g.apply(other, legal[0]).is_err());
            }
            g.apply(seat, *legal.choose(&mut rng).unwrap()).unwrap();
        }
    }
}

#[test]
fn a_game_replays_identically_from_its_seed_and_actions() {
    for setup in setups() {
        let (g, _) = play_random(Setup { seed: 11, ..setup }, 5);
        let replayed = Game::replay(*g.setup(), g.deal().cloned(), g.history()).unwrap();
        assert_eq!(
            serde_json::to_string(&g).unwrap(),
            serde_json::to_string(&replayed).unwrap()
        );
        // And through serde: a saved game resumes exactly.
        let restored: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(restored.table_view(), g.table_view());
    }
}

/// Every Rumor card is always somewhere — deck, Threats pile, discard pile, the unused Morgans, or in
/// a hand for a moment (a Morgan #1 draw, a Traitor's two, Gawain's three, Gawain's played cards) —
/// and exactly once: 62 cards, plus each promo in the game. The Loyalty cards likewise, between
/// turns: one per seat and two set aside, with as many Traitors as were dealt.
#[test]
fn random_play_never_loses_or_copies_a_card() {
    fn cards_in(v: &serde_json::Value, out: &mut usize) {
        match v {
            serde_json::Value::Array(a) => *out += a.len(),
            serde_json::Value::Null => {}
            _ => *out += 1,
        }
    }
    for setup in setups() {
        for seed in 0..4 {
            let mut g = Game::new(Setup { seed, ..setup }).unwrap();
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed + 100);
            let want = 62 + usize::from(setup.options.morgan8) + usize::from(setup.options.merlin6);
            let traitors_at_start = traitors(&g);
            for _ in 0..3000 {
                let s: serde_json::Value = serde_json::to_value(&g).unwrap();
                let mut n = 0;
                for key in ["deck", "discard", "unused_morgans"] {
                    cards_in(&s[key], &mut n);
                }
                n += s["pile"].as_array().unwrap().len();
                if let Some(phase) = s["phase"].as_object() {
                    for (_, body) in phase {
                        for key in ["card", "cards"] {
                            if let Some(v) = body.get(key) {
                                cards_in(v, &mut n);
                            }
                        }
                    }
                }
                if let Some(gawain) = s["resolving"]["gawain"].as_array() {
                    n += gawain.len();
                }
                assert_eq!(n, want, "{s}");
                // (Vivien's cards are in hand while her exchange is under way.)
                if setup.players > 1 && s["phase"] == "Turn" {
                    let held = s["seats"].as_array().unwrap().len();
                    assert_eq!(held + s["set_aside"].as_array().unwrap().len(), held + 2);
                    assert_eq!(traitors(&g), traitors_at_start);
                }
                let Some((seat, _)) = g.decider() else { break };
                let a = *g.legal_actions().choose(&mut rng).unwrap();
                g.apply(seat, a).unwrap();
            }
        }
    }

    fn traitors(g: &Game) -> usize {
        let s: serde_json::Value = serde_json::to_value(g).unwrap();
        let mut n = s["set_aside"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|l| l.as_str() == Some("traitor"))
            .count();
        n += s["seats"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|x| x["loyalty"].as_str() == Some("traitor"))
            .count();
        n
    }
}

/// A watcher at the table, following only the public events of random games (all setups), checks the
/// rules it can see: Morgan #1 holds from a Morgan #1 placed on the pile until a Merlin is (card-game.md
/// §4), and while it holds every listener's card lies face down and a revealed Traitor's face up; the
/// silence holds from a Morgan placed until a Merlin placed or the pile revealed for a quest; under
/// Morgan #2 listeners count 1, 2, 3 …; in the expert variant a failed main quest draws a Knight card
/// (while any are left) and a successful one shuffles in a Morgan (while any are left); a game won on
/// swords is won by the rules' test.
#[test]
fn a_watcher_following_the_public_events_sees_the_rules_kept() {
    use camelot_card::{Card, Morgan, Outcome, Side, TopCard};
    for setup in setups() {
        for seed in 0..4 {
            let mut g = Game::new(Setup { seed, ..setup }).unwrap();
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed + 500);
            let mut morgan1 = false;
            let mut silent = false;
            let mut count: Option<u32> = None;
            for _ in 0..3000 {
                let Some((seat, _)) = g.decider() else { break };
                let knights_left = g.table_view().knight_deck_count;
                let state: serde_json::Value = serde_json::to_value(&g).unwrap();
                let morgans_left = state["unused_morgans"].as_array().unwrap().len();
                let revealed_traitor = g.table_view().seats[seat.index()].revealed
                    == Some(camelot_card::Loyalty::Traitor);
                let a = *g.legal_actions().choose(&mut rng).unwrap();
                let events = g.apply(seat, a).unwrap();
                let mut main = None;
                for e in &events {
                    match e {
                        Event::CardPlaced { top, .. } => {
                            if morgan1 {
                                let face_down = matches!(top, TopCard::FaceDown { .. });
                                assert_eq!(face_down, !revealed_traitor, "{top:?} under Morgan #1");
                            }
                            match top.shown() {
                                Card::Morgan(m) => {
                                    silent = true;
                                    morgan1 |= m == Morgan::One;
                                    if m == Morgan::Two && count.is_none() {
                                        count = Some(0);
                                    }
                                }
                                Card::Merlin(_) => {
                                    silent = false;
                                    morgan1 = false;
                                    count = None;
                                }
                                _ => {}
                            }
                        }
                        Event::CountAloud { number, .. } => {
                            let n = count.as_mut().expect("counting only under Morgan #2");
                            *n += 1;
                            assert_eq!(*number, *n);
                        }
                        Event::QuestResolved { resolution } => {
                            main = Some(resolution.main_stack().outcome);
                            silent = false;
                        }
                        _ => {}
                    }
                }
                assert_eq!(g.table_view().morgan1, morgan1);
                // The pile is revealed (Gawain's window opens on it): the silence is over.
                if matches!(g.decider(), Some((_, camelot_card::Decision::GawainWindow))) {
                    silent = false;
                }
                if !g.is_over() {
                    assert_eq!(g.silence().is_some(), silent, "{events:?}");
                }
                if let Some(outcome) = main
                    && setup.options.knights_to_the_rescue
                    && !g
                        .winner()
                        .is_some_and(|(_, r)| r == camelot_card::EndReason::Morgan7)
                {
                    let drew = events
                        .iter()
                        .any(|e| matches!(e, Event::KnightDrawn { .. }));
                    assert_eq!(drew, outcome != Outcome::Success && knights_left > 0);
                    let shuffled = events.contains(&Event::MorganShuffledIn);
                    assert_eq!(shuffled, outcome == Outcome::Success && morgans_left > 0);
                }
                if let Some((side, camelot_card::EndReason::Swords)) = g.winner() {
                    let s = g.swords();
                    match side {
                        Side::Loyal => assert!(s.white > s.black && s.white >= 7),
                        Side::Evil => assert!(s.black >= s.white && s.black >= 7),
                    }
                }
            }
        }
    }
}
