//! Events in words: the log's line for each public event, what only one seat saw, and what a
//! choice is sure to cost.

use super::cards::{
    black_counted_list, black_list, black_name, black_seen, join_and, knight_name, place_at,
    place_to, quest_name, relic_name, seat_name, white_list, white_name,
};
use super::turn::{outcome_line, share_kind_name};
use crate::board::i18n::B;
use crate::i18n::{t, tf, tn};
use camelot_board::data::{SIEGE_ENGINES_LOSE, WARRIORS_LOSE};
use camelot_board::{Black, Colour, Event, Loyalty, Outcome, PrivateEvent, Quest, Seat};

/// What a choice is sure to cost, said beside it.
pub fn danger_line(d: camelot_board::Danger) -> String {
    use camelot_board::Danger;
    let quest = |k: B, q: Quest| tf(k, &[("quest", &quest_name(q))]);
    match d {
        Danger::EvilWinsAtOnce => t(B::danger_evil_wins).into(),
        Danger::CostsHisLastLife => t(B::danger_last_life).into(),
        Danger::MayBringTheTwelfthSiegeEngine => t(B::danger_twelfth_engine).into(),
        Danger::MayBringTwoSiegeEnginesAndTheTwelfth => t(B::danger_morgan_twelfth_engine).into(),
        Danger::MayLoseAQuestAndTheSeventhBlackSword { quest: q } => {
            quest(B::danger_quest_seventh_sword, q)
        }
        Danger::MayLoseAWarAndTheTwelfthSiegeEngine { quest: q } => {
            quest(B::danger_war_twelfth_engine, q)
        }
    }
}

/// A public event as a log line: "Sir Gawain moves to the Holy Grail". `None` for
/// [`Event::Private`], which is for its seat alone (see [`private_line`]).
pub fn event_line(event: &Event, names: &[String]) -> Option<String> {
    let name = |s: Seat| seat_name(names, s);
    let who = |k: B, s: Seat| tf(k, &[("name", &name(s))]);
    let two = |k: B, s: Seat, o: Seat| tf(k, &[("name", &name(s)), ("other", &name(o))]);
    let count = |k: B, s: Seat, n: u8| tn(k, n.into(), &[("name", &name(s))]);
    let black = |k: B, c: Black| tf(k, &[("card", &black_name(c))]);
    let line = match event {
        Event::CardOffered { seat, card } => tf(
            B::event_card_offered,
            &[("name", &name(*seat)), ("card", &white_name(*card))],
        ),
        Event::CardProposed { by, card, to } => tf(
            B::event_card_proposed,
            &[
                ("name", &name(*by)),
                ("card", &white_name(*card)),
                ("other", &name(*to)),
            ],
        ),
        Event::ProposalAccepted { seat } => who(B::event_proposal_accepted, *seat),
        Event::ProposalRejected { seat } => who(B::event_proposal_rejected, *seat),
        Event::CardsShared {
            kind,
            shares,
            at_random,
        } => {
            let kind = share_kind_name(*kind);
            if shares.is_empty() {
                tf(B::event_cards_shared_to_nobody, &[("kind", &kind)])
            } else {
                let shares: Vec<String> = shares
                    .iter()
                    .map(|&(s, c)| {
                        tf(
                            B::event_share,
                            &[("card", &white_name(c)), ("name", &name(s))],
                        )
                    })
                    .collect();
                let key = if *at_random {
                    B::event_cards_dealt_at_random
                } else {
                    B::event_cards_shared
                };
                tf(key, &[("kind", &kind), ("shares", &join_and(&shares))])
            }
        }
        Event::TurnBegins {
            seat,
            turn,
            traitor_turn,
        } => {
            let key = if *traitor_turn {
                B::event_traitor_turn_begins
            } else {
                B::event_turn_begins
            };
            tf(key, &[("turn", turn), ("name", &name(*seat))])
        }
        Event::PercivalLooked { seat, cards } => count(B::event_percival_looked, *seat, *cards),
        Event::CardPutOnBottom { seat } => who(B::event_card_put_on_bottom, *seat),
        Event::BlackCardDrawn { seat, card, kind } => tf(
            B::event_black_card_drawn,
            &[("name", &name(*seat)), ("card", &black_seen(*card, *kind))],
        ),
        Event::BlackCardShown { card } => black(B::event_black_card_shown, *card),
        Event::MerlinsCommitted { seat, count: n } => count(B::event_merlins_committed, *seat, *n),
        Event::MerlinsTakenBack => t(B::event_merlins_taken_back).into(),
        Event::CancelledByMerlins { card } => black(B::event_cancelled_by_merlins, *card),
        Event::CancelledByExcalibur { seat, card } => {
            let card = match card {
                Some(c) => black_name(*c),
                None => t(B::face_down_card).into(),
            };
            tf(
                B::event_cancelled_by_excalibur,
                &[("name", &name(*seat)), ("card", &card)],
            )
        }
        Event::BlackCardObsolete { card } => black(B::event_black_card_obsolete, *card),
        Event::BlackCardPlaced {
            quest,
            card,
            face_down,
        } => {
            let at = place_at(quest.place());
            match card {
                Some(c) if !face_down => tf(
                    B::event_black_card_placed,
                    &[("card", &black_name(*c)), ("at", &at)],
                ),
                _ => tf(B::event_black_card_placed_face_down, &[("at", &at)]),
            }
        }
        Event::GrailCardDiscarded { by } => black(B::event_grail_card_discarded, *by),
        Event::DespairCancelledByGrail => t(B::event_despair_cancelled_by_grail).into(),
        Event::ExcaliburMoved { position } => {
            let end = camelot_board::data::EXCALIBUR_END;
            if *position >= end {
                t(B::event_excalibur_reaches_green_bank).into()
            } else if *position <= -end {
                t(B::event_excalibur_reaches_frozen_bank).into()
            } else {
                tn(B::event_excalibur_moved, i64::from(end - *position), &[])
            }
        }
        Event::WarriorAdded { war, warriors } => tf(
            B::event_warrior_added,
            &[
                ("at", &place_at(war.place())),
                ("n", warriors),
                ("max", &WARRIORS_LOSE),
            ],
        ),
        Event::WarriorRemoved { war, warriors } => tf(
            B::event_warrior_removed,
            &[
                ("at", &place_at(war.place())),
                ("n", warriors),
                ("max", &WARRIORS_LOSE),
            ],
        ),
        Event::MordredAttached { war } => {
            tf(B::event_mordred_attached, &[("at", &place_at(war.place()))])
        }
        Event::DarkForestInEffect => t(B::event_dark_forest_in_effect).into(),
        Event::DarkForestEnds => t(B::event_dark_forest_ends).into(),
        Event::VivienInEffect => t(B::event_vivien_in_effect).into(),
        Event::VivienEnds => t(B::event_vivien_ends).into(),
        Event::MistsOfAvalonInEffect => t(B::event_mists_of_avalon).into(),
        Event::GuinevereCallsKnightsHome => t(B::event_guinevere).into(),
        Event::Volunteered { seat } => who(B::event_volunteered, *seat),
        Event::NoVolunteer => t(B::event_no_volunteer).into(),
        Event::CardsDiscarded { seat, count: n } => count(B::event_cards_discarded, *seat, *n),
        Event::SiegeEngineAdded { engines } => tf(
            B::event_siege_engine_added,
            &[("n", engines), ("max", &SIEGE_ENGINES_LOSE)],
        ),
        Event::SiegeEngineRemoved { engines } => tf(
            B::event_siege_engine_removed,
            &[("n", engines), ("max", &SIEGE_ENGINES_LOSE)],
        ),
        Event::LifeChanged { seat, was, life } => {
            let (k, by) = if life > was {
                (B::event_life_gained, life - was)
            } else {
                (B::event_life_lost, was - life)
            };
            tn(k, by.into(), &[("name", &name(*seat)), ("life", life)])
        }
        Event::KnightFalls { seat } => who(B::event_knight_falls, *seat),
        Event::GrailSaves { owner, seat } if owner == seat => who(B::event_grail_saves_self, *seat),
        Event::GrailSaves { owner, seat } => tf(
            B::event_grail_saves,
            &[("owner", &name(*owner)), ("name", &name(*seat))],
        ),
        Event::KnightDies { seat } => who(B::event_knight_dies, *seat),
        Event::QuestEnds {
            quest,
            won,
            white_total,
            black_total,
            black_cards,
            kay,
            winner: _,
            present: _,
        } => {
            let q = quest_name(*quest);
            let mut line = if quest.rules().combat {
                let key = if *won {
                    B::event_combat_won
                } else {
                    B::event_combat_lost
                };
                tf(
                    key,
                    &[
                        ("quest", &q),
                        ("white", white_total),
                        ("black", black_total),
                    ],
                )
            } else {
                let key = if *won {
                    B::event_quest_won
                } else {
                    B::event_quest_lost
                };
                tf(key, &[("quest", &q)])
            };
            if !black_cards.is_empty() {
                line.push_str(". ");
                line.push_str(&tf(
                    B::event_black_cards_revealed,
                    &[("cards", &black_counted_list(black_cards))],
                ));
            }
            if let Some(card) = kay {
                line.push_str(". ");
                line.push_str(&tf(B::event_kay_added, &[("card", &white_name(*card))]));
            }
            line
        }
        Event::SwordsLaid { colour, count: n } => {
            let key = match colour {
                Colour::White => B::event_swords_laid_white,
                Colour::Black => B::event_swords_laid_black,
            };
            tn(key, (*n).into(), &[])
        }
        Event::SwordFlipped => t(B::event_sword_flipped).into(),
        Event::RelicWon { relic, seat } => tf(
            B::event_relic_won,
            &[("name", &name(*seat)), ("relic", &relic_name(*relic))],
        ),
        Event::RelicRemoved { relic } => {
            tf(B::event_relic_removed, &[("relic", &relic_name(*relic))])
        }
        Event::KnightMoved { seat, to, free } => {
            let key = if *free {
                B::event_knight_moved_free
            } else {
                B::event_knight_moved
            };
            tf(key, &[("name", &name(*seat)), ("to", &place_to(*to))])
        }
        Event::SoloQuestAbandoned { quest, cards } => tn(
            B::event_solo_quest_abandoned,
            (*cards).into(),
            &[("quest", &quest_name(*quest))],
        ),
        Event::WhiteCardsDrawn { seat, count: n } => count(B::event_white_cards_drawn, *seat, *n),
        Event::WhiteCardsShown { cards } => {
            tf(B::event_white_cards_shown, &[("cards", &white_list(cards))])
        }
        Event::FightCardPlayed { seat, quest, card } => tf(
            B::event_fight_card_played,
            &[
                ("name", &name(*seat)),
                ("card", &white_name(*card)),
                ("at", &place_at(quest.place())),
            ],
        ),
        Event::DiscardedForExcalibur { seat } => who(B::event_discarded_for_excalibur, *seat),
        Event::GrailCardPlayed { seat } => who(B::event_grail_card_played, *seat),
        Event::FightCardAdded { seat, card } => tf(
            B::event_fight_card_added,
            &[("name", &name(*seat)), ("card", &white_name(*card))],
        ),
        Event::SiegeFight {
            seat,
            cards: _,
            roll,
            kay,
            total,
            won,
        } => {
            let key = if *won {
                B::event_siege_fight_won
            } else {
                B::event_siege_fight_lost
            };
            let mut line = tf(
                key,
                &[("name", &name(*seat)), ("total", total), ("roll", roll)],
            );
            if let Some(card) = kay {
                line.push_str(". ");
                line.push_str(&tf(B::event_kay_added, &[("card", &white_name(*card))]));
            }
            line
        }
        Event::Healed { seat, life } => count(B::event_healed, *seat, *life),
        Event::Sacrificed { seat, life } => count(B::event_sacrificed, *seat, *life),
        Event::Accused {
            accuser,
            target,
            loyalty,
        } => {
            let key = match loyalty {
                Loyalty::Loyal => B::event_accused_loyal,
                Loyalty::Traitor => B::event_accused_traitor,
            };
            two(key, *accuser, *target)
        }
        Event::TraitorUnmasked { seat } => who(B::event_traitor_unmasked, *seat),
        Event::SpecialCardPlayed { seat, card } => tf(
            B::event_special_card_played,
            &[("name", &name(*seat)), ("card", &white_name(*card))],
        ),
        Event::ConvocationAnswered { seat, go } => {
            let key = if *go {
                B::event_convocation_go
            } else {
                B::event_convocation_stay
            };
            who(key, *seat)
        }
        Event::HeroismLaid { quest } => {
            tf(B::event_heroism_laid, &[("at", &place_at(quest.place()))])
        }
        Event::CardsGiven { from, to, count: n } => tn(
            B::event_cards_given,
            (*n).into(),
            &[("name", &name(*from)), ("other", &name(*to))],
        ),
        Event::ArthurExchanged { arthur, with } => two(B::event_arthur_exchanged, *arthur, *with),
        Event::ClairvoyanceUsed { seat, cards } => count(B::event_clairvoyance_used, *seat, *cards),
        Event::TraitorTookCard { traitor, from } => {
            two(B::event_traitor_took_card, *traitor, *from)
        }
        Event::KayAddedCard { card } => {
            tf(B::event_kay_added_card, &[("card", &white_name(*card))])
        }
        Event::SquireKnighted { seat, knight } => tf(
            B::event_squire_knighted,
            &[("name", &name(*seat)), ("knight", &knight_name(*knight))],
        ),
        Event::LoyaltyCardsLookedAt => t(B::event_loyalty_cards_looked_at).into(),
        Event::KnightJoins { seat: _, knight } => {
            tf(B::event_knight_joins, &[("knight", &knight_name(*knight))])
        }
        Event::KnightLeaves { seat } => who(B::event_knight_leaves, *seat),
        Event::DecksReshuffled => t(B::event_decks_reshuffled).into(),
        Event::EndReveal {
            traitor: Some(seat),
            flipped,
        } => count(B::event_end_reveal, *seat, *flipped),
        Event::EndReveal {
            traitor: None,
            flipped: _,
        } => t(B::event_end_reveal_dead).into(),
        Event::GameOver { winner, reason } => {
            let outcome = outcome_line(&Outcome {
                winner: *winner,
                reason: *reason,
            });
            tf(B::event_game_over, &[("outcome", &outcome)])
        }
        Event::Private { .. } => return None,
    };
    Some(line)
}

/// What only one seat saw, for that seat's eyes, told behind his next curtain: "You drew: Fight 3
/// and Grail".
pub fn private_line(event: &PrivateEvent, names: &[String]) -> String {
    match event {
        PrivateEvent::BlackCards { cards } => {
            tf(B::private_black_cards, &[("cards", &black_list(cards))])
        }
        PrivateEvent::WhiteCardsDrawn { cards } => tf(
            B::private_white_cards_drawn,
            &[("cards", &white_list(cards))],
        ),
        PrivateEvent::WhiteCardsReceived { from, cards } => tf(
            B::private_white_cards_received,
            &[
                ("name", &seat_name(names, *from)),
                ("cards", &white_list(cards)),
            ],
        ),
        PrivateEvent::CardsDiscarded { cards } => {
            tf(B::private_cards_discarded, &[("cards", &white_list(cards))])
        }
        PrivateEvent::CardTaken { card } => {
            tf(B::private_card_taken, &[("card", &white_name(*card))])
        }
        PrivateEvent::Loyalty {
            loyalty: Loyalty::Loyal,
        } => t(B::private_loyal).into(),
        PrivateEvent::Loyalty {
            loyalty: Loyalty::Traitor,
        } => t(B::private_traitor).into(),
    }
}
