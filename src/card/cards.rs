//! Our own card faces, drawn in SVG and CSS: one symbol and colour per quest, Merlin, Morgan,
//! Mordred, Vivien, the card back, Loyalty and Knight cards, and the sword.

use super::words::{
    card_effect, card_name, knight_name, loyalty_text, quest_stack_name, value_text,
};
use crate::i18n::{K, fill, t, tf, tn};
use camelot_card::{Card, Knight, Loyalty, Morgan, Quest, QuestStack};
use leptos::prelude::*;

/// The symbol families drawn on cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sym {
    Quest(Quest),
    Merlin,
    Morgan,
    Mordred,
    Vivien,
    Back,
    Loyal,
    Traitor,
    Knight,
}

impl Sym {
    pub fn of(c: Card) -> Sym {
        match c {
            Card::Quest(q, _) => Sym::Quest(q),
            Card::Morgan(_) => Sym::Morgan,
            Card::Merlin(_) => Sym::Merlin,
            Card::Mordred => Sym::Mordred,
            Card::Vivien => Sym::Vivien,
        }
    }

    pub fn class(self) -> &'static str {
        match self {
            Sym::Quest(q) => q.code(),
            Sym::Merlin => "merlin",
            Sym::Morgan => "morgan",
            Sym::Mordred => "mordred",
            Sym::Vivien => "vivien",
            Sym::Back => "back",
            Sym::Loyal => "loyal",
            Sym::Traitor => "traitor",
            Sym::Knight => "knight",
        }
    }
}

/// A symbol as inline SVG (colour from CSS `currentColor`). The drawings are our own; they are
/// static markup set as the `<svg>`'s content (far less code than building each shape).
#[component]
pub fn Symbol(sym: Sym) -> impl IntoView {
    let body: &'static str = match sym {
        // Picts: a woad spiral.
        Sym::Quest(Quest::Picts) => {
            r#"<path d="M50 50 a4 4 0 0 1 8 0 a8 8 0 0 1 -16 0 a12 12 0 0 1 24 0 a16 16 0 0 1 -32 0 a20 20 0 0 1 40 0 a24 24 0 0 1 -48 0" fill="none" stroke="currentColor" stroke-width="6" stroke-linecap="round"/>"#
        }
        // Saxons: a round shield with its boss and rivets.
        Sym::Quest(Quest::Saxons) => concat!(
            r#"<circle cx="50" cy="50" r="36" fill="none" stroke="currentColor" stroke-width="7"/>"#,
            r#"<path d="M50 14 V86 M14 50 H86" stroke="currentColor" stroke-width="5"/>"#,
            r#"<circle cx="50" cy="50" r="10" fill="currentColor"/>"#,
        ),
        // Dragon: a flame.
        Sym::Quest(Quest::Dragon) => {
            r#"<path d="M50 10 C64 32 82 44 74 68 C69 82 58 90 50 90 C36 90 24 79 27 62 C29 50 40 45 42 32 C47 41 51 47 53 57 C59 46 58 28 50 10 Z" fill="currentColor"/>"#
        }
        // Excalibur: a sword, point up.
        Sym::Quest(Quest::Excalibur) => concat!(
            r#"<path d="M50 6 L57 18 L57 62 L43 62 L43 18 Z" fill="currentColor"/>"#,
            r#"<rect x="28" y="62" width="44" height="8" rx="3" fill="currentColor"/>"#,
            r#"<rect x="46" y="70" width="8" height="16" fill="currentColor"/>"#,
            r#"<circle cx="50" cy="90" r="6" fill="currentColor"/>"#,
        ),
        // Holy Grail: a cup.
        Sym::Quest(Quest::Grail) => concat!(
            r#"<path d="M26 14 L74 14 C74 44 63 56 50 58 C37 56 26 44 26 14 Z" fill="currentColor"/>"#,
            r#"<rect x="46" y="58" width="8" height="18" fill="currentColor"/>"#,
            r#"<path d="M32 76 L68 76 L72 88 L28 88 Z" fill="currentColor"/>"#,
        ),
        // Merlin: a star.
        Sym::Merlin => {
            r#"<polygon points="50,8 61,38 93,38 67,57 77,89 50,70 23,89 33,57 7,38 39,38" fill="currentColor"/>"#
        }
        // Morgan: a crescent moon.
        Sym::Morgan => {
            r#"<path d="M72 10 A40 40 0 1 0 72 90 A50 50 0 0 1 72 10 Z" fill="currentColor"/>"#
        }
        // Mordred: a crown.
        Sym::Mordred => concat!(
            r#"<path d="M14 72 L18 28 L36 50 L50 20 L64 50 L82 28 L86 72 Z" fill="currentColor"/>"#,
            r#"<rect x="14" y="76" width="72" height="10" rx="3" fill="currentColor"/>"#,
        ),
        // Vivien: the lake's waves.
        Sym::Vivien => {
            r#"<path d="M10 34 q10 -12 20 0 t20 0 t20 0 t20 0 M10 54 q10 -12 20 0 t20 0 t20 0 t20 0 M10 74 q10 -12 20 0 t20 0 t20 0 t20 0" fill="none" stroke="currentColor" stroke-width="7" stroke-linecap="round"/>"#
        }
        // The back: the Round Table.
        Sym::Back => concat!(
            r#"<circle cx="50" cy="50" r="38" fill="none" stroke="currentColor" stroke-width="5"/>"#,
            r#"<circle cx="50" cy="50" r="14" fill="none" stroke="currentColor" stroke-width="4"/>"#,
            r#"<path d="M50 12 V36 M50 64 V88 M12 50 H36 M64 50 H88 M23 23 L40 40 M60 60 L77 77 M77 23 L60 40 M40 60 L23 77" stroke="currentColor" stroke-width="4"/>"#,
        ),
        // Loyal: a shield with a cross.
        Sym::Loyal => concat!(
            r#"<path d="M50 8 L86 20 C86 56 72 78 50 92 C28 78 14 56 14 20 Z" fill="currentColor"/>"#,
            r#"<path d="M50 22 V78 M30 40 H70" stroke="var(--card-bg, #fff)" stroke-width="9"/>"#,
        ),
        // Traitor: a dagger.
        Sym::Traitor => concat!(
            r#"<path d="M50 6 L58 20 L56 58 L44 58 L42 20 Z" fill="currentColor"/>"#,
            r#"<rect x="30" y="58" width="40" height="8" rx="3" fill="currentColor"/>"#,
            r#"<rect x="45" y="66" width="10" height="18" fill="currentColor"/>"#,
            r#"<circle cx="50" cy="89" r="6" fill="currentColor"/>"#,
        ),
        // Knight: a helmet.
        Sym::Knight => concat!(
            r#"<path d="M24 88 L24 46 C24 16 76 16 76 46 L76 88 Z" fill="currentColor"/>"#,
            r#"<path d="M34 50 H66 M50 30 V88" stroke="var(--card-bg, #fff)" stroke-width="6"/>"#,
        ),
    };
    view! {
        <svg class="symbol" viewBox="0 0 100 100" aria-hidden="true" focusable="false"
            inner_html=body></svg>
    }
}

/// The mark in a card's corner: the rumor value, or the character's number.
fn corner(c: Card) -> String {
    match c {
        Card::Quest(_, v) => value_text(v).to_string(),
        Card::Morgan(Morgan::Four(b)) => format!("+{}", b.bonus()),
        Card::Morgan(m) => m.number().to_string(),
        Card::Merlin(m) => m.number().to_string(),
        Card::Mordred | Card::Vivien => String::new(),
    }
}

fn title(c: Card) -> String {
    match c {
        Card::Quest(q, _) => quest_stack_name(QuestStack::Quest(q)),
        Card::Morgan(m) => tf(K::card_morgan, &[("n", &m.number())]),
        Card::Merlin(m) => tf(K::card_merlin, &[("n", &m.number())]),
        Card::Mordred => t(K::card_mordred).into(),
        Card::Vivien => t(K::card_vivien).into(),
    }
}

/// A Rumor card face up. `size`: "big", "mid" or "small".
#[component]
pub fn CardFace(card: Card, #[prop(default = "mid")] size: &'static str) -> impl IntoView {
    let sym = Sym::of(card);
    let class = format!("card face {} {size}", sym.class());
    let swords = match card {
        Card::Quest(q, _) => Some(q.swords()),
        _ => None,
    };
    let big = size != "small";
    view! {
        <div class=class role="img" aria-label=card_name(card) data-card=card.code()>
            <span class="corner">{corner(card)}</span>
            <Symbol sym=sym />
            <span class="title">{title(card)}</span>
            {big.then(|| {
                view! {
                    {swords.map(|n| view! { <span class="worth">{sword_worth(n)}</span> })}
                    <span class="effect">{card_effect(card)}</span>
                }
            })}
        </div>
    }
}

fn sword_worth(n: u8) -> String {
    tn(K::n_swords, n.into(), &[])
}

/// A Rumor card's back (face down).
#[component]
pub fn CardBack(#[prop(default = "mid")] size: &'static str) -> impl IntoView {
    view! {
        <div class=format!("card back {size}") role="img" aria-label=t(K::card_back_label)>
            <Symbol sym=Sym::Back />
        </div>
    }
}

/// A Loyalty card face up.
#[component]
pub fn LoyaltyFace(loyalty: Loyalty, #[prop(default = "mid")] size: &'static str) -> impl IntoView {
    let sym = match loyalty {
        Loyalty::Loyal => Sym::Loyal,
        Loyalty::Traitor => Sym::Traitor,
    };
    let name = loyalty_text(loyalty);
    view! {
        <div class=format!("card loyalty {} {size}", sym.class()) role="img" aria-label=name>
            <Symbol sym=sym />
            <span class="title">{name}</span>
        </div>
    }
}

/// A Loyalty card face down.
#[component]
pub fn LoyaltyBack(#[prop(default = "mid")] size: &'static str) -> impl IntoView {
    view! {
        <div class=format!("card loyalty-back {size}") role="img" aria-label=t(K::card_loyalty_back_label)>
            <Symbol sym=Sym::Back />
            <span class="title">{t(K::card_loyalty)}</span>
        </div>
    }
}

/// A Knight card face up.
#[component]
pub fn KnightFace(knight: Knight) -> impl IntoView {
    let (when, what) = super::words::knight_text(knight);
    // "{when}: {what}" with the "when" in bold, in the language's own order and punctuation.
    let text = t(K::card_knight_when_what);
    let (before, after) = text.split_once("{when}").unwrap_or(("", "{what}"));
    let before = fill(before, &[("what", &what)]);
    let after = fill(after, &[("what", &what)]);
    let name = knight_name(knight);
    view! {
        <div class="card knight mid" role="img" aria-label=name>
            <Symbol sym=Sym::Knight />
            <span class="title">{name}</span>
            <span class="effect">{before}<b>{when}</b>{after}</span>
        </div>
    }
}

/// A sword: white or black face up.
#[component]
pub fn SwordIcon(#[prop(into)] class: String) -> impl IntoView {
    view! {
        <svg class=format!("sword {class}") viewBox="0 0 20 60" aria-hidden="true" focusable="false">
            <path d="M10 2 L14 10 L14 40 L6 40 L6 10 Z" />
            <rect x="1" y="40" width="18" height="4" rx="2" />
            <rect x="8" y="44" width="4" height="9" />
            <circle cx="10" cy="56" r="3" />
        </svg>
    }
}

/// The hush symbol of Morgan's silence: a speech bubble, struck through.
#[component]
pub fn HushIcon() -> impl IntoView {
    view! {
        <svg class="hush" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
            <path d="M18 22 H82 V64 H46 L28 82 V64 H18 Z" fill="none" stroke="currentColor" stroke-width="7" stroke-linejoin="round" />
            <path d="M12 88 L88 12" stroke="currentColor" stroke-width="8" stroke-linecap="round" />
        </svg>
    }
}
