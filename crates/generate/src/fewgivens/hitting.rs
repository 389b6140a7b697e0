//! Unavoidable-set hitting search per solution grid, the way the 17-clue search worked
//! (McGuire, Tugemann and Civario): a puzzle with solution G is unique exactly when its givens
//! hit every unavoidable set of G (a set of cells whose digits can be rearranged into another
//! solution). For a class in a fixed orientation the givens are a union of orbits, so a
//! unique symmetric puzzle of at most K givens on G is an orbit set of weight (cells) at most K
//! hitting every unavoidable set.
//!
//! Design decision: the unavoidable sets are found once per grid ([`Unavoidables`]), as cell masks
//! in G's own orientation, by blanking regions of G (the cells of every pair, triple and quadruple
//! of digits, every band, every stack) and taking the differences between G and the other solutions
//! of what is left, kept minimal. Each conjugate of the class ([`super::closure`]: its orbit
//! partition of G's cells) then only maps those masks to orbit masks (one OR a cell) and runs a
//! depth-first hitting-set search: branch over the orbits of the unhit set with the fewest allowed
//! orbits, each branch excluding the orbits its elder siblings took (so every orbit set is met
//! once). Each node carries its own list of unhit sets, the first 512 in order, as a bitset over
//! the conjugate's set indices: a child's list is its parent's AND NOT the bitset of the sets
//! its orbit hits (one word operation per 64 sets, built once per conjugate; the lists of the
//! path sit in one stack of words, so a node allocates nothing); an unhit set with a single
//! allowed orbit forces that orbit before anything else, and the node is cut when the weight plus a lower bound exceeds K. The bound is the greedy dual
//! of the weighted hitting-set LP: each unhit set in turn takes y, the least of what its allowed
//! orbits have left of their sizes, from all of them; every hitting orbit set weighs at least the
//! sum of the y (the better of two orders: fewest orbits first, and sets without a smallest-size
//! orbit first). It generalises the first design's bound (disjoint sets at their smallest orbit,
//! [`Pruning::Disjoint`], kept to check the new search against) to overlapping sets, which matters
//! for one mirror's 2-cell orbits. Three things keep the many nodes that die cheap (session 45:
//! a fifth to a quarter less time on one mirror, same puzzles): orbits larger than what is left
//! of K count as excluded (at one cell left a set with only 2-cell orbits is dead at once); both
//! bounds grow set by set during the scan, which stops as soon as either exceeds what is left
//! (`Node::Cut`: a greedy dual over the first sets of its order is at most the one over all);
//! and a child whose orbit would reach exactly K is made only when that orbit is allowed in every
//! unhit set the parent's scan met. A leaf (every known set hit) is counted to two by `fast`; a
//! second solution gives a new unavoidable set (the cells where it differs from G, shrunk to the
//! minimal sets inside it by one more blanking), which joins both the grid's list — later
//! conjugates start with it, so the lists learn — and the conjugate's (scanned by every node, as
//! a word of learnt sets AND NOT its chosen orbits' words), and
//! the node goes on. A node's scan counts a set's allowed orbits only until it has picked a set
//! of two (no scanned set has fewer: one or none ends the scan), since without `popcnt` in the
//! baseline target a count is a dozen instructions; so every node makes the same pick, bound,
//! forced orbit or cut as when it counted every set, and the tree, its nodes and its puzzles are
//! the same (session 40; every node of the test searches is checked against the direct form,
//! `Hunt::strong_direct`). A second, integral bound comes from the class's closed groups
//! (session 47, `Group`): where every orbit lies in one band (or one stack) of the grid, as
//! one mirror's do, the sets inside a band can only be hit by that band's orbits, so each band
//! needs at least the least weight of an orbit set of its own hitting them, and the bands'
//! needs add up. Per band (15 orbits for one mirror) tables over the subsets of its orbits,
//! made once per conjugate by subset and superset minima (2^15 entries), give the least weight
//! within the orbits still allowed and the least containing the orbits chosen; a node is cut
//! when the chosen weight plus what the bands still need (the larger of the two, less what is
//! chosen there) exceeds K. The greedy dual is a fractional bound and loses to it where 2-cell
//! orbits overlap; the two are not added (they count the same orbits), each cuts on its own.
//! Only one mirror's classes have such a partition (both mirrors close the middle band alone,
//! too little to pay for the tables on their short searches). One mirror 18: 9–17% fewer
//! nodes, 5–8% less time; one mirror 19: 11% and 7%; the same puzzles (the tests hold every
//! group cut to a plain depth-first search of the sets inside the groups, which settled all
//! 114,000 the tests make within its node budget). A unique leaf is reduced to orbit-minimal,
//! taken back to the class's standard orientation and offered (checked by `dlx`: unique,
//! strictly minimal, symmetric, at most K givens). Grids come from seed puzzles' solutions
//! (deduplicated by minlex form, in a seeded order), from [`super::automorphic`] grids when
//! the target asks for them, or else from the uniform grid sampler; a hit equal, up to
//! transformation, to a seed puzzle is marked as the public puzzle it is ([`Origin::public`]).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering;

use sudokit_core::{Budget as NodeBudget, Flow};
use sudokit_fast::Fast;

use super::automorphic::{AutomorphicGrids, DigitPerm, GridMap, aligned};
use super::closure::{Conjugate, conjugates};
use super::{Method, Origin, Run, given_count};
use crate::canon::minlex;
use crate::uniform::UniformGrids;

/// Search nodes of one conjugate's hitting search; a conjugate that needs more is left
/// unfinished (counted in [`super::Progress::incomplete`]).
pub const NODES_PER_CONJUGATE: u64 = 200_000;

/// Sets (fewest orbits first) a node scans for its branching set and its lower bound; the
/// rest are scanned only until one is unhit (a leaf must hit them all).
const SCAN: usize = 256;

/// The most unhit sets a node of [`Pruning::Strong`] carries in its list (the first of them,
/// fewest orbits first); the rest are looked at again when the list runs short or empty.
const LIST: usize = 2 * SCAN;

/// Solutions of one blanked region enumerated for unavoidable sets.
pub const REGION_SOLUTIONS: u64 = 5_000;

/// Fill attempts per automorphic grid before the grid source gives up.
const AUTOMORPHIC_ATTEMPTS: u64 = 1_000;

/// `fast` nodes one region's enumeration may use.
const REGION_NODES: u64 = 400_000;

/// The most unavoidable sets a grid's list keeps (the smallest first).
pub const MOST_SETS: usize = 4_000;

/// A set of cells of the 9×9 grid: bit c for cell c.
pub type CellSet = u128;

/// The cells of `set`, in order.
fn cells(set: CellSet) -> impl Iterator<Item = usize> {
    let mut m = set;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            c
        })
    })
}

/// The unavoidable sets found in one solution grid, each minimal among those found, smallest
/// first.
#[derive(Clone, Debug)]
pub struct Unavoidables {
    grid: [u8; 81],
    sets: Vec<CellSet>,
    /// `fast` searches spent finding them.
    pub searches: u64,
}

impl Unavoidables {
    /// The sets of `grid` (a complete valid grid) that blanking the cells of every pair and
    /// triple of digits, every band and every stack reveals.
    pub fn new(grid: &[u8; 81]) -> Unavoidables {
        Unavoidables::new_until(grid, &|| false).expect("never stopped")
    }

    /// [`Unavoidables::new`], or `None` as soon as `stop` says so (asked before every
    /// blanked region).
    pub fn new_until(grid: &[u8; 81], stop: &dyn Fn() -> bool) -> Option<Unavoidables> {
        Unavoidables::blanking(grid, false, stop)
    }

    /// [`Unavoidables::new`] and the sets blanking every quadruple of digits reveals: about a
    /// CPU-second more a grid, for classes whose trees are wide (orbits of at most 2 cells).
    pub fn deep(grid: &[u8; 81]) -> Unavoidables {
        Unavoidables::deep_until(grid, &|| false).expect("never stopped")
    }

    /// [`Unavoidables::deep`], or `None` as soon as `stop` says so (asked before every
    /// blanked region, so a budget ends the second of set finding within one region's
    /// enumeration).
    pub fn deep_until(grid: &[u8; 81], stop: &dyn Fn() -> bool) -> Option<Unavoidables> {
        Unavoidables::blanking(grid, true, stop)
    }

    /// The sets of [`Unavoidables::new`], and of [`Unavoidables::deep`] when `quads`; `None`
    /// when `stop` said so before a region.
    fn blanking(grid: &[u8; 81], quads: bool, stop: &dyn Fn() -> bool) -> Option<Unavoidables> {
        let mut u = Unavoidables {
            grid: *grid,
            sets: Vec::new(),
            searches: 0,
        };
        let mut found = Vec::new();
        let digits_in = |mask: u16| -> CellSet {
            (0..81)
                .filter(|&c| mask & (1 << grid[c]) != 0)
                .fold(0, |s, c| s | 1 << c)
        };
        let mut regions = Vec::new();
        for a in 1..=9u16 {
            for b in a + 1..=9 {
                regions.push(digits_in(1 << a | 1 << b));
                for c in b + 1..=9 {
                    regions.push(digits_in(1 << a | 1 << b | 1 << c));
                    for d in (c + 1..=9).filter(|_| quads) {
                        regions.push(digits_in(1 << a | 1 << b | 1 << c | 1 << d));
                    }
                }
            }
        }
        for band in 0..3 {
            let rows: CellSet = (0..81)
                .filter(|&c| c / 27 == band)
                .fold(0, |s, c| s | 1 << c);
            let cols: CellSet = (0..81)
                .filter(|&c| c % 9 / 3 == band)
                .fold(0, |s, c| s | 1 << c);
            regions.push(rows);
            regions.push(cols);
        }
        for region in regions {
            if stop() {
                return None;
            }
            u.region(region, &mut found);
        }
        u.sets = minimal(found);
        u.sets.truncate(MOST_SETS);
        Some(u)
    }

    /// The grid.
    pub fn grid(&self) -> &[u8; 81] {
        &self.grid
    }

    /// The sets, smallest first (then those learnt since, in order).
    pub fn sets(&self) -> &[CellSet] {
        &self.sets
    }

    /// The differences between the grid and every other solution of the grid with `region`
    /// blanked (up to [`REGION_SOLUTIONS`]), each an unavoidable set, pushed onto `out`.
    fn region(&mut self, region: CellSet, out: &mut Vec<CellSet>) {
        let mut puzzle = self.grid;
        for c in cells(region) {
            puzzle[c] = 0;
        }
        self.searches += 1;
        let grid = self.grid;
        let mut limiter = NodeBudget::nodes(REGION_NODES).start();
        Fast::run(&puzzle, REGION_SOLUTIONS, &mut limiter, |s| {
            let d = difference(&grid, s);
            if d != 0 {
                out.push(d);
            }
            Flow::Continue
        });
    }

    /// Learns the unavoidable set where `other` (another solution of a puzzle on the grid)
    /// differs from the grid, shrunk to the minimal sets inside it; returns them (never
    /// empty when `other` is not the grid).
    pub fn learn(&mut self, other: &[u8; 81]) -> Vec<CellSet> {
        let d = difference(&self.grid, other);
        if d == 0 {
            return Vec::new();
        }
        let mut found = vec![d];
        self.region(d, &mut found);
        let new = minimal(found);
        if self.sets.len() < MOST_SETS {
            self.sets.extend_from_slice(&new);
        }
        new
    }
}

/// The cells where two grids differ.
fn difference(a: &[u8; 81], b: &[u8; 81]) -> CellSet {
    (0..81).filter(|&c| a[c] != b[c]).fold(0, |s, c| s | 1 << c)
}

/// A bit set the unavoidable-set lists are made of (cells or orbits).
trait Bits: Copy + Ord + std::ops::BitAnd<Output = Self> {
    /// Bits in a value.
    const BITS: usize;
    fn ones(self) -> u32;
    /// The lowest set bit's index (`BITS` for zero).
    fn low(self) -> usize;
    /// Without the lowest set bit.
    fn rest(self) -> Self;
    fn is_empty(self) -> bool;
}

/// [`Bits`] for an unsigned integer type.
macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const BITS: usize = <$t>::BITS as usize;
            fn ones(self) -> u32 {
                self.count_ones()
            }
            fn low(self) -> usize {
                self.trailing_zeros() as usize
            }
            fn rest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            fn is_empty(self) -> bool {
                self == 0
            }
        }
    };
}

bits!(u64);
bits!(u128);

/// The bit sets of `found` that contain no other, smallest (by bits set) first, without
/// repeats. A kept set inside `s` has its lowest bit in `s`, so the kept sets are filed by
/// their lowest bit and `s` is tested only against the files of its own bits.
fn minimal<T: Bits>(mut found: Vec<T>) -> Vec<T> {
    // By value, then stably by bits set (a counting sort): (bits set, value) order.
    found.sort_unstable();
    found.dedup();
    let mut start = vec![0usize; T::BITS + 2];
    for &s in &found {
        start[s.ones() as usize + 1] += 1;
    }
    for k in 1..start.len() {
        start[k] += start[k - 1];
    }
    let mut by_ones = found.clone();
    for &s in &found {
        let k = &mut start[s.ones() as usize];
        by_ones[*k] = s;
        *k += 1;
    }
    let mut found = by_ones;
    if found.first().is_some_and(|s| s.is_empty()) {
        // The empty set is inside every other.
        found.truncate(1);
        return found;
    }
    let mut kept: Vec<T> = Vec::new();
    let mut by_low: Vec<Vec<T>> = vec![Vec::new(); T::BITS];
    for s in found {
        let mut bits = s;
        let mut inside = false;
        while !bits.is_empty() && !inside {
            inside = by_low[bits.low()].iter().any(|&k| k & s == k);
            bits = bits.rest();
        }
        if !inside {
            by_low[s.low()].push(s);
            kept.push(s);
        }
    }
    kept
}

/// One conjugate's orbits on the grid's cells.
struct Orbits {
    /// Orbit of each cell.
    of: [u8; 81],
    /// Cells of each orbit.
    cells: Vec<Vec<usize>>,
    /// (size, orbits of that size), smallest size first.
    by_size: Vec<(usize, u64)>,
    /// The largest orbit size (at most 8).
    largest: usize,
    /// The orbits of each size (`left[v]`: those of v cells), where a greedy dual bound
    /// starts.
    left: [u64; 9],
}

/// The orbits of each size (`[v]`: those of v cells) of a class's (size, orbits) list.
fn left_of(by_size: &[(usize, u64)]) -> [u64; 9] {
    let mut left = [0u64; 9];
    for &(size, m) in by_size {
        left[size] |= m;
    }
    left
}

impl Orbits {
    /// The orbits of more than `room` cells.
    #[inline]
    fn larger_than(&self, room: usize) -> u64 {
        let mut m = 0;
        for &(size, orbits) in &self.by_size {
            if size > room {
                m |= orbits;
            }
        }
        m
    }

    fn new(cj: &Conjugate) -> Orbits {
        let n = usize::from(cj.orbit_of.iter().copied().max().unwrap_or(0)) + 1;
        let mut cells = vec![Vec::new(); n];
        for (c, &o) in cj.orbit_of.iter().enumerate() {
            cells[usize::from(o)].push(c);
        }
        let mut by_size = cj.sizes.clone();
        by_size.sort_unstable();
        let largest = by_size.last().map_or(0, |&(s, _)| s);
        assert!(largest <= 8, "orbits of a 9×9 class have at most 8 cells");
        let left = left_of(&by_size);
        Orbits {
            of: cj.orbit_of,
            cells,
            by_size,
            largest,
            left,
        }
    }

    /// The orbits meeting `set`.
    fn mask(&self, set: CellSet) -> u64 {
        cells(set).fold(0, |m, c| m | 1 << self.of[c])
    }

    /// The orbits meeting each of `sets`, as [`Orbits::mask`], by table: for each byte of a
    /// set (cells 8 j to 8 j + 7) the orbits of every value of that byte, built once (2,816
    /// entries) and read 11 times a set instead of once a cell.
    fn masks(&self, sets: &[CellSet]) -> Vec<u64> {
        let mut table = [[0u64; 256]; 11];
        for (j, t) in table.iter_mut().enumerate() {
            for b in 1..256usize {
                let c = 8 * j + b.trailing_zeros() as usize;
                let orbit = if c < 81 { 1 << self.of[c] } else { 0 };
                t[b] = t[b & (b - 1)] | orbit;
            }
        }
        sets.iter()
            .map(|&set| {
                let mut m = 0;
                let mut rest = set;
                for t in &table {
                    m |= t[(rest & 0xff) as usize];
                    rest >>= 8;
                }
                m
            })
            .collect()
    }

    /// The smallest orbit size among `orbits` (non-empty).
    fn least(&self, orbits: u64) -> usize {
        self.by_size
            .iter()
            .find(|(_, m)| m & orbits != 0)
            .map_or(usize::MAX, |&(s, _)| s)
    }

    /// Cells of the one orbit `bit`.
    fn size(&self, bit: u64) -> usize {
        self.cells[bit.trailing_zeros() as usize].len()
    }
}

/// A closed group of orbits (the docs' "closed group": all cells of each orbit in one band,
/// or one stack, of the grid) with, per subset of its orbits, the least weight of an orbit set
/// hitting every known set that lies inside the group.
struct Group {
    /// The group's orbits.
    orbits: u64,
    /// Per byte j of an orbit mask and value v of that byte: v's orbits of the group,
    /// compressed to the group's own bit numbering.
    squeeze: [[u16; 256]; 8],
    /// Per subset A (compressed): the least weight of an orbit set within A hitting every set
    /// inside the group; `u8::MAX` when none does.
    within: Vec<u8>,
    /// Per subset C (compressed): the least weight of an orbit set containing C (within the
    /// group) hitting every set inside the group.
    beyond: Vec<u8>,
    /// Per subset (compressed): its weight.
    weight: Vec<u8>,
}

/// The most orbits a [`Group`] may have (its tables have 2^n entries).
const GROUP_ORBITS: u32 = 16;

impl Group {
    /// The group `group` (orbit mask) and its tables from the sets `masks` inside it.
    fn new(orbits: &Orbits, group: u64, masks: &[u64]) -> Group {
        let n = group.count_ones();
        let mut squeeze = [[0u16; 256]; 8];
        let mut k = 0;
        for (j, t) in squeeze.iter_mut().enumerate() {
            for b in 0..8 {
                let bit = 8 * j + b;
                if group >> bit & 1 == 1 {
                    for (v, e) in t.iter_mut().enumerate() {
                        if v >> b & 1 == 1 {
                            *e |= 1 << k;
                        }
                    }
                    k += 1;
                }
            }
        }
        let mut group_tables = Group {
            orbits: group,
            squeeze,
            within: Vec::new(),
            beyond: Vec::new(),
            weight: Vec::new(),
        };
        let size = 1usize << n;
        let full = size - 1;
        // Weight of each compressed subset.
        let sizes: Vec<u8> = {
            let mut g = group;
            let mut v = Vec::with_capacity(n as usize);
            while g != 0 {
                v.push(orbits.size(g & g.wrapping_neg()) as u8);
                g &= g - 1;
            }
            v
        };
        // `bad[S]`: S misses some set inside the group (S lies within the set's complement:
        // marked there, then passed down to every subset).
        let mut bad = vec![false; size];
        for &m in masks {
            if m != 0 && m & !group == 0 {
                bad[full & !usize::from(group_tables.squeeze(m))] = true;
            }
        }
        // (Each pass works on halves of blocks, so the loops are plain slice operations.)
        for i in 0..n {
            let bit = 1usize << i;
            for block in bad.chunks_exact_mut(2 * bit) {
                let (lo, hi) = block.split_at_mut(bit);
                for (l, h) in lo.iter_mut().zip(hi) {
                    *l |= *h;
                }
            }
        }
        let mut weight = vec![0u8; size];
        for a in 1..size {
            weight[a] = weight[a & (a - 1)] + sizes[a.trailing_zeros() as usize];
        }
        let hit: Vec<u8> = weight
            .iter()
            .zip(&bad)
            .map(|(&w, &b)| if b { u8::MAX } else { w })
            .collect();
        let mut within = hit.clone();
        let mut beyond = hit;
        for i in 0..n {
            let bit = 1usize << i;
            for (wb, bb) in within
                .chunks_exact_mut(2 * bit)
                .zip(beyond.chunks_exact_mut(2 * bit))
            {
                let (wl, wh) = wb.split_at_mut(bit);
                for (l, h) in wl.iter().zip(wh) {
                    *h = (*h).min(*l);
                }
                let (bl, bh) = bb.split_at_mut(bit);
                for (l, h) in bl.iter_mut().zip(bh.iter()) {
                    *l = (*l).min(*h);
                }
            }
        }
        group_tables.within = within;
        group_tables.beyond = beyond;
        group_tables.weight = weight;
        group_tables
    }

    /// The orbits of `m` in the group, compressed.
    #[inline]
    fn squeeze(&self, m: u64) -> u16 {
        let m = m & self.orbits;
        let mut out = 0;
        for (j, t) in self.squeeze.iter().enumerate() {
            out |= t[(m >> (8 * j) & 0xff) as usize];
        }
        out
    }

    /// The least weight, in this group, of an orbit set containing `chosen` and avoiding
    /// `out` (but for `chosen`) that hits every set inside the group (`u8::MAX`: none).
    #[inline]
    fn least(&self, chosen: u64, out: u64) -> usize {
        let allowed = !out | chosen;
        let a = self.within[usize::from(self.squeeze(allowed))];
        let c = self.beyond[usize::from(self.squeeze(chosen))];
        usize::from(a.max(c))
    }

    /// What an orbit set containing `chosen` and avoiding `out` must add in this group
    /// ([`Group::least`] less the weight `chosen` has there; where none can, `u8::MAX` less
    /// that weight, more than any K).
    #[inline]
    fn more(&self, chosen: u64, out: u64) -> usize {
        self.least(chosen, out) - usize::from(self.weight[usize::from(self.squeeze(chosen))])
    }
}

/// The closed groups of `orbits` with their tables: the three bands when every orbit lies in
/// one band, else the three stacks when every orbit lies in one stack (one mirror's classes:
/// its orbits stay in a row or a column), else none. Where only some bands are closed (both
/// mirrors: the middle one) the groups are not made: short searches of many conjugates would
/// pay for tables that seldom cut (session 47: both mirrors 19 +20% time, 0.2% fewer nodes).
fn groups(orbits: &Orbits, masks: &[u64]) -> Vec<Group> {
    for part_of in [|c: usize| c / 27, |c: usize| c % 9 / 3] {
        let mut groups = [0u64; 3];
        let closed = orbits.cells.iter().enumerate().all(|(i, cs)| {
            let p = part_of(cs[0]);
            groups[p] |= 1 << i;
            cs.iter().all(|&c| part_of(c) == p)
        });
        if !closed {
            continue;
        }
        if groups.iter().any(|g| g.count_ones() > GROUP_ORBITS) {
            return Vec::new();
        }
        return groups
            .iter()
            .filter(|&&g| g != 0)
            .map(|&g| Group::new(orbits, g, masks))
            .filter(|c| c.least(0, 0) > 0)
            .collect();
    }
    Vec::new()
}

/// What one (grid, conjugate) hitting search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Unique orbit-minimal puzzles of at most K givens on the grid, in the class's standard
    /// orientation (not yet checked for strict minimality).
    pub puzzles: Vec<[u8; 81]>,
    /// Search nodes visited.
    pub nodes: u64,
    /// `fast` searches run (leaf counts, reductions, learnt sets).
    pub checks: u64,
    /// Whether the search ran to the end (neither its node cap nor `stop` cut it).
    pub finished: bool,
}

/// Every orbit set of the conjugate `cj` (of the class) with at most `most` cells that hits all
/// unavoidable sets of `unav`'s grid, within `nodes` search nodes, `stop` polled every 1,024;
/// sets learnt at non-unique leaves are added to `unav`.
pub fn hunt(
    unav: &mut Unavoidables,
    cj: &Conjugate,
    most: usize,
    nodes: u64,
    stop: &dyn Fn() -> bool,
) -> Found {
    hunt_with(unav, cj, most, nodes, stop, Pruning::Strong)
}

/// How a node cuts its subtree: both meet the same orbit sets, [`Pruning::Strong`] in fewer
/// nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pruning {
    /// The first design: greedily chosen unhit sets with pairwise disjoint allowed orbits,
    /// each costing its smallest allowed orbit, in scan order; no forced moves.
    Disjoint,
    /// Forced moves (an unhit set with one allowed orbit takes it before anything else) and
    /// the greedy dual bound (each unhit set takes as much as every one of its allowed
    /// orbits has left of its size), the better of two orders.
    Strong,
}

/// [`hunt`] with the pruning `pruning` (the old one kept to check the new against).
pub fn hunt_with(
    unav: &mut Unavoidables,
    cj: &Conjugate,
    most: usize,
    nodes: u64,
    stop: &dyn Fn() -> bool,
    pruning: Pruning,
) -> Found {
    let orbits = Orbits::new(cj);
    // A set whose orbits include another's is hit whenever that one is.
    let masks = orbits.masks(unav.sets());
    let mut h = Hunt::new(&orbits, minimal(masks), most, nodes, stop, pruning);
    let root = match pruning {
        Pruning::Strong => h.refill(0),
        Pruning::Disjoint => List::default(),
    };
    let finished = h.go(unav, 0, 0, 0, root);
    let grid = *unav.grid();
    let puzzles = h
        .unique
        .iter()
        .map(|&chosen| {
            let puzzle = h.puzzle(&grid, chosen);
            // Back to the standard orientation: standard cell d is grid cell T(d).
            std::array::from_fn(|d| puzzle[cj.transform.apply(d)])
        })
        .collect();
    Found {
        puzzles,
        nodes: h.nodes,
        checks: h.checks,
        finished,
    }
}

/// Whether the class's orbits have at most 2 cells (wide hitting trees, worth more sets).
pub fn wide(symmetry: crate::Symmetry) -> bool {
    symmetry.orbits(9).iter().all(|o| o.len() <= 2)
}

/// Runs the hitting search on grid after grid until the grids or the budget run out.
pub(super) fn run(run: &mut Run<'_>) {
    let conj = conjugates(run.target.symmetry);
    let wide = wide(run.target.symmetry);
    // The seed puzzles' minlex forms (built at the first hit).
    let mut public: Option<HashMap<[u8; 81], u64>> = None;
    let seeds = run.seeds;
    let mut grids_seen = HashSet::new();
    let mut order: Vec<usize> = (0..seeds.len()).collect();
    run.rng.shuffle(&mut order);
    let mut next = order.into_iter();
    let mut automorphic = run.target.automorphic.map(AutomorphicGrids::new);
    // The budget's clock and cancel flag, asked between fill attempts and between the blanked
    // regions of set finding (hits cannot change while a grid is filled or its sets found).
    let (time, started, cancel) = (run.budget.time, run.started, run.budget.cancel.clone());
    let stop = move || {
        time.is_some_and(|t| started.elapsed() >= t)
            || cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    };
    while !run.done() {
        // The next grid: a seed's solution, an automorphic grid, or a uniformly random grid.
        let mut automorphism: Option<(GridMap, DigitPerm)> = None;
        let (grid, seed) = if let Some(source) = automorphic.as_mut() {
            let Some(a) = source.next_until(&mut run.rng, AUTOMORPHIC_ATTEMPTS, &stop) else {
                run.progress.grids_ran_out = !run.interrupted();
                return;
            };
            automorphism = Some((a.map, a.perm));
            (a.grid, None)
        } else if seeds.is_empty() {
            (UniformGrids::get().sample(&mut run.rng), None)
        } else {
            let Some(i) = next.next() else { return };
            let seed = &seeds[i];
            run.progress.checks += 1;
            let mut solutions = Vec::with_capacity(2);
            Fast::run(&seed.values, 2, &mut NodeBudget::default().start(), |s| {
                solutions.push(*s);
                Flow::Continue
            });
            if solutions.len() != 1 {
                continue;
            }
            (solutions[0], Some(seed))
        };
        if !grids_seen.insert(minlex(&grid)) {
            continue;
        }
        run.progress.restarts += 1;
        let found = if wide {
            Unavoidables::deep_until(&grid, &stop)
        } else {
            Unavoidables::new_until(&grid, &stop)
        };
        let Some(mut unav) = found else { return };
        run.progress.checks += unav.searches;
        // On an automorphic grid the conjugates its map keeps come first (or alone).
        let order: Vec<&Conjugate> = match automorphism {
            Some((map, _)) => {
                let (kept, rest): (Vec<&Conjugate>, Vec<&Conjugate>) =
                    conj.iter().partition(|cj| aligned(cj, map));
                let rest = if run.target.aligned_only {
                    Vec::new()
                } else {
                    rest
                };
                kept.into_iter().chain(rest).collect()
            }
            None => conj.iter().collect(),
        };
        for cj in order {
            if run.done() {
                return;
            }
            run.tried();
            let found = {
                let r: &Run<'_> = run;
                hunt(&mut unav, cj, r.target.givens, NODES_PER_CONJUGATE, &|| {
                    r.interrupted()
                })
            };
            run.progress.nodes += found.nodes;
            run.progress.checks += found.checks;
            if !found.finished && !run.interrupted() {
                run.progress.incomplete += 1;
            }
            for values in found.puzzles {
                let givens = given_count(&values);
                run.reached(givens);
                let public_id = seed.and_then(|_| {
                    let forms = public.get_or_insert_with(|| {
                        seeds.iter().map(|s| (minlex(&s.values), s.id)).collect()
                    });
                    forms.get(&minlex(&values)).copied()
                });
                run.origin = Some(Origin {
                    method: Method::Hitting,
                    seed: seed.map_or(0, |s| s.id),
                    transform: cj.transform,
                    seed_givens: seed.map_or(0, |s| given_count(&s.values)),
                    closure_givens: givens,
                    public: public_id,
                    automorphism,
                });
                run.offer(&values);
                run.origin = None;
            }
        }
    }
}

/// A node's list of unhit sets: a bitset over the indices of [`Hunt::sets`] (bit i of word w
/// for set 64 w + i), the words `start..start + len` of [`Hunt::arena`] (the words above are
/// zero), and whether known sets beyond it may be unhit too (the list was cut at [`LIST`]
/// sets).
#[derive(Clone, Debug, Default)]
struct List {
    start: usize,
    len: usize,
    more: bool,
}

/// What a node's scan of the unhit sets says.
#[derive(Debug, PartialEq, Eq)]
enum Node {
    /// An unhit set has no allowed orbit: nothing below.
    Dead,
    /// The lower bound on the cells still to choose exceeds what is left of K before the
    /// scan's end: nothing below.
    Cut,
    /// An unhit set has this one allowed orbit: every orbit set below takes it.
    Forced(u64),
    /// The set to branch on (none when every known set is hit) and a lower bound on the cells
    /// still to choose.
    /// `common`: the orbits allowed in every unhit set the scan met (all orbits when it met
    /// none), so a child that must stop at its orbit (K reached) and takes none of them dies.
    Open {
        pick: Option<u64>,
        bound: usize,
        common: u64,
    },
}

/// One step of the greedy dual bound: the set with allowed orbits `a` takes y, the least of
/// what its orbits have left (`left[v]`: the orbits with v cells left, v up to `top`), from
/// each of them; returns y (0 when one of them has nothing left).
#[inline(always)]
fn take(left: &mut [u64; 9], a: u64, top: usize) -> usize {
    let mut y = 0;
    while left[y] & a == 0 {
        y += 1;
        if y > top {
            return 0;
        }
    }
    if y == 0 {
        return 0;
    }
    for v in y..=top {
        let moved = left[v] & a;
        left[v] &= !moved;
        left[v - y] |= moved;
    }
    y
}

/// One conjugate's hitting search on one grid.
struct Hunt<'o> {
    orbits: &'o Orbits,
    /// The known unavoidable sets as orbit masks, fewest orbits first.
    sets: Vec<u64>,
    /// At most this many cells.
    most: usize,
    /// At most this many nodes.
    cap: u64,
    stop: &'o dyn Fn() -> bool,
    nodes: u64,
    checks: u64,
    /// Orbit sets found unique (orbit-minimal).
    unique: Vec<u64>,
    pruning: Pruning,
    /// Scratch ([`SCAN`] long): the allowed orbits of the unhit sets a node scanned.
    unhit: [u64; SCAN],
    /// [`Pruning::Strong`]: words of a bitset over [`Hunt::sets`].
    words: usize,
    /// [`Pruning::Strong`]: for orbit o, words `o * words..(o + 1) * words` are the bitset of
    /// the sets that o hits.
    hits: Vec<u64>,
    /// [`Pruning::Strong`]'s lists of unhit sets as bitsets, one a node on the path (the
    /// deepest last): a child's list is its parent's AND NOT the sets its orbit hits.
    arena: Vec<u64>,
    /// [`Pruning::Strong`]: the sets learnt in this search, scanned by every node.
    learnt: Vec<u64>,
    /// [`Pruning::Strong`]: for learnt word w and orbit o, entry `64 * w + o` is the bitset of
    /// the learnt sets `64 * w..64 * w + 64` that o hits (a node's unhit learnt sets are all
    /// of them AND NOT its orbits' words, in the learnt order).
    learnt_hits: Vec<u64>,
    /// [`Pruning::Strong`]: the closed groups of orbits and their least hitting weights.
    groups: Vec<Group>,
}

impl<'o> Hunt<'o> {
    /// A search over `sets` (orbit masks, fewest orbits first) under `orbits`.
    fn new(
        orbits: &'o Orbits,
        sets: Vec<u64>,
        most: usize,
        cap: u64,
        stop: &'o dyn Fn() -> bool,
        pruning: Pruning,
    ) -> Hunt<'o> {
        let words = sets.len().div_ceil(64);
        // The closed groups' tables (their sets are among `sets`, which learning leaves as
        // they are: a bound from fewer sets is still a bound).
        let groups = if pruning == Pruning::Strong {
            groups(orbits, &sets)
        } else {
            Vec::new()
        };
        let mut hits = Vec::new();
        if pruning == Pruning::Strong {
            hits = vec![0u64; orbits.cells.len().max(1) * words];
            for (i, &m) in sets.iter().enumerate() {
                let mut b = m;
                while b != 0 {
                    let o = b.trailing_zeros() as usize;
                    hits[o * words + i / 64] |= 1 << (i % 64);
                    b &= b - 1;
                }
            }
        }
        Hunt {
            orbits,
            sets,
            most,
            cap,
            stop,
            nodes: 0,
            checks: 0,
            unique: Vec::new(),
            pruning,
            unhit: [0; SCAN],
            words,
            hits,
            arena: Vec::new(),
            learnt: Vec::new(),
            learnt_hits: Vec::new(),
            groups,
        }
    }

    /// The puzzle of the orbits `chosen` on `grid`.
    fn puzzle(&self, grid: &[u8; 81], chosen: u64) -> [u8; 81] {
        let mut p = [0u8; 81];
        let mut m = chosen;
        while m != 0 {
            for &c in &self.orbits.cells[m.trailing_zeros() as usize] {
                p[c] = grid[c];
            }
            m &= m - 1;
        }
        p
    }

    /// Another solution of the orbits `chosen` on the grid than the grid itself, if any.
    fn second(&mut self, grid: &[u8; 81], chosen: u64) -> Option<[u8; 81]> {
        let p = self.puzzle(grid, chosen);
        self.checks += 1;
        let mut other = None;
        Fast::run(&p, 2, &mut NodeBudget::default().start(), |s| {
            if s != grid {
                other = Some(*s);
                return Flow::Stop;
            }
            Flow::Continue
        });
        other
    }

    /// Searches the orbit sets that contain `chosen` (weight `weight`), avoid `excluded` and
    /// hit every set; `false` when the search must stop (node cap, `stop`).
    /// `list` is the node's range of `arena` (unhit by `chosen`; [`Pruning::Strong`] only).
    fn go(
        &mut self,
        unav: &mut Unavoidables,
        chosen: u64,
        excluded: u64,
        weight: usize,
        mut list: List,
    ) -> bool {
        self.nodes += 1;
        if self.nodes > self.cap || (self.nodes & 1023 == 0 && (self.stop)()) {
            return false;
        }
        let (mut chosen, mut weight) = (chosen, weight);
        let mut last;
        let branch = loop {
            // Orbits larger than what is left of K cannot be added below: excluded like the
            // elder siblings' (a set left with none of its orbits is dead, with one forced).
            let out = match self.pruning {
                Pruning::Disjoint => excluded,
                Pruning::Strong => {
                    excluded | self.orbits.larger_than(self.most.saturating_sub(weight))
                }
            };
            // The closed groups' bound: each group's sets need their least weight there.
            let mut more = 0;
            for c in &self.groups {
                more += c.more(chosen, out);
            }
            if weight + more > self.most {
                // Every group cut of every test search: no orbit set within what is left
                // hits the sets inside the groups.
                #[cfg(test)]
                {
                    let room = self.most.saturating_sub(weight);
                    let fits = tests::group_sets_fit(self, chosen, out, room);
                    assert_ne!(fits, Some(true), "a group bound cut a completion");
                    tests::GROUP_CUTS.with(|c| {
                        let (decided, open) = c.get();
                        c.set((
                            decided + usize::from(fits.is_some()),
                            open + usize::from(fits.is_none()),
                        ));
                    });
                }
                return true;
            }
            let node = match self.pruning {
                Pruning::Disjoint => self.disjoint(chosen, out),
                Pruning::Strong => self.strong(chosen, out, weight, &list),
            };
            // Every node of every test search: the scan against its direct form.
            #[cfg(test)]
            if self.pruning == Pruning::Strong {
                let direct = self.strong_direct(chosen, out, weight, &list);
                let room = self.most.saturating_sub(weight);
                let fits = (node == Node::Cut)
                    .then(|| tests::completes_within(self, chosen, out, &list, room))
                    .flatten();
                tests::assert_scan_agrees(&node, &direct, room, fits);
            }
            let (pick, bound) = match node {
                Node::Dead | Node::Cut => return true,
                Node::Forced(bit) => {
                    weight += self.orbits.size(bit);
                    if weight > self.most {
                        return true;
                    }
                    chosen |= bit;
                    if self.pruning == Pruning::Strong {
                        // The list keeps only sets `chosen` leaves unhit.
                        self.without(&list, bit);
                    }
                    continue;
                }
                Node::Open {
                    pick,
                    bound,
                    common,
                } => {
                    last = common;
                    (pick, bound)
                }
            };
            if weight + bound > self.most {
                return true;
            }
            if let Some(allowed) = pick {
                break allowed;
            }
            if list.more {
                // Sets beyond the node's list may be unhit: take them in and look again.
                self.arena.truncate(list.start);
                list = self.refill(chosen);
                continue;
            }
            // Every known set is hit: unique, or a new set to hit.
            match self.second(unav.grid(), chosen) {
                None => {
                    let reduced = self.reduce(unav.grid(), chosen);
                    self.unique.push(reduced);
                    return true;
                }
                Some(other) => {
                    self.checks += 1;
                    for s in unav.learn(&other) {
                        let m = self.orbits.mask(s);
                        match self.pruning {
                            Pruning::Disjoint => self.sets.push(m),
                            Pruning::Strong => self.learn(m),
                        }
                    }
                }
            }
        };
        // Smallest orbits first.
        let mut order = [0u64; 64];
        let mut n = 0;
        for &(_, m) in &self.orbits.by_size {
            let mut b = branch & m;
            while b != 0 {
                order[n] = b & b.wrapping_neg();
                n += 1;
                b &= b - 1;
            }
        }
        let mut excluded = excluded;
        for &bit in &order[..n] {
            let w = weight + self.orbits.size(bit);
            // A child at K cells must hit every set left with its one orbit.
            if w < self.most || (w == self.most && bit & last != 0) {
                let start = self.arena.len();
                let child = match self.pruning {
                    Pruning::Strong => self.child(&list, chosen, bit),
                    Pruning::Disjoint => List::default(),
                };
                let ok = self.go(unav, chosen | bit, excluded, w, child);
                self.arena.truncate(start);
                if !ok {
                    return false;
                }
            }
            excluded |= bit;
        }
        true
    }

    /// Adds `m` (orbit mask) to the sets learnt in this search and to their bitsets by orbit.
    fn learn(&mut self, m: u64) {
        let i = self.learnt.len();
        if i.is_multiple_of(64) {
            self.learnt_hits.extend([0; 64]);
        }
        let base = i / 64 * 64;
        let mut b = m;
        while b != 0 {
            self.learnt_hits[base + b.trailing_zeros() as usize] |= 1 << (i % 64);
            b &= b - 1;
        }
        self.learnt.push(m);
    }

    /// A child's list: the sets of its parent's `list` that `bit` leaves unhit (one AND NOT a
    /// word), or a fresh list from every known set when the parent's was cut and this one has
    /// fewer than [`LIST`] / 2 sets; `chosen` is the parent's orbits.
    fn child(&mut self, list: &List, chosen: u64, bit: u64) -> List {
        let start = self.arena.len();
        let hits = bit.trailing_zeros() as usize * self.words;
        self.arena
            .extend_from_within(list.start..list.start + list.len);
        let words = &mut self.arena[start..];
        for (word, &hit) in words.iter_mut().zip(&self.hits[hits..hits + list.len]) {
            *word &= !hit;
        }
        let len = words.iter().rposition(|&w| w != 0).map_or(0, |w| w + 1);
        self.arena.truncate(start + len);
        if list.more
            && self.arena[start..]
                .iter()
                .map(|w| w.count_ones() as usize)
                .sum::<usize>()
                < LIST / 2
        {
            self.arena.truncate(start);
            return self.refill(chosen | bit);
        }
        List {
            start,
            len,
            more: list.more,
        }
    }

    /// Takes the sets `bit` hits out of `list` (in place).
    fn without(&mut self, list: &List, bit: u64) {
        let hits = bit.trailing_zeros() as usize * self.words;
        for w in 0..list.len {
            self.arena[list.start + w] &= !self.hits[hits + w];
        }
    }

    /// A list of the first [`LIST`] known sets `chosen` leaves unhit, at the arena's end.
    fn refill(&mut self, chosen: u64) -> List {
        let start = self.arena.len();
        let n = self.sets.len();
        for w in 0..self.words {
            let mut word = if n - 64 * w >= 64 {
                u64::MAX
            } else {
                (1u64 << (n - 64 * w)) - 1
            };
            let mut c = chosen;
            while c != 0 {
                word &= !self.hits[c.trailing_zeros() as usize * self.words + w];
                c &= c - 1;
            }
            self.arena.push(word);
        }
        // Keep the first LIST sets; `more` when a set beyond them is unhit too.
        let (mut count, mut len, mut more) = (0, 0, false);
        for w in start..self.arena.len() {
            let word = self.arena[w];
            if count == LIST {
                more |= word != 0;
                self.arena[w] = 0;
                continue;
            }
            let ones = word.count_ones() as usize;
            if count + ones > LIST {
                // The lowest LIST - count of its sets.
                let mut rest = word;
                for _ in 0..LIST - count {
                    rest &= rest - 1;
                }
                self.arena[w] = word ^ rest;
                more = true;
                count = LIST;
            } else {
                count += ones;
            }
            if self.arena[w] != 0 {
                len = w - start + 1;
            }
        }
        self.arena.truncate(start + len);
        List { start, len, more }
    }

    /// The first design's node: the unhit set with the fewest allowed orbits (among the first
    /// [`SCAN`] sets) and the disjoint packing bound in scan order.
    fn disjoint(&self, chosen: u64, excluded: u64) -> Node {
        let mut pick: Option<u64> = None;
        let mut fewest = u32::MAX;
        let mut union = 0u64;
        let mut bound = 0usize;
        for (i, &m) in self.sets.iter().enumerate() {
            if i >= SCAN && pick.is_some() {
                break;
            }
            if m & chosen != 0 {
                continue;
            }
            let allowed = m & !excluded;
            if allowed == 0 {
                return Node::Dead;
            }
            let n = allowed.count_ones();
            if n < fewest {
                fewest = n;
                pick = Some(allowed);
            }
            if allowed & union == 0 {
                union |= allowed;
                bound += self.orbits.least(allowed);
            }
        }
        // The scan stops early, so it says nothing about every set.
        Node::Open {
            pick,
            bound,
            common: u64::MAX,
        }
    }

    /// The strong node: a forced orbit if an unhit set (of the node's list and the sets
    /// learnt since) has a single allowed orbit; else the unhit set with the fewest allowed
    /// orbits among the first [`SCAN`] unhit sets, and the better of two greedy dual bounds
    /// over those sets. The list holds only sets the node's orbits leave unhit.
    ///
    /// Both bounds grow set by set during the scan, and the scan stops with [`Node::Cut`] as
    /// soon as either exceeds what is left of K: the y taken so far are a feasible dual of the
    /// sets scanned so far, so any orbit set that avoids the excluded orbits and hits those
    /// sets weighs at least their sum, whatever the later sets are (forced, dead, beyond the
    /// list or learnt). When nothing is cut, the bounds are exactly those over every scanned
    /// set.
    fn strong(&mut self, chosen: u64, excluded: u64, weight: usize, list: &List) -> Node {
        let room = self.most.saturating_sub(weight);
        let top = self.orbits.largest.min(8);
        let two_orders = self.orbits.by_size.len() > 1;
        let small = self.orbits.by_size.first().map_or(0, |&(_, m)| m);
        let fresh = self.orbits.left;
        let Hunt {
            arena,
            sets,
            learnt,
            learnt_hits,
            unhit,
            ..
        } = self;
        let mut n = 0;
        let mut pick: Option<u64> = None;
        let mut fewest = u32::MAX;
        let mut common = u64::MAX;
        // The first order's bound (scan order) and the second's over the sets without a
        // smallest orbit (those with one come after all of them).
        let (mut first, mut second) = (fresh, fresh);
        let (mut bound1, mut bound2) = (0, 0);
        // One unhit set: dead, forced, or (among the first SCAN) a branching and bound set.
        // A macro, not a closure, so that the step is inlined in both loops and its state
        // stays in registers: as a closure LLVM kept it out of line, reading its captures
        // through a pointer on every set (session 46: one mirror 18 and 19 9–10% faster on an
        // AMD Zen 5, same nodes; session 45 found no difference on a Skylake-SP Xeon).
        macro_rules! visit {
            ($m:expr) => {{
                let allowed = $m & !excluded;
                if allowed == 0 {
                    return Node::Dead;
                }
                if allowed & (allowed - 1) == 0 {
                    return Node::Forced(allowed);
                }
                common &= allowed;
                if n < SCAN {
                    unhit[n] = allowed;
                    n += 1;
                    // `allowed` has two orbits or more here, so once a set of two is picked
                    // no later set has fewer: the count (a dozen instructions without
                    // `popcnt`) is needed only before that.
                    if fewest > 2 {
                        let k = allowed.count_ones();
                        if k < fewest {
                            fewest = k;
                            pick = Some(allowed);
                        }
                    }
                    bound1 += take(&mut first, allowed, top);
                    if two_orders && allowed & small == 0 {
                        bound2 += take(&mut second, allowed, top);
                    }
                    if bound1.max(bound2) > room {
                        return Node::Cut;
                    }
                }
            }};
        }
        for (w, &bits) in arena[list.start..list.start + list.len].iter().enumerate() {
            let mut word = bits;
            while word != 0 {
                let i = 64 * w + word.trailing_zeros() as usize;
                word &= word - 1;
                visit!(sets[i]);
            }
        }
        // The learnt sets `chosen` leaves unhit, in order: a word of them AND NOT the words
        // of the chosen orbits (about 4 instructions an orbit, not 10 a learnt set).
        for (w, hits) in learnt_hits.chunks_exact(64).enumerate() {
            let count = (learnt.len() - 64 * w).min(64);
            let mut word = u64::MAX >> (64 - count);
            let mut c = chosen;
            while c != 0 {
                word &= !hits[c.trailing_zeros() as usize];
                c &= c - 1;
            }
            while word != 0 {
                let i = 64 * w + word.trailing_zeros() as usize;
                word &= word - 1;
                visit!(learnt[i]);
            }
        }
        if two_orders {
            for &a in unhit[..n].iter().filter(|&&a| a & small != 0) {
                bound2 += take(&mut second, a, top);
                if bound2 > room {
                    return Node::Cut;
                }
            }
        }
        Node::Open {
            pick,
            bound: bound1.max(bound2),
            common,
        }
    }

    /// The greedy dual bound of the sets `allowed` (allowed orbit masks, none empty) in that
    /// order, or any value above `room` once it is known to exceed it: each set takes y, the
    /// least of what its orbits have left of their sizes, from every one of its orbits. Any
    /// orbit set hitting them all weighs at least the sum of the y: each orbit's size covers
    /// what the sets through it took, and every set is hit.
    #[cfg(test)]
    fn dual(&self, allowed: &[u64], room: usize) -> usize {
        // left[v]: the orbits with v cells left.
        let top = self.orbits.largest.min(8);
        let mut left = self.orbits.left;
        let mut bound = 0;
        for &a in allowed {
            bound += take(&mut left, a, top);
            if bound > room {
                break;
            }
        }
        bound
    }

    /// The node's unhit sets (its list's, then the learnt ones `chosen` leaves unhit), each as
    /// its orbits not `excluded`, as a vector.
    #[cfg(test)]
    fn allowed_direct(&self, chosen: u64, excluded: u64, list: &List) -> Vec<u64> {
        let words = &self.arena[list.start..list.start + list.len];
        let listed = (0..64 * words.len())
            .filter(|&i| words[i / 64] >> (i % 64) & 1 == 1)
            .map(|i| self.sets[i]);
        let learnt = self.learnt.iter().copied().filter(|&m| m & chosen == 0);
        listed.chain(learnt).map(|m| m & !excluded).collect()
    }

    /// [`Hunt::strong`] written directly, to check it: the node's unhit sets (its list's,
    /// then the learnt ones `chosen` leaves unhit) as a vector, the first dead or forced one,
    /// the first with the fewest allowed orbits (counted) among the first [`SCAN`], and the
    /// better of the two orders' dual bounds.
    #[cfg(test)]
    fn strong_direct(&self, chosen: u64, excluded: u64, weight: usize, list: &List) -> Node {
        let allowed = self.allowed_direct(chosen, excluded, list);
        if let Some(&a) = allowed.iter().find(|&&a| a.count_ones() < 2) {
            return if a == 0 { Node::Dead } else { Node::Forced(a) };
        }
        let scanned = &allowed[..allowed.len().min(SCAN)];
        let pick = scanned
            .iter()
            .enumerate()
            .min_by_key(|&(i, a)| (a.count_ones(), i))
            .map(|(_, &a)| a);
        let room = self.most.saturating_sub(weight);
        let mut bound = self.dual(scanned, room);
        if bound <= room && self.orbits.by_size.len() > 1 {
            let small = self.orbits.by_size[0].1;
            let (without, with): (Vec<u64>, Vec<u64>) =
                scanned.iter().partition(|&&a| a & small == 0);
            let second: Vec<u64> = without.into_iter().chain(with).collect();
            bound = bound.max(self.dual(&second, room));
        }
        let common = allowed.iter().fold(u64::MAX, |c, &a| c & a);
        Node::Open {
            pick,
            bound,
            common,
        }
    }

    /// `chosen` (unique) without the orbits that can go one at a time, keeping it unique.
    fn reduce(&mut self, grid: &[u8; 81], chosen: u64) -> u64 {
        let mut keep = chosen;
        let mut m = chosen;
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m &= m - 1;
            if self.second(grid, keep & !bit).is_none() {
                keep &= !bit;
            }
        }
        keep
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A node's scan against its direct form: the same node, or cut early. A cut must leave
    /// nothing below. The direct form must be dead, forced (a set with one allowed orbit after
    /// the point where the scan cut) or bounded above `room` (its greedy duals run over a
    /// superset of the sets the scan had met, in the same order, so they are at least the
    /// scan's); and where the exhaustive check (`fits`, [`completes_within`], asked for cuts
    /// only) ran to its end, it found no orbit set of at most `room` cells hitting every
    /// listed set.
    pub(super) fn assert_scan_agrees(node: &Node, direct: &Node, room: usize, fits: Option<bool>) {
        if *node == Node::Cut {
            assert!(
                match direct {
                    Node::Open { bound, .. } => *bound > room,
                    _ => true,
                },
                "cut early, but the direct form is {direct:?} with {room} cells left"
            );
            assert!(
                fits != Some(true),
                "cut early, but an orbit set of at most {room} cells hits every listed set \
                 (direct form {direct:?})"
            );
        } else {
            assert_eq!(node, direct);
        }
    }

    /// Nodes [`completes_within`] may visit before it gives up.
    const COMPLETION_NODES: u64 = 20_000;

    /// Whether some set of allowed orbits (not `excluded`) of at most `room` cells hits every
    /// set the node's list and the learnt sets leave unhit after `chosen`, found by plain
    /// depth-first search (branch on the first unhit set's allowed orbits that fit); `None`
    /// when that takes more than [`COMPLETION_NODES`] nodes. Independent of the scan: no
    /// bound, no order, no forced moves.
    pub(super) fn completes_within(
        h: &Hunt<'_>,
        chosen: u64,
        excluded: u64,
        list: &List,
        room: usize,
    ) -> Option<bool> {
        fits(h, &h.allowed_direct(chosen, excluded, list), room)
    }

    thread_local! {
        /// The group cuts of this thread's test searches: (settled by [`group_sets_fit`],
        /// left open at its node budget).
        pub(super) static GROUP_CUTS: std::cell::Cell<(usize, usize)> =
            const { std::cell::Cell::new((0, 0)) };
    }

    /// Whether some orbit set of at most `room` cells, avoiding `excluded`, hits every set
    /// inside the closed groups ([`Hunt::groups`]) that `chosen` leaves unhit (an exhaustive
    /// depth-first search, [`COMPLETION_NODES`] at most; `None` past that).
    pub(super) fn group_sets_fit(
        h: &Hunt<'_>,
        chosen: u64,
        excluded: u64,
        room: usize,
    ) -> Option<bool> {
        let allowed: Vec<u64> = h
            .sets
            .iter()
            .filter(|&&m| m & chosen == 0 && h.groups.iter().any(|c| m & !c.orbits == 0))
            .map(|&m| m & !excluded)
            .collect();
        fits(h, &allowed, room)
    }

    /// Whether an orbit set of at most `room` cells meets every mask of `allowed` (a search
    /// without bound, order or forced move, [`COMPLETION_NODES`] at most).
    fn fits(h: &Hunt<'_>, allowed: &[u64], room: usize) -> Option<bool> {
        fn go(
            h: &Hunt<'_>,
            allowed: &[u64],
            taken: u64,
            room: usize,
            left: &mut u64,
        ) -> Option<bool> {
            let Some(&a) = allowed.iter().find(|&&a| a & taken == 0) else {
                return Some(true);
            };
            if *left == 0 {
                return None;
            }
            *left -= 1;
            let mut m = a;
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m &= m - 1;
                let size = h.orbits.size(bit);
                if size <= room && go(h, allowed, taken | bit, room - size, left)? {
                    return Some(true);
                }
            }
            Some(false)
        }
        let mut left = COMPLETION_NODES;
        go(h, allowed, 0, room, &mut left)
    }

    /// The solution of line 1 of Royle's 17-clue list.
    fn grid() -> [u8; 81] {
        let line =
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
        let mut p = [0u8; 81];
        for (v, c) in p.iter_mut().zip(line.bytes()) {
            *v = if c == b'.' { 0 } else { c - b'0' };
        }
        Fast::solve_first(&p).0.expect("a solution")
    }

    #[test]
    fn every_set_found_is_unavoidable_and_minimal_among_them() {
        let g = grid();
        let u = Unavoidables::new(&g);
        assert!(u.sets().len() > 50, "{} sets", u.sets().len());
        assert!(
            u.sets()[0].count_ones() >= 4,
            "no unavoidable set has fewer than 4 cells"
        );
        for (i, &s) in u.sets().iter().enumerate() {
            // Blanking the set leaves more than one solution.
            let mut p = g;
            for c in cells(s) {
                p[c] = 0;
            }
            assert_eq!(Fast::count_up_to(&p, 2).0, 2, "set {i} is unavoidable");
            for (j, &t) in u.sets().iter().enumerate() {
                assert!(i == j || t & s != t, "set {j} inside set {i}");
            }
        }
    }

    #[test]
    fn set_finding_asks_stop_before_every_region_and_ends_at_a_stop() {
        let g = grid();
        let asked = std::cell::Cell::new(0u64);
        let u = Unavoidables::new_until(&g, &|| {
            asked.set(asked.get() + 1);
            false
        })
        .expect("never stopped");
        assert_eq!(asked.get(), u.searches, "stop asked before every region");
        assert_eq!(
            u.sets(),
            Unavoidables::new(&g).sets(),
            "same sets as without a stop"
        );
        // A stop after the tenth region ends the deep finding there, with no more searches.
        let asked = std::cell::Cell::new(0u64);
        let stopped = Unavoidables::deep_until(&g, &|| {
            asked.set(asked.get() + 1);
            asked.get() > 10
        });
        assert!(stopped.is_none());
        assert_eq!(asked.get(), 11, "nothing asked after the stop");
    }

    /// The givens of a puzzle line.
    fn givens(line: &str) -> [u8; 81] {
        let mut p = [0u8; 81];
        for (v, c) in p.iter_mut().zip(line.bytes()) {
            *v = if c == b'.' { 0 } else { c - b'0' };
        }
        p
    }

    /// The grid of a puzzle line.
    fn solution(line: &str) -> [u8; 81] {
        Fast::solve_first(&givens(line)).0.expect("a solution")
    }

    /// Both prunings on `unav`'s grid under `cj` at `most` cells, each on its own copy of the
    /// sets:
    /// (strong's puzzles, disjoint's puzzles), each sorted, both searches finished.
    fn both(unav: &Unavoidables, cj: &Conjugate, most: usize) -> (Found, Found) {
        let run = |pruning| {
            let mut found = hunt_with(&mut unav.clone(), cj, most, 50_000_000, &|| false, pruning);
            assert!(found.finished, "{pruning:?} finished");
            found.puzzles.sort_unstable();
            found
        };
        (run(Pruning::Strong), run(Pruning::Disjoint))
    }

    /// [`both`] on the grid of `line` (a puzzle of `symmetry` in the standard orientation)
    /// under the class's own orientation: the same puzzles, the line's among them.
    fn own(line: &str, symmetry: crate::Symmetry, most: usize) -> (Found, Found) {
        let cj = &conjugates(symmetry)[0];
        let (strong, disjoint) = both(&Unavoidables::new(&solution(line)), cj, most);
        assert_eq!(strong.puzzles, disjoint.puzzles);
        assert!(strong.puzzles.contains(&givens(line)), "{line} is met");
        (strong, disjoint)
    }

    #[test]
    fn strong_pruning_meets_exactly_what_disjoint_meets_on_a_one_mirror_19s_grid() {
        // A one-mirror 19 of data/few-givens.txt, in its own orientation (conjugate 0).
        let line =
            "...4.1......2.3..............3...1....5.7.6....8...4..1...4...22.......37...9...8";
        GROUP_CUTS.with(|c| c.set((0, 0)));
        let (strong, disjoint) = own(line, crate::Symmetry::Vertical, 19);
        assert!(
            strong.nodes < disjoint.nodes,
            "{} nodes against {}",
            strong.nodes,
            disjoint.nodes
        );
        assert_group_cuts_settled();
    }

    /// The group cuts of this thread's searches since the count was reset: some were made,
    /// and the plain search settled at least 95% of them.
    fn assert_group_cuts_settled() {
        let (decided, open) = GROUP_CUTS.with(|c| c.get());
        assert!(
            decided > 0 && decided >= 19 * open,
            "{decided} group cuts settled, {open} left open"
        );
    }

    #[test]
    fn strong_pruning_meets_exactly_what_disjoint_meets_under_many_conjugates() {
        // Royle's line 1 under every ninth one-mirror conjugate at 17 and every seventh
        // both-mirrors one at 19 (small enough for the first design to finish), and a public
        // diagonal 17's grid under the diagonal's own orientation at 17 (which meets the 17).
        let unav = Unavoidables::new(&grid());
        GROUP_CUTS.with(|c| c.set((0, 0)));
        for cj in conjugates(crate::Symmetry::Vertical).iter().step_by(9) {
            let (strong, disjoint) = both(&unav, cj, 17);
            assert_eq!(strong.puzzles, disjoint.puzzles);
        }
        assert_group_cuts_settled();
        for cj in conjugates(crate::Symmetry::Orthogonal).iter().step_by(7) {
            let (strong, disjoint) = both(&unav, cj, 19);
            assert_eq!(strong.puzzles, disjoint.puzzles);
        }
        let line =
            ".............12.....3.....4.....6..5.8.....3..1.4.7..........1.....3.28...56.....";
        own(line, crate::Symmetry::Diagonal, 17);
    }

    #[test]
    fn the_dual_bound_is_at_most_a_hitting_sets_weight_and_beats_disjoint_packing() {
        // Two orbits of 2 cells (0, 1) and one of 1 (2): sets {0,1}, {0,2}, {1,2} overlap
        // pairwise, so disjoint packing counts one set (1 cell); the dual takes 2 from {0,1}
        // and then 0 from the others: 2. The lightest hitting set, {0, 2} or {1, 2}, weighs 3.
        let orbits = Orbits {
            of: [0; 81],
            cells: vec![vec![0, 1], vec![2, 3], vec![4]],
            by_size: vec![(1, 0b100), (2, 0b011)],
            largest: 2,
            left: left_of(&[(1, 0b100), (2, 0b011)]),
        };
        let stop = || false;
        let h = Hunt::new(&orbits, Vec::new(), 0, 0, &stop, Pruning::Strong);
        let sets = [0b011u64, 0b101, 0b110];
        assert_eq!(h.dual(&sets, 9), 2);
        assert_eq!(h.dual(&[0b001u64, 0b010], 9), 4, "disjoint sets add up");
        assert!(h.dual(&[0b110u64, 0b101, 0b011], 9) <= 3);
        assert!(h.dual(&sets, 1) > 1, "stops once above the room");
    }

    /// The indices of a node's list, in order.
    fn listed(h: &Hunt<'_>, list: &List) -> Vec<usize> {
        let words = &h.arena[list.start..list.start + list.len];
        (0..64 * words.len())
            .filter(|&i| words[i / 64] >> (i % 64) & 1 == 1)
            .collect()
    }

    #[test]
    fn a_nodes_bitset_list_is_the_first_unhit_sets_in_order() {
        // 60 orbits of one cell; 1,500 sets of 4 orbits from a seeded stream.
        let orbits = Orbits {
            of: std::array::from_fn(|c| (c % 60) as u8),
            cells: (0..60).map(|o| vec![o]).collect(),
            by_size: vec![(1, (1u64 << 60) - 1)],
            largest: 1,
            left: left_of(&[(1, (1u64 << 60) - 1)]),
        };
        let mut rng = crate::rng::Rng::new(44);
        let masks: Vec<u64> = (0..1_500)
            .map(|_| {
                let mut m = 0u64;
                while m.count_ones() < 4 {
                    m |= 1 << rng.below(60);
                }
                m
            })
            .collect();
        let sets = minimal(masks);
        assert!(sets.len() > 2 * LIST, "{} sets", sets.len());
        let stop = || false;
        let mut h = Hunt::new(&orbits, sets, 10, 0, &stop, Pruning::Strong);
        // What the lists must hold: the sets `chosen` leaves unhit, in order.
        let unhit = |h: &Hunt<'_>, chosen: u64| -> Vec<usize> {
            (0..h.sets.len())
                .filter(|&i| h.sets[i] & chosen == 0)
                .collect()
        };
        let mut cut = 0;
        for chosen in [0u64, 1, 1 << 7 | 1 << 30, 0b1011_0110, (1 << 20) - 1] {
            let root = h.refill(chosen);
            let all = unhit(&h, chosen);
            assert_eq!(
                listed(&h, &root),
                all[..all.len().min(LIST)],
                "refill {chosen:b}"
            );
            assert_eq!(root.more, all.len() > LIST, "refill {chosen:b}");
            cut += usize::from(root.more);
            for bit in [1u64 << 3, 1 << 39, 1 << 12] {
                let child = h.child(&root, chosen, bit);
                let all = unhit(&h, chosen | bit);
                let kept: Vec<usize> = listed(&h, &root)
                    .into_iter()
                    .filter(|&i| h.sets[i] & bit == 0)
                    .collect();
                if root.more && kept.len() < LIST / 2 {
                    // Refilled.
                    assert_eq!(listed(&h, &child), all[..all.len().min(LIST)]);
                } else {
                    assert_eq!(listed(&h, &child), kept, "child {chosen:b} {bit:b}");
                    assert_eq!(child.more, root.more);
                }
                h.arena.truncate(child.start);
            }
            h.without(&root, 1 << 5);
            let kept: Vec<usize> = unhit(&h, chosen)[..unhit(&h, chosen).len().min(LIST)]
                .iter()
                .copied()
                .filter(|&i| h.sets[i] & 1 << 5 == 0)
                .collect();
            assert_eq!(listed(&h, &root), kept, "without {chosen:b}");
            h.arena.truncate(root.start);
        }
        assert!(cut > 0, "some list was cut at {LIST}");
    }

    #[test]
    fn a_nodes_scan_is_its_direct_form_on_random_set_families() {
        // One mirror's orbits: 9 of one cell and 36 of two.
        let orbits = Orbits {
            of: [0; 81],
            cells: (0..45).map(|o| vec![0; 1 + usize::from(o >= 9)]).collect(),
            by_size: vec![(1, 0x1ff), (2, ((1u64 << 45) - 1) & !0x1ff)],
            largest: 2,
            left: left_of(&[(1, 0x1ff), (2, ((1u64 << 45) - 1) & !0x1ff)]),
        };
        let mut rng = crate::rng::Rng::new(47);
        let random_set = |rng: &mut crate::rng::Rng, least: u32| {
            let size = least + rng.below(5) as u32;
            let mut m = 0u64;
            while m.count_ones() < size {
                m |= 1 << rng.below(45);
            }
            m
        };
        let stop = || false;
        let (mut dead, mut forced, mut open, mut three, mut cut) = (0, 0, 0, 0, 0);
        // Cuts the exhaustive completion check settled (the rest fall back to the direct form).
        let mut checked_cuts = 0;
        // Families whose sets have at least 2 orbits, and at least 3 (no pick of two orbits
        // until orbits are excluded), each with 150 learnt sets (three words of them); K 60
        // (no early cut) and 10 (many).
        for (least, most) in [(2, 60), (3, 60), (2, 10), (3, 10)] {
            let sets = minimal((0..900).map(|_| random_set(&mut rng, least)).collect());
            let mut h = Hunt::new(&orbits, sets, most, 0, &stop, Pruning::Strong);
            for _ in 0..150 {
                let m = random_set(&mut rng, least);
                h.learn(m);
            }
            for _ in 0..400 {
                let chosen = (0..rng.below(7)).fold(0u64, |c, _| c | 1 << rng.below(45));
                let excluded =
                    (0..rng.below(25)).fold(0u64, |e, _| e | 1 << rng.below(45)) & !chosen;
                let weight = orbits
                    .by_size
                    .iter()
                    .map(|&(s, m)| s * (m & chosen).count_ones() as usize)
                    .sum();
                let list = h.refill(chosen);
                let node = h.strong(chosen, excluded, weight, &list);
                let direct = h.strong_direct(chosen, excluded, weight, &list);
                let room = most.saturating_sub(weight);
                let fits = (node == Node::Cut)
                    .then(|| completes_within(&h, chosen, excluded, &list, room))
                    .flatten();
                assert_scan_agrees(&node, &direct, room, fits);
                if node == Node::Cut {
                    checked_cuts += usize::from(fits.is_some());
                }
                match node {
                    Node::Cut => cut += 1,
                    Node::Dead => dead += 1,
                    Node::Forced(_) => forced += 1,
                    Node::Open { pick, .. } => {
                        open += 1;
                        three += usize::from(pick.is_some_and(|p| p.count_ones() > 2));
                    }
                }
                h.arena.truncate(list.start);
            }
        }
        assert!(
            dead > 0 && forced > 0 && open > 0 && three > 0 && cut > 0,
            "{dead} {forced} {open} {three} {cut}"
        );
        assert!(
            checked_cuts > 0,
            "{checked_cuts} of {cut} cuts checked exhaustively"
        );
    }

    #[test]
    fn minimal_keeps_exactly_the_sets_containing_no_other() {
        let mut rng = crate::rng::Rng::new(7);
        let found: Vec<u64> = (0..600)
            .map(|_| (0..1 + rng.below(5)).fold(0, |m, _| m | 1 << rng.below(24)))
            .collect();
        let kept = minimal(found.clone());
        let mut expected: Vec<u64> = found
            .iter()
            .copied()
            .filter(|&s| !found.iter().any(|&k| k != s && k & s == k))
            .collect();
        expected.sort_unstable_by_key(|&s| (s.count_ones(), s));
        expected.dedup();
        assert_eq!(kept, expected);
        assert_eq!(minimal(vec![0b110u64, 0, 0b1]), vec![0]);
    }

    #[test]
    fn group_tables_are_the_least_hitting_weights_and_bound_every_completion() {
        let u = Unavoidables::new(&grid());
        let mut rng = crate::rng::Rng::new(44);
        let conj = conjugates(crate::Symmetry::Vertical);
        let (mut queries, mut tight) = (0, 0);
        for cj in conj.iter().step_by(17) {
            let orbits = Orbits::new(cj);
            let masks = minimal(orbits.masks(u.sets()));
            let groups = groups(&orbits, &masks);
            // One mirror's orbits lie in rows (or columns): three closed bands (or stacks)
            // of 15 orbits, each with sets inside.
            assert_eq!(groups.len(), 3);
            for c in &groups {
                assert_eq!(c.orbits.count_ones(), 15);
                let inside: Vec<u64> = masks
                    .iter()
                    .copied()
                    .filter(|&m| m & !c.orbits == 0)
                    .collect();
                assert!(!inside.is_empty());
                let members: Vec<u64> = (0..64)
                    .map(|b| 1u64 << b)
                    .filter(|&b| c.orbits & b != 0)
                    .collect();
                let weight = |s: u64| -> usize {
                    members
                        .iter()
                        .filter(|&&b| s & b != 0)
                        .map(|&b| orbits.size(b))
                        .sum()
                };
                // Every subset of the group, as an orbit mask.
                let subsets: Vec<u64> = (0..1u32 << members.len())
                    .map(|k| {
                        members
                            .iter()
                            .enumerate()
                            .filter(|&(i, _)| k >> i & 1 == 1)
                            .fold(0, |m, (_, &b)| m | b)
                    })
                    .collect();
                let hits = |s: u64| inside.iter().all(|&m| m & s != 0);
                let hitting: Vec<(u64, usize)> = subsets
                    .iter()
                    .filter(|&&s| hits(s))
                    .map(|&s| (s, weight(s)))
                    .collect();
                let least_of = |keep: &dyn Fn(u64) -> bool| {
                    hitting
                        .iter()
                        .filter(|&&(s, _)| keep(s))
                        .map(|&(_, w)| w)
                        .min()
                };
                for _ in 0..12 {
                    let pick = |rng: &mut crate::rng::Rng, per: usize| {
                        members
                            .iter()
                            .filter(|_| rng.below(per) == 0)
                            .fold(0, |m, &b| m | b)
                    };
                    let chosen = pick(&mut rng, 6);
                    // (`out` may hold chosen orbits, as a node's does: those larger than what
                    // is left of K; they stay allowed.)
                    let out = pick(&mut rng, 3);
                    let allowed = c.orbits & (!out | chosen);
                    queries += 1;
                    // The tables: the least within the allowed orbits, the least containing
                    // the chosen ones.
                    let a = usize::from(c.within[usize::from(c.squeeze(allowed))]);
                    assert_eq!(
                        least_of(&|s| s & !allowed == 0).unwrap_or(usize::from(u8::MAX)),
                        a
                    );
                    let b = usize::from(c.beyond[usize::from(c.squeeze(chosen))]);
                    assert_eq!(least_of(&|s| s & chosen == chosen), Some(b));
                    assert_eq!(
                        usize::from(c.weight[usize::from(c.squeeze(chosen))]),
                        weight(chosen)
                    );
                    // The bound: at most what any completion of `chosen` within the allowed
                    // orbits adds in the group.
                    let more = c.more(chosen, out);
                    match least_of(&|s| s & chosen == chosen && s & !(allowed | chosen) == 0) {
                        Some(exact) => {
                            assert!(more <= exact - weight(chosen));
                            tight += usize::from(more == exact - weight(chosen));
                        }
                        // None at all: the table says so (no hitting set within the allowed).
                        None => assert_eq!(more, usize::from(u8::MAX) - weight(chosen)),
                    }
                }
                assert_eq!(
                    c.least(0, 0),
                    hitting
                        .iter()
                        .map(|&(_, w)| w)
                        .min()
                        .expect("the group hits")
                );
            }
        }
        assert!(
            queries >= 100 && tight > queries / 4,
            "{tight} of {queries}"
        );
    }

    #[test]
    fn orbit_masks_by_table_are_the_orbits_met_cell_by_cell() {
        let u = Unavoidables::new(&grid());
        let last: CellSet = 1 << 80 | 1 << 72 | 1;
        let sets: Vec<CellSet> = u.sets().iter().copied().chain([last]).collect();
        for cj in conjugates(crate::Symmetry::Orthogonal).iter().step_by(97) {
            let orbits = Orbits::new(cj);
            let by_cell: Vec<u64> = sets.iter().map(|&s| orbits.mask(s)).collect();
            assert_eq!(orbits.masks(&sets), by_cell);
        }
    }
}
