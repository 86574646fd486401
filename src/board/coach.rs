//! The board game's coach: the coached game (a deal chosen so that the first game meets the
//! important rules early, one person with three expert computer knights), the tip about each rule
//! the first time it matters ([`camelot_board::coach`] says which, from the seat's own view), and
//! what an experienced knight would do there (the expert computer knight's choice and reason from
//! the same view). The panel itself is the app's ([`crate::coach::CoachPanel`]); the words of the
//! tips are the board game's own, [`BC`] (packs `public/i18n/board-coach.<code>.json`).

use super::new_game::Form;
use super::session::Session;
use super::{Ctx, computer_decision, persist, use_ctx, words};
use crate::coach::{Advice, CoachPanel, Tip, Tips, TipsSetting};
use crate::i18n::{self, UiLang, t, tf};
use camelot_board::coach::{Lesson, next_lesson};
use camelot_board::data::{
    ACCUSATION_THRESHOLD, BLACK_SWORDS_LOSE, CAMELOT_DRAW, DRAW_LIMIT, LOST_WAR_ENGINES, MAX_LIFE,
    SIEGE_DIE_FACES, SIEGE_ENGINES_LOSE, SWORDS_END, TRAITOR_END_FLIP, WARRIORS_LOSE,
};
use camelot_board::{Action, PendingView, Place, Seat, SeatView};
use camelot_kit::Level;
use leptos::prelude::*;

/// The coached game's deal: four knights, the person in the first seat, Loyal. Chosen among the
/// first 150 deals by playing each with the coach's advice followed throughout (every seat playing
/// the expert's choice): the person meets the Progression of Evil, black cards, siege engines, a
/// siege fight, healing, swords, Merlin and the accusation's threshold by turn 32 of 46, and the
/// knights win. A change of the expert's play changes the game: choose again the same way.
pub const COACH_SEED: u64 = 44;
/// Knights at the coached game's table.
pub const COACH_KNIGHTS: usize = 4;

/// Start the coached game and open its table: one person, three expert computer knights, the
/// coach's deal, tips on.
pub fn start_coached() -> Result<(), String> {
    let mut form = Form::default_table();
    form.resize(COACH_KNIGHTS);
    let (names, setup) = form.setup(COACH_SEED)?;
    let mut session = Session::new(
        crate::storage::new_id(),
        names,
        form.sitters.clone(),
        setup,
        crate::shell::now_ms(),
    );
    session.coach = true;
    let game = session.game().map_err(|e| e.to_string())?;
    crate::storage::keep(&session, &game)?;
    let ctx = use_ctx();
    // A coached game shows its tips unless the player turned them off in every game.
    if ctx.tips.get_untracked() == Tips::Off {
        ctx.set_tips(Tips::Coached);
    }
    ctx.open_played(session, game);
    Ok(())
}

impl Ctx {
    /// Whether tips show in the game open now (tracked).
    pub fn coaching(&self) -> bool {
        let coached = self
            .live
            .with(|l| l.as_ref().is_some_and(|l| l.session.coach));
        self.tips.get().show(coached)
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
            self.shell.save_error.set(Some(e));
        }
    }

    /// What the expert computer knight would do in `seat` now, from that seat's own view.
    pub fn advice(&self, seat: Seat) -> Option<(Action, camelot_board::sim::Reason)> {
        self.live.with_untracked(|l| {
            let l = l.as_ref()?;
            (l.game.decider() == Some(seat)).then_some(())?;
            computer_decision(
                &l.game,
                seat,
                Level::Expert,
                l.session.setup.seed,
                l.session.moves.len(),
            )
        })
    }
}

/// The coach at `seat`'s decision, from his own view `sv`: the tip due, if any, and the advice.
#[component]
pub fn BoardCoach(seat: Seat, sv: SeatView) -> impl IntoView {
    let ctx = use_ctx();
    open();
    let names = ctx.names.get_untracked();
    let seen = ctx
        .live
        .with_untracked(|l| l.as_ref().map(|l| l.session.lessons.clone()))
        .unwrap_or_default();
    // Every rule due here is explained in turn: once one tip is read, the next due shows.
    let lesson = next_lesson(&sv, &seen);
    let tip = lesson.map(|l| tip(l, &sv));
    let advise = Callback::new(move |()| {
        let (action, why) = ctx.advice(seat)?;
        Some(Advice {
            choice: words::action_label(&action, &names),
            why: words::reason_line(&why, &names),
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
                if let Some((action, why)) = ctx.advice(seat) {
                    ctx.act_because(seat, action, Some(why));
                }
            } />
    }
}

/// The board game's "Tips" setting, in its part of the Settings screen.
#[component]
pub fn BoardSettings(#[prop(into)] on_saved: Callback<Result<(), String>>) -> impl IntoView {
    open();
    view! {
        <TipsSetting legend=t(BC::tips_legend).to_string() now=persist::tips()
            choose=move |tips| persist::set_tips(tips) on_saved />
    }
}

/// The tip about `lesson`, for the seat whose view is `sv`: its words, with the numbers of the
/// rules and the text of the cards it is about (his own, or the black card on the table).
pub fn tip(lesson: Lesson, sv: &SeatView) -> Tip {
    let (title, text) = match lesson {
        Lesson::Opening => (BC::opening_title, t(BC::opening).to_string()),
        Lesson::ProgressionOfEvil => (BC::evil_title, t(BC::evil).to_string()),
        Lesson::BlackCards => (BC::black_cards_title, t(BC::black_cards).to_string()),
        Lesson::SiegeEngines => (
            BC::siege_engines_title,
            tf(
                BC::siege_engines,
                &[
                    ("lose", &SIEGE_ENGINES_LOSE),
                    ("engines", &sv.table.siege_engines),
                ],
            ),
        ),
        Lesson::HeroicActions => (BC::heroic_title, t(BC::heroic).to_string()),
        Lesson::Quest(place) => quest_tip(place),
        Lesson::Merlin => (BC::merlin_title, t(BC::merlin).to_string()),
        Lesson::SpecialCards => (BC::special_title, t(BC::special).to_string()),
        Lesson::Healing => (BC::healing_title, tf(BC::healing, &[("max", &MAX_LIFE)])),
        Lesson::SiegeFight => (
            BC::siege_fight_title,
            tf(BC::siege_fight, &[("faces", &SIEGE_DIE_FACES)]),
        ),
        Lesson::Swords => (
            BC::swords_title,
            tf(
                BC::swords,
                &[
                    ("black", &BLACK_SWORDS_LOSE),
                    ("end", &SWORDS_END),
                    ("flip", &TRAITOR_END_FLIP),
                ],
            ),
        ),
        Lesson::Accusation => (
            BC::accusation_title,
            tf(BC::accusation, &[("n", &ACCUSATION_THRESHOLD)]),
        ),
        Lesson::LowLife => (BC::low_life_title, t(BC::low_life).to_string()),
    };
    let (card_codes, cards) = cards_of(lesson, sv);
    Tip {
        code: lesson.code(),
        title: t(title).to_string(),
        text,
        cards,
        card_codes,
    }
}

fn quest_tip(place: Place) -> (BC, String) {
    match place {
        Place::Camelot => (
            BC::camelot_title,
            tf(
                BC::camelot,
                &[("draw", &CAMELOT_DRAW), ("limit", &DRAW_LIMIT)],
            ),
        ),
        Place::BlackKnight => (BC::black_knight_title, t(BC::black_knight).to_string()),
        Place::Lancelot => (BC::lancelot_title, t(BC::lancelot).to_string()),
        Place::Dragon => (BC::dragon_title, t(BC::dragon).to_string()),
        Place::Excalibur => (BC::excalibur_title, t(BC::excalibur).to_string()),
        Place::Grail => (BC::grail_title, t(BC::grail).to_string()),
        Place::PictWar | Place::SaxonWar => (
            BC::wars_title,
            tf(
                BC::wars,
                &[("warriors", &WARRIORS_LOSE), ("engines", &LOST_WAR_ENGINES)],
            ),
        ),
    }
}

/// The cards a tip is about, their codes and their own words: the special white cards the seat
/// may play now (his own hand), or the black card face up on the table.
fn cards_of(lesson: Lesson, sv: &SeatView) -> (String, Vec<String>) {
    let mut codes = Vec::new();
    let mut lines = Vec::new();
    match lesson {
        Lesson::SpecialCards => {
            let mut cards = Vec::new();
            for card in sv.legal_actions.iter().filter_map(|a| a.special_card()) {
                if !cards.contains(&card) {
                    cards.push(card);
                }
            }
            for c in cards {
                codes.push(words::code(c));
                lines.push(format!(
                    "{}: {}",
                    words::white_name(c),
                    words::white_effect(c)
                ));
            }
        }
        Lesson::Merlin | Lesson::BlackCards => {
            if let Some(PendingView::BlackCard {
                card: Some(card), ..
            }) = sv.table.pending
            {
                codes.push(words::code(card));
                lines.push(format!(
                    "{}: {}",
                    words::black_name(card),
                    words::black_effect(card)
                ));
            }
        }
        _ => {}
    }
    (codes.join(" "), lines)
}

/// Opens the tips' words (as [`super::i18n::open`]).
pub fn open() {
    let ui = use_context::<UiLang>();
    leptos::task::spawn_local(async move {
        let before = i18n::lang_of::<BC>();
        if let Err(why) = i18n::follow::<BC>().await {
            web_sys::console::warn_1(&format!("board coach words: {why}").into());
        }
        if i18n::lang_of::<BC>() != before
            && let Some(UiLang(lang)) = ui
        {
            lang.set(i18n::lang());
        }
    });
}

i18n::texts! {
    /// A key of the board game's tips.
    BC, "board-coach.";

    tips_legend: "Tips in the board game",
    opening_title: "The opening gesture",
    opening: "Before the first turn, every knight lays one white card from his hand face up on the Round Table, and the table shares those cards out as it agrees. One refusal of the sharing proposed, and they are dealt at random. Offer a card you need least.",
    evil_title: "Your turn, part 1: the Progression of Evil",
    evil: "Every turn begins with one evil, of your choosing: draw a black card, add a siege engine around Camelot, or lose 1 life. Choose the one that costs the table least now.",
    black_cards_title: "Black cards",
    black_cards: "A standard black card goes onto its quest and brings it nearer to being lost; a special one strikes at once. A Black Knight or Lancelot/Dragon card may be laid face down instead, and you draw a white card for it. A black card for a quest that is over adds a siege engine.",
    siege_engines_title: "Siege engines",
    siege_engines: "With {lose} siege engines around Camelot, Evil wins at once; {engines} stand there now. They come from the Progression of Evil, from lost Wars and from black cards of quests that are over. Fight them in the siege area at Camelot.",
    heroic_title: "Your turn, part 2: Heroic Actions",
    heroic: "Now at least one Heroic Action: move, take the action of the place where you stand, play a special white card, heal, or accuse. Giving up 1 life buys a second action of another kind.",
    camelot_title: "Camelot",
    camelot: "At the Round Table your quest action draws {draw} white cards, while you hold fewer than {limit}; in the siege area it fights a siege engine. Any other place is one move away.",
    black_knight_title: "The Black Knight",
    black_knight: "A quest for one knight alone. Lay Fight cards, one per action, to make two pairs of different values. When either side is full the totals are compared, and only a higher total wins. He comes back after every end.",
    lancelot_title: "Lancelot",
    lancelot: "A quest for one knight alone, played once. Your Fight cards must make a full house: three of one value and two of another. The winner takes Lancelot's Armor; then the Dragon comes.",
    dragon_title: "The Dragon",
    dragon: "A quest for several knights, played once. The knights' Fight cards must make three sets of three, each of a different value. It pays well: share the work.",
    excalibur_title: "Excalibur",
    excalibur: "Each white card a knight here discards, whatever it is, moves the sword one step toward the knights; each black Excalibur card, one step toward Evil. Spare cards are best spent here.",
    grail_title: "The Holy Grail",
    grail: "Lay Grail cards, one per action; Despair and the other black Grail cards fill it from the far end. A row all of Grail cards wins it, all black loses it.",
    wars_title: "The Wars",
    wars: "Lay Fight cards in a rising row, 1, 2, 3, 4, 5, one per action, alone or with other knights. {warriors} warriors lose the War and add {engines} siege engines. A War starts again after every end.",
    merlin_title: "Merlin",
    merlin: "Three Merlins, from one knight or several, cancel a special black card before it does anything. Offer yours only if the card is worth it: the Merlins are discarded.",
    special_title: "Special white cards",
    special: "A special white card does what it says, wherever you stand, as one Heroic Action; one a turn.",
    healing_title: "Healing",
    healing: "Three identical white cards (three Grail cards, three Fight cards of one value, or three Merlins) give you 1 life, as one Heroic Action, up to {max}.",
    siege_fight_title: "Fighting a siege engine",
    siege_fight: "Lay as many Fight cards as you like, then roll the die (1 to {faces}). Beat the roll and one siege engine goes; otherwise you lose 1 life. Ties go to Evil, and your cards are discarded either way.",
    swords_title: "Swords on the Round Table",
    swords: "A quest won lays white swords, a quest lost black ones. {black} black swords and Evil wins; at {end} swords the game ends, and the knights win with more white than black. A hidden Traitor then turns {flip} white swords black.",
    accusation_title: "Accusing the Traitor",
    accusation: "From {n} siege engines or {n} swords on, each knight may accuse once: the accused shows his Loyalty card. A Traitor found lays a white sword; a Loyal knight accused turns a white sword black. Accuse on evidence only.",
    low_life_title: "Little life left",
    low_life: "At 0 life a knight dies: his cards are lost and his turns skipped. Heal with three identical cards, win a quest, and spare your life when the Progression of Evil asks. If every Loyal knight dies, Evil wins.",
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Table;
    use crate::i18n::checks;

    #[test]
    fn english_board_coach_keys_are_unique_and_texts_are_sound() {
        checks::english_is_sound::<BC>();
    }

    #[test]
    fn board_coach_packs_are_complete() {
        let report = checks::pack_problems::<BC>();
        assert!(report.is_empty(), "{}", report.join("\n"));
    }

    /// The other languages are translations, not copies of the English.
    #[test]
    fn board_coach_packs_are_translated() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for lang in i18n::Lang::ALL.into_iter().filter(|l| *l != i18n::Lang::En) {
            let text = std::fs::read_to_string(dir.join(BC::pack_url(lang))).unwrap();
            let pack: std::collections::BTreeMap<String, String> =
                serde_json::from_str(&text).unwrap();
            let same: Vec<&str> = BC::keys()
                .zip(BC::english())
                .filter(|(k, en)| pack.get(*k).map(String::as_str) == Some(*en))
                .map(|(k, _)| k)
                .collect();
            assert!(same.len() <= 2, "{lang:?} copies the English: {same:?}");
        }
    }

    /// Every lesson has a tip with a title and words, the rules' numbers filled in.
    #[test]
    fn every_lesson_has_a_tip_in_words() {
        crate::i18n::set_texts(checks::pack::<BC>(crate::i18n::Lang::En));
        let game = camelot_board::Game::new(&camelot_board::Setup::new(4, COACH_SEED)).unwrap();
        let sv = game.seat_view(Seat(0));
        for lesson in Lesson::ORDER {
            let tip = tip(lesson, &sv);
            assert!(!tip.title.is_empty() && !tip.text.is_empty(), "{lesson:?}");
            assert!(!tip.text.contains('{'), "{lesson:?}: {}", tip.text);
        }
    }

    /// The coached deal seats the person, Loyal, among three expert computer knights.
    #[test]
    fn the_coached_deal_makes_the_person_loyal() {
        let game =
            camelot_board::Game::new(&camelot_board::Setup::new(COACH_KNIGHTS as u8, COACH_SEED))
                .unwrap();
        assert_eq!(
            game.seat_view(Seat(0)).loyalty,
            Some(camelot_board::Loyalty::Loyal)
        );
    }
}
