//! The log of public events, rebuilt by replaying the saved actions (names, not seat numbers).

use super::use_ctx;
use super::words::event_line;
use crate::card::session::Session;
use crate::i18n::{K, t, tf};
use camelot_card::{Event, Game, Loyalty, Outcome, Replayed, Seat};
use leptos::prelude::*;

/// Every public event of the session so far, in order.
pub fn public_events(session: &Session) -> Result<Vec<Event>, String> {
    let mut out = Vec::new();
    Game::replay_watching(session.setup, None, &session.actions, |r| {
        if let Replayed::After(events) = r {
            out.extend(events.iter().filter(|e| e.is_public()).cloned());
        }
    })
    .map_err(|e| e.to_string())?;
    Ok(out)
}

/// The log, one group per turn (its heading, then its lines in order), newest turn first.
/// Swords placed by a quest are left to the quest's own line, which names them.
pub fn log_turns(
    events: &[Event],
    first: Seat,
    name: &dyn Fn(Seat) -> String,
) -> Vec<(String, Vec<String>)> {
    let first = tf(K::log_turn, &[("n", &1), ("name", &name(first))]);
    let mut turns: Vec<(String, Vec<String>)> = vec![(first, vec![])];
    for (i, e) in events.iter().enumerate() {
        if let Event::TurnBegins { .. } = e {
            turns.push((event_line(e, name).unwrap_or_default(), vec![]));
            continue;
        }
        if matches!(e, Event::SwordsPlaced { .. })
            && events[i + 1..]
                .iter()
                .find(|x| !matches!(x, Event::SwordsPlaced { .. } | Event::SwordsRanOut { .. }))
                .is_some_and(|x| matches!(x, Event::QuestResolved { .. }))
        {
            continue;
        }
        if let Some(line) = event_line(e, name) {
            turns.last_mut().expect("a turn").1.push(line);
        }
    }
    turns.retain(|(_, lines)| !lines.is_empty());
    turns.reverse();
    turns
}

/// The end-of-game summary.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub quests_won: u32,
    pub quests_lost: u32,
    /// (accuser, accused, what the accused was)
    pub accusations: Vec<(Seat, Seat, Option<Loyalty>)>,
    pub flipped: u8,
    /// Who played Percival at the end check (one more sword turned over).
    pub percival_end: Option<Seat>,
}

pub fn summary(events: &[Event]) -> Summary {
    let mut s = Summary::default();
    // A Percival played at an accusation is followed by the accused's card turned over; at the
    // end check, by the swords turned over (every card was turned before his window).
    let mut percival = None;
    for e in events {
        match e {
            Event::PercivalPlayed { by } => percival = Some(*by),
            Event::QuestResolved { resolution } => {
                if resolution.main_stack().outcome == Outcome::Success {
                    s.quests_won += 1;
                } else {
                    s.quests_lost += 1;
                }
            }
            Event::Accused { accuser, target } => s.accusations.push((*accuser, *target, None)),
            Event::LoyaltyRevealed { seat, loyalty } => {
                percival = None;
                if let Some(a) = s
                    .accusations
                    .iter_mut()
                    .rev()
                    .find(|a| a.1 == *seat && a.2.is_none())
                {
                    a.2 = Some(*loyalty);
                }
            }
            Event::SwordsFlipped { count } => {
                s.flipped += count;
                s.percival_end = percival.take().or(s.percival_end);
            }
            _ => {}
        }
    }
    s
}

#[component]
pub fn Log() -> impl IntoView {
    let ctx = use_ctx();
    let turns = ctx.live.with_untracked(|l| {
        let l = l.as_ref()?;
        let events = public_events(&l.session).ok()?;
        Some(log_turns(&events, l.session.setup.first, &|s| ctx.name(s)))
    });
    view! {
        <section class="log" data-testid="log">
            <div class="log-head">
                <h2>{t(K::log_title)}</h2>
                <button data-testid="close-log" on:click=move |_| ctx.go(ctx.back_to.get_untracked())>
                    {t(K::back)}
                </button>
            </div>
            <p class="hint">{t(K::log_hint)}</p>
            {match turns {
                None => view! { <p>{t(K::log_no_game)}</p> }.into_any(),
                Some(turns) if turns.is_empty() => view! { <p>{t(K::log_nothing_yet)}</p> }.into_any(),
                Some(turns) => view! {
                    <ol class="log-turns">
                        {turns.into_iter().map(|(heading, lines)| view! {
                            <li>
                                <h3>{heading}</h3>
                                <ul class="log-lines">
                                    {lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                                </ul>
                            </li>
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
    use camelot_card::Setup;

    #[test]
    fn the_summary_names_a_percival_played_at_the_end_check_only() {
        let (s0, s1, s2, s3) = (Seat(0), Seat(1), Seat(2), Seat(3));
        let at_accusation = [
            Event::Accused {
                accuser: s0,
                target: s1,
            },
            Event::PercivalPlayed { by: s2 },
            Event::LoyaltyRevealed {
                seat: s1,
                loyalty: Loyalty::Loyal,
            },
        ];
        let mut events = at_accusation.to_vec();
        events.extend([
            Event::LoyaltyRevealed {
                seat: s3,
                loyalty: Loyalty::Traitor,
            },
            Event::SwordsFlipped { count: 1 },
        ]);
        assert_eq!(summary(&events).percival_end, None);
        events.truncate(3);
        events.extend([
            Event::LoyaltyRevealed {
                seat: s3,
                loyalty: Loyalty::Traitor,
            },
            Event::PercivalPlayed { by: s0 },
            Event::SwordsFlipped { count: 2 },
        ]);
        let s = summary(&events);
        assert_eq!((s.percival_end, s.flipped), (Some(s0), 2));
    }

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
                .find(|a| matches!(a, camelot_card::Action::Accuse { .. }))
                .or_else(|| {
                    legal
                        .iter()
                        .find(|a| matches!(a, camelot_card::Action::GoOnQuest { .. }))
                })
                .copied()
                .unwrap_or(legal[0]);
            s.apply(&mut g, seat, a, 0.0).unwrap();
            steps += 1;
            assert!(steps < 2000);
        }
        let events = public_events(&s).unwrap();
        let names = ["Ann", "Bo", "Cy"];
        let turns = log_turns(&events, s.setup.first, &|x: Seat| {
            names[x.index()].to_string()
        });
        assert!(turns.len() > 2);
        assert!(turns.last().unwrap().0.starts_with("Turn 1: "));
        for (heading, lines) in &turns {
            assert!(heading.starts_with("Turn "));
            assert!(lines.iter().all(|l| !l.contains("seat ")));
            // Quest swords are told by the quest's line.
            for w in lines.windows(2) {
                assert!(
                    !(w[0].starts_with('+') && w[1].contains("(chosen)")),
                    "{lines:?}"
                );
            }
        }
        let sum = summary(&events);
        assert!(sum.quests_won + sum.quests_lost > 0);
        assert!(!sum.accusations.is_empty());
        assert!(sum.accusations.iter().all(|a| a.2.is_some()));
    }
}
