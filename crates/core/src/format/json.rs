//! Format `json`: NDJSON, pretty-printed objects, or arrays of objects, cut into records
//! by [`JsonSplit`] without parsing, then parsed one record at a time. A record may carry
//! variant rules (`"rules"`, the [`Rule`] serde form); an object with a `grid` key is an
//! f-puzzles puzzle and is read by the `fpuzzles` format's reader.

use super::block::is_section;
use super::cells::*;
use super::detect::*;
use super::registry::{Format, RecordReader, Window};
use super::source::*;
use super::{InputFormat, LayoutSpec, ParseError, Record};
use crate::grid::Grid;
use crate::layout::{Extra, Layout};
use crate::rules::Rule;
use crate::types::{Cell, MAX_SIZE};
use serde_json::Value;
use std::collections::VecDeque;
use std::io;
use std::sync::Arc;

/// The registration of format `json`.
pub(super) static FORMAT: JsonFormat = JsonFormat;

/// Format `json`: a first line that opens a value (`{`, or `[` not starting a `[section]`
/// header) settles detection and claims the whole input.
pub(super) struct JsonFormat;

impl Format for JsonFormat {
    fn name(&self) -> &'static str {
        InputFormat::Json.name()
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["ndjson"]
    }

    fn help(&self) -> &'static str {
        "one JSON object per line (NDJSON), pretty-printed objects, or an array of objects"
    }

    fn line_strength(&self, line: &str, _spec: &LayoutSpec) -> Option<u8> {
        let t = line.trim();
        ((t.starts_with('{') || t.starts_with('[')) && !is_section(t)).then_some(6)
    }

    fn settles(&self, first: &str, spec: &LayoutSpec) -> bool {
        self.line_strength(first, spec).is_some()
    }

    fn window_claim(&self, window: &Window<'_>) -> Option<u8> {
        (window.guesses.first() == Some(&Some(InputFormat::Json))).then_some(3)
    }

    fn max_line(&self) -> usize {
        MAX_JSON_RECORD
    }

    fn reader(&self) -> Box<dyn RecordReader> {
        Box::new(JsonRecords::default())
    }
}

/// The state of a JSON input: the splitter (an array or object may span lines) and the
/// values cut out but not yet read.
#[derive(Default)]
struct JsonRecords {
    split: JsonSplit,
    pieces: VecDeque<JsonPiece>,
}

/// Longest JSON record (or JSON line) accepted, in bytes; an array of records counts as one.
pub(super) const MAX_JSON_RECORD: usize = 4 << 20;

/// One JSON value cut out of the input: the line it starts on and its text (or why it cannot
/// be a record: too long, brackets that never balance).
pub(super) type JsonPiece = (usize, Result<String, ParseError>);

/// Cuts JSON text into records line by line, without parsing it: top-level values (NDJSON
/// lines or pretty-printed objects) and, inside a top-level array, each element on its own.
///
/// Brackets are counted outside strings. A record never holds an object that opens a line of
/// its own while a value is still open, so such a line means the value before it is broken
/// (an unbalanced brace): that value becomes one error and the new line starts afresh. A string
/// cannot span lines either. So one bad line or element costs one record, never the rest.
#[derive(Default)]
pub(super) struct JsonSplit {
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
    pub(super) fn feed(&mut self, line: &str, no: usize, out: &mut VecDeque<JsonPiece>) {
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
    pub(super) fn finish(&mut self, out: &mut VecDeque<JsonPiece>) {
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
    pub(super) fn interrupt(&mut self, no: usize, e: ParseError, out: &mut VecDeque<JsonPiece>) {
        let start = if self.active { self.start } else { no };
        out.push_back((start, Err(e)));
        self.reset();
    }

    pub(super) fn push(&mut self, s: &str) {
        if self.text.len() + s.len() > MAX_JSON_RECORD {
            self.too_long = true;
            self.text = String::new();
        } else if !self.too_long {
            self.text.push_str(s);
        }
    }

    pub(super) fn emit(&mut self, out: &mut VecDeque<JsonPiece>) {
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

    pub(super) fn broken(&mut self, no: usize, out: &mut VecDeque<JsonPiece>) {
        out.push_back((
            self.start,
            Err(ParseError::Json(format!(
                "brackets not balanced: the value is still open when line {no} starts a new one"
            ))),
        ));
        self.reset();
    }

    pub(super) fn reset(&mut self) {
        self.active = false;
        self.depth = 0;
        self.in_string = false;
        self.escape = false;
        self.text.clear();
        self.too_long = false;
    }
}

pub(super) fn json_regions(r: &Value, n: usize) -> Result<Layout, ParseError> {
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

pub(super) fn json_values(cells: &Value, n: usize) -> Result<Vec<u8>, ParseError> {
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

pub(super) fn json_cell(v: &Value, n: usize, r: usize, c: usize) -> Result<u8, ParseError> {
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

impl RecordReader for JsonRecords {
    /// Reads the next JSON record: values are cut out by [`JsonSplit`] (an array's elements one
    /// by one) and parsed one at a time, so memory is bounded by one record, and a syntax
    /// error costs one record.
    fn next_record(&mut self, input: &mut Input<'_>) -> io::Result<Option<Record>> {
        loop {
            if let Some((line, piece)) = self.pieces.pop_front() {
                let rec = match piece {
                    Err(e) => input.record(line, None, Err(e), None),
                    Ok(text) => match serde_json::from_str::<Value>(&text) {
                        Err(e) => input.record(
                            line,
                            None,
                            Err(ParseError::Json(e.to_string())),
                            None,
                        ),
                        Ok(v) => json_record(input, line, &v),
                    },
                };
                return Ok(Some(rec));
            }
            match input.read_line()? {
                None => {
                    self.split.finish(&mut self.pieces);
                    if self.pieces.is_empty() {
                        return Ok(None);
                    }
                }
                Some((no, Err(e))) => self.split.interrupt(no, e, &mut self.pieces),
                Some((no, Ok(l))) => {
                    if !self.split.active && is_blank_or_comment(&l) {
                        continue;
                    }
                    self.split.feed(&l, no, &mut self.pieces);
                }
            }
        }
    }
}

fn json_record(input: &mut Input<'_>, line: usize, v: &Value) -> Record {
        if v.get("grid").is_some() {
            // An f-puzzles object (pretty-printed, or in a JSON array).
            return match super::fpuzzles::read_value(v) {
                Ok(p) => input.record(line, p.label, Ok(p.puzzle), p.solution),
                Err(e) => input.record(line, None, Err(e), None),
            };
        }
        let label = match v.get("label").or_else(|| v.get("id")) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(other) => Some(other.to_string()),
        };
        let puzzle = json_grid(input, v, "cells");
        let expected = match (&puzzle, v.get("solution")) {
            (Ok(p), Some(sol)) if !sol.is_null() => Some(
                json_values(sol, p.size())
                    .map(|vals| Grid::from_values(p.layout_arc().clone(), vals))
                    .and_then(complete)
                    .map_err(|e| ParseError::Expected(Box::new(e))),
            ),
            _ => None,
        };
        input.record(line, label, puzzle, expected)
    }

fn json_grid(input: &mut Input<'_>, v: &Value, key: &str) -> Result<Grid, ParseError> {
        let spec = input.spec();
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
        let own_layout = ["regions", "box", "extra", "rules"]
            .iter()
            .any(|k| obj.get(*k).is_some_and(|x| !x.is_null()));
        if !own_layout && spec.regions.is_none() {
            // The common case: the layout the flags give, built once per side and shared
            // (building it per record made JSON input 8× slower than the line format).
            let values = json_values(cells, size)?;
            return finish(input.layout_for(size)?, values);
        }
        let mut extras = spec.extras.clone();
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
                if let Some(r) = &spec.regions {
                    if r.size() != size {
                        return Err(ParseError::WrongLength {
                            found: count,
                            expected: format!("expected {} for the given regions", r.cell_count()),
                        });
                    }
                    r.with_extras(&extras)
                } else if let Some((rows, cols)) = spec.box_shape {
                    Layout::boxed(size, rows, cols)?.with_extras(&extras)
                } else {
                    Layout::standard(size)?.with_extras(&extras)
                }
            }
        };
        let layout = match obj.get("rules") {
            None | Some(Value::Null) => layout,
            Some(r) => {
                let rules: Vec<Rule> = serde_json::from_value(r.clone())
                    .map_err(|e| ParseError::Json(format!("\"rules\": {e}")))?;
                layout
                    .with_rules(rules)
                    .map_err(|e| ParseError::Json(format!("\"rules\": {e}")))?
            }
        };
        let values = json_values(cells, size)?;
        finish(Arc::new(layout), values)
    }
