//! Format `numbers`: N rows of N integers (spaces or commas), 0 or `.` for empty, records
//! separated by blank lines (read by the shared `rows` reader); its detection evidence and
//! its writers.

use super::cells::number_tokens;
use super::registry::{Format, RecordReader};
use super::rows::RowRecords;
use super::{InputFormat, LayoutSpec};
use crate::grid::Grid;

/// The registration of format `numbers`.
pub(super) static FORMAT: NumbersFormat = NumbersFormat;

/// Format `numbers`: a line of two or more integers looks like one of its rows.
pub(super) struct NumbersFormat;

impl Format for NumbersFormat {
    fn name(&self) -> &'static str {
        InputFormat::Numbers.name()
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["matrix"]
    }

    fn help(&self) -> &'static str {
        "N rows of N integers (spaces or commas), 0 for empty; puzzles separated by blank lines"
    }

    fn line_strength(&self, line: &str, _spec: &LayoutSpec) -> Option<u8> {
        let tokens = number_tokens(line.trim());
        (tokens.len() >= 2 && tokens.iter().all(|tok| is_integer(tok))).then_some(3)
    }

    fn reader(&self) -> Box<dyn RecordReader> {
        Box::new(RowRecords(number_tokens))
    }

    fn write(&self, grid: &Grid) -> Option<String> {
        Some(write_numbers(grid))
    }
}

/// Whether a token is an integer (optionally signed, any length): a numbers-format cell even
/// when out of range, so `-1` or a 23-digit number is reported as a bad cell, not as a row of
/// some other format.
fn is_integer(tok: &str) -> bool {
    let digits = tok.strip_prefix(['-', '+']).unwrap_or(tok);
    !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit())
}

/// N rows of N integers separated by spaces, right-aligned, 0 for empty.
pub fn write_numbers(grid: &Grid) -> String {
    write_numbers_with(grid, '\n')
}

/// The one-line form for grids that have no line symbols (above 35×35): all N² values
/// separated by single spaces, 0 for empty, on one line. The reader takes a numbers line of
/// N² values (more than any row has) as a whole puzzle, so this reads back.
pub fn write_numbers_line(grid: &Grid) -> String {
    write_numbers_with(grid, ' ')
}

fn write_numbers_with(grid: &Grid, row_end: char) -> String {
    let n = grid.size();
    let width = if row_end == '\n' {
        n.to_string().len()
    } else {
        1
    };
    let mut out = String::with_capacity(n * n * (width + 1));
    for (i, &v) in grid.values().iter().enumerate() {
        if i > 0 {
            out.push(if i % n == 0 { row_end } else { ' ' });
        }
        out.push_str(&format!("{v:>width$}"));
    }
    out
}

