//! Four people passing one phone around a real table, behind curtains, through a whole game.

use super::*;

/// The Traitor's seat, if he plays.
fn traitor(game: &Game) -> Option<Seat> {
    (0..game.table_view().players)
        .map(Seat)
        .find(|&s| game.seat_view(s).loyalty == Some(Loyalty::Traitor))
}

/// What the people at the table choose in the pass-and-play test: what the built-in policy would
/// choose for their seat, except that the first loyal knight who may accuse the Traitor does, and
/// that at the opening gesture the table agrees how to share the cards (each to the next knight)
/// rather than dealing them at random.
fn person_choice(game: &Game, seat: Seat, seed: u64, moves: &[Move<Action>]) -> usize {
    let legal = game.legal_actions();
    if game.turn() == 0 && game.glimpse(seat).step() == Step::Propose {
        let proposed = moves
            .iter()
            .rev()
            .take_while(|m| matches!(m.action, Action::Propose { .. }))
            .count();
        let to: Vec<usize> = (0..legal.len())
            .filter(|&i| matches!(legal[i], Action::Propose { .. }))
            .collect();
        return to[proposed % to.len()];
    }
    let accused = moves
        .iter()
        .any(|m| matches!(m.action, Action::Accuse { .. }));
    if !accused
        && game.seat_view(seat).loyalty == Some(Loyalty::Loyal)
        && let Some(t) = traitor(game)
        && let Some(i) = legal
            .iter()
            .position(|a| matches!(a, Action::Accuse { target, .. } if *target == t))
    {
        return i;
    }
    choice(game, seat, Level::Solid, seed, moves.len())
}

/// A step of Morgan's: her card waiting on the Merlins (or more), or her call for volunteers.
fn morgan_step(game: &Game) -> bool {
    matches!(
        game.table_view().pending,
        Some(PendingView::BlackCard {
            card: Some(
                Black::Morgan1 | Black::Morgan2 | Black::Morgan3 | Black::Morgan4 | Black::Morgan5
            ),
            ..
        }) | Some(PendingView::Volunteer { .. })
    )
}

/// What a decision is, for the count of taps.
fn step_name(game: &Game, seat: Seat) -> &'static str {
    match game.glimpse(seat).step() {
        Step::Turn => "turn's action",
        Step::OpeningOffer | Step::ChooseFirstDealt | Step::Propose | Step::AcceptProposal => {
            "opening"
        }
        Step::ExcaliburCancel { .. } => "Excalibur",
        Step::Merlins { .. } => "Merlins",
        Step::Volunteer { .. } => "volunteer",
        Step::Discard { .. } => "discard",
        _ => "other question",
    }
}

/// The table's taps, each with the turn it was made in, whether Excalibur's quest was over, and
/// what was tapped.
type Taps = Vec<(u32, bool, &'static str)>;

/// One tap of the table's: what was tapped, counted for the turn it was made in.
fn tap(taps: &mut Taps, game: &Game, what: &'static str) {
    taps.push((game.turn(), game.table_view().excalibur_over, what));
}

/// Taps per pass-and-play turn, median and mean, before and after Excalibur's quest is over, and
/// what they went on; and the opening's (every Loyalty look, the opening gesture) up to the first
/// knight's first turn.
fn report_taps(taps: &Taps) {
    let mut opening: BTreeMap<&str, u32> = BTreeMap::new();
    for &(_, _, what) in taps.iter().filter(|t| t.0 == 0) {
        *opening.entry(what).or_default() += 1;
    }
    eprintln!(
        "taps from the start to the first turn: {} ({opening:?})",
        opening.values().sum::<u32>()
    );
    for over in [false, true] {
        let mut per_turn: BTreeMap<u32, u32> = BTreeMap::new();
        let mut kinds: BTreeMap<&str, u32> = BTreeMap::new();
        for &(turn, o, what) in taps {
            if o == over && turn > 0 {
                *per_turn.entry(turn).or_default() += 1;
                *kinds.entry(what).or_default() += 1;
            }
        }
        let mut n: Vec<u32> = per_turn.into_values().collect();
        n.sort_unstable();
        if n.is_empty() {
            continue;
        }
        let turns = n.len() as f64;
        let mean = n.iter().sum::<u32>() as f64 / turns;
        let kinds: Vec<String> = kinds
            .iter()
            .map(|(what, k)| format!("{what} {:.2}", *k as f64 / turns))
            .collect();
        eprintln!(
            "taps per turn {} Excalibur's quest is over: median {}, mean {mean:.1}, over {} turns \
             (a turn: {})",
            if over { "after" } else { "before" },
            n[n.len() / 2],
            n.len(),
            kinds.join(", ")
        );
    }
}

fn pass_and_play_setup(seed: u64) -> Setup {
    Setup {
        options: Options {
            traitor: TraitorRule::AmongUs,
            ..Options::default()
        },
        ..Setup::new(4, seed)
    }
}

/// A seed whose four-person game, played as [`person_choice`] plays it, has a Morgan card that
/// passes the phone to at least three knights, a right accusation, and an end within `max` moves
/// (found by playing the games here, with the engine).
fn pass_and_play_seed(max: usize) -> u64 {
    (1..2_000)
        .find(|&seed| {
            let setup = pass_and_play_setup(seed);
            let mut game = Game::new(&setup).expect("setup");
            let mut moves: Vec<Move<Action>> = Vec::new();
            let mut asked = std::collections::BTreeSet::new();
            let mut unmasked = false;
            while let Some(seat) = game.decider() {
                if moves.len() > max {
                    return false;
                }
                if morgan_step(&game) {
                    asked.insert(seat);
                }
                let action = game.legal_actions()[person_choice(&game, seat, seed, &moves)];
                let events = game.apply(seat, action).expect("legal");
                unmasked |= events.iter().any(|e| {
                    matches!(
                        e,
                        Event::Accused {
                            loyalty: Loyalty::Traitor,
                            ..
                        }
                    )
                });
                moves.push(Move { seat, action });
            }
            unmasked && asked.len() >= 3
        })
        .expect("a seed with a Morgan chain and an accusation")
}

/// Four people pass one phone around a real table. Each looks at his Loyalty card behind his
/// curtain and lays his card for the opening gesture at the same look; the table agrees how to
/// share them in one tap; every secret decision, in turn or out of it, goes behind the decider's
/// curtain, and a question that hides nothing is asked on the table, or over the cards of whoever
/// holds the phone when it interrupts his moment; a Morgan card asks every knight; a loyal knight
/// accuses the Traitor (confirmed first) and unmasks him; the quests' ends show to the table; at
/// the end the verdict, and the Loyalty cards turned over one by one. The table plays in Czech (no placeholder
/// or raw key on any screen checked); the end is then shown in every language. After every step,
/// nothing hidden is in the page.
#[tokio::test]
async fn four_people_pass_one_phone_through_a_whole_game() {
    let seed = pass_and_play_seed(700);
    let Some(b) = support::launch().await else {
        return;
    };
    let axe = axe_source();
    let accessible = async |what: &str| {
        if let Some(axe) = &axe {
            assert_accessible(&b, axe, what).await;
        }
        assert_tap_targets(&b, what).await;
        // The table plays in Czech (three plural forms): no placeholder or raw key anywhere.
        assert_clean_text(&b, what).await;
    };
    setup::fresh_page(&b, Some(seed), &[setup::language("cs")]).await;
    setup::open_board_new_game(&b).await;
    // Four seats, all people, the Traitor among us.
    b.click("[data-testid=board-players-4]").await;
    for i in 1..4 {
        b.choose(&format!("[data-testid=board-kind-{i}]"), "person")
            .await;
    }
    b.eval(
        "const s = document.querySelector('[data-testid=board-traitor]');
         s.value = 'among_us'; s.dispatchEvent(new Event('change', { bubbles: true }));
         return null;",
    )
    .await;
    // The table sees how likely a Traitor is at its size and with the deal it chose.
    b.wait_for_text(
        "[data-testid=board-traitor-odds]",
        "Šance, že u stolu sedí Zrádce: 4 z 5",
    )
    .await;
    b.click("[data-testid=board-start]").await;
    b.wait_for("[data-testid=board-table]").await;
    let first = saved(&b).await.expect("a save");
    assert_eq!(first.setup, pass_and_play_setup(seed), "the game set up");
    assert!(first.computers.iter().all(|c| !c), "four people");
    assert_eq!(
        first.loyalty_looks.len(),
        4,
        "everyone looks at his Loyalty card"
    );
    let start = Instant::now();
    // The knights asked at Morgan's card, behind their curtains or over the cards of whoever
    // holds the phone.
    let (mut morgan_asked, mut quest_ends, mut confirmed) = (Vec::new(), 0, false);
    let (mut merlin_questions, mut public_choices, mut arthur_exchanges) = (0, 0, 0);
    // Who holds the phone: the last one to lift his curtain, until the whole table looks. A
    // question that interrupts his moment is asked on his screen, above his cards.
    let (mut holder, mut over_cards): (Option<Seat>, u32) = (None, 0);
    let mut agreed = 0;
    let private_seat = async || {
        b.eval("return document.querySelector('[data-testid=private]')?.dataset.seat ?? null;")
            .await
            .as_str()
            .and_then(|v| v.parse::<u8>().ok())
            .map(Seat)
    };
    // Taps per turn, keyed by the turn and whether Excalibur's quest is over.
    let mut taps = Taps::new();
    loop {
        b.assert_still_playing(start, Duration::from_secs(900))
            .await;
        let s = saved(&b).await.expect("a save");
        let game = replay(&s);
        assert_page_hides_what_it_must(&b, &game, &s).await;
        if game.is_over() && s.loyalty_looks.is_empty() {
            // A quest's end that ends the game shows first.
            if b.exists("[data-testid=quest-end-done]").await {
                b.click("[data-testid=quest-end-done]").await;
            }
            b.wait_for("[data-testid=board-end]").await;
            break;
        }
        if b.exists("[data-testid=quest-end-done]").await {
            assert!(
                !b.exists("[data-testid=private]").await,
                "cards show over a quest's end"
            );
            assert!(
                !b.text("[data-testid=quest-end] h2, [data-testid=accusation-result] h2")
                    .await
                    .is_empty()
            );
            if quest_ends == 0 {
                accessible("a quest's end").await;
            }
            quest_ends += 1;
            holder = None;
            b.click("[data-testid=quest-end-done]").await;
            tap(&mut taps, &game, "quest's end");
            continue;
        }
        if b.exists("[data-testid=merlin-question]").await {
            // The Merlin round is asked on the table once: whoever would offer says so (and only
            // he takes the phone), else nobody.
            let seat = game.decider().expect("a decider");
            let i = person_choice(&game, seat, s.setup.seed, &s.moves);
            let offers = matches!(game.legal_actions()[i], Action::CommitMerlins { .. });
            assert!(!b.exists("[data-testid=curtain]").await);
            let over = private_seat().await;
            assert!(
                over.is_none() || over == holder,
                "the Merlin question shows over {over:?}'s cards, the phone is {holder:?}'s"
            );
            over_cards += u32::from(over.is_some());
            merlin_questions += 1;
            if offers {
                b.click(&format!("[data-testid=merlin-question-{}]", seat.0))
                    .await;
                tap(&mut taps, &game, "Merlin question");
                if holder != Some(seat) {
                    b.wait_for("[data-testid=curtain-show]").await;
                }
            } else {
                let before = s.moves.len();
                b.click("[data-testid=merlin-question-nobody]").await;
                tap(&mut taps, &game, "Merlin question");
                wait_saved_after(&b, before).await;
            }
            continue;
        }
        if b.exists("[data-testid=public-choice]").await {
            public_choices += 1;
            let over = private_seat().await;
            assert!(
                over.is_none() || over == holder,
                "a question shows over {over:?}'s cards, the phone is {holder:?}'s"
            );
            over_cards += u32::from(over.is_some());
        }
        if b.exists("[data-testid=curtain-show]").await {
            // The curtain names whoever's moment it is, and only him.
            let who = entitled(&game, &s).expect("someone decides");
            // The phone is passed only for a secret: never for Excalibur's sacrifice or the
            // opening's public deal.
            assert!(
                !matches!(
                    game.glimpse(who).step(),
                    Step::ExcaliburCancel { .. }
                        | Step::ChooseFirstDealt
                        | Step::Propose
                        | Step::AcceptProposal
                ),
                "a curtain for a question that hides nothing: {:?}",
                game.glimpse(who).step()
            );
            assert_eq!(
                b.text("[data-testid=curtain-name]").await.trim(),
                s.names[who.index()],
                "the curtain names the wrong knight"
            );
            if morgan_step(&game) {
                morgan_asked.push(who);
            }
            b.click("[data-testid=curtain-show]").await;
            holder = Some(who);
            tap(&mut taps, &game, "curtain");
            b.wait_for("[data-testid=private]").await;
            continue;
        }
        if b.exists("[data-testid=private-notices-done]").await {
            b.click("[data-testid=private-notices-done]").await;
            tap(&mut taps, &game, "notices");
            continue;
        }
        if b.exists("[data-testid=accuse-yes]").await {
            confirmed = true;
            b.click("[data-testid=accuse-yes]").await;
            tap(&mut taps, &game, "accusation");
            // The outcome is shown to the whole table: the accuser's cards are covered, and the
            // accused is named with his Loyalty.
            b.wait_for("[data-testid=accusation-result]").await;
            assert!(
                !b.exists("[data-testid=private]").await,
                "cards show over the outcome"
            );
            let s = saved(&b).await.expect("a save");
            let game = replay(&s);
            let target = game
                .table_view()
                .knights
                .iter()
                .find(|k| k.revealed || k.shown_loyal_on.is_some())
                .map(|k| s.names[k.seat.index()].clone())
                .expect("the accused's Loyalty is known");
            assert!(
                b.text("[data-testid=accusation-result] h2")
                    .await
                    .contains(&target),
                "the outcome does not name {target}"
            );
            continue;
        }
        if b.exists("[data-testid=everyone-agrees]").await {
            // A proposal put to the whole table: one tap when everyone agrees.
            let seat = game.decider().expect("a decider");
            let i = person_choice(&game, seat, s.setup.seed, &s.moves);
            assert_eq!(game.legal_actions()[i], Action::Accept, "the people agree");
            let before = s.moves.len();
            b.click("[data-testid=everyone-agrees]").await;
            tap(&mut taps, &game, "everyone agrees");
            agreed += 1;
            wait_saved_after(&b, before).await;
            let s = saved(&b).await.expect("a save");
            assert!(
                s.moves.len() >= before + 2,
                "everyone agreed, but {} accepted",
                s.moves.len() - before
            );
            continue;
        }
        if b.exists("[data-testid=board-actions]").await {
            let seat = game.decider().expect("a decider");
            if morgan_step(&game) {
                morgan_asked.push(seat);
            }
            let i = person_choice(&game, seat, s.setup.seed, &s.moves);
            let action = game.legal_actions()[i];
            let before = s.moves.len();
            if let Action::ArthurExchange { card, .. } = action {
                // King Arthur's exchange: "Exchange a card…", the card, then the knight.
                let code = serde_json::to_value(card).unwrap();
                b.click("[data-testid=arthur-exchange]").await;
                tap(&mut taps, &game, "King Arthur");
                b.click(&format!(
                    "[data-testid=arthur-card-{}]",
                    code.as_str().unwrap()
                ))
                .await;
                tap(&mut taps, &game, "King Arthur");
                arthur_exchanges += 1;
            }
            b.click(&format!("[data-testid=action-{i}]")).await;
            tap(&mut taps, &game, step_name(&game, seat));
            if matches!(action, Action::Accuse { .. }) {
                // Asked first; Cancel changes nothing, and asks again next time.
                b.wait_for("[data-testid=accuse-confirm]").await;
                b.click("[data-testid=accuse-no]").await;
                b.wait_for("[data-testid=board-actions]").await;
                assert_eq!(saved(&b).await.expect("a save").moves.len(), before);
                b.click(&format!("[data-testid=action-{i}]")).await;
                b.wait_for("[data-testid=accuse-confirm]").await;
                accessible("the accusation's confirmation").await;
                continue;
            }
            wait_saved_after(&b, before).await;
            continue;
        }
        if b.exists("[data-testid=private-done]").await {
            b.click("[data-testid=private-done]").await;
            tap(&mut taps, &game, "hide my cards");
            continue;
        }
        panic!("nothing to tap:\n{}", b.html().await);
    }
    let s = saved(&b).await.expect("a save");
    let game = replay(&s);
    let traitor = traitor(&game).expect("the Traitor among us");
    assert!(confirmed, "the accusation was confirmed");
    assert!(
        game.table_view().knights[traitor.index()].revealed,
        "the Traitor was unmasked"
    );
    let asked: std::collections::BTreeSet<Seat> = morgan_asked.iter().copied().collect();
    assert!(asked.len() >= 3, "Morgan's card asked {asked:?} only");
    assert!(quest_ends > 0, "no quest's end was shown");
    assert!(
        public_choices > 0,
        "no choice was made on the table ({merlin_questions} Merlin questions)"
    );
    report_taps(&taps);
    eprintln!(
        "{merlin_questions} Merlin questions, {public_choices} choices on the table \
         ({over_cards} of them asked over the cards of whoever held the phone), \
         {arthur_exchanges} exchanges of King Arthur's"
    );
    assert!(agreed > 0, "the table never agreed in one tap");
    assert!(
        over_cards > 0,
        "no question was asked on the screen of whoever held the phone"
    );
    // The end: the verdict, then every Loyalty card turned over one by one.
    assert!(!b.text("[data-testid=board-verdict]").await.is_empty());
    let mut turned = s.end_shown;
    while b.exists("[data-testid=end-turn-next]").await {
        b.click("[data-testid=end-turn-next]").await;
        turned += 1;
        let t = Instant::now();
        while saved(&b).await.expect("a save").end_shown < turned {
            assert!(
                t.elapsed() < Duration::from_secs(5),
                "the card was not turned"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let s = saved(&b).await.expect("a save");
        assert_page_hides_what_it_must(&b, &game, &s).await;
    }
    assert_eq!(b.count("[data-loyalty]").await, 4);
    assert_eq!(
        b.attr(
            &format!("[data-testid=end-seat-{}] [data-loyalty]", traitor.0),
            "data-loyalty"
        )
        .await
        .as_deref(),
        Some("Traitor")
    );
    accessible("the end").await;
    // The log tells the whole game: Morgan's card and the accusation among it.
    b.click("[data-testid=board-log]").await;
    b.wait_for("[data-testid=board-log-lines]").await;
    accessible("the log").await;
    let log = b.text("[data-testid=board-log-lines]").await;
    assert!(
        log.contains("Morgan"),
        "the log does not tell Morgan's card"
    );
    assert!(log.contains(&s.names[traitor.index()]));
    // The end, reloaded, in every language on a 320 px phone.
    b.click("[data-testid=board-log-back]").await;
    b.wait_for("[data-testid=board-end]").await;
    setup::screen_size(&b, 320, 640, true).await;
    for code in ["en", "fr", "de", "nl", "cs"] {
        setup::store_language(&b, code).await;
        b.reload().await;
        b.wait_for("[data-testid=board-end]").await;
        let lang = b.eval("return document.documentElement.lang;").await;
        assert_eq!(lang.as_str(), Some(code));
        if code != "en" {
            // The board game's words have come with its screens.
            let pack = language_pack(&format!("board.{code}"));
            b.wait_for_text("[data-testid=board-rematch]", pack["rematch"].trim())
                .await;
        }
        let what = format!("{code}: the end");
        assert_no_sideways_scroll(&b, &what).await;
        assert_clean_text(&b, &what).await;
        accessible(&what).await;
        assert_eq!(b.count("[data-loyalty]").await, 4, "{what}");
    }
    b.assert_no_console_errors().await;
    b.close().await;
}
