//! Engine `portfolio`: `propagate` for a few thousand nodes, then `sat` from scratch if that
//! did not finish: what `auto` runs on grids of 16×16 and up.
//!
//! Design decision: depth-first search with singles is the fastest engine on most big puzzles
//! but has heavy tails on half-empty ones (an early wrong guess under a huge subtree: 4 of 20
//! random 25×25 puzzles with 55–70% of the cells empty ran past a 5 s budget), while the CDCL
//! solver learns its way out of those in 0.03–0.5 s but costs more on easy ones. A short first
//! run keeps the easy case fast and bounds the tail by the SAT solver's time. Solutions the first
//! run already reported are not reported again: the second run counts them (its count is the
//! whole count) but passes only new ones on. The caller's budget covers both runs: the second
//! gets what the first left of the nodes and the time, and the same cancel flag.

use crate::{Propagate, Sat};
use std::collections::HashSet;
use std::time::Instant;
use sudokit_core::{Budget, End, Flow, Grid, Limits, Search, SolveError, Solver};

/// Nodes the first run may take before the second starts (about 20–50 ms on 25×25).
pub const FIRST_RUN_NODES: u64 = 4096;

/// The `portfolio` engine. See the module docs.
#[derive(Clone, Copy, Debug)]
pub struct Portfolio {
    first_nodes: u64,
}

impl Default for Portfolio {
    fn default() -> Portfolio {
        Portfolio::new()
    }
}

impl Portfolio {
    /// `propagate` for [`FIRST_RUN_NODES`] nodes, then `sat`.
    pub fn new() -> Portfolio {
        Portfolio {
            first_nodes: FIRST_RUN_NODES,
        }
    }

    /// The same with another first-run node limit (at least 1).
    pub fn with_first_nodes(nodes: u64) -> Portfolio {
        Portfolio {
            first_nodes: nodes.max(1),
        }
    }
}

impl Solver for Portfolio {
    fn name(&self) -> &'static str {
        "portfolio"
    }

    fn search(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        on_solution: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Result<Search, SolveError> {
        let start = Instant::now();
        let caller_nodes = limits.budget.nodes.unwrap_or(u64::MAX);
        let first_limits = Limits {
            max_solutions: limits.max_solutions,
            budget: Budget {
                nodes: Some(caller_nodes.min(self.first_nodes)),
                ..limits.budget.clone()
            },
        };
        // A set, not a list: a long count checks every solution of the second run against it.
        let mut reported: HashSet<Vec<u8>> = HashSet::new();
        let first = Propagate::new().search(puzzle, &first_limits, &mut |s| {
            reported.insert(s.to_vec());
            on_solution(s)
        })?;
        // Only our own node cap hands over; the caller's budget, a solution limit or the
        // callback end the whole search.
        let time_left = match limits.budget.time {
            Some(t) => match t.checked_sub(start.elapsed()) {
                Some(left) if !left.is_zero() => Some(left),
                _ => return Ok(first),
            },
            None => None,
        };
        let cancelled = limits
            .budget
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
        if first.end != End::Budget || caller_nodes <= self.first_nodes || cancelled {
            return Ok(first);
        }
        let second_limits = Limits {
            max_solutions: limits.max_solutions,
            budget: Budget {
                nodes: limits
                    .budget
                    .nodes
                    .map(|n| n.saturating_sub(first.stats.nodes)),
                time: time_left,
                cancel: limits.budget.cancel.clone(),
            },
        };
        let mut second = Sat::new().search(puzzle, &second_limits, &mut |s| {
            if reported.contains(s) {
                Flow::Continue
            } else {
                on_solution(s)
            }
        })?;
        second.stats.nodes += first.stats.nodes;
        second.stats.guesses += first.stats.guesses;
        second.stats.backtracks += first.stats.backtracks;
        second
            .stats
            .extra
            .insert("first_run_nodes", first.stats.nodes as f64);
        Ok(second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use sudokit_core::{Layout, Request};

    /// The empty 4×4 grid (288 solutions) with a 10-node first run: the count comes from the
    /// second run, which must agree with `dlx`'s and pass each solution on exactly once.
    #[test]
    fn a_handed_over_count_agrees_with_dlx_and_reports_each_solution_once() {
        let layout = Arc::new(Layout::standard(4).unwrap());
        let empty = Grid::empty(layout);
        let limits = Limits::up_to(1000);
        let mut seen: Vec<Vec<u8>> = Vec::new();
        let r = Portfolio::with_first_nodes(10)
            .search(&empty, &limits, &mut |s| {
                seen.push(s.to_vec());
                Flow::Continue
            })
            .unwrap();
        assert_eq!(r.end, End::Exhausted);
        assert_eq!(r.solutions, 288, "every 4x4 grid");
        assert!(r.stats.extra.contains_key("first_run_nodes"), "handed over");
        let distinct: std::collections::HashSet<_> = seen.iter().collect();
        assert_eq!(distinct.len(), seen.len(), "no solution reported twice");
        assert_eq!(seen.len(), 288);
        let dlx = crate::Dlx::new()
            .solve(
                &Grid::empty(Arc::new(Layout::standard(4).unwrap())),
                &Request::count(1000, 0),
            )
            .unwrap();
        assert_eq!(dlx.count, 288);
    }

    #[test]
    fn an_easy_puzzle_never_reaches_the_second_run() {
        let layout = Arc::new(Layout::standard(4).unwrap());
        let p = Grid::from_values(layout, vec![1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2]);
        let r = Portfolio::new()
            .search(&p, &Limits::up_to(2), &mut |_| Flow::Continue)
            .unwrap();
        assert!(!r.stats.extra.contains_key("first_run_nodes"));
        assert_eq!(r.end, End::Exhausted);
    }

    #[test]
    fn the_callers_node_budget_covers_both_runs() {
        let layout = Arc::new(Layout::standard(16).unwrap());
        let r = Portfolio::with_first_nodes(20)
            .search(
                &Grid::empty(layout),
                &Limits {
                    max_solutions: u64::MAX,
                    budget: Budget::nodes(50),
                },
                &mut |_| Flow::Continue,
            )
            .unwrap();
        // The first run stops at its own cap and the second gets the rest of the budget
        // (which `sat` counts in conflicts, its `nodes` being decisions).
        assert_eq!(r.end, End::Budget);
        let first = r.stats.extra.get("first_run_nodes").copied();
        assert!(first.is_some_and(|n| n <= 21.0), "{first:?}");
        // A budget no larger than the first run's cap leaves no second run.
        let r = Portfolio::with_first_nodes(20)
            .search(
                &Grid::empty(Arc::new(Layout::standard(16).unwrap())),
                &Limits {
                    max_solutions: u64::MAX,
                    budget: Budget::nodes(15),
                },
                &mut |_| Flow::Continue,
            )
            .unwrap();
        assert_eq!(r.end, End::Budget);
        assert!(!r.stats.extra.contains_key("first_run_nodes"));
        assert!(r.stats.nodes <= 16, "{} nodes", r.stats.nodes);
    }
}
