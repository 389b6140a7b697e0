//! The published variant puzzles of `data/variants/`: every line of `puzzles.txt` (an
//! f-puzzles link) is read with format detection, and its published solution (the sidecar
//! `puzzles.tsv`) passes the independent checker with every rule of the puzzle — no engine
//! involved. Also: the set covers every rule kind the issue lists.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;
use sudokit_core::format::{InputFormat, LayoutSpec, Reader};
use sudokit_core::grid::Grid;
use sudokit_core::verify::verify;

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/variants")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `(line, title, solution)` of every row of the sidecar.
fn sidecar() -> Vec<(usize, String, String)> {
    data("puzzles.tsv")
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 6, "puzzles.tsv row {l:?} has {} fields", f.len());
            (
                f[0].parse().expect("line number"),
                f[1].to_string(),
                f[5].to_string(),
            )
        })
        .collect()
}

/// A solution string of one symbol per cell (digits, then letters above 9).
fn values(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| c.to_digit(36).expect("solution symbol") as u8)
        .collect()
}

#[test]
fn every_published_solution_passes_the_checker() {
    let text = data("puzzles.txt");
    let rows = sidecar();
    let records: Vec<_> = Reader::new(text.as_bytes(), InputFormat::Auto, LayoutSpec::default())
        .map(|r| r.expect("no I/O error"))
        .collect();
    assert_eq!(records.len(), rows.len(), "one sidecar row per puzzle");
    assert!(records.len() >= 20, "at least 20 published puzzles");
    for (rec, (line, title, solution)) in records.iter().zip(&rows) {
        assert_eq!(rec.line, *line, "{title}: sidecar line");
        assert_eq!(rec.format, InputFormat::Fpuzzles, "{title}");
        let puzzle = rec
            .puzzle
            .as_ref()
            .unwrap_or_else(|e| panic!("line {line} ({title}): {e}"));
        assert!(
            puzzle.layout().has_rules() || !puzzle.layout().extras().is_empty(),
            "{title}"
        );
        let sol = Grid::from_values(Arc::clone(puzzle.layout_arc()), values(solution));
        verify(puzzle, &sol).unwrap_or_else(|e| panic!("line {line} ({title}): {e}"));
        if let Some(expected) = &rec.expected {
            let expected = expected.as_ref().expect("the link's own solution reads");
            assert_eq!(expected.values(), sol.values(), "{title}: solution key");
        }
    }
}

#[test]
fn a_broken_solution_fails_the_checker() {
    // The check above is not vacuous: swapping the first two digits of each published
    // solution breaks it.
    let text = data("puzzles.txt");
    let rows = sidecar();
    let reader = Reader::new(text.as_bytes(), InputFormat::Auto, LayoutSpec::default());
    for (rec, (_, title, solution)) in reader.zip(&rows) {
        let rec = rec.expect("no I/O error");
        let puzzle = rec.puzzle.expect("reads");
        let mut v = values(solution);
        v.swap(0, 1);
        let sol = Grid::from_values(Arc::clone(puzzle.layout_arc()), v);
        assert!(
            verify(&puzzle, &sol).is_err(),
            "{title}: swapped digits pass"
        );
    }
}

#[test]
fn the_set_covers_every_rule_kind_the_issue_lists() {
    let text = data("puzzles.txt");
    let mut kinds = BTreeSet::new();
    for rec in Reader::new(text.as_bytes(), InputFormat::Auto, LayoutSpec::default()) {
        let puzzle = rec.expect("no I/O error").puzzle.expect("reads");
        for rule in puzzle.layout().rules() {
            kinds.insert(rule.name());
        }
    }
    for kind in [
        "killer",
        "thermo",
        "arrow",
        "difference",
        "ratio",
        "xv",
        "sandwich",
        "little-killer",
        "renban",
        "whispers",
        "palindrome",
        "between",
        "region-sum",
        "entropic",
        "zipper",
        "x-sum",
        "skyscraper",
        "quadruple",
        "clone",
        "odd",
        "even",
        "minimum",
        "maximum",
        "negative",
        "disjoint-groups",
    ] {
        assert!(
            kinds.contains(kind),
            "no puzzle in data/variants has a {kind} rule"
        );
    }
}
