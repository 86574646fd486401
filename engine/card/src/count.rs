//! Counting a quest: the one place where the cards of a Threats pile come to totals, outcomes and
//! swords (`docs/rules-card-game.md` §3 steps 4–9).
//!
//! - `stack_total`, `main_outcome`, `secondary_outcome` and `swords` are the arithmetic of one
//!   quest's stack. The full breakdown ([`crate::resolve()`], which the app animates) and [`Tally`] both
//!   use them.
//! - [`Tally`] counts a pile card by card, per quest and value, without allocating and with every
//!   stack's total kept up to date; [`Totals`] then says what going on each quest would bring. The
//!   game resolves every quest with it (`resolve::verdict`, which falls back on the full
//!   breakdown in the rare piles whose order matters), and the simulation's players count the pile
//!   as they see it with it ([`crate::sim`]).

use crate::cards::{
    Card, MANIFEST_SWORDS, MERGED_PICTS_SAXONS_SWORDS, Merlin, Morgan, Quest, RumorValue,
};
use crate::resolve::{Colour, Outcome, ThreatCard};

// ---------------------------------------------------------------------------------------------------
// One stack's arithmetic
// ---------------------------------------------------------------------------------------------------

/// A stack's total (step 5): its numbered cards left, each `?` worth as many points as there are `?`s
/// (1 under Morgan #6), Mordred's bonus of one point per card on the Picts and the Saxons (`mordreds`:
/// Mordreds in the pile), and Morgan #4's bonus on a stack with any card left. Promo Merlin #6's bonus
/// is the main quest's, added by the caller. Worked out without a branch on the stack.
#[inline(always)]
pub(crate) fn stack_total(
    numbers: u16,
    questions: u8,
    cards: u16,
    picts_or_saxons: bool,
    morgan6: bool,
    mordreds: u16,
    morgan4: u16,
) -> u16 {
    let question_value = if morgan6 { 1 } else { u16::from(questions) };
    numbers
        + u16::from(questions) * question_value
        + u16::from(cards > 0) * morgan4
        + u16::from(picts_or_saxons) * mordreds * cards
}

/// The main quest's outcome (step 7): 11 to 13 (12 to 13 under Morgan #5), or Merlin #5 with exactly
/// five of its cards revealed, succeeds; 14 or more is a defeat; less, the rumors were baseless.
#[inline(always)]
pub(crate) fn main_outcome(total: u16, merlin5: bool, morgan5: bool) -> Outcome {
    let success_from = if morgan5 { 12 } else { 11 };
    if merlin5 || (success_from..=13).contains(&total) {
        Outcome::Success
    } else if total >= 14 {
        Outcome::Defeat
    } else {
        Outcome::Baseless
    }
}

/// A secondary quest's outcome (step 8): 14 or more is a defeat, anything less is harmless.
#[inline(always)]
pub(crate) fn secondary_outcome(total: u16) -> Outcome {
    if total >= 14 {
        Outcome::Defeat
    } else {
        Outcome::Harmless
    }
}

/// The swords an outcome places (step 9): the quest's `value` in white for a success and in black for
/// a defeat, one black sword for baseless rumors, none for a harmless quest — and one more for each
/// Morgan #3 on any quest that places swords.
#[inline(always)]
pub(crate) fn swords(outcome: Outcome, value: u8, morgan3: u8) -> Option<(Colour, u8)> {
    match outcome {
        Outcome::Success => Some((Colour::White, value + morgan3)),
        Outcome::Defeat => Some((Colour::Black, value + morgan3)),
        Outcome::Baseless => Some((Colour::Black, 1 + morgan3)),
        Outcome::Harmless => None,
    }
}

/// What a quest's resolution does to the game: the swords each stack places, by stack (its quest's
/// index; the merged Picts and Saxons at Picts'), the main quest's outcome, and whether Evil wins at
/// once (Morgan #7 and a main quest of 14 or more).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Verdict {
    pub swords: [Option<(Colour, u8)>; 5],
    pub main_outcome: Outcome,
    pub evil_wins_now: bool,
}

// ---------------------------------------------------------------------------------------------------
// Counting a pile without allocating
// ---------------------------------------------------------------------------------------------------

/// A Threats pile counted per quest and value — every card of it, or as much of it as one seat can
/// see — plus the characters that change the totals. [`Tally::totals`] then [`Totals::estimate`]
/// (or the game's verdict) follow [`crate::resolve()`] exactly for the cards counted (tests check it),
/// except where the pile's order matters, which [`Tally::order_matters`] tells: under promo Morgan #8
/// a Merlin #4 on the Picts or Saxons removes the topmost of a Pict and a Saxon of equal value, and
/// the pile's Merlins never remove a quest card Gawain played after them (while one Gawain plays
/// may). The policy of [`crate::sim`] lives with the first gap; the game falls back on the breakdown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cards per quest ([`Quest::index`]), by [`RumorValue`]: index 0 counts the `?`s (as
    /// `questions` does), 1 is a 2, 4 a 5 (so that a card is counted without a branch on its value).
    numbers: [[u8; 5]; 5],
    /// Per quest: the sum of the numbered cards, how many there are, how many `?`, and how many of
    /// them Gawain played (they are not revealed from the pile, for Merlin #5).
    sums: [u16; 5],
    numbered: [u8; 5],
    questions: [u8; 5],
    from_gawain: [u8; 5],
    mordreds: u8,
    morgan3: u8,
    morgan4: u8,
    morgan5: bool,
    morgan6: bool,
    morgan7: bool,
    morgan8: bool,
    merlin5: bool,
    /// The Merlins that remove cards, in pile order (their order matters under Morgan #8): 1 to 3 for
    /// Merlin #1 to #3, 4 + [`Quest::index`] for a Merlin #4 whose quest the counting seat knows;
    /// `merlins_lost` when there were more than the list holds (only in a stacked deal).
    merlins: [u8; 8],
    merlin_count: u8,
    merlins_lost: bool,
    /// Per quest, how many of its highest numbered cards the Merlins remove.
    removals: [u8; 5],
    cards: u8,
    /// The totals kept up to date card by card, valid unless a Morgan #8 merges two stacks (then
    /// [`Tally::totals`] works them out afresh, Merlin by Merlin in pile order).
    running: Totals,
}

const PICTS: usize = 0;
/// A numbered card's points by [`RumorValue`] (0 for a `?`, counted apart).
const POINTS: [u8; 5] = [0, 2, 3, 4, 5];
const SAXONS: usize = 1;

/// Every quest's total in a counted pile, after Merlin's removals (see [`Tally::totals`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Totals {
    /// Per stack ([`Quest::index`]; under Morgan #8 the merged stack sits at Picts and Saxons is empty).
    total: [u16; 5],
    /// Cards left in each stack, and cards revealed from the pile before Merlin's removals (for
    /// Merlin #5).
    left: [u8; 5],
    before: [u8; 5],
    /// Each stack's printed sword value (2 for the merged Picts and Saxons).
    value: [u8; 5],
    /// Black swords each stack places as a secondary quest (Morgan #3 included), and their sum.
    secondary: [u8; 5],
    secondary_sum: u16,
    morgan3: u8,
    morgan5: bool,
    morgan7: bool,
    morgan8: bool,
    merlin5: bool,
}

/// The totals of an empty pile: every quest at its printed sword value.
impl Default for Totals {
    fn default() -> Self {
        Totals {
            total: [0; 5],
            left: [0; 5],
            before: [0; 5],
            value: MANIFEST_SWORDS,
            secondary: [0; 5],
            secondary_sum: 0,
            morgan3: 0,
            morgan5: false,
            morgan7: false,
            morgan8: false,
            merlin5: false,
        }
    }
}

/// What going on a quest would bring, as far as a [`Tally`] knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    pub main_total: Option<u16>,
    pub main_outcome: Outcome,
    /// Swords of each colour placed by every quest in the pile (Morgan #3 included).
    pub white: u8,
    pub black: u8,
    /// Morgan #7 and a main total of 14 or more.
    pub evil_wins_now: bool,
}

impl Estimate {
    /// The quest's worth to the loyal side: white minus black swords, a lost game far below anything.
    pub fn net(&self) -> i16 {
        if self.evil_wins_now {
            -100
        } else {
            i16::from(self.white) - i16::from(self.black)
        }
    }
}

/// The black swords a secondary stack of this total places (0 when harmless).
#[inline(always)]
fn secondary_swords(total: u16, value: u8, morgan3: u8) -> u8 {
    swords(secondary_outcome(total), value, morgan3).map_or(0, |(_, n)| n)
}

impl Tally {
    /// Count one card (`merlin4`: the quest of a Merlin #4, when the counting seat knows it).
    #[inline(always)]
    pub fn add(&mut self, card: Card, merlin4: Option<Quest>) {
        self.cards = self.cards.saturating_add(1);
        // Quest cards (most of the deck) take the short way; the characters the long one.
        if let Card::Quest(q, v) = card {
            let i = self.count_quest(q, v);
            if self.removals[i] == 0 && i < 5 {
                // No Merlin removes from this stack: every card in it is left.
                let n = self.numbered[i] + self.questions[i];
                let total = stack_total(
                    self.sums[i],
                    self.questions[i],
                    u16::from(n),
                    i <= SAXONS,
                    self.morgan6,
                    u16::from(self.mordreds),
                    u16::from(self.morgan4),
                );
                let r = &mut self.running;
                let secondary = secondary_swords(total, r.value[i], self.morgan3);
                r.secondary_sum =
                    r.secondary_sum - u16::from(r.secondary[i]) + u16::from(secondary);
                r.secondary[i] = secondary;
                r.total[i] = total;
                r.left[i] = n;
                r.before[i] = n - self.from_gawain[i];
            } else {
                self.restack(i);
            }
        } else {
            self.add_character::<true>(card, merlin4);
        }
    }

    /// Count a quest card (without the totals); its stack.
    #[inline(always)]
    fn count_quest(&mut self, q: Quest, v: RumorValue) -> usize {
        let i = q.index();
        // Counted without a branch on the value, which is anyone's guess.
        let v = v as usize;
        let question = v == RumorValue::Question as usize;
        self.numbers[i][v] += 1;
        self.sums[i] += u16::from(POINTS[v]);
        self.numbered[i] += u8::from(!question);
        self.questions[i] += u8::from(question);
        i
    }

    /// A whole revealed pile counted at once (Gawain's cards marked): the totals are worked out once,
    /// at the end, instead of card by card.
    pub fn of(cards: impl IntoIterator<Item = ThreatCard>) -> Tally {
        let mut t = Tally::default();
        for tc in cards {
            t.count(tc);
        }
        t.total_up();
        t
    }

    /// Count a card of a revealed pile without bringing the totals up to date: [`Tally::total_up`]
    /// does, once the last card is counted.
    #[inline(always)]
    pub(crate) fn count(&mut self, tc: ThreatCard) {
        self.cards = self.cards.saturating_add(1);
        match tc.card {
            Card::Quest(q, v) => {
                let i = self.count_quest(q, v);
                self.from_gawain[i] += u8::from(tc.gawain);
            }
            other => self.add_character::<false>(other, tc.merlin4),
        }
    }

    /// Work out every stack's totals after [`Tally::count`].
    pub(crate) fn total_up(&mut self) {
        for q in 0..5 {
            self.restack(q);
        }
    }

    /// Count a card of a revealed pile: as [`Tally::add`], minding whether Gawain played it.
    #[inline(always)]
    pub fn add_threat(&mut self, tc: ThreatCard) {
        if let (true, Card::Quest(q, _)) = (tc.gawain, tc.card) {
            self.from_gawain[q.index()] += 1;
        }
        self.add(tc.card, tc.merlin4);
    }

    /// Count a character card, and (`RESTACK`) bring the totals it changes up to date.
    #[inline(never)]
    fn add_character<const RESTACK: bool>(&mut self, card: Card, merlin4: Option<Quest>) {
        match card {
            Card::Quest(..) => {}
            Card::Morgan(m) => match m {
                Morgan::One | Morgan::Two => {}
                Morgan::Three => {
                    self.morgan3 += 1;
                    self.running.morgan3 = self.morgan3;
                    if RESTACK {
                        self.restack_all();
                    }
                }
                Morgan::Four(b) => {
                    self.morgan4 += b.bonus();
                    if RESTACK {
                        self.restack_all();
                    }
                }
                Morgan::Five => {
                    self.morgan5 = true;
                    self.running.morgan5 = true;
                }
                Morgan::Six => {
                    self.morgan6 = true;
                    if RESTACK {
                        self.restack_all();
                    }
                }
                Morgan::Seven => {
                    self.morgan7 = true;
                    self.running.morgan7 = true;
                }
                Morgan::Eight => self.morgan8 = true,
            },
            Card::Merlin(m) => {
                let code = match (m, merlin4) {
                    (Merlin::One | Merlin::Two | Merlin::Three, _) => m.number(),
                    (Merlin::Four, Some(q)) => 4 + q.index() as u8,
                    (Merlin::Five, _) => {
                        self.merlin5 = true;
                        self.running.merlin5 = true;
                        return;
                    }
                    _ => return,
                };
                self.push_merlin(code);
                let removes: &[Quest] = match m {
                    Merlin::Four => merlin4.as_slice(),
                    _ => m.removes_from(),
                };
                for q in removes {
                    self.removals[q.index()] += 1;
                    if RESTACK {
                        self.restack(q.index());
                    }
                }
            }
            Card::Mordred => {
                // Mordred's bonus counts on the Picts and Saxons only.
                self.mordreds += 1;
                if RESTACK {
                    self.restack(PICTS);
                    self.restack(SAXONS);
                }
            }
            Card::Vivien => {}
        }
    }

    fn push_merlin(&mut self, code: u8) {
        match self.merlins.get_mut(usize::from(self.merlin_count)) {
            Some(slot) => {
                *slot = code;
                self.merlin_count += 1;
            }
            None => self.merlins_lost = true,
        }
    }

    /// A Merlin #4 already counted without its quest turns out to mark `q` (its owner's knowledge).
    /// Under Morgan #8 it is taken as the last Merlin of the pile.
    pub fn learn_merlin4(&mut self, q: Quest) {
        self.push_merlin(4 + q.index() as u8);
        self.removals[q.index()] += 1;
        self.restack(q.index());
    }

    /// Whether the totals may differ from the breakdown because the pile's order matters (see
    /// [`Tally`]): a Merlin #4 on the Picts or Saxons under Morgan #8 (or more Merlins than the
    /// tally keeps in order), or Merlins removing cards where Gawain played a quest card.
    pub fn order_matters(&self) -> bool {
        let merlins = &self.merlins[..usize::from(self.merlin_count)];
        let on_picts_or_saxons = |&code: &u8| code == 4 + PICTS as u8 || code == 4 + SAXONS as u8;
        let merged_merlin4 =
            self.morgan8 && (self.merlins_lost || merlins.iter().any(on_picts_or_saxons));
        merged_merlin4 || (self.removals != [0; 5] && self.from_gawain != [0; 5])
    }

    /// Bring the running totals of stack `q` up to date (Morgan #8 aside).
    #[inline]
    fn restack(&mut self, q: usize) {
        if q >= 5 {
            return;
        }
        let questions = self.questions[q];
        let before = self.numbered[q] + questions;
        // Merlin's removals: the highest numbered cards.
        let mut sum = self.sums[q];
        let mut n = before;
        let mut r = self.removals[q];
        if r > 0 {
            // Every value, highest first, without stopping when the removals are done (what is
            // left to remove is then 0): a fixed loop instead of an exit that is anyone's guess.
            for v in (0..4).rev() {
                let k = r.min(self.numbers[q][v + 1]);
                sum -= u16::from(k) * (v as u16 + 2);
                n -= k;
                r -= k;
            }
        }
        let total = stack_total(
            sum,
            questions,
            u16::from(n),
            q <= SAXONS,
            self.morgan6,
            u16::from(self.mordreds),
            u16::from(self.morgan4),
        );
        let r = &mut self.running;
        let secondary = secondary_swords(total, r.value[q], self.morgan3);
        r.secondary_sum = r.secondary_sum - u16::from(r.secondary[q]) + u16::from(secondary);
        r.secondary[q] = secondary;
        r.total[q] = total;
        r.left[q] = n;
        r.before[q] = before - self.from_gawain[q];
    }

    fn restack_all(&mut self) {
        for q in 0..5 {
            // An empty stack's totals stay 0.
            if self.numbered[q] + self.questions[q] > 0 {
                self.restack(q);
            }
        }
    }

    /// How many cards were counted.
    pub fn len(&self) -> usize {
        usize::from(self.cards)
    }

    pub fn is_empty(&self) -> bool {
        self.cards == 0
    }

    /// Every quest's total: Merlin's removals (the highest numbered card, never a `?`), `?` values,
    /// Mordred, Morgan #4, #6 and #8, as in [`crate::resolve()`] §3 steps 4–5.
    pub fn totals(&self) -> Totals {
        if !self.morgan8 {
            // Kept whole card by card (Morgan #8 stays `false` in it).
            return self.running;
        }
        let mut sums = self.sums;
        let mut numbered = self.numbered;
        if self.merlin_count > 0 {
            let mut nums = self.numbers;
            let mut remove = |quests: &[usize]| {
                for v in (1..5).rev() {
                    for &q in quests {
                        if nums[q][v] > 0 {
                            nums[q][v] -= 1;
                            sums[q] -= u16::from(POINTS[v]);
                            numbered[q] -= 1;
                            return;
                        }
                    }
                }
            };
            for &code in &self.merlins[..usize::from(self.merlin_count)] {
                match code {
                    1 => {
                        remove(&[PICTS]);
                        remove(&[SAXONS]);
                    }
                    2 => {
                        remove(&[Quest::Dragon.index()]);
                        remove(&[Quest::Grail.index()]);
                    }
                    3 => {
                        remove(&[Quest::Excalibur.index()]);
                        remove(&[Quest::Grail.index()]);
                    }
                    _ => {
                        let q = usize::from(code - 4);
                        if q <= SAXONS {
                            remove(&[PICTS, SAXONS]);
                        } else {
                            remove(&[q]);
                        }
                    }
                }
            }
        }
        let mut questions = self.questions;
        let mut before: [u8; 5] =
            std::array::from_fn(|q| self.numbered[q] + self.questions[q] - self.from_gawain[q]);
        // Picts and Saxons merge into one stack, kept at Picts.
        sums[PICTS] += std::mem::take(&mut sums[SAXONS]);
        numbered[PICTS] += std::mem::take(&mut numbered[SAXONS]);
        questions[PICTS] += std::mem::take(&mut questions[SAXONS]);
        before[PICTS] += std::mem::take(&mut before[SAXONS]);
        let mut t = Totals {
            before,
            morgan3: self.morgan3,
            morgan5: self.morgan5,
            morgan7: self.morgan7,
            morgan8: true,
            merlin5: self.merlin5,
            ..Totals::default()
        };
        t.value[PICTS] = MERGED_PICTS_SAXONS_SWORDS;
        for q in 0..5 {
            let n = numbered[q] + questions[q];
            t.left[q] = n;
            t.total[q] = stack_total(
                sums[q],
                questions[q],
                u16::from(n),
                q <= SAXONS,
                self.morgan6,
                u16::from(self.mordreds),
                u16::from(self.morgan4),
            );
            t.secondary[q] = secondary_swords(t.total[q], t.value[q], self.morgan3);
            t.secondary_sum += u16::from(t.secondary[q]);
        }
        t
    }

    /// The outcome of going on `main` now (with promo Merlin #6's `bonus`, 0 otherwise).
    pub fn evaluate(&self, main: Quest, bonus: u8) -> Estimate {
        self.totals().estimate(main, bonus)
    }

    /// `self.evaluate(main, bonus).net()`, without copying the totals in the common case.
    #[inline]
    pub fn net(&self, main: Quest, bonus: u8) -> i16 {
        if self.morgan8 {
            self.totals().net(main, bonus)
        } else {
            self.running.net(main, bonus)
        }
    }

    /// The totals: the running ones, not a copy, in the common case (`scratch` holds them otherwise).
    #[inline(always)]
    pub fn totals_in<'a>(&'a self, scratch: &'a mut Option<Totals>) -> &'a Totals {
        if self.morgan8 {
            scratch.insert(self.totals())
        } else {
            &self.running
        }
    }

    /// `f(&self.totals())`, without copying the totals in the common case.
    #[inline(always)]
    pub fn with_totals<R>(&self, f: impl FnOnce(&Totals) -> R) -> R {
        if self.morgan8 {
            f(&self.totals())
        } else {
            f(&self.running)
        }
    }
}

impl Totals {
    /// Quest `q`'s total if it is not the main quest (`None`: no card of it left).
    pub fn total(&self, q: Quest) -> Option<u16> {
        let i = self.stack(q);
        (self.left[i] > 0).then_some(self.total[i])
    }

    fn stack(&self, q: Quest) -> usize {
        if self.morgan8 && q == Quest::Saxons {
            PICTS
        } else {
            q.index()
        }
    }

    /// The main quest's outcome and swords, and the black swords of the other stacks.
    #[inline(always)]
    fn main(&self, main: Quest, bonus: u8) -> (usize, u16, Outcome, Option<(Colour, u8)>, u16) {
        let m = self.stack(main);
        let total = self.total[m] + u16::from(bonus);
        let merlin5 = self.merlin5 && self.before[m] == 5;
        let outcome = main_outcome(total, merlin5, self.morgan5);
        let others = self.secondary_sum - u16::from(self.secondary[m]);
        (
            m,
            total,
            outcome,
            swords(outcome, self.value[m], self.morgan3),
            others,
        )
    }

    /// Going on `main` (with promo Merlin #6's `bonus`): every quest's swords.
    #[inline]
    pub fn estimate(&self, main: Quest, bonus: u8) -> Estimate {
        let (m, total, main_outcome, main_swords, others) = self.main(main, bonus);
        // At most 5 stacks of at most 3 swords and a Morgan #3 each in a real deck.
        let others = others as u8;
        let (white, black) = match main_swords {
            Some((Colour::White, n)) => (n, others),
            Some((Colour::Black, n)) => (0, others + n),
            None => (0, others),
        };
        Estimate {
            main_total: (self.left[m] > 0 || bonus > 0).then_some(total),
            main_outcome,
            white,
            black,
            evil_wins_now: main_outcome == Outcome::Defeat && self.morgan7,
        }
    }

    /// `self.estimate(main, bonus).net()`: the quest's worth to the loyal side, worked out directly.
    #[inline(always)]
    pub fn net(&self, main: Quest, bonus: u8) -> i16 {
        let (_, _, outcome, main_swords, others) = self.main(main, bonus);
        let others = others as i16;
        match main_swords {
            Some((Colour::White, n)) => i16::from(n) - others,
            _ if outcome == Outcome::Defeat && self.morgan7 => -100,
            Some((Colour::Black, n)) => -others - i16::from(n),
            None => -others,
        }
    }

    /// What resolving `main` (with Merlin #6's `bonus`) does to the game: every stack's swords.
    pub(crate) fn verdict(&self, main: Quest, bonus: u8) -> Verdict {
        let (m, _, main_outcome, main_swords, _) = self.main(main, bonus);
        let mut swords_by = [None; 5];
        for (k, slot) in swords_by.iter_mut().enumerate() {
            *slot = if k == m {
                main_swords
            } else {
                let n = self.secondary[k];
                (n > 0).then_some((Colour::Black, n))
            };
        }
        Verdict {
            swords: swords_by,
            main_outcome,
            evil_wins_now: main_outcome == Outcome::Defeat && self.morgan7,
        }
    }

    /// The best of `quests` to go on now for the loyal side (the first of equals), with its net worth.
    #[inline(always)]
    pub fn best(&self, quests: &[Quest], bonus: u8) -> Option<(Quest, i16)> {
        if let [q] = quests {
            return Some((*q, self.net(*q, bonus)));
        }
        let mut best: Option<(Quest, i16)> = None;
        for &q in quests {
            let n = self.net(q, bonus);
            if best.is_none_or(|(_, b)| n > b) {
                best = Some((q, n));
            }
        }
        best
    }

    /// The worst of `quests` for the loyal side (the first of equals), with its net worth.
    #[inline]
    pub fn worst(&self, quests: &[Quest], bonus: u8) -> Option<(Quest, i16)> {
        let mut worst: Option<(Quest, i16)> = None;
        for &q in quests {
            let n = self.net(q, bonus);
            if worst.is_none_or(|(_, w)| n < w) {
                worst = Some((q, n));
            }
        }
        worst
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolve::resolve;
    use crate::resolve::tests::random_pile;
    use rand::SeedableRng;

    /// Every random pile (promos, Merlin #4 tokens, and in half of them cards Gawain played) counts
    /// to the breakdown's swords, outcome and Morgan #7 verdict whenever its order does not matter;
    /// and without Gawain the order matters only in the rare Morgan #8 and Merlin #4 piles.
    #[test]
    fn the_tally_agrees_with_the_breakdown() {
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(12);
        let mut order_matters = 0;
        for round in 0..40_000 {
            let gawain = round % 2 == 0;
            let pile = random_pile(&mut rng, 40, gawain);
            let main = Quest::ALL[round % 5];
            let bonus = (round / 5 % 4) as u8;
            let mut tally = Tally::default();
            for &tc in &pile {
                tally.add_threat(tc);
            }
            assert_eq!(Tally::of(pile.iter().copied()), tally, "{pile:?}");
            if tally.order_matters() {
                order_matters += usize::from(!gawain);
                continue;
            }
            let r = resolve(&pile, main, bonus);
            let label = format!("{pile:?} main {main} bonus {bonus}");
            let e = tally.evaluate(main, bonus);
            assert_eq!(e.main_total, r.main_stack().total, "{label}");
            assert_eq!(e.main_outcome, r.main_stack().outcome, "{label}");
            assert_eq!((e.white, e.black), (r.white, r.black), "{label}");
            assert_eq!(e.evil_wins_now, r.evil_wins_now, "{label}");
            assert_eq!(tally.net(main, bonus), e.net(), "{label}");
            let v = tally.totals().verdict(main, bonus);
            assert_eq!(v.main_outcome, r.main_stack().outcome, "{label}");
            for s in &r.stacks {
                let k = match s.quest {
                    crate::QuestStack::Quest(q) => q.index(),
                    crate::QuestStack::PictsAndSaxons => PICTS,
                };
                assert_eq!(v.swords[k], s.swords, "{label}");
            }
        }
        assert!(
            order_matters > 25 && order_matters < 2_000,
            "{order_matters}"
        );
    }

    #[test]
    fn a_stack_adds_up_as_the_rule_book_says() {
        // Mordred's example: Picts 5 + ?, ? (2 × 2) + 1 point per Pict card for Mordred = 12.
        assert_eq!(stack_total(5, 2, 3, true, false, 1, 0), 12);
        // The same cards on the Dragon: Mordred does not count.
        assert_eq!(stack_total(5, 2, 3, false, false, 1, 0), 9);
        // Morgan #6: each `?` is worth 1; Morgan #4 +2 on a stack with a card.
        assert_eq!(stack_total(5, 2, 3, false, true, 0, 2), 9);
        // An empty stack has no Morgan #4 bonus.
        assert_eq!(stack_total(0, 0, 0, true, false, 1, 3), 0);
        assert_eq!(main_outcome(11, false, false), Outcome::Success);
        assert_eq!(main_outcome(11, false, true), Outcome::Baseless);
        assert_eq!(main_outcome(14, false, false), Outcome::Defeat);
        assert_eq!(main_outcome(3, true, false), Outcome::Success);
        assert_eq!(secondary_outcome(13), Outcome::Harmless);
        assert_eq!(swords(Outcome::Baseless, 3, 1), Some((Colour::Black, 2)));
        assert_eq!(swords(Outcome::Harmless, 3, 1), None);
    }
}
