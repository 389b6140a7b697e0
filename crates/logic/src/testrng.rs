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
