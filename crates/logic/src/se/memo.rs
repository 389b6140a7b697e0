//! What the per-digit chain searches found, kept from one step of a rating to the next.
//!
//! Design decision: a Nishio search (one digit assumed on or off, then followed through that
//! digit's links only: its peers, and its last place in a region) reads nothing but the cells
//! that hold the digit, so what it finds is a function of the digit and that set of cells.
//! Within one puzzle most digits keep their pattern from one Nishio round to the next (about
//! four in five on top95), so their searches are answered from here instead of being run
//! again. Only the contradictions' complexities (and, when sentences are wanted, the chains'
//! texts) are kept: the hints are rebuilt at every use, since what a hint removes depends on
//! the whole cell and whether it is kept depends on the round's pruning bound.

use std::collections::HashMap;

/// A contradiction one assumption ran into.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    /// SE's complexity of the two chains together.
    pub complexity: u32,
    /// The two chains as text, when sentences were asked for.
    pub chains: Option<(String, String)>,
}

/// The two searches from one (cell, digit): the digit assumed on, and assumed off.
#[derive(Clone, Debug, Default)]
pub(crate) struct Searched {
    pub on: Option<Found>,
    pub off: Option<Found>,
    /// Whether the chains' texts were kept (a result without them cannot give a sentence).
    pub texts: bool,
}

/// Per digit pattern, per cell: the searches made so far on that pattern.
pub(crate) type DigitTable = Vec<Option<Searched>>;

/// The Nishio results of one puzzle, keyed by digit and the cells holding it.
#[derive(Default)]
pub(crate) struct NishioMemo {
    map: HashMap<(u8, Vec<u64>), DigitTable>,
}

/// The cells of `cands` that hold digit `d`, as a bitset.
fn pattern(cands: &[u64], d: u8) -> Vec<u64> {
    let b = 1u64 << (d - 1);
    let mut key = vec![0u64; cands.len().div_ceil(64)];
    for (c, &m) in cands.iter().enumerate() {
        if m & b != 0 {
            key[c / 64] |= 1 << (c % 64);
        }
    }
    key
}

impl NishioMemo {
    /// The table for digit `d` on `cands` (empty when the pattern is new), taken out of the
    /// memo for the round; give it back with [`NishioMemo::put`].
    pub fn take(&mut self, cands: &[u64], d: u8) -> (Vec<u64>, DigitTable) {
        let key = pattern(cands, d);
        let table = self
            .map
            .remove(&(d, key.clone()))
            .unwrap_or_else(|| vec![None; cands.len()]);
        (key, table)
    }

    /// Keeps the table of digit `d` under its pattern `key`.
    pub fn put(&mut self, d: u8, key: Vec<u64>, table: DigitTable) {
        self.map.insert((d, key), table);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_kept_per_digit_pattern() {
        let mut memo = NishioMemo::default();
        let cands = vec![0b011u64, 0b110, 0b001];
        let (key, mut table) = memo.take(&cands, 1);
        assert_eq!(key, vec![0b101]);
        assert!(table.iter().all(Option::is_none));
        table[0] = Some(Searched::default());
        memo.put(1, key, table);
        // The same pattern of digit 1 on another board finds the table again.
        let other = vec![0b101u64, 0b100, 0b011];
        let (_, table) = memo.take(&other, 1);
        assert!(table[0].is_some());
        // Digit 2's pattern is a different key.
        let (_, table) = memo.take(&other, 2);
        assert!(table.iter().all(Option::is_none));
        // A changed pattern of digit 1 misses.
        let changed = vec![0b100u64, 0b100, 0b011];
        let (_, table) = memo.take(&changed, 1);
        assert!(table.iter().all(Option::is_none));
    }
}
