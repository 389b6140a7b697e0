//! Regression tests for the limit and budget defects of issue 46 on the command line. Budgets
//! here are tiny and the assertions are on what a run answers ("stopped", how many lines);
//! the watchdog only turns a run that never ends into a failure instead of a hang.

use std::time::Duration;
use sudokit_testkit::process::{Ran, run_bounded};

/// How long a run may take before the watchdog kills it and fails the test (generous: the
/// runs asserted on take well under a second in an optimised build).
const WATCHDOG: Duration = Duration::from_secs(300);

/// Runs `sudokit args` on `stdin` under the watchdog.
fn run(args: &[&str], stdin: &str) -> Ran {
    run_bounded(env!("CARGO_BIN_EXE_sudokit"), args, stdin, WATCHDOG)
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
