//! `data/few-givens.txt`: every puzzle sudokit's targeted search found for seed 002's
//! few-givens table (and the 17-given diagonal puzzles of a public collection, marked so), one
//! a line (`PUZZLE CLASS`; `#` lines are comments, among them each closure hit's provenance).
//! Each line is checked the way `sudokit check` does it, by engines the search did not use:
//! unique (`dlx`), minimal, symmetric in the named class — and with few givens: at most five
//! above the article's fewest for the class (docs/generate.md's table), since the file is the
//! targeted search's record. A puzzle symmetric in several classes may stand once per class
//! (the full-dihedral 20 fills the both-mirrors cell too).

use std::path::PathBuf;

use sudokit_generate::Symmetry;
use sudokit_generate::fewgivens::verify;

/// The fewest givens the article reports per class (seed 002's table).
fn article_fewest(sym: Symmetry) -> usize {
    match sym {
        Symmetry::Diagonal => 17,
        Symmetry::Vertical | Symmetry::Rot180 | Symmetry::BiDiagonal => 18,
        Symmetry::Orthogonal => 19,
        Symmetry::Rot90 | Symmetry::Full => 20,
        other => panic!("{other} is not one of the article's classes"),
    }
}

#[test]
fn every_line_is_unique_minimal_symmetric_and_few() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/few-givens.txt");
    let text = std::fs::read_to_string(&path).expect("data/few-givens.txt");
    let mut seen = std::collections::HashSet::new();
    let mut classes = std::collections::HashSet::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
    {
        let at = format!("data/few-givens.txt:{}", n + 1);
        let (puzzle, class) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{at}: no class"));
        let sym: Symmetry = class.parse().unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(puzzle.len(), 81, "{at}: 81 symbols");
        let mut values = [0u8; 81];
        for (v, c) in values.iter_mut().zip(puzzle.bytes()) {
            *v = match c {
                b'.' | b'0' => 0,
                b'1'..=b'9' => c - b'0',
                _ => panic!("{at}: bad symbol {}", c as char),
            };
        }
        let givens =
            verify(&values, sym, article_fewest(sym) + 5).unwrap_or_else(|e| panic!("{at}: {e}"));
        assert!(givens >= 17, "{at}: below 17 no puzzle is unique");
        assert!(seen.insert((values, sym)), "{at}: repeated in its class");
        classes.insert(sym);
    }
    assert!(!classes.is_empty(), "the file holds puzzles");
}
