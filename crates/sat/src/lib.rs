//! `sudokit-sat`: the `sat` engine — Sudoku as CNF, solved and counted with the incremental
//! CDCL solver of the pure-Rust `batsat` crate (a MiniSat descendant).
//!
//! # Encoding
//! One variable per open (cell, digit); every cell at least one and at most one digit; every
//! house (rows, columns, boxes or jigsaw regions, diagonals) every missing digit at least once
//! and, by default, at most once; pairwise rules that are not houses (anti-knight, anti-king)
//! as binary clauses. Givens are applied before encoding (see `encode`). Variant rules
//! (killer cages, thermometers, arrows, kropki, sandwiches, lines, indexers …, every kind of
//! [`sudokit_core::Rule`]) add their own clauses on top (see [`rules`], built from the
//! gadgets in [`gadgets`]): the engine supports rules on every size and region shape.
//!
//! # Counting and completeness
//! After each model the engine checks the grid with [`sudokit_core::verify::verify`], reports
//! it, adds a blocking clause (the negation of that model's true cell literals) and calls the
//! same solver again, which keeps its learnt clauses. UNSAT then proves the count, so the
//! engine is complete.
//!
//! # Why batsat
//! Measured on top95 and 200 puzzles of 17_clue (count up to 2, full N³ encoding, release):
//! batsat 1162 and 1337 puzzles/s, varisat 893 and 1066, CaDiCaL (C++ via the `cadical`
//! crate, built with the system compiler) 640 and 695 — on 9×9 the setup cost of a solver
//! dominates and the lightweight MiniSat design wins. batsat is pure Rust, MIT-licensed,
//! exposes conflict/decision counters and lets a callback stop the search, which is how the
//! time budget and the cancel flag reach inside a solve.
//!
//! # Statistics and budget
//! `nodes` and `guesses` are the solver's decisions, `backtracks` its conflicts; `extra` holds
//! `conflicts`, `decisions`, `propagations`, `sat_calls`, `sat_ms`, `vars` and `clauses`. A
//! node budget ([`sudokit_core::Budget::nodes`]) counts conflicts plus solver calls; the time
//! budget and the cancel flag are checked inside the solver as well as between calls.
//!
//! ```
//! use sudokit_core::{format::{parse_one, InputFormat}, Solver, verify::verify};
//! use sudokit_sat::Sat;
//! let p = parse_one(
//!     "000000090190470608052819407200048000009000500000750009907364180506081074080000000",
//!     InputFormat::Auto,
//! ).unwrap();
//! let (count, exact) = Sat::new().count_solutions(&p, 2).unwrap();
//! assert_eq!((count, exact), (1, true));
//! let s = Sat::new().first_solution(&p).unwrap().unwrap();
//! assert!(verify(&p, &s).is_ok());
//! ```

pub mod encode;
pub mod gadgets;
pub mod rules;
pub mod session;

use batsat::{Callbacks, ClauseKind, Lit as BLit, SolverInterface, SolverOpts, lbool};
use encode::{Cnf, EncodeOptions};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use sudokit_core::verify::verify;
use sudokit_core::{End, Flow, Grid, Limits, Search, SolveError, Solver, Stats, Termination};

/// Options of the [`Sat`] engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SatOptions {
    /// Apply the givens before encoding (default `true`); `false` gives the textbook N³
    /// encoding with givens as unit clauses.
    pub reduce: bool,
    /// Add the redundant "each digit at most once per house" clauses (default `true`).
    pub house_at_most_one: bool,
}

impl Default for SatOptions {
    fn default() -> Self {
        SatOptions {
            reduce: true,
            house_at_most_one: true,
        }
    }
}

/// The `sat` engine. See the crate docs.
#[derive(Clone, Debug, Default)]
pub struct Sat {
    options: SatOptions,
}

impl Sat {
    /// The engine with [`SatOptions::default`].
    pub fn new() -> Sat {
        Sat::default()
    }

    /// The engine with explicit options.
    pub fn with_options(options: SatOptions) -> Sat {
        Sat { options }
    }

    /// The options in use.
    pub fn options(&self) -> SatOptions {
        self.options
    }

    /// Whether `puzzle` has a solution in which at least one `(cell, digit)` of `avoid` does
    /// not hold, in one solver call: the condition is a single clause. `Ok(None)` when the
    /// budget (time, cancel flag, or nodes counted as conflicts) ran out first. This is the
    /// uniqueness question a generator asks after removing givens from a unique puzzle: any
    /// other solution differs from the known one in a removed cell. A model found is checked
    /// with the independent checker before it is believed.
    pub fn has_solution_avoiding(
        &self,
        puzzle: &Grid,
        avoid: &[(usize, u8)],
        budget: &sudokit_core::Budget,
    ) -> Result<Option<bool>, SolveError> {
        self.has_solution_avoiding_near(puzzle, avoid, None, budget)
    }

    /// [`Sat::has_solution_avoiding`] with the solver's first guess for every open (cell,
    /// digit) taken from `near`, a full grid (N² digits; the generator passes the solution
    /// the puzzle was made from): the digit `near` has there is tried first and every other
    /// one last. A second solution of a puzzle cut from `near` usually differs from it in a
    /// few cells only, and a search that starts next to `near` meets it after fewer conflicts
    /// (measured on 25×25 clue removal: 2.3× fewer over a whole pass). The answer does not
    /// depend on `near`, only the time to reach it; a `near` of the wrong length is ignored.
    pub fn has_solution_avoiding_near(
        &self,
        puzzle: &Grid,
        avoid: &[(usize, u8)],
        near: Option<&[u8]>,
        budget: &sudokit_core::Budget,
    ) -> Result<Option<bool>, SolveError> {
        Ok(self
            .solution_avoiding_near(puzzle, avoid, near, budget)?
            .map(|found| found.is_some()))
    }

    /// [`Sat::has_solution_avoiding_near`] with the solution found: `Ok(Some(Some(grid)))`
    /// (checked with the independent checker), `Ok(Some(None))` when there is none,
    /// `Ok(None)` when the budget ran out first. A generator keeps such a grid as a witness:
    /// it proves a given needed in every smaller puzzle it still solves.
    pub fn solution_avoiding_near(
        &self,
        puzzle: &Grid,
        avoid: &[(usize, u8)],
        near: Option<&[u8]>,
        budget: &sudokit_core::Budget,
    ) -> Result<Option<Option<Grid>>, SolveError> {
        self.model_near(puzzle, Some(avoid), near, budget)
    }

    /// A solution of `puzzle` found with the solver's first guesses taken from the full grid
    /// `near` (see [`Sat::has_solution_avoiding_near`]): `Ok(Some(Some(grid)))`, checked with
    /// the independent checker; `Ok(Some(None))` when there is none; `Ok(None)` when the
    /// budget ran out. A generator passes a random grid as `near` to get a random solution
    /// of a puzzle with variant rules, which a plain random fill would not keep.
    pub fn solution_near(
        &self,
        puzzle: &Grid,
        near: &[u8],
        budget: &sudokit_core::Budget,
    ) -> Result<Option<Option<Grid>>, SolveError> {
        self.model_near(puzzle, None, Some(near), budget)
    }

    /// The model behind [`Sat::solution_avoiding_near`] (`avoid` given) and
    /// [`Sat::solution_near`] (`avoid` none: no extra clause).
    fn model_near(
        &self,
        puzzle: &Grid,
        avoid: Option<&[(usize, u8)]>,
        near: Option<&[u8]>,
        budget: &sudokit_core::Budget,
    ) -> Result<Option<Option<Grid>>, SolveError> {
        let near = near.filter(|g| g.len() == puzzle.values().len());
        let deadline = budget.time.map(|t| Instant::now() + t);
        let stop = Stop {
            deadline,
            cancel: budget.cancel.clone(),
            conflicts_left: budget.nodes.unwrap_or(u64::MAX),
        };
        let Some(cnf) = self.encode(puzzle, &stop) else {
            return Ok(None);
        };
        if cnf.trivially_unsat {
            return Ok(Some(None));
        }
        let Some((mut solver, vars)) = load_near(&cnf, stop, near) else {
            return Ok(None);
        };
        let mut clause = Vec::new();
        let mut free = avoid.is_none();
        for &(c, d) in avoid.unwrap_or_default() {
            match cnf.fixed.get(c) {
                None => {
                    return Err(SolveError::Failed {
                        engine: "sat",
                        reason: format!("cell {c} is outside the grid"),
                    });
                }
                Some(&f) if f == d => continue,
                Some(&f) if f != 0 => free = true,
                _ => match cnf.primary.iter().position(|&p| p == (c, d)) {
                    Some(i) => clause.push(BLit::new(vars[i], false)),
                    // The digit is no candidate there: every solution avoids it.
                    None => free = true,
                },
            }
        }
        if !free && (clause.is_empty() || !solver.add_clause_reuse(&mut clause)) {
            return Ok(Some(None));
        }
        let result = solver.solve_limited(&[]);
        if result == lbool::FALSE {
            return Ok(Some(None));
        }
        if result != lbool::TRUE {
            return Ok(None);
        }
        let mut values = cnf.fixed.clone();
        for (i, &(c, d)) in cnf.primary.iter().enumerate() {
            if solver.value_var(vars[i]) == lbool::TRUE {
                values[c] = d;
            }
        }
        let grid = Grid::from_values(puzzle.layout_arc().clone(), values);
        if let Err(e) = verify(puzzle, &grid) {
            return Err(SolveError::Failed {
                engine: "sat",
                reason: format!("model failed verification: {e}"),
            });
        }
        if avoid.is_some_and(|avoid| !avoid.iter().any(|&(c, d)| grid.values()[c] != d)) {
            return Err(SolveError::Failed {
                engine: "sat",
                reason: "model does not avoid the excluded digits".into(),
            });
        }
        Ok(Some(Some(grid)))
    }
}

impl Sat {
    /// The CNF of `puzzle` with this engine's options; `None` when `stop` says the budget ran
    /// out first (the encoding of a 64×64 grid takes a noticeable time).
    fn encode(&self, puzzle: &Grid, stop: &Stop) -> Option<Cnf> {
        let options = EncodeOptions {
            reduce: self.options.reduce,
            house_at_most_one: self.options.house_at_most_one,
        };
        encode::encode_until(puzzle, options, &|| stop.stop())
    }
}

/// Lets the budget reach inside a solve: batsat asks `stop` regularly, and every learnt
/// clause is one conflict.
struct Stop {
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    conflicts_left: u64,
}

impl Callbacks for Stop {
    fn on_new_clause(&mut self, _c: &[BLit], src: ClauseKind) {
        if matches!(src, ClauseKind::Learnt) {
            self.conflicts_left = self.conflicts_left.saturating_sub(1);
        }
    }

    fn stop(&self) -> bool {
        self.conflicts_left == 0
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

type Backend = batsat::Solver<Stop>;

fn lit(solver_vars: &[batsat::Var], l: encode::Lit) -> BLit {
    BLit::new(solver_vars[l.var as usize], l.positive)
}

fn load(cnf: &Cnf, stop: Stop) -> Option<(Backend, Vec<batsat::Var>)> {
    load_near(cnf, stop, None)
}

/// Clauses loaded between two looks at the budget (loading a 64×64 grid's three million
/// clauses takes over a second).
const LOAD_CHECK_EVERY: usize = 1 << 14;

/// [`load`], with each primary variable's decision polarity fixed by the full grid `near`:
/// true where `near` has that digit, false elsewhere (batsat's per-variable user polarity,
/// which phase saving does not override). Auxiliary variables keep the default. `None` when
/// the budget ran out while loading.
fn load_near(cnf: &Cnf, stop: Stop, near: Option<&[u8]>) -> Option<(Backend, Vec<batsat::Var>)> {
    let mut s = batsat::Solver::new(SolverOpts::default(), stop);
    let vars: Vec<_> = (0..cnf.vars as usize)
        .map(|i| match (near, cnf.primary.get(i)) {
            (Some(g), Some(&(c, d))) => s.new_var(lbool::from(g[c] == d), true),
            _ => s.new_var_default(),
        })
        .collect();
    let mut buf = Vec::new();
    for (i, c) in cnf.clauses().enumerate() {
        if i % LOAD_CHECK_EVERY == LOAD_CHECK_EVERY - 1 && s.cb().stop() {
            return None;
        }
        buf.clear();
        buf.extend(c.iter().map(|&l| lit(&vars, l)));
        if !s.add_clause_reuse(&mut buf) {
            break;
        }
    }
    Some((s, vars))
}

impl Solver for Sat {
    fn name(&self) -> &'static str {
        "sat"
    }

    fn supports_rules(&self) -> bool {
        true
    }

    fn search(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        on_solution: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Result<Search, SolveError> {
        let mut limiter = limits.budget.start();
        let started = Instant::now();
        let deadline = limits.budget.time.map(|t| started + t);
        let stop = Stop {
            deadline,
            cancel: limits.budget.cancel.clone(),
            conflicts_left: limits.budget.nodes.unwrap_or(u64::MAX),
        };
        let Some(cnf) = self.encode(puzzle, &stop) else {
            return Ok(Search {
                end: End::Budget,
                solutions: 0,
                stats: Stats::default(),
            });
        };
        let mut stats = Stats::default();
        stats.extra.insert("vars", f64::from(cnf.vars));
        stats.extra.insert("clauses", cnf.clause_count() as f64);
        let mut calls = 0u32;
        let mut solve_time = Duration::ZERO;
        let finish = |end, solutions, mut stats: Stats, s: Option<&Backend>, calls, t: Duration| {
            if let Some(s) = s {
                // Every decision is a guess and leads to a node below the root.
                stats.nodes = s.num_decisions() + 1;
                stats.guesses = s.num_decisions();
                stats.backtracks = s.num_conflicts();
                stats.extra.insert("conflicts", s.num_conflicts() as f64);
                stats.extra.insert("decisions", s.num_decisions() as f64);
                stats
                    .extra
                    .insert("propagations", s.num_propagations() as f64);
            }
            stats.extra.insert("sat_calls", f64::from(calls));
            stats.extra.insert("sat_ms", t.as_secs_f64() * 1e3);
            Ok(Search {
                end,
                solutions,
                stats,
            })
        };
        if cnf.trivially_unsat {
            return finish(End::Exhausted, 0, stats, None, calls, solve_time);
        }
        let Some((mut solver, vars)) = load(&cnf, stop) else {
            return finish(End::Budget, 0, stats, None, calls, solve_time);
        };
        let mut solutions = 0u64;
        let mut blocking = Vec::new();
        let end = loop {
            if limiter.should_stop() || deadline.is_some_and(|d| Instant::now() >= d) {
                break End::Budget;
            }
            let t = Instant::now();
            let result = solver.solve_limited(&[]);
            solve_time += t.elapsed();
            calls += 1;
            solver.cb_mut().conflicts_left = solver.cb().conflicts_left.saturating_sub(1);
            if result == lbool::FALSE {
                break End::Exhausted;
            }
            if result != lbool::TRUE {
                break End::Budget;
            }
            let mut values = cnf.fixed.clone();
            blocking.clear();
            for (i, &(c, d)) in cnf.primary.iter().enumerate() {
                if solver.value_var(vars[i]) == lbool::TRUE {
                    values[c] = d;
                    blocking.push(BLit::new(vars[i], false));
                }
            }
            let grid = Grid::from_values(puzzle.layout_arc().clone(), values);
            if let Err(e) = verify(puzzle, &grid) {
                return Err(SolveError::Failed {
                    engine: "sat",
                    reason: format!("model failed verification: {e}"),
                });
            }
            solutions += 1;
            let flow = on_solution(grid.values());
            if flow == Flow::Stop || solutions >= limits.max_solutions {
                break End::SolutionLimit;
            }
            if blocking.is_empty() || !solver.add_clause_reuse(&mut blocking) {
                // Nothing was open (the givens fill the grid) or the blocking clause
                // made the formula UNSAT at once: that was the only solution.
                break End::Exhausted;
            }
        };
        finish(end, solutions, stats, Some(&solver), calls, solve_time)
    }
}
