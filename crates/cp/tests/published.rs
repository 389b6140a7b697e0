//! The published variant puzzles of `data/variants/` (f-puzzles links, with their setters'
//! solutions in `puzzles.tsv`): cp finds exactly one solution, the published one, within a
//! node budget.

use std::path::PathBuf;
use sudokit_core::format::{InputFormat, LayoutSpec, Reader};
use sudokit_core::{Budget, Request, Solver};
use sudokit_cp::Cp;

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/variants")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_published_puzzle_is_unique_with_its_published_solution() {
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
    for (rec, (title, want)) in records.iter().zip(&solutions) {
        let puzzle = rec.puzzle.as_ref().expect("the puzzle parses");
        let request = Request::count(2, 1).with_budget(Budget::nodes(200_000));
        let r = Cp::default().solve(puzzle, &request).unwrap();
        assert_eq!((r.count, r.exact), (1, true), "{title}: {:?}", r.end);
        let got: String = r.solutions[0]
            .values()
            .iter()
            .map(|&v| char::from_digit(u32::from(v), 36).unwrap())
            .collect();
        assert_eq!(&got, want, "{title}");
        eprintln!("{title}: {} nodes", r.stats.nodes);
    }
}

#[test]
#[ignore]
fn dump_rules() {
    let text = data("puzzles.txt");
    let line = std::env::var("LINE").unwrap().parse::<usize>().unwrap();
    let rec = Reader::new(text.as_bytes(), InputFormat::Auto, LayoutSpec::default())
        .map(|r| r.unwrap())
        .find(|r| r.line == line)
        .unwrap();
    let p = rec.puzzle.unwrap();
    eprintln!("{:?}", p.values());
    for r in p.layout().rules() {
        eprintln!("{}", r.describe());
    }
}
