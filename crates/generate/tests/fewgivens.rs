//! The targeted few-givens search: hits are unique, minimal, symmetric and within K (checked
//! again here by `sudokit check`'s logic), a seed replays, budgets of tries are honoured, and
//! impossible targets are refused.

use sudokit_generate::Symmetry;
use sudokit_generate::fewgivens::{
    Budget, Hit, Method, SeedPuzzle, Target, check_target, closure::closure_cap, pattern_exists,
    search, search_seeded, verify,
};

fn run(
    symmetry: Symmetry,
    givens: usize,
    method: Method,
    seed: u64,
    tries: u64,
) -> (Vec<Hit>, u64) {
    run_until(symmetry, givens, method, seed, tries, None)
}

fn run_until(
    symmetry: Symmetry,
    givens: usize,
    method: Method,
    seed: u64,
    tries: u64,
    hits: Option<u64>,
) -> (Vec<Hit>, u64) {
    let target = Target::new(symmetry, givens, method, seed);
    let budget = Budget {
        hits,
        ..Budget::tries(tries)
    };
    let mut hits = Vec::new();
    let progress = search(
        &target,
        &budget,
        &mut |h, _| hits.push(h.clone()),
        &mut |_| {},
    )
    .expect("a valid target");
    (hits, progress.tries)
}

#[test]
fn neighbour_search_finds_valid_rot180_puzzles_and_replays() {
    let (hits, tries) = run(Symmetry::Rot180, 24, Method::Neighbour, 1, 400);
    assert!(
        !hits.is_empty(),
        "24-given rot180 puzzles come within 400 moves"
    );
    assert!(tries <= 400);
    for hit in &hits {
        assert!(hit.givens <= 24);
        assert_eq!(verify(&hit.puzzle, Symmetry::Rot180, 24), Ok(hit.givens));
        assert!(Symmetry::Rot180.holds(&hit.puzzle, 9));
    }
    let (again, _) = run(Symmetry::Rot180, 24, Method::Neighbour, 1, 400);
    assert_eq!(hits, again, "the same seed and tries give the same hits");
}

#[test]
fn neighbour_search_keeps_every_class() {
    for sym in [Symmetry::Vertical, Symmetry::Diagonal] {
        let (hits, _) = run_until(sym, 29, Method::Neighbour, 5, 2_000, Some(1));
        assert!(!hits.is_empty(), "{sym}: a 29-given puzzle is easy");
        for hit in &hits {
            assert_eq!(verify(&hit.puzzle, sym, 29), Ok(hit.givens));
        }
    }
}

#[test]
fn pattern_search_honours_its_tries_and_reports_only_valid_hits() {
    let (hits, tries) = run(Symmetry::Rot180, 26, Method::Pattern, 3, 2_000);
    assert_eq!(
        tries, 2_000,
        "the search stops exactly at its budget of tries"
    );
    for hit in &hits {
        assert_eq!(hit.givens, 26, "a pattern has exactly K cells");
        assert_eq!(verify(&hit.puzzle, Symmetry::Rot180, 26), Ok(26));
    }
}

/// Lines 1, 1421 and 1850 of Gordon Royle's list of 17-clue puzzles (the public collection in
/// the project's reference data, `9x9/17_clue.txt`); closed under a conjugate of the diagonal
/// mirror, the last two reduce to 18-given diagonal puzzles (docs/generate.md).
const ROYLE_17: [(u64, &str); 3] = [
    (
        1,
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ),
    (
        1421,
        ".................1..2.34........5......6.1.4...7....8.....7.36..5.8.....16.......",
    ),
    (
        1850,
        "................12.....3..4.....567...2........8..4......18.....5..2.....7..3.9..",
    ),
];

fn values(line: &str) -> [u8; 81] {
    let mut p = [0u8; 81];
    for (v, c) in p.iter_mut().zip(line.bytes()) {
        *v = if c == b'.' { 0 } else { c - b'0' };
    }
    p
}

fn closure_hits(seed: u64, tries: u64) -> (Vec<Hit>, u64) {
    let seeds: Vec<SeedPuzzle> = ROYLE_17
        .iter()
        .map(|&(id, line)| SeedPuzzle {
            id,
            values: values(line),
        })
        .collect();
    let target = Target::new(Symmetry::Diagonal, 18, Method::Closure, seed);
    let mut hits = Vec::new();
    let progress = search_seeded(
        &target,
        &seeds,
        &Budget::tries(tries),
        &mut |h, _| hits.push(h.clone()),
        &mut |_| {},
    )
    .expect("a valid target");
    (hits, progress.tries)
}

#[test]
fn closure_of_17_clue_puzzles_gives_checked_diagonal_18s_with_their_origin() {
    let (hits, tries) = closure_hits(7, 1_000_000);
    assert!(tries < 1_000_000, "three seeds end the search first");
    assert!(
        hits.len() >= 2,
        "seeds 1421 and 1850 each close and reduce to an 18-given diagonal puzzle: {hits:?}"
    );
    for hit in &hits {
        assert_eq!(verify(&hit.puzzle, Symmetry::Diagonal, 18), Ok(18));
        let origin = hit.origin.as_ref().expect("a closure hit names its seed");
        assert!([1421, 1850].contains(&origin.seed), "{origin}");
        assert_eq!(origin.seed_givens, 17);
        assert!(origin.closure_givens >= 18 && origin.closure_givens <= 18 + 6);
        assert_eq!(closure_cap(Symmetry::Diagonal, 18), 18 + 6);
        // The hit is the seed's solution, transformed, on a subset of the closure's cells.
        let seed = values(
            ROYLE_17
                .iter()
                .find(|s| s.0 == origin.seed)
                .expect("seed")
                .1,
        );
        for (d, &v) in hit.puzzle.iter().enumerate() {
            let c = origin.transform.apply(d);
            if seed[c] != 0 && v != 0 {
                assert_eq!(v, seed[c], "{origin}: cell {d}");
            }
        }
    }
    assert_eq!(hits, closure_hits(7, 1_000_000).0, "a seed replays");
    // A budget of tries is honoured.
    assert_eq!(closure_hits(7, 5).1, 5);
}

#[test]
fn closure_needs_seed_puzzles() {
    let target = Target::new(Symmetry::Diagonal, 18, Method::Closure, 1);
    let refused = search(&target, &Budget::tries(10), &mut |_, _| {}, &mut |_| {});
    assert!(refused.is_err(), "no seeds, no closure");
    assert_eq!("closure".parse::<Method>(), Ok(Method::Closure));
}

#[test]
fn impossible_targets_are_refused() {
    assert!(
        !pattern_exists(Symmetry::Rot90, 19),
        "the article's asterisk"
    );
    assert!(!pattern_exists(Symmetry::Full, 19));
    assert!(pattern_exists(Symmetry::Rot90, 20));
    assert!(pattern_exists(Symmetry::Full, 20));
    let target = |symmetry, givens| Target {
        symmetry,
        givens,
        method: Method::Neighbour,
        seed: 0,
    };
    assert!(check_target(&target(Symmetry::Rot180, 16)).is_err());
    assert!(check_target(&target(Symmetry::Rot90, 19)).is_err());
    assert!(check_target(&target(Symmetry::Rot180, 18)).is_ok());
}

#[test]
fn verify_rejects_what_is_not_a_hit() {
    // A 24-given rot180 puzzle sudokit's search found (seed 1).
    let line = b".......7.3.67...2....5.2..8..3..9..5.5.....6.7..3..9..5..9.8....8...62.1.6.......";
    let mut p = [0u8; 81];
    for (v, &c) in p.iter_mut().zip(line) {
        *v = if c == b'.' { 0 } else { c - b'0' };
    }
    assert_eq!(verify(&p, Symmetry::Rot180, 24), Ok(24));
    assert!(verify(&p, Symmetry::Rot180, 23).is_err(), "too many givens");
    assert!(
        verify(&p, Symmetry::Rot90, 24).is_err(),
        "not 90° symmetric"
    );
    let mut fewer = p;
    fewer[7] = 0;
    fewer[73] = 0;
    assert!(verify(&fewer, Symmetry::Rot180, 24).is_err(), "not unique");
}
