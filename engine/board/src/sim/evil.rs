//! The built-in policy's Progression of Evil (§3.1): what a black card drawn now is expected to
//! cost, against a siege engine and a life; the hidden Traitor's keeps his record like the table's.

use super::*;

impl Ctx<'_, '_> {
    pub(super) fn evil_score(&self, a: Action) -> i32 {
        if matches!(a, Action::PercivalLook) {
            return 100;
        }
        let top_harm = self.v.percival_top().map(|c| self.harm(c));
        if self.traitor {
            return self.traitor_evil_score(a, top_harm, &self.others_evil());
        }
        self.loyal_evil_score(a, top_harm)
    }

    /// [`Ctx::evil_score`] of drawing a black card, adding a siege engine and losing a life, with
    /// what they share worked out once.
    pub(super) fn evil_scores(&self) -> [i32; 3] {
        const OPTIONS: [Action; 3] = [
            Action::DrawBlackCard,
            Action::AddSiegeEngine,
            Action::LoseLife,
        ];
        let top_harm = self.v.percival_top().map(|c| self.harm(c));
        if self.traitor {
            let others = self.others_evil();
            return OPTIONS.map(|a| self.traitor_evil_score(a, top_harm, &others));
        }
        OPTIONS.map(|a| self.loyal_evil_score(a, top_harm))
    }

    /// What the other knights on the board chose as their Progression of Evil, summed.
    fn others_evil(&self) -> OthersEvil {
        let v = self.v;
        let mut sums = OthersEvil::default();
        for s in (0..v.players()).map(Seat) {
            if s != v.seat() && v.on_board(s) {
                let d = v.deeds(s);
                sums.black += i32::from(d.black_cards_drawn);
                sums.engines += i32::from(d.siege_engines_added);
                sums.life += i32::from(d.life_lost_to_evil);
                sums.k += 1;
            }
        }
        sums
    }

    /// The hidden Traitor's Progression of Evil keeps his record near the table's: he draws, adds
    /// or loses life as often as the others have (by their mean), likes the risky draws, and adds
    /// siege engines late while he has not added more than the others.
    fn traitor_evil_score(&self, a: Action, top_harm: Option<i32>, others: &OthersEvil) -> i32 {
        let v = self.v;
        let me = v.deeds(v.seat());
        let OthersEvil {
            black,
            engines,
            life,
            k,
        } = *others;
        let k = k.max(1);
        // How far he is behind the others' mean, in tenths of a card.
        let behind = |sum: i32, mine: u8| (10 * sum - 10 * k * i32::from(mine)) / k;
        let w = 3;
        match a {
            Action::DrawBlackCard => match top_harm {
                Some(h) => 20 + 10 * h,
                None => 50 + w * behind(black, me.black_cards_drawn) + self.draw_risk() * 50 / 100,
            },
            Action::AddSiegeEngine => {
                if self.engines >= 8 && self.engines_added_unremarked(0) {
                    80
                } else {
                    30 + w * behind(engines, me.siege_engines_added)
                }
            }
            Action::LoseLife if self.life >= 3 => 45 + w * behind(life, me.life_lost_to_evil),
            _ => self.loyal_evil_score(a, top_harm),
        }
    }

    /// Whether adding one more siege engine keeps his count within `slack` of the fewest any
    /// other knight on the board has added.
    fn engines_added_unremarked(&self, slack: u8) -> bool {
        let v = self.v;
        let mine = v.deeds(v.seat()).siege_engines_added;
        let fewest = (0..v.players())
            .map(Seat)
            .filter(|&s| s != v.seat() && v.on_board(s))
            .map(|s| v.deeds(s).siege_engines_added)
            .min()
            .unwrap_or(0);
        mine < fewest.saturating_add(slack).saturating_add(1)
    }

    fn loyal_evil_score(&self, a: Action, top_harm: Option<i32>) -> i32 {
        match a {
            Action::DrawBlackCard => match top_harm {
                Some(h) if h >= 5 => 0,
                Some(_) => 70,
                None => 42 - self.draw_risk() * 82 / 100,
            },
            // The first siege engine is the cheapest choice; from the second on a spare life or a
            // black card usually costs less. Liked up to 2 engines, it left more games to the
            // siege, most where a Traitor was dealt (docs/computer-knights-measured.md, "The second
            // siege engine").
            Action::AddSiegeEngine => match self.engines {
                0 => 142,
                1..=5 => 26,
                6..=9 => -15,
                _ => -50,
            },
            Action::LoseLife => match self.life {
                6 => 46,
                5 => 73,
                4 => 57,
                // The last knight on the board who gives his last life loses the game.
                1 if self.last_on_board() => -1000,
                _ => -20,
            },
            _ => 0,
        }
    }

    /// No other knight is on the board.
    fn last_on_board(&self) -> bool {
        let v = self.v;
        (0..v.players())
            .map(Seat)
            .all(|s| s == v.seat() || !v.on_board(s))
    }

    /// The black swords a black card drawn now is expected to cost (×100): the quests one card
    /// away from being lost, weighted by the share of the black deck that would do it.
    pub(super) fn draw_risk(&self) -> i32 {
        let v = self.v;
        let mut risk = 0;
        if v.combat_black_len(Quest::BlackKnight) == 3 {
            risk += 11 * 100;
        }
        if v.quest_in_play(Quest::Lancelot) && v.combat_black_len(Quest::Lancelot) == 4 {
            risk += 11 * 100;
        }
        if v.quest_in_play(Quest::Dragon) && v.combat_black_len(Quest::Dragon) == 4 {
            risk += 11 * 200;
        }
        if v.quest_in_play(Quest::Grail)
            && v.grail_track().iter().filter(|s| s.is_black()).count() == GRAIL_SPOTS - 1
        {
            risk += 17 * 300;
        }
        if v.quest_in_play(Quest::Excalibur) && v.excalibur_position() == 1 - EXCALIBUR_END {
            risk += 15 * 200;
        }
        let picts = v.war(Quest::PictWar).warriors == WARRIORS_LOSE - 1;
        let saxons = v.war(Quest::SaxonWar).warriors == WARRIORS_LOSE - 1;
        risk +=
            (4 * i32::from(picts) + 4 * i32::from(saxons) + 4 * i32::from(picts && saxons)) * 150;
        // Cards of quests that are over add a siege engine instead.
        let mut obsolete = 0;
        if !v.quest_in_play(Quest::Excalibur) {
            obsolete += 15;
        }
        if !v.quest_in_play(Quest::Grail) {
            obsolete += 18;
        }
        if !v.quest_in_play(Quest::Lancelot) && !v.quest_in_play(Quest::Dragon) {
            obsolete += 11;
        }
        risk += obsolete * self.engine_cost();
        risk / 76
    }

    /// What one more siege engine costs, in hundredths of a black sword.
    fn engine_cost(&self) -> i32 {
        match self.engines {
            11.. => 1000,
            10 => 192,
            _ => 2,
        }
    }
}

/// The Progression of Evil chosen by the other knights on the board: black cards drawn, siege
/// engines added and life lost, summed over `k` knights.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct OthersEvil {
    pub(super) black: i32,
    pub(super) engines: i32,
    pub(super) life: i32,
    pub(super) k: i32,
}
