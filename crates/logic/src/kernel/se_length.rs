//! Sudoku Explainer's chain-length increment: a chain's rating grows by 0.1 each time
//! `complexity − 2` passes a threshold of 4, 6, 8, 12, 16, 24, … (the threshold times 3/2 and
//! 4/3 in turn).
//!
//! Design decision: one function, generic over the float it adds in. The HoDoKu-style
//! finders rate in `f32` and the rater in `f64`, and a sum of tenths is not the same number
//! in both (seven `0.1f32` make `0.70000005`, seven `0.1f64` cast to `f32` make `0.7`), so
//! each user adds its tenths in its own type, exactly as before the two copies were merged.

use std::ops::AddAssign;

/// A float SE's increment can be added in: zero and a tenth in that type.
pub(crate) trait Tenths: Copy + AddAssign {
    /// `0`.
    const ZERO: Self;
    /// `0.1`.
    const TENTH: Self;
}

impl Tenths for f32 {
    const ZERO: f32 = 0.0;
    const TENTH: f32 = 0.1;
}

impl Tenths for f64 {
    const ZERO: f64 = 0.0;
    const TENTH: f64 = 0.1;
}

/// SE's increment for a chain of `complexity` (reference 1.4): `n = complexity − 2`,
/// thresholds 4, 6, 8, 12, 16, … alternately ×3/2 and ×4/3, a tenth (added in `F`) per
/// threshold passed.
pub(crate) fn length_increment<F: Tenths>(complexity: usize) -> F {
    let n = complexity.saturating_sub(2);
    let mut ceil = 4usize;
    let mut inc = F::ZERO;
    let mut grow_half = true;
    while n > ceil {
        inc += F::TENTH;
        ceil = if grow_half {
            ceil * 3 / 2
        } else {
            ceil * 4 / 3
        };
        grow_half = !grow_half;
    }
    inc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The finders' copy as it stood before the merge (`techniques/chains.rs`, in `f32`).
    fn old_f32(complexity: usize) -> f32 {
        let n = complexity.saturating_sub(2);
        let mut ceil = 4usize;
        let mut inc = 0.0f32;
        let mut grow_half = true;
        while n > ceil {
            inc += 0.1;
            ceil = if grow_half {
                ceil * 3 / 2
            } else {
                ceil * 4 / 3
            };
            grow_half = !grow_half;
        }
        inc
    }

    /// The rater's copy as it stood before the merge (`se/chaining.rs`, in `f64`).
    fn old_f64(complexity: u32) -> f64 {
        let mut added = 0.0;
        let mut ceil: i64 = 4;
        let length = complexity as i64 - 2;
        let mut odd = false;
        while length > ceil {
            added += 0.1;
            ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
            odd = !odd;
        }
        added
    }

    /// Both users get, bit for bit, what their own copies gave, over every complexity a
    /// chain can have (a search holds at most two states per candidate: 2 × 64³) and past it.
    #[test]
    fn both_users_get_the_values_of_their_old_copies() {
        for c in 0..=600_000u32 {
            let a: f32 = length_increment(c as usize);
            let b: f64 = length_increment(c as usize);
            assert_eq!(
                a.to_bits(),
                old_f32(c as usize).to_bits(),
                "f32, complexity {c}"
            );
            assert_eq!(b.to_bits(), old_f64(c).to_bits(), "f64, complexity {c}");
        }
        // Sparse checks far out, up to where the thresholds stop fitting small numbers.
        for c in (600_000..u32::MAX / 2).step_by(9_973_451) {
            let a: f32 = length_increment(c as usize);
            let b: f64 = length_increment(c as usize);
            assert_eq!(
                a.to_bits(),
                old_f32(c as usize).to_bits(),
                "f32, complexity {c}"
            );
            assert_eq!(b.to_bits(), old_f64(c).to_bits(), "f64, complexity {c}");
        }
    }
}
