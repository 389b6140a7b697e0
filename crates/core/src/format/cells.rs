//! Cell-level helpers shared by every format: tokens, symbols and numbers to values (naming
//! the cell of the first bad one), and the final conflict check.

use super::ParseError;
use crate::grid::{Grid, Symbol, parse_symbol};
use crate::layout::Layout;
use std::sync::Arc;

pub(super) fn isqrt_exact(len: usize) -> Option<usize> {
    let n = (len as f64).sqrt().round() as usize;
    (n * n == len && n > 0).then_some(n)
}

pub(super) fn first_token(line: &str) -> (&str, Option<String>) {
    let (tok, label) = split_token(line);
    (tok, label.map(str::to_string))
}

/// [`first_token`] with the label borrowed from the line.
pub(super) fn split_token(line: &str) -> (&str, Option<&str>) {
    let t = line.trim_start();
    // The token ends at whitespace or `#`. Scanning bytes is exact up to the first non-ASCII
    // byte (the ASCII characters `char::is_whitespace` accepts are tab, line feed, vertical
    // tab, form feed, carriage return and space; other control bytes belong to the token);
    // from there on, characters are decoded.
    let ascii_end = t
        .bytes()
        .position(|b| {
            matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ' | b'#') || !b.is_ascii()
        })
        .unwrap_or(t.len());
    let end = if t.as_bytes().get(ascii_end).is_some_and(|b| !b.is_ascii()) {
        t[ascii_end..]
            .find(|c: char| c.is_whitespace() || c == '#')
            .map_or(t.len(), |i| ascii_end + i)
    } else {
        ascii_end
    };
    let label = t[end..].trim();
    (&t[..end], (!label.is_empty()).then_some(label))
}

pub(super) fn number_tokens(line: &str) -> Vec<&str> {
    line.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|t| !t.is_empty() && !t.chars().all(|c| matches!(c, '|' | '+' | '-' | '=')))
        .collect()
}

/// The cells of a block row: one symbol per character, ignoring spaces and `|` box separators.
/// A row of ten or more whitespace-separated words that are numbers (as `pretty` writes grids
/// above 9×9: `| 10  .  3 |`) is read word by word instead.
pub(super) fn block_cells(t: &str) -> Vec<&str> {
    let words: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|w| !w.is_empty())
        .collect();
    let number_word = |w: &&str| {
        w.chars().count() == 1 || (w.len() <= 2 && w.bytes().all(|b| b.is_ascii_digit()))
    };
    if words.len() >= 10 && words.iter().any(|w| w.len() > 1) && words.iter().all(number_word) {
        return words;
    }
    t.char_indices()
        .filter(|&(_, c)| !c.is_whitespace() && c != '|')
        .map(|(i, c)| &t[i..i + c.len_utf8()])
        .collect()
}

/// A symbol as shown in an error: control characters (a NUL byte, an escape) are escaped so
/// an error line never carries them raw.
pub(super) fn shown(s: &str) -> String {
    s.chars()
        .flat_map(|c| {
            let esc: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            esc
        })
        .collect()
}

/// The error for a 1×1 record in auto-detected input.
pub(super) fn trivial_error() -> ParseError {
    ParseError::WrongLength {
        found: 1,
        expected: "a single symbol is not taken as a 1x1 puzzle when the format is detected \
                   (give the input format to solve 1x1 grids)"
            .into(),
    }
}

pub(super) fn number_value(t: &str, n: usize, r: usize, c: usize) -> Result<u8, ParseError> {
    if matches!(t, "." | "_" | "*" | "-") {
        return Ok(0);
    }
    match t.parse::<u64>() {
        Ok(v) if v as usize <= n => Ok(v as u8),
        Ok(v) => Err(ParseError::TooLarge {
            symbol: t.to_string(),
            value: v,
            n,
            row: r + 1,
            col: c + 1,
        }),
        Err(_) => {
            // A single letter symbol is accepted too (1-9, A-Z), so block-style rows work.
            let mut it = t.chars();
            if let (Some(ch), None) = (it.next(), it.next())
                && let Some(sym) = parse_symbol(ch)
            {
                return symbol_value(ch, sym, n, r, c);
            }
            Err(ParseError::UnknownSymbol {
                symbol: shown(t),
                row: r + 1,
                col: c + 1,
            })
        }
    }
}

pub(super) fn symbol_value(
    ch: char,
    sym: Symbol,
    n: usize,
    r: usize,
    c: usize,
) -> Result<u8, ParseError> {
    match sym {
        Symbol::Empty => Ok(0),
        Symbol::Value(v) if (v as usize) <= n => Ok(v),
        Symbol::Value(v) => Err(ParseError::TooLarge {
            symbol: ch.to_string(),
            value: v as u64,
            n,
            row: r + 1,
            col: c + 1,
        }),
    }
}

/// Value of each ASCII byte as a line symbol ([`parse_symbol`]): 0 for empty, `NOT_A_SYMBOL`
/// for a byte that is not one.
static ASCII_SYMBOLS: std::sync::LazyLock<[u8; 128]> = std::sync::LazyLock::new(|| {
    let mut t = [NOT_A_SYMBOL; 128];
    for (b, slot) in t.iter_mut().enumerate() {
        match parse_symbol(char::from(b as u8)) {
            Some(Symbol::Empty) => *slot = 0,
            Some(Symbol::Value(v)) => *slot = v,
            None => {}
        }
    }
    t
});
const NOT_A_SYMBOL: u8 = u8::MAX;

/// The values of an all-ASCII token of N² symbols when every symbol is valid for side `n`,
/// through a table and without decoding characters; `None` otherwise (the caller then takes
/// the general path, which names the bad cell).
pub(super) fn ascii_symbols_to_values(token: &[u8], n: usize) -> Option<Vec<u8>> {
    if !token.is_ascii() {
        return None;
    }
    let table = &*ASCII_SYMBOLS;
    let values: Vec<u8> = token
        .iter()
        .map(|&b| table[usize::from(b & 0x7f)])
        .collect();
    // `NOT_A_SYMBOL` is above every side, so one comparison rejects both kinds of bad cell.
    values
        .iter()
        .all(|&v| usize::from(v) <= n)
        .then_some(values)
}

/// A 9×9 symbol's bit in a house mask: `1 << d` for a digit `d`, 0 for an empty cell, and
/// [`BAD_9X9`] for a byte that is neither (a letter, whitespace, `#`, any non-ASCII byte).
static BITS_9X9: std::sync::LazyLock<[u16; 256]> = std::sync::LazyLock::new(|| {
    let table = &*ASCII_SYMBOLS;
    let mut t = [BAD_9X9; 256];
    for (b, slot) in t.iter_mut().enumerate().take(128) {
        match table[b] {
            0 => *slot = 0,
            v @ 1..=9 => *slot = 1 << v,
            _ => {}
        }
    }
    t
});
const BAD_9X9: u16 = 1 << 15;

/// The common case: the values of an all-ASCII token of 81 symbols for the standard 9×9
/// layout when every symbol is valid and no digit repeats in a house; `None` otherwise (the
/// caller then takes the general path, which names what is wrong).
///
/// Each byte becomes its digit's bit through one table lookup, and a house repeats a digit
/// exactly when the sum of its cells' bits differs from their union (powers of two add
/// without a carry only when they are distinct). Sums and unions of rows, columns and boxes
/// are element-wise over fixed-size arrays, so they vectorise; no step waits on the one
/// before it, as a per-cell "seen" mask would.
pub(super) fn ascii_9x9_values(token: &[u8]) -> Option<[u8; 81]> {
    let token: &[u8; 81] = token.try_into().ok()?;
    let table = &*BITS_9X9;
    let mut bits = [0u16; 81];
    let mut all = 0u16;
    for (b, &t) in bits.iter_mut().zip(token) {
        *b = table[usize::from(t)];
        all |= *b;
    }
    if all & BAD_9X9 != 0 {
        return None;
    }
    // Every byte is a digit or an empty symbol: a digit's value is its offset from '0', and
    // every other symbol ('0' included) is an empty cell.
    let mut values = [0u8; 81];
    for (v, &t) in values.iter_mut().zip(token) {
        let d = t.wrapping_sub(b'0');
        *v = if d <= 9 { d } else { 0 };
    }
    let rows: &[[u16; 9]; 9] = bits.as_chunks::<9>().0.try_into().ok()?;
    // Columns and boxes: element-wise over the rows.
    let (mut col_sum, mut col_or) = ([0u16; 9], [0u16; 9]);
    let (mut box_sum, mut box_or) = ([[0u16; 9]; 3], [[0u16; 9]; 3]);
    let mut repeat = false;
    for (r, row) in rows.iter().enumerate() {
        let (mut sum, mut or) = (0u16, 0u16);
        for c in 0..9 {
            sum += row[c];
            or |= row[c];
            col_sum[c] += row[c];
            col_or[c] |= row[c];
        }
        repeat |= sum != or;
        let (bs, bo) = (&mut box_sum[r / 3], &mut box_or[r / 3]);
        for c in 0..9 {
            bs[c] += row[c];
            bo[c] |= row[c];
        }
    }
    for c in 0..9 {
        repeat |= col_sum[c] != col_or[c];
    }
    for (bs, bo) in box_sum.iter().zip(&box_or) {
        for k in 0..3 {
            let sum = bs[3 * k] + bs[3 * k + 1] + bs[3 * k + 2];
            let or = bo[3 * k] | bo[3 * k + 1] | bo[3 * k + 2];
            repeat |= sum != or;
        }
    }
    (!repeat).then_some(values)
}

/// Turns N² symbols into values, naming the cell of the first bad symbol.
pub(super) fn symbols_to_values(chars: &[char], n: usize) -> Result<Vec<u8>, ParseError> {
    chars
        .iter()
        .enumerate()
        .map(|(i, &ch)| {
            let (r, c) = (i / n, i % n);
            match parse_symbol(ch) {
                Some(sym) => symbol_value(ch, sym, n, r, c),
                None => Err(ParseError::UnknownSymbol {
                    symbol: shown(&ch.to_string()),
                    row: r + 1,
                    col: c + 1,
                }),
            }
        })
        .collect()
}

pub(super) fn finish(layout: Arc<Layout>, values: Vec<u8>) -> Result<Grid, ParseError> {
    // Every caller sizes `values` from the layout; checked anyway, since a mismatch here would
    // otherwise be a panic on user input.
    if values.len() != layout.cell_count() {
        return Err(ParseError::WrongLength {
            found: values.len(),
            expected: format!(
                "expected {} for the {}",
                layout.cell_count(),
                layout.describe()
            ),
        });
    }
    // The standard 9×9 layout, by far the most common, is first checked with one digit mask
    // per row, column and box; only a grid that repeats a digit goes through the general
    // search, which names the two cells.
    if layout.is_standard_9x9() && !repeats_a_digit_9x9(&values) {
        return Ok(Grid::from_checked_values(layout, values));
    }
    let g = Grid::from_values(layout, values);
    match g.find_conflict() {
        Some(c) => Err(ParseError::Conflict(c)),
        None => Ok(g),
    }
}

/// Whether 81 values (0 empty, 1 to 9) repeat a digit in a row, a column or a 3×3 box, or
/// hold a value above 9 (so only a grid this returns `false` for skips the general checks).
/// Row by row, so the row mask, the column masks and the band's box masks stay in registers.
fn repeats_a_digit_9x9(values: &[u8]) -> bool {
    let mut cols = [0u32; 9];
    let mut boxes = [0u32; 3];
    let mut repeat = 0u32;
    let mut too_big = false;
    for (r, row) in values.chunks_exact(9).enumerate() {
        if r % 3 == 0 {
            boxes = [0; 3];
        }
        let mut seen = 0u32;
        for (c, &v) in row.iter().enumerate() {
            // Empty cells set bit 0, which is never tested for a repeat.
            too_big |= v > 9;
            let bit = (1u32 << (v & 31)) & !1;
            repeat |= (seen | cols[c] | boxes[c / 3]) & bit;
            seen |= bit;
            cols[c] |= bit;
            boxes[c / 3] |= bit;
        }
    }
    repeat != 0 || too_big
}

pub(super) fn complete(g: Grid) -> Result<Grid, ParseError> {
    let n = g.size();
    match g.values().iter().position(|&v| v == 0) {
        Some(i) => Err(ParseError::EmptyCell {
            row: i / n + 1,
            col: i % n + 1,
        }),
        None => Ok(g),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    /// Values of 81 cells from a small linear congruential sequence: about `fill` in 81 cells
    /// get a digit, so some grids repeat a digit and some do not.
    fn grids(seed: u64, count: usize, fill: u64) -> Vec<Vec<u8>> {
        let mut x = seed;
        let mut next = move || {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            x >> 33
        };
        (0..count)
            .map(|_| {
                (0..81)
                    .map(|_| {
                        if next() % 81 < fill {
                            (next() % 9 + 1) as u8
                        } else {
                            0
                        }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_9x9_repeat_check_agrees_with_the_general_conflict_search() {
        let layout = Arc::new(Layout::standard(9).unwrap());
        let (mut with, mut without) = (0, 0);
        for fill in [5, 12, 20, 30] {
            for values in grids(fill, 300, fill) {
                let general = Grid::from_values(layout.clone(), values.clone())
                    .find_conflict()
                    .is_some();
                assert_eq!(repeats_a_digit_9x9(&values), general, "{values:?}");
                if general { with += 1 } else { without += 1 }
            }
        }
        // Both outcomes were exercised.
        assert!(with > 50 && without > 50, "{with} with, {without} without");
    }

    #[test]
    fn the_one_pass_9x9_path_agrees_with_the_general_one() {
        let layout = Arc::new(Layout::standard(9).unwrap());
        let (mut fast, mut slow) = (0, 0);
        for fill in [5, 12, 20, 30] {
            for (k, values) in grids(fill + 7, 300, fill).into_iter().enumerate() {
                let mut line: Vec<u8> = values
                    .iter()
                    .map(|&v| if v == 0 { b'.' } else { b'0' + v })
                    .collect();
                // Now and then a symbol that is not a 9×9 digit.
                if k % 7 == 0 {
                    line[k % 81] = [b'A', b'x', b' ', b'0'][k % 4];
                }
                let chars: Vec<char> = line.iter().map(|&b| char::from(b)).collect();
                let general = symbols_to_values(&chars, 9).ok().filter(|v| {
                    Grid::from_values(layout.clone(), v.clone())
                        .find_conflict()
                        .is_none()
                });
                let one_pass = ascii_9x9_values(&line).map(|v| v.to_vec());
                assert_eq!(one_pass, general, "{:?}", String::from_utf8_lossy(&line));
                if one_pass.is_some() {
                    fast += 1
                } else {
                    slow += 1
                }
            }
        }
        assert!(
            fast > 50 && slow > 50,
            "{fast} accepted, {slow} left to the general path"
        );
    }

    #[test]
    fn the_first_token_ends_where_a_character_scan_would_end_it() {
        fn general(line: &str) -> (&str, Option<String>) {
            let t = line.trim_start();
            let end = t
                .find(|c: char| c.is_whitespace() || c == '#')
                .unwrap_or(t.len());
            let label = t[end..].trim();
            (&t[..end], (!label.is_empty()).then(|| label.to_string()))
        }
        for line in [
            "12.4 label",
            "  12.4\tlabel ",
            "12\u{1}4\u{1b}x # note",
            "12#4",
            "1\u{b}2\u{c}3",
            "12\u{a0}34 x",
            "é12 3",
            "12é\u{2003}3",
            "",
            "   ",
        ] {
            assert_eq!(first_token(line), general(line), "{line:?}");
        }
    }

    #[test]
    fn ascii_symbols_agree_with_the_general_symbol_path() {
        let tokens = [
            "1.3_0-*9",
            "abcdefgh",
            "ABCDEFGZ",
            "12345678",
            "1234567x",
            "12 45678",
            "1234567é",
        ];
        for n in [8, 9, 16, 35] {
            for t in tokens {
                let chars: Vec<char> = t.chars().collect();
                let general = symbols_to_values(&chars, n).ok();
                assert_eq!(
                    ascii_symbols_to_values(t.as_bytes(), n),
                    general,
                    "{t} n={n}"
                );
            }
        }
    }
}
