//! Computer knights at the table: what a player would notice of their decisions — above all,
//! never an accusation that can only lay a black sword.

use camelot_card::bot::{Bot, Choice, Level, Why, traitor_cards};
use camelot_card::{
    Action, Card, Event, Game, Loyalty, Options, PrivateEvent, Quest, Seat, SeatView, Setup,
    Swords, ThreatCard, TopCard, resolve,
};

/// One decision of a whole-game run, with the seat's view it was taken from.
struct Decided {
    view: SeatView,
    choice: Choice,
}

/// Play a game with a computer knight in every seat (as `bot::play_bots`), handing every decision to
/// `watch` before it is applied.
fn play(setup: Setup, levels: &[Level], seed: u64, mut watch: impl FnMut(&Game, &Decided)) -> Game {
    let mut game = Game::new(setup).unwrap();
    let players = game.players() as u8;
    let mut bots: Vec<Bot> = (0..players)
        .map(|i| Bot::new(Seat(i), levels[i as usize % levels.len()], players, seed))
        .collect();
    for _ in 0..3000 {
        let Some((seat, _)) = game.decider() else {
            break;
        };
        let view = game.seat_view(seat).unwrap();
        let choice = bots[seat.index()].decide(&view);
        let decided = Decided { view, choice };
        watch(&game, &decided);
        let events = game.apply(seat, decided.choice.action).unwrap();
        for bot in bots.iter_mut() {
            for e in &events {
                match e {
                    Event::Private { seat, .. } if *seat != bot.seat => {}
                    e => bot.observe(e),
                }
            }
        }
    }
    assert!(game.is_over(), "the game ends");
    game
}

fn revealed_traitors(view: &SeatView) -> usize {
    view.table
        .seats
        .iter()
        .filter(|s| s.revealed == Some(Loyalty::Traitor))
        .count()
}

fn setup(players: u8, seed: u64) -> Setup {
    let mut s = Setup::new(players, seed);
    s.options = Options {
        knights_to_the_rescue: seed % 2 == 1,
        morgan8: false,
        merlin6: false,
    };
    s
}

/// Every accusation a loyal computer knight makes that `wrong` finds wrong, over many all-computer
/// games of every size and level: (players, level, seed, turn) of each.
fn wrong_loyal_accusations(
    mut wrong: impl FnMut(u8, &Decided) -> bool,
) -> Vec<(u8, Level, u64, u32)> {
    let mut found = Vec::new();
    for players in 2..=7 {
        for level in Level::ALL {
            for seed in 0..150 {
                play(setup(players, seed), &[level], seed, |_, d| {
                    if d.view.loyalty == Some(Loyalty::Loyal)
                        && matches!(d.choice.action, Action::Accuse { .. })
                        && wrong(players, d)
                    {
                        found.push((players, level, seed, d.view.table.turn));
                    }
                });
            }
        }
    }
    found
}

/// A table seen in play: Sir Kay, the one Traitor of a 4-player game, was revealed, and a loyal
/// computer knight still accused a player later — every such accusation places a black sword.
#[test]
fn a_loyal_computer_never_accuses_once_every_traitor_card_is_revealed() {
    let blind = wrong_loyal_accusations(|players, d| {
        revealed_traitors(&d.view) >= usize::from(traitor_cards(players))
    });
    assert!(
        blind.is_empty(),
        "accused with no hidden Traitor left (players, level, seed, turn): {blind:?}"
    );
}

/// What the computer knights' accusations did, over many all-computer games: run by hand for the
/// figures (`cargo test -p camelot-card --release --test bots -- --ignored --nocapture`).
#[test]
#[ignore]
fn accusation_figures() {
    for players in [4, 5, 7] {
        for level in Level::ALL {
            let (mut loyal_wins, mut games) = (0, 0);
            let (mut loyal_acc, mut loyal_wrong, mut blind, mut seventh) = (0, 0, 0, 0);
            let (mut traitor_acc, mut partner) = (0, 0);
            for seed in 0..2000 {
                let g = play(setup(players, seed), &[level], seed, |g, d| {
                    let Action::Accuse { target } = d.choice.action else {
                        return;
                    };
                    let target_is = g.seat_view(target).unwrap().loyalty;
                    let black = d.view.table.swords.black;
                    if d.view.loyalty == Some(Loyalty::Loyal) {
                        loyal_acc += 1;
                        if target_is == Some(Loyalty::Loyal) {
                            loyal_wrong += 1;
                            seventh += usize::from(black >= 6);
                        }
                        blind += usize::from(
                            revealed_traitors(&d.view) >= usize::from(traitor_cards(players)),
                        );
                    } else {
                        traitor_acc += 1;
                        partner += usize::from(target_is == Some(Loyalty::Traitor));
                    }
                });
                games += 1;
                loyal_wins +=
                    usize::from(matches!(g.winner(), Some((camelot_card::Side::Loyal, _))));
            }
            println!(
                "{players}p {level:?}: loyal win {:.3}; loyal accusations {loyal_acc}, wrong {loyal_wrong}, \
                 with no hidden Traitor left {blind}, wrong at 6 black {seventh}; Traitor accusations \
                 {traitor_acc}, of the other Traitor {partner}",
                loyal_wins as f64 / games as f64
            );
        }
    }
}

#[test]
fn the_loyalty_cards_hold_one_traitor_card_two_with_seven_players_none_solo() {
    assert_eq!(traitor_cards(1), 0);
    for players in 2..=6 {
        assert_eq!(traitor_cards(players), 1);
    }
    assert_eq!(traitor_cards(7), 2);
}

/// A loyal knight's accusation that placed Evil's 7th sword on a mere suspicion is what lost the
/// table seen in play; with six black swords out it accuses only a player it is sure of.
#[test]
fn a_loyal_computer_stakes_evils_seventh_sword_only_on_a_certainty() {
    let staked = wrong_loyal_accusations(|_, d| {
        d.view.table.swords.black >= 6 && !matches!(d.choice.why, Why::KnowsTraitor { .. })
    });
    assert!(
        staked.is_empty(),
        "accused on suspicion at 6 black swords (players, level, seed, turn): {staked:?}"
    );
}

// ---------------------------------------------------------------------------------------------------
// One decision, from a table set up by hand
// ---------------------------------------------------------------------------------------------------

fn card(code: &str) -> Card {
    code.parse().unwrap()
}

fn placed(seat: u8, code: &str) -> Event {
    Event::CardPlaced {
        seat: Seat(seat),
        top: TopCard::FaceUp { card: card(code) },
    }
}

/// Seat 0's turn in a game of `players`, holding `loyalty`, with `swords` on the table and an
/// accusation of any other unrevealed player allowed.
fn turn_view(players: u8, loyalty: Loyalty, swords: Swords) -> SeatView {
    let game = Game::new(Setup::new(players, 3)).unwrap();
    let mut view = game.seat_view(Seat(0)).unwrap();
    view.loyalty = Some(loyalty);
    view.table.swords = swords;
    for target in 1..players {
        view.legal_actions.push(Action::Accuse {
            target: Seat(target),
        });
    }
    view
}

fn swords(white: u8, black: u8) -> Swords {
    Swords { white, black }
}

/// A Solid knight in seat 0 that watched seat 1 go on a Dragon quest it counted as lost (15 in
/// three 5s) three times: enough for it to suspect seat 1.
fn suspecting_seat_1(players: u8, level: Level) -> Bot {
    let mut bot = Bot::new(Seat(0), level, players, 9);
    for e in [
        placed(2, "dragon:5"),
        placed(3 % players, "dragon:5"),
        placed(2, "dragon:5"),
    ] {
        bot.observe(&e);
    }
    for _ in 0..3 {
        bot.observe(&Event::WentOnQuest {
            seat: Seat(1),
            quest: Quest::Dragon,
            merlin6_bonus: 0,
        });
    }
    bot
}

fn accuses(bot: &mut Bot, view: &SeatView) -> Option<Seat> {
    match bot.decide(view).action {
        Action::Accuse { target } => Some(target),
        _ => None,
    }
}

#[test]
fn a_loyal_computer_accuses_the_player_it_suspects() {
    let mut bot = suspecting_seat_1(4, Level::Solid);
    let view = turn_view(4, Loyalty::Loyal, swords(2, 3));
    assert_eq!(accuses(&mut bot, &view), Some(Seat(1)));
}

#[test]
fn a_loyal_computer_accuses_nobody_once_the_only_traitor_card_is_revealed() {
    for level in Level::ALL {
        let mut bot = suspecting_seat_1(4, level);
        let mut view = turn_view(4, Loyalty::Loyal, swords(2, 3));
        view.table.seats[2].revealed = Some(Loyalty::Traitor);
        view.legal_actions
            .retain(|a| *a != Action::Accuse { target: Seat(2) });
        assert_eq!(accuses(&mut bot, &view), None, "{level:?}");
    }
}

#[test]
fn with_seven_players_a_loyal_computer_still_looks_for_the_second_traitor() {
    let mut bot = suspecting_seat_1(7, Level::Solid);
    let mut view = turn_view(7, Loyalty::Loyal, swords(2, 3));
    view.table.seats[2].revealed = Some(Loyalty::Traitor);
    assert_eq!(accuses(&mut bot, &view), Some(Seat(1)));
    let mut bot = suspecting_seat_1(7, Level::Solid);
    view.table.seats[4].revealed = Some(Loyalty::Traitor);
    assert_eq!(
        accuses(&mut bot, &view),
        None,
        "both Traitor cards revealed"
    );
}

#[test]
fn a_loyal_computer_does_not_accuse_on_suspicion_when_a_wrong_guess_places_evils_seventh_sword() {
    for level in Level::ALL {
        let mut bot = suspecting_seat_1(4, level);
        assert_eq!(
            accuses(&mut bot, &turn_view(4, Loyalty::Loyal, swords(3, 6))),
            None,
            "{level:?}"
        );
    }
}

#[test]
fn a_loyal_computer_weighs_percival_doubling_a_wrong_accusation() {
    let mut bot = suspecting_seat_1(4, Level::Solid);
    let mut view = turn_view(4, Loyalty::Loyal, swords(3, 5));
    assert_eq!(accuses(&mut bot, &view), Some(Seat(1)), "no Knight cards");
    let mut bot = suspecting_seat_1(4, Level::Solid);
    view.table.options.knights_to_the_rescue = true;
    view.table.seats[3].knight_cards = 1;
    assert_eq!(accuses(&mut bot, &view), None, "a Percival could make it 7");
}

#[test]
fn a_loyal_computer_accuses_a_player_it_caught_lying_even_at_six_black_swords() {
    let mut bot = Bot::new(Seat(0), Level::Solid, 4, 9);
    // Seat 1 placed a card face down under Morgan #1 and said it was a Dragon 2; the pile, revealed,
    // held a Dragon 5 and nothing else.
    bot.observe(&Event::CardPlaced {
        seat: Seat(1),
        top: TopCard::FaceDown {
            announced: card("dragon:2"),
        },
    });
    bot.observe(&Event::QuestResolved {
        resolution: Box::new(resolve(
            &[ThreatCard::new(card("dragon:5"))],
            Quest::Dragon,
            0,
        )),
    });
    let view = turn_view(4, Loyalty::Loyal, swords(3, 6));
    let choice = bot.decide(&view);
    assert_eq!(
        choice.action,
        Action::Accuse { target: Seat(1) },
        "{choice:?}"
    );
    assert_eq!(choice.why, Why::KnowsTraitor { seat: Seat(1) });
}

#[test]
fn a_loyal_computer_that_put_the_traitor_card_back_under_vivien_accuses_nobody() {
    let mut bot = suspecting_seat_1(4, Level::Solid);
    for e in [
        Event::VivienExchange {
            drawer: Seat(0),
            recipient: Some(Seat(2)),
        },
        Event::Private {
            seat: Seat(0),
            private: PrivateEvent::VivienOffer {
                current: Loyalty::Loyal,
                offered: Loyalty::Traitor,
            },
        },
        Event::Private {
            seat: Seat(0),
            private: PrivateEvent::KeptLoyalty {
                loyalty: Loyalty::Loyal,
            },
        },
    ] {
        bot.observe(&e);
    }
    let view = turn_view(4, Loyalty::Loyal, swords(2, 3));
    assert_eq!(accuses(&mut bot, &view), None);
    // Another Vivien mixes the set-aside cards again: the Traitor card may be back in play.
    bot.observe(&Event::VivienExchange {
        drawer: Seat(3),
        recipient: Some(Seat(2)),
    });
    assert_eq!(accuses(&mut bot, &view), Some(Seat(1)));
}

#[test]
fn a_traitor_computer_accuses_a_loyal_knight_near_the_end() {
    // With 4 players its own card is the only Traitor card: any other player is loyal.
    let mut bot = Bot::new(Seat(0), Level::Solid, 4, 9);
    let view = turn_view(4, Loyalty::Traitor, swords(3, 5));
    assert!(accuses(&mut bot, &view).is_some());
}

#[test]
fn a_traitor_computer_with_a_partner_possibly_hidden_accuses_only_a_player_who_acted_loyal() {
    // 7 players: the other Traitor card may be in any other hand. Nobody has shown anything yet.
    let mut bot = Bot::new(Seat(0), Level::Solid, 7, 9);
    let view = turn_view(7, Loyalty::Traitor, swords(3, 5));
    assert_eq!(accuses(&mut bot, &view), None, "a blind guess");
    // Seat 5 went on a quest that the Traitor counted as won: what the loyal do.
    for e in [
        placed(2, "grail:4"),
        placed(3, "grail:4"),
        placed(4, "grail:4"),
    ] {
        bot.observe(&e);
    }
    bot.observe(&Event::WentOnQuest {
        seat: Seat(5),
        quest: Quest::Grail,
        merlin6_bonus: 0,
    });
    assert_eq!(accuses(&mut bot, &view), Some(Seat(5)));
    // But not when a partner, accused by mistake, would give White its 7th sword.
    let view = turn_view(7, Loyalty::Traitor, swords(6, 5));
    assert_eq!(accuses(&mut bot, &view), None);
    // Once the other Traitor card is revealed, every unrevealed player is loyal.
    let mut view = turn_view(7, Loyalty::Traitor, swords(6, 5));
    view.table.seats[3].revealed = Some(Loyalty::Traitor);
    assert!(accuses(&mut bot, &view).is_some());
}
