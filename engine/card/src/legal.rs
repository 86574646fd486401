//! Who decides, what that seat may do, and why anything else is refused.

use crate::action::{
    AccusationRefusal, Action, BadChoiceReason, Keep, NotNowReason, RuleError, Seat,
};
use crate::cards::{Card, Knight, Quest};
use crate::game::{Decision, Game, Options, Phase};
use std::sync::LazyLock;

/// Every kind of card, the promo cards included, in the order [`Card::all_kinds`] lists them:
/// listed once, not at every announcement.
static KINDS: LazyLock<Vec<Card>> = LazyLock::new(|| Card::all_kinds(true, true));

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

    /// Every action the deciding seat may take now (empty once the game is over): the actions of the
    /// decision's kinds (`candidates`) that `allows` allows, in that order.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// [`Game::legal_actions`] written into `out` (emptied first), reusing its room: the
    /// simulation's runner asks it for players that choose from the list.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let Some((seat, _)) = self.decider() else {
            return;
        };
        self.candidates(seat, |action| {
            if self.allows(seat, action) {
                out.push(action);
            }
        });
    }

    /// Every action of the kinds the decision now takes, in the order [`Game::legal_actions`] lists
    /// them: all the legal ones among them (`allows` tells which).
    fn candidates(&self, seat: Seat, mut push: impl FnMut(Action)) {
        match &self.phase {
            Phase::Turn => self.turn_candidates(seat, push),
            Phase::Announce { .. } => {
                let Options {
                    morgan8, merlin6, ..
                } = self.start.setup.options;
                for &card in KINDS.iter().filter(|c| c.in_game(morgan8, merlin6)) {
                    push(Action::Announce { card });
                }
            }
            Phase::TraitorChoose { .. } => {
                for index in 0..2 {
                    push(Action::PlaceRumor { index });
                }
            }
            Phase::Merlin4Quest { .. } => {
                for quest in Quest::ALL {
                    push(Action::ChooseMerlin4Quest { quest });
                }
            }
            Phase::VivienRecipient { drawer, .. } => {
                for recipient in self.seats_from(*drawer, false) {
                    push(Action::GiveLoyalty { recipient });
                }
            }
            Phase::VivienKeep { .. } => {
                push(Action::KeepLoyalty {
                    keep: Keep::Current,
                });
                push(Action::KeepLoyalty { keep: Keep::New });
            }
            Phase::Merlin6 { .. } => {
                for quest in Quest::ALL {
                    for bonus in 0..=3 {
                        push(Action::Merlin6Quest { quest, bonus });
                    }
                }
                push(Action::DeclineMerlin6);
            }
            Phase::Arthur { .. } => {
                push(Action::PlayArthur);
                push(Action::PassWindow);
            }
            Phase::Gawain { .. } => {
                push(Action::PlayGawain);
                push(Action::PassWindow);
            }
            Phase::GawainChoose { cards, .. } => {
                for index in 0..cards.len() {
                    push(Action::GawainPlay {
                        index: Some(index as u8),
                    });
                }
                push(Action::GawainPlay { index: None });
            }
            Phase::PercivalAccusation { .. } | Phase::PercivalEnd { .. } => {
                push(Action::PlayPercival);
                push(Action::PassWindow);
            }
            Phase::Over { .. } => {}
        }
    }

    /// A turn's candidates: a revealed Traitor's spreading, listening, the quests, the accusations,
    /// Galahad's looks, passing, then Tristan.
    fn turn_candidates(&self, seat: Seat, mut push: impl FnMut(Action)) {
        push(Action::SpreadRumors);
        push(Action::ListenToRumors);
        for quest in Quest::ALL {
            push(Action::GoOnQuest { quest });
        }
        for target in self.seats_from(seat, false) {
            push(Action::Accuse { target });
        }
        for target in self.seats_from(seat, false) {
            push(Action::PlayGalahad { target });
        }
        push(Action::Pass);
        push(Action::PlayTristan);
    }

    /// Whether `seat`, the decider, may take `action` now: the one statement of what is legal, which
    /// [`Game::legal_actions`], [`Game::check`] and `apply`'s short ways all ask.
    #[inline(always)]
    pub(crate) fn allows(&self, seat: Seat, action: Action) -> bool {
        let turn = matches!(self.phase, Phase::Turn);
        match action {
            Action::ListenToRumors => turn && !self.is_revealed_traitor(seat) && self.can_draw(),
            Action::SpreadRumors => turn && self.is_revealed_traitor(seat) && self.can_draw(),
            Action::GoOnQuest { quest } => {
                turn && !self.is_revealed_traitor(seat) && self.allowed_quests().contains(&quest)
            }
            Action::Accuse { target } => {
                turn && self.accusation_refusal(seat).is_none() && self.accusable(seat, target)
            }
            Action::PlayGalahad { target } => {
                turn && !self.is_revealed_traitor(seat)
                    && self.holds(seat, Knight::Galahad)
                    && self.accusable(seat, target)
            }
            Action::PlayTristan => {
                turn && self.holds(seat, Knight::Tristan) && !self.tristan_this_turn
            }
            // Passing is for a turn with nothing else to do (Tristan aside).
            Action::Pass => turn && !self.turn_has_a_move(seat),
            Action::Announce { card } => match self.phase {
                Phase::Announce { card: drawn } => {
                    let Options {
                        morgan8, merlin6, ..
                    } = self.start.setup.options;
                    card == drawn || (self.holds_traitor(seat) && card.in_game(morgan8, merlin6))
                }
                _ => false,
            },
            Action::PlaceRumor { index } => {
                matches!(self.phase, Phase::TraitorChoose { .. }) && index < 2
            }
            Action::ChooseMerlin4Quest { .. } => matches!(self.phase, Phase::Merlin4Quest { .. }),
            Action::GiveLoyalty { recipient } => match self.phase {
                Phase::VivienRecipient { drawer, .. } => self.may_receive(drawer, recipient),
                _ => false,
            },
            Action::KeepLoyalty { .. } => matches!(self.phase, Phase::VivienKeep { .. }),
            Action::Merlin6Quest { bonus, .. } => {
                matches!(self.phase, Phase::Merlin6 { .. }) && bonus <= 3
            }
            Action::DeclineMerlin6 => matches!(self.phase, Phase::Merlin6 { .. }),
            Action::PassWindow => matches!(
                self.phase,
                Phase::Arthur { .. }
                    | Phase::Gawain { .. }
                    | Phase::PercivalAccusation { .. }
                    | Phase::PercivalEnd { .. }
            ),
            Action::PlayArthur => {
                matches!(self.phase, Phase::Arthur { .. }) && self.holds(seat, Knight::Arthur)
            }
            Action::PlayGawain => {
                matches!(self.phase, Phase::Gawain { .. })
                    && self.holds(seat, Knight::Gawain)
                    && self.can_draw()
            }
            // One of the cards drawn, not a Morgan; none only when every one is a Morgan.
            Action::GawainPlay { index } => match (&self.phase, index) {
                (Phase::GawainChoose { cards, .. }, Some(i)) => {
                    cards.get(usize::from(i)).is_some_and(|c| !c.is_morgan())
                }
                (Phase::GawainChoose { cards, .. }, None) => cards.iter().all(|c| c.is_morgan()),
                _ => false,
            },
            Action::PlayPercival => {
                matches!(
                    self.phase,
                    Phase::PercivalAccusation { .. } | Phase::PercivalEnd { .. }
                ) && self.holds(seat, Knight::Percival)
            }
        }
    }

    /// Whether the turn holds anything to do but passing (or playing Tristan).
    #[inline(never)]
    fn turn_has_a_move(&self, seat: Seat) -> bool {
        let mut any = false;
        self.turn_candidates(seat, |action| {
            any |=
                !matches!(action, Action::Pass | Action::PlayTristan) && self.allows(seat, action);
        });
        any
    }

    /// Whether `seat` may accuse `target`, or look at his Loyalty card (Galahad): another seat at
    /// the table, not revealed.
    fn accusable(&self, seat: Seat, target: Seat) -> bool {
        target != seat && self.seats.get(target.index()).is_some_and(|t| !t.revealed)
    }

    /// Whether Vivien's `drawer` may hand the other Loyalty card to `recipient`: another seat at the
    /// table, not revealed.
    fn may_receive(&self, drawer: Seat, recipient: Seat) -> bool {
        self.accusable(drawer, recipient)
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
            .any(|t| self.accusable(seat, t))
        {
            return Some(AccusationRefusal::NoOneLeft);
        }
        None
    }

    /// The seats Vivien's `drawer` may hand the other Loyalty card to.
    pub(crate) fn vivien_recipients(&self, drawer: Seat) -> impl Iterator<Item = Seat> + '_ {
        self.seats_from(drawer, false)
            .filter(move |t| self.may_receive(drawer, *t))
    }

    /// Check that `seat` may take `action` now, with a precise reason if not.
    #[inline]
    pub fn check(&self, seat: Seat, action: Action) -> Result<(), RuleError> {
        match self.decider() {
            Some((decider, _)) if decider == seat && self.allows(seat, action) => Ok(()),
            _ => Err(self.refusal(seat, action)),
        }
    }

    /// Why [`Game::check`] refuses `action` (out of line: refusals are rare).
    #[cold]
    #[inline(never)]
    fn refusal(&self, seat: Seat, action: Action) -> RuleError {
        match self.decider() {
            None => RuleError::GameOver,
            Some((decider, _)) if decider != seat => RuleError::NotYourDecision {
                seat,
                decider: Some(decider),
            },
            Some((_, decision)) => self.explain(seat, decision, action),
        }
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
