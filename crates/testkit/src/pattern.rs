//! Random valid grids of any box shape, made without a solver, and the small generator that
//! shuffles them.
//!
//! Design decision: a grid comes from the shifting pattern (row `r`, column `c` holds
//! `(cols·(r mod rows) + r div rows + c) mod n`), relabelled and shuffled by moves that keep
//! every house intact, so it is valid by construction and costs no search: tests and
//! benchmarks get big grids (up to 64×64) of any shape that no engine under test produced.

/// A small deterministic generator (xorshift64); the seed must not be 0.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..k` (`k` > 0).
    pub fn below(&mut self, k: usize) -> usize {
        (self.next_u64() % k as u64) as usize
    }

    /// Shuffles `v` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// A valid grid with `rows × cols` boxes, row-major: the shifting pattern with its digits
/// relabelled, bands and the rows inside each band shuffled, stacks and the columns inside
/// each stack shuffled.
pub fn boxed_grid(rows: usize, cols: usize, rng: &mut XorShift) -> Vec<u8> {
    let n = rows * cols;
    let mut digit: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digit);
    let row_of = shuffled_lines(cols, rows, rng);
    let col_of = shuffled_lines(rows, cols, rng);
    (0..n * n)
        .map(|i| {
            let (r, c) = (row_of[i / n], col_of[i % n]);
            digit[(cols * (r % rows) + r / rows + c) % n]
        })
        .collect()
}

/// A permutation of `groups × size` lines that keeps each group of `size` together: the
/// groups shuffled, then the lines inside each.
fn shuffled_lines(groups: usize, size: usize, rng: &mut XorShift) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    rng.shuffle(&mut order);
    let mut out = Vec::with_capacity(groups * size);
    for g in order {
        let mut inner: Vec<usize> = (0..size).map(|k| g * size + k).collect();
        rng.shuffle(&mut inner);
        out.extend(inner);
    }
    out
}
