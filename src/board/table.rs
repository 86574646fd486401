//! The board game's table: the board for everyone, what is being decided and by whom, the last
//! moves in words, and the phone passed behind a curtain to whoever decides. Behind it, only after
//! that player's tap, his private screen: his Loyalty card, his white cards, what only he saw, and
//! the actions the rules allow him now, as the engine lists them. Nothing here decides a rule.

use super::board_view::Board;
use super::i18n::B;
use super::{LOG, NEW_GAME, Need, use_ctx, words};
use crate::i18n::{K, t, tf};
use camelot_board::{
    Action, Black, HeroicType, Loyalty, PrivateView, RuleError, Seat, SeatView, TableView,
    TraitorRule, White,
};
use leptos::prelude::*;

#[component]
pub fn Table() -> impl IntoView {
    let ctx = use_ctx();
    // The screen stays on while the table shows.
    crate::wake::keep_awake();
    // Words load with the board game's screens (English until its pack is in).
    super::i18n::open();
    // Every change of what shows (a move, the curtain, a quest's end) keeps the keyboard focus in
    // the screen: the control just used is gone, so the focus goes to the start of what replaced it.
    crate::shell::refocus(".board-table");
    let focus_out =
        window_event_listener_untyped("focusout", |_| crate::shell::refocus(".board-table"));
    on_cleanup(move || focus_out.remove());
    move || {
        if ctx.live.with(Option::is_none) {
            return view! {
                <section class="board-table empty">
                    <p>{t(B::no_game_open)}</p>
                    <button class="primary big" on:click=move |_| ctx.go(NEW_GAME)>
                        {t(K::home_new_board_game)}
                    </button>
                </section>
            }
            .into_any();
        }
        // The board keeps showing the last game it drew while the table closes. At the end, a
        // Loyalty card shows on the board once the end's reveal has turned it over, not before.
        let view = Memo::new(move |prev: Option<&TableView>| {
            let shown = ctx
                .live
                .with(|l| l.as_ref().map(|l| l.session.end_shown))
                .unwrap_or(0);
            ctx.view
                .get()
                .map(|v| not_yet_turned_hidden(v, shown))
                .or_else(|| prev.cloned())
                .expect("the table shows an open game")
        });
        let view = Signal::from(view);
        // The Rules button opens at the part about what is on screen.
        // (The table may be going away as the Rules screen opens: nothing is read then.)
        Effect::new(move |_| {
            let accusing = ctx.confirm.with(Option::is_some);
            if let Some(at) = view.try_with(|v| super::rules::rules_at(v, accusing)) {
                ctx.shell.rules_at.set(Some((super::TABLE, at)));
            }
        });
        let names = Signal::derive(move || ctx.names.get());
        let lifted = Signal::derive(move || ctx.private_seat());
        // The board moves the knight whose Heroic Actions show, or says why not.
        let moves = Signal::derive(move || {
            let seat = ctx.private_seat()?;
            let names = ctx.names.get();
            ctx.live
                .with(|l| board_moves(&l.as_ref()?.game, seat, &names))
        });
        let on_move = Callback::new(move |to| {
            if let Some(seat) = ctx.private_seat() {
                ctx.act(seat, Action::Move { to });
            }
        });
        view! {
            <section class="board-table" data-testid="board-table">
                <Status />
                <div class="board-decision" data-decision><Decision /></div>
                <Recent />
                <Board view=view names=names mine=lifted moves=moves on_move=on_move />
                <div class="button-row">
                    <button data-testid="board-log" on:click=move |_| {
                        ctx.shell.back_to.set(super::TABLE);
                        ctx.go(LOG);
                    }>{t(B::board_log_title)}</button>
                </div>
            </section>
        }
        .into_any()
    }
}

/// Where `seat` may move from the board, while his Heroic Actions wait for him: each place with the
/// move's words, as the list of actions says it, when it is among his legal actions, else why not
/// (the engine's refusal in words). `None` at any other moment.
fn board_moves(
    game: &camelot_board::Game,
    seat: Seat,
    names: &[String],
) -> Option<super::board_view::Moves> {
    let v = game.table_view();
    let his = game.decider() == Some(seat)
        && v.phase == camelot_board::Phase::HeroicActions
        && v.pending == Some(camelot_board::PendingView::Turn);
    if !his {
        return None;
    }
    let legal = game.legal_actions();
    let moves = camelot_board::Place::ALL
        .into_iter()
        .map(|to| {
            let action = Action::Move { to };
            let said = if legal.contains(&action) {
                Ok(words::action_label(&action, names))
            } else {
                let why = game.check(seat, action).err().unwrap_or(RuleError::NotNow);
                Err(words::error_reason(&why, names))
            };
            (to, said)
        })
        .collect();
    Some(moves)
}

/// Whose turn, the phase, and what is being decided by whom.
#[component]
fn Status() -> impl IntoView {
    let ctx = use_ctx();
    move || {
        let v = ctx.view.get()?;
        let names = ctx.names.get();
        // Before the first turn (the opening gesture) there is no turn to number.
        let turn = if v.turn == 0 {
            words::seat_name(&names, v.current)
        } else {
            tf(
                B::status_turn,
                &[
                    ("n", &v.turn),
                    ("name", &words::seat_name(&names, v.current)),
                ],
            )
        };
        let phase = words::phase_name(v.phase);
        let pending = words::pending_line(&v, &names);
        // The black card being decided on, face up for all: what it does, where it is decided.
        let black = match v.pending {
            Some(camelot_board::PendingView::BlackCard {
                card: Some(card), ..
            }) => Some(words::black_effect(card)),
            _ => None,
        };
        Some(view! {
            <header class="board-status" data-testid="board-status">
                <p class="turn"><strong>{turn}</strong>" · "{phase}</p>
                {pending.map(|p| view! { <p class="pending" data-testid="board-pending">{p}</p> })}
                {black.map(|e| view! { <p class="card-effect" data-testid="board-pending-effect">{e}</p> })}
            </header>
        })
    }
}

/// The last moves in words (the screen reader hears each once, through the shell's live region).
#[component]
fn Recent() -> impl IntoView {
    let ctx = use_ctx();
    move || {
        let lines = ctx.recent.get();
        (!lines.is_empty()).then(|| {
            view! {
                <section class="board-recent" aria-label=t(B::recent_title)>
                    <ul data-testid="board-recent" tabindex="0">
                        {lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                    </ul>
                </section>
            }
        })
    }
}

/// What the table must do now: a curtain, a private screen, a computer knight thinking, the end.
#[component]
fn Decision() -> impl IntoView {
    let ctx = use_ctx();
    move || {
        if let Some(end) = ctx.quest_end.get() {
            return Some(view! { <QuestEndPanel end /> }.into_any());
        }
        let need = ctx.need.get()?;
        let lifted = ctx.private_seat();
        Some(match need {
            Need::LoyaltyLook(seat) if lifted == Some(seat) => {
                view! { <LoyaltyLook seat /> }.into_any()
            }
            Need::LoyaltyLook(seat) => {
                view! { <Covered seat why=t(B::why_loyalty_look).to_string() /> }.into_any()
            }
            Need::Person(seat) | Need::Public(seat) if lifted == Some(seat) => {
                view! { <Private seat /> }.into_any()
            }
            Need::Public(seat) => view! { <PublicChoice seat /> }.into_any(),
            Need::Merlins(question) => {
                view! { <super::asks::MerlinQuestionView question /> }.into_any()
            }
            Need::Person(seat) => {
                let why = ctx
                    .view
                    .get_untracked()
                    .map(|v| {
                        let names = ctx.names.get_untracked();
                        v.pending
                            .as_ref()
                            .map(|p| words::pending_what(p, v.phase, v.decider, &names))
                            .unwrap_or_default()
                    })
                    .unwrap_or_default();
                view! { <Covered seat why /> }.into_any()
            }
            Need::Computer(seat) => {
                let name = words::seat_name(&ctx.names.get_untracked(), seat);
                view! {
                    <section class="board-thinking" data-testid="board-thinking">
                        <p role="status">{tf(B::computer_thinking, &[("name", &name)])}</p>
                        <div class="computer-controls">
                            <button data-testid="board-skip" on:click=move |_| ctx.skip_computer()>
                                {t(K::bot_skip)}
                            </button>
                            <button data-testid="board-fast" aria-pressed=move || ctx.fast.get().to_string()
                                on:click=move |_| ctx.toggle_fast()>
                                {move || if ctx.fast.get() { t(K::bot_normal_pace) } else { t(K::bot_faster) }}
                            </button>
                        </div>
                    </section>
                }
                .into_any()
            }
            Need::Over => view! { <End /> }.into_any(),
        })
    }
}

/// A quest's end for the whole table: won or lost and what it brought, until someone taps on (it
/// comes in with a short flourish, never when less motion is asked for).
#[component]
fn QuestEndPanel(end: super::QuestEnd) -> impl IntoView {
    let ctx = use_ctx();
    let (class, title, testid, won) = match end.what {
        super::Outcome::Quest { quest, won } => {
            let quest = words::quest_name(quest);
            if won {
                (
                    "quest-end won",
                    tf(B::quest_end_won, &[("quest", &quest)]),
                    "quest-end",
                    won,
                )
            } else {
                (
                    "quest-end lost",
                    tf(B::quest_end_lost, &[("quest", &quest)]),
                    "quest-end",
                    won,
                )
            }
        }
        // The Traitor found is good news for the Loyal knights; a Loyal knight accused is not.
        super::Outcome::Accusation { target, traitor } => {
            let name = words::seat_name(&ctx.names.get_untracked(), target);
            let (class, key) = if traitor {
                ("quest-end won", B::accusation_result_traitor)
            } else {
                ("quest-end lost", B::accusation_result_loyal)
            };
            (
                class,
                tf(key, &[("name", &name)]),
                "accusation-result",
                traitor,
            )
        }
    };
    let class = if crate::shell::reduced_motion() {
        class.to_string()
    } else {
        format!("{class} animate")
    };
    view! {
        <section class=class role="status" aria-labelledby="quest-end-title" data-testid=testid
            data-won=won.to_string()>
            <h2 id="quest-end-title">{title}</h2>
            <ul class="quest-end-lines">
                {end.lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
            </ul>
            <button class="primary big" data-testid="quest-end-done" on:click=move |_| ctx.quest_end_seen()>
                {t(B::quest_end_continue)}
            </button>
        </section>
    }
}

/// "Pass the phone to ‹name›": only the name and why (public facts) until he taps.
#[component]
fn Covered(seat: Seat, why: String) -> impl IntoView {
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
fn LoyaltyLook(seat: Seat) -> impl IntoView {
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
            {role.map(|role| view! { <RoleReminder role /> })}
            <button class="primary big" data-testid="private-done" on:click=move |_| ctx.looked(seat)>
                {t(B::done_cover)}
            </button>
        </section>
    }
}

/// A seat's role as his private screens remind him of it, from his own view: his Loyalty card,
/// the words for it and the goal it gives him in this game. `None` while he may not look at his
/// card (three players, before the threshold).
fn role(sv: &SeatView) -> Option<(Loyalty, B, B)> {
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
/// goal it gives him (never on the curtain, which the whole table sees).
#[component]
fn RoleReminder(role: (Loyalty, B, B)) -> impl IntoView {
    let (loyalty, you_are, goal) = role;
    let code = loyalty_code(loyalty);
    view! {
        <div class=format!("role-reminder {}", code.to_lowercase()) data-testid="role-reminder"
            data-role=code>
            <p class=format!("loyalty-card {}", code.to_lowercase()) data-testid="private-loyalty"
                data-loyalty=code>{t(you_are)}</p>
            <p class="loyalty-goal" data-testid="loyalty-goal" data-goal=code>{t(goal)}</p>
        </div>
    }
}

/// A Loyalty card's mark in the page (`data-loyalty`, the tests' too) and its style.
fn loyalty_code(loyalty: Loyalty) -> &'static str {
    match loyalty {
        Loyalty::Loyal => "Loyal",
        Loyalty::Traitor => "Traitor",
    }
}

/// A Loyalty card turned over at the end, for the whole table: "Loyal" or "Traitor".
#[component]
fn TurnedLoyalty(loyalty: Loyalty) -> impl IntoView {
    let code = loyalty_code(loyalty);
    view! {
        <span class=format!("loyalty-card {}", code.to_lowercase()) data-loyalty=code>
            {words::loyalty_name(loyalty)}
        </span>
    }
}

/// A person's private screen while he decides.
#[component]
fn Private(seat: Seat) -> impl IntoView {
    let ctx = use_ctx();
    move || {
        let (sv, notices, closed) = ctx.live.with(|l| {
            let l = l.as_ref()?;
            Some((
                l.game.seat_view(seat),
                l.session.notices_for(seat),
                l.game.closed_heroic_actions(seat),
            ))
        })?;
        let names = ctx.names.get();
        let told = (!notices.is_empty()).then(|| {
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
        });
        Some(view! {
            <section class="private board-private" data-testid="private" data-seat=seat.0>
                <h2>{words::seat_name(&names, seat)}</h2>
                {role(&sv).map(|role| view! { <RoleReminder role /> })}
                {told}
                <Secrets sv=sv.clone() />
                <Actions seat sv closed />
                {(!ctx.alone()).then(|| view! {
                    <button class="secondary" data-testid="private-hide" on:click=move |_| ctx.cover()>
                        {t(B::hide_my_cards)}
                    </button>
                })}
            </section>
        })
    }
}

/// The codes of black cards shown to one seat alone, for the element that names them (the browser
/// tests check that no card reaches the page but those its seat may see).
fn black_codes(cards: &[Black]) -> String {
    let codes: Vec<String> = cards.iter().map(|&c| words::code(c)).collect();
    codes.join(" ")
}

/// What only this seat knows besides his role (above it, [`RoleReminder`]): his knight, his hand,
/// his face-down cards, and what his decision shows him. Every element naming cards carries their
/// codes (`data-white`, `data-black`).
#[component]
fn Secrets(sv: SeatView) -> impl IntoView {
    let me = sv.table.knights.get(sv.seat.index()).cloned();
    let knight = me.as_ref().and_then(|k| k.knight);
    let hand = if sv.hand.is_empty() {
        view! { <span>{t(B::hand_empty)}</span> }.into_any()
    } else {
        let kinds = words::white_kinds(&sv.hand);
        view! {
            <ul class="hand-cards">
                {kinds.into_iter().map(|(card, n)| view! {
                    <li data-white=words::code(card) data-n=n>{words::white_count(card, n)}</li>
                }).collect_view()}
            </ul>
        }
        .into_any()
    };
    let shown = sv.private.clone().map(|p| match p {
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
    let face_down: Vec<(String, String)> = sv
        .face_down_known
        .iter()
        .map(|&(q, _, card)| {
            let line = tf(
                B::private_face_down,
                &[
                    ("quest", &words::quest_name(q)),
                    ("card", &words::black_name(card)),
                ],
            );
            (line, words::code(card))
        })
        .collect();
    view! {
        <div class="secrets">
            <p class="knight" data-testid="private-knight"><strong>{words::knight_or_squire(knight)}</strong></p>
            <div class="hand" data-testid="private-hand">
                <span class="label">{t(B::your_white_cards)}</span>" "{hand}
            </div>
            {shown.map(|(s, codes)| view! { <p class="shown" data-testid="private-shown" data-black=codes>{s}</p> })}
            {(!face_down.is_empty()).then(|| view! {
                <ul class="face-down" data-testid="private-face-down">
                    {face_down.into_iter().map(|(l, code)| view! { <li data-black=code>{l}</li> }).collect_view()}
                </ul>
            })}
        </div>
    }
}

/// A decision taken in front of everyone (it hides nothing, [`super::asks`]): who decides, what
/// about, and his choices, with no curtain and none of his cards.
#[component]
fn PublicChoice(seat: Seat) -> impl IntoView {
    let ctx = use_ctx();
    move || {
        let sv = ctx
            .live
            .with(|l| l.as_ref().map(|l| l.game.seat_view(seat)))?;
        let names = ctx.names.get();
        let what = sv
            .table
            .pending
            .as_ref()
            .map(|p| words::pending_what(p, sv.table.phase, sv.table.decider, &names))
            .unwrap_or_default();
        Some(view! {
            <section class="table-question" data-testid="public-choice" data-seat=seat.0>
                <h2>{tf(B::public_choice_title, &[("name", &words::seat_name(&names, seat))])}</h2>
                <p>{what}</p>
                <Actions seat sv closed=Vec::new() />
            </section>
        })
    }
}

/// The actions open to this seat now, as the engine lists them; an accusation asks to be
/// confirmed first.
#[component]
fn Actions(seat: Seat, sv: SeatView, closed: Vec<(HeroicType, RuleError)>) -> impl IntoView {
    let ctx = use_ctx();
    // King Arthur's exchange is chosen in steps (the card, then the knight), not from a wall of
    // every card for every knight: `None` closed, `Some(None)` choosing the card.
    let exchange = RwSignal::new(None::<Option<White>>);
    // Shown again when an accusation asks to be confirmed, or a refusal is said.
    move || {
        let names = ctx.names.get_untracked();
        if let Some(action @ Action::Accuse { target, .. }) = ctx.confirm.get() {
            let shown_loyal_on = sv
                .table
                .knights
                .get(target.index())
                .and_then(|k| k.shown_loyal_on);
            let name = words::seat_name(&names, target);
            return accuse_confirm(seat, action, &name, shown_loyal_on).into_any();
        }
        let message = ctx.message.get();
        let exchanging = exchange.get();
        let exchanges: Vec<White> = sv
            .legal_actions
            .iter()
            .filter_map(|a| match a {
                Action::ArthurExchange { card, .. } => Some(*card),
                _ => None,
            })
            .fold(Vec::new(), |mut v, c| {
                if !v.contains(&c) {
                    v.push(c);
                }
                v
            });
        let arthur = (!exchanges.is_empty()).then(|| match exchanging {
            None => view! {
                <li>
                    <button class="action" data-testid="arthur-exchange"
                        on:click=move |_| exchange.set(Some(None))>
                        {t(B::arthur_exchange_open)}
                    </button>
                </li>
            }
            .into_any(),
            Some(None) => view! {
                <li class="exchange-step" data-testid="arthur-exchange-cards">
                    <p>{t(B::arthur_exchange_which_card)}</p>
                    <ul class="action-list">
                        {exchanges.iter().map(|&card| view! {
                            <li>
                                <button class="action" data-testid=format!("arthur-card-{}", white_code(card))
                                    on:click=move |_| exchange.set(Some(Some(card)))>
                                    {words::white_name(card)}
                                </button>
                            </li>
                        }).collect_view()}
                        <li>
                            <button class="secondary" data-testid="arthur-exchange-cancel"
                                on:click=move |_| exchange.set(None)>
                                {t(K::cancel)}
                            </button>
                        </li>
                    </ul>
                </li>
            }
            .into_any(),
            Some(Some(card)) => view! {
                <li class="exchange-step" data-testid="arthur-exchange-knights">
                    <p>{tf(B::arthur_exchange_to_whom, &[("card", &words::white_name(card))])}</p>
                </li>
            }
            .into_any(),
        });
        let shown_cards = std::cell::RefCell::new(std::collections::BTreeSet::new());
        let buttons = sv
            .legal_actions
            .iter()
            .enumerate()
            .filter(move |(_, a)| match a {
                // The exchange's buttons show only at its last step, for the card chosen.
                Action::ArthurExchange { card, .. } => exchanging == Some(Some(*card)),
                _ => true,
            })
            .map(|(i, &action)| {
                let label = words::action_label(&action, &names);
                let accuse = matches!(action, Action::Accuse { .. });
                // A special card's effect, beside the first choice that plays it; or what a
                // choice sets going that cannot be taken back.
                let effect = words::action_card(&action)
                    .filter(|card| shown_cards.borrow_mut().insert(*card))
                    .map(words::white_effect)
                    .or_else(|| words::action_note(&action));
                // What the choice is sure to cost, said before it is made (the engine's word).
                let danger = ctx
                    .live
                    .with_untracked(|l| l.as_ref().and_then(|l| l.game.danger(seat, action)));
                let warning_id = format!("action-{i}-danger");
                view! {
                    <li>
                        <button class=if accuse { "action accuse" } else { "action" }
                            data-testid=format!("action-{i}")
                            aria-describedby=danger.map(|_| warning_id.clone())
                            on:click=move |_| {
                                if accuse {
                                    ctx.confirm.set(Some(action));
                                } else {
                                    exchange.set(None);
                                    ctx.act(seat, action);
                                }
                            }>
                            {label}
                        </button>
                        {effect.map(|e| view! {
                            <p class="card-effect" data-testid=format!("action-{i}-effect")>{e}</p>
                        })}
                        {danger.map(|d| view! {
                            <p class="message" id=warning_id data-testid=format!("action-{i}-danger")>
                                {words::danger_line(d)}
                            </p>
                        })}
                    </li>
                }
            })
            .collect_view();
        let not_open = (!closed.is_empty()).then(|| {
            let lines = words::closed_lines(&closed, &names);
            view! {
                <section class="not-open" aria-labelledby="board-not-open-title">
                    <h4 id="board-not-open-title">{t(B::not_open_now)}</h4>
                    <ul data-testid="board-not-open">
                        {lines.into_iter().map(|(kinds, why)| view! {
                            <li><strong>{kinds}</strong>": "{why}</li>
                        }).collect_view()}
                    </ul>
                </section>
            }
        });
        view! {
            <section class="actions" aria-labelledby="board-actions-title" data-focus-start>
                <h3 id="board-actions-title">{t(B::your_choice)}</h3>
                {message.map(|m| view! { <p class="message" role="alert" data-testid="board-message">{m}</p> })}
                <ul class="action-list" data-testid="board-actions">{buttons}{arthur}</ul>
                {not_open}
            </section>
        }
        .into_any()
    }
}

/// A white card as a test or a style names it (the engine's serde name).
fn white_code(card: White) -> String {
    serde_json::to_value(card)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| format!("{card:?}"))
}

/// "Accuse ‹name›?": an accusation is asked again before it is made.
/// A knight already shown Loyal is said so, with the turn.
fn accuse_confirm(
    seat: Seat,
    action: Action,
    name: &str,
    shown_loyal_on: Option<u32>,
) -> impl IntoView {
    let ctx = use_ctx();
    let shown = shown_loyal_on.map(|turn| {
        view! {
            <p data-testid="accuse-shown-loyal">
                <strong>{tf(B::accuse_shown_loyal, &[("name", &name), ("turn", &turn)])}</strong>
            </p>
        }
    });
    view! {
        <section class="confirm" role="alertdialog" aria-labelledby="accuse-q" data-testid="accuse-confirm"
            data-focus-start>
            <h3 id="accuse-q">{tf(B::accuse_confirm, &[("name", &name)])}</h3>
            {shown}
            <p>{t(B::accuse_confirm_hint)}</p>
            <div class="button-row">
                <button class="primary big" data-testid="accuse-yes" on:click=move |_| ctx.act(seat, action)>
                    {tf(B::accuse_yes, &[("name", &name)])}
                </button>
                <button class="secondary" data-testid="accuse-no" on:click=move |_| ctx.confirm.set(None)>
                    {t(K::cancel)}
                </button>
            </div>
        </section>
    }
}

/// The table's view as the board draws it: once the game is over, the Loyalty cards the end's
/// reveal has not yet turned over stay face down.
fn not_yet_turned_hidden(mut v: TableView, shown: usize) -> TableView {
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
fn End() -> impl IntoView {
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
                    <button class="big" data-testid="look-back" on:click=move |_| look_back(ctx)>
                        {t(crate::review::words::R::look_back)}
                    </button>
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
    use super::{B, role, turned_at_end};
    use camelot_board::{Game, Loyalty, Seat, Setup, TraitorRule};

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
