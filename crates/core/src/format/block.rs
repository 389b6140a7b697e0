//! Format `block`: N lines of N symbols with optional box separators (`|`, rule lines,
//! `[section]` headers of .sdk files), puzzles separated by blank lines (read by the shared
//! `rows` reader); its detection evidence and its writer.

use super::cells::{block_cells, first_token};
use super::detect::is_separator_line;
use super::registry::{Format, RecordReader, Window};
use super::rows::RowRecords;
use super::{InputFormat, LayoutSpec};
use crate::grid::{Grid, digit_char};
use super::numbers::write_numbers;
use crate::layout::Regions;

/// The registration of format `block`.
pub(super) static FORMAT: BlockFormat = BlockFormat;

/// Format `block`: a box rule or section header is strong evidence for it, and any other line
/// weak evidence (the fallback guess); when it wins the vote with a first line that could be
/// one line puzzle, the next line's length decides.
pub(super) struct BlockFormat;

impl Format for BlockFormat {
    fn name(&self) -> &'static str {
        InputFormat::Block.name()
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["sdk"]
    }

    fn help(&self) -> &'static str {
        "N lines of N symbols with optional box separators; puzzles separated by blank lines"
    }

    fn line_strength(&self, line: &str, _spec: &LayoutSpec) -> Option<u8> {
        // A rule line (`+-------+-------+`) opens a boxed block, even when its length is a
        // square; so does a `[Puzzle]`-style section header of .sdk/.ss files.
        let t = line.trim();
        Some(if is_section(t) || is_separator_line(t) { 5 } else { 1 })
    }

    fn reconsider(&self, window: &Window<'_>) -> Option<InputFormat> {
        could_be_line(window.lines[0]).then(|| line_or_block(window.lines))
    }

    fn reader(&self) -> Box<dyn RecordReader> {
        Box::new(RowRecords(block_cells))
    }

    fn write(&self, grid: &Grid) -> Option<String> {
        Some(write_block(grid))
    }
}

/// Whether a trimmed line is a `[Puzzle]`-style section header (not a JSON array).
pub(super) fn is_section(t: &str) -> bool {
    t.starts_with('[') && t[1..].starts_with(|c: char| c.is_ascii_alphabetic())
}

/// Whether a first line that reads as a block row could instead be one line-format puzzle: a
/// single token (no spaces or `|` box separators) that is not a rule line or a `[section]`
/// header.
fn could_be_line(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty()
        && !t.starts_with('[')
        && !t.contains(|c: char| c.is_whitespace() || c == '|')
        && !is_separator_line(t)
}

/// Settles a first line that reads as a block row but could be a line puzzle of the wrong
/// length (a single token, not a square): block rows all have the same length; a line file's
/// next puzzle has its own length (or there is none), and a bad first record must not turn a
/// whole line file into one broken block.
fn line_or_block(lines: &[&str]) -> InputFormat {
    let first_len = lines[0].trim().chars().count();
    match lines[1..].iter().find(|l| !is_separator_line(l)) {
        Some(l) if first_token(l).0.chars().count() == first_len => InputFormat::Block,
        _ => InputFormat::Line,
    }
}

/// N rows of N symbols (`.` empty) with `|` between boxes and a rule between bands; for jigsaw
/// layouts, no separators (the regions are not rectangles). Falls back to numbers above N=35.
pub fn write_block(grid: &Grid) -> String {
    let n = grid.size();
    if n > crate::grid::MAX_SYMBOL_SIZE {
        return write_numbers(grid);
    }
    let sym = |v: u8| {
        if v == 0 {
            '.'
        } else {
            digit_char(v).unwrap_or('?')
        }
    };
    let (br, bc) = match grid.layout().regions() {
        Regions::Boxes { rows, cols } => (*rows, *cols),
        Regions::Jigsaw(_) => (n, n),
    };
    let mut lines = Vec::new();
    for r in 0..n {
        if r > 0 && r % br == 0 {
            let seg = "-".repeat(bc);
            lines.push(vec![seg; n / bc].join("+"));
        }
        let mut s = String::new();
        for c in 0..n {
            if c > 0 && c % bc == 0 {
                s.push('|');
            }
            s.push(sym(grid.values()[r * n + c]));
        }
        lines.push(s);
    }
    lines.join("\n")
}

