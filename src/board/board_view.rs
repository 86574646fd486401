//! The board of the board game, drawn by us in SVG and CSS (no pictures): the Round Table and its
//! swords, Camelot and its twelve siege-engine places, every quest with what lies on it, each
//! knight where he stands, the piles and the lasting effects. It draws a [`TableView`] and nothing
//! else, so what the table may not see cannot be drawn: a face-down black card is only a back.
//!
//! Plain functions decide the drawing and are tested natively: [`Model::of`] turns the view into
//! the parts drawn, the `*_svg` functions draw them as markup, the `*_lines` functions say them in
//! words (what a screen reader reads, and the enlarged quest's list). The component only puts them
//! on the page. On a phone the board is compact; a quest opens larger in a dialog on a tap, and
//! Escape or Close closes it.
//!
//! Its styles, `style/board.css`, are not in the first load: the component links them into the
//! page's head the first time a board shows.

use super::i18n::B;
use super::words;
use crate::i18n::{K, t, tf, tn};
use camelot_board::data::{
    ACCUSATION_THRESHOLD, BLACK_SWORDS_LOSE, EXCALIBUR_END, GRAIL_SPOTS, MAX_LIFE,
    SIEGE_ENGINES_LOSE, SWORDS_END, WARRIORS_LOSE,
};
use camelot_board::{
    Black, Knight, LancelotBoard, Loyalty, Place, Quest, QuestTally, Relic, RelicState, Seat, Spot,
    Swords, TableView, War, White,
};
use leptos::prelude::*;
use std::fmt::Write as _;

/// From this many siege engines Camelot is drawn in danger (three from the loss, the 12th).
pub const DANGER_FROM: u8 = SIEGE_ENGINES_LOSE - 3;

// -------------------------------------------------------------------------------------------------
// The model: what the board draws, from the table's view alone
// -------------------------------------------------------------------------------------------------

/// One place for a sword around the Round Table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwordPlace {
    White,
    Black,
    Empty,
}

/// The Round Table: the swords laid, white ones first, then black, in `SWORDS_END` places (more
/// when the last quest laid more than the 12th).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundTable {
    pub swords: Swords,
    pub places: Vec<SwordPlace>,
    /// The accusation threshold is met (swords or siege engines).
    pub accusations: bool,
}

/// Camelot: its siege engines and the knights in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Camelot {
    pub engines: u8,
    pub knights: Vec<Seat>,
}

impl Camelot {
    /// Each of the twelve places: does it hold an engine?
    pub fn places(&self) -> [bool; SIEGE_ENGINES_LOSE as usize] {
        std::array::from_fn(|i| i < usize::from(self.engines))
    }

    pub fn danger(&self) -> bool {
        self.engines >= DANGER_FROM
    }
}

/// The quest boards, in the order they are drawn (Lancelot and the Dragon share one board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    BlackKnight,
    LancelotDragon,
    Excalibur,
    Grail,
    PictWar,
    SaxonWar,
}

pub const SLOTS: [Slot; 6] = [
    Slot::BlackKnight,
    Slot::LancelotDragon,
    Slot::Excalibur,
    Slot::Grail,
    Slot::PictWar,
    Slot::SaxonWar,
];

impl Slot {
    fn class(self) -> &'static str {
        match self {
            Slot::BlackKnight => "black-knight",
            Slot::LancelotDragon => "lancelot-dragon",
            Slot::Excalibur => "excalibur",
            Slot::Grail => "grail",
            Slot::PictWar => "picts",
            Slot::SaxonWar => "saxons",
        }
    }

    /// The relic won on this board.
    fn relic(self) -> Option<Relic> {
        match self {
            Slot::LancelotDragon => Some(Relic::LancelotsArmor),
            Slot::Excalibur => Some(Relic::Excalibur),
            Slot::Grail => Some(Relic::Grail),
            Slot::BlackKnight | Slot::PictWar | Slot::SaxonWar => None,
        }
    }
}

/// Where a quest that is played once stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    InPlay,
    Won,
    Lost,
}

/// A black card on a combat quest as the table sees it: face up with its value there, or a back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlackChip {
    Up {
        card: Black,
        value: u8,
    },
    /// Face down: neither card nor value is known to the table (nor drawn).
    Down,
}

/// What lies on a quest board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// Black Knight, Lancelot, Dragon: Fight values in the order played, black cards in theirs.
    Combat {
        white: Vec<u8>,
        white_spots: u8,
        black: Vec<BlackChip>,
        black_spots: u8,
    },
    /// The sword's position, −`EXCALIBUR_END` (dark bank) … +`EXCALIBUR_END` (knights' bank).
    Excalibur { position: i8 },
    /// Spot 1 (nearest the relic) first.
    Grail { spots: [Spot; GRAIL_SPOTS] },
    War {
        played: u8,
        needed: u8,
        warriors: u8,
        mordred: bool,
    },
    /// The quest is over: its board is turned over or removed.
    Over,
}

/// One quest board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    pub slot: Slot,
    /// The quest up on this board (Lancelot or the Dragon on theirs).
    pub quest: Quest,
    pub status: Status,
    /// Quests won and lost on this board (Lancelot and the Dragon on theirs).
    pub tallies: Vec<(Quest, QuestTally)>,
    pub perpetual: bool,
    pub knights: Vec<Seat>,
    /// The relic of this board while it is not a knight's: still to win, or removed.
    pub relic: Option<(Relic, RelicState)>,
    pub heroism: bool,
    /// The Dark Forest lies beside the Holy Grail.
    pub dark_forest: bool,
    pub body: Body,
}

/// A knight as the board draws him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub seat: Seat,
    pub knight: Option<Knight>,
    pub life: u8,
    pub hand: u8,
    pub place: Option<Place>,
    pub alive: bool,
    pub revealed: bool,
    pub loyalty: Option<Loyalty>,
    pub has_accused: bool,
    pub relics: Vec<Relic>,
    /// His turn (while the game goes on).
    pub current: bool,
    /// The seat of whoever holds the phone.
    pub mine: bool,
}

/// A lasting effect in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Vivien,
    DarkForest,
    MistsOfAvalon,
    Heroism(Quest),
}

/// The piles: white to draw, white discarded, black to draw, black discarded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piles {
    pub white_deck: u8,
    pub white_discard: u8,
    pub black_deck: u8,
    pub black_discard: u8,
}

/// Everything the board draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    pub round_table: RoundTable,
    pub camelot: Camelot,
    pub tiles: Vec<Tile>,
    pub tokens: Vec<Token>,
    pub piles: Piles,
    pub effects: Vec<Effect>,
}

fn tally(v: &TableView, quest: Quest) -> QuestTally {
    v.tally[quest.index()]
}

fn status_of(t: QuestTally) -> Status {
    if t.won > 0 { Status::Won } else { Status::Lost }
}

fn combat(view: &camelot_board::CombatView, quest: Quest) -> Body {
    let rules = quest.rules();
    Body::Combat {
        white: view.white.clone(),
        white_spots: rules.white_spots,
        black: view
            .black
            .iter()
            .map(|b| match b {
                Some(card) => BlackChip::Up {
                    card: *card,
                    value: card.value_on(quest),
                },
                None => BlackChip::Down,
            })
            .collect(),
        black_spots: rules.black_spots,
    }
}

fn war(w: &War) -> Body {
    Body::War {
        played: w.cards,
        needed: w.needed(),
        warriors: w.warriors,
        mordred: w.mordred,
    }
}

impl Model {
    /// The board for `v`; `mine` is the seat holding the phone, if any.
    pub fn of(v: &TableView, mine: Option<Seat>) -> Model {
        let total = v.swords.total();
        let round_table = RoundTable {
            swords: v.swords,
            places: (0..total.max(SWORDS_END))
                .map(|i| {
                    if i < v.swords.white {
                        SwordPlace::White
                    } else if i < total {
                        SwordPlace::Black
                    } else {
                        SwordPlace::Empty
                    }
                })
                .collect(),
            accusations: total >= ACCUSATION_THRESHOLD || v.siege_engines >= ACCUSATION_THRESHOLD,
        };
        let at = |place: Place| -> Vec<Seat> {
            v.knights
                .iter()
                .filter(|k| k.place == Some(place))
                .map(|k| k.seat)
                .collect()
        };
        let tiles = SLOTS
            .into_iter()
            .map(|slot| {
                let (quest, status, body) = match slot {
                    Slot::BlackKnight => (
                        Quest::BlackKnight,
                        Status::InPlay,
                        combat(&v.black_knight, Quest::BlackKnight),
                    ),
                    Slot::LancelotDragon => match v.lancelot_board {
                        LancelotBoard::Lancelot => (
                            Quest::Lancelot,
                            Status::InPlay,
                            combat(&v.lancelot_or_dragon, Quest::Lancelot),
                        ),
                        LancelotBoard::Dragon => (
                            Quest::Dragon,
                            Status::InPlay,
                            combat(&v.lancelot_or_dragon, Quest::Dragon),
                        ),
                        LancelotBoard::Removed => (
                            Quest::Dragon,
                            status_of(tally(v, Quest::Dragon)),
                            Body::Over,
                        ),
                    },
                    Slot::Excalibur if v.excalibur_over => (
                        Quest::Excalibur,
                        status_of(tally(v, Quest::Excalibur)),
                        Body::Over,
                    ),
                    Slot::Excalibur => (
                        Quest::Excalibur,
                        Status::InPlay,
                        Body::Excalibur {
                            position: v.excalibur,
                        },
                    ),
                    Slot::Grail if v.grail_over => {
                        (Quest::Grail, status_of(tally(v, Quest::Grail)), Body::Over)
                    }
                    Slot::Grail => (Quest::Grail, Status::InPlay, Body::Grail { spots: v.grail }),
                    Slot::PictWar => (Quest::PictWar, Status::InPlay, war(&v.pict_war)),
                    Slot::SaxonWar => (Quest::SaxonWar, Status::InPlay, war(&v.saxon_war)),
                };
                let quests: &[Quest] = if slot == Slot::LancelotDragon {
                    &[Quest::Lancelot, Quest::Dragon]
                } else {
                    std::slice::from_ref(match slot {
                        Slot::BlackKnight => &Quest::BlackKnight,
                        Slot::Excalibur => &Quest::Excalibur,
                        Slot::Grail => &Quest::Grail,
                        Slot::PictWar => &Quest::PictWar,
                        _ => &Quest::SaxonWar,
                    })
                };
                Tile {
                    slot,
                    quest,
                    status,
                    tallies: quests.iter().map(|&q| (q, tally(v, q))).collect(),
                    perpetual: quest.rules().perpetual,
                    // A removed board holds nobody (the engine sends everyone home).
                    knights: if body == Body::Over {
                        Vec::new()
                    } else {
                        at(quest.place())
                    },
                    relic: slot.relic().and_then(|r| {
                        let state = v.relics[r.index()];
                        (!matches!(state, RelicState::Owned(_))).then_some((r, state))
                    }),
                    heroism: v.heroism == Some(quest),
                    dark_forest: slot == Slot::Grail && v.dark_forest,
                    body,
                }
            })
            .collect();
        let playing = v.outcome.is_none();
        let tokens = v
            .knights
            .iter()
            .map(|k| Token {
                seat: k.seat,
                knight: k.knight,
                life: k.life,
                hand: k.hand,
                place: k.place,
                alive: k.alive,
                revealed: k.revealed,
                loyalty: k.loyalty,
                has_accused: k.has_accused,
                relics: Relic::ALL
                    .into_iter()
                    .filter(|r| v.relics[r.index()] == RelicState::Owned(k.seat))
                    .collect(),
                current: playing && k.seat == v.current,
                mine: mine == Some(k.seat),
            })
            .collect();
        let mut effects = Vec::new();
        if v.vivien {
            effects.push(Effect::Vivien);
        }
        if v.dark_forest {
            effects.push(Effect::DarkForest);
        }
        if v.mists_of_avalon {
            effects.push(Effect::MistsOfAvalon);
        }
        if let Some(q) = v.heroism {
            effects.push(Effect::Heroism(q));
        }
        Model {
            round_table,
            camelot: Camelot {
                engines: v.siege_engines,
                knights: at(Place::Camelot),
            },
            tiles,
            tokens,
            piles: Piles {
                white_deck: v.white_deck,
                white_discard: v.white_discard,
                black_deck: v.black_deck,
                black_discard: v.black_discard,
            },
            effects,
        }
    }

    pub fn tile(&self, slot: Slot) -> Option<&Tile> {
        self.tiles.iter().find(|t| t.slot == slot)
    }
}

// -------------------------------------------------------------------------------------------------
// Words: each part as a screen reader reads it (and the enlarged quest lists it)
// -------------------------------------------------------------------------------------------------

fn names_of(seats: &[Seat], names: &[String]) -> Vec<String> {
    seats.iter().map(|&s| words::seat_name(names, s)).collect()
}

/// "Here: Ann and Bo", or nothing when nobody is there.
fn here_line(seats: &[Seat], names: &[String]) -> Option<String> {
    (!seats.is_empty()).then(|| {
        tf(
            B::board_here,
            &[("list", &words::join_and(&names_of(seats, names)))],
        )
    })
}

/// A list, or "none".
fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        t(B::board_none).to_string()
    } else {
        words::join_and(items)
    }
}

pub fn round_table_lines(rt: &RoundTable) -> Vec<String> {
    vec![
        tf(
            B::board_swords,
            &[
                ("white", &rt.swords.white),
                ("black", &rt.swords.black),
                ("max", &SWORDS_END),
            ],
        ),
        // The gauge toward Evil's seven: full at seven (the swords line says how many lie there).
        tf(
            B::board_black_swords,
            &[
                ("n", &rt.swords.black.min(BLACK_SWORDS_LOSE)),
                ("max", &BLACK_SWORDS_LOSE),
            ],
        ),
        if rt.accusations {
            t(B::board_accusations_allowed).to_string()
        } else {
            tf(
                B::refused_accusation_threshold,
                &[("n", &ACCUSATION_THRESHOLD)],
            )
        },
    ]
}

pub fn camelot_lines(c: &Camelot, names: &[String]) -> Vec<String> {
    let mut lines = vec![tf(
        B::board_siege_engines,
        &[("n", &c.engines), ("max", &SIEGE_ENGINES_LOSE)],
    )];
    if c.danger() {
        lines.push(tf(B::board_danger, &[("max", &SIEGE_ENGINES_LOSE)]));
    }
    lines.extend(here_line(&c.knights, names));
    lines
}

fn chip_name(chip: &BlackChip) -> String {
    match chip {
        BlackChip::Up { card, value } => tf(
            B::board_black_worth,
            &[("card", &words::black_name(*card)), ("n", value)],
        ),
        BlackChip::Down => t(B::face_down_card).to_string(),
    }
}

fn tally_line(quest: Quest, t: QuestTally, perpetual: bool) -> Option<String> {
    if perpetual {
        return Some(tf(B::board_won_lost, &[("won", &t.won), ("lost", &t.lost)]));
    }
    let key = if t.won > 0 {
        B::event_quest_won
    } else if t.lost > 0 {
        B::event_quest_lost
    } else {
        return None;
    };
    Some(tf(key, &[("quest", &words::quest_name(quest))]))
}

/// What the quest's drawing shows, in words (no names of knights: see [`tile_lines`]).
pub fn body_lines(tile: &Tile) -> Vec<String> {
    match &tile.body {
        Body::Combat {
            white,
            white_spots,
            black,
            black_spots,
        } => {
            let white_list: Vec<String> = white.iter().map(u8::to_string).collect();
            let black_list: Vec<String> = black.iter().map(chip_name).collect();
            vec![
                tf(
                    B::board_white_cards,
                    &[
                        ("n", &white.len()),
                        ("max", white_spots),
                        ("list", &list_or_none(&white_list)),
                    ],
                ),
                tf(
                    B::board_black_cards,
                    &[
                        ("n", &black.len()),
                        ("max", black_spots),
                        ("list", &list_or_none(&black_list)),
                    ],
                ),
            ]
        }
        Body::Excalibur { position } => vec![tf(
            B::board_excalibur_steps,
            &[
                ("knights", &(EXCALIBUR_END - position)),
                ("dark", &(position + EXCALIBUR_END)),
            ],
        )],
        Body::Grail { spots } => spots
            .iter()
            .enumerate()
            .map(|(i, spot)| {
                let what = match spot {
                    Spot::Empty => t(B::board_empty).to_string(),
                    Spot::Grail => words::white_name(White::Grail),
                    Spot::Despair => words::black_name(Black::Despair),
                    Spot::Desolation => words::black_name(Black::Desolation),
                };
                tf(B::board_grail_spot, &[("n", &(i + 1)), ("what", &what)])
            })
            .collect(),
        Body::War {
            played,
            needed,
            warriors,
            mordred,
        } => {
            let mut lines = vec![tf(B::board_war_cards, &[("n", played), ("max", needed)])];
            if played < needed {
                let next = White::fight((played + 1).min(5)).unwrap_or(White::Fight5);
                lines.push(tf(B::board_war_next, &[("card", &words::white_name(next))]));
            }
            if *mordred {
                lines.push(t(B::board_mordred).to_string());
            }
            lines.push(tf(
                B::board_warriors,
                &[("n", warriors), ("max", &WARRIORS_LOSE)],
            ));
            lines
        }
        Body::Over => Vec::new(),
    }
}

/// Everything a quest board shows, in words: results, what lies on it, its relic, its effects and
/// who is there.
pub fn tile_lines(tile: &Tile, names: &[String]) -> Vec<String> {
    let mut lines: Vec<String> = tile
        .tallies
        .iter()
        .filter_map(|&(q, t)| tally_line(q, t, tile.perpetual))
        .collect();
    lines.extend(body_lines(tile));
    match tile.relic {
        Some((relic, RelicState::OnQuest)) => lines.push(tf(
            B::board_relic_here,
            &[("relic", &words::relic_name(relic))],
        )),
        Some((relic, RelicState::Removed)) => lines.push(tf(
            B::event_relic_removed,
            &[("relic", &words::relic_name(relic))],
        )),
        _ => {}
    }
    if tile.heroism {
        lines.push(tf(
            B::event_heroism_laid,
            &[("at", &words::place_at(tile.quest.place()))],
        ));
    }
    if tile.dark_forest {
        lines.push(effect_line(Effect::DarkForest));
    }
    lines.extend(here_line(&tile.knights, names));
    lines
}

/// What the board says of a knight, after his name.
pub fn token_lines(tok: &Token) -> Vec<String> {
    let mut lines = Vec::new();
    if tok.mine {
        lines.push(t(B::board_you).to_string());
    }
    if tok.current {
        lines.push(t(B::board_their_turn).to_string());
    }
    if tok.revealed {
        lines.push(words::loyalty_name(Loyalty::Traitor).to_string());
    } else if let Some(l) = tok.loyalty {
        lines.push(words::loyalty_name(l).to_string());
    }
    if !tok.alive {
        lines.push(t(B::board_dead).to_string());
    }
    if let Some(place) = tok.place {
        lines.push(words::place_at(place).to_string());
    }
    if tok.alive && !tok.revealed {
        lines.push(tf(B::board_life, &[("n", &tok.life), ("max", &MAX_LIFE)]));
        lines.push(tn(B::board_in_hand, tok.hand.into(), &[]));
    }
    for &r in &tok.relics {
        lines.push(tf(B::board_holds, &[("relic", &words::relic_name(r))]));
    }
    if tok.has_accused {
        lines.push(t(B::board_has_accused).to_string());
    }
    lines
}

pub fn pile_lines(p: &Piles) -> [String; 2] {
    [
        tf(
            B::board_white_pile,
            &[("n", &p.white_deck), ("m", &p.white_discard)],
        ),
        tf(
            B::board_black_pile,
            &[("n", &p.black_deck), ("m", &p.black_discard)],
        ),
    ]
}

/// A lasting effect's name.
pub fn effect_name(e: Effect) -> String {
    match e {
        Effect::Vivien => words::black_name(Black::Vivien),
        Effect::DarkForest => words::black_name(Black::DarkForest),
        Effect::MistsOfAvalon => words::black_name(Black::MistsOfAvalon),
        Effect::Heroism(q) => tf(
            B::who_what,
            &[
                ("name", &words::white_name(White::Heroism)),
                ("what", &words::place_at(q.place())),
            ],
        ),
    }
}

/// A lasting effect: its name and what it does.
pub fn effect_line(e: Effect) -> String {
    let what = match e {
        Effect::Vivien => words::black_effect(Black::Vivien),
        Effect::DarkForest => words::black_effect(Black::DarkForest),
        Effect::MistsOfAvalon => words::black_effect(Black::MistsOfAvalon),
        Effect::Heroism(_) => words::white_effect(White::Heroism),
    };
    tf(B::who_what, &[("name", &effect_name(e)), ("what", &what)])
}

// -------------------------------------------------------------------------------------------------
// Drawings: our own SVG, coloured by style/board.css (classes only; no text but numbers)
// -------------------------------------------------------------------------------------------------

/// A sword pointing up, its tip at (60, 3): turned about the table's centre for each place.
const SWORD: &str = "M60 3 L63.5 8 V21 H67 V24 H63.5 V29 H56.5 V24 H53 V21 H56.5 V8 Z";

/// The Round Table from above: its places around the rim, clockwise from the top, a mark after the
/// place of the accusation threshold, and the two counts in the middle.
pub fn round_table_svg(rt: &RoundTable) -> String {
    let n = rt.places.len().max(1);
    let mut s = String::with_capacity(2048);
    s.push_str(r#"<circle class="rt-wood" cx="60" cy="60" r="31"/>"#);
    s.push_str(r#"<circle class="rt-rim" cx="60" cy="60" r="33"/>"#);
    for (i, place) in rt.places.iter().enumerate() {
        let angle = i as f32 * 360.0 / n as f32;
        let class = match place {
            SwordPlace::White => "sw w",
            SwordPlace::Black => "sw b",
            SwordPlace::Empty => "sw e",
        };
        let _ = write!(
            s,
            r#"<path class="{class}" transform="rotate({angle:.1} 60 60)" d="{SWORD}"/>"#
        );
    }
    // The threshold: a notch between its place and the next.
    let mark = f32::from(ACCUSATION_THRESHOLD) * 360.0 / n as f32 - 180.0 / n as f32;
    let _ = write!(
        s,
        r#"<path class="rt-mark" transform="rotate({mark:.1} 60 60)" d="M60 22 L64.5 30 L55.5 30 Z"/>"#
    );
    let _ = write!(
        s,
        concat!(
            r#"<circle class="rt-count w" cx="47" cy="60" r="11"/>"#,
            r#"<text class="rt-num w" x="47" y="64.5" text-anchor="middle">{}</text>"#,
            r#"<circle class="rt-count b" cx="73" cy="60" r="11"/>"#,
            r#"<text class="rt-num b" x="73" y="64.5" text-anchor="middle">{}</text>"#,
        ),
        rt.swords.white, rt.swords.black
    );
    s
}

/// A siege engine (a catapult) in a place 18 × 24.
const ENGINE: &str = concat!(
    r#"<rect x="2" y="15" width="14" height="3" rx="1"/>"#,
    r#"<circle cx="5" cy="20" r="2.5"/><circle cx="13" cy="20" r="2.5"/>"#,
    r#"<path d="M6 15 L14 5" stroke-width="2.2" stroke-linecap="round"/>"#,
    r#"<circle cx="14.5" cy="4.5" r="2.3"/>"#,
);

/// Camelot: its walls, and the twelve places of the siege in two rows; the places from
/// [`DANGER_FROM`] on are marked, and the accusation threshold's.
pub fn camelot_svg(c: &Camelot) -> String {
    let mut s = String::with_capacity(2048);
    // The castle: a wall with battlements, a gate and two towers.
    s.push_str(concat!(
        r#"<path class="castle" d="M38 26 V10 H42 V6 H46 V10 H50 V6 H54 V10 H58 V6 H62 V10 H66 V6 H70 V10 H74 V6 H78 V10 H82 V26 Z"/>"#,
        r#"<path class="castle" d="M30 26 V4 H34 V1 H37 V4 H39 V26 Z M81 26 V4 H83 V1 H86 V4 H90 V26 Z"/>"#,
        r#"<path class="gate" d="M55 26 V19 A5 5 0 0 1 65 19 V26 Z"/>"#,
    ));
    for (i, filled) in c.places().into_iter().enumerate() {
        let x = (i % 6) * 20 + 1;
        let y = 31 + (i / 6) * 27;
        let mut class = String::from("cp");
        if i + 1 >= usize::from(DANGER_FROM) {
            class.push_str(" danger");
        }
        if i + 1 == usize::from(ACCUSATION_THRESHOLD) {
            class.push_str(" mark");
        }
        if filled {
            class.push_str(" on");
        }
        let _ = write!(
            s,
            r#"<g transform="translate({x} {y})"><rect class="{class}" width="18" height="24" rx="3"/>"#
        );
        if filled {
            let _ = write!(s, r#"<g class="engine">{ENGINE}</g>"#);
        }
        s.push_str("</g>");
    }
    s
}

/// The size of a drawing's viewBox, for its markup.
pub fn body_box(body: &Body) -> (u32, u32) {
    match body {
        Body::Combat {
            white_spots,
            black_spots,
            ..
        } => (u32::from((*white_spots).max(*black_spots)) * 20, 54),
        Body::Excalibur { .. } => (120, 36),
        Body::Grail { .. } => (126, 28),
        Body::War { needed, .. } => (u32::from((*needed).max(WARRIORS_LOSE)) * 20, 54),
        Body::Over => (0, 0),
    }
}

/// The drawing of what lies on a quest.
pub fn body_svg(body: &Body) -> String {
    let mut s = String::with_capacity(1024);
    match body {
        Body::Combat {
            white,
            white_spots,
            black,
            black_spots,
        } => {
            for i in 0..usize::from(*white_spots) {
                let x = i * 20 + 2;
                match white.get(i) {
                    Some(v) => {
                        let _ = write!(
                            s,
                            r#"<rect class="wc" x="{x}" y="1" width="16" height="24" rx="2"/><text class="wv" x="{}" y="18" text-anchor="middle">{v}</text>"#,
                            x + 8
                        );
                    }
                    None => {
                        let _ = write!(
                            s,
                            r#"<rect class="spot" x="{x}" y="1" width="16" height="24" rx="2"/>"#
                        );
                    }
                }
            }
            for i in 0..usize::from(*black_spots) {
                let x = i * 20 + 2;
                match black.get(i) {
                    Some(BlackChip::Up { value, .. }) => {
                        let _ = write!(
                            s,
                            r#"<rect class="bc" x="{x}" y="29" width="16" height="24" rx="2"/><text class="bvl" x="{}" y="46" text-anchor="middle">{value}</text>"#,
                            x + 8
                        );
                    }
                    Some(BlackChip::Down) => {
                        // A back: the Round Table's cross, no value.
                        let _ = write!(
                            s,
                            r#"<rect class="bc down" x="{x}" y="29" width="16" height="24" rx="2"/><path class="back" d="M{} 33 V49 M{} 41 H{}"/><circle class="back" cx="{}" cy="41" r="4"/>"#,
                            x + 8,
                            x + 3,
                            x + 13,
                            x + 8
                        );
                    }
                    None => {
                        let _ = write!(
                            s,
                            r#"<rect class="spot dark" x="{x}" y="29" width="16" height="24" rx="2"/>"#
                        );
                    }
                }
            }
        }
        Body::Excalibur { position } => {
            s.push_str(r#"<rect class="bank dark" x="0" y="4" width="7" height="28" rx="2"/>"#);
            s.push_str(
                r#"<rect class="bank knights" x="113" y="4" width="7" height="28" rx="2"/>"#,
            );
            s.push_str(r#"<path class="track" d="M10 18 H110"/>"#);
            for p in -EXCALIBUR_END..=EXCALIBUR_END {
                let x = 60 + i32::from(p) * 10;
                let r = if p == 0 { 2.5 } else { 1.6 };
                let _ = write!(s, r#"<circle class="tick" cx="{x}" cy="18" r="{r}"/>"#);
            }
            let x = 60 + i32::from(*position) * 10;
            let _ = write!(
                s,
                r#"<path class="xsword" d="M{x} 2 L{} 6 V22 H{} V25 H{} V33 H{} V25 H{} V22 H{} V6 Z"/>"#,
                x + 2,
                x + 6,
                x + 1,
                x - 1,
                x - 6,
                x - 2
            );
        }
        Body::Grail { spots } => {
            // The relic's end: a cup.
            s.push_str(concat!(
                r#"<path class="cup" d="M2 5 H14 C14 13 11 16 8 16 C5 16 2 13 2 5 Z"/>"#,
                r#"<rect class="cup" x="7" y="16" width="2" height="5"/><rect class="cup" x="4" y="21" width="8" height="2"/>"#,
            ));
            for (i, spot) in spots.iter().enumerate() {
                let cx = 26 + i * 15;
                let class = match spot {
                    Spot::Empty => "gs e",
                    Spot::Grail => "gs g",
                    Spot::Despair => "gs d",
                    Spot::Desolation => "gs d x",
                };
                let _ = write!(s, r#"<circle class="{class}" cx="{cx}" cy="14" r="6.5"/>"#);
                if *spot == Spot::Desolation {
                    let _ = write!(
                        s,
                        r#"<path class="xmark" d="M{} 10 L{} 18 M{} 10 L{} 18"/>"#,
                        cx - 4,
                        cx + 4,
                        cx + 4,
                        cx - 4
                    );
                }
            }
        }
        Body::War {
            played,
            needed,
            warriors,
            ..
        } => {
            for i in 0..*needed {
                let x = u32::from(i) * 20 + 2;
                let value = (i + 1).min(5);
                let class = if i < *played { "ws on" } else { "ws" };
                let _ = write!(
                    s,
                    r#"<rect class="{class}" x="{x}" y="1" width="16" height="24" rx="2"/><text class="{class} n" x="{}" y="18" text-anchor="middle">{value}</text>"#,
                    x + 8
                );
            }
            for i in 0..WARRIORS_LOSE {
                let x = u32::from(i) * 20 + 10;
                let class = if i < *warriors { "wr on" } else { "wr" };
                let _ = write!(
                    s,
                    r#"<path class="{class}" d="M{x} 30 a4 4 0 1 1 0 8 a4 4 0 1 1 0 -8 Z M{} 53 L{} 41 H{} L{} 53 Z"/>"#,
                    x - 7,
                    x - 4,
                    x + 4,
                    x + 7
                );
            }
        }
        // Its result is said in words (the tile's badge).
        Body::Over => {}
    }
    s
}

/// A relic's small drawing (viewBox 0 0 20 20).
pub fn relic_svg(relic: Relic) -> &'static str {
    match relic {
        Relic::Excalibur => r#"<path d="M10 1 L12 4 V13 H15 V15 H11 V19 H9 V15 H5 V13 H8 V4 Z"/>"#,
        Relic::Grail => concat!(
            r#"<path d="M3 2 H17 C17 10 13 12 10 12 C7 12 3 10 3 2 Z"/>"#,
            r#"<rect x="9" y="12" width="2" height="4"/><rect x="5" y="16" width="10" height="2.5"/>"#,
        ),
        Relic::LancelotsArmor => r#"<path d="M4 2 L8 4 H12 L16 2 L19 6 L16 9 V18 H4 V9 L1 6 Z"/>"#,
    }
}

// -------------------------------------------------------------------------------------------------
// The component
// -------------------------------------------------------------------------------------------------

/// The board's stylesheet, linked into the page's head once (a relative address: the app may be
/// served from a sub-path).
const STYLESHEET: &str = "style/board.css";

/// Link the board game's stylesheet into the page once (every board game screen asks for it).
pub fn link_stylesheet() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if doc
        .query_selector("link[data-board-css]")
        .ok()
        .flatten()
        .is_some()
    {
        return;
    }
    let (Ok(link), Ok(Some(head))) = (doc.create_element("link"), doc.query_selector("head"))
    else {
        return;
    };
    let _ = link.set_attribute("rel", "stylesheet");
    let _ = link.set_attribute("href", STYLESHEET);
    let _ = link.set_attribute("data-board-css", "");
    let _ = head.append_child(&link);
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

/// The seat's colour class and the letter on its token.
fn seat_class(seat: Seat) -> String {
    format!("tok s{}", seat.0 % 7)
}

fn initial(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .and_then(|n| n.trim().chars().next())
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_else(|| (u32::from(seat.0) + 1).to_string())
}

/// Small round tokens of the knights at a place, each named for a screen reader.
fn tokens_view(
    seats: Vec<Seat>,
    names: Signal<Vec<String>>,
    current: Option<Seat>,
) -> impl IntoView {
    let names = names.get();
    view! {
        <span class="bv-tokens">
            {seats
                .into_iter()
                .map(|seat| {
                    let name = words::seat_name(&names, seat);
                    view! {
                        <span class=seat_class(seat) class:now={current == Some(seat)}
                            role="img" aria-label=name.clone() title=name>
                            {initial(&names, seat)}
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

/// The board: give it the table's view and the seats' names (and the seat holding the phone, if
/// it shows one seat's screen).
#[component]
pub fn Board(
    view: Signal<TableView>,
    names: Signal<Vec<String>>,
    #[prop(optional)] mine: Option<Signal<Option<Seat>>>,
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
    let piles = Memo::new(move |_| model.with(|m| m.piles));
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
            quest_tile(slot, tile, names, current, open, show)
        })
        .collect_view();

    view! {
        <section class="bv" class:bv-still=still aria-labelledby="bv-title" data-testid="board">
            <h2 id="bv-title" class="visually-hidden">{t(B::board_name)}</h2>
            <div class="bv-top">
                {round_table_view(round_table)}
                {camelot_view(camelot, names, current)}
            </div>
            {piles_view(piles, effects)}
            <ul class="bv-quests">{tiles}</ul>
            {knights_view(tokens, names)}
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
                    Some(quest_panel(tile, names, current.get(), close))
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
            {move || tokens_view(c.with(|c| c.knights.clone()), names, current.get())}
        </section>
    }
}

fn quest_tile(
    slot: Slot,
    tile: Memo<Option<Tile>>,
    names: Signal<Vec<String>>,
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
            {move || tile.get().map(|tile| tile_face(tile, names, current.get(), false))}
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
    let marks = view! {
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
                {marks}
                {tokens_view(tile.knights.clone(), names, current)}
            </div>
            {lines}
        </div>
    }
}

fn quest_panel(
    tile: Tile,
    names: Signal<Vec<String>>,
    current: Option<Seat>,
    close: impl Fn() + Copy + 'static,
) -> impl IntoView {
    let class = format!("bv-panel {}", tile.slot.class());
    let title = words::quest_name(tile.quest);
    view! {
        <div class=class>
            <header class="bv-panel-head">
                <h2 id="bv-dialog-title">{title}</h2>
                <button class="bv-close" on:click=move |_| close()>{t(K::close)}</button>
            </header>
            {tile_face(tile, names, current, true)}
        </div>
    }
}

fn knights_view(tokens: Memo<Vec<Token>>, names: Signal<Vec<String>>) -> impl IntoView {
    view! {
        <section class="bv-part bv-knights" aria-labelledby="bv-knights-title" data-testid="board-knights">
            <h3 id="bv-knights-title">{t(B::board_knights)}</h3>
            <ul>
                {move || {
                    let names = names.get();
                    tokens
                        .get()
                        .into_iter()
                        .map(|tok| knight_item(tok, &names))
                        .collect_view()
                }}
            </ul>
        </section>
    }
}

fn knight_item(tok: Token, names: &[String]) -> impl IntoView + use<> {
    let name = words::seat_name(names, tok.seat);
    let knight = words::knight_or_squire(tok.knight);
    let knight = (knight != name).then_some(knight);
    let lines = token_lines(&tok);
    let on_board = tok.alive && !tok.revealed;
    view! {
        <li class="bv-knight" class:now=tok.current class:mine=tok.mine class:dead=!tok.alive
            class:traitor=tok.revealed data-seat=tok.seat.0.to_string()>
            <span class=seat_class(tok.seat) aria-hidden="true">{initial(names, tok.seat)}</span>
            <span class="bv-who">
                <strong>{name}</strong>
                {knight.map(|k| view! { <small>{k}</small> })}
            </span>
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
                {tok.current.then(|| view! { <span class="badge turn">{t(B::board_their_turn)}</span> })}
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
                    <p class="bv-pile white" title=white_title>
                        <span class="visually-hidden">{white}</span>
                        <span class="bv-deck" aria-hidden="true">{p.white_deck}</span>
                        <span class="bv-discard" aria-hidden="true">{p.white_discard}</span>
                    </p>
                    <p class="bv-pile black" title=black_title>
                        <span class="visually-hidden">{black}</span>
                        <span class="bv-deck" aria-hidden="true">{p.black_deck}</span>
                        <span class="bv-discard" aria-hidden="true">{p.black_discard}</span>
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

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_board::{Action, Deal, Game, Setup};

    fn names(n: usize) -> Vec<String> {
        ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    /// A game at its first turn (no opening gesture), from `deal`.
    fn game(players: u8, mut deal: Deal) -> Game {
        deal.skip_opening_gesture = true;
        let mut setup = Setup::new(players, 11);
        setup.deal = Some(deal);
        Game::new(&setup).expect("a valid setup")
    }

    fn count(haystack: &str, needle: &str) -> usize {
        haystack.matches(needle).count()
    }

    #[test]
    fn every_quest_is_on_the_board_with_its_results() {
        let v = game(4, Deal::default()).table_view();
        let m = Model::of(&v, None);
        let up: Vec<Quest> = m.tiles.iter().map(|t| t.quest).collect();
        assert_eq!(
            up,
            [
                Quest::BlackKnight,
                Quest::Lancelot,
                Quest::Excalibur,
                Quest::Grail,
                Quest::PictWar,
                Quest::SaxonWar
            ]
        );
        // Every quest's results are on a board (the Dragon's on the back of Lancelot's).
        let mut tallied: Vec<Quest> = m
            .tiles
            .iter()
            .flat_map(|t| t.tallies.iter().map(|(q, _)| *q))
            .collect();
        tallied.sort();
        assert_eq!(tallied, Quest::ALL);
        assert!(m.tiles.iter().all(|t| t.status == Status::InPlay));
        // The perpetual quests say their count from the start; the others nothing yet.
        let bk = m.tile(Slot::BlackKnight).unwrap();
        assert_eq!(tile_lines(bk, &names(4))[0], "Won 0, lost 0");
        let grail = m.tile(Slot::Grail).unwrap();
        assert!(tile_lines(grail, &names(4))[0].starts_with("Spot 1: empty"));
    }

    #[test]
    fn quests_over_show_won_or_lost_and_lancelot_turns_into_the_dragon() {
        let mut v = game(4, Deal::default()).table_view();
        v.lancelot_board = LancelotBoard::Dragon;
        v.tally[Quest::Lancelot.index()].lost = 1;
        v.relics[Relic::LancelotsArmor.index()] = RelicState::Removed;
        v.excalibur_over = true;
        v.tally[Quest::Excalibur.index()].won = 1;
        v.relics[Relic::Excalibur.index()] = RelicState::Owned(Seat(2));
        v.tally[Quest::PictWar.index()] = QuestTally { won: 2, lost: 1 };
        let m = Model::of(&v, None);
        let dragon = m.tile(Slot::LancelotDragon).unwrap();
        assert_eq!(dragon.quest, Quest::Dragon);
        assert_eq!(dragon.status, Status::InPlay);
        let lines = tile_lines(dragon, &names(4));
        assert_eq!(lines[0], "Lancelot: lost");
        assert!(lines.contains(&"Knights' cards, 0 of 9: none".to_string()));
        let armor = words::relic_name(Relic::LancelotsArmor);
        assert!(lines.contains(&tf(B::event_relic_removed, &[("relic", &armor)])));
        let excalibur = m.tile(Slot::Excalibur).unwrap();
        assert_eq!(excalibur.status, Status::Won);
        assert_eq!(excalibur.body, Body::Over);
        assert_eq!(excalibur.relic, None, "Excalibur is with its knight");
        assert_eq!(tile_lines(excalibur, &names(4)), ["Excalibur: won"]);
        assert_eq!(body_svg(&excalibur.body), "", "its result is said in words");
        let picts = m.tile(Slot::PictWar).unwrap();
        assert_eq!(tile_lines(picts, &names(4))[0], "Won 2, lost 1");
        // The Dragon over: the board is removed, its result stays.
        v.lancelot_board = LancelotBoard::Removed;
        v.tally[Quest::Dragon.index()].won = 1;
        let m = Model::of(&v, None);
        let dragon = m.tile(Slot::LancelotDragon).unwrap();
        assert_eq!((dragon.status, &dragon.body), (Status::Won, &Body::Over));
        assert_eq!(
            tile_lines(dragon, &names(4))[..2],
            ["Lancelot: lost", "Dragon: won"]
        );
    }

    #[test]
    fn camelot_has_twelve_places_and_the_engines_in_them() {
        for engines in [0u8, 5, 8, 9, 11] {
            let v = game(
                4,
                Deal {
                    siege_engines: engines,
                    ..Deal::default()
                },
            )
            .table_view();
            let m = Model::of(&v, None);
            let places = m.camelot.places();
            assert_eq!(places.len(), 12);
            assert_eq!(places.iter().filter(|p| **p).count(), usize::from(engines));
            let svg = camelot_svg(&m.camelot);
            assert_eq!(count(&svg, r#"<rect class="cp"#), 12);
            assert_eq!(count(&svg, r#"<g class="engine">"#), usize::from(engines));
            assert_eq!(count(&svg, " danger"), 4, "places 9 to 12 are marked");
            let lines = camelot_lines(&m.camelot, &names(4));
            assert_eq!(lines[0], format!("Siege engines: {engines} of 12"));
            let warned = lines.iter().any(|l| l.starts_with("Danger"));
            assert_eq!(warned, engines >= 9, "{engines} engines");
            assert_eq!(m.camelot.danger(), engines >= 9);
        }
    }

    #[test]
    fn swords_lie_white_first_then_black_with_the_marks_that_matter() {
        let v = game(
            4,
            Deal {
                swords: Swords { white: 4, black: 3 },
                ..Deal::default()
            },
        )
        .table_view();
        let rt = Model::of(&v, None).round_table;
        assert_eq!(rt.places.len(), 12);
        use SwordPlace::{Black as B, Empty as E, White as W};
        assert_eq!(rt.places, [W, W, W, W, B, B, B, E, E, E, E, E]);
        let svg = round_table_svg(&rt);
        assert_eq!(count(&svg, r#"class="sw w""#), 4);
        assert_eq!(count(&svg, r#"class="sw b""#), 3);
        assert_eq!(count(&svg, r#"class="sw e""#), 5);
        assert_eq!(count(&svg, "rt-mark"), 1);
        assert_eq!(
            round_table_lines(&rt),
            [
                "4 white and 3 black swords; the game ends at 12",
                "Black swords: 3 of 7 (at 7, Evil wins)",
                "Accusations allowed",
            ]
        );
        // More than seven black swords (a lost Grail laying three onto six): the gauge is full,
        // never "9 of 7"; the swords line tells them all.
        let mut nine = rt.clone();
        nine.swords = Swords { white: 2, black: 9 };
        assert_eq!(
            round_table_lines(&nine)[..2],
            [
                "2 white and 9 black swords; the game ends at 12",
                "Black swords: 7 of 7 (at 7, Evil wins)",
            ]
        );
        // Below the threshold, accusations wait; six siege engines are enough too.
        for (swords, engines, allowed) in [(5, 0, false), (0, 6, true), (6, 0, true)] {
            let v = game(
                4,
                Deal {
                    swords: Swords {
                        white: swords,
                        black: 0,
                    },
                    siege_engines: engines,
                    ..Deal::default()
                },
            )
            .table_view();
            let rt = Model::of(&v, None).round_table;
            assert_eq!(
                rt.accusations, allowed,
                "{swords} swords, {engines} engines"
            );
            if !allowed {
                assert_eq!(
                    round_table_lines(&rt)[2],
                    "Accusations wait for 6 siege engines or 6 swords."
                );
            }
        }
        // The last quest may lay more than the 12th: every sword is drawn.
        let mut v = v;
        v.swords = Swords { white: 9, black: 5 };
        let rt = Model::of(&v, None).round_table;
        assert_eq!(rt.places.len(), 14);
        assert!(!rt.places.contains(&SwordPlace::Empty));
    }

    /// A face-down black card is drawn as a back; neither its value nor its name is in
    /// the markup or the words, while a face-up one shows both.
    #[test]
    fn a_face_down_black_card_carries_no_value() {
        let mut g = game(
            4,
            Deal {
                black_deck: Some(vec![
                    Black::BlackKnight7,
                    Black::BlackKnight5,
                    Black::Picts,
                    Black::Saxons,
                ]),
                ..Deal::default()
            },
        );
        let drawer = g.decider().unwrap();
        g.apply(drawer, Action::DrawBlackCard).unwrap();
        g.apply(drawer, Action::PlaceFaceDown).unwrap();
        let v = g.table_view();
        assert_eq!(v.black_knight.black, vec![None]);
        let m = Model::of(&v, None);
        let bk = m.tile(Slot::BlackKnight).unwrap();
        let Body::Combat { black, .. } = &bk.body else {
            panic!("the Black Knight is a combat quest");
        };
        assert_eq!(black, &vec![BlackChip::Down]);
        let svg = body_svg(&bk.body);
        assert_eq!(count(&svg, "bc down"), 1);
        assert_eq!(count(&svg, r#"class="bvl""#), 0, "no value is written");
        assert_eq!(count(&svg, "<text"), 0, "{svg}");
        let words = tile_lines(bk, &names(4)).join(" ");
        assert!(
            words.contains("Black cards, 1 of 4: a face-down card"),
            "{words}"
        );
        assert!(
            !words.contains('7') && !words.contains("Black Knight"),
            "{words}"
        );

        // The next knight places the Black Knight 5 face up: its value shows.
        let mut v = v;
        v.black_knight.black.push(Some(Black::BlackKnight5));
        let m = Model::of(&v, None);
        let bk = m.tile(Slot::BlackKnight).unwrap();
        let svg = body_svg(&bk.body);
        assert!(svg.contains(r#"text-anchor="middle">5</text>"#));
        let words = tile_lines(bk, &names(4)).join(" ");
        assert!(
            words.contains("a face-down card and Black Knight 5 (worth 5)"),
            "{words}"
        );
    }

    #[test]
    fn a_lancelot_dragon_card_is_worth_its_value_on_the_quest_up() {
        let mut v = game(4, Deal::default()).table_view();
        v.lancelot_or_dragon.white = vec![3, 3, 1];
        v.lancelot_or_dragon.black = vec![Some(Black::LancelotDragon3), None];
        let m = Model::of(&v, None);
        let lancelot = m.tile(Slot::LancelotDragon).unwrap();
        let lines = body_lines(lancelot);
        assert_eq!(lines[0], "Knights' cards, 3 of 5: 3, 3 and 1");
        assert_eq!(
            lines[1],
            "Black cards, 2 of 5: Lancelot/Dragon 3/7 (worth 3) and a face-down card"
        );
        v.lancelot_board = LancelotBoard::Dragon;
        let m = Model::of(&v, None);
        let dragon = m.tile(Slot::LancelotDragon).unwrap();
        assert!(body_lines(dragon)[1].contains("Lancelot/Dragon 3/7 (worth 7)"));
        assert_eq!(
            body_box(&dragon.body),
            (180, 54),
            "nine spots for the knights"
        );
    }

    #[test]
    fn the_excalibur_and_grail_tracks() {
        let mut v = game(4, Deal::default()).table_view();
        v.excalibur = -2;
        v.grail = [
            Spot::Grail,
            Spot::Grail,
            Spot::Empty,
            Spot::Empty,
            Spot::Empty,
            Spot::Desolation,
            Spot::Despair,
        ];
        let m = Model::of(&v, None);
        let excalibur = m.tile(Slot::Excalibur).unwrap();
        assert_eq!(
            body_lines(excalibur),
            [tf(
                B::board_excalibur_steps,
                &[("knights", &7), ("dark", &3)]
            )]
        );
        let svg = body_svg(&excalibur.body);
        assert_eq!(count(&svg, r#"class="tick""#), 11);
        assert!(svg.contains(r#"class="xsword" d="M40 2"#), "{svg}");
        assert_eq!(
            tile_lines(excalibur, &names(4)).last().unwrap(),
            &tf(B::board_relic_here, &[("relic", &"Excalibur")])
        );
        let grail = m.tile(Slot::Grail).unwrap();
        let lines = body_lines(grail);
        assert_eq!(lines.len(), 7);
        assert_eq!(lines[0], "Spot 1: Grail");
        assert_eq!(lines[2], "Spot 3: empty");
        assert_eq!(lines[5], "Spot 6: Desolation");
        assert_eq!(lines[6], "Spot 7: Despair");
        let svg = body_svg(&grail.body);
        assert_eq!(count(&svg, "gs g"), 2);
        assert_eq!(count(&svg, "gs d"), 2);
        assert_eq!(count(&svg, "gs e"), 3);
        assert_eq!(count(&svg, "xmark"), 1);
    }

    #[test]
    fn wars_show_their_straight_warriors_and_mordred() {
        let mut v = game(4, Deal::default()).table_view();
        v.pict_war = War {
            cards: 3,
            warriors: 2,
            mordred: false,
        };
        v.saxon_war = War {
            cards: 5,
            warriors: 3,
            mordred: true,
        };
        let m = Model::of(&v, None);
        let picts = m.tile(Slot::PictWar).unwrap();
        assert_eq!(
            body_lines(picts),
            [
                "Fight cards in order, 3 of 5",
                "Next: Fight 4",
                "Warriors: 2 of 4 (at 4, the War is lost)"
            ]
        );
        let svg = body_svg(&picts.body);
        assert_eq!(count(&svg, r#"<rect class="ws on""#), 3);
        assert_eq!(count(&svg, r#"<path class="wr on""#), 2);
        assert_eq!(count(&svg, r#"<path class="wr""#), 2);
        let saxons = m.tile(Slot::SaxonWar).unwrap();
        assert_eq!(
            body_lines(saxons)[..3],
            [
                "Fight cards in order, 5 of 6",
                "Next: Fight 5",
                "Mordred: a second Fight 5 is needed"
            ]
        );
        assert_eq!(count(&body_svg(&saxons.body), "<rect class=\"ws"), 6);
    }

    #[test]
    fn knights_stand_where_they_are_with_life_cards_and_marks() {
        let g = game(4, Deal::default());
        let mut v = g.table_view();
        let m = Model::of(&v, Some(Seat(1)));
        // Everyone starts in Camelot.
        assert_eq!(m.camelot.knights, [Seat(0), Seat(1), Seat(2), Seat(3)]);
        assert!(
            camelot_lines(&m.camelot, &names(4)).contains(&"Here: Ann, Bo, Cy and Di".to_string())
        );
        let current = v.current;
        let tok = &m.tokens[current.index()];
        assert!(tok.current);
        assert_eq!(m.tokens.iter().filter(|t| t.current).count(), 1);
        assert!(m.tokens[1].mine);
        let lines = token_lines(&m.tokens[1]);
        assert_eq!(lines[0], "You");
        assert!(lines.contains(&"Life 4 of 6".to_string()));
        assert!(lines.contains(&"6 white cards in hand".to_string()));
        assert!(lines.contains(&"in Camelot".to_string()));

        // Ann goes to the Grail, Bo is unmasked, Cy dies.
        v.knights[0].place = Some(Place::Grail);
        v.knights[1].revealed = true;
        v.knights[1].loyalty = Some(Loyalty::Traitor);
        v.knights[1].place = None;
        v.knights[2].alive = false;
        v.knights[2].life = 0;
        v.knights[2].place = None;
        v.knights[3].has_accused = true;
        let m = Model::of(&v, None);
        assert_eq!(m.camelot.knights, [Seat(3)]);
        let grail = m.tile(Slot::Grail).unwrap();
        assert_eq!(grail.knights, [Seat(0)]);
        assert_eq!(tile_lines(grail, &names(4)).last().unwrap(), "Here: Ann");
        let bo = token_lines(&m.tokens[1]);
        assert!(bo.contains(&"Traitor".to_string()), "{bo:?}");
        assert!(!bo.iter().any(|l| l.starts_with("Life")), "{bo:?}");
        let cy = token_lines(&m.tokens[2]);
        assert!(cy.contains(&"Dead".to_string()), "{cy:?}");
        assert!(token_lines(&m.tokens[3]).contains(&"Has accused".to_string()));
        // At the end nobody's turn is lit.
        let mut over = v.clone();
        over.outcome = Some(camelot_board::Outcome {
            winner: camelot_board::Side::Evil,
            reason: camelot_board::EndReason::SiegeEngines,
        });
        assert!(Model::of(&over, None).tokens.iter().all(|t| !t.current));
    }

    #[test]
    fn relics_lie_on_their_quest_or_with_their_knight() {
        let mut v = game(4, Deal::default()).table_view();
        v.relics[Relic::Grail.index()] = RelicState::Owned(Seat(3));
        v.relics[Relic::Excalibur.index()] = RelicState::Removed;
        let m = Model::of(&v, None);
        assert_eq!(m.tokens[3].relics, [Relic::Grail]);
        assert!(token_lines(&m.tokens[3]).contains(&"Holds the Holy Grail".to_string()));
        assert_eq!(m.tile(Slot::Grail).unwrap().relic, None);
        assert_eq!(
            m.tile(Slot::Excalibur).unwrap().relic,
            Some((Relic::Excalibur, RelicState::Removed))
        );
        assert_eq!(
            m.tile(Slot::LancelotDragon).unwrap().relic,
            Some((Relic::LancelotsArmor, RelicState::OnQuest))
        );
    }

    #[test]
    fn lasting_effects_and_piles_are_shown() {
        let mut v = game(4, Deal::default()).table_view();
        assert!(Model::of(&v, None).effects.is_empty());
        v.vivien = true;
        v.dark_forest = true;
        v.mists_of_avalon = true;
        v.heroism = Some(Quest::BlackKnight);
        let m = Model::of(&v, None);
        assert_eq!(
            m.effects,
            [
                Effect::Vivien,
                Effect::DarkForest,
                Effect::MistsOfAvalon,
                Effect::Heroism(Quest::BlackKnight)
            ]
        );
        assert_eq!(
            effect_name(Effect::Heroism(Quest::BlackKnight)),
            "Heroism: at the Black Knight"
        );
        assert!(effect_line(Effect::Vivien).starts_with("Vivien: "));
        let bk = m.tile(Slot::BlackKnight).unwrap();
        assert!(bk.heroism);
        assert!(
            tile_lines(bk, &names(4)).contains(&"Heroism is laid at the Black Knight".to_string())
        );
        let grail = m.tile(Slot::Grail).unwrap();
        assert!(grail.dark_forest);
        assert!(
            tile_lines(grail, &names(4))
                .iter()
                .any(|l| l.starts_with("Dark Forest: "))
        );
        let [white, black] = pile_lines(&m.piles);
        assert_eq!(
            white,
            format!(
                "White cards: {} to draw, {} discarded",
                v.white_deck, v.white_discard
            )
        );
        assert_eq!(
            black,
            format!(
                "Black cards: {} to draw, {} discarded",
                v.black_deck, v.black_discard
            )
        );
    }
}
