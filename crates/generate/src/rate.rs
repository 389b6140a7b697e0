//! Difficulty: the rater boundary and the targets a generated puzzle must meet.
//!
//! Design decision: the SE-scale rating sits behind the small [`Rater`] trait. [`SeRater`] is
//! the logic crate's Sudoku Explainer–compatible rater ([`sudokit_logic::se`]) with the
//! techniques SE's own generator uses (up to dynamic forcing chains "(+)", nesting level 1);
//! it stops as soon as a step rates above the target's upper bound ("stop a rating early once
//! it is out of range"), as SE's generator does. [`ProvisionalSe`], the logic crate's path in
//! SE's order rated by its hardest step, stays as a cheaper approximation. The other
//! targets (HoDoKu level, qqwing class, seed level, technique used, hardest technique allowed)
//! are computed with the `logic` crate's own functions, each only when asked for.

use sudokit_core::{Budget, Grid};
use sudokit_logic::levels::{Qqwing, hodoku_level, qqwing_class, seed_level};
use sudokit_logic::solver::{LogicSolver, Order, PathStatus};
use sudokit_logic::technique::{Level, Technique};
use sudokit_logic::{CandidateGrid, Deadline, Memory, Path};

use crate::GenError;

/// The outcome of rating a puzzle on the SE scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The hardest step's rating so far (the rating when `complete`).
    pub se: f32,
    /// Whether the whole path was rated (false: stopped early above the bound, or stuck).
    pub complete: bool,
}

/// Rates a puzzle on the Sudoku Explainer scale. See the module docs.
pub trait Rater: Send + Sync {
    /// A short name for output (`provisional-se`).
    fn name(&self) -> &'static str;
    /// Rates `puzzle`; may stop as soon as the rating exceeds `stop_above`.
    fn rate(&self, puzzle: &Grid, stop_above: Option<f32>) -> Rating;
    /// The highest rating this rater can give.
    fn max_rating(&self) -> f32;
    /// The lowest rating this rater gives a puzzle with an empty cell [default: 0].
    fn min_rating(&self) -> f32 {
        0.0
    }
}

/// Sudoku Explainer's rating (SE 1.2.1 scale) with the techniques SE's generator uses.
#[derive(Debug, Clone)]
pub struct SeRater {
    /// Highest nesting level of dynamic forcing chains (SE's generator: 1).
    pub max_level: u32,
}

impl Default for SeRater {
    fn default() -> SeRater {
        SeRater { max_level: 1 }
    }
}

impl Rater for SeRater {
    fn name(&self) -> &'static str {
        "se121"
    }

    fn rate(&self, puzzle: &Grid, stop_above: Option<f32>) -> Rating {
        let opts = sudokit_logic::se::RateOptions {
            max_level: self.max_level,
            stop_above: stop_above.map(f64::from),
            ..Default::default()
        };
        let r = sudokit_logic::se::rate(puzzle, &opts);
        match r.er {
            Some(er) => Rating {
                se: er as f32,
                complete: true,
            },
            None => Rating {
                // Above the bound: the step that went over it, or a lower bound of it when
                // only techniques rated above the bound were left.
                se: r
                    .above
                    .or(r.hardest.map(|h| h.rating))
                    .map_or(0.0, |x| x as f32),
                complete: false,
            },
        }
    }

    fn max_rating(&self) -> f32 {
        // Dynamic forcing chains (+): 9.0 plus the length increment.
        9.0 + 0.5 + 0.5 * self.max_level.saturating_sub(1) as f32 + 1.5
    }

    fn min_rating(&self) -> f32 {
        // A full house (the last empty cell of a house), SE's cheapest step.
        1.0
    }
}

/// An approximation of the SE scale over the `logic` crate: the hardest step of its path in
/// SE's order.
#[derive(Debug)]
pub struct ProvisionalSe {
    solver: LogicSolver,
    budget_steps: usize,
}

impl Default for ProvisionalSe {
    fn default() -> ProvisionalSe {
        ProvisionalSe {
            solver: LogicSolver::new(Order::Se),
            budget_steps: 5000,
        }
    }
}

impl Rater for ProvisionalSe {
    fn name(&self) -> &'static str {
        "provisional-se"
    }

    fn rate(&self, puzzle: &Grid, stop_above: Option<f32>) -> Rating {
        let mut g = CandidateGrid::new(puzzle);
        // One memory for the path, as the solver lends its finders.
        let memory = Memory::new();
        let mut hardest = 0.0f32;
        for _ in 0..self.budget_steps {
            if g.contradiction().is_some() {
                break;
            }
            if g.is_solved() {
                return Rating {
                    se: hardest,
                    complete: true,
                };
            }
            let Some(step) = self.solver.next_step_in(&g, &Deadline::none(), &memory) else {
                break;
            };
            hardest = hardest.max(step.se);
            if stop_above.is_some_and(|m| hardest > m + 1e-4) {
                break;
            }
            g.apply(&step);
        }
        Rating {
            se: hardest,
            complete: false,
        }
    }

    fn max_rating(&self) -> f32 {
        self.solver
            .techniques()
            .iter()
            .map(|t| t.info().se)
            .fold(0.0, f32::max)
    }

    fn min_rating(&self) -> f32 {
        self.solver
            .techniques()
            .iter()
            .map(|t| t.info().se)
            .fold(f32::INFINITY, f32::min)
    }
}

/// Rounds a rating to one decimal, as SE prints it.
pub fn round1(x: f32) -> f32 {
    (x * 10.0).round() / 10.0
}

/// Difficulty targets; `Default` asks for none.
#[derive(Clone, Default)]
pub struct Target {
    /// SE-scale rating range (inclusive, one decimal).
    pub rating: Option<(f32, f32)>,
    /// HoDoKu level.
    pub level: Option<Level>,
    /// qqwing class.
    pub qqwing: Option<Qqwing>,
    /// Seed `001`'s level.
    pub seed_level: Option<usize>,
    /// A technique the HoDoKu-order path must use (sudokit's order for a technique HoDoKu
    /// lacks).
    pub technique: Option<&'static dyn Technique>,
    /// The hardest technique allowed: every step of the HoDoKu-order path comes at or before
    /// it in HoDoKu's solving order.
    pub max_technique: Option<&'static dyn Technique>,
}

impl std::fmt::Debug for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Target")
            .field("rating", &self.rating)
            .field("level", &self.level)
            .field("qqwing", &self.qqwing)
            .field("seed_level", &self.seed_level)
            .field("technique", &self.technique.map(|t| t.info().id))
            .field("max_technique", &self.max_technique.map(|t| t.info().id))
            .finish()
    }
}

/// What was measured about a puzzle's difficulty (each only when a target or output needs it).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Measured {
    /// SE-scale rating (hardest step), one decimal; `None` when stopped early or not rated.
    pub se: Option<f32>,
    /// HoDoKu level name.
    pub hodoku_level: Option<&'static str>,
    /// HoDoKu score.
    pub hodoku_score: Option<u32>,
    /// qqwing class name.
    pub qqwing: Option<&'static str>,
    /// Seed `001` level.
    pub seed_level: Option<usize>,
}

impl Target {
    /// Whether any target is set.
    pub fn is_set(&self) -> bool {
        self.rating.is_some()
            || self.level.is_some()
            || self.qqwing.is_some()
            || self.seed_level.is_some()
            || self.technique.is_some()
            || self.max_technique.is_some()
    }

    /// Checks the targets against what the rater can reach; errors up front.
    pub fn validate(&self, rater: &dyn Rater) -> Result<(), GenError> {
        if let Some((a, b)) = self.rating {
            if a.is_nan() || b.is_nan() || a > b || a < 0.0 {
                return Err(GenError::BadTarget(format!(
                    "rating range {a}..{b} is empty"
                )));
            }
            let min = rater.min_rating();
            if b < min - 1e-4 {
                return Err(GenError::BadTarget(format!(
                    "rating range {a}..{b} is below every puzzle: the lowest rating {} gives is {min:.1}",
                    rater.name()
                )));
            }
            let max = rater.max_rating();
            if a > max + 1e-4 {
                return Err(GenError::BadTarget(format!(
                    "rating {a} is beyond the techniques: the highest rating {} gives is {max:.1}",
                    rater.name()
                )));
            }
        }
        if self.seed_level == Some(0) {
            return Err(GenError::BadTarget("seed levels start at 1".into()));
        }
        if let (Some(t), Some(m)) = (self.technique, self.max_technique)
            && t.info().hodoku_order > m.info().hodoku_order
        {
            return Err(GenError::BadTarget(format!(
                "--technique {} comes after --max-technique {} in the solving order",
                t.info().id,
                m.info().id
            )));
        }
        Ok(())
    }

    /// The SE distance of `se` from the rating range (0 inside); used by neighbourhood search.
    pub fn rating_distance(&self, se: f32) -> f32 {
        match self.rating {
            None => 0.0,
            Some((a, b)) => {
                if se < a - 1e-4 {
                    a - se
                } else if se > b + 1e-4 {
                    se - b
                } else {
                    0.0
                }
            }
        }
    }

    /// Checks `puzzle` (unique) against every target, measuring what the targets need; the
    /// rating is measured (and stopped early) first because it is what usually fails.
    pub fn check(&self, puzzle: &Grid, rater: &dyn Rater) -> (bool, Measured) {
        let mut m = Measured::default();
        if let Some((a, b)) = self.rating {
            let r = rater.rate(puzzle, Some(b));
            if !r.complete {
                return (false, m);
            }
            let se = round1(r.se);
            m.se = Some(se);
            if se < a - 1e-4 || se > b + 1e-4 {
                return (false, m);
            }
        }
        if let Some(q) = self.qqwing {
            let got = qqwing_class(puzzle);
            m.qqwing = Some(got.name());
            if got != q {
                return (false, m);
            }
        }
        if let Some(s) = self.seed_level {
            let got = seed_level(puzzle);
            m.seed_level = got;
            if got != Some(s) {
                return (false, m);
            }
        }
        if self.level.is_some() || self.technique.is_some() || self.max_technique.is_some() {
            let path = hodoku_path(puzzle);
            if let Some((lv, score)) = hodoku_level(&path) {
                m.hodoku_level = Some(lv.name());
                m.hodoku_score = Some(score);
            }
            if let Some(l) = self.level
                && hodoku_level(&path).map(|(lv, _)| lv) != Some(l)
            {
                return (false, m);
            }
            // A technique HoDoKu lacks (WXYZ-wing, aligned pair exclusion …) is never in the
            // HoDoKu-order path: such targets are judged on sudokit's own order.
            let lacks =
                |t: &Option<&'static dyn Technique>| t.is_some_and(|t| t.info().hodoku.is_none());
            let sudokit_path;
            let path = if lacks(&self.technique) || lacks(&self.max_technique) {
                sudokit_path = LogicSolver::new(Order::Sudokit).solve(puzzle, &Budget::nodes(5000));
                &sudokit_path
            } else {
                &path
            };
            if let Some(t) = self.technique
                && !path.steps.iter().any(|s| s.technique.id == t.info().id)
            {
                return (false, m);
            }
            if let Some(mx) = self.max_technique {
                let limit = mx.info().hodoku_order;
                if path.status != PathStatus::Solved
                    || path.steps.iter().any(|s| s.technique.hodoku_order > limit)
                {
                    return (false, m);
                }
            }
        }
        (true, m)
    }
}

/// The HoDoKu-order path used for levels and technique targets.
pub fn hodoku_path(puzzle: &Grid) -> Path {
    hodoku_path_within(puzzle, &crate::unique::Halt::default())
}

/// [`hodoku_path`] stopped (unsolved, so above every level) once `halt`'s deadline passes or
/// its flag is set: a generator's budget reaches the level measurements of its removal pass.
pub fn hodoku_path_within(puzzle: &Grid, halt: &crate::unique::Halt) -> Path {
    let budget = Budget {
        nodes: Some(5000),
        time: halt
            .deadline
            .map(|d| d.saturating_duration_since(std::time::Instant::now())),
        cancel: halt.cancel.clone(),
    };
    LogicSolver::new(Order::Hodoku).solve(puzzle, &budget)
}

/// Parses a HoDoKu level name (easy, medium, hard, unfair, extreme).
pub fn parse_level(s: &str) -> Result<Level, String> {
    Ok(match s.to_ascii_lowercase().as_str() {
        "easy" => Level::Easy,
        "medium" => Level::Medium,
        "hard" => Level::Hard,
        "unfair" => Level::Unfair,
        "extreme" => Level::Extreme,
        _ => {
            return Err(format!(
                "unknown HoDoKu level '{s}' (easy, medium, hard, unfair, extreme)"
            ));
        }
    })
}

/// Parses a qqwing class name (simple, easy, intermediate, expert).
pub fn parse_qqwing(s: &str) -> Result<Qqwing, String> {
    Ok(match s.to_ascii_lowercase().as_str() {
        "simple" => Qqwing::Simple,
        "easy" => Qqwing::Easy,
        "intermediate" => Qqwing::Intermediate,
        "expert" => Qqwing::Expert,
        _ => {
            return Err(format!(
                "unknown qqwing class '{s}' (simple, easy, intermediate, expert)"
            ));
        }
    })
}

/// Parses a technique name (id, HoDoKu code or display name).
pub fn parse_technique(s: &str) -> Result<&'static dyn Technique, String> {
    sudokit_logic::techniques::lookup(s)
        .ok_or_else(|| format!("unknown technique '{s}' (see `sudokit techniques`)"))
}
