//! `hint`: the next step for a puzzle or a person's partly solved grid, at three levels of
//! detail, and its record.
//!
//! Design decision: the three levels are three renderings of one step (as HoDoKu's hint
//! ladder): the technique's name, then where to look, then the whole step; wrong entries are
//! named before any step, since no technique is sound on a grid that contradicts its solution,
//! and pencil marks that leave out a needed digit are refused as `explain` refuses them
//! ([`pencil_refusal`]).

use serde::Serialize;
use serde_json::{Value, json};
use sudokit_core::{Budget, Cell, Grid, House, HouseKind, Layout};
use sudokit_logic::render::{cell_name, cells_name, house_name, step_json, step_line};
use sudokit_logic::{CandidateGrid, Deadline, LogicSolver, Step};

use crate::truth::{Truth, pencil_refusal, truth, wrong_entries};
use crate::{Refusal, RefusalStatus};

/// How a hint ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HintStatus {
    /// A step was found.
    Hint,
    /// The grid is already solved.
    Solved,
    /// No technique applies.
    Stuck,
    /// The time budget ran out before a step was found.
    Stopped,
    /// Some of the person's entries are wrong.
    WrongEntries,
    /// The grid has no solution and no single entry explains it.
    Unsolvable,
}

impl HintStatus {
    /// The word printed.
    pub fn as_str(self) -> &'static str {
        match self {
            HintStatus::Hint => "hint",
            HintStatus::Solved => "solved",
            HintStatus::Stuck => "stuck",
            HintStatus::Stopped => "stopped",
            HintStatus::WrongEntries => "wrong-entries",
            HintStatus::Unsolvable => "unsolvable",
        }
    }
}

/// The hint sentence at `level` (1: the technique, 2: also where, 3: the whole step).
///
/// Level 2 names the house the step lies in; for a naked single, which has none, the box (or
/// jigsaw region) of its cell, so the hint narrows the search without giving the cell away;
/// otherwise the digit, or the cell the step turns on. When only the explained trial is left,
/// the hint says so instead of naming "Trial and Error" as if it were a pattern to spot (and
/// HoDoKu's Brute Force placement, the last resort of its order, is named for what it is).
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
    if step.technique.id == "guess" && !step.placements.is_empty() {
        // HoDoKu's order ends in its Brute Force: the solution's digit placed outright.
        let base = "None of the techniques in use gets any further here: the next step is \
                    HoDoKu's Brute Force (the solution's digit is placed in the middle empty \
                    cell, without a reason a person could follow)";
        return match (level, cell) {
            (2, Some(c)) => format!("{base}. It goes into {}.", cell_name(l, c)),
            _ => format!("{base}."),
        };
    }
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
    let where_ = if let Some(&h) = hint_houses(l, step).first() {
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

/// The houses a level-2 hint points to: the step's own, or for a naked single (which has none)
/// the box or jigsaw region of its cell, so the text and the shading agree.
pub fn hint_houses(l: &Layout, step: &Step) -> Vec<House> {
    if !step.highlight.houses.is_empty() || step.technique.id != "naked-single" {
        return step.highlight.houses.clone();
    }
    let region = |c: Cell| {
        l.houses_of(c)
            .iter()
            .copied()
            .find(|&h| matches!(l.house_kind(h), HouseKind::Box(_) | HouseKind::Region(_)))
    };
    step.placements
        .first()
        .and_then(|p| region(p.cell))
        .into_iter()
        .collect()
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
    /// How it ended.
    pub status: HintStatus,
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
            HintStatus::WrongEntries
                | HintStatus::Unsolvable
                | HintStatus::Stuck
                | HintStatus::Stopped
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
                    hint_houses(l, s)
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
///
/// The whole run — the engine's count of solutions, the check of the entries and the search
/// for a step — fits in `budget`'s time ([`crate::within_budget`]).
pub fn hint(
    g: &CandidateGrid,
    solver: &LogicSolver,
    level: u8,
    givens: Option<&Grid>,
    budget: &Budget,
) -> Result<Hint, Refusal> {
    crate::within_budget(budget, |b| hint_within(g, solver, level, givens, b)).0
}

fn hint_within(
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
            wrong_entries(g, givens, budget).map_err(|e| Refusal::new(RefusalStatus::Invalid, e))?
        }
        _ => Vec::new(),
    };
    let (status, text, step) = if !wrong.is_empty() {
        (
            HintStatus::WrongEntries,
            format!(
                "Some entries are wrong: {}. Clear them before going on.",
                cells_name(l, &wrong)
            ),
            None,
        )
    } else if matches!(truth_g, Truth::None) {
        (
            HintStatus::Unsolvable,
            "This grid has no solution, and no single entry explains it: check the givens."
                .to_string(),
            None,
        )
    } else {
        if matches!(truth_g, Truth::Several) {
            solver.options.uniqueness = false;
        }
        // No step is sound on marks that leave out a needed digit: refused as `explain` does.
        let solution = match &truth_g {
            Truth::Unique(sol) => Some(sol),
            _ => None,
        };
        pencil_refusal(g, solution)?;
        if g.is_solved() {
            (HintStatus::Solved, "The grid is solved.".to_string(), None)
        } else {
            let deadline = Deadline::from_budget(budget);
            match solver.next_step_before(g, &deadline) {
                Some(step) => {
                    // A forcing contradiction or verity is told as the few facts it needs.
                    let step = crate::net::retold(g, step);
                    (HintStatus::Hint, hint_text(l, &step, level), Some(step))
                }
                None if deadline.passed() => (
                    HintStatus::Stopped,
                    "The time budget ran out before a step was found.".to_string(),
                    None,
                ),
                None => (
                    HintStatus::Stuck,
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
        // HoDoKu's Brute Force places a digit: named as such, never as a trial.
        let brute = |level: u8| {
            let step = Step::new(lookup("guess").unwrap().info()).place(c, d);
            hint_text(l, &step, level)
        };
        assert!(
            brute(1).contains("Brute Force") && !brute(1).contains("trial"),
            "{}",
            brute(1)
        );
        assert!(brute(2).ends_with("It goes into r2c2."), "{}", brute(2));
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
}
