//! `rate`: Sudoku Explainer's ratings (ER/EP/ED) of a puzzle, as a record.
//!
//! Design decision: the rater is the logic crate's SE process ([`sudokit_logic::se`]); this
//! module only names its outcome ([`RatingStatus`]), adds the levels that share the rating's
//! deadline, and checks the rater's steps against an engine's solution when asked. Before any
//! rating, [`rateable`] asks an engine for the solutions: SE's numbers mean nothing for a
//! puzzle with none or several (its uniqueness steps would remove digits some solution needs),
//! so both front ends refuse such a puzzle through this one check.
//!
//! HoDoKu's scale ([`hodoku_rate`]) is the other rating: the level and score of the path
//! `explain --order hodoku` takes (the sum of its steps' scores, the level raised as HoDoKu 2.2
//! raises it when the score passes the level's ceiling). It shares the refusal check and the
//! record's shape, with `er`/`ep`/`ed` null, so one consumer reads either scale.

use serde::Serialize;
use serde_json::{Value, json};
use sudokit_core::{Budget, Cell, Grid};
use sudokit_generate::Rater;
use sudokit_logic::levels::{Qqwing, hodoku_level, qqwing_class_within, seed_level_within};
use sudokit_logic::se::{RateOptions, RateStatus, Rating, rate};
use sudokit_logic::{
    Candidate, CandidateGrid, Deadline, Level, LogicSolver, Order, PathStatus, Step, check_step,
};

use crate::truth::{Truth, truth_of};
use crate::{Refusal, RefusalStatus};

/// How a rating ended, as printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RatingStatus {
    /// Rated.
    Rated,
    /// No technique up to the highest nesting level applies.
    Beyond,
    /// The time budget ran out (the word every command uses for a budget that ran out).
    Stopped,
}

impl RatingStatus {
    /// The status of a rating.
    pub fn of(status: RateStatus) -> RatingStatus {
        match status {
            RateStatus::Rated => RatingStatus::Rated,
            RateStatus::Beyond => RatingStatus::Beyond,
            RateStatus::Budget | RateStatus::Above => RatingStatus::Stopped,
        }
    }

    /// The word printed.
    pub fn as_str(self) -> &'static str {
        match self {
            RatingStatus::Rated => "rated",
            RatingStatus::Beyond => "beyond",
            RatingStatus::Stopped => "stopped",
        }
    }
}

/// Whether `puzzle` may be rated: `Ok` with its unique solution (`None` when the engine could
/// not tell within its time, as [`truth_of`]), or the refusal of a puzzle with no solution
/// (`unsolvable`) or several (`invalid`). `sudokit rate` and `/api/rate` both ask this first.
pub fn rateable(puzzle: &Grid, budget: &Budget) -> Result<Option<Grid>, Refusal> {
    match truth_of(puzzle, budget) {
        Truth::None => Err(Refusal::new(
            RefusalStatus::Unsolvable,
            "the puzzle has no solution",
        )),
        Truth::Several => Err(Refusal::new(
            RefusalStatus::Invalid,
            "the puzzle has more than one solution; SE ratings need a unique one",
        )),
        Truth::Unknown => Ok(None),
        Truth::Unique(s) => Ok(Some(s)),
    }
}

/// Checks the rater's steps against the solution: a placement must equal it, a removal must
/// never take it away.
pub fn check_steps(r: &Rating, sol: &Grid) -> Result<(), String> {
    for (i, s) in r.steps.iter().enumerate() {
        if let Some((c, d)) = s.placement
            && sol.get(c) != Some(d)
        {
            return Err(format!(
                "step {} ({}) places {} in cell {}, but the solution differs",
                i + 1,
                s.technique,
                d,
                c.index()
            ));
        }
        for &(c, d) in &s.removals {
            if sol.get(c) == Some(d) {
                return Err(format!(
                    "step {} ({}) removes {} from cell {}, the solution's digit",
                    i + 1,
                    s.technique,
                    d,
                    c.index()
                ));
            }
        }
    }
    Ok(())
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
/// fields, `--hodoku` levels and `--check`): `status` (rated, beyond, stopped), `er`, `ep`,
/// `ed`, `hardest`, `scale`, `steps`, `seed_level`, `qqwing`, `micros`, `puzzle`, and with
/// `explain` the hardest step in full (`hardest_step`). The levels take what is left before
/// `deadline`, one after the other (each is null when it runs out).
pub fn se_rating_json(r: &Rating, puzzle: &Grid, explain: bool, deadline: &Deadline) -> Value {
    let n = puzzle.size();
    let status = RatingStatus::of(r.status);
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
/// nesting level, the hardest step explained) under `budget`, plus `rater` and `complete`; or,
/// for a puzzle [`rateable`] refuses, the refusal record `sudokit rate --format json` prints.
pub fn rate_json(puzzle: &Grid, budget: &Budget) -> Value {
    if let Err(r) = rateable(puzzle, budget) {
        return r.json();
    }
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

/// A puzzle's rating on HoDoKu's scale: [`hodoku_rate`].
#[derive(Clone, Debug)]
pub struct HodokuRating {
    /// `rated` when HoDoKu's techniques solve the puzzle; `beyond` when they stop short;
    /// `stopped` when the budget ran out.
    pub status: RatingStatus,
    /// HoDoKu's level (`None` unless rated).
    pub level: Option<Level>,
    /// HoDoKu's score: the sum of the path's step scores (`None` unless rated).
    pub score: Option<u32>,
    /// The path's steps, in order.
    pub path: Vec<Step>,
    /// Index in `path` of the hardest step: the highest level, then the highest score, the
    /// first such step.
    pub hardest: Option<usize>,
    /// Time spent on the path, in microseconds.
    pub micros: u64,
}

impl HodokuRating {
    /// The hardest step of the path.
    pub fn hardest_step(&self) -> Option<&Step> {
        self.hardest.map(|i| &self.path[i])
    }

    /// Checks every step of the path against `solution` (a placement equals it, a removal
    /// never takes it away); the error names the step.
    pub fn check(&self, solution: &Grid) -> Result<(), String> {
        for (i, s) in self.path.iter().enumerate() {
            check_step(s, solution).map_err(|e| format!("step {}: {e}", i + 1))?;
        }
        Ok(())
    }

    /// HoDoKu's way of showing the rating: `Hard (1286)`.
    pub fn label(&self) -> Option<String> {
        Some(format!("{} ({})", self.level?.name(), self.score?))
    }
}

/// The HoDoKu rating of `puzzle` before `deadline`: the path `explain --order hodoku` takes from
/// the givens, its level and score ([`hodoku_level`]) and its hardest step. Ask [`rateable`]
/// first: the scale means nothing for a puzzle without a unique solution.
pub fn hodoku_rate(puzzle: &Grid, deadline: &Deadline) -> HodokuRating {
    let path =
        LogicSolver::new(Order::Hodoku).solve_from(CandidateGrid::new(puzzle), &deadline.left());
    let rated = hodoku_level(&path);
    let status = match path.status {
        PathStatus::Solved => RatingStatus::Rated,
        PathStatus::Stopped => RatingStatus::Stopped,
        PathStatus::Stuck | PathStatus::Unsolvable => RatingStatus::Beyond,
    };
    let key = |s: &Step| (s.technique.level, s.technique.score);
    let mut hardest: Option<usize> = None;
    for (i, s) in path.steps.iter().enumerate() {
        if hardest.is_none_or(|h| key(s) > key(&path.steps[h])) {
            hardest = Some(i);
        }
    }
    HodokuRating {
        status,
        level: rated.map(|(l, _)| l),
        score: rated.map(|(_, s)| s),
        hardest,
        path: path.steps,
        micros: path.micros,
    }
}

/// The fields of one `sudokit rate --scale hodoku --format json` record, in the shape of
/// [`se_rating_json`]: `status`, `scale` (`hodoku`), `hodoku_level`, `hodoku_score`, `hardest`
/// (the technique's name), `steps`, `seed_level`, `qqwing`, `micros`, `puzzle`, with `er`, `ep`
/// and `ed` null; with `explain`, the hardest step in full (`hardest_step`).
pub fn hodoku_rating_json(
    r: &HodokuRating,
    puzzle: &Grid,
    explain: bool,
    deadline: &Deadline,
) -> Value {
    let mut v = json!({
        "status": r.status,
        "er": null,
        "ep": null,
        "ed": null,
        "hardest": r.hardest_step().map(|h| h.technique.name),
        "scale": "hodoku",
        "hodoku_level": r.level.map(Level::name),
        "hodoku_score": r.score,
        "steps": r.path.len(),
        "seed_level": seed_level_within(puzzle, &deadline.left()),
        "qqwing": qqwing_class_within(puzzle, &deadline.left()).map(Qqwing::name),
        "micros": r.micros,
        "puzzle": puzzle.to_line(),
    });
    if explain {
        let n = puzzle.size();
        let cand = |c: &Candidate| json!({"cell": format!("r{}c{}", c.cell.index() / n + 1, c.cell.index() % n + 1), "digit": c.digit.get()});
        v["hardest_step"] = r.hardest_step().map_or(Value::Null, |s| {
            json!({
                "technique": s.technique.name,
                "level": s.technique.level.name(),
                "score": s.technique.score,
                "text": s.text,
                "placements": s.placements.iter().map(cand).collect::<Vec<_>>(),
                "removals": s.eliminations.iter().map(cand).collect::<Vec<_>>(),
            })
        });
    }
    v
}
