//! The Rules screen: the rules in our own words, with a table of contents, every card explained and
//! our readings. The text is a file per language (`public/i18n/rules.<code>.txt`, read by
//! [`crate::rules_text`]) fetched the first time the screen opens in that language and kept for the
//! rest of the visit; a language without its file shows the English rules with a note. Reachable
//! from every screen; Close goes back.

use crate::i18n::{self, K, Lang, t};
use crate::rules_text::{self, Block, Rules, Section};
use leptos::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

/// Where the rules files are, relative to the page: beside the language packs.
const RULES_DIR: &str = i18n::PACKS;

thread_local! {
    /// The rules read so far in this visit, per language.
    static CACHE: RefCell<HashMap<Lang, Arc<Rules>>> = RefCell::new(HashMap::new());
}

/// What the screen shows.
#[derive(Clone)]
enum Shown {
    Loading,
    /// The rules; `wanted` is the language asked for when English stands in for it.
    Ready {
        rules: Arc<Rules>,
        wanted: Option<Lang>,
    },
    Failed(String),
}

fn cached(lang: Lang) -> Option<Arc<Rules>> {
    CACHE.with(|c| c.borrow().get(&lang).cloned())
}

/// Fetch and read one language's rules (kept for next time).
async fn fetch_rules(lang: Lang) -> Result<Arc<Rules>, String> {
    if let Some(rules) = cached(lang) {
        return Ok(rules);
    }
    let url = format!("{RULES_DIR}/rules.{}.txt", lang.code());
    let text = i18n::fetch_text(&url).await?;
    let parsed = rules_text::parse(lang, &text);
    if !parsed.problems.is_empty() {
        web_sys::console::warn_1(&format!("{url}: {}", parsed.problems.join("; ")).into());
    }
    if parsed.rules.sections.is_empty() {
        return Err(format!("{url}: no rules in it"));
    }
    let rules = Arc::new(parsed.rules);
    CACHE.with(|c| c.borrow_mut().insert(lang, rules.clone()));
    Ok(rules)
}

/// The rules in `lang`, else in English with a note.
async fn load(lang: Lang) -> Shown {
    match fetch_rules(lang).await {
        Ok(rules) => Shown::Ready {
            rules,
            wanted: None,
        },
        Err(why) if lang != Lang::En => {
            web_sys::console::warn_1(&why.into());
            match fetch_rules(Lang::En).await {
                Ok(rules) => Shown::Ready {
                    rules,
                    wanted: Some(lang),
                },
                Err(why) => Shown::Failed(why),
            }
        }
        Err(why) => Shown::Failed(why),
    }
}

/// The DOM id of a section's heading.
fn anchor(id: &str) -> String {
    format!("rules-{id}")
}

/// Scroll the rules to a section (or the contents) without touching the address.
fn scroll_to(id: &str) {
    if let Some(el) = document().get_element_by_id(id) {
        el.scroll_into_view();
    }
}

/// Text with `**bold**` spans, always rendered as text nodes.
fn rich(text: &str) -> impl IntoView + use<> {
    rules_text::spans(text)
        .into_iter()
        .map(|(t, bold)| {
            if bold {
                view! { <strong>{t}</strong> }.into_any()
            } else {
                t.into_any()
            }
        })
        .collect_view()
}

fn block_view(block: Block, example: &str) -> AnyView {
    match block {
        Block::P(t) => view! { <p>{rich(&t)}</p> }.into_any(),
        Block::H3(t) => view! { <h3>{t}</h3> }.into_any(),
        Block::List(items) | Block::Readings(items) => view! {
            <ul>{items.into_iter().map(|i| view! { <li>{rich(&i)}</li> }).collect_view()}</ul>
        }
        .into_any(),
        Block::Steps(items) => view! {
            <ol>{items.into_iter().map(|i| view! { <li>{rich(&i)}</li> }).collect_view()}</ol>
        }
        .into_any(),
        Block::Table { head, rows } => view! {
            <div class="rules-table-wrap">
                <table class="rules-table">
                    <thead><tr>{head.into_iter().map(|h| view! { <th scope="col">{rich(&h)}</th> }).collect_view()}</tr></thead>
                    <tbody>
                        {rows.into_iter().map(|r| view! {
                            <tr>{r.into_iter().map(|c| view! { <td>{rich(&c)}</td> }).collect_view()}</tr>
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
        }
        .into_any(),
        Block::Card {
            class, name, text, ..
        } => view! {
            <div class=format!("rules-card {class}")>
                <h4 class="rules-card-name">{name}</h4>
                <p>{rich(&text)}</p>
            </div>
        }
        .into_any(),
        Block::Example(lines) => view! {
            <aside class="rules-example">
                <p class="rules-example-title">{example.to_string()}</p>
                {lines.into_iter().map(|l| view! { <p>{rich(&l)}</p> }).collect_view()}
            </aside>
        }
        .into_any(),
    }
}

fn section_view(s: Section, example: &str) -> impl IntoView + use<> {
    let id = anchor(&s.id);
    let labelled_by = id.clone();
    view! {
        <section class="rules-section" aria-labelledby=labelled_by data-testid=format!("rules-section-{}", s.id)>
            <h2 id=id tabindex="-1">{s.title}</h2>
            {s.blocks.into_iter().map(|b| block_view(b, example)).collect_view()}
        </section>
    }
}

/// The rules, read: contents, sections, and the Contents / Close dock.
fn rules_view(rules: &Rules, wanted: Option<Lang>, on_close: Callback<()>) -> AnyView {
    let example = rules.word("example");
    let toc = rules
        .sections
        .iter()
        .map(|s| {
            let target = anchor(&s.id);
            let href = format!("#{target}");
            let title = s.title.clone();
            view! {
                <li>
                    <a href=href on:click=move |ev| {
                        ev.prevent_default();
                        scroll_to(&target);
                    }>{title}</a>
                </li>
            }
        })
        .collect_view();
    let note = wanted.map(|lang| {
        let text = rules
            .word("fallback")
            .replace("{language}", lang.native_name());
        view! { <p class="rules-fallback" role="note" data-testid="rules-fallback">{text}</p> }
    });
    view! {
        <article class="rules-screen" data-testid="rules-screen" lang=rules.lang.code()>
            <div class="screen-head">
                <h1>{rules.word("title")}</h1>
                <button class="secondary close-button" data-testid="rules-close-top"
                    on:click=move |_| on_close.run(())>{rules.word("close")}</button>
            </div>
            {note}
            <p class="muted">{rules.word("subtitle")}</p>
            <nav class="rules-toc" aria-labelledby="rules-contents">
                <h2 id="rules-contents" tabindex="-1">{rules.word("contents")}</h2>
                <ol>{toc}</ol>
            </nav>
            {rules.sections.iter().cloned().map(|s| section_view(s, &example)).collect_view()}
            // Always at hand while reading, at the bottom of the screen (thumb reach on a phone).
            <div class="rules-dock">
                <button class="secondary" data-testid="rules-contents"
                    on:click=|_| scroll_to("rules-contents")>{rules.word("to_contents")}</button>
                <button class="primary" data-testid="rules-close"
                    on:click=move |_| on_close.run(())>{rules.word("close_rules")}</button>
            </div>
        </article>
    }
    .into_any()
}

/// The rules. `on_close` goes back to where the player came from; `start_at` (a section id such as
/// `"cards"`) scrolls there once the rules are shown.
#[component]
pub fn RulesScreen(
    #[prop(into)] on_close: Callback<()>,
    #[prop(optional, into)] start_at: Option<String>,
) -> impl IntoView {
    let lang = i18n::lang();
    let scroll_to_start = move || {
        if let Some(id) = start_at.clone() {
            request_animation_frame(move || scroll_to(&anchor(&id)));
        }
    };
    let shown = match cached(lang) {
        Some(rules) => {
            scroll_to_start();
            RwSignal::new(Shown::Ready {
                rules,
                wanted: None,
            })
        }
        None => {
            let shown = RwSignal::new(Shown::Loading);
            leptos::task::spawn_local(async move {
                let loaded = load(lang).await;
                // The player may have closed the screen meanwhile.
                if shown.try_set(loaded).is_none() {
                    scroll_to_start();
                }
            });
            shown
        }
    };
    move || match shown.get() {
        Shown::Ready { rules, wanted } => rules_view(&rules, wanted, on_close),
        other => {
            let (line, failed) = match other {
                Shown::Failed(why) => (format!("⚠ {why}"), true),
                _ => (format!("{}…", t(K::rules)), false),
            };
            view! {
                <article class="rules-screen" data-testid="rules-loading" aria-busy=(!failed).to_string()>
                    <div class="screen-head">
                        <h1>{t(K::rules)}</h1>
                        <button class="secondary close-button" data-testid="rules-close-top"
                            on:click=move |_| on_close.run(())>{t(K::close)}</button>
                    </div>
                    <p class=if failed { "rules-failed" } else { "muted" }
                        role=if failed { "alert" } else { "status" }>{line}</p>
                </article>
            }
            .into_any()
        }
    }
}
