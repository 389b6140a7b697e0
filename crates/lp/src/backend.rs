//! The two LP back-ends: a simplex (`microlp`) and an interior-point method (`clarabel`).
//!
//! Design decision: both take the same [`Model`] and a weight per column and return the
//! primal point or a verdict, so the search never knows which one ran. They differ where it
//! matters for this problem: every feasible point of the plain model has the same objective
//! (Σx = number of open cells), so the simplex returns *some vertex* of the feasible polytope
//! (often the integral solution, sometimes a fractional vertex) while the interior-point
//! method converges towards the analytic centre of the optimal face — here the whole
//! polytope — which is fractional whenever the polytope is more than one point.

use crate::model::{Model, Sense};
use std::time::{Duration, Instant};

/// Which LP solver runs the relaxations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Backend {
    /// Bounded dual/primal simplex from the pure-Rust `microlp` crate. Returns vertices:
    /// slightly more often integral at the root, but reweighting cannot move it off a vertex
    /// and one LP costs about twice as much as with the interior point on these models.
    Simplex,
    /// Primal–dual interior point from the pure-Rust `clarabel` crate (like the SeDuMi run
    /// through CVX in the report). The default: fastest per LP on these models (about 6
    /// iterations), and reweighting really works from its interior points. Should it fail
    /// numerically on an LP, the simplex solves that LP instead.
    #[default]
    InteriorPoint,
}

impl Backend {
    /// The name used in option strings.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Simplex => "simplex",
            Backend::InteriorPoint => "interior-point",
        }
    }
}

/// What one LP solve concluded.
#[derive(Debug)]
pub(crate) enum LpResult {
    /// A feasible (and, the objective being linear, optimal) point, one value per column.
    Point(Vec<f64>),
    /// No feasible point.
    Infeasible,
    /// The time limit hit before an answer.
    TimedOut,
}

/// A back-end failure that is neither an answer nor a time-out.
#[derive(Debug, thiserror::Error)]
#[error("{backend} LP solver failed: {reason}")]
pub(crate) struct BackendError {
    pub backend: &'static str,
    pub reason: String,
}

/// What the LP optimises over the feasible polytope.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Objective<'a> {
    /// The report's 1-norm Σx (constant on the polytope).
    Plain,
    /// Σ w·x (reweighted ℓ1).
    Weighted(&'a [f64]),
}

/// Models above this many columns are solved by the simplex when a time limit is set, whatever
/// the chosen back-end (see [`solve`]).
pub(crate) const IPM_MAX_COLUMNS_UNDER_LIMIT: usize = 20_000;

/// Solves the model with `0 ≤ x ≤ 1` for `objective`, within `time_left`, on the calling thread.
///
/// Both solvers read their clock between steps, so a time limit holds as well as one step is
/// short. The simplex reads it every 1,000 pivots, a stretch that takes seconds on the largest
/// models, so [`simplex`] runs it in slices and does not start a stretch predicted to end past
/// the deadline; one interior-point iteration factors the whole KKT system, which on a large
/// model (an empty 64×64 has 262,144 columns) takes minutes. So with a time limit, a model above
/// [`IPM_MAX_COLUMNS_UNDER_LIMIT`] columns goes to the simplex. No helper thread is started:
/// nothing outlives the call, nothing keeps burning CPU after the deadline.
pub(crate) fn solve(
    backend: Backend,
    model: &Model,
    objective: Objective<'_>,
    time_left: Option<Duration>,
) -> Result<LpResult, BackendError> {
    let backend = if time_left.is_some() && model.cols.len() > IPM_MAX_COLUMNS_UNDER_LIMIT {
        Backend::Simplex
    } else {
        backend
    };
    solve_now(backend, model, objective, time_left)
}

/// One solve with the given back-end (the interior point falls back on the simplex when it fails).
fn solve_now(
    backend: Backend,
    model: &Model,
    objective: Objective<'_>,
    time_left: Option<Duration>,
) -> Result<LpResult, BackendError> {
    match backend {
        Backend::Simplex => solve_simplex(model, objective, time_left),
        Backend::InteriorPoint => {
            let ones;
            let w = match objective {
                Objective::Plain => {
                    ones = vec![1.0; model.cols.len()];
                    &ones[..]
                }
                Objective::Weighted(w) => w,
            };
            match solve_ipm(model, w, time_left) {
                // A numerical failure of the interior point is not an answer: let the
                // simplex decide this LP instead.
                Err(_) => solve_simplex(model, objective, time_left),
                r => r,
            }
        }
    }
}

/// The simplex runs on the equality form. (Measured alternatives were slower with
/// `microlp`: writing cell rows as `≥ 1` and house rows as `≤ 1`, which describes the same
/// polytope, took about 3× longer, and so did a packing form maximising Σx; `minilp`, its
/// predecessor, was no faster.)
fn solve_simplex(
    model: &Model,
    objective: Objective<'_>,
    time_left: Option<Duration>,
) -> Result<LpResult, BackendError> {
    match objective {
        Objective::Plain => simplex(model, &vec![1.0; model.cols.len()], time_left),
        Objective::Weighted(w) => simplex(model, w, time_left),
    }
}

/// One `microlp` solve of the equality form, minimising `c`.
fn simplex(
    model: &Model,
    c: &[f64],
    time_left: Option<Duration>,
) -> Result<LpResult, BackendError> {
    use microlp::{ComparisonOp, Error, OptimizationDirection, Problem, SolveOptions};
    let fail = |reason: String| BackendError {
        backend: "microlp",
        reason,
    };
    let mut p = Problem::new(OptimizationDirection::Minimize);
    let vars: Vec<_> = c.iter().map(|&w| p.add_var(w, (0.0, 1.0))).collect();
    let mut terms = Vec::new();
    for row in &model.rows {
        terms.clear();
        terms.extend(row.cols.iter().map(|&j| (vars[j], 1.0)));
        let op = match row.sense {
            Sense::Le => ComparisonOp::Le,
            Sense::Partition | Sense::Eq => ComparisonOp::Eq,
        };
        p.add_constraint(terms.as_slice(), op, row.rhs);
    }
    let deadline = time_left.map(|t| Instant::now() + t);
    let mut options = SolveOptions::default();
    options.time_limit = time_left.map(slice);
    let mut call = Instant::now();
    let mut outcome = p.solve_with(options);
    // Run in slices: each call returns at the simplex's first clock check past its slice, and
    // between calls the next stretch is predicted from the last one (see [`SIMPLEX_CHECK_PIVOTS`]).
    let mut pivots = 0;
    while let (Ok(o), Some(d)) = (&outcome, deadline) {
        if o.solution().is_some() {
            break;
        }
        let now = Instant::now();
        let left = d.saturating_duration_since(now);
        let done = o.stats().lp_iterations;
        let per_pivot = (now - call).as_secs_f64() / (done.saturating_sub(pivots)).max(1) as f64;
        // Pivots get dearer as the factorization fills in (an empty 64×64's second stretch
        // took over twice its first): stop unless twice the last rate fits.
        if left.is_zero() || 2.0 * per_pivot * SIMPLEX_CHECK_PIVOTS > left.as_secs_f64() {
            break;
        }
        pivots = done;
        call = now;
        let mut resume = o.last_resume_options();
        resume.time_limit = Some(slice(left));
        outcome = outcome.and_then(|o| o.resume_with(resume));
    }
    match outcome {
        Ok(outcome) => match outcome.into_solution() {
            Ok(sol) => Ok(LpResult::Point(
                vars.iter().map(|&v| sol.var_value(v)).collect(),
            )),
            Err(_) => Ok(LpResult::TimedOut),
        },
        Err(Error::Infeasible) => Ok(LpResult::Infeasible),
        Err(e) => Err(fail(e.to_string())),
    }
}

/// Pivots between two clock checks of `microlp`'s simplex (its `DEADLINE_CHECK_INTERVAL`;
/// it also checks when a phase starts). On an empty 64×64 model that stretch takes seconds,
/// so a time limit handed over whole overshoots by up to one stretch.
const SIMPLEX_CHECK_PIVOTS: f64 = 1000.0;

/// The time limit of one simplex call: a quarter of what is left (at least 20 ms), so the
/// solver comes back between stretches and [`simplex`] can decide whether the next one fits.
fn slice(left: Duration) -> Duration {
    (left / 4).max(Duration::from_millis(20)).min(left)
}

fn solve_ipm(
    model: &Model,
    weights: &[f64],
    time_left: Option<Duration>,
) -> Result<LpResult, BackendError> {
    use clarabel::algebra::CscMatrix;
    use clarabel::solver::{
        DefaultSettingsBuilder, DefaultSolver, IPSolver, NonnegativeConeT, SolverStatus, ZeroConeT,
    };
    let fail = |reason: String| BackendError {
        backend: "clarabel",
        reason,
    };
    let ncols = model.cols.len();
    // Rows in cone order: equalities (zero cone), then ≤ rows and the bounds x ≥ 0 written as
    // −x + s = 0, s ≥ 0 (nonnegative cone). x ≤ 1 follows from the cell equalities.
    let eq: Vec<_> = model.rows.iter().filter(|r| r.sense != Sense::Le).collect();
    let le: Vec<_> = model.rows.iter().filter(|r| r.sense == Sense::Le).collect();
    let m = eq.len() + le.len() + ncols;
    let mut by_col: Vec<Vec<(usize, f64)>> = vec![Vec::new(); ncols];
    let mut b = Vec::with_capacity(m);
    for (i, row) in eq.iter().chain(le.iter()).enumerate() {
        for &j in &row.cols {
            by_col[j].push((i, 1.0));
        }
        b.push(row.rhs);
    }
    let base = eq.len() + le.len();
    for (j, col) in by_col.iter_mut().enumerate() {
        col.push((base + j, -1.0));
        b.push(0.0);
    }
    let mut colptr = Vec::with_capacity(ncols + 1);
    let mut rowval = Vec::new();
    let mut nzval = Vec::new();
    colptr.push(0);
    for col in &mut by_col {
        col.sort_by_key(|e| e.0);
        for &(i, v) in col.iter() {
            rowval.push(i);
            nzval.push(v);
        }
        colptr.push(rowval.len());
    }
    let a = CscMatrix::new(m, ncols, colptr, rowval, nzval);
    let p = CscMatrix::<f64>::zeros((ncols, ncols));
    let cones = [ZeroConeT(eq.len()), NonnegativeConeT(le.len() + ncols)];
    let settings = DefaultSettingsBuilder::default()
        .verbose(false)
        .presolve_enable(false)
        .time_limit(time_left.map_or(f64::INFINITY, |t| t.as_secs_f64()))
        .build()
        .map_err(|e| fail(e.to_string()))?;
    let mut solver = DefaultSolver::new(&p, weights, &a, &b, &cones, settings)
        .map_err(|e| fail(format!("{e:?}")))?;
    solver.solve();
    match solver.solution.status {
        SolverStatus::Solved | SolverStatus::AlmostSolved => {
            Ok(LpResult::Point(solver.solution.x.clone()))
        }
        SolverStatus::PrimalInfeasible | SolverStatus::AlmostPrimalInfeasible => {
            Ok(LpResult::Infeasible)
        }
        SolverStatus::MaxTime => Ok(LpResult::TimedOut),
        other => Err(fail(format!("status {other:?}"))),
    }
}
