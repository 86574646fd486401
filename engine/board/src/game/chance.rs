//! Chance fixed by the deal for scripted checks of the rules ([`Chance`]: the siege die's rolls,
//! the random picks), used in order before the seeded generator.

use super::*;
use rand::RngExt;

/// Chance fixed in advance, for scripted checks of the rules. Each list is used up in order, one
/// entry each time that chance is met; once a list is used up, the seeded generator takes over.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Chance {
    /// The siege die's rolls (§4.8).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<Roll>,
    /// Random picks, each the position of what is picked among what it is picked from (counted
    /// round them when beyond their number; a single choice uses none): the card the revealed
    /// Traitor takes (§6.3), among the cards of the hand he takes from in card order; and each card
    /// dealt at random when a share is not agreed (§4.1, §9.20), among the cards still to deal in
    /// the order they were laid or won, the first one dealt first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub picks: Vec<u8>,
}

impl Chance {
    pub fn is_empty(&self) -> bool {
        self.rolls.is_empty() && self.picks.is_empty()
    }
}

/// A face of the siege die, 1 to 8: there is no other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Roll(u8);

impl Roll {
    /// The face `face`, if the die has it.
    pub fn new(face: u8) -> Option<Roll> {
        (1..=SIEGE_DIE_FACES).contains(&face).then_some(Roll(face))
    }

    pub fn face(self) -> u8 {
        self.0
    }
}

/// A number that is not a face of the siege die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAFace(pub u8);

impl std::fmt::Display for NotAFace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the siege die has faces 1 to {SIEGE_DIE_FACES}, not {}",
            self.0
        )
    }
}

impl std::error::Error for NotAFace {}

impl TryFrom<u8> for Roll {
    type Error = NotAFace;

    fn try_from(face: u8) -> Result<Roll, NotAFace> {
        Roll::new(face).ok_or(NotAFace(face))
    }
}

impl From<Roll> for u8 {
    fn from(roll: Roll) -> u8 {
        roll.0
    }
}

/// How much of the fixed chance has been used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ChanceUsed {
    pub rolls: u32,
    pub picks: u32,
}

impl ChanceUsed {
    pub fn is_none(&self) -> bool {
        self.rolls == 0 && self.picks == 0
    }
}

impl Game {
    // ---------------------------------------------------------------------------------------------
    // Chance
    // ---------------------------------------------------------------------------------------------

    fn chance(&self) -> Option<&Chance> {
        self.setup.deal.as_ref().map(|d| &d.chance)
    }

    /// The siege die (§4.8): the deal's next fixed roll, else the seeded generator's.
    pub(crate) fn roll_siege_die(&mut self) -> u8 {
        let used = self.chance_used.rolls;
        let fixed = self
            .chance()
            .and_then(|c| c.rolls.get(used as usize))
            .copied();
        match fixed {
            Some(roll) => {
                self.chance_used.rolls = used + 1;
                roll.face()
            }
            None => self.rng.random_range(1..=SIEGE_DIE_FACES),
        }
    }

    /// The deal's next fixed pick among `choices` (counted round them), if one is left. A single
    /// choice is no pick, and uses none.
    pub(crate) fn fixed_pick(&mut self, choices: u8) -> Option<u8> {
        if choices < 2 {
            return None;
        }
        let used = self.chance_used.picks;
        let pick = *self.chance()?.picks.get(used as usize)?;
        self.chance_used.picks = used + 1;
        Some(pick % choices)
    }
}
