//! `sudokit solve` and `sudokit count`: flags ([`args`]), one record rendered ([`render`]),
//! the batch runner ([`mod@run`]) and `--all` ([`all`]).
//!
//! Design decision: each record is turned into its finished output text (plus a few counters
//! for the summary) by [`render::process`], which depends on nothing but the record, so records can be
//! solved in parallel pieces and still be written strictly in input order. A piece renders its
//! records straight into one buffer, and a worker keeps its line parser and the grids it
//! parses and copies solutions into from record to record: a 9×9 line record allocates
//! nothing and touches no reference count shared with the other workers. Only `solve --all`,
//! which streams solutions as they are found, runs sequentially and writes from the search
//! callback.

use crate::args::EngineArgs;
use all::run_all;
use anyhow::{Result, bail};
use args::{CountFormat, OutFormat};

use run::run;
use sudokit_app::solve::SolveMode;
use sudokit_core::{Budget, Grid, Solver};
use sudokit_engines::engine;

mod all;
mod args;
mod candidates;
mod render;
mod run;

pub use args::{CountArgs, SolveArgs};

/// Engines built for a run, by name.
type Engines = Vec<(&'static str, Box<dyn Solver>)>;

struct Ctx {
    engines: Engines,
    requested: String,
    mode: SolveMode,
    format: OutFormat,
    verify: bool,
    budget: Budget,
    /// Measure each record's solve time (for the `--stats` summary).
    timed: bool,
    /// `count`: keep a line of solutions counted so far on stderr when it is a terminal.
    count_progress: bool,
}

impl Ctx {
    /// The engine for `puzzle`: the requested one, or `auto`'s choice for its layout; `Err`
    /// with its name when that engine was not built.
    fn engine_for(&self, puzzle: &Grid) -> std::result::Result<(&'static str, &dyn Solver), &str> {
        let name: &str = if self.requested == "auto" {
            // One that honours the puzzle's variant rules, if it has any.
            sudokit_app::variants::engine_name_for(puzzle.layout())
        } else {
            &self.requested
        };
        self.engines
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, solver)| (*n, solver.as_ref()))
            .ok_or(name)
    }
}

fn build_engines(args: &EngineArgs) -> Result<(Engines, String)> {
    let names: Vec<&'static str> = if args.engine == "auto" {
        sudokit_engines::ENGINES.iter().map(|e| e.name).collect()
    } else {
        // Resolves aliases and reports unknown names with the list of known ones.
        let probe = engine(&args.engine, &sudokit_engines::EngineOptions::default())?;
        vec![probe.name()]
    };
    let options = args
        .tune
        .options(if args.engine == "auto" { &[] } else { &names });
    let mut engines = Vec::new();
    for name in names {
        engines.push((name, engine(name, &options)?));
    }
    let requested = if args.engine == "auto" {
        "auto".to_string()
    } else {
        engines[0].0.to_string()
    };
    Ok((engines, requested))
}

fn budget(args: &EngineArgs) -> Budget {
    Budget {
        nodes: args.nodes,
        time: args.budget.budget,
        cancel: None,
    }
}

/// Runs `sudokit solve`.
pub fn run_solve(args: SolveArgs) -> Result<u8> {
    let (engines, requested) = build_engines(&args.engine)?;
    let mode = match (args.count, args.limit) {
        (true, k) => SolveMode::Count(k.unwrap_or(2)),
        (false, Some(k)) => SolveMode::Limit(k),
        (false, None) => SolveMode::First,
    };
    if let SolveMode::Limit(0) | SolveMode::Count(0) = mode {
        bail!("--limit must be at least 1");
    }
    if args.all && args.max_solutions == 0 {
        bail!("--max-solutions must be at least 1");
    }
    let ctx = Ctx {
        engines,
        requested,
        mode,
        format: args.format,
        verify: args.verify,
        budget: budget(&args.engine),
        // JSON records carry the solve time (`stats.micros`), as does the `--stats` summary.
        timed: args.stats || args.format == OutFormat::Json,
        count_progress: false,
    };
    if args.all {
        return run_all(&args, ctx);
    }
    if args.true_candidates {
        return candidates::run_candidates(&args, ctx);
    }
    run(&args.input, ctx, &args.run, args.stats)
}

/// Runs `sudokit count`.
pub fn run_count(args: CountArgs) -> Result<u8> {
    if args.limit == 0 {
        bail!("--limit must be at least 1");
    }
    let (engines, requested) = build_engines(&args.engine)?;
    let ctx = Ctx {
        engines,
        requested,
        mode: SolveMode::Count(args.limit),
        format: match args.format {
            CountFormat::Text => OutFormat::Line,
            CountFormat::Json => OutFormat::Json,
        },
        verify: false,
        budget: budget(&args.engine),
        count_progress: !args.run.no_progress,
        timed: args.stats || args.format == CountFormat::Json,
    };
    run(&args.input, ctx, &args.run, args.stats)
}
