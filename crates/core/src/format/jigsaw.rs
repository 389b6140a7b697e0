//! Format `jigsaw`: a puzzle line followed by a line of N² region labels.

use super::cells::*;
use super::source::*;
use super::{InputFormat, ParseError, Record};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::types::MAX_SIZE;
use std::io::{self, BufRead};
use std::sync::Arc;

impl<R: BufRead> Reader<R> {
    pub(super) fn read_jigsaw_record(&mut self) -> io::Result<Option<Record>> {
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

    pub(super) fn jigsaw_grid(&mut self, tok: &str, regions: &str) -> Result<Grid, ParseError> {
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
}
