//! The board game's screens on a wide screen and a small phone; screenshots for people to look at.

use super::*;

/// Not a check: writes screenshots of the board game's screens at a phone's size for people to
/// look at (`CAMELOT_SCREENSHOTS=/some/dir cargo test --test browser_board -- --ignored screenshots`).
#[tokio::test]
#[ignore]
async fn screenshots() {
    let Some((b, dir)) = support::launch_for_screenshots().await else {
        return;
    };
    let shot = async |name: &str| b.screenshot_to(&dir, name).await;
    setup::fresh_page(&b, Some(12), &[]).await;
    b.wait_for("[data-testid=new-board-game]").await;
    shot("b01-home").await;
    setup::open_board_new_game(&b).await;
    shot("b02-new-game").await;
    // Two persons at the table, so that the phone is passed behind curtains.
    b.choose("[data-testid=board-kind-1]", "person").await;
    b.click("[data-testid=board-start]").await;
    b.wait_for("[data-testid=curtain]").await;
    shot("b03-curtain").await;
    b.click("[data-testid=curtain-show]").await;
    b.wait_for("[data-testid=private]").await;
    shot("b04-loyalty-look").await;
    setup::end_first_look(&b).await;
    // On to a person's first decision: through the curtains and the other person's first look
    // (the looks go in the order of the opening gesture).
    let t = Instant::now();
    let mut curtain = false;
    while !b.exists("[data-testid=board-actions]").await {
        assert!(t.elapsed() < Duration::from_secs(60), "no decision");
        if b.exists("[data-testid=curtain-show]").await {
            if !curtain {
                shot("b05-curtain-turn").await;
                curtain = true;
            }
            b.click("[data-testid=curtain-show]").await;
        } else if b.exists("[data-testid=private-done]").await {
            b.click("[data-testid=private-done]").await;
        } else {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    shot("b06-private-turn").await;
    b.eval("document.querySelector('.board, [data-testid=board]')?.scrollIntoView(); return null;")
        .await;
    shot("b07-board").await;
    b.close().await;
}

/// On a wide screen (1280 × 800) the board is beside what is being decided, both from the top of
/// the screen and the decision whole in it; on a 320 px phone nothing is wider than the screen,
/// the counts ("0/7", "0/12", the piles) each keep to one line, and New game's name fields are
/// wide enough to read a name, and under the Traitor's deal New game says how likely a Traitor is
/// at that many knights. Every knight's token has its own mark (not the "C" of every
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
    setup::fresh_page(&b, Some(5), &[]).await;
    setup::screen_size(&b, 320, 640, true).await;
    setup::open_board_new_game(&b).await;
    // The Traitor's odds follow the table's size; at three, the rules' advice for a first game.
    let odds = "[data-testid=board-traitor-odds]";
    b.wait_for_text(odds, "A Traitor is at the table in 4 games out of 8")
        .await;
    b.click("[data-testid=board-players-3]").await;
    b.wait_for_text(
        odds,
        "The rules advise a first game of three without a Traitor",
    )
    .await;
    // Seven knights: one person, six computers, the last a squire.
    b.click("[data-testid=board-players-7]").await;
    let at_seven = b
        .wait_for_text(odds, "A Traitor is at the table in 7 games out of 8")
        .await;
    assert!(!at_seven.contains("first game"), "{at_seven}");
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
    setup::screen_size(&b, 1280, 800, false).await;
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
    setup::screen_size(&b, 320, 640, true).await;
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
