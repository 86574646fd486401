//! The board game's rules text (`public/i18n/board-rules.<code>.txt`): its placeholders filled from
//! the engine's data table (`camelot_board::data`), its `[card …]` and `[knight …]` blocks checked
//! against the engine's White and Black cards and its Knights (their codes are the engine's own
//! serde names), and its readings against the settled readings of `board-game.md` §9. The format and
//! its parser are the shell's (`crate::rules_text`).

use super::words::code;
use crate::i18n::K;
use crate::rules_text::Book;
use camelot_board::data::{
    ACCUSATION_THRESHOLD, BLACK_MANIFEST, BLACK_SWORDS_LOSE, CAMELOT_DRAW, CLAIRVOYANCE_CARDS,
    DRAW_LIMIT, EXCALIBUR_END, FATE_DISCARD, GAWAIN_DRAW, GRAIL_RESCUE_LIFE, GRAIL_SPOTS,
    HAND_SIZE, LADY_LIFE, LOYAL_CARDS, MAX_LIFE, MAX_PLAYERS, MESSENGER_MAX, MIN_PLAYERS,
    MORGAN2_DISCARD, MORGAN3_DRAWS, MORGAN4_ENGINES, MORGAN5_LIFE, PIETY_SELF, QUESTS,
    REINFORCEMENTS_DRAW, SIEGE_DIE_FACES, SIEGE_ENGINES_LOSE, START_LIFE, SWORDS_END,
    SWORDS_IN_ALL, TRAITOR_CARDS, TRAITOR_END_FLIP, WARRIORS_LOSE, WHITE_MANIFEST,
};
use camelot_board::{
    Black, DiscardCause, Knight, PendingView, Phase, Place, ShareKind, TableView, White,
};

/// The board game's rules, for the Rules screen.
pub const BOOK: Book = Book {
    game: "board",
    name: K::rules_board_game,
    stem: "board-rules",
    cards: card_keys,
    value,
    class: class_of,
};

/// The settled readings of `board-game.md` §9, in its order: the title of each, and words the
/// English text of that reading says (so that a reading left out or moved shows in the tests). The
/// rules files give one `[readings]` item for each, in this order.
#[cfg(test)]
const SETTLED: [(&str, &str); 32] = [
    ("War card order", "Wars are played strictly in order"),
    ("Excalibur track", "Excalibur sword starts in the middle"),
    ("Lancelot/Dragon pairing", "1/5, 3/7, 5/9 and 7/11"),
    ("Three-player loyalty peek", "With three players"),
    ("Tristan's free move", "Tristan's move is free"),
    (
        "Vivien / Dark Forest duration",
        "Vivien and Dark Forest last",
    ),
    (
        "Morgan 3 and cancellation",
        "Morgan 3 draws cannot be cancelled",
    ),
    ("Morgan 2 and 5 volunteers", "Morgan 2 and Morgan 5"),
    ("Lancelot's Armor scope", "Lancelot's Armor works only"),
    ("Cancellation timing", "only then may it be"),
    ("Grail on the owner's death", "dying owner of the Grail"),
    (
        "Heroism on an abandoned solo quest",
        "Heroism is not a Fight card",
    ),
    ("Healing at full life", "Healing is not allowed"),
    (
        "Triple Merlin vs. one special white per turn",
        "Three Merlins cancelling",
    ),
    ("Merlin triple contributors", "how many Merlins they offer"),
    ("Siege fight with no card", "fought with no card"),
    (
        "Clairvoyance with fewer than 5 black cards left",
        "Clairvoyance shows all",
    ),
    ("Drawing from empty piles", "both empty"),
    ("Death timing", "Death takes effect at once"),
    (
        "Dealing order for shared cards and Convocation",
        "one card at a time",
    ),
    ("Messenger amount", "The Messenger carries"),
    (
        "Lady of the Lake completing Excalibur while dying",
        "with the Lady of the Lake",
    ),
    (
        "The 12th sword within a multi-step effect",
        "several things",
    ),
    ("Final count vs. 7 black swords", "final reveal"),
    ("Convocation count", "Convocation counts"),
    (
        "Fate self-reveal during own turn",
        "with Fate in his own turn",
    ),
    ("King Arthur's exchange frequency", "King Arthur's exchange"),
    (
        "Revealed Traitor and face-down combat cards",
        "always plays combat cards face up",
    ),
    ("Sir Kay's extra card", "Sir Kay adds one card"),
    (
        "Grail rescue during one's own turn",
        "falls to 0 life in his own turn",
    ),
    ("Unmasking by Fate", "Revealing himself with Fate"),
    (
        "Combat resolution with no white card",
        "with no white card on it",
    ),
];

/// Every block a board rules file must have, in the files' order: each Knight, each kind of white
/// card, each kind of black card.
fn card_keys() -> Vec<(&'static str, String)> {
    let knights = Knight::ALL.into_iter().map(|k| ("knight", code(k)));
    let white = White::ALL.into_iter().map(|w| ("card", code(w)));
    let black = Black::ALL.into_iter().map(|b| ("card", code(b)));
    knights.chain(white).chain(black).collect()
}

/// The colour of a card block: the Knights', the colour of the quest or character a card belongs
/// to, else white or black.
fn class_of(kind: &str, key: &str) -> &'static str {
    if kind == "knight" {
        return "knight";
    }
    if key.starts_with("lancelot_dragon") {
        return "dragon";
    }
    if key.starts_with("morgan") {
        return "morgan";
    }
    match key {
        "grail" | "despair" => "grail",
        "excalibur" => "excalibur",
        "merlin" => "merlin",
        "picts" => "picts",
        "saxons" => "saxons",
        "mordred" => "mordred",
        "vivien" => "vivien",
        _ if WHITE_MANIFEST.iter().any(|(w, _)| code(w) == key) => "white",
        _ => "black",
    }
}

/// The value of a `{name}` anywhere, or in the block of `card` (kind, code), from the engine's data
/// table.
fn value(name: &str, card: Option<(&str, &str)>) -> Option<i64> {
    let sum = |counts: &mut dyn Iterator<Item = u8>| counts.map(i64::from).sum::<i64>();
    let global = match name {
        "min_players" => Some(i64::from(MIN_PLAYERS)),
        "max_players" => Some(i64::from(MAX_PLAYERS)),
        "knights" => Some(Knight::ALL.len() as i64),
        "white_cards" => Some(sum(&mut WHITE_MANIFEST.iter().map(|(_, n)| *n))),
        "black_cards" => Some(sum(&mut BLACK_MANIFEST.iter().map(|(_, n)| *n))),
        "loyal_cards" => Some(i64::from(LOYAL_CARDS)),
        "traitor_cards" => Some(i64::from(TRAITOR_CARDS)),
        "start_life" => Some(i64::from(START_LIFE)),
        "max_life" => Some(i64::from(MAX_LIFE)),
        "grail_rescue_life" => Some(i64::from(GRAIL_RESCUE_LIFE)),
        "hand_size" => Some(i64::from(HAND_SIZE)),
        "draw_limit" => Some(i64::from(DRAW_LIMIT)),
        "camelot_draw" => Some(i64::from(CAMELOT_DRAW)),
        "gawain_draw" => Some(i64::from(GAWAIN_DRAW)),
        "siege_engines_lose" => Some(i64::from(SIEGE_ENGINES_LOSE)),
        "black_swords_lose" => Some(i64::from(BLACK_SWORDS_LOSE)),
        "swords_end" => Some(i64::from(SWORDS_END)),
        "swords_in_all" => Some(i64::from(SWORDS_IN_ALL)),
        "accusation_threshold" => Some(i64::from(ACCUSATION_THRESHOLD)),
        "excalibur_end" => Some(i64::from(EXCALIBUR_END)),
        "siege_die_faces" => Some(i64::from(SIEGE_DIE_FACES)),
        "grail_spots" => Some(GRAIL_SPOTS as i64),
        "warriors_lose" => Some(i64::from(WARRIORS_LOSE)),
        "morgan2_discard" => Some(i64::from(MORGAN2_DISCARD)),
        "morgan3_draws" => Some(i64::from(MORGAN3_DRAWS)),
        "morgan4_engines" => Some(i64::from(MORGAN4_ENGINES)),
        "morgan5_life" => Some(i64::from(MORGAN5_LIFE)),
        "fate_discard" => Some(i64::from(FATE_DISCARD)),
        "clairvoyance_cards" => Some(CLAIRVOYANCE_CARDS as i64),
        "reinforcements_draw" => Some(i64::from(REINFORCEMENTS_DRAW)),
        "piety_self" => Some(i64::from(PIETY_SELF)),
        "lady_life" => Some(i64::from(LADY_LIFE)),
        "messenger_max" => Some(i64::from(MESSENGER_MAX)),
        "traitor_end_flip" => Some(i64::from(TRAITOR_END_FLIP)),
        _ => quest_value(name),
    };
    if global.is_some() {
        return global;
    }
    let (kind, key) = card?;
    match (kind, name) {
        ("card", "count") => {
            let white = WHITE_MANIFEST.iter().find(|(w, _)| code(w) == key);
            let black = BLACK_MANIFEST.iter().find(|(b, _)| code(b) == key);
            white
                .map(|(_, n)| *n)
                .or(black.map(|(_, n)| *n))
                .map(i64::from)
        }
        _ => None,
    }
}

/// `{<quest>_<field>}`: one number of the quest table (`{dragon_win_swords}`,
/// `{pict_war_loss_engines}` …).
fn quest_value(name: &str) -> Option<i64> {
    let row = QUESTS.iter().find_map(|row| {
        let quest = code(row.quest);
        let field = name.strip_prefix(quest.as_str())?.strip_prefix('_')?;
        Some((row, field.to_string()))
    });
    let (row, field) = row?;
    let n = match field.as_str() {
        "white_spots" => row.white_spots,
        "black_spots" => row.black_spots,
        "win_life" => row.win_life,
        "loss_life" => row.loss_life,
        "win_cards" => row.win_cards,
        "win_swords" => row.win_swords,
        "loss_swords" => row.loss_swords,
        "loss_engines" => row.loss_engines,
        _ => return None,
    };
    Some(i64::from(n))
}

/// Where the Rules button opens the board game's rules while the table shows `view`: at the part
/// about what is on screen, a section's or a sub-heading's id in `board-rules.<code>.txt` (a black
/// card being decided on: the black cards; a siege fight: the siege of Camelot; a knight's Heroic
/// Actions at a quest: that quest). `accusing`: an accusation waits for its confirmation.
pub fn rules_at(view: &TableView, accusing: bool) -> &'static str {
    if view.outcome.is_some() {
        return "end";
    }
    if accusing {
        return "traitor";
    }
    let Some(pending) = &view.pending else {
        return "turn";
    };
    match pending {
        PendingView::BlackCard { .. }
        | PendingView::ArmorChoice { .. }
        | PendingView::PercivalBottom
        | PendingView::Volunteer { .. }
        | PendingView::Discard {
            cause: DiscardCause::Morgan2Volunteer | DiscardCause::NoVolunteer { .. },
            ..
        } => "black",
        PendingView::Discard {
            cause: DiscardCause::Fate { .. },
            ..
        } => "traitor",
        PendingView::SiegeFight { .. } => "siege",
        PendingView::GrailRescue { .. } => "life",
        PendingView::KayCard { quest, .. } => place_at(quest.place()),
        PendingView::OpeningGesture { .. }
        | PendingView::Share {
            kind: ShareKind::Opening,
            ..
        } => "opening",
        PendingView::Share {
            kind: ShareKind::Spoils,
            ..
        } => "quests",
        PendingView::Share {
            kind: ShareKind::Convocation,
            ..
        }
        | PendingView::Convocation { .. }
        | PendingView::Messenger { .. }
        | PendingView::Clairvoyance { .. } => "cards",
        PendingView::ArthurExchange { .. } => "knights",
        PendingView::Turn => match view.phase {
            Phase::Opening => "opening",
            Phase::ProgressionOfEvil | Phase::AfterEvil => "evil",
            Phase::TraitorTakes | Phase::TraitorEvil | Phase::AfterTraitor => "unmasked",
            Phase::HeroicActions => view
                .knights
                .get(view.current.index())
                .and_then(|k| k.place)
                .map_or("heroic", place_at),
            Phase::Over => "end",
        },
    }
}

/// The part of the rules about a place: its quest's, or the Heroic Actions in Camelot.
fn place_at(place: Place) -> &'static str {
    match place {
        Place::Camelot => "heroic",
        Place::BlackKnight => "black-knight",
        Place::Lancelot => "lancelot",
        Place::Dragon => "dragon",
        Place::Excalibur => "excalibur",
        Place::Grail => "grail",
        Place::PictWar | Place::SaxonWar => "wars",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::rules_text::checks::{self, all_text};
    use crate::rules_text::{Block, Rules, parse};

    fn english() -> Rules {
        checks::english(&BOOK)
    }

    #[test]
    fn the_english_board_rules_parse_with_every_section() {
        let rules = checks::english_reads_into(
            &BOOK,
            "board",
            &[
                "goal", "setup", "turn", "black", "quests", "life", "relics", "knights", "traitor",
                "end", "variants", "cards", "readings",
            ],
        );
        assert!(rules.word("subtitle").contains("board game"));
    }

    /// Each of the engine's 15 white cards, 24 black cards and 7 Knights has its block, once; the
    /// codes are the engine's own names.
    #[test]
    fn every_board_card_and_knight_is_explained_once() {
        let keys = card_keys();
        assert_eq!(keys.len(), 15 + 24 + 7);
        for (kind, code) in [
            ("card", "fight_1"),
            ("card", "lady_of_the_lake"),
            ("card", "lancelot_dragon_3_7"),
            ("card", "morgan_4"),
            ("card", "mists_of_avalon"),
            ("knight", "sir_palamedes"),
        ] {
            assert!(keys.contains(&(kind, code.to_string())), "{code}");
        }
        let rules = english();
        let problems = checks::card_problems(&BOOK, &rules);
        assert!(problems.is_empty(), "{problems:#?}");
        // In the files' order: the Knights, then the white cards, then the black ones.
        let blocks: Vec<String> = rules.cards().map(|(k, _, _)| k.to_string()).collect();
        let codes: Vec<String> = keys.into_iter().map(|(_, c)| c).collect();
        assert_eq!(blocks, codes);
    }

    /// A card block the engine does not know, or one missing, is a problem the tests see.
    #[test]
    fn a_missing_or_unknown_board_card_is_caught() {
        let en = checks::an_unknown_card_block_is_caught(&BOOK);
        let twice = en.replacen("[knight sir_kay]", "[knight sir_gawain]", 1);
        let rules = parse(&BOOK, Lang::En, &twice).rules;
        assert_eq!(
            checks::card_problems(&BOOK, &rules),
            [
                "[knight sir_gawain] is explained 2 times",
                "[knight sir_kay] is missing"
            ]
        );
    }

    /// Every placeholder the file's head promises translators is one the app fills, with the
    /// number the head gives as an example.
    #[test]
    fn every_placeholder_of_the_head_is_known() {
        let en = checks::english_file(&BOOK);
        let head: Vec<&str> = en
            .lines()
            .take_while(|l| l.starts_with("//"))
            .filter(|l| l.contains("  {"))
            .collect();
        let mut known = 0;
        for line in &head {
            for name in line.split('{').skip(1).filter_map(|r| r.split('}').next()) {
                if name.starts_with('<') || name == "name" || name.contains('|') {
                    continue;
                }
                assert!(value(name, None).is_some(), "{{{name}}} is not filled");
                known += 1;
            }
        }
        assert_eq!(known, 34, "the head lists 34 numbers");
        assert_eq!(value("dragon_win_swords", None), Some(2));
        assert_eq!(value("pict_war_loss_engines", None), Some(2));
        assert_eq!(value("white_cards", None), Some(84));
        assert_eq!(value("black_cards", None), Some(76));
        assert_eq!(value("count", None), None, "{{count}} only in a card block");
        assert_eq!(value("count", Some(("card", "fight_1"))), Some(14));
        assert_eq!(value("count", Some(("card", "despair"))), Some(15));
        assert_eq!(value("count", Some(("knight", "sir_kay"))), None);
        assert_eq!(value("dragon_end", None), None);
    }

    #[test]
    fn the_board_numbers_follow_the_engine() {
        let rules = english();
        let text = all_text(&rules);
        for needle in [
            "knights of the Round Table, 3 to 7 of you",
            "Once the Round Table holds 12 swords or more",
            "if 7 black swords lie on the Round Table",
            "if 12 siege engines surround Camelot",
            "the 16 swords",
            "his life die showing 4",
            "The 76 black cards are shuffled",
            "Won: you gain 1 life and 3 white cards, and 1 white sword goes to the Round Table",
            "Healing is not allowed at 6 life",
            "The Messenger carries 1 to 3 cards",
        ] {
            assert!(text.contains(needle), "{needle:?} is not in the rules");
        }
        assert!(!text.contains('{'), "a placeholder is left");
        let count = |key: &str| {
            rules
                .cards()
                .find(|(k, _, _)| *k == key)
                .map(|(_, _, t)| t.to_string())
                .unwrap()
        };
        assert!(count("fight_1").starts_with("14 cards"));
        assert!(count("fight_5").starts_with("7 cards"));
        assert!(count("despair").starts_with("15 cards"));
        assert!(count("vivien").starts_with("1 card."));
        assert!(count("lancelot_dragon_7_11").starts_with("1 card"));
    }

    #[test]
    fn the_board_cards_have_their_colours() {
        let rules = english();
        let class = |key: &str| {
            rules
                .sections
                .iter()
                .flat_map(|s| &s.blocks)
                .find_map(|b| match b {
                    Block::Card { key: k, class, .. } if k == key => Some(*class),
                    _ => None,
                })
                .unwrap()
        };
        assert_eq!(class("sir_kay"), "knight");
        assert_eq!(class("fight_3"), "white");
        assert_eq!(class("merlin"), "merlin");
        assert_eq!(class("black_knight_5"), "black");
        assert_eq!(class("lancelot_dragon_1_5"), "dragon");
        assert_eq!(class("morgan_2"), "morgan");
        assert_eq!(class("guinevere"), "black");
    }

    /// 32 readings, one for each settled reading of board-game.md §9, in its order.
    #[test]
    fn the_board_readings_follow_section_9_in_order() {
        let rules = english();
        let readings = rules.readings().unwrap();
        assert_eq!(readings.len(), SETTLED.len());
        for (i, ((title, words), reading)) in SETTLED.iter().zip(readings).enumerate() {
            assert!(
                reading.contains(words),
                "reading {} ({title}) should say {words:?}: {reading}",
                i + 1
            );
        }
        // Our list is §9's of the project's own account of the rules.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules-board-game.md");
        let md = std::fs::read_to_string(path).expect("docs/rules-board-game.md");
        let section: Vec<&str> = md
            .lines()
            .skip_while(|l| !l.starts_with("## 9."))
            .skip(1)
            .take_while(|l| !l.starts_with("## "))
            .collect();
        let titles: Vec<String> = section
            .iter()
            .filter_map(|l| {
                let (n, rest) = l.split_once(". **")?;
                n.parse::<u32>().ok()?;
                Some(rest.split("**").next()?.trim_end_matches('.').to_string())
            })
            .collect();
        let ours: Vec<&str> = SETTLED.iter().map(|(t, _)| *t).collect();
        assert_eq!(titles, ours, "board-game.md §9");
    }

    /// The four translations are complete and match the English: sections, every card in the same
    /// order, the 32 readings in order with their numbers, only known placeholders with each
    /// language's plural forms.
    #[test]
    fn every_board_translation_matches_the_english() {
        let found = checks::translations_match_the_english(&BOOK, SETTLED.len());
        assert_eq!(found, 4, "fr, de, nl and cs");
    }

    /// The Rules button opens at the part about what is on screen, and every such part is there
    /// in the rules (in every language: their sub-headings' ids match the English).
    #[test]
    fn the_rules_open_at_what_is_on_screen() {
        use camelot_board::{BlackCardStage, BlackKind, Game, Seat, Setup};
        let anchors: Vec<String> = checks::anchor_ids(&english())
            .into_iter()
            .map(str::to_string)
            .collect();
        let mut view = Game::new(&Setup::new(4, 3)).unwrap().table_view();
        let at = |view: &mut TableView, pending: Option<PendingView>, phase: Phase, accusing| {
            view.pending = pending;
            view.phase = phase;
            let id = rules_at(view, accusing);
            assert!(anchors.iter().any(|a| a == id), "{id} is not in the rules");
            id
        };
        let black = PendingView::BlackCard {
            drawer: Seat(0),
            card: None,
            kind: BlackKind::Other,
            face_down: false,
            stage: BlackCardStage::Merlins,
            merlins: 0,
            morgan3: false,
        };
        let siege = PendingView::SiegeFight {
            fighter: Seat(0),
            cards: vec![],
            roll: None,
        };
        let turn = Some(PendingView::Turn);
        let v = &mut view;
        assert_eq!(at(v, Some(black), Phase::AfterEvil, false), "black");
        assert_eq!(at(v, Some(siege), Phase::HeroicActions, false), "siege");
        assert_eq!(at(v, turn.clone(), Phase::ProgressionOfEvil, false), "evil");
        assert_eq!(at(v, turn.clone(), Phase::HeroicActions, true), "traitor");
        assert_eq!(at(v, turn.clone(), Phase::TraitorTakes, false), "unmasked");
        let current = v.current.index();
        for place in Place::ALL {
            v.knights[current].place = Some(place);
            assert_eq!(
                at(v, turn.clone(), Phase::HeroicActions, false),
                place_at(place)
            );
        }
        v.knights[current].place = Some(Place::Grail);
        assert_eq!(at(v, turn.clone(), Phase::HeroicActions, false), "grail");
    }

    /// Plural forms follow the language: Czech has three, and picks the one of the number.
    #[test]
    fn board_plural_forms_follow_the_language() {
        let cs = checks::file(&BOOK, Lang::Cs).expect("board-rules.cs.txt");
        let rules = parse(&BOOK, Lang::Cs, &cs).rules;
        let text = all_text(&rules);
        assert!(!text.contains('{'), "a placeholder is left");
        assert!(text.contains("Jakmile na Kulatém stole leží 12 mečů nebo"));
        let broken = cs.replacen(
            "{swords_end|# meč|# meče|# mečů}",
            "{swords_end|# meč|# mečů}",
            1,
        );
        let parsed = parse(&BOOK, Lang::Cs, &broken);
        assert!(
            parsed
                .problems
                .iter()
                .any(|p| p.contains("plural forms, 3 expected in cs")),
            "{:?}",
            parsed.problems
        );
    }

    #[test]
    fn every_cut_of_the_english_board_file_reads() {
        checks::every_cut_reads(&BOOK);
    }

    /// Our text is our own: no run of 8 words matches the English Book of Quests, when a text of
    /// it is at hand (its path in `CAMELOT_BOOK_OF_QUESTS`; the book is not ours to keep here).
    #[test]
    fn no_sentence_is_copied_from_the_book_of_quests() {
        let Some(book) = std::env::var_os("CAMELOT_BOOK_OF_QUESTS")
            .and_then(|p| std::fs::read_to_string(p).ok())
        else {
            return;
        };
        let copied = checks::copied(&all_text(&english()), &book, 8);
        assert!(copied.is_empty(), "copied from the book: {copied:#?}");
    }
}
