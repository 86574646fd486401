//! The board on the page: the [`Board`] component puts the model's drawings and words in place,
//! opens a quest larger in a dialog, and links the board's stylesheet.

use super::lines::{
    camelot_lines, effect_line, effect_name, pile_lines, round_table_lines, tile_lines,
    token_lines, token_marks,
};
use super::model::{
    Body, Camelot, Effect, Model, Piles, RoundTable, SLOTS, Slot, Status, Tile, Token,
};
use super::svg::{body_box, body_svg, camelot_svg, relic_svg, round_table_svg};
use crate::board::i18n::B;
use crate::board::words;
use crate::i18n::{K, t, tf};
use camelot_board::data::{BLACK_SWORDS_LOSE, MAX_LIFE, SIEGE_ENGINES_LOSE};
use camelot_board::{Knight, Loyalty, Place, Quest, Relic, RelicState, Seat, TableView};
use leptos::prelude::*;

/// The board's stylesheet, linked into the page's head once (a relative address: the app may be
/// served from a sub-path).
const STYLESHEET: &str = "style/board.css";

/// Link the board game's stylesheet into the page once (every board game screen asks for it).
pub fn link_stylesheet() {
    crate::shell::link_stylesheet(STYLESHEET, "data-board-css");
}

/// Put the keyboard focus on the first element of the page matching `selector`.
fn focus_first(selector: &str) {
    use wasm_bindgen::JsCast;
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}

/// The seat's colour class (and a smaller letter for a mark of two).
fn seat_class(seat: Seat, mark: &str) -> String {
    let wide = if mark.chars().count() > 1 {
        " wide"
    } else {
        ""
    };
    format!("tok s{}{wide}", seat.0 % 7)
}

/// The mark on a seat's token (see [`token_marks`]).
fn mark_of(marks: &[(Seat, String)], seat: Seat) -> String {
    marks
        .iter()
        .find(|(s, _)| *s == seat)
        .map(|(_, m)| m.clone())
        .unwrap_or_else(|| (u32::from(seat.0) + 1).to_string())
}

/// Small round tokens of the knights at a place, each named for a screen reader.
fn tokens_view(
    seats: Vec<Seat>,
    names: Signal<Vec<String>>,
    marks: Memo<Vec<(Seat, String)>>,
    current: Option<Seat>,
) -> impl IntoView {
    let names = names.get();
    let marks = marks.get();
    view! {
        <span class="bv-tokens">
            {seats
                .into_iter()
                .map(|seat| {
                    let name = words::seat_name(&names, seat);
                    let mark = mark_of(&marks, seat);
                    let class = seat_class(seat, &mark);
                    view! {
                        <span class=class class:now={current == Some(seat)}
                            role="img" aria-label=name.clone() title=name>
                            {mark}
                        </span>
                    }
                })
                .collect_view()}
        </span>
    }
}

fn relic_icon(relic: Relic, class: &'static str, label: String) -> impl IntoView {
    view! {
        <svg class=format!("bv-relic {class}") viewBox="0 0 20 20" width="20" height="20"
            role="img" aria-label=label inner_html=relic_svg(relic)></svg>
    }
}

/// Where the knight whose Heroic Actions show may move, place by place: the move's words when it
/// is open, else why not (the engine's refusal in words).
pub type Moves = Vec<(Place, Result<String, String>)>;

/// The board: give it the table's view and the seats' names (and the seat holding the phone, if
/// it shows one seat's screen). While a knight's Heroic Actions show, `moves` says where he may
/// go: a quest shown larger then moves him there (`on_move`) or says why not, and so does
/// Camelot.
#[component]
pub fn Board(
    view: Signal<TableView>,
    names: Signal<Vec<String>>,
    #[prop(optional)] mine: Option<Signal<Option<Seat>>>,
    #[prop(optional)] moves: Option<Signal<Option<Moves>>>,
    #[prop(optional)] on_move: Option<Callback<Place>>,
) -> impl IntoView {
    link_stylesheet();
    let model = Memo::new(move |_| {
        let me = mine.and_then(|m| m.get());
        view.with(|v| Model::of(v, me))
    });
    let current =
        Memo::new(move |_| model.with(|m| m.tokens.iter().find(|t| t.current).map(|t| t.seat)));
    let open: RwSignal<Option<Slot>> = RwSignal::new(None);
    let dialog: NodeRef<leptos::html::Dialog> = NodeRef::new();
    let still = crate::shell::reduced_motion();

    let round_table = Memo::new(move |_| model.with(|m| m.round_table.clone()));
    let camelot = Memo::new(move |_| model.with(|m| m.camelot.clone()));
    let tokens = Memo::new(move |_| model.with(|m| m.tokens.clone()));
    let marks = Memo::new(move |_| {
        let knights: Vec<(Seat, Option<Knight>)> =
            tokens.with(|t| t.iter().map(|t| (t.seat, t.knight)).collect());
        names.with(|n| token_marks(&knights, n))
    });
    let piles = Memo::new(move |_| model.with(|m| m.piles));
    // The move to `place`, if the board offers moves now.
    let move_to = move |place: Place| -> Option<Result<String, String>> {
        moves?
            .try_get()??
            .into_iter()
            .find(|(p, _)| *p == place)
            .map(|(_, m)| m)
    };
    let effects = Memo::new(move |_| model.with(|m| m.effects.clone()));

    let show = move |slot: Slot| {
        open.set(Some(slot));
        if let Some(d) = dialog.get()
            && !d.open()
        {
            let _ = d.show_modal();
        }
        // Once the panel is drawn, the keyboard is on its Close button.
        request_animation_frame(|| focus_first(".bv-dialog .bv-close"));
    };
    // The dialog's close event forgets the quest (and puts the keyboard back on it).
    let close = move || match dialog.get() {
        Some(d) => d.close(),
        None => open.set(None),
    };

    let tiles = SLOTS
        .into_iter()
        .map(|slot| {
            let tile = Memo::new(move |_| model.with(|m| m.tile(slot).cloned()));
            quest_tile(slot, tile, names, marks, current, open, show)
        })
        .collect_view();

    view! {
        <section class="bv" class:bv-still=still aria-labelledby="bv-title" data-testid="board">
            <h2 id="bv-title" class="visually-hidden">{t(B::board_name)}</h2>
            <div class="bv-top">
                {round_table_view(round_table)}
                {camelot_view(camelot, names, marks, current)}
                {move || {
                    let label = move_to(Place::Camelot)?.ok()?;
                    Some(view! {
                        <button class="secondary bv-move" data-testid="board-move-camelot"
                            on:click=move |_| {
                                if let Some(go) = on_move {
                                    go.run(Place::Camelot);
                                }
                            }>
                            {label}
                        </button>
                    })
                }}
            </div>
            {piles_view(piles, effects)}
            <ul class="bv-quests">{tiles}</ul>
            {knights_view(tokens, names, marks)}
            <dialog class="bv-dialog" node_ref=dialog aria-labelledby="bv-dialog-title"
                data-testid="board-quest"
                on:close=move |_| {
                    // Closed (Escape, Close or the backdrop): the keyboard goes back to the quest.
                    if let Some(slot) = open.get_untracked() {
                        focus_first(&format!("[data-testid=board-quest-{}] .bv-open", slot.class()));
                    }
                    open.set(None);
                }
                on:click=move |ev| {
                    // A tap on the backdrop (outside the panel) closes it.
                    let on_backdrop = ev
                        .target()
                        .zip(dialog.get())
                        .is_some_and(|(t, d)| {
                            let d: &web_sys::EventTarget = d.as_ref();
                            &t == d
                        });
                    if on_backdrop {
                        close();
                    }
                }>
                {move || {
                    let slot = open.get()?;
                    let tile = model.with(|m| m.tile(slot).cloned())?;
                    let place = tile.quest.place();
                    let go = move_to(place).map(|m| match m {
                        Ok(label) => view! {
                            <button class="primary big bv-move" data-testid="board-move"
                                on:click=move |_| {
                                    close();
                                    if let Some(go) = on_move {
                                        go.run(place);
                                    }
                                }>
                                {label}
                            </button>
                        }
                        .into_any(),
                        Err(why) => view! {
                            <p class="message bv-move-why" role="status" data-testid="board-move-why">
                                {why}
                            </p>
                        }
                        .into_any(),
                    });
                    Some(quest_panel(tile, names, marks, current.get(), close, go))
                }}
            </dialog>
        </section>
    }
}

fn round_table_view(rt: Memo<RoundTable>) -> impl IntoView {
    view! {
        <section class="bv-part bv-rt" aria-labelledby="bv-rt-title" data-testid="board-round-table">
            <h3 id="bv-rt-title">{t(B::board_round_table)}</h3>
            <svg class="bv-table" viewBox="0 0 120 120" width="120" height="120" role="img"
                aria-label=move || rt.with(|r| round_table_lines(r)[0].clone())
                inner_html=move || rt.with(round_table_svg)></svg>
            {move || {
                let r = rt.get();
                let lines = round_table_lines(&r);
                let black = r.swords.black.min(BLACK_SWORDS_LOSE);
                view! {
                    <p class="bv-gauge">
                        <span class="visually-hidden">{lines[1].clone()}</span>
                        <span class="bv-pips" aria-hidden="true">
                            {(0..BLACK_SWORDS_LOSE)
                                .map(|i| view! { <span class="pip" class:on={i < black}></span> })
                                .collect_view()}
                        </span>
                        <span class="bv-count" aria-hidden="true">
                            {format!("{black}/{BLACK_SWORDS_LOSE}")}
                        </span>
                    </p>
                    <p class="bv-note" class:ok=r.accusations>{lines[2].clone()}</p>
                }
            }}
        </section>
    }
}

fn camelot_view(
    c: Memo<Camelot>,
    names: Signal<Vec<String>>,
    marks: Memo<Vec<(Seat, String)>>,
    current: Memo<Option<Seat>>,
) -> impl IntoView {
    view! {
        <section class="bv-part bv-camelot" class:danger=move || c.with(|c| c.danger())
            aria-labelledby="bv-camelot-title" data-testid="board-camelot">
            <h3 id="bv-camelot-title">{words::place_name(Place::Camelot)}</h3>
            <svg class="bv-siege" viewBox="0 0 120 84" width="120" height="84" role="img"
                aria-label=move || {
                    let names = names.get();
                    c.with(|c| camelot_lines(c, &names).join(". "))
                }
                inner_html=move || c.with(camelot_svg)></svg>
            <p class="bv-count-line" aria-hidden="true">
                {move || format!("{}/{}", c.with(|c| c.engines), SIEGE_ENGINES_LOSE)}
            </p>
            {move || {
                c.with(|c| c.danger()).then(|| {
                    view! { <p class="bv-danger">{tf(B::board_danger, &[("max", &SIEGE_ENGINES_LOSE)])}</p> }
                })
            }}
            {move || tokens_view(c.with(|c| c.knights.clone()), names, marks, current.get())}
        </section>
    }
}

fn quest_tile(
    slot: Slot,
    tile: Memo<Option<Tile>>,
    names: Signal<Vec<String>>,
    marks: Memo<Vec<(Seat, String)>>,
    current: Memo<Option<Seat>>,
    open: RwSignal<Option<Slot>>,
    show: impl Fn(Slot) + Copy + 'static,
) -> impl IntoView {
    let quest = move || tile.with(|t| t.as_ref().map_or(Quest::BlackKnight, |t| t.quest));
    let status = move || tile.with(|t| t.as_ref().map_or(Status::InPlay, |t| t.status));
    view! {
        <li class=move || {
                let mut c = format!("bv-tile {}", slot.class());
                match status() {
                    Status::InPlay => {}
                    Status::Won => c.push_str(" won"),
                    Status::Lost => c.push_str(" lost"),
                }
                c
            }
            data-testid=format!("board-quest-{}", slot.class())>
            <h3>{move || words::quest_name(quest())}</h3>
            {move || tile.get().map(|tile| tile_face(tile, names, marks, current.get(), false))}
            <button class="bv-open" aria-haspopup="dialog"
                aria-expanded=move || (open.get() == Some(slot)).to_string()
                aria-label=move || tf(B::board_show_larger, &[("quest", &words::quest_name(quest()))])
                on:click=move |_| show(slot)></button>
        </li>
    }
}

/// A quest's face: its results, its drawing, its relic and effects, and who is there. `big` in
/// the enlarged panel.
fn tile_face(
    tile: Tile,
    names: Signal<Vec<String>>,
    marks: Memo<Vec<(Seat, String)>>,
    current: Option<Seat>,
    big: bool,
) -> impl IntoView {
    let label = {
        let names = names.get();
        tile_lines(&tile, &names).join(". ")
    };
    let (w, h) = body_box(&tile.body);
    let badge = match tile.status {
        Status::InPlay => None,
        Status::Won => Some(("won", B::event_quest_won)),
        Status::Lost => Some(("lost", B::event_quest_lost)),
    }
    .map(|(class, key)| {
        let line = tf(key, &[("quest", &words::quest_name(tile.quest))]);
        view! { <p class=format!("bv-result {class}") aria-hidden="true">{line}</p> }
    });
    let tallies = tile.perpetual.then(|| {
        let t0 = tile.tallies.first().map(|(_, t)| *t).unwrap_or_default();
        view! {
            <span class="bv-tally" aria-hidden="true">
                <span class="won">{format!("✓{}", t0.won)}</span>
                " "
                <span class="lost">{format!("✗{}", t0.lost)}</span>
            </span>
        }
    });
    let relic = tile.relic.map(|(relic, state)| {
        let class = if state == RelicState::Removed {
            "gone"
        } else {
            "here"
        };
        let line = if state == RelicState::Removed {
            tf(
                B::event_relic_removed,
                &[("relic", &words::relic_name(relic))],
            )
        } else {
            tf(B::board_relic_here, &[("relic", &words::relic_name(relic))])
        };
        relic_icon(relic, class, line)
    });
    let signs = view! {
        {tile.heroism.then(|| view! { <span class="bv-mark heroism" aria-hidden="true">"+1"</span> })}
        {tile.dark_forest.then(|| view! { <span class="bv-mark forest" aria-hidden="true"></span> })}
        {matches!(tile.body, Body::War { mordred: true, .. })
            .then(|| view! { <span class="bv-mark mordred" aria-hidden="true">"5"</span> })}
    };
    let lines = big.then(|| {
        let names = names.get();
        view! {
            <ul class="bv-lines">
                {tile_lines(&tile, &names).into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
            </ul>
        }
    });
    view! {
        <div class="bv-face">
            {badge}
            {if tile.body == Body::Over {
                view! { <p class="visually-hidden">{label}</p> }.into_any()
            } else {
                view! {
                    <div class="bv-art">
                        <svg class="bv-body" viewBox=format!("0 0 {w} {h}") width=w.to_string()
                            height=h.to_string()
                            role="img" aria-label=label
                            inner_html=body_svg(&tile.body)></svg>
                    </div>
                }.into_any()
            }}
            <div class="bv-under">
                {tallies}
                {relic}
                {signs}
                {tokens_view(tile.knights.clone(), names, marks, current)}
            </div>
            {lines}
        </div>
    }
}

fn quest_panel(
    tile: Tile,
    names: Signal<Vec<String>>,
    marks: Memo<Vec<(Seat, String)>>,
    current: Option<Seat>,
    close: impl Fn() + Copy + 'static,
    go: Option<AnyView>,
) -> impl IntoView {
    let class = format!("bv-panel {}", tile.slot.class());
    let title = words::quest_name(tile.quest);
    view! {
        <div class=class>
            <header class="bv-panel-head">
                <h2 id="bv-dialog-title">{title}</h2>
                <button class="bv-close" on:click=move |_| close()>{t(K::close)}</button>
            </header>
            {go}
            {tile_face(tile, names, marks, current, true)}
        </div>
    }
}

fn knights_view(
    tokens: Memo<Vec<Token>>,
    names: Signal<Vec<String>>,
    marks: Memo<Vec<(Seat, String)>>,
) -> impl IntoView {
    view! {
        <section class="bv-part bv-knights" aria-labelledby="bv-knights-title" data-testid="board-knights">
            <h3 id="bv-knights-title">{t(B::board_knights)}</h3>
            <ul>
                {move || {
                    let names = names.get();
                    let marks = marks.get();
                    tokens
                        .get()
                        .into_iter()
                        .map(|tok| {
                            let mark = mark_of(&marks, tok.seat);
                            knight_item(tok, &names, mark)
                        })
                        .collect_view()
                }}
            </ul>
        </section>
    }
}

fn knight_item(tok: Token, names: &[String], mark: String) -> impl IntoView + use<> {
    let name = words::seat_name(names, tok.seat);
    let knight = words::knight_or_squire(tok.knight);
    let knight = (knight != name).then_some(knight);
    // A squire is a player with no knight of his own yet: said beside the word.
    let squire = tok.knight.is_none().then(|| t(B::board_squire_note));
    let tok_class = seat_class(tok.seat, &mark);
    let lines = token_lines(&tok);
    let on_board = tok.alive && !tok.revealed;
    view! {
        <li class="bv-knight" class:now=tok.current class:mine=tok.mine class:dead=!tok.alive
            class:traitor=tok.revealed data-seat=tok.seat.0.to_string()>
            <span class=tok_class aria-hidden="true">{mark}</span>
            <span class="bv-who">
                <strong>{name}</strong>
                {knight.map(|k| view! { <small>{k}</small> })}
            </span>
            {squire.map(|note| view! { <small class="bv-squire">{note}</small> })}
            <span class="visually-hidden">{lines.join(". ")}</span>
            <span class="bv-facts" aria-hidden="true">
                {on_board.then(|| view! {
                    <span class="bv-life">
                        {(0..MAX_LIFE)
                            .map(|i| view! { <span class="pip" class:on={i < tok.life}></span> })
                            .collect_view()}
                    </span>
                    <span class="bv-hand">{tok.hand}</span>
                })}
                {tok.relics.iter().map(|&r| view! {
                    <svg class="bv-relic held" viewBox="0 0 20 20" width="18" height="18"
                        aria-hidden="true" inner_html=relic_svg(r)></svg>
                }).collect_view()}
                {tok.current.then(|| view! { <span class="badge turn">{t(if tok.mine { B::board_your_turn } else { B::board_their_turn })}</span> })}
                {tok.mine.then(|| view! { <span class="badge you">{t(B::board_you)}</span> })}
                {tok.revealed.then(|| view! { <span class="badge traitor">{words::loyalty_name(Loyalty::Traitor)}</span> })}
                {(!tok.revealed).then_some(tok.loyalty).flatten().map(|l| {
                    let class = if l == Loyalty::Traitor { "badge traitor" } else { "badge loyal" };
                    view! { <span class=class>{words::loyalty_name(l)}</span> }
                })}
                {(!tok.alive).then(|| view! { <span class="badge dead">{t(B::board_dead)}</span> })}
                {tok.has_accused.then(|| view! { <span class="badge">{t(B::board_has_accused)}</span> })}
            </span>
        </li>
    }
}

fn piles_view(piles: Memo<Piles>, effects: Memo<Vec<Effect>>) -> impl IntoView {
    view! {
        <section class="bv-part bv-piles" data-testid="board-piles">
            {move || {
                let p = piles.get();
                let [white, black] = pile_lines(&p);
                let (white_title, black_title) = (white.clone(), black.clone());
                view! {
                    <p class="bv-pile white" title=white_title data-testid="board-pile-white">
                        <span class="visually-hidden">{white}</span>
                        <span class="bv-count-of" aria-hidden="true">
                            {t(B::board_white_deck)}
                            <span class="bv-deck">{p.white_deck}</span>
                        </span>
                        <span class="bv-count-of" aria-hidden="true">
                            {t(B::board_discard)}
                            <span class="bv-discard">{p.white_discard}</span>
                        </span>
                    </p>
                    <p class="bv-pile black" title=black_title data-testid="board-pile-black">
                        <span class="visually-hidden">{black}</span>
                        <span class="bv-count-of" aria-hidden="true">
                            {t(B::board_black_deck)}
                            <span class="bv-deck">{p.black_deck}</span>
                        </span>
                        <span class="bv-count-of" aria-hidden="true">
                            {t(B::board_discard)}
                            <span class="bv-discard">{p.black_discard}</span>
                        </span>
                    </p>
                }
            }}
            {move || {
                let list = effects.get();
                (!list.is_empty()).then(|| view! {
                    <div class="bv-effects">
                        <h3>{t(B::board_in_force)}</h3>
                        <ul>
                            {list.into_iter().map(|e| view! {
                                <li class="bv-effect" title=effect_line(e)>
                                    <span aria-hidden="true">{effect_name(e)}</span>
                                    <span class="visually-hidden">{effect_line(e)}</span>
                                </li>
                            }).collect_view()}
                        </ul>
                    </div>
                })
            }}
        </section>
    }
}
