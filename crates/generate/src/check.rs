//! A puzzle's properties for `sudokit check`: givens, solution count (capped at 2), minimality,
//! the symmetry classes its givens have, and under which of them it is orbit-minimal (what
//! `generate --symmetry` makes: no whole orbit of givens can go).
//!
//! Design decision: the count comes from the same [`Checker`] the generator uses, and
//! minimality is only tested on unique puzzles (an ambiguous puzzle is not "minimal" in any
//! useful sense), so `check` and `generate` can never disagree.

use sudokit_core::Grid;

use crate::symmetry::Symmetry;
use crate::unique::{Checker, Count, Verdict};

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
    /// Of `symmetries`, those under which the puzzle is orbit-minimal: removing any one orbit
    /// of givens (the cells the class maps onto each other) leaves several solutions, proven
    /// by a second solution for each orbit. A strictly minimal puzzle is orbit-minimal under
    /// every class it has; a puzzle `generate --symmetry S` makes is orbit-minimal under `S`
    /// without always being strictly minimal. `None` when the puzzle is not unique.
    pub orbit_minimal: Option<Vec<Symmetry>>,
}

/// Checks `puzzle` with `checker` (whose layout must be the puzzle's).
pub fn properties(puzzle: &Grid, checker: &Checker) -> Properties {
    let values = puzzle.values();
    let n = puzzle.size();
    let count = checker.count_grid(puzzle);
    let minimal = (count == Count::Unique).then(|| checker.is_minimal(values));
    let symmetries: Vec<Symmetry> = Symmetry::ALL
        .into_iter()
        .filter(|&s| s != Symmetry::None && s.holds(values, n))
        .collect();
    let orbit_minimal = match minimal {
        None => None,
        // Removing an orbit removes a given that alone could not go.
        Some(true) => Some(symmetries.clone()),
        Some(false) => checker.unique_solution(values).map(|solution| {
            symmetries
                .iter()
                .copied()
                .filter(|&s| orbit_minimal_under(s, n, values, &solution, checker))
                .collect()
        }),
    };
    Properties {
        givens: puzzle.given_count(),
        count,
        minimal,
        symmetries,
        orbit_minimal,
    }
}

/// Whether every orbit of `sym` holding givens is needed: without it the puzzle (solution
/// `solution`) has a second solution. A budget that runs out proves nothing, so it answers no.
fn orbit_minimal_under(
    sym: Symmetry,
    n: usize,
    values: &[u8],
    solution: &[u8],
    checker: &Checker,
) -> bool {
    let mut v = values.to_vec();
    sym.orbits(n)
        .iter()
        .filter(|orbit| values[orbit[0]] != 0)
        .all(|orbit| {
            for &i in orbit {
                v[i] = 0;
            }
            let needed = checker.verdict(&v, orbit, solution) == Verdict::Several;
            for &i in orbit {
                v[i] = values[i];
            }
            needed
        })
}
