//! The serialized form of a [`Game`]: `{"format", "setup", "rng", "stack", "board"}`, where `board`
//! packs the rest of the state (seats, hands, piles, quests, counters) into a short string, one
//! character per small number. Replays and the conformance checks compare states by their
//! serialized form, thousands of times per game, so it is kept small. Loading checks every value
//! (a damaged state is refused with a reason, never a panic later).

use crate::data::*;
use crate::game::*;
use camelot_kit::{GameRng, Seat};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// 64 symbols that JSON never escapes.
const DIGITS: &[u8; 64] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

struct Writer(String);

impl Writer {
    fn small(&mut self, v: u8) {
        self.0.push(char::from(DIGITS[usize::from(v.min(63))]));
    }

    fn flag(&mut self, b: bool) {
        self.small(u8::from(b));
    }

    /// Any number: its count of base-64 digits, then the digits.
    fn num(&mut self, mut v: u32) {
        let mut digits = [0u8; 6];
        let mut k = 0;
        loop {
            digits[k] = (v % 64) as u8;
            k += 1;
            v /= 64;
            if v == 0 {
                break;
            }
        }
        self.small(k as u8);
        for &d in digits[..k].iter().rev() {
            self.small(d);
        }
    }

    fn seat(&mut self, s: Option<Seat>) {
        self.small(s.map_or(63, |s| s.0));
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

type R<T> = Result<T, String>;

impl Reader<'_> {
    fn small(&mut self) -> R<u8> {
        let b = *self.bytes.get(self.at).ok_or("the board ends too soon")?;
        self.at += 1;
        DIGITS
            .iter()
            .position(|&d| d == b)
            .map(|p| p as u8)
            .ok_or_else(|| format!("bad symbol {:?} in the board", char::from(b)))
    }

    fn max(&mut self, max: u8, what: &str) -> R<u8> {
        let v = self.small()?;
        if v > max {
            return Err(format!("{what} {v} is out of range"));
        }
        Ok(v)
    }

    fn flag(&mut self) -> R<bool> {
        Ok(self.max(1, "flag")? == 1)
    }

    fn num(&mut self) -> R<u32> {
        let k = self.max(6, "number length")?;
        let mut v: u64 = 0;
        for _ in 0..k {
            v = v * 64 + u64::from(self.small()?);
        }
        u32::try_from(v).map_err(|_| "number out of range".to_string())
    }

    fn seat(&mut self, n: u8) -> R<Option<Seat>> {
        let v = self.small()?;
        match v {
            63 => Ok(None),
            v if v < n => Ok(Some(Seat(v))),
            v => Err(format!("seat {v} at a table of {n}")),
        }
    }

    fn some_seat(&mut self, n: u8) -> R<Seat> {
        self.seat(n)?.ok_or_else(|| "a seat is missing".to_string())
    }

    fn white(&mut self) -> R<White> {
        let v = self.small()?;
        White::from_index(usize::from(v)).ok_or_else(|| format!("no white card {v}"))
    }

    fn black(&mut self) -> R<Black> {
        let v = self.small()?;
        Black::ALL
            .get(usize::from(v))
            .copied()
            .ok_or_else(|| format!("no black card {v}"))
    }
}

fn enum_of<T: Copy>(all: &[T], v: u8, what: &str) -> R<T> {
    all.get(usize::from(v))
        .copied()
        .ok_or_else(|| format!("no {what} {v}"))
}

const PHASES: [Phase; 8] = [
    Phase::Opening,
    Phase::ProgressionOfEvil,
    Phase::AfterEvil,
    Phase::HeroicActions,
    Phase::TraitorTakes,
    Phase::TraitorEvil,
    Phase::AfterTraitor,
    Phase::Over,
];

fn phase_code(p: Phase) -> u8 {
    PHASES.iter().position(|&q| q == p).unwrap_or(0) as u8
}

const BOARDS: [LancelotBoard; 3] = [
    LancelotBoard::Lancelot,
    LancelotBoard::Dragon,
    LancelotBoard::Removed,
];
const SPOTS: [Spot; 4] = [Spot::Empty, Spot::Grail, Spot::Despair, Spot::Desolation];
const SIDES: [crate::Side; 2] = [crate::Side::Loyal, crate::Side::Evil];
const REASONS: [crate::EndReason; 4] = [
    crate::EndReason::SiegeEngines,
    crate::EndReason::BlackSwords,
    crate::EndReason::LoyalKnightsDead,
    crate::EndReason::Swords,
];

fn pos<T: PartialEq>(all: &[T], v: &T) -> u8 {
    all.iter().position(|x| x == v).unwrap_or(0) as u8
}

impl Game {
    fn pack(&self) -> String {
        let mut w = Writer(String::with_capacity(400));
        w.small(self.n);
        for s in &self.seats {
            w.small(s.knight.map_or(7, |k| k as u8));
            w.small(s.loyalty as u8);
            for &c in s.hand.counts() {
                w.small(c);
            }
            w.small(s.life);
            w.small(s.place as u8);
            w.small(
                u8::from(s.alive)
                    | u8::from(s.revealed) << 1
                    | u8::from(s.accused) << 2
                    | u8::from(s.accused_loyal) << 3
                    | u8::from(s.shown_loyal_on.is_some()) << 4,
            );
            if let Some(turn) = s.shown_loyal_on {
                w.num(turn);
            }
        }
        for pile in [&self.white_deck, &self.white_discard] {
            w.num(pile.len() as u32);
            for &c in pile.iter() {
                w.small(c as u8);
            }
        }
        for pile in [&self.black_deck, &self.black_discard] {
            w.num(pile.len() as u32);
            for &c in pile.iter() {
                w.small(c as u8);
            }
        }
        for &c in self.boxed.white.iter().chain(&self.boxed.black) {
            w.small(c);
        }
        w.small(self.boxed.loyal);
        w.small(self.boxed.traitor);
        for c in [&self.black_knight, &self.lancelot, &self.dragon] {
            w.small(c.white_len);
            for &v in c.white() {
                w.small(v);
            }
            w.small(c.black_len);
            for p in c.black() {
                w.small(p.card as u8);
                w.flag(p.face_down);
                w.small(p.drawer.0);
            }
        }
        w.small(pos(&BOARDS, &self.lancelot_board));
        w.small((self.excalibur + 32) as u8);
        w.flag(self.excalibur_over);
        for s in &self.grail {
            w.small(pos(&SPOTS, s));
        }
        w.flag(self.grail_over);
        for war in &self.wars {
            w.small(war.cards);
            w.small(war.warriors);
            w.flag(war.mordred);
        }
        w.small(self.engines);
        w.small(self.swords.white);
        w.small(self.swords.black);
        for r in &self.relics {
            match r {
                RelicState::OnQuest => w.small(0),
                RelicState::Removed => w.small(1),
                RelicState::Owned(s) => w.small(2 + s.0),
            }
        }
        w.small(self.heroism.map_or(7, |q| q as u8));
        w.small(
            u8::from(self.dark_forest)
                | u8::from(self.vivien) << 1
                | u8::from(self.mists) << 2
                | u8::from(self.peeked) << 3,
        );
        w.small(self.first.0);
        w.small(self.current.0);
        w.num(self.turn);
        w.small(phase_code(self.phase));
        let t = &self.t;
        w.small(t.acts);
        w.small(t.used);
        w.small(
            u8::from(t.sacrificed)
                | u8::from(t.special) << 1
                | u8::from(t.arthur) << 2
                | u8::from(t.looked) << 3
                | u8::from(t.ends) << 4
                | u8::from(t.dies_after_action) << 5
                | u8::from(t.count_after_rescue) << 6,
        );
        w.small(t.seen_top.map_or(63, |b| b as u8));
        w.num(u32::from(self.fallen));
        w.seat(self.excalibur_dying);
        for q in &self.tally {
            w.num(u32::from(q.won));
            w.num(u32::from(q.lost));
        }
        match self.outcome {
            None => w.small(0),
            Some(o) => w.small(1 + pos(&SIDES, &o.winner) * 4 + pos(&REASONS, &o.reason)),
        }
        // Format 2: the public record of every seat.
        for s in &self.seats {
            for c in deed_counts(&s.deeds) {
                w.num(u32::from(c));
            }
        }
        w.0
    }

    fn unpack(&mut self, text: &str) -> R<()> {
        let mut r = Reader {
            bytes: text.as_bytes(),
            at: 0,
        };
        let n = r.small()?;
        // Newcomers (§8.4) add seats to the setup's.
        if !(self.setup.players..=MAX_PLAYERS).contains(&n) {
            return Err(format!(
                "{n} seats for a setup of {} players",
                self.setup.players
            ));
        }
        self.n = n;
        self.seats.clear();
        for _ in 0..n {
            let k = r.max(7, "knight")?;
            let knight = if k == 7 {
                None
            } else {
                Some(enum_of(&Knight::ALL, k, "knight")?)
            };
            let loyalty = enum_of(&[Loyalty::Loyal, Loyalty::Traitor], r.small()?, "loyalty")?;
            let mut hand = Hand::default();
            for card in White::ALL {
                for _ in 0..r.max(card.count(), "hand count")? {
                    hand.add(card);
                }
            }
            let life = r.max(MAX_LIFE, "life")?;
            let place = enum_of(&Place::ALL, r.small()?, "place")?;
            let bits = r.max(31, "seat flags")?;
            let shown_loyal_on = if bits & 16 != 0 { Some(r.num()?) } else { None };
            self.seats.push(SeatState {
                knight,
                loyalty,
                hand,
                life,
                place,
                alive: bits & 1 != 0,
                revealed: bits & 2 != 0,
                accused: bits & 4 != 0,
                accused_loyal: bits & 8 != 0,
                shown_loyal_on,
                deeds: Deeds::default(),
            });
        }
        for white in [true, false] {
            let len = r.num()?;
            if len > 84 {
                return Err("a white pile of more than 84 cards".into());
            }
            let pile: Vec<White> = (0..len).map(|_| r.white()).collect::<R<_>>()?;
            if white {
                self.white_deck = pile;
            } else {
                self.white_discard = pile;
            }
        }
        for deck in [true, false] {
            let len = r.num()?;
            if len > 76 {
                return Err("a black pile of more than 76 cards".into());
            }
            let pile: Vec<Black> = (0..len).map(|_| r.black()).collect::<R<_>>()?;
            if deck {
                self.black_deck = pile;
            } else {
                self.black_discard = pile;
            }
        }
        for (slot, (_, most)) in self.boxed.white.iter_mut().zip(WHITE_MANIFEST) {
            *slot = r.max(most, "boxed count")?;
        }
        for (slot, (_, most)) in self.boxed.black.iter_mut().zip(BLACK_MANIFEST) {
            *slot = r.max(most, "boxed count")?;
        }
        self.boxed.loyal = r.max(LOYAL_CARDS, "boxed loyal")?;
        self.boxed.traitor = r.max(TRAITOR_CARDS, "boxed traitor")?;
        for quest in [Quest::BlackKnight, Quest::Lancelot, Quest::Dragon] {
            let mut c = Combat::default();
            let spots = quest.rules().white_spots;
            for _ in 0..r.max(spots, "white cards on a quest")? {
                let v = r.small()?;
                if !(1..=5).contains(&v) {
                    return Err(format!("a Fight card of value {v}"));
                }
                c.push_white(v);
            }
            for _ in 0..r.max(quest.rules().black_spots, "black cards on a quest")? {
                let card = r.black()?;
                let face_down = r.flag()?;
                let drawer = r.some_seat(n)?;
                c.push_black(Placed {
                    card,
                    face_down,
                    drawer,
                });
            }
            *self.combat_mut(quest) = c;
        }
        self.lancelot_board = enum_of(&BOARDS, r.small()?, "board side")?;
        let x = i8::try_from(r.small()?).unwrap_or(0) - 32;
        if x.abs() > EXCALIBUR_END {
            return Err(format!("Excalibur at {x}"));
        }
        self.excalibur = x;
        self.excalibur_over = r.flag()?;
        for i in 0..GRAIL_SPOTS {
            self.grail[i] = enum_of(&SPOTS, r.small()?, "Grail spot")?;
        }
        self.grail_over = r.flag()?;
        for i in 0..2 {
            self.wars[i] = War {
                cards: r.max(5, "War cards")?,
                warriors: r.max(WARRIORS_LOSE - 1, "warriors")?,
                mordred: r.flag()?,
            };
        }
        self.engines = r.max(SIEGE_ENGINES_LOSE, "siege engines")?;
        self.swords.white = r.max(SWORDS_IN_ALL, "white swords")?;
        self.swords.black = r.max(SWORDS_IN_ALL, "black swords")?;
        if self.swords.total() > SWORDS_IN_ALL {
            return Err("more than 16 swords".into());
        }
        for i in 0..3 {
            self.relics[i] = match r.small()? {
                0 => RelicState::OnQuest,
                1 => RelicState::Removed,
                v if v - 2 < n => RelicState::Owned(Seat(v - 2)),
                v => return Err(format!("relic owner {v}")),
            };
        }
        let h = r.max(7, "Heroism")?;
        self.heroism = if h == 7 {
            None
        } else {
            Some(enum_of(&Quest::ALL, h, "quest")?)
        };
        let bits = r.max(15, "effects")?;
        self.dark_forest = bits & 1 != 0;
        self.vivien = bits & 2 != 0;
        self.mists = bits & 4 != 0;
        self.peeked = bits & 8 != 0;
        self.first = r.some_seat(n)?;
        self.current = r.some_seat(n)?;
        self.turn = r.num()?;
        self.phase = enum_of(&PHASES, r.small()?, "phase")?;
        self.t.acts = r.max(2, "actions")?;
        self.t.used = r.max(31, "action types")?;
        let bits = r.max(127, "turn flags")?;
        self.t.sacrificed = bits & 1 != 0;
        self.t.special = bits & 2 != 0;
        self.t.arthur = bits & 4 != 0;
        self.t.looked = bits & 8 != 0;
        self.t.ends = bits & 16 != 0;
        self.t.dies_after_action = bits & 32 != 0;
        self.t.count_after_rescue = bits & 64 != 0;
        let top = r.small()?;
        self.t.seen_top = if top == 63 {
            None
        } else {
            Some(enum_of(&Black::ALL, top, "black card")?)
        };
        let fallen = r.num()?;
        if fallen >= 1 << n {
            return Err("a fallen knight without a seat".into());
        }
        self.fallen = fallen as u8;
        self.excalibur_dying = r.seat(n)?;
        for q in self.tally.iter_mut() {
            q.won = u8::try_from(r.num()?).map_err(|_| "tally out of range")?;
            q.lost = u8::try_from(r.num()?).map_err(|_| "tally out of range")?;
        }
        self.outcome = match r.max(8, "outcome")? {
            0 => None,
            v => Some(Outcome {
                winner: SIDES[usize::from((v - 1) / 4)],
                reason: REASONS[usize::from((v - 1) % 4)],
            }),
        };
        // Format 1 had no public record: such a game starts it empty.
        if self.format >= 2 {
            for i in 0..usize::from(n) {
                let mut c = [0u8; DEED_COUNTS];
                for slot in c.iter_mut() {
                    *slot = u8::try_from(r.num()?).map_err(|_| "a deed count out of range")?;
                }
                self.seats[i].deeds = deeds_from(c);
            }
        }
        if r.at != r.bytes.len() {
            return Err("the board is longer than a game's".into());
        }
        if self.census().total() != CARDS_IN_ALL as u32 {
            return Err("the cards do not add up to the box's 168".into());
        }
        for frame in &self.stack {
            if !frame_seats_ok(frame, n) {
                return Err("a pending step names a seat that does not exist".into());
            }
        }
        Ok(())
    }
}

const DEED_COUNTS: usize = 8;

fn deed_counts(d: &Deeds) -> [u8; DEED_COUNTS] {
    [
        d.siege_engines_added,
        d.black_cards_drawn,
        d.placed_face_down,
        d.life_lost_to_evil,
        d.quests_won,
        d.quests_lost,
        d.quest_cards_played,
        d.siege_engines_removed,
    ]
}

fn deeds_from(c: [u8; DEED_COUNTS]) -> Deeds {
    Deeds {
        siege_engines_added: c[0],
        black_cards_drawn: c[1],
        placed_face_down: c[2],
        life_lost_to_evil: c[3],
        quests_won: c[4],
        quests_lost: c[5],
        quest_cards_played: c[6],
        siege_engines_removed: c[7],
    }
}

fn frame_seats_ok(f: &Frame, n: u8) -> bool {
    let ok = |s: Seat| s.0 < n;
    match *f {
        Frame::Offer { asked, len, .. } => asked <= n && len <= n,
        Frame::Share(sh) => {
            ok(sh.lead)
                && ok(sh.chooser)
                && ok(sh.who)
                && sh.len <= 7
                && sh.proposal.iter().all(|&s| ok(s))
        }
        Frame::ArmorKeep { drawer, .. } => ok(drawer),
        Frame::PercivalBottom { .. } => true,
        Frame::Black(b) => ok(b.drawer) && ok(b.who),
        Frame::Morgan3 { drawer, .. } => ok(drawer),
        Frame::Volunteer { drawer, who, .. } => ok(drawer) && ok(who),
        Frame::Discard { seat, .. } => ok(seat),
        Frame::Dying { seat, owner } => ok(seat) && owner.is_none_or(ok),
        Frame::QuestEnd(q) => ok(q.kay_seat) && ok(q.active) && q.winner.is_none_or(ok),
        Frame::Siege(s) => ok(s.fighter),
        Frame::Convocation { player, who, .. } => ok(player) && ok(who),
        Frame::Messenger { from, to, .. } => ok(from) && ok(to),
        Frame::Clairvoyance {
            player,
            len,
            placed,
            ..
        } => ok(player) && usize::from(len) <= CLAIRVOYANCE_CARDS && placed <= len,
        Frame::Arthur { arthur, to, .. } => ok(arthur) && ok(to),
    }
}

#[derive(Serialize)]
struct Out<'a> {
    format: u32,
    setup: &'a Setup,
    rng: &'a GameRng,
    stack: &'a [Frame],
    board: String,
}

#[derive(Deserialize)]
struct In {
    format: u32,
    setup: Setup,
    rng: GameRng,
    stack: Vec<Frame>,
    board: String,
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Out {
            format: self.format,
            setup: &self.setup,
            rng: &self.rng,
            stack: &self.stack,
            board: self.pack(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let input = In::deserialize(d)?;
        if input.format > FORMAT_VERSION {
            return Err(D::Error::custom(format!(
                "a state of format {} is newer than this engine's {FORMAT_VERSION}",
                input.format
            )));
        }
        let mut setup = input.setup;
        // The explicit deal only matters at the start; the board holds where the cards are now.
        let deal = setup.deal.take();
        let mut skeleton = setup.clone();
        skeleton.deal = Some(Deal {
            skip_opening_gesture: true,
            ..Deal::default()
        });
        let mut game = Game::new(&skeleton).map_err(D::Error::custom)?;
        setup.deal = deal;
        game.setup = setup;
        game.format = input.format;
        game.rng = input.rng;
        game.stack = input.stack;
        game.unpack(&input.board).map_err(D::Error::custom)?;
        Ok(game)
    }
}
