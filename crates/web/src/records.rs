//! The JSON records that `sudokit <command> --format json` prints and the web API returns.
//!
//! Design decision: one function builds each record, and both the command line and the web
//! handlers call it, so the two can never drift apart. The command line adds its per-record
//! position fields (`record`, `line`, `file`, `label`) with [`with_position`]; the web API
//! returns the record as built. Nothing here knows about HTTP or about standard output.

use std::time::Duration;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value, json};
use sudokit_core::format::{OutputFormat, write_grid};
use sudokit_core::{Budget, Cell, Grid, HouseKind, Layout, Report, Request, Solver, Status};
use sudokit_engines::{EngineOptions, auto_engine, engine};
use sudokit_generate::check::properties;
use sudokit_generate::{Checker, Count, Generated, Rater, Symmetry};
use sudokit_logic::formats::pencil;
use sudokit_logic::levels::{
    Qqwing, hodoku_level, qqwing_class_of_path_within, qqwing_class_within, seed_level_within,
};
use sudokit_logic::render::{StepJson, cell_name, cells_name, house_name, step_json, step_line};
use sudokit_logic::se::{RateOptions, RateStatus, Rating, rate};
use sudokit_logic::{
    CandidateGrid, Deadline, Level, LogicSolver, Path, PathStatus, Step, TechniqueInfo, check_step,
};

/// Merges the position fields of a command-line record (`record`, `line`, `file`, `label`)
/// into `record`.
pub fn with_position(
    mut record: Value,
    index: usize,
    line: usize,
    file: &str,
    label: Option<&str>,
) -> Value {
    if let Value::Object(m) = &mut record {
        m.insert("record".into(), json!(index));
        m.insert("line".into(), json!(line));
        m.insert("file".into(), json!(file));
        m.insert("label".into(), json!(label));
    }
    record
}

/// An error record: `{"status": status, "error": message}`.
pub fn error_record(status: &str, message: &str) -> Value {
    json!({"status": status, "error": message})
}

/// A rating on the SE scale, rounded to the tenth in f64 (no f32 noise), or null.
pub fn rating_json(r: Option<f32>) -> Value {
    r.map_or(Value::Null, |x| json!((f64::from(x) * 10.0).round() / 10.0))
}

/// A grid as JSON: its line (N ≤ 35), else an array of rows of numbers.
pub fn grid_json(g: &Grid) -> Value {
    match g.to_line() {
        Some(s) => Value::String(s),
        None => {
            let n = g.size();
            Value::Array(
                g.values()
                    .chunks(n)
                    .map(|row| Value::Array(row.iter().map(|&v| json!(v)).collect()))
                    .collect(),
            )
        }
    }
}

/// What the engines say about a grid's placed digits.
#[derive(Clone, Debug)]
pub enum Truth {
    /// Exactly one solution.
    Unique(Grid),
    /// At least two.
    Several,
    /// None.
    None,
    /// The engine could not tell within its budget.
    Unknown,
}

/// Counts the solutions of `g`'s placed digits (capped at 2) with the automatic engine, within
/// ten seconds (or until `budget`'s cancel flag is set; its other limits do not apply).
pub fn truth(g: &CandidateGrid, budget: &Budget) -> Truth {
    let grid = g.to_grid();
    if grid.find_conflict().is_some() {
        return Truth::None;
    }
    let name = auto_engine(grid.layout());
    let Ok(e) = engine(name, &EngineOptions::default()) else {
        return Truth::Unknown;
    };
    let budget = Budget {
        time: Some(Duration::from_secs(10)),
        nodes: None,
        cancel: budget.cancel.clone(),
    };
    let req = Request::count(2, 1).with_budget(budget);
    match e.solve(&grid, &req) {
        Ok(r) if r.exact && r.count == 0 => Truth::None,
        Ok(r) if r.count == 1 && r.exact => Truth::Unique(r.solutions[0].clone()),
        Ok(r) if r.count >= 2 => Truth::Several,
        _ => Truth::Unknown,
    }
}

/// The first cell whose pencil marks exclude the solution's digit.
pub fn pencil_error(g: &CandidateGrid, sol: &Grid) -> Option<Cell> {
    g.empty_cells().find(|&c| {
        let d = sol.get(c).expect("complete solution");
        !g.has(c, d)
    })
}

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
    /// The hardest step on the SE scale.
    pub se_hardest: f32,
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
                "se_hardest": (f64::from(self.se_hardest) * 10.0).round() / 10.0,
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
/// `Value` tree first (the same text as putting [`step_json`]s under `steps`).
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
        let steps = StepsJson(self.layout, self.steps);
        let mut m = s.serialize_map(Some(self.fields.len() + 1))?;
        let mut put = false;
        for (k, v) in &self.fields {
            if !put && k.as_str() > "steps" {
                m.serialize_entry("steps", &steps)?;
                put = true;
            }
            if k != "steps" {
                m.serialize_entry(k, v)?;
            }
        }
        if !put {
            m.serialize_entry("steps", &steps)?;
        }
        m.end()
    }
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

/// A record that could not be worked on: its status word and message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// `invalid` or `unsolvable`.
    pub status: &'static str,
    /// Why.
    pub message: String,
}

impl Refusal {
    fn new(status: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: message.into(),
        }
    }

    /// The error record.
    pub fn json(&self) -> Value {
        error_record(self.status, &self.message)
    }
}

/// Explains `g` step by step with `solver` (a clone is tuned per puzzle); with `check`, every
/// step is checked against the engine's unique solution.
pub fn explain(
    g: &CandidateGrid,
    solver: &LogicSolver,
    budget: &Budget,
    check: bool,
) -> Result<Explanation, Refusal> {
    let l = g.layout();
    let mut solver = solver.clone();
    let mut note = None;
    let solution = match truth(g, budget) {
        Truth::None => return Err(Refusal::new("unsolvable", "the puzzle has no solution")),
        Truth::Several => {
            solver.options.uniqueness = false;
            note = Some("the puzzle has more than one solution: uniqueness techniques are off");
            None
        }
        Truth::Unique(s) => Some(s),
        Truth::Unknown => None,
    };
    if let Some(sol) = &solution
        && let Some(c) = pencil_error(g, sol)
    {
        return Err(Refusal::new(
            "invalid",
            format!(
                "the pencil marks of {} leave out the digit that belongs there",
                cell_name(l, c)
            ),
        ));
    }
    // The path and then the levels share the time budget (the engine's count above keeps
    // its own cap).
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
        se_hardest: path.steps.iter().map(|s| s.se).fold(0.0f32, f32::max),
        path,
        note,
        checked: check,
        unsound,
    })
}

/// Cells of the user's entries that differ from the solution. Without the original puzzle, an
/// entry is wrong when removing it alone makes the grid solvable again.
pub fn wrong_entries(
    g: &CandidateGrid,
    givens: Option<&Grid>,
    budget: &Budget,
) -> Result<Vec<Cell>, String> {
    let Some(givens) = givens else {
        let mut wrong = Vec::new();
        for c in g.cells() {
            if g.value(c).is_none() {
                continue;
            }
            let mut t = g.to_grid();
            t.set(c, None);
            let tg = CandidateGrid::new(&t);
            if !matches!(truth(&tg, budget), Truth::None) {
                wrong.push(c);
            }
        }
        return Ok(wrong);
    };
    if givens.values().len() != g.cell_count() {
        return Err("--givens has a different size than the grid".into());
    }
    let puzzle = CandidateGrid::new(givens);
    match truth(&puzzle, budget) {
        Truth::Unique(sol) => Ok(g
            .cells()
            .filter(|&c| g.value(c).is_some_and(|d| sol.get(c) != Some(d)))
            .collect()),
        Truth::None => Err("the original puzzle (--givens) has no solution".into()),
        Truth::Several => Err("the original puzzle (--givens) has more than one solution".into()),
        Truth::Unknown => Err("could not solve the original puzzle (--givens) in time".into()),
    }
}

/// The hint sentence at `level` (1: the technique, 2: also where, 3: the whole step).
///
/// Level 2 names the house the step lies in; for a naked single, which has none, the box (or
/// jigsaw region) of its cell, so the hint narrows the search without giving the cell away;
/// otherwise the digit, or the cell the step turns on. When only the explained trial is left,
/// the hint says so instead of naming "Trial and Error" as if it were a pattern to spot.
pub fn hint_text(l: &Layout, step: &Step, level: u8) -> String {
    let name = with_article(step.technique.name);
    if level >= 3 {
        return step_line(l, step);
    }
    let cell = step
        .placements
        .first()
        .or(step.eliminations.first())
        .map(|c| c.cell)
        .or(step.highlight.cells.first().copied());
    if step.technique.id == "guess" {
        let base = "None of the techniques in use gets any further here: the next step is a \
                    trial (assume a candidate, follow it to a contradiction, and so rule it out)";
        return match (level, cell) {
            (2, Some(c)) => format!("{base}. Try the candidates of {}.", cell_name(l, c)),
            _ => format!("{base}."),
        };
    }
    if level < 2 {
        return format!("Look for {name}.");
    }
    let region = |c: Cell| {
        l.houses_of(c)
            .iter()
            .copied()
            .find(|&h| matches!(l.house_kind(h), HouseKind::Box(_) | HouseKind::Region(_)))
    };
    let where_ = if let Some(&h) = step.highlight.houses.first() {
        format!(" in {}", house_name(l, h))
    } else if let Some(h) = (step.technique.id == "naked-single")
        .then_some(cell)
        .flatten()
        .and_then(region)
    {
        format!(" in {}", house_name(l, h))
    } else if let Some(d) = step.digits.first() {
        format!(" on the digit {d}")
    } else if let Some(c) = cell {
        format!(" around {}", cell_name(l, c))
    } else {
        String::new()
    };
    format!("Look for {name}{where_}.")
}

/// A technique's name with the article it takes when read aloud: "an X-Wing", "an ALS-XZ",
/// "a Uniqueness Test 1", and none for the plural names ("Locked Candidates Type 1
/// (Pointing)", "Simple Colors Trap").
fn with_article(name: &str) -> String {
    if name.contains("Candidates") || name.contains("Colors") {
        return name.to_string();
    }
    let article = match name.chars().next() {
        Some('A' | 'E' | 'I' | 'O' | 'X') => "an",
        _ => "a",
    };
    format!("{article} {name}")
}

/// The next step for a person ([`hint`]).
#[derive(Debug)]
pub struct Hint {
    /// `hint`, `solved`, `stuck`, `stopped` (the time budget ran out), `wrong-entries` or
    /// `unsolvable`.
    pub status: &'static str,
    /// The level asked for.
    pub level: u8,
    /// The sentence for the person.
    pub text: String,
    /// The user's wrong entries.
    pub wrong: Vec<Cell>,
    /// The step, when there is one.
    pub step: Option<Step>,
    /// The grid's side.
    size: usize,
    /// The layout (for names).
    layout: std::sync::Arc<Layout>,
}

impl Hint {
    /// Whether the record counts as failed (wrong entries, unsolvable or stuck).
    pub fn failed(&self) -> bool {
        matches!(
            self.status,
            "wrong-entries" | "unsolvable" | "stuck" | "stopped"
        )
    }

    /// The JSON record of `sudokit hint --format json`.
    pub fn json(&self) -> Value {
        let l = &*self.layout;
        let mut v = json!({
            "status": self.status,
            "level": self.level,
            "text": self.text,
            "wrong": self.wrong.iter().map(|&c| {
                let (row, col) = c.row_col(self.size);
                json!({"row": row + 1, "col": col + 1})
            }).collect::<Vec<_>>(),
        });
        if let Some(s) = &self.step {
            v["technique"] = json!(s.technique.id);
            if self.level >= 2 {
                v["houses"] = Value::Array(
                    s.highlight
                        .houses
                        .iter()
                        .map(|&h| json!(house_name(l, h)))
                        .collect(),
                );
                v["digits"] = json!(s.digits.iter().map(|d| d.get()).collect::<Vec<_>>());
            }
            if self.level >= 3 {
                v["step"] = step_json(l, s);
            }
        }
        v
    }
}

/// The next step for the grid `g` (placed digits and pencil marks), with the user's wrong
/// entries named first when `givens` (the original puzzle) is known or the grid has no
/// solution.
pub fn hint(
    g: &CandidateGrid,
    solver: &LogicSolver,
    level: u8,
    givens: Option<&Grid>,
    budget: &Budget,
) -> Result<Hint, Refusal> {
    let l = g.layout();
    let mut solver = solver.clone();
    let truth_g = truth(g, budget);
    let wrong: Vec<Cell> = match (givens, &truth_g) {
        (Some(_), _) | (None, Truth::None) => {
            wrong_entries(g, givens, budget).map_err(|e| Refusal::new("invalid", e))?
        }
        _ => Vec::new(),
    };
    let (status, text, step) = if !wrong.is_empty() {
        (
            "wrong-entries",
            format!(
                "Some entries are wrong: {}. Clear them before going on.",
                cells_name(l, &wrong)
            ),
            None,
        )
    } else if matches!(truth_g, Truth::None) {
        (
            "unsolvable",
            "This grid has no solution, and no single entry explains it: check the givens."
                .to_string(),
            None,
        )
    } else {
        if matches!(truth_g, Truth::Several) {
            solver.options.uniqueness = false;
        }
        if g.is_solved() {
            ("solved", "The grid is solved.".to_string(), None)
        } else {
            let deadline = Deadline::from_budget(budget);
            match solver.next_step_before(g, &deadline) {
                Some(step) => ("hint", hint_text(l, &step, level), Some(step)),
                None if deadline.passed() => (
                    "stopped",
                    "The time budget ran out before a step was found.".to_string(),
                    None,
                ),
                None => (
                    "stuck",
                    "No technique applies to these pencil marks.".to_string(),
                    None,
                ),
            }
        }
    };
    Ok(Hint {
        status,
        level,
        text,
        wrong,
        step,
        size: l.size(),
        layout: g.layout_arc().clone(),
    })
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

/// A grid in line format (N² numbers separated by spaces above 35×35).
pub fn line_of(g: &Grid) -> String {
    write_grid(g, OutputFormat::Line)
}

/// One record of `sudokit generate --format json` for puzzle `index` (0-based).
pub fn generated_json(made: &Generated, rating: Option<f32>, index: u64) -> Value {
    let m = &made.measured;
    let mut v = json!({
        "index": index + 1,
        "puzzle": line_of(&made.puzzle),
        "solution": line_of(&made.solution),
        "givens": made.givens,
        "symmetry": made.symmetry.name(),
        "seed": made.seed,
        "rating": rating_json(rating),
        "rater": "se121",
        "minimal": made.minimal,
        "layout": made.puzzle.layout().describe(),
    });
    if made.puzzle.layout().is_jigsaw() {
        v["regions"] = json!(
            made.puzzle
                .layout()
                .region_map()
                .iter()
                .map(|&r| char::from(b'1' + r))
                .collect::<String>()
        );
    }
    if let Some(l) = m.hodoku_level {
        v["hodoku_level"] = json!(l);
        v["hodoku_score"] = json!(m.hodoku_score);
    }
    if let Some(q) = m.qqwing {
        v["qqwing"] = json!(q);
    }
    if let Some(s) = m.seed_level {
        v["seed_level"] = json!(s);
    }
    v
}

/// A puzzle's properties ([`check`]).
#[derive(Debug)]
pub struct Checked {
    /// `yes`, `no`, `unsolvable` or `unknown`.
    pub unique: &'static str,
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
        Count::Unique => "yes",
        Count::Many => "no",
        Count::None => "unsolvable",
        Count::Unknown => "unknown",
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
        "givens={} unique={unique} minimal={} symmetry={}{orbit_text}{}",
        p.givens,
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

/// The rater used by `sudokit check --rate` and the generator's targets: Sudoku Explainer's
/// ER with the techniques SE's generator uses. Swapping in another rater is a change to this
/// one function.
pub fn rater() -> Box<dyn Rater> {
    Box::new(sudokit_generate::SeRater::default())
}

/// The rating of [`rater`] (SE's ER, dynamic chains nested one level) under `budget`, or `None`
/// when the budget ran out or the puzzle is beyond the rater: the rating of
/// `sudokit check --rate`, stoppable.
pub fn rate_within(g: &Grid, budget: &Budget) -> Option<f32> {
    let opts = RateOptions {
        max_level: sudokit_generate::SeRater::default().max_level,
        budget: budget.clone(),
        ..RateOptions::default()
    };
    rate(g, &opts).er.map(|er| er as f32)
}

/// The rating fields of one `sudokit rate --format json` record (the CLI adds its position
/// fields, `--hodoku` levels and `--check`): `status` (rated, beyond, budget), `er`, `ep`,
/// `ed`, `hardest`, `scale`, `steps`, `seed_level`, `qqwing`, `micros`, `puzzle`, and with
/// `explain` the hardest step in full (`hardest_step`). The levels take what is left before
/// `deadline`, one after the other (each is null when it runs out).
pub fn se_rating_json(r: &Rating, puzzle: &Grid, explain: bool, deadline: &Deadline) -> Value {
    let n = puzzle.size();
    let status = match r.status {
        RateStatus::Rated => "rated",
        RateStatus::Beyond => "beyond",
        RateStatus::Budget | RateStatus::Above => "budget",
    };
    let mut v = json!({
        "status": status,
        "er": r.er,
        "ep": r.ep,
        "ed": r.ed,
        "hardest": r.hardest.as_ref().map(|h| h.technique.clone()),
        "scale": r.scale.name(),
        "steps": r.step_count,
        "seed_level": seed_level_within(puzzle, &deadline.left()),
        "qqwing": qqwing_class_within(puzzle, &deadline.left()).map(Qqwing::name),
        "micros": r.micros as u64,
        "puzzle": puzzle.to_line(),
    });
    if explain {
        let cell = |c: Cell| format!("r{}c{}", c.index() / n + 1, c.index() % n + 1);
        v["hardest_step"] = r.hardest.as_ref().map_or(Value::Null, |s| {
            json!({
                "technique": s.technique,
                "rating": s.rating,
                "text": s.text,
                "placement": s.placement.map(|(c, d)| json!({"cell": cell(c), "digit": d.get()})),
                "removals": s.removals.iter().map(|&(c, d)| json!({"cell": cell(c), "digit": d.get()})).collect::<Vec<_>>(),
            })
        });
    }
    v
}

/// The `/api/rate` record: [`se_rating_json`] of Sudoku Explainer's rating (SE 1.2.1 scale, every
/// nesting level, the hardest step explained) under `budget`, plus `rater` and `complete`.
pub fn rate_json(puzzle: &Grid, budget: &Budget) -> Value {
    let deadline = Deadline::from_budget(budget);
    let opts = RateOptions {
        budget: budget.clone(),
        texts: true,
        ..RateOptions::default()
    };
    let r = rate(puzzle, &opts);
    let mut v = se_rating_json(&r, puzzle, true, &deadline);
    v["rater"] = json!("se121");
    v["complete"] = json!(r.status == RateStatus::Rated);
    v
}

/// How many solutions a solve looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveMode {
    /// The first solution.
    First,
    /// Up to `k` solutions, listed.
    Limit(u64),
    /// Count up to `k` solutions, listing none.
    Count(u64),
}

/// The record of a puzzle that could not be solved at all (it did not parse, its givens
/// conflict, the engine refused its layout): status `invalid` and `message`.
pub fn solve_error_record(engine: Option<&str>, message: &str) -> Value {
    json!({
        "status": "invalid", "solutions": [], "count": Value::Null, "exact": false,
        "error": message, "engine": engine, "stats": Value::Null,
    })
}

/// One record of `sudokit solve --format json` from the engine's `report` (without the position
/// fields): `status` (the report's, `stopped` for a list or count cut short by the budget,
/// `invalid` with an `error`), `solutions` (`first` in [`SolveMode::First`], else empty: a
/// caller listing solutions fills the array), `count`, `exact`, `error`, `engine` and `stats`
/// (the engine's counters, `no_guess` and `micros`).
pub fn solve_record(
    report: &Report,
    engine: &str,
    mode: SolveMode,
    first: Option<&Grid>,
    error: Option<&str>,
) -> Value {
    let mut status = report.status.as_str();
    if report.end == sudokit_core::End::Budget && mode != SolveMode::First {
        // A count or list cut short by the budget is not an answer.
        status = "stopped";
    }
    if error.is_some() {
        status = "invalid";
    }
    let mut stats = serde_json::to_value(&report.stats).unwrap_or(Value::Null);
    if let Value::Object(m) = &mut stats {
        // Only a solution found without a guess counts: an engine that gave up or was stopped
        // made no claim, whatever its counters say.
        m.insert(
            "no_guess".into(),
            json!(report.status == Status::Solved && report.stats.guesses == 0),
        );
        m.insert(
            "micros".into(),
            json!((report.elapsed.as_secs_f64() * 1e6 * 10.0).round() / 10.0),
        );
    }
    let solutions: Vec<Value> = match mode {
        SolveMode::First => first.into_iter().map(grid_json).collect(),
        SolveMode::Limit(_) | SolveMode::Count(_) => Vec::new(),
    };
    json!({
        "status": status,
        "solutions": solutions,
        "count": report.count, "exact": report.exact, "error": error,
        "engine": engine, "stats": stats,
    })
}

/// One record of `sudokit solve --format json` (without the position fields) for the web API:
/// solves `puzzle` and builds [`solve_record`], with the solutions listed in
/// [`SolveMode::Limit`].
pub fn solve_json(
    solver: &dyn Solver,
    engine_name: &str,
    puzzle: &Grid,
    mode: SolveMode,
    budget: Budget,
) -> Value {
    let request = match mode {
        SolveMode::First => Request::first(),
        SolveMode::Limit(k) => Request::count(k, usize::try_from(k).unwrap_or(usize::MAX)),
        SolveMode::Count(k) => Request::count(k, 0),
    }
    .with_budget(budget);
    let report: Report = match solver.solve(puzzle, &request) {
        Ok(r) => r,
        Err(e) => return solve_error_record(Some(engine_name), &e.to_string()),
    };
    let first = report
        .solutions
        .first()
        .filter(|_| report.status == Status::Solved);
    let mut v = solve_record(&report, engine_name, mode, first, None);
    if let SolveMode::Limit(_) = mode {
        v["solutions"] = report.solutions.iter().map(grid_json).collect();
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::format::{InputFormat, parse_one};

    /// Hints read as a person would say them: the article a name takes aloud; a naked single
    /// located by its cell's box at level 2 (neither the cell nor the digit given away); the
    /// explained trial offered as what it is, with the cell at level 2.
    #[test]
    fn hint_sentences_read_naturally() {
        use sudokit_core::{Digit, House};
        use sudokit_logic::techniques::lookup;
        let p = parse_one(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            InputFormat::Auto,
        )
        .unwrap();
        let l = p.layout();
        let (c, d) = (Cell(10), Digit::new(4).unwrap());
        let named = |id: &str, level: u8| {
            let step = Step::new(lookup(id).unwrap().info())
                .eliminate(c, d)
                .houses([House(0)]);
            hint_text(l, &step, level)
        };
        assert_eq!(named("x-wing", 1), "Look for an X-Wing.");
        assert_eq!(named("als-xz", 1), "Look for an ALS-XZ.");
        assert_eq!(named("empty-rectangle", 1), "Look for an Empty Rectangle.");
        assert_eq!(
            named("unique-rectangle-1", 1),
            "Look for a Uniqueness Test 1."
        );
        assert_eq!(named("hidden-pair", 2), "Look for a Hidden Pair in row 1.");
        assert_eq!(
            named("pointing", 1),
            "Look for Locked Candidates Type 1 (Pointing)."
        );
        let guess = named("guess", 1);
        assert!(
            guess.contains("trial") && !guess.contains("r2c2"),
            "{guess}"
        );
        assert!(named("guess", 2).ends_with("Try the candidates of r2c2."));
        // A naked single from a real path: level 2 names its cell's box only.
        let g = CandidateGrid::new(&p);
        let path = LogicSolver::default().solve_from(g, &Budget::default());
        let single = path
            .steps
            .iter()
            .find(|s| s.technique.id == "naked-single")
            .expect("a naked single on the path");
        let cell = single.placements[0].cell;
        let (r, col) = cell.row_col(9);
        let text = hint_text(l, single, 2);
        assert_eq!(
            text,
            format!(
                "Look for a Naked Single in box {}.",
                r / 3 * 3 + col / 3 + 1
            )
        );
        assert!(!text.contains(&cell_name(l, cell)));
    }

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
}
