//! SukakuExplainer's WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-wings: `k` pairwise-seeing cells
//! (3 to 6) holding `k + 1` digits between them, and a bivalue cell `yz` whose two digits are
//! among those `k + 1`.
//!
//! Design decision: one generic finder for every size, because the four rules of Sukaku differ
//! only in `k` and in their rating formula. Cells that all see each other cannot repeat a digit,
//! so the `k` cells hold `k` distinct values out of `k + 1` digits: an almost locked set. When
//! the wing cells holding `x` all see `yz`, `x` is a restricted common digit and `z` (the other
//! digit of `yz`) must be in `yz` or in the wing, so it goes from every cell seeing both. When
//! both digits are restricted the five-digit pattern is locked ("doubly linked") and each digit
//! goes from the cells that see all its places. Sukaku collects every hint and applies the first
//! after sorting by rating, then eliminations (most first), then its suffix string
//! (doubly-linked flag, biggest wing cell, wing size) in *descending* order; ties keep the walk
//! order (wing cells by increasing index, then `yz`). The rater does the same. The search keeps
//! its candidate pools on one stack, cuts branches that cannot reach `k` cells, tests `yz`
//! with masks over the wing's positions, and writes a hint's sentence only when it becomes the
//! best so far (these producers run at every step a chain step follows).

use super::board::{Board, Shape};
use super::hint::Hint;
use crate::kernel::bits::{bit, digits};
use crate::kernel::naming::cell_at;

/// Whether two distinct cells see each other (share a house or a pair constraint). Read from
/// the shape's peer bitset, which holds every house of a cell: the centre of an X grid lies on
/// both diagonals, while `region_at` names one region per type.
pub(crate) fn sees(shape: &Shape, a: usize, b: usize) -> bool {
    a != b && shape.is_peer(a, b)
}

/// SE's name and rating of a wing of `k` cells whose biggest cell has `big` candidates.
fn name_and_rating(k: usize, big: usize) -> (&'static str, f64) {
    // Sukaku: pilot-size bonus `((max - mid) - |mid - big|) * 0.1` with `mid = (max + 2) / 2`
    // for the two smaller wings; the two larger ones have a fixed rating.
    let bonus = |max: i32| {
        let mid = (max + 2) / 2;
        ((max - mid) - (mid - big as i32).abs()) as f64 * 0.1
    };
    match k {
        3 => ("WXYZ-Wing", 5.5 + bonus(4)),
        4 => ("VWXYZ-Wing", 6.2 + bonus(5)),
        5 => ("UVWXYZ-Wing", 6.6),
        _ => ("TUVWXYZ-Wing", 7.5),
    }
}

struct Found {
    hint: Hint,
    elims: usize,
    suffix: String,
}

/// Sukaku's order: rating, eliminations (most first), suffix (descending).
fn order(rating: f64, elims: usize, suffix: &str, g: &Found) -> std::cmp::Ordering {
    rating
        .partial_cmp(&g.hint.rating)
        .unwrap_or(std::cmp::Ordering::Equal)
        .then(g.elims.cmp(&elims))
        .then(g.suffix.as_str().cmp(suffix))
}

/// The most cells a wing has (TUVWXYZ: 6), plus `yz`.
const MAX_CELLS: usize = 7;

/// Pushes onto `out` the cells (not in `exclude`) that see every cell of `group` and hold
/// `d`, in the peer order of `group[0]`; returns how many.
fn victims(
    shape: &Shape,
    b: &Board,
    group: &[usize],
    exclude: &[usize],
    d: u8,
    out: &mut Vec<(usize, u8)>,
) -> usize {
    let Some(&first) = group.first() else {
        return 0;
    };
    let before = out.len();
    out.extend(
        shape.peers[first]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| {
                b.cands[c] & bit(d) != 0
                    && !exclude.contains(&c)
                    && group.iter().all(|&g| g == c || sees(shape, g, c))
                    && !group.contains(&c)
            })
            .map(|c| (c, d)),
    );
    out.len() - before
}

/// The least rating of a wing of `k` cells, over every size its biggest cell can have.
pub(crate) fn floor(k: usize) -> f64 {
    (2..=k + 1)
        .map(|big| name_and_rating(k, big).1)
        .fold(f64::INFINITY, f64::min)
}

/// The first wing of `k` cells (3 = WXYZ … 6 = TUVWXYZ) after Sukaku's sort.
pub(crate) fn wing(shape: &Shape, b: &Board, k: usize) -> Option<Hint> {
    if k == 0 || k >= MAX_CELLS {
        return None;
    }
    // Only cells of 2 to k + 1 candidates can be wing cells: list them once, ascending. The
    // list is the first pool; each deeper pool is pushed after it and cut off on return.
    let pools: Vec<usize> = (0..shape.ncells)
        .filter(|&c| (2..=k as u32 + 1).contains(&b.cands[c].count_ones()))
        .collect();
    let bivalue: Vec<usize> = (0..shape.ncells)
        .filter(|&c| b.cands[c].count_ones() == 2)
        .collect();
    let mut g = Grow {
        shape,
        b,
        k,
        bivalue: &bivalue,
        pools,
        cells: [0; MAX_CELLS],
        len: 0,
        removals: Vec::new(),
        best: None,
    };
    let top = g.pools.len();
    g.grow(0, top, 0);
    g.best.map(|f| f.hint)
}

/// One wing search: the board, the wing size, the bivalue cells (ascending, the only
/// possible `yz` cells), the stack of candidate pools, the wing so far and the best hint.
struct Grow<'a> {
    shape: &'a Shape,
    b: &'a Board,
    k: usize,
    bivalue: &'a [usize],
    pools: Vec<usize>,
    cells: [usize; MAX_CELLS],
    len: usize,
    removals: Vec<(usize, u8)>,
    best: Option<Found>,
}

impl Grow<'_> {
    /// Extends the wing (pairwise peers, candidates `union`) by cells of
    /// `pools[from..to]` (ascending, each a peer of every wing cell) until it has `k`,
    /// then looks for the `yz` cell. Branches that cannot reach `k` cells are cut; the
    /// order in which wings are met is unchanged.
    fn grow(&mut self, from: usize, to: usize, union: u64) {
        let (b, k) = (self.b, self.k);
        for i in from..to {
            if to - i < k - self.len {
                break;
            }
            let c = self.pools[i];
            let u = union | b.cands[c];
            if u.count_ones() as usize > k + 1 {
                continue;
            }
            self.cells[self.len] = c;
            self.len += 1;
            if self.len == k {
                if u.count_ones() as usize == k + 1 {
                    self.with_yz(u);
                }
            } else {
                // Every later cell sees every cell so far: keep only `c`'s peers (the pool
                // holds peers of the earlier cells already) whose digits still fit.
                let start = self.pools.len();
                for j in i + 1..to {
                    let r = self.pools[j];
                    if (u | b.cands[r]).count_ones() as usize <= k + 1 && sees(self.shape, c, r) {
                        self.pools.push(r);
                    }
                }
                let end = self.pools.len();
                if end - start >= k - self.len {
                    self.grow(start, end, u);
                }
                self.pools.truncate(start);
            }
            self.len -= 1;
        }
    }

    /// The wing cells holding `d`, as a mask over their positions.
    fn holders(&self, d: u8) -> u32 {
        (0..self.len)
            .filter(|&i| self.b.cands[self.cells[i]] & bit(d) != 0)
            .fold(0, |m, i| m | 1 << i)
    }

    /// The wing cells of `mask`, in wing order, then `extra` if given.
    fn group(&self, mask: u32, extra: Option<usize>) -> ([usize; MAX_CELLS], usize) {
        let mut g = [0; MAX_CELLS];
        let mut len = 0;
        for i in (0..self.len).filter(|&i| mask >> i & 1 == 1) {
            g[len] = self.cells[i];
            len += 1;
        }
        if let Some(e) = extra {
            g[len] = e;
            len += 1;
        }
        (g, len)
    }

    fn with_yz(&mut self, union: u64) {
        let (shape, b) = (self.shape, self.b);
        let cells = &self.cells[..self.len];
        let mut big = 0;
        let mut size = 0;
        for &c in cells {
            let n = b.cands[c].count_ones() as usize;
            big = big.max(n);
            size += n;
        }
        // The `yz` cells, ascending: bivalue cells outside the wing, seeing one of its cells,
        // with both digits in the wing.
        for &yz in self.bivalue {
            let m = b.cands[yz];
            if m & union != m || self.cells[..self.len].contains(&yz) {
                continue;
            }
            let seen = (0..self.len)
                .filter(|&i| sees(shape, self.cells[i], yz))
                .fold(0u32, |s, i| s | 1 << i);
            if seen == 0 {
                continue;
            }
            let mut ds = digits(m);
            let (Some(x), Some(z)) = (ds.next(), ds.next()) else {
                continue;
            };
            let (hx, hz) = (self.holders(x), self.holders(z));
            let (rx, rz) = (hx & !seen == 0, hz & !seen == 0);
            if !rx && !rz {
                continue;
            }
            let mut all = [0; MAX_CELLS];
            all[..self.len].copy_from_slice(&self.cells[..self.len]);
            all[self.len] = yz;
            let all = &all[..=self.len];
            let mut removals = std::mem::take(&mut self.removals);
            removals.clear();
            // Removes `d` (held by the wing cells of `mask`) from the cells seeing every
            // wing place of `d` (and `yz` when `with_yz`).
            let elim = |d: u8, mask: u32, with_yz: bool, removals: &mut Vec<(usize, u8)>| {
                let (g, len) = self.group(mask, with_yz.then_some(yz));
                victims(shape, b, &g[..len], all, d, removals)
            };
            let elims;
            let mut double = rx && rz;
            if double {
                let mut weak = 0;
                for w in digits(union & !m) {
                    weak += elim(w, self.holders(w), false, &mut removals);
                }
                let strong_x = elim(x, hx, true, &mut removals);
                let strong_z = elim(z, hz, true, &mut removals);
                elims = weak + strong_x + strong_z;
                double = (weak > 0 || strong_z > 0) && strong_x > 0;
            } else if rx {
                elims = elim(z, hz, true, &mut removals);
            } else {
                elims = elim(x, hx, true, &mut removals);
            }
            if !removals.is_empty() {
                let (name, rating) = name_and_rating(self.len, big);
                let suffix = format!("{}{}{}", if double { 2 } else { 1 }, big, size);
                // Walk order is the tie-break, so only a strictly better hint replaces
                // the best; its sentence is written only then.
                if self.best.as_ref().is_none_or(|cur| {
                    order(rating, elims, &suffix, cur) == std::cmp::Ordering::Less
                }) {
                    let hint = self.hint(name, rating, &suffix, union, yz, double, &removals);
                    self.best = Some(Found {
                        hint,
                        elims,
                        suffix,
                    });
                }
            }
            self.removals = removals;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn hint(
        &self,
        name: &str,
        rating: f64,
        suffix: &str,
        union: u64,
        yz: usize,
        double: bool,
        removals: &[(usize, u8)],
    ) -> Hint {
        let shape = self.shape;
        let wing_names: Vec<String> = self.cells[..self.len]
            .iter()
            .map(|&c| cell_at(shape.n, c))
            .collect();
        let mut hint = Hint::pattern(&format!("{name} {suffix}"), rating, String::new());
        for &(c, d) in removals {
            hint.remove(c as u16, bit(d));
        }
        hint.text = format!(
            "{name}: {} with {} on {}{}: {}",
            wing_names.join(","),
            cell_at(shape.n, yz),
            digits(union)
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(""),
            if double { " (doubly linked)" } else { "" },
            hint.removals_text(shape)
        );
        hint
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use sudokit_core::Layout;

    fn board_with(cands: &[(usize, &[u8])]) -> (Shape, Board) {
        let shape = Shape::new(Arc::new(Layout::standard(9).expect("9x9")));
        let mut b = Board::new(&shape, vec![0; 81], vec![0x1ff; 81]);
        for &(c, ds) in cands {
            b.cands[c] = ds.iter().fold(0, |m, &d| m | bit(d));
        }
        b.refresh(&shape);
        (shape, b)
    }

    /// Checks a wing's name, rating (tenths) and that it removes `d` from exactly `cells`.
    fn expect(h: &Hint, name: &str, rating: u32, d: u8, cells: &[u16]) {
        assert!(h.name.starts_with(name), "{}", h.name);
        assert_eq!(super::super::hint::tenths(h.rating), rating);
        assert!(h.removals.iter().all(|&(_, m)| m == bit(d)));
        let mut got: Vec<u16> = h.removals.iter().map(|&(c, _)| c).collect();
        got.sort_unstable();
        assert_eq!(got, cells);
    }

    /// `sees` is the layout's own peer relation, on every kind of layout; on an X grid that
    /// includes both diagonals through the centre cell.
    #[test]
    fn sees_is_the_layouts_peer_relation() {
        use sudokit_core::{Cell, Extra};
        let x = Layout::standard(9)
            .expect("9x9")
            .with_extras(&[Extra::Diagonals]);
        for layout in [
            Layout::standard(9).expect("9x9"),
            x.clone(),
            Layout::standard(9)
                .expect("9x9")
                .with_extras(&[Extra::AntiKnight]),
            Layout::standard(6).expect("6x6"),
            Layout::standard(16).expect("16x16"),
        ] {
            let shape = Shape::new(Arc::new(layout));
            let n = shape.ncells;
            for a in 0..n {
                let peers: Vec<usize> = shape
                    .layout
                    .peers(Cell(a as u16))
                    .iter()
                    .map(|p| p.index())
                    .collect();
                for b in 0..n {
                    assert_eq!(
                        sees(&shape, a, b),
                        peers.contains(&b),
                        "{} cells {a} and {b}",
                        shape.layout.describe()
                    );
                }
            }
        }
        // The centre of the X grid sees both ends of both diagonals.
        let shape = Shape::new(Arc::new(x));
        for corner in [0, 8, 72, 80] {
            assert!(sees(&shape, 40, corner) && sees(&shape, corner, 40));
        }
    }

    #[test]
    fn wxyz_wing_removes_z_from_cells_seeing_all_its_places() {
        // Wing r1c1 {1,2,4}, r1c2 {2,3}, r1c3 {3,4}: digits 1234 in three cells of box 1.
        // yz = r4c1 {1,4} sees the only wing 1 (r1c1), so x = 1 and z = 4: 4 goes from the
        // cells seeing r4c1 and both wing 4s (r1c1, r1c3), i.e. r2c1 and r3c1.
        let (shape, b) = board_with(&[(0, &[1, 2, 4]), (1, &[2, 3]), (2, &[3, 4]), (27, &[1, 4])]);
        let h = wing(&shape, &b, 3).expect("a WXYZ-wing");
        // biggest wing cell has 3 candidates -> 5.6
        expect(&h, "WXYZ-Wing", 56, 4, &[9, 18]);
    }

    #[test]
    fn no_wing_when_yz_misses_a_restricted_place() {
        // Same wing but the bivalue cell r5c5 {1,4} sees no wing cell.
        let (shape, b) = board_with(&[(0, &[1, 2, 4]), (1, &[2, 3]), (2, &[3, 4]), (40, &[1, 4])]);
        assert!(wing(&shape, &b, 3).is_none());
    }

    #[test]
    fn vwxyz_wing_with_a_three_candidate_pilot_rates_6_4() {
        // Wing r1c1 {1,2,5}, r1c2 {2,3}, r1c3 {3,4}, r2c2 {4,5}: digits 12345 in four cells of
        // box 1. r4c1 {1,5} sees the only wing 1 (r1c1): 5 goes from the cells seeing r4c1,
        // r1c1 and r2c2: r2c1 and r3c1. No three of those cells hold only four digits, so
        // no WXYZ-wing comes first.
        let (shape, b) = board_with(&[
            (0, &[1, 2, 5]),
            (1, &[2, 3]),
            (2, &[3, 4]),
            (10, &[4, 5]),
            (27, &[1, 5]),
        ]);
        assert!(wing(&shape, &b, 3).is_none());
        let h = wing(&shape, &b, 4).expect("a VWXYZ-wing");
        expect(&h, "VWXYZ-Wing", 64, 5, &[9, 18]);
    }

    #[test]
    fn ratings_follow_sukaku_formulas() {
        assert_eq!(super::super::hint::tenths(name_and_rating(3, 2).1), 55);
        assert_eq!(super::super::hint::tenths(name_and_rating(3, 4).1), 55);
        assert_eq!(super::super::hint::tenths(name_and_rating(4, 3).1), 64);
        assert_eq!(super::super::hint::tenths(name_and_rating(4, 2).1), 63);
        assert_eq!(super::super::hint::tenths(name_and_rating(4, 5).1), 62);
        assert_eq!(super::super::hint::tenths(name_and_rating(5, 2).1), 66);
        assert_eq!(super::super::hint::tenths(name_and_rating(6, 7).1), 75);
    }
}
