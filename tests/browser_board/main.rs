//! Browser tests of the board game (release build in dist/, see tests/support): a game of one
//! person and three computer knights played to its end through the page, with a reload in the
//! middle that resumes exactly; and a game of four people passing one phone, with a Morgan chain,
//! an accusation and the end's reveal. After every step, a check that nothing hidden is in the page.
//!
//! The person plays what the built-in policy would choose for his seat (worked out here from the
//! autosave, replayed by the engine), by tapping that action's button: the buttons are the engine's
//! legal actions in order, so the game is a real one, played to its end. Every computer move in the
//! save is the one the policy chooses from that seat's own view.
//!
//! The tests, by what they are about: [`computer_knights`] (a person among computer knights, to
//! the end; Skip and Faster), [`pass_and_play`] (four people passing one phone behind curtains),
//! [`screens`] (the screens' fit on a wide screen and a small phone; screenshots), [`review`]
//! (looking back on a finished game), [`coach`] (the coached first game, from Home to its end). This file holds what they share: the autosave, replayed and
//! checked, and the checks that nothing hidden is in the page. They run in one test binary, one
//! browser at a time (see tests/support).

#[path = "../support/mod.rs"]
mod support;

mod coach;
mod computer_knights;
mod pass_and_play;
mod review;
mod screens;

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
use support::checks::{
    assert_accessible, assert_clean_text, assert_no_sideways_scroll, assert_tap_targets,
    axe_source, language_pack,
};
use support::{Browser, setup};

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
    /// The seats told they may now look at their Loyalty card (three players), not yet read.
    loyalty_told: Vec<Seat>,
    end_shown: usize,
}

async fn saved(b: &Browser) -> Option<Saved> {
    let s = b.current_save().await?;
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
        loyalty_told: s["notices"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|n| n["private"]["saw"] == "loyalty")
            .map(|n| serde_json::from_value(n["seat"].clone()).expect("a seat"))
            .collect(),
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
/// is looking (and then as lines of the private screen: the coached game shows some).
async fn assert_nothing_hidden(b: &Browser, game: &Game) {
    // One reading of the page (with computer knights moving and no curtain to wait behind, a
    // private screen may come between two readings).
    let page = b
        .eval(
            "const q = s => document.querySelectorAll(s).length;
             const f = document.querySelector('[data-testid=private-face-down]');
             return [q('[data-testid=private]'), q('[data-loyalty]'),
                     q('[data-testid=private-hand]'), q('[data-testid=private-face-down]'),
                     f ? getComputedStyle(f).listStyleType : 'none'];",
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
    // The face-down cards the seat has seen read as lines, without a list's bullets.
    assert_eq!(page[4], "none", "bullets before the face-down cards");
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
    // A question that interrupts his moment is asked on the screen of whoever holds the phone,
    // above his cards, and his choices wait.
    let asking = b
        .exists("[data-testid=public-choice], [data-testid=merlin-question]")
        .await;
    if asking {
        assert!(
            !b.exists("[data-testid=private] [data-testid=board-actions]")
                .await,
            "seat {seat}'s choices show while the table is asked a question"
        );
    } else {
        assert_eq!(
            Some(Seat(seat)),
            entitled(game, s),
            "the private screen of seat {seat} shows, but it is not his moment"
        );
    }
    let sv = game.seat_view(Seat(seat));
    let page = marked_cards(b).await;
    // The first look shows his knight and Loyalty card only, unless his opening gesture is due
    // at it: then his hand too.
    if s.loyalty_looks.first() != Some(&Seat(seat)) || b.exists("[data-testid=private-hand]").await
    {
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
        // The top black cards his own Clairvoyance put back, while he knows them.
        may_see.extend(&sv.foreseen);
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
    // His Loyalty card comes with the goal it gives him (in any language: the goal's mark), in
    // full at his first look, folded under the card after it (his choices come up on the screen).
    if !loyalty.is_empty() {
        let goal = b.attr("[data-testid=loyalty-goal]", "data-goal").await;
        assert_eq!(goal.map(|g| vec![g]), Some(loyalty.clone()), "his goal");
        let shown = b
            .eval(
                "const g = document.querySelector('[data-testid=loyalty-goal]');
                 return [g.textContent.trim() !== '', g.closest('details').open];",
            )
            .await;
        let first =
            s.loyalty_looks.first() == Some(&Seat(seat)) || s.loyalty_told.contains(&Seat(seat));
        assert_eq!(
            shown,
            serde_json::json!([true, first]),
            "seat {seat}'s goal: worded, and open at his first look only"
        );
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
