//! The app's languages: English (built in), French, German, Dutch and Czech.
//!
//! Every piece of interface text has a key in a table of texts ([`Table`]): an enum of keys made by
//! [`texts!`], with the English text beside each key. The shell's table is [`K`] (`en.rs`: the
//! shell's screens and the Card Game, loaded at start); a game may bring a table of its own, in its
//! own module, so that its words travel with its code (the board game's: `crate::board::i18n`,
//! only in the board game's part of the split wasm). The other languages are packs in
//! `public/i18n/<prefix><code>.json` (a JSON object, key → text; the shell's prefix is empty, the
//! board game's `board.`) fetched when the language is chosen, so a player downloads only their
//! own language. The service worker keeps them for offline play.
//!
//! Text may hold `{name}` placeholders ([`tf`]); a plural text holds its forms separated by `|`
//! (English `one|other`; Czech `one|few|other`), chosen by [`tn`] with the language's own rule.
//! [`t`], [`tf`] and [`tn`] take a key of any table. A missing or broken key in a pack fails a test
//! (`packs_are_complete`, and the same test of each game's table); at run time it falls back to
//! English, never to a blank.
//!
//! A game's table is loaded when its screens first open ([`follow`]); from then on [`switch`], the
//! language switch in Settings, reloads it with the shell's own pack, before the screens re-render.

/// Declares a table of texts: `texts! { Name, "pack-prefix"; key: "English text", … }` (doc
/// comments may come before `Name`) makes the enum `Name`, one variant per key in order, and
/// implements [`Table`] for it.
macro_rules! texts {
    ($(#[$meta:meta])* $name:ident, $prefix:literal; $($key:ident: $text:literal,)*) => {
        $(#[$meta])*
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $($key,)*
        }

        thread_local! {
            static CURRENT_TEXTS: std::cell::RefCell<$crate::i18n::Texts<$name>> =
                std::cell::RefCell::new($crate::i18n::Texts::english());
        }

        impl $crate::i18n::Table for $name {
            // One string for the names and one for the English texts rather than tables of
            // `&str`: the tables' pointers cost the web app 4 KB.
            const KEY_LINES: &'static str = concat!($(stringify!($key), "\n",)*);
            const EN_TEXTS: &'static str = concat!($($text, "\0",)*);
            const COUNT: usize = [$($name::$key,)*].len();
            const PACK_PREFIX: &'static str = $prefix;

            fn index(self) -> usize {
                self as usize
            }

            fn current() -> &'static std::thread::LocalKey<std::cell::RefCell<$crate::i18n::Texts<$name>>> {
                &CURRENT_TEXTS
            }
        }
    };
}
pub(crate) use texts;

mod en;

pub use en::K;
use std::cell::RefCell;
use std::fmt::Display;
use std::marker::PhantomData;
use std::thread::LocalKey;

/// Where the language packs are, relative to the page (Trunk copies `public/` to `dist/public/`).
pub const PACKS: &str = "public/i18n";

/// A table of texts: an enum of keys, each with its English text (made by [`texts!`]).
pub trait Table: Copy + 'static {
    /// The keys' names as in the packs, one per line, in key order.
    const KEY_LINES: &'static str;
    /// The English texts in key order, each ended by a NUL.
    const EN_TEXTS: &'static str;
    /// How many keys there are.
    const COUNT: usize;
    /// The packs' file names in [`PACKS`] are `<PACK_PREFIX><code>.json`.
    const PACK_PREFIX: &'static str;

    /// The key's place in the table.
    fn index(self) -> usize;

    /// The table's texts in the current language.
    fn current() -> &'static LocalKey<RefCell<Texts<Self>>>;

    /// The keys' names, in key order.
    fn keys() -> impl Iterator<Item = &'static str> {
        Self::KEY_LINES.split_terminator('\n')
    }

    /// The English texts, in key order.
    fn english() -> impl Iterator<Item = &'static str> {
        Self::EN_TEXTS.split_terminator('\0')
    }

    /// A pack's address, relative to the page.
    fn pack_url(lang: Lang) -> String {
        format!("{PACKS}/{}{}.json", Self::PACK_PREFIX, lang.code())
    }
}

/// The languages the app speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Fr,
    De,
    Nl,
    Cs,
}

impl Lang {
    pub const ALL: [Lang; 5] = [Lang::En, Lang::Fr, Lang::De, Lang::Nl, Lang::Cs];

    /// The BCP 47 code, also the pack's file name.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::De => "de",
            Lang::Nl => "nl",
            Lang::Cs => "cs",
        }
    }

    /// The language's name in itself, for the switch in Settings.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
            Lang::De => "Deutsch",
            Lang::Nl => "Nederlands",
            Lang::Cs => "Čeština",
        }
    }

    /// `fr`, `fr-BE`, `FR_ca` … → French. Unknown languages give `None`.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code
            .split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// How many plural forms a plural text has in this language.
    pub fn plural_forms(self) -> usize {
        match self {
            Lang::Cs => 3,
            _ => 2,
        }
    }

    /// Which plural form a count takes (CLDR cardinal rules for whole numbers).
    pub fn plural_index(self, n: i64) -> usize {
        let n = n.unsigned_abs();
        match self {
            Lang::En | Lang::De | Lang::Nl => usize::from(n != 1),
            Lang::Fr => usize::from(n > 1),
            Lang::Cs => match n {
                1 => 0,
                2..=4 => 1,
                _ => 2,
            },
        }
    }
}

/// The language to start in: the player's saved choice, else the first of the browser's languages
/// we speak, else English.
pub fn detect(saved: Option<&str>, browser: &[String]) -> Lang {
    saved
        .and_then(Lang::from_code)
        .or_else(|| browser.iter().find_map(|c| Lang::from_code(c)))
        .unwrap_or(Lang::En)
}

/// The interface's language as a signal (context): setting it re-renders every screen.
#[derive(Clone, Copy)]
pub struct UiLang(pub leptos::prelude::RwSignal<Lang>);

/// The texts of one table in one language, indexed by its keys.
pub struct Texts<T> {
    pub lang: Lang,
    texts: Vec<&'static str>,
    table: PhantomData<T>,
}

impl<T> Clone for Texts<T> {
    fn clone(&self) -> Self {
        Texts {
            lang: self.lang,
            texts: self.texts.clone(),
            table: PhantomData,
        }
    }
}

impl<T: Table> Texts<T> {
    pub fn english() -> Texts<T> {
        let mut texts = Vec::with_capacity(T::COUNT);
        texts.extend(T::english());
        Texts {
            lang: Lang::En,
            texts,
            table: PhantomData,
        }
    }

    pub fn get(&self, k: T) -> &'static str {
        self.texts[k.index()]
    }
}

/// The shell's texts in one language, indexed by [`K`].
pub type Pack = Texts<K>;

/// Read a language pack of table `T` (a JSON object, key → text). Keys missing or broken in the
/// pack keep their English text and are listed in the second value; unknown keys are ignored.
pub fn parse_texts<T: Table>(lang: Lang, json: &str) -> Result<(Texts<T>, Vec<String>), String> {
    let map: std::collections::BTreeMap<String, String> =
        serde_json::from_str(json).map_err(|e| format!("not a language pack: {e}"))?;
    let mut pack = Texts::<T>::english();
    pack.lang = lang;
    let mut problems = Vec::new();
    for ((key, english), slot) in T::keys().zip(T::english()).zip(&mut pack.texts) {
        match map.get(key) {
            Some(text) => match check_text(lang, english, text) {
                Ok(()) => *slot = Box::leak(text.clone().into_boxed_str()),
                Err(why) => problems.push(format!("{key}: {why}")),
            },
            None => problems.push(format!("{key}: missing")),
        }
    }
    Ok((pack, problems))
}

/// A translation must keep the English text's placeholders and have the language's number of
/// plural forms.
fn check_text(lang: Lang, english: &str, text: &str) -> Result<(), String> {
    if text.trim().is_empty() {
        return Err("empty".into());
    }
    if english.contains('|') {
        let forms = text.split('|').count();
        if forms != lang.plural_forms() {
            return Err(format!(
                "{forms} plural forms, {} expected",
                lang.plural_forms()
            ));
        }
    } else if text.contains('|') {
        return Err("plural forms in a text that has none".into());
    }
    let want = placeholders(english);
    let got = placeholders(text);
    if want != got {
        return Err(format!("placeholders {got:?}, expected {want:?}"));
    }
    Ok(())
}

/// The distinct `{name}` placeholders of a text, sorted.
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut out: Vec<&str> = text
        .split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .filter(|name| {
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The language the interface speaks now (the shell's table's).
pub fn lang() -> Lang {
    lang_of::<K>()
}

/// The language table `T` speaks now.
pub fn lang_of<T: Table>() -> Lang {
    T::current().with(|p| p.borrow().lang)
}

/// Make `pack` the interface's language (the caller re-renders).
pub fn set_pack(pack: Pack) {
    set_texts(pack);
}

/// Make `texts` table `T`'s current texts.
pub fn set_texts<T: Table>(texts: Texts<T>) {
    T::current().with(|p| *p.borrow_mut() = texts);
}

/// A text in the current language.
pub fn t<T: Table>(k: T) -> &'static str {
    T::current().with(|p| p.borrow().get(k))
}

/// Fill `{name}` placeholders (in French, "de" before a value that begins with a vowel is elided:
/// "la carte d'Ann", "de Bo").
pub fn fill(text: &str, args: &[(&str, &dyn Display)]) -> String {
    fill_in(lang(), text, args)
}

/// [`fill`] for a text in `lang`.
fn fill_in(lang: Lang, text: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    let french = lang == Lang::Fr;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.split_once('}') {
            Some((name, tail)) if args.iter().any(|(n, _)| *n == name) => {
                let (_, value) = args.iter().find(|(n, _)| *n == name).expect("found above");
                let value = value.to_string();
                if french {
                    elide_de(&mut out, &value);
                }
                out.push_str(&value);
                rest = tail;
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// French elision: `out` ending in the word "de " becomes "d'" when `next` begins with a vowel
/// ("la carte d'Ann", "la partie d'Éloïse et Bo"). A name beginning with "h" keeps "de": whether
/// its "h" is mute cannot be told from the spelling.
fn elide_de(out: &mut String, next: &str) {
    /// Vowels, with their accents, in both cases (spelled out: Rust's case tables would add
    /// kilobytes to the download).
    const VOWELS: &str = "aeiouyàâäéèêëîïôöùûüÿæœAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŸÆŒ";
    let starts_with_vowel = next.chars().next().is_some_and(|c| VOWELS.contains(c));
    let word_de = out.ends_with("de ") || out.ends_with("De ");
    // (Sliced only once it ends in "de ": three ASCII bytes, so a character boundary.)
    let alone =
        word_de && (out.len() == 3 || out[..out.len() - 3].ends_with([' ', '(', '«', '\u{a0}']));
    if starts_with_vowel && alone {
        out.truncate(out.len() - 2);
        out.push('\'');
    }
}

/// A text in the current language with its placeholders filled.
pub fn tf<T: Table>(k: T, args: &[(&str, &dyn Display)]) -> String {
    fill_in(lang_of::<T>(), t(k), args)
}

/// A plural text: the form for `n`, with `{n}` and the other placeholders filled.
pub fn tn<T: Table>(k: T, n: i64, args: &[(&str, &dyn Display)]) -> String {
    let text = t(k);
    let lang = lang_of::<T>();
    let forms: Vec<&str> = text.split('|').collect();
    let form = forms
        .get(lang.plural_index(n))
        .or(forms.last())
        .copied()
        .unwrap_or(text);
    let mut all: Vec<(&str, &dyn Display)> = vec![("n", &n)];
    all.extend_from_slice(args);
    fill_in(lang, form, &all)
}

/// "A, B and C" in the current language.
pub fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => tf(K::list_and, &[("list", &rest.join(", ")), ("last", last)]),
    }
}

/// Fetch a file of the site (relative to the page, so any sub-path works) as text.
pub async fn fetch_text(url: &str) -> Result<String, String> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|_| format!("{url}: no connection"))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "not a response")?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(|_| "unreadable")?)
        .await
        .map_err(|_| format!("{url}: unreadable"))?;
    text.as_string().ok_or_else(|| format!("{url}: not text"))
}

/// Table `T`'s texts in `lang` (English needs nothing; a pack's broken keys stay English, with a
/// warning on the console).
async fn fetch_texts<T: Table>(lang: Lang) -> Result<Texts<T>, String> {
    if !needs_loading(lang) {
        return Ok(Texts::english());
    }
    let url = T::pack_url(lang);
    let json = fetch_text(&url).await?;
    let (pack, problems) = parse_texts(lang, &json)?;
    if !problems.is_empty() {
        web_sys::console::warn_1(&format!("language pack {url}: {}", problems.join("; ")).into());
    }
    Ok(pack)
}

/// Whether [`load`] has anything to fetch for a language (English is built in).
pub fn needs_loading(lang: Lang) -> bool {
    lang != Lang::En
}

/// Load a language (English needs nothing) and make it current. On failure nothing changes. The
/// start-up language: the games' own tables load with their screens ([`follow`]).
pub async fn load(lang: Lang) -> Result<(), String> {
    set_pack(fetch_texts(lang).await?);
    Ok(())
}

/// Switch the interface to a language (the switch in Settings): the shell's pack, then the packs
/// of the games' tables that [`follow`] the language, all before the caller re-renders. If the
/// shell's pack cannot be had, nothing changes; a game's table that cannot be had speaks English.
/// (Apart from [`load`], so that the first load, which only starts in a language, does not carry
/// this.)
pub async fn switch(lang: Lang) -> Result<(), String> {
    load(lang).await?;
    let followers: Vec<Follower> = FOLLOWERS.with(|f| f.borrow().iter().map(|f| f.1).collect());
    for reload in followers {
        reload(lang).await;
    }
    Ok(())
}

/// Loads a game's table in a language (see [`follow`]).
type Follower = fn(Lang) -> std::pin::Pin<Box<dyn Future<Output = ()>>>;

thread_local! {
    /// The games' tables that follow the shell's language, by pack prefix.
    static FOLLOWERS: RefCell<Vec<(&'static str, Follower)>> = const { RefCell::new(Vec::new()) };
}

/// Table `T` (a game's own) speaks the interface's language from now on: loaded now unless it
/// already does, and again by every [`switch`]. Its screens call this when they open. On failure
/// (offline before the pack was kept) the table speaks English and the reason is returned.
pub async fn follow<T: Table>() -> Result<(), String> {
    FOLLOWERS.with(|f| {
        let mut f = f.borrow_mut();
        if !f.iter().any(|(prefix, _)| *prefix == T::PACK_PREFIX) {
            f.push((T::PACK_PREFIX, reload::<T>));
        }
    });
    let lang = lang();
    if lang_of::<T>() == lang {
        return Ok(());
    }
    load_texts::<T>(lang).await
}

/// Table `T`'s pack in `lang`, made current; English when it cannot be had.
async fn load_texts<T: Table>(lang: Lang) -> Result<(), String> {
    match fetch_texts::<T>(lang).await {
        Ok(texts) => {
            set_texts(texts);
            Ok(())
        }
        Err(why) => {
            set_texts(Texts::<T>::english());
            Err(why)
        }
    }
}

/// [`Follower`] for table `T`.
fn reload<T: Table>(lang: Lang) -> std::pin::Pin<Box<dyn Future<Output = ()>>> {
    Box::pin(async move {
        if let Err(why) = load_texts::<T>(lang).await {
            web_sys::console::warn_1(&format!("language {}: {why}", lang.code()).into());
        }
    })
}

/// `text` in lower case, for comparing names whatever their case ("Šárka" and "šárka").
/// In the browser, through its own `toLowerCase`: the Unicode case tables are already there, and
/// Rust's copy of them would add kilobytes to every download. Natively (tests), Rust's.
pub fn lowercase(text: &str) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        String::from(web_sys::js_sys::JsString::from(text).to_lower_case())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        text.to_lowercase()
    }
}

/// The browser's preferred languages, best first.
pub fn browser_languages() -> Vec<String> {
    web_sys::window()
        .map(|w| {
            w.navigator()
                .languages()
                .iter()
                .filter_map(|v| v.as_string())
                .collect()
        })
        .unwrap_or_default()
}

/// Tell the page (screen readers, hyphenation) which language it is in, and leave the crash
/// screen's texts in it for `public/crash.js` (release builds, where a panic is a trap that no
/// Rust code outlives: see src/panic.rs).
pub fn mark_document(lang: Lang) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = el.set_attribute("lang", lang.code());
        for (name, key) in [
            ("data-crash-title", K::crash_title),
            ("data-crash-hint", K::crash_hint),
            ("data-crash-reload", K::crash_reload),
        ] {
            let _ = el.set_attribute(name, t(key));
        }
    }
}

/// The checks every table of texts passes, for its own tests.
#[cfg(test)]
pub(crate) mod checks {
    use super::*;

    /// Each key once, each English text non-empty, plural texts in two forms (one|other).
    pub(crate) fn english_is_sound<T: Table>() {
        let mut keys: Vec<&str> = T::keys().collect();
        assert_eq!(keys.len(), T::COUNT, "one name per key");
        assert_eq!(T::english().count(), T::COUNT, "one English text per key");
        keys.sort_unstable();
        let n = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), n, "a key is listed twice");
        for (key, text) in T::keys().zip(T::english()) {
            assert!(!text.trim().is_empty(), "{key} is empty");
            if text.contains('|') {
                assert_eq!(text.split('|').count(), 2, "{key}: English has one|other");
            }
        }
    }

    /// What is wrong with table `T`'s packs in public/i18n (a missing file, key, placeholder or
    /// plural form), one entry per pack at fault.
    pub(crate) fn pack_problems<T: Table>() -> Vec<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut report = Vec::new();
        for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
            let path = dir.join(T::pack_url(lang));
            let problems = match std::fs::read_to_string(&path) {
                Ok(json) => match parse_texts::<T>(lang, &json) {
                    Ok((_, problems)) => problems,
                    Err(e) => vec![e],
                },
                Err(e) => vec![e.to_string()],
            };
            if !problems.is_empty() {
                report.push(format!(
                    "{}: {} problem(s):\n  {}",
                    path.display(),
                    problems.len(),
                    problems.join("\n  ")
                ));
            }
        }
        report
    }

    /// Table `T`'s pack in `lang`, read from public/i18n (English: the built-in texts).
    pub(crate) fn pack<T: Table>(lang: Lang) -> Texts<T> {
        if lang == Lang::En {
            return Texts::english();
        }
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(T::pack_url(lang));
        let json = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        parse_texts::<T>(lang, &json).unwrap().0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_language_is_used_unless_the_player_chose_one() {
        let browser = vec!["de-AT".to_string(), "en".to_string()];
        assert_eq!(detect(None, &browser), Lang::De);
        assert_eq!(detect(Some("cs"), &browser), Lang::Cs);
        assert_eq!(detect(Some("xx"), &browser), Lang::De);
        assert_eq!(detect(None, &["ja".to_string()]), Lang::En);
        assert_eq!(Lang::from_code("NL_be"), Some(Lang::Nl));
    }

    #[test]
    fn plural_rules_follow_each_language() {
        let idx = |l: Lang| [0, 1, 2, 3, 4, 5, 21].map(|n| l.plural_index(n));
        assert_eq!(idx(Lang::En), [1, 0, 1, 1, 1, 1, 1]);
        assert_eq!(idx(Lang::Fr), [0, 0, 1, 1, 1, 1, 1]);
        assert_eq!(idx(Lang::De), [1, 0, 1, 1, 1, 1, 1]);
        assert_eq!(idx(Lang::Cs), [2, 0, 1, 1, 1, 2, 2]);
    }

    #[test]
    fn placeholders_are_filled_and_unknown_braces_kept() {
        assert_eq!(
            fill("{a} and {b} {c}", &[("a", &1), ("b", &"x")]),
            "1 and x {c}"
        );
        assert_eq!(placeholders("{n} of {name}, {n}"), vec!["n", "name"]);
    }

    #[test]
    fn english_keys_are_unique_and_texts_are_sound() {
        checks::english_is_sound::<K>();
    }

    /// Every pack in public/i18n has every key, with the same placeholders and the right number of
    /// plural forms: a missing key fails here, not in a player's hands.
    #[test]
    fn packs_are_complete() {
        let report = checks::pack_problems::<K>();
        assert!(report.is_empty(), "{}", report.join("\n"));
    }

    /// A pack of one table is not read as a pack of another: the key names decide.
    #[test]
    fn a_table_reads_its_own_keys_only() {
        let (pack, problems) =
            parse_texts::<K>(Lang::Fr, r#"{"list_and": "{list} et {last}"}"#).unwrap();
        assert_eq!(pack.get(K::list_and), "{list} et {last}");
        assert_eq!(
            pack.get(K::back),
            "Back",
            "a missing key keeps its English text"
        );
        assert_eq!(problems.len(), K::COUNT - 1);
        assert!(problems.iter().any(|p| p == "back: missing"));
        assert_eq!(K::pack_url(Lang::De), "public/i18n/de.json");
    }

    /// French read "la carte de Ann"; it is "la carte d'Ann".
    #[test]
    fn french_elides_de_before_a_vowel() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public/i18n");
        let json = std::fs::read_to_string(dir.join("fr.json")).unwrap();
        let (pack, _) = parse_texts::<K>(Lang::Fr, &json).unwrap();
        set_pack(pack);
        assert_eq!(
            tf(K::end_reveal_next, &[("name", &"Ann")]),
            "Révéler la carte d'Ann"
        );
        assert_eq!(
            tf(K::end_reveal_next, &[("name", &"Bo")]),
            "Révéler la carte de Bo"
        );
        assert_eq!(
            tf(K::end_reveal_next, &[("name", &"Éloïse")]),
            "Révéler la carte d'Éloïse"
        );
        assert!(
            tf(K::curtain_galahad_title, &[("name", &"Yvain")])
                .ends_with("la carte Loyauté d'Yvain")
        );
        assert!(
            tf(K::saved_delete_question, &[("names", &"Ann, Bo et Cy")])
                .starts_with("Supprimer la partie d'Ann, Bo et Cy")
        );
        // Only the word "de", and only in French; a text ending in any letter is safe to fill.
        assert_eq!(fill("Mode {x}", &[("x", &"A")]), "Mode A");
        assert_eq!(fill("Épée n° {x}", &[("x", &"1")]), "Épée n° 1");
        assert_eq!(fill("Clé: {x}", &[("x", &"Ann")]), "Clé: Ann");
        set_pack(Pack::english());
        assert_eq!(fill("de {x}", &[("x", &"Ann")]), "de Ann");
    }

    #[test]
    fn plural_texts_pick_the_languages_form() {
        let (pack, _) = parse_texts::<K>(
            Lang::Cs,
            &format!(
                "{{\"{}\": \"{{n}} meč|{{n}} meče|{{n}} mečů\"}}",
                K::keys().nth(K::n_swords as usize).unwrap()
            ),
        )
        .unwrap();
        set_pack(pack);
        assert_eq!(tn(K::n_swords, 1, &[]), "1 meč");
        assert_eq!(tn(K::n_swords, 3, &[]), "3 meče");
        assert_eq!(tn(K::n_swords, 7, &[]), "7 mečů");
        set_pack(Pack::english());
        assert_eq!(tn(K::n_swords, 1, &[]), "1 sword");
        assert_eq!(tn(K::n_swords, 0, &[]), "0 swords");
    }
}
