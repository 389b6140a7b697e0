//! proptest: random uniquely solvable puzzles of several sizes and layouts (4×4, 6×6 with 2×3
//! boxes, 8×8 with 2×4 boxes, 9×9, 9×9 X-sudoku); every step of the human-style path is sound
//! against the puzzle's solution and the path solves it.

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

fn layout(kind: usize) -> Layout {
    match kind {
        0 => Layout::standard(4).unwrap(),
        1 => Layout::boxed(6, 2, 3).unwrap(),
        2 => Layout::boxed(8, 2, 4).unwrap(),
        3 => Layout::standard(9).unwrap(),
        _ => Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::Diagonals]),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn every_step_is_sound_on_random_puzzles(kind in 0usize..5, seed in 1u64..u64::MAX) {
        let l = Arc::new(layout(kind));
        let mut rng = Rng(seed);
        let empty = CandidateGrid::new(&Grid::empty(l.clone()));
        let mut budget = 20_000;
        let full = fill(empty, &mut rng, &mut budget);
        prop_assume!(full.is_some());
        let solution = full.unwrap().to_grid();
        // Remove givens in random order while the puzzle stays unique.
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
        let path = LogicSolver::new(Order::Hodoku).solve(&puzzle, &Budget::unlimited());
        prop_assert_eq!(path.status, PathStatus::Solved);
        prop_assert_eq!(path.grid.values(), solution.values());
        for s in &path.steps {
            prop_assert!(check_step(s, &solution).is_ok(), "unsound {}: {}", s.technique.id, s.text);
        }
    }
}
