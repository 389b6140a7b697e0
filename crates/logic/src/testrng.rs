//! A tiny deterministic generator for the unit tests' random boards (a 64-bit LCG, upper
//! bits out), so a failing case is the same on every run and every machine.

/// Knuth's MMIX linear congruential generator.
pub(crate) struct Lcg(u64);

impl Lcg {
    pub(crate) fn new(seed: u64) -> Lcg {
        Lcg(seed)
    }

    /// The next 31 bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    /// A number below `m`.
    pub(crate) fn below(&mut self, m: u64) -> u64 {
        self.next() % m
    }
}

/// The layouts the board tests walk: plain 9×9, 9×9 with both diagonals (whose centre cell
/// lies in two regions of one type) and 6×6.
pub(crate) fn layouts() -> [sudokit_core::Layout; 3] {
    use sudokit_core::{Extra, Layout};
    [
        Layout::standard(9).unwrap(),
        Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::Diagonals]),
        Layout::standard(6).unwrap(),
    ]
}

/// One random refinement of `g`: a cell with two or more candidates loses one, or (one time in
/// `place_one_in`) is set to it; `false` when no such cell is left.
pub(crate) fn refine_randomly(
    g: &mut crate::grid::CandidateGrid,
    rng: &mut Lcg,
    place_one_in: u64,
) -> bool {
    let open: Vec<sudokit_core::Cell> = g
        .empty_cells()
        .filter(|&c| g.candidates(c).len() > 1)
        .collect();
    if open.is_empty() {
        return false;
    }
    let c = open[rng.below(open.len() as u64) as usize];
    let ds: Vec<sudokit_core::Digit> = g.candidates(c).iter().collect();
    let d = ds[rng.below(ds.len() as u64) as usize];
    if rng.below(place_one_in) == 0 {
        g.place(c, d);
    } else {
        g.eliminate(c, d);
    }
    true
}
