//! `check`: a puzzle's properties (givens, uniqueness, minimality, symmetry classes and, when
//! asked, its rating), as a record and as a line of text.
//!
//! Design decision: the counts run through the caller's [`Checker`] and the rating through the
//! caller's function, so the web API can put both under a request's budget and cancel flag
//! while the command line uses the plain checker; the record is the same either way.

use serde::Serialize;
use serde_json::{Value, json};
use sudokit_core::Grid;
use sudokit_generate::check::properties;
use sudokit_generate::{Checker, Count, Rater, Symmetry};

use crate::{line_of, rating_json};

/// Whether a puzzle has one solution, as `check` prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Uniqueness {
    /// Exactly one solution.
    Yes,
    /// Several.
    No,
    /// None.
    Unsolvable,
    /// The count was cut short.
    Unknown,
}

impl Uniqueness {
    /// The word printed.
    pub fn as_str(self) -> &'static str {
        match self {
            Uniqueness::Yes => "yes",
            Uniqueness::No => "no",
            Uniqueness::Unsolvable => "unsolvable",
            Uniqueness::Unknown => "unknown",
        }
    }
}

/// A puzzle's properties ([`check`]).
#[derive(Debug)]
pub struct Checked {
    /// Whether it has one solution.
    pub unique: Uniqueness,
    /// The rating, when asked for and the puzzle is unique.
    pub rating: Option<f32>,
    /// The record of `sudokit check --format json`.
    pub json: Value,
    /// The line of `sudokit check` (text), without the `line N: ` prefix.
    pub text: String,
}

/// `sudokit check` for one puzzle: givens, uniqueness, minimality, symmetry classes and, with
/// `rater`, the rating of a unique puzzle.
pub fn check(g: &Grid, line: usize, rater: Option<&dyn Rater>) -> Checked {
    let rate = rater.map(|r| {
        move |g: &Grid| {
            let r = r.rate(g, None);
            r.complete.then_some(r.se)
        }
    });
    check_with(
        g,
        line,
        &Checker::new(g.layout_arc().clone()),
        rate.as_ref().map(|f| f as RateFn<'_>),
    )
}

/// How [`check_with`] rates a unique puzzle: its rating, or `None` when it could not finish.
pub type RateFn<'a> = &'a dyn Fn(&Grid) -> Option<f32>;

/// [`check`] with the caller's `checker` (e.g. one under a request's budget) and `rate`, which
/// gives a unique puzzle's rating or `None` when it could not finish. The record is the same.
pub fn check_with(g: &Grid, line: usize, checker: &Checker, rate: Option<RateFn<'_>>) -> Checked {
    let layout = g.layout_arc().clone();
    let p = properties(g, checker);
    let unique = match p.count {
        Count::Unique => Uniqueness::Yes,
        Count::Many => Uniqueness::No,
        Count::None => Uniqueness::Unsolvable,
        Count::Unknown => Uniqueness::Unknown,
    };
    let rating = match rate {
        Some(rate) if p.count == Count::Unique => rate(g),
        _ => None,
    };
    let syms: Vec<&str> = p.symmetries.iter().map(|s| s.name()).collect();
    let allowed: Vec<&str> = Symmetry::allowed(&layout)
        .iter()
        .map(|s| s.name())
        .collect();
    let mut json = json!({
        "line": line,
        "puzzle": line_of(g),
        "givens": p.givens,
        "unique": unique,
        "minimal": p.minimal,
        "symmetry": syms,
        "orbit_minimal": p
            .orbit_minimal
            .as_ref()
            .map(|v| v.iter().map(|s| s.name()).collect::<Vec<_>>()),
        "layout_allows": allowed,
    });
    if rate.is_some() {
        json["rating"] = rating_json(rating);
    }
    // Under which of its classes no whole orbit can go (what `generate --symmetry` makes),
    // shown when the puzzle has a symmetry and is unique.
    let orbit_text = match &p.orbit_minimal {
        Some(v) if !syms.is_empty() => format!(
            " orbit-minimal={}",
            if v.is_empty() {
                "none".to_string()
            } else {
                v.iter().map(|s| s.name()).collect::<Vec<_>>().join(",")
            }
        ),
        _ => String::new(),
    };
    let text = format!(
        "givens={} unique={} minimal={} symmetry={}{orbit_text}{}",
        p.givens,
        unique.as_str(),
        p.minimal.map_or("-", |m| if m { "yes" } else { "no" }),
        if syms.is_empty() {
            "none".to_string()
        } else {
            syms.join(",")
        },
        rating.map_or(String::new(), |r| format!(" rating={r:.1}"))
    );
    Checked {
        unique,
        rating,
        json,
        text,
    }
}
