//! The command line's flags: the low-level clap structs every command flattens in (input,
//! engine, budget, jobs and progress), and the high-level [`Batch`] they resolve to.
//!
//! Design decision (ripgrep's LowArgs → HiArgs): a flag shared by several commands is declared
//! once, in one struct that each command's arguments flatten with `#[command(flatten)]`, and
//! checked once, by its value parser ([`Jobs`] has one range, 1 to 256, for every command; 0 is
//! an error everywhere). A command turns its flags into a [`Batch`] (files, format, layout,
//! threads, progress) before any work starts, so a bad flag or a missing file is a usage error
//! (exit status 2) before any output.

use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;
use sudokit_core::Budget;
use sudokit_core::format::{InputFormat, LayoutSpec};

use crate::input;

/// `--jobs`: worker threads, from 1 to [`Jobs::MAX`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jobs(NonZeroUsize);

impl Jobs {
    /// The most worker threads a run may ask for.
    pub const MAX: usize = 256;

    /// Parses `--jobs`: a thread count from 1 to [`Jobs::MAX`] (0 is refused, as in every
    /// command).
    pub fn parse(s: &str) -> Result<Jobs, String> {
        match s.parse::<usize>() {
            Ok(n @ 1..=Jobs::MAX) => Ok(Jobs(NonZeroUsize::new(n).expect("1 or more"))),
            _ => Err(format!(
                "'{s}' is not a thread count from 1 to {}",
                Jobs::MAX
            )),
        }
    }

    /// One thread per core (at most [`Jobs::MAX`]).
    pub fn all_cores() -> Jobs {
        let n = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        Jobs(NonZeroUsize::new(n.clamp(1, Jobs::MAX)).expect("1 or more"))
    }

    /// The thread count.
    pub fn get(self) -> usize {
        self.0.get()
    }

    /// A pool of this many worker threads.
    pub fn pool(self) -> Result<rayon::ThreadPool> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.get())
            .stack_size(sudokit_app::WORKER_STACK)
            .build()
            .context("cannot start worker threads")
    }
}

/// `--jobs` and `--no-progress`, shared by every command that works in parallel.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Worker threads, 1 to 256 [default: all cores].
    #[arg(long, short = 'j', value_parser = Jobs::parse)]
    pub jobs: Option<Jobs>,
    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,
}

impl RunArgs {
    /// The thread count asked for, or one per core.
    pub fn jobs(&self) -> Jobs {
        self.jobs.unwrap_or_else(Jobs::all_cores)
    }
}

/// `--budget`: the time each puzzle may take. A record whose budget ran out is reported as
/// `stopped`, in every command.
#[derive(Args, Debug, Clone)]
pub struct BudgetArgs {
    /// Time budget per puzzle, e.g. `500ms`, `2s`, `1m`; a puzzle over it is reported as
    /// `stopped` [default: none; `check`: 10s].
    #[arg(long, value_parser = humantime::parse_duration)]
    pub budget: Option<Duration>,
}

impl BudgetArgs {
    /// The budget: this time, or none.
    pub fn budget(&self) -> Budget {
        self.budget.map(Budget::time).unwrap_or_default()
    }

    /// The budget: this time, or `default` when none was given.
    pub fn time_or(&self, default: Duration) -> Budget {
        Budget::time(self.budget.unwrap_or(default))
    }
}

/// What a batch command reads and how it runs, resolved from its flags ([`Batch::new`]).
#[derive(Debug, Clone)]
pub struct Batch {
    /// Puzzle files; standard input when empty.
    pub files: Vec<PathBuf>,
    /// The input format.
    pub format: InputFormat,
    /// The layout rules every puzzle is read with.
    pub spec: LayoutSpec,
    /// Worker threads.
    pub jobs: Jobs,
    /// Whether a progress bar may be drawn (`--no-progress` not given).
    pub progress: bool,
}

impl Batch {
    /// Resolves the input flags (reading `--regions`) and the run flags.
    pub fn new(input: &InputArgs, run: &RunArgs) -> Result<Batch> {
        Ok(Batch {
            files: input.files.clone(),
            format: input.input_format,
            spec: layout_spec(input)?,
            jobs: run.jobs(),
            progress: !run.no_progress,
        })
    }
}

/// The layout rules of `--box`, `--regions`, `--extra` and `--rules` (reads the region map
/// and rules files). Variant rules ride on a fixed layout (the region map, the `--box`
/// shape, or 9×9), which then applies to every puzzle read with the command line's layout.
pub fn layout_spec(args: &InputArgs) -> Result<LayoutSpec> {
    let mut regions = match &args.regions {
        Some(path) => Some(Arc::new(input::read_regions(path)?)),
        None => None,
    };
    if let Some(path) = &args.rules {
        let base = sudokit_app::rules_base(&LayoutSpec {
            box_shape: args.box_shape,
            regions: regions.clone(),
            extras: Vec::new(),
        })
        .context("--box")?;
        regions = Some(sudokit_app::rules_file::read_rules_file(path, &base)?);
    }
    Ok(LayoutSpec {
        box_shape: args.box_shape,
        regions,
        extras: args.extras.clone(),
    })
}

/// Options shared by every command that reads puzzles.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Puzzle files; standard input when none (or `-`).
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Input format; `auto` detects it from the first lines.
    #[arg(long, short = 'i', default_value = "auto", value_parser = InputFormatParser)]
    pub input_format: sudokit_core::format::InputFormat,
    /// Box shape RxC (rows x columns per box); fixes the side to R·C.
    #[arg(long = "box", value_name = "RxC", value_parser = input::parse_box)]
    pub box_shape: Option<(usize, usize)>,
    /// Jigsaw region map for every puzzle: a file of N² region labels.
    #[arg(long, value_name = "FILE", conflicts_with = "box_shape")]
    pub regions: Option<PathBuf>,
    /// Extra constraints: diagonals, anti-knight, anti-king (repeat or comma-separate).
    #[arg(long = "extra", value_delimiter = ',', value_parser = input::parse_extra)]
    pub extras: Vec<sudokit_core::Extra>,
    /// Variant rules for every puzzle: a JSON array of rules in sudokit's form, an object
    /// with a "rules" list, or a puzzle record whose grid and rules are taken (see
    /// docs/variants.md), on the 9x9 grid unless --box or --regions says otherwise.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
}

/// Options that choose and limit an engine.
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// Engine name, or `auto` (see `sudokit engines`).
    #[arg(long, short = 'e', default_value = "auto")]
    pub engine: String,
    /// The time budget (for the incomplete engines anneal and tabu, 10s per puzzle when
    /// neither --budget nor --nodes is given).
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// Node budget per puzzle (see README: nodes and guesses).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Engine-specific knobs.
    #[command(flatten)]
    pub tune: TuneArgs,
}

/// Engine-specific knobs.
#[derive(Args, Debug, Clone)]
pub struct TuneArgs {
    /// propagate: also narrow with naked subsets before guessing.
    #[arg(long)]
    pub subsets: bool,
    /// backtrack: solve the rotation that promises the least work.
    #[arg(long)]
    pub orient: bool,
    /// Seed for randomised engines (anneal, tabu); printed on stderr when chosen at random.
    #[arg(long)]
    pub seed: Option<u64>,
    /// cp: all-different propagation strength: fc, bounds, gac (Régin) or shave.
    #[arg(long, default_value = "gac", value_name = "LEVEL")]
    pub propagation: sudokit_engines::Propagation,
}

impl TuneArgs {
    /// The engine options these flags stand for, for a run of the engines `names`. When a
    /// randomised engine runs without `--seed`, a seed is drawn from the clock and printed on
    /// stderr so the run can be replayed.
    pub fn options(&self, names: &[&str]) -> sudokit_engines::EngineOptions {
        let mut seed = self.seed;
        if seed.is_none() && names.iter().any(|n| matches!(*n, "anneal" | "tabu")) {
            let s = sudokit_app::clock_seed();
            eprintln!("sudokit: random seed {s} (replay with --seed {s})");
            seed = Some(s);
        }
        sudokit_engines::EngineOptions {
            subsets: self.subsets,
            orient: self.orient,
            seed,
            propagation: self.propagation,
        }
    }
}

fn parse_input_format(s: &str) -> Result<sudokit_core::format::InputFormat, String> {
    s.parse()
}

/// `--input-format`: parsed by the registry's `FromStr` (whose error lists the registered
/// names), with the registered formats and their help lines as clap's possible values, so
/// `--help`, the man page and shell completions list them.
#[derive(Clone, Debug)]
struct InputFormatParser;

impl clap::builder::TypedValueParser for InputFormatParser {
    type Value = sudokit_core::format::InputFormat;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        parse_input_format.parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        use sudokit_core::format::{AUTO_HELP, Formats, InputFormat};
        let auto = clap::builder::PossibleValue::new(InputFormat::Auto.name()).help(AUTO_HELP);
        let formats = Formats::builtin();
        let values: Vec<_> = std::iter::once(auto)
            .chain(formats.iter().map(|f| {
                clap::builder::PossibleValue::new(f.name())
                    .help(f.help())
                    .aliases(f.aliases().iter().copied())
            }))
            .collect();
        Some(Box::new(values.into_iter()))
    }
}
