//! A second cheap proof that a removal breaks uniqueness on the standard 9×9 grid: a cycle
//! of digits between two rows of one band (or two columns of one stack) that lies in empty
//! cells.
//!
//! Two rows `r` and `s` of one band hold the same nine digits, so the solution maps each
//! column's digit in row `r` to the digit under it in row `s`: read as a permutation of the
//! digits, it splits into cycles. The cells of one cycle (its columns, in both rows) can be
//! swapped between the two rows and the grid stays valid: each row keeps its digits, each
//! column keeps its two, and each box keeps its own (the swap stays inside its columns, and
//! the two rows are in the box's band). So when every cell of a cycle through a removed cell
//! is empty, the puzzle has a second solution. Columns of one stack alike.
//!
//! Design decision: the cycles are followed on the solution's digit positions (a table per
//! row and per column, built once per grid), stopping at the first given, so a question
//! costs a few table reads; the two-digit swap sets ([`crate::singles9`]) already find the
//! cycles of length two, and this finds the longer ones, which have three or more digits.

/// The solution grid's digit positions, for following row-pair and column-pair cycles.
#[derive(Clone, Debug)]
pub struct Cycles9 {
    /// The solution, row-major (digits 1–9).
    grid: [u8; 81],
    /// `col_of[r][d - 1]`: the column of digit `d` in row `r`.
    col_of: [[u8; 9]; 9],
    /// `row_of[c][d - 1]`: the row of digit `d` in column `c`.
    row_of: [[u8; 9]; 9],
}

impl Cycles9 {
    /// From a solution grid (81 digits 1–9, a valid grid); `None` if `grid` is not 81
    /// digits 1–9.
    pub fn new(grid: &[u8]) -> Option<Cycles9> {
        let grid: [u8; 81] = grid.try_into().ok()?;
        if grid.iter().any(|v| !(1..=9).contains(v)) {
            return None;
        }
        let (mut col_of, mut row_of) = ([[0u8; 9]; 9], [[0u8; 9]; 9]);
        for (i, &v) in grid.iter().enumerate() {
            let d = usize::from(v - 1);
            col_of[i / 9][d] = (i % 9) as u8;
            row_of[i % 9][d] = (i / 9) as u8;
        }
        Some(Cycles9 {
            grid,
            col_of,
            row_of,
        })
    }

    /// Whether a row-pair or column-pair cycle through `cell` lies in empty cells of the
    /// puzzle `values` (81 values, 0 = empty; `cell` must be empty). The grid must be the
    /// solution the puzzle was cut from.
    pub fn cycle_empty(&self, cell: usize, values: &[u8; 81]) -> bool {
        let (r, c) = (cell / 9, cell % 9);
        let band = r / 3 * 3..r / 3 * 3 + 3;
        let stack = c / 3 * 3..c / 3 * 3 + 3;
        band.filter(|&s| s != r)
            .any(|s| self.closes(values, r, s, c, &self.col_of, |row, col| row * 9 + col))
            || stack
                .filter(|&t| t != c)
                .any(|t| self.closes(values, c, t, r, &self.row_of, |col, row| row * 9 + col))
    }

    /// Whether the cycle between lines `line` and `other` (two rows, or two columns) through
    /// position `start` of `line` lies in empty cells: from each position across to `other`,
    /// then back along `line` to that digit's position (`pos[line]`), until back at `start`
    /// (a permutation's cycle always closes) or at a given. `at(line, position)` is the cell.
    #[inline]
    fn closes(
        &self,
        values: &[u8; 81],
        line: usize,
        other: usize,
        start: usize,
        pos: &[[u8; 9]; 9],
        at: impl Fn(usize, usize) -> usize,
    ) -> bool {
        let mut k = start;
        loop {
            let across = at(other, k);
            if values[across] != 0 {
                return false;
            }
            k = usize::from(pos[line][usize::from(self.grid[across] - 1)]);
            if k == start {
                return true;
            }
            if values[at(line, k)] != 0 {
                return false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bands::is_grid;
    use crate::singles9::Singles9;
    use crate::singles9::tests::{SOLUTION, digits};
    use sudokit_fast::Fast;

    /// Rows 0 and 1 of `SOLUTION` have a cycle of three digits (3, 7, 9) in columns 1, 4
    /// and 6: emptied, its six cells can be swapped between the rows, a second solution no
    /// two-digit swap set finds.
    #[test]
    fn a_three_digit_row_cycle_is_found_and_a_given_in_it_stops_it() {
        let sol = digits(SOLUTION);
        let cycles = Cycles9::new(&sol).unwrap();
        let cells = [1, 4, 6, 10, 13, 15];
        let mut values: [u8; 81] = sol.clone().try_into().unwrap();
        for &c in &cells {
            values[c] = 0;
        }
        // The swapped grid is a second solution of the puzzle.
        let mut other = sol.clone();
        for &c in &cells[..3] {
            other.swap(c, c + 9);
        }
        assert!(is_grid(&other) && other != sol);
        let grid = Singles9::new(&sol);
        let puzzle = Singles9::new(&values);
        for &c in &cells {
            assert!(cycles.cycle_empty(c, &values), "cell {c}");
            assert!(!puzzle.swap_set_empty(c, sol[c], &grid), "cell {c}");
            assert!(Fast::has_solution_excluding(&values, &[(c, sol[c])]));
        }
        // One cell of the cycle given back: no cycle through the others lies in empty cells.
        values[15] = sol[15];
        for &c in &cells[..5] {
            assert!(!cycles.cycle_empty(c, &values), "cell {c}");
        }
    }

    /// On puzzles cut from one grid at random, every "yes" is confirmed by a `fast` search
    /// for a solution that differs at the cell, and some of them are second solutions the
    /// two-digit swap sets miss.
    #[test]
    fn every_cycle_found_is_a_second_solution() {
        let sol = digits(SOLUTION);
        let cycles = Cycles9::new(&sol).unwrap();
        let grid = Singles9::new(&sol);
        let mut rng = crate::rng::Rng::new(9);
        let (mut yes, mut beyond_swaps, mut no) = (0, 0, 0);
        for round in 0..300 {
            let keep = 20 + round % 60;
            let values: [u8; 81] =
                std::array::from_fn(|i| if rng.below(81) < keep { sol[i] } else { 0 });
            let puzzle = Singles9::new(&values);
            for c in (0..81).filter(|&c| values[c] == 0) {
                if cycles.cycle_empty(c, &values) {
                    assert!(
                        Fast::has_solution_excluding(&values, &[(c, sol[c])]),
                        "{values:?} cell {c}"
                    );
                    yes += 1;
                    if !puzzle.swap_set_empty(c, sol[c], &grid) {
                        beyond_swaps += 1;
                    }
                } else {
                    no += 1;
                }
            }
        }
        assert!(
            yes > 100 && beyond_swaps > 20 && no > 100,
            "{yes} / {beyond_swaps} / {no}"
        );
    }

    #[test]
    fn a_grid_that_is_not_81_digits_is_refused() {
        assert!(Cycles9::new(&[1; 80]).is_none());
        let mut bad = digits(SOLUTION);
        bad[5] = 0;
        assert!(Cycles9::new(&bad).is_none());
    }
}
