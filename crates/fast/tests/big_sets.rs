//! Release-mode checks on the big sets in `../shared/data` (ignored; `scripts/conformance.sh`
//! runs every test named `shared_sets_*`): the solution counts (up to 2) match
//! the known histogram of each set (the peer harness agrees on it), the first-solution mode
//! finds a solution for every puzzle, and every returned grid passes the independent checker.

use std::sync::Arc;
use sudokit_core::verify::verify;
use sudokit_core::{Budget, Flow, Grid, Layout};
use sudokit_fast::Fast;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/9x9/");

/// Checks a set; `expected` is (puzzles with one solution, puzzles with two or more).
fn check_file(name: &str, limit: usize, expected: (usize, usize)) {
    let path = format!("{DATA}{name}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    let layout = Arc::new(Layout::standard(9).expect("9x9"));
    let (mut unique, mut multi) = (0, 0);
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(limit)
    {
        let mut p = [0u8; 81];
        for (x, ch) in p.iter_mut().zip(line.bytes()) {
            *x = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        let pg = Grid::from_values(layout.clone(), p.to_vec());
        let check = |s: &[u8; 81]| {
            let sg = Grid::from_values(layout.clone(), s.to_vec());
            if let Err(e) = verify(&pg, &sg) {
                panic!("{line}: {e}");
            }
        };
        let mut found = 0;
        let out = Fast::run(&p, 2, &mut Budget::unlimited().start(), |s| {
            check(s);
            found += 1;
            Flow::Continue
        });
        assert_eq!(found, out.solutions);
        assert_eq!(Fast::count_up_to(&p, 2).0, out.solutions, "{line}");
        match out.solutions {
            1 => unique += 1,
            2 => multi += 1,
            _ => panic!("no solution for {line}"),
        }
        let (Some(s), _) = Fast::solve_first(&p) else {
            panic!("first mode found no solution for {line}");
        };
        check(&s);
    }
    assert_eq!(
        (unique, multi),
        expected,
        "{name}: solution-count histogram"
    );
}

#[test]
#[ignore = "needs ../shared/data: run by scripts/conformance.sh"]
fn shared_sets_seventeen_clue_all_unique_and_verified() {
    check_file("17_clue.txt", usize::MAX, (49_158, 0));
}

#[test]
#[ignore = "needs ../shared/data: run by scripts/conformance.sh"]
fn shared_sets_top2365_counts_and_verified() {
    // 2361 puzzles, one of which has several solutions.
    check_file("top2365.txt", usize::MAX, (2360, 1));
}

#[test]
#[ignore = "needs ../shared/data: run by scripts/conformance.sh"]
fn shared_sets_forum_hardest_slice_unique_and_verified() {
    check_file("forum_hardest_1905_11plus.txt", 2000, (2000, 0));
}
