//! The table: the phone in the middle. Renders only the `TableView`; the current player's turn
//! (Listen to Rumors, Go on a Quest, Accuse) and Vivien's public choice are taken here, everything
//! private goes behind the curtain.

use super::cards::{CardBack, CardFace, HushIcon, Sym, Symbol};
use super::curtain::Curtain;
use super::end::End;
use super::rescue::KnightQuestionView;
use super::resolution::ResolutionView;
use super::swords::SwordTally;
use super::words::{
    accusation_refusal_text, card_name, computer_badge, computer_lines_title, computer_word,
    event_line, faster_text, loyalty_text, normal_pace_text, quest_name, rule_error_text,
    skip_text, thinking_text,
};
use super::{AccusationResult, Reveal, clock, persist, reduced_motion, use_ctx};
use crate::i18n::{K, t, tf, tn};
use camelot_card::{Action, Decision, Loyalty, Quest, Seat, TopCard};
use leptos::prelude::*;

/// Which page the table shows, in order of priority.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Page {
    NoGame,
    Reveal,
    Accusation,
    Curtain,
    End,
    Board,
}

#[component]
pub fn Table() -> impl IntoView {
    let ctx = use_ctx();
    // The screen stays on while the table shows.
    crate::wake::keep_awake();
    let page = Memo::new(move |_| {
        let Some(over) = ctx.view.with(|v| v.as_ref().map(|v| v.winner.is_some())) else {
            return Page::NoGame;
        };
        if ctx.reveal.with(Option::is_some) {
            Page::Reveal
        } else if ctx.accusation.with(Option::is_some) {
            Page::Accusation
        } else if ctx.need.with(Option::is_some) {
            Page::Curtain
        } else if over {
            Page::End
        } else {
            Page::Board
        }
    });
    // A new page (the phone passed on, an overlay, the board again) starts at the top.
    Effect::new(move |prev: Option<Page>| {
        let p = page.get();
        if prev.is_some_and(|q| q != p) {
            super::scroll_top();
        }
        p
    });
    // Every change of what shows (an action, a page, the curtain, a sheet) keeps the keyboard
    // focus in the screen: the control just used is gone, so the focus goes to the start of what
    // replaced it.
    crate::shell::refocus(".table-screen");
    let focus_out =
        window_event_listener_untyped("focusout", |_| crate::shell::refocus(".table-screen"));
    on_cleanup(move || focus_out.remove());
    // Computer knights move by themselves while this screen shows.
    super::drive_computers(ctx);
    let silent = move || {
        ctx.view.with(|v| {
            v.as_ref()
                .is_some_and(|v| v.silence.is_some() && v.winner.is_none())
        })
    };
    // The computers' lines stay readable over the reveal, an accusation and a covered curtain
    // (the board shows them by its buttons; never over a private screen).
    let lines_on_top = move || match page.get() {
        Page::Reveal | Page::Accusation => true,
        Page::Curtain => ctx.lifted.get().is_none(),
        _ => false,
    };
    view! {
        <div class="table-screen" class:silence=silent data-testid="table">
            {move || lines_on_top().then(|| view! { <ComputerLines /> })}
            {move || match page.get() {
                Page::NoGame => view! {
                    <section>
                        <p>{t(K::log_no_game)}</p>
                        <button on:click=move |_| ctx.go(super::NEW_GAME)>{t(K::home_new_game)}</button>
                    </section>
                }.into_any(),
                Page::Reveal => view! { <ResolutionView /> }.into_any(),
                Page::Accusation => view! { <AccusationOverlay /> }.into_any(),
                Page::Curtain => view! { <Curtain /> }.into_any(),
                Page::End => view! { <End /> }.into_any(),
                Page::Board => view! { <Board /> }.into_any(),
            }}
        </div>
    }
}

/// What the current player may do on the shared screen (knight cards are never shown here).
#[derive(Clone, Debug, PartialEq)]
struct TurnInfo {
    seat: Seat,
    revealed_traitor: bool,
    listen: Result<(), String>,
    spread: bool,
    quests: Vec<Quest>,
    quest_reason: Option<String>,
    targets: Vec<Seat>,
    accuse_reason: Option<String>,
    pass: bool,
    knight_cards: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Main,
    Quest,
    Accuse,
    Confirm(Seat),
    Peek,
}

#[component]
fn Board() -> impl IntoView {
    let ctx = use_ctx();
    let view = ctx.view;
    let mode = RwSignal::new(Mode::Main);

    let turn = Memo::new(move |_| {
        ctx.live.with(|l| {
            let l = l.as_ref()?;
            let g = &l.game;
            let (seat, Decision::Turn) = g.decider()? else {
                return None;
            };
            let legal = g.legal_actions();
            let v = g.table_view();
            let me = &v.seats[seat.index()];
            let quests: Vec<Quest> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::GoOnQuest { quest } => Some(*quest),
                    _ => None,
                })
                .collect();
            let quest_reason = if quests.is_empty() {
                Some(match v.top {
                    None => t(K::table_no_quest_empty_pile).into(),
                    Some(_) => t(K::table_no_quest_symbol).into(),
                })
            } else {
                None
            };
            Some(TurnInfo {
                seat,
                revealed_traitor: me.revealed == Some(Loyalty::Traitor),
                listen: g
                    .check(seat, Action::ListenToRumors)
                    .map_err(|e| rule_error_text(&e, &|s| ctx.name(s))),
                spread: legal.contains(&Action::SpreadRumors),
                quests,
                quest_reason,
                targets: legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Accuse { target } => Some(*target),
                        _ => None,
                    })
                    .collect(),
                accuse_reason: g
                    .accusation_refusal(seat)
                    .map(|r| accusation_refusal_text(r).to_string()),
                pass: legal.contains(&Action::Pass),
                knight_cards: me.knight_cards,
            })
        })
    });
    // Any change of the game returns the buttons to the turn's first choice.
    Effect::new(move |_| {
        view.track();
        mode.set(Mode::Main);
    });

    view! {
        <SilenceBar />
        {move || {
            let t = ctx.speak_again.get()?;
            let now = view.with(|v| v.as_ref().map(|v| v.turn))?;
            (now <= t + 1).then_some(())
        }.map(|()| view! {
            <div class="speak-again" data-testid="speak-again">
                <strong>{t(K::table_speak_again)}</strong>
                <button class="small" on:click=move |_| ctx.speak_again.set(None)>{t(K::ok)}</button>
            </div>
        })}
        <div class="turn-line">
            <span class="turn-no">{move || view.with(|v| v.as_ref().map(|v| tf(K::table_turn, &[("n", &v.turn)])))}</span>
            <span class="whose">
                {around(t(K::table_to_play), "name").0}
                <strong data-testid="current-player">
                    {move || view.with(|v| v.as_ref().map(|v| v.current)).map(|s| ctx.name(s))}
                </strong>
                {around(t(K::table_to_play), "name").1}
            </span>
        </div>
        <div class="board">
            <PileCard />
            <Effects />
        </div>
        {move || ctx.count_aloud.get().map(|(seat, n)| view! {
            <div class="count-aloud" data-testid="count-aloud">
                <span>{tf(K::curtain_says_aloud, &[("name", &ctx.name(seat))])}</span>
                <strong>{n}</strong>
            </div>
        })}
        {move || ctx.message.get().map(|m| view! {
            <p class="message" role="alert" data-testid="message">
                {m}
                <button class="small" on:click=move |_| ctx.message.set(None)>{t(K::ok)}</button>
            </p>
        })}
        // What the player to move may do comes right under the Threats pile, so that a phone shows
        // it without scrolling; what the computers did and the swords follow.
        <section class="actions" data-testid="actions" data-focus-start="" tabindex="-1">
            {move || {
                let decider = view.with(|v| v.as_ref().and_then(|v| v.decider));
                let question = ctx.live.with(|l| l.as_ref().and_then(|l| l.knight_question()));
                match decider {
                    _ if question.is_some() => question
                        .map(|question| view! { <KnightQuestionView question /> })
                        .into_any(),
                    Some((seat, _)) if ctx.is_computer(seat) => view! { <ComputerTurn seat /> }.into_any(),
                    Some((seat, Decision::VivienRecipient)) => view! { <VivienChoice seat /> }.into_any(),
                    _ => match turn.get() {
                        Some(info) => view! { <TurnActions info mode /> }.into_any(),
                        None => ().into_any(),
                    },
                }
            }}
        </section>
        <ComputerLines />
        <SwordTally swords=Signal::derive(move || view.with(|v| v.as_ref().map(|v| v.swords).unwrap_or_default())) />
        <LastEvents />
        <Seats />
        <nav class="table-footer">
            <button data-testid="open-log" on:click=move |_| {
                ctx.back_to.set(super::TABLE);
                ctx.go(super::LOG);
            }>{t(K::log_title)}</button>
            <button data-testid="my-cards" on:click=move |_| mode.set(Mode::Peek)>{t(K::table_look_at_my_cards)}</button>
            {move || view.with(|v| v.as_ref().and_then(|v| v.resolution.clone())).map(|r| view! {
                <button data-testid="last-quest" on:click=move |_| ctx.reveal.set(Some(Reveal {
                    resolution: r.clone(),
                    quester: ctx.quester.get_untracked(),
                    animate: false,
                }))>{t(K::table_last_quest)}</button>
            })}
        </nav>
        {move || (mode.get() == Mode::Peek).then(|| view! {
            <div class="sheet" data-testid="peek-picker">
                <p>{t(K::table_peek_question)}</p>
                {ctx.names.get().into_iter().enumerate()
                    .filter(|(i, _)| !ctx.is_computer(Seat(*i as u8)))
                    .map(|(i, n)| view! {
                    <button data-testid=format!("peek-{i}") on:click=move |_| {
                        mode.set(Mode::Main);
                        ctx.peek.set(Some(Seat(i as u8)));
                    }>{n}</button>
                }).collect_view()}
                <button class="secondary" on:click=move |_| mode.set(Mode::Main)>{t(K::cancel)}</button>
            </div>
        })}
    }
}

#[component]
fn TurnActions(info: TurnInfo, mode: RwSignal<Mode>) -> impl IntoView {
    let ctx = use_ctx();
    let seat = info.seat;
    let stored = StoredValue::new(info);
    move || {
        let info = stored.get_value();
        match mode.get() {
            Mode::Main | Mode::Peek => {
                let knights = (info.knight_cards > 0).then(|| view! {
                    <button class="secondary" data-testid="my-knights"
                        on:click=move |_| ctx.peek.set(Some(seat))>
                        {tf(K::table_my_knights, &[("n", &info.knight_cards)])}
                    </button>
                });
                if info.revealed_traitor {
                    view! {
                        <p class="hint">{t(K::table_traitor_hint)}</p>
                        {info.spread.then(|| view! {
                            <button class="primary big" data-testid="spread-rumors"
                                on:click=move |_| ctx.act(seat, Action::SpreadRumors)>{t(K::table_spread_rumors)}</button>
                        })}
                        {(!info.spread && info.pass).then(|| view! {
                            <button class="big" data-testid="pass"
                                on:click=move |_| ctx.act(seat, Action::Pass)>{t(K::table_no_card_pass)}</button>
                        })}
                        {knights}
                    }
                    .into_any()
                } else {
                    let listen_ok = info.listen.is_ok();
                    let quest_ok = !info.quests.is_empty();
                    let accuse_ok = !info.targets.is_empty();
                    view! {
                        <div class="action">
                            <button class="primary big" data-testid="listen" disabled=!listen_ok
                                on:click=move |_| ctx.act(seat, Action::ListenToRumors)>
                                {t(K::table_listen)}
                            </button>
                            {info.listen.clone().err().map(|r| view! { <p class="why" data-testid="listen-why">{r}</p> })}
                        </div>
                        <div class="action">
                            <button class="primary big" data-testid="quest" disabled=!quest_ok
                                on:click=move |_| mode.set(Mode::Quest)>
                                {t(K::table_go_on_quest)}
                            </button>
                            {info.quest_reason.clone().map(|r| view! { <p class="why" data-testid="quest-why">{r}</p> })}
                        </div>
                        <div class="action">
                            <button class="big accuse" data-testid="accuse" disabled=!accuse_ok
                                on:click=move |_| mode.set(Mode::Accuse)>
                                {t(K::table_accuse)}
                            </button>
                            {info.accuse_reason.clone().map(|r| view! { <p class="why" data-testid="accuse-why">{r}</p> })}
                        </div>
                        {(info.pass).then(|| view! {
                            <button class="big" data-testid="pass"
                                on:click=move |_| ctx.act(seat, Action::Pass)>{t(K::table_nothing_pass)}</button>
                        })}
                        {knights}
                    }
                    .into_any()
                }
            }
            Mode::Quest => view! {
                <h3>{t(K::table_which_quest)}</h3>
                <div class="quest-choices">
                    {info.quests.iter().map(|&q| view! {
                        <button class=format!("quest-choice {}", q.code()) data-testid=format!("quest-{}", q.code())
                            on:click=move |_| ctx.act(seat, Action::GoOnQuest { quest: q })>
                            <Symbol sym=Sym::Quest(q) />
                            <span>{quest_name(q)}</span>
                            <small>{tn(K::n_swords, i64::from(q.swords()), &[])}</small>
                        </button>
                    }).collect_view()}
                </div>
                <button class="secondary" data-testid="cancel" on:click=move |_| mode.set(Mode::Main)>{t(K::cancel)}</button>
            }
            .into_any(),
            Mode::Accuse => view! {
                <h3>{t(K::table_accuse_whom)}</h3>
                <p class="hint">{t(K::table_accuse_hint)}</p>
                <div class="choices">
                    {info.targets.iter().map(|&s| view! {
                        <button data-testid=format!("accuse-target-{}", s.0)
                            on:click=move |_| mode.set(Mode::Confirm(s))>{ctx.name(s)}</button>
                    }).collect_view()}
                </div>
                <button class="secondary" data-testid="cancel" on:click=move |_| mode.set(Mode::Main)>{t(K::cancel)}</button>
            }
            .into_any(),
            Mode::Confirm(target) => view! {
                <h3>{tf(K::table_accuses_question, &[("accuser", &ctx.name(seat)), ("target", &ctx.name(target))])}</h3>
                <p class="hint">{t(K::table_cannot_undo)}</p>
                <button class="big accuse" data-testid="confirm-accuse"
                    on:click=move |_| ctx.act(seat, Action::Accuse { target })>
                    {tf(K::table_yes_accuse, &[("name", &ctx.name(target))])}
                </button>
                <button class="secondary" data-testid="cancel" on:click=move |_| mode.set(Mode::Main)>{t(K::cancel)}</button>
            }
            .into_any(),
        }
    }
}

/// A computer knight's turn (or private step): it is thinking, then it moves by itself. "Skip"
/// makes it move now; "Faster" makes every computer move at once from now on.
#[component]
fn ComputerTurn(seat: Seat) -> impl IntoView {
    let ctx = use_ctx();
    let still = reduced_motion();
    view! {
        <div class="computer-turn" class:still=still data-testid="computer-turn">
            <p class="thinking" role="status" data-testid="bot-thinking">
                <span class="dots" class:on=move || ctx.thinking.get().is_some() aria-hidden="true"></span>
                {thinking_text(&ctx.name(seat))}
            </p>
            <div class="computer-controls">
                <button data-testid="bot-skip" on:click=move |_| ctx.skip_computer()>
                    {skip_text()}
                </button>
                <button data-testid="bot-fast" aria-pressed=move || ctx.fast.get().to_string()
                    on:click=move |_| ctx.toggle_fast()>
                    {move || if ctx.fast.get() { normal_pace_text() } else { faster_text() }}
                </button>
            </div>
        </div>
    }
}

/// What the computer knights did since a person last took a turn, newest last.
#[component]
fn ComputerLines() -> impl IntoView {
    let ctx = use_ctx();
    move || {
        let lines = ctx.computer_lines.get();
        let n = lines.len();
        (n > 0).then(|| {
            view! {
                <section class="computer-lines" data-testid="computer-lines">
                    <h3>{computer_lines_title()}</h3>
                    <ul>
                        {lines.into_iter().enumerate().skip(n.saturating_sub(3)).map(|(i, l)| view! {
                            <li class:newest=i + 1 == n data-testid="bot-line">
                                <strong>{ctx.name(l.seat)}</strong>
                                <span class="who">{tf(K::table_computer_who, &[("computer", &computer_word())])}</span>
                                <span class="why">{l.text}</span>
                            </li>
                        }).collect_view()}
                    </ul>
                </section>
            }
        })
    }
}

/// Vivien: the drawer chooses, in front of everyone, who receives the other Loyalty card.
#[component]
fn VivienChoice(seat: Seat) -> impl IntoView {
    let ctx = use_ctx();
    let targets: Vec<Seat> = ctx.live.with_untracked(|l| {
        l.as_ref()
            .map(|l| {
                l.game
                    .legal_actions()
                    .into_iter()
                    .filter_map(|a| match a {
                        Action::GiveLoyalty { recipient } => Some(recipient),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    });
    view! {
        <h3>{tf(K::table_vivien_give, &[("name", &ctx.name(seat))])}</h3>
        <div class="choices">
            {targets.into_iter().map(|r| view! {
                <button data-testid=format!("vivien-give-{}", r.0)
                    on:click=move |_| ctx.act(seat, Action::GiveLoyalty { recipient: r })>{ctx.name(r)}</button>
            }).collect_view()}
        </div>
    }
}

/// The Threats pile as one big card: the top card face up, or its back with the announcement.
#[component]
fn PileCard() -> impl IntoView {
    let ctx = use_ctx();
    let view = ctx.view;
    let top = Memo::new(move |_| view.with(|v| v.as_ref().and_then(|v| v.top)));
    let counts = Memo::new(move |_| {
        view.with(|v| {
            v.as_ref()
                .map(|v| (v.pile_count, v.deck_count, v.discard_count))
                .unwrap_or_default()
        })
    });
    view! {
        <div class="pile">
            // A screen reader says each new top card (its name), once: the line under the pile
            // only says who placed a card.
            <div class="pile-card" data-testid="top-card" aria-live="polite"
                data-top=move || match top.get() {
                    Some(TopCard::FaceUp { card }) => card.code(),
                    Some(TopCard::FaceDown { .. }) => "face-down".into(),
                    None => "empty".into(),
                }>
                {move || match top.get() {
                    Some(TopCard::FaceUp { card }) => view! { <CardFace card size="big" /> }.into_any(),
                    Some(TopCard::FaceDown { announced }) => view! {
                        <CardBack size="big" />
                        <p class="announced" data-testid="announced">
                            {around(t(K::table_announced), "card").0}
                            <strong>{card_name(announced)}</strong>
                            {around(t(K::table_announced), "card").1}
                        </p>
                    }.into_any(),
                    None => view! {
                        <div class="card empty big"><span>{t(K::table_pile_empty)}</span></div>
                    }.into_any(),
                }}
            </div>
            <p class="counts">
                <span data-testid="pile-count">{move || tf(K::table_pile_count, &[("n", &counts.get().0)])}</span>
                <span data-testid="deck-count">{move || tf(K::table_deck_count, &[("n", &counts.get().1)])}</span>
                <span class="muted">{move || tf(K::table_discard_count, &[("n", &counts.get().2)])}</span>
            </p>
        </div>
    }
}

/// Lasting effects in force.
#[component]
fn Effects() -> impl IntoView {
    let ctx = use_ctx();
    let view = ctx.view;
    move || {
        view.with(|v| {
            let v = v.as_ref()?;
            let mut chips = Vec::new();
            if v.all_revealed {
                chips.push(view! {
                    <li class="effect revealed" data-testid="effect-all-revealed">
                        {t(K::table_effect_all_revealed)}
                    </li>
                }.into_any());
            }
            if v.morgan1 {
                chips.push(view! {
                    <li class="effect morgan" data-testid="effect-morgan1">
                        <b>{tf(K::card_morgan, &[("n", &1)])}</b>" "{t(K::table_effect_morgan1)}
                    </li>
                }.into_any());
            }
            if let Some(n) = v.morgan2_next {
                chips.push(view! {
                    <li class="effect morgan" data-testid="effect-morgan2">
                        <b>{tf(K::card_morgan, &[("n", &2)])}</b>" "
                        {around(t(K::table_effect_morgan2), "number").0}
                        <strong class="say">{tf(K::table_quoted, &[("n", &n)])}</strong>
                        {around(t(K::table_effect_morgan2), "number").1}
                    </li>
                }.into_any());
            }
            if v.merlin4_tokens > 0 {
                let n = v.merlin4_tokens;
                chips.push(view! {
                    <li class="effect merlin" data-testid="effect-merlin4">
                        <b>{tf(K::card_merlin, &[("n", &4)])}</b>" "{tn(K::table_effect_merlin4, i64::from(n), &[])}
                    </li>
                }.into_any());
            }
            if v.options.knights_to_the_rescue {
                chips.push(view! {
                    <li class="effect knight">{tf(K::table_knight_deck, &[("n", &v.knight_deck_count)])}</li>
                }.into_any());
            }
            if chips.is_empty() {
                None
            } else {
                Some(view! { <ul class="effects" data-testid="effects">{chips}</ul> })
            }
        })
    }
}

/// Morgan's silence: the whole table changes, with the time and turns spent in silence.
#[component]
fn SilenceBar() -> impl IntoView {
    let ctx = use_ctx();
    let countdown = persist::silence_countdown_secs();
    let since = Memo::new(move |_| {
        ctx.live
            .with(|l| l.as_ref().and_then(|l| l.session.silence_since_ms))
    });
    move || {
        let silence = ctx.view.with(|v| v.as_ref().and_then(|v| v.silence))?;
        Some(view! {
            <section class="silence-bar" data-testid="silence">
                <HushIcon />
                <div>
                    <strong class="silence-title">{t(K::table_silence)}</strong>
                    <p>
                        // The clocks tick every second: never read out each time (the
                        // silence falling is said with the move that brought it).
                        <span data-testid="silence-elapsed" aria-live="off">
                            {move || since.get().map(|s| tf(K::table_silence_elapsed, &[("time", &clock(ctx.now.get() - s))]))}
                        </span>
                        // (A save from before the silence's start was kept has no time to show.)
                        {move || since.get().map(|_| " · ")}
                        <span data-testid="silence-turns">
                            {tn(K::table_silence_turns, i64::from(silence.turns), &[])}
                        </span>
                    </p>
                    {countdown.map(|secs| view! {
                        <p class="countdown" data-testid="silence-countdown" aria-live="off">
                            {move || {
                                let left = secs as f64 * 1000.0 - (ctx.now.get() - ctx.turn_started.get());
                                if left > 0.0 {
                                    tf(K::table_countdown_left, &[("time", &clock(left + 999.0))])
                                } else {
                                    t(K::table_time_up).to_string()
                                }
                            }}
                        </p>
                    })}
                </div>
            </section>
        })
    }
}

/// What just happened, in words.
#[component]
fn LastEvents() -> impl IntoView {
    let ctx = use_ctx();
    move || {
        let lines: Vec<String> = ctx.last_events.with(|evs| {
            evs.iter()
                .filter(|e| !matches!(e, camelot_card::Event::TurnBegins { .. }))
                .filter_map(|e| event_line(e, &|s| ctx.name(s)))
                .collect()
        });
        (!lines.is_empty()).then(|| {
            view! {
                <section class="last-events" data-testid="last-events">
                    <h3>{t(K::table_just_now)}</h3>
                    <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                </section>
            }
        })
    }
}

/// The players around the table: whose turn, who has accused, who is revealed, Knight cards.
#[component]
fn Seats() -> impl IntoView {
    let ctx = use_ctx();
    move || {
        ctx.view.with(|v| {
            let v = v.as_ref()?;
            Some(view! {
                <ol class="seats" data-testid="seats">
                    {v.seats.iter().map(|s| {
                        let current = s.seat == v.current;
                        view! {
                            <li class="seat" class:current=current data-testid=format!("seat-{}", s.seat.0)>
                                <span class="seat-name">{ctx.name(s.seat)}</span>
                                {ctx.sitter(s.seat).level().map(|l| view! {
                                    <span class="badge computer" data-testid="computer-badge">{computer_badge(l)}</span>
                                })}
                                {current.then(|| view! { <span class="badge turn">{t(K::table_badge_to_play)}</span> })}
                                {s.revealed.map(|l| view! {
                                    <span class=format!("badge {}", loyalty_class(l))
                                        data-testid="revealed">{loyalty_text(l)}</span>
                                })}
                                {s.has_accused.then(|| view! { <span class="badge" data-testid="has-accused">{t(K::table_has_accused)}</span> })}
                                {(s.knight_cards > 0).then(|| view! {
                                    <span class="badge knight">{tn(K::table_knight_cards, i64::from(s.knight_cards), &[])}</span>
                                })}
                            </li>
                        }
                    }).collect_view()}
                </ol>
            })
        })
    }
}

/// An accusation's result, for the whole table.
#[component]
fn AccusationOverlay() -> impl IntoView {
    let ctx = use_ctx();
    move || {
        let AccusationResult {
            accuser,
            target,
            loyalty,
        } = ctx.accusation.get()?;
        let placed: u8 = ctx.last_events.with(|evs| {
            evs.iter()
                .map(|e| match e {
                    camelot_card::Event::SwordsPlaced { count, .. } => *count,
                    _ => 0,
                })
                .sum()
        });
        let (headline, colour) = match loyalty {
            Loyalty::Loyal => (
                tf(K::table_is_loyal, &[("name", &ctx.name(target))]),
                camelot_card::Colour::Black,
            ),
            Loyalty::Traitor => (
                tf(K::table_is_traitor, &[("name", &ctx.name(target))]),
                camelot_card::Colour::White,
            ),
        };
        let swords = match (placed, colour) {
            (0, _) => t(K::table_no_sword_left).to_string(),
            (n, camelot_card::Colour::White) => tn(K::table_white_placed, i64::from(n), &[]),
            (n, camelot_card::Colour::Black) => tn(K::table_black_placed, i64::from(n), &[]),
        };
        Some(view! {
            <section class="overlay accusation" data-testid="accusation-result">
                <p>{tf(K::table_accused_line, &[("accuser", &ctx.name(accuser)), ("target", &ctx.name(target))])}</p>
                <super::cards::LoyaltyFace loyalty size="big" />
                <h2>{headline}</h2>
                <p class="swords-placed">{swords}</p>
                <button class="primary big" data-testid="continue"
                    on:click=move |_| {
                        ctx.accusation.set(None);
                        ctx.overlay_closed();
                    }>{t(K::reveal_continue)}</button>
            </section>
        })
    }
}

/// The text of a key split around its `{placeholder}`, so the filled-in part can have its own
/// element (the word order stays the language's own).
fn around(text: &str, placeholder: &str) -> (String, String) {
    let mark = format!("{{{placeholder}}}");
    match text.split_once(mark.as_str()) {
        Some((before, after)) => (before.to_string(), after.to_string()),
        None => (text.to_string(), String::new()),
    }
}

/// The CSS class of a revealed Loyalty badge (never translated).
fn loyalty_class(l: Loyalty) -> &'static str {
    match l {
        Loyalty::Loyal => "loyal",
        Loyalty::Traitor => "traitor",
    }
}
