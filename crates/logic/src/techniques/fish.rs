//! Basic fish: X-wing, swordfish and jellyfish. For one digit, k base lines (rows, or columns)
//! whose places lie together in k cover lines (columns, or rows): each cover line's digit is in
//! the base lines, so the cover lines lose it everywhere else. Every layout with rows and
//! columns (all of them).
//!
//! Design decision: a row's positions of a digit, as a mask over the row's cells, *are* column
//! indices (and a column's are row indices), so the base/cover search is a combination walk over
//! `u64` masks with the union pruned above k — the same walk serves every size and side.
//! Every row's and column's places of a digit are read off the digit's plane in one pass over
//! its candidates (`line_places`), as are the lines holding a lost cell (`lines_holding`).

use sudokit_core::{Cell, Digit, House};

use crate::grid::CandidateGrid;
use crate::kernel::bits::bits;
use crate::render::{cells_name, house_name, join_and};
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::fish_engine::Walk;

/// A basic fish finder of one size.
pub struct BasicFish {
    /// 2 (X-wing), 3 (swordfish) or 4 (jellyfish).
    pub size: usize,
    /// The technique row.
    pub info: &'static TechniqueInfo,
}

/// Rows (`by_rows`) or columns of the layout, in order. A layout numbers its houses rows first
/// (`0..N`), then columns (`N..2N`), so the lines are a range of house numbers, not a filter over
/// every house's kind (asked once per fish walk, that filter was most of a walk key's cost).
pub fn lines(g: &CandidateGrid, by_rows: bool) -> Vec<House> {
    let n = g.size();
    let first = if by_rows { 0 } else { n };
    (first..first + n).map(|h| House(h as u16)).collect()
}

/// The row and column places of the cells in `cells` (bits in reading order, 64 cells a word)
/// on a layout of side `n` (at most 64): `rows[r]` holds bit `c` and `cols[c]` bit `r` for the
/// cell in row `r` and column `c`. Every layout lists a row's cells by column and a column's by
/// row, so for a digit's plane these are [`CandidateGrid::positions`] of each row and column,
/// made from the candidates alone instead of reading every line's cells (issue 45).
pub(crate) fn line_places(n: usize, cells: &[u64]) -> ([u64; 64], [u64; 64]) {
    let (mut rows, mut cols) = ([0u64; 64], [0u64; 64]);
    for (w, &word) in cells.iter().enumerate() {
        for b in bits(word) {
            let i = w * 64 + b;
            let (r, c) = (i / n, i % n);
            rows[r] |= 1 << c;
            cols[c] |= 1 << r;
        }
    }
    (rows, cols)
}

/// [`line_places`] of `digit`'s candidates on `g`.
pub(crate) fn digit_line_places(g: &CandidateGrid, digit: Digit) -> ([u64; 64], [u64; 64]) {
    let n = g.size();
    let (mut rows, mut cols) = ([0u64; 64], [0u64; 64]);
    for (i, c) in g.candidate_slice().iter().enumerate() {
        if c.contains(digit) {
            let (r, c) = (i / n, i % n);
            rows[r] |= 1 << c;
            cols[c] |= 1 << r;
        }
    }
    (rows, cols)
}

/// The rows (bit `r`) and the columns (bit `c`) holding a cell of `cells` (bits in reading
/// order, as [`line_places`]): the lines for which `fish_engine::house_lost` answers yes.
pub(crate) fn lines_holding(n: usize, cells: &[u64]) -> (u64, u64) {
    let (mut rows, mut cols) = (0u64, 0u64);
    for (w, &word) in cells.iter().enumerate() {
        for b in bits(word) {
            let i = w * 64 + b;
            rows |= 1 << (i / n);
            cols |= 1 << (i % n);
        }
    }
    (rows, cols)
}

impl BasicFish {
    /// The fish of digit `d` with base lines `bases` and cover lines `covers` (the rows and the
    /// columns, or the other way round, each in order; `places`: `d`'s places in each base
    /// line); with `touch` (the base lines holding a cell that lost `d` since a plane on which
    /// this finder found nothing; all when there is none), only base sets with a touched line
    /// (any other had the same fish there, with the same or more eliminations). `false` to
    /// stop.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        g: &CandidateGrid,
        f: &mut Finder<'_>,
        d: Digit,
        (bases, covers): (&[House], &[House]),
        places: &[u64],
        touch: u64,
    ) -> bool {
        let n = g.size();
        // A side is at most 64 (a line's places are a `u64` mask): the lines' masks fit on
        // the stack.
        let mut masks = [0u64; 64];
        let mut lines = 0u64;
        for (i, &m) in places.iter().enumerate() {
            if m != 0 && m.count_ones() as usize <= self.size {
                masks[i] = m;
                lines |= 1 << i;
            }
        }
        if (lines.count_ones() as usize) < self.size {
            return true;
        }
        let last_touch = match lines & touch {
            0 => return true,
            t => 63 - t.leading_zeros(),
        };
        let k = self.size;
        let mut go = true;
        let mut chosen = Vec::with_capacity(k);
        Walk {
            masks: &masks,
            k,
            touch,
            last_touch,
        }
        .run(
            lines,
            0,
            false,
            &mut chosen,
            &mut |set: &[usize], union: u64| {
                if union.count_ones() as usize != k {
                    return true;
                }
                let base: Vec<House> = set.iter().map(|&i| bases[i]).collect();
                let cover: Vec<House> = (0..n)
                    .filter(|i| union >> i & 1 == 1)
                    .map(|i| covers[i])
                    .collect();
                let base_cells: Vec<Cell> = base.iter().flat_map(|&h| g.cells_with(h, d)).collect();
                let elims: Vec<Cell> = cover
                    .iter()
                    .flat_map(|&h| g.cells_with(h, d))
                    .filter(|c| !base_cells.contains(c))
                    .collect();
                if elims.is_empty() {
                    return true;
                }
                let l = g.layout();
                let mut step = Step::new(self.info)
                    .digits([d])
                    .cells(base_cells.iter().copied())
                    .houses(base.iter().chain(&cover).copied());
                for &c in &base_cells {
                    step = step.mark(c, d, Role::Pattern);
                }
                for &c in &elims {
                    step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
                }
                let names = |hs: &[House]| {
                    join_and(&hs.iter().map(|&h| house_name(l, h)).collect::<Vec<_>>())
                };
                let text = format!(
                    "In {}, {d} can only go in {}; those places lie in {}, so {d} is removed from {}.",
                    names(&base),
                    cells_name(l, &base_cells),
                    names(&cover),
                    cells_name(l, &elims),
                );
                go = f.emit(step.text(text));
                go
            },
        );
        go
    }
}

impl Technique for BasicFish {
    fn info(&self) -> &'static TechniqueInfo {
        self.info
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        // The layout's rows and columns once a call, not once a digit and orientation.
        let (rows, cols) = (lines(g, true), lines(g, false));
        let n = g.size();
        crate::memo::each_digit_since(self.info.id, g, f, |d, plane, lost, f| {
            // Each line's places and the lines holding a lost cell, from the plane's bits.
            let (in_rows, in_cols) = line_places(n, plane);
            let (touch_rows, touch_cols) =
                lost.map_or((u64::MAX, u64::MAX), |lost| lines_holding(n, lost));
            self.search(g, f, d, (&rows, &cols), &in_rows[..n], touch_rows)
                && self.search(g, f, d, (&cols, &rows), &in_cols[..n], touch_cols)
        });
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sudokit_core::{Extra, Grid, HouseKind, Layout};

    use super::*;

    /// Layouts the line tests run on: 4×4, 6×6, X-sudoku, a jigsaw whose regions are the
    /// rows with two cells swapped between the first two, 9×9 and 16×16.
    fn test_layouts() -> [Layout; 6] {
        let nine = Layout::standard(9).unwrap();
        let mut region_of: Vec<u8> = (0..81).map(|i| (i / 9) as u8).collect();
        region_of.swap(8, 9);
        [
            Layout::standard(4).unwrap(),
            Layout::boxed(6, 2, 3).unwrap(),
            nine.with_extras(&[Extra::Diagonals]),
            Layout::jigsaw(9, region_of).unwrap(),
            nine,
            Layout::standard(16).unwrap(),
        ]
    }

    /// The lines as a range of house numbers are the houses of each kind, in order.
    #[test]
    fn lines_are_the_rows_and_the_columns_in_order() {
        for l in test_layouts() {
            let g = CandidateGrid::new(&Grid::empty(Arc::new(l)));
            for by_rows in [true, false] {
                let kind: Vec<House> = g
                    .houses()
                    .filter(|&h| match g.layout().house_kind(h) {
                        HouseKind::Row(_) => by_rows,
                        HouseKind::Column(_) => !by_rows,
                        _ => false,
                    })
                    .collect();
                assert_eq!(lines(&g, by_rows), kind);
            }
        }
    }

    /// Each row's and column's places made from a plane's bits (`line_places`, and
    /// `digit_line_places` from the candidates) are `positions` of that line, and the lines
    /// `lines_holding` names are those `house_lost` finds, on the same layouts with random
    /// candidates removed (a cell lost or kept, per digit).
    #[test]
    fn line_places_are_the_positions_of_each_line() {
        use crate::techniques::fish_engine::house_lost;
        use crate::testrng::Lcg;

        let mut rng = Lcg::new(0xf15);
        for l in test_layouts() {
            let mut g = CandidateGrid::new(&Grid::empty(Arc::new(l)));
            let n = g.size();
            for c in 0..g.cell_count() {
                for d in sudokit_core::DigitSet::full(n).iter() {
                    if rng.below(3) == 0 {
                        g.eliminate(Cell(c as u16), d);
                    }
                }
            }
            let (rows, cols) = (lines(&g, true), lines(&g, false));
            for d in sudokit_core::DigitSet::full(n).iter() {
                let mut plane = vec![0u64; g.cell_count().div_ceil(64)];
                for c in g.cells().filter(|&c| g.has(c, d)) {
                    plane[c.index() / 64] |= 1 << (c.index() % 64);
                }
                let (in_rows, in_cols) = line_places(n, &plane);
                assert!(digit_line_places(&g, d) == (in_rows, in_cols), "n {n}, {d}");
                let (touch_rows, touch_cols) = lines_holding(n, &plane);
                for (lines, places, touch) in
                    [(&rows, in_rows, touch_rows), (&cols, in_cols, touch_cols)]
                {
                    for (i, &h) in lines.iter().enumerate() {
                        assert_eq!(places[i], g.positions(h, d), "n {n}, {d}, line {i}");
                        assert_eq!(
                            touch >> i & 1 == 1,
                            house_lost(&g, h, &plane),
                            "n {n}, {d}, line {i}"
                        );
                    }
                    assert!(places[n..].iter().all(|&m| m == 0) && touch >> n == 0);
                }
            }
        }
    }
}
