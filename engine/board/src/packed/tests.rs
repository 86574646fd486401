//! The serialized state read back: every state of a random game reads back as itself, and damaged
//! ones — cut short, bytes changed, steps out of bounds, nobody to act — are refused with a reason,
//! never a panic, and whatever is accepted can be played on.

use super::read::{Damaged, In};
use crate::action::{Action, SetupError};
use crate::game::*;
use camelot_kit::{GameRng, Seat, rng_from_seed};
use rand::RngExt;
use serde_json::{Value, json};

fn setups() -> Vec<Setup> {
    let mut v: Vec<Setup> = (3..=7u8)
        .map(|n| Setup::new(n, 40 + u64::from(n)))
        .collect();
    // Newcomers and leavers, and a squire.
    for (n, traitor) in [(3, TraitorRule::AmongUs), (4, TraitorRule::Standard)] {
        let mut s = Setup::new(n, 90 + u64::from(n));
        s.options.join_and_leave = true;
        s.options.traitor = traitor;
        v.push(s);
    }
    let mut s = Setup::new(4, 7);
    s.knights = vec![
        SeatChoice::Squire,
        SeatChoice::Random,
        SeatChoice::Random,
        SeatChoice::Random,
    ];
    v.push(s);
    v
}

/// States along a random game of `setup` (every `every`th one, and the last).
fn states(setup: &Setup, rng: &mut GameRng, every: usize) -> Vec<Game> {
    let mut g = Game::new(setup).expect("a valid setup");
    let mut out = vec![g.clone()];
    for step in 1..3000 {
        let Some(seat) = g.decider() else { break };
        let legal = g.legal_actions();
        let action = legal[rng.random_range(0..legal.len())];
        g.apply(seat, action).expect("a legal action");
        if step % every == 0 {
            out.push(g.clone());
        }
    }
    out.push(g);
    out
}

fn text(g: &Game) -> String {
    serde_json::to_string(g).expect("a state serializes")
}

fn read(value: Value) -> Result<Game, Damaged> {
    let input: In = serde_json::from_value(value).expect("a state's shape");
    Game::read_state(input)
}

fn value(g: &Game) -> Value {
    serde_json::to_value(g).expect("a state serializes")
}

/// Whatever was accepted can be looked at and played on (a few steps) without a panic.
fn play_on(mut g: Game, rng: &mut GameRng) {
    for seat in 0..g.players() {
        let _ = g.seat_view(Seat(seat as u8));
    }
    let _ = g.table_view();
    for _ in 0..20 {
        let Some(seat) = g.decider() else {
            assert!(g.is_over(), "a state read back stalls");
            return;
        };
        let legal = g.legal_actions();
        assert!(!legal.is_empty(), "{seat} decides with nothing to do");
        let action = legal[rng.random_range(0..legal.len())];
        g.apply(seat, action).expect("a legal action");
    }
}

/// Damaged states read back (and played on) and refused: a damage test sees both.
#[derive(Default)]
struct Tally {
    read_back: usize,
    refused: usize,
}

impl Tally {
    /// One damaged state: refused, or read back and played on.
    fn count(&mut self, read: Result<Game, Damaged>, rng: &mut GameRng) {
        match read {
            Ok(back) => {
                self.read_back += 1;
                play_on(back, rng);
            }
            Err(_) => self.refused += 1,
        }
    }

    fn assert_both_seen(&self) {
        let Tally { read_back, refused } = self;
        assert!(
            *refused > 0 && *read_back > 0,
            "{refused} refused, {read_back} read"
        );
    }
}

#[test]
fn every_state_of_random_games_reads_back_as_itself() {
    let mut rng = rng_from_seed(11);
    let (mut newcomers, mut deeds) = (false, false);
    for setup in setups() {
        for g in states(&setup, &mut rng, 7) {
            let t = text(&g);
            let back: Game = serde_json::from_str(&t).unwrap_or_else(|e| panic!("{e}: {t}"));
            assert_eq!(text(&back), t);
            assert_eq!(back.table_view(), g.table_view());
            assert_eq!(back.decider(), g.decider());
            assert_eq!(back.legal_actions(), g.legal_actions());
            newcomers |= g.players() > usize::from(setup.players);
            deeds |= (0..g.players()).any(|i| g.deeds(Seat(i as u8)) != Deeds::default());
        }
    }
    assert!(newcomers, "no state with a newcomer was read back");
    assert!(deeds, "no state with a public record was read back");
}

#[test]
fn a_pending_step_of_length_8_is_refused() {
    // The opening gesture waits on its first seat: nothing offered yet.
    let g = Game::new(&Setup::new(7, 3)).unwrap();
    let mut v = value(&g);
    assert_eq!(v["stack"][0]["step"], "offer");
    for len in [8, 9, 255] {
        v["stack"][0]["len"] = json!(len);
        v["stack"][0]["asked"] = json!(7);
        assert_eq!(read(v.clone()).err(), Some(Damaged::Step { index: 0 }));
    }
    // More offered than seats asked.
    v["stack"][0]["len"] = json!(2);
    v["stack"][0]["asked"] = json!(1);
    assert_eq!(read(v).err(), Some(Damaged::Step { index: 0 }));
}

#[test]
fn an_empty_stack_where_a_step_waits_is_refused() {
    // The opening gesture's step taken away: nobody could act.
    let g = Game::new(&Setup::new(4, 3)).unwrap();
    let mut v = value(&g);
    v["stack"] = json!([]);
    assert_eq!(read(v).err(), Some(Damaged::Stalled));
    // A game over with a step still pending, or over without its outcome.
    let mut rng = rng_from_seed(5);
    let over = states(&Setup::new(3, 5), &mut rng, 10_000)
        .pop()
        .filter(Game::is_over)
        .expect("a random game ends");
    let mut v = value(&g);
    v["board"] = value(&over)["board"].clone();
    assert!(matches!(
        read(v).err(),
        Some(Damaged::Stalled | Damaged::Board { .. })
    ));
}

#[test]
fn a_step_naming_a_seat_not_at_the_table_is_refused() {
    let g = Game::new(&Setup::new(3, 3)).unwrap();
    let mut v = value(&g);
    v["stack"][0] = json!({"step": "discard", "seat": 3, "left": 1});
    assert_eq!(read(v.clone()).err(), Some(Damaged::Step { index: 0 }));
    v["stack"][0] = json!({"step": "morgan3", "drawer": 0, "left": 4});
    assert_eq!(read(v).err(), Some(Damaged::Step { index: 0 }));
}

#[test]
fn a_state_of_a_newer_format_or_of_none_is_refused() {
    let g = Game::new(&Setup::new(3, 3)).unwrap();
    for format in [0, FORMAT_VERSION + 1, u32::MAX] {
        let mut v = value(&g);
        v["format"] = json!(format);
        assert_eq!(read(v).err(), Some(Damaged::Format(format)));
    }
}

#[test]
fn a_state_whose_setup_is_out_of_bounds_is_refused() {
    let g = Game::new(&Setup::new(3, 3)).unwrap();
    let mut v = value(&g);
    v["setup"]["deal"] = json!({"swords": {"white": 250, "black": 6}});
    assert_eq!(
        read(v).err(),
        Some(Damaged::Setup(SetupError::SwordsOnTheTable {
            white: 250,
            black: 6
        }))
    );
}

#[test]
fn a_card_more_or_less_than_the_box_is_refused() {
    let g = Game::new(&Setup::new(3, 3)).unwrap();
    let mut v = value(&g);
    // The opening gesture's step holding a card that is also still in a hand.
    v["stack"][0]["len"] = json!(1);
    v["stack"][0]["asked"] = json!(1);
    assert_eq!(read(v).err(), Some(Damaged::Cards));
}

fn with_fixed_chance(seed: u64) -> Setup {
    let mut setup = Setup::new(4, seed);
    setup.deal = Some(Deal {
        chance: Chance {
            rolls: [8, 1, 2, 7].map(|f| Roll::new(f).unwrap()).to_vec(),
            picks: vec![0, 3, 1, 2, 5, 4],
        },
        ..Deal::default()
    });
    setup
}

#[test]
fn a_state_with_fixed_chance_used_reads_back_as_itself() {
    let mut rng = rng_from_seed(41);
    let mut used = false;
    for seed in 0..20 {
        for g in states(&with_fixed_chance(seed), &mut rng, 3) {
            let t = text(&g);
            let back: Game = serde_json::from_str(&t).unwrap();
            assert_eq!(text(&back), t);
            assert_eq!(back.chance_used, g.chance_used);
            used |= g.chance_used.rolls > 0 && g.chance_used.picks > 0;
        }
    }
    assert!(used, "no state had used fixed rolls and picks");
}

#[test]
fn more_fixed_chance_used_than_the_deal_holds_is_refused() {
    let g = Game::new(&with_fixed_chance(1)).unwrap();
    for (rolls, picks) in [(5, 0), (0, 7), (u32::MAX, 0)] {
        let mut v = value(&g);
        v["chance"] = json!({"rolls": rolls, "picks": picks});
        assert_eq!(read(v).err(), Some(Damaged::Chance));
    }
    let mut v = value(&g);
    v["chance"] = json!({"rolls": 4, "picks": 6});
    assert!(read(v).is_ok());
    // Without fixed chance, none can have been used.
    let g = Game::new(&Setup::new(4, 1)).unwrap();
    let mut v = value(&g);
    v["chance"] = json!({"rolls": 1, "picks": 0});
    assert_eq!(read(v).err(), Some(Damaged::Chance));
}

/// A state cut anywhere, or with any of its board's symbols changed, is refused or reads as a game
/// that can be played on; never a panic.
#[test]
fn a_damaged_board_is_refused_never_panicking() {
    let mut rng = rng_from_seed(23);
    let mut tally = Tally::default();
    for setup in setups() {
        for g in states(&setup, &mut rng, 40) {
            let v = value(&g);
            let board = v["board"].as_str().unwrap().to_string();
            let bytes = board.as_bytes();
            let mut tries: Vec<String> = (0..bytes.len()).map(|k| board[..k].to_string()).collect();
            for _ in 0..60 {
                let mut b = bytes.to_vec();
                for _ in 0..rng.random_range(1..4usize) {
                    let k = rng.random_range(0..b.len());
                    b[k] = super::DIGITS[rng.random_range(0..64usize)];
                }
                tries.push(String::from_utf8(b).unwrap());
            }
            for t in tries {
                let mut v = v.clone();
                v["board"] = json!(t);
                tally.count(read(v), &mut rng);
            }
        }
    }
    tally.assert_both_seen();
}

/// Any number of a pending step changed (seats, counts, lengths, stages): refused, or read as a
/// game that can be played on; never a panic.
#[test]
fn pending_steps_with_numbers_changed_are_refused_or_played_on() {
    fn change(v: &mut Value, rng: &mut GameRng) {
        match v {
            Value::Number(_) if rng.random_range(0..3u8) == 0 => {
                *v = json!(rng.random_range(0..10u8));
            }
            Value::Array(a) => a.iter_mut().for_each(|x| change(x, rng)),
            Value::Object(o) => o.values_mut().for_each(|x| change(x, rng)),
            _ => {}
        }
    }
    let mut rng = rng_from_seed(37);
    let mut tally = Tally::default();
    for setup in setups() {
        for g in states(&setup, &mut rng, 3) {
            if g.stack.is_empty() {
                continue;
            }
            for _ in 0..40 {
                let mut v = value(&g);
                change(&mut v["stack"], &mut rng);
                let Ok(input) = serde_json::from_value::<In>(v) else {
                    tally.refused += 1;
                    continue;
                };
                tally.count(Game::read_state(input), &mut rng);
            }
        }
    }
    tally.assert_both_seen();
}

/// Random text, random JSON and every cut of a real state's text: refused, never a panic.
#[test]
fn random_or_truncated_text_never_panics_the_reader() {
    let mut rng = rng_from_seed(29);
    let g = states(&Setup::new(5, 12), &mut rng, 30).swap_remove(3);
    let t = text(&g);
    for k in 0..t.len() {
        if t.is_char_boundary(k) {
            assert!(serde_json::from_str::<Game>(&t[..k]).is_err());
        }
    }
    for _ in 0..2000 {
        let len = rng.random_range(0..200usize);
        let bytes: Vec<u8> = (0..len).map(|_| rng.random_range(0..=255u8)).collect();
        let _ = serde_json::from_slice::<Game>(&bytes);
        // JSON text of the right shape, its numbers at random.
        let mut b = t.clone().into_bytes();
        for _ in 0..rng.random_range(1..6usize) {
            let k = rng.random_range(0..b.len());
            if b[k].is_ascii_digit() {
                b[k] = b'0' + rng.random_range(0..10u8);
            }
        }
        if let Ok(back) = serde_json::from_slice::<Game>(&b) {
            play_on(back, &mut rng);
        }
    }
}

/// An action of every kind applied to a state read back is refused as it was before the save.
#[test]
fn a_state_read_back_refuses_what_the_game_refused() {
    let mut rng = rng_from_seed(31);
    for g in states(&Setup::new(4, 2), &mut rng, 25) {
        let back: Game = serde_json::from_str(&text(&g)).unwrap();
        let Some(seat) = g.decider() else { continue };
        for a in [Action::Pass, Action::EndTurn, Action::DrawBlackCard] {
            let (mut x, mut y) = (g.clone(), back.clone());
            assert_eq!(x.apply(seat, a).is_ok(), y.apply(seat, a).is_ok());
            assert_eq!(text(&x), text(&y));
        }
    }
}
