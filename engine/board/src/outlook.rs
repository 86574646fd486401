//! The Loyal side's chances from a position, read from what stands on the board: the swords, the
//! siege, the Loyal knights' life and cards, the quests under way and the Traitor. The expert's
//! look ahead stops each world it plays out a few turns after its choice and judges it by these
//! chances ([`crate::search`]), rather than playing it to its end with the built-in policy: the
//! play-outs cost a fraction of the time, and the chances are those of a table of expert knights,
//! not of the built-in policy that plays the play-outs.
//!
//! A logistic model, one per number of knights ([`WEIGHTS`]), fitted by maximum likelihood on the
//! start of every turn of simulated games of expert knights against how each game ended.

use crate::Side;
use crate::data::{Loyalty, Quest};
use crate::game::{Combat, Game, Spot, War};

/// How many numbers describe a position ([`features`]).
pub const FEATURES: usize = 24;

/// The numbers a position is judged by, each within about −1 to 1, in this order: a constant 1;
/// the siege engines (of 12), 9 or more of them, 11 or more; the white swords (of 12), the black
/// swords (of 12), 5 or more black swords, all the swords laid (of 12); the Loyal knights alive
/// (of the knights), their life (of 4 a knight), those at 1 life (of the knights), their white
/// cards (of 12 a knight); a hidden Traitor in play, an unmasked one; the turn (of 100); the
/// Grail's white spots less its black (of 7, while it is under way), Excalibur's place (of 5,
/// while under way); each War's Fight cards (of those it needs) and warriors (of 4), the Pict War
/// first; the Black Knight's white Fight values (of 20) less his black cards (of 5), the same for
/// Lancelot or the Dragon while under way; how many of the Grail and Excalibur are under way.
/// Read from the whole game: the look ahead judges worlds it dealt itself.
pub fn features(g: &Game) -> [f32; FEATURES] {
    let n = g.players() as f32;
    let swords = g.swords();
    let (white, black) = (f32::from(swords.white), f32::from(swords.black));
    let engines = g.siege_engines();
    let (mut alive, mut life, mut low, mut cards) = (0.0, 0.0, 0.0, 0.0);
    let (mut hidden, mut unmasked) = (0.0, 0.0);
    for s in g.seats.iter().filter(|s| s.alive) {
        if s.loyalty == Loyalty::Traitor {
            if s.revealed {
                unmasked = 1.0;
            } else {
                hidden = 1.0;
            }
            continue;
        }
        alive += 1.0;
        life += f32::from(s.life);
        low += flag(s.life <= 1);
        cards += f32::from(s.hand.len());
    }
    let open = |q: Quest| flag(g.quest_in_play(q));
    let on_grail = |spot: fn(&Spot) -> bool| g.grail.iter().filter(|s| spot(s)).count() as f32;
    let grail = on_grail(|s| *s == Spot::Grail) - on_grail(|s| s.is_black());
    let war = |w: &War| {
        (
            f32::from(w.cards) / f32::from(w.needed()),
            f32::from(w.warriors) / 4.0,
        )
    };
    let ((pict_cards, picts), (saxon_cards, saxons)) = (war(&g.wars[0]), war(&g.wars[1]));
    let combat = |c: &Combat| {
        c.white().iter().map(|&v| f32::from(v)).sum::<f32>() / 20.0 - f32::from(c.black_len) / 5.0
    };
    let lancelot_or_dragon = if g.quest_in_play(Quest::Lancelot) {
        combat(&g.lancelot)
    } else if g.quest_in_play(Quest::Dragon) {
        combat(&g.dragon)
    } else {
        0.0
    };
    [
        1.0,
        f32::from(engines) / 12.0,
        flag(engines >= 9),
        flag(engines >= 11),
        white / 12.0,
        black / 12.0,
        flag(swords.black >= 5),
        (white + black) / 12.0,
        alive / n,
        life / (4.0 * n),
        low / n,
        cards / (12.0 * n),
        hidden,
        unmasked,
        g.turn as f32 / 100.0,
        open(Quest::Grail) * grail / 7.0,
        open(Quest::Excalibur) * f32::from(g.excalibur) / 5.0,
        pict_cards,
        picts,
        saxon_cards,
        saxons,
        combat(&g.black_knight),
        lancelot_or_dragon,
        open(Quest::Grail) + open(Quest::Excalibur),
    ]
}

fn flag(b: bool) -> f32 {
    f32::from(u8::from(b))
}

/// The chance that the Loyal knights win from `g`, by the model for its number of knights.
pub fn loyal_chance(g: &Game) -> f32 {
    let w = &WEIGHTS[g.players().clamp(3, 7) - 3];
    let z: f32 = w.iter().zip(features(g)).map(|(w, x)| w * x).sum();
    1.0 / (1.0 + (-z).exp())
}

/// The chance of a win for `side` from `g`.
pub fn chance(g: &Game, side: Side) -> f32 {
    let p = loyal_chance(g);
    if side == Side::Loyal { p } else { 1.0 - p }
}

/// A position for the fit: the [`features`] at the start of a turn and whether the Loyal knights
/// went on to win that game.
pub type Position = ([f32; FEATURES], bool);

/// The weights of a logistic model of the Loyal side's chances fitted to `positions` by maximum
/// likelihood (Newton's method), with an L2 penalty of `l2` a position on every weight but the
/// constant's ([`WEIGHTS`] were fitted so, with 0.001). `None` when there is nothing to fit.
pub fn fit(positions: &[Position], l2: f64) -> Option<[f64; FEATURES]> {
    if positions.is_empty() {
        return None;
    }
    let penalty = l2 * positions.len() as f64;
    let mut w = [0.0f64; FEATURES];
    for _ in 0..50 {
        let mut grad = [0.0f64; FEATURES];
        let mut hess = [[0.0f64; FEATURES]; FEATURES];
        for (x, won) in positions {
            let x = x.map(f64::from);
            let p = logistic(dot(&w, &x));
            let (err, curve) = (p - f64::from(u8::from(*won)), p * (1.0 - p));
            for i in 0..FEATURES {
                grad[i] += err * x[i];
                for j in 0..=i {
                    hess[i][j] += curve * x[i] * x[j];
                }
            }
        }
        for i in 0..FEATURES {
            let ridge = if i == 0 { 0.0 } else { penalty };
            grad[i] += ridge * w[i];
            hess[i][i] += ridge + 1e-6;
        }
        let lower = hess;
        for (i, row) in hess.iter_mut().enumerate() {
            for (j, h) in row.iter_mut().enumerate().skip(i + 1) {
                *h = lower[j][i];
            }
        }
        let step = solve(hess, grad)?;
        let mut largest = 0.0f64;
        for i in 0..FEATURES {
            w[i] -= step[i];
            largest = largest.max(step[i].abs());
        }
        if largest < 1e-7 {
            break;
        }
    }
    Some(w)
}

/// The mean log-loss of `weights` on `positions` (lower is better; the chances clipped to
/// 10⁻⁶ … 1 − 10⁻⁶).
pub fn log_loss(weights: &[f64; FEATURES], positions: &[Position]) -> f64 {
    let total: f64 = positions
        .iter()
        .map(|(x, won)| {
            let p = logistic(dot(weights, &x.map(f64::from))).clamp(1e-6, 1.0 - 1e-6);
            -(if *won { p.ln() } else { (1.0 - p).ln() })
        })
        .sum();
    total / positions.len().max(1) as f64
}

fn dot(w: &[f64; FEATURES], x: &[f64; FEATURES]) -> f64 {
    w.iter().zip(x).map(|(w, x)| w * x).sum()
}

fn logistic(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// `a⁻¹ b` for a symmetric positive definite `a` (Cholesky); `None` if it is not.
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> Option<[f64; FEATURES]> {
    for j in 0..FEATURES {
        let d = a[j][j] - (0..j).map(|k| a[j][k] * a[j][k]).sum::<f64>();
        if d <= 0.0 || !d.is_finite() {
            return None;
        }
        a[j][j] = d.sqrt();
        for i in j + 1..FEATURES {
            a[i][j] = (a[i][j] - (0..j).map(|k| a[i][k] * a[j][k]).sum::<f64>()) / a[j][j];
        }
    }
    for i in 0..FEATURES {
        b[i] = (b[i] - (0..i).map(|k| a[i][k] * b[k]).sum::<f64>()) / a[i][i];
    }
    for i in (0..FEATURES).rev() {
        b[i] = (b[i] - (i + 1..FEATURES).map(|k| a[k][i] * b[k]).sum::<f64>()) / a[i][i];
    }
    Some(b)
}

/// The weights of [`features`], one row per number of knights from 3 to 7 (fitted, not printed
/// in any rule book): logistic regression by Newton's method with an L2 penalty of 0.001 a
/// position on every weight but the constant, on the start of every turn of 500, 500, 800, 400
/// and 400 games of expert knights with the standard deal, their look ahead playing its worlds to
/// the end of the game (the games of `camelot board simulate --seed 11 --bots expert` before
/// this model, the positions written out by a copy of it made for the fit, from which `camelot
/// board fit` gives these weights back; 33,751, 34,359, 54,717, 29,278 and 30,617 positions).
/// Fitted again on the games of the expert that uses them (`simulate --positions`, then `fit`),
/// they forecast those games better but the knights won no more
/// (docs/computer-knights-measured.md). On the games held out
/// (one in five) the log-loss falls from 0.62–0.69 (the mean alone) to 0.48–0.58; of the
/// five-knight positions given 40–60 %, 53 % were won, of those given 80 % or more, 94 %.
const WEIGHTS: [[f32; FEATURES]; 5] = [
    // 3 knights
    [
        -1.189, -1.878, -0.431, -0.397, 2.862, -1.050, -1.026, 1.812, -0.427, 0.348, 0.250, 1.471,
        -2.347, -1.066, 0.198, 0.716, 0.875, 0.300, -0.359, 0.696, -0.585, 0.136, 0.368, 0.149,
    ],
    // 4 knights
    [
        -1.082, -1.861, -0.353, -0.645, 2.790, -0.825, -0.702, 1.965, -0.112, 0.841, -0.121, 1.270,
        -1.466, -1.106, -0.540, 0.884, 1.130, 0.863, -0.685, 0.586, -0.513, -0.217, 0.091, -0.133,
    ],
    // 5 knights
    [
        -2.035, -1.935, -0.343, -0.740, 2.363, -0.272, -1.095, 2.090, 0.188, 1.248, -0.459, 1.570,
        -1.000, -1.269, 0.244, 0.849, 1.094, 0.662, -0.572, 0.612, -0.447, -0.086, -0.074, 0.051,
    ],
    // 6 knights
    [
        -2.188, -1.902, -0.283, -0.568, 2.105, -0.023, -0.629, 2.081, 0.745, 1.150, -0.529, 1.473,
        -0.719, -0.943, -0.131, 0.964, 0.772, 0.847, -0.539, 0.820, -0.471, 0.140, -0.090, 0.255,
    ],
    // 7 knights
    [
        -1.317, -2.059, -0.272, -0.374, 1.980, 0.003, -0.598, 1.983, 0.329, 1.785, -0.505, 1.767,
        -0.785, -1.093, -0.399, 0.849, 1.149, 0.647, -0.334, 1.059, -0.722, -0.113, -0.110, -0.139,
    ],
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Setup;

    /// More siege engines make the Loyal side's chances worse, more white swords better, and a
    /// hidden Traitor worse, at every number of knights; the chances stay between 0 and 1.
    #[test]
    fn the_chances_fall_with_the_siege_and_rise_with_the_white_swords() {
        for players in 3..=7 {
            let g = Game::new(&Setup::new(players, 1)).unwrap();
            let before = loyal_chance(&g);
            assert!(before > 0.0 && before < 1.0);
            let mut siege = g.clone();
            siege.engines = 10;
            assert!(loyal_chance(&siege) < before, "{players} knights");
            let mut swords = g.clone();
            swords.swords.white = 6;
            assert!(loyal_chance(&swords) > before, "{players} knights");
            let mut traitor = g.clone();
            for s in &mut traitor.seats {
                s.loyalty = Loyalty::Loyal;
            }
            let with_traitor = {
                let mut t = traitor.clone();
                t.seats[0].loyalty = Loyalty::Traitor;
                loyal_chance(&t)
            };
            assert!(with_traitor < loyal_chance(&traitor), "{players} knights");
            assert_eq!(chance(&g, Side::Evil), 1.0 - before);
        }
    }

    /// The fit finds the weights the positions were drawn with: 20,000 positions whose wins
    /// follow known weights give them back within 0.15, and their log-loss beats the mean's.
    #[test]
    fn the_fit_finds_the_weights_the_wins_were_drawn_with() {
        use camelot_kit::rng_from_seed;
        use rand::RngExt;
        let mut rng = rng_from_seed(5);
        let truth: [f64; FEATURES] = std::array::from_fn(|i| (i as f64 * 0.37).sin() * 1.5);
        let positions: Vec<Position> = (0..20_000)
            .map(|_| {
                let x: [f32; FEATURES] = std::array::from_fn(|i| {
                    if i == 0 {
                        1.0
                    } else {
                        rng.random::<f32>() * 2.0 - 1.0
                    }
                });
                let p = logistic(dot(&truth, &x.map(f64::from)));
                (x, rng.random_bool(p))
            })
            .collect();
        let w = fit(&positions, 0.0).unwrap();
        for i in 0..FEATURES {
            assert!(
                (w[i] - truth[i]).abs() < 0.15,
                "weight {i}: {} against {}",
                w[i],
                truth[i]
            );
        }
        let wins = positions.iter().filter(|p| p.1).count() as f64 / positions.len() as f64;
        let mut mean = [0.0; FEATURES];
        mean[0] = (wins / (1.0 - wins)).ln();
        assert!(log_loss(&w, &positions) < log_loss(&mean, &positions) - 0.05);
        assert_eq!(fit(&[], 0.001), None);
    }
}
