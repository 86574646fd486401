//! A person among computer knights: a whole game to its end, with a reload halfway; a computer
//! knight's moment of thought, Skip and Faster.

use super::*;

#[tokio::test]
async fn one_person_and_three_computer_knights_play_the_board_game_to_its_end() {
    let Some(b) = support::launch().await else {
        return;
    };
    setup::fresh_page(&b, Some(12), &[]).await;
    // Two taps: the defaults are a person and three computer knights.
    let home = b.taps();
    setup::start_default_board_game(&b).await;
    let start = Instant::now();
    let mut reloaded = false;
    let mut rules_opened = false;
    let (mut moved_from_board, mut told_why_not) = (false, false);
    let mut person_moves = 0;
    // The taps from Home to the person's first decision: New game, Start, and his first look
    // when he is not the first to lay a card for the opening gesture.
    let mut first_decision = None;
    loop {
        b.assert_still_playing(start, Duration::from_secs(600))
            .await;
        let Some(s) = saved(&b).await else {
            panic!("no autosave");
        };
        let game = replay(&s);
        assert_nothing_hidden(&b, &game).await;
        // One person among computer knights: nobody to hide from, never a curtain.
        assert!(
            !b.exists("[data-testid=curtain]").await,
            "a curtain for the only person at the table"
        );
        if game.is_over() && s.loyalty_looks.is_empty() {
            // A quest's end that ends the game shows first.
            if b.exists("[data-testid=quest-end-done]").await {
                b.click("[data-testid=quest-end-done]").await;
            }
            b.wait_for("[data-testid=board-end]").await;
            break;
        }
        // Halfway through, a reload comes back to the same game, at the person's decision.
        if !reloaded && s.moves.len() > 60 && b.exists("[data-testid=board-actions]").await {
            reloaded = true;
            // The save as the person's decision stands (a computer knight may have moved since
            // `s` was read; while a person decides, nobody moves until he does).
            let before = saved(&b).await.expect("a save");
            b.reload().await;
            b.wait_for("[data-testid=board-actions]").await;
            let again = saved(&b).await.expect("a save");
            assert_eq!(again.moves, before.moves);
            continue;
        }
        if b.exists("[data-testid=curtain-show]").await {
            b.click("[data-testid=curtain-show]").await;
            continue;
        }
        if b.exists("[data-testid=private-done]").await {
            b.click("[data-testid=private-done]").await;
            continue;
        }
        if b.exists("[data-testid=private-notices-done]").await {
            b.click("[data-testid=private-notices-done]").await;
            continue;
        }
        if b.exists("[data-testid=accuse-yes]").await {
            b.click("[data-testid=accuse-yes]").await;
            continue;
        }
        if b.exists("[data-testid=quest-end-done]").await {
            b.click("[data-testid=quest-end-done]").await;
            continue;
        }
        if b.exists("[data-testid=board-actions]").await
            && let Some(seat) = game.decider()
            && !s.computers[seat.index()]
        {
            // Counted here, where the decision is taken: the actions may show while the loop
            // above was still reading the save.
            if first_decision.is_none() {
                let taps = b.taps() - home;
                eprintln!("taps from Home to the person's first decision: {taps}");
                assert!(taps <= 3, "{taps} taps to the first decision");
                first_decision = Some(taps);
            }
            assert_private_is_right(&b, &game, &s).await;
            // A choice sure to end the game or cost the person his last life says so beside it.
            let warned = b
                .eval(
                    "return [...document.querySelectorAll('[data-testid$=-danger]')]
                        .map(e => e.dataset.testid);",
                )
                .await;
            let warned: Vec<String> = serde_json::from_value(warned).expect("a list");
            let dangers: Vec<String> = game
                .legal_actions()
                .iter()
                .enumerate()
                .filter(|&(_, &a)| game.danger(seat, a).is_some())
                .map(|(i, _)| format!("action-{i}-danger"))
                .collect();
            assert_eq!(warned, dangers, "the warnings beside the actions");
            // During a black card's decision, the Rules button opens at the black cards.
            if !rules_opened
                && matches!(
                    game.table_view().pending,
                    Some(camelot_board::PendingView::BlackCard { .. })
                )
            {
                rules_opened = true;
                assert_rules_open_at(&b, "black").await;
                b.wait_for("[data-testid=board-actions]").await;
                continue;
            }
            let i = choice(&game, seat, Level::Solid, s.setup.seed, s.moves.len());
            let before = s.moves.len();
            // From the board: a quest shown larger says why the knight may not go there, or
            // moves him there as the list's button would.
            let heroic = game.phase() == camelot_board::Phase::HeroicActions
                && game.table_view().pending == Some(camelot_board::PendingView::Turn);
            if heroic && !told_why_not {
                // A quest on the board (not Camelot, not the side of Lancelot's board face down).
                let closed = Place::ALL.into_iter().find(|&to| {
                    to != Place::Camelot
                        && game.place_in_play(to)
                        && !game.legal_actions().contains(&Action::Move { to })
                });
                if let Some(to) = closed {
                    told_why_not = true;
                    b.click(&format!(
                        "[data-testid=board-quest-{}] .bv-open",
                        slot_of(to)
                    ))
                    .await;
                    let why = b.wait_for("[data-testid=board-move-why]").await;
                    assert!(!why.text().await.unwrap().trim().is_empty());
                    assert!(!b.exists("[data-testid=board-move]").await);
                    b.click(".bv-dialog .bv-close").await;
                    continue;
                }
            }
            if let Action::Move { to } = game.legal_actions()[i]
                && to != Place::Camelot
                && !moved_from_board
            {
                moved_from_board = true;
                b.click(&format!(
                    "[data-testid=board-quest-{}] .bv-open",
                    slot_of(to)
                ))
                .await;
                b.click("[data-testid=board-move]").await;
                person_moves += 1;
                wait_saved_after(&b, before).await;
                let after = saved(&b).await.expect("a save");
                assert_eq!(after.moves[before].action, Action::Move { to });
                continue;
            }
            b.click(&format!("[data-testid=action-{i}]")).await;
            person_moves += 1;
            // An accusation asks first; otherwise the move is saved at once.
            if !matches!(game.legal_actions()[i], Action::Accuse { .. }) {
                wait_saved_after(&b, before).await;
            }
            continue;
        }
        // A computer knight is thinking.
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(reloaded, "the game was reloaded halfway");
    assert!(
        rules_opened,
        "the rules were opened at a black card's decision"
    );
    assert!(moved_from_board && told_why_not, "moves from the board");
    assert!(person_moves > 5, "{person_moves} moves by the person");
    // The end: the verdict, and every Loyalty card turned over one by one.
    let verdict = b.text("[data-testid=board-verdict]").await;
    assert!(!verdict.is_empty());
    while b.exists("[data-testid=end-turn-next]").await {
        b.click("[data-testid=end-turn-next]").await;
    }
    let s = saved(&b).await.expect("a save");
    assert_eq!(b.count("[data-loyalty]").await, s.setup.players as usize);
    // The game in numbers: its turns, swords and siege engines as the engine ended it.
    let end = replay(&s).table_view();
    let summary = b.text("[data-testid=end-summary]").await;
    for line in [
        format!("{} turns played", end.turn),
        format!(
            "{} white and {} black swords on the Round Table",
            end.swords.white, end.swords.black
        ),
        format!("Siege engines: {} of 12", end.siege_engines),
    ] {
        assert!(summary.contains(&line), "{line:?} not in {summary:?}");
    }
    // The game is listed as a board game in Saved games.
    b.click("[data-testid=home-button]").await;
    b.click("[data-testid=saved-games]").await;
    // The screen comes with its part of the split wasm: wait for its list.
    b.wait_for("[data-testid=save-kind]").await;
    let kinds = b.texts(".save-kind").await;
    assert!(kinds.iter().any(|k| k.contains("board")), "{kinds:?}");
    b.assert_no_console_errors().await;
    b.close().await;
}

/// The quest on the board where a knight goes to `place` (its `data-testid`'s end).
fn slot_of(place: Place) -> &'static str {
    match place {
        Place::BlackKnight => "black-knight",
        Place::Lancelot | Place::Dragon => "lancelot-dragon",
        Place::Excalibur => "excalibur",
        Place::Grail => "grail",
        Place::PictWar => "picts",
        Place::SaxonWar => "saxons",
        Place::Camelot => "camelot",
    }
}

/// The Rules button, tapped at the table, opens the rules at the part `id` (its heading at the
/// top of the view, not the contents); Close goes back to the table.
async fn assert_rules_open_at(b: &Browser, id: &str) {
    b.click("[data-testid=rules-button]").await;
    b.wait_for(&format!("#rules-{id}")).await;
    let start = Instant::now();
    loop {
        let top = b
            .eval(&format!(
                "return document.getElementById('rules-{id}').getBoundingClientRect().top;"
            ))
            .await
            .as_f64()
            .unwrap_or(f64::MAX);
        if (-2.0..120.0).contains(&top) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the rules did not open at {id}: its heading is at {top} px"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    if b.exists("#panic").await {
        panic!(
            "the app crashed: {}\n{:?}",
            b.text("#panic").await,
            b.console_errors().await
        );
    }
    b.click("[data-testid=rules-close]").await;
    b.wait_for("[data-testid=board-table]").await;
}

/// Taps the person's next screen, his first choice if he decides; whether one showed.
async fn tap_the_persons_next_screen(b: &Browser) -> bool {
    tap_the_first_shown(
        b,
        &[
            "curtain-show",
            "private-done",
            "private-notices-done",
            "quest-end-done",
            "action-0",
        ],
    )
    .await
}

/// Taps the first of the buttons (by `data-testid`) that shows; whether one did.
async fn tap_the_first_shown(b: &Browser, buttons: &[&str]) -> bool {
    for button in buttons {
        let selector = format!("[data-testid={button}]");
        if b.exists(&selector).await {
            b.click(&selector).await;
            return true;
        }
    }
    false
}

/// Taps through the person's screens until a computer knight thinks.
async fn until_a_computer_thinks(b: &Browser) {
    let start = Instant::now();
    while !b.exists("[data-testid=board-skip]").await {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no computer knight thought"
        );
        tap_the_persons_next_screen(b).await;
    }
}

/// While computer knights decide one after another, their panel (who thinks, Skip, Faster) stays
/// as it is from one move to the next, and a keyboard's focus on Faster with it.
async fn the_thinking_panel_stays(b: &Browser) {
    for _ in 0..10 {
        until_a_computer_thinks(b).await;
        let before = saved(b).await.expect("a save").moves.len();
        b.eval(
            "document.querySelector('[data-testid=board-thinking]').dataset.seen = 'yes';
             document.querySelector('[data-testid=board-fast]').focus();
             return null;",
        )
        .await;
        wait_saved_after(b, before).await;
        // A computer knight decides again, nobody having tapped in between (else: once more).
        let now = b
            .eval(
                "const p = document.querySelector('[data-testid=board-thinking]');
                 return p && [p.dataset.seen ?? null, document.activeElement.dataset.testid ?? null];",
            )
            .await;
        if !now.is_null() {
            assert_eq!(now, serde_json::json!(["yes", "board-fast"]));
            return;
        }
    }
    panic!("no two computer moves in a row");
}

/// A person's private screen stays while his decision goes on: a move that leaves the next
/// decision his changes his choices, not the screen they are on (his role with it), and the
/// keyboard's focus, let go by the button tapped, comes back inside his screen.
async fn the_persons_screen_stays(b: &Browser) {
    for _ in 0..40 {
        if !b
            .exists("[data-testid=private] [data-testid=action-0]")
            .await
        {
            tap_the_persons_next_screen(b).await;
            continue;
        }
        let before = saved(b).await.expect("a save").moves.len();
        b.eval(
            "document.querySelector('[data-testid=private]').dataset.seen = 'yes';
             const role = document.querySelector('[data-testid=role-reminder]');
             if (role) role.dataset.seen = 'yes';
             return null;",
        )
        .await;
        b.click("[data-testid=private] [data-testid=action-0]")
            .await;
        wait_saved_after(b, before).await;
        // Once the page has drawn the move (and put the focus back).
        let now = b
            .eval_async(
                "await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
                 const p = document.querySelector('[data-testid=private]');
                 if (!p || !p.querySelector('[data-testid=action-0]')) return null;
                 const role = p.querySelector('[data-testid=role-reminder]');
                 return [p.dataset.seen ?? null, role ? role.dataset.seen ?? null : 'yes',
                         p.contains(document.activeElement)];",
            )
            .await;
        if !now.is_null() {
            assert_eq!(now, serde_json::json!(["yes", "yes", true]));
            return;
        }
    }
    panic!("no move of the person's left the next decision his");
}

/// The computer knights, now moving at once, play on until a person decides (or the table must
/// see a quest's end, or the game ends) with no moment of thought between their moves.
async fn the_computers_play_at_once(b: &Browser, since: Instant, before: usize) {
    while b.exists("[data-testid=board-thinking]").await {
        assert!(
            since.elapsed() < Duration::from_secs(30),
            "the computers did not go on"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let moved = saved(b).await.expect("a save").moves.len() - before;
    let took = since.elapsed();
    println!("Faster: {moved} computer moves in {took:?}");
    if moved >= 4 {
        assert!(
            took < Duration::from_millis(700) * moved as u32,
            "{moved} computer moves took {took:?}: not faster than one a moment"
        );
    }
}

/// A computer knight thinks for a moment before each move; "Skip" makes it move as soon as it has
/// decided, and "Faster" makes every computer knight do so from then on, remembered after a
/// reload. His move redraws what it changed, not the whole table: a quest a person opened on the
/// board to read stays open while he moves.
#[tokio::test]
async fn skip_and_faster_hurry_the_computer_knights() {
    let Some(b) = support::launch().await else {
        return;
    };
    setup::fresh_page(&b, Some(5), &[]).await;
    setup::start_default_board_game(&b).await;
    until_a_computer_thinks(&b).await;
    // The move is made and saved as soon as he has decided, not at the moment's end (700 ms):
    // timed in the page, from the tap to the save.
    let before = saved(&b).await.expect("a save").moves.len();
    let took = b
        .eval_async(
            "const kept = () => Object.values(localStorage).join();
             const was = kept(), t0 = performance.now();
             document.querySelector('[data-testid=board-skip]').click();
             while (kept() === was && performance.now() - t0 < 5000)
               await new Promise(r => setTimeout(r, 5));
             return performance.now() - t0;",
        )
        .await
        .as_f64()
        .expect("a time");
    let after = saved(&b).await.expect("a save").moves.len();
    assert!(after > before, "Skip did not make the computer move");
    assert!(
        took < 400.0,
        "Skip: the move came {took:.0} ms after the tap"
    );
    the_thinking_panel_stays(&b).await;
    until_a_computer_thinks(&b).await;
    let before = saved(&b).await.expect("a save").moves.len();
    b.click(".bv-quests .bv-open").await;
    b.wait_for("[data-testid=board-quest] .bv-close").await;
    wait_saved_after(&b, before).await;
    // Once the page has drawn the move.
    let open = b
        .eval_async(
            "await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
             return document.querySelector('[data-testid=board-quest]')?.open ?? false;",
        )
        .await;
    assert_eq!(
        open,
        Value::Bool(true),
        "the quest shown larger closed at the move"
    );
    b.click(".bv-dialog .bv-close").await;
    until_a_computer_thinks(&b).await;
    assert_eq!(
        b.attr("[data-testid=board-fast]", "aria-pressed")
            .await
            .as_deref(),
        Some("false")
    );
    let before = saved(&b).await.expect("a save").moves.len();
    let tapped = Instant::now();
    b.click("[data-testid=board-fast]").await;
    the_computers_play_at_once(&b, tapped, before).await;
    // Remembered with the board game's settings: after a reload, too, they play at once.
    let kept = b
        .eval("return localStorage.getItem('camelot/v1/board/settings');")
        .await;
    let kept: Value = serde_json::from_str(kept.as_str().expect("board settings kept")).unwrap();
    assert_eq!(kept["computers_fast"], true);
    b.reload().await;
    b.wait_for("[data-testid=board-table]").await;
    the_persons_screen_stays(&b).await;
    // Ten seconds of play, the person tapping his first choice: the computer knights' moves in it
    // take less than a moment each, the person's taps included.
    let before = saved(&b).await.expect("a save").moves.len();
    let since = Instant::now();
    while since.elapsed() < Duration::from_secs(10) && !b.exists("[data-testid=board-end]").await {
        tap_the_persons_next_screen(&b).await;
    }
    let took = since.elapsed();
    let s = saved(&b).await.expect("a save");
    let computer_moves = s.moves[before..]
        .iter()
        .filter(|m| s.computers[m.seat.index()])
        .count();
    println!("after the reload: {computer_moves} computer moves in {took:?}");
    assert!(computer_moves >= 4, "{computer_moves} computer moves");
    assert!(
        took < Duration::from_millis(700) * computer_moves as u32,
        "{computer_moves} computer moves in {took:?} after the reload: not at once"
    );
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Records, from the moment the page loads, every computer knight's decision (the app times it
/// with `console.time`, from the moment it begins to think to the moment it has decided) in
/// `window.__thinks`, each slice of its thinking (how long it held the page at once) in
/// `window.__slices` as [start, duration], every long task of the page (50 ms or more: a move
/// and the page drawn again, or a decision made at once) in `window.__longTasks` as [start,
/// duration], and every long animation frame (50 ms or more from a task to the frame drawn after
/// it) in `window.__frames` as [start, duration, drawing, style and layout], in the page's own
/// clock: how much of a long frame went to drawing the page rather than to the app's own code.
const TIMERS: &str = r#"
window.__thinks = [];
window.__slices = [];
window.__longTasks = [];
const started = {}, time = console.time.bind(console), timeEnd = console.timeEnd.bind(console);
console.time = label => { started[label] = performance.now(); time(label); };
console.timeEnd = label => {
  if (label === "a computer knight thinks")
    window.__thinks.push([started[label], performance.now() - started[label]]);
  if (label === "a computer knight thinks: one slice")
    window.__slices.push([started[label], performance.now() - started[label]]);
  timeEnd(label);
};
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
window.__frames = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) {
    const end = e.startTime + e.duration;
    window.__frames.push([e.startTime, e.duration,
      e.renderStart ? end - e.renderStart : 0,
      e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0]);
  }
}).observe({ type: "long-animation-frame", buffered: true });
window.__taps = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries())
    if (e.name === "click") window.__taps.push([e.startTime, e.duration]);
}).observe({ type: "event", durationThreshold: 16, buffered: true });
"#;

/// How long one person waits for his expert computer knights, on a phone-like CPU: a whole
/// game of one person (playing the built-in policy's choices) and three expert computer knights
/// (`CAMELOT_KNIGHTS=3` for two, and so on) moving at once ("Faster"), with the CPU slowed down
/// four times (DevTools' `Emulation.setCPUThrottlingRate`). Printed: each decision from the
/// moment the knight begins to think to the moment he has decided, against the 200 ms a decision
/// may take, and for the three slowest the thinking in their slices and the pauses between them;
/// the longest slices of thinking (the page held at once); the longest tasks the page
/// ran while the computer knights moved, with the decision begun in each, and the longest frames,
/// with how much of each went to drawing the page; and the computer
/// knights' moves with their reasons, to read how they played. A measurement on a shared machine,
/// so not part of the default run (`CAMELOT_SEED` for another deal than 12):
/// `cargo test -p camelot-app --test browser_board the_expert_knights -- --ignored --nocapture`.
#[tokio::test]
#[ignore = "timed measurement: run on a quiet machine with -- --ignored"]
async fn the_expert_knights_slowest_move_on_a_4x_slower_cpu() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed: u64 = std::env::var("CAMELOT_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12);
    setup::fresh_page(&b, Some(seed), &[]).await;
    b.cdp(
        "Emulation.setCPUThrottlingRate",
        serde_json::json!({ "rate": 4 }),
    )
    .await;
    b.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        serde_json::json!({ "source": TIMERS }),
    )
    .await;
    b.reload().await;
    // One person and the rest computer knights: four knights as New game opens, or
    // `CAMELOT_KNIGHTS` (3 to 7).
    setup::open_board_new_game(&b).await;
    if let Some(n) = std::env::var("CAMELOT_KNIGHTS")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
    {
        b.click(&format!("[data-testid=board-players-{n}]")).await;
    }
    b.click("[data-testid=board-start]").await;
    b.wait_for("[data-testid=board-table]").await;
    let start = Instant::now();
    // The page's clock once the table shows: the tasks before it open the game.
    let opened = b
        .eval("return performance.now();")
        .await
        .as_f64()
        .expect("a time");
    // The page's clock when each person's tap began and the save had grown: tasks in between are
    // his, not a computer knight's.
    let mut persons: Vec<(f64, f64)> = Vec::new();
    // The page is asked once a poll which screens show, and the save read only when the person
    // must act or the game is over: reading it at every poll held the page 10 to 30 ms at a time
    // between the slices of a computer knight's thinking.
    let screens: Vec<&str> = ["board-fast", "board-actions", "board-end"]
        .into_iter()
        .chain(PERSONS_SCREENS)
        .collect();
    let which = format!(
        "return {screens:?}.filter(t => document.querySelector(`[data-testid=${{t}}]`)) \
         .concat(document.getElementById('panic') ? ['panic'] : []);"
    );
    let mut fast = false;
    let game = loop {
        let shown: Vec<String> = serde_json::from_value(b.eval(&which).await).expect("shown");
        let shows = |t: &str| shown.iter().any(|s| s == t);
        if shows("panic") {
            b.assert_still_playing(start, Duration::from_secs(1800))
                .await;
        }
        assert!(
            start.elapsed() < Duration::from_secs(1800),
            "the game did not end"
        );
        if !fast && shows("board-fast") {
            b.click("[data-testid=board-fast]").await;
            fast = true;
            continue;
        }
        if PERSONS_SCREENS.iter().any(|t| shows(t)) && tap_the_persons_screen_but_a_choice(&b).await
        {
            continue;
        }
        if !shows("board-actions") && !shows("board-end") {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        let tapped = b.eval("return performance.now();").await.as_f64();
        let Some(s) = saved(&b).await else {
            panic!("no autosave");
        };
        let mut game = Game::new(&s.setup).expect("setup");
        for m in &s.moves {
            game.apply(m.seat, m.action).expect("the save replays");
        }
        if game.is_over() && s.loyalty_looks.is_empty() {
            break (game, s);
        }
        if shows("board-actions")
            && let Some(seat) = game.decider()
            && !s.computers[seat.index()]
        {
            let i = choice(&game, seat, Level::Solid, s.setup.seed, s.moves.len());
            let before = s.moves.len();
            b.click(&format!("[data-testid=action-{i}]")).await;
            if b.exists("[data-testid=accuse-yes]").await {
                b.click("[data-testid=accuse-yes]").await;
            }
            wait_saved_after(&b, before).await;
            let done = b.eval("return performance.now();").await.as_f64();
            if let (Some(t0), Some(t1)) = (tapped, done) {
                persons.push((t0, t1));
            }
            continue;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let (game, s) = game;
    let tasks: Vec<(f64, f64)> =
        serde_json::from_value(b.eval("return window.__longTasks;").await).expect("tasks");
    let decisions: Vec<(f64, f64)> =
        serde_json::from_value(b.eval("return window.__thinks;").await).expect("decisions");
    // Each long task while the computer knights moved, and the decision it held (if any).
    let mut computers: Vec<(f64, Option<f64>)> = tasks
        .iter()
        .filter(|&&(at, _)| at >= opened)
        .filter(|&&(at, _)| !persons.iter().any(|&(t0, t1)| at >= t0 && at <= t1))
        .map(|&(at, d)| {
            let decision = decisions
                .iter()
                .find(|&&(t, _)| t >= at && t <= at + d)
                .map(|&(_, think)| think.round());
            (d.round(), decision)
        })
        .collect();
    computers.sort_by(|a, b| b.0.total_cmp(&a.0));
    let outcome = game.outcome().expect("over");
    println!(
        "seed {seed}: {:?} won by {:?} on turn {}, {} moves ({} by computer knights) in {:?}",
        outcome.winner,
        outcome.reason,
        game.turn(),
        s.moves.len(),
        s.moves
            .iter()
            .filter(|m| s.computers[m.seat.index()])
            .count(),
        start.elapsed()
    );
    let slices: Vec<(f64, f64)> =
        serde_json::from_value(b.eval("return window.__slices;").await).expect("slices");
    let mut thinks: Vec<(f64, f64)> = decisions.clone();
    thinks.sort_by(|a, b| b.1.total_cmp(&a.1));
    assert!(
        !thinks.is_empty(),
        "no computer knight's decision was timed"
    );
    println!(
        "computer knights' decisions (CPU 4x slower): {}, the slowest {:?} ms, median {:.1} ms",
        thinks.len(),
        thinks
            .iter()
            .take(8)
            .map(|d| d.1.round())
            .collect::<Vec<_>>(),
        thinks[thinks.len() / 2].1
    );
    // Of the slowest decisions, the time spent thinking (its slices) and the rest: the pauses
    // between slices, where the page has its turn.
    for &(at, d) in thinks.iter().take(3) {
        let own: Vec<(f64, f64)> = slices
            .iter()
            .copied()
            .filter(|&(t, _)| t >= at && t <= at + d)
            .collect();
        let thought: f64 = own.iter().map(|&(_, s)| s).sum();
        let gaps: Vec<f64> = own
            .windows(2)
            .map(|w| (w[1].0 - w[0].0 - w[0].1).round())
            .collect();
        println!(
            "  {:.0} ms: {} slices, {:.0} ms thinking, {:.0} ms between them: {:.0} ms before \
             the first, then {:?}",
            d,
            own.len(),
            thought,
            d - thought,
            own.first().map_or(0.0, |&(t, _)| t - at),
            gaps
        );
    }
    let mut longest: Vec<f64> = slices.iter().map(|&(_, s)| s).collect();
    longest.sort_by(|a, b| b.total_cmp(a));
    println!(
        "slices of thinking: {}, {:.0} ms in all, the longest {:?} ms",
        longest.len(),
        longest.iter().sum::<f64>(),
        longest
            .iter()
            .take(8)
            .map(|d| d.round())
            .collect::<Vec<_>>()
    );
    println!(
        "long tasks while computer knights moved: {} of 50 ms or more; the longest, with the \
         decision each held, {:?} ms",
        computers.len(),
        computers.iter().take(8).collect::<Vec<_>>()
    );
    // The person's own moves: from his tap to the next frame drawn (the browser's own measure
    // of a tap, of 16 ms or more), and the long tasks from his tap until his move was saved.
    let during = |at: f64| persons.iter().any(|&(t0, t1)| at >= t0 && at <= t1);
    let taps: Vec<(f64, f64)> =
        serde_json::from_value(b.eval("return window.__taps;").await).expect("taps");
    let mut taps: Vec<f64> = taps
        .iter()
        .filter(|&&(at, _)| during(at))
        .map(|&(_, d)| d)
        .collect();
    taps.sort_by(|a, b| b.total_cmp(a));
    let mut his: Vec<f64> = tasks
        .iter()
        .filter(|&&(at, _)| during(at))
        .map(|&(_, d)| d.round())
        .collect();
    his.sort_by(|a, b| b.total_cmp(a));
    println!(
        "the person's {} moves: from his tap to the next frame, the slowest {:?} ms, {} of 100 ms \
         or more; {} long tasks of 50 ms or more, {:.0} ms in all",
        persons.len(),
        taps.iter().take(8).collect::<Vec<_>>(),
        taps.iter().filter(|&&d| d >= 100.0).count(),
        his.len(),
        his.iter().sum::<f64>(),
    );
    // The long frames while the computer knights moved: how much of each went to drawing.
    let frames: Vec<(f64, f64, f64, f64)> =
        serde_json::from_value(b.eval("return window.__frames;").await).expect("frames");
    let mut frames: Vec<[f64; 3]> = frames
        .iter()
        .filter(|&&(at, ..)| at >= opened)
        .filter(|&&(at, ..)| !persons.iter().any(|&(t0, t1)| at >= t0 && at <= t1))
        .map(|&(_, d, drawing, layout)| [d.round(), drawing.round(), layout.round()])
        .collect();
    frames.sort_by(|a, b| b[0].total_cmp(&a[0]));
    println!(
        "long frames while computer knights moved: {}, {:.0} ms drawing of {:.0} ms in all; the \
         longest [ms, of it drawing, of that style and layout] {:?}",
        frames.len(),
        frames.iter().map(|f| f[1]).sum::<f64>(),
        frames.iter().map(|f| f[0]).sum::<f64>(),
        frames.iter().take(8).collect::<Vec<_>>()
    );
    // The game as the log tells it, the computer knights' reasons with it.
    if b.exists("[data-testid=board-log]").await {
        b.click("[data-testid=board-log]").await;
        for line in b.texts("[data-testid=board-log-lines] li li").await {
            println!(
                "log: {}",
                line.split_whitespace().collect::<Vec<_>>().join(" ")
            );
        }
    }
    b.click("[data-testid=home-button]").await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Taps whatever of the person's screens is not a choice (a curtain, a screen to close, the end of
/// a quest, the end's Loyalty cards); whether one showed.
async fn tap_the_persons_screen_but_a_choice(b: &Browser) -> bool {
    tap_the_first_shown(b, &PERSONS_SCREENS).await
}

/// The person's screens that are not a choice, in the order they are tapped.
const PERSONS_SCREENS: [&str; 5] = [
    "curtain-show",
    "private-done",
    "private-notices-done",
    "quest-end-done",
    "end-turn-next",
];
