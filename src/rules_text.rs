//! The rules text of a game for the Rules screen: a small text format, one file per game and
//! language (`public/i18n/<stem>.<code>.txt`, fetched when the screen opens so the rules never weigh
//! on the app's first load), and its parser. Nothing here knows a game: each game gives its
//! [`Book`] (the file stem, its numbers, its cards), in its own part of the app
//! (`src/card/rules.rs`, `src/board/rules.rs`).
//!
//! The format (each game's English file explains it to translators at its head): `@key text` for
//! the screen's own words, `## id: Title` sections, `### ` sub-headings (`### id: Title` for one a
//! game's screens open the rules at), paragraphs of joined lines,
//! `- ` lists, `1. ` steps, `|` tables, `> ` worked examples, `[card CODE] Name` /
//! `[knight CODE] Name` blocks, a `[readings]` list, `**bold**` spans and `{placeholders}` for every
//! number taken from the game's data (`{name|one|other}` picks the language's plural form, `#`
//! standing for the number), so a translation can never drift from the rules the app plays.
//!
//! At run time the parser is tolerant: a line it cannot read shows as a paragraph and an unknown
//! placeholder or card shows as written; every such slip is listed in [`Parsed::problems`], and each
//! game's tests fail on any problem in any language's file.

use crate::i18n::{K, Lang};

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

/// How a game gives the number a `{name}` stands for: anywhere (`None`), or in the block of card
/// (`kind`, `code`); `None` for a name it does not know there.
pub type Value = fn(&str, Option<(&str, &str)>) -> Option<i64>;

/// What a game gives the rules format: where its files are, the numbers its placeholders stand
/// for and the cards its blocks explain, all from the game's own data.
pub struct Book {
    /// Which game, as the Rules screen remembers it (`card`, `board`).
    pub game: &'static str,
    /// The game's name on the Rules screen's choice.
    pub name: K,
    /// The files' stem: `<stem>.<code>.txt`, beside the language packs.
    pub stem: &'static str,
    /// Every card block a file must have, once each: (`card` or `knight`, code).
    pub cards: fn() -> Vec<(&'static str, String)>,
    /// The value of `{name}`: anywhere (`None`), or in the block of card (`kind`, `code`).
    pub value: Value,
    /// The colour of a card block (a CSS class), from its kind and code.
    pub class: fn(&str, &str) -> &'static str,
}

/// One piece of a section.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// A paragraph.
    P(String),
    /// A sub-heading inside a section, with its id when a screen may open the rules there.
    H3 { id: Option<String>, title: String },
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
    /// Our readings of the rules, one per reading the game settles, in the same order.
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
    /// The game ([`Book::game`]).
    pub game: &'static str,
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

impl<'a> Scope<'a> {
    /// The card block the placeholder is in, if any.
    fn card(self) -> Option<(&'a str, &'a str)> {
        match self {
            Scope::Card(kind, code) => Some((kind, code)),
            Scope::Global | Scope::Word => None,
        }
    }
}

/// Fill the `{name}` and `{name|one|other}` placeholders of `text`. Anything unknown stays as it
/// is written, visibly, and is reported.
fn fill(book: &Book, text: &str, lang: Lang, scope: Scope, problems: &mut Vec<String>) -> String {
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
        let Some(n) = (book.value)(name, scope.card()) else {
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

/// Read one language's rules file of `book`'s game. Never fails: whatever cannot be read becomes a
/// paragraph (or is left out when it is outside any section) and is listed in the problems.
pub fn parse(book: &Book, lang: Lang, text: &str) -> Parsed {
    let mut p = Parser {
        book,
        cards: (book.cards)(),
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
            game: book.game,
            lang,
            words: p.words,
            sections: p.sections,
        },
        problems,
    }
}

struct Parser<'b> {
    book: &'b Book,
    /// The card blocks the game knows.
    cards: Vec<(&'static str, String)>,
    lang: Lang,
    words: Vec<(String, String)>,
    sections: Vec<Section>,
    open: Open,
    problems: Vec<String>,
    line_no: usize,
}

impl Parser<'_> {
    fn problem(&mut self, what: impl std::fmt::Display) {
        let line = self.line_no;
        self.problems.push(format!("line {line}: {what}"));
    }

    fn fill(&mut self, text: &str, scope: Scope) -> String {
        let mut found = Vec::new();
        let out = fill(self.book, text, self.lang, scope, &mut found);
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
                    class: (self.book.class)(&kind, &key),
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
            let (id, rest) = match rest.split_once(':') {
                Some((id, title)) if is_id(id.trim()) && !title.trim().is_empty() => {
                    (Some(id.trim().to_string()), title)
                }
                _ => (None, rest),
            };
            if let Some(id) = &id
                && self.anchors().any(|a| a == id)
            {
                self.problem(format!("anchor {id} comes twice"));
            }
            let title = self.fill(rest.trim(), Scope::Global);
            self.push_block(Block::H3 { id, title });
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
                    if !self.cards.iter().any(|(k, c)| *k == kind && c == key) {
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

    /// The ids of the sections and sub-headings read so far.
    fn anchors(&self) -> impl Iterator<Item = &str> {
        self.sections.iter().flat_map(|s| {
            std::iter::once(s.id.as_str()).chain(s.blocks.iter().filter_map(|b| match b {
                Block::H3 { id: Some(id), .. } => Some(id.as_str()),
                _ => None,
            }))
        })
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

/// What every game's rules files must pass, for the games' own tests (`src/card/rules.rs`,
/// `src/board/rules.rs`): the English file reads without a problem and explains each card once,
/// and every translation matches it.
#[cfg(test)]
pub(crate) mod checks {
    use super::*;
    use std::collections::{BTreeSet, HashSet};

    /// The rules file of `book`'s game in `lang`, if it is written.
    pub fn file(book: &Book, lang: Lang) -> Option<String> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("public/i18n")
            .join(format!("{}.{}.txt", book.stem, lang.code()));
        std::fs::read_to_string(path).ok()
    }

    /// The English file, which every game has.
    pub fn english_file(book: &Book) -> String {
        file(book, Lang::En)
            .unwrap_or_else(|| panic!("public/i18n/{}.en.txt is missing", book.stem))
    }

    /// The English rules, read without a problem.
    pub fn english(book: &Book) -> Rules {
        let parsed = parse(book, Lang::En, &english_file(book));
        assert!(
            parsed.problems.is_empty(),
            "{}.en.txt:\n{}",
            book.stem,
            parsed.problems.join("\n")
        );
        parsed.rules
    }

    /// The English rules of `game` read into these sections, none empty, with the words every
    /// book has (its title, a fallback that names the language).
    pub fn english_reads_into(book: &Book, game: &str, sections: &[&str]) -> Rules {
        let rules = english(book);
        assert_eq!(section_ids(&rules), sections);
        assert_eq!(rules.game, game);
        assert_eq!(rules.word("title"), "Rules");
        assert!(rules.word("fallback").contains("{language}"));
        for s in &rules.sections {
            assert!(!s.blocks.is_empty(), "{} is empty", s.id);
        }
        rules
    }

    /// A card block the game does not know (Vivien's renamed) is said when the file is read, and
    /// counted as no card of the game; the card it stood for is then missing. Returns the English
    /// file, for more cases.
    pub fn an_unknown_card_block_is_caught(book: &Book) -> String {
        let en = english_file(book);
        let unknown = en.replacen("[card vivien]", "[card viviane]", 1);
        let parsed = parse(book, Lang::En, &unknown);
        assert!(
            parsed
                .problems
                .iter()
                .any(|p| p.contains("unknown card block [card viviane]")),
            "{:?}",
            parsed.problems
        );
        let problems = card_problems(book, &parsed.rules);
        assert!(
            problems.contains(&"[card vivien] is missing".to_string())
                && problems.contains(&"[viviane] is no card of the game".to_string()),
            "{problems:?}"
        );
        en
    }

    /// Every word of the rules, block by block, one line each.
    pub fn all_text(rules: &Rules) -> String {
        let mut out = String::new();
        for s in &rules.sections {
            out.push_str(&s.title);
            out.push('\n');
            for b in &s.blocks {
                match b {
                    Block::P(t) | Block::H3 { title: t, .. } => out.push_str(t),
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

    pub fn section_ids(rules: &Rules) -> Vec<&str> {
        rules.sections.iter().map(|s| s.id.as_str()).collect()
    }

    /// Every place a screen may open the rules at: each section's id, and the ids of its
    /// sub-headings, in order.
    pub fn anchor_ids(rules: &Rules) -> Vec<&str> {
        rules
            .sections
            .iter()
            .flat_map(|s| {
                std::iter::once(s.id.as_str()).chain(s.blocks.iter().filter_map(|b| match b {
                    Block::H3 { id: Some(id), .. } => Some(id.as_str()),
                    _ => None,
                }))
            })
            .collect()
    }

    /// The placeholder names in `line`.
    fn names(line: &str) -> impl Iterator<Item = String> + '_ {
        line.split('{').skip(1).map(|rest| {
            rest.split(['}', '|'])
                .next()
                .unwrap_or("")
                .trim()
                .to_string()
        })
    }

    /// The placeholder names each section of a file uses (comments left out).
    fn placeholders_by_section(text: &str) -> Vec<BTreeSet<String>> {
        let mut out: Vec<BTreeSet<String>> = vec![BTreeSet::new()];
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            if line.starts_with("## ") {
                out.push(BTreeSet::new());
            }
            out.last_mut().unwrap().extend(names(line));
        }
        out
    }

    /// The placeholder names of each reading in the `[readings]` list, as written.
    fn placeholders_by_reading(text: &str) -> Vec<BTreeSet<String>> {
        let mut out: Vec<BTreeSet<String>> = Vec::new();
        let mut lines = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .skip_while(|l| l.trim() != "[readings]")
            .skip(1);
        for line in lines.by_ref() {
            if let Some(item) = line.strip_prefix("- ") {
                out.push(names(item).collect());
            } else if line.starts_with([' ', '\t']) && !line.trim().is_empty() {
                if let Some(last) = out.last_mut() {
                    last.extend(names(line));
                }
            } else {
                break;
            }
        }
        out
    }

    /// What is wrong with the card blocks of `rules`: each card of the game must be explained
    /// exactly once, with a name and a text, and no block may explain a card the game does not
    /// have.
    pub fn card_problems(book: &Book, rules: &Rules) -> Vec<String> {
        let known = (book.cards)();
        let blocks: Vec<(&str, &str, &str)> = rules.cards().collect();
        let mut out = Vec::new();
        for (kind, code) in &known {
            match blocks.iter().filter(|(key, _, _)| key == code).count() {
                1 => {}
                0 => out.push(format!("[{kind} {code}] is missing")),
                n => out.push(format!("[{kind} {code}] is explained {n} times")),
            }
        }
        for (key, name, text) in &blocks {
            if !known.iter().any(|(_, code)| code == key) {
                out.push(format!("[{key}] is no card of the game"));
            }
            if name.is_empty() || text.is_empty() {
                out.push(format!("[{key}] needs a name and a text"));
            }
        }
        out
    }

    /// Every translation in public/i18n is complete and matches the English: same sections in the
    /// same order, every card explained in the same order, `readings` readings in the same order
    /// (each with the English reading's placeholders), only known placeholders with the
    /// language's plural forms, no line still marked as English — so a missing or broken
    /// translation fails here, not in a player's hands. Returns how many translations there are.
    pub fn translations_match_the_english(book: &Book, readings: usize) -> usize {
        let en = english(book);
        let en_text = english_file(book);
        let en_cards: Vec<&str> = en.cards().map(|(k, _, _)| k).collect();
        let en_ids = section_ids(&en);
        let en_placeholders = placeholders_by_section(&en_text);
        let en_reading_placeholders = placeholders_by_reading(&en_text);
        let en_readings = en.readings().map_or(0, <[String]>::len);
        assert_eq!(en_readings, readings, "{}.en.txt: readings", book.stem);
        assert_eq!(en_reading_placeholders.len(), readings);
        let mut found = 0;
        for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
            let name = format!("{}.{}.txt", book.stem, lang.code());
            let Some(text) = file(book, lang) else {
                eprintln!("{name}: not written yet (English is shown)");
                continue;
            };
            found += 1;
            let parsed = parse(book, lang, &text);
            assert!(
                parsed.problems.is_empty(),
                "{name}: {} problem(s):\n{}",
                parsed.problems.len(),
                parsed.problems.join("\n")
            );
            let rules = parsed.rules;
            assert_eq!(section_ids(&rules), en_ids, "{name}: sections");
            assert_eq!(
                anchor_ids(&rules),
                anchor_ids(&en),
                "{name}: sub-headings' ids"
            );
            // The numbers come from the game's data in every language: each section uses the same
            // placeholders as in English (no number written out by hand).
            let ours = placeholders_by_section(&text);
            assert_eq!(ours.len(), en_placeholders.len(), "{name}: sections");
            for (i, (en, it)) in en_placeholders.iter().zip(&ours).enumerate() {
                let section = i.checked_sub(1).map_or("(head)", |i| en_ids[i]);
                assert_eq!(it, en, "{name}: the placeholders of section {section}");
            }
            let cards: Vec<&str> = rules.cards().map(|(k, _, _)| k).collect();
            assert_eq!(cards, en_cards, "{name}: card blocks, in the English order");
            let ours = rules.readings().map_or(0, <[String]>::len);
            assert_eq!(ours, readings, "{name}: readings");
            let ours_placeholders = placeholders_by_reading(&text);
            for i in 0..readings {
                assert_eq!(
                    ours_placeholders[i],
                    en_reading_placeholders[i],
                    "{name}: the placeholders of reading {}",
                    i + 1
                );
            }
            for s in &rules.sections {
                assert!(!s.blocks.is_empty(), "{name}: section {} is empty", s.id);
            }
            assert!(rules.word("fallback").contains("{language}"), "{name}");
        }
        found
    }

    /// Every cut of the English file still reads without a panic.
    pub fn every_cut_reads(book: &Book) {
        let en = english_file(book);
        let mut cut = 0;
        while cut < en.len() {
            if en.is_char_boundary(cut) {
                let _ = parse(book, Lang::Cs, &en[..cut]);
                let _ = parse(book, Lang::En, &en[cut..]);
            }
            cut += 211;
        }
    }

    /// The runs of `n` words of `ours` that are also in `source` (a rule book), ignoring case and
    /// punctuation.
    pub fn copied(ours: &str, source: &str, n: usize) -> Vec<String> {
        fn words(t: &str) -> Vec<String> {
            t.split(|c: char| !c.is_alphanumeric() && c != '?')
                .filter(|w| !w.is_empty())
                .map(str::to_lowercase)
                .collect()
        }
        let source = words(source);
        let shingles: HashSet<&[String]> = source.windows(n).collect();
        words(ours)
            .windows(n)
            .filter(|w| shingles.contains(w))
            .map(|w| w.join(" "))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::checks::{all_text, section_ids};
    use super::*;

    /// A game of two cards for the parser's own tests: the numbers it knows, and one card and
    /// one knight.
    fn value(name: &str, card: Option<(&str, &str)>) -> Option<i64> {
        match (name, card) {
            ("deck", _) => Some(62),
            ("swords_dragon", _) => Some(3),
            ("swords_picts", _) => Some(1),
            ("count", Some(("card", "picts"))) => Some(4),
            _ => None,
        }
    }

    const TOY: Book = Book {
        game: "toy",
        name: K::rules,
        stem: "toy-rules",
        cards: || vec![("card", "picts".into()), ("knight", "arthur".into())],
        value,
        class: |kind, _| if kind == "knight" { "knight" } else { "picts" },
    };

    #[test]
    fn a_sound_file_reads_with_its_numbers_and_cards() {
        let text = "@lang en\n@title Rules\n@subtitle Toy\n@contents Contents\n@to_contents Up\n\
                    @close Close\n@close_rules Close the rules\n@example Example\n\
                    @fallback Not in {language} yet.\n\
                    // a note for translators, never shown\n\
                    ## goal: The goal\n{deck} cards and {swords_dragon|# sword|# swords}.\n\
                    ## cards: Every card\n[card picts] Picts\n{count|# card|# cards} of the Picts.\n\n\
                    [knight arthur] Arthur\nThe king.\n\n## readings: Readings\n[readings]\n\
                    - One\n  more.\n- Two\n";
        let parsed = parse(&TOY, Lang::En, text);
        assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
        let rules = parsed.rules;
        assert_eq!(rules.game, "toy");
        assert_eq!(section_ids(&rules), ["goal", "cards", "readings"]);
        assert_eq!(rules.word("fallback"), "Not in {language} yet.");
        assert_eq!(rules.word("nope"), "{nope}");
        assert_eq!(
            rules.sections[0].blocks,
            [Block::P("62 cards and 3 swords.".into())]
        );
        assert_eq!(
            rules.sections[1].blocks[0],
            Block::Card {
                key: "picts".into(),
                class: "picts",
                name: "Picts".into(),
                text: "4 cards of the Picts.".into()
            }
        );
        let cards: Vec<&str> = rules.cards().map(|(k, _, _)| k).collect();
        assert_eq!(cards, ["picts", "arthur"]);
        assert_eq!(
            rules.readings().unwrap(),
            ["One more.".to_string(), "Two".to_string()]
        );
    }

    #[test]
    fn a_broken_file_still_shows_and_says_what_is_wrong() {
        let text = "@lang fr\n@title Règles\n\ntext before any section\n## goal: But\n\
                    Il y a {nope} et {swords_dragon|# épée|# épées|# x} et {deck.\n\n\
                    ## bad section\n[card nothing] Rien\n[knight arthur]\n#### odd\n\
                    | a | b |\n| c |\n**open\n\n- {count}\n  suite\n> ex\n>\n> two\n";
        let parsed = parse(&TOY, Lang::Fr, text);
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
            &TOY,
            Lang::Cs,
            "## a: A\n{swords_dragon|# meč|# meče|# mečů}, {swords_picts|# meč|# meče|# mečů}\n",
        );
        assert_eq!(
            cs.rules.sections[0].blocks,
            [Block::P("3 meče, 1 meč".into())]
        );
    }

    #[test]
    fn a_line_still_in_english_is_caught() {
        let parsed = parse(&TOY, Lang::De, "@lang de\n## goal: Ziel\n[[EN]] The goal\n");
        assert!(parsed.problems.iter().any(|p| p.contains("[[EN]]")));
        let parsed = parse(&TOY, Lang::De, "@lang en\n## goal: Ziel\n");
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
}
