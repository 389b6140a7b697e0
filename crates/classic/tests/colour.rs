//! `colour`: the seed cases, counts, and colouring with the caller's own edges.

mod common;

use common::*;
use std::sync::Arc;
use sudokit_classic::graph::{ColouringProblem, Graph};
use sudokit_classic::{Backtrack, Colour};
use sudokit_core::verify::verify;
use sudokit_core::{Cell, End, Extra, Flow, Grid, Layout, Limits, Request, SolveError, Solver};

#[test]
fn seed_cases_have_the_listed_outcome() {
    assert_seed_outcomes(&Colour::new(), false);
}

#[test]
fn counts_every_solution_of_the_empty_4x4() {
    let p = Grid::empty(Arc::new(Layout::standard(4).unwrap()));
    let r = Colour::new()
        .solve(&p, &Request::count(u64::MAX, 0))
        .unwrap();
    assert_eq!((r.count, r.end), (288, End::Exhausted));
}

fn knight_edges(n: usize) -> Vec<(Cell, Cell)> {
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for (dr, dc) in [(1isize, 2isize), (2, 1), (1, -2), (2, -1)] {
                let (r2, c2) = (r as isize + dr, c as isize + dc);
                if r2 >= 0 && c2 >= 0 && (r2 as usize) < n && (c2 as usize) < n {
                    out.push((Cell::at(r, c, n), Cell::at(r2 as usize, c2 as usize, n)));
                }
            }
        }
    }
    out
}

#[test]
fn user_edges_act_like_the_layout_option() {
    // Anti-knight given as the caller's own edges on a plain layout, against the layout's
    // built-in anti-knight option: same counts, and the solutions satisfy the edges.
    let plain = Arc::new(Layout::standard(9).unwrap());
    let knight = Arc::new(
        Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::AntiKnight]),
    );
    let full = first(&Colour::new(), &Grid::empty(knight.clone())).unwrap();
    let with_edges = Colour::with_edges(knight_edges(9));
    for (seed, keep) in [(1, 30), (2, 22), (3, 18)] {
        let p_knight = blank(&full, pattern(seed, keep));
        let p_plain = Grid::from_values(plain.clone(), p_knight.values().to_vec());
        let expected = count2(&Colour::new(), &p_knight);
        let r = with_edges.solve(&p_plain, &Request::count(2, 2)).unwrap();
        assert_eq!(r.count, expected, "seed {seed}");
        for s in &r.solutions {
            verify(&p_plain, s).unwrap();
            let as_knight = Grid::from_values(knight.clone(), s.values().to_vec());
            verify(&p_knight, &as_knight).unwrap();
        }
    }
}

#[test]
fn a_user_edge_filters_the_solutions() {
    // Of the 288 4×4 grids, those with different digits in the two far corners.
    let layout = Arc::new(Layout::standard(4).unwrap());
    let p = Grid::empty(layout);
    let all = Colour::new()
        .solve(&p, &Request::count(u64::MAX, usize::MAX))
        .unwrap();
    let expected = all
        .solutions
        .iter()
        .filter(|s| s.values()[0] != s.values()[15])
        .count() as u64;
    assert!(expected > 0 && expected < 288);
    let engine = Colour::with_edges([(Cell(0), Cell(15))]);
    let r = engine
        .solve(&p, &Request::count(u64::MAX, usize::MAX))
        .unwrap();
    assert_eq!(r.count, expected);
    assert!(r.solutions.iter().all(|s| s.values()[0] != s.values()[15]));
}

#[test]
fn bad_user_edges_are_rejected() {
    let p = Grid::empty(Arc::new(Layout::standard(4).unwrap()));
    let engine = Colour::with_edges([(Cell(0), Cell(16))]);
    assert!(matches!(
        engine.solve(&p, &Request::first()),
        Err(SolveError::Unsupported { .. })
    ));
}

#[test]
fn colours_a_graph_that_is_not_a_sudoku() {
    // The Petersen graph: chromatic number 3.
    let mut g = Graph::new(10);
    for i in 0..5 {
        g.add_edge(i, (i + 1) % 5).unwrap();
        g.add_edge(i, i + 5).unwrap();
        g.add_edge(5 + i, 5 + (i + 2) % 5).unwrap();
    }
    assert_eq!(g.edge_count(), 15);
    let two = ColouringProblem::new(g.clone(), 2).unwrap();
    let r = two.search(&Limits::first(), &mut |_| Flow::Continue);
    assert_eq!((r.solutions, r.end), (0, End::Exhausted));
    let three = ColouringProblem::new(g.clone(), 3).unwrap();
    let mut seen = Vec::new();
    let r = three.search(&Limits::first(), &mut |c| {
        seen = c.to_vec();
        Flow::Continue
    });
    assert_eq!(r.solutions, 1);
    for v in 0..10 {
        assert!((1..=3).contains(&seen[v]));
        for &u in g.neighbours(v) {
            assert_ne!(seen[v], seen[u as usize]);
        }
    }
}

#[test]
fn agrees_with_backtrack_on_the_worksheet_examples() {
    for case in seed_cases().into_iter().take(4) {
        assert_eq!(
            count2(&Colour::new(), &case.puzzle),
            count2(&Backtrack::new(false), &case.puzzle),
            "{}",
            case.label
        );
    }
}
