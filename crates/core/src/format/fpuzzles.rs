//! Format `fpuzzles`: the f-puzzles JSON (one puzzle per line), its lz-string base64 form as
//! found in `?load=` links, and whole f-puzzles and SudokuPad `fpuzzles…` links; and the
//! writer that turns a grid with its layout and rules back into f-puzzles JSON or a link.
//!
//! Design decision: an f-puzzles puzzle maps onto sudokit's own model with nothing lost or
//! guessed. Every constraint key becomes [`Rule`]s (clue cells outside the grid resolved to the
//! row, column or diagonal the rule names), the region map becomes boxes or jigsaw regions,
//! and the grid-wide flags become extras or rules. Keys that only draw (text, lines, shapes,
//! cosmetic cages, the title) are skipped; any *other* key is an error naming it, because a
//! dropped rule turns "unique" into a wrong answer. The writer is the reader's inverse: read →
//! write → read gives the same layout, rules and givens (rules without an f-puzzles form, such
//! as greater-than, are an error rather than a silent drop). Pretty-printed f-puzzles JSON is
//! read by the `json` format, which hands any object with a `grid` key to [`read_value`].

use super::cells::{complete, finish};
use super::detect::is_blank_or_comment;
use super::json::{MAX_JSON_RECORD, json_values};
use super::registry::{Format, RecordReader, Window};
use super::source::Input;
use super::{InputFormat, LayoutSpec, ParseError, Record};
use crate::grid::Grid;
use crate::layout::{Extra, Layout, Regions, default_box};
use crate::rules::{Marks, Pos, Rule};
use serde_json::{Map, Value, json};
use std::io;
use std::sync::Arc;

/// The registration of format `fpuzzles`.
pub(super) static FORMAT: FpuzzlesFormat = FpuzzlesFormat;

/// The format's name.
const NAME: &str = "fpuzzles";

/// Format `fpuzzles`: a line that is f-puzzles JSON (an object with a `grid` key), an
/// f-puzzles or SudokuPad link, or the bare lz-string data settles detection.
pub(super) struct FpuzzlesFormat;

impl Format for FpuzzlesFormat {
    fn name(&self) -> &'static str {
        NAME
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["f-puzzles", "sudokupad"]
    }

    fn help(&self) -> &'static str {
        "f-puzzles JSON (one puzzle per line), its lz-string ?load= data, or an f-puzzles / \
         SudokuPad fpuzzles… link per line"
    }

    fn line_strength(&self, line: &str, _spec: &LayoutSpec) -> Option<u8> {
        let t = line.trim();
        let json = t.starts_with('{') && t.contains("\"grid\"");
        let link = t.contains("f-puzzles.com/") || t.contains("sudokupad.app/");
        (json || link || t.starts_with("N4Ig")).then_some(7)
    }

    fn settles(&self, first: &str, spec: &LayoutSpec) -> bool {
        self.line_strength(first, spec).is_some()
    }

    fn window_claim(&self, window: &Window<'_>) -> Option<u8> {
        (window.guesses.first() == Some(&Some(InputFormat::new(NAME)))).then_some(4)
    }

    fn max_line(&self) -> usize {
        MAX_JSON_RECORD
    }

    fn reader(&self) -> Box<dyn RecordReader> {
        Box::new(FpuzzlesRecords)
    }
}

/// One f-puzzles puzzle per line; no state between records.
struct FpuzzlesRecords;

impl RecordReader for FpuzzlesRecords {
    fn next_record(&mut self, input: &mut Input<'_>) -> io::Result<Option<Record>> {
        loop {
            match input.read_line()? {
                None => return Ok(None),
                Some((no, Err(e))) => return Ok(Some(input.record(no, None, Err(e), None))),
                Some((_, Ok(l))) if is_blank_or_comment(&l) => continue,
                Some((no, Ok(l))) => {
                    let rec = match read_text(&l) {
                        Ok(p) => input.record(no, p.label, Ok(p.puzzle), p.solution),
                        Err(e) => input.record(no, None, Err(e), None),
                    };
                    return Ok(Some(rec));
                }
            }
        }
    }
}

/// A puzzle read from f-puzzles data.
#[derive(Clone, Debug)]
pub struct Fpuzzle {
    /// The givens, with the layout (regions, extras, rules).
    pub puzzle: Grid,
    /// The `solution` key, when present.
    pub solution: Option<Result<Grid, ParseError>>,
    /// `title` (and `author`), when present.
    pub label: Option<String>,
}

fn err(message: impl Into<String>) -> ParseError {
    ParseError::Other {
        format: NAME,
        message: message.into(),
    }
}

/// Reads one puzzle from f-puzzles JSON, its lz-string base64 data, or an f-puzzles or
/// SudokuPad link.
pub fn read_text(text: &str) -> Result<Fpuzzle, ParseError> {
    let t = text.trim();
    let json = if t.starts_with('{') {
        t.to_string()
    } else {
        decode_link(t)?
    };
    let v: Value = serde_json::from_str(&json).map_err(|e| err(format!("bad JSON: {e}")))?;
    read_value(&v)
}

/// The f-puzzles JSON inside a link (`https://f-puzzles.com/?load=…`,
/// `https://sudokupad.app/fpuzzles…`, `…?puzzle=fpuzzles…`) or bare lz-string base64 data.
pub fn decode_link(text: &str) -> Result<String, ParseError> {
    let t = text.trim();
    let data = if let Some((_, rest)) = t.split_once("load=") {
        rest
    } else if let Some((_, rest)) = t.split_once("puzzle=") {
        rest
    } else if let Some((_, rest)) = t.split_once("sudokupad.app/") {
        rest
    } else {
        t
    };
    let data = data.split(['&', '#']).next().unwrap_or("");
    let data = data.strip_prefix("sudoku/").unwrap_or(data);
    let data = if let Some(d) = data.strip_prefix("fpuzzles") {
        d
    } else if let Some(d) = data.strip_prefix("fpuz") {
        d
    } else {
        for prefix in ["scl", "ctc", "scf"] {
            if data.starts_with(prefix) && t.contains("sudokupad") {
                return Err(err(format!(
                    "SudokuPad's own '{prefix}' puzzle data is not supported yet; open the \
                     puzzle in f-puzzles and share its ?load= link"
                )));
            }
        }
        if t.contains("sudokupad") && !data.starts_with("N4Ig") {
            return Err(err(
                "a SudokuPad short link needs SudokuPad's server; paste the full link \
                 (sudokupad.app/fpuzzles…) or the f-puzzles ?load= link",
            ));
        }
        data
    };
    let data = data
        .replace("%2B", "+")
        .replace("%2b", "+")
        .replace("%2F", "/")
        .replace("%2f", "/")
        .replace("%3D", "=")
        .replace("%3d", "=")
        .replace(' ', "+");
    let wide = lz_str::decompress_from_base64(&data)
        .or_else(|| lz_str::decompress_from_encoded_uri_component(&data))
        .filter(|w| !w.is_empty())
        .ok_or_else(|| err("not f-puzzles data: the lz-string base64 text does not decompress"))?;
    String::from_utf16(&wide).map_err(|_| err("not f-puzzles data: decompresses to bad text"))
}

/// Keys that only draw or describe (no rule): skipped.
const COSMETIC: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "text",
    "line",
    "rectangle",
    "circle",
    "cage",
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
];

/// A 1-based `R1C1` name, rows and columns 0 and N+1 (clues outside the grid) included.
fn cell_name(s: &str) -> Option<(i64, i64)> {
    let t = s.trim().to_ascii_uppercase();
    let (r, c) = t.strip_prefix('R')?.split_once('C')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// One entry of a constraint list: its field name (`killercage[3]`) and its object.
type Entry<'a> = (String, &'a Map<String, Value>);

/// Reads the constraint lists of one f-puzzles object.
struct Reader<'a> {
    obj: &'a Map<String, Value>,
    n: usize,
    rules: Vec<Rule>,
}

impl<'a> Reader<'a> {
    fn entries(&self, key: &str) -> Result<Vec<Entry<'a>>, ParseError> {
        match self.obj.get(key) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(i, it)| {
                    let field = format!("{key}[{i}]");
                    it.as_object()
                        .map(|o| (field.clone(), o))
                        .ok_or_else(|| err(format!("{field}: must be an object")))
                })
                .collect(),
            Some(_) => Err(err(format!("{key}: must be a list"))),
        }
    }

    fn pos(&self, field: &str, v: &Value) -> Result<Pos, ParseError> {
        let name = v.as_str().unwrap_or("");
        let n = self.n as i64;
        match cell_name(name) {
            Some((r, c)) if (1..=n).contains(&r) && (1..=n).contains(&c) => {
                Ok(Pos::new(r as usize - 1, c as usize - 1))
            }
            Some(_) => Err(err(format!(
                "{field}: cell {v} is off the {n}x{n} grid"
            ))),
            None => Err(err(format!("{field}: {v} is not a cell name like R1C1"))),
        }
    }

    fn cells(&self, field: &str, v: Option<&Value>) -> Result<Vec<Pos>, ParseError> {
        let list = v
            .and_then(Value::as_array)
            .ok_or_else(|| err(format!("{field}: missing its list of cells")))?;
        list.iter()
            .enumerate()
            .map(|(i, c)| self.pos(&format!("{field}[{i}]"), c))
            .collect()
    }

    fn lines(&self, field: &str, o: &Map<String, Value>) -> Result<Vec<Vec<Pos>>, ParseError> {
        let list = o
            .get("lines")
            .and_then(Value::as_array)
            .ok_or_else(|| err(format!("{field}.lines: missing its list of lines")))?;
        list.iter()
            .enumerate()
            .map(|(i, l)| self.cells(&format!("{field}.lines[{i}]"), Some(l)))
            .collect()
    }

    fn push(&mut self, field: &str, rule: Rule) -> Result<(), ParseError> {
        rule.validate(self.n)
            .map_err(|e| err(format!("{field}: {e}")))?;
        self.rules.push(rule);
        Ok(())
    }

    /// A clue cell outside the grid (`R0C3`, `R10C3`, `R3C0`, `R3C10` on 9×9): the whole
    /// column or row it faces, starting at its side.
    fn outside_line(&self, field: &str, o: &Map<String, Value>) -> Result<Vec<Pos>, ParseError> {
        let v = o.get("cell").cloned().unwrap_or(Value::Null);
        let n = self.n as i64;
        let (r, c) = v
            .as_str()
            .and_then(cell_name)
            .ok_or_else(|| err(format!("{field}.cell: {v} is not a cell name like R0C1")))?;
        let idx: Vec<usize> = (0..self.n).collect();
        let line: Vec<Pos> = match (r, c) {
            (0, c) if (1..=n).contains(&c) => {
                idx.iter().map(|&i| Pos::new(i, c as usize - 1)).collect()
            }
            (r, c) if r == n + 1 && (1..=n).contains(&c) => idx
                .iter()
                .rev()
                .map(|&i| Pos::new(i, c as usize - 1))
                .collect(),
            (r, 0) if (1..=n).contains(&r) => {
                idx.iter().map(|&i| Pos::new(r as usize - 1, i)).collect()
            }
            (r, c) if c == n + 1 && (1..=n).contains(&r) => idx
                .iter()
                .rev()
                .map(|&i| Pos::new(r as usize - 1, i))
                .collect(),
            _ => {
                return Err(err(format!(
                    "{field}.cell: clue {v} must sit just outside the grid, facing a row or column"
                )));
            }
        };
        Ok(line)
    }

    /// A little-killer clue outside the grid and its direction: the diagonal it points along.
    fn diagonal(&self, field: &str, o: &Map<String, Value>) -> Result<Vec<Pos>, ParseError> {
        let v = o.get("cell").cloned().unwrap_or(Value::Null);
        let (mut r, mut c) = v
            .as_str()
            .and_then(cell_name)
            .ok_or_else(|| err(format!("{field}.cell: {v} is not a cell name like R0C1")))?;
        let dir = o.get("direction").and_then(Value::as_str).unwrap_or("");
        let (dr, dc) = match dir.to_ascii_uppercase().as_str() {
            "UL" => (-1, -1),
            "UR" => (-1, 1),
            "DL" => (1, -1),
            "DR" => (1, 1),
            _ => {
                return Err(err(format!(
                    "{field}.direction: \"{dir}\" is not one of UL, UR, DL, DR"
                )));
            }
        };
        let n = self.n as i64;
        let inside = |r: i64, c: i64| (1..=n).contains(&r) && (1..=n).contains(&c);
        let mut cells = Vec::new();
        for _ in 0..=2 * n {
            r += dr;
            c += dc;
            if inside(r, c) {
                cells.push(Pos::new(r as usize - 1, c as usize - 1));
            } else if !cells.is_empty() {
                break;
            }
        }
        if cells.is_empty() {
            return Err(err(format!(
                "{field}: clue {v} pointing {dir} never enters the grid"
            )));
        }
        Ok(cells)
    }

    fn read_rules(&mut self) -> Result<(), ParseError> {
        for (key, _) in self.obj {
            let k = key.as_str();
            if !COSMETIC.contains(&k) && !KNOWN.contains(&k) && !LINE_KEYS.contains(&k) {
                return Err(err(format!(
                    "unknown constraint \"{key}\": sudokit cannot honour it, and dropping it \
                     could make a wrong \"unique\""
                )));
            }
        }
        for (field, o) in self.entries("cage")? {
            let dr = o
                .get("value")
                .and_then(Value::as_str)
                .is_some_and(|s| s.trim().to_ascii_uppercase().starts_with("DR"));
            if dr {
                return Err(err(format!(
                    "{field}: digital-root cages are not supported"
                )));
            }
        }
        for (field, o) in self.entries("killercage")? {
            let cells = self.cells(&format!("{field}.cells"), o.get("cells"))?;
            let sum = number(&field, o.get("value"))?;
            self.push(&field, Rule::Killer { cells, sum })?;
        }
        for (field, o) in self.entries("littlekillersum")? {
            let Some(sum) = number(&field, o.get("value"))? else {
                continue;
            };
            let cells = self.diagonal(&field, o)?;
            self.push(&field, Rule::LittleKiller { cells, sum })?;
        }
        for key in ["sandwichsum", "xsum", "skyscraper"] {
            for (field, o) in self.entries(key)? {
                let Some(value) = number(&field, o.get("value"))? else {
                    continue;
                };
                let cells = self.outside_line(&field, o)?;
                let rule = match key {
                    "sandwichsum" => Rule::Sandwich { cells, sum: value },
                    "xsum" => Rule::XSum { cells, sum: value },
                    _ => Rule::Skyscraper {
                        cells,
                        count: value,
                    },
                };
                self.push(&field, rule)?;
            }
        }
        for key in ["odd", "even", "minimum", "maximum"] {
            let mut cells = Vec::new();
            for (field, o) in self.entries(key)? {
                cells.push(self.pos(&format!("{field}.cell"), o.get("cell").unwrap_or(&Value::Null))?);
            }
            if cells.is_empty() {
                continue;
            }
            let rule = match key {
                "odd" => Rule::Odd { cells },
                "even" => Rule::Even { cells },
                "minimum" => Rule::Minimum { cells },
                _ => Rule::Maximum { cells },
            };
            self.push(key, rule)?;
        }
        for key in LINE_KEYS {
            for (field, o) in self.entries(key)? {
                let difference = if key == "whispers" {
                    number(&field, o.get("value"))?
                } else {
                    None
                };
                for (i, cells) in self.lines(&field, o)?.into_iter().enumerate() {
                    if cells.len() < 2 {
                        continue; // one cell: no pair, nothing to hold
                    }
                    let rule = match key {
                        "thermometer" => Rule::Thermo { cells, slow: false },
                        "slowthermometer" => Rule::Thermo { cells, slow: true },
                        "palindrome" => Rule::Palindrome { cells },
                        "renban" => Rule::Renban { cells },
                        "whispers" => Rule::Whispers { cells, difference },
                        "regionsumline" => Rule::RegionSum { cells },
                        "betweenline" => Rule::Between { cells },
                        "entropicline" => Rule::Entropic { cells },
                        _ => Rule::Zipper { cells },
                    };
                    self.push(&format!("{field}.lines[{i}]"), rule)?;
                }
            }
        }
        for (field, o) in self.entries("arrow")? {
            let circle = self.cells(&format!("{field}.cells"), o.get("cells"))?;
            for (i, line) in self.lines(&field, o)?.into_iter().enumerate() {
                // The line starts in the circle; its first cell is the circle's.
                let cells: Vec<Pos> = line.into_iter().skip(1).collect();
                if cells.is_empty() {
                    continue;
                }
                let rule = Rule::Arrow {
                    circle: circle.clone(),
                    cells,
                };
                self.push(&format!("{field}.lines[{i}]"), rule)?;
            }
        }
        for key in ["difference", "ratio", "xv"] {
            for (field, o) in self.entries(key)? {
                let cells = self.cells(&format!("{field}.cells"), o.get("cells"))?;
                let rule = match key {
                    "difference" => Rule::Difference {
                        cells,
                        value: number(&field, o.get("value"))?,
                    },
                    "ratio" => Rule::Ratio {
                        cells,
                        value: number(&field, o.get("value"))?,
                    },
                    _ => {
                        let v = o.get("value").and_then(Value::as_str).unwrap_or("");
                        let sum = match v.trim().to_ascii_uppercase().as_str() {
                            "X" => 10,
                            "V" => 5,
                            "" => continue,
                            _ => {
                                return Err(err(format!(
                                    "{field}.value: \"{v}\" is neither X nor V"
                                )));
                            }
                        };
                        Rule::Xv { cells, sum }
                    }
                };
                self.push(&field, rule)?;
            }
        }
        for (field, o) in self.entries("clone")? {
            let a = self.cells(&format!("{field}.cells"), o.get("cells"))?;
            let b = self.cells(&format!("{field}.cloneCells"), o.get("cloneCells"))?;
            if a.len() != b.len() {
                return Err(err(format!(
                    "{field}: the shapes have {} and {} cells",
                    a.len(),
                    b.len()
                )));
            }
            let pairs: Vec<(Pos, Pos)> = a.into_iter().zip(b).filter(|(p, q)| p != q).collect();
            let mut all: Vec<Pos> = pairs.iter().flat_map(|&(p, q)| [p, q]).collect();
            all.sort();
            all.dedup();
            if all.len() == 2 * pairs.len() {
                let (cells, clone) = pairs.into_iter().unzip();
                if !Vec::is_empty(&cells) {
                    self.push(&field, Rule::Clone { cells, clone })?;
                }
            } else {
                // Overlapping shapes: one rule per pair of cells.
                for (p, q) in pairs {
                    let rule = Rule::Clone {
                        cells: vec![p],
                        clone: vec![q],
                    };
                    self.push(&field, rule)?;
                }
            }
        }
        for (field, o) in self.entries("quadruple")? {
            let cells = self.cells(&format!("{field}.cells"), o.get("cells"))?;
            let digits = o
                .get("values")
                .and_then(Value::as_array)
                .ok_or_else(|| err(format!("{field}.values: missing its list of digits")))?
                .iter()
                .map(|d| {
                    d.as_u64()
                        .or_else(|| d.as_str().and_then(|s| s.trim().parse().ok()))
                        .map(|d| d as u32)
                        .ok_or_else(|| err(format!("{field}.values: {d} is not a digit")))
                })
                .collect::<Result<Vec<u32>, ParseError>>()?;
            if digits.is_empty() {
                continue;
            }
            self.push(&field, Rule::Quadruple { cells, digits })?;
        }
        for (field, o) in self.entries("extraregion")? {
            let cells = self.cells(&format!("{field}.cells"), o.get("cells"))?;
            self.push(&field, Rule::ExtraRegion { cells })?;
        }
        for key in ["rowindexer", "columnindexer", "boxindexer"] {
            for (field, o) in self.entries(key)? {
                let cells = self.cells(&format!("{field}.cells"), o.get("cells"))?;
                let rule = match key {
                    "rowindexer" => Rule::RowIndexer { cells },
                    "columnindexer" => Rule::ColumnIndexer { cells },
                    _ => Rule::BoxIndexer { cells },
                };
                self.push(&field, rule)?;
            }
        }
        // Grid-wide rules last: the negative constraints look at the marks above.
        let has_dots = self
            .rules
            .iter()
            .any(|r| matches!(r, Rule::Difference { .. }));
        if flag(self.obj, "nonconsecutive")? {
            // f-puzzles' nonconsecutive with white dots is the negative constraint of the dots.
            self.rules.push(if has_dots {
                Rule::Negative {
                    marks: Marks::Difference,
                }
            } else {
                Rule::Nonconsecutive
            });
        }
        if let Some(neg) = self.obj.get("negative").filter(|v| !v.is_null()) {
            let list = neg
                .as_array()
                .ok_or_else(|| err("negative: must be a list of names"))?;
            for (i, m) in list.iter().enumerate() {
                let marks = match m.as_str().unwrap_or("") {
                    "ratio" => Marks::Ratio,
                    "xv" => Marks::Xv,
                    "difference" => Marks::Difference,
                    _ => {
                        return Err(err(format!(
                            "negative[{i}]: {m} is not ratio, xv or difference"
                        )));
                    }
                };
                let rule = Rule::Negative { marks };
                if !self.rules.contains(&rule) {
                    self.rules.push(rule);
                }
            }
        }
        if flag(self.obj, "disjointgroups")? {
            self.rules.push(Rule::DisjointGroups);
        }
        Ok(())
    }
}

/// The line constraints: `{lines: [[cells…], …]}`, one rule per line.
const LINE_KEYS: [&str; 9] = [
    "thermometer",
    "slowthermometer",
    "palindrome",
    "renban",
    "whispers",
    "regionsumline",
    "betweenline",
    "entropicline",
    "zipperline",
];

/// Constraint keys read as rules or layout, besides [`LINE_KEYS`].
const KNOWN: &[&str] = &[
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
    "killercage",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "odd",
    "even",
    "minimum",
    "maximum",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "clone",
    "quadruple",
    "extraregion",
    "rowindexer",
    "columnindexer",
    "boxindexer",
];

/// A number given as a number or a string; `None` when absent or empty.
fn number(field: &str, v: Option<&Value>) -> Result<Option<u32>, ParseError> {
    let bad = |v: &Value| err(format!("{field}.value: {v} is not a whole number"));
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s.trim().parse().map(Some).map_err(|_| bad(v.unwrap_or(&Value::Null))),
        Some(Value::Number(x)) => x
            .as_u64()
            .and_then(|x| u32::try_from(x).ok())
            .map(Some)
            .ok_or_else(|| bad(v.unwrap_or(&Value::Null))),
        Some(other) => Err(bad(other)),
    }
}

fn flag(obj: &Map<String, Value>, key: &str) -> Result<bool, ParseError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => Err(err(format!("{key}: {other} is not true or false"))),
    }
}

/// f-puzzles' default region of every cell: boxes of [`default_box`] (the same shapes
/// f-puzzles draws), rows when the side has none.
fn default_regions(n: usize) -> Vec<u8> {
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            match default_box(n) {
                Some((br, bc)) => ((r / br) * (n / bc) + c / bc) as u8,
                None => r as u8,
            }
        })
        .collect()
}

/// The anti-diagonal (`diagonal+`, bottom-left to top-right) and the main diagonal
/// (`diagonal-`), top row first.
fn diagonals(n: usize) -> (Vec<Pos>, Vec<Pos>) {
    let plus = (0..n).map(|r| Pos::new(r, n - 1 - r)).collect();
    let minus = (0..n).map(|r| Pos::new(r, r)).collect();
    (plus, minus)
}

/// Reads a parsed f-puzzles object.
pub fn read_value(v: &Value) -> Result<Fpuzzle, ParseError> {
    let obj = v
        .as_object()
        .ok_or_else(|| err("an f-puzzles puzzle must be a JSON object"))?;
    let rows = obj
        .get("grid")
        .and_then(Value::as_array)
        .ok_or_else(|| err("grid: missing (a list of rows of cells)"))?;
    let n = match obj.get("size") {
        None | Some(Value::Null) => rows.len(),
        Some(s) => s
            .as_u64()
            .map(|s| s as usize)
            .ok_or_else(|| err(format!("size: {s} is not a number")))?,
    };
    if !(1..=crate::types::MAX_SIZE).contains(&n) {
        return Err(err(format!("size: {n} is not a supported side")));
    }
    if rows.len() != n {
        return Err(err(format!("grid: {} rows for size {n}", rows.len())));
    }
    let mut values = vec![0u8; n * n];
    let mut region_of = default_regions(n);
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|a| a.len() == n)
            .ok_or_else(|| err(format!("grid[{r}]: must be a list of {n} cells")))?;
        for (c, cell) in row.iter().enumerate() {
            let field = format!("grid[{r}][{c}]");
            let Some(cell) = cell.as_object() else {
                return Err(err(format!("{field}: must be an object")));
            };
            let given = cell.get("given").and_then(Value::as_bool).unwrap_or(false);
            let value = number(&field, cell.get("value"))?.unwrap_or(0);
            if given && value > 0 {
                if value as usize > n {
                    return Err(err(format!("{field}.value: {value} is too large for size {n}")));
                }
                values[r * n + c] = value as u8;
            }
            let marks = cell
                .get("givenPencilMarks")
                .and_then(Value::as_array)
                .is_some_and(|a| !a.is_empty());
            if marks {
                return Err(err(format!(
                    "{field}.givenPencilMarks: given pencil marks (candidate restrictions) are \
                     not supported"
                )));
            }
            if let Some(g) = cell.get("region") {
                match g.as_u64() {
                    Some(g) if (g as usize) < n => region_of[r * n + c] = g as u8,
                    _ => {
                        return Err(err(format!(
                            "{field}.region: {g} is not a region 0..{}",
                            n - 1
                        )));
                    }
                }
            }
        }
    }
    let base = match default_box(n) {
        Some((br, bc)) if region_of == default_regions(n) => Layout::boxed(n, br, bc)?,
        _ => Layout::jigsaw(n, region_of)?,
    };
    let mut extras = Vec::new();
    let (plus, minus) = (flag(obj, "diagonal+")?, flag(obj, "diagonal-")?);
    let mut reader = Reader {
        obj,
        n,
        rules: Vec::new(),
    };
    let (plus_cells, minus_cells) = diagonals(n);
    match (plus, minus) {
        (true, true) => extras.push(Extra::Diagonals),
        (true, false) => reader.push("diagonal+", Rule::ExtraRegion { cells: plus_cells })?,
        (false, true) => reader.push("diagonal-", Rule::ExtraRegion { cells: minus_cells })?,
        (false, false) => {}
    }
    if flag(obj, "antiknight")? {
        extras.push(Extra::AntiKnight);
    }
    if flag(obj, "antiking")? {
        extras.push(Extra::AntiKing);
    }
    reader.read_rules()?;
    let layout = base
        .with_extras(&extras)
        .with_rules(reader.rules)
        .map_err(|e| err(e.to_string()))?;
    let layout = Arc::new(layout);
    let solution = match obj.get("solution") {
        None | Some(Value::Null) => None,
        Some(sol) => Some(
            json_values(sol, n)
                .map(|vals| Grid::from_values(layout.clone(), vals))
                .and_then(complete)
                .map_err(|e| ParseError::Expected(Box::new(e))),
        ),
    };
    let text = |k: &str| {
        obj.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
    };
    let label = match (text("title"), text("author")) {
        (Some(t), Some(a)) => Some(format!("{t} (by {a})")),
        (Some(t), None) => Some(t.to_string()),
        _ => None,
    };
    Ok(Fpuzzle {
        puzzle: finish(layout, values)?,
        solution,
        label,
    })
}

/// A rule or layout feature f-puzzles cannot express.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("f-puzzles has no form for {0}")]
pub struct NoFpuzzlesForm(pub String);

fn name(p: Pos) -> Value {
    Value::String(format!("R{}C{}", p.row + 1, p.col + 1))
}

fn names(cells: &[Pos]) -> Value {
    Value::Array(cells.iter().map(|&p| name(p)).collect())
}

/// The clue cell outside the grid for a whole row or column read from its start.
fn clue_for_line(cells: &[Pos], n: usize) -> Option<Value> {
    let a = *cells.first()?;
    if cells.len() != n {
        return None;
    }
    let cell = |r: usize, c: usize| Value::String(format!("R{r}C{c}"));
    let same_col = cells.iter().all(|p| p.col == a.col);
    let same_row = cells.iter().all(|p| p.row == a.row);
    if same_col && (0..n).all(|i| cells[i] == Pos::new(i, a.col)) {
        Some(cell(0, a.col + 1))
    } else if same_col && (0..n).all(|i| cells[i] == Pos::new(n - 1 - i, a.col)) {
        Some(cell(n + 1, a.col + 1))
    } else if same_row && (0..n).all(|i| cells[i] == Pos::new(a.row, i)) {
        Some(cell(a.row + 1, 0))
    } else if same_row && (0..n).all(|i| cells[i] == Pos::new(a.row, n - 1 - i)) {
        Some(cell(a.row + 1, n + 1))
    } else {
        None
    }
}

/// The little-killer clue (cell outside the grid, direction) whose diagonal is `cells`.
fn clue_for_diagonal(cells: &[Pos], n: usize) -> Option<(Value, &'static str)> {
    let first = *cells.first()?;
    let n = n as i64;
    for (dr, dc, dir) in [(1, 1, "DR"), (1, -1, "DL"), (-1, 1, "UR"), (-1, -1, "UL")] {
        let at = |k: i64| (first.row as i64 + k * dr, first.col as i64 + k * dc);
        let inside = |(r, c): (i64, i64)| (0..n).contains(&r) && (0..n).contains(&c);
        let k = cells.len() as i64;
        let follows = cells
            .iter()
            .enumerate()
            .all(|(i, p)| at(i as i64) == (p.row as i64, p.col as i64));
        if follows && !inside(at(-1)) && !inside(at(k)) {
            let (r, c) = at(-1);
            return Some((Value::String(format!("R{}C{}", r + 1, c + 1)), dir));
        }
    }
    None
}

fn push(obj: &mut Map<String, Value>, key: &str, entry: Value) {
    if let Value::Array(list) = obj.entry(key).or_insert_with(|| Value::Array(Vec::new())) {
        list.push(entry);
    }
}

/// Writes a puzzle (its givens, layout and rules, and `solution` when given) as one line of
/// f-puzzles JSON.
pub fn write_fpuzzles(puzzle: &Grid, solution: Option<&Grid>) -> Result<String, NoFpuzzlesForm> {
    Ok(fpuzzles_value(puzzle, solution)?.to_string())
}

/// [`write_fpuzzles`] as an `https://f-puzzles.com/?load=…` link.
pub fn write_fpuzzles_link(
    puzzle: &Grid,
    solution: Option<&Grid>,
) -> Result<String, NoFpuzzlesForm> {
    let json = write_fpuzzles(puzzle, solution)?;
    Ok(format!(
        "https://f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json.as_str())
    ))
}

/// The f-puzzles object of a puzzle.
pub fn fpuzzles_value(puzzle: &Grid, solution: Option<&Grid>) -> Result<Value, NoFpuzzlesForm> {
    let layout = puzzle.layout();
    let n = layout.size();
    let jigsaw = match layout.regions() {
        Regions::Boxes { rows, cols } => default_box(n) != Some((*rows, *cols)),
        Regions::Jigsaw(_) => true,
    };
    let grid: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| {
                        let mut cell = Map::new();
                        let v = puzzle.values()[r * n + c];
                        if v > 0 {
                            cell.insert("value".into(), json!(v));
                            cell.insert("given".into(), json!(true));
                        }
                        if jigsaw {
                            cell.insert("region".into(), json!(layout.region_map()[r * n + c]));
                        }
                        Value::Object(cell)
                    })
                    .collect(),
            )
        })
        .collect();
    let mut obj = Map::new();
    obj.insert("size".into(), json!(n));
    obj.insert("grid".into(), Value::Array(grid));
    for e in layout.extras() {
        match e {
            Extra::Diagonals => {
                obj.insert("diagonal+".into(), json!(true));
                obj.insert("diagonal-".into(), json!(true));
            }
            Extra::AntiKnight => {
                obj.insert("antiknight".into(), json!(true));
            }
            Extra::AntiKing => {
                obj.insert("antiking".into(), json!(true));
            }
        }
    }
    let (plus, minus) = diagonals(n);
    let mut negative = Vec::new();
    for rule in layout.rules() {
        let no_form = || NoFpuzzlesForm(rule.describe());
        let line = |cells: &[Pos]| json!({ "lines": [names(cells)] });
        let value = |v: Option<u32>| v.map(|v| v.to_string());
        match rule {
            Rule::Difference { cells, value: v } | Rule::Ratio { cells, value: v } => {
                let mut e = Map::new();
                e.insert("cells".into(), names(cells));
                if let Some(v) = value(*v) {
                    e.insert("value".into(), Value::String(v));
                }
                push(&mut obj, if matches!(rule, Rule::Ratio { .. }) { "ratio" } else { "difference" }, Value::Object(e));
            }
            Rule::Xv { cells, sum } => {
                let v = match sum {
                    10 => "X",
                    5 => "V",
                    _ => return Err(no_form()),
                };
                push(&mut obj, "xv", json!({ "cells": names(cells), "value": v }));
            }
            Rule::GreaterThan { .. } => return Err(no_form()),
            Rule::Nonconsecutive => {
                obj.insert("nonconsecutive".into(), json!(true));
            }
            Rule::Negative { marks } => match marks {
                Marks::Difference => {
                    obj.insert("nonconsecutive".into(), json!(true));
                }
                Marks::Ratio => negative.push("ratio"),
                Marks::Xv => negative.push("xv"),
            },
            Rule::Killer { cells, sum } => {
                let mut e = Map::new();
                e.insert("cells".into(), names(cells));
                if let Some(s) = sum {
                    e.insert("value".into(), Value::String(s.to_string()));
                }
                push(&mut obj, "killercage", Value::Object(e));
            }
            Rule::LittleKiller { cells, sum } => {
                let (cell, dir) = clue_for_diagonal(cells, n).ok_or_else(no_form)?;
                let e = json!({ "cell": cell, "direction": dir, "value": sum.to_string() });
                push(&mut obj, "littlekillersum", e);
            }
            Rule::Sandwich { cells, sum: v }
            | Rule::XSum { cells, sum: v }
            | Rule::Skyscraper { cells, count: v } => {
                let key = match rule {
                    Rule::Sandwich { .. } => "sandwichsum",
                    Rule::XSum { .. } => "xsum",
                    _ => "skyscraper",
                };
                let cell = clue_for_line(cells, n).ok_or_else(no_form)?;
                push(&mut obj, key, json!({ "cell": cell, "value": v.to_string() }));
            }
            Rule::RegionSum { cells } => push(&mut obj, "regionsumline", line(cells)),
            Rule::Thermo { cells, slow } => {
                let key = if *slow { "slowthermometer" } else { "thermometer" };
                push(&mut obj, key, line(cells));
            }
            Rule::Arrow { circle, cells } => {
                // The line starts in the circle, at the circle cell nearest its first cell.
                let near = |p: &&Pos| p.row.abs_diff(cells[0].row).max(p.col.abs_diff(cells[0].col));
                let origin = *circle.iter().min_by_key(near).ok_or_else(no_form)?;
                let mut l = vec![origin];
                l.extend_from_slice(cells);
                push(&mut obj, "arrow", json!({ "cells": names(circle), "lines": [names(&l)] }));
            }
            Rule::Renban { cells } => push(&mut obj, "renban", line(cells)),
            Rule::Whispers { cells, difference } => {
                let mut e = line(cells);
                if let (Some(d), Value::Object(m)) = (difference, &mut e) {
                    m.insert("value".into(), Value::String(d.to_string()));
                }
                push(&mut obj, "whispers", e);
            }
            Rule::Palindrome { cells } => push(&mut obj, "palindrome", line(cells)),
            Rule::Between { cells } => push(&mut obj, "betweenline", line(cells)),
            Rule::Entropic { cells } => push(&mut obj, "entropicline", line(cells)),
            Rule::Zipper { cells } => push(&mut obj, "zipperline", line(cells)),
            Rule::Odd { cells }
            | Rule::Even { cells }
            | Rule::Minimum { cells }
            | Rule::Maximum { cells } => {
                for &p in cells {
                    push(&mut obj, rule.name(), json!({ "cell": name(p) }));
                }
            }
            Rule::Quadruple { cells, digits } => {
                push(&mut obj, "quadruple", json!({ "cells": names(cells), "values": digits }));
            }
            Rule::Clone { cells, clone } => {
                push(&mut obj, "clone", json!({ "cells": names(cells), "cloneCells": names(clone) }));
            }
            Rule::ExtraRegion { cells } if *cells == plus => {
                obj.insert("diagonal+".into(), json!(true));
            }
            Rule::ExtraRegion { cells } if *cells == minus => {
                obj.insert("diagonal-".into(), json!(true));
            }
            Rule::ExtraRegion { cells } => {
                push(&mut obj, "extraregion", json!({ "cells": names(cells) }));
            }
            Rule::DisjointGroups => {
                obj.insert("disjointgroups".into(), json!(true));
            }
            Rule::RowIndexer { cells } => push(&mut obj, "rowindexer", json!({ "cells": names(cells) })),
            Rule::ColumnIndexer { cells } => {
                push(&mut obj, "columnindexer", json!({ "cells": names(cells) }))
            }
            Rule::BoxIndexer { cells } => push(&mut obj, "boxindexer", json!({ "cells": names(cells) })),
        }
    }
    if !negative.is_empty() {
        obj.insert("negative".into(), json!(negative));
    }
    if let Some(s) = solution {
        obj.insert("solution".into(), json!(s.values()));
    }
    Ok(Value::Object(obj))
}
