//! The streaming reader: format detection and the per-format record parsers.

use super::{InputFormat, LayoutSpec, ParseError, Record};
use crate::grid::{Grid, Symbol, parse_symbol};
use crate::layout::{Extra, Layout};
use crate::types::{Cell, MAX_SIZE};
use serde_json::Value;
use std::collections::VecDeque;
use std::io::{self, BufRead, Read};
use std::sync::Arc;

/// The rows of one multi-line record: first line number, cell tokens per row, and the first
/// shape error found.
type Rows = (usize, Vec<Vec<String>>, Option<ParseError>);

/// One physical line: its 1-based number and its text, or why it cannot be read (too long,
/// not UTF-8). An unreadable line becomes an error record; it never stops the stream.
type Line = (usize, Result<String, ParseError>);

/// Longest JSON record (or JSON line) accepted, in bytes; an array of records counts as one.
const MAX_JSON_RECORD: usize = 4 << 20;

/// Longest line accepted by the other formats, in bytes. A 64×64 puzzle line is 4,096 symbols
/// and a numbers row a few hundred bytes, so this leaves ample room for labels while keeping
/// memory bounded on a runaway line (the rest of such a line is skipped, not stored).
const MAX_LINE: usize = 1 << 20;

/// Streams [`Record`]s out of any `BufRead`, one per puzzle, in input order.
pub struct Reader<R> {
    input: R,
    format: InputFormat,
    spec: LayoutSpec,
    line_no: usize,
    records: usize,
    peeked: VecDeque<Line>,
    pending: VecDeque<Record>,
    parser: LineParser,
    jigsaw_cache: Option<(String, Arc<Layout>)>,
    csv_header_checked: bool,
    bytes: Vec<u8>,
}

fn is_blank_or_comment(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

fn isqrt_exact(len: usize) -> Option<usize> {
    let n = (len as f64).sqrt().round() as usize;
    (n * n == len && n > 0).then_some(n)
}

fn first_token(line: &str) -> (&str, Option<String>) {
    let t = line.trim_start();
    let end = t
        .find(|c: char| c.is_whitespace() || c == '#')
        .unwrap_or(t.len());
    let label = t[end..].trim();
    (&t[..end], (!label.is_empty()).then(|| label.to_string()))
}

fn number_tokens(line: &str) -> Vec<&str> {
    line.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|t| !t.is_empty() && !t.chars().all(|c| matches!(c, '|' | '+' | '-' | '=')))
        .collect()
}

/// The cells of a block row: one symbol per character, ignoring spaces and `|` box separators.
/// A row of ten or more whitespace-separated words that are numbers (as `pretty` writes grids
/// above 9×9: `| 10  .  3 |`) is read word by word instead.
fn block_cells(t: &str) -> Vec<&str> {
    let words: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|w| !w.is_empty())
        .collect();
    let number_word = |w: &&str| {
        w.chars().count() == 1 || (w.len() <= 2 && w.bytes().all(|b| b.is_ascii_digit()))
    };
    if words.len() >= 10 && words.iter().any(|w| w.len() > 1) && words.iter().all(number_word) {
        return words;
    }
    t.char_indices()
        .filter(|&(_, c)| !c.is_whitespace() && c != '|')
        .map(|(i, c)| &t[i..i + c.len_utf8()])
        .collect()
}

/// Tracks bracket depth over JSON text, line by line, outside strings, so a multi-line value
/// is known to be complete without re-parsing it; also notes the line each element of a
/// top-level array starts on.
#[derive(Default)]
struct JsonScan {
    depth: i64,
    in_string: bool,
    escape: bool,
    started: bool,
    top_array: bool,
    expect_elem: bool,
    broken: bool,
    elem_lines: Vec<usize>,
}

impl JsonScan {
    fn feed(&mut self, line: &str, line_no: usize) {
        for b in line.bytes() {
            if self.in_string {
                if self.escape {
                    self.escape = false;
                } else if b == b'\\' {
                    self.escape = true;
                } else if b == b'"' {
                    self.in_string = false;
                }
                continue;
            }
            if b.is_ascii_whitespace() {
                continue;
            }
            if !self.started {
                self.started = true;
                self.top_array = b == b'[';
            }
            if self.top_array && self.depth == 1 && self.expect_elem && b != b']' && b != b',' {
                self.elem_lines.push(line_no);
                self.expect_elem = false;
            }
            match b {
                b'"' => self.in_string = true,
                b'{' | b'[' => {
                    self.depth += 1;
                    if self.top_array && self.depth == 1 {
                        self.expect_elem = true;
                    }
                }
                b'}' | b']' => self.depth -= 1,
                b',' if self.depth == 1 => self.expect_elem = true,
                _ => {}
            }
        }
        // A JSON string cannot span lines: the value is broken, let the parser say where.
        if self.in_string {
            self.broken = true;
        }
    }

    /// Whether the value is complete (or cannot become valid by reading more lines).
    fn done(&self) -> bool {
        self.started && (self.depth <= 0 || self.broken)
    }
}

/// Whether a line is a box rule (`---+---+---`, `+-------+`, `| | |`) rather than a row.
fn is_separator_line(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty()
        && t.chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|' | ' ' | '*'))
        && (t.contains('+') || t.contains('=') || t.contains(' ') || t.contains('|'))
}

/// Whether a first line that [`detect`] calls a block row could instead be one line-format
/// puzzle: a single token (no spaces or `|` box separators) that is not a rule line or a
/// `[section]` header.
fn could_be_line(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty()
        && !t.starts_with('[')
        && !t.contains(|c: char| c.is_whitespace() || c == '|')
        && !is_separator_line(t)
}

/// Guesses the format of an input from its first content line.
pub(crate) fn detect(line: &str, spec: &LayoutSpec) -> InputFormat {
    let t = line.trim();
    // `[Puzzle]`-style section headers of .sdk/.ss files are not JSON.
    let section = t.starts_with('[') && t[1..].starts_with(|c: char| c.is_ascii_alphabetic());
    if (t.starts_with('{') || t.starts_with('[')) && !section {
        return InputFormat::Json;
    }
    // A rule line (`+-------+-------+`) opens a boxed block, even when its length is a square.
    if section || is_separator_line(t) {
        return InputFormat::Block;
    }
    let fixed = spec.fixed_size();
    let square_ok = |len: usize| match isqrt_exact(len) {
        Some(n) => fixed.map_or(n >= 4, |f| f == n),
        None => false,
    };
    if t.contains(',') {
        let field = t.split(',').next().unwrap_or("").trim().trim_matches('"');
        let header =
            !field.is_empty() && field.chars().all(|c| c.is_ascii_alphabetic() || c == '_');
        if (square_ok(field.chars().count()) && !field.contains(' ')) || header {
            return InputFormat::Csv;
        }
    }
    let tokens = number_tokens(t);
    if tokens.len() >= 2
        && tokens
            .iter()
            .all(|tok| tok.len() <= 2 && tok.chars().all(|c| c.is_ascii_digit()))
    {
        return InputFormat::Numbers;
    }
    let (tok, _) = first_token(t);
    let len = tok.chars().count();
    // No block row is wider than 64 cells: a longer token is a line puzzle (perhaps of the
    // wrong length, which its record then reports).
    if !t.contains('|') && (square_ok(len) || len > MAX_SIZE) {
        return InputFormat::Line;
    }
    InputFormat::Block
}

/// Parses line-format records (N² symbols, optional label) with a cache of layouts; the part
/// of [`Reader`] that can run anywhere, so a batch can be parsed on worker threads.
#[derive(Clone, Debug)]
pub struct LineParser {
    spec: LayoutSpec,
    cache: Vec<(usize, Arc<Layout>)>,
}

impl LineParser {
    /// A parser applying `spec` to every record.
    pub fn new(spec: LayoutSpec) -> LineParser {
        LineParser {
            spec,
            cache: Vec::new(),
        }
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

    fn layout_for(&mut self, n: usize) -> Result<Arc<Layout>, ParseError> {
        if let Some((_, l)) = self.cache.iter().find(|(k, _)| *k == n) {
            return Ok(l.clone());
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
        let layout = Arc::new(layout);
        if self.cache.len() > 8 {
            self.cache.clear();
        }
        self.cache.push((n, layout.clone()));
        Ok(layout)
    }

    fn side_from_len(&self, len: usize) -> Result<usize, ParseError> {
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

    fn grid_from_symbols(&mut self, token: &str) -> Result<Grid, ParseError> {
        let chars: Vec<char> = token.chars().collect();
        let n = self.side_from_len(chars.len())?;
        let values = symbols_to_values(&chars, n)?;
        let layout = self.layout_for(n)?;
        finish(layout, values)
    }
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`; `format` may be [`InputFormat::Auto`].
    pub fn new(input: R, format: InputFormat, spec: LayoutSpec) -> Reader<R> {
        Reader {
            input,
            format,
            spec: spec.clone(),
            line_no: 0,
            records: 0,
            peeked: VecDeque::new(),
            pending: VecDeque::new(),
            parser: LineParser::new(spec),
            jigsaw_cache: None,
            csv_header_checked: false,
            bytes: Vec::new(),
        }
    }

    /// The format in use (after detection; `Auto` until the first content line is read).
    pub fn format(&self) -> InputFormat {
        self.format
    }

    /// Reads one physical line, bounded: at most `MAX_LINE` bytes (`MAX_JSON_RECORD` for JSON)
    /// are stored; the rest of a longer line is skipped and the line reported as too long.
    /// Invalid UTF-8 is reported for the line (comments are exempt and read lossily).
    fn read_line(&mut self) -> io::Result<Option<Line>> {
        if let Some(p) = self.peeked.pop_front() {
            return Ok(Some(p));
        }
        self.read_physical_line()
    }

    /// [`Self::read_line`] without the look-ahead queue.
    fn read_physical_line(&mut self) -> io::Result<Option<Line>> {
        let limit = match self.format {
            InputFormat::Json | InputFormat::Auto => MAX_JSON_RECORD,
            _ => MAX_LINE,
        };
        self.bytes.clear();
        let read = (&mut self.input)
            .take(limit as u64 + 1)
            .read_until(b'\n', &mut self.bytes)?;
        if read == 0 {
            return Ok(None);
        }
        self.line_no += 1;
        if self.bytes.len() > limit && self.bytes.last() != Some(&b'\n') {
            self.skip_rest_of_line()?;
            return Ok(Some((self.line_no, Err(ParseError::LineTooLong { limit }))));
        }
        let mut b = self.bytes.as_slice();
        while let [rest @ .., b'\n' | b'\r'] = b {
            b = rest;
        }
        let b = b.strip_prefix(b"\xef\xbb\xbf").unwrap_or(b);
        let text = match std::str::from_utf8(b) {
            Ok(s) => Ok(s.to_string()),
            Err(_) if b.trim_ascii_start().starts_with(b"#") => {
                Ok(String::from_utf8_lossy(b).into_owned())
            }
            Err(e) => Err(ParseError::InvalidUtf8 {
                column: String::from_utf8_lossy(&b[..e.valid_up_to()])
                    .chars()
                    .count()
                    + 1,
            }),
        };
        Ok(Some((self.line_no, text)))
    }

    /// Consumes input up to and including the next newline without storing it.
    fn skip_rest_of_line(&mut self) -> io::Result<()> {
        loop {
            let buf = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(());
            }
            match buf.iter().position(|&c| c == b'\n') {
                Some(i) => {
                    self.input.consume(i + 1);
                    return Ok(());
                }
                None => {
                    let len = buf.len();
                    self.input.consume(len);
                }
            }
        }
    }

    /// Settles a first line that reads as a block row but could be a line puzzle of the wrong
    /// length (a single token, not a square): looks ahead to the next row. Block rows all have
    /// the same length; a line file's next puzzle has its own length (or there is none), and
    /// a bad first record must not turn a whole line file into one broken block.
    fn line_or_block(&mut self) -> io::Result<InputFormat> {
        let first_len = match self.peeked.front() {
            Some((_, Ok(l))) => l.trim().chars().count(),
            _ => return Ok(InputFormat::Block),
        };
        while let Some(line) = self.read_physical_line()? {
            let next_len = match &line.1 {
                Ok(l) if is_blank_or_comment(l) || is_separator_line(l) => None,
                Ok(l) => Some(first_token(l).0.chars().count()),
                Err(_) => Some(0),
            };
            self.peeked.push_back(line);
            if let Some(len) = next_len {
                return Ok(if len == first_len {
                    InputFormat::Block
                } else {
                    InputFormat::Line
                });
            }
        }
        Ok(InputFormat::Line)
    }

    /// The next line that is neither blank nor a `#` comment.
    fn next_content_line(&mut self) -> io::Result<Option<Line>> {
        while let Some((no, line)) = self.read_line()? {
            if !matches!(&line, Ok(l) if is_blank_or_comment(l)) {
                return Ok(Some((no, line)));
            }
        }
        Ok(None)
    }

    fn layout_for(&mut self, n: usize) -> Result<Arc<Layout>, ParseError> {
        self.parser.layout_for(n)
    }

    fn grid_from_symbols(&mut self, token: &str) -> Result<Grid, ParseError> {
        self.parser.grid_from_symbols(token)
    }

    /// Detects the input's format now (reading ahead as needed, nothing is lost) and returns
    /// it; `Auto` when the first content line is unreadable and cannot tell.
    pub fn detect_format(&mut self) -> io::Result<InputFormat> {
        if self.format != InputFormat::Auto {
            return Ok(self.format);
        }
        match self.next_content_line()? {
            Some((no, Ok(line))) => {
                let mut format = detect(&line, &self.spec);
                let maybe_line = format == InputFormat::Block && could_be_line(&line);
                self.peeked.push_back((no, Ok(line)));
                if maybe_line {
                    format = self.line_or_block()?;
                }
                self.format = format;
            }
            Some(other) => self.peeked.push_front(other),
            None => {}
        }
        Ok(self.format)
    }

    /// The next content line as raw text with its line number (blank and `#` lines skipped,
    /// over-long and non-UTF-8 lines as errors), for callers that parse line-format records
    /// themselves with a [`LineParser`] — e.g. on worker threads.
    pub fn next_raw_line(&mut self) -> io::Result<Option<(usize, Result<String, ParseError>)>> {
        self.next_content_line()
    }

    fn record(
        &mut self,
        line: usize,
        format: InputFormat,
        label: Option<String>,
        puzzle: Result<Grid, ParseError>,
        expected: Option<Result<Grid, ParseError>>,
    ) -> Record {
        self.records += 1;
        Record {
            index: self.records,
            line,
            format,
            label,
            puzzle,
            expected,
        }
    }

    fn read_line_record(&mut self) -> io::Result<Option<Record>> {
        let Some((no, line)) = self.next_content_line()? else {
            return Ok(None);
        };
        let line = match line {
            Ok(l) => l,
            Err(e) => return Ok(Some(self.record(no, InputFormat::Line, None, Err(e), None))),
        };
        let (tok, label) = first_token(&line);
        let tok = tok.to_string();
        let puzzle = self.grid_from_symbols(&tok);
        Ok(Some(self.record(
            no,
            InputFormat::Line,
            label,
            puzzle,
            None,
        )))
    }

    fn read_csv_record(&mut self) -> io::Result<Option<Record>> {
        loop {
            let Some((no, line)) = self.next_content_line()? else {
                return Ok(None);
            };
            let line = match line {
                Ok(l) => l,
                Err(e) => return Ok(Some(self.record(no, InputFormat::Csv, None, Err(e), None))),
            };
            let fields: Vec<String> = line
                .split(',')
                .map(|f| f.trim().trim_matches('"').to_string())
                .collect();
            if !self.csv_header_checked {
                self.csv_header_checked = true;
                let f0 = &fields[0];
                if !f0.is_empty() && f0.chars().all(|c| c.is_ascii_alphabetic() || c == '_') {
                    continue; // header such as `quizzes,solutions`
                }
            }
            if fields.len() > 2 && fields[2..].iter().any(|f| !f.is_empty()) {
                let label = Some(fields[2..].join(","));
                let puzzle = self.grid_from_symbols(&fields[0]);
                let expected = self.csv_expected(&fields[1], &puzzle);
                return Ok(Some(self.record(
                    no,
                    InputFormat::Csv,
                    label,
                    puzzle,
                    expected,
                )));
            }
            let puzzle = self.grid_from_symbols(&fields[0]);
            let expected = match fields.get(1) {
                Some(s) if !s.is_empty() => self.csv_expected(s, &puzzle),
                _ => None,
            };
            return Ok(Some(self.record(
                no,
                InputFormat::Csv,
                None,
                puzzle,
                expected,
            )));
        }
    }

    fn csv_expected(
        &mut self,
        field: &str,
        puzzle: &Result<Grid, ParseError>,
    ) -> Option<Result<Grid, ParseError>> {
        let g = match puzzle {
            Ok(p) => {
                let chars: Vec<char> = field.chars().collect();
                let n = p.size();
                if chars.len() != n * n {
                    Err(ParseError::WrongLength {
                        found: chars.len(),
                        expected: format!("expected {} like the puzzle", n * n),
                    })
                } else {
                    symbols_to_values(&chars, n)
                        .map(|v| Grid::from_values(p.layout_arc().clone(), v))
                }
            }
            Err(_) => return None,
        };
        Some(
            g.and_then(complete)
                .map_err(|e| ParseError::Expected(Box::new(e))),
        )
    }

    fn read_jigsaw_record(&mut self) -> io::Result<Option<Record>> {
        let Some((no, line)) = self.next_content_line()? else {
            return Ok(None);
        };
        // The region line is read even when the puzzle line is unreadable, so the next record
        // starts at the right line.
        let regions_line = self.next_content_line()?;
        let (tok, label) = match &line {
            Ok(l) => {
                let (t, label) = first_token(l);
                (t.to_string(), label)
            }
            Err(_) => (String::new(), None),
        };
        let puzzle = match (line, regions_line) {
            (Err(e), _) | (Ok(_), Some((_, Err(e)))) => Err(e),
            (Ok(_), None) => Err(ParseError::MissingRegions),
            (Ok(_), Some((_, Ok(regions)))) => {
                let (rtok, _) = first_token(&regions);
                let rtok = rtok.to_string();
                self.jigsaw_grid(&tok, &rtok)
            }
        };
        Ok(Some(self.record(
            no,
            InputFormat::Jigsaw,
            label,
            puzzle,
            None,
        )))
    }

    fn jigsaw_grid(&mut self, tok: &str, regions: &str) -> Result<Grid, ParseError> {
        let chars: Vec<char> = tok.chars().collect();
        let n = isqrt_exact(chars.len())
            .filter(|&n| n <= MAX_SIZE)
            .ok_or_else(|| ParseError::WrongLength {
                found: chars.len(),
                expected: "expected a square number N²".into(),
            })?;
        let layout = match &self.jigsaw_cache {
            Some((r, l)) if r == regions => l.clone(),
            _ => {
                let labels: Vec<String> = regions.chars().map(String::from).collect();
                let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
                let l =
                    Arc::new(Layout::jigsaw_from_labels(n, &refs)?.with_extras(&self.spec.extras));
                self.jigsaw_cache = Some((regions.to_string(), l.clone()));
                l
            }
        };
        let values = symbols_to_values(&chars, n)?;
        finish(layout, values)
    }

    /// Reads the rows of one multi-line record (numbers or block). Returns the first row's line
    /// number, the rows' cell tokens and the first shape error. The side is the first row's
    /// cell count unless the spec fixes it; a record ends at a blank line or after N rows.
    fn read_rows(&mut self, split: fn(&str) -> Vec<&str>) -> io::Result<Option<Rows>> {
        let mut start = 0;
        let mut rows: Vec<Vec<String>> = Vec::new();
        let mut expected = self.spec.fixed_size();
        let mut err = None;
        while let Some((no, line)) = self.read_line()? {
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

    /// Turns the rows of a numbers or block record into a grid (tokens are numbers or symbols).
    fn grid_from_rows(&mut self, rows: &[Vec<String>]) -> Result<Grid, ParseError> {
        let n = rows.len();
        let values = rows
            .iter()
            .enumerate()
            .flat_map(|(r, row)| row.iter().enumerate().map(move |(c, t)| (r, c, t)))
            .map(|(r, c, t)| number_value(t, n, r, c))
            .collect::<Result<Vec<u8>, ParseError>>()?;
        finish(self.layout_for(n)?, values)
    }

    fn read_numbers_record(&mut self) -> io::Result<Option<Record>> {
        let Some((start, rows, err)) = self.read_rows(number_tokens)? else {
            return Ok(None);
        };
        let puzzle = match err {
            Some(e) => Err(e),
            None => self.grid_from_rows(&rows),
        };
        Ok(Some(self.record(
            start,
            InputFormat::Numbers,
            None,
            puzzle,
            None,
        )))
    }

    fn read_block_record(&mut self) -> io::Result<Option<Record>> {
        let Some((start, rows, err)) = self.read_rows(block_cells)? else {
            return Ok(None);
        };
        let puzzle = match err {
            Some(e) => Err(e),
            None => self.grid_from_rows(&rows),
        };
        Ok(Some(self.record(
            start,
            InputFormat::Block,
            None,
            puzzle,
            None,
        )))
    }

    /// Reads one JSON value (an object, or an array of objects), which may span lines: lines
    /// are gathered until the brackets balance, scanning each byte once (never re-parsing),
    /// and the text kept is bounded by `MAX_JSON_RECORD`.
    fn read_json_record(&mut self) -> io::Result<Option<Record>> {
        loop {
            if let Some(r) = self.pending.pop_front() {
                return Ok(Some(r));
            }
            let Some((no, first)) = self.next_content_line()? else {
                return Ok(None);
            };
            let mut text = match first {
                Ok(t) => t,
                Err(e) => return Ok(Some(self.record(no, InputFormat::Json, None, Err(e), None))),
            };
            let mut scan = JsonScan::default();
            scan.feed(&text, no);
            let mut error = None;
            while !scan.done() {
                match self.read_line()? {
                    Some((more_no, Ok(more))) => {
                        scan.feed(&more, more_no);
                        if error.is_none() && text.len() + more.len() < MAX_JSON_RECORD {
                            text.push('\n');
                            text.push_str(&more);
                        } else {
                            // Keep scanning to the end of the value, without storing it.
                            text = String::new();
                            error.get_or_insert(ParseError::Json(format!(
                                "record is longer than {} MiB; write one object per line \
                                 (NDJSON)",
                                MAX_JSON_RECORD >> 20
                            )));
                        }
                    }
                    Some((_, Err(e))) => {
                        error.get_or_insert(e);
                        break;
                    }
                    None => break,
                }
            }
            if let Some(e) = error {
                return Ok(Some(self.record(no, InputFormat::Json, None, Err(e), None)));
            }
            match serde_json::from_str::<Value>(&text) {
                Err(e) => {
                    return Ok(Some(self.record(
                        no,
                        InputFormat::Json,
                        None,
                        Err(ParseError::Json(e.to_string())),
                        None,
                    )));
                }
                Ok(Value::Array(items)) => {
                    // Each element gets the line it starts on; an empty array gives no record.
                    for (i, item) in items.iter().enumerate() {
                        let line = scan.elem_lines.get(i).copied().unwrap_or(no);
                        let rec = self.json_record(line, item);
                        self.pending.push_back(rec);
                    }
                }
                Ok(v) => return Ok(Some(self.json_record(no, &v))),
            }
        }
    }

    fn json_record(&mut self, line: usize, v: &Value) -> Record {
        let label = v.get("label").or_else(|| v.get("id")).map(|l| match l {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        });
        let puzzle = self.json_grid(v, "cells");
        let expected = match (&puzzle, v.get("solution")) {
            (Ok(p), Some(sol)) if !sol.is_null() => Some(
                json_values(sol, p.size())
                    .map(|vals| Grid::from_values(p.layout_arc().clone(), vals))
                    .and_then(complete)
                    .map_err(|e| ParseError::Expected(Box::new(e))),
            ),
            _ => None,
        };
        self.record(line, InputFormat::Json, label, puzzle, expected)
    }

    fn json_grid(&mut self, v: &Value, key: &str) -> Result<Grid, ParseError> {
        let obj = v
            .as_object()
            .ok_or_else(|| ParseError::Json("a record must be an object".into()))?;
        let cells = obj
            .get(key)
            .or_else(|| obj.get("puzzle"))
            .ok_or_else(|| ParseError::Json(format!("missing \"{key}\"")))?;
        let count = match cells {
            Value::String(s) => s.chars().count(),
            Value::Array(a) if a.iter().any(Value::is_array) => a.len() * a.len(),
            Value::Array(a) => a.len(),
            _ => {
                return Err(ParseError::Json(format!(
                    "\"{key}\" must be a string or an array"
                )));
            }
        };
        let size = match obj.get("size") {
            Some(s) => {
                let n = s
                    .as_u64()
                    .ok_or_else(|| ParseError::Json("\"size\" must be a number".into()))?
                    as usize;
                if n == 0 || n > MAX_SIZE {
                    return Err(crate::layout::LayoutError::UnsupportedSize(n).into());
                }
                if n * n != count {
                    return Err(ParseError::WrongLength {
                        found: count,
                        expected: format!("expected {} for size {n}", n * n),
                    });
                }
                n
            }
            None => isqrt_exact(count)
                .filter(|&n| n <= MAX_SIZE)
                .ok_or_else(|| ParseError::WrongLength {
                    found: count,
                    expected: "expected a square number N²".into(),
                })?,
        };
        let mut extras = self.spec.extras.clone();
        match obj.get("extra") {
            None | Some(Value::Null) => {}
            Some(Value::Array(items)) => {
                for it in items {
                    let name = it.as_str().unwrap_or("");
                    extras.push(Extra::parse(name).ok_or_else(|| {
                        ParseError::Json(format!(
                            "unknown extra {it} (diagonals, anti-knight, anti-king)"
                        ))
                    })?);
                }
            }
            Some(Value::String(s)) => extras.push(Extra::parse(s).ok_or_else(|| {
                ParseError::Json(format!(
                    "unknown extra \"{s}\" (diagonals, anti-knight, anti-king)"
                ))
            })?),
            Some(_) => return Err(ParseError::Json("\"extra\" must be a list of names".into())),
        }
        let layout = match (obj.get("regions"), obj.get("box")) {
            (Some(r), _) if !r.is_null() => json_regions(r, size)?.with_extras(&extras),
            (_, Some(b)) if !b.is_null() => {
                let pair = b
                    .as_array()
                    .filter(|a| a.len() == 2)
                    .and_then(|a| Some((a[0].as_u64()? as usize, a[1].as_u64()? as usize)))
                    .ok_or_else(|| ParseError::Json("\"box\" must be [rows, cols]".into()))?;
                Layout::boxed(size, pair.0, pair.1)?.with_extras(&extras)
            }
            _ => {
                if let Some(r) = &self.spec.regions {
                    if r.size() != size {
                        return Err(ParseError::WrongLength {
                            found: count,
                            expected: format!("expected {} for the given regions", r.cell_count()),
                        });
                    }
                    r.with_extras(&extras)
                } else if let Some((rows, cols)) = self.spec.box_shape {
                    Layout::boxed(size, rows, cols)?.with_extras(&extras)
                } else {
                    Layout::standard(size)?.with_extras(&extras)
                }
            }
        };
        let values = json_values(cells, size)?;
        finish(Arc::new(layout), values)
    }
}

fn json_regions(r: &Value, n: usize) -> Result<Layout, ParseError> {
    match r {
        Value::String(s) => {
            let labels: Vec<String> = s.chars().map(String::from).collect();
            let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
            Ok(Layout::jigsaw_from_labels(n, &refs)?)
        }
        Value::Array(items) if items.iter().any(Value::is_array) => {
            // A list of regions, each a list of [row, col] pairs (1-based) or cell indices.
            let mut lists = Vec::new();
            for region in items {
                let mut cells = Vec::new();
                for c in region.as_array().into_iter().flatten() {
                    let idx = match c {
                        Value::Array(p) if p.len() == 2 => {
                            let (r, k) = (p[0].as_u64().unwrap_or(0), p[1].as_u64().unwrap_or(0));
                            if r == 0 || k == 0 || r as usize > n || k as usize > n {
                                return Err(crate::layout::LayoutError::CellOutOfRange {
                                    cell: c.to_string(),
                                    n,
                                }
                                .into());
                            }
                            (r as usize - 1) * n + k as usize - 1
                        }
                        Value::Number(x) => {
                            let i = x.as_u64().unwrap_or(u64::MAX) as usize;
                            if i >= n * n {
                                return Err(crate::layout::LayoutError::CellOutOfRange {
                                    cell: c.to_string(),
                                    n,
                                }
                                .into());
                            }
                            i
                        }
                        _ => return Err(ParseError::Json(format!("bad region cell {c}"))),
                    };
                    cells.push(Cell(idx as u16));
                }
                lists.push(cells);
            }
            Ok(Layout::jigsaw_from_lists(n, &lists)?)
        }
        Value::Array(items) => {
            let labels: Vec<String> = items.iter().map(|v| v.to_string()).collect();
            let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
            Ok(Layout::jigsaw_from_labels(n, &refs)?)
        }
        _ => Err(ParseError::Json(
            "\"regions\" must be a string or an array".into(),
        )),
    }
}

fn json_values(cells: &Value, n: usize) -> Result<Vec<u8>, ParseError> {
    match cells {
        Value::String(s) => {
            let chars: Vec<char> = s.chars().collect();
            if chars.len() != n * n {
                return Err(ParseError::WrongLength {
                    found: chars.len(),
                    expected: format!("expected {}", n * n),
                });
            }
            symbols_to_values(&chars, n)
        }
        Value::Array(rows) if rows.iter().any(Value::is_array) => {
            if rows.len() != n {
                return Err(ParseError::MissingRows {
                    found: rows.len(),
                    expected: n,
                });
            }
            let mut out = Vec::with_capacity(n * n);
            for (r, row) in rows.iter().enumerate() {
                let row = row.as_array().ok_or_else(|| {
                    ParseError::Json(format!("row {} of a list of rows must be a list", r + 1))
                })?;
                if row.len() != n {
                    return Err(ParseError::RowLength {
                        row: r + 1,
                        found: row.len(),
                        expected: n,
                    });
                }
                for (c, v) in row.iter().enumerate() {
                    out.push(json_cell(v, n, r, c)?);
                }
            }
            Ok(out)
        }
        Value::Array(flat) => {
            if flat.len() != n * n {
                return Err(ParseError::WrongLength {
                    found: flat.len(),
                    expected: format!("expected {}", n * n),
                });
            }
            flat.iter()
                .enumerate()
                .map(|(i, v)| json_cell(v, n, i / n, i % n))
                .collect()
        }
        _ => Err(ParseError::Json(
            "cells must be a string or an array".into(),
        )),
    }
}

fn json_cell(v: &Value, n: usize, r: usize, c: usize) -> Result<u8, ParseError> {
    match v {
        Value::Null => Ok(0),
        Value::Number(x) => match x.as_u64() {
            Some(val) if val as usize <= n => Ok(val as u8),
            Some(val) => Err(ParseError::TooLarge {
                symbol: val.to_string(),
                value: val,
                n,
                row: r + 1,
                col: c + 1,
            }),
            None => Err(ParseError::UnknownSymbol {
                symbol: x.to_string(),
                row: r + 1,
                col: c + 1,
            }),
        },
        Value::String(s) => number_value(s, n, r, c),
        other => Err(ParseError::UnknownSymbol {
            symbol: other.to_string(),
            row: r + 1,
            col: c + 1,
        }),
    }
}

fn number_value(t: &str, n: usize, r: usize, c: usize) -> Result<u8, ParseError> {
    if matches!(t, "." | "_" | "*" | "-") {
        return Ok(0);
    }
    match t.parse::<u64>() {
        Ok(v) if v as usize <= n => Ok(v as u8),
        Ok(v) => Err(ParseError::TooLarge {
            symbol: t.to_string(),
            value: v,
            n,
            row: r + 1,
            col: c + 1,
        }),
        Err(_) => {
            // A single letter symbol is accepted too (1-9, A-Z), so block-style rows work.
            let mut it = t.chars();
            if let (Some(ch), None) = (it.next(), it.next())
                && let Some(sym) = parse_symbol(ch)
            {
                return symbol_value(ch, sym, n, r, c);
            }
            Err(ParseError::UnknownSymbol {
                symbol: t.to_string(),
                row: r + 1,
                col: c + 1,
            })
        }
    }
}

fn symbol_value(ch: char, sym: Symbol, n: usize, r: usize, c: usize) -> Result<u8, ParseError> {
    match sym {
        Symbol::Empty => Ok(0),
        Symbol::Value(v) if (v as usize) <= n => Ok(v),
        Symbol::Value(v) => Err(ParseError::TooLarge {
            symbol: ch.to_string(),
            value: v as u64,
            n,
            row: r + 1,
            col: c + 1,
        }),
    }
}

/// Turns N² symbols into values, naming the cell of the first bad symbol.
fn symbols_to_values(chars: &[char], n: usize) -> Result<Vec<u8>, ParseError> {
    chars
        .iter()
        .enumerate()
        .map(|(i, &ch)| {
            let (r, c) = (i / n, i % n);
            match parse_symbol(ch) {
                Some(sym) => symbol_value(ch, sym, n, r, c),
                None => Err(ParseError::UnknownSymbol {
                    symbol: ch.to_string(),
                    row: r + 1,
                    col: c + 1,
                }),
            }
        })
        .collect()
}

fn finish(layout: Arc<Layout>, values: Vec<u8>) -> Result<Grid, ParseError> {
    let g = Grid::from_values(layout, values);
    match g.find_conflict() {
        Some(c) => Err(ParseError::Conflict(c)),
        None => Ok(g),
    }
}

fn complete(g: Grid) -> Result<Grid, ParseError> {
    let n = g.size();
    match g.values().iter().position(|&v| v == 0) {
        Some(i) => Err(ParseError::EmptyCell {
            row: i / n + 1,
            col: i % n + 1,
        }),
        None => Ok(g),
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        if self.format == InputFormat::Auto {
            match self.next_content_line() {
                Ok(Some((no, Ok(line)))) => {
                    let mut format = detect(&line, &self.spec);
                    let maybe_line = format == InputFormat::Block && could_be_line(&line);
                    self.peeked.push_back((no, Ok(line)));
                    if maybe_line {
                        match self.line_or_block() {
                            Ok(f) => format = f,
                            Err(e) => return Some(Err(e)),
                        }
                    }
                    self.format = format;
                }
                // An unreadable line cannot tell the format: report it, detect on the next.
                Ok(Some((no, Err(e)))) => {
                    return Some(Ok(self.record(no, InputFormat::Line, None, Err(e), None)));
                }
                Ok(None) => return None,
                Err(e) => return Some(Err(e)),
            }
        }
        let r = match self.format {
            InputFormat::Line | InputFormat::Auto => self.read_line_record(),
            InputFormat::Numbers => self.read_numbers_record(),
            InputFormat::Block => self.read_block_record(),
            InputFormat::Csv => self.read_csv_record(),
            InputFormat::Json => self.read_json_record(),
            InputFormat::Jigsaw => self.read_jigsaw_record(),
        };
        r.transpose()
    }
}
