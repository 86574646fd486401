//! Accessibility in a real browser: every screen checked with axe-core (WCAG 2.1 A and AA rules:
//! contrast, accessible names, labels, roles, landmarks …), the game played from the keyboard
//! alone with a visible focus ring, and tap targets of at least 44 px.
//!
//! axe-core comes from npm (`scripts/setup --browser` installs it into `.tools/`); it is injected
//! into the page by the test only, never shipped.

mod support;

#[path = "support/game.rs"]
mod game;

use camelot_card::Options;
use game::{Rng, fresh_app, lively, play_to_end, saved, saved_when, start_game, wait_settled};
use serde_json::Value;
use support::Browser;
use support::checks::{assert_accessible, assert_tap_targets, axe_source, violations};

/// A browser and axe-core's source, for a test of axe's checks; `None` (the test is skipped)
/// without either.
async fn launch_with_axe() -> Option<(Browser, String)> {
    let b = support::launch().await?;
    Some((b, axe_source()?))
}

/// `screen` passes axe's checks and its tap targets are 44 px.
async fn passes_axe_and_taps(b: &Browser, axe: &str, screen: &str) {
    assert_accessible(b, axe, screen).await;
    assert_tap_targets(b, screen).await;
}

#[tokio::test]
async fn every_screen_passes_axe_and_tap_targets_are_44_px() {
    let Some((b, axe)) = launch_with_axe().await else {
        return;
    };
    fresh_app(&b, 11).await;
    // The checker itself must catch a problem: a button with no accessible name.
    b.eval("const x = document.createElement('button'); x.id = 'nameless'; document.body.append(x); return null;")
        .await;
    let found = violations(&b, &axe).await;
    assert!(
        found.iter().any(|v| v.contains("button-name")),
        "axe did not report a nameless button: {found:?}"
    );
    b.eval("document.getElementById('nameless').remove(); return null;")
        .await;
    passes_axe_and_taps(&b, &axe, "Home").await;

    b.open_settings().await;
    passes_axe_and_taps(&b, &axe, "Settings").await;

    b.click("[data-testid=rules-button]").await;
    b.wait_for("[data-testid=rules-contents]").await;
    assert_accessible(&b, &axe, "Rules").await;
    // The choice of game: two buttons of 44 px and more, reached and pressed from the keyboard.
    let small = b
        .eval(
            "return [...document.querySelectorAll('[data-testid=rules-games] button')]
                .map(e => e.getBoundingClientRect())
                .filter(r => r.width < 44 - 0.5 || r.height < 44 - 0.5).length;",
        )
        .await;
    assert_eq!(
        small,
        Value::from(0),
        "Rules: the choice of game under 44 px"
    );
    b.eval("document.querySelector('[data-testid=rules-close-top]').focus(); return null;")
        .await;
    tab_to(&b, "rules-game-board").await;
    press_enter(&b).await;
    b.wait_for("[data-testid=rules-screen][data-game=board]")
        .await;
    b.assert_pressed("[data-testid=rules-game-board]").await;
    assert_accessible(&b, &axe, "Rules (board game)").await;

    b.click("[data-testid=home-button]").await;
    b.click("[data-testid=saved-games]").await;
    b.wait_for("[data-testid=saved-back]").await;
    assert_accessible(&b, &axe, "Saved games (empty)").await;

    b.click("[data-testid=home-button]").await;
    b.click("[data-testid=new-game]").await;
    b.wait_for("[data-testid=start-game]").await;
    passes_axe_and_taps(&b, &axe, "New game").await;
    b.click("[data-testid=home-button]").await;
    b.wait_for("[data-testid=new-game]").await;

    // Four players: the curtain, a private screen, the table.
    start_game(&b, &["Ann", "Bo", "Cy", "Di"], Options::default()).await;
    b.wait_for("[data-testid=curtain]").await;
    passes_axe_and_taps(&b, &axe, "Curtain").await;
    b.click("[data-testid=curtain-show]").await;
    b.wait_for("[data-testid=done-hide]").await;
    assert_accessible(&b, &axe, "Private screen (Loyalty)").await;
    for _ in 0..4 {
        if !b.exists("[data-testid=done-hide]").await {
            b.click("[data-testid=curtain-show]").await;
            b.wait_for("[data-testid=done-hide]").await;
        }
        b.click("[data-testid=done-hide]").await;
        wait_settled(&b).await;
    }
    b.wait_for("[data-testid=listen]").await;
    wait_settled(&b).await;
    passes_axe_and_taps(&b, &axe, "Table").await;

    // A solo game to its end: the quest reveals, the table, the end screen and the log.
    fresh_app(&b, 5).await;
    start_game(&b, &["Solo"], Options::default()).await;
    let mut rng = Rng::new(5);
    play_to_end(&b, &mut |k, legal| lively(&mut rng, k, legal), 600).await;
    passes_axe_and_taps(&b, &axe, "End of the game").await;
    b.click("[data-testid=open-log]").await;
    b.wait_for("[data-testid=log]").await;
    assert_accessible(&b, &axe, "Log").await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Which element has the focus, and whether it shows a focus ring.
async fn focused(b: &Browser) -> (String, bool) {
    let v = b
        .eval(
            "const e = document.activeElement;
             const s = getComputedStyle(e);
             const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2)
                 || s.boxShadow !== 'none';
             return [e.getAttribute('data-testid') || e.tagName, ring];",
        )
        .await;
    (
        v[0].as_str().unwrap_or("").to_string(),
        v[1].as_bool().unwrap_or(false),
    )
}

/// Tab until the element with `testid` has the focus (at most 40 presses), checking every stop
/// shows a visible focus ring.
async fn tab_to(b: &Browser, testid: &str) {
    let mut seen = Vec::new();
    for _ in 0..40 {
        b.client()
            .active_element()
            .await
            .expect("active element")
            .send_keys("\u{E004}")
            .await
            .expect("press Tab");
        let (id, ring) = focused(b).await;
        // Focus may pass through the page itself (BODY) between the last control and the first.
        assert!(
            ring || id == "BODY",
            "{id} has the keyboard focus but no visible focus ring"
        );
        if id == testid {
            return;
        }
        seen.push(id);
    }
    panic!("Tab never reached {testid}; focus went through {seen:?}");
}

async fn press_enter(b: &Browser) {
    b.client()
        .active_element()
        .await
        .expect("active element")
        .send_keys("\u{E007}")
        .await
        .expect("press Enter");
}

#[tokio::test]
async fn a_game_starts_and_plays_from_the_keyboard_alone() {
    let Some(b) = support::launch().await else {
        return;
    };
    fresh_app(&b, 21).await;
    // Start from the top bar's Rules button, as a keyboard user arriving on the page would after
    // the browser's own controls.
    b.eval("document.querySelector('[data-testid=rules-button]').focus(); return null;")
        .await;
    tab_to(&b, "new-game").await;
    press_enter(&b).await;
    b.wait_for("[data-testid=start-game]").await;
    tab_to(&b, "start-game").await;
    press_enter(&b).await;
    b.wait_for("[data-testid=table]").await;
    // Solo by default or not, the first step is reachable by keyboard: lift a curtain or listen.
    if b.exists("[data-testid=curtain-show]").await {
        tab_to(&b, "curtain-show").await;
        press_enter(&b).await;
        b.wait_for("[data-testid=done-hide]").await;
        tab_to(&b, "done-hide").await;
        press_enter(&b).await;
    }
    wait_settled(&b).await;
    if b.exists("[data-testid=curtain-show]").await {
        // More players to look: the keyboard path is proven; the rest is the same screen.
        b.close().await;
        return;
    }
    tab_to(&b, "listen").await;
    let before = b.count(".log-line, [data-testid=last-events] li").await;
    press_enter(&b).await;
    wait_settled(&b).await;
    let k = saved(&b).await.expect("a saved game");
    assert_eq!(k.actions.len(), 1, "Enter on Listen to Rumors played it");
    let _ = before;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Waits (briefly) until the focus is on an element inside the table's screen, and returns its
/// test id (or tag) and whether it is the page itself.
async fn focus_in_screen(b: &Browser, what: &str) -> String {
    let probe = "const e = document.activeElement;
                 if (!e || e === document.body || !e.closest('.table-screen')) return null;
                 return e.getAttribute('data-testid') || e.tagName;";
    for _ in 0..40 {
        if let Value::String(id) = b.eval(probe).await {
            return id;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    let (id, _) = focused(b).await;
    let dbg = b
        .eval("return [document.querySelectorAll('.table-screen h2, .table-screen [data-focus-start]').length, String(document.activeElement && document.activeElement.outerHTML.slice(0, 80))];")
        .await;
    panic!("{what}: the keyboard focus fell out of the screen (now on {id}) {dbg}");
}

/// Presses Tab once and returns the test id (or tag) of the focused element.
async fn tab_once(b: &Browser) -> String {
    b.client()
        .active_element()
        .await
        .expect("active element")
        .send_keys("\u{E004}")
        .await
        .expect("press Tab");
    focused(b).await.0
}

#[tokio::test]
async fn after_every_step_the_keyboard_focus_stays_in_the_screen() {
    let Some(b) = support::launch().await else {
        return;
    };
    fresh_app(&b, 23).await;
    start_game(&b, &["Ann", "Bo", "Cy"], Options::default()).await;
    // The curtain: the focus on it, the next Tab on "Show me"; behind it, on the private screen,
    // the next Tab on "Done — hide". Three times, one per player.
    for _ in 0..3 {
        b.wait_for("[data-testid=curtain]").await;
        assert_eq!(focus_in_screen(&b, "step 1").await, "curtain-name");
        assert_eq!(tab_once(&b).await, "curtain-show");
        press_enter(&b).await;
        b.wait_for("[data-testid=private]").await;
        assert_eq!(focus_in_screen(&b, "step 2").await, "H2");
        assert_eq!(tab_once(&b).await, "done-hide");
        press_enter(&b).await;
    }
    // The board: the focus on the actions, the next Tab on Listen to Rumors; after listening, the
    // focus is still in the screen (the board again, or a curtain for a private step).
    b.wait_for("[data-testid=listen]").await;
    assert_eq!(focus_in_screen(&b, "step 3").await, "actions");
    assert_eq!(tab_once(&b).await, "listen");
    press_enter(&b).await;
    saved_when(&b, "Listen to Rumors played", |k| k.actions.len() == 1).await;
    let now = focus_in_screen(&b, "step 4").await;
    assert!(
        ["actions", "curtain-name"].contains(&now.as_str()),
        "focus on {now}"
    );
    // A sheet: Go on a Quest opens the quests, the next Tab on the first of them.
    let k = saved(&b).await.expect("saved");
    if k.curtain_seat().is_none() && b.exists("[data-testid=quest]:not([disabled])").await {
        tab_to(&b, "quest").await;
        press_enter(&b).await;
        b.wait_for("[data-testid=cancel]").await;
        focus_in_screen(&b, "step 5").await;
        assert!(tab_once(&b).await.starts_with("quest-"));
    }
    b.assert_no_console_errors().await;
    b.close().await;
}

/// A solo seed (with the Merlin #6 promo) where listening brings Merlin #6's choice soon.
fn merlin6_seed() -> (u64, Options) {
    let options = Options {
        merlin6: true,
        ..Options::default()
    };
    for seed in 1..2000u64 {
        let setup = camelot_card::Setup {
            players: 1,
            first: camelot_card::Seat(0),
            options,
            seed,
        };
        let mut g = camelot_card::Game::new(setup).expect("setup");
        for _ in 0..30 {
            match g.decider() {
                Some((_, camelot_card::Decision::Merlin6)) => return (seed, options),
                Some((seat, _)) => {
                    let a = game::listen_or_first(&g.legal_actions());
                    g.apply(seat, a).expect("legal");
                }
                None => break,
            }
        }
    }
    panic!("no seed brings Merlin #6");
}

#[tokio::test]
async fn merlin6_points_say_which_one_is_chosen() {
    let Some(b) = support::launch().await else {
        return;
    };
    let (seed, options) = merlin6_seed();
    fresh_app(&b, seed).await;
    start_game(&b, &["Ann"], options).await;
    for _ in 0..60 {
        let k = saved(&b).await.expect("saved");
        if matches!(k.game.decider(), Some((_, camelot_card::Decision::Merlin6))) {
            break;
        }
        game::step(&b, &mut game::listening).await;
    }
    wait_settled(&b).await;
    if b.exists("[data-testid=curtain-show]").await {
        b.click("[data-testid=curtain-show]").await;
    }
    b.wait_for("[data-testid=merlin6-bonus-0]").await;
    let pressed = async |b: &Browser| -> Vec<String> {
        let mut v = Vec::new();
        for i in 0..=3 {
            v.push(
                b.attr(&format!("[data-testid=merlin6-bonus-{i}]"), "aria-pressed")
                    .await
                    .unwrap_or_default(),
            );
        }
        v
    };
    assert_eq!(pressed(&b).await, ["true", "false", "false", "false"]);
    b.click("[data-testid=merlin6-bonus-2]").await;
    assert_eq!(pressed(&b).await, ["false", "false", "true", "false"]);
    if let Some(axe) = axe_source() {
        assert_accessible(&b, &axe, "Merlin #6").await;
    }
    assert_tap_targets(&b, "Merlin #6").await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// The table screen meets the contrast minimum in every colour scheme it can show: light, the
/// phone's dark mode, and Morgan's silence in both — the top bar, the actions, the badges, and the
/// quest colours as text (the quest buttons of Go on a Quest, Merlin #4 and #6, and the stacks of a
/// quest's reveal), each stack's outcome (success, defeat, baseless, harmless), the Accuse button
/// once it can be used, and the green "done" notices of Saved games and Settings. All five quests are put on the table screen with the app's own classes (a game
/// shows only the quests its top card allows).
#[tokio::test]
async fn the_table_is_readable_in_dark_mode_and_in_silence() {
    let Some((b, axe)) = launch_with_axe().await else {
        return;
    };
    fresh_app(&b, 11).await;
    start_game(&b, &["Solo"], Options::default()).await;
    b.wait_for("[data-testid=listen]").await;
    wait_settled(&b).await;
    b.eval(
        "const quests = ['picts', 'saxons', 'dragon', 'excalibur', 'grail'];
         const box = document.createElement('div');
         box.innerHTML = '<div class=\"quest-choices\">'
             + quests.map(q => `<button class=\"quest-choice ${q}\">${q}</button>`).join('')
             + '</div>'
             + quests.map(q => `<section class=\"stack ${q}\"><header>${q}</header>`
                 + ['success', 'defeat', 'baseless', 'harmless']
                     .map(o => `<p class=\"outcome ${o}\">${o}</p>`).join('')
                 + '</section>').join('')
             + '<button class=\"accuse\">Accuse</button>'
             + '<p class=\"notice done\">Saved</p>'
             + '<div class=\"settings-status\"><p class=\"done\">Saved</p></div>';
         document.querySelector('.table-screen').prepend(box);
         return null;",
    )
    .await;
    let scheme = |dark: bool| serde_json::json!({"features": [{"name": "prefers-color-scheme", "value": if dark { "dark" } else { "light" }}]});
    // As the app shows Morgan's silence: on the table's `<main>` and on the whole page.
    let silence = |on: bool| {
        format!(
            "document.querySelector('main').classList.toggle('silence', {on});
             document.documentElement.classList.toggle('silence', {on});
             return null;"
        )
    };
    for (dark, silent, what) in [
        (false, false, "light"),
        (true, false, "dark mode"),
        (true, true, "silence in dark mode"),
        (false, true, "silence"),
    ] {
        b.cdp("Emulation.setEmulatedMedia", scheme(dark)).await;
        b.eval(&silence(silent)).await;
        let dark_now = b
            .eval("return matchMedia('(prefers-color-scheme: dark)').matches;")
            .await;
        assert_eq!(dark_now, Value::Bool(dark), "the colour scheme is emulated");
        assert_accessible(&b, &axe, &format!("Table with every quest colour ({what})")).await;
    }
    b.close().await;
}

/// A screen reader hears each new top card of the Threats pile once: the pile's card is a polite
/// live region that stays in the page from turn to turn (a region put in with its content is not
/// read out), its new card is named, and no other live region names it too.
#[tokio::test]
async fn each_new_top_card_is_announced_once() {
    let Some(b) = support::launch().await else {
        return;
    };
    fresh_app(&b, 11).await;
    start_game(&b, &["Solo"], Options::default()).await;
    let mut heard = 0;
    for _ in 0..16 {
        wait_settled(&b).await;
        if !b.exists("[data-testid=listen]:not([disabled])").await {
            // The Loyalty peek, a private choice, a quest's reveal: the table plays on.
            game::step(&b, &mut |_, legal: &[camelot_card::Action]| legal[0]).await;
            continue;
        }
        let before = saved(&b).await.expect("saved").actions.len();
        b.eval("document.querySelector('[data-testid=top-card]').__kept = true; return null;")
            .await;
        b.click("[data-testid=listen]").await;
        let k = saved_when(&b, "the Listen saved", |k| k.actions.len() > before).await;
        wait_settled(&b).await;
        let Some(camelot_card::TopCard::FaceUp { card }) = k.view().top else {
            continue;
        };
        if !b.exists("[data-testid=actions]").await {
            // A curtain came first (Merlin #4's choice, …): the table is drawn afresh after it.
            continue;
        }
        let name = game::card_name(card);
        let said = b
            .eval(
                "const p = document.querySelector('[data-testid=top-card]');
                 const img = p.querySelector('[role=img]');
                 const others = [...document.querySelectorAll('[aria-live]:not([aria-live=off]), [role=status], [role=alert]')]
                     .filter(e => !p.contains(e) && !e.contains(p)).map(e => e.innerText);
                 return [p.getAttribute('aria-live'), !!p.__kept, img && img.getAttribute('aria-label'), others];",
            )
            .await;
        assert_eq!(
            said[0],
            Value::from("polite"),
            "the top card is a live region"
        );
        assert_eq!(
            said[1],
            Value::Bool(true),
            "the live region stayed in the page"
        );
        assert_eq!(
            said[2],
            Value::from(name.clone()),
            "the new top card is named"
        );
        let others = said[3].as_array().cloned().unwrap_or_default();
        assert!(
            others
                .iter()
                .all(|t| !t.as_str().unwrap_or("").contains(&name)),
            "{name} is said twice: {others:?}"
        );
        heard += 1;
    }
    assert!(heard >= 2, "only {heard} top cards checked");
    b.assert_no_console_errors().await;
    b.close().await;
}

/// A screen reader hears each quest's result once the outcomes are out: the reveal holds a polite
/// live region from the moment it opens, empty until then, that names every quest of the pile with
/// its outcome and swords.
#[tokio::test]
async fn each_quest_result_is_announced() {
    let Some(b) = support::launch().await else {
        return;
    };
    fresh_app(&b, 11).await;
    start_game(&b, &["Solo"], Options::default()).await;
    let mut heard = 0;
    for _ in 0..60 {
        wait_settled(&b).await;
        let k = saved(&b).await.expect("saved");
        let quest = k.game.legal_actions().into_iter().find(|a| {
            matches!(a, camelot_card::Action::GoOnQuest { .. }) && k.view().pile_count >= 3
        });
        let Some(quest) = quest else {
            // Listen (or the Loyalty peek, a private choice): the table plays on.
            game::step(&b, &mut |_, legal: &[camelot_card::Action]| {
                legal
                    .iter()
                    .copied()
                    .find(|a| *a == camelot_card::Action::ListenToRumors)
                    .unwrap_or(legal[0])
            })
            .await;
            continue;
        };
        let before = k.actions.len();
        let seat = k.game.decider().expect("a decider").0;
        game::act(&b, &k, seat, quest).await;
        let k = saved_when(&b, "the quest saved", |k| k.actions.len() > before).await;
        b.wait_for("[data-testid=resolution]").await;
        let region = b
            .eval(
                "const r = document.querySelector('[data-testid=result-said]');
                 if (r) r.__kept = true;
                 return r ? [r.getAttribute('aria-live'), r.innerText] : null;",
            )
            .await;
        assert_eq!(
            region[0],
            Value::from("polite"),
            "the result is a live region"
        );
        b.wait_for("[data-testid=continue]").await;
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        let said = b
            .eval(
                "const r = document.querySelector('[data-testid=result-said]');
                 return [!!r.__kept, r.textContent];",
            )
            .await;
        assert_eq!(
            said[0],
            Value::Bool(true),
            "the live region stayed in the page"
        );
        let text = said[1].as_str().unwrap_or("").to_owned();
        let r = k
            .game
            .table_view()
            .resolution
            .expect("the quest's breakdown");
        for s in &r.stacks {
            let outcome = b
                .text(&format!("[data-testid=outcome-{}]", s.quest.code()))
                .await;
            assert!(
                text.contains(&outcome),
                "the result said {text:?} leaves out {outcome:?}"
            );
        }
        heard += 1;
        b.click("[data-testid=continue]").await;
        if heard == 2 {
            break;
        }
    }
    assert!(heard >= 1, "no quest was gone on");
    b.assert_no_console_errors().await;
    b.close().await;
}

#[tokio::test]
async fn the_message_for_a_screen_that_cannot_be_fetched_passes_axe() {
    let dist = support::dist_dir();
    if support::chunk_of(&dist, "settings_screen").is_none() {
        eprintln!("SKIPPING: dist/ holds an unsplit build (every screen is in the one wasm)");
        return;
    }
    let Some((mut b, axe)) = launch_with_axe().await else {
        return;
    };
    let server = support::Server::start(dist);
    b.set_base_url(server.url());
    // The network goes before the service worker has kept the app.
    b.cdp("Network.enable", serde_json::json!({})).await;
    b.cdp(
        "Network.setBypassServiceWorker",
        serde_json::json!({"bypass": true}),
    )
    .await;
    fresh_app(&b, 12).await;
    server.set_down(true);
    b.click("[data-testid=settings]").await;
    b.wait_for("[data-testid=screen-unavailable]").await;
    let text = b.text("[data-testid=screen-unavailable]").await;
    assert!(text.contains("could not be loaded"), "{text}");
    assert!(!text.contains("game is saved"), "no game is open: {text}");
    // axe-core itself is injected by the test, not fetched: the page stays offline.
    passes_axe_and_taps(&b, &axe, "Screen not loaded").await;
    b.close().await;
}

/// The board game's screens pass axe and their tap targets are 44 px: New game, the
/// curtain, the first Loyalty look, a person's decision with the board below, and at 320 px
/// nothing scrolls sideways.
#[tokio::test]
async fn the_board_game_screens_pass_axe_and_fit_a_phone() {
    let Some((b, axe)) = launch_with_axe().await else {
        return;
    };
    fresh_app(&b, 12).await;
    support::setup::open_board_new_game(&b).await;
    passes_axe_and_taps(&b, &axe, "board New game").await;
    // Two persons at the table (the phone is passed between them behind curtains).
    b.choose("[data-testid=board-kind-1]", "person").await;
    b.click("[data-testid=board-start]").await;
    b.wait_for("[data-testid=curtain]").await;
    assert_accessible(&b, &axe, "board curtain").await;
    b.click("[data-testid=curtain-show]").await;
    b.wait_for("[data-testid=private-loyalty]").await;
    assert_accessible(&b, &axe, "board Loyalty look").await;
    support::setup::end_first_look(&b).await;
    // The second person's look, then the computer knights move until a person decides.
    let start = std::time::Instant::now();
    while !b.exists("[data-testid=board-actions]").await {
        assert!(
            start.elapsed() < support::TIMEOUT,
            "a person's turn never came"
        );
        for tap in ["quest-end-done", "curtain-show", "private-done"] {
            let selector = format!("[data-testid={tap}]");
            if b.exists(&selector).await {
                b.click(&selector).await;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    b.wait_for("[data-testid=board-actions]").await;
    assert_accessible(&b, &axe, "board private screen and the board").await;
    assert_tap_targets(&b, "board private screen").await;
    game::assert_fits_320(&b, "", "the board game's table").await;
    b.close().await;
}
