//! `backtrack`: the seed cases, the empty grid, the article's iteration count, orientation on
//! every layout, budgets.

mod common;

use common::*;
use std::sync::Arc;
use std::time::Duration;
use sudokit_classic::rotate::{Rotation, rotate_grid};
use sudokit_classic::{Backtrack, Colour};
use sudokit_core::verify::verify;
use sudokit_core::{Budget, End, Grid, Layout, Request, Solver, Status};

const NEAR_WORST: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

#[test]
fn empty_grid_gives_exactly_the_listed_grid() {
    let case = seed_cases()
        .into_iter()
        .find(|c| c.puzzle.given_count() == 0)
        .expect("the seed cases list the empty grid");
    let expected = case.solution.expect("with its grid");
    for engine in [Backtrack::new(false), Backtrack::new(true)] {
        let got = first(&engine, &case.puzzle).expect("the empty grid has solutions");
        assert_eq!(got, expected, "orient = {}", engine.orient());
    }
}

#[test]
fn seed_cases_have_the_listed_outcome() {
    assert_seed_outcomes(&Backtrack::new(true), true);
}

#[test]
fn plain_order_solves_the_worksheet_examples() {
    // The worksheet's own examples (the first five records) without the rotation trick.
    let engine = Backtrack::new(false);
    for case in seed_cases().into_iter().take(5) {
        assert_eq!(
            first(&engine, &case.puzzle),
            case.solution,
            "{}",
            case.label
        );
    }
}

#[test]
#[ignore = "641 million iterations: run with --release -- --ignored"]
fn near_worst_case_takes_the_articles_iteration_count() {
    let p = parse(NEAR_WORST);
    let r = Backtrack::new(false).solve(&p, &Request::first()).unwrap();
    assert_eq!(r.status, Status::Solved);
    verify(&p, &r.solutions[0]).unwrap();
    assert_eq!(r.stats.extra["iterations"], 641_580_843.0);
    assert_eq!(r.stats.extra["attempts"], 622_577_597.0);
    assert_eq!(r.stats.extra["given_visits"], 19_003_246.0);
    assert_eq!(r.stats.nodes, 641_580_843);
}

#[test]
fn orient_solves_the_near_worst_case_with_far_fewer_iterations() {
    let p = parse(NEAR_WORST);
    let r = Backtrack::new(true).solve(&p, &Request::first()).unwrap();
    assert_eq!(r.status, Status::Solved);
    verify(&p, &r.solutions[0]).unwrap();
    assert_eq!(
        r.solutions[0].to_line().unwrap(),
        "987654321246173985351928746128537694634892157795461832519286473472319568863745219"
    );
    assert!(r.stats.extra["iterations"] < 20_000_000.0, "{:?}", r.stats);
}

#[test]
fn budgets_stop_the_search() {
    let p = parse(NEAR_WORST);
    for engine in [Backtrack::new(false), Backtrack::new(true)] {
        let r = engine
            .solve(&p, &Request::first().with_budget(Budget::nodes(100_000)))
            .unwrap();
        assert_eq!((r.status, r.end), (Status::Stopped, End::Budget));
        assert!(r.solutions.is_empty());
        assert!(r.stats.extra["attempts"] <= 100_000.0, "{:?}", r.stats);
        let r = engine
            .solve(
                &p,
                &Request::first().with_budget(Budget::time(Duration::from_millis(1))),
            )
            .unwrap();
        assert_eq!(r.status, Status::Stopped);
    }
}

#[test]
fn counts_every_solution_of_the_empty_4x4() {
    let p = Grid::empty(Arc::new(Layout::standard(4).unwrap()));
    for engine in [Backtrack::new(false), Backtrack::new(true)] {
        let r = engine
            .solve(&p, &Request::count(u64::MAX, usize::MAX))
            .unwrap();
        assert_eq!((r.count, r.end), (288, End::Exhausted));
        for s in &r.solutions {
            verify(&p, s).unwrap();
        }
        let mut lines: Vec<_> = r.solutions.iter().map(|s| s.to_line().unwrap()).collect();
        lines.sort();
        lines.dedup();
        assert_eq!(lines.len(), 288);
    }
}

#[test]
fn every_rotation_of_every_layout_maps_back() {
    for (name, layout) in layouts() {
        let full = first(&Colour::new(), &Grid::empty(layout.clone())).expect(name);
        let puzzle = blank(&full, pattern(11, 45));
        let n = layout.size();
        for q in 0..4 {
            let rot = Rotation::new(n, q);
            let turned = rotate_grid(&puzzle, &rot).unwrap();
            assert!(turned.find_conflict().is_none(), "{name} q={q}");
            let s = first(&Backtrack::new(false), &turned).expect(name);
            let mut back = vec![0; n * n];
            rot.backward_into(s.values(), &mut back);
            let back = Grid::from_values(layout.clone(), back);
            verify(&puzzle, &back).unwrap_or_else(|e| panic!("{name} q={q}: {e}"));
        }
        let s = first(&Backtrack::new(true), &puzzle).expect(name);
        verify(&puzzle, &s).unwrap();
    }
}
