//! The board game's log: every public event of the game in words, rebuilt from the saved moves
//! by the one replay (each move's events, as the table heard them).

use super::session::Session;
use super::{TABLE, use_ctx, words};
use crate::board::i18n::B;
use crate::i18n::{t, tf};
use camelot_board::{Action, Event, Game, Seat};
use camelot_kit::{Replayed, replay_watching};
use leptos::prelude::*;

/// One turn's lines.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnLines {
    pub turn: u32,
    pub lines: Vec<String>,
}

/// What the table hears of one move, in order: a line per public event (the move itself is
/// among them: "Ann moves to Excalibur"), or the move in words when none of its events says
/// anything, except a move that changes nothing the table sees ([`untold_when_quiet`]). Each
/// line with the turn it begins, for the event that begins one ("Turn 8: Ywain").
pub fn move_lines(
    action: &Action,
    seat: Seat,
    events: &[Event],
    names: &[String],
) -> Vec<(Option<u32>, String)> {
    let lines: Vec<(Option<u32>, String)> = public_merged(events)
        .iter()
        .filter_map(|e| {
            let begins = match e {
                Event::TurnBegins { turn, .. } => Some(*turn),
                _ => None,
            };
            words::event_line(e, names).map(|l| (begins, l))
        })
        .collect();
    if lines.is_empty() && !untold_when_quiet(action) {
        vec![(None, words::action_line(action, seat, names))]
    } else {
        lines
    }
}

/// A move not told when none of its events says anything: a pass that changed nothing (a
/// Merlin or Excalibur kept while the next knight is asked, no volunteer yet), or every black
/// card would bring a line per knight — what the card does once everyone has passed is told;
/// and each black card put back after a Clairvoyance, face down — the card played is told once
/// ("looks at the top 5 black cards and puts them back in a new order"), not again per card.
pub(crate) fn untold_when_quiet(action: &Action) -> bool {
    matches!(action, Action::Pass | Action::PutNext { .. })
}

/// A move's public events, swords laid one after another in one colour told as one ("2 white
/// swords", not "1 white sword" twice when a quest won with Heroism on it ends).
pub(crate) fn public_merged(events: &[Event]) -> Vec<Event> {
    let mut out: Vec<Event> = Vec::new();
    for e in events.iter().filter(|e| e.is_public()) {
        if let (
            Event::SwordsLaid { colour, count },
            Some(Event::SwordsLaid {
                colour: before,
                count: so_far,
            }),
        ) = (e, out.last_mut())
            && colour == before
        {
            *so_far += count;
            continue;
        }
        out.push(e.clone());
    }
    out
}

/// What the table hears of a move as it is made: [`move_lines`], with a computer knight's reason
/// (`why`, in words) after what he did. When what the table hears does not begin with him (the
/// next knight's turn beginning after an ended turn, a siege engine arriving, what a last pass
/// lets happen), what he did is said first, so that his reason is not read as someone else's or
/// as the reason of what followed ("Cy ends the turn: nothing more worth doing", then "Turn 9: Di").
/// A move that is not told (a pass that changed nothing, a card put back) is not told with its
/// reason either.
pub fn told_lines(
    action: &Action,
    seat: Seat,
    events: &[Event],
    why: Option<String>,
    names: &[String],
) -> Vec<String> {
    let mut lines: Vec<String> = move_lines(action, seat, events, names)
        .into_iter()
        .map(|(_, line)| line)
        .collect();
    if let Some(why) = why.filter(|_| !lines.is_empty()) {
        let name = names.get(usize::from(seat.0)).map_or("", String::as_str);
        if !lines.first().is_some_and(|l| l.starts_with(name)) {
            lines.insert(0, words::action_line(action, seat, names));
        }
        if let Some(first) = lines.first_mut() {
            *first = format!("{first}: {why}");
        }
    }
    lines
}

/// Every public line of the game, turn by turn: what the table heard of each move
/// ([`move_lines`]), each turn's lines under its own heading.
pub fn lines(session: &Session) -> Vec<TurnLines> {
    let names = &session.names;
    let mut out: Vec<TurnLines> = Vec::new();
    let mut taken = None;
    let _ = replay_watching::<Game>(&session.setup, &session.moves, |step| match step {
        Replayed::Before(game, m) => {
            if out.is_empty() {
                out.push(TurnLines {
                    turn: game.turn(),
                    lines: Vec::new(),
                });
            }
            // A give-back that was no choice is said to be one, as the table heard it.
            let forced = super::asks::forced_give_back(game) == Some((m.seat, m.action))
                && !session.is_computer(m.seat);
            taken = Some((m.action, m.seat, forced));
        }
        Replayed::After(events) => {
            let Some((action, seat, forced)) = taken.take() else {
                return;
            };
            let mut said = move_lines(&action, seat, events, names);
            if forced {
                said.push((None, super::asks::forced_give_back_line(seat, names)));
            }
            for (begins, line) in said {
                if let Some(turn) = begins {
                    out.push(TurnLines {
                        turn,
                        lines: Vec::new(),
                    });
                }
                if let Some(t) = out.last_mut() {
                    t.lines.push(line);
                }
            }
        }
    });
    out
}

/// The last `n` public lines (what the table was hearing when the game was saved).
pub fn last_lines(session: &Session, n: usize) -> Vec<String> {
    let all: Vec<String> = lines(session).into_iter().flat_map(|t| t.lines).collect();
    all[all.len().saturating_sub(n)..].to_vec()
}

/// The log screen: the whole game in words, newest turn first.
#[component]
pub fn Log() -> impl IntoView {
    let ctx = use_ctx();
    super::board_view::link_stylesheet();
    let turns = ctx
        .live
        .with_untracked(|l| l.as_ref().map(|l| lines(&l.session)).unwrap_or_default());
    view! {
        <section class="board-log" aria-labelledby="board-log-title">
            <h2 id="board-log-title">{t(B::board_log_title)}</h2>
            <button class="big" data-testid="board-log-back" on:click=move |_| ctx.go(TABLE)>
                {t(B::back_to_table)}
            </button>
            <ol class="log-turns" reversed data-testid="board-log-lines">
                {turns.into_iter().rev().map(|turn| view! {
                    <li>
                        <h3>{tf(B::board_log_turn, &[("n", &turn.turn)])}</h3>
                        <ul>{turn.lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    </li>
                }).collect_view()}
            </ol>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::session::Sitter;
    use camelot_board::Setup;
    use camelot_kit::Level;
    use camelot_kit::Replayed;

    /// A four-knight game of 150 moves by the computer knights.
    fn game() -> Session {
        game_of(7, 150)
    }

    /// A four-knight game of the deal `seed`, `moves` moves long, played by the computer knights.
    fn game_of(seed: u64, moves: usize) -> Session {
        let names = ["Ann", "Bo", "Cy", "Di"].map(String::from).to_vec();
        let mut s = Session::new(
            "log".into(),
            names,
            vec![
                Sitter::Computer {
                    level: Level::Expert
                };
                4
            ],
            Setup::new(4, seed),
            0.0,
        );
        let mut g = s.game().unwrap();
        for i in 0..moves {
            let Some(seat) = g.decider() else { break };
            let a = crate::board::computer_decision(&g, seat, Level::Solid, seed, i)
                .unwrap()
                .0;
            s.apply(&mut g, seat, a, i as f64).unwrap();
        }
        s
    }

    /// One line per public event, in order — a move is not told twice ("Cy moves to Excalibur"
    /// and again "Cy moves to Excalibur"; a siege fight of 2+1+1+1 is four "adds Fight" lines,
    /// not eight) — and a move none of whose events says anything is told
    /// once in its own words, unless it is a pass or a card put back.
    #[test]
    fn the_log_tells_each_event_once() {
        let s = game();
        let mut expected = 0;
        let mut taken = None;
        let _ = replay_watching::<Game>(&s.setup, &s.moves, |step| match step {
            Replayed::Before(_, m) => taken = Some(m.action),
            Replayed::After(events) => {
                let said = public_merged(events)
                    .iter()
                    .filter(|e| words::event_line(e, &s.names).is_some())
                    .count();
                let silent = taken.take().is_some_and(|a| untold_when_quiet(&a));
                expected += if silent { said } else { said.max(1) };
            }
        });
        let all: Vec<String> = lines(&s).into_iter().flat_map(|t| t.lines).collect();
        assert_eq!(all.len(), expected, "{all:#?}");
    }

    /// A knight who keeps his Merlin or Excalibur while the next knight is asked changes
    /// nothing: the log does not give every black card a "passes" line per knight, with the
    /// computer knight's reason or without; the table hears what the card does.
    #[test]
    fn a_pass_that_changes_nothing_is_not_told() {
        let s = game();
        let mut silent = 0;
        let mut taken = None;
        let _ = replay_watching::<Game>(&s.setup, &s.moves, |step| match step {
            Replayed::Before(g, m) => {
                let cancel = matches!(
                    g.glimpse(m.seat).step(),
                    camelot_board::sim::Step::Merlins { .. }
                        | camelot_board::sim::Step::ExcaliburCancel { .. }
                );
                taken = Some((m.action, m.seat, cancel));
            }
            Replayed::After(events) => {
                let Some((action, seat, cancel)) = taken.take() else {
                    return;
                };
                if action != Action::Pass || !cancel || !public_merged(events).is_empty() {
                    return;
                }
                silent += 1;
                assert!(move_lines(&action, seat, events, &s.names).is_empty());
                let told = told_lines(&action, seat, events, Some("why".into()), &s.names);
                assert!(told.is_empty(), "{told:?}");
            }
        });
        assert!(
            silent > 0,
            "the game has a pass at a Merlin or Excalibur round"
        );
        let all: Vec<String> = lines(&s).into_iter().flat_map(|t| t.lines).collect();
        assert!(all.iter().all(|l| !l.ends_with(" passes")), "{all:#?}");
    }

    /// King Arthur's exchange is told as its two steps, his card given and one given back, not
    /// as the same line twice ("Ann exchanges a white card with Bo", then "Ann (King Arthur)
    /// exchanges a white card with Bo").
    #[test]
    fn king_arthurs_exchange_is_told_once_for_each_step() {
        let names = ["Ann", "Bo", "Cy"].map(String::from).to_vec();
        let given = words::action_line(
            &Action::ArthurExchange {
                to: Seat(1),
                card: camelot_board::White::Grail,
            },
            Seat(0),
            &names,
        );
        let back = words::event_line(
            &Event::ArthurExchanged {
                arthur: Seat(0),
                with: Seat(1),
            },
            &names,
        );
        assert_eq!(given, "Ann gives Bo a white card face down (King Arthur)");
        assert_eq!(back.as_deref(), Some("Bo gives Ann a white card back"));
    }

    /// A Clairvoyance is told once, when it is played ("Cy looks at the top 5 black cards and
    /// puts them back in a new order"), not again as "Cy puts a black card back" for each card
    /// laid back face down; the log rebuilt from a game where it is played says so.
    #[test]
    fn a_clairvoyance_is_told_once_not_once_a_card() {
        let names = ["Ann", "Bo", "Cy", "Di"].map(String::from).to_vec();
        let put = Action::PutNext { index: 0 };
        assert!(move_lines(&put, Seat(2), &[], &names).is_empty());
        assert!(told_lines(&put, Seat(2), &[], Some("why".into()), &names).is_empty());
        let played = (1..40)
            .map(|seed| {
                let mut s = game_of(seed, 250);
                s.moves.truncate(
                    s.moves
                        .iter()
                        .position(|m| m.action == Action::PlayClairvoyance)
                        .map_or(0, |i| i + 6),
                );
                s
            })
            .find(|s| !s.moves.is_empty())
            .expect("a game of the computer knights where a Clairvoyance is played");
        let all: Vec<String> = lines(&played).into_iter().flat_map(|t| t.lines).collect();
        let told: Vec<&String> = all
            .iter()
            .filter(|l| l.contains("black cards and puts them back in a new order"))
            .collect();
        assert_eq!(told.len(), 1, "{all:#?}");
        assert!(
            all.iter().all(|l| !l.ends_with("puts a black card back")),
            "{all:#?}"
        );
    }

    /// Each turn's lines sit under its own heading: "Turn 8: Di" opens turn 8, not the end of
    /// turn 7.
    #[test]
    fn each_turn_begins_under_its_own_heading() {
        let turns = lines(&game());
        assert!(turns.len() > 10);
        for t in &turns[1..] {
            let heading = format!("Turn {}: ", t.turn);
            assert!(t.lines[0].starts_with(&heading), "{t:?}");
            assert!(
                t.lines[1..].iter().all(|l| !l.starts_with("Turn ")),
                "{t:?}"
            );
        }
    }

    /// A computer knight's reason for ending his turn follows his own words, not the heading of
    /// the next knight's turn.
    #[test]
    fn a_knights_reason_follows_what_he_did_not_the_next_turn_or_what_followed() {
        let s = game();
        let mut seen = 0;
        let _ = replay_watching::<Game>(&s.setup, &s.moves, |step| {
            if let Replayed::Before(_, m) = step {
                seen += usize::from(m.action == Action::EndTurn);
            }
        });
        assert!(seen > 5, "the game ends turns");
        let mut checked = 0;
        let mut taken = None;
        let _ = replay_watching::<Game>(&s.setup, &s.moves, |step| match step {
            Replayed::Before(_, m) => taken = Some((m.action, m.seat)),
            Replayed::After(events) => {
                let Some((action, seat)) = taken.take() else {
                    return;
                };
                let told = told_lines(&action, seat, events, Some("why".into()), &s.names);
                if told.is_empty() {
                    // A pass that changed nothing is not told, nor its reason; nor a card
                    // put back after a Clairvoyance.
                    assert!(untold_when_quiet(&action), "{action:?}");
                    return;
                }
                let why_lines: Vec<&String> =
                    told.iter().filter(|l| l.ends_with(": why")).collect();
                assert_eq!(why_lines.len(), 1, "{told:?}");
                let name = &s.names[seat.0 as usize];
                // The reason follows what the knight himself did, never what followed it.
                assert!(
                    why_lines[0].starts_with(name.as_str()),
                    "{action:?}: {told:?}"
                );
                if action == Action::EndTurn {
                    assert!(told[0].starts_with(name.as_str()), "{told:?}");
                    assert!(told[1].starts_with("Turn "), "{told:?}");
                    checked += 1;
                }
            }
        });
        assert_eq!(checked, seen);
    }

    /// A computer knight's reason does not name again the place or the card that what he did
    /// names: "Ann moves to the Pict War: I can drive back the warriors there (3 of them)", not
    /// "… the warriors in the Pict War (3 there)"; "Bo plays Piety: this card helps most now",
    /// not "… Piety helps most now".
    #[test]
    fn a_knights_reason_does_not_repeat_what_his_move_names() {
        use camelot_board::levels::Computer;
        use camelot_board::sim::Reason;
        use camelot_board::{Place, White};
        use camelot_kit::{Looked, Player};
        let names = ["Ann", "Bo", "Cy", "Di"].map(String::from).to_vec();
        let places: Vec<String> = Place::ALL
            .iter()
            .map(|&p| words::place_name(p).to_string())
            .chain(White::ALL.iter().map(|&c| words::white_name(c)))
            .collect();
        let (mut reasons, mut at_places) = (0, 0);
        for seed in 0..4 {
            let mut game = Game::new(&Setup::new(4, seed)).expect("a deal");
            let mut rng = camelot_kit::rng_from_seed(seed);
            while let Some(seat) = game.decider()
                && game.turn() < 60
            {
                let legal = game.legal_actions();
                let look = game.look(seat).expect("the decider's view");
                let mut knight = Computer {
                    level: Level::Solid,
                };
                let i = knight.choose(&look, &legal, &mut rng).expect("a choice");
                let why = words::reason_line(&knight.reason(&look, &legal, i), &names);
                let events = game.apply(seat, legal[i]).expect("a legal action");
                let told = told_lines(&legal[i], seat, &events, Some(why.clone()), &names);
                let Some(line) = told.iter().find(|l| l.ends_with(&format!(": {why}"))) else {
                    continue;
                };
                reasons += 1;
                let did = &line[..line.len() - why.len() - 2];
                for p in places.iter().filter(|p| did.contains(p.as_str())) {
                    at_places += 1;
                    assert!(!why.contains(p), "{line}");
                }
            }
        }
        assert!(
            reasons > 300 && at_places > 50,
            "{reasons} reasons, {at_places} at a place"
        );
        // A Fight card on the Black Knight, Lancelot or the Dragon is told with the card and the
        // quest ("Ann plays Fight 3 at the Dragon"): the computer knights seldom go there.
        let fights = Reason::FightsQuest {
            quest: camelot_board::Quest::Dragon,
            card: White::Fight3,
        };
        let why = words::reason_line(&fights, &names);
        assert!(!why.contains(&words::white_name(White::Fight3)), "{why}");
        assert!(!why.contains(words::place_name(Place::Dragon)), "{why}");
    }

    /// Swords laid one after another in one colour (a quest won, then its Heroism) are told as
    /// one line, not the same line twice.
    #[test]
    fn swords_laid_together_are_told_once() {
        let names = ["Ann", "Bo", "Cy", "Di"].map(String::from).to_vec();
        let laid = |colour, count| Event::SwordsLaid { colour, count };
        let events = [
            laid(camelot_board::Colour::White, 1),
            laid(camelot_board::Colour::White, 1),
            laid(camelot_board::Colour::Black, 1),
        ];
        let told = move_lines(&Action::EndTurn, Seat(0), &events, &names);
        let told: Vec<&str> = told.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            told,
            [
                "2 white swords on the Round Table",
                "1 black sword on the Round Table"
            ]
        );
    }
}
