//! The end: the verdict, every Loyalty card turned over one by one, the game in numbers, a new
//! game for the same table, and looking back at the game once every card is turned.

use super::curtain::loyalty_code;
use super::i18n::B;
use super::{use_ctx, words};
use crate::i18n::t;
use camelot_board::{Loyalty, TableView};
use leptos::prelude::*;

/// A Loyalty card turned over at the end, for the whole table: "Loyal" or "Traitor".
#[component]
pub(super) fn TurnedLoyalty(loyalty: Loyalty) -> impl IntoView {
    let code = loyalty_code(loyalty);
    view! {
        <span class=format!("loyalty-card {}", code.to_lowercase()) data-loyalty=code>
            {words::loyalty_name(loyalty)}
        </span>
    }
}

/// The table's view as the board draws it: once the game is over, the Loyalty cards the end's
/// reveal has not yet turned over stay face down.
pub(super) fn not_yet_turned_hidden(mut v: TableView, shown: usize) -> TableView {
    if v.outcome.is_some() {
        for (i, k) in v.knights.iter_mut().enumerate() {
            if !turned_at_end(k, i, shown) {
                k.loyalty = None;
            }
        }
    }
    v
}

/// Whether the end's reveal shows knight `i`'s Loyalty card face up once `shown` cards were turned
/// over: an unmasked Traitor, or a knight an accusation showed Loyal, lies face up from the start
/// (no news).
fn turned_at_end(k: &camelot_board::KnightView, i: usize, shown: usize) -> bool {
    i < shown || k.revealed || k.shown_loyal_on.is_some()
}

/// The end: the verdict, every Loyalty card turned over one by one, and a new game for the same
/// table.
#[component]
pub(super) fn End() -> impl IntoView {
    let ctx = use_ctx();
    crate::review::words::open();
    move || {
        let v = ctx.view.get()?;
        let names = ctx.names.get();
        let outcome = v.outcome?;
        let shown = ctx
            .live
            .with(|l| l.as_ref().map(|l| l.session.end_shown))
            .unwrap_or(0);
        let all = v.knights.len();
        let cards = v
            .knights
            .iter()
            .enumerate()
            .map(|(i, k)| {
                let name = words::seat_name(&names, k.seat);
                let loyalty = k.loyalty.filter(|_| turned_at_end(k, i, shown));
                view! {
                    <li data-testid=format!("end-seat-{i}")>
                        <strong>{name}</strong>" — "{words::knight_or_squire(k.knight)}": "
                        {match loyalty {
                            Some(l) => view! { <TurnedLoyalty loyalty=l /> }.into_any(),
                            None => view! { <span class="face-down">{t(B::not_yet_turned)}</span> }.into_any(),
                        }}
                    </li>
                }
            })
            .collect_view();
        Some(view! {
            <section class="board-end" data-testid="board-end">
                <h2 data-testid="board-verdict">{words::outcome_line(&outcome)}</h2>
                <ul class="end-loyalties">{cards}</ul>
                <section class="end-summary" aria-labelledby="end-summary-title" data-testid="end-summary">
                    <h3 id="end-summary-title">{t(B::end_summary_title)}</h3>
                    <ul>{words::end_summary(&v).into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                </section>
                {(shown < all).then(|| view! {
                    <button class="primary big" data-testid="end-turn-next"
                        on:click=move |_| ctx.end_shown(shown + 1)>{t(B::turn_next_card)}</button>
                })}
                <div class="button-row">
                    <button class="big" data-testid="board-rematch" on:click=move |_| super::new_game::rematch()>
                        {t(B::rematch)}
                    </button>
                    // Looking back turns every card over: it waits for the end's reveal.
                    {(shown >= all).then(|| view! {
                        <button class="big" data-testid="look-back" on:click=move |_| look_back(ctx)>
                            {t(crate::review::words::R::look_back)}
                        </button>
                    })}
                </div>
            </section>
        })
    }
}

/// Look back at the game just ended, move by move.
fn look_back(ctx: super::Ctx) {
    if let Some(id) = ctx
        .live
        .with_untracked(|l| l.as_ref().map(|l| l.session.id.clone()))
    {
        ctx.lifted.set(None);
        ctx.shell.review_saved(id);
    }
}

#[cfg(test)]
mod tests {
    use super::turned_at_end;
    use camelot_board::{Game, Loyalty, Setup};

    /// A knight an accusation showed Loyal lies face up at the end from the start, as an unmasked
    /// Traitor does; the others are turned over one by one.
    #[test]
    fn the_end_does_not_turn_over_a_knight_shown_loyal_as_news() {
        let mut view = Game::new(&Setup::new(4, 3)).unwrap().table_view();
        view.knights[2].loyalty = Some(Loyalty::Loyal);
        view.knights[2].shown_loyal_on = Some(9);
        let face_up = |shown: usize| -> Vec<bool> {
            (0..4)
                .map(|i| turned_at_end(&view.knights[i], i, shown))
                .collect()
        };
        assert_eq!(face_up(0), [false, false, true, false]);
        assert_eq!(face_up(2), [true, true, true, false]);
    }

    /// At the end the board's Knights panel does not spoil the reveal: a Loyalty card shows there
    /// once it is turned over (or was known before); during the game nothing changes.
    #[test]
    fn the_board_shows_a_loyalty_card_at_the_end_once_turned_over() {
        let mut view = Game::new(&Setup::new(4, 3)).unwrap().table_view();
        for k in view.knights.iter_mut() {
            k.loyalty = Some(Loyalty::Loyal);
        }
        assert_eq!(super::not_yet_turned_hidden(view.clone(), 0), view);
        view.outcome = Some(camelot_board::Outcome {
            winner: camelot_board::Side::Evil,
            reason: camelot_board::EndReason::SiegeEngines,
        });
        view.knights[3].shown_loyal_on = Some(5);
        let known = |v: &camelot_board::TableView| -> Vec<bool> {
            v.knights.iter().map(|k| k.loyalty.is_some()).collect()
        };
        assert_eq!(
            known(&super::not_yet_turned_hidden(view.clone(), 0)),
            [false, false, false, true]
        );
        assert_eq!(
            known(&super::not_yet_turned_hidden(view.clone(), 2)),
            [true, true, false, true]
        );
    }
}
