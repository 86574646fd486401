//! Samples of every engine variant the board game words: actions, events, secrets, refusals,
//! setup errors, decisions (with their phase and decider), and computer knights' reasons and clues.

use super::{S0, S1, S2};
use camelot_board::sim::{Clue, Reason};
use camelot_board::{
    Action, Black, BlackCardStage, BlackKind, Colour, DiscardCause, EndReason, Event, Knight,
    Loyalty, PendingView, Phase, Place, PrivateEvent, Quest, Relic, RuleError, Seat, SetupError,
    ShareKind, Side, White,
};

/// Every action that carries nothing comes from the engine's own list of them; those that carry
/// something are sampled here.
pub(super) fn actions() -> Vec<Action> {
    use Action::*;
    let card = White::Fight3;
    let mut samples = vec![
        OfferCard { card },
        ChooseFirstDealt { seat: S1 },
        Propose { to: S2 },
        PutOnBottom { index: 1 },
        KeepBlackCard { index: 0 },
        CommitMerlins { count: 1 },
        CommitMerlins { count: 2 },
        ChooseWar {
            war: Quest::PictWar,
        },
        Discard { card: White::Grail },
        Move { to: Place::Grail },
        Move { to: Place::Camelot },
        AddToFight { card },
        PlayFightCard { card },
        DiscardForExcalibur {
            card: White::Merlin,
        },
        Heal { card },
        Accuse { target: S2 },
        MerlinRemovesBlackCard {
            quest: Quest::Dragon,
        },
        MerlinRemovesWarrior {
            war: Quest::SaxonWar,
        },
        AnswerConvocation { go: true },
        AnswerConvocation { go: false },
        PlayFate { reveal: false },
        PlayFate { reveal: true },
        PlayHeroism {
            quest: Quest::BlackKnight,
        },
        PlayMessenger { to: S1 },
        GiveCard { card },
        PlayPiety { others: false },
        PlayPiety { others: true },
        PutNext { index: 4 },
        PlayReinforcements { others: false },
        PlayReinforcements { others: true },
        ArthurExchange { to: S1, card },
        GiveBack { card },
        KayAddsCard { card },
        TakeCardFrom { seat: S2 },
        Leave { seat: S1 },
    ];
    samples.extend(super::unit_variants::<Action>("type"));
    samples
}

/// Every event that carries nothing comes from the engine's own list of them; those that carry
/// something are sampled here.
pub(super) fn events() -> Vec<Event> {
    use Event::*;
    let card = White::Fight4;
    let mut samples = vec![
        CardOffered { seat: S0, card },
        CardProposed {
            by: S0,
            card,
            to: S1,
        },
        ProposalAccepted { seat: S1 },
        ProposalRejected { seat: S2 },
        CardsShared {
            kind: ShareKind::Spoils,
            shares: vec![(S0, card), (S1, White::Grail)],
            at_random: false,
        },
        CardsShared {
            kind: ShareKind::Opening,
            shares: vec![(S2, White::Merlin)],
            at_random: true,
        },
        CardsShared {
            kind: ShareKind::Convocation,
            shares: vec![],
            at_random: false,
        },
        TurnBegins {
            seat: S0,
            turn: 3,
            traitor_turn: false,
        },
        TurnBegins {
            seat: S1,
            turn: 4,
            traitor_turn: true,
        },
        PercivalLooked { seat: S0, cards: 1 },
        PercivalLooked { seat: S0, cards: 2 },
        CardPutOnBottom { seat: S0 },
        BlackCardDrawn {
            seat: S1,
            card: Some(Black::Morgan3),
            kind: BlackKind::Other,
        },
        BlackCardDrawn {
            seat: S1,
            card: None,
            kind: BlackKind::LancelotDragon,
        },
        BlackCardShown {
            card: Black::BlackKnight5,
        },
        MerlinsCommitted { seat: S2, count: 2 },
        CancelledByMerlins {
            card: Black::Vivien,
        },
        CancelledByExcalibur {
            seat: S0,
            card: Some(Black::Despair),
        },
        CancelledByExcalibur {
            seat: S0,
            card: None,
        },
        BlackCardObsolete {
            card: Black::Excalibur,
        },
        BlackCardPlaced {
            quest: Quest::Lancelot,
            card: Some(Black::LancelotDragon3),
            face_down: false,
        },
        BlackCardPlaced {
            quest: Quest::BlackKnight,
            card: None,
            face_down: true,
        },
        GrailCardDiscarded {
            by: Black::Desolation,
        },
        ExcaliburMoved { position: -2 },
        ExcaliburMoved { position: 4 },
        ExcaliburMoved { position: 5 },
        ExcaliburMoved { position: -5 },
        WarriorAdded {
            war: Quest::PictWar,
            warriors: 3,
        },
        WarriorRemoved {
            war: Quest::SaxonWar,
            warriors: 1,
        },
        MordredAttached {
            war: Quest::SaxonWar,
        },
        Volunteered { seat: S1 },
        CardsDiscarded { seat: S2, count: 3 },
        SiegeEngineAdded { engines: 7 },
        SiegeEngineRemoved { engines: 6 },
        LifeChanged {
            seat: S0,
            was: 3,
            life: 1,
        },
        LifeChanged {
            seat: S0,
            was: 4,
            life: 5,
        },
        KnightFalls { seat: S1 },
        GrailSaves {
            owner: S0,
            seat: S1,
        },
        GrailSaves {
            owner: S2,
            seat: S2,
        },
        KnightDies { seat: S1 },
        QuestEnds {
            quest: Quest::Dragon,
            won: true,
            white_total: 21,
            black_total: 19,
            black_cards: vec![Black::LancelotDragon1, Black::LancelotDragon7],
            kay: Some(White::Fight5),
            winner: Some(S0),
            present: vec![S0, S1],
        },
        QuestEnds {
            quest: Quest::Grail,
            won: false,
            white_total: 0,
            black_total: 0,
            black_cards: vec![],
            kay: None,
            winner: None,
            present: vec![],
        },
        SwordsLaid {
            colour: Colour::White,
            count: 1,
        },
        SwordsLaid {
            colour: Colour::Black,
            count: 3,
        },
        RelicWon {
            relic: Relic::LancelotsArmor,
            seat: S0,
        },
        RelicRemoved {
            relic: Relic::Grail,
        },
        KnightMoved {
            seat: S1,
            to: Place::Grail,
            free: false,
        },
        KnightMoved {
            seat: S1,
            to: Place::Camelot,
            free: true,
        },
        SoloQuestAbandoned {
            quest: Quest::Lancelot,
            cards: 2,
        },
        WhiteCardsDrawn { seat: S2, count: 1 },
        WhiteCardsShown {
            cards: vec![card, card, White::Piety],
        },
        FightCardPlayed {
            seat: S0,
            quest: Quest::PictWar,
            card,
        },
        DiscardedForExcalibur { seat: S0 },
        GrailCardPlayed { seat: S1 },
        FightCardAdded { seat: S1, card },
        SiegeFight {
            seat: S1,
            cards: vec![card],
            roll: 6,
            kay: Some(White::Fight2),
            total: 7,
            won: true,
        },
        SiegeFight {
            seat: S1,
            cards: vec![],
            roll: 3,
            kay: None,
            total: 0,
            won: false,
        },
        Healed { seat: S2, life: 4 },
        Sacrificed { seat: S2, life: 1 },
        Accused {
            accuser: S0,
            target: S1,
            loyalty: Loyalty::Loyal,
        },
        Accused {
            accuser: S0,
            target: S2,
            loyalty: Loyalty::Traitor,
        },
        TraitorUnmasked { seat: S2 },
        SpecialCardPlayed {
            seat: S0,
            card: White::Reinforcements,
        },
        ConvocationAnswered { seat: S1, go: true },
        ConvocationAnswered {
            seat: S1,
            go: false,
        },
        HeroismLaid {
            quest: Quest::Excalibur,
        },
        CardsGiven {
            from: S0,
            to: S1,
            count: 2,
        },
        ArthurExchanged {
            arthur: S0,
            with: S2,
        },
        ClairvoyanceUsed { seat: S0, cards: 5 },
        TraitorTookCard {
            traitor: S2,
            from: S0,
        },
        KayAddedCard { card },
        SquireKnighted {
            seat: S1,
            knight: Knight::SirPalamedes,
        },
        KnightJoins {
            seat: S1,
            knight: Knight::SirTristan,
        },
        KnightLeaves { seat: S2 },
        EndReveal {
            traitor: Some(S2),
            flipped: 2,
        },
        EndReveal {
            traitor: None,
            flipped: 0,
        },
        GameOver {
            winner: Side::Evil,
            reason: EndReason::SiegeEngines,
        },
        Private {
            seat: S0,
            private: PrivateEvent::CardTaken { card },
        },
    ];
    samples.extend(super::unit_variants::<Event>("event"));
    samples
}

pub(super) fn privates() -> Vec<PrivateEvent> {
    use PrivateEvent::*;
    vec![
        BlackCards {
            cards: vec![Black::Morgan1, Black::Picts],
        },
        WhiteCardsDrawn {
            cards: vec![White::Fight1, White::Fight1, White::Grail],
        },
        WhiteCardsReceived {
            from: S1,
            cards: vec![White::Messenger],
        },
        CardsDiscarded {
            cards: vec![White::Fight2],
        },
        CardTaken {
            card: White::Heroism,
        },
        Loyalty {
            loyalty: camelot_board::Loyalty::Loyal,
        },
        Loyalty {
            loyalty: camelot_board::Loyalty::Traitor,
        },
    ]
}

/// Every refusal that carries nothing comes from the engine's own list of them; those that carry
/// something are sampled here.
pub(super) fn rule_errors() -> Vec<RuleError> {
    use RuleError::*;
    let card = White::Fight2;
    let mut samples = vec![
        NoSuchSeat { seat: Seat(9) },
        NotYourDecision {
            seat: S0,
            decider: Some(S1),
        },
        NotYourDecision {
            seat: S0,
            decider: None,
        },
        CardNotHeld { card },
        NotAFightCard { card: White::Piety },
        QuestNotInPlay {
            quest: Quest::Dragon,
        },
        SoloQuestTaken {
            quest: Quest::BlackKnight,
        },
        PatternBroken { card },
        NotTheNextValue { card },
        BadTarget { seat: S2 },
        BadIndex { index: 7 },
    ];
    samples.extend(super::unit_variants::<RuleError>("error"));
    samples
}

pub(super) fn setup_errors() -> Vec<SetupError> {
    use SetupError::*;
    vec![
        PlayerCount { players: 9 },
        KnightsPerSeat {
            players: 4,
            found: 3,
        },
        KnightTwice {
            knight: Knight::SirKay,
        },
        FirstSeat { seat: Seat(8) },
        HandsPerSeat {
            players: 4,
            found: 5,
        },
        LoyaltyPerSeat {
            players: 4,
            found: 2,
        },
        TooManyWhite { card: White::Fate },
        TooManyBlack {
            card: Black::Mordred,
        },
        TooManyTraitors,
        TooManyLoyal,
        WhiteDeckWithoutHands,
        SquireLife { life: 9 },
        SquireCards { cards: 250 },
        SwordsOnTheTable { white: 6, black: 7 },
        SiegeEnginesOnTheBoard { engines: 12 },
    ]
}

/// Each decision, with the phase it comes in and who decides.
pub(super) fn pendings() -> Vec<(PendingView, Phase, Option<Seat>)> {
    use PendingView::*;
    let mut out = vec![];
    for phase in Phase::ALL {
        out.push((Turn, phase, Some(S0)));
    }
    let more = [
        OpeningGesture {
            offered: vec![White::Grail],
        },
        Share {
            kind: ShareKind::Spoils,
            cards: vec![White::Fight1; 7],
            lead: S0,
            proposal: vec![S1],
            accepting: false,
            choosing_lead: false,
        },
        Share {
            kind: ShareKind::Convocation,
            cards: vec![White::Fight1],
            lead: S0,
            proposal: vec![S1],
            accepting: true,
            choosing_lead: false,
        },
        Share {
            kind: ShareKind::Opening,
            cards: vec![White::Fight1; 3],
            lead: S0,
            proposal: vec![],
            accepting: false,
            choosing_lead: true,
        },
        ArmorChoice { drawer: S1 },
        PercivalBottom,
        Volunteer {
            morgan: 2,
            drawer: S0,
        },
        Volunteer {
            morgan: 5,
            drawer: S0,
        },
        Discard {
            left: 2,
            cause: DiscardCause::Fate { traitor: S2 },
        },
        Discard {
            left: 3,
            cause: DiscardCause::Morgan2Volunteer,
        },
        Discard {
            left: 1,
            cause: DiscardCause::NoVolunteer { morgan: 5 },
        },
        GrailRescue { dying: S2 },
        GrailRescue { dying: S1 },
        KayCard {
            quest: Quest::Lancelot,
            white: 12,
            black: 13,
        },
        SiegeFight {
            fighter: S1,
            cards: vec![White::Fight3, White::Fight4],
            roll: None,
        },
        SiegeFight {
            fighter: S1,
            cards: vec![],
            roll: Some(5),
        },
        Convocation { player: S0 },
        Messenger {
            from: S0,
            to: S2,
            given: 1,
        },
        Clairvoyance {
            player: S0,
            cards: 4,
        },
        ArthurExchange { arthur: S0 },
    ];
    out.extend(
        more.into_iter()
            .map(|p| (p, Phase::HeroicActions, Some(S1))),
    );
    for stage in [
        BlackCardStage::FaceChoice,
        BlackCardStage::Merlins,
        BlackCardStage::Excalibur,
        BlackCardStage::WarChoice,
    ] {
        let hidden = stage == BlackCardStage::FaceChoice;
        out.push((
            BlackCard {
                drawer: S0,
                card: (!hidden).then_some(Black::Mercenaries),
                kind: BlackKind::Other,
                face_down: false,
                stage,
                merlins: 1,
                morgan3: false,
            },
            Phase::AfterEvil,
            Some(S2),
        ));
    }
    out
}

pub(super) fn reasons() -> Vec<Reason> {
    use Reason::*;
    let card = White::Fight2;
    let war = Quest::SaxonWar;
    vec![
        OnlyChoice,
        DrawsBlackCard { risk: 35 },
        DrawsBlackCard { risk: 120 },
        DrawsSeenCard {
            card: Black::BlackKnight7,
        },
        AddsSiegeEngine { engines: 4 },
        LosesLife { life: 5 },
        LooksAtTopCard,
        Heals { life: 1 },
        FightsSiegeEngine {
            engines: 9,
            cards: 7,
        },
        DrawsWhiteCards { hand: 2 },
        GoesTo {
            place: Place::Grail,
        },
        GoesToWar { war, warriors: 2 },
        FightsWar { war, warriors: 3 },
        FightsQuest {
            quest: Quest::Lancelot,
            card,
        },
        PlaysGrailCard { despairs: 1 },
        PushesExcalibur { position: -1 },
        RemovesSiegeEngine { engines: 10 },
        RemovesWarrior { war, warriors: 3 },
        RemovesBlackCard {
            quest: Quest::BlackKnight,
        },
        PlaysCard { card: White::Piety },
        RevealsHimself,
        Sacrifices { life: 3 },
        ExchangesCards {
            to: S2,
            place: Place::Grail,
        },
        Accuses {
            target: S2,
            percent: 72,
            clue: Clue::Hoards { cards: 11 },
        },
        EndsTurn,
        PlacesFaceDown,
        PlacesFaceUp,
        CommitsMerlins {
            card: Black::Morgan4,
        },
        CancelsWithExcalibur {
            card: Black::BlackKnight5,
        },
        LetsCardThrough,
        SendsToWar { war, warriors: 0 },
        Volunteers { morgan: 5 },
        SavesWithGrail { dying: S1 },
        AddsKayCard { card },
        AddsToSiegeFight { card, total: 6 },
        RollsSiegeDie { total: 8 },
        GivesLeastUseful {
            card: White::Reinforcements,
        },
        KeepsMilderCard,
        TakesFromFullestHand { seat: S1, cards: 9 },
        GoesAlong,
        StaysPut,
        Passes,
    ]
}

pub(super) fn clues() -> Vec<Clue> {
    use Clue::*;
    vec![
        AddedSiegeEngines { count: 3 },
        FewQuestCards { count: 1 },
        FewSiegeEnginesRemoved { count: 0 },
        Hoards { cards: 12 },
        FalseAccusation,
        SparesHisLife { count: 2 },
        DrewBlackCards { count: 5 },
    ]
}
