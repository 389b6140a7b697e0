//! `sudokit-lp`: the `lp` engine — Sudoku as the linear-programming relaxation of seed 004,
//! made exact by iteratively reweighted ℓ1 and, when that is not enough, branch and bound.
//!
//! # The model
//! One column x(c, d) ∈ [0, 1] per cell c and digit d, and equalities: every cell holds exactly
//! one digit (Σ_d x(c, d) = 1), every house — row, column, box or jigsaw region, and the
//! diagonals of an X layout — holds every digit exactly once; the givens are fixed.
//! Pairwise rules that are not houses (anti-knight, anti-king) become x(a, d) + x(b, d) ≤ 1.
//! The report minimises the 1-norm Σx.
//!
//! # The honest finding
//! The cell equalities alone give Σx = (number of cells) at *every* feasible point, so the
//! 1-norm objective is constant on the feasible set and cannot push anything towards 0/1:
//! whatever the solver returns is decided by the geometry of the polytope and by the
//! algorithm, not by the objective.
//! - When logic alone pins the polytope down to one point (every puzzle solvable by naked and
//!   hidden singles, and many more), every solver returns the solution.
//! - Otherwise a simplex returns *some vertex*; it may happen to be the integral solution, or a
//!   fractional vertex (values like ½). An interior-point method instead converges to the
//!   analytic centre of the optimal face, which here is the whole polytope, so it returns a
//!   fractional point whenever the polytope is more than one point. Easter Monster is such a
//!   puzzle: see the crate tests, which check what each back-end actually returns.
//!
//! # Beyond the report
//! 1. **Model shrinking** ([`Reduce`]): columns a placed peer excludes are dropped and,
//!    by default, naked/hidden singles run first. These only remove columns that are 0 at every
//!    feasible point, so the relaxation is exactly as strong, just far smaller.
//! 2. **Iteratively reweighted ℓ1**: when the plain relaxation is fractional, re-solve with
//!    weights w = 1/(x + ε) from the previous point, which makes large entries cheap and small
//!    ones dear and so drives the point towards a sparse (0/1) vertex.
//! 3. **Branch and bound**: if the point stays fractional, branch on a fractional x(c, d)
//!    (place d in c, or remove it), propagate, and solve the children's LPs; an infeasible LP
//!    prunes a node. With no-good rows (Σ over the found solution ≤ cells − 1) added after each
//!    solution, the same search counts solutions and proves unsolvability, so the engine is
//!    complete ([`Solver::is_complete`] is `true` unless branching is switched off).
//!
//! Every integral point is rounded and checked with [`sudokit_core::verify::verify`] before
//! it is reported.
//!
//! # Measured (release, 200-puzzle slices, shared 2-core machine; `examples/lp_bench.rs`)
//! | set | plain relaxation integral | with reweighting (IPM) |
//! | --- | --- | --- |
//! | 17_clue | 94.5% (simplex 95.0%) | 96.5% |
//! | magictour_top1465 | 64.5% (simplex 67.0%) | 74.0% |
//! | forum_hardest_1905_11plus | 0% | 0% |
//!
//! Reweighting never helps the simplex (from a vertex it stays at that vertex); from the
//! interior point it does. One LP on the givens-reduced model (~230–310 columns) takes a
//! median 2.3–3.8 ms with the interior point and 4–9 ms with `microlp`; on the report's
//! kind of puzzle (the worksheet examples) 1.4–1.6 ms, against 7 ms (IPM) and 37 ms
//! (simplex) for the report's unreduced 729-column model. With the default singles reduction
//! half of the 17-clue puzzles need no LP at all (median 0.5 ms).
//!
//! # Statistics
//! `nodes` counts branch-and-bound nodes, `guesses` the second branches taken, `backtracks`
//! the nodes pruned as infeasible. `extra` holds `lp_ms` (time inside the LP solver),
//! `lp_solves`, `reweight_rounds`, `lp_columns`/`lp_rows` (size of the root model) and
//! `method`, the furthest stage the search needed: **0** = the plain relaxation alone (or
//! the reduction), **1** = reweighted ℓ1, **2** = branching.
//!
//! ```
//! use sudokit_core::{format::{parse_one, InputFormat}, Solver, verify::verify};
//! use sudokit_lp::Lp;
//! let p = parse_one(
//!     "000000090190470608052819407200048000009000500000750009907364180506081074080000000",
//!     InputFormat::Auto,
//! ).unwrap();
//! let s = Lp::new().first_solution(&p).unwrap().unwrap();
//! assert!(verify(&p, &s).is_ok());
//! ```

mod backend;
mod model;
mod search;
mod state;

pub use backend::Backend;
pub use search::{Relaxation, RelaxationOutcome};

use sudokit_core::{Grid, Limits, Search, SolveError, Solver};

/// How much the model is shrunk before the LP is built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reduce {
    /// The report's model: N³ columns, givens as rows x(c, g) = 1.
    None,
    /// Drop the given cells and every (cell, digit) a given peer excludes.
    Peers,
    /// As `Peers`, then naked and hidden singles to a fixpoint (the default).
    #[default]
    Singles,
}

/// Options of the [`Lp`] engine.
#[derive(Clone, Debug, PartialEq)]
pub struct LpOptions {
    /// LP solver used for every relaxation.
    pub backend: Backend,
    /// Model shrinking at the root (branch-and-bound children always drop the columns their
    /// own placements exclude, and propagate singles when this is `Singles`).
    pub reduce: Reduce,
    /// Rounds of reweighted ℓ1 at the root when the plain relaxation is fractional (0: off).
    pub reweight_rounds: u32,
    /// ε in the weights 1/(x + ε).
    pub epsilon: f64,
    /// Branch and bound when the relaxation stays fractional. Without it the engine is
    /// incomplete: a fractional root ends the search with [`sudokit_core::End::GaveUp`].
    pub branch: bool,
}

impl Default for LpOptions {
    fn default() -> Self {
        LpOptions {
            backend: Backend::InteriorPoint,
            reduce: Reduce::Singles,
            reweight_rounds: 4,
            epsilon: 0.1,
            branch: true,
        }
    }
}

/// The `lp` engine. See the crate docs.
#[derive(Clone, Debug, Default)]
pub struct Lp {
    options: LpOptions,
}

impl Lp {
    /// The engine with [`LpOptions::default`].
    pub fn new() -> Lp {
        Lp::default()
    }

    /// The engine with explicit options.
    pub fn with_options(options: LpOptions) -> Lp {
        Lp { options }
    }

    /// The options in use.
    pub fn options(&self) -> &LpOptions {
        &self.options
    }

    /// Solves only the root relaxation (after the [`Reduce`] step), followed by up to
    /// `reweight_rounds` reweighted solves when `reweight` is set, and says what came out.
    /// This is the experiment of the report, exposed for tests and benchmarks.
    pub fn relaxation(&self, puzzle: &Grid, reweight: bool) -> Result<Relaxation, SolveError> {
        search::relaxation(&self.options, puzzle, reweight)
    }
}

impl Solver for Lp {
    fn name(&self) -> &'static str {
        "lp"
    }

    fn is_complete(&self) -> bool {
        self.options.branch
    }

    fn search(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        on_solution: &mut dyn FnMut(&[u8]) -> sudokit_core::Flow,
    ) -> Result<Search, SolveError> {
        search::run(&self.options, puzzle, limits, on_solution)
    }
}
