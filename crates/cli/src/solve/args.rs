//! The flags of `sudokit solve` and `sudokit count`.
//!
//! Design decision: the flags shared with other commands (input, engine, budget, jobs,
//! progress) are flattened in from [`crate::args`]; only what is particular to solving is
//! declared here.

use clap::{Args, ValueEnum};

use crate::args::{EngineArgs, InputArgs, RunArgs};

/// Output formats of `solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutFormat {
    /// The input's own style: line for line/CSV/JSON/jigsaw input, numbers or block otherwise.
    Auto,
    /// One line of N² symbols per grid.
    Line,
    /// N rows of N integers.
    Numbers,
    /// N rows of symbols with box separators.
    Block,
    /// A boxed grid for terminals (region borders shown).
    Pretty,
    /// `puzzle,solution` per record.
    Csv,
    /// One JSON object per record (NDJSON).
    Json,
}

/// Arguments of `sudokit solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub(super) input: InputArgs,
    #[command(flatten)]
    pub(super) engine: EngineArgs,
    /// Find up to N solutions: prints a count line, then the solutions one per line.
    #[arg(long, value_name = "N", conflicts_with = "all")]
    pub(super) limit: Option<u64>,
    /// Print only the number of solutions (0, 1, or `at least N` with N = --limit, default 2).
    #[arg(long, conflicts_with = "all")]
    pub(super) count: bool,
    /// Stream every solution as it is found (up to --max-solutions), then a count line.
    #[arg(long)]
    pub(super) all: bool,
    /// Per cell, the digits that appear in some solution (exact, without enumerating the
    /// solutions; within --budget / --nodes), as a grid of candidates or JSON records.
    #[arg(long, conflicts_with_all = ["all", "count", "limit"])]
    pub(super) true_candidates: bool,
    /// Cap for --all.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub(super) max_solutions: u64,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "auto")]
    pub(super) format: OutFormat,
    /// Check every solution with the independent checker (and against an expected solution
    /// given in the input, e.g. a CSV second column).
    #[arg(long)]
    pub(super) verify: bool,
    /// Print a summary (throughput, nodes, guesses, no-guess share) on stderr.
    #[arg(long)]
    pub(super) stats: bool,
    #[command(flatten)]
    pub(super) run: RunArgs,
}

/// Output formats of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CountFormat {
    /// One line per record: the count, or `at least N`.
    Text,
    /// One JSON object per record.
    Json,
}

/// Arguments of `sudokit count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub(super) input: InputArgs,
    #[command(flatten)]
    pub(super) engine: EngineArgs,
    /// Stop counting at N solutions and report `at least N`.
    #[arg(
        long,
        visible_alias = "max",
        value_name = "N",
        default_value_t = 1_000_000
    )]
    pub(super) limit: u64,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    pub(super) format: CountFormat,
    /// Print a summary on stderr.
    #[arg(long)]
    pub(super) stats: bool,
    #[command(flatten)]
    pub(super) run: RunArgs,
}
