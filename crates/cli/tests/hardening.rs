//! Regression tests for input hardening (issue 12): every record gets exactly one answer,
//! bad input is a clear error, never a panic or a lost record. Each test is named after the
//! behaviour it guards.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::verify::verify;
use sudokit_testkit::process;

mod common;
use common::run;

/// A 9×9 puzzle with one solution, and that solution.
const P: &str = "000000090190470608052819407200048000009000500000750009907364180506081074080000000";
const S: &str = "748635291193472658652819437265948713879123546314756829927364185536281974481597362";

fn out(o: &Output) -> String {
    process::stdout_text(o)
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn jigsaw_lines_of_different_sizes_with_the_same_regions_are_records_not_a_panic() {
    let o = run(&["solve", "-i", "jigsaw"], "....\naabb\n.\naabb\n");
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0].len(), 4);
    assert!(lines[1].starts_with("error: <stdin>:3:"), "{text}");
    assert!(!err(&o).contains("panicked"), "{}", err(&o));
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn an_unbalanced_brace_in_ndjson_costs_one_record_not_the_rest() {
    let mut input = String::new();
    for i in 0..1000 {
        if i == 10 {
            input.push_str(&format!("{{\"cells\":\"{P}\"\n"));
        } else {
            input.push_str(&format!("{{\"cells\":\"{P}\",\"id\":{i}}}\n"));
        }
    }
    for jobs in ["1", "2"] {
        let o = run(&["solve", "-j", jobs], input.clone());
        let text = out(&o);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 1000);
        assert!(
            lines[10].starts_with("error: <stdin>:11: bad JSON"),
            "{}",
            lines[10]
        );
        assert_eq!(lines.iter().filter(|l| l.starts_with(S)).count(), 999);
    }
}

#[test]
fn a_syntax_error_in_a_json_array_costs_one_element() {
    let input = format!(
        "[\n  {{\"cells\":\"{P}\",\"label\":\"a\"}},\n  {{\"cells\":\"12\" \"x\"}},\n  \
         {{\"cells\":\"{P}\",\"label\":\"c\"}}\n]\n"
    );
    let o = run(&["solve"], input);
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], format!("{S} a"));
    assert!(
        lines[1].starts_with("error: <stdin>:3: bad JSON"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], format!("{S} c"));
}

#[test]
fn a_typo_in_the_first_line_does_not_decide_the_format_of_the_file() {
    let typo = format!("{} {}", &P[..40], &P[40..]);
    for first in [typo.as_str(), &format!("{P} a|b"), &format!("{P} a,b")] {
        let o = run(&["solve"], format!("{first}\n{P} x\n{P} y\n"));
        let text = out(&o);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert_eq!(lines[1], format!("{S} x"), "{text}");
        assert_eq!(lines[2], format!("{S} y"), "{text}");
    }
}

#[test]
fn a_later_input_error_still_writes_the_answers_before_it() {
    let dir = std::env::temp_dir().join(format!("sudokit-later-error-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    std::fs::write(&good, format!("{P}\n{P}\n")).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["solve", good.to_str().unwrap(), "-"])
        .stdin(std::fs::File::open(&dir).unwrap())
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out(&o), format!("{S}\n{S}\n"));
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("reading <stdin>"), "{}", err(&o));
}

#[test]
fn a_limit_above_65536_lists_every_solution_it_counts() {
    let o = run(
        &["solve", "--limit", "70000", "-e", "dlx"],
        format!("{}\n", ".".repeat(36)),
    );
    let text = out(&o);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("at least 70000"));
    assert_eq!(lines.count(), 70000);
}

#[test]
fn a_regions_file_is_read_with_a_size_cap() {
    let o = run(&["solve", "--regions", "/dev/zero"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("larger than 1 MiB"), "{}", err(&o));
}

#[test]
fn grids_above_35_stay_one_line_per_record_and_read_back() {
    let cells = vec!["0"; 36 * 36].join(",");
    let input = format!("{{\"size\":36,\"cells\":[{cells}],\"label\":\"big\"}}\n");
    let o = run(&["solve", "-f", "line"], input.clone());
    let text = out(&o);
    assert_eq!(text.lines().count(), 1);
    let line = text.trim_end().strip_suffix(" big").expect("label kept");
    let grid = parse_one(line, InputFormat::Auto).expect("the one-line form reads back");
    assert_eq!(grid.size(), 36);
    let empty = parse_one(
        &format!("{{\"size\":36,\"cells\":[{cells}]}}"),
        InputFormat::Json,
    );
    assert!(verify(&empty.unwrap(), &grid).is_ok());
    let o = run(&["solve", "-f", "csv"], input);
    assert_eq!(out(&o).lines().count(), 2, "a header and one row");
}

#[test]
fn bare_cr_line_endings_separate_records() {
    let o = run(&["solve"], format!("{P} a\r{P} b\r{P} c\r"));
    assert_eq!(out(&o), format!("{S} a\n{S} b\n{S} c\n"));
}

#[test]
fn junk_lines_in_detected_input_are_errors_not_1x1_puzzles() {
    let o = run(&["solve"], format!("- note\n1 apple\n{P}\n"));
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("error: <stdin>:1:"), "{text}");
    assert!(lines[1].starts_with("error: <stdin>:2:"), "{text}");
    assert_eq!(lines[2], S);
    assert_eq!(o.status.code(), Some(1));
    // Forced, a 1×1 grid is still a puzzle.
    let o = run(&["solve", "-i", "line"], ".\n");
    assert_eq!(out(&o), "1\n");
}

#[test]
fn all_honours_json_and_csv_and_keeps_labels() {
    let o = run(&["solve", "--all", "-f", "json"], format!("{P} lab\n"));
    let text = out(&o);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["solution"], S);
    assert_eq!(lines[0]["label"], "lab");
    assert_eq!(lines[1]["count"], 1);
    assert_eq!(lines[1]["label"], "lab");
    let o = run(&["solve", "--all", "-f", "csv"], format!("{P} lab\n"));
    let text = out(&o);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[0], "puzzle,solution,status,count,label,error");
    assert!(rows[1].contains(&format!(",{S},solved,,lab,")), "{text}");
    assert!(rows[2].ends_with(",,solved,1,lab,"), "{text}");
    let o = run(&["solve", "--all"], format!("{P} lab\n"));
    assert_eq!(out(&o), format!("{S}\ncount: 1 lab\n"));
}

#[test]
fn csv_output_has_a_header_and_one_shape_for_every_outcome() {
    let input = format!("{P} a\n{}\nbad-line\n", P.replacen('0', "7", 1));
    let o = run(&["solve", "-f", "csv"], input);
    let text = out(&o);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 4, "{text}");
    assert_eq!(rows[0], "puzzle,solution,status,count,label,error");
    for row in &rows[1..3] {
        assert_eq!(row.matches(',').count(), 5, "{row}");
    }
    assert!(rows[1].ends_with(",solved,,a,"), "{}", rows[1]);
    // The error message is one quoted field.
    assert!(
        rows[3].starts_with(",,invalid,,,\"<stdin>:3: "),
        "{}",
        rows[3]
    );
    assert!(rows[3].ends_with('"'), "{}", rows[3]);
}

#[test]
fn control_bytes_are_escaped_in_error_messages() {
    let o = run(&["solve", "-i", "line"], b"12\x003\n");
    let text = out(&o);
    assert!(!text.contains('\0'));
    assert!(text.contains("\\u{0}"), "{text}");
}

#[test]
fn negative_and_huge_numbers_are_reported_as_bad_numbers_cells() {
    let o = run(&["solve"], "-1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n");
    assert!(
        out(&o).contains("unknown symbol '-1' at row 1, column 1"),
        "{}",
        out(&o)
    );
    let o = run(
        &["solve"],
        "12345678901234567890123 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n",
    );
    assert!(out(&o).contains("at row 1, column 1"), "{}", out(&o));
}

#[test]
fn a_null_json_label_is_no_label() {
    let o = run(
        &["solve"],
        format!("{{\"cells\":\"{P}\",\"label\":null}}\n"),
    );
    assert_eq!(out(&o), format!("{S}\n"));
}

#[test]
fn a_long_comment_line_is_skipped_not_an_error() {
    let input = format!("# {}\n{P}\n", "x".repeat(2 << 20));
    let o = run(&["solve"], input);
    assert_eq!(out(&o), format!("{S}\n"));
}

#[test]
fn a_zero_budget_stops_even_a_small_search() {
    let o = run(
        &["solve", "--budget", "0s", "-e", "propagate"],
        format!("{}\n", ".".repeat(16)),
    );
    assert!(out(&o).starts_with("stopped:"), "{}", out(&o));
}

#[test]
fn zero_limits_are_refused_alike() {
    for args in [
        &["solve", "--all", "--max-solutions", "0"][..],
        &["solve", "--limit", "0"],
    ] {
        let o = run(args, format!("{P}\n"));
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn an_extra_row_is_an_error_of_its_record_not_a_record_of_its_own() {
    let grid = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
    let o = run(&["solve"], format!("{grid}4 3 2 1\n\n{grid}"));
    let text = out(&o);
    let records: Vec<&str> = text
        .split("\n\n")
        .filter(|r| !r.trim().is_empty())
        .collect();
    assert_eq!(records.len(), 2, "{text}");
    assert!(records[0].contains("more than 4 rows"), "{text}");
}

#[test]
fn a_quoted_csv_label_keeps_its_text() {
    let o = run(
        &["solve", "-f", "csv"],
        format!("quizzes,solutions\n{P},,\"my, label\"\n"),
    );
    assert!(out(&o).contains(",\"my, label\","), "{}", out(&o));
}

#[test]
fn absurd_thread_counts_are_refused() {
    let o = run(&["solve", "-j", "3000"], format!("{P}\n"));
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn exit_status_1_is_explained_on_stderr() {
    let o = run(&["solve"], format!("{P}\nbad\n"));
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("1 of 2 records not solved"), "{}", err(&o));
}

#[test]
fn the_lp_engine_honours_the_time_budget_on_a_huge_grid() {
    // An empty 64×64 LP has 262,144 columns: one solver iteration takes far longer than this
    // budget, and the answer must still come back stopped, in about the budget.
    let cells = vec!["0"; 64 * 64].join(",");
    let o = run(
        &["solve", "-e", "lp", "--budget", "300ms"],
        format!("{{\"size\":64,\"cells\":[{cells}]}}\n"),
    );
    // Before the fix this ran for minutes (and 875 MB) before answering at all.
    assert!(out(&o).starts_with("stopped:"), "{}", out(&o));
}

#[test]
fn completions_and_the_man_page_are_generated() {
    for shell in ["bash", "zsh", "fish"] {
        let o = run(&["completions", shell], "");
        assert_eq!(o.status.code(), Some(0), "{shell}");
        assert!(out(&o).contains("sudokit"), "{shell}");
    }
    let o = run(&["man"], "");
    assert!(out(&o).contains(".TH sudokit 1"));
}

#[test]
fn compare_reads_standard_input_as_its_help_says() {
    let o = run(&["compare", "--engines", "dlx,propagate"], format!("{P}\n"));
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).contains("dlx"), "{}", out(&o));
}

#[test]
fn a_panic_in_a_worker_exits_2_and_no_record_of_its_chunk_passes_for_solved() {
    // `SUDOKIT_DEBUG_PANIC_AT`: the test hook in `solve/render.rs` (every build).
    for jobs in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
            .args(["solve", "-j", jobs])
            .env("SUDOKIT_DEBUG_PANIC_AT", "3")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        input
            .write_all(format!("{P}\n").repeat(5).as_bytes())
            .unwrap();
        drop(input);
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(2), "-j{jobs}");
        let e = err(&o);
        assert!(e.contains("forced panic at record 3"), "{e}");
        assert!(e.contains("internal error: a panic stopped the run"), "{e}");
        assert!(!e.contains("records not solved"), "{e}");
        // The five records travel in one chunk: none of them is reported.
        assert_eq!(out(&o), "", "-j{jobs}");
    }
}

#[test]
fn records_that_trickle_in_through_a_pipe_are_answered_one_by_one() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["solve", "-j", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    // Lines are read on a thread so a missing answer fails on a timeout, never hangs.
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                return;
            }
        }
    });
    for i in 0..3 {
        writeln!(input, "{P} n{i}").unwrap();
        input.flush().unwrap();
        let answer = rx.recv_timeout(Duration::from_secs(60));
        assert_eq!(
            answer,
            Ok(format!("{S} n{i}")),
            "record {i} was not answered"
        );
    }
    drop(input);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
}

/// A long `--limit` listing (more than the 4 MiB kept in memory) is written whole and in
/// order, in text, CSV and JSON.
#[test]
fn a_listing_larger_than_memory_keeps_its_shape_in_every_format() {
    let puzzle = ".".repeat(625);
    let k = 8000;
    let limit = k.to_string();
    let check = |g: &str| {
        let grid = parse_one(g, InputFormat::Line).unwrap();
        let empty = parse_one(&puzzle, InputFormat::Line).unwrap();
        assert!(verify(&empty, &grid).is_ok());
    };
    let o = run(
        &["solve", "--limit", &limit, "-e", "propagate"],
        format!("{puzzle} lab\n"),
    );
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), k + 1);
    assert_eq!(lines[0], format!("at least {k} lab"));
    check(lines[k]);
    let distinct: std::collections::HashSet<&&str> = lines[1..].iter().collect();
    assert_eq!(distinct.len(), k);

    let o = run(
        &["solve", "--limit", &limit, "-e", "propagate", "-f", "csv"],
        format!("{puzzle} lab\n"),
    );
    let text = out(&o);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), k + 1);
    for row in [rows[1], rows[k]] {
        let cols: Vec<&str> = row.split(',').collect();
        assert_eq!(cols.len(), 6, "{row}");
        assert_eq!(cols[0], puzzle);
        assert_eq!(&cols[2..], ["solved", &format!("at least {k}"), "lab", ""]);
        check(cols[1]);
    }

    let o = run(
        &["solve", "--limit", &limit, "-e", "propagate", "-f", "json"],
        format!("{puzzle} lab\n"),
    );
    let text = out(&o);
    assert_eq!(text.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let sols = v["solutions"].as_array().unwrap();
    assert_eq!(sols.len(), k);
    check(sols[k - 1].as_str().unwrap());
    assert_eq!(
        (&v["count"], &v["label"]),
        (&serde_json::json!(k), &serde_json::json!("lab"))
    );
}

#[test]
fn an_incomplete_engine_never_claims_a_guess_free_solve_or_uniqueness() {
    // Giving up on a puzzle that singles do not solve: `unknown`, and `no_guess` is false.
    let hard = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let o = run(
        &["solve", "-e", "anneal", "--nodes", "1", "-f", "json"],
        format!("{hard}\n"),
    );
    let v: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
    assert_eq!(v["status"], "unknown", "{v}");
    assert_eq!(v["stats"]["no_guess"], false, "{v}");
    let dir = std::env::temp_dir().join(format!("sudokit-bench-modes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("p.txt");
    std::fs::write(&file, format!("{P}\n")).unwrap();
    let f = file.to_str().unwrap();
    for engine in ["anneal", "tabu"] {
        let o = run(&["bench", "-e", engine, "--mode", "unique", f], "");
        assert_eq!(o.status.code(), Some(2), "{engine}");
        assert!(err(&o).contains("cannot prove a count"), "{}", err(&o));
    }
    let o = run(
        &[
            "bench",
            "-e",
            "tabu",
            "--mode",
            "first",
            "--seconds",
            "0.01",
            f,
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_measures_every_mode_asked_and_writes_tsv() {
    let dir = std::env::temp_dir().join(format!("sudokit-bench-tsv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("p.txt");
    std::fs::write(&file, format!("{P}\n{}\n", ".".repeat(81))).unwrap();
    let f = file.to_str().unwrap();
    let o = run(
        &[
            "bench",
            "-e",
            "fast,dlx",
            "--mode",
            "first,unique",
            "--mode",
            "count:3",
            "--seconds",
            "0.01",
            "--max-passes",
            "1",
            "-f",
            "tsv",
            f,
        ],
        "",
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let text = out(&o);
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(lines[0][..3], ["file", "engine", "mode"], "{text}");
    // Two engines times three modes, in the order asked, every line the header's width.
    let rows: Vec<(&str, &str)> = lines[1..].iter().map(|r| (r[1], r[2])).collect();
    assert_eq!(
        rows,
        [
            ("fast", "first"),
            ("fast", "unique"),
            ("fast", "count:3"),
            ("dlx", "first"),
            ("dlx", "unique"),
            ("dlx", "count:3"),
        ],
        "{text}"
    );
    for r in &lines[1..] {
        assert_eq!(r.len(), lines[0].len(), "{text}");
        assert_eq!(r[3], "2", "{text}");
    }
    // The empty grid has many solutions: first finds one, unique and count see 2+.
    assert_eq!(lines[1][9], "0 / 2 / 0", "{text}");
    assert_eq!(lines[2][9], "0 / 1 / 1", "{text}");
    assert_eq!(lines[3][9], "0 / 1 / 1", "{text}");
}

#[test]
fn bench_counts_puzzles_from_1_and_says_its_error_once() {
    let dir = std::env::temp_dir().join(format!("sudokit-bench-error-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("p.txt");
    std::fs::write(&file, format!("{}\n", ".".repeat(16))).unwrap();
    let o = run(&["bench", "-e", "fast", file.to_str().unwrap()], "");
    std::fs::remove_dir_all(&dir).unwrap();
    let e = err(&o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("cannot run puzzle 1:"), "{e}");
    assert_eq!(e.matches("standard 9x9").count(), 1, "{e}");
}

/// What one record of the mixed file must produce.
#[derive(Clone, Debug)]
enum Expect {
    /// Solved; the label is `r{record}`.
    Solved,
    /// Proved unsolvable; the label is `r{record}`.
    NoSolution,
    /// An error naming this line.
    Error,
}

/// A seeded file of `n` records mixing every kind of bad record (wrong length, junk, bad
/// symbols, NUL and invalid UTF-8, an over-long line, conflicting givens, stray spaces) with
/// good and unsolvable puzzles of several sizes, comments, blank lines, CRLF and bare-CR line
/// ends. Returns the bytes and, per record, its first line and what it must produce.
fn mixed_file(n: usize, seed: u64) -> (Vec<u8>, Vec<(usize, Expect)>) {
    const NO_SOLUTION: &str =
        "876900000010006000040305800400000210090500000050040306029000008004690173080001004";
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let (mut bytes, mut expect) = (Vec::new(), Vec::new());
    let mut line = 1;
    while expect.len() < n {
        let r = expect.len() + 1;
        let kind = if r == 1 {
            0
        } else if r == n / 2 {
            99
        } else {
            next() % 17
        };
        let line_now = line;
        let mut record = |text: &[u8], e: Expect, bytes: &mut Vec<u8>| {
            bytes.extend_from_slice(text);
            expect.push((line_now, e));
        };
        match kind {
            0 => record(format!("{P} r{r}").as_bytes(), Expect::Solved, &mut bytes),
            1 => record(
                format!("9{} r{r}", &P[1..]).as_bytes(),
                Expect::Error,
                &mut bytes,
            ),
            2 => record(&P.as_bytes()[..80], Expect::Error, &mut bytes),
            3 => record(b"1 apple", Expect::Error, &mut bytes),
            4 => record(
                format!("{}X{}", &P[..5], &P[6..]).as_bytes(),
                Expect::Error,
                &mut bytes,
            ),
            5 => record(
                format!("{} r{r}", ".".repeat(256)).as_bytes(),
                Expect::Solved,
                &mut bytes,
            ),
            6 => record(
                format!("{} r{r}", ".".repeat(16)).as_bytes(),
                Expect::Solved,
                &mut bytes,
            ),
            7 => record(
                format!("{}\0{}", &P[..7], &P[8..]).as_bytes(),
                Expect::Error,
                &mut bytes,
            ),
            8 => {
                let mut t = P.as_bytes().to_vec();
                t[40] = 0xff;
                record(&t, Expect::Error, &mut bytes);
            }
            9 => record(b"- note", Expect::Error, &mut bytes),
            10 => bytes.extend_from_slice(b"# a comment"),
            11 => {}
            12 => {
                // Two records on one `\n` line, separated by a bare CR.
                record(format!("{P} r{r}\r").as_bytes(), Expect::Solved, &mut bytes);
                line += 1;
                if expect.len() < n {
                    bytes.extend_from_slice(format!("{P} r{}", r + 1).as_bytes());
                    expect.push((line, Expect::Solved));
                }
            }
            13 => record(format!("{P} r{r}\r").as_bytes(), Expect::Solved, &mut bytes),
            14 => record(
                format!("{} {}", &P[..40], &P[40..]).as_bytes(),
                Expect::Error,
                &mut bytes,
            ),
            15 => record(
                format!("{NO_SOLUTION} r{r}").as_bytes(),
                Expect::NoSolution,
                &mut bytes,
            ),
            16 => record(
                format!("{} r{r}", ".".repeat(36)).as_bytes(),
                Expect::Solved,
                &mut bytes,
            ),
            _ => record(&vec![b'1'; (1 << 20) + 10], Expect::Error, &mut bytes),
        }
        bytes.push(b'\n');
        line += 1;
    }
    (bytes, expect)
}

/// Checks one run's output against the expectations: exactly one output per record, in order,
/// errors naming their line.
fn check_mixed(format: &str, text: &str, expect: &[(usize, Expect)]) {
    let error_at = |line: usize| format!("<stdin>:{line}: ");
    match format {
        "json" => {
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), expect.len(), "{format}: one object per record");
            for (i, (l, (line, e))) in lines.iter().zip(expect).enumerate() {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                assert_eq!(v["record"], i + 1, "{l}");
                assert_eq!(v["line"], *line, "{l}");
                let status = match e {
                    Expect::Solved => "solved",
                    Expect::NoSolution => "unsolvable",
                    Expect::Error => "invalid",
                };
                assert_eq!(v["status"], status, "{l}");
            }
        }
        "csv" => {
            let rows: Vec<&str> = text.lines().collect();
            assert_eq!(
                rows.len(),
                expect.len() + 1,
                "{format}: header and one row per record"
            );
            for (i, (row, (line, e))) in rows[1..].iter().zip(expect).enumerate() {
                match e {
                    Expect::Solved => {
                        assert!(row.ends_with(&format!(",solved,,r{},", i + 1)), "{row}")
                    }
                    Expect::NoSolution => {
                        assert!(row.ends_with(&format!(",unsolvable,,r{},", i + 1)), "{row}")
                    }
                    Expect::Error => assert!(row.contains(&error_at(*line)), "{line}: {row}"),
                }
            }
        }
        "line" => {
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), expect.len(), "{format}: one line per record");
            for (i, (l, (line, e))) in lines.iter().zip(expect).enumerate() {
                match e {
                    Expect::Solved => assert!(l.ends_with(&format!(" r{}", i + 1)), "{l}"),
                    Expect::NoSolution => assert_eq!(*l, format!("no solution r{}", i + 1)),
                    Expect::Error => assert!(
                        l.starts_with(&format!("error: {}", error_at(*line))),
                        "{line}: {l}"
                    ),
                }
            }
        }
        _ => {
            // Multi-line formats: each record is followed by a blank line; a label comes first
            // as a `#` line.
            let records: Vec<&str> = text.split_terminator("\n\n").collect();
            assert_eq!(
                records.len(),
                expect.len(),
                "{format}: one block per record"
            );
            for (i, (b, (line, e))) in records.iter().zip(expect).enumerate() {
                let label = format!("# r{}\n", i + 1);
                match e {
                    Expect::Solved => {
                        assert!(b.starts_with(&label) && b.lines().count() > 2, "{b}")
                    }
                    Expect::NoSolution => assert_eq!(*b, format!("{label}no solution")),
                    Expect::Error => assert!(
                        b.starts_with(&format!("error: {}", error_at(*line))),
                        "{line}: {b}"
                    ),
                }
            }
        }
    }
}

fn mixed_records_give_one_output_each(n: usize) {
    let (input, expect) = mixed_file(n, 12);
    for format in ["line", "numbers", "block", "pretty", "csv", "json"] {
        for jobs in ["1", "2"] {
            let o = run(&["solve", "-f", format, "-j", jobs], input.clone());
            assert_eq!(o.status.code(), Some(1), "{format} -j{jobs}: {}", err(&o));
            check_mixed(format, &out(&o), &expect);
        }
    }
}

#[test]
fn mixed_good_and_bad_records_give_one_output_each_in_order() {
    mixed_records_give_one_output_each(300);
}

#[test]
#[ignore = "10,000 records in six formats: run in the optimised pass of scripts/test.sh"]
fn ten_thousand_mixed_records_give_one_output_each_in_order() {
    mixed_records_give_one_output_each(10_000);
}

#[test]
fn counting_empty_grids_with_every_search_depth_does_not_overflow_a_worker_stack() {
    // An empty grid is searched one cell a level (81 frames on 9×9); unoptimised builds make
    // those frames large, which once overflowed the workers' default 2 MiB stack. The workers'
    // stack is set by the program, not left to the environment: a tiny default
    // (`RUST_MIN_STACK`, which sizes threads spawned without a size) must not matter.
    for (n, engines) in [
        (9usize, &["fast", "propagate", "dlx"][..]),
        (16, &["auto", "dlx"]),
    ] {
        let input = format!("{}\n", ".".repeat(n * n));
        for &engine in engines {
            let mut count = common::sudokit(&["count", "--engine", engine, "--limit", "1000"]);
            let o = process::run_with_input(count.env("RUST_MIN_STACK", "32768"), input.as_bytes());
            assert!(o.status.success(), "{n}x{n} {engine}: {}", err(&o));
            assert_eq!(out(&o).trim(), "at least 1000", "{n}x{n} {engine}");
        }
    }
}

#[test]
fn bench_names_the_fast_variant_and_honours_a_request_for_less() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/examples/puzzles.txt"
    );
    let bench = |isa: Option<&str>| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_sudokit"));
        c.args([
            "bench",
            "-e",
            "fast",
            "--seconds",
            "0.05",
            "--max-passes",
            "1",
            file,
        ]);
        match isa {
            Some(v) => c.env("SUDOKIT_FAST_ISA", v),
            None => c.env_remove("SUDOKIT_FAST_ISA"),
        };
        let o = c.output().unwrap();
        assert!(o.status.success(), "{}", err(&o));
        let text = out(&o);
        let last = text.lines().last().unwrap_or_default().to_string();
        last.strip_prefix("fast runs its ")
            .and_then(|r| r.split(' ').next())
            .unwrap_or_else(|| panic!("no variant line: {text}"))
            .to_string()
    };
    let best = bench(None);
    assert!(
        ["baseline", "avx2-tables", "avx2", "avx512"].contains(&best.as_str()),
        "{best}"
    );
    assert_eq!(bench(Some("baseline")), "baseline");
    let avx2 = bench(Some("avx2"));
    assert_ne!(avx2, "avx512");
    if best != "avx512" {
        assert_eq!(avx2, best);
    }
}
