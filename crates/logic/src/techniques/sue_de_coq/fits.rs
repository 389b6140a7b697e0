//! A miss test for HoDoKu's Sue de Coq (issue 45): before an intersection set's line and box
//! walks, decide with bit masks whether any line set and box set fit HoDoKu's conditions and
//! remove something; when none does, the walks are skipped.
//!
//! Design decision: a filter in front of the ordered walk, not a replacement for it. The walk
//! (`hodoku::Pair::houses`) visits sets in HoDoKu's depth-first order and emits the first
//! that removes something; most intersection sets emit nothing (misses), and for those the
//! order does not matter. So the filter answers only "does some pair of sets emit", in any
//! order, and the ordered walk runs unchanged whenever the answer is yes: the steps, their
//! order and their text are the walk's by construction.
//!
//! Exactness (no false "no"): the line sets are the subsets of the line's empty cells outside
//! the intersection set (`line`), the box sets the subsets of the box's empty cells outside it
//! (`boxes`) holding no barred digit (the intersection's digits the line set holds) and no
//! cell of the line set — the walk visits all of them, without pruning, and so does this test
//! (every mask of `line`, every submask of the allowed box cells). Each set's digits are the
//! union of its cells' candidates (a table over masks, built once per intersection set), a
//! line set's barred box cells the union of its cells' (a box cell sharing an intersection
//! digit with the line cell, or the line cell itself), and the conditions are the walk's,
//! counted the same way. A step of the walk removes something
//! exactly when a box cell outside the box set and the intersection set holds a digit the box
//! loses, or a line cell outside the line set and the intersection set one the line loses:
//! those cells are the complements of the two masks within `boxes` and `line`, so the test is
//! one AND with their unions. Houses of more than [`MAX`] such cells (grids above 9×9 or
//! large jigsaw regions) are not tested (`None`): the walk runs as before.

use sudokit_core::Cell;

use crate::grid::CandidateGrid;

/// Most cells on either side the tables cover (each table has 2^`MAX` entries).
const MAX: usize = 9;

/// The candidate unions of every set of the line's and the box's cells, and the box cells
/// every set of the line's cells bars, kept across the intersection sets of one search so
/// their buffers are reused.
#[derive(Default)]
pub(super) struct Tables {
    line: Vec<u64>,
    boxes: Vec<u64>,
    barred: Vec<u64>,
}

/// Fills `out` with the candidate union of every subset of the cells whose candidates are
/// `cand` (bit i = the i-th cell).
///
/// Built by doubling: the sets holding cell i (masks `2^i..2^(i+1)`) are those without it
/// (masks `0..2^i`, already filled) with its candidates added, one OR per entry over two
/// contiguous halves (a loop the compiler vectorises), the same entries as filling mask by
/// mask from `m & (m - 1)` ([`unions_by_mask`], which the tests compare it with). Only the
/// first `2^cand.len()` entries are written (and read): the buffer only grows, without
/// clearing.
fn unions(cand: &[u64], out: &mut Vec<u64>) {
    if out.len() < 1 << cand.len() {
        out.resize(1 << cand.len(), 0);
    }
    out[0] = 0;
    for (i, &c) in cand.iter().enumerate() {
        let (lo, hi) = out.split_at_mut(1 << i);
        for (h, &l) in hi[..1 << i].iter_mut().zip(lo.iter()) {
            *h = l | c;
        }
    }
}

/// [`unions`] filled mask by mask (the plain definition; tests only).
#[cfg(test)]
fn unions_by_mask(cand: &[u64], out: &mut Vec<u64>) {
    out.clear();
    out.resize(1 << cand.len(), 0);
    for m in 1..1usize << cand.len() {
        out[m] = out[m & (m - 1)] | cand[m.trailing_zeros() as usize];
    }
}

/// The cells of `cells` outside `cset` and their candidates, in order, into `out` and `cand`;
/// their number, or `None` when there are more than [`MAX`].
fn outside(
    g: &CandidateGrid,
    cells: &[Cell],
    cset: &[Cell],
    out: &mut [Cell; MAX],
    cand: &mut [u64; MAX],
) -> Option<usize> {
    let mut n = 0;
    for &c in cells.iter().filter(|c| !cset.contains(c)) {
        if n == MAX {
            return None;
        }
        out[n] = c;
        cand[n] = g.candidates(c).0;
        n += 1;
    }
    Some(n)
}

/// Whether some line set and box set for the intersection set `cset` (digits `cv`, `surplus`
/// digits more than cells) fit HoDoKu's conditions and remove something; `None` when a side
/// has more than [`MAX`] cells. `line_cells` and `box_cells` are the empty cells of the line
/// and the box, as the walk has them.
pub(super) fn may_fit(
    g: &CandidateGrid,
    line_cells: &[Cell],
    box_cells: &[Cell],
    cset: &[Cell],
    cv: u64,
    surplus: usize,
    t: &mut Tables,
) -> Option<bool> {
    let (mut line, mut lcand) = ([Cell(0); MAX], [0u64; MAX]);
    let (mut boxes, mut bcand) = ([Cell(0); MAX], [0u64; MAX]);
    let nl = outside(g, line_cells, cset, &mut line, &mut lcand)?;
    let nb = outside(g, box_cells, cset, &mut boxes, &mut bcand)?;
    unions(&lcand[..nl], &mut t.line);
    unions(&bcand[..nb], &mut t.boxes);
    // Per line cell, the box cells a line set holding it bars from the box set: those
    // holding one of its intersection digits (a box set holds none of the barred digits, the
    // intersection's digits the line set holds) and the cell itself when the box holds it
    // (the intersection's other cells). A line set's barred cells are the union over its
    // cells, a table over line masks like the candidate unions.
    let mut bars = [0u64; MAX];
    for (bar, (&lc, &lm)) in bars.iter_mut().zip(line[..nl].iter().zip(&lcand[..nl])) {
        let x = lm & cv;
        *bar = boxes[..nb]
            .iter()
            .zip(&bcand[..nb])
            .enumerate()
            .fold(0, |a, (j, (&bc, &bm))| {
                a | u64::from(bm & x != 0 || bc == lc) << j
            });
    }
    unions(&bars[..nl], &mut t.barred);
    let surplus = surplus as u32;
    let (lfull, bfull) = ((1usize << nl) - 1, (1usize << nb) - 1);
    for lmask in 1..=lfull {
        let lv = t.line[lmask];
        let held = (lv & cv).count_ones();
        let own = (lv & !cv).count_ones();
        let len = lmask.count_ones();
        if held == 0 || len <= own || len - own >= surplus {
            continue;
        }
        let rest = surplus - (len - own);
        let allowed = bfull & !(t.barred[lmask] as usize);
        let line_rest = t.line[lfull & !lmask];
        let mut s = allowed;
        while s != 0 {
            let bv = t.boxes[s];
            let own_b = (bv & !cv).count_ones();
            let blen = s.count_ones();
            if bv & cv != 0 && blen >= own_b && blen - own_b == rest {
                let both = lv & bv;
                let box_d = ((cv | bv) & !lv) | both;
                let line_d = ((cv | lv) & !bv) | both;
                if t.boxes[bfull & !s] & box_d != 0 || line_rest & line_d != 0 {
                    return Some(true);
                }
            }
            s = (s - 1) & allowed;
        }
    }
    Some(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testrng::Lcg;

    /// The doubling fill equals the mask-by-mask one on random candidate lists of every
    /// length the tables take (0 to [`MAX`] cells), in the entries it fills: one buffer
    /// serves every round, so shorter lists follow longer ones as in a search.
    #[test]
    fn unions_by_doubling_equal_unions_by_mask() {
        let mut rng = Lcg::new(0x5dc0);
        let (mut fast, mut plain) = (Vec::new(), Vec::new());
        for round in 0..200 {
            let len = round % (MAX + 1);
            let cand: Vec<u64> = (0..len).map(|_| rng.next() & 0x1ff).collect();
            unions(&cand, &mut fast);
            unions_by_mask(&cand, &mut plain);
            assert_eq!(fast[..1 << len], plain[..], "{cand:?}");
        }
    }
}
