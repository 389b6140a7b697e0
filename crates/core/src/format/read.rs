//! The streaming reader: format detection and the per-format record parsers.

use super::{InputFormat, LayoutSpec, ParseError, Record};
use crate::grid::{Grid, Symbol, parse_symbol};
use crate::layout::{Extra, Layout};
use crate::types::{Cell, MAX_SIZE};
use serde_json::Value;
use std::collections::VecDeque;
use std::io::{self, BufRead};
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
    json: JsonSplit,
    json_pieces: VecDeque<JsonPiece>,
    parser: LineParser,
    jigsaw_cache: Option<(usize, String, Arc<Layout>)>,
    csv_header_checked: bool,
    bytes: Vec<u8>,
    skip_lf: bool,
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

/// One JSON value cut out of the input: the line it starts on and its text (or why it cannot
/// be a record: too long, brackets that never balance).
type JsonPiece = (usize, Result<String, ParseError>);

/// Cuts JSON text into records line by line, without parsing it: top-level values (NDJSON
/// lines or pretty-printed objects) and, inside a top-level array, each element on its own.
///
/// Brackets are counted outside strings. A record never holds an object that opens a line of
/// its own while a value is still open, so such a line means the value before it is broken
/// (an unbalanced brace): that value becomes one error and the new line starts afresh. A string
/// cannot span lines either. So one bad line or element costs one record, never the rest.
#[derive(Default)]
struct JsonSplit {
    in_array: bool,
    active: bool,
    depth: i64,
    in_string: bool,
    escape: bool,
    start: usize,
    text: String,
    too_long: bool,
}

impl JsonSplit {
    fn feed(&mut self, line: &str, no: usize, out: &mut VecDeque<JsonPiece>) {
        let b = line.as_bytes();
        if self.active && !self.in_string && line.trim_start().starts_with('{') {
            if self.depth >= 1 {
                self.broken(no, out);
            } else if self.in_array {
                // The element before is complete and only lacks its comma.
                self.emit(out);
            }
        }
        let mut seg = 0;
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if !self.active {
                if c.is_ascii_whitespace() {
                    i += 1;
                    continue;
                }
                if self.in_array {
                    if c == b',' {
                        i += 1;
                        continue;
                    }
                    if c == b']' {
                        self.in_array = false;
                        i += 1;
                        continue;
                    }
                } else if c == b'[' {
                    self.in_array = true;
                    i += 1;
                    continue;
                }
                self.active = true;
                self.start = no;
                self.depth = 0;
                self.text.clear();
                self.too_long = false;
                seg = i;
            }
            if self.in_string {
                if self.escape {
                    self.escape = false;
                } else if c == b'\\' {
                    self.escape = true;
                } else if c == b'"' {
                    self.in_string = false;
                }
                i += 1;
                continue;
            }
            match c {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b',' | b']' if self.in_array && self.depth == 0 => {
                    // The element ends before its delimiter.
                    self.push(&line[seg..i]);
                    self.emit(out);
                    if c == b']' {
                        self.in_array = false;
                    }
                }
                b'}' | b']' if self.depth > 0 => self.depth -= 1,
                _ => {}
            }
            i += 1;
        }
        if self.active {
            self.push(&line[seg..]);
            if self.in_string {
                // Unterminated string: the parser reports it; the next line starts afresh.
                self.emit(out);
            } else if !self.in_array && self.depth == 0 {
                self.emit(out);
            } else {
                self.push("\n");
            }
        }
    }

    /// At the end of the input: a value still open is reported.
    fn finish(&mut self, out: &mut VecDeque<JsonPiece>) {
        if self.active {
            if self.depth > 0 {
                out.push_back((
                    self.start,
                    Err(ParseError::Json(
                        "brackets not balanced: the value is still open at the end of the input"
                            .into(),
                    )),
                ));
                self.reset();
            } else {
                self.emit(out);
            }
        }
        self.in_array = false;
    }

    /// The open value is cut off by an unreadable line.
    fn interrupt(&mut self, no: usize, e: ParseError, out: &mut VecDeque<JsonPiece>) {
        let start = if self.active { self.start } else { no };
        out.push_back((start, Err(e)));
        self.reset();
    }

    fn push(&mut self, s: &str) {
        if self.text.len() + s.len() > MAX_JSON_RECORD {
            self.too_long = true;
            self.text = String::new();
        } else if !self.too_long {
            self.text.push_str(s);
        }
    }

    fn emit(&mut self, out: &mut VecDeque<JsonPiece>) {
        let piece = if self.too_long {
            Err(ParseError::Json(format!(
                "record is longer than {} MiB; write one object per line (NDJSON)",
                MAX_JSON_RECORD >> 20
            )))
        } else {
            Ok(std::mem::take(&mut self.text))
        };
        out.push_back((self.start, piece));
        self.reset();
    }

    fn broken(&mut self, no: usize, out: &mut VecDeque<JsonPiece>) {
        out.push_back((
            self.start,
            Err(ParseError::Json(format!(
                "brackets not balanced: the value is still open when line {no} starts a new one"
            ))),
        ));
        self.reset();
    }

    fn reset(&mut self) {
        self.active = false;
        self.depth = 0;
        self.in_string = false;
        self.escape = false;
        self.text.clear();
        self.too_long = false;
    }
}

/// Splits a CSV line into fields: comma-separated, a field in double quotes may hold commas
/// and `""` for a quote; unquoted fields are trimmed.
fn csv_fields(line: &str) -> Result<Vec<String>, ParseError> {
    let mut fields = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        while chars.next_if(|c| *c == ' ' || *c == '\t').is_some() {}
        let mut field = String::new();
        if chars.next_if_eq(&'"').is_some() {
            loop {
                match chars.next() {
                    Some('"') if chars.next_if_eq(&'"').is_some() => field.push('"'),
                    Some('"') => break,
                    Some(c) => field.push(c),
                    None => return Err(ParseError::Csv("a quoted field is not closed".into())),
                }
            }
            while chars.next_if(|c| *c == ' ' || *c == '\t').is_some() {}
            match chars.next() {
                None => {
                    fields.push(field);
                    return Ok(fields);
                }
                Some(',') => fields.push(field),
                Some(c) => {
                    return Err(ParseError::Csv(format!(
                        "'{}' after a quoted field (expected a comma)",
                        shown(&c.to_string())
                    )));
                }
            }
        } else {
            let mut end = true;
            for c in chars.by_ref() {
                if c == ',' {
                    end = false;
                    break;
                }
                field.push(c);
            }
            fields.push(field.trim().to_string());
            if end {
                return Ok(fields);
            }
        }
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

/// Whether a token is an integer (optionally signed, any length): a numbers-format cell even
/// when out of range, so `-1` or a 23-digit number is reported as a bad cell, not as a row of
/// some other format.
fn is_integer(tok: &str) -> bool {
    let digits = tok.strip_prefix(['-', '+']).unwrap_or(tok);
    !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit())
}

/// A symbol as shown in an error: control characters (a NUL byte, an escape) are escaped so
/// an error line never carries them raw.
pub(crate) fn shown(s: &str) -> String {
    s.chars()
        .flat_map(|c| {
            let esc: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            esc
        })
        .collect()
}

/// Guesses the format of one content line on its own (see [`detect_window`]).
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
    let square_ok = |len: usize| square_ok(len, spec);
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
            .all(|tok| is_integer(tok))
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

/// The error for a 1×1 record in auto-detected input.
fn trivial_error() -> ParseError {
    ParseError::WrongLength {
        found: 1,
        expected: "a single symbol is not taken as a 1x1 puzzle when the format is detected \
                   (give the input format to solve 1x1 grids)"
            .into(),
    }
}

/// Content lines looked at to choose an input's format.
const DETECT_WINDOW: usize = 8;

/// Whether a side is plausible for an auto-detected line puzzle token of `len` symbols.
fn square_ok(len: usize, spec: &LayoutSpec) -> bool {
    match isqrt_exact(len) {
        Some(n) => spec.fixed_size().map_or(n >= 4, |f| f == n),
        None => false,
    }
}

/// Whether the first content line alone settles the format: JSON, or a clean line puzzle
/// (a first token of N² symbols, no `|` or `,`). Deciding at once lets a terminal session
/// get its first answer without typing more lines.
fn settled_by_first(line: &str, spec: &LayoutSpec) -> bool {
    let t = line.trim();
    if detect(t, spec) == InputFormat::Json {
        return true;
    }
    let (tok, _) = first_token(t);
    !tok.contains([',', '|']) && square_ok(tok.chars().count(), spec)
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

/// Chooses the format from the first few content lines, so one typo in the first line does
/// not decide for the whole file: JSON when the first line opens a value; CSV when most lines
/// look like CSV; line when any line carries a token longer than a grid row can be; otherwise
/// the per-line guesses vote (ties go to the first line's guess).
pub(crate) fn detect_window(lines: &[&str], spec: &LayoutSpec) -> InputFormat {
    let Some(first) = lines.first() else {
        return InputFormat::Line;
    };
    let guesses: Vec<InputFormat> = lines.iter().map(|l| detect(l, spec)).collect();
    if guesses[0] == InputFormat::Json {
        return InputFormat::Json;
    }
    let csv = guesses.iter().filter(|&&f| f == InputFormat::Csv).count();
    if csv * 2 > lines.len() {
        return InputFormat::Csv;
    }
    if lines.iter().any(|l| long_line_token(l)) {
        return InputFormat::Line;
    }
    let votes = |f: InputFormat| guesses.iter().filter(|&&g| g == f).count();
    let mut best = guesses[0];
    for &g in &guesses {
        if votes(g) > votes(best) {
            best = g;
        }
    }
    if best == InputFormat::Block && could_be_line(first) {
        return line_or_block(lines);
    }
    best
}

/// Settles a first line that reads as a block row but could be a line puzzle of the wrong
/// length (a single token, not a square): block rows all have the same length; a line file's
/// next puzzle has its own length (or there is none), and a bad first record must not turn a
/// whole line file into one broken block.
fn line_or_block(lines: &[&str]) -> InputFormat {
    let first_len = lines[0].trim().chars().count();
    match lines[1..].iter().find(|l| !is_separator_line(l)) {
        Some(l) if first_token(l).0.chars().count() == first_len => InputFormat::Block,
        _ => InputFormat::Line,
    }
}

/// Parses line-format records (N² symbols, optional label) with a cache of layouts; the part
/// of [`Reader`] that can run anywhere, so a batch can be parsed on worker threads.
#[derive(Clone, Debug)]
pub struct LineParser {
    spec: LayoutSpec,
    cache: Vec<(usize, Arc<Layout>)>,
    /// The format was detected, not given: a 1×1 "puzzle" is then almost surely a stray
    /// word or note, and is reported instead of solved.
    detected: bool,
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
            json: JsonSplit::default(),
            json_pieces: VecDeque::new(),
            parser: LineParser::new(spec),
            jigsaw_cache: None,
            csv_header_checked: false,
            bytes: Vec::new(),
            skip_lf: false,
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

    /// [`Self::read_line`] without the look-ahead queue. A line ends at `\n`, `\r\n` or a
    /// bare `\r` (old Mac files), so CR-only input is never read as one long record.
    fn read_physical_line(&mut self) -> io::Result<Option<Line>> {
        // Lines are read with the JSON cap while the format is unknown; a non-JSON line longer
        // than `MAX_LINE` is then reported once the format is known (see `apply_line_cap`), so
        // the cap is the same for the first line as for the rest.
        let limit = match self.format {
            InputFormat::Json | InputFormat::Auto => MAX_JSON_RECORD,
            _ => MAX_LINE,
        };
        self.bytes.clear();
        let mut any = false;
        let mut too_long = false;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                break;
            }
            if self.skip_lf {
                self.skip_lf = false;
                if buf[0] == b'\n' {
                    self.input.consume(1);
                    continue;
                }
            }
            any = true;
            let end = buf.iter().position(|&c| c == b'\n' || c == b'\r');
            let take = end.unwrap_or(buf.len());
            let room = limit.saturating_sub(self.bytes.len());
            if take > room {
                too_long = true;
            }
            self.bytes.extend_from_slice(&buf[..take.min(room)]);
            match end {
                Some(i) => {
                    self.skip_lf = buf[i] == b'\r';
                    self.input.consume(i + 1);
                    break;
                }
                None => {
                    let len = buf.len();
                    self.input.consume(len);
                }
            }
        }
        if !any {
            return Ok(None);
        }
        self.line_no += 1;
        let b = self.bytes.as_slice();
        let b = b.strip_prefix(b"\xef\xbb\xbf").unwrap_or(b);
        let comment = b.trim_ascii_start().starts_with(b"#");
        if too_long && !comment {
            return Ok(Some((self.line_no, Err(ParseError::LineTooLong { limit }))));
        }
        let text = match std::str::from_utf8(b) {
            Ok(s) => Ok(s.to_string()),
            // Comments are exempt: read lossily (and, when over-long, cut), never an error.
            Err(_) if comment => Ok(String::from_utf8_lossy(b).into_owned()),
            Err(e) => Err(ParseError::InvalidUtf8 {
                column: String::from_utf8_lossy(&b[..e.valid_up_to()])
                    .chars()
                    .count()
                    + 1,
            }),
        };
        Ok(Some((self.line_no, text)))
    }

    /// Once the format is known: look-ahead lines that are not JSON obey the ordinary line cap.
    fn apply_line_cap(&mut self) {
        if self.format == InputFormat::Json {
            return;
        }
        for (_, line) in self.peeked.iter_mut() {
            if matches!(line, Ok(l) if l.len() > MAX_LINE && !l.trim_start().starts_with('#')) {
                *line = Err(ParseError::LineTooLong { limit: MAX_LINE });
            }
        }
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
    /// it; `Auto` only for an input with no content line at all.
    pub fn detect_format(&mut self) -> io::Result<InputFormat> {
        if self.format != InputFormat::Auto {
            return Ok(self.format);
        }
        // Look ahead: every line read goes back into the queue, in order.
        let mut lines: Vec<Line> = Vec::new();
        let mut content = 0;
        while let Some(line) = self.read_line()? {
            let text = line.1.as_ref().ok();
            let blank = text.is_some_and(|l| is_blank_or_comment(l));
            if !blank {
                content += 1;
            }
            let first_settles = content == 1 && text.is_some_and(|l| settled_by_first(l, &self.spec));
            let record_ended = blank && content >= 2 && text.is_some_and(|l| l.trim().is_empty());
            lines.push(line);
            if first_settles || content >= DETECT_WINDOW || record_ended {
                break;
            }
        }
        let window: Vec<&str> = lines
            .iter()
            .filter_map(|(_, l)| l.as_deref().ok())
            .filter(|l| !is_blank_or_comment(l))
            .collect();
        if content > 0 {
            self.format = detect_window(&window, &self.spec);
            self.parser.detected = true;
        }
        self.peeked.extend(lines);
        self.apply_line_cap();
        Ok(self.format)
    }

    /// A line parser set up as this reader's (layout rules, and whether the format was
    /// detected), for parsing line-format records elsewhere, e.g. on worker threads.
    pub fn line_parser(&self) -> LineParser {
        self.parser.clone()
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
            let fields = match csv_fields(&line) {
                Ok(f) => f,
                Err(e) => return Ok(Some(self.record(no, InputFormat::Csv, None, Err(e), None))),
            };
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
        // Keyed by side and region text: the same labels mean different layouts at other sizes.
        let layout = match &self.jigsaw_cache {
            Some((size, r, l)) if *size == n && r == regions => l.clone(),
            _ => {
                let labels: Vec<String> = regions.chars().map(String::from).collect();
                let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
                let l =
                    Arc::new(Layout::jigsaw_from_labels(n, &refs)?.with_extras(&self.spec.extras));
                self.jigsaw_cache = Some((n, regions.to_string(), l.clone()));
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
                if cells.len() == 1 && expected.is_none() && self.parser.detected {
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
                if self.extra_rows()? {
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
    fn extra_rows(&mut self) -> io::Result<bool> {
        let mut extra = false;
        while let Some((no, line)) = self.read_line()? {
            match &line {
                Ok(l) if l.trim().is_empty() => {
                    self.peeked.push_front((no, line));
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

    /// Reads the next JSON record: values are cut out by [`JsonSplit`] (an array's elements one
    /// by one) and parsed one at a time, so memory is bounded by one record, and a syntax
    /// error costs one record.
    fn read_json_record(&mut self) -> io::Result<Option<Record>> {
        loop {
            if let Some((line, piece)) = self.json_pieces.pop_front() {
                let rec = match piece {
                    Err(e) => self.record(line, InputFormat::Json, None, Err(e), None),
                    Ok(text) => match serde_json::from_str::<Value>(&text) {
                        Err(e) => self.record(
                            line,
                            InputFormat::Json,
                            None,
                            Err(ParseError::Json(e.to_string())),
                            None,
                        ),
                        Ok(v) => self.json_record(line, &v),
                    },
                };
                return Ok(Some(rec));
            }
            match self.read_line()? {
                None => {
                    self.json.finish(&mut self.json_pieces);
                    if self.json_pieces.is_empty() {
                        return Ok(None);
                    }
                }
                Some((no, Err(e))) => self.json.interrupt(no, e, &mut self.json_pieces),
                Some((no, Ok(l))) => {
                    if !self.json.active && is_blank_or_comment(&l) {
                        continue;
                    }
                    self.json.feed(&l, no, &mut self.json_pieces);
                }
            }
        }
    }

    fn json_record(&mut self, line: usize, v: &Value) -> Record {
        let label = match v.get("label").or_else(|| v.get("id")) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(other) => Some(other.to_string()),
        };
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
                symbol: shown(t),
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
                    symbol: shown(&ch.to_string()),
                    row: r + 1,
                    col: c + 1,
                }),
            }
        })
        .collect()
}

fn finish(layout: Arc<Layout>, values: Vec<u8>) -> Result<Grid, ParseError> {
    // Every caller sizes `values` from the layout; checked anyway, since a mismatch here would
    // otherwise be a panic on user input.
    if values.len() != layout.cell_count() {
        return Err(ParseError::WrongLength {
            found: values.len(),
            expected: format!("expected {} for the {}", layout.cell_count(), layout.describe()),
        });
    }
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
            match self.detect_format() {
                Ok(InputFormat::Auto) => return None,
                Ok(_) => {}
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
