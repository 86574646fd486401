//! The coached Card Game, from Home to its end, following the coach: each tip is the one the
//! engine says is due at that decision from the person's own view (the first time its rule
//! matters), names no card the person may not see, and the advice followed is the expert
//! computer player's choice for his seat.

use super::*;
use crate::support;
use camelot_card::bot::{Bot, Level};
use camelot_card::coach::{Lesson, next_lesson};
use camelot_card::{Event, Knight, Prompt, Replayed};
use std::time::Duration;

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
    let mut tally = support::coach::start_coached(&b, "coach-card", "table").await;
    let mut fast = false;
    let mut checked: Option<usize> = None;
    let mut stale = 0;
    loop {
        b.assert_still_playing(tally.start, Duration::from_secs(900))
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
            tally.taps += 1;
            b.wait_until_gone("[data-testid=resolution]").await;
            continue;
        }
        if b.exists("[data-testid=accusation-result]").await {
            b.click("[data-testid=continue]").await;
            tally.taps += 1;
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
            tally.taps += 1;
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
        let seen = support::coach::lessons(&b).await;
        let sv = k.game.seat_view(seat).expect("a seat");
        let due = next_lesson(&sv, &seen).map(|l| (l, l.code()));
        let n = k.actions.len();
        let visible = visible_codes(&k.game, seat);
        if tally
            .read_tip_or_follow_advice(&b, due, &visible, k.game.turn(), n)
            .await
        {
            continue;
        }
        let after = saved_when(&b, "the advice followed", |a| a.actions.len() > n).await;
        assert_eq!(
            after.actions[n].action,
            expert(&k, seat),
            "move {n}: the advice followed is the expert's choice"
        );
    }
    // The rules a first game must meet were each explained.
    tally.report(
        "Card Game",
        &[
            Lesson::Turn,
            Lesson::ThreatsPile,
            Lesson::Silence,
            Lesson::Merlin,
            Lesson::Swords,
            Lesson::Accusation,
            Lesson::Announce,
        ],
    );
    assert!(
        tally
            .taught
            .iter()
            .filter(|(l, _)| matches!(l, Lesson::Quest(_)))
            .count()
            >= 3,
        "too few quests explained: {:?}",
        tally.taught
    );
    // A finished Card Game: Home offers the coach no more; New game always does.
    support::coach::offered_only_in_new_game(&b, "coach-card", "new-game", "card-coached").await;
    b.assert_no_console_errors().await;
    b.close().await;
}
