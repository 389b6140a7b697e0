//! What the engines say about a grid before any human-style work: how many solutions it has,
//! and which of a person's entries or pencil marks contradict the solution.
//!
//! Design decision: one count capped at two solutions, by the automatic engine, within ten
//! seconds or the caller's time budget if shorter, and the caller's cancel flag, answers every
//! command's first question (explain, hint, rate, check's entries) the same way; the caller's
//! node limit does not apply. A budget too tight for the count leaves the answer unknown
//! rather than the run over its budget (an empty 64×64 took 10 s under `--budget 1s`).
//! [`pencil_refusal`] is the one check of a person's pencil marks that `explain` and `hint`
//! both make before any technique runs, so the two refuse the same input with the same words.

use std::time::Duration;

use sudokit_core::{Budget, Cell, Grid, Request};
use sudokit_engines::{EngineOptions, auto_engine, engine};
use sudokit_logic::render::{cell_name, house_name};
use sudokit_logic::{CandidateGrid, Contradiction};

use crate::{Refusal, RefusalStatus};

/// The most time the count of solutions takes.
pub const COUNT_TIME: Duration = Duration::from_secs(10);

/// What the engines say about a grid's placed digits.
#[derive(Clone, Debug)]
pub enum Truth {
    /// Exactly one solution.
    Unique(Grid),
    /// At least two.
    Several,
    /// None.
    None,
    /// The engine could not tell within its budget.
    Unknown,
}

/// Counts the solutions of `g`'s placed digits (capped at 2) with the automatic engine, within
/// ten seconds or `budget`'s time if shorter (or until its cancel flag is set; its node limit
/// does not apply).
pub fn truth(g: &CandidateGrid, budget: &Budget) -> Truth {
    truth_of(&g.to_grid(), budget)
}

/// [`truth`] of a grid of placed digits.
pub fn truth_of(grid: &Grid, budget: &Budget) -> Truth {
    if grid.find_conflict().is_some() {
        return Truth::None;
    }
    let name = auto_engine(grid.layout());
    let Ok(e) = engine(name, &EngineOptions::default()) else {
        return Truth::Unknown;
    };
    let budget = Budget {
        time: Some(budget.time.map_or(COUNT_TIME, |t| t.min(COUNT_TIME))),
        nodes: None,
        cancel: budget.cancel.clone(),
    };
    let req = Request::count(2, 1).with_budget(budget);
    match e.solve(grid, &req) {
        Ok(r) if r.exact && r.count == 0 => Truth::None,
        Ok(r) if r.count == 1 && r.exact => Truth::Unique(r.solutions[0].clone()),
        Ok(r) if r.count >= 2 => Truth::Several,
        _ => Truth::Unknown,
    }
}

/// The first cell whose pencil marks exclude the solution's digit.
pub fn pencil_error(g: &CandidateGrid, sol: &Grid) -> Option<Cell> {
    g.empty_cells().find(|&c| {
        let d = sol.get(c).expect("complete solution");
        !g.has(c, d)
    })
}

/// Refuses pencil marks no technique can be trusted on (status `invalid`): an empty cell with no
/// candidate left, a digit with no place left in a house, or — when `solution` (the grid's unique
/// solution) is known — an empty cell whose marks leave out the solution's digit. A step found
/// from such marks could place a wrong digit, so `explain` and `hint` ask this before any
/// technique runs (after [`truth`], so a grid without solution is still called `unsolvable`).
pub fn pencil_refusal(g: &CandidateGrid, solution: Option<&Grid>) -> Result<(), Refusal> {
    let l = g.layout();
    let message = match g.contradiction() {
        Some(Contradiction::EmptyCell(c)) => {
            format!("the pencil marks of {} leave no candidate", cell_name(l, c))
        }
        Some(Contradiction::NoPlace(h, d)) => format!(
            "the pencil marks leave the digit {d} no place in {}",
            house_name(l, h)
        ),
        Some(Contradiction::Clash(a, b)) => format!(
            "{} and {} hold the same digit",
            cell_name(l, a),
            cell_name(l, b)
        ),
        None => match solution.and_then(|sol| pencil_error(g, sol)) {
            Some(c) => format!(
                "the pencil marks of {} leave out the digit that belongs there",
                cell_name(l, c)
            ),
            None => return Ok(()),
        },
    };
    Err(Refusal::new(RefusalStatus::Invalid, message))
}

/// Cells of the user's entries that differ from the solution. Without the original puzzle, an
/// entry is wrong when removing it alone makes the grid solvable again.
pub fn wrong_entries(
    g: &CandidateGrid,
    givens: Option<&Grid>,
    budget: &Budget,
) -> Result<Vec<Cell>, String> {
    let Some(givens) = givens else {
        let mut wrong = Vec::new();
        for c in g.cells() {
            if g.value(c).is_none() {
                continue;
            }
            let mut t = g.to_grid();
            t.set(c, None);
            if !matches!(truth_of(&t, budget), Truth::None) {
                wrong.push(c);
            }
        }
        return Ok(wrong);
    };
    if givens.values().len() != g.cell_count() {
        return Err("--givens has a different size than the grid".into());
    }
    match truth_of(givens, budget) {
        Truth::Unique(sol) => Ok(g
            .cells()
            .filter(|&c| g.value(c).is_some_and(|d| sol.get(c) != Some(d)))
            .collect()),
        Truth::None => Err("the original puzzle (--givens) has no solution".into()),
        Truth::Several => Err("the original puzzle (--givens) has more than one solution".into()),
        Truth::Unknown => Err("could not solve the original puzzle (--givens) in time".into()),
    }
}
