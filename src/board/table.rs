//! The board game's table: the board for everyone, what is being decided and by whom, the last
//! moves in words, a quest's end for the whole table, a choice made in front of everyone, and the
//! actions the rules allow now, as the engine lists them. The curtain and the private screen
//! behind it are in [`super::curtain`], the end in [`super::end`]. Nothing here decides a rule.

use super::board_view::Board;
use super::curtain::{Covered, LoyaltyLook, Private};
use super::end::{End, not_yet_turned_hidden};
use super::i18n::B;
use super::{LOG, NEW_GAME, Need, clear, use_ctx, words};
use crate::i18n::{K, t, tf};
use camelot_board::{Action, HeroicType, RuleError, Seat, SeatView, TableView, White};
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
    // The table is drawn anew only when a game opens or closes; a move redraws only what it
    // changed (the board, the status and the commentary follow the game themselves).
    let open = Memo::new(move |_| ctx.live.with(Option::is_some));
    move || {
        if !open.get() {
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
        // The Merlin question right below names the card and what it does: not said twice.
        let asked_below = matches!(ctx.need.get(), Some(Need::Merlins(_)));
        let pending = words::pending_line(&v, &names).filter(|_| !asked_below);
        // The black card being decided on, face up for all: what it does, where it is decided;
        // Morgan's call for a volunteer: what happens if nobody steps forward.
        let black = match v.pending {
            Some(camelot_board::PendingView::BlackCard {
                card: Some(card), ..
            }) => Some(words::black_effect(card)),
            Some(camelot_board::PendingView::Volunteer { morgan, .. }) => {
                Some(words::volunteer_effect(morgan))
            }
            _ => None,
        }
        .filter(|_| !asked_below);
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

/// What the table's decision shows, as far as it is drawn anew when it changes: what is in a
/// private screen, a choice on the table or the end follows the game by itself.
#[derive(Clone, Debug, PartialEq)]
enum Shown {
    QuestEnd(super::QuestEnd),
    /// What must be done, whose private screen is up, and the words on a curtain.
    Need {
        need: Need,
        lifted: Option<Seat>,
        /// A person's first look at his Loyalty card is also his opening gesture.
        opening: bool,
        why: String,
    },
}

/// What the table must do now: a curtain, a private screen, a computer knight thinking, the end.
#[component]
fn Decision() -> impl IntoView {
    let ctx = use_ctx();
    // Drawn anew only when what shows changes, not at every move: a person's private screen stays
    // while his decision goes on (redrawn whole, a tap held a slow phone's page 50 to 150 ms, the
    // control just tapped gone from under his finger).
    let shown = Memo::new(move |_| {
        if let Some(end) = ctx.quest_end.get() {
            return Some(Shown::QuestEnd(end));
        }
        let need = ctx.need.get()?;
        let lifted = ctx.private_seat();
        let opening = match need {
            Need::LoyaltyLook(seat) if lifted == Some(seat) => ctx
                .live
                .with(|l| l.as_ref().is_some_and(|l| super::offers_at_look(l, seat))),
            _ => false,
        };
        let why = match need {
            Need::Person(seat) if lifted != Some(seat) => ctx
                .view
                .with(|v| {
                    let v = v.as_ref()?;
                    let names = ctx.names.get();
                    let p = v.pending.as_ref()?;
                    Some(words::pending_what(p, v.phase, v.decider, &names))
                })
                .unwrap_or_default(),
            _ => String::new(),
        };
        Some(Shown::Need {
            need,
            lifted,
            opening,
            why,
        })
    });
    // While computer knights decide one after another, their panel stays as it is from move to
    // move (only the name in it follows the knight deciding): drawn anew at every move, its Skip
    // and Faster went away under the finger or the keyboard focus that had used them, and
    // removing them held a slow phone's page 30 to 60 ms a move. (What this reads lives as long
    // as the game's state: the knights go on moving while the Log shows, after the table has
    // gone, and a value of the table's own read then would be one dropped.)
    move || {
        if ctx.computers_deciding.get() {
            return Some(view! { <ComputerThinking /> }.into_any());
        }
        let (need, lifted, opening, why) = match shown.get()? {
            Shown::QuestEnd(end) => return Some(view! { <QuestEndPanel end /> }.into_any()),
            Shown::Need {
                need,
                lifted,
                opening,
                why,
            } => (need, lifted, opening, why),
        };
        Some(match need {
            // His first look is also his opening gesture when he is the one to lay a card.
            Need::LoyaltyLook(seat) if lifted == Some(seat) && opening => {
                view! { <Private seat /> }.into_any()
            }
            Need::LoyaltyLook(seat) if lifted == Some(seat) => {
                view! { <LoyaltyLook seat /> }.into_any()
            }
            Need::LoyaltyLook(seat) => {
                view! { <Covered seat why=t(B::why_loyalty_look).to_string() /> }.into_any()
            }
            Need::Person(seat) | Need::Public(seat) if lifted == Some(seat) => {
                view! { <Private seat /> }.into_any()
            }
            // A question that interrupts the moment of whoever holds the phone shows on his
            // screen, above his cards (he asks it aloud and taps the answer).
            Need::Public(seat) => match lifted {
                Some(holder) => {
                    view! { <PublicChoice seat /> <Private seat=holder waiting=true /> }.into_any()
                }
                None => view! { <PublicChoice seat /> }.into_any(),
            },
            Need::Merlins(question) => match lifted {
                Some(holder) => view! {
                    <super::asks::MerlinQuestionView question />
                    <Private seat=holder waiting=true />
                }
                .into_any(),
                None => view! { <super::asks::MerlinQuestionView question /> }.into_any(),
            },
            Need::Person(seat) => view! { <Covered seat why /> }.into_any(),
            Need::Computer(_) => view! { <ComputerThinking /> }.into_any(),
            Need::Over => view! { <End /> }.into_any(),
        })
    }
}

/// A computer knight deciding: who, and Skip and Faster. One panel for as long as computer knights
/// decide one after another; the name follows the knight deciding.
#[component]
fn ComputerThinking() -> impl IntoView {
    let ctx = use_ctx();
    let name = move || match ctx.need.get() {
        Some(Need::Computer(seat)) => {
            let name = words::seat_name(&ctx.names.get(), seat);
            tf(B::computer_thinking, &[("name", &name)])
        }
        _ => String::new(),
    };
    view! {
        <section class="board-thinking" data-testid="board-thinking">
            <p role="status">{name}</p>
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

/// A decision taken in front of everyone (it hides nothing, [`super::asks`]): who decides, what
/// about, and his choices, with no curtain and none of his cards.
#[component]
fn PublicChoice(seat: Seat) -> impl IntoView {
    let ctx = use_ctx();
    move || {
        let (sv, agreeing) = ctx.live.with(|l| {
            l.as_ref()
                .map(|l| (l.game.seat_view(seat), l.still_to_agree().len()))
        })?;
        let names = ctx.names.get();
        // A proposal put to several persons: one tap when they all agree.
        let everyone = (agreeing > 1).then(|| {
            view! {
                <button class="action primary" data-testid="everyone-agrees"
                    on:click=move |_| ctx.everyone_agrees()>
                    {t(B::everyone_agrees)}
                </button>
            }
        });
        // What is decided is said right above, in the status's line; here only when it is not.
        let what = sv
            .table
            .pending
            .as_ref()
            .filter(|_| words::pending_line(&sv.table, &names).is_none())
            .map(|p| words::pending_what(p, sv.table.phase, sv.table.decider, &names));
        Some(view! {
            <section class="table-question" data-testid="public-choice" data-seat=seat.0>
                <h2>{tf(B::public_choice_title, &[("name", &words::seat_name(&names, seat))])}</h2>
                {what.map(|what| view! { <p>{what}</p> })}
                {ctx.coaching().then(|| view! { <super::coach::BoardCoach seat sv=sv.clone() /> })}
                {everyone}
                <Actions seat sv closed=Vec::new() />
            </section>
        })
    }
}

/// The actions open to this seat now, as the engine lists them; an accusation asks to be
/// confirmed first.
#[component]
pub(super) fn Actions(
    seat: Seat,
    sv: SeatView,
    closed: Vec<(HeroicType, RuleError)>,
) -> impl IntoView {
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
                                    clear(exchange);
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
