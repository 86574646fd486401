//! Checks of the page that several browser suites make: axe-core's WCAG 2.1 AA rules, 44 px tap
//! targets, no unfilled placeholder or raw key in the text, nothing wider than the screen.

use super::Browser;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// A language pack's texts, by key: `public/i18n/<file>.json` (`fr` for the shell's and the Card
/// Game's French, `board.fr` for the board game's).
pub fn language_pack(file: &str) -> BTreeMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("public/i18n")
        .join(format!("{file}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

pub fn axe_source() -> Option<String> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(".tools/node_modules/axe-core/axe.min.js");
    match std::fs::read_to_string(&path) {
        Ok(s) => Some(s),
        Err(e) => {
            let why = format!("{}: {e} (run scripts/setup --browser)", path.display());
            if std::env::var(super::REQUIRE_ENV).is_ok_and(|v| v == "1") {
                panic!("axe-core missing: {why}");
            }
            eprintln!("SKIPPING accessibility checks: {why}");
            None
        }
    }
}

/// Runs axe-core on the page as it stands: its violations, readable.
pub async fn violations(b: &Browser, axe: &str) -> Vec<String> {
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
pub async fn assert_accessible(b: &Browser, axe: &str, what: &str) {
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
pub async fn assert_tap_targets(b: &Browser, what: &str) {
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

/// The page's visible text has no `{placeholder}` left and no raw key (`word_like_this`).
pub async fn assert_clean_text(b: &Browser, what: &str) {
    let text = b.eval("return document.body.innerText;").await;
    let text = text.as_str().unwrap_or("");
    for word in text.split_whitespace() {
        assert!(
            !(word.contains('{') && word.contains('}')),
            "{what}: unfilled placeholder `{word}` in\n{text}"
        );
        let bare = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '_');
        assert!(
            !(bare.contains('_') && bare.chars().all(|c| c.is_ascii_lowercase() || c == '_')),
            "{what}: raw key `{bare}` shown in\n{text}"
        );
    }
}

/// Fails if the page scrolls sideways on the phone screen, naming the elements that stick out.
pub async fn assert_no_sideways_scroll(b: &Browser, what: &str) {
    let widths = b
        .eval(
            "const w = document.documentElement.clientWidth;
             // Inside a box that scrolls sideways on purpose (a wide table), not the page.
             const scrolls = e => {
                 for (let a = e.parentElement; a && a.id !== 'app'; a = a.parentElement) {
                     if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return true;
                 }
                 return false;
             };
             return [document.documentElement.scrollWidth, w,
                     [...document.querySelectorAll('#app *')]
                        .filter(e => !e.closest('.visually-hidden')
                            && e.getBoundingClientRect().right > w + 0.5
                            && !scrolls(e))
                        .slice(0, 5).map(e => e.outerHTML.slice(0, 160))];",
        )
        .await;
    let boxes = b
        .eval(
            "return [...document.querySelectorAll('#app *')]
                .filter(e => e.scrollWidth > e.clientWidth + 1
                    && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
                .map(e => e.className + ' ' + e.scrollWidth + '>' + e.clientWidth + ' '
                    + [...e.querySelectorAll('th, td')].map(c => c.innerText + ':' + c.offsetWidth)
                        .slice(0, 6).join(' | '));",
        )
        .await;
    // The rules' tables sit in boxes that may scroll sideways, as a last resort; at 320 px every
    // language's tables fit (long header words carry soft hyphens).
    assert!(
        boxes.as_array().is_some_and(|a| a.is_empty()),
        "{what}: scrolls sideways inside {boxes}"
    );
    let scroll = widths[0].as_f64().unwrap_or(0.0);
    let client = widths[1].as_f64().unwrap_or(0.0);
    assert!(
        scroll <= client + 0.5 && widths[2].as_array().is_some_and(|a| a.is_empty()),
        "{what}: the page is wider than the screen ({scroll} > {client}): {}",
        widths[2]
    );
}
