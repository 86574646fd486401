//! Reading the tagged serde forms of [`Action`] and [`PrivateEvent`].
//!
//! Both are written by serde's derive as internally tagged objects (`{"type": "go_on_quest",
//! "quest": "dragon"}`). serde reads such enums by first buffering the whole object into a generic
//! value and then re-reading it once per variant, which costs a great deal of code in the web app
//! (where saved games are read) for no benefit. Here each form is read in one pass into a flat record
//! — the tag plus every field any variant has, all optional — and the record is then checked and
//! turned into the variant. The JSON accepted is the same: a tag naming a variant and that variant's
//! fields; other fields are ignored, as the derive ignored them.

use crate::action::{Action, Keep, PrivateEvent, Seat};
use crate::cards::{Card, Knight, Loyalty, Quest};
use serde::de::{Deserialize, Deserializer, Error};

/// The `type` tag of an [`Action`].
#[derive(Clone, Copy, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
enum ActionType {
    ListenToRumors,
    GoOnQuest,
    Accuse,
    SpreadRumors,
    PlaceRumor,
    Announce,
    ChooseMerlin4Quest,
    GiveLoyalty,
    KeepLoyalty,
    Merlin6Quest,
    DeclineMerlin6,
    PlayTristan,
    PlayGalahad,
    PlayArthur,
    PlayGawain,
    GawainPlay,
    PlayPercival,
    PassWindow,
    Pass,
}

/// Every field an [`Action`] may have.
#[derive(serde::Deserialize)]
struct ActionRecord {
    #[serde(rename = "type")]
    kind: ActionType,
    quest: Option<Quest>,
    target: Option<Seat>,
    index: Option<u8>,
    card: Option<Card>,
    recipient: Option<Seat>,
    keep: Option<Keep>,
    bonus: Option<u8>,
}

/// A field the tag's variant needs.
fn need<T, E: Error>(field: Option<T>, name: &'static str) -> Result<T, E> {
    field.ok_or_else(|| E::missing_field(name))
}

impl ActionRecord {
    fn action<E: Error>(self) -> Result<Action, E> {
        use ActionType as T;
        Ok(match self.kind {
            T::ListenToRumors => Action::ListenToRumors,
            T::GoOnQuest => Action::GoOnQuest {
                quest: need(self.quest, "quest")?,
            },
            T::Accuse => Action::Accuse {
                target: need(self.target, "target")?,
            },
            T::SpreadRumors => Action::SpreadRumors,
            T::PlaceRumor => Action::PlaceRumor {
                index: need(self.index, "index")?,
            },
            T::Announce => Action::Announce {
                card: need(self.card, "card")?,
            },
            T::ChooseMerlin4Quest => Action::ChooseMerlin4Quest {
                quest: need(self.quest, "quest")?,
            },
            T::GiveLoyalty => Action::GiveLoyalty {
                recipient: need(self.recipient, "recipient")?,
            },
            T::KeepLoyalty => Action::KeepLoyalty {
                keep: need(self.keep, "keep")?,
            },
            T::Merlin6Quest => Action::Merlin6Quest {
                quest: need(self.quest, "quest")?,
                bonus: need(self.bonus, "bonus")?,
            },
            T::DeclineMerlin6 => Action::DeclineMerlin6,
            T::PlayTristan => Action::PlayTristan,
            T::PlayGalahad => Action::PlayGalahad {
                target: need(self.target, "target")?,
            },
            T::PlayArthur => Action::PlayArthur,
            T::PlayGawain => Action::PlayGawain,
            // `null` (or no index) only when all three cards drawn are Morgans.
            T::GawainPlay => Action::GawainPlay { index: self.index },
            T::PlayPercival => Action::PlayPercival,
            T::PassWindow => Action::PassWindow,
            T::Pass => Action::Pass,
        })
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        ActionRecord::deserialize(d)?.action()
    }
}

/// The `saw` tag of a [`PrivateEvent`].
#[derive(Clone, Copy, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
enum PrivateType {
    Drew,
    DrewTwo,
    VivienOffer,
    KeptLoyalty,
    Merlin4Quest,
    KnightDrawn,
    DeckSeen,
    LoyaltySeen,
    GawainDrew,
}

/// Every field a [`PrivateEvent`] may have.
#[derive(serde::Deserialize)]
struct PrivateRecord {
    saw: PrivateType,
    card: Option<Card>,
    cards: Option<Vec<Card>>,
    current: Option<Loyalty>,
    offered: Option<Loyalty>,
    loyalty: Option<Loyalty>,
    quest: Option<Quest>,
    knight: Option<Knight>,
    seat: Option<Seat>,
}

impl PrivateRecord {
    fn event<E: Error>(self) -> Result<PrivateEvent, E> {
        use PrivateType as T;
        Ok(match self.saw {
            T::Drew => PrivateEvent::Drew {
                card: need(self.card, "card")?,
            },
            T::DrewTwo => PrivateEvent::DrewTwo {
                cards: need(self.cards, "cards")?
                    .try_into()
                    .map_err(|_| E::custom("a drew_two event holds two cards"))?,
            },
            T::VivienOffer => PrivateEvent::VivienOffer {
                current: need(self.current, "current")?,
                offered: need(self.offered, "offered")?,
            },
            T::KeptLoyalty => PrivateEvent::KeptLoyalty {
                loyalty: need(self.loyalty, "loyalty")?,
            },
            T::Merlin4Quest => PrivateEvent::Merlin4Quest {
                quest: need(self.quest, "quest")?,
            },
            T::KnightDrawn => PrivateEvent::KnightDrawn {
                knight: need(self.knight, "knight")?,
            },
            T::DeckSeen => PrivateEvent::DeckSeen {
                cards: need(self.cards, "cards")?,
            },
            T::LoyaltySeen => PrivateEvent::LoyaltySeen {
                seat: need(self.seat, "seat")?,
                loyalty: need(self.loyalty, "loyalty")?,
            },
            T::GawainDrew => PrivateEvent::GawainDrew {
                cards: need(self.cards, "cards")?,
            },
        })
    }
}

impl<'de> Deserialize<'de> for PrivateEvent {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        PrivateRecord::deserialize(d)?.event()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(code: &str) -> Card {
        code.parse().unwrap()
    }

    /// Every variant with every field set, written by serde's derive and read back here.
    fn every_action() -> Vec<Action> {
        vec![
            Action::ListenToRumors,
            Action::GoOnQuest {
                quest: Quest::Dragon,
            },
            Action::Accuse { target: Seat(3) },
            Action::SpreadRumors,
            Action::PlaceRumor { index: 1 },
            Action::Announce {
                card: card("grail:?"),
            },
            Action::Announce {
                card: card("morgan:4+2"),
            },
            Action::ChooseMerlin4Quest {
                quest: Quest::Picts,
            },
            Action::GiveLoyalty { recipient: Seat(2) },
            Action::KeepLoyalty { keep: Keep::New },
            Action::KeepLoyalty {
                keep: Keep::Current,
            },
            Action::Merlin6Quest {
                quest: Quest::Saxons,
                bonus: 3,
            },
            Action::DeclineMerlin6,
            Action::PlayTristan,
            Action::PlayGalahad { target: Seat(0) },
            Action::PlayArthur,
            Action::PlayGawain,
            Action::GawainPlay { index: Some(2) },
            Action::GawainPlay { index: None },
            Action::PlayPercival,
            Action::PassWindow,
            Action::Pass,
        ]
    }

    #[test]
    fn every_action_reads_back_as_written() {
        for a in every_action() {
            let text = serde_json::to_string(&a).unwrap();
            let back: Action = serde_json::from_str(&text).unwrap();
            assert_eq!(back, a, "{text}");
        }
    }

    #[test]
    fn every_private_event_reads_back_as_written() {
        let cards = vec![card("merlin:4"), card("mordred"), card("vivien")];
        for e in [
            PrivateEvent::Drew {
                card: Card::Mordred,
            },
            PrivateEvent::DrewTwo {
                cards: [cards[0], cards[1]],
            },
            PrivateEvent::VivienOffer {
                current: Loyalty::Loyal,
                offered: Loyalty::Traitor,
            },
            PrivateEvent::KeptLoyalty {
                loyalty: Loyalty::Traitor,
            },
            PrivateEvent::Merlin4Quest {
                quest: Quest::Excalibur,
            },
            PrivateEvent::KnightDrawn {
                knight: Knight::Gawain,
            },
            PrivateEvent::DeckSeen {
                cards: cards.clone(),
            },
            PrivateEvent::LoyaltySeen {
                seat: Seat(5),
                loyalty: Loyalty::Loyal,
            },
            PrivateEvent::GawainDrew { cards },
        ] {
            let text = serde_json::to_string(&e).unwrap();
            let back: PrivateEvent = serde_json::from_str(&text).unwrap();
            assert_eq!(back, e, "{text}");
        }
    }

    #[test]
    fn a_missing_field_is_named() {
        let e = serde_json::from_str::<Action>(r#"{"type": "go_on_quest"}"#).unwrap_err();
        assert!(e.to_string().contains("missing field `quest`"), "{e}");
        let e = serde_json::from_str::<PrivateEvent>(r#"{"saw": "loyalty_seen", "seat": 1}"#)
            .unwrap_err();
        assert!(e.to_string().contains("missing field `loyalty`"), "{e}");
    }

    #[test]
    fn an_unknown_tag_or_no_tag_is_refused() {
        assert!(serde_json::from_str::<Action>(r#"{"type": "fly"}"#).is_err());
        assert!(serde_json::from_str::<Action>(r#"{"quest": "dragon"}"#).is_err());
        assert!(serde_json::from_str::<PrivateEvent>(r#"{"saw": "nothing"}"#).is_err());
    }

    #[test]
    fn fields_in_any_order_and_unknown_fields_are_read_as_before() {
        let a: Action = serde_json::from_str(
            r#"{"bonus": 2, "note": "x", "quest": "grail", "type": "merlin6_quest"}"#,
        )
        .unwrap();
        assert_eq!(
            a,
            Action::Merlin6Quest {
                quest: Quest::Grail,
                bonus: 2
            }
        );
        let a: Action = serde_json::from_str(r#"{"type": "gawain_play", "index": null}"#).unwrap();
        assert_eq!(a, Action::GawainPlay { index: None });
    }
}
