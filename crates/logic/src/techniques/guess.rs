//! The last resort, explained: a trial on the cell with fewest candidates. A digit whose trial
//! ends in a contradiction (by singles, or else by exhaustive search) is eliminated, with the
//! trial told step by step; if every digit but one fails, the survivor is placed. When a puzzle
//! has several solutions and no trial fails, the guess places a digit that keeps a solution and
//! says so.
//!
//! Design decision: the step is always sound — an elimination is made only when the trial was
//! proved to fail, never because the solution is known — so `explain --check` holds for it too.

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
