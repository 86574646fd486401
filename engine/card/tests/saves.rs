//! Saves written by an earlier version of the engine (format 1) still load, show the same views,
//! write back byte for byte, and play on exactly as before (the generator state is in the save).
//!
//! The fixtures in `tests/saves/` were written before the quest breakdown became lazy: a 4-player
//! expert game with both promos, right after a quest, in Gawain's window, and after a quest whose
//! Picts and Saxons were merged by Morgan #8 (with a card removed by Merlin). Each `NAME.json` is the
//! state; `NAME.view.json` its table view, `NAME.seats.json` every seat's view, `NAME.end.json` the
//! state after playing the game out with `SimplePolicy::new(7)`.

use camelot_card::Game;
use camelot_card::Seat;
use camelot_card::sim::{SimplePolicy, play_out};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/saves/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn check(name: &str) {
    let text = fixture(&format!("{name}.json"));
    let g = Game::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(g.to_json(), text, "{name}: written back differently");
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
        end.to_json(),
        fixture(&format!("{name}.end.json")),
        "{name}: played out differently"
    );
}

#[test]
fn a_save_after_a_quest_loads_and_plays_on_as_before() {
    check("v1-after-quest");
}

#[test]
fn a_save_in_gawains_window_loads_and_plays_on_as_before() {
    check("v1-gawain-window");
}

#[test]
fn a_save_after_a_merged_quest_loads_and_plays_on_as_before() {
    check("v1-merged-after-quest");
}
