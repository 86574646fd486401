//! Readable words for cards, outcomes and public events (names, never seat numbers), in the current
//! language (every text is a key of `crate::i18n`). Plain functions, tested natively (in English).

use crate::i18n::{K, t, tf, tn};
use camelot_card::bot::{Choice, Level, Why};
use camelot_card::{
    Action, Card, Colour, EndReason, Event, Knight, Loyalty, Merlin, Morgan, NoExchange, Outcome,
    QuestStack, Resolution, RumorValue, Seat, Side, TopCard,
};

/// A card's name as players say it: "Picts 4", "Dragon ?", "Morgan #4 (+2)", "Merlin #1", "Vivien".
pub fn card_name(c: Card) -> String {
    match c {
        Card::Quest(q, v) => tf(
            K::word_card_quest,
            &[("quest", &quest_name(q)), ("value", &value_text(v))],
        ),
        Card::Morgan(Morgan::Four(b)) => tf(K::word_card_morgan4, &[("bonus", &b.bonus())]),
        Card::Morgan(m) => tf(K::card_morgan, &[("n", &m.number())]),
        Card::Merlin(m) => tf(K::card_merlin, &[("n", &m.number())]),
        Card::Mordred => t(K::card_mordred).into(),
        Card::Vivien => t(K::card_vivien).into(),
    }
}

/// A quest's name.
pub fn quest_name(q: camelot_card::Quest) -> &'static str {
    use camelot_card::Quest;
    t(match q {
        Quest::Picts => K::word_quest_picts,
        Quest::Saxons => K::word_quest_saxons,
        Quest::Dragon => K::word_quest_dragon,
        Quest::Excalibur => K::word_quest_excalibur,
        Quest::Grail => K::word_quest_grail,
    })
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
    t(match c {
        Card::Quest(..) => K::word_effect_quest,
        Card::Morgan(Morgan::One) => K::word_effect_morgan1,
        Card::Morgan(Morgan::Two) => K::word_effect_morgan2,
        Card::Morgan(Morgan::Three) => K::word_effect_morgan3,
        Card::Morgan(Morgan::Four(_)) => K::word_effect_morgan4,
        Card::Morgan(Morgan::Five) => K::word_effect_morgan5,
        Card::Morgan(Morgan::Six) => K::word_effect_morgan6,
        Card::Morgan(Morgan::Seven) => K::word_effect_morgan7,
        Card::Morgan(Morgan::Eight) => K::word_effect_morgan8,
        Card::Merlin(Merlin::One) => K::word_effect_merlin1,
        Card::Merlin(Merlin::Two) => K::word_effect_merlin2,
        Card::Merlin(Merlin::Three) => K::word_effect_merlin3,
        Card::Merlin(Merlin::Four) => K::word_effect_merlin4,
        Card::Merlin(Merlin::Five) => K::word_effect_merlin5,
        Card::Merlin(Merlin::Six) => K::word_effect_merlin6,
        Card::Mordred => K::word_effect_mordred,
        Card::Vivien => K::word_effect_vivien,
    })
}

pub fn quest_stack_name(q: QuestStack) -> String {
    match q {
        QuestStack::Quest(q) => quest_name(q).to_string(),
        QuestStack::PictsAndSaxons => t(K::word_picts_and_saxons).to_string(),
    }
}

pub fn swords_text(colour: Colour, n: u8) -> String {
    let k = match colour {
        Colour::White => K::swords_white_count,
        Colour::Black => K::swords_black_count,
    };
    tn(k, n.into(), &[])
}

pub fn outcome_text(o: Outcome) -> &'static str {
    match o {
        Outcome::Success => t(K::word_outcome_success),
        Outcome::Baseless => t(K::word_outcome_baseless),
        Outcome::Defeat => t(K::word_outcome_defeat),
        Outcome::Harmless => t(K::word_outcome_harmless),
    }
}

pub fn loyalty_text(l: Loyalty) -> &'static str {
    match l {
        Loyalty::Loyal => t(K::word_loyal),
        Loyalty::Traitor => t(K::word_traitor),
    }
}

/// When and how a Knight card is played, in our own words.
pub fn knight_text(k: Knight) -> (&'static str, &'static str) {
    match k {
        Knight::Arthur => (t(K::word_arthur_when), t(K::word_arthur_what)),
        Knight::Tristan => (t(K::word_tristan_when), t(K::word_tristan_what)),
        Knight::Gawain => (t(K::word_gawain_when), t(K::word_gawain_what)),
        Knight::Galahad => (t(K::word_galahad_when), t(K::word_galahad_what)),
        Knight::Percival => (t(K::word_percival_when), t(K::word_percival_what)),
    }
}

/// The verdict line.
pub fn verdict(winner: Side, reason: EndReason) -> &'static str {
    match (winner, reason) {
        (Side::Loyal, _) => t(K::word_verdict_loyal),
        (Side::Evil, EndReason::Morgan7) => t(K::word_verdict_morgan7),
        (Side::Evil, EndReason::Swords) => t(K::word_verdict_evil),
    }
}

/// One line of the resolution of a quest, for the log.
pub fn resolution_line(r: &Resolution) -> String {
    let mut parts = Vec::new();
    for s in &r.stacks {
        let total = s.total.map_or(t(K::word_no_card).to_string(), |total| {
            tf(K::word_total, &[("total", &total)])
        });
        let result = match s.swords {
            Some((c, n)) => tf(
                K::word_outcome_and_swords,
                &[
                    ("outcome", &outcome_text(s.outcome)),
                    ("swords", &swords_text(c, n)),
                ],
            ),
            None => outcome_text(s.outcome).to_string(),
        };
        let quest = quest_stack_name(s.quest);
        let args: [(&str, &dyn std::fmt::Display); 3] =
            [("quest", &quest), ("total", &total), ("result", &result)];
        parts.push(if s.main {
            tf(K::word_stack_line_chosen, &args)
        } else {
            tf(K::word_stack_line, &args)
        });
    }
    if r.evil_wins_now {
        parts.push(t(K::word_morgan7_line).into());
    }
    parts.join("; ")
}

/// A public event as a log line (`None` for events that are not worth a line, and private ones).
pub fn event_line(e: &Event, name: &dyn Fn(Seat) -> String) -> Option<String> {
    Some(match e {
        Event::TurnBegins { seat, turn } => tf(K::log_turn, &[("n", turn), ("name", &name(*seat))]),
        Event::CountAloud { seat, number } => tf(
            K::event_count_aloud,
            &[("name", &name(*seat)), ("number", number)],
        ),
        // Which card: only the top of the pile shows it. Remembering the pile is the players' part
        // of the game, so the log never lists the cards placed face up under it. An announcement
        // under Morgan #1 was said aloud to the whole table: the log says what it was.
        Event::CardPlaced { seat, top } => match top {
            TopCard::FaceUp { .. } => tf(K::event_card_placed, &[("name", &name(*seat))]),
            TopCard::FaceDown { announced } => tf(
                K::event_card_placed_face_down,
                &[("name", &name(*seat)), ("card", &card_name(*announced))],
            ),
        },
        Event::DeckReshuffled { cards } => tn(K::event_deck_reshuffled, (*cards).into(), &[]),
        Event::SilenceBegins => t(K::event_silence_begins).into(),
        Event::SilenceEnds => t(K::event_silence_ends).into(),
        Event::Morgan1Begins => t(K::event_morgan1_begins).into(),
        Event::Morgan2Begins => t(K::event_morgan2_begins).into(),
        Event::MorganEffectsEnd => t(K::event_morgan_effects_end).into(),
        Event::Merlin4TokenPlaced { seat } => tf(K::event_merlin4_token, &[("name", &name(*seat))]),
        Event::VivienExchange { drawer, recipient } => match recipient {
            Some(r) => tf(
                K::event_vivien_exchange,
                &[("name", &name(*drawer)), ("other", &name(*r))],
            ),
            None => tf(K::event_vivien_no_exchange, &[("name", &name(*drawer))]),
        },
        Event::VivienDoesNothing { drawer, why } => match why {
            NoExchange::SoloPlay => t(K::event_vivien_nothing_solo).into(),
            NoExchange::DrawerRevealed => tf(
                K::event_vivien_nothing_revealed,
                &[("name", &name(*drawer))],
            ),
        },
        Event::LoyaltyKept { seat } => tf(K::event_loyalty_kept, &[("name", &name(*seat))]),
        Event::WentOnQuest {
            seat,
            quest,
            merlin6_bonus,
        } => {
            let args: [(&str, &dyn std::fmt::Display); 3] = [
                ("name", &name(*seat)),
                ("quest", &quest_name(*quest)),
                ("bonus", merlin6_bonus),
            ];
            if *merlin6_bonus > 0 {
                tf(K::event_went_on_quest_merlin6, &args)
            } else {
                tf(K::event_went_on_quest, &args)
            }
        }
        Event::ArthurPlayed { by, quester } => tf(
            K::event_arthur,
            &[("name", &name(*by)), ("quester", &name(*quester))],
        ),
        Event::GawainPlayed { by, card } => match card {
            Some(c) => tf(
                K::event_gawain,
                &[("name", &name(*by)), ("card", &card_name(*c))],
            ),
            None => tf(K::event_gawain_none, &[("name", &name(*by))]),
        },
        Event::QuestResolved { resolution } => resolution_line(resolution),
        Event::SwordsPlaced { colour, count } => tf(
            K::event_swords_placed,
            &[("swords", &swords_text(*colour, *count))],
        ),
        Event::SwordsRanOut { colour, count } => tf(
            K::event_swords_ran_out,
            &[("swords", &swords_text(*colour, *count))],
        ),
        Event::KnightDrawn { seat } => tf(K::event_knight_drawn, &[("name", &name(*seat))]),
        Event::NoKnightLeft { seat } => tf(K::event_no_knight_left, &[("name", &name(*seat))]),
        Event::MorganShuffledIn => t(K::event_morgan_shuffled_in).into(),
        Event::TristanPlayed { seat } => tf(K::event_tristan, &[("name", &name(*seat))]),
        Event::GalahadPlayed { seat, target } => tf(
            K::event_galahad,
            &[("name", &name(*seat)), ("target", &name(*target))],
        ),
        Event::Accused { accuser, target } => tf(
            K::event_accused,
            &[("name", &name(*accuser)), ("target", &name(*target))],
        ),
        Event::PercivalPlayed { by } => tf(K::event_percival, &[("name", &name(*by))]),
        Event::LoyaltyRevealed { seat, loyalty } => match loyalty {
            Loyalty::Loyal => tf(K::event_is_loyal, &[("name", &name(*seat))]),
            Loyalty::Traitor => tf(K::event_is_traitor, &[("name", &name(*seat))]),
        },
        Event::SwordsFlipped { count } => tn(K::event_swords_flipped, (*count).into(), &[]),
        Event::PlayGoesOn => t(K::event_play_goes_on).into(),
        Event::TraitorSpreadsRumors { seat } => {
            tf(K::event_traitor_spreads, &[("name", &name(*seat))])
        }
        Event::Passed { seat } => tf(K::event_passed, &[("name", &name(*seat))]),
        Event::GameOver { winner, reason } => verdict(*winner, *reason).to_string(),
        Event::Private { .. } => return None,
    })
}

/// Why Accuse is not offered now.
pub fn accusation_refusal_text(r: camelot_card::AccusationRefusal) -> &'static str {
    use camelot_card::AccusationRefusal as R;
    t(match r {
        R::Solo => K::error_accuse_solo,
        R::RevealedTraitor => K::error_accuse_revealed_traitor,
        R::AlreadyAccused => K::error_accuse_once,
        R::TooFewSwords => K::error_accuse_swords,
        R::NoOneLeft => K::error_accuse_no_one,
        // About a target, so only in a refused action (worded by `rule_error_text`).
        R::Themselves | R::TargetRevealed => K::error_no_accusation,
    })
}

/// A refused action, in plain words (the engine's own reasons are for developers and stay out).
pub fn rule_error_text(e: &camelot_card::RuleError, name: &dyn Fn(Seat) -> String) -> String {
    use camelot_card::RuleError as E;
    match e {
        E::GameOver => t(K::error_game_over).into(),
        E::NotYourDecision {
            decider: Some(d), ..
        } => tf(K::error_not_your_decision, &[("name", &name(*d))]),
        E::NotYourDecision { decider: None, .. } | E::NotNow { .. } => t(K::error_not_now).into(),
        E::QuestNotAllowed { quest } => tf(
            K::error_quest_not_allowed,
            &[("quest", &quest_name(*quest))],
        ),
        E::NoCardsLeft => t(K::error_no_cards_left).into(),
        E::AccusationNotAllowed { .. } => t(K::error_no_accusation).into(),
        E::BadTarget { target } => tf(K::error_bad_target, &[("name", &name(*target))]),
        E::KnightNotHeld { knight } => tf(
            K::error_knight_not_held,
            &[("knight", &knight_name(*knight))],
        ),
        E::AnnouncementNotAllowed { card } => {
            tf(K::error_announcement, &[("card", &card_name(*card))])
        }
        E::BadChoice { .. } => t(K::error_bad_choice).into(),
    }
}

// ---------------------------------------------------------------------------------------------------
// Computer knights (every string about them the player sees)
// ---------------------------------------------------------------------------------------------------

pub use crate::seats::{COMPUTER_NAMES, level_name};

/// A line about a level, beside the New game screen's choice: what a knight of that level does
/// in the Card Game.
pub fn level_hint(l: Level) -> &'static str {
    match l {
        Level::Beginner => t(K::bot_hint_beginner),
        Level::Solid => t(K::bot_hint_solid),
        Level::Expert => t(K::bot_hint_expert),
    }
}

/// The badge next to a computer knight's name.
pub fn computer_badge(l: Level) -> String {
    tf(K::bot_badge, &[("level", &level_name(l))])
}

pub fn computer_word() -> &'static str {
    t(K::bot_computer)
}

/// A computer knight's move with its reason, in one line: "Bo (computer): Listened".
pub fn computer_line(name: &str, why: &str) -> String {
    let who = tf(K::table_computer_who, &[("computer", &computer_word())]);
    format!("{name}{who}{why}")
}

/// What a screen reader is told about a move: a computer knight's reason, then each public event
/// of it in words, in one text. A quest's outcomes and swords are left to its reveal, which says
/// them once they are out; the next turn's heading is left out.
pub fn move_said(why: Option<String>, events: &[Event], name: &dyn Fn(Seat) -> String) -> String {
    let quest = events
        .iter()
        .any(|e| matches!(e, Event::QuestResolved { .. }));
    let mut said = why.unwrap_or_default();
    for e in events {
        let left_out = match e {
            Event::TurnBegins { .. } | Event::Private { .. } => true,
            Event::QuestResolved { .. } | Event::SwordsPlaced { .. } => quest,
            _ => false,
        };
        if left_out {
            continue;
        }
        if let Some(line) = event_line(e, name) {
            if !said.is_empty() {
                said.push_str(". ");
            }
            said.push_str(&line);
        }
    }
    said
}

pub fn thinking_text(name: &str) -> String {
    tf(K::bot_thinking, &[("name", &name)])
}

pub fn skip_text() -> &'static str {
    t(K::bot_skip)
}
pub fn faster_text() -> &'static str {
    t(K::bot_faster)
}
pub fn normal_pace_text() -> &'static str {
    t(K::bot_normal_pace)
}
pub fn with_computers_text() -> &'static str {
    t(K::bot_with_computers)
}
pub fn computer_lines_title() -> &'static str {
    t(K::bot_lines_title)
}

/// The new-game hint about the table.
pub fn table_hint(players: usize, computers: usize) -> String {
    let base = match players {
        1 => t(K::bot_table_solo).to_string(),
        7 => t(K::bot_table_seven).to_string(),
        n => tf(K::bot_table_players, &[("n", &n)]),
    };
    if computers == 0 {
        return base;
    }
    tn(
        K::bot_table_computers,
        computers as i64,
        &[("table", &base)],
    )
}

/// A computer knight's move in one line: what it did and why, from the bot's [`Choice`]. `None`
/// for a window it let pass (that stays silent, as for people). It never tells more than the table
/// may know: Merlin #4's quest, the Loyalty card kept and the card placed stay unnamed, and a quest
/// gone on against the count reads the same whoever goes on it (no Traitor's tell).
pub fn why_line(choice: &Choice, name: &dyn Fn(Seat) -> String) -> Option<String> {
    let quest_line = |quest: camelot_card::Quest, total: Option<u16>| match total {
        Some(total) if (11..=13).contains(&total) => tf(
            K::bot_why_counted,
            &[("quest", &quest_name(quest)), ("total", &total)],
        ),
        _ => tf(K::bot_why_gamble, &[("quest", &quest_name(quest))]),
    };
    Some(match (&choice.why, choice.action) {
        (_, Action::PassWindow) => return None,
        (Why::Listened, _) => t(K::bot_did_listen).into(),
        (Why::Counted { quest, total }, _) => quest_line(*quest, Some(*total)),
        (Why::Gamble { quest }, _) => quest_line(*quest, None),
        (Why::Suspects { seat }, _) => tf(K::bot_why_suspects, &[("name", &name(*seat))]),
        (Why::KnowsTraitor { seat }, _) => tf(K::bot_why_sure, &[("name", &name(*seat))]),
        (Why::PlayedKnight { knight }, a) => match (knight, a) {
            (_, Action::PlayGalahad { target }) => {
                tf(K::bot_did_galahad, &[("name", &name(target))])
            }
            (Knight::Tristan, _) => t(K::bot_did_tristan).into(),
            (Knight::Arthur, _) => t(K::bot_why_arthur).into(),
            (Knight::Gawain, _) => t(K::bot_why_gawain).into(),
            (Knight::Percival, _) => t(K::bot_why_percival).into(),
            (Knight::Galahad, _) => t(K::bot_did_galahad_plain).into(),
        },
        (Why::SpreadRumors, Action::PlaceRumor { .. }) => t(K::bot_did_place).into(),
        (Why::SpreadRumors, _) => t(K::bot_did_spread).into(),
        (Why::Announced { .. } | Why::Chose | Why::Passed | Why::NothingElse, a) => {
            action_line(a, name)
        }
    })
}

/// What a computer did, from its action alone (never naming a secret).
fn action_line(a: Action, name: &dyn Fn(Seat) -> String) -> String {
    match a {
        Action::ListenToRumors => t(K::bot_did_listen).into(),
        Action::GoOnQuest { quest } => tf(K::bot_did_quest, &[("quest", &quest_name(quest))]),
        Action::Accuse { target } => tf(K::bot_did_accuse, &[("name", &name(target))]),
        Action::SpreadRumors => t(K::bot_did_spread).into(),
        Action::PlaceRumor { .. } => t(K::bot_did_place).into(),
        Action::Announce { card } => tf(K::bot_did_announce, &[("card", &card_name(card))]),
        Action::ChooseMerlin4Quest { .. } => t(K::bot_did_merlin4).into(),
        Action::GiveLoyalty { recipient } => {
            tf(K::bot_did_vivien_give, &[("name", &name(recipient))])
        }
        Action::KeepLoyalty { .. } => t(K::bot_did_vivien_keep).into(),
        Action::Merlin6Quest { quest, bonus } => tf(
            K::bot_did_merlin6,
            &[("quest", &quest_name(quest)), ("bonus", &bonus)],
        ),
        Action::DeclineMerlin6 => t(K::bot_did_merlin6_decline).into(),
        Action::PlayTristan => t(K::bot_did_tristan).into(),
        Action::PlayGalahad { target } => tf(K::bot_did_galahad, &[("name", &name(target))]),
        Action::PlayArthur => t(K::bot_did_arthur).into(),
        Action::PlayGawain => t(K::bot_did_gawain).into(),
        Action::GawainPlay { index: Some(_) } => t(K::bot_did_gawain_play).into(),
        Action::GawainPlay { index: None } => t(K::bot_did_gawain_none).into(),
        Action::PlayPercival => t(K::bot_did_percival).into(),
        Action::PassWindow => t(K::bot_did_let_pass).into(),
        Action::Pass => t(K::bot_did_pass).into(),
    }
}

/// A Knight's name, as the players of this language call him.
pub fn knight_name(k: Knight) -> &'static str {
    t(match k {
        Knight::Arthur => K::card_knight_arthur,
        Knight::Tristan => K::card_knight_tristan,
        Knight::Gawain => K::card_knight_gawain,
        Knight::Galahad => K::card_knight_galahad,
        Knight::Percival => K::card_knight_percival,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_card::{Game, Setup};

    #[test]
    fn card_names_read_like_the_table_says_them() {
        assert_eq!(card_name("picts:4".parse().unwrap()), "Picts 4");
        assert_eq!(card_name("grail:?".parse().unwrap()), "Holy Grail ?");
        assert_eq!(card_name("morgan:4+2".parse().unwrap()), "Morgan #4 (+2)");
        assert_eq!(card_name("merlin:3".parse().unwrap()), "Merlin #3");
    }

    #[test]
    fn a_vivien_that_does_nothing_says_why_and_a_knight_deck_run_out_is_said() {
        let name = |s: Seat| ["Ann", "Bo"][s.index()].to_string();
        let line = |e: Event| event_line(&e, &name).unwrap();
        assert_eq!(
            line(Event::VivienDoesNothing {
                drawer: Seat(0),
                why: NoExchange::SoloPlay
            }),
            "Vivien: there are no Loyalty cards in solo play, so nothing happens"
        );
        assert_eq!(
            line(Event::VivienDoesNothing {
                drawer: Seat(1),
                why: NoExchange::DrawerRevealed
            }),
            "Vivien: Bo's Loyalty card is face up, so nothing happens"
        );
        assert_eq!(
            line(Event::VivienExchange {
                drawer: Seat(0),
                recipient: None
            }),
            "Vivien: Ann makes no exchange with others"
        );
        assert_eq!(
            line(Event::NoKnightLeft { seat: Seat(1) }),
            "No Knight cards left for Bo to draw"
        );
    }

    /// The log said "placed a card face down and announced it"; the announcement was
    /// said aloud to everyone, so the log says what it was (the truth or not).
    #[test]
    fn the_log_says_what_was_announced_under_morgan_1() {
        let line = event_line(
            &Event::CardPlaced {
                seat: Seat(1),
                top: TopCard::FaceDown {
                    announced: "dragon:3".parse().unwrap(),
                },
            },
            &|s: Seat| ["Ann", "Bo"][s.index()].to_string(),
        )
        .unwrap();
        assert_eq!(line, "Bo placed a card face down and announced Dragon 3");
        let turns = crate::card::log::log_turns(
            &[Event::CardPlaced {
                seat: Seat(0),
                top: TopCard::FaceDown {
                    announced: "merlin:2".parse().unwrap(),
                },
            }],
            Seat(0),
            &|s: Seat| ["Ann", "Bo"][s.index()].to_string(),
        );
        assert_eq!(
            turns[0].1,
            ["Ann placed a card face down and announced Merlin #2"]
        );
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
                            Event::CardPlaced {
                                top: top @ TopCard::FaceUp { .. },
                                ..
                            } => {
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
        use camelot_card::Quest;
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
                    keep: camelot_card::Keep::New,
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
                .all(|n| n.chars().count() <= crate::names::NAME_MAX)
        );
    }

    #[test]
    fn a_move_is_said_after_the_computers_reason_and_leaves_the_quests_outcome_to_its_reveal() {
        let name = |s: Seat| ["Ann", "Bo", "Cy"][s.index()].to_string();
        let mut g = Game::new(Setup::new(3, 5)).unwrap();
        let (mut quests, mut moves) = (0, 0);
        while let Some((seat, _)) = g.decider() {
            let legal = g.legal_actions();
            let quest = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::GoOnQuest { .. }))
                .filter(|_| g.table_view().pile_count >= 3);
            let a = quest
                .or(legal
                    .contains(&Action::ListenToRumors)
                    .then_some(Action::ListenToRumors))
                .unwrap_or(legal[0]);
            let events = g.apply(seat, a).unwrap();
            let said = move_said(Some("Bo (computer): Listened".into()), &events, &name);
            assert!(said.starts_with("Bo (computer): Listened"), "{said}");
            for e in &events {
                let line = event_line(e, &name);
                match e {
                    Event::TurnBegins { .. } | Event::QuestResolved { .. } => {
                        let line = line.unwrap();
                        assert!(!said.contains(&line), "{line:?} in {said:?}");
                        quests += usize::from(matches!(e, Event::QuestResolved { .. }));
                    }
                    Event::SwordsPlaced { .. } if quest.is_some() => {}
                    _ => {
                        if let Some(line) = line {
                            assert!(said.contains(&line), "{line:?} not in {said:?}");
                        }
                    }
                }
            }
            assert_eq!(move_said(None, &[], &name), "");
            moves += 1;
        }
        assert!(
            quests >= 2 && moves > 20,
            "{quests} quests in {moves} moves"
        );
    }
}
