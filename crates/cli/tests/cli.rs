//! End-to-end tests of the `sudokit` binary: output contract, formats, errors, exit codes and
//! ordering. Solutions printed by the binary are re-parsed and checked with the independent
//! checker from `sudokit-core`.

use std::path::PathBuf;
use std::process::{Command, Output};
use sudokit_core::format::{InputFormat, LayoutSpec, Reader, parse_one};
use sudokit_core::verify::verify;
use sudokit_testkit::process;

mod common;

/// [`common::run`] on text.
fn run(args: &[&str], stdin: &str) -> Output {
    common::run(args, stdin)
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudokit"))
}

fn repo(path: &str) -> PathBuf {
    process::repo_path(path)
}

/// A solution string printed by the binary, read back in the layout of puzzle `p`.
fn solution_grid(p: &sudokit_core::Grid, sol: &str) -> sudokit_core::Grid {
    sudokit_core::Grid::from_values(
        p.layout_arc().clone(),
        sol.chars()
            .map(|c| match sudokit_core::grid::parse_symbol(c) {
                Some(sudokit_core::grid::Symbol::Value(v)) => v,
                _ => 0,
            })
            .collect(),
    )
}

fn stdout(o: &Output) -> String {
    process::stdout_text(o)
}

/// (puzzle, expected solution or None) from data/seed_cases.txt.
fn seed_cases() -> Vec<(String, Option<String>)> {
    let text = std::fs::read_to_string(repo("data/seed_cases.txt")).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    lines
        .chunks(2)
        .map(|c| (c[0].to_string(), (c[1] != "none").then(|| c[1].to_string())))
        .collect()
}

#[test]
fn solve_gives_every_seed_case_its_answer_one_line_each() {
    let cases = seed_cases();
    let input: String = cases.iter().map(|(p, _)| format!("{p}\n")).collect();
    for jobs in ["1", "2"] {
        let o = run(&["solve", "--verify", "-j", jobs], &input);
        assert_eq!(o.status.code(), Some(1), "one seed case has no solution");
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), cases.len());
        for ((puzzle, expected), line) in cases.iter().zip(&lines) {
            let p = parse_one(puzzle, InputFormat::Line).unwrap();
            match expected {
                None => assert_eq!(*line, "no solution"),
                Some(exp) => {
                    let got = parse_one(line, InputFormat::Line).unwrap();
                    verify(&p, &got).unwrap();
                    if p.given_count() > 0 {
                        assert_eq!(line, exp);
                    }
                }
            }
        }
    }
}

#[test]
fn mixed_good_and_bad_records_give_one_result_each_and_exit_1() {
    let good = &seed_cases()[0].0;
    let dup = format!("55{}", &good[2..]);
    let input = format!(
        "{good} first\nabc\n{good}\n{}\n{dup}\n{}?\n",
        &good[..80],
        &good[..80]
    );
    let o = run(&["solve"], &input);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert!(lines[0].ends_with(" first"));
    assert!(
        lines[1].starts_with("error: <stdin>:2: wrong length"),
        "{}",
        lines[1]
    );
    assert!(!lines[2].starts_with("error"));
    assert!(
        lines[3].starts_with("error: <stdin>:4: wrong length"),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].contains("row 1") && lines[4].contains("appears twice"),
        "{}",
        lines[4]
    );
    assert!(
        lines[5].contains("unknown symbol '?' at row 9, column 9"),
        "{}",
        lines[5]
    );
}

#[test]
fn json_output_has_the_documented_fields() {
    let (p, _) = &seed_cases()[1];
    let o = run(
        &["solve", "--format", "json", "--verify"],
        &format!("{p} lbl\nxx\n"),
    );
    let out = stdout(&o);
    let recs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(recs.len(), 2);
    let r = &recs[0];
    for key in [
        "record",
        "line",
        "status",
        "solutions",
        "count",
        "exact",
        "error",
        "engine",
        "stats",
    ] {
        assert!(r.get(key).is_some(), "missing {key}");
    }
    assert_eq!(r["status"], "solved");
    assert_eq!(r["label"], "lbl");
    assert_eq!(r["verified"], true);
    assert!(r["stats"]["nodes"].as_u64().unwrap() >= 1);
    // Regression: the solve clock once ran only with `--stats`, and JSON said 0 µs.
    assert!(
        r["stats"]["micros"].as_f64().unwrap() > 0.0,
        "{}",
        r["stats"]
    );
    assert_eq!(recs[1]["status"], "invalid");
    assert_eq!(recs[1]["record"], 2);
    assert!(recs[1]["error"].as_str().unwrap().contains("wrong length"));
}

#[test]
fn count_reports_exact_counts_and_limits() {
    let empty4 = ".".repeat(16);
    let empty9 = ".".repeat(81);
    let o = run(&["count"], &format!("{empty4}\n"));
    assert_eq!(stdout(&o).trim(), "288");
    let o = run(&["count", "--limit", "1000"], &format!("{empty9}\n"));
    assert_eq!(stdout(&o).trim(), "at least 1000");
    let o = run(
        &["solve", "--count"],
        &format!("{}\n{empty9}\n", seed_cases()[0].0),
    );
    assert_eq!(stdout(&o), "1\nat least 2\n");
    let o = run(&["solve", "--limit", "3"], &format!("{empty4}\n"));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "at least 3");
    assert_eq!(lines.len(), 4);
    let p = parse_one(&empty4, InputFormat::Line).unwrap();
    for l in &lines[1..] {
        verify(&p, &parse_one(l, InputFormat::Line).unwrap()).unwrap();
    }
    let o = run(&["solve", "--all"], &format!("{empty4}\n"));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 289);
    assert_eq!(out.lines().last(), Some("count: 288"));
}

#[test]
fn example_files_in_every_format_solve_and_verify() {
    for (file, extra) in [
        ("data/examples/puzzles.txt", vec![]),
        ("data/examples/worksheet.numbers", vec![]),
        ("data/examples/16x16.txt", vec![]),
        ("data/examples/25x25.txt", vec![]),
        ("data/examples/sizes.txt", vec![]),
        ("data/examples/x-sudoku.ndjson", vec![]),
        ("data/examples/jigsaw.txt", vec!["--input-format", "jigsaw"]),
    ] {
        let path = repo(file);
        let mut args = vec![
            "solve",
            "--format",
            "json",
            "--verify",
            path.to_str().unwrap(),
        ];
        args.extend(extra.iter().copied());
        let o = bin().args(&args).output().unwrap();
        // Every shipped example has a solution: the README's first command exits with 0.
        assert_eq!(o.status.code(), Some(0), "{file}");
        let out = stdout(&o);
        let text = std::fs::read_to_string(&path).unwrap();
        let format = if extra.is_empty() {
            InputFormat::Auto
        } else {
            InputFormat::Jigsaw
        };
        let puzzles: Vec<_> = Reader::new(text.as_bytes(), format, LayoutSpec::default())
            .map(|r| r.unwrap().puzzle.unwrap())
            .collect();
        let recs: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(recs.len(), puzzles.len(), "{file}");
        for (rec, p) in recs.iter().zip(&puzzles) {
            assert_eq!(rec["status"], "solved", "{file}: {rec}");
            assert_eq!(rec["verified"], true, "{file}");
            let sol = rec["solutions"][0].as_str().unwrap();
            let g = solution_grid(p, sol);
            verify(p, &g).unwrap();
        }
    }
}

/// The example with no solution is reported as such, and only it makes the exit status 1.
#[test]
fn the_example_with_no_solution_is_reported_and_exits_1() {
    let path = repo("data/examples/no-solution.txt");
    let o = bin()
        .args(["solve", "-f", "json", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let recs: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(recs.len(), 1);
    assert_eq!(recs[0]["status"], "unsolvable", "{}", recs[0]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("1 of 1 records not solved"), "{err}");
}

/// `check -f json` names the file of each record, as the other commands' JSON does.
#[test]
fn check_json_names_the_file() {
    let path = repo("data/examples/no-solution.txt");
    let o = bin()
        .args(["check", "-f", "json", path.to_str().unwrap()])
        .output()
        .unwrap();
    let rec: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(rec["file"], path.to_str().unwrap(), "{rec}");
    assert_eq!(rec["unique"], "unsolvable", "{rec}");
}

#[test]
fn output_formats_render_and_reparse() {
    let (p, exp) = seed_cases()[0].clone();
    let exp = exp.unwrap();
    for (fmt, input) in [
        ("numbers", InputFormat::Numbers),
        ("block", InputFormat::Block),
    ] {
        let o = run(&["solve", "--format", fmt], &format!("{p}\n"));
        let g = parse_one(&stdout(&o), input).unwrap();
        assert_eq!(g.to_line().unwrap(), exp);
    }
    let o = run(&["solve", "--format", "pretty"], &format!("{p}\n"));
    assert!(stdout(&o).starts_with("+---"));
    let o = run(&["solve", "--format", "csv"], &format!("{p}\n"));
    assert_eq!(
        stdout(&o).trim(),
        format!(
            "puzzle,solution,status,count,label,error\n{},{exp},solved,,,",
            p.replace('0', ".")
        )
    );
}

#[test]
fn csv_expected_solutions_are_checked_with_verify() {
    let (p, exp) = seed_cases()[0].clone();
    let exp = exp.unwrap();
    let mut wrong = exp.clone().into_bytes();
    wrong.swap(0, 1);
    let wrong = String::from_utf8(wrong).unwrap();
    let o = run(
        &["solve", "--verify"],
        &format!("quizzes,solutions\n{p},{exp}\n{p},{wrong}\n"),
    );
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], exp);
    assert!(lines[1].starts_with("error: <stdin>:3:"), "{}", lines[1]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn usage_and_io_errors_exit_2() {
    let o = bin()
        .args(["solve", "/nonexistent/file.txt"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot open"));
    let o = bin()
        .args(["solve", "--engine", "nosuch"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let o = bin().args(["solve", "--box", "3x"]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn layout_options_apply_to_every_record() {
    // 6x6 with 3x2 boxes instead of the default 2x3, and X sudoku from the command line.
    let empty6 = ".".repeat(36);
    let o = run(
        &["solve", "--box", "3x2", "--format", "json"],
        &format!("{empty6}\n"),
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let sol = v["solutions"][0].as_str().unwrap().to_string();
    let l = std::sync::Arc::new(sudokit_core::Layout::boxed(6, 3, 2).unwrap());
    let g = sudokit_core::Grid::from_values(l.clone(), sol.bytes().map(|b| b - b'0').collect());
    verify(&sudokit_core::Grid::empty(l), &g).unwrap();
    let o = run(
        &["solve", "--extra", "diagonals"],
        &format!("{}\n", ".".repeat(81)),
    );
    let x = std::sync::Arc::new(
        sudokit_core::Layout::standard(9)
            .unwrap()
            .with_extras(&[sudokit_core::Extra::Diagonals]),
    );
    let g = sudokit_core::Grid::from_values(
        x.clone(),
        stdout(&o).trim().bytes().map(|b| b - b'0').collect(),
    );
    verify(&sudokit_core::Grid::empty(x), &g).unwrap();
}

#[test]
fn a_budget_stops_long_work() {
    let o = run(
        &["count", "--limit", "100000000", "--nodes", "1000"],
        &format!("{}\n", ".".repeat(256)),
    );
    assert!(
        stdout(&o).starts_with("stopped: at least"),
        "{}",
        stdout(&o)
    );
    assert_eq!(o.status.code(), Some(1));
}

fn run_bytes(args: &[&str], stdin: Vec<u8>) -> Output {
    process::run_with_input(bin().args(args), stdin)
}

#[test]
fn unreadable_lines_are_error_records_and_never_abort_the_batch() {
    let good = &seed_cases()[0].0;
    let mut input = format!("{good}\n").into_bytes();
    input.extend_from_slice(b"\xff\xfe\x00binary junk\n");
    input.extend_from_slice(format!("{good} label\n").as_bytes());
    input.extend_from_slice(&vec![b'1'; 10_000_000]);
    input.extend_from_slice(format!("\n{good}").as_bytes()); // no final newline
    for jobs in ["1", "2"] {
        let o = run_bytes(&["solve", "-j", jobs], input.clone());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(o.status.code(), Some(1), "{err}");
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 5, "{out}");
        assert!(!lines[0].starts_with("error"));
        assert_eq!(
            lines[1],
            "error: <stdin>:2: line is not valid UTF-8 (bad byte at column 1)"
        );
        assert!(lines[2].ends_with(" label"));
        assert!(
            lines[3].starts_with("error: <stdin>:4: line is longer than"),
            "{}",
            lines[3]
        );
        let p = parse_one(good, InputFormat::Line).unwrap();
        verify(&p, &parse_one(lines[4], InputFormat::Line).unwrap()).unwrap();
    }
}

#[test]
fn pretty_and_block_output_read_back_for_several_sizes() {
    for file in ["data/examples/sizes.txt", "data/examples/16x16.txt"] {
        let text = std::fs::read_to_string(repo(file)).unwrap();
        // Labels are dropped: a multi-line record's label is not part of its grid.
        let puzzles: String = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| format!("{}\n", l.split_whitespace().next().unwrap()))
            .collect();
        let o = run(&["solve", "--format", "line"], &puzzles);
        assert_eq!(o.status.code(), Some(0));
        let expected = stdout(&o);
        for fmt in ["pretty", "block", "numbers"] {
            let o = run(&["solve", "--format", fmt], &puzzles);
            let again = run(&["solve", "--format", "line"], &stdout(&o));
            assert_eq!(again.status.code(), Some(0), "{fmt}: {}", stdout(&again));
            assert_eq!(stdout(&again), expected, "{file} via {fmt}");
        }
    }
}

#[test]
fn absurd_box_factors_are_rejected_not_wrapped_into_a_wrong_layout() {
    // 4294967297 × 18446744035054845961 wraps to 9 in 64-bit arithmetic. (`--box` with these
    // factors overflows in the CLI's own argument check before any record is read, so only
    // the JSON path is tested here.)
    let json = format!(
        "{{\"box\":[4294967297,18446744035054845961],\"cells\":\"{}\"}}\n",
        ".".repeat(81)
    );
    let o = run(&["solve"], &json);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("do not tile"), "{}", stdout(&o));
}

#[test]
fn json_arrays_empty_or_pretty_printed_keep_one_output_per_record() {
    let good = &seed_cases()[0].0;
    let mut input = String::from("[]\n[\n");
    for i in 0..300 {
        let sep = if i < 299 { "," } else { "" };
        input.push_str(&format!(
            "  {{\n    \"cells\": \"{good}\",\n    \"id\": {i}\n  }}{sep}\n"
        ));
    }
    input.push_str("]\n");
    for jobs in ["1", "2"] {
        let o = run(&["solve", "--format", "json", "-j", jobs], &input);
        assert_eq!(o.status.code(), Some(0));
        let out = stdout(&o);
        let recs: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(recs.len(), 300);
        for (i, r) in recs.iter().enumerate() {
            assert_eq!(r["record"], i + 1);
            assert_eq!(r["line"], 3 + 4 * i);
            assert_eq!(r["label"], i.to_string());
            assert_eq!(r["status"], "solved");
        }
    }
}

#[test]
fn labels_do_not_break_multi_line_or_csv_output() {
    let (p, exp) = seed_cases()[0].clone();
    let exp = exp.unwrap();
    // Block output with a label reads back as a puzzle (the label is a comment line).
    let o = run(&["solve", "-f", "block"], &format!("{p} hard one\n"));
    let block = stdout(&o);
    assert!(block.starts_with("# hard one\n"), "{block}");
    let back = run(&["solve", "-f", "line"], &block);
    assert_eq!(stdout(&back).trim(), exp);
    // CSV output puts a label with a comma in its own quoted column.
    let o = run(&["solve", "-f", "csv"], &format!("{p} a,b\n"));
    assert_eq!(
        stdout(&o).lines().nth(1).unwrap(),
        format!("{},{exp},solved,,\"a,b\",", p.replace('0', "."))
    );
}

#[test]
fn box_factors_that_overflow_are_a_usage_error() {
    let o = bin()
        .args(["solve", "--box", "4294967297x18446744035054845961"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn cp_at_every_propagation_level_and_tabu_solve_16x16_and_jigsaw() {
    for (file, format) in [
        ("data/examples/16x16.txt", InputFormat::Auto),
        ("data/examples/jigsaw.txt", InputFormat::Jigsaw),
    ] {
        let path = repo(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let puzzles: Vec<_> = Reader::new(text.as_bytes(), format, LayoutSpec::default())
            .map(|r| r.unwrap().puzzle.unwrap())
            .collect();
        let mut runs: Vec<Vec<&str>> = ["fc", "bounds", "gac", "shave"]
            .iter()
            .map(|l| vec!["-e", "cp", "--propagation", l])
            .collect();
        runs.push(vec!["-e", "tabu", "--seed", "4", "--budget", "20s"]);
        for engine_args in runs {
            let mut args = vec!["solve", "--format", "json", path.to_str().unwrap()];
            if format == InputFormat::Jigsaw {
                args.extend(["--input-format", "jigsaw"]);
            }
            args.extend(&engine_args);
            let o = bin().args(&args).output().unwrap();
            assert!(o.status.success(), "{engine_args:?} on {file}");
            let recs: Vec<serde_json::Value> = stdout(&o)
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            assert_eq!(recs.len(), puzzles.len(), "{engine_args:?} on {file}");
            for (rec, p) in recs.iter().zip(&puzzles) {
                assert_eq!(rec["status"], "solved", "{engine_args:?}: {rec}");
                let sol = rec["solutions"][0].as_str().unwrap();
                let g = solution_grid(p, sol);
                verify(p, &g).unwrap();
            }
        }
    }
    let o = run(&["solve", "-e", "cp", "--propagation", "arc"], "");
    assert_eq!(o.status.code(), Some(2));
}
