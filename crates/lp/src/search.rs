//! The search: root relaxation, reweighted ℓ1, then depth-first branch and bound on the LP,
//! with no-good rows to go on counting after each solution.
//!
//! Design decision: the objective is only a device to pick a point, never a bound (every
//! feasible point has the same Σx), so "branch and bound" here prunes on LP infeasibility
//! alone and explores depth first, placing the digit the LP likes best before removing it.
//! Counting reuses the same tree: after a solution is reported a no-good row excluding
//! exactly that solution joins every later LP and the node is solved again, so each solution
//! is reported once and an exhausted tree proves the count.

use crate::backend::{self, LpResult, Objective};
use crate::model::{self, Built, Model};
use crate::state::State;
use crate::{LpOptions, Reduce};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use sudokit_core::verify::verify;
use sudokit_core::{
    Budget, End, Flow, Grid, Limiter, Limits, Search, SolveError, Stats, Termination,
};

/// A value within this distance of 0 or 1 counts as integral; the rounded grid is verified.
const INT_TOL: f64 = 1e-4;

/// What the root relaxation (optionally reweighted) produced.
#[derive(Clone, Debug, PartialEq)]
pub enum RelaxationOutcome {
    /// The point was integral and its rounding is a verified solution (N² values).
    Integral(Vec<u8>),
    /// The point was fractional in this many columns.
    Fractional {
        /// Columns strictly between 0 and 1.
        fractional_columns: usize,
    },
    /// The LP has no feasible point: the puzzle has no solution.
    Infeasible,
    /// The reduction alone solved the puzzle; no LP was needed.
    SolvedByReduction(Vec<u8>),
}

/// The result of [`crate::Lp::relaxation`].
#[derive(Clone, Debug, PartialEq)]
pub struct Relaxation {
    /// What came out.
    pub outcome: RelaxationOutcome,
    /// Columns of the root model.
    pub columns: usize,
    /// Rows of the root model.
    pub rows: usize,
    /// LP solves made (1 plus reweighting rounds).
    pub lp_solves: u32,
    /// Time inside the LP solver.
    pub lp_time: Duration,
}

/// Budget checks: the core [`Limiter`] for nodes, plus an exact clock and cancel check per
/// node (the limiter samples them only every 256 nodes, and one LP node can take milliseconds).
struct Guard {
    limiter: Limiter,
    deadline: Option<Instant>,
    budget: Budget,
}

impl Guard {
    fn new(budget: &Budget) -> Guard {
        Guard {
            limiter: budget.start(),
            deadline: budget.time.map(|t| Instant::now() + t),
            budget: budget.clone(),
        }
    }
    fn stop(&mut self) -> bool {
        if self.limiter.should_stop() {
            return true;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return true;
        }
        self.budget
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }
    fn time_left(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }
}

fn failed(reason: impl std::fmt::Display) -> SolveError {
    SolveError::Failed {
        engine: "lp",
        reason: reason.to_string(),
    }
}

/// The root state and the unreduced model's given rows.
fn root(puzzle: &Grid, reduce: Reduce) -> (Option<State>, Vec<(usize, u8)>) {
    let layout = puzzle.layout();
    let mut state = State::open(layout);
    let mut fixes = Vec::new();
    for (c, &d) in puzzle.values().iter().enumerate() {
        if d == 0 {
            continue;
        }
        match reduce {
            Reduce::None => fixes.push((c, d)),
            Reduce::Peers | Reduce::Singles => {
                if state.place(layout, c, d).is_err() {
                    return (None, fixes);
                }
            }
        }
    }
    if reduce == Reduce::Singles && state.propagate(layout).is_err() {
        return (None, fixes);
    }
    (Some(state), fixes)
}

/// Whether every column is within [`INT_TOL`] of 0 or 1.
fn fractional_columns(x: &[f64]) -> usize {
    x.iter()
        .filter(|&&v| v > INT_TOL && v < 1.0 - INT_TOL)
        .count()
}

/// The grid a point rounds to (placed cells plus each open cell's largest column).
fn round(state: &State, model: &Model, x: &[f64]) -> Vec<u8> {
    let mut values = state.placed.clone();
    let mut best = vec![f64::NEG_INFINITY; values.len()];
    for (j, &(c, d)) in model.cols.iter().enumerate() {
        if x[j] > best[c] {
            best[c] = x[j];
            values[c] = d;
        }
    }
    values
}

fn verified(puzzle: &Grid, values: &[u8]) -> bool {
    values
        .iter()
        .all(|&v| v != 0 && v as usize <= puzzle.size())
        && verify(
            puzzle,
            &Grid::from_values(puzzle.layout_arc().clone(), values.to_vec()),
        )
        .is_ok()
}

/// A candidate solution `values` of the search: when it is new (not among `cuts`) and passes
/// the independent check, it is counted in `solutions` and handed to `on_solution`, and the
/// answer is whether the search must stop there (asked to, or `max` solutions found); `None`
/// when it was not a new solution.
fn accept(
    puzzle: &Grid,
    values: &[u8],
    cuts: &[Vec<u8>],
    solutions: &mut u64,
    max: u64,
    on_solution: &mut dyn FnMut(&[u8]) -> Flow,
) -> Option<bool> {
    if cuts.iter().any(|c| c.as_slice() == values) || !verified(puzzle, values) {
        return None;
    }
    *solutions += 1;
    let flow = on_solution(values);
    Some(flow == Flow::Stop || *solutions >= max)
}

/// Counters shared by the relaxation experiment and the search.
#[derive(Default)]
struct LpCounters {
    solves: u32,
    time: Duration,
    rounds: u32,
}

impl LpCounters {
    fn solve(
        &mut self,
        options: &LpOptions,
        model: &Model,
        objective: Objective<'_>,
        time_left: Option<Duration>,
    ) -> Result<LpResult, SolveError> {
        if time_left.is_some_and(|t| t.is_zero()) {
            return Ok(LpResult::TimedOut);
        }
        let t = Instant::now();
        let r = backend::solve(options.backend, model, objective, time_left).map_err(failed);
        self.time += t.elapsed();
        self.solves += 1;
        r
    }

    /// Reweighted ℓ1 from `x`: up to `rounds` re-solves with w = 1/(x + ε); returns the last
    /// point and whether it is integral.
    fn reweight(
        &mut self,
        options: &LpOptions,
        model: &Model,
        mut x: Vec<f64>,
        time_left: impl Fn() -> Option<Duration>,
    ) -> Result<(Vec<f64>, bool), SolveError> {
        for _ in 0..options.reweight_rounds {
            let w: Vec<f64> = x
                .iter()
                .map(|&v| 1.0 / (v.max(0.0) + options.epsilon))
                .collect();
            self.rounds += 1;
            match self.solve(options, model, Objective::Weighted(&w), time_left())? {
                LpResult::Point(y) => x = y,
                // Reweighting changes only the objective: the polytope was feasible.
                LpResult::Infeasible => return Err(failed("reweighted LP became infeasible")),
                LpResult::TimedOut => return Ok((x, false)),
            }
            if fractional_columns(&x) == 0 {
                return Ok((x, true));
            }
        }
        Ok((x, false))
    }
}

/// See [`crate::Lp::relaxation`].
pub(crate) fn relaxation(
    options: &LpOptions,
    puzzle: &Grid,
    reweight: bool,
) -> Result<Relaxation, SolveError> {
    let layout = puzzle.layout();
    let pairs = model::pair_only_peers(layout);
    let mut counters = LpCounters::default();
    let (state, fixes) = root(puzzle, options.reduce);
    let done = |outcome, model: Option<&Model>, c: &LpCounters| Relaxation {
        outcome,
        columns: model.map_or(0, |m| m.cols.len()),
        rows: model.map_or(0, |m| m.rows.len()),
        lp_solves: c.solves,
        lp_time: c.time,
    };
    let Some(state) = state else {
        return Ok(done(RelaxationOutcome::Infeasible, None, &counters));
    };
    let model = match model::build(layout, &state, &fixes, &pairs, &[]) {
        Built::Solved => {
            let outcome = if verified(puzzle, &state.placed) {
                RelaxationOutcome::SolvedByReduction(state.placed.clone())
            } else {
                RelaxationOutcome::Infeasible
            };
            return Ok(done(outcome, None, &counters));
        }
        Built::Infeasible => return Ok(done(RelaxationOutcome::Infeasible, None, &counters)),
        Built::Model(m) => m,
    };
    let mut x = match counters.solve(options, &model, Objective::Plain, None)? {
        LpResult::Point(x) => x,
        LpResult::Infeasible => {
            return Ok(done(RelaxationOutcome::Infeasible, Some(&model), &counters));
        }
        LpResult::TimedOut => return Err(failed("LP timed out without a time limit")),
    };
    if reweight && fractional_columns(&x) > 0 {
        x = counters.reweight(options, &model, x, || None)?.0;
    }
    let frac = fractional_columns(&x);
    let values = round(&state, &model, &x);
    let outcome = if frac == 0 && verified(puzzle, &values) {
        RelaxationOutcome::Integral(values)
    } else {
        RelaxationOutcome::Fractional {
            fractional_columns: frac.max(1),
        }
    };
    Ok(done(outcome, Some(&model), &counters))
}

/// Chooses the branching pair: among open cells with a fractional column, the one with the
/// fewest candidates (ties: the larger value), and in it the digit the LP weighs most.
/// Falls back to the cell with the fewest candidates when nothing is fractional.
fn branch_choice(state: &State, model: &Model, x: &[f64]) -> Option<(usize, u8)> {
    let cells = state.cand.len();
    let mut best_in_cell = vec![(f64::NEG_INFINITY, 0u8); cells];
    let mut has_frac = vec![false; cells];
    for (j, &(c, d)) in model.cols.iter().enumerate() {
        if x[j] > best_in_cell[c].0 {
            best_in_cell[c] = (x[j], d);
        }
        if x[j] > INT_TOL && x[j] < 1.0 - INT_TOL {
            has_frac[c] = true;
        }
    }
    let any_frac = has_frac.iter().any(|&f| f);
    let mut choice: Option<(u32, f64, usize)> = None;
    for c in 0..cells {
        let open = state.placed[c] == 0 && state.cand[c].count_ones() > 1;
        if !open || (any_frac && !has_frac[c]) {
            continue;
        }
        let key = (state.cand[c].count_ones(), best_in_cell[c].0);
        let better = match choice {
            None => true,
            Some((k, v, _)) => key.0 < k || (key.0 == k && key.1 > v),
        };
        if better {
            choice = Some((key.0, key.1, c));
        }
    }
    choice.map(|(_, _, c)| {
        let d = best_in_cell[c].1;
        let d = if d == 0 {
            state.cand[c].trailing_zeros() as u8 + 1
        } else {
            d
        };
        (c, d)
    })
}

/// See [`crate::Lp`]'s `search`.
pub(crate) fn run(
    options: &LpOptions,
    puzzle: &Grid,
    limits: &Limits,
    on_solution: &mut dyn FnMut(&[u8]) -> Flow,
) -> Result<Search, SolveError> {
    let layout = puzzle.layout();
    let pairs = model::pair_only_peers(layout);
    let mut guard = Guard::new(&limits.budget);
    let mut counters = LpCounters::default();
    let mut stats = Stats::default();
    let mut method = 0u8;
    let mut solutions = 0u64;
    let mut cuts: Vec<Vec<u8>> = Vec::new();
    let mut root_size = (0usize, 0usize);

    let finish = |end: End,
                  solutions: u64,
                  mut stats: Stats,
                  c: &LpCounters,
                  method: u8,
                  size: (usize, usize)| {
        stats.extra.insert("lp_ms", c.time.as_secs_f64() * 1e3);
        stats.extra.insert("lp_solves", f64::from(c.solves));
        stats.extra.insert("reweight_rounds", f64::from(c.rounds));
        stats.extra.insert("method", f64::from(method));
        stats.extra.insert("lp_columns", size.0 as f64);
        stats.extra.insert("lp_rows", size.1 as f64);
        Ok(Search {
            end,
            solutions,
            stats,
        })
    };

    let (state, fixes) = root(puzzle, options.reduce);
    let Some(state) = state else {
        return finish(End::Exhausted, 0, stats, &counters, method, root_size);
    };
    let mut stack: Vec<(State, bool)> = vec![(state, true)];
    while let Some((state, is_root)) = stack.pop() {
        if guard.stop() {
            return finish(End::Budget, solutions, stats, &counters, method, root_size);
        }
        stats.nodes += 1;
        let mut first_pass = true;
        loop {
            let model = match model::build(layout, &state, &fixes, &pairs, &cuts) {
                Built::Infeasible => {
                    stats.backtracks += 1;
                    break;
                }
                Built::Solved => {
                    let values = state.placed.clone();
                    let max = limits.max_solutions;
                    if accept(puzzle, &values, &cuts, &mut solutions, max, on_solution)
                        == Some(true)
                    {
                        return finish(
                            End::SolutionLimit,
                            solutions,
                            stats,
                            &counters,
                            method,
                            root_size,
                        );
                    }
                    break;
                }
                Built::Model(m) => m,
            };
            if is_root && first_pass {
                root_size = (model.cols.len(), model.rows.len());
            }
            let mut x =
                match counters.solve(options, &model, Objective::Plain, guard.time_left())? {
                    LpResult::Point(x) => x,
                    LpResult::Infeasible => {
                        stats.backtracks += 1;
                        break;
                    }
                    LpResult::TimedOut => {
                        return finish(End::Budget, solutions, stats, &counters, method, root_size);
                    }
                };
            let mut integral = fractional_columns(&x) == 0;
            if !integral && is_root && first_pass && options.reweight_rounds > 0 {
                let (y, ok) = counters.reweight(options, &model, x, || guard.time_left())?;
                x = y;
                integral = ok;
                if ok {
                    method = method.max(1);
                }
            }
            first_pass = false;
            if integral {
                let values = round(&state, &model, &x);
                let max = limits.max_solutions;
                if let Some(stop) = accept(puzzle, &values, &cuts, &mut solutions, max, on_solution)
                {
                    if stop {
                        let end = End::SolutionLimit;
                        return finish(end, solutions, stats, &counters, method, root_size);
                    }
                    cuts.push(values);
                    if guard.stop() {
                        return finish(End::Budget, solutions, stats, &counters, method, root_size);
                    }
                    continue;
                }
            }
            // Fractional (or an integral point that failed verification): branch.
            if !options.branch {
                return finish(End::GaveUp, solutions, stats, &counters, method, root_size);
            }
            method = 2;
            let Some((c, d)) = branch_choice(&state, &model, &x) else {
                return Err(failed("fractional point with no cell to branch on"));
            };
            let mut without = state.clone();
            let ok_without = without.remove(c, d).is_ok()
                && (options.reduce != Reduce::Singles || without.propagate(layout).is_ok());
            let mut with = state.clone();
            let ok_with = with.place(layout, c, d).is_ok()
                && (options.reduce != Reduce::Singles || with.propagate(layout).is_ok());
            if ok_without {
                stack.push((without, false));
            } else {
                stats.backtracks += 1;
            }
            if ok_with {
                stack.push((with, false));
            } else {
                stats.backtracks += 1;
            }
            if ok_with && ok_without {
                stats.guesses += 1;
            }
            break;
        }
    }
    finish(
        End::Exhausted,
        solutions,
        stats,
        &counters,
        method,
        root_size,
    )
}
