//! Why a type of Heroic Action is closed: during a knight's Heroic Actions (§3.3), for each of the
//! five types he may take one of — move, quest action, special white card, heal, accuse — that
//! he cannot take now, the rule that stops him, as [`Game::check`] gives it. The table reads it
//! beside the actions he can take ("Accuse: accusations wait for 6 siege engines or 6 swords").
//!
//! Only what the seat may know goes into it: his own hand and the board.

use crate::action::{Action, RuleError, Seat};
use crate::data::{
    BLACK_SWORDS_LOSE, Black, EXCALIBUR_END, MORGAN4_ENGINES, Place, Quest, SIEGE_ENGINES_LOSE,
    WARRIORS_LOSE, White,
};
use crate::game::{Game, Phase};
use crate::view::PendingView;
use serde::{Deserialize, Serialize};

/// The five types of Heroic Action (§3.3), one of each a turn (or a second of another type by
/// sacrifice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeroicType {
    /// A: move to another place.
    Move,
    /// B: the quest action of the place he stands in.
    QuestAction,
    /// C: play a special white card.
    SpecialCard,
    /// D: discard three identical white cards to gain 1 life.
    Heal,
    /// E: accuse another knight of being the Traitor.
    Accuse,
}

impl HeroicType {
    pub const ALL: [HeroicType; 5] = [
        HeroicType::Move,
        HeroicType::QuestAction,
        HeroicType::SpecialCard,
        HeroicType::Heal,
        HeroicType::Accuse,
    ];
}

/// Every action of `kind` that `seat` might think of with `hand` at a table of `players`.
fn candidates(kind: HeroicType, hand: &[White], players: u8, seat: Seat) -> Vec<Action> {
    let held = |c: White| hand.contains(&c);
    let others = (0..players).map(Seat).filter(move |&s| s != seat);
    match kind {
        HeroicType::Move => Place::ALL.map(|to| Action::Move { to }).to_vec(),
        HeroicType::QuestAction => {
            let mut all = vec![
                Action::DrawWhiteCards,
                Action::FightSiegeEngine,
                Action::PlayGrailCard,
            ];
            for &card in hand {
                all.push(Action::PlayFightCard { card });
                all.push(Action::DiscardForExcalibur { card });
            }
            all
        }
        HeroicType::SpecialCard => {
            let mut all = Vec::new();
            if held(White::Merlin) {
                all.push(Action::MerlinRemovesSiegeEngine);
                for quest in Quest::ALL {
                    all.push(Action::MerlinRemovesBlackCard { quest });
                }
                for war in [Quest::PictWar, Quest::SaxonWar] {
                    all.push(Action::MerlinRemovesWarrior { war });
                }
            }
            let plays: [(White, Vec<Action>); 8] = [
                (White::Convocation, vec![Action::PlayConvocation]),
                (
                    White::Fate,
                    vec![
                        Action::PlayFate { reveal: true },
                        Action::PlayFate { reveal: false },
                    ],
                ),
                (
                    White::Heroism,
                    Quest::ALL
                        .map(|quest| Action::PlayHeroism { quest })
                        .to_vec(),
                ),
                (White::LadyOfTheLake, vec![Action::PlayLadyOfTheLake]),
                (
                    White::Messenger,
                    others
                        .clone()
                        .map(|to| Action::PlayMessenger { to })
                        .collect(),
                ),
                (
                    White::Piety,
                    vec![
                        Action::PlayPiety { others: false },
                        Action::PlayPiety { others: true },
                    ],
                ),
                (White::Clairvoyance, vec![Action::PlayClairvoyance]),
                (
                    White::Reinforcements,
                    vec![
                        Action::PlayReinforcements { others: false },
                        Action::PlayReinforcements { others: true },
                    ],
                ),
            ];
            for (card, actions) in plays {
                if held(card) {
                    all.extend(actions);
                }
            }
            all
        }
        HeroicType::Heal => {
            let mut kinds: Vec<White> = hand
                .iter()
                .copied()
                .filter(|&c| hand.iter().filter(|&&h| h == c).count() >= 3)
                .collect();
            kinds.dedup();
            kinds
                .into_iter()
                .map(|card| Action::Heal { card })
                .collect()
        }
        HeroicType::Accuse => others.map(|target| Action::Accuse { target }).collect(),
    }
}

/// A reason that closes a whole type of action for the turn, whatever card or place is tried.
fn turn_wide(e: &RuleError) -> bool {
    matches!(
        e,
        RuleError::SameActionType
            | RuleError::NoActionLeft
            | RuleError::OneSpecialCardPerTurn
            | RuleError::AccusationThreshold
            | RuleError::AlreadyAccused
            | RuleError::FullLife
            | RuleError::VivienInEffect
            | RuleError::DarkForest
    )
}

impl Game {
    /// During `seat`'s own Heroic Actions (nothing else waiting), each type of Heroic Action he
    /// cannot take now with the reason the rules give, in the order of §3.3. A type he has no
    /// card for at all (no special white card, no three identical cards) is left out: there is
    /// nothing to explain. Empty at any other moment.
    pub fn closed_heroic_actions(&self, seat: Seat) -> Vec<(HeroicType, RuleError)> {
        let view = self.seat_view(seat);
        let table = &view.table;
        if self.decider() != Some(seat)
            || table.phase != Phase::HeroicActions
            || !matches!(table.pending, None | Some(PendingView::Turn))
        {
            return Vec::new();
        }
        let mut closed: Vec<(HeroicType, Vec<RuleError>)> = Vec::new();
        for kind in HeroicType::ALL {
            let actions = candidates(kind, &view.hand, table.players, seat);
            let mut errors = Vec::new();
            let open = actions.iter().any(|&a| match self.check(seat, a) {
                Ok(()) => true,
                Err(e) => {
                    errors.push(e);
                    false
                }
            });
            // Open (one of them is allowed), or nothing to explain — but drawing at the Round
            // Table, closed by a full hand while fighting a siege engine there is open, says why.
            if !open && !errors.is_empty() {
                closed.push((kind, errors));
            } else if open && errors.contains(&RuleError::HandFull) {
                closed.push((kind, vec![RuleError::HandFull]));
            }
        }
        // His actions are taken: that is the reason for every type, whatever else holds, but a
        // type he has taken this turn (a second life would not reopen it).
        let spent = closed
            .iter()
            .any(|(_, errors)| errors.contains(&RuleError::NoActionLeft));
        let taken = |e: &RuleError| {
            matches!(
                e,
                RuleError::SameActionType | RuleError::OneSpecialCardPerTurn
            )
        };
        closed
            .into_iter()
            .map(|(kind, errors)| {
                let why = if let Some(e) = errors.iter().find(|e| taken(e)) {
                    *e
                } else if spent {
                    RuleError::NoActionLeft
                } else {
                    // A reason for the whole turn says the most; then one of the place he is at
                    // (a card that does not fit, a full hand), not "the action of another place"
                    // or "already there".
                    errors
                        .iter()
                        .find(|e| turn_wide(e))
                        .or_else(|| {
                            errors.iter().find(|e| {
                                !matches!(e, RuleError::AlreadyThere | RuleError::NotThere)
                            })
                        })
                        .or_else(|| errors.iter().find(|e| **e != RuleError::AlreadyThere))
                        .copied()
                        .unwrap_or(errors[0])
                };
                (kind, why)
            })
            .collect()
    }
}

/// What a choice is sure to cost, whatever the cards still to come: said beside it before it is
/// made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Danger {
    /// It ends the game, and Evil wins (the twelfth siege engine; the seventh black sword).
    EvilWinsAtOnce,
    /// It costs the knight making it his last life (he dies unless the Grail's owner saves him).
    CostsHisLastLife,
    /// A black card drawn now may end the game: with eleven siege engines around Camelot, a card
    /// that adds one (a siege engine, or a card of a quest that is over) is the twelfth.
    MayBringTheTwelfthSiegeEngine,
    /// A black card drawn now may end the game: with ten siege engines around Camelot, Morgan's
    /// card that adds two ([`MORGAN4_ENGINES`]) brings the twelfth, while it may still be drawn
    /// (it is not in the discard pile, which everyone sees).
    MayBringTwoSiegeEnginesAndTheTwelfth,
    /// A black card drawn now may lose `quest`, one black card from lost (a Black Knight, Lancelot
    /// or Dragon card filling its black side, the last Grail space, Excalibur's last step toward
    /// the black end, a War's last warrior), and the black swords its loss lays would be the
    /// seventh.
    MayLoseAQuestAndTheSeventhBlackSword { quest: Quest },
    /// A black card drawn now may lose the War `quest` (one warrior from lost), and the siege
    /// engines its loss brings would be the twelfth.
    MayLoseAWarAndTheTwelfthSiegeEngine { quest: Quest },
}

impl Game {
    /// What `action`, taken by `seat`, is sure to cost, or may cost at once (`None`: nothing). Only what the
    /// seat may know goes into it: the board, his life, and an accused knight's Loyalty once shown.
    pub fn danger(&self, seat: Seat, action: Action) -> Option<Danger> {
        self.sure_danger(seat, action).or_else(|| match action {
            Action::DrawBlackCard if self.engines + 1 >= SIEGE_ENGINES_LOSE => {
                Some(Danger::MayBringTheTwelfthSiegeEngine)
            }
            Action::DrawBlackCard => self.a_quest_lost_may_lose_the_game().or_else(|| {
                (self.engines + MORGAN4_ENGINES >= SIEGE_ENGINES_LOSE
                    && !self.black_discard.contains(&Black::Morgan4))
                .then_some(Danger::MayBringTwoSiegeEnginesAndTheTwelfth)
            }),
            _ => None,
        })
    }

    /// What `action`, taken by `seat`, is sure to cost ([`Danger::EvilWinsAtOnce`],
    /// [`Danger::CostsHisLastLife`]), leaving out what a black card only may bring: the computer
    /// knights weigh that themselves, and ask this at every choice of the worlds they play out.
    pub fn sure_danger(&self, seat: Seat, action: Action) -> Option<Danger> {
        let s = self.seats.get(seat.index())?;
        match action {
            Action::AddSiegeEngine if self.engines + 1 >= SIEGE_ENGINES_LOSE => {
                Some(Danger::EvilWinsAtOnce)
            }
            Action::LoseLife | Action::Sacrifice if s.life <= 1 => Some(Danger::CostsHisLastLife),
            // Accusing a knight already shown Loyal turns a white sword black: the seventh?
            Action::Accuse { target }
                if self
                    .seats
                    .get(target.index())
                    .is_some_and(|t| t.shown_loyal_on.is_some())
                    && self.swords.white > 0
                    && self.swords.black + 1 >= BLACK_SWORDS_LOSE =>
            {
                Some(Danger::EvilWinsAtOnce)
            }
            _ => None,
        }
    }

    /// The first quest a black card drawn now may lose whose loss would end the game, as the
    /// quest's end counts it (§4.1 step 4: its black swords, one more for Heroism lying on it and
    /// for the Mists of Avalon, and a War's siege engines). All of it lies face up on the board.
    fn a_quest_lost_may_lose_the_game(&self) -> Option<Danger> {
        Quest::ALL
            .into_iter()
            .filter(|&q| self.one_black_card_from_lost(q))
            .find_map(|quest| {
                let rules = quest.rules();
                let black = rules.loss_swords
                    + u8::from(self.heroism == Some(quest))
                    + u8::from(self.mists);
                if self.engines + rules.loss_engines >= SIEGE_ENGINES_LOSE {
                    Some(Danger::MayLoseAWarAndTheTwelfthSiegeEngine { quest })
                } else if self.swords.black + black >= BLACK_SWORDS_LOSE {
                    Some(Danger::MayLoseAQuestAndTheSeventhBlackSword { quest })
                } else {
                    None
                }
            })
    }

    /// Whether one black card may lose `quest` now (§3.2, §4): its black side one card from full,
    /// one Grail space left that is not black (a Desolation also takes a Grail card away),
    /// Excalibur one step from the black end, a War one warrior from lost.
    fn one_black_card_from_lost(&self, quest: Quest) -> bool {
        if !self.quest_in_play(quest) {
            return false;
        }
        match quest {
            Quest::BlackKnight | Quest::Lancelot | Quest::Dragon => self
                .combat(quest)
                .is_some_and(|c| c.black_len + 1 >= quest.rules().black_spots),
            Quest::Excalibur => self.excalibur - 1 <= -EXCALIBUR_END,
            Quest::Grail => self.grail.iter().filter(|s| !s.is_black()).count() == 1,
            Quest::PictWar | Quest::SaxonWar => self
                .war(quest)
                .is_some_and(|w| w.warriors + 1 >= WARRIORS_LOSE),
        }
    }
}
