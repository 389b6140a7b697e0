//! `find`: every instance of one technique in a grid (no solving), and its record.
//!
//! Design decision: the search runs under the budget's deadline and says whether it finished
//! ([`FindStatus`]); a search cut short keeps the instances it found, so the record lists them
//! and says there may be more.

use serde::Serialize;
use serde_json::{Value, json};
use sudokit_core::{Budget, Layout};
use sudokit_logic::render::step_json;
use sudokit_logic::{CandidateGrid, Deadline, LogicSolver, Step, Technique};

/// How a search ended, as printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FindStatus {
    /// Every instance was found.
    Ok,
    /// The budget ran out: there may be more.
    Stopped,
}

/// The instances of a technique in a grid ([`find`]).
#[derive(Debug)]
pub struct Found {
    /// Whether the search finished.
    pub status: FindStatus,
    /// The technique's id.
    pub technique: &'static str,
    /// The instances.
    pub steps: Vec<Step>,
}

/// Every instance of `technique` in `g`, with `solver`'s options, within `budget`.
pub fn find(
    technique: &dyn Technique,
    g: &CandidateGrid,
    solver: &LogicSolver,
    budget: &Budget,
) -> Found {
    let deadline = Deadline::from_budget(budget);
    let (steps, complete) =
        sudokit_logic::find_all_before(technique, g, &solver.options, &deadline);
    Found {
        status: if complete {
            FindStatus::Ok
        } else {
            FindStatus::Stopped
        },
        technique: technique.info().id,
        steps,
    }
}

impl Found {
    /// Whether the record counts as failed (the search was cut short).
    pub fn failed(&self) -> bool {
        self.status != FindStatus::Ok
    }

    /// The `sudokit find --format json` record (`status`, `technique`, `steps`) of instances
    /// found in a grid of layout `l`.
    pub fn json(&self, l: &Layout) -> Value {
        json!({
            "status": self.status,
            "technique": self.technique,
            "steps": Value::Array(self.steps.iter().map(|s| step_json(l, s)).collect()),
        })
    }
}
