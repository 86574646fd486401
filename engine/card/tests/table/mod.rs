//! Helpers shared by the rules tests (`rules*.rs`): games dealt exactly as a test
//! needs them, and short ways to play and read them.

#![allow(dead_code)]

use camelot_card::{
    Action, Card, Deal, Event, Game, Knight, Loyalty, Options, Quest, QuestStack, Seat, Setup,
};

pub fn c(code: &str) -> Card {
    code.parse().unwrap()
}

pub fn cards(codes: &[&str]) -> Vec<Card> {
    codes.iter().map(|s| c(s)).collect()
}

/// A game with explicit Loyalty cards (empty for solo), the Rumor deck top-first, the unused
/// Morgans and the Knight deck (top first).
pub fn dealt(
    loyalty: Vec<Loyalty>,
    set_aside: Vec<Loyalty>,
    deck: &[&str],
    options: Options,
    unused_morgans: &[&str],
    knights: &[Knight],
) -> Game {
    let players = loyalty.len().max(1) as u8;
    Game::with_deal(
        Setup {
            players,
            first: Seat(0),
            options,
            seed: 1,
        },
        Deal {
            loyalty,
            set_aside,
            rumor_deck: cards(deck),
            unused_morgans: cards(unused_morgans),
            knight_deck: knights.to_vec(),
        },
    )
    .unwrap()
}

/// Seven players, the last two (seats 5 and 6) holding both Traitor cards, two Loyal cards set
/// aside: a game dealt `deck`, `options` and the Knight deck `knights` (top first).
pub fn two_hidden_traitors(deck: &[&str], options: Options, knights: &[Knight]) -> Game {
    let mut loyalty = vec![Loyalty::Loyal; 7];
    loyalty[5] = Loyalty::Traitor;
    loyalty[6] = Loyalty::Traitor;
    let set_aside = vec![Loyalty::Loyal, Loyalty::Loyal];
    dealt(loyalty, set_aside, deck, options, &[], knights)
}

/// `players` seats, the Traitor at `traitor` (if any; otherwise it is set aside).
pub fn seats(players: u8, traitor: Option<u8>) -> (Vec<Loyalty>, Vec<Loyalty>) {
    if players == 1 {
        return (vec![], vec![]);
    }
    let loyalty = (0..players)
        .map(|i| {
            if Some(i) == traitor {
                Loyalty::Traitor
            } else {
                Loyalty::Loyal
            }
        })
        .collect();
    let aside = if traitor.is_some() {
        vec![Loyalty::Loyal, Loyalty::Loyal]
    } else {
        vec![Loyalty::Loyal, Loyalty::Traitor]
    };
    (loyalty, aside)
}

/// A game of `players` dealt `deck`; three Morgans the deck does not hold are left out (Morgans #5,
/// #6 and #7 unless the deck holds one of them: a deal holds each card at most as often as the box).
pub fn game_with(players: u8, traitor: Option<u8>, deck: &[&str], options: Options) -> Game {
    let (l, a) = seats(players, traitor);
    let unused: Vec<&str> = [
        "morgan:5", "morgan:6", "morgan:7", "morgan:1", "morgan:2", "morgan:3",
    ]
    .into_iter()
    .filter(|m| !deck.contains(m))
    .take(3)
    .collect();
    dealt(l, a, deck, options, &unused, &[])
}

pub fn game(players: u8, traitor: Option<u8>, deck: &[&str]) -> Game {
    game_with(players, traitor, deck, Options::default())
}

pub fn act(g: &mut Game, action: Action) -> Vec<Event> {
    let (seat, _) = g.decider().expect("game not over");
    g.apply(seat, action)
        .unwrap_or_else(|e| panic!("{action:?} by {seat}: {e}"))
}

/// Under Morgan #1, the decider announces the card `code` for the one it drew in secret.
pub fn announce(g: &mut Game, code: &str) -> Vec<Event> {
    act(g, Action::Announce { card: c(code) })
}

pub fn listen(g: &mut Game, times: usize) {
    for _ in 0..times {
        act(g, Action::ListenToRumors);
    }
}

pub fn quest(g: &mut Game, quest: Quest) -> Vec<Event> {
    act(g, Action::GoOnQuest { quest })
}

pub fn resolution(events: &[Event]) -> &camelot_card::Resolution {
    events
        .iter()
        .find_map(|e| match e {
            Event::QuestResolved { resolution } => Some(&**resolution),
            _ => None,
        })
        .expect("a quest was resolved")
}

pub fn total(events: &[Event], q: Quest) -> Option<u16> {
    resolution(events)
        .stack(QuestStack::Quest(q))
        .and_then(|s| s.total)
}

pub fn swords(g: &Game) -> (u8, u8) {
    let s = g.swords();
    (s.white, s.black)
}

/// Listen to every card of a short deck, then go on `q` (solo unless `players` says otherwise; with
/// the promo options its promo cards need).
pub fn pile_then_quest(players: u8, pile: &[&str], q: Quest) -> (Game, Vec<Event>) {
    let options = Options {
        morgan8: pile.contains(&"morgan:8"),
        merlin6: pile.contains(&"merlin:6"),
        ..Options::default()
    };
    let mut g = game_with(players, None, pile, options);
    listen(&mut g, pile.len());
    let ev = quest(&mut g, q);
    (g, ev)
}

/// Four single low cards, each good for one baseless quest (one black sword), then `rest`.
pub fn with_four<'a>(rest: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec!["grail:2", "picts:2", "dragon:2", "excalibur:2"];
    v.extend_from_slice(rest);
    v
}

/// Three main quests of 12 that succeed, three cards each: the Dragon (3 white swords), the Holy
/// Grail (3) and Excalibur (2) — 8 white swords in all.
pub const THREE_SUCCESSES: [&str; 9] = [
    "dragon:5",
    "dragon:4",
    "dragon:3",
    "grail:5",
    "grail:4",
    "grail:3",
    "excalibur:5",
    "excalibur:4",
    "excalibur:3",
];

/// `first`, then [`THREE_SUCCESSES`].
pub fn then_three_successes<'a>(first: &[&'a str]) -> Vec<&'a str> {
    let mut v = first.to_vec();
    v.extend_from_slice(&THREE_SUCCESSES);
    v
}

/// Go on the quests of [`THREE_SUCCESSES`] in turn, listening to three cards before each.
pub fn succeed_three_times(g: &mut Game) {
    for q in [Quest::Dragon, Quest::Grail, Quest::Excalibur] {
        listen(g, 3);
        quest(g, q);
    }
}
