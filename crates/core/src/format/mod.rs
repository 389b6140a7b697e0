//! Puzzle formats: reading (`line`, `numbers`, `block`, `csv`, `json`/NDJSON, `jigsaw`) with
//! auto-detection, and writing (the same plus `pretty`).
//!
//! Design decision: reading is a streaming [`Reader`] over any `BufRead` that yields one
//! [`Record`] per puzzle, in input order, each carrying its 1-based line number and either a
//! [`Grid`] or a [`ParseError`] that names the cell and what is wrong. A bad record never stops
//! the stream; only I/O errors do. Lines are read bounded (1 MiB; 4 MiB for one JSON record,
//! whose multi-line values are cut out by bracket depth, an array element by element), and a
//! line that is too long or not UTF-8 becomes an error record too. The format is detected once
//! per input from a vote over its first few content lines (or forced), and layouts are shared
//! through `Arc` so a million-line file holds one.
//!
//! Layout: `source` (the [`Reader`]: lines, look-ahead, dispatch), `detect`, `cells` (shared
//! symbol and number helpers), then one module per format (`line`, `csv`, `rows` for numbers
//! and block, `json`, `jigsaw`), `write`, and `spec` (a [`LayoutSpec`] from text: box shape,
//! region map, extra names).

mod cells;
mod csv;
mod detect;
mod jigsaw;
mod json;
mod line;
mod rows;
mod source;
mod spec;
mod write;

pub use line::LineParser;
pub use source::Reader;
pub use spec::{LayoutSpecError, parse_box, parse_extra, parse_region_map};
pub use write::{write_block, write_numbers, write_numbers_line, write_pretty};

use crate::grid::{Conflict, Grid};
use crate::layout::{Extra, Layout, LayoutError};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// An input format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputFormat {
    /// Detect from the first content line.
    Auto,
    /// One puzzle per line, N² symbols, optional label after whitespace or `#`.
    Line,
    /// N rows of N integers (spaces or commas), 0 for empty.
    Numbers,
    /// N lines of N symbols with optional box separators; puzzles separated by blank lines.
    Block,
    /// `quizzes,solutions` CSV: puzzle, optional expected solution.
    Csv,
    /// One JSON object per line (NDJSON), or a JSON array of objects.
    Json,
    /// A puzzle line followed by a line of N² region labels.
    Jigsaw,
}

impl InputFormat {
    /// The format's name.
    pub fn name(self) -> &'static str {
        match self {
            InputFormat::Auto => "auto",
            InputFormat::Line => "line",
            InputFormat::Numbers => "numbers",
            InputFormat::Block => "block",
            InputFormat::Csv => "csv",
            InputFormat::Json => "json",
            InputFormat::Jigsaw => "jigsaw",
        }
    }
}

impl FromStr for InputFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s {
            "auto" => InputFormat::Auto,
            "line" => InputFormat::Line,
            "numbers" | "matrix" => InputFormat::Numbers,
            "block" | "sdk" => InputFormat::Block,
            "csv" => InputFormat::Csv,
            "json" | "ndjson" => InputFormat::Json,
            "jigsaw" => InputFormat::Jigsaw,
            _ => {
                return Err(format!(
                    "unknown input format '{s}' (auto, line, numbers, block, csv, json, jigsaw)"
                ));
            }
        })
    }
}

impl fmt::Display for InputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How to build the layout of records whose format does not carry one (everything but JSON
/// and jigsaw): the side comes from the record unless a box shape fixes it.
#[derive(Clone, Debug, Default)]
pub struct LayoutSpec {
    /// Box shape `(rows, cols)`; fixes N = rows·cols.
    pub box_shape: Option<(usize, usize)>,
    /// Jigsaw regions to use for every record (fixes N).
    pub regions: Option<Arc<Layout>>,
    /// Extra constraints.
    pub extras: Vec<Extra>,
}

impl LayoutSpec {
    /// The side this spec fixes, if any.
    pub fn fixed_size(&self) -> Option<usize> {
        match (&self.regions, self.box_shape) {
            (Some(l), _) => Some(l.size()),
            // Saturating: an absurd `--box` must not wrap around to a valid side.
            (None, Some((r, c))) => Some(r.saturating_mul(c)),
            _ => None,
        }
    }
}

/// What is wrong with one record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The line's symbol count is not N² for a supported N.
    #[error("wrong length: {found} cells; {expected}")]
    WrongLength {
        /// Symbols found.
        found: usize,
        /// What was expected, in words.
        expected: String,
    },
    /// A character that is neither a digit symbol nor an empty-cell symbol.
    #[error("unknown symbol '{symbol}' at row {row}, column {col}")]
    UnknownSymbol {
        /// The symbol as written.
        symbol: String,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A digit larger than N.
    #[error(
        "symbol '{symbol}' (= {value}) at row {row}, column {col} is too large for a {n}x{n} grid"
    )]
    TooLarge {
        /// The symbol as written.
        symbol: String,
        /// Its value.
        value: u64,
        /// Side.
        n: usize,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A row of a multi-line record has the wrong number of cells.
    #[error("row {row} has {found} cells, expected {expected}")]
    RowLength {
        /// 1-based row within the record.
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells expected.
        expected: usize,
    },
    /// A multi-line record has more rows than its side, before the blank line that ends it.
    #[error("puzzle has more than {expected} rows (puzzles are separated by blank lines)")]
    ExtraRows {
        /// Rows expected.
        expected: usize,
    },
    /// A multi-line record ended early.
    #[error("puzzle has {found} rows, expected {expected}")]
    MissingRows {
        /// Rows found.
        found: usize,
        /// Rows expected.
        expected: usize,
    },
    /// Two equal givens share a house.
    #[error("{0}")]
    Conflict(#[from] Conflict),
    /// The layout is invalid.
    #[error("bad layout: {0}")]
    Layout(#[from] LayoutError),
    /// A JSON record that is not valid or lacks fields.
    #[error("bad JSON record: {0}")]
    Json(String),
    /// A CSV record that is malformed.
    #[error("bad CSV record: {0}")]
    Csv(String),
    /// The expected solution (CSV second column, JSON `solution`) is not a complete grid.
    #[error("expected solution: {0}")]
    Expected(Box<ParseError>),
    /// A region line is missing after a jigsaw puzzle line.
    #[error("missing region line after the puzzle line")]
    MissingRegions,
    /// A line longer than any puzzle needs (the rest of it is skipped, not stored).
    #[error("line is longer than {} MiB; no puzzle needs that much", limit >> 20)]
    LineTooLong {
        /// The limit in bytes.
        limit: usize,
    },
    /// A line that is not valid UTF-8.
    #[error("line is not valid UTF-8 (bad byte at column {column})")]
    InvalidUtf8 {
        /// 1-based column (in characters) of the first bad byte.
        column: usize,
    },
    /// A cell of an expected solution is empty.
    #[error("cell at row {row}, column {col} is empty")]
    EmptyCell {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
}

/// One input record: a puzzle (or why it could not be read) and where it came from.
#[derive(Clone, Debug)]
pub struct Record {
    /// 1-based record number in its input.
    pub index: usize,
    /// 1-based line where the record starts.
    pub line: usize,
    /// The concrete format it was read in.
    pub format: InputFormat,
    /// Text after the puzzle on its line (line and CSV formats), or JSON `label`/`id`.
    pub label: Option<String>,
    /// The puzzle, or what is wrong with it.
    pub puzzle: Result<Grid, ParseError>,
    /// An expected solution given with the puzzle (CSV second column, JSON `solution`).
    pub expected: Option<Result<Grid, ParseError>>,
}

/// Parses a single puzzle from text in any format (auto-detected), with the default layout
/// rules. Convenience for tests and library users; errors if there is not exactly one record.
pub fn parse_one(text: &str, format: InputFormat) -> Result<Grid, ParseError> {
    parse_one_with(text, format, &LayoutSpec::default())
}

/// [`parse_one`] with an explicit [`LayoutSpec`].
pub fn parse_one_with(
    text: &str,
    format: InputFormat,
    spec: &LayoutSpec,
) -> Result<Grid, ParseError> {
    let mut reader = Reader::new(text.as_bytes(), format, spec.clone());
    match reader.next() {
        Some(Ok(rec)) => rec.puzzle,
        Some(Err(e)) => Err(ParseError::Json(e.to_string())),
        None => Err(ParseError::WrongLength {
            found: 0,
            expected: "a puzzle".into(),
        }),
    }
}

/// An output format for grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutputFormat {
    /// One line of N² symbols; grids above 35×35 (no symbol alphabet) as N² numbers separated
    /// by spaces, still on one line.
    Line,
    /// N rows of N integers.
    Numbers,
    /// N rows of N symbols with box separators.
    Block,
    /// A boxed grid for terminals, with region borders.
    Pretty,
}

/// Writes `grid` in `format` (no trailing newline).
pub fn write_grid(grid: &Grid, format: OutputFormat) -> String {
    match format {
        OutputFormat::Line => grid.to_line().unwrap_or_else(|| write_numbers_line(grid)),
        OutputFormat::Numbers => write_numbers(grid),
        OutputFormat::Block => write_block(grid),
        OutputFormat::Pretty => write_pretty(grid),
    }
}

#[cfg(test)]
mod tests;
