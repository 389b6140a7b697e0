//! Format `csv`: `puzzle,solution[,label…][,rules]` rows (the `quizzes,solutions` layout),
//! with quoted fields; a last field holding a JSON list of rule objects (what `sudokit
//! generate -f csv` writes for variant puzzles) gives the puzzle those rules.

use super::cells::*;
use super::detect::square_ok;
use super::registry::{Format, RecordReader, Window};
use super::rules_comment::{is_rules_field, with_rules_text};
use super::source::*;
use super::{InputFormat, LayoutSpec, ParseError, Record};
use crate::grid::Grid;
use std::io;

/// The registration of format `csv`.
pub(super) static FORMAT: CsvFormat = CsvFormat;

/// Format `csv`: a line whose first field is a puzzle (N² symbols) or a header word looks
/// like CSV, and the format claims an input where most lines do.
pub(super) struct CsvFormat;

impl Format for CsvFormat {
    fn name(&self) -> &'static str {
        InputFormat::Csv.name()
    }

    fn help(&self) -> &'static str {
        "`quizzes,solutions` CSV: puzzle, optional expected solution, optional label fields"
    }

    fn line_strength(&self, line: &str, spec: &LayoutSpec) -> Option<u8> {
        let t = line.trim();
        if !t.contains(',') {
            return None;
        }
        let field = t.split(',').next().unwrap_or("").trim().trim_matches('"');
        let header =
            !field.is_empty() && field.chars().all(|c| c.is_ascii_alphabetic() || c == '_');
        ((square_ok(field.chars().count(), spec) && !field.contains(' ')) || header).then_some(4)
    }

    fn window_claim(&self, window: &Window<'_>) -> Option<u8> {
        (window.votes(InputFormat::Csv) * 2 > window.lines.len()).then_some(2)
    }

    fn reader(&self) -> Box<dyn RecordReader> {
        Box::new(CsvRecords::default())
    }
}

/// The state of a CSV input: whether the first row (perhaps a header) has been seen.
#[derive(Default)]
struct CsvRecords {
    header_checked: bool,
}

/// Splits a CSV line into fields: comma-separated, a field in double quotes may hold commas
/// and `""` for a quote; unquoted fields are trimmed.
pub(super) fn csv_fields(line: &str) -> Result<Vec<String>, ParseError> {
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

impl RecordReader for CsvRecords {
    fn next_record(&mut self, input: &mut Input<'_>) -> io::Result<Option<Record>> {
        loop {
            let Some((no, line)) = input.next_content_line()? else {
                return Ok(None);
            };
            let line = match line {
                Ok(l) => l,
                Err(e) => return Ok(Some(input.record(no, None, Err(e), None))),
            };
            let fields = match csv_fields(&line) {
                Ok(f) => f,
                Err(e) => return Ok(Some(input.record(no, None, Err(e), None))),
            };
            if !self.header_checked {
                self.header_checked = true;
                let f0 = &fields[0];
                if !f0.is_empty() && f0.chars().all(|c| c.is_ascii_alphabetic() || c == '_') {
                    continue; // header such as `quizzes,solutions`
                }
            }
            if fields.len() > 2 && fields[2..].iter().any(|f| !f.is_empty()) {
                // A last field of variant rules (`sudokit generate -f csv`) is not label.
                let mut fields = fields;
                let rules = fields
                    .last()
                    .is_some_and(|f| is_rules_field(f))
                    .then(|| fields.pop())
                    .flatten();
                let label = Some(fields[2..].join(",")).filter(|l| !l.is_empty());
                let mut puzzle = input.grid_from_symbols(&fields[0]);
                if let (Some(text), Ok(grid)) = (&rules, &puzzle) {
                    puzzle = with_rules_text(grid, text, |e| {
                        ParseError::Csv(format!("the rules field: {e}"))
                    });
                }
                let expected = csv_expected(&fields[1], &puzzle);
                return Ok(Some(input.record(
                    no,
                    label,
                    puzzle,
                    expected,
                )));
            }
            let puzzle = input.grid_from_symbols(&fields[0]);
            let expected = match fields.get(1) {
                Some(s) if !s.is_empty() => csv_expected(s, &puzzle),
                _ => None,
            };
            return Ok(Some(input.record(
                no,
                None,
                puzzle,
                expected,
            )));
        }
    }
}

fn csv_expected(
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
