//! Passing the phone: "Pass the phone to ‹name›", only the name and why until he taps; behind it
//! his first look at his Loyalty card, and his private screen while he decides — his role, what
//! he was told since his last look, his cards, the coach when it is on, and his choices.

use super::i18n::B;
use super::table::Actions;
use super::{use_ctx, words};
use crate::i18n::{K, t, tf};
use camelot_board::{
    Black, Knight, Loyalty, PrivateView, Quest, Seat, SeatView, TraitorRule, White,
};
use leptos::prelude::*;

/// "Pass the phone to ‹name›": only the name and why (public facts) until he taps.
#[component]
pub(super) fn Covered(seat: Seat, why: String) -> impl IntoView {
    let ctx = use_ctx();
    let name = words::seat_name(&ctx.names.get_untracked(), seat);
    view! {
        <section class="curtain board-curtain" data-testid="curtain">
            <p class="pass">{t(K::curtain_pass_to)}</p>
            <h2 class="curtain-name" data-testid="curtain-name">{name.clone()}</h2>
            <p class="curtain-why">{why}</p>
            <p class="hint">{t(K::curtain_look_away)}</p>
            <button class="primary big" data-testid="curtain-show" on:click=move |_| ctx.lift(seat)>
                {tf(K::curtain_show_me, &[("name", &name)])}
            </button>
        </section>
    }
}

/// A person's first look at his Loyalty card (and his knight).
#[component]
pub(super) fn LoyaltyLook(seat: Seat) -> impl IntoView {
    let ctx = use_ctx();
    let sv = ctx
        .live
        .with_untracked(|l| l.as_ref().map(|l| l.game.seat_view(seat)));
    let knight = sv
        .as_ref()
        .and_then(|sv| sv.table.knights.get(seat.index()).map(|k| k.knight))
        .flatten();
    let role = sv.as_ref().and_then(role);
    view! {
        <section class="private board-private" data-testid="private" data-seat=seat.0>
            <h2>{words::seat_name(&ctx.names.get_untracked(), seat)}</h2>
            <p class="knight" data-testid="private-knight">
                <strong>{words::knight_or_squire(knight)}</strong>
                " — "{words::knight_power(knight)}
            </p>
            {role.map(|role| view! { <RoleReminder role open=true /> })}
            <button class="primary big" data-testid="private-done" on:click=move |_| ctx.looked(seat)>
                {t(B::done_cover)}
            </button>
        </section>
    }
}

/// A seat's role as his private screens remind him of it, from his own view: his Loyalty card,
/// the words for it and the goal it gives him in this game. `None` while he may not look at his
/// card (three players, before the threshold).
pub(super) fn role(sv: &SeatView) -> Option<(Loyalty, B, B)> {
    let loyalty = sv.loyalty?;
    let unmasked = sv
        .table
        .knights
        .get(sv.seat.index())
        .is_some_and(|k| k.revealed);
    Some(match loyalty {
        Loyalty::Loyal if sv.table.options.traitor == TraitorRule::NoTraitor => {
            (loyalty, B::you_are_loyal, B::goal_loyal_no_traitor)
        }
        Loyalty::Loyal => (loyalty, B::you_are_loyal, B::goal_loyal),
        Loyalty::Traitor if unmasked => (loyalty, B::you_are_traitor, B::goal_traitor_unmasked),
        Loyalty::Traitor => (loyalty, B::you_are_traitor, B::goal_traitor),
    })
}

/// The reminder of his role near the top of every private screen: his own Loyalty card, with the
/// goal it gives him (never on the curtain, which the whole table sees). The goal shows in full
/// while `open` (the first time he sees the card); after that it is folded under the card, so
/// that his choices come up on a phone's screen, and a tap on the card opens it.
#[component]
pub(super) fn RoleReminder(
    role: (Loyalty, B, B),
    #[prop(into)] open: Signal<bool>,
) -> impl IntoView {
    let (loyalty, you_are, goal) = role;
    let code = loyalty_code(loyalty);
    view! {
        <details class=format!("role-reminder {}", code.to_lowercase()) data-testid="role-reminder"
            data-role=code prop:open=move || open.get()>
            <summary class=format!("loyalty-card {}", code.to_lowercase())
                data-testid="private-loyalty" data-loyalty=code>{t(you_are)}</summary>
            <p class="loyalty-goal" data-testid="loyalty-goal" data-goal=code>{t(goal)}</p>
        </details>
    }
}

/// A Loyalty card's mark in the page (`data-loyalty`, the tests' too) and its style.
pub(super) fn loyalty_code(loyalty: Loyalty) -> &'static str {
    match loyalty {
        Loyalty::Loyal => "Loyal",
        Loyalty::Traitor => "Traitor",
    }
}

/// A person's private screen while he decides; while the table is asked a question on his
/// screen (`waiting`), his cards without his choices. Each part is drawn anew only when it
/// changes: his role, his cards and the rest stay put while his choices follow his decision.
#[component]
pub(super) fn Private(seat: Seat, #[prop(optional)] waiting: bool) -> impl IntoView {
    let ctx = use_ctx();
    let sv = Memo::new(move |_| {
        ctx.live
            .with(|l| l.as_ref().map(|l| l.game.seat_view(seat)))
    });
    let notices = Memo::new(move |_| {
        ctx.live
            .with(|l| l.as_ref().map(|l| l.session.notices_for(seat)))
            .unwrap_or_default()
    });
    let deciding = Memo::new(move |_| {
        !waiting
            && ctx
                .live
                .with(|l| l.as_ref().is_some_and(|l| l.game.decider() == Some(seat)))
    });
    let role = Memo::new(move |_| sv.with(|sv| sv.as_ref().and_then(role)));
    let first_sight = Memo::new(move |_| {
        ctx.live.with(|l| {
            l.as_ref()
                .is_some_and(|l| super::first_sight_of_loyalty(l, seat))
        })
    });
    let secret = Memo::new(move |_| sv.with(|sv| sv.as_ref().map(Secret::of)));
    let alone = Memo::new(move |_| ctx.alone());
    let told = move || {
        let notices = notices.get();
        let names = ctx.names.get();
        (!notices.is_empty()).then(|| {
            let lines: Vec<String> = notices
                .iter()
                .map(|p| words::private_line(p, &names))
                .collect();
            view! {
                <section class="notices" data-testid="private-notices">
                    <h3>{t(B::since_your_last_look)}</h3>
                    <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    <button data-testid="private-notices-done" on:click=move |_| ctx.told(seat)>{t(B::got_it)}</button>
                </section>
            }
        })
    };
    // While the table is asked a question on his screen, his choices wait below it.
    let coach = move || {
        let sv = sv.get()?;
        (deciding.get() && ctx.coaching()).then(|| view! { <super::coach::BoardCoach seat sv /> })
    };
    let actions = move || {
        let sv = sv.get()?;
        deciding.get().then(|| {
            let closed = ctx
                .live
                .with_untracked(|l| l.as_ref().map(|l| l.game.closed_heroic_actions(seat)))
                .unwrap_or_default();
            view! { <Actions seat sv closed /> }
        })
    };
    view! {
        <section class="private board-private" data-testid="private" data-seat=seat.0>
            <h2>{move || words::seat_name(&ctx.names.get(), seat)}</h2>
            {move || role.get().map(|role| view! { <RoleReminder role open=first_sight /> })}
            {told}
            {move || secret.get().map(|secret| view! { <Secrets secret /> })}
            {coach}
            {actions}
            {move || (!alone.get()).then(|| view! {
                <button class="secondary" data-testid="private-hide" on:click=move |_| ctx.cover()>
                    {t(B::hide_my_cards)}
                </button>
            })}
        </section>
    }
}

/// The codes of black cards shown to one seat alone, for the element that names them (the browser
/// tests check that no card reaches the page but those its seat may see).
pub(super) fn black_codes(cards: &[Black]) -> String {
    let codes: Vec<String> = cards.iter().map(|&c| words::code(c)).collect();
    codes.join(" ")
}

/// What only a seat knows besides his role, as [`Secrets`] shows it.
#[derive(Clone, Debug, PartialEq)]
struct Secret {
    knight: Option<Knight>,
    hand: Vec<White>,
    face_down_known: Vec<(Quest, u8, Black)>,
    foreseen: Vec<Black>,
    private: Option<PrivateView>,
}

impl Secret {
    fn of(sv: &SeatView) -> Secret {
        Secret {
            knight: sv.table.knights.get(sv.seat.index()).and_then(|k| k.knight),
            hand: sv.hand.clone(),
            face_down_known: sv.face_down_known.clone(),
            foreseen: sv.foreseen.clone(),
            private: sv.private.clone(),
        }
    }
}

/// The black cards he drew and laid face down that still lie there, one line a quest however many
/// lie on it ("Face down on Black Knight: 2 × Black Knight 1 and Black Knight 5"), with their
/// codes.
fn face_down_lines(known: &[(Quest, u8, Black)]) -> Vec<(String, String)> {
    let mut by_quest: Vec<(Quest, Vec<Black>)> = Vec::new();
    for &(q, _, card) in known {
        match by_quest.iter_mut().find(|(at, _)| *at == q) {
            Some((_, cards)) => cards.push(card),
            None => by_quest.push((q, vec![card])),
        }
    }
    by_quest
        .iter()
        .map(|(q, cards)| {
            let line = tf(
                B::private_face_down,
                &[
                    ("quest", &words::quest_name(*q)),
                    ("card", &words::black_counted_list(cards)),
                ],
            );
            (line, black_codes(cards))
        })
        .collect()
}

/// What only this seat knows besides his role (above it, [`RoleReminder`]): his knight and its
/// power, his hand, his face-down cards, and what his decision shows him. Every element naming
/// cards carries their codes (`data-white`, `data-black`).
#[component]
fn Secrets(secret: Secret) -> impl IntoView {
    let knight = secret.knight;
    let hand = if secret.hand.is_empty() {
        view! { <span>{t(B::hand_empty)}</span> }.into_any()
    } else {
        let kinds = words::white_kinds(&secret.hand);
        view! {
            <ul class="hand-cards">
                {kinds.into_iter().map(|(card, n)| view! {
                    <li data-white=words::code(card) data-n=n>{words::white_count(card, n)}</li>
                }).collect_view()}
            </ul>
        }
        .into_any()
    };
    let shown = secret.private.clone().map(|p| match p {
        PrivateView::DrawnCard { card } => (
            tf(B::private_drawn, &[("card", &words::black_name(card))]),
            black_codes(&[card]),
        ),
        PrivateView::ArmorPair { cards } => (
            tf(B::private_armor, &[("cards", &words::black_list(&cards))]),
            black_codes(&cards),
        ),
        PrivateView::TopOfPile { cards } => (
            tf(
                B::private_top_of_pile,
                &[("cards", &words::black_list(&cards))],
            ),
            black_codes(&cards),
        ),
        PrivateView::Clairvoyance { placed, left } => (
            tf(
                B::private_clairvoyance,
                &[
                    ("placed", &words::black_list(&placed)),
                    ("left", &words::black_list(&left)),
                ],
            ),
            black_codes(&[placed, left].concat()),
        ),
    });
    let face_down = face_down_lines(&secret.face_down_known);
    let foreseen = (!secret.foreseen.is_empty()).then(|| {
        (
            tf(
                B::private_foreseen,
                &[("cards", &words::black_list(&secret.foreseen))],
            ),
            black_codes(&secret.foreseen),
        )
    });
    view! {
        <div class="secrets">
            <p class="knight" data-testid="private-knight">
                <strong>{words::knight_or_squire(knight)}</strong>" — "{words::knight_power(knight)}
            </p>
            <div class="hand" data-testid="private-hand">
                <span class="label">{t(B::your_white_cards)}</span>" "{hand}
            </div>
            {shown.map(|(s, codes)| view! { <p class="shown" data-testid="private-shown" data-black=codes>{s}</p> })}
            {foreseen.map(|(s, codes)| view! { <p class="shown" data-testid="private-foreseen" data-black=codes>{s}</p> })}
            {(!face_down.is_empty()).then(|| view! {
                <ul class="face-down" data-testid="private-face-down">
                    {face_down.into_iter().map(|(l, code)| view! { <li data-black=code>{l}</li> }).collect_view()}
                </ul>
            })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::{B, face_down_lines, role};
    use camelot_board::{Black, Game, Loyalty, Quest, Seat, Setup, TraitorRule};

    /// His cards face down on one quest are one line, not a line each saying where again.
    #[test]
    fn face_down_cards_are_one_line_a_quest() {
        crate::i18n::set_texts(crate::i18n::checks::pack::<B>(crate::i18n::Lang::En));
        let lines = face_down_lines(&[
            (Quest::BlackKnight, 0, Black::BlackKnight5),
            (Quest::Lancelot, 1, Black::LancelotDragon5),
            (Quest::BlackKnight, 2, Black::BlackKnight1),
            (Quest::BlackKnight, 3, Black::BlackKnight5),
        ]);
        let words: Vec<&str> = lines.iter().map(|(l, _)| l.as_str()).collect();
        assert_eq!(
            words,
            [
                "Face down on Black Knight: 2 × Black Knight 5 and Black Knight 1",
                "Face down on Lancelot: Lancelot/Dragon 5/9",
            ]
        );
        assert_eq!(lines[0].1.split(' ').count(), 3, "every card's code");
    }

    /// Each Loyalty, in each deal, is reminded of its own goal: a Loyal knight of the Traitor who
    /// may be among the others (none for beginners), the Traitor of playing unseen (and of Evil
    /// alone once unmasked); before a three-player look, of nothing.
    #[test]
    fn the_role_reminder_fits_the_seats_loyalty_and_the_deal() {
        let view = |traitor: TraitorRule| {
            let mut setup = Setup::new(4, 3);
            setup.options.traitor = traitor;
            Game::new(&setup).unwrap().seat_view(Seat(1))
        };
        let reminder = |traitor: TraitorRule, loyalty: Option<Loyalty>, unmasked: bool| {
            let mut sv = view(traitor);
            sv.loyalty = loyalty;
            sv.table.knights[1].revealed = unmasked;
            role(&sv)
        };
        for traitor in [TraitorRule::Standard, TraitorRule::AmongUs] {
            assert_eq!(
                reminder(traitor, Some(Loyalty::Loyal), false),
                Some((Loyalty::Loyal, B::you_are_loyal, B::goal_loyal))
            );
            assert_eq!(
                reminder(traitor, Some(Loyalty::Traitor), false),
                Some((Loyalty::Traitor, B::you_are_traitor, B::goal_traitor))
            );
            assert_eq!(
                reminder(traitor, Some(Loyalty::Traitor), true),
                Some((
                    Loyalty::Traitor,
                    B::you_are_traitor,
                    B::goal_traitor_unmasked
                ))
            );
        }
        // Beginners: the deal itself holds no Traitor.
        let beginner = view(TraitorRule::NoTraitor);
        assert_eq!(beginner.loyalty, Some(Loyalty::Loyal));
        assert_eq!(
            role(&beginner),
            Some((Loyalty::Loyal, B::you_are_loyal, B::goal_loyal_no_traitor))
        );
        assert_eq!(reminder(TraitorRule::Standard, None, false), None);
        // Three players look at their cards only at the threshold: no reminder until then.
        let three = Game::new(&Setup::new(3, 3)).unwrap().seat_view(Seat(0));
        assert_eq!(three.loyalty, None);
        assert_eq!(role(&three), None);
    }
}
