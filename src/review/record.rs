//! Your table's record, on Saved games: for each game, the finished games kept on this device,
//! how many each side won, who played them, and the Loyal side's longest run of wins — worked out
//! from the saved games' summaries (nothing more is stored).

use super::words::R;
use crate::games::FRONTS;
use crate::i18n::{t, tf, tn};
use crate::storage::{GameKind, SaveSummary, Winner};
use leptos::prelude::*;

/// One game's record.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub kind: GameKind,
    /// Finished games.
    pub played: usize,
    pub loyal: usize,
    pub evil: usize,
    /// Everyone who played one, each once, in the order they first played.
    pub names: Vec<String>,
    /// The most Loyal wins one after the other (by when each game ended).
    pub loyal_run: usize,
}

/// The record of each game that has a finished game among `games`, in the app's order of games.
pub fn records(games: &[SaveSummary]) -> Vec<GameRecord> {
    FRONTS
        .iter()
        .filter_map(|front| {
            let mut finished: Vec<&SaveSummary> = games
                .iter()
                .filter(|s| s.game_kind == front.kind && s.finished)
                .collect();
            if finished.is_empty() {
                return None;
            }
            finished.sort_by(|a, b| a.updated_ms.total_cmp(&b.updated_ms));
            let mut names: Vec<String> = Vec::new();
            let (mut loyal, mut evil, mut run, mut loyal_run) = (0, 0, 0, 0);
            for s in &finished {
                for n in &s.names {
                    if !names.contains(n) {
                        names.push(n.clone());
                    }
                }
                match s.winner {
                    Some(Winner::Loyal) => {
                        loyal += 1;
                        run += 1;
                        loyal_run = loyal_run.max(run);
                    }
                    Some(Winner::Evil) => {
                        evil += 1;
                        run = 0;
                    }
                    None => run = 0,
                }
            }
            Some(GameRecord {
                kind: front.kind,
                played: finished.len(),
                loyal,
                evil,
                names,
                loyal_run,
            })
        })
        .collect()
}

/// The record, for the Saved games screen.
#[component]
pub fn Record(#[prop(into)] games: Signal<Vec<SaveSummary>>) -> impl IntoView {
    let list = move || {
        let records = games.with(|g| records(g));
        if records.is_empty() {
            return view! { <p data-testid="record-none">{t(R::record_none)}</p> }.into_any();
        }
        let items = records
            .into_iter()
            .map(|r| {
                view! {
                    <li data-testid=format!("record-{}", r.kind.code())>
                        <strong>{r.kind.name()}</strong>
                        <span data-testid="record-played">{tn(R::record_played, r.played as i64, &[])}</span>
                        <span data-testid="record-won">
                            {tf(R::record_won, &[("loyal", &r.loyal), ("evil", &r.evil)])}
                        </span>
                        <span>{tf(R::record_names, &[("names", &crate::storage::names_line(&r.names))])}</span>
                        <span data-testid="record-run">{tf(R::record_run, &[("n", &r.loyal_run)])}</span>
                    </li>
                }
            })
            .collect_view();
        // A list holds list items only: with nothing to count, a sentence stands in its place.
        view! { <ul class="record-games">{items}</ul> }.into_any()
    };
    view! {
        <section class="record" aria-labelledby="record-title" data-testid="record">
            <h2 id="record-title">{t(R::record_title)}</h2>
            {list}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(kind: GameKind, at: f64, names: &[&str], winner: Option<Winner>) -> SaveSummary {
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        SaveSummary::new(
            kind,
            &format!("g{at}"),
            &names,
            (at, at),
            String::new(),
            winner.is_some(),
        )
        .won_by(winner)
    }

    #[test]
    fn the_record_counts_each_games_finished_games_by_side_and_the_loyal_run() {
        use GameKind::{Board, Card};
        use Winner::{Evil, Loyal};
        let games = vec![
            game(Card, 5.0, &["Ann", "Bo"], Some(Loyal)),
            game(Card, 1.0, &["Ann", "Cy"], Some(Loyal)),
            game(Card, 3.0, &["Bo"], Some(Evil)),
            game(Card, 4.0, &["Ann", "Bo"], Some(Loyal)),
            game(Card, 6.0, &["Di"], Some(Loyal)),
            game(Card, 2.0, &["Ann", "Cy"], Some(Loyal)),
            // Still being played: not counted.
            game(Card, 7.0, &["Ed"], None),
            game(Board, 1.0, &["Ann", "Bo", "Cy"], Some(Evil)),
        ];
        let r = records(&games);
        assert_eq!(r.len(), 2);
        let card = &r[0];
        assert_eq!(card.kind, Card);
        assert_eq!((card.played, card.loyal, card.evil), (6, 5, 1));
        // By when each ended: Loyal, Loyal, Evil, Loyal, Loyal, Loyal.
        assert_eq!(card.loyal_run, 3);
        assert_eq!(card.names, ["Ann", "Cy", "Bo", "Di"]);
        let board = &r[1];
        assert_eq!(
            (board.played, board.loyal, board.evil, board.loyal_run),
            (1, 0, 1, 0)
        );
        assert!(records(&games[6..7]).is_empty());
    }

    /// A finished game whose summary the index kept before the winner was (an earlier release's
    /// index) is summed up again from its game: the record counts it for the side that won.
    #[test]
    fn an_index_written_before_the_winner_was_kept_is_made_again() {
        use crate::card::session::Session;
        use crate::storage::{Backend, INDEX_KEY, Memory, SavedRow, Store};
        use camelot_kit::Rules;
        let st = Store::new(Memory::default());
        let names: Vec<String> = ["Ann", "Bo", "Cy"].map(String::from).to_vec();
        let mut s = Session::new("g1".into(), names, camelot_card::Setup::new(3, 4), 1.0);
        let mut game = s.game().unwrap();
        while let Some(seat) = Rules::decider(&game) {
            let action = Rules::legal_actions(&game)[0];
            s.apply(&mut game, seat, action, 2.0).unwrap();
        }
        let won = match game.winner().unwrap().0 {
            camelot_card::Side::Loyal => Winner::Loyal,
            camelot_card::Side::Evil => Winner::Evil,
        };
        st.save_played(&s, &game).unwrap();
        let readers = &[crate::card::persist::READER];
        let listed = |st: &Store<Memory>| -> Vec<SaveSummary> {
            st.list(readers)
                .unwrap()
                .into_iter()
                .filter_map(|r| match r {
                    SavedRow::Ready(s) => Some(s),
                    SavedRow::Unreadable { .. } => None,
                })
                .collect()
        };
        assert_eq!(listed(&st)[0].winner, Some(won));
        // The index as an earlier release wrote it: no winner.
        let index = st.backend.get(INDEX_KEY).unwrap().unwrap();
        let old = index.replace(
            &format!(
                r#","winner":"{}""#,
                match won {
                    Winner::Loyal => "loyal",
                    Winner::Evil => "evil",
                }
            ),
            "",
        );
        assert_ne!(old, index);
        st.backend.set(INDEX_KEY, &old).unwrap();
        let again = listed(&st);
        assert_eq!(again[0].winner, Some(won));
        assert_eq!(records(&again)[0].played, 1);
    }
}
