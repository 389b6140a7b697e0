//! `sudokit._sudokit`: the Rust half of the Python package `sudokit` (the Python half, in
//! `python/sudokit/`, turns lists, pandas Series and DataFrames and numpy arrays into the two
//! input shapes this module takes, and its results back into the caller's kind).
//!
//! Design decision: a batch crosses the boundary once, as one buffer — a list of text records
//! (a DataFrame's rows with layouts of their own come as sudokit JSON records), or every cell
//! of every puzzle in the numpy array's own integer width — and comes back as buffers the
//! workers fill row by row in place (statuses, counts, cells in the input's width), so a
//! batch costs no Python object per puzzle and no serial pass after the parallel one. Every
//! call that works on puzzles releases the GIL ([`Python::detach`]) and runs on a rayon pool
//! of `jobs` threads, keeping input order. What each command does to one puzzle is the
//! application layer's ([`sudokit_app`]), the code behind `sudokit <command> --format json`,
//! so a record here is the CLI's record without its position fields. Variant rules ride on
//! the layout as the CLI's `--rules` puts them there; the functions that do not honour rules
//! refuse them (the whole call for `rules=`, the row for a puzzle that carries some) instead
//! of ignoring them. Per-puzzle problems are data (a status and a message per row); only a
//! problem with the whole call (a bad layout option or rules, an engine that cannot take the
//! rules, a single puzzle that does not parse) raises.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};
use rayon::prelude::*;
use serde_json::{Value, json};
use sudokit_app::generate::{LayoutRequest, config_for, generate_one, set_targets};
use sudokit_app::rate::{RatingStatus, rateable, se_rating_json};
use sudokit_app::solve::{SolveMode, SolveStatus, solve_each};
use sudokit_core::format::{InputFormat, LayoutSpec, LineParser, Reader};
use sudokit_core::{Budget, Grid, Layout, Request, Rule, Solver, Status};
use sudokit_engines::{EngineOptions, auto_engine, engine};
use sudokit_generate::{GenError, Generator};
use sudokit_logic::levels::hodoku_level;
use sudokit_logic::se::{RateOptions, Scale, rate};
use sudokit_logic::{CandidateGrid, Deadline, LogicSolver, Order};

create_exception!(
    sudokit,
    Error,
    PyException,
    "Base class of every sudokit error."
);
create_exception!(
    sudokit,
    ParseError,
    Error,
    "The input is not a puzzle: bad shape, dtype, symbol, digit, layout option, or conflicting givens."
);
create_exception!(sudokit, NoSolution, Error, "The puzzle has no solution.");
create_exception!(
    sudokit,
    BudgetExceeded,
    Error,
    "The budget ran out before the answer."
);

/// The layout options every call takes (the CLI's `--box`, `--regions`, `--extra`, `--rules`,
/// `--format`); `rules` is a JSON array of rules in sudokit's form, `rules_file` the path of a
/// rules file (`sudokit_app::rules_file::read_rules_file`: a list, an object with `rules`, or
/// a puzzle record).
#[derive(Clone, Debug, FromPyObject)]
struct LayoutArgs {
    #[pyo3(item("box"))]
    box_shape: Option<String>,
    #[pyo3(item)]
    regions: Option<String>,
    #[pyo3(item)]
    extra: Vec<String>,
    #[pyo3(item)]
    format: Option<String>,
    #[pyo3(item)]
    rules: Option<String>,
    /// A rules file, read as the CLI's `--rules FILE` reads it.
    #[pyo3(item)]
    rules_file: Option<String>,
}

/// Why a function that does not honour variant rules refuses a puzzle that has some.
fn no_rules(what: &str) -> String {
    format!(
        "{what} does not honour variant rules (killer, thermo, ...); \
         solve, count, verify, check and true_candidates do"
    )
}

impl LayoutArgs {
    /// The spec every puzzle is read with. Variant rules ride on a fixed layout (the region
    /// map, the box shape, or 9×9), as the CLI's `--rules` does.
    fn spec(&self) -> PyResult<LayoutSpec> {
        let mut spec = LayoutSpec::parse(
            self.box_shape.as_deref(),
            self.regions.as_deref(),
            &self.extra,
        )
        .map_err(|e| ParseError::new_err(e.to_string()))?;
        if let Some(text) = &self.rules {
            let rules: Vec<Rule> = serde_json::from_str(text).map_err(|e| {
                ParseError::new_err(format!("rules: not a JSON array of rules: {e}"))
            })?;
            let base = sudokit_app::rules_base(&spec)
                .map_err(|e| ParseError::new_err(format!("box: {e}")))?;
            let layout = base.with_rules(rules).map_err(|e| {
                ParseError::new_err(format!("rules: a rule does not fit the grid: {e}"))
            })?;
            spec.regions = Some(Arc::new(layout));
        }
        if let Some(path) = &self.rules_file {
            let base = sudokit_app::rules_base(&spec)
                .map_err(|e| ParseError::new_err(format!("box: {e}")))?;
            let layout = sudokit_app::rules_file::read_rules_file(Path::new(path), &base)
                .map_err(|e| ParseError::new_err(format!("rules: {e}")))?;
            spec.regions = Some(layout);
        }
        Ok(spec)
    }

    /// [`LayoutArgs::spec`] for `what`, a function that does not honour variant rules: refuses
    /// `rules=` rather than ignore it.
    fn plain_spec(&self, what: &str) -> PyResult<LayoutSpec> {
        if self.rules.is_some() || self.rules_file.is_some() {
            return Err(Error::new_err(no_rules(what)));
        }
        self.spec()
    }

    fn format(&self) -> PyResult<InputFormat> {
        match &self.format {
            None => Ok(InputFormat::Auto),
            Some(f) => f
                .parse()
                .map_err(|e: String| ParseError::new_err(format!("format: {e}"))),
        }
    }
}

/// The puzzles of one call: text records, or grids of side `n` whose cells are little-endian
/// integers of `width` bytes (a numpy array's own buffer, not converted).
enum Puzzles<'a> {
    Texts(Vec<String>),
    Cells {
        data: &'a [u8],
        n: usize,
        width: usize,
        signed: bool,
    },
}

/// A numpy buffer as the Python half passes it: its bytes, item size and signedness.
type CellBuffer<'a> = (&'a [u8], usize, bool);

/// Cell `b` (`width` little-endian bytes) as a number.
fn cell_value(b: &[u8], signed: bool) -> i128 {
    let mut raw = [0u8; 16];
    raw[..b.len()].copy_from_slice(b);
    let v = u128::from_le_bytes(raw);
    let bits = 8 * b.len() as u32;
    if signed && bits < 128 && (v >> (bits - 1)) & 1 == 1 {
        (v as i128) - (1i128 << bits)
    } else {
        v as i128
    }
}

impl Puzzles<'_> {
    fn len(&self) -> usize {
        match self {
            Puzzles::Texts(t) => t.len(),
            Puzzles::Cells { data, n, width, .. } => data.len() / width.max(&1) / (n * n).max(1),
        }
    }
}

/// A puzzle parsed, or why not.
type Parsed = Result<Grid, String>;

/// Parses puzzle `i` of `p` under `spec`; `layout` is the one layout of a cell batch.
fn parse_at(p: &Puzzles<'_>, i: usize, format: InputFormat, parser: &mut LineParser) -> Parsed {
    match p {
        Puzzles::Texts(t) => {
            let text = t[i].trim();
            // One token of symbols is a line record: parsed by the worker's own line parser
            // (its layouts cached), not by a reader detecting the format of each record.
            let plain = !text.is_empty()
                && !text.contains(|c: char| c.is_whitespace() || c == ',' || c == '{')
                && !text.contains("://");
            if plain && (format == InputFormat::Auto || format == InputFormat::Line) {
                return parser
                    .parse(i + 1, 1, Ok(text))
                    .puzzle
                    .map_err(|e| e.to_string());
            }
            sudokit_core::format::parse_one_with(text, format, parser.spec())
                .map_err(|e| e.to_string())
        }
        Puzzles::Cells {
            data,
            n,
            width,
            signed,
        } => {
            let cells = n * n;
            let row = &data[i * cells * width..(i + 1) * cells * width];
            let mut values = Vec::with_capacity(cells);
            for (k, b) in row.chunks_exact(*width).enumerate() {
                // The common 9×9 case, one byte a cell in range, skips the general read.
                let v = match (*width, b[0]) {
                    (1, x) if usize::from(x) <= *n => i128::from(x),
                    _ => cell_value(b, *signed),
                };
                match u8::try_from(v).ok().filter(|&v| usize::from(v) <= *n) {
                    Some(v) => values.push(v),
                    None => {
                        return Err(format!(
                            "digit {v} at row {}, column {} is out of range 0..={n}",
                            k / n + 1,
                            k % n + 1
                        ));
                    }
                }
            }
            parser
                .grid_from_values(*n, values)
                .map_err(|e| e.to_string())
        }
    }
}

/// Checks that a cell batch's side fits `spec` (a `box` or `regions` of another side is an
/// error of the whole call, not of each row).
fn check_cell_layout(p: &Puzzles<'_>, spec: &LayoutSpec) -> PyResult<()> {
    match p {
        Puzzles::Texts(_) => Ok(()),
        Puzzles::Cells { n, .. } => LineParser::new(spec.clone())
            .layout_for(*n)
            .map(drop)
            .map_err(|e| ParseError::new_err(e.to_string())),
    }
}

fn puzzles_of<'a>(
    texts: Option<Vec<String>>,
    cells: Option<CellBuffer<'a>>,
    n: usize,
) -> Puzzles<'a> {
    match (texts, cells) {
        (Some(t), _) => Puzzles::Texts(t),
        (None, Some((data, width, signed))) => Puzzles::Cells {
            data,
            n,
            width: width.clamp(1, 16),
            signed,
        },
        (None, None) => Puzzles::Texts(Vec::new()),
    }
}

/// A batch ready to work on: its puzzles, input format and layout rules; `plain` names a
/// function that does not honour variant rules, and refuses each puzzle that has some.
struct Batch<'a> {
    puzzles: Puzzles<'a>,
    format: InputFormat,
    spec: LayoutSpec,
    plain: Option<&'static str>,
}

impl<'a> Batch<'a> {
    fn new(
        texts: Option<Vec<String>>,
        cells: Option<CellBuffer<'a>>,
        n: usize,
        layout: &LayoutArgs,
    ) -> PyResult<Batch<'a>> {
        let puzzles = puzzles_of(texts, cells, n);
        let spec = layout.spec()?;
        check_cell_layout(&puzzles, &spec)?;
        Ok(Batch {
            puzzles,
            format: layout.format()?,
            spec,
            plain: None,
        })
    }

    /// [`Batch::new`] for `what`, a function that does not honour variant rules: `rules=`
    /// raises, and a puzzle that carries rules (an f-puzzles record) gets `what`'s refusal.
    fn plain(
        texts: Option<Vec<String>>,
        cells: Option<CellBuffer<'a>>,
        n: usize,
        layout: &LayoutArgs,
        what: &'static str,
    ) -> PyResult<Batch<'a>> {
        layout.plain_spec(what)?;
        let mut b = Batch::new(texts, cells, n, layout)?;
        b.plain = Some(what);
        Ok(b)
    }

    /// `f` of each puzzle parsed (or why not), on `jobs` threads, in input order.
    fn map<T: Send>(
        &self,
        jobs: Option<usize>,
        f: impl Fn(Parsed) -> T + Sync + Send,
    ) -> PyResult<Vec<T>> {
        self.map_with(jobs, || (), |_, parsed| f(parsed))
    }

    /// [`Batch::map`] with a worker's own state from `init` (an engine kept from puzzle to
    /// puzzle); each worker also parses with a line parser of its own.
    fn map_with<T: Send, S>(
        &self,
        jobs: Option<usize>,
        init: impl Fn() -> S + Sync + Send,
        f: impl Fn(&mut S, Parsed) -> T + Sync + Send,
    ) -> PyResult<Vec<T>> {
        par_map_init(
            jobs,
            self.puzzles.len(),
            || (LineParser::new(self.spec.clone()), init()),
            |(parser, state), i| f(state, self.parse(i, parser)),
        )
    }

    /// Puzzle `i` parsed with a worker's `parser` (refused when it has variant rules that
    /// the batch's function does not honour).
    fn parse(&self, i: usize, parser: &mut LineParser) -> Parsed {
        let parsed = parse_at(&self.puzzles, i, self.format, parser);
        match (self.plain, &parsed) {
            (Some(what), Ok(g)) if g.layout().has_rules() => Err(no_rules(what)),
            _ => parsed,
        }
    }
}

fn budget_of(seconds: Option<f64>, nodes: Option<u64>) -> PyResult<Budget> {
    let time = match seconds {
        None => None,
        Some(s) => Some(
            Duration::try_from_secs_f64(s)
                .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("budget: {e}")))?,
        ),
    };
    Ok(Budget {
        time,
        nodes,
        cancel: None,
    })
}

/// Runs `f` over `0..len` on a pool of `jobs` threads (all cores when `None`), in input order.
fn par_map<T: Send>(
    jobs: Option<usize>,
    len: usize,
    f: impl Fn(usize) -> T + Sync + Send,
) -> PyResult<Vec<T>> {
    par_map_init(jobs, len, || (), |_, i| f(i))
}

/// [`par_map`] with a value of `init`'s per worker (a line parser), lent to each call.
fn par_map_init<T: Send, S>(
    jobs: Option<usize>,
    len: usize,
    init: impl Fn() -> S + Sync + Send,
    f: impl Fn(&mut S, usize) -> T + Sync + Send,
) -> PyResult<Vec<T>> {
    in_pool(jobs, || {
        (0..len)
            .into_par_iter()
            .with_min_len(16)
            .map_init(init, f)
            .collect()
    })
}

/// Runs `f` on a pool of `jobs` threads (all cores when `None`).
fn in_pool<T: Send>(jobs: Option<usize>, f: impl FnOnce() -> T + Send) -> PyResult<T> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(j) = jobs {
        b = b.num_threads(j.max(1));
    }
    let pool = b
        .build()
        .map_err(|e| Error::new_err(format!("thread pool: {e}")))?;
    Ok(pool.install(f))
}

/// Status codes of a solve, in the order of `sudokit.SOLVE_STATUSES`.
fn solve_code(s: SolveStatus) -> u8 {
    match s {
        SolveStatus::Solved => 0,
        SolveStatus::Unsolvable => 1,
        SolveStatus::Stopped => 2,
        SolveStatus::Unknown => 3,
        SolveStatus::Invalid => 4,
    }
}

fn solver_for(name: &str, layout: &Layout) -> Result<(&'static str, Box<dyn Solver>), String> {
    let resolved: &str = if name == "auto" {
        auto_engine(layout)
    } else {
        name
    };
    let s = engine(resolved, &EngineOptions::default()).map_err(|e| e.to_string())?;
    Ok((s.name(), s))
}

/// One row of a solve batch's output, written in place by the worker that solves the puzzle:
/// its status code, its count (`u64`, little-endian), its exact flag and, when the caller
/// wants cells, its first solution's cells (`width`-byte little-endian integers, the input
/// array's own dtype; left zero when there is none).
struct OutRow<'a> {
    status: &'a mut [u8],
    count: &'a mut [u8],
    exact: &'a mut [u8],
    cells: Option<&'a mut [u8]>,
}

/// A worker's engine, kept while the puzzles' layout stays the same (the layout's address:
/// a batch's grids share one).
type EngineSlot = Option<(usize, Box<dyn Solver>)>;

/// Solves or counts one parsed puzzle into `out`; returns (its solution as a line when
/// `want_line`, its error).
fn solve_one(
    slot: &mut EngineSlot,
    parsed: Parsed,
    engine_name: &str,
    mode: SolveMode,
    budget: &Budget,
    out: OutRow<'_>,
    want_line: bool,
) -> (Option<String>, Option<String>) {
    let invalid = |out: OutRow<'_>, e: String| {
        out.status[0] = solve_code(SolveStatus::Invalid);
        (None, Some(e))
    };
    let g = match parsed {
        Ok(g) => g,
        Err(e) => return invalid(out, e),
    };
    let key = Arc::as_ptr(g.layout_arc()) as usize;
    if slot.as_ref().is_none_or(|(k, _)| *k != key) {
        match solver_for(engine_name, g.layout()) {
            Ok((_, s)) => *slot = Some((key, s)),
            Err(e) => return invalid(out, e),
        }
    }
    let Some((_, solver)) = slot.as_ref() else {
        return invalid(out, "no engine".into());
    };
    let request = match mode {
        SolveMode::First => Request::first(),
        SolveMode::Limit(k) | SolveMode::Count(k) => Request::count(k, 0),
    }
    .with_budget(budget.clone());
    // The engine's search as the CLI's batch runs it: the first solution's cells written
    // straight into the caller's row (no grid kept), the givens not checked again (parsing
    // did).
    let OutRow {
        status,
        count,
        exact,
        mut cells,
    } = out;
    let mut line: Option<Vec<u8>> = None;
    let mut found = false;
    let report = solve_each(solver.as_ref(), &g, &request, false, &mut |values| {
        if found {
            return;
        }
        found = true;
        if let Some(row) = cells.as_deref_mut() {
            let width = row.len() / values.len().max(1);
            for (dst, &v) in row.chunks_exact_mut(width.max(1)).zip(values) {
                dst[0] = v;
            }
        }
        if want_line {
            line = Some(values.to_vec());
        }
    });
    match report {
        Ok(report) => {
            status[0] = solve_code(SolveStatus::of(&report, mode));
            count.copy_from_slice(&report.count.to_le_bytes());
            exact[0] = u8::from(report.exact);
            let solved = report.status == Status::Solved;
            if !solved && let Some(row) = cells {
                row.fill(0);
            }
            let line = line.filter(|_| solved).map(|v| {
                let mut g = g;
                g.set_values(&v);
                sudokit_app::line_of(&g)
            });
            (line, None)
        }
        Err(e) => {
            if let Some(row) = cells {
                row.fill(0);
            }
            invalid(
                OutRow {
                    status,
                    count,
                    exact,
                    cells: None,
                },
                e.to_string(),
            )
        }
    }
}

/// What [`solve_batch`] returns: status codes, counts (`u64`), exact flags, solution cells (in
/// the input's integer width, when asked for), solution lines (when asked for), and the
/// errors as (row, message) pairs.
type SolvedBatch<'py> = (
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Option<Vec<Option<String>>>,
    Vec<(usize, String)>,
);

/// What [`rate_batch`] returns: ER/EP/ED (`f64`), status codes, hardest techniques, errors.
type RatedBatch<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Vec<Option<String>>,
    Vec<Option<String>>,
);

/// `solve_many`/`count_many` (see [`SolvedBatch`]). The workers write each row's outputs in
/// place, with the GIL released, into buffers that cross to Python as bytearrays (one memcpy
/// each), so nothing is gathered serially after the parallel solve and no Python object is
/// made per puzzle (the numpy half views the buffers as arrays). A layout given for the whole batch that the engine cannot take
/// (variant rules on a rule-less engine) raises [`Error`].
#[pyfunction]
#[pyo3(signature = (texts, cells, n, layout, engine, limit, budget, nodes, jobs, want_lines))]
#[allow(clippy::too_many_arguments)]
fn solve_batch<'py>(
    py: Python<'py>,
    texts: Option<Vec<String>>,
    cells: Option<CellBuffer<'_>>,
    n: usize,
    layout: LayoutArgs,
    engine: String,
    limit: Option<u64>,
    budget: Option<f64>,
    nodes: Option<u64>,
    jobs: Option<usize>,
    want_lines: bool,
) -> PyResult<SolvedBatch<'py>> {
    let batch = Batch::new(texts, cells, n, &layout)?;
    if let Some(l) = batch.spec.regions.as_ref().filter(|l| l.has_rules()) {
        let (_, solver) = solver_for(&engine, l).map_err(Error::new_err)?;
        solver.admit(l).map_err(|e| Error::new_err(e.to_string()))?;
    }
    let budget = budget_of(budget, nodes)?;
    let mode = limit.map_or(SolveMode::First, SolveMode::Count);
    let len = batch.puzzles.len();
    let width = match &batch.puzzles {
        Puzzles::Cells { width, .. } if !want_lines && limit.is_none() => *width,
        _ => 0,
    };
    let stride = n * n * width;
    let mut status = vec![0u8; len];
    let mut counts = vec![0u8; len * 8];
    let mut exact = vec![0u8; len];
    let mut sol = vec![0u8; len * stride];
    let (st, co, ex, so) = (&mut status, &mut counts, &mut exact, &mut sol);
    let done: Vec<(Option<String>, Option<String>)> = py.detach(|| {
        let rows = st
            .par_chunks_mut(1)
            .zip(co.par_chunks_mut(8))
            .zip(ex.par_chunks_mut(1));
        let run = |slot: &mut (LineParser, EngineSlot), i: usize, out: OutRow<'_>| {
            let (parser, engine_slot) = slot;
            let parsed = batch.parse(i, parser);
            solve_one(engine_slot, parsed, &engine, mode, &budget, out, want_lines)
        };
        let init = || (LineParser::new(batch.spec.clone()), None);
        in_pool(jobs, || {
            if stride > 0 {
                rows.zip(so.par_chunks_mut(stride))
                    .enumerate()
                    .with_min_len(16)
                    .map_init(init, |slot, (i, (((status, count), exact), cells))| {
                        let out = OutRow {
                            status,
                            count,
                            exact,
                            cells: Some(cells),
                        };
                        run(slot, i, out)
                    })
                    .collect()
            } else {
                rows.enumerate()
                    .with_min_len(16)
                    .map_init(init, |slot, (i, ((status, count), exact))| {
                        let out = OutRow {
                            status,
                            count,
                            exact,
                            cells: None,
                        };
                        run(slot, i, out)
                    })
                    .collect()
            }
        })
    })?;
    let mut errors = Vec::new();
    let mut lines = want_lines.then(|| Vec::with_capacity(len));
    for (i, (line, error)) in done.into_iter().enumerate() {
        if let Some(e) = error {
            errors.push((i, e));
        }
        if let Some(l) = lines.as_mut() {
            l.push(line);
        }
    }
    // One copy of each buffer into a bytearray (a memcpy; the numpy half views it in place).
    Ok((
        PyByteArray::new(py, &status),
        PyByteArray::new(py, &counts),
        PyByteArray::new(py, &exact),
        PyByteArray::new(py, &sol),
        lines,
        errors,
    ))
}

/// `solve`/`count` of one puzzle: the record of `sudokit solve --format json` as JSON text.
#[pyfunction]
#[pyo3(signature = (text, layout, engine, limit, budget, nodes))]
fn solve_record_json(
    py: Python<'_>,
    text: String,
    layout: LayoutArgs,
    engine: String,
    limit: Option<u64>,
    budget: Option<f64>,
    nodes: Option<u64>,
) -> PyResult<String> {
    let g = parse_single(&text, &layout)?;
    let budget = budget_of(budget, nodes)?;
    let (name, solver) = solver_for(&engine, g.layout()).map_err(Error::new_err)?;
    // An engine that cannot take the layout (variant rules on a rule-less engine) is an
    // error of the call, not a puzzle that did not parse.
    solver
        .admit(g.layout())
        .map_err(|e| Error::new_err(e.to_string()))?;
    let mode = limit.map_or(SolveMode::First, SolveMode::Count);
    let v = py.detach(|| sudokit_app::solve::solve_json(solver.as_ref(), name, &g, mode, budget));
    Ok(v.to_string())
}

fn parse_single(text: &str, layout: &LayoutArgs) -> PyResult<Grid> {
    sudokit_core::format::parse_one_with(text, layout.format()?, &layout.spec()?)
        .map_err(|e| ParseError::new_err(e.to_string()))
}

/// [`parse_single`] for `what`, a function that does not honour variant rules: raises
/// [`Error`] for `rules=` or a puzzle that carries rules.
fn parse_plain(text: &str, layout: &LayoutArgs, what: &str) -> PyResult<Grid> {
    let g = sudokit_core::format::parse_one_with(text, layout.format()?, &layout.plain_spec(what)?)
        .map_err(|e| ParseError::new_err(e.to_string()))?;
    if g.layout().has_rules() {
        return Err(Error::new_err(no_rules(what)));
    }
    Ok(g)
}

/// The rating fields of one puzzle: `sudokit rate --format json`'s record (with `hodoku`, its
/// `hodoku_level` and `hodoku_score`), or the refusal record.
fn rate_record(g: &Grid, opts: &RateOptions, hodoku: bool, explain: bool) -> Value {
    if let Err(r) = rateable(g, &Budget::default()) {
        return r.json();
    }
    let deadline = Deadline::from_budget(&opts.budget);
    let r = rate(g, opts);
    let mut v = se_rating_json(&r, g, explain, &deadline);
    if hodoku {
        let (level, score) = hodoku_of(g, &deadline.left());
        v["hodoku_level"] = json!(level);
        v["hodoku_score"] = json!(score);
    }
    v
}

fn hodoku_of(g: &Grid, budget: &Budget) -> (Option<&'static str>, Option<u32>) {
    let path = LogicSolver::new(Order::Hodoku).solve_from(CandidateGrid::new(g), budget);
    match hodoku_level(&path) {
        Some((l, s)) => (Some(l.name()), Some(s)),
        None => (None, None),
    }
}

fn rate_options(scale: &str, max_level: u32, budget: Budget, texts: bool) -> PyResult<RateOptions> {
    let scale = match scale {
        "se121" => Scale::Se121,
        "sukaku" => Scale::Sukaku,
        s => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "scale: '{s}' is not se121 or sukaku"
            )));
        }
    };
    if max_level > 5 {
        return Err(pyo3::exceptions::PyValueError::new_err("max_level: 0 to 5"));
    }
    Ok(RateOptions {
        scale,
        max_level,
        budget,
        keep_steps: false,
        stop_above: None,
        texts,
    })
}

/// `rate` of one puzzle: the JSON record.
#[pyfunction]
#[pyo3(signature = (text, layout, scale, max_level, budget, hodoku, explain))]
#[allow(clippy::too_many_arguments)]
fn rate_json(
    py: Python<'_>,
    text: String,
    layout: LayoutArgs,
    scale: &str,
    max_level: u32,
    budget: Option<f64>,
    hodoku: bool,
    explain: bool,
) -> PyResult<String> {
    let g = parse_plain(&text, &layout, "rate")?;
    let opts = rate_options(scale, max_level, budget_of(budget, None)?, explain)?;
    Ok(py.detach(|| rate_record(&g, &opts, hodoku, explain).to_string()))
}

/// Rating status codes, in the order of `sudokit.RATE_STATUSES`.
fn rate_code(s: &str) -> u8 {
    match s {
        "rated" => 0,
        "beyond" => 1,
        "stopped" => 2,
        "unsolvable" => 3,
        _ => 4,
    }
}

/// `rate_many`: (ER/EP/ED as `f64` triples, NaN when absent; status codes; hardest technique;
/// errors).
#[pyfunction]
#[pyo3(signature = (texts, cells, n, layout, scale, max_level, budget, jobs))]
#[allow(clippy::too_many_arguments)]
fn rate_batch<'py>(
    py: Python<'py>,
    texts: Option<Vec<String>>,
    cells: Option<CellBuffer<'_>>,
    n: usize,
    layout: LayoutArgs,
    scale: &str,
    max_level: u32,
    budget: Option<f64>,
    jobs: Option<usize>,
) -> PyResult<RatedBatch<'py>> {
    let batch = Batch::plain(texts, cells, n, &layout, "rate_many")?;
    let opts = rate_options(scale, max_level, budget_of(budget, None)?, false)?;
    let done = py.detach(|| {
        batch.map(jobs, |parsed| {
            let g = match parsed {
                Ok(g) => g,
                Err(e) => return ([f64::NAN; 3], 4, None, Some(e)),
            };
            if let Err(r) = rateable(&g, &Budget::default()) {
                return (
                    [f64::NAN; 3],
                    rate_code(r.status.as_str()),
                    None,
                    Some(r.message),
                );
            }
            let r = rate(&g, &opts);
            let x = |v: Option<f64>| v.unwrap_or(f64::NAN);
            (
                [x(r.er), x(r.ep), x(r.ed)],
                rate_code(RatingStatus::of(r.status).as_str()),
                r.hardest.map(|h| h.technique),
                None,
            )
        })
    })?;
    let mut ratings = Vec::with_capacity(done.len() * 24);
    for d in &done {
        for x in d.0 {
            ratings.extend_from_slice(&x.to_le_bytes());
        }
    }
    let status: Vec<u8> = done.iter().map(|d| d.1).collect();
    let (hardest, errors) = done.into_iter().map(|d| (d.2, d.3)).unzip();
    Ok((
        PyBytes::new(py, &ratings),
        PyBytes::new(py, &status),
        hardest,
        errors,
    ))
}

/// HoDoKu's level and score of each puzzle (`None` when its solver did not finish), and errors.
#[pyfunction]
#[pyo3(signature = (texts, cells, n, layout, budget, jobs))]
#[allow(clippy::type_complexity)]
fn hodoku_batch(
    py: Python<'_>,
    texts: Option<Vec<String>>,
    cells: Option<CellBuffer<'_>>,
    n: usize,
    layout: LayoutArgs,
    budget: Option<f64>,
    jobs: Option<usize>,
) -> PyResult<Vec<(Option<&'static str>, Option<u32>, Option<String>)>> {
    let batch = Batch::plain(texts, cells, n, &layout, "hodoku")?;
    let budget = budget_of(budget, None)?;
    py.detach(|| {
        batch.map(jobs, |parsed| match parsed {
            Ok(g) => {
                let (l, s) = hodoku_of(&g, &budget);
                (l, s, None)
            }
            Err(e) => (None, None, Some(e)),
        })
    })
}

fn logic_solver(order: &str) -> PyResult<LogicSolver> {
    match order {
        "hodoku" => Ok(LogicSolver::new(Order::Hodoku)),
        "se" => Ok(LogicSolver::new(Order::Se)),
        o => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "order: '{o}' is not hodoku or se"
        ))),
    }
}

/// `explain`: the record of `sudokit explain --format json`.
#[pyfunction]
#[pyo3(signature = (text, layout, order, check, budget))]
fn explain_json(
    py: Python<'_>,
    text: String,
    layout: LayoutArgs,
    order: &str,
    check: bool,
    budget: Option<f64>,
) -> PyResult<String> {
    let g = CandidateGrid::new(&parse_plain(&text, &layout, "explain")?);
    let solver = logic_solver(order)?;
    let budget = budget_of(budget, None)?;
    Ok(py.detach(|| {
        match sudokit_app::explain::explain(&g, &solver, &budget, check) {
            Ok(e) => e.json(),
            Err(r) => r.json(),
        }
        .to_string()
    }))
}

/// `hint`: the record of `sudokit hint --format json`.
#[pyfunction]
#[pyo3(signature = (text, layout, order, level, budget))]
fn hint_json(
    py: Python<'_>,
    text: String,
    layout: LayoutArgs,
    order: &str,
    level: u8,
    budget: Option<f64>,
) -> PyResult<String> {
    if !(1..=3).contains(&level) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "level must be 1, 2 or 3",
        ));
    }
    let g = CandidateGrid::new(&parse_plain(&text, &layout, "hint")?);
    let solver = logic_solver(order)?;
    let budget = budget_of(budget, None)?;
    Ok(py.detach(|| {
        match sudokit_app::hint::hint(&g, &solver, level, None, &budget) {
            Ok(h) => h.json(),
            Err(r) => r.json(),
        }
        .to_string()
    }))
}

/// `check`: the record of `sudokit check --format json` (without `line`).
#[pyfunction]
#[pyo3(signature = (text, layout, rate, budget))]
fn check_json(
    py: Python<'_>,
    text: String,
    layout: LayoutArgs,
    rate: bool,
    budget: Option<f64>,
) -> PyResult<String> {
    let g = parse_single(&text, &layout)?;
    // `sudokit check`'s default budget is 10 s.
    let budget = budget_of(Some(budget.unwrap_or(10.0)), None)?;
    Ok(py.detach(|| {
        sudokit_app::check::check_within(&g, 1, rate, &budget)
            .json
            .to_string()
    }))
}

/// `canon`: each puzzle's minlex form as a line, or its error.
#[pyfunction]
#[pyo3(signature = (texts, cells, n, layout, jobs))]
fn canon_batch(
    py: Python<'_>,
    texts: Option<Vec<String>>,
    cells: Option<CellBuffer<'_>>,
    n: usize,
    layout: LayoutArgs,
    jobs: Option<usize>,
) -> PyResult<Vec<(Option<String>, Option<String>)>> {
    let batch = Batch::plain(texts, cells, n, &layout, "canon")?;
    py.detach(|| {
        batch.map(jobs, |parsed| {
            let made = parsed.and_then(|g| {
                sudokit_generate::canon::canonical(&g)
                    .map(|c| sudokit_app::line_of(&c))
                    .map_err(|e| e.to_string())
            });
            match made {
                Ok(line) => (Some(line), None),
                Err(e) => (None, Some(e)),
            }
        })
    })
}

/// `true_candidates`: the record of `sudokit solve --true-candidates --format json` (without
/// the position fields). With engine `auto` the engine is the setter's tools' choice, one that
/// honours the puzzle's variant rules.
#[pyfunction]
#[pyo3(signature = (text, layout, engine, budget, nodes))]
fn true_candidates_json(
    py: Python<'_>,
    text: String,
    layout: LayoutArgs,
    engine: String,
    budget: Option<f64>,
    nodes: Option<u64>,
) -> PyResult<String> {
    let g = parse_single(&text, &layout)?;
    let budget = budget_of(budget, nodes)?;
    let solver = if engine == "auto" {
        sudokit_app::variants::engine_for(g.layout())
    } else {
        solver_for(&engine, g.layout()).map_err(Error::new_err)?.1
    };
    solver
        .admit(g.layout())
        .map_err(|e| Error::new_err(e.to_string()))?;
    let found = py
        .detach(|| sudokit_app::variants::true_candidates(&g, solver.as_ref(), &budget))
        .map_err(|e| Error::new_err(e.to_string()))?;
    Ok(found.json(solver.name()).to_string())
}

/// `verify`: `None` when `solution` solves `puzzle`, else why not.
#[pyfunction]
#[pyo3(signature = (puzzle, solution, layout))]
fn verify(puzzle: String, solution: String, layout: LayoutArgs) -> PyResult<Option<String>> {
    let p = parse_single(&puzzle, &layout)?;
    // The solution is read with the puzzle's layout, so an f-puzzles puzzle's regions and
    // rules apply to a solution given as a line.
    let spec = LayoutSpec {
        box_shape: None,
        regions: Some(p.layout_arc().clone()),
        extras: Vec::new(),
    };
    let s = sudokit_core::format::parse_one_with(&solution, InputFormat::Auto, &spec)
        .map_err(|e| ParseError::new_err(e.to_string()))?;
    Ok(sudokit_core::verify::verify(&p, &s)
        .err()
        .map(|e| e.to_string()))
}

/// The generator's options.
#[derive(Clone, Debug, FromPyObject)]
struct GenArgs {
    #[pyo3(item)]
    size: usize,
    #[pyo3(item)]
    jigsaw: bool,
    #[pyo3(item)]
    symmetry: Option<String>,
    #[pyo3(item)]
    givens: Option<(usize, usize)>,
    #[pyo3(item)]
    rating: Option<(f32, f32)>,
    #[pyo3(item)]
    level: Option<String>,
    #[pyo3(item)]
    minimal: bool,
    #[pyo3(item)]
    budget: Option<f64>,
}

/// `generate`: puzzles `start..start+count` of the run with `seed` (puzzle `i` from
/// `Rng::derive(seed, i)`, as `sudokit generate --seed`), as JSON records; a puzzle the budget
/// stopped is a `{"index", "status": "stopped"}` record.
#[pyfunction]
#[pyo3(signature = (count, start, seed, layout, options, jobs))]
fn generate_json(
    py: Python<'_>,
    count: u64,
    start: u64,
    seed: u64,
    layout: LayoutArgs,
    options: GenArgs,
    jobs: Option<usize>,
) -> PyResult<Vec<String>> {
    let spec = layout.plain_spec("generate")?;
    let request = if options.jigsaw {
        if spec.box_shape.is_some() || spec.regions.is_some() {
            return Err(ParseError::new_err(
                "jigsaw makes its own regions: drop box and regions",
            ));
        }
        LayoutRequest::Jigsaw { n: options.size }
    } else {
        match (spec.regions, spec.box_shape) {
            (Some(r), _) => LayoutRequest::Regions(r),
            (None, Some((rows, cols))) => LayoutRequest::Boxed { rows, cols },
            (None, None) => LayoutRequest::Standard { n: options.size },
        }
    };
    let bad = |e: String| pyo3::exceptions::PyValueError::new_err(e);
    let mut config = config_for(request, &spec.extras).map_err(|e| bad(e.to_string()))?;
    set_targets(
        &mut config,
        options.symmetry.as_deref(),
        options.minimal,
        options.rating,
        options.level.as_deref(),
    )
    .map_err(bad)?;
    config.givens = options.givens;
    config.budget = budget_of(options.budget, None)?;
    let generator = Generator::new(config).map_err(|e| bad(e.to_string()))?;
    let len = usize::try_from(count).map_err(|e| bad(e.to_string()))?;
    let made = py.detach(|| {
        par_map(jobs, len, |k| {
            let i = start + k as u64;
            match generate_one(&generator, seed, i) {
                Ok(record) => Ok(record.to_string()),
                Err(GenError::Budget { .. }) => {
                    Ok(json!({"index": i + 1, "status": "stopped"}).to_string())
                }
                Err(e) => Err(e.to_string()),
            }
        })
    })?;
    made.into_iter()
        .collect::<Result<_, _>>()
        .map_err(Error::new_err)
}

/// `few_givens`: one targeted few-givens search (`sudokit generate --search targeted` with one
/// worker): at most `givens` givens symmetric in `symmetry`, from `seed`, within `tries` tries
/// and `seconds` (either may be `None`, not both). Returns a JSON object: `hits` (81-symbol
/// lines, each verified unique by `dlx`, minimal, symmetric), `tries`, `checks`, `restarts`,
/// `fewest` (the fewest givens of a unique symmetric puzzle reached, 0 for none), and
/// `origins` (per hit, its provenance for the closure and hitting methods, else `null`). The
/// closure method takes its seed puzzles from `seeds` (81-symbol lines), numbered from
/// `first_line`; the hitting method their solution grids (uniformly random grids without).
/// The exhaustive method searches the patterns `patterns` = (A, B), indices A to B - 1 of its
/// fixed order (all without), `node_cap` nodes each, and may run without `tries` or `seconds`
/// (through its patterns); it adds `exhausted` and `incomplete` (patterns searched to the end
/// and cut by the node cap), `nodes`, and names each hit's pattern in `origins`. The hitting
/// method without seeds takes grids automorphic under `automorphic` (`rot180`, `rot90`,
/// `diagonal`, `antidiagonal`, `any`) instead of uniform ones, only the conjugates that map
/// keeps with `aligned_only`.
#[pyfunction]
#[pyo3(signature = (symmetry, givens, method, seed, tries, seconds, seeds=None, first_line=1,
                    patterns=None, node_cap=None, automorphic=None, aligned_only=false))]
#[allow(clippy::too_many_arguments)]
fn few_givens_json(
    py: Python<'_>,
    symmetry: &str,
    givens: usize,
    method: &str,
    seed: u64,
    tries: Option<u64>,
    seconds: Option<f64>,
    seeds: Option<Vec<String>>,
    first_line: u64,
    patterns: Option<(usize, usize)>,
    node_cap: Option<u64>,
    automorphic: Option<String>,
    aligned_only: bool,
) -> PyResult<String> {
    use sudokit_generate::fewgivens::{Budget, Method, SeedPuzzle, Target, search_seeded};
    let bad = |e: String| pyo3::exceptions::PyValueError::new_err(e);
    let symmetry: sudokit_generate::Symmetry = symmetry.parse().map_err(bad)?;
    let method: Method = method.parse().map_err(bad)?;
    let through_seeds = method == Method::Closure
        || method == Method::Exhaustive
        || (method == Method::Hitting && seeds.as_ref().is_some_and(|s| !s.is_empty()));
    if tries.is_none() && seconds.is_none() && !through_seeds {
        return Err(bad(
            "few_givens needs tries or seconds (the closure method, the hitting method with \
             seed puzzles and the exhaustive method may run through their seeds or patterns)"
                .to_string(),
        ));
    }
    let time = seconds
        .map(|s| {
            std::time::Duration::try_from_secs_f64(s).map_err(|e| bad(format!("seconds: {e}")))
        })
        .transpose()?;
    let seeds = seeds
        .unwrap_or_default()
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let id = first_line + i as u64;
            SeedPuzzle::parse(id, line)
                .ok_or_else(|| bad(format!("seed line {id}: not a 9x9 puzzle of 81 symbols")))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let automorphic = automorphic
        .map(|m| {
            m.parse::<sudokit_generate::fewgivens::automorphic::Automorphism>()
                .map_err(|e| bad(e.to_string()))
        })
        .transpose()?;
    let target = Target {
        patterns: patterns.map(|(a, b)| a..b),
        node_cap,
        automorphic,
        aligned_only,
        ..Target::new(symmetry, givens, method, seed)
    };
    let budget = Budget {
        tries,
        time,
        ..Budget::default()
    };
    let (hits, origins, progress) = py
        .detach(|| {
            let mut hits = Vec::new();
            let mut origins = Vec::new();
            search_seeded(
                &target,
                &seeds,
                &budget,
                &mut |h, _| {
                    hits.push(h.line());
                    origins.push(
                        h.origin
                            .as_ref()
                            .map(|o| o.to_string())
                            .or(h.pattern.map(|p| format!("pattern #{p}"))),
                    );
                },
                &mut |_| {},
            )
            .map(|p| (hits, origins, p))
        })
        .map_err(|e| bad(e.to_string()))?;
    Ok(json!({
        "hits": hits,
        "origins": origins,
        "tries": progress.tries,
        "checks": progress.checks,
        "restarts": progress.restarts,
        "fewest": progress.fewest,
        "exhausted": progress.exhausted,
        "grids_ran_out": progress.grids_ran_out,
        "incomplete": progress.incomplete,
        "nodes": progress.nodes,
    })
    .to_string())
}

/// `few_givens_patterns`: how many patterns the exhaustive method has for `symmetry` and
/// `givens` (the end of the largest pattern range); an error for a target it refuses.
#[pyfunction]
fn few_givens_patterns(symmetry: &str, givens: usize) -> PyResult<usize> {
    use sudokit_generate::fewgivens::{Method, Target, exhaustive::pattern_count};
    let bad = |e: String| pyo3::exceptions::PyValueError::new_err(e);
    let symmetry: sudokit_generate::Symmetry = symmetry.parse().map_err(bad)?;
    pattern_count(&Target::new(symmetry, givens, Method::Exhaustive, 0))
        .map_err(|e| bad(e.to_string()))
}

/// One record of [`read_file`]: (record, line, label, puzzle line, expected line, error,
/// side, layout fields as JSON).
type ReadRow = (
    usize,
    usize,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<usize>,
    Option<String>,
);

/// `read`: every record of a file with its layout: the side, and the layout fields a JSON
/// record carries ([`sudokit_app::layout_fields`]: `box`, `extra`, `rules`, `regions`; `None`
/// for the side's standard layout), so each record can be worked on again as it was read.
#[pyfunction]
#[pyo3(signature = (path, layout))]
fn read_file(
    py: Python<'_>,
    path: std::path::PathBuf,
    layout: LayoutArgs,
) -> PyResult<Vec<ReadRow>> {
    let spec = layout.spec()?;
    let format = layout.format()?;
    let file = std::fs::File::open(&path).map_err(|e| {
        pyo3::exceptions::PyOSError::new_err(format!("cannot read {}: {e}", path.display()))
    })?;
    py.detach(|| {
        let reader = Reader::new(std::io::BufReader::new(file), format, spec);
        let mut out = Vec::new();
        for rec in reader {
            let rec = rec.map_err(|e| {
                pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display()))
            })?;
            let line = |g: &Grid| sudokit_app::line_of(g);
            let (puzzle, error, size, fields) = match &rec.puzzle {
                Ok(g) => {
                    let fields = sudokit_app::layout_fields(g.layout());
                    let fields = (!fields.is_empty()).then(|| Value::Object(fields).to_string());
                    (Some(line(g)), None, Some(g.size()), fields)
                }
                Err(e) => (None, Some(e.to_string()), None, None),
            };
            let expected = rec
                .expected
                .as_ref()
                .and_then(|e| e.as_ref().ok())
                .map(line);
            out.push((
                rec.index, rec.line, rec.label, puzzle, expected, error, size, fields,
            ));
        }
        Ok(out)
    })
}

/// The native module `sudokit._sudokit`.
#[pymodule]
fn _sudokit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("NoSolution", py.get_type::<NoSolution>())?;
    m.add("BudgetExceeded", py.get_type::<BudgetExceeded>())?;
    m.add_function(wrap_pyfunction!(solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(solve_record_json, m)?)?;
    m.add_function(wrap_pyfunction!(rate_json, m)?)?;
    m.add_function(wrap_pyfunction!(rate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(hodoku_batch, m)?)?;
    m.add_function(wrap_pyfunction!(explain_json, m)?)?;
    m.add_function(wrap_pyfunction!(hint_json, m)?)?;
    m.add_function(wrap_pyfunction!(check_json, m)?)?;
    m.add_function(wrap_pyfunction!(canon_batch, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(true_candidates_json, m)?)?;
    m.add_function(wrap_pyfunction!(generate_json, m)?)?;
    m.add_function(wrap_pyfunction!(few_givens_json, m)?)?;
    m.add_function(wrap_pyfunction!(few_givens_patterns, m)?)?;
    m.add_function(wrap_pyfunction!(read_file, m)?)?;
    Ok(())
}
