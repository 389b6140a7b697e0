//! The published variant puzzles of `data/variants/` (f-puzzles links, by their setters):
//! `sat` finds exactly one solution of each, proves there is no other, and it is the
//! published one.

use sudokit_core::{Budget, Request, Solver};
use sudokit_sat::Sat;
use sudokit_testkit::published_variants;

#[test]
fn every_published_variant_puzzle_is_unique_with_its_published_solution() {
    let puzzles = published_variants();
    assert!(puzzles.len() >= 20);
    for (title, puzzle, solution) in &puzzles {
        // A budget far above need (conflicts), so that a regression fails instead of hanging.
        let request = Request::count(2, 1).with_budget(Budget::nodes(2_000_000));
        let report = Sat::new().solve(puzzle, &request).expect("solve");
        assert_eq!((report.count, report.exact), (1, true), "{title}");
        let got: String = report.solutions[0]
            .values()
            .iter()
            .map(|&d| char::from_digit(u32::from(d), 36).expect("digit"))
            .collect();
        assert_eq!(&got, solution, "{title}");
    }
}
