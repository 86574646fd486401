//! Quest ends (§4.1): who was there, the settling of the quest's cards, its rewards and penalties,
//! and its spoils (shared as `shares.rs` does).

use super::*;

impl Game {
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

    pub(super) fn advance_quest_end(&mut self, mut qe: QuestEnd) -> Option<Frame> {
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
}
