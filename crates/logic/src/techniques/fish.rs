//! Basic fish: X-wing, swordfish and jellyfish. For one digit, k base lines (rows, or columns)
//! whose places lie together in k cover lines (columns, or rows): each cover line's digit is in
//! the base lines, so the cover lines lose it everywhere else. Every layout with rows and
//! columns (all of them).
//!
//! Design decision: a row's positions of a digit, as a mask over the row's cells, *are* column
//! indices (and a column's are row indices), so the base/cover search is a combination walk over
//! `u64` masks with the union pruned above k — the same walk serves every size and side.

use sudokit_core::{Cell, Digit, House};

use crate::grid::CandidateGrid;
use crate::render::{cells_name, house_name, join_and};
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::fish_engine::{Walk, house_lost};

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

impl BasicFish {
    /// The fish of digit `d` with base lines `bases` and cover lines `covers` (the rows and the
    /// columns, or the other way round, each in order); with `lost` (the cells
    /// that lost `d` since a plane on which this finder found nothing), only base sets with a
    /// line holding one (any other had the same fish there, with the same or more
    /// eliminations). `false` to stop.
    fn search(
        &self,
        g: &CandidateGrid,
        f: &mut Finder<'_>,
        d: Digit,
        (bases, covers): (&[House], &[House]),
        lost: Option<&[u64]>,
    ) -> bool {
        let n = g.size();
        // A side is at most 64 (a line's places are a `u64` mask): the lines' masks fit on
        // the stack.
        let mut masks = [0u64; 64];
        let mut lines = 0u64;
        for (i, &h) in bases.iter().enumerate() {
            let m = g.positions(h, d);
            if m != 0 && m.count_ones() as usize <= self.size {
                masks[i] = m;
                lines |= 1 << i;
            }
        }
        if (lines.count_ones() as usize) < self.size {
            return true;
        }
        let touch = lost.map_or(u64::MAX, |lost| {
            bases
                .iter()
                .enumerate()
                .filter(|&(_, &h)| house_lost(g, h, lost))
                .fold(0, |a, (r, _)| a | 1 << r)
        });
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
        crate::memo::each_digit_since(self.info.id, g, f, |d, _, lost, f| {
            self.search(g, f, d, (&rows, &cols), lost) && self.search(g, f, d, (&cols, &rows), lost)
        });
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sudokit_core::{Extra, Grid, HouseKind, Layout};

    use super::*;

    /// The lines as a range of house numbers are the houses of each kind, in order.
    #[test]
    fn lines_are_the_rows_and_the_columns_in_order() {
        let nine = Layout::standard(9).unwrap();
        // A jigsaw: regions are the rows, with two cells swapped between the first two.
        let mut region_of: Vec<u8> = (0..81).map(|i| (i / 9) as u8).collect();
        region_of.swap(8, 9);
        let layouts = [
            Layout::standard(4).unwrap(),
            Layout::boxed(6, 2, 3).unwrap(),
            nine.with_extras(&[Extra::Diagonals]),
            Layout::jigsaw(9, region_of).unwrap(),
            nine,
            Layout::standard(16).unwrap(),
        ];
        for l in layouts {
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
}
