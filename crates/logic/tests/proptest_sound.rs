//! Random minimal puzzles of every layout here (4×4, 6×6 with 2×3 boxes, 8×8 with 2×4 boxes,
//! 9×9, 9×9 X-sudoku, 9×9 anti-knight, a 6×6 jigsaw): every step of the human-style path is
//! sound against the puzzle's solution and the path solves it. A 256-case proptest in every
//! build; 512 seeded puzzles, each confirmed unique by a second engine, in the optimised one.

use std::sync::Arc;

use proptest::prelude::*;
use sudokit_core::{Budget, Cell, Digit, Extra, Grid, Layout, Request, Solver};
use sudokit_logic::brute::propagate_singles;
use sudokit_logic::{CandidateGrid, LogicSolver, Order, PathStatus, check_step};

/// A small deterministic generator (xorshift) so the puzzle depends only on the seed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random complete grid: random digit order per cell, singles after each choice, backtracking.
fn fill(g: CandidateGrid, rng: &mut Rng, budget: &mut u32) -> Option<CandidateGrid> {
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let Some(cell) = g.empty_cells().min_by_key(|&c| g.candidates(c).len()) else {
        return Some(g);
    };
    let mut ds: Vec<Digit> = g.candidates(cell).iter().collect();
    for i in (1..ds.len()).rev() {
        ds.swap(i, rng.below(i + 1));
    }
    for d in ds {
        let mut next = g.clone();
        next.place(cell, d);
        if propagate_singles(&mut next).is_ok()
            && let Some(done) = fill(next, rng, budget)
        {
            return Some(done);
        }
    }
    None
}

fn unique(p: &Grid) -> bool {
    sudokit_engines::Dlx::new()
        .solve(p, &Request::count(2, 0))
        .is_ok_and(|r| r.count == 1)
}

/// The layouts the tests walk: 4×4, 6×6 (2×3 boxes), 8×8 (2×4 boxes), 9×9, 9×9 X-sudoku,
/// 9×9 anti-knight and a 6×6 jigsaw.
const LAYOUTS: usize = 7;

fn layout(kind: usize) -> Layout {
    match kind {
        0 => Layout::standard(4).unwrap(),
        1 => Layout::boxed(6, 2, 3).unwrap(),
        2 => Layout::boxed(8, 2, 4).unwrap(),
        3 => Layout::standard(9).unwrap(),
        4 => Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::Diagonals]),
        5 => Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::AntiKnight]),
        _ => {
            let labels: Vec<String> = "AAABBB AACCBB ACCCCB DDDEEE DDFFEE DFFFFE"
                .split_whitespace()
                .flat_map(|r| r.chars().map(|c| c.to_string()))
                .collect();
            let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
            Layout::jigsaw_from_labels(6, &refs).unwrap()
        }
    }
}

/// A random minimal puzzle of layout `kind` and its solution: a random full grid, then givens
/// removed in random order while `dlx` finds the puzzle unique. `None` when the fill gives up.
fn minimal_puzzle(kind: usize, seed: u64) -> Option<(Grid, Grid)> {
    let l = Arc::new(layout(kind));
    let mut rng = Rng(seed);
    let empty = CandidateGrid::new(&Grid::empty(l.clone()));
    let mut budget = 20_000;
    let solution = fill(empty, &mut rng, &mut budget)?.to_grid();
    let mut puzzle = solution.clone();
    let mut order: Vec<usize> = (0..l.cell_count()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    for &i in &order {
        let keep = puzzle.get(Cell(i as u16));
        puzzle.set(Cell(i as u16), None);
        if !unique(&puzzle) {
            puzzle.set(Cell(i as u16), keep);
        }
    }
    Some((puzzle, solution))
}

/// Solves `puzzle` in HoDoKu order and checks every step against `solution`; the number of
/// steps, and whether the path needed more than singles. Panics on an unsound step.
fn solve_checked(puzzle: &Grid, solution: &Grid) -> Result<(usize, bool), TestCaseError> {
    let path = LogicSolver::new(Order::Hodoku).solve(puzzle, &Budget::unlimited());
    prop_assert_eq!(path.status, PathStatus::Solved);
    prop_assert_eq!(path.grid.values(), solution.values());
    for s in &path.steps {
        prop_assert!(
            check_step(s, solution).is_ok(),
            "unsound {}: {}",
            s.technique.id,
            s.text
        );
    }
    let singles = ["full-house", "naked-single", "hidden-single"];
    let beyond = path
        .steps
        .iter()
        .any(|s| !singles.contains(&s.technique.id));
    Ok((path.steps.len(), beyond))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]
    #[test]
    fn every_step_is_sound_on_random_puzzles(kind in 0usize..LAYOUTS, seed in 1u64..u64::MAX) {
        let made = minimal_puzzle(kind, seed);
        prop_assume!(made.is_some());
        let (puzzle, solution) = made.unwrap();
        solve_checked(&puzzle, &solution)?;
    }
}

/// Hundreds of random minimal puzzles, every layout in turn (optimised build: `scripts/test.sh`
/// runs it): every step sound, every path solved; uniqueness by `dlx` while removing givens and
/// again, with the solution, by `sat` (a second engine sharing no code with `dlx`). Asserts how
/// many puzzles and steps it checked and how many needed more than singles.
#[test]
#[ignore = "heavy: run with --ignored in an optimised profile"]
fn every_step_is_sound_on_512_random_minimal_puzzles_of_every_layout() {
    let sat = sudokit_engines::engine("sat", &Default::default()).unwrap();
    let (mut puzzles, mut steps, mut beyond) = (0, 0, 0);
    let mut per_layout = [0usize; LAYOUTS];
    for seed in 1..=512u64 {
        let kind = seed as usize % LAYOUTS;
        let Some((puzzle, solution)) =
            minimal_puzzle(kind, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        else {
            continue;
        };
        let r = sat.solve(&puzzle, &Request::count(2, 1)).unwrap();
        assert_eq!(r.count, 1, "seed {seed}: sat finds {} solutions", r.count);
        assert_eq!(r.solutions[0].values(), solution.values(), "seed {seed}");
        let (n, hard) =
            solve_checked(&puzzle, &solution).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        puzzles += 1;
        steps += n;
        beyond += usize::from(hard);
        per_layout[kind] += 1;
    }
    // Measured: 512 puzzles (73 or 74 a layout), 35,477 steps, 237 needing more than singles.
    assert_eq!(puzzles, 512, "puzzles made");
    assert!(per_layout.iter().all(|&n| n >= 73), "{per_layout:?}");
    assert!(steps >= 30_000, "only {steps} steps checked");
    assert!(
        beyond >= 200,
        "only {beyond} puzzles needed more than singles"
    );
}
