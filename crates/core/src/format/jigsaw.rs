//! Format `jigsaw`: a puzzle line followed by a line of N² region labels. It gives no
//! detection evidence (a region line looks like a puzzle), so it is read only when asked for.

use super::cells::*;
use super::registry::{Format, RecordReader};
use super::source::*;
use super::{InputFormat, LayoutSpec, ParseError, Record};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::types::MAX_SIZE;
use std::io;
use std::sync::Arc;

/// The registration of format `jigsaw`.
pub(super) static FORMAT: JigsawFormat = JigsawFormat;

/// Format `jigsaw`: never detected.
pub(super) struct JigsawFormat;

impl Format for JigsawFormat {
    fn name(&self) -> &'static str {
        InputFormat::Jigsaw.name()
    }

    fn help(&self) -> &'static str {
        "a puzzle line followed by a line of N² region labels (never detected: give it)"
    }

    fn reader(&self) -> Box<dyn RecordReader> {
        Box::new(JigsawRecords::default())
    }
}

/// The state of a jigsaw input: the last region layout, keyed by side and region text (one
/// file usually repeats one layout).
#[derive(Default)]
struct JigsawRecords {
    cache: Option<(usize, String, Arc<Layout>)>,
}

impl RecordReader for JigsawRecords {
    fn next_record(&mut self, input: &mut Input<'_>) -> io::Result<Option<Record>> {
        let Some((no, line)) = input.next_content_line()? else {
            return Ok(None);
        };
        // The region line is read even when the puzzle line is unreadable, so the next record
        // starts at the right line.
        let regions_line = input.next_content_line()?;
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
                self.grid(input.spec(), &tok, &rtok)
            }
        };
        Ok(Some(input.record(no, label, puzzle, None)))
    }
}

impl JigsawRecords {
    fn grid(&mut self, spec: &LayoutSpec, tok: &str, regions: &str) -> Result<Grid, ParseError> {
        let chars: Vec<char> = tok.chars().collect();
        let n = isqrt_exact(chars.len())
            .filter(|&n| n <= MAX_SIZE)
            .ok_or_else(|| ParseError::WrongLength {
                found: chars.len(),
                expected: "expected a square number N²".into(),
            })?;
        // Keyed by side and region text: the same labels mean different layouts at other sizes.
        let layout = match &self.cache {
            Some((size, r, l)) if *size == n && r == regions => l.clone(),
            _ => {
                let labels: Vec<String> = regions.chars().map(String::from).collect();
                let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
                let l =
                    Arc::new(Layout::jigsaw_from_labels(n, &refs)?.with_extras(&spec.extras));
                self.cache = Some((n, regions.to_string(), l.clone()));
                l
            }
        };
        let values = symbols_to_values(&chars, n)?;
        finish(layout, values)
    }
}
