//! Regression tests for the budget defects of issue 46 in the application layer.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use sudokit_app::within_budget;
use sudokit_core::Budget;

/// The watchdog behind `check`, `explain` and `hint` (items 9 and 11): work that polls the
/// flag it is given ends once the time is up, the run says it was stopped, and the caller's
/// own flag is only read, never set.
#[test]
fn within_budget_stops_work_that_polls_its_flag_and_leaves_the_callers_flag_alone() {
    let callers = Arc::new(AtomicBool::new(false));
    let budget = Budget {
        time: Some(Duration::from_millis(10)),
        cancel: Some(callers.clone()),
        nodes: None,
    };
    let (polls, stopped) = within_budget(&budget, |b| {
        let flag = b.cancel.clone().expect("a flag to poll");
        let mut polls = 0u64;
        while !flag.load(Ordering::Relaxed) {
            polls += 1;
            std::thread::yield_now();
        }
        polls
    });
    assert!(stopped);
    assert!(polls > 0);
    assert!(
        !callers.load(Ordering::Relaxed),
        "the caller's flag was set"
    );
    // Work that ends in time is not stopped; no time limit runs on the caller's budget.
    let (v, stopped) = within_budget(&Budget::time(Duration::from_secs(600)), |_| 7);
    assert_eq!((v, stopped), (7, false));
    let (v, stopped) = within_budget(&Budget::nodes(5), |b| b.nodes);
    assert_eq!((v, stopped), (Some(5), false));
    // A caller that cancels stops the work too.
    let callers = Arc::new(AtomicBool::new(true));
    let budget = Budget {
        time: Some(Duration::from_secs(600)),
        cancel: Some(callers),
        nodes: None,
    };
    let ((), stopped) = within_budget(&budget, |b| {
        let flag = b.cancel.clone().expect("a flag to poll");
        while !flag.load(Ordering::Relaxed) {
            std::thread::yield_now();
        }
    });
    assert!(stopped);
}
