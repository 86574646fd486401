//! Who sits in each seat, the same in every game: a person at the table or a computer knight of a
//! level (beginner, solid, expert), how a seat is saved, and the New game control that chooses it.
//!
//! The session types of both games keep a `Vec<Sitter>`; the words are the app's ([`K`]).

use crate::i18n::{K, t, tf};
use camelot_kit::Level;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Who sits in a seat: a person at the table, or a computer knight of some level (it decides from
/// its own seat's view and needs no curtain).
///
/// Saved as `{"sitter": "person"}` or `{"sitter": "computer", "level": "solid"}`. The board game's
/// first saves wrote a bare `"person"` or `"computer"`: such a computer knight played as the solid
/// level does, and reads back as one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(tag = "sitter", rename_all = "snake_case")]
pub enum Sitter {
    #[default]
    Person,
    Computer {
        level: Level,
    },
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum SitterType {
    Person,
    Computer,
}

#[derive(Deserialize)]
struct SitterRecord {
    sitter: SitterType,
    level: Option<Level>,
}

/// A seat as any release saved it.
#[derive(Deserialize)]
#[serde(untagged)]
enum SavedSitter {
    Record(SitterRecord),
    Bare(SitterType),
}

impl<'de> Deserialize<'de> for Sitter {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match SavedSitter::deserialize(d)? {
            SavedSitter::Record(SitterRecord {
                sitter: SitterType::Person,
                ..
            })
            | SavedSitter::Bare(SitterType::Person) => Sitter::Person,
            SavedSitter::Record(SitterRecord {
                sitter: SitterType::Computer,
                level,
            }) => Sitter::Computer {
                level: level.ok_or_else(|| serde::de::Error::missing_field("level"))?,
            },
            SavedSitter::Bare(SitterType::Computer) => Sitter::Computer {
                level: Level::Solid,
            },
        })
    }
}

impl Sitter {
    pub fn is_computer(self) -> bool {
        matches!(self, Sitter::Computer { .. })
    }

    pub fn level(self) -> Option<Level> {
        match self {
            Sitter::Person => None,
            Sitter::Computer { level } => Some(level),
        }
    }

    /// The value of this choice in the page ("person", "beginner", "solid", "expert").
    pub fn value(self) -> &'static str {
        match self {
            Sitter::Person => "person",
            Sitter::Computer { level } => level.code(),
        }
    }

    /// The choice a page's value names (anything else: a person).
    pub fn from_value(v: &str) -> Sitter {
        v.parse::<Level>()
            .map_or(Sitter::Person, |level| Sitter::Computer { level })
    }

    /// Every choice, in the order the control lists them.
    pub const CHOICES: [Sitter; 4] = [
        Sitter::Person,
        Sitter::Computer {
            level: Level::Beginner,
        },
        Sitter::Computer {
            level: Level::Solid,
        },
        Sitter::Computer {
            level: Level::Expert,
        },
    ];
}

/// Why a table of sitters was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SitterError {
    /// Every seat is a computer knight: someone has to play.
    NoPerson,
    /// Not one sitter per player.
    Count { sitters: usize, players: usize },
}

impl std::fmt::Display for SitterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SitterError::NoPerson => f.write_str(t(K::error_no_person)),
            SitterError::Count { sitters, players } => f.write_str(&tf(
                K::error_sitter_count,
                &[("sitters", sitters), ("players", players)],
            )),
        }
    }
}

/// One sitter per player, at least one of them a person. An empty list (a save from before seats
/// were kept) means every seat is a person.
pub fn validate_sitters(sitters: &[Sitter], players: usize) -> Result<(), SitterError> {
    if sitters.is_empty() {
        return Ok(());
    }
    if sitters.len() != players {
        return Err(SitterError::Count {
            sitters: sitters.len(),
            players,
        });
    }
    if sitters.iter().all(|s| s.is_computer()) {
        return Err(SitterError::NoPerson);
    }
    Ok(())
}

/// Names for computer knights, in the order New game offers them.
pub const COMPUTER_NAMES: [&str; 7] = [
    "Sir Bedivere",
    "Lady Lynette",
    "Sir Kay",
    "Dame Enid",
    "Sir Gareth",
    "Lady Elaine",
    "Sir Bors",
];

pub fn level_name(l: Level) -> &'static str {
    match l {
        Level::Beginner => t(K::bot_level_beginner),
        Level::Solid => t(K::bot_level_solid),
        Level::Expert => t(K::bot_level_expert),
    }
}

/// A seat's choice on the New game screen: "Person", "Computer (Expert)" …
pub fn sitter_choice(s: Sitter) -> String {
    match s.level() {
        None => t(K::bot_person).into(),
        Some(l) => tf(K::bot_computer_level, &[("level", &level_name(l))]),
    }
}

/// The control that chooses who sits in a seat, the same in both games: a person or a computer
/// knight of a level, with a line about the level chosen in the game's own words (`hint`).
/// `label` names the seat for a screen reader; `testid` marks the select for the browser tests.
#[component]
pub fn SitterSelect(
    #[prop(into)] sitter: Signal<Sitter>,
    #[prop(into)] label: Signal<String>,
    #[prop(into)] testid: Signal<String>,
    hint: fn(Level) -> &'static str,
    on_change: impl Fn(Sitter) + 'static,
) -> impl IntoView {
    view! {
        <label class="sitter">
            <select data-testid=move || testid.get() aria-label=move || label.get()
                on:change=move |ev| on_change(Sitter::from_value(&event_target_value(&ev)))>
                {Sitter::CHOICES
                    .into_iter()
                    .map(|s| view! {
                        <option value=s.value() selected=move || sitter.get() == s>
                            {sitter_choice(s)}
                        </option>
                    })
                    .collect_view()}
            </select>
        </label>
        {move || sitter.get().level().map(|l| view! {
            <small class="sitter-hint">{hint(l)}</small>
        })}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way a release saved a seat reads back: the tagged record of both games, and the board
    /// game's first bare words (its computer knights played as the solid level).
    #[test]
    fn a_seat_saved_by_any_release_reads_back() {
        let read = |s: &str| serde_json::from_str::<Sitter>(s).unwrap();
        assert_eq!(read(r#"{"sitter":"person"}"#), Sitter::Person);
        assert_eq!(
            read(r#"{"sitter":"computer","level":"expert"}"#),
            Sitter::Computer {
                level: Level::Expert
            }
        );
        assert_eq!(read(r#""person""#), Sitter::Person);
        assert_eq!(
            read(r#""computer""#),
            Sitter::Computer {
                level: Level::Solid
            }
        );
        assert!(serde_json::from_str::<Sitter>(r#"{"sitter":"computer"}"#).is_err());
        assert!(serde_json::from_str::<Sitter>(r#""robot""#).is_err());
        for s in Sitter::CHOICES {
            assert_eq!(read(&serde_json::to_string(&s).unwrap()), s);
            assert_eq!(Sitter::from_value(s.value()), s);
        }
    }

    #[test]
    fn a_table_needs_one_sitter_per_seat_and_a_person() {
        let expert = Sitter::Computer {
            level: Level::Expert,
        };
        assert_eq!(validate_sitters(&[], 4), Ok(()));
        assert_eq!(validate_sitters(&[Sitter::Person, expert], 2), Ok(()));
        assert_eq!(
            validate_sitters(&[expert; 4], 4),
            Err(SitterError::NoPerson)
        );
        assert_eq!(
            validate_sitters(&[Sitter::Person; 3], 4),
            Err(SitterError::Count {
                sitters: 3,
                players: 4
            })
        );
    }
}
