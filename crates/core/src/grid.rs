//! [`Grid`]: a layout plus one value per cell (0 = empty, 1..=N = digit), used for puzzles and
//! solutions alike, and the symbol alphabet used to write digits as characters.
//!
//! Design decision: cells are a plain `Vec<u8>` so any engine can copy them into its own
//! representation cheaply; the layout is shared behind an `Arc` so a batch of a million puzzles
//! holds one layout, not a million.

use crate::layout::Layout;
use crate::types::{Cell, Digit, DigitSet};
use std::sync::Arc;

/// Largest side that the one-character-per-cell alphabet can write (1-9 then A-Z).
pub const MAX_SYMBOL_SIZE: usize = 35;

/// The character for digit `value` (1-9 then A-Z for 10..=35); `None` above 35.
pub fn digit_char(value: u8) -> Option<char> {
    match value {
        1..=9 => Some((b'0' + value) as char),
        10..=35 => Some((b'A' + value - 10) as char),
        _ => None,
    }
}

/// What a character means in the one-character-per-cell alphabet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbol {
    /// An empty cell: `.` `0` `_` `-` or `*`.
    Empty,
    /// A digit value 1..=35 (not yet checked against N).
    Value(u8),
}

/// Reads one character of the alphabet (letters are case-insensitive); `None` if unknown.
pub fn parse_symbol(ch: char) -> Option<Symbol> {
    match ch {
        '.' | '0' | '_' | '-' | '*' => Some(Symbol::Empty),
        '1'..='9' => Some(Symbol::Value(ch as u8 - b'0')),
        'A'..='Z' => Some(Symbol::Value(ch as u8 - b'A' + 10)),
        'a'..='z' => Some(Symbol::Value(ch as u8 - b'a' + 10)),
        _ => None,
    }
}

/// Two equal digits in one house.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "digit {digit} appears twice in {house}: at row {}, column {} and at row {}, column {}",
    first.0, first.1, second.0, second.1
)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: u8,
    /// The house, e.g. `row 3` or `box 5`.
    pub house: String,
    /// 1-based (row, column) of the first cell.
    pub first: (usize, usize),
    /// 1-based (row, column) of the second cell.
    pub second: (usize, usize),
}

/// A grid of a given layout: each cell empty (0) or a digit 1..=N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    layout: Arc<Layout>,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid.
    pub fn empty(layout: Arc<Layout>) -> Grid {
        let cells = vec![0; layout.cell_count()];
        Grid { layout, cells }
    }

    /// A grid from raw values (0 = empty).
    ///
    /// # Panics
    /// When the length is not N² or a value exceeds N (API misuse; parsers check first).
    pub fn from_values(layout: Arc<Layout>, cells: Vec<u8>) -> Grid {
        assert_eq!(cells.len(), layout.cell_count(), "grid length must be N²");
        let n = layout.size();
        assert!(
            cells.iter().all(|&v| (v as usize) <= n),
            "cell value above N={n}"
        );
        Grid { layout, cells }
    }

    /// The grid in `slot`, made to hold `values` in `layout`: its storage reused when it
    /// already has that layout (the same shared `Arc`), a new grid otherwise. What a batch
    /// uses to parse records and copy solutions into without an allocation per record.
    ///
    /// Panics, as [`Grid::from_values`] does, when `values` does not fit the layout.
    pub fn fill_slot<'g>(
        slot: &'g mut Option<Grid>,
        layout: &Arc<Layout>,
        values: &[u8],
    ) -> &'g Grid {
        if !slot
            .as_ref()
            .is_some_and(|g| Arc::ptr_eq(&g.layout, layout))
        {
            *slot = None;
        }
        match slot {
            Some(g) => {
                g.set_values(values);
                g
            }
            None => slot.insert(Grid::from_values(layout.clone(), values.to_vec())),
        }
    }

    /// Overwrites every value in place, keeping the grid's storage and layout: what
    /// [`Grid::from_values`] builds, without an allocation (a batch reuses one grid per worker).
    ///
    /// # Panics
    /// When the length is not N² or a value exceeds N (API misuse; parsers check first).
    pub fn set_values(&mut self, values: &[u8]) {
        assert_eq!(values.len(), self.cells.len(), "grid length must be N²");
        let n = self.layout.size();
        // The largest value, not a test per cell: a reduction the compiler vectorises.
        let max = values.iter().copied().max().unwrap_or(0);
        assert!(usize::from(max) <= n, "cell value above N={n}");
        self.cells.copy_from_slice(values);
    }

    /// [`Grid::from_values`] for values the caller has already checked (N² of them, each at
    /// most N), so the reader's hot path does not walk them twice.
    pub(crate) fn from_checked_values(layout: Arc<Layout>, cells: Vec<u8>) -> Grid {
        debug_assert_eq!(cells.len(), layout.cell_count());
        debug_assert!(cells.iter().all(|&v| usize::from(v) <= layout.size()));
        Grid { layout, cells }
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }
    /// The shared layout handle.
    pub fn layout_arc(&self) -> &Arc<Layout> {
        &self.layout
    }
    /// Side N.
    pub fn size(&self) -> usize {
        self.layout.size()
    }
    /// Raw values in reading order (0 = empty).
    pub fn values(&self) -> &[u8] {
        &self.cells
    }
    /// The digit in `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index()])
    }
    /// Sets or clears `cell`.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit.map_or(0, Digit::get);
    }
    /// Number of filled cells.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }
    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first pair of equal digits that share a house or a pair constraint, if any.
    pub fn find_conflict(&self) -> Option<Conflict> {
        let l = &*self.layout;
        let n = l.size();
        let rc = |c: Cell| {
            let (r, k) = c.row_col(n);
            (r + 1, k + 1)
        };
        // One pass over the filled cells with a digit mask per house: cheap for sparse puzzles.
        let mut seen = [0u64; 3 * crate::types::MAX_SIZE + 2];
        for (i, &v) in self.cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let bit = 1u64 << (v - 1);
            let c = Cell(i as u16);
            for &h in l.houses_of(c) {
                if seen[h.index()] & bit != 0 {
                    let prev = l
                        .house_cells(h)
                        .iter()
                        .copied()
                        .find(|&p| p != c && self.cells[p.index()] == v)
                        .unwrap_or(c);
                    return Some(Conflict {
                        digit: v,
                        house: l.house_kind(h).to_string(),
                        first: rc(prev),
                        second: rc(c),
                    });
                }
                seen[h.index()] |= bit;
            }
        }
        if l.has_pair_constraints() {
            for i in 0..l.cell_count() {
                let v = self.cells[i];
                if v == 0 {
                    continue;
                }
                for &p in l.peers(Cell(i as u16)) {
                    if p.index() > i && self.cells[p.index()] == v {
                        let shares_house = l
                            .houses_of(Cell(i as u16))
                            .iter()
                            .any(|h| l.houses_of(p).contains(h));
                        if !shares_house {
                            // Name the constraint the two cells are actually paired by.
                            let ((r1, c1), (r2, c2)) = (rc(Cell(i as u16)), rc(p));
                            let (dr, dc) = (r1.abs_diff(r2), c1.abs_diff(c2));
                            let kind = if dr.max(dc) == 1 {
                                "anti-king"
                            } else {
                                "anti-knight"
                            };
                            return Some(Conflict {
                                digit: v,
                                house: format!("an {kind} pair"),
                                first: rc(Cell(i as u16)),
                                second: rc(p),
                            });
                        }
                    }
                }
            }
        }
        None
    }

    /// The digits not yet used by any peer of `cell` (all digits when the cell's peers are empty).
    pub fn open_digits(&self, cell: Cell) -> DigitSet {
        let mut set = DigitSet::full(self.size());
        for &p in self.layout.peers(cell) {
            if let Some(d) = self.get(p) {
                set.remove(d);
            }
        }
        set
    }

    /// The grid in line format (`.` for empty); `None` when N > 35.
    pub fn to_line(&self) -> Option<String> {
        if self.size() > MAX_SYMBOL_SIZE {
            return None;
        }
        Some(
            self.cells
                .iter()
                .map(|&v| {
                    if v == 0 {
                        '.'
                    } else {
                        digit_char(v).unwrap_or('?')
                    }
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip() {
        for v in 1..=35u8 {
            let ch = digit_char(v).unwrap();
            assert_eq!(parse_symbol(ch), Some(Symbol::Value(v)));
        }
        assert_eq!(parse_symbol('a'), Some(Symbol::Value(10)));
        assert_eq!(parse_symbol('*'), Some(Symbol::Empty));
        assert_eq!(parse_symbol('!'), None);
        assert_eq!(digit_char(36), None);
    }

    #[test]
    fn conflict_names_house_and_both_cells() {
        let l = Arc::new(Layout::standard(4).unwrap());
        let mut v = vec![0u8; 16];
        v[0] = 3;
        v[5] = 3;
        let g = Grid::from_values(l, v);
        let c = g.find_conflict().unwrap();
        assert_eq!(c.house, "box 1");
        assert_eq!((c.first, c.second), ((1, 1), (2, 2)));
    }

    #[test]
    fn pair_conflicts_name_the_constraint_that_pairs_the_cells() {
        use crate::layout::Extra;
        let l = Arc::new(
            Layout::standard(9)
                .unwrap()
                .with_extras(&[Extra::AntiKnight, Extra::AntiKing]),
        );
        let mut v = vec![0u8; 81];
        v[0] = 5;
        v[2 * 9 + 4] = 5; // no shared house; neither knight nor king: fine
        v[3 * 9 + 1] = 7;
        v[4 * 9 + 3] = 7; // a knight's move apart, in different boxes
        let g = Grid::from_values(l.clone(), v);
        let c = g.find_conflict().unwrap();
        assert_eq!(c.house, "an anti-knight pair");
        assert_eq!((c.first, c.second), ((4, 2), (5, 4)));
        let mut v = vec![0u8; 81];
        v[2 * 9 + 2] = 3;
        v[3 * 9 + 3] = 3; // diagonal neighbours across a box corner
        let c = Grid::from_values(l, v).find_conflict().unwrap();
        assert_eq!(c.house, "an anti-king pair");
        assert!(
            c.to_string()
                .contains("row 3, column 3 and at row 4, column 4")
        );
    }
}
