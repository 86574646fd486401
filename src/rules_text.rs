//! The rules of *Shadows over Camelot: The Card Game* for the Rules screen: a small text format,
//! one file per language (`public/i18n/rules.<code>.txt`, fetched when the screen opens so the
//! rules never weigh on the app's first load), and its parser.
//!
//! The format (the English file's head explains it to translators): `@key text` for the screen's
//! own words, `## id: Title` sections, `### ` sub-headings, paragraphs of joined lines, `- ` lists,
//! `1. ` steps, `|` tables, `> ` worked examples, `[card CODE] Name` / `[knight CODE] Name` blocks,
//! a `[readings]` list, `**bold**` spans and `{placeholders}` for every number taken from the
//! engine's data (`{name|one|other}` picks the language's plural form, `#` standing for the number),
//! so a translation can never drift from the rules the app plays.
//!
//! At run time the parser is tolerant: a line it cannot read shows as a paragraph and an unknown
//! placeholder shows as `{name}`; every such slip is listed in [`Parsed::problems`], and the tests
//! below fail on any problem in any language's file.

use crate::i18n::Lang;
use camelot_card::cards::{
    KNIGHT_MANIFEST, MANIFEST, MERGED_PICTS_SAXONS_SWORDS, MORGANS_IN_PLAY, SWORDS_IN_ALL,
};
use camelot_card::{Card, Knight, Morgan, Quest, RumorValue};

/// The screen's own words every rules file must give (`@key text`).
pub const WORDS: [&str; 9] = [
    "lang",
    "title",
    "subtitle",
    "contents",
    "to_contents",
    "close",
    "close_rules",
    "example",
    "fallback",
];

/// A line a translator may leave on text still in English; the tests fail while one is left.
pub const UNTRANSLATED: &str = "[[EN]]";

/// One piece of a section.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// A paragraph.
    P(String),
    /// A sub-heading inside a section.
    H3(String),
    /// A bulleted list.
    List(Vec<String>),
    /// A numbered list (steps in order).
    Steps(Vec<String>),
    /// A small table: header row, then rows.
    Table {
        head: Vec<String>,
        rows: Vec<Vec<String>>,
    },
    /// A card or a Knight explained: `key` is the card's code in the file (`picts`, `morgan:4`,
    /// `arthur` …), `class` names its colour (`picts`, `morgan`, `knight` …).
    Card {
        key: String,
        class: &'static str,
        name: String,
        text: String,
    },
    /// A worked example, set apart: its paragraphs.
    Example(Vec<String>),
    /// Our readings of the rules, one per entry of the engine's `INFERRED`, in the same order.
    Readings(Vec<String>),
}

/// One section of the rules, with a stable id (the anchor of the table of contents).
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub id: String,
    pub title: String,
    pub blocks: Vec<Block>,
}

/// One language's rules, read.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// The language the file was read as.
    pub lang: Lang,
    words: Vec<(String, String)>,
    pub sections: Vec<Section>,
}

impl Rules {
    /// One of the screen's own words ([`WORDS`]); a missing one shows as `{key}`.
    pub fn word(&self, key: &str) -> String {
        self.words
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| format!("{{{key}}}"))
    }

    /// Every card block, in order.
    #[cfg(test)]
    pub fn cards(&self) -> impl Iterator<Item = (&str, &str, &str)> {
        self.sections
            .iter()
            .flat_map(|s| &s.blocks)
            .filter_map(|b| match b {
                Block::Card {
                    key, name, text, ..
                } => Some((key.as_str(), name.as_str(), text.as_str())),
                _ => None,
            })
    }

    /// The readings list, if the file has one.
    #[cfg(test)]
    pub fn readings(&self) -> Option<&[String]> {
        self.sections
            .iter()
            .flat_map(|s| &s.blocks)
            .find_map(|b| match b {
                Block::Readings(r) => Some(r.as_slice()),
                _ => None,
            })
    }
}

/// A rules file read, with everything that was wrong in it (empty for a sound file).
#[derive(Clone, Debug)]
pub struct Parsed {
    pub rules: Rules,
    pub problems: Vec<String>,
}

/// The key of the card block that explains `card`: the quest's code for quest cards (one block per
/// quest), `morgan:4` for the three Morgan #4, else the card's code.
pub fn card_key(card: Card) -> String {
    match card {
        Card::Quest(q, _) => q.code().to_string(),
        Card::Morgan(Morgan::Four(_)) => "morgan:4".to_string(),
        c => c.code(),
    }
}

/// The key of a Knight's block: `arthur`, `tristan` …
pub fn knight_key(k: Knight) -> String {
    k.name().to_ascii_lowercase()
}

/// Every card block key a rules file must have: each kind of Rumor card, promo cards included,
/// then each Knight.
pub fn card_keys() -> Vec<(&'static str, String)> {
    let mut keys: Vec<(&'static str, String)> = Vec::new();
    for e in MANIFEST.iter() {
        let key = ("card", card_key(e.card));
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    keys.extend(
        KNIGHT_MANIFEST
            .iter()
            .map(|(k, _)| ("knight", knight_key(*k))),
    );
    keys
}

/// The CSS class (colour) of a card block.
fn class_of(kind: &str, key: &str) -> &'static str {
    if kind == "knight" {
        return "knight";
    }
    if let Some(q) = Quest::ALL.into_iter().find(|q| q.code() == key) {
        return q.code();
    }
    match key.split(':').next() {
        Some("morgan") => "morgan",
        Some("merlin") => "merlin",
        Some("mordred") => "mordred",
        Some("vivien") => "vivien",
        _ => "",
    }
}

/// How many copies of cards `pred` picks the manifest holds (promo cards included).
fn copies(pred: impl Fn(Card) -> bool) -> i64 {
    MANIFEST
        .iter()
        .filter(|e| pred(e.card))
        .map(|e| i64::from(e.count))
        .sum()
}

/// Where a placeholder stands: its values depend on the block.
#[derive(Clone, Copy)]
enum Scope<'a> {
    /// Anywhere: the global numbers.
    Global,
    /// The screen's words: `{language}` is left for the screen to fill.
    Word,
    /// A card block (`kind` = `card` or `knight`).
    Card(&'a str, &'a str),
}

/// The value of a `{name}` in `scope`, from the engine's data.
fn value(name: &str, scope: Scope) -> Option<i64> {
    let global = match name {
        "deck" => Some(copies(|_| true) - copies(is_promo)),
        "morgans" => Some(copies(|c| c.is_morgan() && !is_promo(c))),
        "morgans_in_play" => Some(MORGANS_IN_PLAY as i64),
        "morgans_out" => Some(copies(|c| c.is_morgan() && !is_promo(c)) - MORGANS_IN_PLAY as i64),
        "swords_in_all" => Some(i64::from(SWORDS_IN_ALL)),
        "knight_cards" => Some(KNIGHT_MANIFEST.iter().map(|(_, n)| i64::from(*n)).sum()),
        "merged_swords" => Some(i64::from(MERGED_PICTS_SAXONS_SWORDS)),
        "morgan4_cards" => Some(copies(|c| matches!(c, Card::Morgan(Morgan::Four(_))))),
        "merlin4_cards" => Some(copies(|c| c == Card::Merlin(camelot_card::Merlin::Four))),
        _ => name
            .strip_prefix("swords_")
            .and_then(|q| Quest::ALL.into_iter().find(|x| x.code() == q))
            .map(|q| i64::from(q.swords())),
    };
    if global.is_some() {
        return global;
    }
    let Scope::Card(kind, key) = scope else {
        return None;
    };
    if kind == "knight" {
        return match name {
            "count" => KNIGHT_MANIFEST
                .iter()
                .find(|(k, _)| knight_key(*k) == key)
                .map(|(_, n)| i64::from(*n)),
            _ => None,
        };
    }
    if name == "count" {
        let n = copies(|c| card_key(c) == key);
        return (n > 0).then_some(n);
    }
    let q = Quest::ALL.into_iter().find(|q| q.code() == key)?;
    let of = |v: RumorValue| copies(|c| c == Card::Quest(q, v));
    match name {
        "swords" => Some(i64::from(q.swords())),
        "question" => Some(of(RumorValue::Question)),
        "two" => Some(of(RumorValue::Two)),
        "three" => Some(of(RumorValue::Three)),
        "four" => Some(of(RumorValue::Four)),
        "five" => Some(of(RumorValue::Five)),
        _ => None,
    }
}

fn is_promo(card: Card) -> bool {
    MANIFEST.iter().any(|e| e.card == card && e.promo)
}

/// Fill the `{name}` and `{name|one|other}` placeholders of `text`. Anything unknown stays as it
/// is written, visibly, and is reported.
fn fill(text: &str, lang: Lang, scope: Scope, problems: &mut Vec<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            problems.push(format!("an unclosed {{ in “{text}”"));
            out.push_str(&rest[open..]);
            return out;
        };
        let inner = &after[..close];
        rest = &after[close + 1..];
        let mut parts = inner.split('|');
        let name = parts.next().unwrap_or("").trim();
        let forms: Vec<&str> = parts.collect();
        if matches!(scope, Scope::Word) && name == "language" && forms.is_empty() {
            out.push_str("{language}");
            continue;
        }
        let Some(n) = value(name, scope) else {
            problems.push(format!("unknown placeholder {{{inner}}}"));
            out.push('{');
            out.push_str(inner);
            out.push('}');
            continue;
        };
        if forms.is_empty() {
            out.push_str(&n.to_string());
            continue;
        }
        if forms.len() != lang.plural_forms() {
            problems.push(format!(
                "{{{inner}}} has {} plural forms, {} expected in {}",
                forms.len(),
                lang.plural_forms(),
                lang.code()
            ));
        }
        let form = forms
            .get(lang.plural_index(n))
            .or(forms.last())
            .copied()
            .unwrap_or("#");
        out.push_str(&form.replace('#', &n.to_string()));
    }
    out.push_str(rest);
    out
}

/// A block being read.
enum Open {
    None,
    Para(String),
    List(Vec<String>),
    Steps(Vec<String>),
    Readings(Vec<String>),
    Table(Vec<Vec<String>>),
    Card {
        kind: String,
        key: String,
        name: String,
        text: String,
    },
    Example(Vec<String>),
}

/// A table row's cells: `|` splits, except inside `{…}` (plural forms).
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim();
    let inner = inner.strip_prefix('|').unwrap_or(inner);
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut out = Vec::new();
    let mut cell = String::new();
    let mut depth = 0usize;
    for c in inner.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            '|' if depth == 0 => {
                out.push(cell.trim().to_string());
                cell.clear();
                continue;
            }
            _ => {}
        }
        cell.push(c);
    }
    out.push(cell.trim().to_string());
    out
}

/// `1. text` → `text`.
fn step_item(line: &str) -> Option<&str> {
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    line[digits..].strip_prefix(". ")
}

/// `[card picts] Picts` → (`card`, `picts`, `Picts`); `[readings]` → (`readings`, ``, ``).
fn bracket(line: &str) -> Option<(&str, &str, &str)> {
    let inner_end = line.find(']')?;
    let head = line.strip_prefix('[')?.get(..inner_end - 1)?;
    let rest = line[inner_end + 1..].trim();
    let mut words = head.split_whitespace();
    let kind = words.next()?;
    let key = words.next().unwrap_or("");
    if words.next().is_some() {
        return None;
    }
    match (kind, key.is_empty()) {
        ("card" | "knight", false) | ("readings", true) => Some((kind, key, rest)),
        _ => None,
    }
}

fn is_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Read one language's rules file. Never fails: whatever cannot be read becomes a paragraph (or is
/// left out when it is outside any section) and is listed in the problems.
pub fn parse(lang: Lang, text: &str) -> Parsed {
    let mut p = Parser {
        lang,
        words: Vec::new(),
        sections: Vec::new(),
        open: Open::None,
        problems: Vec::new(),
        line_no: 0,
    };
    for (i, raw) in text.lines().enumerate() {
        p.line_no = i + 1;
        p.line(raw.trim_end());
    }
    p.close();
    let mut problems = p.problems;
    for key in WORDS {
        if !p.words.iter().any(|(k, _)| k == key) {
            problems.push(format!("@{key} is missing"));
        }
    }
    if let Some((_, code)) = p.words.iter().find(|(k, _)| k == "lang")
        && code != lang.code()
    {
        problems.push(format!(
            "@lang is {code}, but the file is read as {}",
            lang.code()
        ));
    }
    if p.sections.is_empty() {
        problems.push("no section".into());
    }
    Parsed {
        rules: Rules {
            lang,
            words: p.words,
            sections: p.sections,
        },
        problems,
    }
}

struct Parser {
    lang: Lang,
    words: Vec<(String, String)>,
    sections: Vec<Section>,
    open: Open,
    problems: Vec<String>,
    line_no: usize,
}

impl Parser {
    fn problem(&mut self, what: impl std::fmt::Display) {
        let line = self.line_no;
        self.problems.push(format!("line {line}: {what}"));
    }

    fn fill(&mut self, text: &str, scope: Scope) -> String {
        let mut found = Vec::new();
        let out = fill(text, self.lang, scope, &mut found);
        if out.matches("**").count() % 2 == 1 {
            found.push(format!("an unclosed ** in “{text}”"));
        }
        for f in found {
            self.problem(f);
        }
        out
    }

    fn fill_all(&mut self, items: Vec<String>, scope: Scope) -> Vec<String> {
        items.iter().map(|t| self.fill(t, scope)).collect()
    }

    /// Finish the open block and add it to the current section.
    fn close(&mut self) {
        let block = match std::mem::replace(&mut self.open, Open::None) {
            Open::None => return,
            Open::Para(t) => Block::P(self.fill(&t, Scope::Global)),
            Open::List(v) => Block::List(self.fill_all(v, Scope::Global)),
            Open::Steps(v) => Block::Steps(self.fill_all(v, Scope::Global)),
            Open::Readings(v) => Block::Readings(self.fill_all(v, Scope::Global)),
            Open::Example(v) => {
                let paras = v.into_iter().filter(|p| !p.is_empty()).collect();
                Block::Example(self.fill_all(paras, Scope::Global))
            }
            Open::Table(rows) => {
                let mut rows: Vec<Vec<String>> = rows
                    .into_iter()
                    .map(|r| self.fill_all(r, Scope::Global))
                    .collect();
                let head = rows.remove(0);
                if rows.iter().any(|r| r.len() != head.len()) {
                    self.problem("a table row has a different number of cells from its header");
                }
                Block::Table { head, rows }
            }
            Open::Card {
                kind,
                key,
                name,
                text,
            } => {
                let scope = Scope::Card(&kind, &key);
                let name = self.fill(&name, scope);
                let text = self.fill(&text, scope);
                if name.is_empty() || text.is_empty() {
                    self.problem(format!("[{kind} {key}] needs a name and a text"));
                }
                Block::Card {
                    class: class_of(&kind, &key),
                    key,
                    name,
                    text,
                }
            }
        };
        match self.sections.last_mut() {
            Some(s) => s.blocks.push(block),
            None => self.problem("text before the first section (## id: Title) is left out"),
        }
    }

    fn line(&mut self, line: &str) {
        if line.trim_start().starts_with("//") {
            return;
        }
        if self.lang != Lang::En && line.contains(UNTRANSLATED) {
            self.problem(format!("still marked {UNTRANSLATED}"));
        }
        if line.trim().is_empty() {
            self.close();
            return;
        }
        let indented = line.starts_with([' ', '\t']);
        let trimmed = line.trim();
        // Continuation of a list item, a step or a reading.
        if indented
            && let Open::List(v) | Open::Steps(v) | Open::Readings(v) = &mut self.open
            && let Some(last) = v.last_mut()
        {
            last.push(' ');
            last.push_str(trimmed);
            return;
        }
        if let Some(rest) = trimmed.strip_prefix('@') {
            let (key, value) = rest.split_once(' ').unwrap_or((rest, ""));
            if !key.is_empty()
                && key
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            {
                self.close();
                if !WORDS.contains(&key) {
                    self.problem(format!("unknown word @{key}"));
                }
                let value = self.fill(value.trim(), Scope::Word);
                self.words.retain(|(k, _)| k != key);
                self.words.push((key.to_string(), value));
                return;
            }
        }
        if let Some(rest) = trimmed.strip_prefix("### ") {
            self.close();
            let title = self.fill(rest.trim(), Scope::Global);
            self.push_block(Block::H3(title));
            return;
        }
        if let Some(rest) = trimmed.strip_prefix("## ") {
            self.close();
            match rest.split_once(':') {
                Some((id, title)) if is_id(id.trim()) && !title.trim().is_empty() => {
                    let id = id.trim().to_string();
                    if self.sections.iter().any(|s| s.id == id) {
                        self.problem(format!("section {id} comes twice"));
                    }
                    let title = self.fill(title.trim(), Scope::Global);
                    self.sections.push(Section {
                        id,
                        title,
                        blocks: Vec::new(),
                    });
                }
                _ => {
                    self.problem("a section needs `## id: Title`");
                    self.open = Open::Para(trimmed.to_string());
                }
            }
            return;
        }
        if trimmed.starts_with('[') {
            if let Some((kind, key, name)) = bracket(trimmed) {
                self.close();
                if kind == "readings" {
                    self.open = Open::Readings(Vec::new());
                } else {
                    if !card_keys().iter().any(|(k, c)| *k == kind && c == key) {
                        self.problem(format!("unknown card block [{kind} {key}]"));
                    }
                    self.open = Open::Card {
                        kind: kind.to_string(),
                        key: key.to_string(),
                        name: name.to_string(),
                        text: String::new(),
                    };
                }
                return;
            }
            if !trimmed.starts_with("[[") {
                self.problem(format!("unknown block {trimmed}"));
            }
        }
        if trimmed.starts_with('#') {
            self.problem("headings are `## id: Title` or `### Title`");
        }
        if let Some(item) = trimmed.strip_prefix("- ") {
            match &mut self.open {
                Open::List(v) | Open::Readings(v) => v.push(item.trim().to_string()),
                _ => {
                    self.close();
                    self.open = Open::List(vec![item.trim().to_string()]);
                }
            }
            return;
        }
        if let Some(item) = step_item(trimmed) {
            match &mut self.open {
                Open::Steps(v) => v.push(item.trim().to_string()),
                _ => {
                    self.close();
                    self.open = Open::Steps(vec![item.trim().to_string()]);
                }
            }
            return;
        }
        if trimmed.starts_with('|') {
            let row = cells(trimmed);
            match &mut self.open {
                Open::Table(rows) => rows.push(row),
                _ => {
                    self.close();
                    self.open = Open::Table(vec![row]);
                }
            }
            return;
        }
        if let Some(rest) = trimmed.strip_prefix('>') {
            let rest = rest.trim();
            if !matches!(self.open, Open::Example(_)) {
                self.close();
                self.open = Open::Example(vec![String::new()]);
            }
            if let Open::Example(paras) = &mut self.open {
                match paras.last_mut() {
                    _ if rest.is_empty() => paras.push(String::new()),
                    Some(last) => join(last, rest),
                    None => paras.push(rest.to_string()),
                }
            }
            return;
        }
        // Plain text: it continues a paragraph or a card's text, or starts a paragraph.
        match &mut self.open {
            Open::Para(t) => join(t, trimmed),
            Open::Card { text, .. } => join(text, trimmed),
            _ => {
                self.close();
                self.open = Open::Para(trimmed.to_string());
            }
        }
    }

    fn push_block(&mut self, block: Block) {
        match self.sections.last_mut() {
            Some(s) => s.blocks.push(block),
            None => self.problem("text before the first section (## id: Title) is left out"),
        }
    }
}

/// Append a line to a paragraph, with one space between.
fn join(to: &mut String, line: &str) {
    if !to.is_empty() {
        to.push(' ');
    }
    to.push_str(line);
}

/// Split `**bold**` spans: `(text, bold)` pieces, in order.
pub fn spans(text: &str) -> Vec<(String, bool)> {
    text.split("**")
        .enumerate()
        .filter(|(_, s)| !s.is_empty())
        .map(|(i, s)| (s.to_string(), i % 2 == 1))
        .collect()
}

/// The English rules, as the tests read them.
#[cfg(test)]
pub(crate) fn english_file() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/public/i18n/rules.en.txt");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_card::cards::INFERRED;
    use std::collections::{BTreeSet, HashSet};

    fn english() -> Rules {
        let parsed = parse(Lang::En, &english_file());
        assert!(
            parsed.problems.is_empty(),
            "rules.en.txt:\n{}",
            parsed.problems.join("\n")
        );
        parsed.rules
    }

    fn all_text(rules: &Rules) -> String {
        let mut out = String::new();
        for s in &rules.sections {
            out.push_str(&s.title);
            out.push('\n');
            for b in &s.blocks {
                match b {
                    Block::P(t) | Block::H3(t) => out.push_str(t),
                    Block::List(v) | Block::Steps(v) | Block::Example(v) | Block::Readings(v) => {
                        out.push_str(&v.join("\n"))
                    }
                    Block::Table { head, rows } => {
                        out.push_str(&head.join(" "));
                        for r in rows {
                            out.push('\n');
                            out.push_str(&r.join(" "));
                        }
                    }
                    Block::Card { name, text, .. } => {
                        out.push_str(name);
                        out.push(' ');
                        out.push_str(text);
                    }
                }
                out.push('\n');
            }
        }
        out
    }

    /// The placeholder names each section of a file uses (comments left out).
    fn placeholders_by_section(text: &str) -> Vec<BTreeSet<String>> {
        let mut out: Vec<BTreeSet<String>> = vec![BTreeSet::new()];
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            if line.starts_with("## ") {
                out.push(BTreeSet::new());
            }
            for rest in line.split('{').skip(1) {
                let name = rest.split(['}', '|']).next().unwrap_or("");
                out.last_mut().unwrap().insert(name.trim().to_string());
            }
        }
        out
    }

    fn section_ids(rules: &Rules) -> Vec<&str> {
        rules.sections.iter().map(|s| s.id.as_str()).collect()
    }

    #[test]
    fn the_english_rules_parse_with_every_section() {
        let rules = english();
        assert_eq!(
            section_ids(&rules),
            [
                "goal", "setup", "turn", "silence", "quests", "traitor", "end", "solo", "knights",
                "cards", "phone", "readings"
            ]
        );
        assert_eq!(rules.word("title"), "Rules");
        assert_eq!(rules.word("nope"), "{nope}");
        assert!(rules.word("fallback").contains("{language}"));
        for s in &rules.sections {
            assert!(!s.blocks.is_empty(), "{} is empty", s.id);
        }
    }

    #[test]
    fn every_card_and_knight_is_explained() {
        let rules = english();
        let keys: Vec<&str> = rules.cards().map(|(k, _, _)| k).collect();
        for e in MANIFEST.iter() {
            let key = card_key(e.card);
            assert!(keys.contains(&key.as_str()), "{} is not explained", e.card);
        }
        for (k, _) in KNIGHT_MANIFEST {
            assert!(
                keys.contains(&knight_key(k).as_str()),
                "{k:?} is not explained"
            );
        }
        assert_eq!(keys.len(), card_keys().len(), "a card is explained twice");
        for (key, name, text) in rules.cards() {
            assert!(!name.is_empty() && text.len() > 20, "{key}");
        }
    }

    #[test]
    fn the_readings_are_the_engines_word_for_word() {
        let rules = english();
        assert_eq!(rules.readings().unwrap(), INFERRED);
    }

    #[test]
    fn the_numbers_follow_the_engine() {
        let text = all_text(&english());
        assert!(text.contains("\nPicts 1 sword\n"));
        assert!(text.contains("\nDragon 3 swords\n"));
        assert!(text.contains("\n4 4 16"));
        assert!(text.contains("9 cards: 4 marked ?, 1 two, 1 three, 2 fours and 1 five"));
        assert!(text.contains("Arthur (×3)"));
        assert!(text.contains("Merlin #4 (×2)"));
        assert!(text.contains("the 62 cards with 6 of the 9 Morgans"));
        assert!(text.contains("the other 3 Morgans"));
        assert!(text.contains("11 to 13 places 2 white"));
        assert!(!text.contains('{'), "a placeholder is left");
        // Merlin #1 to #3 name the quests the engine has them take cards from.
        let rules = english();
        for m in [
            camelot_card::Merlin::One,
            camelot_card::Merlin::Two,
            camelot_card::Merlin::Three,
        ] {
            let key = card_key(Card::Merlin(m));
            let (_, _, text) = rules.cards().find(|(k, _, _)| *k == key).unwrap();
            for q in m.removes_from() {
                assert!(text.contains(&format!("the {} stack", q.name())), "{key}");
            }
        }
    }

    /// Every translation in public/i18n is complete and matches the English: same sections in the
    /// same order, every card explained, the readings all there, only known placeholders with the
    /// language's plural forms, no line still marked as English — so a missing or broken
    /// translation fails here, not in a player's hands.
    #[test]
    fn every_translation_matches_the_english() {
        let en = english();
        let en_cards: HashSet<&str> = en.cards().map(|(k, _, _)| k).collect();
        let en_ids = section_ids(&en);
        let en_placeholders = placeholders_by_section(&english_file());
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public/i18n");
        for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
            let path = dir.join(format!("rules.{}.txt", lang.code()));
            let Ok(text) = std::fs::read_to_string(&path) else {
                eprintln!("{}: not written yet (English is shown)", path.display());
                continue;
            };
            let parsed = parse(lang, &text);
            let name = path.display();
            assert!(
                parsed.problems.is_empty(),
                "{name}: {} problem(s):\n{}",
                parsed.problems.len(),
                parsed.problems.join("\n")
            );
            let rules = parsed.rules;
            assert_eq!(section_ids(&rules), section_ids(&en), "{name}: sections");
            // The numbers come from the engine in every language: each section uses the same
            // placeholders as in English (no number written out by hand).
            let ours = placeholders_by_section(&text);
            for (i, (en, it)) in en_placeholders.iter().zip(&ours).enumerate() {
                let section = i.checked_sub(1).map_or("(head)", |i| en_ids[i]);
                assert_eq!(it, en, "{name}: the placeholders of section {section}");
            }
            let cards: Vec<&str> = rules.cards().map(|(k, _, _)| k).collect();
            assert_eq!(
                cards.iter().copied().collect::<HashSet<_>>(),
                en_cards,
                "{name}: card blocks"
            );
            assert_eq!(
                cards.len(),
                en_cards.len(),
                "{name}: a card explained twice"
            );
            assert_eq!(
                rules.readings().map(<[String]>::len),
                Some(INFERRED.len()),
                "{name}: readings"
            );
            for s in &rules.sections {
                assert!(!s.blocks.is_empty(), "{name}: section {} is empty", s.id);
            }
            assert!(rules.word("fallback").contains("{language}"), "{name}");
        }
    }

    #[test]
    fn a_broken_file_still_shows_and_says_what_is_wrong() {
        let text = "@lang fr\n@title Règles\n\ntext before any section\n## goal: But\n\
                    Il y a {nope} et {swords_dragon|# épée|# épées|# x} et {deck.\n\n\
                    ## bad section\n[card nothing] Rien\n[knight arthur]\n#### odd\n\
                    | a | b |\n| c |\n**open\n\n- {count}\n  suite\n> ex\n>\n> two\n";
        let parsed = parse(Lang::Fr, text);
        let rules = &parsed.rules;
        assert_eq!(section_ids(rules), ["goal"]);
        let problems = parsed.problems.join("\n");
        for needle in [
            "unknown placeholder {nope}",
            "3 plural forms, 2 expected",
            "unclosed {",
            "## id: Title",
            "unknown card block [card nothing]",
            "needs a name and a text",
            "different number of cells",
            "unclosed **",
            "unknown placeholder {count}",
            "@subtitle is missing",
            "text before the first section",
        ] {
            assert!(problems.contains(needle), "{needle} not in:\n{problems}");
        }
        let text = all_text(rules);
        assert!(
            text.contains("Il y a {nope} et 3 épées et {deck."),
            "{text}"
        );
        assert!(text.contains("## bad section"));
        assert!(text.contains("{count} suite"));
        // A right placeholder and plural in the language's own forms.
        let cs = parse(
            Lang::Cs,
            "## a: A\n{swords_dragon|# meč|# meče|# mečů}, {swords_picts|# meč|# meče|# mečů}\n",
        );
        assert_eq!(
            cs.rules.sections[0].blocks,
            [Block::P("3 meče, 1 meč".into())]
        );
        // Every cut of the English file still reads without a panic.
        let en = english_file();
        let mut cut = 0;
        while cut < en.len() {
            if en.is_char_boundary(cut) {
                let _ = parse(Lang::Cs, &en[..cut]);
                let _ = parse(Lang::En, &en[cut..]);
            }
            cut += 211;
        }
    }

    #[test]
    fn a_line_still_in_english_is_caught() {
        let parsed = parse(Lang::De, "@lang de\n## goal: Ziel\n[[EN]] The goal\n");
        assert!(parsed.problems.iter().any(|p| p.contains("[[EN]]")));
        let parsed = parse(Lang::De, "@lang en\n## goal: Ziel\n");
        assert!(parsed.problems.iter().any(|p| p.contains("@lang is en")));
    }

    #[test]
    fn bold_spans_split() {
        assert_eq!(
            spans("a **b** c"),
            vec![
                ("a ".into(), false),
                ("b".into(), true),
                (" c".into(), false)
            ]
        );
        assert_eq!(spans("**x**"), vec![("x".into(), true)]);
    }

    /// Our text is our own: no run of 8 words matches the rule book (when the book is at hand).
    #[test]
    fn no_sentence_is_copied_from_the_rule_book() {
        let book = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/seeds/001_cef4db8722d0d8a9.txt"
        );
        let Ok(book) = std::fs::read_to_string(book) else {
            return;
        };
        fn words(t: &str) -> Vec<String> {
            t.split(|c: char| !c.is_alphanumeric() && c != '?')
                .filter(|w| !w.is_empty())
                .map(str::to_lowercase)
                .collect()
        }
        const N: usize = 8;
        let book_words = words(&book);
        let shingles: HashSet<&[String]> = book_words.windows(N).collect();
        let ours = words(&all_text(&english()));
        let copied: Vec<String> = ours
            .windows(N)
            .filter(|w| shingles.contains(w))
            .map(|w| w.join(" "))
            .collect();
        assert!(copied.is_empty(), "copied from the book: {copied:#?}");
    }
}
