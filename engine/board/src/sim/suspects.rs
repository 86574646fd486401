//! The public record read for the Traitor ([`suspicion`], [`Suspect`]): each knight's counts
//! against the table's.

use super::*;

/// The knight whose public record looks most like the Traitor's, to one seat's eyes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suspect {
    pub seat: Seat,
    /// How far his record stands out from the table's (see [`suspicion`]).
    pub score: i32,
    /// How much more than the next knight's.
    pub margin: i32,
}

/// Weights of the public record in [`suspicion`]: black cards drawn, siege engines added, life
/// lost to the Progression of Evil, cards played on quests, siege engines removed, white cards in
/// hand, a false accusation. Tuned on simulated games against the built-in Traitor.
const SUSPICION_WEIGHTS: [i32; 7] = [0, 12, -3, -11, -20, 7, 30];
/// A Loyal knight accuses when the suspect's record stands out by this much from the table's …
const ACCUSE_SCORE: i32 = 40;
/// … and by this much from the next knight's.
const ACCUSE_MARGIN: i32 = 40;

impl Suspect {
    /// The knight `v`'s seat would suspect most (none with fewer than two others to choose from).
    pub(super) fn of(v: &Glimpse) -> Option<Suspect> {
        let marks = suspicion(v);
        let me = v.seat();
        let mut best: Option<(Seat, i32)> = None;
        let mut second = i32::MIN;
        for i in 0..v.players() {
            let s = Seat(i);
            // A knight an accusation showed Loyal is no suspect.
            if s == me || !v.on_board(s) || v.shown_loyal_on(s).is_some() {
                continue;
            }
            let m = marks[usize::from(i)];
            match best {
                Some((_, b)) if m <= b => second = second.max(m),
                _ => {
                    if let Some((_, b)) = best {
                        second = second.max(b);
                    }
                    best = Some((s, m));
                }
            }
        }
        let (seat, score) = best?;
        Some(Suspect {
            seat,
            score,
            margin: if second == i32::MIN {
                score
            } else {
                score - second
            },
        })
    }

    /// Enough to accuse him. A correct accusation lays a white sword and cancels the Traitor's
    /// flip of two at the end; an unmasked Traitor adds evil every turn. So a Loyal knight accuses
    /// when the accusation would lay the twelfth sword with the white ones ahead (a correct one
    /// wins on the spot) and the suspect's record stands out; never when a wrong one would flip
    /// the seventh black sword.
    pub(super) fn convincing(&self, v: &Glimpse) -> bool {
        Suspect::decisive(v.swords()) && self.score >= ACCUSE_SCORE && self.margin >= ACCUSE_MARGIN
    }

    /// A correct accusation would lay the twelfth sword with the white ones ahead, and a wrong
    /// one would not flip the seventh black sword.
    #[inline]
    pub(super) fn decisive(swords: Swords) -> bool {
        !(swords.white > 0 && swords.black + 1 >= BLACK_SWORDS_LOSE)
            && swords.total() + 1 >= SWORDS_END
            && swords.white + 1 > swords.black
    }
}

/// The counts of `s`'s public record that [`suspicion`] weighs, in [`SUSPICION_WEIGHTS`] order.
pub(super) fn record(v: &Glimpse, s: Seat) -> [i32; 7] {
    let d = v.deeds(s);
    [
        i32::from(d.black_cards_drawn),
        i32::from(d.siege_engines_added),
        i32::from(d.life_lost_to_evil),
        i32::from(d.quest_cards_played),
        i32::from(d.siege_engines_removed),
        i32::from(v.hand_len(s)),
        i32::from(v.accused_a_loyal_knight(s)),
    ]
}

/// What in `target`'s record weighs most in [`suspicion`].
pub(super) fn clue(v: &Glimpse, target: Seat) -> Clue {
    let mut sum = [0i32; 7];
    let mut k = 0;
    for s in (0..v.players()).map(Seat).filter(|&s| v.on_board(s)) {
        let f = record(v, s);
        for j in 0..7 {
            sum[j] += f[j];
        }
        k += 1;
    }
    let f = record(v, target);
    let mut best = (i32::MIN, 1);
    for j in 0..7 {
        let w = SUSPICION_WEIGHTS[j] * (f[j] * k - sum[j]);
        if w > best.0 {
            best = (w, j);
        }
    }
    let count = |j: usize| f[j].clamp(0, 255) as u8;
    match best.1 {
        0 => Clue::DrewBlackCards { count: count(0) },
        1 => Clue::AddedSiegeEngines { count: count(1) },
        2 => Clue::SparesHisLife { count: count(2) },
        3 => Clue::FewQuestCards { count: count(3) },
        4 => Clue::FewSiegeEnginesRemoved { count: count(4) },
        5 => Clue::Hoards { cards: count(5) },
        _ => Clue::FalseAccusation,
    }
}

/// How much each knight's public record looks like the Traitor's, by seat: each count against the
/// mean of the knights on the board (the seat looking included), weighted by
/// [`SUSPICION_WEIGHTS`]. 0 for the knights off the board.
pub fn suspicion(v: &Glimpse) -> [i32; 8] {
    let features = |s: Seat| record(v, s);
    let mut all = [[0i32; 7]; 8];
    let mut sum = [0i32; 7];
    let mut k = 0;
    for i in 0..v.players() {
        let s = Seat(i);
        if !v.on_board(s) {
            continue;
        }
        let f = features(s);
        for j in 0..7 {
            sum[j] += f[j];
        }
        all[usize::from(i)] = f;
        k += 1;
    }
    let mut marks = [0; 8];
    if k == 0 {
        return marks;
    }
    for i in 0..v.players() {
        if !v.on_board(Seat(i)) {
            continue;
        }
        let f = all[usize::from(i)];
        marks[usize::from(i)] = (0..7)
            .map(|j| SUSPICION_WEIGHTS[j] * (f[j] * k - sum[j]))
            .sum::<i32>()
            / k;
    }
    marks
}
