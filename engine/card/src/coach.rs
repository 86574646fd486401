//! The coach of a first game ([`Lesson`], [`lessons_due`]): which rules matter to a seat at the
//! decision in front of it, read from that seat's own view only, so a tip can never give away
//! another seat's cards or Loyalty. The app words each lesson and shows the first one its player
//! has not seen yet; the engine only says which rules the moment is about.

use crate::{Action, Card, Decision, Loyalty, Prompt, Quest, SeatView};
use serde::{Deserialize, Serialize};

/// A rule the coach explains the first time it matters, named after the rule book's parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "lesson", content = "quest")]
pub enum Lesson {
    /// *Game Turn*: one action a turn, Listen to Rumors, Go on a Quest or Accuse.
    Turn,
    /// *Listening to Rumors*: the card drawn goes on top of the Threats pile, and the top card's
    /// symbol opens its quest.
    ThreatsPile,
    /// *Going on a Quest*, this quest: what it is worth and how its total is read.
    Quest(Quest),
    /// *Important Note*: a Morgan laid on the pile brings silence until a Merlin or a quest.
    Silence,
    /// Morgan #1: the card drawn is seen alone and announced.
    Announce,
    /// A Merlin on the pile: it ends the silence and helps at the next quest.
    Merlin,
    /// *Game End*: the swords on the table and how the game ends on them.
    Swords,
    /// *Making an Accusation*, now that it is allowed.
    Accusation,
    /// Vivien: the exchange of Loyalty cards.
    Vivien,
    /// *Knights to the Rescue*: the Knight cards the seat holds.
    KnightCards,
    /// A Knight card may be played now (Arthur, Gawain or Percival).
    Rescue,
    /// *The Traitor*: the seat holds the Traitor card.
    Traitor,
}

impl Lesson {
    /// The lesson's name in a page and its tests (`"threats_pile"`, `"quest-grail"`).
    pub fn code(self) -> String {
        let code = match self {
            Lesson::Quest(q) => return format!("quest-{}", q.code()),
            Lesson::Turn => "turn",
            Lesson::ThreatsPile => "threats_pile",
            Lesson::Silence => "silence",
            Lesson::Announce => "announce",
            Lesson::Merlin => "merlin",
            Lesson::Swords => "swords",
            Lesson::Accusation => "accusation",
            Lesson::Vivien => "vivien",
            Lesson::KnightCards => "knight_cards",
            Lesson::Rescue => "rescue",
            Lesson::Traitor => "traitor",
        };
        code.to_string()
    }

    /// Every lesson, in the order the coach prefers when several come due at one decision.
    pub const ORDER: [Lesson; 16] = [
        Lesson::Traitor,
        Lesson::Turn,
        Lesson::Announce,
        Lesson::Vivien,
        Lesson::Rescue,
        Lesson::Silence,
        Lesson::Merlin,
        Lesson::ThreatsPile,
        Lesson::Swords,
        Lesson::Accusation,
        Lesson::KnightCards,
        Lesson::Quest(Quest::Picts),
        Lesson::Quest(Quest::Saxons),
        Lesson::Quest(Quest::Dragon),
        Lesson::Quest(Quest::Excalibur),
        Lesson::Quest(Quest::Grail),
    ];
}

/// The lessons that matter to `sv`'s seat at the decision in front of it, in [`Lesson::ORDER`]:
/// empty when it is not this seat's decision. Read from the seat's own view alone.
pub fn lessons_due(sv: &SeatView) -> Vec<Lesson> {
    let legal = &sv.legal_actions;
    if legal.is_empty() {
        return Vec::new();
    }
    let t = &sv.table;
    let has = |f: &dyn Fn(&Action) -> bool| legal.iter().any(f);
    let turn = matches!(t.decider, Some((s, Decision::Turn)) if s == sv.seat)
        && has(&|a| matches!(a, Action::ListenToRumors | Action::GoOnQuest { .. }));
    let top = t.top.map(|c| c.shown());
    let mut due = Vec::new();
    for lesson in Lesson::ORDER {
        let now = match lesson {
            Lesson::Traitor => sv.loyalty == Some(Loyalty::Traitor),
            Lesson::Turn => turn,
            Lesson::Announce => matches!(sv.prompt, Some(Prompt::Announce { .. })),
            Lesson::Vivien => matches!(
                sv.prompt,
                Some(Prompt::VivienRecipient | Prompt::VivienKeep { .. })
            ),
            Lesson::Rescue => matches!(
                sv.prompt,
                Some(
                    Prompt::ArthurWindow {
                        holds_arthur: true,
                        ..
                    } | Prompt::GawainWindow { holds_gawain: true }
                        | Prompt::PercivalAccusation {
                            holds_percival: true,
                            ..
                        }
                        | Prompt::PercivalEnd {
                            holds_percival: true
                        }
                )
            ),
            Lesson::Silence => t.silence.is_some(),
            Lesson::Merlin => top.is_some_and(Card::is_merlin),
            Lesson::ThreatsPile => turn && t.pile_count > 0,
            Lesson::Swords => t.swords.total() > 0,
            Lesson::Accusation => has(&|a| matches!(a, Action::Accuse { .. })),
            Lesson::KnightCards => !sv.knights.is_empty(),
            Lesson::Quest(q) => {
                turn && has(&|a| matches!(a, Action::GoOnQuest { quest } if *quest == q))
            }
        };
        if now {
            due.push(lesson);
        }
    }
    due
}

/// The first of the lessons due at `sv`'s decision that is not among those `seen`.
pub fn next_lesson(sv: &SeatView, seen: &[Lesson]) -> Option<Lesson> {
    lessons_due(sv).into_iter().find(|l| !seen.contains(l))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Seat, Setup};

    fn view(game: &Game) -> SeatView {
        let (seat, _) = game.decider().expect("the game goes on");
        game.seat_view(seat).expect("a seat")
    }

    /// Plays on (Listening to Rumors, going on a quest once the pile holds four cards) until
    /// `stop` holds of the decider's view.
    fn play_until(game: &mut Game, stop: impl Fn(&SeatView) -> bool) -> SeatView {
        for _ in 0..2000 {
            let sv = view(game);
            if stop(&sv) {
                return sv;
            }
            let legal = &sv.legal_actions;
            let quest = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::GoOnQuest { .. }))
                .filter(|_| sv.table.pile_count >= 4);
            let pick = quest
                .or_else(|| {
                    legal
                        .iter()
                        .copied()
                        .find(|a| matches!(a, Action::ListenToRumors))
                })
                .unwrap_or(legal[0]);
            game.apply(sv.seat, pick).expect("legal");
        }
        panic!("never came");
    }

    #[test]
    fn the_coach_names_no_lesson_to_a_seat_that_is_not_deciding() {
        let game = Game::new(Setup::new(4, 3)).unwrap();
        let (decider, _) = game.decider().unwrap();
        let other = Seat((decider.0 + 1) % 4);
        assert!(lessons_due(&game.seat_view(other).unwrap()).is_empty());
        assert!(!lessons_due(&game.seat_view(decider).unwrap()).is_empty());
    }

    #[test]
    fn the_first_decision_of_a_game_is_about_the_turn() {
        let game = Game::new(Setup::new(4, 3)).unwrap();
        let sv = view(&game);
        let due = lessons_due(&sv);
        assert_eq!(due.first(), Some(&Lesson::Turn), "{due:?}");
        // An empty pile opens no quest, and nothing else is due yet.
        assert!(
            !due.iter().any(|l| matches!(l, Lesson::Quest(_))),
            "{due:?}"
        );
        assert!(!due.contains(&Lesson::ThreatsPile));
    }

    #[test]
    fn a_card_on_the_pile_teaches_the_pile_then_the_quest_it_opens() {
        let mut game = Game::new(Setup::new(4, 3)).unwrap();
        let sv = play_until(&mut game, |sv| {
            sv.table.pile_count > 0
                && sv
                    .legal_actions
                    .iter()
                    .any(|a| matches!(a, Action::GoOnQuest { .. }))
        });
        let due = lessons_due(&sv);
        assert_eq!(
            next_lesson(&sv, &[Lesson::Turn]),
            due.iter().copied().find(|l| *l != Lesson::Turn)
        );
        assert!(due.contains(&Lesson::ThreatsPile), "{due:?}");
        let open: Vec<Quest> = sv.table.allowed_quests.clone();
        for q in Quest::ALL {
            assert_eq!(due.contains(&Lesson::Quest(q)), open.contains(&q), "{q:?}");
        }
        // Once the rest is known, the quest open is next.
        let seen: Vec<Lesson> = Lesson::ORDER
            .into_iter()
            .filter(|l| !matches!(l, Lesson::Quest(_)))
            .collect();
        assert!(
            matches!(next_lesson(&sv, &seen), Some(Lesson::Quest(q)) if open.contains(&q)),
            "{due:?}"
        );
    }

    #[test]
    fn morgans_silence_and_the_swords_come_due_when_they_are_on_the_table() {
        let mut game = Game::new(Setup::new(4, 3)).unwrap();
        let sv = play_until(&mut game, |sv| sv.table.silence.is_some());
        assert!(lessons_due(&sv).contains(&Lesson::Silence));
        let sv = play_until(&mut game, |sv| sv.table.swords.total() > 0);
        assert!(lessons_due(&sv).contains(&Lesson::Swords));
    }

    #[test]
    fn the_traitor_lesson_is_only_for_the_seat_holding_the_traitor_card() {
        let game = Game::new(Setup::new(4, 3)).unwrap();
        let (decider, _) = game.decider().unwrap();
        let sv = game.seat_view(decider).unwrap();
        assert_eq!(
            lessons_due(&sv).contains(&Lesson::Traitor),
            sv.loyalty == Some(Loyalty::Traitor)
        );
    }

    #[test]
    fn every_lesson_is_in_the_coachs_order_once() {
        for (i, a) in Lesson::ORDER.iter().enumerate() {
            assert!(!Lesson::ORDER[i + 1..].contains(a), "{a:?} twice");
        }
        for q in Quest::ALL {
            assert!(Lesson::ORDER.contains(&Lesson::Quest(q)), "{q:?}");
        }
    }

    #[test]
    fn a_lesson_is_saved_by_name() {
        let text = serde_json::to_string(&[Lesson::Turn, Lesson::Quest(Quest::Grail)]).unwrap();
        assert_eq!(
            text,
            r#"[{"lesson":"turn"},{"lesson":"quest","quest":"grail"}]"#
        );
        let back: Vec<Lesson> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, [Lesson::Turn, Lesson::Quest(Quest::Grail)]);
    }
}
