//! The search space shared by `anneal` and `tabu` (Lewis 2007): every region always holds
//! each of its missing digits once, and a move swaps the digits of two open cells of one
//! region. Each engine is a [`Local`] walk on it, run by [`search`] (start, budget, stats,
//! verified finish) behind the [`Solver`](sudokit_core::Solver) impl `local_solver!` writes.
//!
//! Design decision: the state keeps, for every counted house (rows, columns, diagonals: the
//! houses a swap can break), how many cells hold each digit, so the cost (digits missing from
//! counted houses, plus equal anti-knight/anti-king pairs) and the change a swap would make
//! are computed from a few counters, without rescanning the grid.

use crate::singles::{Singles, propagate};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::collections::BTreeMap;
use std::time::Duration;
use sudokit_core::solver::Termination;
use sudokit_core::verify::verify;
use sudokit_core::{
    Budget, Cell, End, Flow, Grid, HouseKind, Layout, Limits, Search, SolveError, Solver, Stats,
};

/// The swap space of one puzzle: values, per-house digit counts and the cost.
#[derive(Clone)]
pub(crate) struct State {
    pub(crate) n: usize,
    pub(crate) values: Vec<u8>,
    pub(crate) candidates: Vec<u64>,
    /// Open cells (not fixed by the givens or singles).
    pub(crate) open: Vec<u16>,
    /// Open cells of each region.
    pub(crate) region_open: Vec<Vec<u16>>,
    pub(crate) region_of: Vec<u8>,
    /// Counted houses (rows, columns, diagonals) of each cell, as indices into `count`.
    pub(crate) counted_start: Vec<u32>,
    pub(crate) counted: Vec<u16>,
    /// `count[h * n + d]`: cells of counted house `h` holding digit `d + 1`.
    pub(crate) count: Vec<u16>,
    /// Pair peers sharing no house with the cell (anti-knight, anti-king).
    pub(crate) pair_start: Vec<u32>,
    pub(crate) pairs: Vec<u16>,
    pub(crate) cost: i64,
}

impl State {
    pub(crate) fn new(layout: &Layout, singles: &Singles) -> State {
        let n = layout.size();
        let mut counted_ids = vec![u16::MAX; layout.house_count()];
        let mut next = 0u16;
        for h in layout.houses() {
            if !matches!(
                layout.house_kind(h),
                HouseKind::Box(_) | HouseKind::Region(_)
            ) {
                counted_ids[h.index()] = next;
                next += 1;
            }
        }
        let mut counted_start = vec![0u32];
        let mut counted = Vec::new();
        let mut pair_start = vec![0u32];
        let mut pairs = Vec::new();
        for i in 0..n * n {
            let cell = Cell(i as u16);
            for h in layout.houses_of(cell) {
                let id = counted_ids[h.index()];
                if id != u16::MAX {
                    counted.push(id);
                }
            }
            counted_start.push(counted.len() as u32);
            if layout.has_pair_constraints() {
                let mine = layout.houses_of(cell);
                for &p in layout.peers(cell) {
                    if !layout.houses_of(p).iter().any(|h| mine.contains(h)) {
                        pairs.push(p.0);
                    }
                }
            }
            pair_start.push(pairs.len() as u32);
        }
        let open: Vec<u16> = (0..n * n)
            .filter(|&i| singles.values[i] == 0)
            .map(|i| i as u16)
            .collect();
        let mut region_open = vec![Vec::new(); n];
        for &c in &open {
            region_open[layout.region_of(Cell(c))].push(c);
        }
        State {
            n,
            values: singles.values.clone(),
            candidates: singles.candidates.clone(),
            open,
            region_open,
            region_of: layout.region_map().to_vec(),
            counted_start,
            counted,
            count: vec![0; next as usize * n],
            pair_start,
            pairs,
            cost: 0,
        }
    }

    pub(crate) fn counted_of(&self, c: usize) -> &[u16] {
        &self.counted[self.counted_start[c] as usize..self.counted_start[c + 1] as usize]
    }

    pub(crate) fn pairs_of(&self, c: usize) -> &[u16] {
        &self.pairs[self.pair_start[c] as usize..self.pair_start[c + 1] as usize]
    }

    /// Fills every region's open cells with its missing digits at random (as a random perfect
    /// matching under the candidate rule when `restrict`); `false` if a region has none.
    pub(crate) fn fill(&mut self, rng: &mut Pcg64Mcg, restrict: bool, fixed: &[u8]) -> bool {
        let n = self.n;
        for (r, cells) in self.region_open.iter().enumerate() {
            let mut present = 0u64;
            for (i, &v) in fixed.iter().enumerate() {
                if v != 0 && self.region_of[i] as usize == r {
                    present |= 1u64 << (v - 1);
                }
            }
            let mut missing: Vec<u8> = (1..=n as u8)
                .filter(|d| present >> (d - 1) & 1 == 0)
                .collect();
            shuffle(&mut missing, rng);
            let mut order = cells.clone();
            shuffle(&mut order, rng);
            let allowed =
                |c: u16, d: u8| !restrict || self.candidates[c as usize] >> (d - 1) & 1 == 1;
            // Kuhn's augmenting paths: digit slot j -> cell.
            let mut owner: Vec<Option<usize>> = vec![None; order.len()];
            for j in 0..missing.len() {
                let mut seen = vec![false; order.len()];
                if !augment(j, &missing, &order, &allowed, &mut owner, &mut seen) {
                    return false;
                }
            }
            for (k, &c) in order.iter().enumerate() {
                if let Some(j) = owner[k] {
                    self.values[c as usize] = missing[j];
                }
            }
        }
        self.recount();
        true
    }

    pub(crate) fn recount(&mut self) {
        let n = self.n;
        self.count.iter_mut().for_each(|x| *x = 0);
        for c in 0..n * n {
            let d = self.values[c] as usize - 1;
            for k in self.counted_start[c] as usize..self.counted_start[c + 1] as usize {
                self.count[self.counted[k] as usize * n + d] += 1;
            }
        }
        let houses = self.count.len() / n;
        let mut cost = 0i64;
        for h in 0..houses {
            cost += self.count[h * n..(h + 1) * n]
                .iter()
                .filter(|&&x| x == 0)
                .count() as i64;
        }
        for c in 0..n * n {
            for &p in self.pairs_of(c) {
                if (p as usize) > c && self.values[p as usize] == self.values[c] {
                    cost += 1;
                }
            }
        }
        self.cost = cost;
    }

    /// Cost change if the digits of `a` and `b` (same region, different digits) were swapped.
    pub(crate) fn delta(&self, a: usize, b: usize) -> i64 {
        let n = self.n;
        let (va, vb) = (self.values[a] as usize - 1, self.values[b] as usize - 1);
        let (ha, hb) = (self.counted_of(a), self.counted_of(b));
        let mut d = 0i64;
        for &h in ha {
            if !hb.contains(&h) {
                let row = &self.count[h as usize * n..];
                d += i64::from(row[va] == 1) - i64::from(row[vb] == 0);
            }
        }
        for &h in hb {
            if !ha.contains(&h) {
                let row = &self.count[h as usize * n..];
                d += i64::from(row[vb] == 1) - i64::from(row[va] == 0);
            }
        }
        for (x, from, to) in [(a, va, vb), (b, vb, va)] {
            for &p in self.pairs_of(x) {
                let vp = self.values[p as usize] as usize - 1;
                d += i64::from(vp == to) - i64::from(vp == from);
            }
        }
        d
    }

    pub(crate) fn swap(&mut self, a: usize, b: usize, delta: i64) {
        let n = self.n;
        let (va, vb) = (self.values[a] as usize - 1, self.values[b] as usize - 1);
        for k in self.counted_start[a] as usize..self.counted_start[a + 1] as usize {
            let h = self.counted[k] as usize;
            self.count[h * n + va] -= 1;
            self.count[h * n + vb] += 1;
        }
        for k in self.counted_start[b] as usize..self.counted_start[b + 1] as usize {
            let h = self.counted[k] as usize;
            self.count[h * n + vb] -= 1;
            self.count[h * n + va] += 1;
        }
        self.values.swap(a, b);
        self.cost += delta;
    }

    /// A random legal partner for open cell `a` in its region, if any.
    pub(crate) fn partner(&self, a: usize, restrict: bool, rng: &mut Pcg64Mcg) -> Option<usize> {
        let cells = &self.region_open[self.region_of[a] as usize];
        let va = self.values[a];
        let (ca, bit_a) = (self.candidates[a], 1u64 << (va - 1));
        let mut legal = [0u16; 64];
        let mut k = 0;
        for &b in cells {
            let vb = self.values[b as usize];
            if vb == va {
                // `a` itself (each digit appears once in a region).
                continue;
            }
            if restrict && (ca >> (vb - 1) & 1 == 0 || self.candidates[b as usize] & bit_a == 0) {
                continue;
            }
            legal[k] = b;
            k += 1;
        }
        match k {
            0 => None,
            1 => Some(legal[0] as usize),
            _ => Some(legal[rng.random_range(0..k)] as usize),
        }
    }
}

fn augment(
    j: usize,
    digits: &[u8],
    cells: &[u16],
    allowed: &dyn Fn(u16, u8) -> bool,
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for k in 0..cells.len() {
        if seen[k] || !allowed(cells[k], digits[j]) {
            continue;
        }
        seen[k] = true;
        let free = match owner[k] {
            None => true,
            Some(other) => augment(other, digits, cells, allowed, owner, seen),
        };
        if free {
            owner[k] = Some(j);
            return true;
        }
    }
    false
}

pub(crate) fn shuffle<T>(v: &mut [T], rng: &mut Pcg64Mcg) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

/// A local search on the swap space (`anneal`, `tabu`): what [`search`] runs.
pub(crate) trait Local {
    /// The counters of one run.
    type Counters: Tally;
    /// Searches until cost 0 (`true`) or the budget stops it.
    fn walk(&self, w: Walk<'_>, c: &mut Self::Counters) -> bool;
}

/// What a [`Local::walk`] works on: the state, the values fixed by the givens and singles,
/// the random generator and the budget.
pub(crate) struct Walk<'a>(
    pub(crate) &'a mut State,
    pub(crate) &'a [u8],
    pub(crate) &'a mut Pcg64Mcg,
    pub(crate) &'a mut dyn Termination,
);

/// The counters of one local-search run (the default: nothing counted yet), which [`search`]
/// turns into [`Stats`].
pub(crate) trait Tally: Default {
    /// Steps taken (local search has no forced moves, so every step is a node and a guess)
    /// and the lowest cost reached.
    fn tally(&self) -> (u64, BestCost);
    /// Writes the engine's own figures into `extra`.
    fn record(&self, extra: &mut BTreeMap<&'static str, f64>);
}

/// The lowest cost a run reached; none (the default) until [`BestCost::lower`] is called.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BestCost(i64);

impl Default for BestCost {
    fn default() -> BestCost {
        BestCost(i64::MAX)
    }
}

impl BestCost {
    /// Takes `cost` when it is lower.
    pub(crate) fn lower(&mut self, cost: i64) {
        self.0 = self.0.min(cost);
    }

    /// The lowest cost, if any was reached.
    fn reached(self) -> Option<i64> {
        (self.0 != i64::MAX).then_some(self.0)
    }
}

/// Implements [`Solver`] for the [`Local`] engine `$engine` named `$name`: incomplete (it
/// gives up rather than proving anything), searching with [`search`] from its `seed` and
/// `default_time` fields.
macro_rules! local_solver {
    ($engine:ty, $name:literal) => {
        impl sudokit_core::Solver for $engine {
            fn name(&self) -> &'static str {
                $name
            }

            fn is_complete(&self) -> bool {
                false
            }

            fn search(
                &self,
                puzzle: &sudokit_core::Grid,
                limits: &sudokit_core::Limits,
                on_solution: &mut dyn FnMut(&[u8]) -> sudokit_core::Flow,
            ) -> Result<sudokit_core::Search, sudokit_core::SolveError> {
                let (seed, default_time) = (self.seed, self.default_time);
                $crate::space::search(self, seed, default_time, puzzle, limits, on_solution)
            }
        }
    };
}
pub(crate) use local_solver;

/// Runs the stochastic `engine` on `puzzle`: [`start`], then (unless nothing is open) its
/// [`Local::walk`] on the state with the values fixed by the givens and singles, an RNG seeded
/// with `seed` and the [`budget`] (`default_time` when the caller sets no limit), then
/// [`finish`] with whether it reached cost 0 and the stats its counters give.
pub(crate) fn search<E: Local + Solver>(
    engine: &E,
    seed: u64,
    default_time: Duration,
    puzzle: &Grid,
    limits: &Limits,
    on_solution: &mut dyn FnMut(&[u8]) -> Flow,
) -> Result<Search, SolveError> {
    let (mut state, fixed, mut stats) = match start(puzzle, seed, limits) {
        Ok(started) => started,
        Err(done) => return Ok(done),
    };
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut limiter = budget(limits, default_time).start();
    let mut c = E::Counters::default();
    let solved = state.open.is_empty()
        || engine.walk(Walk(&mut state, &fixed, &mut rng, &mut limiter), &mut c);
    let (steps, best_cost) = c.tally();
    stats.nodes = steps;
    stats.guesses = steps;
    c.record(&mut stats.extra);
    if let Some(cost) = best_cost.reached() {
        stats.extra.insert("best_cost", cost as f64);
    }
    finish(
        engine.name(),
        puzzle,
        &state.values,
        solved,
        limits,
        stats,
        on_solution,
    )
}

/// The budget a stochastic engine uses: the caller's, or `default_time` when it sets neither a
/// time nor a node limit, so a run always ends.
fn budget(limits: &Limits, default_time: Duration) -> Budget {
    let mut b = limits.budget.clone();
    if b.time.is_none() && b.nodes.is_none() {
        b.time = Some(default_time);
    }
    b
}

/// Ends a stochastic search: gives up when not `solved`, else checks the zero-cost `values`
/// with the independent verifier and hands them to `on_solution`.
fn finish(
    engine: &'static str,
    puzzle: &Grid,
    values: &[u8],
    solved: bool,
    limits: &Limits,
    stats: Stats,
    on_solution: &mut dyn FnMut(&[u8]) -> Flow,
) -> Result<Search, SolveError> {
    if !solved {
        return Ok(Search {
            end: End::GaveUp,
            solutions: 0,
            stats,
        });
    }
    let grid = Grid::from_values(puzzle.layout_arc().clone(), values.to_vec());
    if let Err(e) = verify(puzzle, &grid) {
        return Err(SolveError::Failed {
            engine,
            reason: format!("internal error: a zero-cost grid failed the check: {e}"),
        });
    }
    on_solution(grid.values());
    // One solution says nothing about others: when more were asked for, the count is only a
    // lower bound, which `GaveUp` conveys.
    let end = if limits.max_solutions <= 1 {
        End::SolutionLimit
    } else {
        End::GaveUp
    };
    Ok(Search {
        end,
        solutions: 1,
        stats,
    })
}

/// Starts a stochastic search: the seed in the stats, then singles. `Err` holds the finished
/// search when nothing is left to do (no solution asked for, or singles hit a contradiction,
/// which an incomplete engine does not claim as a proof: it gives up). `Ok` holds the state,
/// the values fixed by the givens and singles, and the stats so far.
fn start(puzzle: &Grid, seed: u64, limits: &Limits) -> Result<(State, Vec<u8>, Stats), Search> {
    let mut stats = Stats::default();
    if seed < (1u64 << 53) {
        stats.extra.insert("seed", seed as f64);
    }
    if limits.max_solutions == 0 {
        return Err(Search {
            end: End::SolutionLimit,
            solutions: 0,
            stats,
        });
    }
    let Some(singles) = propagate(puzzle) else {
        return Err(Search {
            end: End::GaveUp,
            solutions: 0,
            stats,
        });
    };
    let state = State::new(puzzle.layout(), &singles);
    stats
        .extra
        .insert("open_after_singles", state.open.len() as f64);
    Ok((state, singles.values, stats))
}
