//! Format detection: a guess per content line, and a vote over the first few lines so a
//! typo in the first line does not decide the format of a whole file.

use super::cells::*;
use super::{InputFormat, LayoutSpec};
use crate::types::MAX_SIZE;

pub(super) fn is_blank_or_comment(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

/// Whether a line is a box rule (`---+---+---`, `+-------+`, `| | |`) rather than a row.
pub(super) fn is_separator_line(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty()
        && t.chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|' | ' ' | '*'))
        && (t.contains('+') || t.contains('=') || t.contains(' ') || t.contains('|'))
}

/// Whether a first line that [`detect`] calls a block row could instead be one line-format
/// puzzle: a single token (no spaces or `|` box separators) that is not a rule line or a
/// `[section]` header.
pub(super) fn could_be_line(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty()
        && !t.starts_with('[')
        && !t.contains(|c: char| c.is_whitespace() || c == '|')
        && !is_separator_line(t)
}

/// Whether a token is an integer (optionally signed, any length): a numbers-format cell even
/// when out of range, so `-1` or a 23-digit number is reported as a bad cell, not as a row of
/// some other format.
pub(super) fn is_integer(tok: &str) -> bool {
    let digits = tok.strip_prefix(['-', '+']).unwrap_or(tok);
    !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit())
}

/// Guesses the format of one content line on its own (see [`detect_window`]).
pub(super) fn detect(line: &str, spec: &LayoutSpec) -> InputFormat {
    let t = line.trim();
    // `[Puzzle]`-style section headers of .sdk/.ss files are not JSON.
    let section = t.starts_with('[') && t[1..].starts_with(|c: char| c.is_ascii_alphabetic());
    if (t.starts_with('{') || t.starts_with('[')) && !section {
        return InputFormat::Json;
    }
    // A rule line (`+-------+-------+`) opens a boxed block, even when its length is a square.
    if section || is_separator_line(t) {
        return InputFormat::Block;
    }
    let square_ok = |len: usize| square_ok(len, spec);
    if t.contains(',') {
        let field = t.split(',').next().unwrap_or("").trim().trim_matches('"');
        let header =
            !field.is_empty() && field.chars().all(|c| c.is_ascii_alphabetic() || c == '_');
        if (square_ok(field.chars().count()) && !field.contains(' ')) || header {
            return InputFormat::Csv;
        }
    }
    let tokens = number_tokens(t);
    if tokens.len() >= 2 && tokens.iter().all(|tok| is_integer(tok)) {
        return InputFormat::Numbers;
    }
    let (tok, _) = first_token(t);
    let len = tok.chars().count();
    // No block row is wider than 64 cells: a longer token is a line puzzle (perhaps of the
    // wrong length, which its record then reports).
    if !t.contains('|') && (square_ok(len) || len > MAX_SIZE) {
        return InputFormat::Line;
    }
    InputFormat::Block
}

/// Content lines looked at to choose an input's format.
pub(super) const DETECT_WINDOW: usize = 8;

/// Whether a side is plausible for an auto-detected line puzzle token of `len` symbols.
pub(super) fn square_ok(len: usize, spec: &LayoutSpec) -> bool {
    match isqrt_exact(len) {
        Some(n) => spec.fixed_size().map_or(n >= 4, |f| f == n),
        None => false,
    }
}

/// Whether the first content line alone settles the format: JSON, or a clean line puzzle
/// (a first token of N² symbols, no `|` or `,`). Deciding at once lets a terminal session
/// get its first answer without typing more lines.
pub(super) fn settled_by_first(line: &str, spec: &LayoutSpec) -> bool {
    let t = line.trim();
    if detect(t, spec) == InputFormat::Json {
        return true;
    }
    let (tok, _) = first_token(t);
    !tok.contains([',', '|']) && square_ok(tok.chars().count(), spec)
}

/// A first token longer than any block or numbers row (64 cells): only a line puzzle (of
/// the right length or not) looks like that.
pub(super) fn long_line_token(line: &str) -> bool {
    let (tok, _) = first_token(line);
    tok.chars().count() > MAX_SIZE
        && !tok.contains(',')
        && !tok.starts_with(['{', '['])
        && !is_separator_line(line)
}

/// Chooses the format from the first few content lines, so one typo in the first line does
/// not decide for the whole file: JSON when the first line opens a value; CSV when most lines
/// look like CSV; line when any line carries a token longer than a grid row can be; otherwise
/// the per-line guesses vote (ties go to the first line's guess).
pub(super) fn detect_window(lines: &[&str], spec: &LayoutSpec) -> InputFormat {
    let Some(first) = lines.first() else {
        return InputFormat::Line;
    };
    let guesses: Vec<InputFormat> = lines.iter().map(|l| detect(l, spec)).collect();
    if guesses[0] == InputFormat::Json {
        return InputFormat::Json;
    }
    let csv = guesses.iter().filter(|&&f| f == InputFormat::Csv).count();
    if csv * 2 > lines.len() {
        return InputFormat::Csv;
    }
    if lines.iter().any(|l| long_line_token(l)) {
        return InputFormat::Line;
    }
    let votes = |f: InputFormat| guesses.iter().filter(|&&g| g == f).count();
    let mut best = guesses[0];
    for &g in &guesses {
        if votes(g) > votes(best) {
            best = g;
        }
    }
    if best == InputFormat::Block && could_be_line(first) {
        return line_or_block(lines);
    }
    best
}

/// Settles a first line that reads as a block row but could be a line puzzle of the wrong
/// length (a single token, not a square): block rows all have the same length; a line file's
/// next puzzle has its own length (or there is none), and a bad first record must not turn a
/// whole line file into one broken block.
pub(super) fn line_or_block(lines: &[&str]) -> InputFormat {
    let first_len = lines[0].trim().chars().count();
    match lines[1..].iter().find(|l| !is_separator_line(l)) {
        Some(l) if first_token(l).0.chars().count() == first_len => InputFormat::Block,
        _ => InputFormat::Line,
    }
}
