//! Writers for multi-line output: `numbers`, `block` and `pretty`.

use crate::grid::{Grid, digit_char};
use crate::layout::Regions;

/// N rows of N integers separated by spaces, right-aligned, 0 for empty.
pub fn write_numbers(grid: &Grid) -> String {
    write_numbers_with(grid, '\n')
}

/// The one-line form for grids that have no line symbols (above 35×35): all N² values
/// separated by single spaces, 0 for empty, on one line. The reader takes a numbers line of
/// N² values (more than any row has) as a whole puzzle, so this reads back.
pub fn write_numbers_line(grid: &Grid) -> String {
    write_numbers_with(grid, ' ')
}

fn write_numbers_with(grid: &Grid, row_end: char) -> String {
    let n = grid.size();
    let width = if row_end == '\n' {
        n.to_string().len()
    } else {
        1
    };
    let mut out = String::with_capacity(n * n * (width + 1));
    for (i, &v) in grid.values().iter().enumerate() {
        if i > 0 {
            out.push(if i % n == 0 { row_end } else { ' ' });
        }
        out.push_str(&format!("{v:>width$}"));
    }
    out
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
