//! The serialized form of a [`Game`]: `{"format", "setup", "rng", "stack", "board"}`, where `board`
//! packs the rest of the state (seats, hands, piles, quests, counters) into a short string, one
//! character per small number. Replays and the conformance checks compare states by their
//! serialized form, thousands of times per game, so it is kept small.
//!
//! Only the engine's own tests read a state back (`read.rs`): a game from outside is its setup and
//! its actions, replayed and so checked by the rules at every step.

use crate::game::*;
use camelot_kit::{GameRng, Seat};
use serde::{Serialize, Serializer};

#[cfg(test)]
mod read;
#[cfg(test)]
mod tests;

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

fn phase_code(p: Phase) -> u8 {
    Phase::ALL.iter().position(|&q| q == p).unwrap_or(0) as u8
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
        // Then, only while a knight knows them, the top black cards his Clairvoyance put back.
        if let Some(f) = self.foreseen {
            w.seat(Some(f.seat));
            w.small(f.cards);
        }
        w.0
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

#[derive(Serialize)]
struct Out<'a> {
    format: u32,
    setup: &'a Setup,
    rng: &'a GameRng,
    stack: &'a [Frame],
    board: String,
    /// Only when the deal fixes chance: how much of it is used.
    #[serde(skip_serializing_if = "ChanceUsed::is_none")]
    chance: ChanceUsed,
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Out {
            format: self.format,
            setup: &self.setup,
            rng: &self.rng,
            stack: &self.stack,
            board: self.pack(),
            chance: self.chance_used,
        }
        .serialize(s)
    }
}
