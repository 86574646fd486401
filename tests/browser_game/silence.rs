//! Morgan's silence: the number said aloud, the silence view, its countdown across a reload, and
//! the countdowns offered.

use super::*;

/// A solo seed whose first listens bring a Morgan, then a Merlin (found with the engine).
pub(super) fn silence_seed() -> (u64, usize) {
    'seeds: for seed in 1..2000u64 {
        let mut g = Game::new(Setup::new(1, seed)).expect("setup");
        let mut began = None;
        for i in 0..40 {
            let Some((seat, _)) = g.decider() else {
                continue 'seeds;
            };
            let a = game::listen_or_first(&g.legal_actions());
            g.apply(seat, a).expect("legal");
            match (began, g.silence()) {
                (None, Some(_)) => began = Some(i),
                (Some(_), None) if i >= 3 => return (seed, i),
                (Some(_), None) => continue 'seeds,
                _ => {}
            }
        }
    }
    panic!("no seed brings silence and lifts it");
}

/// A solo seed whose listens bring Morgan #2 and then a listener's count (found with the engine).
fn count_aloud_seed() -> u64 {
    'seeds: for seed in 1..5000u64 {
        let mut g = Game::new(Setup::new(1, seed)).expect("setup");
        for _ in 0..30 {
            let Some((seat, _)) = g.decider() else {
                continue 'seeds;
            };
            let a = game::listen_or_first(&g.legal_actions());
            let events = g.apply(seat, a).expect("legal");
            if events
                .iter()
                .any(|e| matches!(e, camelot_card::Event::CountAloud { .. }))
            {
                return seed;
            }
        }
    }
    panic!("no seed brings Morgan #2's count");
}

/// Under Morgan #2 the table shows the number the listener says aloud, and a reload (a closed
/// tab, a flat battery) right after it still shows it, with the rest of "just now".
#[tokio::test]
async fn morgan_2s_number_said_aloud_comes_back_after_a_reload() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = count_aloud_seed();
    fresh_app(&b, seed).await;
    start_game(&b, &["Ann"], Options::default()).await;
    for _ in 0..60 {
        step(&b, &mut game::listening).await;
        if b.exists("[data-testid=count-aloud]").await {
            break;
        }
    }
    let said = b.text("[data-testid=count-aloud]").await;
    assert!(said.starts_with("Ann says aloud"), "{said}");
    let just_now = b.text("[data-testid=last-events]").await;
    assert!(just_now.contains("Ann counts aloud"), "{just_now}");
    b.reload().await;
    b.wait_for("[data-testid=actions]").await;
    assert_eq!(b.text("[data-testid=count-aloud]").await, said);
    assert_eq!(b.text("[data-testid=last-events]").await, just_now);
    assert_nothing_hidden(&b, &saved(&b).await.expect("saved")).await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Seconds in a countdown text such as "This turn: 0:57 left".
fn countdown_secs(text: &str) -> u32 {
    let clock = text
        .split_whitespace()
        .find(|w| w.contains(':') && w.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .unwrap_or_else(|| panic!("no time in {text:?}"));
    let (m, s) = clock.split_once(':').expect("m:ss");
    m.parse::<u32>().expect("minutes") * 60 + s.parse::<u32>().expect("seconds")
}

/// The optional per-turn countdown during silence goes on across a reload: the turn's start is
/// saved with the game, so reloading does not give the player their time again.
#[tokio::test]
async fn the_silence_countdown_goes_on_across_a_reload() {
    let Some(b) = support::launch().await else {
        return;
    };
    let (seed, _) = silence_seed();
    fresh_app(&b, seed).await;
    b.open_settings().await;
    b.click("[data-testid=countdown-60]").await;
    b.wait_for("[data-testid=settings-saved]").await;
    b.click("[data-testid=home-button]").await;
    start_game(&b, &["Ann"], Options::default()).await;
    for _ in 0..120 {
        if b.exists("[data-testid=silence-countdown]").await {
            break;
        }
        step(&b, &mut game::listening).await;
    }
    let before = countdown_secs(&b.text("[data-testid=silence-countdown]").await);
    assert!(before >= 55, "a fresh turn has about a minute: {before}");
    tokio::time::sleep(std::time::Duration::from_millis(4200)).await;
    b.reload().await;
    b.wait_for("[data-testid=silence-countdown]").await;
    let after = countdown_secs(&b.text("[data-testid=silence-countdown]").await);
    assert!(
        after + 4 <= before,
        "the countdown started again after the reload: {before}s, then {after}s"
    );
    b.assert_no_console_errors().await;
    b.close().await;
}

/// The page's background under Morgan's silence (table.css), as the browser computes it.
const SILENCE_BACKGROUND: &str = "rgb(27, 15, 36) rgb(27, 15, 36)";

/// The background colours of `<html>` and `<body>`, as the browser computes them.
async fn page_background(b: &support::Browser) -> String {
    b.eval(
        "const c = e => getComputedStyle(e).backgroundColor;
         return c(document.documentElement) + ' ' + c(document.body);",
    )
    .await
    .as_str()
    .expect("colours")
    .to_string()
}

#[tokio::test]
async fn a_morgan_brings_the_silence_view_and_a_merlin_lifts_it() {
    let Some(b) = support::launch().await else {
        return;
    };
    let (seed, _) = silence_seed();
    fresh_app(&b, seed).await;
    start_game(&b, &["Ann"], Options::default()).await;
    let mut saw_silence = false;
    for _ in 0..120 {
        let before = saved(&b).await.expect("saved");
        step(&b, &mut game::listening).await;
        let k = saved(&b).await.expect("saved");
        if !b.exists("[data-testid=actions]").await {
            continue;
        }
        let v = k.view();
        match v.silence {
            Some(s) => {
                assert!(
                    b.exists("main.silence .table-screen.silence").await,
                    "silent palette"
                );
                // The whole page, under and around the table, is in the silence's colour.
                assert_eq!(page_background(&b).await, SILENCE_BACKGROUND);
                assert!(
                    b.text("[data-testid=silence]")
                        .await
                        .contains("Silence — no talking")
                );
                assert_eq!(
                    b.text("[data-testid=silence-turns]").await,
                    format!(
                        "{} turn{} spent",
                        s.turns,
                        if s.turns == 1 { "" } else { "s" }
                    )
                );
                if !saw_silence {
                    // The timer ticks.
                    let t0 = b.text("[data-testid=silence-elapsed]").await;
                    tokio::time::sleep(std::time::Duration::from_millis(2300)).await;
                    let t1 = b.text("[data-testid=silence-elapsed]").await;
                    assert_ne!(t0, t1, "the silence timer does not tick");
                    assert!(t1.ends_with("in silence"), "{t1}");
                }
                saw_silence = true;
            }
            None => {
                assert!(!b.exists("main.silence").await);
                assert_ne!(page_background(&b).await, SILENCE_BACKGROUND);
                if saw_silence && before.view().silence.is_some() {
                    // A Merlin lifted it.
                    let text = b.text("[data-testid=speak-again]").await;
                    assert!(text.contains("You may speak again"));
                    // A reload does not take the news away before the table has read it.
                    let just_now = b.text("[data-testid=last-events]").await;
                    b.reload().await;
                    b.wait_for("[data-testid=actions]").await;
                    assert_eq!(b.text("[data-testid=speak-again]").await, text);
                    assert_eq!(b.text("[data-testid=last-events]").await, just_now);
                    assert!(
                        k.game
                            .table_view()
                            .top
                            .is_some_and(|t| t.shown().is_merlin()),
                        "silence lifted by something else than a Merlin"
                    );
                    b.assert_no_console_errors().await;
                    b.close().await;
                    return;
                }
            }
        }
    }
    panic!("silence never came and went (saw silence: {saw_silence})");
}

/// A save that does not know when the silence fell (one written before the app kept it, or by
/// hand) shows the turns spent in silence without a stray separator before them (it showed
/// "· 2 turns spent").
#[tokio::test]
async fn a_silence_of_unknown_start_shows_its_turns_alone() {
    let (seed, _) = silence_seed();
    let setup = Setup::new(1, seed);
    let mut g = Game::new(setup).expect("setup");
    let mut actions = Vec::new();
    while g.silence().is_none() {
        let a = game::listen_or_first(&g.legal_actions());
        g.apply(Seat(0), a).expect("legal");
        actions.push(camelot_card::Played {
            seat: Seat(0),
            action: a,
        });
    }
    let Some(b) = launch_with_save(setup, &actions).await else {
        return;
    };
    b.wait_for("[data-testid=silence]").await;
    let text = b.text("[data-testid=silence] p").await;
    assert!(
        text.trim_start().starts_with(char::is_numeric),
        "the silence line: {text:?}"
    );
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Settings offered countdowns Off/30/60/90 s while New game also offered 120 s: both
/// offer the same ones now.
#[tokio::test]
async fn settings_and_new_game_offer_the_same_silence_countdowns() {
    let Some(b) = support::launch().await else {
        return;
    };
    fresh_app(&b, 3).await;
    b.click("[data-testid=settings]").await;
    b.wait_for("[data-testid=countdown-off]").await;
    let settings = b
        .eval(
            "return [...document.querySelectorAll('[data-testid^=countdown-]')]
                .map(e => e.getAttribute('data-testid').slice(10));",
        )
        .await;
    b.click("[data-testid=home-button]").await;
    b.click("[data-testid=new-game]").await;
    b.wait_for("[data-testid=opt-countdown]").await;
    let new_game = b
        .eval(
            "return [...document.querySelectorAll('[data-testid=opt-countdown] option')]
                .map(e => e.value);",
        )
        .await;
    assert_eq!(settings, new_game);
    assert_eq!(
        new_game,
        serde_json::json!(["off", "30", "60", "90", "120"])
    );
    b.assert_no_console_errors().await;
    b.close().await;
}
