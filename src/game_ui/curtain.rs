//! Passing the phone: a full-screen "Pass to ‹name›" curtain, and behind it, only after that
//! player's tap, their private screen, rendered from their `SeatView` and unmounted by
//! "Done — hide". Window decisions (Arthur, Gawain, Percival) look the same to every player asked,
//! whether they hold the card or not.

use super::cards::{CardFace, KnightFace, LoyaltyFace, Sym, Symbol};
use super::words::{card_name, loyalty_text, quest_stack_name};
use super::{Ctx, CurtainNeed, Need, use_ctx};
use crate::session::Owed;
use camelot::{Action, Card, Decision, Keep, Loyalty, PrivateEvent, Prompt, Quest, Seat, SeatView};
use leptos::prelude::*;

#[component]
pub fn Curtain() -> impl IntoView {
    let ctx = use_ctx();
    move || {
        let need = ctx.need.get()?;
        let lifted = ctx.lifted.get() == Some(need.seat);
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
        Need::Owed(Owed::LoyaltyPeek { .. }) => "to look at their Loyalty card in secret".into(),
        Need::Owed(Owed::Notice { private, .. }) => match private {
            PrivateEvent::KnightDrawn { .. } => "to read the Knight card they drew".into(),
            PrivateEvent::DeckSeen { .. } => "to look through the Rumor deck (Tristan)".into(),
            PrivateEvent::LoyaltySeen { seat, .. } => {
                format!("to see {}'s Loyalty card (Galahad)", ctx.name(*seat))
            }
            _ => "to see something only they may see".into(),
        },
        Need::Decide(d) => match d {
            Decision::Announce => {
                "to look at the card they drew and announce it (Morgan #1)".into()
            }
            Decision::TraitorChoose => "to choose which of two cards to place".into(),
            Decision::Merlin4Quest => "to choose Merlin #4's quest in secret".into(),
            Decision::VivienKeep => "to choose which Loyalty card to keep (Vivien)".into(),
            Decision::Merlin6 => "to decide on Merlin #6's quest".into(),
            Decision::ArthurWindow { quester, quest } => format!(
                "{} goes on the {} quest: a chance to play a Knight card",
                ctx.name(*quester),
                quest.name()
            ),
            Decision::GawainWindow => "the quest is tallied: a chance to play a Knight card".into(),
            Decision::GawainChoose => "to choose which card Gawain plays".into(),
            Decision::PercivalAccusation { target } => format!(
                "{} is accused: a chance to play a Knight card",
                ctx.name(*target)
            ),
            Decision::PercivalEnd => "Traitors revealed: a chance to play a Knight card".into(),
            Decision::Turn | Decision::VivienRecipient => String::new(),
        },
        Need::Peek => "to look at their own cards".into(),
    }
}

#[component]
fn Covered(need: CurtainNeed) -> impl IntoView {
    let ctx = use_ctx();
    let seat = need.seat;
    let name = ctx.name(seat);
    let why = reason(&ctx, &need.need);
    let peek = need.need == Need::Peek;
    view! {
        <section class="curtain" data-testid="curtain">
            <p class="pass">"Pass the phone to"</p>
            <h2 class="curtain-name" data-testid="curtain-name">{name.clone()}</h2>
            <p class="curtain-why">{why}</p>
            {move || ctx.count_aloud.get().map(|(s, n)| view! {
                <div class="count-aloud" data-testid="count-aloud">
                    <span>{ctx.name(s)}" says aloud"</span>
                    <strong>{n}</strong>
                </div>
            })}
            <p class="hint">"Everyone else, look away."</p>
            <button class="primary big" data-testid="curtain-show"
                on:click=move |_| ctx.lifted.set(Some(seat))>
                {format!("I am {name} — show me")}
            </button>
            {peek.then(|| view! {
                <button class="secondary" data-testid="curtain-cancel"
                    on:click=move |_| ctx.peek.set(None)>"Cancel"</button>
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
    };
    view! {
        <section class="private" data-testid="private">
            <p class="private-banner">{format!("Only for {}", ctx.name(seat))}</p>
            {body}
        </section>
    }
    .into_any()
}

fn done_button(ctx: Ctx) -> impl IntoView {
    view! {
        <button class="primary big" data-testid="done-hide" on:click=move |_| ctx.done_private()>
            "Done — hide"
        </button>
    }
}

fn hide_button(ctx: Ctx) -> impl IntoView {
    view! {
        <button class="secondary" data-testid="hide" on:click=move |_| ctx.lifted.set(None)>
            "Hide — not now"
        </button>
    }
}

fn loyalty_words(l: Loyalty) -> &'static str {
    match l {
        Loyalty::Loyal => {
            "You are Loyal. Camelot wins with 7 white swords — and more white than black once every card is shown."
        }
        Loyalty::Traitor => {
            "You are a Traitor. Secretly help Evil reach 7 black swords. Keep it to yourself!"
        }
    }
}

fn owed_screen(ctx: Ctx, sv: &SeatView, o: Owed) -> AnyView {
    let body = match o {
        Owed::LoyaltyPeek { .. } => match sv.loyalty {
            Some(l) => view! {
                <h2>"Your Loyalty card"</h2>
                <div data-testid="my-loyalty" data-loyalty=loyalty_text(l)>
                    <LoyaltyFace loyalty=l size="big" />
                </div>
                <p>{loyalty_words(l)}</p>
            }
            .into_any(),
            None => view! { <p>"Solo play: no Loyalty card."</p> }.into_any(),
        },
        Owed::Notice { private, .. } => match private {
            PrivateEvent::KnightDrawn { knight } => view! {
                <h2>"You drew a Knight card"</h2>
                <p>"Keep it face down in front of you. Play it when it says."</p>
                <KnightFace knight />
            }
            .into_any(),
            PrivateEvent::DeckSeen { cards } => view! {
                <h2>"Tristan: the Rumor deck"</h2>
                <p>"Top card first. You may tell the others what you saw once the phone is covered again."</p>
                <ol class="card-row deck-seen" data-testid="deck-seen">
                    {cards.into_iter().map(|c| view! { <li><CardFace card=c size="small" /></li> }).collect_view()}
                </ol>
            }
            .into_any(),
            PrivateEvent::LoyaltySeen { seat, loyalty } => view! {
                <h2>{format!("Galahad: {}'s Loyalty card", ctx.name(seat))}</h2>
                <LoyaltyFace loyalty size="big" />
                <p>{format!("{} is {}.", ctx.name(seat), loyalty_text(loyalty))}</p>
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
            <span>{q.name()}</span>
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
                <h2>"Morgan #1: you drew"</h2>
                <CardFace card=drawn size="big" />
                <p>"Tell the table which card it was. It goes face down on the Threats pile."</p>
                <button class="primary big" data-testid="announce-truth"
                    on:click=move |_| act(Action::Announce { card: drawn })>
                    {format!("Announce: {}", card_name(drawn))}
                </button>
                {(!others.is_empty()).then(|| view! {
                    <details class="lie">
                        <summary data-testid="announce-other">"Announce a different card (you hold a Traitor card)"</summary>
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
            <h2>"Spread rumors"</h2>
            <p>"Place one card face up on the Threats pile; the other is discarded unseen."</p>
            <div class="card-choice">
                {cards.into_iter().enumerate().map(|(i, c)| view! {
                    <div class="choice">
                        <CardFace card=c size="mid" />
                        <button class="primary" data-testid=format!("place-{i}")
                            on:click=move |_| act(Action::PlaceRumor { index: i as u8 })>"Place this one"</button>
                    </div>
                }).collect_view()}
            </div>
        }
        .into_any(),
        Prompt::Merlin4Quest => view! {
            <h2>"Merlin #4"</h2>
            <p>"Choose in secret the quest its token marks. When someone goes on a quest, it removes that quest's highest numbered card."</p>
            <div class="quest-choices">
                {Quest::ALL.into_iter().map(|q| quest_button(q, format!("merlin4-{}", q.code()),
                    move || act(Action::ChooseMerlin4Quest { quest: q }))).collect_view()}
            </div>
        }
        .into_any(),
        Prompt::VivienKeep { current, offered } => view! {
            <h2>"Vivien: keep which Loyalty card?"</h2>
            <div class="card-choice">
                <div class="choice">
                    <p>"Your card"</p>
                    <LoyaltyFace loyalty=current />
                    <button class="primary" data-testid="keep-current"
                        on:click=move |_| act(Action::KeepLoyalty { keep: Keep::Current })>
                        {format!("Keep my card ({})", loyalty_text(current))}
                    </button>
                </div>
                <div class="choice">
                    <p>"The new card"</p>
                    <LoyaltyFace loyalty=offered />
                    <button class="primary" data-testid="keep-new"
                        on:click=move |_| act(Action::KeepLoyalty { keep: Keep::New })>
                        {format!("Take the new card ({})", loyalty_text(offered))}
                    </button>
                </div>
            </div>
            <p class="hint">"The other card goes back, face down, with the set-aside cards."</p>
        }
        .into_any(),
        Prompt::Merlin6 => {
            let bonus = RwSignal::new(0u8);
            view! {
                <h2>"Merlin #6"</h2>
                <p>"You may go on any quest right now, adding 0 to 3 points to its total — chosen before the pile is revealed."</p>
                <div class="bonus-choice" role="radiogroup" aria-label="Points to add">
                    {(0..=3u8).map(|b| view! {
                        <button class:selected=move || bonus.get() == b data-testid=format!("merlin6-bonus-{b}")
                            on:click=move |_| bonus.set(b)>{format!("+{b}")}</button>
                    }).collect_view()}
                </div>
                <div class="quest-choices">
                    {Quest::ALL.into_iter().map(|q| quest_button(q, format!("merlin6-{}", q.code()),
                        move || act(Action::Merlin6Quest { quest: q, bonus: bonus.get_untracked() }))).collect_view()}
                </div>
                <button class="secondary" data-testid="merlin6-decline"
                    on:click=move |_| act(Action::DeclineMerlin6)>"No quest now"</button>
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
            "Arthur",
            format!(
                "{} goes on the {} quest. Arthur can force them to Listen to Rumors instead.",
                ctx.name(quester),
                quest.name()
            ),
            ().into_any(),
        ),
        Prompt::GawainWindow { .. } => {
            let totals = sv.table.resolution.as_ref().map(|r| {
                r.stacks
                    .iter()
                    .map(|s| {
                        format!(
                            "{}{}: {}",
                            quest_stack_name(s.quest),
                            if s.main { " (chosen)" } else { "" },
                            s.total.map_or("no card".into(), |t| t.to_string())
                        )
                    })
                    .collect::<Vec<_>>()
            });
            let extra = view! {
                <ul class="totals">
                    {totals.unwrap_or_default().into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}
                </ul>
            }
            .into_any();
            window_screen(
                ctx,
                seat,
                &legal,
                Action::PlayGawain,
                "Gawain",
                "The quests are tallied. Gawain draws 3 Rumor cards and plays one (never a Morgan) before swords are placed.".into(),
                extra,
            )
        }
        Prompt::GawainChoose { cards } => {
            let none = legal.contains(&Action::GawainPlay { index: None });
            view! {
                <h2>"Gawain: play one card"</h2>
                <div class="card-choice">
                    {cards.into_iter().enumerate().map(|(i, c)| {
                        let a = Action::GawainPlay { index: Some(i as u8) };
                        let ok = legal.contains(&a);
                        view! {
                            <div class="choice">
                                <CardFace card=c size="small" />
                                <button class="primary" data-testid=format!("gawain-{i}") disabled=!ok
                                    on:click=move |_| act(a)>{if ok { "Play this one" } else { "Never a Morgan" }}</button>
                            </div>
                        }
                    }).collect_view()}
                </div>
                {none.then(|| view! {
                    <button class="primary big" data-testid="gawain-none"
                        on:click=move |_| act(Action::GawainPlay { index: None })>"All Morgans: play none"</button>
                })}
            }
            .into_any()
        }
        Prompt::PercivalAccusation { target, .. } => window_screen(
            ctx,
            seat,
            &legal,
            Action::PlayPercival,
            "Percival",
            format!(
                "{} is accused. Percival makes it two swords instead of one.",
                ctx.name(target)
            ),
            ().into_any(),
        ),
        Prompt::PercivalEnd { .. } => window_screen(
            ctx,
            seat,
            &legal,
            Action::PlayPercival,
            "Percival",
            "The hidden Traitors are revealed. Percival turns one more white sword black.".into(),
            ().into_any(),
        ),
        Prompt::Turn { .. } | Prompt::VivienRecipient => ().into_any(),
    };
    view! {
        {screen}
        {hide_button(ctx)}
    }
    .into_any()
}

/// The same screen for every player asked, holder or not.
fn window_screen(
    ctx: Ctx,
    seat: Seat,
    legal: &[Action],
    play: Action,
    knight: &'static str,
    text: String,
    extra: AnyView,
) -> AnyView {
    let can = legal.contains(&play);
    view! {
        <h2>{format!("Play {knight}?")}</h2>
        <p>{text}</p>
        {extra}
        <button class="primary big" data-testid="play-knight" disabled=!can
            on:click=move |_| ctx.act(seat, play)>{format!("Play {knight}")}</button>
        {(!can).then(|| view! { <p class="why">{format!("You hold no {knight} card.")}</p> })}
        <button class="big" data-testid="pass-window"
            on:click=move |_| ctx.act(seat, Action::PassWindow)>"Let it pass"</button>
    }
    .into_any()
}

fn memory_line(ctx: &Ctx, m: &PrivateEvent) -> String {
    match m {
        PrivateEvent::Drew { card } => format!("You drew {} (Morgan #1)", card_name(*card)),
        PrivateEvent::DrewTwo { cards } => format!(
            "You drew {} (spreading rumors)",
            cards
                .iter()
                .map(|c| card_name(*c))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        PrivateEvent::VivienOffer { current, offered } => format!(
            "Vivien offered you a {} card (you held {})",
            loyalty_text(*offered),
            loyalty_text(*current)
        ),
        PrivateEvent::KeptLoyalty { loyalty } => {
            format!("You kept a {} card", loyalty_text(*loyalty))
        }
        PrivateEvent::Merlin4Quest { quest } => {
            format!("Your Merlin #4 token marks {}", quest.name())
        }
        PrivateEvent::KnightDrawn { knight } => format!("You drew {}", knight.name()),
        PrivateEvent::DeckSeen { cards } => {
            format!("Tristan: you saw the deck ({} cards)", cards.len())
        }
        PrivateEvent::LoyaltySeen { seat, loyalty } => {
            format!("Galahad: {} is {}", ctx.name(*seat), loyalty_text(*loyalty))
        }
        PrivateEvent::GawainDrew { cards } => format!(
            "Gawain: you drew {}",
            cards
                .iter()
                .map(|c| card_name(*c))
                .collect::<Vec<_>>()
                .join(", ")
        ),
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
        <h2>"Your cards"</h2>
        {sv.loyalty.map(|l| view! {
            <div data-testid="my-loyalty" data-loyalty=loyalty_text(l)>
                <LoyaltyFace loyalty=l size="mid" />
            </div>
            <p>{loyalty_words(l)}</p>
        })}
        {(!sv.knights.is_empty()).then(|| view! {
            <h3>"Your Knight cards"</h3>
            <div class="card-row">
                {sv.knights.iter().map(|k| view! { <KnightFace knight=*k /> }).collect_view()}
            </div>
        })}
        {tristan.then(|| view! {
            <button class="primary big" data-testid="play-tristan"
                on:click=move |_| play(Action::PlayTristan)>"Play Tristan: look through the Rumor deck"</button>
        })}
        {(!galahad.is_empty()).then(|| view! {
            <h3>"Play Galahad instead of your action: look at whose Loyalty card?"</h3>
            <div class="choices">
                {galahad.into_iter().map(|t| view! {
                    <button data-testid=format!("play-galahad-{}", t.0)
                        on:click=move |_| play(Action::PlayGalahad { target: t })>{ctx.name(t)}</button>
                }).collect_view()}
            </div>
        })}
        {(!memory.is_empty()).then(|| view! {
            <details class="memory">
                <summary>"What you have seen (latest first)"</summary>
                <ul>{memory.into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}</ul>
            </details>
        })}
        {done_button(ctx)}
    }
    .into_any()
}
