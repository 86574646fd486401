//! Going on a quest, as the rule book and the settled readings (`docs/rules-card-game.md`) count
//! it: a Threats pile, the quest chosen, and what the table then sees — each stack's total and
//! outcome, the swords placed, whether Merlin #5 saved the quest, whether the game ends. One row
//! per rule or reading, named after it, with the book's words above it where a row rests on them.

mod table;

use camelot_card::{Outcome, Quest, QuestStack};
use table::*;

/// A pile listened to card by card, then a quest gone on, and what must follow. `None` (and an
/// empty list) checks nothing of that kind.
struct Case {
    /// The rule the row checks, in plain words.
    rule: &'static str,
    players: u8,
    pile: &'static [&'static str],
    quest: Quest,
    /// The total of a quest's stack (`None`: no card counts, so no total).
    totals: &'static [(Quest, Option<u16>)],
    /// The outcome of the main quest (the one gone on).
    main: Option<Outcome>,
    /// The outcome of other quests' stacks.
    stacks: &'static [(Quest, Outcome)],
    /// The total of the Picts and the Saxons counted together (under Morgan #8).
    merged: Option<Option<u16>>,
    /// (white, black) swords on the table after the quest.
    swords: Option<(u8, u8)>,
    /// Whether Merlin #5 made the quest succeed.
    merlin5: Option<bool>,
    /// Whether the game is over.
    over: Option<bool>,
}

const SOLO: Case = Case {
    rule: "",
    players: 1,
    pile: &[],
    quest: Quest::Dragon,
    totals: &[],
    main: None,
    stacks: &[],
    merged: None,
    swords: None,
    merlin5: None,
    over: None,
};

use Outcome::{Baseless, Defeat, Harmless, Success};
use Quest::{Dragon, Excalibur, Grail, Picts, Saxons};

const CASES: &[Case] = &[
    // --- A quest's total and outcome ---------------------------------------------------------
    Case {
        rule: "a main quest of 11 to 13 succeeds, white swords as many as its swords",
        pile: &["dragon:5", "dragon:4", "dragon:3"],
        totals: &[(Dragon, Some(12))],
        main: Some(Success),
        swords: Some((3, 0)),
        ..SOLO
    },
    // "10 or less […] 1 Sword […] Black", "11, 12 or 13 […] White Swords", "14 or more […] Black".
    Case {
        rule: "a main quest of exactly 10 is baseless: one black sword",
        pile: &["dragon:5", "dragon:3", "dragon:2"],
        totals: &[(Dragon, Some(10))],
        main: Some(Baseless),
        swords: Some((0, 1)),
        ..SOLO
    },
    Case {
        rule: "a main quest of exactly 11 succeeds",
        pile: &["dragon:5", "dragon:4", "dragon:2"],
        totals: &[(Dragon, Some(11))],
        swords: Some((3, 0)),
        ..SOLO
    },
    Case {
        rule: "a main quest of exactly 13 succeeds",
        pile: &["dragon:5", "dragon:4", "dragon:4"],
        totals: &[(Dragon, Some(13))],
        swords: Some((3, 0)),
        ..SOLO
    },
    Case {
        rule: "a main quest of 10 or less is baseless: one black sword",
        pile: &["grail:5", "grail:4"],
        quest: Grail,
        main: Some(Baseless),
        swords: Some((0, 1)),
        ..SOLO
    },
    Case {
        rule: "a main quest of 14 or more is a defeat: black swords as many as its swords",
        pile: &["excalibur:5", "excalibur:4", "excalibur:3", "excalibur:2"],
        quest: Excalibur,
        totals: &[(Excalibur, Some(14))],
        main: Some(Defeat),
        swords: Some((0, 2)),
        ..SOLO
    },
    Case {
        rule: "secondary quests place black swords only at 14 or more (12 is harmless, not a success)",
        pile: &[
            "saxons:5", "saxons:4", "saxons:4", "saxons:2", // 15: defeat, 1 black
            "picts:5", "picts:4", "picts:3", // 12: harmless though it would succeed as main
            "dragon:5", "dragon:4", "dragon:3", // main: 12, 3 white
        ],
        stacks: &[(Saxons, Defeat), (Picts, Harmless)],
        swords: Some((3, 1)),
        ..SOLO
    },
    // "If the Total Rumor value of a Secondary Quest is 14 or more […] Black Swords corresponding
    // to the number of Swords indicated for that Quest […] 13 or less, the Rumors were harmless".
    Case {
        rule: "a secondary quest at exactly 14 is a defeat and a low one places nothing",
        pile: &[
            "excalibur:5",
            "excalibur:4",
            "excalibur:3",
            "excalibur:2", // 14: 2 black
            "grail:2",     // 2: harmless
            "dragon:5",
            "dragon:4",
            "dragon:3", // main: 12, 3 white
        ],
        stacks: &[(Excalibur, Defeat), (Grail, Harmless)],
        swords: Some((3, 2)),
        ..SOLO
    },
    // --- Question marks ----------------------------------------------------------------------
    // "Each card with a Rumor value of ? has a value equal to the number of ? cards present in
    // that stack."
    Case {
        rule: "question marks are worth the number of question marks in their stack",
        pile: &["grail:?", "grail:?", "grail:?", "grail:2"],
        quest: Grail,
        totals: &[(Grail, Some(11))],
        ..SOLO
    },
    Case {
        rule: "question marks count only the question marks of their own stack",
        pile: &["picts:?", "picts:?", "picts:?", "grail:?", "grail:5"],
        quest: Grail,
        totals: &[(Picts, Some(9)), (Grail, Some(6))],
        ..SOLO
    },
    // "Merlin cards have no effect on ? cards".
    Case {
        rule: "question marks keep their value when Merlin removes a numbered card",
        pile: &["merlin:1", "picts:?", "picts:?", "picts:5", "picts:4"],
        quest: Picts,
        totals: &[(Picts, Some(8))],
        ..SOLO
    },
    // --- Morgan ------------------------------------------------------------------------------
    Case {
        rule: "Morgan #3 adds one sword of the same colour to every quest placing swords",
        pile: &[
            "morgan:3", "grail:5", "grail:4", "grail:3", "grail:2", "dragon:5", "dragon:4",
            "dragon:3",
        ],
        // Dragon 12: 3 + 1 white; Grail 14 secondary: 3 + 1 black.
        swords: Some((4, 4)),
        ..SOLO
    },
    // Morgan #3: "add 1 more Sword of the same color to those you are placing on the table".
    Case {
        rule: "Morgan #3: a baseless main quest places two black swords",
        pile: &["morgan:3", "grail:2"],
        quest: Grail,
        swords: Some((0, 2)),
        ..SOLO
    },
    Case {
        rule: "Morgan #3: a harmless secondary quest places no sword, so gets none",
        pile: &[
            "morgan:3", "picts:5", "picts:4", "dragon:5", "dragon:4", "dragon:3",
        ],
        swords: Some((4, 0)),
        ..SOLO
    },
    Case {
        rule: "Morgan #4 adds its value to every quest that holds a card, and to no empty one",
        pile: &["dragon:5", "dragon:4", "grail:2", "morgan:4+2"],
        quest: Excalibur,
        totals: &[(Dragon, Some(11)), (Grail, Some(4)), (Excalibur, None)],
        main: Some(Baseless),
        ..SOLO
    },
    Case {
        rule: "Morgan #4 bonuses stack",
        pile: &["dragon:5", "morgan:4+1", "morgan:4+3"],
        totals: &[(Dragon, Some(9))],
        ..SOLO
    },
    // Morgan #4: "Add the value indicated on this Morgan card when computing the outcome of
    // Quests" — of every quest.
    Case {
        rule: "Morgan #4 can lift a secondary quest to a defeat",
        pile: &[
            "grail:5",
            "grail:4",
            "grail:3",
            "morgan:4+2",
            "dragon:5",
            "dragon:4",
            "dragon:2",
        ],
        totals: &[(Grail, Some(14)), (Dragon, Some(13))],
        swords: Some((3, 3)),
        ..SOLO
    },
    // Morgan #5: "that Quest's Total Rumor Value must be 12 or 13 to succeed".
    Case {
        rule: "Morgan #5: an 11 counts as 10, baseless",
        pile: &["morgan:5", "dragon:5", "dragon:4", "dragon:2"],
        totals: &[(Dragon, Some(11))],
        main: Some(Baseless),
        swords: Some((0, 1)),
        ..SOLO
    },
    Case {
        rule: "Morgan #5: a 12 still succeeds",
        pile: &["morgan:5", "dragon:5", "dragon:4", "dragon:3"],
        swords: Some((3, 0)),
        ..SOLO
    },
    Case {
        rule: "Morgan #5: a 13 still succeeds",
        pile: &["morgan:5", "dragon:5", "dragon:4", "dragon:4"],
        swords: Some((3, 0)),
        ..SOLO
    },
    Case {
        rule: "Morgan #5: a 14 is still a defeat",
        pile: &["morgan:5", "dragon:5", "dragon:4", "dragon:3", "dragon:2"],
        main: Some(Defeat),
        swords: Some((0, 3)),
        ..SOLO
    },
    Case {
        rule: "Morgan #6: every question mark is worth one",
        pile: &[
            "grail:?", "grail:?", "grail:?", "morgan:6", "picts:?", "picts:?", "picts:5",
        ],
        quest: Picts,
        totals: &[(Grail, Some(3)), (Picts, Some(7))],
        ..SOLO
    },
    Case {
        rule: "Morgan #7 does nothing below 14 or on a secondary quest",
        pile: &[
            "morgan:7", "picts:5", "picts:4", "picts:4", "picts:2", "dragon:5", "dragon:4",
            "dragon:2",
        ],
        over: Some(false),
        ..SOLO
    },
    // --- Merlin ------------------------------------------------------------------------------
    Case {
        rule: "Merlin #1 removes the highest Pict and the highest Saxon",
        pile: &[
            "picts:5", "picts:2", "saxons:4", "saxons:3", "merlin:1", "picts:?",
        ],
        quest: Picts,
        totals: &[(Picts, Some(3)), (Saxons, Some(3))],
        ..SOLO
    },
    Case {
        rule: "Merlin #2 removes the highest Dragon and the highest Grail",
        pile: &[
            "dragon:5", "dragon:4", "grail:3", "grail:2", "merlin:2", "dragon:2",
        ],
        totals: &[(Dragon, Some(6)), (Grail, Some(2))],
        ..SOLO
    },
    Case {
        rule: "Merlin #3 removes the highest Excalibur and the highest Grail",
        pile: &[
            "excalibur:5",
            "excalibur:3",
            "grail:4",
            "grail:4",
            "merlin:3",
            "excalibur:2",
        ],
        quest: Excalibur,
        totals: &[(Excalibur, Some(5)), (Grail, Some(4))],
        ..SOLO
    },
    Case {
        rule: "Merlin never removes a question mark",
        pile: &["grail:?", "grail:?", "merlin:2", "grail:?"],
        quest: Grail,
        totals: &[(Grail, Some(9))],
        ..SOLO
    },
    Case {
        rule: "Merlin's removals leave an empty quest uncounted",
        pile: &["saxons:5", "merlin:1", "morgan:4+3"],
        quest: Saxons,
        totals: &[(Saxons, None)],
        main: Some(Baseless),
        ..SOLO
    },
    // "Merlins, each separately" (the settled reading of §3.4).
    Case {
        rule: "two Merlins on the same quest remove its two highest cards",
        pile: &[
            "grail:5", "grail:4", "merlin:2", "merlin:3", "grail:3", "grail:2",
        ],
        quest: Grail,
        totals: &[(Grail, Some(5))],
        ..SOLO
    },
    // Merlin #5: "automatically succeeds if there are exactly 5 cards of that type".
    Case {
        rule: "Merlin #5: exactly five cards of the main quest succeed whatever the total",
        pile: &[
            "dragon:5", "dragon:4", "dragon:4", "dragon:3", "merlin:5", "dragon:2",
        ],
        totals: &[(Dragon, Some(18))],
        merlin5: Some(true),
        swords: Some((3, 0)),
        ..SOLO
    },
    Case {
        rule: "Merlin #5 counts the cards before other Merlins remove any",
        pile: &[
            "merlin:2", "dragon:5", "dragon:4", "dragon:4", "dragon:3", "merlin:5", "dragon:2",
        ],
        swords: Some((3, 0)),
        ..SOLO
    },
    Case {
        rule: "Merlin #5 with four cards: a 12 succeeds as normal",
        pile: &["dragon:5", "dragon:4", "merlin:5", "dragon:3"],
        swords: Some((3, 0)),
        ..SOLO
    },
    Case {
        rule: "Merlin #5 with five cards of 12 succeeds anyway",
        pile: &["dragon:5", "dragon:4", "merlin:5", "dragon:2", "dragon:?"],
        swords: Some((3, 0)),
        ..SOLO
    },
    Case {
        rule: "Merlin #5 with too few cards and a low total is baseless",
        pile: &["dragon:2", "merlin:5", "dragon:3"],
        swords: Some((0, 1)),
        ..SOLO
    },
    Case {
        rule: "Morgan #7 is spared when Merlin #5 makes the quest succeed",
        pile: &[
            "morgan:7", "dragon:5", "dragon:4", "dragon:4", "dragon:3", "merlin:5", "dragon:2",
        ],
        over: Some(false),
        swords: Some((3, 0)),
        ..SOLO
    },
    // Merlin #5: "When evaluating the outcome of the Quest the player chose to go on".
    Case {
        rule: "Merlin #5 does not save a secondary quest",
        pile: &[
            "merlin:5", "grail:5", "grail:4", "grail:4", "grail:3", "grail:2", "dragon:5",
            "dragon:4", "dragon:3",
        ],
        swords: Some((3, 3)),
        ..SOLO
    },
    // Five Dragon cards of 11: two `?` worth 1 each under Morgan #6, 2, 3 and 4.
    Case {
        rule: "Merlin #5: five cards succeed even on an 11 under Morgan #5",
        pile: &[
            "morgan:5", "morgan:6", "merlin:5", "dragon:?", "dragon:?", "dragon:2", "dragon:3",
            "dragon:4",
        ],
        swords: Some((3, 0)),
        ..SOLO
    },
    // Merlin #5: "exactly 5 cards".
    Case {
        rule: "Merlin #5 with six cards of 14 or more is a defeat",
        pile: &[
            "merlin:5", "dragon:5", "dragon:4", "dragon:3", "dragon:2", "dragon:?", "dragon:?",
        ],
        swords: Some((0, 3)),
        ..SOLO
    },
    // --- Mordred -----------------------------------------------------------------------------
    Case {
        rule: "Mordred adds the number of cards to the Picts and the Saxons",
        pile: &[
            "picts:5", "picts:?", "saxons:4", "picts:?", "dragon:4", "mordred",
        ],
        quest: Picts,
        totals: &[(Picts, Some(12)), (Saxons, Some(5)), (Dragon, Some(4))],
        ..SOLO
    },
    // "Mordred: Picts and Saxons each get + the number of cards left in that stack" (§3.5).
    Case {
        rule: "Mordred counts the cards left after Merlin removes one, and not an empty quest",
        pile: &["merlin:1", "mordred", "picts:5", "picts:4", "picts:2"],
        quest: Picts,
        totals: &[(Picts, Some(8)), (Saxons, None)],
        ..SOLO
    },
    // --- Promo cards -------------------------------------------------------------------------
    // card-game.md §1 Morgan #8: "Mordred adds +1 per Pict and per Saxon card".
    Case {
        rule: "Morgan #8: Mordred adds one per Pict and per Saxon card",
        pile: &["picts:5", "saxons:2", "mordred", "morgan:8", "picts:?"],
        quest: Picts,
        merged: Some(Some(5 + 2 + 1 + 3)),
        swords: Some((2, 0)),
        ..SOLO
    },
    // card-game.md §1 Morgan #8: "total = all Pict and Saxon cards together".
    Case {
        rule: "Morgan #8: a question mark counts the question marks of the Picts and the Saxons together",
        pile: &["picts:?", "saxons:?", "saxons:?", "morgan:8", "picts:5"],
        quest: Picts,
        merged: Some(Some(14)),
        swords: Some((0, 2)),
        ..SOLO
    },
    // card-game.md §1 Morgan #8: "≥14 → 2 black" — also as a secondary quest.
    Case {
        rule: "Morgan #8: a merged secondary quest of 14 places two black swords",
        pile: &[
            "picts:5", "saxons:5", "morgan:8", "saxons:4", "dragon:5", "dragon:4", "dragon:3",
        ],
        swords: Some((3, 2)),
        ..SOLO
    },
];

/// What a row's quest came to, against what it must: the differences, in words.
fn differences(case: &Case) -> Vec<String> {
    let (g, ev) = pile_then_quest(case.players, case.pile, case.quest);
    let r = resolution(&ev);
    let mut out = Vec::new();
    let mut check = |what: String, got: String, want: String| {
        if got != want {
            out.push(format!("{what}: {got}, not {want}"));
        }
    };
    for &(q, want) in case.totals {
        check(
            format!("the {q} total"),
            format!("{:?}", total(&ev, q)),
            format!("{want:?}"),
        );
    }
    if let Some(want) = case.main {
        let got = r.main_stack().outcome;
        check(
            "the main quest".into(),
            format!("{got:?}"),
            format!("{want:?}"),
        );
    }
    for &(q, want) in case.stacks {
        let got = r.stack(QuestStack::Quest(q)).map(|s| s.outcome);
        check(
            format!("the {q} stack"),
            format!("{got:?}"),
            format!("{:?}", Some(want)),
        );
    }
    if let Some(want) = case.merged {
        let got = r.stack(QuestStack::PictsAndSaxons).map(|s| s.total);
        check(
            "the Picts and the Saxons together".into(),
            format!("{got:?}"),
            format!("{:?}", Some(want)),
        );
    }
    if let Some(want) = case.swords {
        check(
            "swords".into(),
            format!("{:?}", swords(&g)),
            format!("{want:?}"),
        );
    }
    if let Some(want) = case.merlin5 {
        check("Merlin #5".into(), r.merlin5.to_string(), want.to_string());
    }
    if let Some(want) = case.over {
        check("over".into(), g.is_over().to_string(), want.to_string());
    }
    out
}

#[test]
fn every_quest_comes_to_what_its_rule_says() {
    let failed: Vec<String> = CASES
        .iter()
        .flat_map(|case| {
            differences(case)
                .into_iter()
                .map(move |d| format!("{}: {d}", case.rule))
        })
        .collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn every_row_names_its_rule_once() {
    let mut rules: Vec<&str> = CASES.iter().map(|c| c.rule).collect();
    rules.sort_unstable();
    rules.dedup();
    assert_eq!(rules.len(), CASES.len(), "two rows share a name");
    assert!(!rules.contains(&""), "a row without a rule");
}

/// card-game.md §1: "Swords won or lost per quest: Picts 1, Saxons 1, Excalibur 2, Dragon 3, Holy
/// Grail 3." — on success (white) and on a defeat of 14 or more (black).
#[test]
fn each_quest_wins_and_loses_its_own_number_of_swords() {
    for (q, n) in [
        (Picts, 1),
        (Saxons, 1),
        (Dragon, 3),
        (Excalibur, 2),
        (Grail, 3),
    ] {
        let card = |v: &str| format!("{}:{v}", q.code());
        let win: Vec<String> = ["5", "4", "3"].iter().map(|v| card(v)).collect();
        let win: Vec<&str> = win.iter().map(String::as_str).collect();
        let (g, _) = pile_then_quest(1, &win, q);
        assert_eq!(swords(&g), (n, 0), "{q} success");
        let lose: Vec<String> = ["5", "4", "3", "2"].iter().map(|v| card(v)).collect();
        let lose: Vec<&str> = lose.iter().map(String::as_str).collect();
        let (g, _) = pile_then_quest(1, &lose, q);
        assert_eq!(swords(&g), (0, n), "{q} defeat");
    }
}
