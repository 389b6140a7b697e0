//! The streaming [`Reader`]: bounded line reading (any line ending), format detection over
//! the first lines, and dispatch to the per-format record readers.
//!
//! Design decision: the reader owns the line source and the look-ahead queue; each format is
//! one module adding a `read_*_record` method to [`Reader`] (and its own helpers), so adding a
//! format is one file, one [`InputFormat`] variant, one line in the dispatch and one rule in
//! `detect`. Lines are read bounded (`MAX_LINE`, `MAX_JSON_RECORD` for JSON); an unreadable
//! line is an error record, never the end of the stream.

use super::detect::*;
use super::json::*;
use super::line::*;
use super::{InputFormat, LayoutSpec, ParseError, Record};
use crate::grid::Grid;
use crate::layout::Layout;
use std::collections::VecDeque;
use std::io::{self, BufRead};
use std::sync::Arc;

/// One physical line: its 1-based number and its text, or why it cannot be read (too long,
/// not UTF-8). An unreadable line becomes an error record; it never stops the stream.
pub(super) type Line = (usize, Result<String, ParseError>);

/// Longest line accepted by the other formats, in bytes. A 64×64 puzzle line is 4,096 symbols
/// and a numbers row a few hundred bytes, so this leaves ample room for labels while keeping
/// memory bounded on a runaway line (the rest of such a line is skipped, not stored).
pub(super) const MAX_LINE: usize = 1 << 20;

/// Streams [`Record`]s out of any `BufRead`, one per puzzle, in input order.
pub struct Reader<R> {
    pub(super) input: R,
    pub(super) format: InputFormat,
    pub(super) spec: LayoutSpec,
    pub(super) line_no: usize,
    pub(super) records: usize,
    pub(super) peeked: VecDeque<Line>,
    pub(super) json: JsonSplit,
    pub(super) json_pieces: VecDeque<JsonPiece>,
    pub(super) parser: LineParser,
    pub(super) jigsaw_cache: Option<(usize, String, Arc<Layout>)>,
    pub(super) csv_header_checked: bool,
    pub(super) bytes: Vec<u8>,
    pub(super) skip_lf: bool,
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
    pub(super) fn read_line(&mut self) -> io::Result<Option<Line>> {
        if let Some(p) = self.peeked.pop_front() {
            return Ok(Some(p));
        }
        self.read_physical_line()
    }

    /// [`Self::read_line`] without the look-ahead queue. A line ends at `\n`, `\r\n` or a
    /// bare `\r` (old Mac files), so CR-only input is never read as one long record.
    pub(super) fn read_physical_line(&mut self) -> io::Result<Option<Line>> {
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
    pub(super) fn apply_line_cap(&mut self) {
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
    pub(super) fn next_content_line(&mut self) -> io::Result<Option<Line>> {
        while let Some((no, line)) = self.read_line()? {
            if !matches!(&line, Ok(l) if is_blank_or_comment(l)) {
                return Ok(Some((no, line)));
            }
        }
        Ok(None)
    }

    pub(super) fn layout_for(&mut self, n: usize) -> Result<Arc<Layout>, ParseError> {
        self.parser.layout_for(n)
    }

    pub(super) fn grid_from_symbols(&mut self, token: &str) -> Result<Grid, ParseError> {
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
            let first_settles =
                content == 1 && text.is_some_and(|l| settled_by_first(l, &self.spec));
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

    pub(super) fn record(
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
}
