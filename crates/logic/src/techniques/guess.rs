//! The last resort, explained: a trial on the cell with fewest candidates. A digit whose trial
//! ends in a contradiction (by singles, or else by exhaustive search) is eliminated, with the
//! trial told step by step; if every digit but one fails, the survivor is placed. When a puzzle
//! has several solutions and no trial fails, the guess places a digit that keeps a solution and
//! says so.
//!
//! Design decision: the step is always sound — an elimination is made only when the trial was
//! proved to fail, never because the solution is known — so `explain --check` holds for it too.
//! The one exception is asked for: in HoDoKu's order ([`Options::hodoku`](crate::technique::Options::hodoku)) the last
//! resort is HoDoKu 2.2.4's "Brute Force", which places the solution's digit in the middle
//! empty cell (the empty cells in reading order, the one at half their count, rounded down);
//! the placed digit is the solution's, so a check against the solution still holds. It needs
//! the solution: when the grid has none or several (or the search runs out of budget), the
//! trial above is taken instead.

use sudokit_core::{Budget, Cell, Digit};

use crate::brute::{count, propagate_singles};
use crate::grid::CandidateGrid;
use crate::render::cell_name;
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::table::GUESS;

/// Finder for [`GUESS`].
pub struct Guess;

/// How a trial of `digit` in `cell` ended.
enum Trial {
    /// Singles alone reached a contradiction.
    Singles,
    /// Exhaustive search found no solution.
    Search,
    /// The trial leads to a solution.
    Solution,
    /// The search budget ran out.
    Unknown,
}

/// A trial's exhaustive search: 2,000,000 nodes at most, and no later than the deadline.
fn trial(g: &CandidateGrid, cell: Cell, digit: Digit, budget: &Budget) -> Trial {
    let mut t = g.clone();
    t.place(cell, digit);
    match propagate_singles(&mut t) {
        Err(_) => Trial::Singles,
        Ok(_) => {
            let mut lim = budget.start();
            let c = count(&t, 1, &mut lim);
            if c.stopped {
                Trial::Unknown
            } else if c.solutions == 0 {
                Trial::Search
            } else {
                Trial::Solution
            }
        }
    }
}

impl Technique for Guess {
    fn info(&self) -> &'static TechniqueInfo {
        &GUESS
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        if f.options.hodoku {
            if let Some(step) = brute_force(g, &f.budget(2_000_000)) {
                f.emit(step);
                return;
            }
            if f.out_of_time() {
                return;
            }
        }
        let Some(cell) = g
            .empty_cells()
            .filter(|&c| g.candidates(c).len() >= 2)
            .min_by_key(|&c| g.candidates(c).len())
        else {
            return;
        };
        let l = g.layout();
        let cands: Vec<Digit> = g.candidates(cell).iter().collect();
        let mut failed = Vec::new();
        let mut alive = Vec::new();
        let mut reasons = Vec::new();
        for &d in &cands {
            let trial = trial(g, cell, d, &f.budget(2_000_000));
            // A trial the deadline cut short says nothing: the step is not taken at all.
            if f.out_of_time() {
                return;
            }
            match trial {
                Trial::Singles => {
                    failed.push(d);
                    reasons.push(format!(
                        "assuming {}={d}, naked and hidden singles lead to a contradiction",
                        cell_name(l, cell)
                    ));
                }
                Trial::Search => {
                    failed.push(d);
                    reasons.push(format!(
                        "assuming {}={d}, an exhaustive search finds no solution",
                        cell_name(l, cell)
                    ));
                }
                Trial::Solution => alive.push(d),
                Trial::Unknown => {}
            }
        }
        let mut step = Step::new(&GUESS).cells([cell]);
        if !failed.is_empty() {
            for &d in &failed {
                step = step.eliminate(cell, d).mark(cell, d, Role::Eliminated);
            }
            step = step.digits(failed.iter().copied()).text(format!(
                "Trial and error on {}: {}; so {} cannot hold {}.",
                cell_name(l, cell),
                reasons.join("; "),
                cell_name(l, cell),
                failed
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(" or "),
            ));
            f.emit(step);
        } else if let Some(&d) = alive.first() {
            // No trial fails: the puzzle has several solutions through this cell.
            step = step
                .place(cell, d)
                .digits([d])
                .mark(cell, d, Role::Placed)
                .text(format!(
                    "Every candidate of {} leads to a solution: the puzzle has more than one. Guess {}={d}, which keeps a solution.",
                    cell_name(l, cell),
                    cell_name(l, cell)
                ));
            f.emit(step);
        }
    }
}

/// HoDoKu's brute force: the solution's digit in the middle empty cell, when the grid has
/// exactly one solution (found within `budget`).
fn brute_force(g: &CandidateGrid, budget: &Budget) -> Option<Step> {
    let empty: Vec<Cell> = g.empty_cells().collect();
    let cell = *empty.get(empty.len() / 2)?;
    let found = count(g, 2, &mut budget.start());
    if found.stopped || found.solutions != 1 {
        return None;
    }
    let d = found.first?.value(cell)?;
    let name = cell_name(g.layout(), cell);
    Some(
        Step::new(&GUESS)
            .cells([cell])
            .place(cell, d)
            .digits([d])
            .mark(cell, d, Role::Placed)
            .text(format!(
                "Brute force (HoDoKu's last resort): the puzzle is solved by search and its digit in the middle empty cell is placed, {name}={d}."
            )),
    )
}
