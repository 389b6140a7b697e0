//! The SE rater on SukakuExplainer's scale against `serate` reference rows kept in the repo
//! (`data/ratings/sukaku_sample.tsv`, see its README): ER, EP and ED to the tenth, and every
//! step checked against the solution an engine (`dlx`, no shared code) found.

use std::path::PathBuf;

use sudokit_core::{
    Grid, Request, Solver,
    format::{InputFormat, parse_one},
};
use sudokit_logic::se::{RateOptions, RateStatus, Scale, rate, tenths};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The unique solution, by an engine; `None` when there are zero or several.
fn unique_solution(p: &Grid) -> Option<Grid> {
    let r = sudokit_engines::Dlx::new()
        .solve(p, &Request::count(2, 1))
        .expect("engine runs");
    (r.count == 1).then(|| r.solutions[0].clone())
}

fn solution(p: &Grid) -> Grid {
    unique_solution(p).expect("reference puzzles have one solution")
}

fn tenth(s: &str) -> u32 {
    tenths(s.parse::<f64>().expect("a rating"))
}

/// Rates every row of a reference file on the Sukaku scale, checks each step against the
/// solution and returns (rows, rows with ER/EP/ED all equal, Sukaku-only steps).
fn check_file(text: &str) -> (usize, usize, usize) {
    let opts = RateOptions {
        scale: Scale::Sukaku,
        keep_steps: true,
        ..RateOptions::default()
    };
    let mut rows = 0;
    let mut equal = 0;
    let mut sukaku_steps = 0;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let p = parse_one(f[0], InputFormat::Auto).expect("puzzle parses");
        let sol = solution(&p);
        let r = rate(&p, &opts);
        assert_eq!(r.status, RateStatus::Rated, "{}", f[0]);
        let got = [r.er, r.ep, r.ed].map(|x| tenths(x.expect("rated")));
        let want = [tenth(f[1]), tenth(f[2]), tenth(f[3])];
        if got == want {
            equal += 1;
        } else {
            eprintln!("{}: got {got:?} want {want:?}", f[0]);
        }
        for s in &r.steps {
            if let Some((c, d)) = s.placement {
                assert_eq!(
                    sol.get(c),
                    Some(d),
                    "{}: {} places wrongly",
                    f[0],
                    s.technique
                );
            }
            for &(c, d) in &s.removals {
                assert_ne!(
                    sol.get(c),
                    Some(d),
                    "{}: {} removes the solution",
                    f[0],
                    s.technique
                );
            }
            if s.technique.contains("Wing ")
                || s.technique.contains("Strong")
                || s.technique.contains("Skyscraper")
                || s.technique.contains("Kite")
                || s.technique.contains("X-Loop")
            {
                sukaku_steps += 1;
            }
        }
        rows += 1;
    }
    (rows, equal, sukaku_steps)
}

#[test]
fn sukaku_scale_matches_serate_on_repo_sample() {
    let text = std::fs::read_to_string(repo().join("data/ratings/sukaku_sample.tsv"))
        .expect("data/ratings/sukaku_sample.tsv");
    let (rows, equal, sukaku_steps) = check_file(&text);
    assert_eq!((rows, equal), (29, 29));
    assert!(sukaku_steps >= 29, "only {sukaku_steps} Sukaku-only steps");
}

/// Rates one of `../shared/data/ratings` (serate, SukakuExplainer's default set) on the Sukaku
/// scale, every step checked, and demands ER, EP and ED equal to the tenth on all its `rows`.
fn assert_shared_file_equals_serate(file: &str, rows: usize) {
    let path = repo().join("../shared/data/ratings").join(file);
    let text = std::fs::read_to_string(&path).expect("shared ratings");
    let (total, equal, _) = check_file(&text);
    eprintln!("{file}: {equal}/{total} ER/EP/ED exact");
    assert_eq!((total, equal), (rows, rows), "{file}: (rows, rows equal)");
}

#[test]
#[ignore = "reads ../shared/data (scripts/conformance.sh)"]
fn shared_sets_sukaku_scale_equals_serate_on_every_row_soundly() {
    assert_shared_file_equals_serate("se_17clue_first150.tsv", 150);
    assert_shared_file_equals_serate("se_top95.tsv", 95);
}

#[test]
#[ignore = "reads ../shared/data (scripts/conformance.sh)"]
fn shared_sets_sukaku_scale_examples_equal_serate_golden_nugget_included() {
    assert_shared_file_equals_serate("se_examples.tsv", 8);
}

#[test]
fn se121_scale_differs_on_the_sample() {
    // The same rows rated on the SE 1.2.1 scale: every one gets a different triple, which is
    // why they were kept.
    let text = std::fs::read_to_string(repo().join("data/ratings/sukaku_sample.tsv"))
        .expect("data/ratings/sukaku_sample.tsv");
    for line in text.lines().skip(1).take(6) {
        let f: Vec<&str> = line.split('\t').collect();
        let p = parse_one(f[0], InputFormat::Auto).expect("puzzle parses");
        let r = rate(&p, &RateOptions::default());
        let got = [r.er, r.ep, r.ed].map(|x| tenths(x.expect("rated")));
        assert_ne!(got, [tenth(f[1]), tenth(f[2]), tenth(f[3])], "{}", f[0]);
    }
}

#[test]
fn other_layouts_rate_soundly_on_sukaku_scale() {
    // 16×16 and jigsaw puzzles: the strong-link and wing rules run on the layout's houses;
    // every step must keep the engine's solution.
    use sudokit_core::{
        Budget,
        format::{LayoutSpec, Reader},
    };
    const NODES: u64 = 5_000_000;
    let (mut rated, mut stopped, mut steps) = (0, 0, 0);
    for path in ["data/examples/16x16.txt", "data/examples/jigsaw.txt"] {
        let f = std::fs::File::open(repo().join(path)).expect("example file");
        let grids: Vec<Grid> = Reader::new(
            std::io::BufReader::new(f),
            InputFormat::Auto,
            LayoutSpec::default(),
        )
        .filter_map(|r| r.ok().and_then(|r| r.puzzle.ok()))
        .collect();
        for p in grids {
            let Some(sol) = unique_solution(&p) else {
                continue;
            };
            let opts = RateOptions {
                scale: Scale::Sukaku,
                keep_steps: true,
                max_level: 1,
                budget: Budget::nodes(NODES),
                ..RateOptions::default()
            };
            let r = rate(&p, &opts);
            for s in &r.steps {
                if let Some((c, d)) = s.placement {
                    assert_eq!(sol.get(c), Some(d), "{path}: {}", s.technique);
                }
                for &(c, d) in &s.removals {
                    assert_ne!(sol.get(c), Some(d), "{path}: {}", s.technique);
                }
            }
            rated += usize::from(r.status == RateStatus::Rated);
            stopped += usize::from(r.status == RateStatus::Budget);
            steps += r.steps.len();
        }
    }
    // A node budget, not a clock: the same checks on every machine. The rating takes a few
    // milliseconds; the budget is far above what it needs, so nothing may stop on it.
    assert_eq!(stopped, 0, "a rating ran out of its {NODES}-node budget");
    assert!(rated >= 1, "no example puzzle was rated");
    assert!(steps >= 100, "only {steps} steps checked");
}
