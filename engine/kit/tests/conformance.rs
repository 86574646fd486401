//! The conformance checks themselves: they pass on a small correct game and fail on games broken in
//! each of the ways they are meant to catch.
//!
//! The toy game: a pile of stones; seats take 1 to 3 in turn, whoever takes the last one wins. Each
//! seat is dealt a secret number at the start, seen only by that seat.

use camelot_kit::conformance::{
    check_all, illegal_actions_change_nothing, random_game, replays_identically, saves_round_trip,
    views_hide_what_they_must,
};
use camelot_kit::{
    GameRng, Move, Replayed, Rules, Save, Seat, Secrets, replay, replay_watching, rng_from_seed,
    shuffle,
};
use rand::RngExt;
use serde::{Deserialize, Serialize};

/// How a toy game is broken, for the tests that the checks catch it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
enum Flaw {
    #[default]
    None,
    /// A refused action still changes the pile.
    RefusalChangesState,
    /// The table's view shows every seat's secret.
    TableViewLeaks,
    /// Taking more stones than are left is accepted (the pile just empties), though not offered.
    AcceptsUnlisted,
    /// A replay takes a different course (the secrets depend on a global counter).
    NotDeterministic,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct ToySetup {
    players: u8,
    stones: u8,
    seed: u64,
    #[serde(default)]
    flaw: Flaw,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Toy {
    setup: ToySetup,
    pile: u8,
    turn: Seat,
    secrets: Vec<u8>,
    winner: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Take {
    Take { stones: u8 },
}

#[derive(Clone, Debug, PartialEq)]
enum Refusal {
    NotYourTurn,
    GameOver,
    TooMany,
}

#[derive(Debug, PartialEq, Serialize)]
struct TableView {
    pile: u8,
    turn: Seat,
    secrets: Option<Vec<u8>>,
}

#[derive(Debug, PartialEq, Serialize)]
struct SeatView {
    table: TableView,
    secret: u8,
}

static STARTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl Rules for Toy {
    type Setup = ToySetup;
    type Action = Take;
    type Event = u8;
    type Refusal = Refusal;
    type SetupError = String;
    type TableView = TableView;
    type SeatView = SeatView;

    fn start(setup: &ToySetup) -> Result<Toy, String> {
        if !(2..=5).contains(&setup.players) {
            return Err(format!("2 to 5 players, not {}", setup.players));
        }
        let mut seed = setup.seed;
        if setup.flaw == Flaw::NotDeterministic {
            seed += STARTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        let mut rng = rng_from_seed(seed);
        let mut secrets: Vec<u8> = (0..setup.players * 3).collect();
        shuffle(&mut secrets, &mut rng);
        secrets.truncate(setup.players as usize);
        let extra = if setup.flaw == Flaw::NotDeterministic {
            secrets[0] % 2
        } else {
            0
        };
        Ok(Toy {
            setup: setup.clone(),
            pile: setup.stones + extra,
            turn: Seat(0),
            secrets,
            winner: None,
        })
    }
    fn setup(&self) -> &ToySetup {
        &self.setup
    }
    fn seats(&self) -> usize {
        self.setup.players as usize
    }
    fn decider(&self) -> Option<Seat> {
        self.winner.is_none().then_some(self.turn)
    }
    fn legal_actions(&self) -> Vec<Take> {
        if self.winner.is_some() {
            return Vec::new();
        }
        (1..=3.min(self.pile))
            .map(|stones| Take::Take { stones })
            .collect()
    }
    fn apply(&mut self, seat: Seat, action: Take) -> Result<Vec<u8>, Refusal> {
        let Take::Take { stones } = action;
        if self.winner.is_some() {
            return Err(Refusal::GameOver);
        }
        if seat != self.turn {
            return Err(Refusal::NotYourTurn);
        }
        let over = stones > self.pile && self.setup.flaw != Flaw::AcceptsUnlisted;
        if stones == 0 || stones > 3 || over {
            if self.setup.flaw == Flaw::RefusalChangesState {
                self.pile = self.pile.saturating_sub(1);
            }
            return Err(Refusal::TooMany);
        }
        self.pile = self.pile.saturating_sub(stones);
        if self.pile == 0 {
            self.winner = Some(seat);
        } else {
            self.turn = seat.next(self.seats());
        }
        Ok(vec![stones])
    }
    fn table_view(&self) -> TableView {
        TableView {
            pile: self.pile,
            turn: self.turn,
            secrets: (self.setup.flaw == Flaw::TableViewLeaks).then(|| self.secrets.clone()),
        }
    }
    fn seat_view(&self, seat: Seat) -> SeatView {
        SeatView {
            table: self.table_view(),
            secret: self.secrets.get(seat.index()).copied().unwrap_or(0),
        }
    }
}

impl Secrets for Toy {
    fn vary_hidden(&self, seat: Seat, rng: &mut GameRng) -> Option<Toy> {
        let others: Vec<usize> = (0..self.seats()).filter(|&s| s != seat.index()).collect();
        let s = others[rng.random_range(0..others.len())];
        let mut copy = self.clone();
        copy.secrets[s] = copy.secrets[s].wrapping_add(1);
        Some(copy)
    }
}

fn setup(flaw: Flaw) -> ToySetup {
    ToySetup {
        players: 3,
        stones: 21,
        seed: 4,
        flaw,
    }
}

#[test]
fn a_correct_game_passes_every_check() {
    let setups: Vec<ToySetup> = (2..=5)
        .map(|players| ToySetup {
            players,
            stones: 30,
            seed: players as u64,
            flaw: Flaw::None,
        })
        .collect();
    check_all::<Toy>(&setups, 20, 1, 200);
}

#[test]
fn a_random_game_ends_and_replays_through_the_one_replay() {
    let s = setup(Flaw::None);
    let trace = random_game::<Toy>(&s, &mut rng_from_seed(2), 100);
    assert!(
        trace.game.winner.is_some(),
        "21 stones end within 100 moves"
    );
    let again: Toy = replay(&s, &trace.moves).unwrap();
    assert_eq!(again.winner, trace.game.winner);
    let refused = replay::<Toy>(
        &s,
        &[Move {
            seat: Seat(1),
            action: Take::Take { stones: 1 },
        }],
    );
    assert!(matches!(
        refused,
        Err(camelot_kit::ReplayError::Action {
            index: 0,
            refusal: Refusal::NotYourTurn
        })
    ));
    assert!(replay::<Toy>(&ToySetup { players: 9, ..s }, &[]).is_err());
}

#[test]
fn the_watching_replay_shows_each_move_before_and_its_events_after() {
    let s = setup(Flaw::None);
    let trace = random_game::<Toy>(&s, &mut rng_from_seed(3), 100);
    let mut piles_before = Vec::new();
    let mut events = Vec::new();
    let again: Toy = replay_watching(&s, &trace.moves, |r: Replayed<Toy>| match r {
        Replayed::Before(game, m) => {
            assert_eq!(game.decider(), Some(m.seat), "shown before its move");
            piles_before.push(game.pile);
        }
        Replayed::After(e) => events.push(e.to_vec()),
    })
    .unwrap();
    assert_eq!(again.winner, trace.game.winner);
    assert_eq!(piles_before.len(), trace.moves.len());
    assert_eq!(events.len(), trace.moves.len());
    assert_eq!(piles_before[0], s.stones);
    // The same refusal as the one replay, after the moves before it were shown.
    let mut shown = 0;
    let refused = replay_watching::<Toy>(
        &s,
        &[Move {
            seat: Seat(1),
            action: Take::Take { stones: 1 },
        }],
        |_| shown += 1,
    );
    assert!(matches!(
        refused,
        Err(camelot_kit::ReplayError::Action { index: 0, .. })
    ));
    assert_eq!(shown, 1);
}

#[test]
fn a_save_is_setup_and_moves_and_loads_through_the_rules() {
    let s = setup(Flaw::None);
    let save = Save {
        setup: s.clone(),
        moves: vec![Move {
            seat: Seat(0),
            action: Take::Take { stones: 2 },
        }],
    };
    let text = serde_json::to_string(&save).unwrap();
    assert!(text.contains("\"moves\":[{\"seat\":0,\"action\":{\"type\":\"take\",\"stones\":2}}]"));
    let back: Save<ToySetup, Take> = serde_json::from_str(&text).unwrap();
    let game: Toy = back.load().unwrap();
    assert_eq!(game.pile, 19);
    let damaged = Save {
        setup: s,
        moves: vec![Move {
            seat: Seat(0),
            action: Take::Take { stones: 9 },
        }],
    };
    assert!(damaged.load::<Toy>().is_err());
}

#[test]
#[should_panic(expected = "changed the game")]
fn a_refusal_that_changes_the_game_is_caught() {
    illegal_actions_change_nothing::<Toy>(
        &setup(Flaw::RefusalChangesState),
        &mut rng_from_seed(1),
        50,
    );
}

#[test]
#[should_panic(expected = "was accepted")]
fn an_accepted_action_that_is_not_listed_is_caught() {
    // Taking 3 is offered while 3 or more stones are left; with 1 or 2 left this flawed game still
    // accepts it.
    let s = ToySetup {
        players: 2,
        stones: 12,
        seed: 1,
        flaw: Flaw::AcceptsUnlisted,
    };
    illegal_actions_change_nothing::<Toy>(&s, &mut rng_from_seed(3), 50);
}

#[test]
#[should_panic(expected = "view shows something hidden")]
fn a_view_that_leaks_a_secret_is_caught() {
    views_hide_what_they_must::<Toy>(&setup(Flaw::TableViewLeaks), &mut rng_from_seed(1), 50);
}

#[test]
#[should_panic(expected = "differs")]
fn a_game_that_does_not_replay_the_same_is_caught() {
    let s = ToySetup {
        players: 2,
        stones: 9,
        seed: 7,
        flaw: Flaw::NotDeterministic,
    };
    let trace = random_game::<Toy>(&s, &mut rng_from_seed(5), 100);
    replays_identically(&s, &trace);
    saves_round_trip(&trace);
}
