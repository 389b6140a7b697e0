//! `tabu`: tabu search in the space `anneal` uses (Lewis 2007): regions filled with their
//! missing digits, moves that swap the digits of two open cells of one region, cost = digits
//! missing from rows, columns and diagonals plus equal anti-knight/anti-king pairs.
//!
//! Design decision: each iteration looks at every move that touches a cell in conflict (a
//! cell whose digit is repeated in one of its counted houses or by a pair peer) and takes the
//! best one, ties broken at random, even when it makes the cost worse. Only moves touching a
//! conflict can lower the cost, so this keeps the neighbourhood small (tens to a few thousand
//! swaps) while still being a steepest-descent step. Cycling is prevented by a tabu list on
//! (cell, digit) pairs: after a swap neither cell may take back its old digit for a tenure of
//! `tenure + random(0..=tenure)` iterations, unless the move would reach a cost below the best
//! of the current run (aspiration). After `restart_after` iterations without a new best the
//! grid is refilled at random (a restart).
//!
//! As in `anneal`, naked and hidden singles run first and fix cells, and each open cell only
//! takes digits singles left it ([`Tabu::candidates`], default on).
//!
//! # Guarantees
//! Incomplete ([`Solver::is_complete`](sudokit_core::Solver::is_complete) is `false`): a
//! solution is returned only after [`sudokit_core::verify::verify`] accepts it, otherwise the
//! search ends with [`End::GaveUp`](sudokit_core::End::GaveUp). All randomness comes from one
//! PCG generator seeded with [`Tabu::seed`]; a node budget counts iterations and cuts a run reproducibly. With neither a time nor a
//! node budget from the caller, [`Tabu::default_time`] (10 s) applies.

use crate::space::{self, BestCost, State, Walk};
use rand::RngExt;
use std::collections::BTreeMap;
use std::time::Duration;

/// Tabu search over region swaps. See the module docs.
///
/// Parameters (builder methods):
/// * [`Tabu::tenure`]: base tabu tenure in iterations `[default: 10] [range: 1..10000]`.
/// * [`Tabu::restart_after`]: iterations without a new best before a fresh random fill
///   `[default: 20000] [range: 100..100000000]`.
/// * [`Tabu::candidates`]: restrict cells to the digits singles leave them `[default: true]`.
/// * [`Tabu::default_time`]: time budget when the caller gives none `[default: 10 s]`.
#[derive(Clone, Debug)]
pub struct Tabu {
    seed: u64,
    tenure: u32,
    restart_after: u64,
    candidates: bool,
    default_time: Duration,
}

/// Why a tabu parameter was rejected.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TabuError {
    /// A parameter is outside its range.
    #[error("tabu parameter {name} = {value} is outside its range {range}")]
    OutOfRange {
        /// The parameter.
        name: &'static str,
        /// The value given.
        value: u64,
        /// The accepted range, in words.
        range: &'static str,
    },
}

impl Default for Tabu {
    fn default() -> Tabu {
        Tabu::new(0)
    }
}

impl Tabu {
    /// The engine with default parameters and `seed` for its random generator.
    pub fn new(seed: u64) -> Tabu {
        Tabu {
            seed,
            tenure: 10,
            restart_after: 20_000,
            candidates: true,
            default_time: Duration::from_secs(10),
        }
    }
    /// The seed of the random generator.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// Base tabu tenure in iterations `[default: 10] [range: 1..10000]`.
    pub fn tenure(mut self, iterations: u32) -> Result<Tabu, TabuError> {
        if !(1..=10_000).contains(&iterations) {
            return Err(TabuError::OutOfRange {
                name: "tenure",
                value: u64::from(iterations),
                range: "1..10000",
            });
        }
        self.tenure = iterations;
        Ok(self)
    }
    /// Iterations without a new best before a restart `[default: 20000]
    /// [range: 100..100000000]`.
    pub fn restart_after(mut self, iterations: u64) -> Result<Tabu, TabuError> {
        if !(100..=100_000_000).contains(&iterations) {
            return Err(TabuError::OutOfRange {
                name: "restart_after",
                value: iterations,
                range: "100..100000000",
            });
        }
        self.restart_after = iterations;
        Ok(self)
    }
    /// Restrict each open cell to the digits singles leave it `[default: true]`.
    pub fn candidates(mut self, on: bool) -> Tabu {
        self.candidates = on;
        self
    }
    /// Time budget used when the caller gives neither a time nor a node budget
    /// `[default: 10 s] [range: > 0]`.
    pub fn default_time(mut self, limit: Duration) -> Result<Tabu, TabuError> {
        if limit.is_zero() {
            return Err(TabuError::OutOfRange {
                name: "default_time_ms",
                value: 0,
                range: "> 0",
            });
        }
        self.default_time = limit;
        Ok(self)
    }
}

/// Counters of one run.
#[derive(Default)]
pub(crate) struct Counters {
    iterations: u64,
    restarts: u64,
    aspirations: u64,
    best_cost: BestCost,
}

impl space::Tally for Counters {
    fn tally(&self) -> (u64, BestCost) {
        (self.iterations, self.best_cost)
    }

    fn record(&self, extra: &mut BTreeMap<&'static str, f64>) {
        extra.insert("iterations", self.iterations as f64);
        extra.insert("restarts", self.restarts as f64);
        extra.insert("aspirations", self.aspirations as f64);
    }
}

/// Whether open cell `c` takes part in a conflict.
fn in_conflict(s: &State, c: usize) -> bool {
    let n = s.n;
    let v = s.values[c] as usize - 1;
    s.counted_of(c)
        .iter()
        .any(|&h| s.count[h as usize * n + v] > 1)
        || s.pairs_of(c)
            .iter()
            .any(|&p| s.values[p as usize] == s.values[c])
}

impl space::Local for Tabu {
    type Counters = Counters;

    /// Searches until cost 0 (`true`) or the budget stops it.
    fn walk(&self, w: Walk<'_>, c: &mut Counters) -> bool {
        let Walk(s, fixed, rng, limiter) = w;
        let n = s.n;
        let cells = n * n;
        // `tabu[cell * n + d]`: first iteration at which `cell` may take digit `d + 1` again.
        let mut tabu = vec![0u64; cells * n];
        let mut conflicted: Vec<usize> = Vec::new();
        let mut iter = 0u64;
        loop {
            if !s.fill(rng, self.candidates, fixed) {
                return false;
            }
            tabu.iter_mut().for_each(|t| *t = 0);
            let mut best = s.cost;
            c.best_cost.lower(best);
            let mut since_best = 0u64;
            while s.cost > 0 {
                if limiter.should_stop() {
                    return false;
                }
                iter += 1;
                c.iterations += 1;
                conflicted.clear();
                conflicted.extend(
                    s.open
                        .iter()
                        .map(|&x| x as usize)
                        .filter(|&x| in_conflict(s, x)),
                );
                let mut chosen: Option<(usize, usize, i64)> = None;
                let mut ties = 0u32;
                let mut aspired = false;
                for &a in &conflicted {
                    let va = s.values[a];
                    let region = s.region_of[a] as usize;
                    for &b in &s.region_open[region] {
                        let b = b as usize;
                        let vb = s.values[b];
                        // Conflicted pairs are seen from both ends: keep one.
                        if b == a || (b < a && conflicted.binary_search(&b).is_ok()) {
                            continue;
                        }
                        if self.candidates
                            && (s.candidates[a] >> (vb - 1) & 1 == 0
                                || s.candidates[b] >> (va - 1) & 1 == 0)
                        {
                            continue;
                        }
                        let delta = s.delta(a, b);
                        let is_tabu = tabu[a * n + vb as usize - 1] > iter
                            || tabu[b * n + va as usize - 1] > iter;
                        let aspiration = is_tabu && s.cost + delta < best;
                        if is_tabu && !aspiration {
                            continue;
                        }
                        match chosen {
                            Some((_, _, d)) if delta > d => {}
                            Some((_, _, d)) if delta == d => {
                                ties += 1;
                                if rng.random_range(0..=ties) == 0 {
                                    chosen = Some((a, b, delta));
                                    aspired = aspiration;
                                }
                            }
                            _ => {
                                chosen = Some((a, b, delta));
                                ties = 0;
                                aspired = aspiration;
                            }
                        }
                    }
                }
                let (a, b, delta) = match chosen {
                    Some(m) => m,
                    None => {
                        // Every move is tabu: take a random legal swap of a conflicted cell.
                        let Some(&a) = conflicted.get(rng.random_range(0..conflicted.len().max(1)))
                        else {
                            break;
                        };
                        let Some(b) = s.partner(a, self.candidates, rng) else {
                            since_best += 1;
                            if since_best >= self.restart_after {
                                break;
                            }
                            continue;
                        };
                        (a, b, s.delta(a, b))
                    }
                };
                c.aspirations += u64::from(aspired);
                let (va, vb) = (s.values[a] as usize - 1, s.values[b] as usize - 1);
                s.swap(a, b, delta);
                tabu[a * n + va] =
                    iter + u64::from(self.tenure) + rng.random_range(0..=u64::from(self.tenure));
                tabu[b * n + vb] =
                    iter + u64::from(self.tenure) + rng.random_range(0..=u64::from(self.tenure));
                if s.cost < best {
                    best = s.cost;
                    c.best_cost.lower(best);
                    since_best = 0;
                } else {
                    since_best += 1;
                    if since_best >= self.restart_after {
                        break;
                    }
                }
            }
            if s.cost == 0 {
                return true;
            }
            c.restarts += 1;
        }
    }
}

space::local_solver!(Tabu, "tabu");
