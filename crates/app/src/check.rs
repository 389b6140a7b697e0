//! `check`: a puzzle's properties (givens, uniqueness, minimality, symmetry classes and, when
//! asked, its rating), as a record and as a line of text.
//!
//! Design decision: the counts run through the caller's [`Checker`] and the rating through the
//! caller's function, so the web API can put both under a request's budget and cancel flag
//! while the command line uses the plain checker; the record is the same either way.

use serde::Serialize;
use serde_json::{Value, json};
use std::sync::Arc;
use sudokit_core::rules::Pos;
use sudokit_core::{Budget, Grid, Layout};
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
    /// Whether the budget ran out ([`check_within`]): what was not settled in time is null
    /// (`-` in text) and the record's `status` is `stopped`.
    pub stopped: bool,
}

/// The checker for `layout`: the layout's default, or on a layout with variant rules the
/// engine [`crate::variants::engine_name_for`] picks (one that honours them).
pub fn checker_for(layout: Arc<Layout>) -> Checker {
    if layout.has_rules() {
        let name = crate::variants::engine_name_for(&layout);
        if let Ok(c) = Checker::with_engine(layout.clone(), name) {
            return c;
        }
    }
    Checker::new(layout)
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
        &checker_for(g.layout_arc().clone()),
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
        stopped: false,
    }
}

/// Adds which givens and which rules a unique variant puzzle could each do without
/// ([`crate::variants::redundancy`]): `redundant_givens` (cell names) and `redundant_rules`
/// (`{"index", "rule"}`) in the record, `redundant-givens=… redundant-rules=…` in the text;
/// null and `-` when the budget ran out first.
pub fn add_redundancy(checked: &mut Checked, g: &Grid, budget: &Budget) {
    let solver = crate::variants::engine_for(g.layout());
    let found = crate::variants::redundancy(g, solver.as_ref(), budget);
    let (givens, rules) = match found {
        Ok(r) if r.complete => (
            r.givens
                .iter()
                .map(|&c| Pos::from_index(c.index(), g.size()).to_string())
                .collect::<Vec<_>>(),
            r.rules,
        ),
        _ => {
            checked.json["redundant_givens"] = Value::Null;
            checked.json["redundant_rules"] = Value::Null;
            checked
                .text
                .push_str(" redundant-givens=- redundant-rules=-");
            return;
        }
    };
    let described: Vec<Value> = rules
        .iter()
        .map(|&i| json!({"index": i, "rule": g.layout().rules()[i].describe()}))
        .collect();
    let list = |v: Vec<String>| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(",")
        }
    };
    checked.text.push_str(&format!(
        " redundant-givens={} redundant-rules={}",
        list(givens.clone()),
        list(rules.iter().map(|i| (i + 1).to_string()).collect())
    ));
    checked.json["redundant_givens"] = json!(givens);
    checked.json["redundant_rules"] = Value::Array(described);
}

/// Time a `check` of one puzzle may take when the caller gives no budget (`check --budget`).
pub const DEFAULT_BUDGET: std::time::Duration = std::time::Duration::from_secs(10);

/// [`check`] within `budget` (with `rate`, rated by [`crate::rate::rate_within`]): the counts, the minimality and symmetry checks and the rating
/// all stop when its time is up (a watchdog sets the cancel flag every engine run polls, see
/// [`crate::within_budget`]). A check cut short is honest about it: `status` is `stopped`, a
/// count that did not finish reads `unique: "unknown"`, and minimality, the orbit classes and
/// the rating, which later counts decide, are null (`-` in text).
///
/// A standard 9×9 puzzle keeps the plain checker's allocation-free paths, which take no
/// budget: its whole check takes milliseconds, and only the rating then runs under the budget.
pub fn check_within(g: &Grid, line: usize, rate: bool, budget: &Budget) -> Checked {
    if g.layout().is_standard_9x9() {
        let rating = |g: &Grid| crate::rate::rate_within(g, budget);
        return check_with(
            g,
            line,
            &checker_for(g.layout_arc().clone()),
            rate.then_some(&rating as RateFn<'_>),
        );
    }
    let (mut checked, stopped) = crate::within_budget(budget, |b| {
        let checker = checker_for(g.layout_arc().clone()).with_budget(b.clone());
        let rating = |g: &Grid| crate::rate::rate_within(g, b);
        let mut checked = check_with(g, line, &checker, rate.then_some(&rating as RateFn<'_>));
        if g.layout().has_rules() && checked.unique == Uniqueness::Yes {
            add_redundancy(&mut checked, g, b);
        }
        checked
    });
    if stopped {
        checked.stopped = true;
        let j = &mut checked.json;
        j["status"] = json!("stopped");
        j["minimal"] = Value::Null;
        j["orbit_minimal"] = Value::Null;
        if j.get("rating").is_some() {
            j["rating"] = Value::Null;
        }
        checked.rating = None;
        let unique = checked.unique.as_str();
        let givens = &j["givens"];
        checked.text = format!(
            "givens={givens} unique={unique} minimal=- symmetry={} stopped: the budget ran out",
            j["symmetry"]
                .as_array()
                .filter(|a| !a.is_empty())
                .map_or("none".to_string(), |a| a
                    .iter()
                    .filter_map(Value::as_str)
                    .collect::<Vec<_>>()
                    .join(","))
        );
    }
    checked
}
