//! The Card Game in the app: its screens (new game, the table, the curtain and private screens,
//! the quest reveal, the end and the log), its computer knights' pacing, its saved `Session`, and
//! its state (`Ctx`, made the first time one of its screens shows). The engine (crate
//! `camelot-card`) decides every rule; these screens render `TableView` and, behind a curtain, one
//! seat's `SeatView`, and send actions through the `Session`.

pub mod bots;
pub mod cards;
pub mod coach;
pub mod curtain;
pub mod end;
pub mod log;
pub mod new_game;
pub mod persist;
pub mod rescue;
pub mod resolution;
pub mod review;
pub mod rules;
pub mod session;
pub mod settings;
#[cfg(test)]
mod store_tests;
pub mod swords;
pub mod table;
pub mod words;

use crate::card::session::{Owed, Session, Sitter};
use crate::shell::{Screen, Shell};
use crate::storage::GameKind;
use camelot_card::{Action, Decision, Event, Game, Loyalty, Resolution, Seat, TableView};
use leptos::prelude::*;
use std::time::Duration;

/// The Card Game's screens.
pub const NEW_GAME: Screen = Screen::NewGame(GameKind::Card);
pub const TABLE: Screen = Screen::Table(GameKind::Card);
pub const LOG: Screen = Screen::Log(GameKind::Card);

/// The game being played: the saved record, the engine state it replays to, and the minds of its
/// computer knights (rebuilt on opening, never saved). Made by [`Live::new`] (bots.rs).
pub struct Live {
    pub session: Session,
    pub game: Game,
    pub bots: bots::Bots,
    /// The player who answered the table's Knight question (rescue.rs) and gets the phone for the
    /// window now open. Never saved: after a reload the table is asked again.
    pub answered: Option<Seat>,
}

/// Why the phone must go to one player behind a curtain.
#[derive(Clone, Debug, PartialEq)]
pub enum Need {
    /// A private screen owed from earlier (first Loyalty peek, Knight card drawn, Tristan, Galahad).
    Owed(Owed),
    /// A private decision the engine waits for.
    Decide(Decision),
    /// A player asked to look at their own cards.
    Peek,
    /// The coach beside a person's own public decision (his turn, Vivien's choice), in a game
    /// where the tips show, until he chooses himself.
    Coach,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CurtainNeed {
    pub seat: Seat,
    pub need: Need,
}

/// What needs a curtain now: owed screens first (oldest first), then a private decision, then a
/// player's own request to look at their cards. Nothing once the game is over. Never for a computer
/// knight: it decides its private steps without a curtain, and nobody may look at its cards.
pub fn curtain_need(live: &Live, peek: Option<Seat>) -> Option<CurtainNeed> {
    let (seat, decision) = live.game.decider()?;
    let person = |s: Seat| !live.session.is_computer(s);
    if let Some(o) = live.session.owed.front() {
        return person(o.seat()).then(|| CurtainNeed {
            seat: o.seat(),
            need: Need::Owed(o.clone()),
        });
    }
    if decision.is_private() {
        if !person(seat) {
            return None;
        }
        // A Knight card's window goes to a player only once they said they play one: until then
        // the table is asked in public (rescue.rs), and anyone may still look at their cards.
        if !rescue::is_window(decision) || live.answered == Some(seat) {
            return Some(CurtainNeed {
                seat,
                need: Need::Decide(decision),
            });
        }
    }
    peek.filter(|s| person(*s)).map(|seat| CurtainNeed {
        seat,
        need: Need::Peek,
    })
}

/// The coach's screen at a person's own public decision when the game's tips show (`coaching`),
/// unless he chose to decide himself at this move (`off_at`, the number of moves then).
pub fn coach_need(live: &Live, coaching: bool, off_at: Option<usize>) -> Option<CurtainNeed> {
    let (seat, decision) = live.game.decider()?;
    let own = coaching
        && !decision.is_private()
        && !live.session.is_computer(seat)
        && off_at != Some(live.session.actions.len());
    own.then_some(CurtainNeed {
        seat,
        need: Need::Coach,
    })
}

/// One computer knight's move as the table reads it: "‹name› (computer): Listened to Rumors".
#[derive(Clone, Debug, PartialEq)]
pub struct ComputerLine {
    pub seat: Seat,
    pub text: String,
}

/// The quest reveal to play (or show again).
#[derive(Clone, Debug, PartialEq)]
pub struct Reveal {
    pub resolution: Resolution,
    pub quester: Option<Seat>,
    pub animate: bool,
}

/// An accusation's result, shown big to the whole table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AccusationResult {
    pub accuser: Seat,
    pub target: Seat,
    pub loyalty: Loyalty,
}

/// App-wide state of the game screens, provided as context.
#[derive(Clone, Copy)]
pub struct Ctx {
    pub screen: RwSignal<Screen>,
    /// Where the Rules (and Log) screens go back to.
    pub back_to: RwSignal<Screen>,
    pub live: RwSignal<Option<Live>>,
    pub view: Memo<Option<TableView>>,
    pub names: Memo<Vec<String>>,
    pub need: Memo<Option<CurtainNeed>>,
    /// The seat whose private screen is showing (never saved: a reload comes back covered).
    pub lifted: RwSignal<Option<Seat>>,
    pub peek: RwSignal<Option<Seat>>,
    /// A refused action or other problem, in plain words.
    pub message: RwSignal<Option<String>>,
    pub save_error: RwSignal<Option<String>>,
    /// Public events of the last action.
    pub last_events: RwSignal<Vec<Event>>,
    /// What a screen reader says about the last move, in the one live region that stays in the
    /// page from move to move (app.rs): the move's public events in words, after a computer
    /// knight's reason. The sections that show the same on screen are not live regions.
    pub said: RwSignal<Option<String>>,
    pub reveal: RwSignal<Option<Reveal>>,
    /// Silence ended during this turn: "You may speak again" shows until the next player acts.
    pub speak_again: RwSignal<Option<u32>>,
    pub count_aloud: RwSignal<Option<(Seat, u32)>>,
    pub accusation: RwSignal<Option<AccusationResult>>,
    /// Date.now(), ticking each second.
    pub now: RwSignal<f64>,
    pub turn_started: RwSignal<f64>,
    pub quester: RwSignal<Option<Seat>>,
    /// An accusation waiting for its reveal (Percival's window may come in between).
    pub accused: RwSignal<Option<(Seat, Seat)>>,
    /// How many Loyalty cards the end screen has turned over (kept while visiting the log).
    pub end_shown: RwSignal<usize>,
    /// Who sits in each seat (empty: all persons).
    pub sitters: Memo<Vec<Sitter>>,
    /// The computer knight about to move ("‹name› is thinking…").
    pub thinking: RwSignal<Option<Seat>>,
    /// The table asked computer knights to play at once (not saved).
    pub fast: RwSignal<bool>,
    /// What the computer knights did since a person last took a turn, oldest first.
    pub computer_lines: RwSignal<Vec<ComputerLine>>,
    /// When the newest computer line appeared (Date.now()).
    pub computer_line_ms: StoredValue<Option<f64>>,
    /// The timer of the computer knight's next move.
    pub computer_timer: StoredValue<Option<TimeoutHandle>>,
    /// When the coach's tips show (remembered with the Card Game's settings).
    pub tips: RwSignal<crate::coach::Tips>,
    /// The number of moves at which the person chose to decide himself: the coach's screen
    /// gives way to the table until his next decision.
    pub coach_off_at: RwSignal<Option<usize>>,
}

impl Ctx {
    /// The Card Game's state beside the shell's (whose signals it shares), made under the app's
    /// root owner the first time a Card Game screen shows.
    fn new(shell: Shell) -> Ctx {
        let live: RwSignal<Option<Live>> = RwSignal::new(None);
        let peek = RwSignal::new(None);
        let now = RwSignal::new(now_ms());
        let view = Memo::new(move |_| live.with(|l| l.as_ref().map(|l| l.game.table_view())));
        let tips = RwSignal::new(persist::tips());
        let coach_off_at = RwSignal::new(None);
        // Morgan's silence changes the whole page while the table shows; the shell knows a game
        // is open (a screen that cannot be fetched says it was saved).
        Effect::new(move |_| {
            let silent = view.with(|v| {
                v.as_ref()
                    .is_some_and(|v| v.silence.is_some() && v.winner.is_none())
            });
            shell.table_class.set(silent.then_some("silence"));
            shell.game_open.set(live.with(Option::is_some));
        });
        // Leaving the table, by whatever way (Home, Rules), always covers the private screens.
        let lifted = RwSignal::new(None);
        Effect::new(move |_| {
            if shell.screen.get() != TABLE {
                lifted.set(None);
                peek.set(None);
            }
        });
        // The clock of the silence timer.
        if let Ok(handle) =
            set_interval_with_handle(move || now.set(now_ms()), Duration::from_secs(1))
        {
            on_cleanup(move || handle.clear());
        }
        Ctx {
            screen: shell.screen,
            back_to: shell.back_to,
            live,
            view,
            names: Memo::new(move |_| {
                live.with(|l| l.as_ref().map(|l| l.session.names.clone()))
                    .unwrap_or_default()
            }),
            need: Memo::new(move |_| {
                let p = peek.get();
                let tips = tips.get();
                let off_at = coach_off_at.get();
                live.with(|l| {
                    let l = l.as_ref()?;
                    curtain_need(l, p).or_else(|| coach_need(l, tips.show(l.session.coach), off_at))
                })
            }),
            lifted,
            peek,
            message: RwSignal::new(None),
            save_error: shell.save_error,
            last_events: RwSignal::new(Vec::new()),
            said: shell.said,
            reveal: RwSignal::new(None),
            speak_again: RwSignal::new(None),
            count_aloud: RwSignal::new(None),
            accusation: RwSignal::new(None),
            now,
            turn_started: RwSignal::new(now_ms()),
            quester: RwSignal::new(None),
            accused: RwSignal::new(None),
            end_shown: RwSignal::new(0),
            sitters: Memo::new(move |_| {
                live.with(|l| l.as_ref().map(|l| l.session.sitters.clone()))
                    .unwrap_or_default()
            }),
            thinking: RwSignal::new(None),
            fast: RwSignal::new(persist::computers_fast()),
            computer_lines: RwSignal::new(Vec::new()),
            computer_line_ms: StoredValue::new(None),
            computer_timer: StoredValue::new(None),
            tips,
            coach_off_at,
        }
    }

    /// Whether a computer knight sits in `seat` (tracked).
    pub fn is_computer(&self, seat: Seat) -> bool {
        self.sitters
            .with(|s| s.get(seat.index()).is_some_and(|s| s.is_computer()))
    }

    /// The sitter of `seat` (tracked).
    pub fn sitter(&self, seat: Seat) -> Sitter {
        self.sitters
            .with(|s| s.get(seat.index()).copied())
            .unwrap_or_default()
    }

    /// One person plays alone (with computer knights, or solo): no curtain (tracked).
    pub fn one_person(&self) -> bool {
        self.live
            .with(|l| l.as_ref().is_some_and(|l| l.session.one_person()))
    }

    /// A player's name (tracked).
    pub fn name(&self, seat: Seat) -> String {
        self.names
            .with(|n| n.get(seat.index()).cloned())
            .unwrap_or_else(|| "?".into())
    }

    pub fn go(&self, screen: Screen) {
        if screen != TABLE {
            // Leaving the table always covers the private screens.
            self.lifted.set(None);
            self.peek.set(None);
        }
        self.message.set(None);
        self.screen.set(screen);
        scroll_top();
    }

    /// Start playing a session whose replayed state is `game`.
    pub fn open_played(&self, session: Session, game: Game) {
        let live = match Live::new(session, game) {
            Ok(l) => l,
            Err(e) => {
                self.message
                    .set(Some(crate::storage::StorageError::from(e).to_string()));
                return;
            }
        };
        let turn_started = live.session.turn_started_ms;
        let (last_turn, last) = live.session.last_played();
        let end_shown = live.session.end_shown;
        // A quest's reveal or an accusation's result the table had not closed comes back.
        let quester = live.session.last_quester();
        let view = live.game.table_view();
        let reveal = view
            .resolution
            .filter(|_| live.session.reveal_open)
            .map(|resolution| Reveal {
                resolution,
                quester,
                animate: false,
            });
        let accused = live
            .session
            .last_accusation()
            .filter(|_| live.session.accusation_open);
        let accusation = accused.and_then(|(accuser, target)| {
            let loyalty = view.seats.get(target.index())?.revealed?;
            Some(AccusationResult {
                accuser,
                target,
                loyalty,
            })
        });
        if let Err(e) = crate::storage::set_current(&live.session.id) {
            self.save_error.set(Some(e.to_string()));
        }
        self.cancel_computer();
        self.computer_line_ms.set_value(None);
        self.live.set(Some(live));
        self.show_computer_lines();
        self.lifted.set(None);
        self.peek.set(None);
        self.reveal.set(reveal);
        self.accused.set(accused.filter(|_| accusation.is_none()));
        self.accusation.set(accusation);
        // What the table showed as "just now" before the reload shows again.
        self.speak_again.set(None);
        self.count_aloud.set(None);
        for e in &last {
            self.show_in_passing(e, last_turn);
        }
        self.last_events
            .set(last.into_iter().filter(Event::is_public).collect());
        self.said.set(None);
        self.quester.set(quester);
        self.end_shown.set(end_shown);
        self.turn_started.set(turn_started.unwrap_or_else(now_ms));
        if self.screen.get_untracked() == TABLE {
            // Opened by the table's own screen (Continue, a reload): it shows already.
            self.message.set(None);
            scroll_top();
        } else {
            self.go(TABLE);
        }
    }

    /// A saved game was deleted: stop playing it if it is the one open.
    pub fn forget(&self, id: &str) {
        let open = self
            .live
            .with_untracked(|l| l.as_ref().is_some_and(|l| l.session.id == id));
        if open {
            self.cancel_computer();
            self.live.set(None);
            self.lifted.set(None);
            self.peek.set(None);
            self.reveal.set(None);
            self.accusation.set(None);
        }
    }

    /// Save the current session; a failure is shown, play goes on.
    pub fn save(&self) {
        let result = self.live.with_untracked(|l| match l {
            Some(l) => crate::storage::keep(&l.session, &l.game),
            None => Ok(()),
        });
        self.save_error.set(result.err());
    }

    /// Send a person's action for `seat` through the session; a refused action is shown as a
    /// message.
    pub fn act(&self, seat: Seat, action: Action) {
        crate::shell::let_go_of_focus();
        let now = now_ms();
        let mut outcome = None;
        let mut turn = 0;
        let mut own_turn = false;
        self.live.update(|l| {
            if let Some(l) = l {
                turn = l.game.turn();
                own_turn = matches!(
                    l.game.decider(),
                    Some((s, Decision::Turn | Decision::VivienRecipient)) if s == seat
                );
                outcome = Some(l.apply(seat, action, now));
            }
        });
        let acted = matches!(outcome, Some(Ok(_)));
        match outcome {
            None => {}
            Some(Err(e)) => self
                .message
                .set(Some(words::rule_error_text(&e, &|s| self.name(s)))),
            Some(Ok(events)) => {
                self.message.set(None);
                if own_turn {
                    // A person took their turn: the computers' lines before it are read.
                    self.show_computer_lines();
                    self.computer_line_ms.set_value(None);
                }
                self.save();
                self.after(events, now, turn, None);
            }
        }
        // The phone moves on: cover unless the same player decides again. Then their next
        // private screen (a notice after Tristan or Galahad, another window) starts at its
        // heading, not where the last button was tapped.
        let next = self.need.get_untracked().map(|n| n.seat);
        if next != self.lifted.get_untracked() {
            self.lifted.set(None);
        } else if next.is_some() && acted {
            scroll_top();
        }
    }

    /// Stop the computer knight's pending move (the screen changed, or it is played now).
    pub fn cancel_computer(&self) {
        if let Some(h) = self.computer_timer.try_get_value().flatten() {
            h.clear();
        }
        let _ = self.computer_timer.try_set_value(None);
        if self.thinking.try_get_untracked().flatten().is_some() {
            self.thinking.set(None);
        }
    }

    /// Play the move of the computer knight the game waits for, if the game still stands at
    /// `step` actions and the table is ready for it (no private screen lifted, no overlay).
    pub fn play_computer(&self, step: usize) {
        self.cancel_computer();
        let ready = self.screen.get_untracked() == TABLE
            && self.lifted.get_untracked().is_none()
            && self.peek.get_untracked().is_none()
            && self.reveal.with_untracked(Option::is_none)
            && self.accusation.with_untracked(Option::is_none);
        if !ready {
            return;
        }
        let now = now_ms();
        let mut outcome = None;
        let mut turn = 0;
        self.live.update(|l| {
            if let Some(l) = l
                && l.session.actions.len() == step
            {
                turn = l.game.turn();
                outcome = l.play_computer(now);
            }
        });
        match outcome {
            None => {}
            Some(Err(e)) => self
                .message
                .set(Some(words::rule_error_text(&e, &|s| self.name(s)))),
            Some(Ok(m)) => {
                self.save();
                let names = self.names.get_untracked();
                let name = |s: Seat| names.get(s.index()).cloned().unwrap_or_else(|| "?".into());
                let mut why = None;
                if let Some(text) = words::why_line(&m.choice, &name) {
                    why = Some(words::computer_line(&name(m.seat), &text));
                    self.show_computer_lines();
                    self.computer_line_ms.set_value(Some(now));
                }
                self.after(m.events, now, turn, why);
            }
        }
    }

    /// "Faster" / "Normal pace": how the computer knights move from now on, remembered.
    pub fn toggle_fast(&self) {
        let fast = !self.fast.get_untracked();
        self.fast.set(fast);
        if let Err(e) = persist::set_computers_fast(fast) {
            self.save_error.set(Some(e));
        }
    }

    /// What the computers did since a person last took a turn (the last six moves with something
    /// to say), as the game keeps it: also after a reload.
    fn show_computer_lines(&self) {
        let names = self.names.get_untracked();
        let name = |s: Seat| names.get(s.index()).cloned().unwrap_or_else(|| "?".into());
        let mut lines: Vec<ComputerLine> = self.live.with_untracked(|l| {
            l.iter()
                .flat_map(|l| &l.bots.recent)
                .filter_map(|(seat, choice)| {
                    let text = words::why_line(choice, &name)?;
                    Some(ComputerLine { seat: *seat, text })
                })
                .collect()
        });
        let extra = lines.len().saturating_sub(6);
        lines.drain(..extra);
        self.computer_lines.set(lines);
    }

    /// "Skip": the computer knight about to move plays now.
    pub fn skip_computer(&self) {
        let step = self
            .live
            .with_untracked(|l| l.as_ref().map(|l| l.session.actions.len()));
        if let Some(step) = step {
            self.play_computer(step);
        }
    }

    /// What the table shows after a move: its events (and `why`, a computer knight's reason).
    fn after(&self, events: Vec<Event>, now: f64, turn: u32, why: Option<String>) {
        let said = words::move_said(why, &events, &|s| self.name(s));
        self.said.set(Some(said).filter(|s| !s.is_empty()));
        self.count_aloud.set(None);
        self.accusation.set(None);
        for e in &events {
            match e {
                Event::WentOnQuest { seat, .. } => self.quester.set(Some(*seat)),
                Event::QuestResolved { resolution } => self.reveal.set(Some(Reveal {
                    resolution: (**resolution).clone(),
                    quester: self.quester.get_untracked(),
                    animate: true,
                })),
                Event::SilenceEnds | Event::SilenceBegins | Event::CountAloud { .. } => {
                    self.show_in_passing(e, turn);
                }
                Event::TurnBegins { .. } => self.turn_started.set(now),
                Event::Accused { accuser, target } => self.accused.set(Some((*accuser, *target))),
                Event::LoyaltyRevealed { seat, loyalty } => {
                    if let Some((accuser, target)) = self.accused.get_untracked()
                        && target == *seat
                    {
                        self.accusation.set(Some(AccusationResult {
                            accuser,
                            target,
                            loyalty: *loyalty,
                        }));
                        self.accused.set(None);
                    }
                }
                _ => {}
            }
        }
        self.last_events
            .set(events.into_iter().filter(Event::is_public).collect());
    }

    /// The notes an event leaves on the table until the next action: "You may speak again" when
    /// silence ends (on the `turn` it was played in), and Morgan #2's number said aloud.
    fn show_in_passing(&self, e: &Event, turn: u32) {
        match e {
            Event::SilenceEnds => self.speak_again.set(Some(turn)),
            Event::SilenceBegins => self.speak_again.set(None),
            Event::CountAloud { seat, number } => self.count_aloud.set(Some((*seat, *number))),
            _ => {}
        }
    }

    /// The end screen turned its Loyalty cards up to the `n`th: remembered with the game, so a
    /// reload there keeps them face up.
    pub fn end_turned(&self, n: usize) {
        self.end_shown.set(n);
        let mut changed = false;
        self.live.update_untracked(|l| {
            if let Some(l) = l {
                changed = l.session.end_shown != n;
                l.session.end_shown = n;
            }
        });
        if changed {
            self.save();
        }
    }

    /// The table closed the quest's reveal or the accusation's result: a reload no longer shows
    /// it (an accusation still waiting for Percival's window stays open).
    pub fn overlay_closed(&self) {
        let pending = self.accused.with_untracked(Option::is_some);
        let mut changed = false;
        self.live.update_untracked(|l| {
            if let Some(l) = l {
                let s = &mut l.session;
                changed = s.reveal_open || s.accusation_open != pending;
                s.reveal_open = false;
                s.accusation_open = pending;
            }
        });
        if changed {
            self.save();
        }
    }

    /// "Done — hide": the private screen is covered; an owed screen is paid.
    pub fn done_private(&self) {
        let need = self.need.get_untracked();
        self.lifted.set(None);
        match need.map(|n| n.need) {
            Some(Need::Owed(_)) => {
                self.live.update(|l| {
                    if let Some(l) = l {
                        l.session.owed.pop_front();
                        l.session.updated_ms = now_ms();
                    }
                });
                self.save();
            }
            Some(Need::Peek) => self.peek.set(None),
            Some(Need::Coach) => {
                let moves = self
                    .live
                    .with_untracked(|l| l.as_ref().map(|l| l.session.actions.len()));
                self.coach_off_at.set(moves);
            }
            _ => {}
        }
    }
}

/// Computer knights move by themselves while the table shows: after a pause the table can follow
/// ("‹name› is thinking…"), or at once in fast mode. Call it from the table screen: leaving the
/// screen cancels the pending move. Nothing moves while a quest reveal or an accusation's result
/// shows, while a person's curtain or private screen is up, or while someone looks at their cards.
pub fn drive_computers(ctx: Ctx) {
    let due = Memo::new(move |_| {
        let busy = ctx.reveal.with(Option::is_some)
            || ctx.accusation.with(Option::is_some)
            || ctx.lifted.with(Option::is_some)
            || ctx.peek.with(Option::is_some)
            || ctx.need.with(Option::is_some);
        if busy {
            return None;
        }
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            let (seat, decision) = l.computer_due()?;
            Some((seat, decision, l.session.actions.len()))
        })
    });
    Effect::new(move |_| {
        ctx.cancel_computer();
        let fast = ctx.fast.get();
        let Some((seat, decision, step)) = due.get() else {
            return;
        };
        let since = ctx
            .computer_line_ms
            .get_value()
            .map(|t| (now_ms() - t).max(0.0));
        let delay = bots::delay_ms(decision, fast, since);
        if bots::pace(decision) != bots::Pace::Window {
            ctx.thinking.set(Some(seat));
        }
        if let Ok(h) = set_timeout_with_handle(
            move || {
                let _ = ctx.computer_timer.try_set_value(None);
                ctx.play_computer(step);
            },
            Duration::from_millis(delay as u64),
        ) {
            ctx.computer_timer.set_value(Some(h));
        }
    });
    on_cleanup(move || ctx.cancel_computer());
}

thread_local! {
    static CTX: std::cell::Cell<Option<Ctx>> = const { std::cell::Cell::new(None) };
}

/// The Card Game's state: made the first time, under the app's root owner, so it lives as long as
/// the app whichever screen first asked for it.
pub fn use_ctx() -> Ctx {
    crate::shell::game_state(&CTX, Ctx::new)
}

/// A saved game was deleted: if it is the Card Game open, it is open no more (nothing is made if
/// no Card Game screen has shown).
pub fn forget(id: &str) {
    if let Some(ctx) = CTX.get() {
        ctx.forget(id);
    }
}

/// The Card Game in the app's list of games ([`crate::games::GAMES`]).
pub const ENTRY: crate::games::GameEntry = crate::games::GameEntry {
    front: crate::games::Front {
        kind: GameKind::Card,
        code: "card",
        name: crate::i18n::K::game_kind_card,
        new_game: crate::i18n::K::home_new_card_game,
        new_game_testid: "new-game",
        coach: Some((crate::i18n::K::home_coach_card, "coach-card")),
        screens: crate::app::CARD_SCREENS,
        // The settings an earlier release kept among the app's become the Card Game's own.
        at_start: Some(persist::adopt_old_settings),
    },
    reader: persist::READER,
    book: &rules::BOOK,
    settings: Some(|saved| view! { <settings::CardSettings on_saved=saved /> }.into_any()),
    forget,
};

/// Open the saved game the shell was asked to open (Continue on Home, or a reload mid-game), now
/// that the table's screens have loaded; if it cannot be read, Home says why.
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

pub use crate::shell::{now_ms, random_u64, reduced_motion, test_seed};

pub use crate::shell::scroll_top;

/// "1:05" from milliseconds.
pub fn clock(ms: f64) -> String {
    let s = (ms.max(0.0) / 1000.0).floor() as u64;
    format!("{}:{:02}", s / 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_test_seed_hook_reads_the_address_fragment() {
        assert_eq!(crate::shell::parse_test_seed("#test-seed=123"), Some(123));
        assert_eq!(crate::shell::parse_test_seed("#x&test-seed=7"), Some(7));
        assert_eq!(crate::shell::parse_test_seed("#test-seed=abc"), None);
        assert_eq!(crate::shell::parse_test_seed(""), None);
    }

    #[test]
    fn clock_reads_minutes_and_seconds() {
        assert_eq!(clock(65_400.0), "1:05");
        assert_eq!(clock(-5.0), "0:00");
    }

    #[test]
    fn owed_screens_come_before_private_decisions_and_nothing_after_the_end() {
        use camelot_card::Setup;
        let s = Session::new(
            "t".into(),
            vec!["A".into(), "B".into(), "C".into()],
            Setup::new(3, 1),
            0.0,
        );
        let game = s.game().unwrap();
        let mut live = Live::new(s, game).unwrap();
        let n = curtain_need(&live, None).unwrap();
        assert_eq!(n.seat, Seat(0));
        assert!(matches!(n.need, Need::Owed(Owed::LoyaltyPeek { .. })));
        live.session.owed.clear();
        assert_eq!(curtain_need(&live, None), None);
        assert_eq!(
            curtain_need(&live, Some(Seat(2))),
            Some(CurtainNeed {
                seat: Seat(2),
                need: Need::Peek
            })
        );
    }
}
