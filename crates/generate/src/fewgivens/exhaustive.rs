//! The exhaustive pattern search ([`Method::Exhaustive`](super::Method::Exhaustive)): every
//! symmetric pattern of exactly K cells ([`pattern::all_patterns`]) in one fixed order, or an
//! index range of that order, each searched by the pattern method's depth-first search with
//! the look-ahead, to the end or its node cap.
//!
//! Design decision: a pattern is the unit of work, and nothing flows from one pattern to the
//! next. The order is fixed by the class, K and the run seed alone ([`pattern_order`]: fewest
//! empty rows, columns and boxes first, ties in the order of one shuffle by `Rng::new(seed)`,
//! the order the one-worker search has always used); pattern `i` draws its digit order from
//! its own generator, `Rng::derive(seed, i)`. So what a pattern yields (its assignments,
//! nodes, hits, and whether it finished) depends only on the seed, its index and the node cap:
//! the patterns run on any number of workers, a range `A..B` is a shard whose results are
//! exactly those patterns' results in a whole run, and the summary is the same for every
//! `-j` — unless a count of hits (`-n`) or a time stops the run: one worker then stops exactly
//! at the hit that reaches the count, and with several the others stop at their next check,
//! so how far they got depends on scheduling. Workers take the next index from a shared counter and send their hits and finished
//! patterns over a channel; the caller's callbacks run on the calling thread, as results
//! arrive.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use super::{Budget, Hit, Progress, Run, Target, exhaustive_patterns, pattern};
use crate::{GenError, Rng};

/// How the search of one pattern ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatternEnd {
    /// Searched to the end: every unique puzzle on the pattern (digits up to relabelling) was
    /// met.
    Exhausted,
    /// Cut by the node cap.
    Cut,
    /// Stopped by the run's budget (time, tries, hits or cancel flag) before either.
    Stopped,
}

/// One pattern's search, as [`search`] reports it when it ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternReport {
    /// The pattern's index in [`pattern_order`].
    pub index: usize,
    /// How its search ended.
    pub end: PatternEnd,
    /// Its own counters: complete assignments (`tries`), `fast` searches (`checks`), `nodes`,
    /// and `hits` found on it.
    pub progress: Progress,
}

/// The exhaustive method's patterns of `target` (class and K) in search order: fewest empty
/// rows, columns and boxes first ([`pattern::empty_units`]), ties in the order of one shuffle
/// by `Rng::new(target.seed)`. Indices into this list are what [`Target::patterns`] names.
/// Refuses the targets [`super::check_target`] refuses.
pub fn pattern_order(target: &Target) -> Result<Vec<Vec<usize>>, GenError> {
    exhaustive_patterns(target).map(|p| order(p, target.seed))
}

/// How many patterns the exhaustive method has for `target`'s class and K (the end of the
/// largest range [`Target::patterns`] may name).
pub fn pattern_count(target: &Target) -> Result<usize, GenError> {
    let whole = Target {
        patterns: None,
        ..target.clone()
    };
    exhaustive_patterns(&whole).map(|p| p.len())
}

/// `patterns` in search order (see [`pattern_order`]).
fn order(mut patterns: Vec<Vec<usize>>, seed: u64) -> Vec<Vec<usize>> {
    Rng::new(seed).shuffle(&mut patterns);
    patterns.sort_by_key(|p| pattern::empty_units(p));
    patterns
}

/// Runs the exhaustive search of `target` (its [`Target::patterns`] range, all patterns
/// without one) on `jobs` workers within `budget`. `on_hit` gets every verified hit as it is
/// found ([`Hit::pattern`] names its pattern), `on_pattern` each pattern's report as it ends,
/// with the totals so far; both run on the calling thread. Returns the totals (`restarts`:
/// patterns started, `exhausted`, `incomplete`: cut by the node cap). Without a budget that
/// stops it, the totals and the set of hits are the same for every `jobs`; a budget of tries
/// is shared by the workers (exact with one worker, overshot by at most one assignment per
/// other worker), and of hits counts the hits reported (the worker whose hit reaches the count
/// stops the others; a count of 0 searches nothing).
pub fn search(
    target: &Target,
    budget: &Budget,
    jobs: usize,
    on_hit: &mut dyn FnMut(&Hit, &Progress),
    on_pattern: &mut dyn FnMut(&PatternReport, &Progress),
) -> Result<Progress, GenError> {
    if target.method != super::Method::Exhaustive {
        return Err(GenError::BadTarget(format!(
            "the exhaustive search was asked for the {} method",
            target.method.name()
        )));
    }
    let patterns = exhaustive_patterns(target)?;
    run(target, patterns, budget, jobs, on_hit, on_pattern)
}

/// What a worker sends the calling thread.
enum Message {
    Hit(Hit),
    Done(PatternReport),
}

/// [`search`] over `patterns` (every pattern of the target, unordered), the target already
/// checked.
pub(super) fn run(
    target: &Target,
    patterns: Vec<Vec<usize>>,
    budget: &Budget,
    jobs: usize,
    on_hit: &mut dyn FnMut(&Hit, &Progress),
    on_pattern: &mut dyn FnMut(&PatternReport, &Progress),
) -> Result<Progress, GenError> {
    if budget.hits == Some(0) {
        return Ok(Progress::default());
    }
    let order = order(patterns, target.seed);
    let range: Range<usize> = target.patterns.clone().unwrap_or(0..order.len());
    let node_cap = target
        .node_cap
        .unwrap_or(pattern::NODES_PER_EXHAUSTIVE_PATTERN);
    let next = AtomicUsize::new(range.start);
    let stop = Arc::new(AtomicBool::new(false));
    let tries = Arc::new(AtomicU64::new(0));
    // Hits found by all workers: the worker whose hit reaches the budget's count raises `stop`
    // at once, so one worker stops exactly where a one-pass search would.
    let found = AtomicU64::new(0);
    let start = Instant::now();
    let mut totals = Progress::default();
    let (tx, rx) = mpsc::channel::<Message>();
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            let tx = tx.clone();
            let (order, next, stop, tries, found) = (&order, &next, &stop, &tries, &found);
            let most = budget.hits;
            let end = range.end;
            let worker_budget = Budget {
                tries: budget.tries,
                time: budget.time,
                hits: None,
                cancel: Some(stop.clone()),
            };
            s.spawn(move || {
                loop {
                    let hits = tx.clone();
                    let mut send_hit = move |h: &Hit, _: &Progress| {
                        if most.is_some_and(|m| found.fetch_add(1, Ordering::Relaxed) + 1 >= m) {
                            stop.store(true, Ordering::Relaxed);
                        }
                        // The receiver outlives the workers; a send cannot fail.
                        let _ = hits.send(Message::Hit(h.clone()));
                    };
                    let mut ignore = |_: &Progress| {};
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= end {
                        return;
                    }
                    let pattern_target = Target {
                        seed: Rng::derive(target.seed, index as u64),
                        ..target.clone()
                    };
                    let mut run = Run::new(
                        &pattern_target,
                        &[],
                        &worker_budget,
                        &mut send_hit,
                        &mut ignore,
                    );
                    run.started = start;
                    run.shared_tries = Some(tries.clone());
                    if run.done() {
                        return;
                    }
                    run.pattern = Some(index);
                    let (finished, nodes) =
                        pattern::search_exhaustive(&mut run, order[index].clone(), node_cap);
                    let end = if finished {
                        PatternEnd::Exhausted
                    } else if run.done() {
                        PatternEnd::Stopped
                    } else {
                        PatternEnd::Cut
                    };
                    let mut progress = run.progress.clone();
                    progress.nodes = nodes;
                    drop(run);
                    let _ = tx.send(Message::Done(PatternReport {
                        index,
                        end,
                        progress,
                    }));
                }
            });
        }
        drop(tx);
        loop {
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok(Message::Hit(hit)) => {
                    if budget.hits.is_some_and(|h| totals.hits >= h) {
                        continue;
                    }
                    totals.hits += 1;
                    totals.fewest = fewest(totals.fewest, hit.givens);
                    on_hit(&hit, &totals);
                    if budget.hits.is_some_and(|h| totals.hits >= h) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Ok(Message::Done(report)) => {
                    add(&mut totals, &report);
                    on_pattern(&report, &totals);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if budget
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
            {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    Ok(totals)
}

/// The fewer of two counts of givens, 0 standing for none yet.
fn fewest(a: usize, b: usize) -> usize {
    match (a, b) {
        (0, x) | (x, 0) => x,
        (a, b) => a.min(b),
    }
}

/// Adds one finished pattern to the totals (its hits were counted as they arrived).
fn add(totals: &mut Progress, report: &PatternReport) {
    let p = &report.progress;
    totals.restarts += 1;
    totals.tries += p.tries;
    totals.checks += p.checks;
    totals.nodes += p.nodes;
    totals.fewest = fewest(totals.fewest, p.fewest);
    match report.end {
        PatternEnd::Exhausted => totals.exhausted += 1,
        PatternEnd::Cut => totals.incomplete += 1,
        PatternEnd::Stopped => {}
    }
}
