//! The board tested natively: the model of a table's view, its drawings and its words.

use super::lines::*;
use super::model::*;
use super::svg::*;
use crate::board::i18n::B;
use crate::board::words;
use crate::i18n::{Lang, checks, set_texts, tf};
use camelot_board::{
    Action, Black, Deal, Game, LancelotBoard, Loyalty, Place, Quest, QuestTally, Relic, RelicState,
    Seat, Setup, Spot, Swords, War,
};

fn names(n: usize) -> Vec<String> {
    ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// A game at its first turn (no opening gesture), from `deal`.
fn game(players: u8, mut deal: Deal) -> Game {
    deal.skip_opening_gesture = true;
    let mut setup = Setup::new(players, 11);
    setup.deal = Some(deal);
    Game::new(&setup).expect("a valid setup")
}

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

#[test]
fn every_quest_is_on_the_board_with_its_results() {
    let v = game(4, Deal::default()).table_view();
    let m = Model::of(&v, None);
    let up: Vec<Quest> = m.tiles.iter().map(|t| t.quest).collect();
    assert_eq!(
        up,
        [
            Quest::BlackKnight,
            Quest::Lancelot,
            Quest::Excalibur,
            Quest::Grail,
            Quest::PictWar,
            Quest::SaxonWar
        ]
    );
    // Every quest's results are on a board (the Dragon's on the back of Lancelot's).
    let mut tallied: Vec<Quest> = m
        .tiles
        .iter()
        .flat_map(|t| t.tallies.iter().map(|(q, _)| *q))
        .collect();
    tallied.sort();
    assert_eq!(tallied, Quest::ALL);
    assert!(m.tiles.iter().all(|t| t.status == Status::InPlay));
    // The perpetual quests say their count from the start; the others nothing yet.
    let bk = m.tile(Slot::BlackKnight).unwrap();
    assert_eq!(tile_lines(bk, &names(4))[0], "Won 0, lost 0");
    let grail = m.tile(Slot::Grail).unwrap();
    assert!(tile_lines(grail, &names(4))[0].starts_with("Spot 1: empty"));
}

#[test]
fn quests_over_show_won_or_lost_and_lancelot_turns_into_the_dragon() {
    let mut v = game(4, Deal::default()).table_view();
    v.lancelot_board = LancelotBoard::Dragon;
    v.tally[Quest::Lancelot.index()].lost = 1;
    v.relics[Relic::LancelotsArmor.index()] = RelicState::Removed;
    v.excalibur_over = true;
    v.tally[Quest::Excalibur.index()].won = 1;
    v.relics[Relic::Excalibur.index()] = RelicState::Owned(Seat(2));
    v.tally[Quest::PictWar.index()] = QuestTally { won: 2, lost: 1 };
    let m = Model::of(&v, None);
    let dragon = m.tile(Slot::LancelotDragon).unwrap();
    assert_eq!(dragon.quest, Quest::Dragon);
    assert_eq!(dragon.status, Status::InPlay);
    let lines = tile_lines(dragon, &names(4));
    assert_eq!(lines[0], "Lancelot: lost");
    assert!(lines.contains(&"Knights' cards, 0 of 9: none".to_string()));
    let armor = words::relic_name(Relic::LancelotsArmor);
    assert!(lines.contains(&tf(B::event_relic_removed, &[("relic", &armor)])));
    let excalibur = m.tile(Slot::Excalibur).unwrap();
    assert_eq!(excalibur.status, Status::Won);
    assert_eq!(excalibur.body, Body::Over);
    assert_eq!(excalibur.relic, None, "Excalibur is with its knight");
    assert_eq!(tile_lines(excalibur, &names(4)), ["Excalibur: won"]);
    assert_eq!(body_svg(&excalibur.body), "", "its result is said in words");
    let picts = m.tile(Slot::PictWar).unwrap();
    assert_eq!(tile_lines(picts, &names(4))[0], "Won 2, lost 1");
    // The Dragon over: the board is removed, its result stays.
    v.lancelot_board = LancelotBoard::Removed;
    v.tally[Quest::Dragon.index()].won = 1;
    let m = Model::of(&v, None);
    let dragon = m.tile(Slot::LancelotDragon).unwrap();
    assert_eq!((dragon.status, &dragon.body), (Status::Won, &Body::Over));
    assert_eq!(
        tile_lines(dragon, &names(4))[..2],
        ["Lancelot: lost", "Dragon: won"]
    );
}

#[test]
fn camelot_has_twelve_places_and_the_engines_in_them() {
    for engines in [0u8, 5, 8, 9, 11] {
        let v = game(
            4,
            Deal {
                siege_engines: engines,
                ..Deal::default()
            },
        )
        .table_view();
        let m = Model::of(&v, None);
        let places = m.camelot.places();
        assert_eq!(places.len(), 12);
        assert_eq!(places.iter().filter(|p| **p).count(), usize::from(engines));
        let svg = camelot_svg(&m.camelot);
        assert_eq!(count(&svg, r#"<rect class="cp"#), 12);
        assert_eq!(count(&svg, r#"<g class="engine">"#), usize::from(engines));
        assert_eq!(count(&svg, " danger"), 4, "places 9 to 12 are marked");
        let lines = camelot_lines(&m.camelot, &names(4));
        assert_eq!(lines[0], format!("Siege engines: {engines} of 12"));
        let warned = lines.iter().any(|l| l.starts_with("Danger"));
        assert_eq!(warned, engines >= 9, "{engines} engines");
        assert_eq!(m.camelot.danger(), engines >= 9);
    }
}

#[test]
fn swords_lie_white_first_then_black_with_the_marks_that_matter() {
    let v = game(
        4,
        Deal {
            swords: Swords { white: 4, black: 3 },
            ..Deal::default()
        },
    )
    .table_view();
    let rt = Model::of(&v, None).round_table;
    assert_eq!(rt.places.len(), 12);
    use SwordPlace::{Black as B, Empty as E, White as W};
    assert_eq!(rt.places, [W, W, W, W, B, B, B, E, E, E, E, E]);
    let svg = round_table_svg(&rt);
    assert_eq!(count(&svg, r#"class="sw w""#), 4);
    assert_eq!(count(&svg, r#"class="sw b""#), 3);
    assert_eq!(count(&svg, r#"class="sw e""#), 5);
    assert_eq!(count(&svg, "rt-mark"), 1);
    assert_eq!(
        round_table_lines(&rt),
        [
            "4 white and 3 black swords; the game ends at 12",
            "Black swords: 3 of 7 (at 7, Evil wins)",
            "Accusations allowed",
        ]
    );
    // More than seven black swords (a lost Grail laying three onto six): the gauge is full,
    // never "9 of 7"; the swords line tells them all.
    let mut nine = rt.clone();
    nine.swords = Swords { white: 2, black: 9 };
    assert_eq!(
        round_table_lines(&nine)[..2],
        [
            "2 white and 9 black swords; the game ends at 12",
            "Black swords: 7 of 7 (at 7, Evil wins)",
        ]
    );
    // Below the threshold, accusations wait; six siege engines are enough too.
    for (swords, engines, allowed) in [(5, 0, false), (0, 6, true), (6, 0, true)] {
        let v = game(
            4,
            Deal {
                swords: Swords {
                    white: swords,
                    black: 0,
                },
                siege_engines: engines,
                ..Deal::default()
            },
        )
        .table_view();
        let rt = Model::of(&v, None).round_table;
        assert_eq!(
            rt.accusations, allowed,
            "{swords} swords, {engines} engines"
        );
        if !allowed {
            assert_eq!(
                round_table_lines(&rt)[2],
                "Accusations wait for 6 siege engines or 6 swords."
            );
        }
    }
    // The last quest may lay more than the 12th: every sword is drawn.
    let mut v = v;
    v.swords = Swords { white: 9, black: 5 };
    let rt = Model::of(&v, None).round_table;
    assert_eq!(rt.places.len(), 14);
    assert!(!rt.places.contains(&SwordPlace::Empty));
}

/// A face-down black card is drawn as a back; neither its value nor its name is in
/// the markup or the words, while a face-up one shows both.
#[test]
fn a_face_down_black_card_carries_no_value() {
    let mut g = game(
        4,
        Deal {
            black_deck: Some(vec![
                Black::BlackKnight7,
                Black::BlackKnight5,
                Black::Picts,
                Black::Saxons,
            ]),
            ..Deal::default()
        },
    );
    let drawer = g.decider().unwrap();
    g.apply(drawer, Action::DrawBlackCard).unwrap();
    g.apply(drawer, Action::PlaceFaceDown).unwrap();
    let v = g.table_view();
    assert_eq!(v.black_knight.black, vec![None]);
    let m = Model::of(&v, None);
    let bk = m.tile(Slot::BlackKnight).unwrap();
    let Body::Combat { black, .. } = &bk.body else {
        panic!("the Black Knight is a combat quest");
    };
    assert_eq!(black, &vec![BlackChip::Down]);
    let svg = body_svg(&bk.body);
    assert_eq!(count(&svg, "bc down"), 1);
    assert_eq!(count(&svg, r#"class="bvl""#), 0, "no value is written");
    assert_eq!(count(&svg, "<text"), 0, "{svg}");
    let words = tile_lines(bk, &names(4)).join(" ");
    assert!(
        words.contains("Black cards, 1 of 4: a face-down card"),
        "{words}"
    );
    assert!(
        !words.contains('7') && !words.contains("Black Knight"),
        "{words}"
    );

    // The next knight places the Black Knight 5 face up: its value shows.
    let mut v = v;
    v.black_knight.black.push(Some(Black::BlackKnight5));
    let m = Model::of(&v, None);
    let bk = m.tile(Slot::BlackKnight).unwrap();
    let svg = body_svg(&bk.body);
    assert!(svg.contains(r#"text-anchor="middle">5</text>"#));
    let words = tile_lines(bk, &names(4)).join(" ");
    assert!(
        words.contains("a face-down card and Black Knight 5 (worth 5)"),
        "{words}"
    );
}

#[test]
fn a_lancelot_dragon_card_is_worth_its_value_on_the_quest_up() {
    let mut v = game(4, Deal::default()).table_view();
    v.lancelot_or_dragon.white = vec![3, 3, 1];
    v.lancelot_or_dragon.black = vec![Some(Black::LancelotDragon3), None];
    let m = Model::of(&v, None);
    let lancelot = m.tile(Slot::LancelotDragon).unwrap();
    let lines = body_lines(lancelot);
    assert_eq!(lines[0], "Knights' cards, 3 of 5: 3, 3 and 1");
    assert_eq!(
        lines[1],
        "Black cards, 2 of 5: Lancelot/Dragon 3/7 (worth 3) and a face-down card"
    );
    v.lancelot_board = LancelotBoard::Dragon;
    let m = Model::of(&v, None);
    let dragon = m.tile(Slot::LancelotDragon).unwrap();
    assert!(body_lines(dragon)[1].contains("Lancelot/Dragon 3/7 (worth 7)"));
    assert_eq!(
        body_box(&dragon.body),
        (180, 54),
        "nine spots for the knights"
    );
}

#[test]
fn the_excalibur_and_grail_tracks() {
    let mut v = game(4, Deal::default()).table_view();
    v.excalibur = -2;
    v.grail = [
        Spot::Grail,
        Spot::Grail,
        Spot::Empty,
        Spot::Empty,
        Spot::Empty,
        Spot::Desolation,
        Spot::Despair,
    ];
    let m = Model::of(&v, None);
    let excalibur = m.tile(Slot::Excalibur).unwrap();
    assert_eq!(
        body_lines(excalibur),
        [tf(
            B::board_excalibur_steps,
            &[("knights", &7), ("dark", &3)]
        )]
    );
    let svg = body_svg(&excalibur.body);
    assert_eq!(count(&svg, r#"class="tick""#), 11);
    assert!(svg.contains(r#"class="xsword" d="M40 2"#), "{svg}");
    assert_eq!(
        tile_lines(excalibur, &names(4)).last().unwrap(),
        &tf(B::board_relic_here, &[("relic", &"Excalibur")])
    );
    let grail = m.tile(Slot::Grail).unwrap();
    let lines = body_lines(grail);
    assert_eq!(lines.len(), 7);
    assert_eq!(lines[0], "Spot 1: Grail");
    assert_eq!(lines[2], "Spot 3: empty");
    assert_eq!(lines[5], "Spot 6: Desolation");
    assert_eq!(lines[6], "Spot 7: Despair");
    let svg = body_svg(&grail.body);
    assert_eq!(count(&svg, "gs g"), 2);
    assert_eq!(count(&svg, "gs d"), 2);
    assert_eq!(count(&svg, "gs e"), 3);
    assert_eq!(count(&svg, "xmark"), 1);
}

#[test]
fn wars_show_their_straight_warriors_and_mordred() {
    let mut v = game(4, Deal::default()).table_view();
    v.pict_war = War {
        cards: 3,
        warriors: 2,
        mordred: false,
    };
    v.saxon_war = War {
        cards: 5,
        warriors: 3,
        mordred: true,
    };
    let m = Model::of(&v, None);
    let picts = m.tile(Slot::PictWar).unwrap();
    assert_eq!(
        body_lines(picts),
        [
            "Fight cards in order, 3 of 5",
            "Next: Fight 4",
            "Warriors: 2 of 4 (at 4, the War is lost)"
        ]
    );
    let svg = body_svg(&picts.body);
    assert_eq!(count(&svg, r#"<rect class="ws on""#), 3);
    assert_eq!(count(&svg, r#"<path class="wr on""#), 2);
    assert_eq!(count(&svg, r#"<path class="wr""#), 2);
    let saxons = m.tile(Slot::SaxonWar).unwrap();
    assert_eq!(
        body_lines(saxons)[..3],
        [
            "Fight cards in order, 5 of 6",
            "Next: Fight 5",
            "Mordred: a second Fight 5 is needed"
        ]
    );
    assert_eq!(count(&body_svg(&saxons.body), "<rect class=\"ws"), 6);
}

#[test]
fn knights_stand_where_they_are_with_life_cards_and_marks() {
    let g = game(4, Deal::default());
    let mut v = g.table_view();
    let m = Model::of(&v, Some(Seat(1)));
    // Everyone starts in Camelot.
    assert_eq!(m.camelot.knights, [Seat(0), Seat(1), Seat(2), Seat(3)]);
    assert!(camelot_lines(&m.camelot, &names(4)).contains(&"Here: Ann, Bo, Cy and Di".to_string()));
    let current = v.current;
    let tok = &m.tokens[current.index()];
    assert!(tok.current);
    assert_eq!(m.tokens.iter().filter(|t| t.current).count(), 1);
    assert!(m.tokens[1].mine);
    let lines = token_lines(&m.tokens[1]);
    assert_eq!(lines[0], "You");
    assert!(lines.contains(&"Life 4 of 6".to_string()));
    assert!(lines.contains(&"6 white cards in hand".to_string()));
    assert!(lines.contains(&"in Camelot".to_string()));
    // The knight whose turn it is: "Your turn" on the seat's own token, "Their turn" on another's.
    let own = Model::of(&v, Some(current));
    let lines = token_lines(&own.tokens[current.index()]);
    assert!(lines.contains(&"Your turn".to_string()), "{lines:?}");
    assert!(!lines.contains(&"Their turn".to_string()), "{lines:?}");
    let lines = token_lines(&m.tokens[current.index()]);
    assert_eq!(
        current != Seat(1),
        lines.contains(&"Their turn".to_string()),
        "{lines:?}"
    );

    // Ann goes to the Grail, Bo is unmasked, Cy dies.
    v.knights[0].place = Some(Place::Grail);
    v.knights[1].revealed = true;
    v.knights[1].loyalty = Some(Loyalty::Traitor);
    v.knights[1].place = None;
    v.knights[2].alive = false;
    v.knights[2].life = 0;
    v.knights[2].place = None;
    v.knights[3].has_accused = true;
    let m = Model::of(&v, None);
    assert_eq!(m.camelot.knights, [Seat(3)]);
    let grail = m.tile(Slot::Grail).unwrap();
    assert_eq!(grail.knights, [Seat(0)]);
    assert_eq!(tile_lines(grail, &names(4)).last().unwrap(), "Here: Ann");
    let bo = token_lines(&m.tokens[1]);
    assert!(bo.contains(&"Traitor".to_string()), "{bo:?}");
    assert!(!bo.iter().any(|l| l.starts_with("Life")), "{bo:?}");
    let cy = token_lines(&m.tokens[2]);
    assert!(cy.contains(&"Dead".to_string()), "{cy:?}");
    assert!(token_lines(&m.tokens[3]).contains(&"Has accused".to_string()));
    // At the end nobody's turn is lit.
    let mut over = v.clone();
    over.outcome = Some(camelot_board::Outcome {
        winner: camelot_board::Side::Evil,
        reason: camelot_board::EndReason::SiegeEngines,
    });
    assert!(Model::of(&over, None).tokens.iter().all(|t| !t.current));
}

#[test]
fn relics_lie_on_their_quest_or_with_their_knight() {
    let mut v = game(4, Deal::default()).table_view();
    v.relics[Relic::Grail.index()] = RelicState::Owned(Seat(3));
    v.relics[Relic::Excalibur.index()] = RelicState::Removed;
    let m = Model::of(&v, None);
    assert_eq!(m.tokens[3].relics, [Relic::Grail]);
    assert!(token_lines(&m.tokens[3]).contains(&"Holds the Holy Grail".to_string()));
    assert_eq!(m.tile(Slot::Grail).unwrap().relic, None);
    assert_eq!(
        m.tile(Slot::Excalibur).unwrap().relic,
        Some((Relic::Excalibur, RelicState::Removed))
    );
    assert_eq!(
        m.tile(Slot::LancelotDragon).unwrap().relic,
        Some((Relic::LancelotsArmor, RelicState::OnQuest))
    );
}

#[test]
fn lasting_effects_and_piles_are_shown() {
    let mut v = game(4, Deal::default()).table_view();
    assert!(Model::of(&v, None).effects.is_empty());
    v.vivien = true;
    v.dark_forest = true;
    v.mists_of_avalon = true;
    v.heroism = Some(Quest::BlackKnight);
    let m = Model::of(&v, None);
    assert_eq!(
        m.effects,
        [
            Effect::Vivien,
            Effect::DarkForest,
            Effect::MistsOfAvalon,
            Effect::Heroism(Quest::BlackKnight)
        ]
    );
    assert_eq!(
        effect_name(Effect::Heroism(Quest::BlackKnight)),
        "Heroism: at the Black Knight"
    );
    assert!(effect_line(Effect::Vivien).starts_with("Vivien: "));
    let bk = m.tile(Slot::BlackKnight).unwrap();
    assert!(bk.heroism);
    assert!(tile_lines(bk, &names(4)).contains(&"Heroism is laid at the Black Knight".to_string()));
    let grail = m.tile(Slot::Grail).unwrap();
    assert!(grail.dark_forest);
    assert!(
        tile_lines(grail, &names(4))
            .iter()
            .any(|l| l.starts_with("Dark Forest: "))
    );
    let [white, black] = pile_lines(&m.piles);
    assert_eq!(
        white,
        format!(
            "White cards: {} to draw, {} discarded",
            v.white_deck, v.white_discard
        )
    );
    assert_eq!(
        black,
        format!(
            "Black cards: {} to draw, {} discarded",
            v.black_deck, v.black_discard
        )
    );
}

#[test]
fn every_knights_token_has_its_own_mark() {
    use camelot_board::Knight;
    let marks: Vec<String> = Knight::ALL.into_iter().map(knight_mark).collect();
    assert_eq!(marks, ["A", "Gl", "Gw", "K", "Pa", "Pe", "T"]);
    // Computer players' names all start alike: their knights' marks tell them apart.
    let computers: Vec<String> = (1..=7).map(|n| format!("Computer {n}")).collect();
    let seats: Vec<(Seat, Option<Knight>)> = Knight::ALL
        .into_iter()
        .enumerate()
        .map(|(i, k)| (Seat(i as u8), Some(k)))
        .collect();
    let at_table = token_marks(&seats, &computers);
    assert_eq!(
        at_table.iter().map(|(_, m)| m.as_str()).collect::<Vec<_>>(),
        marks
    );
    // A squire has his player's initial, or his seat's number where another token has it.
    let seats = [
        (Seat(0), Some(Knight::KingArthur)),
        (Seat(1), None),
        (Seat(2), None),
        (Seat(3), None),
    ];
    let names: Vec<String> = ["Ann", "Alice", "Bo", "Ben"].map(String::from).to_vec();
    assert_eq!(
        token_marks(&seats, &names),
        [
            (Seat(0), "A".to_string()),
            (Seat(1), "2".to_string()),
            (Seat(2), "3".to_string()),
            (Seat(3), "4".to_string())
        ]
    );
    let names: Vec<String> = ["Ann", "Cy", "Bo", "Di"].map(String::from).to_vec();
    let marks: Vec<String> = token_marks(&seats, &names)
        .into_iter()
        .map(|(_, m)| m)
        .collect();
    assert_eq!(marks, ["A", "C", "B", "D"]);
    // In every language the seven marks differ, one or two letters each.
    for lang in Lang::ALL {
        set_texts(checks::pack::<B>(lang));
        let mut marks: Vec<String> = Knight::ALL.into_iter().map(knight_mark).collect();
        assert!(
            marks.iter().all(|m| (1..=2).contains(&m.chars().count())),
            "{lang:?}: {marks:?}"
        );
        marks.sort();
        marks.dedup();
        assert_eq!(marks.len(), Knight::ALL.len(), "{lang:?}: {marks:?}");
    }
    set_texts(checks::pack::<B>(Lang::En));
}
