//! What the built-in policy works out once per decision ([`Ctx`]) and how it scores each action:
//! the decisions out of turn, the Heroic Actions, and what an accusation is worth.

use super::suspects::{Likelihoods, Weighing, record};
use super::*;

/// What the policy works out once per decision.
pub(super) struct Ctx<'a, 'b> {
    pub(super) v: &'b Glimpse<'a>,
    pub(super) step: Step,
    pub(super) traitor: bool,
    pub(super) life: u8,
    pub(super) engines: u8,
    pub(super) place: Option<Place>,
    pub(super) fights: [u8; 5],
    pub(super) fight_sum: u8,
    /// Where he stands (Heroic Actions only; worked out when first needed).
    pub(super) standing: Cell<Option<Standing>>,
    /// The Heroic Actions are being chosen.
    pub(super) heroic: bool,
    /// What he makes of an accusation (worked out when the first one is scored).
    pub(super) judgement: Cell<Option<Judgement>>,
    /// What each place is worth to this knight (by `Place` order), when moves are listed.
    pub(super) values: Option<[i32; 8]>,
    /// A hidden Traitor who keeps his record of cards played and held like the others'
    /// ([`Ctx::traitor_heroic_score`]).
    pub(super) stealthy: bool,
}

impl<'a, 'b> Ctx<'a, 'b> {
    /// `heroic`: the Heroic Actions are being chosen (then the knight's place is valued).
    #[inline(always)]
    pub(super) fn new(v: &'b Glimpse<'a>, step: Step, heroic: bool, legal: &[Action]) -> Self {
        let counts = v.hand().counts();
        let fights = [counts[0], counts[1], counts[2], counts[3], counts[4]];
        let fight_sum = fights[0] + 2 * fights[1] + 3 * fights[2] + 4 * fights[3] + 5 * fights[4];
        let place = v.my_place();
        let engines = v.siege_engines();
        let traitor = v.loyalty() == Some(Loyalty::Traitor);
        let mut values = None;
        let mut standing = None;
        if heroic {
            // Moves come first when the knight may move: then every place is valued at once.
            if let Some(Action::Move { .. }) = legal.first() {
                let worth = Worth {
                    v,
                    fights,
                    fight_sum,
                    engines,
                };
                let all = worth.all();
                values = Some(all);
                standing = Some(Standing::at(v, &fights, engines, place, |p| {
                    all[p as usize]
                }));
            }
        }
        Ctx {
            v,
            step,
            traitor,
            life: v.my_life(),
            engines,
            place,
            fights,
            fight_sum,
            standing: Cell::new(standing),
            heroic,
            judgement: Cell::new(None),
            values,
            stealthy: false,
        }
    }

    /// The Heroic Action chosen: [`best_of`](super::policy::best_of) with [`Ctx::heroic_score`], the legal actions taken a
    /// run of one kind at a time (moves, accusations, King Arthur's exchanges come in runs), each
    /// run in its own small loop rather than a test of every action's kind.
    pub(super) fn best_heroic(&self, legal: &[Action], noise: u64) -> usize {
        // A Loyal knight's accusation that cannot lay the twelfth sword scores at most
        // [`UNWORTHY_ACCUSATION`] ([`Ctx::accusation`]): when another action beats that, his
        // belief need not be worked out at all (it is what most of a decision would cost).
        if !self.traitor && !Accusal::ends_the_game(self.v.swords()) {
            let best = self.best_heroic_of(legal, noise, false);
            if best.score > UNWORTHY_ACCUSATION * 8 + 7 {
                return best.index;
            }
        }
        self.best_heroic_of(legal, noise, true).index
    }

    /// [`Ctx::best_heroic`], the accusations left out unless `accusing`.
    fn best_heroic_of(&self, legal: &[Action], noise: u64, accusing: bool) -> Best {
        let mut best = Best::new(noise);
        let mut i = 0;
        while let Some(&a) = legal.get(i) {
            match a {
                Action::Move { .. } => {
                    while let Some(&Action::Move { to }) = legal.get(i) {
                        best.offer(i, self.move_score(to));
                        i += 1;
                    }
                }
                Action::Accuse { .. } => {
                    while let Some(&Action::Accuse { target }) = legal.get(i) {
                        if accusing {
                            best.offer(i, self.accusation(target));
                        }
                        i += 1;
                    }
                }
                Action::ArthurExchange { .. } => {
                    while let Some(&Action::ArthurExchange { to, card }) = legal.get(i) {
                        best.offer(i, self.arthur_gift(to, card));
                        i += 1;
                    }
                }
                _ => {
                    best.offer(i, self.heroic_score(a));
                    i += 1;
                }
            }
        }
        best
    }

    /// King Arthur's exchange of `card` with the knight in `to` (§5.1: he gives one card back,
    /// chosen without seeing it): worth it when `card` is what that knight's quest needs next
    /// where he stands, somewhere else than Arthur — a Grail card at the Grail, the Fight card a
    /// War needs next at that War — and Arthur has no use for it: a Fight card is kept on a
    /// quest of Fight cards. Otherwise never sought; the hidden Traitor never helps so.
    fn arthur_gift(&self, to: Seat, card: White) -> i32 {
        let v = self.v;
        let there = v.place(to);
        if self.traitor || there.is_none() || there == self.place {
            return -20;
        }
        let needed_there = match there {
            Some(Place::Grail) => {
                card == White::Grail && v.quest_in_play(Quest::Grail) && !v.dark_forest()
            }
            Some(p @ (Place::PictWar | Place::SaxonWar)) => p.quest().is_some_and(|q| {
                let w = v.war(q);
                w.cards < w.needed() && card.fight_value() == Some(w.next_value())
            }),
            _ => false,
        };
        let kept = card.fight_value().is_some()
            && matches!(
                self.place,
                Some(
                    Place::BlackKnight
                        | Place::Lancelot
                        | Place::Dragon
                        | Place::PictWar
                        | Place::SaxonWar
                )
            );
        if needed_there && !kept {
            ARTHUR_GIFT
        } else {
            -20
        }
    }

    /// Why `a` (the action chosen) was chosen, as a Loyal knight would say it.
    pub(super) fn reason(&self, a: Action) -> Reason {
        let v = self.v;
        let hand = v.hand();
        match a {
            Action::DrawBlackCard => match v.percival_top() {
                Some(card) => Reason::DrawsSeenCard { card },
                None => Reason::DrawsBlackCard {
                    risk: self.draw_risk().clamp(0, i32::from(u16::MAX)) as u16,
                },
            },
            Action::AddSiegeEngine => Reason::AddsSiegeEngine {
                engines: self.engines,
            },
            Action::LoseLife => Reason::LosesLife { life: self.life },
            Action::PercivalLook => Reason::LooksAtTopCard,
            Action::Heal { .. } => Reason::Heals { life: self.life },
            Action::FightSiegeEngine => Reason::FightsSiegeEngine {
                engines: self.engines,
                cards: self.fight_sum,
            },
            Action::DrawWhiteCards => Reason::DrawsWhiteCards { hand: hand.len() },
            Action::Move { to } => match to.quest().filter(|q| q.is_war()) {
                Some(war) => Reason::GoesToWar {
                    war,
                    warriors: v.war(war).warriors,
                },
                None => Reason::GoesTo { place: to },
            },
            Action::PlayFightCard { card } => match self.place.and_then(Place::quest) {
                Some(war) if war.is_war() => Reason::FightsWar {
                    war,
                    warriors: v.war(war).warriors,
                },
                Some(quest) => Reason::FightsQuest { quest, card },
                None => Reason::PlaysCard { card },
            },
            Action::PlayGrailCard => Reason::PlaysGrailCard {
                despairs: v.grail_track().iter().filter(|s| s.is_black()).count() as u8,
            },
            Action::DiscardForExcalibur { .. } => Reason::PushesExcalibur {
                position: v.excalibur_position(),
            },
            Action::MerlinRemovesSiegeEngine => Reason::RemovesSiegeEngine {
                engines: self.engines,
            },
            Action::MerlinRemovesWarrior { war } => Reason::RemovesWarrior {
                war,
                warriors: v.war(war).warriors,
            },
            Action::MerlinRemovesBlackCard { quest } => Reason::RemovesBlackCard { quest },
            Action::PlayFate { reveal: true } => Reason::RevealsHimself,
            Action::PlayConvocation => Reason::PlaysCard {
                card: White::Convocation,
            },
            Action::PlayFate { .. } => Reason::PlaysCard { card: White::Fate },
            Action::PlayHeroism { .. } => Reason::PlaysCard {
                card: White::Heroism,
            },
            Action::PlayLadyOfTheLake => Reason::PlaysCard {
                card: White::LadyOfTheLake,
            },
            Action::PlayMessenger { .. } => Reason::PlaysCard {
                card: White::Messenger,
            },
            Action::PlayPiety { .. } => Reason::PlaysCard { card: White::Piety },
            Action::PlayClairvoyance => Reason::PlaysCard {
                card: White::Clairvoyance,
            },
            Action::PlayReinforcements { .. } => Reason::PlaysCard {
                card: White::Reinforcements,
            },
            Action::Sacrifice => Reason::Sacrifices { life: self.life },
            Action::ArthurExchange { to, .. } => Reason::ExchangesCards {
                to,
                place: v.place(to).unwrap_or(Place::Camelot),
            },
            Action::Accuse { target } => Reason::Accuses {
                target,
                percent: Belief::of(v).percent(target),
                clue: clue(v, target),
            },
            Action::EndTurn => Reason::EndsTurn,
            Action::PlaceFaceDown => Reason::PlacesFaceDown,
            Action::PlaceFaceUp => Reason::PlacesFaceUp,
            Action::CommitMerlins { .. } => match self.step {
                Step::Merlins { card, .. } => Reason::CommitsMerlins { card },
                _ => Reason::Passes,
            },
            Action::SacrificeExcalibur => match self.step {
                Step::ExcaliburCancel {
                    card: Some(card), ..
                } => Reason::CancelsWithExcalibur { card },
                _ => Reason::LetsCardThrough,
            },
            Action::ChooseWar { war } => Reason::SendsToWar {
                war,
                warriors: v.war(war).warriors,
            },
            Action::Volunteer => match self.step {
                Step::Volunteer { morgan } => Reason::Volunteers { morgan },
                _ => Reason::Passes,
            },
            Action::OfferGrail => match self.step {
                Step::GrailRescue { dying } => Reason::SavesWithGrail { dying },
                _ => Reason::Passes,
            },
            Action::KayAddsCard { card } => Reason::AddsKayCard { card },
            Action::AddToFight { card } => Reason::AddsToSiegeFight {
                card,
                total: match self.step {
                    Step::SiegeAdd { total } => total,
                    _ => 0,
                },
            },
            Action::RollSiegeDie => Reason::RollsSiegeDie {
                total: match self.step {
                    Step::SiegeAdd { total } => total,
                    _ => 0,
                },
            },
            Action::Discard { card }
            | Action::OfferCard { card }
            | Action::GiveBack { card }
            | Action::GiveCard { card } => Reason::GivesLeastUseful { card },
            Action::KeepBlackCard { .. } | Action::PutOnBottom { .. } => Reason::KeepsMilderCard,
            Action::TakeCardFrom { seat } => Reason::TakesFromFullestHand {
                seat,
                cards: v.hand_len(seat),
            },
            Action::ChooseFirstDealt { .. }
            | Action::Propose { .. }
            | Action::DealAtRandom
            | Action::Accept
            | Action::Reject
            | Action::PutNext { .. }
            | Action::StopGiving
            | Action::Join
            | Action::Leave { .. } => Reason::GoesAlong,
            Action::AnswerConvocation { go: true } => Reason::GoesTo {
                place: Place::Camelot,
            },
            Action::AnswerConvocation { go: false } => Reason::StaysPut,
            Action::Pass => match self.step {
                Step::Merlins { .. } | Step::ExcaliburCancel { .. } => Reason::LetsCardThrough,
                _ => Reason::Passes,
            },
        }
    }

    /// How bad a black card is for the knights (0 harmless … 10 terrible).
    pub(super) fn harm(&self, card: Black) -> i32 {
        harm(self.v, self.engines, card)
    }

    /// The least useful card to give away or discard.
    fn junk_score(&self, card: White) -> i32 {
        match card {
            White::Fight1 => 10,
            White::Grail if !self.v.quest_in_play(Quest::Grail) => 12,
            White::Grail => 4,
            White::Fight2 => 8,
            White::Fight3 => 6,
            White::Fight4 => 4,
            White::Fight5 => 2,
            White::Merlin => 0,
            _ => 1,
        }
    }

    pub(super) fn score(&self, a: Action) -> i32 {
        let v = self.v;
        let hand = v.hand();
        match self.step {
            Step::OpeningOffer | Step::Discard { .. } | Step::GiveBack => {
                return match a {
                    Action::OfferCard { card }
                    | Action::Discard { card }
                    | Action::GiveBack { card } => {
                        self.junk_score(card) * 4 + i32::from(hand.count(card))
                    }
                    _ => 0,
                };
            }
            Step::ChooseFirstDealt | Step::AcceptProposal => {
                return i32::from(matches!(
                    a,
                    Action::Accept | Action::ChooseFirstDealt { .. }
                ));
            }
            Step::Propose => return i32::from(a == Action::DealAtRandom),
            Step::ArmorKeep { cards } | Step::PercivalBottom { cards } => {
                let (Action::KeepBlackCard { index } | Action::PutOnBottom { index }) = a else {
                    return 0;
                };
                let mine = self.harm(cards[usize::from(index.min(1))]);
                let other = self.harm(cards[1 - usize::from(index.min(1))]);
                // Keep the milder card (the Traitor the worse); put the worse under the pile.
                let keep_mild = matches!(self.step, Step::ArmorKeep { .. }) != self.traitor;
                return if keep_mild {
                    other - mine
                } else {
                    mine - other
                };
            }
            Step::FaceChoice { .. } => return i32::from(a == Action::PlaceFaceDown),
            Step::Merlins { card, .. } => {
                return match a {
                    Action::CommitMerlins { count }
                        if !self.traitor && self.harm(card) >= MERLINS_CANCEL =>
                    {
                        i32::from(count)
                    }
                    Action::Pass => 0,
                    _ => -1,
                };
            }
            Step::ExcaliburCancel { card, .. } => {
                let worth = card.is_some_and(|c| self.harm(c) >= 8) && !self.traitor;
                return i32::from((a == Action::SacrificeExcalibur) == worth);
            }
            Step::WarChoice { card } => {
                let Action::ChooseWar { war } = a else {
                    return 0;
                };
                let w = v.war(war);
                // The Traitor chooses as a Loyal knight would (the table sees the choice).
                return if card == Black::Mordred {
                    -i32::from(w.cards)
                } else {
                    -i32::from(w.warriors)
                };
            }
            Step::Volunteer { morgan } => {
                let yes = !self.traitor
                    && if morgan == 2 {
                        hand.len() >= 7
                    } else {
                        self.life >= 5
                    };
                return i32::from((a == Action::Volunteer) == yes);
            }
            Step::GrailRescue { dying } => {
                let yes = !self.traitor || dying == v.seat();
                return i32::from((a == Action::OfferGrail) == yes);
            }
            Step::Kay { white, black, .. }
            | Step::SiegeKay {
                total: white,
                roll: black,
            } => {
                return match a {
                    Action::KayAddsCard { card } if !self.traitor => {
                        let val = card.fight_value().unwrap_or(0);
                        if white <= black && white + val > black {
                            10 - i32::from(val)
                        } else {
                            -1
                        }
                    }
                    Action::Pass => 0,
                    _ => -1,
                };
            }
            Step::SiegeAdd { total } => return self.siege_add(a, total),
            Step::Convocation => return i32::from(a == Action::AnswerConvocation { go: false }),
            Step::Messenger { .. } => {
                return match a {
                    Action::StopGiving => 10,
                    Action::GiveCard { card } => self.junk_score(card),
                    _ => 0,
                };
            }
            Step::Clairvoyance => return i32::from(a == Action::PutNext { index: 0 }),
            Step::Waiting => return 0,
            Step::Turn => {}
        }
        match v.phase() {
            Phase::ProgressionOfEvil => self.evil_score(a),
            Phase::TraitorTakes => match a {
                Action::TakeCardFrom { seat } => i32::from(v.hand_len(seat)),
                _ => 0,
            },
            Phase::TraitorEvil => match a {
                Action::AddSiegeEngine if self.engines >= 9 => 10,
                Action::DrawBlackCard => 5,
                _ => 1,
            },
            Phase::HeroicActions => self.heroic_score(a),
            _ => 0,
        }
    }

    /// A card added to a siege fight (the total so far `total`, Excalibur's +1 included): Fight
    /// cards until the total beats every face of the die, the smallest card that gets it there
    /// rather than the largest (the rest stay in hand). Sir Kay, who may add a card after the
    /// roll, rolls as soon as the largest card he holds would then get it there.
    fn siege_add(&self, a: Action, total: u8) -> i32 {
        let sure = SIEGE_DIE_FACES + 1;
        let Action::AddToFight { card } = a else {
            return i32::from(a == Action::RollSiegeDie) - 1;
        };
        let value = card.fight_value().unwrap_or(0);
        let v = self.v;
        let largest = (1..=5u8)
            .rev()
            .find(|&x| self.fights[usize::from(x - 1)] > 0)
            .unwrap_or(0);
        if total >= sure || (v.knight(v.seat()) == Some(Knight::SirKay) && total + largest >= sure)
        {
            -1
        } else if total + value >= sure {
            20 - i32::from(value)
        } else {
            i32::from(value)
        }
    }

    /// How much this knight can do at `to` and how badly it is needed there.
    #[inline(always)]
    fn worth(&self) -> Worth<'b, 'a> {
        Worth {
            v: self.v,
            fights: self.fights,
            fight_sum: self.fight_sum,
            engines: self.engines,
        }
    }

    /// What `to` is worth (every place was valued at once when the list starts with moves).
    #[inline(always)]
    fn value_at(&self, to: Place) -> i32 {
        match &self.values {
            Some(values) => values[to as usize],
            None => self.worth().at(to),
        }
    }

    /// Where he stands, worked out at the first need.
    #[inline(always)]
    fn standing(&self) -> Standing {
        match self.standing.get() {
            Some(s) => s,
            None => self.work_out_standing(),
        }
    }

    /// [`Ctx::standing`] the first time (kept out of line: the scoring of each action stays small).
    #[inline(never)]
    fn work_out_standing(&self) -> Standing {
        let worth = self.worth();
        let s = Standing::at(self.v, &self.fights, self.engines, self.place, |p| {
            worth.at(p)
        });
        self.standing.set(Some(s));
        s
    }

    /// What the knight can do where he stands.
    #[inline(always)]
    fn here(&self) -> i32 {
        self.standing().value
    }

    /// A move's worth: what the knight can do there against what he can do where he stands.
    #[inline(always)]
    pub(super) fn move_score(&self, to: Place) -> i32 {
        let here = self.standing();
        // Leaving a solo quest where cards were played throws them away.
        if here.abandons_solo {
            return -30;
        }
        let stay = if here.can_act { here.value } else { 0 };
        let gain = self.value_at(to) - stay + MOVE_BONUS;
        if self.v.actions_taken() >= 1 {
            gain / 2
        } else {
            gain
        }
    }

    #[inline(always)]
    pub(super) fn heroic_score(&self, a: Action) -> i32 {
        let base = self.loyal_heroic_score(a);
        if self.traitor {
            self.traitor_heroic_score(a, base)
        } else {
            base
        }
    }

    /// What a Loyal knight makes of a Heroic Action.
    fn loyal_heroic_score(&self, a: Action) -> i32 {
        let v = self.v;
        match a {
            Action::EndTurn => 4,
            // At 2 life the three cards are worth more on a quest than the life: a heal first
            // there threw away the knights' play (measured: fewer games won at every count).
            // The triple least useful to keep goes (three Fight 1s before three 5s).
            Action::Heal { card } => {
                self.junk_score(card) / 4
                    + match self.life {
                        0..=1 => 87,
                        2 => 37,
                        3 => 28,
                        _ => 3,
                    }
            }
            // Below ten siege engines a fight waits for 8 points of Fight cards; from ten on it
            // comes before almost anything else.
            Action::FightSiegeEngine => {
                if self.engines >= SIEGE_FIGHT_NEAR && self.fight_sum >= 6 {
                    81
                } else if self.engines >= 6 && self.fight_sum >= 8 {
                    46
                } else {
                    -5
                }
            }
            Action::DrawWhiteCards => {
                36 + if self.place == Some(Place::Camelot) {
                    self.here()
                } else {
                    self.value_at(Place::Camelot)
                }
            }
            Action::PlayFightCard { card } => {
                65 + self.here() / 2 + i32::from(card.fight_value().unwrap_or(0))
            }
            Action::DiscardForExcalibur { card } => 42 + self.here() / 2 + self.junk_score(card),
            Action::PlayGrailCard => 90 + self.here() / 2,
            Action::Move { to } => self.move_score(to),
            Action::MerlinRemovesSiegeEngine => match self.engines {
                7.. => 93,
                5..=6 => 52,
                _ => 5,
            },
            Action::MerlinRemovesWarrior { war } => match v.war(war).warriors {
                3 => 80,
                2 => 30,
                _ => 5,
            },
            Action::MerlinRemovesBlackCard { quest } => match quest {
                Quest::Grail => {
                    let black = v.grail_track().iter().filter(|s| s.is_black()).count();
                    if black >= 5 { 70 } else { 10 }
                }
                q => {
                    let (known, hidden) = v.combat_black(q);
                    if hidden + known / 4 >= 3 { 50 } else { 10 }
                }
            },
            Action::PlayLadyOfTheLake => {
                if v.quest_in_play(Quest::Excalibur) {
                    if v.excalibur_position() >= EXCALIBUR_END - 1 {
                        85
                    } else {
                        55
                    }
                } else if self.life <= 4 {
                    50
                } else {
                    8
                }
            }
            Action::PlayPiety { others } => match (others, self.life) {
                (false, 0..=3) => 70,
                (true, _) => 30,
                _ => 5,
            },
            Action::PlayReinforcements { others } => {
                if others {
                    25
                } else {
                    45
                }
            }
            Action::PlayFate { .. } => 40,
            Action::PlayHeroism { quest } => {
                if self.place.and_then(Place::quest) == Some(quest) {
                    50
                } else {
                    10
                }
            }
            Action::PlayConvocation => 10,
            Action::PlayMessenger { .. } => 4,
            Action::PlayClairvoyance => 6,
            Action::Accuse { target } => self.accusation(target),
            // A second action right after moving: worth a life when there is something to do
            // (the quest action here, not taken yet this turn).
            Action::Sacrifice => {
                if self.life >= 3
                    && self.standing().can_act
                    && !self.v.quest_action_taken()
                    && self.here() >= 56
                {
                    15
                } else {
                    -10
                }
            }
            _ => -20,
        }
    }

    /// The hidden Traitor plays along, so that his record looks like the others': he goes where
    /// a Loyal knight would, but plays fewer and lower cards there, hoards a little (never more
    /// than the fullest hand at the table and two), fights fewer siege engines, never spends a
    /// Merlin, and accuses falsely only when that lays the seventh black sword.
    fn traitor_heroic_score(&self, a: Action, base: i32) -> i32 {
        let v = self.v;
        match a {
            Action::FightSiegeEngine => base - 20,
            Action::DrawWhiteCards => {
                if !self.stealthy && v.hand().len() < self.fullest_other_hand() + 2 {
                    base + 10
                } else {
                    base
                }
            }
            Action::PlayFightCard { card } => {
                let value = i32::from(card.fight_value().unwrap_or(0));
                if self.stealthy {
                    // As keen as a Loyal knight, the lowest card first.
                    base - self.quest_reluctance() + 6 - 2 * value
                } else {
                    base - self.quest_reluctance() - 3 * value
                }
            }
            Action::DiscardForExcalibur { .. } | Action::PlayGrailCard => {
                base - self.quest_reluctance()
            }
            Action::MerlinRemovesSiegeEngine
            | Action::MerlinRemovesWarrior { .. }
            | Action::MerlinRemovesBlackCard { .. } => 0,
            Action::PlayLadyOfTheLake if v.quest_in_play(Quest::Excalibur) => 5,
            Action::PlayPiety { others: true } => 5,
            Action::PlayReinforcements { others: true } => 0,
            Action::PlayHeroism { .. } => 10,
            Action::Sacrifice if !self.stealthy => -10,
            Action::PlayFate { reveal } => {
                if !reveal {
                    40
                } else if v.swords().total() >= 8 || self.engines >= 9 {
                    90
                } else {
                    -10
                }
            }
            _ => base,
        }
    }

    /// [`Ctx::evil_scores`], the hidden Traitor's held back from the choices that would make the
    /// others believe in him much more than another choice would ([`Ctx::exposure`],
    /// [`STEALTH`]): he helps evil where it does not show.
    pub(super) fn evil_scores_unremarked(&self) -> [i32; 3] {
        let mut scores = self.evil_scores();
        for (score, held) in scores.iter_mut().zip(self.held_back()) {
            *score -= held;
        }
        scores
    }

    /// How much [`Ctx::evil_scores_unremarked`] holds the hidden Traitor back from drawing a black
    /// card, adding a siege engine and losing a life (0 for a Loyal knight, and for a choice that
    /// does not give him away).
    pub(super) fn held_back(&self) -> [i32; 3] {
        if !self.traitor {
            return [0; 3];
        }
        // Every knight's record and what else the belief reads, read once for the three choices.
        let v = self.v;
        let weighing = Weighing::of(v);
        let mut records = [[0; 7]; 8];
        for s in weighing.on_board_seats() {
            records[s.index()] = record(v, s);
        }
        // Black cards drawn, siege engines added, life lost: the first three counts of the record.
        let seen: [f64; 3] = std::array::from_fn(|i| {
            let mut tried = records;
            tried[v.seat().index()][i] += 1;
            self.exposure(&weighing.likelihoods(&tried))
        });
        let least = seen.iter().copied().fold(f64::MAX, f64::min);
        seen.map(|e| (STEALTH * 100.0 * (e - least - STEALTH_SLACK).max(0.0)) as i32)
    }

    /// How much the others believe he is the Traitor, by `likelihoods` (the public record, his own
    /// as tried out): the mean over the other knights on the board of the belief each would hold
    /// ([`Belief::held_by`]), less the most they believe of any other knight
    /// ([`Likelihoods::lead_of`]).
    pub(super) fn exposure(&self, likelihoods: &Likelihoods) -> f64 {
        let v = self.v;
        let me = v.seat();
        let (mut sum, mut k) = (0.0, 0.0);
        for o in (0..v.players()).map(Seat) {
            if o == me || !v.on_board(o) {
                continue;
            }
            sum += likelihoods.lead_of(me, o);
            k += 1.0;
        }
        if k > 0.0 { sum / k } else { 0.0 }
    }

    /// How much less the Traitor likes playing a card on a quest: less while he has played as
    /// many as the others (by their mean), more when he is ahead of them.
    fn quest_reluctance(&self) -> i32 {
        let v = self.v;
        let mine = i32::from(v.deeds(v.seat()).quest_cards_played);
        let (mut sum, mut k) = (0i32, 0i32);
        for s in (0..v.players()).map(Seat) {
            if s != v.seat() && v.on_board(s) {
                sum += i32::from(v.deeds(s).quest_cards_played);
                k += 1;
            }
        }
        let ahead = (10 * k * mine - 10 * sum) / k.max(1);
        if self.stealthy {
            2 * ahead
        } else {
            15 + 2 * ahead
        }
    }

    /// The most white cards another knight on the board holds.
    fn fullest_other_hand(&self) -> u8 {
        let v = self.v;
        (0..v.players())
            .map(Seat)
            .filter(|&s| s != v.seat() && v.on_board(s))
            .map(|s| v.hand_len(s))
            .max()
            .unwrap_or(0)
    }

    /// What he makes of an accusation, worked out at the first need.
    fn judgement(&self) -> Judgement {
        if let Some(j) = self.judgement.get() {
            return j;
        }
        let v = self.v;
        let mut j = Judgement {
            unmasked: false,
            belief: None,
            accusal: None,
        };
        if self.heroic {
            let accusing = v.threshold_met() && !v.has_accused(v.seat());
            j.unmasked = accusing && v.traitor_unmasked();
            if accusing && !j.unmasked && !self.traitor {
                let belief = Belief::of(v);
                // Short of a correct accusation laying the twelfth sword, every accusation loses
                // the knights more than it wins ([`Accusal`] gains at most nothing), so none is
                // worth weighing.
                if Accusal::ends_the_game(v.swords()) {
                    j.accusal = Accusal::best(v, &belief);
                }
                j.belief = Some(belief);
            }
        }
        self.judgement.set(Some(j));
        j
    }

    /// Accuse only when the belief and the swords make it worth the risk ([`Accusal`]), never
    /// once the Traitor is known.
    pub(super) fn accusation(&self, target: Seat) -> i32 {
        let v = self.v;
        let judgement = self.judgement();
        if judgement.unmasked {
            return -50;
        }
        if self.traitor {
            // A false accusation flips a white sword: only worth showing himself when it lays
            // the seventh black one.
            return if Suspect::seventh_black(v.swords()) {
                200
            } else {
                -30
            };
        }
        match judgement.accusal {
            // Worth the risk: nothing else comes close.
            Some(a) if a.target == target && a.gain > ACCUSE_GAIN => 150,
            // Not worth it; when nothing else may be done, the likeliest Traitor.
            _ => {
                UNWORTHY_ACCUSATION - 20
                    + judgement
                        .belief
                        .map_or(0, |b| (b.of_seat(target) * 20.0) as i32)
            }
        }
    }
}

/// The most a Loyal knight's accusation not worth its risk scores (when he is sure of the
/// Traitor): below what he would rather do whenever anything else may be done.
const UNWORTHY_ACCUSATION: i32 = -10;

/// King Arthur's exchange that gives a knight the card his quest needs next ([`Ctx::arthur_gift`]):
/// a free action, taken before the turn ends (any score above the end of the turn's comes to the
/// same; 10, 30 and 60 were measured alike).
const ARTHUR_GIFT: i32 = 30;

/// How much more likely to win an accusation must make the Loyal knights, by [`Accusal`]'s
/// reckoning, before a Loyal knight risks one. Tuned on simulated games (solid, 4, 5 and 7
/// knights, 20,000 each: 0 to 0.08 within half a point; below 0 a knight accuses whenever a wrong
/// accusation costs no sword, and loses).
const ACCUSE_GAIN: f64 = 0.03;

/// How much the hidden Traitor holds back from a Progression of Evil that would make the others
/// believe in him more than his least telling choice would, per hundredth of belief beyond
/// [`STEALTH_SLACK`]. Tuned on simulated games (solid, 4, 5 and 7 knights, 20,000 each): the
/// Loyal knights' mean belief in him at turn 30 fell from 0.52 to 0.39 at five knights, and he
/// won as often (see `docs/computer-knights-measured.md`).
const STEALTH: f64 = 10.0;
/// The belief a choice may add over his least telling one before he holds back from it.
const STEALTH_SLACK: f64 = 0.05;

/// What a knight makes of accusing now (Heroic Actions only).
#[derive(Clone, Copy, Debug)]
pub(super) struct Judgement {
    /// The Traitor has been unmasked (accusations allowed).
    unmasked: bool,
    /// Who he believes the Traitor is (when this knight may accuse) …
    belief: Option<Belief>,
    /// … and the accusation most worth making, with what it would gain.
    accusal: Option<Accusal>,
}
