//! The coach of a first game ([`Lesson`], [`lessons_due`]): which rules matter to a seat at the
//! decision in front of it, read from that seat's own view only, so a tip can never give away
//! another seat's cards. The app words each lesson and shows the first one its player has not
//! seen yet; the engine only says which rules the moment is about.

use crate::{Action, PendingView, Phase, Place, SeatView};
use serde::{Deserialize, Serialize};

/// A rule the coach explains the first time it matters, named after the rule book's parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "lesson", content = "place")]
pub enum Lesson {
    /// The opening gesture: a white card each to the Round Table, shared out by agreement.
    Opening,
    /// The first phase of a turn: one evil of three.
    ProgressionOfEvil,
    /// A black card: laid on its quest, or an event at once; face down for a white card.
    BlackCards,
    /// Siege engines around Camelot, and the number that loses the game.
    SiegeEngines,
    /// The second phase: one Heroic Action, a second for a life.
    HeroicActions,
    /// The quest where the knight stands, and how it is won.
    Quest(Place),
    /// Three Merlins cancel a special black card.
    Merlin,
    /// A special white card that may be played now.
    SpecialCards,
    /// Three identical white cards for a life.
    Healing,
    /// Fighting a siege engine: Fight cards, then the die.
    SiegeFight,
    /// Swords on the Round Table: how the game ends on them.
    Swords,
    /// Accusing the Traitor, now that it is allowed.
    Accusation,
    /// One or two life left: death, and what saves a knight.
    LowLife,
}

impl Lesson {
    /// The lesson's name in a page and its tests (`"siege_fight"`, `"quest-grail"`).
    pub fn code(self) -> String {
        let code = match self {
            Lesson::Quest(place) => {
                let place = match place {
                    Place::Camelot => "camelot",
                    Place::BlackKnight => "black_knight",
                    Place::Lancelot => "lancelot",
                    Place::Dragon => "dragon",
                    Place::Excalibur => "excalibur",
                    Place::Grail => "grail",
                    Place::PictWar => "pict_war",
                    Place::SaxonWar => "saxon_war",
                };
                return format!("quest-{place}");
            }
            Lesson::Opening => "opening",
            Lesson::ProgressionOfEvil => "progression_of_evil",
            Lesson::BlackCards => "black_cards",
            Lesson::SiegeEngines => "siege_engines",
            Lesson::HeroicActions => "heroic_actions",
            Lesson::Merlin => "merlin",
            Lesson::SpecialCards => "special_cards",
            Lesson::Healing => "healing",
            Lesson::SiegeFight => "siege_fight",
            Lesson::Swords => "swords",
            Lesson::Accusation => "accusation",
            Lesson::LowLife => "low_life",
        };
        code.to_string()
    }

    /// Every lesson, in the order the coach prefers when several come due at one decision.
    pub const ORDER: [Lesson; 20] = [
        Lesson::Opening,
        Lesson::ProgressionOfEvil,
        Lesson::HeroicActions,
        Lesson::LowLife,
        Lesson::Merlin,
        Lesson::BlackCards,
        Lesson::SiegeEngines,
        Lesson::SiegeFight,
        Lesson::Healing,
        Lesson::Accusation,
        Lesson::SpecialCards,
        Lesson::Quest(Place::BlackKnight),
        Lesson::Quest(Place::Lancelot),
        Lesson::Quest(Place::Dragon),
        Lesson::Quest(Place::Excalibur),
        Lesson::Quest(Place::Grail),
        Lesson::Quest(Place::PictWar),
        Lesson::Quest(Place::SaxonWar),
        Lesson::Quest(Place::Camelot),
        Lesson::Swords,
    ];
}

/// Siege engines from which the siege is worth a lesson of its own, at the Progression of Evil.
const SIEGE_WORTH_A_LESSON: u8 = 1;

/// The lessons that matter to `sv`'s seat at the decision in front of it, in [`Lesson::ORDER`]:
/// empty when it is not this seat's decision. Read from the seat's own view alone.
pub fn lessons_due(sv: &SeatView) -> Vec<Lesson> {
    let legal = &sv.legal_actions;
    if legal.is_empty() {
        return Vec::new();
    }
    let t = &sv.table;
    let has = |f: fn(&Action) -> bool| legal.iter().any(f);
    let me = t.knights.get(sv.seat.index());
    let evil = t.phase == Phase::ProgressionOfEvil && has(|a| matches!(a, Action::DrawBlackCard));
    // His own Heroic Actions (not a question put to him during them).
    let heroic = t.phase == Phase::HeroicActions && t.pending == Some(PendingView::Turn);
    let black_card = has(|a| {
        matches!(
            a,
            Action::PlaceFaceUp
                | Action::PlaceFaceDown
                | Action::SacrificeExcalibur
                | Action::ChooseWar { .. }
                | Action::Volunteer
        )
    });
    let mut due = Vec::new();
    for lesson in Lesson::ORDER {
        let now = match lesson {
            Lesson::Opening => t.phase == Phase::Opening,
            Lesson::ProgressionOfEvil => evil,
            Lesson::HeroicActions => heroic,
            Lesson::LowLife => me.is_some_and(|k| k.alive && k.life <= 2),
            Lesson::Merlin => has(|a| matches!(a, Action::CommitMerlins { count } if *count > 0)),
            Lesson::BlackCards => black_card || evil,
            Lesson::SiegeFight => has(|a| matches!(a, Action::FightSiegeEngine)),
            Lesson::Healing => has(|a| matches!(a, Action::Heal { .. })),
            Lesson::Accusation => has(|a| matches!(a, Action::Accuse { .. })),
            Lesson::SpecialCards => heroic && legal.iter().any(|a| a.special_card().is_some()),
            Lesson::Quest(place) => heroic && me.is_some_and(|k| k.place == Some(place)),
            Lesson::Swords => t.swords.total() > 0,
            Lesson::SiegeEngines => evil && t.siege_engines >= SIEGE_WORTH_A_LESSON,
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

    fn to_heroic(game: &mut Game) -> Seat {
        // Play the opening and the first Progression of Evil the simplest way.
        loop {
            let seat = game.decider().expect("the game goes on");
            let v = game.table_view();
            if v.phase == Phase::HeroicActions {
                return seat;
            }
            let legal = game.legal_actions();
            let pick = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::AddSiegeEngine | Action::DealAtRandom))
                .unwrap_or(legal[0]);
            game.apply(seat, pick).expect("legal");
        }
    }

    #[test]
    fn the_coach_names_no_lesson_to_a_seat_that_is_not_deciding() {
        let game = Game::new(&Setup::new(4, 3)).unwrap();
        let decider = game.decider().unwrap();
        let other = Seat((decider.0 + 1) % 4);
        assert!(lessons_due(&game.seat_view(other)).is_empty());
        assert!(!lessons_due(&game.seat_view(decider)).is_empty());
    }

    #[test]
    fn the_first_decision_of_a_game_is_about_the_opening_gesture() {
        let game = Game::new(&Setup::new(4, 3)).unwrap();
        let sv = game.seat_view(game.decider().unwrap());
        assert_eq!(next_lesson(&sv, &[]), Some(Lesson::Opening));
    }

    #[test]
    fn a_turn_teaches_the_progression_of_evil_then_the_heroic_actions_and_the_place() {
        let mut game = Game::new(&Setup::new(4, 3)).unwrap();
        // Through the opening.
        while game.table_view().phase == Phase::Opening {
            let seat = game.decider().unwrap();
            let legal = game.legal_actions();
            let pick = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::DealAtRandom))
                .unwrap_or(legal[0]);
            game.apply(seat, pick).unwrap();
        }
        let seat = game.decider().unwrap();
        let sv = game.seat_view(seat);
        let due = lessons_due(&sv);
        assert_eq!(due.first(), Some(&Lesson::ProgressionOfEvil), "{due:?}");
        assert!(due.contains(&Lesson::BlackCards));
        // Once the Progression of Evil is seen, the black cards come next.
        assert_eq!(
            next_lesson(&sv, &[Lesson::ProgressionOfEvil]),
            Some(Lesson::BlackCards)
        );
        let seat = to_heroic(&mut game);
        let sv = game.seat_view(seat);
        let due = lessons_due(&sv);
        assert_eq!(due.first(), Some(&Lesson::HeroicActions), "{due:?}");
        // Every knight starts at Camelot.
        assert!(due.contains(&Lesson::Quest(Place::Camelot)), "{due:?}");
        assert!(!due.contains(&Lesson::ProgressionOfEvil));
    }

    #[test]
    fn every_lesson_is_in_the_coachs_order_once() {
        for (i, a) in Lesson::ORDER.iter().enumerate() {
            assert!(!Lesson::ORDER[i + 1..].contains(a), "{a:?} twice");
        }
        for place in Place::ALL {
            assert!(Lesson::ORDER.contains(&Lesson::Quest(place)), "{place:?}");
        }
        // Every kind of lesson (a new one must be added here, and so to the order).
        let kind = |l: &Lesson| match l {
            Lesson::Opening => 0,
            Lesson::ProgressionOfEvil => 1,
            Lesson::BlackCards => 2,
            Lesson::SiegeEngines => 3,
            Lesson::HeroicActions => 4,
            Lesson::Quest(_) => 5,
            Lesson::Merlin => 6,
            Lesson::SpecialCards => 7,
            Lesson::Healing => 8,
            Lesson::SiegeFight => 9,
            Lesson::Swords => 10,
            Lesson::Accusation => 11,
            Lesson::LowLife => 12,
        };
        for k in 0..=12 {
            assert!(
                Lesson::ORDER.iter().any(|l| kind(l) == k),
                "lesson kind {k}"
            );
        }
    }
}
