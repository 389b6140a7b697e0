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
//! order (wing cells by increasing index, then `yz`). The rater does the same.

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

/// Cells (not in `exclude`) that see every cell of `group` and hold `d`.
fn victims(shape: &Shape, b: &Board, group: &[usize], exclude: &[usize], d: u8) -> Vec<usize> {
    let Some(&first) = group.first() else {
        return Vec::new();
    };
    shape.peers[first]
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| {
            b.cands[c] & bit(d) != 0
                && !exclude.contains(&c)
                && group.iter().all(|&g| g == c || sees(shape, g, c))
                && !group.contains(&c)
        })
        .collect()
}

/// The least rating of a wing of `k` cells, over every size its biggest cell can have.
pub(crate) fn floor(k: usize) -> f64 {
    (2..=k + 1)
        .map(|big| name_and_rating(k, big).1)
        .fold(f64::INFINITY, f64::min)
}

/// The first wing of `k` cells (3 = WXYZ … 6 = TUVWXYZ) after Sukaku's sort.
pub(crate) fn wing(shape: &Shape, b: &Board, k: usize) -> Option<Hint> {
    let mut best: Option<Found> = None;
    let mut wing_cells = Vec::with_capacity(k);
    let order = |f: &Found, g: &Found| {
        f.hint
            .rating
            .partial_cmp(&g.hint.rating)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(g.elims.cmp(&f.elims))
            .then(g.suffix.cmp(&f.suffix))
    };
    let mut on_found = |f: Found| {
        // Walk order is the tie-break, so only a strictly better hint replaces the best.
        if best
            .as_ref()
            .is_none_or(|cur| order(&f, cur) == std::cmp::Ordering::Less)
        {
            best = Some(f);
        }
    };
    // Only cells of 2 to k + 1 candidates can be wing cells: list them once, ascending.
    let eligible: Vec<usize> = (0..shape.ncells)
        .filter(|&c| (2..=k as u32 + 1).contains(&b.cands[c].count_ones()))
        .collect();
    let bivalue: Vec<usize> = (0..shape.ncells)
        .filter(|&c| b.cands[c].count_ones() == 2)
        .collect();
    let ctx = Grow {
        shape,
        b,
        k,
        bivalue: &bivalue,
    };
    grow(&ctx, &eligible, 0, &mut wing_cells, &mut on_found);
    best.map(|f| f.hint)
}

/// What stays fixed through one wing search: the board, the wing size and the bivalue cells
/// (ascending), the only possible `yz` cells.
struct Grow<'a> {
    shape: &'a Shape,
    b: &'a Board,
    k: usize,
    bivalue: &'a [usize],
}

/// Extends `cells` (pairwise peers, candidates `union`) by cells of `pool` (ascending, each a
/// peer of every cell of `cells`) until it has `k`, then looks for the `yz` cell.
fn grow(
    ctx: &Grow<'_>,
    pool: &[usize],
    union: u64,
    cells: &mut Vec<usize>,
    out: &mut dyn FnMut(Found),
) {
    let Grow {
        shape,
        b,
        k,
        bivalue,
    } = *ctx;
    if cells.len() == k {
        if union.count_ones() as usize == k + 1 {
            with_yz(shape, b, bivalue, cells, union, out);
        }
        return;
    }
    for (i, &c) in pool.iter().enumerate() {
        let u = union | b.cands[c];
        if u.count_ones() as usize > k + 1 {
            continue;
        }
        cells.push(c);
        if cells.len() == k {
            grow(ctx, &[], u, cells, out);
        } else {
            // Every later cell sees every cell so far: keep only `c`'s peers (the pool
            // holds peers of the earlier cells already) whose digits still fit.
            let rest: Vec<usize> = pool[i + 1..]
                .iter()
                .copied()
                .filter(|&r| (u | b.cands[r]).count_ones() as usize <= k + 1 && sees(shape, c, r))
                .collect();
            grow(ctx, &rest, u, cells, out);
        }
        cells.pop();
    }
}

fn with_yz(
    shape: &Shape,
    b: &Board,
    bivalue: &[usize],
    cells: &[usize],
    union: u64,
    out: &mut dyn FnMut(Found),
) {
    // The `yz` cells, ascending: bivalue cells outside the wing, seeing one of its cells,
    // with both digits in the wing.
    let mut range = bivalue
        .iter()
        .copied()
        .filter(|&c| {
            b.cands[c] & union == b.cands[c]
                && !cells.contains(&c)
                && cells.iter().any(|&w| sees(shape, w, c))
        })
        .peekable();
    if range.peek().is_none() {
        return;
    }
    let big = cells
        .iter()
        .map(|&c| b.cands[c].count_ones() as usize)
        .max()
        .unwrap_or(0);
    let size: usize = cells
        .iter()
        .map(|&c| b.cands[c].count_ones() as usize)
        .sum();
    let holders = |d: u8| -> Vec<usize> {
        cells
            .iter()
            .copied()
            .filter(|&c| b.cands[c] & bit(d) != 0)
            .collect()
    };
    for yz in range {
        let m = b.cands[yz];
        if m.count_ones() != 2 || m & union != m {
            continue;
        }
        let mut ds = digits(m);
        let (x, z) = (
            ds.next().expect("two digits"),
            ds.next().expect("two digits"),
        );
        let restricted = |d: u8| holders(d).iter().all(|&c| sees(shape, yz, c));
        let (rx, rz) = (restricted(x), restricted(z));
        if !rx && !rz {
            continue;
        }
        let mut all = cells.to_vec();
        all.push(yz);
        let mut removals: Vec<(usize, u8)> = Vec::new();
        let elims;
        let mut double = rx && rz;
        // Removes `d` from the cells seeing every wing place of `d` (and `yz` when `with_yz`).
        let elim = |d: u8, with_yz: bool, removals: &mut Vec<(usize, u8)>| -> usize {
            let mut group = holders(d);
            if with_yz {
                group.push(yz);
            }
            let v = victims(shape, b, &group, &all, d);
            let count = v.len();
            removals.extend(v.into_iter().map(|c| (c, d)));
            count
        };
        if double {
            let mut weak = 0;
            for w in digits(union & !m) {
                weak += elim(w, false, &mut removals);
            }
            let strong_x = elim(x, true, &mut removals);
            let strong_z = elim(z, true, &mut removals);
            elims = weak + strong_x + strong_z;
            double = (weak > 0 || strong_z > 0) && strong_x > 0;
        } else if rx {
            elims = elim(z, true, &mut removals);
        } else {
            elims = elim(x, true, &mut removals);
        }
        if removals.is_empty() {
            continue;
        }
        let (name, rating) = name_and_rating(cells.len(), big);
        let suffix = format!("{}{}{}", if double { 2 } else { 1 }, big, size);
        let wing_names: Vec<String> = cells.iter().map(|&c| cell_at(shape.n, c)).collect();
        let mut hint = Hint::pattern(&format!("{name} {suffix}"), rating, String::new());
        for &(c, d) in &removals {
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
        out(Found {
            hint,
            elims,
            suffix,
        });
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
