//! The common flags and the one batch runner: `--jobs` has one range and one error in every
//! command, every batch command answers a record as soon as it is read (in input order), and
//! a budget that ran out reads `stopped` everywhere.

mod common;

use common::{next_line, start, sudokit};
use std::io::Write;
use std::path::PathBuf;
use std::process::Output;
use sudokit_testkit::process;

const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// A puzzle no technique short of deep chains solves quickly.
const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn run(args: &[&str], stdin: &str) -> Output {
    process::run_with_input(&mut sudokit(args), stdin)
}

/// `--jobs 0` (and anything above 256) is the same usage error in every command that takes
/// `--jobs`; it used to be refused by `solve` and `count`, an error at run time for `explain`
/// and `rate` (which took up to 1024), made 1 by `generate` and "all cores" for `check` and
/// `canon`.
#[test]
fn jobs_has_one_range_and_one_error_in_every_command() {
    let commands: &[&[&str]] = &[
        &["solve"],
        &["count"],
        &["explain"],
        &["hint"],
        &["find", "-t", "x-wing"],
        &["rate"],
        &["check"],
        &["canon"],
        &["generate"],
    ];
    for command in commands {
        for bad in ["0", "257"] {
            let mut args = command.to_vec();
            args.extend(["--jobs", bad]);
            let o = run(&args, PUZZLE);
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
            assert!(
                err.contains(&format!("'{bad}' is not a thread count from 1 to 256")),
                "{args:?}: {err}"
            );
            assert!(o.stdout.is_empty(), "{args:?}");
        }
        let mut args = command.to_vec();
        args.extend(["--jobs", "256"]);
        if command[0] != "generate" {
            assert_ne!(run(&args, PUZZLE).status.code(), Some(2), "{args:?}");
        }
    }
}

/// Every batch command answers the first record of a pipe before the second is written: the
/// test writes one record, reads its answer, and only then writes the next and closes the
/// input. (`explain`, `hint` and `find` used to read their whole input first.)
#[test]
fn batch_commands_answer_each_record_as_it_arrives() {
    let hodoku = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/logic/techniques.txt"),
    )
    .expect("the HoDoKu library of the examples");
    let lib: Vec<&str> = hodoku
        .lines()
        .filter(|l| l.starts_with(':'))
        .take(2)
        .collect();
    let cases: &[(&[&str], [&str; 2])] = &[
        (&["hint", "-f", "json"], [PUZZLE, PUZZLE]),
        (&["explain", "-f", "json"], [PUZZLE, PUZZLE]),
        (&["explain", "-f", "json"], [lib[0], lib[1]]),
        (&["find", "-t", "x-wing"], [PUZZLE, PUZZLE]),
        (&["rate", "-f", "json"], [PUZZLE, PUZZLE]),
        (&["check", "-f", "json"], [PUZZLE, PUZZLE]),
        (&["canon"], [PUZZLE, PUZZLE]),
    ];
    for (args, [first, second]) in cases {
        let (mut child, lines) = start(args);
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{first}").unwrap();
        stdin.flush().unwrap();
        let answer = next_line(&lines, &format!("{args:?}"));
        assert!(!answer.is_empty(), "{args:?}");
        writeln!(stdin, "{second}").unwrap();
        drop(stdin);
        let rest: Vec<String> = lines.iter().collect();
        assert!(
            child.wait().unwrap().success() || args[0] == "find",
            "{args:?}"
        );
        let json = args.last() == Some(&"json");
        if json || args[0] == "canon" {
            assert_eq!(rest.len(), 1, "{args:?}: one answer per record: {rest:?}");
        }
        if json && args[0] != "check" {
            let v: serde_json::Value = serde_json::from_str(&rest[0]).unwrap();
            assert_eq!(v["record"], 2, "{args:?}: input order");
        }
    }
}

/// A budget that ran out reads `stopped` in `rate` as in `solve`, `hint`, `find` and
/// `explain` (`rate` used to say `budget`).
#[test]
fn a_budget_that_ran_out_is_stopped_in_rate_too() {
    let o = run(&["rate", "-f", "json", "--budget", "0s"], HARD);
    let v: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&o.stdout).trim()).unwrap();
    assert_eq!(v["status"], "stopped", "{v}");
    assert_eq!(o.status.code(), Some(1));
    let o = run(&["rate", "--budget", "0s"], HARD);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.starts_with("stopped (the time budget ran out"),
        "{text}"
    );
    let o = run(&["rate", "-f", "tsv", "--budget", "0s"], HARD);
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        text.lines().nth(1).unwrap().split('\t').nth(3),
        Some("stopped")
    );
}
