//! The independent soundness check: a step against a known solution. A placement must equal
//! the solution's digit; an elimination must never remove it.
//!
//! Design decision: the solution comes from outside the logic crate (an engine, in the CLI and
//! the tests), so a technique bug cannot hide behind a matching bug in its own checker.

use sudokit_core::Grid;

use crate::step::{Candidate, Step};

/// A step that contradicts the solution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unsound {
    /// The step places a digit the solution does not have there.
    #[error("{technique} places {digit} in cell {cell}, but the solution has {expected} there")]
    WrongPlacement {
        /// Technique id.
        technique: &'static str,
        /// Cell index.
        cell: usize,
        /// Digit placed.
        digit: u8,
        /// The solution's digit.
        expected: u8,
    },
    /// The step removes the solution's digit from a cell.
    #[error("{technique} removes {digit} from cell {cell}, which is the solution's digit there")]
    RemovesSolution {
        /// Technique id.
        technique: &'static str,
        /// Cell index.
        cell: usize,
        /// Digit removed.
        digit: u8,
    },
}

/// Checks `step` against `solution`.
pub fn check_step(step: &Step, solution: &Grid) -> Result<(), Unsound> {
    let sol = |c: &Candidate| solution.values()[c.cell.index()];
    for p in &step.placements {
        if sol(p) != p.digit.get() {
            return Err(Unsound::WrongPlacement {
                technique: step.technique.id,
                cell: p.cell.index(),
                digit: p.digit.get(),
                expected: sol(p),
            });
        }
    }
    for e in &step.eliminations {
        if sol(e) == e.digit.get() {
            return Err(Unsound::RemovesSolution {
                technique: step.technique.id,
                cell: e.cell.index(),
                digit: e.digit.get(),
            });
        }
    }
    Ok(())
}
