//! SE's uniqueness rules: unique rectangles and loops (types 1, 2, 3 with a naked set, and 4)
//! and the bivalue universal grave (type 1).
//!
//! Design decision: loops are found as SE finds them — from each bivalue cell, a depth-first
//! walk through cells holding both digits, never leaving a cell by the region type it entered
//! by, and kept only when every region on the loop is met once on odd and once on even steps —
//! so rectangles and the longer loops (6, 8, 10+ cells, rated 4.6 to 5.0) come from one
//! search. The rules assume the puzzle has one solution, as SE does.

use super::board::{Board, NONE, Shape};
use super::hint::Hint;
use crate::kernel::bits::{bit, bits, digits};
use crate::kernel::combos::combinations;
use crate::kernel::naming::cell_at;

fn loop_rating(len: usize) -> f64 {
    let mut r = 4.5;
    if len >= 10 {
        r += 0.3;
    }
    if len >= 8 {
        r += 0.2;
    } else if len >= 6 {
        r += 0.1;
    }
    r
}

/// The depth-first walk's state: the path, a bitset of its cells, how many of its cells
/// hold more than the pair, and per region (numbered as `region_base[t] + r`) the positions
/// of the cells holding both digits of the pair (the only cells the walk may step to).
struct Walk {
    path: Vec<usize>,
    on_path: Vec<u64>,
    big: usize,
    with_pair: Vec<u64>,
    /// Per region, the parities of the path's positions in it (bit 0 even, bit 1 odd): a
    /// loop with two cells of one parity in a region is not a valid loop, so the walk never
    /// steps to such a cell.
    parity: Vec<u8>,
}

/// [`Walk::with_pair`] for `pair` on the board: per region, the places of both digits,
/// read from the board's position table (regions numbered as `region_base[t] + r`).
fn pair_places(sh: &Shape, b: &Board, pair: u64, out: &mut Vec<u64>) {
    out.clear();
    let mut ds = digits(pair);
    let (d1, d2) = (ds.next().unwrap_or(1), ds.next().unwrap_or(1));
    out.extend((0..sh.nregions).map(|g| b.region_places(sh, g, d1) & b.region_places(sh, g, d2)));
}

/// Calls `f` with the number (`region_base[t] + r`) of the cell's region of each type, the
/// regions a unique loop is checked on.
#[inline]
fn for_regions(sh: &Shape, cell: usize, mut f: impl FnMut(usize)) {
    for t in 0..sh.types.len() {
        let r = sh.region_at[t][cell];
        if r != NONE {
            f(sh.region_base[t] + r as usize);
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn walk(
    sh: &Shape,
    b: &Board,
    cell: usize,
    pair: u64,
    w: &mut Walk,
    extra: u64,
    last_type: Option<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    if out.len() > 64 || w.path.len() > 2 * sh.n {
        return;
    }
    let par = 1u8 << (w.path.len() % 2);
    for_regions(sh, cell, |g| w.parity[g] |= par);
    w.path.push(cell);
    w.on_path[cell / 64] |= 1 << (cell % 64);
    let next_par = par ^ 3;
    let big = (b.cands[cell].count_ones() > 2) as usize;
    w.big += big;
    for t in 0..sh.types.len() {
        if Some(t) == last_type {
            continue;
        }
        let r = sh.region_at[t][cell];
        if r == NONE {
            continue;
        }
        // Only cells holding the pair can continue or close the loop (the first cell is a
        // pair cell), visited in region order as before.
        let region = &sh.types[t].regions[r as usize];
        for i in bits(w.with_pair[sh.region_base[t] + r as usize]) {
            let next = region[i] as usize;
            if w.path[0] == next && w.path.len() >= 4 {
                // No region holds two path cells of one parity (the walk never steps so),
                // so the loop is valid when each of its regions holds one of each. An
                // invalid loop still counts towards the cap, as an empty entry.
                let mut valid = true;
                for &c in &w.path {
                    for_regions(sh, c, |g| valid &= w.parity[g] == 3);
                }
                out.push(if valid { w.path.clone() } else { Vec::new() });
            } else if w.on_path[next / 64] >> (next % 64) & 1 == 0 && {
                let mut free = true;
                for_regions(sh, next, |g| free &= w.parity[g] & next_par == 0);
                free
            } {
                let cands = b.cands[next];
                let ex = (extra | cands) & !pair;
                if cands.count_ones() == 2 || ex.count_ones() == 1 || w.big < 2 {
                    walk(sh, b, next, pair, w, ex, Some(t), out);
                }
            }
        }
    }
    w.big -= big;
    w.on_path[cell / 64] &= !(1 << (cell % 64));
    w.path.pop();
    for_regions(sh, cell, |g| w.parity[g] &= !par);
}

/// Whether a closed path is a unique loop: every region on it is met once on odd and once on
/// even steps. (The walk decides this itself; the tests check it against this definition.)
#[cfg(test)]
fn valid_loop(sh: &Shape, lp: &[usize]) -> bool {
    let mut odd: Vec<(usize, u32)> = Vec::new();
    let mut even: Vec<(usize, u32)> = Vec::new();
    for (i, &c) in lp.iter().enumerate() {
        for t in 0..sh.types.len() {
            let r = sh.region_at[t][c];
            if r == NONE {
                continue;
            }
            let set = if i % 2 == 1 { &mut odd } else { &mut even };
            if set.contains(&(t, r)) {
                return false;
            }
            set.push((t, r));
        }
    }
    odd.sort_unstable();
    even.sort_unstable();
    odd == even
}

fn common_peers(sh: &Shape, cells: &[usize]) -> Vec<usize> {
    let mut v: Vec<usize> = sh.peers[cells[0]].iter().map(|&c| c as usize).collect();
    for &c in &cells[1..] {
        v.retain(|&x| sh.is_peer(c, x));
    }
    v.retain(|x| !cells.contains(x));
    v
}

/// The hint kept so far by [`unique_loop`]: the first found of the least (rating, type), with
/// what its sentence needs (written once, for the winner only).
struct Kept {
    rating: f64,
    ty: u32,
    hint: Hint,
    lp: Vec<usize>,
    what: &'static str,
    ds: [u8; 2],
}

/// Whether a hint rated `rating` of type `ty` comes before `kept` in SE's order (rating,
/// then type; on a tie the earlier found stays first).
fn beats(kept: &Option<Kept>, rating: f64, ty: u32) -> bool {
    kept.as_ref()
        .is_none_or(|k| rating < k.rating || (rating == k.rating && ty < k.ty))
}

/// Unique rectangles and loops, the easiest first (SE sorts by rating, then type). Only the
/// first hint of that order is kept, so a loop (or a type-3 degree) whose least possible
/// (rating, type) cannot come before the kept hint is not examined, and the search ends
/// once a rectangle of type 1 — the least possible — is kept.
pub(crate) fn unique_loop(sh: &Shape, b: &Board) -> Option<Hint> {
    let mut kept: Option<Kept> = None;
    let mut state = Walk {
        path: Vec::new(),
        on_path: vec![0; sh.ncells.div_ceil(64)],
        big: 0,
        with_pair: Vec::with_capacity(sh.nregions),
        parity: vec![0; sh.nregions],
    };
    // Places per pair, each computed once per board.
    let mut places: Vec<(u64, Vec<u64>)> = Vec::new();
    let mut loops = Vec::new();
    for cell in 0..sh.ncells {
        let pair = b.cands[cell];
        if pair.count_ones() != 2 {
            continue;
        }
        if !beats(&kept, loop_rating(4), 1) {
            break;
        }
        loops.clear();
        let k = match places.iter().position(|p| p.0 == pair) {
            Some(k) => k,
            None => {
                let mut v = Vec::with_capacity(sh.nregions);
                pair_places(sh, b, pair, &mut v);
                places.push((pair, v));
                places.len() - 1
            }
        };
        std::mem::swap(&mut state.with_pair, &mut places[k].1);
        walk(sh, b, cell, pair, &mut state, 0, None, &mut loops);
        std::mem::swap(&mut state.with_pair, &mut places[k].1);
        let mut pd = digits(pair);
        let ds = [pd.next().unwrap_or(0), pd.next().unwrap_or(0)];
        for lp in &loops {
            if lp.is_empty() {
                continue;
            }
            let base = loop_rating(lp.len());
            // Every hint of this loop rates at least `base` and has type 1 or more.
            if !beats(&kept, base, 1) {
                continue;
            }
            let mut extra = [0usize; 2];
            let mut extras = 0;
            let mut union = 0u64;
            for &c in lp {
                if b.cands[c].count_ones() > 2 {
                    if extras < 2 {
                        extra[extras] = c;
                    }
                    extras += 1;
                    union |= b.cands[c];
                }
            }
            union &= !pair;
            let what = if lp.len() == 4 {
                "Unique Rectangle"
            } else {
                "Unique Loop"
            };
            let keep = |ty: u32, rating: f64, h: Hint, kept: &mut Option<Kept>| {
                if h.is_worth() && beats(kept, rating, ty) {
                    *kept = Some(Kept {
                        rating,
                        ty,
                        hint: h,
                        lp: lp.clone(),
                        what,
                        ds,
                    });
                }
            };
            if extras == 1 {
                let mut h = Hint::pattern("", base, String::new());
                h.remove(extra[0] as u16, pair & b.cands[extra[0]]);
                keep(1, base, h, &mut kept);
            } else if extras >= 2 {
                if union.count_ones() == 1 {
                    if beats(&kept, base, 2) {
                        let cells: Vec<usize> = lp
                            .iter()
                            .copied()
                            .filter(|&c| b.cands[c].count_ones() > 2)
                            .collect();
                        let d = union.trailing_zeros() as u8 + 1;
                        let mut h = Hint::pattern("", base, String::new());
                        for v in common_peers(sh, &cells) {
                            if b.has(v, d) {
                                h.remove(v as u16, bit(d));
                            }
                        }
                        keep(2, base, h, &mut kept);
                    }
                } else if extras == 2 {
                    let (c1, c2) = (extra[0], extra[1]);
                    // Type 3: the extra digits form a naked set with other cells of a region
                    // holding both extra cells.
                    let ex = union;
                    for degree in ex.count_ones() as usize..=7.min(sh.n - 2) {
                        let rating = base + 0.1 * (degree as f64 - 1.0);
                        // Ratings grow with the degree: no later degree can come first.
                        if !beats(&kept, rating, 3) {
                            break;
                        }
                        for t in 0..sh.types.len() {
                            let r = sh.region_at[t][c1];
                            if r == NONE || sh.region_at[t][c2] != r {
                                continue;
                            }
                            let region = &sh.types[t].regions[r as usize];
                            if degree * 2 > b.empty_count(region) {
                                continue;
                            }
                            let i1 = region.iter().position(|&c| c as usize == c1);
                            let i2 = region.iter().position(|&c| c as usize == c2);
                            let (Some(i1), Some(i2)) = (i1, i2) else {
                                continue;
                            };
                            for combo in combinations(degree, region.len()) {
                                if combo & (1 << i1) == 0 || combo & (1 << i2) != 0 {
                                    continue;
                                }
                                // A naked set: every cell with two digits or more, the union
                                // of exactly `degree` (the first extra cell counts as `ex`).
                                let mut common = 0u64;
                                let mut naked = true;
                                for i in bits(combo) {
                                    let m = if i == i1 {
                                        ex
                                    } else {
                                        b.cands[region[i] as usize]
                                    };
                                    if m.count_ones() <= 1 {
                                        naked = false;
                                        break;
                                    }
                                    common |= m;
                                }
                                if !naked || common.count_ones() as usize != degree {
                                    continue;
                                }
                                let mut h = Hint::pattern("", rating, String::new());
                                for (i, &c) in region.iter().enumerate() {
                                    let c = c as usize;
                                    if combo & (1 << i) == 0 && c != c2 {
                                        h.remove(c as u16, b.cands[c] & common);
                                    }
                                }
                                keep(3, rating, h, &mut kept);
                            }
                        }
                    }
                }
                if extras == 2 && beats(&kept, base, 4) {
                    // Type 4: one loop digit is locked to the two extra cells in a region they
                    // share, so the other loop digit goes from both.
                    let (c1, c2) = (extra[0], extra[1]);
                    for t in 0..sh.types.len() {
                        let r = sh.region_at[t][c1];
                        if r == NONE || sh.region_at[t][c2] != r {
                            continue;
                        }
                        let region = &sh.types[t].regions[r as usize];
                        for (lock, other) in [(ds[0], ds[1]), (ds[1], ds[0])] {
                            let places = b.positions(region, lock).count_ones();
                            if places == 2 {
                                let mut h = Hint::pattern("", base, String::new());
                                h.remove(c1 as u16, bit(other));
                                h.remove(c2 as u16, bit(other));
                                keep(4, base, h, &mut kept);
                                break;
                            }
                        }
                    }
                }
            }
        }
    }
    kept.map(|k| {
        let mut h = k.hint;
        h.name = format!("{} type {}", k.what, k.ty);
        h.text = format!(
            "{} type {} on {} ({}/{}): {}",
            k.what,
            k.ty,
            k.lp.iter()
                .map(|&c| cell_at(sh.n, c))
                .collect::<Vec<_>>()
                .join(","),
            k.ds[0],
            k.ds[1],
            h.removals_text(sh)
        );
        h
    })
}

/// BUG type 1: every open cell holds two candidates but one, which holds three; it must take
/// the digit that appears three times in its regions.
pub(crate) fn bug(sh: &Shape, b: &Board) -> Option<Hint> {
    let mut extra = None;
    for c in 0..sh.ncells {
        if b.values[c] != 0 {
            continue;
        }
        match b.cands[c].count_ones() {
            2 => {}
            3 if extra.is_none() => extra = Some(c),
            _ => return None,
        }
    }
    let c = extra?;
    // The digit of the triple cell that would otherwise appear three times in a region.
    for d in digits(b.cands[c]) {
        let mut odd = false;
        for t in 0..sh.types.len() {
            let r = sh.region_at[t][c];
            if r == NONE {
                continue;
            }
            if b.positions(&sh.types[t].regions[r as usize], d)
                .count_ones()
                == 3
            {
                odd = true;
            }
        }
        if odd {
            let mut h = Hint::pattern(
                "Bivalue Universal Grave type 1",
                5.6,
                format!(
                    "BUG+1: every other open cell holds two candidates, so {}={}",
                    cell_at(sh.n, c),
                    d
                ),
            );
            h.remove(c as u16, b.cands[c] & !bit(d));
            h.place = Some((c as u16, d));
            return Some(h);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// The walk as first written: every cell of each region is looked at, and loops that
    /// `valid_loop` rejects are walked and collected too.
    #[allow(clippy::too_many_arguments)]
    fn walk_every_cell(
        sh: &Shape,
        b: &Board,
        cell: usize,
        pair: u64,
        path: &mut Vec<usize>,
        big: usize,
        extra: u64,
        last_type: Option<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if out.len() > 64 || path.len() > 2 * sh.n {
            return;
        }
        path.push(cell);
        let big = big + (b.cands[cell].count_ones() > 2) as usize;
        for t in 0..sh.types.len() {
            if Some(t) == last_type {
                continue;
            }
            let r = sh.region_at[t][cell];
            if r == NONE {
                continue;
            }
            for &next in &sh.types[t].regions[r as usize] {
                let next = next as usize;
                if path[0] == next && path.len() >= 4 {
                    out.push(path.clone());
                } else if !path.contains(&next) {
                    let cands = b.cands[next];
                    if cands & pair == pair {
                        let ex = (extra | cands) & !pair;
                        if cands.count_ones() == 2 || ex.count_ones() == 1 || big < 2 {
                            walk_every_cell(sh, b, next, pair, path, big, ex, Some(t), out);
                        }
                    }
                }
            }
        }
        path.pop();
    }

    /// The walk on pair places, which never steps where the loop could not be valid, finds
    /// the same valid loops in the same order as the walk over every cell (whenever that one
    /// stays under its cap of collected loops), on boards rich in pairs on plain, X and 6×6
    /// layouts.
    #[test]
    fn walk_finds_the_valid_loops_of_the_walk_over_every_cell() {
        let mut rng = crate::testrng::Lcg::new(0x1005);
        let mut next = |m: u64| rng.below(m);
        let (mut compared, mut loops) = (0, 0);
        for layout in crate::testrng::layouts() {
            let sh = Shape::new(Arc::new(layout));
            for _ in 0..400 {
                // A third of the cells hold one of three pairs over digits 1–3 (a few with a
                // third digit); the others, two digits above 3.
                let mut cands = vec![0u64; sh.ncells];
                for c in cands.iter_mut() {
                    let high = |r: u64| 1u64 << (3 + r);
                    *c = if next(3) == 0 {
                        let mut m = [0b011, 0b101, 0b110][next(3) as usize];
                        if next(5) == 0 {
                            m |= high(next(sh.n as u64 - 3));
                        }
                        m
                    } else {
                        high(next(sh.n as u64 - 3)) | high(next(sh.n as u64 - 3)) | 1 << next(3)
                    };
                }
                let b = Board::new(&sh, vec![0; sh.ncells], cands);
                let mut w = Walk {
                    path: Vec::new(),
                    on_path: vec![0; sh.ncells.div_ceil(64)],
                    big: 0,
                    with_pair: Vec::new(),
                    parity: vec![0; sh.nregions],
                };
                for cell in 0..sh.ncells {
                    let pair = b.cands[cell];
                    if pair.count_ones() != 2 {
                        continue;
                    }
                    let mut want = Vec::new();
                    walk_every_cell(&sh, &b, cell, pair, &mut Vec::new(), 0, 0, None, &mut want);
                    if want.len() > 64 {
                        continue;
                    }
                    pair_places(&sh, &b, pair, &mut w.with_pair);
                    let mut got = Vec::new();
                    walk(&sh, &b, cell, pair, &mut w, 0, None, &mut got);
                    // Both collect one entry per closed path (the walk leaves the invalid
                    // ones empty), and the valid ones agree.
                    let want: Vec<Vec<usize>> =
                        want.into_iter().filter(|l| valid_loop(&sh, l)).collect();
                    let got: Vec<Vec<usize>> = got.into_iter().filter(|l| !l.is_empty()).collect();
                    assert!(got.iter().all(|l| valid_loop(&sh, l)));
                    assert_eq!(got, want);
                    compared += 1;
                    loops += want.len();
                }
            }
        }
        assert!(
            compared > 10_000 && loops > 1000,
            "{compared} starts, {loops} loops"
        );
    }
}
