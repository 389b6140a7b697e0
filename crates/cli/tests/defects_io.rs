//! Issue 46, the command line's input, output and messages: a failed write is reported by
//! every command (a closed pipe stays quiet), every batch command answers a piped record as
//! soon as it is complete, a stopped `explain` has no hardest step, a mistyped pencil-mark
//! token is named as such, and `check` and `hint` say which file and record they answer.

mod common;

use common::{next_line, start, sudokit};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Output, Stdio};

/// The README's example puzzle.
const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Runs `args` on `input` with `stdout` as its output; stderr is captured.
fn run_to(args: &[&str], input: &str, stdout: Stdio) -> Output {
    let mut child = sudokit(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sudokit");
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A puzzle file for the commands that take files only (`bench`, `compare`).
fn puzzle_file(name: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("sudokit-defects-io-{}-{name}", std::process::id()));
    std::fs::write(&path, format!("{P}\n")).unwrap();
    path
}

/// Every command that writes to stdout, with the input it reads on stdin.
fn commands(file: &str) -> Vec<(Vec<&str>, &'static str)> {
    let p = P;
    vec![
        (vec!["solve"], p),
        (vec!["solve", "--all"], p),
        (vec!["count"], p),
        (vec!["explain"], p),
        (vec!["hint"], p),
        (vec!["find", "-t", "hidden-single"], p),
        (vec!["rate"], p),
        (vec!["check"], p),
        (vec!["canon"], p),
        (vec!["techniques"], ""),
        (vec!["engines"], ""),
        (vec!["bench", "-e", "fast", "--max-passes", "1", file], ""),
        (vec!["compare", "--engines", "fast", file], ""),
        (vec!["completions", "bash"], ""),
        (vec!["man"], ""),
    ]
}

/// `> /dev/full`: every command exits 2 and says the output could not be written (`techniques`,
/// `engines`, `bench` and `compare` used to panic; `solve --all` gave the bare OS error).
#[test]
fn a_failed_write_is_reported_by_every_command() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("no /dev/full here: skipped");
        return;
    };
    let file = puzzle_file("full");
    for (args, input) in commands(file.to_str().unwrap()) {
        let o = run_to(&args, input, Stdio::from(full.try_clone().unwrap()));
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("writing output: No space left on device"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panic"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_file(file);
}

/// A reader that went away (`| head`) ends every command quietly (`engines`, `techniques`,
/// `bench` and `compare` used to panic; `solve --all` failed with "Broken pipe").
#[test]
fn a_closed_output_ends_every_command_quietly() {
    let file = puzzle_file("closed");
    let many = format!("{P}\n").repeat(2000);
    for (args, input) in commands(file.to_str().unwrap()) {
        let mut child = sudokit(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run sudokit");
        // The reader goes away before the command has anything to write.
        drop(child.stdout.take());
        let input = if input.is_empty() { "" } else { &many };
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        let o = child.wait_with_output().unwrap();
        let err = stderr(&o);
        assert_ne!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            !err.contains("error") && !err.contains("panic"),
            "{args:?}: {err}"
        );
    }
    let _ = std::fs::remove_file(file);
}

/// A puzzle written with `0` for its blanks is answered while the pipe stays open: `explain`,
/// `hint` and `find` used to take its line of 81 digits for the start of a pencil-mark grid
/// and wait for the end of the block (a blank line or the end of the input).
#[test]
fn a_puzzle_with_zero_blanks_is_answered_while_the_pipe_is_open() {
    let zeros = P.replace('.', "0");
    let cases: &[&[&str]] = &[
        &["hint"],
        &["explain", "-f", "json"],
        &["find", "-t", "hidden-single"],
        &["rate"],
        &["check"],
        &["canon"],
    ];
    for args in cases {
        let (mut child, lines) = start(args);
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{zeros}").unwrap();
        stdin.flush().unwrap();
        let first = next_line(&lines, &format!("{args:?}"));
        assert!(!first.is_empty(), "{args:?}");
        drop(stdin);
        let _ = child.wait();
    }
}

/// A puzzle no technique short of deep chains solves quickly.
const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// An `explain` whose budget ran out has no hardest step: null in JSON and `-` in text (it
/// used to say `0.0`, a figure no step had), as HoDoKu's level already was; a solved path
/// keeps its figure.
#[test]
fn a_stopped_explain_has_no_hardest_step() {
    let o = run_to(
        &["explain", "-f", "json", "--budget", "0s"],
        HARD,
        Stdio::piped(),
    );
    let v: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&o.stdout).trim()).unwrap();
    assert_eq!(v["status"], "stopped", "{v}");
    assert!(v["levels"]["se_hardest"].is_null(), "{v}");
    let o = run_to(&["explain", "--budget", "0s"], HARD, Stdio::piped());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("stopped: the budget ran out"), "{text}");
    assert!(text.contains("hardest step SE -\n"), "{text}");
    let o = run_to(&["explain", "-f", "json"], P, Stdio::piped());
    let v: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&o.stdout).trim()).unwrap();
    assert_eq!(v["status"], "solved", "{v}");
    assert_eq!(v["levels"]["se_hardest"], 3.6, "{v}");
}

/// The README puzzle's pencil marks, one row a line.
const MARKS: &str = "4 1679 12679 139 2369 1269 8 1239 5
26789 3 1256789 14589 24569 1245689 12679 1249 124679
2689 15689 125689 7 234569 1245689 12369 12349 123469
3789 2 135789 3459 34579 4579 13579 6 13789
3679 15679 135679 359 8 25679 4 12359 12379
36789 456789 356789 3459 1 245679 23579 23589 23789
289 89 289 6 459 3 1259 7 12489
5 6789 36789 2 479 14789 1369 13489 134689
1 6789 4 589 579 5789 23569 23589 23689
";

/// A letter in a 9×9 pencil-mark token is named as a bad token, with its line, column and
/// cell, from a file and from standard input; it used to make the grid pass for puzzles
/// ("wrong length: 1 cells", a record per row).
#[test]
fn a_mistyped_pencil_mark_token_is_named() {
    let sound = run_to(&["hint"], MARKS, Stdio::piped());
    assert_eq!(sound.status.code(), Some(0), "{}", stderr(&sound));
    // Row 3's second token, after a comment line: line 4 of the input, column 6.
    let bad = format!("# marks\n{}", MARKS.replacen("15689", "15689A", 1));
    let file =
        std::env::temp_dir().join(format!("sudokit-defects-io-{}-marks", std::process::id()));
    std::fs::write(&file, &bad).unwrap();
    for (args, input) in [
        (vec!["hint"], bad.as_str()),
        (vec!["explain", file.to_str().unwrap()], ""),
    ] {
        let o = run_to(&args, input, Stdio::piped());
        let text = String::from_utf8_lossy(&o.stdout);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {text}");
        assert_eq!(
            text.matches("invalid").count(),
            1,
            "{args:?}: one record: {text}"
        );
        assert!(
            text.contains(
                "line 4, column 6: bad pencil-mark token `15689A` (cell r3c2): a 9x9 grid's \
                 candidates are the digits 1 to 9"
            ),
            "{args:?}: {text}"
        );
        assert!(!text.contains("wrong length"), "{args:?}: {text}");
    }
    let _ = std::fs::remove_file(file);
}

/// `check`'s text names the input of each record (`FILE:LINE:`; it said `line N:`), and
/// `hint`'s text gives each record a header line with its input, line and label, as
/// `explain` does (several records' hints ran together unlabelled).
#[test]
fn check_and_hint_name_each_record() {
    let file = puzzle_file("named");
    let name = file.to_str().unwrap();
    let o = run_to(&["check", name, "-"], "1.2\n", Stdio::piped());
    let text = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with(&format!("{name}:1: givens=17 unique=yes")),
        "{text}"
    );
    assert!(lines[1].starts_with("<stdin>:1: invalid: "), "{text}");
    let input = format!("{P} first\n\n{P}\n");
    let o = run_to(&["hint", name, "-"], &input, Stdio::piped());
    let text = String::from_utf8_lossy(&o.stdout);
    let headers: Vec<&str> = text.lines().filter(|l| l.starts_with("# ")).collect();
    assert_eq!(
        headers,
        [
            format!("# {name}:1"),
            "# <stdin>:1 (first)".to_string(),
            "# <stdin>:3".to_string()
        ],
        "{text}"
    );
    assert_eq!(
        text.matches("Look for a Hidden Single.").count(),
        3,
        "{text}"
    );
    let _ = std::fs::remove_file(file);
}
