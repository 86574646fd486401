//! The table: the phone in the middle. Renders only the `TableView`; the current player's turn
//! (Listen to Rumors, Go on a Quest, Accuse) and Vivien's public choice are taken here, everything
//! private goes behind the curtain.

use super::cards::{CardBack, CardFace, HushIcon, Sym, Symbol};
use super::curtain::Curtain;
use super::end::End;
use super::resolution::ResolutionView;
use super::swords::SwordTally;
use super::words::{
    COMPUTER_LINES_TITLE, COMPUTER_WORD, FASTER_TEXT, NORMAL_PACE_TEXT, SKIP_TEXT, card_name,
    computer_badge, event_line, loyalty_text, thinking_text,
};
use super::{AccusationResult, Reveal, clock, persist, reduced_motion, use_ctx};
use crate::app::Screen;
use camelot::{Action, Decision, Loyalty, Quest, Seat, TopCard};
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
                        <p>"No game is being played."</p>
                        <button on:click=move |_| ctx.go(Screen::NewGame)>"New game"</button>
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
                    None => "The Threats pile is empty: there is no quest to go on yet.".into(),
                    Some(_) => "The top card of the Threats pile shows no quest symbol.".into(),
                })
            } else {
                None
            };
            Some(TurnInfo {
                seat,
                revealed_traitor: me.revealed == Some(Loyalty::Traitor),
                listen: g
                    .check(seat, Action::ListenToRumors)
                    .map_err(|e| super::sentence(&e.to_string())),
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
                accuse_reason: g.accusation_refused(seat).map(super::sentence),
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
            <div class="speak-again" role="status" data-testid="speak-again">
                <strong>"You may speak again"</strong>
                <button class="small" on:click=move |_| ctx.speak_again.set(None)>"OK"</button>
            </div>
        })}
        <div class="turn-line">
            <span class="turn-no">{move || view.with(|v| v.as_ref().map(|v| format!("Turn {}", v.turn)))}</span>
            <span class="whose">
                <strong data-testid="current-player">
                    {move || view.with(|v| v.as_ref().map(|v| v.current)).map(|s| ctx.name(s))}
                </strong>
                " to play"
            </span>
        </div>
        <div class="board">
            <PileCard />
            <Effects />
        </div>
        <SwordTally swords=Signal::derive(move || view.with(|v| v.as_ref().map(|v| v.swords).unwrap_or_default())) />
        {move || ctx.count_aloud.get().map(|(seat, n)| view! {
            <div class="count-aloud" data-testid="count-aloud">
                <span>{ctx.name(seat)}" says aloud"</span>
                <strong>{n}</strong>
            </div>
        })}
        {move || ctx.message.get().map(|m| view! {
            <p class="message" role="alert" data-testid="message">
                {m}
                <button class="small" on:click=move |_| ctx.message.set(None)>"OK"</button>
            </p>
        })}
        <ComputerLines />
        <section class="actions" data-testid="actions">
            {move || {
                let decider = view.with(|v| v.as_ref().and_then(|v| v.decider));
                match decider {
                    Some((seat, _)) if ctx.is_computer(seat) => view! { <ComputerTurn seat /> }.into_any(),
                    Some((seat, Decision::VivienRecipient)) => view! { <VivienChoice seat /> }.into_any(),
                    _ => match turn.get() {
                        Some(t) => view! { <TurnActions t mode /> }.into_any(),
                        None => ().into_any(),
                    },
                }
            }}
        </section>
        <LastEvents />
        <Seats />
        <nav class="table-footer">
            <button data-testid="open-log" on:click=move |_| {
                ctx.back_to.set(Screen::Table);
                ctx.go(Screen::Log);
            }>"Log"</button>
            <button data-testid="my-cards" on:click=move |_| mode.set(Mode::Peek)>"Look at my cards"</button>
            {move || view.with(|v| v.as_ref().and_then(|v| v.resolution.clone())).map(|r| view! {
                <button data-testid="last-quest" on:click=move |_| ctx.reveal.set(Some(Reveal {
                    resolution: r.clone(),
                    quester: ctx.quester.get_untracked(),
                    animate: false,
                }))>"Last quest"</button>
            })}
        </nav>
        {move || (mode.get() == Mode::Peek).then(|| view! {
            <div class="sheet" data-testid="peek-picker">
                <p>"Who wants to look at their own cards? The phone will be covered until they tap."</p>
                {ctx.names.get().into_iter().enumerate()
                    .filter(|(i, _)| !ctx.is_computer(Seat(*i as u8)))
                    .map(|(i, n)| view! {
                    <button data-testid=format!("peek-{i}") on:click=move |_| {
                        mode.set(Mode::Main);
                        ctx.peek.set(Some(Seat(i as u8)));
                    }>{n}</button>
                }).collect_view()}
                <button class="secondary" on:click=move |_| mode.set(Mode::Main)>"Cancel"</button>
            </div>
        })}
    }
}

#[component]
fn TurnActions(t: TurnInfo, mode: RwSignal<Mode>) -> impl IntoView {
    let ctx = use_ctx();
    let seat = t.seat;
    let t = StoredValue::new(t);
    move || {
        let t = t.get_value();
        match mode.get() {
            Mode::Main | Mode::Peek => {
                let knights = (t.knight_cards > 0).then(|| view! {
                    <button class="secondary" data-testid="my-knights"
                        on:click=move |_| ctx.peek.set(Some(seat))>
                        {format!("My Knight cards ({})", t.knight_cards)}
                    </button>
                });
                if t.revealed_traitor {
                    view! {
                        <p class="hint">"A revealed Traitor can only spread rumors: draw 2 cards, place 1 face up, discard the other unseen."</p>
                        {t.spread.then(|| view! {
                            <button class="primary big" data-testid="spread-rumors"
                                on:click=move |_| ctx.act(seat, Action::SpreadRumors)>"Spread Rumors"</button>
                        })}
                        {(!t.spread && t.pass).then(|| view! {
                            <button class="big" data-testid="pass"
                                on:click=move |_| ctx.act(seat, Action::Pass)>"No card left: pass"</button>
                        })}
                        {knights}
                    }
                    .into_any()
                } else {
                    let listen_ok = t.listen.is_ok();
                    let quest_ok = !t.quests.is_empty();
                    let accuse_ok = !t.targets.is_empty();
                    view! {
                        <div class="action">
                            <button class="primary big" data-testid="listen" disabled=!listen_ok
                                on:click=move |_| ctx.act(seat, Action::ListenToRumors)>
                                "Listen to Rumors"
                            </button>
                            {t.listen.clone().err().map(|r| view! { <p class="why" data-testid="listen-why">{r}</p> })}
                        </div>
                        <div class="action">
                            <button class="primary big" data-testid="quest" disabled=!quest_ok
                                on:click=move |_| mode.set(Mode::Quest)>
                                "Go on a Quest"
                            </button>
                            {t.quest_reason.clone().map(|r| view! { <p class="why" data-testid="quest-why">{r}</p> })}
                        </div>
                        <div class="action">
                            <button class="big accuse" data-testid="accuse" disabled=!accuse_ok
                                on:click=move |_| mode.set(Mode::Accuse)>
                                "Accuse"
                            </button>
                            {t.accuse_reason.clone().map(|r| view! { <p class="why" data-testid="accuse-why">{r}</p> })}
                        </div>
                        {(t.pass).then(|| view! {
                            <button class="big" data-testid="pass"
                                on:click=move |_| ctx.act(seat, Action::Pass)>"Nothing is possible: pass"</button>
                        })}
                        {knights}
                    }
                    .into_any()
                }
            }
            Mode::Quest => view! {
                <h3>"Go on which quest?"</h3>
                <div class="quest-choices">
                    {t.quests.iter().map(|&q| view! {
                        <button class=format!("quest-choice {}", q.code()) data-testid=format!("quest-{}", q.code())
                            on:click=move |_| ctx.act(seat, Action::GoOnQuest { quest: q })>
                            <Symbol sym=Sym::Quest(q) />
                            <span>{q.name()}</span>
                            <small>{format!("{} sword{}", q.swords(), if q.swords() == 1 { "" } else { "s" })}</small>
                        </button>
                    }).collect_view()}
                </div>
                <button class="secondary" data-testid="cancel" on:click=move |_| mode.set(Mode::Main)>"Cancel"</button>
            }
            .into_any(),
            Mode::Accuse => view! {
                <h3>"Accuse whom?"</h3>
                <p class="hint">"Each player may accuse only once per game. A Loyal accused adds a black sword; a Traitor adds a white one."</p>
                <div class="choices">
                    {t.targets.iter().map(|&s| view! {
                        <button data-testid=format!("accuse-target-{}", s.0)
                            on:click=move |_| mode.set(Mode::Confirm(s))>{ctx.name(s)}</button>
                    }).collect_view()}
                </div>
                <button class="secondary" data-testid="cancel" on:click=move |_| mode.set(Mode::Main)>"Cancel"</button>
            }
            .into_any(),
            Mode::Confirm(target) => view! {
                <h3>{format!("{} accuses {}?", ctx.name(seat), ctx.name(target))}</h3>
                <p class="hint">"This cannot be undone."</p>
                <button class="big accuse" data-testid="confirm-accuse"
                    on:click=move |_| ctx.act(seat, Action::Accuse { target })>
                    {format!("Yes, accuse {}", ctx.name(target))}
                </button>
                <button class="secondary" data-testid="cancel" on:click=move |_| mode.set(Mode::Main)>"Cancel"</button>
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
                    {SKIP_TEXT}
                </button>
                <button data-testid="bot-fast" aria-pressed=move || ctx.fast.get().to_string()
                    on:click=move |_| ctx.fast.update(|f| *f = !*f)>
                    {move || if ctx.fast.get() { NORMAL_PACE_TEXT } else { FASTER_TEXT }}
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
                <section class="computer-lines" data-testid="computer-lines" aria-live="polite">
                    <h3>{COMPUTER_LINES_TITLE}</h3>
                    <ul>
                        {lines.into_iter().enumerate().skip(n.saturating_sub(3)).map(|(i, l)| view! {
                            <li class:newest=i + 1 == n data-testid="bot-line">
                                <strong>{ctx.name(l.seat)}</strong>
                                <span class="who">{format!(" ({COMPUTER_WORD}): ")}</span>
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
        <h3>{format!("Vivien: {} takes one set-aside Loyalty card and gives the other, unseen, to…", ctx.name(seat))}</h3>
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
            <div class="pile-card" data-testid="top-card"
                data-top=move || match top.get() {
                    Some(TopCard::FaceUp { card }) => card.code(),
                    Some(TopCard::FaceDown { .. }) => "face-down".into(),
                    None => "empty".into(),
                }>
                {move || match top.get() {
                    Some(TopCard::FaceUp { card }) => view! { <CardFace card size="big" /> }.into_any(),
                    Some(TopCard::FaceDown { announced }) => view! {
                        <CardBack size="big" />
                        <p class="announced" data-testid="announced">"announced: "<strong>{card_name(announced)}</strong></p>
                    }.into_any(),
                    None => view! {
                        <div class="card empty big"><span>"The Threats pile is empty"</span></div>
                    }.into_any(),
                }}
            </div>
            <p class="counts">
                <span data-testid="pile-count">{move || format!("Threats pile: {}", counts.get().0)}</span>
                <span data-testid="deck-count">{move || format!("Rumor deck: {}", counts.get().1)}</span>
                <span class="muted">{move || format!("Discard: {}", counts.get().2)}</span>
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
            if v.morgan1 {
                chips.push(view! {
                    <li class="effect morgan" data-testid="effect-morgan1">
                        <b>"Morgan #1"</b>" Listeners look at their card in secret, announce it and place it face down."
                    </li>
                }.into_any());
            }
            if let Some(n) = v.morgan2_next {
                chips.push(view! {
                    <li class="effect morgan" data-testid="effect-morgan2">
                        <b>"Morgan #2"</b>" The next listener says aloud "<strong class="say">{format!("“{n}”")}</strong>
                    </li>
                }.into_any());
            }
            if v.merlin4_tokens > 0 {
                let n = v.merlin4_tokens;
                chips.push(view! {
                    <li class="effect merlin" data-testid="effect-merlin4">
                        <b>"Merlin #4"</b>{format!(" {n} token{} face down by the pile", if n == 1 { "" } else { "s" })}
                    </li>
                }.into_any());
            }
            if v.options.knights_to_the_rescue {
                chips.push(view! {
                    <li class="effect knight">{format!("Knight deck: {}", v.knight_deck_count)}</li>
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
            <section class="silence-bar" role="status" data-testid="silence">
                <HushIcon />
                <div>
                    <strong class="silence-title">"Silence — no talking"</strong>
                    <p>
                        <span data-testid="silence-elapsed">
                            {move || since.get().map(|s| format!("{} in silence", clock(ctx.now.get() - s)))}
                        </span>
                        " · "
                        <span data-testid="silence-turns">
                            {format!("{} turn{} spent", silence.turns, if silence.turns == 1 { "" } else { "s" })}
                        </span>
                    </p>
                    {countdown.map(|secs| view! {
                        <p class="countdown" data-testid="silence-countdown">
                            {move || {
                                let left = secs as f64 * 1000.0 - (ctx.now.get() - ctx.turn_started.get());
                                if left > 0.0 {
                                    format!("This turn: {} left", clock(left + 999.0))
                                } else {
                                    "Time is up — act now!".to_string()
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
                .filter(|e| !matches!(e, camelot::Event::TurnBegins { .. }))
                .filter_map(|e| event_line(e, &|s| ctx.name(s)))
                .collect()
        });
        (!lines.is_empty()).then(|| {
            view! {
                <section class="last-events" data-testid="last-events" aria-live="polite">
                    <h3>"Just now"</h3>
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
                                {current.then(|| view! { <span class="badge turn">"to play"</span> })}
                                {s.revealed.map(|l| view! {
                                    <span class=format!("badge {}", loyalty_text(l).to_lowercase())
                                        data-testid="revealed">{loyalty_text(l)}</span>
                                })}
                                {s.has_accused.then(|| view! { <span class="badge" data-testid="has-accused">"has accused"</span> })}
                                {(s.knight_cards > 0).then(|| view! {
                                    <span class="badge knight">{format!("{} Knight card{}", s.knight_cards, if s.knight_cards == 1 { "" } else { "s" })}</span>
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
                    camelot::Event::SwordsPlaced { count, .. } => *count,
                    _ => 0,
                })
                .sum()
        });
        let (headline, colour) = match loyalty {
            Loyalty::Loyal => (
                format!("{} is Loyal!", ctx.name(target)),
                camelot::Colour::Black,
            ),
            Loyalty::Traitor => (
                format!("{} is a Traitor!", ctx.name(target)),
                camelot::Colour::White,
            ),
        };
        let swords = if placed == 0 {
            "No sword is left to place.".to_string()
        } else {
            format!(
                "{} placed.",
                super::sentence(&super::words::swords_text(colour, placed)).trim_end_matches('.')
            )
        };
        Some(view! {
            <section class="overlay accusation" data-testid="accusation-result">
                <p>{format!("{} accused {}.", ctx.name(accuser), ctx.name(target))}</p>
                <super::cards::LoyaltyFace loyalty size="big" />
                <h2>{headline}</h2>
                <p class="swords-placed">{swords}</p>
                <button class="primary big" data-testid="continue"
                    on:click=move |_| ctx.accusation.set(None)>"Continue"</button>
            </section>
        })
    }
}
