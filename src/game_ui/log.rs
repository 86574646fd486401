//! The log of public events, rebuilt by replaying the saved actions (names, not seat numbers).

use super::use_ctx;
use super::words::event_line;
use crate::app::Screen;
use crate::session::Session;
use camelot::{Event, Game, Loyalty, Outcome, Seat};
use leptos::prelude::*;

/// Every public event of the session so far, in order.
pub fn public_events(session: &Session) -> Result<Vec<Event>, String> {
    let mut g = Game::new(session.setup).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for p in &session.actions {
        let events = g.apply(p.seat, p.action).map_err(|e| e.to_string())?;
        out.extend(events.into_iter().filter(Event::is_public));
    }
    Ok(out)
}

/// Log lines: (is a turn heading, text).
pub fn log_lines(events: &[Event], name: &dyn Fn(Seat) -> String) -> Vec<(bool, String)> {
    events
        .iter()
        .filter_map(|e| event_line(e, name).map(|l| (matches!(e, Event::TurnBegins { .. }), l)))
        .collect()
}

/// The end-of-game summary.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub quests_won: u32,
    pub quests_lost: u32,
    /// (accuser, accused, what the accused was)
    pub accusations: Vec<(Seat, Seat, Option<Loyalty>)>,
    pub flipped: u8,
}

pub fn summary(events: &[Event]) -> Summary {
    let mut s = Summary::default();
    for e in events {
        match e {
            Event::QuestResolved { resolution } => {
                if resolution.main_stack().outcome == Outcome::Success {
                    s.quests_won += 1;
                } else {
                    s.quests_lost += 1;
                }
            }
            Event::Accused { accuser, target } => s.accusations.push((*accuser, *target, None)),
            Event::LoyaltyRevealed { seat, loyalty } => {
                if let Some(a) = s
                    .accusations
                    .iter_mut()
                    .rev()
                    .find(|a| a.1 == *seat && a.2.is_none())
                {
                    a.2 = Some(*loyalty);
                }
            }
            Event::SwordsFlipped { count } => s.flipped += count,
            _ => {}
        }
    }
    s
}

#[component]
pub fn Log() -> impl IntoView {
    let ctx = use_ctx();
    let lines = ctx.live.with_untracked(|l| {
        let l = l.as_ref()?;
        let events = public_events(&l.session).ok()?;
        Some(log_lines(&events, &|s| ctx.name(s)))
    });
    view! {
        <section class="log" data-testid="log">
            <div class="log-head">
                <h2>"Log"</h2>
                <button data-testid="close-log" on:click=move |_| ctx.go(Screen::Table)>"Back to the table"</button>
            </div>
            {match lines {
                None => view! { <p>"No game is being played."</p> }.into_any(),
                Some(lines) if lines.is_empty() => view! { <p>"Nothing has happened yet."</p> }.into_any(),
                Some(lines) => view! {
                    <ol class="log-lines">
                        {lines.into_iter().rev().map(|(heading, l)| view! {
                            <li class:turn=heading>{l}</li>
                        }).collect_view()}
                    </ol>
                }.into_any(),
            }}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot::Setup;

    #[test]
    fn replayed_events_make_a_log_and_a_summary() {
        let mut s = Session::new(
            "t".into(),
            vec!["Ann".into(), "Bo".into(), "Cy".into()],
            Setup::new(3, 11),
            0.0,
        );
        let mut g = s.game().unwrap();
        let mut steps = 0;
        while let Some((seat, _)) = g.decider() {
            let legal = g.legal_actions();
            // Prefer quests and accusations so that the summary has something in it.
            let a = legal
                .iter()
                .find(|a| matches!(a, camelot::Action::Accuse { .. }))
                .or_else(|| {
                    legal
                        .iter()
                        .find(|a| matches!(a, camelot::Action::GoOnQuest { .. }))
                })
                .copied()
                .unwrap_or(legal[0]);
            s.apply(&mut g, seat, a, 0.0).unwrap();
            steps += 1;
            assert!(steps < 2000);
        }
        let events = public_events(&s).unwrap();
        let names = ["Ann", "Bo", "Cy"];
        let lines = log_lines(&events, &|x: Seat| names[x.index()].to_string());
        assert!(lines.iter().any(|(h, _)| *h));
        assert!(lines.iter().all(|(_, l)| !l.contains("seat ")));
        let sum = summary(&events);
        assert!(sum.quests_won + sum.quests_lost > 0);
        assert!(!sum.accusations.is_empty());
        assert!(sum.accusations.iter().all(|a| a.2.is_some()));
    }
}
