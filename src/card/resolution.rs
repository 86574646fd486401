//! Going on a Quest, revealed: a short animation driven entirely by the engine's `Resolution` —
//! stacks laid out by quest, Merlin's removals struck through, the bonuses, each total counting up,
//! each outcome, then the swords flying to the tally. Skippable; no motion when the player's system
//! asks for reduced motion.

use super::cards::{CardFace, SwordIcon, Sym, Symbol};
use super::swords::SwordTally;
use super::words::{card_name, outcome_text, quest_name, quest_stack_name, swords_text};
use super::{reduced_motion, use_ctx};
use crate::i18n::{K, t, tf, tn};
use camelot_card::{Colour, Event, Outcome, QuestStack, Resolution, Stack, Swords, ThreatCard};
use leptos::prelude::*;
use std::time::Duration;

/// The animation's timeline, in milliseconds.
const TICK: f64 = 50.0;
const STRIKE_AT: f64 = 900.0;
const BONUS_AT: f64 = 1500.0;
const COUNT_AT: f64 = 2000.0;
const COUNT_FOR: f64 = 1000.0;
const OUTCOME_AT: f64 = 3200.0;
const SWORDS_AT: f64 = 3800.0;
const END: f64 = 4600.0;

/// The animation's stages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    Laid,
    Struck,
    Bonuses,
    Counting,
    Outcomes,
    Swords,
}

impl Stage {
    /// `data-stage` on the overlay (the styles and the tests go by it).
    fn code(self) -> &'static str {
        match self {
            Stage::Laid => "laid",
            Stage::Struck => "struck",
            Stage::Bonuses => "bonuses",
            Stage::Counting => "counting",
            Stage::Outcomes => "outcomes",
            Stage::Swords => "swords",
        }
    }
}

pub fn stage_at(ms: f64) -> Stage {
    if ms >= SWORDS_AT {
        Stage::Swords
    } else if ms >= OUTCOME_AT {
        Stage::Outcomes
    } else if ms >= COUNT_AT {
        Stage::Counting
    } else if ms >= BONUS_AT {
        Stage::Bonuses
    } else if ms >= STRIKE_AT {
        Stage::Struck
    } else {
        Stage::Laid
    }
}

/// The total shown while counting up.
pub fn shown_total(total: u16, ms: f64) -> u16 {
    let t = ((ms - COUNT_AT) / COUNT_FOR).clamp(0.0, 1.0);
    (total as f64 * t).round() as u16
}

/// The swords a move placed, could not place (all 16 were out) and turned over at the end check.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SwordsMoved {
    pub placed: Swords,
    pub ran_out: Swords,
    pub flipped: u8,
}

pub fn swords_moved(events: &[Event]) -> SwordsMoved {
    let mut m = SwordsMoved::default();
    for e in events {
        let (to, colour, count) = match e {
            Event::SwordsPlaced { colour, count } => (&mut m.placed, colour, count),
            Event::SwordsRanOut { colour, count } => (&mut m.ran_out, colour, count),
            Event::SwordsFlipped { count } => {
                m.flipped += count;
                continue;
            }
            _ => continue,
        };
        match colour {
            Colour::White => to.white += count,
            Colour::Black => to.black += count,
        }
    }
    m
}

fn quest_sym(q: QuestStack) -> Sym {
    match q {
        QuestStack::Quest(q) => Sym::Quest(q),
        QuestStack::PictsAndSaxons => Sym::Quest(camelot_card::Quest::Picts),
    }
}

#[component]
pub fn ResolutionView() -> impl IntoView {
    let ctx = use_ctx();
    let Some(reveal) = ctx.reveal.get_untracked() else {
        return ().into_any();
    };
    // Its button is docked at the bottom of the screen (screens.css: `html.docked`).
    crate::shell::page_class_while_shown("docked");
    let animate = reveal.animate && !reduced_motion();
    let elapsed = RwSignal::new(if animate { 0.0 } else { END });
    if animate
        && let Ok(handle) = set_interval_with_handle(
            move || {
                let _ = elapsed.try_update(|e| *e = (*e + TICK).min(END));
            },
            Duration::from_millis(TICK as u64),
        )
    {
        on_cleanup(move || handle.clear());
    }
    let stage = Memo::new(move |_| stage_at(elapsed.get()));
    let done = move || elapsed.get() >= END;
    let skip = move |_| elapsed.set(END);
    let close = move |_| {
        ctx.reveal.set(None);
        ctx.overlay_closed();
    };

    let r: Resolution = reveal.resolution;
    let quest = quest_stack_name(r.main);
    let title = match reveal.quester {
        Some(s) => tf(
            K::reveal_title_by,
            &[("name", &ctx.name(s)), ("quest", &quest)],
        ),
        None => tf(K::reveal_title, &[("quest", &quest)]),
    };
    // The tally before this quest's swords, then after: the swords placed, as the move's events
    // tell (all 16 may run out), before any the end check then turned over.
    let moved = ctx.last_events.with_untracked(|evs| swords_moved(evs));
    let (placed_w, placed_b) = (moved.placed.white, moved.placed.black);
    let now = ctx
        .view
        .with_untracked(|v| v.as_ref().map(|v| v.swords).unwrap_or_default());
    let after = Swords {
        white: now.white + moved.flipped,
        black: now.black.saturating_sub(moved.flipped),
    };
    let before = Swords {
        white: after.white.saturating_sub(placed_w),
        black: after.black.saturating_sub(placed_b),
    };
    let ran_out = moved.ran_out;
    let tally = Signal::derive(move || {
        if stage.get() >= Stage::Swords {
            after
        } else {
            before
        }
    });

    // What a screen reader says once the outcomes are out: every quest's outcome. The live region
    // is in the page from the start and filled a moment later (a region put in with its words is
    // not read out), also when the reveal opens at its end (reduced motion, a reload).
    let said: String = r
        .stacks
        .iter()
        .map(|s| format!("{}: {}. ", quest_stack_name(s.quest), outcome_line(s)))
        .collect();
    let mounted = RwSignal::new(false);
    request_animation_frame(move || {
        let _ = mounted.try_set(true);
    });
    let characters: Vec<ThreatCard> = r.characters.clone();
    let notes = notes(&r);
    let stacks = r.stacks.clone();

    view! {
        <section class="overlay resolution" class:animate=animate data-testid="resolution"
            on:click=move |_| {
                // A tap anywhere skips to the end of the animation.
                if elapsed.get_untracked() < END {
                    elapsed.set(END);
                }
            }
            data-stage=move || stage.get().code()>
            <h2>{title}</h2>
            <p class="visually-hidden" aria-live="polite" data-testid="result-said">
                {move || (mounted.get() && stage.get() >= Stage::Swords).then(|| said.clone())}
            </p>
            <SwordTally swords=tally />
            {(!characters.is_empty()).then(|| view! {
                <div class="characters">
                    <span class="label">{t(K::reveal_set_aside)}" "</span>
                    <div class="card-row">
                        // A Merlin #4's token is turned up with the pile: which quest it marked, so
                        // that everyone can check what it removed.
                        {characters.into_iter().map(|c| view! {
                            <figure class="character">
                                <CardFace card=c.card size="small" />
                                {c.merlin4.map(|q| view! {
                                    <figcaption data-testid="merlin4-token">
                                        {tf(K::reveal_merlin4_token, &[("quest", &quest_name(q))])}
                                    </figcaption>
                                })}
                            </figure>
                        }).collect_view()}
                    </div>
                </div>
            })}
            <div class="stacks">
                {stacks.into_iter().map(|s| view! { <StackView s stage elapsed /> }).collect_view()}
            </div>
            {move || (stage.get() >= Stage::Outcomes && !notes.is_empty()).then(|| view! {
                <ul class="notes">{notes.clone().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
            })}
            {move || (stage.get() >= Stage::Swords).then(|| view! {
                <div class="flying" data-testid="swords-placed">
                    {(placed_w > 0).then(|| view! {
                        <span class="fly white">
                            {(0..placed_w).map(|_| view! { <SwordIcon class="white" /> }).collect_view()}
                            {format!("+{}", swords_text(Colour::White, placed_w))}
                        </span>
                    })}
                    {(placed_b > 0).then(|| view! {
                        <span class="fly black">
                            {(0..placed_b).map(|_| view! { <SwordIcon class="black" /> }).collect_view()}
                            {format!("+{}", swords_text(Colour::Black, placed_b))}
                        </span>
                    })}
                    {(placed_w == 0 && placed_b == 0 && ran_out.total() == 0).then(|| view! { <span>{t(K::reveal_no_sword)}</span> })}
                </div>
                {[(Colour::White, ran_out.white), (Colour::Black, ran_out.black)].into_iter()
                    .filter(|(_, n)| *n > 0)
                    .map(|(c, n)| view! {
                        <p class="ran-out" data-testid="swords-ran-out">
                            {tf(K::event_swords_ran_out, &[("swords", &swords_text(c, n))])}
                        </p>
                    }).collect_view()}
            })}
            // Docked at the bottom of the screen, however many cards the pile held.
            <div class="reveal-dock">
                {move || if done() {
                    view! { <button class="primary big" data-testid="continue" on:click=close>{t(K::reveal_continue)}</button> }.into_any()
                } else {
                    view! { <button class="big" data-testid="skip" on:click=skip>{t(K::reveal_skip)}</button> }.into_any()
                }}
            </div>
        </section>
    }
    .into_any()
}

/// A quest's outcome, with the swords it placed.
fn outcome_line(s: &Stack) -> String {
    match s.swords {
        Some((c, n)) => tf(
            K::reveal_outcome_swords,
            &[
                ("outcome", &outcome_text(s.outcome)),
                ("swords", &swords_text(c, n)),
            ],
        ),
        None => outcome_text(s.outcome).to_string(),
    }
}

fn notes(r: &Resolution) -> Vec<String> {
    let mut n = Vec::new();
    if r.merlin5 {
        n.push(t(K::reveal_merlin5).into());
    }
    if r.morgan5 {
        n.push(t(K::reveal_morgan5).into());
    }
    if r.morgan3 > 0 {
        n.push(tn(K::reveal_morgan3, r.morgan3.into(), &[]));
    }
    if r.evil_wins_now {
        n.push(t(K::reveal_morgan7).into());
    }
    n
}

#[component]
fn StackView(s: Stack, stage: Memo<Stage>, elapsed: RwSignal<f64>) -> impl IntoView {
    let code = s.quest.code();
    let mut lines: Vec<String> = Vec::new();
    if s.questions > 0 {
        lines.push(tf(
            K::reveal_questions,
            &[
                ("count", &s.questions),
                ("value", &s.question_value),
                ("total", &(s.questions as u16 * s.question_value as u16)),
            ],
        ));
    }
    if s.numbers > 0 {
        lines.push(tf(K::reveal_numbers, &[("n", &s.numbers)]));
    }
    if s.mordred_bonus > 0 {
        lines.push(tf(K::reveal_mordred, &[("n", &s.mordred_bonus)]));
    }
    if s.morgan4_bonus > 0 {
        lines.push(tf(K::reveal_morgan4, &[("n", &s.morgan4_bonus)]));
    }
    if s.merlin6_bonus > 0 {
        lines.push(tf(K::reveal_merlin6, &[("n", &s.merlin6_bonus)]));
    }
    let total = s.total;
    let outcome = outcome_line(&s);
    let outcome_class = match s.outcome {
        Outcome::Success => "outcome success",
        Outcome::Baseless => "outcome baseless",
        Outcome::Defeat => "outcome defeat",
        Outcome::Harmless => "outcome harmless",
    };
    view! {
        <div class=format!("stack {code}") class:main=s.main data-testid=format!("stack-{code}")>
            <header>
                <Symbol sym=quest_sym(s.quest) />
                <strong>{quest_stack_name(s.quest)}</strong>
                {s.main.then(|| view! { <span class="badge">{t(K::reveal_chosen)}</span> })}
            </header>
            <ol class="stack-cards">
                {s.cards.iter().enumerate().map(|(i, c)| {
                    let removed = c.removed_by;
                    let gawain = c.gawain;
                    view! {
                        <li style=format!("--i:{i}") class:gawain=gawain
                            class:removed={move || removed.is_some() && stage.get() >= Stage::Struck}
                            aria-label=card_name(c.card)>
                            <CardFace card=c.card size="small" />
                            {move || (removed.is_some() && stage.get() >= Stage::Struck).then(|| view! {
                                <span class="struck-by">{removed.map(|m| tf(K::reveal_struck_by, &[("n", &m.number())]))}</span>
                            })}
                        </li>
                    }
                }).collect_view()}
                {s.cards.is_empty().then(|| view! { <li class="none">{t(K::reveal_no_card)}</li> })}
            </ol>
            {move || (stage.get() >= Stage::Bonuses).then(|| view! {
                <ul class="sum">{lines.clone().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
            })}
            <p class="total" data-testid=format!("total-{code}")>
                {move || match total {
                    None => t(K::reveal_not_counted).to_string(),
                    Some(total) => match stage.get() {
                        Stage::Laid | Stage::Struck | Stage::Bonuses => {
                            tf(K::reveal_total, &[("total", &"…")])
                        }
                        Stage::Counting => tf(
                            K::reveal_total,
                            &[("total", &shown_total(total, elapsed.get()))],
                        ),
                        _ => tf(K::reveal_total, &[("total", &total)]),
                    },
                }}
            </p>
            {move || (stage.get() >= Stage::Outcomes).then(|| view! {
                <p class=outcome_class data-testid=format!("outcome-{code}")>{outcome.clone()}</p>
            })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_timeline_goes_through_every_stage_and_counts_up_to_the_total() {
        assert_eq!(stage_at(0.0), Stage::Laid);
        assert_eq!(stage_at(STRIKE_AT), Stage::Struck);
        assert_eq!(stage_at(END), Stage::Swords);
        assert_eq!(shown_total(12, COUNT_AT), 0);
        assert_eq!(shown_total(12, COUNT_AT + COUNT_FOR / 2.0), 6);
        assert_eq!(shown_total(12, END), 12);
    }
}
