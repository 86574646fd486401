//! The board game's New game: 3–7 knights with names, each seat a person or a computer knight, the
//! knights dealt at random or chosen, the variants (no Traitor for beginners, the Traitor among us,
//! the three-player rule), and who starts when King Arthur is not at the table. Two taps start a
//! game with the defaults: four seats, the first a person, the others computer knights.

use super::i18n::B;
use super::session::{Session, Sitter, validate_sitters};
use super::{use_ctx, words};
use crate::i18n::{K, t, tf};
use crate::names::validate_names;
use crate::seats::{COMPUTER_NAMES, SitterSelect};
use crate::shell::{now_ms, random_u64, test_seed};
use camelot_board::{Game, Knight, Options, Seat, SeatChoice, Setup, TraitorRule};
use camelot_kit::Level;
use leptos::prelude::*;

/// What the form holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Form {
    pub names: Vec<String>,
    pub sitters: Vec<Sitter>,
    pub knights: Vec<SeatChoice>,
    pub traitor: TraitorRule,
    pub three_player_peek: bool,
    pub first: Seat,
}

impl Form {
    /// Four seats: a person and three computer knights, knights at random, the standard Traitor.
    pub fn default_table() -> Form {
        let mut f = Form {
            names: Vec::new(),
            sitters: Vec::new(),
            knights: Vec::new(),
            traitor: TraitorRule::Standard,
            three_player_peek: Options::default().three_player_peek,
            first: Seat(0),
        };
        f.resize(4);
        f
    }

    /// `n` seats, keeping the first ones as they are.
    pub fn resize(&mut self, n: usize) {
        while self.names.len() < n {
            let i = self.names.len();
            let computer = i > 0;
            let name = default_name(i, computer, &self.names);
            self.names.push(name);
            self.sitters.push(if computer {
                Sitter::Computer {
                    level: Level::Expert,
                }
            } else {
                Sitter::Person
            });
            self.knights.push(SeatChoice::Random);
        }
        self.names.truncate(n);
        self.sitters.truncate(n);
        self.knights.truncate(n);
        if self.first.index() >= n {
            self.first = Seat(0);
        }
    }

    /// The setup this form describes, with `seed`; or why it cannot start, in plain words.
    pub fn setup(&self, seed: u64) -> Result<(Vec<String>, Setup), String> {
        let names = validate_names(&self.names).map_err(|e| e.to_string())?;
        validate_sitters(&self.sitters, names.len()).map_err(|e| e.to_string())?;
        let setup = Setup {
            players: names.len() as u8,
            knights: if self.knights.iter().all(|k| *k == SeatChoice::Random) {
                Vec::new()
            } else {
                self.knights.clone()
            },
            first: self.first,
            options: Options {
                traitor: self.traitor,
                three_player_peek: self.three_player_peek,
                ..Options::default()
            },
            seed,
            deal: None,
        };
        // The engine checks the setup (a knight chosen twice …) and says why in its own terms.
        Game::new(&setup).map_err(|e| words::setup_error_reason(&e))?;
        Ok((names, setup))
    }
}

/// A line about a level, beside the New game screen's choice: what a computer knight of that
/// level does in the board game.
fn level_hint(l: Level) -> &'static str {
    match l {
        Level::Beginner => t(B::bot_hint_beginner),
        Level::Solid => t(B::bot_hint_solid),
        Level::Expert => t(B::bot_hint_expert),
    }
}

/// The lines under the New game screen's choice of Traitor: how likely a Traitor sits at a table
/// of `players` dealt by `rule` (the engine's odds), and at three knights the rules' advice to
/// play the first such game without one.
fn traitor_hint(rule: TraitorRule, players: u8) -> Vec<String> {
    let mut lines = vec![match rule.traitor_odds(players) {
        Some((n, d)) => tf(B::traitor_odds, &[("n", &n), ("d", &d)]),
        None => t(B::traitor_odds_none).to_string(),
    }];
    if players == 3 && rule != TraitorRule::NoTraitor {
        lines.push(t(B::first_game_of_three).to_string());
    }
    lines
}

/// "Player N" for a person; for a computer knight a knight's name not yet taken at the table (none
/// that is also one of the board game's seven knights: Sir Kay), else "Computer N".
fn default_name(i: usize, computer: bool, taken: &[String]) -> String {
    let free = |c: &str| {
        let c = crate::i18n::lowercase(c);
        !taken.iter().any(|t| crate::i18n::lowercase(t) == c)
    };
    if computer {
        COMPUTER_NAMES
            .iter()
            .filter(|n| **n != "Sir Kay")
            .find(|n| free(n))
            .map(|n| n.to_string())
            .unwrap_or_else(|| tf(B::computer_n, &[("n", &(i + 1))]))
    } else {
        tf(B::player_n, &[("n", &(i + 1))])
    }
}

/// A name the app gave by default (so changing a seat's kind may change it too).
fn is_default_name(name: &str) -> bool {
    let name = name.trim();
    name.is_empty()
        || COMPUTER_NAMES.contains(&name)
        || (1..=7).any(|n| {
            name == tf(B::player_n, &[("n", &n)]) || name == tf(B::computer_n, &[("n", &n)])
        })
}

/// Start a game from `form` and open its table.
fn start(form: &Form) -> Result<(), String> {
    let seed = test_seed().unwrap_or_else(random_u64);
    let (names, setup) = form.setup(seed)?;
    let session = Session::new(
        crate::storage::new_id(),
        names,
        form.sitters.clone(),
        setup,
        now_ms(),
    );
    let game = session.game().map_err(|e| e.to_string())?;
    crate::storage::keep(&session, &game)?;
    use_ctx().open_played(session, game);
    Ok(())
}

thread_local! {
    /// The last form started (for "New game" after a game: the same table again).
    static LAST: std::cell::RefCell<Option<Form>> = const { std::cell::RefCell::new(None) };
}

/// A new game for the same table: the same names, seats and options, a new deal.
pub fn rematch() {
    let ctx = use_ctx();
    let form = ctx.live.with_untracked(|l| {
        l.as_ref().map(|l| {
            let s = &l.session;
            Form {
                names: s.names.clone(),
                sitters: s.sitters.clone(),
                knights: if s.setup.knights.is_empty() {
                    vec![SeatChoice::Random; s.names.len()]
                } else {
                    s.setup.knights.clone()
                },
                traitor: s.setup.options.traitor,
                three_player_peek: s.setup.options.three_player_peek,
                first: s.setup.first,
            }
        })
    });
    if let Some(form) = form
        && let Err(e) = start(&form)
    {
        ctx.message.set(Some(e));
    }
}

#[component]
pub fn NewGame() -> impl IntoView {
    let ctx = use_ctx();
    super::i18n::open();
    super::board_view::link_stylesheet();
    // Its Start button is docked at the bottom of the screen (screens.css: `html.docked`).
    crate::shell::page_class_while_shown("docked");
    let form = RwSignal::new(
        ctx.live
            .with_untracked(|l| {
                l.as_ref().map(|l| Form {
                    names: l.session.names.clone(),
                    sitters: l.session.sitters.clone(),
                    knights: vec![SeatChoice::Random; l.session.names.len()],
                    traitor: l.session.setup.options.traitor,
                    three_player_peek: l.session.setup.options.three_player_peek,
                    first: Seat(0),
                })
            })
            .unwrap_or_else(Form::default_table),
    );
    let error = RwSignal::new(None::<String>);
    let seats = move || form.with(|f| f.names.len());
    // Once started, the table shows and this screen (with its signals) is gone: only a refusal
    // is written back.
    let on_start = move |_| {
        if let Err(e) = start(&form.get_untracked()) {
            error.set(Some(e));
        }
    };
    let seat_row = move |i: usize| {
        let name = move || form.with(|f| f.names.get(i).cloned().unwrap_or_default());
        let sitter = move || form.with(|f| f.sitters.get(i).copied().unwrap_or_default());
        let knight = move || {
            form.with(|f| match f.knights.get(i) {
                Some(SeatChoice::Knight(k)) => knight_code(*k).to_string(),
                Some(SeatChoice::Squire) => "squire".into(),
                _ => "random".into(),
            })
        };
        view! {
            <li class="seat-row" data-testid=format!("board-seat-{i}")>
                <label>
                    <span class="visually-hidden">{tf(B::seat_n, &[("n", &(i + 1))])}</span>
                    <input type="text" maxlength="20" prop:value=name
                        data-testid=format!("board-name-{i}")
                        on:input=move |ev| {
                            let v = event_target_value(&ev);
                            form.update(|f| f.names[i] = v);
                        } />
                </label>
                <SitterSelect sitter=Signal::derive(sitter)
                    label=Signal::derive(move || tf(K::new_who_plays_seat, &[("n", &(i + 1))]))
                    testid=format!("board-kind-{i}")
                    hint=level_hint
                    on_change=move |now: Sitter| form.update(|f| {
                        if f.sitters[i].is_computer() != now.is_computer()
                            && is_default_name(&f.names[i])
                        {
                            let taken: Vec<String> = f.names.iter().enumerate()
                                .filter(|(j, _)| *j != i).map(|(_, n)| n.clone()).collect();
                            f.names[i] = default_name(i, now.is_computer(), &taken);
                        }
                        f.sitters[i] = now;
                    }) />
                <label>
                    <span class="visually-hidden">{t(B::knight_choice)}</span>
                    <select data-testid=format!("board-knight-{i}") prop:value=knight
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            form.update(|f| f.knights[i] = choice_from_code(&v));
                        }>
                        <option value="random">{t(B::knight_random)}</option>
                        {Knight::ALL.into_iter().map(|k| view! {
                            <option value=knight_code(k)>{words::knight_name(k)}</option>
                        }).collect_view()}
                        <option value="squire">{t(B::squire)}</option>
                    </select>
                </label>
            </li>
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
    if crate::shell::coach_asked(crate::storage::GameKind::Board)
        && let Err(e) = super::coach::start_coached()
    {
        error.set(Some(e));
    }
    view! {
        <section class="board-newgame" data-testid="board-newgame">
            <h2>{t(K::home_new_board_game)}</h2>
            <div class="coach-offer">
                <button class="big" data-testid="board-coached" on:click=coached>
                    {t(crate::coach::words::C::play_with_a_coach)}
                </button>
                <p class="muted">{t(crate::coach::words::C::play_with_a_coach_help)}</p>
            </div>
            <fieldset class="players">
                <legend>{t(B::how_many_knights)}</legend>
                <div class="button-row">
                    {(3..=7usize).map(|n| view! {
                        <button type="button" aria-pressed=move || (seats() == n).to_string()
                            data-testid=format!("board-players-{n}")
                            on:click=move |_| form.update(|f| f.resize(n))>{n}</button>
                    }).collect_view()}
                </div>
            </fieldset>
            <ol class="seats">{move || (0..seats()).map(seat_row).collect_view()}</ol>
            <fieldset class="options">
                <legend>{t(B::variants)}</legend>
                <label>
                    {t(B::traitor_rule)}" "
                    <select data-testid="board-traitor" on:change=move |ev| {
                        let v = event_target_value(&ev);
                        form.update(|f| f.traitor = match v.as_str() {
                            "none" => TraitorRule::NoTraitor,
                            "among_us" => TraitorRule::AmongUs,
                            _ => TraitorRule::Standard,
                        });
                    }>
                        {[("standard", TraitorRule::Standard), ("none", TraitorRule::NoTraitor), ("among_us", TraitorRule::AmongUs)]
                            .into_iter().map(|(code, rule)| view! {
                                <option value=code selected=move || form.with(|f| f.traitor == rule)>
                                    {words::traitor_rule_name(rule)}
                                </option>
                            }).collect_view()}
                    </select>
                </label>
                <div data-testid="board-traitor-odds">
                    {move || {
                        let rule = form.with(|f| f.traitor);
                        traitor_hint(rule, seats() as u8).into_iter()
                            .map(|line| view! { <p class="muted">{line}</p> })
                            .collect_view()
                    }}
                </div>
                {move || (seats() == 3).then(|| view! {
                    <label class="check">
                        <input type="checkbox" data-testid="board-three-player"
                            prop:checked=move || form.with(|f| f.three_player_peek)
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                form.update(|f| f.three_player_peek = on);
                            } />
                        {t(B::three_player_rule)}
                    </label>
                })}
                <label>
                    {t(B::who_starts)}" "
                    <select data-testid="board-first" on:change=move |ev| {
                        let v: usize = event_target_value(&ev).parse().unwrap_or(0);
                        form.update(|f| f.first = Seat(v as u8));
                    }>
                        {move || form.with(|f| f.names.iter().enumerate().map(|(i, n)| {
                            let selected = f.first.index() == i;
                            view! { <option value=i.to_string() selected=selected>{n.clone()}</option> }
                        }).collect_view())}
                    </select>
                </label>
            </fieldset>
            {move || error.get().map(|e| view! { <p class="message" role="alert" data-testid="board-newgame-error">{e}</p> })}
            <div class="start-dock">
                <button class="primary big" data-testid="board-start" on:click=on_start>{t(B::start_the_game)}</button>
            </div>
        </section>
    }
}

/// A knight as the form's `<select>` names it (the engine's serde name).
fn knight_code(k: Knight) -> &'static str {
    match k {
        Knight::KingArthur => "king_arthur",
        Knight::SirGalahad => "sir_galahad",
        Knight::SirGawain => "sir_gawain",
        Knight::SirKay => "sir_kay",
        Knight::SirPalamedes => "sir_palamedes",
        Knight::SirPercival => "sir_percival",
        Knight::SirTristan => "sir_tristan",
    }
}

fn choice_from_code(code: &str) -> SeatChoice {
    match code {
        "squire" => SeatChoice::Squire,
        _ => Knight::ALL
            .into_iter()
            .find(|k| knight_code(*k) == code)
            .map_or(SeatChoice::Random, SeatChoice::Knight),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two taps start a sensible default game: four seats, one person.
    #[test]
    fn the_default_table_starts_as_it_is() {
        let form = Form::default_table();
        assert_eq!(form.names.len(), 4);
        assert_eq!(form.sitters[0], Sitter::Person);
        assert!(form.sitters[1..].iter().all(|s| *s
            == Sitter::Computer {
                level: Level::Expert
            }));
        let (names, setup) = form.setup(7).unwrap();
        assert_eq!(names.len(), 4);
        assert_eq!(setup.players, 4);
        assert!(setup.knights.is_empty());
    }

    /// The line beside a computer seat's level speaks of the board game (its look ahead, the
    /// Traitor), not of the Card Game's lies and rumors.
    #[test]
    fn each_level_is_described_in_the_board_games_own_words() {
        for l in Level::ALL {
            let hint = level_hint(l);
            assert!(!hint.is_empty());
            assert_ne!(hint, crate::card::words::level_hint(l), "{l:?}");
            assert!(!hint.contains("lie"), "{l:?}: {hint}");
        }
        assert!(level_hint(Level::Expert).contains("Traitor"));
    }

    /// A new table sees how likely a Traitor is at its size, and at three the rules' advice.
    #[test]
    fn the_traitor_choice_says_how_likely_a_traitor_is() {
        assert_eq!(
            traitor_hint(TraitorRule::Standard, 4),
            ["A Traitor is at the table in 4 games out of 8"]
        );
        assert_eq!(
            traitor_hint(TraitorRule::AmongUs, 5),
            ["A Traitor is at the table in 5 games out of 6"]
        );
        assert_eq!(
            traitor_hint(TraitorRule::Standard, 3),
            [
                "A Traitor is at the table in 3 games out of 8",
                "The rules advise a first game of three without a Traitor"
            ]
        );
        assert_eq!(
            traitor_hint(TraitorRule::NoTraitor, 3),
            ["Nobody is the Traitor: the knights win or lose together"]
        );
    }

    #[test]
    fn a_table_the_rules_refuse_says_why() {
        let mut form = Form::default_table();
        form.knights[0] = SeatChoice::Knight(Knight::SirKay);
        form.knights[1] = SeatChoice::Knight(Knight::SirKay);
        assert!(form.setup(7).is_err());
        let mut form = Form::default_table();
        form.sitters = vec![
            Sitter::Computer {
                level: Level::Expert
            };
            4
        ];
        assert!(form.setup(7).is_err());
        let mut form = Form::default_table();
        form.names[1] = form.names[0].clone();
        assert!(form.setup(7).is_err());
    }

    #[test]
    fn seats_grow_and_shrink_from_three_to_seven() {
        let mut form = Form::default_table();
        form.first = Seat(3);
        form.resize(3);
        assert_eq!(form.names.len(), 3);
        assert_eq!(form.first, Seat(0));
        form.resize(7);
        assert_eq!(form.knights.len(), 7);
        assert!(form.setup(1).is_ok());
        for k in Knight::ALL {
            assert_eq!(choice_from_code(knight_code(k)), SeatChoice::Knight(k));
        }
    }
}
