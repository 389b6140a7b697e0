//! The multi-line record reader that formats `numbers` and `block` share: N rows of N cells,
//! records separated by blank lines (a whole puzzle of N² numbers on one line is accepted
//! too, as grids above 35×35 are written). The formats differ only in how a row splits into
//! cells, which they pass in.

use super::cells::*;
use super::detect::*;
use super::registry::RecordReader;
use super::source::*;
use super::{ParseError, Record};
use crate::grid::Grid;
use crate::types::MAX_SIZE;
use std::io;

/// The rows of one multi-line record: first line number, cell tokens per row, and the first
/// shape error found.
pub(super) type Rows = (usize, Vec<Vec<String>>, Option<ParseError>);

/// Reads multi-line records with `split` cutting a row into cells: how `numbers` and
/// `block` read (neither keeps state between records).
pub(super) struct RowRecords(pub(super) fn(&str) -> Vec<&str>);

impl RecordReader for RowRecords {
    fn next_record(&mut self, input: &mut Input<'_>) -> io::Result<Option<Record>> {
        let Some((start, rows, err)) = read_rows(input, self.0)? else {
            return Ok(None);
        };
        let puzzle = match err {
            Some(e) => Err(e),
            None => grid_from_rows(input, &rows),
        };
        Ok(Some(input.record(start, None, puzzle, None)))
    }
}

/// Reads the rows of one multi-line record (numbers or block). Returns the first row's line
/// number, the rows' cell tokens and the first shape error. The side is the first row's
/// cell count unless the spec fixes it; a record ends at a blank line or after N rows.
fn read_rows(input: &mut Input<'_>, split: fn(&str) -> Vec<&str>) -> io::Result<Option<Rows>> {
    let mut start = 0;
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut expected = input.spec().fixed_size();
    let mut err = None;
    while let Some((no, line)) = input.read_line()? {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                if rows.is_empty() {
                    // An unreadable first row is a record of its own.
                    return Ok(Some((no, rows, Some(e))));
                }
                err.get_or_insert(e);
                rows.push(Vec::new());
                if Some(rows.len()) == expected {
                    break;
                }
                continue;
            }
        };
        let t = line.trim();
        if t.is_empty() {
            if rows.is_empty() {
                continue;
            }
            break;
        }
        if t.starts_with('#') || t.starts_with('[') || is_separator_line(t) {
            continue;
        }
        if t.chars().all(|c| c == '-') && expected.is_none_or(|n| t.len() != n) {
            continue; // a plain dashed rule between bands
        }
        let cells = split(t);
        if rows.is_empty() {
            start = no;
            // A whole puzzle on one line: more cells than any row has, N² of them (how
            // grids above 35x35, which have no symbol alphabet, are written one per line).
            if cells.len() > MAX_SIZE
                && let Some(n) = isqrt_exact(cells.len())
                && n <= MAX_SIZE
                && expected.is_none_or(|f| f == n)
            {
                let rows = cells
                    .chunks(n)
                    .map(|r| r.iter().map(|c| c.to_string()).collect())
                    .collect();
                return Ok(Some((start, rows, None)));
            }
            if cells.len() == 1 && expected.is_none() && input.detected() {
                return Ok(Some((start, rows, Some(trivial_error()))));
            }
            let n = *expected.get_or_insert(cells.len());
            if n == 0 || n > MAX_SIZE {
                // Too wide for any grid: report this line alone rather than swallowing
                // the lines after it.
                let e = crate::layout::LayoutError::UnsupportedSize(n);
                return Ok(Some((start, rows, Some(e.into()))));
            }
        }
        let n = expected.unwrap_or(0);
        if cells.len() != n {
            err.get_or_insert(ParseError::RowLength {
                row: rows.len() + 1,
                found: cells.len(),
                expected: n,
            });
            rows.push(Vec::new());
        } else {
            rows.push(cells.into_iter().map(String::from).collect());
        }
        if Some(rows.len()) == expected {
            // The record must end here: more rows before the blank line belong to it (a
            // typo), not to a record of their own.
            if extra_rows(input)? {
                err.get_or_insert(ParseError::ExtraRows {
                    expected: expected.unwrap_or(0),
                });
            }
            break;
        }
    }
    if rows.is_empty() {
        return Ok(None);
    }
    let n = expected.unwrap_or(0);
    if err.is_none() && rows.len() != n {
        err = Some(ParseError::MissingRows {
            found: rows.len(),
            expected: n,
        });
    }
    Ok(Some((start, rows, err)))
}

/// After the last row of a record: consumes the lines up to the next blank line (or the
/// end) and says whether any of them is a row (comments and box rules are not).
fn extra_rows(input: &mut Input<'_>) -> io::Result<bool> {
    let mut extra = false;
    while let Some((no, line)) = input.read_line()? {
        match &line {
            Ok(l) if l.trim().is_empty() => {
                input.unread((no, line));
                break;
            }
            Ok(l) if is_blank_or_comment(l) || is_separator_line(l) => {}
            Ok(l) if l.trim().chars().all(|c| c == '-') => {}
            _ => extra = true,
        }
    }
    Ok(extra)
}

/// Turns the rows of a numbers or block record into a grid (tokens are numbers or symbols).
fn grid_from_rows(input: &mut Input<'_>, rows: &[Vec<String>]) -> Result<Grid, ParseError> {
    let n = rows.len();
    let values = rows
        .iter()
        .enumerate()
        .flat_map(|(r, row)| row.iter().enumerate().map(move |(c, t)| (r, c, t)))
        .map(|(r, c, t)| number_value(t, n, r, c))
        .collect::<Result<Vec<u8>, ParseError>>()?;
    finish(input.layout_for(n)?, values)
}
