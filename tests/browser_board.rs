//! Browser tests of the board game (release build in dist/, see tests/support): a game of one
//! person and three computer knights played to its end through the page, with a reload in the
//! middle that resumes exactly; and a game of four people passing one phone, with a Morgan chain,
//! an accusation and the end's reveal. After every step, a check that nothing hidden is in the page.
//!
//! The person plays what the built-in policy would choose for his seat (worked out here from the
//! autosave, replayed by the engine), by tapping that action's button: the buttons are the engine's
//! legal actions in order, so the game is a real one, played to its end. Every computer move in the
//! save is the one the policy chooses from that seat's own view.

mod support;

use camelot_board::levels::{Computer, Level};
use camelot_board::sim::Step;
use camelot_board::{
    Action, Black, Event, Game, Loyalty, Options, PendingView, Place, PrivateView, Seat, Setup,
    TraitorRule,
};
use camelot_kit::{Move, Player, rng_from_seed};
use serde_json::Value;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use support::Browser;
use support::checks::{
    assert_accessible, assert_clean_text, assert_no_sideways_scroll, assert_tap_targets,
    axe_source, language_pack,
};

/// The autosave of the game being played: its setup, sitters and moves.
struct Saved {
    setup: Setup,
    names: Vec<String>,
    computers: Vec<bool>,
    /// Each computer knight's level (`None` for a person).
    levels: Vec<Option<Level>>,
    moves: Vec<Move<Action>>,
    /// The seats still to look at their Loyalty card, in order.
    loyalty_looks: Vec<Seat>,
    end_shown: usize,
}

async fn saved(b: &Browser) -> Option<Saved> {
    let text = b
        .eval(
            "const id = localStorage.getItem('camelot/v1/current');
             return id && localStorage.getItem('camelot/v1/game/' + JSON.parse(id));",
        )
        .await;
    let s: Value = serde_json::from_str(text.as_str()?).ok()?;
    assert_eq!(s["game_kind"], "board");
    Some(Saved {
        setup: serde_json::from_value(s["setup"].clone()).expect("a setup"),
        computers: s["sitters"]
            .as_array()
            .expect("sitters")
            .iter()
            .map(|v| v["sitter"] == "computer")
            .collect(),
        levels: s["sitters"]
            .as_array()
            .expect("sitters")
            .iter()
            .map(|v| serde_json::from_value(v["level"].clone()).ok())
            .collect(),
        names: serde_json::from_value(s["names"].clone()).expect("names"),
        moves: serde_json::from_value(s["moves"].clone()).expect("moves"),
        loyalty_looks: serde_json::from_value(s["loyalty_looks"].clone()).unwrap_or_default(),
        end_shown: s["end_shown"].as_u64().unwrap_or(0) as usize,
    })
}

/// Waits until the autosave holds more than `before` moves (a tapped move is saved at once).
async fn wait_saved_after(b: &Browser, before: usize) {
    let t = Instant::now();
    while saved(b).await.expect("a save").moves.len() == before {
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "the move was not saved"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The choice of a computer knight of `level` for `seat`, as the app's computer knights make it.
fn choice(game: &Game, seat: Seat, level: Level, seed: u64, move_number: usize) -> usize {
    let legal = game.legal_actions();
    let mut rng = rng_from_seed(seed ^ (move_number as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    Computer { level }
        .choose(&game.glimpse(seat), &legal, &mut rng)
        .expect("a legal choice")
}

/// The computer moves already checked (seed, move number): a save only grows, and the expert's
/// look ahead is slow in a test build.
static CHECKED: std::sync::Mutex<std::collections::BTreeSet<(u64, usize)>> =
    std::sync::Mutex::new(std::collections::BTreeSet::new());

/// Replays the save; checks every computer move is its level's choice from its own view.
fn replay(s: &Saved) -> Game {
    let mut g = Game::new(&s.setup).expect("setup");
    for (i, m) in s.moves.iter().enumerate() {
        if let Some(level) = s.levels[m.seat.index()]
            && !CHECKED.lock().unwrap().contains(&(s.setup.seed, i))
        {
            let legal = g.legal_actions();
            assert_eq!(
                legal[choice(&g, m.seat, level, s.setup.seed, i)],
                m.action,
                "move {i}: the computer knight in seat {} did not play its level's choice",
                m.seat.0
            );
            CHECKED.lock().unwrap().insert((s.setup.seed, i));
        }
        g.apply(m.seat, m.action).expect("the save replays");
    }
    g
}

/// Nothing hidden is in the page: no Loyalty card but the one private screen's (or the end's
/// turned cards), no hand but the lifted seat's own, no face-down card's value unless its drawer
/// is looking.
async fn assert_nothing_hidden(b: &Browser, game: &Game) {
    // One reading of the page (with computer knights moving and no curtain to wait behind, a
    // private screen may come between two readings).
    let page = b
        .eval(
            "const q = s => document.querySelectorAll(s).length;
             return [q('[data-testid=private]'), q('[data-loyalty]'),
                     q('[data-testid=private-hand]'), q('[data-testid=private-face-down]')];",
        )
        .await;
    let n = |i: usize| page[i].as_u64().expect("a count");
    let private = n(0) > 0;
    let over = game.is_over();
    if !private && !over {
        assert_eq!(n(1), 0, "a Loyalty card shows");
        assert_eq!(n(2), 0, "a hand shows");
        assert_eq!(n(3), 0, "a face-down card shows");
    }
    if private {
        assert!(n(1) <= 1);
    }
}

#[tokio::test]
async fn one_person_and_three_computer_knights_play_the_board_game_to_its_end() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = 12;
    b.open_app().await;
    b.clear_storage().await;
    b.goto(&format!("#test-seed={seed}")).await;
    b.reload().await;
    b.click("[data-testid=new-board-game]").await;
    b.wait_for("[data-testid=board-newgame]").await;
    // Two taps: the defaults are a person and three computer knights.
    b.click("[data-testid=board-start]").await;
    b.wait_for("[data-testid=board-table]").await;
    let start = Instant::now();
    let mut reloaded = false;
    let mut rules_opened = false;
    let (mut moved_from_board, mut told_why_not) = (false, false);
    let mut person_moves = 0;
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(600),
            "the game did not end"
        );
        if b.exists("#panic").await {
            panic!(
                "the app crashed: {}\n{:?}",
                b.text("#panic").await,
                b.console_errors().await
            );
        }
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
    for step in [
        "curtain-show",
        "private-done",
        "private-notices-done",
        "quest-end-done",
        "action-0",
    ] {
        let selector = format!("[data-testid={step}]");
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

/// A computer knight thinks for a moment before each move; "Skip" makes it move now, and "Faster"
/// makes every computer knight move at once from then on, remembered after a reload.
#[tokio::test]
async fn skip_and_faster_hurry_the_computer_knights() {
    let Some(b) = support::launch().await else {
        return;
    };
    b.open_app().await;
    b.clear_storage().await;
    b.goto("#test-seed=5").await;
    b.reload().await;
    b.click("[data-testid=new-board-game]").await;
    b.wait_for("[data-testid=board-newgame]").await;
    b.click("[data-testid=board-start]").await;
    b.wait_for("[data-testid=board-table]").await;
    until_a_computer_thinks(&b).await;
    // The move is made and saved by the tap itself, not at the moment's end.
    let before = saved(&b).await.expect("a save").moves.len();
    b.click("[data-testid=board-skip]").await;
    let after = saved(&b).await.expect("a save").moves.len();
    assert!(after > before, "Skip did not make the computer move");
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

/// The seat whose screen may be uncovered now: the first Loyalty look still due, else whoever
/// decides.
fn entitled(game: &Game, s: &Saved) -> Option<Seat> {
    s.loyalty_looks.first().copied().or_else(|| game.decider())
}

/// The cards named in the page, by code (`data-white` with its count `data-n`, `data-black`),
/// inside and outside the private screen.
async fn marked_cards(b: &Browser) -> Value {
    b.eval(
        "const count = (sel, inside) => {
           const out = {};
           for (const e of document.querySelectorAll(sel)) {
             if (!!e.closest('[data-testid=private]') !== inside) continue;
             const codes = (e.dataset.white || e.dataset.black).split(' ');
             const n = Number(e.dataset.n || 1);
             for (const c of codes) out[c] = (out[c] || 0) + n;
           }
           return out;
         };
         return {
           white_in: count('[data-white]', true), white_out: count('[data-white]', false),
           black_in: count('[data-black]', true), black_out: count('[data-black]', false),
           loyalty_out: document.querySelectorAll(
             '[data-loyalty]:not([data-testid=private] [data-loyalty])').length,
           loyalty_in: [...document.querySelectorAll('[data-testid=private] [data-loyalty]')]
             .map(e => e.dataset.loyalty),
           reminders_out: document.querySelectorAll(
             '[data-testid=role-reminder]:not([data-testid=private] [data-testid=role-reminder])').length,
           reminders_in: [...document.querySelectorAll('[data-testid=private] [data-testid=role-reminder]')]
             .map(e => e.textContent.trim() ? e.dataset.role : 'no words'),
           end_loyalties: [...document.querySelectorAll('[data-testid^=end-seat-]')]
             .map(e => e.querySelector('[data-loyalty]')?.dataset.loyalty ?? null),
         };",
    )
    .await
}

fn counts(v: &Value) -> BTreeMap<String, u64> {
    v.as_object()
        .map(|m| {
            m.iter()
                .map(|(k, n)| (k.clone(), n.as_u64().unwrap_or(0)))
                .collect()
        })
        .unwrap_or_default()
}

fn code(of: impl serde::Serialize) -> String {
    serde_json::to_value(of)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .expect("a card's code")
}

/// The private screen, when one shows, is the right seat's and shows his secrets only: every
/// white card named in it is in his hand (exactly his hand), every black card named is one he was
/// shown or placed face down, the only Loyalty card is his own.
async fn assert_private_is_right(b: &Browser, game: &Game, s: &Saved) {
    let Some(seat) = b
        .eval("return document.querySelector('[data-testid=private]')?.dataset.seat ?? null;")
        .await
        .as_str()
        .and_then(|v| v.parse::<u8>().ok())
    else {
        return;
    };
    assert_eq!(
        Some(Seat(seat)),
        entitled(game, s),
        "the private screen of seat {seat} shows, but it is not his moment"
    );
    let sv = game.seat_view(Seat(seat));
    let page = marked_cards(b).await;
    // The first look shows his knight and Loyalty card only.
    if s.loyalty_looks.first() != Some(&Seat(seat)) {
        let mut hand: BTreeMap<String, u64> = BTreeMap::new();
        for &c in &sv.hand {
            *hand.entry(code(c)).or_default() += 1;
        }
        assert_eq!(
            counts(&page["white_in"]),
            hand,
            "seat {seat}'s private screen does not show exactly his hand"
        );
        let mut may_see: Vec<Black> = sv.face_down_known.iter().map(|&(_, _, c)| c).collect();
        match &sv.private {
            Some(PrivateView::DrawnCard { card }) => may_see.push(*card),
            Some(PrivateView::ArmorPair { cards }) => may_see.extend(cards),
            Some(PrivateView::TopOfPile { cards }) => may_see.extend(cards),
            Some(PrivateView::Clairvoyance { placed, left }) => {
                may_see.extend(placed);
                may_see.extend(left);
            }
            None => {}
        }
        for shown in counts(&page["black_in"]).keys() {
            assert!(
                may_see.iter().any(|&c| code(c) == *shown),
                "seat {seat}'s private screen names the black card {shown}, which he was not shown"
            );
        }
    }
    let loyalty: Vec<String> = serde_json::from_value(page["loyalty_in"].clone()).unwrap();
    let own: Vec<String> = sv.loyalty.map(|l| format!("{l:?}")).into_iter().collect();
    assert!(
        loyalty.is_empty() || loyalty == own,
        "seat {seat}'s private screen shows the Loyalty cards {loyalty:?}, his is {own:?}"
    );
    // His Loyalty card comes with the goal it gives him (in any language: the goal's mark).
    if !loyalty.is_empty() {
        let goal = b.attr("[data-testid=loyalty-goal]", "data-goal").await;
        assert_eq!(goal.map(|g| vec![g]), Some(loyalty.clone()), "his goal");
        assert!(!b.text("[data-testid=loyalty-goal]").await.is_empty());
    }
    // His role is recalled on every private screen of his, and only his own: none while he may
    // not look at his Loyalty card.
    let reminders: Vec<String> = serde_json::from_value(page["reminders_in"].clone()).unwrap();
    assert_eq!(
        reminders, own,
        "seat {seat}'s private screen reminds him of the role {reminders:?}, his is {own:?}"
    );
}

/// Nothing hidden is anywhere in the page: outside a private screen no card of a hand, of a deck,
/// face down or shown to one seat is named at all, and no Loyalty card shows until the end turns
/// it over (or an accusation unmasked its knight); a private screen is only ever the entitled
/// seat's and shows only his own secrets; no saved game is in the page's text.
async fn assert_page_hides_what_it_must(b: &Browser, game: &Game, s: &Saved) {
    let page = marked_cards(b).await;
    assert!(
        counts(&page["white_out"]).is_empty() && counts(&page["black_out"]).is_empty(),
        "cards named outside a private screen: {page}"
    );
    assert_eq!(
        page["reminders_out"], 0,
        "a role is recalled outside a private screen"
    );
    assert_private_is_right(b, game, s).await;
    let view = game.table_view();
    if game.is_over() {
        let shown: Vec<Option<String>> =
            serde_json::from_value(page["end_loyalties"].clone()).unwrap();
        for (i, (card, k)) in shown.iter().zip(&view.knights).enumerate() {
            let turned = i < s.end_shown || k.revealed;
            let truth = game.seat_view(k.seat).loyalty.map(|l| format!("{l:?}"));
            match card {
                Some(c) => assert!(
                    turned && Some(c) == truth.as_ref(),
                    "the end shows seat {i}'s Loyalty card {c} (turned: {turned}, is {truth:?})"
                ),
                None => assert!(
                    !turned,
                    "seat {i}'s Loyalty card was turned but does not show"
                ),
            }
        }
    } else {
        assert_eq!(
            page["loyalty_out"], 0,
            "a Loyalty card shows outside a private screen"
        );
    }
    let html = b.html().await;
    for marker in [
        "\"loyalty_looks\"",
        "\"moves\"",
        "\"black_deck\"",
        "\"white_deck\"",
    ] {
        assert!(
            !html.contains(marker),
            "saved state {marker} is in the page"
        );
    }
}

/// The Traitor's seat, if he plays.
fn traitor(game: &Game) -> Option<Seat> {
    (0..game.table_view().players)
        .map(Seat)
        .find(|&s| game.seat_view(s).loyalty == Some(Loyalty::Traitor))
}

/// What the people at the table choose in the pass-and-play test: what the built-in policy would
/// choose for their seat, except that the first loyal knight who may accuse the Traitor does.
fn person_choice(game: &Game, seat: Seat, seed: u64, moves: &[Move<Action>]) -> usize {
    let legal = game.legal_actions();
    let accused = moves
        .iter()
        .any(|m| matches!(m.action, Action::Accuse { .. }));
    if !accused
        && game.seat_view(seat).loyalty == Some(Loyalty::Loyal)
        && let Some(t) = traitor(game)
        && let Some(i) = legal
            .iter()
            .position(|a| matches!(a, Action::Accuse { target, .. } if *target == t))
    {
        return i;
    }
    choice(game, seat, Level::Solid, seed, moves.len())
}

/// A step of Morgan's: her card waiting on the Merlins (or more), or her call for volunteers.
fn morgan_step(game: &Game) -> bool {
    matches!(
        game.table_view().pending,
        Some(PendingView::BlackCard {
            card: Some(
                Black::Morgan1 | Black::Morgan2 | Black::Morgan3 | Black::Morgan4 | Black::Morgan5
            ),
            ..
        }) | Some(PendingView::Volunteer { .. })
    )
}

/// One tap of the table's, counted for the turn it was made in.
fn tap(taps: &mut BTreeMap<(u32, bool), u32>, game: &Game) {
    *taps
        .entry((game.turn(), game.table_view().excalibur_over))
        .or_default() += 1;
}

/// Taps per pass-and-play turn, median and mean, before and after Excalibur's quest is over; and
/// the opening's (every Loyalty look, the opening gesture) up to the first knight's first turn.
fn report_taps(taps: &BTreeMap<(u32, bool), u32>) {
    let opening: u32 = taps
        .iter()
        .filter(|((turn, _), _)| *turn == 0)
        .map(|(_, n)| n)
        .sum();
    eprintln!("taps from the start to the first turn: {opening}");
    for over in [false, true] {
        let mut n: Vec<u32> = taps
            .iter()
            .filter(|((turn, o), _)| *o == over && *turn > 0)
            .map(|(_, n)| *n)
            .collect();
        n.sort_unstable();
        if n.is_empty() {
            continue;
        }
        let mean = n.iter().sum::<u32>() as f64 / n.len() as f64;
        eprintln!(
            "taps per turn {} Excalibur's quest is over: median {}, mean {mean:.1}, over {} turns",
            if over { "after" } else { "before" },
            n[n.len() / 2],
            n.len()
        );
    }
}

fn pass_and_play_setup(seed: u64) -> Setup {
    Setup {
        options: Options {
            traitor: TraitorRule::AmongUs,
            ..Options::default()
        },
        ..Setup::new(4, seed)
    }
}

/// A seed whose four-person game, played as [`person_choice`] plays it, has a Morgan card that
/// passes the phone to at least three knights, a right accusation, and an end within `max` moves
/// (found by playing the games here, with the engine).
fn pass_and_play_seed(max: usize) -> u64 {
    (1..2_000)
        .find(|&seed| {
            let setup = pass_and_play_setup(seed);
            let mut game = Game::new(&setup).expect("setup");
            let mut moves: Vec<Move<Action>> = Vec::new();
            let mut asked = std::collections::BTreeSet::new();
            let mut unmasked = false;
            while let Some(seat) = game.decider() {
                if moves.len() > max {
                    return false;
                }
                if morgan_step(&game) {
                    asked.insert(seat);
                }
                let action = game.legal_actions()[person_choice(&game, seat, seed, &moves)];
                let events = game.apply(seat, action).expect("legal");
                unmasked |= events.iter().any(|e| {
                    matches!(
                        e,
                        Event::Accused {
                            loyalty: Loyalty::Traitor,
                            ..
                        }
                    )
                });
                moves.push(Move { seat, action });
            }
            unmasked && asked.len() >= 3
        })
        .expect("a seed with a Morgan chain and an accusation")
}

/// Four people pass one phone around a real table. Each looks at his Loyalty card
/// behind his curtain; every decision, in turn or out of it, goes behind the decider's curtain;
/// a Morgan card passes the phone around the table for the Merlins; a loyal knight accuses the
/// Traitor (confirmed first) and unmasks him; the quests' ends show to the table; at the end the
/// verdict, and the Loyalty cards turned over one by one. The table plays in Czech (no placeholder
/// or raw key on any screen checked); the end is then shown in every language. After every step,
/// nothing hidden is in the page.
#[tokio::test]
async fn four_people_pass_one_phone_through_a_whole_game() {
    let seed = pass_and_play_seed(700);
    let Some(b) = support::launch().await else {
        return;
    };
    let axe = axe_source();
    let accessible = async |what: &str| {
        if let Some(axe) = &axe {
            assert_accessible(&b, axe, what).await;
        }
        assert_tap_targets(&b, what).await;
        // The table plays in Czech (three plural forms): no placeholder or raw key anywhere.
        assert_clean_text(&b, what).await;
    };
    b.open_app().await;
    b.clear_storage().await;
    b.eval("localStorage.setItem('camelot/v1/settings', JSON.stringify({ language: 'cs' })); return null;")
        .await;
    b.goto(&format!("#test-seed={seed}")).await;
    b.reload().await;
    b.click("[data-testid=new-board-game]").await;
    b.wait_for("[data-testid=board-newgame]").await;
    // Four seats, all people, the Traitor among us.
    b.click("[data-testid=board-players-4]").await;
    for i in 1..4 {
        b.choose(&format!("[data-testid=board-kind-{i}]"), "person")
            .await;
    }
    b.eval(
        "const s = document.querySelector('[data-testid=board-traitor]');
         s.value = 'among_us'; s.dispatchEvent(new Event('change', { bubbles: true }));
         return null;",
    )
    .await;
    b.click("[data-testid=board-start]").await;
    b.wait_for("[data-testid=board-table]").await;
    let first = saved(&b).await.expect("a save");
    assert_eq!(first.setup, pass_and_play_setup(seed), "the game set up");
    assert!(first.computers.iter().all(|c| !c), "four people");
    assert_eq!(
        first.loyalty_looks.len(),
        4,
        "everyone looks at his Loyalty card"
    );
    let start = Instant::now();
    let (mut morgan_curtains, mut quest_ends, mut confirmed) = (Vec::new(), 0, false);
    let (mut merlin_questions, mut public_choices, mut arthur_exchanges) = (0, 0, 0);
    // Taps per turn, keyed by the turn and whether Excalibur's quest is over.
    let mut taps: BTreeMap<(u32, bool), u32> = BTreeMap::new();
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(900),
            "the game did not end"
        );
        if b.exists("#panic").await {
            panic!("the app crashed: {}", b.text("#panic").await);
        }
        let s = saved(&b).await.expect("a save");
        let game = replay(&s);
        assert_page_hides_what_it_must(&b, &game, &s).await;
        if game.is_over() && s.loyalty_looks.is_empty() {
            // A quest's end that ends the game shows first.
            if b.exists("[data-testid=quest-end-done]").await {
                b.click("[data-testid=quest-end-done]").await;
            }
            b.wait_for("[data-testid=board-end]").await;
            break;
        }
        if b.exists("[data-testid=quest-end-done]").await {
            assert!(
                !b.exists("[data-testid=private]").await,
                "cards show over a quest's end"
            );
            assert!(
                !b.text("[data-testid=quest-end] h2, [data-testid=accusation-result] h2")
                    .await
                    .is_empty()
            );
            if quest_ends == 0 {
                accessible("a quest's end").await;
            }
            quest_ends += 1;
            b.click("[data-testid=quest-end-done]").await;
            tap(&mut taps, &game);
            continue;
        }
        if b.exists("[data-testid=merlin-question]").await {
            // The Merlin round is asked on the table once: whoever would offer says so (and only
            // he takes the phone), else nobody.
            let seat = game.decider().expect("a decider");
            let i = person_choice(&game, seat, s.setup.seed, &s.moves);
            let offers = matches!(game.legal_actions()[i], Action::CommitMerlins { .. });
            assert!(
                !b.exists("[data-testid=curtain]").await
                    && !b.exists("[data-testid=private]").await
            );
            merlin_questions += 1;
            if offers {
                b.click(&format!("[data-testid=merlin-question-{}]", seat.0))
                    .await;
                tap(&mut taps, &game);
                b.wait_for("[data-testid=curtain-show]").await;
            } else {
                let before = s.moves.len();
                b.click("[data-testid=merlin-question-nobody]").await;
                tap(&mut taps, &game);
                wait_saved_after(&b, before).await;
            }
            continue;
        }
        if b.exists("[data-testid=public-choice]").await {
            public_choices += 1;
        }
        if b.exists("[data-testid=curtain-show]").await {
            // The curtain names whoever's moment it is, and only him.
            let who = entitled(&game, &s).expect("someone decides");
            // The phone is passed only for a secret: never for Excalibur's sacrifice or the
            // opening's public deal.
            assert!(
                !matches!(
                    game.glimpse(who).step(),
                    Step::ExcaliburCancel { .. }
                        | Step::ChooseFirstDealt
                        | Step::Propose
                        | Step::AcceptProposal
                ),
                "a curtain for a question that hides nothing: {:?}",
                game.glimpse(who).step()
            );
            assert_eq!(
                b.text("[data-testid=curtain-name]").await.trim(),
                s.names[who.index()],
                "the curtain names the wrong knight"
            );
            if morgan_step(&game) {
                morgan_curtains.push(who);
            }
            b.click("[data-testid=curtain-show]").await;
            tap(&mut taps, &game);
            b.wait_for("[data-testid=private]").await;
            continue;
        }
        if b.exists("[data-testid=private-notices-done]").await {
            b.click("[data-testid=private-notices-done]").await;
            tap(&mut taps, &game);
            continue;
        }
        if b.exists("[data-testid=accuse-yes]").await {
            confirmed = true;
            b.click("[data-testid=accuse-yes]").await;
            tap(&mut taps, &game);
            // The outcome is shown to the whole table: the accuser's cards are covered, and the
            // accused is named with his Loyalty.
            b.wait_for("[data-testid=accusation-result]").await;
            assert!(
                !b.exists("[data-testid=private]").await,
                "cards show over the outcome"
            );
            let s = saved(&b).await.expect("a save");
            let game = replay(&s);
            let target = game
                .table_view()
                .knights
                .iter()
                .find(|k| k.revealed || k.shown_loyal_on.is_some())
                .map(|k| s.names[k.seat.index()].clone())
                .expect("the accused's Loyalty is known");
            assert!(
                b.text("[data-testid=accusation-result] h2")
                    .await
                    .contains(&target),
                "the outcome does not name {target}"
            );
            continue;
        }
        if b.exists("[data-testid=board-actions]").await {
            let seat = game.decider().expect("a decider");
            let i = person_choice(&game, seat, s.setup.seed, &s.moves);
            let action = game.legal_actions()[i];
            let before = s.moves.len();
            if let Action::ArthurExchange { card, .. } = action {
                // King Arthur's exchange: "Exchange a card…", the card, then the knight.
                let code = serde_json::to_value(card).unwrap();
                b.click("[data-testid=arthur-exchange]").await;
                tap(&mut taps, &game);
                b.click(&format!(
                    "[data-testid=arthur-card-{}]",
                    code.as_str().unwrap()
                ))
                .await;
                tap(&mut taps, &game);
                arthur_exchanges += 1;
            }
            b.click(&format!("[data-testid=action-{i}]")).await;
            tap(&mut taps, &game);
            if matches!(action, Action::Accuse { .. }) {
                // Asked first; Cancel changes nothing, and asks again next time.
                b.wait_for("[data-testid=accuse-confirm]").await;
                b.click("[data-testid=accuse-no]").await;
                b.wait_for("[data-testid=board-actions]").await;
                assert_eq!(saved(&b).await.expect("a save").moves.len(), before);
                b.click(&format!("[data-testid=action-{i}]")).await;
                b.wait_for("[data-testid=accuse-confirm]").await;
                accessible("the accusation's confirmation").await;
                continue;
            }
            wait_saved_after(&b, before).await;
            continue;
        }
        if b.exists("[data-testid=private-done]").await {
            b.click("[data-testid=private-done]").await;
            tap(&mut taps, &game);
            continue;
        }
        panic!("nothing to tap:\n{}", b.html().await);
    }
    let s = saved(&b).await.expect("a save");
    let game = replay(&s);
    let traitor = traitor(&game).expect("the Traitor among us");
    assert!(confirmed, "the accusation was confirmed");
    assert!(
        game.table_view().knights[traitor.index()].revealed,
        "the Traitor was unmasked"
    );
    let asked: std::collections::BTreeSet<Seat> = morgan_curtains.iter().copied().collect();
    assert!(
        asked.len() >= 3,
        "Morgan's card passed the phone to {asked:?} only"
    );
    assert!(quest_ends > 0, "no quest's end was shown");
    assert!(
        public_choices > 0,
        "no choice was made on the table ({merlin_questions} Merlin questions)"
    );
    report_taps(&taps);
    eprintln!(
        "{merlin_questions} Merlin questions, {public_choices} choices on the table, \
         {arthur_exchanges} exchanges of King Arthur's"
    );
    // The end: the verdict, then every Loyalty card turned over one by one.
    assert!(!b.text("[data-testid=board-verdict]").await.is_empty());
    let mut turned = s.end_shown;
    while b.exists("[data-testid=end-turn-next]").await {
        b.click("[data-testid=end-turn-next]").await;
        turned += 1;
        let t = Instant::now();
        while saved(&b).await.expect("a save").end_shown < turned {
            assert!(
                t.elapsed() < Duration::from_secs(5),
                "the card was not turned"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let s = saved(&b).await.expect("a save");
        assert_page_hides_what_it_must(&b, &game, &s).await;
    }
    assert_eq!(b.count("[data-loyalty]").await, 4);
    assert_eq!(
        b.attr(
            &format!("[data-testid=end-seat-{}] [data-loyalty]", traitor.0),
            "data-loyalty"
        )
        .await
        .as_deref(),
        Some("Traitor")
    );
    accessible("the end").await;
    // The log tells the whole game: Morgan's card and the accusation among it.
    b.click("[data-testid=board-log]").await;
    b.wait_for("[data-testid=board-log-lines]").await;
    accessible("the log").await;
    let log = b.text("[data-testid=board-log-lines]").await;
    assert!(
        log.contains("Morgan"),
        "the log does not tell Morgan's card"
    );
    assert!(log.contains(&s.names[traitor.index()]));
    // The end, reloaded, in every language on a 320 px phone.
    b.click("[data-testid=board-log-back]").await;
    b.wait_for("[data-testid=board-end]").await;
    b.cdp(
        "Emulation.setDeviceMetricsOverride",
        serde_json::json!({"width": 320, "height": 640, "deviceScaleFactor": 1, "mobile": true}),
    )
    .await;
    for code in ["en", "fr", "de", "nl", "cs"] {
        b.eval(&format!(
            "localStorage.setItem('camelot/v1/settings', JSON.stringify({{ language: '{code}' }})); return null;"
        ))
        .await;
        b.reload().await;
        b.wait_for("[data-testid=board-end]").await;
        let lang = b.eval("return document.documentElement.lang;").await;
        assert_eq!(lang.as_str(), Some(code));
        if code != "en" {
            // The board game's words have come with its screens.
            let pack = language_pack(&format!("board.{code}"));
            b.wait_for_text("[data-testid=board-rematch]", pack["rematch"].trim())
                .await;
        }
        let what = format!("{code}: the end");
        assert_no_sideways_scroll(&b, &what).await;
        assert_clean_text(&b, &what).await;
        accessible(&what).await;
        assert_eq!(b.count("[data-loyalty]").await, 4, "{what}");
    }
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Not a check: writes screenshots of the board game's screens at a phone's size for people to
/// look at (`CAMELOT_SCREENSHOTS=/some/dir cargo test --test browser_board -- --ignored screenshots`).
#[tokio::test]
#[ignore]
async fn screenshots() {
    let Some(dir) = support::screenshot_dir() else {
        return;
    };
    let Some(b) = support::launch().await else {
        return;
    };
    let shot = async |name: &str| b.screenshot_to(&dir, name).await;
    b.open_app().await;
    b.clear_storage().await;
    b.goto("#test-seed=12").await;
    b.reload().await;
    b.wait_for("[data-testid=new-board-game]").await;
    shot("b01-home").await;
    b.click("[data-testid=new-board-game]").await;
    b.wait_for("[data-testid=board-newgame]").await;
    shot("b02-new-game").await;
    // Two persons at the table, so that the phone is passed behind curtains.
    b.choose("[data-testid=board-kind-1]", "person").await;
    b.click("[data-testid=board-start]").await;
    b.wait_for("[data-testid=curtain]").await;
    shot("b03-curtain").await;
    b.click("[data-testid=curtain-show]").await;
    b.wait_for("[data-testid=private]").await;
    shot("b04-loyalty-look").await;
    b.click("[data-testid=private-done]").await;
    // On to the person's first decision.
    let t = Instant::now();
    while !b.exists("[data-testid=curtain-show]").await {
        assert!(t.elapsed() < Duration::from_secs(60));
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    shot("b05-curtain-turn").await;
    b.click("[data-testid=curtain-show]").await;
    b.wait_for("[data-testid=board-actions]").await;
    shot("b06-private-turn").await;
    b.eval("document.querySelector('.board, [data-testid=board]')?.scrollIntoView(); return null;")
        .await;
    shot("b07-board").await;
    b.close().await;
}

/// The metrics of a screen of `width` × `height` CSS pixels (a phone's when `mobile`).
async fn screen_size(b: &Browser, width: u32, height: u32, mobile: bool) {
    b.cdp(
        "Emulation.setDeviceMetricsOverride",
        serde_json::json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
    )
    .await;
}

/// On a wide screen (1280 × 800) the board is beside what is being decided, both from the top of
/// the screen and the decision whole in it; on a 320 px phone nothing is wider than the screen,
/// the counts ("0/7", "0/12", the piles) each keep to one line, and New game's name fields are
/// wide enough to read a name. Every knight's token has its own mark (not the "C" of every
/// Computer), and a squire's line says what a squire is.
#[tokio::test]
async fn the_board_fits_a_wide_screen_and_a_small_phone() {
    let Some(b) = support::launch().await else {
        return;
    };
    let shots = support::screenshot_dir();
    let shot = async |name: &str| {
        if let Some(dir) = &shots {
            b.screenshot_to(dir, name).await;
        }
    };
    b.open_app().await;
    b.clear_storage().await;
    b.goto("#test-seed=5").await;
    b.reload().await;
    screen_size(&b, 320, 640, true).await;
    b.click("[data-testid=new-board-game]").await;
    b.wait_for("[data-testid=board-newgame]").await;
    // Seven knights: one person, six computers, the last a squire.
    b.click("[data-testid=board-players-7]").await;
    b.wait_for("[data-testid=board-name-6]").await;
    b.choose("[data-testid=board-knight-6]", "squire").await;
    shot("fit-320-new-game").await;
    assert_no_sideways_scroll(&b, "320 px: New game").await;
    let narrow = b
        .eval(
            "return [...document.querySelectorAll('[data-testid^=board-name-]')]
                .map(e => [e.value, Math.round(e.getBoundingClientRect().width)])
                .filter(([, w]) => w < 200);",
        )
        .await;
    assert_eq!(
        narrow,
        Value::Array(vec![]),
        "320 px: name fields too narrow to read a name"
    );

    // Wide: the board beside the decision.
    screen_size(&b, 1280, 800, false).await;
    b.click("[data-testid=board-start]").await;
    b.wait_for("[data-testid=board-table]").await;
    b.wait_for("[data-decision] > *").await;
    b.wait_for("[data-testid=board-knights] .tok").await;
    shot("fit-1280-table").await;
    let boxes = b
        .eval(
            "const r = s => { const b = document.querySelector(s).getBoundingClientRect();
                              return { top: b.top, bottom: b.bottom, left: b.left, right: b.right }; };
             return { decision: r('[data-decision]'), board: r('[data-testid=board]'),
                      height: innerHeight, scroll: scrollY,
                      wide: document.documentElement.scrollWidth, width: innerWidth };",
        )
        .await;
    let n = |part: &str, side: &str| boxes[part][side].as_f64().unwrap();
    let height = boxes["height"].as_f64().unwrap();
    assert!(
        n("decision", "top") >= 0.0 && n("board", "top") >= 0.0,
        "1280 × 800: scrolled: {boxes}"
    );
    assert!(
        n("decision", "top") < height && n("board", "top") < height,
        "1280 × 800: the board and the decision do not both start on the screen: {boxes}"
    );
    assert!(
        n("decision", "right") <= n("board", "left")
            || n("board", "right") <= n("decision", "left"),
        "1280 × 800: the board and the decision are not side by side: {boxes}"
    );
    assert!(
        n("decision", "bottom") <= height,
        "1280 × 800: the decision is below the fold: {boxes}"
    );
    assert!(
        n("board", "bottom") <= height,
        "1280 × 800: the board goes on below the fold: {boxes}"
    );
    assert!(
        boxes["wide"].as_f64() <= boxes["width"].as_f64(),
        "1280 × 800: sideways scroll: {boxes}"
    );
    assert_tap_targets(&b, "1280 × 800: the table").await;

    // Each knight's token has its own mark, in the list and on the board.
    let marks = b.texts("[data-testid=board-knights] .tok").await;
    assert_eq!(marks.len(), 7, "{marks:?}");
    let mut distinct = marks.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        7,
        "tokens told apart by colour only: {marks:?}"
    );
    assert!(
        marks
            .iter()
            .all(|m| !m.trim().is_empty() && m.trim().chars().count() <= 2),
        "{marks:?}"
    );
    let mut in_camelot = b.texts("[data-testid=board-camelot] .tok").await;
    in_camelot.sort();
    assert_eq!(
        in_camelot, distinct,
        "the board's tokens are not the list's"
    );
    // The squire's line says what he is; the piles say which is which.
    let squire = b
        .text("[data-testid=board-knights] [data-seat='6'] .bv-squire")
        .await;
    assert!(!squire.trim().is_empty(), "the squire is unexplained");
    let white = b.text("[data-testid=board-pile-white]").await;
    let black = b.text("[data-testid=board-pile-black]").await;
    assert!(white.contains("White deck"), "{white}");
    assert!(black.contains("Black deck"), "{black}");
    assert!(
        white.contains("Discard") && black.contains("Discard"),
        "{white} / {black}"
    );

    // A 320 px phone: nothing sideways, every count on one line.
    screen_size(&b, 320, 640, true).await;
    b.wait_for("[data-testid=board-table]").await;
    shot("fit-320-table").await;
    b.eval("document.querySelector('[data-testid=board]').scrollIntoView(); return null;")
        .await;
    shot("fit-320-board").await;
    b.eval("document.querySelector('[data-testid=board-knights]').scrollIntoView(); return null;")
        .await;
    shot("fit-320-knights").await;
    let wide = b.eval("return document.documentElement.scrollWidth;").await;
    assert!(
        wide.as_u64().unwrap() <= 320,
        "320 px: the page is {wide} px wide"
    );
    assert_no_sideways_scroll(&b, "320 px: the table").await;
    let broken = b
        .eval(
            "return [...document.querySelectorAll('.bv-count, .bv-count-line, .bv-count-of')]
                .filter(e => {
                    const r = document.createRange();
                    r.selectNodeContents(e);
                    // Boxes on one line overlap from top to bottom; a second line starts below.
                    const boxes = [...r.getClientRects()].filter(x => x.width > 0)
                        .sort((a, c) => a.top - c.top);
                    let lines = 0, bottom = -Infinity;
                    for (const x of boxes) {
                        if (x.top >= bottom - 1) lines += 1;
                        bottom = Math.max(bottom, x.bottom);
                    }
                    return lines !== 1;
                })
                .map(e => e.textContent);",
        )
        .await;
    assert_eq!(
        broken,
        Value::Array(vec![]),
        "320 px: counts broken over two lines"
    );
    assert_tap_targets(&b, "320 px: the table").await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// A finished board game as a save (a person and three computer knights, random legal moves to
/// the end), and the same game halfway, still being played: their ids and texts.
fn finished_and_running_saves(seed: u64) -> (Setup, Vec<Move<Action>>, [(String, String); 2]) {
    let setup = Setup::new(4, seed);
    let mut game = Game::new(&setup).expect("setup");
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut moves = Vec::new();
    while let Some(seat) = game.decider() {
        let legal = game.legal_actions();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let action = legal[(state % legal.len() as u64) as usize];
        game.apply(seat, action).expect("a legal move");
        moves.push(Move { seat, action });
    }
    let save = |id: &str, moves: &[Move<Action>]| {
        serde_json::json!({
            "format": 2, "game_kind": "board", "id": id,
            "names": ["Ann", "Bo", "Cy", "Di"],
            "sitters": [{"sitter": "person"}, {"sitter": "computer", "level": "expert"},
                        {"sitter": "computer", "level": "expert"}, {"sitter": "computer", "level": "expert"}],
            "setup": setup, "moves": moves,
            "created_ms": 1_700_000_000_000.0, "updated_ms": 1_700_000_000_000.0 + moves.len() as f64,
        })
        .to_string()
    };
    let done = save("gdone", &moves);
    let half = save("grunning", &moves[..moves.len() / 2]);
    (
        setup,
        moves,
        [("gdone".into(), done), ("grunning".into(), half)],
    )
}

/// The white cards the review shows in `seat`'s hand (each kind's code, as often as it is held).
async fn review_hand(b: &Browser, seat: usize) -> Vec<String> {
    let v = b
        .eval(&format!(
            "return [...document.querySelectorAll('[data-testid=review-hand-{seat}] [data-white]')]
                .flatMap(li => Array(Number(li.dataset.n)).fill(li.dataset.white));"
        ))
        .await;
    let mut cards: Vec<String> = serde_json::from_value(v).expect("codes");
    cards.sort();
    cards
}

/// Every knight's hand at `step` of the game, as the review must show it.
fn hands_at(setup: &Setup, moves: &[Move<Action>], step: usize) -> Vec<Vec<String>> {
    let mut g = Game::new(setup).expect("setup");
    for m in &moves[..step] {
        g.apply(m.seat, m.action).expect("replays");
    }
    (0..4)
        .map(|i| {
            let mut cards: Vec<String> = g
                .hand(Seat(i))
                .expect("a seat")
                .cards()
                .into_iter()
                .map(code)
                .collect();
            cards.sort();
            cards
        })
        .collect()
}

/// A finished game is looked back on from Saved games, move by move: to the start (the hands as
/// dealt, face up), a move forward, the next turn, back, the previous turn and the end, each
/// showing the board, every hand face up and every Loyalty card, the log up to there, on a 320 px
/// phone. A game still being played offers no review, neither in the list nor at its table.
#[tokio::test]
async fn a_finished_board_game_is_looked_back_on_move_by_move_and_a_running_one_is_not() {
    let Some(b) = support::launch().await else {
        return;
    };
    let (setup, moves, saves) = finished_and_running_saves(21);
    let turns: Vec<u32> = {
        let mut g = Game::new(&setup).expect("setup");
        let mut t = vec![g.turn()];
        for m in &moves {
            g.apply(m.seat, m.action).expect("replays");
            t.push(g.turn());
        }
        t
    };
    b.open_app().await;
    b.clear_storage().await;
    for (id, text) in &saves {
        b.eval(&format!(
            "localStorage.setItem('camelot/v1/game/{id}', {});",
            serde_json::to_string(text).unwrap()
        ))
        .await;
    }
    b.reload().await;
    screen_size(&b, 320, 640, true).await;
    b.click("[data-testid=saved-games]").await;
    b.wait_for("[data-id=gdone] [data-testid=review-save]")
        .await;
    assert!(
        !b.exists("[data-id=grunning] [data-testid=review-save]")
            .await,
        "a game still being played offers a review"
    );
    // The table's record counts the finished game only.
    b.wait_for("[data-testid=record-board]").await;
    assert!(
        b.text("[data-testid=record-board] [data-testid=record-played]")
            .await
            .starts_with('1')
    );
    b.click("[data-id=gdone] [data-testid=review-save]").await;
    b.wait_for("[data-testid=review] [data-testid=board]").await;
    let last = moves.len();
    let check = |step: usize| {
        let b = &b;
        let setup = &setup;
        let moves = &moves;
        let turns = &turns;
        async move {
            b.wait_for_text(
                "[data-testid=review-where]",
                &format!("Move {step} of {last} · turn {}", turns[step]),
            )
            .await;
            let hands = hands_at(setup, moves, step);
            for (i, hand) in hands.iter().enumerate() {
                assert_eq!(
                    &review_hand(b, i).await,
                    hand,
                    "seat {i}'s hand at step {step}"
                );
            }
            assert_eq!(b.count("[data-testid=review-loyalty]").await, 4);
        }
    };
    // It opens at the end.
    check(last).await;
    assert!(b.count("[data-testid=review-log] li").await > 10);
    assert_tap_targets(&b, "the review").await;
    assert_no_sideways_scroll(&b, "the review").await;
    b.click("[data-testid=review-start]").await;
    check(0).await;
    assert_eq!(b.count("[data-testid=review-log] li").await, 0);
    b.click("[data-testid=review-forward]").await;
    check(1).await;
    b.click("[data-testid=review-next-turn]").await;
    let next = (2..=last)
        .find(|&k| turns[k] != turns[k - 1])
        .unwrap_or(last);
    check(next).await;
    b.click("[data-testid=review-back]").await;
    check(next - 1).await;
    b.click("[data-testid=review-prev-turn]").await;
    check(0).await;
    b.click("[data-testid=review-end]").await;
    check(last).await;
    assert_no_sideways_scroll(&b, "the review at its end").await;
    // Back to Saved games; the finished game opens at its end, which looks back on it too, and
    // comes back there.
    b.click("[data-testid=review-leave]").await;
    b.wait_for("[data-id=gdone] [data-testid=open-save]").await;
    b.click("[data-id=gdone] [data-testid=open-save]").await;
    b.wait_for("[data-testid=board-end]").await;
    b.click("[data-testid=look-back]").await;
    b.wait_for("[data-testid=review] [data-testid=board]").await;
    check(last).await;
    b.click("[data-testid=review-leave]").await;
    b.wait_for("[data-testid=board-end]").await;
    // The game still being played opens at its table, with no review.
    b.click("[data-testid=home-button]").await;
    b.click("[data-testid=saved-games]").await;
    b.wait_for("[data-id=grunning] [data-testid=open-save]")
        .await;
    b.click("[data-id=grunning] [data-testid=open-save]").await;
    b.wait_for("[data-testid=board-table]").await;
    assert!(!b.exists("[data-testid=look-back]").await);
    assert!(!b.exists("[data-testid=review]").await);
    b.assert_no_console_errors().await;
    b.close().await;
}
