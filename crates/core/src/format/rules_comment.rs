//! Variant rules carried by the text formats: a `# rules: [...]` comment line (sudokit's JSON
//! form of the rules, as `sudokit generate --killer` and `--rules` write it) before a record
//! gives that record's puzzle those rules.
//!
//! Design decision: the comment is noted by the [`Reader`](super::Reader) where it reads
//! physical lines — with its line number, in a small queue — and attached when a record is
//! handed out: a record takes the last rules comment that precedes its first line and follows
//! the previous record. So look-ahead (format detection, a block reader reading one line too
//! many) cannot move rules to the wrong record, and no format reader knows about rules. A
//! comment that does not parse makes its record an error naming the comment's line, never a
//! puzzle silently without its rules; a record whose format carries rules itself (JSON) keeps
//! its own. The CSV format takes the same JSON as its last field ([`is_rules_field`]).

use super::cells::finish;
use super::{ParseError, Record};
use crate::grid::Grid;
use crate::rules::Rule;
use std::collections::VecDeque;
use std::sync::Arc;

/// Comments noted but not yet attached; more than this many between two records keeps the
/// newest only (one record takes one comment, and look-ahead reads a few lines at most).
const MAX_PENDING: usize = 64;

/// The JSON text of a `# rules:` comment line, if `line` is one.
pub(super) fn rules_text(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    Some(rest.strip_prefix("rules:")?.trim())
}

/// The `# rules:` comments read and not yet given to a record, in input order.
#[derive(Debug, Default)]
pub(super) struct PendingRules {
    comments: VecDeque<(usize, String)>,
}

impl PendingRules {
    /// Notes `line` (number `no`) if it is a rules comment; whether it was.
    pub(super) fn note(&mut self, no: usize, line: &str) -> bool {
        let Some(text) = rules_text(line) else {
            return false;
        };
        if self.comments.len() == MAX_PENDING {
            self.comments.pop_front();
        }
        self.comments.push_back((no, text.to_string()));
        true
    }

    /// Whether a rules comment waits for its record.
    pub(super) fn any(&self) -> bool {
        !self.comments.is_empty()
    }

    /// Gives `record` the last waiting comment before its first line (earlier ones had no
    /// record of their own and are dropped).
    pub(super) fn attach(&mut self, record: &mut Record) {
        let mut last = None;
        while self
            .comments
            .front()
            .is_some_and(|(no, _)| *no < record.line)
        {
            last = self.comments.pop_front();
        }
        let Some((no, text)) = last else {
            return;
        };
        let Ok(grid) = &record.puzzle else {
            return;
        };
        if grid.layout().has_rules() {
            return;
        }
        record.puzzle = with_rules_text(grid, &text, |message| ParseError::RulesComment {
            line: no,
            message,
        });
    }
}

/// Whether a CSV field holds variant rules (sudokit's JSON list of rule objects, as
/// `sudokit generate -f csv` writes its last field) rather than a label.
pub(super) fn is_rules_field(field: &str) -> bool {
    let t = field.trim();
    t == "[]" || (t.starts_with('[') && t[1..].trim_start().starts_with('{'))
}

/// `grid` under `text`'s rules (sudokit's JSON list), its givens checked again; what is wrong
/// is reported through `error`.
pub(super) fn with_rules_text(
    grid: &Grid,
    text: &str,
    error: impl Fn(String) -> ParseError,
) -> Result<Grid, ParseError> {
    let rules: Vec<Rule> = serde_json::from_str(text).map_err(|e| error(e.to_string()))?;
    let layout = grid
        .layout()
        .with_rules(rules)
        .map_err(|e| error(e.to_string()))?;
    finish(Arc::new(layout), grid.values().to_vec())
}
