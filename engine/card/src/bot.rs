//! Computer knights. A [`Bot`] decides from its own seat's [`SeatView`] and from the events its seat was
//! allowed to see (public events and its own private ones) — never from the hidden state. It keeps a
//! memory of the cards placed on the Threats pile while it watched; how well it remembers, and how
//! boldly it goes on quests, depend on its [`Level`].

use crate::action::{Action, Event, Keep, PrivateEvent, Seat, TopCard};
use crate::cards::{Card, Knight, Loyalty, Merlin, Morgan, Quest, RumorValue};
use crate::game::Game;
use crate::resolve::{Outcome, Resolution, ThreatCard, resolve};
use crate::view::{Prompt, SeatLook, SeatView};
use camelot_kit::{GameRng, Player};
use rand::distr::{Bernoulli, Distribution};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// How well a computer knight plays: the one scale of both games (the kit's).
pub use camelot_kit::Level;

/// Chance to forget a card it saw placed: a beginner forgets a good share of the cards it saw
/// and goes on quests on a hunch; a solid knight remembers most and goes when its count says 11
/// to 13; an expert remembers every card, weighs the `?` risk and reads lies under Morgan #1.
fn forget(level: Level) -> f64 {
    match level {
        Level::Beginner => 0.2,
        Level::Solid => 0.08,
        Level::Expert => 0.0,
    }
}

/// Suspicion needed before accusing.
fn accuse_at(level: Level) -> i32 {
    match level {
        Level::Beginner => 2,
        Level::Solid => 3,
        Level::Expert => 3,
    }
}

/// Why a computer knight did what it did, for the one line the app shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Why {
    Listened,
    /// Went on a quest: the total it counted.
    Counted {
        quest: Quest,
        total: u16,
    },
    /// Went on a quest that it knew was doomed, pretending otherwise (only a Traitor).
    Gamble {
        quest: Quest,
    },
    Suspects {
        seat: Seat,
    },
    KnowsTraitor {
        seat: Seat,
    },
    Announced {
        card: Card,
    },
    Chose,
    PlayedKnight {
        knight: Knight,
    },
    Passed,
    SpreadRumors,
    NothingElse,
}

/// A decision and its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub action: Action,
    pub why: Why,
}

/// An interrupt window: play the knight (`action`), or let it pass.
fn window(play: bool, action: Action, knight: Knight) -> Choice {
    if play {
        Choice {
            action,
            why: Why::PlayedKnight { knight },
        }
    } else {
        Choice {
            action: Action::PassWindow,
            why: Why::Passed,
        }
    }
}

/// A card the bot saw placed, and by whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Seen {
    /// What the bot believes the card is (`None`: forgotten).
    card: Option<ThreatCard>,
    by: Seat,
    /// Placed face down with this announcement (the truth shows when the pile is revealed).
    announced: Option<Card>,
}

/// A computer knight's mind: what it remembers and suspects.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Bot {
    pub seat: Seat,
    pub level: Level,
    rng: Xoshiro256PlusPlus,
    pile: Vec<Seen>,
    /// Suspicion of each seat.
    suspicion: Vec<i32>,
    /// Why it chose its last action (what [`Player::reason`] says; not kept in a save).
    #[serde(skip)]
    said: Option<Why>,
    /// Loyalty cards it knows (revealed, or seen with Galahad).
    known: Vec<Option<Loyalty>>,
    /// The card it drew in secret under Morgan #1, until placed.
    drawn: Option<Card>,
    /// Seats it caught lying under Morgan #1 (alone among the face-down drawers of a pile): only a
    /// Traitor may lie.
    #[serde(default)]
    caught: Vec<bool>,
    /// Traitor cards it knows lie among the set-aside Loyalty cards (it put one back under Vivien).
    #[serde(default)]
    set_aside_traitors: u8,
    /// Vivien: the card it held and the one offered, until it keeps one.
    #[serde(default)]
    offer: Option<(Loyalty, Loyalty)>,
}

/// Traitor cards among the Loyalty cards of a game of `players` (card-game.md §5: players + 1 Loyal
/// and 1 Traitor, all 9 cards — 2 Traitors — with 7 players, none in solo). However Vivien moves them,
/// no more Traitors than these can ever sit at the table.
pub fn traitor_cards(players: u8) -> u8 {
    match players {
        0 | 1 => 0,
        7.. => 2,
        _ => 1,
    }
}

/// Swords that win the game for a side (card-game.md §6).
const SEVEN: u8 = 7;

/// The Card Game's computer knight is the kit's one [`Player`]: it decides from its seat's view
/// with its own randomness (kept with its memory), so the generator it is handed goes unused.
impl Player<Game> for Bot {
    type Reason = Why;

    fn choose(
        &mut self,
        look: &SeatLook<'_>,
        legal: &[Action],
        _rng: &mut GameRng,
    ) -> Option<usize> {
        let choice = self.decide(&look.seat_view());
        self.said = Some(choice.why);
        legal.iter().position(|a| *a == choice.action)
    }

    fn reason(&self, _look: &SeatLook<'_>, _legal: &[Action], _chosen: usize) -> Why {
        self.said.clone().unwrap_or(Why::NothingElse)
    }

    fn observe(&mut self, event: &Event) {
        Bot::observe(self, event);
    }
}

impl Bot {
    pub fn new(seat: Seat, level: Level, players: u8, seed: u64) -> Bot {
        Bot {
            seat,
            level,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed ^ (seat.0 as u64) << 32),
            pile: Vec::new(),
            suspicion: vec![0; players as usize],
            known: vec![None; players as usize],
            said: None,
            drawn: None,
            caught: vec![false; players as usize],
            set_aside_traitors: 0,
            offer: None,
        }
    }

    /// Watch an event. Other seats' private events are ignored: the bot only knows what its seat saw.
    pub fn observe(&mut self, event: &Event) {
        match event {
            Event::CardPlaced { seat, top } => {
                let (card, announced) = match *top {
                    TopCard::FaceUp { card } => (Some(card), None),
                    TopCard::FaceDown { announced } => {
                        let truth = if *seat == self.seat {
                            self.drawn.take()
                        } else {
                            None
                        };
                        (Some(truth.unwrap_or(announced)), Some(announced))
                    }
                };
                let forgotten = chance(&mut self.rng, forget(self.level));
                self.pile.push(Seen {
                    card: if forgotten {
                        None
                    } else {
                        card.map(ThreatCard::new)
                    },
                    by: *seat,
                    announced,
                });
            }
            Event::WentOnQuest { seat, quest, .. } if *seat != self.seat => {
                let r = self.believed(*quest, 0);
                let main = r.main_stack();
                let doomed = match main.outcome {
                    Outcome::Success => false,
                    Outcome::Baseless => main.total.unwrap_or(0) <= 7,
                    Outcome::Defeat | Outcome::Harmless => true,
                };
                if self.known_cards() >= 3 {
                    if doomed {
                        self.suspicion[seat.index()] += 1;
                    } else if main.outcome == Outcome::Success {
                        // Going on a quest that wins is what the loyal do.
                        self.suspicion[seat.index()] -= 1;
                    }
                }
            }
            Event::QuestResolved { resolution } => {
                self.catch_lies(resolution);
                self.pile.clear();
            }
            Event::LoyaltyRevealed { seat, loyalty } => self.known[seat.index()] = Some(*loyalty),
            Event::VivienExchange { drawer, recipient } => {
                // New cards for the drawer and the recipient, and the set-aside cards mixed again:
                // what it knew of them is gone (its own part comes in its private events).
                for s in std::iter::once(drawer).chain(recipient) {
                    if let Some(k) = self.known.get_mut(s.index()) {
                        *k = None;
                    }
                    if let Some(c) = self.caught.get_mut(s.index()) {
                        *c = false;
                    }
                }
                self.set_aside_traitors = 0;
            }
            Event::Private { seat, private } if *seat == self.seat => match private {
                PrivateEvent::Drew { card } => self.drawn = Some(*card),
                PrivateEvent::Merlin4Quest { quest } => {
                    if let Some(s) = self.pile.iter_mut().rev().find(|s| {
                        s.by == self.seat
                            && s.card.is_some_and(|c| c.card == Card::Merlin(Merlin::Four))
                    }) && let Some(c) = &mut s.card
                    {
                        c.merlin4 = Some(*quest);
                    }
                }
                PrivateEvent::LoyaltySeen { seat, loyalty } => {
                    self.known[seat.index()] = Some(*loyalty)
                }
                PrivateEvent::VivienOffer { current, offered } => {
                    self.offer = Some((*current, *offered))
                }
                PrivateEvent::KeptLoyalty { loyalty } => {
                    // The card not kept went back, face down, among the set-aside cards.
                    if let Some((current, offered)) = self.offer.take() {
                        let back = if *loyalty == current {
                            offered
                        } else {
                            current
                        };
                        if back == Loyalty::Traitor {
                            self.set_aside_traitors += 1;
                        }
                    }
                }
                _ => {}
            },
            _ => {}
        }
    }

    /// After a quest, the revealed pile shows the true cards: a face-down announcement that is not
    /// among them was a lie. The Expert and Solid levels notice.
    fn catch_lies(&mut self, r: &Resolution) {
        if self.level == Level::Beginner {
            return;
        }
        let mut revealed: Vec<Card> = r
            .stacks
            .iter()
            .flat_map(|s| s.cards.iter().filter(|c| !c.gawain).map(|c| c.card))
            .chain(r.characters.iter().filter(|c| !c.gawain).map(|c| c.card))
            .collect();
        // Face-up cards are certainly there; take them out first.
        for s in self.pile.iter().filter(|s| s.announced.is_none()) {
            if let Some(c) = s.card
                && let Some(i) = revealed.iter().position(|x| *x == c.card)
            {
                revealed.swap_remove(i);
            }
        }
        let mut liars = Vec::new();
        for s in self.pile.iter().filter(|s| s.announced.is_some()) {
            let a = s.announced.expect("filtered");
            match revealed.iter().position(|x| *x == a) {
                Some(i) => {
                    revealed.swap_remove(i);
                }
                None if s.by != self.seat => liars.push(s.by),
                None => {}
            }
        }
        // One face-down drawer who lied is caught; several share the doubt.
        let weight = if liars.len() == 1 { 3 } else { 1 };
        if let [liar] = liars[..]
            && let Some(c) = self.caught.get_mut(liar.index())
        {
            *c = true;
        }
        for l in liars {
            self.suspicion[l.index()] += weight;
        }
    }

    fn known_cards(&self) -> usize {
        self.pile.iter().filter(|s| s.card.is_some()).count()
    }

    fn believed_pile(&self) -> Vec<ThreatCard> {
        self.pile.iter().filter_map(|s| s.card).collect()
    }

    fn believed(&self, quest: Quest, bonus: u8) -> Resolution {
        resolve(&self.believed_pile(), quest, bonus)
    }

    fn score(r: &Resolution) -> i32 {
        if r.evil_wins_now {
            return -100;
        }
        r.white as i32 - r.black as i32
    }

    /// Decide for this seat. `view` must be this seat's view; the action is always one of its legal
    /// actions.
    pub fn decide(&mut self, view: &SeatView) -> Choice {
        debug_assert_eq!(view.seat, self.seat);
        let choice = self.think(view);
        if view.legal_actions.contains(&choice.action) {
            return choice;
        }
        Choice {
            action: view.legal_actions.first().copied().unwrap_or(Action::Pass),
            why: Why::NothingElse,
        }
    }

    fn evil(&self, view: &SeatView) -> bool {
        view.loyalty == Some(Loyalty::Traitor)
    }

    fn holds(view: &SeatView, k: Knight) -> bool {
        view.knights.contains(&k)
    }

    fn think(&mut self, view: &SeatView) -> Choice {
        let evil = self.evil(view);
        let Some(prompt) = &view.prompt else {
            return Choice {
                action: Action::Pass,
                why: Why::NothingElse,
            };
        };
        let choose = |action| Choice {
            action,
            why: Why::Chose,
        };
        match prompt {
            Prompt::Turn { deck_seen, .. } => self.turn(view, deck_seen.as_deref()),
            Prompt::Announce { drawn, may_lie } => {
                let card = if *may_lie && evil {
                    self.lie(*drawn)
                } else {
                    *drawn
                };
                Choice {
                    action: Action::Announce { card },
                    why: Why::Announced { card },
                }
            }
            Prompt::TraitorChoose { cards } => {
                let worst = (0..2)
                    .min_by_key(|&i| self.harm_score(cards[i]))
                    .unwrap_or(0);
                Choice {
                    action: Action::PlaceRumor { index: worst as u8 },
                    why: Why::SpreadRumors,
                }
            }
            Prompt::Merlin4Quest => {
                let pile = self.believed_pile();
                let weight = |q: Quest| -> u16 {
                    pile.iter()
                        .filter_map(|c| match c.card {
                            Card::Quest(x, v) if x == q => Some(v.points().unwrap_or(0) as u16),
                            _ => None,
                        })
                        .max()
                        .unwrap_or(0)
                };
                let quest = if evil {
                    *Quest::ALL.iter().min_by_key(|q| weight(**q)).expect("five")
                } else {
                    // Remove the highest card of the quest closest to a defeat.
                    *Quest::ALL
                        .iter()
                        .max_by_key(|q| {
                            resolve(&pile, **q, 0)
                                .stack(crate::resolve::QuestStack::Quest(**q))
                                .and_then(|s| s.total)
                                .unwrap_or(0)
                                * 10
                                + weight(**q)
                        })
                        .expect("five")
                };
                choose(Action::ChooseMerlin4Quest { quest })
            }
            Prompt::VivienRecipient => {
                let options: Vec<Seat> = view
                    .legal_actions
                    .iter()
                    .filter_map(|a| match a {
                        Action::GiveLoyalty { recipient } => Some(*recipient),
                        _ => None,
                    })
                    .collect();
                // The loyal give to the most trusted, a Traitor to the most suspected (ties: the
                // first in seat order for the loyal, the last for a Traitor).
                let suspicion = |s: &&Seat| self.suspicion[s.index()];
                let recipient = if evil {
                    options.iter().max_by_key(suspicion)
                } else {
                    options.iter().min_by_key(suspicion)
                };
                match recipient {
                    Some(r) => choose(Action::GiveLoyalty { recipient: *r }),
                    None => choose(Action::Pass),
                }
            }
            Prompt::VivienKeep { current, offered } => {
                let want = if evil {
                    Loyalty::Traitor
                } else {
                    Loyalty::Loyal
                };
                let keep = if *current == want || *offered != want {
                    Keep::Current
                } else {
                    Keep::New
                };
                choose(Action::KeepLoyalty { keep })
            }
            Prompt::Merlin6 => {
                let mut best = (i32::MIN, Action::DeclineMerlin6);
                for q in Quest::ALL {
                    for b in 0..=3 {
                        let s = Self::score(&self.believed(q, b));
                        let s = if evil { -s } else { s };
                        if s > best.0 {
                            best = (s, Action::Merlin6Quest { quest: q, bonus: b });
                        }
                    }
                }
                if best.0 > 0 {
                    choose(best.1)
                } else {
                    choose(Action::DeclineMerlin6)
                }
            }
            Prompt::ArthurWindow { quest, .. } => {
                let r = self.believed(*quest, 0);
                let good = r.main_stack().outcome == Outcome::Success;
                // The loyal stop a quest they count as lost; a Traitor stops one they count as won.
                window(
                    Self::holds(view, Knight::Arthur) && (good == evil) && self.known_cards() >= 2,
                    Action::PlayArthur,
                    Knight::Arthur,
                )
            }
            Prompt::GawainWindow { holds_gawain } => {
                let r = view.table.resolution.as_ref();
                let lost = r.is_some_and(|r| r.main_stack().outcome != Outcome::Success);
                window(
                    *holds_gawain && (lost != evil),
                    Action::PlayGawain,
                    Knight::Gawain,
                )
            }
            Prompt::GawainChoose { cards } => {
                let Some(r) = &view.table.resolution else {
                    return choose(Action::GawainPlay { index: None });
                };
                let base: Vec<ThreatCard> = r
                    .stacks
                    .iter()
                    .flat_map(|s| {
                        s.cards.iter().map(|c| ThreatCard {
                            card: c.card,
                            merlin4: None,
                            gawain: c.gawain,
                        })
                    })
                    .chain(r.characters.iter().copied())
                    .collect();
                let quest = match r.main {
                    crate::resolve::QuestStack::Quest(q) => q,
                    crate::resolve::QuestStack::PictsAndSaxons => Quest::Picts,
                };
                let mut best: Option<(i32, u8)> = None;
                for (i, c) in cards.iter().enumerate() {
                    if c.is_morgan() {
                        continue;
                    }
                    // A Merlin #4 played is then given a quest: weighed at its best one.
                    let every_quest = Quest::ALL.map(Some);
                    let targets: &[Option<Quest>] = if *c == Card::Merlin(Merlin::Four) {
                        &every_quest
                    } else {
                        &[None]
                    };
                    for &merlin4 in targets {
                        let mut p = base.clone();
                        p.push(ThreatCard {
                            card: *c,
                            merlin4,
                            gawain: true,
                        });
                        let s = Self::score(&resolve(&p, quest, 0));
                        let s = if evil { -s } else { s };
                        if best.is_none_or(|(b, _)| s > b) {
                            best = Some((s, i as u8));
                        }
                    }
                }
                choose(Action::GawainPlay {
                    index: best.map(|(_, i)| i),
                })
            }
            Prompt::PercivalAccusation {
                target,
                holds_percival,
            } => {
                // A Traitor doubles the black sword of an accused loyal knight; the loyal double the
                // white one when they are sure.
                let play = *holds_percival
                    && if evil {
                        *target != self.seat
                    } else {
                        self.known[target.index()] == Some(Loyalty::Traitor)
                    };
                window(play, Action::PlayPercival, Knight::Percival)
            }
            Prompt::PercivalEnd { holds_percival } => window(
                *holds_percival && evil,
                Action::PlayPercival,
                Knight::Percival,
            ),
        }
    }

    /// How good a card placed now is for the loyal (lower: more harm), as a revealed Traitor sees it.
    fn harm_score(&self, card: Card) -> i32 {
        if let Card::Morgan(m) = card {
            return match m {
                Morgan::Seven => -50,
                Morgan::Four(_) => -8,
                _ => -6,
            };
        }
        let mut p = self.believed_pile();
        p.push(ThreatCard::new(card));
        card.symbols()
            .iter()
            .map(|q| Self::score(&resolve(&p, *q, 0)))
            .max()
            .unwrap_or(0)
    }

    /// Under Morgan #1, a Traitor's announcement: the truth, unless a lie pays.
    fn lie(&mut self, drawn: Card) -> Card {
        let Card::Quest(q, _) = drawn else {
            return drawn;
        };
        let mut with = self.believed_pile();
        with.push(ThreatCard::new(drawn));
        let truth = Self::score(&resolve(&with, q, 0));
        // A lie about the value only: the same quest symbol keeps the same permission.
        let values = [
            RumorValue::Two,
            RumorValue::Three,
            RumorValue::Four,
            RumorValue::Five,
        ];
        let mut best = (truth, drawn);
        for v in values {
            let claim = Card::Quest(q, v);
            let mut p = self.believed_pile();
            p.push(ThreatCard::new(claim));
            let told = Self::score(&resolve(&p, q, 0));
            // The table believes `told`; the lie pays when the table would go while it is really lost.
            if told > 0 && truth <= 0 && best.1 == drawn {
                best = (told, claim);
            }
        }
        let lie_rate = match self.level {
            Level::Beginner => 0.8,
            Level::Solid => 0.5,
            Level::Expert => 0.35,
        };
        if best.1 != drawn && chance(&mut self.rng, lie_rate) {
            best.1
        } else {
            drawn
        }
    }

    fn turn(&mut self, view: &SeatView, deck_seen: Option<&[Card]>) -> Choice {
        let evil = self.evil(view);
        let legal = &view.legal_actions;
        if legal.contains(&Action::SpreadRumors) {
            return Choice {
                action: Action::SpreadRumors,
                why: Why::SpreadRumors,
            };
        }
        if self.level == Level::Expert
            && deck_seen.is_none()
            && legal.contains(&Action::PlayTristan)
        {
            return Choice {
                action: Action::PlayTristan,
                why: Why::PlayedKnight {
                    knight: Knight::Tristan,
                },
            };
        }
        // The quests the top card allows, as this bot counts them.
        let mut best: Option<(i32, Quest, u16)> = None;
        for a in legal {
            let Action::GoOnQuest { quest } = a else {
                continue;
            };
            let r = self.believed(*quest, 0);
            let total = r.main_stack().total.unwrap_or(0);
            let mut s = Self::score(&r);
            if self.level == Level::Beginner && (10..=13).contains(&total) {
                // A hunch: close enough.
                s = s.max(1);
            }
            if best.is_none_or(|(b, _, _)| s > b) {
                best = Some((s, *quest, total));
            }
        }
        if !evil {
            // Accuse on evidence.
            if let Some(a) = self.accusation(view) {
                return a;
            }
            if let Some((s, quest, total)) = best
                && s > 0
            {
                return Choice {
                    action: Action::GoOnQuest { quest },
                    why: Why::Counted { quest, total },
                };
            }
            // A pile that only grows worse: deal with it now, on the least bad quest (a big pile and a
            // loss of at most one sword, a huge pile, or nothing left to draw).
            let pile = view.table.pile_count;
            if let Some((s, quest, total)) = best
                && ((pile >= 16 && s >= -1)
                    || pile >= 32
                    || !legal.contains(&Action::ListenToRumors))
            {
                return Choice {
                    action: Action::GoOnQuest { quest },
                    why: Why::Counted { quest, total },
                };
            }
            // Galahad on the most suspected, when nothing better is on.
            if Self::holds(view, Knight::Galahad)
                && let Some(target) = self.most_suspected(view)
                && self.suspicion[target.index()] > 0
                && self.known[target.index()].is_none()
            {
                return Choice {
                    action: Action::PlayGalahad { target },
                    why: Why::PlayedKnight {
                        knight: Knight::Galahad,
                    },
                };
            }
        } else {
            // A hidden Traitor: lose quests quietly. Go on a quest that only looks promising, or that
            // is already lost but close enough to pass for bad luck; near the end, accuse a loyal knight.
            if let Some((s, quest, total)) = best {
                let plausible = (8..=10).contains(&total) || (14..=15).contains(&total);
                if s < 0 && plausible && chance(&mut self.rng, 0.5) {
                    return Choice {
                        action: Action::GoOnQuest { quest },
                        why: Why::Gamble { quest },
                    };
                }
                // Now and then go on a winning quest too, to keep up appearances.
                if s > 0 && chance(&mut self.rng, 0.25) {
                    return Choice {
                        action: Action::GoOnQuest { quest },
                        why: Why::Counted { quest, total },
                    };
                }
            }
            if view.table.swords.black >= 5
                && let Some(target) = self.traitor_target(view)
                && legal.contains(&Action::Accuse { target })
            {
                return Choice {
                    action: Action::Accuse { target },
                    why: Why::Suspects { seat: target },
                };
            }
        }
        if legal.contains(&Action::ListenToRumors) {
            return Choice {
                action: Action::ListenToRumors,
                why: Why::Listened,
            };
        }
        if let Some((_, quest, total)) = best {
            return Choice {
                action: Action::GoOnQuest { quest },
                why: Why::Counted { quest, total },
            };
        }
        Choice {
            action: legal.first().copied().unwrap_or(Action::Pass),
            why: Why::NothingElse,
        }
    }

    fn unrevealed_others<'a>(&'a self, view: &'a SeatView) -> impl Iterator<Item = Seat> + 'a {
        view.table
            .seats
            .iter()
            .filter(move |s| s.seat != self.seat && s.revealed.is_none())
            .map(|s| s.seat)
    }

    fn most_suspected(&self, view: &SeatView) -> Option<Seat> {
        self.unrevealed_others(view)
            .max_by_key(|s| self.suspicion[s.index()])
    }

    /// Whether this seat knows `seat` holds a Traitor card: seen with Galahad, or caught lying.
    fn sure_traitor(&self, seat: Seat) -> bool {
        self.known[seat.index()] == Some(Loyalty::Traitor)
            || self.caught.get(seat.index()).copied().unwrap_or(false)
    }

    /// Traitor cards that may still be hidden in another player's hand: those of the game, less the
    /// revealed ones, the ones it knows lie set aside, and its own.
    fn hidden_traitors(&self, view: &SeatView) -> u8 {
        let revealed = view
            .table
            .seats
            .iter()
            .filter(|s| s.revealed == Some(Loyalty::Traitor))
            .count() as u8;
        let own = u8::from(self.evil(view) && !self.revealed(view));
        traitor_cards(view.table.players)
            .saturating_sub(revealed)
            .saturating_sub(self.set_aside_traitors)
            .saturating_sub(own)
    }

    fn revealed(&self, view: &SeatView) -> bool {
        view.table
            .seats
            .get(self.seat.index())
            .is_some_and(|s| s.revealed.is_some())
    }

    /// Swords an accusation of the wrong player may bring the other side: one, or two when a Percival
    /// may be played on it (the expert variant, with Knight cards in other unrevealed hands).
    fn wrong_accusation_cost(&self, view: &SeatView) -> u8 {
        let percival = view.table.options.knights_to_the_rescue
            && view
                .table
                .seats
                .iter()
                .any(|s| s.seat != self.seat && s.revealed.is_none() && s.knight_cards > 0);
        1 + u8::from(percival)
    }

    /// Whom a hidden Traitor accuses: a loyal knight, to place a black sword. With a second Traitor
    /// card possibly hidden (7 players), accusing it would bring a white sword and show a partner,
    /// so it accuses only a player it knows is loyal, or one who has gone on more winning quests
    /// than doomed ones, and never when a wrong guess could place White's 7th sword.
    fn traitor_target(&self, view: &SeatView) -> Option<Seat> {
        let candidates = || {
            self.unrevealed_others(view)
                .filter(|s| !self.sure_traitor(*s))
        };
        if let Some(loyal) = candidates().find(|s| self.known[s.index()] == Some(Loyalty::Loyal)) {
            return Some(loyal);
        }
        let target = candidates().min_by_key(|s| self.suspicion[s.index()])?;
        if self.hidden_traitors(view) == 0 {
            return Some(target);
        }
        let white = view.table.swords.white;
        (self.suspicion[target.index()] < 0 && white + self.wrong_accusation_cost(view) < SEVEN)
            .then_some(target)
    }

    /// Whom a loyal knight accuses, if anyone. Never when no hidden Traitor can remain (every Traitor
    /// card that can be in play is revealed or known set aside): the accused could only be loyal.
    /// A player it is sure of, at once; on suspicion alone only when a wrong guess cannot place
    /// Evil's 7th black sword.
    fn accusation(&self, view: &SeatView) -> Option<Choice> {
        if self.hidden_traitors(view) == 0 {
            return None;
        }
        let can = |target| view.legal_actions.contains(&Action::Accuse { target });
        if let Some(seat) = self.unrevealed_others(view).find(|s| self.sure_traitor(*s))
            && can(seat)
        {
            return Some(Choice {
                action: Action::Accuse { target: seat },
                why: Why::KnowsTraitor { seat },
            });
        }
        let black = view.table.swords.black;
        if black + self.wrong_accusation_cost(view) >= SEVEN {
            return None;
        }
        let seat = self
            .unrevealed_others(view)
            .filter(|s| self.known[s.index()] != Some(Loyalty::Loyal))
            .max_by_key(|s| self.suspicion[s.index()])?;
        let s = self.suspicion[seat.index()];
        (s >= accuse_at(self.level) && black >= 2 && can(seat)).then_some(Choice {
            action: Action::Accuse { target: seat },
            why: Why::Suspects { seat },
        })
    }
}

/// Play a game to its end with a computer knight in every seat (the simulation's and the tests' loop):
/// each bot sees only its own seat's view and the events its seat may see. Returns the game, or the
/// game as it stood when `max_actions` ran out.
pub fn play_bots(
    mut game: crate::Game,
    levels: &[Level],
    seed: u64,
    max_actions: usize,
) -> crate::Game {
    let players = game.players() as u8;
    let mut bots: Vec<Bot> = (0..players)
        .map(|i| Bot::new(Seat(i), levels[i as usize % levels.len()], players, seed))
        .collect();
    for _ in 0..max_actions {
        let Some((seat, _)) = game.decider() else {
            break;
        };
        let view = game.seat_view(seat).expect("the decider sits at the table");
        let choice = bots[seat.index()].decide(&view);
        let events = game
            .apply(seat, choice.action)
            .expect("a bot only plays legal actions");
        for bot in bots.iter_mut() {
            for e in &events {
                match e {
                    Event::Private { seat, .. } if *seat != bot.seat => {}
                    e => bot.observe(e),
                }
            }
        }
    }
    game
}

/// True with probability `p`: rand's `random_bool` (the same draw), without its panic message,
/// which would carry float formatting into the web app for a case that cannot happen here
/// (every probability is a constant in 0..=1).
fn chance<R: Rng + ?Sized>(rng: &mut R, p: f64) -> bool {
    Bernoulli::new(p).is_ok_and(|d| d.sample(rng))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Options, Setup};

    #[test]
    fn bots_play_whole_games_with_legal_actions_only() {
        for players in 1..=7 {
            for level in Level::ALL {
                for seed in 0..10 {
                    let mut setup = Setup::new(players, seed);
                    setup.options = Options {
                        knights_to_the_rescue: seed % 2 == 0,
                        morgan8: seed % 3 == 0,
                        merlin6: seed % 3 == 0,
                    };
                    let g = play_bots(Game::new(setup).unwrap(), &[level], seed, 3000);
                    assert!(
                        g.is_over(),
                        "{players} players, {level:?}, seed {seed}: {:?} {:?}",
                        g.table_view(),
                        &g.history()[g.history().len() - 10..]
                    );
                }
            }
        }
    }
}
