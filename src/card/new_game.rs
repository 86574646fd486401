//! New game: 1–7 players with names and seat order, each a person or a computer knight (Beginner,
//! Solid, Expert), who starts, the options. Two taps start a game with the defaults (four players
//! called "Player 1" … "Player 4"); "Play with 3 computer knights" seats you with three of them.

use super::words::{COMPUTER_NAMES, table_hint, with_computers_text};
use super::{Ctx, now_ms, persist, random_u64, test_seed, use_ctx};
use crate::card::session::{Session, Sitter, validate_sitters};
use crate::i18n::{K, t, tf, tn};
use crate::names::validate_names;
use crate::seats::SitterSelect;
use camelot_card::bot::Level;
use camelot_card::{Options, Seat, Setup};
use leptos::prelude::*;

#[derive(Clone, Copy)]
struct Row {
    id: u32,
    name: RwSignal<String>,
    sitter: RwSignal<Sitter>,
}

/// The default name of a person's seat: "Player N" in the interface's language.
pub(super) fn player_name(k: usize) -> String {
    tf(K::new_player_name, &[("n", &k)])
}

/// A default name not yet taken: "Player N" for a person, a knight's name for a computer.
pub(super) fn default_name(computer: bool, from: usize, taken: &[String]) -> String {
    let free = |c: &String| {
        let c = crate::i18n::lowercase(c);
        !taken.iter().any(|t| crate::i18n::lowercase(t) == c)
    };
    if computer {
        COMPUTER_NAMES
            .iter()
            .map(|n| n.to_string())
            .find(free)
            .unwrap_or_else(|| tf(K::new_computer_fallback_name, &[("n", &from)]))
    } else {
        (from..).map(player_name).find(free).unwrap_or_default()
    }
}

/// A name the app gave by default (so changing a seat's kind may change it too).
fn is_default_name(name: &str) -> bool {
    let name = name.trim();
    name.is_empty()
        || COMPUTER_NAMES.contains(&name)
        || (1..=99).any(|k| {
            name == player_name(k) || name == tf(K::new_computer_fallback_name, &[("n", &k)])
        })
}

/// Create, save and open a new game with the same seats as the game open now when the names are
/// the same (Rematch), all persons otherwise. See [`start_game_with`].
pub fn start_game(
    ctx: &Ctx,
    names: Vec<String>,
    first: Option<usize>,
    options: Options,
    seed: Option<u64>,
) -> Result<(), String> {
    let sitters = ctx
        .live
        .with_untracked(|l| {
            l.as_ref()
                .filter(|l| l.session.names == names)
                .map(|l| l.session.sitters.clone())
        })
        .unwrap_or_default();
    start_game_with(ctx, names, sitters, first, options, seed)
}

/// Create, save and open a new game. `sitters`: one per seat (empty: all persons). `first`: `None`
/// for a random first player. The seed is random, or fixed by the `#test-seed=N` test hook.
pub fn start_game_with(
    ctx: &Ctx,
    names: Vec<String>,
    sitters: Vec<Sitter>,
    first: Option<usize>,
    options: Options,
    seed: Option<u64>,
) -> Result<(), String> {
    validate_sitters(&sitters, names.len()).map_err(|e| e.to_string())?;
    let players = names.len() as u8;
    let seed = seed.or_else(test_seed).unwrap_or_else(random_u64);
    let first = match first {
        Some(i) => i as u8,
        // "Random": with the test hook, derived from the seed so tests are repeatable.
        None if test_seed().is_some() => (seed % players as u64) as u8,
        None => (random_u64() % players as u64) as u8,
    };
    let setup = Setup {
        players,
        first: Seat(first),
        options,
        seed,
    };
    let game = camelot_card::Game::new(setup).map_err(|e| e.to_string())?;
    let session = Session::new(crate::storage::new_id(), names, setup, now_ms()).seated(sitters);
    ctx.save_error
        .set(crate::storage::keep(&session, &game).err());
    ctx.open_played(session, game);
    Ok(())
}

/// The players a new game starts with: those of the game open now (after a game, the same table
/// plays again, as Rematch keeps them, each seat a person or the same computer knight), else four
/// people called "Player 1" … "Player 4".
fn first_players(ctx: &Ctx) -> Vec<(String, Sitter)> {
    let open = ctx.live.with_untracked(|l| {
        l.as_ref().map(|l| {
            let s = &l.session;
            (0..s.names.len())
                .map(|i| (s.names[i].clone(), s.sitter(Seat(i as u8))))
                .collect::<Vec<_>>()
        })
    });
    open.filter(|p| !p.is_empty())
        .unwrap_or_else(|| (1..=4).map(|i| (player_name(i), Sitter::Person)).collect())
}

#[component]
pub fn NewGame() -> impl IntoView {
    let ctx = use_ctx();
    // Its Start button is docked at the bottom of the screen (screens.css: `html.docked`).
    crate::shell::page_class_while_shown("docked");
    let players = first_players(&ctx);
    let next_id = StoredValue::new(players.len() as u32);
    let rows = RwSignal::new(
        players
            .into_iter()
            .enumerate()
            .map(|(i, (name, sitter))| Row {
                id: i as u32,
                name: RwSignal::new(name),
                sitter: RwSignal::new(sitter),
            })
            .collect::<Vec<_>>(),
    );
    let taken = move || -> Vec<String> {
        rows.with_untracked(|r| r.iter().map(|x| x.name.get_untracked()).collect())
    };
    // A seat becomes a person or a computer: a default name follows the change.
    let set_sitter = move |row: Row, sitter: Sitter| {
        let was = row.sitter.get_untracked().is_computer();
        row.sitter.set(sitter);
        if was != sitter.is_computer() && is_default_name(&row.name.get_untracked()) {
            let pos = rows.with_untracked(|r| r.iter().position(|x| x.id == row.id).unwrap_or(0));
            let others: Vec<String> = taken()
                .into_iter()
                .filter(|n| *n != row.name.get_untracked())
                .collect();
            row.name
                .set(default_name(sitter.is_computer(), pos + 1, &others));
        }
    };
    // Row id of the first player; `None` = random.
    let first = RwSignal::new(None::<u32>);
    let knights = RwSignal::new(false);
    let morgan8 = RwSignal::new(false);
    let merlin6 = RwSignal::new(false);
    let countdown = RwSignal::new(persist::silence_countdown_secs());
    let error = RwSignal::new(None::<String>);

    let count = move || rows.with(Vec::len);
    let position = move |id: u32| rows.with(|r| r.iter().position(|x| x.id == id).unwrap_or(0));
    let add = move |_| {
        if count() < 7 {
            let id = next_id.get_value();
            next_id.set_value(id + 1);
            let n = count() + 1;
            let name = default_name(false, n, &taken());
            rows.update(|r| {
                r.push(Row {
                    id,
                    name: RwSignal::new(name),
                    sitter: RwSignal::new(Sitter::Person),
                })
            });
        }
    };
    // You and three Solid computer knights (the first seat's name is kept).
    let with_computers = move |_| {
        let first_row = rows.with_untracked(|r| r.first().copied());
        let you = first_row
            .map(|r| r.name.get_untracked())
            .filter(|n| !COMPUTER_NAMES.contains(&n.trim()))
            .unwrap_or_else(|| player_name(1));
        let mut taken = vec![you.clone()];
        let mut new_rows = vec![Row {
            id: next_id.get_value(),
            name: RwSignal::new(you),
            sitter: RwSignal::new(Sitter::Person),
        }];
        for i in 1..4u32 {
            let name = default_name(true, i as usize + 1, &taken);
            taken.push(name.clone());
            new_rows.push(Row {
                id: next_id.get_value() + i,
                name: RwSignal::new(name),
                sitter: RwSignal::new(Sitter::Computer {
                    level: Level::Solid,
                }),
            });
        }
        next_id.set_value(next_id.get_value() + 4);
        first.set(None);
        rows.set(new_rows);
    };
    let computers =
        move || rows.with(|r| r.iter().filter(|x| x.sitter.get().is_computer()).count());
    let start = move |_| {
        let raw: Vec<String> =
            rows.with_untracked(|r| r.iter().map(|x| x.name.get_untracked()).collect());
        let sitters: Vec<Sitter> =
            rows.with_untracked(|r| r.iter().map(|x| x.sitter.get_untracked()).collect());
        let checked = validate_names(&raw)
            .map_err(|e| e.to_string())
            .and_then(|names| {
                validate_sitters(&sitters, names.len())
                    .map(|()| names)
                    .map_err(|e| e.to_string())
            });
        match checked {
            Err(e) => error.set(Some(e)),
            Ok(names) => {
                error.set(None);
                let first = first.get_untracked().map(position);
                let options = Options {
                    knights_to_the_rescue: knights.get_untracked(),
                    morgan8: morgan8.get_untracked(),
                    merlin6: merlin6.get_untracked(),
                };
                if let Err(e) = persist::set_silence_countdown_secs(countdown.get_untracked()) {
                    ctx.save_error.set(Some(e));
                }
                if let Err(e) = start_game_with(&ctx, names, sitters, first, options, None) {
                    error.set(Some(e));
                }
            }
        }
    };
    crate::coach::words::open();
    crate::coach::link_stylesheet();
    let coached = move |_| {
        if let Err(e) = super::coach::start_coached() {
            error.set(Some(e));
        }
    };
    // Home's "Learn with a coach" comes here, and starts the coached game at once.
    if crate::shell::coach_asked(crate::storage::GameKind::Card)
        && let Err(e) = super::coach::start_coached()
    {
        error.set(Some(e));
    }

    view! {
        <section class="new-game">
            <h2>{t(K::home_new_game)}</h2>
            <div class="coach-offer">
                <button class="big" data-testid="card-coached" on:click=coached>
                    {t(crate::coach::words::C::play_with_a_coach)}
                </button>
                <p class="muted">{t(crate::coach::words::C::play_with_a_coach_help)}</p>
            </div>
            <h3>{t(K::new_players)}</h3>
            <ol class="players">
                <For each=move || rows.get() key=|r| r.id let:row>
                    {
                        let idx = move || position(row.id);
                        let move_by = move |d: isize| {
                            rows.update(|r| {
                                let i = r.iter().position(|x| x.id == row.id).unwrap_or(0);
                                let j = i as isize + d;
                                if j >= 0 && (j as usize) < r.len() {
                                    r.swap(i, j as usize);
                                }
                            })
                        };
                        let kind = view! {
                            <SitterSelect sitter=row.sitter
                                label=Signal::derive(move || tf(K::new_who_plays_seat, &[("n", &(idx() + 1))]))
                                testid=Signal::derive(move || format!("player-kind-{}", idx()))
                                hint=crate::card::words::level_hint
                                on_change=move |s| set_sitter(row, s) />
                        };
                        view! {
                            <li class="player-row" class:computer=move || row.sitter.get().is_computer()>
                                <input type="text" class="name" autocomplete="off" spellcheck="false"
                                    aria-label=move || tf(K::new_name_of_player, &[("n", &(idx() + 1))])
                                    data-testid=move || format!("player-name-{}", idx())
                                    prop:value=move || row.name.get()
                                    on:input=move |ev| row.name.set(event_target_value(&ev))
                                    on:change=move |ev| row.name.set(event_target_value(&ev)) />
                                <button class="icon-button" aria-label=t(K::new_move_up)
                                    data-testid=move || format!("player-up-{}", idx())
                                    disabled=move || idx() == 0
                                    on:click=move |_| move_by(-1)>"↑"</button>
                                <button class="icon-button" aria-label=t(K::new_move_down)
                                    data-testid=move || format!("player-down-{}", idx())
                                    disabled=move || idx() + 1 == count()
                                    on:click=move |_| move_by(1)>"↓"</button>
                                <button class="icon-button danger" aria-label=t(K::new_remove)
                                    data-testid=move || format!("player-remove-{}", idx())
                                    disabled=move || count() == 1
                                    on:click=move |_| {
                                        rows.update(|r| r.retain(|x| x.id != row.id));
                                        if first.get_untracked() == Some(row.id) {
                                            first.set(None);
                                        }
                                    }>"✕"</button>
                                {kind}
                            </li>
                        }
                    }
                </For>
            </ol>
            <div class="player-buttons">
                <button data-testid="add-player" on:click=add disabled={move || count() >= 7}>
                    {t(K::new_add_player)}
                </button>
                <button data-testid="with-computers" on:click=with_computers>{with_computers_text()}</button>
            </div>
            <p class="hint" data-testid="table-hint">{move || table_hint(count(), computers())}</p>

            <label class="field">
                <span>{t(K::new_who_starts)}</span>
                <select data-testid="first-player"
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        first.set(v.parse::<u32>().ok());
                    }>
                    <option value="random" selected=move || first.get().is_none()>
                        {t(K::new_random_first)}
                    </option>
                    {move || rows.get().into_iter().map(|r| view! {
                        <option value=r.id.to_string() selected=move || first.get() == Some(r.id)>
                            {move || r.name.get()}
                        </option>
                    }).collect_view()}
                </select>
            </label>

            <fieldset class="options">
                <legend>{t(K::new_options)}</legend>
                <label class="check">
                    <input type="checkbox" data-testid="opt-knights"
                        prop:checked=move || knights.get()
                        on:change=move |ev| knights.set(event_target_checked(&ev)) />
                    <span>{t(K::new_opt_knights)}" "<small>{t(K::new_opt_knights_note)}</small></span>
                </label>
                <label class="check">
                    <input type="checkbox" data-testid="opt-morgan8"
                        prop:checked=move || morgan8.get()
                        on:change=move |ev| morgan8.set(event_target_checked(&ev)) />
                    <span>{t(K::new_opt_morgan8)}</span>
                </label>
                <label class="check">
                    <input type="checkbox" data-testid="opt-merlin6"
                        prop:checked=move || merlin6.get()
                        on:change=move |ev| merlin6.set(event_target_checked(&ev)) />
                    <span>{t(K::new_opt_merlin6)}</span>
                </label>
                <label class="field">
                    <span>{t(K::new_opt_countdown)}</span>
                    <select data-testid="opt-countdown"
                        on:change=move |ev| countdown.set(event_target_value(&ev).parse::<u32>().ok())>
                        {persist::SILENCE_CHOICES.into_iter().map(|v| {
                            let label = v.map_or(t(K::settings_off).to_string(), |s| {
                                tn(K::new_seconds, i64::from(s), &[])
                            });
                            view! {
                                <option value=v.map_or("off".to_string(), |s| s.to_string())
                                    selected=move || countdown.get() == v>{label}</option>
                            }
                        }).collect_view()}
                    </select>
                </label>
            </fieldset>

            {move || error.get().map(|e| view! {
                <p class="message" role="alert" data-testid="new-game-error">{e}</p>
            })}
            // Docked at the bottom of the screen: the first thing a phone shows under the players.
            <div class="start-dock">
                <button class="primary big" data-testid="start-game" on:click=start>{t(K::new_start)}</button>
            </div>
        </section>
    }
}
