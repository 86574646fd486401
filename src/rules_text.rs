//! The rules of *Shadows over Camelot: The Card Game*, told in our own words for the Rules screen,
//! with every card explained. Written fresh from the rule book and our settled readings
//! (`../shared/rules/card-game.md`); no sentence is copied from the book.
//!
//! Numbers that come from the engine's data (swords per quest, card counts, our inferred readings)
//! are read from `camelot::cards`, so the text cannot drift from the rules the app plays.
//!
//! Text may hold `**bold**` spans; [`spans`] splits them for the screen (always rendered as text).

use camelot::cards::{
    INFERRED, KNIGHT_MANIFEST, MANIFEST, MERGED_PICTS_SAXONS_SWORDS, MORGANS_IN_PLAY, SWORDS_IN_ALL,
};
use camelot::{Card, Knight, Merlin, Morgan, Morgan4, Quest, RumorValue};

/// One piece of a section.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// A paragraph.
    P(String),
    /// A sub-heading inside a section.
    H3(String),
    /// A bulleted list.
    List(Vec<String>),
    /// A numbered list (steps in order).
    Steps(Vec<String>),
    /// A small table: header row, then rows.
    Table {
        head: Vec<String>,
        rows: Vec<Vec<String>>,
    },
    /// A card or a Knight explained: `class` names its colour (`picts`, `morgan`, `knight` …).
    Card {
        class: &'static str,
        name: String,
        text: String,
    },
    /// A worked example, set apart.
    Example(Vec<String>),
}

/// One section of the rules, with an anchor id for the table of contents.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub id: &'static str,
    pub title: &'static str,
    pub blocks: Vec<Block>,
}

fn p(s: &str) -> Block {
    Block::P(s.to_string())
}

fn h3(s: &str) -> Block {
    Block::H3(s.to_string())
}

fn list(items: &[&str]) -> Block {
    Block::List(items.iter().map(|s| s.to_string()).collect())
}

fn steps(items: &[&str]) -> Block {
    Block::Steps(items.iter().map(|s| s.to_string()).collect())
}

/// The CSS class of a card's colour.
pub fn card_class(card: Card) -> &'static str {
    match card {
        Card::Quest(q, _) => q.code(),
        Card::Morgan(_) => "morgan",
        Card::Merlin(_) => "merlin",
        Card::Mordred => "mordred",
        Card::Vivien => "vivien",
    }
}

/// A card's name as the table says it: "Excalibur 5", "Picts ?", "Morgan #4 (+2)", "Merlin #1".
pub fn card_name(card: Card) -> String {
    match card {
        Card::Quest(q, v) => match v.points() {
            Some(n) => format!("{} {n}", q.name()),
            None => format!("{} ?", q.name()),
        },
        Card::Morgan(Morgan::Four(b)) => format!("Morgan #4 (+{})", b.bonus()),
        Card::Morgan(m) => format!("Morgan #{}", m.number()),
        Card::Merlin(m) => format!("Merlin #{}", m.number()),
        Card::Mordred => "Mordred".to_string(),
        Card::Vivien => "Vivien".to_string(),
    }
}

/// Swords a quest wins or loses, in words: "1 sword", "3 swords".
fn swords_word(n: u8) -> String {
    if n == 1 {
        "1 sword".to_string()
    } else {
        format!("{n} swords")
    }
}

/// How many copies of `card` the deck holds.
fn count_of(card: Card) -> u8 {
    MANIFEST
        .iter()
        .filter(|e| e.card == card)
        .map(|e| e.count)
        .sum()
}

/// What a card does, in our words. Every kind of Rumor card has its text (tested), so the game
/// screens can also show it when a card is tapped.
pub fn card_text(card: Card) -> String {
    match card {
        Card::Quest(q, v) => {
            let worth = match v.points() {
                Some(n) => format!("Worth **{n}** toward the {} total.", q.name()),
                None => format!(
                    "A rumor of uncertain weight: each ? is worth as many points as there are ? \
                     cards in the {} stack (one ? = 1, two = 2 each, three = 3 each, four = 4 each).",
                    q.name()
                ),
            };
            format!(
                "{worth} While it is the visible top card, the next player may go on the {} quest \
                 ({} won or lost).",
                q.name(),
                swords_word(q.swords())
            )
        }
        Card::Morgan(m) => {
            let silence = "Silence falls the moment it lands on the pile.";
            let effect = match m {
                Morgan::One => "Until a Merlin lands on the pile, whoever listens to rumors looks \
                     at the card alone, tells the table what it is, and lays it **face down** on the \
                     pile. Nobody else sees it; a Traitor may lie about it. The next player may go on \
                     the quests the announced card would allow. (A revealed Traitor's card still goes \
                     face up.)"
                    .to_string(),
                Morgan::Two => "Until a Merlin lands on the pile, every player who listens to \
                     rumors counts out loud as they draw: the first says “one”, the next “two”, and \
                     so on. The app shows the number to say."
                    .to_string(),
                Morgan::Three => "At the next quest, every quest that places swords places **one \
                     more** of the same colour."
                    .to_string(),
                Morgan::Four(b) => format!(
                    "At the next quest, **+{}** is added to every quest stack that holds at least \
                     one card (empty quests stay empty). This card shows every quest's symbol, so \
                     the next player may go on any quest. There are three of these, worth +1, +2 \
                     and +3.",
                    b.bonus()
                ),
                Morgan::Five => "At the next quest, the chosen quest needs **12 or 13** to \
                     succeed: a total of 11 counts as too little and places 1 black sword."
                    .to_string(),
                Morgan::Six => "At the next quest, every ? card is worth just **1**, in every \
                     stack."
                    .to_string(),
                Morgan::Seven => "At the next quest, if the chosen quest totals **14 or more**, \
                     Evil wins on the spot, whatever the swords say (unless Merlin #5 makes that \
                     quest succeed)."
                    .to_string(),
                Morgan::Eight => format!(
                    "Promo card, only when switched on for the game. At the next quest, the Picts \
                     and the Saxons are fought as **one quest**: all their cards are added \
                     together. 10 or less places 1 black sword, 11 to 13 places {} white, 14 or \
                     more places {} black. Mordred adds 1 for every Pict and every Saxon card; \
                     Merlin #1 takes away the highest Pict and the highest Saxon card; a Merlin #4 \
                     pointed at the Picts or the Saxons takes away the highest card of the \
                     merged stack.",
                    MERGED_PICTS_SAXONS_SWORDS, MERGED_PICTS_SAXONS_SWORDS
                ),
            };
            format!("{silence} {effect}")
        }
        Card::Merlin(m) => {
            let lifts = "When it lands on the pile, silence ends and the effects of Morgan #1 and \
                         #2 stop.";
            let removes = |a: Quest, b: Quest| {
                format!(
                    "At the next quest, before anything is added up, it takes away the \
                     highest-numbered card of the {} stack and of the {} stack (? cards are \
                     never taken).",
                    a.name(),
                    b.name()
                )
            };
            let effect = match m {
                Merlin::One | Merlin::Two | Merlin::Three => {
                    let q = m.removes_from();
                    removes(q[0], q[1])
                }
                Merlin::Four => "The player who draws it picks a quest at once (the app marks it \
                     with a token). At the next quest, the highest-numbered card of that quest's \
                     stack is taken away before anything is added up. There are two of these."
                    .to_string(),
                Merlin::Five => "At the next quest, the chosen quest also succeeds if **exactly \
                     5** cards of its kind were in the pile when it was turned over (counted before \
                     any Merlin takes cards away). It can still succeed the usual way too."
                    .to_string(),
                Merlin::Six => "Promo card, only when switched on for the game. The player who \
                     draws it may go on a quest of their choice straight away, secretly adding \
                     **0 to 3** points to that quest's total; or they may decline."
                    .to_string(),
            };
            format!("{lifts} {effect}")
        }
        Card::Mordred => "Shows both the Picts and the Saxons symbols, so the next player may go \
             on either. At a quest, the Picts stack gains as many points as it has cards, and so \
             does the Saxons stack (counted after any Merlin has taken cards away; an empty stack \
             gains nothing)."
            .to_string(),
        Card::Vivien => "The moment she is drawn, her drawer takes one of the two Loyalty cards \
             that were set aside at the start and hands the other, unseen, to another player of \
             their choice. Each of the two then secretly keeps one of their two Loyalty cards and \
             puts the other back face down. Nobody learns who kept what. A revealed player takes \
             no part: if the drawer has been revealed, nothing happens; if nobody else is \
             unrevealed, only the drawer exchanges. In a solo game she does nothing."
            .to_string(),
    }
}

/// What a Knight card does, in our words.
pub fn knight_text(k: Knight) -> &'static str {
    match k {
        Knight::Arthur => {
            "**When:** another player says they are going on a quest. **Effect:** \
             they must listen to rumors instead; the quest does not happen."
        }
        Knight::Tristan => {
            "**When:** on your own turn, before you choose what to do. \
             **Effect:** you look through the whole Rumor deck in order, without changing it. \
             Once the deck is back on the table you may tell the others what you saw."
        }
        Knight::Gawain => {
            "**When:** someone goes on a quest, after every stack has been added \
             up and before any sword is placed. **Effect:** draw the top 3 Rumor cards and play \
             one that is not a Morgan. A quest card joins its stack and the totals are worked out \
             again; a character (Merlin, Mordred or Vivien) acts as usual. The other cards go to \
             the discard pile. If all three are Morgans, none is played."
        }
        Knight::Galahad => {
            "**When:** on your own turn, instead of your action. **Effect:** \
             secretly look at another player's Loyalty card. You may say what you saw — or not."
        }
        Knight::Percival => {
            "**When:** someone is accused (before the Loyalty card is shown), or \
             a hidden Traitor is revealed at the end of the game. **Effect:** 2 swords are placed \
             or turned instead of 1."
        }
    }
}

/// The whole rules, section by section.
pub fn sections() -> Vec<Section> {
    vec![
        goal(),
        setup(),
        turn(),
        silence(),
        quests(),
        traitor(),
        game_end(),
        solo(),
        knights(),
        cards(),
        phone(),
        readings(),
    ]
}

fn goal() -> Section {
    Section {
        id: "goal",
        title: "The goal",
        blocks: vec![
            p(
                "You are the young knights of the Round Table, and together you play against the \
               game itself: a deck of **Rumor cards** full of threats to Camelot. Listen to the \
               rumors, decide together when a threat is real, and ride out at the right moment.",
            ),
            p(
                "Finished quests bring **white swords** to the table; failures bring **black \
               swords**. The loyal knights win when 7 white swords are on the table and they \
               outnumber the black ones.",
            ),
            p(
                "But one of you may be a **Traitor**, secretly working for 7 black swords. You all \
               win or lose together — unless someone is not on your side.",
            ),
        ],
    }
}

fn setup() -> Section {
    let morgans_out = 9 - MORGANS_IN_PLAY;
    Section {
        id: "setup",
        title: "Setting up",
        blocks: vec![
            p(
                "The app does the shuffling and dealing. What it sets up depends on how many of you \
               there are:",
            ),
            Block::Table {
                head: vec!["Players".into(), "Loyalty cards".into(), "Traitors".into()],
                rows: vec![
                    vec!["1 (solo)".into(), "none".into(), "none".into()],
                    vec![
                        "2 to 6".into(),
                        "one Loyal card more than there are players, plus 1 Traitor card".into(),
                        "0 or 1".into(),
                    ],
                    vec![
                        "7".into(),
                        "all nine: 7 Loyal and 2 Traitor".into(),
                        "0, 1 or 2".into(),
                    ],
                ],
            },
            p(
                "Everyone gets one Loyalty card face down and looks at it in secret (the app passes \
               the phone to each of you in turn, behind a curtain). The **two cards left over** \
               are set aside face down — nobody knows what they are, so nobody can be sure there \
               is a Traitor at the table.",
            ),
            Block::P(format!(
                "The Rumor deck is the 62 cards with {MORGANS_IN_PLAY} of the 9 Morgans picked at \
                 random; the other {morgans_out} Morgans stay out of the game (the expert variant \
                 may bring them in). The swords start off the table: there are \
                 {SWORDS_IN_ALL} of them, each white on one side and black on the other."
            )),
            p(
                "The book says the youngest player starts; in the app you choose who starts. Turns \
               then go round in the order of the names.",
            ),
        ],
    }
}

fn turn() -> Section {
    Section {
        id: "turn",
        title: "Your turn",
        blocks: vec![
            p(
                "On your turn you do **exactly one** of three things: listen to rumors, go on a \
               quest, or accuse a player.",
            ),
            h3("Listen to Rumors"),
            p(
                "Draw the top card of the Rumor deck and lay it face up on the **Threats pile** in \
               the middle of the table. Only the top card of the pile can ever be seen; the ones \
               under it are hidden, so try to remember them. Quest cards do nothing yet — they \
               wait in the pile until someone goes on a quest. Characters (Merlin, Morgan, \
               Mordred, Vivien) do what their card says; see **Every card**.",
            ),
            p(
                "When the deck runs out, the discard pile is shuffled into a new deck. If there is \
               nothing left to draw at all, nobody can listen.",
            ),
            h3("Go on a Quest"),
            p(
                "You may go on a quest only if the **visible top card** of the Threats pile shows \
               that quest's symbol. A quest card shows its own quest; Mordred shows the Picts and \
               the Saxons; Morgan #4 shows every quest; the other characters show none, so after \
               them nobody may go on a quest until a new card is on top. An empty pile allows no \
               quest (with one exception, when no card is left to draw: see **Our readings**).",
            ),
            p(
                "Going on a quest turns the whole Threats pile over and settles it: see **Going on a \
               quest**.",
            ),
            h3("Accuse a player"),
            p(
                "Point at a player you think is the Traitor. They must show their Loyalty card. If \
               they are loyal, **1 black sword** goes on the table; if they are a Traitor, **1 \
               white sword**.",
            ),
            list(&[
                "You may accuse only once in the whole game.",
                "There must be at least 4 swords on the table, of any colour.",
                "You cannot accuse yourself, nor a player whose card is already shown.",
            ]),
            p("The app tells you plainly why Accuse is not available when it is not."),
        ],
    }
}

fn silence() -> Section {
    Section {
        id: "silence",
        title: "Silence",
        blocks: vec![
            p(
                "Outside silence, talk as much as you like: remind each other what went into the \
               pile, argue about which quest is ripe, plan together. Just remember that advice may \
               come from the Traitor.",
            ),
            p(
                "The moment a **Morgan** lands on the Threats pile, the table falls **silent**: no \
               words, no signs, no meaningful looks. Silence lasts until a **Merlin** lands on the \
               pile or somebody **goes on a quest**.",
            ),
            p(
                "The app makes silence impossible to miss, shows how long it has lasted and for how \
               many turns, and can show a countdown for each turn if you like (see Settings).",
            ),
        ],
    }
}

fn quests() -> Section {
    let swords_rows = Quest::ALL
        .iter()
        .map(|q| vec![q.name().to_string(), swords_word(q.swords())])
        .collect();
    let question_rows = (1..=4u32)
        .map(|n| vec![n.to_string(), n.to_string(), (n * n).to_string()])
        .collect();
    Section {
        id: "quests",
        title: "Going on a quest",
        blocks: vec![
            p(
                "Say which quest you are going on — that is the **main quest**. Then the whole \
               Threats pile is turned over and sorted:",
            ),
            steps(&[
                "Quest cards are sorted into one stack per quest. Every other quest that turns up \
                 in the pile is a **secondary quest**.",
                "Characters are set aside and act: first each **Merlin** takes cards away (see \
                 Every card).",
                "Each stack is **added up**: numbered cards count their number, and each ? is \
                 worth as many points as there are ? cards in that stack. Mordred and Morgan #4 \
                 may add more.",
                "The **main quest** is settled, then every **secondary quest**.",
                "Swords are placed; then the whole pile goes to the discard pile, silence ends, \
                 and the next player takes their turn.",
            ]),
            h3("How much is a ?"),
            p("A lonely ? is worth 1; but ? cards feed on each other:"),
            Block::Table {
                head: vec![
                    "? cards in the stack".into(),
                    "each is worth".into(),
                    "together".into(),
                ],
                rows: question_rows,
            },
            p("(Morgan #6 makes every ? worth 1.) Merlins never take away a ? card."),
            h3("The main quest"),
            list(&[
                "**10 or less** — the rumors were empty and the time was wasted: **1 black \
                 sword**.",
                "**11, 12 or 13** — just in time: **white swords**, as many as the quest is worth.",
                "**14 or more** — you waited too long: **black swords**, as many as the quest is \
                 worth.",
            ]),
            h3("Secondary quests"),
            p(
                "A secondary quest that adds up to **14 or more** brings its black swords too. Below \
               14 it does nothing — even 11 to 13 wins nothing, because nobody rode out for it.",
            ),
            p(
                "Cards in the pile can change all this — Mordred, Morgan #3 to #7 and Merlin #5 \
               (see **Every card**). Each Morgan in the pile counts, even several at once. With \
               Knights to the Rescue, Gawain may add a card after the totals and before the \
               swords.",
            ),
            h3("What each quest is worth"),
            Block::Table {
                head: vec!["Quest".into(), "Swords won or lost".into()],
                rows: swords_rows,
            },
            Block::Example(vec![
                "You go on the **Dragon** quest. The pile holds Dragon 4, Dragon 3, Dragon ?, \
                 Dragon ?, and Holy Grail 5, 4, 4, ?."
                    .into(),
                format!(
                    "Dragon: 4 + 3 + 2 + 2 = **11** (two ? cards, worth 2 each). Success: {} \
                     white.",
                    swords_word(Quest::Dragon.swords())
                ),
                format!(
                    "Holy Grail: 5 + 4 + 4 + 1 = **14** (one ?, worth 1). A secondary quest at \
                     14: {} black.",
                    swords_word(Quest::Grail.swords())
                ),
            ]),
            Block::P(format!(
                "There are only {SWORDS_IN_ALL} swords: once they are all on the table, no more \
                 can be placed."
            )),
        ],
    }
}

fn traitor() -> Section {
    Section {
        id: "traitor",
        title: "Accusations and the Traitor",
        blocks: vec![
            p(
                "A Traitor plays like everyone else while hidden: listens, goes on quests, gives \
               advice — good or bad — and may lie whenever a card is only seen by them (under \
               Morgan #1, for instance). Their aim is 7 black swords.",
            ),
            p(
                "A Traitor who is **accused** shows their card (1 white sword for the loyal side). \
               From then on their only action is to **spread rumors**: each turn they draw two \
               cards, lay one of them face up on the Threats pile and discard the other without \
               showing it.",
            ),
            p(
                "Accusing a loyal friend costs 1 black sword — and you only get one accusation, so \
               watch who steers the table toward bad quests before you point.",
            ),
        ],
    }
}

fn game_end() -> Section {
    Section {
        id: "end",
        title: "The end of the game and the flip",
        blocks: vec![
            p(
                "The game stops as soon as there are **7 white or 7 black swords** on the table — \
               but a quest is always settled completely first (main and secondary quests), so \
               several more swords may arrive.",
            ),
            p(
                "Then comes **the flip**: everyone whose Loyalty card has not been shown reveals \
               it. For each Traitor found this way, **one white sword is turned over to black** \
               (two with Percival).",
            ),
            list(&[
                "**Loyal knights win** if there are now more white swords than black, and still at \
                 least 7 white.",
                "**Evil wins** (with any Traitors) if black swords are at least as many as white, \
                 and there are at least 7 black.",
                "If neither is true, play goes on — everyone is now revealed — until one colour \
                 reaches 7 again, and the same test is made.",
            ]),
            p("Morgan #7 can also end the game at once in Evil's favour (see Every card)."),
        ],
    }
}

fn solo() -> Section {
    Section {
        id: "solo",
        title: "Playing alone",
        blocks: vec![p(
            "With one player, the usual rules apply without Loyalty cards: no Traitor, no \
             accusations, and Vivien does nothing. Get 7 white swords before 7 black ones.",
        )],
    }
}

fn knights() -> Section {
    let mut blocks = vec![
        p("An expert variant, chosen when the game is created."),
        list(&[
            "The 9 Knight cards are shuffled face down, and the Morgans left out at the start wait \
             face down beside the deck.",
            "Whenever the **main quest succeeds**, Evil grows angry: one of the waiting Morgans is \
             shuffled into the Rumor deck (while any are left).",
            "Whenever the **main quest places black swords**, the player who went draws a Knight \
             card (while any are left), reads it in secret and keeps it face down.",
            "Everyone can see how many Knight cards each player holds, but not which ones. Each \
             card is played once, at the moment written on it, then discarded.",
            "So that holding a card gives nothing away, the app asks every player who holds a \
             Knight card in turn, behind the curtain, whenever one could be played; those without \
             a fitting card simply pass.",
        ]),
    ];
    for (k, n) in KNIGHT_MANIFEST {
        blocks.push(Block::Card {
            class: "knight",
            name: format!("{} (×{n})", k.name()),
            text: knight_text(k).to_string(),
        });
    }
    Section {
        id: "knights",
        title: "Knights to the Rescue",
        blocks,
    }
}

fn quest_card_counts(q: Quest) -> String {
    let n = |v| count_of(Card::Quest(q, v));
    let total: u8 = [
        RumorValue::Question,
        RumorValue::Two,
        RumorValue::Three,
        RumorValue::Four,
        RumorValue::Five,
    ]
    .into_iter()
    .map(n)
    .sum();
    format!(
        "{total} cards: {} marked ?, {} two, {} three, {} fours and {} five. Worth {} won or \
         lost.",
        n(RumorValue::Question),
        n(RumorValue::Two),
        n(RumorValue::Three),
        n(RumorValue::Four),
        n(RumorValue::Five),
        swords_word(q.swords())
    )
}

fn cards() -> Section {
    let mut blocks = vec![
        h3("Quest cards"),
        p(
            "Each of the five quests has its own cards, each showing that quest's symbol: while one \
           is the visible top card, the next player may go on that quest. A numbered card counts \
           its number; a ? counts as many points as there are ? cards in its stack.",
        ),
    ];
    for q in Quest::ALL {
        blocks.push(Block::Card {
            class: q.code(),
            name: q.name().to_string(),
            text: quest_card_counts(q),
        });
    }
    blocks.push(h3("Mordred and Vivien"));
    for c in [Card::Mordred, Card::Vivien] {
        blocks.push(Block::Card {
            class: card_class(c),
            name: card_name(c),
            text: card_text(c),
        });
    }
    blocks.push(h3("Morgan"));
    blocks.push(Block::P(format!(
        "Morgan is the enchantress working against Camelot. **Every Morgan brings silence** the \
         moment it lands on the pile, until a Merlin lands or someone goes on a quest. Only \
         {MORGANS_IN_PLAY} of the 9 Morgans are in each game. Effects that act “at the next \
         quest” apply when the pile holding the card is turned over; several Morgans in one pile \
         all apply."
    )));
    let morgans = [
        Morgan::One,
        Morgan::Two,
        Morgan::Three,
        Morgan::Four(Morgan4::Plus1),
        Morgan::Five,
        Morgan::Six,
        Morgan::Seven,
    ];
    for m in morgans {
        let card = Card::Morgan(m);
        let name = match m {
            Morgan::Four(_) => "Morgan #4 (+1, +2, +3)".to_string(),
            _ => card_name(card),
        };
        let text = match m {
            Morgan::Four(_) => card_text(card).replace("**+1**", "**+1, +2 or +3**"),
            _ => card_text(card),
        };
        blocks.push(Block::Card {
            class: "morgan",
            name,
            text,
        });
    }
    blocks.push(h3("Merlin"));
    blocks.push(p(
        "Merlin helps Camelot. **Every Merlin ends silence** when it lands on the pile, and \
         stops Morgan #1 and #2. When someone goes on a quest, each Merlin in the pile takes its \
         cards away before anything is added up; the Merlin and the cards it took do not count. \
         Merlin only ever takes numbered cards: “highest” means the highest number, and a stack \
         of only ? cards is left alone.",
    ));
    for m in [
        Merlin::One,
        Merlin::Two,
        Merlin::Three,
        Merlin::Four,
        Merlin::Five,
    ] {
        let card = Card::Merlin(m);
        let n = count_of(card);
        let name = if n > 1 {
            format!("{} (×{n})", card_name(card))
        } else {
            card_name(card)
        };
        blocks.push(Block::Card {
            class: "merlin",
            name,
            text: card_text(card),
        });
    }
    blocks.push(h3("Promo cards"));
    blocks.push(p(
        "Two extra cards can be switched on when a game is created. They are shuffled into the \
         deck for that game only.",
    ));
    for c in [Card::Morgan(Morgan::Eight), Card::Merlin(Merlin::Six)] {
        blocks.push(Block::Card {
            class: card_class(c),
            name: card_name(c),
            text: card_text(c),
        });
    }
    Section {
        id: "cards",
        title: "Every card",
        blocks,
    }
}

fn phone() -> Section {
    Section {
        id: "phone",
        title: "Playing with one phone",
        blocks: vec![list(&[
            "The table screen shows only what everyone at a real table could see: the top \
                 card of the Threats pile, how many cards are in the pile and the deck, the \
                 swords, who has been revealed and who has already accused.",
            "Anything secret — your Loyalty card, your Knight cards, a card only you drew — \
                 appears only after the phone is handed to you and you tap through the curtain. \
                 Tap “Done — hide” before passing it on.",
            "The game is saved after every move. You can leave and come back, keep several \
                 games, and export a game to a file to move it to another device.",
        ])],
    }
}

fn readings() -> Section {
    Section {
        id: "readings",
        title: "Our readings",
        blocks: vec![
            p(
                "A few numbers were printed only on the card art, and a few situations the rule \
               book leaves open. This is how the app plays them:",
            ),
            Block::List(INFERRED.iter().map(|s| s.to_string()).collect()),
        ],
    }
}

/// Split `**bold**` spans: `(text, bold)` pieces, in order.
pub fn spans(text: &str) -> Vec<(String, bool)> {
    text.split("**")
        .enumerate()
        .filter(|(_, s)| !s.is_empty())
        .map(|(i, s)| (s.to_string(), i % 2 == 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn all_text() -> String {
        let mut out = String::new();
        for s in sections() {
            out.push_str(s.title);
            out.push('\n');
            for b in s.blocks {
                match b {
                    Block::P(t) | Block::H3(t) => out.push_str(&t),
                    Block::List(v) | Block::Steps(v) | Block::Example(v) => {
                        out.push_str(&v.join("\n"))
                    }
                    Block::Table { head, rows } => {
                        out.push_str(&head.join(" "));
                        for r in rows {
                            out.push_str(&r.join(" "));
                        }
                    }
                    Block::Card { name, text, .. } => {
                        out.push_str(&name);
                        out.push(' ');
                        out.push_str(&text);
                    }
                }
                out.push('\n');
            }
        }
        out
    }

    #[test]
    fn every_card_and_knight_is_explained() {
        let text = all_text();
        for c in Card::all_kinds(true) {
            assert!(!card_text(c).is_empty());
            let name = match c {
                Card::Morgan(Morgan::Four(_)) => "Morgan #4".to_string(),
                Card::Quest(q, _) => q.name().to_string(),
                _ => card_name(c),
            };
            assert!(text.contains(&name), "{name} is missing from the rules");
        }
        for (k, _) in KNIGHT_MANIFEST {
            assert!(text.contains(knight_text(k)));
        }
        assert!(card_text(Card::Morgan(Morgan::Four(Morgan4::Plus3))).contains("+3"));
    }

    #[test]
    fn every_reading_is_listed_and_sections_have_unique_ids() {
        let text = all_text();
        for r in INFERRED {
            assert!(text.contains(r));
        }
        let ids: HashSet<_> = sections().iter().map(|s| s.id).collect();
        assert_eq!(ids.len(), sections().len());
        for id in [
            "goal", "setup", "turn", "silence", "quests", "traitor", "end", "solo",
        ] {
            assert!(ids.contains(id));
        }
    }

    #[test]
    fn the_swords_and_question_marks_follow_the_engine() {
        let text = all_text();
        assert!(text.contains("Picts 1 sword"));
        assert!(text.contains("Dragon 3 swords"));
        assert!(text.contains("4 4 16"));
        assert!(text.contains("9 cards: 4 marked ?, 1 two, 1 three, 2 fours and 1 five"));
    }

    #[test]
    fn bold_spans_split() {
        assert_eq!(
            spans("a **b** c"),
            vec![
                ("a ".into(), false),
                ("b".into(), true),
                (" c".into(), false)
            ]
        );
        assert_eq!(spans("**x**"), vec![("x".into(), true)]);
        // Every bold mark is closed.
        for c in Card::all_kinds(true) {
            assert_eq!(card_text(c).matches("**").count() % 2, 0, "{c}");
        }
        assert_eq!(all_text().matches("**").count() % 2, 0);
    }

    /// Our text is our own: no run of 8 words matches the rule book (when the book is at hand).
    #[test]
    fn no_sentence_is_copied_from_the_rule_book() {
        let book = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/seeds/001_cef4db8722d0d8a9.txt"
        );
        let Ok(book) = std::fs::read_to_string(book) else {
            return;
        };
        fn words(t: &str) -> Vec<String> {
            t.split(|c: char| !c.is_alphanumeric() && c != '?')
                .filter(|w| !w.is_empty())
                .map(str::to_lowercase)
                .collect()
        }
        const N: usize = 8;
        let book_words = words(&book);
        let shingles: HashSet<&[String]> = book_words.windows(N).collect();
        let ours = words(&all_text());
        let copied: Vec<String> = ours
            .windows(N)
            .filter(|w| shingles.contains(w))
            .map(|w| w.join(" "))
            .collect();
        assert!(copied.is_empty(), "copied from the book: {copied:#?}");
    }
}
