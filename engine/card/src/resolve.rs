//! Going on a Quest: revealing the Threats pile and resolving every quest in it (settled order in
//! `docs/rules-card-game.md` §3). A pure function from the revealed cards to a full breakdown — the
//! stacks, Merlin's removals, Mordred and Morgan bonuses, totals, outcomes and swords — which the game
//! applies and the app animates.

use crate::cards::{Card, MERGED_PICTS_SAXONS_SWORDS, Merlin, Morgan, Quest};
use crate::count::{Tally, Verdict, main_outcome, secondary_outcome, stack_total, swords};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A card as revealed from the Threats pile, with the quest its drawer chose if it is a Merlin #4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreatCard {
    pub card: Card,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merlin4: Option<Quest>,
    /// Played from Gawain's three cards, not found in the pile (does not count for Merlin #5).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub gawain: bool,
}

impl ThreatCard {
    pub fn new(card: Card) -> Self {
        ThreatCard {
            card,
            merlin4: None,
            gawain: false,
        }
    }
}

/// The pile notation of the `camelot resolve` tool: card codes plus `merlin:4@<quest>`.
impl fmt::Display for ThreatCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.merlin4 {
            Some(q) => write!(f, "{}@{}", self.card, q),
            None => write!(f, "{}", self.card),
        }
    }
}

impl std::str::FromStr for ThreatCard {
    type Err = crate::cards::CardCodeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (card, quest) = match s.split_once('@') {
            Some((c, q)) => (c, Some(q.parse::<Quest>()?)),
            None => (s, None),
        };
        let card: Card = card.parse()?;
        match (card, quest) {
            (Card::Merlin(Merlin::Four), None) => Err(crate::cards::CardCodeError(
                "a Merlin #4 in the pile needs its quest: merlin:4@<quest>".into(),
            )),
            (Card::Merlin(Merlin::Four), q) => Ok(ThreatCard {
                card,
                merlin4: q,
                gawain: false,
            }),
            (_, Some(_)) => Err(crate::cards::CardCodeError(format!(
                "only a Merlin #4 takes a quest: `{s}`"
            ))),
            (_, None) => Ok(ThreatCard::new(card)),
        }
    }
}

/// A quest as resolved: one of the five, or Picts and Saxons merged by promo Morgan #8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum QuestStack {
    Quest(Quest),
    PictsAndSaxons,
}

impl QuestStack {
    pub fn swords(self) -> u8 {
        match self {
            QuestStack::Quest(q) => q.swords(),
            QuestStack::PictsAndSaxons => MERGED_PICTS_SAXONS_SWORDS,
        }
    }

    pub fn contains(self, q: Quest) -> bool {
        match self {
            QuestStack::Quest(x) => x == q,
            QuestStack::PictsAndSaxons => matches!(q, Quest::Picts | Quest::Saxons),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            QuestStack::Quest(q) => q.code(),
            QuestStack::PictsAndSaxons => "picts+saxons",
        }
    }
}

impl Serialize for QuestStack {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for QuestStack {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if s == "picts+saxons" {
            return Ok(QuestStack::PictsAndSaxons);
        }
        s.parse::<Quest>()
            .map(QuestStack::Quest)
            .map_err(serde::de::Error::custom)
    }
}

/// What a quest came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Main quest, 11–13 (12–13 under Morgan #5), or Merlin #5's exactly five cards: white swords.
    Success,
    /// Main quest, 10 or less: the rumors were baseless, 1 black sword.
    Baseless,
    /// 14 or more: black swords equal to the quest's value.
    Defeat,
    /// Secondary quest, 13 or less: nothing happens.
    Harmless,
}

/// The colour of a sword's face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    White,
    Black,
}

/// One card of a quest's stack as laid out during resolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackCard {
    pub card: Card,
    /// The Merlin that removed this card, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub removed_by: Option<Merlin>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub gawain: bool,
}

/// One quest's stack and how its total and outcome were reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stack {
    pub quest: QuestStack,
    pub main: bool,
    /// The stack's cards in the order they lay in the pile (bottom first), removed ones marked.
    pub cards: Vec<StackCard>,
    /// How many `?` cards, and what each is worth (their count, or 1 under Morgan #6).
    pub questions: u8,
    pub question_value: u8,
    /// Sum of the numbered cards left.
    pub numbers: u16,
    pub mordred_bonus: u16,
    pub morgan4_bonus: u16,
    /// Promo Merlin #6's bonus, main quest only.
    pub merlin6_bonus: u16,
    /// `None` when no card is left in the stack (a quest with no card is not counted).
    pub total: Option<u16>,
    pub outcome: Outcome,
    /// Swords this quest places, Morgan #3's extra included.
    pub swords: Option<(Colour, u8)>,
}

impl Stack {
    pub fn cards_left(&self) -> usize {
        self.cards.iter().filter(|c| c.removed_by.is_none()).count()
    }
}

/// Everything about one quest's resolution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    pub main: QuestStack,
    /// Stacks in quest order; the main quest's stack is always present (possibly empty).
    pub stacks: Vec<Stack>,
    /// Morgans, Merlins, Mordred and Vivien set aside from the stacks (bottom first).
    pub characters: Vec<ThreatCard>,
    /// Merlin #5 made the main quest succeed with exactly five of its cards.
    pub merlin5: bool,
    /// Morgan #3s in the pile: each adds one sword to every quest that places swords.
    pub morgan3: u8,
    /// Morgan #5 in the pile: the main quest needs 12 or 13.
    pub morgan5: bool,
    /// Morgan #7 and a main total of 14 or more: the game ends at once, Evil wins.
    pub evil_wins_now: bool,
    pub white: u8,
    pub black: u8,
}

impl Resolution {
    pub fn stack(&self, q: QuestStack) -> Option<&Stack> {
        self.stacks.iter().find(|s| s.quest == q)
    }

    /// Each stack's swords by [`Quest::index`] (the merged Picts and Saxons at the Picts), as a
    /// [`Verdict`] holds them.
    pub(crate) fn swords_by_quest(&self) -> [Option<(Colour, u8)>; 5] {
        let mut swords = [None; 5];
        for s in &self.stacks {
            let k = match s.quest {
                QuestStack::Quest(q) => q.index(),
                QuestStack::PictsAndSaxons => 0,
            };
            swords[k] = s.swords;
        }
        swords
    }

    pub fn main_stack(&self) -> &Stack {
        self.stacks
            .iter()
            .find(|s| s.main)
            .expect("the main quest always has a stack")
    }
}

/// Resolve a quest: `pile` is the Threats pile bottom first (cards Gawain played appended, marked),
/// `main` the quest the player chose, `merlin6_bonus` the promo Merlin #6's 0–3 points (0 otherwise).
pub fn resolve(pile: &[ThreatCard], main: Quest, merlin6_bonus: u8) -> Resolution {
    let mut r = Resolution::blank();
    resolve_into(pile, main, merlin6_bonus, &mut r);
    r
}

impl Resolution {
    /// An empty breakdown, to be filled by [`resolve_into`].
    pub fn blank() -> Resolution {
        Resolution {
            main: QuestStack::Quest(Quest::Picts),
            stacks: Vec::new(),
            characters: Vec::new(),
            merlin5: false,
            morgan3: 0,
            morgan5: false,
            evil_wins_now: false,
            white: 0,
            black: 0,
        }
    }
}

/// [`resolve`] into an existing breakdown, reusing its buffers (no allocation once they are large
/// enough): the game resolves every quest this way.
pub fn resolve_into(pile: &[ThreatCard], main: Quest, merlin6_bonus: u8, out: &mut Resolution) {
    // 1–2. One pass: the characters that change the totals, and per quest how many cards it holds,
    // how many of them Gawain played, the sum of its numbered cards and how many `?` it holds.
    let (mut merged, mut morgan3, mut morgan5, mut morgan6, mut morgan7) =
        (false, 0u8, false, false, false);
    let (mut merlin5_present, mut merlins) = (false, false);
    let (mut mordreds, mut morgan4) = (0u16, 0u16);
    let mut counts = [0u16; 5];
    let mut from_gawain = [0u16; 5];
    let mut numbers = [0u16; 5];
    let mut questions = [0u8; 5];
    let mut n_characters = 0;
    for tc in pile {
        match tc.card {
            Card::Quest(q, v) => {
                let i = q.index();
                counts[i] += 1;
                from_gawain[i] += u16::from(tc.gawain);
                // `?` counts 0 points (no branch on the value).
                let p = v.points().unwrap_or(0);
                numbers[i] += u16::from(p);
                questions[i] += u8::from(p == 0);
            }
            other => {
                n_characters += 1;
                match other {
                    Card::Morgan(Morgan::Three) => morgan3 += 1,
                    Card::Morgan(Morgan::Four(b)) => morgan4 += u16::from(b.bonus()),
                    Card::Morgan(Morgan::Five) => morgan5 = true,
                    Card::Morgan(Morgan::Six) => morgan6 = true,
                    Card::Morgan(Morgan::Seven) => morgan7 = true,
                    Card::Morgan(Morgan::Eight) => merged = true,
                    Card::Merlin(Merlin::Five) => merlin5_present = true,
                    Card::Merlin(_) => merlins = true,
                    Card::Mordred => mordreds += 1,
                    _ => {}
                }
            }
        }
    }

    // Stacks are keyed by quest index; under Morgan #8 the merged stack takes Picts' key (0).
    let key = |q: Quest| {
        if merged && q == Quest::Saxons {
            0
        } else {
            q.index()
        }
    };
    let main_key = key(main);
    let main_stack = if merged && main_key == 0 {
        QuestStack::PictsAndSaxons
    } else {
        QuestStack::Quest(main)
    };
    if merged {
        counts[0] += std::mem::take(&mut counts[1]);
        from_gawain[0] += std::mem::take(&mut from_gawain[1]);
        numbers[0] += std::mem::take(&mut numbers[1]);
        questions[0] += std::mem::take(&mut questions[1]);
    }

    // 3. Reveal and sort: stacks by quest, characters aside. The breakdown's buffers are reused.
    let stacks = &mut out.stacks;
    let mut slot = [usize::MAX; 5];
    let mut n = 0;
    for k in 0..5 {
        if counts[k] == 0 && k != main_key {
            continue;
        }
        let quest = if merged && k == 0 {
            QuestStack::PictsAndSaxons
        } else {
            QuestStack::Quest(Quest::ALL[k])
        };
        if n == stacks.len() {
            stacks.push(empty_stack(quest, false));
        }
        let st = &mut stacks[n];
        st.quest = quest;
        st.main = k == main_key;
        st.cards.clear();
        st.cards.reserve(usize::from(counts[k]));
        slot[k] = n;
        n += 1;
    }
    stacks.truncate(n);
    let characters = &mut out.characters;
    characters.clear();
    characters.reserve(n_characters);
    let push = |stacks: &mut Vec<Stack>, tc: &ThreatCard, q: Quest| {
        if let Some(st) = stacks.get_mut(slot[key(q)]) {
            st.cards.push(StackCard {
                card: tc.card,
                removed_by: None,
                gawain: tc.gawain,
            });
        }
    };
    // The pile's quest cards now; those Gawain plays join their stacks after the pile's Merlins.
    let mut gawain_cards = false;
    for tc in pile {
        match tc.card {
            Card::Quest(q, _) if !tc.gawain => push(stacks, tc, q),
            Card::Quest(..) => gawain_cards = true,
            _ => characters.push(*tc),
        }
    }

    // Merlin #5 counts the main quest's cards as revealed, before any removal.
    let merlin5 = merlin5_present && counts[main_key] - from_gawain[main_key] == 5;

    // 4. Merlins, each separately, in the order they lie in the pile (bottom first).
    // A card of quest `q` can only lie in its own stack (the merged one under Morgan #8).
    const BOTH: [Quest; 2] = [Quest::Picts, Quest::Saxons];
    let merlin = |stacks: &mut Vec<Stack>,
                  tc: &ThreatCard,
                  numbers: &mut [u16; 5],
                  counts: &mut [u16; 5]| {
        let mut remove = |q: Quest, from: &[Quest], by: Merlin| {
            let k = key(q);
            // A stack with no numbered card left has nothing to remove.
            if numbers.get(k).is_some_and(|&sum| sum > 0)
                && let Some(&i) = slot.get(k).filter(|&&i| i != usize::MAX)
                && let Some(p) = remove_highest(&mut stacks[i], from, by)
            {
                numbers[k] -= u16::from(p);
                counts[k] -= 1;
            }
        };
        let Card::Merlin(m) = tc.card else { return };
        match m {
            Merlin::Four => match tc.merlin4 {
                Some(q) if merged && matches!(q, Quest::Picts | Quest::Saxons) => {
                    remove(q, &BOTH, m)
                }
                Some(q) => remove(q, &[q], m),
                None => {}
            },
            _ => {
                for &q in m.removes_from() {
                    remove(q, &[q], m);
                }
            }
        }
    };
    if merlins {
        for tc in characters.iter().filter(|tc| !tc.gawain) {
            merlin(stacks, tc, &mut numbers, &mut counts);
        }
    }
    // 6. Gawain's cards, in the order played, once the totals were tallied: a quest card joins its
    // stack (the pile's Merlins have already removed theirs), a Merlin removes from the stacks as
    // they are now.
    if gawain_cards || (merlins && characters.iter().any(|tc| tc.gawain)) {
        for tc in pile.iter().filter(|tc| tc.gawain) {
            match tc.card {
                Card::Quest(q, _) => push(stacks, tc, q),
                _ => merlin(stacks, tc, &mut numbers, &mut counts),
            }
        }
    }

    // 5. Totals. 7–9. Outcomes and swords (the arithmetic of `crate::count`).
    let mut evil_wins_now = false;
    let (mut white, mut black) = (0u8, 0u8);
    for (k, &i) in slot.iter().enumerate() {
        let Some(s) = stacks.get_mut(i) else { continue };
        // Cards left: Merlin removes only numbered cards, never a `?`.
        let (n, questions) = (counts[k], questions[k]);
        s.questions = questions;
        s.question_value = if morgan6 { 1 } else { questions };
        s.numbers = numbers[k];
        let picts_or_saxons = k <= 1;
        s.mordred_bonus = if picts_or_saxons { mordreds * n } else { 0 };
        s.morgan4_bonus = if n > 0 { morgan4 } else { 0 };
        s.merlin6_bonus = if s.main { merlin6_bonus as u16 } else { 0 };
        let total = stack_total(
            s.numbers,
            questions,
            n,
            picts_or_saxons,
            morgan6,
            mordreds,
            morgan4,
        ) + s.merlin6_bonus;
        s.total = (n > 0 || s.merlin6_bonus > 0).then_some(total);
        s.outcome = if s.main {
            main_outcome(total, merlin5, morgan5)
        } else {
            secondary_outcome(total)
        };
        evil_wins_now |= s.main && s.outcome == Outcome::Defeat && morgan7;
        s.swords = swords(s.outcome, s.quest.swords(), morgan3);
        match s.swords {
            Some((Colour::White, n)) => white += n,
            Some((Colour::Black, n)) => black += n,
            None => {}
        }
    }

    out.main = main_stack;
    out.merlin5 = merlin5;
    out.morgan3 = morgan3;
    out.morgan5 = morgan5;
    out.evil_wins_now = evil_wins_now;
    out.white = white;
    out.black = black;
}

/// The same swords and outcome as [`resolve`] for `pile` then `gawain`'s cards, counted by a
/// [`Tally`] without building the breakdown (the game resolves every quest this way, and builds the
/// breakdown only when it is looked at) — or from the breakdown when the pile's order matters.
pub(crate) fn verdict(
    pile: impl Iterator<Item = ThreatCard> + Clone,
    gawain: impl Iterator<Item = ThreatCard> + Clone,
    main: Quest,
    merlin6_bonus: u8,
) -> Verdict {
    let mut tally = Tally::default();
    for tc in pile.clone() {
        tally.count(tc);
    }
    for tc in gawain.clone() {
        tally.count(tc);
    }
    tally.total_up();
    if !tally.order_matters() {
        return tally.totals().verdict(main, merlin6_bonus);
    }
    let all: Vec<ThreatCard> = pile.chain(gawain).collect();
    let r = resolve(&all, main, merlin6_bonus);
    Verdict {
        swords: r.swords_by_quest(),
        main_outcome: r.main_stack().outcome,
        evil_wins_now: r.evil_wins_now,
    }
}

fn empty_stack(quest: QuestStack, main: bool) -> Stack {
    Stack {
        quest,
        main,
        cards: Vec::new(),
        questions: 0,
        question_value: 0,
        numbers: 0,
        mordred_bonus: 0,
        morgan4_bonus: 0,
        merlin6_bonus: 0,
        total: None,
        outcome: Outcome::Harmless,
        swords: None,
    }
}

/// Remove the highest numbered card among the cards of `quests` still in play (the topmost of equals),
/// returning its value.
fn remove_highest(stack: &mut Stack, quests: &[Quest], by: Merlin) -> Option<u8> {
    let mut best: Option<(u8, usize)> = None;
    for (ci, c) in stack.cards.iter().enumerate() {
        if c.removed_by.is_some() {
            continue;
        }
        let Card::Quest(q, v) = c.card else { continue };
        if !quests.contains(&q) {
            continue;
        }
        let Some(p) = v.points() else { continue };
        if best.is_none_or(|(bp, _)| p >= bp) {
            best = Some((p, ci));
        }
    }
    let (p, ci) = best?;
    stack.cards[ci].removed_by = Some(by);
    Some(p)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A pile of 0 to `max - 1` cards drawn from a shuffled full deck (promo cards included), each
    /// Merlin #4 on a random quest, and, if `gawain`, one card in eight played by Gawain.
    pub(crate) fn random_pile(
        rng: &mut rand::rngs::Xoshiro256PlusPlus,
        max: usize,
        gawain: bool,
    ) -> Vec<ThreatCard> {
        use rand::RngExt;
        use rand::seq::SliceRandom;
        let mut cards = crate::cards::all_cards(true);
        cards.shuffle(rng);
        let n = rng.random_range(0..max);
        cards[..n]
            .iter()
            .map(|&card| ThreatCard {
                card,
                merlin4: (card == Card::Merlin(Merlin::Four))
                    .then(|| Quest::ALL[rng.random_range(0..5usize)]),
                gawain: gawain && rng.random_range(0..8u8) == 0,
            })
            .collect()
    }

    fn pile(codes: &[&str]) -> Vec<ThreatCard> {
        codes.iter().map(|c| c.parse().unwrap()).collect()
    }

    fn total(r: &Resolution, q: Quest) -> Option<u16> {
        r.stack(QuestStack::Quest(q)).and_then(|s| s.total)
    }

    /// A worked example of the rule book: the pile, going on Excalibur, each quest's total, the
    /// main quest's outcome and the swords (white, black).
    struct Example {
        name: &'static str,
        pile: &'static [&'static str],
        totals: &'static [(Quest, u16)],
        outcome: Outcome,
        swords: (u8, u8),
    }

    const RULE_BOOK_EXAMPLES: [Example; 2] = [
        // Excalibur 5 + 3 + ? + ? = 12: 2 white. Grail 3 + 1 = 4... the book's Grail is "3 + 1": a 3
        // and a single `?`. Picts 5 + 3 + 2 + ? + ? = 14: 1 black.
        Example {
            name: "rule book example 1: a success, 2 white, and the Picts' 1 black",
            pile: &[
                "excalibur:5",
                "picts:5",
                "excalibur:3",
                "grail:3",
                "picts:3",
                "excalibur:?",
                "picts:2",
                "grail:?",
                "picts:?",
                "excalibur:?",
                "picts:?",
            ],
            totals: &[
                (Quest::Excalibur, 12),
                (Quest::Grail, 4),
                (Quest::Picts, 14),
            ],
            outcome: Outcome::Success,
            swords: (2, 1),
        },
        Example {
            name: "rule book example 2: baseless, and the Picts' 1 black",
            pile: &[
                "excalibur:3",
                "picts:5",
                "excalibur:?",
                "picts:3",
                "excalibur:?",
                "picts:2",
                "grail:?",
                "picts:?",
            ],
            totals: &[(Quest::Excalibur, 7), (Quest::Picts, 11)],
            outcome: Outcome::Baseless,
            swords: (0, 1),
        },
    ];

    #[test]
    fn rule_book_examples() {
        for e in &RULE_BOOK_EXAMPLES {
            let r = resolve(&pile(e.pile), Quest::Excalibur, 0);
            for &(q, t) in e.totals {
                assert_eq!(total(&r, q), Some(t), "{}: {q:?}", e.name);
            }
            assert_eq!(r.main_stack().outcome, e.outcome, "{}", e.name);
            assert_eq!((r.white, r.black), e.swords, "{}", e.name);
        }
    }

    #[test]
    fn resolving_into_a_used_breakdown_gives_a_fresh_one() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(3);
        let mut reused = Resolution::blank();
        for round in 0..5_000 {
            let pile = random_pile(&mut rng, 30, true);
            let main = Quest::ALL[round % 5];
            let bonus = (round % 4) as u8;
            resolve_into(&pile, main, bonus, &mut reused);
            let fresh = resolve(&pile, main, bonus);
            assert_eq!(reused, fresh, "{pile:?}");
            assert_eq!(fresh.stacks.iter().filter(|s| s.main).count(), 1);
        }
    }

    /// The game's verdict (a count, or the breakdown where order matters) is the breakdown's, over
    /// random piles split anywhere between the pile and Gawain's cards.
    #[test]
    fn the_verdict_agrees_with_the_breakdown() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(12);
        for round in 0..40_000 {
            let pile = random_pile(&mut rng, 40, round % 2 == 0);
            let main = Quest::ALL[round % 5];
            let bonus = (round / 5 % 4) as u8;
            let r = resolve(&pile, main, bonus);
            let split = pile.len() / 2;
            let (bottom, top) = pile.split_at(split);
            let v = verdict(bottom.iter().copied(), top.iter().copied(), main, bonus);
            let label = format!("{pile:?} {main} {bonus}");
            assert_eq!(v.main_outcome, r.main_stack().outcome, "{label}");
            assert_eq!(v.evil_wins_now, r.evil_wins_now, "{label}");
            assert_eq!(v.swords, r.swords_by_quest(), "{label}");
        }
    }

    #[test]
    fn gawain_cards_join_after_the_piles_merlins() {
        let gawain = |code: &str| ThreatCard {
            gawain: true,
            ..code.parse().unwrap()
        };
        // The pile's Merlin #2 takes the pile's Dragon 4, not Gawain's Dragon 5.
        let mut p = pile(&["dragon:4", "merlin:2"]);
        p.push(gawain("dragon:5"));
        let r = resolve(&p, Quest::Dragon, 0);
        assert_eq!(total(&r, Quest::Dragon), Some(5));
        // A Merlin #2 that Gawain plays after Gawain's Dragon 5 takes the 5.
        let mut p = pile(&["dragon:4"]);
        p.extend([gawain("dragon:5"), gawain("merlin:2")]);
        let r = resolve(&p, Quest::Dragon, 0);
        assert_eq!(total(&r, Quest::Dragon), Some(4));
        let mut tally = Tally::default();
        p.iter().for_each(|tc| tally.add_threat(*tc));
        assert!(tally.order_matters());
    }

    #[test]
    fn rule_book_mordred_example() {
        let p = pile(&["picts:5", "mordred", "picts:?", "saxons:4", "picts:?"]);
        let r = resolve(&p, Quest::Picts, 0);
        // 5 + 2×2 + 3 for three Pict cards = 12; Saxons 4 + 1 = 5.
        assert_eq!(total(&r, Quest::Picts), Some(12));
        assert_eq!(total(&r, Quest::Saxons), Some(5));
    }
}
