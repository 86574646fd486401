//! The end: play going on after the end check, the swords running out, and a finished game looked
//! back on from Saved games.

use super::*;

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

/// A finished Card Game of four people (random legal moves to the end) and the same game
/// halfway, still being played (`cdone` and `crunning`), as entries to store.
fn finished_and_running_card_saves(
    seed: u64,
) -> (Setup, Vec<camelot_kit::Move<Action>>, [(String, String); 2]) {
    let setup = Setup::new(4, seed);
    let game_setup = camelot_card::GameSetup { setup, deal: None };
    let moves = support::review::random_moves::<Game>(&game_setup, seed);
    let saves = support::review::finished_and_running(
        ["cdone", "crunning"],
        &moves,
        |id, moves| {
            serde_json::json!({
            "format": 1, "game_kind": "card", "id": id,
            "names": ["Ann", "Bo", "Cy", "Di"],
            "setup": setup, "actions": moves,
            "created_ms": 1_700_000_000_000.0, "updated_ms": 1_700_000_000_000.0 + moves.len() as f64,
        })
        .to_string()
        },
    );
    (setup, moves, saves)
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
    setup::fresh_page(&b, None, &saves).await;
    game::phone_screen(&b, 320, 640).await;
    support::review::saved_games_offer_a_review_of_the_finished_game_only(&b, "cdone", "crunning")
        .await;
    b.wait_for("[data-testid=record-card]").await;
    b.click("[data-id=cdone] [data-testid=review-save]").await;
    b.wait_for("[data-testid=review]").await;
    let last = moves.len();
    let check = |step: usize| {
        let b = &b;
        let turns = &turns;
        let truth = at(step).table_view();
        async move {
            support::review::wait_for_step(b, step, turns).await;
            for s in &truth.seats {
                let i = s.seat.index();
                assert_eq!(
                    b.count(&format!("[data-testid=review-hand-{i}] .card.knight"))
                        .await,
                    usize::from(s.knight_cards),
                    "seat {i}'s Knight cards, face up, at step {step}"
                );
                assert!(
                    !b.text(&format!("[data-testid=review-deeds-{i}]"))
                        .await
                        .trim()
                        .is_empty(),
                    "seat {i}'s deeds at step {step}"
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
    let deeds = || b.texts("[data-testid^=review-deeds-]");
    let at_the_end = deeds().await;
    support::checks::assert_tap_targets(&b, "the review").await;
    support::checks::assert_no_sideways_scroll(&b, "the review").await;
    b.click("[data-testid=review-start]").await;
    check(0).await;
    // Each player's deeds: none at the start, what he did by the end.
    let at_the_start = deeds().await;
    assert_eq!(at_the_start.len(), 4);
    assert_ne!(at_the_start, at_the_end, "the deeds do not follow the game");
    support::review::step_through(&b, &turns, check).await;
    // Back to Saved games; the finished game opens at its end, whose reveal over, it looks back
    // on the game too, and comes back there. The game still being played opens at its table, with
    // no review.
    support::review::the_end_looks_back_too_and_a_running_game_does_not(
        &b,
        &support::review::CARD,
        "cdone",
        "crunning",
        check(last),
    )
    .await;
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
