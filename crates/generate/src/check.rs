//! A puzzle's properties for `sudokit check`: givens, solution count (capped at 2), minimality
//! and the symmetry classes its givens have.
//!
//! Design decision: the count comes from the same [`Checker`] the generator uses, and
//! minimality is only tested on unique puzzles (an ambiguous puzzle is not "minimal" in any
//! useful sense), so `check` and `generate` can never disagree.

use sudokit_core::Grid;

use crate::symmetry::Symmetry;
use crate::unique::{Checker, Count};

/// What `check` reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Properties {
    /// Number of givens.
    pub givens: usize,
    /// Solution count, capped at 2.
    pub count: Count,
    /// Minimal (no single given removable), when the puzzle is unique.
    pub minimal: Option<bool>,
    /// The symmetry classes the givens have (`None` excluded), whether or not the layout allows
    /// them.
    pub symmetries: Vec<Symmetry>,
}

/// Checks `puzzle` with `checker` (whose layout must be the puzzle's).
pub fn properties(puzzle: &Grid, checker: &Checker) -> Properties {
    let values = puzzle.values();
    let n = puzzle.size();
    let count = checker.count_grid(puzzle);
    let minimal = (count == Count::Unique).then(|| checker.is_minimal(values));
    Properties {
        givens: puzzle.given_count(),
        count,
        minimal,
        symmetries: Symmetry::ALL
            .into_iter()
            .filter(|&s| s != Symmetry::None && s.holds(values, n))
            .collect(),
    }
}
