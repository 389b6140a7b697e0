//! Pencil-mark grids as HoDoKu and SudokuWiki print them: N² cell tokens, each the string of a
//! cell's candidates (a single digit is a filled cell), separated by spaces, commas or box
//! rules (`|`, `-`, `+`, `.`, `'`, `:`, `*`). For N above 9 the candidates are written as
//! numbers joined by `/` (`1/12/16`), since digits run past one character.
//!
//! Design decision: the reader takes tokens, not layout, so it accepts the ruled grids people
//! paste from other programs and a plain 81-token line alike; the side is the square root of
//! the token count, and the box shape the layout default (or one passed in).

use std::fmt::Write as _;
use std::sync::Arc;

use sudokit_core::{Cell, Digit, DigitSet, Layout};

use super::FormatError;
use crate::grid::CandidateGrid;

/// The candidates of a cell token of an N×N grid, or `None` when it is not one.
fn parse_token(tok: &str, n: usize) -> Option<DigitSet> {
    let mut set = DigitSet::EMPTY;
    if n > 9 {
        for part in tok.split('/') {
            let v: u8 = part.parse().ok()?;
            set.insert(Digit::new(v).filter(|d| d.index() < n)?);
        }
    } else {
        for ch in tok.chars() {
            let v = ch.to_digit(10)? as u8;
            set.insert(Digit::new(v).filter(|d| d.index() < n)?);
        }
    }
    Some(set)
}

/// Whether `text` looks like a pencil-mark grid: N² cell tokens (N ≥ 4) of digits, at least
/// one with two or more candidates (two digits up to 9×9, numbers joined by `/` above, so that
/// a puzzle in the numbers format, whose cells are single numbers such as `12`, is not taken
/// for one) — or, for N from 4 to 9, tokens of letters and digits most of which are candidates
/// as written (a grid with a mistyped token such as `3467A`, which [`parse`] then names, rather
/// than a puzzle of one-symbol rows).
pub fn looks_like(text: &str) -> bool {
    let toks = tokens(text);
    let n2 = toks.len();
    let n = (n2 as f64).sqrt() as usize;
    let digits = |t: &&str| t.chars().all(|c| c.is_ascii_digit() || c == '/');
    let candidates = |t: &&&str| t.len() <= n && t.chars().all(|c| c.is_ascii_digit());
    let several = |t: &&str| if n > 9 { t.contains('/') } else { t.len() >= 2 };
    n * n == n2
        && n >= 4
        && toks.iter().any(several)
        && (toks.iter().all(digits)
            || (n <= 9
                && toks
                    .iter()
                    .all(|t| t.chars().all(|c| c.is_ascii_alphanumeric()))
                && toks.iter().filter(candidates).count() * 2 > n2))
}

/// Whether a line is a box rule (`.---+---.`, `|---+---|`, `'---'`).
fn is_rule(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty()
        && t.chars()
            .all(|c| matches!(c, '.' | '-' | '+' | '|' | '\'' | '=' | ':' | '*' | ' '))
}

fn tokens(text: &str) -> Vec<&str> {
    placed_tokens(text).map(|(_, _, t)| t).collect()
}

/// The cell tokens of `text`, each with its 1-based line and column (in characters).
fn placed_tokens(text: &str) -> impl Iterator<Item = (usize, usize, &str)> {
    let separator = |c: char| c.is_whitespace() || matches!(c, '|' | ',');
    text.lines()
        .enumerate()
        .filter(|(_, l)| !is_rule(l))
        .flat_map(move |(i, l)| {
            let mut column = 0;
            let mut start = None;
            let mut found = Vec::new();
            for (at, c) in l.char_indices().chain(std::iter::once((l.len(), ' '))) {
                column += 1;
                match (separator(c), start) {
                    (true, Some((s, col))) => {
                        found.push((i + 1, col, &l[s..at]));
                        start = None;
                    }
                    (false, None) => start = Some((at, column)),
                    _ => {}
                }
            }
            found
        })
}

/// Reads a pencil-mark grid; `layout` fixes the box shape (default: the standard layout for
/// the side the token count gives).
pub fn parse(text: &str, layout: Option<Arc<Layout>>) -> Result<CandidateGrid, FormatError> {
    let toks: Vec<_> = placed_tokens(text).collect();
    let n = (toks.len() as f64).sqrt().round() as usize;
    if n * n != toks.len() || n == 0 {
        return Err(FormatError::Malformed(format!(
            "a pencil-mark grid needs N² cell tokens; found {}",
            toks.len()
        )));
    }
    let layout = match layout {
        Some(l) if l.size() == n => l,
        Some(l) => {
            return Err(FormatError::Malformed(format!(
                "the grid has {n}x{n} cells but the layout is {}x{}",
                l.size(),
                l.size()
            )));
        }
        None => Arc::new(Layout::standard(n).map_err(|e| FormatError::Malformed(e.to_string()))?),
    };
    let mut values = vec![0u8; n * n];
    let mut cands = vec![DigitSet::EMPTY; n * n];
    for (i, &(line, column, t)) in toks.iter().enumerate() {
        let set = parse_token(t, n).ok_or_else(|| FormatError::Token {
            token: t.to_string(),
            line,
            column,
            cell: format!("r{}c{}", i / n + 1, i % n + 1),
            expected: if n > 9 {
                format!("a {n}x{n} grid's candidates are numbers 1 to {n} joined by `/`")
            } else {
                format!("a {n}x{n} grid's candidates are the digits 1 to {n}")
            },
        })?;
        if set.len() == 1 {
            values[i] = set.first().expect("one").get();
        } else {
            cands[i] = set;
        }
    }
    let givens = values.iter().map(|&v| v != 0).collect();
    let mut g = CandidateGrid::with_candidates(layout, values, cands, givens);
    g.drop_seen_candidates();
    Ok(g)
}

fn token(g: &CandidateGrid, c: Cell) -> String {
    let n = g.size();
    let set = match g.value(c) {
        Some(d) => DigitSet::single(d),
        None => g.candidates(c),
    };
    if n > 9 {
        set.iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("/")
    } else {
        set.iter().map(|d| d.to_string()).collect()
    }
}

/// Writes the grid with box rules, columns aligned (HoDoKu's style). An empty cell with no
/// candidate left prints as `0`, which the reader rejects, so a broken grid is never read back
/// as a different one.
pub fn write(g: &CandidateGrid) -> String {
    let n = g.size();
    let widths: Vec<usize> = (0..n)
        .map(|col| {
            (0..n)
                .map(|row| token(g, Cell::at(row, col, n)).len().max(1))
                .max()
                .unwrap_or(1)
        })
        .collect();
    let (br, bc) = g.layout().box_shape().unwrap_or((n, n));
    let mut rule = String::from(".");
    for (col, w) in widths.iter().enumerate() {
        rule.push_str(&"-".repeat(w + 2));
        if (col + 1) % bc == 0 && col + 1 < n {
            rule.push('+');
        }
    }
    rule.push('.');
    let mut out = String::new();
    out.push_str(&rule);
    out.push('\n');
    for row in 0..n {
        out.push('|');
        for (col, &w) in widths.iter().enumerate() {
            let mut t = token(g, Cell::at(row, col, n));
            if t.is_empty() {
                t.push('0');
            }
            let _ = write!(out, " {t:<w$} ");
            if (col + 1) % bc == 0 && col + 1 < n {
                out.push('|');
            }
        }
        out.push_str("|\n");
        if (row + 1) % br == 0 && row + 1 < n {
            out.push_str(&rule.replace('.', "|"));
            out.push('\n');
        }
    }
    out.push_str(&rule.replace('.', "'"));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::format::{InputFormat, parse_one};

    /// A 16×16 puzzle in the numbers format (cells such as `12`) is not a pencil-mark grid;
    /// the same grid with one cell written `3/12` is (issue 46: the puzzle was read as marks).
    #[test]
    fn a_16x16_numbers_puzzle_is_not_taken_for_pencil_marks() {
        let rows: Vec<String> = (0..16)
            .map(|r| {
                (0..16)
                    .map(|c| {
                        if (r + c) % 3 == 0 {
                            ((r * 4 + r / 4 + c) % 16 + 1).to_string()
                        } else {
                            "0".into()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let puzzle = rows.join("\n");
        assert!(puzzle.contains("12"), "two-digit cells present");
        assert!(!looks_like(&puzzle));
        let marks = puzzle.replacen("12", "3/12", 1).replace(" 0", " 1/2/3");
        assert!(looks_like(&marks));
    }

    #[test]
    fn round_trips_a_9x9_with_eliminations() {
        let p = parse_one(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            InputFormat::Line,
        )
        .unwrap();
        let mut g = CandidateGrid::new(&p);
        let c = g
            .empty_cells()
            .find(|&c| g.candidates(c).len() >= 3)
            .unwrap();
        let d = g.candidates(c).first().unwrap();
        g.eliminate(c, d);
        let text = write(&g);
        assert!(looks_like(&text));
        let back = parse(&text, None).unwrap();
        // A cell with one candidate prints as one digit and reads back as filled (and its
        // digit leaves the peers' pencil marks).
        let mut expect = g.clone();
        for cell in g.cells() {
            if g.value(cell).is_none() && g.candidates(cell).len() == 1 {
                expect.place(cell, g.candidates(cell).first().unwrap());
            }
        }
        assert_eq!(back.values(), expect.values());
        for cell in g.cells() {
            assert_eq!(back.candidates(cell), expect.candidates(cell));
        }
    }

    #[test]
    fn round_trips_16x16() {
        let l = Arc::new(Layout::standard(16).unwrap());
        let p = sudokit_core::Grid::empty(l);
        let g = CandidateGrid::new(&p);
        let back = parse(&write(&g), None).unwrap();
        assert_eq!(back.candidates(Cell(0)).len(), 16);
    }

    #[test]
    fn rejects_wrong_token_count() {
        assert!(parse("12 34 5", None).is_err());
    }

    /// A token that is not a set of candidates is named with its line, column and cell, and
    /// the grid still looks like a pencil-mark grid (so it is not read as puzzles).
    #[test]
    fn names_a_mistyped_token() {
        let text = ".----.\n| 1 234 | 4 3 |\n| 34 3A 12 1 |\n1 2 3 4\n4 3 2 1\n";
        assert!(looks_like(text));
        let e = parse(text, None).unwrap_err();
        assert_eq!(
            e,
            FormatError::Token {
                token: "3A".into(),
                line: 3,
                column: 6,
                cell: "r2c2".into(),
                expected: "a 4x4 grid's candidates are the digits 1 to 4".into(),
            }
        );
        assert!(!looks_like("A B C D\nAB B C D\nA B C D\nA B C D\n"));
    }
}
