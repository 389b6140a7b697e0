//! SE's pattern rules below the chains: hidden and naked singles, the "direct" intersections
//! and hidden sets (those that at once give a hidden single), intersections, naked and hidden
//! sets, basic fish, XY- and XYZ-wings.
//!
//! Design decision: each rule returns the *first* hint in SE's own walk (region types, regions,
//! values and combinations in the order SE visits them), because SE applies the first hint it
//! is offered; a different but equally rated hint would lead the rest of the path elsewhere.
//! The rules also have SE's preconditions (a naked set of size k only in a region with at
//! least 2k empty cells, a fish only on a digit placed at most N − 2k times, every base line
//! with at least two positions), which decide what SE finds on harder puzzles.

use super::board::{Board, Kind, Shape};
use super::hint::Hint;
use crate::kernel::bits::{bit, bits, digits};
use crate::kernel::combos::combinations;
use crate::kernel::naming::cell_at;

fn region_name(shape: &Shape, t: usize, r: usize) -> String {
    match shape.types[t].kind {
        Kind::Block => {
            if shape.layout.is_jigsaw() {
                format!("region {}", r + 1)
            } else {
                format!("block {}", r + 1)
            }
        }
        Kind::Row => format!("row {}", r + 1),
        Kind::Column => format!("column {}", r + 1),
        Kind::Extra => format!("diagonal {}", r + 1),
    }
}

/// The order in which SE's singles and sets visit region types: block, column, row, extras.
pub(crate) fn bcr(shape: &Shape) -> Vec<usize> {
    [Kind::Block, Kind::Column, Kind::Row, Kind::Extra]
        .iter()
        .filter_map(|&k| shape.type_of(k))
        .collect()
}

/// Hidden singles: first the last empty cell of a region (1.0), then hidden singles in blocks
/// (1.2), then in columns and rows (1.5).
pub(crate) fn hidden_single(shape: &Shape, b: &Board) -> Option<Hint> {
    let order = bcr(shape);
    for alone in [true, false] {
        for &t in &order {
            for (r, region) in shape.types[t].regions.iter().enumerate() {
                // Digits seen in exactly one cell of the region, in one pass over its cells.
                let (mut once, mut twice, mut empty) = (0u64, 0u64, 0usize);
                for &c in region {
                    let m = b.cands[c as usize];
                    empty += usize::from(b.values[c as usize] == 0);
                    twice |= once & m;
                    once |= m;
                }
                if (empty == 1) != alone {
                    continue;
                }
                let single = once & !twice;
                if single == 0 {
                    continue;
                }
                let d = single.trailing_zeros() as u8 + 1;
                let cell = region[b.places(shape, t, r, d).trailing_zeros() as usize];
                let (name, rating) = if alone {
                    ("Full House", 1.0)
                } else if shape.types[t].kind == Kind::Block {
                    ("Hidden Single", 1.2)
                } else {
                    ("Hidden Single", 1.5)
                };
                let mut h = Hint::pattern(
                    name,
                    rating,
                    format!(
                        "{}: {} is the only place for {} in {}",
                        name,
                        cell_at(shape.n, cell as usize),
                        d,
                        region_name(shape, t, r)
                    ),
                );
                h.place = Some((cell, d));
                return Some(h);
            }
        }
    }
    None
}

/// Naked singles, rows first.
pub(crate) fn naked_single(shape: &Shape, b: &Board) -> Option<Hint> {
    for c in 0..shape.ncells {
        if b.values[c] == 0 && b.cands[c].count_ones() == 1 {
            let d = b.cands[c].trailing_zeros() as u8 + 1;
            let mut h = Hint::pattern(
                "Naked Single",
                2.3,
                format!("Naked Single: {} can only hold {}", cell_at(shape.n, c), d),
            );
            h.place = Some((c as u16, d));
            return Some(h);
        }
    }
    None
}

/// Every intersection SE looks at: digit `d` of region `i1` (type `t1`) confined to region
/// `i2` (type `t2`), with the cells of `i2` outside `i1` that hold `d` — possibly none, unless
/// `removing` asks for locks that remove something only: on an X layout, where the two
/// diagonals share the centre cell, a direct hint can come from a lock that removes nothing.
/// `f` returns `true` to stop the walk.
/// Called with (type 1, region 1, type 2, region 2, digit, removable cells); `true` stops.
pub(crate) type LockVisit<'a> = dyn FnMut(usize, usize, usize, usize, u8, &[u16]) -> bool + 'a;

pub(crate) fn each_lock(shape: &Shape, b: &Board, removing: bool, f: &mut LockVisit<'_>) {
    let mut pairs = Vec::new();
    let bl = shape.type_of(Kind::Block);
    let row = shape.type_of(Kind::Row);
    let col = shape.type_of(Kind::Column);
    let ex = shape.type_of(Kind::Extra);
    for (x, y) in [(bl, col), (bl, row), (col, bl), (row, bl)] {
        if let (Some(x), Some(y)) = (x, y) {
            pairs.push((x, y));
        }
    }
    if let Some(e) = ex {
        for o in [bl, row, col].into_iter().flatten() {
            pairs.push((e, o));
            pairs.push((o, e));
        }
    }
    let mut removable = Vec::new();
    // SukakuExplainer (whose `serate` made the reference ratings) walks digit first, then
    // the first region, then the second; SE 1.2.1 walked regions first.
    for (t1, t2) in pairs {
        for d in 1..=shape.n as u8 {
            for i1 in 0..shape.types[t1].regions.len() {
                let pos = b.places(shape, t1, i1, d);
                if pos.count_ones() <= 1 {
                    continue;
                }
                for x in &shape.crossings[t1][i1][t2] {
                    if pos & !x.inside != 0 {
                        continue;
                    }
                    let i2 = x.other as usize;
                    let outside = b.places(shape, t2, i2, d) & x.outside_other;
                    if removing && outside == 0 {
                        continue;
                    }
                    let region2 = &shape.types[t2].regions[i2];
                    removable.clear();
                    removable.extend(bits(outside).map(|j| region2[j]));
                    if f(t1, i1, t2, i2, d, &removable) {
                        return;
                    }
                }
            }
        }
    }
}

/// Pointing and claiming. In direct mode, only those whose removals leave a digit one place in
/// another region of the first region's type (that placement is part of the step).
pub(crate) fn locking(shape: &Shape, b: &Board, direct: bool) -> Option<Hint> {
    let mut found = None;
    each_lock(shape, b, !direct, &mut |t1, i1, t2, i2, d, removable| {
        let pointing = shape.types[t1].kind == Kind::Block;
        if direct {
            for x3 in &shape.crossings[t2][i2][t1] {
                let i3 = x3.other as usize;
                let region3 = &shape.types[t1].regions[i3];
                if i3 == i1 {
                    continue;
                }
                let pos3 = b.places(shape, t1, i3, d);
                if pos3.count_ones() <= 1 {
                    continue;
                }
                let left: Vec<usize> = bits(pos3)
                    .filter(|&i| shape.region_at[t2][region3[i] as usize] != i2 as u32)
                    .collect();
                if left.len() == 1 {
                    let hcell = region3[left[0]];
                    let (name, rating) = if pointing {
                        ("Direct Pointing", 1.7)
                    } else {
                        ("Direct Claiming", 1.9)
                    };
                    let mut h = Hint::pattern(
                        name,
                        rating,
                        format!(
                            "{}: {} in {} is confined to {}, so {} is the only place for {} in {}",
                            name,
                            d,
                            region_name(shape, t1, i1),
                            region_name(shape, t2, i2),
                            cell_at(shape.n, hcell as usize),
                            d,
                            region_name(shape, t1, i3)
                        ),
                    );
                    // SE's direct hints only place: their removals stay for later steps.
                    h.place = Some((hcell, d));
                    found = Some(h);
                    return true;
                }
            }
            false
        } else if !removable.is_empty() {
            let (name, rating) = if pointing {
                ("Pointing", 2.6)
            } else {
                ("Claiming", 2.8)
            };
            let mut h = Hint::pattern(name, rating, String::new());
            for &c in removable {
                h.remove(c, bit(d));
            }
            h.text = format!(
                "{}: {} in {} is confined to {}: {}",
                name,
                d,
                region_name(shape, t1, i1),
                region_name(shape, t2, i2),
                h.removals_text(shape)
            );
            found = Some(h);
            true
        } else {
            false
        }
    });
    found
}

/// The union of the masks `table[i]` for the bits `i` of `combo` (SE's common tuple) when
/// each has at least two bits and the union has exactly `k`; without allocating.
#[inline]
pub(crate) fn common_of(table: &[u64], combo: u64, k: usize) -> Option<u64> {
    let mut u = 0;
    for i in bits(combo) {
        let m = table[i];
        if m.count_ones() <= 1 {
            return None;
        }
        u |= m;
    }
    (u.count_ones() as usize == k).then_some(u)
}

const SET_NAMES: [&str; 5] = ["", "", "Pair", "Triplet", "Quad"];

/// Naked sets of size `k` (2..=4): 3.0, 3.6, 5.0.
pub(crate) fn naked_set(shape: &Shape, b: &Board, k: usize) -> Option<Hint> {
    let rating = [0.0, 0.0, 3.0, 3.6, 5.0][k];
    for t in bcr(shape) {
        for (r, region) in shape.types[t].regions.iter().enumerate() {
            if b.empty_count(region) < 2 * k {
                continue;
            }
            let table: Vec<u64> = region.iter().map(|&c| b.cands[c as usize]).collect();
            // Only cells with 2..=k candidates can be in a set of k, and combining those
            // alone keeps SE's order (see `hidden_set`).
            let eligible: Vec<usize> = (0..region.len())
                .filter(|&i| (2..=k as u32).contains(&table[i].count_ones()))
                .collect();
            if eligible.len() < k {
                continue;
            }
            for sub in combinations(k, eligible.len()) {
                let combo = bits(sub).fold(0u64, |m, j| m | 1 << eligible[j]);
                let Some(common) = common_of(&table, combo, k) else {
                    continue;
                };
                let mut h =
                    Hint::pattern(&format!("Naked {}", SET_NAMES[k]), rating, String::new());
                for (i, &c) in region.iter().enumerate() {
                    if combo & (1 << i) == 0 {
                        h.remove(c, b.cands[c as usize] & common);
                    }
                }
                if h.is_worth() {
                    let cells: Vec<String> = bits(combo)
                        .map(|i| cell_at(shape.n, region[i] as usize))
                        .collect();
                    let ds: Vec<String> = digits(common).map(|d| d.to_string()).collect();
                    h.text = format!(
                        "{}: {} hold only {} in {}: {}",
                        h.name,
                        cells.join(","),
                        ds.join(","),
                        region_name(shape, t, r),
                        h.removals_text(shape)
                    );
                    return Some(h);
                }
            }
        }
    }
    None
}

/// Hidden sets of size `k`: 3.4, 4.0, 5.4; in direct mode (2.0, 2.5) only those that leave
/// another digit a single place in the same region, which is placed.
pub(crate) fn hidden_set(shape: &Shape, b: &Board, k: usize, direct: bool) -> Option<Hint> {
    // Per digit, its places in the region (candidate masks are 64 bits, so n <= 64).
    let mut table = [0u64; 64];
    for t in bcr(shape) {
        for (r, region) in shape.types[t].regions.iter().enumerate() {
            let empty = b.empty_count(region);
            if !(empty > 2 * k || (direct && empty > k)) {
                continue;
            }
            // Only digits with 2..=k places can be in a set of k (the union of their places
            // must have k bits); combining those alone, in increasing order of their masks,
            // visits the candidate sets in SE's order (the map to digit masks keeps order).
            let mut eligible = 0u64;
            for (i, place) in table.iter_mut().enumerate().take(shape.n) {
                *place = b.places(shape, t, r, i as u8 + 1);
                if (2..=k as u32).contains(&place.count_ones()) {
                    eligible |= 1 << i;
                }
            }
            let m = eligible.count_ones() as usize;
            if m < k {
                continue;
            }
            for sub in combinations(k, m) {
                // Bit `i` of `combo` is digit `i + 1`, so the combination is the digit mask.
                let combo = deposit(sub, eligible);
                let Some(common) = common_of(&table, combo, k) else {
                    continue;
                };
                let vmask = combo;
                let ds = || digits(vmask).map(|d| d.to_string()).collect::<Vec<_>>();
                let cells = || {
                    bits(common)
                        .map(|i| cell_at(shape.n, region[i] as usize))
                        .collect::<Vec<_>>()
                };
                if direct {
                    for d in 1..=shape.n as u8 {
                        if vmask & bit(d) != 0 {
                            continue;
                        }
                        let pos = b.places(shape, t, r, d);
                        if pos.count_ones() > 1 && (pos & !common).count_ones() == 1 {
                            let cell = region[(pos & !common).trailing_zeros() as usize];
                            let (name, rating) = if k == 2 {
                                ("Direct Hidden Pair", 2.0)
                            } else if k == 3 {
                                ("Direct Hidden Triplet", 2.5)
                            } else {
                                ("Direct Hidden Quad", 4.3)
                            };
                            let mut h = Hint::pattern(
                                name,
                                rating,
                                format!(
                                    "{}: {} only fit in {} in {}, so {} is the only place for {}",
                                    name,
                                    ds().join(","),
                                    cells().join(","),
                                    region_name(shape, t, r),
                                    cell_at(shape.n, cell as usize),
                                    d
                                ),
                            );
                            // Only the placement is applied, as in SE.
                            h.place = Some((cell, d));
                            return Some(h);
                        }
                    }
                    continue;
                }
                let removals: Vec<(u16, u64)> = bits(common)
                    .map(|i| region[i])
                    .map(|c| (c, b.cands[c as usize] & !vmask))
                    .filter(|&(_, extra)| extra != 0)
                    .collect();
                if !removals.is_empty() {
                    let rating = [0.0, 0.0, 3.4, 4.0, 5.4][k];
                    let mut h =
                        Hint::pattern(&format!("Hidden {}", SET_NAMES[k]), rating, String::new());
                    h.removals = removals;
                    h.text = format!(
                        "{}: {} only fit in {} in {}: {}",
                        h.name,
                        ds().join(","),
                        cells().join(","),
                        region_name(shape, t, r),
                        h.removals_text(shape)
                    );
                    return Some(h);
                }
            }
        }
    }
    None
}

/// X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2): columns as base lines first, then rows.
pub(crate) fn fish(shape: &Shape, b: &Board, k: usize) -> Option<Hint> {
    let (Some(row), Some(col)) = (shape.type_of(Kind::Row), shape.type_of(Kind::Column)) else {
        return None;
    };
    let n = shape.n;
    let name = ["", "", "X-Wing", "Swordfish", "Jellyfish"][k];
    let rating = [0.0, 0.0, 3.2, 3.8, 5.2][k];
    // How often each digit is placed: one placed more than n - 2k times has fewer than k
    // open lines with two places or more.
    let mut occ = vec![0usize; n];
    for &v in &b.values {
        if v != 0 {
            occ[v as usize - 1] += 1;
        }
    }
    let mut table = vec![0u64; n * n];
    let mut eligible = vec![0u64; n];
    for (base, cover) in [(col, row), (row, col)] {
        // table[(d - 1) * n + line]: the digit's places in the base line. A base line can
        // only be part of a fish with two to k places, so a combination of lines is tried
        // for a digit only when all its lines are such (the others fail the union test).
        let lines = shape.types[base].regions.len();
        let mut any = false;
        for d in 1..=n as u8 {
            let di = d as usize - 1;
            eligible[di] = 0;
            if occ[di] + 2 * k > n {
                continue;
            }
            for r in 0..lines {
                let p = b.places(shape, base, r, d);
                table[di * n + r] = p;
                if (2..=k as u32).contains(&p.count_ones()) {
                    eligible[di] |= 1 << r;
                }
            }
            any |= eligible[di].count_ones() as usize >= k;
        }
        if !any {
            continue;
        }
        // SE tries the combinations in increasing order, each with every digit in turn, and
        // takes the first fish that removes something: per digit, the first such combination
        // of its eligible lines (in the same order), and the least (combination, digit).
        let removes = |combo: u64, common: u64, d: u8| {
            bits(common).any(|j| {
                let line = &shape.types[cover].regions[j];
                line.iter()
                    .enumerate()
                    .any(|(i, &c)| combo & (1 << i) == 0 && b.has(c as usize, d))
            })
        };
        let mut best: Option<(u64, u8, u64)> = None;
        for d in 1..=n as u8 {
            let di = d as usize - 1;
            let e = eligible[di];
            let m = e.count_ones() as usize;
            if m < k {
                continue;
            }
            for idx in combinations(k, m) {
                let combo = deposit(idx, e);
                // An equal combination of an earlier digit comes first.
                if best.is_some_and(|(bc, _, _)| combo >= bc) {
                    break;
                }
                let Some(common) = common_of(&table[di * n..(di + 1) * n], combo, k) else {
                    continue;
                };
                if removes(combo, common, d) {
                    best = Some((combo, d, common));
                    break;
                }
            }
        }
        if let Some((combo, d, common)) = best {
            let mut h = Hint::pattern(name, rating, String::new());
            for j in bits(common) {
                let line = &shape.types[cover].regions[j];
                for (i, &c) in line.iter().enumerate() {
                    if combo & (1 << i) == 0 && b.has(c as usize, d) {
                        h.remove(c, bit(d));
                    }
                }
            }
            let bases: Vec<String> = bits(combo).map(|i| (i + 1).to_string()).collect();
            let covers: Vec<String> = bits(common).map(|i| (i + 1).to_string()).collect();
            let (bn, cn) = if base == col {
                ("columns", "rows")
            } else {
                ("rows", "columns")
            };
            h.text = format!(
                "{}: {} in {} {} lies in {} {}: {}",
                name,
                d,
                bn,
                bases.join(","),
                cn,
                covers.join(","),
                h.removals_text(shape)
            );
            return Some(h);
        }
    }
    None
}

/// The bits of `mask` chosen by `idx`: bit `i` of `idx` selects the `i`-th set bit of
/// `mask` (so increasing `idx` gives increasing results).
fn deposit(idx: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut i = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if idx >> i & 1 == 1 {
            out |= low;
        }
        mask &= mask - 1;
        i += 1;
    }
    out
}

/// XY-Wing (4.2) and XYZ-Wing (4.4), pivot cells in reading order.
pub(crate) fn xy_wing(shape: &Shape, b: &Board, xyz: bool) -> Option<Hint> {
    let want = if xyz { 3 } else { 2 };
    let mut pairs: Vec<u16> = Vec::new();
    for xy in 0..shape.ncells {
        let xyv = b.cands[xy];
        if xyv.count_ones() != want {
            continue;
        }
        // The pivot's peers holding two candidates, in peer order (the pincers come from
        // them).
        pairs.clear();
        pairs.extend(
            shape.peers[xy]
                .iter()
                .copied()
                .filter(|&c| b.cands[c as usize].count_ones() == 2),
        );
        for &xz in &pairs {
            let xzv = b.cands[xz as usize];
            if (xyv & !xzv).count_ones() != 1 {
                continue;
            }
            for &yz in &pairs {
                let yzv = b.cands[yz as usize];
                if yz == xz || yzv == xzv {
                    continue;
                }
                let ok = if xyz {
                    yzv & !xyv == 0 && xzv & !xyv == 0 && (xzv | yzv) == xyv
                } else {
                    let z = xzv & yzv;
                    z.count_ones() == 1 && z & xyv == 0 && (xzv | yzv) & !z == xyv
                };
                if !ok {
                    continue;
                }
                let z = xzv & yzv;
                let zd = z.trailing_zeros() as u8 + 1;
                // The cells that see both pincers (and the pivot, for XYZ) and hold z, in
                // the order of the first pincer's peers.
                let (xzu, yzu) = (xz as usize, yz as usize);
                let removed = |v: u16| {
                    let vu = v as usize;
                    vu != xy
                        && v != yz
                        && shape.is_peer(yzu, vu)
                        && (!xyz || shape.is_peer(xy, vu))
                        && b.has(vu, zd)
                };
                if !shape.peers[xzu].iter().any(|&v| removed(v)) {
                    continue;
                }
                let mut h = Hint::pattern(
                    if xyz { "XYZ-Wing" } else { "XY-Wing" },
                    if xyz { 4.4 } else { 4.2 },
                    String::new(),
                );
                for &v in &shape.peers[xzu] {
                    if removed(v) {
                        h.remove(v, z);
                    }
                }
                if h.is_worth() {
                    h.text = format!(
                        "{}: pivot {}, pincers {} and {}: {}",
                        h.name,
                        cell_at(shape.n, xy),
                        cell_at(shape.n, xz as usize),
                        cell_at(shape.n, yz as usize),
                        h.removals_text(shape)
                    );
                    return Some(h);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use sudokit_core::Layout;

    /// A fish: digit, base lines, removals.
    type Fish = (u8, u64, Vec<(u16, u64)>);

    /// SE's fish search as written first: every combination of base lines in increasing
    /// order, every digit in turn, the first fish that removes something.
    fn fish_by_every_combination(shape: &Shape, b: &Board, k: usize) -> Option<Fish> {
        let row = shape.type_of(Kind::Row)?;
        let col = shape.type_of(Kind::Column)?;
        let n = shape.n;
        for (base, cover) in [(col, row), (row, col)] {
            for combo in combinations(k, n) {
                for d in 1..=n as u8 {
                    let placed = b.values.iter().filter(|&&v| v == d).count();
                    if placed + 2 * k > n {
                        continue;
                    }
                    let table: Vec<u64> = (0..n).map(|r| b.places(shape, base, r, d)).collect();
                    let Some(common) = common_of(&table, combo, k) else {
                        continue;
                    };
                    let mut removals = Vec::new();
                    for j in bits(common) {
                        for (i, &c) in shape.types[cover].regions[j].iter().enumerate() {
                            if combo & (1 << i) == 0 && b.has(c as usize, d) {
                                removals.push((c, bit(d)));
                            }
                        }
                    }
                    if !removals.is_empty() {
                        return Some((d, combo, removals));
                    }
                }
            }
        }
        None
    }

    /// The fish search (per digit, on its eligible lines only) finds the same first fish as
    /// the plain search over every combination, on random sparse boards of 9×9 and 6×6
    /// where fish of every size are common.
    #[test]
    fn fish_matches_the_search_over_every_combination() {
        let mut rng = crate::testrng::Lcg::new(0x5eed_f154);
        let mut next = |m: u64| rng.below(m);
        let mut found = [0usize; 5];
        for size in [9usize, 6] {
            let shape = Shape::new(Arc::new(Layout::standard(size).unwrap()));
            for round in 0..600 {
                let density = 2 + round % 5;
                let mut values = vec![0u8; shape.ncells];
                let mut cands = vec![0u64; shape.ncells];
                for c in 0..shape.ncells {
                    if next(10) == 0 {
                        values[c] = next(size as u64) as u8 + 1;
                        continue;
                    }
                    for d in 0..size {
                        if next(10) < density as u64 {
                            cands[c] |= 1 << d;
                        }
                    }
                }
                let b = Board::new(&shape, values, cands);
                for (k, count) in found.iter_mut().enumerate().skip(2) {
                    let got = fish(&shape, &b, k);
                    let want = fish_by_every_combination(&shape, &b, k);
                    assert_eq!(
                        got.is_some(),
                        want.is_some(),
                        "size {size} round {round} k {k}"
                    );
                    if let (Some(h), Some((_, _, removals))) = (got, want) {
                        assert_eq!(h.removals, removals, "size {size} round {round} k {k}");
                        *count += 1;
                    }
                }
            }
        }
        // The boards give fish of every size (so the comparison is not vacuous).
        assert!(found[2..].iter().all(|&f| f > 20), "{found:?}");
    }

    #[test]
    fn deposit_keeps_the_order_of_combinations() {
        let mask = 0b1011_0110u64;
        let got: Vec<u64> = combinations(2, 5).map(|i| deposit(i, mask)).collect();
        assert!(got.windows(2).all(|w| w[0] < w[1]));
        assert!(got.iter().all(|&m| m & !mask == 0 && m.count_ones() == 2));
        assert_eq!(got.len(), 10);
        assert_eq!(got[0], 0b0000_0110);
        assert_eq!(got[9], 0b1010_0000);
    }
}
