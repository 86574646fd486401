//! Every screen on a phone's screen: 320 px with long names, held sideways, what shows without
//! scrolling; screenshots for people to look at.

use super::silence::silence_seed;
use super::*;

/// Not a check: screenshots of the main screens for people to look at
/// (`CAMELOT_SCREENSHOTS=/some/dir cargo test --test browser_game -- --ignored screenshots`).
#[tokio::test]
#[ignore]
async fn screenshots() {
    let Some((b, dir)) = support::launch_for_screenshots().await else {
        return;
    };
    let shot = async |name: &str| b.screenshot_to(&dir, name).await;
    let (seed, _) = silence_seed();
    fresh_app(&b, seed).await;
    shot("01-home").await;
    b.click("[data-testid=new-game]").await;
    b.wait_for("[data-testid=start-game]").await;
    shot("02-new-game").await;
    b.click("[data-testid=home-button]").await;
    let options = Options {
        knights_to_the_rescue: true,
        morgan8: true,
        merlin6: true,
    };
    start_game(&b, &["Ann", "Bo", "Cy", "Di"], options).await;
    b.wait_for("[data-testid=curtain]").await;
    shot("03-curtain").await;
    b.click("[data-testid=curtain-show]").await;
    b.wait_for("[data-testid=private]").await;
    shot("04-loyalty-peek").await;
    let mut never = |_: &game::Known, _: &[Action]| -> Action { unreachable!() };
    for _ in 0..4 {
        step(&b, &mut never).await;
    }
    b.wait_for("[data-testid=actions]").await;
    shot("05-table-start").await;
    assert_fits_320(&b, "", "table").await;
    shot("05n-table-320").await;
    assert_fits_320(
        &b,
        "d.querySelector('[data-testid=accuse]')?.click()",
        "table",
    )
    .await;
    shot("05n-new-game-320").await;
    remove_narrow(&b).await;
    let mut rng = Rng::new(seed);
    let mut got: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    for _ in 0..600 {
        let k = saved(&b).await.expect("saved");
        if b.exists("[data-testid=resolution]").await && !got.contains("resolution") {
            tokio::time::sleep(std::time::Duration::from_millis(2600)).await;
            shot("07-resolution-counting").await;
            b.click("[data-testid=skip]").await;
            shot("08-resolution-done").await;
            got.insert("resolution".into());
        }
        if b.exists("[data-testid=actions]").await {
            if k.view().silence.is_some() && !got.contains("silence") {
                shot("09-silence").await;
                got.insert("silence".into());
            } else if k.view().pile_count > 2 && !got.contains("table") {
                shot("06-table").await;
                b.click("[data-testid=my-cards]").await;
                shot("06b-peek-picker").await;
                b.click(".sheet .secondary").await;
                got.insert("table".into());
            }
            if b.exists("[data-testid=speak-again]").await && !got.contains("speak") {
                shot("10-speak-again").await;
                got.insert("speak".into());
            }
        }
        if b.exists("[data-testid=accusation-result]").await && !got.contains("accusation") {
            shot("11-accusation").await;
            got.insert("accusation".into());
        }
        if b.exists("[data-testid=private]").await {
            let h = b.text("[data-testid=private] h2").await;
            let key = format!("private {h}");
            if !got.contains(&key) {
                let n = got.len();
                shot(&format!("12-private-{n}")).await;
                got.insert(key);
            }
        }
        if b.exists("[data-testid=curtain]").await {
            let h = b.text("[data-testid=curtain] .curtain-why").await;
            let key = format!("curtain {h}");
            if !got.contains(&key) && got.len() < 60 {
                let n = got.len();
                shot(&format!("12-curtain-{n}")).await;
                got.insert(key);
            }
        }
        if step(&b, &mut |k, legal| lively(&mut rng, k, legal)).await == Step::End {
            break;
        }
    }
    shot("13-end").await;
    b.click("[data-testid=reveal-next]").await;
    b.click("[data-testid=reveal-next]").await;
    shot("14-end-revealing").await;
    b.click("[data-testid=reveal-all]").await;
    shot("15-end-verdict").await;
    b.client().set_window_size(390, 1700).await.expect("resize");
    shot("16-end-tall").await;
    b.click(".end [data-testid=open-log]").await;
    b.wait_for("[data-testid=log]").await;
    shot("17-log").await;
    b.client().set_window_size(1280, 900).await.expect("resize");
    b.click("[data-testid=close-log]").await;
    b.wait_for("[data-testid=end]").await;
    shot("18-end-desktop").await;
    b.client().set_window_size(390, 844).await.expect("resize");

    // Morgan #1: the drawn card behind the curtain, then its back with the announcement.
    let seed = (1..3000u64)
        .find(|&seed| {
            let mut g = Game::new(Setup::new(1, seed)).expect("setup");
            for _ in 0..4 {
                g.apply(Seat(0), Action::ListenToRumors).expect("listen");
                if g.table_view().morgan1 {
                    return g.decider() == Some((Seat(0), camelot_card::Decision::Turn));
                }
                if g.decider() != Some((Seat(0), camelot_card::Decision::Turn)) {
                    return false;
                }
            }
            false
        })
        .expect("a seed with an early Morgan #1");
    fresh_app(&b, seed).await;
    start_game(&b, &["Ann"], Options::default()).await;
    for _ in 0..6 {
        if saved(&b).await.expect("saved").view().morgan1 {
            break;
        }
        step(&b, &mut game::listening).await;
    }
    b.click("[data-testid=listen]").await;
    // A lone player has nobody to hide from: no curtain before the card drawn.
    b.wait_for("[data-testid=curtain-show], [data-testid=announce-truth]")
        .await;
    if b.exists("[data-testid=curtain-show]").await {
        b.click("[data-testid=curtain-show]").await;
    }
    b.wait_for("[data-testid=announce-truth]").await;
    shot("19-morgan1-announce").await;
    b.click("[data-testid=announce-truth]").await;
    b.wait_for("[data-testid=announced]").await;
    shot("20-morgan1-face-down").await;
    b.close().await;
}

#[tokio::test]
async fn every_screen_fits_a_320_pixel_phone_with_long_names() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = 320;
    fresh_app(&b, seed).await;
    let names = [
        "Bartholomew Gawainus",
        "Guinevere-Elaine Fay",
        "Percivale Longnamed",
        "Lancelot du Lac Jr.",
        "Morgause of Orkney",
        "Tristan Lyonesse II",
        "Isolde the Fairhair",
    ];
    let home_then = |id: &str| {
        format!(
            "d.querySelector('[data-testid=home-button]')?.click();
             setTimeout(() => d.querySelector('[data-testid={id}]')?.click(), 50)"
        )
    };
    assert_fits_320(&b, "", "home").await;
    assert_fits_320(&b, &home_then("new-game"), "new game").await;
    remove_narrow(&b).await;
    let options = Options {
        knights_to_the_rescue: true,
        ..Options::default()
    };
    start_game(&b, &names, options).await;
    assert_fits_320(&b, "", "curtain").await;
    assert_fits_320(
        &b,
        "d.querySelector('[data-testid=curtain-show]')?.click()",
        "loyalty peek",
    )
    .await;
    remove_narrow(&b).await;
    let mut rng = Rng::new(seed);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..1500 {
        let k = saved(&b).await.expect("saved");
        let page = if b.exists("[data-testid=actions]").await {
            if k.view().silence.is_some() {
                "silent table"
            } else {
                "table"
            }
        } else if b.exists("[data-testid=resolution]").await {
            "resolution"
        } else {
            ""
        };
        if !page.is_empty() && seen.insert(page) {
            // The frame opens on the table; a quest's reveal is shown again with "Last quest".
            let script = if page == "resolution" {
                "setTimeout(() => d.querySelector('[data-testid=last-quest]')?.click(), 50)"
            } else {
                ""
            };
            assert_fits_320(&b, script, page).await;
            remove_narrow(&b).await;
        }
        if step(&b, &mut |k, legal| lively(&mut rng, k, legal)).await == Step::End {
            break;
        }
    }
    assert_fits_320(
        &b,
        "d.querySelector('[data-testid=continue-game]')?.click();
         setTimeout(() => d.querySelector('[data-testid=reveal-all]')?.click(), 100)",
        "end",
    )
    .await;
    assert_fits_320(&b, &home_then("saved-games"), "saved games").await;
    assert_fits_320(&b, &home_then("home-rules"), "rules").await;
    assert_fits_320(&b, &home_then("settings"), "settings").await;
    remove_narrow(&b).await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// On a phone (a 360 × 600 screen, a small phone's browser with its bars) the player to move sees
/// Listen to Rumors and Go on a Quest without scrolling, right under the Threats pile (the sword
/// tally, what the computers did and the seats come after them), also with the Knight deck shown.
#[tokio::test]
async fn on_a_phone_the_turns_actions_show_without_scrolling() {
    let Some(b) = support::launch().await else {
        return;
    };
    fresh_app(&b, 3).await;
    let options = Options {
        knights_to_the_rescue: true,
        ..Options::default()
    };
    start_game(&b, &["Ann", "Bo", "Cy", "Di"], options).await;
    let mut never = |_: &game::Known, _: &[Action]| -> Action { unreachable!() };
    for _ in 0..4 {
        step(&b, &mut never).await;
    }
    b.wait_for("[data-testid=actions]").await;
    game::phone_screen(&b, 360, 600).await;
    game::assert_shows_without_scrolling(&b, &["listen", "quest"]).await;
    b.assert_no_console_errors().await;
    b.close().await;
}

#[tokio::test]
async fn on_a_phone_held_sideways_listen_shows_without_scrolling() {
    let Some(b) = support::launch().await else {
        return;
    };
    fresh_app(&b, 3).await;
    start_game(&b, &["Ann", "Bo", "Cy", "Di"], Options::default()).await;
    let mut never = |_: &game::Known, _: &[Action]| -> Action { unreachable!() };
    for _ in 0..4 {
        step(&b, &mut never).await;
    }
    b.wait_for("[data-testid=actions]").await;
    // A phone held in landscape is wider than 700 px but only 360 px high.
    game::phone_screen(&b, 740, 360).await;
    game::assert_shows_without_scrolling(&b, &["listen"]).await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// A 4-player game listened to until the Threats pile holds at least `cards` cards, a Merlin #4
/// among them (its token on the Dragon), then a quest: the setup, the actions, and that quest.
fn big_pile_with_merlin4(cards: u8) -> (Setup, Vec<camelot_card::Played>, camelot_card::Quest) {
    use camelot_card::{Decision, Keep, Played, Prompt, Quest};
    for seed in 0..200 {
        let setup = Setup::new(4, seed);
        let mut g = Game::new(setup).unwrap();
        let mut actions = Vec::new();
        let mut merlin4 = false;
        while let Some((seat, d)) = g.decider() {
            let v = g.table_view();
            let legal = g.legal_actions();
            let a = match d {
                Decision::Turn => {
                    if v.pile_count >= cards && merlin4 && !v.allowed_quests.is_empty() {
                        let quest = v.allowed_quests[0];
                        actions.push(Played {
                            seat,
                            action: Action::GoOnQuest { quest },
                        });
                        return (setup, actions, quest);
                    }
                    if !legal.contains(&Action::ListenToRumors) {
                        break;
                    }
                    Action::ListenToRumors
                }
                Decision::Announce => match g.seat_view(seat).and_then(|s| s.prompt) {
                    Some(Prompt::Announce { drawn, .. }) => Action::Announce { card: drawn },
                    _ => break,
                },
                Decision::Merlin4Quest => {
                    merlin4 = true;
                    Action::ChooseMerlin4Quest {
                        quest: Quest::Dragon,
                    }
                }
                Decision::VivienKeep => Action::KeepLoyalty {
                    keep: Keep::Current,
                },
                _ => legal[0],
            };
            g.apply(seat, a).unwrap();
            actions.push(Played { seat, action: a });
        }
    }
    panic!("no seed gives a pile of {cards} cards with a Merlin #4");
}

/// The quest reveal did not say which quest a Merlin #4's token marked, so nobody could
/// check what it removed; with many cards, Continue fell below the fold. On a 412 × 915 phone the
/// reveal of a 20-card pile shows the token's quest under the Merlin #4, and Skip, then Continue,
/// without scrolling.
#[tokio::test]
async fn the_quest_reveal_shows_merlin_4s_quest_and_continue_without_scrolling() {
    let (setup, actions, _) = big_pile_with_merlin4(20);
    let Some(b) = support::launch().await else {
        return;
    };
    game::phone_screen(&b, 412, 915).await;
    // The save as the app leaves it right after the quest: its reveal still open.
    let mut save = card_save(setup, &actions);
    save["reveal_open"] = true.into();
    setup::fresh_page(&b, None, &as_current(&save)).await;
    b.wait_for("[data-testid=resolution]").await;
    let tokens = b.texts("[data-testid=merlin4-token]").await;
    assert!(
        !tokens.is_empty() && tokens.iter().all(|t| t == "Token: Dragon"),
        "the Merlin #4 tokens' quest: {tokens:?}"
    );
    let k = saved(&b).await.expect("saved");
    assert_nothing_hidden(&b, &k).await;
    let tall = b
        .eval("return document.documentElement.scrollHeight > window.innerHeight;")
        .await;
    assert_eq!(
        tall,
        serde_json::Value::Bool(true),
        "the reveal is taller than the screen"
    );
    if b.exists("[data-testid=skip]").await {
        game::assert_shows_without_scrolling(&b, &["skip"]).await;
        b.click("[data-testid=skip]").await;
    }
    game::assert_shows_without_scrolling(&b, &["continue"]).await;
    // Scrolled to the middle of the cards, it is still there.
    b.eval("window.scrollTo(0, 400); return null;").await;
    let on_screen = b
        .eval(
            "const r = document.querySelector('[data-testid=continue]').getBoundingClientRect();
             return r.top >= 0 && r.bottom <= window.innerHeight;",
        )
        .await;
    assert_eq!(on_screen, serde_json::Value::Bool(true));
    b.click("[data-testid=continue]").await;
    b.wait_until_gone("[data-testid=resolution]").await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// On a 412 × 915 phone "Start the game" sat below the fold; it shows without scrolling,
/// also with seven players.
#[tokio::test]
async fn start_the_game_shows_without_scrolling_on_a_phone() {
    let Some(b) = support::launch().await else {
        return;
    };
    fresh_app(&b, 3).await;
    game::phone_screen(&b, 412, 915).await;
    b.click("[data-testid=new-game]").await;
    b.wait_for("[data-testid=start-game]").await;
    game::assert_shows_without_scrolling(&b, &["start-game"]).await;
    // What the keyboard's focus scrolls into view stops above the docked button, not under it.
    // (In rem, the page's font size.)
    let padding = "const s = getComputedStyle(document.documentElement);
                   return s.scrollPaddingBottom === 'auto' ? 'auto'
                       : parseFloat(s.scrollPaddingBottom) / parseFloat(s.fontSize);";
    assert_eq!(b.eval(padding).await, 6.0);
    for n in 5..=7 {
        b.click("[data-testid=add-player]").await;
        game::wait_count(&b, "input.name", n).await;
    }
    b.click("[data-testid=opt-knights]").await;
    // Seen from the top of the screen, as a player who has not scrolled sees it.
    b.eval("window.scrollTo(0, 0); return null;").await;
    game::assert_shows_without_scrolling(&b, &["start-game"]).await;
    // It still starts the game.
    b.click("[data-testid=start-game]").await;
    b.wait_for("[data-testid=table]").await;
    // No dock on the table: nothing stops short there.
    assert_eq!(b.eval(padding).await, "auto");
    b.assert_no_console_errors().await;
    b.close().await;
}

/// At 320 px with long names "Turn 1" wrapped onto two lines; and the curtain left a
/// strip of the page visible below it. "Turn N" keeps to one line, and the curtain reaches the
/// bottom of the screen, on a 320 px, a 412 × 915 and a 1280 × 800 screen.
#[tokio::test]
async fn turn_n_keeps_to_one_line_and_the_curtain_reaches_the_bottom() {
    let Some(b) = support::launch().await else {
        return;
    };
    fresh_app(&b, 9).await;
    let long = [
        "Guinevere-Morgause",
        "Bedivere Lancelot",
        "Percivale-Gawaine",
        "Lynette-Tristram",
    ];
    start_game(&b, &long, Options::default()).await;
    for (w, h) in [(320, 640), (412, 915), (1280, 800)] {
        game::phone_screen(&b, w, h).await;
        // The first player's Loyalty peek: a curtain.
        b.wait_for("[data-testid=curtain]").await;
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        let v = b
            .eval(
                "const c = document.querySelector('[data-testid=curtain]').getBoundingClientRect();
                 return [c.bottom + window.scrollY, window.innerHeight,
                         document.documentElement.scrollHeight];",
            )
            .await;
        let (bottom, height, page) = (
            v[0].as_f64().unwrap(),
            v[1].as_f64().unwrap(),
            v[2].as_f64().unwrap(),
        );
        assert!(
            bottom >= height - 1.0 && bottom >= page - 1.0,
            "{w}×{h}: the curtain ends at {bottom} px, the screen at {height}, the page at {page}"
        );
    }
    game::phone_screen(&b, 320, 640).await;
    // On to the table (every Loyalty peek paid), where "Turn 1" shows beside a long name.
    for _ in 0..4 {
        b.click("[data-testid=curtain-show]").await;
        b.click("[data-testid=done-hide]").await;
        b.wait_until_gone("[data-testid=private]").await;
    }
    b.wait_for("[data-testid=actions]").await;
    let lines = b
        .eval(
            "const r = document.createRange();
             r.selectNodeContents(document.querySelector('.turn-no'));
             return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size;",
        )
        .await;
    assert_eq!(lines, serde_json::json!(1), "\"Turn 1\" wraps at 320 px");
    b.assert_no_console_errors().await;
    b.close().await;
}
