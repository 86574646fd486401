//! Readable English for cards, outcomes and public events (names, never seat numbers).
//! Plain functions, tested natively.

use camelot::{
    Card, Colour, EndReason, Event, Knight, Loyalty, Merlin, Morgan, Outcome, QuestStack,
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
}
