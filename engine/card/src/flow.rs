//! The rule steps an action sets going: drawing, placing, a card coming into play, Vivien's
//! exchange, a quest and its resolution, accusations, the end check and the next turn.

use crate::action::{EndReason, Event, EventSink, NoExchange, PrivateEvent, Seat, Side};
use crate::cards::{Card, Knight, Loyalty, Merlin, Morgan, Quest, SWORDS_IN_ALL};
use crate::game::{Game, Phase, PileCard, Resolving, SeatList, Shown, Silence, Then};
use crate::perform::Emit;
use crate::resolve::{Colour, Outcome, verdict};
use camelot_kit::{Swords, shuffle};
use rand::RngExt;

impl Game {
    pub(crate) fn pass_window<S: EventSink>(&mut self, ev: &mut Emit<'_, S>) {
        let waiting = match &mut self.phase {
            Phase::Arthur { waiting, .. }
            | Phase::Gawain { waiting }
            | Phase::PercivalAccusation { waiting, .. }
            | Phase::PercivalEnd { waiting, .. } => waiting,
            _ => unreachable!("checked"),
        };
        waiting.pop_front();
        if !waiting.is_empty() {
            return;
        }
        match std::mem::replace(&mut self.phase, Phase::Turn) {
            Phase::Arthur {
                quester,
                quest,
                bonus,
                ..
            } => self.reveal_and_resolve(quester, quest, bonus, ev),
            Phase::Gawain { .. } => self.finish_quest(ev),
            Phase::PercivalAccusation { target, .. } => self.reveal_accused(target, 1, ev),
            Phase::PercivalEnd { flips, .. } => self.final_verdict(flips, ev),
            _ => unreachable!(),
        }
    }

    pub(crate) fn then<S: EventSink>(&mut self, then: Then, ev: &mut Emit<'_, S>) {
        match then {
            Then::EndTurn => self.end_turn(ev),
            Then::Gawain { waiting } => {
                if waiting.is_empty() {
                    self.finish_quest(ev)
                } else {
                    self.phase = Phase::Gawain { waiting };
                    self.show_resolution();
                }
            }
        }
    }

    pub(crate) fn remember<S: EventSink>(
        &mut self,
        seat: Seat,
        private: PrivateEvent,
        ev: &mut Emit<'_, S>,
    ) {
        if ev.sink.wants() {
            ev.sink.push(Event::Private {
                seat,
                private: private.clone(),
            });
        }
        self.seats[seat.index()].memory.push(private);
    }

    pub(crate) fn take_knight(&mut self, seat: Seat, k: Knight) {
        let ks = &mut self.seats[seat.index()].knights;
        if let Some(i) = ks.iter().position(|x| *x == k) {
            ks.remove(i);
        }
    }

    /// Draw the top Rumor card, reshuffling the discard pile into a new deck when the deck is empty.
    pub(crate) fn draw<S: EventSink>(&mut self, ev: &mut Emit<'_, S>) -> Option<Card> {
        self.refill_deck(ev);
        self.deck.pop()
    }

    /// A Rumor deck that has run out becomes the discard pile, shuffled — when the deck is next
    /// needed: to draw from, to look through (Tristan), or to shuffle a Morgan into.
    pub(crate) fn refill_deck<S: EventSink>(&mut self, ev: &mut Emit<'_, S>) {
        if self.deck.is_empty() && !self.discard.is_empty() {
            std::mem::swap(&mut self.deck, &mut self.discard);
            shuffle(&mut self.deck, &mut self.rng);
            let cards = self.deck.len() as u32;
            ev.emit(|| Event::DeckReshuffled { cards });
        }
    }

    #[inline(always)]
    pub(crate) fn listen<S: EventSink>(&mut self, seat: Seat, ev: &mut Emit<'_, S>) {
        let Some(card) = self.draw(ev) else {
            self.end_turn(ev);
            return;
        };
        if let Some(n) = &mut self.morgan2 {
            *n += 1;
            let number = *n;
            ev.emit(|| Event::CountAloud { seat, number });
        }
        if self.morgan1 {
            self.remember(seat, PrivateEvent::Drew { card }, ev);
            self.phase = Phase::Announce { card };
        } else {
            self.place(seat, card, None, Then::EndTurn, ev);
        }
    }

    pub(crate) fn spread_rumors<S: EventSink>(&mut self, seat: Seat, ev: &mut Emit<'_, S>) {
        ev.emit(|| Event::TraitorSpreadsRumors { seat });
        let first = self.draw(ev);
        let second = self.draw(ev);
        match (first, second) {
            (Some(a), Some(b)) => {
                self.remember(seat, PrivateEvent::DrewTwo { cards: [a, b] }, ev);
                self.phase = Phase::TraitorChoose { cards: [a, b] };
            }
            (Some(a), None) => self.place(seat, a, None, Then::EndTurn, ev),
            _ => self.end_turn(ev),
        }
    }

    /// Put a card on the Threats pile (face down with an announcement under Morgan #1).
    pub(crate) fn place<S: EventSink>(
        &mut self,
        seat: Seat,
        card: Card,
        announced: Option<Card>,
        then: Then,
        ev: &mut Emit<'_, S>,
    ) {
        self.phase = Phase::Turn;
        let pc = PileCard {
            card,
            announced,
            merlin4: None,
            placed_by: seat,
        };
        self.pile.push(pc);
        let top = pc.top();
        ev.emit(|| Event::CardPlaced { seat, top });
        let shown = top.shown();
        // Most cards are quest cards: nothing comes into play with them.
        if let (Card::Quest(..), Then::EndTurn) = (shown, &then) {
            return self.end_turn(ev);
        }
        self.card_comes_into_play(seat, shown, then, ev);
    }

    /// A card comes into play (placed on the pile, or played by Gawain): `shown` is what the table
    /// knows of it (the card, or the announcement under Morgan #1). Silence, Morgan #1 and #2,
    /// and the draw-time effects follow `shown` (settled reading, `card-game.md` §4).
    pub(crate) fn card_comes_into_play<S: EventSink>(
        &mut self,
        seat: Seat,
        shown: Card,
        then: Then,
        ev: &mut Emit<'_, S>,
    ) {
        // Silence and Morgan #1/#2 follow what the table can know.
        match shown {
            Card::Morgan(m) => {
                if self.silence.is_none() {
                    self.silence = Some(Silence {
                        since_turn: self.turn,
                        turns: 0,
                    });
                    ev.emit(|| Event::SilenceBegins);
                }
                if m == Morgan::One && !self.morgan1 {
                    self.morgan1 = true;
                    ev.emit(|| Event::Morgan1Begins);
                }
                if m == Morgan::Two && self.morgan2.is_none() {
                    self.morgan2 = Some(0);
                    ev.emit(|| Event::Morgan2Begins);
                }
            }
            Card::Merlin(_) => {
                if self.silence.take().is_some() {
                    ev.emit(|| Event::SilenceEnds);
                }
                // Only a Merlin placed on the pile ends them, not one Gawain plays at quest time
                // (`docs/rules-card-game.md` §4).
                let placed = matches!(then, Then::EndTurn);
                if placed && (self.morgan1 || self.morgan2.is_some()) {
                    self.morgan1 = false;
                    self.morgan2 = None;
                    ev.emit(|| Event::MorganEffectsEnd);
                }
            }
            _ => {}
        }
        // What the card does the moment it is drawn also follows what the table knows: a Traitor who
        // announces a Merlin #4 marks a token (with no effect at quest time, since the card is not one);
        // one who hides a Vivien makes no exchange. Quest-time effects follow the cards as revealed.
        match shown {
            Card::Vivien => self.start_vivien(seat, then, ev),
            Card::Merlin(Merlin::Four) => self.phase = Phase::Merlin4Quest { seat, then },
            Card::Merlin(Merlin::Six)
                if matches!(then, Then::EndTurn) && !self.is_revealed_traitor(seat) =>
            {
                self.phase = Phase::Merlin6 { seat }
            }
            _ => self.then(then, ev),
        }
    }

    pub(crate) fn start_vivien<S: EventSink>(
        &mut self,
        drawer: Seat,
        then: Then,
        ev: &mut Emit<'_, S>,
    ) {
        // Two cards are always set aside when there are Loyalty cards (players + 2 are used).
        let idle = if self.start.setup.solo() || self.set_aside.len() < 2 {
            Some(NoExchange::SoloPlay)
        } else if self.seats[drawer.index()].revealed {
            Some(NoExchange::DrawerRevealed)
        } else {
            None
        };
        if let Some(why) = idle {
            ev.emit(|| Event::VivienDoesNothing { drawer, why });
            return self.then(then, ev);
        }
        let offered = self.set_aside.pop().expect("two set aside");
        let other = self.set_aside.pop().expect("two set aside");
        if self.vivien_recipients(drawer).next().is_some() {
            self.phase = Phase::VivienRecipient {
                drawer,
                offered,
                other,
                then,
            };
        } else {
            self.set_aside.push(other);
            ev.emit(|| Event::VivienExchange {
                drawer,
                recipient: None,
            });
            self.offer_loyalty(drawer, offered, None, then, ev);
        }
    }

    pub(crate) fn offer_loyalty<S: EventSink>(
        &mut self,
        seat: Seat,
        offered: Loyalty,
        next: Option<(Seat, Loyalty)>,
        then: Then,
        ev: &mut Emit<'_, S>,
    ) {
        let current = self.seats[seat.index()]
            .loyalty
            .expect("multiplayer seats hold a Loyalty card");
        self.remember(seat, PrivateEvent::VivienOffer { current, offered }, ev);
        self.phase = Phase::VivienKeep {
            seat,
            offered,
            next,
            then,
        };
    }

    pub(crate) fn go_on_quest<S: EventSink>(
        &mut self,
        seat: Seat,
        quest: Quest,
        bonus: u8,
        ev: &mut Emit<'_, S>,
    ) {
        self.begin_quest(seat, quest, bonus, ev)
    }

    pub(crate) fn begin_quest<S: EventSink>(
        &mut self,
        quester: Seat,
        quest: Quest,
        bonus: u8,
        ev: &mut Emit<'_, S>,
    ) {
        ev.emit(|| Event::WentOnQuest {
            seat: quester,
            quest,
            merlin6_bonus: bonus,
        });
        let waiting = self.knight_holders(quester, false);
        if waiting.is_empty() {
            self.reveal_and_resolve(quester, quest, bonus, ev);
        } else {
            self.phase = Phase::Arthur {
                quester,
                quest,
                bonus,
                waiting,
            };
        }
    }

    /// Show the breakdown of the quest being resolved (in Gawain's window).
    pub(crate) fn show_resolution(&mut self) {
        let r = self.resolving.as_ref().expect("a quest is being resolved");
        self.last_resolution
            .show(&self.pile, &r.gawain, r.quest, r.bonus);
    }

    pub(crate) fn reveal_and_resolve<S: EventSink>(
        &mut self,
        quester: Seat,
        quest: Quest,
        bonus: u8,
        ev: &mut Emit<'_, S>,
    ) {
        if self.silence.take().is_some() {
            ev.emit(|| Event::SilenceEnds);
        }
        self.resolving = Some(Resolving {
            quester,
            quest,
            bonus,
            gawain: Vec::new(),
        });
        let waiting = self.knight_holders(quester, true);
        if waiting.is_empty() {
            self.finish_quest(ev);
        } else {
            self.show_resolution();
            self.phase = Phase::Gawain { waiting };
        }
    }

    pub(crate) fn finish_quest<S: EventSink>(&mut self, ev: &mut Emit<'_, S>) {
        let Resolving {
            quester,
            quest,
            bonus,
            gawain,
        } = self.resolving.take().expect("a quest is being resolved");
        // The pile moves into the breakdown (whose former pile buffer becomes the new empty pile).
        let last = &mut self.last_resolution;
        last.pile.clear();
        std::mem::swap(&mut last.pile, &mut self.pile);
        last.gawain = gawain;
        last.shown = Shown::Cards { quest, bonus };
        let v = verdict(
            last.pile.iter().map(PileCard::threat),
            last.gawain.iter().copied(),
            quest,
            bonus,
        );
        for (colour, count) in v.swords.into_iter().flatten() {
            self.place_swords(colour, count, ev);
        }
        let main = v.main_outcome;
        let evil_now = v.evil_wins_now;
        if ev.sink.wants() {
            let resolution = self.last_resolution.get().expect("just shown");
            ev.sink.push(Event::QuestResolved {
                resolution: Box::new(resolution),
            });
        }
        if evil_now {
            self.discard_resolved_pile();
            return self.game_over(Side::Evil, EndReason::Morgan7, ev);
        }
        if self.start.setup.options.knights_to_the_rescue {
            if main == Outcome::Success && !self.unused_morgans.is_empty() {
                let i = self.rng.random_range(0..self.unused_morgans.len());
                let m = self.unused_morgans.swap_remove(i);
                // Into a deck that has run out: the discard pile becomes the deck first, so the
                // Morgan hides among its cards (this quest's pile is discarded only afterwards,
                // card-game.md §3 steps 11 and 12).
                self.refill_deck(ev);
                self.deck.push(m);
                shuffle(&mut self.deck, &mut self.rng);
                ev.emit(|| Event::MorganShuffledIn);
            }
            if matches!(main, Outcome::Baseless | Outcome::Defeat) {
                if let Some(k) = self.knight_deck.pop() {
                    self.seats[quester.index()].knights.push(k);
                    ev.emit(|| Event::KnightDrawn { seat: quester });
                    self.remember(quester, PrivateEvent::KnightDrawn { knight: k }, ev);
                } else {
                    ev.emit(|| Event::NoKnightLeft { seat: quester });
                }
            }
        }
        self.discard_resolved_pile();
        self.check_end_then_next(ev);
    }

    /// The whole resolved pile, Gawain's played card included, goes to the discard pile.
    pub(crate) fn discard_resolved_pile(&mut self) {
        let last = &self.last_resolution;
        self.discard.extend(last.pile.iter().map(|c| c.card));
        self.discard.extend(last.gawain.iter().map(|c| c.card));
    }

    pub(crate) fn place_swords<S: EventSink>(
        &mut self,
        colour: Colour,
        count: u8,
        ev: &mut Emit<'_, S>,
    ) {
        let room = SWORDS_IN_ALL - self.swords.total();
        let placed = count.min(room);
        match colour {
            Colour::White => self.swords.white += placed,
            Colour::Black => self.swords.black += placed,
        }
        if placed > 0 {
            ev.emit(|| Event::SwordsPlaced {
                colour,
                count: placed,
            });
        }
        if placed < count {
            ev.emit(|| Event::SwordsRanOut {
                colour,
                count: count - placed,
            });
        }
    }

    pub(crate) fn accuse<S: EventSink>(
        &mut self,
        accuser: Seat,
        target: Seat,
        ev: &mut Emit<'_, S>,
    ) {
        self.seats[accuser.index()].has_accused = true;
        ev.emit(|| Event::Accused { accuser, target });
        let waiting = self.knight_holders(accuser, true);
        if waiting.is_empty() {
            self.reveal_accused(target, 1, ev);
        } else {
            self.phase = Phase::PercivalAccusation { target, waiting };
        }
    }

    pub(crate) fn reveal_accused<S: EventSink>(
        &mut self,
        target: Seat,
        swords: u8,
        ev: &mut Emit<'_, S>,
    ) {
        self.phase = Phase::Turn;
        let s = &mut self.seats[target.index()];
        s.revealed = true;
        let loyalty = s.loyalty.expect("multiplayer seats hold a Loyalty card");
        ev.emit(|| Event::LoyaltyRevealed {
            seat: target,
            loyalty,
        });
        let colour = match loyalty {
            Loyalty::Loyal => Colour::Black,
            Loyalty::Traitor => Colour::White,
        };
        self.place_swords(colour, swords, ev);
        self.check_end_then_next(ev);
    }

    /// The end check (after a quest or an accusation): 7 swords of a colour → final reveal and verdict.
    pub(crate) fn check_end_then_next<S: EventSink>(&mut self, ev: &mut Emit<'_, S>) {
        if self.swords.white < 7 && self.swords.black < 7 {
            return self.end_turn(ev);
        }
        if self.start.setup.solo() || self.all_revealed {
            return self.final_verdict(0, ev);
        }
        let mut hidden_traitors = 0u8;
        for i in 0..self.seats.len() {
            let s = &mut self.seats[i];
            if s.revealed {
                continue;
            }
            s.revealed = true;
            let loyalty = s.loyalty.expect("multiplayer seats hold a Loyalty card");
            if loyalty == Loyalty::Traitor {
                hidden_traitors += 1;
            }
            ev.emit(|| Event::LoyaltyRevealed {
                seat: Seat(i as u8),
                loyalty,
            });
        }
        self.all_revealed = true;
        let waiting = if hidden_traitors > 0 {
            self.knight_holders(self.current, true)
        } else {
            SeatList::default()
        };
        if waiting.is_empty() {
            self.final_verdict(hidden_traitors, ev);
        } else {
            self.phase = Phase::PercivalEnd {
                flips: hidden_traitors,
                waiting,
            };
        }
    }

    pub(crate) fn final_verdict<S: EventSink>(&mut self, flips: u8, ev: &mut Emit<'_, S>) {
        self.phase = Phase::Turn;
        let flipped = flips.min(self.swords.white);
        if flipped > 0 {
            self.swords.white -= flipped;
            self.swords.black += flipped;
            ev.emit(|| Event::SwordsFlipped { count: flipped });
        }
        let Swords { white, black } = self.swords;
        if white > black && white >= 7 {
            self.game_over(Side::Loyal, EndReason::Swords, ev)
        } else if black >= white && black >= 7 {
            self.game_over(Side::Evil, EndReason::Swords, ev)
        } else {
            ev.emit(|| Event::PlayGoesOn);
            self.end_turn(ev)
        }
    }

    pub(crate) fn game_over<S: EventSink>(
        &mut self,
        winner: Side,
        reason: EndReason,
        ev: &mut Emit<'_, S>,
    ) {
        for (i, s) in self.seats.iter_mut().enumerate() {
            if !s.revealed {
                s.revealed = true;
                if let Some(loyalty) = s.loyalty {
                    ev.emit(|| Event::LoyaltyRevealed {
                        seat: Seat(i as u8),
                        loyalty,
                    });
                }
            }
        }
        self.silence = None;
        self.phase = Phase::Over { winner, reason };
        ev.emit(|| Event::GameOver { winner, reason });
    }

    pub(crate) fn end_turn<S: EventSink>(&mut self, ev: &mut Emit<'_, S>) {
        if let Some(s) = &mut self.silence {
            s.turns += 1;
        }
        // The next seat round the table (no division: the current seat is always one of them).
        let next = self.current.index() + 1;
        self.current = Seat(if next >= self.seats.len() {
            0
        } else {
            next as u8
        });
        self.turn += 1;
        self.tristan_this_turn = false;
        self.phase = Phase::Turn;
        let (seat, turn) = (self.current, self.turn);
        ev.emit(|| Event::TurnBegins { seat, turn });
    }
}
