//! Black cards (§3.2): drawn by choice or by Morgan 3, offered to the three-Merlin cancellation and
//! to Excalibur's owner, placed on their quest or resolved for their effect.

use super::*;

impl Game {
    // ---------------------------------------------------------------------------------------------
    // Black cards (§3.2)
    // ---------------------------------------------------------------------------------------------

    /// Draw a black card by choice (Progression of Evil, or the revealed Traitor): with Lancelot's
    /// Armor the top two, keep one (§5.2, §9.9).
    pub(crate) fn draw_black_by_choice(&mut self, seat: Seat, source: Source) {
        self.t.seen_top = None;
        let armor = self.owner(Relic::LancelotsArmor) == Some(seat) && !self.t.looked;
        let Some(a) = self.pop_black() else { return };
        if armor && let Some(b) = self.pop_black() {
            ev!(
                self,
                Event::Private {
                    seat,
                    private: PrivateEvent::BlackCards { cards: vec![a, b] },
                }
            );
            self.stack.push(Frame::ArmorKeep {
                drawer: seat,
                cards: [a, b],
                source,
            });
            return;
        }
        self.stack.push(Frame::Black(new_black(a, seat, source)));
    }

    /// Where `card` goes now.
    pub(crate) fn target(&self, card: Black) -> Target {
        let quest = |q: Quest| {
            if self.quest_in_play(q) {
                Target::Quest(q)
            } else {
                Target::Obsolete
            }
        };
        match card {
            Black::BlackKnight1
            | Black::BlackKnight3
            | Black::BlackKnight5
            | Black::BlackKnight7 => Target::Quest(Quest::BlackKnight),
            Black::LancelotDragon1
            | Black::LancelotDragon3
            | Black::LancelotDragon5
            | Black::LancelotDragon7 => match self.lancelot_board {
                LancelotBoard::Lancelot => Target::Quest(Quest::Lancelot),
                LancelotBoard::Dragon => Target::Quest(Quest::Dragon),
                LancelotBoard::Removed => Target::Obsolete,
            },
            Black::Despair | Black::Desolation | Black::DarkForest => quest(Quest::Grail),
            Black::Excalibur => quest(Quest::Excalibur),
            Black::Picts => Target::Quest(Quest::PictWar),
            Black::Saxons => Target::Quest(Quest::SaxonWar),
            Black::Mercenaries | Black::Mordred => Target::War,
            Black::Guinevere
            | Black::MistsOfAvalon
            | Black::Morgan1
            | Black::Morgan2
            | Black::Morgan3
            | Black::Morgan4
            | Black::Morgan5
            | Black::Vivien => Target::None,
        }
    }

    /// The face-down option exists for a combat card going onto a quest in play, drawn by a knight
    /// with a hand (§3.2 step 1, §9.28).
    pub(crate) fn may_face_down(&self, card: Black, drawer: Seat) -> bool {
        card.is_combat() && self.on_board(drawer) && matches!(self.target(card), Target::Quest(_))
    }

    /// Who makes the drawer's choices: the drawer, or, if he has died meanwhile, the next knight on
    /// the board clockwise. inferred: §9.7 — no seed says who chooses for a dead drawer.
    pub(crate) fn chooser(&self, drawer: Seat) -> Seat {
        if self.s(drawer).alive {
            return drawer;
        }
        self.seats_from(drawer)
            .find(|&s| self.on_board(s))
            .unwrap_or(drawer)
    }

    pub(super) fn advance_black(&mut self, mut b: BlackStep) -> Option<Frame> {
        loop {
            match b.stage {
                BlackStage::Start => {
                    let may = self.may_face_down(b.card, b.drawer);
                    ev!(
                        self,
                        Event::BlackCardDrawn {
                            seat: b.drawer,
                            card: (!may).then_some(b.card),
                            kind: b.card.kind(),
                        }
                    );
                    if may {
                        ev!(
                            self,
                            Event::Private {
                                seat: b.drawer,
                                private: PrivateEvent::BlackCards {
                                    cards: vec![b.card]
                                },
                            }
                        );
                        b.stage = BlackStage::FaceChoice;
                        b.who = b.drawer;
                        return Some(Frame::Black(b));
                    }
                    b.stage = BlackStage::Merlins;
                }
                BlackStage::FaceChoice | BlackStage::WarChoice => return Some(Frame::Black(b)),
                BlackStage::Merlins => {
                    if b.source == Source::Morgan3 {
                        // §9.7: Morgan 3's cards cannot be cancelled.
                        b.stage = BlackStage::Effect;
                        continue;
                    }
                    if b.card.is_special() && !self.vivien {
                        while b.asked < self.n {
                            let s = self.offset(b.drawer, b.asked);
                            if self.on_board(s) {
                                b.who = s;
                                return Some(Frame::Black(b));
                            }
                            b.asked += 1;
                        }
                        // Fewer than three offered: nothing is discarded.
                        if b.committed.iter().any(|&c| c > 0) {
                            for i in 0..self.n {
                                for _ in 0..b.committed[usize::from(i)] {
                                    self.sm(Seat(i)).hand.add(White::Merlin);
                                }
                            }
                            b.committed = [0; 7];
                            ev!(self, Event::MerlinsTakenBack);
                        }
                    }
                    b.stage = BlackStage::Excalibur;
                }
                BlackStage::Excalibur => {
                    if let Some(o) = self.owner(Relic::Excalibur).filter(|&o| self.on_board(o)) {
                        b.who = o;
                        return Some(Frame::Black(b));
                    }
                    b.stage = BlackStage::Effect;
                }
                BlackStage::Effect => return self.black_effect(b),
            }
        }
    }

    /// The card is cancelled: discarded with no effect (and no face-down compensation, §9.10).
    pub(crate) fn cancel_black(&mut self, card: Black) {
        self.black_discard.push(card);
    }

    /// §3.2 steps 3–5: apply the card.
    fn black_effect(&mut self, mut b: BlackStep) -> Option<Frame> {
        let card = b.card;
        let drawer = b.drawer;
        match self.target(card) {
            Target::Obsolete => {
                ev!(self, Event::BlackCardObsolete { card });
                self.black_discard.push(card);
                self.add_engines(1);
            }
            Target::War => {
                b.stage = BlackStage::WarChoice;
                b.who = self.chooser(drawer);
                return Some(Frame::Black(b));
            }
            Target::Quest(quest) => match card {
                Black::Picts | Black::Saxons => {
                    self.black_discard.push(card);
                    self.add_warrior(quest);
                }
                Black::Excalibur => {
                    self.black_discard.push(card);
                    self.excalibur -= 1;
                    ev!(
                        self,
                        Event::ExcaliburMoved {
                            position: self.excalibur
                        }
                    );
                    if self.excalibur <= -EXCALIBUR_END {
                        self.end_quest(Quest::Excalibur, false, None);
                    }
                }
                Black::Despair => self.place_despair(Spot::Despair),
                Black::Desolation => {
                    // Discard the Grail card farthest from the relic, then place as a Despair.
                    if let Some(i) = self.grail.iter().rposition(|s| *s == Spot::Grail) {
                        self.grail[i] = Spot::Empty;
                        self.white_discard.push(White::Grail);
                        ev!(self, Event::GrailCardDiscarded { by: card });
                    }
                    self.place_despair(Spot::Desolation);
                }
                Black::DarkForest => {
                    self.dark_forest = true;
                    ev!(self, Event::DarkForestInEffect);
                }
                _ => {
                    // A combat card.
                    let face_down = b.face_down && self.on_board(drawer);
                    let combat = self.combat_mut(quest);
                    combat.push_black(Placed {
                        card,
                        face_down,
                        drawer,
                    });
                    let full = combat.black_len >= quest.rules().black_spots;
                    ev!(
                        self,
                        Event::BlackCardPlaced {
                            quest,
                            card: (!face_down).then_some(card),
                            face_down,
                        }
                    );
                    if face_down {
                        self.deed(drawer, |d| &mut d.placed_face_down);
                        self.draw_white(drawer, 1);
                    }
                    if full {
                        self.end_quest(quest, false, None);
                    }
                }
            },
            Target::None => {
                match card {
                    Black::Guinevere => {
                        ev!(self, Event::GuinevereCallsKnightsHome);
                        for s in self.seats_from(drawer) {
                            if self.on_board(s) {
                                self.move_knight(s, Place::Camelot, true);
                            }
                        }
                        if drawer == self.current {
                            self.t.ends = true;
                        }
                        self.black_discard.push(card);
                    }
                    Black::MistsOfAvalon => {
                        // Kept face up in play until the game ends.
                        self.mists = true;
                        ev!(self, Event::MistsOfAvalonInEffect);
                    }
                    Black::Vivien => {
                        self.vivien = true;
                        ev!(self, Event::VivienInEffect);
                    }
                    Black::Morgan1 => {
                        self.black_discard.push(card);
                        for s in self.seats_from(drawer) {
                            self.lose_life(s, 1);
                        }
                    }
                    Black::Morgan2 | Black::Morgan5 => {
                        self.black_discard.push(card);
                        self.stack.push(Frame::Volunteer {
                            morgan: card.morgan().unwrap_or(2),
                            drawer,
                            asked: 0,
                            who: drawer,
                        });
                    }
                    Black::Morgan3 => {
                        self.stack.push(Frame::Morgan3 {
                            drawer,
                            left: MORGAN3_DRAWS,
                        });
                    }
                    Black::Morgan4 => {
                        self.black_discard.push(card);
                        self.add_engines(MORGAN4_ENGINES);
                    }
                    _ => self.black_discard.push(card),
                }
            }
        }
        None
    }

    /// Mercenaries or Mordred, once the War is chosen.
    pub(crate) fn war_card(&mut self, card: Black, war: Quest) {
        if card == Black::Mordred {
            self.war_mut(war).mordred = true;
            ev!(self, Event::MordredAttached { war });
        } else {
            self.black_discard.push(card);
            self.add_warrior(war);
        }
    }

    pub(crate) fn add_warrior(&mut self, war: Quest) {
        let w = self.war_mut(war);
        w.warriors += 1;
        let warriors = w.warriors;
        ev!(self, Event::WarriorAdded { war, warriors });
        if warriors >= WARRIORS_LOSE {
            self.end_quest(war, false, None);
        }
    }

    /// A Despair (or Desolation) onto the highest-numbered empty spot; on a full track it and the
    /// Grail card farthest from the relic are both discarded (§4.6).
    fn place_despair(&mut self, spot: Spot) {
        let card = if spot == Spot::Desolation {
            Black::Desolation
        } else {
            Black::Despair
        };
        if let Some(i) = self.grail.iter().rposition(|s| *s == Spot::Empty) {
            self.grail[i] = spot;
            ev!(
                self,
                Event::BlackCardPlaced {
                    quest: Quest::Grail,
                    card: Some(card),
                    face_down: false,
                }
            );
            if self.grail.iter().all(|s| s.is_black()) {
                self.end_quest(Quest::Grail, false, None);
            }
        } else if let Some(i) = self.grail.iter().rposition(|s| *s == Spot::Grail) {
            self.grail[i] = Spot::Empty;
            self.white_discard.push(White::Grail);
            self.black_discard.push(card);
            ev!(self, Event::GrailCardDiscarded { by: card });
        } else {
            self.black_discard.push(card);
        }
    }

    /// A Grail card onto the lowest-numbered empty spot; on a full track it and the black card
    /// nearest the relic are both discarded (§4.6).
    pub(crate) fn play_grail(&mut self, seat: Seat) {
        if let Some(i) = self.grail.iter().position(|s| *s == Spot::Empty) {
            self.grail[i] = Spot::Grail;
            ev!(self, Event::GrailCardPlayed { seat });
            if self.grail.iter().all(|s| *s == Spot::Grail) {
                self.end_quest(Quest::Grail, true, Some(seat));
            }
        } else if let Some(i) = self.grail.iter().position(|s| s.is_black()) {
            let black = if self.grail[i] == Spot::Desolation {
                Black::Desolation
            } else {
                Black::Despair
            };
            self.grail[i] = Spot::Empty;
            self.black_discard.push(black);
            self.white_discard.push(White::Grail);
            ev!(self, Event::DespairCancelledByGrail);
        } else {
            self.white_discard.push(White::Grail);
        }
    }

    /// The sword one step toward the knights' end (a discard, or the Lady of the Lake).
    pub(crate) fn excalibur_step(&mut self, seat: Seat) {
        self.excalibur += 1;
        ev!(
            self,
            Event::ExcaliburMoved {
                position: self.excalibur
            }
        );
        if self.excalibur >= EXCALIBUR_END {
            self.end_quest(Quest::Excalibur, true, Some(seat));
        }
    }

    /// A Fight card onto a combat quest or a War.
    pub(crate) fn play_fight(&mut self, seat: Seat, quest: Quest, value: u8) {
        if let Some(card) = White::fight(value) {
            ev!(self, Event::FightCardPlayed { seat, quest, card });
        }
        if quest.is_war() {
            let w = self.war_mut(quest);
            w.cards += 1;
            if w.cards >= w.needed() {
                self.end_quest(quest, true, Some(seat));
            }
        } else {
            let c = self.combat_mut(quest);
            c.push_white(value);
            if c.white_len >= quest.rules().white_spots {
                self.end_quest(quest, false, Some(seat));
            }
        }
    }

    /// Push the discard steps of every knight holding a card (Morgan 2 and 5: one each; Fate: two
    /// each, the player excepted), in turn order from `from`.
    pub(crate) fn push_discards(
        &mut self,
        from: Seat,
        count: u8,
        except: Option<Seat>,
        cause: DiscardCause,
    ) {
        let order: Vec<Seat> = self
            .seats_from(from)
            .filter(|&s| Some(s) != except && self.on_board(s) && !self.s(s).hand.is_empty())
            .collect();
        for &seat in order.iter().rev() {
            let left = count.min(self.s(seat).hand.len());
            self.stack.push(Frame::Discard { seat, left, cause });
        }
    }
}

pub(crate) fn new_black(card: Black, drawer: Seat, source: Source) -> BlackStep {
    BlackStep {
        card,
        drawer,
        source,
        stage: BlackStage::Start,
        face_down: false,
        committed: [0; 7],
        asked: 0,
        who: drawer,
    }
}
