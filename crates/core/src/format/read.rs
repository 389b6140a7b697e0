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

/// Longest JSON record accepted when an object spans several lines.
const MAX_JSON_RECORD: usize = 4 << 20;

/// Streams [`Record`]s out of any `BufRead`, one per puzzle, in input order.
pub struct Reader<R> {
    input: R,
    format: InputFormat,
    spec: LayoutSpec,
    line_no: usize,
    records: usize,
    peeked: Option<(usize, String)>,
    pending: VecDeque<Record>,
    cache: Vec<(usize, Arc<Layout>)>,
    jigsaw_cache: Option<(String, Arc<Layout>)>,
    csv_header_checked: bool,
    buf: String,
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

fn is_separator_line(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty()
        && t.chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|' | ' ' | '*'))
        && (t.contains('+') || t.contains('=') || t.contains(' ') || t.contains('|'))
}

/// Guesses the format of an input from its first content line.
pub(crate) fn detect(line: &str, spec: &LayoutSpec) -> InputFormat {
    let t = line.trim();
    if t.starts_with('{') || t.starts_with('[') {
        return InputFormat::Json;
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
    if !t.contains('|') && square_ok(tok.chars().count()) {
        return InputFormat::Line;
    }
    InputFormat::Block
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`; `format` may be [`InputFormat::Auto`].
    pub fn new(input: R, format: InputFormat, spec: LayoutSpec) -> Reader<R> {
        Reader {
            input,
            format,
            spec,
            line_no: 0,
            records: 0,
            peeked: None,
            pending: VecDeque::new(),
            cache: Vec::new(),
            jigsaw_cache: None,
            csv_header_checked: false,
            buf: String::new(),
        }
    }

    /// The format in use (after detection; `Auto` until the first content line is read).
    pub fn format(&self) -> InputFormat {
        self.format
    }

    fn read_line(&mut self) -> io::Result<Option<(usize, String)>> {
        if let Some(p) = self.peeked.take() {
            return Ok(Some(p));
        }
        self.buf.clear();
        let read = self.input.read_line(&mut self.buf)?;
        if read == 0 {
            return Ok(None);
        }
        self.line_no += 1;
        let line = self.buf.trim_end_matches(['\n', '\r']);
        let line = line.strip_prefix('\u{feff}').unwrap_or(line);
        Ok(Some((self.line_no, line.to_string())))
    }

    fn next_content_line(&mut self) -> io::Result<Option<(usize, String)>> {
        while let Some((no, line)) = self.read_line()? {
            if !is_blank_or_comment(&line) {
                return Ok(Some((no, line)));
            }
        }
        Ok(None)
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
        let (tok, label) = first_token(&line);
        let tok = tok.to_string();
        let Some((_, regions_line)) = self.next_content_line()? else {
            return Ok(Some(self.record(
                no,
                InputFormat::Jigsaw,
                label,
                Err(ParseError::MissingRegions),
                None,
            )));
        };
        let (rtok, _) = first_token(&regions_line);
        let rtok = rtok.to_string();
        let puzzle = self.jigsaw_grid(&tok, &rtok);
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
    /// number and the rows' cell tokens.
    fn read_rows(&mut self, split: fn(&str) -> Vec<String>) -> io::Result<Option<Rows>> {
        let mut start = 0;
        let mut rows: Vec<Vec<String>> = Vec::new();
        let mut expected = self.spec.fixed_size();
        while let Some((no, line)) = self.read_line()? {
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
                if expected.is_none() {
                    expected = Some(cells.len());
                }
            }
            rows.push(cells);
            if Some(rows.len()) == expected {
                break;
            }
        }
        if rows.is_empty() {
            return Ok(None);
        }
        let n = expected.unwrap_or(0);
        let mut err = None;
        if n == 0 || n > MAX_SIZE {
            err = Some(ParseError::Layout(
                crate::layout::LayoutError::UnsupportedSize(n),
            ));
        } else if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != n) {
            err = Some(ParseError::RowLength {
                row: i + 1,
                found: r.len(),
                expected: n,
            });
        } else if rows.len() != n {
            err = Some(ParseError::MissingRows {
                found: rows.len(),
                expected: n,
            });
        }
        Ok(Some((start, rows, err)))
    }

    fn read_numbers_record(&mut self) -> io::Result<Option<Record>> {
        let Some((start, rows, err)) =
            self.read_rows(|t| number_tokens(t).into_iter().map(String::from).collect())?
        else {
            return Ok(None);
        };
        let puzzle = match err {
            Some(e) => Err(e),
            None => {
                let n = rows.len();
                let values = rows
                    .iter()
                    .enumerate()
                    .flat_map(|(r, row)| row.iter().enumerate().map(move |(c, t)| (r, c, t)))
                    .map(|(r, c, t)| number_value(t, n, r, c))
                    .collect::<Result<Vec<u8>, ParseError>>();
                values.and_then(|v| finish(self.layout_for(n)?, v))
            }
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
        let Some((start, rows, err)) = self.read_rows(|t| {
            t.chars()
                .filter(|c| !c.is_whitespace() && *c != '|')
                .map(String::from)
                .collect()
        })?
        else {
            return Ok(None);
        };
        let puzzle = match err {
            Some(e) => Err(e),
            None => {
                let n = rows.len();
                let chars: Vec<char> = rows
                    .iter()
                    .flatten()
                    .map(|s| s.chars().next().unwrap_or('?'))
                    .collect();
                symbols_to_values(&chars, n).and_then(|v| finish(self.layout_for(n)?, v))
            }
        };
        Ok(Some(self.record(
            start,
            InputFormat::Block,
            None,
            puzzle,
            None,
        )))
    }

    fn read_json_record(&mut self) -> io::Result<Option<Record>> {
        if let Some(r) = self.pending.pop_front() {
            return Ok(Some(r));
        }
        let Some((no, mut text)) = self.next_content_line()? else {
            return Ok(None);
        };
        let value = loop {
            match serde_json::from_str::<Value>(&text) {
                Ok(v) => break Ok(v),
                Err(e) if e.is_eof() && text.len() < MAX_JSON_RECORD => match self.read_line()? {
                    Some((_, more)) => {
                        text.push('\n');
                        text.push_str(&more);
                    }
                    None => break Err(e.to_string()),
                },
                Err(e) => break Err(e.to_string()),
            }
        };
        match value {
            Err(e) => Ok(Some(self.record(
                no,
                InputFormat::Json,
                None,
                Err(ParseError::Json(e)),
                None,
            ))),
            Ok(Value::Array(items)) => {
                for item in items {
                    let rec = self.json_record(no, &item);
                    self.pending.push_back(rec);
                }
                Ok(self.pending.pop_front())
            }
            Ok(v) => Ok(Some(self.json_record(no, &v))),
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
            Value::Array(a) if a.iter().all(Value::is_array) => a.len() * a.len(),
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
        Value::Array(items) if items.iter().all(Value::is_array) => {
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
        Value::Array(rows) if rows.iter().all(Value::is_array) => {
            if rows.len() != n {
                return Err(ParseError::MissingRows {
                    found: rows.len(),
                    expected: n,
                });
            }
            let mut out = Vec::with_capacity(n * n);
            for (r, row) in rows.iter().enumerate() {
                let row = row.as_array().map(Vec::as_slice).unwrap_or(&[]);
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
        Some(i) => Err(ParseError::UnknownSymbol {
            symbol: "(empty)".into(),
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
                Ok(Some((no, line))) => {
                    self.format = detect(&line, &self.spec);
                    self.peeked = Some((no, line));
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
