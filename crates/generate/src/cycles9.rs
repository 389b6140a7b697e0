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
//! Design decision: the cycles are found once per solution grid, as 81-bit cell masks per pair
//! of lines and position (each cell lies on exactly four: one with each other row of its band,
//! one with each other column of its stack), so a question is four masked tests against the
//! puzzle's given cells, with no branch per cycle step (following each cycle from the removed
//! cell up to the first given, as this did before, cost a few unpredictable branches a
//! question: 5.6% of minimal 9×9 generation, docs/bench.md, session 67). The two-digit swap sets ([`crate::singles9`])
//! already find the cycles of length two, and this finds the longer ones, which have three or
//! more digits.

/// The row-pair and column-pair cycles of one solution grid.
#[derive(Clone, Debug)]
pub struct Cycles9 {
    /// Per pair of lines (rows `0..9`: the pairs (0,1), (0,2), (1,2) of each band in band
    /// order; columns `9..18` likewise by stack) and position along them (column, or row),
    /// the cells of the cycle through that position (bit `c` for cell `c`).
    cycles: [[u128; 9]; 18],
}

/// Per cell, its four pairs of lines (see [`Cycles9::cycles`]): its row with the band's
/// other two rows, its column with the stack's other two columns.
const PAIRS: [[u8; 4]; 81] = {
    let mut t = [[0u8; 4]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        // The pair of lines `x` and `y` of one group of three: (0,1) → 0, (0,2) → 1, (1,2) → 2.
        let (rb, cb) = (r / 3 * 3, c / 3 * 3);
        let (mut kr, mut kc, mut o) = (0, 2, 0);
        while o < 3 {
            if o != r % 3 {
                t[cell][kr] = (rb + r % 3 + o - 1) as u8;
                kr += 1;
            }
            if o != c % 3 {
                t[cell][kc] = (9 + cb + c % 3 + o - 1) as u8;
                kc += 1;
            }
            o += 1;
        }
        cell += 1;
    }
    t
};

/// A 9-bit set of rows spread into column 0's cells (bit `9 r` for row `r`).
const SPREAD: [u128; 512] = {
    let mut t = [0u128; 512];
    let mut m = 0;
    while m < 512 {
        let mut r = 0;
        while r < 9 {
            if m >> r & 1 == 1 {
                t[m] |= 1 << (9 * r);
            }
            r += 1;
        }
        m += 1;
    }
    t
};

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
        let mut cycles = [[0u128; 9]; 18];
        // Lines `a < b` of one group of three: the cycle from position `k` goes across to line
        // `b` and back along line `a` to that digit's position; its positions are collected as
        // a 9-bit set, then spread into cells.
        for (p, pair) in cycles.iter_mut().enumerate() {
            let vertical = p >= 9;
            let (g, j) = (p % 9 / 3 * 3, p % 3);
            let (a, b) = (g + usize::from(j == 2), g + 1 + usize::from(j != 0));
            let pos = if vertical { &row_of } else { &col_of };
            let at = |line: usize, k: usize| if vertical { k * 9 + line } else { line * 9 + k };
            let mut done = 0u16;
            while done != 0x1FF {
                let start = (!done).trailing_zeros() as usize;
                let (mut set, mut k) = (0u16, start);
                loop {
                    set |= 1 << k;
                    k = usize::from(pos[a][usize::from(grid[at(b, k)] - 1)]);
                    if k == start {
                        break;
                    }
                }
                done |= set;
                let mask = if vertical {
                    let s = SPREAD[usize::from(set)];
                    s << a | s << b
                } else {
                    let s = u128::from(set);
                    s << (9 * a) | s << (9 * b)
                };
                let mut m = set;
                while m != 0 {
                    pair[m.trailing_zeros() as usize] = mask;
                    m &= m - 1;
                }
            }
        }
        Some(Cycles9 { cycles })
    }

    /// Whether a row-pair or column-pair cycle through `cell` lies in empty cells of a puzzle
    /// whose given cells are `givens` (bit `c` for cell `c`; `cell` itself is not asked). The
    /// grid must be the solution the puzzle was cut from.
    #[inline]
    pub fn cycle_empty(&self, cell: usize, givens: u128) -> bool {
        let g = givens & !(1u128 << cell);
        // Along a pair of rows the position is the cell's column; along columns, its row.
        let [p, q, r, s] = PAIRS[cell].map(usize::from);
        let (col, row) = (cell % 9, cell / 9);
        (self.cycles[p][col] & g == 0)
            | (self.cycles[q][col] & g == 0)
            | (self.cycles[r][row] & g == 0)
            | (self.cycles[s][row] & g == 0)
    }

    /// The four cycles through `cell`: with the lower and the higher other row of its band,
    /// then with the lower and the higher other column of its stack.
    #[cfg(test)]
    fn through(&self, cell: usize) -> [u128; 4] {
        let [p, q, r, s] = PAIRS[cell].map(usize::from);
        let (col, row) = (cell % 9, cell / 9);
        [
            self.cycles[p][col],
            self.cycles[q][col],
            self.cycles[r][row],
            self.cycles[s][row],
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bands::is_grid;
    use crate::singles9::Singles9;
    use crate::singles9::tests::{SOLUTION, digits};
    use sudokit_fast::Fast;

    /// The cells given in `values` (bit `c` for cell `c`).
    fn given_cells(values: &[u8; 81]) -> u128 {
        (0..81)
            .filter(|&c| values[c] != 0)
            .fold(0, |m, c| m | 1 << c)
    }

    /// The plain definition: each of the four cycles through `cell` followed on the
    /// solution's digit positions, from `cell` across to the other line and back along its
    /// own, until back at `cell` (every other cell of the cycle empty) or at a given.
    fn cycle_empty_by_walk(sol: &[u8], cell: usize, values: &[u8; 81]) -> bool {
        let pos = |row: usize, col: usize, d: u8, vertical: bool| {
            (0..9)
                .find(|&k| {
                    let at = if vertical { k * 9 + col } else { row * 9 + k };
                    sol[at] == d
                })
                .unwrap()
        };
        let (r, c) = (cell / 9, cell % 9);
        let closes = |other: usize, vertical: bool| {
            let at = |line: usize, k: usize| if vertical { k * 9 + line } else { line * 9 + k };
            let (line, start) = if vertical { (c, r) } else { (r, c) };
            let mut k = start;
            loop {
                let across = at(other, k);
                if values[across] != 0 {
                    return false;
                }
                k = if vertical {
                    pos(0, line, sol[across], true)
                } else {
                    pos(line, 0, sol[across], false)
                };
                if k == start {
                    return true;
                }
                if values[at(line, k)] != 0 {
                    return false;
                }
            }
        };
        (r / 3 * 3..r / 3 * 3 + 3).any(|s| s != r && closes(s, false))
            || (c / 3 * 3..c / 3 * 3 + 3).any(|t| t != c && closes(t, true))
    }

    /// Every cell lies on exactly four cycles (one per other line of its band and of its
    /// stack), each holding the cell, and the masks answer as the walk does on puzzles cut
    /// from uniform grids at every density.
    #[test]
    fn the_masks_answer_as_the_walk_does() {
        let mut rng = crate::rng::Rng::new(67);
        let (mut yes, mut no) = (0, 0);
        for round in 0..200 {
            let sol = crate::uniform::UniformGrids::get().sample(&mut rng);
            let cycles = Cycles9::new(&sol).unwrap();
            for cell in 0..81 {
                let slots = cycles.through(cell);
                assert!(slots.iter().all(|m| m >> cell & 1 == 1), "cell {cell}");
                let (r, c) = (cell / 9, cell % 9);
                for (k, m) in slots.iter().enumerate() {
                    // The cycle lies in the cell's line and one other line of its group.
                    let line_cells: u128 = (0..81)
                        .filter(|&x| if k < 2 { x / 9 == r } else { x % 9 == c })
                        .fold(0, |acc, x| acc | 1 << x);
                    let other = (m & !line_cells).trailing_zeros() as usize;
                    let (mine, theirs) = if k < 2 {
                        (r, other / 9)
                    } else {
                        (c, other % 9)
                    };
                    assert_eq!(mine / 3, theirs / 3, "cell {cell} slot {k}");
                    let lower = if mine % 3 == 0 {
                        mine + 1
                    } else {
                        mine / 3 * 3
                    };
                    assert_eq!(k % 2 == 0, theirs == lower, "cell {cell} slot {k}");
                }
            }
            let keep = 15 + round % 60;
            let values: [u8; 81] =
                std::array::from_fn(|i| if rng.below(81) < keep { sol[i] } else { 0 });
            let givens = given_cells(&values);
            for cell in (0..81).filter(|&c| values[c] == 0) {
                let walk = cycle_empty_by_walk(&sol, cell, &values);
                assert_eq!(
                    cycles.cycle_empty(cell, givens),
                    walk,
                    "{values:?} cell {cell}"
                );
                if walk { yes += 1 } else { no += 1 }
            }
        }
        assert!(yes > 500 && no > 500, "{yes} / {no}");
    }

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
            assert!(cycles.cycle_empty(c, given_cells(&values)), "cell {c}");
            assert!(!puzzle.swap_set_empty(c, sol[c], &grid), "cell {c}");
            assert!(Fast::has_solution_excluding(&values, &[(c, sol[c])]));
        }
        // One cell of the cycle given back: no cycle through the others lies in empty cells.
        values[15] = sol[15];
        for &c in &cells[..5] {
            assert!(!cycles.cycle_empty(c, given_cells(&values)), "cell {c}");
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
                if cycles.cycle_empty(c, given_cells(&values)) {
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
