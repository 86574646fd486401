//! Passing the phone: a full-screen "Pass to ‹name›" curtain, and behind it, only after that
//! player's tap, their private screen, rendered from their `SeatView` and unmounted by
//! "Done — hide". Window decisions (Arthur, Gawain, Percival) look the same to every player asked,
//! whether they hold the card or not.

use super::cards::{CardFace, KnightFace, LoyaltyFace, Sym, Symbol};
use super::words::knight_name;
use super::words::{card_name, loyalty_text, quest_stack_name, rule_error_text};
use super::{Ctx, CurtainNeed, Need, use_ctx};
use crate::card::session::Owed;
use crate::i18n::{K, join_and, t, tf, tn};
use camelot_card::{
    Action, Card, Decision, Keep, Knight, Loyalty, PrivateEvent, Prompt, Quest, QuestStack, Seat,
    SeatView, TableView,
};

/// A quest's name in the interface's language.
fn quest_name(q: Quest) -> String {
    quest_stack_name(QuestStack::Quest(q))
}

/// The Loyalty as the page marks it for tests (`data-loyalty`), the same in every language.
fn loyalty_code(l: Loyalty) -> &'static str {
    match l {
        Loyalty::Loyal => "Loyal",
        Loyalty::Traitor => "Traitor",
    }
}
use leptos::prelude::*;

#[component]
pub fn Curtain() -> impl IntoView {
    let ctx = use_ctx();
    move || {
        let need = ctx.need.get()?;
        // One person at the table: nobody to hide from, no curtain.
        let lifted = ctx.lifted.get() == Some(need.seat) || ctx.one_person();
        Some(if lifted {
            view! { <Private need /> }.into_any()
        } else {
            view! { <Covered need /> }.into_any()
        })
    }
}

/// Why the phone goes to this player (only public facts).
fn reason(ctx: &Ctx, need: &Need) -> String {
    match need {
        Need::Owed(Owed::LoyaltyPeek { .. }) => t(K::curtain_why_loyalty_peek).into(),
        Need::Owed(Owed::Notice { private, .. }) => match private {
            PrivateEvent::KnightDrawn { .. } => t(K::curtain_why_knight_drawn).into(),
            PrivateEvent::DeckSeen { .. } => t(K::curtain_why_deck_seen).into(),
            PrivateEvent::LoyaltySeen { seat, .. } => {
                tf(K::curtain_why_loyalty_seen, &[("name", &ctx.name(*seat))])
            }
            _ => t(K::curtain_why_secret).into(),
        },
        Need::Decide(d) => match d {
            Decision::Announce => t(K::curtain_why_announce).into(),
            Decision::TraitorChoose => t(K::curtain_why_traitor_choose).into(),
            Decision::Merlin4Quest => t(K::curtain_why_merlin4).into(),
            Decision::VivienKeep => t(K::curtain_why_vivien_keep).into(),
            Decision::Merlin6 => t(K::curtain_why_merlin6).into(),
            Decision::ArthurWindow { quester, quest } => tf(
                K::curtain_why_arthur,
                &[
                    ("name", &ctx.name(*quester)),
                    ("quest", &quest_name(*quest)),
                ],
            ),
            Decision::GawainWindow => t(K::curtain_why_gawain).into(),
            Decision::GawainChoose => t(K::curtain_why_gawain_choose).into(),
            Decision::PercivalAccusation { target } => tf(
                K::curtain_why_percival_accusation,
                &[("name", &ctx.name(*target))],
            ),
            Decision::PercivalEnd => t(K::curtain_why_percival_end).into(),
            Decision::Turn | Decision::VivienRecipient => String::new(),
        },
        Need::Peek => t(K::curtain_why_peek).into(),
        Need::Coach => super::coach::coach_reason(),
    }
}

#[component]
fn Covered(need: CurtainNeed) -> impl IntoView {
    let ctx = use_ctx();
    let seat = need.seat;
    let name = ctx.name(seat);
    let why = reason(&ctx, &need.need);
    let peek = need.need == Need::Peek;
    // A player who answered the table's Knight question may take it back (rescue.rs).
    let answered = matches!(need.need, Need::Decide(d) if super::rescue::is_window(d));
    view! {
        <section class="curtain" data-testid="curtain">
            <p class="pass">{t(K::curtain_pass_to)}</p>
            <h2 class="curtain-name" data-testid="curtain-name">{name.clone()}</h2>
            <p class="curtain-why">{why}</p>
            {move || ctx.count_aloud.get().map(|(s, n)| view! {
                <div class="count-aloud" data-testid="count-aloud">
                    <span>{tf(K::curtain_says_aloud, &[("name", &ctx.name(s))])}</span>
                    <strong>{n}</strong>
                </div>
            })}
            <p class="hint">{t(K::curtain_look_away)}</p>
            <button class="primary big" data-testid="curtain-show"
                on:click=move |_| ctx.lifted.set(Some(seat))>
                {tf(K::curtain_show_me, &[("name", &name)])}
            </button>
            {peek.then(|| view! {
                <button class="secondary" data-testid="curtain-cancel"
                    on:click=move |_| ctx.peek.set(None)>{t(K::cancel)}</button>
            })}
            {answered.then(|| view! {
                <button class="secondary" data-testid="curtain-cancel"
                    on:click=move |_| ctx.live.update(|l| {
                        if let Some(l) = l {
                            l.answered = None;
                        }
                    })>{t(K::cancel)}</button>
            })}
        </section>
    }
}

#[component]
fn Private(need: CurtainNeed) -> impl IntoView {
    let ctx = use_ctx();
    let seat = need.seat;
    let sv = ctx
        .live
        .with_untracked(|l| l.as_ref().and_then(|l| l.game.seat_view(seat)));
    let Some(sv) = sv else {
        return ().into_any();
    };
    let body = match need.need {
        Need::Owed(o) => owed_screen(ctx, &sv, o),
        Need::Decide(_) => decision_screen(ctx, &sv),
        Need::Peek => peek_screen(ctx, &sv),
        Need::Coach => super::coach::coach_screen(ctx, &sv),
    };
    view! {
        <section class="private" data-testid="private">
            <p class="private-banner">{tf(K::curtain_only_for, &[("name", &ctx.name(seat))])}</p>
            {role_reminder(&sv)}
            {body}
        </section>
    }
    .into_any()
}

fn done_button(ctx: Ctx) -> impl IntoView {
    view! {
        <button class="primary big" data-testid="done-hide" on:click=move |_| ctx.done_private()>
            {t(K::curtain_done_hide)}
        </button>
    }
}

/// "Hide — not now" (none for one person alone: there is no curtain to go back behind).
fn hide_button(ctx: Ctx) -> impl IntoView {
    (!ctx.one_person()).then(|| {
        view! {
            <button class="secondary" data-testid="hide" on:click=move |_| ctx.lifted.set(None)>
                {t(K::curtain_hide_not_now)}
            </button>
        }
    })
}

/// The words that remind a seat of its role: its Loyalty and the goal it gives. `None` without a
/// Loyalty card (solo play). A revealed Traitor has nothing left to keep to himself.
fn role_words(loyalty: Option<Loyalty>, revealed: bool) -> Option<K> {
    Some(match loyalty? {
        Loyalty::Loyal => K::curtain_you_are_loyal,
        Loyalty::Traitor if revealed => K::curtain_you_are_traitor_revealed,
        Loyalty::Traitor => K::curtain_you_are_traitor,
    })
}

/// The reminder of his role at the top of every private screen, read from the seat's own view
/// (the curtain, which the whole table sees, never shows it).
fn role_reminder(sv: &SeatView) -> Option<impl IntoView + use<>> {
    let loyalty = sv.loyalty?;
    let revealed = sv
        .table
        .seats
        .get(sv.seat.index())
        .is_some_and(|s| s.revealed.is_some());
    let words = t(role_words(Some(loyalty), revealed)?);
    let code = loyalty_code(loyalty);
    Some(view! {
        <p class=format!("role-reminder {}", code.to_lowercase()) data-testid="role-reminder"
            data-role=code>{words}</p>
    })
}

fn owed_screen(ctx: Ctx, sv: &SeatView, o: Owed) -> AnyView {
    let body = match o {
        Owed::LoyaltyPeek { .. } => match sv.loyalty {
            Some(l) => view! {
                <h2>{t(K::curtain_your_loyalty)}</h2>
                <div data-testid="my-loyalty" data-loyalty=loyalty_code(l)>
                    <LoyaltyFace loyalty=l size="big" />
                </div>
            }
            .into_any(),
            None => view! { <p>{t(K::curtain_solo_no_loyalty)}</p> }.into_any(),
        },
        Owed::Notice { private, .. } => match private {
            PrivateEvent::KnightDrawn { knight } => view! {
                <h2>{t(K::curtain_knight_drawn_title)}</h2>
                <p>{t(K::curtain_knight_drawn_hint)}</p>
                <KnightFace knight />
            }
            .into_any(),
            PrivateEvent::DeckSeen { cards } => view! {
                <h2>{t(K::curtain_deck_title)}</h2>
                {if cards.is_empty() {
                    view! { <p data-testid="deck-seen-empty">{t(K::curtain_deck_empty)}</p> }.into_any()
                } else {
                    view! {
                        <p>{t(K::curtain_deck_hint)}</p>
                        <ol class="card-row deck-seen" data-testid="deck-seen">
                            {cards.into_iter().map(|c| view! { <li><CardFace card=c size="small" /></li> }).collect_view()}
                        </ol>
                    }.into_any()
                }}
            }
            .into_any(),
            PrivateEvent::LoyaltySeen { seat, loyalty } => view! {
                <h2>{tf(K::curtain_galahad_title, &[("name", &ctx.name(seat))])}</h2>
                <LoyaltyFace loyalty size="big" />
                <p>{tf(match loyalty {
                    Loyalty::Loyal => K::curtain_galahad_loyal,
                    Loyalty::Traitor => K::curtain_galahad_traitor,
                }, &[("name", &ctx.name(seat))])}</p>
            }
            .into_any(),
            _ => ().into_any(),
        },
    };
    view! {
        {body}
        {done_button(ctx)}
    }
    .into_any()
}

fn quest_button(q: Quest, testid: String, on: impl Fn() + 'static) -> impl IntoView {
    view! {
        <button class=format!("quest-choice {}", q.code()) data-testid=testid on:click=move |_| on()>
            <Symbol sym=Sym::Quest(q) />
            <span>{quest_name(q)}</span>
        </button>
    }
}

fn decision_screen(ctx: Ctx, sv: &SeatView) -> AnyView {
    let seat = sv.seat;
    let legal = sv.legal_actions.clone();
    let act = move |a: Action| ctx.act(seat, a);
    let Some(prompt) = sv.prompt.clone() else {
        return view! { {hide_button(ctx)} }.into_any();
    };
    let screen = match prompt {
        Prompt::Announce { drawn, .. } => {
            let others: Vec<Card> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Announce { card } if *card != drawn => Some(*card),
                    _ => None,
                })
                .collect();
            view! {
                <h2>{t(K::curtain_morgan1_drew)}</h2>
                <CardFace card=drawn size="big" />
                <p>{t(K::curtain_morgan1_hint)}</p>
                <button class="primary big" data-testid="announce-truth"
                    on:click=move |_| act(Action::Announce { card: drawn })>
                    {tf(K::curtain_announce, &[("card", &card_name(drawn))])}
                </button>
                {(!others.is_empty()).then(|| view! {
                    <details class="lie">
                        <summary data-testid="announce-other">{t(K::curtain_announce_other)}</summary>
                        <div class="choices grid">
                            {others.into_iter().map(|c| view! {
                                <button data-testid=format!("announce-{}", c.code())
                                    on:click=move |_| act(Action::Announce { card: c })>{card_name(c)}</button>
                            }).collect_view()}
                        </div>
                    </details>
                })}
            }
            .into_any()
        }
        Prompt::TraitorChoose { cards } => view! {
            <h2>{t(K::curtain_spread_rumors)}</h2>
            <p>{t(K::curtain_spread_rumors_hint)}</p>
            <div class="card-choice">
                {cards.into_iter().enumerate().map(|(i, c)| view! {
                    <div class="choice">
                        <CardFace card=c size="mid" />
                        <button class="primary" data-testid=format!("place-{i}")
                            on:click=move |_| act(Action::PlaceRumor { index: i as u8 })>{t(K::curtain_place_this)}</button>
                    </div>
                }).collect_view()}
            </div>
        }
        .into_any(),
        Prompt::Merlin4Quest => view! {
            <h2>{tf(K::card_merlin, &[("n", &4)])}</h2>
            <p>{t(K::curtain_merlin4_hint)}</p>
            <div class="quest-choices">
                {Quest::ALL.into_iter().map(|q| quest_button(q, format!("merlin4-{}", q.code()),
                    move || act(Action::ChooseMerlin4Quest { quest: q }))).collect_view()}
            </div>
        }
        .into_any(),
        Prompt::VivienKeep { current, offered } => view! {
            <h2>{t(K::curtain_vivien_title)}</h2>
            <div class="card-choice">
                <div class="choice">
                    <p>{t(K::curtain_vivien_yours)}</p>
                    <LoyaltyFace loyalty=current />
                    <button class="primary" data-testid="keep-current"
                        on:click=move |_| act(Action::KeepLoyalty { keep: Keep::Current })>
                        {tf(K::curtain_vivien_keep, &[("loyalty", &loyalty_text(current))])}
                    </button>
                </div>
                <div class="choice">
                    <p>{t(K::curtain_vivien_new)}</p>
                    <LoyaltyFace loyalty=offered />
                    <button class="primary" data-testid="keep-new"
                        on:click=move |_| act(Action::KeepLoyalty { keep: Keep::New })>
                        {tf(K::curtain_vivien_take, &[("loyalty", &loyalty_text(offered))])}
                    </button>
                </div>
            </div>
            <p class="hint">{t(K::curtain_vivien_hint)}</p>
        }
        .into_any(),
        Prompt::Merlin6 => {
            let bonus = RwSignal::new(0u8);
            view! {
                <h2>{tf(K::card_merlin, &[("n", &6)])}</h2>
                <p>{t(K::curtain_merlin6_hint)}</p>
                <div class="bonus-choice" role="group" aria-label=t(K::curtain_merlin6_points)>
                    {(0..=3u8).map(|b| view! {
                        <button class:selected=move || bonus.get() == b data-testid=format!("merlin6-bonus-{b}")
                            aria-pressed=move || (bonus.get() == b).to_string()
                            on:click=move |_| bonus.set(b)>{format!("+{b}")}</button>
                    }).collect_view()}
                </div>
                <div class="quest-choices">
                    {Quest::ALL.into_iter().map(|q| quest_button(q, format!("merlin6-{}", q.code()),
                        move || act(Action::Merlin6Quest { quest: q, bonus: bonus.get_untracked() }))).collect_view()}
                </div>
                <button class="secondary" data-testid="merlin6-decline"
                    on:click=move |_| act(Action::DeclineMerlin6)>{t(K::curtain_merlin6_decline)}</button>
            }
            .into_any()
        }
        Prompt::ArthurWindow {
            quester, quest, ..
        } => window_screen(
            ctx,
            seat,
            &legal,
            Action::PlayArthur,
            Knight::Arthur,
            tf(
                K::curtain_arthur_text,
                &[("name", &ctx.name(quester)), ("quest", &quest_name(quest))],
            ),
            ().into_any(),
        ),
        Prompt::GawainWindow { .. } => {
            let extra = quest_totals(&sv.table).into_any();
            window_screen(
                ctx,
                seat,
                &legal,
                Action::PlayGawain,
                Knight::Gawain,
                t(K::curtain_gawain_text).into(),
                extra,
            )
        }
        Prompt::GawainChoose { cards } => {
            let none = legal.contains(&Action::GawainPlay { index: None });
            view! {
                <h2>{t(K::curtain_gawain_choose)}</h2>
                // The quests as they stand, to choose the card against.
                {quest_totals(&sv.table)}
                <div class="card-choice">
                    {cards.into_iter().enumerate().map(|(i, c)| {
                        let a = Action::GawainPlay { index: Some(i as u8) };
                        let ok = legal.contains(&a);
                        view! {
                            <div class="choice">
                                <CardFace card=c size="small" />
                                <button class="primary" data-testid=format!("gawain-{i}") disabled=!ok
                                    on:click=move |_| act(a)>{t(if ok { K::curtain_play_this } else { K::curtain_never_morgan })}</button>
                            </div>
                        }
                    }).collect_view()}
                </div>
                {none.then(|| view! {
                    <button class="primary big" data-testid="gawain-none"
                        on:click=move |_| act(Action::GawainPlay { index: None })>{t(K::curtain_gawain_none)}</button>
                })}
            }
            .into_any()
        }
        Prompt::PercivalAccusation { target, .. } => window_screen(
            ctx,
            seat,
            &legal,
            Action::PlayPercival,
            Knight::Percival,
            tf(K::curtain_percival_accused, &[("name", &ctx.name(target))]),
            ().into_any(),
        ),
        Prompt::PercivalEnd { .. } => window_screen(
            ctx,
            seat,
            &legal,
            Action::PlayPercival,
            Knight::Percival,
            t(K::curtain_percival_end).into(),
            ().into_any(),
        ),
        Prompt::Turn { .. } | Prompt::VivienRecipient => ().into_any(),
    };
    // The coach beside the choice, when the game's tips show.
    let coach = ctx.coaching().then(|| {
        let sv = sv.clone();
        view! { <super::coach::CardCoach seat sv /> }
    });
    view! {
        {screen}
        {coach}
        {hide_button(ctx)}
    }
    .into_any()
}

/// Each quest's total as the pile was revealed (the main quest marked), for the decisions taken
/// once the quests are tallied (Gawain's window and his choice of card).
pub fn quest_totals(table: &TableView) -> impl IntoView + use<> {
    let totals = table.resolution.as_ref().map(|r| {
        r.stacks
            .iter()
            .map(|s| {
                let key = if s.main {
                    K::curtain_total_chosen
                } else {
                    K::curtain_total
                };
                let total = s
                    .total
                    .map_or(t(K::curtain_total_no_card).into(), |n| n.to_string());
                tf(
                    key,
                    &[("quest", &quest_stack_name(s.quest)), ("total", &total)],
                )
            })
            .collect::<Vec<_>>()
    });
    view! {
        <ul class="totals" data-testid="quest-totals">
            {totals.unwrap_or_default().into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}
        </ul>
    }
}

/// The same screen for every player asked, holder or not.
fn window_screen(
    ctx: Ctx,
    seat: Seat,
    legal: &[Action],
    play: Action,
    knight: Knight,
    text: String,
    extra: AnyView,
) -> AnyView {
    let can = legal.contains(&play);
    let knight = knight_name(knight);
    // Why not, in the engine's words: this seat holds no such card, or (Gawain) no Rumor card is
    // left to draw. Only this player sees it, behind the curtain.
    let why = (!can).then(|| {
        ctx.live
            .with_untracked(|l| l.as_ref().and_then(|l| l.game.check(seat, play).err()))
            .map_or_else(
                || tf(K::curtain_no_knight, &[("knight", &knight)]),
                |e| rule_error_text(&e, &|s| ctx.name(s)),
            )
    });
    view! {
        <h2>{tf(K::curtain_play_knight_question, &[("knight", &knight)])}</h2>
        <p>{text}</p>
        {extra}
        <button class="primary big" data-testid="play-knight" disabled=!can
            on:click=move |_| ctx.act(seat, play)>{tf(K::curtain_play_knight, &[("knight", &knight)])}</button>
        {why.map(|why| view! { <p class="why" data-testid="knight-refused">{why}</p> })}
        <button class="big" data-testid="pass-window"
            on:click=move |_| ctx.act(seat, Action::PassWindow)>{t(K::curtain_let_pass)}</button>
    }
    .into_any()
}

fn memory_line(ctx: &Ctx, m: &PrivateEvent) -> String {
    let cards = |cards: &[Card]| join_and(&cards.iter().map(|c| card_name(*c)).collect::<Vec<_>>());
    match m {
        PrivateEvent::Drew { card } => tf(K::curtain_seen_drew, &[("card", &card_name(*card))]),
        PrivateEvent::DrewTwo { cards: two } => {
            tf(K::curtain_seen_drew_two, &[("cards", &cards(two))])
        }
        PrivateEvent::VivienOffer { current, offered } => tf(
            K::curtain_seen_vivien_offer,
            &[
                ("offered", &loyalty_text(*offered)),
                ("current", &loyalty_text(*current)),
            ],
        ),
        PrivateEvent::KeptLoyalty { loyalty } => tf(
            K::curtain_seen_kept,
            &[("loyalty", &loyalty_text(*loyalty))],
        ),
        PrivateEvent::Merlin4Quest { quest } => {
            tf(K::curtain_seen_merlin4, &[("quest", &quest_name(*quest))])
        }
        PrivateEvent::KnightDrawn { knight } => {
            tf(K::curtain_seen_knight, &[("knight", &knight_name(*knight))])
        }
        PrivateEvent::DeckSeen { cards } => tn(K::curtain_seen_deck, cards.len() as i64, &[]),
        PrivateEvent::LoyaltySeen { seat, loyalty } => tf(
            match loyalty {
                Loyalty::Loyal => K::curtain_seen_galahad_loyal,
                Loyalty::Traitor => K::curtain_seen_galahad_traitor,
            },
            &[("name", &ctx.name(*seat))],
        ),
        PrivateEvent::GawainDrew { cards: drawn } => {
            tf(K::curtain_seen_gawain, &[("cards", &cards(drawn))])
        }
    }
}

fn peek_screen(ctx: Ctx, sv: &SeatView) -> AnyView {
    let seat = sv.seat;
    // Knight cards playable now (only on this player's own turn).
    let mut tristan = false;
    let mut galahad = Vec::new();
    for a in &sv.legal_actions {
        match a {
            Action::PlayTristan => tristan = true,
            Action::PlayGalahad { target } => galahad.push(*target),
            _ => {}
        }
    }
    let play = move |a: Action| {
        ctx.peek.set(None);
        ctx.act(seat, a);
    };
    let memory: Vec<String> = sv
        .memory
        .iter()
        .rev()
        .take(10)
        .map(|m| memory_line(&ctx, m))
        .collect();
    view! {
        <h2>{t(K::curtain_your_cards)}</h2>
        {sv.loyalty.map(|l| view! {
            <div data-testid="my-loyalty" data-loyalty=loyalty_code(l)>
                <LoyaltyFace loyalty=l size="mid" />
            </div>
        })}
        {(!sv.knights.is_empty()).then(|| view! {
            <h3>{t(K::curtain_your_knights)}</h3>
            <div class="card-row">
                {sv.knights.iter().map(|k| view! { <KnightFace knight=*k /> }).collect_view()}
            </div>
        })}
        {tristan.then(|| view! {
            <button class="primary big" data-testid="play-tristan"
                on:click=move |_| play(Action::PlayTristan)>{t(K::curtain_play_tristan)}</button>
        })}
        {(!galahad.is_empty()).then(|| view! {
            <h3>{t(K::curtain_galahad_choose)}</h3>
            <div class="choices">
                {galahad.into_iter().map(|t| view! {
                    <button data-testid=format!("play-galahad-{}", t.0)
                        on:click=move |_| play(Action::PlayGalahad { target: t })>{ctx.name(t)}</button>
                }).collect_view()}
            </div>
        })}
        {(!memory.is_empty()).then(|| view! {
            <details class="memory">
                <summary>{t(K::curtain_seen_title)}</summary>
                <ul>{memory.into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}</ul>
            </details>
        })}
        {done_button(ctx)}
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::role_words;
    use crate::i18n::K;
    use camelot_card::Loyalty;

    /// Each Loyalty gives its own reminder; a revealed Traitor is not told to keep it to himself,
    /// a Loyal player's goal stays the same once shown; with no Loyalty card (solo) there is none.
    #[test]
    fn the_role_reminder_fits_the_seats_loyalty() {
        assert_eq!(
            role_words(Some(Loyalty::Loyal), false),
            Some(K::curtain_you_are_loyal)
        );
        assert_eq!(
            role_words(Some(Loyalty::Loyal), true),
            Some(K::curtain_you_are_loyal)
        );
        assert_eq!(
            role_words(Some(Loyalty::Traitor), false),
            Some(K::curtain_you_are_traitor)
        );
        assert_eq!(
            role_words(Some(Loyalty::Traitor), true),
            Some(K::curtain_you_are_traitor_revealed)
        );
        assert_eq!(role_words(None, false), None);
    }
}
