//! A rater step: what SE calls a hint — a rating, the candidates it removes, at most one
//! placement, and the facts the sort between chaining hints needs.
//!
//! Design decision: ratings are kept as `f64` and computed with the same additions SE makes
//! (for example 6.6 + 0.1 is not 6.7 in binary floating point, and SE's sort between two chain
//! hints sees that difference); they are rounded to the tenth only when shown.

use super::board::{Board, Shape};
use crate::kernel::bits::digits;
use crate::kernel::naming::cell_at;

/// One SE step.
#[derive(Clone, Debug)]
pub(crate) struct Hint {
    /// SE's name of the technique (`"Hidden Single"`, `"Dynamic Cell Forcing Chains (+)"`).
    pub name: String,
    pub rating: f64,
    /// Candidates removed, by cell (a mask of digits).
    pub removals: Vec<(u16, u64)>,
    /// The value placed, when the step places one.
    pub place: Option<(u16, u8)>,
    /// Chain complexity (0 for patterns).
    pub complexity: u32,
    /// SE's tie-break between chaining hints of equal rating and complexity.
    pub sort_key: u32,
    /// One sentence: where the pattern is and what it does.
    pub text: String,
    /// For a chain found inside another chain's search: the eliminations of the outer search
    /// it relies on, as "off" potentials (SE's `getRuleParents`).
    pub rule_parents: Vec<u32>,
}

impl Hint {
    pub fn pattern(name: &str, rating: f64, text: String) -> Hint {
        Hint {
            name: name.to_string(),
            rating,
            removals: Vec::new(),
            place: None,
            complexity: 0,
            sort_key: 0,
            text,
            rule_parents: Vec::new(),
        }
    }

    /// Adds a removal, merging with an earlier one on the same cell.
    pub fn remove(&mut self, cell: u16, mask: u64) {
        if mask == 0 {
            return;
        }
        if let Some(e) = self.removals.iter_mut().find(|(c, _)| *c == cell) {
            e.1 |= mask;
        } else {
            self.removals.push((cell, mask));
        }
    }

    pub fn is_worth(&self) -> bool {
        self.place.is_some() || self.removals.iter().any(|&(_, m)| m != 0)
    }

    pub fn apply(&self, shape: &Shape, board: &mut Board) {
        for &(c, m) in &self.removals {
            board.cands[c as usize] &= !m;
        }
        if let Some((c, d)) = self.place {
            board.place(shape, c as usize, d);
        }
    }

    /// The removals as text, e.g. `r1c2<>3, r4c5<>1,7`.
    pub fn removals_text(&self, shape: &Shape) -> String {
        let mut parts = Vec::new();
        for &(c, m) in &self.removals {
            let ds: Vec<String> = digits(m).map(|d| d.to_string()).collect();
            parts.push(format!(
                "{}<>{}",
                cell_at(shape.n, c as usize),
                ds.join(",")
            ));
        }
        parts.join(", ")
    }
}

/// SE's rounding for display: `(int)((rating + 0.05) * 10)` tenths.
pub fn tenths(rating: f64) -> u32 {
    ((rating + 0.05) * 10.0) as u32
}
