//! The `camelot` command-line tool, run as a built binary: `camelot card …` for the Card Game,
//! `camelot board …` for the board game.

mod common;

use common::{repo_file, spawn_camelot};
use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;
use std::process::Output;

fn camelot(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = spawn_camelot(args);
    {
        let mut pipe = child.stdin.take().expect("stdin is piped");
        if let Some(text) = stdin {
            pipe.write_all(text.as_bytes())
                .expect("stdin accepts the input");
        }
    }
    child
        .wait_with_output()
        .expect("the camelot binary finishes")
}

/// `camelot card ARGS…`.
fn card(args: &[&str], stdin: Option<&str>) -> Output {
    let mut all = vec!["card"];
    all.extend_from_slice(args);
    camelot(&all, stdin)
}

fn stdout_json(out: &Output) -> Value {
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {text}"))
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn example_1() -> Value {
    json!({
        "main": "excalibur",
        "pile": [
            "excalibur:5", "picts:5", "excalibur:3", "grail:3", "picts:3", "excalibur:?",
            "picts:2", "grail:?", "picts:?", "excalibur:?", "picts:?"
        ]
    })
}

fn example_1_result() -> Value {
    json!({
        "totals": {"picts": 14, "excalibur": 12, "grail": 4},
        "outcomes": {"picts": "defeat", "excalibur": "success", "grail": "harmless"},
        "white": 2,
        "black": 1,
        "evil_wins_now": false
    })
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("camelot-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn resolve_the_rule_books_example_1_from_a_file() {
    let path = temp_file("example1.json", &example_1().to_string());
    let out = card(&["resolve", path.to_str().unwrap()], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout_json(&out), example_1_result());
    // Keys come in quest order, not alphabetical.
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.find("\"picts\"").unwrap() < text.find("\"excalibur\"").unwrap());
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn resolve_an_array_from_stdin() {
    let input = json!([
        example_1(),
        // Rule book example 2: Excalibur 3 + ?×2 = 7, baseless; Picts 11 is only a secondary quest.
        {"main": "excalibur", "pile": ["excalibur:3", "picts:5", "excalibur:?", "picts:3",
                                       "excalibur:?", "picts:2", "grail:?", "picts:?"]},
        // Mordred, Morgan #4 and a Merlin #4 on Picts; Morgan #7 with a main quest of 14 or more.
        {"main": "picts", "pile": ["picts:5", "picts:4", "merlin:4@picts", "mordred", "picts:3",
                                   "morgan:4+2", "morgan:7", "picts:?"]},
        {"main": "dragon", "pile": ["dragon:4", "dragon:3"], "merlin6_bonus": 3}
    ]);
    let out = card(&["resolve", "-"], Some(&input.to_string()));
    assert!(out.status.success(), "{}", stderr(&out));
    let v = stdout_json(&out);
    let results = v.as_array().expect("an array in, an array out");
    assert_eq!(results.len(), 4);
    assert_eq!(results[0], example_1_result());
    assert_eq!(
        results[1]["totals"],
        json!({"picts": 11, "excalibur": 7, "grail": 1})
    );
    assert_eq!(results[1]["outcomes"]["excalibur"], "baseless");
    assert_eq!(results[1]["outcomes"]["picts"], "harmless");
    assert_eq!(
        (results[1]["white"].as_u64(), results[1]["black"].as_u64()),
        (Some(0), Some(1))
    );
    // Picts: 5 removed by Merlin #4; 4 + 3 + ?(1) = 8, Mordred +3 cards, Morgan #4 +2 = 13: success.
    assert_eq!(results[2]["totals"]["picts"], 13);
    assert_eq!(results[2]["outcomes"]["picts"], "success");
    assert_eq!(results[2]["white"], 1);
    assert_eq!(results[2]["evil_wins_now"], false);
    // Merlin #6's bonus: 4 + 3 + 3 = 10, baseless.
    assert_eq!(results[3]["totals"]["dragon"], 10);
    assert_eq!(results[3]["outcomes"]["dragon"], "baseless");
}

/// The rule book's Mordred example: "Because of Mordred, the Picts add up to 5 + (2 × 2) + 3 = 12,
/// since there are 3 Pict cards present; and the Saxons add up to 4 + 1 = 5 since there is only 1
/// Saxon card."
#[test]
fn resolve_the_rule_books_mordred_example() {
    let input =
        json!({"main": "picts", "pile": ["picts:5", "mordred", "picts:?", "saxons:4", "picts:?"]});
    let out = card(&["resolve", "-"], Some(&input.to_string()));
    assert!(out.status.success(), "{}", stderr(&out));
    let v = stdout_json(&out);
    assert_eq!(v["totals"], json!({"picts": 12, "saxons": 5}));
    assert_eq!(
        v["outcomes"],
        json!({"picts": "success", "saxons": "harmless"})
    );
    assert_eq!(
        (v["white"].as_u64(), v["black"].as_u64()),
        (Some(1), Some(0))
    );
}

#[test]
fn resolve_morgan_7_ends_the_game() {
    let input = json!({"main": "grail", "pile": ["grail:5", "grail:5", "morgan:7", "grail:4"]});
    // (There is only one Grail 5 in the deck, but a scenario may hold anything.)
    let out = card(&["resolve", "-"], Some(&input.to_string()));
    assert!(out.status.success(), "{}", stderr(&out));
    let v = stdout_json(&out);
    assert_eq!(v["totals"]["grail"], 14);
    assert_eq!(v["outcomes"]["grail"], "defeat");
    assert_eq!(v["black"], 3);
    assert_eq!(v["evil_wins_now"], true);
}

#[test]
fn resolve_names_a_bad_card_and_its_scenario() {
    let input = json!([example_1(), {"main": "grail", "pile": ["grail:3", "grail:6"]}]);
    let out = card(&["resolve", "-"], Some(&input.to_string()));
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "no partial output");
    let err = stderr(&out);
    assert!(err.contains("scenario 1"), "{err}");
    assert!(err.contains("grail:6"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    for (input, expect) in [
        (json!({"main": "grail", "pile": ["morgan:4"]}), "morgan:4+1"),
        (
            json!({"main": "grail", "pile": ["merlin:4"]}),
            "merlin:4@<quest>",
        ),
        (json!({"main": "camelot", "pile": []}), "main"),
        (json!({"main": "grail"}), "pile"),
        (
            json!({"main": "grail", "pile": [], "merlin6_bonus": 4}),
            "merlin6_bonus",
        ),
        (json!({"main": "grail", "pile": [], "extra": 1}), "extra"),
        (json!(42), "expected a scenario"),
    ] {
        let out = card(&["resolve", "-"], Some(&input.to_string()));
        assert_eq!(out.status.code(), Some(2), "{input}");
        assert!(stderr(&out).contains(expect), "{input}: {}", stderr(&out));
    }
    let out = card(&["resolve", "-"], Some("{not json"));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not valid JSON"), "{}", stderr(&out));
    let out = card(&["resolve", "/no/such/file.json"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("/no/such/file.json"),
        "{}",
        stderr(&out)
    );
}

fn example_path() -> String {
    repo_file("play-example.json")
}

/// The events of step `i` of a `camelot play` output.
fn events(v: &Value, i: usize) -> &Vec<Value> {
    assert_eq!(v["steps"][i]["index"], i);
    v["steps"][i]["events"].as_array().expect("events")
}

fn find<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["event"] == kind).collect()
}

#[test]
fn play_the_worked_example() {
    let out = card(&["play", &example_path()], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = stdout_json(&out);
    assert_eq!(v["ok"], true);
    assert_eq!(v["skipped"], 0);
    assert_eq!(v["steps"].as_array().unwrap().len(), 21);

    // Four listens, then the Dragon quest: 5 + 4 + 3 = 12, three white swords; the Grail's ? is harmless.
    let placed = find(events(&v, 0), "card_placed");
    assert_eq!(
        placed[0]["top"],
        json!({"face": "face_up", "card": "dragon:5"})
    );
    let quest = events(&v, 4);
    assert_eq!(
        find(quest, "swords_placed")[0],
        &json!({"event": "swords_placed", "colour": "white", "count": 3})
    );
    let r = &find(quest, "quest_resolved")[0]["resolution"];
    assert_eq!(r["main"], "dragon");
    assert_eq!(r["stacks"][0]["quest"], "dragon");
    assert_eq!(r["stacks"][0]["total"], 12);
    assert_eq!(r["stacks"][0]["outcome"], "success");
    assert_eq!(r["stacks"][1]["outcome"], "harmless");

    // Morgan #1: seat 2 drew the Picts 5 and announced a Picts 2; the card lies face down.
    assert_eq!(find(events(&v, 5), "morgan1_begins").len(), 1);
    let drew = &find(events(&v, 6), "private")[0];
    assert_eq!(drew["private"], json!({"saw": "drew", "card": "picts:5"}));
    let placed = find(events(&v, 7), "card_placed");
    assert_eq!(
        placed[0]["top"],
        json!({"face": "face_down", "announced": "picts:2"})
    );

    // Seat 3 goes on the Picts on the strength of that announcement: the revealed pile holds a 5, total
    // 5, the rumors were baseless: one black sword. Four swords on the table now.
    let quest = events(&v, 8);
    let r = &find(quest, "quest_resolved")[0]["resolution"];
    assert_eq!(r["stacks"][0]["cards"][0]["card"], "picts:5");
    assert_eq!(r["stacks"][0]["total"], 5);
    assert_eq!(r["stacks"][0]["outcome"], "baseless");
    assert_eq!(find(quest, "swords_placed")[0]["colour"], "black");

    // Seat 0 accuses seat 2, the liar: a Traitor, one white sword.
    let accusation = events(&v, 9);
    assert_eq!(
        find(accusation, "loyalty_revealed")[0],
        &json!({"event": "loyalty_revealed", "seat": 2, "loyalty": "traitor"})
    );
    assert_eq!(find(accusation, "swords_placed")[0]["colour"], "white");

    // Morgan #1 still holds after the quest; the Merlin announced by seat 1 ends it.
    assert_eq!(find(events(&v, 11), "morgan_effects_end").len(), 1);
    // The revealed Traitor draws two and places Morgan #7 face up.
    let drew_two = &find(events(&v, 12), "private")[0];
    assert_eq!(
        drew_two["private"]["cards"],
        json!(["excalibur:?", "morgan:7"])
    );
    assert_eq!(
        find(events(&v, 13), "card_placed")[0]["top"],
        json!({"face": "face_up", "card": "morgan:7"})
    );

    // The Grail quest: 5 + 4 + 3 = 12 despite Morgan #7; Merlin #1 removed the Picts 2. Seven white
    // swords: everyone reveals, the loyal knights win.
    let last = events(&v, 20);
    let r = &find(last, "quest_resolved")[0]["resolution"];
    let picts = r["stacks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["quest"] == "picts")
        .unwrap();
    assert_eq!(picts["cards"][0]["removed_by"], 1);
    assert!(picts.get("total").is_none_or(Value::is_null));
    assert_eq!(find(last, "game_over")[0]["winner"], "loyal");

    let fin = &v["final"];
    assert_eq!(fin["swords"], json!({"white": 7, "black": 1}));
    assert_eq!(fin["winner"], json!(["loyal", "swords"]));
    assert_eq!(fin["decider"], Value::Null);
    assert_eq!(fin["seats"][2]["revealed"], "traitor");
    assert_eq!(fin["seats"][0]["has_accused"], true);
}

#[test]
fn play_stops_at_the_first_refused_action() {
    let script = json!({
        "players": 3,
        "seed": 5,
        "actions": [
            {"seat": 0, "action": {"type": "listen_to_rumors"}},
            {"seat": 0, "action": {"type": "listen_to_rumors"}},
            {"seat": 1, "action": {"type": "listen_to_rumors"}}
        ]
    });
    let out = card(&["play", "-"], Some(&script.to_string()));
    assert_eq!(out.status.code(), Some(1));
    let v = stdout_json(&out);
    assert_eq!(v["ok"], false);
    assert_eq!(v["skipped"], 1);
    let refused = &v["steps"][1];
    assert!(refused.get("events").is_none());
    assert_eq!(refused["error"]["error"], "not_your_decision");
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("seat 1")
    );
    // The final view is the table after the one applied action.
    assert_eq!(v["final"]["pile_count"], 1);
    assert_eq!(v["final"]["current"], 1);
    assert!(stderr(&out).contains("action 1"), "{}", stderr(&out));
}

#[test]
fn play_reports_bad_scripts() {
    for (script, expect) in [
        (json!({"actions": []}), "players"),
        (json!({"players": 9}), "setup"),
        (
            json!({"players": 4, "actions": [{"seat": 0, "action": {"type": "fly"}}]}),
            "action 0",
        ),
        (
            json!({"players": 4, "deal": {"loyalty": ["loyal"]}}),
            "setup",
        ),
        (
            json!({"players": 4, "deal": {"rumor_deck": ["picts:9"]}}),
            "picts:9",
        ),
        (json!({"players": 4, "colour": "blue"}), "colour"),
    ] {
        let out = card(&["play", "-"], Some(&script.to_string()));
        assert_eq!(out.status.code(), Some(2), "{script}");
        assert!(stderr(&out).contains(expect), "{script}: {}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"), "{script}");
    }
}

#[test]
fn play_refuses_a_deal_with_two_viviens() {
    let script = json!({
        "players": 2,
        "deal": {"loyalty": ["loyal", "traitor"], "set_aside": ["loyal", "loyal"],
                 "rumor_deck": ["vivien", "picts:2", "vivien"]},
        "actions": [{"seat": 0, "action": {"type": "listen_to_rumors"}}]
    });
    let out = card(&["play", "-"], Some(&script.to_string()));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(
        stderr(&out).trim(),
        "camelot: setup: the deal holds vivien 2 times, the box holds it once"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn play_without_a_deal_is_dealt_by_the_seed() {
    let script = json!({"players": 5, "seed": 77, "actions": [{"seat": 0, "action": {"type": "listen_to_rumors"}}]});
    let a = card(&["play", "-"], Some(&script.to_string()));
    let b = card(&["play", "-"], Some(&script.to_string()));
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(a.stdout, b.stdout);
    // 62 cards less the 3 Morgans left out, less the one drawn.
    assert_eq!(stdout_json(&a)["final"]["deck_count"], 58);
}

#[test]
fn simulate_prints_its_results() {
    let out = card(
        &["simulate", "--games", "50", "--players", "4", "--seed", "3"],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = stdout_json(&out);
    for key in [
        "games",
        "players",
        "loyal_wins",
        "evil_wins",
        "unfinished",
        "mean_turns",
        "games_per_second",
    ] {
        assert!(
            v.get(key).is_some_and(Value::is_number),
            "{key} missing in {v}"
        );
    }
    assert_eq!(v["games"], 50);
    let sum = v["loyal_wins"].as_u64().unwrap()
        + v["evil_wins"].as_u64().unwrap()
        + v["unfinished"].as_u64().unwrap();
    assert_eq!(sum, 50);
    assert_eq!(v["policy_errors"], 0);
    assert!(v["mean_turns"].as_f64().unwrap() > 5.0);

    let expert = card(
        &[
            "simulate",
            "--games",
            "20",
            "--players",
            "7",
            "--seed",
            "3",
            "--expert",
        ],
        None,
    );
    assert!(expert.status.success(), "{}", stderr(&expert));
    assert_eq!(stdout_json(&expert)["expert"], true);

    // The same seed plays the same games.
    let again = card(
        &["simulate", "--games", "50", "--players", "4", "--seed", "3"],
        None,
    );
    let strip = |v: &Value| {
        let mut v = v.clone();
        v.as_object_mut()
            .unwrap()
            .retain(|k, _| !["seconds", "games_per_second"].contains(&k.as_str()));
        v
    };
    assert_eq!(strip(&v), strip(&stdout_json(&again)));
}

#[test]
fn usage_errors_are_reported_not_panicked() {
    for args in [
        &[][..],
        &["dance"][..],
        &["resolve"][..],
        &["resolve", "a", "b"][..],
        &["simulate", "--games"][..],
        &["simulate", "--games", "many"][..],
        &["simulate", "--players", "8"][..],
        &["simulate", "--fast"][..],
    ] {
        let out = card(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.starts_with("camelot: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let help = card(&["help"], None);
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("camelot card simulate"));
}

/// `camelot` names the game first: `card` or `board` (a game word alone is bad usage).
#[test]
fn the_first_word_names_the_game() {
    for args in [
        &[][..],
        &["resolve", "-"][..],
        &["board"][..],
        &["chess"][..],
    ] {
        let out = camelot(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.starts_with("camelot: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let help = camelot(&["help"], None);
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("camelot card"));
    assert!(String::from_utf8_lossy(&help.stdout).contains("camelot board"));
    let version = camelot(&["--version"], None);
    assert!(String::from_utf8_lossy(&version.stdout).starts_with("camelot "));
}

#[test]
fn simulate_with_bots_reports_win_rates_with_and_without_a_traitor() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_camelot"))
        .args([
            "card",
            "simulate",
            "--games",
            "60",
            "--players",
            "4",
            "--seed",
            "3",
        ])
        .args(["--bots", "solid,expert", "--traitor-bot", "beginner"])
        .output()
        .expect("camelot runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["games"], 60);
    assert_eq!(v["bots"], serde_json::json!(["solid", "expert"]));
    let with = v["with_traitor"]["games"].as_u64().unwrap();
    let without = v["without_traitor"]["games"].as_u64().unwrap();
    assert_eq!(with + without, 60);
    assert!(with > 0 && without > 0);
    assert_eq!(v["all"]["unfinished"], 0);
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_camelot"))
        .args(["card", "simulate", "--bots", "wizard"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown level"));
}

// -------------------------------------------------------------------------------------------------
// camelot board …
// -------------------------------------------------------------------------------------------------

/// `camelot board ARGS…`.
fn board(args: &[&str], stdin: Option<&str>) -> Output {
    let mut all = vec!["board"];
    all.extend_from_slice(args);
    camelot(&all, stdin)
}

fn board_example_path() -> String {
    repo_file("board-play-example.json")
}

fn board_example() -> Value {
    let text = std::fs::read_to_string(board_example_path()).expect("the board example exists");
    serde_json::from_str(&text).expect("the board example is JSON")
}

/// The index of the first scripted action equal to `action` by `seat`.
fn board_action_index(script: &Value, seat: u64, action: Value) -> usize {
    script["actions"]
        .as_array()
        .unwrap()
        .iter()
        .position(|a| a["seat"] == seat && a["action"] == action)
        .unwrap_or_else(|| panic!("no {action} by seat {seat} in the example"))
}

#[test]
fn board_play_the_worked_example() {
    let out = board(&["play", &board_example_path()], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    let v = stdout_json(&out);
    let script = board_example();
    let actions = script["actions"].as_array().unwrap().len();
    assert_eq!(v["ok"], true);
    assert_eq!(v["skipped"], 0);
    assert_eq!(v["steps"].as_array().unwrap().len(), actions);
    let all: Vec<Value> = (0..actions).flat_map(|i| events(&v, i).clone()).collect();

    // The opening gesture: three cards laid and shared by agreement, then King Arthur's first turn.
    let shared = &find(&all, "cards_shared")[0];
    assert_eq!(shared["kind"], "opening");
    assert_eq!(shared["at_random"], false);
    assert_eq!(shared["shares"].as_array().unwrap().len(), 3);
    assert_eq!(
        find(&all, "turn_begins")[0],
        &json!({"event": "turn_begins", "seat": 0, "turn": 1, "traitor_turn": false})
    );

    // Black cards: Picts add warriors to the Pict War; Sir Gawain's Black Knight card goes face
    // down (its value only in his private event) and he draws a white card for it.
    assert_eq!(
        find(&all, "warrior_added")[0],
        &json!({"event": "warrior_added", "war": "pict_war", "warriors": 1})
    );
    let face_down = board_action_index(&script, 1, json!({"type": "place_face_down"}));
    let placed = events(&v, face_down);
    assert_eq!(
        find(placed, "black_card_placed")[0],
        &json!({"event": "black_card_placed", "quest": "black_knight", "card": null, "face_down": true})
    );
    assert_eq!(find(placed, "white_cards_drawn")[0]["seat"], 1);
    let drawn = events(&v, face_down - 1);
    assert_eq!(find(drawn, "black_card_drawn")[0]["card"], Value::Null);
    assert_eq!(
        find(drawn, "private")[0]["private"],
        json!({"saw": "black_cards", "cards": ["black_knight_3"]})
    );

    // The Traitor's false accusation flips a white sword; King Arthur's true one unmasks him.
    let accusations = find(&all, "accused");
    assert_eq!(accusations.len(), 2);
    assert_eq!(
        accusations[0],
        &json!({"event": "accused", "accuser": 2, "target": 0, "loyalty": "loyal"})
    );
    assert_eq!(find(&all, "sword_flipped").len(), 1);
    assert_eq!(
        accusations[1],
        &json!({"event": "accused", "accuser": 0, "target": 2, "loyalty": "traitor"})
    );
    assert_eq!(
        find(&all, "traitor_unmasked")[0],
        &json!({"event": "traitor_unmasked", "seat": 2})
    );
    // The revealed Traitor's turn: a card taken from Sir Gawain, then a black card.
    assert!(
        find(&all, "turn_begins")
            .iter()
            .any(|e| e["seat"] == 2 && e["traitor_turn"] == true)
    );
    assert_eq!(find(&all, "traitor_took_card")[0]["from"], 1);

    // The last action wins the Pict War (1, 2, 3, 4, 5), laying the 12th sword: 7 white, 5 black.
    let last = events(&v, actions - 1);
    let quest = &find(last, "quest_ends")[0];
    assert_eq!(quest["quest"], "pict_war");
    assert_eq!(quest["won"], true);
    assert_eq!(quest["winner"], 0);
    assert_eq!(quest["present"], json!([0, 1]));
    assert_eq!(
        find(last, "game_over")[0],
        &json!({"event": "game_over", "winner": "loyal", "reason": "swords"})
    );
    // The unmasked Traitor is no longer there to flip swords at the end.
    assert_eq!(find(last, "end_reveal")[0]["traitor"], Value::Null);

    let fin = &v["final"];
    assert_eq!(fin["phase"], "over");
    assert_eq!(fin["decider"], Value::Null);
    assert_eq!(
        fin["outcome"],
        json!({"winner": "loyal", "reason": "swords"})
    );
    assert_eq!(fin["swords"], json!({"white": 7, "black": 5}));
    assert_eq!(fin["tally"][5], json!({"won": 1, "lost": 0}));
    assert_eq!(fin["knights"][2]["revealed"], true);
    assert_eq!(fin["knights"][2]["loyalty"], "traitor");
    assert_eq!(fin["knights"][0]["has_accused"], true);
}

#[test]
fn board_play_stops_at_the_first_refused_action() {
    // King Arthur tries to play Fight 5 where the Pict War needs its 3.
    let mut script = board_example();
    let i = board_action_index(
        &script,
        0,
        json!({"type": "play_fight_card", "card": "fight_3"}),
    );
    script["actions"][i]["action"]["card"] = json!("fight_5");
    let total = script["actions"].as_array().unwrap().len();
    let out = board(&["play", "-"], Some(&script.to_string()));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v = stdout_json(&out);
    assert_eq!(v["ok"], false);
    assert_eq!(v["skipped"], total - i - 1);
    let refused = &v["steps"][i];
    assert!(refused.get("events").is_none());
    assert_eq!(
        refused["error"],
        json!({"error": "not_the_next_value", "card": "fight_5"})
    );
    assert!(refused["message"].as_str().unwrap().contains("Fight 5"));
    // The final view is the table before the refused action: the game goes on, nothing changed.
    assert_eq!(v["final"]["outcome"], Value::Null);
    assert_eq!(v["final"]["decider"], 0);
    assert_eq!(v["final"]["pict_war"]["cards"], 2);
    let err = stderr(&out);
    assert!(err.starts_with(&format!("camelot: action {i} ")), "{err}");
    assert!(err.contains("refused"), "{err}");

    // Out of turn: the typed refusal names the seat whose decision it is.
    let mut script = board_example();
    let arr = script["actions"].as_array_mut().unwrap();
    arr.insert(3, json!({"seat": 2, "action": {"type": "accept"}}));
    let out = board(&["play", "-"], Some(&script.to_string()));
    assert_eq!(out.status.code(), Some(1));
    let v = stdout_json(&out);
    assert_eq!(
        v["steps"][3]["error"],
        json!({"error": "not_your_decision", "seat": 2, "decider": 0})
    );
}

#[test]
fn board_play_reports_bad_scripts() {
    for (script, expect) in [
        (json!({"actions": []}), "players"),
        (json!({"players": 8}), "setup"),
        (
            json!({"players": 3, "actions": [{"seat": 0, "action": {"type": "fly"}}]}),
            "fly",
        ),
        (
            json!({"players": 3, "knights": ["sir_kay", "sir_kay", "random"]}),
            "Sir Kay",
        ),
        (
            json!({"players": 3, "deal": {"loyalty": ["traitor", "traitor", "loyal"]}}),
            "Traitor",
        ),
        (json!({"players": 3, "colour": "blue"}), "colour"),
    ] {
        let out = board(&["play", "-"], Some(&script.to_string()));
        assert_eq!(out.status.code(), Some(2), "{script}");
        assert!(stderr(&out).contains(expect), "{script}: {}", stderr(&out));
        assert!(stderr(&out).starts_with("camelot: "), "{script}");
        assert!(!stderr(&out).contains("panicked"), "{script}");
    }
    let missing = board(&["play", "/no/such/board.json"], None);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("/no/such/board.json"));
}

#[test]
fn board_play_without_a_deal_is_dealt_by_the_seed() {
    let script = json!({"players": 5, "seed": 77});
    let a = board(&["play", "-"], Some(&script.to_string()));
    let b = board(&["play", "-"], Some(&script.to_string()));
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(a.stdout, b.stdout);
    let v = stdout_json(&a);
    // Five random knights, each with a Merlin and 5 white cards, waiting for the opening gesture.
    let knights = v["final"]["knights"].as_array().unwrap();
    assert_eq!(knights.len(), 5);
    assert!(knights.iter().all(|k| k["hand"] == 6 && k["life"] == 4));
    assert_eq!(v["final"]["pending"]["step"], "opening_gesture");
}

#[test]
fn board_simulate_prints_its_report() {
    let args = ["simulate", "--games", "40", "--players", "5", "--seed", "3"];
    let out = board(&args, None);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = stdout_json(&out);
    assert_eq!(v["games"], 40);
    assert_eq!(v["players"], 5);
    assert_eq!(v["policy_errors"], 0);
    let n = |v: &Value| v.as_u64().unwrap();
    assert_eq!(
        n(&v["loyal_wins"]) + n(&v["evil_wins"]) + n(&v["unfinished"]),
        40
    );
    assert_eq!(
        n(&v["with_traitor"]["games"]) + n(&v["without_traitor"]["games"]),
        40
    );
    let ends = &v["ends"];
    let by_condition = n(&ends["siege_engines"])
        + n(&ends["black_swords"])
        + n(&ends["loyal_knights_dead"])
        + n(&ends["swords"]);
    assert_eq!(by_condition, 40 - n(&v["unfinished"]));
    // The same ends, told apart by whether a Traitor was dealt.
    for key in [
        "siege_engines",
        "black_swords",
        "loyal_knights_dead",
        "swords",
    ] {
        assert_eq!(
            n(&v["with_traitor"]["ends"][key]) + n(&v["without_traitor"]["ends"][key]),
            n(&ends[key]),
            "{key}"
        );
    }
    // A Traitor still hidden at the end was neither caught nor dead: at most the games with
    // one less those where he was caught.
    let hidden = n(&v["accusations"]["hidden_to_the_end"]);
    assert!(hidden + n(&v["accusations"]["traitor_caught"]) <= n(&v["with_traitor"]["games"]));
    assert!(v["mean_turns"].as_f64().unwrap() > 3.0);
    for key in ["mean_actions", "seconds", "games_per_second"] {
        assert!(v[key].is_number(), "{key} missing in {v}");
    }

    // The same seed plays the same games; no Traitor means no game with one.
    let again = stdout_json(&board(&args, None));
    let strip = |v: &Value| {
        let mut v = v.clone();
        v.as_object_mut()
            .unwrap()
            .retain(|k, _| !["seconds", "games_per_second"].contains(&k.as_str()));
        v
    };
    assert_eq!(strip(&v), strip(&again));
    let none = board(
        &[
            "simulate",
            "--games",
            "10",
            "--players",
            "3",
            "--seed",
            "1",
            "--traitor",
            "none",
        ],
        None,
    );
    assert!(none.status.success(), "{}", stderr(&none));
    let none = stdout_json(&none);
    assert_eq!(none["with_traitor"]["games"], 0);
    assert_eq!(none["accusations"]["hidden_to_the_end"], 0);
    assert_eq!(none["with_traitor"]["ends"]["siege_engines"], 0);
}

/// `simulate --beliefs` plays the same games and adds what the Loyal knights believe of a hidden
/// Traitor at the start of turns 15, 30 … 90, against what they believe of one another: read
/// only in games where he is still hidden, fewer as the games end, and the built-in Traitor's
/// record sets him apart from the first reading on.
#[test]
fn board_simulate_reads_the_loyal_knights_belief_in_the_traitor() {
    let args = [
        "simulate",
        "--games",
        "300",
        "--players",
        "5",
        "--seed",
        "3",
    ];
    let plain = stdout_json(&board(&args, None));
    assert!(plain.get("traitor_belief").is_none(), "{plain}");
    let out = board(&[&args[..], &["--beliefs"]].concat(), None);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = stdout_json(&out);
    let strip = |v: &Value| {
        let mut v = v.clone();
        v.as_object_mut().unwrap().retain(|k, _| {
            !["seconds", "games_per_second", "traitor_belief"].contains(&k.as_str())
        });
        v
    };
    assert_eq!(strip(&v), strip(&plain));
    let read = v["traitor_belief"].as_array().unwrap();
    let turns: Vec<u64> = read.iter().map(|r| r["turn"].as_u64().unwrap()).collect();
    assert_eq!(turns, [15, 30, 45, 60, 75, 90]);
    let games: Vec<u64> = read.iter().map(|r| r["games"].as_u64().unwrap()).collect();
    assert!(games[0] > 100, "{games:?}");
    assert!(games[0] <= v["with_traitor"]["games"].as_u64().unwrap());
    assert!(games.windows(2).all(|w| w[0] >= w[1]), "{games:?}");
    for r in read.iter().filter(|r| r["games"].as_u64().unwrap() > 0) {
        let (traitor, loyal) = (
            r["in_traitor"].as_f64().unwrap(),
            r["in_loyal"].as_f64().unwrap(),
        );
        assert!(
            (0.0..=1.0).contains(&traitor) && (0.0..=1.0).contains(&loyal),
            "{r}"
        );
    }
    for r in &read[..2] {
        assert!(
            r["in_traitor"].as_f64() > r["in_loyal"].as_f64().map(|l| 2.0 * l),
            "{r}"
        );
    }

    let none = board(
        &[
            "simulate",
            "--games",
            "10",
            "--players",
            "3",
            "--seed",
            "1",
            "--traitor",
            "none",
            "--beliefs",
        ],
        None,
    );
    let none = stdout_json(&none);
    assert!(
        none["traitor_belief"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["games"] == 0)
    );
}

/// `simulate --positions FILE` writes the positions of its games, `fit` fits them: a line for the
/// number of knights, its 24 weights; a damaged positions file is told by its line.
#[test]
fn board_fit_fits_the_positions_a_simulation_wrote() {
    let path = std::env::temp_dir().join(format!("camelot-positions-{}.txt", std::process::id()));
    let file = path.to_string_lossy().into_owned();
    let args = ["simulate", "--games", "80", "--players", "4", "--seed", "5"];
    let out = board(&[&args[..], &["--positions", &file]].concat(), None);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = board(&["fit", &file], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let fitted: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(fitted["players"], 4);
    assert_eq!(fitted["games"], 80);
    assert_eq!(fitted["weights"].as_array().unwrap().len(), 24);
    let text = std::fs::read_to_string(&path).unwrap();
    let damaged = text.replacen("4 0 0 ", "4 0 0 maybe ", 1);
    let out = board(&["fit", "-"], Some(&damaged));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("-, line 1: "), "{}", stderr(&out));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn board_usage_errors_are_reported_not_panicked() {
    for args in [
        &[][..],
        &["dance"][..],
        &["play"][..],
        &["play", "a", "b"][..],
        &["simulate"][..],
        &["simulate", "--games"][..],
        &["simulate", "--games", "many", "--players", "3"][..],
        &["simulate", "--games", "5", "--players", "8"][..],
        &[
            "simulate",
            "--games",
            "5",
            "--players",
            "3",
            "--traitor",
            "two",
        ][..],
        &["simulate", "--fast"][..],
        &["fit"][..],
        &["fit", "/no/such/positions.txt"][..],
        &[
            "simulate",
            "--games",
            "5",
            "--players",
            "3",
            "--positions",
            "/no/such/dir/positions.txt",
        ][..],
    ] {
        let out = board(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.starts_with("camelot: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let help = board(&["help"], None);
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("camelot board simulate"));
}
