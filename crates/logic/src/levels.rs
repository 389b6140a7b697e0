//! Difficulty levels people already use, from a solving path: seed `001`'s level (1 when
//! FIX-SQUARE's singles solve it, 2 with one level of guessing, 3 with two, ...), qqwing's class
//! (simple, easy, intermediate, expert) and HoDoKu's level and score (2.2 thresholds).
//!
//! Design decision: each is computed the way its program computes it — qqwing's class from a
//! path restricted to qqwing's own techniques, HoDoKu's from the HoDoKu-ordered path's scores —
//! rather than mapped from one number, so they agree with those programs where they overlap.

use sudokit_core::{Budget, Grid};

use crate::brute::count;
use crate::grid::CandidateGrid;
use crate::solver::{LogicSolver, Order, Path, PathStatus};
use crate::technique::Level;
use crate::techniques::lookup;

/// qqwing's difficulty classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Qqwing {
    /// Naked singles only.
    Simple,
    /// Hidden singles too.
    Easy,
    /// Pairs and intersections.
    Intermediate,
    /// Needs a guess.
    Expert,
}

impl Qqwing {
    /// The class name.
    pub fn name(self) -> &'static str {
        match self {
            Qqwing::Simple => "simple",
            Qqwing::Easy => "easy",
            Qqwing::Intermediate => "intermediate",
            Qqwing::Expert => "expert",
        }
    }
}

/// Seed `001`'s level: 1 + the number of guesses on the path to the (first) solution when
/// guessing on the cell with fewest candidates after singles. `None` when there is no solution
/// or the search ran out of its node budget.
pub fn seed_level(puzzle: &Grid) -> Option<usize> {
    let g = CandidateGrid::new(puzzle);
    let mut lim = Budget::nodes(5_000_000).start();
    let c = count(&g, 1, &mut lim);
    (c.solutions > 0).then_some(1 + c.depth_to_first)
}

/// qqwing's class: solve with qqwing's techniques only (naked and hidden singles, naked and
/// hidden pairs, pointing, claiming); stuck means qqwing would guess.
pub fn qqwing_class(puzzle: &Grid) -> Qqwing {
    let ids = [
        "full-house",
        "naked-single",
        "hidden-single",
        "naked-pair",
        "locked-pair",
        "pointing",
        "claiming",
        "hidden-pair",
    ];
    let ts = ids.iter().filter_map(|id| lookup(id)).collect();
    let mut solver = LogicSolver::with_techniques(ts, Order::Hodoku);
    solver.options.uniqueness = false;
    let path = solver.solve(puzzle, &Budget::unlimited());
    if path.status != PathStatus::Solved {
        return Qqwing::Expert;
    }
    let used = |id: &str| path.steps.iter().any(|s| s.technique.id == id);
    if [
        "naked-pair",
        "locked-pair",
        "pointing",
        "claiming",
        "hidden-pair",
    ]
    .iter()
    .any(|id| used(id))
    {
        Qqwing::Intermediate
    } else if used("hidden-single") {
        Qqwing::Easy
    } else {
        Qqwing::Simple
    }
}

/// HoDoKu's level and score of a path (HoDoKu order): the score sums the steps' base scores;
/// the level is the hardest step's, raised while the score exceeds the level's maximum.
/// `None` when the path did not solve the puzzle.
pub fn hodoku_level(path: &Path) -> Option<(Level, u32)> {
    if path.status != PathStatus::Solved {
        return None;
    }
    let score: u32 = path.steps.iter().map(|s| s.technique.score).sum();
    let mut level = path
        .steps
        .iter()
        .map(|s| s.technique.level)
        .max()
        .unwrap_or(Level::Easy);
    while let Some(max) = level.max_score() {
        if score > max {
            level = level.next();
        } else {
            break;
        }
    }
    Some((level, score))
}
