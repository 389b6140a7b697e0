//! The setter's tools on the command line: `--rules FILE` reaches every puzzle, `count --max`,
//! `solve --true-candidates` (JSON and text) and `check`'s redundant givens and rules; a bad
//! rules file is a usage error naming the problem.

use serde_json::Value;
use std::time::Duration;
use sudokit_testkit::process::{Ran, run_bounded};

fn run(args: &[&str], stdin: &str) -> Ran {
    run_bounded(
        env!("CARGO_BIN_EXE_sudokit"),
        args,
        stdin,
        Duration::from_secs(300),
    )
}

/// A rules file in a scratch directory of this test.
fn rules_file(name: &str, json: &str) -> String {
    let dir = std::env::temp_dir().join(format!("sudokit-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, json).unwrap();
    path.display().to_string()
}

#[test]
fn rules_reach_count_and_true_candidates() {
    // An empty 4x4 has 288 grids; r1c1 < r1c2 < r2c2 (r1c2 and r2c2 in one box) cuts that.
    let thermo = rules_file(
        "thermo.json",
        r#"[{"type": "thermo", "cells": ["r1c1", "r1c2", "r2c2"]}]"#,
    );
    let empty = "................\n";
    let plain = run(&["count", "--box", "2x2"], empty);
    assert_eq!(plain.out.trim(), "288");
    let ruled = run(&["count", "--box", "2x2", "--rules", &thermo], empty);
    let n: u64 = ruled.out.trim().parse().unwrap();
    assert!(n > 0 && n < 288, "{}", ruled.out);
    let capped = run(
        &["count", "--box", "2x2", "--rules", &thermo, "--max", "2"],
        empty,
    );
    assert_eq!(capped.out.trim(), "at least 2");

    let tc = run(
        &[
            "solve",
            "--true-candidates",
            "-f",
            "json",
            "--box",
            "2x2",
            "--rules",
            &thermo,
        ],
        empty,
    );
    assert_eq!(tc.code, Some(0), "{}", tc.err);
    let rec: Value = serde_json::from_str(tc.out.trim()).unwrap();
    assert_eq!(rec["status"], "solved");
    assert_eq!(rec["complete"], true);
    let cells: Vec<&str> = rec["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    // The bulb can hold 1 or 2 only (two greater digits follow it), the tip 3 or 4.
    assert_eq!(cells[0], "12");
    assert_eq!(cells[5], "34");
    assert_eq!(cells[15], "1234");

    let text = run(
        &[
            "solve",
            "--true-candidates",
            "--box",
            "2x2",
            "--rules",
            &thermo,
        ],
        empty,
    );
    assert!(text.out.starts_with("12 "), "{}", text.out);
}

#[test]
fn check_names_redundant_givens_and_rules() {
    let rules = rules_file(
        "miracle.json",
        r#"[{"type": "nonconsecutive"}, {"type": "killer", "cells": ["r1c1", "r1c2"]}]"#,
    );
    // The Miracle's two givens plus r1c1 = 4 from its solution.
    let mut cells = vec!['.'; 81];
    cells[0] = '4';
    cells[38] = '1';
    cells[51] = '2';
    let puzzle: String = cells.into_iter().collect();
    let r = run(
        &[
            "check",
            "-f",
            "json",
            "--extra",
            "anti-knight,anti-king",
            "--rules",
            &rules,
        ],
        &format!("{puzzle}\n"),
    );
    let rec: Value = serde_json::from_str(r.out.trim()).unwrap();
    assert_eq!(rec["unique"], "yes", "{}", r.out);
    assert!(
        rec["redundant_givens"]
            .as_array()
            .unwrap()
            .contains(&Value::from("r1c1"))
    );
    let redundant: Vec<u64> = rec["redundant_rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["index"].as_u64().unwrap())
        .collect();
    assert_eq!(redundant, vec![1]);
}

#[test]
fn a_bad_rules_file_is_a_usage_error() {
    let unknown = rules_file("unknown.json", r#"[{"type": "bogus"}]"#);
    let r = run(&["count", "--rules", &unknown], "");
    assert_eq!(r.code, Some(2));
    assert!(r.err.contains("unknown variant `bogus`"), "{}", r.err);
    let off = rules_file(
        "off.json",
        r#"[{"type": "killer", "cells": ["r1c1", "r10c1"], "sum": 5}]"#,
    );
    let r = run(&["count", "--rules", &off], "");
    assert_eq!(r.code, Some(2));
    assert!(r.err.contains("r10c1 is outside a 9x9 grid"), "{}", r.err);
}
