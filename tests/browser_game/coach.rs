//! The coached Card Game, from Home to its end, following the coach: each tip is the one the
//! engine says is due at that decision from the person's own view (the first time its rule
//! matters), names no card the person may not see, and the advice followed is the expert
//! computer player's choice for his seat.

use super::*;
use crate::support::{self, Browser};
use camelot_card::bot::{Bot, Level};
use camelot_card::coach::{Lesson, next_lesson};
use camelot_card::{Event, Knight, Prompt, Replayed};
use serde_json::Value;
use std::time::{Duration, Instant};

/// The lessons the coach has given in the game being played, from its autosave.
async fn lessons(b: &Browser) -> Vec<Lesson> {
    let text = b
        .eval(
            "const id = localStorage.getItem('camelot/v1/current');
             return id && localStorage.getItem('camelot/v1/game/' + JSON.parse(id));",
        )
        .await;
    let s: Value = serde_json::from_str(text.as_str().expect("a save")).expect("JSON");
    serde_json::from_value(s["lessons"].clone()).unwrap_or_default()
}

fn knight_code(k: Knight) -> String {
    format!("knight:{}", format!("{k:?}").to_lowercase())
}

/// The cards `seat` may see named in a tip: the top of the Threats pile as the table sees it,
/// the card he drew in secret, his own Knight cards.
fn visible_codes(game: &Game, seat: Seat) -> Vec<String> {
    let sv = game.seat_view(seat).expect("a seat");
    let mut codes: Vec<String> = sv.knights.iter().map(|&k| knight_code(k)).collect();
    if let Some(top) = sv.table.top {
        codes.push(top.shown().code());
    }
    if let Some(Prompt::Announce { drawn, .. }) = sv.prompt {
        codes.push(drawn.code());
    }
    codes
}

/// The expert computer player's choice for `seat` now: one that sat there from the start, saw
/// what the seat saw and decided each of its moves.
fn expert(k: &crate::game::Known, seat: Seat) -> Action {
    let mut bot = Bot::new(seat, Level::Expert, k.setup.players, k.setup.seed);
    let game = Game::replay_watching(k.setup, None, &k.actions, |r| match r {
        Replayed::Before(g, played) if played.seat == seat => {
            bot.decide(&g.seat_view(seat).expect("a seat"));
        }
        Replayed::Before(..) => {}
        Replayed::After(events) => {
            for e in events {
                match e {
                    Event::Private { seat: s, .. } if *s != seat => {}
                    e => bot.observe(e),
                }
            }
        }
    })
    .expect("the save replays");
    bot.decide(&game.seat_view(seat).expect("a seat")).action
}

#[tokio::test]
async fn a_first_card_game_is_coached_from_home_to_its_end() {
    let Some(b) = support::launch().await else {
        return;
    };
    b.open_app().await;
    b.clear_storage().await;
    b.reload().await;
    // Nobody has finished a Card Game here: Home offers the coached one.
    b.click("[data-testid=coach-card]").await;
    b.wait_for("[data-testid=table]").await;
    let start = Instant::now();
    let mut taps = 1;
    let mut taught: Vec<(Lesson, u32)> = Vec::new();
    let mut decisions = 0;
    let mut fast = false;
    let mut checked: Option<usize> = None;
    let mut stale = 0;
    loop {
        b.assert_still_playing(start, Duration::from_secs(900))
            .await;
        let k = saved(&b).await.expect("an autosave");
        if b.exists("[data-testid=end]").await {
            assert!(k.game.is_over());
            break;
        }
        if b.exists("[data-testid=resolution]").await {
            assert_nothing_hidden(&b, &k).await;
            if b.exists("[data-testid=skip]").await {
                b.click("[data-testid=skip]").await;
            }
            b.click("[data-testid=continue]").await;
            taps += 1;
            b.wait_until_gone("[data-testid=resolution]").await;
            continue;
        }
        if b.exists("[data-testid=accusation-result]").await {
            b.click("[data-testid=continue]").await;
            taps += 1;
            b.wait_until_gone("[data-testid=accusation-result]").await;
            continue;
        }
        if !fast && b.exists("[data-testid=bot-fast]").await {
            fast = true;
            b.click("[data-testid=bot-fast]").await;
            continue;
        }
        if !b.exists("[data-testid=private]").await {
            // The computers play, or the page is between two screens.
            assert!(
                !b.exists("[data-testid=curtain]").await,
                "one person alone gets no curtain"
            );
            // The table shows nothing hidden, after each move.
            if checked != Some(k.actions.len()) && b.exists("[data-testid=actions]").await {
                checked = Some(k.actions.len());
                assert_nothing_hidden(&b, &k).await;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        if !k.owed.is_empty() {
            // His first look at his Loyalty card.
            b.click("[data-testid=done-hide]").await;
            taps += 1;
            saved_when(&b, "the owed screen paid", |n| n.owed.is_empty()).await;
            continue;
        }
        let Some((seat, _)) = k.game.decider() else {
            continue;
        };
        if seat != Seat(0) {
            // The page has not caught up with the save yet: it does, or the screen is wrong.
            stale += 1;
            assert!(
                stale < 100,
                "a private screen shows while {seat:?} decides: {}",
                b.html().await
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        stale = 0;
        // The person decides: the coach is beside his choices.
        assert!(b.exists("[data-testid=coach]").await, "no coach");
        let seen = lessons(&b).await;
        let sv = k.game.seat_view(seat).expect("a seat");
        let due = next_lesson(&sv, &seen);
        let n = k.actions.len();
        if b.exists("[data-testid=coach-tip]").await {
            let lesson = due.expect("a tip shows when none is due");
            support::coach::read_tip(&b, &lesson.code(), &visible_codes(&k.game, seat), n).await;
            taught.push((lesson, k.game.turn()));
            taps += 1;
            continue;
        }
        assert!(due.is_none(), "move {n}: {due:?} is due and no tip shows");
        // What would an experienced player do? Then do it.
        decisions += 1;
        support::coach::follow_advice(&b).await;
        taps += 2;
        let after = saved_when(&b, "the advice followed", |a| a.actions.len() > n).await;
        assert_eq!(
            after.actions[n].action,
            expert(&k, seat),
            "move {n}: the advice followed is the expert's choice"
        );
    }
    let minutes = start.elapsed().as_secs_f64() / 60.0;
    eprintln!(
        "coached Card Game: {taps} taps, {decisions} decisions, {} tips in {minutes:.1} min: {:?}",
        taught.len(),
        taught
    );
    // The rules a first game must meet were each explained.
    for lesson in [
        Lesson::Turn,
        Lesson::ThreatsPile,
        Lesson::Silence,
        Lesson::Merlin,
        Lesson::Swords,
        Lesson::Accusation,
        Lesson::Announce,
    ] {
        assert!(
            taught.iter().any(|(l, _)| *l == lesson),
            "{lesson:?} was never explained: {taught:?}"
        );
    }
    assert!(
        taught
            .iter()
            .filter(|(l, _)| matches!(l, Lesson::Quest(_)))
            .count()
            >= 3,
        "too few quests explained: {taught:?}"
    );
    // A finished Card Game: Home offers the coach no more; New game always does.
    b.click("[data-testid=home-button]").await;
    b.wait_for("[data-testid=new-game]").await;
    assert!(!b.exists("[data-testid=coach-card]").await);
    b.click("[data-testid=new-game]").await;
    b.wait_for("[data-testid=card-coached]").await;
    b.assert_no_console_errors().await;
    b.close().await;
}
