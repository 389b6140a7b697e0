//! Format detection, generic over the registry: a guess per content line, and a contest over
//! the first few lines so a typo in the first line does not decide the format of a whole file.
//!
//! Design decision: no format is named here. Each registered [`Format`] gives its evidence —
//! how strongly a line looks like it, whether a first line settles the question, claims on
//! the whole window, a second look when it wins the vote — and this module only weighs it.
//! The shared line-shape helpers the formats' evidence is built from live here too.

use super::cells::*;
use super::registry::{Format, Formats, Window};
use super::{InputFormat, LayoutSpec};

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

/// Content lines looked at to choose an input's format.
pub(super) const DETECT_WINDOW: usize = 8;

/// Whether a side is plausible for an auto-detected line puzzle token of `len` symbols.
pub(super) fn square_ok(len: usize, spec: &LayoutSpec) -> bool {
    match isqrt_exact(len) {
        Some(n) => spec.fixed_size().map_or(n >= 4, |f| f == n),
        None => false,
    }
}

fn handle(format: &dyn Format) -> InputFormat {
    InputFormat::new(format.name())
}

/// Guesses the format of one content line on its own: the registered format with the highest
/// [`Format::line_strength`] (the first registered on a tie), if any claims it.
pub(super) fn guess(formats: &Formats, line: &str, spec: &LayoutSpec) -> Option<InputFormat> {
    let mut best: Option<(u8, InputFormat)> = None;
    for f in formats.iter() {
        if let Some(s) = f.line_strength(line, spec)
            && best.is_none_or(|(b, _)| s > b)
        {
            best = Some((s, handle(f)));
        }
    }
    best.map(|(_, f)| f)
}

/// Whether the first content line alone settles the format (see [`Format::settles`]).
pub(super) fn settled_by_first(formats: &Formats, line: &str, spec: &LayoutSpec) -> bool {
    formats.iter().any(|f| f.settles(line, spec))
}

/// Chooses the format from the first few content lines, so one typo in the first line does
/// not decide for the whole file: the highest window claim wins (built-ins: JSON when the
/// first line opens a value; CSV when most lines look like CSV; line when any line carries a
/// token longer than a grid row can be); otherwise the per-line guesses vote (ties go to the
/// first line's guess) and the winner may reconsider. With no line to go on, the first
/// registered format.
pub(super) fn detect_window(formats: &Formats, lines: &[&str], spec: &LayoutSpec) -> InputFormat {
    if lines.is_empty() {
        return formats.first();
    }
    let guesses: Vec<Option<InputFormat>> = lines.iter().map(|l| guess(formats, l, spec)).collect();
    let window = Window {
        lines,
        guesses: &guesses,
        spec,
    };
    let mut claim: Option<(u8, InputFormat)> = None;
    for f in formats.iter() {
        if let Some(rank) = f.window_claim(&window)
            && claim.is_none_or(|(b, _)| rank > b)
        {
            claim = Some((rank, handle(f)));
        }
    }
    if let Some((_, f)) = claim {
        return f;
    }
    let votes = |g: Option<InputFormat>| g.map_or(0, |g| window.votes(g));
    let mut best = guesses[0];
    for &g in &guesses {
        if votes(g) > votes(best) {
            best = g;
        }
    }
    let Some(best) = best else {
        return formats.first();
    };
    match formats.get(best).and_then(|f| f.reconsider(&window)) {
        Some(other) if formats.get(other).is_some() => other,
        _ => best,
    }
}
