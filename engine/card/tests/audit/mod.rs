//! Helpers of the rules audit (`rules_audit*.rs`), beside those of every rules test (`table`).

#![allow(dead_code)]

use crate::table::*;
use camelot_card::{Action, Card, Decision, Game, Knight, Loyalty, Options, Quest, Seat};

pub const EXPERT: Options = Options {
    knights_to_the_rescue: true,
    morgan8: false,
    merlin6: false,
};

/// An expert game with no unused Morgan (so that a success does not reshuffle the scripted deck).
pub fn expert(players: u8, traitor: Option<u8>, deck: &[&str], knights: &[Knight]) -> Game {
    let (l, a) = seats(players, traitor);
    dealt(l, a, deck, EXPERT, &[], knights)
}

/// A 2-player expert game whose Rumor deck is a Picts 2, then `deck`, and whose Knight deck is
/// one Gawain: seat 0 listens (the Picts 2), seat 1 goes on the Picts quest, fails it and draws
/// the Gawain card; seat 0's turn.
pub fn seat1_holds_gawain(deck: &[&str]) -> Game {
    let deck: Vec<&str> = std::iter::once("picts:2")
        .chain(deck.iter().copied())
        .collect();
    let mut g = expert(2, None, &deck, &[Knight::Gawain]);
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts);
    g
}

/// [`seat1_holds_gawain`], then seat 0 goes on the Dragon quest with the first four cards of
/// `deck`, and seat 1, once the windows before his are passed, plays Gawain: he draws the three
/// cards after them and is to choose among them.
pub fn seat1_plays_gawain_on_the_dragon(deck: &[&str]) -> Game {
    let mut g = seat1_holds_gawain(deck);
    listen(&mut g, 4);
    quest(&mut g, Quest::Dragon); // seat 0
    pass_until(&mut g, Decision::GawainWindow);
    act(&mut g, Action::PlayGawain);
    g
}

/// Pass every Arthur and Gawain window until a turn (or the end).
pub fn pass_windows(g: &mut Game) {
    while let Some((_, d)) = g.decider() {
        match d {
            Decision::ArthurWindow { .. } | Decision::GawainWindow => {
                act(g, Action::PassWindow);
            }
            _ => break,
        }
    }
}

/// Listen `n` times, answering a Merlin #4's question with `merlin4`.
pub fn listen_choosing(g: &mut Game, n: usize, merlin4: Quest) {
    for _ in 0..n {
        act(g, Action::ListenToRumors);
        if matches!(g.decider(), Some((_, Decision::Merlin4Quest))) {
            act(g, Action::ChooseMerlin4Quest { quest: merlin4 });
        }
    }
}

/// Play quests that each place one black sword (the deck must hold a single low card per quest)
/// until `n` swords lie on the table.
pub fn reach_swords(g: &mut Game, n: u8) {
    while g.swords().total() < n {
        if g.allowed_quests().is_empty() {
            listen(g, 1);
        } else {
            let q = g.allowed_quests()[0];
            quest(g, q);
            pass_windows(g);
        }
    }
}

pub fn state(g: &Game) -> serde_json::Value {
    serde_json::to_value(g).unwrap()
}

pub fn codes(v: &serde_json::Value) -> Vec<Card> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| c(x.as_str().unwrap()))
        .collect()
}

pub fn loyalty_list(v: &serde_json::Value) -> Vec<Loyalty> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| serde_json::from_value(x.clone()).unwrap())
        .collect()
}

pub fn held_loyalty(g: &Game) -> Vec<Loyalty> {
    (0..g.players())
        .map(|i| g.seat_view(Seat(i as u8)).unwrap().loyalty.unwrap())
        .collect()
}

pub fn count(v: &[Loyalty], l: Loyalty) -> usize {
    v.iter().filter(|x| **x == l).count()
}

/// Pass every knight's window until the game waits for `want`.
pub fn pass_until(g: &mut Game, want: Decision) {
    while g.decider().map(|(_, d)| d) != Some(want) {
        act(g, Action::PassWindow);
    }
}

/// A game of `players` with both promo cards, dealt `deck`.
pub fn promo(players: u8, deck: &[&str]) -> Game {
    game_with(
        players,
        None,
        deck,
        Options {
            morgan8: true,
            merlin6: true,
            ..Options::default()
        },
    )
}
