//! Computer knights at the table: their minds ([`Bots`]), how a [`Live`] game plays their moves,
//! and the pace at which the table sees them. Plain Rust with no web dependency, tested natively;
//! the timers and the screen live in `table.rs` and `mod.rs`.
//!
//! A computer knight decides from its own seat's view and what its seat has seen (the public events
//! and its own private ones) — the same information a person in that seat would have. Its memory is
//! not saved: opening a game replays the session's actions through a fresh `Game` and shows each
//! action's events to every computer knight again. A bot's random choices come from a generator
//! seeded by the game's seed, and each computer move is replayed with the same `decide` call it had
//! in play, so the rebuilt mind is the very one the game was played with.

use super::Live;
use crate::card::session::Session;
use camelot_card::bot::{Bot, Choice};
use camelot_card::{
    Action, Decision, Event, Game, ReplayError, Replayed, RuleError, Seat, SeatLook,
};
use camelot_kit::{Player, rng_from_seed};

/// The computer knights of one game (`None` for the seats people sit in).
#[derive(Clone, Debug, Default)]
pub struct Bots {
    seats: Vec<Option<Bot>>,
    /// Their moves since a person last took a turn, oldest first: what the table is shown under
    /// "what the computers did". Kept in play and found again on opening, so a reload shows them.
    pub recent: Vec<(Seat, Choice)>,
}

/// Moves kept in [`Bots::recent`] (the table shows the last few).
const RECENT: usize = 12;

/// Whether `seat` playing now takes a turn of its own (or Vivien's choice in front of everyone),
/// after which the computers' earlier moves are old news.
fn takes_turn(game: &Game, seat: Seat) -> bool {
    matches!(
        game.decider(),
        Some((s, Decision::Turn | Decision::VivienRecipient)) if s == seat
    )
}

impl Bots {
    /// Computer knights that have seen nothing yet (a new game).
    pub fn new(session: &Session) -> Bots {
        let players = session.setup.players;
        Bots {
            seats: (0..players)
                .map(|i| {
                    let seat = Seat(i);
                    session
                        .sitter(seat)
                        .level()
                        .map(|level| Bot::new(seat, level, players, session.setup.seed))
                })
                .collect(),
            recent: Vec::new(),
        }
    }

    /// A computer knight's move, for the table to read.
    fn remember(&mut self, seat: Seat, choice: &Choice) {
        if self.recent.len() == RECENT {
            self.recent.remove(0);
        }
        self.recent.push((seat, choice.clone()));
    }

    /// The game and its computer knights' minds as they stand after the session's actions.
    pub fn rebuild(session: &Session) -> Result<(Game, Bots), ReplayError> {
        let mut bots = Bots::new(session);
        let game = Game::replay_watching(session.setup, None, &session.actions, |r| match r {
            Replayed::Before(game, played) => {
                // The computer decided this move: deciding again moves its random generator on
                // exactly as in play (the move recorded is the one applied).
                let choice = match (bots.bot_mut(played.seat), game.seat_look(played.seat)) {
                    (Some(bot), Some(look)) => decided(bot, &look, &game.legal_actions()),
                    _ => None,
                };
                match &choice {
                    Some(c) => bots.remember(played.seat, c),
                    None if takes_turn(game, played.seat) => bots.recent.clear(),
                    None => {}
                }
            }
            Replayed::After(events) => bots.observe(events),
        })?;
        Ok((game, bots))
    }

    fn bot_mut(&mut self, seat: Seat) -> Option<&mut Bot> {
        self.seats.get_mut(seat.index()).and_then(Option::as_mut)
    }

    /// Every computer knight watches the events its seat may see: the public ones and its own
    /// private ones, never another seat's.
    pub fn observe(&mut self, events: &[Event]) {
        for bot in self.seats.iter_mut().flatten() {
            for e in events {
                match e {
                    Event::Private { seat, .. } if *seat != bot.seat => {}
                    e => bot.observe(e),
                }
            }
        }
    }

    /// The computer knight in `seat` decides (`None` if a person sits there).
    pub fn decide(&mut self, game: &Game, seat: Seat) -> Option<Choice> {
        let look = game.seat_look(seat)?;
        decided(self.bot_mut(seat)?, &look, &game.legal_actions())
    }
}

/// One decision of a computer knight, through the kit's one interface of a computer player, and
/// its reason. The knight draws on its own randomness (kept with its memory), not on the
/// generator the interface hands it.
fn decided(bot: &mut Bot, look: &SeatLook<'_>, legal: &[Action]) -> Option<Choice> {
    let i = bot.choose(look, legal, &mut rng_from_seed(0))?;
    Some(Choice {
        action: *legal.get(i)?,
        why: bot.reason(look, legal, i),
    })
}

/// A computer knight's move, as played.
#[derive(Clone, Debug, PartialEq)]
pub struct ComputerMove {
    pub seat: Seat,
    pub decision: Decision,
    pub choice: Choice,
    pub events: Vec<Event>,
}

impl Live {
    /// A game to play: `game` is the session replayed. With computer knights at the table their
    /// minds are rebuilt by replaying it again. Private screens owed to a computer seat (none are
    /// queued for one; an odd save might hold some) are dropped: a computer needs no curtain.
    pub fn new(mut session: Session, game: Game) -> Result<Live, ReplayError> {
        if !session.has_computers() {
            return Ok(Live {
                session,
                game,
                bots: Bots::default(),
                answered: None,
            });
        }
        let (game, bots) = Bots::rebuild(&session)?;
        let computers: Vec<bool> = (0..session.setup.players)
            .map(|i| session.is_computer(Seat(i)))
            .collect();
        session
            .owed
            .retain(|o| !computers.get(o.seat().index()).copied().unwrap_or(false));
        Ok(Live {
            session,
            game,
            bots,
            answered: None,
        })
    }

    /// Apply a person's action: recorded, and watched by the computer knights.
    pub fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        now_ms: f64,
    ) -> Result<Vec<Event>, RuleError> {
        let turn = !self.session.is_computer(seat) && takes_turn(&self.game, seat);
        let events = self.session.apply(&mut self.game, seat, action, now_ms)?;
        // The answer to the Knight question was for the window this action closes or moves on.
        self.answered = None;
        if turn {
            self.bots.recent.clear();
        }
        self.bots.observe(&events);
        Ok(events)
    }

    /// The computer knight the game waits for, if any, and for what. Nothing while a person's
    /// private screen is owed (those come first, as the curtain shows them).
    pub fn computer_due(&self) -> Option<(Seat, Decision)> {
        if self.session.owed.front().is_some() {
            return None;
        }
        let (seat, decision) = self.game.decider()?;
        self.session.is_computer(seat).then_some((seat, decision))
    }

    /// Let the computer knight the game waits for decide, and play its choice.
    pub fn play_computer(&mut self, now_ms: f64) -> Option<Result<ComputerMove, RuleError>> {
        let (seat, decision) = self.computer_due()?;
        let choice = self.bots.decide(&self.game, seat)?;
        self.bots.remember(seat, &choice);
        Some(
            self.apply(seat, choice.action, now_ms)
                .map(|events| ComputerMove {
                    seat,
                    decision,
                    choice,
                    events,
                }),
        )
    }
}

/// How the table sees a computer knight's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// Its turn, or Vivien's choice in front of everyone: "‹name› is thinking…", then its move.
    Turn,
    /// A private decision after its own move (announcing under Morgan #1, Merlin #4's quest,
    /// Vivien's keep, Merlin #6, Gawain's card, a revealed Traitor's card): a shorter pause.
    FollowUp,
    /// An interrupt window (Arthur, Gawain, Percival): answered at once and silently, as nobody
    /// may learn from the pause who holds what.
    Window,
}

pub fn pace(d: Decision) -> Pace {
    match d {
        Decision::Turn | Decision::VivienRecipient => Pace::Turn,
        Decision::ArthurWindow { .. }
        | Decision::GawainWindow
        | Decision::PercivalAccusation { .. }
        | Decision::PercivalEnd => Pace::Window,
        Decision::Announce
        | Decision::TraitorChoose
        | Decision::Merlin4Quest
        | Decision::VivienKeep
        | Decision::Merlin6
        | Decision::GawainChoose => Pace::FollowUp,
    }
}

/// The least time a computer "thinks" before its turn, so the table sees it coming.
pub const THINK_MS: f64 = 1200.0;
/// The least time before a private follow-up decision.
pub const FOLLOW_UP_MS: f64 = 700.0;
/// How long a computer's what-and-why line shows before the next computer moves.
pub const READ_MS: f64 = 2500.0;

/// Milliseconds to wait before a computer knight acts. `since_line`: how long ago the last
/// computer's line appeared (if one shows). `fast`: the table asked for computers to play at once.
pub fn delay_ms(decision: Decision, fast: bool, since_line: Option<f64>) -> f64 {
    if fast {
        return 0.0;
    }
    let least = match pace(decision) {
        Pace::Window => return 0.0,
        Pace::Turn => THINK_MS,
        Pace::FollowUp => FOLLOW_UP_MS,
    };
    let read = since_line.map_or(0.0, |s| (READ_MS - s).max(0.0));
    least.max(read)
}

#[cfg(test)]
mod tests {
    use super::super::{Need, curtain_need};
    use super::*;
    use crate::card::session::Sitter;
    use camelot_card::bot::Level;
    use camelot_card::{Options, Setup};

    fn session(sitters: &[Sitter], seed: u64, options: Options) -> Session {
        let names: Vec<String> = (0..sitters.len()).map(|i| format!("P{i}")).collect();
        let setup = Setup {
            options,
            ..Setup::new(sitters.len() as u8, seed)
        };
        Session::new("t".into(), names, setup, 0.0).seated(sitters.to_vec())
    }

    fn live(s: Session) -> Live {
        let game = s.game().unwrap();
        Live::new(s, game).unwrap()
    }

    fn computer(level: Level) -> Sitter {
        Sitter::Computer { level }
    }

    /// A person's move: pay owed screens, else the first legal action (often listening).
    fn person_moves(l: &mut Live, n: usize) -> bool {
        if l.session.owed.pop_front().is_some() {
            return true;
        }
        let Some((seat, _)) = l.game.decider() else {
            return false;
        };
        let legal = l.game.legal_actions();
        let a = legal[n % legal.len()];
        l.apply(seat, a, 0.0).unwrap();
        true
    }

    fn tables() -> Vec<(Vec<Sitter>, Options)> {
        let all = Options {
            knights_to_the_rescue: true,
            morgan8: true,
            merlin6: true,
        };
        vec![
            (
                vec![
                    Sitter::Person,
                    computer(Level::Beginner),
                    computer(Level::Solid),
                    computer(Level::Expert),
                ],
                Options::default(),
            ),
            (
                vec![
                    computer(Level::Expert),
                    Sitter::Person,
                    computer(Level::Expert),
                    Sitter::Person,
                    computer(Level::Solid),
                ],
                all,
            ),
            (
                vec![Sitter::Person, computer(Level::Solid)],
                Options {
                    knights_to_the_rescue: true,
                    ..Options::default()
                },
            ),
            (
                vec![
                    Sitter::Person,
                    computer(Level::Beginner),
                    computer(Level::Beginner),
                    computer(Level::Solid),
                    computer(Level::Expert),
                    computer(Level::Expert),
                    computer(Level::Solid),
                ],
                all,
            ),
        ]
    }

    #[test]
    fn the_computers_moves_since_a_persons_turn_are_found_again_on_opening() {
        for (sitters, options) in tables() {
            for seed in 0..4 {
                let mut l = live(session(&sitters, seed, options));
                let mut n = 0;
                let mut seen = 0;
                while !l.game.is_over() && n < 400 {
                    n += 1;
                    let person_turn = l.computer_due().is_none()
                        && l.session.owed.is_empty()
                        && matches!(l.game.decider(), Some((_, Decision::Turn)));
                    if l.computer_due().is_some() {
                        let m = l.play_computer(0.0).unwrap().unwrap();
                        assert_eq!(l.bots.recent.last(), Some(&(m.seat, m.choice)));
                    } else {
                        assert!(person_moves(&mut l, n));
                        if person_turn {
                            assert!(l.bots.recent.is_empty(), "read once the person played");
                        }
                    }
                    seen = seen.max(l.bots.recent.len());
                    // Reopened (a reload): the same moves to show.
                    let s: Session =
                        serde_json::from_str(&serde_json::to_string(&l.session).unwrap()).unwrap();
                    assert_eq!(
                        live(s).bots.recent,
                        l.bots.recent,
                        "{sitters:?} seed {seed}"
                    );
                }
                assert!(seen >= 2, "{sitters:?} seed {seed}: {seen}");
            }
        }
    }

    #[test]
    fn a_computer_knight_never_gets_a_curtain_and_games_end() {
        for (sitters, options) in tables() {
            for seed in 0..12 {
                let mut l = live(session(&sitters, seed, options));
                let peeks = l.session.owed.len();
                assert_eq!(
                    peeks,
                    sitters.iter().filter(|s| !s.is_computer()).count(),
                    "only people look at their Loyalty card through the curtain"
                );
                let mut n = 0;
                while !l.game.is_over() {
                    n += 1;
                    assert!(n < 5000, "{sitters:?} seed {seed}: no end");
                    for o in &l.session.owed {
                        assert!(
                            !l.session.is_computer(o.seat()),
                            "owed to a computer: {o:?}"
                        );
                    }
                    // A peek asked for a computer seat is never granted.
                    for i in 0..sitters.len() as u8 {
                        if l.session.is_computer(Seat(i)) {
                            assert_ne!(
                                curtain_need(&l, Some(Seat(i))).map(|c| (c.seat, c.need)),
                                Some((Seat(i), Need::Peek)),
                                "a peek at a computer's cards"
                            );
                        }
                    }
                    if let Some(need) = curtain_need(&l, None) {
                        assert!(
                            !l.session.is_computer(need.seat),
                            "a curtain for a computer: {need:?}"
                        );
                        assert_eq!(l.computer_due(), None, "a computer acts behind a curtain");
                        assert!(person_moves(&mut l, n));
                        continue;
                    }
                    match l.play_computer(n as f64) {
                        Some(r) => {
                            let m = r.expect("a computer plays a legal action");
                            assert!(l.session.is_computer(m.seat));
                        }
                        None => assert!(person_moves(&mut l, n)),
                    }
                }
            }
        }
    }

    #[test]
    fn a_reload_rebuilds_the_same_computer_minds() {
        let mut compared = 0;
        for (sitters, options) in tables() {
            for seed in [3, 8, 21] {
                let mut l = live(session(&sitters, seed, options));
                let mut n = 0;
                while !l.game.is_over() && n < 3000 {
                    n += 1;
                    if let Some((seat, _)) = l.computer_due() {
                        // Reopen the game here (as after a reload) and compare decisions.
                        if n % 7 == 0 {
                            let reopened = live(l.session.clone());
                            assert_eq!(
                                reopened.game.table_view(),
                                l.game.table_view(),
                                "the same table"
                            );
                            let mut a = l.bots.clone();
                            let mut b = reopened.bots.clone();
                            assert_eq!(
                                a.decide(&l.game, seat),
                                b.decide(&reopened.game, seat),
                                "{sitters:?} seed {seed} move {n}: another decision after reopening"
                            );
                            compared += 1;
                            // Play on with the reopened one.
                            l = reopened;
                        }
                        l.play_computer(0.0).unwrap().unwrap();
                    } else {
                        person_moves(&mut l, n);
                    }
                }
            }
        }
        assert!(compared > 50, "only {compared} reopenings compared");
    }

    #[test]
    fn without_computers_nothing_is_replayed_twice_and_nothing_is_due() {
        let s = session(&[Sitter::Person, Sitter::Person], 4, Options::default());
        assert!(
            s.sitters.is_empty(),
            "all persons are saved as format 1 was"
        );
        let l = live(s);
        assert!(l.bots.seats.iter().all(Option::is_none));
        assert_eq!(l.computer_due(), None);
    }

    #[test]
    fn computers_wait_for_the_table_to_read_but_answer_windows_at_once() {
        assert_eq!(delay_ms(Decision::Turn, false, None), THINK_MS);
        assert_eq!(
            delay_ms(Decision::Turn, false, Some(100.0)),
            READ_MS - 100.0
        );
        assert_eq!(delay_ms(Decision::Turn, false, Some(9000.0)), THINK_MS);
        assert_eq!(delay_ms(Decision::Announce, false, None), FOLLOW_UP_MS);
        assert_eq!(delay_ms(Decision::GawainWindow, false, Some(0.0)), 0.0);
        assert_eq!(delay_ms(Decision::Turn, true, Some(0.0)), 0.0);
    }
}
