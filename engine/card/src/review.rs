//! Looking back at a finished game, with nothing hidden any more: every player's Loyalty and
//! Knight cards, and the whole Threats pile face up. [`Game::truth`] is `None` while a game is
//! being played; the truth of an earlier step is read only through a [`Finished`] game, which
//! exists only once the game has ended. The table's view of each step is still
//! [`Game::table_view`]. What each player has done up to a step, his [`Deeds`], is folded from
//! the events of the moves before it ([`step_deeds`]).

use crate::action::{Event, PrivateEvent, Seat, TopCard};
use crate::cards::{Card, Knight, Loyalty};
use crate::game::{Game, GameSetup, Played, Setup};
use crate::resolve::Outcome;
use camelot_kit::{Finished, NotFinished};
use serde::{Deserialize, Serialize};

/// Everything at the table, face up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Truth {
    /// Each seat's cards, in seat order.
    pub seats: Vec<SeatTruth>,
    /// The Threats pile, bottom first, every card face up.
    pub pile: Vec<Card>,
}

/// One player's cards, face up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatTruth {
    pub seat: Seat,
    /// `None` in solo play.
    pub loyalty: Option<Loyalty>,
    pub knights: Vec<Knight>,
}

impl Game {
    /// Everything at the table, face up — only once the game has ended (`None` while it is being
    /// played).
    pub fn truth(&self) -> Option<Truth> {
        self.is_over().then(|| self.truth_now())
    }

    fn truth_now(&self) -> Truth {
        Truth {
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatTruth {
                    seat: Seat(i as u8),
                    loyalty: s.loyalty,
                    knights: s.knights.clone(),
                })
                .collect(),
            pile: self.pile.iter().map(|p| p.card).collect(),
        }
    }
}

/// A finished Card Game, looked back on step by step.
pub type Review = Finished<Game>;

/// Replay a Card Game to look back on it: refused while it is being played.
pub fn review(setup: Setup, actions: &[Played]) -> Result<Review, NotFinished<Game>> {
    Finished::of(&GameSetup { setup, deal: None }, actions, Game::turn)
}

/// The game at `step` of a finished game, and everything at its table face up.
pub fn step_truth(review: &Review, step: usize) -> (Game, Truth) {
    let game = review.at(step);
    let truth = game.truth_now();
    (game, truth)
}

/// What one player has done so far, face up: folded from the events of the moves up to a step
/// ([`step_deeds`], [`deeds_of`]). Cards are counted as they truly were, a card laid face down
/// under Morgan #1 included.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deeds {
    /// Rumor cards he laid on the Threats pile: Listening to Rumors, sent to listen by Arthur, or
    /// spreading rumors as a revealed Traitor.
    pub laid: u16,
    /// The characters among them (Morgans, Merlins, Mordred, Vivien), in the order laid.
    pub characters: Vec<Card>,
    /// Cards laid face down under Morgan #1 and announced as something they were not.
    pub false_announcements: u16,
    /// Turns spent spreading rumors as a revealed Traitor.
    pub rumors_spread: u16,
    /// Quests he went on and saw resolved (one stopped by Arthur is not one, `card-game.md` §8.7).
    pub quests: u16,
    /// How his quests ended: 11–13 (or Merlin #5), 10 or less, 14 or more.
    pub successes: u16,
    pub baseless: u16,
    pub defeats: u16,
    /// Cards of the Threats pile turned over on his quests (Gawain's card not counted).
    pub threats_faced: u16,
    /// Swords his quests brought, every quest of the pile and Morgan #3 included.
    pub white_swords: u16,
    pub black_swords: u16,
    /// His quests another player stopped with Arthur.
    pub stopped_by_arthur: u16,
    /// Knight cards he drew after a quest that laid black swords.
    pub knights_drawn: u16,
    /// Knight cards he played, in order.
    pub knights_played: Vec<Knight>,
    /// Loyalty cards he was offered and chose between in Vivien's exchange.
    pub exchanges: u16,
    /// His accusation, once made (each player accuses once a game).
    pub accusation: Option<Accusation>,
    /// Turns he passed (nothing else was possible).
    pub passes: u16,
}

/// An accusation and what it found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accusation {
    pub target: Seat,
    /// The accused player's Loyalty card once shown (`None` while Percival's window is open).
    pub found: Option<Loyalty>,
    /// Swords it laid: white for a Traitor found, black for a Loyal player (2 with Percival).
    pub swords: u8,
}

/// Each seat's [`Deeds`] at `step` of a finished game: folded from the events of its first `step`
/// moves.
pub fn step_deeds(review: &Review, step: usize) -> Vec<Deeds> {
    let events = &review.events()[..step.min(review.len())];
    deeds_of(review.at(0).players(), events.iter().flatten())
}

/// Each of `players` seats' [`Deeds`], folded from a game's events in order (private ones
/// included: they tell what a card laid face down truly was).
pub fn deeds_of<'a>(players: usize, events: impl IntoIterator<Item = &'a Event>) -> Vec<Deeds> {
    let mut fold = Fold {
        deeds: vec![Deeds::default(); players],
        drawn: vec![None; players],
        quester: None,
        accuser: None,
    };
    for e in events {
        fold.event(e);
    }
    fold.deeds
}

/// The deeds so far, and what an event still to come completes.
struct Fold {
    deeds: Vec<Deeds>,
    /// The card each seat drew in secret under Morgan #1, until he lays it.
    drawn: Vec<Option<Card>>,
    /// Whose quest is under way (until it is resolved or Arthur stops it).
    quester: Option<Seat>,
    /// Who accused, until the accused player's Loyalty card is shown.
    accuser: Option<Seat>,
}

impl Fold {
    fn of(&mut self, seat: Seat) -> Option<&mut Deeds> {
        self.deeds.get_mut(seat.index())
    }

    fn event(&mut self, e: &Event) {
        match e {
            Event::Private {
                seat,
                private: PrivateEvent::Drew { card },
            } => {
                if let Some(d) = self.drawn.get_mut(seat.index()) {
                    *d = Some(*card);
                }
            }
            Event::CardPlaced { seat, top } => {
                let drawn = self.drawn.get_mut(seat.index()).and_then(Option::take);
                let (card, lie) = match *top {
                    TopCard::FaceUp { card } => (card, false),
                    TopCard::FaceDown { announced } => {
                        let card = drawn.unwrap_or(announced);
                        (card, card != announced)
                    }
                };
                if let Some(d) = self.of(*seat) {
                    d.laid += 1;
                    d.false_announcements += u16::from(lie);
                    if !matches!(card, Card::Quest(..)) {
                        d.characters.push(card);
                    }
                }
            }
            Event::TraitorSpreadsRumors { seat } => self.count(*seat, |d| &mut d.rumors_spread),
            Event::WentOnQuest { seat, .. } => self.quester = Some(*seat),
            Event::ArthurPlayed { by, quester } => {
                self.played(*by, Knight::Arthur);
                self.quester = None;
                self.count(*quester, |d| &mut d.stopped_by_arthur);
            }
            Event::QuestResolved { resolution } => {
                let Some(d) = self
                    .quester
                    .take()
                    .and_then(|s| self.deeds.get_mut(s.index()))
                else {
                    return;
                };
                d.quests += 1;
                match resolution.stack(resolution.main).map(|s| s.outcome) {
                    Some(Outcome::Success) => d.successes += 1,
                    Some(Outcome::Defeat) => d.defeats += 1,
                    _ => d.baseless += 1,
                }
                // The pile as turned over: every card but the one Gawain played.
                let turned = resolution
                    .stacks
                    .iter()
                    .flat_map(|s| s.cards.iter().map(|c| c.gawain))
                    .chain(resolution.characters.iter().map(|c| c.gawain))
                    .filter(|gawain| !gawain)
                    .count();
                d.threats_faced += turned as u16;
                d.white_swords += u16::from(resolution.white);
                d.black_swords += u16::from(resolution.black);
            }
            Event::TristanPlayed { seat } => self.played(*seat, Knight::Tristan),
            // Gawain leaves the hand as his three cards are drawn, before one is played.
            Event::Private {
                seat,
                private: PrivateEvent::GawainDrew { .. },
            } => self.played(*seat, Knight::Gawain),
            Event::GalahadPlayed { seat, .. } => self.played(*seat, Knight::Galahad),
            Event::PercivalPlayed { by } => {
                self.played(*by, Knight::Percival);
                // At an accusation, before the card is shown: two swords instead of one.
                if let Some(acc) = self.pending_accusation() {
                    acc.swords = 2;
                }
            }
            Event::KnightDrawn { seat } => self.count(*seat, |d| &mut d.knights_drawn),
            Event::LoyaltyKept { seat } => self.count(*seat, |d| &mut d.exchanges),
            Event::Passed { seat } => self.count(*seat, |d| &mut d.passes),
            Event::Accused { accuser, target } => {
                self.accuser = Some(*accuser);
                if let Some(d) = self.of(*accuser) {
                    d.accusation = Some(Accusation {
                        target: *target,
                        found: None,
                        swords: 1,
                    });
                }
            }
            Event::LoyaltyRevealed { seat, loyalty } => {
                if let Some(acc) = self.pending_accusation()
                    && acc.target == *seat
                {
                    acc.found = Some(*loyalty);
                    self.accuser = None;
                }
            }
            _ => {}
        }
    }

    /// The accusation whose Loyalty card is still to be shown.
    fn pending_accusation(&mut self) -> Option<&mut Accusation> {
        let accuser = self.accuser?;
        self.of(accuser)?.accusation.as_mut()
    }

    fn count(&mut self, seat: Seat, what: impl FnOnce(&mut Deeds) -> &mut u16) {
        if let Some(d) = self.of(seat) {
            *what(d) += 1;
        }
    }

    fn played(&mut self, seat: Seat, knight: Knight) {
        if let Some(d) = self.of(seat) {
            d.knights_played.push(knight);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::game::{Options, Phase};
    use camelot_kit::{Move, Rules, rng_from_seed};
    use rand::RngExt;

    /// A game of random legal moves to its end.
    fn played(seed: u64) -> (Setup, Vec<Played>) {
        played_with(Setup::new(4, seed), 0.0)
    }

    /// A game of random legal moves to its end, from `setup`; with probability `listen` a player
    /// who may Listen to Rumors does (the pile then grows before a quest, as at a real table).
    fn played_with(setup: Setup, listen: f64) -> (Setup, Vec<Played>) {
        let seed = setup.seed;
        let mut game = Game::new(setup).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut moves = Vec::new();
        while let Some(seat) = Rules::decider(&game) {
            let legal = Rules::legal_actions(&game);
            let action = if listen > 0.0
                && legal.contains(&Action::ListenToRumors)
                && rng.random_bool(listen)
            {
                Action::ListenToRumors
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            game.apply(seat, action).unwrap();
            moves.push(Move { seat, action });
            assert!(moves.len() < 50_000);
        }
        (setup, moves)
    }

    #[test]
    fn the_truth_is_read_only_once_the_game_has_ended() {
        let (setup, moves) = played(5);
        let half = &moves[..moves.len() / 2];
        let running = Game::replay(setup, None, half).unwrap();
        assert_eq!(running.truth(), None);
        assert!(matches!(review(setup, half), Err(NotFinished::Running)));
        let end = Game::replay(setup, None, &moves).unwrap();
        let truth = end.truth().expect("the game has ended");
        assert_eq!(truth.seats.len(), 4);
        assert!(truth.seats.iter().all(|s| s.loyalty.is_some()));
    }

    #[test]
    fn each_step_of_a_finished_game_is_the_game_after_that_many_moves() {
        // The longest of a few random games.
        let (setup, moves) = (1..20).map(played).max_by_key(|(_, m)| m.len()).unwrap();
        let r = review(setup, &moves).unwrap();
        assert_eq!(r.len(), moves.len());
        assert!(moves.len() > 32, "a longer game: {}", moves.len());
        for step in 0..=moves.len() {
            let (game, truth) = step_truth(&r, step);
            let direct = Game::replay(setup, None, &moves[..step]).unwrap();
            let view = direct.table_view();
            assert_eq!(game.table_view(), view);
            assert_eq!(r.turns()[step], direct.turn());
            assert_eq!(truth.pile.len(), usize::from(view.pile_count));
            for (s, p) in truth.seats.iter().zip(&view.seats) {
                assert_eq!(s.knights.len(), usize::from(p.knight_cards));
            }
        }
    }

    /// The deeds of each step of random games (every player count with Loyalty cards, the
    /// expert variant and both promo cards in half of them), against what the moves did to the
    /// game: the cards each seat laid on the pile (as they truly were), the quests each went on
    /// and the cards turned over on them, the Knight cards drawn and played, the accusations.
    #[test]
    fn each_players_deeds_count_what_his_moves_did() {
        let mut seen = Deeds::default();
        let mut accusations = 0;
        for seed in 0..24u64 {
            let mut setup = Setup::new(3 + (seed % 5) as u8, seed);
            if seed % 2 == 1 {
                setup.options = Options {
                    knights_to_the_rescue: true,
                    morgan8: true,
                    merlin6: true,
                };
            }
            let (setup, moves) = played_with(setup, 0.7);
            let r = review(setup, &moves).unwrap();
            let players = usize::from(setup.players);
            let mut want = vec![Deeds::default(); players];
            let mut begun = vec![0u16; players];
            let mut game = Game::new(setup).unwrap();
            let first_knights: Vec<usize> = game.seats.iter().map(|s| s.knights.len()).collect();
            assert_eq!(step_deeds(&r, 0), want, "nothing done as dealt");
            for (k, m) in moves.iter().enumerate() {
                let before = game.pile.len();
                let quester = match (&game.resolving, &game.phase) {
                    (Some(q), _) => q.quester,
                    (None, Phase::Arthur { quester, .. }) => *quester,
                    _ => m.seat,
                };
                let arthur_stops = m.action == Action::PlayArthur;
                let d = &mut want[m.seat.index()];
                match m.action {
                    Action::SpreadRumors => d.rumors_spread += 1,
                    Action::Pass => d.passes += 1,
                    Action::KeepLoyalty { .. } => d.exchanges += 1,
                    Action::GoOnQuest { .. } | Action::Merlin6Quest { .. } => {
                        begun[m.seat.index()] += 1
                    }
                    Action::PlayArthur => d.knights_played.push(Knight::Arthur),
                    Action::PlayTristan => d.knights_played.push(Knight::Tristan),
                    Action::PlayGawain => d.knights_played.push(Knight::Gawain),
                    Action::PlayGalahad { .. } => d.knights_played.push(Knight::Galahad),
                    Action::PlayPercival => d.knights_played.push(Knight::Percival),
                    Action::Accuse { target } => {
                        d.accusation = Some(Accusation {
                            target,
                            found: None,
                            swords: 1,
                        })
                    }
                    _ => {}
                }
                if arthur_stops {
                    want[quester.index()].stopped_by_arthur += 1;
                }
                game.apply(m.seat, m.action).unwrap();
                let after = game.pile.len();
                if after == before + 1 {
                    // A card laid: the new top, face up now.
                    let top = game.pile[before];
                    let d = &mut want[top.placed_by.index()];
                    d.laid += 1;
                    if !matches!(top.card, Card::Quest(..)) {
                        d.characters.push(top.card);
                    }
                    if top.announced.is_some_and(|a| a != top.card) {
                        d.false_announcements += 1;
                    }
                } else if after == 0 && before > 0 {
                    // A quest resolved: the pile turned over and discarded.
                    let d = &mut want[quester.index()];
                    d.quests += 1;
                    d.threats_faced += before as u16;
                } else {
                    assert_eq!(
                        after, before,
                        "move {k}: the pile grows by one card at most"
                    );
                }
                let got = step_deeds(&r, k + 1);
                for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                    let at = format!("seed {seed}, move {k}, seat {i}");
                    assert_eq!(g.laid, w.laid, "{at}");
                    assert_eq!(g.characters, w.characters, "{at}");
                    assert_eq!(g.false_announcements, w.false_announcements, "{at}");
                    assert_eq!(g.rumors_spread, w.rumors_spread, "{at}");
                    assert_eq!(g.passes, w.passes, "{at}");
                    assert_eq!(g.exchanges, w.exchanges, "{at}");
                    assert_eq!(g.knights_played, w.knights_played, "{at}");
                    assert_eq!(g.stopped_by_arthur, w.stopped_by_arthur, "{at}");
                    assert_eq!(g.quests, w.quests, "{at}");
                    assert_eq!(g.threats_faced, w.threats_faced, "{at}");
                    assert_eq!(g.successes + g.baseless + g.defeats, g.quests, "{at}");
                    assert_eq!(
                        g.accusation.map(|a| a.target),
                        w.accusation.map(|a| a.target)
                    );
                    // Every knight held now was dealt or drawn, or was played.
                    let held = game.seats[i].knights.len() + g.knights_played.len();
                    assert_eq!(
                        held,
                        first_knights[i] + usize::from(g.knights_drawn),
                        "{at}"
                    );
                }
            }
            // At the end: every quest begun was resolved or stopped by Arthur, and every
            // accusation found the accused's card as the game ends with it (a revealed player's
            // Loyalty card never changes).
            let end = step_deeds(&r, moves.len());
            let truth = game.truth().expect("over");
            for (i, d) in end.iter().enumerate() {
                assert_eq!(
                    d.quests + d.stopped_by_arthur,
                    begun[i],
                    "seed {seed}, seat {i}"
                );
                if let Some(a) = d.accusation {
                    assert_eq!(a.found, truth.seats[a.target.index()].loyalty);
                    assert!((1..=2).contains(&a.swords));
                }
                seen.laid += d.laid;
                seen.false_announcements += d.false_announcements;
                seen.quests += d.quests;
                seen.successes += d.successes;
                seen.defeats += d.defeats;
                seen.baseless += d.baseless;
                seen.threats_faced += d.threats_faced;
                seen.stopped_by_arthur += d.stopped_by_arthur;
                seen.knights_drawn += d.knights_drawn;
                seen.knights_played.extend(&d.knights_played);
                seen.exchanges += d.exchanges;
                seen.rumors_spread += d.rumors_spread;
                seen.characters.extend(&d.characters);
                accusations += usize::from(d.accusation.is_some());
            }
            assert_eq!(end, deeds_of(players, r.events().iter().flatten()));
        }
        // The games went through what the deeds count.
        assert!(
            seen.laid > 0 && seen.quests > 0 && seen.successes > 0,
            "{seen:?}"
        );
        assert!(
            seen.baseless > 0 && seen.defeats > 0 && seen.threats_faced > 0,
            "{seen:?}"
        );
        assert!(
            seen.knights_drawn > 0 && seen.knights_played.len() > 3,
            "{seen:?}"
        );
        assert!(seen.stopped_by_arthur > 0 && seen.exchanges > 0, "{seen:?}");
        assert!(seen.rumors_spread > 0 && accusations > 0, "{seen:?}");
        assert!(
            seen.false_announcements > 0 && !seen.characters.is_empty(),
            "{seen:?}"
        );
    }
}
