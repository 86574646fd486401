//! The board in words: each part of the [`Model`](super::model::Model) as a screen reader reads it
//! (and the enlarged quest lists it).

use super::model::{BlackChip, Body, Camelot, Effect, Piles, RoundTable, Tile, Token};
use crate::board::i18n::B;
use crate::board::words;
use crate::i18n::{t, tf, tn};
use camelot_board::data::{
    ACCUSATION_THRESHOLD, BLACK_SWORDS_LOSE, EXCALIBUR_END, MAX_LIFE, SIEGE_ENGINES_LOSE,
    SWORDS_END, WARRIORS_LOSE,
};
use camelot_board::{Black, Knight, Loyalty, Quest, QuestTally, RelicState, Seat, Spot, White};

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
        lines.push(
            t(if tok.mine {
                B::board_your_turn
            } else {
                B::board_their_turn
            })
            .to_string(),
        );
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

/// The name a knight goes by, without his title ("Sir Gawain" → "Gawain", "Le roi Arthur" →
/// "Arthur").
fn bare_name(knight: Knight) -> &'static str {
    let name = words::knight_name(knight);
    name.split_whitespace().last().unwrap_or(name)
}

/// The mark on a knight's token: the initial of his name, and where two of the seven knights'
/// names start alike (Galahad and Gawain, Palamedes and Percival) the first letter that tells
/// them apart ("Gl", "Gw"). The same in every game, in the language's own spelling.
pub fn knight_mark(knight: Knight) -> String {
    let mine: Vec<char> = bare_name(knight).chars().collect();
    let Some(first) = mine.first() else {
        return String::new();
    };
    let upper = |c: char| c.to_uppercase().collect::<String>();
    let lower = |c: char| c.to_lowercase().collect::<String>();
    // The longest start shared with another knight's name (0: no other starts like this one).
    let shared = Knight::ALL
        .into_iter()
        .filter(|&k| k != knight)
        .map(|k| {
            bare_name(k)
                .chars()
                .zip(&mine)
                .take_while(|(a, b)| lower(*a) == lower(**b))
                .count()
        })
        .max()
        .unwrap_or(0);
    match mine.get(shared) {
        Some(&c) if shared > 0 => format!("{}{}", upper(*first), lower(c)),
        _ => upper(*first),
    }
}

/// The mark on each seat's token, distinct at the table: a knight's [`knight_mark`]; a squire
/// (no coat of arms yet) the initial of his player's name, or his seat's number where another
/// token has that mark too.
pub fn token_marks(knights: &[(Seat, Option<Knight>)], names: &[String]) -> Vec<(Seat, String)> {
    let number = |seat: Seat| (u32::from(seat.0) + 1).to_string();
    let first: Vec<(Seat, String)> = knights
        .iter()
        .map(|&(seat, knight)| {
            let mark = match knight {
                Some(k) => knight_mark(k),
                None => names
                    .get(seat.index())
                    .and_then(|n| n.trim().chars().next())
                    .filter(|c| c.is_alphabetic())
                    .map(|c| c.to_uppercase().collect())
                    .unwrap_or_default(),
            };
            (seat, mark)
        })
        .collect();
    first
        .iter()
        .zip(knights)
        .map(|((seat, mark), (_, knight))| {
            let shared = first.iter().any(|(s, m)| s != seat && m == mark);
            let mark = if knight.is_none() && (mark.is_empty() || shared) {
                number(*seat)
            } else {
                mark.clone()
            };
            (*seat, mark)
        })
        .collect()
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
