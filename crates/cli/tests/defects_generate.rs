//! Regression tests of issue 46's `generate` defects, end to end through the binary: records
//! read back as the same puzzle, impossible targets refused up front, layouts that have grids
//! get them (and those without are told so), `--single` with `-n`, closed pipes, and the
//! stats' grid count. Runs are seeded and bounded by attempt budgets, never by clocks.

mod common;

use std::io::Read;
use std::path::PathBuf;
use std::process::Stdio;

use common::{run, sudokit};
use serde_json::Value;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `generate ARGS` must succeed; its stdout.
fn generate(args: &[&str]) -> String {
    let mut all = vec!["generate", "--no-progress"];
    all.extend_from_slice(args);
    let o = run(&all, "");
    assert_eq!(o.status.code(), Some(0), "{all:?}: {}", text(&o.stderr));
    text(&o.stdout)
}

/// `check` of `input` (with `flags`): one JSON report per record.
fn check(input: &str, flags: &[&str]) -> Vec<Value> {
    let mut all = vec!["check", "-f", "json", "--no-progress"];
    all.extend_from_slice(flags);
    let o = run(&all, input);
    text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON report per line"))
        .collect()
}

/// Every layout option, as `generate` flags.
const LAYOUTS: &[&[&str]] = &[
    &["--extra", "diagonals"],
    &["--extra", "anti-knight"],
    &["--extra", "anti-king"],
    &["--box", "3x2"],
    &["--box", "2x4"],
    &["--size", "6", "--extra", "diagonals"],
    &["--jigsaw"],
];

#[test]
fn json_records_read_back_as_the_same_puzzle_for_every_layout_option() {
    for layout in LAYOUTS {
        let mut args = vec!["--seed", "3", "-n", "2", "-f", "json"];
        args.extend_from_slice(layout);
        let out = generate(&args);
        let made: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        // Read back with no layout flags at all: the record carries its layout.
        let reports = check(&out, &[]);
        assert_eq!(reports.len(), 2, "{layout:?}: {reports:?}");
        for (m, r) in made.iter().zip(&reports) {
            assert_eq!(r["unique"], "yes", "{layout:?}: {r}");
            assert_eq!(r["givens"], m["givens"], "{layout:?}: {r}");
        }
    }
}

#[test]
fn text_formats_read_back_with_the_same_layout_flags() {
    // Formats without layout fields read back when `check` is given the same layout flags;
    // `pretty` puzzles are separated by a blank line, so several read back one by one.
    for layout in &LAYOUTS[..6] {
        for format in ["line", "numbers", "block", "pretty", "csv"] {
            let mut args = vec!["--seed", "5", "-n", "3", "-f", format];
            args.extend_from_slice(layout);
            let out = generate(&args);
            let mut flags = vec!["-i", if format == "pretty" { "block" } else { format }];
            flags.extend(layout.iter().filter(|a| **a != "--size" && **a != "6"));
            let reports = check(&out, &flags);
            assert_eq!(reports.len(), 3, "{layout:?} {format}: {out}\n{reports:?}");
            for r in &reports {
                assert_eq!(r["unique"], "yes", "{layout:?} {format}: {r}");
            }
        }
    }
}

#[test]
fn single_with_a_count_above_one_is_refused() {
    let o = run(
        &[
            "generate",
            "--seed",
            "9",
            "--single",
            "-n",
            "3",
            "--no-progress",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("--single"), "{}", text(&o.stderr));
    assert!(o.stdout.is_empty());
    // One puzzle with --single (and -n 1) still works.
    let one = generate(&["--seed", "9", "--single", "-n", "1"]);
    assert_eq!(one.lines().count(), 1);
}

#[test]
fn a_closed_pipe_ends_generate_quietly() {
    let mut child = sudokit(&["generate", "-n", "100000", "--seed", "1", "--no-progress"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 82];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        !text(&o.stderr).to_lowercase().contains("broken pipe"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn absurd_job_counts_are_usage_errors() {
    let o = run(&["generate", "-j", "100000", "-n", "1"], "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(o.stdout.is_empty());
}

/// A pattern file of `n²` cells with the first `givens` marked, in the system's temp dir.
fn pattern_file(name: &str, n: usize, givens: usize) -> PathBuf {
    let text: String = (0..n * n)
        .map(|i| if i < givens { 'x' } else { '.' })
        .collect();
    let path = std::env::temp_dir().join(format!("sudokit-defects-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn impossible_targets_are_usage_errors_that_say_why() {
    let empty = pattern_file("empty", 9, 0);
    let sixteen = pattern_file("sixteen", 9, 16);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--size", "4", "--givens", "3"], "at least 4"),
        (vec!["--pattern", empty.to_str().unwrap()], "0 givens"),
        (vec!["--pattern", sixteen.to_str().unwrap()], "16 givens"),
        (vec!["--rating", "0..0.5"], "lowest rating"),
        (vec!["--level", "extreme", "--size", "4"], "4x4"),
        (vec!["--qqwing", "expert", "--size", "4"], "4x4"),
        (vec!["--seed-level", "99"], "seed level 99"),
    ];
    for (flags, why) in cases {
        let mut args = vec!["generate", "--seed", "1", "--no-progress"];
        args.extend(flags.iter());
        let o = run(&args, "");
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{flags:?}: {err}");
        assert!(err.contains(why), "{flags:?}: {err}");
        assert!(o.stdout.is_empty(), "{flags:?}");
    }
    let _ = std::fs::remove_file(empty);
    let _ = std::fs::remove_file(sixteen);
}

#[test]
fn rare_targets_stop_at_the_grid_budget_and_the_counts_agree() {
    for flags in [["--rating", "1.0..1.0"], ["--max-technique", "full-house"]] {
        let mut args = vec![
            "generate",
            "--seed",
            "2",
            "--max-grids",
            "4",
            "--neighbourhood",
            "0",
            "--stats",
            "--no-progress",
        ];
        args.extend(flags);
        let o = run(&args, "");
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{flags:?}: {err}");
        assert!(err.contains("budget ran out after 4 grids"), "{err}");
        assert!(err.contains("4 full grids drawn"), "{err}");
    }
}

#[test]
fn tight_extras_get_a_puzzle_for_every_seed() {
    for seed in 1..=8 {
        let s = seed.to_string();
        let out = generate(&[
            "--extra",
            "diagonals,anti-knight",
            "--seed",
            &s,
            "-f",
            "json",
        ]);
        let reports = check(&out, &[]);
        assert_eq!(reports.len(), 1, "seed {seed}");
        assert_eq!(reports[0]["unique"], "yes", "seed {seed}: {}", reports[0]);
    }
}

#[test]
fn a_layout_without_grids_is_said_to_have_none() {
    let o = run(
        &[
            "generate",
            "--size",
            "6",
            "--extra",
            "anti-knight,anti-king",
            "--seed",
            "1",
        ],
        "",
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("has no solution grid"), "{err}");
    assert!(!err.contains("attempts"), "{err}");
}

#[test]
fn a_region_map_gets_a_puzzle_for_every_seed() {
    // A 9x9 map on which the randomised fill alone stalled for seeds 1, 4, 5 and 7.
    let map = "111112336111222336144223336444255336472255556477779556477789956478889966888889999";
    let path = std::env::temp_dir().join(format!("sudokit-defects-{}-map", std::process::id()));
    std::fs::write(&path, map).unwrap();
    let file = path.to_str().unwrap();
    for seed in [1, 4, 5, 7] {
        let s = seed.to_string();
        let out = generate(&["--regions", file, "--seed", &s, "-f", "json"]);
        let reports = check(&out, &[]);
        assert_eq!(reports.len(), 1, "seed {seed}");
        assert_eq!(reports[0]["unique"], "yes", "seed {seed}: {}", reports[0]);
    }
    let _ = std::fs::remove_file(path);
}

#[test]
fn grids_above_25x25_are_made_and_read_back() {
    // An upper bound of all the cells stops the removal at once: this is the fill alone.
    for (size, givens) in [("36", "1200..1296"), ("49", "2300..2401")] {
        let out = generate(&[
            "--size", size, "--givens", givens, "--seed", "1", "-f", "json",
        ]);
        let reports = check(&out, &[]);
        assert_eq!(reports.len(), 1, "{size}");
        assert_eq!(reports[0]["unique"], "yes", "{size}: {}", reports[0]);
    }
}
