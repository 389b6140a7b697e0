//! `find`: every instance of one technique in a grid (no solving), and its record.
//!
//! Design decision: instances are handed to the caller one by one as the finder reports them
//! ([`find_each`]), so the command line renders each into its output and keeps no list of
//! steps; the search ends at the budget's deadline (checked by the finders and again as each
//! instance is handed on, so rendering counts too) or after `max` instances, and says which
//! ([`FindStatus`], [`Outcome::note`]). A search cut short keeps the instances it found, so the
//! record lists them and says there may be more.

use serde::Serialize;
use serde_json::{Map, Value, json};
use std::ops::ControlFlow;
use sudokit_core::{Budget, Layout};
use sudokit_logic::render::{StepJson, step_json};
use sudokit_logic::{CandidateGrid, Deadline, Finder, LogicSolver, Memory, Step, Technique};

/// Instances a search reports at most unless told otherwise (`find --max`).
pub const DEFAULT_MAX: usize = 1000;

/// How a search ended, as printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FindStatus {
    /// Every instance was found.
    Ok,
    /// The budget ran out or the instance cap was reached: there may be more.
    Stopped,
}

/// How a search ended ([`find_each`]): the record's fields but the steps.
#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    /// Whether the search finished.
    pub status: FindStatus,
    /// The technique's id.
    pub technique: &'static str,
    /// Instances handed on.
    pub count: usize,
    /// The cap the search stopped at, when it did (else the budget stopped it, or nothing).
    pub capped_at: Option<usize>,
}

impl Outcome {
    /// Why the search stopped, for the reader: `None` when it finished.
    pub fn note(&self) -> Option<String> {
        match (self.status, self.capped_at) {
            (FindStatus::Ok, _) => None,
            (FindStatus::Stopped, Some(n)) => Some(format!(
                "stopped at {n} instances (the --max cap); there may be more"
            )),
            (FindStatus::Stopped, None) => {
                Some("the budget ran out; there may be more instances".into())
            }
        }
    }

    /// The record's fields but `steps`: `status`, `technique`, `count` and, when it stopped,
    /// `note`.
    pub fn fields(&self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("status".into(), json!(self.status));
        m.insert("technique".into(), json!(self.technique));
        m.insert("count".into(), json!(self.count));
        if let Some(n) = self.note() {
            m.insert("note".into(), json!(n));
        }
        m
    }

    /// Whether the record counts as failed (the search was cut short).
    pub fn failed(&self) -> bool {
        self.status != FindStatus::Ok
    }
}

/// Hands every instance of `technique` in `g` to `on_step` as it is found, with `solver`'s
/// options, within `budget`, stopping after `max` instances (at least one).
pub fn find_each(
    technique: &dyn Technique,
    g: &CandidateGrid,
    solver: &LogicSolver,
    budget: &Budget,
    max: usize,
    on_step: &mut dyn FnMut(&Step),
) -> Outcome {
    let max = max.max(1);
    let deadline = Deadline::from_budget(budget);
    let memory = Memory::new();
    let (mut count, mut late) = (0usize, false);
    let mut sink = |s: Step| {
        count += 1;
        on_step(&s);
        if count >= max {
            return ControlFlow::Break(());
        }
        // The time rendering takes counts too.
        if deadline.passed() {
            late = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    };
    let mut f = Finder::new(&solver.options, &memory, &mut sink).with_deadline(deadline.clone());
    technique.find(g, &mut f);
    let (interrupted, cut) = (f.interrupted(), f.done());
    drop(f);
    let capped = cut && !late;
    Outcome {
        status: if interrupted || cut {
            FindStatus::Stopped
        } else {
            FindStatus::Ok
        },
        technique: technique.info().id,
        count,
        capped_at: capped.then_some(max),
    }
}

/// The instances of a technique in a grid ([`find`]).
#[derive(Debug)]
pub struct Found {
    /// How the search ended.
    pub outcome: Outcome,
    /// The instances.
    pub steps: Vec<Step>,
}

/// Every instance of `technique` in `g` (at most `max`), with `solver`'s options, within
/// `budget`, collected.
pub fn find(
    technique: &dyn Technique,
    g: &CandidateGrid,
    solver: &LogicSolver,
    budget: &Budget,
    max: usize,
) -> Found {
    let mut steps = Vec::new();
    let outcome = find_each(technique, g, solver, budget, max, &mut |s| {
        steps.push(s.clone())
    });
    Found { outcome, steps }
}

impl Found {
    /// Whether the record counts as failed (the search was cut short).
    pub fn failed(&self) -> bool {
        self.outcome.failed()
    }

    /// The `sudokit find --format json` record (`status`, `technique`, `count`, `note`,
    /// `steps`) of instances found in a grid of layout `l`.
    pub fn json(&self, l: &Layout) -> Value {
        let mut m = self.outcome.fields();
        m.insert(
            "steps".into(),
            Value::Array(self.steps.iter().map(|s| step_json(l, s)).collect()),
        );
        Value::Object(m)
    }
}

/// The JSON text of instances as [`find_each`] hands them on: each step is written once, when
/// it comes, and not kept.
#[derive(Debug, Default)]
pub struct StepsText {
    text: String,
}

impl StepsText {
    /// Appends `step` (of a grid of layout `l`).
    pub fn push(&mut self, l: &Layout, step: &Step) {
        self.text.push(if self.text.is_empty() { '[' } else { ',' });
        StepJson { layout: l, step }.write_to(&mut self.text);
    }

    /// The record: `fields` (e.g. [`Outcome::fields`] and the record's position) with the
    /// steps under `steps`, as one line of JSON text without its newline.
    pub fn record(mut self, fields: &Map<String, Value>) -> String {
        if self.text.is_empty() {
            self.text.push('[');
        }
        self.text.push(']');
        let mut out = String::with_capacity(self.text.len() + 256);
        crate::explain::write_with_steps(fields, &mut out, |out| out.push_str(&self.text));
        out
    }
}
