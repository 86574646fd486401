//! Rules audit, continued (see `rules_audit.rs`): Knight timings, draws from a short deck, seven
//! players, silence.

mod audit;
mod table;

use audit::*;
use camelot_card::{
    Action, Card, Decision, Event, Game, Knight, Loyalty, Options, Outcome, Quest, QuestStack,
    RuleError, Seat, TopCard,
};
use table::*;

// ------------------------------------------------------------------------------------------------
// Round 2: Knight timings, draws from a short deck, 7 players, silence
// ------------------------------------------------------------------------------------------------

/// Merlin: "before computing the Total Rumor Value of all Quests, set aside all Merlin cards you find
/// in this pile and immediately apply their effect"; Gawain: "once all Quests Total Rumor Values have
/// been tallied up […] If it is a Quest […] card, add it to the corresponding Quest before
/// re-computing that Quest's outcome" (card-game.md §3: step 4 the Merlins, step 6 Gawain). The
/// pile's Merlin #2 has already removed a Dragon 4 when Gawain's Dragon 5 joins the stack: the 5
/// stays, 4 + 2 + 5 = 11, a success.
#[test]
fn gawain_quest_card_joins_after_the_piles_merlins_have_removed_their_cards() {
    // seat 1 holds Gawain; the failed Picts placed 1 black sword
    let mut g = seat1_holds_gawain(&[
        "dragon:4", "dragon:4", "merlin:2", "dragon:2", "dragon:5", "grail:2", "grail:3",
    ]);
    listen(&mut g, 4); // dragon 4, dragon 4, Merlin #2, dragon 2
    quest(&mut g, Quest::Dragon); // seat 0
    pass_until(&mut g, Decision::GawainWindow);
    assert_eq!(
        g.table_view().resolution.unwrap().main_stack().total,
        Some(6),
        "Merlin #2 took a Dragon 4"
    );
    act(&mut g, Action::PlayGawain); // seat 1: dragon 5, grail 2, grail 3
    let ev = act(&mut g, Action::GawainPlay { index: Some(0) });
    assert_eq!(total(&ev, Quest::Dragon), Some(11));
    let removed: Vec<Card> = resolution(&ev)
        .main_stack()
        .cards
        .iter()
        .filter(|c| c.removed_by.is_some())
        .map(|c| c.card)
        .collect();
    assert_eq!(removed, vec![c("dragon:4")]);
    assert_eq!(swords(&g), (3, 1));
}

/// Gawain: "Draw 3 cards from the top of the Rumor deck"; "If the Rumor deck runs out of cards,
/// shuffle all the Rumor cards in the discard pile to form a new Rumor deck" (re-formed when a card is
/// next needed). With one card left, Gawain draws it, then two from the discard pile made the new
/// deck — never a card of the pile being resolved.
#[test]
fn gawain_with_one_card_left_in_the_deck_draws_it_and_the_reshuffled_cards() {
    let mut g = expert(
        2,
        None,
        &[
            "picts:2", "saxons:2", "dragon:4", "dragon:5", "dragon:3", "grail:2",
        ],
        &[Knight::Gawain],
    );
    listen(&mut g, 2); // picts 2, saxons 2
    quest(&mut g, Quest::Saxons); // seat 0: baseless, draws Gawain; the two cards are discarded
    pass_windows(&mut g);
    listen(&mut g, 3); // dragon 4, 5, 3: one card (grail 2) left in the deck
    assert_eq!(g.current(), Seat(0));
    quest(&mut g, Quest::Dragon);
    assert_eq!(g.decider(), Some((Seat(0), Decision::GawainWindow)));
    let ev = act(&mut g, Action::PlayGawain);
    assert!(ev.contains(&Event::DeckReshuffled { cards: 2 }));
    let Some(camelot_card::Prompt::GawainChoose { cards: drawn }) =
        g.seat_view(Seat(0)).unwrap().prompt
    else {
        panic!("Gawain's three cards")
    };
    assert_eq!(drawn[0], c("grail:2"), "the deck's last card first");
    let mut rest = drawn[1..].to_vec();
    rest.sort();
    assert_eq!(rest, cards(&["picts:2", "saxons:2"]));
    let ev = act(&mut g, Action::GawainPlay { index: Some(0) });
    assert_eq!(total(&ev, Quest::Dragon), Some(12));
    assert_eq!(swords(&g), (3, 1));
}

/// A revealed Traitor "must draw 2 cards from the top of the Rumor deck, placing 1 face up on top of
/// the Threats pile and discarding the other": with one card left in the deck, the second comes from
/// the discard pile made the new deck.
#[test]
fn a_revealed_traitor_with_one_card_left_draws_it_and_one_from_the_reshuffled_discard_pile() {
    let mut g = game(2, Some(1), &with_four(&["saxons:3", "grail:5", "dragon:4"]));
    reach_swords(&mut g, 4); // the four baseless quests' cards are in the discard pile
    act(&mut g, Action::Accuse { target: Seat(1) });
    act(&mut g, Action::SpreadRumors); // saxons 3 and grail 5
    act(&mut g, Action::PlaceRumor { index: 0 });
    listen(&mut g, 1); // seat 0 takes the dragon 4: the deck has run out
    assert_eq!(g.table_view().deck_count, 0);
    let discarded = g.table_view().discard_count;
    assert_eq!(discarded, 5);
    let ev = act(&mut g, Action::SpreadRumors);
    assert!(ev.contains(&Event::DeckReshuffled { cards: 5 }));
    assert_eq!(g.decider(), Some((Seat(1), Decision::TraitorChoose)));
    assert_eq!(g.table_view().deck_count, 3);
}

/// The same Traitor when only one card can be drawn at all (the deck's last card, an empty discard
/// pile): that card goes face up on the pile, nothing is discarded.
#[test]
fn a_revealed_traitor_places_the_only_card_left_face_up() {
    let mut g = game(2, Some(1), &with_four(&["saxons:3", "grail:5", "dragon:4"]));
    reach_swords(&mut g, 4);
    act(&mut g, Action::Accuse { target: Seat(1) });
    act(&mut g, Action::SpreadRumors); // saxons 3, grail 5: deck 1, discard 5
    act(&mut g, Action::PlaceRumor { index: 0 });
    // Seat 0 empties the deck and, turn after turn, the re-formed decks.
    listen(&mut g, 1); // dragon 4: deck 0, discard 5
    act(&mut g, Action::SpreadRumors); // re-formed: 5 → 3, discard 1
    act(&mut g, Action::PlaceRumor { index: 0 });
    listen(&mut g, 1); // deck 2
    act(&mut g, Action::SpreadRumors); // deck 0, discard 2
    act(&mut g, Action::PlaceRumor { index: 0 });
    listen(&mut g, 1); // re-formed: 2 → 1, discard 0
    let t = g.table_view();
    assert_eq!((t.deck_count, t.discard_count), (1, 0));
    let ev = act(&mut g, Action::SpreadRumors);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CardPlaced {
            seat: Seat(1),
            top: TopCard::FaceUp { .. }
        }
    )));
    assert_eq!(g.current(), Seat(0), "no choice to make: the turn is over");
    let t = g.table_view();
    assert_eq!((t.deck_count, t.discard_count, t.pile_count), (0, 0, 7));
}

/// Percival: "when a Traitor reveals himself at game's end […] flip 2 Swords […] instead of 1!" —
/// with two hidden Traitors (7 players) the kept reading is 3: one for each Traitor, one more for
/// Percival.
#[test]
fn percival_with_two_hidden_traitors_turns_three_white_swords_over() {
    let mut g = two_hidden_traitors(
        &then_three_successes(&["picts:2"]),
        EXPERT,
        &[Knight::Percival],
    );
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts); // seat 1 fails: Percival; 1 black
    for q in [Quest::Dragon, Quest::Grail, Quest::Excalibur] {
        listen(&mut g, 3);
        quest(&mut g, q);
        pass_windows(&mut g);
        if matches!(g.decider(), Some((_, Decision::PercivalEnd))) {
            break;
        }
    }
    assert_eq!(swords(&g), (8, 1));
    pass_until(&mut g, Decision::PercivalEnd);
    assert_eq!(g.decider(), Some((Seat(1), Decision::PercivalEnd)));
    let ev = act(&mut g, Action::PlayPercival);
    assert!(ev.contains(&Event::SwordsFlipped { count: 3 }));
    assert_eq!(swords(&g), (5, 4));
    assert!(!g.is_over());
}

/// Morgan: silence lasts "until a player chooses to Go on a Quest or draws a Merlin"; Morgan #1 "until
/// a Merlin card is drawn" — an accusation is neither: both hold on through it.
#[test]
fn silence_and_morgan1_outlast_an_accusation() {
    let mut g = game(3, Some(2), &with_four(&["morgan:1", "dragon:4", "grail:5"]));
    reach_swords(&mut g, 4);
    assert_eq!(g.current(), Seat(2));
    listen(&mut g, 1); // seat 2: Morgan #1, face up
    assert!(g.silence().is_some());
    act(&mut g, Action::Accuse { target: Seat(2) }); // seat 0
    assert!(g.silence().is_some());
    assert!(g.table_view().morgan1);
    act(&mut g, Action::ListenToRumors); // seat 1
    assert_eq!(g.decider(), Some((Seat(1), Decision::Announce)));
}

/// card-game.md §4: "Silence starts when a Morgan is placed on the pile (face up, or face down and
/// announced as a Morgan) and ends when a Merlin is placed (face up, or announced)". Under Morgan #1
/// (which outlasts a quest), a Traitor who calls a Picts card a Morgan brings the silence back; one
/// who calls a Grail card a Merlin ends the silence and Morgan #1 for the table.
#[test]
fn morgan1_a_traitors_announced_morgan_starts_the_silence_and_an_announced_merlin_ends_it() {
    let mut g = game(
        3,
        Some(1),
        &[
            "morgan:1", "grail:3", "dragon:4", "picts:2", "dragon:2", "grail:2", "saxons:4",
        ],
    );
    listen(&mut g, 1); // seat 0: Morgan #1
    act(&mut g, Action::ListenToRumors); // seat 1
    announce(&mut g, "grail:3");
    quest(&mut g, Quest::Grail); // seat 2: the silence ends, Morgan #1 holds on
    assert!(g.silence().is_none());
    assert!(g.table_view().morgan1);
    act(&mut g, Action::ListenToRumors); // seat 0
    announce(&mut g, "dragon:4");
    act(&mut g, Action::ListenToRumors); // seat 1, the Traitor: picts 2 in secret
    let ev = announce(&mut g, "morgan:3");
    assert!(ev.contains(&Event::SilenceBegins));
    assert!(g.silence().is_some());
    act(&mut g, Action::ListenToRumors); // seat 2
    announce(&mut g, "dragon:2");
    act(&mut g, Action::ListenToRumors); // seat 0
    announce(&mut g, "grail:2");
    act(&mut g, Action::ListenToRumors); // seat 1, the Traitor: saxons 4 in secret
    let ev = announce(&mut g, "merlin:1");
    assert!(ev.contains(&Event::SilenceEnds));
    assert!(ev.contains(&Event::MorganEffectsEnd));
    assert!(g.silence().is_none());
    assert!(!g.table_view().morgan1);
}

/// Kept reading: Arthur stopping a quest does not end the silence (the quest is never gone on: the
/// pile is not revealed).
#[test]
fn arthur_stopping_a_quest_does_not_end_the_silence() {
    let mut g = expert(
        2,
        None,
        &["picts:2", "morgan:3", "dragon:4", "grail:5", "picts:3"],
        &[Knight::Arthur],
    );
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts); // seat 1 draws Arthur
    listen(&mut g, 2); // seat 0: Morgan #3 (silence); seat 1: dragon 4
    assert!(g.silence().is_some());
    quest(&mut g, Quest::Dragon); // seat 0
    let ev = act(&mut g, Action::PlayArthur); // seat 1
    assert!(!ev.contains(&Event::SilenceEnds));
    assert!(g.silence().is_some());
    assert_eq!(g.top(), Some(TopCard::FaceUp { card: c("grail:5") }));
}

/// Kept reading: a Merlin #4 that Gawain plays applies to the quest being resolved — its player
/// chooses a quest and that quest's highest card goes.
#[test]
fn merlin4_played_by_gawain_removes_the_highest_card_of_its_quest_now() {
    // Seat 0 goes on the Dragon (5 4 3 2 = 14).
    let mut g = seat1_plays_gawain_on_the_dragon(&[
        "dragon:5", "dragon:4", "dragon:3", "dragon:2", "merlin:4", "grail:2", "grail:3",
    ]);
    act(&mut g, Action::GawainPlay { index: Some(0) }); // Merlin #4
    assert_eq!(g.decider(), Some((Seat(1), Decision::Merlin4Quest)));
    let ev = act(
        &mut g,
        Action::ChooseMerlin4Quest {
            quest: Quest::Dragon,
        },
    );
    assert_eq!(total(&ev, Quest::Dragon), Some(9));
    assert_eq!(swords(&g), (0, 2));
}

/// Seat 1's computer knight, at every level, chooses `action`.
fn every_level_at_seat_1_plays(g: &Game, action: Action) {
    let view = g.seat_view(Seat(1)).unwrap();
    for level in camelot_card::bot::Level::ALL {
        let mut bot = camelot_card::bot::Bot::new(Seat(1), level, 2, 1);
        assert_eq!(bot.decide(&view).action, action, "{level:?}");
    }
}

/// A computer knight choosing Gawain's card weighs a drawn Merlin #4 at its best quest (it then
/// chooses one): for a loyal knight it takes the Dragon 14 down to 9 rather than add a harmless
/// Grail card (it weighed the Merlin #4 with no quest, as if useless).
#[test]
fn a_computer_weighs_gawains_merlin4_at_its_best_quest() {
    // Seat 0 goes on the Dragon (5 4 3 2 = 14); seat 1 draws grail 2, Merlin #4, grail 3.
    let g = seat1_plays_gawain_on_the_dragon(&[
        "dragon:5", "dragon:4", "dragon:3", "dragon:2", "grail:2", "merlin:4", "grail:3",
    ]);
    assert_eq!(g.decider(), Some((Seat(1), Decision::GawainChoose)));
    every_level_at_seat_1_plays(&g, Action::GawainPlay { index: Some(1) });
}

/// Vivien: "draws 1 of the 2 Loyalty cards that were set aside […] and passes the other one […] to
/// the player of his choice"; 7 players: "There might be up to 2 Traitors". With both Traitor cards set
/// aside, two loyal knights may each take one: at the end both are hidden Traitors and turn two white
/// swords over.
#[test]
fn seven_players_vivien_can_bring_both_set_aside_traitors_into_play() {
    let mut g = dealt(
        vec![Loyalty::Loyal; 7],
        vec![Loyalty::Traitor, Loyalty::Traitor],
        &then_three_successes(&["vivien"]),
        Options::default(),
        &[],
        &[],
    );
    listen(&mut g, 1); // seat 0: Vivien
    act(&mut g, Action::GiveLoyalty { recipient: Seat(3) });
    act(
        &mut g,
        Action::KeepLoyalty {
            keep: camelot_card::Keep::New,
        },
    );
    act(
        &mut g,
        Action::KeepLoyalty {
            keep: camelot_card::Keep::New,
        },
    );
    assert_eq!(count(&held_loyalty(&g), Loyalty::Traitor), 2);
    assert_eq!(
        count(&loyalty_list(&state(&g)["set_aside"]), Loyalty::Loyal),
        2
    );
    succeed_three_times(&mut g);
    assert_eq!(swords(&g), (6, 2), "8 white, two turned over");
    let t = g.table_view();
    assert_eq!(t.seats[0].revealed, Some(Loyalty::Traitor));
    assert_eq!(t.seats[3].revealed, Some(Loyalty::Traitor));
    assert!(!g.is_over());
}

/// Gawain: "before bringing Swords on to the table", a Merlin played "as normal"; Morgan #7: "if that
/// Quest's Total Rumor Value is 14 or more, the game ends immediately" — judged on the total Gawain
/// leaves: his Merlin #2 brings a Dragon 15 down to 10 and the game goes on.
#[test]
fn gawain_can_bring_a_main_quest_under_morgan7_below_14() {
    let mut g = seat1_holds_gawain(&[
        "dragon:5", "morgan:7", "dragon:4", "dragon:4", "dragon:2", "merlin:2", "grail:2",
        "grail:3",
    ]);
    listen(&mut g, 5); // dragon 5, Morgan #7, dragon 4 4 2 = 15
    quest(&mut g, Quest::Dragon); // seat 1
    assert_eq!(g.decider(), Some((Seat(1), Decision::GawainWindow)));
    act(&mut g, Action::PlayGawain);
    let ev = act(&mut g, Action::GawainPlay { index: Some(0) });
    assert_eq!(total(&ev, Quest::Dragon), Some(10));
    assert!(!resolution(&ev).evil_wins_now);
    assert!(!g.is_over());
    assert_eq!(swords(&g), (0, 2));
}

/// Going on a Quest: the player "takes the Threats pile in his hand, and proceeds to reveal these
/// cards, sorting them in stacks by Quest type"; Gawain's card joins them "before re-computing that
/// Quest's outcome". The revealed stacks lie on the table all through Gawain's play, so the table
/// view keeps the breakdown while his player chooses among the three cards — and a computer knight
/// choosing sees it too: it plays the Merlin #2 that turns a Dragon defeat (15, 3 black) into a
/// baseless quest (10, 1 black), not the first card drawn.
#[test]
fn the_revealed_stacks_stay_in_view_while_gawains_player_chooses() {
    // Seat 0 goes on the Dragon (5 4 4 2 = 15); seat 1 draws grail 2, Merlin #2, grail 3.
    let mut g = seat1_plays_gawain_on_the_dragon(&[
        "dragon:5", "dragon:4", "dragon:4", "dragon:2", "grail:2", "merlin:2", "grail:3",
    ]);
    assert_eq!(g.decider(), Some((Seat(1), Decision::GawainChoose)));
    let r = g
        .table_view()
        .resolution
        .expect("the stacks are on the table");
    assert_eq!(r.main_stack().total, Some(15));
    every_level_at_seat_1_plays(&g, Action::GawainPlay { index: Some(1) });
    let ev = act(&mut g, Action::GawainPlay { index: Some(1) });
    assert_eq!(total(&ev, Quest::Dragon), Some(10));
}

/// Gawain: "Draw 3 cards from the top of the Rumor deck" — with no Rumor card left to draw (deck and
/// discard pile empty, every card in the pile being resolved) Gawain cannot be played: his window
/// offers only to pass.
#[test]
fn gawain_cannot_be_played_with_no_rumor_card_left_to_draw() {
    let mut g = dealt(
        vec![],
        vec![],
        &["picts:2", "dragon:5"],
        EXPERT,
        &[],
        &[Knight::Gawain],
    );
    listen(&mut g, 1);
    quest(&mut g, Quest::Picts); // baseless: Gawain drawn, picts 2 discarded
    listen(&mut g, 2); // dragon 5, then the re-formed deck's picts 2
    let t = g.table_view();
    assert_eq!((t.deck_count, t.discard_count, t.pile_count), (0, 0, 2));
    quest(&mut g, Quest::Picts);
    assert_eq!(g.decider(), Some((Seat(0), Decision::GawainWindow)));
    assert_eq!(g.legal_actions(), vec![Action::PassWindow]);
    assert_eq!(
        g.apply(Seat(0), Action::PlayGawain),
        Err(RuleError::NoCardsLeft)
    );
}

/// card-game.md §3, steps 3–10, read afresh and written out plainly (cards set aside, Merlins one by
/// one in pile order, Gawain's cards after them, totals, main and secondary outcomes, Morgan #3's
/// extra sword, Morgan #7), and checked against the engine's resolution on many random piles (promo
/// cards included).
#[test]
fn quest_resolution_agrees_with_a_plain_reading_of_the_rules_on_random_piles() {
    use camelot_card::{Merlin, Morgan, ThreatCard};
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};

    struct Plain {
        totals: [Option<u16>; 5],
        main_outcome: Outcome,
        white: u8,
        black: u8,
        evil_wins_now: bool,
    }

    fn plain(pile: &[ThreatCard], main: Quest, bonus: u8) -> Plain {
        let any = |want: Card| pile.iter().any(|t| t.card == want);
        let merged = any(Card::Morgan(Morgan::Eight));
        let ps = |q: Quest| matches!(q, Quest::Picts | Quest::Saxons);
        let key = |q: Quest| if merged && ps(q) { 0 } else { q.index() };
        // Per stack: (quest, points or None for `?`, still in).
        let mut stacks: Vec<Vec<(Quest, Option<u8>, bool)>> = vec![Vec::new(); 5];
        for t in pile.iter().filter(|t| !t.gawain) {
            if let Card::Quest(q, v) = t.card {
                stacks[key(q)].push((q, v.points(), true));
            }
        }
        let main_key = key(main);
        let merlin5 = any(Card::Merlin(Merlin::Five)) && stacks[main_key].len() == 5;
        // "remove the card with the highest value" (never a `?`; the topmost of equals).
        let remove = |stacks: &mut Vec<Vec<(Quest, Option<u8>, bool)>>, q: Quest, whole: bool| {
            let stack = &mut stacks[key(q)];
            let mut best: Option<(u8, usize)> = None;
            for (i, (cq, p, alive)) in stack.iter().enumerate() {
                if !*alive || !(*cq == q || whole) {
                    continue;
                }
                if let Some(p) = p
                    && best.is_none_or(|(b, _)| *p >= b)
                {
                    best = Some((*p, i));
                }
            }
            if let Some((_, i)) = best {
                stack[i].2 = false;
            }
        };
        // The pile's Merlins, then Gawain's cards in the order played (step 6): a quest card joins
        // its stack, a Merlin removes from the stacks as they are then.
        let (in_pile, from_gawain): (Vec<&ThreatCard>, Vec<&ThreatCard>) =
            pile.iter().partition(|t| !t.gawain);
        for t in in_pile.into_iter().chain(from_gawain) {
            match t.card {
                Card::Quest(q, v) if t.gawain => stacks[key(q)].push((q, v.points(), true)),
                Card::Merlin(Merlin::One) => {
                    remove(&mut stacks, Quest::Picts, false);
                    remove(&mut stacks, Quest::Saxons, false);
                }
                Card::Merlin(Merlin::Two) => {
                    remove(&mut stacks, Quest::Dragon, false);
                    remove(&mut stacks, Quest::Grail, false);
                }
                Card::Merlin(Merlin::Three) => {
                    remove(&mut stacks, Quest::Excalibur, false);
                    remove(&mut stacks, Quest::Grail, false);
                }
                Card::Merlin(Merlin::Four) => {
                    if let Some(q) = t.merlin4 {
                        remove(&mut stacks, q, merged && ps(q));
                    }
                }
                _ => {}
            }
        }
        let count = |want: &dyn Fn(Card) -> bool| pile.iter().filter(|t| want(t.card)).count();
        let morgan3 = count(&|c| c == Card::Morgan(Morgan::Three)) as u8;
        let morgan5 = any(Card::Morgan(Morgan::Five));
        let morgan6 = any(Card::Morgan(Morgan::Six));
        let morgan7 = any(Card::Morgan(Morgan::Seven));
        let mordreds = count(&|c| c == Card::Mordred) as u16;
        let morgan4: u16 = pile
            .iter()
            .map(|t| match t.card {
                Card::Morgan(Morgan::Four(b)) => u16::from(b.bonus()),
                _ => 0,
            })
            .sum();
        let mut out = Plain {
            totals: [None; 5],
            main_outcome: Outcome::Harmless,
            white: 0,
            black: 0,
            evil_wins_now: false,
        };
        for (k, stack) in stacks.iter().enumerate() {
            let alive: Vec<Option<u8>> = stack.iter().filter(|c| c.2).map(|c| c.1).collect();
            let n = alive.len() as u16;
            let is_main = k == main_key;
            if n == 0 && !is_main {
                continue;
            }
            let questions = alive.iter().filter(|p| p.is_none()).count() as u16;
            let each = if morgan6 { 1 } else { questions };
            let mut total: u16 = alive.iter().flatten().map(|&p| u16::from(p)).sum();
            total += questions * each;
            if n > 0 {
                total += morgan4;
            }
            if k <= 1 {
                total += mordreds * n;
            }
            if is_main {
                total += u16::from(bonus);
            }
            if n > 0 || (is_main && bonus > 0) {
                out.totals[k] = Some(total);
            }
            let value = if merged && k == 0 {
                2
            } else {
                Quest::ALL[k].swords()
            };
            let placed = if is_main {
                let success_from = if morgan5 { 12 } else { 11 };
                if merlin5 || (success_from..=13).contains(&total) {
                    out.main_outcome = Outcome::Success;
                    Some((true, value))
                } else if total >= 14 {
                    out.main_outcome = Outcome::Defeat;
                    out.evil_wins_now = morgan7;
                    Some((false, value))
                } else {
                    out.main_outcome = Outcome::Baseless;
                    Some((false, 1))
                }
            } else if total >= 14 {
                Some((false, value))
            } else {
                None
            };
            match placed {
                Some((true, s)) => out.white += s + morgan3,
                Some((false, s)) => out.black += s + morgan3,
                None => {}
            }
        }
        out
    }

    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(2026);
    let mut all = camelot_card::cards::all_cards(true);
    for round in 0..30_000usize {
        all.shuffle(&mut rng);
        let n = rng.random_range(0..30usize);
        // Half the time, Gawain played up to two of the cards (never a Morgan) after the pile.
        let gawain = if round % 2 == 0 {
            rng.random_range(0..3usize).min(n)
        } else {
            0
        };
        let pile: Vec<ThreatCard> = all[..n]
            .iter()
            .enumerate()
            .filter(|(i, c)| *i + gawain < n || !c.is_morgan())
            .map(|(i, &card)| ThreatCard {
                card,
                merlin4: (card == Card::Merlin(Merlin::Four))
                    .then(|| Quest::ALL[rng.random_range(0..5usize)]),
                gawain: i + gawain >= n,
            })
            .collect();
        let main = Quest::ALL[round % 5];
        let bonus = (round / 5 % 4) as u8;
        let want = plain(&pile, main, bonus);
        let got = camelot_card::resolve(&pile, main, bonus);
        let label = format!(
            "{:?} main {main} bonus {bonus}",
            pile.iter().map(|t| t.to_string()).collect::<Vec<_>>()
        );
        let merged = pile.iter().any(|t| t.card == Card::Morgan(Morgan::Eight));
        for q in Quest::ALL {
            let stack = if merged && matches!(q, Quest::Picts | Quest::Saxons) {
                QuestStack::PictsAndSaxons
            } else {
                QuestStack::Quest(q)
            };
            let k = if merged && q == Quest::Saxons {
                0
            } else {
                q.index()
            };
            assert_eq!(
                got.stack(stack).and_then(|s| s.total),
                want.totals[k],
                "{q}: {label}"
            );
        }
        assert_eq!(got.main_stack().outcome, want.main_outcome, "{label}");
        assert_eq!((got.white, got.black), (want.white, want.black), "{label}");
        assert_eq!(got.evil_wins_now, want.evil_wins_now, "{label}");
    }
}
