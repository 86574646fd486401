//! Applying a legal action: the decision of the step on top of the stack, or the turn's own.

use crate::action::{
    Action, Colour, DiscardCause, EndReason, Event, PrivateEvent, RuleError, Seat, Side,
};
use crate::data::*;
use crate::flow::new_black;
use crate::game::*;
use rand::RngExt;

impl Game {
    /// Apply `seat`'s action, returning the events it caused (private ones included, each naming
    /// its seat), or why it is refused (the game is then unchanged).
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<crate::Event>, RuleError> {
        self.check(seat, action)?;
        self.record = true;
        self.events.clear();
        self.perform(seat, action);
        self.record = false;
        Ok(std::mem::take(&mut self.events))
    }

    /// [`Game::apply`] without building events (replays).
    pub fn apply_quietly(&mut self, seat: Seat, action: Action) -> Result<(), RuleError> {
        self.check(seat, action)?;
        self.perform(seat, action);
        Ok(())
    }

    /// Apply an action known to be legal (taken from [`Game::legal_into`] for the decider), without
    /// checking it again and without events: the simulation's fast path. An action that is not
    /// legal is refused as by [`Game::apply`] (checked only then).
    pub fn apply_legal(&mut self, seat: Seat, action: Action) -> Result<(), RuleError> {
        if self.decider() != Some(seat) {
            return self.check(seat, action);
        }
        self.perform(seat, action);
        Ok(())
    }

    pub(crate) fn perform(&mut self, seat: Seat, action: Action) {
        match self.stack.pop() {
            Some(frame) => self.answer(frame, seat, action),
            None => self.turn_action(seat, action),
        }
        self.run();
    }

    /// The decision of the step on top of the stack (already taken off it).
    fn answer(&mut self, frame: Frame, seat: Seat, action: Action) {
        match (frame, action) {
            (
                Frame::Offer {
                    asked,
                    mut cards,
                    mut len,
                },
                Action::OfferCard { card },
            ) => {
                if self.sm(seat).hand.remove(card) {
                    cards[usize::from(len)] = card;
                    len += 1;
                    ev!(self, Event::CardOffered { seat, card });
                }
                self.stack.push(Frame::Offer {
                    asked: asked + 1,
                    cards,
                    len,
                });
            }
            (Frame::Share(mut sh), action) => match action {
                Action::ChooseFirstDealt { seat: lead } => {
                    sh.lead = lead;
                    sh.proposal = [lead; 7];
                    sh.stage = ShareStage::Propose;
                    self.stack.push(Frame::Share(sh));
                }
                Action::Propose { to } => {
                    let i = usize::from(sh.assigned);
                    if i < usize::from(sh.len) {
                        sh.proposal[i] = to;
                        ev!(
                            self,
                            Event::CardProposed {
                                by: seat,
                                card: sh.cards[i],
                                to
                            }
                        );
                    }
                    sh.assigned += 1;
                    if sh.assigned >= sh.len {
                        sh.stage = ShareStage::Accept;
                        sh.asked = 0;
                    }
                    self.stack.push(Frame::Share(sh));
                }
                Action::Accept => {
                    ev!(self, Event::ProposalAccepted { seat });
                    sh.asked += 1;
                    self.stack.push(Frame::Share(sh));
                }
                Action::Reject => {
                    ev!(self, Event::ProposalRejected { seat });
                    self.deal_at_random(&sh);
                }
                _ => self.deal_at_random(&sh),
            },
            (
                Frame::ArmorKeep {
                    drawer,
                    cards,
                    source,
                },
                Action::KeepBlackCard { index },
            ) => {
                let keep = usize::from(index.min(1));
                // The other card goes under the pile, unseen by others.
                self.black_deck.insert(0, cards[1 - keep]);
                ev!(self, Event::CardPutOnBottom { seat: drawer });
                self.stack
                    .push(Frame::Black(new_black(cards[keep], drawer, source)));
            }
            (Frame::PercivalBottom { cards }, Action::PutOnBottom { index }) => {
                let bottom = usize::from(index.min(1));
                self.black_deck.insert(0, cards[bottom]);
                self.black_deck.push(cards[1 - bottom]);
                self.t.seen_top = Some(cards[1 - bottom]);
                ev!(self, Event::CardPutOnBottom { seat });
            }
            (Frame::Black(mut b), action) => self.answer_black(&mut b, seat, action),
            (
                Frame::Volunteer {
                    morgan,
                    drawer,
                    asked,
                    who,
                },
                action,
            ) => {
                if action == Action::Volunteer {
                    ev!(self, Event::Volunteered { seat: who });
                    if morgan == 2 {
                        let left = MORGAN2_DISCARD.min(self.s(who).hand.len());
                        self.stack.push(Frame::Discard {
                            seat: who,
                            left,
                            cause: DiscardCause::Morgan2Volunteer,
                        });
                    } else {
                        self.lose_life(who, MORGAN5_LIFE);
                    }
                } else {
                    self.stack.push(Frame::Volunteer {
                        morgan,
                        drawer,
                        asked: asked + 1,
                        who,
                    });
                }
            }
            (
                Frame::Discard {
                    seat: s,
                    left,
                    cause,
                },
                Action::Discard { card },
            ) => {
                if self.discard_from_hand(s, card) {
                    ev!(self, Event::CardsDiscarded { seat: s, count: 1 });
                    ev!(
                        self,
                        Event::Private {
                            seat: s,
                            private: PrivateEvent::CardsDiscarded { cards: vec![card] },
                        }
                    );
                }
                self.stack.push(Frame::Discard {
                    seat: s,
                    left: left.saturating_sub(1),
                    cause,
                });
            }
            (Frame::Dying { seat: dying, owner }, action) => {
                let owner = owner.unwrap_or(seat);
                if action == Action::OfferGrail {
                    self.relics[Relic::Grail.index()] = RelicState::Removed;
                    self.sm(dying).life = GRAIL_RESCUE_LIFE;
                    ev!(self, Event::GrailSaves { owner, seat: dying });
                    ev!(
                        self,
                        Event::LifeChanged {
                            seat: dying,
                            was: 0,
                            life: GRAIL_RESCUE_LIFE
                        }
                    );
                    ev!(
                        self,
                        Event::RelicRemoved {
                            relic: Relic::Grail
                        }
                    );
                    // §9.22: Excalibur won while dying goes to the Grail's owner who saved him.
                    if self.excalibur_dying == Some(dying) {
                        self.excalibur_dying = None;
                        if owner != dying
                            && self.relics[Relic::Excalibur.index()] == RelicState::Owned(dying)
                        {
                            self.relics[Relic::Excalibur.index()] = RelicState::Owned(owner);
                            ev!(
                                self,
                                Event::RelicWon {
                                    relic: Relic::Excalibur,
                                    seat: owner
                                }
                            );
                        }
                    }
                    // §9.30: falling to 0 in one's own turn ends it, even when saved.
                    if dying == self.current {
                        self.t.ends = true;
                    }
                } else {
                    self.kill(dying);
                }
                // The 12th sword waited for this rescue (§7.3, §7.4): saved, he lives and the
                // swords are counted; not saved, the last Loyal knight died and Evil has won.
                if std::mem::take(&mut self.t.count_after_rescue) {
                    self.check_twelve_swords();
                }
            }
            (Frame::QuestEnd(mut qe), action) => {
                if let Action::KayAddsCard { card } = action
                    && self.sm(seat).hand.remove(card)
                {
                    qe.kay = Some(card);
                    ev!(self, Event::KayAddedCard { card });
                }
                qe.stage = QuestStage::Settle;
                self.stack.push(Frame::QuestEnd(qe));
            }
            (Frame::Siege(mut s), action) => match action {
                Action::AddToFight { card } => {
                    if let Some(v) = card.fight_value()
                        && self.sm(seat).hand.remove(card)
                    {
                        s.cards[usize::from(v - 1)] += 1;
                        ev!(self, Event::FightCardAdded { seat, card });
                    }
                    self.stack.push(Frame::Siege(s));
                }
                Action::RollSiegeDie => {
                    s.roll = self.roll_siege_die();
                    if self.has_knight(s.fighter, Knight::SirKay) {
                        // Sir Kay may add a card after the roll, in his own fight (§5.1).
                        self.stack.push(Frame::Siege(s));
                    } else {
                        self.resolve_siege(s, None);
                    }
                }
                Action::KayAddsCard { card } => {
                    let kay = self.sm(seat).hand.remove(card).then_some(card);
                    self.resolve_siege(s, kay);
                }
                _ => self.resolve_siege(s, None),
            },
            (
                Frame::Convocation {
                    player, asked, who, ..
                },
                Action::AnswerConvocation { go },
            ) => {
                ev!(self, Event::ConvocationAnswered { seat: who, go });
                if go {
                    self.move_knight(who, Place::Camelot, true);
                }
                self.stack.push(Frame::Convocation {
                    player,
                    asked: asked + 1,
                    who,
                });
            }
            (Frame::Messenger { from, to, given }, action) => {
                if let Action::GiveCard { card } = action
                    && self.sm(from).hand.remove(card)
                {
                    self.sm(to).hand.add(card);
                    ev!(self, Event::CardsGiven { from, to, count: 1 });
                    ev!(
                        self,
                        Event::Private {
                            seat: to,
                            private: PrivateEvent::WhiteCardsReceived {
                                from,
                                cards: vec![card]
                            },
                        }
                    );
                    self.stack.push(Frame::Messenger {
                        from,
                        to,
                        given: given + 1,
                    });
                }
            }
            (
                Frame::Clairvoyance {
                    player,
                    mut cards,
                    len,
                    placed,
                },
                Action::PutNext { index },
            ) => {
                // The chosen card comes next; the others keep their order.
                let i = usize::from(placed);
                let j = (i + usize::from(index)).min(usize::from(len.max(1)) - 1);
                if i <= j {
                    cards[i..=j].rotate_right(1);
                }
                self.stack.push(Frame::Clairvoyance {
                    player,
                    cards,
                    len,
                    placed: placed + 1,
                });
            }
            (Frame::Arthur { arthur, to, card }, Action::GiveBack { card: back }) => {
                if self.sm(to).hand.remove(back) {
                    self.sm(to).hand.add(card);
                    self.sm(arthur).hand.add(back);
                    ev!(self, Event::ArthurExchanged { arthur, with: to });
                    ev!(
                        self,
                        Event::Private {
                            seat: to,
                            private: PrivateEvent::WhiteCardsReceived {
                                from: arthur,
                                cards: vec![card]
                            },
                        }
                    );
                    ev!(
                        self,
                        Event::Private {
                            seat: arthur,
                            private: PrivateEvent::WhiteCardsReceived {
                                from: to,
                                cards: vec![back]
                            },
                        }
                    );
                } else {
                    self.sm(arthur).hand.add(card);
                }
            }
            // Not reached for legal actions; keep the step.
            (frame, _) => self.stack.push(frame),
        }
    }

    fn answer_black(&mut self, b: &mut BlackStep, seat: Seat, action: Action) {
        match action {
            Action::PlaceFaceUp => {
                ev!(self, Event::BlackCardShown { card: b.card });
                b.stage = BlackStage::Merlins;
            }
            Action::PlaceFaceDown => {
                b.face_down = true;
                b.stage = BlackStage::Merlins;
            }
            Action::CommitMerlins { count } => {
                let mut given = 0;
                for _ in 0..count {
                    if self.sm(seat).hand.remove(White::Merlin) {
                        given += 1;
                    }
                }
                b.committed[seat.index()] += given;
                ev!(self, Event::MerlinsCommitted { seat, count: given });
                let total: u8 = b.committed.iter().sum();
                if total >= 3 {
                    for _ in 0..total {
                        self.white_discard.push(White::Merlin);
                    }
                    ev!(self, Event::CancelledByMerlins { card: b.card });
                    self.cancel_black(b.card);
                    return;
                }
                b.asked += 1;
            }
            Action::SacrificeExcalibur => {
                self.relics[Relic::Excalibur.index()] = RelicState::Removed;
                ev!(
                    self,
                    Event::CancelledByExcalibur {
                        seat,
                        card: (!b.face_down).then_some(b.card)
                    }
                );
                ev!(
                    self,
                    Event::RelicRemoved {
                        relic: Relic::Excalibur
                    }
                );
                self.cancel_black(b.card);
                return;
            }
            Action::ChooseWar { war } => {
                self.war_card(b.card, war);
                return;
            }
            Action::Pass => match b.stage {
                BlackStage::Merlins => b.asked += 1,
                _ => b.stage = BlackStage::Effect,
            },
            _ => {}
        }
        self.stack.push(Frame::Black(*b));
    }

    /// The d8 is rolled (and Kay's card added): a fight won removes an engine, a fight lost costs
    /// 1 life; every card played is discarded (§4.8).
    fn resolve_siege(&mut self, s: Siege, kay: Option<White>) {
        let mut total: u8 = 0;
        let mut cards = Vec::new();
        for v in 1..=5u8 {
            let c = s.cards[usize::from(v - 1)];
            total += c * v;
            if let Some(w) = White::fight(v) {
                for _ in 0..c {
                    self.white_discard.push(w);
                    if self.record {
                        cards.push(w);
                    }
                }
            }
        }
        if self.owner(Relic::Excalibur) == Some(s.fighter) {
            total += 1;
        }
        if let Some(k) = kay {
            total += k.fight_value().unwrap_or(0);
            self.white_discard.push(k);
        }
        let won = total > s.roll;
        ev!(
            self,
            Event::SiegeFight {
                seat: s.fighter,
                cards,
                roll: s.roll,
                kay,
                total,
                won
            }
        );
        if won {
            self.deed(s.fighter, |d| &mut d.siege_engines_removed);
            self.engines = self.engines.saturating_sub(1);
            ev!(
                self,
                Event::SiegeEngineRemoved {
                    engines: self.engines
                }
            );
        } else {
            self.lose_life(s.fighter, 1);
        }
    }

    /// The active seat's own decision (nothing on the stack).
    fn turn_action(&mut self, seat: Seat, action: Action) {
        match (self.phase, action) {
            (Phase::ProgressionOfEvil, Action::DrawBlackCard) => {
                self.phase = Phase::AfterEvil;
                self.deed(seat, |d| &mut d.black_cards_drawn);
                self.draw_black_by_choice(seat, Source::Choice);
            }
            (Phase::ProgressionOfEvil, Action::AddSiegeEngine) => {
                self.phase = Phase::AfterEvil;
                self.deed(seat, |d| &mut d.siege_engines_added);
                self.add_engines(1);
            }
            (Phase::ProgressionOfEvil, Action::LoseLife) => {
                self.phase = Phase::AfterEvil;
                self.deed(seat, |d| &mut d.life_lost_to_evil);
                self.lose_life(seat, 1);
            }
            (Phase::ProgressionOfEvil, Action::PercivalLook) => {
                self.t.looked = true;
                let len = self.black_deck.len();
                if self.owner(Relic::LancelotsArmor) == Some(seat) && len >= 2 {
                    self.foreseen = None;
                    let a = self.black_deck.pop();
                    let b = self.black_deck.pop();
                    if let (Some(a), Some(b)) = (a, b) {
                        ev!(self, Event::PercivalLooked { seat, cards: 2 });
                        ev!(
                            self,
                            Event::Private {
                                seat,
                                private: PrivateEvent::BlackCards { cards: vec![a, b] },
                            }
                        );
                        self.stack.push(Frame::PercivalBottom { cards: [a, b] });
                    }
                } else if let Some(&top) = self.black_deck.last() {
                    self.t.seen_top = Some(top);
                    ev!(self, Event::PercivalLooked { seat, cards: 1 });
                    ev!(
                        self,
                        Event::Private {
                            seat,
                            private: PrivateEvent::BlackCards { cards: vec![top] },
                        }
                    );
                }
            }
            (Phase::TraitorTakes, Action::TakeCardFrom { seat: from }) => {
                let len = self.s(from).hand.len();
                if len > 0 {
                    let k = match self.fixed_pick(len) {
                        Some(k) => k,
                        None => self.rng.random_range(0..len),
                    };
                    if let Some(card) = self.s(from).hand.nth(k) {
                        self.discard_from_hand(from, card);
                        ev!(
                            self,
                            Event::TraitorTookCard {
                                traitor: seat,
                                from
                            }
                        );
                        ev!(
                            self,
                            Event::Private {
                                seat: from,
                                private: PrivateEvent::CardTaken { card },
                            }
                        );
                    }
                }
                self.phase = Phase::TraitorEvil;
            }
            (Phase::TraitorEvil, Action::DrawBlackCard) => {
                self.phase = Phase::AfterTraitor;
                self.deed(seat, |d| &mut d.black_cards_drawn);
                self.draw_black_by_choice(seat, Source::Traitor);
            }
            (Phase::TraitorEvil, Action::AddSiegeEngine) => {
                self.phase = Phase::AfterTraitor;
                self.deed(seat, |d| &mut d.siege_engines_added);
                self.add_engines(1);
            }
            (Phase::ProgressionOfEvil | Phase::TraitorTakes, Action::Join) => self.join(),
            (Phase::ProgressionOfEvil | Phase::TraitorTakes, Action::Leave { seat: s }) => {
                self.leave(s)
            }
            (Phase::HeroicActions, action) => self.heroic(seat, action),
            _ => {}
        }
    }

    /// Count a Heroic Action of type `ty` (free ones count only for the type).
    fn take_action(&mut self, ty: u8, free: bool) {
        self.t.used |= ty;
        if !free {
            self.t.acts += 1;
        }
    }

    fn heroic(&mut self, seat: Seat, action: Action) {
        let place = self.s(seat).place;
        match action {
            Action::Move { to } => {
                // §9.5: Tristan leaving Camelot moves for free.
                let free = self.has_knight(seat, Knight::SirTristan) && place == Place::Camelot;
                self.take_action(TYPE_MOVE, free);
                self.move_knight(seat, to, free);
            }
            Action::DrawWhiteCards => {
                self.take_action(TYPE_QUEST, false);
                let count = if self.has_knight(seat, Knight::SirGawain) {
                    GAWAIN_DRAW
                } else {
                    CAMELOT_DRAW
                };
                self.draw_white(seat, count);
            }
            Action::FightSiegeEngine => {
                self.take_action(TYPE_QUEST, false);
                self.stack.push(Frame::Siege(Siege {
                    fighter: seat,
                    cards: [0; 5],
                    roll: 0,
                }));
            }
            Action::PlayFightCard { card } => {
                self.take_action(TYPE_QUEST, false);
                if let (Some(v), Some(q)) = (card.fight_value(), place.quest())
                    && self.sm(seat).hand.remove(card)
                {
                    self.deed(seat, |d| &mut d.quest_cards_played);
                    self.play_fight(seat, q, v);
                }
            }
            Action::DiscardForExcalibur { card } => {
                self.take_action(TYPE_QUEST, false);
                if self.discard_from_hand(seat, card) {
                    self.deed(seat, |d| &mut d.quest_cards_played);
                    ev!(self, Event::DiscardedForExcalibur { seat });
                    ev!(
                        self,
                        Event::Private {
                            seat,
                            private: PrivateEvent::CardsDiscarded { cards: vec![card] },
                        }
                    );
                    self.excalibur_step(seat);
                }
            }
            Action::PlayGrailCard => {
                self.take_action(TYPE_QUEST, false);
                if self.sm(seat).hand.remove(White::Grail) {
                    self.deed(seat, |d| &mut d.quest_cards_played);
                    self.play_grail(seat);
                }
            }
            Action::Heal { card } => {
                self.take_action(TYPE_HEAL, false);
                for _ in 0..3 {
                    self.discard_from_hand(seat, card);
                }
                ev!(self, Event::CardsDiscarded { seat, count: 3 });
                self.gain_life(seat, 1);
                let life = self.s(seat).life;
                ev!(self, Event::Healed { seat, life });
            }
            Action::Accuse { target } => {
                self.take_action(TYPE_ACCUSE, false);
                self.accuse(seat, target);
            }
            Action::Sacrifice => {
                self.t.sacrificed = true;
                let s = self.sm(seat);
                s.life = s.life.saturating_sub(1);
                let life = s.life;
                ev!(self, Event::Sacrificed { seat, life });
                if life == 0 {
                    self.t.dies_after_action = true;
                }
            }
            Action::EndTurn => {
                if self.t.dies_after_action {
                    // The second action could not be taken after all: he dies now.
                    self.t.ends = true;
                } else {
                    self.end_turn();
                }
            }
            Action::ArthurExchange { to, card } => {
                self.t.arthur = true;
                if self.sm(seat).hand.remove(card) {
                    self.stack.push(Frame::Arthur {
                        arthur: seat,
                        to,
                        card,
                    });
                }
            }
            special => self.play_special(seat, special),
        }
    }

    /// An accusation (§6.1).
    fn accuse(&mut self, accuser: Seat, target: Seat) {
        self.sm(accuser).accused = true;
        let loyalty = self.s(target).loyalty;
        ev!(
            self,
            Event::Accused {
                accuser,
                target,
                loyalty
            }
        );
        match loyalty {
            Loyalty::Loyal => {
                self.sm(accuser).accused_loyal = true;
                let turn = self.turn;
                self.sm(target).shown_loyal_on.get_or_insert(turn);
                if self.swords.white > 0 {
                    self.swords.white -= 1;
                    self.swords.black += 1;
                    ev!(self, Event::SwordFlipped);
                    if self.swords.black >= BLACK_SWORDS_LOSE {
                        self.end_game(Side::Evil, EndReason::BlackSwords);
                    }
                }
            }
            Loyalty::Traitor => {
                self.lay_swords(Colour::White, 1);
                self.unmask(target);
                self.check_twelve_swords();
            }
        }
    }

    /// Heroic Action C (§1.3): the card is discarded (Heroism is laid on its quest).
    fn play_special(&mut self, seat: Seat, action: Action) {
        let Some(card) = action.special_card() else {
            return;
        };
        if !self.sm(seat).hand.remove(card) {
            return;
        }
        // §5.1: Galahad *may* play it as a free action. Played while the life he sacrificed still
        // owes his second action, it is that action (else he would be forced into a third one);
        // played earlier, it is free and both regular actions remain.
        let owed = self.t.sacrificed && self.t.acts == 1;
        let free = self.has_knight(seat, Knight::SirGalahad) && !owed;
        self.take_action(TYPE_SPECIAL, free);
        self.t.special = true;
        ev!(self, Event::SpecialCardPlayed { seat, card });
        if card != White::Heroism {
            self.white_discard.push(card);
        }
        match action {
            Action::MerlinRemovesSiegeEngine => {
                self.deed(seat, |d| &mut d.siege_engines_removed);
                self.engines = self.engines.saturating_sub(1);
                ev!(
                    self,
                    Event::SiegeEngineRemoved {
                        engines: self.engines
                    }
                );
            }
            Action::MerlinRemovesBlackCard { quest } => match quest {
                Quest::Grail => {
                    if let Some(i) = self.grail.iter().position(|s| s.is_black()) {
                        self.grail[i] = Spot::Empty;
                        self.black_discard.push(Black::Despair);
                    }
                }
                _ => {
                    if let Some(p) = self.combat_mut(quest).pop_black() {
                        self.black_discard.push(p.card);
                    }
                }
            },
            Action::MerlinRemovesWarrior { war } => {
                let w = self.war_mut(war);
                w.warriors = w.warriors.saturating_sub(1);
                let warriors = w.warriors;
                ev!(self, Event::WarriorRemoved { war, warriors });
            }
            Action::PlayConvocation => {
                self.stack.push(Frame::Convocation {
                    player: seat,
                    asked: 0,
                    who: seat,
                });
            }
            Action::PlayFate { reveal } => {
                if reveal {
                    // §9.26, §9.31: unmasked as by an accusation, no sword; his turn ends.
                    self.unmask(seat);
                    self.push_discards(
                        self.offset(seat, 1),
                        FATE_DISCARD,
                        Some(seat),
                        DiscardCause::Fate { traitor: seat },
                    );
                } else {
                    for s in self.seats_from(seat) {
                        if self.on_board(s) {
                            self.draw_white(s, 1);
                        }
                    }
                }
            }
            Action::PlayHeroism { quest } => {
                self.heroism = Some(quest);
                ev!(self, Event::HeroismLaid { quest });
            }
            Action::PlayLadyOfTheLake => {
                if self.excalibur_over {
                    self.gain_life(seat, LADY_LIFE);
                } else {
                    self.excalibur_step(seat);
                }
            }
            Action::PlayMessenger { to } => {
                self.stack.push(Frame::Messenger {
                    from: seat,
                    to,
                    given: 0,
                });
            }
            Action::PlayPiety { others } => {
                if others {
                    for s in self.seats_from(seat) {
                        if s != seat {
                            self.gain_life(s, 1);
                        }
                    }
                } else {
                    self.gain_life(seat, PIETY_SELF);
                }
            }
            Action::PlayClairvoyance => {
                self.foreseen = None;
                let mut cards = [Black::Despair; CLAIRVOYANCE_CARDS];
                let mut len = 0u8;
                // §9.17: fewer than five left: all of them, no reshuffle.
                while usize::from(len) < CLAIRVOYANCE_CARDS {
                    let Some(c) = self.black_deck.pop() else {
                        break;
                    };
                    cards[usize::from(len)] = c;
                    len += 1;
                }
                ev!(self, Event::ClairvoyanceUsed { seat, cards: len });
                ev!(
                    self,
                    Event::Private {
                        seat,
                        private: PrivateEvent::BlackCards {
                            cards: cards[..usize::from(len)].to_vec()
                        },
                    }
                );
                self.stack.push(Frame::Clairvoyance {
                    player: seat,
                    cards,
                    len,
                    placed: 0,
                });
            }
            Action::PlayReinforcements { others } => {
                if others {
                    for s in self.seats_from(seat) {
                        if s != seat && self.on_board(s) {
                            self.draw_white(s, 1);
                        }
                    }
                } else {
                    self.draw_white(seat, REINFORCEMENTS_DRAW);
                }
            }
            _ => {}
        }
    }
}
