//! Saved games are their setup and their actions, replayed through the rules on load; they show the
//! same views, write back byte for byte, and play on exactly as before (the seed is in the setup).
//!
//! The fixtures in `tests/saves/` are a 4-player expert game with both promos, right after a quest,
//! in Gawain's window, and after a quest whose Picts and Saxons were merged by Morgan #8 (with a card
//! removed by Merlin): each `NAME.json` is the save, `NAME.view.json` its table view,
//! `NAME.seats.json` every seat's view, `NAME.end.json` the save after playing the game out with
//! `SimplePolicy::new(7)`. (They were states written by an earlier engine, which these saves replay
//! to exactly.)

use camelot_card::sim::{SimplePolicy, play_out};
use camelot_card::{Action, Game, GameSetup, Seat};
use camelot_kit::Save;

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/saves/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn write(g: &Game) -> String {
    #[derive(serde::Serialize)]
    struct File<'a> {
        format: u32,
        #[serde(flatten)]
        save: &'a Save<GameSetup, Action>,
    }
    let save = Save {
        setup: g.start().clone(),
        moves: g.history().to_vec(),
    };
    serde_json::to_string(&File {
        format: 1,
        save: &save,
    })
    .unwrap()
}

fn check(name: &str) {
    let text = fixture(&format!("{name}.json"));
    let save: Save<GameSetup, Action> = serde_json::from_str(&text).unwrap();
    let g: Game = save.load().unwrap_or_else(|e| panic!("{name}: {e}"));
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
    play_out(&mut end, &mut SimplePolicy::new(7), 2000);
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
