//! The setter's tools on any puzzle, variant rules included: the true candidates of every
//! cell, and which givens and which rules a unique puzzle could do without.
//!
//! Design decision: true candidates are computed without enumerating the solutions. Every
//! solution a search finds marks all of its digits at once; then each candidate that no
//! solution has marked yet (among those the `cp` engine's root propagation leaves, so digits
//! the rules exclude outright cost nothing) is tested by one search for a first solution with
//! that digit placed, and that solution, if any, marks its digits too. A puzzle with one
//! solution therefore costs one search per open candidate the propagation cannot remove, and
//! the whole run shares one budget (nodes summed over the searches, one deadline, the
//! caller's cancel flag): when it runs out the answer is marked incomplete — the digits found
//! are true candidates, the untested ones unknown — rather than guessed.

use std::time::Instant;

use serde_json::{Value, json};
use sudokit_core::grid::digit_char;
use sudokit_core::{Budget, Cell, End, Grid, Layout, Request, SolveError, Solver};
use sudokit_engines::{EngineOptions, auto_engine, engine};

/// The engine the setter's tools use on `layout`: the automatic choice when it honours the
/// layout's rules, `cp` otherwise.
pub fn engine_name_for(layout: &Layout) -> &'static str {
    let auto = auto_engine(layout);
    let honours = !layout.has_rules()
        || engine(auto, &EngineOptions::default()).is_ok_and(|s| s.supports_rules());
    if honours { auto } else { "cp" }
}

/// The engine named by [`engine_name_for`].
pub fn engine_for(layout: &Layout) -> Box<dyn Solver> {
    engine(engine_name_for(layout), &EngineOptions::default())
        .unwrap_or_else(|_| Box::new(sudokit_cp::Cp::default()))
}

/// What [`true_candidates`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    /// Per cell in reading order, the digits that appear in some solution (bit `d − 1`).
    pub digits: Vec<u64>,
    /// Whether every candidate was settled; when `false` the budget ran out and `digits`
    /// holds only those proven so far.
    pub complete: bool,
    /// Searches run.
    pub searches: u64,
    /// Search nodes, summed over the searches.
    pub nodes: u64,
}

impl Candidates {
    /// How the run ended, as printed: `stopped` (the budget ran out), `solved` (some cell
    /// has a candidate) or `unsolvable`.
    pub fn status(&self) -> &'static str {
        match (self.complete, self.digits.iter().any(|&m| m != 0)) {
            (false, _) => "stopped",
            (true, true) => "solved",
            (true, false) => "unsolvable",
        }
    }

    /// The record of `sudokit solve --true-candidates --format json` (without the position
    /// fields): `status`, `engine`, `complete`, `candidates` (per cell its digits as symbols,
    /// `-` when none), `searches` and `nodes`.
    pub fn json(&self, engine: &str) -> Value {
        json!({
            "status": self.status(), "engine": engine, "complete": self.complete,
            "candidates": self.digits.iter().map(|&m| candidate_symbols(m)).collect::<Vec<_>>(),
            "searches": self.searches, "nodes": self.nodes,
        })
    }
}

/// The digits of bit set `m` (bit `d − 1` for digit `d`) as symbols, ascending (`-` when
/// empty).
pub fn candidate_symbols(m: u64) -> String {
    let s: String = sudokit_core::types::bits(m)
        .filter_map(|v| digit_char(v as u8 + 1))
        .collect();
    if s.is_empty() { "-".to_string() } else { s }
}

/// One shared budget over several searches: the caller's node count, deadline and cancel flag.
struct Shared {
    budget: Budget,
    deadline: Option<Instant>,
    used: u64,
}

impl Shared {
    fn new(budget: &Budget) -> Shared {
        Shared {
            budget: budget.clone(),
            deadline: budget.time.and_then(|t| Instant::now().checked_add(t)),
            used: 0,
        }
    }

    /// The budget left for the next search, or `None` when nothing is left.
    fn next(&self) -> Option<Budget> {
        let nodes = match self.budget.nodes {
            Some(n) if self.used >= n => return None,
            Some(n) => Some(n - self.used),
            None => None,
        };
        let time = match self.deadline {
            Some(d) => {
                let left = d.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return None;
                }
                Some(left)
            }
            None => None,
        };
        Some(Budget {
            nodes,
            time,
            cancel: self.budget.cancel.clone(),
        })
    }

    /// A first solution of `puzzle` within what is left: `Ok(Some(values))`, `Ok(None)` when
    /// there is none, `Err(())` when the budget ran out.
    fn first(
        &mut self,
        solver: &dyn Solver,
        puzzle: &Grid,
    ) -> Result<Result<Option<Vec<u8>>, ()>, SolveError> {
        let Some(budget) = self.next() else {
            return Ok(Err(()));
        };
        let report = match solver.solve(puzzle, &Request::first().with_budget(budget)) {
            Ok(r) => r,
            // A placed digit that clashes with a given in a house: no solution.
            Err(SolveError::Conflict(_)) => return Ok(Ok(None)),
            Err(e) => return Err(e),
        };
        self.used += report.stats.nodes;
        if let Some(g) = report.solutions.first() {
            return Ok(Ok(Some(g.values().to_vec())));
        }
        Ok(match report.end {
            End::Exhausted => Ok(None),
            _ => Err(()),
        })
    }
}

/// The true candidates of `puzzle` by `solver`, within `budget` (see the module docs).
pub fn true_candidates(
    puzzle: &Grid,
    solver: &dyn Solver,
    budget: &Budget,
) -> Result<Candidates, SolveError> {
    let cells = puzzle.layout().cell_count();
    let mut shared = Shared::new(budget);
    let mut out = Candidates {
        digits: vec![0; cells],
        complete: true,
        searches: 0,
        nodes: 0,
    };
    let mark = |digits: &mut [u64], values: &[u8]| {
        for (m, &v) in digits.iter_mut().zip(values) {
            *m |= 1u64 << (v - 1);
        }
    };
    out.searches += 1;
    match shared.first(solver, puzzle)? {
        Err(()) => out.complete = false,
        Ok(None) => {}
        Ok(Some(values)) => {
            mark(&mut out.digits, &values);
            let open = sudokit_cp::root_domains(puzzle, sudokit_cp::Propagation::Gac)
                .unwrap_or_else(|| vec![u64::MAX; cells]);
            'cells: for (c, &possible) in open.iter().enumerate() {
                if puzzle.values()[c] != 0 {
                    continue;
                }
                for v in sudokit_core::types::bits(possible & !out.digits[c]) {
                    if out.digits[c] >> v & 1 == 1 {
                        continue;
                    }
                    let mut trial = puzzle.clone();
                    trial.set(Cell(c as u16), sudokit_core::Digit::new(v as u8 + 1));
                    out.searches += 1;
                    match shared.first(solver, &trial)? {
                        Err(()) => {
                            out.complete = false;
                            break 'cells;
                        }
                        Ok(None) => {}
                        Ok(Some(values)) => mark(&mut out.digits, &values),
                    }
                }
            }
        }
    }
    out.nodes = shared.used;
    Ok(out)
}

/// What [`redundancy`] found about a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redundancy {
    /// The puzzle's solution count, capped at 2 (`None`: the budget ran out).
    pub count: Option<u64>,
    /// Givens whose removal leaves the puzzle unique.
    pub givens: Vec<Cell>,
    /// Indices (into [`Layout::rules`]) of rules whose removal leaves the puzzle unique.
    pub rules: Vec<usize>,
    /// Whether every given and rule was settled within the budget.
    pub complete: bool,
}

/// For a unique `puzzle`: which givens and which rules could each be removed, alone, with the
/// puzzle still unique. A puzzle that is not unique has none. One budget is shared by all
/// the counts.
pub fn redundancy(
    puzzle: &Grid,
    solver: &dyn Solver,
    budget: &Budget,
) -> Result<Redundancy, SolveError> {
    let mut shared = Shared::new(budget);
    let count = |g: &Grid, shared: &mut Shared| -> Result<Option<u64>, SolveError> {
        let Some(b) = shared.next() else {
            return Ok(None);
        };
        let r = solver.solve(g, &Request::count(2, 0).with_budget(b))?;
        shared.used += r.stats.nodes;
        Ok((r.exact || r.count >= 2).then_some(r.count))
    };
    let mut out = Redundancy {
        count: count(puzzle, &mut shared)?,
        givens: Vec::new(),
        rules: Vec::new(),
        complete: true,
    };
    if out.count != Some(1) {
        out.complete = out.count.is_some();
        return Ok(out);
    }
    for c in 0..puzzle.layout().cell_count() {
        if puzzle.values()[c] == 0 {
            continue;
        }
        let mut fewer = puzzle.clone();
        fewer.set(Cell(c as u16), None);
        match count(&fewer, &mut shared)? {
            Some(1) => out.givens.push(Cell(c as u16)),
            Some(_) => {}
            None => {
                out.complete = false;
                return Ok(out);
            }
        }
    }
    for i in 0..puzzle.layout().rules().len() {
        let layout = std::sync::Arc::new(puzzle.layout().without_rule(i));
        let fewer = Grid::from_values(layout, puzzle.values().to_vec());
        match count(&fewer, &mut shared)? {
            Some(1) => out.rules.push(i),
            Some(_) => {}
            None => {
                out.complete = false;
                return Ok(out);
            }
        }
    }
    Ok(out)
}
