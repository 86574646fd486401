//! `board play`: who decides and what is legal, at the start and after every step; chance fixed
//! by the script's deal.

use super::*;
use serde_json::{Value, json};

fn played(script: Value) -> Value {
    let output = play_script(&script.to_string()).unwrap_or_else(|f| panic!("{}", f.message));
    serde_json::to_value(&output).unwrap()
}

fn script(actions: Value) -> Value {
    json!({
        "players": 3,
        "knights": ["sir_palamedes", "sir_gawain", "sir_galahad"],
        "seed": 4,
        "deal": {
            "skip_opening_gesture": true,
            "chance": {"rolls": [8, 2]}
        },
        "actions": actions
    })
}

#[test]
fn play_says_who_decides_and_what_is_legal_after_each_step() {
    let v = played(script(json!([
        {"seat": 0, "action": {"type": "add_siege_engine"}},
        {"seat": 0, "action": {"type": "fight_siege_engine"}},
        {"seat": 0, "action": {"type": "roll_siege_die"}}
    ])));
    assert_eq!(v["ok"], true);
    assert_eq!(v["start"]["decider"], 0);
    let first = v["start"]["legal"].as_array().unwrap();
    assert!(
        first.contains(&json!({"type": "add_siege_engine"})),
        "{first:?}"
    );
    // Replayed here, step by step: the output says what the game says.
    let mut game = Game::new(
        &serde_json::from_value::<Setup>(json!({
            "players": 3,
            "knights": ["sir_palamedes", "sir_gawain", "sir_galahad"],
            "seed": 4,
            "deal": {"skip_opening_gesture": true, "chance": {"rolls": [8, 2]}}
        }))
        .unwrap(),
    )
    .unwrap();
    for (i, step) in v["steps"].as_array().unwrap().iter().enumerate() {
        let action: Action = serde_json::from_value(step["action"].clone()).unwrap();
        game.apply(Seat(0), action).unwrap();
        assert_eq!(step["index"], i);
        assert_eq!(step["decider"], json!(game.decider()), "step {i}");
        assert_eq!(step["legal"], json!(game.legal_actions()), "step {i}");
    }
    // The fixed roll: an 8 beats a bare-handed knight.
    let fight: Vec<&Value> = v["steps"][2]["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "siege_fight")
        .collect();
    assert_eq!(fight.len(), 1);
    assert_eq!(fight[0]["roll"], 8);
    assert_eq!(fight[0]["won"], false);
}

#[test]
fn a_refused_step_says_who_still_decides_and_what_he_may_do() {
    let v = played(script(json!([
        {"seat": 1, "action": {"type": "add_siege_engine"}}
    ])));
    assert_eq!(v["ok"], false);
    let step = &v["steps"][0];
    assert_eq!(step["error"]["error"], "not_your_decision");
    assert_eq!(step["decider"], 0);
    assert_eq!(step["legal"], v["start"]["legal"]);
}

#[test]
fn a_game_over_has_no_decider_and_nothing_legal() {
    // Eleven siege engines already: the twelfth ends the game.
    let mut s = script(json!([{"seat": 0, "action": {"type": "add_siege_engine"}}]));
    s["deal"]["siege_engines"] = json!(11);
    let v = played(s);
    let step = &v["steps"][0];
    assert_eq!(step["decider"], Value::Null);
    assert_eq!(step["legal"], json!([]));
    assert_eq!(v["final"]["phase"], "over");
}

#[test]
fn a_script_whose_die_roll_is_not_a_face_is_refused() {
    let mut s = script(json!([]));
    s["deal"]["chance"]["rolls"] = json!([9]);
    match play_script(&s.to_string()) {
        Err(f) => {
            assert_eq!(f.code, 2);
            assert!(f.message.contains("siege die"), "{}", f.message);
        }
        Ok(_) => panic!("a roll of 9 was accepted"),
    }
}
