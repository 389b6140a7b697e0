//! `techniques`: the table of human-style techniques as records.
//!
//! Design decision: a row is the technique's own [`TechniqueInfo`], printed field for field,
//! so the table has one source (the logic crate) and this module only names the fields.

use serde_json::{Value, json};
use sudokit_logic::TechniqueInfo;
use sudokit_logic::techniques::ALL;

use sudokit_logic::Technique;

/// Every technique, sorted by `key` (HoDoKu's or SE's order).
pub fn sorted_by(key: impl Fn(&TechniqueInfo) -> u32) -> Vec<&'static dyn Technique> {
    let mut ts = ALL.to_vec();
    ts.sort_by_key(|t| key(t.info()));
    ts
}

/// One row of `sudokit techniques --format json`.
pub fn technique_json(i: &TechniqueInfo) -> Value {
    json!({
        "id": i.id, "name": i.name, "hodoku": i.hodoku, "se": (f64::from(i.se) * 10.0).round() / 10.0,
        "level": i.level, "score": i.score, "hodoku_order": i.hodoku_order,
        "se_order": i.se_order, "uniqueness": i.uniqueness, "default": i.default_on,
        "family": i.family, "summary": i.summary,
    })
}
