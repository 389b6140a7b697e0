//! The targeted few-givens search: hits are unique, minimal, symmetric and within K (checked
//! again here by `sudokit check`'s logic), a seed replays, budgets of tries are honoured, and
//! impossible targets are refused.

use sudokit_generate::Symmetry;
use sudokit_generate::fewgivens::{
    Budget, Hit, Method, Target, check_target, pattern_exists, search, verify,
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
