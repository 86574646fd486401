//! The resolution stack: nested rule steps, each waiting for one seat's decision or resolving on its
//! own. [`Game::run`] resolves every step that needs no decision, top first, until the top step (or
//! the turn) waits for a seat; `perform.rs` applies that seat's decision.
//!
//! Out-of-turn windows and who is asked:
//! - **Every eligible seat is polled in turn order** (a seat with nothing to play is still asked and
//!   may only pass, so that being asked tells nothing): the three-Merlin cancellation (every knight
//!   on the board, from the drawer, §9.15), the opening gesture's cards (every seat from the first
//!   player), the acceptance of a sharing proposal (every other recipient), and Convocation's moves
//!   (every knight away from Camelot, from its player).
//! - **Polled among the seats the table knows to be eligible** (the condition is public): Morgan 2's
//!   volunteers (knights holding 3 cards or more) and Morgan 5's (every knight on the board), from
//!   the drawer (§9.8); the discards of Morgan 2, Morgan 5 and Fate (knights holding a card).
//! - **Public owner only** (whose relic or knight it is, is on the table): the Excalibur owner's
//!   cancellation (§5.2), the Holy Grail owner's rescue (§3.4), Sir Kay's card (§5.1; asked whenever
//!   he is present at a combat's end or fights a siege engine, whatever he holds), King Arthur's
//!   exchange partner (who must give a card back).

use crate::action::{Colour, DiscardCause, Event, PrivateEvent, Seat, ShareKind};
use crate::data::*;
use crate::game::*;
use rand::RngExt;

/// Where a black card goes (§3.2 step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    Quest(Quest),
    /// Its quest is over: a siege engine instead.
    Obsolete,
    /// The drawer chooses a War (Mercenaries, Mordred).
    War,
    /// No quest (Guinevere, Mists, Morgan, Vivien).
    None,
}

impl Game {
    /// Resolve everything that needs no decision.
    pub(crate) fn run(&mut self) {
        loop {
            if self.outcome.is_some() {
                self.stack.clear();
                self.fallen = 0;
                return;
            }
            if self.fallen != 0 {
                self.push_dying();
                continue;
            }
            match self.stack.pop() {
                Some(frame) => {
                    if let Some(waiting) = self.advance(frame) {
                        self.stack.push(waiting);
                        if self.fallen == 0 && self.outcome.is_none() {
                            return;
                        }
                    }
                }
                None => {
                    if !self.advance_turn() {
                        return;
                    }
                }
            }
        }
    }

    /// Knights who fell to 0 get their Dying step, in turn order from the active seat.
    fn push_dying(&mut self) {
        let fallen = self.fallen;
        self.fallen = 0;
        let order: Vec<Seat> = self
            .seats_from(self.current)
            .filter(|s| fallen & (1 << s.0) != 0)
            .collect();
        for &seat in order.iter().rev() {
            self.stack.push(Frame::Dying { seat, owner: None });
        }
    }

    /// With nothing on the stack: the turn's own steps. Returns false when the active seat decides.
    fn advance_turn(&mut self) -> bool {
        // The Heroic Actions come back here after every action: tested first.
        if self.phase == Phase::HeroicActions {
            return self.advance_heroic();
        }
        match self.phase {
            Phase::Opening => {
                self.begin_turn(self.first);
                true
            }
            Phase::ProgressionOfEvil | Phase::TraitorEvil | Phase::Over => false,
            Phase::TraitorTakes => {
                let anyone = (0..self.n)
                    .map(Seat)
                    .any(|s| self.on_board(s) && !self.s(s).hand.is_empty());
                if anyone {
                    false
                } else {
                    self.phase = Phase::TraitorEvil;
                    true
                }
            }
            Phase::AfterEvil => {
                if self.t.ends || !self.on_board(self.current) {
                    self.end_turn();
                } else {
                    self.phase = Phase::HeroicActions;
                }
                true
            }
            Phase::HeroicActions => self.advance_heroic(),
            Phase::AfterTraitor => {
                self.end_turn();
                true
            }
        }
    }

    /// The Heroic Actions phase with nothing on the stack: the turn ends, or the knight decides.
    #[inline]
    fn advance_heroic(&mut self) -> bool {
        // §3.4: a knight who paid his last life dies once his second action is done.
        if self.t.dies_after_action && (self.t.acts >= 2 || self.t.ends) {
            self.t.dies_after_action = false;
            let seat = self.current;
            if self.on_board(seat) && self.s(seat).life == 0 {
                ev!(self, Event::KnightFalls { seat });
                self.stack.push(Frame::Dying { seat, owner: None });
            }
            return true;
        }
        if self.t.ends || !self.on_board(self.current) || self.nothing_left() {
            self.end_turn();
            true
        } else {
            false
        }
    }

    /// Both Heroic Actions are taken and no free power is left: ending the turn is all that
    /// remains, so the turn ends by itself.
    fn nothing_left(&self) -> bool {
        if self.t.acts < 2 {
            return false;
        }
        let mut free = crate::legal::Any(false);
        self.free_actions(self.current, &mut free);
        !free.0 && !self.arthur_can_exchange(self.current)
    }

    pub(crate) fn begin_turn(&mut self, seat: Seat) {
        self.current = seat;
        self.turn += 1;
        self.t = TurnState::default();
        let traitor_turn = self.s(seat).revealed;
        self.phase = if traitor_turn {
            Phase::TraitorTakes
        } else {
            Phase::ProgressionOfEvil
        };
        ev!(
            self,
            Event::TurnBegins {
                seat,
                turn: self.turn,
                traitor_turn
            }
        );
    }

    /// The next living seat clockwise (a revealed Traitor plays his own turn, §6.3).
    pub(crate) fn end_turn(&mut self) {
        let next = (1..=self.n)
            .map(|k| self.offset(self.current, k))
            .find(|&s| self.s(s).alive)
            .unwrap_or(self.current);
        self.begin_turn(next);
    }

    /// Resolve `frame` as far as it goes without a decision. `Some` = it waits for its decider (the
    /// caller puts it back); `None` = done (it may have put itself back under new steps).
    fn advance(&mut self, frame: Frame) -> Option<Frame> {
        match frame {
            Frame::Offer {
                mut asked,
                cards,
                len,
            } => {
                while asked < self.n {
                    let s = self.offset(self.first, asked);
                    if !self.s(s).hand.is_empty() {
                        return Some(Frame::Offer { asked, cards, len });
                    }
                    asked += 1;
                }
                let mut share = Share {
                    kind: ShareKind::Opening,
                    cards,
                    len,
                    to: all_seats(self.n),
                    lead: self.first,
                    chooser: self.first,
                    stage: ShareStage::Propose,
                    proposal: [Seat(0); 7],
                    assigned: 0,
                    asked: 0,
                    who: self.first,
                };
                if len == 0 {
                    return None;
                }
                share.who = share.lead;
                self.stack.push(Frame::Share(share));
                None
            }
            Frame::Share(mut sh) => match sh.stage {
                ShareStage::ChooseLead | ShareStage::Propose => Some(Frame::Share(sh)),
                ShareStage::Accept => {
                    while sh.asked < self.n {
                        let s = self.offset(sh.lead, sh.asked);
                        if s != sh.lead && sh.to & (1 << s.0) != 0 && self.on_board(s) {
                            sh.who = s;
                            return Some(Frame::Share(sh));
                        }
                        sh.asked += 1;
                    }
                    let mut shares = [(Seat(0), White::Merlin); 7];
                    for (i, share) in shares.iter_mut().enumerate() {
                        *share = (sh.proposal[i], sh.cards[i]);
                    }
                    self.give_shares(sh.kind, &shares[..usize::from(sh.len)], false);
                    None
                }
            },
            Frame::ArmorKeep { .. } | Frame::PercivalBottom { .. } | Frame::Arthur { .. } => {
                Some(frame)
            }
            Frame::Black(step) => self.advance_black(step),
            Frame::Morgan3 { drawer, left } => {
                // The Morgan 3 card stays in play until its three cards are resolved, so that it
                // cannot be drawn again during its own resolution (with a tiny pile it would loop).
                let next = if left == 0 { None } else { self.pop_black() };
                let Some(card) = next else {
                    self.black_discard.push(Black::Morgan3);
                    return None;
                };
                self.stack.push(Frame::Morgan3 {
                    drawer,
                    left: left - 1,
                });
                self.stack
                    .push(Frame::Black(new_black(card, drawer, Source::Morgan3)));
                None
            }
            Frame::Volunteer {
                morgan,
                drawer,
                mut asked,
                ..
            } => {
                while asked < self.n {
                    let s = self.offset(drawer, asked);
                    let eligible = self.on_board(s)
                        && (morgan != 2 || self.s(s).hand.len() >= MORGAN2_DISCARD);
                    if eligible {
                        return Some(Frame::Volunteer {
                            morgan,
                            drawer,
                            asked,
                            who: s,
                        });
                    }
                    asked += 1;
                }
                // Nobody volunteered: every knight holding a white card discards one.
                ev!(self, Event::NoVolunteer);
                self.push_discards(drawer, 1, None, DiscardCause::NoVolunteer { morgan });
                None
            }
            Frame::Discard { seat, left, .. } => {
                if left == 0 || !self.on_board(seat) || self.s(seat).hand.is_empty() {
                    None
                } else {
                    Some(frame)
                }
            }
            Frame::Dying { seat, owner } => {
                if !self.on_board(seat) || self.s(seat).life > 0 {
                    return None;
                }
                if owner.is_some() {
                    return Some(frame);
                }
                match self.owner(Relic::Grail).filter(|&o| self.on_board(o)) {
                    Some(o) => Some(Frame::Dying {
                        seat,
                        owner: Some(o),
                    }),
                    None => {
                        self.kill(seat);
                        None
                    }
                }
            }
            Frame::QuestEnd(qe) => self.advance_quest_end(qe),
            Frame::Siege(_) => Some(frame),
            Frame::Convocation {
                player, mut asked, ..
            } => {
                while asked < self.n {
                    let s = self.offset(player, asked);
                    if self.on_board(s) && self.s(s).place != Place::Camelot {
                        return Some(Frame::Convocation {
                            player,
                            asked,
                            who: s,
                        });
                    }
                    asked += 1;
                }
                self.convocation_cards(player);
                None
            }
            Frame::Messenger { from, given, .. } => {
                if given >= MESSENGER_MAX || self.s(from).hand.is_empty() {
                    None
                } else {
                    Some(frame)
                }
            }
            Frame::Clairvoyance {
                cards, len, placed, ..
            } => {
                if placed + 1 >= len {
                    for i in (0..usize::from(len)).rev() {
                        self.black_deck.push(cards[i]);
                    }
                    None
                } else {
                    Some(frame)
                }
            }
        }
    }

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

    fn advance_black(&mut self, mut b: BlackStep) -> Option<Frame> {
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

    // ---------------------------------------------------------------------------------------------
    // Quest ends (§4.1)
    // ---------------------------------------------------------------------------------------------

    /// A quest ends now: note who is present, and resolve it on the stack. For combat quests `won`
    /// is decided by the totals.
    pub(crate) fn end_quest(&mut self, quest: Quest, won: bool, winner: Option<Seat>) {
        let present = self.present_at(quest.place());
        self.stack.push(Frame::QuestEnd(QuestEnd {
            quest,
            stage: QuestStage::Start,
            won,
            winner,
            present,
            white: 0,
            black: 0,
            kay: None,
            kay_seat: Seat(0),
            active: self.current,
            heroism: false,
        }));
    }

    fn advance_quest_end(&mut self, mut qe: QuestEnd) -> Option<Frame> {
        let rules = qe.quest.rules();
        loop {
            match qe.stage {
                QuestStage::Start => {
                    qe.stage = QuestStage::Settle;
                    if rules.combat {
                        let c = *self.combat(qe.quest).unwrap_or(&Combat::default());
                        qe.black = c.black().map(|p| p.card.value_on(qe.quest)).sum();
                        qe.white = c.white().iter().sum();
                        if let Some(o) = self.owner(Relic::Excalibur)
                            && qe.present & (1 << o.0) != 0
                            && self.on_board(o)
                        {
                            qe.white += 1;
                        }
                        let kay = (0..self.n).map(Seat).find(|&s| {
                            qe.present & (1 << s.0) != 0 && self.has_knight(s, Knight::SirKay)
                        });
                        if let Some(k) = kay {
                            qe.kay_seat = k;
                            qe.stage = QuestStage::Kay;
                            return Some(Frame::QuestEnd(qe));
                        }
                    }
                }
                QuestStage::Kay => return Some(Frame::QuestEnd(qe)),
                QuestStage::Settle => {
                    self.settle_quest(&mut qe);
                    qe.stage = QuestStage::Rewards;
                    self.stack.push(Frame::QuestEnd(qe));
                    return None;
                }
                QuestStage::Rewards => {
                    self.reward_quest(&qe);
                    if self.is_over() {
                        return None;
                    }
                    qe.stage = QuestStage::Spoils;
                }
                QuestStage::Spoils => {
                    self.spoils(&qe);
                    return None;
                }
            }
        }
    }

    /// Steps 1–4 (life): decide, discard the quest's cards, send the knights home, life.
    fn settle_quest(&mut self, qe: &mut QuestEnd) {
        let quest = qe.quest;
        let rules = quest.rules();
        let mut black_cards = Vec::new();
        if rules.combat {
            let kay = qe.kay.and_then(White::fight_value).unwrap_or(0);
            qe.won = qe.white + kay > qe.black;
            if self.record {
                let c = self.combat(quest).copied().unwrap_or_default();
                black_cards = c.black().map(|p| p.card).collect();
                black_cards.sort();
            }
        }
        let t = &mut self.tally[quest.index()];
        if qe.won {
            t.won += 1;
        } else {
            t.lost += 1;
        }
        for s in 0..self.n {
            if qe.present & (1 << s) != 0 {
                if qe.won {
                    self.deed(Seat(s), |d| &mut d.quests_won);
                } else {
                    self.deed(Seat(s), |d| &mut d.quests_lost);
                }
            }
        }
        ev!(
            self,
            Event::QuestEnds {
                quest,
                won: qe.won,
                white_total: qe.white + qe.kay.and_then(White::fight_value).unwrap_or(0),
                black_total: qe.black,
                black_cards,
                kay: qe.kay,
                winner: if qe.won { qe.winner } else { None },
                present: (0..self.n)
                    .map(Seat)
                    .filter(|s| qe.present & (1 << s.0) != 0)
                    .collect(),
            }
        );
        // 2. Note whether Heroism lies on it, then discard every card on it (Heroism included);
        // warriors back to the reserve.
        if self.heroism == Some(quest) {
            qe.heroism = true;
            self.heroism = None;
            self.white_discard.push(White::Heroism);
        }
        if let Some(k) = qe.kay {
            self.white_discard.push(k);
        }
        match quest {
            Quest::BlackKnight | Quest::Lancelot | Quest::Dragon => {
                let c = std::mem::take(self.combat_mut(quest));
                for &v in c.white() {
                    if let Some(w) = White::fight(v) {
                        self.white_discard.push(w);
                    }
                }
                for p in c.black() {
                    self.black_discard.push(p.card);
                }
            }
            Quest::PictWar | Quest::SaxonWar => {
                let w = std::mem::take(self.war_mut(quest));
                for i in 0..w.cards {
                    if let Some(card) = White::fight((i + 1).min(5)) {
                        self.white_discard.push(card);
                    }
                }
                if w.mordred {
                    self.black_discard.push(Black::Mordred);
                }
            }
            Quest::Grail => {
                for spot in std::mem::replace(&mut self.grail, [Spot::Empty; GRAIL_SPOTS]) {
                    match spot {
                        Spot::Grail => self.white_discard.push(White::Grail),
                        Spot::Despair => self.black_discard.push(Black::Despair),
                        Spot::Desolation => self.black_discard.push(Black::Desolation),
                        Spot::Empty => {}
                    }
                }
                if self.dark_forest {
                    self.dark_forest = false;
                    self.black_discard.push(Black::DarkForest);
                    ev!(self, Event::DarkForestEnds);
                }
            }
            Quest::Excalibur => {}
        }
        // 7 (early, harmless): flip or remove the board; later cards of it become siege engines.
        match quest {
            Quest::Lancelot => self.lancelot_board = LancelotBoard::Dragon,
            Quest::Dragon => self.lancelot_board = LancelotBoard::Removed,
            Quest::Excalibur => self.excalibur_over = true,
            Quest::Grail => self.grail_over = true,
            _ => {}
        }
        // 3. Knights present go back to the Round Table.
        for s in 0..self.n {
            let seat = Seat(s);
            if qe.present & (1 << s) != 0 && self.on_board(seat) {
                self.sm(seat).place = Place::Camelot;
            }
        }
        // 4. Life. A loss that adds the 12th siege engine or the 7th black sword ends the game in
        // this same step, and §7 puts those (1, 2) before the Loyal knights' deaths (3).
        let black = rules.loss_swords + u8::from(qe.heroism) + u8::from(self.mists);
        let lost_game = !qe.won
            && (self.engines + rules.loss_engines >= SIEGE_ENGINES_LOSE
                || self.swords.black + black >= BLACK_SWORDS_LOSE);
        let order: Vec<Seat> = self.seats_from(qe.active).collect();
        for seat in order {
            if qe.present & (1 << seat.0) == 0 {
                continue;
            }
            if qe.won {
                let extra = u8::from(self.has_knight(seat, Knight::SirPalamedes));
                self.gain_life(seat, rules.win_life + extra);
            } else if !lost_game {
                self.lose_life(seat, rules.loss_life);
            }
        }
    }

    /// Steps 4 (swords, engines, relic) to 8.
    fn reward_quest(&mut self, qe: &QuestEnd) {
        let quest = qe.quest;
        let rules = quest.rules();
        let heroism = qe.heroism;
        let colour = if qe.won { Colour::White } else { Colour::Black };
        if qe.won {
            self.lay_swords(Colour::White, rules.win_swords);
        } else {
            // §7: within one step the 12th siege engine (1) comes before the 7th black sword (2).
            self.add_engines(rules.loss_engines);
            self.lay_swords(Colour::Black, rules.loss_swords);
        }
        if let Some(relic) = rules.relic
            && self.relics[relic.index()] == RelicState::OnQuest
        {
            let to = if qe.won {
                match relic {
                    Relic::LancelotsArmor => (0..self.n)
                        .map(Seat)
                        .find(|&s| qe.present & (1 << s.0) != 0 && self.on_board(s)),
                    // §3.4 (NL p.17): a knight who paid his last life for this action can be
                    // saved only by a Grail "already won in an earlier quest": a Grail he wins
                    // with that action goes with him (relics are never passed on, §9.11).
                    Relic::Grail => qe
                        .winner
                        .filter(|&s| self.on_board(s) && self.s(s).life > 0),
                    _ => qe.winner.filter(|&s| self.on_board(s)),
                }
            } else {
                None
            };
            match to {
                Some(seat) => {
                    self.relics[relic.index()] = RelicState::Owned(seat);
                    ev!(self, Event::RelicWon { relic, seat });
                    if relic == Relic::Excalibur && self.s(seat).life == 0 {
                        self.excalibur_dying = Some(seat);
                    }
                }
                None => {
                    self.relics[relic.index()] = RelicState::Removed;
                    ev!(self, Event::RelicRemoved { relic });
                }
            }
        }
        // 5. Heroism and the Mists of Avalon.
        if heroism {
            self.lay_swords(colour, 1);
        }
        if self.mists && !qe.won {
            self.lay_swords(Colour::Black, 1);
        }
        // 8. The 12th sword ends the game after this step (once the Grail's owner has decided
        // whether the last Loyal knight, dying with it, is saved: nothing else is resolved).
        self.check_twelve_swords();
        if self.is_over() || self.t.count_after_rescue {
            return;
        }
        // 6. A won quest ends the Dark Forest and Vivien.
        if qe.won {
            if self.dark_forest {
                self.dark_forest = false;
                self.black_discard.push(Black::DarkForest);
                ev!(self, Event::DarkForestEnds);
            }
            if self.vivien {
                self.vivien = false;
                self.black_discard.push(Black::Vivien);
                ev!(self, Event::VivienEnds);
            }
            self.knight_a_squire(qe);
        }
    }

    /// The Squire's challenge (§8.5): one squire present on a won quest is knighted. The squire who
    /// completed it, else the first present squire clockwise from the active knight (inferred: §8.5 —
    /// the players' choice is not asked; the rule's fallback when they disagree is the completer).
    fn knight_a_squire(&mut self, qe: &QuestEnd) {
        let squire = |g: &Game, s: Seat| {
            qe.present & (1 << s.0) != 0 && g.on_board(s) && g.s(s).knight.is_none()
        };
        let chosen = match qe.winner {
            Some(w) if squire(self, w) => Some(w),
            _ => self.seats_from(qe.active).find(|&s| squire(self, s)),
        };
        let Some(seat) = chosen else { return };
        let unused: Vec<Knight> = Knight::ALL
            .into_iter()
            .filter(|k| self.seats.iter().all(|s| s.knight != Some(*k)))
            .collect();
        if unused.is_empty() {
            return;
        }
        let knight = unused[self.rng.random_range(0..unused.len())];
        self.sm(seat).knight = Some(knight);
        ev!(self, Event::SquireKnighted { seat, knight });
    }

    /// White cards won (§4.1): drawn into the hand on solo quests; shared otherwise.
    fn spoils(&mut self, qe: &QuestEnd) {
        let rules = qe.quest.rules();
        if !qe.won || rules.win_cards == 0 {
            return;
        }
        // Present, still on the board, and not dying of a sacrifice (§3.4).
        let eligible =
            |g: &Game, s: Seat| qe.present & (1 << s.0) != 0 && g.on_board(s) && g.s(s).life > 0;
        let recipients: Vec<Seat> = self
            .seats_from(qe.active)
            .filter(|&s| eligible(self, s))
            .collect();
        if !rules.shared_cards {
            for s in recipients {
                self.draw_white(s, rules.win_cards);
            }
            return;
        }
        match recipients.len() {
            0 => {
                // Nobody present: drawn and discarded.
                for _ in 0..rules.win_cards {
                    if let Some(w) = self.pop_white() {
                        self.white_discard.push(w);
                    }
                }
            }
            1 => self.draw_white(recipients[0], rules.win_cards),
            _ => {
                let mut to = 0u8;
                for s in &recipients {
                    to |= 1 << s.0;
                }
                // §9.20: the winner leads; an absent winner chooses who; nobody won: the active
                // knight if present, else the first present knight clockwise from him.
                let (lead, chooser) = match qe.winner {
                    Some(w) if to & (1 << w.0) != 0 => (w, None),
                    Some(w) if self.on_board(w) => (recipients[0], Some(w)),
                    _ => (recipients[0], None),
                };
                self.start_share(ShareKind::Spoils, rules.win_cards, to, lead, chooser);
            }
        }
    }

    /// Draw `count` white cards face up and share them among `to`.
    pub(crate) fn start_share(
        &mut self,
        kind: ShareKind,
        count: u8,
        to: u8,
        lead: Seat,
        chooser: Option<Seat>,
    ) {
        let mut cards = [White::Fight1; 7];
        let mut len = 0u8;
        for _ in 0..count.min(7) {
            let Some(w) = self.pop_white() else { break };
            cards[usize::from(len)] = w;
            len += 1;
        }
        if len == 0 {
            return;
        }
        ev!(
            self,
            Event::WhiteCardsShown {
                cards: cards[..usize::from(len)].to_vec()
            }
        );
        self.stack.push(Frame::Share(Share {
            kind,
            cards,
            len,
            to,
            lead,
            chooser: chooser.unwrap_or(lead),
            stage: if chooser.is_some() {
                ShareStage::ChooseLead
            } else {
                ShareStage::Propose
            },
            proposal: [lead; 7],
            assigned: 0,
            asked: 0,
            who: chooser.unwrap_or(lead),
        }));
    }

    /// No agreement: shuffle the cards and deal them one at a time from the lead, clockwise.
    pub(crate) fn deal_at_random(&mut self, sh: &Share) {
        // Fixed arrays rather than vectors: dealing allocates nothing.
        let mut all = sh.cards;
        let cards = &mut all[..usize::from(sh.len)];
        // The deal's fixed picks choose the first cards dealt; the generator shuffles the rest.
        let mut fixed = 0;
        while fixed + 1 < cards.len() {
            let left = cards.len() - fixed;
            let Some(k) = self.fixed_pick(left as u8) else {
                break;
            };
            cards[fixed..=fixed + usize::from(k)].rotate_right(1);
            fixed += 1;
        }
        camelot_kit::shuffle(&mut cards[fixed..], &mut self.rng);
        let mut order = [Seat(0); MAX_PLAYERS as usize];
        let mut seats = 0;
        for s in self.seats_from(sh.lead) {
            if sh.to & (1 << s.0) != 0 && self.on_board(s) {
                order[seats] = s;
                seats += 1;
            }
        }
        if seats == 0 {
            self.white_discard.extend_from_slice(cards);
            return;
        }
        let mut shares = [(Seat(0), White::Merlin); 7];
        for (i, &w) in cards.iter().enumerate() {
            shares[i] = (order[i % seats], w);
        }
        let shares = &shares[..cards.len()];
        self.give_shares(sh.kind, shares, true);
    }

    fn give_shares(&mut self, kind: ShareKind, shares: &[(Seat, White)], at_random: bool) {
        for &(seat, card) in shares {
            if self.on_board(seat) {
                self.sm(seat).hand.add(card);
            } else {
                self.white_discard.push(card);
            }
        }
        ev!(
            self,
            Event::CardsShared {
                kind,
                shares: shares.to_vec(),
                at_random
            }
        );
    }

    /// Convocation's cards once the knights have moved: one per knight now in Camelot (§9.25).
    fn convocation_cards(&mut self, player: Seat) {
        let to = self.present_at(Place::Camelot);
        let count = to.count_ones() as u8;
        match count {
            0 => {}
            1 => {
                if let Some(s) = self.seats_from(player).find(|s| to & (1 << s.0) != 0) {
                    self.draw_white(s, 1);
                }
            }
            _ => {
                let lead = self
                    .seats_from(player)
                    .find(|s| to & (1 << s.0) != 0)
                    .unwrap_or(player);
                self.start_share(ShareKind::Convocation, count, to, lead, None);
            }
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

pub(crate) fn all_seats(n: u8) -> u8 {
    ((1u16 << n) - 1) as u8
}
