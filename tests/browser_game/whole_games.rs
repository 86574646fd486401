//! Whole games through the page, from New game to the end: solo with a rematch, four players
//! peeking and accusing, the expert game with the promos; New game's names and seats.

use super::*;

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
    // Taps per turn of passing the phone, for comparison with the board game's.
    let mut taps: std::collections::BTreeMap<u32, u32> = std::collections::BTreeMap::new();
    loop {
        let k = saved(&b).await.expect("saved");
        let (turn, before) = (k.game.turn(), b.taps());
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
        *taps.entry(turn).or_default() += b.taps() - before;
        n += 1;
        assert!(n < 300, "no accusation possible after {n} steps");
    }
    // The last turn counted may be cut short by the accusation: whole turns only.
    let last = taps.keys().next_back().copied();
    let mut per_turn: Vec<u32> = taps
        .iter()
        .filter(|(t, _)| Some(**t) != last)
        .map(|(_, n)| *n)
        .collect();
    per_turn.sort_unstable();
    if !per_turn.is_empty() {
        let mean = per_turn.iter().sum::<u32>() as f64 / per_turn.len() as f64;
        eprintln!(
            "Card Game, four people: taps per turn median {}, mean {mean:.1}, over {} turns",
            per_turn[per_turn.len() / 2],
            per_turn.len()
        );
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
