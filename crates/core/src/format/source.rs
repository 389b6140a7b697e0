//! The streaming [`Reader`]: bounded line reading (any line ending), format detection over
//! the first lines, and dispatch to the chosen format's record reader.
//!
//! Design decision: the reader owns the line source, the look-ahead queue and what every
//! format shares (the layout rules in a [`LineParser`], the record count); a format owns only
//! its per-input state, a [`RecordReader`] made by its
//! [`Format::reader`](super::Format::reader) once the format is known. The reader lends
//! itself to that state as an [`Input`] (a view with the line and record operations formats
//! need, behind a private trait so [`Input`] is not generic over the byte source), so no
//! per-format field lives here and a new format touches nothing in this file. Lines are read
//! bounded (each format's [`Format::max_line`](super::Format::max_line); the largest of them
//! while the format is unknown); an unreadable line is an error record, never the end of the
//! stream. For callers that parse line records themselves (a batch solver on worker threads),
//! [`Reader::read_block`] fills a [`LineBlock`]: many lines in one reusable buffer, with the
//! same numbering, endings, cap and errors, and no allocation per line.

use super::detect::*;
use super::line::*;
use super::registry::{Formats, RecordReader};
use super::rules_comment::PendingRules;
use super::{InputFormat, LayoutSpec, ParseError, Record};
use crate::grid::Grid;
use crate::layout::Layout;
use std::collections::VecDeque;
use std::io::{self, BufRead};
use std::sync::Arc;

/// One physical line: its 1-based number and its text, or why it cannot be read (too long,
/// not UTF-8). An unreadable line becomes an error record; it never stops the stream.
pub type Line = (usize, Result<String, ParseError>);

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
    pub(super) parser: LineParser,
    pub(super) bytes: Vec<u8>,
    pub(super) skip_lf: bool,
    /// The formats this reader detects among and reads with.
    formats: Formats,
    /// The chosen format's per-input state, made once the format is known.
    state: Option<Box<dyn RecordReader>>,
    /// The format asked for is not registered: reported once, then the stream ends.
    failed: bool,
    /// The line cap in bytes: the chosen format's [`Format::max_line`](super::Format::max_line),
    /// or while the format is unknown the largest any registered format allows.
    line_limit: usize,
    /// Bytes consumed from `input` so far.
    consumed: u64,
    /// `# rules:` comments read and not yet given to their record.
    rules: PendingRules,
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        if self.state.is_none() {
            if self.failed {
                return None;
            }
            if self.format == InputFormat::Auto {
                match self.detect_format() {
                    Ok(InputFormat::Auto) => return None,
                    Ok(_) => {}
                    Err(e) => return Some(Err(e)),
                }
            }
            match self.formats.get(self.format) {
                Some(f) => self.state = Some(f.reader()),
                None => {
                    self.failed = true;
                    return Some(Err(io::Error::new(
                        io::ErrorKind::InvalidInput,
                        format!(
                            "input format '{}' is not registered ({})",
                            self.format,
                            self.formats.names().join(", ")
                        ),
                    )));
                }
            }
        }
        // The state is lent the reader as its input, so it is taken out for the call.
        let mut state = self.state.take()?;
        let format = self.format;
        let mut r = state.next_record(&mut Input { src: self, format });
        self.state = Some(state);
        if let Ok(Some(record)) = &mut r {
            self.rules.attach(record);
        }
        r.transpose()
    }
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input` with the built-in formats; `format` may be
    /// [`InputFormat::Auto`].
    pub fn new(input: R, format: InputFormat, spec: LayoutSpec) -> Reader<R> {
        Reader::with_formats(input, format, spec, Formats::builtin())
    }

    /// A reader over `input` that detects among, and reads with, the formats of `formats`
    /// (e.g. `Formats::builtin().with(&MyFormat)`): how a format defined outside this crate is
    /// read. A `format` that is not registered is reported as an error by the first
    /// [`next`](Iterator::next), which then ends the stream.
    pub fn with_formats(
        input: R,
        format: InputFormat,
        spec: LayoutSpec,
        formats: Formats,
    ) -> Reader<R> {
        let line_limit = line_limit(&formats, format);
        Reader {
            line_limit,
            input,
            format,
            spec: spec.clone(),
            line_no: 0,
            records: 0,
            peeked: VecDeque::new(),
            parser: LineParser::new(spec),
            bytes: Vec::new(),
            skip_lf: false,
            formats,
            state: None,
            failed: false,
            consumed: 0,
            rules: PendingRules::default(),
        }
    }

    /// The input being read.
    pub fn get_ref(&self) -> &R {
        &self.input
    }

    /// Bytes consumed from the input so far (line endings included; lines read ahead for
    /// detection count as consumed).
    pub fn bytes_consumed(&self) -> u64 {
        self.consumed
    }

    /// The format in use (after detection; `Auto` until the first content line is read).
    pub fn format(&self) -> InputFormat {
        self.format
    }

    /// Reads one physical line, bounded: at most the format's line cap (`MAX_LINE`, 4 MiB for
    /// JSON) is stored; the rest of a longer line is skipped and the line reported as too long.
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
        let Some(too_long) = self.read_line_bytes()? else {
            return Ok(None);
        };
        let limit = self.line_limit;
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
            Err(e) => Err(invalid_utf8(b, &e)),
        };
        if comment && let Ok(t) = &text {
            self.rules.note(self.line_no, t);
        }
        Ok(Some((self.line_no, text)))
    }

    /// Reads the next physical line's bytes into `self.bytes` (without its ending, at most the
    /// line cap of them) and counts it; `Some(true)` when the line was longer than the cap,
    /// `None` at the end of the input.
    fn read_line_bytes(&mut self) -> io::Result<Option<bool>> {
        // Lines are read with the largest cap while the format is unknown; a line longer than
        // the chosen format's cap is then reported once the format is known (see
        // `apply_line_cap`), so the cap is the same for the first line as for the rest.
        let limit = self.line_limit;
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
                    self.consumed += 1;
                    continue;
                }
            }
            any = true;
            let end = line_end(buf);
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
                    self.consumed += i as u64 + 1;
                    break;
                }
                None => {
                    let len = buf.len();
                    self.input.consume(len);
                    self.consumed += len as u64;
                }
            }
        }
        if !any {
            return Ok(None);
        }
        self.line_no += 1;
        Ok(Some(too_long))
    }

    /// Reads content lines into `block` (appending; blank and `#` lines are skipped,
    /// over-long and non-UTF-8 lines kept as errors, exactly as [`Reader::next_raw_line`]
    /// returns them) until it holds `max_lines` lines or `max_bytes` bytes of text, or until
    /// `pause` says so: it is asked, with the input, before each line is read once the block
    /// holds one (a caller answering a live input stops where the next read could wait).
    /// Returns `false` once the input is exhausted. No line is copied into a `String` of its
    /// own: a block of thousands of lines is one buffer.
    pub fn read_block(
        &mut self,
        block: &mut LineBlock,
        max_lines: usize,
        max_bytes: usize,
        mut pause: impl FnMut(&R) -> bool,
    ) -> io::Result<bool> {
        while block.len() < max_lines && block.text.len() < max_bytes {
            if let Some((no, line)) = self.peeked.pop_front() {
                match line {
                    Ok(l) if is_blank_or_comment(&l) => {}
                    Ok(l) => block.push_text(no, &l, self.consumed),
                    Err(e) => block.push_error(no, e, self.consumed),
                }
                continue;
            }
            if !block.is_empty() && pause(&self.input) {
                return Ok(true);
            }
            let Some(too_long) = self.read_line_bytes()? else {
                return Ok(false);
            };
            let (no, consumed) = (self.line_no, self.consumed);
            let b = self.bytes.as_slice();
            let b = b.strip_prefix(b"\xef\xbb\xbf").unwrap_or(b);
            // A comment, even an over-long or non-UTF-8 one, is skipped; a `# rules:` comment
            // ends the block (its record must be read by `next`, which attaches the rules).
            if b.trim_ascii_start().starts_with(b"#") {
                if self.rules.note(no, &String::from_utf8_lossy(b)) {
                    return Ok(true);
                }
                continue;
            }
            if too_long {
                let limit = self.line_limit;
                block.push_error(no, ParseError::LineTooLong { limit }, consumed);
                continue;
            }
            match std::str::from_utf8(b) {
                Ok(t) if is_blank_or_comment(t) => {}
                Ok(t) => block.push_text(no, t, consumed),
                Err(e) => block.push_error(no, invalid_utf8(b, &e), consumed),
            }
        }
        Ok(true)
    }

    /// Whether a `# rules:` comment (variant rules for the next record) has been read and not
    /// yet given to a record: a caller reading line records in blocks ([`Reader::read_block`],
    /// which stops after such a comment) must read the records after it with `next`, which
    /// attaches the rules.
    pub fn rules_pending(&self) -> bool {
        self.rules.any()
    }

    /// Gives `record` — read by the caller from this reader's lines (e.g. from
    /// [`Reader::next_raw_line`]) — the `# rules:` comment before it, as `next` does.
    pub fn attach_rules(&mut self, record: &mut Record) {
        self.rules.attach(record);
    }

    /// Counts `n` records as already read by the caller (from [`Reader::read_block`]'s lines),
    /// so records read next with `next` continue their numbering.
    pub fn count_records_read(&mut self, n: usize) {
        self.records += n;
    }

    /// Once the format is known: look-ahead lines (read with the JSON cap while the format
    /// was unknown) obey the chosen format's line cap.
    pub(super) fn apply_line_cap(&mut self) {
        let Some(limit) = self.formats.get(self.format).map(|f| f.max_line()) else {
            return;
        };
        for (_, line) in self.peeked.iter_mut() {
            if matches!(line, Ok(l) if l.len() > limit && !l.trim_start().starts_with('#')) {
                *line = Err(ParseError::LineTooLong { limit });
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
            let first_settles = content == 1
                && text.is_some_and(|l| settled_by_first(&self.formats, l, &self.spec));
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
            self.format = detect_window(&self.formats, &window, &self.spec);
            self.line_limit = line_limit(&self.formats, self.format);
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
}

/// The index of the first `\n` or `\r` in `buf`. Eight bytes at a time: in each word, a
/// byte equal to the target becomes zero after an XOR, and the lowest byte flagged by the
/// zero-byte test is exact (a flag above a true zero may be a borrow's, never one below it),
/// so the lower of the two targets' first flags is the answer. Reading a chunk of a file
/// costs the reader thread, which shares the cores with the workers, a few cycles per word
/// instead of a few per byte.
pub(super) fn line_end(buf: &[u8]) -> Option<usize> {
    const LO: u64 = u64::from_ne_bytes([0x01; 8]);
    const HI: u64 = u64::from_ne_bytes([0x80; 8]);
    const LF: u64 = u64::from_ne_bytes([b'\n'; 8]);
    const CR: u64 = u64::from_ne_bytes([b'\r'; 8]);
    let zero = |y: u64| y.wrapping_sub(LO) & !y & HI;
    let (words, rest) = buf.as_chunks::<8>();
    for (i, w) in words.iter().enumerate() {
        let x = u64::from_le_bytes(*w);
        let found = zero(x ^ LF) | zero(x ^ CR);
        if found != 0 {
            return Some(i * 8 + (found.trailing_zeros() / 8) as usize);
        }
    }
    let tail = words.len() * 8;
    rest.iter()
        .position(|&c| c == b'\n' || c == b'\r')
        .map(|i| tail + i)
}

/// The error of a line that is not UTF-8, naming the column where it stops being so.
fn invalid_utf8(b: &[u8], e: &std::str::Utf8Error) -> ParseError {
    ParseError::InvalidUtf8 {
        column: String::from_utf8_lossy(&b[..e.valid_up_to()])
            .chars()
            .count()
            + 1,
    }
}

/// Content lines of one input held in a single buffer, as [`Reader::read_block`] reads them:
/// each line's number, its text (or why it cannot be read) and the input bytes consumed when
/// it was read. Clear and refill a block to reuse its storage.
#[derive(Debug, Default)]
pub struct LineBlock {
    text: String,
    lines: Vec<Span>,
    errors: Vec<ParseError>,
}

/// Where one line of a [`LineBlock`] lives.
#[derive(Clone, Copy, Debug)]
struct Span {
    number: usize,
    /// The text's byte range in the block, or the index of the line's error.
    text: Result<(usize, usize), usize>,
    consumed: u64,
}

/// One line of a [`LineBlock`].
#[derive(Clone, Copy, Debug)]
pub struct BlockLine<'a> {
    /// The 1-based line number in its input.
    pub number: usize,
    /// The line's text, or why it cannot be read (too long, not UTF-8).
    pub text: Result<&'a str, &'a ParseError>,
    /// Input bytes consumed when the line was read (for progress).
    pub consumed: u64,
}

impl LineBlock {
    /// An empty block.
    pub fn new() -> LineBlock {
        LineBlock::default()
    }

    /// Number of lines.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether the block holds no line.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Empties the block, keeping its storage.
    pub fn clear(&mut self) {
        self.text.clear();
        self.lines.clear();
        self.errors.clear();
    }

    /// Line `i` (0-based, in input order).
    ///
    /// # Panics
    /// When `i` is not below [`LineBlock::len`].
    pub fn line(&self, i: usize) -> BlockLine<'_> {
        let s = self.lines[i];
        BlockLine {
            number: s.number,
            text: match s.text {
                Ok((a, b)) => Ok(&self.text[a..b]),
                Err(e) => Err(&self.errors[e]),
            },
            consumed: s.consumed,
        }
    }

    /// The lines in input order.
    pub fn iter(&self) -> impl Iterator<Item = BlockLine<'_>> + '_ {
        (0..self.len()).map(|i| self.line(i))
    }

    fn push_text(&mut self, number: usize, text: &str, consumed: u64) {
        let start = self.text.len();
        self.text.push_str(text);
        self.lines.push(Span {
            number,
            text: Ok((start, self.text.len())),
            consumed,
        });
    }

    fn push_error(&mut self, number: usize, error: ParseError, consumed: u64) {
        self.errors.push(error);
        self.lines.push(Span {
            number,
            text: Err(self.errors.len() - 1),
            consumed,
        });
    }
}

/// What a [`Reader`] lends the formats, without [`Input`] being generic over its byte source.
trait Source {
    fn read_line(&mut self) -> io::Result<Option<Line>>;
    fn unread(&mut self, line: Line);
    fn spec(&self) -> &LayoutSpec;
    fn parser(&mut self) -> &mut LineParser;
    fn detected(&self) -> bool;
    fn next_index(&mut self) -> usize;
}

impl<R: BufRead> Source for Reader<R> {
    fn read_line(&mut self) -> io::Result<Option<Line>> {
        Reader::read_line(self)
    }

    fn unread(&mut self, line: Line) {
        self.peeked.push_front(line);
    }

    fn spec(&self) -> &LayoutSpec {
        &self.spec
    }

    fn parser(&mut self) -> &mut LineParser {
        &mut self.parser
    }

    fn detected(&self) -> bool {
        self.parser.detected
    }

    fn next_index(&mut self) -> usize {
        self.records += 1;
        self.records
    }
}

/// The lines of one input as a [`RecordReader`] sees them, and what formats share: the
/// input's layout rules and the numbering of records.
pub struct Input<'a> {
    src: &'a mut dyn Source,
    format: InputFormat,
}

impl Input<'_> {
    /// The format being read (the one its records are tagged with).
    pub fn format(&self) -> InputFormat {
        self.format
    }

    /// The next physical line (look-ahead first), `None` at the end of the input.
    pub fn read_line(&mut self) -> io::Result<Option<Line>> {
        self.src.read_line()
    }

    /// Puts a line back: the next [`read_line`](Self::read_line) returns it.
    pub fn unread(&mut self, line: Line) {
        self.src.unread(line);
    }

    /// The next line that is neither blank nor a `#` comment.
    pub fn next_content_line(&mut self) -> io::Result<Option<Line>> {
        while let Some((no, line)) = self.read_line()? {
            if !matches!(&line, Ok(l) if is_blank_or_comment(l)) {
                return Ok(Some((no, line)));
            }
        }
        Ok(None)
    }

    /// The input's layout rules (box shape, regions, extras).
    pub fn spec(&self) -> &LayoutSpec {
        self.src.spec()
    }

    /// Whether the format was detected rather than given (a 1×1 "puzzle" is then reported,
    /// not solved).
    pub fn detected(&self) -> bool {
        self.src.detected()
    }

    /// The layout of a side-`n` grid under the input's rules (cached).
    pub fn layout_for(&mut self, n: usize) -> Result<Arc<Layout>, ParseError> {
        self.src.parser().layout_for(n)
    }

    /// A grid from N² symbols (`.` or `0` empty) under the input's rules, as `line` reads one.
    pub fn grid_from_symbols(&mut self, token: &str) -> Result<Grid, ParseError> {
        self.src.parser().grid_from_symbols(token)
    }

    /// The next record, in this format.
    pub fn record(
        &mut self,
        line: usize,
        label: Option<String>,
        puzzle: Result<Grid, ParseError>,
        expected: Option<Result<Grid, ParseError>>,
    ) -> Record {
        Record {
            index: self.src.next_index(),
            line,
            format: self.format,
            label,
            puzzle,
            expected,
        }
    }
}

/// The line cap for `format` among `formats`: its own, or for `Auto` (and an unregistered
/// name, which only ever yields an error record) the largest registered one.
fn line_limit(formats: &Formats, format: InputFormat) -> usize {
    match formats.get(format) {
        Some(f) if format != InputFormat::Auto => f.max_line(),
        _ => formats
            .iter()
            .map(|f| f.max_line())
            .max()
            .unwrap_or(MAX_LINE),
    }
}
