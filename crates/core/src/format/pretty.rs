//! Format `pretty`, output only: a boxed grid for terminals with region borders.
//!
//! Design decision: `pretty` is not a registered [`Format`](super::Format): it has no reader of
//! its own (the `block` reader reads it back), and the CLI's output formats are a closed set
//! that also holds record-level reports (`csv`, `json`) no grid writer could express, so
//! output formats stay the [`OutputFormat`](super::OutputFormat) enum and the input formats
//! that have a writer expose it through [`Format::write`](super::Format::write).

use crate::grid::Grid;

/// A boxed grid for terminals. Region borders are drawn wherever two neighbouring cells lie in
/// different regions, so boxes and jigsaw shapes alike are visible. Digits are written as
/// numbers (`1`..`64`); the block reader reads the output back (the layout must be given for
/// jigsaw grids).
pub fn write_pretty(grid: &Grid) -> String {
    let n = grid.size();
    let l = grid.layout();
    let reg = l.region_map();
    let w = if n > 9 { 2 } else { 1 };
    // Decimal numbers above 9×9 (one alphabet for the whole grid, whatever N), so a 36×36
    // grid never mixes letters (10-35) with numbers (36+).
    let cell_text = |v: u8| -> String {
        if v == 0 {
            format!("{:>w$}", ".")
        } else {
            format!("{:>w$}", v)
        }
    };
    let region = |r: usize, c: usize| reg[r * n + c];
    let mut out = String::new();
    // Horizontal rule above row `r` (r = 0..=n).
    let rule = |r: usize| -> String {
        let mut s = String::new();
        for c in 0..n {
            let border = r == 0 || r == n || region(r - 1, c) != region(r, c);
            let corner_border = r == 0
                || r == n
                || c == 0
                || border
                || (c > 0 && region(r - 1, c - 1) != region(r, c - 1))
                || (c > 0 && region(r - 1, c) != region(r - 1, c - 1));
            s.push(if corner_border { '+' } else { ' ' });
            let fill = if border { '-' } else { ' ' };
            s.extend(std::iter::repeat_n(fill, w + 2));
        }
        s.push('+');
        s
    };
    for r in 0..n {
        out.push_str(&rule(r));
        out.push('\n');
        for c in 0..n {
            let border = c == 0 || region(r, c - 1) != region(r, c);
            out.push(if border { '|' } else { ' ' });
            out.push(' ');
            out.push_str(&cell_text(grid.values()[r * n + c]));
            out.push(' ');
        }
        out.push_str("|\n");
    }
    out.push_str(&rule(n));
    out
}
