//! Where every card is ([`Census`]), for the invariant that the box's 168 cards are always all
//! somewhere.

use super::*;

/// Where every card is: counts of each white and black card and of each loyalty card, over every
/// place a card can be (piles, hands, quests, cards in play, the steps being resolved, the box).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Census {
    pub white: [u32; WHITE_KINDS],
    pub black: [u32; BLACK_KINDS],
    pub loyal: u32,
    pub traitor: u32,
}

impl Census {
    pub fn total(&self) -> u32 {
        self.white.iter().sum::<u32>() + self.black.iter().sum::<u32>() + self.loyal + self.traitor
    }

    /// Every card where it is, kind by kind, is the box's whole manifest (the checks of a save
    /// read back and of the worlds the expert plays out).
    #[cfg(test)]
    pub(crate) fn matches_the_box(&self) -> bool {
        WHITE_MANIFEST
            .iter()
            .all(|&(w, k)| self.white[w.index()] == u32::from(k))
            && BLACK_MANIFEST
                .iter()
                .all(|&(b, k)| self.black[b.index()] == u32::from(k))
            && self.loyal == u32::from(LOYAL_CARDS)
            && self.traitor == u32::from(TRAITOR_CARDS)
    }
}

impl Game {
    /// Count every card wherever it is (for invariant checks).
    pub fn census(&self) -> Census {
        let mut c = Census {
            white: [0; WHITE_KINDS],
            black: [0; BLACK_KINDS],
            loyal: u32::from(self.boxed.loyal),
            traitor: u32::from(self.boxed.traitor),
        };
        let mut w = |card: White, k: u32| c.white[card.index()] += k;
        for &x in self.white_deck.iter().chain(&self.white_discard) {
            w(x, 1);
        }
        for card in White::ALL {
            w(card, u32::from(self.boxed.white[card.index()]));
        }
        for s in &self.seats {
            for card in White::ALL {
                w(card, u32::from(s.hand.count(card)));
            }
        }
        for combat in [&self.black_knight, &self.lancelot, &self.dragon] {
            for &v in combat.white() {
                if let Some(card) = White::fight(v) {
                    w(card, 1);
                }
            }
        }
        for war in &self.wars {
            for i in 0..war.cards {
                if let Some(card) = White::fight((i + 1).min(5)) {
                    w(card, 1);
                }
            }
        }
        w(
            White::Grail,
            self.grail.iter().filter(|s| **s == Spot::Grail).count() as u32,
        );
        if self.heroism.is_some() {
            w(White::Heroism, 1);
        }
        let mut b = |card: Black, k: u32| c.black[card.index()] += k;
        for &x in self.black_deck.iter().chain(&self.black_discard) {
            b(x, 1);
        }
        for card in Black::ALL {
            b(card, u32::from(self.boxed.black[card.index()]));
        }
        for combat in [&self.black_knight, &self.lancelot, &self.dragon] {
            for p in combat.black() {
                b(p.card, 1);
            }
        }
        for spot in self.grail {
            match spot {
                Spot::Despair => b(Black::Despair, 1),
                Spot::Desolation => b(Black::Desolation, 1),
                _ => {}
            }
        }
        for (flag, card) in [
            (self.dark_forest, Black::DarkForest),
            (self.vivien, Black::Vivien),
            (self.mists, Black::MistsOfAvalon),
            (self.wars.iter().any(|w| w.mordred), Black::Mordred),
        ] {
            if flag {
                b(card, 1);
            }
        }
        for frame in &self.stack {
            match *frame {
                Frame::Offer { cards, len, .. } => {
                    for &x in &cards[..usize::from(len)] {
                        c.white[x.index()] += 1;
                    }
                }
                Frame::Share(sh) => {
                    for &x in &sh.cards[..usize::from(sh.len)] {
                        c.white[x.index()] += 1;
                    }
                }
                Frame::ArmorKeep { cards, .. } | Frame::PercivalBottom { cards } => {
                    for x in cards {
                        c.black[x.index()] += 1;
                    }
                }
                Frame::Black(st) => {
                    c.black[st.card.index()] += 1;
                    c.white[White::Merlin.index()] +=
                        st.committed.iter().map(|&k| u32::from(k)).sum::<u32>();
                }
                Frame::Siege(s) => {
                    for v in 1..=5u8 {
                        if let Some(card) = White::fight(v) {
                            c.white[card.index()] += u32::from(s.cards[usize::from(v - 1)]);
                        }
                    }
                }
                Frame::Clairvoyance { cards, len, .. } => {
                    for &x in &cards[..usize::from(len)] {
                        c.black[x.index()] += 1;
                    }
                }
                Frame::Arthur { card, .. } => c.white[card.index()] += 1,
                Frame::Morgan3 { .. } => c.black[Black::Morgan3.index()] += 1,
                _ => {}
            }
        }
        for s in &self.seats {
            match s.loyalty {
                Loyalty::Loyal => c.loyal += 1,
                Loyalty::Traitor => c.traitor += 1,
            }
        }
        c
    }
}
