//! Browser tests of the game screens: whole games played through the page in headless Chromium
//! (release build in dist/, see tests/support). The test process replays every autosave with the
//! engine, so it knows the hidden state and checks after EVERY step that none of it is in the page.
//!
//! New games use the `#test-seed=N` hook (README) so that deals are known in advance.

mod support;

#[path = "support/game.rs"]
mod game;

use camelot_card::{Action, Game, Loyalty, Options, Seat, Setup, Side};
use game::{
    Rng, Step, act, assert_fits_320, assert_nothing_hidden, assert_table_matches, expected_setup,
    fresh_app, lively, play_to_end, remove_narrow, saved, saved_when, start_game, step,
    wait_settled,
};

fn verdict_text(winner: Side, morgan7: bool) -> &'static str {
    match (winner, morgan7) {
        (Side::Loyal, _) => "The Loyal knights win!",
        (Side::Evil, true) => "Morgan #7: Evil wins at once!",
        (Side::Evil, false) => "The forces of Evil win!",
    }
}

/// Lifts `seat`'s curtain: the curtain, which the whole table sees, recalls nobody's role; behind
/// it, the private screen recalls this player's own, near its top, in words.
async fn lift_and_check_role(b: &support::Browser, k: &game::Known, seat: Seat) {
    assert_eq!(b.text("[data-testid=curtain-name]").await, k.name(seat));
    assert_eq!(
        b.count("[data-testid=role-reminder]").await,
        0,
        "a role is recalled on the curtain"
    );
    b.click("[data-testid=curtain-show]").await;
    b.wait_for("[data-testid=private]").await;
    let (code, words) = match k.loyalty(seat).expect("a Loyalty card") {
        Loyalty::Loyal => ("Loyal", "You are Loyal. "),
        Loyalty::Traitor => ("Traitor", "You are a Traitor"),
    };
    let reminder = "[data-testid=private] > [data-testid=role-reminder]";
    assert_eq!(b.count("[data-testid=role-reminder]").await, 1);
    assert_eq!(
        b.count(reminder).await,
        1,
        "the reminder is in the private screen"
    );
    assert_eq!(b.attr(reminder, "data-role").await.as_deref(), Some(code));
    let text = b.text(reminder).await;
    assert!(
        text.starts_with(words),
        "{}'s reminder: {text}",
        k.name(seat)
    );
}

async fn assert_verdict(b: &support::Browser) {
    let k = saved(b).await.expect("saved");
    let (winner, reason) = k.game.winner().expect("the game is over");
    let text = b.text("[data-testid=verdict]").await;
    assert_eq!(
        text,
        verdict_text(winner, reason == camelot_card::EndReason::Morgan7)
    );
}

#[tokio::test]
async fn a_solo_game_is_played_from_new_game_to_the_end_and_a_rematch() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = 7;
    fresh_app(&b, seed).await;
    let k = start_game(&b, &["Ann"], Options::default()).await;
    assert_eq!(k.setup, expected_setup(1, seed, Options::default()));
    assert_eq!(k.names, ["Ann"]);
    // Solo: no Loyalty card, so no curtain; straight to the table.
    wait_settled(&b).await;
    assert!(!b.exists("[data-testid=curtain]").await);
    assert_table_matches(&b, &k).await;
    // Accusing is not possible in solo play, and the page says why.
    assert!(
        b.text("[data-testid=accuse-why]")
            .await
            .contains("no accusations in solo play")
    );
    let mut rng = Rng::new(seed);
    let steps = play_to_end(&b, &mut |k, legal| lively(&mut rng, k, legal), 600).await;
    assert!(steps > 3);
    assert!(
        !b.exists("[data-testid=reveal-next]").await,
        "no Loyalty cards in solo"
    );
    assert_verdict(&b).await;
    let before = saved(&b).await.expect("saved");
    let summary = b.text("[data-testid=summary]").await;
    assert!(summary.contains("turns"));
    assert!(
        !summary.contains("accusation"),
        "solo play has no accusations: {summary}"
    );
    // Rematch: same player, a new deal (the test hook makes it seed + 1).
    b.click("[data-testid=rematch]").await;
    let k = saved_when(&b, "the rematch", |k| k.id != before.id).await;
    assert_eq!(k.names, ["Ann"]);
    assert_eq!(k.setup.seed, seed + 1);
    assert!(k.actions.is_empty());
    b.wait_for("[data-testid=actions]").await;
    assert_table_matches(&b, &k).await;
    b.assert_no_console_errors().await;
    b.close().await;
}

#[tokio::test]
async fn four_players_peek_accuse_and_see_every_loyalty_card_at_the_end() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = 4242;
    fresh_app(&b, seed).await;
    let names = ["Ann", "Bo", "Cy", "Di"];
    let k = start_game(&b, &names, Options::default()).await;
    assert_eq!(k.setup, expected_setup(4, seed, Options::default()));
    let first = k.setup.first;
    // Each player's first look at their Loyalty card, in seat order from the first player.
    for i in 0..4u8 {
        let k = saved(&b).await.expect("saved");
        let seat = Seat((first.0 + i) % 4);
        assert_eq!(k.curtain_seat(), Some(seat));
        b.wait_for("[data-testid=curtain]").await;
        assert_eq!(
            b.text("[data-testid=curtain-name]").await,
            names[seat.index()]
        );
        lift_and_check_role(&b, &k, seat).await;
        let mut never = |_: &game::Known, _: &[Action]| -> Action { unreachable!() };
        assert_eq!(step(&b, &mut never).await, Step::Owed);
    }
    // Play (no accusation yet) until an accusation is possible.
    let mut rng = Rng::new(seed);
    let mut calm = |k: &game::Known, legal: &[Action]| {
        let no_accusation: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Accuse { .. }))
            .collect();
        lively(&mut rng, k, &no_accusation)
    };
    let mut n = 0;
    loop {
        let k = saved(&b).await.expect("saved");
        let accusable = k
            .game
            .legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Accuse { .. }));
        if accusable && b.exists("[data-testid=actions]").await && k.curtain_seat().is_none() {
            break;
        }
        // Every private screen on the way recalls its player's role, and nothing else does.
        wait_settled(&b).await;
        assert_eq!(
            b.count("[data-testid=role-reminder]:not([data-testid=private] *)")
                .await,
            0,
            "a role is recalled outside a private screen"
        );
        if let Some(seat) = k.curtain_seat()
            && b.exists("[data-testid=curtain]").await
        {
            lift_and_check_role(&b, &k, seat).await;
        }
        assert_ne!(
            step(&b, &mut calm).await,
            Step::End,
            "over before any accusation"
        );
        n += 1;
        assert!(n < 300, "no accusation possible after {n} steps");
    }
    // The current player accuses the next player.
    let k = saved(&b).await.expect("saved");
    let accuser = k.game.current();
    let target = Seat((accuser.0 + 1) % 4);
    let target_loyalty = k.loyalty(target).expect("a Loyalty card");
    act(&b, &k, accuser, Action::Accuse { target }).await;
    let result = b.text("[data-testid=accusation-result]").await;
    let want = match target_loyalty {
        Loyalty::Loyal => format!("{} is Loyal!", names[target.index()]),
        Loyalty::Traitor => format!("{} is a Traitor!", names[target.index()]),
    };
    assert!(result.contains(&want), "{result}");
    let k = saved(&b).await.expect("saved");
    assert_nothing_hidden(&b, &k).await;
    b.click("[data-testid=continue]").await;
    // The accused is revealed on the table, the accuser marked.
    if !k.game.is_over() {
        b.wait_for("[data-testid=seats]").await;
        let seat_text = b.text(&format!("[data-testid=seat-{}]", target.0)).await;
        assert!(seat_text.contains(match target_loyalty {
            Loyalty::Loyal => "Loyal",
            Loyalty::Traitor => "Traitor",
        }));
        assert!(
            b.exists(&format!(
                "[data-testid=seat-{}] [data-testid=has-accused]",
                accuser.0
            ))
            .await
        );
    }
    // On to the end.
    play_to_end(&b, &mut |k, legal| lively(&mut rng, k, legal), 800).await;
    let k = saved(&b).await.expect("saved");
    let word = |l: Option<Loyalty>| match l.expect("all revealed at the end") {
        Loyalty::Loyal => "Loyal",
        Loyalty::Traitor => "Traitor",
    };
    // The accused players' cards, turned at their accusation, lie face up from the start (issue
    // 23: the accused's card was shown face down again, to be turned again).
    let accused: Vec<Seat> = k
        .actions
        .iter()
        .filter_map(|p| match p.action {
            Action::Accuse { target } => Some(target),
            _ => None,
        })
        .collect();
    assert!(accused.contains(&target));
    for &s in &accused {
        let shown = b
            .text(&format!(
                "[data-testid=end-card-{}] [data-testid=end-loyalty]",
                s.0
            ))
            .await;
        assert_eq!(shown, word(k.view().seats[s.index()].revealed));
    }
    // Every other Loyalty card, one tap each.
    let mut up = accused.len();
    for (i, s) in k.view().seats.iter().enumerate() {
        if accused.contains(&s.seat) {
            continue;
        }
        assert_eq!(b.count("[data-testid=end-loyalty]").await, up);
        assert!(b.text("[data-testid=reveal-next]").await.contains(names[i]));
        b.click("[data-testid=reveal-next]").await;
        up += 1;
        let shown = b
            .text(&format!(
                "[data-testid=end-card-{i}] [data-testid=end-loyalty]"
            ))
            .await;
        assert_eq!(shown, word(s.revealed));
    }
    assert!(!b.exists("[data-testid=reveal-next]").await);
    assert_verdict(&b).await;
    let summary = b.text("[data-testid=summary]").await;
    assert!(
        summary.contains(&format!(
            "{} accused {}",
            names[accuser.index()],
            names[target.index()]
        )),
        "{summary}"
    );
    b.assert_no_console_errors().await;
    b.close().await;
}

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

/// A solo seed whose first listens bring a Morgan, then a Merlin (found with the engine).
fn silence_seed() -> (u64, usize) {
    'seeds: for seed in 1..2000u64 {
        let mut g = Game::new(Setup::new(1, seed)).expect("setup");
        let mut began = None;
        for i in 0..40 {
            let Some((seat, _)) = g.decider() else {
                continue 'seeds;
            };
            let legal = g.legal_actions();
            let a = if legal.contains(&Action::ListenToRumors) {
                Action::ListenToRumors
            } else {
                legal[0]
            };
            g.apply(seat, a).expect("legal");
            match (began, g.silence()) {
                (None, Some(_)) => began = Some(i),
                (Some(_), None) if i >= 3 => return (seed, i),
                (Some(_), None) => continue 'seeds,
                _ => {}
            }
        }
    }
    panic!("no seed brings silence and lifts it");
}

/// A solo seed whose listens bring Morgan #2 and then a listener's count (found with the engine).
fn count_aloud_seed() -> u64 {
    'seeds: for seed in 1..5000u64 {
        let mut g = Game::new(Setup::new(1, seed)).expect("setup");
        for _ in 0..30 {
            let Some((seat, _)) = g.decider() else {
                continue 'seeds;
            };
            let legal = g.legal_actions();
            let a = if legal.contains(&Action::ListenToRumors) {
                Action::ListenToRumors
            } else {
                legal[0]
            };
            let events = g.apply(seat, a).expect("legal");
            if events
                .iter()
                .any(|e| matches!(e, camelot_card::Event::CountAloud { .. }))
            {
                return seed;
            }
        }
    }
    panic!("no seed brings Morgan #2's count");
}

/// Under Morgan #2 the table shows the number the listener says aloud, and a reload (a closed
/// tab, a flat battery) right after it still shows it, with the rest of "just now".
#[tokio::test]
async fn morgan_2s_number_said_aloud_comes_back_after_a_reload() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = count_aloud_seed();
    fresh_app(&b, seed).await;
    start_game(&b, &["Ann"], Options::default()).await;
    let mut listen = |_: &game::Known, legal: &[Action]| {
        if legal.contains(&Action::ListenToRumors) {
            Action::ListenToRumors
        } else {
            legal[0]
        }
    };
    for _ in 0..60 {
        step(&b, &mut listen).await;
        if b.exists("[data-testid=count-aloud]").await {
            break;
        }
    }
    let said = b.text("[data-testid=count-aloud]").await;
    assert!(said.starts_with("Ann says aloud"), "{said}");
    let just_now = b.text("[data-testid=last-events]").await;
    assert!(just_now.contains("Ann counts aloud"), "{just_now}");
    b.reload().await;
    b.wait_for("[data-testid=actions]").await;
    assert_eq!(b.text("[data-testid=count-aloud]").await, said);
    assert_eq!(b.text("[data-testid=last-events]").await, just_now);
    assert_nothing_hidden(&b, &saved(&b).await.expect("saved")).await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Seconds in a countdown text such as "This turn: 0:57 left".
fn countdown_secs(text: &str) -> u32 {
    let clock = text
        .split_whitespace()
        .find(|w| w.contains(':') && w.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .unwrap_or_else(|| panic!("no time in {text:?}"));
    let (m, s) = clock.split_once(':').expect("m:ss");
    m.parse::<u32>().expect("minutes") * 60 + s.parse::<u32>().expect("seconds")
}

/// The optional per-turn countdown during silence goes on across a reload: the turn's start is
/// saved with the game, so reloading does not give the player their time again.
#[tokio::test]
async fn the_silence_countdown_goes_on_across_a_reload() {
    let Some(b) = support::launch().await else {
        return;
    };
    let (seed, _) = silence_seed();
    fresh_app(&b, seed).await;
    b.click("[data-testid=settings]").await;
    b.wait_for("[data-testid=settings-screen]").await;
    b.click("[data-testid=countdown-60]").await;
    b.wait_for("[data-testid=settings-saved]").await;
    b.click("[data-testid=home-button]").await;
    start_game(&b, &["Ann"], Options::default()).await;
    let mut listen = |_: &game::Known, legal: &[Action]| {
        if legal.contains(&Action::ListenToRumors) {
            Action::ListenToRumors
        } else {
            legal[0]
        }
    };
    for _ in 0..120 {
        if b.exists("[data-testid=silence-countdown]").await {
            break;
        }
        step(&b, &mut listen).await;
    }
    let before = countdown_secs(&b.text("[data-testid=silence-countdown]").await);
    assert!(before >= 55, "a fresh turn has about a minute: {before}");
    tokio::time::sleep(std::time::Duration::from_millis(4200)).await;
    b.reload().await;
    b.wait_for("[data-testid=silence-countdown]").await;
    let after = countdown_secs(&b.text("[data-testid=silence-countdown]").await);
    assert!(
        after + 4 <= before,
        "the countdown started again after the reload: {before}s, then {after}s"
    );
    b.assert_no_console_errors().await;
    b.close().await;
}

#[tokio::test]
async fn a_morgan_brings_the_silence_view_and_a_merlin_lifts_it() {
    let Some(b) = support::launch().await else {
        return;
    };
    let (seed, _) = silence_seed();
    fresh_app(&b, seed).await;
    start_game(&b, &["Ann"], Options::default()).await;
    let mut listen = |_: &game::Known, legal: &[Action]| {
        if legal.contains(&Action::ListenToRumors) {
            Action::ListenToRumors
        } else {
            legal[0]
        }
    };
    let mut saw_silence = false;
    for _ in 0..120 {
        let before = saved(&b).await.expect("saved");
        step(&b, &mut listen).await;
        let k = saved(&b).await.expect("saved");
        if !b.exists("[data-testid=actions]").await {
            continue;
        }
        let v = k.view();
        match v.silence {
            Some(s) => {
                assert!(
                    b.exists("main.silence .table-screen.silence").await,
                    "silent palette"
                );
                assert!(
                    b.text("[data-testid=silence]")
                        .await
                        .contains("Silence — no talking")
                );
                assert_eq!(
                    b.text("[data-testid=silence-turns]").await,
                    format!(
                        "{} turn{} spent",
                        s.turns,
                        if s.turns == 1 { "" } else { "s" }
                    )
                );
                if !saw_silence {
                    // The timer ticks.
                    let t0 = b.text("[data-testid=silence-elapsed]").await;
                    tokio::time::sleep(std::time::Duration::from_millis(2300)).await;
                    let t1 = b.text("[data-testid=silence-elapsed]").await;
                    assert_ne!(t0, t1, "the silence timer does not tick");
                    assert!(t1.ends_with("in silence"), "{t1}");
                }
                saw_silence = true;
            }
            None => {
                assert!(!b.exists("main.silence").await);
                if saw_silence && before.view().silence.is_some() {
                    // A Merlin lifted it.
                    let text = b.text("[data-testid=speak-again]").await;
                    assert!(text.contains("You may speak again"));
                    // A reload does not take the news away before the table has read it.
                    let just_now = b.text("[data-testid=last-events]").await;
                    b.reload().await;
                    b.wait_for("[data-testid=actions]").await;
                    assert_eq!(b.text("[data-testid=speak-again]").await, text);
                    assert_eq!(b.text("[data-testid=last-events]").await, just_now);
                    assert!(
                        k.game
                            .table_view()
                            .top
                            .is_some_and(|t| t.shown().is_merlin()),
                        "silence lifted by something else than a Merlin"
                    );
                    b.assert_no_console_errors().await;
                    b.close().await;
                    return;
                }
            }
        }
    }
    panic!("silence never came and went (saw silence: {saw_silence})");
}

#[tokio::test]
async fn expert_game_with_promos_plays_to_the_end_with_every_private_screen_covered() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = 2024;
    let options = Options {
        knights_to_the_rescue: true,
        morgan8: true,
        merlin6: true,
    };
    fresh_app(&b, seed).await;
    let k = start_game(&b, &["Ann", "Bo", "Cy", "Di", "Ed"], options).await;
    assert_eq!(k.setup, expected_setup(5, seed, options));
    let mut rng = Rng::new(seed);
    // Knights are played whenever possible, to see their screens.
    let mut eager = |k: &game::Known, legal: &[Action]| {
        if let Some(a) = legal.iter().find(|a| {
            matches!(
                a,
                Action::PlayArthur
                    | Action::PlayGawain
                    | Action::PlayPercival
                    | Action::PlayTristan
                    | Action::PlayGalahad { .. }
            )
        }) && rng.chance(70)
        {
            return *a;
        }
        lively(&mut rng, k, legal)
    };
    play_to_end(&b, &mut eager, 1500).await;
    b.click("[data-testid=reveal-all]").await;
    assert_verdict(&b).await;
    b.assert_no_console_errors().await;
    b.close().await;
}

#[tokio::test]
async fn new_game_names_are_checked_and_seats_can_be_ordered() {
    let Some(b) = support::launch().await else {
        return;
    };
    fresh_app(&b, 1).await;
    b.click("[data-testid=new-game]").await;
    b.type_into("[data-testid=player-name-0]", "Ann").await;
    b.type_into("[data-testid=player-name-1]", " ann ").await;
    b.click("[data-testid=start-game]").await;
    assert!(
        b.text("[data-testid=new-game-error]")
            .await
            .contains("Two players are called")
    );
    // Case is ignored beyond ASCII too (the browser's own lower-casing).
    b.type_into("[data-testid=player-name-0]", "Šárka").await;
    b.type_into("[data-testid=player-name-1]", "ŠÁRKA").await;
    b.click("[data-testid=start-game]").await;
    b.wait_for_text(
        "[data-testid=new-game-error]",
        "Two players are called “ŠÁRKA”",
    )
    .await;
    b.type_into("[data-testid=player-name-1]", "").await;
    b.click("[data-testid=start-game]").await;
    b.wait_for_text("[data-testid=new-game-error]", "Player 2 needs a name")
        .await;
    b.type_into("[data-testid=player-name-1]", "<b>Bo</b>")
        .await;
    // Move Bo up to the first seat.
    b.click("[data-testid=player-up-1]").await;
    let first = b
        .eval("return document.querySelector('[data-testid=player-name-0]').value;")
        .await;
    assert_eq!(first, "<b>Bo</b>");
    for _ in 0..3 {
        b.click("[data-testid=add-player]").await;
    }
    assert_eq!(b.count("input.name").await, 7);
    assert!(
        b.attr("[data-testid=add-player]", "disabled")
            .await
            .is_some()
    );
    b.click("[data-testid=start-game]").await;
    b.wait_for("[data-testid=curtain]").await;
    let k = saved(&b).await.expect("saved");
    assert_eq!(k.names[0], "<b>Bo</b>");
    assert_eq!(k.names.len(), 7);
    // Everyone's first peek, then the table lists the names: markup in a name stays text.
    let mut never = |_: &game::Known, _: &[Action]| -> Action { unreachable!() };
    for _ in 0..7 {
        assert_eq!(step(&b, &mut never).await, Step::Owed);
    }
    b.wait_for("[data-testid=seats]").await;
    assert!(b.text("[data-testid=seat-0]").await.contains("<b>Bo</b>"));
    assert!(!b.exists("[data-testid=seats] b").await);
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Not a check: screenshots of the main screens for people to look at
/// (`CAMELOT_SCREENSHOTS=/some/dir cargo test --test browser_game -- --ignored screenshots`).
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
    let mut listen = |_: &game::Known, legal: &[Action]| {
        if legal.contains(&Action::ListenToRumors) {
            Action::ListenToRumors
        } else {
            legal[0]
        }
    };
    for _ in 0..6 {
        if saved(&b).await.expect("saved").view().morgan1 {
            break;
        }
        step(&b, &mut listen).await;
    }
    b.click("[data-testid=listen]").await;
    b.click("[data-testid=curtain-show]").await;
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

/// The policy of [`a_private_screen_after_another_starts_at_its_top`]: go on the first quest
/// offered, otherwise listen, let every window pass, announce honestly, decline the rest.
fn to_tristan(g: &Game) -> Option<Action> {
    let legal = g.legal_actions();
    if legal.contains(&Action::PlayTristan) {
        return None;
    }
    let pick = legal
        .iter()
        .find(|a| matches!(a, Action::GoOnQuest { .. }))
        .or_else(|| legal.iter().find(|a| **a == Action::ListenToRumors))
        .or_else(|| legal.iter().find(|a| **a == Action::PassWindow))
        .or_else(|| legal.iter().find(|a| matches!(a, Action::Announce { .. })))
        .or_else(|| legal.iter().find(|a| **a == Action::DeclineMerlin6))
        .unwrap_or(&legal[0]);
    Some(*pick)
}

/// A three-player Knights to the Rescue seed where Tristan can be played soon under
/// [`to_tristan`] (found with the engine).
fn tristan_seed() -> u64 {
    let options = Options {
        knights_to_the_rescue: true,
        ..Options::default()
    };
    (1..400u64)
        .find(|&seed| {
            let mut g = Game::new(expected_setup(3, seed, options)).expect("setup");
            for _ in 0..40 {
                let Some((seat, _)) = g.decider() else {
                    return false;
                };
                match to_tristan(&g) {
                    None => return true,
                    Some(a) => {
                        g.apply(seat, a).expect("legal");
                    }
                }
            }
            false
        })
        .expect("a seed where Tristan comes early")
}

#[tokio::test]
async fn a_private_screen_after_another_starts_at_its_top() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = tristan_seed();
    fresh_app(&b, seed).await;
    let options = Options {
        knights_to_the_rescue: true,
        ..Options::default()
    };
    start_game(&b, &["Ann", "Bo", "Cy"], options).await;
    for _ in 0..200 {
        let k = saved(&b).await.expect("saved");
        if to_tristan(&k.game).is_none() && b.exists("[data-testid=actions]").await {
            break;
        }
        let mut policy = |k: &game::Known, _: &[Action]| to_tristan(&k.game).expect("an action");
        assert_ne!(step(&b, &mut policy).await, Step::End);
    }
    // A short phone: the player scrolls down to "Play Tristan" on their cards.
    b.client().set_window_size(390, 520).await.expect("resize");
    b.click("[data-testid=my-knights]").await;
    b.click("[data-testid=curtain-show]").await;
    let play = b.wait_for("[data-testid=play-tristan]").await;
    b.eval("document.querySelector('[data-testid=play-tristan]').scrollIntoView(); return null;")
        .await;
    assert!(
        b.eval("return window.scrollY;")
            .await
            .as_f64()
            .unwrap_or(0.0)
            > 0.0
    );
    play.click().await.expect("play Tristan");
    // The cards Tristan shows come up at once, from their heading.
    b.wait_for("[data-testid=deck-seen]").await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(
        b.eval("return window.scrollY;").await.as_f64(),
        Some(0.0),
        "the Tristan screen opened scrolled down, its heading out of sight"
    );
    b.assert_no_console_errors().await;
    b.close().await;
}

/// A solo Knights to the Rescue game (found with the engine) where the player holds Tristan and
/// has listened until the Rumor deck and the discard pile are both empty (every card lies on the
/// Threats pile): its setup and actions.
fn tristan_with_nothing_to_see() -> (Setup, Vec<camelot_card::Played>) {
    let options = Options {
        knights_to_the_rescue: true,
        ..Options::default()
    };
    for seed in 1..400u64 {
        let setup = expected_setup(1, seed, options);
        let mut g = Game::new(setup).expect("setup");
        let mut actions = Vec::new();
        while let Some((seat, _)) = g.decider() {
            let legal = g.legal_actions();
            let holds_tristan = legal.contains(&Action::PlayTristan);
            let t = g.table_view();
            if holds_tristan && t.deck_count == 0 && t.discard_count == 0 {
                return (setup, actions);
            }
            // Fail a quest at once (to draw a Knight card) until Tristan is in hand, then listen.
            let quest = legal.iter().find(|a| matches!(a, Action::GoOnQuest { .. }));
            let listen = legal.iter().find(|a| **a == Action::ListenToRumors);
            let pick = if holds_tristan {
                listen.or(quest)
            } else {
                quest.or(listen)
            };
            let a = *pick
                .or_else(|| legal.iter().find(|a| **a == Action::PassWindow))
                .unwrap_or(&legal[0]);
            if a == Action::PlayTristan || actions.len() > 300 {
                break;
            }
            g.apply(seat, a).expect("legal");
            actions.push(camelot_card::Played { seat, action: a });
        }
    }
    panic!("no solo game reaches Tristan with nothing left to see");
}

/// Tristan played when the Rumor deck and the discard pile are both empty says there is no card
/// to see (it showed an empty row under "Top card first").
#[tokio::test]
async fn tristan_with_no_card_in_the_deck_or_the_discard_pile_says_so() {
    let (setup, actions) = tristan_with_nothing_to_see();
    let Some(b) = launch_with_save(setup, &actions).await else {
        return;
    };
    b.click("[data-testid=my-knights]").await;
    b.wait_for("[data-testid=curtain-show], [data-testid=play-tristan]")
        .await;
    if b.exists("[data-testid=curtain-show]").await {
        b.click("[data-testid=curtain-show]").await;
    }
    b.click("[data-testid=play-tristan]").await;
    let empty = b.wait_for("[data-testid=deck-seen-empty]").await;
    assert_eq!(
        empty.text().await.expect("text"),
        "The Rumor deck and the discard pile are both empty: there is no card to see."
    );
    assert!(!b.exists("[data-testid=deck-seen]").await);
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

/// One game of `players` played from `seed` with random legal actions (Listen to Rumors 55% of
/// the time it is allowed; never Accuse when `calm`, so that Traitors stay hidden until the end
/// check), at most 400 of them: the game, its actions, and after how many of them an event
/// `marked` happened.
fn random_game(
    players: u8,
    seed: u64,
    calm: bool,
    marked: impl Fn(&camelot_card::Event) -> bool,
) -> (Game, Vec<camelot_card::Played>, Vec<usize>) {
    let mut g = Game::new(Setup::new(players, seed)).expect("setup");
    let mut rng = Rng::new(seed);
    let mut actions = Vec::new();
    let mut marks = Vec::new();
    while let Some((seat, _)) = g.decider() {
        if actions.len() > 400 {
            break;
        }
        let legal: Vec<Action> = g
            .legal_actions()
            .into_iter()
            .filter(|a| !(calm && matches!(a, Action::Accuse { .. })))
            .collect();
        let a = if legal.contains(&Action::ListenToRumors) && rng.chance(55) {
            Action::ListenToRumors
        } else {
            legal[rng.below(legal.len())]
        };
        let events = g.apply(seat, a).expect("legal");
        actions.push(camelot_card::Played { seat, action: a });
        if events.iter().any(&marked) {
            marks.push(actions.len());
        }
    }
    (g, actions, marks)
}

/// A 5-player game where play goes on after the end check (neither side keeps 7 swords once
/// the hidden Traitors turn theirs), found with the engine: its setup, every action to the
/// second end, and how many of them lead up to the `PlayGoesOn`.
fn play_goes_on_game() -> (Setup, Vec<camelot_card::Played>, usize) {
    for seed in 1..5000u64 {
        let (g, actions, marks) = random_game(5, seed, true, |e| {
            matches!(e, camelot_card::Event::PlayGoesOn)
        });
        if let (Some(&n), true) = (marks.last(), g.is_over()) {
            return (Setup::new(5, seed), actions, n);
        }
    }
    panic!("no game goes on after the end check");
}

/// A fresh browser (`None`: no browser here, skip) with the app open on `actions` of a game as
/// its only save, the current one.
async fn launch_with_save(
    setup: Setup,
    actions: &[camelot_card::Played],
) -> Option<support::Browser> {
    let b = support::launch().await?;
    b.open_app().await;
    b.clear_storage().await;
    open_save(&b, setup, actions).await;
    Some(b)
}

/// Opens `actions` of a game as the current save (as if the app had just saved it) and reloads.
async fn open_save(b: &support::Browser, setup: Setup, actions: &[camelot_card::Played]) {
    let names = &["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"][..setup.players as usize];
    let save = serde_json::json!({
        "format": 2, "id": "g", "names": names, "setup": setup, "actions": actions,
        "owed": [], "created_ms": 1.7e12, "updated_ms": 1.7e12,
    });
    b.client()
        .execute(
            "localStorage.setItem('camelot/v1/game/g', arguments[0]);
             localStorage.setItem('camelot/v1/current', JSON.stringify('g')); return null;",
            vec![serde_json::Value::String(save.to_string())],
        )
        .await
        .expect("write the save");
    b.reload().await;
    wait_settled(b).await;
}

/// When play goes on after the end check, the table keeps saying that every Loyalty card is face
/// up and what ends the game now (before, only a line of "just now", gone after the next move);
/// at the second end the cards, known to all, are shown face up, not covered to turn again, and
/// the swords turned for the hidden Traitors are told as turned at the first end.
#[tokio::test]
async fn play_goes_on_after_the_end_check_and_the_second_end_turns_nothing_again() {
    let (setup, actions, went_on) = play_goes_on_game();
    // Right after the end check: the next player's turn.
    let Some(b) = launch_with_save(setup, &actions[..went_on]).await else {
        return;
    };
    let k = saved(&b).await.expect("saved");
    assert!(k.view().all_revealed && k.game.winner().is_none());
    b.wait_for("[data-testid=actions]").await;
    assert_eq!(
        b.text("[data-testid=effect-all-revealed]").await,
        "Every Loyalty card is face up. Play goes on until there are 7 swords of one colour."
    );
    assert_nothing_hidden(&b, &k).await;
    // The second end.
    open_save(&b, setup, &actions).await;
    b.wait_for("[data-testid=end]").await;
    assert!(!b.exists("[data-testid=reveal-next]").await);
    assert!(!b.exists("[data-testid=reveal-all]").await);
    assert_eq!(b.count("[data-testid=end-loyalty]").await, 5);
    // The swords the hidden Traitor turned at the first end are told as past, not as turned now.
    let flipped = b.text("[data-testid=flipped]").await;
    assert!(
        flipped.starts_with("When every Loyalty card was turned face up, "),
        "{flipped}"
    );
    assert_verdict(&b).await;
    b.assert_no_console_errors().await;
    b.close().await;
}

/// A 4-player game whose last quest meets the end of the 16 swords (found with the engine): its
/// setup and actions, the last one that quest.
fn swords_run_out_game() -> (Setup, Vec<camelot_card::Played>) {
    for seed in 1..5000u64 {
        let (_, mut actions, marks) = random_game(4, seed, false, |e| {
            matches!(e, camelot_card::Event::SwordsRanOut { .. })
        });
        if let Some(&n) = marks.first() {
            actions.truncate(n);
            return (Setup::new(4, seed), actions);
        }
    }
    panic!("no game runs out of swords");
}

/// When the 16 swords run out, the quest's reveal says how many could not be placed and counts
/// only those placed (it said "+9 black swords" with 7 placed, and drew the tally before the
/// quest from that wrong count).
#[tokio::test]
async fn the_reveal_says_when_the_swords_run_out() {
    let (setup, actions) = swords_run_out_game();
    let (last, before) = actions.split_last().expect("actions");
    let mut g = Game::replay(setup, None, before).expect("replays");
    let was = g.swords();
    let events = g.apply(last.seat, last.action).expect("legal");
    let count = |f: &dyn Fn(&camelot_card::Event) -> Option<(camelot_card::Colour, u8)>| {
        events.iter().filter_map(f).fold([0u8; 2], |mut n, (c, k)| {
            n[(c == camelot_card::Colour::Black) as usize] += k;
            n
        })
    };
    let placed = count(&|e| match e {
        camelot_card::Event::SwordsPlaced { colour, count } => Some((*colour, *count)),
        _ => None,
    });
    let lost = count(&|e| match e {
        camelot_card::Event::SwordsRanOut { colour, count } => Some((*colour, *count)),
        _ => None,
    });
    let Some(b) = launch_with_save(setup, before).await else {
        return;
    };
    // Played through the page, then once more after a reload (the reveal comes back).
    for reload in [false, true] {
        if reload {
            b.reload().await;
        } else {
            b.wait_for("[data-testid=actions]").await;
            let k = saved(&b).await.expect("saved");
            act(&b, &k, last.seat, last.action).await;
            b.click("[data-testid=skip]").await;
        }
        check_ran_out(&b, was, placed, lost).await;
    }
    b.assert_no_console_errors().await;
    b.close().await;
}

async fn check_ran_out(
    b: &support::Browser,
    was: camelot_card::Swords,
    placed: [u8; 2],
    lost: [u8; 2],
) {
    b.wait_for("[data-testid=resolution][data-stage=swords]")
        .await;
    let swords = |n: u8, colour: &str| match n {
        1 => format!("1 {colour} sword"),
        n => format!("{n} {colour} swords"),
    };
    let mut want_placed = Vec::new();
    let mut want_lost = Vec::new();
    for (i, colour) in ["white", "black"].into_iter().enumerate() {
        if placed[i] > 0 {
            want_placed.push(format!("+{}", swords(placed[i], colour)));
        }
        if lost[i] > 0 {
            want_lost.push(format!(
                "No swords left: {} could not be placed",
                swords(lost[i], colour)
            ));
        }
    }
    assert!(!want_lost.is_empty());
    assert_eq!(
        b.text("[data-testid=swords-placed]")
            .await
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
        want_placed.join(" ")
    );
    assert_eq!(b.texts("[data-testid=swords-ran-out]").await, want_lost);
    // The tally at the end of the reveal: the swords before the quest and those it placed (the
    // end check turns any over only after it).
    let mut shown = Vec::new();
    for id in ["white-swords", "black-swords"] {
        let text = b.text(&format!("[data-testid={id}]")).await;
        shown.push(
            text.split_whitespace()
                .next()
                .unwrap_or_default()
                .to_string(),
        );
    }
    let after = [was.white + placed[0], was.black + placed[1]];
    assert_eq!(shown, after.map(|n| n.to_string()));
}

/// A save that does not know when the silence fell (one written before the app kept it, or by
/// hand) shows the turns spent in silence without a stray separator before them (it showed
/// "· 2 turns spent").
#[tokio::test]
async fn a_silence_of_unknown_start_shows_its_turns_alone() {
    let (seed, _) = silence_seed();
    let setup = Setup::new(1, seed);
    let mut g = Game::new(setup).expect("setup");
    let mut actions = Vec::new();
    while g.silence().is_none() {
        let legal = g.legal_actions();
        let a = if legal.contains(&Action::ListenToRumors) {
            Action::ListenToRumors
        } else {
            legal[0]
        };
        g.apply(Seat(0), a).expect("legal");
        actions.push(camelot_card::Played {
            seat: Seat(0),
            action: a,
        });
    }
    let Some(b) = launch_with_save(setup, &actions).await else {
        return;
    };
    b.wait_for("[data-testid=silence]").await;
    let text = b.text("[data-testid=silence] p").await;
    assert!(
        text.trim_start().starts_with(char::is_numeric),
        "the silence line: {text:?}"
    );
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Counts every tap on a button from now on (`window.__taps`), in the capture phase.
async fn count_taps(b: &support::Browser) {
    b.eval(
        "window.__taps = 0;
         document.addEventListener('click', e => {
           if (e.target.closest('button')) window.__taps++;
         }, true);
         return null;",
    )
    .await;
}

async fn taps(b: &support::Browser) -> u64 {
    b.eval("return window.__taps;").await.as_u64().unwrap_or(0)
}

/// A policy for Knights to the Rescue games: never plays a Knight card, goes on quests readily.
fn questing(rng: &mut Rng) -> impl FnMut(&game::Known, &[Action]) -> Action + '_ {
    move |k, legal| {
        if legal.contains(&Action::PassWindow) {
            return Action::PassWindow;
        }
        let quests: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::GoOnQuest { .. }))
            .collect();
        if !quests.is_empty() && k.view().pile_count >= 3 {
            return quests[rng.below(quests.len())];
        }
        let calm: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| {
                !matches!(
                    a,
                    Action::Accuse { .. } | Action::PlayTristan | Action::PlayGalahad { .. }
                )
            })
            .collect();
        lively(rng, k, if calm.is_empty() { legal } else { &calm })
    }
}

/// Every quest opened an Arthur window and then a Gawain window with one curtain per
/// Knight-card holder (a Dragon quest took 10 taps over 5 curtains). Now the table is asked once
/// per window, "Does anyone play a Knight card now?", and "Nobody" lets it pass for all: one tap.
/// Prints the taps per quest (`-- --nocapture`).
#[tokio::test]
async fn knights_to_the_rescue_asks_the_table_once_per_window() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = 23;
    let options = Options {
        knights_to_the_rescue: true,
        ..Options::default()
    };
    fresh_app(&b, seed).await;
    start_game(&b, &["Ann", "Bo", "Cy", "Di", "Ed"], options).await;
    count_taps(&b).await;
    let mut rng = Rng::new(seed);
    let mut choose = questing(&mut rng);
    // Per quest (by its number) with a Knight window: windows, players asked, taps in them.
    let mut quests: std::collections::BTreeMap<usize, (usize, usize, u64)> = Default::default();
    let mut last_window: Option<(usize, std::mem::Discriminant<camelot_card::Decision>)> = None;
    for _ in 0..900 {
        if quests.len() >= 8 {
            break;
        }
        let k = saved(&b).await.expect("saved");
        let quest = k
            .actions
            .iter()
            .filter(|p| matches!(p.action, Action::GoOnQuest { .. }))
            .count();
        let window = k.game.decider().map(|(_, d)| d).filter(|d| {
            matches!(
                d,
                camelot_card::Decision::ArthurWindow { .. } | camelot_card::Decision::GawainWindow
            )
        });
        let before = (taps(&b).await, k.actions.len());
        let done = step(&b, &mut choose).await;
        if done == Step::End {
            break;
        }
        let Some(d) = window else {
            last_window = None;
            continue;
        };
        let after = saved(&b).await.expect("saved");
        let asked = after.actions[before.1..]
            .iter()
            .take_while(|p| p.action == Action::PassWindow)
            .count();
        let q = quests.entry(quest).or_default();
        let this = (quest, std::mem::discriminant(&d));
        // The window's players one after another (before: a curtain each) make one window.
        if last_window != Some(this) {
            q.0 += 1;
        }
        last_window = Some(this);
        q.1 += asked;
        q.2 += taps(&b).await - before.0;
    }
    let quests: Vec<(usize, usize, u64)> = quests.into_values().collect();
    assert!(
        quests.len() >= 4,
        "only {} quests with a window",
        quests.len()
    );
    let windows: usize = quests.iter().map(|q| q.0).sum();
    let asked: usize = quests.iter().map(|q| q.1).sum();
    let tapped: u64 = quests.iter().map(|q| q.2).sum();
    println!(
        "Knights to the Rescue, 5 players, seed {seed}: {} quests with Knight windows, {windows} \
         windows, {asked} players asked, {tapped} taps ({:.1} per quest; per quest {:?})",
        quests.len(),
        tapped as f64 / quests.len() as f64,
        quests.iter().map(|q| q.2).collect::<Vec<_>>()
    );
    assert!(asked > windows, "several players were asked in some window");
    assert_eq!(
        tapped, windows as u64,
        "one tap per window when nobody plays a Knight card"
    );
    b.assert_no_console_errors().await;
    b.close().await;
}

/// A player who answers the Knight question but holds no such card is told so behind
/// the curtain and lets it pass; the table sees the window go on, nothing more. Every player
/// holding Knight cards is listed, whatever cards they hold.
#[tokio::test]
async fn a_player_who_answers_but_holds_no_such_card_is_told_so_privately() {
    let Some(b) = support::launch().await else {
        return;
    };
    let seed = 23;
    let options = Options {
        knights_to_the_rescue: true,
        ..Options::default()
    };
    fresh_app(&b, seed).await;
    start_game(&b, &["Ann", "Bo", "Cy", "Di", "Ed"], options).await;
    let mut rng = Rng::new(seed);
    let mut choose = questing(&mut rng);
    for _ in 0..600 {
        let k = saved(&b).await.expect("saved");
        wait_settled(&b).await;
        if b.exists("[data-testid=knight-question]").await {
            let (_, open) = k.game.decider().expect("a window");
            // The engine's order of holders, the same whatever cards they hold.
            let mut later = k.game.clone();
            let mut holders = Vec::new();
            while let Some((s, d)) = later.decider()
                && std::mem::discriminant(&d) == std::mem::discriminant(&open)
            {
                holders.push(s);
                later.apply(s, Action::PassWindow).unwrap();
            }
            assert_eq!(game::knight_question_seats(&b).await, holders);
            let play = match open {
                camelot_card::Decision::ArthurWindow { .. } => Action::PlayArthur,
                camelot_card::Decision::GawainWindow => Action::PlayGawain,
                _ => Action::PlayPercival,
            };
            // The first holder who cannot play it answers anyway.
            let mut g = k.game.clone();
            let mut passed = 0;
            let mut cannot = None;
            for &s in &holders {
                if g.check(s, play).is_err() {
                    cannot = Some(s);
                    break;
                }
                g.apply(s, Action::PassWindow).unwrap();
                passed += 1;
            }
            if let Some(s) = cannot {
                let table_before = b.text("[data-testid=table]").await;
                b.click(&format!("[data-testid=knight-answer-{}]", s.0))
                    .await;
                b.wait_for("[data-testid=curtain]").await;
                assert_eq!(b.text("[data-testid=curtain-name]").await, k.name(s));
                let covered = b.text("[data-testid=curtain]").await;
                assert!(
                    !covered.contains("hold"),
                    "the curtain says nothing of the cards: {covered}"
                );
                b.click("[data-testid=curtain-show]").await;
                b.wait_for("[data-testid=knight-refused]").await;
                let knight = match play {
                    Action::PlayArthur => "Arthur",
                    Action::PlayGawain => "Gawain",
                    _ => "Percival",
                };
                let refused = b.text("[data-testid=knight-refused]").await;
                assert!(
                    refused == format!("You hold no {knight} card.")
                        || refused == "There are no Rumor cards left to draw.",
                    "{refused}"
                );
                b.click("[data-testid=pass-window]").await;
                let after = saved_when(&b, "the window let pass", |n| {
                    n.actions.len() > k.actions.len() + passed
                })
                .await;
                assert_eq!(
                    after.actions[k.actions.len() + passed],
                    camelot_card::Played {
                        seat: s,
                        action: Action::PassWindow
                    }
                );
                wait_settled(&b).await;
                let table_after = b.text("[data-testid=table]").await;
                for said in [refused.as_str(), "hold no", "cannot"] {
                    assert!(
                        !table_after.contains(said),
                        "the table is told: {said}\n{table_after}"
                    );
                }
                assert!(!table_before.is_empty());
                b.assert_no_console_errors().await;
                b.close().await;
                return;
            }
        }
        step(&b, &mut choose).await;
    }
    panic!("no holder without the window's card answered");
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
    b.open_app().await;
    b.clear_storage().await;
    game::phone_screen(&b, 412, 915).await;
    // The save as the app leaves it right after the quest: its reveal still open.
    let save = serde_json::json!({
        "format": 2, "id": "g", "names": ["Ann", "Bo", "Cy", "Di"], "setup": setup,
        "actions": actions, "owed": [], "created_ms": 1.7e12, "updated_ms": 1.7e12,
        "reveal_open": true,
    });
    b.client()
        .execute(
            "localStorage.setItem('camelot/v1/game/g', arguments[0]);
             localStorage.setItem('camelot/v1/current', JSON.stringify('g')); return null;",
            vec![serde_json::Value::String(save.to_string())],
        )
        .await
        .expect("write the save");
    b.reload().await;
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

/// A game played to its end by computer knights (saved as if people had played it).
fn finished_game(players: u8, seed: u64) -> (Setup, Vec<camelot_card::Played>) {
    let setup = Setup::new(players, seed);
    let g = camelot_card::bot::play_bots(
        Game::new(setup).unwrap(),
        &[camelot_card::bot::Level::Solid],
        seed,
        3000,
    );
    assert!(g.is_over());
    (setup, g.history().to_vec())
}

/// Home said "Continue" for a finished game where Saved games says "View"; and New game
/// after a game forgot the names that Rematch keeps.
#[tokio::test]
async fn after_a_finished_game_home_says_view_and_new_game_keeps_the_players() {
    let (setup, actions) = finished_game(4, 5);
    let Some(b) = launch_with_save(setup, &actions).await else {
        return;
    };
    b.wait_for("[data-testid=end]").await;
    b.click("[data-testid=home-button]").await;
    b.wait_for("[data-testid=continue-game]").await;
    let label = b.text("[data-testid=continue-game]").await;
    assert!(
        label.starts_with("View"),
        "Home's button for a finished game: {label}"
    );
    b.click("[data-testid=continue-game]").await;
    b.wait_for("[data-testid=end]").await;
    b.click("[data-testid=reveal-all]").await;
    b.click("[data-testid=end-new-game]").await;
    b.wait_for("[data-testid=start-game]").await;
    game::wait_count(&b, "input.name", 4).await;
    let names = b
        .eval("return [...document.querySelectorAll('input.name')].map(e => e.value);")
        .await;
    assert_eq!(names, serde_json::json!(["Ann", "Bo", "Cy", "Di"]));
    b.assert_no_console_errors().await;
    b.close().await;
}

/// Settings offered countdowns Off/30/60/90 s while New game also offered 120 s: both
/// offer the same ones now.
#[tokio::test]
async fn settings_and_new_game_offer_the_same_silence_countdowns() {
    let Some(b) = support::launch().await else {
        return;
    };
    fresh_app(&b, 3).await;
    b.click("[data-testid=settings]").await;
    b.wait_for("[data-testid=countdown-off]").await;
    let settings = b
        .eval(
            "return [...document.querySelectorAll('[data-testid^=countdown-]')]
                .map(e => e.getAttribute('data-testid').slice(10));",
        )
        .await;
    b.click("[data-testid=home-button]").await;
    b.click("[data-testid=new-game]").await;
    b.wait_for("[data-testid=opt-countdown]").await;
    let new_game = b
        .eval(
            "return [...document.querySelectorAll('[data-testid=opt-countdown] option')]
                .map(e => e.value);",
        )
        .await;
    assert_eq!(settings, new_game);
    assert_eq!(
        new_game,
        serde_json::json!(["off", "30", "60", "90", "120"])
    );
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

/// A finished Card Game of four people (random legal moves to the end) and the same game
/// halfway, still being played, as saves: (id, text).
fn finished_and_running_card_saves(
    seed: u64,
) -> (Setup, Vec<camelot_kit::Move<Action>>, [(String, String); 2]) {
    use camelot_kit::Rules;
    let setup = Setup::new(4, seed);
    let mut game = Game::new(setup).expect("setup");
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut moves = Vec::new();
    while let Some(seat) = Rules::decider(&game) {
        let legal = Rules::legal_actions(&game);
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let action = legal[(state % legal.len() as u64) as usize];
        game.apply(seat, action).expect("a legal move");
        moves.push(camelot_kit::Move { seat, action });
    }
    let save = |id: &str, moves: &[camelot_kit::Move<Action>]| {
        serde_json::json!({
            "format": 1, "game_kind": "card", "id": id,
            "names": ["Ann", "Bo", "Cy", "Di"],
            "setup": setup, "actions": moves,
            "created_ms": 1_700_000_000_000.0, "updated_ms": 1_700_000_000_000.0 + moves.len() as f64,
        })
        .to_string()
    };
    let done = save("cdone", &moves);
    let half = save("crunning", &moves[..moves.len() / 2]);
    (
        setup,
        moves,
        [("cdone".into(), done), ("crunning".into(), half)],
    )
}

/// A finished Card Game is looked back on from Saved games, move by move: at each step every
/// player's Loyalty and Knight cards and the whole Threats pile face up, as the engine has them
/// then, on a 320 px phone. A game still being played offers no review.
#[tokio::test]
async fn a_finished_card_game_is_looked_back_on_move_by_move_and_a_running_one_is_not() {
    let Some(b) = support::launch().await else {
        return;
    };
    // A game long enough to have a few turns.
    let (setup, moves, saves) = (1..40)
        .map(finished_and_running_card_saves)
        .find(|(_, m, _)| m.len() > 30)
        .expect("a long enough game");
    let at = |step: usize| Game::replay(setup, None, &moves[..step]).expect("replays");
    let turns: Vec<u32> = (0..=moves.len()).map(|k| at(k).turn()).collect();
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
    game::phone_screen(&b, 320, 640).await;
    b.click("[data-testid=saved-games]").await;
    b.wait_for("[data-id=cdone] [data-testid=review-save]")
        .await;
    assert!(
        !b.exists("[data-id=crunning] [data-testid=review-save]")
            .await,
        "a game still being played offers a review"
    );
    b.wait_for("[data-testid=record-card]").await;
    b.click("[data-id=cdone] [data-testid=review-save]").await;
    b.wait_for("[data-testid=review]").await;
    let last = moves.len();
    let check = |step: usize| {
        let b = &b;
        let turns = &turns;
        let truth = at(step).table_view();
        async move {
            b.wait_for_text(
                "[data-testid=review-where]",
                &format!("Move {step} of {last} · turn {}", turns[step]),
            )
            .await;
            for s in &truth.seats {
                let i = s.seat.index();
                assert_eq!(
                    b.count(&format!("[data-testid=review-hand-{i}] .card.knight"))
                        .await,
                    usize::from(s.knight_cards),
                    "seat {i}'s Knight cards, face up, at step {step}"
                );
            }
            assert_eq!(b.count("[data-testid=review-loyalty]").await, 4);
            assert_eq!(
                b.count("[data-testid=review-pile] [data-card]").await,
                usize::from(truth.pile_count)
            );
        }
    };
    check(last).await;
    support::checks::assert_tap_targets(&b, "the review").await;
    support::checks::assert_no_sideways_scroll(&b, "the review").await;
    b.click("[data-testid=review-start]").await;
    check(0).await;
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
    // Back to Saved games; the finished game opens at its end, whose reveal over, it looks back
    // on the game too, and comes back there.
    b.click("[data-testid=review-leave]").await;
    b.wait_for("[data-id=cdone] [data-testid=open-save]").await;
    b.click("[data-id=cdone] [data-testid=open-save]").await;
    b.wait_for("[data-testid=end]").await;
    if b.exists("[data-testid=reveal-all]").await {
        b.click("[data-testid=reveal-all]").await;
    }
    b.click("[data-testid=look-back]").await;
    b.wait_for("[data-testid=review]").await;
    check(last).await;
    b.click("[data-testid=review-leave]").await;
    b.wait_for("[data-testid=end]").await;
    // The game still being played opens at its table, with no review.
    b.click("[data-testid=home-button]").await;
    b.click("[data-testid=saved-games]").await;
    b.wait_for("[data-id=crunning] [data-testid=open-save]")
        .await;
    b.click("[data-id=crunning] [data-testid=open-save]").await;
    b.wait_for("[data-testid=table]").await;
    assert!(!b.exists("[data-testid=look-back]").await);
    // In another language, the review speaks it (its words come with it).
    b.eval(
        "localStorage.setItem('camelot/v1/settings', JSON.stringify({ language: 'fr' })); \
         localStorage.removeItem('camelot/v1/current'); return null;",
    )
    .await;
    b.reload().await;
    b.click("[data-testid=saved-games]").await;
    b.wait_for_text("[data-id=cdone] [data-testid=review-save]", "Revoir")
        .await;
    b.click("[data-id=cdone] [data-testid=review-save]").await;
    b.wait_for_text(
        "[data-testid=review-where]",
        &format!("Coup {last} sur {last}"),
    )
    .await;
    support::checks::assert_clean_text(&b, "the review in French").await;
    b.assert_no_console_errors().await;
    b.close().await;
}
