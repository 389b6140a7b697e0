//! One record of `solve` or `count`: solved by its engine and rendered into its piece's
//! buffer in the chosen format.
//!
//! Design decision: each record is turned into its finished output text (plus a few counters
//! for the summary) by [`process`], which depends on nothing but the record, so records can be
//! solved in parallel pieces and still be written strictly in input order. A worker keeps its
//! line parser and the grids it parses and copies solutions into from record to record: a 9×9
//! line record allocates nothing and touches no reference count shared with the other workers.

use super::Ctx;
use super::args::OutFormat;
use crate::input::{Batch, BatchBody};
use crate::listing::Listing;
use anyhow::Result;
use serde_json::json;
use std::borrow::Cow;
use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use sudokit_app::solve::{SolveMode, SolveStatus, solve_each, solve_error_record, solve_record};
use sudokit_app::{grid_json, with_position};
use sudokit_core::format::{
    InputFormat, LineParser, OutputFormat, ParseError, Record, write_fpuzzles, write_fpuzzles_link,
    write_grid,
};
use sudokit_core::grid::{MAX_SYMBOL_SIZE, digit_char};
use sudokit_core::verify::verify;
use sudokit_core::{End, Grid, Request, Status};

/// What one record left for the writer besides its text, which is in its [`Piece`]'s buffer:
/// the counters for the summary, where the text ends, and (boxed, since most records have
/// none) a listing to write after it.
pub(super) struct Done {
    /// End of this record's text in its piece's buffer (it starts where the previous ends).
    pub(super) text_end: usize,
    /// The listed solutions and what follows them.
    pub(super) tail: Option<Box<Tail>>,
    pub(super) failed: bool,
    pub(super) status: SolveStatus,
    pub(super) nodes: u64,
    pub(super) guesses: u64,
    pub(super) solved_no_guess: bool,
    pub(super) elapsed: Duration,
    /// Input bytes read when this record was complete (the progress bar's position once it
    /// is written).
    pub(super) end: u64,
}

/// After a record's text: the listed solutions (each line between the two parts of
/// `csv_wrap`, for CSV rows), then `after`.
#[derive(Default)]
pub(super) struct Tail {
    pub(super) listing: Listing,
    pub(super) csv_wrap: Option<(String, String)>,
    pub(super) after: Cow<'static, str>,
}

/// The output of a run of consecutive records: their texts in one buffer, and a [`Done`] each.
/// Records are rendered straight into the buffer, so a record allocates no text of its own.
#[derive(Default)]
pub(super) struct Piece {
    pub(super) out: Vec<u8>,
    pub(super) done: Vec<Done>,
}

impl Piece {
    pub(super) fn clear(&mut self) {
        self.out.clear();
        self.done.clear();
    }
}

/// A record as [`process`] sees it, however it was read: parsed by the reader thread, or a
/// line parsed by the worker into its reused grid.
pub(super) struct View<'a> {
    pub(super) source: &'a str,
    pub(super) index: usize,
    pub(super) line: usize,
    pub(super) format: InputFormat,
    pub(super) label: Option<&'a str>,
    pub(super) puzzle: Result<&'a Grid, &'a ParseError>,
    pub(super) expected: Option<&'a Result<Grid, ParseError>>,
    pub(super) end: u64,
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
pub(super) struct Scratch {
    pub(super) parser: Option<(Arc<LineParser>, LineParser)>,
    pub(super) puzzle: Option<Grid>,
    pub(super) grids: Grids,
}

/// The grids a record's solutions are copied into: the first solution (kept for the output)
/// and the current one (checked and listed).
#[derive(Default)]
pub(super) struct Grids {
    pub(super) first: Option<Grid>,
    pub(super) current: Option<Grid>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Solves and renders every record of `batch` from `range` into `piece`.
pub(super) fn process_batch(
    batch: &Batch,
    range: std::ops::Range<usize>,
    ctx: &Ctx,
    piece: &mut Piece,
) {
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

pub(super) fn grid_text(g: &Grid, f: OutputFormat) -> String {
    write_grid(g, f)
}

/// Appends `g` in format `f` to `out`. The line format of grids with line symbols (up to
/// 35×35, every grid the fast path sees) is written in place, a byte per cell, the same text
/// as [`write_grid`]; every other case goes through it.
pub(super) fn push_grid(out: &mut Vec<u8>, g: &Grid, f: OutputFormat) {
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

pub(super) fn out_format(f: OutFormat, input: InputFormat) -> OutputFormat {
    match f {
        OutFormat::Line
        | OutFormat::Csv
        | OutFormat::Json
        | OutFormat::Fpuzzles
        | OutFormat::FpuzzlesLink => OutputFormat::Line,
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

pub(super) fn count_text(count: u64, exact: bool, end: End) -> String {
    match end {
        End::Budget => format!("stopped: at least {count} (budget exhausted)"),
        End::GaveUp if count == 0 => "unknown: the engine gave up".to_string(),
        _ if exact => count.to_string(),
        _ => format!("at least {count}"),
    }
}

/// Quotes a CSV field when it holds a comma, a quote or a line break.
pub(super) fn csv_field(s: &str) -> String {
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
pub(super) fn csv_row(
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

/// Set once a line-format grid above 35×35 was written, so the note about its encoding is
/// printed once per run.
pub(super) static WIDE_LINE_NOTED: AtomicBool = AtomicBool::new(false);

/// Solves one record and renders its output into `out`. Never panics on user input.
pub(super) fn process(v: &View<'_>, ctx: &Ctx, grids: &mut Grids, out: &mut Vec<u8>) -> Done {
    // Formatted only for an error: most records never need it.
    let where_ = || format!("{}:{}", v.source, v.line);
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
pub(super) fn render(
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
    let (name, solver) = match ctx.engine_for(puzzle) {
        Ok(found) => found,
        Err(name) => {
            let msg = format!("engine '{name}' is not available");
            out.extend_from_slice(error_out(msg, None, Some(puzzle)).as_bytes());
            return;
        }
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
    let mut counting = crate::progress::Counting::stderr(
        v.index,
        ctx.count_progress && matches!(ctx.mode, SolveMode::Count(_)),
    );
    let result = solve_each(solver, puzzle, &request, ctx.timed, &mut |values| {
        counting.solution();
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
    });
    counting.finish();
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
    if let (OutFormat::Fpuzzles | OutFormat::FpuzzlesLink, SolveMode::First, Some(sol)) =
        (ctx.format, ctx.mode, first)
    {
        // The puzzle back as f-puzzles, the solution found under `solution`.
        let written = if ctx.format == OutFormat::Fpuzzles {
            write_fpuzzles(puzzle, Some(sol))
        } else {
            write_fpuzzles_link(puzzle, Some(sol))
        };
        match written {
            Ok(text) => out.extend_from_slice(format!("{text}\n").as_bytes()),
            Err(e) => {
                out.extend_from_slice(error_out(e.to_string(), Some(name), Some(puzzle)).as_bytes())
            }
        }
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

/// A test hook for panic handling: `SUDOKIT_DEBUG_PANIC_AT=K` makes the worker that
/// processes record K panic (`crates/cli/tests/hardening.rs`). It is compiled into every
/// build, so the test runs under every profile (it once existed in debug builds only and the
/// test failed under `--profile ci`); unset, it costs one cached lookup per record.
pub(super) fn debug_panic_hook(record: usize) {
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
