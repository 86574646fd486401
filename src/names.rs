//! The players' names, for every game: each seat's name as the table types it, checked the same way
//! whatever the game (1 to 20 characters, all different, 1 to 7 of them).

use crate::i18n::{K, tf};

/// Longest player name, in characters.
pub const NAME_MAX: usize = 20;

/// Why a list of names was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    Empty { seat: usize },
    TooLong { seat: usize },
    Duplicate { name: String },
    Count { players: usize },
}

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameError::Empty { seat } => {
                f.write_str(&tf(K::error_name_empty, &[("n", &(seat + 1))]))
            }
            NameError::TooLong { seat } => f.write_str(&tf(
                K::error_name_too_long,
                &[("n", &(seat + 1)), ("max", &NAME_MAX)],
            )),
            NameError::Duplicate { name } => {
                f.write_str(&tf(K::error_name_duplicate, &[("name", name)]))
            }
            NameError::Count { players } => {
                f.write_str(&tf(K::error_player_count, &[("n", players)]))
            }
        }
    }
}

/// Trim names and check them: 1 to 20 characters, all different (ignoring case), 1 to 7 of them.
pub fn validate_names(raw: &[String]) -> Result<Vec<String>, NameError> {
    if raw.is_empty() || raw.len() > 7 {
        return Err(NameError::Count { players: raw.len() });
    }
    let mut out: Vec<String> = Vec::with_capacity(raw.len());
    for (seat, name) in raw.iter().enumerate() {
        let name = name.trim();
        if name.is_empty() {
            return Err(NameError::Empty { seat });
        }
        if name.chars().count() > NAME_MAX {
            return Err(NameError::TooLong { seat });
        }
        let folded = crate::i18n::lowercase(name);
        if out.iter().any(|n| crate::i18n::lowercase(n) == folded) {
            return Err(NameError::Duplicate {
                name: name.to_string(),
            });
        }
        out.push(name.to_string());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn names_are_trimmed_and_checked() {
        assert_eq!(
            validate_names(&names(&["  Ann ", "Bo"])).unwrap(),
            names(&["Ann", "Bo"])
        );
        assert_eq!(
            validate_names(&names(&["Ann", "  "])),
            Err(NameError::Empty { seat: 1 })
        );
        assert_eq!(
            validate_names(&names(&["Ann", "ann"])),
            Err(NameError::Duplicate { name: "ann".into() })
        );
        assert!(validate_names(&names(&["x".repeat(21).as_str()])).is_err());
        assert!(validate_names(&names(&["é".repeat(20).as_str()])).is_ok());
        assert!(validate_names(&[]).is_err());
        assert!(validate_names(&names(&["a", "b", "c", "d", "e", "f", "g", "h"])).is_err());
        // Markup is just text: validation keeps it as typed; the UI renders it as text.
        assert_eq!(
            validate_names(&names(&["<b>Ann</b>"])).unwrap(),
            names(&["<b>Ann</b>"])
        );
    }
}
