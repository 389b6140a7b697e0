//! Small `Copy` newtypes shared by every crate: [`Digit`], [`Cell`], [`House`] and the
//! [`DigitSet`] bitset.
//!
//! Design decision: a side is at most 64, so one `u64` holds every candidate set and
//! `Digit`/`Cell`/`House` fit in `u8`/`u16`; the newtypes keep row/column/index mix-ups out of
//! public APIs while compiling down to plain integers.

use std::fmt;

/// Largest supported side N (grids are N×N, digits 1..=N).
pub const MAX_SIZE: usize = 64;

/// The positions of the set bits of `m`, lowest first.
#[inline]
pub fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

/// The six orders of three items (the rows of a band, the bands of a 9×9 grid, …), in
/// lexicographic order, the identity first.
pub const ORDERS_OF_THREE: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// A digit `1..=N`. Zero is never a digit; empty cells are `Option<Digit>` or raw `0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(u8);

impl Digit {
    /// Makes a digit from its value; `None` when `value` is 0 or above [`MAX_SIZE`].
    #[inline]
    pub fn new(value: u8) -> Option<Digit> {
        (1..=MAX_SIZE as u8)
            .contains(&value)
            .then_some(Digit(value))
    }
    /// The digit's value, `1..=64`.
    pub fn get(self) -> u8 {
        self.0
    }
    /// Zero-based index (`value - 1`), handy for bit positions and arrays.
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }
    /// The digit whose zero-based index is `index`.
    ///
    /// # Panics
    /// When `index >= 64`.
    #[inline]
    pub fn from_index(index: usize) -> Digit {
        assert!(index < MAX_SIZE, "digit index {index} out of range");
        Digit(index as u8 + 1)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A cell, by its index in reading order (`row * N + col`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(pub u16);

impl Cell {
    /// The cell's index in reading order.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// Zero-based (row, column) on a grid of side `n`.
    pub fn row_col(self, n: usize) -> (usize, usize) {
        (self.index() / n, self.index() % n)
    }
    /// The cell at zero-based `row`, `col` on a grid of side `n`.
    pub fn at(row: usize, col: usize, n: usize) -> Cell {
        Cell((row * n + col) as u16)
    }
}

/// A house (row, column, box/region or extra house), by its index in a
/// [`Layout`](crate::Layout)'s house list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct House(pub u16);

impl House {
    /// The house's index in the layout's house list.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of digits as a bitset: bit `d - 1` set means digit `d` is in the set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DigitSet(pub u64);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// Every digit `1..=n`.
    pub fn full(n: usize) -> DigitSet {
        if n >= 64 {
            DigitSet(u64::MAX)
        } else {
            DigitSet((1u64 << n) - 1)
        }
    }
    /// The set holding only `d`.
    pub fn single(d: Digit) -> DigitSet {
        DigitSet(1u64 << d.index())
    }
    /// Whether `d` is in the set.
    pub fn contains(self, d: Digit) -> bool {
        self.0 >> d.index() & 1 == 1
    }
    /// Adds `d`.
    pub fn insert(&mut self, d: Digit) {
        self.0 |= 1u64 << d.index();
    }
    /// Removes `d`.
    pub fn remove(&mut self, d: Digit) {
        self.0 &= !(1u64 << d.index());
    }
    /// Number of digits in the set.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The smallest digit, if any.
    pub fn first(self) -> Option<Digit> {
        (self.0 != 0).then(|| Digit::from_index(self.0.trailing_zeros() as usize))
    }
    /// The digits in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        bits(self.0).map(Digit::from_index)
    }
}

impl fmt::Display for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, d) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{d}")?;
        }
        f.write_str("}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_rejects_zero_and_too_large() {
        assert!(Digit::new(0).is_none());
        assert!(Digit::new(65).is_none());
        assert_eq!(Digit::new(64).unwrap().index(), 63);
    }

    #[test]
    fn digit_set_iterates_in_order() {
        let mut s = DigitSet::EMPTY;
        for v in [7, 1, 64, 3] {
            s.insert(Digit::new(v).unwrap());
        }
        let got: Vec<u8> = s.iter().map(Digit::get).collect();
        assert_eq!(got, vec![1, 3, 7, 64]);
        assert_eq!(s.len(), 4);
        s.remove(Digit::new(64).unwrap());
        assert!(!s.contains(Digit::new(64).unwrap()));
        assert_eq!(DigitSet::full(64).len(), 64);
        assert_eq!(DigitSet::full(9).len(), 9);
        assert_eq!(s.to_string(), "{1,3,7}");
    }
}
