//! The SE-compatible rater against Sudoku Explainer's own numbers, and every step it takes
//! against a solution found by an engine.

use std::path::PathBuf;
use std::time::Duration;

use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::{Budget, Grid, Request};
use sudokit_engines::{EngineOptions, engine};
use sudokit_logic::se::{RateOptions, RateStatus, Rating, rate, tenths};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The unique solution, by an engine (not by the rater).
fn solution(p: &Grid) -> Grid {
    let e = engine("dlx", &EngineOptions::default()).expect("dlx engine");
    let r = e.solve(p, &Request::count(2, 1)).expect("solves");
    assert_eq!(r.count, 1, "reference puzzles have one solution");
    r.solutions[0].clone()
}

/// Every placement equals the solution, no removal takes the solution's digit.
fn assert_sound(r: &Rating, sol: &Grid, what: &str) {
    for (i, s) in r.steps.iter().enumerate() {
        if let Some((c, d)) = s.placement {
            assert_eq!(
                sol.get(c),
                Some(d),
                "{what}: step {} {} places wrongly",
                i + 1,
                s.technique
            );
        }
        for &(c, d) in &s.removals {
            assert_ne!(
                sol.get(c),
                Some(d),
                "{what}: step {} {} removes the solution",
                i + 1,
                s.technique
            );
        }
    }
}

fn rows(path: &PathBuf) -> Vec<(String, [f64; 3], String)> {
    let text = std::fs::read_to_string(path).expect("reference file");
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let n = |i: usize| f[i].parse::<f64>().expect("rating");
            (f[0].to_string(), [n(1), n(2), n(3)], f[4].to_string())
        })
        .collect()
}

/// Rates every row of a reference file, checking each step against the solution, and returns
/// the number of rows and a line for each row whose ER, EP or ED differs from SE's to the tenth.
fn check_file(path: &PathBuf) -> (usize, Vec<String>) {
    let opts = RateOptions {
        keep_steps: true,
        ..RateOptions::default()
    };
    let (mut total, mut differ) = (0, Vec::new());
    for (puzzle, want, tech) in rows(path) {
        let p = parse_one(&puzzle, InputFormat::Auto).expect("puzzle");
        let r = rate(&p, &opts);
        assert_eq!(r.status, RateStatus::Rated, "{puzzle}");
        assert_sound(&r, &solution(&p), &puzzle);
        let got = [r.er, r.ep, r.ed].map(|x| tenths(x.expect("rated")));
        let want = want.map(tenths);
        total += 1;
        if got != want {
            differ.push(format!("{puzzle}: got {got:?} want {want:?} ({tech})"));
        }
    }
    (total, differ)
}

#[test]
fn shipped_reference_ratings_agree_to_the_tenth() {
    let (total, differ) = check_file(&repo().join("data/ratings/se121_sample.tsv"));
    assert!(total >= 80, "{total} rows");
    assert!(
        differ.is_empty(),
        "every ER, EP and ED of the shipped sample equals SE's:\n{}",
        differ.join("\n")
    );
}

#[test]
fn hardest_step_names_the_technique_that_set_er() {
    // Row of top95 whose hardest step is a cell forcing chain.
    let p = parse_one(
        "...8....9.873...4.6..7.......85..97...........43..75.......3....3...145.4....2..1",
        InputFormat::Auto,
    )
    .unwrap();
    let r = rate(
        &p,
        &RateOptions {
            texts: true,
            ..RateOptions::default()
        },
    );
    let h = r.hardest.expect("a hardest step");
    assert_eq!(tenths(h.rating), tenths(r.er.unwrap()));
    assert!(
        h.technique.contains("Cell Forcing Chains"),
        "{}",
        h.technique
    );
    assert!(
        h.text.contains("->"),
        "the sentence shows the chains: {}",
        h.text
    );
}

/// tarek-052 (SE 9.9: it needs dynamic forcing chains (+)) rated with `options`.
fn rate_tarek_052(options: RateOptions) -> Rating {
    let p = parse_one(
        "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
        InputFormat::Auto,
    )
    .unwrap();
    rate(&p, &options)
}

#[test]
fn beyond_the_allowed_nesting_is_reported_not_made_up() {
    // tarek-052 needs dynamic forcing chains (+) (SE: 9.9); with nesting capped at 0 the rater
    // must say it cannot finish.
    let r = rate_tarek_052(RateOptions {
        max_level: 0,
        ..RateOptions::default()
    });
    assert_eq!(r.status, RateStatus::Beyond);
    assert_eq!(r.er, None);
    assert!(r.step_count > 0);
}

#[test]
fn budget_and_stop_above_end_early() {
    let r = rate_tarek_052(RateOptions {
        budget: Budget::time(Duration::ZERO),
        ..RateOptions::default()
    });
    assert_eq!(r.status, RateStatus::Budget);
    assert_eq!(r.er, None);
    let r = rate_tarek_052(RateOptions {
        stop_above: Some(3.0),
        ..RateOptions::default()
    });
    assert_eq!(r.status, RateStatus::Above);
    assert!(r.above.unwrap() > 3.0);
}

#[test]
fn a_stop_above_limit_keeps_ratings_within_it_and_bounds_the_others() {
    // Rows of the shipped sample up to ER 7.5 (the rest take long in a debug build). With a
    // limit, producers rated above it are not run: a puzzle within the limit must still get
    // SE's three numbers, and one above it `Above` with a lower bound that is above the
    // limit and never above the real ER.
    let all = rows(&repo().join("data/ratings/se121_sample.tsv"));
    let sample: Vec<_> = all.iter().filter(|(_, w, _)| w[0] <= 7.5).collect();
    assert!(sample.len() >= 40, "{} rows", sample.len());
    for limit in [1.5, 2.6, 4.0, 6.5] {
        let (mut within, mut above) = (0, 0);
        for (puzzle, want, _) in &sample {
            let p = parse_one(puzzle, InputFormat::Auto).expect("puzzle");
            let r = rate(
                &p,
                &RateOptions {
                    stop_above: Some(limit),
                    ..RateOptions::default()
                },
            );
            if tenths(want[0]) <= tenths(limit) {
                within += 1;
                assert_eq!(r.status, RateStatus::Rated, "{puzzle} at {limit}");
                let got = [r.er.unwrap(), r.ep.unwrap(), r.ed.unwrap()];
                for k in 0..3 {
                    assert_eq!(tenths(got[k]), tenths(want[k]), "{puzzle} at {limit}");
                }
            } else {
                above += 1;
                assert_eq!(r.status, RateStatus::Above, "{puzzle} at {limit}");
                assert_eq!(r.er, None);
                let bound = r.above.expect("a lower bound");
                assert!(
                    tenths(bound) > tenths(limit),
                    "{puzzle} at {limit}: {bound}"
                );
                assert!(
                    tenths(bound) <= tenths(want[0]),
                    "{puzzle} at {limit}: {bound}"
                );
            }
        }
        assert!(above > 0, "limit {limit} leaves some rows above it");
        if limit >= 2.6 {
            assert!(within > 0, "limit {limit} keeps some rows within it");
        }
    }
}

/// Rates with every step kept, up to the first nesting level (enough for the examples of
/// other layouts).
fn rate_to_level_one(p: &Grid) -> Rating {
    rate(
        p,
        &RateOptions {
            keep_steps: true,
            max_level: 1,
            ..RateOptions::default()
        },
    )
}

#[test]
fn other_layouts_rate_on_the_same_scale_soundly() {
    let text = std::fs::read_to_string(repo().join("data/examples/16x16.txt")).unwrap();
    let line = text
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .unwrap();
    let p = parse_one(line, InputFormat::Auto).unwrap();
    let r = rate_to_level_one(&p);
    assert_eq!(r.status, RateStatus::Rated, "16x16 example");
    assert!(r.er.unwrap() >= 1.0);
    assert_sound(&r, &solution(&p), "16x16");

    let jig = std::fs::read_to_string(repo().join("data/examples/jigsaw.txt")).unwrap();
    let first: Vec<&str> = jig.lines().take(2).collect();
    let p = parse_one(&first.join("\n"), InputFormat::Jigsaw).unwrap();
    assert!(p.layout().is_jigsaw());
    let r = rate_to_level_one(&p);
    assert_eq!(r.status, RateStatus::Rated, "jigsaw example");
    assert_sound(&r, &solution(&p), "jigsaw");

    // X-Sudoku: the diagonals share the centre cell, so a direct pointing can come from a
    // lock that removes nothing (the other diagonal through the centre is left with one
    // place). Skipping such locks once sent this puzzle to a 6.6 forcing chain and ten more
    // steps; with them it needs nothing above Pointing.
    let xs = std::fs::read_to_string(repo().join("data/examples/x-sudoku.ndjson")).unwrap();
    let line = xs.lines().next().unwrap();
    let p = parse_one(line, InputFormat::Auto).unwrap();
    let r = rate_to_level_one(&p);
    assert_eq!(r.status, RateStatus::Rated, "X example");
    assert_sound(&r, &solution(&p), "X");
    assert!(
        r.steps.iter().any(|s| s.technique.starts_with("Direct")),
        "the X example uses direct hints"
    );
    assert_eq!(r.er, Some(2.6), "X example: {:?}", r.hardest);
}

/// Rates one of `../shared/data/ratings` (serate's SE 1.2.1 ratings) and demands, as README and
/// docs/rating.md claim, ER, EP and ED equal to SE's to the tenth on every one of its `rows`.
fn assert_shared_file_equals_serate(name: &str, rows: usize) {
    let path = repo().join("../shared/data/ratings").join(name);
    let (total, differ) = check_file(&path);
    eprintln!(
        "{name}: {}/{total} rows equal to the tenth",
        total - differ.len()
    );
    assert_eq!(total, rows, "{name}: rows");
    assert!(
        differ.is_empty(),
        "{name}: {} of {total} rows differ from serate:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

#[test]
#[ignore = "needs ../shared/data beside the repository; run by scripts/conformance.sh"]
fn shared_sets_se121_ratings_equal_serate_on_every_row() {
    assert_shared_file_equals_serate("se121_17clue_first150.tsv", 150);
    assert_shared_file_equals_serate("se121_top95.tsv", 95);
}

#[test]
#[ignore = "needs ../shared/data beside the repository; run by scripts/conformance.sh"]
fn shared_sets_se121_examples_equal_serate_golden_nugget_included() {
    // Easter Monster 11.6/11.6/10.8, tarek-052, golden nugget 11.9 (nesting level 4), ...
    assert_shared_file_equals_serate("se121_examples.tsv", 8);
}
