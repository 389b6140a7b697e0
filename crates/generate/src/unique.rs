//! Uniqueness checks: solution counts capped at 2 by a complete engine through the `Solver`
//! trait.
//!
//! Design decision: the checker owns one engine chosen for the layout (`fast` for standard
//! 9×9, `propagate` otherwise, or any engine by name for cross-checking in tests) and a node
//! budget per check. A check that runs out of budget counts as *not proven unique*, so the
//! generator keeps the clue: uniqueness is only ever claimed when an engine proved it.

use std::sync::Arc;

use sudokit_core::{Budget, End, Flow, Grid, Layout, Limits, Solver};
use sudokit_engines::{EngineOptions, auto_engine, engine};

use crate::GenError;

/// What a capped count found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// No solution.
    None,
    /// Exactly one solution (proven).
    Unique,
    /// At least two solutions.
    Many,
    /// The node budget ran out before an answer.
    Unknown,
}

/// Counts solutions up to 2 with one engine. See the module docs.
pub struct Checker {
    layout: Arc<Layout>,
    solver: Box<dyn Solver>,
    limits: Limits,
}

impl std::fmt::Debug for Checker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checker")
            .field("engine", &self.solver.name())
            .field("layout", &self.layout.describe())
            .finish()
    }
}

/// Default node budget of one check (generous: a near-full grid needs a handful of nodes).
pub const CHECK_NODES: u64 = 2_000_000;

impl Checker {
    /// The layout's default engine (`fast` for standard 9×9, `propagate` otherwise).
    pub fn new(layout: Arc<Layout>) -> Checker {
        let name = auto_engine(&layout);
        Checker::with_engine(layout, name).expect("the auto engine supports its layout")
    }

    /// A named engine (e.g. `dlx` to cross-check); errors when it is unknown, incomplete or
    /// cannot handle the layout.
    pub fn with_engine(layout: Arc<Layout>, name: &str) -> Result<Checker, GenError> {
        let solver =
            engine(name, &EngineOptions::default()).map_err(|e| GenError::Engine(e.to_string()))?;
        if !solver.is_complete() {
            return Err(GenError::Engine(format!(
                "engine '{name}' cannot prove uniqueness"
            )));
        }
        solver
            .check_layout(&layout)
            .map_err(|e| GenError::Engine(e.to_string()))?;
        Ok(Checker {
            layout,
            solver,
            limits: Limits {
                max_solutions: 2,
                budget: Budget::nodes(CHECK_NODES),
            },
        })
    }

    /// The same checker with `budget` for each count instead of [`CHECK_NODES`] nodes. A count
    /// cut short is [`Count::Unknown`]; a set cancel flag therefore ends every later count at
    /// once (for callers that must stop when their client goes away).
    pub fn with_budget(mut self, budget: Budget) -> Checker {
        self.limits.budget = budget;
        self
    }

    /// The engine's name.
    pub fn engine(&self) -> &'static str {
        self.solver.name()
    }

    /// The layout checked.
    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// Counts the solutions of `values` (N² cells, 0 = empty) up to 2. The givens must not
    /// conflict (true of any subset of a solution grid, which is all the generator asks
    /// about); use [`Checker::count_grid`] for arbitrary input.
    pub fn count(&self, values: &[u8]) -> Count {
        let grid = Grid::from_values(self.layout.clone(), values.to_vec());
        self.count_valid(&grid)
    }

    /// Counts the solutions of `grid` up to 2 (conflicting givens: [`Count::None`]).
    pub fn count_grid(&self, grid: &Grid) -> Count {
        if grid.find_conflict().is_some() {
            return Count::None;
        }
        self.count_valid(grid)
    }

    fn count_valid(&self, grid: &Grid) -> Count {
        let mut found = 0u64;
        let search = self.solver.search(grid, &self.limits, &mut |_| {
            found += 1;
            if found >= 2 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        match search {
            Err(_) => Count::Unknown,
            Ok(s) => match (s.solutions.max(found), s.end) {
                (n, _) if n >= 2 => Count::Many,
                (1, End::Exhausted) => Count::Unique,
                (0, End::Exhausted) => Count::None,
                _ => Count::Unknown,
            },
        }
    }

    /// The unique solution of `values`, if it has exactly one.
    pub fn unique_solution(&self, values: &[u8]) -> Option<Vec<u8>> {
        let grid = Grid::from_values(self.layout.clone(), values.to_vec());
        if grid.find_conflict().is_some() {
            return None;
        }
        let mut first = None;
        let mut found = 0u64;
        let s = self
            .solver
            .search(&grid, &self.limits, &mut |sol| {
                found += 1;
                if first.is_none() {
                    first = Some(sol.to_vec());
                }
                if found >= 2 {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            })
            .ok()?;
        (found == 1 && s.end == End::Exhausted).then_some(first?)
    }

    /// Whether removing any single given leaves more than one solution (the puzzle itself is
    /// assumed unique). Unknown counts are not proof of ambiguity: they make this `false`.
    pub fn is_minimal(&self, values: &[u8]) -> bool {
        let mut v = values.to_vec();
        for i in 0..v.len() {
            if v[i] == 0 {
                continue;
            }
            let keep = v[i];
            v[i] = 0;
            let c = self.count(&v);
            v[i] = keep;
            if c != Count::Many {
                return false;
            }
        }
        true
    }
}
