//! The coach, as every game shows it: the tip about the rule that matters at a decision, with
//! "Got it" and "No more tips", and what an experienced player would do there (the expert
//! computer player's choice and reason, worked out from the player's own view), which he may
//! follow or not. When tips show is a setting of each game ([`Tips`]). Each game says which rule
//! matters when, and in its own words; this module holds none of a game's words.
//!
//! Reached only from the games' screens and Settings, so the first load does not carry it.

pub mod words;

use crate::i18n::t;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use words::C;

/// The coach's styles, linked when the coach first shows (they are not in the first load).
pub fn link_stylesheet() {
    crate::shell::link_stylesheet("style/coach.css", "data-coach-css");
}

/// When a game's tips show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tips {
    /// In coached games only.
    #[default]
    Coached,
    /// In every game.
    Always,
    /// Never ("No more tips").
    Off,
}

impl Tips {
    pub const ALL: [Tips; 3] = [Tips::Coached, Tips::Always, Tips::Off];

    /// Whether tips show in a game, coached or not.
    pub fn show(self, coached: bool) -> bool {
        match self {
            Tips::Coached => coached,
            Tips::Always => true,
            Tips::Off => false,
        }
    }

    fn label(self) -> &'static str {
        t(match self {
            Tips::Coached => C::tips_coached,
            Tips::Always => C::tips_always,
            Tips::Off => C::tips_off,
        })
    }

    fn code(self) -> &'static str {
        match self {
            Tips::Coached => "coached",
            Tips::Always => "always",
            Tips::Off => "off",
        }
    }
}

/// A tip, in the game's words: its title, a sentence or two, and the text of the cards it is
/// about.
#[derive(Clone, Debug, PartialEq)]
pub struct Tip {
    /// What the tip is about, for the tests and the styles (`"siege_fight"`).
    pub code: String,
    pub title: String,
    pub text: String,
    pub cards: Vec<String>,
    /// The codes of those cards, space-separated (the browser tests check that a tip names no
    /// card its player may not see).
    pub card_codes: String,
}

/// What an experienced player would do, in the game's words: the choice and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    pub choice: String,
    pub why: String,
}

/// The coach at a decision: the tip due (if any), and the question "What would an experienced
/// player do?", answered on demand by `advise` and followed by `follow` if the player wants.
#[component]
pub fn CoachPanel(
    /// The tip due now, if any.
    tip: Option<Tip>,
    /// The player has read the tip.
    #[prop(into)]
    got_it: Callback<()>,
    /// The player wants no more tips.
    #[prop(into)]
    stop: Callback<()>,
    /// What an experienced player would do now (worked out when asked).
    #[prop(into)]
    advise: Callback<(), Option<Advice>>,
    /// Do what the experienced player would.
    #[prop(into)]
    follow: Callback<()>,
) -> impl IntoView {
    words::open();
    link_stylesheet();
    let advice = RwSignal::new(None::<Option<Advice>>);
    let tip_view = tip.map(|tip| {
        view! {
            <div class="coach-tip" data-testid="coach-tip" data-lesson=tip.code.clone()
                data-cards=tip.card_codes.clone()>
                <h3>{tip.title}</h3>
                <p>{tip.text}</p>
                {tip.cards.into_iter().map(|c| view! { <p class="card-effect">{c}</p> }).collect_view()}
                <div class="button-row">
                    <button class="primary" data-testid="coach-got-it" on:click=move |_| got_it.run(())>
                        {t(C::got_it)}
                    </button>
                    <button class="secondary" data-testid="coach-stop" on:click=move |_| stop.run(())>
                        {t(C::no_more_tips)}
                    </button>
                </div>
            </div>
        }
    });
    view! {
        <aside class="coach" aria-label=t(C::coach) data-testid="coach">
            {tip_view}
            {move || match advice.get() {
                None => view! {
                    <button class="secondary" data-testid="coach-advise"
                        on:click=move |_| advice.set(Some(advise.run(())))>
                        {t(C::what_would_an_expert_do)}
                    </button>
                }
                .into_any(),
                Some(None) => view! { <p data-testid="coach-advice">{t(C::no_advice)}</p> }.into_any(),
                Some(Some(a)) => view! {
                    <div class="coach-advice" data-testid="coach-advice">
                        <p><strong>{a.choice}</strong>": "{a.why}</p>
                        <button class="primary" data-testid="coach-follow" on:click=move |_| follow.run(())>
                            {t(C::do_that)}
                        </button>
                    </div>
                }
                .into_any(),
            }}
        </aside>
    }
}

/// A game's "Tips" setting, for its part of the Settings screen: `now` is the setting as saved,
/// `choose` saves a new one (the error in plain words).
#[component]
pub fn TipsSetting(
    /// Which game's tips.
    legend: String,
    now: Tips,
    #[prop(into)] choose: Callback<Tips, Result<(), String>>,
    #[prop(into)] on_saved: Callback<Result<(), String>>,
) -> impl IntoView {
    words::open();
    link_stylesheet();
    let chosen = RwSignal::new(now);
    let buttons = Tips::ALL
        .into_iter()
        .map(|tips| {
            let pressed = move || chosen.get() == tips;
            view! {
                <button class="choice" aria-pressed=move || pressed().to_string()
                    class:selected=pressed data-testid=format!("tips-{}", tips.code())
                    on:click=move |_| {
                        chosen.set(tips);
                        on_saved.run(choose.run(tips));
                    }>
                    {tips.label()}
                </button>
            }
        })
        .collect_view();
    view! {
        <fieldset class="setting">
            <legend>{legend.clone()}</legend>
            <p class="muted">{t(C::tips_help)}</p>
            <div class="choice-column" role="group" aria-label=legend>{buttons}</div>
        </fieldset>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tips_show_in_coached_games_unless_turned_off_and_everywhere_when_asked() {
        assert!(Tips::default().show(true));
        assert!(!Tips::default().show(false));
        assert!(Tips::Always.show(false));
        assert!(!Tips::Off.show(true));
    }
}
