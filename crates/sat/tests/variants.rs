//! The published variant puzzles of `data/variants/` (f-puzzles links, by their setters):
//! `sat` finds exactly one solution of each, proves there is no other, and it is the
//! published one.

use std::path::PathBuf;
use sudokit_core::format::{InputFormat, LayoutSpec, Reader};
use sudokit_core::{Budget, Request, Solver};
use sudokit_sat::Sat;

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/variants")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_published_variant_puzzle_is_unique_with_its_published_solution() {
    let text = data("puzzles.txt");
    let solutions: Vec<(String, String)> = data("puzzles.tsv")
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[1].to_string(), f[5].to_string())
        })
        .collect();
    let records: Vec<_> = Reader::new(text.as_bytes(), InputFormat::Auto, LayoutSpec::default())
        .map(|r| r.expect("no I/O error"))
        .collect();
    assert_eq!(records.len(), solutions.len());
    assert!(records.len() >= 20);
    for (rec, (title, solution)) in records.iter().zip(&solutions) {
        let puzzle = rec.puzzle.as_ref().expect("the puzzle reads");
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
