//! Candidate ids: candidate (cell, digit) of a grid of side `n` as the integer
//! `cell * n + digit index`, and back.
//!
//! Design decision: one dense numbering for every graph over candidates (the finders' link
//! graph numbers its group nodes after these, the rater doubles them into "on"/"off" states),
//! and the way back divides by the side through a table of reciprocals: the chain searches
//! split ids in their inner loops, where a hardware division by the run-time side cost more
//! than the rest of the step.

/// The id of candidate (`cell`, digit index `d0`, 0-based) on a grid of side `n`.
#[inline]
pub(crate) fn cand_id(n: usize, cell: usize, d0: usize) -> u32 {
    (cell * n + d0) as u32
}

/// `⌊2³² / n⌋ + 1` for every side `n` up to 64: `x / n` is then `(x · RECIPROCAL[n]) >> 32`,
/// exactly, for every `x < 2³² / n` (a candidate id is below `n³ ≤ 2¹⁸`).
const RECIPROCAL: [u64; 65] = {
    let mut t = [0u64; 65];
    let mut n = 1;
    while n < 65 {
        t[n] = (1u64 << 32) / n as u64 + 1;
        n += 1;
    }
    t
};

/// The cell and digit index (0-based) of candidate id `v` on a grid of side `n`: the inverse
/// of [`cand_id`].
#[inline]
pub(crate) fn cand_split(n: usize, v: u32) -> (usize, usize) {
    let x = u64::from(v);
    let cell = ((x * RECIPROCAL[n]) >> 32) as usize;
    (cell, x as usize - cell * n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reciprocal split agrees with a plain division for every id of every side.
    #[test]
    fn split_inverts_the_id_on_every_side() {
        for n in 1..=64usize {
            for cell in 0..n * n {
                for d0 in 0..n {
                    let v = cand_id(n, cell, d0);
                    assert_eq!(v as usize, cell * n + d0);
                    assert_eq!(cand_split(n, v), (cell, d0), "n {n} id {v}");
                }
            }
        }
    }
}
