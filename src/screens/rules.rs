//! The Rules screen, for every game of the app: a choice of game at its top (the Card Game, the
//! board game), then that game's rules in our own words, with a table of contents, every card
//! explained and our readings. Each game's text is a file per language
//! (`public/i18n/<stem>.<code>.txt`, read by [`crate::rules_text`] with what the game's
//! [`Book`] gives) fetched the first time it shows in that language and kept for the rest of the
//! visit; a language without its file shows the English rules with a note. The game chosen is
//! remembered while the app is open; opening the screen from inside a game shows that game's rules.
//! Reachable from every screen; Close goes back.

use crate::i18n::{self, K, Lang, t};
use crate::rules_text::{self, Block, Book, Rules, Section};
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::Arc;

/// Where the rules files are, relative to the page: beside the language packs.
const RULES_DIR: &str = i18n::PACKS;

thread_local! {
    /// The rules read so far in this visit, per game and language.
    static CACHE: RefCell<HashMap<(&'static str, Lang), Arc<Rules>>> = RefCell::new(HashMap::new());
    /// The game whose rules showed last ([`Book::game`]), for the next time the screen opens.
    static CHOSEN: Cell<Option<&'static str>> = const { Cell::new(None) };
}

/// What the screen shows below the choice of game.
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

fn cached(book: &Book, lang: Lang) -> Option<Arc<Rules>> {
    CACHE.with(|c| c.borrow().get(&(book.game, lang)).cloned())
}

/// Fetch and read one game's rules in one language (kept for next time).
async fn fetch_rules(book: &'static Book, lang: Lang) -> Result<Arc<Rules>, String> {
    if let Some(rules) = cached(book, lang) {
        return Ok(rules);
    }
    let url = format!("{RULES_DIR}/{}.{}.txt", book.stem, lang.code());
    let text = i18n::fetch_text(&url).await?;
    let parsed = rules_text::parse(book, lang, &text);
    if !parsed.problems.is_empty() {
        web_sys::console::warn_1(&format!("{url}: {}", parsed.problems.join("; ")).into());
    }
    if parsed.rules.sections.is_empty() {
        return Err(format!("{url}: no rules in it"));
    }
    let rules = Arc::new(parsed.rules);
    CACHE.with(|c| c.borrow_mut().insert((book.game, lang), rules.clone()));
    Ok(rules)
}

/// The game's rules in `lang`, else in English with a note.
async fn load(book: &'static Book, lang: Lang) -> Shown {
    match fetch_rules(book, lang).await {
        Ok(rules) => Shown::Ready {
            rules,
            wanted: None,
        },
        Err(why) if lang != Lang::En => {
            web_sys::console::warn_1(&why.into());
            match fetch_rules(book, Lang::En).await {
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
        Block::H3 { id: Some(id), title } => {
            view! { <h3 id=anchor(&id) tabindex="-1">{title}</h3> }.into_any()
        }
        Block::H3 { id: None, title } => view! { <h3>{title}</h3> }.into_any(),
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

/// One game's rules, read: note, contents, sections, and the Contents / Close dock.
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
        <div class="rules-text" data-testid="rules-screen" data-game=rules.game lang=rules.lang.code()>
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
        </div>
    }
    .into_any()
}

/// Which of `books` shows first: the game the player came from, else the one chosen last in this
/// visit, else the first.
fn first_shown(books: &[&'static Book], from_game: Option<&str>) -> usize {
    let wanted = from_game.or_else(|| CHOSEN.with(Cell::get));
    wanted
        .and_then(|game| books.iter().position(|b| b.game == game))
        .unwrap_or(0)
}

/// The rules of the app's games. `books` are the games, in the order of the choice at the top;
/// `from_game` ([`Book::game`]) is the game the player opened the screen from, whose rules show
/// first. `on_close` goes back to where the player came from; `start_at` (a section id such as
/// `"cards"`) scrolls there once the first rules are shown.
#[component]
pub fn RulesScreen(
    #[prop(into)] on_close: Callback<()>,
    books: &'static [&'static Book],
    from_game: Option<&'static str>,
    #[prop(optional_no_strip)] start_at: Option<String>,
) -> impl IntoView {
    let lang = i18n::lang();
    let chosen = RwSignal::new(first_shown(books, from_game));
    let shown = RwSignal::new(Shown::Loading);
    // Show the rules of `books[i]`, from the cache or once fetched (and scroll to `start`).
    let show = move |i: usize, start: Option<String>| {
        let Some(&book) = books.get(i) else {
            return;
        };
        CHOSEN.with(|c| c.set(Some(book.game)));
        chosen.set(i);
        let scroll = move || {
            if let Some(id) = start {
                request_animation_frame(move || scroll_to(&anchor(&id)));
            }
        };
        match cached(book, lang) {
            Some(rules) => {
                shown.set(Shown::Ready {
                    rules,
                    wanted: None,
                });
                scroll();
            }
            None => {
                shown.set(Shown::Loading);
                leptos::task::spawn_local(async move {
                    let loaded = load(book, lang).await;
                    // The player may have closed the screen, or chosen another game, meanwhile.
                    if chosen.try_get_untracked() == Some(i) && shown.try_set(loaded).is_none() {
                        scroll();
                    }
                });
            }
        }
    };
    show(chosen.get_untracked(), start_at);
    let choice = books
        .iter()
        .enumerate()
        .map(|(i, book)| {
            let pressed = move || chosen.get() == i;
            view! {
                <button class="choice" aria-pressed=move || pressed().to_string()
                    class:selected=pressed data-testid=format!("rules-game-{}", book.game)
                    on:click=move |_| {
                        if chosen.get_untracked() != i {
                            show(i, None);
                        }
                    }>
                    {t(book.name)}
                </button>
            }
        })
        .collect_view();
    let body = move || match shown.get() {
        Shown::Ready { rules, wanted } => rules_view(&rules, wanted, on_close),
        Shown::Loading => view! {
            <div data-testid="rules-loading" aria-busy="true">
                <p class="muted" role="status">{format!("{}…", t(K::rules))}</p>
            </div>
        }
        .into_any(),
        Shown::Failed(why) => view! {
            <div data-testid="rules-loading">
                <p class="rules-failed" role="alert">{format!("⚠ {why}")}</p>
            </div>
        }
        .into_any(),
    };
    view! {
        <article class="rules-screen">
            <div class="screen-head">
                <h1>{t(K::rules)}</h1>
                <button class="secondary close-button" data-testid="rules-close-top"
                    on:click=move |_| on_close.run(())>{t(K::close)}</button>
            </div>
            // The game whose rules show: a choice kept in view above them, reachable by Tab.
            <div class="choice-row rules-games" role="group" aria-label=t(K::rules_which_game)
                data-testid="rules-games">
                {choice}
            </div>
            {body}
        </article>
    }
}
