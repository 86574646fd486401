//! White cards shared face up (§2.7, §4.1, §9.20, §9.25): by agreement, or else dealt at random
//! one at a time from the lead, clockwise.

use super::*;

impl Game {
    /// Draw `count` white cards face up and share them among `to`.
    pub(crate) fn start_share(
        &mut self,
        kind: ShareKind,
        count: u8,
        to: u8,
        lead: Seat,
        chooser: Option<Seat>,
    ) {
        let mut cards = [White::Fight1; 7];
        let mut len = 0u8;
        for _ in 0..count.min(7) {
            let Some(w) = self.pop_white() else { break };
            cards[usize::from(len)] = w;
            len += 1;
        }
        if len == 0 {
            return;
        }
        ev!(
            self,
            Event::WhiteCardsShown {
                cards: cards[..usize::from(len)].to_vec()
            }
        );
        self.stack.push(Frame::Share(Share {
            kind,
            cards,
            len,
            to,
            lead,
            chooser: chooser.unwrap_or(lead),
            stage: if chooser.is_some() {
                ShareStage::ChooseLead
            } else {
                ShareStage::Propose
            },
            proposal: [lead; 7],
            assigned: 0,
            asked: 0,
            who: chooser.unwrap_or(lead),
        }));
    }

    /// No agreement: shuffle the cards and deal them one at a time from the lead, clockwise.
    pub(crate) fn deal_at_random(&mut self, sh: &Share) {
        // Fixed arrays rather than vectors: dealing allocates nothing.
        let mut all = sh.cards;
        let cards = &mut all[..usize::from(sh.len)];
        // The deal's fixed picks choose the first cards dealt; the generator shuffles the rest.
        let mut fixed = 0;
        while fixed + 1 < cards.len() {
            let left = cards.len() - fixed;
            let Some(k) = self.fixed_pick(left as u8) else {
                break;
            };
            cards[fixed..=fixed + usize::from(k)].rotate_right(1);
            fixed += 1;
        }
        camelot_kit::shuffle(&mut cards[fixed..], &mut self.rng);
        let mut order = [Seat(0); MAX_PLAYERS as usize];
        let mut seats = 0;
        for s in self.seats_from(sh.lead) {
            if sh.to & (1 << s.0) != 0 && self.on_board(s) {
                order[seats] = s;
                seats += 1;
            }
        }
        if seats == 0 {
            self.white_discard.extend_from_slice(cards);
            return;
        }
        let mut shares = [(Seat(0), White::Merlin); 7];
        for (i, &w) in cards.iter().enumerate() {
            shares[i] = (order[i % seats], w);
        }
        let shares = &shares[..cards.len()];
        self.give_shares(sh.kind, shares, true);
    }

    pub(super) fn give_shares(
        &mut self,
        kind: ShareKind,
        shares: &[(Seat, White)],
        at_random: bool,
    ) {
        for &(seat, card) in shares {
            if self.on_board(seat) {
                self.sm(seat).hand.add(card);
            } else {
                self.white_discard.push(card);
            }
        }
        ev!(
            self,
            Event::CardsShared {
                kind,
                shares: shares.to_vec(),
                at_random
            }
        );
    }

    /// Convocation's cards once the knights have moved: one per knight now in Camelot (§9.25).
    pub(super) fn convocation_cards(&mut self, player: Seat) {
        let to = self.present_at(Place::Camelot);
        let count = to.count_ones() as u8;
        match count {
            0 => {}
            1 => {
                if let Some(s) = self.seats_from(player).find(|s| to & (1 << s.0) != 0) {
                    self.draw_white(s, 1);
                }
            }
            _ => {
                let lead = self
                    .seats_from(player)
                    .find(|s| to & (1 << s.0) != 0)
                    .unwrap_or(player);
                self.start_share(ShareKind::Convocation, count, to, lead, None);
            }
        }
    }
}
