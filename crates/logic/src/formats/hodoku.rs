//! HoDoKu's library format, one line per grid and step:
//! `:<code>[-variant]:<digits>:<givens>:<deleted>:<eliminations>:<placements>:<extra>`.
//! Givens are 81 symbols (`.`/`0` empty, `+d` a placed non-given digit); deleted candidates,
//! eliminations and placements are space-separated `<digit><row><col>` triples. 9×9 only.
//!
//! Design decision: a line is parsed into a [`CandidateGrid`] plus the expected step as plain
//! data ([`LibraryLine`]), and written back from a grid and a [`Step`], so the regression
//! library and `find`/`explain` output share one implementation.

use std::sync::Arc;

use sudokit_core::{Cell, Digit, DigitSet, Layout};

use super::FormatError;
use crate::grid::CandidateGrid;
use crate::step::{Candidate, Step};

/// One parsed library line.
#[derive(Clone, Debug)]
pub struct LibraryLine {
    /// The technique code (`0200`; five digits for Siamese fish).
    pub code: String,
    /// The variant after the dash (`1`, `2`, `x` for a fail case), if any.
    pub variant: Option<String>,
    /// The digits field.
    pub digits: Vec<Digit>,
    /// The grid with its candidates.
    pub grid: CandidateGrid,
    /// Expected eliminations.
    pub eliminations: Vec<Candidate>,
    /// Expected placements.
    pub placements: Vec<Candidate>,
    /// The extra field (chain length), if any.
    pub extra: Option<String>,
}

impl LibraryLine {
    /// Whether this is a fail case (`-x`): no instance may be found.
    pub fn is_fail_case(&self) -> bool {
        self.variant.as_deref().is_some_and(|v| v.starts_with('x'))
    }
}

fn parse_triples(field: &str) -> Result<Vec<Candidate>, FormatError> {
    field
        .split_whitespace()
        .map(|t| {
            let b = t.as_bytes();
            if b.len() != 3 || !b.iter().all(|c| (b'1'..=b'9').contains(c)) {
                return Err(FormatError::Malformed(format!(
                    "bad candidate `{t}` (expected <digit><row><col>, 1-9 each)"
                )));
            }
            let d = Digit::new(b[0] - b'0').expect("1-9");
            let (r, c) = ((b[1] - b'1') as usize, (b[2] - b'1') as usize);
            Ok(Candidate::new(Cell::at(r, c, 9), d))
        })
        .collect()
}

/// Parses one library line (a trailing `\r` is ignored).
pub fn parse_line(line: &str) -> Result<LibraryLine, FormatError> {
    let line = line.trim_end_matches(['\r', '\n']);
    let fields: Vec<&str> = line.split(':').collect();
    if fields.len() < 6 || !fields[0].is_empty() {
        return Err(FormatError::Malformed(
            "a library line looks like :code:digits:givens:deleted:eliminations:placements:extra"
                .into(),
        ));
    }
    let (code, variant) = match fields[1].split_once('-') {
        Some((c, v)) => (c.to_string(), Some(v.to_string())),
        None => (fields[1].to_string(), None),
    };
    let digits = fields[2]
        .chars()
        .map(|ch| {
            ch.to_digit(10)
                .and_then(|v| Digit::new(v as u8))
                .ok_or_else(|| FormatError::Malformed(format!("bad digit `{ch}` in digits field")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut values = Vec::with_capacity(81);
    let mut givens = Vec::with_capacity(81);
    let mut chars = fields[3].chars();
    while let Some(ch) = chars.next() {
        match ch {
            '.' | '0' => {
                values.push(0);
                givens.push(false);
            }
            '+' => {
                let d = chars
                    .next()
                    .and_then(|c| c.to_digit(10))
                    .filter(|&v| v > 0)
                    .ok_or_else(|| {
                        FormatError::Malformed("`+` must be followed by a digit".into())
                    })?;
                values.push(d as u8);
                givens.push(false);
            }
            '1'..='9' => {
                values.push(ch as u8 - b'0');
                givens.push(true);
            }
            _ => {
                return Err(FormatError::Malformed(format!(
                    "bad symbol `{ch}` in the givens field"
                )));
            }
        }
    }
    if values.len() != 81 {
        return Err(FormatError::Malformed(format!(
            "the givens field has {} cells, expected 81",
            values.len()
        )));
    }
    let layout = Arc::new(Layout::standard(9).expect("9x9"));
    let mut grid =
        CandidateGrid::with_candidates(layout, values, vec![DigitSet::EMPTY; 81], givens);
    grid.recompute_candidates();
    for del in parse_triples(fields[4])? {
        grid.eliminate(del.cell, del.digit);
    }
    Ok(LibraryLine {
        code,
        variant,
        digits,
        grid,
        eliminations: parse_triples(fields[5])?,
        placements: parse_triples(fields[6..].first().copied().unwrap_or(""))?,
        extra: fields
            .get(7)
            .filter(|s| !s.is_empty())
            .map(|s| s.to_string()),
    })
}

fn triples(cands: &[Candidate]) -> String {
    let mut v: Vec<Candidate> = cands.to_vec();
    v.sort_by_key(|c| (c.digit, c.cell));
    v.iter()
        .map(|c| {
            let (r, col) = c.cell.row_col(9);
            format!("{}{}{}", c.digit, r + 1, col + 1)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes a 9×9 grid and a step as a library line (`None` when the grid is not 9×9 or the
/// technique has no HoDoKu code).
pub fn write_line(grid: &CandidateGrid, step: &Step) -> Option<String> {
    if grid.size() != 9
        || grid.layout().box_shape() != Some((3, 3))
        || !grid.layout().extras().is_empty()
    {
        return None;
    }
    let code = step.technique.hodoku?;
    let mut givens = String::with_capacity(100);
    let mut deleted = Vec::new();
    let mut fresh = grid.clone();
    fresh.recompute_candidates();
    for c in grid.cells() {
        match grid.value(c) {
            Some(d) if grid.is_given(c) => givens.push_str(&d.to_string()),
            Some(d) => {
                givens.push('+');
                givens.push_str(&d.to_string());
            }
            None => {
                givens.push('.');
                for d in fresh.candidates(c).iter() {
                    if !grid.has(c, d) {
                        deleted.push(Candidate::new(c, d));
                    }
                }
            }
        }
    }
    deleted.sort_by_key(|c| (c.cell, c.digit));
    let deleted = deleted
        .iter()
        .map(|c| {
            let (r, col) = c.cell.row_col(9);
            format!("{}{}{}", c.digit, r + 1, col + 1)
        })
        .collect::<Vec<_>>()
        .join(" ");
    let digits: String = if step.placements.is_empty() {
        step.digits.iter().map(|d| d.to_string()).collect()
    } else {
        step.placements
            .iter()
            .map(|p| p.digit.to_string())
            .collect()
    };
    Some(format!(
        ":{code}:{digits}:{givens}:{deleted}:{}:{}:",
        triples(&step.eliminations),
        triples(&step.placements)
    ))
}

/// Writes a 9×9 candidate grid alone as a library line with the pseudo-code `0000` left empty
/// (`:::<givens>:<deleted>:::`): the grid part other tools read.
pub fn write_grid(grid: &CandidateGrid) -> Option<String> {
    let dummy = Step::new(&crate::techniques::table::FULL_HOUSE);
    let line = write_line(grid, &dummy)?;
    let fields: Vec<&str> = line.split(':').collect();
    Some(format!(":0000::{}:{}:::", fields[3], fields[4]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_writes_back_the_grid() {
        let line = ":0200:16:7.+9...+3+4.+3.274.58+948+59..+7+2..3+1..8+49+7.47.9.86..9+84.+7+21.+8+2+3.+79.54+176+2549+3+8+9+5+4....+72::114 115 116 614 615 616::";
        let l = parse_line(line).unwrap();
        assert_eq!(l.code, "0200");
        assert_eq!(l.digits.len(), 2);
        assert_eq!(l.eliminations.len(), 6);
        assert!(l.grid.is_given(Cell(0)));
        assert!(!l.grid.is_given(Cell(2)), "+9 is placed, not given");
        let back = write_grid(&l.grid).unwrap();
        let again = parse_line(&back).unwrap();
        assert_eq!(again.grid, l.grid);
    }

    #[test]
    fn rejects_bad_lines() {
        assert!(parse_line("not a line").is_err());
        assert!(parse_line(":0200:1:123:::").is_err());
    }
}
