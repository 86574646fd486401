//! The game itself: home, new game, the table, the curtain and private screens, the quest reveal,
//! the end and the log. The engine decides every rule; these screens render `TableView` and, behind
//! a curtain, one seat's `SeatView`, and send actions through the `Session`.

pub mod cards;
pub mod curtain;
pub mod end;
pub mod home;
pub mod log;
pub mod new_game;
pub mod persist;
pub mod resolution;
pub mod swords;
pub mod table;
pub mod words;

use crate::app::Screen;
use crate::session::{Owed, Session};
use camelot::{Action, Decision, Event, Game, Loyalty, Resolution, Seat, TableView};
use leptos::prelude::*;

/// The game being played: the saved record and the engine state it replays to.
pub struct Live {
    pub session: Session,
    pub game: Game,
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
}

#[derive(Clone, Debug, PartialEq)]
pub struct CurtainNeed {
    pub seat: Seat,
    pub need: Need,
}

/// What needs a curtain now: owed screens first (oldest first), then a private decision, then a
/// player's own request to look at their cards. Nothing once the game is over.
pub fn curtain_need(live: &Live, peek: Option<Seat>) -> Option<CurtainNeed> {
    let (seat, decision) = live.game.decider()?;
    if let Some(o) = live.session.owed.front() {
        return Some(CurtainNeed {
            seat: o.seat(),
            need: Need::Owed(o.clone()),
        });
    }
    if decision.is_private() {
        return Some(CurtainNeed {
            seat,
            need: Need::Decide(decision),
        });
    }
    peek.map(|seat| CurtainNeed {
        seat,
        need: Need::Peek,
    })
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
}

impl Ctx {
    pub fn new() -> Ctx {
        let live: RwSignal<Option<Live>> = RwSignal::new(None);
        let peek = RwSignal::new(None);
        let now = RwSignal::new(now_ms());
        Ctx {
            screen: RwSignal::new(Screen::Home),
            back_to: RwSignal::new(Screen::Home),
            live,
            view: Memo::new(move |_| live.with(|l| l.as_ref().map(|l| l.game.table_view()))),
            names: Memo::new(move |_| {
                live.with(|l| l.as_ref().map(|l| l.session.names.clone()))
                    .unwrap_or_default()
            }),
            need: Memo::new(move |_| {
                let p = peek.get();
                live.with(|l| l.as_ref().and_then(|l| curtain_need(l, p)))
            }),
            lifted: RwSignal::new(None),
            peek,
            message: RwSignal::new(None),
            save_error: RwSignal::new(None),
            last_events: RwSignal::new(Vec::new()),
            reveal: RwSignal::new(None),
            speak_again: RwSignal::new(None),
            count_aloud: RwSignal::new(None),
            accusation: RwSignal::new(None),
            now,
            turn_started: RwSignal::new(now_ms()),
            quester: RwSignal::new(None),
            accused: RwSignal::new(None),
            end_shown: RwSignal::new(0),
        }
    }

    /// A player's name (tracked).
    pub fn name(&self, seat: Seat) -> String {
        self.names
            .with(|n| n.get(seat.index()).cloned())
            .unwrap_or_else(|| "?".into())
    }

    pub fn go(&self, screen: Screen) {
        if screen != Screen::Table {
            // Leaving the table always covers the private screens.
            self.lifted.set(None);
            self.peek.set(None);
        }
        self.message.set(None);
        self.screen.set(screen);
        scroll_top();
    }

    /// Start playing a session (a new game, a saved one, or the current one after a reload).
    pub fn open(&self, session: Session) -> Result<(), String> {
        let game = session
            .game()
            .map_err(|e| format!("This saved game cannot be replayed: {e}"))?;
        self.open_played(session, game);
        Ok(())
    }

    /// Start playing a session whose replayed state is `game`.
    pub fn open_played(&self, session: Session, game: Game) {
        if let Err(e) = persist::set_current(&session.id) {
            self.save_error.set(Some(e));
        }
        self.live.set(Some(Live { session, game }));
        self.lifted.set(None);
        self.peek.set(None);
        self.reveal.set(None);
        self.accusation.set(None);
        self.last_events.set(Vec::new());
        self.speak_again.set(None);
        self.count_aloud.set(None);
        self.quester.set(None);
        self.accused.set(None);
        self.end_shown.set(0);
        self.turn_started.set(now_ms());
        self.go(Screen::Table);
    }

    /// A saved game was deleted: stop playing it if it is the one open.
    pub fn forget(&self, id: &str) {
        let open = self
            .live
            .with_untracked(|l| l.as_ref().is_some_and(|l| l.session.id == id));
        if open {
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
            Some(l) => persist::save(&l.session, &l.game),
            None => Ok(()),
        });
        self.save_error.set(result.err());
    }

    /// Send an action for `seat` through the session; a refused action is shown as a message.
    pub fn act(&self, seat: Seat, action: Action) {
        let now = now_ms();
        let mut outcome = None;
        let mut turn = 0;
        self.live.update(|l| {
            if let Some(l) = l {
                turn = l.game.turn();
                outcome = Some(l.session.apply(&mut l.game, seat, action, now));
            }
        });
        match outcome {
            None => {}
            Some(Err(e)) => self.message.set(Some(sentence(&e.to_string()))),
            Some(Ok(events)) => {
                self.message.set(None);
                self.save();
                self.after(events, now, turn);
            }
        }
        // The phone moves on: cover unless the same player decides again.
        let next = self.need.get_untracked().map(|n| n.seat);
        if next != self.lifted.get_untracked() {
            self.lifted.set(None);
        }
    }

    fn after(&self, events: Vec<Event>, now: f64, turn: u32) {
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
                Event::SilenceEnds => self.speak_again.set(Some(turn)),
                Event::SilenceBegins => self.speak_again.set(None),
                Event::CountAloud { seat, number } => self.count_aloud.set(Some((*seat, *number))),
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
            _ => {}
        }
    }
}

impl Default for Ctx {
    fn default() -> Self {
        Ctx::new()
    }
}

pub fn use_ctx() -> Ctx {
    expect_context::<Ctx>()
}

/// Capitalize the first letter and end with a full stop.
pub fn sentence(s: &str) -> String {
    let mut c = s.chars();
    let mut out = match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect::<String>(),
        None => String::new(),
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

pub fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0.0, |d| d.as_millis() as f64)
    }
}

/// A random 64-bit number from the platform's secure generator.
pub fn random_u64() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        getrandom::u64().unwrap_or_else(|_| (web_sys::js_sys::Math::random() * 9.0e15) as u64)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        now_ms() as u64 ^ 0x9e37_79b9_7f4a_7c15
    }
}

/// Test hook (documented in the README): `#test-seed=N` in the address fixes the seed of new games.
pub fn test_seed() -> Option<u64> {
    let hash = web_sys::window()?.location().hash().ok()?;
    parse_test_seed(&hash)
}

pub fn parse_test_seed(hash: &str) -> Option<u64> {
    hash.trim_start_matches('#')
        .split('&')
        .find_map(|part| part.strip_prefix("test-seed="))
        .and_then(|n| n.parse().ok())
}

/// The player's system asks for less motion (or the app's setting does).
pub fn reduced_motion() -> bool {
    if persist::reduced_motion_setting() {
        return true;
    }
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

pub fn scroll_top() {
    if let Some(w) = web_sys::window() {
        w.scroll_to_with_x_and_y(0.0, 0.0);
    }
}

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
        assert_eq!(parse_test_seed("#test-seed=123"), Some(123));
        assert_eq!(parse_test_seed("#x&test-seed=7"), Some(7));
        assert_eq!(parse_test_seed("#test-seed=abc"), None);
        assert_eq!(parse_test_seed(""), None);
    }

    #[test]
    fn clock_and_sentence() {
        assert_eq!(clock(65_400.0), "1:05");
        assert_eq!(clock(-5.0), "0:00");
        assert_eq!(sentence("not now: x"), "Not now: x.");
    }

    #[test]
    fn owed_screens_come_before_private_decisions_and_nothing_after_the_end() {
        use camelot::Setup;
        let s = Session::new(
            "t".into(),
            vec!["A".into(), "B".into(), "C".into()],
            Setup::new(3, 1),
            0.0,
        );
        let game = s.game().unwrap();
        let mut live = Live { session: s, game };
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
