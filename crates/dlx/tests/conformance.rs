//! `dlx` against a plain reference backtracker: counts capped at 2 must agree and every
//! returned grid must pass `sudokit_core::verify::verify`, on the seed cases, top95, X sudoku,
//! jigsaw 9×9 and 10×10, anti-knight and anti-king, every box shape from 4×4 to 25×25, and
//! contradictory and deep-failing puzzles.

mod common;

use common::{Rng, agree, blank, boxed_grid, jigsaw_for, reference_count, unique_puzzle};
use std::sync::Arc;
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::{Extra, Grid, Layout, SolveError, Solver};
use sudokit_dlx::Dlx;

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn seed_cases_match_their_expected_outcome() {
    for (label, puzzle, expected) in sudokit_testkit::seed_cases() {
        let count = agree(&puzzle, 2);
        let first = Dlx::new().first_solution(&puzzle).unwrap();
        match expected {
            None => {
                assert_eq!(count, 0, "{label} should have no solution");
                assert!(first.is_none());
            }
            Some(expected) => {
                let first = first.expect("solvable");
                sudokit_core::verify::verify(&puzzle, &first).unwrap();
                if count == 1 {
                    assert_eq!(first, expected, "unique solution of {label}");
                }
            }
        }
    }
}

#[test]
fn top95_counts_agree() {
    let text = read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/logic/top95.txt"
    ));
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let puzzle = parse_one(line, InputFormat::Auto).unwrap();
        assert_eq!(agree(&puzzle, 2), 1, "top95 puzzles are unique: {line}");
        n += 1;
    }
    assert_eq!(n, 95);
}

#[test]
fn deep_failing_puzzles_have_no_solution() {
    // A unique puzzle plus one extra given that does not clash with any given but differs from
    // the solution has no solution, and only a search can tell.
    let text = read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/logic/top95.txt"
    ));
    let mut searched = 0;
    for line in text.lines().take(12) {
        let puzzle = parse_one(line, InputFormat::Auto).unwrap();
        let (_, solution) = reference_count(&puzzle, 1);
        let solution = solution.unwrap();
        let mut v = puzzle.values().to_vec();
        let open = (0..81)
            .find_map(|i| {
                if v[i] != 0 {
                    return None;
                }
                let g = Grid::from_values(puzzle.layout_arc().clone(), v.clone());
                g.open_digits(sudokit_core::Cell(i as u16))
                    .iter()
                    .map(|d| d.get())
                    .find(|&d| d != solution[i])
                    .map(|d| (i, d))
            })
            .unwrap();
        v[open.0] = open.1;
        let bad = Grid::from_values(puzzle.layout_arc().clone(), v);
        assert!(bad.find_conflict().is_none());
        assert_eq!(agree(&bad, 2), 0);
        let r = Dlx::new()
            .solve(&bad, &sudokit_core::Request::first())
            .unwrap();
        assert_eq!(r.status, sudokit_core::Status::Unsolvable);
        if r.stats.nodes > 10 {
            searched += 1;
        }
    }
    assert!(searched >= 3, "only {searched} needed a real search");
}

#[test]
fn contradictory_puzzles_are_unsolvable_or_rejected() {
    // Row 1 holds 1..8 and column 9 holds a 9 lower down: no clash, but cell (1,9) is empty
    // of candidates.
    let mut v = vec![0u8; 81];
    v[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
    v[4 * 9 + 8] = 9;
    let layout = Arc::new(Layout::standard(9).unwrap());
    let p = Grid::from_values(layout.clone(), v.clone());
    assert_eq!(agree(&p, 2), 0);
    // Two equal givens in a row: solve reports the conflict, and so does search itself.
    v[8] = 1;
    let p = Grid::from_values(layout, v);
    assert!(matches!(
        Dlx::new().solve(&p, &sudokit_core::Request::first()),
        Err(SolveError::Conflict(_))
    ));
    let r = Dlx::new().search(&p, &sudokit_core::Limits::first(), &mut |_| {
        sudokit_core::Flow::Continue
    });
    assert!(matches!(r, Err(SolveError::Conflict(_))));
}

#[test]
fn every_box_shape_agrees_with_the_reference() {
    let mut rng = Rng(0x5EED_0001);
    for (rows, cols, percents) in [
        (2usize, 2usize, &[30usize, 60, 80, 100][..]),
        (2, 3, &[40, 60, 75]),
        (3, 2, &[40, 60]),
        (2, 4, &[40, 55, 70]),
        (3, 3, &[50, 60, 70]),
        (3, 4, &[40, 55]),
        (4, 3, &[45]),
        (4, 4, &[35, 50]),
    ] {
        let n = rows * cols;
        let layout = Arc::new(Layout::boxed(n, rows, cols).unwrap());
        for &pc in percents {
            for _ in 0..3 {
                let full = boxed_grid(rows, cols, &mut rng);
                sudokit_core::verify::check_grid(&Grid::from_values(layout.clone(), full.clone()))
                    .unwrap();
                agree(&blank(&layout, &full, pc, &mut rng), 2);
            }
        }
        if n <= 9 {
            let full = boxed_grid(rows, cols, &mut rng);
            let p = unique_puzzle(&layout, &full, 100, &mut rng);
            assert_eq!(agree(&p, 2), 1, "{n}x{n} minimal puzzle");
        }
    }
}

#[test]
fn twenty_five_by_twenty_five_agrees() {
    let mut rng = Rng(0x5EED_0025);
    let layout = Arc::new(Layout::boxed(25, 5, 5).unwrap());
    for pc in [30, 45] {
        let full = boxed_grid(5, 5, &mut rng);
        agree(&blank(&layout, &full, pc, &mut rng), 2);
    }
}

#[test]
fn x_sudoku_agrees() {
    let layout = Arc::new(
        Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::Diagonals]),
    );
    let (_, full) = reference_count(&Grid::empty(layout.clone()), 1);
    let full = full.expect("an X sudoku grid exists");
    let mut rng = Rng(0x5EED_00A1);
    for pc in [50, 65, 80] {
        agree(&blank(&layout, &full, pc, &mut rng), 2);
    }
    let p = unique_puzzle(&layout, &full, 100, &mut rng);
    assert_eq!(agree(&p, 2), 1);
    // The same givens without the diagonal rule may have more solutions, never fewer.
    let plain = Grid::from_values(Arc::new(Layout::standard(9).unwrap()), p.values().to_vec());
    assert!(reference_count(&plain, 2).0 >= 1);
}

#[test]
fn jigsaw_9x9_and_10x10_agree() {
    let mut rng = Rng(0x5EED_0916);
    for (rows, cols) in [(3usize, 3usize), (2, 5)] {
        let full = boxed_grid(rows, cols, &mut rng);
        let layout = Arc::new(jigsaw_for(&full, rows, cols, 12, &mut rng));
        assert!(layout.is_jigsaw());
        let grid = Grid::from_values(layout.clone(), full.clone());
        sudokit_core::verify::check_grid(&grid).unwrap();
        for pc in [45, 60, 75] {
            agree(&blank(&layout, &full, pc, &mut rng), 2);
        }
        let p = unique_puzzle(&layout, &full, 62, &mut rng);
        assert_eq!(agree(&p, 2), 1);
        assert_eq!(Dlx::new().first_solution(&p).unwrap().unwrap(), grid);
    }
}

#[test]
fn anti_knight_and_anti_king_agree() {
    let mut rng = Rng(0x5EED_0C4E);
    for extra in [Extra::AntiKnight, Extra::AntiKing] {
        for (n, pcs) in [(6usize, &[40usize, 70][..]), (9, &[55, 70, 85])] {
            let layout = Arc::new(Layout::standard(n).unwrap().with_extras(&[extra]));
            Dlx::new().check_layout(&layout).unwrap();
            let (_, full) = reference_count(&Grid::empty(layout.clone()), 1);
            let Some(full) = full else {
                // No grid at all: dlx must agree the empty grid is unsolvable.
                assert_eq!(agree(&Grid::empty(layout.clone()), 2), 0);
                continue;
            };
            for &pc in pcs {
                agree(&blank(&layout, &full, pc, &mut rng), 2);
            }
            let p = unique_puzzle(&layout, &full, 100, &mut rng);
            assert_eq!(agree(&p, 2), 1, "{}", layout.describe());
        }
    }
}
