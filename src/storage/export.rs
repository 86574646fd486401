//! Export files: a session in a small envelope laid out as pretty JSON, the envelope checked on
//! import, and the file's name.

use super::dates::{civil_from_days, local_days};
use super::reading::reader_of;
use super::{EXPORT_APP, EXPORT_KIND, GameKind, Reader, StorageError};
use crate::i18n;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// The text of an export file: the session in a small envelope. Only the tests make one from a
/// session; the app exports a saved game ([`Store::export`](super::Store::export)).
#[cfg(test)]
pub fn export_text<G: super::Kept>(s: &G) -> String {
    let game = serde_json::to_string(s).expect("a session always serializes");
    envelope_text(G::KIND, s.format(), &game)
}

/// An export file around a session's text (as it is saved).
pub(super) fn envelope_text(game_kind: GameKind, format: u32, game: &str) -> String {
    let game = RawValue::from_string(game.to_string()).expect("a session's text is JSON");
    let envelope = ExportEnvelope {
        app: EXPORT_APP,
        kind: EXPORT_KIND,
        format,
        game_kind,
        game: &game,
    };
    indent_json(&serde_json::to_string(&envelope).expect("an envelope serializes"))
}

/// An export file: the session in a small envelope.
#[derive(Serialize)]
struct ExportEnvelope<'a> {
    app: &'a str,
    kind: &'a str,
    format: u32,
    game_kind: GameKind,
    game: &'a RawValue,
}

/// Compact JSON laid out as `serde_json::to_string_pretty` does (two spaces a level, `"key": value`),
/// so that an export file reads well. Done on the text, not with serde_json's pretty serializer: that
/// one would compile a second copy of every `Serialize` of a session into the download (about 6 KB).
pub(super) fn indent_json(compact: &str) -> String {
    let mut out = String::with_capacity(compact.len() * 2);
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        for _ in 0..depth {
            out.push_str("  ");
        }
    };
    let mut chars = compact.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                // An empty object or array stays on its line: `{}`, `[]`.
                if chars.peek().is_some_and(|&n| n == '}' || n == ']') {
                    out.extend(chars.next());
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            _ => out.push(c),
        }
    }
    out
}

/// What an export file (or a bare saved session) holds: the reader of its game and the session's
/// text, once the envelope is checked (ours, a format and a game this version knows).
pub(super) fn unwrap_import<'t>(
    text: &'t str,
    readers: &[Reader],
) -> Result<(Reader, &'t str), StorageError> {
    /// What tells an export file from a bare session and from something else; the game itself is
    /// kept as text and read by its game's reader.
    #[derive(Deserialize)]
    struct Envelope<'a> {
        app: Option<String>,
        kind: Option<String>,
        format: Option<u64>,
        #[serde(borrow)]
        game: Option<&'a RawValue>,
        setup: Option<IgnoredAny>,
        actions: Option<IgnoredAny>,
    }
    let text = text.trim_start_matches('\u{feff}');
    let envelope: Envelope = serde_json::from_str(text).map_err(|e| StorageError::Foreign {
        detail: if e.is_syntax() || e.is_eof() {
            format!("not a JSON file: {e}")
        } else {
            format!("not a Camelot file: {e}")
        },
    })?;
    if envelope.app.is_some() || envelope.kind.is_some() {
        let app = envelope.app.as_deref().unwrap_or("");
        let kind = envelope.kind.as_deref().unwrap_or("");
        if app != EXPORT_APP || kind != EXPORT_KIND {
            return Err(StorageError::Foreign {
                detail: format!("app “{app}”, kind “{kind}”"),
            });
        }
        let reader = reader_of(readers, text)?;
        if let Some(f) = envelope.format
            && f > reader.newest_format as u64
        {
            return Err(StorageError::Newer {
                found: u32::try_from(f).unwrap_or(u32::MAX),
                supported: reader.newest_format,
            });
        }
        let game = envelope.game.ok_or_else(|| StorageError::Damaged {
            detail: "the file holds no game".into(),
        })?;
        Ok((reader, game.get()))
    } else if envelope.setup.is_some() && envelope.actions.is_some() {
        // A bare session, as stored in localStorage.
        Ok((reader_of(readers, text)?, text))
    } else {
        Err(StorageError::Foreign {
            detail: "no Camelot envelope".into(),
        })
    }
}

/// A file name for an exported game: `camelot-ann-bo-2025-03-09.json`.
pub fn export_file_name(names: &[String], updated_ms: f64, tz_offset_min: f64) -> String {
    let mut slug = String::new();
    for name in names {
        let part: String = i18n::lowercase(name)
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '-' })
            .collect();
        let part = part.trim_matches('-');
        if part.is_empty() {
            continue;
        }
        if !slug.is_empty() {
            slug.push('-');
        }
        slug.push_str(part);
        if slug.chars().count() > 40 {
            break;
        }
    }
    let (y, m, d) = civil_from_days(local_days(updated_ms, tz_offset_min));
    if slug.is_empty() {
        format!("camelot-{y:04}-{m:02}-{d:02}.json")
    } else {
        format!("camelot-{slug}-{y:04}-{m:02}-{d:02}.json")
    }
}
