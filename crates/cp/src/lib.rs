//! `sudokit-cp`: the `cp` engine, Sudoku as a finite-domain constraint problem after Simonis,
//! "Sudoku as a constraint problem" (2005): one variable per cell, one all-different per house
//! (rows, columns, boxes or jigsaw regions, diagonals), one disequality per anti-knight or
//! anti-king pair, and a selectable strength of all-different propagation ([`Propagation`]).
//! Every variant rule of [`sudokit_core::rules`] is honoured: [`rules`] compiles each into
//! unary masks, extra all-differents, binary support masks, linear sums with bounds, cage
//! combinations and a few dedicated filters, run in the same propagation loop.
//!
//! Design decision: the propagators are written here rather than taken from a CP solver crate.
//! The whole model is `n²` bit-set domains of at most 64 digits, so each filter works on one
//! house at a time with fixed-size arrays (Régin's GAC is a matching plus Tarjan on at most 64
//! nodes held as `u64` adjacency masks), a search node is a copy of the domain vector, and the
//! levels share one propagation loop ([`filter`]), so they differ only in the house filter and
//! their fixpoints nest: `shave ⊆ gac ⊆ bounds`, `gac ⊆ fc` and `gac ⊆` what naked and hidden
//! singles leave (tested over the shipped sets). A general CP solver would bring its own
//! variable representation, trail and search, and lose the bit-set tricks that make the
//! filters cheap at this size.
//!
//! Search is depth-first with the first-fail rule (the open cell with the smallest domain,
//! the first in reading order on ties), trying its digits in ascending order; with variant
//! rules, where the domain sizes say little about the cages and lines, the size is divided by
//! one more than the number of failures of rule constraints on the cell so far (dom/wdeg,
//! Boussemart et al. 2004, kept per cell; house failures are not counted, which took 9%
//! fewer nodes over the published puzzles than counting them); solutions are
//! counted like every complete engine. [`Stats::nodes`] counts search nodes (the root is one),
//! [`Stats::backtracks`] failed nodes; `extra.root_open` is the number of open cells after
//! propagating at the root (0: solved with no search), and at `shave` `extra.probes` and
//! `extra.shaved` count the singleton trials and the digits they removed. The budget's
//! [`Termination`] is polled once per node and once per shaving trial.
//!
//! ```
//! use sudokit_core::{format::{parse_one, InputFormat}, verify::verify, Solver};
//! use sudokit_cp::{Cp, Propagation};
//! let p = parse_one(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//!     InputFormat::Auto,
//! ).unwrap();
//! for level in Propagation::ALL {
//!     let (count, exact) = Cp::new(level).count_solutions(&p, 2).unwrap();
//!     assert_eq!((count, exact), (1, true));
//! }
//! ```

pub mod filter;
pub mod model;
pub mod rules;

use filter::{Outcome, Propagator, bits};
use model::{Domain, Model};
use std::fmt;
use std::str::FromStr;
use sudokit_core::{End, Flow, Grid, Limits, Search, SolveError, Solver, Stats, Termination};

/// The strength of all-different propagation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Propagation {
    /// Forward checking: a fixed cell's digit is removed from its peers.
    Fc,
    /// Forward checking plus bounds consistency of each house by Hall intervals.
    Bounds,
    /// Generalised arc consistency of each house by Régin's matching algorithm.
    #[default]
    Gac,
    /// GAC plus singleton consistency (shaving) at every node.
    Shave,
}

impl Propagation {
    /// Every level, weakest first.
    pub const ALL: [Propagation; 4] = [
        Propagation::Fc,
        Propagation::Bounds,
        Propagation::Gac,
        Propagation::Shave,
    ];

    /// The name used with `--propagation`.
    pub fn as_str(self) -> &'static str {
        match self {
            Propagation::Fc => "fc",
            Propagation::Bounds => "bounds",
            Propagation::Gac => "gac",
            Propagation::Shave => "shave",
        }
    }
}

impl fmt::Display for Propagation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A propagation level name that is not one of `fc`, `bounds`, `gac`, `shave`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown propagation level '{0}' (known: fc, bounds, gac, shave)")]
pub struct UnknownPropagation(pub String);

impl FromStr for Propagation {
    type Err = UnknownPropagation;
    fn from_str(s: &str) -> Result<Propagation, UnknownPropagation> {
        Propagation::ALL
            .into_iter()
            .find(|p| p.as_str().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownPropagation(s.to_string()))
    }
}

/// The `cp` engine. See the crate docs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cp {
    level: Propagation,
}

impl Cp {
    /// The engine at propagation `level`.
    pub fn new(level: Propagation) -> Cp {
        Cp { level }
    }
    /// Its propagation level.
    pub fn level(&self) -> Propagation {
        self.level
    }
}

/// The domains left by propagating the givens at `level` at the root, as digit bit sets (bit
/// `d - 1` for digit `d`) in reading order; `None` when propagation proves there is no
/// solution. Shaving runs without a budget here.
pub fn root_domains(puzzle: &Grid, level: Propagation) -> Option<Vec<Domain>> {
    let model = Model::new(puzzle.layout());
    let mut dom = model.domains(puzzle);
    let mut propagator = Propagator::new(&model, level);
    let outcome = propagator.propagate(&mut dom, 0..model.cells(), &mut Unlimited);
    (outcome == Outcome::Fixpoint).then_some(dom)
}

struct Unlimited;

impl Termination for Unlimited {
    fn should_stop(&mut self) -> bool {
        false
    }
}

/// What a subtree search asks of its caller.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Control {
    Continue,
    Stop(End),
}

struct Run<'a, 'm> {
    propagator: Propagator<'m>,
    limiter: &'a mut dyn Termination,
    on_solution: &'a mut dyn FnMut(&[u8]) -> Flow,
    max_solutions: u64,
    solutions: u64,
    stats: Stats,
    values: Vec<u8>,
    /// Branch by [`Run::weighted_choice`] (the model has variant rules).
    weighted: bool,
}

/// The open cell with the smallest domain, the first in reading order on ties.
fn first_fail(dom: &[Domain]) -> Option<(u32, usize)> {
    let mut best: Option<(u32, usize)> = None;
    for (c, &d) in dom.iter().enumerate() {
        let size = d.count_ones();
        if size > 1 && best.is_none_or(|(s, _)| size < s) {
            best = Some((size, c));
            if size == 2 {
                break;
            }
        }
    }
    best
}

impl Run<'_, '_> {
    /// With variant rules: the open cell with the smallest domain size divided by one more
    /// than its conflict count (dom/wdeg on cells), the first in reading order on ties.
    fn weighted_choice(&self, dom: &[Domain]) -> Option<(u32, usize)> {
        let weights = &self.propagator.conflicts;
        let mut best: Option<(u32, usize)> = None;
        for (c, &d) in dom.iter().enumerate() {
            let size = d.count_ones();
            if size < 2 {
                continue;
            }
            let better = best.is_none_or(|(s, b)| {
                u64::from(size) * (u64::from(weights[b]) + 1)
                    < u64::from(s) * (u64::from(weights[c]) + 1)
            });
            if better {
                best = Some((size, c));
            }
        }
        best
    }

    /// Searches below a propagated node.
    fn branch(&mut self, dom: &[Domain]) -> Control {
        let best = if self.weighted {
            self.weighted_choice(dom)
        } else {
            first_fail(dom)
        };
        let Some((_, cell)) = best else {
            for (v, &d) in self.values.iter_mut().zip(dom) {
                *v = d.trailing_zeros() as u8 + 1;
            }
            self.solutions += 1;
            if (self.on_solution)(&self.values) == Flow::Stop
                || self.solutions >= self.max_solutions
            {
                return Control::Stop(End::SolutionLimit);
            }
            return Control::Continue;
        };
        for v in bits(dom[cell]) {
            if self.limiter.should_stop() {
                return Control::Stop(End::Budget);
            }
            // The branching cell has two or more values: every value tried is a guess.
            self.stats.nodes += 1;
            self.stats.guesses += 1;
            let mut child = dom.to_vec();
            child[cell] = 1u64 << v;
            match self
                .propagator
                .propagate(&mut child, [cell], &mut *self.limiter)
            {
                Outcome::Fail => self.stats.backtracks += 1,
                Outcome::Stopped => return Control::Stop(End::Budget),
                Outcome::Fixpoint => {
                    if let Control::Stop(end) = self.branch(&child) {
                        return Control::Stop(end);
                    }
                }
            }
        }
        Control::Continue
    }
}

impl Solver for Cp {
    fn name(&self) -> &'static str {
        "cp"
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
        Search::if_requested(limits, || self.run(puzzle, limits, on_solution))
    }
}

impl Cp {
    /// [`Solver::search`] once at least one solution is asked for.
    fn run(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        on_solution: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Result<Search, SolveError> {
        let model = Model::new(puzzle.layout());
        let mut dom = model.domains(puzzle);
        let mut limiter = limits.budget.start();
        let mut run = Run {
            propagator: Propagator::new(&model, self.level),
            limiter: &mut limiter,
            on_solution,
            max_solutions: limits.max_solutions,
            solutions: 0,
            stats: Stats::default(),
            values: vec![0; model.cells()],
            weighted: !model.rules.is_empty(),
        };
        let end = if run.limiter.should_stop() {
            End::Budget
        } else {
            run.stats.nodes = 1;
            match run
                .propagator
                .propagate(&mut dom, 0..model.cells(), &mut *run.limiter)
            {
                Outcome::Fail => {
                    run.stats.backtracks += 1;
                    run.stats.extra.insert("root_open", 0.0);
                    End::Exhausted
                }
                Outcome::Stopped => End::Budget,
                Outcome::Fixpoint => {
                    let open = dom.iter().filter(|d| d.count_ones() > 1).count();
                    run.stats.extra.insert("root_open", open as f64);
                    match run.branch(&dom) {
                        Control::Continue => End::Exhausted,
                        Control::Stop(end) => end,
                    }
                }
            }
        };
        let mut stats = run.stats;
        if self.level == Propagation::Shave {
            stats.extra.insert("probes", run.propagator.probes as f64);
            stats.extra.insert("shaved", run.propagator.shaved as f64);
        }
        Ok(Search {
            end,
            solutions: run.solutions,
            stats,
        })
    }
}
