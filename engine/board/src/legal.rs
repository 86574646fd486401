//! Who decides, what that seat may do (the one source of legality), and why anything else is
//! refused.

use crate::action::{Action, RuleError, Seat};
use crate::data::*;
use crate::game::*;

impl Game {
    /// The seat whose decision the game waits for; `None` once it is over.
    #[inline]
    pub fn decider(&self) -> Option<Seat> {
        if self.outcome.is_some() {
            return None;
        }
        match self.stack.last() {
            Some(f) => Some(self.frame_decider(f)),
            None => match self.phase {
                Phase::ProgressionOfEvil
                | Phase::HeroicActions
                | Phase::TraitorTakes
                | Phase::TraitorEvil => Some(self.current),
                _ => None,
            },
        }
    }

    pub(crate) fn frame_decider(&self, f: &Frame) -> Seat {
        match *f {
            Frame::Offer { asked, .. } => self.offset(self.first, asked),
            Frame::Share(sh) => match sh.stage {
                ShareStage::ChooseLead => sh.chooser,
                ShareStage::Propose => sh.lead,
                ShareStage::Accept => sh.who,
            },
            Frame::ArmorKeep { drawer, .. } => drawer,
            Frame::PercivalBottom { .. } => self.current,
            Frame::Black(b) => b.who,
            Frame::Morgan3 { drawer, .. } => drawer,
            Frame::Volunteer { who, .. } => who,
            Frame::Discard { seat, .. } => seat,
            Frame::Dying { seat, owner } => owner.unwrap_or(seat),
            Frame::QuestEnd(qe) => qe.kay_seat,
            Frame::Siege(s) => s.fighter,
            Frame::Convocation { who, .. } => who,
            Frame::Messenger { from, .. } => from,
            Frame::Clairvoyance { player, .. } => player,
            Frame::Arthur { to, .. } => to,
        }
    }

    /// Everything the deciding seat may do now (empty once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(32);
        self.legal_into(&mut out);
        out
    }

    /// [`Game::legal_actions`] into a reused buffer (cleared first).
    pub fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let Some(seat) = self.decider() else { return };
        self.legal_for(seat, out);
    }

    /// The legal actions of `seat`, known to be the decider, appended to `out`.
    #[inline]
    pub(crate) fn legal_for(&self, seat: Seat, out: &mut Vec<Action>) {
        match self.stack.last() {
            Some(f) => self.frame_actions(f, seat, out),
            None => self.turn_actions(seat, out),
        }
    }

    fn frame_actions(&self, f: &Frame, seat: Seat, out: &mut Vec<Action>) {
        let hand = &self.s(seat).hand;
        match *f {
            Frame::Offer { .. } | Frame::Discard { .. } => {
                for card in hand.kinds() {
                    out.push(match f {
                        Frame::Offer { .. } => Action::OfferCard { card },
                        _ => Action::Discard { card },
                    });
                }
            }
            Frame::Share(sh) => match sh.stage {
                ShareStage::ChooseLead => {
                    for s in self.seats_from(sh.chooser) {
                        if sh.to & (1 << s.0) != 0 {
                            out.push(Action::ChooseFirstDealt { seat: s });
                        }
                    }
                }
                ShareStage::Propose => {
                    for s in self.seats_from(sh.lead) {
                        if sh.to & (1 << s.0) != 0 {
                            out.push(Action::Propose { to: s });
                        }
                    }
                    out.push(Action::DealAtRandom);
                }
                ShareStage::Accept => {
                    out.push(Action::Accept);
                    out.push(Action::Reject);
                }
            },
            Frame::ArmorKeep { .. } => {
                out.push(Action::KeepBlackCard { index: 0 });
                out.push(Action::KeepBlackCard { index: 1 });
            }
            Frame::PercivalBottom { .. } => {
                out.push(Action::PutOnBottom { index: 0 });
                out.push(Action::PutOnBottom { index: 1 });
            }
            Frame::Black(b) => match b.stage {
                BlackStage::FaceChoice => {
                    out.push(Action::PlaceFaceUp);
                    out.push(Action::PlaceFaceDown);
                }
                BlackStage::Merlins => {
                    out.push(Action::Pass);
                    let committed: u8 = b.committed.iter().sum();
                    let most = hand.count(White::Merlin).min(3 - committed.min(3));
                    for count in 1..=most {
                        out.push(Action::CommitMerlins { count });
                    }
                }
                BlackStage::Excalibur => {
                    out.push(Action::SacrificeExcalibur);
                    out.push(Action::Pass);
                }
                BlackStage::WarChoice => {
                    out.push(Action::ChooseWar {
                        war: Quest::PictWar,
                    });
                    out.push(Action::ChooseWar {
                        war: Quest::SaxonWar,
                    });
                }
                _ => {}
            },
            Frame::Morgan3 { .. } => {}
            Frame::Volunteer { .. } => {
                out.push(Action::Volunteer);
                out.push(Action::Pass);
            }
            Frame::Dying { .. } => {
                out.push(Action::OfferGrail);
                out.push(Action::Pass);
            }
            Frame::QuestEnd(_) => {
                out.push(Action::Pass);
                push_fights(hand, out, |card| Action::KayAddsCard { card });
            }
            Frame::Siege(s) => {
                if s.roll == 0 {
                    push_fights(hand, out, |card| Action::AddToFight { card });
                    out.push(Action::RollSiegeDie);
                } else {
                    out.push(Action::Pass);
                    push_fights(hand, out, |card| Action::KayAddsCard { card });
                }
            }
            Frame::Convocation { .. } => {
                out.push(Action::AnswerConvocation { go: true });
                out.push(Action::AnswerConvocation { go: false });
            }
            Frame::Messenger { given, .. } => {
                for card in hand.kinds() {
                    out.push(Action::GiveCard { card });
                }
                if given > 0 {
                    out.push(Action::StopGiving);
                }
            }
            Frame::Clairvoyance { len, placed, .. } => {
                for index in 0..len.saturating_sub(placed) {
                    out.push(Action::PutNext { index });
                }
            }
            Frame::Arthur { .. } => {
                for card in hand.kinds() {
                    out.push(Action::GiveBack { card });
                }
            }
        }
    }

    fn turn_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        // Most decisions of a turn are Heroic Actions: tested first.
        if self.phase == Phase::HeroicActions {
            return self.heroic_actions(seat, out);
        }
        match self.phase {
            Phase::ProgressionOfEvil => {
                if self.can_draw_black() {
                    out.push(Action::DrawBlackCard);
                }
                out.push(Action::AddSiegeEngine);
                out.push(Action::LoseLife);
                if self.has_knight(seat, Knight::SirPercival)
                    && !self.t.looked
                    && !self.black_deck.is_empty()
                {
                    out.push(Action::PercivalLook);
                }
                self.table_actions(out);
            }
            Phase::TraitorTakes => {
                for s in self.seats_from(seat) {
                    if self.on_board(s) && !self.s(s).hand.is_empty() {
                        out.push(Action::TakeCardFrom { seat: s });
                    }
                }
                self.table_actions(out);
            }
            Phase::TraitorEvil => {
                if self.can_draw_black() {
                    out.push(Action::DrawBlackCard);
                }
                out.push(Action::AddSiegeEngine);
            }
            Phase::HeroicActions => self.heroic_actions(seat, out),
            _ => {}
        }
    }

    /// §8.4, at the start of a turn: a new player may join, and any player still in the game may
    /// leave (the active seat records it).
    fn table_actions(&self, out: &mut Vec<Action>) {
        if !self.table_may_change() {
            return;
        }
        if self.can_join() {
            out.push(Action::Join);
        }
        for s in self.seats_from(self.current) {
            if self.s(s).alive {
                out.push(Action::Leave { seat: s });
            }
        }
    }

    /// A regular Heroic Action can still be taken this turn (the first, or the sacrificed second).
    #[inline]
    pub(crate) fn slot_open(&self) -> bool {
        self.t.acts == 0 || (self.t.acts == 1 && self.t.sacrificed)
    }

    fn heroic_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let start = out.len();
        let life = self.s(seat).life;
        if self.slot_open() {
            self.regular_actions(seat, life, out);
        }
        let any_regular = out.len() > start;
        // Free actions: Tristan's move out of Camelot, Galahad's special white card.
        // With a slot open they are listed above already (the same actions, taken for free).
        if !self.slot_open() {
            self.free_actions(seat, out);
        }
        // King Arthur's exchange.
        if self.arthur_can_exchange(seat) {
            let mut kinds = [White::Merlin; WHITE_KINDS];
            let mut len = 0;
            for card in self.s(seat).hand.kinds() {
                kinds[len] = card;
                len += 1;
            }
            for to in self.seats_from(seat) {
                if to != seat && self.on_board(to) && !self.s(to).hand.is_empty() {
                    out.extend(
                        kinds[..len]
                            .iter()
                            .map(|&card| Action::ArthurExchange { to, card }),
                    );
                }
            }
        }
        // Sacrifice for a second action of another type.
        if self.t.acts == 1 && !self.t.sacrificed && life >= 1 && self.any_regular(seat, life - 1) {
            out.push(Action::Sacrifice);
        }
        // End the turn after an action (never before, unless no regular action exists).
        // A free action (Tristan's move, Galahad's card) is a Heroic Action taken: no pass.
        let owed = self.t.sacrificed && self.t.acts == 1;
        let acted = self.t.acts >= 1 || self.t.used != 0;
        if (acted && !owed) || !any_regular {
            out.push(Action::EndTurn);
        }
    }

    /// King Arthur may still exchange a card this turn (with someone holding one).
    pub(crate) fn arthur_can_exchange(&self, seat: Seat) -> bool {
        self.has_knight(seat, Knight::KingArthur)
            && !self.t.arthur
            && !self.s(seat).hand.is_empty()
            && self
                .seats_from(seat)
                .any(|to| to != seat && self.on_board(to) && !self.s(to).hand.is_empty())
    }

    /// Whether some regular Heroic Action exists (with `life`): a move nearly always does.
    fn any_regular(&self, seat: Seat, life: u8) -> bool {
        // Camelot, or from Camelot a War, is always a destination (§3.3).
        if self.t.used & TYPE_MOVE == 0 {
            return true;
        }
        let mut any = Any(false);
        self.regular_actions(seat, life, &mut any);
        any.0
    }

    /// Actions that cost no regular action: Tristan's move out of Camelot, Galahad's special card.
    pub(crate) fn free_actions(&self, seat: Seat, push: &mut impl Sink) {
        let used = self.t.used;
        if self.has_knight(seat, Knight::SirTristan)
            && used & TYPE_MOVE == 0
            && self.s(seat).place == Place::Camelot
        {
            self.moves(seat, push);
        }
        if push.full() {
            return;
        }
        if self.has_knight(seat, Knight::SirGalahad) && used & TYPE_SPECIAL == 0 && !self.t.special
        {
            self.specials(seat, push);
        }
    }

    /// The regular Heroic Actions of types not yet used, as if `life` were the knight's life.
    pub(crate) fn regular_actions(&self, seat: Seat, life: u8, push: &mut impl Sink) {
        let used = self.t.used;
        let st = self.s(seat);
        let hand = &st.hand;
        // A: move.
        if used & TYPE_MOVE == 0 {
            self.moves(seat, push);
        }
        if push.full() {
            return;
        }
        // B: the quest action of this location.
        if used & TYPE_QUEST == 0 {
            match st.place {
                Place::Camelot => {
                    if hand.len() < DRAW_LIMIT {
                        push.push(Action::DrawWhiteCards);
                    }
                    if self.engines > 0 {
                        push.push(Action::FightSiegeEngine);
                    }
                }
                Place::BlackKnight | Place::Lancelot | Place::Dragon => {
                    if let Some(q) = st.place.quest()
                        && let Some(c) = self.combat(q)
                    {
                        for v in 1..=5u8 {
                            let Some(card) = White::fight(v) else {
                                continue;
                            };
                            if !hand.has(card) {
                                continue;
                            }
                            let mut counts = c.counts;
                            counts[usize::from(v - 1)] += 1;
                            if pattern_completable(q.rules().pattern, &counts) {
                                push.push(Action::PlayFightCard { card });
                            }
                        }
                    }
                }
                Place::Excalibur => {
                    for card in hand.kinds() {
                        push.push(Action::DiscardForExcalibur { card });
                    }
                }
                Place::Grail => {
                    if hand.has(White::Grail) && !self.dark_forest {
                        push.push(Action::PlayGrailCard);
                    }
                }
                Place::PictWar | Place::SaxonWar => {
                    if let Some(q) = st.place.quest()
                        && let Some(w) = self.war(q)
                        && let Some(card) = White::fight(w.next_value())
                        && hand.has(card)
                    {
                        push.push(Action::PlayFightCard { card });
                    }
                }
            }
        }
        if push.full() {
            return;
        }
        // C: a special white card.
        if used & TYPE_SPECIAL == 0 && !self.t.special {
            self.specials(seat, push);
        }
        if push.full() {
            return;
        }
        // D: heal.
        if used & TYPE_HEAL == 0 && life < MAX_LIFE {
            // The cards that may heal come first in card order: the Fight cards, Grail, Merlin.
            for card in &White::ALL[..=White::Merlin as usize] {
                let card = *card;
                if card.heals_in_threes() && hand.count(card) >= 3 {
                    push.push(Action::Heal { card });
                }
            }
        }
        // E: accuse.
        if used & TYPE_ACCUSE == 0 && !st.accused && self.threshold_met() {
            for target in self.seats_from(seat) {
                if target != seat && self.on_board(target) {
                    push.push(Action::Accuse { target });
                }
            }
        }
    }

    fn moves(&self, seat: Seat, push: &mut impl Sink) {
        let here = self.s(seat).place;
        // The places open to a move (bits by `Place` order): those in play, less a solo quest
        // that holds a knight (§1.2), less the knight's own.
        let mut open: u8 = 1 << Place::Camelot as u8
            | 1 << Place::BlackKnight as u8
            | 1 << Place::PictWar as u8
            | 1 << Place::SaxonWar as u8;
        match self.lancelot_board {
            LancelotBoard::Lancelot => open |= 1 << Place::Lancelot as u8,
            LancelotBoard::Dragon => open |= 1 << Place::Dragon as u8,
            LancelotBoard::Removed => {}
        }
        if !self.excalibur_over {
            open |= 1 << Place::Excalibur as u8;
        }
        if !self.grail_over {
            open |= 1 << Place::Grail as u8;
        }
        for s in &self.seats {
            if s.alive && !s.revealed && matches!(s.place, Place::BlackKnight | Place::Lancelot) {
                open &= !(1 << s.place as u8);
            }
        }
        open &= !(1 << here as u8);
        for to in Place::ALL {
            if open & (1 << to as u8) != 0 {
                push.push(Action::Move { to });
            }
        }
    }

    /// The special white cards `seat` may play, with their options.
    fn specials(&self, seat: Seat, push: &mut impl Sink) {
        let st = self.s(seat);
        let hand = &st.hand;
        if hand.has(White::Merlin) && !self.vivien {
            if self.engines > 0 {
                push.push(Action::MerlinRemovesSiegeEngine);
            }
            for quest in [
                Quest::BlackKnight,
                Quest::Lancelot,
                Quest::Dragon,
                Quest::Grail,
            ] {
                if self.merlin_can_remove(quest) {
                    push.push(Action::MerlinRemovesBlackCard { quest });
                }
            }
            for war in [Quest::PictWar, Quest::SaxonWar] {
                if self.war(war).is_some_and(|w| w.warriors > 0) {
                    push.push(Action::MerlinRemovesWarrior { war });
                }
            }
        }
        if hand.has(White::Convocation) {
            push.push(Action::PlayConvocation);
        }
        if hand.has(White::Fate) {
            push.push(Action::PlayFate { reveal: false });
            if st.loyalty == Loyalty::Traitor && self.peeked {
                push.push(Action::PlayFate { reveal: true });
            }
        }
        if hand.has(White::Heroism) && self.heroism.is_none() {
            for quest in Quest::ALL {
                if self.quest_in_play(quest) {
                    push.push(Action::PlayHeroism { quest });
                }
            }
        }
        if hand.has(White::LadyOfTheLake) {
            push.push(Action::PlayLadyOfTheLake);
        }
        if hand.has(White::Messenger) && hand.len() >= 2 {
            for to in self.seats_from(seat) {
                if to != seat && self.on_board(to) {
                    push.push(Action::PlayMessenger { to });
                }
            }
        }
        if hand.has(White::Piety) {
            push.push(Action::PlayPiety { others: false });
            push.push(Action::PlayPiety { others: true });
        }
        if hand.has(White::Clairvoyance) {
            push.push(Action::PlayClairvoyance);
        }
        if hand.has(White::Reinforcements) {
            push.push(Action::PlayReinforcements { others: false });
            push.push(Action::PlayReinforcements { others: true });
        }
    }

    /// Merlin may remove the last standard black card of this quest (§1.3).
    pub(crate) fn merlin_can_remove(&self, quest: Quest) -> bool {
        if !self.quest_in_play(quest) {
            return false;
        }
        match quest {
            Quest::BlackKnight | Quest::Lancelot | Quest::Dragon => {
                self.combat(quest).is_some_and(|c| c.black_len > 0)
            }
            // The black card nearest the relic, only if it is a Despair.
            Quest::Grail => self.grail.iter().find(|s| s.is_black()) == Some(&Spot::Despair),
            _ => false,
        }
    }

    /// Whether `seat` may take `action` now, with a reason if not.
    pub fn check(&self, seat: Seat, action: Action) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        if seat.index() >= self.seats.len() {
            return Err(RuleError::NoSuchSeat { seat });
        }
        let decider = self.decider();
        if decider != Some(seat) {
            return Err(RuleError::NotYourDecision { seat, decider });
        }
        let mut legal = Vec::with_capacity(32);
        self.legal_into(&mut legal);
        if legal.contains(&action) {
            Ok(())
        } else {
            Err(self.refusal(seat, action, &legal))
        }
    }

    /// Why `action` (not legal) is refused.
    fn refusal(&self, seat: Seat, action: Action, legal: &[Action]) -> RuleError {
        let same_kind = legal
            .iter()
            .any(|a| std::mem::discriminant(a) == std::mem::discriminant(&action));
        let st = self.s(seat);
        let heroic = self.stack.is_empty() && self.phase == Phase::HeroicActions;
        let held = |card: White| st.hand.has(card);
        if heroic && let Some(ty) = heroic_type(action) {
            // A type already taken, whatever the card or place; an action that only lacks an
            // action left to take it (the reasons below assume one is left).
            if self.t.used & ty != 0 {
                return if ty == TYPE_SPECIAL {
                    RuleError::OneSpecialCardPerTurn
                } else {
                    RuleError::SameActionType
                };
            }
            if !self.slot_open() {
                let mut with_a_slot = Vec::new();
                self.regular_actions(seat, st.life, &mut with_a_slot);
                if with_a_slot.contains(&action) {
                    return RuleError::NoActionLeft;
                }
            }
        }
        if heroic {
            let special = |card: White| -> Option<RuleError> {
                if !held(card) {
                    return Some(RuleError::CardNotHeld { card });
                }
                if self.t.special {
                    return Some(RuleError::OneSpecialCardPerTurn);
                }
                None
            };
            let why = match action {
                Action::Move { to } => {
                    if to == st.place {
                        Some(RuleError::AlreadyThere)
                    } else if let Some(q) = to.quest().filter(|&q| !self.quest_in_play(q)) {
                        Some(RuleError::QuestNotInPlay { quest: q })
                    } else if let Some(q) = to
                        .quest()
                        .filter(|q| q.rules().solo && self.present_at(to) != 0)
                    {
                        Some(RuleError::SoloQuestTaken { quest: q })
                    } else if self.t.used & TYPE_MOVE != 0 {
                        Some(RuleError::SameActionType)
                    } else {
                        None
                    }
                }
                Action::DrawWhiteCards | Action::FightSiegeEngine => {
                    if st.place != Place::Camelot {
                        Some(RuleError::NotThere)
                    } else if action == Action::DrawWhiteCards && st.hand.len() >= DRAW_LIMIT {
                        Some(RuleError::HandFull)
                    } else if action == Action::FightSiegeEngine && self.engines == 0 {
                        Some(RuleError::NoSiegeEngine)
                    } else {
                        None
                    }
                }
                Action::PlayFightCard { card } => {
                    if card.fight_value().is_none() {
                        Some(RuleError::NotAFightCard { card })
                    } else if !held(card) {
                        Some(RuleError::CardNotHeld { card })
                    } else {
                        match st.place {
                            Place::PictWar | Place::SaxonWar => {
                                Some(RuleError::NotTheNextValue { card })
                            }
                            Place::BlackKnight | Place::Lancelot | Place::Dragon => {
                                Some(RuleError::PatternBroken { card })
                            }
                            _ => Some(RuleError::NotThere),
                        }
                    }
                }
                Action::DiscardForExcalibur { card } => {
                    if st.place != Place::Excalibur {
                        Some(RuleError::NotThere)
                    } else if !held(card) {
                        Some(RuleError::CardNotHeld { card })
                    } else {
                        None
                    }
                }
                Action::PlayGrailCard => {
                    if st.place != Place::Grail {
                        Some(RuleError::NotThere)
                    } else if !held(White::Grail) {
                        Some(RuleError::CardNotHeld { card: White::Grail })
                    } else if self.dark_forest {
                        Some(RuleError::DarkForest)
                    } else {
                        None
                    }
                }
                Action::Heal { card } => {
                    if st.life >= MAX_LIFE {
                        Some(RuleError::FullLife)
                    } else if !card.heals_in_threes() {
                        Some(RuleError::BadChoice)
                    } else if st.hand.count(card) < 3 {
                        Some(RuleError::CardNotHeld { card })
                    } else {
                        None
                    }
                }
                Action::Accuse { target } => {
                    if !self.threshold_met() {
                        Some(RuleError::AccusationThreshold)
                    } else if st.accused {
                        Some(RuleError::AlreadyAccused)
                    } else if target == seat || !self.on_board(target) {
                        Some(RuleError::BadTarget { seat: target })
                    } else {
                        None
                    }
                }
                Action::MerlinRemovesSiegeEngine
                | Action::MerlinRemovesBlackCard { .. }
                | Action::MerlinRemovesWarrior { .. } => {
                    special(White::Merlin).or(Some(if self.vivien {
                        RuleError::VivienInEffect
                    } else {
                        RuleError::NothingToRemove
                    }))
                }
                Action::PlayConvocation => special(White::Convocation),
                Action::PlayFate { .. } => special(White::Fate),
                Action::PlayHeroism { .. } => special(White::Heroism),
                Action::PlayLadyOfTheLake => special(White::LadyOfTheLake),
                Action::PlayMessenger { to } => {
                    special(White::Messenger).or(Some(RuleError::BadTarget { seat: to }))
                }
                Action::PlayPiety { .. } => special(White::Piety),
                Action::PlayClairvoyance => special(White::Clairvoyance),
                Action::PlayReinforcements { .. } => special(White::Reinforcements),
                Action::ArthurExchange { to, card } => {
                    if !self.has_knight(seat, Knight::KingArthur) {
                        Some(RuleError::NotYourKnight)
                    } else if !held(card) {
                        Some(RuleError::CardNotHeld { card })
                    } else if self.t.arthur {
                        Some(RuleError::NotNow)
                    } else {
                        Some(RuleError::BadTarget { seat: to })
                    }
                }
                Action::EndTurn => Some(RuleError::MustAct),
                _ => None,
            };
            if let Some(why) = why {
                return why;
            }
            if matches!(
                action,
                Action::Move { .. }
                    | Action::DrawWhiteCards
                    | Action::FightSiegeEngine
                    | Action::PlayFightCard { .. }
                    | Action::DiscardForExcalibur { .. }
                    | Action::PlayGrailCard
                    | Action::Heal { .. }
                    | Action::Accuse { .. }
            ) {
                return if !self.slot_open() {
                    RuleError::NoActionLeft
                } else {
                    RuleError::SameActionType
                };
            }
        }
        match action {
            Action::PercivalLook if !self.has_knight(seat, Knight::SirPercival) => {
                RuleError::NotYourKnight
            }
            Action::DrawBlackCard if !self.can_draw_black() => RuleError::NoCardToDraw,
            Action::CommitMerlins { .. } if same_kind => RuleError::TooManyMerlins,
            Action::KeepBlackCard { index }
            | Action::PutOnBottom { index }
            | Action::PutNext { index }
                if same_kind =>
            {
                RuleError::BadIndex { index }
            }
            Action::OfferCard { card }
            | Action::Discard { card }
            | Action::GiveCard { card }
            | Action::GiveBack { card }
            | Action::AddToFight { card }
            | Action::KayAddsCard { card }
                if same_kind || !held(card) =>
            {
                if held(card) {
                    RuleError::NotAFightCard { card }
                } else {
                    RuleError::CardNotHeld { card }
                }
            }
            Action::TakeCardFrom { seat: s } | Action::ChooseFirstDealt { seat: s }
                if same_kind =>
            {
                RuleError::BadTarget { seat: s }
            }
            Action::Propose { to } | Action::Leave { seat: to } if same_kind => {
                RuleError::BadTarget { seat: to }
            }
            Action::Join if self.table_may_change() => RuleError::TableFull,
            _ if same_kind => RuleError::BadChoice,
            _ => RuleError::NotNow,
        }
    }
}

/// Where the legal actions go: a list, or a flag that stops at the first one.
pub(crate) trait Sink {
    fn push(&mut self, action: Action);

    /// Nothing more is wanted.
    #[inline(always)]
    fn full(&self) -> bool {
        false
    }
}

impl Sink for Vec<Action> {
    #[inline(always)]
    fn push(&mut self, action: Action) {
        Vec::push(self, action);
    }
}

/// Whether any action exists (stops at the first).
pub(crate) struct Any(pub bool);

impl Sink for Any {
    #[inline(always)]
    fn push(&mut self, _: Action) {
        self.0 = true;
    }

    #[inline(always)]
    fn full(&self) -> bool {
        self.0
    }
}

fn push_fights(hand: &Hand, out: &mut Vec<Action>, f: impl Fn(White) -> Action) {
    for v in 1..=5u8 {
        if let Some(card) = White::fight(v)
            && hand.has(card)
        {
            out.push(f(card));
        }
    }
}

/// The type of Heroic Action (§3.3) `action` is, as a bit of the turn's types used; `None` for
/// any other action.
fn heroic_type(action: Action) -> Option<u8> {
    match action {
        Action::Move { .. } => Some(TYPE_MOVE),
        Action::DrawWhiteCards
        | Action::FightSiegeEngine
        | Action::PlayFightCard { .. }
        | Action::DiscardForExcalibur { .. }
        | Action::PlayGrailCard => Some(TYPE_QUEST),
        Action::Heal { .. } => Some(TYPE_HEAL),
        Action::Accuse { .. } => Some(TYPE_ACCUSE),
        a if a.special_card().is_some() => Some(TYPE_SPECIAL),
        _ => None,
    }
}
