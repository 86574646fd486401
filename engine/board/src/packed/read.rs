//! Reading a serialized state back, for the engine's own tests. Every value is checked against its
//! bounds, every pending step against the table, every card against the box, and the game must be
//! over or wait for a seat that can act: a damaged state is refused with a [`Damaged`] reason,
//! never a panic then or later.

use super::*;
use crate::action::SetupError;
use crate::data::*;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use std::fmt;

/// Why a state does not read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Damaged {
    /// A format newer than this engine's, or none.
    Format(u32),
    /// The setup is refused.
    Setup(SetupError),
    /// The board string, read up to `at`: a value out of its bounds, or too few or too many.
    Board { at: usize, what: String },
    /// The pending step at `index` (bottom first) is out of the table's bounds.
    Step { index: usize },
    /// The cards do not add up to the box's, kind by kind.
    Cards,
    /// More of the deal's fixed chance used than it holds.
    Chance,
    /// Over, yet still turning; or not over, yet no seat can act.
    Stalled,
}

impl fmt::Display for Damaged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Damaged::Format(v) => write!(
                f,
                "a state of format {v}; this engine reads 1 to {FORMAT_VERSION}"
            ),
            Damaged::Setup(e) => write!(f, "the setup: {e}"),
            Damaged::Board { at, what } => write!(f, "the board, at {at}: {what}"),
            Damaged::Step { index } => {
                write!(f, "pending step {index} is out of the table's bounds")
            }
            Damaged::Cards => f.write_str("the cards do not add up to the box's"),
            Damaged::Chance => f.write_str("more fixed chance used than the deal holds"),
            Damaged::Stalled => f.write_str("a game that is neither over nor waiting for anyone"),
        }
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

impl Game {
    fn unpack(&mut self, text: &str) -> Result<(), Damaged> {
        let mut r = Reader {
            bytes: text.as_bytes(),
            at: 0,
        };
        self.unpack_board(&mut r)
            .map_err(|what| Damaged::Board { at: r.at, what })?;
        for (index, frame) in self.stack.iter().enumerate() {
            if !frame_ok(frame, self.n) {
                return Err(Damaged::Step { index });
            }
        }
        // Only now that every step's lengths are known to fit its arrays.
        if !self.census().matches_the_box() {
            return Err(Damaged::Cards);
        }
        let over = self.outcome.is_some();
        if over != (self.phase == Phase::Over)
            || (over && !self.stack.is_empty())
            || (!over && (self.decider().is_none() || self.legal_actions().is_empty()))
        {
            return Err(Damaged::Stalled);
        }
        Ok(())
    }

    fn unpack_board(&mut self, r: &mut Reader) -> R<()> {
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
        self.phase = enum_of(&Phase::ALL, r.small()?, "phase")?;
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
        if self.format >= 2 && r.at < r.bytes.len() {
            let seat = r.some_seat(n)?;
            let cards = r.max(CLAIRVOYANCE_CARDS as u8, "black cards foreseen")?;
            if cards == 0 || usize::from(cards) > self.black_deck.len() {
                return Err("black cards foreseen: none, or more than the pile holds".into());
            }
            self.foreseen = Some(Foreseen { seat, cards });
        }
        if r.at != r.bytes.len() {
            return Err("the board is longer than a game's".into());
        }
        Ok(())
    }
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

/// A pending step within the table's bounds: its seats at the table, its polls no further round
/// than the table, its lengths within its arrays.
fn frame_ok(f: &Frame, n: u8) -> bool {
    let ok = |s: Seat| s.0 < n;
    let seats = |bits: u8| u16::from(bits) < 1u16 << n;
    match *f {
        Frame::Offer { asked, len, .. } => asked <= n && len <= asked,
        Frame::Share(sh) => {
            ok(sh.lead)
                && ok(sh.chooser)
                && ok(sh.who)
                && usize::from(sh.len) <= sh.cards.len()
                && sh.assigned <= sh.len
                && sh.asked <= n
                && seats(sh.to)
                && sh.proposal.iter().all(|&s| ok(s))
        }
        Frame::ArmorKeep { drawer, .. } => ok(drawer),
        Frame::PercivalBottom { .. } => true,
        Frame::Black(b) => {
            ok(b.drawer)
                && ok(b.who)
                && b.asked <= n
                && b.committed[usize::from(n)..].iter().all(|&k| k == 0)
        }
        Frame::Morgan3 { drawer, left } => ok(drawer) && left <= MORGAN3_DRAWS,
        Frame::Volunteer {
            morgan,
            drawer,
            asked,
            who,
        } => matches!(morgan, 2 | 5) && ok(drawer) && ok(who) && asked <= n,
        Frame::Discard { seat, .. } => ok(seat),
        Frame::Dying { seat, owner } => ok(seat) && owner.is_none_or(ok),
        Frame::QuestEnd(q) => {
            ok(q.kay_seat) && ok(q.active) && q.winner.is_none_or(ok) && seats(q.present)
        }
        Frame::Siege(s) => ok(s.fighter) && s.roll <= SIEGE_DIE_FACES,
        Frame::Convocation { player, asked, who } => ok(player) && ok(who) && asked <= n,
        Frame::Messenger { from, to, given } => ok(from) && ok(to) && given <= MESSENGER_MAX,
        Frame::Clairvoyance {
            player,
            len,
            placed,
            ..
        } => ok(player) && usize::from(len) <= CLAIRVOYANCE_CARDS && placed <= len,
        Frame::Arthur { arthur, to, .. } => ok(arthur) && ok(to),
    }
}

#[derive(Deserialize)]
pub(crate) struct In {
    format: u32,
    setup: Setup,
    rng: GameRng,
    stack: Vec<Frame>,
    board: String,
    #[serde(default)]
    chance: ChanceUsed,
}

impl Game {
    /// A serialized state read back and checked whole.
    pub(crate) fn read_state(input: In) -> Result<Game, Damaged> {
        if !(1..=FORMAT_VERSION).contains(&input.format) {
            return Err(Damaged::Format(input.format));
        }
        let mut setup = input.setup;
        check_setup(&setup).map_err(Damaged::Setup)?;
        // The explicit deal only matters at the start; the board holds where the cards are now.
        let deal = setup.deal.take();
        let mut skeleton = setup.clone();
        skeleton.deal = Some(Deal {
            skip_opening_gesture: true,
            ..Deal::default()
        });
        let mut game = Game::new(&skeleton).map_err(Damaged::Setup)?;
        setup.deal = deal;
        game.setup = setup;
        game.format = input.format;
        game.rng = input.rng;
        game.stack = input.stack;
        let fixed = game.setup.deal.as_ref().map(|d| &d.chance);
        let (rolls, picks) = fixed.map_or((0, 0), |c| (c.rolls.len(), c.picks.len()));
        if input.chance.rolls as usize > rolls || input.chance.picks as usize > picks {
            return Err(Damaged::Chance);
        }
        game.chance_used = input.chance;
        game.unpack(&input.board)?;
        Ok(game)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        Game::read_state(In::deserialize(d)?).map_err(D::Error::custom)
    }
}
