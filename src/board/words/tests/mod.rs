//! The board game's words tested: every engine variant has a sample, every sample has words in
//! every language with every placeholder filled, names match the rules texts, and whole games are
//! worded from start to end.

use super::*;
use crate::board::i18n::B;
use crate::i18n::{Lang, checks, placeholders, set_texts};
use camelot_board::sim::{Clue, Reason, SimplePolicy};
use camelot_board::{
    Action, Black, BlackKind, Deeds, EndReason, Event, Game, Knight, Loyalty, Outcome, PendingView,
    Phase, Place, PrivateEvent, Quest, Relic, RuleError, Seat, Setup, ShareKind, Side, TraitorRule,
    White,
};
use samples::{actions, clues, events, pendings, privates, reasons, rule_errors, setup_errors};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::BTreeSet;

mod samples;

fn speak(lang: Lang) {
    set_texts(checks::pack::<B>(lang));
}

fn names() -> Vec<String> {
    ["Ann", "Bo", "Cy", "Éloïse"].map(String::from).to_vec()
}

/// A text a player may see: not blank, every placeholder filled, one plural form chosen.
fn sound(text: &str, what: &dyn std::fmt::Debug) {
    let lang = crate::i18n::lang_of::<B>().code();
    assert!(!text.trim().is_empty(), "{lang}: no words for {what:?}");
    assert!(
        placeholders(text).is_empty(),
        "{lang}: {what:?} left a placeholder: {text}"
    );
    assert!(
        !text.contains('|'),
        "{lang}: {what:?} kept its plural forms: {text}"
    );
}

/// Every variant name of an enum, as its serde form spells it, from the error for an unknown
/// one ("unknown variant `?`, expected one of `a`, `b` …"): the engine's own list, so a new
/// variant is missed here only if it is missed by serde too.
fn variants<T: DeserializeOwned + std::fmt::Debug>(unknown: &str) -> BTreeSet<String> {
    let err = serde_json::from_str::<T>(unknown).expect_err("an unknown variant");
    let msg = err.to_string();
    let expected = msg
        .split_once("expected")
        .expect("serde lists the variants")
        .1;
    expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

/// Every variant of an enum tagged by `field` that carries nothing, from its serde names.
fn unit_variants<T: DeserializeOwned + std::fmt::Debug>(field: &str) -> Vec<T> {
    variants::<T>(&format!(r#"{{"{field}":"?"}}"#))
        .into_iter()
        .filter_map(|name| serde_json::from_str(&format!(r#"{{"{field}":"{name}"}}"#)).ok())
        .collect()
}

/// The serde name of a sample's variant: its tag field, or the string of a unit enum.
fn tag<T: Serialize>(value: &T, field: &str) -> String {
    let v = serde_json::to_value(value).unwrap();
    match v.get(field) {
        Some(t) => t.as_str().unwrap().to_string(),
        None => v.as_str().unwrap().to_string(),
    }
}

/// Fails unless `samples` hold every variant of their enum, as named by its tag `field` (empty for
/// an enum of unit variants, named by its strings).
fn covers<T: Serialize + DeserializeOwned + std::fmt::Debug>(samples: &[T], field: &str) {
    let unknown = match field {
        "" => r#""?""#.to_string(),
        field => format!(r#"{{"{field}":"?"}}"#),
    };
    let all = variants::<T>(&unknown);
    let name = std::any::type_name::<T>()
        .rsplit("::")
        .next()
        .unwrap_or_default();
    let seen: BTreeSet<String> = samples.iter().map(|s| tag(s, field)).collect();
    let missing: Vec<&String> = all.difference(&seen).collect();
    assert!(missing.is_empty(), "{name}: no sample of {missing:?}");
}

const S0: Seat = Seat(0);
const S1: Seat = Seat(1);
const S2: Seat = Seat(2);

/// The samples above hold every variant the engine has (a new one fails here until it has a
/// sample, and in `words` until it has words).
#[test]
fn the_samples_hold_every_engine_variant() {
    covers(&actions(), "type");
    covers(&events(), "event");
    covers(&privates(), "saw");
    covers(&rule_errors(), "error");
    covers(&setup_errors(), "error");
    let steps: Vec<PendingView> = pendings().into_iter().map(|p| p.0).collect();
    covers(&steps, "step");
    let phases: Vec<Phase> = pendings().iter().map(|p| p.1).collect();
    covers(&phases, "");
}

/// Every card, knight, quest, place, relic, phase, option, action, event, refusal, end and
/// decision has words in every language, with every placeholder filled.
#[test]
fn everything_has_words_in_every_language() {
    let names = names();
    for lang in Lang::ALL {
        speak(lang);
        for c in White::ALL {
            sound(&white_name(c), &c);
            sound(&white_effect(c), &c);
        }
        for c in Black::ALL {
            sound(&black_name(c), &c);
            sound(&black_effect(c), &c);
        }
        sound(black_obsolete_effect(), &"obsolete");
        for k in [
            BlackKind::BlackKnight,
            BlackKind::LancelotDragon,
            BlackKind::Other,
        ] {
            sound(black_kind_name(k), &k);
        }
        for k in Knight::ALL {
            sound(knight_name(k), &k);
            sound(&knight_power(Some(k)), &k);
        }
        sound(knight_or_squire(None), &"squire");
        let deeds = Deeds {
            siege_engines_added: 1,
            black_cards_drawn: 2,
            placed_face_down: 3,
            life_lost_to_evil: 4,
            quests_won: 5,
            quests_lost: 1,
            quest_cards_played: 21,
            siege_engines_removed: 2,
        };
        let lines = deeds_lines(&deeds);
        assert_eq!(lines.len(), 8, "one line per deed");
        for line in &lines {
            sound(line, &deeds);
        }
        assert!(deeds_lines(&Deeds::default()).is_empty());
        sound(&knight_power(None), &"squire");
        for q in Quest::ALL {
            sound(quest_name(q), &q);
        }
        for p in Place::ALL {
            sound(place_name(p), &p);
            sound(place_to(p), &p);
            sound(place_at(p), &p);
        }
        for r in Relic::ALL {
            sound(relic_name(r), &r);
        }
        for l in [Loyalty::Loyal, Loyalty::Traitor] {
            sound(loyalty_name(l), &l);
        }
        for (_, phase, _) in pendings() {
            sound(phase_name(phase), &phase);
        }
        for side in [Side::Loyal, Side::Evil] {
            sound(side_line(side), &side);
            for reason in [
                EndReason::SiegeEngines,
                EndReason::BlackSwords,
                EndReason::LoyalKnightsDead,
                EndReason::Swords,
            ] {
                sound(&end_reason_line(reason), &reason);
                sound(
                    &outcome_line(&Outcome {
                        winner: side,
                        reason,
                    }),
                    &reason,
                );
            }
        }
        for k in [
            ShareKind::Opening,
            ShareKind::Spoils,
            ShareKind::Convocation,
        ] {
            sound(share_kind_name(k), &k);
        }
        for r in [
            TraitorRule::Standard,
            TraitorRule::NoTraitor,
            TraitorRule::AmongUs,
        ] {
            sound(traitor_rule_name(r), &r);
        }
        for a in actions() {
            sound(&action_label(&a, &names), &a);
            sound(&action_line(&a, S1, &names), &a);
        }
        for e in events() {
            match event_line(&e, &names) {
                Some(line) => sound(&line, &e),
                None => assert!(!e.is_public(), "{e:?} has no line"),
            }
        }
        for p in privates() {
            sound(&private_line(&p, &names), &p);
        }
        for e in rule_errors() {
            sound(&error_reason(&e, &names), &e);
        }
        for e in setup_errors() {
            sound(&setup_error_reason(&e), &e);
        }
        for (p, phase, decider) in pendings() {
            sound(&pending_what(&p, phase, decider, &names), &p);
            sound(pass_label(Some(&p)), &p);
            if let PendingView::BlackCard { stage, .. } = p {
                sound(black_card_stage_name(stage), &stage);
            }
        }
    }
    speak(Lang::En);
}

/// Card and knight names are those of the board game's rules text in each language
/// (public/i18n/board-rules.<code>.txt, `[card code] Name` and `[knight code] Name`).
#[test]
fn names_are_the_rules_texts_names() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public/i18n");
    for lang in Lang::ALL {
        speak(lang);
        let rules =
            std::fs::read_to_string(dir.join(format!("board-rules.{}.txt", lang.code()))).unwrap();
        let named = |kind: &str, code: &str| -> String {
            let head = format!("[{kind} {code}] ");
            rules
                .lines()
                .find_map(|l| l.strip_prefix(&head))
                .unwrap_or_else(|| panic!("{}: no {head}", lang.code()))
                .trim()
                .to_string()
        };
        let code = |v: &dyn erased::Code| v.code();
        for c in White::ALL {
            assert_eq!(white_name(c), named("card", &code(&c)), "{}", lang.code());
        }
        for c in Black::ALL {
            assert_eq!(black_name(c), named("card", &code(&c)), "{}", lang.code());
        }
        for k in Knight::ALL {
            assert_eq!(
                knight_name(k),
                named("knight", &code(&k)),
                "{}",
                lang.code()
            );
        }
    }
    speak(Lang::En);
}

mod erased {
    /// A value's serde name (the card codes of the rules texts).
    pub trait Code {
        fn code(&self) -> String;
    }
    impl<T: serde::Serialize> Code for T {
        fn code(&self) -> String {
            serde_json::to_value(self)
                .unwrap()
                .as_str()
                .unwrap()
                .to_string()
        }
    }
}

/// What players read, in English: the examples of the words' doc comments.
#[test]
fn english_lines_read_as_a_player_says_them() {
    speak(Lang::En);
    let names = names();
    let moved = Action::Move { to: Place::Grail };
    assert_eq!(action_label(&moved, &names), "Move to the Holy Grail");
    assert_eq!(
        action_line(&moved, S1, &names),
        "Bo moves to the Holy Grail"
    );
    assert_eq!(
        error_reason(&RuleError::SameActionType, &names),
        "You have already taken an action of that kind this turn."
    );
    assert_eq!(
        error_reason(
            &RuleError::NotYourDecision {
                seat: S0,
                decider: Some(S2)
            },
            &names
        ),
        "It is Cy's decision."
    );
    assert_eq!(black_name(Black::LancelotDragon5), "Lancelot/Dragon 5/9");
    assert_eq!(white_name(White::Fight5), "Fight 5");
    // The black cards a quest turned over, identical ones counted as the white cards are.
    let lost = Event::QuestEnds {
        quest: Quest::BlackKnight,
        won: false,
        white_total: 0,
        black_total: 8,
        black_cards: vec![
            Black::BlackKnight1,
            Black::BlackKnight1,
            Black::BlackKnight3,
            Black::BlackKnight3,
        ],
        kay: None,
        winner: None,
        present: vec![],
    };
    let line = event_line(&lost, &names).unwrap();
    assert!(
        line.ends_with("2 × Black Knight 1 and 2 × Black Knight 3"),
        "{line}"
    );
    // What he was told privately is read under "Since your last look": it has happened.
    let drawn = PrivateEvent::WhiteCardsDrawn {
        cards: vec![White::Fight3, White::Grail],
    };
    assert_eq!(private_line(&drawn, &names), "You drew: Fight 3 and Grail");
    let given = PrivateEvent::WhiteCardsReceived {
        from: S1,
        cards: vec![White::Merlin],
    };
    assert_eq!(private_line(&given, &names), "Bo gave you: Merlin");
    assert_eq!(
        event_line(
            &Event::FightCardPlayed {
                seat: S0,
                quest: Quest::Dragon,
                card: White::Fight2
            },
            &names
        )
        .unwrap(),
        "Ann plays Fight 2 at the Dragon"
    );
    assert_eq!(
        event_line(
            &Event::BlackCardDrawn {
                seat: S2,
                card: None,
                kind: BlackKind::BlackKnight
            },
            &names
        )
        .unwrap(),
        "Cy draws a Black Knight card",
        "a card that may still go face down shows only its kind"
    );
    assert_eq!(
        white_list(&[White::Fight3, White::Grail, White::Fight3, White::Merlin]),
        "2 × Fight 3, Grail and Merlin"
    );
    // The game's end with no hidden Traitor alive on the board: none may have been dealt, so the
    // line does not say there was one (the Loyalty cards are turned over after it).
    assert_eq!(
        event_line(
            &Event::EndReveal {
                traitor: None,
                flipped: 0
            },
            &names
        )
        .unwrap(),
        "No hidden Traitor is left at the table: no sword turns"
    );
    // A change of life says by how much and where it leaves the knight.
    let life = |was, life| {
        event_line(
            &Event::LifeChanged {
                seat: S1,
                was,
                life,
            },
            &names,
        )
        .unwrap()
    };
    assert_eq!(life(1, 2), "Bo gains 1 life (2 now)");
    assert_eq!(life(4, 2), "Bo loses 2 life (2 left)");
    // The line under the status ("Turn 35: Ann · Heroic Actions") says only what it adds: nothing
    // at the Heroic Actions of the knight whose turn it is, his three choices (not the phase again)
    // at his Progression of Evil, and who decides what when another knight is asked.
    let mut v = Game::new(&Setup::new(4, 1)).unwrap().table_view();
    v.pending = Some(PendingView::Turn);
    v.current = S0;
    v.decider = Some(S0);
    v.phase = Phase::HeroicActions;
    assert_eq!(pending_line(&v, &names), None);
    v.phase = Phase::ProgressionOfEvil;
    assert_eq!(
        pending_line(&v, &names).as_deref(),
        Some("Ann: draw a black card, add a siege engine or lose 1 life")
    );
    v.pending = Some(PendingView::GrailRescue { dying: S1 });
    v.decider = Some(S2);
    assert!(pending_line(&v, &names).is_some_and(|l| l.starts_with("Cy: ")));
    assert_eq!(seat_name(&names, Seat(8)), "Seat 9");
    assert_eq!(
        pass_label(Some(&PendingView::GrailRescue { dying: S1 })),
        "Keep the Grail"
    );
    assert_eq!(
        outcome_line(&Outcome {
            winner: Side::Loyal,
            reason: EndReason::Swords
        }),
        "The Loyal knights win! 12 swords on the Round Table: the count decides."
    );
}

/// A knight's move reads right in every language (the way there is each language's own).
#[test]
fn every_language_says_where_a_knight_goes() {
    let names = names();
    let moved = Action::Move { to: Place::Grail };
    for (lang, line) in [
        (Lang::En, "Bo moves to the Holy Grail"),
        (Lang::Fr, "Bo va au Saint Graal"),
        (Lang::De, "Bo zieht zum Heiligen Gral"),
        (Lang::Nl, "Bo gaat naar de Heilige Graal"),
        (Lang::Cs, "Bo jde ke Svatému grálu"),
    ] {
        speak(lang);
        assert_eq!(action_line(&moved, S1, &names), line);
    }
    speak(Lang::En);
}

/// Counts take each language's plural form: Czech has three, French puts 0 with 1.
#[test]
fn counts_take_each_languages_plural_form() {
    let names = names();
    let drawn = |n: u8| event_line(&Event::WhiteCardsDrawn { seat: S0, count: n }, &names).unwrap();
    speak(Lang::En);
    assert_eq!(drawn(1), "Ann draws 1 white card");
    assert_eq!(drawn(3), "Ann draws 3 white cards");
    speak(Lang::Cs);
    assert_eq!(drawn(1), "Ann lízne 1 bílou kartu");
    assert_eq!(drawn(3), "Ann lízne 3 bílé karty");
    assert_eq!(drawn(5), "Ann lízne 5 bílých karet");
    speak(Lang::Fr);
    assert_eq!(drawn(0), "Ann pioche 0 carte blanche");
    assert_eq!(drawn(2), "Ann pioche 2 cartes blanches");
    speak(Lang::En);
}

/// The end's summary says the turns played, the swords, the siege engines and the
/// quests won and lost, in every language.
#[test]
fn the_end_summary_counts_turns_swords_engines_and_quests() {
    let mut v = Game::new(&Setup::new(4, 1)).unwrap().table_view();
    v.turn = 41;
    v.swords = camelot_board::Swords { white: 5, black: 7 };
    v.siege_engines = 9;
    v.tally[Quest::PictWar.index()] = camelot_board::QuestTally { won: 2, lost: 1 };
    v.tally[Quest::Excalibur.index()].won = 1;
    speak(Lang::En);
    assert_eq!(
        end_summary(&v),
        [
            "41 turns played",
            "5 white and 7 black swords on the Round Table",
            "Siege engines: 9 of 12",
            "Quests won: Excalibur, Pict War ×2",
            "Quests lost: Pict War",
        ]
    );
    v.tally = Default::default();
    assert_eq!(end_summary(&v)[3], "Quests won: none");
    for lang in Lang::ALL {
        speak(lang);
        for line in end_summary(&v) {
            sound(&line, &"end summary");
        }
    }
    speak(Lang::En);
}

/// Whole games with every seat choosing at random among its legal actions: every label,
/// line, event, secret and decision on the way has words in every language.
#[test]
fn random_games_are_worded_in_every_language() {
    let names = names();
    let mut reasons = Vec::new();
    for seed in 1..=8u64 {
        let mut setup = Setup::new(4, seed);
        setup.options.join_and_leave = seed % 3 == 0;
        let mut game = Game::new(&setup).unwrap();
        let mut pick = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut rng = camelot_kit::rng_from_seed(seed);
        let mut steps = Vec::new();
        for _ in 0..3000 {
            let Some(seat) = game.decider() else { break };
            let view = game.seat_view(seat);
            // Even seeds: the built-in computer knight plays every seat and says why.
            if seed % 2 == 0 {
                let (i, reason) = SimplePolicy
                    .choose_with_reason(&game.glimpse(seat), &view.legal_actions, &mut rng)
                    .expect("the policy chooses a legal action");
                let action = view.legal_actions[i];
                reasons.push(reason);
                let events = game.apply(seat, action).unwrap();
                steps.push((view, seat, action, events));
                continue;
            }
            // At random, but not toward a quick death: losing life and leaving only when
            // nothing else is offered, so games run long and see much of the rules.
            let mut legal = view.legal_actions.clone();
            let lasting = |a: &Action| {
                !matches!(
                    a,
                    Action::LoseLife | Action::Sacrifice | Action::Leave { .. }
                )
            };
            if legal.iter().any(lasting) {
                legal.retain(lasting);
            }
            pick ^= pick << 13;
            pick ^= pick >> 7;
            pick ^= pick << 17;
            let action = legal[(pick % legal.len() as u64) as usize];
            let events = game.apply(seat, action).unwrap();
            steps.push((view, seat, action, events));
        }
        for lang in Lang::ALL {
            speak(lang);
            for (view, seat, action, events) in &steps {
                if let Some(line) = pending_line(&view.table, &names) {
                    sound(&line, &view.table.pending);
                }
                sound(&action_label(action, &names), action);
                sound(&action_line(action, *seat, &names), action);
                for e in events {
                    match e {
                        Event::Private { private, .. } => {
                            sound(&private_line(private, &names), private)
                        }
                        e => sound(&event_line(e, &names).unwrap(), e),
                    }
                }
            }
        }
    }
    let kinds: BTreeSet<String> = reasons.iter().map(|r| tag(r, "reason")).collect();
    assert!(kinds.len() > 10, "the computer knights gave {kinds:?}");
    for lang in Lang::ALL {
        speak(lang);
        for r in &reasons {
            sound(&reason_line(r, &names), r);
        }
    }
    speak(Lang::En);
}

/// Every reason a computer knight gives and every clue it accuses on has words in every
/// language, and none names a card the table may not see.
#[test]
fn computer_knights_say_why_in_every_language() {
    covers(&reasons(), "reason");
    covers(&clues(), "clue");
    let names = names();
    for lang in Lang::ALL {
        speak(lang);
        for r in reasons() {
            sound(&reason_line(&r, &names), &r);
        }
        for c in clues() {
            sound(&clue_line(&c), &c);
        }
        // Hidden cards: the one Percival saw, one given away, one cancelled face down.
        for (r, hidden) in [
            (
                Reason::DrawsSeenCard {
                    card: Black::BlackKnight7,
                },
                black_name(Black::BlackKnight7),
            ),
            (
                Reason::GivesLeastUseful {
                    card: White::Reinforcements,
                },
                white_name(White::Reinforcements),
            ),
            (
                Reason::CancelsWithExcalibur {
                    card: Black::BlackKnight5,
                },
                black_name(Black::BlackKnight5),
            ),
        ] {
            let line = reason_line(&r, &names);
            assert!(!line.contains(&hidden), "{}: {line}", lang.code());
        }
    }
    speak(Lang::En);
    assert_eq!(
        reason_line(&Reason::DrawsBlackCard { risk: 35 }, &names),
        "a black card costs least now (black swords to expect: 0.35)"
    );
    assert_eq!(
        reason_line(
            &Reason::Accuses {
                target: S2,
                percent: 72,
                clue: Clue::AddedSiegeEngines { count: 3 }
            },
            &names
        ),
        "I suspect Cy (72%): added 3 siege engines"
    );
    speak(Lang::De);
    assert_eq!(
        reason_line(&Reason::DrawsBlackCard { risk: 120 }, &names),
        "eine schwarze Karte kostet jetzt am wenigsten (zu erwartende schwarze Schwerter: 1,20)"
    );
    speak(Lang::En);
}

/// Every special white card can be played by some action, and each such action names its card, so
/// the card's effect shows beside the choice; Fight and Grail cards say what they are on their own.
#[test]
fn every_special_card_played_shows_its_effect_beside_the_choice() {
    let named: BTreeSet<camelot_board::White> = actions().iter().filter_map(action_card).collect();
    for card in camelot_board::White::ALL {
        let special = !matches!(
            card,
            camelot_board::White::Fight1
                | camelot_board::White::Fight2
                | camelot_board::White::Fight3
                | camelot_board::White::Fight4
                | camelot_board::White::Fight5
                | camelot_board::White::Grail
        );
        assert_eq!(named.contains(&card), special, "{card:?}");
        assert!(!white_effect(card).is_empty());
    }
}

/// A siege fight cannot be called off once begun (the engine offers no way out before the roll):
/// its first step says what will happen, in every language; no other choice carries such a note.
#[test]
fn the_siege_fight_says_what_will_happen_before_it_begins() {
    for lang in Lang::ALL {
        speak(lang);
        for action in actions() {
            let note = action_note(&action);
            assert_eq!(
                note.is_some(),
                action == Action::FightSiegeEngine,
                "{action:?}"
            );
            if let Some(note) = note {
                sound(&note, &action);
            }
        }
    }
    speak(Lang::En);
    let note = action_note(&Action::FightSiegeEngine).unwrap();
    assert!(note.contains("cannot be called off"), "{note}");
}

/// Every danger said beside a choice has its words in every language, the quest it names filled in.
#[test]
fn every_danger_is_said_in_every_language() {
    use camelot_board::Danger;
    let mut dangers = vec![
        Danger::EvilWinsAtOnce,
        Danger::CostsHisLastLife,
        Danger::MayBringTheTwelfthSiegeEngine,
        Danger::MayBringTwoSiegeEnginesAndTheTwelfth,
    ];
    for quest in Quest::ALL {
        dangers.push(Danger::MayLoseAQuestAndTheSeventhBlackSword { quest });
        dangers.push(Danger::MayLoseAWarAndTheTwelfthSiegeEngine { quest });
    }
    for lang in Lang::ALL {
        speak(lang);
        for &d in &dangers {
            sound(&danger_line(d), &d);
        }
    }
    speak(Lang::En);
    let line = danger_line(Danger::MayLoseAWarAndTheTwelfthSiegeEngine {
        quest: Quest::PictWar,
    });
    assert!(line.contains("Pict War"), "{line}");
}

/// Morgan's call for a volunteer says, beside the question, what happens if nobody steps
/// forward (the card's own line), in every language.
#[test]
fn a_call_for_a_volunteer_says_what_happens_if_nobody_steps_forward() {
    speak(Lang::En);
    assert_eq!(
        volunteer_effect(5),
        "One knight loses 2 life, or everyone discards 1 white card"
    );
    assert_eq!(
        volunteer_effect(2),
        "One knight discards 3 white cards, or everyone discards 1"
    );
    for lang in Lang::ALL {
        speak(lang);
        for (morgan, card) in [(2, Black::Morgan2), (5, Black::Morgan5)] {
            assert_eq!(volunteer_effect(morgan), black_effect(card), "{lang:?}");
            sound(&volunteer_effect(morgan), &morgan);
        }
    }
}
