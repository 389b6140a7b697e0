//! Regression tests for the budget and limit defects of issue 46 in the engines.

use std::collections::HashSet;
use std::sync::Arc;
use sudokit_core::{End, Flow, Grid, Layout, Limits, Solver};
use sudokit_engines::Portfolio;

/// Issue 46, item 5: listing many solutions of an empty 16×16 with `portfolio` (the default
/// engine there) passed on up to twice the limit (the `sat` run counted the first run's
/// solutions but did not pass them on, then went on to its own limit) and took minutes (each
/// `sat` solution blocked by one more clause). Now exactly the limit, each once, and the
/// search ends by the limit.
#[test]
fn portfolio_lists_no_more_solutions_than_asked_and_each_once() {
    let empty = Grid::empty(Arc::new(Layout::standard(16).unwrap()));
    let mut seen: Vec<Vec<u8>> = Vec::new();
    let r = Portfolio::new()
        .search(&empty, &Limits::up_to(2000), &mut |s| {
            seen.push(s.to_vec());
            Flow::Continue
        })
        .unwrap();
    assert_eq!(seen.len(), 2000, "solutions passed on");
    assert_eq!(r.solutions, 2000, "solutions counted");
    assert_eq!(r.end, End::SolutionLimit);
    let distinct: HashSet<&Vec<u8>> = seen.iter().collect();
    assert_eq!(distinct.len(), seen.len(), "no solution passed on twice");
    for s in &seen {
        let g = Grid::from_values(empty.layout_arc().clone(), s.clone());
        sudokit_core::verify::verify(&empty, &g).unwrap();
    }
}

/// The third run (`propagate` after `sat` found many) still counts exactly: the empty 4×4
/// (288 solutions) with a 5-node first run is counted whole, each solution passed on once.
#[test]
fn portfolio_counts_a_grid_with_many_solutions_exactly_after_handing_over() {
    let empty = Grid::empty(Arc::new(Layout::standard(4).unwrap()));
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let mut passed = 0;
    let r = Portfolio::with_first_nodes(5)
        .search(&empty, &Limits::up_to(u64::MAX), &mut |s| {
            seen.insert(s.to_vec());
            passed += 1;
            Flow::Continue
        })
        .unwrap();
    assert_eq!(r.end, End::Exhausted);
    assert_eq!((r.solutions, passed, seen.len()), (288, 288, 288));
    assert!(
        r.stats.extra.contains_key("third_run_nodes"),
        "{:?}",
        r.stats
    );
}
