//! What one player sees behind the curtain: Tristan's look at the cards, and Knights to the
//! rescue asking the table.

use super::*;

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

/// A game of five with Knights to the rescue, dealt from `seed`, started from a fresh app.
async fn start_five_to_the_rescue(b: &support::Browser, seed: u64) {
    let options = Options {
        knights_to_the_rescue: true,
        ..Options::default()
    };
    fresh_app(b, seed).await;
    start_game(b, &["Ann", "Bo", "Cy", "Di", "Ed"], options).await;
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
    start_five_to_the_rescue(&b, seed).await;
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
    start_five_to_the_rescue(&b, seed).await;
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
