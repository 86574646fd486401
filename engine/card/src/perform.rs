//! Applying an action: checked, recorded, then carried out.

use crate::action::{Action, Event, EventSink, Keep, PrivateEvent, RuleError, Seat};
use crate::cards::{Card, Knight};
use crate::game::{CardList, Game, Phase, Played, Shown, Then};
use crate::resolve::ThreatCard;
use camelot_kit::shuffle;

impl Game {
    /// Apply `action` for `seat`, returning the events it caused, or why it is not allowed.
    /// The state is unchanged when an error is returned.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_to(seat, action, &mut events)?;
        Ok(events)
    }

    /// Apply `action`, sending events to `sink` (use [`crate::NoEvents`] when nobody listens).
    #[inline]
    pub fn apply_to(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.apply_inline(seat, action, sink)
    }

    /// [`Game::apply_to`], always inlined (into the simulation's loop: its commonest actions then
    /// cost no call).
    #[inline(always)]
    pub(crate) fn apply_inline(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        // The commonest actions the short way, as `check` and `perform` take them (the decider of a
        // turn and of an announcement is the current seat); everything else out of line. First, a
        // turn's Listen to Rumors.
        if let (Phase::Turn, Action::ListenToRumors) = (&self.phase, action)
            && seat == self.current
            && self.allows(seat, action)
        {
            self.last_resolution.clear();
            self.history.push(Played { seat, action });
            self.listen(seat, &mut Emit { sink });
            return Ok(());
        }
        // Under Morgan #1, the next commonest: the drawn card announced.
        if let (Phase::Announce { card: drawn }, Action::Announce { card }) = (&self.phase, action)
            && seat == self.current
            && self.allows(seat, action)
        {
            let drawn = *drawn;
            self.last_resolution.clear();
            self.history.push(Played { seat, action });
            self.place(seat, drawn, Some(card), Then::EndTurn, &mut Emit { sink });
            return Ok(());
        }
        self.apply_any(seat, action, sink)
    }

    /// [`Game::apply_to`] for any action.
    #[inline(never)]
    fn apply_any(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check(seat, action)?;
        self.last_resolution.clear();
        self.history.push(Played { seat, action });
        let mut ev = Emit { sink };
        self.perform(seat, action, &mut ev);
        // While a quest is being resolved its revealed pile lies on the table: the breakdown stays in
        // view through Gawain's play (his choice, a Merlin #4's quest, Vivien's exchange).
        if self.resolving.is_some() && matches!(self.last_resolution.shown, Shown::Nothing) {
            self.show_resolution();
        }
        Ok(())
    }

    fn perform<S: EventSink>(&mut self, seat: Seat, action: Action, ev: &mut Emit<'_, S>) {
        match action {
            Action::ListenToRumors => self.listen(seat, ev),
            Action::GoOnQuest { quest } => self.go_on_quest(seat, quest, 0, ev),
            Action::Accuse { target } => self.accuse(seat, target, ev),
            Action::SpreadRumors => self.spread_rumors(seat, ev),
            Action::PlaceRumor { index } => {
                let Phase::TraitorChoose { cards } = self.phase else {
                    unreachable!("checked")
                };
                let (keep, drop) = (cards[index as usize], cards[1 - index as usize]);
                self.discard.push(drop);
                self.place(seat, keep, None, Then::EndTurn, ev);
            }
            Action::Announce { card } => {
                let Phase::Announce { card: drawn } = self.phase else {
                    unreachable!("checked")
                };
                self.place(seat, drawn, Some(card), Then::EndTurn, ev);
            }
            Action::ChooseMerlin4Quest { quest } => {
                let Phase::Merlin4Quest { then, .. } =
                    std::mem::replace(&mut self.phase, Phase::Turn)
                else {
                    unreachable!("checked")
                };
                let target = match (&then, &mut self.resolving) {
                    (Then::Gawain { .. }, Some(r)) => r.gawain.last_mut().map(|c| &mut c.merlin4),
                    _ => self.pile.last_mut().map(|c| &mut c.merlin4),
                };
                if let Some(slot) = target {
                    *slot = Some(quest);
                }
                self.remember(seat, PrivateEvent::Merlin4Quest { quest }, ev);
                ev.emit(|| Event::Merlin4TokenPlaced { seat });
                self.then(then, ev);
            }
            Action::GiveLoyalty { recipient } => {
                let Phase::VivienRecipient {
                    drawer,
                    offered,
                    other,
                    then,
                } = std::mem::replace(&mut self.phase, Phase::Turn)
                else {
                    unreachable!("checked")
                };
                ev.emit(|| Event::VivienExchange {
                    drawer,
                    recipient: Some(recipient),
                });
                self.offer_loyalty(drawer, offered, Some((recipient, other)), then, ev);
            }
            Action::KeepLoyalty { keep } => {
                let Phase::VivienKeep {
                    seat,
                    offered,
                    next,
                    then,
                } = std::mem::replace(&mut self.phase, Phase::Turn)
                else {
                    unreachable!("checked")
                };
                let s = &mut self.seats[seat.index()];
                let current = s.loyalty.expect("multiplayer seats hold a Loyalty card");
                let (kept, back) = match keep {
                    Keep::Current => (current, offered),
                    Keep::New => (offered, current),
                };
                s.loyalty = Some(kept);
                self.set_aside.push(back);
                shuffle(&mut self.set_aside, &mut self.rng);
                self.remember(seat, PrivateEvent::KeptLoyalty { loyalty: kept }, ev);
                ev.emit(|| Event::LoyaltyKept { seat });
                match next {
                    Some((r, card)) => self.offer_loyalty(r, card, None, then, ev),
                    None => self.then(then, ev),
                }
            }
            Action::Merlin6Quest { quest, bonus } => self.begin_quest(seat, quest, bonus, ev),
            Action::DeclineMerlin6 => self.end_turn(ev),
            Action::PlayTristan => {
                self.take_knight(seat, Knight::Tristan);
                self.tristan_this_turn = true;
                ev.emit(|| Event::TristanPlayed { seat });
                self.refill_deck(ev);
                let cards: Vec<Card> = self.deck.iter().rev().copied().collect();
                self.remember(seat, PrivateEvent::DeckSeen { cards }, ev);
            }
            Action::PlayGalahad { target } => {
                self.take_knight(seat, Knight::Galahad);
                ev.emit(|| Event::GalahadPlayed { seat, target });
                let loyalty = self.seats[target.index()]
                    .loyalty
                    .expect("multiplayer seats hold a Loyalty card");
                self.remember(
                    seat,
                    PrivateEvent::LoyaltySeen {
                        seat: target,
                        loyalty,
                    },
                    ev,
                );
                self.end_turn(ev);
            }
            Action::PlayArthur => {
                let Phase::Arthur { quester, .. } = self.phase else {
                    unreachable!("checked")
                };
                self.take_knight(seat, Knight::Arthur);
                ev.emit(|| Event::ArthurPlayed { by: seat, quester });
                self.phase = Phase::Turn;
                if self.can_draw() {
                    self.listen(quester, ev);
                } else {
                    self.end_turn(ev);
                }
            }
            Action::PlayGawain => {
                let Phase::Gawain { mut waiting } = std::mem::replace(&mut self.phase, Phase::Turn)
                else {
                    unreachable!("checked")
                };
                waiting.pop_front();
                self.take_knight(seat, Knight::Gawain);
                let mut cards = CardList::default();
                for _ in 0..3 {
                    match self.draw(ev) {
                        Some(c) => cards.push(c),
                        None => break,
                    }
                }
                self.remember(
                    seat,
                    PrivateEvent::GawainDrew {
                        cards: cards.to_vec(),
                    },
                    ev,
                );
                self.phase = Phase::GawainChoose {
                    seat,
                    cards,
                    waiting,
                };
            }
            Action::GawainPlay { index } => {
                let Phase::GawainChoose {
                    seat,
                    cards,
                    waiting,
                } = std::mem::replace(&mut self.phase, Phase::Turn)
                else {
                    unreachable!("checked")
                };
                let played = index.map(|i| cards[i as usize]);
                for (i, c) in cards.iter().enumerate() {
                    if Some(i as u8) != index {
                        self.discard.push(*c);
                    }
                }
                ev.emit(|| Event::GawainPlayed {
                    by: seat,
                    card: played,
                });
                let then = Then::Gawain { waiting };
                match played {
                    None => self.then(then, ev),
                    Some(card) => {
                        if let Some(r) = &mut self.resolving {
                            r.gawain.push(ThreatCard {
                                card,
                                merlin4: None,
                                gawain: true,
                            });
                        }
                        self.card_comes_into_play(seat, card, then, ev);
                    }
                }
            }
            Action::PlayPercival => {
                self.take_knight(seat, Knight::Percival);
                ev.emit(|| Event::PercivalPlayed { by: seat });
                match std::mem::replace(&mut self.phase, Phase::Turn) {
                    Phase::PercivalAccusation { target, .. } => self.reveal_accused(target, 2, ev),
                    Phase::PercivalEnd { flips, .. } => self.final_verdict(flips + 1, ev),
                    _ => unreachable!("checked"),
                }
            }
            Action::PassWindow => self.pass_window(ev),
            Action::Pass => {
                ev.emit(|| Event::Passed { seat });
                self.end_turn(ev);
            }
        }
    }
}

/// Event emission that builds the event only when someone listens.
pub(crate) struct Emit<'a, S: EventSink> {
    pub(crate) sink: &'a mut S,
}

impl<S: EventSink> Emit<'_, S> {
    #[inline]
    pub(crate) fn emit(&mut self, f: impl FnOnce() -> Event) {
        if self.sink.wants() {
            self.sink.push(f());
        }
    }
}
