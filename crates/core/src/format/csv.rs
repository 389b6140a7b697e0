//! Format `csv`: `puzzle,solution[,label…]` rows (the `quizzes,solutions` layout), with
//! quoted fields.

use super::cells::*;
use super::source::*;
use super::{InputFormat, ParseError, Record};
use crate::grid::Grid;
use std::io::{self, BufRead};

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

impl<R: BufRead> Reader<R> {
    pub(super) fn read_csv_record(&mut self) -> io::Result<Option<Record>> {
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

    pub(super) fn csv_expected(
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
}
