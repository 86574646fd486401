//! Helpers for the game-screen browser tests (tests/browser_game/ and the other suites), on top
//! of `support`.
//!
//! The test process knows the whole game: after every step it reads the autosaved session from
//! localStorage, replays it with the engine (`camelot_card::Game::replay`) and so knows what the page
//! must show — and everything it must NOT show (cards under the top of the Threats pile, the
//! deck, other players' Loyalty and Knight cards).

#![allow(dead_code)]

use crate::support::Browser;
use camelot_card::{
    Action, Card, Game, Keep, Loyalty, Options, Played, Prompt, Seat, Setup, TableView, TopCard,
};
use serde_json::Value;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// The game as saved in the page's localStorage, replayed by the engine.
#[derive(Clone)]
pub struct Known {
    pub id: String,
    pub names: Vec<String>,
    pub setup: Setup,
    pub actions: Vec<Played>,
    /// The private screens still owed (`{"owed": "loyalty_peek" | "notice", "seat": n, ...}`).
    pub owed: Vec<Value>,
    pub game: Game,
}

impl Known {
    pub fn view(&self) -> TableView {
        self.game.table_view()
    }

    pub fn name(&self, s: Seat) -> &str {
        &self.names[s.index()]
    }

    /// Who the curtain is for, as the app decides: owed screens first, then a private decision.
    pub fn curtain_seat(&self) -> Option<Seat> {
        if self.game.is_over() {
            return None;
        }
        if let Some(o) = self.owed.first() {
            return Some(Seat(o["seat"].as_u64().expect("owed seat") as u8));
        }
        match self.game.decider() {
            Some((s, d)) if d.is_private() => Some(s),
            _ => None,
        }
    }

    pub fn loyalty(&self, seat: Seat) -> Option<Loyalty> {
        self.game.seat_view(seat).and_then(|v| v.loyalty)
    }
}

/// Reads and replays the current game's autosave.
pub async fn saved(b: &Browser) -> Option<Known> {
    let s = b.current_save().await?;
    let setup: Setup = serde_json::from_value(s["setup"].clone()).expect("setup");
    let actions: Vec<Played> = serde_json::from_value(s["actions"].clone()).expect("actions");
    let names: Vec<String> = serde_json::from_value(s["names"].clone()).expect("names");
    let owed = s["owed"].as_array().cloned().unwrap_or_default();
    let game = Game::replay(setup, None, &actions).expect("the autosave replays");
    Some(Known {
        id: s["id"].as_str().unwrap_or_default().to_string(),
        names,
        setup,
        actions,
        owed,
        game,
    })
}

/// Saved state, waiting until `ready` holds for it (autosave happens on every action).
pub async fn saved_when(b: &Browser, what: &str, ready: impl Fn(&Known) -> bool) -> Known {
    let start = Instant::now();
    loop {
        if let Some(k) = saved(b).await
            && ready(&k)
        {
            return k;
        }
        if start.elapsed() > crate::support::TIMEOUT {
            panic!(
                "timed out waiting for the autosave: {what}\n{}\nconsole errors: {:?}",
                b.html().await,
                b.console_errors().await
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The setup a new game gets with the `#test-seed=N` hook and "Random" first player.
pub fn expected_setup(players: u8, seed: u64, options: Options) -> Setup {
    Setup {
        players,
        first: Seat((seed % players as u64) as u8),
        options,
        seed,
    }
}

/// Opens the app fresh (no saved games) with the test seed hook.
pub async fn fresh_app(b: &Browser, seed: u64) {
    crate::support::setup::fresh_page(b, Some(seed), &[]).await;
    b.wait_for("[data-testid=new-game]").await;
}

/// From Home: New game, the given names (in seat order) and options, Start.
pub async fn start_game(b: &Browser, names: &[&str], options: Options) -> Known {
    b.click("[data-testid=new-game]").await;
    b.wait_for("[data-testid=start-game]").await;
    let mut rows = b.count("input.name").await;
    while rows > names.len() {
        b.click(&format!("[data-testid=player-remove-{}]", rows - 1))
            .await;
        rows -= 1;
        wait_count(b, "input.name", rows).await;
    }
    while rows < names.len() {
        b.click("[data-testid=add-player]").await;
        rows += 1;
        wait_count(b, "input.name", rows).await;
    }
    for (i, n) in names.iter().enumerate() {
        b.type_into(&format!("[data-testid=player-name-{i}]"), n)
            .await;
    }
    for (on, id) in [
        (options.knights_to_the_rescue, "opt-knights"),
        (options.morgan8, "opt-morgan8"),
        (options.merlin6, "opt-merlin6"),
    ] {
        if on {
            b.click(&format!("[data-testid={id}]")).await;
        }
    }
    b.click("[data-testid=start-game]").await;
    b.wait_for("[data-testid=table]").await;
    saved_when(b, "the new game", |k| k.actions.is_empty()).await
}

pub async fn wait_count(b: &Browser, selector: &str, n: usize) {
    let start = Instant::now();
    while b.count(selector).await != n {
        if start.elapsed() > crate::support::TIMEOUT {
            panic!(
                "`{selector}` never matched {n} elements\n{}",
                b.html().await
            );
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

async fn strings(b: &Browser, script: &str) -> Vec<String> {
    match b.eval(script).await {
        Value::Array(v) => v
            .into_iter()
            .filter_map(|x| x.as_str().map(str::to_string))
            .collect(),
        other => panic!("expected a list of strings, got {other}"),
    }
}

/// Fails if the page holds anything the table must not see. Call it whenever no private screen is
/// lifted: every rendered card is the visible top card (or, during a quest's reveal, one of the
/// revealed cards); no Loyalty card of an unrevealed player; no Knight card; no private screen; no
/// serialized game state.
pub async fn assert_nothing_hidden(b: &Browser, k: &Known) {
    let html = b.html().await;
    assert!(
        !b.exists("[data-testid=private]").await,
        "a private screen is showing"
    );
    let view = k.view();
    let mut allowed: BTreeSet<String> = BTreeSet::new();
    if let Some(TopCard::FaceUp { card }) = view.top {
        allowed.insert(card.code());
    }
    if b.exists("[data-testid=resolution]").await
        && let Some(r) = &view.resolution
    {
        for s in &r.stacks {
            allowed.extend(s.cards.iter().map(|c| c.card.code()));
        }
        allowed.extend(r.characters.iter().map(|c| c.card.code()));
    }
    let shown = strings(
        b,
        "return [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card);",
    )
    .await;
    for c in &shown {
        assert!(
            allowed.contains(c),
            "card {c} is in the page but not visible at the table (allowed: {allowed:?})\n{html}"
        );
    }
    let revealed = view.seats.iter().filter(|s| s.revealed.is_some()).count();
    let loyalty_faces = b.count(".card.loyalty").await;
    assert!(
        loyalty_faces <= revealed,
        "{loyalty_faces} Loyalty cards face up, only {revealed} players revealed\n{html}"
    );
    assert_eq!(
        b.count("[data-loyalty]").await,
        0,
        "a Loyalty card is in the page\n{html}"
    );
    assert_eq!(
        b.count(".card.knight").await,
        0,
        "a Knight card is in the page\n{html}"
    );
    for marker in ["\"deck\"", "\"set_aside\"", "\"rng\"", "\"knight_deck\""] {
        assert!(!html.contains(marker), "game state {marker} in the page");
    }
    // The deck's order: no run of its next cards' names appears as text.
    let deck_json: Value = serde_json::to_value(&k.game).expect("game json");
    if let Some(deck) = deck_json["deck"].as_array()
        && deck.len() >= 3
    {
        let codes: Vec<&str> = deck
            .iter()
            .rev()
            .take(3)
            .filter_map(Value::as_str)
            .collect();
        let joined = codes.join(",");
        assert!(!html.contains(&joined), "the deck order is in the page");
    }
}

/// What the page shows on the table matches the engine: top card, counts, swords, whose turn.
pub async fn assert_table_matches(b: &Browser, k: &Known) {
    let v = k.view();
    let top = b
        .attr("[data-testid=top-card]", "data-top")
        .await
        .unwrap_or_default();
    let want = match v.top {
        Some(TopCard::FaceUp { card }) => card.code(),
        Some(TopCard::FaceDown { .. }) => "face-down".into(),
        None => "empty".into(),
    };
    assert_eq!(top, want, "top card");
    if let Some(TopCard::FaceDown { announced }) = v.top {
        let text = b.text("[data-testid=announced]").await;
        assert!(text.contains(&card_name(announced)), "{text}");
    }
    assert_eq!(
        b.text("[data-testid=pile-count]").await,
        format!("Threats pile: {}", v.pile_count)
    );
    assert_eq!(
        b.text("[data-testid=deck-count]").await,
        format!("Rumor deck: {}", v.deck_count)
    );
    assert!(
        b.text("[data-testid=white-swords]")
            .await
            .starts_with(&v.swords.white.to_string())
    );
    assert!(
        b.text("[data-testid=black-swords]")
            .await
            .starts_with(&v.swords.black.to_string())
    );
    assert_eq!(
        b.text("[data-testid=current-player]").await,
        k.name(v.current)
    );
    assert_eq!(
        b.exists("[data-testid=silence]").await,
        v.silence.is_some(),
        "silence view"
    );
}

/// The engine's card name as the app writes it (for announcements).
/// A Knight card's name as the English page says it.
pub fn knight_name(k: camelot_card::Knight) -> &'static str {
    match k {
        camelot_card::Knight::Arthur => "Arthur",
        camelot_card::Knight::Tristan => "Tristan",
        camelot_card::Knight::Gawain => "Gawain",
        camelot_card::Knight::Galahad => "Galahad",
        camelot_card::Knight::Percival => "Percival",
    }
}

pub fn card_name(c: Card) -> String {
    use camelot_card::{Morgan, RumorValue};
    match c {
        Card::Quest(q, v) => format!(
            "{} {}",
            q.name(),
            match v {
                RumorValue::Question => "?".to_string(),
                v => v.points().unwrap_or(0).to_string(),
            }
        ),
        Card::Morgan(Morgan::Four(b)) => format!("Morgan #4 (+{})", b.bonus()),
        Card::Morgan(m) => format!("Morgan #{}", m.number()),
        Card::Merlin(m) => format!("Merlin #{}", m.number()),
        Card::Mordred => "Mordred".into(),
        Card::Vivien => "Vivien".into(),
    }
}

/// Listens to rumors when the rules allow it, else takes the first legal action: the quickest way
/// to Morgan's silence and the other events of the Threats pile.
pub fn listen_or_first(legal: &[Action]) -> Action {
    if legal.contains(&Action::ListenToRumors) {
        Action::ListenToRumors
    } else {
        legal[0]
    }
}

/// [`listen_or_first`] as a policy for [`step`].
pub fn listening(_: &Known, legal: &[Action]) -> Action {
    listen_or_first(legal)
}

/// A small deterministic random generator for the test policies.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// A policy that moves games along: quests often, accusations sometimes, otherwise listening.
pub fn lively(rng: &mut Rng, k: &Known, legal: &[Action]) -> Action {
    let quests: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::GoOnQuest { .. }))
        .collect();
    let accusations: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Accuse { .. }))
        .collect();
    if !accusations.is_empty() && rng.chance(15) {
        return accusations[rng.below(accusations.len())];
    }
    if !quests.is_empty() && (k.view().pile_count >= 4 || rng.chance(25)) {
        return quests[rng.below(quests.len())];
    }
    if legal.contains(&Action::ListenToRumors) {
        return Action::ListenToRumors;
    }
    // Tell the truth when announcing, mostly.
    if let Some(Prompt::Announce { drawn, .. }) = k
        .game
        .decider()
        .and_then(|(s, _)| k.game.seat_view(s))
        .and_then(|v| v.prompt)
        && rng.chance(80)
    {
        return Action::Announce { card: drawn };
    }
    legal[rng.below(legal.len())]
}

/// What one driver step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Dismissed the quest reveal or an accusation's result.
    Overlay,
    /// Showed and hid an owed private screen.
    Owed,
    /// Took an action (public, or behind the curtain).
    Acted(Action),
    /// The end screen is showing.
    End,
}

/// One step of play, as players at the table would take it: dismiss an overlay, or pass the phone
/// (checking the curtain's name and, behind it, the private screen), or act on the table. After
/// the step, nothing hidden may be in the page.
pub async fn step(b: &Browser, choose: &mut dyn FnMut(&Known, &[Action]) -> Action) -> Step {
    let k = saved(b).await.expect("a game is saved");
    wait_settled(b).await;
    let result = if b.exists("[data-testid=end]").await {
        return Step::End;
    } else if b.exists("[data-testid=resolution]").await {
        assert_nothing_hidden(b, &k).await;
        if b.exists("[data-testid=skip]").await {
            b.click("[data-testid=skip]").await;
        }
        b.click("[data-testid=continue]").await;
        b.wait_until_gone("[data-testid=resolution]").await;
        Step::Overlay
    } else if b.exists("[data-testid=accusation-result]").await {
        b.click("[data-testid=continue]").await;
        b.wait_until_gone("[data-testid=accusation-result]").await;
        Step::Overlay
    } else if b.exists("[data-testid=private]").await {
        // Still lifted: the same player has something more to see or decide.
        let seat = k.curtain_seat().expect("the engine needs a curtain");
        private_step(b, &k, seat, choose).await
    } else if b.exists("[data-testid=curtain]").await {
        let seat = k.curtain_seat().expect("the engine needs a curtain");
        assert_eq!(b.text("[data-testid=curtain-name]").await, k.name(seat));
        assert_nothing_hidden(b, &k).await;
        b.click("[data-testid=curtain-show]").await;
        b.wait_for("[data-testid=private]").await;
        private_step(b, &k, seat, choose).await
    } else if b.exists("[data-testid=knight-question]").await {
        assert_table_matches(b, &k).await;
        assert_nothing_hidden(b, &k).await;
        knight_question_step(b, &k, choose).await
    } else {
        b.wait_for("[data-testid=actions]").await;
        assert_table_matches(b, &k).await;
        assert_nothing_hidden(b, &k).await;
        let (seat, _) = k.game.decider().expect("a public decision");
        let legal: Vec<Action> = k.game.legal_actions();
        let a = choose(&k, &legal);
        act(b, &k, seat, a).await;
        Step::Acted(a)
    };
    wait_settled(b).await;
    if !b.exists("[data-testid=private]").await {
        let k = saved(b).await.expect("saved");
        assert_nothing_hidden(b, &k).await;
    }
    result
}

/// The players the page lists under the Knight question, in its order.
pub async fn knight_question_seats(b: &Browser) -> Vec<Seat> {
    b.eval(
        "return [...document.querySelectorAll('[data-testid^=knight-answer-]')]
           .map(e => Number(e.getAttribute('data-testid').slice(14)));",
    )
    .await
    .as_array()
    .map(|a| {
        a.iter()
            .filter_map(|n| n.as_u64().map(|n| Seat(n as u8)))
            .collect()
    })
    .unwrap_or_default()
}

/// The table is asked "Does anyone play a Knight card now?": `choose` decides for each player
/// listed, in the engine's order (as if the ones before had let it pass); the first who plays
/// answers and plays behind the curtain, otherwise the table answers "Nobody".
async fn knight_question_step(
    b: &Browser,
    k: &Known,
    choose: &mut dyn FnMut(&Known, &[Action]) -> Action,
) -> Step {
    let listed = knight_question_seats(b).await;
    let (first, open) = k.game.decider().expect("a window is open");
    assert!(
        k.game.legal_actions().contains(&Action::PassWindow),
        "the table is asked outside a Knight card's window: {open:?}"
    );
    let mut later = k.clone();
    let mut passed = 0;
    while let Some((seat, d)) = later.game.decider()
        && std::mem::discriminant(&d) == std::mem::discriminant(&open)
    {
        if listed.contains(&seat) {
            let a = choose(&later, &later.game.legal_actions());
            if a != Action::PassWindow {
                answer_knight_question(b, k, seat, passed, a).await;
                return Step::Acted(a);
            }
        }
        later
            .game
            .apply(seat, Action::PassWindow)
            .expect("a window passes");
        passed += 1;
    }
    act(b, k, first, Action::PassWindow).await;
    Step::Acted(Action::PassWindow)
}

/// `seat` answers the Knight question, takes the phone and plays `a` (the `passed` players asked
/// before them let the window pass).
pub async fn answer_knight_question(b: &Browser, k: &Known, seat: Seat, passed: usize, a: Action) {
    let before = k.actions.len() + passed;
    b.click(&tid(&format!("knight-answer-{}", seat.0))).await;
    // The phone goes to whoever answered (behind his curtain; a person alone with computer
    // knights has none).
    b.wait_for("[data-testid=curtain], [data-testid=private]")
        .await;
    if b.exists("[data-testid=curtain]").await {
        assert_eq!(b.text("[data-testid=curtain-name]").await, k.name(seat));
        b.click("[data-testid=curtain-show]").await;
        b.wait_for("[data-testid=private]").await;
    }
    b.click(&tid(if a == Action::PassWindow {
        "pass-window"
    } else {
        "play-knight"
    }))
    .await;
    let k = saved_when(b, &format!("{a:?} saved"), |k| k.actions.len() > before).await;
    assert_eq!(
        k.actions[before],
        Played { seat, action: a },
        "the page played something else"
    );
}

/// Behind the lifted curtain: pay an owed screen (checking a Loyalty peek shows the right card),
/// or take the private decision.
async fn private_step(
    b: &Browser,
    k: &Known,
    seat: Seat,
    choose: &mut dyn FnMut(&Known, &[Action]) -> Action,
) -> Step {
    if let Some(o) = k.owed.first() {
        if o["owed"] == "loyalty_peek" {
            let shown = b.attr("[data-testid=my-loyalty]", "data-loyalty").await;
            let want = match k.loyalty(seat).expect("a Loyalty card") {
                Loyalty::Loyal => "Loyal",
                Loyalty::Traitor => "Traitor",
            };
            assert_eq!(
                shown.as_deref(),
                Some(want),
                "{}'s Loyalty card",
                k.name(seat)
            );
        }
        let owed = k.owed.len();
        b.click("[data-testid=done-hide]").await;
        b.wait_until_gone("[data-testid=private]").await;
        saved_when(b, "the owed screen paid", |n| n.owed.len() < owed).await;
        Step::Owed
    } else {
        let legal = k.game.legal_actions();
        let a = choose(k, &legal);
        act(b, k, seat, a).await;
        Step::Acted(a)
    }
}

/// Waits until the page shows one of the screens the driver knows.
pub async fn wait_settled(b: &Browser) {
    b.wait_for(
        "[data-testid=end], [data-testid=resolution], [data-testid=accusation-result], \
         [data-testid=curtain], [data-testid=private], [data-testid=actions]",
    )
    .await;
}

fn tid(id: &str) -> String {
    format!("[data-testid=\"{id}\"]")
}

/// Takes `a` for `seat` through the page's buttons, then waits for its autosave.
pub async fn act(b: &Browser, k: &Known, seat: Seat, a: Action) {
    let before = k.actions.len();
    let prompt = k.game.seat_view(seat).and_then(|v| v.prompt);
    match a {
        Action::ListenToRumors => b.click(&tid("listen")).await,
        Action::GoOnQuest { quest } => {
            b.click(&tid("quest")).await;
            b.click(&tid(&format!("quest-{}", quest.code()))).await;
        }
        Action::Accuse { target } => {
            b.click(&tid("accuse")).await;
            b.click(&tid(&format!("accuse-target-{}", target.0))).await;
            b.click(&tid("confirm-accuse")).await;
        }
        Action::SpreadRumors => b.click(&tid("spread-rumors")).await,
        Action::Pass => b.click(&tid("pass")).await,
        Action::GiveLoyalty { recipient } => {
            b.click(&tid(&format!("vivien-give-{}", recipient.0))).await
        }
        Action::Announce { card } => {
            let drawn = match prompt {
                Some(Prompt::Announce { drawn, .. }) => drawn,
                other => panic!("announcing without the prompt: {other:?}"),
            };
            if card == drawn {
                b.click(&tid("announce-truth")).await;
            } else {
                b.click(&tid("announce-other")).await;
                b.click(&tid(&format!("announce-{}", card.code()))).await;
            }
        }
        Action::PlaceRumor { index } => b.click(&tid(&format!("place-{index}"))).await,
        Action::ChooseMerlin4Quest { quest } => {
            b.click(&tid(&format!("merlin4-{}", quest.code()))).await
        }
        Action::KeepLoyalty { keep } => {
            b.click(&tid(match keep {
                Keep::Current => "keep-current",
                Keep::New => "keep-new",
            }))
            .await
        }
        Action::Merlin6Quest { quest, bonus } => {
            b.click(&tid(&format!("merlin6-bonus-{bonus}"))).await;
            b.click(&tid(&format!("merlin6-{}", quest.code()))).await;
        }
        Action::DeclineMerlin6 => b.click(&tid("merlin6-decline")).await,
        Action::PlayArthur | Action::PlayGawain | Action::PlayPercival
            if b.exists(&tid("knight-question")).await =>
        {
            return answer_knight_question(b, k, seat, 0, a).await;
        }
        Action::PlayArthur | Action::PlayGawain | Action::PlayPercival => {
            b.click(&tid("play-knight")).await
        }
        // The table is asked: nobody plays one (a pass for every player asked).
        Action::PassWindow if b.exists(&tid("knight-question")).await => {
            b.click(&tid("knight-nobody")).await
        }
        Action::PassWindow => {
            // A player who may not play the card is told why, in the engine's words.
            let play = match prompt {
                Some(Prompt::ArthurWindow { .. }) => Some(Action::PlayArthur),
                Some(Prompt::GawainWindow { .. }) => Some(Action::PlayGawain),
                Some(Prompt::PercivalAccusation { .. } | Prompt::PercivalEnd { .. }) => {
                    Some(Action::PlayPercival)
                }
                _ => None,
            };
            if let Some(Err(e)) = play.map(|p| k.game.check(seat, p)) {
                let want = match e {
                    camelot_card::RuleError::KnightNotHeld { knight } => {
                        format!("You hold no {} card.", knight_name(knight))
                    }
                    camelot_card::RuleError::NoCardsLeft => {
                        "There are no Rumor cards left to draw.".to_string()
                    }
                    other => panic!("a window refused with {other:?}"),
                };
                let said = b.text(&tid("knight-refused")).await;
                // (Other languages' words are checked by the i18n tests.)
                let lang = b.eval("return document.documentElement.lang;").await;
                if lang.as_str() == Some("en") {
                    assert_eq!(said, want);
                } else {
                    assert!(!said.is_empty());
                }
            }
            b.click(&tid("pass-window")).await
        }
        Action::GawainPlay { index } => {
            // Gawain's player chooses with every quest's total in front of them.
            let stacks = k.view().resolution.map_or(0, |r| r.stacks.len());
            let totals = b.texts(&format!("{} li", tid("quest-totals"))).await;
            assert!(
                stacks > 0 && totals.len() == stacks,
                "Gawain's choice shows {totals:?} for {stacks} quest stacks"
            );
            match index {
                Some(i) => b.click(&tid(&format!("gawain-{i}"))).await,
                None => b.click(&tid("gawain-none")).await,
            }
        }
        Action::PlayTristan | Action::PlayGalahad { .. } => {
            b.click(&tid("my-knights")).await;
            b.click(&tid("curtain-show")).await;
            match a {
                Action::PlayGalahad { target } => {
                    b.click(&tid(&format!("play-galahad-{}", target.0))).await
                }
                _ => b.click(&tid("play-tristan")).await,
            }
        }
    }
    let k = saved_when(b, &format!("{a:?} saved"), |k| k.actions.len() > before).await;
    assert_eq!(
        k.actions[before],
        Played { seat, action: a },
        "the page played something else"
    );
}

/// Plays until the end screen, with `choose` picking every decision. Returns the steps taken.
pub async fn play_to_end(
    b: &Browser,
    choose: &mut dyn FnMut(&Known, &[Action]) -> Action,
    max_steps: usize,
) -> usize {
    for n in 0..max_steps {
        if step(b, choose).await == Step::End {
            return n;
        }
    }
    panic!("no end after {max_steps} steps");
}

/// Opens the app (its current game) in a 320 px wide frame on top of the page, runs `script`
/// in the frame's document (e.g. to tap a view-only button), and fails if that narrow page
/// scrolls sideways. The frame shares the page's saved games; nothing in it may play.
pub async fn assert_fits_320(b: &Browser, script: &str, what: &str) {
    b.eval(
        "const old = document.getElementById('narrow'); if (old) old.remove();
         const f = document.createElement('iframe');
         f.id = 'narrow';
         f.style = 'position:fixed;top:0;left:0;width:320px;height:640px;border:0;z-index:9999;background:#fff';
         f.src = location.href.split('#')[0];
         document.body.appendChild(f);
         return null;",
    )
    .await;
    let ready = "const d = document.getElementById('narrow').contentDocument;
                 return !!(d && d.querySelector('#app .topbar'));";
    let start = Instant::now();
    while b.eval(ready).await != Value::Bool(true) {
        assert!(
            start.elapsed() < crate::support::TIMEOUT,
            "the narrow frame never loaded"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    if !script.is_empty() {
        b.eval(&format!(
            "const d = document.getElementById('narrow').contentDocument; {script}; return null;"
        ))
        .await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let widths = b
        .eval(
            "const d = document.getElementById('narrow').contentDocument;
             return [d.documentElement.scrollWidth, d.documentElement.clientWidth,
                     [...d.querySelectorAll('#app *')].filter(e => e.getBoundingClientRect().right > 320.5)
                        .slice(0, 5).map(e => e.outerHTML.slice(0, 120))];",
        )
        .await;
    let scroll = widths[0].as_f64().unwrap_or(0.0);
    let client = widths[1].as_f64().unwrap_or(0.0);
    assert!(
        scroll <= client + 0.5,
        "{what}: at 320 px the page scrolls sideways ({scroll} > {client}): {}",
        widths[2]
    );
}

pub async fn remove_narrow(b: &Browser) {
    b.eval("const f = document.getElementById('narrow'); if (f) f.remove(); return null;")
        .await;
}

/// Makes the page a phone's screen of `width` × `height` CSS pixels (Chrome's device emulation:
/// the window stays as it is, the page lays itself out for the phone).
pub async fn phone_screen(b: &Browser, width: u32, height: u32) {
    crate::support::setup::screen_size(b, width, height, true).await;
}

/// Fails unless each of the elements `testids` shows without scrolling: its bottom edge within the
/// screen's height (as [`phone_screen`] set it), measured from the top of the page.
pub async fn assert_shows_without_scrolling(b: &Browser, testids: &[&str]) {
    for id in testids {
        b.wait_for(&format!("[data-testid={id}]")).await;
        // Let the layout settle (fonts, the effects beside the pile) before measuring.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let at = b
            .eval(&format!(
                "const e = document.querySelector('[data-testid={id}]');
                 return e ? [e.getBoundingClientRect().bottom + window.scrollY, window.innerHeight] : null;"
            ))
            .await;
        let (bottom, height) = (at[0].as_f64(), at[1].as_f64());
        let (Some(bottom), Some(height)) = (bottom, height) else {
            panic!("{id} is gone");
        };
        assert!(
            bottom <= height,
            "{id} ends {bottom} px down a {height} px high screen"
        );
    }
}
