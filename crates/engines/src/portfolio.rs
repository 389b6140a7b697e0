//! Engine `portfolio`: `propagate` for a few thousand nodes, then `sat` from scratch if that
//! did not finish: what `auto` runs on grids of 16×16 and up.
//!
//! Design decision: depth-first search with singles is the fastest engine on most big puzzles
//! but has heavy tails on half-empty ones (an early wrong guess under a huge subtree: 4 of 20
//! random 25×25 puzzles with 55–70% of the cells empty ran past a 5 s budget), while the CDCL
//! solver learns its way out of those in 0.03–0.5 s but costs more on easy ones. A short first
//! run keeps the easy case fast and bounds the tail by the SAT solver's time. Solutions the first
//! run already reported are not reported again: the second run counts them (its count is the
//! whole count) but passes only new ones on. The caller's budget covers every run: each later
//! run gets what the earlier ones left of the nodes and the time, and the same cancel flag.
//!
//! Listing or counting many solutions is another matter: `sat` finds each next solution by
//! adding a clause that blocks the last, so every solution costs more than the one before (an
//! empty 16×16's list of 2,000 took 9 s, an empty 25×25's of 70,000 did not end in minutes;
//! about 45 ms a solution there), while depth-first search enumerates a grid with many
//! solutions at a steady rate. So `sat` is asked for at most [`SAT_SOLUTIONS`] solutions;
//! when it finds that many before finishing, a third run (`propagate` from scratch, no node
//! cap of its own) enumerates the rest. Every run passes on only solutions not reported
//! before, and the whole search stops once `max_solutions` distinct solutions were reported.

use crate::{Propagate, Sat};
use std::collections::HashSet;
use std::time::Instant;
use sudokit_core::{Budget, End, Flow, Grid, Limits, Search, SolveError, Solver};

/// Nodes the first run may take before the second starts (about 20–50 ms on 25×25).
pub const FIRST_RUN_NODES: u64 = 4096;

/// Solutions the second run (`sat`) may find before a grid counts as one with many solutions
/// and the third run (`propagate`) takes over the enumeration.
pub const SAT_SOLUTIONS: u64 = 16;

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

/// What the runs share: the solutions the first two runs reported, how many were reported in
/// all, the caller's callback and solution limit.
///
/// The third run's solutions are not remembered: `propagate` is deterministic, so that run
/// finds the first run's solutions again (they are in the set) and never one twice. The set
/// holds at most the first run's solutions (no more than its node cap) and [`SAT_SOLUTIONS`].
struct Shared<'a> {
    seen: HashSet<Vec<u8>>,
    count: u64,
    on_solution: &'a mut dyn FnMut(&[u8]) -> Flow,
    max: u64,
    /// The callback said stop.
    stopped: bool,
}

impl Shared<'_> {
    /// Passes `s` on unless it was reported before (remembering it when `remember`); `Stop`
    /// once the caller said so or `max` solutions were reported.
    fn offer(&mut self, s: &[u8], remember: bool) -> Flow {
        if self.stopped || self.count >= self.max {
            return Flow::Stop;
        }
        if self.seen.contains(s) {
            return Flow::Continue;
        }
        if remember {
            self.seen.insert(s.to_vec());
        }
        self.count += 1;
        if (self.on_solution)(s) == Flow::Stop {
            self.stopped = true;
        }
        if self.stopped || self.count >= self.max {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

/// The budget left for a later run: the caller's nodes less `used`, the time less what has
/// passed since `start` (`None` when none is left), the same cancel flag.
fn budget_left(caller: &Budget, used: u64, start: Instant) -> Option<Budget> {
    let time = match caller.time {
        Some(t) => match t.checked_sub(start.elapsed()) {
            Some(left) if !left.is_zero() => Some(left),
            _ => return None,
        },
        None => None,
    };
    let cancelled = caller
        .cancel
        .as_ref()
        .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
    if cancelled || caller.nodes.is_some_and(|n| n <= used) {
        return None;
    }
    Some(Budget {
        nodes: caller.nodes.map(|n| n - used),
        time,
        cancel: caller.cancel.clone(),
    })
}

/// `run` merged into `into`: counters added, `into` keeps its own extras.
fn add_stats(into: &mut Search, run: &Search) {
    into.stats.nodes += run.stats.nodes;
    into.stats.guesses += run.stats.guesses;
    into.stats.backtracks += run.stats.backtracks;
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
        // `propagate` ignores rules; a layout with rules is refused, never half-solved.
        self.admit(puzzle.layout())?;
        if limits.max_solutions == 0 {
            return Ok(Search::nothing_requested());
        }
        let start = Instant::now();
        let caller_nodes = limits.budget.nodes.unwrap_or(u64::MAX);
        let first_limits = Limits {
            max_solutions: limits.max_solutions,
            budget: Budget {
                nodes: Some(caller_nodes.min(self.first_nodes)),
                ..limits.budget.clone()
            },
        };
        // A set, not a list: a long count checks every solution of later runs against it.
        let mut shared = Shared {
            seen: HashSet::new(),
            count: 0,
            on_solution,
            max: limits.max_solutions,
            stopped: false,
        };
        let first =
            Propagate::new().search(puzzle, &first_limits, &mut |s| shared.offer(s, true))?;
        // Only our own node cap hands over; the caller's budget, a solution limit or the
        // callback end the whole search.
        if first.end != End::Budget || caller_nodes <= self.first_nodes {
            return Ok(first);
        }
        let Some(budget) = budget_left(&limits.budget, first.stats.nodes, start) else {
            return Ok(first);
        };
        let sat_limits = Limits {
            max_solutions: SAT_SOLUTIONS,
            budget,
        };
        let second = Sat::new().search(puzzle, &sat_limits, &mut |s| shared.offer(s, true))?;
        let mut out = Search {
            end: second.end,
            // `sat` counted every solution, the first run's too: an exhausted count is whole.
            solutions: second.solutions.max(shared.count),
            stats: second.stats.clone(),
        };
        add_stats(&mut out, &first);
        out.stats
            .extra
            .insert("first_run_nodes", first.stats.nodes as f64);
        let many = second.end == End::SolutionLimit && second.solutions >= SAT_SOLUTIONS;
        if !many || shared.stopped || shared.count >= limits.max_solutions {
            if out.end == End::SolutionLimit {
                out.solutions = shared.count;
            }
            return Ok(out);
        }
        // Many solutions: depth-first search enumerates the rest.
        let used = first.stats.nodes + second.stats.nodes;
        let Some(budget) = budget_left(&limits.budget, used, start) else {
            out.end = End::Budget;
            out.solutions = shared.count;
            return Ok(out);
        };
        let third_limits = Limits {
            max_solutions: u64::MAX,
            budget,
        };
        let third =
            Propagate::new().search(puzzle, &third_limits, &mut |s| shared.offer(s, false))?;
        add_stats(&mut out, &third);
        out.stats
            .extra
            .insert("third_run_nodes", third.stats.nodes as f64);
        out.end = third.end;
        // An exhausted enumeration from scratch counted every solution; else what was passed on.
        out.solutions = if third.end == End::Exhausted {
            third.solutions
        } else {
            shared.count
        };
        Ok(out)
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
