//! `sudokit generate --search targeted`: the few-givens search of seed `002`'s table
//! (`sudokit_generate::fewgivens`) with a progress line, every hit printed as it is found.
//!
//! Design decision: the flags are `generate`'s own (`--symmetry`, `--givens K`, `--seed`,
//! `-n` for the hits wanted, `--total-budget`, `-j`), plus `--method` and `--tries`; each worker
//! runs the search on its own seed, `derive(seed, worker)`, so a run with `--tries` replays
//! exactly for the same `-j`. Hits are checked by the library (unique by `dlx`, minimal,
//! symmetric, at most K givens) before they reach this module, and printed under a lock and
//! flushed at once, so a search stopped at any moment has printed every hit it found. With
//! `--method closure` or `hitting` the `--from` puzzles are dealt to the workers in turn
//! (worker w takes lines w, w + j, ...; never more workers than lines), and each hit's
//! provenance (seed line, conjugate)
//! goes to standard error beside it. `--method exhaustive` is one enumeration of the
//! patterns (or of the `--patterns A..B` range of them) shared by the workers
//! (`sudokit_generate::fewgivens::exhaustive`): each pattern has its own seed, so the hits
//! and the summary are the same for every `-j` when neither `-n` (1 by default: give a large
//! `-n` for a whole run) nor a time stops the run; each hit's pattern goes to standard error.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use sudokit_generate::fewgivens::automorphic::Automorphism;
use sudokit_generate::fewgivens::exhaustive::{self, PatternEnd};
use sudokit_generate::fewgivens::{
    Budget, Method, Progress, SeedPuzzle, Target, check_target, search_seeded,
};
use sudokit_generate::{Rng, Symmetry};

/// The time a targeted search takes when neither `--tries` nor `--total-budget` is given.
pub const DEFAULT_TIME: Duration = Duration::from_secs(600);

/// A targeted search as the flags ask for it.
pub struct Request {
    /// Symmetry class.
    pub symmetry: Symmetry,
    /// At most this many givens.
    pub givens: usize,
    /// Method.
    pub method: Method,
    /// Run seed.
    pub seed: u64,
    /// Tries per worker.
    pub tries: Option<u64>,
    /// Time for the whole run.
    pub time: Option<Duration>,
    /// Hits wanted.
    pub hits: u64,
    /// Worker threads.
    pub jobs: usize,
    /// Show the progress line (when standard error is a terminal).
    pub progress: bool,
    /// Seed puzzles (`--from`, for `--method closure` and `hitting`).
    pub seeds: Vec<SeedPuzzle>,
    /// `--closure-slack`: closures of at most K + this many givens are reduced.
    pub closure_slack: Option<usize>,
    /// `--patterns A..B`: the exhaustive method's range of patterns.
    pub patterns: Option<std::ops::Range<usize>>,
    /// `--node-cap`: the exhaustive method's nodes per pattern.
    pub node_cap: Option<u64>,
    /// `--automorphic`: the hitting method's grids are automorphic under this map.
    pub automorphic: Option<Automorphism>,
    /// `--aligned-only`: only the conjugates the automorphic grid's map keeps.
    pub aligned_only: bool,
}

/// The seed puzzles of `--from`: one 81-symbol puzzle a line, numbered by line; an error names
/// the first bad line.
pub fn read_seeds(path: &std::path::Path) -> Result<Vec<SeedPuzzle>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read --from {}", path.display()))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match SeedPuzzle::parse(i as u64 + 1, line) {
            Some(seed) => out.push(seed),
            None => bail!(
                "{} line {}: not a 9x9 puzzle (81 symbols 1-9, . or 0)",
                path.display(),
                i + 1
            ),
        }
    }
    if out.is_empty() {
        bail!("{}: no puzzles", path.display());
    }
    Ok(out)
}

/// Runs the search; exit code 0 when the hits wanted were found, 1 when the budget ran out
/// first.
pub fn run(req: Request) -> Result<u8> {
    let base = Target {
        symmetry: req.symmetry,
        givens: req.givens,
        method: req.method,
        seed: req.seed,
        closure_slack: req.closure_slack,
        patterns: req.patterns.clone(),
        node_cap: req.node_cap,
        automorphic: req.automorphic,
        aligned_only: req.aligned_only,
    };
    check_target(&base).map_err(|e| anyhow!("{e}"))?;
    eprintln!(
        "sudokit: seed {} (replay with --seed {})",
        req.seed, req.seed
    );
    let time = match (req.tries, req.time) {
        (None, None) => Some(DEFAULT_TIME),
        (_, t) => t,
    };
    if req.method == Method::Exhaustive {
        return run_exhaustive(&req, &base, time);
    }
    // The --from puzzles are dealt to the workers in turn; a worker left without any would
    // fall back to random grids (neighbour, hitting) or fail (closure), so there are never
    // more workers than seed puzzles.
    let jobs = if req.seeds.is_empty() {
        req.jobs
    } else {
        req.jobs.min(req.seeds.len())
    };
    if jobs < req.jobs {
        eprintln!(
            "sudokit: {jobs} worker{} for {} seed puzzle{} (-j {})",
            if jobs == 1 { "" } else { "s" },
            req.seeds.len(),
            if req.seeds.len() == 1 { "" } else { "s" },
            req.jobs
        );
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let found = AtomicU64::new(0);
    let totals = Mutex::new(Vec::<Progress>::new());
    let out = Mutex::new(std::io::stdout());
    let pb = progress_bar(req.progress);
    let live = Mutex::new(vec![Progress::default(); jobs]);
    let start = Instant::now();
    let closed = AtomicBool::new(false);
    std::thread::scope(|s| {
        for w in 0..jobs {
            let target = Target {
                seed: Rng::derive(req.seed, w as u64),
                ..base.clone()
            };
            let budget = Budget {
                tries: req.tries,
                time,
                hits: Some(req.hits),
                cancel: Some(cancel.clone()),
            };
            let seeds: Vec<SeedPuzzle> = req.seeds.iter().skip(w).step_by(jobs).cloned().collect();
            let (cancel, found, out, pb, live, totals, closed) =
                (&cancel, &found, &out, &pb, &live, &totals, &closed);
            s.spawn(move || {
                let mut on_hit = |hit: &sudokit_generate::fewgivens::Hit, _: &Progress| {
                    let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
                    if writeln!(o, "{}", hit.line())
                        .and_then(|()| o.flush())
                        .is_err()
                    {
                        closed.store(true, Ordering::Relaxed);
                        cancel.store(true, Ordering::Relaxed);
                    }
                    if let Some(origin) = &hit.origin {
                        pb.suspend(|| {
                            eprintln!("sudokit: hit of {} givens from {origin}", hit.givens)
                        });
                    }
                    if found.fetch_add(1, Ordering::Relaxed) + 1 >= req.hits {
                        cancel.store(true, Ordering::Relaxed);
                    }
                };
                let mut on_progress = |p: &Progress| {
                    let mut all = live.lock().unwrap_or_else(|e| e.into_inner());
                    all[w] = p.clone();
                    let tries: u64 = all.iter().map(|p| p.tries).sum();
                    let fewest = all.iter().map(|p| p.fewest).filter(|&f| f > 0).min();
                    pb.set_message(format!(
                        "{tries} tries ({:.0}/s), fewest givens {}, hits {}",
                        tries as f64 / start.elapsed().as_secs_f64().max(1e-9),
                        fewest.map_or("-".to_string(), |f| f.to_string()),
                        found.load(Ordering::Relaxed)
                    ));
                    pb.tick();
                };
                if let Ok(p) =
                    search_seeded(&target, &seeds, &budget, &mut on_hit, &mut on_progress)
                {
                    totals.lock().unwrap_or_else(|e| e.into_inner()).push(p);
                }
            });
        }
    });
    pb.finish_and_clear();
    let totals = totals.into_inner().unwrap_or_else(|e| e.into_inner());
    let tries: u64 = totals.iter().map(|p| p.tries).sum();
    let checks: u64 = totals.iter().map(|p| p.checks).sum();
    let restarts: u64 = totals.iter().map(|p| p.restarts).sum();
    let fewest = totals.iter().map(|p| p.fewest).filter(|&f| f > 0).min();
    let hits = found.load(Ordering::Relaxed);
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "sudokit: {} {} search for {} givens: {hits} hit{} in {secs:.1} s, {tries} tries \
         ({:.0}/s), {checks} fast searches, {restarts} restarts, fewest givens reached {}",
        req.symmetry,
        req.method.name(),
        req.givens,
        if hits == 1 { "" } else { "s" },
        tries as f64 / secs.max(1e-9),
        fewest.map_or("-".to_string(), |f| f.to_string()),
    );
    if req.method == Method::Hitting {
        let nodes: u64 = totals.iter().map(|p| p.nodes).sum();
        let incomplete: u64 = totals.iter().map(|p| p.incomplete).sum();
        eprintln!(
            "sudokit: hitting: {restarts} grids, {tries} (grid, conjugate) searches, {nodes} \
             nodes, {incomplete} cut by their node cap"
        );
        let ran_out = totals.iter().filter(|p| p.grids_ran_out).count();
        if ran_out > 0 {
            eprintln!(
                "sudokit: hitting: the {} grids ran out on {ran_out} of {} workers before the \
                 budget (every fill attempt for a next grid stalled or met a grid already \
                 searched: the map has few essentially different grids)",
                req.automorphic
                    .map_or("automorphic".to_string(), |m| format!("{m}-automorphic")),
                totals.len(),
            );
        }
    }
    if closed.load(Ordering::Relaxed) {
        return Ok(0);
    }
    Ok(if hits >= req.hits { 0 } else { 1 })
}

/// The progress line: on a terminal, unless `--no-progress`.
fn progress_bar(wanted: bool) -> ProgressBar {
    if !(wanted && std::io::stderr().is_terminal()) {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    pb
}

/// `--method exhaustive`: the patterns of `base` (its range) on `req.jobs` workers; each hit
/// printed as it is found, its pattern on standard error; the summary counts patterns
/// searched to the end and cut by the node cap.
fn run_exhaustive(req: &Request, base: &Target, time: Option<Duration>) -> Result<u8> {
    let total = exhaustive::pattern_count(base).map_err(|e| anyhow!("{e}"))?;
    let range = base.patterns.clone().unwrap_or(0..total);
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = Budget {
        tries: req.tries,
        time,
        hits: Some(req.hits),
        cancel: Some(cancel.clone()),
    };
    let pb = progress_bar(req.progress);
    let start = Instant::now();
    let mut closed = false;
    let mut out = std::io::stdout();
    let totals = exhaustive::search(
        base,
        &budget,
        req.jobs,
        &mut |hit, _| {
            if writeln!(out, "{}", hit.line())
                .and_then(|()| out.flush())
                .is_err()
            {
                closed = true;
                cancel.store(true, Ordering::Relaxed);
            }
            pb.suspend(|| {
                eprintln!(
                    "sudokit: hit of {} givens on pattern {}",
                    hit.givens,
                    hit.pattern.unwrap_or_default()
                )
            });
        },
        &mut |report, p| {
            if report.end == PatternEnd::Exhausted {
                pb.suspend(|| eprintln!("sudokit: pattern {} searched to the end", report.index));
            }
            pb.set_message(format!(
                "{} of {} patterns, {} assignments ({:.0}/s), hits {}",
                p.restarts,
                range.len(),
                p.tries,
                p.tries as f64 / start.elapsed().as_secs_f64().max(1e-9),
                p.hits
            ));
            pb.tick();
        },
    )
    .map_err(|e| anyhow!("{e}"))?;
    pb.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "sudokit: {} exhaustive search for {} givens: {} hit{} in {secs:.1} s, {} tries \
         ({:.0}/s), {} fast searches, {} nodes",
        req.symmetry,
        req.givens,
        totals.hits,
        if totals.hits == 1 { "" } else { "s" },
        totals.tries,
        totals.tries as f64 / secs.max(1e-9),
        totals.checks,
        totals.nodes,
    );
    eprintln!(
        "sudokit: exhaustive: patterns {}..{} of {total}: {} started, {} searched to the end, \
         {} cut by their node cap, {} assignments, {} hits",
        range.start,
        range.end,
        totals.restarts,
        totals.exhausted,
        totals.incomplete,
        totals.tries,
        totals.hits,
    );
    if closed {
        return Ok(0);
    }
    Ok(if totals.hits >= req.hits { 0 } else { 1 })
}
