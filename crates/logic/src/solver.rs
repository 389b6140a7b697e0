//! The human-style solver: apply the easiest technique that makes progress, one step at a
//! time, until the grid is solved or the enabled techniques run out.
//!
//! Design decision: the order is data (each technique row's `hodoku_order` or `se_order`), so
//! switching between HoDoKu's and Sudoku Explainer's order, or restricting the set, never
//! touches a finder. Each finder is asked for its first step that changes the grid, so one
//! step costs only as much as the techniques tried before it.

use std::ops::ControlFlow;
use std::time::Instant;

use sudokit_core::{Budget, Grid};

use crate::grid::{CandidateGrid, Contradiction};
use crate::memory::Memory;
use crate::step::Step;
use crate::technique::{Deadline, Finder, Options, Technique};
use crate::techniques::ALL;

/// Which order techniques are tried in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Order {
    /// HoDoKu's default solving order.
    #[default]
    Hodoku,
    /// Sudoku Explainer's order (roughly by rating).
    Se,
}

/// How a solving path ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathStatus {
    /// Every cell is filled.
    Solved,
    /// The enabled techniques found nothing more.
    Stuck,
    /// The givens (or the user's entries) contradict each other or the candidates.
    Unsolvable,
    /// The budget ran out.
    Stopped,
}

impl PathStatus {
    /// `solved`, `stuck`, `unsolvable`, `stopped`.
    pub fn as_str(self) -> &'static str {
        match self {
            PathStatus::Solved => "solved",
            PathStatus::Stuck => "stuck",
            PathStatus::Unsolvable => "unsolvable",
            PathStatus::Stopped => "stopped",
        }
    }
}

/// A solving path: the steps, how it ended and the final grid.
#[derive(Clone, Debug)]
pub struct Path {
    /// The steps in order.
    pub steps: Vec<Step>,
    /// How the path ended.
    pub status: PathStatus,
    /// The grid after the last step.
    pub grid: CandidateGrid,
    /// The contradiction found, when `status` is `Unsolvable`.
    pub contradiction: Option<Contradiction>,
    /// Time spent.
    pub micros: u64,
}

/// A configured human-style solver.
#[derive(Clone)]
pub struct LogicSolver {
    techniques: Vec<&'static dyn Technique>,
    /// Finder options.
    pub options: Options,
}

impl std::fmt::Debug for LogicSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LogicSolver")
            .field(
                "techniques",
                &self
                    .techniques
                    .iter()
                    .map(|t| t.info().id)
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Default for LogicSolver {
    fn default() -> LogicSolver {
        LogicSolver::new(Order::Hodoku)
    }
}

impl LogicSolver {
    /// Every default-on technique in `order`.
    pub fn new(order: Order) -> LogicSolver {
        LogicSolver::with_techniques(
            ALL.iter()
                .copied()
                .filter(|t| t.info().default_on)
                .collect(),
            order,
        )
    }

    /// Exactly these techniques, sorted into `order`.
    pub fn with_techniques(mut techniques: Vec<&'static dyn Technique>, order: Order) -> Self {
        techniques.sort_by_key(|t| match order {
            Order::Hodoku => t.info().hodoku_order,
            Order::Se => t.info().se_order,
        });
        techniques.dedup_by_key(|t| t.info().id);
        LogicSolver {
            techniques,
            options: Options::default(),
        }
    }

    /// The techniques in the order they are tried.
    pub fn techniques(&self) -> &[&'static dyn Technique] {
        &self.techniques
    }

    /// Keeps only the techniques `keep` accepts.
    pub fn retain(&mut self, keep: impl Fn(&dyn Technique) -> bool) {
        self.techniques.retain(|t| keep(*t));
    }

    /// The first step, in order, that changes `grid` (with a fresh [`Memory`]; a caller that
    /// walks a path step by step lends one memory to [`next_step_in`](Self::next_step_in)).
    pub fn next_step(&self, grid: &CandidateGrid) -> Option<Step> {
        self.next_step_in(grid, &Deadline::none(), &Memory::new())
    }

    /// [`next_step`](Self::next_step), giving up (`None`) once `deadline` passes: it is
    /// checked before each technique and by the finders whose one search can run long.
    pub fn next_step_before(&self, grid: &CandidateGrid, deadline: &Deadline) -> Option<Step> {
        self.next_step_in(grid, deadline, &Memory::new())
    }

    /// [`next_step_before`](Self::next_step_before) with the finders lent `memory`: what they
    /// remembered on the earlier grids of the same path spares them searches that would find
    /// nothing (the step is the same either way).
    pub fn next_step_in(
        &self,
        grid: &CandidateGrid,
        deadline: &Deadline,
        memory: &Memory,
    ) -> Option<Step> {
        for t in &self.techniques {
            if t.info().uniqueness && !self.options.uniqueness {
                continue;
            }
            if deadline.passed() {
                return None;
            }
            let mut found = None;
            let mut sink = |s: Step| {
                if grid.makes_progress(&s) {
                    found = Some(s);
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            };
            let mut f =
                Finder::new(&self.options, memory, &mut sink).with_deadline(deadline.clone());
            t.find(grid, &mut f);
            let interrupted = f.interrupted();
            if found.is_some() {
                return found;
            }
            if interrupted {
                return None;
            }
        }
        None
    }

    /// Solves from a puzzle's givens.
    pub fn solve(&self, puzzle: &Grid, budget: &Budget) -> Path {
        self.solve_from(CandidateGrid::new(puzzle), budget)
    }

    /// Solves from a candidate grid (pencil marks included).
    pub fn solve_from(&self, mut grid: CandidateGrid, budget: &Budget) -> Path {
        let start = Instant::now();
        let deadline = Deadline {
            at: budget.time.map(|t| start + t),
            cancel: budget.cancel.clone(),
        };
        let mut nodes = budget.nodes.unwrap_or(u64::MAX);
        let mut steps = Vec::new();
        let memory = Memory::new();
        let status = loop {
            if let Some(c) = grid.contradiction() {
                return Path {
                    steps,
                    status: PathStatus::Unsolvable,
                    grid,
                    contradiction: Some(c),
                    micros: start.elapsed().as_micros() as u64,
                };
            }
            if grid.is_solved() {
                break PathStatus::Solved;
            }
            if nodes == 0 || deadline.passed() {
                break PathStatus::Stopped;
            }
            nodes -= 1;
            match self.next_step_in(&grid, &deadline, &memory) {
                Some(step) => {
                    grid.apply(&step);
                    steps.push(step);
                }
                // Found nothing because the time ran out, or because nothing is left.
                None if deadline.passed() => break PathStatus::Stopped,
                None => break PathStatus::Stuck,
            }
        };
        Path {
            steps,
            status,
            grid,
            contradiction: None,
            micros: start.elapsed().as_micros() as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::hodoku::parse_line;
    use crate::technique::{find_all, find_all_before, find_all_in};
    use crate::techniques::lookup;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use sudokit_core::Layout;

    /// A deadline that has passed (or a cancel flag that is set) stops a path at once, makes
    /// `next_step_before` give up, and cuts short the finders whose one search can run long —
    /// which then say they did not finish and leave no miss behind in their memos.
    #[test]
    fn a_passed_deadline_stops_searches_and_leaves_no_miss() {
        let empty = Arc::new(Layout::standard(25).unwrap());
        let g = CandidateGrid::new(&Grid::from_values(empty, vec![0; 625]));
        let solver = LogicSolver::default();
        let cancel = Budget {
            cancel: Some(Arc::new(AtomicBool::new(true))),
            ..Budget::default()
        };
        let path = solver.solve_from(g.clone(), &cancel);
        assert_eq!(path.status, PathStatus::Stopped);
        assert!(path.steps.is_empty());
        let passed = Deadline {
            at: Some(Instant::now()),
            cancel: None,
        };
        assert!(solver.next_step_before(&g, &passed).is_none());
        for id in [
            "grouped-discontinuous-nice-loop",
            "forcing-net-contradiction",
            "guess",
        ] {
            let t = lookup(id).unwrap();
            let (steps, complete) = find_all_before(t, &g, &solver.options, &passed);
            assert!(steps.is_empty() && !complete, "{id}");
        }
        // A finned X-wing case: cut short first, then asked again with no deadline and the same
        // memory, the finder finds what a fresh one finds (an interrupted search recorded no
        // miss).
        let text = include_str!("../../../data/logic/techniques.txt");
        let line = text.lines().find(|l| l.contains(":0310:")).unwrap();
        let case = parse_line(line).unwrap().grid;
        let t = lookup("finned-x-wing").unwrap();
        let fresh = find_all(t, &case, &solver.options);
        assert!(!fresh.is_empty());
        let memory = Memory::new();
        let (cut, complete) = find_all_in(t, &case, &solver.options, &passed, &memory);
        assert!(cut.is_empty() && !complete);
        let again = find_all_in(t, &case, &solver.options, &Deadline::none(), &memory);
        assert!(again.1);
        assert_eq!(
            again.0.iter().map(|s| &s.eliminations).collect::<Vec<_>>(),
            fresh.iter().map(|s| &s.eliminations).collect::<Vec<_>>()
        );
        // A continuous-loop search cut short keeps no list of the AICs it met: the AIC finder
        // on the same grid and with the same memory then searches itself, and finds what a
        // fresh one finds.
        let line = text.lines().find(|l| l.contains(":0708:")).unwrap();
        let case = parse_line(line).unwrap().grid;
        let (aic, cnl) = (
            lookup("aic").unwrap(),
            lookup("continuous-nice-loop").unwrap(),
        );
        let fresh = find_all(aic, &case, &solver.options);
        assert!(!fresh.is_empty());
        let memory = Memory::new();
        let (_, complete) = find_all_in(cnl, &case, &solver.options, &passed, &memory);
        assert!(!complete);
        let after = find_all_in(aic, &case, &solver.options, &Deadline::none(), &memory).0;
        assert_eq!(
            after.iter().map(|s| &s.eliminations).collect::<Vec<_>>(),
            fresh.iter().map(|s| &s.eliminations).collect::<Vec<_>>()
        );
    }
}
