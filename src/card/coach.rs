//! The Card Game's coach: the coached game (a deal chosen so that a first game meets the
//! important rules early, one person with three expert computer knights), the tip about each rule
//! the first time it matters ([`camelot_card::coach`] says which, from the seat's own view), and
//! what an experienced player would do there (the expert computer knight's choice and reason,
//! decided from the same seat's view by the computer knights' own function). The panel itself is
//! the app's ([`crate::coach::CoachPanel`]); the words of the tips are the Card Game's own,
//! [`CC`] (packs `public/i18n/card-coach.<code>.json`).

use super::bots::Bots;
use super::cards::CardFace;
use super::new_game::{default_name, player_name};
use super::session::{Session, Sitter};
use super::{Ctx, now_ms, persist, use_ctx, words};
use crate::coach::{Advice, CoachPanel, Tip, Tips, TipsSetting};
use crate::i18n::{self, UiLang, t, tf};
use camelot_card::bot::{Choice, Level};
use camelot_card::coach::{Lesson, next_lesson};
use camelot_card::{Card, Knight, Prompt, Quest, Seat, SeatView, Setup};
use leptos::prelude::*;

/// The coached game's deal: four players, the person in the first seat and first to play, Loyal.
/// Chosen among the first 400 deals by playing each with the coach's advice followed throughout:
/// the person meets Morgan's silence, a Merlin, the swords, the accusation, Morgan #1's
/// announcement, Vivien and every quest, stays Loyal, and the Loyal players win on turn 72.
pub const COACH_SEED: u64 = 48;
/// Players at the coached game's table.
pub const COACH_PLAYERS: u8 = 4;

/// Start the coached game and open its table: one person, three expert computer knights, the
/// coach's deal, tips on.
pub fn start_coached() -> Result<(), String> {
    let ctx = use_ctx();
    let you = player_name(1);
    let mut names = vec![you];
    let mut sitters = vec![Sitter::Person];
    for i in 1..COACH_PLAYERS as usize {
        names.push(default_name(true, i + 1, &names));
        sitters.push(Sitter::Computer {
            level: Level::Expert,
        });
    }
    let setup = Setup::new(COACH_PLAYERS, COACH_SEED);
    let game = camelot_card::Game::new(setup).map_err(|e| e.to_string())?;
    let mut session =
        Session::new(crate::storage::new_id(), names, setup, now_ms()).seated(sitters);
    session.coach = true;
    crate::storage::keep(&session, &game)?;
    // A coached game shows its tips unless the player turned them off in every game.
    if ctx.tips.get_untracked() == Tips::Off {
        ctx.set_tips(Tips::Coached);
    }
    ctx.coach_off_at.set(None);
    ctx.open_played(session, game);
    Ok(())
}

impl Ctx {
    /// Whether tips show in the game open now.
    pub fn coaching(&self) -> bool {
        let coached = self
            .live
            .with_untracked(|l| l.as_ref().is_some_and(|l| l.session.coach));
        self.tips.get_untracked().show(coached)
    }

    /// The player has read the tip about `lesson`: it is not shown again in this game (the next
    /// rule due at this decision, if any, comes in its place).
    pub fn lesson_seen(&self, lesson: Lesson) {
        self.live.update(|l| {
            if let Some(l) = l.as_mut()
                && !l.session.lessons.contains(&lesson)
            {
                l.session.lessons.push(lesson);
            }
        });
        self.save();
    }

    /// "No more tips" (turned back on in Settings).
    pub fn stop_tips(&self) {
        self.set_tips(Tips::Off);
    }

    pub fn set_tips(&self, tips: Tips) {
        self.tips.set(tips);
        if let Err(e) = persist::set_tips(tips) {
            self.save_error.set(Some(e));
        }
    }

    /// What the expert computer knight would do in `seat` now: the computer knights' own
    /// decision ([`Bots::decide`]) by an expert that sat in that seat from the start, its mind
    /// rebuilt from what the seat saw and nothing else.
    pub fn advice(&self, seat: Seat) -> Option<Choice> {
        self.live.with_untracked(|l| {
            let l = l.as_ref()?;
            (l.game.decider()?.0 == seat).then_some(())?;
            let mut session = l.session.clone();
            let players = usize::from(session.setup.players);
            session.sitters.resize(players, Sitter::Person);
            *session.sitters.get_mut(seat.index())? = Sitter::Computer {
                level: Level::Expert,
            };
            let (game, mut bots) = Bots::rebuild(&session).ok()?;
            bots.decide(&game, seat)
        })
    }
}

/// The coach at `seat`'s decision, from his own view `sv`: the tip due, if any, and the advice.
#[component]
pub fn CardCoach(seat: Seat, sv: SeatView) -> impl IntoView {
    let ctx = use_ctx();
    open();
    let seen = ctx
        .live
        .with_untracked(|l| l.as_ref().map(|l| l.session.lessons.clone()))
        .unwrap_or_default();
    // Every rule due here is explained in turn: once one tip is read, the next due shows.
    let lesson = next_lesson(&sv, &seen);
    let tip = lesson.map(|l| tip(l, &sv));
    let advise = Callback::new(move |()| {
        let choice = ctx.advice(seat)?;
        let name = |s: Seat| ctx.name(s);
        Some(Advice {
            choice: words::why_line(&choice, &name).unwrap_or_else(|| t(CC::let_pass).into()),
            why: t(CC::advice_why).into(),
        })
    });
    view! {
        <CoachPanel tip
            got_it=move |()| {
                if let Some(l) = lesson {
                    ctx.lesson_seen(l);
                }
            }
            stop=move |()| ctx.stop_tips()
            advise
            follow=move |()| {
                if let Some(choice) = ctx.advice(seat) {
                    ctx.act(seat, choice.action);
                }
            } />
    }
}

/// The coach's screen at the person's own turn: the coach, and "I'll choose myself", which shows
/// the table's choices.
pub fn coach_screen(ctx: Ctx, sv: &SeatView) -> AnyView {
    let seat = sv.seat;
    let top = sv.table.top.map(|c| c.shown());
    let sv = sv.clone();
    view! {
        {top.map(|card| view! {
            <div class="coach-top" data-testid="coach-top"><CardFace card size="small" /></div>
        })}
        <CardCoach seat sv />
        <button class="primary big" data-testid="coach-choose" on:click=move |_| ctx.done_private()>
            {t(CC::choose_myself)}
        </button>
    }
    .into_any()
}

/// Why the phone goes to a player for the coach (only public facts: it is his turn).
pub fn coach_reason() -> String {
    open();
    t(CC::coach_why).into()
}

/// The Card Game's "Tips" setting, in its part of the Settings screen.
#[component]
pub fn CardTips(#[prop(into)] on_saved: Callback<Result<(), String>>) -> impl IntoView {
    open();
    view! {
        <TipsSetting legend=t(CC::tips_legend).to_string() now=persist::tips()
            choose=move |tips| persist::set_tips(tips) on_saved />
    }
}

/// The tip about `lesson`, for the seat whose view is `sv`: its words, with the rule's numbers
/// and the text of the cards it is about (the top of the Threats pile as the table sees it, the
/// card he drew himself, his own Knight cards).
pub fn tip(lesson: Lesson, sv: &SeatView) -> Tip {
    let (title, text) = match lesson {
        Lesson::Turn => (t(CC::turn_title).into(), t(CC::turn).into()),
        Lesson::ThreatsPile => (t(CC::pile_title).into(), t(CC::pile).into()),
        Lesson::Quest(q) => (
            tf(CC::quest_title, &[("quest", &words::quest_name(q))]),
            format!(
                "{} {}",
                tf(CC::quest, &[("swords", &q.swords())]),
                t(quest_line(q))
            ),
        ),
        Lesson::Silence => (t(CC::silence_title).into(), t(CC::silence).into()),
        Lesson::Announce => (t(CC::announce_title).into(), t(CC::announce).into()),
        Lesson::Merlin => (t(CC::merlin_title).into(), t(CC::merlin).into()),
        Lesson::Swords => (t(CC::swords_title).into(), t(CC::swords).into()),
        Lesson::Accusation => (t(CC::accusation_title).into(), t(CC::accusation).into()),
        Lesson::Vivien => (t(CC::vivien_title).into(), t(CC::vivien).into()),
        Lesson::KnightCards => (t(CC::knights_title).into(), t(CC::knights).into()),
        Lesson::Rescue => (t(CC::rescue_title).into(), t(CC::rescue).into()),
        Lesson::Traitor => (t(CC::traitor_title).into(), t(CC::traitor).into()),
    };
    let (card_codes, cards) = cards_of(lesson, sv);
    Tip {
        code: lesson.code(),
        title,
        text,
        cards,
        card_codes,
    }
}

fn quest_line(q: Quest) -> CC {
    match q {
        Quest::Picts => CC::picts,
        Quest::Saxons => CC::saxons,
        Quest::Dragon => CC::dragon,
        Quest::Excalibur => CC::excalibur,
        Quest::Grail => CC::grail,
    }
}

/// A Knight card's code in a tip (`knight:arthur`).
pub fn knight_code(k: Knight) -> String {
    format!("knight:{}", format!("{k:?}").to_lowercase())
}

/// The cards a tip is about, their codes and their own words: the top of the Threats pile as the
/// table sees it (a Merlin, a Morgan), the card the seat drew in secret, his own Knight cards.
fn cards_of(lesson: Lesson, sv: &SeatView) -> (String, Vec<String>) {
    let mut codes = Vec::new();
    let mut lines = Vec::new();
    let mut card = |c: Card| {
        codes.push(c.code());
        lines.push(format!(
            "{}: {}",
            words::card_name(c),
            words::card_effect(c)
        ));
    };
    let top = sv.table.top.map(|c| c.shown());
    match lesson {
        Lesson::Merlin => top
            .filter(|c| c.is_merlin())
            .into_iter()
            .for_each(&mut card),
        Lesson::Silence => top
            .filter(|c| c.is_morgan())
            .into_iter()
            .for_each(&mut card),
        Lesson::Announce => {
            if let Some(Prompt::Announce { drawn, .. }) = sv.prompt {
                card(drawn);
            }
        }
        Lesson::KnightCards | Lesson::Rescue => {
            for &k in &sv.knights {
                let (when, what) = words::knight_text(k);
                codes.push(knight_code(k));
                lines.push(format!("{}: {when} {what}", words::knight_name(k)));
            }
        }
        _ => {}
    }
    (codes.join(" "), lines)
}

/// Opens the tips' words (as the app's other packs).
pub fn open() {
    let ui = use_context::<UiLang>();
    leptos::task::spawn_local(async move {
        let before = i18n::lang_of::<CC>();
        if let Err(why) = i18n::follow::<CC>().await {
            web_sys::console::warn_1(&format!("card coach words: {why}").into());
        }
        if i18n::lang_of::<CC>() != before
            && let Some(UiLang(lang)) = ui
        {
            lang.set(i18n::lang());
        }
    });
}

i18n::texts! {
    /// A key of the Card Game's tips.
    CC, "card-coach.";

    tips_legend: "Tips in the Card Game",
    coach_why: "Your turn, with the coach beside you.",
    choose_myself: "I'll choose myself",
    advice_why: "what an expert computer player would do in your seat, knowing only what you know",
    let_pass: "Let it pass",
    turn_title: "Your turn",
    turn: "Each turn you take one action: Listen to Rumors (draw a card and lay it on top of the Threats pile), Go on a Quest (only one the top card allows), or Accuse a player of being the Traitor. Then the next player plays.",
    pile_title: "The Threats pile",
    pile: "Every card listened to goes on top of the Threats pile, and only the top card can be seen. Its quest symbol says which quest may be gone on now. Going on a quest turns the whole pile over: remember what was laid, and who laid it.",
    quest_title: "Going on a quest: {quest}",
    quest: "When the pile is turned, the cards of this quest are added up: 10 or less gives 1 black sword; 11 to 13 wins it, {swords} white; 14 or more loses it, {swords} black. Any other quest in the pile with 14 or more lays its black swords too. A ? card is worth as many points as there are ? cards in its stack.",
    picts: "Mordred adds to it one point for each Pict card; Merlin #1 takes its highest card away.",
    saxons: "Mordred adds to it one point for each Saxon card; Merlin #1 takes its highest card away.",
    dragon: "Merlin #2 takes its highest card away.",
    excalibur: "Merlin #3 takes its highest card away.",
    grail: "Merlin #2 and Merlin #3 each take its highest card away.",
    silence_title: "Morgan's silence",
    silence: "A Morgan was laid on the pile: nobody may speak until a Merlin is laid or someone goes on a quest. Each Morgan also does harm of its own when the pile is turned over; going on a quest soon keeps the silence short.",
    announce_title: "Drawing in secret",
    announce: "Morgan #1 is in force: you see the card you drew alone, say what it is, and lay it face down. A Loyal player can only tell the truth; the table goes by what was said.",
    merlin_title: "Merlin",
    merlin: "A Merlin ends Morgan's silence, and when the pile is turned over it helps: most take away the highest card of a quest, so that a total comes down into 11 to 13.",
    swords_title: "The swords",
    swords: "Quests won lay white swords, quests lost black ones. At 7 swords of one colour the game ends: everyone shows his Loyalty card, and each hidden Traitor turns a white sword black. The Loyal players win with more white than black and at least 7 white.",
    accusation_title: "Accusing the Traitor",
    accusation: "With 4 swords or more on the table, a player may spend his turn accusing another, once a game. The accused shows his Loyalty card: a Traitor found lays 1 white sword, a Loyal player accused 1 black. Accuse on what you saw: who laid the cards that lost a quest?",
    vivien_title: "Vivien",
    vivien: "Vivien exchanges Loyalty cards: two players each take one of the set-aside cards and keep one of their two in secret. A Loyal player may become the Traitor here, or the Traitor Loyal.",
    knights_title: "Knight cards",
    knights: "A quest that laid black swords gave you a Knight card. It lies face down before you; each is played once, at the moment its text says.",
    rescue_title: "A Knight to the rescue",
    rescue: "You may play a Knight card now, or let the moment pass. It is used up once played.",
    traitor_title: "You are the Traitor",
    traitor: "You win with Evil. Lay cards that push quests past 13, go on quests that will fail, and do not be caught: an accused Traitor gives the Loyal players a white sword. At the end, hidden, you turn a white sword black.",
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Table;
    use crate::i18n::checks;

    #[test]
    fn english_card_coach_keys_are_unique_and_texts_are_sound() {
        checks::english_is_sound::<CC>();
    }

    #[test]
    fn card_coach_packs_are_complete() {
        let report = checks::pack_problems::<CC>();
        assert!(report.is_empty(), "{}", report.join("\n"));
    }

    /// The other languages are translations, not copies of the English.
    #[test]
    fn card_coach_packs_are_translated() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for lang in i18n::Lang::ALL.into_iter().filter(|l| *l != i18n::Lang::En) {
            let text = std::fs::read_to_string(dir.join(CC::pack_url(lang))).unwrap();
            let pack: std::collections::BTreeMap<String, String> =
                serde_json::from_str(&text).unwrap();
            let same: Vec<&str> = CC::keys()
                .zip(CC::english())
                .filter(|(k, en)| pack.get(*k).map(String::as_str) == Some(*en))
                .map(|(k, _)| k)
                .collect();
            assert!(same.len() <= 2, "{lang:?} copies the English: {same:?}");
        }
    }

    /// Every lesson has a tip with a title and words, the rules' numbers filled in.
    #[test]
    fn every_lesson_has_a_tip_in_words() {
        crate::i18n::set_texts(checks::pack::<CC>(crate::i18n::Lang::En));
        let game = camelot_card::Game::new(Setup::new(COACH_PLAYERS, COACH_SEED)).unwrap();
        let sv = game.seat_view(Seat(0)).unwrap();
        for lesson in Lesson::ORDER {
            let tip = tip(lesson, &sv);
            assert!(!tip.title.is_empty() && !tip.text.is_empty(), "{lesson:?}");
            assert!(!tip.text.contains('{'), "{lesson:?}: {}", tip.text);
            assert!(!tip.title.contains('{'), "{lesson:?}: {}", tip.title);
        }
    }

    /// The coached deal seats the person, Loyal, first to play among three expert computer
    /// knights, and his first decision is about the turn.
    #[test]
    fn the_coached_deal_makes_the_person_loyal_and_first() {
        let game = camelot_card::Game::new(Setup::new(COACH_PLAYERS, COACH_SEED)).unwrap();
        let sv = game.seat_view(Seat(0)).unwrap();
        assert_eq!(sv.loyalty, Some(camelot_card::Loyalty::Loyal));
        assert_eq!(next_lesson(&sv, &[]), Some(Lesson::Turn));
    }

    /// The expert's advice is the computer knights' own decision for the seat, whatever was
    /// played before it.
    #[test]
    fn the_advice_is_the_expert_computer_knights_choice() {
        let setup = Setup::new(COACH_PLAYERS, COACH_SEED);
        let mut session = Session::new("t".into(), vec!["a".into(); 4], setup, 0.0);
        session.sitters = vec![
            Sitter::Computer {
                level: Level::Expert,
            };
            4
        ];
        let (mut game, mut bots) = Bots::rebuild(&session).unwrap();
        for _ in 0..12 {
            let (seat, _) = game.decider().unwrap();
            let choice = bots.decide(&game, seat).unwrap();
            session.actions.push(camelot_card::Played {
                seat,
                action: choice.action,
            });
            let events = game.apply(seat, choice.action).unwrap();
            bots.observe(&events);
        }
        // Rebuilt for one seat from the actions alone, the expert decides as it did in play.
        let (seat, _) = game.decider().unwrap();
        let mut one = session.clone();
        one.sitters = vec![Sitter::Person; 4];
        one.sitters[seat.index()] = Sitter::Computer {
            level: Level::Expert,
        };
        let (again, mut alone) = Bots::rebuild(&one).unwrap();
        assert_eq!(
            alone.decide(&again, seat).map(|c| c.action),
            bots.decide(&game, seat).map(|c| c.action)
        );
    }
}
