//! `sudokit generate`, `sudokit canon` and `sudokit check`: flags → a validated
//! [`sudokit_generate::Config`] → puzzles made in parallel, printed in index order.
//!
//! Design decision: the run seed is printed on stderr and puzzle `i` is made from
//! `Rng::derive(seed, i)`, so a run replays exactly with `--seed` whatever `--jobs` is, and any
//! single puzzle replays from the `seed` its JSON record carries (`--seed S --single`).
//! Impossible combinations are rejected by `Generator::new` before any work starts.

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;
use std::collections::HashSet;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sudokit_core::format::{OutputFormat, write_grid};
use sudokit_core::{Extra, Grid};
use sudokit_generate::canon::canonical;
use sudokit_generate::fewgivens::Method;
use sudokit_generate::fewgivens::automorphic::{Automorphism, UnknownAutomorphism};
use sudokit_generate::rate::{parse_level, parse_qqwing, parse_technique};
use sudokit_generate::variant::{KillerConfig, generate_givens, generate_killer};
use sudokit_generate::{Config, GenError, Generated, Generator, Rng, Symmetry, parse_pattern};

use sudokit_app::check::Uniqueness;
use sudokit_app::generate::{LayoutRequest, config_for, generated_json, side};
use sudokit_app::line_of;

use crate::args::{Batch, BudgetArgs, InputArgs, RunArgs};
use crate::input::{self, Item};
use crate::runner::{Ended, run_ordered};

/// Output formats of `generate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GenFormat {
    /// One line of N² symbols per puzzle (`.` for empty cells).
    Line,
    /// N rows of N integers, a `#` header line before each puzzle.
    Numbers,
    /// N rows of symbols with box separators, a `#` header line before each puzzle.
    Block,
    /// A boxed grid for terminals, a `#` header line before each puzzle.
    Pretty,
    /// `puzzle,solution,givens,symmetry,seed,rating` per puzzle.
    Csv,
    /// One JSON object per puzzle: puzzle, solution, givens, symmetry, seed, rating, ...
    Json,
}

/// Parses `A..B` or `A` into an inclusive range.
fn parse_range<T: std::str::FromStr + Copy>(s: &str) -> Result<(T, T), String> {
    let one = |x: &str| {
        x.trim()
            .parse::<T>()
            .map_err(|_| format!("bad number '{x}' in '{s}'"))
    };
    match s.split_once("..") {
        Some((a, b)) => Ok((one(a)?, one(b.trim_start_matches('='))?)),
        None => {
            let v = one(s)?;
            Ok((v, v))
        }
    }
}

fn parse_usize_range(s: &str) -> Result<(usize, usize), String> {
    parse_range(s)
}

fn parse_f32_range(s: &str) -> Result<(f32, f32), String> {
    parse_range(s)
}

fn parse_symmetry(s: &str) -> Result<Symmetry, String> {
    s.parse()
}

/// Arguments of `sudokit generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Number of puzzles.
    #[arg(short = 'n', long = "count", default_value_t = 1)]
    count: u64,
    /// Run seed [default: drawn from the clock and printed on stderr].
    #[arg(long)]
    seed: Option<u64>,
    /// Use `--seed` as the seed of one puzzle (as printed in its record), not of a run: makes
    /// that one puzzle (`-n` above 1 is refused).
    #[arg(long, requires = "seed")]
    single: bool,
    /// Side of the grid (boxes chosen as for `solve`; with --jigsaw, the jigsaw's side).
    #[arg(long, default_value_t = 9, conflicts_with_all = ["box_shape", "regions"])]
    size: usize,
    /// Box shape RxC (rows x columns per box); fixes the side to R·C.
    #[arg(long = "box", value_name = "RxC", value_parser = input::parse_box)]
    box_shape: Option<(usize, usize)>,
    /// Jigsaw region map file (N² labels) to generate for.
    #[arg(long, value_name = "FILE", conflicts_with = "box_shape")]
    regions: Option<PathBuf>,
    /// A fresh random jigsaw region map (N connected regions of N cells) per puzzle.
    #[arg(long, conflicts_with_all = ["box_shape", "regions"])]
    jigsaw: bool,
    /// Extra constraints: diagonals, anti-knight, anti-king (repeat or comma-separate).
    #[arg(long = "extra", value_delimiter = ',', value_parser = input::parse_extra)]
    extras: Vec<Extra>,
    /// Symmetry of the givens: none, vertical, horizontal, orthogonal, rot180, rot90,
    /// diagonal, anti-diagonal, bidiagonal, full.
    #[arg(long, default_value = "none", value_parser = parse_symmetry)]
    symmetry: Symmetry,
    /// Number of givens, `A..B` or `A`.
    #[arg(long, value_name = "A..B", value_parser = parse_usize_range)]
    givens: Option<(usize, usize)>,
    /// Only minimal puzzles: removing any single given leaves several solutions.
    #[arg(long)]
    minimal: bool,
    /// File of given positions (HoDoKu pattern style: `.`/`0` empty, anything else a given).
    #[arg(long, value_name = "FILE")]
    pattern: Option<PathBuf>,
    /// Start from seed 002's root solution (n² x n² grids) instead of a random grid.
    #[arg(long)]
    root: bool,
    /// SE-scale rating range `A..B` (Sudoku Explainer 1.2.1's ER, techniques of SE's generator).
    #[arg(long, value_name = "A..B", value_parser = parse_f32_range)]
    rating: Option<(f32, f32)>,
    /// HoDoKu level: easy, medium, hard, unfair, extreme.
    #[arg(long)]
    level: Option<String>,
    /// qqwing class: simple, easy, intermediate, expert.
    #[arg(long)]
    qqwing: Option<String>,
    /// Seed 001's level (1: singles solve it, 2: one guess level, ...).
    #[arg(long)]
    seed_level: Option<usize>,
    /// A technique the solving path must use (id, HoDoKu code or name).
    #[arg(long)]
    technique: Option<String>,
    /// The hardest technique allowed (by HoDoKu's solving order).
    #[arg(long)]
    max_technique: Option<String>,
    /// Neighbourhood moves ({-1+1}, {-2+2}) tried from each puzzle that misses a rating
    /// target [default: 300; 0: plain rejection sampling].
    #[arg(long, default_value_t = 300)]
    neighbourhood: usize,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Full grids each puzzle may draw before it gives up like --budget (an attempt budget
    /// for targets that are possible but rare) [default: no limit].
    #[arg(long, value_name = "N")]
    max_grids: Option<u64>,
    /// Time budget for the whole run.
    #[arg(long, value_parser = humantime::parse_duration)]
    total_budget: Option<Duration>,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "line")]
    format: GenFormat,
    /// Rate every puzzle (SE 1.2.1 scale) even in text formats and above 9x9; JSON and
    /// CSV carry the rating by default up to 9x9 (null above).
    #[arg(long)]
    rate: bool,
    #[command(flatten)]
    run: RunArgs,
    /// Print a summary (puzzles/s, grids drawn) on stderr.
    #[arg(long)]
    stats: bool,
    /// Killer puzzles: cages of 2 to 5 cells with their sums covering the grid and no givens,
    /// unique, and minimal (no two adjacent cages can merge and no sum can go without a
    /// second solution); with --rules, the cages of that file (their sums recomputed) and
    /// its other rules, and givens from the solution when the cages are not unique alone
    /// (the fewest found; `--givens A..B` allows at most B).
    #[arg(long)]
    killer: bool,
    /// Generate for a fixed rule set (a thermo layout, ...): givens making it unique, minimal.
    /// FILE holds a JSON list of rules (`[{"type": "thermo", "cells": ["r1c1", "r2c2"]}]`),
    /// an object with a `rules` key, or a puzzle (sudokit JSON, f-puzzles JSON or link) whose
    /// layout and rules are used.
    #[arg(long, value_name = "FILE")]
    rules: Option<PathBuf>,
    /// `targeted`: search on purpose for standard 9x9 puzzles symmetric in --symmetry with at
    /// most --givens K givens (seed 002's few-givens table), printing each hit as it is found;
    /// -n is the hits wanted, --tries and --total-budget the budget [default: 10m].
    #[arg(long, value_enum)]
    search: Option<SearchKind>,
    /// Method of --search targeted: `neighbour` ({-k+j} orbit moves from unique puzzles),
    /// `pattern` (digits for random symmetric patterns of K cells), `exhaustive` (every
    /// symmetric pattern of exactly K cells in a fixed order, each searched to the end or
    /// --node-cap nodes, on -j workers; --patterns A..B takes a range of that order; classes
    /// with at most 100,000 such patterns), `closure` (the puzzles of
    /// --from closed under every conjugate of the class, then reduced orbit by orbit) or
    /// `hitting` (per solution grid of the --from puzzles, or uniformly random grid without
    /// --from: the conjugates' orbit sets of at most K cells hitting every unavoidable set).
    #[arg(long, requires = "search", default_value = "neighbour", value_parser = parse_method)]
    method: Method,
    /// Tries per worker of --search targeted (neighbour moves, complete pattern assignments,
    /// closures reduced or, for hitting, (grid, conjugate) pairs searched); for --method
    /// exhaustive, complete assignments of all workers together.
    #[arg(long, requires = "search")]
    tries: Option<u64>,
    /// Seed puzzles of --method closure (and of --method hitting: their solution grids; of
    /// --method neighbour: the walks start from them, each closed under the conjugate that
    /// needs the fewest givens added, instead of from random grids): a file of unique 9x9 puzzles, one a line (81 symbols, `.` or `0` for empty; blank lines
    /// and lines starting with `#` are skipped).
    #[arg(long, value_name = "FILE", requires = "search")]
    from: Option<PathBuf>,
    /// --method closure: reduce the closures with at most K + N givens [default: K + 6, or K
    /// + two of the class's largest orbits]; seeds with more than 17 givens need more.
    #[arg(long, value_name = "N", requires = "search")]
    closure_slack: Option<usize>,
    /// --method exhaustive: search only the patterns A to B - 1 (half-open, indices into the
    /// method's fixed order: fewest empty rows, columns and boxes first, ties in the order of
    /// --seed) [default: every pattern]; a shard of a longer run.
    #[arg(long, value_name = "A..B", requires = "search", value_parser = parse_half_open)]
    patterns: Option<std::ops::Range<usize>>,
    /// --method exhaustive: search nodes per pattern before it is cut [default: 100000]
    /// [range: 1..].
    #[arg(long, value_name = "N", requires = "search")]
    node_cap: Option<u64>,
    /// --method hitting: search grids automorphic under MAP (G(g(c)) = π(G(c)) for a digit
    /// permutation π) instead of uniformly random grids: rot180, rot90, diagonal,
    /// antidiagonal, or any (a map drawn per grid); not with --from.
    #[arg(long, value_name = "MAP", requires = "search", value_parser = parse_automorphism)]
    automorphic: Option<Automorphism>,
    /// With --automorphic: search only the conjugates whose orbits the grid's map keeps (the
    /// puzzles whose clue digits are symmetric too) instead of those first and then the rest.
    #[arg(long, requires = "automorphic")]
    aligned_only: bool,
}

/// Parses a half-open range `A..B` of indices.
fn parse_half_open(s: &str) -> Result<std::ops::Range<usize>, String> {
    let (a, b) = s
        .split_once("..")
        .filter(|(_, b)| !b.starts_with('='))
        .ok_or_else(|| format!("'{s}' is not a half-open range A..B"))?;
    let one = |x: &str| {
        x.trim()
            .parse::<usize>()
            .map_err(|_| format!("bad number '{x}' in '{s}'"))
    };
    Ok(one(a)?..one(b)?)
}

/// Searches of `generate --search`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SearchKind {
    /// The few-givens search (`sudokit_generate::fewgivens`).
    Targeted,
}

fn parse_method(s: &str) -> Result<Method, String> {
    s.parse()
}

fn parse_automorphism(s: &str) -> Result<Automorphism, String> {
    s.parse().map_err(|e: UnknownAutomorphism| e.to_string())
}

/// The pattern, root and difficulty flags with whether each was given (for the modes that
/// honour none of them).
fn pattern_and_targets(args: &GenerateArgs) -> [(&'static str, bool); 8] {
    [
        ("--pattern", args.pattern.is_some()),
        ("--root", args.root),
        ("--rating", args.rating.is_some()),
        ("--level", args.level.is_some()),
        ("--qqwing", args.qqwing.is_some()),
        ("--seed-level", args.seed_level.is_some()),
        ("--technique", args.technique.is_some()),
        ("--max-technique", args.max_technique.is_some()),
    ]
}

/// `generate --search targeted`: refuses the flags the search does not honour, then runs it.
fn run_targeted(args: &GenerateArgs) -> Result<u8> {
    let mut ignored = vec![
        ("--single", args.single),
        ("--size", args.size != 9),
        ("--box", args.box_shape.is_some()),
        ("--regions", args.regions.is_some()),
        ("--jigsaw", args.jigsaw),
        ("--extra", !args.extras.is_empty()),
        ("--minimal (hits always are)", args.minimal),
        ("--budget", args.budget.budget.is_some()),
        ("--max-grids", args.max_grids.is_some()),
        ("--format other than line", args.format != GenFormat::Line),
        ("--rate", args.rate),
        ("--killer", args.killer),
        ("--rules", args.rules.is_some()),
    ];
    ignored.extend(pattern_and_targets(args));
    if let Some((flag, _)) = ignored.iter().find(|f| f.1) {
        bail!("{flag} does not apply to --search targeted");
    }
    let Some((lo, hi)) = args.givens else {
        bail!("--search targeted needs --givens K (the most givens a hit may have)");
    };
    if lo != hi {
        bail!("--search targeted takes one count, --givens K (hits have at most K givens)");
    }
    if args.closure_slack.is_some() && args.method != Method::Closure {
        bail!(
            "--closure-slack belongs to --method closure (with --from FILE), not --method {}",
            args.method.name()
        );
    }
    for (flag, given) in [
        ("--patterns", args.patterns.is_some()),
        ("--node-cap", args.node_cap.is_some()),
    ] {
        if given && args.method != Method::Exhaustive {
            bail!(
                "{flag} belongs to --method exhaustive, not --method {}",
                args.method.name()
            );
        }
    }
    let seeds = match (&args.from, args.method) {
        (Some(path), Method::Closure | Method::Hitting | Method::Neighbour) => {
            crate::fewgivens::read_seeds(path)?
        }
        (None, Method::Closure) => {
            bail!("--method closure needs --from FILE (the seed puzzles)")
        }
        (Some(_), m) => bail!(
            "--from applies to --method closure, hitting and neighbour, not {}",
            m.name()
        ),
        (None, _) => Vec::new(),
    };
    if args.automorphic.is_some() && args.method != Method::Hitting {
        bail!("--automorphic applies to --method hitting only");
    }
    if args.automorphic.is_some() && args.from.is_some() {
        bail!("--automorphic replaces the --from puzzles' grids: give one or the other");
    }
    crate::fewgivens::run(crate::fewgivens::Request {
        seeds,
        closure_slack: args.closure_slack,
        patterns: args.patterns.clone(),
        node_cap: args.node_cap,
        automorphic: args.automorphic,
        aligned_only: args.aligned_only,
        symmetry: args.symmetry,
        givens: hi,
        method: args.method,
        seed: args.seed.unwrap_or_else(sudokit_app::clock_seed),
        tries: args.tries,
        time: args.total_budget,
        hits: args.count.max(1),
        jobs: args.run.jobs().get(),
        progress: !args.run.no_progress,
    })
}

/// What `--killer` or `--rules` make, per puzzle seed.
enum VariantJob {
    Killer(KillerConfig),
    Givens(Arc<sudokit_core::Layout>, sudokit_core::Budget),
}

impl VariantJob {
    fn make(&self, seed: u64) -> Result<Generated, GenError> {
        let made = match self {
            VariantJob::Killer(config) => generate_killer(config, seed)?,
            VariantJob::Givens(layout, budget) => generate_givens(layout, seed, budget)?,
        };
        Ok(made.into_generated(seed))
    }
}

/// The `--killer` / `--rules` job of `args`, refusing the flags it does not honour.
fn variant_job(args: &GenerateArgs, config: &Config) -> Result<Option<VariantJob>> {
    if !args.killer && args.rules.is_none() {
        return Ok(None);
    }
    let mut ignored = vec![
        ("--jigsaw", args.jigsaw),
        ("--symmetry", args.symmetry != Symmetry::None),
        // With fixed cages, --givens A..B caps the givens placed at B.
        (
            "--givens",
            args.givens.is_some() && !(args.killer && args.rules.is_some()),
        ),
        ("--rate", args.rate),
    ];
    ignored.extend(pattern_and_targets(args));
    if let Some((flag, _)) = ignored.iter().find(|f| f.1) {
        bail!("{flag} does not apply to --killer or --rules puzzles");
    }
    let sudokit_generate::LayoutChoice::Fixed(base) = &config.layout else {
        bail!("--killer and --rules need a fixed layout");
    };
    let layout = match &args.rules {
        Some(path) => sudokit_app::rules_file::read_rules_file(path, base)?,
        None => base.clone(),
    };
    if !args.killer {
        return Ok(Some(VariantJob::Givens(layout, config.budget.clone())));
    }
    let is_cage = |r: &sudokit_core::Rule| matches!(r, sudokit_core::Rule::Killer { .. });
    let cages: Vec<Vec<sudokit_core::Pos>> = layout
        .rules()
        .iter()
        .filter(|r| is_cage(r))
        .map(|r| r.cells())
        .collect();
    let others = layout.rules().iter().filter(|r| !is_cage(r)).cloned();
    let own = layout.without_rules().with_rules(others)?;
    let mut killer = KillerConfig::new(Arc::new(own));
    killer.cages = (!cages.is_empty()).then_some(cages);
    killer.budget = config.budget.clone();
    killer.max_givens = args.givens.map(|(_, most)| most);
    Ok(Some(VariantJob::Killer(killer)))
}

/// Parses an optional flag value with `parse`.
fn parse_opt<T>(
    value: &Option<String>,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Option<T>> {
    value
        .as_deref()
        .map(parse)
        .transpose()
        .map_err(anyhow::Error::msg)
}

fn build_config(args: &GenerateArgs) -> Result<Config> {
    let layout = if args.jigsaw {
        LayoutRequest::Jigsaw { n: args.size }
    } else {
        match (&args.regions, args.box_shape) {
            (Some(path), _) => LayoutRequest::Regions(Arc::new(input::read_regions(path)?)),
            (None, Some((rows, cols))) => LayoutRequest::Boxed { rows, cols },
            (None, None) => LayoutRequest::Standard { n: args.size },
        }
    };
    let mut config = config_for(layout, &args.extras)?;
    let side = side(&config);
    let pattern = match &args.pattern {
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .with_context(|| format!("cannot read pattern file {}", p.display()))?;
            Some(parse_pattern(&text, side).with_context(|| p.display().to_string())?)
        }
        None => None,
    };
    config.symmetry = args.symmetry;
    config.givens = args.givens;
    config.minimal = args.minimal;
    // Only JSON records carry the strict-minimality field of symmetric puzzles.
    config.report_minimal = matches!(args.format, GenFormat::Json);
    config.pattern = pattern;
    config.root = args.root;
    config.neighbourhood = args.neighbourhood;
    config.target.rating = args.rating;
    config.target.level = parse_opt(&args.level, parse_level)?;
    config.target.qqwing = parse_opt(&args.qqwing, parse_qqwing)?;
    config.target.seed_level = args.seed_level;
    config.target.technique = parse_opt(&args.technique, parse_technique)?;
    config.target.max_technique = parse_opt(&args.max_technique, parse_technique)?;
    config.budget = args.budget.budget();
    config.max_grids = args.max_grids;
    // A difficulty target may be rare or out of reach of the removal pass (`--rating 1.0..1.0`
    // with the default givens): with no limit of the user's, each puzzle still gets one.
    if config.target.is_set()
        && args.budget.budget.is_none()
        && args.max_grids.is_none()
        && args.total_budget.is_none()
    {
        config.budget = sudokit_core::Budget::time(TARGET_BUDGET);
    }
    Ok(config)
}

/// The time each puzzle may take when a difficulty target is set and no `--budget`,
/// `--max-grids` or `--total-budget` is given.
pub const TARGET_BUDGET: Duration = Duration::from_secs(600);

fn render(made: &Generated, rating: Option<f32>, index: u64, format: GenFormat) -> String {
    let header = || {
        format!(
            "# puzzle {}: seed {}, {} givens, symmetry {}{}\n",
            index + 1,
            made.seed,
            made.givens,
            made.symmetry,
            rating.map_or(String::new(), |r| format!(", rating {r:.1}"))
        )
    };
    // Variant rules: a `# rules:` line (sudokit's JSON form) before each text record, a last
    // CSV field, a `rules` key in JSON.
    let rules = made
        .puzzle
        .layout()
        .has_rules()
        .then(|| serde_json::to_string(made.puzzle.layout().rules()).unwrap_or_default());
    let text = |grid: String| match &rules {
        Some(r) => format!("# rules: {r}\n{grid}"),
        None => grid,
    };
    match format {
        GenFormat::Line => text(format!("{}\n", line_of(&made.puzzle))),
        GenFormat::Numbers => format!(
            "{}{}\n\n",
            header(),
            text(write_grid(&made.puzzle, OutputFormat::Numbers))
        ),
        GenFormat::Block => format!(
            "{}{}\n\n",
            header(),
            text(write_grid(&made.puzzle, OutputFormat::Block))
        ),
        GenFormat::Pretty => format!(
            "{}{}\n\n",
            header(),
            text(write_grid(&made.puzzle, OutputFormat::Pretty))
        ),
        GenFormat::Csv => format!(
            "{},{},{},{},{},{}{}\n",
            line_of(&made.puzzle),
            line_of(&made.solution),
            made.givens,
            made.symmetry,
            made.seed,
            rating.map_or(String::new(), |r| format!("{r:.1}")),
            rules.map_or(String::new(), |r| format!(
                ",\"{}\"",
                r.replace('"', "\"\"")
            ))
        ),
        GenFormat::Json => crate::explain::json_line(&generated_json(made, rating, index)),
    }
}

/// One puzzle of a run: made (with its SE-scale rating when wanted) or why not.
type Outcome = Result<(Generated, Option<f32>), GenError>;

/// Whether a write found the output closed (`| head`): the run then ends quietly with exit
/// status 0, as every other command does; any other write error is an error.
fn closed(r: std::io::Result<()>) -> Result<bool> {
    match r {
        Ok(()) => Ok(false),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(true),
        Err(e) => Err(e.into()),
    }
}

/// `sudokit generate`.
pub fn run_generate(args: GenerateArgs) -> Result<u8> {
    if args.search.is_some() {
        return run_targeted(&args);
    }
    if args.single && args.count != 1 {
        bail!(
            "--single replays the one puzzle whose record carries seed {}; it makes one puzzle, \
             not -n {} (drop --single to make {} puzzles from the run seed)",
            args.seed.unwrap_or_default(),
            args.count,
            args.count
        );
    }
    let mut config = build_config(&args)?;
    let cancel = Arc::new(AtomicBool::new(false));
    config.budget.cancel = Some(cancel.clone());
    let generator = Generator::new(config).map_err(|e| anyhow::anyhow!("{e}"))?;
    let variant = variant_job(&args, generator.config())?;
    let seed = args.seed.unwrap_or_else(sudokit_app::clock_seed);
    if args.single {
        eprintln!("sudokit: puzzle seed {seed}");
    } else {
        eprintln!("sudokit: seed {seed} (replay with --seed {seed})");
    }
    let count = args.count;
    // Puzzle `i`'s seed: derived from the run seed, or the one puzzle's own with --single.
    let puzzle_seed = |i: u64| {
        if args.single {
            seed
        } else {
            Rng::derive(seed, i)
        }
    };
    let jobs = args.run.jobs();
    let pool = jobs.pool()?;
    let jobs = jobs.get();
    let start = Instant::now();
    let deadline = args.total_budget.map(|t| start + t);
    if let Some(t) = args.total_budget {
        let c = cancel.clone();
        std::thread::spawn(move || {
            std::thread::sleep(t);
            c.store(true, Ordering::Relaxed);
        });
    }
    let pb = if !args.run.no_progress && count > 1 && std::io::stderr().is_terminal() {
        let pb = ProgressBar::with_draw_target(Some(count), ProgressDrawTarget::stderr());
        pb.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} ({per_sec}, {eta}) {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        pb
    } else {
        ProgressBar::hidden()
    };
    // Rating a 16x16 or larger puzzle with the human-style solver takes seconds to minutes, so
    // JSON and CSV carry a rating by default only up to 9x9 (and always with --rate).
    let side = side(generator.config());
    // Puzzles with variant rules are not rated: the human-style rater knows no rules.
    let want_rating = variant.is_none()
        && (args.rate || (side <= 9 && matches!(args.format, GenFormat::Json | GenFormat::Csv)));
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let grids = AtomicU64::new(0);
    let mut made_count = 0u64;
    let mut failed = 0u64;
    // Chunks start at four puzzles a worker and double while a chunk takes under
    // `QUICK_CHUNK` (halve again above `SLOW_CHUNK`): one hand-off to the pool per few
    // puzzles cost a tenth of the CPU time on minimal 9×9 puzzles (thread wake-ups and one
    // write per chunk), while slow puzzles still stream out a few at a time. The output
    // does not depend on the chunking (results are emitted in index order).
    const QUICK_CHUNK: std::time::Duration = std::time::Duration::from_millis(25);
    const SLOW_CHUNK: std::time::Duration = std::time::Duration::from_millis(250);
    let min_chunk = (jobs as u64 * 4).max(1);
    let max_chunk = min_chunk * 256;
    let mut chunk = min_chunk;
    let mut next = 0u64;
    'outer: while next < count {
        let end = (next + chunk).min(count);
        let chunk_start = Instant::now();
        let results: Vec<(u64, Outcome)> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|i| {
                    let made = match &variant {
                        Some(job) => job.make(puzzle_seed(i)),
                        None => generator.generate(puzzle_seed(i)),
                    };
                    let r = made.map(|g| {
                        grids.fetch_add(g.attempts, Ordering::Relaxed);
                        let rating = match g.measured.se {
                            Some(r) => Some(r),
                            None if want_rating => generator.rate(&g.puzzle),
                            None => None,
                        };
                        (g, rating)
                    });
                    (i, r)
                })
                .collect()
        });
        for (i, r) in results {
            match r {
                Ok((g, rating)) => {
                    if closed(out.write_all(render(&g, rating, i, args.format).as_bytes()))? {
                        return Ok(0);
                    }
                    made_count += 1;
                    pb.inc(1);
                }
                Err(GenError::Budget { attempts }) => {
                    failed += 1;
                    grids.fetch_add(attempts, Ordering::Relaxed);
                    if cancel.load(Ordering::Relaxed)
                        || deadline.is_some_and(|d| Instant::now() >= d)
                    {
                        break 'outer;
                    }
                    eprintln!(
                        "sudokit: puzzle {} (seed {}): budget ran out after {attempts} grid{}",
                        i + 1,
                        puzzle_seed(i),
                        if attempts == 1 { "" } else { "s" }
                    );
                    pb.inc(1);
                }
                Err(e) => bail!("{e}"),
            }
        }
        if closed(out.flush())? {
            return Ok(0);
        }
        next = end;
        let took = chunk_start.elapsed();
        if took < QUICK_CHUNK {
            chunk = (chunk * 2).min(max_chunk);
        } else if took > SLOW_CHUNK {
            chunk = (chunk / 2).max(min_chunk);
        }
    }
    if closed(out.flush())? {
        return Ok(0);
    }
    pb.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    if made_count < count {
        eprintln!(
            "sudokit: made {made_count} of {count} puzzles ({} ran out of budget)",
            count - made_count
        );
    }
    if args.stats {
        eprintln!(
            "sudokit: {made_count} puzzles in {elapsed:.3} s ({:.1}/s), {} full grids drawn, {jobs} thread(s)",
            made_count as f64 / elapsed.max(1e-9),
            grids.load(Ordering::Relaxed)
        );
    }
    Ok(u8::from(made_count < count || failed > 0))
}

/// Arguments of `sudokit canon`.
#[derive(Args, Debug)]
pub struct CanonArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Print each canonical form only the first time it is seen (duplicates go to stderr
    /// with `--stats`).
    #[arg(long)]
    dedupe: bool,
    /// Print the input puzzle after its canonical form (`form<TAB>puzzle`).
    #[arg(long)]
    both: bool,
    /// Print a summary (puzzles, distinct forms, puzzles/s) on stderr.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    run: RunArgs,
}

/// Streams the puzzles of `input` through the batch runner: `work` runs on the workers (given
/// each record's input name and line), `emit` gets the results in input order.
fn for_records<T: Send>(
    input: &InputArgs,
    run: &RunArgs,
    work: impl Fn(&Arc<str>, usize, Result<Grid, String>) -> T + Sync,
    emit: impl FnMut(&mut dyn Write, T) -> std::io::Result<()>,
) -> Result<Ended> {
    let batch = Batch::new(input, run)?;
    let (chunks, reader) = input::spawn_reader(
        batch.files.clone(),
        batch.format,
        batch.spec.clone(),
        2048,
        1,
        Arc::new(AtomicU64::new(0)),
    )?;
    let work = |item: &Item| {
        let r = item.record();
        work(
            &item.source,
            r.line,
            r.puzzle.clone().map_err(|e| e.to_string()),
        )
    };
    run_ordered(&batch, chunks, reader, None, work, emit)
}

/// `sudokit canon`.
pub fn run_canon(args: CanonArgs) -> Result<u8> {
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let (mut total, mut dupes, mut bad) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    let work = |source: &Arc<str>, line: usize, rec: Result<Grid, String>| {
        rec.and_then(|g| canonical(&g).map(|f| (f, g)).map_err(|e| e.to_string()))
            .map_err(|e| format!("{source}:{line}: {e}"))
    };
    for_records(&args.input, &args.run, work, |out, form| {
        total += 1;
        match form {
            Ok((f, g)) => {
                if args.dedupe && !seen.insert(f.values().to_vec()) {
                    dupes += 1;
                    return Ok(());
                }
                if args.both {
                    writeln!(out, "{}\t{}", line_of(&f), line_of(&g))?;
                } else {
                    writeln!(out, "{}", line_of(&f))?;
                }
            }
            Err(e) => {
                bad += 1;
                eprintln!("sudokit: {e}");
            }
        }
        Ok(())
    })?;
    if args.stats {
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "sudokit: {total} puzzles, {} distinct printed, {dupes} duplicates, {bad} invalid, {:.0} puzzles/s",
            total - dupes - bad,
            total as f64 / secs.max(1e-9)
        );
    }
    Ok(u8::from(bad > 0))
}

/// Output formats of `check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// One line per puzzle: `givens=.. unique=.. minimal=.. symmetry=..`.
    Text,
    /// One JSON object per puzzle.
    Json,
}

/// Arguments of `sudokit check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    format: CheckFormat,
    /// Also rate each unique puzzle on the SE 1.2.1 scale.
    #[arg(long)]
    rate: bool,
    /// The time budget: every count, the minimality and symmetry checks and the rating of
    /// one puzzle together (10s when not given).
    #[command(flatten)]
    budget: BudgetArgs,
    #[command(flatten)]
    run: RunArgs,
}

/// `sudokit check`.
pub fn run_check(args: CheckArgs) -> Result<u8> {
    let budget = args.budget.time_or(sudokit_app::check::DEFAULT_BUDGET);
    let mut failed = false;
    // Text names the record as the other commands do: `FILE:LINE: …`.
    let work = |source: &Arc<str>,
                line: usize,
                rec: Result<Grid, String>|
     -> Result<(String, bool), (Arc<str>, usize, String)> {
        let g = rec.map_err(|e| (source.clone(), line, e))?;
        let checked = sudokit_app::check::check_within(&g, line, args.rate, &budget);
        let text = match args.format {
            CheckFormat::Json => {
                // The record names its input, as every other command's JSON does.
                let mut json = checked.json;
                json["file"] = serde_json::Value::from(source.as_ref());
                format!("{json}\n")
            }
            CheckFormat::Text => format!("{source}:{line}: {}\n", checked.text),
        };
        Ok((text, checked.unique != Uniqueness::Yes))
    };
    for_records(&args.input, &args.run, work, |out, r| {
        match r {
            Ok((text, bad)) => {
                failed |= bad;
                out.write_all(text.as_bytes())?;
            }
            Err((source, line, e)) => {
                failed = true;
                match args.format {
                    CheckFormat::Json => writeln!(
                        out,
                        "{}",
                        json!({"line": line, "status": "invalid", "error": e})
                    )?,
                    CheckFormat::Text => writeln!(out, "{source}:{line}: invalid: {e}")?,
                }
            }
        }
        Ok(())
    })?;
    Ok(u8::from(failed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        args: GenerateArgs,
    }

    fn config_of(words: &[&str]) -> Config {
        use clap::Parser;
        let cli = Cli::try_parse_from(std::iter::once("generate").chain(words.iter().copied()))
            .expect("flags parse");
        build_config(&cli.args).expect("a valid configuration")
    }

    #[test]
    fn a_target_without_a_limit_gets_the_default_budget_and_a_limit_of_the_users_wins() {
        // Issue 46: `--rating 1.0..1.0` (possible, never met with the default givens) ran forever.
        for target in [
            &["--rating", "1.0..1.0"][..],
            &["--max-technique", "full-house"],
            &["--level", "extreme"],
        ] {
            let c = config_of(target);
            assert_eq!(c.budget.time, Some(TARGET_BUDGET), "{target:?}");
            let mut with = target.to_vec();
            with.extend(["--budget", "3s"]);
            assert_eq!(config_of(&with).budget.time, Some(Duration::from_secs(3)));
            let mut with = target.to_vec();
            with.extend(["--max-grids", "7"]);
            let c = config_of(&with);
            assert_eq!((c.budget.time, c.max_grids), (None, Some(7)));
        }
        // No target: no budget unless asked for.
        assert_eq!(config_of(&[]).budget.time, None);
    }

    #[test]
    fn ranges_parse() {
        assert_eq!(parse_usize_range("17..20"), Ok((17, 20)));
        assert_eq!(parse_usize_range("25"), Ok((25, 25)));
        assert_eq!(parse_f32_range("4.0..=5.0"), Ok((4.0, 5.0)));
        assert!(parse_usize_range("a..3").is_err());
    }
}
