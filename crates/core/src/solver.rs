//! The interface every engine implements: [`Solver`], its [`Limits`] and [`Budget`], the
//! [`Termination`] abstraction, and what a search reports ([`Search`], [`Report`], [`Stats`]).
//!
//! Design decision: an engine has one required method, [`Solver::search`], which streams each
//! solution it finds to a callback and says how the search ended. Everything else — first
//! solution, up to k, counting, keeping a few grids, timing, the given-conflict check — is a
//! provided method built on top, so a new engine only writes its search and every engine
//! behaves the same to callers (CLI, benchmarks, the future web API). Budgets (nodes, time,
//! a cancel flag) all go through one [`Termination`] object that engines poll once per node.

use crate::grid::{Conflict, Grid};
use crate::layout::Layout;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Something an engine polls once per search node to learn whether it must stop.
pub trait Termination {
    /// Counts one node; `true` means stop now.
    fn should_stop(&mut self) -> bool;
}

/// Limits on work: nodes, wall time, and a shared cancel flag. `Default` is unlimited.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Stop after this many search nodes.
    pub nodes: Option<u64>,
    /// Stop after this much time.
    pub time: Option<Duration>,
    /// Stop as soon as this flag is set (e.g. a client went away).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// No limit at all.
    pub fn unlimited() -> Budget {
        Budget::default()
    }
    /// A time limit.
    pub fn time(limit: Duration) -> Budget {
        Budget {
            time: Some(limit),
            ..Budget::default()
        }
    }
    /// A node limit.
    pub fn nodes(limit: u64) -> Budget {
        Budget {
            nodes: Some(limit),
            ..Budget::default()
        }
    }
    /// Starts the clock: the returned [`Limiter`] is what an engine polls.
    pub fn start(&self) -> Limiter {
        Limiter {
            nodes_left: self.nodes.unwrap_or(u64::MAX),
            deadline: self.time.map(|t| Instant::now() + t),
            cancel: self.cancel.clone(),
            tick: 0,
            stopped: false,
        }
    }
}

/// The running form of a [`Budget`]. Checks the clock and cancel flag on the first node and
/// every 256 nodes after.
#[derive(Debug)]
pub struct Limiter {
    nodes_left: u64,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    tick: u32,
    stopped: bool,
}

impl Limiter {
    /// Whether the limiter has already said stop.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

impl Termination for Limiter {
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes_left == 0 {
            self.stopped = true;
            return true;
        }
        self.nodes_left -= 1;
        self.tick = self.tick.wrapping_add(1);
        // The clock is read on the first node too, so a zero budget stops at once.
        if self.tick & 255 == 1 {
            if let Some(d) = self.deadline
                && Instant::now() >= d
            {
                self.stopped = true;
            }
            if let Some(c) = &self.cancel
                && c.load(Ordering::Relaxed)
            {
                self.stopped = true;
            }
        }
        self.stopped
    }
}

/// What a search is asked to do.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop after this many solutions (1: first, 2: uniqueness check, `u64::MAX`: all).
    pub max_solutions: u64,
    /// Work budget.
    pub budget: Budget,
}

impl Limits {
    /// First solution, no budget.
    pub fn first() -> Limits {
        Limits {
            max_solutions: 1,
            budget: Budget::default(),
        }
    }
    /// Up to `k` solutions, no budget.
    pub fn up_to(k: u64) -> Limits {
        Limits {
            max_solutions: k,
            budget: Budget::default(),
        }
    }
}

/// Whether to go on after a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep searching.
    Continue,
    /// Stop now.
    Stop,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// The whole search space was explored: the count is exact.
    Exhausted,
    /// `max_solutions` were found, or the callback said stop: the count is a lower bound.
    SolutionLimit,
    /// The budget ran out.
    Budget,
    /// An incomplete engine (annealing, a relaxation) gave up without a proof either way.
    GaveUp,
}

/// Counters every engine fills in; engine-specific figures go in `extra`.
///
/// Every engine counts `nodes` and `guesses` the same way, so that `guesses <= nodes` always
/// holds and `guesses == 0` means "solved (or refuted) without a choice":
/// * a **node** is a search state the engine entered: the root, plus every branch it took
///   (a branch that fails at once included). Node budgets count these.
/// * a **guess** is a branch taken at a real choice point — a cell, item or vertex that still
///   had two or more options — every option tried there counted, the first one included. A
///   move forced by a single remaining option is a node but not a guess.
///
/// Local-search engines (`anneal`, `tabu`) have no forced moves: each move is one node and
/// one guess. A SAT decision is a guess (and a node below the root); an LP branch whose two
/// sides are both feasible is one guess.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Stats {
    /// Search nodes: the root and every branch taken (see the type's docs).
    pub nodes: u64,
    /// Guesses: branches taken where two or more options were open (see the type's docs).
    pub guesses: u64,
    /// Backtracks: dead ends undone.
    pub backtracks: u64,
    /// Engine-specific figures (e.g. `iterations`, `lp_ms`).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub extra: BTreeMap<&'static str, f64>,
}

/// What [`Solver::search`] returns.
#[derive(Clone, Debug)]
pub struct Search {
    /// How it ended.
    pub end: End,
    /// Solutions passed to the callback.
    pub solutions: u64,
    /// Counters.
    pub stats: Stats,
}

impl Search {
    /// The answer to a search asked for zero solutions: nothing searched, nothing found.
    pub fn nothing_requested() -> Search {
        Search {
            end: End::SolutionLimit,
            solutions: 0,
            stats: Stats::default(),
        }
    }

    /// Runs `search` when `limits` asks for at least one solution, else answers at once with
    /// [`Search::nothing_requested`]: the guard before an engine sets a search up.
    pub fn if_requested(
        limits: &Limits,
        search: impl FnOnce() -> Result<Search, SolveError>,
    ) -> Result<Search, SolveError> {
        if limits.max_solutions == 0 {
            return Ok(Search::nothing_requested());
        }
        search()
    }
}

/// A request for [`Solver::solve`].
#[derive(Clone, Debug)]
pub struct Request {
    /// Limits for the search.
    pub limits: Limits,
    /// How many solution grids to keep in the report (the rest are only counted).
    pub keep: usize,
}

impl Request {
    /// First solution.
    pub fn first() -> Request {
        Request {
            limits: Limits::first(),
            keep: 1,
        }
    }
    /// Count up to `k` solutions, keeping up to `keep` grids.
    pub fn count(k: u64, keep: usize) -> Request {
        Request {
            limits: Limits::up_to(k),
            keep,
        }
    }
    /// The same request with a budget.
    pub fn with_budget(mut self, budget: Budget) -> Request {
        self.limits.budget = budget;
        self
    }
}

/// The outcome of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// At least one solution found.
    Solved,
    /// Proven to have no solution.
    Unsolvable,
    /// The budget ran out before any solution was found.
    Stopped,
    /// An incomplete engine gave up: nothing is known.
    Unknown,
}

impl Status {
    /// The word used in text and JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Stopped => "stopped",
            Status::Unknown => "unknown",
        }
    }
}

/// What [`Solver::solve`] returns.
#[derive(Clone, Debug)]
pub struct Report {
    /// The outcome.
    pub status: Status,
    /// Up to `keep` solutions, in the order found.
    pub solutions: Vec<Grid>,
    /// Solutions found.
    pub count: u64,
    /// Whether `count` is the exact number of solutions.
    pub exact: bool,
    /// How the search ended.
    pub end: End,
    /// Counters.
    pub stats: Stats,
    /// Wall time of the search.
    pub elapsed: Duration,
}

impl Report {
    /// The report of a finished `search` that kept `solutions` and took `elapsed`: solved when it
    /// found any, unsolvable when it exhausted the space without one, unknown when an incomplete
    /// engine gave up, else stopped by the budget.
    pub fn new(search: Search, solutions: Vec<Grid>, elapsed: Duration) -> Report {
        let count = search.solutions;
        let status = match (count, search.end) {
            (c, _) if c > 0 => Status::Solved,
            (_, End::Exhausted) => Status::Unsolvable,
            (_, End::GaveUp) => Status::Unknown,
            _ => Status::Stopped,
        };
        Report {
            status,
            solutions,
            count,
            exact: search.end == End::Exhausted,
            end: search.end,
            stats: search.stats,
            elapsed,
        }
    }
}

/// Why a solve could not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The engine cannot handle this layout.
    #[error("engine '{engine}' does not support {layout}: {reason}")]
    Unsupported {
        /// Engine name.
        engine: &'static str,
        /// Layout description.
        layout: String,
        /// Why.
        reason: String,
    },
    /// The givens already break a rule.
    #[error("invalid givens: {0}")]
    Conflict(#[from] Conflict),
    /// The engine could not run for another reason (e.g. a solver backend error).
    #[error("engine '{engine}' failed: {reason}")]
    Failed {
        /// Engine name.
        engine: &'static str,
        /// Why.
        reason: String,
    },
}

impl SolveError {
    /// An [`SolveError::Unsupported`] for `layout`.
    pub fn unsupported(engine: &'static str, layout: &Layout, reason: impl Into<String>) -> Self {
        SolveError::Unsupported {
            engine,
            layout: layout.describe(),
            reason: reason.into(),
        }
    }
}

/// A Sudoku engine. Implement [`Solver::name`] and [`Solver::search`]; the rest are defaults.
///
/// How to add an engine: write the search so that it (1) polls
/// `limits.budget.start()`'s [`Termination::should_stop`] once per node and returns
/// [`End::Budget`] when told, (2) hands every complete grid to `on_solution` and stops on
/// [`Flow::Stop`] or after `limits.max_solutions`, (3) fills [`Stats`]; reject layouts it cannot
/// express in [`Solver::check_layout`]; then register it by name in `sudokit-engines` and it
/// joins the conformance tests.
pub trait Solver: Send + Sync {
    /// The engine's name, as chosen with `--engine`.
    fn name(&self) -> &'static str;

    /// Whether the engine can prove unsolvability and exact counts. Incomplete engines return
    /// only verified solutions or [`End::GaveUp`].
    fn is_complete(&self) -> bool {
        true
    }

    /// Whether the engine honours variant rules ([`Layout::rules`]). Engines that do not are
    /// refused every layout that carries rules by [`Solver::solve`], so a rule is never
    /// ignored silently.
    fn supports_rules(&self) -> bool {
        false
    }

    /// `Ok` when the engine can solve puzzles of this layout.
    fn check_layout(&self, layout: &Layout) -> Result<(), SolveError> {
        let _ = layout;
        Ok(())
    }

    /// Searches `puzzle`, passing each solution (N² values in reading order) to `on_solution`.
    /// The givens are assumed not to conflict (see [`Solver::solve`]).
    fn search(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        on_solution: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Result<Search, SolveError>;

    /// `Ok` when the engine can solve puzzles of this layout *with its rules*: refuses a
    /// layout that carries variant rules unless [`Solver::supports_rules`], then asks
    /// [`Solver::check_layout`]. [`Solver::solve`] calls it; every caller of
    /// [`Solver::search`] must call it (or `solve`) first, so that no rule is ignored.
    fn admit(&self, layout: &Layout) -> Result<(), SolveError> {
        if layout.has_rules() && !self.supports_rules() {
            return Err(SolveError::unsupported(
                self.name(),
                layout,
                "it does not implement variant rules (killer, thermo, ...); use engine cp or sat",
            ));
        }
        self.check_layout(layout)
    }

    /// Solves with a request: checks the layout and the givens, runs [`Solver::search`], keeps
    /// up to `request.keep` grids and times the run.
    fn solve(&self, puzzle: &Grid, request: &Request) -> Result<Report, SolveError> {
        self.admit(puzzle.layout())?;
        if let Some(conflict) = puzzle.find_conflict() {
            return Err(SolveError::Conflict(conflict));
        }
        let start = Instant::now();
        let mut solutions = Vec::new();
        let layout = puzzle.layout_arc().clone();
        let keep = request.keep;
        let search = self.search(puzzle, &request.limits, &mut |values| {
            if solutions.len() < keep {
                solutions.push(Grid::from_values(layout.clone(), values.to_vec()));
            }
            Flow::Continue
        })?;
        Ok(Report::new(search, solutions, start.elapsed()))
    }

    /// The first solution, if any (no budget).
    fn first_solution(&self, puzzle: &Grid) -> Result<Option<Grid>, SolveError> {
        Ok(self.solve(puzzle, &Request::first())?.solutions.pop())
    }

    /// The number of solutions, capped at `cap`, and whether it is exact.
    fn count_solutions(&self, puzzle: &Grid, cap: u64) -> Result<(u64, bool), SolveError> {
        let r = self.solve(puzzle, &Request::count(cap, 0))?;
        Ok((r.count, r.exact))
    }
}
