//! Accessibility in a real browser: every screen checked with axe-core (WCAG 2.1 A and AA rules:
//! contrast, accessible names, labels, roles, landmarks …), the game played from the keyboard
//! alone with a visible focus ring, and tap targets of at least 44 px.
//!
//! axe-core comes from npm (`scripts/setup --browser` installs it into `.tools/`); it is injected
//! into the page by the test only, never shipped.

mod support;

#[path = "support/game.rs"]
mod game;

use camelot::Options;
use game::{Rng, fresh_app, lively, play_to_end, saved, start_game, wait_settled};
use serde_json::Value;
use std::path::Path;
use support::Browser;

fn axe_source() -> Option<String> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(".tools/node_modules/axe-core/axe.min.js");
    match std::fs::read_to_string(&path) {
        Ok(s) => Some(s),
        Err(e) => {
            let why = format!("{}: {e} (run scripts/setup --browser)", path.display());
            if std::env::var(support::REQUIRE_ENV).is_ok_and(|v| v == "1") {
                panic!("axe-core missing: {why}");
            }
            eprintln!("SKIPPING accessibility checks: {why}");
            None
        }
    }
}

/// Runs axe-core on the page as it stands: its violations, readable.
async fn violations(b: &Browser, axe: &str) -> Vec<String> {
    b.eval(&format!("if (!window.axe) {{ {axe}\n }} return null;"))
        .await;
    let result = b
        .client()
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, {
                 runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
                 resultTypes: ['violations'],
             }).then(r => done(r.violations.map(v => ({
                 id: v.id, impact: v.impact, help: v.help,
                 nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' — ' + n.failureSummary),
             })))).catch(e => done([{ id: 'axe-error', help: String(e), nodes: [] }]));",
            vec![],
        )
        .await
        .expect("run axe");
    let Value::Array(violations) = result else {
        panic!("axe gave {result}");
    };
    violations
        .iter()
        .map(|v| {
            format!(
                "- {} ({}): {}\n    {}",
                v["id"].as_str().unwrap_or("?"),
                v["impact"].as_str().unwrap_or("?"),
                v["help"].as_str().unwrap_or("?"),
                v["nodes"]
                    .as_array()
                    .map(|n| n
                        .iter()
                        .filter_map(Value::as_str)
                        .collect::<Vec<_>>()
                        .join("\n    "))
                    .unwrap_or_default()
            )
        })
        .collect()
}

/// Fails with a readable list when axe-core finds anything on the page as it stands.
async fn assert_accessible(b: &Browser, axe: &str, what: &str) {
    let found = violations(b, axe).await;
    assert!(
        found.is_empty(),
        "{what}: {} accessibility violation(s)\n{}",
        found.len(),
        found.join("\n")
    );
}

/// Every visible button, link and form control is at least 44 × 44 px (or a checkbox/radio
/// inside a label that is).
async fn assert_tap_targets(b: &Browser, what: &str) {
    let small = b
        .eval(
            "return [...document.querySelectorAll('button, a[href], input, select, [role=button]')]
                .filter(e => e.offsetParent !== null)
                .map(e => {
                    const t = (e.type === 'checkbox' || e.type === 'radio') && e.closest('label') || e;
                    const r = t.getBoundingClientRect();
                    return { r, name: (e.getAttribute('data-testid') || e.textContent || e.outerHTML).trim().slice(0, 40) };
                })
                .filter(x => x.r.width > 0 && (x.r.width < 44 - 0.5 || x.r.height < 44 - 0.5))
                .map(x => `${x.name}: ${Math.round(x.r.width)}×${Math.round(x.r.height)}`);",
        )
        .await;
    assert_eq!(
        small,
        Value::Array(vec![]),
        "{what}: tap targets under 44 px"
    );
}

#[tokio::test]
async fn every_screen_passes_axe_and_tap_targets_are_44_px() {
    let Some(b) = support::launch().await else {
        return;
    };
    let Some(axe) = axe_source() else {
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
    assert_accessible(&b, &axe, "Home").await;
    assert_tap_targets(&b, "Home").await;

    b.click("[data-testid=settings]").await;
    b.wait_for("[data-testid=settings-screen]").await;
    assert_accessible(&b, &axe, "Settings").await;
    assert_tap_targets(&b, "Settings").await;

    b.click("[data-testid=rules-button]").await;
    b.wait_for("[data-testid=rules-contents]").await;
    assert_accessible(&b, &axe, "Rules").await;

    b.click("[data-testid=home-button]").await;
    b.click("[data-testid=saved-games]").await;
    b.wait_for("[data-testid=saved-back]").await;
    assert_accessible(&b, &axe, "Saved games (empty)").await;

    b.click("[data-testid=home-button]").await;
    b.click("[data-testid=new-game]").await;
    b.wait_for("[data-testid=start-game]").await;
    assert_accessible(&b, &axe, "New game").await;
    assert_tap_targets(&b, "New game").await;
    b.click("[data-testid=home-button]").await;
    b.wait_for("[data-testid=new-game]").await;

    // Four players: the curtain, a private screen, the table.
    start_game(&b, &["Ann", "Bo", "Cy", "Di"], Options::default()).await;
    b.wait_for("[data-testid=curtain]").await;
    assert_accessible(&b, &axe, "Curtain").await;
    assert_tap_targets(&b, "Curtain").await;
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
    assert_accessible(&b, &axe, "Table").await;
    assert_tap_targets(&b, "Table").await;

    // A solo game to its end: the quest reveals, the table, the end screen and the log.
    fresh_app(&b, 5).await;
    start_game(&b, &["Solo"], Options::default()).await;
    let mut rng = Rng::new(5);
    play_to_end(&b, &mut |k, legal| lively(&mut rng, k, legal), 600).await;
    assert_accessible(&b, &axe, "End of the game").await;
    assert_tap_targets(&b, "End of the game").await;
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
