//! Puzzle formats: reading (`line`, `numbers`, `block`, `csv`, `json`/NDJSON, `jigsaw`,
//! `fpuzzles`) with auto-detection, and writing (`line`, `numbers`, `block`, plus the
//! output-only `pretty`, and f-puzzles JSON and links with their layout and rules).
//!
//! Design decision: every input format is one module implementing the small [`Format`] trait
//! (names, one-line help, detection evidence, a factory for its per-input [`RecordReader`]
//! state, and its grid writer if it has one), and the `registry!` invocation below is the
//! one list of formats: one identifier there declares the module and registers its `FORMAT`.
//! So a new format is one new file plus one identifier. [`InputFormat`] is a `Copy` handle
//! (the format's name) that compares and matches like the enum it replaced; its `FromStr`, the
//! list of names and the help text are generated from the registry, and detection only asks
//! the registered formats for their evidence. A library user adds a format without touching
//! this crate: implement [`Format`] and read with [`Reader::with_formats`].
//!
//! Reading is a streaming [`Reader`] over any `BufRead` that yields one [`Record`] per puzzle,
//! in input order, each carrying its 1-based line number and either a [`Grid`] or a
//! [`ParseError`] that names the cell and what is wrong. A bad record never stops the stream;
//! only I/O errors do. Lines are read bounded (1 MiB; 4 MiB for one JSON record, whose
//! multi-line values are cut out by bracket depth, an array element by element), and a line
//! that is too long or not UTF-8 becomes an error record too. The format is detected once per
//! input from a contest over its first few content lines (or forced), and layouts are shared
//! through `Arc` so a million-line file holds one.
//!
//! Layout: `registry` (the [`Format`] and [`RecordReader`] traits, [`Formats`]), `source` (the
//! [`Reader`]: lines, look-ahead, dispatch to the chosen format's state; [`Input`], the view of
//! the lines a format reads from), `detect` (the contest, generic over the registry), `cells`
//! (shared symbol and number helpers), `rules_comment` (a `# rules:` comment line gives the
//! next record its variant rules, in every text format), `rows` (the multi-line record reader `numbers` and
//! `block` share), then one module per format (`line`, `numbers`, `block`, `csv`, `json`,
//! `jigsaw`, `fpuzzles`), `pretty` (the output-only writer), and `spec` (a [`LayoutSpec`] from text: box
//! shape, region map, extra names).

mod cells;
mod detect;
mod pretty;
mod registry;
mod rows;
mod rules_comment;
mod source;
mod spec;

/// The registry: one identifier per format declares its module (which defines
/// `pub(super) static FORMAT`) and registers it in [`BUILTIN`], in this order (the order of the
/// help text, and the first format is the fallback of detection).
macro_rules! registry {
    ($($module:ident),+ $(,)?) => {
        $(mod $module;)+
        /// The built-in formats, in registry order.
        static BUILTIN: &[&'static dyn Format] = &[$(&$module::FORMAT),+];
    };
}

registry!(line, numbers, block, csv, json, jigsaw, fpuzzles);

pub use block::write_block;
pub use fpuzzles::{
    Fpuzzle, NoFpuzzlesForm, decode_link as decode_fpuzzles_link, fpuzzles_value,
    read_text as read_fpuzzles, read_value as read_fpuzzles_value, write_fpuzzles,
    write_fpuzzles_link,
};
pub use line::{LineParser, LineRecord};
pub use numbers::{write_numbers, write_numbers_line};
pub use pretty::write_pretty;
pub use registry::{AUTO_HELP, Format, Formats, RecordReader, UnknownFormat, Window};
pub use source::{BlockLine, Input, Line, LineBlock, Reader};
pub use spec::{LayoutSpecError, parse_box, parse_extra, parse_region_map};

use crate::grid::{Conflict, Grid};
use crate::layout::{Extra, Layout, LayoutError};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// An input format: a cheap `Copy` handle (the name of a registered [`Format`]), or `Auto`.
/// Handles compare by name and can be matched on like an enum.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct InputFormat(&'static str);

#[allow(
    non_upper_case_globals,
    reason = "the handles of the built-in formats keep the enum variants' spelling, so code \
              written against the enum (`InputFormat::Line`, `match`) compiles unchanged"
)]
impl InputFormat {
    /// Detect the format from the first content lines.
    pub const Auto: InputFormat = InputFormat("auto");
    /// One puzzle per line, N² symbols, optional label after whitespace or `#`.
    pub const Line: InputFormat = InputFormat("line");
    /// N rows of N integers (spaces or commas), 0 for empty.
    pub const Numbers: InputFormat = InputFormat("numbers");
    /// N lines of N symbols with optional box separators; puzzles separated by blank lines.
    pub const Block: InputFormat = InputFormat("block");
    /// `quizzes,solutions` CSV: puzzle, optional expected solution.
    pub const Csv: InputFormat = InputFormat("csv");
    /// One JSON object per line (NDJSON), or a JSON array of objects.
    pub const Json: InputFormat = InputFormat("json");
    /// A puzzle line followed by a line of N² region labels.
    pub const Jigsaw: InputFormat = InputFormat("jigsaw");
    /// f-puzzles JSON, its lz-string `?load=` data, or an f-puzzles / SudokuPad link, per line.
    pub const Fpuzzles: InputFormat = InputFormat("fpuzzles");
}

impl InputFormat {
    /// The handle of the format named `name` (see [`Format::name`]); whether such a format is
    /// registered is checked when a [`Reader`] uses it.
    pub const fn new(name: &'static str) -> InputFormat {
        InputFormat(name)
    }

    /// The format's name.
    pub const fn name(self) -> &'static str {
        self.0
    }

    /// The built-in format this handle names (`None` for `Auto` and formats from elsewhere).
    pub fn format(self) -> Option<&'static dyn Format> {
        Formats::builtin().get(self)
    }
}

impl FromStr for InputFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Formats::builtin().parse(s).map_err(|e| e.to_string())
    }
}

impl fmt::Display for InputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for InputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "InputFormat({})", self.name())
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
    /// A record that a format from outside this crate could not read.
    #[error("bad {format} record: {message}")]
    Other {
        /// The format's name.
        format: &'static str,
        /// What is wrong.
        message: String,
    },
    /// A `# rules:` comment line (variant rules for the next record) that does not parse or
    /// does not fit the grid.
    #[error("the `# rules:` comment on line {line}: {message}")]
    RulesComment {
        /// 1-based line of the comment.
        line: usize,
        /// What is wrong.
        message: String,
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
        OutputFormat::Line => line::write_line(grid),
        OutputFormat::Numbers => write_numbers(grid),
        OutputFormat::Block => write_block(grid),
        OutputFormat::Pretty => write_pretty(grid),
    }
}

#[cfg(test)]
mod tests;
