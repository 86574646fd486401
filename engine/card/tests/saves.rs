//! Saved games are their setup and their actions, replayed through the rules on load; they show the
//! same views, write back byte for byte, and play on exactly as before (the seed is in the setup).
//!
//! The fixtures in `tests/saves/` are a 4-player expert game with both promos, right after a quest,
//! in Gawain's window, and after a quest whose Picts and Saxons were merged by Morgan #8 (with a card
//! removed by Merlin): each `NAME.json` is the save, `NAME.view.json` its table view,
//! `NAME.seats.json` every seat's view, `NAME.end.json` the save after playing the game out with
//! the built-in player drawing on a generator seeded with 7. (They were states written by an earlier engine, which these saves replay
//! to exactly.)

use camelot_card::save::{self, FORMAT_VERSION, LoadError};
use camelot_card::sim::{SimplePolicy, play_out};
use camelot_card::{Action, Game, Quest, RuleError, Seat, Setup};
use camelot_kit::rng_from_seed;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/saves/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn write(g: &Game) -> String {
    save::to_json(&g.to_save())
}

fn check(name: &str) {
    let text = fixture(&format!("{name}.json"));
    let g = save::load(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(write(&g), text, "{name}: written back differently");
    assert_eq!(
        serde_json::to_string(&g.table_view()).unwrap(),
        fixture(&format!("{name}.view.json")),
        "{name}: table view"
    );
    let seats: Vec<_> = (0..g.players())
        .map(|s| g.seat_view(Seat(s as u8)))
        .collect();
    assert_eq!(
        serde_json::to_string(&seats).unwrap(),
        fixture(&format!("{name}.seats.json")),
        "{name}: seat views"
    );
    let mut end = g.clone();
    play_out(
        &mut end,
        &mut SimplePolicy::new(),
        &mut rng_from_seed(7),
        2000,
    );
    assert_eq!(
        write(&end),
        fixture(&format!("{name}.end.json")),
        "{name}: played out differently"
    );
}

#[test]
fn a_save_after_a_quest_loads_and_plays_on_as_before() {
    check("after-quest");
}

#[test]
fn a_save_in_gawains_window_loads_and_plays_on_as_before() {
    check("gawain-window");
}

#[test]
fn a_save_after_a_merged_quest_loads_and_plays_on_as_before() {
    check("merged-after-quest");
}

/// A 4-player save with some moves, as a JSON value to damage.
fn a_save() -> Value {
    serde_json::from_str(&fixture("after-quest.json")).unwrap()
}

fn load(v: &Value) -> Result<Game, LoadError> {
    save::load(&v.to_string())
}

#[test]
fn a_move_by_a_seat_out_of_range_is_refused_with_its_number() {
    let mut v = a_save();
    v["moves"][3]["seat"] = json!(9);
    assert_eq!(
        load(&v).unwrap_err(),
        LoadError::Refused {
            index: 3,
            seat: Seat(9),
            error: RuleError::NotYourDecision {
                seat: Seat(9),
                decider: Some(Seat(3))
            }
        }
    );
    // A seat number that is not a seat at all is damage.
    v["moves"][3]["seat"] = json!(300);
    assert!(matches!(load(&v), Err(LoadError::Damaged { .. })));
}

#[test]
fn a_setup_out_of_range_is_refused() {
    for (field, value) in [
        ("first", json!(4)),
        ("players", json!(0)),
        ("players", json!(8)),
    ] {
        let mut v = a_save();
        v["setup"][field] = value;
        assert!(
            matches!(load(&v), Err(LoadError::Setup(_))),
            "{field}: {:?}",
            load(&v)
        );
    }
}

#[test]
fn a_truncated_save_is_refused_as_damaged() {
    let text = fixture("after-quest.json");
    for cut in [0, 1, 10, text.len() / 2, text.len() - 1] {
        match save::load(&text[..cut]) {
            Err(LoadError::Damaged { detail }) => assert!(!detail.is_empty()),
            other => panic!("cut at {cut}: {other:?}"),
        }
    }
    let mut v = a_save();
    v.as_object_mut().unwrap().remove("moves");
    assert!(matches!(load(&v), Err(LoadError::Damaged { detail }) if detail.contains("moves")));
}

#[test]
fn a_move_the_rules_refuse_is_refused_with_the_rules_reason() {
    // The first move of the game: no card on the Threats pile, so no quest is allowed.
    let mut v = a_save();
    v["moves"][0]["action"] = json!({"type": "go_on_quest", "quest": "grail"});
    assert_eq!(
        load(&v).unwrap_err(),
        LoadError::Refused {
            index: 0,
            seat: Seat(0),
            error: RuleError::QuestNotAllowed {
                quest: Quest::Grail
            }
        }
    );
    // Moves past the end of the game are refused too.
    let mut end: Value = serde_json::from_str(&fixture("after-quest.end.json")).unwrap();
    let moves = end["moves"].as_array_mut().unwrap();
    moves.push(json!({"seat": 0, "action": {"type": "listen_to_rumors"}}));
    let n = moves.len() - 1;
    assert_eq!(
        load(&end).unwrap_err(),
        LoadError::Refused {
            index: n,
            seat: Seat(0),
            error: RuleError::GameOver
        }
    );
}

#[test]
fn a_save_of_a_newer_format_is_refused_as_newer() {
    let mut v = a_save();
    v["format"] = json!(FORMAT_VERSION + 1);
    assert_eq!(
        load(&v).unwrap_err(),
        LoadError::Newer {
            found: FORMAT_VERSION + 1,
            supported: FORMAT_VERSION
        }
    );
    v.as_object_mut().unwrap().remove("format");
    assert!(matches!(load(&v), Err(LoadError::Damaged { .. })));
}

#[test]
fn a_deal_that_is_not_this_games_cards_is_refused() {
    let mut v = a_save();
    let deal = |deck: Vec<&str>| {
        json!({"loyalty": ["loyal", "traitor", "loyal", "loyal"], "set_aside": ["loyal", "loyal"],
               "rumor_deck": deck})
    };
    v["setup"]["deal"] = deal(vec!["picts:2"; 300]);
    assert!(matches!(load(&v), Err(LoadError::Setup(_))));
    v["setup"]["options"]["morgan8"] = json!(false);
    v["setup"]["deal"] = deal(vec!["morgan:8"]);
    assert!(matches!(load(&v), Err(LoadError::Setup(_))));
    v["setup"]["deal"] = deal(vec!["picts:2"]);
    v["setup"]["deal"]["loyalty"] = json!(["loyal", "loyal", "loyal"]);
    assert!(matches!(load(&v), Err(LoadError::Setup(_))));
}

/// A state text (the engine's serde form of a game) is read only by replaying the setup and moves it
/// carries, and must be exactly what they give: each damage the earlier state format let through —
/// a current seat out of range, a seat without its Loyalty card, no quest being resolved in Gawain's
/// window, a 300-card deck — is refused and names the field.
#[test]
fn a_damaged_state_is_refused_never_trusted() {
    let gawain = save::load(&fixture("gawain-window.json")).unwrap();
    let state = serde_json::to_value(&gawain).unwrap();
    assert!(state["phase"].get("Gawain").is_some(), "{}", state["phase"]);
    let back: Game = serde_json::from_value(state.clone()).unwrap();
    assert_eq!(serde_json::to_value(&back).unwrap(), state);
    let damages: [(&str, Value); 4] = [
        ("current", json!(9)),
        ("seats", {
            let mut seats = state["seats"].clone();
            seats[1]["loyalty"] = Value::Null;
            seats
        }),
        ("resolving", Value::Null),
        ("deck", json!(vec!["picts:2"; 300])),
    ];
    for (field, value) in damages {
        let mut v = state.clone();
        v[field] = value;
        let e = serde_json::from_value::<Game>(v).unwrap_err().to_string();
        assert!(e.contains(&format!("`{field}` differs")), "{field}: {e}");
    }
}

/// Thousands of randomly damaged saves and states: every one is refused with a reason or loads as
/// exactly the game its setup and moves give; none panics, and every loaded game can go on.
#[test]
fn random_damage_is_refused_or_replayed_never_a_panic() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(23);
    let texts: Vec<Value> = [
        "after-quest.json",
        "gawain-window.json",
        "merged-after-quest.end.json",
    ]
    .iter()
    .map(|name| serde_json::from_str(&fixture(name)).unwrap())
    .collect();
    let states: Vec<Value> = texts
        .iter()
        .map(|v| serde_json::to_value(load(v).unwrap()).unwrap())
        .collect();
    let (mut refused, mut loaded) = (0, 0);
    for round in 0..3000 {
        let mut v = if round % 2 == 0 {
            texts.choose(&mut rng).unwrap().clone()
        } else {
            states.choose(&mut rng).unwrap().clone()
        };
        for _ in 0..rng.random_range(1..4) {
            damage(&mut v, &mut rng);
        }
        let result = if round % 2 == 0 {
            load(&v)
        } else {
            serde_json::from_value::<Game>(v.clone()).map_err(|e| LoadError::Damaged {
                detail: e.to_string(),
            })
        };
        match result {
            Err(e) => {
                assert!(!e.to_string().is_empty());
                refused += 1;
            }
            Ok(g) => {
                let again = save::replay(&g.to_save()).unwrap();
                assert_eq!(
                    serde_json::to_value(&again).unwrap(),
                    serde_json::to_value(&g).unwrap()
                );
                if let Some((seat, _)) = g.decider() {
                    assert!(!g.legal_actions().is_empty(), "{seat} is stuck");
                }
                loaded += 1;
            }
        }
    }
    assert!(
        refused > 1000 && loaded > 100,
        "{refused} refused, {loaded} loaded"
    );
}

/// Change one value somewhere in `v`: a number, a string, null, a list made long, an entry dropped.
fn damage(v: &mut Value, rng: &mut Xoshiro256PlusPlus) {
    // Walk down to a random value (its JSON pointer).
    let mut path = String::new();
    let mut here: &Value = v;
    loop {
        match here {
            Value::Object(m) if !m.is_empty() && rng.random_bool(0.75) => {
                let k = m.keys().nth(rng.random_range(0..m.len())).unwrap();
                path = format!("{path}/{k}");
                here = &m[k];
            }
            Value::Array(a) if !a.is_empty() && rng.random_bool(0.75) => {
                let i = rng.random_range(0..a.len());
                path = format!("{path}/{i}");
                here = &a[i];
            }
            _ => break,
        }
    }
    let at = v.pointer_mut(&path).unwrap();
    let was = at.clone();
    *at = match rng.random_range(0..7u8) {
        0 => json!(rng.random_range(0..10u32)),
        1 => json!(rng.random_range(0..400u32)),
        2 => Value::Null,
        3 => json!(
            ["picts:2", "morgan:1", "traitor", "grail"]
                .choose(rng)
                .unwrap()
        ),
        4 => match &was {
            Value::Array(a) if !a.is_empty() => {
                let first = a[0].clone();
                Value::Array(vec![first; 300])
            }
            _ => json!(true),
        },
        5 => match was {
            Value::Array(a) if !a.is_empty() => {
                let mut a = a.clone();
                a.remove(rng.random_range(0..a.len()));
                Value::Array(a)
            }
            Value::Object(m) if !m.is_empty() => {
                let mut m = m.clone();
                let k = m.keys().next().unwrap().clone();
                m.remove(&k);
                Value::Object(m)
            }
            other => other,
        },
        _ => json!({"type": "listen_to_rumors"}),
    };
}

#[test]
fn a_new_game_saves_and_loads_as_itself() {
    let g = Game::new(Setup::new(5, 3)).unwrap();
    let text = write(&g);
    assert_eq!(
        text,
        r#"{"format":1,"setup":{"players":5,"first":0,"options":{"knights_to_the_rescue":false,"morgan8":false,"merlin6":false},"seed":3},"moves":[]}"#
    );
    let back = save::load(&text).unwrap();
    assert_eq!(back.table_view(), g.table_view());
    assert_eq!(back.legal_actions(), vec![Action::ListenToRumors]);
}
