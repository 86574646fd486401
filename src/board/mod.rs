//! The board game's part of the app: its words, its rules text, its screens and its saved session.
//! Everything here is reached only from the board game's split screens, so none of it is in the
//! first load.
//!
//! [`Ctx`] is the board game's state on screen: the game being played ([`Live`]: its saved
//! session and the engine's state it replays to), whose private screen is uncovered, and the
//! computer knights' timer. Every action goes through [`Ctx::act`]: applied by the engine, saved at
//! once, told to the table in words, and then the computer knights whose turn it is move.

pub mod rules;

pub mod board_view;
pub mod i18n;
pub mod words;

pub mod asks;
pub mod coach;
pub mod curtain;
pub mod end;
pub mod log;
pub mod new_game;
pub mod persist;
pub mod review;
pub mod session;
pub mod table;
mod thinking;

use crate::shell::{Screen, Shell, now_ms, scroll_top};
use crate::storage::GameKind;
use camelot_board::levels::{Deciding, Level};
use camelot_board::sim::Reason;
use camelot_board::{Action, Event, Game, RuleError, Seat, TableView};
use camelot_kit::Looked;
use leptos::prelude::*;
use session::Session;

/// The board game's screens.
pub const NEW_GAME: Screen = Screen::NewGame(GameKind::Board);
pub const TABLE: Screen = Screen::Table(GameKind::Board);
pub const LOG: Screen = Screen::Log(GameKind::Board);

/// The game being played: the saved record and the engine's state it replays to.
#[derive(Clone)]
pub struct Live {
    pub session: Session,
    pub game: Game,
    /// The person who said, on the table, that he offers Merlins: the curtain is his (never
    /// saved: after a reload the table is asked again).
    pub answered: Option<Seat>,
}

impl Live {
    /// `seat` plays `action` and the session keeps it. His opening gesture laid at his first look
    /// ([`offers_at_look`]) means he has seen his Loyalty card.
    pub fn play(
        &mut self,
        seat: Seat,
        action: Action,
        now_ms: f64,
    ) -> Result<Vec<Event>, RuleError> {
        let looking = self.session.loyalty_looks.first() == Some(&seat);
        let events = self.session.apply(&mut self.game, seat, action, now_ms)?;
        if looking {
            self.session.loyalty_looks.remove(0);
        }
        Ok(events)
    }
}

/// What the table screen must show now, decided from the game and the session alone.
#[derive(Clone, Debug, PartialEq)]
pub enum Need {
    /// A person looks at his Loyalty card at the start, behind his curtain.
    LoyaltyLook(Seat),
    /// A person decides: behind his curtain until he lifts it.
    Person(Seat),
    /// A person decides in front of everyone: the decision hides nothing ([`asks`]).
    Public(Seat),
    /// The table is asked whether anyone offers Merlins ([`asks`]).
    Merlins(asks::MerlinQuestion),
    /// A computer knight decides (no curtain).
    Computer(Seat),
    /// The game is over.
    Over,
}

/// The board game's state on screen, provided to its screens by [`use_ctx`].
#[derive(Clone, Copy)]
pub struct Ctx {
    pub shell: Shell,
    pub live: RwSignal<Option<Live>>,
    /// The table's view of the game being played.
    pub view: Memo<Option<TableView>>,
    pub names: Memo<Vec<String>>,
    pub need: Memo<Option<Need>>,
    /// The seat whose private screen shows (never saved: a reload comes back covered).
    pub lifted: RwSignal<Option<Seat>>,
    /// A refused action or another problem, in plain words.
    pub message: RwSignal<Option<String>>,
    /// What the last moves did, in words, newest first (the table's running commentary: the
    /// newest line is the one in view).
    pub recent: RwSignal<Vec<String>>,
    /// An accusation waiting for its confirmation.
    pub confirm: RwSignal<Option<Action>>,
    /// A quest's end, shown to the whole table until someone taps on (never saved: the log keeps
    /// it).
    pub quest_end: RwSignal<Option<QuestEnd>>,
    /// Computer knights decide, one after another, and no quest's end waits for the table: their
    /// panel stays as it is from one move to the next (the table's `Decision`).
    pub computers_deciding: Memo<bool>,
    /// The computer knight's next slice of thinking, or his move.
    pub timer: StoredValue<Option<TimeoutHandle>>,
    /// The computer knight's decision under way.
    thinking: StoredValue<Option<thinking::Thinking>>,
    /// The computer knight's move, decided, waiting for the table's moment to end.
    ready: StoredValue<Option<thinking::Ready>>,
    /// The computer knights move at once ("Faster", remembered with the board game's settings).
    pub fast: RwSignal<bool>,
    /// When the coach's tips show (remembered with the board game's settings).
    pub tips: RwSignal<crate::coach::Tips>,
}

/// Empties `signal` if it holds something: set to nothing again, it would redraw whatever reads
/// it for nothing (a person's choices, at each of his moves).
fn clear<T: Send + Sync + 'static>(signal: RwSignal<Option<T>>) {
    if signal.with_untracked(Option::is_some) {
        signal.set(None);
    }
}

/// How many lines of the running commentary the table keeps.
const RECENT: usize = 8;

impl Ctx {
    fn new(shell: Shell) -> Ctx {
        let live: RwSignal<Option<Live>> = RwSignal::new(None);
        let view = Memo::new(move |_| live.with(|l| l.as_ref().map(|l| l.game.table_view())));
        let lifted = RwSignal::new(None);
        Effect::new(move |_| {
            shell.game_open.set(live.with(Option::is_some));
            // Leaving the table, by whatever way, always covers the private screens.
            if shell.screen.get() != TABLE {
                lifted.set(None);
            }
        });
        let need = Memo::new(move |_| live.with(|l| l.as_ref().map(need_of)));
        let quest_end = RwSignal::new(None);
        Ctx {
            shell,
            live,
            view,
            names: Memo::new(move |_| {
                live.with(|l| l.as_ref().map(|l| l.session.names.clone()))
                    .unwrap_or_default()
            }),
            need,
            lifted,
            message: RwSignal::new(None),
            recent: RwSignal::new(Vec::new()),
            confirm: RwSignal::new(None),
            quest_end,
            computers_deciding: Memo::new(move |_| {
                quest_end.with(Option::is_none) && matches!(need.get(), Some(Need::Computer(_)))
            }),
            timer: StoredValue::new(None),
            thinking: StoredValue::new(None),
            ready: StoredValue::new(None),
            fast: RwSignal::new(persist::computers_fast()),
            tips: RwSignal::new(persist::tips()),
        }
    }

    pub fn go(&self, screen: Screen) {
        if screen != TABLE {
            self.lifted.set(None);
        }
        self.message.set(None);
        self.shell.go(screen);
    }

    /// Start playing `session`, whose replayed state is `game`, at the table (covered).
    pub fn open_played(&self, session: Session, game: Game) {
        if let Err(e) = crate::storage::set_current(&session.id) {
            self.shell.save_error.set(Some(e.to_string()));
        }
        self.cancel_computer();
        let mut recent = log::last_lines(&session, RECENT);
        recent.reverse();
        self.recent.set(recent);
        self.live.set(Some(Live {
            session,
            game,
            answered: None,
        }));
        self.lifted.set(None);
        self.confirm.set(None);
        self.quest_end.set(None);
        self.message.set(None);
        if self.shell.screen.get_untracked() == TABLE {
            scroll_top();
        } else {
            self.go(TABLE);
        }
        self.schedule_computer();
    }

    /// A saved game was deleted: stop playing it if it is the one open.
    pub fn forget(&self, id: &str) {
        if self
            .live
            .with_untracked(|l| l.as_ref().is_some_and(|l| l.session.id == id))
        {
            self.cancel_computer();
            self.live.set(None);
        }
    }

    /// Save the game being played (after every change); a failure is said, play goes on.
    fn save(&self) {
        let result = self.live.with_untracked(|l| {
            l.as_ref()
                .map(|l| crate::storage::keep(&l.session, &l.game))
                .unwrap_or(Ok(()))
        });
        self.shell.save_error.set(result.err());
    }

    /// `seat` takes `action`. A refused action changes nothing and says why.
    pub fn act(&self, seat: Seat, action: Action) {
        crate::shell::let_go_of_focus();
        self.act_because(seat, action, None);
    }

    /// `seat` takes `action`, and the table hears why (a computer knight's reason) after it.
    fn act_because(&self, seat: Seat, action: Action, why: Option<Reason>) {
        clear(self.confirm);
        let Some(result) = self.live.try_update(|l| {
            let l = l.as_mut()?;
            let public = matches!(need_of(l), Need::Public(s) if s == seat);
            let done = l.play(seat, action, now_ms());
            if l.game.decider() != l.answered {
                l.answered = None;
            }
            // What a choice made on the table brought him privately waits for his curtain.
            if public && let Ok(events) = &done {
                l.session.keep_for_later(seat, events);
            }
            // A give-back that is no choice is played on the table at once, with no curtain; so
            // is the pass of a person playing alone who holds no Merlin.
            let forced = done
                .is_ok()
                .then(|| {
                    l.give_back_if_forced(now_ms())
                        .or_else(|| l.pass_if_no_merlin(now_ms()))
                })
                .flatten();
            Some((done, forced))
        }) else {
            return;
        };
        let (result, forced) = result.unzip();
        match result {
            Some(Ok(events)) => {
                clear(self.message);
                self.tell(seat, &action, why.as_ref(), &events);
                if let Some(p) = forced.flatten() {
                    self.tell(p.seat, &p.action, None, &p.events);
                    if matches!(p.action, Action::GiveBack { .. }) {
                        let names = self.names.get_untracked();
                        self.note(asks::forced_give_back_line(p.seat, &names));
                    }
                }
                self.save();
                // The phone stays with the knight while the decision stays his, or while the
                // table is asked a question on his screen.
                self.keep_or_cover();
                self.schedule_computer();
            }
            Some(Err(refusal)) => {
                let names = self.names.get_untracked();
                self.message
                    .set(Some(words::error_reason(&refusal, &names)));
            }
            None => {}
        }
    }

    /// After a move, the person holding the phone keeps it ([`keeps_phone`]) or his screen is
    /// covered.
    fn keep_or_cover(&self) {
        let Some(holder) = self.lifted.get_untracked() else {
            return;
        };
        let keeps = self
            .live
            .with_untracked(|l| l.as_ref().is_some_and(|l| keeps_phone(l, holder)));
        if !keeps {
            self.lifted.set(None);
        }
    }

    /// The table hears what a move did: a line of commentary per public event, the screen
    /// reader the same.
    fn tell(&self, seat: Seat, action: &Action, why: Option<&Reason>, events: &[Event]) {
        let names = self.names.get_untracked();
        let why = why.map(|why| words::reason_line(why, &names));
        let lines = log::told_lines(action, seat, events, why, &names);
        if !lines.is_empty() {
            self.shell.said.set(Some(lines.join(" ")));
        }
        if let Some(end) = QuestEnd::of(events, &names) {
            // The whole table looks: whoever held the phone covers his cards first.
            clear(self.lifted);
            clear(self.confirm);
            self.quest_end.set(Some(end));
        }
        self.recent.update(|r| {
            r.splice(0..0, lines.into_iter().rev());
            r.truncate(RECENT);
        });
        bring_decision_into_view();
    }

    /// A line the app adds to the running commentary, after what the last move did.
    fn note(&self, line: String) {
        self.shell
            .said
            .update(|s| *s = Some(format!("{} {line}", s.as_deref().unwrap_or_default())));
        self.recent.update(|r| {
            r.insert(0, line);
            r.truncate(RECENT);
        });
    }

    /// The seat whose private screen shows (tracked): the one whose curtain is lifted, or, with
    /// one person at a table of computer knights, always his (no curtain: nobody to hide from).
    pub fn private_seat(&self) -> Option<Seat> {
        self.lifted.get().or_else(|| {
            self.live
                .with(|l| l.as_ref().and_then(|l| l.session.lone_person()))
        })
    }

    /// Whether one person plays with computer knights only (tracked).
    pub fn alone(&self) -> bool {
        self.live.with(|l| {
            l.as_ref()
                .is_some_and(|l| l.session.lone_person().is_some())
        })
    }

    /// The person `seat` has lifted his curtain: his private screen shows.
    pub fn lift(&self, seat: Seat) {
        crate::shell::let_go_of_focus();
        self.lifted.set(Some(seat));
        self.message.set(None);
        scroll_top();
    }

    /// The person `seat` covers his screen again (the table talks over the board).
    pub fn cover(&self) {
        self.lifted.set(None);
        self.confirm.set(None);
        bring_decision_into_view();
    }

    /// `seat` has looked at his Loyalty card at the start.
    pub fn looked(&self, seat: Seat) {
        crate::shell::let_go_of_focus();
        self.live.update(|l| {
            if let Some(l) = l.as_mut() {
                l.session.loyalty_looks.retain(|s| *s != seat);
            }
        });
        self.lifted.set(None);
        self.save();
        self.schedule_computer();
    }

    /// `seat` has read what he was told privately since his last turn.
    pub fn told(&self, seat: Seat) {
        if self.live.with_untracked(|l| {
            l.as_ref()
                .is_some_and(|l| l.session.notices.iter().any(|n| n.seat == seat))
        }) {
            crate::shell::let_go_of_focus();
            self.live.update(|l| {
                if let Some(l) = l.as_mut() {
                    l.session.told(seat);
                }
            });
            self.save();
        }
    }

    /// The table has seen the quest's end: play goes on.
    pub fn quest_end_seen(&self) {
        crate::shell::let_go_of_focus();
        self.quest_end.set(None);
        self.schedule_computer();
    }

    /// The end screen turned `n` Loyalty cards over.
    pub fn end_shown(&self, n: usize) {
        self.live.update(|l| {
            if let Some(l) = l.as_mut() {
                l.session.end_shown = n;
            }
        });
        self.save();
    }

    fn cancel_computer(&self) {
        if let Some(h) = self.timer.get_value() {
            h.clear();
        }
        self.timer.set_value(None);
        self.ready.set_value(None);
        // Thinking given up: its console timer stops too.
        if self
            .thinking
            .try_update_value(Option::take)
            .flatten()
            .is_some()
        {
            web_sys::console::time_end_with_label(THINKS);
        }
    }

    /// If a computer knight decides now, he moves after a moment (at once when the player asked
    /// for less motion), from his own seat's view only. He begins to think at once, a slice at a
    /// time ([`thinking`]), so that the moment hides his thinking.
    fn schedule_computer(&self) {
        self.cancel_computer();
        if self.quest_end.with_untracked(Option::is_some) {
            return;
        }
        let Some(Need::Computer(seat)) = self.need.get_untracked() else {
            return;
        };
        let ctx = *self;
        let delay = if self.fast.get_untracked() {
            0.0
        } else if crate::shell::reduced_motion() {
            150.0
        } else {
            700.0
        };
        let not_before = now_ms() + delay;
        // After the page has drawn the move before.
        self.after(0.0, move || ctx.begin_thinking(seat, not_before));
    }

    /// "Skip": the computer knight about to move plays as soon as he has decided: at once if he
    /// has, or at the end of his thinking, still a slice at a time (the page never held).
    pub fn skip_computer(&self) {
        if let Some(Need::Computer(seat)) = self.need.get_untracked() {
            self.hurry(seat);
        }
    }

    /// "Faster" / "Normal pace": every computer knight moves at once from now on, or after a
    /// moment again (remembered).
    pub fn toggle_fast(&self) {
        let fast = !self.fast.get_untracked();
        self.fast.set(fast);
        if let Err(e) = persist::set_computers_fast(fast) {
            self.shell.save_error.set(Some(e));
        }
        if fast {
            self.skip_computer();
        }
    }
}

/// The console timer of a computer knight's decision.
const THINKS: &str = "a computer knight thinks";

/// What the whole table looks at before play goes on: a quest's end (won or lost, and everything
/// it brought: the totals and the black cards turned, swords, relics, life, siege engines, spoils)
/// or an accusation's outcome (the accused's Loyalty card, the sword it turned or laid), each a
/// line.
#[derive(Clone, Debug, PartialEq)]
pub struct QuestEnd {
    pub what: Outcome,
    pub lines: Vec<String>,
}

/// The headline of a [`QuestEnd`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    Quest {
        quest: camelot_board::Quest,
        won: bool,
    },
    Accusation {
        target: Seat,
        traitor: bool,
    },
}

impl QuestEnd {
    /// The first quest's end or accusation among a move's `events`, with what followed it until
    /// the next turn.
    pub fn of(events: &[Event], names: &[String]) -> Option<QuestEnd> {
        let (start, what) = events.iter().enumerate().find_map(|(i, e)| match *e {
            Event::QuestEnds { quest, won, .. } => Some((i, Outcome::Quest { quest, won })),
            Event::Accused {
                target, loyalty, ..
            } => Some((
                i,
                Outcome::Accusation {
                    target,
                    traitor: loyalty == camelot_board::Loyalty::Traitor,
                },
            )),
            _ => None,
        })?;
        let lines = log::public_merged(&events[start..])
            .iter()
            .take_while(|e| !matches!(e, Event::TurnBegins { .. }))
            .filter(|e| !says_only_the_outcome(e))
            .filter_map(|e| words::event_line(e, names))
            .collect();
        Some(QuestEnd { what, lines })
    }
}

/// A quest's end that says nothing its panel's title does not ("Excalibur: won" under "Quest
/// won: Excalibur"): no totals (not a fight), no black cards turned over, no card of Kay's.
fn says_only_the_outcome(e: &Event) -> bool {
    matches!(e, Event::QuestEnds { quest, black_cards, kay: None, .. }
        if !quest.rules().combat && black_cards.is_empty())
}

/// After a move, what the table must do next (the curtain, the next choice, a quest's end, a
/// computer knight thinking, the end) is brought into view if it is not: nobody has to scroll to
/// find it. Once the page has drawn it.
fn bring_decision_into_view() {
    request_animation_frame(|| {
        let Some(window) = web_sys::window() else {
            return;
        };
        let Some(next) = window.document().and_then(|d| {
            d.query_selector(".board-table [data-decision]")
                .ok()
                .flatten()
        }) else {
            return;
        };
        let rect = next.get_bounding_client_rect();
        let height = window
            .inner_height()
            .ok()
            .and_then(|h| h.as_f64())
            .unwrap_or(0.0);
        if rect.top() < 0.0 || rect.top() > height * 0.6 {
            next.scroll_into_view();
        }
    });
}

/// What the computer knight in `seat` does, playing at `level`: deciding from the seat's own view
/// (a borrowed glimpse: it cannot see what the seat may not), with randomness drawn from the game's
/// seed and the move's number, so a game replays the same whoever plays it.
/// Beside the choice, the reason the computer knight gives the table for it (worked out from the
/// same view).
pub fn computer_decision(
    game: &Game,
    seat: Seat,
    level: Level,
    seed: u64,
    move_number: usize,
) -> Option<(Action, Reason)> {
    let (legal, mut rng, deciding) =
        thinking::begin_decision(game, seat, level, seed, move_number)?;
    let i = match deciding {
        Deciding::Made(i) => i,
        Deciding::LooksAhead(mut looking) => looking.finish(&game.look(seat)?, &legal, &mut rng),
    };
    thinking::reason_for(game, seat, level, &legal, i)
}

/// What the table must show for `live`.
pub fn need_of(live: &Live) -> Need {
    if let Some(&seat) = live.session.loyalty_looks.first() {
        return Need::LoyaltyLook(seat);
    }
    match live.game.decider() {
        None => Need::Over,
        Some(seat) if live.session.is_computer(seat) => Need::Computer(seat),
        // One person with computer knights has nobody to hide from: all is on his screen.
        Some(seat) if live.session.lone_person().is_some() => Need::Person(seat),
        Some(seat) => match live.merlin_question() {
            Some(q) => Need::Merlins(q),
            None if asks::is_public(&live.game, seat) => Need::Public(seat),
            None => Need::Person(seat),
        },
    }
}

/// Whether `seat` sees his Loyalty card for the first time now: at his first look, or when three
/// players may first look at theirs (the line that tells him so still unread). Then the goal it
/// gives him shows in full; after that it is folded under the card, a tap away.
pub fn first_sight_of_loyalty(live: &Live, seat: Seat) -> bool {
    live.session.loyalty_looks.first() == Some(&seat)
        || live
            .session
            .notices_for(seat)
            .iter()
            .any(|n| matches!(n, camelot_board::PrivateEvent::Loyalty { .. }))
}

/// Whether `seat`'s first look at his Loyalty card is also his opening gesture: he is the one
/// to lay a card now, so his private screen shows both.
pub fn offers_at_look(live: &Live, seat: Seat) -> bool {
    live.session.loyalty_looks.first() == Some(&seat)
        && live.game.decider() == Some(seat)
        && live.game.glimpse(seat).step() == camelot_board::sim::Step::OpeningOffer
}

/// Whether the person holding the phone (his private screen up) keeps it after a move: the next
/// decision is his own, or a question that interrupts his moment and hides nothing (Excalibur's
/// sacrifice, the Merlin round of a special black card), which shows on his screen above his
/// cards: he asks it aloud and taps the answer, and nobody else needs the phone.
pub fn keeps_phone(live: &Live, holder: Seat) -> bool {
    match need_of(live) {
        Need::Person(seat) | Need::Public(seat) if seat == holder => true,
        Need::Public(seat) => asks::interrupts(&live.game, seat),
        Need::Merlins(_) => true,
        _ => false,
    }
}

thread_local! {
    static CTX: std::cell::Cell<Option<Ctx>> = const { std::cell::Cell::new(None) };
}

/// The board game's state: made the first time one of its screens shows, under the app's root
/// owner, so it lives as long as the app.
pub fn use_ctx() -> Ctx {
    crate::shell::game_state(&CTX, Ctx::new)
}

/// A saved game was deleted: if it is the board game open, it is open no more (nothing is made
/// if no board game screen has shown).
pub fn forget(id: &str) {
    if let Some(ctx) = CTX.get() {
        ctx.forget(id);
    }
}

/// The board game in the app's list of games ([`crate::games::GAMES`]).
pub const ENTRY: crate::games::GameEntry = crate::games::GameEntry {
    front: crate::games::Front {
        kind: GameKind::Board,
        code: "board",
        name: crate::i18n::K::game_kind_board,
        new_game: crate::i18n::K::home_new_board_game,
        new_game_testid: "new-board-game",
        coach: Some((crate::i18n::K::home_coach_board, "coach-board")),
        screens: crate::app::BOARD_SCREENS,
        at_start: None,
    },
    reader: persist::READER,
    book: &rules::BOOK,
    settings: Some(|saved| view! { <coach::BoardSettings on_saved=saved /> }.into_any()),
    forget,
};

/// Open the saved game the shell was asked to open (Continue, a reload mid-game, Saved games), now
/// that the board game's screens have loaded; if it cannot be read, Home says why.
pub fn open_pending() {
    let shell = crate::shell::use_shell();
    let Some(id) = shell.opening.get_untracked() else {
        return;
    };
    shell.opening.set(None);
    match crate::storage::open(&id) {
        Ok((session, game)) => use_ctx().open_played(session, game),
        Err(problem) => shell.could_not_open(problem),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_kit::Level;
    use session::Sitter;

    fn names(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("P{i}")).collect()
    }

    /// A table of computer knights plays a whole game from their own views, each choice
    /// legal, and the game replays from its record.
    #[test]
    fn computer_knights_play_a_whole_game_from_their_own_views() {
        for players in 3..=7u8 {
            let mut sitters = vec![
                Sitter::Computer {
                    level: Level::Expert
                };
                players as usize
            ];
            sitters[0] = Sitter::Person;
            let setup = camelot_board::Setup::new(players, 40 + u64::from(players));
            let mut s = Session::new("b".into(), names(players as usize), sitters, setup, 0.0);
            s.loyalty_looks.clear();
            let mut game = s.game().unwrap();
            let mut n = 0;
            while let Some(seat) = game.decider() {
                // The person plays as a computer knight would, for the test.
                let action =
                    computer_decision(&game, seat, Level::Expert, s.setup.seed, s.moves.len())
                        .unwrap()
                        .0;
                s.apply(&mut game, seat, action, n as f64).unwrap();
                n += 1;
                assert!(n < 20_000, "{players} knights: the game does not end");
            }
            assert!(game.outcome().is_some());
            assert_eq!(s.game().unwrap().table_view(), game.table_view());
        }
    }

    /// A quest's end is shown to the table with everything it brought, and only that:
    /// what came before it in the move, and the next turn, are not part of it.
    #[test]
    fn a_quest_end_shows_what_the_quest_brought() {
        use camelot_board::{Colour, Quest, Relic, White};
        let events = vec![
            Event::FightCardPlayed {
                seat: Seat(0),
                quest: Quest::BlackKnight,
                card: White::Fight5,
            },
            Event::QuestEnds {
                quest: Quest::BlackKnight,
                won: true,
                white_total: 12,
                black_total: 9,
                black_cards: vec![],
                kay: None,
                winner: Some(Seat(0)),
                present: vec![Seat(0)],
            },
            Event::SwordsLaid {
                colour: Colour::White,
                count: 1,
            },
            Event::RelicWon {
                relic: Relic::LancelotsArmor,
                seat: Seat(0),
            },
            Event::TurnBegins {
                seat: Seat(1),
                turn: 4,
                traitor_turn: false,
            },
            Event::SiegeEngineAdded { engines: 3 },
        ];
        crate::i18n::set_texts(crate::i18n::checks::pack::<i18n::B>(crate::i18n::Lang::En));
        let end = QuestEnd::of(&events, &names(2)).expect("a quest's end");
        assert_eq!(
            end.what,
            Outcome::Quest {
                quest: Quest::BlackKnight,
                won: true
            }
        );
        assert_eq!(end.lines.len(), 3, "{:?}", end.lines);
        assert!(end.lines[0].contains("12"), "{:?}", end.lines);
        assert!(end.lines.iter().all(|l| !l.contains("siege engine")));
        assert_eq!(QuestEnd::of(&events[..1], &names(2)), None);
        // A quest without a fight: its end is the panel's title, not a line again; the black
        // cards it turned over are a line.
        let mut excalibur = vec![
            Event::QuestEnds {
                quest: Quest::Excalibur,
                won: true,
                white_total: 0,
                black_total: 0,
                black_cards: vec![],
                kay: None,
                winner: Some(Seat(0)),
                present: vec![Seat(0)],
            },
            Event::RelicWon {
                relic: Relic::Excalibur,
                seat: Seat(0),
            },
        ];
        let end = QuestEnd::of(&excalibur, &names(2)).expect("a quest's end");
        assert_eq!(end.lines, vec!["P1 wins Excalibur".to_string()]);
        if let Event::QuestEnds { black_cards, .. } = &mut excalibur[0] {
            black_cards.push(camelot_board::Black::Despair);
        }
        let end = QuestEnd::of(&excalibur, &names(2)).expect("a quest's end");
        assert_eq!(end.lines.len(), 2, "{:?}", end.lines);
    }

    /// An accusation's outcome is shown to the whole table, as a quest's end is: whose Loyalty
    /// card was turned over, and the sword it turned or laid.
    #[test]
    fn an_accusations_outcome_is_shown_to_the_table() {
        use camelot_board::{Colour, Loyalty};
        crate::i18n::set_texts(crate::i18n::checks::pack::<i18n::B>(crate::i18n::Lang::En));
        let accused = |loyalty| Event::Accused {
            accuser: Seat(0),
            target: Seat(1),
            loyalty,
        };
        let events = vec![accused(Loyalty::Loyal), Event::SwordFlipped];
        let end = QuestEnd::of(&events, &names(2)).expect("shown to the table");
        assert_eq!(
            end.what,
            Outcome::Accusation {
                target: Seat(1),
                traitor: false
            }
        );
        assert_eq!(end.lines.len(), 2, "{:?}", end.lines);
        let events = vec![
            accused(Loyalty::Traitor),
            Event::SwordsLaid {
                colour: Colour::White,
                count: 1,
            },
            Event::TraitorUnmasked { seat: Seat(1) },
        ];
        let end = QuestEnd::of(&events, &names(2)).expect("shown to the table");
        assert_eq!(
            end.what,
            Outcome::Accusation {
                target: Seat(1),
                traitor: true
            }
        );
    }

    /// At a table of persons, each one's first look at his Loyalty card is also his opening
    /// gesture, in its order: one private screen each, which ends with the card he lays.
    #[test]
    fn each_first_look_is_also_the_opening_gesture() {
        for seed in 0..10 {
            let setup = camelot_board::Setup::new(4, seed);
            let s = Session::new("b".into(), names(4), vec![Sitter::Person; 4], setup, 0.0);
            let game = s.game().unwrap();
            let mut live = Live {
                session: s,
                game,
                answered: None,
            };
            for _ in 0..4 {
                let Need::LoyaltyLook(seat) = need_of(&live) else {
                    panic!("a look is due");
                };
                assert!(
                    offers_at_look(&live, seat),
                    "seed {seed}: {seat:?} lays his card"
                );
                assert!(first_sight_of_loyalty(&live, seat), "his goal in full");
                let offer = live.game.legal_actions()[0];
                assert!(matches!(offer, Action::OfferCard { .. }));
                live.play(seat, offer, 0.0).unwrap();
                assert!(!first_sight_of_loyalty(&live, seat), "then folded");
            }
            assert!(live.session.loyalty_looks.is_empty(), "every look is done");
        }
    }

    /// Three players look at their Loyalty cards later: a person sees the goal in full while the
    /// line that tells him so is unread, folded under the card once he has read it.
    #[test]
    fn three_players_see_their_goal_in_full_when_they_may_first_look() {
        let setup = camelot_board::Setup::new(3, 5);
        assert!(setup.options.three_player_peek);
        let s = Session::new("b".into(), names(3), vec![Sitter::Person; 3], setup, 0.0);
        let game = s.game().unwrap();
        let mut live = Live {
            session: s,
            game,
            answered: None,
        };
        assert!(
            live.session.loyalty_looks.is_empty(),
            "no look at the start"
        );
        assert!(!first_sight_of_loyalty(&live, Seat(2)));
        live.session.notices.push(session::Notice {
            seat: Seat(2),
            private: camelot_board::PrivateEvent::Loyalty {
                loyalty: camelot_board::Loyalty::Loyal,
            },
        });
        assert!(first_sight_of_loyalty(&live, Seat(2)));
        assert!(!first_sight_of_loyalty(&live, Seat(1)), "his own line only");
        live.session.told(Seat(2));
        assert!(!first_sight_of_loyalty(&live, Seat(2)));
    }

    #[test]
    fn the_table_shows_loyalty_looks_first_then_whoever_decides() {
        let sitters = vec![
            Sitter::Person,
            Sitter::Computer {
                level: Level::Expert,
            },
            Sitter::Person,
        ];
        let mut setup = camelot_board::Setup::new(3, 5);
        setup.options.three_player_peek = false;
        let s = Session::new("b".into(), names(3), sitters, setup, 0.0);
        let game = s.game().unwrap();
        let mut live = Live {
            session: s,
            game,
            answered: None,
        };
        // The looks follow the opening gesture's order, from the first player.
        let first = live.game.decider().unwrap();
        let persons: Vec<Seat> = (0..3)
            .map(|i| Seat((first.0 + i) % 3))
            .filter(|s| *s != Seat(1))
            .collect();
        assert_eq!(live.session.loyalty_looks, persons);
        assert_eq!(need_of(&live), Need::LoyaltyLook(persons[0]));
        live.session.loyalty_looks.clear();
        let decider = live.game.decider().unwrap();
        let want = if decider == Seat(1) {
            Need::Computer(decider)
        } else {
            Need::Person(decider)
        };
        assert_eq!(need_of(&live), want);
    }
}
