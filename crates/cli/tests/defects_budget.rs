//! Regression tests for the limit and budget defects of issue 46 on the command line. Budgets
//! here are tiny and the assertions are on what a run answers ("stopped", how many lines);
//! the watchdog only turns a run that never ends into a failure instead of a hang.

use serde_json::Value;
use std::time::Duration;
use sudokit_testkit::process::{Ran, run_bounded};

/// How long a run may take before the watchdog kills it and fails the test (generous: the
/// runs asserted on take well under a second in an optimised build).
const WATCHDOG: Duration = Duration::from_secs(300);

/// Runs `sudokit args` on `stdin` under the watchdog.
fn run(args: &[&str], stdin: &str) -> Ran {
    run_bounded(env!("CARGO_BIN_EXE_sudokit"), args, stdin, WATCHDOG)
}

/// [`run`] with a shorter watchdog, for a run that took minutes before its fix and takes
/// about a second now (still ten times what it needs on a loaded machine).
fn run_short(args: &[&str], stdin: &str) -> Ran {
    run_bounded(
        env!("CARGO_BIN_EXE_sudokit"),
        args,
        stdin,
        Duration::from_secs(30),
    )
}

/// Item 5: `solve --limit 2000` on an empty 16×16 (default engine `portfolio`) printed
/// "at least 2000" and then 3,960 solutions.
#[test]
fn solve_limit_on_a_big_empty_grid_lists_exactly_the_limit() {
    let r = run(
        &["solve", "--limit", "2000"],
        &format!("{}\n", ".".repeat(256)),
    );
    let mut lines = r.out.lines();
    assert_eq!(lines.next(), Some("at least 2000"), "{}", r.err);
    let listed: Vec<&str> = lines.collect();
    assert_eq!(listed.len(), 2000);
    let distinct: std::collections::HashSet<&&str> = listed.iter().collect();
    assert_eq!(distinct.len(), 2000, "each solution once");
    assert_eq!(r.code, Some(0));
}

/// The README's 9×9 example puzzle.
const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text.trim_end()).unwrap_or_else(|e| panic!("{e}: {text:.300}"))
}

/// Item 6: `find` had no cap on instances: the README's puzzle holds so many finned mutant
/// whales that a 1 s budget still printed 187 MB (3.8 GB of memory). Now at most 1,000 by
/// default, `--max` lowers it, and the record says where it stopped.
#[test]
fn find_stops_at_the_instance_cap_and_says_so() {
    let r = run(
        &["find", "-t", "finned-mutant-whale", "--budget", "60s"],
        &format!("{P}\n"),
    );
    let v = json(&r.out);
    assert_eq!(v["steps"].as_array().map(Vec::len), Some(1000), "{}", r.err);
    assert_eq!(v["count"], 1000);
    assert_eq!(v["status"], "stopped");
    assert!(
        v["note"]
            .as_str()
            .unwrap()
            .contains("stopped at 1000 instances"),
        "{v}"
    );
    assert_eq!(r.code, Some(1));
    let r = run(
        &[
            "find",
            "-t",
            "finned-mutant-whale",
            "--max",
            "3",
            "-f",
            "text",
        ],
        &format!("{P}\n"),
    );
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(lines.len(), 5, "{}", r.out);
    assert!(lines[0].ends_with(": 3 instance(s)"), "{}", lines[0]);
    assert!(lines[4].contains("stopped at 3 instances"), "{}", lines[4]);
    // A search that finishes below the cap is `ok`, with its count and no note.
    let r = run(&["find", "-t", "x-wing"], &format!("{P}\n"));
    let v = json(&r.out);
    assert_eq!(
        (v["status"].as_str(), v["count"].as_u64()),
        (Some("ok"), Some(0))
    );
    assert!(v.get("note").is_none(), "{v}");
    assert_eq!(
        run(&["find", "-t", "x-wing", "--max", "0"], P).code,
        Some(2)
    );
}

/// Item 6: a tiny budget stops `find` on the README's puzzle with what it found so far.
#[test]
fn find_honours_a_tiny_budget() {
    let r = run(
        &[
            "find",
            "-t",
            "finned-mutant-whale",
            "--budget",
            "1ms",
            "--max",
            "1000000",
        ],
        &format!("{P}\n"),
    );
    let v = json(&r.out);
    assert_eq!(v["status"], "stopped", "{}", r.err);
    assert_eq!(
        v["count"].as_u64(),
        v["steps"].as_array().map(|s| s.len() as u64)
    );
    assert!(v["count"].as_u64().unwrap() < 1_000_000);
}

/// Item 9: `check` took no budget: an empty 64×64 ran for minutes (the counts behind
/// uniqueness and minimality had no time limit). Now `--budget` covers the whole check and a
/// check cut short says `stopped`, with what it could not settle null.
#[test]
fn check_honours_a_tiny_budget_on_an_empty_64x64() {
    let r = run(
        &["check", "--budget", "50ms", "-f", "json"],
        &format!("{}\n", ".".repeat(4096)),
    );
    let v = json(&r.out);
    assert_eq!(v["status"], "stopped", "{}", r.err);
    assert_eq!(v["unique"], "unknown");
    assert!(v["minimal"].is_null(), "{v}");
    assert_eq!(r.code, Some(1));
    // A 9×9 check that finishes says nothing of a budget.
    let r = run(
        &["check", "--budget", "60s", "-f", "json"],
        &format!("{P}\n"),
    );
    let v = json(&r.out);
    assert_eq!(
        (v["unique"].as_str(), v["minimal"].as_bool()),
        (Some("yes"), Some(true))
    );
    assert!(v.get("status").is_none(), "{v}");
}

/// Item 11: the count of solutions before `explain` kept its own 10 s cap whatever the
/// budget, so `--budget 1s` on an empty 64×64 took 11 s. Under a spent budget the count now
/// stops at once too: the empty 16×16, whose two solutions the count finds in milliseconds,
/// no longer gets the "more than one solution" note (the count did not run), and the record
/// is `stopped`.
#[test]
fn explain_counts_solutions_within_the_budget() {
    let empty16 = format!("{}\n", ".".repeat(256));
    let r = run(&["explain", "-f", "json", "--budget", "0s"], &empty16);
    let v = json(&r.out);
    assert_eq!(v["status"], "stopped", "{}", r.err);
    assert!(v.get("note").is_none_or(Value::is_null), "{v:.300}");
    // With time to spare the count runs and says so.
    let r = run(
        &[
            "explain",
            "-f",
            "json",
            "--budget",
            "60s",
            "--techniques",
            "naked-single",
        ],
        &empty16,
    );
    let v = json(&r.out);
    assert!(
        v["note"]
            .as_str()
            .is_some_and(|n| n.contains("more than one solution")),
        "{v:.300}"
    );
}

/// Item 11: `hint` and `explain` under a tiny budget on an empty 64×64 answer `stopped`.
#[test]
fn hint_and_explain_honour_a_tiny_budget_on_an_empty_64x64() {
    let empty64 = format!("{}\n", ".".repeat(4096));
    let r = run(&["hint", "-f", "json", "--budget", "20ms"], &empty64);
    assert_eq!(json(&r.out)["status"], "stopped", "{}", r.err);
    let r = run(&["explain", "-f", "json", "--budget", "20ms"], &empty64);
    assert_eq!(json(&r.out)["status"], "stopped", "{}", r.err);
}

/// Loose end: the budget did not hold while the grouped chains built their link graph on an
/// empty 64×64 (every pair of its ~65,000 groups was tried for a weak link: `find --budget 1s`
/// ran past 40 s). Now the pairs come from each group's seen cells.
#[test]
fn grouped_chains_build_their_links_within_a_budget_on_an_empty_64x64() {
    let empty64 = format!("{}\n", ".".repeat(4096));
    for t in ["grouped-aic", "grouped-discontinuous-nice-loop"] {
        let r = run_short(&["find", "-t", t, "--budget", "50ms"], &empty64);
        assert_eq!(json(&r.out)["status"], "stopped", "{t}: {}", r.err);
    }
}

/// Loose end: the rectangle finders (listing an empty 64×64's four million rectangles) and the
/// templates (a walk of up to two million steps per digit) never looked at the clock, so under
/// `--budget 1s` they ran 2–5 s and then claimed a complete search (`ok`). Now they stop at
/// the deadline and say so.
#[test]
fn rectangles_and_templates_stop_at_the_deadline_on_an_empty_64x64() {
    let empty64 = format!("{}\n", ".".repeat(4096));
    for t in [
        "unique-rectangle-1",
        "avoidable-rectangle-1",
        "template-set",
    ] {
        let r = run(&["find", "-t", t, "--budget", "50ms"], &empty64);
        assert_eq!(json(&r.out)["status"], "stopped", "{t}: {}", r.err);
    }
}
