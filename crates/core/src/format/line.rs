//! Format `line`: one puzzle per line, N² symbols, then an optional label; detection evidence
//! and the writer too. [`LineParser`] is the part that can run on any thread (the CLI parses
//! line records on its workers).

use super::cells::*;
use super::detect::{is_separator_line, square_ok};
use super::numbers::write_numbers_line;
use super::registry::{Format, RecordReader, Window};
use super::source::*;
use super::{InputFormat, LayoutSpec, ParseError, Record};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::types::MAX_SIZE;
use std::io;
use std::sync::Arc;

/// Parses line-format records (N² symbols, optional label) with a cache of layouts; the part
/// of [`Reader`] that can run anywhere, so a batch can be parsed on worker threads.
#[derive(Clone, Debug)]
pub struct LineParser {
    pub(super) spec: LayoutSpec,
    pub(super) cache: Vec<(usize, Arc<Layout>)>,
    /// The format was detected, not given: a 1×1 "puzzle" is then almost surely a stray
    /// word or note, and is reported instead of solved.
    pub(super) detected: bool,
}

impl LineParser {
    /// A parser applying `spec` to every record.
    pub fn new(spec: LayoutSpec) -> LineParser {
        LineParser {
            spec,
            cache: Vec::new(),
            detected: false,
        }
    }

    /// The layout rules this parser applies.
    pub fn spec(&self) -> &LayoutSpec {
        &self.spec
    }

    /// Parses one line-format record: the puzzle token, then its label.
    pub fn parse(&mut self, index: usize, line: usize, text: Result<&str, ParseError>) -> Record {
        let (label, puzzle) = match text {
            Ok(t) => {
                let (tok, label) = first_token(t);
                (label, self.grid_from_symbols(tok))
            }
            Err(e) => (None, Err(e)),
        };
        Record {
            index,
            line,
            format: InputFormat::Line,
            label,
            puzzle,
            expected: None,
        }
    }

    /// [`LineParser::parse`] without allocating in the common case: the puzzle goes into
    /// `grid`, whose storage is reused when it already has the record's layout (the same
    /// shared layout this parser hands out), and the label is borrowed from `text`. A
    /// standard 9×9 line of ASCII symbols allocates nothing and touches no reference count
    /// (so workers parsing in parallel share no cache line); any other line is parsed as
    /// `parse` does and its grid moved into `grid`. On an error `grid` is left as it was.
    pub fn parse_into<'a, 'g>(
        &mut self,
        text: &'a str,
        grid: &'g mut Option<Grid>,
    ) -> LineRecord<'a, 'g> {
        // The commonest line of all: 81 valid symbols, then nothing or a separator and a
        // label. Tokenising it and sizing the grid from the token's length would give the
        // same answer the long way; any other line (and any bad symbol) takes that way.
        if let Some((tok, rest)) = plain_81(text)
            && let Some(values) = ascii_9x9_values(tok)
            && let Some(layout) = self.standard_9x9_layout()
        {
            let label = rest.trim();
            return LineRecord {
                label: (!label.is_empty()).then_some(label),
                puzzle: Ok(Grid::fill_slot(grid, layout, &values)),
            };
        }
        let (tok, label) = split_token(text);
        let puzzle = match self.standard_9x9(tok) {
            Ok(Some(values)) => self
                .layout_ref(9)
                .map(|layout| Grid::fill_slot(grid, layout, &values)),
            Ok(None) => self
                .grid_from_symbols(tok)
                .map(|g| &*grid.insert(g)),
            Err(e) => Err(e),
        };
        LineRecord { label, puzzle }
    }

    /// The standard 9×9 layout, when these rules give an 81-symbol line that layout.
    fn standard_9x9_layout(&mut self) -> Option<&Arc<Layout>> {
        if self.spec.fixed_size().is_some_and(|f| f != 9) {
            return None;
        }
        self.layout_ref(9).ok().filter(|l| l.is_standard_9x9())
    }

    /// The values of `token` when it is 81 ASCII symbols of a standard 9×9 puzzle under these
    /// rules with no repeated digit; `Ok(None)` when the general path must decide (it names
    /// what is wrong); an error when the token's length is already wrong for the rules.
    fn standard_9x9(&mut self, token: &str) -> Result<Option<[u8; 81]>, ParseError> {
        if !token.is_ascii() || self.side_from_len(token.len())? != 9 {
            return Ok(None);
        }
        if !self.layout_ref(9)?.is_standard_9x9() {
            return Ok(None);
        }
        Ok(ascii_9x9_values(token.as_bytes()))
    }

    /// The layout of a side-`n` grid under these rules (cached): what a caller holding cells
    /// rather than text (the Python package's numpy arrays) builds its grids in.
    pub fn layout_for(&mut self, n: usize) -> Result<Arc<Layout>, ParseError> {
        self.layout_ref(n).cloned()
    }

    /// A side-`n` grid from its cell values (0 empty, each at most `n`, as the caller has
    /// checked), with the givens' conflict check a parsed line gets: what a caller holding
    /// cells rather than text reads a record with.
    pub fn grid_from_values(&mut self, n: usize, values: Vec<u8>) -> Result<Grid, ParseError> {
        finish(self.layout_for(n)?, values)
    }

    /// The cached layout of side `n`, built on first use; borrowed, so the hot path does not
    /// touch the shared reference count.
    fn layout_ref(&mut self, n: usize) -> Result<&Arc<Layout>, ParseError> {
        if let Some(i) = self.cache.iter().position(|(k, _)| *k == n) {
            return Ok(&self.cache[i].1);
        }
        let layout = if let Some(r) = &self.spec.regions {
            if r.size() != n {
                return Err(ParseError::WrongLength {
                    found: n * n,
                    expected: format!("{} for the given {}", r.cell_count(), r.describe()),
                });
            }
            r.with_extras(&self.spec.extras)
        } else if let Some((rows, cols)) = self.spec.box_shape {
            Layout::boxed(n, rows, cols)?.with_extras(&self.spec.extras)
        } else {
            Layout::standard(n)?.with_extras(&self.spec.extras)
        };
        if self.cache.len() > 8 {
            self.cache.clear();
        }
        self.cache.push((n, Arc::new(layout)));
        Ok(&self.cache[self.cache.len() - 1].1)
    }

    pub(super) fn side_from_len(&self, len: usize) -> Result<usize, ParseError> {
        if let Some(f) = self.spec.fixed_size() {
            if f == 0 || f > MAX_SIZE {
                return Err(crate::layout::LayoutError::UnsupportedSize(f).into());
            }
            if len == f * f {
                return Ok(f);
            }
            return Err(ParseError::WrongLength {
                found: len,
                expected: format!("expected {} for a {f}x{f} grid", f * f),
            });
        }
        match isqrt_exact(len) {
            Some(1) if self.detected => Err(trivial_error()),
            Some(n) if n <= MAX_SIZE => Ok(n),
            _ => Err(ParseError::WrongLength {
                found: len,
                expected: if len > 0 && len < 81 + 19 {
                    "expected a square number N² (81 for 9x9, 16 for 4x4, 36 for 6x6, 256 for 16x16)".into()
                } else {
                    "expected a square number N² with N between 1 and 64".into()
                },
            }),
        }
    }

    pub(super) fn grid_from_symbols(&mut self, token: &str) -> Result<Grid, ParseError> {
        // The common case, an ASCII token of valid symbols, goes through a byte table; any
        // other token (or a bad symbol) takes the general path, which names the bad cell.
        if token.is_ascii() {
            let n = self.side_from_len(token.len())?;
            if n == 9 {
                let layout = self.layout_for(9)?;
                if layout.is_standard_9x9()
                    && let Some(values) = ascii_9x9_values(token.as_bytes())
                {
                    return Ok(Grid::from_checked_values(layout, values.to_vec()));
                }
            }
            if let Some(values) = ascii_symbols_to_values(token.as_bytes(), n) {
                return finish(self.layout_for(n)?, values);
            }
        }
        let chars: Vec<char> = token.chars().collect();
        let n = self.side_from_len(chars.len())?;
        let values = symbols_to_values(&chars, n)?;
        let layout = self.layout_for(n)?;
        finish(layout, values)
    }
}

/// A line record parsed by [`LineParser::parse_into`]: the label, borrowed from the line, and
/// whether the caller's grid now holds the puzzle.
#[derive(Debug)]
pub struct LineRecord<'a, 'g> {
    /// The text after the puzzle token, trimmed; `None` when there is none.
    pub label: Option<&'a str>,
    /// The puzzle, in the grid given to [`LineParser::parse_into`]; or why the line is not
    /// one.
    pub puzzle: Result<&'g Grid, ParseError>,
}

/// The registration of format `line`.
pub(super) static FORMAT: LineFormat = LineFormat;

/// Format `line`: its detection evidence is a first token of N² symbols (or longer than any
/// grid row), and a clean such first line settles detection at once.
pub(super) struct LineFormat;

impl Format for LineFormat {
    fn name(&self) -> &'static str {
        InputFormat::Line.name()
    }

    fn help(&self) -> &'static str {
        "one puzzle per line, N² symbols (. or 0 empty), optional label after whitespace or #"
    }

    fn line_strength(&self, line: &str, spec: &LayoutSpec) -> Option<u8> {
        let t = line.trim();
        let (tok, _) = first_token(t);
        let len = tok.chars().count();
        // No block row is wider than 64 cells: a longer token is a line puzzle (perhaps of the
        // wrong length, which its record then reports).
        (!t.contains('|') && (square_ok(len, spec) || len > MAX_SIZE)).then_some(2)
    }

    fn settles(&self, first: &str, spec: &LayoutSpec) -> bool {
        let (tok, _) = first_token(first.trim());
        !tok.contains([',', '|']) && square_ok(tok.chars().count(), spec)
    }

    fn window_claim(&self, window: &Window<'_>) -> Option<u8> {
        window.lines.iter().any(|l| long_line_token(l)).then_some(1)
    }

    fn reader(&self) -> Box<dyn RecordReader> {
        Box::new(LineRecords)
    }

    fn write(&self, grid: &Grid) -> Option<String> {
        Some(write_line(grid))
    }
}

/// A first token longer than any block or numbers row (64 cells): only a line puzzle (of
/// the right length or not) looks like that.
fn long_line_token(line: &str) -> bool {
    let (tok, _) = first_token(line);
    tok.chars().count() > MAX_SIZE
        && !tok.contains(',')
        && !tok.starts_with(['{', '['])
        && !is_separator_line(line)
}

/// One line of N² symbols; grids above 35×35 (no symbol alphabet) as N² numbers separated by
/// spaces, still on one line.
pub(super) fn write_line(grid: &Grid) -> String {
    grid.to_line().unwrap_or_else(|| write_numbers_line(grid))
}

/// Line records keep no state between records.
struct LineRecords;

impl RecordReader for LineRecords {
    fn next_record(&mut self, input: &mut Input<'_>) -> io::Result<Option<Record>> {
        let Some((no, line)) = input.next_content_line()? else {
            return Ok(None);
        };
        let line = match line {
            Ok(l) => l,
            Err(e) => return Ok(Some(input.record(no, None, Err(e), None))),
        };
        let (tok, label) = first_token(&line);
        let puzzle = input.grid_from_symbols(tok);
        Ok(Some(input.record(no, label, puzzle, None)))
    }
}

/// `line` split after its 81st byte when that is where a token would end: the line has
/// exactly 81 bytes, or an ASCII separator (whitespace or `#`) follows them. Whether the 81
/// bytes are a token (no separator among them) is left to the symbol check.
fn plain_81(line: &str) -> Option<(&[u8], &str)> {
    let bytes = line.as_bytes();
    let ends = match bytes.get(81) {
        None => bytes.len() == 81,
        Some(&b) => matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ' | b'#'),
    };
    // Byte 81 is ASCII (or the end), so it starts a character.
    ends.then(|| (&bytes[..81], &line[81..]))
}

