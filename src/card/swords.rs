//! The sword tally: the 16 Swords of the Round Table, white ones laid from the left, black ones from
//! the right, with the mark of 7 for each side.

use super::cards::SwordIcon;
use crate::i18n::{K, tf, tn};
use camelot_card::Swords;
use leptos::prelude::*;

pub const IN_ALL: u8 = 16;

/// What each of the 16 places shows: "white", "black" or "empty".
pub fn slots(s: Swords) -> Vec<&'static str> {
    (0..IN_ALL)
        .map(|i| {
            if i < s.white {
                "white"
            } else if i >= IN_ALL - s.black.min(IN_ALL) {
                "black"
            } else {
                "empty"
            }
        })
        .collect()
}

#[component]
pub fn SwordTally(#[prop(into)] swords: Signal<Swords>) -> impl IntoView {
    view! {
        <section class="tally" data-testid="sword-tally"
            aria-label=move || {
                let s = swords.get();
                tf(K::swords_label, &[
                    ("white", &tn(K::swords_white_count, s.white.into(), &[])),
                    ("black", &tn(K::swords_black_count, s.black.into(), &[])),
                ])
            }>
            <div class="tally-counts">
                <span class="count white" data-testid="white-swords">
                    {move || swords.get().white}
                    <small>" "{move || tn(K::swords_white_word, swords.get().white.into(), &[])}</small>
                </span>
                <span class="goal">{tf(K::swords_goal, &[("n", &7)])}</span>
                <span class="count black" data-testid="black-swords">
                    {move || swords.get().black}
                    <small>" "{move || tn(K::swords_black_word, swords.get().black.into(), &[])}</small>
                </span>
            </div>
            <div class="tally-row">
                {move || {
                    slots(swords.get())
                        .into_iter()
                        .enumerate()
                        .map(|(i, kind)| {
                            let mark = if i == 6 {
                                " mark-white"
                            } else if i == 9 {
                                " mark-black"
                            } else {
                                ""
                            };
                            view! {
                                <span class=format!("slot {kind}{mark}")>
                                    <SwordIcon class=kind />
                                </span>
                            }
                        })
                        .collect_view()
                }}
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_from_the_left_black_from_the_right() {
        let s = slots(Swords { white: 2, black: 3 });
        assert_eq!(&s[..3], &["white", "white", "empty"]);
        assert_eq!(&s[13..], &["black", "black", "black"]);
        assert_eq!(s.iter().filter(|k| **k == "empty").count(), 11);
        let full = slots(Swords { white: 9, black: 7 });
        assert!(full.iter().all(|k| *k != "empty"));
    }
}
