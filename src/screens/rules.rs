//! The Rules screen: the rules in our own words ([`crate::rules_text`]), with a table of contents,
//! every card explained and our readings. Reachable from every screen; Close goes back.

use crate::rules_text::{self, Block, Section};
use leptos::prelude::*;

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

fn block_view(block: Block) -> AnyView {
    match block {
        Block::P(t) => view! { <p>{rich(&t)}</p> }.into_any(),
        Block::H3(t) => view! { <h3>{t}</h3> }.into_any(),
        Block::List(items) => view! {
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
                    <thead><tr>{head.into_iter().map(|h| view! { <th scope="col">{h}</th> }).collect_view()}</tr></thead>
                    <tbody>
                        {rows.into_iter().map(|r| view! {
                            <tr>{r.into_iter().map(|c| view! { <td>{c}</td> }).collect_view()}</tr>
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
        }
        .into_any(),
        Block::Card { class, name, text } => view! {
            <div class=format!("rules-card {class}")>
                <h4 class="rules-card-name">{name}</h4>
                <p>{rich(&text)}</p>
            </div>
        }
        .into_any(),
        Block::Example(lines) => view! {
            <aside class="rules-example">
                <p class="rules-example-title">"Example"</p>
                {lines.into_iter().map(|l| view! { <p>{rich(&l)}</p> }).collect_view()}
            </aside>
        }
        .into_any(),
    }
}

fn section_view(s: Section) -> impl IntoView {
    let id = anchor(s.id);
    let labelled_by = id.clone();
    view! {
        <section class="rules-section" aria-labelledby=labelled_by data-testid=format!("rules-section-{}", s.id)>
            <h2 id=id tabindex="-1">{s.title}</h2>
            {s.blocks.into_iter().map(block_view).collect_view()}
        </section>
    }
}

/// The rules. `on_close` goes back to where the player came from; `start_at` (a section id such as
/// `"cards"`) scrolls there on opening.
#[component]
pub fn RulesScreen(
    #[prop(into)] on_close: Callback<()>,
    #[prop(optional, into)] start_at: Option<String>,
) -> impl IntoView {
    let sections = rules_text::sections();
    let toc = sections
        .iter()
        .map(|s| {
            let target = anchor(s.id);
            let href = format!("#{target}");
            view! {
                <li>
                    <a href=href on:click=move |ev| {
                        ev.prevent_default();
                        scroll_to(&target);
                    }>{s.title}</a>
                </li>
            }
        })
        .collect_view();
    if let Some(id) = start_at {
        request_animation_frame(move || scroll_to(&anchor(&id)));
    }
    view! {
        <article class="rules-screen" data-testid="rules-screen">
            <div class="screen-head">
                <h1>"Rules"</h1>
                <button class="secondary close-button" data-testid="rules-close-top"
                    on:click=move |_| on_close.run(())>"Close"</button>
            </div>
            <p class="muted">"Shadows over Camelot: The Card Game, told in our own words."</p>
            <nav class="rules-toc" aria-labelledby="rules-contents">
                <h2 id="rules-contents" tabindex="-1">"Contents"</h2>
                <ol>{toc}</ol>
            </nav>
            {sections.into_iter().map(section_view).collect_view()}
            // Always at hand while reading, at the bottom of the screen (thumb reach on a phone).
            <div class="rules-dock">
                <button class="secondary" data-testid="rules-contents"
                    on:click=|_| scroll_to("rules-contents")>"↑ Contents"</button>
                <button class="primary" data-testid="rules-close"
                    on:click=move |_| on_close.run(())>"Close the rules"</button>
            </div>
        </article>
    }
}
