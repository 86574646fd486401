//! Readable English for cards, outcomes and public events (names, never seat numbers).
//! Plain functions, tested natively.

use camelot::bot::{Choice, Level, Why};
use camelot::{
    Action, Card, Colour, EndReason, Event, Knight, Loyalty, Merlin, Morgan, Outcome, QuestStack,
    Resolution, RumorValue, Seat, Side, TopCard,
};

/// A card's name as players say it: "Picts 4", "Dragon ?", "Morgan #4 (+2)", "Merlin #1", "Vivien".
pub fn card_name(c: Card) -> String {
    match c {
        Card::Quest(q, v) => format!("{} {}", q.name(), value_text(v)),
        Card::Morgan(Morgan::Four(b)) => format!("Morgan #4 (+{})", b.bonus()),
        Card::Morgan(m) => format!("Morgan #{}", m.number()),
        Card::Merlin(m) => format!("Merlin #{}", m.number()),
        Card::Mordred => "Mordred".into(),
        Card::Vivien => "Vivien".into(),
    }
}

/// The big mark on a card face: the rumor value, or the character's number.
pub fn value_text(v: RumorValue) -> &'static str {
    match v {
        RumorValue::Question => "?",
        RumorValue::Two => "2",
        RumorValue::Three => "3",
        RumorValue::Four => "4",
        RumorValue::Five => "5",
    }
}

/// What a card does, in a few words of our own (shown on the card face).
pub fn card_effect(c: Card) -> &'static str {
    match c {
        Card::Quest(..) => "Next player may go on this quest",
        Card::Morgan(Morgan::One) => "Listeners draw in secret and announce the card",
        Card::Morgan(Morgan::Two) => "Listeners count aloud: 1, 2, 3…",
        Card::Morgan(Morgan::Three) => "Each quest placing swords places one more",
        Card::Morgan(Morgan::Four(_)) => "Adds its value to every quest with a card",
        Card::Morgan(Morgan::Five) => "The chosen quest needs 12 or 13",
        Card::Morgan(Morgan::Six) => "Every ? is worth 1",
        Card::Morgan(Morgan::Seven) => "Next quest at 14 or more: Evil wins at once",
        Card::Morgan(Morgan::Eight) => "Next quest: Picts and Saxons count as one",
        Card::Merlin(Merlin::One) => "Removes the highest Picts and Saxons cards",
        Card::Merlin(Merlin::Two) => "Removes the highest Dragon and Holy Grail cards",
        Card::Merlin(Merlin::Three) => "Removes the highest Excalibur and Holy Grail cards",
        Card::Merlin(Merlin::Four) => "Removes the highest card of a secretly chosen quest",
        Card::Merlin(Merlin::Five) => "The chosen quest also wins with exactly 5 cards",
        Card::Merlin(Merlin::Six) => "Its drawer may go on any quest now, +0 to +3",
        Card::Mordred => "Picts and Saxons each gain +1 per card",
        Card::Vivien => "Exchange with the set-aside Loyalty cards",
    }
}

pub fn quest_stack_name(q: QuestStack) -> String {
    match q {
        QuestStack::Quest(q) => q.name().to_string(),
        QuestStack::PictsAndSaxons => "Picts and Saxons".to_string(),
    }
}

pub fn swords_text(colour: Colour, n: u8) -> String {
    let c = match colour {
        Colour::White => "white",
        Colour::Black => "black",
    };
    if n == 1 {
        format!("1 {c} sword")
    } else {
        format!("{n} {c} swords")
    }
}

pub fn outcome_text(o: Outcome) -> &'static str {
    match o {
        Outcome::Success => "Success",
        Outcome::Baseless => "Baseless rumors",
        Outcome::Defeat => "Defeat",
        Outcome::Harmless => "Harmless",
    }
}

pub fn loyalty_text(l: Loyalty) -> &'static str {
    match l {
        Loyalty::Loyal => "Loyal",
        Loyalty::Traitor => "Traitor",
    }
}

/// When and how a Knight card is played, in our own words.
pub fn knight_text(k: Knight) -> (&'static str, &'static str) {
    match k {
        Knight::Arthur => (
            "When another player goes on a quest",
            "They must Listen to Rumors instead.",
        ),
        Knight::Tristan => (
            "On your turn, before you act",
            "Look through the Rumor deck without changing its order.",
        ),
        Knight::Gawain => (
            "After a quest's totals, before swords are placed",
            "Draw 3 Rumor cards and play one that is not a Morgan.",
        ),
        Knight::Galahad => (
            "On your turn, instead of your action",
            "Secretly look at another player's Loyalty card.",
        ),
        Knight::Percival => (
            "When someone is accused, or Traitors are revealed at the end",
            "Two swords instead of one.",
        ),
    }
}

/// The verdict line.
pub fn verdict(winner: Side, reason: EndReason) -> &'static str {
    match (winner, reason) {
        (Side::Loyal, _) => "The Loyal knights win!",
        (Side::Evil, EndReason::Morgan7) => "Morgan #7: Evil wins at once!",
        (Side::Evil, EndReason::Swords) => "The forces of Evil win!",
    }
}

/// One line of the resolution of a quest, for the log.
pub fn resolution_line(r: &Resolution) -> String {
    let mut parts = Vec::new();
    for s in &r.stacks {
        let total = s
            .total
            .map_or("no card".to_string(), |t| format!("total {t}"));
        let result = match s.swords {
            Some((c, n)) => format!("{}, {}", outcome_text(s.outcome), swords_text(c, n)),
            None => outcome_text(s.outcome).to_string(),
        };
        parts.push(format!(
            "{}{}: {total} — {result}",
            quest_stack_name(s.quest),
            if s.main { " (chosen)" } else { "" }
        ));
    }
    if r.evil_wins_now {
        parts.push("Morgan #7: 14 or more, Evil wins at once".into());
    }
    parts.join("; ")
}

/// A public event as a log line (`None` for events that are not worth a line, and private ones).
pub fn event_line(e: &Event, name: &dyn Fn(Seat) -> String) -> Option<String> {
    Some(match e {
        Event::TurnBegins { seat, turn } => format!("Turn {turn}: {}", name(*seat)),
        Event::CountAloud { seat, number } => format!("{} counts aloud: “{number}”", name(*seat)),
        // Which card: only the top of the pile shows it. Remembering the pile is the players' part
        // of the game, so the log never lists the cards placed under it.
        Event::CardPlaced { seat, top } => match top {
            TopCard::FaceUp { .. } => format!("{} placed a card on the Threats pile", name(*seat)),
            TopCard::FaceDown { .. } => {
                format!("{} placed a card face down and announced it", name(*seat))
            }
        },
        Event::DeckReshuffled { cards } => {
            format!("The discard pile ({cards} cards) was shuffled into a new Rumor deck")
        }
        Event::SilenceBegins => "Morgan! Silence falls — no talking".into(),
        Event::SilenceEnds => "Silence ends — you may speak again".into(),
        Event::Morgan1Begins => "Morgan #1: listeners now draw in secret and announce".into(),
        Event::Morgan2Begins => "Morgan #2: listeners now count aloud".into(),
        Event::MorganEffectsEnd => "Merlin ends Morgan's spells".into(),
        Event::Merlin4TokenPlaced { seat } => {
            format!("{} placed a Merlin #4 token face down", name(*seat))
        }
        Event::VivienExchange { drawer, recipient } => match recipient {
            Some(r) => format!(
                "Vivien: {} takes a set-aside Loyalty card and gives the other to {}",
                name(*drawer),
                name(*r)
            ),
            None => format!("Vivien: {} makes no exchange with others", name(*drawer)),
        },
        Event::LoyaltyKept { seat } => format!("{} kept one Loyalty card", name(*seat)),
        Event::WentOnQuest {
            seat,
            quest,
            merlin6_bonus,
        } => {
            let bonus = if *merlin6_bonus > 0 {
                format!(" (Merlin #6: +{merlin6_bonus})")
            } else {
                String::new()
            };
            format!("{} goes on the {} quest{bonus}", name(*seat), quest.name())
        }
        Event::ArthurPlayed { by, quester } => format!(
            "{} played Arthur: {} must Listen to Rumors instead",
            name(*by),
            name(*quester)
        ),
        Event::GawainPlayed { by, card } => match card {
            Some(c) => format!(
                "{} played Gawain: {} comes into play",
                name(*by),
                card_name(*c)
            ),
            None => format!("{} played Gawain: three Morgans, none played", name(*by)),
        },
        Event::QuestResolved { resolution } => resolution_line(resolution),
        Event::SwordsPlaced { colour, count } => format!("+{}", swords_text(*colour, *count)),
        Event::SwordsRanOut { colour, count } => format!(
            "No swords left: {} could not be placed",
            swords_text(*colour, *count)
        ),
        Event::KnightDrawn { seat } => format!("{} drew a Knight card", name(*seat)),
        Event::MorganShuffledIn => "An unused Morgan was shuffled into the Rumor deck".into(),
        Event::TristanPlayed { seat } => {
            format!(
                "{} played Tristan and looked through the Rumor deck",
                name(*seat)
            )
        }
        Event::GalahadPlayed { seat, target } => format!(
            "{} played Galahad and looked at {}'s Loyalty card",
            name(*seat),
            name(*target)
        ),
        Event::Accused { accuser, target } => {
            format!("{} accuses {}!", name(*accuser), name(*target))
        }
        Event::PercivalPlayed { by } => {
            format!("{} played Percival: two swords instead of one", name(*by))
        }
        Event::LoyaltyRevealed { seat, loyalty } => match loyalty {
            Loyalty::Loyal => format!("{} is Loyal", name(*seat)),
            Loyalty::Traitor => format!("{} is a Traitor", name(*seat)),
        },
        Event::SwordsFlipped { count } => {
            if *count == 1 {
                "1 white sword turned black".into()
            } else {
                format!("{count} white swords turned black")
            }
        }
        Event::PlayGoesOn => "Neither side holds 7 swords of its colour: play goes on".into(),
        Event::TraitorSpreadsRumors { seat } => format!(
            "{} (revealed Traitor) spreads rumors: draws 2, places 1",
            name(*seat)
        ),
        Event::Passed { seat } => format!("{} could do nothing and passed", name(*seat)),
        Event::GameOver { winner, reason } => verdict(*winner, *reason).to_string(),
        Event::Private { .. } => return None,
    })
}

// ---------------------------------------------------------------------------------------------------
// Computer knights (every string about them the player sees)
// ---------------------------------------------------------------------------------------------------

/// Default names for computer knights, in the order they are offered (our own pick of knights and
/// ladies of the Round Table, none of them a card's name).
pub const COMPUTER_NAMES: [&str; 7] = [
    "Sir Bedivere",
    "Lady Lynette",
    "Sir Kay",
    "Dame Enid",
    "Sir Gareth",
    "Lady Elaine",
    "Sir Bors",
];

pub fn level_name(l: Level) -> &'static str {
    match l {
        Level::Beginner => "Beginner",
        Level::Solid => "Solid",
        Level::Expert => "Expert",
    }
}

/// What a level plays like, for the new-game screen.
pub fn level_hint(l: Level) -> &'static str {
    match l {
        Level::Beginner => "forgets cards and goes on quests on a hunch",
        Level::Solid => "counts well, forgets now and then",
        Level::Expert => "remembers every card and catches lies",
    }
}

/// The choice of a seat on the new-game screen.
pub fn sitter_choice(level: Option<Level>) -> String {
    match level {
        None => "Person".into(),
        Some(l) => format!("Computer — {}", level_name(l)),
    }
}

/// The badge next to a computer knight's name.
pub fn computer_badge(l: Level) -> String {
    format!("computer · {}", level_name(l))
}

pub const COMPUTER_WORD: &str = "computer";

pub fn thinking_text(name: &str) -> String {
    format!("{name} is thinking…")
}

pub const SKIP_TEXT: &str = "Skip";
pub const FASTER_TEXT: &str = "Faster: computers play at once";
pub const NORMAL_PACE_TEXT: &str = "Normal pace";
pub const WITH_COMPUTERS_TEXT: &str = "Play with 3 computer knights";
pub const COMPUTER_LINES_TITLE: &str = "Computer knights";

/// The new-game hint about the table.
pub fn table_hint(players: usize, computers: usize) -> String {
    let base = match players {
        1 => "Solo: no Loyalty cards, no Traitor, no accusations.".to_string(),
        7 => "7 players: all 9 Loyalty cards — up to 2 Traitors.".to_string(),
        n => format!("{n} players: there may be one Traitor among you."),
    };
    match computers {
        0 => base,
        1 => format!(
            "{base} One of you is a computer knight: it plays from its own seat and sees only what that seat may see."
        ),
        n => format!(
            "{base} {n} of you are computer knights: each plays from its own seat and sees only what that seat may see."
        ),
    }
}

/// A computer knight's move in one line: what it did and why, from the bot's [`Choice`]. `None`
/// for a window it let pass (that stays silent, as for people). It never tells more than the table
/// may know: Merlin #4's quest, the Loyalty card kept and the card placed stay unnamed, and a quest
/// gone on against the count reads the same whoever goes on it (no Traitor's tell).
pub fn why_line(choice: &Choice, name: &dyn Fn(Seat) -> String) -> Option<String> {
    let quest_line = |quest: camelot::Quest, total: Option<u16>| match total {
        Some(t) if (11..=13).contains(&t) => {
            format!("Went on the {} quest: I counted {t}", quest.name())
        }
        _ => format!("Went on the {} quest: better now than later", quest.name()),
    };
    Some(match (&choice.why, choice.action) {
        (_, Action::PassWindow) => return None,
        (Why::Listened, _) => "Listened to Rumors".into(),
        (Why::Counted { quest, total }, _) => quest_line(*quest, Some(*total)),
        (Why::Gamble { quest }, _) => quest_line(*quest, None),
        (Why::Suspects { seat }, _) => {
            format!("Accused {}: the quests don't add up", name(*seat))
        }
        (Why::KnowsTraitor { seat }, _) => format!("Accused {}: I am sure", name(*seat)),
        (Why::PlayedKnight { knight }, a) => match (knight, a) {
            (_, Action::PlayGalahad { target }) => {
                format!("Played Galahad: looked at {}'s Loyalty card", name(target))
            }
            (Knight::Tristan, _) => "Played Tristan: looked through the Rumor deck".into(),
            (Knight::Arthur, _) => "Played Arthur: no quest now, listen instead".into(),
            (Knight::Gawain, _) => "Played Gawain: three more cards for this quest".into(),
            (Knight::Percival, _) => "Played Percival: two swords instead of one".into(),
            (Knight::Galahad, _) => "Played Galahad".into(),
        },
        (Why::SpreadRumors, Action::PlaceRumor { .. }) => "Placed one of the two cards".into(),
        (Why::SpreadRumors, _) => "Spread rumors: drew two cards to place one".into(),
        (Why::Announced { .. } | Why::Chose | Why::Passed | Why::NothingElse, a) => {
            action_line(a, name)
        }
    })
}

/// What a computer did, from its action alone (never naming a secret).
fn action_line(a: Action, name: &dyn Fn(Seat) -> String) -> String {
    match a {
        Action::ListenToRumors => "Listened to Rumors".into(),
        Action::GoOnQuest { quest } => format!("Went on the {} quest", quest.name()),
        Action::Accuse { target } => format!("Accused {}", name(target)),
        Action::SpreadRumors => "Spread rumors: drew two cards to place one".into(),
        Action::PlaceRumor { .. } => "Placed one of the two cards".into(),
        Action::Announce { card } => format!("Drew in secret and announced {}", card_name(card)),
        Action::ChooseMerlin4Quest { .. } => "Chose Merlin #4's quest in secret".into(),
        Action::GiveLoyalty { recipient } => format!(
            "Vivien: took a set-aside Loyalty card and gave the other to {}",
            name(recipient)
        ),
        Action::KeepLoyalty { .. } => "Vivien: kept one of the two Loyalty cards".into(),
        Action::Merlin6Quest { quest, bonus } => {
            format!("Merlin #6: went on the {} quest, +{bonus}", quest.name())
        }
        Action::DeclineMerlin6 => "Merlin #6: no quest now".into(),
        Action::PlayTristan => "Played Tristan: looked through the Rumor deck".into(),
        Action::PlayGalahad { target } => {
            format!("Played Galahad: looked at {}'s Loyalty card", name(target))
        }
        Action::PlayArthur => "Played Arthur".into(),
        Action::PlayGawain => "Played Gawain".into(),
        Action::GawainPlay { index: Some(_) } => "Gawain: played one of the three cards".into(),
        Action::GawainPlay { index: None } => "Gawain: three Morgans, none played".into(),
        Action::PlayPercival => "Played Percival".into(),
        Action::PassWindow => "Let it pass".into(),
        Action::Pass => "Could do nothing and passed".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot::{Game, Setup};

    #[test]
    fn card_names_read_like_the_table_says_them() {
        assert_eq!(card_name("picts:4".parse().unwrap()), "Picts 4");
        assert_eq!(card_name("grail:?".parse().unwrap()), "Holy Grail ?");
        assert_eq!(card_name("morgan:4+2".parse().unwrap()), "Morgan #4 (+2)");
        assert_eq!(card_name("merlin:3".parse().unwrap()), "Merlin #3");
    }

    #[test]
    fn every_public_event_of_random_games_has_a_line_without_seat_numbers() {
        let names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"];
        for players in 1..=7u8 {
            for seed in 0..8 {
                let mut setup = Setup::new(players, seed);
                setup.options.knights_to_the_rescue = seed % 2 == 0;
                let mut g = Game::new(setup).unwrap();
                let mut n = 0;
                while let Some((seat, _)) = g.decider() {
                    let legal = g.legal_actions();
                    let a = legal[(seed as usize + n) % legal.len()];
                    for e in g.apply(seat, a).unwrap() {
                        let line = event_line(&e, &|s: Seat| names[s.index()].to_string());
                        match e {
                            Event::Private { .. } => assert!(line.is_none()),
                            Event::CardPlaced { top, .. } => {
                                let line = line.unwrap();
                                let c = card_name(top.shown());
                                assert!(!line.contains(&c), "{line} names {c}");
                            }
                            _ => {
                                let line = line.unwrap();
                                assert!(!line.contains("seat "), "{line}");
                            }
                        }
                    }
                    n += 1;
                    if n > 400 {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn computer_lines_say_what_and_why_without_telling_secrets() {
        use camelot::Quest;
        let name = |s: Seat| ["Ann", "Sir Kay", "Dame Enid"][s.index()].to_string();
        let c = |action, why| Choice { action, why };
        let dragon = Action::GoOnQuest {
            quest: Quest::Dragon,
        };
        assert_eq!(
            why_line(
                &c(
                    dragon,
                    Why::Counted {
                        quest: Quest::Dragon,
                        total: 12
                    }
                ),
                &name
            )
            .unwrap(),
            "Went on the Dragon quest: I counted 12"
        );
        // A Traitor's gamble reads like a loyal knight cutting their losses.
        let gamble = why_line(
            &c(
                dragon,
                Why::Gamble {
                    quest: Quest::Dragon,
                },
            ),
            &name,
        )
        .unwrap();
        let cut = why_line(
            &c(
                dragon,
                Why::Counted {
                    quest: Quest::Dragon,
                    total: 16,
                },
            ),
            &name,
        );
        assert_eq!(Some(gamble), cut);
        assert_eq!(
            why_line(&c(Action::ListenToRumors, Why::Listened), &name).unwrap(),
            "Listened to Rumors"
        );
        assert_eq!(
            why_line(
                &c(
                    Action::Accuse { target: Seat(0) },
                    Why::Suspects { seat: Seat(0) }
                ),
                &name
            )
            .unwrap(),
            "Accused Ann: the quests don't add up"
        );
        // A window let pass stays silent.
        assert_eq!(why_line(&c(Action::PassWindow, Why::Passed), &name), None);
        // Secrets stay unnamed.
        let m4 = why_line(
            &c(
                Action::ChooseMerlin4Quest {
                    quest: Quest::Grail,
                },
                Why::Chose,
            ),
            &name,
        )
        .unwrap();
        assert!(!m4.contains("Grail"), "{m4}");
        let keep = why_line(
            &c(
                Action::KeepLoyalty {
                    keep: camelot::Keep::New,
                },
                Why::Chose,
            ),
            &name,
        )
        .unwrap();
        assert!(
            !keep.contains("Loyal ") && !keep.contains("Traitor"),
            "{keep}"
        );
        // Every action has a line in words, without seat numbers.
        for a in [
            Action::SpreadRumors,
            Action::PlaceRumor { index: 1 },
            Action::GiveLoyalty { recipient: Seat(2) },
            Action::DeclineMerlin6,
            Action::GawainPlay { index: None },
            Action::Pass,
            Action::PlayGalahad { target: Seat(1) },
        ] {
            let line = why_line(&c(a, Why::NothingElse), &name).unwrap();
            assert!(!line.is_empty() && !line.contains("Seat"), "{a:?}: {line}");
        }
        for l in Level::ALL {
            assert!(!level_name(l).is_empty() && !level_hint(l).is_empty());
        }
        assert!(
            COMPUTER_NAMES
                .iter()
                .all(|n| n.chars().count() <= crate::session::NAME_MAX)
        );
    }
}
