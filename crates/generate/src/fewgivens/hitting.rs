//! Unavoidable-set hitting search per solution grid, the way the 17-clue search worked
//! (McGuire, Tugemann and Civario): a puzzle with solution G is unique exactly when its givens
//! hit every unavoidable set of G (a set of cells whose digits can be rearranged into another
//! solution). For a class in a fixed orientation the givens are a union of orbits, so a
//! unique symmetric puzzle of at most K givens on G is an orbit set of weight (cells) at most K
//! hitting every unavoidable set.
//!
//! Design decision: the unavoidable sets are found once per grid ([`Unavoidables`]), as cell
//! masks in G's own orientation, by blanking regions of G (the cells of every pair and triple
//! of digits, every band, every stack) and taking the differences between G and the other
//! solutions of what is left, kept minimal. Each conjugate of the class ([`super::closure`]:
//! its orbit partition of G's cells) then only maps those masks to orbit masks (one OR a cell)
//! and runs a depth-first hitting-set search: branch over the orbits of the unhit set with the
//! fewest allowed orbits (among the 256 first), each branch excluding the orbits its elder siblings took (so every
//! orbit set is met once), cut when the weight plus a lower bound (greedily chosen unhit sets
//! with pairwise disjoint allowed orbits need one orbit each, at least the smallest) exceeds
//! K. A leaf (every known set hit) is counted to two by `fast`; a second solution gives a new
//! unavoidable set (the cells where it differs from G, shrunk to the minimal sets inside it
//! by one more blanking), which joins both the grid's list — later conjugates start with it,
//! so the lists learn — and the conjugate's, and the node goes on. A unique leaf is reduced to
//! orbit-minimal, taken back to the class's standard orientation and offered (checked by
//! `dlx`: unique, strictly minimal, symmetric, at most K givens). Grids come from seed
//! puzzles' solutions (deduplicated by minlex form, in a seeded order), from
//! [`super::automorphic`] grids when the target asks for them, or else from the uniform grid
//! sampler; a hit equal, up to transformation, to a seed puzzle is
//! marked as the public puzzle it is ([`Origin::public`]).

use std::collections::{HashMap, HashSet};

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
        for a in 1..=9u16 {
            for b in a + 1..=9 {
                u.region(digits_in(1 << a | 1 << b), &mut found);
                for c in b + 1..=9 {
                    u.region(digits_in(1 << a | 1 << b | 1 << c), &mut found);
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
            u.region(rows, &mut found);
            u.region(cols, &mut found);
        }
        u.sets = minimal(found, u128::count_ones);
        u.sets.truncate(MOST_SETS);
        u
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
        let new = minimal(found, u128::count_ones);
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

/// The bit sets of `found` that contain no other, smallest (by `ones`) first, without
/// repeats.
fn minimal<T>(mut found: Vec<T>, ones: fn(T) -> u32) -> Vec<T>
where
    T: Copy + Ord + std::ops::BitAnd<Output = T>,
{
    found.sort_unstable_by_key(|&s| (ones(s), s));
    found.dedup();
    let mut kept: Vec<T> = Vec::new();
    for s in found {
        if !kept.iter().any(|&k| k & s == k) {
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
}

impl Orbits {
    fn new(cj: &Conjugate) -> Orbits {
        let n = usize::from(cj.orbit_of.iter().copied().max().unwrap_or(0)) + 1;
        let mut cells = vec![Vec::new(); n];
        for (c, &o) in cj.orbit_of.iter().enumerate() {
            cells[usize::from(o)].push(c);
        }
        let mut by_size = cj.sizes.clone();
        by_size.sort_unstable();
        Orbits {
            of: cj.orbit_of,
            cells,
            by_size,
        }
    }

    /// The orbits meeting `set`.
    fn mask(&self, set: CellSet) -> u64 {
        cells(set).fold(0, |m, c| m | 1 << self.of[c])
    }

    /// The smallest orbit size among `orbits` (non-empty).
    fn least(&self, orbits: u64) -> usize {
        self.by_size
            .iter()
            .find(|(_, m)| m & orbits != 0)
            .map_or(usize::MAX, |&(s, _)| s)
    }

    /// Cells of the orbits of `chosen`.
    fn weight(&self, chosen: u64) -> usize {
        self.by_size
            .iter()
            .map(|&(s, m)| s * (m & chosen).count_ones() as usize)
            .sum()
    }
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
    let orbits = Orbits::new(cj);
    // A set whose orbits include another's is hit whenever that one is.
    let masks = unav.sets().iter().map(|&s| orbits.mask(s)).collect();
    let mut h = Hunt {
        sets: minimal(masks, u64::count_ones),
        orbits: &orbits,
        most,
        cap: nodes,
        stop,
        nodes: 0,
        checks: 0,
        unique: Vec::new(),
    };
    let finished = h.go(unav, 0, 0, 0);
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

/// Runs the hitting search on grid after grid until the grids or the budget run out.
pub(super) fn run(run: &mut Run<'_>) {
    let conj = conjugates(run.target.symmetry);
    // The seed puzzles' minlex forms (built at the first hit).
    let mut public: Option<HashMap<[u8; 81], u64>> = None;
    let seeds = run.seeds;
    let mut grids_seen = HashSet::new();
    let mut order: Vec<usize> = (0..seeds.len()).collect();
    run.rng.shuffle(&mut order);
    let mut next = order.into_iter();
    let mut automorphic = run.target.automorphic.map(AutomorphicGrids::new);
    while !run.done() {
        // The next grid: a seed's solution, an automorphic grid, or a uniformly random grid.
        let mut automorphism: Option<(GridMap, DigitPerm)> = None;
        let (grid, seed) = if let Some(source) = automorphic.as_mut() {
            let Some(a) = source.next(&mut run.rng, AUTOMORPHIC_ATTEMPTS) else {
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
        let mut unav = Unavoidables::new(&grid);
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
}

impl Hunt<'_> {
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
    fn go(&mut self, unav: &mut Unavoidables, chosen: u64, excluded: u64, weight: usize) -> bool {
        self.nodes += 1;
        if self.nodes > self.cap || (self.nodes & 1023 == 0 && (self.stop)()) {
            return false;
        }
        let branch = loop {
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
                    return true;
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
            if weight + bound > self.most {
                return true;
            }
            if let Some(allowed) = pick {
                break allowed;
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
                        self.sets.push(self.orbits.mask(s));
                    }
                }
            }
        };
        // Smallest orbits first.
        let mut order: Vec<u64> = Vec::with_capacity(branch.count_ones() as usize);
        for &(_, m) in &self.orbits.by_size {
            let mut b = branch & m;
            while b != 0 {
                order.push(b & b.wrapping_neg());
                b &= b - 1;
            }
        }
        let mut excluded = excluded;
        for bit in order {
            let w = weight + self.orbits.weight(bit);
            if w <= self.most && !self.go(unav, chosen | bit, excluded, w) {
                return false;
            }
            excluded |= bit;
        }
        true
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
}
