//! `sudokit solve` and `sudokit count`: the per-record runner and its output.
//!
//! Design decision: each record is turned into its finished output text (plus a few counters
//! for the summary) by [`process`], which depends on nothing but the record, so records can be
//! solved in parallel pieces and still be written strictly in input order. A piece renders its
//! records straight into one buffer, and a worker keeps its line parser and the grids it
//! parses and copies solutions into from record to record: a 9×9 line record allocates
//! nothing and touches no reference count shared with the other workers. Only `solve --all`,
//! which streams solutions as they are found, runs sequentially and writes from the search
//! callback.

use crate::args::{EngineArgs, InputArgs, RunArgs, layout_spec};
use crate::input::{self, Batch, BatchBody};
use crate::listing::Listing;
use crate::progress::Written;
use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde_json::{Value, json};
use std::borrow::Cow;
use std::cell::RefCell;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use sudokit_app::solve::{SolveMode, SolveStatus, solve_error_record, solve_record};
use sudokit_app::{grid_json, with_position};
use sudokit_core::format::{InputFormat, LineParser, OutputFormat, ParseError, Record, write_grid};
use sudokit_core::grid::{MAX_SYMBOL_SIZE, digit_char};
use sudokit_core::verify::verify;
use sudokit_core::{Budget, End, Flow, Grid, Limits, Report, Request, SolveError, Solver, Status};
use sudokit_engines::{auto_engine, engine};

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
    input: InputArgs,
    #[command(flatten)]
    engine: EngineArgs,
    /// Find up to N solutions: prints a count line, then the solutions one per line.
    #[arg(long, value_name = "N", conflicts_with = "all")]
    limit: Option<u64>,
    /// Print only the number of solutions (0, 1, or `at least N` with N = --limit, default 2).
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// Stream every solution as it is found (up to --max-solutions), then a count line.
    #[arg(long)]
    all: bool,
    /// Cap for --all.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    max_solutions: u64,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "auto")]
    format: OutFormat,
    /// Check every solution with the independent checker (and against an expected solution
    /// given in the input, e.g. a CSV second column).
    #[arg(long)]
    verify: bool,
    /// Print a summary (throughput, nodes, guesses, no-guess share) on stderr.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    run: RunArgs,
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
    input: InputArgs,
    #[command(flatten)]
    engine: EngineArgs,
    /// Stop counting at N solutions and report `at least N`.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    limit: u64,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    format: CountFormat,
    /// Print a summary on stderr.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    run: RunArgs,
}

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
}

/// What one record left for the writer besides its text, which is in its [`Piece`]'s buffer:
/// the counters for the summary, where the text ends, and (boxed, since most records have
/// none) a listing to write after it.
struct Done {
    /// End of this record's text in its piece's buffer (it starts where the previous ends).
    text_end: usize,
    /// The listed solutions and what follows them.
    tail: Option<Box<Tail>>,
    failed: bool,
    status: SolveStatus,
    nodes: u64,
    guesses: u64,
    solved_no_guess: bool,
    elapsed: Duration,
    /// Input bytes read when this record was complete (the progress bar's position once it
    /// is written).
    end: u64,
}

/// After a record's text: the listed solutions (each line between the two parts of
/// `csv_wrap`, for CSV rows), then `after`.
#[derive(Default)]
struct Tail {
    listing: Listing,
    csv_wrap: Option<(String, String)>,
    after: Cow<'static, str>,
}

/// The output of a run of consecutive records: their texts in one buffer, and a [`Done`] each.
/// Records are rendered straight into the buffer, so a record allocates no text of its own.
#[derive(Default)]
struct Piece {
    out: Vec<u8>,
    done: Vec<Done>,
}

impl Piece {
    fn clear(&mut self) {
        self.out.clear();
        self.done.clear();
    }
}

/// A record as [`process`] sees it, however it was read: parsed by the reader thread, or a
/// line parsed by the worker into its reused grid.
struct View<'a> {
    source: &'a str,
    index: usize,
    line: usize,
    format: InputFormat,
    label: Option<&'a str>,
    puzzle: Result<&'a Grid, &'a ParseError>,
    expected: Option<&'a Result<Grid, ParseError>>,
    end: u64,
}

impl<'a> View<'a> {
    fn of_record(rec: &'a Record, source: &'a str, end: u64) -> View<'a> {
        View {
            source,
            index: rec.index,
            line: rec.line,
            format: rec.format,
            label: rec.label.as_deref(),
            puzzle: rec.puzzle.as_ref(),
            expected: rec.expected.as_ref(),
            end,
        }
    }
}

/// A worker's reusable storage: its copy of the input's line parser (which caches layouts),
/// the grid line records are parsed into, and the grids solutions are copied into. Reused
/// from record to record, so a 9×9 line record allocates nothing and touches no shared
/// reference count.
#[derive(Default)]
struct Scratch {
    parser: Option<(Arc<LineParser>, LineParser)>,
    puzzle: Option<Grid>,
    grids: Grids,
}

/// The grids a record's solutions are copied into: the first solution (kept for the output)
/// and the current one (checked and listed).
#[derive(Default)]
struct Grids {
    first: Option<Grid>,
    current: Option<Grid>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Solves and renders every record of `batch` from `range` into `piece`.
fn process_batch(batch: &Batch, range: std::ops::Range<usize>, ctx: &Ctx, piece: &mut Piece) {
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        match &batch.body {
            BatchBody::Items(items) => {
                for item in &items[range] {
                    let rec = item.record();
                    let view = View::of_record(&rec, &batch.source, item.end);
                    let done = process(&view, ctx, &mut s.grids, &mut piece.out);
                    piece.done.push(done);
                }
            }
            BatchBody::Lines {
                block,
                first_index,
                base,
                parser: template,
            } => {
                if !matches!(&s.parser, Some((t, _)) if Arc::ptr_eq(t, template)) {
                    s.parser = Some((template.clone(), (**template).clone()));
                }
                let Scratch {
                    parser,
                    puzzle,
                    grids,
                } = s;
                let Some((_, parser)) = parser.as_mut() else {
                    return;
                };
                for i in range {
                    let line = block.line(i);
                    let error;
                    let (label, parsed) = match line.text {
                        Ok(text) => {
                            let r = parser.parse_into(text, puzzle);
                            (r.label, r.puzzle)
                        }
                        Err(e) => (None, Err(e.clone())),
                    };
                    let view = View {
                        source: &batch.source,
                        index: first_index + i,
                        line: line.number,
                        format: InputFormat::Line,
                        label,
                        puzzle: match parsed {
                            Ok(g) => Ok(g),
                            Err(e) => {
                                error = e;
                                Err(&error)
                            }
                        },
                        expected: None,
                        end: base + line.consumed,
                    };
                    let done = process(&view, ctx, grids, &mut piece.out);
                    piece.done.push(done);
                }
            }
        }
    })
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

fn grid_text(g: &Grid, f: OutputFormat) -> String {
    write_grid(g, f)
}

/// Appends `g` in format `f` to `out`. The line format of grids with line symbols (up to
/// 35×35, every grid the fast path sees) is written in place, a byte per cell, the same text
/// as [`write_grid`]; every other case goes through it.
fn push_grid(out: &mut Vec<u8>, g: &Grid, f: OutputFormat) {
    if f == OutputFormat::Line && g.size() <= 9 {
        // Up to 9×9 every value is a digit: a branch-free map the compiler vectorises.
        out.extend(
            g.values()
                .iter()
                .map(|&v| if v == 0 { b'.' } else { b'0' + v }),
        );
    } else if f == OutputFormat::Line && g.size() <= MAX_SYMBOL_SIZE {
        // Symbols are ASCII: one byte per cell, straight into the output.
        out.extend(g.values().iter().map(|&v| match v {
            0 => b'.',
            v => digit_char(v).map_or(b'?', |c| c as u8),
        }));
    } else {
        out.extend_from_slice(write_grid(g, f).as_bytes());
    }
}

fn out_format(f: OutFormat, input: InputFormat) -> OutputFormat {
    match f {
        OutFormat::Line | OutFormat::Csv | OutFormat::Json => OutputFormat::Line,
        OutFormat::Numbers => OutputFormat::Numbers,
        OutFormat::Block => OutputFormat::Block,
        OutFormat::Pretty => OutputFormat::Pretty,
        OutFormat::Auto => match input {
            InputFormat::Numbers => OutputFormat::Numbers,
            InputFormat::Block => OutputFormat::Block,
            _ => OutputFormat::Line,
        },
    }
}

fn count_text(count: u64, exact: bool, end: End) -> String {
    match end {
        End::Budget => format!("stopped: at least {count} (budget exhausted)"),
        End::GaveUp if count == 0 => "unknown: the engine gave up".to_string(),
        _ if exact => count.to_string(),
        _ => format!("at least {count}"),
    }
}

/// Quotes a CSV field when it holds a comma, a quote or a line break.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The CSV header of `solve --format csv`: every record (and, with `--limit`/`--all`, every
/// solution) is one row of these six columns, whatever its outcome.
pub(crate) const CSV_HEADER: &str = "puzzle,solution,status,count,label,error";

/// One CSV row with the columns of [`CSV_HEADER`].
fn csv_row(
    puzzle: Option<&Grid>,
    solution: Option<&Grid>,
    status: &str,
    count: Option<String>,
    label: Option<&str>,
    error: Option<&str>,
) -> String {
    let grid = |g: Option<&Grid>| g.map_or(String::new(), |g| grid_text(g, OutputFormat::Line));
    format!(
        "{},{},{},{},{},{}\n",
        grid(puzzle),
        grid(solution),
        status,
        csv_field(&count.unwrap_or_default()),
        csv_field(label.unwrap_or("")),
        csv_field(error.unwrap_or(""))
    )
}

/// [`Solver::solve`] that hands each solution to `each` as it is found instead of keeping
/// grids, so `--limit N` holds N rendered lines, not N grids, and has no cap of its own.
/// The solve time is measured only when `timed` (JSON records and the summary of `--stats`
/// report it).
fn solve_each(
    solver: &dyn Solver,
    puzzle: &Grid,
    request: &Request,
    timed: bool,
    each: &mut dyn FnMut(&[u8]),
) -> Result<Report, SolveError> {
    solver.check_layout(puzzle.layout())?;
    // Every puzzle a `Record` carries was checked for conflicting givens when it was parsed
    // (a conflict is a parse error of its record), so the check is not repeated here.
    debug_assert!(
        puzzle.find_conflict().is_none(),
        "records hold conflict-free puzzles"
    );
    let start = timed.then(Instant::now);
    let search = solver.search(puzzle, &request.limits, &mut |values| {
        each(values);
        Flow::Continue
    })?;
    let count = search.solutions;
    let status = match (count, search.end) {
        (c, _) if c > 0 => Status::Solved,
        (_, End::Exhausted) => Status::Unsolvable,
        (_, End::GaveUp) => Status::Unknown,
        _ => Status::Stopped,
    };
    Ok(Report {
        status,
        solutions: Vec::new(),
        count,
        exact: search.end == End::Exhausted,
        end: search.end,
        stats: search.stats,
        elapsed: start.map_or(Duration::ZERO, |s| s.elapsed()),
    })
}

/// Set once a line-format grid above 35×35 was written, so the note about its encoding is
/// printed once per run.
static WIDE_LINE_NOTED: AtomicBool = AtomicBool::new(false);

/// Solves one record and renders its output into `out`. Never panics on user input.
fn process(v: &View<'_>, ctx: &Ctx, grids: &mut Grids, out: &mut Vec<u8>) -> Done {
    // Formatted only for an error: most records never need it.
    let where_ = || format!("{}:{}", v.source, v.line);
    #[cfg(debug_assertions)]
    debug_panic_hook(v.index);
    let mut done = Done {
        text_end: 0,
        tail: None,
        failed: true,
        status: SolveStatus::Invalid,
        nodes: 0,
        guesses: 0,
        solved_no_guess: false,
        elapsed: Duration::ZERO,
        end: v.end,
    };
    let mut tail = Tail::default();
    render(v, ctx, grids, out, &mut done, &mut tail, &where_);
    // The common case, nothing listed: the closing text joins the record's text.
    if tail.listing.is_empty() && tail.csv_wrap.is_none() {
        out.extend_from_slice(tail.after.as_bytes());
        done.text_end = out.len();
    } else {
        done.text_end = out.len();
        done.tail = Some(Box::new(tail));
    }
    done
}

/// [`process`]'s work: the record's text goes to `out`, anything listed after it to `tail`.
fn render(
    v: &View<'_>,
    ctx: &Ctx,
    grids: &mut Grids,
    out: &mut Vec<u8>,
    done: &mut Done,
    tail: &mut Tail,
    where_: &dyn Fn() -> String,
) {
    let fmt = out_format(ctx.format, v.format);
    let multi_line = matches!(
        fmt,
        OutputFormat::Numbers | OutputFormat::Block | OutputFormat::Pretty
    );
    let error_out = |msg: String, engine: Option<&str>, puzzle: Option<&Grid>| -> String {
        match ctx.format {
            OutFormat::Json => {
                let r = with_position(
                    solve_error_record(engine, &msg),
                    v.index,
                    v.line,
                    v.source,
                    v.label,
                );
                format!("{r}\n")
            }
            OutFormat::Csv => csv_row(
                puzzle,
                None,
                "invalid",
                None,
                v.label,
                Some(&format!("{}: {msg}", where_())),
            ),
            _ if multi_line => format!("error: {}: {msg}\n\n", where_()),
            _ => format!("error: {}: {msg}\n", where_()),
        }
    };
    let puzzle = match v.puzzle {
        Ok(p) => p,
        Err(e) => {
            out.extend_from_slice(error_out(e.to_string(), None, None).as_bytes());
            return;
        }
    };
    let name: &str = if ctx.requested == "auto" {
        auto_engine(puzzle.layout())
    } else {
        &ctx.requested
    };
    let Some((name, solver)) = ctx.engines.iter().find(|(n, _)| *n == name) else {
        let msg = format!("engine '{name}' is not available");
        out.extend_from_slice(error_out(msg, None, Some(puzzle)).as_bytes());
        return;
    };
    if fmt == OutputFormat::Line
        && puzzle.size() > 35
        && ctx.format != OutFormat::Json
        && !WIDE_LINE_NOTED.swap(true, Ordering::Relaxed)
    {
        eprintln!(
            "sudokit: note: grids above 35x35 have no line symbols; they are written as N² \
             numbers separated by spaces, one grid per line (this reads back)"
        );
    }
    let request = match ctx.mode {
        SolveMode::First => Request::first(),
        SolveMode::Limit(k) | SolveMode::Count(k) => Request::count(k, 0),
    }
    .with_budget(ctx.budget.clone());
    // Solutions are checked and rendered as they are found, each copied into a reused grid;
    // only the first is kept.
    let Grids { first, current } = grids;
    let mut found = false;
    let mut listing = Listing::default();
    let mut verify_error: Option<String> = None;
    let layout = puzzle.layout_arc();
    let result = solve_each(
        solver.as_ref(),
        puzzle,
        &request,
        ctx.timed,
        &mut |values| {
            // The first solution is copied where it is kept, any later one into `current`.
            let g = if found {
                Grid::fill_slot(current, layout, values)
            } else {
                found = true;
                Grid::fill_slot(first, layout, values)
            };
            if ctx.verify
                && verify_error.is_none()
                && let Err(e) = verify(puzzle, g)
            {
                verify_error = Some(format!("verification failed: {e}"));
            }
            if matches!(ctx.mode, SolveMode::Limit(_)) {
                match ctx.format {
                    OutFormat::Json => {
                        if !listing.is_empty() {
                            listing.push(b",");
                        }
                        listing.push(grid_json(g).to_string().as_bytes());
                    }
                    OutFormat::Csv => {
                        listing.push(grid_text(g, OutputFormat::Line).as_bytes());
                        listing.push(b"\n");
                    }
                    _ => {
                        // Multi-line grids are set apart by a blank line, as records are.
                        listing.push(if multi_line { b"\n\n" } else { b"\n" });
                        listing.push(grid_text(g, fmt).as_bytes());
                    }
                }
            }
        },
    );
    let first: Option<&Grid> = if found { first.as_ref() } else { None };
    let report = match result {
        Ok(r) => r,
        Err(e) => {
            out.extend_from_slice(error_out(e.to_string(), Some(name), Some(puzzle)).as_bytes());
            return;
        }
    };
    done.nodes = report.stats.nodes;
    done.guesses = report.stats.guesses;
    done.elapsed = report.elapsed;
    // A count or list cut short by the budget is not an answer.
    done.status = SolveStatus::of(&report, ctx.mode);
    done.failed = done.status != SolveStatus::Solved;
    done.solved_no_guess = report.status == Status::Solved && report.stats.guesses == 0;
    // Against an expected solution, if one was given.
    if ctx.verify
        && verify_error.is_none()
        && let Some(expected) = v.expected
    {
        match expected {
            Err(e) => verify_error = Some(e.to_string()),
            Ok(exp) => {
                if let Err(e) = verify(puzzle, exp) {
                    verify_error = Some(format!("expected solution is not valid: {e}"));
                } else if report.count == 1 && report.exact && first != Some(exp) {
                    verify_error = Some("solution differs from the expected solution".to_string());
                } else if report.status == Status::Unsolvable {
                    verify_error =
                        Some("no solution, but the input gives an expected one".to_string());
                }
            }
        }
    }
    if verify_error.is_some() {
        done.failed = true;
        done.status = SolveStatus::Invalid;
    }
    let count_word = || count_text(report.count, report.exact, report.end);
    if ctx.format == OutFormat::Json {
        let record = solve_record(&report, name, ctx.mode, first, verify_error.as_deref());
        let mut r = with_position(record, v.index, v.line, v.source, v.label);
        if ctx.verify {
            r["verified"] = json!(verify_error.is_none() && first.is_some());
        }
        let mut text = format!("{r}\n");
        if matches!(ctx.mode, SolveMode::Limit(_)) {
            // The listed solutions go inside the (empty) `solutions` array. Keys and strings
            // are escaped by serde, so `"solutions":[]` occurs once, as the key.
            const KEY: &str = "\"solutions\":[";
            if let Some(at) = text.find("\"solutions\":[]") {
                tail.after = Cow::Owned(text.split_off(at + KEY.len()));
                tail.listing = listing;
            }
        }
        out.extend_from_slice(text.as_bytes());
        return;
    }
    if ctx.format == OutFormat::Csv {
        let label = v.label;
        let count = (ctx.mode != SolveMode::First).then(count_word);
        let err = verify_error.as_deref();
        let text = match ctx.mode {
            SolveMode::Limit(_) if !listing.is_empty() => {
                // A row per listed solution: the other columns are known only now.
                tail.csv_wrap = Some((
                    format!("{},", grid_text(puzzle, OutputFormat::Line)),
                    format!(
                        ",{},{},{},{}\n",
                        done.status.as_str(),
                        csv_field(count.as_deref().unwrap_or("")),
                        csv_field(label.unwrap_or("")),
                        csv_field(err.unwrap_or(""))
                    ),
                ));
                tail.listing = listing;
                String::new()
            }
            SolveMode::First => {
                csv_row(Some(puzzle), first, done.status.as_str(), count, label, err)
            }
            _ => csv_row(Some(puzzle), None, done.status.as_str(), count, label, err),
        };
        out.extend_from_slice(text.as_bytes());
        return;
    }
    if let Some(msg) = verify_error {
        out.extend_from_slice(error_out(msg, Some(name), Some(puzzle)).as_bytes());
        return;
    }
    // The label follows the result on its line; multi-line formats print it as a `#` comment
    // line before the grid instead (so the output reads back).
    if multi_line && let Some(l) = v.label {
        out.extend_from_slice(b"# ");
        out.extend_from_slice(l.as_bytes());
        out.push(b'\n');
    }
    match ctx.mode {
        SolveMode::First => match (report.status, first) {
            (Status::Solved, Some(g)) => push_grid(out, g, fmt),
            (Status::Unsolvable, _) => out.extend_from_slice(b"no solution"),
            (Status::Unknown, _) => out.extend_from_slice(b"unknown: the engine gave up"),
            _ => out.extend_from_slice(
                format!(
                    "stopped: budget exhausted after {} nodes",
                    report.stats.nodes
                )
                .as_bytes(),
            ),
        },
        SolveMode::Count(_) => out.extend_from_slice(count_word().as_bytes()),
        SolveMode::Limit(_) => {
            out.extend_from_slice(count_word().as_bytes());
            tail.listing = listing;
        }
    }
    if !multi_line && let Some(l) = v.label {
        out.push(b' ');
        out.extend_from_slice(l.as_bytes());
    }
    tail.after = Cow::Borrowed(if multi_line { "\n\n" } else { "\n" });
}

/// A debug-build hook for the test of panic handling: `SUDOKIT_DEBUG_PANIC_AT=K` makes the
/// worker that processes record K panic. Compiled out of release builds.
#[cfg(debug_assertions)]
fn debug_panic_hook(record: usize) {
    static AT: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    let at = AT.get_or_init(|| {
        std::env::var("SUDOKIT_DEBUG_PANIC_AT")
            .ok()
            .and_then(|v| v.parse().ok())
    });
    if *at == Some(record) {
        panic!("forced panic at record {record} (SUDOKIT_DEBUG_PANIC_AT)");
    }
}

#[derive(Default)]
struct Summary {
    records: u64,
    solved: u64,
    unsolvable: u64,
    invalid: u64,
    stopped: u64,
    nodes: u64,
    guesses: u64,
    no_guess: u64,
    solve_time: Duration,
}

impl Summary {
    fn add(&mut self, d: &Done) {
        self.records += 1;
        match d.status {
            SolveStatus::Solved => self.solved += 1,
            SolveStatus::Unsolvable => self.unsolvable += 1,
            SolveStatus::Invalid => self.invalid += 1,
            SolveStatus::Stopped | SolveStatus::Unknown => self.stopped += 1,
        }
        self.nodes += d.nodes;
        self.guesses += d.guesses;
        self.no_guess += d.solved_no_guess as u64;
        self.solve_time += d.elapsed;
    }
    /// Why the exit status will be 1, in one line on stderr (unless `--stats` said it all).
    fn explain_failure(&self, stats: bool) {
        let not_solved = self.records - self.solved;
        if stats || not_solved == 0 {
            return;
        }
        eprintln!(
            "sudokit: {not_solved} of {} records not solved ({} unsolvable, {} invalid, {} \
             stopped/unknown); exit status 1",
            self.records, self.unsolvable, self.invalid, self.stopped
        );
    }

    fn print(&self, wall: Duration) {
        let r = self.records.max(1) as f64;
        eprintln!(
            "records {}: solved {}, unsolvable {}, invalid {}, stopped/unknown {}",
            self.records, self.solved, self.unsolvable, self.invalid, self.stopped
        );
        eprintln!(
            "wall {:.3} s ({:.0} records/s); solver time {:.3} s ({:.1} us/puzzle)",
            wall.as_secs_f64(),
            self.records as f64 / wall.as_secs_f64().max(1e-9),
            self.solve_time.as_secs_f64(),
            self.solve_time.as_secs_f64() * 1e6 / r
        );
        eprintln!(
            "nodes/puzzle {:.1}, guesses/puzzle {:.2}, solved without guessing {:.1}%",
            self.nodes as f64 / r,
            self.guesses as f64 / r,
            100.0 * self.no_guess as f64 / r
        );
    }
}

/// Records per chunk: 2,048, fewer when each record may print many solutions, so the output
/// held in memory (two chunks) stays near the same size whatever `--limit` is.
fn chunk_size(mode: SolveMode) -> usize {
    match mode {
        SolveMode::Limit(k) => (2048 / k.max(1)).clamp(1, 2048) as usize,
        _ => 2048,
    }
}

/// Writes finished records in order, adding them to the summary; the progress bar moves past
/// the records once they are written.
fn write_done(
    out: &mut impl Write,
    pieces: &mut [Piece],
    summary: &mut Summary,
    failed: &mut bool,
    progress: &Written,
) -> std::io::Result<()> {
    // The bar moves once per call, to the end of the last record written (also when a write
    // fails part way), not once per record: moving it costs more than writing a line.
    let mut written_to = None;
    let result = pieces.iter_mut().try_for_each(|piece| {
        let mut start = 0;
        piece.done.iter_mut().try_for_each(|d| {
            summary.add(d);
            *failed |= d.failed;
            out.write_all(&piece.out[start..d.text_end])?;
            start = d.text_end;
            if let Some(t) = &mut d.tail {
                match &t.csv_wrap {
                    Some((before, after)) => t.listing.write_lines(out, before, after)?,
                    None => t.listing.write_to(out)?,
                }
                out.write_all(t.after.as_bytes())?;
            }
            written_to = Some(d.end);
            Ok(())
        })
    });
    if let Some(end) = written_to {
        progress.wrote(end);
    }
    result
}

/// The reader thread's end: a panic there is a bug, and must not pass for a complete run.
fn join_reader(handle: std::thread::JoinHandle<()>) -> Result<()> {
    if handle.join().is_err() {
        bail!("internal error: the input reader stopped unexpectedly; the output is incomplete");
    }
    Ok(())
}

fn run(input: &InputArgs, ctx: Ctx, run: &RunArgs, stats: bool) -> Result<u8> {
    let spec = layout_spec(input)?;
    let jobs = run.jobs();
    let pool = jobs.pool()?;
    let jobs = jobs.get();
    let (rx, recycle, handle) = input::spawn_batches(
        input.files.clone(),
        input.input_format,
        spec,
        chunk_size(ctx.mode),
        match ctx.mode {
            SolveMode::Limit(k) => k,
            SolveMode::First | SolveMode::Count(_) => 1,
        },
    )?;
    let pb = Written::for_files(&input.files, run.no_progress);
    // Output of batch k is written while the workers solve batch k+1, so writing does not
    // leave the workers idle.
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout());
    let mut summary = Summary::default();
    let start = Instant::now();
    let mut failed = false;
    // The pieces of the batch solved last, to be written while the next is solved.
    let mut previous: Vec<Piece> = Vec::new();
    // Written pieces, emptied, for the next batches: a batch's output is a few hundred KiB,
    // and reusing the buffers spares fresh pages for every batch.
    let spares: Mutex<Vec<Piece>> = Mutex::new(Vec::new());
    let take_piece = || {
        spares
            .lock()
            .ok()
            .and_then(|mut v| v.pop())
            .unwrap_or_default()
    };
    // A piece keeps the capacity of the most it ever held, so the spares are capped: a few
    // per worker (a batch splits into about that many pieces), the rest are freed.
    let max_spares = 16 * jobs;
    let give_back = |pieces: &mut Vec<Piece>| {
        if let Ok(mut v) = spares.lock() {
            let room = max_spares.saturating_sub(v.len());
            v.extend(pieces.drain(..).take(room).map(|mut p| {
                p.clear();
                p
            }));
        }
        pieces.clear();
    };
    let broken = |e: &std::io::Error| e.kind() == std::io::ErrorKind::BrokenPipe;
    if ctx.format == OutFormat::Csv
        && let Err(e) = writeln!(out, "{CSV_HEADER}")
    {
        return if broken(&e) {
            Ok(0)
        } else {
            Err(e).context("writing output")
        };
    }
    // The whole run happens inside the pool: batch after batch, the thread that reads the
    // channel and writes the output is one of the workers, so a batch starts without waking
    // a thread outside the pool and waiting for it to hand the work over.
    pool.install(move || {
        for batch in rx {
            let batch = match batch {
                Ok(b) => b,
                Err(e) => {
                    // A later input failed: the answers already computed are still written.
                    let _ = write_done(&mut out, &mut previous, &mut summary, &mut failed, &pb);
                    let _ = out.flush();
                    pb.finish_and_clear();
                    return Err(e);
                }
            };
            let records = batch.len();
            let mut pieces: Vec<Piece> = Vec::new();
            let written = if jobs == 1 {
                let written = write_done(&mut out, &mut previous, &mut summary, &mut failed, &pb);
                let mut piece = take_piece();
                process_batch(&batch, 0..records, &ctx, &mut piece);
                pieces.push(piece);
                written
            } else {
                let out = &mut out;
                let summary = &mut summary;
                let failed = &mut failed;
                let (batch, ctx, pieces) = (&batch, &ctx, &mut pieces);
                rayon::join(
                    || {
                        // Pieces split as the workers steal work (at least 4 records each):
                        // a batch ends in a barrier, where a long piece of hard puzzles left
                        // to one worker would idle the others. Each piece renders into one
                        // buffer; `collect` keeps them in input order.
                        *pieces = (0..records)
                            .into_par_iter()
                            .with_min_len(4)
                            .fold(take_piece, |mut piece, i| {
                                process_batch(batch, i..i + 1, ctx, &mut piece);
                                piece
                            })
                            .collect();
                    },
                    || write_done(out, &mut previous, summary, failed, &pb),
                )
                .1
            };
            match written {
                Err(e) if broken(&e) => return Ok(if failed { 1 } else { 0 }),
                Err(e) => return Err(e).context("writing output"),
                Ok(()) => {}
            }
            give_back(&mut previous);
            previous = pieces;
            if let BatchBody::Lines { block, .. } = batch.body {
                // The reader refills it; gone only when the reader has finished.
                let _ = recycle.send(block);
            }
            // A terminal (or a slow producer) gets each answer as soon as it is ready.
            if records < chunk_size(ctx.mode) {
                match write_done(&mut out, &mut previous, &mut summary, &mut failed, &pb)
                    .and_then(|()| out.flush())
                {
                    Err(e) if broken(&e) => return Ok(if failed { 1 } else { 0 }),
                    Err(e) => return Err(e).context("writing output"),
                    Ok(()) => give_back(&mut previous),
                }
            }
            pb.set_message(format!("{} records", summary.records));
        }
        match write_done(&mut out, &mut previous, &mut summary, &mut failed, &pb) {
            Err(e) if broken(&e) => return Ok(if failed { 1 } else { 0 }),
            Err(e) => return Err(e).context("writing output"),
            Ok(()) => {}
        }
        pb.finish_and_clear();
        match out.flush() {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                return Err(e).context("writing output");
            }
            _ => {}
        }
        join_reader(handle)?;
        if stats {
            summary.print(start.elapsed());
        }
        summary.explain_failure(stats);
        Ok(if failed { 1 } else { 0 })
    })
}

/// `sudokit solve --all`: sequential, streaming every solution from the search callback, in
/// the chosen format: text (solutions, then `count: K`), JSON (an object per solution, then
/// one per record with the count) or CSV (a row per solution, then a row with the count).
fn run_all(args: &SolveArgs, ctx: Ctx) -> Result<u8> {
    let spec = layout_spec(&args.input)?;
    let bytes = Arc::new(AtomicU64::new(0));
    let (rx, handle) = input::spawn_reader(
        args.input.files.clone(),
        args.input.input_format,
        spec,
        64,
        1,
        bytes,
    )?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut failed = false;
    if ctx.format == OutFormat::Csv {
        writeln!(out, "{CSV_HEADER}")?;
    }
    for chunk in rx {
        let chunk = match chunk {
            Ok(c) => c,
            Err(e) => {
                let _ = out.flush();
                return Err(e);
            }
        };
        for item in chunk {
            let rec = item.record();
            let rec = &*rec;
            let label = rec.label.as_deref();
            let fmt = out_format(ctx.format, rec.format);
            let multi_line = matches!(
                fmt,
                OutputFormat::Numbers | OutputFormat::Block | OutputFormat::Pretty
            );
            let error = |out: &mut dyn Write, msg: String, puzzle: Option<&Grid>| {
                let where_ = format!("{}:{}", item.source, rec.line);
                match ctx.format {
                    OutFormat::Json => writeln!(
                        out,
                        "{}",
                        json!({"record": rec.index, "line": rec.line, "file": &*item.source,
                               "label": label, "status": "invalid", "count": Value::Null,
                               "exact": false, "error": msg})
                    ),
                    OutFormat::Csv => out.write_all(
                        csv_row(
                            puzzle,
                            None,
                            "invalid",
                            None,
                            label,
                            Some(&format!("{where_}: {msg}")),
                        )
                        .as_bytes(),
                    ),
                    _ => writeln!(out, "error: {where_}: {msg}"),
                }
            };
            let puzzle = match &rec.puzzle {
                Ok(p) => p,
                Err(e) => {
                    error(&mut out, e.to_string(), None)?;
                    failed = true;
                    continue;
                }
            };
            let name: &str = if ctx.requested == "auto" {
                auto_engine(puzzle.layout())
            } else {
                &ctx.requested
            };
            let Some((_, solver)) = ctx.engines.iter().find(|(n, _)| *n == name) else {
                bail!("engine '{name}' is not available");
            };
            if let Err(e) = solver.check_layout(puzzle.layout()) {
                error(&mut out, e.to_string(), Some(puzzle))?;
                failed = true;
                continue;
            }
            if let Some(c) = puzzle.find_conflict() {
                error(&mut out, c.to_string(), Some(puzzle))?;
                failed = true;
                continue;
            }
            if multi_line
                && ctx.format != OutFormat::Json
                && let Some(l) = label
            {
                writeln!(out, "# {l}")?;
            }
            let layout = puzzle.layout_arc().clone();
            let mut write_error = None;
            let limits = Limits {
                max_solutions: args.max_solutions,
                budget: ctx.budget.clone(),
            };
            let puzzle_line = grid_text(puzzle, OutputFormat::Line);
            let search = solver.search(puzzle, &limits, &mut |values| {
                let g = Grid::from_values(layout.clone(), values.to_vec());
                if ctx.verify
                    && let Err(e) = verify(puzzle, &g)
                {
                    write_error = Some(anyhow::anyhow!("verification failed: {e}"));
                    return Flow::Stop;
                }
                let written = match ctx.format {
                    OutFormat::Json => writeln!(
                        out,
                        "{}",
                        json!({"record": rec.index, "line": rec.line, "file": &*item.source,
                               "label": label, "solution": grid_json(&g)})
                    ),
                    OutFormat::Csv => writeln!(
                        out,
                        "{puzzle_line},{},solved,,{},",
                        grid_text(&g, OutputFormat::Line),
                        csv_field(label.unwrap_or(""))
                    ),
                    _ => {
                        let sep = if multi_line { "\n\n" } else { "\n" };
                        write!(out, "{}{sep}", grid_text(&g, fmt))
                    }
                };
                match written {
                    Ok(()) => Flow::Continue,
                    Err(e) => {
                        write_error = Some(e.into());
                        Flow::Stop
                    }
                }
            })?;
            if let Some(e) = write_error {
                return Err(e);
            }
            let exact = search.end == End::Exhausted;
            let count = count_text(search.solutions, exact, search.end);
            let status = match (search.solutions, search.end) {
                (c, _) if c > 0 => "solved",
                (_, End::Exhausted) => "unsolvable",
                (_, End::GaveUp) => "unknown",
                _ => "stopped",
            };
            match ctx.format {
                OutFormat::Json => writeln!(
                    out,
                    "{}",
                    json!({"record": rec.index, "line": rec.line, "file": &*item.source,
                           "label": label, "status": status, "count": search.solutions,
                           "exact": exact, "error": Value::Null})
                )?,
                OutFormat::Csv => out.write_all(
                    csv_row(Some(puzzle), None, status, Some(count), label, None).as_bytes(),
                )?,
                _ => match label {
                    Some(l) if !multi_line => writeln!(out, "count: {count} {l}")?,
                    _ => writeln!(out, "count: {count}")?,
                },
            }
            failed |= search.solutions == 0;
        }
        out.flush()?;
    }
    out.flush()?;
    join_reader(handle)?;
    Ok(if failed { 1 } else { 0 })
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
    };
    if args.all {
        return run_all(&args, ctx);
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
        timed: args.stats || args.format == CountFormat::Json,
    };
    run(&args.input, ctx, &args.run, args.stats)
}

#[cfg(test)]
mod tests {
    use super::{Done, Piece, Summary, write_done};
    use crate::progress::Written;
    use std::time::Duration;
    use sudokit_app::solve::SolveStatus;

    /// A piece holding one record per text, each ending at its input offset in `ends`.
    fn piece(texts: &[&str], ends: &[u64]) -> Piece {
        let mut p = Piece::default();
        for (t, &end) in texts.iter().zip(ends) {
            p.out.extend_from_slice(t.as_bytes());
            p.done.push(Done {
                text_end: p.out.len(),
                tail: None,
                failed: false,
                status: SolveStatus::Solved,
                nodes: 0,
                guesses: 0,
                solved_no_guess: false,
                elapsed: Duration::ZERO,
                end,
            });
        }
        p
    }

    /// Accepts `room` bytes, then fails as a full disk would.
    struct Room(usize);

    impl std::io::Write for Room {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if buf.len() > self.0 {
                return Err(std::io::Error::other("no room"));
            }
            self.0 -= buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn progress_bar_stays_behind_records_not_yet_written() {
        let bar = Written::hidden(Some(300));
        let mut summary = Summary::default();
        let mut failed = false;
        // Solved but not handed to the writer yet: the bar has not moved.
        let mut pieces = vec![piece(&["a\n", "b\n"], &[100, 200]), piece(&["c\n"], &[300])];
        assert_eq!(bar.position(), 0);
        // The writer fails on the third record: the bar covers the first two only.
        let mut out = Room(4);
        assert!(write_done(&mut out, &mut pieces, &mut summary, &mut failed, &bar).is_err());
        assert_eq!(bar.position(), 200);
        let mut out = Vec::new();
        write_done(&mut out, &mut pieces[1..], &mut summary, &mut failed, &bar).expect("writes");
        assert_eq!(bar.position(), 300);
        assert_eq!(out, b"c\n");
    }

    #[test]
    fn records_of_pieces_are_written_in_order_from_their_buffers() {
        let bar = Written::hidden(None);
        let mut pieces = vec![
            piece(&["one\n", "", "three\n"], &[1, 2, 3]),
            piece(&["4\n"], &[4]),
        ];
        let (mut summary, mut failed, mut out) = (Summary::default(), false, Vec::new());
        write_done(&mut out, &mut pieces, &mut summary, &mut failed, &bar).expect("writes");
        assert_eq!(out, b"one\nthree\n4\n");
        assert_eq!(summary.records, 4);
    }
}
