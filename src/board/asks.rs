//! Questions asked on the table, not behind a curtain. A decision whose answer hides nothing and
//! that needs nothing private to make is taken in front of everyone: whether Excalibur's owner
//! sacrifices it (everyone sees who holds it and the card it would cancel), the opening's "who is
//! dealt first", "next card to ‹name›" and its acceptance (the card itself stays unseen), and
//! every choice of an unmasked Traitor (he has no hand and no secret left) but Lancelot's Armor's
//! look at two black cards. The phone is passed only for a secret.
//!
//! The Merlin round after a special black card asks the table once, "Does anyone offer Merlins?",
//! instead of the curtain going to every knight in turn. Whoever says so takes the phone; "Nobody"
//! lets the round pass for every person asked, and the computer knights answer for themselves as
//! ever. Every person the engine asks is offered the same answer whatever cards he holds, so
//! nothing is learnt from the question; one who answers but has no Merlin lets it pass behind his
//! curtain. No rule changes: the engine still asks each knight in turn, and the app sends the
//! passes of those who said nothing. One person alone with computer knights has nobody to hide
//! from: while he holds no Merlin he is not asked, and his pass is played for him
//! ([`lone_pass_without_merlin`]).
//!
//! King Arthur's exchange, when the knight who must give a card back holds one card only, asks
//! him nothing: the engine leaves him one choice and the table, which sees how many cards each
//! knight holds, knows it. The app gives it back for him at once, on the table ([`forced_give_back`]).

use super::i18n::B;
use super::{Ctx, Live, use_ctx, words};
use crate::i18n::{t, tf, tn};
use camelot_board::sim::Step;
use camelot_board::{Action, Black, Event, Game, RuleError, Seat};
use leptos::prelude::*;

/// Whether the decision `seat` is to make now hides nothing and needs nothing private: it is
/// asked on the table.
pub fn is_public(game: &Game, seat: Seat) -> bool {
    let unmasked = game
        .table_view()
        .knights
        .get(seat.index())
        .is_some_and(|k| k.revealed);
    match game.glimpse(seat).step() {
        Step::Waiting => false,
        Step::ArmorKeep { .. } => false,
        Step::ExcaliburCancel { .. }
        | Step::ChooseFirstDealt
        | Step::Propose
        | Step::AcceptProposal => true,
        _ => unmasked,
    }
}

/// Whether the question `seat` is asked now on the table interrupts another knight's moment
/// (a black card being resolved): then it is asked on the screen of whoever holds the phone.
pub fn interrupts(game: &Game, seat: Seat) -> bool {
    matches!(game.glimpse(seat).step(), Step::ExcaliburCancel { .. })
}

/// The give-back after King Arthur's exchange that is no choice: the engine leaves the knight
/// one legal action, and the table can tell (he holds one white card: counts are public). The
/// seat and the action; `None` when he has a real choice (his hand is secret: the curtain stays)
/// or when only he could know that he has none (several cards of one kind).
pub fn forced_give_back(game: &Game) -> Option<(Seat, Action)> {
    let seat = game.decider()?;
    if game.glimpse(seat).step() != Step::GiveBack {
        return None;
    }
    let legal = game.legal_actions();
    let [action] = legal.as_slice() else {
        return None;
    };
    let one_card = game
        .table_view()
        .knights
        .get(seat.index())
        .is_some_and(|k| k.hand == 1);
    one_card.then_some((seat, *action))
}

/// The pass of one person playing alone with computer knights, asked in a Merlin round while he
/// holds no Merlin: the engine leaves him that one choice, and with nobody at the table to hide
/// it from, it is played for him at once instead of asking him to tap "Pass".
pub fn lone_pass_without_merlin(game: &Game, lone: Option<Seat>) -> Option<(Seat, Action)> {
    let seat = game.decider()?;
    if Some(seat) != lone || merlin_round(game, seat).is_none() {
        return None;
    }
    (game.legal_actions().as_slice() == [Action::Pass]).then_some((seat, Action::Pass))
}

/// The line that tells the table a give-back was played for a knight ([`forced_give_back`]).
pub fn forced_give_back_line(seat: Seat, names: &[String]) -> String {
    tf(
        B::give_back_forced,
        &[("name", &words::seat_name(names, seat))],
    )
}

/// The Merlin question the table is asked now.
#[derive(Clone, Debug, PartialEq)]
pub struct MerlinQuestion {
    /// The special black card the Merlins would cancel.
    pub card: Black,
    /// Merlins offered so far.
    pub committed: u8,
    /// The persons who may answer, in the order the engine asks them (computers answer alone).
    pub asked: Vec<Seat>,
}

/// The black card of the Merlin round `seat` is asked in now, if he is.
fn merlin_round(game: &Game, seat: Seat) -> Option<(Black, u8)> {
    match game.glimpse(seat).step() {
        Step::Merlins { card, committed } => Some((card, committed)),
        _ => None,
    }
}

impl Live {
    /// A person's give-back after King Arthur's exchange that is no choice ([`forced_give_back`]),
    /// played for him on the table: what he received waits for his next curtain. The move played.
    pub fn give_back_if_forced(&mut self, now_ms: f64) -> Option<Played> {
        let (seat, action) = forced_give_back(&self.game)?;
        self.play_for(seat, action, now_ms)
    }

    /// The lone person's pass in a Merlin round when he holds no Merlin
    /// ([`lone_pass_without_merlin`]), played for him. The move played.
    pub fn pass_if_no_merlin(&mut self, now_ms: f64) -> Option<Played> {
        let (seat, action) = lone_pass_without_merlin(&self.game, self.session.lone_person())?;
        self.play_for(seat, action, now_ms)
    }

    /// A person's move that is no choice, played for him on the table: what it brought him waits
    /// for his next curtain.
    fn play_for(&mut self, seat: Seat, action: Action, now_ms: f64) -> Option<Played> {
        if self.session.is_computer(seat) {
            return None;
        }
        let events = self
            .session
            .apply(&mut self.game, seat, action, now_ms)
            .ok()?;
        self.session.keep_for_later(seat, &events);
        Some(Played {
            seat,
            action,
            why: None,
            events,
        })
    }

    /// The Merlin question to ask the table now: a Merlin round is open and a person is the next
    /// one the engine asks, who has not answered yet. `None` otherwise.
    pub fn merlin_question(&self) -> Option<MerlinQuestion> {
        let seat = self.game.decider()?;
        if self.session.is_computer(seat) || self.answered == Some(seat) {
            return None;
        }
        let (card, committed) = merlin_round(&self.game, seat)?;
        let asked = self
            .round_seats()
            .into_iter()
            .filter(|s| !self.session.is_computer(*s))
            .collect();
        Some(MerlinQuestion {
            card,
            committed,
            asked,
        })
    }

    /// Every seat the open Merlin round still asks, in order: what the engine asks when each lets
    /// it pass (worked out on a copy of the game; the order of asking is public).
    pub fn round_seats(&self) -> Vec<Seat> {
        let mut game = self.game.clone();
        let mut seats = Vec::new();
        let Some(first) = game.decider() else {
            return seats;
        };
        let Some((card, _)) = merlin_round(&game, first) else {
            return seats;
        };
        while let Some(seat) = game.decider()
            && merlin_round(&game, seat).is_some_and(|(c, _)| c == card)
            && !seats.contains(&seat)
        {
            seats.push(seat);
            if game.apply(seat, Action::Pass).is_err() {
                break;
            }
        }
        seats
    }

    /// The table's answer to the Merlin question: `who` offers Merlins, or nobody. The round
    /// passes for every person the engine asks before `who` (or for all of them), the computer
    /// knights among them deciding as ever; then the curtain is for `who`. Returns each move
    /// played, with its events and a computer knight's reason.
    pub fn answer_merlin_question(
        &mut self,
        who: Option<Seat>,
        now_ms: f64,
    ) -> Result<Vec<Played>, RuleError> {
        let mut played = Vec::new();
        let Some(first) = self.game.decider() else {
            return Ok(played);
        };
        let Some((card, _)) = merlin_round(&self.game, first) else {
            return Ok(played);
        };
        if who.is_some_and(|w| !self.round_seats().contains(&w)) {
            return Ok(played);
        }
        while let Some(seat) = self.game.decider()
            && merlin_round(&self.game, seat).is_some_and(|(c, _)| c == card)
        {
            if Some(seat) == who {
                self.answered = Some(seat);
                break;
            }
            if !self.answer(seat, Action::Pass, now_ms, &mut played)? {
                break;
            }
        }
        Ok(played)
    }

    /// `seat` answers the table's question: a computer knight decides as ever, a person gives
    /// `person`. The move is added to `played`; `false` when a computer knight chose nothing.
    fn answer(
        &mut self,
        seat: Seat,
        person: Action,
        now_ms: f64,
        played: &mut Vec<Played>,
    ) -> Result<bool, RuleError> {
        let (action, why) = match self.session.sitter(seat).level() {
            Some(level) => {
                let Some((action, why)) = super::computer_decision(
                    &self.game,
                    seat,
                    level,
                    self.session.setup.seed,
                    self.session.moves.len(),
                ) else {
                    return Ok(false);
                };
                (action, Some(why))
            }
            None => (person, None),
        };
        let events = self.session.apply(&mut self.game, seat, action, now_ms)?;
        played.push(Played {
            seat,
            action,
            why,
            events,
        });
        Ok(true)
    }

    /// The persons the proposal on the table is still to be put to, in the order the engine asks
    /// them (computers answer alone); empty when no proposal waits.
    pub fn still_to_agree(&self) -> Vec<Seat> {
        let mut game = self.game.clone();
        let mut seats = Vec::new();
        while let Some(seat) = game.decider()
            && game.glimpse(seat).step() == Step::AcceptProposal
            && !seats.contains(&seat)
        {
            if !self.session.is_computer(seat) {
                seats.push(seat);
            }
            if game.apply(seat, Action::Accept).is_err() {
                break;
            }
        }
        seats
    }

    /// "Everyone agrees": every person still asked accepts the proposal on the table, in the
    /// engine's order; a computer knight asked among them decides as ever (if it rejects, the
    /// cards are dealt at random and nobody else is asked). Returns each move played.
    pub fn everyone_agrees(&mut self, now_ms: f64) -> Result<Vec<Played>, RuleError> {
        let mut played = Vec::new();
        while let Some(seat) = self.game.decider()
            && self.game.glimpse(seat).step() == Step::AcceptProposal
        {
            if !self.answer(seat, Action::Accept, now_ms, &mut played)? {
                break;
            }
        }
        Ok(played)
    }
}

/// One move played while answering the table's question.
#[derive(Debug)]
pub struct Played {
    pub seat: Seat,
    pub action: Action,
    pub why: Option<camelot_board::sim::Reason>,
    pub events: Vec<Event>,
}

impl Ctx {
    /// The table answered the Merlin question (see [`Live::answer_merlin_question`]): what was
    /// let pass is saved and told as any move is; the curtain then goes up for whoever answered.
    pub fn answer_merlin_question(&self, who: Option<Seat>) {
        crate::shell::let_go_of_focus();
        let mut outcome = None;
        self.live.update(|l| {
            if let Some(l) = l {
                outcome = Some(l.answer_merlin_question(who, super::now_ms()));
            }
        });
        self.answered(outcome, || {
            // Whoever answered takes the phone behind his curtain; when nobody offers, or the one
            // holding the phone does, he keeps it if the next decision is his.
            if who.is_some() && who != self.lifted.get_untracked() {
                self.lifted.set(None);
            } else {
                self.keep_or_cover();
            }
        });
    }

    /// The whole table agrees to the proposal ([`Live::everyone_agrees`]): saved and told as any
    /// move is.
    pub fn everyone_agrees(&self) {
        crate::shell::let_go_of_focus();
        let mut outcome = None;
        self.live.update(|l| {
            if let Some(l) = l {
                outcome = Some(l.everyone_agrees(super::now_ms()));
            }
        });
        self.answered(outcome, || {});
    }

    /// What answering a question on the table played: told and saved as any move is, after
    /// `phone` has settled who holds the phone; a refusal is said.
    fn answered(&self, outcome: Option<Result<Vec<Played>, RuleError>>, phone: impl FnOnce()) {
        match outcome {
            None => {}
            Some(Err(e)) => {
                let names = self.names.get_untracked();
                self.message.set(Some(words::error_reason(&e, &names)));
            }
            Some(Ok(played)) => {
                self.message.set(None);
                phone();
                for p in &played {
                    self.tell(p.seat, &p.action, p.why.as_ref(), &p.events);
                }
                if !played.is_empty() {
                    self.save();
                }
                self.schedule_computer();
            }
        }
    }
}

/// The Merlin question, where the buttons of a decision are: the card it is about, "Nobody — go
/// on", and one button per person asked.
#[component]
pub fn MerlinQuestionView(question: MerlinQuestion) -> impl IntoView {
    let ctx = use_ctx();
    let names = ctx.names.get_untracked();
    let card = words::black_name(question.card);
    let effect = words::black_effect(question.card);
    let so_far = (question.committed > 0).then(|| {
        view! {
            <p data-testid="merlin-question-committed">
                {tn(B::merlin_question_committed, question.committed as i64, &[])}
            </p>
        }
    });
    view! {
        <section class="table-question" data-testid="merlin-question" data-focus-start>
            <h3>{tf(B::merlin_question_title, &[("card", &card)])}</h3>
            <p class="card-effect">{effect}</p>
            {so_far}
            <p>{t(B::merlin_question_text)}</p>
            <ul class="action-list">
                {question.asked.iter().map(|&seat| {
                    let name = words::seat_name(&names, seat);
                    view! {
                        <li>
                            <button class="action" data-testid=format!("merlin-question-{}", seat.0)
                                on:click=move |_| ctx.answer_merlin_question(Some(seat))>
                                {tf(B::merlin_question_me, &[("name", &name)])}
                            </button>
                        </li>
                    }
                }).collect_view()}
                <li>
                    <button class="action primary" data-testid="merlin-question-nobody"
                        on:click=move |_| ctx.answer_merlin_question(None)>
                        {t(B::merlin_question_nobody)}
                    </button>
                </li>
            </ul>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::session::{Session, Sitter};
    use camelot_board::Setup;
    use camelot_kit::Level;

    fn names(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("P{i}")).collect()
    }

    /// Plays `live` with the computer knights' choices until `stop` holds (or the game ends).
    fn play_until(live: &mut Live, mut stop: impl FnMut(&Live) -> bool) -> bool {
        for _ in 0..5000 {
            if stop(live) {
                return true;
            }
            let Some(seat) = live.game.decider() else {
                return false;
            };
            let (action, _) = crate::board::computer_decision(
                &live.game,
                seat,
                Level::Solid,
                live.session.setup.seed,
                live.session.moves.len(),
            )
            .unwrap();
            live.session
                .apply(&mut live.game, seat, action, 0.0)
                .unwrap();
        }
        false
    }

    fn table(seed: u64, players: u8) -> Live {
        let session = Session::new(
            "a".into(),
            names(players as usize),
            vec![Sitter::Person; players as usize],
            Setup::new(players, seed),
            0.0,
        );
        let game = session.game().unwrap();
        Live {
            session,
            game,
            answered: None,
        }
    }

    /// Excalibur's sacrifice, the opening's deal and an unmasked Traitor's choices are asked on
    /// the table; a knight's own turn, his Merlins and Lancelot's Armor are his secret.
    #[test]
    fn only_questions_that_hide_nothing_are_asked_on_the_table() {
        let (mut excalibur, mut share, mut turn) = (0, 0, 0);
        for seed in 0..40 {
            let mut live = table(seed, 5);
            play_until(&mut live, |l| {
                let Some(seat) = l.game.decider() else {
                    return true;
                };
                let public = is_public(&l.game, seat);
                match l.game.glimpse(seat).step() {
                    Step::ExcaliburCancel { .. } => {
                        assert!(public);
                        excalibur += 1;
                    }
                    Step::Propose | Step::AcceptProposal | Step::ChooseFirstDealt => {
                        assert!(public);
                        share += 1;
                    }
                    Step::ArmorKeep { .. }
                    | Step::Merlins { .. }
                    | Step::OpeningOffer
                    | Step::FaceChoice { .. }
                    | Step::Discard { .. } => assert!(!public),
                    Step::Turn => {
                        let unmasked = l.game.table_view().knights[seat.index()].revealed;
                        assert_eq!(public, unmasked);
                        turn += 1;
                    }
                    _ => {}
                }
                false
            });
        }
        assert!(
            excalibur > 0 && share > 0 && turn > 0,
            "{excalibur} {share} {turn}"
        );
    }

    /// King Arthur's exchange with a knight who holds one white card: the give-back, his only
    /// choice, is played for him on the table (no curtain); he is told later what he received, and
    /// the log says so. With a real choice he keeps it, behind his curtain.
    #[test]
    fn a_give_back_that_is_no_choice_is_played_on_the_table() {
        crate::i18n::set_texts(crate::i18n::checks::pack::<B>(crate::i18n::Lang::En));
        let (mut forced, mut chosen) = (0, 0);
        for seed in 0..60 {
            let mut live = table(seed, 5);
            play_until(&mut live, |l| {
                let Some(arthur) = l.game.decider() else {
                    return true;
                };
                for action in l.game.legal_actions() {
                    let Action::ArthurExchange { to, .. } = action else {
                        continue;
                    };
                    let mut l = l.clone();
                    l.session.apply(&mut l.game, arthur, action, 0.0).unwrap();
                    let hand = l.game.table_view().knights[to.index()].hand;
                    let choices = l.game.legal_actions();
                    let told = l.session.notices_for(to).len();
                    match l.give_back_if_forced(0.0) {
                        Some(p) => {
                            assert_eq!((hand, choices.len()), (1, 1));
                            assert_eq!((p.seat, p.action), (to, choices[0]));
                            assert!(
                                p.events
                                    .iter()
                                    .any(|e| matches!(e, Event::ArthurExchanged { .. })),
                                "given back"
                            );
                            assert!(forced_give_back(&l.game).is_none());
                            assert_eq!(l.session.notices_for(to).len(), told + 1, "told later");
                            let log = crate::board::log::last_lines(&l.session, 1);
                            assert_eq!(log, [forced_give_back_line(to, &l.session.names)]);
                            forced += 1;
                        }
                        None => {
                            assert!(hand > 1, "{hand}");
                            assert_eq!(l.game.decider(), Some(to), "his own choice");
                            chosen += 1;
                        }
                    }
                }
                false
            });
        }
        assert!(forced > 0 && chosen > 0, "{forced} {chosen}");
    }

    /// One person alone with computer knights is not asked to pass a Merlin round while he holds
    /// no Merlin: the pass is played for him. Holding one, he is asked; at a table of several
    /// persons, everyone is asked whatever he holds.
    #[test]
    fn a_lone_person_without_a_merlin_is_not_asked_to_pass() {
        let (mut passed, mut asked, mut at_table) = (0, 0, 0);
        for seed in 0..40 {
            let mut sitters = vec![
                Sitter::Computer {
                    level: Level::Solid
                };
                4
            ];
            sitters[0] = Sitter::Person;
            let session = Session::new("a".into(), names(4), sitters, Setup::new(4, seed), 0.0);
            let game = session.game().unwrap();
            let mut live = Live {
                session,
                game,
                answered: None,
            };
            let mut crowd = table(seed, 4);
            play_until(&mut crowd, |l| {
                if let Some(seat) = l.game.decider()
                    && merlin_round(&l.game, seat).is_some()
                {
                    assert_eq!(
                        lone_pass_without_merlin(&l.game, l.session.lone_person()),
                        None
                    );
                    at_table += 1;
                }
                false
            });
            play_until(&mut live, |l| {
                let Some(seat) = l.game.decider() else {
                    return true;
                };
                let Some((card, _)) = merlin_round(&l.game, seat) else {
                    return false;
                };
                let mut l = l.clone();
                let holds = l
                    .game
                    .glimpse(seat)
                    .hand()
                    .has(camelot_board::White::Merlin);
                match l.pass_if_no_merlin(0.0) {
                    Some(p) => {
                        assert!(!holds && seat == Seat(0), "{seat:?}");
                        assert_eq!((p.seat, p.action), (seat, Action::Pass));
                        let again = l.game.decider().and_then(|s| merlin_round(&l.game, s));
                        assert!(
                            l.game.decider() != Some(seat) || again.is_none_or(|(c, _)| c != card),
                            "the round went on"
                        );
                        passed += 1;
                    }
                    None => {
                        assert!(holds || seat != Seat(0), "{seat:?}");
                        asked += usize::from(seat == Seat(0));
                    }
                }
                false
            });
        }
        assert!(
            passed > 0 && asked > 0 && at_table > 0,
            "{passed} {asked} {at_table}"
        );
    }

    /// The Merlin round: the table is asked once; "Nobody" passes for every person asked, and
    /// whoever says he offers gets the curtain after the persons asked before him passed.
    #[test]
    fn the_merlin_round_is_asked_once_on_the_table() {
        let (mut nobody, mut someone) = (0, 0);
        for seed in 0..200 {
            let mut live = table(seed, 4);
            if !play_until(&mut live, |l| l.merlin_question().is_some()) {
                continue;
            }
            let q = live.merlin_question().unwrap();
            assert_eq!(q.asked, live.round_seats(), "all persons here");
            if seed % 2 == 0 {
                let played = live.answer_merlin_question(None, 0.0).unwrap();
                assert_eq!(played.len(), q.asked.len());
                assert!(played.iter().all(|p| p.action == Action::Pass));
                assert!(live.merlin_question().is_none(), "the round is over");
                nobody += 1;
            } else {
                let who = *q.asked.last().unwrap();
                let played = live.answer_merlin_question(Some(who), 0.0).unwrap();
                assert_eq!(played.len(), q.asked.len() - 1);
                assert_eq!(live.game.decider(), Some(who));
                assert_eq!(live.answered, Some(who));
                assert!(
                    live.merlin_question().is_none(),
                    "his curtain, not the question"
                );
                someone += 1;
            }
        }
        assert!(nobody > 0 && someone > 0, "{nobody} {someone}");
    }

    /// A table that proposes how to share the opening's cards (each card to the next knight)
    /// until the proposal is put to the others: the game there, or `None` if it never is.
    fn proposed(seed: u64, computer: Option<Seat>) -> Option<Live> {
        let mut live = table(seed, 4);
        live.session.loyalty_looks.clear();
        if let Some(seat) = computer {
            live.session.sitters[seat.index()] = Sitter::Computer {
                level: Level::Solid,
            };
        }
        for _ in 0..100 {
            let seat = live.game.decider()?;
            let action = match live.game.glimpse(seat).step() {
                Step::AcceptProposal => return Some(live),
                Step::Propose => {
                    let to: Vec<Action> = live
                        .game
                        .legal_actions()
                        .into_iter()
                        .filter(|a| matches!(a, Action::Propose { .. }))
                        .collect();
                    to[live.session.moves.len() % to.len()]
                }
                _ => crate::board::computer_decision(&live.game, seat, Level::Solid, seed, 0)?.0,
            };
            live.session
                .apply(&mut live.game, seat, action, 0.0)
                .unwrap();
        }
        None
    }

    /// A proposal put to the table: "Everyone agrees" accepts it for every person still asked,
    /// in one tap, and the cards are shared as agreed; with a computer knight among those asked,
    /// it answers for itself.
    #[test]
    fn everyone_agrees_in_one_tap() {
        for seed in 0..5 {
            let mut live = proposed(seed, None).expect("a proposal");
            let asked = live.still_to_agree();
            assert_eq!(asked.len(), 3, "the three others are asked");
            let played = live.everyone_agrees(0.0).unwrap();
            assert_eq!(played.len(), asked.len());
            assert!(played.iter().all(|p| p.action == Action::Accept));
            assert!(
                played.last().unwrap().events.iter().any(|e| matches!(
                    e,
                    Event::CardsShared {
                        at_random: false,
                        ..
                    }
                )),
                "the cards are shared as agreed"
            );
            assert!(live.still_to_agree().is_empty());
        }
        // A computer knight among those asked answers for itself.
        let mut live = proposed(3, Some(Seat(2))).expect("a proposal");
        assert_eq!(live.still_to_agree().len(), 2, "the persons only");
        let played = live.everyone_agrees(0.0).unwrap();
        assert!(played.iter().any(|p| p.seat == Seat(2) && p.why.is_some()));
    }

    /// A question that interrupts a knight's moment (Excalibur's sacrifice when he draws a black
    /// card, the Merlin round of a special one) leaves him the phone: it is asked on his screen.
    /// When the phone must pass (another person's decision), it does not.
    #[test]
    fn a_question_that_interrupts_a_moment_leaves_the_phone_with_its_holder() {
        use crate::board::{Need, keeps_phone, need_of};
        let (mut kept, mut passed) = (0, 0);
        for seed in 0..200 {
            let mut live = table(seed, 4);
            live.session.loyalty_looks.clear();
            if !play_until(&mut live, |l| {
                l.game.decider().is_some_and(|s| {
                    matches!(l.game.glimpse(s).step(), Step::ExcaliburCancel { .. })
                        && l.game.table_view().current != s
                })
            }) {
                continue;
            }
            let holder = live.game.table_view().current;
            assert!(keeps_phone(&live, holder), "seed {seed}");
            kept += 1;
            let other = live.game.decider().unwrap();
            if other != holder {
                // Whoever else decides behind his curtain takes the phone.
                play_until(
                    &mut live,
                    |l| matches!(need_of(l), Need::Person(s) if s != holder),
                );
                if let Need::Person(_) = need_of(&live) {
                    assert!(!keeps_phone(&live, holder));
                    passed += 1;
                }
            }
        }
        assert!(kept > 0 && passed > 0, "{kept} {passed}");
    }
}
