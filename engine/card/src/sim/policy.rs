//! The built-in player of the Card Game's simulation, [`SimplePolicy`]: the kit's one [`Player`],
//! deciding any seat from that seat's [`SeatLook`] — a view borrowed from the game that answers
//! only what the seat may know at a real table, as the computer knights decide from a
//! [`crate::SeatView`]: the visible top card, the swords, who is revealed and who has accused, every
//! card placed on the pile as the table saw it placed (face up, or the announcement of a face-down
//! one), a pile revealed for a quest — plus the seat's own secrets (its Loyalty card, its Knight
//! cards, the card it just drew, the true cards and Merlin #4 quests of the cards it placed, what
//! Galahad showed it). It is never handed the game itself, so it cannot look at the deck order, the
//! cards under a face-down announcement it did not place, or another seat's hand.
//!
//! It avoids allocating per decision: it reads its view through cheap accessors and keeps a running
//! count of the pile.

use crate::action::{Action, Keep, Seat};
use crate::cards::{Card, Knight, Loyalty, Merlin, Quest, RumorValue};
use crate::count::{Tally, Totals};
use crate::game::{Decision, Game};
use crate::view::SeatLook;
use camelot_kit::{GameRng, Player};
use rand::RngExt;
use serde::{Deserialize, Serialize};

/// The Threats pile as a seat can count it: face-up cards, the announcements of face-down cards (the
/// true card for those it placed), and the quests of its own Merlin #4 tokens.
pub fn visible_tally(view: &SeatLook<'_>) -> Tally {
    let mut t = Tally::default();
    for c in view.pile() {
        match c.own {
            Some((card, merlin4)) => t.add(card, merlin4),
            None => t.add(c.shown, None),
        }
    }
    t
}

/// The revealed pile of the quest being resolved (every card is public then), Gawain's cards included.
fn revealed_tally(view: &SeatLook<'_>) -> Option<Tally> {
    let (pile, gawain) = view.resolving_pile()?;
    let mut t = Tally::default();
    for pc in pile {
        t.add(pc.card, pc.merlin4);
    }
    for c in gawain {
        t.add(c.card, c.merlin4);
    }
    Some(t)
}

/// How [`SimplePolicy`] plays, in percent where it is a chance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PolicyParams {
    /// A seat holding a Traitor card lies under Morgan #1 (when a lie can lure the table).
    pub lie_chance: u8,
    /// A seat holding a Traitor card listens instead of going on a quest that would succeed.
    pub sabotage_chance: u8,
    /// A seat holding a Traitor card goes on a quest that would cost 2 swords or more.
    pub blunder_chance: u8,
    /// A seat holding a Traitor card accuses a random player (with 4 swords on the table).
    pub traitor_accuse_chance: u8,
    /// With this many cards in the pile, a loyal player cuts losses: goes on the best allowed quest if it
    /// costs at most one sword.
    pub cut_loss_pile: u8,
}

impl Default for PolicyParams {
    fn default() -> Self {
        PolicyParams {
            lie_chance: 50,
            sabotage_chance: 35,
            blunder_chance: 20,
            traitor_accuse_chance: 15,
            cut_loss_pile: 16,
        }
    }
}

/// The built-in player: cooperative and greedy for the loyal, a quiet saboteur for a Traitor.
///
/// - Turn: accuse a player caught lying under Morgan #1 (the revealed pile shows every face-down card)
///   or seen as a Traitor with Galahad; otherwise go on the allowed quest whose estimate brings more white
///   than black swords; otherwise listen (or, once the pile is long, cut losses); a revealed Traitor
///   spreads rumors and places the card worse for the table.
/// - Windows: Arthur stops a quest that would cost swords, Gawain is played on a losing quest and plays
///   its best card, Percival backs an accusation with evidence; a Traitor does the opposite.
/// - Vivien: give the other card to the next unrevealed player; everyone keeps their card.
#[derive(Clone, Debug)]
pub struct SimplePolicy {
    pub params: PolicyParams,
    /// What the table knows: the pile length at the last decision, and the players caught lying under
    /// Morgan #1 (a face-down card unlike its announcement, seen when the pile was revealed).
    pile_len: usize,
    known_liars: u8,
    /// Per seat: the seats it saw as a Traitor with Galahad (a bit mask).
    seen_traitors: [u8; 8],
    galahad_played: u8,
    /// The pile as everyone saw it placed, counted card by card, and the seats that may count it
    /// differently (the table saw them place a face-down card, or a Merlin #4 whose token's quest
    /// only they know): those count it from what they know themselves.
    public: Tally,
    face_down_placers: u8,
    /// The seats that know one of their face-down cards is unlike its announcement, and how much of
    /// the pile each has looked through for its own cards.
    false_announcers: u8,
    looked: [u8; 8],
    /// Seats with a Merlin #4 token in the pile: they add what they know of it to the public count.
    merlin4_owners: u8,
}

impl SimplePolicy {
    /// The built-in player with its usual chances, remembering nothing yet (one per game).
    pub fn new() -> Self {
        Self::with_params(PolicyParams::default())
    }

    pub fn with_params(params: PolicyParams) -> Self {
        SimplePolicy {
            params,
            pile_len: 0,
            known_liars: 0,
            seen_traitors: [0; 8],
            galahad_played: 0,
            public: Tally::default(),
            face_down_placers: 0,
            false_announcers: 0,
            looked: [0; 8],
            merlin4_owners: 0,
        }
    }

    /// Follow the pile as the table sees it placed. The pile only ever empties by a quest, whose
    /// revealed cards show every face-down card: one unlike its announcement catches its placer.
    #[inline]
    fn observe(&mut self, view: &SeatLook<'_>) {
        let len = view.pile_len();
        if len == self.pile_len {
            return;
        }
        let from = if len < self.pile_len {
            if let Some((revealed, _)) = view.revealed_pile() {
                for pc in revealed {
                    if pc.announced.is_some_and(|a| a != pc.card) {
                        self.known_liars |= 1 << pc.placed_by.0;
                    }
                }
            }
            self.public = Tally::default();
            self.face_down_placers = 0;
            self.false_announcers = 0;
            self.looked = [0; 8];
            self.merlin4_owners = 0;
            0
        } else {
            self.pile_len
        };
        for i in from.min(len)..len {
            let c = view.pile_card(i);
            let bit = 1 << c.placed_by.0;
            if c.face_down {
                self.face_down_placers |= bit;
            }
            if matches!(c.shown, Card::Merlin(Merlin::Four)) {
                // Its token's quest is chosen next, and known only to the one who chose it.
                self.merlin4_owners |= bit;
            }
            self.public.add(c.shown, None);
        }
        self.pile_len = len;
    }

    /// Whether the seat of `view` counts the pile as everyone does (the running count serves): it
    /// holds no Merlin #4 token in the pile, and none of its face-down cards is unlike its
    /// announcement.
    #[inline(always)]
    fn counts_as_everyone(&self, view: &SeatLook<'_>) -> bool {
        let bit = 1 << view.seat().0;
        (self.merlin4_owners | self.false_announcers) & bit == 0
    }

    /// Look through the cards the seat of `view` placed face down since it last looked (its own
    /// knowledge): is one unlike its announcement?
    #[inline(always)]
    fn check_own_cards(&mut self, view: &SeatLook<'_>) {
        let me = view.seat().index() & 7;
        if self.face_down_placers & (1 << me) == 0 {
            return;
        }
        let len = view.pile_len();
        for i in usize::from(self.looked[me])..len {
            let c = view.pile_card(i);
            if c.face_down && c.own.is_some_and(|(card, _)| card != c.shown) {
                self.false_announcers |= 1 << me;
            }
        }
        self.looked[me] = len as u8;
    }

    /// `f` of the totals of the pile as the seat counts it (see [`visible_tally`]), and how many cards
    /// it holds: from the running count, without a copy, in the common case.
    #[inline(always)]
    fn with_totals<R>(&self, view: &SeatLook<'_>, f: impl FnOnce(&Totals) -> R) -> (R, usize) {
        if self.counts_as_everyone(view) {
            (self.public.with_totals(f), self.public.len())
        } else {
            let t = self.tally(view);
            (t.with_totals(f), t.len())
        }
    }

    /// The totals of the pile as the seat counts it (see [`visible_tally`]), and how many cards it
    /// holds: the running count, not a copy, in the common case (`scratch` holds the totals otherwise).
    #[inline(always)]
    fn totals<'a>(
        &'a self,
        view: &SeatLook<'_>,
        scratch: &'a mut Option<Totals>,
    ) -> (&'a Totals, usize) {
        if self.counts_as_everyone(view) {
            let t = &self.public;
            (t.totals_in(scratch), t.len())
        } else {
            let t = self.tally(view);
            (scratch.insert(t.totals()), t.len())
        }
    }

    /// The pile as the seat counts it: the public count, unless one of its own face-down cards is not
    /// what it announced (then afresh, see [`visible_tally`]), with the quests of its Merlin #4 tokens.
    fn tally(&self, view: &SeatLook<'_>) -> Tally {
        if self.false_announcers & (1 << view.seat().0) != 0 {
            return visible_tally(view);
        }
        let mut t = self.public;
        if self.merlin4_owners & (1 << view.seat().0) != 0 {
            for q in view.own_merlin4_quests() {
                t.learn_merlin4(q);
            }
        }
        t
    }

    fn unrevealed_others(view: &SeatLook<'_>) -> u8 {
        let mut mask = 0u8;
        for i in 0..view.players() {
            let s = Seat(i as u8);
            if !view.is_revealed(s) && s != view.seat() {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// What the seat has seen with Galahad (read from its own memory once after playing it).
    fn evidence(&mut self, view: &SeatLook<'_>) -> u8 {
        let me = view.seat();
        if self.galahad_played & (1 << me.0) != 0 {
            self.galahad_played &= !(1 << me.0);
            for m in view.memory() {
                if let crate::action::PrivateEvent::LoyaltySeen {
                    seat,
                    loyalty: Loyalty::Traitor,
                } = m
                {
                    self.seen_traitors[me.index()] |= 1 << seat.0;
                }
            }
        }
        (self.known_liars | self.seen_traitors[me.index()]) & Self::unrevealed_others(view)
    }

    fn holds_traitor(view: &SeatLook<'_>) -> bool {
        view.loyalty() == Some(Loyalty::Traitor)
    }

    fn turn(&mut self, view: &SeatLook<'_>, rng: &mut GameRng) -> Action {
        let me = view.seat();
        let can_draw = view.can_draw();
        let traitor = Self::holds_traitor(view);
        // The rare case first: a well-predicted test (whether the seat is a Traitor is not).
        if traitor && view.is_revealed(me) {
            return if can_draw {
                Action::SpreadRumors
            } else {
                Action::Pass
            };
        }
        // Accusing is refused unless some other player is still unrevealed.
        let can_accuse = || view.accusation_refusal().is_none();
        // Seats are 0 to 6: the mask only spares a bounds check.
        let suspects = self.known_liars | self.seen_traitors[me.index() & 7];
        if !traitor && (suspects != 0 || self.galahad_played & (1 << me.0) != 0) && can_accuse() {
            let evidence = self.evidence(view);
            if evidence != 0 {
                return Action::Accuse {
                    target: Seat(evidence.trailing_zeros() as u8),
                };
            }
        }
        let allowed = view.allowed_quests();
        let ((best, worst), pile) = if allowed.is_empty() {
            ((None, None), view.pile_len())
        } else {
            let mut scratch = None;
            let (t, pile) = self.totals(view, &mut scratch);
            let worst = if traitor { t.worst(allowed, 0) } else { None };
            ((t.best(allowed, 0), worst), pile)
        };
        if traitor {
            if can_accuse() && chance(rng, self.params.traitor_accuse_chance) {
                let target = pick(rng, Self::unrevealed_others(view));
                return Action::Accuse { target };
            }
            if let Some((q, net)) = worst
                && net <= -2
                && chance(rng, self.params.blunder_chance)
            {
                return Action::GoOnQuest { quest: q };
            }
            if can_draw
                && best.is_some_and(|(_, net)| net > 0)
                && chance(rng, self.params.sabotage_chance)
            {
                return Action::ListenToRumors;
            }
        }
        if let Some((q, net)) = best
            && (net > 0
                || !can_draw
                || (pile >= usize::from(self.params.cut_loss_pile) && net >= -1)
                || pile >= 2 * usize::from(self.params.cut_loss_pile))
        {
            return Action::GoOnQuest { quest: q };
        }
        let knights = view.knights();
        let galahad = !knights.is_empty() && knights.contains(&Knight::Galahad);
        if !traitor && galahad && view.swords().total() >= 2 {
            let unknown = Self::unrevealed_others(view) & !self.seen_traitors[me.index()];
            if unknown != 0 {
                self.galahad_played |= 1 << me.0;
                let target = pick(rng, unknown);
                return Action::PlayGalahad { target };
            }
        }
        if can_draw {
            return Action::ListenToRumors;
        }
        if can_accuse() {
            let target = pick(rng, Self::unrevealed_others(view));
            return Action::Accuse { target };
        }
        let others = Self::unrevealed_others(view);
        if galahad && others != 0 {
            let target = pick(rng, others);
            return Action::PlayGalahad { target };
        }
        Action::Pass
    }

    /// Under Morgan #1: the truth, or (Traitor card) a lie that makes a losing quest look good.
    fn announce(&mut self, view: &SeatLook<'_>, drawn: Card, rng: &mut GameRng) -> Action {
        if !Self::holds_traitor(view) || !chance(rng, self.params.lie_chance) {
            return Action::Announce { card: drawn };
        }
        let tally = self.tally(view);
        let mut truth = tally;
        truth.add(drawn, None);
        let mut lie: Option<(Card, i16)> = None;
        for q in Quest::ALL {
            let real = truth.net(q, 0);
            if real > 0 {
                continue;
            }
            for v in [
                RumorValue::Question,
                RumorValue::Two,
                RumorValue::Three,
                RumorValue::Four,
                RumorValue::Five,
            ] {
                let card = Card::Quest(q, v);
                if card == drawn {
                    continue;
                }
                let mut believed = tally;
                believed.add(card, None);
                if believed.net(q, 0) > 0 && lie.is_none_or(|(_, r)| real < r) {
                    lie = Some((card, real));
                }
            }
        }
        Action::Announce {
            card: lie.map_or(drawn, |(c, _)| c),
        }
    }

    /// The card a revealed Traitor places: the one leaving the next player the worst quest.
    fn place_rumor(&mut self, view: &SeatLook<'_>, cards: [Card; 2], rng: &mut GameRng) -> Action {
        let tally = self.tally(view);
        let score = |c: Card| {
            let mut t = tally;
            t.add(c, None);
            let best = t
                .with_totals(|t| t.best(c.symbols(), 0))
                .map_or(0, |(_, net)| net);
            // A Morgan left in the pile lurks for every later quest.
            best * 4 - i16::from(c.is_morgan())
        };
        let (a, b) = (score(cards[0]), score(cards[1]));
        let index = match a.cmp(&b) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Equal => rng.random_range(0..2u8),
        };
        Action::PlaceRumor { index }
    }

    /// Merlin #4's token goes on the quest most likely to overflow (a Traitor's at random).
    fn merlin4(&mut self, view: &SeatLook<'_>, rng: &mut GameRng) -> Action {
        if Self::holds_traitor(view) {
            let quest = Quest::ALL[usize::from(rng.random_range(0..5u8))];
            return Action::ChooseMerlin4Quest { quest };
        }
        let tally = revealed_tally(view).unwrap_or_else(|| self.tally(view));
        let totals = tally.totals();
        let mut best = (Quest::Picts, 0u16);
        for q in Quest::ALL {
            let t = totals.total(q).unwrap_or(0) * 4 + u16::from(q.swords());
            if t > best.1 {
                best = (q, t);
            }
        }
        Action::ChooseMerlin4Quest { quest: best.0 }
    }

    fn merlin6(&mut self, view: &SeatLook<'_>) -> Action {
        let traitor = Self::holds_traitor(view);
        let (choice, _) = self.with_totals(view, |totals| {
            let mut choice: Option<(Quest, u8, i16)> = None;
            for q in Quest::ALL {
                for bonus in 0..=3 {
                    let net = totals.net(q, bonus);
                    let net = if traitor { -net } else { net };
                    if choice.is_none_or(|(_, _, n)| net > n) {
                        choice = Some((q, bonus, net));
                    }
                }
            }
            choice
        });
        match choice {
            Some((quest, bonus, net)) if net > 0 => Action::Merlin6Quest { quest, bonus },
            _ => Action::DeclineMerlin6,
        }
    }

    fn arthur(&mut self, view: &SeatLook<'_>, quest: Quest) -> Action {
        if !view.knights().contains(&Knight::Arthur) {
            return Action::PassWindow;
        }
        let bonus = view.quest().map_or(0, |q| q.bonus);
        let net = self.tally(view).net(quest, bonus);
        let stop = if Self::holds_traitor(view) {
            net > 0
        } else {
            net < 0
        };
        if stop {
            Action::PlayArthur
        } else {
            Action::PassWindow
        }
    }

    fn gawain_window(&mut self, view: &SeatLook<'_>) -> Action {
        if !view.knights().contains(&Knight::Gawain) || !view.can_draw() {
            return Action::PassWindow;
        }
        let (Some(q), Some(tally)) = (view.quest(), revealed_tally(view)) else {
            return Action::PassWindow;
        };
        let net = tally.net(q.quest, q.bonus);
        let play = if Self::holds_traitor(view) {
            net > 0
        } else {
            net < 0
        };
        if play {
            Action::PlayGawain
        } else {
            Action::PassWindow
        }
    }

    fn gawain_choose(&mut self, view: &SeatLook<'_>) -> Action {
        let (Some(cards), Some(q), Some(tally)) =
            (view.gawain_cards(), view.quest(), revealed_tally(view))
        else {
            return Action::GawainPlay { index: None };
        };
        let sign = if Self::holds_traitor(view) { -1 } else { 1 };
        let mut best: Option<(u8, i16)> = None;
        for (i, &c) in cards.iter().enumerate() {
            if c.is_morgan() {
                continue;
            }
            let mut t = tally;
            t.add(c, None);
            let net = sign * t.net(q.quest, q.bonus);
            if best.is_none_or(|(_, n)| net > n) {
                best = Some((i as u8, net));
            }
        }
        Action::GawainPlay {
            index: best.map(|(i, _)| i),
        }
    }

    fn percival(&mut self, view: &SeatLook<'_>, decision: Decision) -> Action {
        if !view.knights().contains(&Knight::Percival) {
            return Action::PassWindow;
        }
        let me = view.seat();
        let traitor = Self::holds_traitor(view);
        let play = match decision {
            Decision::PercivalAccusation { target } => {
                if traitor {
                    target != me
                } else {
                    (self.known_liars | self.seen_traitors[me.index()]) & (1 << target.0) != 0
                }
            }
            _ => traitor,
        };
        if play {
            Action::PlayPercival
        } else {
            Action::PassWindow
        }
    }

    /// The action the seat of `view` takes for `decision`, its pending decision.
    #[inline]
    pub fn decide(&mut self, view: &SeatLook<'_>, decision: Decision, rng: &mut GameRng) -> Action {
        self.observe(view);
        self.check_own_cards(view);
        // A turn first: most decisions are turns.
        if let Decision::Turn = decision {
            return self.turn(view, rng);
        }
        match decision {
            Decision::Turn => self.turn(view, rng),
            Decision::Announce => match view.drawn() {
                Some(card) => self.announce(view, card, rng),
                None => Action::Pass,
            },
            Decision::TraitorChoose => match view.traitor_cards() {
                Some(cards) => self.place_rumor(view, cards, rng),
                None => Action::PlaceRumor { index: 0 },
            },
            Decision::Merlin4Quest => self.merlin4(view, rng),
            Decision::VivienRecipient => {
                let (me, n) = (view.seat(), view.players());
                let recipient = (1..n)
                    .map(|i| Seat(((me.index() + i) % n) as u8))
                    .find(|s| !view.is_revealed(*s))
                    .unwrap_or(me);
                Action::GiveLoyalty { recipient }
            }
            Decision::VivienKeep => Action::KeepLoyalty {
                keep: Keep::Current,
            },
            Decision::Merlin6 => self.merlin6(view),
            Decision::ArthurWindow { quest, .. } => self.arthur(view, quest),
            Decision::GawainWindow => self.gawain_window(view),
            Decision::GawainChoose => self.gawain_choose(view),
            Decision::PercivalAccusation { .. } | Decision::PercivalEnd => {
                self.percival(view, decision)
            }
        }
    }
}

impl Default for SimplePolicy {
    fn default() -> Self {
        Self::new()
    }
}

/// The built-in player is the kit's one [`Player`]: it chooses from its seat's look with the
/// generator the simulation hands it, naming its action without the list of legal actions (which
/// keeps a simulated game as quick as the rules allow). It gives no reasons (the computer knights,
/// [`crate::bot::Bot`], do).
impl Player<Game> for SimplePolicy {
    type Reason = ();

    fn choose(&mut self, look: &SeatLook, legal: &[Action], rng: &mut GameRng) -> Option<usize> {
        let action = self.choose_unlisted(look, rng)?;
        legal.iter().position(|a| *a == action)
    }

    /// Its choice needs no list of the legal actions: it names the action from its look.
    #[inline]
    fn choose_unlisted(&mut self, look: &SeatLook<'_>, rng: &mut GameRng) -> Option<Action> {
        let (_, decision) = look.decider()?;
        Some(self.decide(look, decision, rng))
    }

    fn reason(&self, _look: &SeatLook<'_>, _legal: &[Action], _chosen: usize) {}
}

/// True `percent` times in a hundred.
fn chance(rng: &mut GameRng, percent: u8) -> bool {
    percent > 0 && rng.random_range(0..100u8) < percent
}

/// A random seat of a non-empty bit mask.
fn pick(rng: &mut GameRng, mask: u8) -> Seat {
    debug_assert!(mask != 0);
    let k = rng.random_range(0..mask.count_ones());
    let mut m = mask;
    for _ in 0..k {
        m &= m - 1;
    }
    Seat(m.trailing_zeros() as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::NoEvents;
    use crate::game::{Options, Setup};
    use camelot_kit::rng_from_seed;

    #[test]
    fn the_running_count_matches_a_fresh_count_for_every_seat() {
        let mut checked = 0;
        for seed in 0..60 {
            let mut g = Game::new(Setup::new(5, seed)).unwrap();
            let mut policy = SimplePolicy::new();
            let mut rng = rng_from_seed(seed);
            for _ in 0..600 {
                let Some((seat, decision)) = g.decider() else {
                    break;
                };
                policy.observe(&g.seat_look(seat).unwrap());
                for i in 0..5 {
                    let me = Seat(i);
                    let view = g.seat_look(me).unwrap();
                    // What the seat does first when it decides.
                    policy.check_own_cards(&view);
                    let (a, b) = (policy.tally(&view).totals(), visible_tally(&view).totals());
                    for q in Quest::ALL {
                        assert_eq!(a.estimate(q, 0), b.estimate(q, 0), "seed {seed}, {me}, {q}");
                    }
                    checked += 1;
                }
                let action = policy.decide(&g.seat_look(seat).unwrap(), decision, &mut rng);
                g.apply_to(seat, action, &mut NoEvents).unwrap();
            }
        }
        assert!(checked > 10_000);
    }

    /// Cheating is not possible: along simulated games, a copy of the game that differs in what the
    /// deciding seat cannot know — the deck's and the Knight deck's order, the set-aside and other
    /// seats' Loyalty cards, their Knight cards and memory, the true cards under others' face-down
    /// announcements — gets the very same choice from the built-in player.
    #[test]
    fn the_policy_decides_the_same_whatever_its_seat_cannot_see() {
        use rand::seq::{IndexedRandom, SliceRandom};
        let mut rng = rng_from_seed(99);
        let mut checked = 0;
        for seed in 0..120 {
            let players = (seed % 7 + 1) as u8;
            let mut setup = Setup::new(players, seed);
            setup.options = Options {
                knights_to_the_rescue: seed % 2 == 0,
                morgan8: seed % 3 == 0,
                merlin6: seed % 3 == 0,
            };
            let mut g = Game::new(setup).unwrap();
            let mut policy = SimplePolicy::new();
            let mut policy_rng = rng_from_seed(seed);
            for _ in 0..600 {
                let Some((seat, decision)) = g.decider() else {
                    break;
                };
                let mut h = g.clone();
                h.deck.shuffle(&mut rng);
                h.discard.shuffle(&mut rng);
                h.knight_deck.shuffle(&mut rng);
                h.set_aside.shuffle(&mut rng);
                let kinds = Card::all_kinds(true, true);
                // (Not while a quest is resolved: the pile lies revealed.)
                for pc in h.pile.iter_mut() {
                    if pc.announced.is_some() && pc.placed_by != seat && h.resolving.is_none() {
                        pc.card = *kinds.choose(&mut rng).unwrap();
                    }
                }
                for (i, s) in h.seats.iter_mut().enumerate() {
                    if i == seat.index() || s.revealed {
                        continue;
                    }
                    crate::view::vary_hidden_seat(s, &mut rng);
                }
                let (mut other, mut other_rng) = (policy.clone(), policy_rng.clone());
                let action = policy.decide(&g.seat_look(seat).unwrap(), decision, &mut policy_rng);
                let seen = other.decide(&h.seat_look(seat).unwrap(), decision, &mut other_rng);
                assert_eq!(action, seen, "seed {seed}: {decision:?}");
                checked += 1;
                g.apply_to(seat, action, &mut NoEvents).unwrap();
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
