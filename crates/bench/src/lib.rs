//! `sudokit-bench`: throughput measurement of sudokit engines on puzzle files.
//!
//! Design decision: the method is the one of the peer harness (`shared/tools/peer-bench`), so
//! that ratios against it are fair: puzzles are parsed before timing; a pass solves every
//! puzzle once; passes repeat until about 2 s have been spent (at most 50); the headline figure
//! is the best pass by this thread's CPU time (wall-clock best is reported beside it). Any
//! [`Solver`] is measured through [`Solver::solve`]; the `fast` engine gets a specialised path
//! that converts the puzzles to `[u8; 81]` up front and calls its inherent API, so that
//! per-call `Grid`/`Vec` handling does not dominate the figure. Statistics (guesses, solution
//! counts) come from one extra, untimed pass.
//!
//! ```
//! use sudokit_bench::{bench, Mode, Options};
//! use sudokit_core::format::{parse_one, InputFormat};
//! let p = parse_one(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//!     InputFormat::Auto,
//! )
//! .unwrap();
//! let opts = Options { min_secs: 0.0, max_passes: 1 };
//! let r = bench("top95", &[p], &sudokit_fast::Fast, Mode::Unique, &opts).unwrap();
//! assert_eq!(r.solution_counts.one, 1);
//! ```

use cpu_time::ThreadTime;
use serde::Serialize;
use std::fmt::Write as _;
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::{Grid, Layout, Request, SolveError, Solver};
use sudokit_fast::Fast;
pub use sudokit_fast::variant as fast_variant;

/// What each puzzle is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Stop at the first solution.
    First,
    /// Count solutions up to 2 (a uniqueness check).
    Unique,
    /// Count solutions up to the given cap.
    Count(u64),
}

impl Mode {
    /// The solution cap this mode searches for.
    pub fn cap(self) -> u64 {
        match self {
            Mode::First => 1,
            Mode::Unique => 2,
            Mode::Count(n) => n.max(1),
        }
    }

    /// The mode's name in output (`first`, `unique`, `count`).
    pub fn name(self) -> &'static str {
        match self {
            Mode::First => "first",
            Mode::Unique => "unique",
            Mode::Count(_) => "count",
        }
    }

    /// Parses `first`, `unique`, `count` (cap `default_cap`) or `count:N`.
    pub fn parse(s: &str, default_cap: u64) -> Result<Mode, BenchError> {
        match s {
            "first" => Ok(Mode::First),
            "unique" => Ok(Mode::Unique),
            "count" => Ok(Mode::Count(default_cap)),
            _ => s
                .strip_prefix("count:")
                .and_then(|n| n.parse().ok())
                .map(Mode::Count)
                .ok_or_else(|| BenchError::BadMode(s.to_string())),
        }
    }
}

/// How long to measure.
#[derive(Clone, Debug)]
pub struct Options {
    /// Keep repeating passes until this much wall time (seconds) has been spent.
    pub min_secs: f64,
    /// Never run more passes than this (at least one pass always runs).
    pub max_passes: usize,
}

impl Default for Options {
    /// The peer harness's settings: 2 s, at most 50 passes.
    fn default() -> Self {
        Options {
            min_secs: 2.0,
            max_passes: 50,
        }
    }
}

/// How many puzzles had 0, 1, or 2+ solutions (up to the mode's cap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SolutionCounts {
    /// No solution.
    pub zero: u64,
    /// Exactly one solution (in `first` mode: solved).
    pub one: u64,
    /// Two or more solutions.
    #[serde(rename = "2+")]
    pub more: u64,
}

/// The measurement of one engine on one file in one mode.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchResult {
    /// The file (or set) name.
    pub file: String,
    /// The engine's name.
    pub engine: String,
    /// `first`, `unique` or `count`.
    pub mode: String,
    /// The solution cap of the mode.
    pub cap: u64,
    /// Puzzles in the set.
    pub puzzles: usize,
    /// Passes measured.
    pub passes: usize,
    /// Puzzles per second in the best pass by thread CPU time.
    pub puzzles_per_sec: f64,
    /// Microseconds per puzzle in the best pass by thread CPU time.
    pub us_per_puzzle: f64,
    /// Puzzles per second in the best pass by wall-clock time.
    pub wall_puzzles_per_sec: f64,
    /// Average guesses (choice points) per puzzle, as the engine counts them.
    pub guesses_per_puzzle: f64,
    /// Percentage of puzzles decided without any guess.
    pub no_guess_pct: f64,
    /// Solution-count histogram (counts are capped by the mode).
    pub solution_counts: SolutionCounts,
}

/// Why a benchmark could not run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BenchError {
    /// The engine refused a puzzle. (The engine's error is part of the message, not a
    /// separate `source`, so a printed error chain does not repeat it.)
    #[error("engine '{engine}' cannot run puzzle {number}: {error}")]
    Engine {
        /// Engine name.
        engine: String,
        /// 1-based number of the puzzle in the set.
        number: usize,
        /// The engine's error.
        error: SolveError,
    },
    /// The engine cannot prove a count (annealing, tabu search), so only mode `first` is
    /// measured with it.
    #[error(
        "engine '{engine}' is incomplete: it finds solutions but cannot prove a count, \
         so --mode {mode} is refused with it (use --mode first)"
    )]
    Incomplete {
        /// Engine name.
        engine: String,
        /// The mode asked for.
        mode: &'static str,
    },
    /// The puzzle set is empty.
    #[error("no puzzles to measure")]
    Empty,
    /// A file could not be read.
    #[error("cannot read {path}: {error}")]
    Io {
        /// The path.
        path: String,
        /// The I/O error.
        error: std::io::Error,
    },
    /// A line of a file is not a puzzle.
    #[error("{path}:{line}: {reason}")]
    Parse {
        /// The path.
        path: String,
        /// 1-based line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// An unknown mode name.
    #[error("unknown mode '{0}' (first, unique, count, count:N)")]
    BadMode(String),
}

/// Reads a puzzle file the way the peer harness does: one puzzle per line, `#` lines and blank
/// lines skipped, the first whitespace-separated token of a line is the puzzle (any size the
/// line format reads; for 9×9, the first 81 characters).
pub fn load_file(path: &Path) -> Result<Vec<Grid>, BenchError> {
    let text = std::fs::read_to_string(path).map_err(|error| BenchError::Io {
        path: path.display().to_string(),
        error,
    })?;
    parse_lines(&text).map_err(|(line, reason)| BenchError::Parse {
        path: path.display().to_string(),
        line,
        reason,
    })
}

/// [`load_file`] on text: the puzzles, or the 1-based line and reason of the first bad line.
///
/// A 9×9 line whose givens conflict is kept (it has no solution, which is what a benchmark
/// should report), all 9×9 grids share one layout.
pub fn parse_lines(text: &str) -> Result<Vec<Grid>, (usize, String)> {
    let standard = Arc::new(Layout::standard(9).map_err(|e| (0, e.to_string()))?);
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let token = l.split_whitespace().next().unwrap_or(l);
        if let Some(cells) = token.get(..81).and_then(nine_by_nine) {
            out.push(Grid::from_values(standard.clone(), cells));
            continue;
        }
        match parse_one(token, InputFormat::Line) {
            Ok(g) => out.push(g),
            Err(e) => return Err((i + 1, e.to_string())),
        }
    }
    Ok(out)
}

/// The values of an 81-character line (`1`-`9` givens; `.`, `0`, `_` empty), if it is one.
fn nine_by_nine(s: &str) -> Option<Vec<u8>> {
    s.bytes()
        .map(|b| match b {
            b'1'..=b'9' => Some(b - b'0'),
            b'.' | b'0' | b'_' => Some(0),
            _ => None,
        })
        .collect()
}

/// Measures `engine` on `puzzles` in `mode`; `file` names the set in the result.
pub fn bench(
    file: &str,
    puzzles: &[Grid],
    engine: &dyn Solver,
    mode: Mode,
    opts: &Options,
) -> Result<BenchResult, BenchError> {
    if puzzles.is_empty() {
        return Err(BenchError::Empty);
    }
    if mode != Mode::First && !engine.is_complete() {
        return Err(BenchError::Incomplete {
            engine: engine.name().to_string(),
            mode: mode.name(),
        });
    }
    let cap = mode.cap();
    if engine.name() == Fast::NAME {
        let cells: Option<Vec<[u8; 81]>> = puzzles.iter().map(Fast::cells_of).collect();
        if let Some(cells) = cells {
            return Ok(bench_fast(file, &cells, mode, opts));
        }
    }
    // Untimed pass: statistics, and errors surface here.
    let request = Request::count(cap, 0);
    let mut tally = Tally::default();
    for (index, p) in puzzles.iter().enumerate() {
        match engine.solve(p, &request) {
            Ok(r) => tally.add(r.count, r.stats.guesses),
            Err(SolveError::Conflict(_)) => tally.add(0, 0),
            Err(error) => {
                return Err(BenchError::Engine {
                    engine: engine.name().to_string(),
                    number: index + 1,
                    error,
                });
            }
        }
    }
    let (cpu, wall, passes) = measure(opts, puzzles.len().min(1000), |limit| {
        let mut sum = 0u64;
        for p in &puzzles[..limit.min(puzzles.len())] {
            if let Ok(r) = engine.solve(black_box(p), &request) {
                sum = sum.wrapping_add(r.count);
            }
        }
        sum
    });
    Ok(tally.result(file, engine.name(), mode, puzzles.len(), cpu, wall, passes))
}

/// The specialised path for the `fast` engine on raw cells.
pub fn bench_fast(file: &str, puzzles: &[[u8; 81]], mode: Mode, opts: &Options) -> BenchResult {
    let cap = mode.cap();
    let mut tally = Tally::default();
    for p in puzzles {
        let (count, guesses) = Fast::count_up_to(p, cap);
        tally.add(count, guesses);
    }
    let (cpu, wall, passes) = measure(opts, puzzles.len().min(1000), |limit| {
        let mut sum = 0u64;
        let set = &puzzles[..limit.min(puzzles.len())];
        match mode {
            Mode::First => {
                for p in set {
                    let (s, _) = Fast::solve_first(black_box(p));
                    sum = sum.wrapping_add(u64::from(s.is_some()));
                }
            }
            _ => {
                for p in set {
                    sum = sum.wrapping_add(Fast::count_up_to(black_box(p), cap).0);
                }
            }
        }
        sum
    });
    tally.result(file, Fast::NAME, mode, puzzles.len(), cpu, wall, passes)
}

/// Runs `pass(usize::MAX)` (one whole pass) repeatedly after a warm-up of `pass(warm)`;
/// returns the best CPU seconds, best wall seconds and the number of passes.
fn measure(opts: &Options, warm: usize, mut pass: impl FnMut(usize) -> u64) -> (f64, f64, usize) {
    black_box(pass(warm));
    let (mut best_cpu, mut best_wall) = (f64::INFINITY, f64::INFINITY);
    let (mut total, mut passes) = (0.0, 0usize);
    while passes == 0 || (passes < opts.max_passes && total < opts.min_secs) {
        let wall = Instant::now();
        let cpu = ThreadTime::now();
        black_box(pass(usize::MAX));
        let c = cpu.elapsed().as_secs_f64();
        let w = wall.elapsed().as_secs_f64();
        best_cpu = best_cpu.min(c);
        best_wall = best_wall.min(w);
        total += w;
        passes += 1;
    }
    (best_cpu, best_wall, passes)
}

/// Statistics gathered over one pass.
#[derive(Default)]
struct Tally {
    counts: SolutionCounts,
    guesses: u64,
    no_guess: u64,
}

impl Tally {
    fn add(&mut self, count: u64, guesses: u64) {
        match count {
            0 => self.counts.zero += 1,
            1 => self.counts.one += 1,
            _ => self.counts.more += 1,
        }
        self.guesses += guesses;
        self.no_guess += u64::from(guesses == 0);
    }

    #[allow(
        clippy::too_many_arguments,
        reason = "a private constructor of one record"
    )]
    fn result(
        self,
        file: &str,
        engine: &str,
        mode: Mode,
        puzzles: usize,
        cpu: f64,
        wall: f64,
        passes: usize,
    ) -> BenchResult {
        let n = puzzles as f64;
        let per_sec = |secs: f64| if secs > 0.0 { n / secs } else { f64::INFINITY };
        BenchResult {
            file: file.to_string(),
            engine: engine.to_string(),
            mode: mode.name().to_string(),
            cap: mode.cap(),
            puzzles,
            passes,
            puzzles_per_sec: per_sec(cpu),
            us_per_puzzle: cpu * 1e6 / n,
            wall_puzzles_per_sec: per_sec(wall),
            guesses_per_puzzle: self.guesses as f64 / n,
            no_guess_pct: self.no_guess as f64 * 100.0 / n,
            solution_counts: self.counts,
        }
    }
}

/// The column names of [`render_table`] and [`render_tsv`].
const COLUMNS: [&str; 10] = [
    "file",
    "engine",
    "mode",
    "puzzles",
    "puzzles/s",
    "us/puzzle",
    "wall puzzles/s",
    "guesses/puzzle",
    "no guess %",
    "0 / 1 / 2+",
];

/// One result's cells, in the order of [`COLUMNS`].
fn cells(r: &BenchResult) -> [String; 10] {
    [
        r.file.clone(),
        r.engine.clone(),
        if r.mode == "count" {
            format!("count:{}", r.cap)
        } else {
            r.mode.clone()
        },
        r.puzzles.to_string(),
        format!("{:.0}", r.puzzles_per_sec),
        format!("{:.2}", r.us_per_puzzle),
        format!("{:.0}", r.wall_puzzles_per_sec),
        format!("{:.2}", r.guesses_per_puzzle),
        format!("{:.1}", r.no_guess_pct),
        format!(
            "{} / {} / {}",
            r.solution_counts.zero, r.solution_counts.one, r.solution_counts.more
        ),
    ]
}

/// Renders results as tab-separated values: a header line, then one line per result, the
/// columns of [`render_table`] (for spreadsheets and `scripts/`).
pub fn render_tsv(results: &[BenchResult]) -> String {
    let mut out = COLUMNS.join("\t");
    out.push('\n');
    for r in results {
        out.push_str(&cells(r).join("\t"));
        out.push('\n');
    }
    out
}

/// Renders results as an aligned text table, one row per result.
pub fn render_table(results: &[BenchResult]) -> String {
    let header = COLUMNS;
    let rows: Vec<[String; 10]> = results.iter().map(cells).collect();
    let mut widths = header.map(str::len);
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.len());
        }
    }
    let mut out = String::new();
    let mut line = |cells: &[&str]| {
        for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
            let sep = if i == 0 { "" } else { "  " };
            // Text columns (file, engine, mode) left-aligned, numbers right-aligned.
            if i < 3 {
                let _ = write!(out, "{sep}{cell:<w$}");
            } else {
                let _ = write!(out, "{sep}{cell:>w$}");
            }
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    };
    line(&header);
    for row in &rows {
        line(&row.each_ref().map(String::as_str));
    }
    out
}

/// Renders results as a JSON array, one object per file, engine and mode.
pub fn render_json(results: &[BenchResult]) -> String {
    serde_json::to_string_pretty(results).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzles() -> Vec<Grid> {
        parse_lines(
            "# comment\n\
             4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
             \n\
             .................................................................................\n\
             11...............................................................................\n",
        )
        .unwrap_or_default()
    }

    #[test]
    fn parses_and_counts() {
        let p = puzzles();
        assert_eq!(p.len(), 3);
        let opts = Options {
            min_secs: 0.0,
            max_passes: 1,
        };
        let r = bench("t", &p, &Fast, Mode::Unique, &opts).unwrap();
        assert_eq!(r.puzzles, 3);
        assert_eq!(
            r.solution_counts,
            SolutionCounts {
                zero: 1,
                one: 1,
                more: 1
            }
        );
        assert_eq!(r.mode, "unique");
        let r = bench("t", &p, &Fast, Mode::First, &opts).unwrap();
        assert_eq!(r.solution_counts.one, 2);
        let table = render_table(std::slice::from_ref(&r));
        assert!(table.starts_with("file"));
        assert!(table.contains("fast"));
        let json: serde_json::Value = serde_json::from_str(&render_json(&[r])).unwrap();
        for key in [
            "file",
            "engine",
            "mode",
            "puzzles",
            "puzzles_per_sec",
            "us_per_puzzle",
            "guesses_per_puzzle",
            "no_guess_pct",
            "solution_counts",
        ] {
            assert!(json[0].get(key).is_some(), "missing {key}");
        }
    }

    #[test]
    fn modes_parse() {
        assert_eq!(Mode::parse("first", 10).unwrap(), Mode::First);
        assert_eq!(Mode::parse("unique", 10).unwrap(), Mode::Unique);
        assert_eq!(Mode::parse("count", 10).unwrap(), Mode::Count(10));
        assert_eq!(Mode::parse("count:5", 10).unwrap(), Mode::Count(5));
        assert!(Mode::parse("fastest", 10).is_err());
    }

    #[test]
    fn empty_set_is_an_error() {
        assert!(matches!(
            bench("t", &[], &Fast, Mode::First, &Options::default()),
            Err(BenchError::Empty)
        ));
    }
}
