//! New game: 1–7 players with names and seat order, who starts, the options. Two taps start a
//! game with the defaults (four players called "Player 1" … "Player 4").

use super::{Ctx, now_ms, persist, random_u64, test_seed, use_ctx};
use crate::session::{Session, validate_names};
use camelot::{Options, Seat, Setup};
use leptos::prelude::*;

#[derive(Clone, Copy)]
struct Row {
    id: u32,
    name: RwSignal<String>,
}

/// Create, save and open a new game. `first`: `None` for a random first player. The seed is random,
/// or fixed by the `#test-seed=N` test hook.
pub fn start_game(
    ctx: &Ctx,
    names: Vec<String>,
    first: Option<usize>,
    options: Options,
    seed: Option<u64>,
) -> Result<(), String> {
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
    let game = camelot::Game::new(setup).map_err(|e| e.to_string())?;
    let session = Session::new(persist::new_id(), names, setup, now_ms());
    ctx.save_error.set(persist::save(&session, &game).err());
    ctx.open_played(session, game);
    Ok(())
}

#[component]
pub fn NewGame() -> impl IntoView {
    let ctx = use_ctx();
    let next_id = StoredValue::new(4u32);
    let rows = RwSignal::new(
        (0..4)
            .map(|i| Row {
                id: i,
                name: RwSignal::new(format!("Player {}", i + 1)),
            })
            .collect::<Vec<_>>(),
    );
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
            let taken: Vec<String> = rows.with_untracked(|r| {
                r.iter()
                    .map(|x| x.name.get_untracked().to_lowercase())
                    .collect()
            });
            let name = (n..)
                .map(|k| format!("Player {k}"))
                .find(|c| !taken.contains(&c.to_lowercase()))
                .unwrap_or_default();
            rows.update(|r| {
                r.push(Row {
                    id,
                    name: RwSignal::new(name),
                })
            });
        }
    };
    let start = move |_| {
        let raw: Vec<String> =
            rows.with_untracked(|r| r.iter().map(|x| x.name.get_untracked()).collect());
        match validate_names(&raw) {
            Err(e) => error.set(Some(e.to_string())),
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
                if let Err(e) = start_game(&ctx, names, first, options, None) {
                    error.set(Some(e));
                }
            }
        }
    };

    view! {
        <section class="new-game">
            <h2>"New game"</h2>
            <h3>"Players, in seat order (clockwise)"</h3>
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
                        view! {
                            <li class="player-row">
                                <input type="text" class="name" autocomplete="off" spellcheck="false"
                                    aria-label=move || format!("Name of player {}", idx() + 1)
                                    data-testid=move || format!("player-name-{}", idx())
                                    prop:value=move || row.name.get()
                                    on:input=move |ev| row.name.set(event_target_value(&ev))
                                    on:change=move |ev| row.name.set(event_target_value(&ev)) />
                                <button class="icon-button" aria-label="Move up"
                                    data-testid=move || format!("player-up-{}", idx())
                                    disabled=move || idx() == 0
                                    on:click=move |_| move_by(-1)>"↑"</button>
                                <button class="icon-button" aria-label="Move down"
                                    data-testid=move || format!("player-down-{}", idx())
                                    disabled=move || idx() + 1 == count()
                                    on:click=move |_| move_by(1)>"↓"</button>
                                <button class="icon-button danger" aria-label="Remove"
                                    data-testid=move || format!("player-remove-{}", idx())
                                    disabled=move || count() == 1
                                    on:click=move |_| {
                                        rows.update(|r| r.retain(|x| x.id != row.id));
                                        if first.get_untracked() == Some(row.id) {
                                            first.set(None);
                                        }
                                    }>"✕"</button>
                            </li>
                        }
                    }
                </For>
            </ol>
            <button data-testid="add-player" on:click=add disabled={move || count() >= 7}>
                "Add a player"
            </button>
            <p class="hint">
                {move || match count() {
                    1 => "Solo: no Loyalty cards, no Traitor, no accusations.".to_string(),
                    7 => "7 players: all 9 Loyalty cards — up to 2 Traitors.".to_string(),
                    n => format!("{n} players: there may be one Traitor among you."),
                }}
            </p>

            <label class="field">
                <span>"Who starts"</span>
                <select data-testid="first-player"
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        first.set(v.parse::<u32>().ok());
                    }>
                    <option value="random" selected=move || first.get().is_none()>
                        "Random (the book says the youngest)"
                    </option>
                    {move || rows.get().into_iter().map(|r| view! {
                        <option value=r.id.to_string() selected=move || first.get() == Some(r.id)>
                            {move || r.name.get()}
                        </option>
                    }).collect_view()}
                </select>
            </label>

            <fieldset class="options">
                <legend>"Options"</legend>
                <label class="check">
                    <input type="checkbox" data-testid="opt-knights"
                        prop:checked=move || knights.get()
                        on:change=move |ev| knights.set(event_target_checked(&ev)) />
                    <span>"Knights to the Rescue "<small>"(expert variant)"</small></span>
                </label>
                <label class="check">
                    <input type="checkbox" data-testid="opt-morgan8"
                        prop:checked=move || morgan8.get()
                        on:change=move |ev| morgan8.set(event_target_checked(&ev)) />
                    <span>"Promo card Morgan #8"</span>
                </label>
                <label class="check">
                    <input type="checkbox" data-testid="opt-merlin6"
                        prop:checked=move || merlin6.get()
                        on:change=move |ev| merlin6.set(event_target_checked(&ev)) />
                    <span>"Promo card Merlin #6"</span>
                </label>
                <label class="field">
                    <span>"Per-turn countdown during Morgan's silence"</span>
                    <select data-testid="opt-countdown"
                        on:change=move |ev| countdown.set(event_target_value(&ev).parse::<u32>().ok())>
                        {[None, Some(30u32), Some(60), Some(90), Some(120)].into_iter().map(|v| {
                            let label = v.map_or("Off".to_string(), |s| format!("{s} seconds"));
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
            <button class="primary big" data-testid="start-game" on:click=start>"Start the game"</button>
        </section>
    }
}
