//! Views: what the whole table may see, and what one seat may see. Hidden things are absent from these
//! types, not flagged: the cards under the top of the Threats pile, the deck order, other seats'
//! Loyalty and Knight cards, the set-aside Loyalty cards. The app renders only these.

use crate::action::{AccusationRefusal, Action, EndReason, PrivateEvent, Seat, Side, TopCard};
use crate::cards::{Card, Knight, Loyalty, Quest};
use crate::game::{Decision, Game, Options, Phase, PileCard, SeatState, Silence, Swords};
use crate::resolve::{Resolution, ThreatCard};
use serde::{Deserialize, Serialize};

/// One seat as the table sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicSeat {
    pub seat: Seat,
    /// The Loyalty card, once revealed (accused, or at the end).
    pub revealed: Option<Loyalty>,
    pub has_accused: bool,
    /// How many Knight cards lie face down in front of this player.
    pub knight_cards: u8,
}

/// The table's view: everything any player at a real table could see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableView {
    pub players: u8,
    pub options: Options,
    pub seats: Vec<PublicSeat>,
    /// Whose turn it is.
    pub current: Seat,
    pub turn: u32,
    /// Who must decide now and what kind of decision (nothing private); `None` when over.
    pub decider: Option<(Seat, Decision)>,
    /// The visible top of the Threats pile: the card, or its back with the announcement.
    pub top: Option<TopCard>,
    pub pile_count: u8,
    pub deck_count: u8,
    pub discard_count: u8,
    pub knight_deck_count: u8,
    pub swords: Swords,
    pub silence: Option<Silence>,
    /// Morgan #1 in force: listeners draw in secret and announce.
    pub morgan1: bool,
    /// Morgan #2 in force: the number the next listener says aloud.
    pub morgan2_next: Option<u32>,
    /// Merlin #4 tokens lying face down next to the pile (their quests are secret).
    pub merlin4_tokens: u8,
    /// Quests the visible top card allows.
    pub allowed_quests: Vec<Quest>,
    /// The quest being resolved, or just resolved: the revealed pile's full breakdown. Present only
    /// during a quest's resolution (cleared by the next action).
    pub resolution: Option<Resolution>,
    /// Play went on after the final reveal: every Loyalty card is known.
    pub all_revealed: bool,
    pub winner: Option<(Side, EndReason)>,
}

/// One seat's private view: the table's view plus what only this seat knows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub table: TableView,
    /// This seat's Loyalty card (none in solo play).
    pub loyalty: Option<Loyalty>,
    pub knights: Vec<Knight>,
    /// What this seat must decide now, with the private things it needs to see to decide.
    pub prompt: Option<Prompt>,
    /// The actions this seat may take now (empty if it is not this seat's decision).
    pub legal_actions: Vec<Action>,
    /// Everything this seat has seen privately, oldest first.
    pub memory: Vec<PrivateEvent>,
}

/// A private decision and what the decider sees to take it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "prompt", rename_all = "snake_case")]
pub enum Prompt {
    /// Your turn: Listen to Rumors, Go on a Quest, Accuse (or spread rumors as a revealed Traitor).
    Turn {
        /// Why accusing is not possible now, if it is not.
        accusation_refused: Option<AccusationRefusal>,
        /// Tristan played this turn: the deck, top card first.
        deck_seen: Option<Vec<Card>>,
    },
    /// Morgan #1: the card you drew; announce it (loyal knights may only tell the truth).
    Announce {
        drawn: Card,
        may_lie: bool,
    },
    /// Revealed Traitor: choose which card to place face up.
    TraitorChoose {
        cards: [Card; 2],
    },
    Merlin4Quest,
    /// Vivien: choose who receives the other set-aside Loyalty card.
    VivienRecipient,
    /// Vivien: the card you hold and the one offered.
    VivienKeep {
        current: Loyalty,
        offered: Loyalty,
    },
    Merlin6,
    ArthurWindow {
        quester: Seat,
        quest: Quest,
        holds_arthur: bool,
    },
    GawainWindow {
        holds_gawain: bool,
    },
    GawainChoose {
        cards: Vec<Card>,
    },
    PercivalAccusation {
        target: Seat,
        holds_percival: bool,
    },
    PercivalEnd {
        holds_percival: bool,
    },
}

impl Game {
    /// The view of the whole table.
    pub fn table_view(&self) -> TableView {
        let over = self.winner();
        TableView {
            players: self.seats.len() as u8,
            options: self.start.setup.options,
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| PublicSeat {
                    seat: Seat(i as u8),
                    revealed: if s.revealed { s.loyalty } else { None },
                    has_accused: s.has_accused,
                    knight_cards: s.knights.len() as u8,
                })
                .collect(),
            current: self.current,
            turn: self.turn,
            decider: self.decider(),
            top: self.top(),
            pile_count: self.pile.len() as u8,
            deck_count: self.deck.len() as u8,
            discard_count: self.discard.len() as u8,
            knight_deck_count: self.knight_deck.len() as u8,
            swords: self.swords,
            silence: self.silence,
            morgan1: self.morgan1,
            morgan2_next: self.morgan2.map(|n| n + 1),
            merlin4_tokens: self.pile.iter().filter(|c| c.merlin4.is_some()).count() as u8,
            allowed_quests: if over.is_some() {
                Vec::new()
            } else {
                self.allowed_quests().to_vec()
            },
            resolution: self.last_resolution.get(),
            all_revealed: self.all_revealed,
            winner: over,
        }
    }

    /// The view of one seat: the table plus its own secrets. `None` for a seat not at the table.
    pub fn seat_view(&self, seat: Seat) -> Option<SeatView> {
        let s = self.seats.get(seat.index())?;
        let decider = self.decider();
        let mine = decider.is_some_and(|(d, _)| d == seat);
        Some(SeatView {
            seat,
            table: self.table_view(),
            loyalty: s.loyalty,
            knights: s.knights.clone(),
            prompt: if mine { Some(self.prompt(seat)) } else { None },
            legal_actions: if mine {
                self.legal_actions()
            } else {
                Vec::new()
            },
            memory: s.memory.clone(),
        })
    }

    fn prompt(&self, seat: Seat) -> Prompt {
        let holds = |k| self.seats[seat.index()].knights.contains(&k);
        match &self.phase {
            Phase::Turn => Prompt::Turn {
                accusation_refused: self.accusation_refusal(seat),
                deck_seen: if self.tristan_this_turn {
                    self.seats[seat.index()]
                        .memory
                        .iter()
                        .rev()
                        .find_map(|m| match m {
                            PrivateEvent::DeckSeen { cards } => Some(cards.clone()),
                            _ => None,
                        })
                } else {
                    None
                },
            },
            Phase::Announce { card } => Prompt::Announce {
                drawn: *card,
                may_lie: self.holds_traitor(seat),
            },
            Phase::TraitorChoose { cards } => Prompt::TraitorChoose { cards: *cards },
            Phase::Merlin4Quest { .. } => Prompt::Merlin4Quest,
            Phase::VivienRecipient { .. } => Prompt::VivienRecipient,
            Phase::VivienKeep { offered, .. } => Prompt::VivienKeep {
                current: self.seats[seat.index()].loyalty.unwrap_or(Loyalty::Loyal),
                offered: *offered,
            },
            Phase::Merlin6 { .. } => Prompt::Merlin6,
            Phase::Arthur { quester, quest, .. } => Prompt::ArthurWindow {
                quester: *quester,
                quest: *quest,
                holds_arthur: holds(Knight::Arthur),
            },
            Phase::Gawain { .. } => Prompt::GawainWindow {
                holds_gawain: holds(Knight::Gawain),
            },
            Phase::GawainChoose { cards, .. } => Prompt::GawainChoose {
                cards: cards.to_vec(),
            },
            Phase::PercivalAccusation { target, .. } => Prompt::PercivalAccusation {
                target: *target,
                holds_percival: holds(Knight::Percival),
            },
            Phase::PercivalEnd { .. } => Prompt::PercivalEnd {
                holds_percival: holds(Knight::Percival),
            },
            Phase::Over { .. } => unreachable!("no decision once the game is over"),
        }
    }
}

/// What one seat may see, borrowed from the game without a copy: the built-in simulation's players
/// decide from it ([`crate::sim::SimplePolicy`]), as the computer knights decide from a [`SeatView`]. It
/// holds the game privately and answers only what that seat may know at a real table: the table (top
/// card, swords, who is revealed or has accused, the counts), every card placed on the Threats pile
/// as the table saw it placed (face up, or the announcement of a face-down one) and who placed it,
/// a revealed pile while its quest is resolved, and the seat's own secrets — its Loyalty card, Knight
/// cards and memory, the true card and Merlin #4 quest of each card it placed, and the cards of its
/// own pending decision. Never the deck's order, another seat's hand, or a card it did not see.
#[derive(Clone, Copy)]
pub struct SeatLook<'a> {
    game: &'a Game,
    seat: Seat,
    own: &'a SeatState,
}

/// A card on the Threats pile as one seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeenCard {
    /// What the table saw placed: the card, or the announcement of a face-down one.
    pub shown: Card,
    pub placed_by: Seat,
    pub face_down: bool,
    /// For a card this seat placed: the card itself, and the quest of its Merlin #4 token.
    pub own: Option<(Card, Option<Quest>)>,
}

/// A quest under way (in Arthur's window or being resolved): who went, on which quest, with which
/// promo Merlin #6 bonus — all said aloud.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuestUnderWay {
    pub quester: Seat,
    pub quest: Quest,
    pub bonus: u8,
}

impl Game {
    /// What `seat` may see, borrowed (`None` for a seat not at the table).
    pub fn seat_look(&self, seat: Seat) -> Option<SeatLook<'_>> {
        let own = self.seats.get(seat.index())?;
        Some(SeatLook {
            game: self,
            seat,
            own,
        })
    }
}

impl<'a> SeatLook<'a> {
    /// The same seat's owned view (what the computer knights decide from).
    pub fn seat_view(&self) -> SeatView {
        self.game
            .seat_view(self.seat)
            .expect("a look is only made for a seat at the table")
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn players(&self) -> usize {
        self.game.seats.len()
    }

    /// Who decides now and what kind of decision (public).
    #[inline(always)]
    pub fn decider(&self) -> Option<(Seat, Decision)> {
        self.game.decider()
    }

    pub fn current(&self) -> Seat {
        self.game.current
    }

    pub fn swords(&self) -> Swords {
        self.game.swords
    }

    /// Whether a Rumor card can be drawn (the deck or the discard pile holds any).
    #[inline(always)]
    pub fn can_draw(&self) -> bool {
        self.game.can_draw()
    }

    #[inline(always)]
    pub fn allowed_quests(&self) -> &'static [Quest] {
        self.game.allowed_quests()
    }

    #[inline(always)]
    pub fn is_revealed(&self, seat: Seat) -> bool {
        self.game.seats[seat.index()].revealed
    }

    /// Why this seat may not accuse now (`None`: it may).
    #[inline(always)]
    pub fn accusation_refusal(&self) -> Option<AccusationRefusal> {
        self.game.accusation_refusal(self.seat)
    }

    /// This seat's Loyalty card (none in solo play).
    #[inline(always)]
    pub fn loyalty(&self) -> Option<Loyalty> {
        self.own.loyalty
    }

    pub fn knights(&self) -> &'a [Knight] {
        &self.own.knights
    }

    /// Everything this seat has seen privately, oldest first.
    pub fn memory(&self) -> &'a [PrivateEvent] {
        &self.own.memory
    }

    #[inline(always)]
    pub fn pile_len(&self) -> usize {
        self.game.pile.len()
    }

    /// Card `i` of the Threats pile (0 the bottom), as this seat saw it placed.
    #[inline(always)]
    pub fn pile_card(&self, i: usize) -> SeenCard {
        let pc = self.game.pile[i];
        SeenCard {
            shown: pc.announced.unwrap_or(pc.card),
            placed_by: pc.placed_by,
            face_down: pc.announced.is_some(),
            own: (pc.placed_by == self.seat).then_some((pc.card, pc.merlin4)),
        }
    }

    /// The Threats pile as this seat saw it placed, bottom first.
    pub fn pile(&self) -> impl Iterator<Item = SeenCard> + '_ {
        (0..self.pile_len()).map(|i| self.pile_card(i))
    }

    /// The quests of the Merlin #4 tokens this seat placed with its own Merlin #4 cards, bottom first.
    #[inline(always)]
    pub fn own_merlin4_quests(&self) -> impl Iterator<Item = Quest> + '_ {
        self.game.pile.iter().filter_map(move |pc| {
            // The rare card first: a well-predicted test (whose card it is, is anyone's guess).
            (matches!(pc.card, Card::Merlin(crate::cards::Merlin::Four))
                && pc.placed_by == self.seat)
                .then_some(pc.merlin4)
                .flatten()
        })
    }

    /// The quest under way: in Arthur's window, or while it is resolved (Gawain's window).
    pub fn quest(&self) -> Option<QuestUnderWay> {
        match (&self.game.phase, &self.game.resolving) {
            (
                Phase::Arthur {
                    quester,
                    quest,
                    bonus,
                    ..
                },
                _,
            ) => Some(QuestUnderWay {
                quester: *quester,
                quest: *quest,
                bonus: *bonus,
            }),
            (_, Some(r)) => Some(QuestUnderWay {
                quester: r.quester,
                quest: r.quest,
                bonus: r.bonus,
            }),
            _ => None,
        }
    }

    /// The pile of the quest being resolved, revealed (every card as it lies, with Merlin #4's
    /// quests), and the cards Gawain played on it.
    pub fn resolving_pile(&self) -> Option<(&'a [PileCard], &'a [ThreatCard])> {
        let r = self.game.resolving.as_ref()?;
        Some((&self.game.pile, &r.gawain))
    }

    /// The revealed pile of the quest being or just resolved (until the next action): every card
    /// with who placed it and the announcement it was placed under, and Gawain's cards.
    pub fn revealed_pile(&self) -> Option<(&'a [PileCard], &'a [ThreatCard])> {
        self.game.revealed_pile()
    }

    /// Under Morgan #1, the card this seat drew and must announce.
    pub fn drawn(&self) -> Option<Card> {
        match self.game.phase {
            Phase::Announce { card } if self.game.current == self.seat => Some(card),
            _ => None,
        }
    }

    /// A revealed Traitor's two cards to choose from.
    pub fn traitor_cards(&self) -> Option<[Card; 2]> {
        match self.game.phase {
            Phase::TraitorChoose { cards } if self.game.current == self.seat => Some(cards),
            _ => None,
        }
    }

    /// The three cards (or fewer) this seat drew with Gawain, to play one.
    pub fn gawain_cards(&self) -> Option<&'a [Card]> {
        match &self.game.phase {
            Phase::GawainChoose { seat, cards, .. } if *seat == self.seat => Some(cards),
            _ => None,
        }
    }
}

/// For the checks that a decision or a view depends only on what a seat may see: a Loyalty card
/// at random.
#[cfg(test)]
pub(crate) fn random_loyalty<R: rand::Rng>(rng: &mut R) -> Loyalty {
    use rand::RngExt;
    if rng.random_bool(0.5) {
        Loyalty::Loyal
    } else {
        Loyalty::Traitor
    }
}

/// The same for a seat another cannot see into: its Loyalty card (if it has one) and its Knight
/// cards (as many) drawn at random, its private memory forgotten.
#[cfg(test)]
pub(crate) fn vary_hidden_seat<R: rand::Rng>(s: &mut SeatState, rng: &mut R) {
    use rand::seq::IndexedRandom;
    if s.loyalty.is_some() {
        s.loyalty = Some(random_loyalty(rng));
    }
    let knights = crate::cards::all_knights();
    for k in s.knights.iter_mut() {
        *k = *knights.choose(rng).unwrap();
    }
    s.memory.clear();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::NoEvents;
    use crate::cards::Quest;
    use crate::game::Setup;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::seq::{IndexedRandom, SliceRandom};
    use rand::{RngExt, SeedableRng};

    /// Change everything a seat other than `keep` cannot know, without changing what the table sees.
    fn perturb_hidden(g: &Game, keep: Option<Seat>, rng: &mut Xoshiro256PlusPlus) -> Game {
        let mut h = g.clone();
        h.deck.shuffle(rng);
        h.knight_deck.shuffle(rng);
        h.unused_morgans.shuffle(rng);
        h.set_aside.shuffle(rng);
        for c in h.set_aside.iter_mut() {
            *c = random_loyalty(rng);
        }
        // Every pile card under the top becomes some other card; Merlin #4 quests change.
        let n = h.pile.len();
        let kinds = Card::all_kinds(true, true);
        for (i, pc) in h.pile.iter_mut().enumerate() {
            if pc.merlin4.is_some() {
                pc.merlin4 = Some(*Quest::ALL.choose(rng).unwrap());
            }
            if i + 1 < n {
                let was_merlin4 = pc.merlin4.is_some();
                if !was_merlin4 {
                    let others: Vec<Card> = kinds
                        .iter()
                        .copied()
                        .filter(|c| *c != Card::Merlin(crate::cards::Merlin::Four))
                        .collect();
                    pc.card = *others.choose(rng).unwrap();
                }
            } else if pc.announced.is_some() {
                // A face-down top card: what it really is stays hidden.
                pc.card = *kinds.choose(rng).unwrap();
            }
        }
        for (i, s) in h.seats.iter_mut().enumerate() {
            if Some(Seat(i as u8)) == keep || s.revealed {
                continue;
            }
            vary_hidden_seat(s, rng);
        }
        h
    }

    #[test]
    fn every_view_hides_what_it_must() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
        let mut checked = 0;
        for players in 1..=7u8 {
            for expert in [false, true] {
                for seed in 0..60 {
                    let mut setup = Setup::new(players, seed);
                    setup.options.knights_to_the_rescue = expert;
                    setup.options.morgan8 = seed % 2 == 0;
                    setup.options.merlin6 = seed % 3 == 0;
                    let mut g = Game::new(setup).unwrap();
                    for _ in 0..rng.random_range(0..80) {
                        let Some((seat, _)) = g.decider() else { break };
                        let a = *g.legal_actions().choose(&mut rng).unwrap();
                        g.apply_to(seat, a, &mut NoEvents).unwrap();
                    }
                    // Only check states where no decision shows private things to its decider.
                    let Some((decider, decision)) = g.decider() else {
                        continue;
                    };
                    if g.last_resolution.is_some() || g.resolving.is_some() {
                        continue;
                    }
                    let h = perturb_hidden(&g, None, &mut rng);
                    if decision.is_private() {
                        // The prompt is private, but the table's view never depends on hidden state.
                        assert_eq!(g.table_view(), h.table_view());
                        continue;
                    }
                    assert_eq!(g.table_view(), h.table_view(), "table view leaks");
                    for s in 0..players {
                        let seat = Seat(s);
                        let h = perturb_hidden(&g, Some(seat), &mut rng);
                        let (a, b) = (g.seat_view(seat).unwrap(), h.seat_view(seat).unwrap());
                        if seat == decider && g.tristan_this_turn {
                            // Tristan's holder sees the deck: its order is theirs to know.
                            continue;
                        }
                        assert_eq!(a, b, "seat {s}'s view leaks");
                        if seat == decider {
                            // A computer knight sees only its view: it decides the same whatever
                            // the hidden state.
                            for level in crate::bot::Level::ALL {
                                let mut x = crate::bot::Bot::new(seat, level, players, seed);
                                let mut y = x.clone();
                                assert_eq!(x.decide(&a), y.decide(&b));
                            }
                        }
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "only {checked} states checked");
    }
}
