//! Browser tests of the game screens: whole games played through the page in headless Chromium
//! (release build in dist/, see tests/support). The test process replays every autosave with the
//! engine, so it knows the hidden state and checks after EVERY step that none of it is in the page.
//!
//! New games use the `#test-seed=N` hook (README) so that deals are known in advance.
//!
//! The tests, by what they are about: [`whole_games`] (from New game to the end), [`reloads`] (a
//! reload or a second tab in the middle of a game), [`silence`] (Morgan's silence and its
//! countdown), [`private_screens`] (Tristan, Knights to the rescue: what one player sees behind
//! the curtain), [`the_end`] (the end check, the last reveal, looking back on a finished game),
//! [`phone`] (every screen on a phone's screen; screenshots). This file holds what they share.
//! They run in one test binary, one browser at a time (see tests/support).

#[path = "../support/mod.rs"]
mod support;

#[path = "../support/game.rs"]
mod game;

mod coach;
mod phone;
mod private_screens;
mod reloads;
mod silence;
mod the_end;
mod whole_games;

use camelot_card::{Action, Game, Loyalty, Options, Seat, Setup, Side};
use game::{
    Rng, Step, act, assert_fits_320, assert_nothing_hidden, assert_table_matches, expected_setup,
    fresh_app, lively, play_to_end, remove_narrow, saved, saved_when, start_game, step,
    wait_settled,
};
use support::setup;

fn verdict_text(winner: Side, morgan7: bool) -> &'static str {
    match (winner, morgan7) {
        (Side::Loyal, _) => "The Loyal knights win!",
        (Side::Evil, true) => "Morgan #7: Evil wins at once!",
        (Side::Evil, false) => "The forces of Evil win!",
    }
}

/// Lifts `seat`'s curtain: the curtain, which the whole table sees, recalls nobody's role; behind
/// it, the private screen recalls this player's own, near its top, in words.
async fn lift_and_check_role(b: &support::Browser, k: &game::Known, seat: Seat) {
    assert_eq!(b.text("[data-testid=curtain-name]").await, k.name(seat));
    assert_eq!(
        b.count("[data-testid=role-reminder]").await,
        0,
        "a role is recalled on the curtain"
    );
    b.click("[data-testid=curtain-show]").await;
    b.wait_for("[data-testid=private]").await;
    let (code, words) = match k.loyalty(seat).expect("a Loyalty card") {
        Loyalty::Loyal => ("Loyal", "You are Loyal. "),
        Loyalty::Traitor => ("Traitor", "You are a Traitor"),
    };
    let reminder = "[data-testid=private] > [data-testid=role-reminder]";
    assert_eq!(b.count("[data-testid=role-reminder]").await, 1);
    assert_eq!(
        b.count(reminder).await,
        1,
        "the reminder is in the private screen"
    );
    assert_eq!(b.attr(reminder, "data-role").await.as_deref(), Some(code));
    let text = b.text(reminder).await;
    assert!(
        text.starts_with(words),
        "{}'s reminder: {text}",
        k.name(seat)
    );
}

async fn assert_verdict(b: &support::Browser) {
    let k = saved(b).await.expect("saved");
    let (winner, reason) = k.game.winner().expect("the game is over");
    let text = b.text("[data-testid=verdict]").await;
    assert_eq!(
        text,
        verdict_text(winner, reason == camelot_card::EndReason::Morgan7)
    );
}

/// One game of `players` played from `seed` with random legal actions (Listen to Rumors 55% of
/// the time it is allowed; never Accuse when `calm`, so that Traitors stay hidden until the end
/// check), at most 400 of them: the game, its actions, and after how many of them an event
/// `marked` happened.
fn random_game(
    players: u8,
    seed: u64,
    calm: bool,
    marked: impl Fn(&camelot_card::Event) -> bool,
) -> (Game, Vec<camelot_card::Played>, Vec<usize>) {
    let mut g = Game::new(Setup::new(players, seed)).expect("setup");
    let mut rng = Rng::new(seed);
    let mut actions = Vec::new();
    let mut marks = Vec::new();
    while let Some((seat, _)) = g.decider() {
        if actions.len() > 400 {
            break;
        }
        let legal: Vec<Action> = g
            .legal_actions()
            .into_iter()
            .filter(|a| !(calm && matches!(a, Action::Accuse { .. })))
            .collect();
        let a = if legal.contains(&Action::ListenToRumors) && rng.chance(55) {
            Action::ListenToRumors
        } else {
            legal[rng.below(legal.len())]
        };
        let events = g.apply(seat, a).expect("legal");
        actions.push(camelot_card::Played { seat, action: a });
        if events.iter().any(&marked) {
            marks.push(actions.len());
        }
    }
    (g, actions, marks)
}

/// A fresh browser (`None`: no browser here, skip) with the app open on `actions` of a game as
/// its only save, the current one.
async fn launch_with_save(
    setup: Setup,
    actions: &[camelot_card::Played],
) -> Option<support::Browser> {
    let b = support::launch().await?;
    setup::fresh_page(&b, None, &as_current(&card_save(setup, actions))).await;
    wait_settled(&b).await;
    Some(b)
}

/// Opens `actions` of a game as the current save (as if the app had just saved it) and reloads.
async fn open_save(b: &support::Browser, setup: Setup, actions: &[camelot_card::Played]) {
    for (key, text) in as_current(&card_save(setup, actions)) {
        setup::store(b, &key, &text).await;
    }
    b.reload().await;
    wait_settled(b).await;
}

/// `actions` of a game as the app saves it: the id `g`, the players Ann, Bo, Cy… in seat order.
fn card_save(setup: Setup, actions: &[camelot_card::Played]) -> serde_json::Value {
    let names = &["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"][..setup.players as usize];
    serde_json::json!({
        "format": 2, "id": "g", "names": names, "setup": setup, "actions": actions,
        "owed": [], "created_ms": 1.7e12, "updated_ms": 1.7e12,
    })
}

/// The save `g` as the game being played (the app opens it at its table): the entries to store.
fn as_current(save: &serde_json::Value) -> [(String, String); 2] {
    [
        setup::saved_game("g", &save.to_string()),
        setup::current_game("g"),
    ]
}

/// A game played to its end by computer knights (saved as if people had played it).
fn finished_game(players: u8, seed: u64) -> (Setup, Vec<camelot_card::Played>) {
    let setup = Setup::new(players, seed);
    let g = camelot_card::bot::play_bots(
        Game::new(setup).unwrap(),
        &[camelot_card::bot::Level::Solid],
        seed,
        3000,
    );
    assert!(g.is_over());
    (setup, g.history().to_vec())
}
