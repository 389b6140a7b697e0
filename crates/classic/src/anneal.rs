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
//! That band moves down as the grid grows: with a floor of 0.45 the empty 16×16 and 25×25
//! grids stay at a cost above zero for the whole 10 s budget (0 of 3 runs solved each), while
//! a floor of 0.2 solves them in 0.05 s and 0.5 s; a floor of 0.2 in turn costs 9×9 dearly
//! (11 of the first 20 `magictour_top1465` puzzles in 2 s instead of 18), and the shipped
//! 12×12 (98 open cells) also prefers 0.45. So the default floor scales with the number of
//! open cells after singles: `0.45 × min(1, √(96 / open))`, which is 0.45 for every 9×9 and
//! up to 96 open cells, 0.28 for an empty 16×16 and 0.18 for an empty 25×25
//! ([`Anneal::min_temperature`] fixes it instead).
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
//! The engine is incomplete ([`Solver::is_complete`](sudokit_core::Solver::is_complete) is
//! `false`): it returns a solution only after checking it with
//! [`sudokit_core::verify::verify`], and otherwise ends with
//! [`End::GaveUp`](sudokit_core::End::GaveUp); it never claims a puzzle has no solution. All
//! randomness comes from one PCG generator seeded with [`Anneal::seed`], so a run is
//! reproducible up to where a time budget cuts it (a node budget, which counts moves, cuts it
//! reproducibly). When the caller
//! sets neither a time nor a node budget, the engine applies its own
//! ([`Anneal::default_time`], 10 s unless changed), so it always ends.

use crate::space::{self, BestCost, State, Walk};
use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use std::collections::BTreeMap;
use std::time::Duration;

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
/// * [`Anneal::min_temperature`]: floor the cooling stops at `[default: 0.45 × min(1,
///   √(96 / open cells)), see the module docs] [range: 0..100]`.
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
    min_temperature: Option<f64>,
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
            min_temperature: None,
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
    /// Temperature floor: cooling never goes below it `[default: 0.45 × min(1, √(96 / open
    /// cells))] [range: 0..100]`.
    pub fn min_temperature(mut self, t: f64) -> Result<Anneal, AnnealError> {
        check("min_temperature", t, (0.0..=100.0).contains(&t), "0..100")?;
        self.min_temperature = Some(t);
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

/// Counters of one run.
#[derive(Default)]
pub(crate) struct Counters {
    moves: u64,
    accepted: u64,
    reheats: u64,
    restarts: u64,
    chains: u64,
    best_cost: BestCost,
    t0: f64,
    t_final: f64,
}

impl space::Tally for Counters {
    fn tally(&self) -> (u64, BestCost) {
        (self.moves, self.best_cost)
    }

    fn record(&self, extra: &mut BTreeMap<&'static str, f64>) {
        extra.insert("moves", self.moves as f64);
        extra.insert("accepted", self.accepted as f64);
        extra.insert("chains", self.chains as f64);
        extra.insert("reheats", self.reheats as f64);
        extra.insert("restarts", self.restarts as f64);
        extra.insert("t0", self.t0);
        extra.insert("t_final", self.t_final);
    }
}

impl space::Local for Anneal {
    type Counters = Counters;

    /// Anneals until cost 0 (returns `true`) or the budget stops it.
    fn walk(&self, w: Walk<'_>, c: &mut Counters) -> bool {
        let Walk(s, fixed, rng, limiter) = w;
        let open = s.open.len();
        let chain = ((self.chain_factor * (open * open) as f64).ceil() as u64).max(1);
        let floor = self
            .min_temperature
            .unwrap_or_else(|| 0.45 * (96.0 / open.max(1) as f64).sqrt().min(1.0));
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
            c.best_cost.lower(best);
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
                            c.best_cost.lower(best);
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
                    t = (t * self.cooling).max(floor);
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
    let mut probe = s.clone();
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

space::local_solver!(Anneal, "anneal");
