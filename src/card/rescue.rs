//! *Knights to the Rescue* at a real table. When a Knight card may be played — Arthur's window
//! before a quest's pile is revealed, Gawain's once it is tallied, Percival's at an accusation and
//! at the end — the table is asked one public question, "Does anyone play a Knight card now?",
//! instead of the phone going behind the curtain to every holder in turn. Whoever says so gets the
//! phone; "Nobody" lets the window pass for every player asked, and the computer knights answer for
//! themselves as ever. Every player the engine would ask (everyone holding Knight cards, which the
//! table sees) is offered the same answer whatever cards they hold, so nothing is learnt from who
//! is asked; a player who answers but holds no such card is told so behind the curtain and lets it
//! pass, and the table sees only that the window went on. No rule changes: the engine still asks
//! each holder in turn, and the app sends the windows let pass by those who said nothing.

use super::bots::ComputerMove;
use super::curtain::quest_totals;
use super::words::{computer_line, quest_name, rule_error_text, why_line};
use super::{Ctx, Live, now_ms, use_ctx};
use crate::i18n::{K, t, tf};
use camelot_card::{Action, Decision, Event, RuleError, Seat};
use leptos::prelude::*;
use std::mem::discriminant;

/// Whether `d` is a Knight card's window (Arthur, Gawain, Percival), open to every holder.
pub fn is_window(d: Decision) -> bool {
    matches!(
        d,
        Decision::ArthurWindow { .. }
            | Decision::GawainWindow
            | Decision::PercivalAccusation { .. }
            | Decision::PercivalEnd
    )
}

/// Whether `d` is still the window `open` (another holder asked), not the next one.
fn same_window(d: Decision, open: Decision) -> bool {
    is_window(d) && discriminant(&d) == discriminant(&open)
}

/// The question the table is asked now.
#[derive(Clone, Debug, PartialEq)]
pub struct KnightQuestion {
    pub decision: Decision,
    /// The people who may answer, in the order the engine asks them (computers answer alone).
    pub asked: Vec<Seat>,
}

impl Live {
    /// The Knight question to ask the table now: a window is open and a person is the next one the
    /// engine asks, who has not answered yet. `None` otherwise (a computer answers first, or the
    /// phone went to whoever answered, or an owed screen comes first).
    pub fn knight_question(&self) -> Option<KnightQuestion> {
        if !self.session.owed.is_empty() {
            return None;
        }
        let (seat, decision) = self.game.decider()?;
        if !is_window(decision) || self.session.is_computer(seat) || self.answered == Some(seat) {
            return None;
        }
        let asked = self
            .window_seats()
            .into_iter()
            .filter(|s| !self.session.is_computer(*s))
            .collect();
        Some(KnightQuestion { decision, asked })
    }

    /// Every seat the open window still asks, in order: what the engine asks when each lets it pass
    /// (worked out on a copy of the game).
    pub fn window_seats(&self) -> Vec<Seat> {
        let mut game = self.game.clone();
        let mut seats = Vec::new();
        let Some((_, open)) = game.decider() else {
            return seats;
        };
        while let Some((seat, d)) = game.decider()
            && same_window(d, open)
            && !seats.contains(&seat)
        {
            seats.push(seat);
            if game.apply(seat, Action::PassWindow).is_err() {
                break;
            }
        }
        seats
    }
}

/// What answering the Knight question played: the events of every window let pass (or played by a
/// computer knight) in order, and the computer knights' moves among them.
#[derive(Debug, Default)]
pub struct Answered {
    /// How many actions were played (a window let pass by a player shows no event).
    pub played: usize,
    pub events: Vec<Event>,
    pub computer_moves: Vec<ComputerMove>,
}

impl Live {
    /// The table's answer to the Knight question: `who` plays one, or nobody. The window passes for
    /// every person the engine asks before `who` (or for all of them), the computer knights among
    /// them deciding as ever; then `who` is the one the curtain is for. Nothing happens for a
    /// player the window does not ask.
    pub fn answer_knight_question(
        &mut self,
        who: Option<Seat>,
        now_ms: f64,
    ) -> Result<Answered, RuleError> {
        let mut answered = Answered::default();
        let Some((_, open)) = self.game.decider() else {
            return Ok(answered);
        };
        if !is_window(open) || who.is_some_and(|w| !self.window_seats().contains(&w)) {
            return Ok(answered);
        }
        while let Some((seat, d)) = self.game.decider()
            && same_window(d, open)
        {
            if Some(seat) == who {
                self.answered = Some(seat);
                break;
            }
            if self.session.is_computer(seat) {
                let Some(m) = self.play_computer(now_ms) else {
                    break;
                };
                let m = m?;
                answered.played += 1;
                answered.events.extend(m.events.iter().cloned());
                answered.computer_moves.push(m);
            } else {
                answered
                    .events
                    .extend(self.apply(seat, Action::PassWindow, now_ms)?);
                answered.played += 1;
            }
        }
        Ok(answered)
    }
}

impl Ctx {
    /// The table answered the Knight question (see [`Live::answer_knight_question`]): what was let
    /// pass is saved and shown as any move is; the curtain then goes up for whoever answered.
    pub fn answer_knight_question(&self, who: Option<Seat>) {
        let now = now_ms();
        let mut outcome = None;
        let mut turn = 0;
        self.live.update(|l| {
            if let Some(l) = l {
                turn = l.game.turn();
                outcome = Some(l.answer_knight_question(who, now));
            }
        });
        match outcome {
            None => {}
            Some(Err(e)) => self
                .message
                .set(Some(rule_error_text(&e, &|s| self.name(s)))),
            Some(Ok(a)) if a.played == 0 => {}
            Some(Ok(a)) => {
                self.message.set(None);
                self.save();
                let names = self.names.get_untracked();
                let name = |s: Seat| names.get(s.index()).cloned().unwrap_or_else(|| "?".into());
                // A computer knight that played its card says so, as after any computer move.
                let why = a.computer_moves.iter().rev().find_map(|m| {
                    let text = why_line(&m.choice, &name)?;
                    Some(computer_line(&name(m.seat), &text))
                });
                if why.is_some() {
                    self.show_computer_lines();
                    self.computer_line_ms.set_value(Some(now));
                }
                self.after(a.events, now, turn, why);
            }
        }
    }
}

/// The public question, where the turn's buttons are: what the window is for, "Nobody — go on",
/// and one button per player asked.
#[component]
pub fn KnightQuestionView(question: KnightQuestion) -> impl IntoView {
    let ctx = use_ctx();
    let about = match question.decision {
        Decision::ArthurWindow { quester, quest } => tf(
            K::curtain_arthur_text,
            &[("name", &ctx.name(quester)), ("quest", &quest_name(quest))],
        ),
        Decision::PercivalAccusation { target } => {
            tf(K::curtain_percival_accused, &[("name", &ctx.name(target))])
        }
        Decision::PercivalEnd => t(K::curtain_percival_end).into(),
        _ => t(K::curtain_gawain_text).into(),
    };
    let totals = (question.decision == Decision::GawainWindow)
        .then(|| ctx.view.with_untracked(|v| v.as_ref().map(quest_totals)));
    view! {
        <div class="knight-question" data-testid="knight-question">
            <h3>{t(K::table_knight_question)}</h3>
            <p>{about}</p>
            {totals}
            <button class="primary big" data-testid="knight-nobody"
                on:click=move |_| ctx.answer_knight_question(None)>{t(K::table_knight_nobody)}</button>
            <p class="hint" id="knight-who">{t(K::table_knight_who)}</p>
            <div class="choices" role="group" aria-labelledby="knight-who">
                {question.asked.into_iter().map(|s| view! {
                    <button data-testid=format!("knight-answer-{}", s.0)
                        on:click=move |_| ctx.answer_knight_question(Some(s))>{ctx.name(s)}</button>
                }).collect_view()}
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::super::curtain_need;
    use super::*;
    use crate::card::session::{Session, Sitter};
    use camelot_card::Setup;
    use camelot_card::bot::Level;
    use camelot_card::{Options, Played};

    fn expert(sitters: &[Sitter], seed: u64) -> Live {
        let names: Vec<String> = (0..sitters.len()).map(|i| format!("P{i}")).collect();
        let setup = Setup {
            options: Options {
                knights_to_the_rescue: true,
                ..Options::default()
            },
            ..Setup::new(sitters.len() as u8, seed)
        };
        let s = Session::new("t".into(), names, setup, 0.0).seated(sitters.to_vec());
        let game = s.game().unwrap();
        Live::new(s, game).unwrap()
    }

    const PEOPLE: [Sitter; 5] = [Sitter::Person; 5];

    /// Plays on (listening, going on the first quest allowed once the pile holds 3 cards, letting
    /// windows pass, computers deciding) until a person is asked in a window open to at least
    /// `holders` seats.
    fn to_window(l: &mut Live, holders: usize) -> bool {
        for n in 0..5000 {
            l.session.owed.clear();
            let Some((seat, d)) = l.game.decider() else {
                return false;
            };
            if is_window(d) && l.knight_question().is_some() && l.window_seats().len() >= holders {
                return true;
            }
            if l.computer_due().is_some() {
                l.play_computer(0.0).unwrap().unwrap();
                continue;
            }
            let legal = l.game.legal_actions();
            let a = if is_window(d) {
                Action::PassWindow
            } else if let Some(q) = legal
                .iter()
                .find(|a| matches!(a, Action::GoOnQuest { .. }))
                .filter(|_| l.game.table_view().pile_count >= 3)
            {
                *q
            } else if legal.contains(&Action::ListenToRumors) {
                Action::ListenToRumors
            } else {
                legal[n % legal.len()]
            };
            l.apply(seat, a, 0.0).unwrap();
        }
        false
    }

    #[test]
    fn a_knight_window_asks_the_table_instead_of_passing_the_phone() {
        let mut l = expert(&PEOPLE[..4], 5);
        assert!(to_window(&mut l, 2));
        let (first, d) = l.game.decider().unwrap();
        let q = l.knight_question().expect("the table is asked");
        assert_eq!(q.decision, d);
        assert_eq!(q.asked, l.window_seats());
        assert_eq!(q.asked[0], first);
        assert_eq!(
            curtain_need(&l, None),
            None,
            "no curtain before anyone answers"
        );
        // Anyone may still look at their own cards meanwhile.
        assert_eq!(curtain_need(&l, Some(first)).map(|n| n.seat), Some(first));
    }

    #[test]
    fn nobody_lets_the_window_pass_for_every_player_asked_at_once() {
        for seed in 0..12 {
            let mut l = expert(&PEOPLE, seed);
            assert!(to_window(&mut l, 2), "seed {seed}");
            let (_, open) = l.game.decider().unwrap();
            let asked = l.knight_question().unwrap().asked;
            let before = l.session.actions.len();
            let a = l.answer_knight_question(None, 0.0).unwrap();
            assert_eq!(a.played, asked.len(), "saved even when no event shows");
            let played: Vec<Played> = l.session.actions[before..].to_vec();
            assert_eq!(
                played,
                asked
                    .iter()
                    .map(|&seat| Played {
                        seat,
                        action: Action::PassWindow
                    })
                    .collect::<Vec<_>>(),
                "seed {seed}: one pass for each player asked, in order"
            );
            assert!(
                l.game.decider().is_none_or(|(_, d)| !same_window(d, open)),
                "seed {seed}: the window is over"
            );
            assert_eq!(l.answered, None);
        }
    }

    #[test]
    fn the_player_who_answers_gets_the_phone_after_the_others_before_them_let_it_pass() {
        let mut tried = 0;
        for seed in 0..30 {
            let mut l = expert(&PEOPLE, seed);
            if !to_window(&mut l, 3) {
                continue;
            }
            tried += 1;
            let KnightQuestion {
                decision: open,
                asked,
            } = l.knight_question().unwrap();
            let who = asked[2];
            let before = l.session.actions.len();
            l.answer_knight_question(Some(who), 0.0).unwrap();
            assert_eq!(l.session.actions.len(), before + 2, "the two asked before");
            assert_eq!(l.answered, Some(who));
            assert_eq!(l.game.decider().map(|(s, _)| s), Some(who));
            assert_eq!(curtain_need(&l, None).map(|n| n.seat), Some(who));
            assert_eq!(l.knight_question(), None, "the question is answered");
            // Behind the curtain they let it pass (they hold no such card, or changed their mind):
            // the question goes to the table again for whoever is left, and says nothing more.
            l.apply(who, Action::PassWindow, 0.0).unwrap();
            assert_eq!(l.answered, None);
            if let Some(q) = l.knight_question()
                && same_window(q.decision, open)
            {
                assert_eq!(q.asked, asked[3..]);
            }
        }
        assert!(tried >= 3, "only {tried} windows with three holders");
    }

    #[test]
    fn only_a_player_the_window_asks_can_answer() {
        let mut l = expert(&PEOPLE, 5);
        assert!(to_window(&mut l, 1));
        let asked = l.window_seats();
        let other = (0..5)
            .map(Seat)
            .find(|s| !asked.contains(s))
            .expect("a player without Knight cards");
        let before = l.session.actions.len();
        let a = l.answer_knight_question(Some(other), 0.0).unwrap();
        assert_eq!(a.played, 0);
        assert!(a.events.is_empty());
        assert_eq!(l.session.actions.len(), before);
        assert_eq!(l.answered, None);
    }

    #[test]
    fn every_player_holding_knight_cards_is_asked_and_computers_answer_for_themselves() {
        let sitters = [
            Sitter::Person,
            Sitter::Computer {
                level: Level::Expert,
            },
            Sitter::Person,
            Sitter::Computer {
                level: Level::Solid,
            },
            Sitter::Person,
        ];
        let mut computers_asked = 0;
        for seed in 0..30 {
            let mut l = expert(&sitters, seed);
            if !to_window(&mut l, 2) {
                continue;
            }
            let v = l.game.table_view();
            let q = l.knight_question().unwrap();
            let seats = l.window_seats();
            for s in &seats {
                assert!(v.seats[s.index()].knight_cards > 0, "only Knight holders");
            }
            assert_eq!(
                q.asked,
                seats
                    .iter()
                    .copied()
                    .filter(|s| !l.session.is_computer(*s))
                    .collect::<Vec<_>>(),
                "every person the engine asks, whatever cards they hold"
            );
            let computers: Vec<Seat> = seats
                .iter()
                .copied()
                .filter(|s| l.session.is_computer(*s))
                .collect();
            computers_asked += computers.len();
            let before = l.session.actions.len();
            let a = l.answer_knight_question(None, 0.0).unwrap();
            let deciders: Vec<Seat> = l.session.actions[before..]
                .iter()
                .map(|p| p.seat)
                .filter(|s| l.session.is_computer(*s))
                .collect();
            assert_eq!(
                deciders,
                a.computer_moves.iter().map(|m| m.seat).collect::<Vec<_>>(),
                "the computers' moves are theirs"
            );
        }
        assert!(computers_asked > 0, "no window asked a computer too");
    }
}
