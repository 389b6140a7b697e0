//! End-to-end tests of `generate --killer` and `generate --rules`: the JSON records carry
//! their rules and read back as the same puzzle, which a full count (blocking clauses, not
//! the generator's "another solution?" call) proves unique; runs replay; flags that do not
//! apply are refused.

mod common;

use common::run;
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::verify::verify;
use sudokit_core::{Request, Solver};
use sudokit_testkit::process;

fn unique_and_solved(record: &serde_json::Value) {
    let text = record.to_string();
    let puzzle = parse_one(&text, InputFormat::Auto).expect("the record reads back");
    assert!(puzzle.layout().has_rules());
    let report = sudokit_engines::Sat::new()
        .solve(&puzzle, &Request::count(2, 1))
        .expect("solve");
    assert_eq!((report.count, report.exact), (1, true));
    let solution = record["solution"].as_str().expect("solution");
    assert_eq!(sudokit_app::line_of(&report.solutions[0]), solution);
    verify(&puzzle, &report.solutions[0]).expect("verifies");
}

#[test]
fn killer_json_records_are_unique_givenless_and_replay() {
    let args = [
        "generate", "--killer", "-n", "2", "--seed", "9", "-f", "json",
    ];
    let out = run(&args, "");
    assert!(out.status.success(), "{}", process::stderr_text(&out));
    let records = process::json_lines(&out);
    assert_eq!(records.len(), 2);
    for r in &records {
        assert_eq!(r["givens"], 0);
        assert_eq!(r["minimal"], true);
        let rules = r["rules"].as_array().expect("rules");
        assert!(rules.iter().all(|c| c["type"] == "killer"));
        unique_and_solved(r);
    }
    assert_eq!(
        process::stdout_text(&run(&args, "")),
        process::stdout_text(&out)
    );
}

#[test]
fn rules_file_gets_unique_givens_in_text_formats_too() {
    let dir = std::env::temp_dir().join(format!("sudokit-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("thermo.json");
    std::fs::write(
        &file,
        r#"[{"type": "thermo", "cells": ["r1c1", "r2c2", "r3c3", "r4c4"]},
            {"type": "arrow", "circle": ["r9c9"], "cells": ["r8c8", "r7c7"]}]"#,
    )
    .expect("write");
    let path = file.to_str().expect("utf-8 path");
    let out = run(
        &["generate", "--rules", path, "--seed", "4", "-f", "json"],
        "",
    );
    assert!(out.status.success(), "{}", process::stderr_text(&out));
    let records = process::json_lines(&out);
    assert_eq!(records[0]["rules"].as_array().map(Vec::len), Some(2));
    unique_and_solved(&records[0]);
    let line = run(&["generate", "--rules", path, "--seed", "4"], "");
    let text = process::stdout_text(&line);
    assert!(text.starts_with("# rules: [{\"type\":\"thermo\""), "{text}");
    assert_eq!(
        text.lines().nth(1),
        records[0]["puzzle"].as_str(),
        "the line format prints the same puzzle"
    );
    let bad = run(&["generate", "--killer", "--rating", "2..3"], "");
    assert!(!bad.status.success());
    assert!(process::stderr_text(&bad).contains("--rating does not apply"));
    let missing = run(&["generate", "--rules", "/nonexistent/rules.json"], "");
    assert!(process::stderr_text(&missing).contains("cannot read rules file"));
    // A rule type nobody knows: the error names the file, the line and the type.
    let unknown = dir.join("unknown.json");
    std::fs::write(
        &unknown,
        "[\n{\"type\": \"spiral\", \"cells\": [\"r1c1\"]}\n]",
    )
    .expect("write");
    for command in ["generate", "solve"] {
        let out = run(&[command, "--rules", unknown.to_str().expect("utf-8")], "");
        assert!(!out.status.success());
        let err = process::stderr_text(&out);
        assert!(
            err.contains("unknown.json: line 2") && err.contains("spiral"),
            "{err}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn fixed_cages_that_are_not_unique_alone_get_givens_or_fail_with_the_reason() {
    // Every row a cage: its sum is always 45, so these shapes are never unique without givens.
    let dir = std::env::temp_dir().join(format!("sudokit-rows-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("rows.json");
    let rows: Vec<String> = (1..=9)
        .map(|r| {
            let cells: Vec<String> = (1..=9).map(|c| format!("\"r{r}c{c}\"")).collect();
            format!(r#"{{"type": "killer", "cells": [{}]}}"#, cells.join(","))
        })
        .collect();
    std::fs::write(&file, format!("[{}]", rows.join(","))).expect("write");
    let path = file.to_str().expect("utf-8");
    // At most 20 givens: not enough for the greedy placement, and the error says so and where.
    let out = run(
        &[
            "generate", "--killer", "--rules", path, "--givens", "17..20", "--seed", "1",
        ],
        "",
    );
    assert!(!out.status.success());
    let err = process::stderr_text(&out);
    assert!(
        err.contains("need more than 20 givens") && err.contains("differs in r"),
        "{err}"
    );
    // With no cap, givens make it unique: a plain Sudoku under the row cages.
    let out = run(
        &["generate", "--killer", "--rules", path, "--format", "json"],
        "",
    );
    assert!(out.status.success(), "{}", process::stderr_text(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let record: serde_json::Value = serde_json::from_str(text.trim()).expect("json");
    let givens = record["givens"].as_u64().expect("givens");
    assert!((17..=40).contains(&givens), "{givens} givens");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn killer_text_records_read_back_with_their_rules() {
    // Every text format carries the cages (`# rules:` comment line, CSV last field), so the
    // puzzles — which have no givens — read back as the same unique, minimal killers.
    for format in ["line", "numbers", "block", "csv"] {
        let made = run(
            &[
                "generate", "--killer", "-n", "2", "--seed", "3", "-f", format,
            ],
            "",
        );
        assert!(made.status.success(), "{}", process::stderr_text(&made));
        let text = process::stdout_text(&made);
        let counted = run(&["count", "-f", "json"], &text);
        let records = process::json_lines(&counted);
        assert_eq!(records.len(), 2, "{format}: one record per puzzle");
        for r in &records {
            assert_eq!(
                (&r["count"], &r["exact"]),
                (&1.into(), &true.into()),
                "{format}: {r}"
            );
        }
        let checked = process::stdout_text(&run(&["check"], &text));
        assert_eq!(checked.lines().count(), 2, "{format}: {checked}");
        for line in checked.lines() {
            assert!(line.contains("unique=yes minimal=yes"), "{format}: {line}");
        }
    }
}
