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
use crate::step::Step;
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
    seed_level_within(puzzle, &Budget::unlimited())
}

/// [`seed_level`], also `None` when `budget`'s time runs out or its cancel flag is set (its
/// node limit is not used: the search keeps its own).
pub fn seed_level_within(puzzle: &Grid, budget: &Budget) -> Option<usize> {
    let g = CandidateGrid::new(puzzle);
    let mut lim = Budget {
        nodes: Some(5_000_000),
        time: budget.time,
        cancel: budget.cancel.clone(),
    }
    .start();
    let c = count(&g, 1, &mut lim);
    (c.solutions > 0 && !c.stopped).then_some(1 + c.depth_to_first)
}

/// qqwing's techniques (naked and hidden singles, naked and hidden pairs, pointing, claiming).
const QQWING: [&str; 8] = [
    "full-house",
    "naked-single",
    "hidden-single",
    "naked-pair",
    "locked-pair",
    "pointing",
    "claiming",
    "hidden-pair",
];

/// The solver qqwing's class is measured with: qqwing's techniques in HoDoKu's order.
fn qqwing_solver() -> LogicSolver {
    let ts = QQWING.iter().filter_map(|id| lookup(id)).collect();
    let mut solver = LogicSolver::with_techniques(ts, Order::Hodoku);
    solver.options.uniqueness = false;
    solver
}

/// qqwing's class: solve with qqwing's techniques only (naked and hidden singles, naked and
/// hidden pairs, pointing, claiming); stuck means qqwing would guess.
pub fn qqwing_class(puzzle: &Grid) -> Qqwing {
    let path = qqwing_solver().solve(puzzle, &Budget::unlimited());
    class_of(&path.steps, path.status)
}

/// [`qqwing_class`] under `budget`'s time and cancel flag: `None` when they stop qqwing's
/// solver before it is solved or stuck.
pub fn qqwing_class_within(puzzle: &Grid, budget: &Budget) -> Option<Qqwing> {
    let path = qqwing_solver().solve(puzzle, &time_only(budget));
    (path.status != PathStatus::Stopped).then(|| class_of(&path.steps, path.status))
}

/// `budget`'s time limit and cancel flag, without its node (step) limit.
fn time_only(budget: &Budget) -> Budget {
    Budget {
        nodes: None,
        time: budget.time,
        cancel: budget.cancel.clone(),
    }
}

/// [`qqwing_class`] of `puzzle`, taken from `path` — the path `solver` found from `start` —
/// as far as that is the path qqwing's solver takes, else solved for.
///
/// It is, up to the first step of a technique qqwing lacks, when `start` is the puzzle's own
/// candidate grid and `solver` tries qqwing's techniques in the same relative order: at each
/// of those steps the technique that fired came first among those that could, and qqwing's
/// solver tries a subset of them in that order, so it picks the same step (the finders of
/// these techniques read no option). qqwing's solver then goes on from the grid before that
/// step (for a hard puzzle, mostly to find itself stuck there), so the steps the two share are
/// found once, not twice.
pub fn qqwing_class_of_path(
    puzzle: &Grid,
    solver: &LogicSolver,
    start: &CandidateGrid,
    path: &Path,
) -> Qqwing {
    qqwing_class_of_path_within(puzzle, solver, start, path, &Budget::unlimited())
        .expect("no limit")
}

/// [`qqwing_class_of_path`] under `budget`'s time and cancel flag: `None` when they stop
/// qqwing's solver before it is solved or stuck.
pub fn qqwing_class_of_path_within(
    puzzle: &Grid,
    solver: &LogicSolver,
    start: &CandidateGrid,
    path: &Path,
    budget: &Budget,
) -> Option<Qqwing> {
    let qq = qqwing_solver();
    let shared = shared_prefix(puzzle, solver, &qq, start, path);
    let steps = &path.steps[..shared];
    if shared == path.steps.len() && path.status == PathStatus::Solved {
        return Some(class_of(steps, PathStatus::Solved));
    }
    let mut g = if shared == 0 {
        CandidateGrid::new(puzzle)
    } else {
        start.clone()
    };
    for s in steps {
        g.apply(s);
    }
    let rest = qq.solve_from(g, &time_only(budget));
    (rest.status != PathStatus::Stopped)
        .then(|| class_of(steps.iter().chain(&rest.steps), rest.status))
}

/// How many of `path`'s first steps are those qqwing's solver takes (see
/// [`qqwing_class_of_path`]): none unless `start` is the puzzle's own candidate grid and
/// `solver` tries qqwing's techniques in qqwing's relative order.
fn shared_prefix(
    puzzle: &Grid,
    solver: &LogicSolver,
    qq: &LogicSolver,
    start: &CandidateGrid,
    path: &Path,
) -> usize {
    let ids = |ts: &[&'static dyn crate::technique::Technique]| -> Vec<&'static str> {
        ts.iter()
            .map(|t| t.info().id)
            .filter(|id| QQWING.contains(id))
            .collect()
    };
    if ids(solver.techniques()) != ids(qq.techniques()) || *start != CandidateGrid::new(puzzle) {
        return 0;
    }
    path.steps
        .iter()
        .take_while(|s| QQWING.contains(&s.technique.id))
        .count()
}

/// The class of a path of qqwing's solver: its steps and how it ended.
fn class_of<'a>(steps: impl IntoIterator<Item = &'a Step> + Clone, status: PathStatus) -> Qqwing {
    if status != PathStatus::Solved {
        return Qqwing::Expert;
    }
    let used = |id: &str| steps.clone().into_iter().any(|s| s.technique.id == id);
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

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::DigitSet;
    use sudokit_core::format::{InputFormat, parse_one};

    /// The class taken from the explained path is the class of qqwing's own solve: on 17-clue
    /// puzzles (many solved by qqwing's techniques alone, the path reused), on hard ones (a
    /// path with other techniques: solved again), from pencil marks that differ from the
    /// puzzle's and with a solver lacking one of qqwing's techniques (solved again).
    #[test]
    fn class_from_the_path_is_qqwing_own() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../data/logic/17clue-300.txt"
        ))
        .unwrap();
        let full = LogicSolver::default();
        // Without hidden singles, a path of qqwing's other techniques is not qqwing's.
        let mut partial = LogicSolver::default();
        partial.retain(|t| t.info().id != "hidden-single");
        let qq = qqwing_solver();
        // Paths read whole, and paths whose first steps qqwing's solver goes on from: to find
        // itself stuck (expert), or to solve the puzzle.
        let (mut reused, mut stuck, mut goes_on) = (0, 0, 0);
        let hard = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
        ];
        for line in text.lines().take(60).chain(hard) {
            let p = parse_one(line, InputFormat::Auto).unwrap();
            let own = qqwing_class(&p);
            let start = CandidateGrid::new(&p);
            for solver in [&full, &partial] {
                let path = solver.solve_from(start.clone(), &Budget::unlimited());
                assert_eq!(
                    qqwing_class_of_path(&p, solver, &start, &path),
                    own,
                    "{line}"
                );
                let shared = shared_prefix(&p, solver, &qq, &start, &path);
                if std::ptr::eq(solver, &partial) {
                    assert_eq!(shared, 0, "{line}");
                } else if shared == path.steps.len() && path.status == PathStatus::Solved {
                    reused += 1;
                } else if shared > 0 && own == Qqwing::Expert {
                    stuck += 1;
                } else if shared > 0 {
                    goes_on += 1;
                }
            }
            // Pencil marks down to the solution's digits (naked singles all the way): another
            // start, so the puzzle is solved again.
            let solved = full.solve_from(start.clone(), &Budget::unlimited()).grid;
            let marks = start
                .cells()
                .map(|c| match start.value(c) {
                    None => DigitSet::single(solved.value(c).unwrap()),
                    Some(_) => DigitSet::EMPTY,
                })
                .collect();
            let values = start.values().to_vec();
            let givens = values.iter().map(|&v| v != 0).collect();
            let thinned =
                CandidateGrid::with_candidates(p.layout_arc().clone(), values, marks, givens);
            let path = full.solve_from(thinned.clone(), &Budget::unlimited());
            assert_eq!(qqwing_class_of_path(&p, &full, &thinned, &path), own);
        }
        assert!(reused > 20, "{reused}");
        assert!(stuck >= 2, "{stuck}");
        assert!(goes_on > 0, "{goes_on}");
    }
}
