//! `anneal`: stochastic search by simulated annealing, after Lewis (2007), "Metaheuristics can
//! solve Sudoku puzzles" (the seed article's reference 3).
//!
//! Design decision: the search space is Lewis's. Every region (box or jigsaw piece) always
//! holds each digit once: the open cells of a region are filled with its missing digits, and a
//! move swaps the digits of two open cells of one region, which keeps that invariant for any
//! region shape. The cost is the number of digits missing from the rows and the columns (and
//! from the diagonals of an X layout), plus one per anti-knight/anti-king pair holding equal
//! digits; a grid of cost 0 is a solution. A move picks an open cell at random and a random
//! legal partner in its region, and is accepted by the Metropolis rule.
//!
//! # Schedule
//! Lewis's start temperature (the standard deviation of the cost over 200 random moves),
//! Markov chains of `chain_factor × open²` moves, geometric cooling by `cooling` after each
//! chain, but never below `min_temperature`; after `reheat_after` chains without a new best
//! cost the temperature goes back to the start (a reheat), and after `restart_after` reheats
//! without a new best the grid is refilled at random (a restart). The floor is the main
//! departure from the paper, found by measurement: on hard 9×9 puzzles the solutions are found
//! at temperatures around 0.4–0.6 whatever the start (a fixed temperature of 0.45 already
//! solves 9 of the first 10 `magictour_top1465` puzzles in 2 s, 0.8 only 1), and plain
//! geometric cooling spends most of its time above or below that band.
//!
//! # Refinements over the paper
//! Both are switchable: (1) naked and hidden singles are propagated first and the resulting
//! cells are fixed, and (2) with [`Anneal::candidates`] (the default) each open cell may only
//! ever hold one of the digits that singles left it, so a swap is made only between two cells
//! that can take each other's digit (the initial fill is a random matching under the same
//! rule). This shrinks the space a great deal: on the first 100 puzzles of
//! `magictour_top1465` with 2 s each, the default engine solves 99 (median 0.14 s), while the
//! paper's plain space with the same schedule solves none of the first 20.
//!
//! # Guarantees
//! The engine is incomplete ([`Solver::is_complete`] is `false`): it returns a solution only
//! after checking it with [`sudokit_core::verify::verify`], and otherwise ends with
//! [`End::GaveUp`]; it never claims a puzzle has no solution. All randomness comes from one
//! PCG generator seeded with [`Anneal::seed`], so a run is reproducible up to where a time
//! budget cuts it (a node budget, which counts moves, cuts it reproducibly). When the caller
//! sets neither a time nor a node budget, the engine applies its own
//! ([`Anneal::default_time`], 10 s unless changed), so it always ends.

use crate::singles::{Singles, propagate};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::time::Duration;
use sudokit_core::solver::Termination;
use sudokit_core::verify::verify;
use sudokit_core::{
    Budget, Cell, End, Flow, Grid, HouseKind, Layout, Limits, Search, SolveError, Solver, Stats,
};

/// Simulated annealing after Lewis (2007). See the module docs.
///
/// Schedule parameters (builder methods):
/// * [`Anneal::cooling`]: temperature factor per Markov chain `[default: 0.9] [range: 0.5..1)`.
/// * [`Anneal::chain_factor`]: chain length as a multiple of (open cells)²
///   `[default: 0.1] [range: 0.01..100]`.
/// * [`Anneal::reheat_after`]: chains without a new best cost before the temperature goes back
///   to its start `[default: 200] [range: 1..10000]`.
/// * [`Anneal::restart_after`]: reheats without a new best before a fresh random fill
///   `[default: 5] [range: 1..10000]`.
/// * [`Anneal::initial_temperature`]: start temperature; `None` measures it as the standard
///   deviation of the cost over 200 random moves, as Lewis does `[default: None]
///   [range: > 0]`.
/// * [`Anneal::min_temperature`]: floor the cooling stops at `[default: 0.45] [range: 0..100]`.
/// * [`Anneal::candidates`]: restrict cells to the digits singles leave them
///   `[default: true]`.
/// * [`Anneal::default_time`]: time budget used when the caller gives no time or node budget
///   `[default: 10 s] [range: > 0]`.
#[derive(Clone, Debug)]
pub struct Anneal {
    seed: u64,
    cooling: f64,
    chain_factor: f64,
    reheat_after: u32,
    restart_after: u32,
    initial_temperature: Option<f64>,
    min_temperature: f64,
    candidates: bool,
    default_time: Duration,
}

/// Why a schedule parameter was rejected.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum AnnealError {
    /// A parameter is outside its range.
    #[error("anneal parameter {name} = {value} is outside its range {range}")]
    OutOfRange {
        /// The parameter.
        name: &'static str,
        /// The value given.
        value: f64,
        /// The accepted range, in words.
        range: &'static str,
    },
}

fn check(name: &'static str, value: f64, ok: bool, range: &'static str) -> Result<(), AnnealError> {
    if ok && value.is_finite() {
        Ok(())
    } else {
        Err(AnnealError::OutOfRange { name, value, range })
    }
}

impl Default for Anneal {
    fn default() -> Anneal {
        Anneal::new(0)
    }
}

impl Anneal {
    /// The engine with the default schedule and `seed` for its random generator.
    pub fn new(seed: u64) -> Anneal {
        Anneal {
            seed,
            cooling: 0.9,
            chain_factor: 0.1,
            reheat_after: 200,
            restart_after: 5,
            initial_temperature: None,
            min_temperature: 0.45,
            candidates: true,
            default_time: Duration::from_secs(10),
        }
    }
    /// The seed of the random generator (print it to reproduce a run).
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// Temperature factor applied after each Markov chain `[default: 0.9] [range: 0.5..1)`.
    pub fn cooling(mut self, factor: f64) -> Result<Anneal, AnnealError> {
        check("cooling", factor, (0.5..1.0).contains(&factor), "0.5..1")?;
        self.cooling = factor;
        Ok(self)
    }
    /// Markov chain length as a multiple of (open cells)² `[default: 0.1] [range: 0.01..100]`.
    pub fn chain_factor(mut self, factor: f64) -> Result<Anneal, AnnealError> {
        check(
            "chain_factor",
            factor,
            (0.01..=100.0).contains(&factor),
            "0.01..100",
        )?;
        self.chain_factor = factor;
        Ok(self)
    }
    /// Chains without a new best cost before reheating `[default: 200] [range: 1..10000]`.
    pub fn reheat_after(mut self, chains: u32) -> Result<Anneal, AnnealError> {
        check(
            "reheat_after",
            f64::from(chains),
            (1..=10_000).contains(&chains),
            "1..10000",
        )?;
        self.reheat_after = chains;
        Ok(self)
    }
    /// Reheats without a new best cost before restarting from a fresh random fill
    /// `[default: 5] [range: 1..10000]`.
    pub fn restart_after(mut self, reheats: u32) -> Result<Anneal, AnnealError> {
        check(
            "restart_after",
            f64::from(reheats),
            (1..=10_000).contains(&reheats),
            "1..10000",
        )?;
        self.restart_after = reheats;
        Ok(self)
    }
    /// Start temperature; `None` measures it (standard deviation of the cost over 200 random
    /// moves) `[default: None] [range: > 0]`.
    pub fn initial_temperature(mut self, t: Option<f64>) -> Result<Anneal, AnnealError> {
        if let Some(t) = t {
            check("initial_temperature", t, t > 0.0, "> 0")?;
        }
        self.initial_temperature = t;
        Ok(self)
    }
    /// Temperature floor: cooling never goes below it `[default: 0.45] [range: 0..100]`.
    pub fn min_temperature(mut self, t: f64) -> Result<Anneal, AnnealError> {
        check("min_temperature", t, (0.0..=100.0).contains(&t), "0..100")?;
        self.min_temperature = t;
        Ok(self)
    }
    /// Restrict each open cell to the digits singles leave it `[default: true]`; `false` is
    /// Lewis's plain space (any digit the region misses may go anywhere in it).
    pub fn candidates(mut self, on: bool) -> Anneal {
        self.candidates = on;
        self
    }
    /// Time budget used when the caller gives neither a time nor a node budget
    /// `[default: 10 s] [range: > 0]`.
    pub fn default_time(mut self, limit: Duration) -> Result<Anneal, AnnealError> {
        check("default_time", limit.as_secs_f64(), !limit.is_zero(), "> 0")?;
        self.default_time = limit;
        Ok(self)
    }
}

/// The annealing state for one puzzle.
struct State {
    n: usize,
    values: Vec<u8>,
    candidates: Vec<u64>,
    /// Open cells (not fixed by the givens or singles).
    open: Vec<u16>,
    /// Open cells of each region.
    region_open: Vec<Vec<u16>>,
    region_of: Vec<u8>,
    /// Counted houses (rows, columns, diagonals) of each cell, as indices into `count`.
    counted_start: Vec<u32>,
    counted: Vec<u16>,
    /// `count[h * n + d]`: cells of counted house `h` holding digit `d + 1`.
    count: Vec<u16>,
    /// Pair peers sharing no house with the cell (anti-knight, anti-king).
    pair_start: Vec<u32>,
    pairs: Vec<u16>,
    cost: i64,
}

impl State {
    fn new(layout: &Layout, singles: &Singles) -> State {
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

    fn counted_of(&self, c: usize) -> &[u16] {
        &self.counted[self.counted_start[c] as usize..self.counted_start[c + 1] as usize]
    }

    fn pairs_of(&self, c: usize) -> &[u16] {
        &self.pairs[self.pair_start[c] as usize..self.pair_start[c + 1] as usize]
    }

    /// Fills every region's open cells with its missing digits at random (as a random perfect
    /// matching under the candidate rule when `restrict`); `false` if a region has none.
    fn fill(&mut self, rng: &mut Pcg64Mcg, restrict: bool, fixed: &[u8]) -> bool {
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

    fn recount(&mut self) {
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
    fn delta(&self, a: usize, b: usize) -> i64 {
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

    fn swap(&mut self, a: usize, b: usize, delta: i64) {
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
    fn partner(&self, a: usize, restrict: bool, rng: &mut Pcg64Mcg) -> Option<usize> {
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

fn shuffle<T>(v: &mut [T], rng: &mut Pcg64Mcg) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

/// Counters of one run.
#[derive(Default)]
struct Counters {
    moves: u64,
    accepted: u64,
    reheats: u64,
    restarts: u64,
    chains: u64,
    best_cost: i64,
    t0: f64,
    t_final: f64,
}

impl Anneal {
    /// The budget actually used: the caller's, or the default time when it sets no limit.
    fn budget(&self, limits: &Limits) -> Budget {
        let mut b = limits.budget.clone();
        if b.time.is_none() && b.nodes.is_none() {
            b.time = Some(self.default_time);
        }
        b
    }

    /// Anneals until cost 0 (returns `true`) or the budget stops it.
    fn anneal(
        &self,
        s: &mut State,
        fixed: &[u8],
        rng: &mut Pcg64Mcg,
        limiter: &mut dyn Termination,
        c: &mut Counters,
    ) -> bool {
        let open = s.open.len();
        let chain = ((self.chain_factor * (open * open) as f64).ceil() as u64).max(1);
        let mut t0 = 0.0;
        let mut first = true;
        loop {
            // A fresh start (first run or restart): random fill and measured temperature.
            if !first {
                c.restarts += 1;
            }
            if !s.fill(rng, self.candidates, fixed) {
                return false;
            }
            if first || self.initial_temperature.is_none() {
                t0 = self
                    .initial_temperature
                    .unwrap_or_else(|| measure_temperature(s, self.candidates, rng));
            }
            first = false;
            c.t0 = t0;
            let mut t = t0;
            let mut best = s.cost;
            c.best_cost = c.best_cost.min(best);
            let mut chains_since_best = 0u32;
            let mut reheats_since_best = 0u32;
            let mut accept = acceptance_table(t);
            while s.cost > 0 {
                let mut improved = false;
                for _ in 0..chain {
                    if limiter.should_stop() {
                        return false;
                    }
                    c.moves += 1;
                    let a = s.open[rng.random_range(0..open)] as usize;
                    let Some(b) = s.partner(a, self.candidates, rng) else {
                        continue;
                    };
                    let delta = s.delta(a, b);
                    let ok = delta <= 0 || {
                        let p = accept
                            .get(delta as usize)
                            .copied()
                            .unwrap_or_else(|| (-(delta as f64) / t).exp());
                        rng.random::<f64>() < p
                    };
                    if ok {
                        c.accepted += 1;
                        s.swap(a, b, delta);
                        if s.cost < best {
                            best = s.cost;
                            c.best_cost = c.best_cost.min(best);
                            improved = true;
                            if best == 0 {
                                c.t_final = t;
                                return true;
                            }
                        }
                    }
                }
                c.chains += 1;
                if improved {
                    chains_since_best = 0;
                    reheats_since_best = 0;
                } else {
                    chains_since_best += 1;
                }
                if chains_since_best >= self.reheat_after {
                    chains_since_best = 0;
                    reheats_since_best += 1;
                    c.reheats += 1;
                    if reheats_since_best >= self.restart_after {
                        break;
                    }
                    t = t0;
                } else {
                    t = (t * self.cooling).max(self.min_temperature);
                }
                accept = acceptance_table(t);
            }
            if s.cost == 0 {
                return true;
            }
        }
    }
}

/// `exp(-delta / t)` for small deltas (index = delta).
fn acceptance_table(t: f64) -> [f64; 17] {
    let mut a = [0.0; 17];
    for (d, slot) in a.iter_mut().enumerate() {
        *slot = if t > 0.0 {
            (-(d as f64) / t).exp()
        } else {
            0.0
        };
    }
    a
}

/// Lewis's start temperature: the standard deviation of the cost over 200 random moves (all
/// accepted), taken on a copy so the state is left as it was.
fn measure_temperature(s: &State, restrict: bool, rng: &mut Pcg64Mcg) -> f64 {
    let mut probe = State {
        n: s.n,
        values: s.values.clone(),
        candidates: s.candidates.clone(),
        open: s.open.clone(),
        region_open: s.region_open.clone(),
        region_of: s.region_of.clone(),
        counted_start: s.counted_start.clone(),
        counted: s.counted.clone(),
        count: s.count.clone(),
        pair_start: s.pair_start.clone(),
        pairs: s.pairs.clone(),
        cost: s.cost,
    };
    let mut costs = Vec::with_capacity(200);
    for _ in 0..200 {
        if probe.open.is_empty() {
            break;
        }
        let a = probe.open[rng.random_range(0..probe.open.len())] as usize;
        if let Some(b) = probe.partner(a, restrict, rng) {
            let d = probe.delta(a, b);
            probe.swap(a, b, d);
        }
        costs.push(probe.cost as f64);
    }
    let m = costs.len().max(1) as f64;
    let mean = costs.iter().sum::<f64>() / m;
    let var = costs.iter().map(|c| (c - mean) * (c - mean)).sum::<f64>() / m;
    var.sqrt().max(0.05)
}

impl Solver for Anneal {
    fn name(&self) -> &'static str {
        "anneal"
    }

    fn is_complete(&self) -> bool {
        false
    }

    fn search(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        on_solution: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Result<Search, SolveError> {
        let mut stats = Stats::default();
        if self.seed < (1u64 << 53) {
            stats.extra.insert("seed", self.seed as f64);
        }
        let gave_up = |stats: Stats| Search {
            end: End::GaveUp,
            solutions: 0,
            stats,
        };
        if limits.max_solutions == 0 {
            return Ok(Search {
                end: End::SolutionLimit,
                solutions: 0,
                stats,
            });
        }
        // A contradiction found by singles proves there is no solution, but this engine makes
        // no such claims: it simply has nothing to offer.
        let Some(singles) = propagate(puzzle) else {
            return Ok(gave_up(stats));
        };
        let layout = puzzle.layout();
        let mut state = State::new(layout, &singles);
        stats
            .extra
            .insert("open_after_singles", state.open.len() as f64);
        let mut rng = Pcg64Mcg::seed_from_u64(self.seed);
        let mut limiter = self.budget(limits).start();
        let mut c = Counters {
            best_cost: i64::MAX,
            ..Counters::default()
        };
        let solved = if state.open.is_empty() {
            true
        } else {
            self.anneal(&mut state, &singles.values, &mut rng, &mut limiter, &mut c)
        };
        stats.nodes = c.moves;
        stats.extra.insert("moves", c.moves as f64);
        stats.extra.insert("accepted", c.accepted as f64);
        stats.extra.insert("chains", c.chains as f64);
        stats.extra.insert("reheats", c.reheats as f64);
        stats.extra.insert("restarts", c.restarts as f64);
        stats.extra.insert("t0", c.t0);
        stats.extra.insert("t_final", c.t_final);
        if c.best_cost != i64::MAX {
            stats.extra.insert("best_cost", c.best_cost as f64);
        }
        if !solved {
            return Ok(gave_up(stats));
        }
        let grid = Grid::from_values(puzzle.layout_arc().clone(), state.values.clone());
        if let Err(e) = verify(puzzle, &grid) {
            return Err(SolveError::Failed {
                engine: "anneal",
                reason: format!("internal error: a zero-cost grid failed the check: {e}"),
            });
        }
        on_solution(grid.values());
        // One solution says nothing about others: when more were asked for, the count is only
        // a lower bound, which `GaveUp` conveys.
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
}
