//! The end: every Loyalty card revealed one by one, the flipped swords, the verdict, a short
//! summary; Rematch (same players, new seed) or New game.

use super::cards::{LoyaltyBack, LoyaltyFace};
use super::log::{Summary, public_events, summary};
use super::new_game::start_game;
use super::swords::SwordTally;
use super::words::{loyalty_text, verdict};
use super::{test_seed, use_ctx};
use crate::i18n::{K, t, tf, tn};
use camelot_card::{Event, Loyalty, Seat, Side};
use leptos::prelude::*;

/// The Loyalty cards the end turns one by one, in seat order: every card but those the table has
/// seen face up since an accusation.
pub fn cards_to_turn(cards: &[(Seat, Option<Loyalty>)], accused: &[Seat]) -> Vec<Seat> {
    cards
        .iter()
        .map(|(s, _)| *s)
        .filter(|s| !accused.contains(s))
        .collect()
}

#[component]
pub fn End() -> impl IntoView {
    let ctx = use_ctx();
    let Some(v) = ctx.view.get_untracked() else {
        return ().into_any();
    };
    let Some((winner, reason)) = v.winner else {
        return ().into_any();
    };
    let (setup, names, sum, played_on) = ctx.live.with_untracked(|l| {
        let l = l.as_ref().expect("a game is open");
        let events = public_events(&l.session).unwrap_or_default();
        // Play went on after an end check: every card has been face up since, none to turn.
        let played_on = events.iter().any(|e| matches!(e, Event::PlayGoesOn));
        (
            l.session.setup,
            l.session.names.clone(),
            summary(&events),
            played_on,
        )
    });
    let cards: Vec<(Seat, Option<Loyalty>)> =
        v.seats.iter().map(|s| (s.seat, s.revealed)).collect();
    // An accused player's card was turned at the accusation: it lies face up from the start, and
    // only the others are turned one by one.
    let accused: Vec<Seat> = sum
        .accusations
        .iter()
        .filter(|a| a.2.is_some())
        .map(|a| a.1)
        .collect();
    let to_turn = if setup.players > 1 {
        cards_to_turn(&cards, &accused)
    } else {
        Vec::new()
    };
    let n = to_turn.len();
    let shown = ctx.end_shown;
    let all_shown = move || played_on || shown.get() >= n;
    let problem = RwSignal::new(None::<String>);
    crate::review::words::open();
    let shell = crate::shell::use_shell();
    // Look back at the game just ended, move by move.
    let look_back = move || {
        let id = ctx
            .live
            .with_untracked(|l| l.as_ref().map(|l| l.session.id.clone()));
        if let Some(id) = id {
            shell.review_saved(id);
        }
    };

    let rematch = {
        let names = names.clone();
        move |_| {
            let seed = test_seed().map(|_| setup.seed.wrapping_add(1));
            if let Err(e) = start_game(
                &ctx,
                names.clone(),
                Some(setup.first.index()),
                setup.options,
                seed,
            ) {
                problem.set(Some(e));
            }
        }
    };
    let Summary {
        quests_won,
        quests_lost,
        accusations,
        flipped,
        percival_end,
    } = sum;
    let side_class = match winner {
        Side::Loyal => "loyal",
        Side::Evil => "evil",
    };

    view! {
        <section class="end" data-testid="end">
            <h2>{t(K::end_title)}</h2>
            {(setup.players > 1).then(|| view! {
                <h3>{t(if played_on || n == 0 { K::end_reveal_known } else { K::end_reveal_heading })}</h3>
                <ol class="reveal-cards">
                    {cards.iter().map(|(seat, l)| {
                        let seat = *seat;
                        let l = *l;
                        let turn = to_turn.iter().position(|s| *s == seat);
                        let up = Memo::new(move |_| {
                            played_on || turn.is_none_or(|i| shown.get() > i)
                        });
                        view! {
                            <li data-testid=format!("end-card-{}", seat.0)>
                                <span class="seat-name">{ctx.name(seat)}</span>
                                {move || match (up.get(), l) {
                                    (true, Some(l)) => view! {
                                        <LoyaltyFace loyalty=l size="small" />
                                        <span class="loyalty-name" data-testid="end-loyalty">{loyalty_text(l)}</span>
                                    }.into_any(),
                                    _ => view! { <LoyaltyBack size="small" /> }.into_any(),
                                }}
                            </li>
                        }
                    }).collect_view()}
                </ol>
                {move || (!all_shown()).then(|| {
                    let next = to_turn.get(shown.get()).map(|s| ctx.name(*s)).unwrap_or_default();
                    view! {
                        <button class="primary big" data-testid="reveal-next"
                            on:click=move |_| ctx.end_turned(shown.get_untracked() + 1)>
                            {tf(K::end_reveal_next, &[("name", &next)])}
                        </button>
                        <button class="secondary" data-testid="reveal-all"
                            on:click=move |_| ctx.end_turned(n)>{t(K::end_reveal_all)}</button>
                    }
                })}
            })}
            {move || all_shown().then(|| {
                let accusations = accusations.clone();
                view! {
                    {(flipped > 0).then(|| view! {
                        <p class="flipped" data-testid="flipped">
                            {tn(if played_on { K::end_flipped_earlier } else { K::end_flipped }, flipped.into(), &[])}
                            {percival_end.map(|by| format!(" {}", tf(K::event_percival, &[("name", &ctx.name(by))])))}
                        </p>
                    })}
                    <SwordTally swords=Signal::derive(move || v.swords) />
                    <h2 class=format!("verdict {side_class}") data-testid="verdict">{verdict(winner, reason)}</h2>
                    <ul class="summary" data-testid="summary">
                        <li>{tn(K::end_turns, v.turn.into(), &[])}</li>
                        <li>{tf(K::end_quests, &[("won", &quests_won), ("lost", &quests_lost)])}</li>
                        {if accusations.is_empty() {
                            // (Solo play has no accusations to speak of.)
                            (setup.players > 1).then(|| view! { <li>{t(K::end_no_accusation)}</li> }).into_any()
                        } else {
                            accusations.into_iter().map(|(accuser, accused, l)| view! {
                                <li>{match l {
                                    Some(l) => tf(K::end_accused_was, &[
                                        ("accuser", &ctx.name(accuser)),
                                        ("accused", &ctx.name(accused)),
                                        ("loyalty", &loyalty_text(l)),
                                    ]),
                                    None => tf(K::end_accused, &[
                                        ("accuser", &ctx.name(accuser)),
                                        ("accused", &ctx.name(accused)),
                                    ]),
                                }}</li>
                            }).collect_view().into_any()
                        }}
                    </ul>
                    <div class="end-buttons">
                        <button class="primary big" data-testid="rematch" on:click=rematch.clone()>
                            {t(K::end_rematch)}<small>" "{t(K::end_rematch_hint)}</small>
                        </button>
                        <button class="big" data-testid="end-new-game" on:click=move |_| ctx.go(super::NEW_GAME)>{t(K::end_new_game)}</button>
                        <button class="big" data-testid="look-back" on:click=move |_| look_back()>
                            {t(crate::review::words::R::look_back)}
                        </button>
                    </div>
                }
            })}
            {move || problem.get().map(|p| view! { <p class="message" role="alert">{p}</p> })}
            <button class="secondary" data-testid="open-log" on:click=move |_| {
                ctx.back_to.set(super::TABLE);
                ctx.go(super::LOG);
            }>{t(K::log_title)}</button>
        </section>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An already revealed Traitor's card was shown face down again at the end, to be
    /// "revealed" again.
    #[test]
    fn a_card_turned_at_an_accusation_is_not_turned_again_at_the_end() {
        let cards = [
            (Seat(0), Some(Loyalty::Loyal)),
            (Seat(1), Some(Loyalty::Traitor)),
            (Seat(2), Some(Loyalty::Loyal)),
            (Seat(3), Some(Loyalty::Loyal)),
        ];
        assert_eq!(
            cards_to_turn(&cards, &[Seat(1)]),
            [Seat(0), Seat(2), Seat(3)]
        );
        assert_eq!(cards_to_turn(&cards, &[]).len(), 4);
        assert!(cards_to_turn(&cards, &[Seat(0), Seat(1), Seat(2), Seat(3)]).is_empty());
    }
}
