//! Solution counts with known totals, and the `Solver` contract of `dlx`: solution cap,
//! `Flow::Stop`, budgets, statistics.

mod common;

use std::sync::Arc;
use std::time::Duration;
use sudokit_core::verify::{check_grid, verify};
use sudokit_core::{Budget, End, Flow, Grid, Layout, Limits, Request, Solver, Status};
use sudokit_dlx::{Dlx, SudokuCover};

fn empty(n: usize, rows: usize, cols: usize) -> Grid {
    Grid::empty(Arc::new(Layout::boxed(n, rows, cols).unwrap()))
}

#[test]
fn every_4x4_grid_is_counted_once_and_valid() {
    let puzzle = empty(4, 2, 2);
    let mut seen = std::collections::HashSet::new();
    let search = Dlx::new()
        .search(&puzzle, &Limits::up_to(u64::MAX), &mut |values| {
            let g = Grid::from_values(puzzle.layout_arc().clone(), values.to_vec());
            verify(&puzzle, &g).unwrap();
            assert!(seen.insert(values.to_vec()), "repeated grid");
            Flow::Continue
        })
        .unwrap();
    assert_eq!(search.end, End::Exhausted);
    assert_eq!((search.solutions, seen.len()), (288, 288));
    assert_eq!(
        Dlx::new().count_solutions(&puzzle, 1_000_000).unwrap(),
        (288, true)
    );
    assert_eq!(common::reference_count(&puzzle, 1000).0, 288);
}

#[test]
fn six_by_six_grids_with_a_fixed_first_row() {
    // 28,200,960 grids / 720 relabellings of the first row.
    let mut v = vec![0u8; 36];
    v[..6].copy_from_slice(&[1, 2, 3, 4, 5, 6]);
    let puzzle = Grid::from_values(Arc::new(Layout::boxed(6, 2, 3).unwrap()), v);
    let mut checked = 0;
    let search = Dlx::new()
        .search(&puzzle, &Limits::up_to(u64::MAX), &mut |values| {
            // Check a sample of them with the independent checker (all would be slow in debug).
            if checked < 2000 {
                let g = Grid::from_values(puzzle.layout_arc().clone(), values.to_vec());
                verify(&puzzle, &g).unwrap();
                checked += 1;
            }
            Flow::Continue
        })
        .unwrap();
    assert_eq!((search.solutions, search.end), (39_168, End::Exhausted));
}

#[test]
#[ignore = "counts all 28,200,960 6x6 grids: run with --release -- --ignored"]
fn every_6x6_grid() {
    let (count, exact) = Dlx::new()
        .count_solutions(&empty(6, 2, 3), u64::MAX)
        .unwrap();
    assert_eq!((count, exact), (28_200_960, true));
}

#[test]
fn solution_cap_and_stop_are_honoured() {
    let puzzle = empty(9, 3, 3);
    let r = Dlx::new()
        .solve(&puzzle, &Request::count(1_000_000, 3))
        .unwrap();
    assert_eq!(
        (r.count, r.exact, r.end),
        (1_000_000, false, End::SolutionLimit)
    );
    assert_eq!(r.solutions.len(), 3);
    for s in &r.solutions {
        verify(&puzzle, s).unwrap();
    }
    let mut calls = 0;
    let s = Dlx::new()
        .search(&puzzle, &Limits::up_to(u64::MAX), &mut |_| {
            calls += 1;
            if calls == 5 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        })
        .unwrap();
    assert_eq!((s.solutions, s.end, calls), (5, End::SolutionLimit, 5));
    let s = Dlx::new()
        .search(&puzzle, &Limits::up_to(0), &mut |_| Flow::Continue)
        .unwrap();
    assert_eq!((s.solutions, s.end), (0, End::SolutionLimit));
}

#[test]
fn budgets_stop_the_search() {
    let puzzle = empty(16, 4, 4);
    let request = Request::count(u64::MAX, 0).with_budget(Budget::nodes(500));
    let r = Dlx::new().solve(&puzzle, &request).unwrap();
    assert_eq!(r.end, End::Budget);
    assert!(!r.exact);
    assert!(r.stats.nodes <= 500);
    let request = Request::count(u64::MAX, 0).with_budget(Budget::time(Duration::from_millis(50)));
    let r = Dlx::new().solve(&puzzle, &request).unwrap();
    assert_eq!(r.end, End::Budget);
    // A budget that runs out before the first solution: status "stopped".
    let r = Dlx::new()
        .solve(
            &empty(25, 5, 5),
            &Request::first().with_budget(Budget::nodes(10)),
        )
        .unwrap();
    assert_eq!((r.status, r.count), (Status::Stopped, 0));
}

#[test]
fn complete_and_nearly_complete_grids() {
    let line = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    let full =
        sudokit_core::format::parse_one(line, sudokit_core::format::InputFormat::Auto).unwrap();
    check_grid(&full).unwrap();
    assert_eq!(Dlx::new().count_solutions(&full, 2).unwrap(), (1, true));
    let mut v = full.values().to_vec();
    v[40] = 0;
    v[0] = 0;
    let p = Grid::from_values(full.layout_arc().clone(), v);
    assert_eq!(Dlx::new().first_solution(&p).unwrap().unwrap(), full);
}

#[test]
fn stats_and_matrix_shape_are_reported() {
    let puzzle = empty(9, 3, 3);
    let cover = SudokuCover::new(&puzzle).unwrap();
    // 324 primary items (81 cells + 3·81 house-digits) and 729 options: the seed's matrix.
    assert_eq!(cover.problem().primary_count(), 324);
    assert_eq!(cover.problem().option_count(), 729);
    let x = Grid::empty(Arc::new(
        Layout::standard(9)
            .unwrap()
            .with_extras(&[sudokit_core::Extra::Diagonals]),
    ));
    assert_eq!(
        SudokuCover::new(&x).unwrap().problem().primary_count(),
        324 + 18
    );
    let r = Dlx::new().solve(&puzzle, &Request::first()).unwrap();
    assert!(r.stats.nodes >= 82);
    assert!(r.stats.extra["updates"] > 0.0);
    assert_eq!(Dlx::new().name(), "dlx");
}
