//! SE's uniqueness rules: unique rectangles and loops (types 1, 2, 3 with a naked set, and 4)
//! and the bivalue universal grave (type 1).
//!
//! Design decision: loops are found as SE finds them — from each bivalue cell, a depth-first
//! walk through cells holding both digits, never leaving a cell by the region type it entered
//! by, and kept only when every region on the loop is met once on odd and once on even steps —
//! so rectangles and the longer loops (6, 8, 10+ cells, rated 4.6 to 5.0) come from one
//! search. The rules assume the puzzle has one solution, as SE does.

use super::basic::common_tuple;
use super::board::{Board, NONE, Shape, bit, bits, combinations, digits};
use super::hint::{Hint, cell_name};

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

/// The depth-first walk's state: the path, a bitset of its cells, and how many of its cells
/// hold more than the pair.
struct Walk {
    path: Vec<usize>,
    on_path: Vec<u64>,
    big: usize,
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
    w.path.push(cell);
    w.on_path[cell / 64] |= 1 << (cell % 64);
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
        for &next in &sh.types[t].regions[r as usize] {
            let next = next as usize;
            if w.path[0] == next && w.path.len() >= 4 {
                out.push(w.path.clone());
            } else if w.on_path[next / 64] >> (next % 64) & 1 == 0 {
                let cands = b.cands[next];
                if cands & pair == pair {
                    let ex = (extra | cands) & !pair;
                    if cands.count_ones() == 2 || ex.count_ones() == 1 || w.big < 2 {
                        walk(sh, b, next, pair, w, ex, Some(t), out);
                    }
                }
            }
        }
    }
    w.big -= big;
    w.on_path[cell / 64] &= !(1 << (cell % 64));
    w.path.pop();
}

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
        v.retain(|x| sh.peers[c].contains(&(*x as u16)));
    }
    v.retain(|x| !cells.contains(x));
    v
}

/// Unique rectangles and loops, the easiest first (SE sorts by rating, then type).
pub(crate) fn unique_loop(sh: &Shape, b: &Board) -> Option<Hint> {
    let mut hints: Vec<(f64, u32, Hint)> = Vec::new();
    let mut state = Walk {
        path: Vec::new(),
        on_path: vec![0; sh.ncells.div_ceil(64)],
        big: 0,
    };
    for cell in 0..sh.ncells {
        let pair = b.cands[cell];
        if pair.count_ones() != 2 {
            continue;
        }
        let mut loops = Vec::new();
        walk(sh, b, cell, pair, &mut state, 0, None, &mut loops);
        let ds: Vec<u8> = digits(pair).collect();
        for lp in loops {
            if !valid_loop(sh, &lp) {
                continue;
            }
            let extra: Vec<usize> = lp
                .iter()
                .copied()
                .filter(|&c| b.cands[c].count_ones() > 2)
                .collect();
            let base = loop_rating(lp.len());
            let cells_txt: Vec<String> = lp.iter().map(|&c| cell_name(sh, c)).collect();
            let what = if lp.len() == 4 {
                "Unique Rectangle"
            } else {
                "Unique Loop"
            };
            let push = |ty: u32, rating: f64, mut h: Hint, hints: &mut Vec<(f64, u32, Hint)>| {
                if h.is_worth() {
                    h.text = format!(
                        "{} type {} on {} ({}/{}): {}",
                        what,
                        ty,
                        cells_txt.join(","),
                        ds[0],
                        ds[1],
                        h.removals_text(sh)
                    );
                    hints.push((rating, ty, h));
                }
            };
            if extra.len() == 1 {
                let mut h = Hint::pattern(&format!("{what} type 1"), base, String::new());
                h.remove(extra[0] as u16, pair & b.cands[extra[0]]);
                push(1, base, h, &mut hints);
            } else if extra.len() >= 2 {
                let union = extra.iter().fold(0, |a, &c| a | b.cands[c]) & !pair;
                if union.count_ones() == 1 {
                    let d = union.trailing_zeros() as u8 + 1;
                    let mut h = Hint::pattern(&format!("{what} type 2"), base, String::new());
                    for v in common_peers(sh, &extra) {
                        if b.has(v, d) {
                            h.remove(v as u16, bit(d));
                        }
                    }
                    push(2, base, h, &mut hints);
                } else if extra.len() == 2 {
                    let (c1, c2) = (extra[0], extra[1]);
                    // Type 3: the extra digits form a naked set with other cells of a region
                    // holding both extra cells.
                    let ex = union;
                    for degree in ex.count_ones() as usize..=7.min(sh.n - 2) {
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
                                let masks: Vec<u64> = bits(combo)
                                    .map(|i| {
                                        if i == i1 {
                                            ex
                                        } else {
                                            b.cands[region[i] as usize]
                                        }
                                    })
                                    .collect();
                                let Some(common) = common_tuple(&masks, degree) else {
                                    continue;
                                };
                                let rating = base + 0.1 * (degree as f64 - 1.0);
                                let mut h =
                                    Hint::pattern(&format!("{what} type 3"), rating, String::new());
                                for (i, &c) in region.iter().enumerate() {
                                    let c = c as usize;
                                    if combo & (1 << i) == 0 && c != c2 {
                                        h.remove(c as u16, b.cands[c] & common);
                                    }
                                }
                                push(3, rating, h, &mut hints);
                            }
                        }
                    }
                }
                if extra.len() == 2 {
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
                                let mut h =
                                    Hint::pattern(&format!("{what} type 4"), base, String::new());
                                h.remove(c1 as u16, bit(other));
                                h.remove(c2 as u16, bit(other));
                                push(4, base, h, &mut hints);
                                break;
                            }
                        }
                    }
                }
            }
        }
    }
    hints.sort_by(|a, b| {
        a.0.partial_cmp(&b.0)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.1.cmp(&b.1))
    });
    hints.into_iter().next().map(|(_, _, h)| h)
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
                    cell_name(sh, c),
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
