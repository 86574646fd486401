//! Who decides, what that seat may do, and why anything else is refused.

use crate::action::{
    AccusationRefusal, Action, BadChoiceReason, Keep, NotNowReason, RuleError, Seat,
};
use crate::cards::{Card, Knight, Quest};
use crate::game::{Decision, Game, Phase};

impl Game {
    /// Who must decide now, and what kind of decision it is (`None` once the game is over).
    #[inline]
    pub fn decider(&self) -> Option<(Seat, Decision)> {
        // A turn first: most decisions are turns.
        if let Phase::Turn = self.phase {
            return Some((self.current, Decision::Turn));
        }
        self.decider_other()
    }

    /// [`Game::decider`] out of a turn, out of line: the turn's test stays a plain, well-predicted
    /// branch instead of joining a jump table on the phase.
    #[inline(never)]
    fn decider_other(&self) -> Option<(Seat, Decision)> {
        Some(match &self.phase {
            Phase::Turn => (self.current, Decision::Turn),
            Phase::Announce { .. } => (self.current, Decision::Announce),
            Phase::TraitorChoose { .. } => (self.current, Decision::TraitorChoose),
            Phase::Merlin4Quest { seat, .. } => (*seat, Decision::Merlin4Quest),
            Phase::VivienRecipient { drawer, .. } => (*drawer, Decision::VivienRecipient),
            Phase::VivienKeep { seat, .. } => (*seat, Decision::VivienKeep),
            Phase::Merlin6 { seat } => (*seat, Decision::Merlin6),
            Phase::Arthur {
                quester,
                quest,
                waiting,
                ..
            } => (
                waiting.first(),
                Decision::ArthurWindow {
                    quester: *quester,
                    quest: *quest,
                },
            ),
            Phase::Gawain { waiting } => (waiting.first(), Decision::GawainWindow),
            Phase::GawainChoose { seat, .. } => (*seat, Decision::GawainChoose),
            Phase::PercivalAccusation { target, waiting } => (
                waiting.first(),
                Decision::PercivalAccusation { target: *target },
            ),
            Phase::PercivalEnd { waiting, .. } => (waiting.first(), Decision::PercivalEnd),
            Phase::Over { .. } => return None,
        })
    }

    /// Every action the deciding seat may take now (empty once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        let Some((seat, _)) = self.decider() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        match &self.phase {
            Phase::Turn => self.turn_actions(seat, &mut out),
            Phase::Announce { card } => {
                if self.holds_traitor(seat) {
                    out.extend(
                        Card::all_kinds(
                            self.start.setup.options.morgan8,
                            self.start.setup.options.merlin6,
                        )
                        .into_iter()
                        .map(|card| Action::Announce { card }),
                    );
                } else {
                    out.push(Action::Announce { card: *card });
                }
            }
            Phase::TraitorChoose { .. } => {
                out.extend((0..2).map(|index| Action::PlaceRumor { index }));
            }
            Phase::Merlin4Quest { .. } => {
                out.extend(Quest::ALL.map(|quest| Action::ChooseMerlin4Quest { quest }))
            }
            Phase::VivienRecipient { drawer, .. } => out.extend(
                self.vivien_recipients(*drawer)
                    .map(|recipient| Action::GiveLoyalty { recipient }),
            ),
            Phase::VivienKeep { .. } => out.extend([
                Action::KeepLoyalty {
                    keep: Keep::Current,
                },
                Action::KeepLoyalty { keep: Keep::New },
            ]),
            Phase::Merlin6 { .. } => {
                for quest in Quest::ALL {
                    out.extend((0..=3).map(|bonus| Action::Merlin6Quest { quest, bonus }));
                }
                out.push(Action::DeclineMerlin6);
            }
            Phase::Arthur { .. } => {
                if self.holds(seat, Knight::Arthur) {
                    out.push(Action::PlayArthur);
                }
                out.push(Action::PassWindow);
            }
            Phase::Gawain { .. } => {
                if self.holds(seat, Knight::Gawain) && self.can_draw() {
                    out.push(Action::PlayGawain);
                }
                out.push(Action::PassWindow);
            }
            Phase::GawainChoose { cards, .. } => {
                let playable: Vec<Action> = cards
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| !c.is_morgan())
                    .map(|(i, _)| Action::GawainPlay {
                        index: Some(i as u8),
                    })
                    .collect();
                if playable.is_empty() {
                    out.push(Action::GawainPlay { index: None });
                } else {
                    out.extend(playable);
                }
            }
            Phase::PercivalAccusation { .. } | Phase::PercivalEnd { .. } => {
                if self.holds(seat, Knight::Percival) {
                    out.push(Action::PlayPercival);
                }
                out.push(Action::PassWindow);
            }
            Phase::Over { .. } => {}
        }
        out
    }

    fn turn_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let can_tristan = self.holds(seat, Knight::Tristan) && !self.tristan_this_turn;
        if self.is_revealed_traitor(seat) {
            if self.can_draw() {
                out.push(Action::SpreadRumors);
            }
        } else {
            if self.can_draw() {
                out.push(Action::ListenToRumors);
            }
            out.extend(
                self.allowed_quests()
                    .iter()
                    .map(|&quest| Action::GoOnQuest { quest }),
            );
            if self.accusation_refusal(seat).is_none() {
                out.extend(
                    self.seats_from(seat, false)
                        .filter(|t| !self.seats[t.index()].revealed)
                        .map(|target| Action::Accuse { target }),
                );
            }
            if self.holds(seat, Knight::Galahad) {
                out.extend(
                    self.seats_from(seat, false)
                        .filter(|t| !self.seats[t.index()].revealed)
                        .map(|target| Action::PlayGalahad { target }),
                );
            }
        }
        if out.is_empty() {
            out.push(Action::Pass);
        }
        if can_tristan {
            out.push(Action::PlayTristan);
        }
    }

    /// Why this seat may not accuse anyone now (`None`: it may), as a value (the app words it in each
    /// language). Never [`AccusationRefusal::Themselves`] or [`AccusationRefusal::TargetRevealed`],
    /// which are about a target.
    pub fn accusation_refusal(&self, seat: Seat) -> Option<AccusationRefusal> {
        if self.start.setup.solo() {
            return Some(AccusationRefusal::Solo);
        }
        let s = &self.seats[seat.index()];
        if self.is_revealed_traitor(seat) {
            return Some(AccusationRefusal::RevealedTraitor);
        }
        if s.has_accused {
            return Some(AccusationRefusal::AlreadyAccused);
        }
        if self.swords.total() < 4 {
            return Some(AccusationRefusal::TooFewSwords);
        }
        if !self
            .seats_from(seat, false)
            .any(|t| !self.seats[t.index()].revealed)
        {
            return Some(AccusationRefusal::NoOneLeft);
        }
        None
    }

    pub(crate) fn vivien_recipients(&self, drawer: Seat) -> impl Iterator<Item = Seat> + '_ {
        self.seats_from(drawer, false)
            .filter(|t| !self.seats[t.index()].revealed)
    }

    /// Check that `seat` may take `action` now, with a precise reason if not.
    #[inline]
    pub fn check(&self, seat: Seat, action: Action) -> Result<(), RuleError> {
        // The commonest case first: the current seat's turn action (a refusal takes the long way).
        if matches!(self.phase, Phase::Turn) && seat == self.current {
            let ok = match action {
                Action::ListenToRumors => self.can_draw() && !self.is_revealed_traitor(seat),
                Action::GoOnQuest { quest } => {
                    !self.is_revealed_traitor(seat) && self.allowed_quests().contains(&quest)
                }
                Action::SpreadRumors => self.is_revealed_traitor(seat) && self.can_draw(),
                _ => false,
            };
            if ok {
                return Ok(());
            }
        }
        // A revealed Traitor's choice of card, a Merlin #4's quest and a knight's window passed, the
        // next commonest (what `check_fully` finds for them, the short way).
        match (&self.phase, action) {
            (Phase::TraitorChoose { .. }, Action::PlaceRumor { index })
                if seat == self.current && index < 2 =>
            {
                return Ok(());
            }
            (Phase::Merlin4Quest { seat: chooser, .. }, Action::ChooseMerlin4Quest { .. })
                if seat == *chooser =>
            {
                return Ok(());
            }
            // A knight's window passed (expert variant).
            (
                Phase::Arthur { waiting, .. }
                | Phase::Gawain { waiting }
                | Phase::PercivalAccusation { waiting, .. }
                | Phase::PercivalEnd { waiting, .. },
                Action::PassWindow,
            ) if seat == waiting.first() && seat.index() < self.seats.len() => {
                return Ok(());
            }
            _ => {}
        }
        self.check_fully(seat, action)
    }

    /// [`Game::check`] for any decision and action.
    #[inline(never)]
    fn check_fully(&self, seat: Seat, action: Action) -> Result<(), RuleError> {
        let Some((decider, decision)) = self.decider() else {
            return Err(RuleError::GameOver);
        };
        if seat.index() >= self.seats.len() || seat != decider {
            return Err(RuleError::NotYourDecision {
                seat,
                decider: Some(decider),
            });
        }
        let legal = match self.quick_legality(seat, action) {
            Some(ok) => ok,
            None => self.legal_actions().contains(&action),
        };
        if legal {
            return Ok(());
        }
        Err(self.explain(seat, decision, action))
    }

    /// A cheap answer for the most frequent actions (`None`: ask [`Game::legal_actions`]). Must agree
    /// with `legal_actions`; the property tests check that.
    pub(crate) fn quick_legality(&self, seat: Seat, action: Action) -> Option<bool> {
        let turn = matches!(self.phase, Phase::Turn);
        let revealed_traitor = self.is_revealed_traitor(seat);
        Some(match action {
            Action::ListenToRumors => turn && !revealed_traitor && self.can_draw(),
            Action::SpreadRumors => turn && revealed_traitor && self.can_draw(),
            Action::GoOnQuest { quest } => {
                turn && !revealed_traitor && self.allowed_quests().contains(&quest)
            }
            Action::Accuse { target } => {
                turn && self.accusation_refusal(seat).is_none()
                    && target != seat
                    && target.index() < self.seats.len()
                    && !self.seats[target.index()].revealed
            }
            Action::Announce { card } => match self.phase {
                Phase::Announce { card: drawn } => {
                    card == drawn
                        || (self.holds_traitor(seat)
                            && card.in_game(
                                self.start.setup.options.morgan8,
                                self.start.setup.options.merlin6,
                            ))
                }
                _ => false,
            },
            Action::PassWindow => matches!(
                self.phase,
                Phase::Arthur { .. }
                    | Phase::Gawain { .. }
                    | Phase::PercivalAccusation { .. }
                    | Phase::PercivalEnd { .. }
            ),
            Action::PlaceRumor { index } => {
                matches!(self.phase, Phase::TraitorChoose { .. }) && index < 2
            }
            Action::ChooseMerlin4Quest { .. } => matches!(self.phase, Phase::Merlin4Quest { .. }),
            Action::KeepLoyalty { .. } => matches!(self.phase, Phase::VivienKeep { .. }),
            Action::GiveLoyalty { recipient } => match self.phase {
                Phase::VivienRecipient { drawer, .. } => {
                    recipient != drawer
                        && recipient.index() < self.seats.len()
                        && !self.seats[recipient.index()].revealed
                }
                _ => false,
            },
            Action::DeclineMerlin6 => matches!(self.phase, Phase::Merlin6 { .. }),
            Action::Merlin6Quest { bonus, .. } => {
                matches!(self.phase, Phase::Merlin6 { .. }) && bonus <= 3
            }
            _ => return None,
        })
    }

    fn explain(&self, seat: Seat, decision: Decision, action: Action) -> RuleError {
        let not_now = |reason: NotNowReason| RuleError::NotNow { reason };
        match (decision, action) {
            (Decision::Turn, Action::ListenToRumors | Action::SpreadRumors) => {
                if self.is_revealed_traitor(seat) && action == Action::ListenToRumors {
                    not_now(NotNowReason::RevealedTraitorOnlySpreadsRumors)
                } else if !self.is_revealed_traitor(seat) && action == Action::SpreadRumors {
                    not_now(NotNowReason::OnlyARevealedTraitorSpreadsRumors)
                } else {
                    RuleError::NoCardsLeft
                }
            }
            (Decision::Turn, Action::GoOnQuest { quest }) => {
                if self.is_revealed_traitor(seat) {
                    not_now(NotNowReason::RevealedTraitorOnlySpreadsRumors)
                } else {
                    RuleError::QuestNotAllowed { quest }
                }
            }
            (Decision::Turn, Action::Accuse { target }) => match self.accusation_refusal(seat) {
                Some(reason) => RuleError::AccusationNotAllowed { reason },
                None if target == seat => RuleError::AccusationNotAllowed {
                    reason: AccusationRefusal::Themselves,
                },
                None if target.index() < self.seats.len()
                    && self.seats[target.index()].revealed =>
                {
                    RuleError::AccusationNotAllowed {
                        reason: AccusationRefusal::TargetRevealed,
                    }
                }
                None => RuleError::BadTarget { target },
            },
            (Decision::Turn, Action::PlayTristan) if !self.holds(seat, Knight::Tristan) => {
                RuleError::KnightNotHeld {
                    knight: Knight::Tristan,
                }
            }
            (Decision::Turn, Action::PlayTristan) => not_now(NotNowReason::TristanAlreadyPlayed),
            (Decision::Turn, Action::PlayGalahad { target }) => {
                if !self.holds(seat, Knight::Galahad) {
                    RuleError::KnightNotHeld {
                        knight: Knight::Galahad,
                    }
                } else if self.is_revealed_traitor(seat) {
                    not_now(NotNowReason::RevealedTraitorOnlySpreadsRumors)
                } else {
                    RuleError::BadTarget { target }
                }
            }
            (Decision::Turn, Action::Pass) => not_now(NotNowReason::PassOnlyWhenNothingElse),
            (Decision::Announce, Action::Announce { card }) => {
                RuleError::AnnouncementNotAllowed { card }
            }
            (Decision::ArthurWindow { .. }, Action::PlayArthur) => RuleError::KnightNotHeld {
                knight: Knight::Arthur,
            },
            (Decision::GawainWindow, Action::PlayGawain) => {
                if self.holds(seat, Knight::Gawain) {
                    RuleError::NoCardsLeft
                } else {
                    RuleError::KnightNotHeld {
                        knight: Knight::Gawain,
                    }
                }
            }
            (Decision::PercivalAccusation { .. } | Decision::PercivalEnd, Action::PlayPercival) => {
                RuleError::KnightNotHeld {
                    knight: Knight::Percival,
                }
            }
            (Decision::GawainChoose, Action::GawainPlay { .. }) => RuleError::BadChoice {
                reason: BadChoiceReason::GawainPlaysNoMorgan,
            },
            (Decision::VivienRecipient, Action::GiveLoyalty { recipient }) => {
                RuleError::BadTarget { target: recipient }
            }
            (Decision::TraitorChoose, Action::PlaceRumor { .. }) => RuleError::BadChoice {
                reason: BadChoiceReason::CardZeroOrOne,
            },
            (Decision::Merlin6, Action::Merlin6Quest { .. }) => RuleError::BadChoice {
                reason: BadChoiceReason::Merlin6BonusUpToThree,
            },
            (pending, _) => not_now(NotNowReason::OtherDecisionPending { pending }),
        }
    }
}
