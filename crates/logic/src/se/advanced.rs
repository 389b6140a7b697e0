//! The nested rules of SE's dynamic forcing chains "(+)" and above: when a dynamic search runs
//! dry, intersections, hidden and naked pairs, X-Wings and (from level 2) whole chaining
//! rules are run on the search's board, and what they eliminate joins the search.
//!
//! Design decision: an elimination found this way gets as parents exactly the earlier
//! eliminations of the search that the pattern needed (SE's `getRuleParents`) — a pattern that
//! already held before the search began adds nothing and is skipped — so the chain's
//! complexity, and with it the rating, counts only what the nesting really used. Rules are
//! asked in SE's order and the first that yields something ends the round.

use super::basic::{bcr, each_lock};
use super::board::{Board, Kind, Shape};
use super::chaining::{Chaining, Ctx, FORCING_CHAINS, MULTIPLE, Stopped, dynamic};
use crate::kernel::bits::{bit, bits, digits};

/// An elimination produced by a nested rule.
pub(crate) struct Adv {
    /// The "off" potential.
    pub pot: u32,
    /// The outer search's eliminations it depends on, as "off" potentials.
    pub parents: Vec<u32>,
    /// Complexity of the nested chain (0 for a pattern), and a key telling chains apart.
    pub nested: u32,
    pub nested_key: u64,
}

#[inline]
fn off(n: usize, cell: usize, d: u8) -> u32 {
    ((cell * n + d as usize - 1) as u32) << 1
}

/// The nested rules of a dynamic search at `level`, in SE's order.
fn nested_rules(level: u32) -> Vec<Chaining> {
    let mut v = Vec::new();
    if level < 4 {
        if level >= 2 {
            v.push(FORCING_CHAINS);
        }
        if level >= 3 {
            v.push(MULTIPLE);
        }
    } else {
        v.push(dynamic(0));
        if level >= 5 {
            v.push(dynamic(level - 3));
        }
    }
    v
}

pub(crate) fn potentials(
    ctx: &mut Ctx<'_>,
    level: u32,
    cands: &mut [u64],
    source: &[u64],
) -> Result<Vec<Adv>, Stopped> {
    let sh = ctx.shape;
    // One board kept in the context, brought up to date cell by cell (the boards of one
    // outer search differ in a few cells from one call to the next).
    let mut board = match ctx.nested_board.take() {
        Some(mut b) if b.cands.len() == cands.len() => {
            b.values.copy_from_slice(ctx.values);
            b.cands.copy_from_slice(cands);
            b.refresh(sh);
            b
        }
        _ => Board::new(sh, ctx.values.to_vec(), cands.to_vec()),
    };
    let out = patterns_and_rules(ctx, level, cands, source, &mut board);
    ctx.nested_board = Some(board);
    out
}

/// The nested rules in SE's order on `board` (which mirrors `cands`): the first that yields
/// something ends the round.
fn patterns_and_rules(
    ctx: &mut Ctx<'_>,
    level: u32,
    cands: &mut [u64],
    source: &[u64],
    board: &mut Board,
) -> Result<Vec<Adv>, Stopped> {
    let sh = ctx.shape;
    let board = &*board;
    let mut out = Vec::new();
    locking(sh, board, source, &mut out);
    if !out.is_empty() {
        return Ok(out);
    }
    hidden_pairs(sh, board, source, &mut out);
    if !out.is_empty() {
        return Ok(out);
    }
    naked_pairs(sh, board, source, &mut out);
    if !out.is_empty() {
        return Ok(out);
    }
    x_wings(sh, board, source, &mut out);
    if !out.is_empty() {
        return Ok(out);
    }
    for rule in nested_rules(level) {
        let outer = ctx.rule_source.replace(source.to_vec());
        let mut work = cands.to_vec();
        let hints = rule.hints(ctx, &mut work);
        ctx.rule_source = outer;
        for h in hints? {
            if h.rule_parents.is_empty() {
                continue;
            }
            let key = {
                use std::hash::{Hash, Hasher};
                let mut s = std::collections::hash_map::DefaultHasher::new();
                h.name.hash(&mut s);
                h.removals.hash(&mut s);
                h.place.hash(&mut s);
                h.complexity.hash(&mut s);
                h.rule_parents.hash(&mut s);
                s.finish() | 1
            };
            for &(c, m) in &h.removals {
                for d in digits(m) {
                    out.push(Adv {
                        pot: off(sh.n, c as usize, d),
                        parents: h.rule_parents.clone(),
                        nested: h.complexity,
                        nested_key: key,
                    });
                }
            }
        }
        if !out.is_empty() {
            return Ok(out);
        }
    }
    Ok(out)
}

fn push_all(n: usize, removals: &[(usize, u8)], parents: &[u32], out: &mut Vec<Adv>) {
    for &(c, d) in removals {
        out.push(Adv {
            pot: off(n, c, d),
            parents: parents.to_vec(),
            nested: 0,
            nested_key: 0,
        });
    }
}

fn locking(sh: &Shape, b: &Board, source: &[u64], out: &mut Vec<Adv>) {
    each_lock(sh, b, true, &mut |t1, i1, t2, i2, d, removable| {
        if removable.is_empty() {
            return false;
        }
        let parents: Vec<u32> = sh.types[t1].regions[i1]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| {
                source[c] & bit(d) != 0
                    && b.cands[c] & bit(d) == 0
                    && sh.region_at[t2][c] != i2 as u32
            })
            .map(|c| off(sh.n, c, d))
            .collect();
        if !parents.is_empty() {
            let rem: Vec<(usize, u8)> = removable.iter().map(|&c| (c as usize, d)).collect();
            push_all(sh.n, &rem, &parents, out);
        }
        false
    });
}

/// The pairs `(i, j)`, `i < j`, of `masks` that both hold exactly the same two bits, in SE's
/// order of two-element combinations (increasing `1 << i | 1 << j`). A pair of sets "each with
/// two elements or more, two in all" is exactly such a pair.
fn equal_pairs(masks: &[u64], out: &mut Vec<u64>) {
    out.clear();
    for (i, &m) in masks.iter().enumerate() {
        if m.count_ones() != 2 {
            continue;
        }
        for (j, &o) in masks.iter().enumerate().skip(i + 1) {
            if o == m {
                out.push((1u64 << i) | (1u64 << j));
            }
        }
    }
    out.sort_unstable();
}

fn hidden_pairs(sh: &Shape, b: &Board, source: &[u64], out: &mut Vec<Adv>) {
    let mut table = Vec::with_capacity(sh.n);
    let mut pairs = Vec::new();
    for t in bcr(sh) {
        for (r, region) in sh.types[t].regions.iter().enumerate() {
            if b.empty_count(region) <= 4 {
                continue;
            }
            table.clear();
            table.extend((1..=sh.n as u8).map(|d| b.places(sh, t, r, d)));
            equal_pairs(&table, &mut pairs);
            for &combo in &pairs {
                let common = table[combo.trailing_zeros() as usize];
                let values: Vec<u8> = bits(combo).map(|i| i as u8 + 1).collect();
                let vmask = bit(values[0]) | bit(values[1]);
                let mut rem = Vec::new();
                for i in bits(common) {
                    let c = region[i] as usize;
                    for d in digits(b.cands[c] & !vmask) {
                        rem.push((c, d));
                    }
                }
                if rem.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for (i, &c) in region.iter().enumerate() {
                    if common & (1 << i) != 0 {
                        continue;
                    }
                    for &d in &values {
                        if source[c as usize] & bit(d) != 0 {
                            parents.push(off(sh.n, c as usize, d));
                        }
                    }
                }
                if !parents.is_empty() {
                    push_all(sh.n, &rem, &parents, out);
                }
            }
        }
    }
}

fn naked_pairs(sh: &Shape, b: &Board, source: &[u64], out: &mut Vec<Adv>) {
    let mut table = Vec::with_capacity(sh.n);
    let mut pairs = Vec::new();
    for t in bcr(sh) {
        for region in &sh.types[t].regions {
            if b.empty_count(region) < 4 {
                continue;
            }
            table.clear();
            table.extend(region.iter().map(|&c| b.cands[c as usize]));
            equal_pairs(&table, &mut pairs);
            for &combo in &pairs {
                let common = table[combo.trailing_zeros() as usize];
                let cells: Vec<usize> = bits(combo).map(|i| region[i] as usize).collect();
                let mut rem = Vec::new();
                for (i, &c) in region.iter().enumerate() {
                    if combo & (1 << i) == 0 {
                        for d in digits(b.cands[c as usize] & common) {
                            rem.push((c as usize, d));
                        }
                    }
                }
                if rem.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for &c in &cells {
                    for d in digits(source[c] & !common) {
                        parents.push(off(sh.n, c, d));
                    }
                }
                if !parents.is_empty() {
                    push_all(sh.n, &rem, &parents, out);
                }
            }
        }
    }
}

fn x_wings(sh: &Shape, b: &Board, source: &[u64], out: &mut Vec<Adv>) {
    let (Some(row), Some(col)) = (sh.type_of(Kind::Row), sh.type_of(Kind::Column)) else {
        return;
    };
    let n = sh.n;
    let mut occ = vec![0usize; n + 1];
    for &v in &b.values {
        occ[v as usize] += 1;
    }
    let mut found: Vec<(u64, u8)> = Vec::new();
    for (base, cover) in [(col, row), (row, col)] {
        // Two base lines make an X-Wing exactly when the digit has the same two places in
        // both; found per digit, then taken in SE's order (line pairs in increasing mask
        // order, digits in increasing order within a pair).
        let lines = sh.types[base].regions.len();
        found.clear();
        for d in 1..=n as u8 {
            if occ[d as usize] + 4 > n {
                continue;
            }
            for i in 0..lines {
                let here = b.places(sh, base, i, d);
                if here.count_ones() != 2 {
                    continue;
                }
                for j in i + 1..lines {
                    if b.places(sh, base, j, d) == here {
                        found.push(((1u64 << i) | (1u64 << j), d));
                    }
                }
            }
        }
        found.sort_unstable();
        for &(combo, d) in &found {
            let common = b.places(sh, base, combo.trailing_zeros() as usize, d);
            let mut rem = Vec::new();
            for j in bits(common) {
                for (i, &c) in sh.types[cover].regions[j].iter().enumerate() {
                    if combo & (1 << i) == 0 && b.has(c as usize, d) {
                        rem.push((c as usize, d));
                    }
                }
            }
            if rem.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for i in bits(combo) {
                for (j, &c) in sh.types[base].regions[i].iter().enumerate() {
                    let c = c as usize;
                    if common & (1 << j) == 0 && source[c] & bit(d) != 0 && b.cands[c] & bit(d) == 0
                    {
                        parents.push(off(n, c, d));
                    }
                }
            }
            if !parents.is_empty() {
                push_all(n, &rem, &parents, out);
            }
        }
    }
}
