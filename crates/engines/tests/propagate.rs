//! Behaviour of the `propagate` engine on the seed cases, the shared hard sets, every size
//! and layout, and edge cases. Every returned grid goes through the independent checker.

mod common;

use common::*;
use std::sync::Arc;
use sudokit_core::verify::verify;
use sudokit_core::{Budget, Extra, Grid, Layout, Request, Solver, Status};
use sudokit_engines::Propagate;

fn engines() -> Vec<Propagate> {
    vec![Propagate::new(), Propagate::with_subsets(true)]
}

#[test]
fn seed_cases_give_the_listed_solution_or_none() {
    for e in engines() {
        for case in seed_cases() {
            let report = e.solve(&case.puzzle, &Request::count(2, 2)).unwrap();
            for s in &report.solutions {
                verify(&case.puzzle, s).unwrap_or_else(|err| panic!("{}: {err}", case.title));
            }
            match &case.solution {
                None => assert_eq!(report.status, Status::Unsolvable, "{}", case.title),
                Some(expected) if case.puzzle.given_count() == 0 => {
                    // The empty grid: many solutions, each valid.
                    assert_eq!(report.count, 2, "{}", case.title);
                    verify(&case.puzzle, expected).unwrap();
                }
                Some(expected) => {
                    assert_eq!((report.count, report.exact), (1, true), "{}", case.title);
                    assert_eq!(&report.solutions[0], expected, "{}", case.title);
                }
            }
        }
    }
}

#[test]
fn top95_puzzles_have_exactly_one_verified_solution() {
    let puzzles = load_lines(&repo_data("logic/top95.txt"), usize::MAX);
    assert_eq!(puzzles.len(), 95);
    for p in &puzzles {
        let r = Propagate::new().solve(p, &Request::count(2, 1)).unwrap();
        assert_eq!((r.count, r.exact), (1, true));
        verify(p, &r.solutions[0]).unwrap();
    }
}

#[test]
#[ignore = "large set: run with --release -- --ignored"]
fn magictour_top1465_puzzles_have_exactly_one_verified_solution() {
    let puzzles = load_lines(&repo_data("sets/magictour_top1465.txt"), usize::MAX);
    assert_eq!(puzzles.len(), 1465);
    for e in engines() {
        for p in &puzzles {
            let r = e.solve(p, &Request::count(2, 1)).unwrap();
            assert_eq!((r.count, r.exact), (1, true));
            verify(p, &r.solutions[0]).unwrap();
        }
    }
}

/// Blanks cells of `full` (a valid grid) in a fixed scattered order while the puzzle keeps a
/// unique solution, down to `target` givens; checks uniqueness with the engine at every step.
fn make_unique(full: &Grid, target: usize) -> Grid {
    let cells = full.layout().cell_count();
    let mut p = full.clone();
    let mut order: Vec<usize> = (0..cells).collect();
    // A deterministic shuffle (LCG), so the test is reproducible.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for i in (1..cells).rev() {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        order.swap(i, (x >> 33) as usize % (i + 1));
    }
    for &c in &order {
        if p.given_count() <= target {
            break;
        }
        let keep = p.values()[c];
        p.set(sudokit_core::Cell(c as u16), None);
        let (count, exact) = Propagate::new()
            .count_solutions(&p, 2)
            .expect("solvable layout");
        if !(count == 1 && exact) {
            p.set(sudokit_core::Cell(c as u16), sudokit_core::Digit::new(keep));
        }
    }
    p
}

fn check_unique(puzzle: &Grid, full: &Grid) {
    for e in engines() {
        let r = e.solve(puzzle, &Request::count(2, 2)).unwrap();
        assert_eq!(
            (r.count, r.exact),
            (1, true),
            "{}",
            puzzle.layout().describe()
        );
        verify(puzzle, &r.solutions[0]).unwrap();
        assert_eq!(&r.solutions[0], full);
    }
}

#[test]
fn every_box_size_solves_uniquely() {
    for (rows, cols, target) in [
        (2, 2, 4),
        (2, 3, 10),
        (2, 4, 20),
        (3, 3, 30),
        (3, 4, 60),
        (4, 4, 120),
    ] {
        let n = rows * cols;
        let layout = Layout::boxed(n, rows, cols).unwrap();
        let full = grid(layout, pattern_grid(rows, cols));
        verify(&Grid::empty(full.layout_arc().clone()), &full).unwrap();
        let p = make_unique(&full, target);
        check_unique(&p, &full);
    }
}

#[test]
fn twenty_five_by_twenty_five_solves_uniquely() {
    let layout = Layout::boxed(25, 5, 5).unwrap();
    let full = grid(layout, pattern_grid(5, 5));
    let p = make_unique(&full, 400);
    check_unique(&p, &full);
}

#[test]
fn x_sudoku_and_jigsaw_solve_uniquely() {
    // X sudoku: find a full grid with valid diagonals by solving the empty X layout.
    let x = Arc::new(
        Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::Diagonals]),
    );
    let full = Propagate::new()
        .first_solution(&Grid::empty(x.clone()))
        .unwrap()
        .expect("X sudoku has solutions");
    verify(&Grid::empty(x), &full).unwrap();
    check_unique(&make_unique(&full, 24), &full);

    // 9×9 and 10×10 jigsaws with irregular regions.
    for (n, labels) in [(9, JIGSAW_9), (10, JIGSAW_10)] {
        let refs: Vec<String> = labels.chars().map(String::from).collect();
        let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
        let l = Arc::new(Layout::jigsaw_from_labels(n, &refs).unwrap());
        let full = Propagate::new()
            .first_solution(&Grid::empty(l.clone()))
            .unwrap()
            .expect("jigsaw has solutions");
        verify(&Grid::empty(l), &full).unwrap();
        check_unique(&make_unique(&full, n * n / 3), &full);
    }
}

/// A 9×9 jigsaw layout (regions are irregular, connected shapes).
pub const JIGSAW_9: &str = concat!(
    "111222333",
    "111222333",
    "114222633",
    "144555663",
    "444555666",
    "444558666",
    "777588999",
    "777888999",
    "777888999",
);

/// A 10×10 jigsaw layout with 10 irregular regions of 10 cells (2×5 blocks with cells traded).
pub const JIGSAW_10: &str = concat!(
    "0000011111",
    "0000231111",
    "0222233331",
    "2222233333",
    "4444455555",
    "6444455555",
    "6666477777",
    "6666677779",
    "8888879999",
    "8888899999",
);

#[test]
fn contradictions_and_many_solutions_are_handled() {
    let l = Arc::new(Layout::standard(9).unwrap());
    // No solution although no house repeats a digit: the worksheet's third example.
    let case = &seed_cases()[2];
    assert!(case.solution.is_none());
    let r = Propagate::new()
        .solve(&case.puzzle, &Request::count(2, 2))
        .unwrap();
    assert_eq!((r.status, r.count, r.exact), (Status::Unsolvable, 0, true));
    // Equal givens in a row are rejected before search, naming the house.
    let mut v = vec![0u8; 81];
    v[0] = 5;
    v[8] = 5;
    let bad = Grid::from_values(l.clone(), v);
    let err = Propagate::new().solve(&bad, &Request::first()).unwrap_err();
    assert!(err.to_string().contains("row 1"), "{err}");
    // One given: many solutions, counting stops at the limit and says it is not exact.
    let mut v = vec![0u8; 81];
    v[40] = 7;
    let one = Grid::from_values(l, v);
    let r = Propagate::new().solve(&one, &Request::count(5, 5)).unwrap();
    assert_eq!((r.count, r.exact), (5, false));
    for s in &r.solutions {
        verify(&one, s).unwrap();
    }
    let mut distinct = r.solutions.clone();
    distinct.dedup();
    assert_eq!(distinct.len(), 5);
}

#[test]
fn the_empty_4x4_grid_has_288_solutions() {
    let l = Arc::new(Layout::standard(4).unwrap());
    let r = Propagate::new()
        .solve(&Grid::empty(l.clone()), &Request::count(1000, 1000))
        .unwrap();
    assert_eq!((r.count, r.exact), (288, true));
    let mut all = r.solutions.clone();
    all.sort_by(|a, b| a.values().cmp(b.values()));
    all.dedup();
    assert_eq!(all.len(), 288);
    for s in &all {
        verify(&Grid::empty(l.clone()), s).unwrap();
    }
}

#[test]
fn a_node_budget_stops_the_search() {
    let l = Arc::new(Layout::standard(16).unwrap());
    let r = Propagate::new()
        .solve(
            &Grid::empty(l),
            &Request::count(u64::MAX, 0).with_budget(Budget::nodes(50)),
        )
        .unwrap();
    assert_eq!(r.end, sudokit_core::End::Budget);
    assert!(!r.exact);
    assert!(r.stats.nodes <= 51);
}

#[test]
fn easy_puzzles_need_no_guess_and_subsets_never_add_guesses() {
    let first = &seed_cases()[0];
    let r = Propagate::new()
        .solve(&first.puzzle, &Request::first())
        .unwrap();
    assert_eq!(r.stats.guesses, 0, "the first worksheet example is level 1");
    // One puzzle may branch differently and take more nodes with subsets (the guess order
    // follows the candidates), but over a set the stronger inference must not add nodes.
    let (mut plain_nodes, mut subset_nodes) = (0, 0);
    for p in load_lines(&repo_data("logic/top95.txt"), 30) {
        let plain = Propagate::new().solve(&p, &Request::count(2, 1)).unwrap();
        let subsets = Propagate::with_subsets(true)
            .solve(&p, &Request::count(2, 1))
            .unwrap();
        assert_eq!(plain.solutions, subsets.solutions);
        plain_nodes += plain.stats.nodes;
        subset_nodes += subsets.stats.nodes;
    }
    assert!(
        subset_nodes <= plain_nodes,
        "subsets took {subset_nodes} nodes against {plain_nodes} without"
    );
}

/// Regression (issue 12, item 22): `--stats` on top95 showed 34.6 nodes and 64.5 guesses per
/// puzzle. Every guess is a branch and every branch a node, with or without subsets.
#[test]
fn guesses_never_outnumber_nodes_on_hard_puzzles() {
    let puzzles = load_lines(&repo_data("logic/top95.txt"), 20);
    for e in engines() {
        let mut guessed = 0;
        for (i, p) in puzzles.iter().enumerate() {
            let r = e.solve(p, &Request::count(2, 0)).unwrap();
            assert!(
                r.stats.guesses <= r.stats.nodes,
                "top95:{}: {:?}",
                i + 1,
                r.stats
            );
            guessed += usize::from(r.stats.guesses > 0);
        }
        assert!(guessed > 0, "top95 needs guesses somewhere");
    }
}
