//! The public record read for the Traitor ([`suspicion`], [`Suspect`], [`Belief`]): each
//! knight's counts against the table's.

use super::*;
use crate::game::TraitorRule;

/// Who the Traitor is, to one seat's eyes: a probability for each seat and for nobody (no Traitor
/// in the game, or one who died hidden), summing to 1.
///
/// The prior follows the deal (§6.5, §8.1, §8.2): a Loyal seat knows one card (his own) is not
/// the Traitor, so with the standard deal of 8 cards to N knights nobody holds it with chance
/// (8 − N) / 7 and each other knight with 1/7; among us (N + 1 cards) nobody with 1/N and each
/// other knight with 1/N; without a Traitor nobody for sure. The seat itself when Loyal, and a
/// knight an accusation showed Loyal, have 0; an unmasked Traitor has 1.
///
/// Each knight's public record ([`record`]), against the mean of the knights on the board, makes
/// his likelihood: posterior ∝ prior × exp([`BELIEF_LLR`] · the record's lead over the table's),
/// normalised with nobody (whose record is the table's). A knight off the board keeps his prior's
/// weight (his record is no longer compared).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Belief {
    /// By seat (0 beyond the knights in the game).
    pub seats: [f64; 8],
    pub nobody: f64,
}

/// The belief's log-likelihood ratio of a knight being the Traitor against nobody being it: the
/// lead of each count of his [`record`] over the mean of the knights on the board (in the order
/// of [`SUSPICION_WEIGHTS`]) times [`BELIEF_LLR`], the sum multiplied by `1 + BELIEF_PER_KNIGHT ×
/// (N − 5)` for N knights and divided by `1 + BELIEF_FADE × turn / 10`; plus, per ten turns,
/// [`BELIEF_PER_10_TURNS`] and [`BELIEF_PER_KNIGHT_PER_10_TURNS`] per knight above five (a record
/// no worse than the table's, turn after turn, speaks for nobody). Before any deed the belief is
/// the prior. Fitted by maximum likelihood on the (record, Traitor) pairs seen at the start of every
/// Loyal knight's turn once accusations were allowed and while no Traitor was unmasked, in 4,500
/// simulated games of 4, 5 and 7 solid knights with the standard deal (160,933 turns). Calibration
/// on those turns: of the knights given 40–50 %, 45 % (4 knights), 44 % (5) and 43 % (7) were the
/// Traitor; of those given 70–80 %, 76 %, 76 % and 78 %.
const BELIEF_LLR: [f64; 7] = [0.468, 1.083, 0.262, -1.056, -2.839, 0.477, -1.061];
const BELIEF_PER_KNIGHT: f64 = 0.065;
const BELIEF_FADE: f64 = 0.010;
const BELIEF_PER_10_TURNS: f64 = -0.521;
const BELIEF_PER_KNIGHT_PER_10_TURNS: f64 = -0.020;

impl Belief {
    /// The chance that nobody of the others holds the Traitor card before anything is seen, to a
    /// Loyal knight among `players` dealt by `rule`.
    pub fn prior_nobody(rule: TraitorRule, players: u8) -> f64 {
        let n = f64::from(players);
        match rule {
            TraitorRule::NoTraitor => 1.0,
            TraitorRule::Standard => {
                (f64::from(LOYAL_CARDS + TRAITOR_CARDS) - n).max(0.0) / f64::from(LOYAL_CARDS)
            }
            TraitorRule::AmongUs => 1.0 / n.max(1.0),
        }
    }

    /// What `v`'s seat believes: a Traitor knows himself, a Loyal knight (or one who has not
    /// looked at his card yet, taken as Loyal) reads the public record ([`Belief::held_by`]).
    pub fn of(v: &Glimpse) -> Belief {
        if v.loyalty() == Some(Loyalty::Traitor) {
            let mut seats = [0.0; 8];
            seats[v.seat().index()] = 1.0;
            return Belief { seats, nobody: 0.0 };
        }
        Belief::held_by(v, v.seat())
    }

    /// What `observer` believes from the public record alone, were he Loyal: every computer
    /// knight's belief is public reading, so a hidden Traitor can work out what the others make of
    /// him.
    pub fn held_by(v: &Glimpse, observer: Seat) -> Belief {
        Belief::with_records(v, observer, |s| record(v, s))
    }

    /// [`Belief::held_by`] with the records given by `records` (a choice's record tried out).
    pub(super) fn with_records(
        v: &Glimpse,
        observer: Seat,
        records: impl Fn(Seat) -> [i32; 7],
    ) -> Belief {
        Likelihoods::of(v, records).held_by(observer)
    }

    /// The chance that `s` is the Traitor.
    pub fn of_seat(&self, s: Seat) -> f64 {
        self.seats.get(s.index()).copied().unwrap_or(0.0)
    }

    /// [`Belief::of_seat`] in whole percent (what a knight says).
    pub fn percent(&self, s: Seat) -> u8 {
        (self.of_seat(s) * 100.0).round().clamp(0.0, 100.0) as u8
    }

    /// The chance that a hidden Traitor is still on the board (he turns two swords at the end).
    pub(super) fn hidden_on_board(&self, v: &Glimpse) -> f64 {
        (0..v.players().min(8))
            .map(Seat)
            .filter(|&s| v.on_board(s))
            .map(|s| self.of_seat(s))
            .sum()
    }
}

/// What [`Likelihoods`] reads from the view besides the knights' records, read once where several
/// records are weighed in one position (the hidden Traitor's three choices of his Progression of
/// Evil, each a record tried out).
pub(super) struct Weighing {
    unmasked: Option<Seat>,
    nobody_prior: f64,
    /// Each seat's prior of being the Traitor.
    each: f64,
    /// How much a record's lead over the table's mean weighs, and what the turns played weigh.
    spread: f64,
    base: f64,
    players: u8,
    /// By seat, a bit each: on the board; shown Loyal by an accusation.
    on_board: u8,
    shown_loyal: u8,
}

impl Weighing {
    pub(super) fn of(v: &Glimpse) -> Weighing {
        let n = v.players().min(8);
        let mut w = Weighing {
            unmasked: (0..n).map(Seat).find(|&s| v.is_revealed(s)),
            nobody_prior: 1.0,
            each: 0.0,
            spread: 0.0,
            base: 0.0,
            players: n,
            on_board: 0,
            shown_loyal: 0,
        };
        for s in (0..n).map(Seat) {
            w.on_board |= u8::from(v.on_board(s)) << s.0;
            w.shown_loyal |= u8::from(v.shown_loyal_on(s).is_some()) << s.0;
        }
        if w.unmasked.is_some() {
            return w;
        }
        let rule = v.game().setup().options.traitor;
        w.nobody_prior = Belief::prior_nobody(rule, n);
        w.each = (1.0 - w.nobody_prior) / f64::from(n.saturating_sub(1).max(1));
        let knights = f64::from(n) - 5.0;
        // Turns played before this one.
        let turn = f64::from(v.turn().saturating_sub(1));
        w.spread = (1.0 + BELIEF_PER_KNIGHT * knights) / (1.0 + BELIEF_FADE * turn / 10.0);
        w.base = (BELIEF_PER_10_TURNS + BELIEF_PER_KNIGHT_PER_10_TURNS * knights) * turn / 10.0;
        w
    }

    /// The knights on the board, by seat.
    pub(super) fn on_board_seats(&self) -> impl Iterator<Item = Seat> + use<'_> {
        (0..self.players)
            .map(Seat)
            .filter(|s| self.on_board & (1 << s.0) != 0)
    }

    /// The weights from `records` (by seat; those of the knights on the board are read).
    pub(super) fn likelihoods(&self, records: &[[i32; 7]; 8]) -> Likelihoods {
        let n = self.players;
        let mut l = Likelihoods {
            unmasked: self.unmasked,
            nobody_prior: self.nobody_prior,
            weights: [None; 8],
            players: n,
        };
        if l.unmasked.is_some() || l.nobody_prior >= 1.0 {
            return l;
        }
        // The leads are taken against the mean of the knights on the board.
        let mut sum = [0i32; 7];
        let mut k = 0;
        for s in self.on_board_seats() {
            let f = records[s.index()];
            for j in 0..7 {
                sum[j] += f[j];
            }
            k += 1;
        }
        for s in (0..n).map(Seat) {
            if self.shown_loyal & (1 << s.0) != 0 {
                continue;
            }
            let mut llr = self.base;
            if self.on_board & (1 << s.0) != 0 && k > 0 {
                let f = records[s.index()];
                let lead: f64 = (0..7)
                    .map(|j| BELIEF_LLR[j] * (f64::from(f[j]) - f64::from(sum[j]) / f64::from(k)))
                    .sum();
                llr += self.spread * lead;
            }
            l.weights[s.index()] = Some(self.each * llr.clamp(-30.0, 30.0).exp());
        }
        l
    }
}

/// Every knight's weight in a [`Belief`] before it is normalised (his prior times his record's
/// likelihood), worked out once from the public record: each observer only leaves himself out.
/// The hidden Traitor weighs every observer's belief in him for each choice, so this is on the
/// simulations' path.
pub(super) struct Likelihoods {
    /// The Traitor unmasked, if he is.
    unmasked: Option<Seat>,
    nobody_prior: f64,
    /// By seat; `None` for a knight an accusation showed Loyal.
    weights: [Option<f64>; 8],
    players: u8,
}

impl Likelihoods {
    /// The weights from the records given by `records`.
    pub(super) fn of(v: &Glimpse, records: impl Fn(Seat) -> [i32; 7]) -> Likelihoods {
        let weighing = Weighing::of(v);
        let mut all = [[0i32; 7]; 8];
        for s in weighing.on_board_seats() {
            all[s.index()] = records(s);
        }
        weighing.likelihoods(&all)
    }

    /// What `observer`, were he Loyal, believes of `me` beyond the most he believes of any other
    /// knight: [`Likelihoods::held_by`]'s chance for `me` less its greatest for another seat,
    /// worked out without the whole belief (the hidden Traitor weighs it for every observer and
    /// every choice of his Progression of Evil). The same to the last bit: dividing by the total
    /// keeps the order of the weights.
    pub(super) fn lead_of(&self, me: Seat, observer: Seat) -> f64 {
        if self.unmasked.is_some() || self.nobody_prior >= 1.0 {
            let b = self.held_by(observer);
            let others = (0..self.players)
                .map(Seat)
                .filter(|&s| s != me)
                .map(|s| b.of_seat(s))
                .fold(0.0, f64::max);
            return b.of_seat(me) - others;
        }
        let mut total = self.nobody_prior;
        let mut most = 0.0_f64;
        for s in (0..self.players).map(Seat) {
            if s == observer {
                continue;
            }
            if let Some(w) = self.weights[s.index()] {
                total += w;
                if s != me {
                    most = most.max(w);
                }
            }
        }
        let mine = if me == observer {
            0.0
        } else {
            self.weights[me.index()].unwrap_or(0.0)
        };
        mine / total - most / total
    }

    /// The belief of `observer`, were he Loyal.
    pub(super) fn held_by(&self, observer: Seat) -> Belief {
        let mut seats = [0.0; 8];
        if let Some(t) = self.unmasked {
            seats[t.index()] = 1.0;
            return Belief { seats, nobody: 0.0 };
        }
        if self.nobody_prior >= 1.0 {
            return Belief { seats, nobody: 1.0 };
        }
        let mut total = self.nobody_prior;
        for s in (0..self.players).map(Seat) {
            if s == observer {
                continue;
            }
            if let Some(w) = self.weights[s.index()] {
                seats[s.index()] = w;
                total += w;
            }
        }
        for p in &mut seats {
            *p /= total;
        }
        Belief {
            seats,
            nobody: self.nobody_prior / total,
        }
    }
}

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

/// The chance that the next sword laid is white, in the Loyal knights' reckoning of what an
/// accusation is worth ([`Accusal`]) …
const NEXT_SWORD_WHITE: f64 = 0.45;
/// … and the chance that the game goes on to the next sword rather than ending otherwise (siege
/// engines, every Loyal knight dead). Tuned on simulated games (solid, 4, 5 and 7 knights, 20,000
/// each): 0.3 to 0.6 and 0.7 to 0.95 changed the Loyal win rate by less than half a point.
const NEXT_SWORD_COMES: f64 = 0.93;

impl Suspect {
    /// The knight `v`'s seat would suspect most (none with fewer than two others to choose from).
    pub fn of(v: &Glimpse) -> Option<Suspect> {
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

    /// A wrong accusation would flip the seventh black sword: never worth it to a Loyal knight.
    #[inline]
    pub fn seventh_black(swords: Swords) -> bool {
        swords.white > 0 && swords.black + 1 >= BLACK_SWORDS_LOSE
    }
}

/// What accusing is worth to a Loyal knight, from his [`Belief`] and the swords on the Round
/// Table: the Loyal knights' chance to win from the swords alone ([`sword_chance`]) after a
/// correct accusation (a white sword, and no Traitor left to turn two at the end) and after a
/// wrong one (a white sword turned black), each weighed by the chance it is, against not accusing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Accusal {
    /// The knight most worth accusing.
    pub target: Seat,
    /// The belief that he is the Traitor.
    pub belief: f64,
    /// The chance to win if he accuses him, less the chance if he does not.
    pub gain: f64,
}

impl Accusal {
    /// Whether a correct accusation would lay the twelfth sword and end the game. Short of it, no
    /// accusation gains the knights anything (see [`Accusal::best`]).
    #[inline]
    pub fn ends_the_game(swords: Swords) -> bool {
        u16::from(swords.white) + u16::from(swords.black) + 1 >= u16::from(SWORDS_END)
    }

    /// The best accusation `v`'s seat (Loyal) could make now, with what it would gain; `None` with
    /// nobody to accuse, or when a wrong accusation would flip the seventh black sword.
    pub fn best(v: &Glimpse, belief: &Belief) -> Option<Accusal> {
        let swords = v.swords();
        if Suspect::seventh_black(swords) {
            return None;
        }
        let (w, b) = (i32::from(swords.white), i32::from(swords.black));
        let hidden = belief.hidden_on_board(v);
        let stay = sword_chance(w, b, hidden);
        // A correct accusation counts only when it ends the game: one that leaves the game going
        // unmasks a Traitor who then adds evil every turn (counting on what came after made the
        // knights accuse early, and lose 1 to 6 points more games).
        let right = if Accusal::ends_the_game(swords) {
            sword_chance(w + 1, b, 0.0)
        } else {
            0.0
        };
        let mut best: Option<Accusal> = None;
        for s in (0..v.players().min(8)).map(Seat) {
            if s == v.seat() || !v.on_board(s) {
                continue;
            }
            let p = belief.of_seat(s);
            let (ww, wb) = if w > 0 { (w - 1, b + 1) } else { (w, b) };
            let rest = if p < 1.0 {
                ((hidden - p) / (1.0 - p)).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let wrong = sword_chance(ww, wb, rest);
            let gain = p * right + (1.0 - p) * wrong - stay;
            if best.is_none_or(|a| gain > a.gain) {
                best = Some(Accusal {
                    target: s,
                    belief: p,
                    gain,
                });
            }
        }
        best
    }
}

/// The Loyal knights' chance to win from `white` and `black` swords on the Round Table alone,
/// `hidden` the chance that a hidden Traitor on the board turns two white swords black at the end
/// (§6.4): each sword to come is white with [`NEXT_SWORD_WHITE`], and comes at all with
/// [`NEXT_SWORD_COMES`]; seven black swords lose, twelve end the game (more white than black win).
///
/// The chance is linear in `hidden`, so it is read from two tables worked out once, with a hidden
/// Traitor for sure and with none (every knight's every look at an accusation asks it).
pub fn sword_chance(white: i32, black: i32, hidden: f64) -> f64 {
    let black_lose = i32::from(BLACK_SWORDS_LOSE);
    let end = i32::from(SWORDS_END);
    if black >= black_lose {
        return 0.0;
    }
    if white + black >= end {
        let (plain, flipped) = counted(white, black);
        return hidden * flipped + (1.0 - hidden) * plain;
    }
    let (w, b) = (white.clamp(0, end) as usize, black.clamp(0, 7) as usize);
    hidden * SWORD_CHANCE[1][w][b] + (1.0 - hidden) * SWORD_CHANCE[0][w][b]
}

/// Whether the Loyal knights win a finished count of `white` and `black` swords: (with no hidden
/// Traitor, with one who turns two white swords).
const fn counted(white: i32, black: i32) -> (f64, f64) {
    let turned = if white < 2 { white } else { 2 };
    (
        if white > black { 1.0 } else { 0.0 },
        if white - turned > black + turned {
            1.0
        } else {
            0.0
        },
    )
}

/// [`sword_chance`] with no hidden Traitor (`[0]`) and with one for sure (`[1]`), by white and
/// black swords.
const SWORD_CHANCE: [[[f64; 8]; 13]; 2] = [sword_table(false), sword_table(true)];

/// One of [`SWORD_CHANCE`]'s tables, from the end back over the swords still to come.
const fn sword_table(hidden: bool) -> [[f64; 8]; 13] {
    let black_lose = BLACK_SWORDS_LOSE as i32;
    let end = SWORDS_END as i32;
    let mut chance = [[0.0f64; 8]; 13];
    let mut total = end;
    while total >= 0 {
        let mut b = 0;
        while b <= total && b <= black_lose {
            let w = total - b;
            if w <= end {
                chance[w as usize][b as usize] = if b >= black_lose {
                    0.0
                } else if total >= end {
                    let (plain, flipped) = counted(w, b);
                    if hidden { flipped } else { plain }
                } else {
                    NEXT_SWORD_COMES
                        * (NEXT_SWORD_WHITE * chance[(w + 1) as usize][b as usize]
                            + (1.0 - NEXT_SWORD_WHITE) * chance[w as usize][(b + 1) as usize])
                };
            }
            b += 1;
        }
        total -= 1;
    }
    chance
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

/// What in `target`'s record weighs most in his [`Belief`]: the count whose lead over the table's
/// mean lifts it most.
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
    let mut best = (f64::MIN, 1);
    for j in 0..7 {
        let w = BELIEF_LLR[j] * f64::from(f[j] * k - sum[j]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Setup;

    /// What an observer believes of a knight beyond the others, worked out without the whole
    /// belief, is the same to the last bit as read from the whole belief: for every pair of
    /// seats at every decision of whole games, the Traitor hidden and unmasked, and with no
    /// Traitor dealt.
    #[test]
    fn a_lead_in_the_belief_is_read_as_from_the_whole_belief() {
        let (mut pairs, mut unmasked, mut none) = (0, 0, 0);
        for (seed, players) in (0..24).zip([4u8, 5, 7].into_iter().cycle()) {
            let mut setup = Setup::new(players, seed);
            if seed % 6 == 5 {
                setup.options.traitor = TraitorRule::NoTraitor;
            }
            let mut game = Game::new(&setup).unwrap();
            let mut rng = rng_from_seed(seed);
            while let Some(seat) = game.decider() {
                let view = game.glimpse(seat);
                let likelihoods = Likelihoods::of(&view, |s| record(&view, s));
                for me in (0..players).map(Seat) {
                    for o in (0..players).map(Seat).filter(|&o| o != me) {
                        let b = likelihoods.held_by(o);
                        let others = (0..players)
                            .map(Seat)
                            .filter(|&s| s != me)
                            .map(|s| b.of_seat(s))
                            .fold(0.0, f64::max);
                        let whole = b.of_seat(me) - others;
                        assert_eq!(
                            likelihoods.lead_of(me, o).to_bits(),
                            whole.to_bits(),
                            "seed {seed}, turn {}, {me:?} seen by {o:?}",
                            game.turn()
                        );
                        pairs += 1;
                        unmasked += usize::from(likelihoods.unmasked.is_some());
                        none += usize::from(likelihoods.nobody_prior >= 1.0);
                    }
                }
                let legal = game.legal_actions();
                let i = SimplePolicy.choose(&view, &legal, &mut rng).unwrap();
                game.apply(seat, legal[i]).unwrap();
            }
        }
        assert!(
            pairs > 100_000 && unmasked > 0 && none > 0,
            "{pairs} {unmasked} {none}"
        );
    }
}
