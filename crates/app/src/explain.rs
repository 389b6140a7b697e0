//! `explain`: a puzzle solved step by step with named techniques, and its record.
//!
//! Design decision: before any technique runs, an engine answers how many solutions there
//! are ([`crate::truth`]): none refuses the record as `unsolvable`, several switch the
//! uniqueness techniques off, and the unique solution is what `check` compares every step
//! against; pencil marks that contradict themselves or the solution are refused as `invalid`
//! ([`pencil_refusal`], the check `hint` makes too). The record's steps are serialized straight from the path ([`WithSteps`]), never
//! built as a `Value` tree, since a long path's tree cost a tenth of `explain -f json`.

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value, json};
use sudokit_core::{Budget, Layout};
use sudokit_logic::formats::pencil;
use sudokit_logic::levels::{Qqwing, hodoku_level, qqwing_class_of_path_within, seed_level_within};
use sudokit_logic::render::{StepJson, write_json_str};
use sudokit_logic::{
    CandidateGrid, Deadline, Level, LogicSolver, Path, PathStatus, Step, check_step,
};

use crate::truth::{Truth, pencil_refusal, truth};
use crate::{Refusal, RefusalStatus};

/// A human-style explanation of a whole puzzle ([`explain`]).
#[derive(Debug)]
pub struct Explanation {
    /// The grid the path starts from.
    pub start: CandidateGrid,
    /// The steps and how they ended.
    pub path: Path,
    /// A note for the reader (e.g. uniqueness techniques switched off).
    pub note: Option<&'static str>,
    /// Whether steps were checked against the solution.
    pub checked: bool,
    /// The first unsound step, when checking found one.
    pub unsound: Option<String>,
    /// The seed worksheet's level.
    pub seed_level: Option<usize>,
    /// qqwing's class (`None` when the budget ran out first).
    pub qqwing: Option<Qqwing>,
    /// HoDoKu's level and score.
    pub hodoku: Option<(Level, u32)>,
    /// The hardest step on the SE scale, when the path solved the puzzle (a stopped, stuck or
    /// contradicted path has no hardest step: the rest is unknown), and took a step.
    pub se_hardest: Option<f32>,
}

impl Explanation {
    /// Whether the record counts as failed (not solved, or an unsound step).
    pub fn failed(&self) -> bool {
        self.path.status != PathStatus::Solved || self.unsound.is_some()
    }

    /// The JSON record of `sudokit explain --format json`.
    pub fn json(&self) -> Value {
        serde_json::to_value(self.record()).unwrap_or(Value::Null)
    }

    /// [`Explanation::json`] as a [`WithSteps`]: the same record, its steps written straight
    /// from the path when serialized (add fields to `fields` first).
    pub fn record(&self) -> WithSteps<'_> {
        let path = &self.path;
        let mut v = json!({
            "status": path.status.as_str(),
            "grid": path.grid.to_grid().to_line(),
            "candidates": pencil::write(&path.grid),
            "levels": {
                "seed_level": self.seed_level,
                "qqwing": self.qqwing.map(Qqwing::name),
                "hodoku_level": self.hodoku.map(|(lv, _)| lv.name()),
                "hodoku_score": self.hodoku.map(|(_, s)| s),
                "se_hardest": self.se_hardest.map(|v| (f64::from(v) * 10.0).round() / 10.0),
            },
            "micros": path.micros,
        });
        if let Some(n) = self.note {
            v["note"] = json!(n);
        }
        if self.checked {
            v["checked"] = json!(self.unsound.is_none());
        }
        if let Some(u) = &self.unsound {
            v["error"] = json!(u);
        }
        let Value::Object(fields) = v else {
            unreachable!("built as an object")
        };
        WithSteps {
            fields,
            layout: self.start.layout(),
            steps: &path.steps,
        }
    }
}

/// A JSON record with a solving path's `steps`: the other fields as a map, the steps written
/// by [`StepJson`] in their key's place when serialized, so a long path is never built as a
/// `Value` tree first (the same text as putting [`step_json`](sudokit_logic::render::step_json)s under `steps`).
#[derive(Debug)]
pub struct WithSteps<'a> {
    /// Every field but `steps`.
    pub fields: Map<String, Value>,
    /// The grid's layout.
    pub layout: &'a Layout,
    /// The steps.
    pub steps: &'a [Step],
}

impl Serialize for WithSteps<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_with_steps(&self.fields, &StepsJson(self.layout, self.steps), s)
    }
}

impl WithSteps<'_> {
    /// The record as one line of JSON text (no newline): the bytes serde_json prints for it,
    /// the steps appended by [`StepJson::write_to`] rather than through serde (what
    /// `explain -f json` writes; serde's generic machinery cost 3% of its time).
    pub fn to_json_string(&self) -> String {
        let mut out = String::with_capacity(1024 + 1024 * self.steps.len());
        write_with_steps(&self.fields, &mut out, |out| {
            out.push('[');
            for (i, step) in self.steps.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let layout = self.layout;
                StepJson { layout, step }.write_to(out);
            }
            out.push(']');
        });
        out
    }
}

/// Calls `entry` on the entries of a JSON object of `fields` with `steps` in its key's sorted
/// place (as a `Value` map would put it): `(key, Some(value))` for a field, `("steps", None)`
/// for the steps (a `steps` field is left out). Shared by the serde and the text writers.
fn in_record_order<E>(
    fields: &Map<String, Value>,
    mut entry: impl FnMut(&str, Option<&Value>) -> Result<(), E>,
) -> Result<(), E> {
    let mut put = false;
    for (k, v) in fields {
        if !put && k.as_str() > "steps" {
            entry("steps", None)?;
            put = true;
        }
        if k != "steps" {
            entry(k, Some(v))?;
        }
    }
    if !put {
        entry("steps", None)?;
    }
    Ok(())
}

/// `fields` as a JSON object with `steps` written in its key's sorted place (as a `Value`
/// map would put it), from `steps` however they are held.
pub(crate) fn serialize_with_steps<S: Serializer>(
    fields: &Map<String, Value>,
    steps: &impl Serialize,
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut m = s.serialize_map(Some(fields.len() + 1))?;
    in_record_order(fields, |k, v| match v {
        Some(v) => m.serialize_entry(k, v),
        None => m.serialize_entry("steps", steps),
    })?;
    m.end()
}

/// [`serialize_with_steps`] as JSON text appended to `out` (the bytes serde_json prints),
/// the steps' array appended by `steps`.
pub(crate) fn write_with_steps(
    fields: &Map<String, Value>,
    out: &mut String,
    steps: impl FnOnce(&mut String),
) {
    let (mut steps, mut first) = (Some(steps), true);
    out.push('{');
    let _ = in_record_order::<()>(fields, |k, v| {
        if !first {
            out.push(',');
        }
        first = false;
        write_json_str(out, k);
        out.push(':');
        match v {
            Some(v) => out.push_str(&v.to_string()),
            None => {
                if let Some(steps) = steps.take() {
                    steps(out);
                }
            }
        }
        Ok(())
    });
    out.push('}');
}

/// Steps as a JSON array of [`StepJson`].
struct StepsJson<'a>(&'a Layout, &'a [Step]);

impl Serialize for StepsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.1.iter().map(|step| StepJson {
            layout: self.0,
            step,
        }))
    }
}

/// Explains `g` step by step with `solver` (a clone is tuned per puzzle); with `check`, every
/// step is checked against the engine's unique solution.
///
/// The whole run — the engine's count of solutions, the path and the levels — fits in
/// `budget`'s time ([`crate::within_budget`]).
pub fn explain(
    g: &CandidateGrid,
    solver: &LogicSolver,
    budget: &Budget,
    check: bool,
) -> Result<Explanation, Refusal> {
    crate::within_budget(budget, |b| explain_within(g, solver, b, check)).0
}

fn explain_within(
    g: &CandidateGrid,
    solver: &LogicSolver,
    budget: &Budget,
    check: bool,
) -> Result<Explanation, Refusal> {
    let mut solver = solver.clone();
    let mut note = None;
    let solution = match truth(g, budget) {
        Truth::None => {
            return Err(Refusal::new(
                RefusalStatus::Unsolvable,
                "the puzzle has no solution",
            ));
        }
        Truth::Several => {
            solver.options.uniqueness = false;
            note = Some("the puzzle has more than one solution: uniqueness techniques are off");
            None
        }
        Truth::Unique(s) => Some(s),
        Truth::Unknown => None,
    };
    pencil_refusal(g, solution.as_ref())?;
    // The path and then the levels share what the count above left of the time budget.
    let deadline = Deadline::from_budget(budget);
    let path = solver.solve_from(g.clone(), budget);
    let mut unsound = None;
    if check {
        match &solution {
            Some(sol) => {
                for (i, s) in path.steps.iter().enumerate() {
                    if let Err(e) = check_step(s, sol) {
                        unsound = Some(format!("step {}: {e}", i + 1));
                        break;
                    }
                }
            }
            None if note.is_none() => {
                unsound =
                    Some("no unique solution to check against (engine budget ran out)".into());
            }
            None => {}
        }
    }
    let mut path = path;
    crate::net::retell_path(g, &mut path.steps);
    let puzzle = g.givens_grid();
    // The levels get what is left of the time budget, one after the other (each is `None`
    // when it runs out).
    let seed_level = seed_level_within(&puzzle, &deadline.left());
    let qqwing = qqwing_class_of_path_within(&puzzle, &solver, g, &path, &deadline.left());
    Ok(Explanation {
        start: g.clone(),
        seed_level,
        qqwing,
        hodoku: hodoku_level(&path),
        se_hardest: path
            .steps
            .iter()
            .map(|s| s.se)
            .reduce(f32::max)
            .filter(|_| path.status == PathStatus::Solved),
        path,
        note,
        checked: check,
        unsound,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::with_position;
    use sudokit_core::format::{InputFormat, parse_one};

    /// An explain record with its steps written straight from the path prints the text of the
    /// same record built as a `Value` (keys sorted, `steps` in its place), with and without
    /// the command line's position fields (`file`, `label`, `line`, `record`).
    #[test]
    fn records_with_typed_steps_print_what_value_records_do() {
        let p = parse_one(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            InputFormat::Auto,
        )
        .unwrap();
        let e = explain(
            &CandidateGrid::new(&p),
            &LogicSolver::default(),
            &Budget::default(),
            true,
        )
        .unwrap();
        assert!(e.path.steps.len() > 50);
        let typed = serde_json::to_string(&e.record()).unwrap();
        assert_eq!(typed, serde_json::to_string(&e.json()).unwrap());
        let mut rec = e.record();
        let Value::Object(fields) =
            with_position(Value::Object(rec.fields), 3, 7, "a.txt", Some("x"))
        else {
            unreachable!()
        };
        rec.fields = fields;
        let positioned = with_position(e.json(), 3, 7, "a.txt", Some("x"));
        assert_eq!(
            serde_json::to_string(&rec).unwrap(),
            serde_json::to_string(&positioned).unwrap()
        );
        // `steps` sits between the fields before and after it in key order.
        let (at, after) = (typed.find("\"steps\":").unwrap(), typed.find("\"status\":"));
        assert!(after.is_some_and(|s| s < at), "{typed:.200}");
    }

    /// The text writers ([`WithSteps::to_json_string`], and `find`'s [`StepsText`] over the
    /// same writer) print the bytes serde_json prints for the record: steps on a hard path
    /// (chains, ALS, nets), `steps` in its sorted place among the fields (a `steps` field is
    /// left out), with and without position fields, and with no fields or steps at all.
    #[test]
    fn written_records_are_what_serde_json_prints() {
        use crate::find::StepsText;
        // top1465's second (forcing nets in HoDoKu's order) and top95's first.
        let puzzles = [
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ];
        for puzzle in puzzles {
            let p = parse_one(puzzle, InputFormat::Auto).unwrap();
            let g = CandidateGrid::new(&p);
            let e = explain(&g, &LogicSolver::default(), &Budget::default(), true).unwrap();
            let mut rec = e.record();
            let positioned =
                with_position(Value::Object(rec.fields.clone()), 3, 7, "a\"b.txt", None);
            let Value::Object(mut with_steps_key) = positioned.clone() else {
                unreachable!()
            };
            with_steps_key.insert("steps".into(), json!("left out"));
            let Value::Object(positioned) = positioned else {
                unreachable!()
            };
            for fields in [rec.fields.clone(), positioned, with_steps_key, Map::new()] {
                rec.fields = fields;
                let serde = serde_json::to_string(&rec).unwrap();
                assert_eq!(rec.to_json_string(), serde);
                let mut text = StepsText::default();
                for step in rec.steps {
                    text.push(rec.layout, step);
                }
                assert_eq!(text.record(&rec.fields), serde);
            }
            let empty = WithSteps {
                fields: rec.fields.clone(),
                layout: rec.layout,
                steps: &[],
            };
            let serde = serde_json::to_string(&empty).unwrap();
            assert_eq!(empty.to_json_string(), serde);
            assert_eq!(StepsText::default().record(&empty.fields), serde);
        }
    }
}
