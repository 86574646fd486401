//! The board game's log: every public event of the game in words, rebuilt from the saved moves
//! by the one replay (each move's events, as the table heard them).

use super::session::Session;
use super::{TABLE, use_ctx, words};
use crate::board::i18n::B;
use crate::i18n::{t, tf};
use camelot_board::Game;
use camelot_kit::{Replayed, replay_watching};
use leptos::prelude::*;

/// One turn's lines.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnLines {
    pub turn: u32,
    pub lines: Vec<String>,
}

/// Every public line of the game, turn by turn: each move in words, then its public events.
pub fn lines(session: &Session) -> Vec<TurnLines> {
    let names = &session.names;
    let mut out: Vec<TurnLines> = Vec::new();
    let mut turn = 0;
    let _ = replay_watching::<Game>(&session.setup, &session.moves, |step| match step {
        Replayed::Before(game, m) => {
            turn = game.turn();
            if out.last().is_none_or(|t| t.turn != turn) {
                out.push(TurnLines {
                    turn,
                    lines: Vec::new(),
                });
            }
            if let Some(t) = out.last_mut() {
                t.lines.push(words::action_line(&m.action, m.seat, names));
            }
        }
        Replayed::After(events) => {
            if let Some(t) = out.last_mut() {
                t.lines.extend(
                    events
                        .iter()
                        .filter(|e| e.is_public())
                        .filter_map(|e| words::event_line(e, names)),
                );
            }
        }
    });
    out
}

/// The last `n` public lines (what the table was hearing when the game was saved).
pub fn last_lines(session: &Session, n: usize) -> Vec<String> {
    let all: Vec<String> = lines(session).into_iter().flat_map(|t| t.lines).collect();
    all[all.len().saturating_sub(n)..].to_vec()
}

/// The log screen: the whole game in words, newest turn first.
#[component]
pub fn Log() -> impl IntoView {
    let ctx = use_ctx();
    super::board_view::link_stylesheet();
    let turns = ctx
        .live
        .with_untracked(|l| l.as_ref().map(|l| lines(&l.session)).unwrap_or_default());
    view! {
        <section class="board-log" aria-labelledby="board-log-title">
            <h2 id="board-log-title">{t(B::board_log_title)}</h2>
            <button class="big" data-testid="board-log-back" on:click=move |_| ctx.go(TABLE)>
                {t(B::back_to_table)}
            </button>
            <ol class="log-turns" reversed data-testid="board-log-lines">
                {turns.into_iter().rev().map(|turn| view! {
                    <li>
                        <h3>{tf(B::board_log_turn, &[("n", &turn.turn)])}</h3>
                        <ul>{turn.lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    </li>
                }).collect_view()}
            </ol>
        </section>
    }
}
