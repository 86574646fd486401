//! The seeded shuffle of every game.

use crate::GameRng;
use rand::RngExt;

/// Shuffle `cards` exactly as rand 0.10's `SliceRandom::shuffle` does — the same draws from `rng`, the
/// same swaps, so that a saved generator state goes on as before — with the chunk bounds read from a
/// table. (rand's shuffle is a Fisher–Yates shuffle that takes several indices from one `u32` draw:
/// for step `m`, a draw below `m × (m + 1) × …`, as many factors as fit in a `u32`.)
pub fn shuffle<T>(cards: &mut [T], rng: &mut GameRng) {
    let len = cards.len();
    // The first index is always 0 and takes no draw.
    let mut i = 1;
    while i < len {
        // One draw gives the indices of `count` positions: the remainders of the first ones, the
        // last one what is left of it.
        let (bound, count) = chunk_bound(i as u32 + 1);
        let mut chunk = rng.random_range(..bound);
        let last = i + usize::from(count) - 1;
        let stop = last.min(len);
        while i < stop {
            let m = i as u32 + 1;
            cards.swap(i, (chunk % m) as usize);
            chunk /= m;
            i += 1;
        }
        if i < len {
            cards.swap(i, chunk as usize);
            i += 1;
        }
    }
}

/// The largest product `m × (m + 1) × … × (m + count − 1)` that fits in a `u32`, and `count`.
#[inline(always)]
fn chunk_bound(m: u32) -> (u32, u8) {
    const fn bound(m: u32) -> (u32, u8) {
        let mut product = m;
        let mut current = m + 1;
        loop {
            match product.checked_mul(current) {
                Some(p) => {
                    product = p;
                    current += 1;
                }
                None => return (product, (current - m) as u8),
            }
        }
    }
    const TABLE: [(u32, u8); 128] = {
        let mut t = [(0, 0); 128];
        let mut m = 1;
        while m < 128 {
            t[m] = bound(m as u32);
            m += 1;
        }
        t
    };
    match TABLE.get(m as usize) {
        Some(&b) => b,
        None => bound(m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn our_shuffle_is_rands_shuffle() {
        use rand::seq::SliceRandom;
        let mut sizes = GameRng::seed_from_u64(1);
        for seed in 0..3000u64 {
            let len = match seed {
                0..300 => seed as usize % 20,
                _ => sizes.random_range(0..300usize),
            };
            let mut theirs: Vec<usize> = (0..len).collect();
            let mut ours = theirs.clone();
            let mut a = GameRng::seed_from_u64(seed);
            let mut b = a.clone();
            // Several shuffles in a row, as a game does.
            for _ in 0..3 {
                theirs.shuffle(&mut a);
                shuffle(&mut ours, &mut b);
                assert_eq!(ours, theirs, "length {len}, seed {seed}");
            }
            assert_eq!(
                a.random::<u64>(),
                b.random::<u64>(),
                "length {len}, seed {seed}"
            );
        }
    }
}
