//! What the deciding knight can do at each place, and how badly it is needed there.

use super::*;

/// Where the deciding knight stands: what he can do there, whether he can take the quest action,
/// and whether leaving would throw away his Fight cards on a solo quest.
#[derive(Clone, Copy, Debug)]
pub(super) struct Standing {
    pub(super) value: i32,
    pub(super) can_act: bool,
    pub(super) abandons_solo: bool,
}

impl Standing {
    #[inline]
    pub(super) fn at(
        v: &Glimpse,
        fights: &[u8; 5],
        engines: u8,
        place: Option<Place>,
        value: impl Fn(Place) -> i32,
    ) -> Standing {
        let can_act = can_act_at(v, fights, engines, place);
        Standing {
            value: place.map_or(0, value),
            can_act,
            abandons_solo: can_act
                && place
                    .and_then(Place::quest)
                    .is_some_and(|q| q.rules().solo && v.combat_white(q).iter().sum::<u8>() > 0),
        }
    }
}

/// What the deciding knight can do at each place and how badly it is needed there.
#[derive(Clone, Copy)]
pub(super) struct Worth<'g, 'a> {
    pub(super) v: &'g Glimpse<'a>,
    pub(super) fights: [u8; 5],
    pub(super) fight_sum: u8,
    pub(super) engines: u8,
}

impl Worth<'_, '_> {
    #[inline]
    pub(super) fn at(&self, place: Place) -> i32 {
        match place {
            Place::Camelot => self.camelot(),
            Place::BlackKnight => self.black_knight(),
            Place::Lancelot => self.lancelot(),
            Place::Dragon => self.dragon(),
            Place::Excalibur => self.excalibur(),
            Place::Grail => self.grail(),
            Place::PictWar => self.war(Quest::PictWar),
            Place::SaxonWar => self.war(Quest::SaxonWar),
        }
    }

    /// Every place at once (by `Place` order), without a dispatch per place.
    #[inline]
    pub(super) fn all(&self) -> [i32; 8] {
        [
            self.camelot(),
            self.black_knight(),
            self.lancelot(),
            self.dragon(),
            self.excalibur(),
            self.grail(),
            self.war(Quest::PictWar),
            self.war(Quest::SaxonWar),
        ]
    }

    #[inline(always)]
    fn camelot(&self) -> i32 {
        let len = self.v.hand().len();
        let siege = if self.engines >= SIEGE_FIGHT_NEAR && self.fight_sum >= 6 {
            20
        } else {
            0
        };
        let few = self.few_knights();
        let draw = if len < DRAW_LIMIT {
            44 + few - 4 * i32::from(len)
        } else {
            0
        };
        siege.max(draw)
    }

    /// At a small table each knight must do more, and the cards he holds are worth more: 10 more
    /// for each knight below five (tuned at 3, 5 and 7 knights). A War one warrior from lost, which
    /// would take them, gains twice as much: it still comes before drawing in Camelot.
    #[inline(always)]
    fn few_knights(&self) -> i32 {
        10 * (5 - i32::from(self.v.players())).max(0)
    }

    /// A War is worth going to with its next card in hand (the more warriors, the more).
    #[inline(always)]
    fn war(&self, q: Quest) -> i32 {
        let w = self.v.war(q);
        if w.cards < w.needed() && self.fights[usize::from(w.next_value() - 1)] > 0 {
            let urgent = if w.warriors + 1 >= WARRIORS_LOSE {
                2 * self.few_knights()
            } else {
                0
            };
            36 + 22 * i32::from(w.warriors) + urgent
        } else {
            0
        }
    }

    #[inline(always)]
    fn grail(&self) -> i32 {
        let v = self.v;
        let g = i32::from(v.hand().count(White::Grail));
        if v.dark_forest() || g == 0 || !v.quest_in_play(Quest::Grail) {
            return 0;
        }
        let black = v.grail_track().iter().filter(|s| s.is_black()).count() as i32;
        28 + 15 * g.min(4) + 2 * black
    }

    #[inline(always)]
    fn excalibur(&self) -> i32 {
        let v = self.v;
        let len = v.hand().len();
        if !v.quest_in_play(Quest::Excalibur) || len < 2 {
            return 0;
        }
        let pos = i32::from(v.excalibur_position());
        60 + 7 * i32::from(len.min(6)) + 10 * (-pos).max(0) + 3 * pos.max(0)
    }

    /// Values of which two or more Fight cards are held, and whether three of one value are.
    #[inline(always)]
    fn pairs(&self) -> (u8, bool) {
        let f = &self.fights;
        let mut pairs = 0;
        let mut triple = false;
        for &c in f {
            pairs += u8::from(c >= 2);
            triple |= c >= 3;
        }
        (pairs, triple)
    }

    #[inline(always)]
    fn black_knight(&self) -> i32 {
        if self.pairs().0 >= 2 {
            21 - 2 * i32::from(self.v.combat_black_len(Quest::BlackKnight))
        } else {
            0
        }
    }

    #[inline(always)]
    fn lancelot(&self) -> i32 {
        let (pairs, triple) = self.pairs();
        if triple && pairs >= 2 { 19 } else { 0 }
    }

    #[inline(always)]
    fn dragon(&self) -> i32 {
        let v = self.v;
        let f = &self.fights;
        let have = f[0] + f[1] + f[2] + f[3] + f[4];
        if !v.quest_in_play(Quest::Dragon) || have < 3 {
            return 0;
        }
        let (known, hidden) = v.combat_black(Quest::Dragon);
        2 + 2 * i32::from(have) + i32::from(known) / 2 + 4 * i32::from(hidden)
    }
}

/// Whether the deciding knight can take the quest action at `place`.
fn can_act_at(v: &Glimpse, fights: &[u8; 5], engines: u8, place: Option<Place>) -> bool {
    let hand = v.hand();
    match place {
        Some(Place::Camelot) => hand.len() < DRAW_LIMIT || engines > 0,
        Some(Place::Grail) => hand.has(White::Grail) && !v.dark_forest(),
        Some(Place::Excalibur) => !hand.is_empty(),
        Some(p @ (Place::PictWar | Place::SaxonWar)) => p.quest().is_some_and(|q| {
            let w = v.war(q);
            fights[usize::from(w.next_value() - 1)] > 0
        }),
        Some(p @ (Place::BlackKnight | Place::Lancelot | Place::Dragon)) => {
            p.quest().is_some_and(|q| {
                let base = v.combat_white(q);
                (0..5).any(|i| {
                    let mut c = base;
                    c[i] += 1;
                    fights[i] > 0 && pattern_completable(q.rules().pattern, &c)
                })
            })
        }
        None => false,
    }
}
