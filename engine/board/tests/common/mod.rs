//! Scenario building for the rule tests: an explicit deal (hands, piles top first, loyalty cards),
//! knights chosen per seat, and short ways to act and look.
#![allow(dead_code)]

pub use camelot_board::data::*;
pub use camelot_board::*;

/// The Progression of Evil's three options, as the tests name them.
pub const ENGINE: Action = Action::AddSiegeEngine;
pub const LIFE: Action = Action::LoseLife;
pub const DRAW: Action = Action::DrawBlackCard;

/// Five Lancelot or Dragon cards that end Lancelot's quest when laid on it: 1 + 1 + 1 + 1 + 3 = 7.
pub const LANCELOT_FALLS: [Black; 5] = [
    Black::LancelotDragon1,
    Black::LancelotDragon1,
    Black::LancelotDragon1,
    Black::LancelotDragon1,
    Black::LancelotDragon3,
];

/// Five Lancelot or Dragon cards laid on the Dragon once Lancelot has fallen: 7 + 7 + 9 + 9 + 9
/// = 41, more than any Fight a knight can bring.
pub const DRAGON_FALLS: [Black; 5] = [
    Black::LancelotDragon3,
    Black::LancelotDragon3,
    Black::LancelotDragon5,
    Black::LancelotDragon5,
    Black::LancelotDragon5,
];

pub fn mv(to: Place) -> Action {
    Action::Move { to }
}

pub fn fight(card: White) -> Action {
    Action::PlayFightCard { card }
}

/// A game built from an explicit deal. Unlisted cards stay in the box; hands start empty unless
/// given; the opening gesture is skipped unless asked for.
pub struct Build {
    setup: Setup,
    hands: Vec<Vec<White>>,
    white: Vec<White>,
    black: Vec<Black>,
    loyalty: Vec<Loyalty>,
    opening: bool,
    swords: Swords,
    engines: u8,
    chance: Chance,
}

/// A table of the given knights, seat 0 first.
pub fn table(knights: &[Knight]) -> Build {
    let n = knights.len();
    let mut setup = Setup::new(n as u8, 1);
    setup.knights = knights.iter().map(|&k| SeatChoice::Knight(k)).collect();
    Build {
        setup,
        hands: vec![Vec::new(); n],
        white: Vec::new(),
        black: Vec::new(),
        loyalty: vec![Loyalty::Loyal; n],
        opening: false,
        swords: Swords::default(),
        engines: 0,
        chance: Chance::default(),
    }
}

/// Three knights without powers that matter for most tests (Arthur is not among them, so seat 0,
/// the default first player, starts).
pub fn three() -> Build {
    table(&[Knight::SirPalamedes, Knight::SirGawain, Knight::SirGalahad])
}

pub fn four() -> Build {
    table(&[
        Knight::SirPalamedes,
        Knight::SirGawain,
        Knight::SirGalahad,
        Knight::SirPercival,
    ])
}

impl Build {
    pub fn hand(mut self, seat: u8, cards: &[White]) -> Self {
        self.hands[usize::from(seat)] = cards.to_vec();
        self
    }

    /// The white draw pile, top card first.
    pub fn white(mut self, cards: &[White]) -> Self {
        self.white = cards.to_vec();
        self
    }

    /// The black draw pile, top card first.
    pub fn black(mut self, cards: &[Black]) -> Self {
        self.black = cards.to_vec();
        self
    }

    pub fn traitor(mut self, seat: u8) -> Self {
        self.loyalty[usize::from(seat)] = Loyalty::Traitor;
        self
    }

    pub fn first(mut self, seat: u8) -> Self {
        self.setup.first = Seat(seat);
        self
    }

    pub fn seed(mut self, seed: u64) -> Self {
        self.setup.seed = seed;
        self
    }

    pub fn options(mut self, f: impl FnOnce(&mut Options)) -> Self {
        f(&mut self.setup.options);
        self
    }

    pub fn squire(mut self, seat: u8) -> Self {
        self.setup.knights[usize::from(seat)] = SeatChoice::Squire;
        self
    }

    /// The knights at `seats` are squires, and a squire has one life: the first he loses is his
    /// last.
    pub fn squires_at_one_life(self, seats: &[u8]) -> Self {
        seats
            .iter()
            .fold(self, |b, &seat| b.squire(seat))
            .options(|o| o.squire_life = 1)
    }

    /// Swords already on the Round Table.
    pub fn swords(mut self, white: u8, black: u8) -> Self {
        self.swords = Swords { white, black };
        self
    }

    /// Siege engines already around Camelot.
    pub fn engines(mut self, engines: u8) -> Self {
        self.engines = engines;
        self
    }

    /// Siege die rolls fixed in advance, in order.
    pub fn rolls(mut self, faces: &[u8]) -> Self {
        self.chance.rolls = faces
            .iter()
            .map(|&f| Roll::new(f).expect("a face of the die"))
            .collect();
        self
    }

    /// Random picks fixed in advance, in order.
    pub fn picks(mut self, picks: &[u8]) -> Self {
        self.chance.picks = picks.to_vec();
        self
    }

    pub fn opening(mut self) -> Self {
        self.opening = true;
        self
    }

    pub fn setup(mut self) -> Setup {
        self.setup.deal = Some(Deal {
            hands: Some(self.hands),
            white_deck: Some(self.white),
            black_deck: Some(self.black),
            loyalty: Some(self.loyalty),
            skip_opening_gesture: !self.opening,
            swords: self.swords,
            siege_engines: self.engines,
            chance: self.chance,
        });
        self.setup
    }

    pub fn start(self) -> Game {
        Game::new(&self.setup()).expect("a valid setup")
    }
}

/// The decider takes `action`; its events. Panics with the refusal otherwise.
pub fn act(g: &mut Game, action: Action) -> Vec<Event> {
    let seat = g
        .decider()
        .unwrap_or_else(|| panic!("nobody decides (over: {:?})", g.outcome()));
    g.apply(seat, action).unwrap_or_else(|e| {
        panic!(
            "{seat} {action:?} refused: {e:?}; legal: {:?}",
            g.legal_actions()
        )
    })
}

/// `seat` takes `action` (asserting it is that seat's decision).
pub fn act_as(g: &mut Game, seat: u8, action: Action) -> Vec<Event> {
    assert_eq!(
        g.decider(),
        Some(Seat(seat)),
        "expected seat {seat} to decide; legal: {:?}",
        g.legal_actions()
    );
    act(g, action)
}

/// The refusal of `action` by the decider.
pub fn refused(g: &mut Game, action: Action) -> RuleError {
    let seat = g.decider().expect("somebody decides");
    let before = serde_json::to_string(&*g).unwrap();
    let e = g
        .apply(seat, action)
        .expect_err("the action should be refused");
    assert_eq!(serde_json::to_string(&*g).unwrap(), before);
    e
}

pub fn legal(g: &Game, action: Action) -> bool {
    g.legal_actions().contains(&action)
}

pub fn s(seat: u8) -> Seat {
    Seat(seat)
}

/// Seat `seat`'s hand as a sorted list.
pub fn hand(g: &Game, seat: u8) -> Vec<White> {
    g.hand(Seat(seat)).map(|h| h.cards()).unwrap_or_default()
}

/// A plain Progression of Evil (a siege engine), to reach the Heroic Actions.
pub fn evil_engine(g: &mut Game) {
    act(g, Action::AddSiegeEngine);
}

/// A quiet turn for the active knight: `evil` as his Progression of Evil, then the draw action in
/// Camelot (nothing to draw with an empty white pile) or a move to Camelot, and the end.
pub fn idle_turn_with(g: &mut Game, evil: Action) {
    act(g, evil);
    heroic_idle(g);
}

/// A quiet turn with a siege engine as the Progression of Evil.
pub fn idle_turn(g: &mut Game) {
    idle_turn_with(g, Action::AddSiegeEngine);
}

/// The quiet Heroic Actions of [`idle_turn_with`].
pub fn heroic_idle(g: &mut Game) {
    if legal(g, Action::DrawWhiteCards) {
        act(g, Action::DrawWhiteCards);
    } else {
        act(g, Action::Move { to: Place::Camelot });
    }
    act(g, Action::EndTurn);
}

/// End the active knight's Heroic Actions. A turn with both actions taken and no free power left
/// has ended by itself: then the next turn has begun.
pub fn end_turn(g: &mut Game) {
    if g.legal_actions().contains(&Action::EndTurn) {
        act(g, Action::EndTurn);
    } else {
        assert!(
            matches!(
                g.phase(),
                Phase::ProgressionOfEvil | Phase::TraitorTakes | Phase::Over
            ),
            "the turn neither ends nor has ended: {:?}",
            g.phase()
        );
    }
}

/// Move the active knight (a regular action) and end his turn.
pub fn move_and_end(g: &mut Game, to: Place) {
    act(g, Action::Move { to });
    act(g, Action::EndTurn);
}

/// The game's end as [`Game::outcome`] gives it: `winner` won, for `reason`.
pub fn outcome(winner: Side, reason: EndReason) -> Option<Outcome> {
    Some(Outcome { winner, reason })
}

pub fn has_event(events: &[Event], f: impl Fn(&Event) -> bool) -> bool {
    events.iter().any(f)
}

pub const F1: White = White::Fight1;
pub const F2: White = White::Fight2;
pub const F3: White = White::Fight3;
pub const F4: White = White::Fight4;
pub const F5: White = White::Fight5;
pub const GRAIL: White = White::Grail;
pub const MERLIN: White = White::Merlin;

/// Harmless black cards for long scenarios: 6 Despairs (the 7th would lose the Grail), 4
/// Excalibur cards (the 5th would lose Excalibur), 3 Black Knight cards (the 4th would end it).
pub const QUIET_BLACK: [Black; 13] = [
    Black::Despair,
    Black::Excalibur,
    Black::BlackKnight1,
    Black::Despair,
    Black::Excalibur,
    Black::BlackKnight1,
    Black::Despair,
    Black::Excalibur,
    Black::BlackKnight1,
    Black::Despair,
    Black::Excalibur,
    Black::Despair,
    Black::Despair,
];

/// A Progression of Evil that draws the next black card if there is one (face up, every window
/// passed), else adds a siege engine.
pub fn quiet_evil(g: &mut Game) {
    if legal(g, Action::DrawBlackCard) {
        act(g, Action::DrawBlackCard);
        while g.phase() == Phase::AfterEvil
            || !g
                .table_view()
                .pending
                .is_some_and(|p| p == PendingView::Turn)
        {
            if legal(g, Action::PlaceFaceUp) {
                act(g, Action::PlaceFaceUp);
            } else if legal(g, Action::Pass) {
                act(g, Action::Pass);
            } else {
                break;
            }
        }
    } else {
        act(g, Action::AddSiegeEngine);
    }
}

/// The active knight draws the next black card, then the three knights each pass in turn (none
/// answers it): what the card does comes next.
pub fn draw_black_all_pass(g: &mut Game) {
    act(g, Action::DrawBlackCard);
    for _ in 0..3 {
        act(g, Action::Pass);
    }
}

/// Seat 0 draws Morgan 2 and all pass on it, seat 0 holding four white cards (F1 to F4), seat 1
/// one (F1) and seat 2 three (F1 each): the knights holding three or more, seats 0 and 2, are to be
/// asked to volunteer.
pub fn morgan_2_drawn_with_hands_of_four_one_and_three() -> Game {
    let mut g = three()
        .hand(0, &[F1, F2, F3, F4])
        .hand(1, &[F1])
        .hand(2, &[F1, F1, F1])
        .black(&[Black::Morgan2])
        .start();
    draw_black_all_pass(&mut g);
    g
}

/// [`quiet_evil`], then [`heroic_idle`].
pub fn quiet_turn(g: &mut Game) {
    quiet_evil(g);
    heroic_idle(g);
}

/// Four knights at `white` and `black` swords; seat 3 adds a siege engine every turn while the
/// others give a life (the first two rounds) or draw a harmless black card, for `rounds` rounds.
/// Returns at seat 0's Heroic Actions.
pub fn engines_by_seat_3(b: Build, white: u8, black: u8, rounds: usize) -> Game {
    let mut g = b.swords(white, black).black(&QUIET_BLACK).start();
    for round in 0..rounds {
        for _ in 0..3 {
            if round < 2 {
                idle_turn_with(&mut g, Action::LoseLife);
            } else {
                quiet_turn(&mut g);
            }
        }
        idle_turn_with(&mut g, Action::AddSiegeEngine);
    }
    act(&mut g, Action::AddSiegeEngine);
    g
}

/// The built-in policy's choice for the decider, from his own view (randomness seeded 7), and
/// the reason it gives.
pub fn policy_choice(g: &Game) -> (Action, camelot_board::sim::Reason) {
    let seat = g.decider().expect("somebody decides");
    let legal = g.legal_actions();
    let mut rng = camelot_kit::rng_from_seed(7);
    let (i, reason) = camelot_board::sim::SimplePolicy
        .choose_with_reason(&g.glimpse(seat), &legal, &mut rng)
        .expect("a legal choice");
    (legal[i], reason)
}

/// Resolve what the turn's action left pending with the plain answers: shared cards dealt at
/// random, proposals accepted, every window passed.
pub fn settle(g: &mut Game) {
    for _ in 0..100 {
        if g.is_over() || g.table_view().pending == Some(PendingView::Turn) {
            return;
        }
        let a = [Action::DealAtRandom, Action::Accept, Action::Pass]
            .into_iter()
            .find(|a| legal(g, *a));
        match a {
            Some(a) => {
                act(g, a);
            }
            None => return,
        }
    }
}

/// A turn: `evil`, then `actions` (each settled), then the end of the turn if it is still open.
pub fn turn(g: &mut Game, evil: Action, actions: &[Action]) {
    if evil == Action::DrawBlackCard {
        quiet_evil(g);
    } else {
        act(g, evil);
    }
    settle(g);
    let me = g.current();
    for &a in actions {
        act(g, a);
        settle(g);
    }
    if !g.is_over()
        && g.current() == me
        && g.phase() == Phase::HeroicActions
        && legal(g, Action::EndTurn)
    {
        act(g, Action::EndTurn);
    }
}

/// A move of the active knight to somewhere else harmless: Camelot, or from Camelot the Grail
/// (the Saxon War once the Grail is over).
pub fn wander(g: &Game) -> Action {
    if g.place(g.current()) == Some(Place::Camelot) {
        if g.quest_in_play(Quest::Grail) {
            Action::Move { to: Place::Grail }
        } else {
            Action::Move {
                to: Place::SaxonWar,
            }
        }
    } else {
        Action::Move { to: Place::Camelot }
    }
}

/// A turn of `evil` and a wander.
pub fn wander_turn(g: &mut Game, evil: Action) {
    let a = wander(g);
    turn(g, evil, &[a]);
}

fn mv_(to: Place) -> Action {
    Action::Move { to }
}

/// Seats 0 and 1 go to Excalibur and discard; seat 0 makes the fifth step and owns Excalibur.
/// Returns at the start of seat 1's turn, seat 0 holding `keep`. Four siege engines; lives 4, 3, 2.
pub fn excalibur_for_seat0(b: Build, keep: &[White]) -> Game {
    let mut hand0 = vec![F1, F1, F1];
    hand0.extend_from_slice(keep);
    let mut g = b.hand(0, &hand0).hand(1, &[F1, F1]).start();
    excalibur_one_step_short(&mut g);
    turn(
        &mut g,
        Action::AddSiegeEngine,
        &[Action::DiscardForExcalibur { card: F1 }],
    );
    assert_eq!(g.relic(Relic::Excalibur), RelicState::Owned(s(0)));
    assert_eq!(g.current(), s(1));
    g
}

/// Seats 0 and 1 go to Excalibur (seat 2 wanders) and each discards a Fight 1 for two rounds:
/// four steps of five. Four siege engines; the next turn is seat 0's, whose Progression of Evil
/// comes first.
pub fn excalibur_one_step_short(g: &mut Game) {
    turn(g, Action::AddSiegeEngine, &[mv_(Place::Excalibur)]);
    turn(g, Action::AddSiegeEngine, &[mv_(Place::Excalibur)]);
    wander_turn(g, Action::AddSiegeEngine);
    for _ in 0..2 {
        for _ in 0..2 {
            turn(
                g,
                Action::LoseLife,
                &[Action::DiscardForExcalibur { card: F1 }],
            );
        }
        wander_turn(g, Action::LoseLife);
    }
}

/// The active knight plays Heroism on `quest` and makes its sacrifice.
pub fn heroism_with_sacrifice(g: &mut Game, quest: Quest) {
    act(g, Action::PlayHeroism { quest });
    act(g, Action::Sacrifice);
}

/// Three knights on the Grail; seat 0 lays the seventh card and owns the Grail. Returns at the
/// start of seat 1's turn; lives 4, 3, 3.
pub fn grail_for_seat0(b: Build) -> Game {
    let mut g = b
        .hand(0, &[GRAIL, GRAIL, GRAIL])
        .hand(1, &[GRAIL, GRAIL])
        .hand(2, &[GRAIL, GRAIL])
        .start();
    lay_the_grail_for_seat0(&mut g);
    g
}

/// The three knights, holding the Grail cards (seat 0 three, seats 1 and 2 two each at least), go
/// to the Grail and lay them, seat 0 the seventh: he owns the Grail. Returns at the start of seat
/// 1's turn.
pub fn lay_the_grail_for_seat0(g: &mut Game) {
    for _ in 0..3 {
        turn(g, Action::AddSiegeEngine, &[mv_(Place::Grail)]);
    }
    for _ in 0..6 {
        turn(g, Action::LoseLife, &[Action::PlayGrailCard]);
    }
    turn(g, Action::AddSiegeEngine, &[Action::PlayGrailCard]);
    assert_eq!(g.relic(Relic::Grail), RelicState::Owned(s(0)));
    assert_eq!(g.current(), s(1));
}

/// The NL p.14 Lancelot quest: seat 0 wins it and the Armor; `more` black cards lie under the five
/// Lancelot cards. Returns at the start of seat 2's turn.
pub fn armor_for_seat0(b: Build, more: &[Black]) -> Game {
    use Black::*;
    let mut black = vec![
        LancelotDragon3,
        LancelotDragon1,
        LancelotDragon1,
        LancelotDragon5,
        LancelotDragon1,
    ];
    black.extend_from_slice(more);
    // White cards for the spoils: an empty white pile would reshuffle the black one too (§3.2).
    let mut g = b
        .hand(0, &[F4, F5, F5])
        .black(&black)
        .white(&[GRAIL; 10])
        .start();
    turn(&mut g, Action::AddSiegeEngine, &[mv_(Place::Lancelot)]);
    turn(&mut g, Action::DrawBlackCard, &[mv_(Place::Grail)]);
    turn(&mut g, Action::DrawBlackCard, &[mv_(Place::Grail)]);
    turn(
        &mut g,
        Action::AddSiegeEngine,
        &[Action::PlayFightCard { card: F4 }],
    );
    turn(&mut g, Action::DrawBlackCard, &[mv_(Place::Camelot)]);
    turn(&mut g, Action::DrawBlackCard, &[mv_(Place::Camelot)]);
    turn(
        &mut g,
        Action::AddSiegeEngine,
        &[Action::PlayFightCard { card: F5 }],
    );
    turn(&mut g, Action::AddSiegeEngine, &[mv_(Place::Grail)]);
    turn(&mut g, Action::AddSiegeEngine, &[mv_(Place::Grail)]);
    turn(
        &mut g,
        Action::AddSiegeEngine,
        &[Action::PlayFightCard { card: F5 }],
    );
    turn(&mut g, Action::DrawBlackCard, &[mv_(Place::Camelot)]);
    assert_eq!(g.relic(Relic::LancelotsArmor), RelicState::Owned(s(0)));
    assert_eq!(g.current(), s(2));
    g
}
