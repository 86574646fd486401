//! A reload (a closed tab, a flat battery) or a second tab in the middle of a game: the game goes
//! on exactly where it was, never uncovered, and no move is lost.

use super::*;

#[tokio::test]
async fn a_reload_resumes_the_game_exactly_and_always_covered() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = 99;
    fresh_app(&b, seed).await;
    let names = ["Ann", "Bo", "Cy"];
    start_game(&b, &names, Options::default()).await;
    // Reload while a player is looking at their Loyalty card: it comes back covered.
    b.click("[data-testid=curtain-show]").await;
    b.wait_for("[data-testid=private]").await;
    let name = saved(&b).await.expect("saved");
    let who = name.name(name.curtain_seat().expect("a peek")).to_string();
    b.reload().await;
    b.wait_for("[data-testid=curtain]").await;
    assert!(!b.exists("[data-testid=private]").await);
    assert_eq!(b.text("[data-testid=curtain-name]").await, who);
    assert_nothing_hidden(&b, &saved(&b).await.expect("saved")).await;

    // Play a while, then reload at the table.
    let mut rng = Rng::new(seed);
    let mut steps = 0;
    loop {
        assert_ne!(
            step(&b, &mut |k, legal| lively(&mut rng, k, legal)).await,
            Step::End
        );
        steps += 1;
        let k = saved(&b).await.expect("saved");
        if steps > 12
            && k.actions.len() > 6
            && b.exists("[data-testid=actions]").await
            && k.view().pile_count > 0
        {
            break;
        }
        assert!(steps < 300);
    }
    let k = saved(&b).await.expect("saved");
    let grab = async || {
        (
            b.attr("[data-testid=top-card]", "data-top").await,
            b.text("[data-testid=pile-count]").await,
            b.text("[data-testid=deck-count]").await,
            b.text("[data-testid=white-swords]").await,
            b.text("[data-testid=black-swords]").await,
            b.text("[data-testid=current-player]").await,
            b.text(".turn-no").await,
            b.exists("[data-testid=silence]").await,
            b.text("[data-testid=seats]").await,
            // What the table showed as "just now" comes back too.
            b.texts(
                "[data-testid=last-events], [data-testid=count-aloud], [data-testid=speak-again]",
            )
            .await,
        )
    };
    let before = grab().await;
    b.reload().await;
    b.wait_for("[data-testid=actions]").await;
    assert_eq!(grab().await, before);
    let after = saved(&b).await.expect("saved");
    assert_eq!(after.actions, k.actions);
    assert_table_matches(&b, &after).await;
    assert_nothing_hidden(&b, &after).await;

    // And once more in the middle of a private decision or notice, if one comes: covered again.
    for _ in 0..200 {
        let k = saved(&b).await.expect("saved");
        if k.curtain_seat().is_some() && b.exists("[data-testid=curtain]").await {
            b.click("[data-testid=curtain-show]").await;
            b.wait_for("[data-testid=private]").await;
            b.reload().await;
            b.wait_for("[data-testid=curtain]").await;
            assert!(!b.exists("[data-testid=private]").await);
            assert_nothing_hidden(&b, &saved(&b).await.expect("saved")).await;
            break;
        }
        if step(&b, &mut |k, legal| lively(&mut rng, k, legal)).await == Step::End {
            break;
        }
    }
    b.assert_no_console_errors().await;
    b.close().await;
}

/// A reload (or the tab closed and opened again) while the table looks at a quest's reveal or an
/// accusation's result shows it again, until the table taps "Continue"; after that a reload goes
/// on at the table. A reload on the end screen comes back to the end screen, not to Home.
#[tokio::test]
async fn a_reload_during_a_reveal_a_result_or_the_end_shows_it_again() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = 31;
    fresh_app(&b, seed).await;
    start_game(&b, &["Ann", "Bo", "Cy", "Di"], Options::default()).await;
    let mut rng = Rng::new(seed);
    let (mut saw_reveal, mut saw_result) = (false, false);
    for _ in 0..600 {
        wait_settled(&b).await;
        let overlay = if b.exists("[data-testid=resolution]").await && !saw_reveal {
            saw_reveal = true;
            "[data-testid=resolution]"
        } else if b.exists("[data-testid=accusation-result]").await && !saw_result {
            saw_result = true;
            "[data-testid=accusation-result]"
        } else {
            ""
        };
        if !overlay.is_empty() {
            let heading = b.text(&format!("{overlay} h2")).await;
            // An accusation's result is still, and says how many swords it placed.
            let whole = if overlay == "[data-testid=accusation-result]" {
                Some(b.text(overlay).await)
            } else {
                None
            };
            let k = saved(&b).await.expect("saved");
            b.reload().await;
            wait_settled(&b).await;
            assert!(
                b.exists(overlay).await,
                "after a reload `{overlay}` ({heading}) is gone\n{}",
                b.html().await
            );
            assert_eq!(b.text(&format!("{overlay} h2")).await, heading);
            if let Some(whole) = whole {
                assert_eq!(
                    b.text(overlay).await,
                    whole,
                    "the result changed with a reload"
                );
            }
            assert_nothing_hidden(&b, &k).await;
            if b.exists("[data-testid=skip]").await {
                b.click("[data-testid=skip]").await;
            }
            b.click("[data-testid=continue]").await;
            b.wait_until_gone(overlay).await;
            // Closed: a reload does not bring it back.
            b.reload().await;
            wait_settled(&b).await;
            assert!(
                !b.exists(overlay).await,
                "`{overlay}` came back once closed"
            );
            continue;
        }
        if step(&b, &mut |k, legal| lively(&mut rng, k, legal)).await == Step::End {
            break;
        }
    }
    assert!(
        saw_reveal && saw_result,
        "reveal {saw_reveal}, result {saw_result}"
    );
    b.wait_for("[data-testid=end]").await;
    // Two Loyalty cards turned one by one stay face up through a reload.
    for _ in 0..2 {
        if b.exists("[data-testid=reveal-next]").await {
            b.click("[data-testid=reveal-next]").await;
        }
    }
    let turned = b.texts("[data-testid=end-loyalty]").await;
    assert!(!turned.is_empty());
    let verdict_hidden = !b.exists("[data-testid=verdict]").await;
    b.reload().await;
    b.wait_for("[data-testid=end], [data-testid=new-game]")
        .await;
    assert!(
        b.exists("[data-testid=end]").await,
        "a reload on the end screen went to Home\n{}",
        b.html().await
    );
    assert_eq!(
        b.texts("[data-testid=end-loyalty]").await,
        turned,
        "the end screen's turned cards changed with a reload"
    );
    assert_eq!(!b.exists("[data-testid=verdict]").await, verdict_hidden);
    if verdict_hidden {
        b.click("[data-testid=reveal-all]").await;
    }
    assert_verdict(&b).await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Two tabs of the app on one game (a phone restoring an old tab, the installed app beside a
/// browser tab): play in one, then in the other, then in the first again. The tab left behind
/// follows the game as it went on elsewhere (and says so) instead of writing its older game over
/// it: every move made in either tab is in the save at the end.
#[tokio::test]
async fn two_tabs_on_one_game_lose_no_move() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = 71;
    fresh_app(&b, seed).await;
    start_game(&b, &["Ann", "Bo", "Cy", "Di"], Options::default()).await;
    let mut rng = Rng::new(seed);
    // Steps of play in the tab shown until the save holds `more` moves more.
    let mut play = async |b: &support::Browser, more: usize| {
        let target = saved(b).await.expect("saved").actions.len() + more;
        for _ in 0..200 {
            assert_ne!(
                step(b, &mut |k, legal| lively(&mut rng, k, legal)).await,
                Step::End
            );
            let k = saved(b).await.expect("saved");
            if k.actions.len() >= target {
                return k.actions;
            }
        }
        panic!("no {more} moves in 200 steps");
    };
    play(&b, 3).await;
    let (first, second) = b.open_second_tab().await;
    wait_settled(&b).await;
    // The first tab plays on; the second, left behind, follows.
    b.show_tab(&first).await;
    let in_first = play(&b, 3).await;
    b.show_tab(&second).await;
    b.wait_for("[data-testid=followed-elsewhere]").await;
    wait_settled(&b).await;
    let in_second = play(&b, 1).await;
    assert!(
        in_second.starts_with(&in_first),
        "the second tab wrote over the first tab's moves"
    );
    // And the first tab, left behind in turn, follows too.
    b.show_tab(&first).await;
    b.wait_for("[data-testid=followed-elsewhere]").await;
    wait_settled(&b).await;
    let last = play(&b, 1).await;
    assert!(
        last.starts_with(&in_second),
        "the first tab wrote over the second tab's moves"
    );
    b.assert_no_console_errors().await;
    b.close().await;
}
