//! `solve` and `count`: a puzzle through an engine, and its record.
//!
//! Design decision: one [`SolveMode`] says how many solutions a run looks for, for both front
//! ends; the record is built from the engine's [`Report`] alone, so the command line, which
//! streams listed solutions into the record's `solutions` array as they are found, and the web
//! API, which lists them from the report, print the same fields in the same order.

use serde::Serialize;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

use sudokit_core::{Budget, End, Flow, Grid, Report, Request, SolveError, Solver, Status};

use crate::grid_json;

/// How a solve ended, as printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SolveStatus {
    /// At least one solution found.
    Solved,
    /// Proven to have no solution.
    Unsolvable,
    /// The budget ran out before the answer.
    Stopped,
    /// An incomplete engine gave up.
    Unknown,
    /// The record could not be solved at all (it did not parse, its givens conflict, the
    /// engine refused its layout, a check failed).
    Invalid,
}

impl SolveStatus {
    /// The status of an engine's report in `mode`: a count or list cut short by the budget is
    /// not an answer, so it is `stopped` whatever was found.
    pub fn of(report: &Report, mode: SolveMode) -> SolveStatus {
        if report.end == End::Budget && mode != SolveMode::First {
            return SolveStatus::Stopped;
        }
        match report.status {
            Status::Solved => SolveStatus::Solved,
            Status::Unsolvable => SolveStatus::Unsolvable,
            Status::Stopped => SolveStatus::Stopped,
            Status::Unknown => SolveStatus::Unknown,
        }
    }

    /// The word printed.
    pub fn as_str(self) -> &'static str {
        match self {
            SolveStatus::Solved => "solved",
            SolveStatus::Unsolvable => "unsolvable",
            SolveStatus::Stopped => "stopped",
            SolveStatus::Unknown => "unknown",
            SolveStatus::Invalid => "invalid",
        }
    }
}

/// How many solutions a solve looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveMode {
    /// The first solution.
    First,
    /// Up to `k` solutions, listed.
    Limit(u64),
    /// Count up to `k` solutions, listing none.
    Count(u64),
}

/// The record of a puzzle that could not be solved at all (it did not parse, its givens
/// conflict, the engine refused its layout): status `invalid` and `message`.
pub fn solve_error_record(engine: Option<&str>, message: &str) -> Value {
    json!({
        "status": SolveStatus::Invalid, "solutions": [], "count": Value::Null, "exact": false,
        "error": message, "engine": engine, "stats": Value::Null,
    })
}

/// One record of `sudokit solve --format json` from the engine's `report` (without the position
/// fields): `status` (the report's, `stopped` for a list or count cut short by the budget,
/// `invalid` with an `error`), `solutions` (`first` in [`SolveMode::First`], else empty: a
/// caller listing solutions fills the array), `count`, `exact`, `error`, `engine` and `stats`
/// (the engine's counters, `no_guess` and `micros`).
pub fn solve_record(
    report: &Report,
    engine: &str,
    mode: SolveMode,
    first: Option<&Grid>,
    error: Option<&str>,
) -> Value {
    let mut status = SolveStatus::of(report, mode);
    if error.is_some() {
        status = SolveStatus::Invalid;
    }
    let mut stats = serde_json::to_value(&report.stats).unwrap_or(Value::Null);
    if let Value::Object(m) = &mut stats {
        // Only a solution found without a guess counts: an engine that gave up or was stopped
        // made no claim, whatever its counters say.
        m.insert(
            "no_guess".into(),
            json!(report.status == Status::Solved && report.stats.guesses == 0),
        );
        m.insert(
            "micros".into(),
            json!((report.elapsed.as_secs_f64() * 1e6 * 10.0).round() / 10.0),
        );
    }
    let solutions: Vec<Value> = match mode {
        SolveMode::First => first.into_iter().map(grid_json).collect(),
        SolveMode::Limit(_) | SolveMode::Count(_) => Vec::new(),
    };
    json!({
        "status": status,
        "solutions": solutions,
        "count": report.count, "exact": report.exact, "error": error,
        "engine": engine, "stats": stats,
    })
}

/// One record of `sudokit solve --format json` (without the position fields) for the web API:
/// solves `puzzle` and builds [`solve_record`], with the solutions listed in
/// [`SolveMode::Limit`].
pub fn solve_json(
    solver: &dyn Solver,
    engine_name: &str,
    puzzle: &Grid,
    mode: SolveMode,
    budget: Budget,
) -> Value {
    let request = match mode {
        SolveMode::First => Request::first(),
        SolveMode::Limit(k) => Request::count(k, usize::try_from(k).unwrap_or(usize::MAX)),
        SolveMode::Count(k) => Request::count(k, 0),
    }
    .with_budget(budget);
    let report: Report = match solver.solve(puzzle, &request) {
        Ok(r) => r,
        Err(e) => return solve_error_record(Some(engine_name), &e.to_string()),
    };
    let first = report
        .solutions
        .first()
        .filter(|_| report.status == Status::Solved);
    let mut v = solve_record(&report, engine_name, mode, first, None);
    if let SolveMode::Limit(_) = mode {
        v["solutions"] = report.solutions.iter().map(grid_json).collect();
    }
    v
}

/// [`Solver::solve`] that hands each solution to `each` as it is found instead of keeping
/// grids, so `sudokit solve --limit N` holds N rendered lines, not N grids, and a batch keeps
/// no grid it does not need.
/// The solve time is measured only when `timed` (the CLI's JSON records and the summary of
/// `--stats` report it). The caller's puzzle must be free of conflicting givens (a parsed
/// record is), which is not checked again.
pub fn solve_each(
    solver: &dyn Solver,
    puzzle: &Grid,
    request: &Request,
    timed: bool,
    each: &mut dyn FnMut(&[u8]),
) -> Result<Report, SolveError> {
    solver.admit(puzzle.layout())?;
    // Every puzzle a `Record` carries was checked for conflicting givens when it was parsed
    // (a conflict is a parse error of its record), so the check is not repeated here.
    debug_assert!(
        puzzle.find_conflict().is_none(),
        "records hold conflict-free puzzles"
    );
    let start = timed.then(Instant::now);
    let search = solver.search(puzzle, &request.limits, &mut |values| {
        each(values);
        Flow::Continue
    })?;
    let elapsed = start.map_or(Duration::ZERO, |s| s.elapsed());
    Ok(Report::new(search, Vec::new(), elapsed))
}
