//! Browser tests of computer knights at the table (release build in dist/, see tests/support):
//! a game of one person and three computers played to the end through the page, and a reload in
//! the middle of the computers' turns.
//!
//! The person plays by clicking; the computers move by themselves. A MutationObserver in the page
//! records every state the page goes through, so even the moments between two computer moves are
//! checked: no curtain and no private screen is ever shown for a computer seat, and no Loyalty or
//! Knight card is on the table while no private screen is up. Whenever the page waits for the
//! person, the test replays the autosave with the engine and checks nothing hidden is in the page.
//! Every computer move in the save is checked against what that seat's `camelot_card::bot::Bot`
//! decides from what its seat saw — the app's bots see nothing more, and a reload rebuilds them.

mod support;

#[path = "support/game.rs"]
mod game;

use camelot_card::bot::{Bot, Level};
use camelot_card::{Action, Event, Game, Keep, Loyalty, Prompt, Seat};
use game::{
    Known, Rng, act, assert_nothing_hidden, assert_table_matches, lively, saved, saved_when,
};
use serde_json::Value;
use std::time::{Duration, Instant};
use support::Browser;

/// Who sits in each seat, as saved (`None`: a person).
async fn sitters(b: &Browser) -> Vec<Option<Level>> {
    let s = b.current_save().await.expect("a saved game");
    let players = s["setup"]["players"].as_u64().expect("players") as usize;
    let list = s["sitters"].as_array().cloned().unwrap_or_default();
    (0..players)
        .map(|i| match list.get(i) {
            Some(v) if v["sitter"] == "computer" => Some(
                v["level"]
                    .as_str()
                    .expect("level")
                    .parse()
                    .expect("a level"),
            ),
            _ => None,
        })
        .collect()
}

/// Every computer move in the save is the one that seat's bot decides from its own view and the
/// events its seat saw (replayed from the start, as the app rebuilds its bots on opening).
fn assert_computer_moves(k: &Known, sitters: &[Option<Level>]) -> usize {
    let players = k.setup.players;
    let mut bots: Vec<Option<Bot>> = sitters
        .iter()
        .enumerate()
        .map(|(i, l)| l.map(|l| Bot::new(Seat(i as u8), l, players, k.setup.seed)))
        .collect();
    let mut g = Game::new(k.setup).expect("setup");
    let mut moves = 0;
    for (i, p) in k.actions.iter().enumerate() {
        if let Some(bot) = bots[p.seat.index()].as_mut() {
            let view = g.seat_view(p.seat).expect("a seat");
            let choice = bot.decide(&view);
            assert_eq!(
                choice.action,
                p.action,
                "action {i}: {} (computer) should have played {:?}",
                k.name(p.seat),
                choice
            );
            moves += 1;
        }
        let events = g.apply(p.seat, p.action).expect("the save replays");
        for bot in bots.iter_mut().flatten() {
            for e in &events {
                match e {
                    Event::Private { seat, .. } if *seat != bot.seat => {}
                    e => bot.observe(e),
                }
            }
        }
    }
    moves
}

/// Watches the page for anything a computer seat must never bring: a curtain or private screen
/// for it, or a secret card on the table. Also collects every computer line shown.
async fn watch(b: &Browser, computer_names: &[String]) {
    let names = serde_json::to_string(computer_names).expect("names");
    b.eval(&format!(
        "const computers = {names};
         window.__bad = window.__bad || [];
         window.__lines = window.__lines || [];
         window.__thinking = window.__thinking || 0;
         const check = () => {{
           const c = document.querySelector('[data-testid=curtain-name]');
           if (c && computers.includes(c.textContent)) window.__bad.push('a curtain for ' + c.textContent);
           const p = document.querySelector('[data-testid=private] .private-banner');
           if (p && computers.some(n => p.textContent === 'Only for ' + n)) window.__bad.push('a private screen: ' + p.textContent);
           if (!document.querySelector('[data-testid=private]')) {{
             const s = document.querySelector('[data-loyalty], .card.knight');
             if (s) window.__bad.push('a secret card on the table: ' + s.outerHTML.slice(0, 200));
           }}
           document.querySelectorAll('[data-testid=bot-line]').forEach(e => {{
             if (!window.__lines.includes(e.textContent)) window.__lines.push(e.textContent);
           }});
           if (document.querySelector('[data-testid=bot-thinking]')) window.__thinking++;
         }};
         new MutationObserver(check).observe(document.body, {{subtree: true, childList: true, characterData: true, attributes: true}});
         check();
         return null;"
    ))
    .await;
}

/// The strings of a list the page gave back (none for anything else).
fn strings(x: &Value) -> Vec<String> {
    x.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// What the watcher saw: problems, and the computer lines shown.
async fn watched(b: &Browser) -> (Vec<String>, Vec<String>) {
    let v = b
        .eval("return [window.__bad || [], window.__lines || []];")
        .await;
    (strings(&v[0]), strings(&v[1]))
}

const SETTLED: &str = "[data-testid=end], [data-testid=resolution], [data-testid=accusation-result], \
                       [data-testid=curtain], [data-testid=private], [data-testid=actions]";

/// Waits until the page waits for the person (no computer about to move), and returns the save.
/// With `fast`, switches the computers to fast mode whenever one is about to move.
async fn wait_for_person(b: &Browser, fast: bool) -> Known {
    let start = Instant::now();
    let probe = format!(
        "const f = document.querySelector('[data-testid=bot-fast]');
         if ({fast} && f && f.getAttribute('aria-pressed') !== 'true') f.click();
         return [!!document.querySelector('[data-testid=computer-turn]'),
                 !!document.querySelector('{SETTLED}')];"
    );
    loop {
        let v = b.eval(&probe).await;
        if v[0] == Value::Bool(false) && v[1] == Value::Bool(true) {
            let k = saved(b).await.expect("a game is saved");
            tokio::time::sleep(Duration::from_millis(80)).await;
            let again = b.eval(&probe).await;
            let k2 = saved(b).await.expect("a game is saved");
            if again[0] == Value::Bool(false) && k2.actions.len() == k.actions.len() {
                return k2;
            }
        }
        if start.elapsed() > support::TIMEOUT {
            panic!("the computers never handed over\n{}", b.html().await);
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// One step of the person: dismiss an overlay, take the phone behind their curtain, or act on the
/// table. Returns false at the end. `fast`: computers play at once.
async fn person_step(
    b: &Browser,
    sitters: &[Option<Level>],
    fast: bool,
    choose: &mut dyn FnMut(&Known, &[Action]) -> Action,
) -> bool {
    let k = wait_for_person(b, fast).await;
    if !b.exists("[data-testid=private]").await {
        assert_nothing_hidden(b, &k).await;
    }
    if b.exists("[data-testid=end]").await {
        return false;
    }
    if b.exists("[data-testid=resolution]").await {
        if b.exists("[data-testid=skip]").await {
            b.click("[data-testid=skip]").await;
        }
        b.click("[data-testid=continue]").await;
        b.wait_until_gone("[data-testid=resolution]").await;
    } else if b.exists("[data-testid=accusation-result]").await {
        b.click("[data-testid=continue]").await;
        b.wait_until_gone("[data-testid=accusation-result]").await;
    } else if b.exists("[data-testid=curtain]").await || b.exists("[data-testid=private]").await {
        let seat = k.curtain_seat().expect("the engine needs a curtain");
        assert!(sitters[seat.index()].is_none(), "a curtain for a computer");
        if b.exists("[data-testid=curtain]").await {
            assert_eq!(b.text("[data-testid=curtain-name]").await, k.name(seat));
            b.click("[data-testid=curtain-show]").await;
            b.wait_for("[data-testid=private]").await;
        }
        if let Some(o) = k.owed.first() {
            if o["owed"] == "loyalty_peek" {
                let want = match k.loyalty(seat).expect("a Loyalty card") {
                    Loyalty::Loyal => "Loyal",
                    Loyalty::Traitor => "Traitor",
                };
                assert_eq!(
                    b.attr("[data-testid=my-loyalty]", "data-loyalty")
                        .await
                        .as_deref(),
                    Some(want)
                );
            }
            let owed = k.owed.len();
            b.click("[data-testid=done-hide]").await;
            b.wait_until_gone("[data-testid=private]").await;
            saved_when(b, "the owed screen paid", |n| n.owed.len() < owed).await;
        } else {
            let a = choose(&k, &k.game.legal_actions());
            act(b, &k, seat, a).await;
        }
    } else {
        b.wait_for("[data-testid=actions]").await;
        assert_table_matches(b, &k).await;
        let (seat, _) = k.game.decider().expect("a decision");
        assert!(
            sitters[seat.index()].is_none(),
            "the person acts for a computer"
        );
        let a = choose(&k, &k.game.legal_actions());
        act(b, &k, seat, a).await;
    }
    true
}

/// New game → "Play with 3 computer knights", the person's name, the levels, the options.
async fn start_with_computers(b: &Browser, name: &str, levels: [&str; 3], knights: bool) -> Known {
    b.click("[data-testid=new-game]").await;
    b.click("[data-testid=with-computers]").await;
    game::wait_count(b, "input.name", 4).await;
    b.type_into("[data-testid=player-name-0]", name).await;
    for (i, level) in levels.iter().enumerate() {
        b.eval(&format!(
            "const s = document.querySelector('[data-testid=player-kind-{}]');
             s.value = '{level}'; s.dispatchEvent(new Event('change', {{bubbles: true}}));
             return null;",
            i + 1
        ))
        .await;
    }
    let hint = b.text("[data-testid=table-hint]").await;
    assert!(hint.contains("3 of you are computer knights"), "{hint}");
    if knights {
        b.click("[data-testid=opt-knights]").await;
    }
    b.click("[data-testid=start-game]").await;
    b.wait_for("[data-testid=table]").await;
    saved_when(b, "the new game", |k| k.actions.is_empty()).await
}

/// A fresh app dealt from `seed`, and a new game of Ann and three computer knights at `levels`
/// ([`start_with_computers`]): its first save, and who sits in each seat as saved.
async fn fresh_game_with_computers(
    b: &Browser,
    seed: u64,
    levels: [&str; 3],
    knights: bool,
) -> (Known, Vec<Option<Level>>) {
    game::fresh_app(b, seed).await;
    let k = start_with_computers(b, "Ann", levels, knights).await;
    (k, sitters(b).await)
}

/// The person's policy: the lively one, announcing honestly, never accusing.
fn person(rng: &mut Rng) -> impl FnMut(&Known, &[Action]) -> Action + '_ {
    move |k, legal| {
        if let Some((s, _)) = k.game.decider()
            && let Some(Prompt::Announce { drawn, .. }) = k.game.seat_view(s).and_then(|v| v.prompt)
        {
            return Action::Announce { card: drawn };
        }
        if legal.contains(&Action::KeepLoyalty {
            keep: Keep::Current,
        }) {
            return Action::KeepLoyalty {
                keep: Keep::Current,
            };
        }
        // The person listens until the pile is long, and leaves the accusing to the computers.
        let quests: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::GoOnQuest { .. }))
            .collect();
        if !quests.is_empty()
            && (k.view().pile_count >= 7 || !legal.contains(&Action::ListenToRumors))
        {
            return quests[rng.below(quests.len())];
        }
        let calm: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Accuse { .. } | Action::GoOnQuest { .. }))
            .collect();
        lively(rng, k, if calm.is_empty() { legal } else { &calm })
    }
}

#[tokio::test]
async fn one_person_and_three_computers_play_to_the_end() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = 31;
    game::fresh_app(&b, seed).await;
    // The new-game screen refuses a table of computers only.
    b.click("[data-testid=new-game]").await;
    // The screen comes with its part of the split wasm: wait for its last row.
    b.wait_for("[data-testid=player-kind-3]").await;
    for i in 0..4 {
        b.eval(&format!(
            "const s = document.querySelector('[data-testid=player-kind-{i}]');
             s.value = 'solid'; s.dispatchEvent(new Event('change', {{bubbles: true}}));
             return null;"
        ))
        .await;
    }
    b.click("[data-testid=start-game]").await;
    let e = b.text("[data-testid=new-game-error]").await;
    assert!(e.contains("At least one person"), "{e}");
    b.click("[data-testid=home-button]").await;

    let k = start_with_computers(&b, "Ann", ["solid", "expert", "beginner"], true).await;
    let sitters = sitters(&b).await;
    assert_eq!(
        sitters,
        [
            None,
            Some(Level::Solid),
            Some(Level::Expert),
            Some(Level::Beginner)
        ]
    );
    assert_eq!(k.names, ["Ann", "Sir Bedivere", "Lady Lynette", "Sir Kay"]);
    assert_eq!(
        k.owed.len(),
        1,
        "only the person looks at their Loyalty card"
    );
    let computers: Vec<String> = k.names[1..].to_vec();
    watch(&b, &computers).await;

    let mut rng = Rng::new(seed);
    let mut choose = person(&mut rng);
    let mut steps = 0;
    let mut saw_badges = false;
    while person_step(&b, &sitters, true, &mut choose).await {
        steps += 1;
        assert!(steps < 400, "no end after {steps} steps");
        if !saw_badges && b.exists("[data-testid=seats]").await {
            assert_eq!(b.count("[data-testid=computer-badge]").await, 3);
            saw_badges = true;
        }
    }
    let k = saved(&b).await.expect("saved");
    assert!(k.game.is_over());
    let moves = assert_computer_moves(&k, &sitters);
    assert!(moves > 10, "only {moves} computer moves");
    let (bad, lines) = watched(&b).await;
    eprintln!(
        "{steps} person steps, {moves} computer moves of {}, {} computer lines, e.g. {:?}",
        k.actions.len(),
        lines.len(),
        &lines[..lines.len().min(8)]
    );
    assert!(bad.is_empty(), "{bad:#?}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("(computer): Listened to Rumors")),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .all(|l| computers.iter().any(|c| l.starts_with(c.as_str()))),
        "{lines:#?}"
    );
    // The end reveals every Loyalty card, the computers' too.
    b.wait_for("[data-testid=end]").await;
    b.assert_no_console_errors().await;
    b.close().await;
}

#[tokio::test]
async fn a_reload_in_the_middle_of_the_computers_turns_resumes_them() {
    let Some(b) = support::launch().await else {
        return;
    };
    // Seed 5: seat 1 (a computer) starts, then seats 2 and 3, then the person.
    let seed = 5;
    let (k, sitters) =
        fresh_game_with_computers(&b, seed, ["solid", "solid", "expert"], false).await;
    assert_eq!(k.setup.first, Seat(1));
    watch(&b, &k.names[1..]).await;
    // The person's first look at their Loyalty card comes first — at once, with no curtain: one
    // person among computer knights has nobody to hide from; no computer moves meanwhile.
    b.wait_for("[data-testid=private]").await;
    assert!(!b.exists("[data-testid=curtain]").await);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(saved(&b).await.expect("saved").actions.is_empty());
    b.click("[data-testid=done-hide]").await;
    let paid = Instant::now();
    // Then the first computer thinks where the table can see it, and moves by itself.
    b.wait_for_text("[data-testid=bot-thinking]", "Sir Bedivere is thinking")
        .await;
    saved_when(&b, "the first computer's move", |k| k.actions.len() == 1).await;
    let waited = paid.elapsed();
    assert!(
        waited >= Duration::from_millis(1000),
        "the computer moved after {waited:?}"
    );
    b.wait_for_text("[data-testid=bot-line]", "Sir Bedivere (computer): ")
        .await;
    // The next computer is thinking: reload now.
    b.wait_for("[data-testid=computer-turn]").await;
    let shown = b.texts("[data-testid=bot-line]").await;
    let before = saved(&b).await.expect("saved").actions.len();
    b.reload().await;
    b.wait_for("[data-testid=table]").await;
    watch(&b, &k.names[1..]).await;
    assert!(!b.exists("[data-testid=curtain]").await);
    // What the computers did is still there to read (unless the next one moved meanwhile).
    let after = b.texts("[data-testid=bot-line]").await;
    if saved(&b).await.expect("saved").actions.len() == before {
        assert_eq!(after, shown, "a reload lost what the computers did");
    }
    assert!(!after.is_empty(), "a reload lost what the computers did");
    // "Skip" plays the thinking computer's move at once.
    let k = saved(&b).await.expect("saved");
    if b.exists("[data-testid=computer-turn]").await && k.actions.len() == before {
        let t = Instant::now();
        b.eval("document.querySelector('[data-testid=bot-skip]').click(); return null;")
            .await;
        saved_when(&b, "the skipped move", |k| k.actions.len() > before).await;
        assert!(
            t.elapsed() < Duration::from_millis(1000),
            "{:?}",
            t.elapsed()
        );
    }
    // The computers go on by themselves until the person's turn (or curtain).
    let k = wait_for_person(&b, false).await;
    assert!(k.actions.len() > before);
    assert!(
        k.game
            .decider()
            .is_some_and(|(s, _)| sitters[s.index()].is_none())
            || !k.owed.is_empty()
            || k.game.is_over()
            || b.exists("[data-testid=resolution], [data-testid=accusation-result]")
                .await
    );
    assert_computer_moves(&k, &sitters);
    assert_nothing_hidden(&b, &k).await;
    let (bad, lines) = watched(&b).await;
    assert!(bad.is_empty(), "{bad:#?}");
    assert!(!lines.is_empty());
    // A few more rounds at normal pace, then to the end in fast mode, reloading once more.
    let mut rng = Rng::new(seed);
    let mut choose = person(&mut rng);
    for _ in 0..3 {
        assert!(person_step(&b, &sitters, false, &mut choose).await);
    }
    b.reload().await;
    b.wait_for("[data-testid=table]").await;
    watch(&b, &k.names[1..]).await;
    let mut steps = 0;
    while person_step(&b, &sitters, true, &mut choose).await {
        steps += 1;
        assert!(steps < 400);
    }
    let k = saved(&b).await.expect("saved");
    assert_computer_moves(&k, &sitters);
    let (bad, _) = watched(&b).await;
    assert!(bad.is_empty(), "{bad:#?}");
    b.assert_no_console_errors().await;
    b.close().await;
}

/// On a phone (a 360 × 600 screen) a computer's turn shows "… is thinking" with Skip and Faster
/// right under the Threats pile, without scrolling.
#[tokio::test]
async fn on_a_phone_a_computers_turn_shows_skip_without_scrolling() {
    let Some(b) = support::launch().await else {
        return;
    };
    // Seed 5: seat 1 (a computer) starts.
    game::fresh_app(&b, 5).await;
    game::phone_screen(&b, 360, 600).await;
    let k = start_with_computers(&b, "Ann", ["solid", "solid", "expert"], false).await;
    assert_eq!(k.setup.first, Seat(1));
    b.click("[data-testid=done-hide]").await;
    b.wait_for_text("[data-testid=bot-thinking]", "Sir Bedivere is thinking")
        .await;
    game::assert_shows_without_scrolling(&b, &["bot-skip", "bot-fast"]).await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// A screen reader hears each move once, a computer knight's with its reason: one live region,
/// kept in the page from move to move whatever the screen, takes each move's words; the sections
/// that show the same on screen (what the computers did, "just now", "You may speak again", the
/// silence bar) are not live regions, so nothing is said twice and no earlier move again.
#[tokio::test]
async fn each_move_is_said_once_with_a_computers_reason() {
    let Some(b) = support::launch().await else {
        return;
    };
    let (k, sitters) =
        fresh_game_with_computers(&b, 7, ["solid", "expert", "beginner"], false).await;
    let computers: Vec<String> = k.names[1..].to_vec();
    watch(&b, &computers).await;
    b.eval(
        "const r = document.querySelector('[data-testid=table-said]');
         r.__kept = true;
         window.__said = [];
         new MutationObserver(() => { const t = r.textContent; if (t) window.__said.push(t); })
           .observe(r, {subtree: true, childList: true, characterData: true});
         window.__regions = new Set();
         const look = () => document
           .querySelectorAll('[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log]')
           .forEach(e => window.__regions.add(e.getAttribute('data-testid') || e.className));
         new MutationObserver(look).observe(document.body, {subtree: true, childList: true});
         look();
         return null;",
    )
    .await;
    let mut rng = Rng::new(7);
    let mut choose = person(&mut rng);
    for _ in 0..40 {
        if !person_step(&b, &sitters, true, &mut choose).await {
            break;
        }
    }
    let v = b
        .eval(
            "return [!!document.querySelector('[data-testid=table-said]').__kept,
                     window.__said, [...window.__regions]];",
        )
        .await;
    let (said, regions) = (strings(&v[1]), strings(&v[2]));
    assert_eq!(v[0], Value::Bool(true), "the live region left the page");
    // Only the one for moves, the pile's top card, a quest's result and "… is thinking" speak.
    let speaking = [
        "table-said",
        "top-card",
        "result-said",
        "bot-thinking",
        "message",
    ];
    assert!(
        regions.iter().all(|r| speaking.contains(&r.as_str())),
        "other live regions: {regions:?}"
    );
    let (bad, lines) = watched(&b).await;
    assert!(bad.is_empty(), "{bad:#?}");
    assert!(lines.len() >= 3, "only {lines:?}");
    // Each computer move shown is said with its reason, and a move says no earlier one again.
    for l in &lines {
        assert!(
            said.iter().any(|s| s.starts_with(l.as_str())),
            "{l:?} never said: {said:#?}"
        );
    }
    for s in &said {
        assert!(s.matches("(computer):").count() <= 1, "{s:?}");
    }
    assert!(
        said.iter().any(|s| s.starts_with("Ann ")),
        "the person's moves are said too: {said:#?}"
    );
    eprintln!(
        "{} moves said, e.g. {:?}",
        said.len(),
        &said[..said.len().min(6)]
    );
    b.assert_no_console_errors().await;
    b.close().await;
}

/// "Faster" is remembered: after a reload (a closed tab, the next game) the computer knights still
/// move at once, and the button still says so, until "Normal pace" is tapped.
#[tokio::test]
async fn faster_is_remembered_across_a_reload() {
    let Some(b) = support::launch().await else {
        return;
    };
    // Seed 5: seat 1 (a computer) starts, then seats 2 and 3, then the person.
    let (k, sitters) = fresh_game_with_computers(&b, 5, ["solid", "solid", "expert"], false).await;
    b.click("[data-testid=done-hide]").await;
    b.click("[data-testid=bot-fast]").await;
    // The computers then move at once (the button may be gone already): the choice is saved.
    let start = Instant::now();
    let saved_fast = "return (localStorage.getItem('camelot/v1/card/settings') || '')
                        .includes('\"computers_fast\":true');";
    while b.eval(saved_fast).await != Value::Bool(true) {
        assert!(start.elapsed() < support::TIMEOUT, "Faster was not saved");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    b.reload().await;
    b.wait_for("[data-testid=table]").await;
    // Every state of the Faster button from now on, as the computers move.
    b.eval(
        "window.__pressed = [];
         const look = () => {
           const f = document.querySelector('[data-testid=bot-fast]');
           if (f) window.__pressed.push(f.getAttribute('aria-pressed'));
         };
         new MutationObserver(look).observe(document.body, {subtree: true, childList: true, attributes: true});
         look();
         return null;",
    )
    .await;
    let mut rng = Rng::new(5);
    let mut choose = person(&mut rng);
    for _ in 0..3 {
        assert!(person_step(&b, &sitters, false, &mut choose).await);
    }
    let pressed = b.eval("return window.__pressed;").await;
    let pressed: Vec<&str> = pressed
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(!pressed.is_empty(), "no computer turn seen");
    assert!(
        pressed.iter().all(|p| *p == "true"),
        "Faster was forgotten: {pressed:?}"
    );
    let k2 = saved(&b).await.expect("saved");
    assert!(k2.actions.len() > k.actions.len() + 3);
    b.assert_no_console_errors().await;
    b.close().await;
}
