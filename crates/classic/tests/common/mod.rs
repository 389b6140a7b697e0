//! Shared helpers for the engine tests: test data, counting with verification, layouts.

#![allow(
    dead_code,
    reason = "each test file uses a different subset of the helpers"
)]

use std::sync::Arc;

use sudokit_core::verify::verify;
use sudokit_core::{Budget, End, Extra, Grid, Layout, Request, Solver, Status};

/// A puzzle set shipped in the repository's `data/` folder (copies of `../shared/data/9x9`).
pub fn shared(name: &str) -> String {
    format!("{}/../../data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// One seed case: the puzzle and its expected solution (`None`: no solution).
pub struct SeedCase {
    pub label: String,
    pub puzzle: Grid,
    pub solution: Option<Grid>,
}

/// The seed cases: a puzzle line, then its solution or `none`, `#` lines naming them.
pub fn seed_cases() -> Vec<SeedCase> {
    sudokit_testkit::seed_cases()
        .into_iter()
        .map(|(label, puzzle, solution)| SeedCase {
            label,
            puzzle,
            solution,
        })
        .collect()
}

/// Parses one puzzle line.
pub fn parse(line: &str) -> Grid {
    sudokit_testkit::parse(line)
}

/// Asserts that `engine` gives every seed case its listed outcome: no solution, the one listed
/// solution, or (the empty grid) at least two, where `empty_first`, when given, must be the
/// first solution `engine` finds for it.
pub fn assert_seed_outcomes(engine: &dyn Solver, empty_first: bool) {
    for case in seed_cases() {
        let n = count2(engine, &case.puzzle);
        match &case.solution {
            None => assert_eq!(n, 0, "{}", case.label),
            Some(s) if case.puzzle.given_count() == 0 => {
                assert_eq!(n, 2, "{}", case.label);
                if empty_first {
                    assert_eq!(
                        first(engine, &case.puzzle).as_ref(),
                        Some(s),
                        "{}",
                        case.label
                    );
                }
            }
            Some(s) => {
                assert_eq!(n, 1, "{}", case.label);
                assert_eq!(
                    first(engine, &case.puzzle).as_ref(),
                    Some(s),
                    "{}",
                    case.label
                );
            }
        }
    }
}

/// Puzzles of a shared 9×9 file (one per line), at most `limit`.
pub fn shared_puzzles(name: &str, limit: usize) -> Vec<Grid> {
    let text = std::fs::read_to_string(shared(name)).expect("puzzle set in data/");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(limit)
        .map(parse)
        .collect()
}

/// Counts solutions up to `cap` within `budget`, verifying every grid returned. `None` when
/// the budget ran out before the count was settled.
pub fn count(engine: &dyn Solver, puzzle: &Grid, cap: u64, budget: Budget) -> Option<u64> {
    let request = Request::count(cap, cap as usize).with_budget(budget);
    let r = engine.solve(puzzle, &request).expect("engine runs");
    for s in &r.solutions {
        if let Err(e) = verify(puzzle, s) {
            panic!("{} returned a wrong grid: {e}", engine.name());
        }
    }
    // Solutions must be distinct.
    for (i, a) in r.solutions.iter().enumerate() {
        for b in &r.solutions[i + 1..] {
            assert_ne!(a, b, "{} returned the same solution twice", engine.name());
        }
    }
    match r.end {
        End::Exhausted | End::SolutionLimit => Some(r.count),
        End::Budget | End::GaveUp => None,
    }
}

/// Counts up to 2 with no budget.
pub fn count2(engine: &dyn Solver, puzzle: &Grid) -> u64 {
    count(engine, puzzle, 2, Budget::unlimited()).expect("no budget, so the count is settled")
}

/// The first solution, verified; `None` when there is none (asserted to be exact).
pub fn first(engine: &dyn Solver, puzzle: &Grid) -> Option<Grid> {
    let r = engine
        .solve(puzzle, &Request::first())
        .expect("engine runs");
    match r.status {
        Status::Solved => {
            let s = r
                .solutions
                .into_iter()
                .next()
                .expect("a solved report keeps its grid");
            verify(puzzle, &s).expect("returned grid verifies");
            Some(s)
        }
        Status::Unsolvable => None,
        other => panic!("unexpected status {other:?}"),
    }
}

/// Puzzle of `solution`'s layout keeping the cells where `keep(i)` holds.
pub fn blank(solution: &Grid, keep: impl Fn(usize) -> bool) -> Grid {
    let values = solution
        .values()
        .iter()
        .enumerate()
        .map(|(i, &v)| if keep(i) { v } else { 0 })
        .collect();
    Grid::from_values(solution.layout_arc().clone(), values)
}

/// A cheap deterministic pseudo-random keep pattern (`percent` of the cells kept).
pub fn pattern(seed: u64, percent: u64) -> impl Fn(usize) -> bool {
    move |i| {
        let mut x = seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x ^= x >> 31;
        x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 29;
        x % 100 < percent
    }
}

/// A 9×9 jigsaw layout: the standard boxes with a few cells traded between neighbours, so
/// that no region is a box but every region stays connected.
pub fn jigsaw9() -> Layout {
    let rows = [
        "AAABBBBCC",
        "AAABBBCCC",
        "DAABBCCCC",
        "DDAEEEEFF",
        "DDDEEEFFF",
        "DDDEEFFFF",
        "GGHHHHHII",
        "GGGHHHIII",
        "GGGGHIIII",
    ];
    let labels: Vec<String> = rows
        .iter()
        .flat_map(|r| r.chars().map(|c| c.to_string()))
        .collect();
    let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
    Layout::jigsaw_from_labels(9, &refs).expect("the test jigsaw is valid")
}

/// Layouts other than plain 9×9 used across the tests, each with a name.
pub fn layouts() -> Vec<(&'static str, Arc<Layout>)> {
    vec![
        ("4x4", Arc::new(Layout::standard(4).unwrap())),
        ("6x6", Arc::new(Layout::boxed(6, 2, 3).unwrap())),
        ("8x8 4x2", Arc::new(Layout::boxed(8, 4, 2).unwrap())),
        (
            "9x9 X",
            Arc::new(
                Layout::standard(9)
                    .unwrap()
                    .with_extras(&[Extra::Diagonals]),
            ),
        ),
        (
            "9x9 anti-knight",
            Arc::new(
                Layout::standard(9)
                    .unwrap()
                    .with_extras(&[Extra::AntiKnight]),
            ),
        ),
        (
            "9x9 anti-king",
            Arc::new(Layout::standard(9).unwrap().with_extras(&[Extra::AntiKing])),
        ),
        ("9x9 jigsaw", Arc::new(jigsaw9())),
    ]
}

/// Solves with an incomplete `engine`, asserting the outcome is a verified solution or
/// "unknown" (never "unsolvable" or "stopped").
pub fn incomplete(engine: &dyn Solver, p: &Grid, budget: Option<Budget>) -> Option<Grid> {
    let mut request = Request::first();
    if let Some(b) = budget {
        request = request.with_budget(b);
    }
    let r = engine.solve(p, &request).unwrap();
    match r.status {
        Status::Solved => {
            assert_eq!(r.solutions.len(), 1);
            verify(p, &r.solutions[0]).unwrap();
            Some(r.solutions[0].clone())
        }
        Status::Unknown => {
            assert_eq!(r.end, End::GaveUp);
            assert!(r.solutions.is_empty());
            None
        }
        other => panic!("{} must never report {other:?}", engine.name()),
    }
}

/// Runs the engine `make` builds twice on a hard 9×9 within `budget` and asserts the two runs
/// are the same: status, nodes, best cost and solutions (a seeded engine must replay).
pub fn assert_seeded_runs_repeat(make: impl Fn() -> Box<dyn Solver>, budget: Budget) {
    let p =
        parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    let runs: Vec<_> = (0..2)
        .map(|_| {
            let r = make()
                .solve(&p, &Request::first().with_budget(budget.clone()))
                .unwrap();
            (
                r.status,
                r.stats.nodes,
                r.stats.extra["best_cost"],
                r.solutions,
            )
        })
        .collect();
    assert_eq!(runs[0], runs[1]);
}

/// On every layout of [`layouts`], three puzzles blanked from a grid `colour` found (seeds 1
/// to 3 keeping 45, 30 and 22 per cent) are solved within `budget` by each engine `make(seed)`
/// gives, every answer verified; on each layout at least one run must have a positive
/// `searched` statistic (singles alone did not finish them all, so the search itself ran).
pub fn assert_solves_every_layout<E: Solver + std::fmt::Debug>(
    make: impl Fn(u64) -> Vec<E>,
    budget: Budget,
    searched: &str,
) {
    for (name, layout) in layouts() {
        let full = first(
            &sudokit_classic::Colour::new(),
            &Grid::empty(layout.clone()),
        )
        .expect(name);
        let mut ran = 0;
        for (seed, keep) in [(1, 45), (2, 30), (3, 22)] {
            let p = blank(&full, pattern(seed, keep));
            for engine in make(seed) {
                let r = engine
                    .solve(&p, &Request::first().with_budget(budget.clone()))
                    .unwrap();
                assert_eq!(r.status, Status::Solved, "{name} seed {seed} {engine:?}");
                verify(&p, &r.solutions[0]).unwrap();
                ran += usize::from(r.stats.extra[searched] > 0.0);
            }
        }
        assert!(ran > 0, "{name}: every puzzle fell to singles");
    }
}
