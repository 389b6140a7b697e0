//! The targeted few-givens search: hits are unique, minimal, symmetric and within K (checked
//! again here by `sudokit check`'s logic), a seed replays, budgets of tries are honoured, and
//! impossible targets are refused.

use sudokit_fast::Fast;
use sudokit_generate::Symmetry;
use sudokit_generate::fewgivens::automorphic::{Automorphism, GridMap};
use sudokit_generate::fewgivens::closure::{closure_cap, conjugates};
use sudokit_generate::fewgivens::exhaustive::{
    PatternEnd, PatternReport, pattern_count, pattern_order,
};
use sudokit_generate::fewgivens::hitting::{Unavoidables, hunt};
use sudokit_generate::fewgivens::{
    Budget, Hit, Method, Progress, SeedPuzzle, Target, check_target, pattern_exists, search,
    search_seeded, verify,
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

/// The shipped Royle puzzle of line `line`.
fn royle(line: u64) -> [u8; 81] {
    values(
        ROYLE_17
            .iter()
            .find(|s| s.0 == line)
            .expect("a shipped seed line")
            .1,
    )
}

fn closure_hits(seed: u64, tries: u64) -> (Vec<Hit>, u64) {
    let target = Target::new(Symmetry::Diagonal, 18, Method::Closure, seed);
    let (hits, progress) = seeded_hits(&target, &ROYLE_17, tries);
    (hits, progress.tries)
}

/// The hits and counters of `target` from the seed puzzles `seeds` within `tries` tries.
fn seeded_hits(target: &Target, seeds: &[(u64, &str)], tries: u64) -> (Vec<Hit>, Progress) {
    let seeds: Vec<SeedPuzzle> = seeds
        .iter()
        .map(|&(id, line)| SeedPuzzle {
            id,
            values: values(line),
        })
        .collect();
    let mut hits = Vec::new();
    let progress = search_seeded(
        target,
        &seeds,
        &Budget::tries(tries),
        &mut |h, _| hits.push(h.clone()),
        &mut |_| {},
    )
    .expect("a valid target");
    (hits, progress)
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
        let seed = royle(origin.seed);
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
        closure_slack: None,
        patterns: None,
        node_cap: None,
        automorphic: None,
        aligned_only: false,
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

/// A 24-given full-dihedral puzzle of `data/few-givens.txt` (closure of Royle's 17s).
const FULL_24: &str =
    "..5...9.....8.3...4...1...2.8.1.2.9...9...3...3.6.7.5.3...5...8...2.4.....7...1..";

fn hitting_hits(
    symmetry: Symmetry,
    givens: usize,
    seeds: &[(u64, &str)],
    tries: u64,
) -> (Vec<Hit>, Progress) {
    seeded_hits(
        &Target::new(symmetry, givens, Method::Hitting, 11),
        seeds,
        tries,
    )
}

#[test]
fn hitting_finds_every_closure_hit_on_its_grid_and_conjugate() {
    let (closed, _) = closure_hits(7, 1_000_000);
    assert!(!closed.is_empty());
    let conj = conjugates(Symmetry::Diagonal);
    for c in closed.iter().take(1) {
        let origin = c.origin.as_ref().expect("origin");
        let seed = royle(origin.seed);
        let grid = Fast::solve_first(&seed).0.expect("solved");
        let cj = conj
            .iter()
            .find(|cj| cj.transform == origin.transform)
            .expect("the closure's conjugate");
        let mut unav = Unavoidables::new(&grid);
        let known = unav.sets().len();
        let found = hunt(&mut unav, cj, 18, 10_000_000, &|| false);
        assert!(found.finished, "{origin}: searched to the end");
        assert!(
            found.puzzles.contains(&c.puzzle),
            "{origin}: the closure's hit {} is among the hitting search's {} puzzles",
            c.line(),
            found.puzzles.len()
        );
        for p in &found.puzzles {
            assert_eq!(Fast::count_up_to(p, 2).0, 1, "unique");
            assert!(p.iter().filter(|&&v| v != 0).count() <= 18);
            assert!(Symmetry::Diagonal.holds(p, 9));
        }
        assert!(unav.sets().len() >= known, "sets are only learnt");
    }
}

#[test]
fn hitting_runs_grid_by_grid_within_its_tries_and_replays() {
    let seeds = &ROYLE_17[1..];
    let (hits, progress) = hitting_hits(Symmetry::Diagonal, 18, seeds, 3);
    assert_eq!(progress.tries, 3, "(grid, conjugate) pairs");
    assert_eq!(
        progress.restarts, 1,
        "the first grid has more conjugates than that"
    );
    assert!(progress.nodes >= 3);
    for hit in &hits {
        assert_eq!(verify(&hit.puzzle, Symmetry::Diagonal, 18), Ok(hit.givens));
        let origin = hit.origin.as_ref().expect("a hitting hit names its grid");
        assert_eq!(origin.method, Method::Hitting);
        assert!([1421, 1850].contains(&origin.seed), "{origin}");
        assert_eq!(origin.public, None, "no seed is symmetric: {origin}");
    }
    assert_eq!(
        hitting_hits(Symmetry::Diagonal, 18, seeds, 3),
        (hits, progress)
    );
}

#[test]
fn hitting_marks_a_hit_equal_to_a_seed_as_public() {
    // The seed is symmetric itself: the class's own orientation (the first conjugate) on its
    // grid holds it.
    let (hits, progress) = hitting_hits(Symmetry::Full, 24, &[(9, FULL_24)], 1);
    assert_eq!(progress.incomplete, 0);
    let own = values(FULL_24);
    let hit = hits
        .iter()
        .find(|h| h.puzzle == own)
        .expect("the seed itself");
    let origin = hit.origin.as_ref().expect("origin");
    assert_eq!(origin.public, Some(9), "{origin}");
    assert!(origin.to_string().contains("FROM THE PUBLIC COLLECTION"));
    for hit in &hits {
        assert_eq!(verify(&hit.puzzle, Symmetry::Full, 24), Ok(hit.givens));
    }
    assert_eq!("hitting".parse::<Method>(), Ok(Method::Hitting));
}

/// Royle's 17-clue line 3894: its closure under one conjugate of the vertical mirror has 21
/// givens and reduces to a 19-given vertical puzzle (data/few-givens.txt).
const ROYLE_3894: [(u64, &str); 1] = [(
    3894,
    "................12..3..4.........3......536...1..7..........8....9....7.1.52.9...",
)];

#[test]
fn closure_slack_sets_the_largest_closure_reduced() {
    let with_slack = |slack| Target {
        closure_slack: Some(slack),
        ..Target::new(Symmetry::Vertical, 19, Method::Closure, 3)
    };
    assert_eq!(with_slack(2).closure_cap(), 21);
    assert_eq!(
        Target::new(Symmetry::Vertical, 19, Method::Closure, 3).closure_cap(),
        closure_cap(Symmetry::Vertical, 19)
    );
    // Slack 1: no closure of this seed has at most 20 givens, so nothing is reduced.
    let (hits, progress) = seeded_hits(&with_slack(1), &ROYLE_3894, 100_000);
    assert!(hits.is_empty(), "{hits:?}");
    // Slack 2 admits the 21-given closure, which reduces to a 19-given hit.
    let (hits, more) = seeded_hits(&with_slack(2), &ROYLE_3894, 100_000);
    assert!(more.tries > progress.tries);
    assert!(!hits.is_empty(), "the 21-given closure reduces to 19");
    for hit in &hits {
        assert_eq!(verify(&hit.puzzle, Symmetry::Vertical, 19), Ok(hit.givens));
        let origin = hit.origin.as_ref().expect("a closure hit names its seed");
        assert_eq!(origin.seed, 3894);
        assert!(origin.closure_givens <= 21, "{origin}");
    }
}

/// A 19-given vertical puzzle of data/few-givens.txt (closure of Royle's line 3894), transposed:
/// symmetric under a conjugate of the vertical mirror (the horizontal one), not the mirror.
fn transposed_vertical_19() -> [u8; 81] {
    let p =
        values("............1.2...3.......4....3....29..6..53.1.....7.....8.......7.5...5.1...2.9");
    std::array::from_fn(|i| p[(i % 9) * 9 + i / 9])
}

#[test]
fn neighbour_walks_start_from_seed_puzzles_in_the_standard_orientation() {
    let walk = |seeds: &[SeedPuzzle], givens, tries| {
        let target = Target::new(Symmetry::Vertical, givens, Method::Neighbour, 5);
        let mut hits = Vec::new();
        let progress = search_seeded(
            &target,
            seeds,
            &Budget::tries(tries),
            &mut |h, _| hits.push(h.clone()),
            &mut |_| {},
        )
        .expect("a valid target");
        (hits, progress)
    };
    let seed = transposed_vertical_19();
    assert!(!Symmetry::Vertical.holds(&seed, 9));
    let (hits, progress) = walk(
        &[SeedPuzzle {
            id: 7,
            values: seed,
        }],
        19,
        300,
    );
    assert_eq!(progress.tries, 300);
    // The walk stood on the seed, transformed (random starts reach 19 only after millions of
    // tries), and does not report it back.
    assert_eq!(progress.fewest, 19);
    assert_eq!(progress.restarts, 1, "one seed, one walk within 300 tries");
    assert!(
        hits.iter()
            .all(|h| h.puzzle.iter().filter(|&&v| v != 0).count() == 19)
    );
    // A seed with no symmetric pattern starts from its smallest closure (21 givens) and
    // descends from there; its hits name it.
    let seeds = [SeedPuzzle {
        id: ROYLE_3894[0].0,
        values: values(ROYLE_3894[0].1),
    }];
    let (hits, progress) = walk(&seeds, 20, 2_000);
    assert!(progress.fewest <= 20 && !hits.is_empty(), "{progress:?}");
    for hit in &hits {
        assert_eq!(verify(&hit.puzzle, Symmetry::Vertical, 20), Ok(hit.givens));
        let origin = hit.origin.as_ref().expect("a seeded walk names its seed");
        assert_eq!((origin.method, origin.seed), (Method::Neighbour, 3894));
        assert_eq!((origin.seed_givens, origin.closure_givens), (17, 21));
        assert!(
            origin
                .to_string()
                .starts_with("neighbour walk from seed #3894")
        );
    }
    assert_eq!(hits, walk(&seeds, 20, 2_000).0, "a seed replays");
}

/// Full dihedral, 24 givens, seed 1, 300 nodes a pattern: pattern 10 of that order yields
/// dozens of hits within its cap, the others none (a few milliseconds each).
fn exhaustive_target(patterns: std::ops::Range<usize>) -> Target {
    Target {
        patterns: Some(patterns),
        node_cap: Some(300),
        ..Target::new(Symmetry::Full, 24, Method::Exhaustive, 1)
    }
}

/// The hits (sorted) and pattern reports (by index) of an exhaustive search on `jobs` workers.
fn exhaustive_run(target: &Target, jobs: usize) -> (Vec<Hit>, Vec<PatternReport>, Progress) {
    let mut hits = Vec::new();
    let mut reports = Vec::new();
    let totals = sudokit_generate::fewgivens::exhaustive::search(
        target,
        &Budget::default(),
        jobs,
        &mut |h, _| hits.push(h.clone()),
        &mut |r, _| reports.push(r.clone()),
    )
    .expect("a valid target");
    hits.sort_by_key(|h| (h.pattern, h.puzzle));
    reports.sort_by_key(|r| r.index);
    (hits, reports, totals)
}

#[test]
fn exhaustive_shards_together_equal_the_whole_run() {
    let order = pattern_order(&exhaustive_target(8..13)).expect("793 patterns");
    let (hits, reports, totals) = exhaustive_run(&exhaustive_target(8..13), 1);
    let indices: Vec<usize> = reports.iter().map(|r| r.index).collect();
    assert_eq!(indices, (8..13).collect::<Vec<_>>(), "each pattern once");
    assert!(
        reports.iter().all(|r| r.end == PatternEnd::Cut),
        "300 nodes cut them"
    );
    assert!(hits.len() >= 10, "pattern 10 yields hits: {}", hits.len());
    for hit in &hits {
        let p = hit.pattern.expect("an exhaustive hit names its pattern");
        assert!((8..13).contains(&p));
        // The hit's givens are exactly its pattern's cells, and it passes the checks again.
        let mut cells: Vec<usize> = (0..81).filter(|&c| hit.puzzle[c] != 0).collect();
        let mut want = order[p].clone();
        cells.sort_unstable();
        want.sort_unstable();
        assert_eq!(cells, want, "hit on pattern {p}");
        assert_eq!(verify(&hit.puzzle, Symmetry::Full, 24), Ok(24));
    }
    assert_eq!(totals.restarts, 5);
    assert_eq!(totals.incomplete, 5);
    assert_eq!(totals.hits, hits.len() as u64);
    assert_eq!(
        totals.tries,
        reports.iter().map(|r| r.progress.tries).sum::<u64>()
    );
    // Two shards: the same patterns, reports and hits.
    let (mut shard_hits, mut shard_reports, a) = exhaustive_run(&exhaustive_target(8..10), 1);
    let (more_hits, more_reports, b) = exhaustive_run(&exhaustive_target(10..13), 1);
    shard_hits.extend(more_hits);
    shard_reports.extend(more_reports);
    assert_eq!(shard_reports, reports);
    assert_eq!(shard_hits, hits);
    assert_eq!(a.tries + b.tries, totals.tries);
    assert_eq!(a.hits + b.hits, totals.hits);
}

#[test]
fn exhaustive_gives_the_same_hits_and_summary_on_one_and_two_workers() {
    let target = exhaustive_target(6..14);
    let (hits, reports, totals) = exhaustive_run(&target, 1);
    let (hits2, reports2, totals2) = exhaustive_run(&target, 2);
    assert!(!hits.is_empty());
    assert_eq!(hits2, hits);
    assert_eq!(reports2, reports);
    assert_eq!(totals2, totals);
    // The pattern order is fixed: by empty units, the seed ordering only ties, and replayed.
    let order = pattern_order(&target).expect("valid");
    assert_eq!(order, pattern_order(&target).expect("valid"));
    let units: Vec<usize> = order
        .iter()
        .map(|p| sudokit_generate::fewgivens::pattern::empty_units(p))
        .collect();
    assert!(units.windows(2).all(|w| w[0] <= w[1]));
    let other = pattern_order(&Target {
        seed: 2,
        ..target.clone()
    })
    .expect("valid");
    let other_units: Vec<usize> = other
        .iter()
        .map(|p| sudokit_generate::fewgivens::pattern::empty_units(p))
        .collect();
    assert_eq!(other_units, units);
    assert_ne!(other, order, "ties fall in the seed's order");
}

#[test]
fn exhaustive_refuses_bad_ranges_and_options_of_other_methods() {
    let full24 = Target::new(Symmetry::Full, 24, Method::Exhaustive, 1);
    assert_eq!(pattern_count(&full24), Ok(793));
    let refused = |t: &Target| {
        let e = check_target(t).expect_err("refused");
        let by_search = search(t, &Budget::tries(10), &mut |_, _| {}, &mut |_| {});
        assert!(by_search.is_err());
        e.to_string()
    };
    assert!(refused(&exhaustive_target(5..5)).contains("empty"));
    #[allow(clippy::reversed_empty_ranges, reason = "the refusal under test")]
    let backwards = exhaustive_target(9..3);
    assert!(refused(&backwards).contains("empty"));
    assert!(refused(&exhaustive_target(790..794)).contains("793 patterns"));
    assert!(check_target(&exhaustive_target(790..793)).is_ok());
    let no_nodes = Target {
        node_cap: Some(0),
        ..full24.clone()
    };
    assert!(refused(&no_nodes).contains("node cap"));
    let pattern_range = Target {
        method: Method::Pattern,
        ..exhaustive_target(0..3)
    };
    assert!(refused(&pattern_range).contains("exhaustive method"));
    let slack = Target {
        closure_slack: Some(3),
        ..Target::new(Symmetry::Full, 24, Method::Pattern, 1)
    };
    assert!(refused(&slack).contains("closure method"));
}

#[test]
fn hitting_on_automorphic_grids_makes_only_checked_hits_on_automorphic_grids() {
    let target = Target {
        automorphic: Some(Automorphism::Map(GridMap::Rot90)),
        ..Target::new(Symmetry::Rot90, 24, Method::Hitting, 5)
    };
    let (hits, progress) = seeded_hits(&target, &[], 2);
    assert_eq!(
        progress.restarts, 1,
        "one grid (it has more conjugates than 2)"
    );
    assert!(!hits.is_empty(), "hits within 2 (grid, conjugate) searches");
    for hit in &hits {
        assert_eq!(verify(&hit.puzzle, Symmetry::Rot90, 24), Ok(hit.givens));
        let origin = hit.origin.as_ref().expect("a hitting hit names its grid");
        let (map, perm) = origin.automorphism.expect("the automorphism");
        assert_eq!(map, GridMap::Rot90);
        assert!(
            origin.to_string().contains("automorphic under rot90"),
            "{origin}"
        );
        // The hit's solution, taken back to the grid's orientation (standard cell d is grid
        // cell T(d)), is automorphic under 90° rotation with π.
        let solution = Fast::solve_first(&hit.puzzle).0.expect("solved");
        let mut grid = [0u8; 81];
        for (d, &v) in solution.iter().enumerate() {
            grid[origin.transform.apply(d)] = v;
        }
        for r in 0..9 {
            for c in 0..9 {
                assert_eq!(
                    grid[c * 9 + 8 - r],
                    perm.apply(grid[r * 9 + c]),
                    "{origin}: G(rot90(r{}c{})) = π(G)",
                    r + 1,
                    c + 1
                );
            }
        }
    }
}

#[test]
fn automorphic_grids_are_refused_outside_the_hitting_method_and_with_seeds() {
    let auto = |method| Target {
        automorphic: Some(Automorphism::Any),
        ..Target::new(Symmetry::Full, 24, method, 1)
    };
    let err = check_target(&auto(Method::Neighbour)).unwrap_err();
    assert!(err.to_string().contains("hitting method only"), "{err}");
    assert!(check_target(&auto(Method::Hitting)).is_ok());
    let aligned_alone = Target {
        aligned_only: true,
        ..Target::new(Symmetry::Full, 24, Method::Hitting, 1)
    };
    assert!(check_target(&aligned_alone).is_err());
    let seeds = [SeedPuzzle::parse(1, ROYLE_17[0].1).expect("a puzzle")];
    let err = search_seeded(
        &auto(Method::Hitting),
        &seeds,
        &Budget::tries(1),
        &mut |_, _| {},
        &mut |_| {},
    )
    .unwrap_err();
    assert!(err.to_string().contains("one or the other"), "{err}");
}

/// Regression: `--aligned-only` with a map that keeps no conjugate of the class drew grid
/// after grid, searched none and counted no try, so `--tries` never ended the run.
#[test]
fn aligned_only_with_a_map_that_keeps_no_conjugate_is_refused() {
    let aligned = |symmetry, map| Target {
        automorphic: Some(map),
        aligned_only: true,
        ..Target::new(symmetry, 21, Method::Hitting, 1)
    };
    let rot90 = Automorphism::Map(GridMap::Rot90);
    let err = check_target(&aligned(Symmetry::Vertical, rot90)).unwrap_err();
    assert!(err.to_string().contains("searching only aligned"), "{err}");
    // A 2-cell mirror orbit is never its own image under a quarter turn; every conjugate of
    // the one-mirror class is refused, each checked here directly.
    assert!(
        conjugates(Symmetry::Vertical)
            .iter()
            .all(|cj| !sudokit_generate::fewgivens::automorphic::aligned(cj, GridMap::Rot90))
    );
    // No conjugate of the one-mirror class is kept by any of the four maps (a mirror orbit's
    // two cells share a row), so `any` is refused too; both mirrors' 4-cell orbits are kept by
    // a half turn, so `any` is accepted there, as is a map without aligned_only.
    let err = check_target(&aligned(Symmetry::Vertical, Automorphism::Any)).unwrap_err();
    assert!(err.to_string().contains("searching only aligned"), "{err}");
    assert!(check_target(&aligned(Symmetry::Orthogonal, Automorphism::Any)).is_ok());
    assert!(check_target(&aligned(Symmetry::Rot90, rot90)).is_ok());
    let all = Target {
        aligned_only: false,
        ..aligned(Symmetry::Vertical, rot90)
    };
    assert!(check_target(&all).is_ok());
    // An accepted aligned-only run ends at its tries.
    let progress = search(
        &aligned(Symmetry::Rot90, rot90),
        &Budget::tries(2),
        &mut |_, _| {},
        &mut |_| {},
    )
    .expect("a valid target");
    assert_eq!(progress.tries, 2);
}

#[test]
fn exhaustive_on_one_worker_stops_exactly_at_the_hit_count() {
    // Patterns 6..14 hold more than 3 hits (pattern 10 alone has dozens): a budget of 3 hits
    // stops one worker at the third, the same way every time, the patterns after it unstarted.
    let target = exhaustive_target(6..14);
    let counted = |most: u64| {
        let mut hits = Vec::new();
        let totals = sudokit_generate::fewgivens::exhaustive::search(
            &target,
            &Budget {
                hits: Some(most),
                ..Budget::default()
            },
            1,
            &mut |h, _| hits.push(h.clone()),
            &mut |_, _| {},
        )
        .expect("a valid target");
        (hits, totals)
    };
    let (whole, _, all) = exhaustive_run(&target, 1);
    assert!(whole.len() > 3);
    let (hits, totals) = counted(3);
    assert_eq!(hits.len(), 3);
    assert_eq!(totals.hits, 3);
    assert!(
        totals.restarts < all.restarts,
        "stopped before the last pattern"
    );
    assert_eq!(counted(3), (hits, totals), "replayed exactly");
    let (none, nothing) = counted(0);
    assert!(none.is_empty());
    assert_eq!(nothing.tries, 0, "a count of 0 searches nothing");
}
