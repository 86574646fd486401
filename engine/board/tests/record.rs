//! The public record of what every knight did (`KnightView::deeds`): what a careful player counts
//! at the table, kept in the state, shown to everybody, and following from public events alone.

mod common;
use camelot_board::sim::SimplePolicy;
use camelot_kit::Player;
use camelot_kit::conformance::random_game;
use camelot_kit::{Move, Save, rng_from_seed};
use common::*;

/// The record as a careful player keeps it, from the public events only (what he saw happen).
struct Watcher {
    deeds: Vec<Deeds>,
    /// The knight whose turn it is, and whether his Progression of Evil is still to come.
    current: Seat,
    choosing: bool,
    /// Who drew the black card being resolved.
    drawer: Option<Seat>,
    /// A Merlin was just played by this knight (a siege engine removed next is his).
    merlin: Option<Seat>,
}

impl Watcher {
    fn new(players: u8) -> Self {
        Watcher {
            deeds: vec![Deeds::default(); usize::from(players)],
            current: Seat(0),
            choosing: false,
            drawer: None,
            merlin: None,
        }
    }

    fn count(&mut self, seat: Seat, f: impl FnOnce(&mut Deeds) -> &mut u8) {
        let c = f(&mut self.deeds[seat.index()]);
        *c += 1;
    }

    fn see(&mut self, e: &Event) {
        assert!(e.is_public());
        let merlin = self.merlin.take();
        match *e {
            Event::TurnBegins { seat, .. } => {
                self.current = seat;
                self.choosing = true;
            }
            Event::KnightJoins { seat, .. } => {
                self.deeds.insert(seat.index(), Deeds::default());
                // Seats from the newcomer's on move up by one.
                for s in [Some(&mut self.current), self.drawer.as_mut()]
                    .into_iter()
                    .flatten()
                {
                    if s.0 >= seat.0 {
                        s.0 += 1;
                    }
                }
            }
            // The Progression of Evil is one of three things, seen as it happens.
            Event::BlackCardDrawn { seat, .. } => {
                if self.choosing && seat == self.current {
                    self.choosing = false;
                    self.count(seat, |d| &mut d.black_cards_drawn);
                }
                self.drawer = Some(seat);
            }
            Event::SiegeEngineAdded { .. } if self.choosing => {
                self.choosing = false;
                let seat = self.current;
                self.count(seat, |d| &mut d.siege_engines_added);
            }
            Event::LifeChanged { seat, .. } if self.choosing && seat == self.current => {
                self.choosing = false;
                self.count(seat, |d| &mut d.life_lost_to_evil);
            }
            Event::BlackCardPlaced {
                face_down: true, ..
            } => {
                let drawer = self.drawer.expect("a face-down card was drawn by someone");
                self.count(drawer, |d| &mut d.placed_face_down);
            }
            Event::QuestEnds {
                won, ref present, ..
            } => {
                for &seat in present {
                    if won {
                        self.count(seat, |d| &mut d.quests_won);
                    } else {
                        self.count(seat, |d| &mut d.quests_lost);
                    }
                }
            }
            Event::FightCardPlayed { seat, .. }
            | Event::GrailCardPlayed { seat }
            | Event::DiscardedForExcalibur { seat } => {
                self.count(seat, |d| &mut d.quest_cards_played);
            }
            // A Grail card played on a full track takes a Despair off: the active knight's play.
            Event::DespairCancelledByGrail => {
                let seat = self.current;
                self.count(seat, |d| &mut d.quest_cards_played);
            }
            Event::SiegeFight {
                seat, won: true, ..
            } => self.count(seat, |d| &mut d.siege_engines_removed),
            Event::SpecialCardPlayed {
                seat,
                card: White::Merlin,
            } => self.merlin = Some(seat),
            Event::SiegeEngineRemoved { .. } => {
                if let Some(seat) = merlin {
                    self.count(seat, |d| &mut d.siege_engines_removed);
                }
            }
            _ => {}
        }
    }
}

/// Play `moves` from the start of `setup`, checking after every action that the record every
/// view shows is the one kept from the public events.
fn watch(setup: &Setup, moves: impl IntoIterator<Item = (Seat, Action)>) -> Game {
    let mut g = Game::new(setup).unwrap();
    let mut w = Watcher::new(setup.players);
    // The first turn began while the game was set up.
    w.current = g.current();
    w.choosing = g.phase() == Phase::ProgressionOfEvil;
    for (seat, action) in moves {
        let events = g.apply(seat, action).unwrap();
        for e in events.iter().filter(|e| e.is_public()) {
            w.see(e);
        }
        let view = g.table_view();
        let shown: Vec<Deeds> = view.knights.iter().map(|k| k.deeds).collect();
        assert_eq!(shown, w.deeds, "after {seat} {action:?}");
        for k in &view.knights {
            assert_eq!(g.seat_view(k.seat).table.knights, view.knights);
        }
    }
    g
}

#[test]
fn the_public_record_follows_from_public_events() {
    let mut rng = rng_from_seed(21);
    let mut totals = Deeds::default();
    for players in 3..=7u8 {
        for k in 0..4u64 {
            let mut setup = Setup::new(players, 500 + 10 * u64::from(players) + k);
            setup.options.join_and_leave = k == 3;
            // Random play, and the built-in policy (which plays longer, fuller games).
            let trace = random_game::<Game>(&setup, &mut rng, 3000);
            watch(&setup, trace.moves.iter().map(|m| (m.seat, m.action)));
            let mut g = Game::new(&setup).unwrap();
            let mut moves = Vec::new();
            let mut legal = Vec::new();
            while let Some(seat) = g.decider() {
                g.legal_into(&mut legal);
                let i = SimplePolicy
                    .choose(&g.glimpse(seat), &legal, &mut rng)
                    .unwrap();
                g.apply(seat, legal[i]).unwrap();
                moves.push((seat, legal[i]));
            }
            let g = watch(&setup, moves);
            for k in g.table_view().knights {
                let d = k.deeds;
                totals.siege_engines_added += d.siege_engines_added.min(1);
                totals.black_cards_drawn += d.black_cards_drawn.min(1);
                totals.placed_face_down += d.placed_face_down.min(1);
                totals.life_lost_to_evil += d.life_lost_to_evil.min(1);
                totals.quests_won += d.quests_won.min(1);
                totals.quests_lost += d.quests_lost.min(1);
                totals.quest_cards_played += d.quest_cards_played.min(1);
                totals.siege_engines_removed += d.siege_engines_removed.min(1);
            }
        }
    }
    // Every count was seen to grow somewhere.
    for (name, n) in [
        ("siege_engines_added", totals.siege_engines_added),
        ("black_cards_drawn", totals.black_cards_drawn),
        ("placed_face_down", totals.placed_face_down),
        ("life_lost_to_evil", totals.life_lost_to_evil),
        ("quests_won", totals.quests_won),
        ("quests_lost", totals.quests_lost),
        ("quest_cards_played", totals.quest_cards_played),
        ("siege_engines_removed", totals.siege_engines_removed),
    ] {
        assert!(n > 0, "{name} never counted");
    }
}

#[test]
fn the_progression_of_evil_chosen_is_on_the_record() {
    let mut g = three().black(&[Black::Picts]).white(&[GRAIL; 6]).start();
    idle_turn_with(&mut g, Action::AddSiegeEngine);
    idle_turn_with(&mut g, Action::LoseLife);
    quiet_turn(&mut g);
    let d = |seat: u8| g.deeds(s(seat));
    assert_eq!(d(0).siege_engines_added, 1);
    assert_eq!(d(1).life_lost_to_evil, 1);
    assert_eq!(d(2).black_cards_drawn, 1);
    assert_eq!(d(0).black_cards_drawn + d(0).life_lost_to_evil, 0);
    // Morgan 4's siege engines are the card's, not the drawer's choice.
    let mut g = three().black(&[Black::Morgan4]).start();
    quiet_evil(&mut g);
    assert_eq!(g.siege_engines(), 2);
    assert_eq!(g.deeds(s(0)).siege_engines_added, 0);
    assert_eq!(g.deeds(s(0)).black_cards_drawn, 1);
}

#[test]
fn a_black_card_placed_face_down_is_on_its_drawers_record() {
    let mut g = three()
        .black(&[Black::BlackKnight3, Black::BlackKnight1])
        .white(&[GRAIL; 4])
        .start();
    act(&mut g, Action::DrawBlackCard);
    act(&mut g, Action::PlaceFaceDown);
    assert_eq!(g.deeds(s(0)).placed_face_down, 1);
    // Everybody sees it: the other seats' views carry the same record.
    assert_eq!(g.seat_view(s(2)).table.knights[0].deeds.placed_face_down, 1);
    heroic_idle(&mut g);
    act(&mut g, Action::DrawBlackCard);
    act(&mut g, Action::PlaceFaceUp);
    assert_eq!(g.deeds(s(1)).placed_face_down, 0);
}

#[test]
fn a_quest_lost_is_on_the_record_of_every_knight_on_it() {
    // Three Picts on the board; the fourth comes while seats 0 and 1 are at the Pict War.
    let mut g = three()
        .black(&[Black::Picts, Black::Picts, Black::Picts, Black::Picts])
        .white(&[GRAIL; 12])
        .start();
    turn(
        &mut g,
        Action::DrawBlackCard,
        &[Action::Move { to: Place::PictWar }],
    );
    turn(
        &mut g,
        Action::DrawBlackCard,
        &[Action::Move { to: Place::PictWar }],
    );
    quiet_turn(&mut g);
    assert_eq!(g.deeds(s(0)).quests_lost, 0);
    quiet_evil(&mut g);
    assert_eq!(g.tally(Quest::PictWar).lost, 1);
    assert_eq!(
        [0, 1, 2].map(|i| g.deeds(s(i)).quests_lost),
        [1, 1, 0],
        "only the knights on the quest"
    );
}

#[test]
fn quest_cards_and_siege_engines_removed_are_on_the_record() {
    let mut g = three()
        .hand(0, &[MERLIN, F1])
        .hand(1, &[GRAIL])
        .engines(3)
        .white(&[GRAIL; 6])
        .start();
    // A Merlin on a siege engine.
    turn(
        &mut g,
        Action::LoseLife,
        &[Action::MerlinRemovesSiegeEngine],
    );
    assert_eq!(g.deeds(s(0)).siege_engines_removed, 1);
    turn(
        &mut g,
        Action::LoseLife,
        &[Action::Move { to: Place::Grail }],
    );
    quiet_turn(&mut g);
    turn(
        &mut g,
        Action::LoseLife,
        &[Action::Move { to: Place::PictWar }],
    );
    turn(&mut g, Action::LoseLife, &[Action::PlayGrailCard]);
    quiet_turn(&mut g);
    turn(
        &mut g,
        Action::LoseLife,
        &[Action::PlayFightCard { card: F1 }],
    );
    assert_eq!(g.deeds(s(0)).quest_cards_played, 1);
    assert_eq!(g.deeds(s(1)).quest_cards_played, 1);
    assert_eq!(g.deeds(s(2)).quest_cards_played, 0);
}

#[test]
fn the_public_record_survives_a_save() {
    let setup = three()
        .black(&[Black::BlackKnight3])
        .white(&[GRAIL; 4])
        .setup();
    let mut g = Game::new(&setup).unwrap();
    act(&mut g, Action::DrawBlackCard);
    act(&mut g, Action::PlaceFaceDown);
    // A save is the setup and the actions, replayed on load.
    let save = Save {
        setup,
        moves: vec![
            Move {
                seat: s(0),
                action: Action::DrawBlackCard,
            },
            Move {
                seat: s(0),
                action: Action::PlaceFaceDown,
            },
        ],
    };
    let text = serde_json::to_string(&save).unwrap();
    let back: Game = serde_json::from_str::<Save<Setup, Action>>(&text)
        .unwrap()
        .load()
        .unwrap();
    assert_eq!(back.deeds(s(0)).placed_face_down, 1);
    assert_eq!(back.table_view(), g.table_view());
}
