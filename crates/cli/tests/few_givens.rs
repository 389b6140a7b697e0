//! `sudokit generate --search targeted`: every printed hit is a unique, minimal, symmetric
//! puzzle with at most K givens (checked by `sudokit check`), a run with `--tries` replays, and
//! targets no search can meet are usage errors.

mod common;

use common::run;

fn hits(seed: &str) -> Vec<String> {
    let o = run(
        &[
            "generate",
            "--search",
            "targeted",
            "--symmetry",
            "rot180",
            "--givens",
            "24",
            "--tries",
            "400",
            "-j",
            "1",
            "-n",
            "2",
            "--seed",
            seed,
            "--no-progress",
        ],
        "",
    );
    assert!(matches!(o.status.code(), Some(0 | 1)), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("rot180 neighbour search for 24 givens"),
        "{err}"
    );
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn targeted_hits_pass_check_and_replay() {
    let found = hits("1");
    assert!(
        !found.is_empty(),
        "24-given rot180 puzzles come within 400 moves"
    );
    let input = found.join("\n") + "\n";
    let o = run(&["check", "--format", "json"], &input);
    assert_eq!(o.status.code(), Some(0));
    for line in String::from_utf8_lossy(&o.stdout).lines() {
        let rec: serde_json::Value = serde_json::from_str(line).expect("json");
        assert_eq!(rec["unique"], "yes", "{rec}");
        assert_eq!(rec["minimal"], true, "{rec}");
        assert!(rec["givens"].as_u64().is_some_and(|g| g <= 24), "{rec}");
        let sym = rec["symmetry"].as_array().expect("symmetry list");
        assert!(sym.iter().any(|s| s == "rot180"), "{rec}");
    }
    assert_eq!(
        found,
        hits("1"),
        "the same seed and tries print the same hits"
    );
}

#[test]
fn impossible_targets_and_foreign_flags_are_usage_errors() {
    for tail in [
        "--symmetry rot90 --givens 19",
        "--symmetry rot180 --givens 16",
        "--symmetry rot180",
        "--givens 20..22",
        "--givens 22 --size 16",
    ] {
        let args: Vec<&str> = ["generate", "--search", "targeted"]
            .into_iter()
            .chain(tail.split(' '))
            .collect();
        let o = run(&args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!o.stderr.is_empty());
    }
    let o = run(&["generate", "--method", "pattern", "--givens", "22"], "");
    assert_eq!(o.status.code(), Some(2), "--method needs --search");
}

#[test]
fn closure_from_a_file_prints_checked_hits_and_their_origin() {
    // Lines 1421 and 1850 of Gordon Royle's 17-clue list (the project's reference data,
    // 9x9/17_clue.txt), numbered here as lines 2 and 3 after a comment line.
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("few_givens_seeds.txt");
    std::fs::write(
        &path,
        "# two 17-clue puzzles\n.................1..2.34........5......6.1.4...7....8.....7.36..5.8.....16.......\n................12.....3..4.....567...2........8..4......18.....5..2.....7..3.9..\n",
    )
    .expect("write the seed file");
    let file = path.to_str().expect("a UTF-8 path");
    // `generate --search targeted --method closure --symmetry diagonal --givens 18`, then `tail`.
    let closure = |tail: &[&str]| {
        let head = ["generate", "--search", "targeted", "--method", "closure"];
        let mid = ["--symmetry", "diagonal", "--givens", "18"];
        let args: Vec<&str> = head.iter().chain(&mid).chain(tail).copied().collect();
        run(&args, "")
    };
    let o = closure(&[
        "--from",
        file,
        "-n",
        "100",
        "-j",
        "1",
        "--seed",
        "3",
        "--no-progress",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "fewer than 100 hits: {err}");
    assert!(err.contains("from seed #2 (17 givens)"), "{err}");
    assert!(err.contains("from seed #3 (17 givens)"), "{err}");
    let o = run(&["check", "--format", "json"], &o.stdout);
    assert_eq!(o.status.code(), Some(0));
    let lines = String::from_utf8_lossy(&o.stdout).lines().count();
    assert!(lines >= 2, "each seed gives a hit");
    for line in String::from_utf8_lossy(&o.stdout).lines() {
        let rec: serde_json::Value = serde_json::from_str(line).expect("json");
        assert_eq!(rec["unique"], "yes", "{rec}");
        assert_eq!(rec["minimal"], true, "{rec}");
        assert_eq!(rec["givens"], 18, "{rec}");
        let sym = rec["symmetry"].as_array().expect("symmetry list");
        assert!(sym.iter().any(|s| s == "diagonal"), "{rec}");
    }
    std::fs::write(&path, "not a puzzle\n").expect("write");
    let o = closure(&["--from", file]);
    assert_ne!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 1"));
    let o = closure(&[]);
    assert_ne!(o.status.code(), Some(0), "closure needs --from");
    assert!(String::from_utf8_lossy(&o.stderr).contains("--from"));
}

#[test]
fn hitting_searches_the_grids_of_a_file_and_names_a_public_hit() {
    // A 24-given full-dihedral puzzle of data/few-givens.txt, itself the seed: the search of its
    // grid in the class's own orientation (the first conjugate, --tries 1) meets it again.
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("few_givens_grids.txt");
    std::fs::write(
        &path,
        "..5...9.....8.3...4...1...2.8.1.2.9...9...3...3.6.7.5.3...5...8...2.4.....7...1..\n",
    )
    .expect("write the seed file");
    let file = path.to_str().expect("a UTF-8 path");
    let head = ["generate", "--search", "targeted", "--method", "hitting"];
    let tail = [
        "--symmetry",
        "full",
        "--givens",
        "24",
        "--from",
        file,
        "--tries",
        "1",
        "-n",
        "100",
        "-j",
        "1",
        "--seed",
        "5",
        "--no-progress",
    ];
    let args: Vec<&str> = head.iter().chain(&tail).copied().collect();
    let o = run(&args, "");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "fewer than 100 hits: {err}");
    assert!(
        err.contains("from the solution grid of seed #1 (24 givens), unavoidable-set hitting"),
        "{err}"
    );
    assert!(err.contains("FROM THE PUBLIC COLLECTION"), "{err}");
    assert!(err.contains("full hitting search for 24 givens"), "{err}");
    assert!(
        err.contains("hitting: 1 grids, 1 (grid, conjugate) searches"),
        "{err}"
    );
    // More workers than seed puzzles: one worker a seed, none on a random grid instead.
    let mut two = args.clone();
    let j = two.iter().position(|&a| a == "-j").expect("-j") + 1;
    two[j] = "2";
    let o2 = run(&two, "");
    let err2 = String::from_utf8_lossy(&o2.stderr);
    assert!(err2.contains("1 worker for 1 seed puzzle (-j 2)"), "{err2}");
    assert!(
        err2.contains("hitting: 1 grids, 1 (grid, conjugate) searches"),
        "{err2}"
    );
    assert_eq!(o2.stdout, o.stdout, "the same hits as one worker");
    let o = run(&["check", "--format", "json"], &o.stdout);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.lines().count() >= 1, "the seed itself at least");
    for line in out.lines() {
        let rec: serde_json::Value = serde_json::from_str(line).expect("json");
        assert_eq!(rec["unique"], "yes", "{rec}");
        assert_eq!(rec["minimal"], true, "{rec}");
        assert!(rec["givens"].as_u64().is_some_and(|g| g <= 24), "{rec}");
    }
    let o = run(
        &[
            "generate", "--search", "targeted", "--method", "pattern", "--givens", "22", "--from",
            file,
        ],
        "",
    );
    assert_ne!(
        o.status.code(),
        Some(0),
        "--from is for closure, hitting and neighbour"
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("closure, hitting and neighbour"));
    // The neighbour walk starts from the --from puzzles; --closure-slack is the closure's.
    let walk = |extra: &[&str]| {
        let head =
            "generate --search targeted --symmetry full --givens 24 --tries 20 --seed 3 -j 1";
        let args: Vec<&str> = head
            .split(' ')
            .chain(["--no-progress", "--from", file])
            .chain(extra.iter().copied())
            .collect();
        run(&args, "")
    };
    let o = walk(&["--method", "neighbour"]);
    assert!(
        o.status.code().is_some_and(|c| c <= 1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = walk(&["--method", "neighbour", "--closure-slack", "9"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("--closure-slack belongs to --method closure")
    );
    let o = walk(&["--method", "closure", "--closure-slack", "0"]);
    assert!(
        o.status.code().is_some_and(|c| c <= 1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn exhaustive_walks_the_patterns_in_order_and_refuses_classes_with_too_many() {
    let args = |sym: &str, k: &str, tries: &str| -> Vec<String> {
        [
            "generate",
            "--search",
            "targeted",
            "--method",
            "exhaustive",
            "--symmetry",
            sym,
            "--givens",
            k,
            "--tries",
            tries,
            "--seed",
            "3",
            "--no-progress",
        ]
        .map(str::to_string)
        .to_vec()
    };
    let go = |a: &[String]| run(&a.iter().map(String::as_str).collect::<Vec<_>>(), "");
    let o = go(&args("full", "20", "1"));
    assert!(matches!(o.status.code(), Some(0 | 1)), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("full exhaustive search for 20 givens"),
        "{err}"
    );
    assert!(err.contains(" 1 tries"), "{err}");
    assert!(err.contains("sudokit: exhaustive: "), "{err}");
    assert!(err.contains(" searched to the end, "), "{err}");
    let o = go(&args("diagonal", "17", "10"));
    assert!(!matches!(o.status.code(), Some(0 | 1)), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("too many for --method exhaustive"), "{err}");
}

/// `generate --search targeted --method exhaustive --symmetry full --givens 24 --seed 1` with
/// `extra` flags: (exit code, stdout lines sorted, stderr).
fn exhaustive(extra: &[&str]) -> (Option<i32>, Vec<String>, String) {
    let head = "generate --search targeted --method exhaustive --symmetry full --givens 24 \
                --seed 1 -n 1000 --no-progress";
    let args: Vec<&str> = head
        .split_whitespace()
        .chain(extra.iter().copied())
        .collect();
    let o = run(&args, "");
    let mut lines: Vec<String> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    lines.sort();
    (
        o.status.code(),
        lines,
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// The summary line of an exhaustive run (patterns, finished, cut, assignments, hits).
fn summary(err: &str) -> &str {
    err.lines()
        .find(|l| l.starts_with("sudokit: exhaustive: "))
        .unwrap_or_else(|| panic!("no summary: {err}"))
}

#[test]
fn exhaustive_ranges_run_on_several_workers_with_the_same_hits_and_summary() {
    let range = ["--patterns", "8..13", "--node-cap", "300"];
    let (code, one, err1) = exhaustive(&[&range[..], &["-j", "1"]].concat());
    assert_eq!(code, Some(1), "fewer than 1000 hits: {err1}");
    assert!(!one.is_empty(), "pattern 10 of this order has hits: {err1}");
    assert!(
        summary(&err1).contains("patterns 8..13 of 793: 5 started, 0 searched to the end, 5 cut"),
        "{err1}"
    );
    assert!(err1.contains("hit of 24 givens on pattern 10"), "{err1}");
    let (_, two, err2) = exhaustive(&[&range[..], &["-j", "2"]].concat());
    assert_eq!(two, one);
    assert_eq!(summary(&err2), summary(&err1));
    // The shards 8..10 and 10..13 print the same hits together.
    let (_, mut a, _) = exhaustive(&["--patterns", "8..10", "--node-cap", "300", "-j", "1"]);
    let (_, b, _) = exhaustive(&["--patterns", "10..13", "--node-cap", "300", "-j", "2"]);
    a.extend(b);
    a.sort();
    assert_eq!(a, one);
    let o = run(&["check", "--format", "json"], &(one.join("\n") + "\n"));
    assert_eq!(o.status.code(), Some(0));
    for line in String::from_utf8_lossy(&o.stdout).lines() {
        let rec: serde_json::Value = serde_json::from_str(line).expect("json");
        assert_eq!(rec["unique"], "yes", "{rec}");
        assert_eq!(rec["minimal"], true, "{rec}");
        assert_eq!(rec["givens"], 24, "{rec}");
    }
}

#[test]
fn bad_pattern_ranges_and_misplaced_options_are_clear_usage_errors() {
    for (extra, says) in [
        (&["--patterns", "5..5"][..], "is empty"),
        (
            &["--patterns", "790..800"],
            "goes past the end: full has 793 patterns",
        ),
        (&["--patterns", "3"], "not a half-open range"),
        (&["--patterns", "1..=3"], "not a half-open range"),
        (&["--node-cap", "0"], "node cap of 0"),
    ] {
        let (code, out, err) = exhaustive(extra);
        assert_eq!(code, Some(2), "{extra:?}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(says), "{extra:?}: {err}");
    }
    let targeted = |tail: &str| {
        let args: Vec<String> =
            format!("generate --search targeted --symmetry full --givens 24 {tail}")
                .split_whitespace()
                .map(str::to_string)
                .collect();
        let o = run(&args.iter().map(String::as_str).collect::<Vec<_>>(), "");
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    // --closure-slack without --from used to fail with clap's "--from required".
    for method in ["pattern", "neighbour", "exhaustive", "hitting"] {
        let (code, err) = targeted(&format!("--method {method} --closure-slack 3"));
        assert_eq!(code, Some(2), "{err}");
        assert!(
            err.contains("--closure-slack belongs to --method closure"),
            "{method}: {err}"
        );
        assert!(!err.contains("required"), "{err}");
    }
    let (code, err) = targeted("--method pattern --patterns 0..3");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("--patterns belongs to --method exhaustive"),
        "{err}"
    );
    let (code, err) = targeted("--method closure --closure-slack 3");
    assert_eq!(code, Some(2));
    assert!(err.contains("--method closure needs --from FILE"), "{err}");
}

#[test]
fn hitting_on_automorphic_grids_prints_checked_hits_and_refuses_a_bad_map() {
    let head = "generate --search targeted --method hitting --symmetry rot90 --givens 24";
    let with = |extra: &str| {
        let line = format!("{head} {extra}");
        let args: Vec<&str> = line.split(' ').collect();
        run(&args, "")
    };
    let o = with("--automorphic rot90 --tries 4 -n 3 -j 1 --seed 5 --no-progress");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(matches!(o.status.code(), Some(0 | 1)), "{err}");
    assert!(
        err.contains("from a grid automorphic under rot90 with digit permutation ("),
        "{err}"
    );
    assert!(!o.stdout.is_empty(), "hits: {err}");
    let check = run(&["check", "--format", "json"], &o.stdout);
    assert_eq!(check.status.code(), Some(0));
    for line in String::from_utf8_lossy(&check.stdout).lines() {
        let rec: serde_json::Value = serde_json::from_str(line).expect("json");
        assert_eq!(rec["unique"], "yes", "{rec}");
        assert_eq!(rec["minimal"], true, "{rec}");
        assert!(rec["givens"].as_u64().is_some_and(|g| g <= 24), "{rec}");
    }
    // Only the conjugate 90° rotation keeps: the class's own orientation, one search a grid.
    let o = with("--automorphic rot90 --aligned-only --tries 2 -n 100 -j 1 --seed 5 --no-progress");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("2 grids, 2 (grid, conjugate) searches"),
        "{err}"
    );
    let o = with("--aligned-only --tries 1");
    assert_eq!(
        o.status.code(),
        Some(2),
        "--aligned-only needs --automorphic"
    );
    let o = with("--automorphic vertical --tries 1");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("unknown automorphism 'vertical'"), "{err}");
    let o = run(
        &[
            "generate",
            "--search",
            "targeted",
            "--method",
            "pattern",
            "--givens",
            "24",
            "--automorphic",
            "any",
            "--tries",
            "1",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--method hitting only"));
}
