//! What to generate and what comes out: [`Config`] (with its validation), [`LayoutChoice`],
//! [`Generated`], the givens floor and HoDoKu-style given patterns.
//!
//! Design decision: every check that can reject a configuration lives here, next to the fields
//! it reads, and runs once when a [`Generator`](crate::Generator) is built; the generation
//! modules then trust the configuration and never report a usage error mid-run.

use std::sync::Arc;

use sudokit_core::{Budget, Grid, Layout};

use crate::GenError;
use crate::fill::root_solution;
use crate::rate::{Measured, Rater, Target};
use crate::symmetry::{Symmetry, reachable_counts};
use crate::unique::Checker;
use sudokit_logic::levels::Qqwing;
use sudokit_logic::technique::Level;

/// Which layout puzzles are made for.
#[derive(Clone, Debug)]
pub enum LayoutChoice {
    /// One fixed layout.
    Fixed(Arc<Layout>),
    /// A fresh random jigsaw map of side `n` per puzzle, with these extras.
    RandomJigsaw {
        /// Side.
        n: usize,
        /// Extra rules.
        extras: Vec<sudokit_core::Extra>,
    },
}

/// What to generate. `Config::new(layout)` asks for unique puzzles, no symmetry, no targets.
#[derive(Clone, Debug)]
pub struct Config {
    /// The layout.
    pub layout: LayoutChoice,
    /// Symmetry of the givens.
    pub symmetry: Symmetry,
    /// Inclusive range of the number of givens.
    pub givens: Option<(usize, usize)>,
    /// Demand that removing any single given makes the puzzle ambiguous.
    pub minimal: bool,
    /// Fixed given positions (N² flags), HoDoKu's pattern mode.
    pub pattern: Option<Vec<bool>>,
    /// Start from seed `002`'s root solution instead of a random grid.
    pub root: bool,
    /// Difficulty targets.
    pub target: Target,
    /// Neighbourhood moves tried from each found puzzle when a rating target is missed
    /// (0 = plain rejection sampling) [default: 300].
    pub neighbourhood: usize,
    /// Budget per puzzle (time and/or cancel flag; nodes are ignored: [`Config::max_grids`] is
    /// the count that stops at the same point on every machine).
    pub budget: Budget,
    /// Full grids a puzzle may draw before it gives up with `GenError::Budget` (an attempt
    /// budget for targets that are possible but rare) [default: none].
    pub max_grids: Option<u64>,
    /// Check strict minimality for [`Generated::minimal`] when it is not implied (symmetric,
    /// patterned or ranged puzzles without `minimal`) [default: true]. A caller that never
    /// reads the field turns it off: on 180° 9×9 puzzles the check is about a fifth of the time.
    pub report_minimal: bool,
    /// When the budget runs out during the removal pass, return the unique puzzle the pass
    /// had reached ([`Generated::unfinished`], minimality unknown) instead of
    /// `GenError::Budget` — for a player who asked for a puzzle, not for a count of givens.
    /// Only without a givens range, a pattern or difficulty targets, whose promises an
    /// unfinished pass cannot keep — except a HoDoKu level alone above 9×9, whose removal pass
    /// stops at the level: a pass the budget ends first is kept at the level it reached
    /// ([`Generated::measured`] names it) [default: false].
    pub keep_unfinished: bool,
}

impl Config {
    /// Unique puzzles of `layout`, no symmetry, no targets, no budget.
    pub fn new(layout: Arc<Layout>) -> Config {
        Config {
            layout: LayoutChoice::Fixed(layout),
            symmetry: Symmetry::None,
            givens: None,
            minimal: false,
            pattern: None,
            root: false,
            target: Target::default(),
            neighbourhood: 300,
            budget: Budget::default(),
            max_grids: None,
            report_minimal: true,
            keep_unfinished: false,
        }
    }

    /// Checks that puzzles can be made as asked with `rater` (the checks of
    /// [`Generator::with_rater`](crate::Generator::with_rater), in this order): the symmetry
    /// fits the layout, the givens range can be met by some orbit sum and some unique puzzle,
    /// the pattern fits the grid, the symmetry, the givens floor and the givens range, seed
    /// `002`'s root solution exists, and the targets are within the rater's and the layout's
    /// reach. Returns the grid's side
    /// and, for a fixed layout, its uniqueness checker.
    pub(super) fn validate(&self, rater: &dyn Rater) -> Result<(usize, Option<Checker>), GenError> {
        let (side, checker) = match &self.layout {
            LayoutChoice::Fixed(l) => {
                self.symmetry
                    .check_layout(l)
                    .map_err(GenError::BadSymmetry)?;
                (l.size(), Some(Checker::new(l.clone())))
            }
            LayoutChoice::RandomJigsaw { n, .. } => {
                if self.symmetry != Symmetry::None {
                    return Err(GenError::BadSymmetry(format!(
                        "symmetry {} needs a region map with that symmetry; random jigsaw maps have none (give a symmetric map with --regions)",
                        self.symmetry
                    )));
                }
                if self.root {
                    return Err(GenError::Unsupported(
                        "--root needs n x n boxes, not a jigsaw".into(),
                    ));
                }
                if !(4..=64).contains(n) {
                    return Err(GenError::Unsupported(format!("jigsaw side {n} (4..=64)")));
                }
                (*n, None)
            }
        };
        let cells = side * side;
        if let Some((a, b)) = self.givens {
            if a > b {
                return Err(GenError::BadGivens(format!("range {a}..{b} is empty")));
            }
            if a > cells {
                return Err(GenError::BadGivens(format!(
                    "{a} givens do not fit a grid of {cells} cells"
                )));
            }
            let floor = self.fewest_givens();
            if b < floor {
                return Err(GenError::BadGivens(format!(
                    "no unique puzzle of this layout has {b} or fewer givens (at least {floor})"
                )));
            }
            let can = reachable_counts(self.symmetry, side);
            if !(a..=b.min(cells)).any(|k| can[k]) {
                return Err(GenError::BadGivens(format!(
                    "no {} pattern has {a}..{b} givens (its orbits have sizes that cannot add up to any count in range)",
                    self.symmetry
                )));
            }
        }
        if let Some(p) = &self.pattern {
            if p.len() != cells {
                return Err(GenError::BadPattern(format!(
                    "pattern has {} cells, the grid {cells}",
                    p.len()
                )));
            }
            let flags: Vec<u8> = p.iter().map(|&g| u8::from(g)).collect();
            if !self.symmetry.holds(&flags, side) {
                return Err(GenError::BadPattern(format!(
                    "pattern is not {}-symmetric",
                    self.symmetry
                )));
            }
            let k = p.iter().filter(|&&g| g).count();
            let floor = self.fewest_givens();
            if k < floor {
                return Err(GenError::BadPattern(format!(
                    "pattern has {k} givens; no unique puzzle of this layout has fewer than {floor}"
                )));
            }
            if let Some((a, b)) = self.givens
                && !(a..=b).contains(&k)
            {
                return Err(GenError::BadPattern(format!(
                    "pattern has {k} givens, outside --givens {a}..{b}"
                )));
            }
        }
        if self.root
            && let LayoutChoice::Fixed(l) = &self.layout
        {
            root_solution(l)?;
        }
        self.target.validate(rater)?;
        self.targets_within_reach(side)?;
        Ok((side, checker))
    }

    /// The fewest givens a unique puzzle of the layout can have ([`fewest_possible_givens`];
    /// N−1 for random jigsaw maps).
    fn fewest_givens(&self) -> usize {
        match &self.layout {
            LayoutChoice::Fixed(l) => fewest_possible_givens(l),
            LayoutChoice::RandomJigsaw { n, .. } => n.saturating_sub(1),
        }
    }

    /// Rejects difficulty targets no puzzle of the layout meets: a seed level above one plus
    /// the most empty cells a unique puzzle can have (each guess fills a cell), and on plain
    /// 4×4 anything beyond singles — every unique 4×4 puzzle (90,034 of them on the two
    /// essentially different grids, all checked) is HoDoKu easy, qqwing simple, seed level 1
    /// and rated at most 2.3.
    fn targets_within_reach(&self, side: usize) -> Result<(), GenError> {
        let t = &self.target;
        let most = 1 + side * side - self.fewest_givens().min(side * side);
        if let Some(s) = t.seed_level
            && s > most
        {
            return Err(GenError::BadTarget(format!(
                "seed level {s} needs more guesses than a {side}x{side} puzzle has empty cells (at most level {most})"
            )));
        }
        let plain4 = matches!(&self.layout, LayoutChoice::Fixed(l)
            if l.size() == 4 && l.box_shape() == Some((2, 2)) && l.extras().is_empty());
        if !plain4 {
            return Ok(());
        }
        let beyond = |what: String| {
            Err(GenError::BadTarget(format!(
                "{what}: singles solve every 4x4 puzzle (all unique 4x4 puzzles are HoDoKu easy, qqwing simple, seed level 1, rated at most 2.3)"
            )))
        };
        if let Some(l) = t.level
            && l != Level::Easy
        {
            return beyond(format!("no 4x4 puzzle is HoDoKu {}", l.name()));
        }
        if let Some(q) = t.qqwing
            && q != Qqwing::Simple
        {
            return beyond(format!("no 4x4 puzzle is qqwing {}", q.name()));
        }
        if let Some(s) = t.seed_level
            && s > 1
        {
            return beyond(format!("no 4x4 puzzle has seed level {s}"));
        }
        if let Some((a, _)) = t.rating
            && a > 2.3 + 1e-4
        {
            return beyond(format!("no 4x4 puzzle is rated {a} or more"));
        }
        Ok(())
    }
}

/// A generated puzzle and what is known about it.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its unique solution.
    pub solution: Grid,
    /// Number of givens.
    pub givens: usize,
    /// The symmetry class it was made with.
    pub symmetry: Symmetry,
    /// The seed that reproduces it.
    pub seed: u64,
    /// Whether it is minimal (no single given removable): checked, or implied by a full
    /// removal pass without symmetry; `None` when the budget ran out during the check or
    /// the check was not asked for ([`Config::report_minimal`] off).
    pub minimal: Option<bool>,
    /// Difficulty measured for the targets (and the SE-scale rating when asked).
    pub measured: Measured,
    /// Full grids drawn before this puzzle was found.
    pub attempts: u64,
    /// The budget ran out during the removal pass and [`Config::keep_unfinished`] kept the
    /// puzzle reached: unique (every removal was checked), but some givens may still be
    /// removable (`minimal` is `None`), and a level asked for may not be reached yet
    /// (`measured.hodoku_level` is the puzzle's own).
    pub unfinished: bool,
}

/// The fewest givens a unique puzzle of this layout can have, as far as sudokit knows: 17 for
/// plain 9×9 (McGuire et al. 2012), 4 for plain 4×4 (every 3-given 4×4 puzzle was checked),
/// otherwise N−1 (a puzzle missing two digits entirely has two solutions: swap them).
pub fn fewest_possible_givens(layout: &Layout) -> usize {
    if layout.is_standard_9x9() {
        17
    } else if layout.size() == 4 && layout.box_shape() == Some((2, 2)) && layout.extras().is_empty()
    {
        4
    } else {
        layout.size().saturating_sub(1)
    }
}

/// Parses a pattern of given positions (HoDoKu style): any of `.`, `0`, `-`, `_` is an empty
/// cell, any other visible character a given; whitespace, `|`, `+`, `=`, separator lines made
/// of those and `-`, and `#` comment lines are ignored. Needs exactly `n²` cells.
pub fn parse_pattern(text: &str, n: usize) -> Result<Vec<bool>, GenError> {
    let cells: Vec<bool> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter(|l| {
            !l.chars()
                .all(|c| c.is_whitespace() || matches!(c, '-' | '+' | '|' | '='))
        })
        .flat_map(|l| l.chars())
        .filter(|c| !c.is_whitespace() && !matches!(c, '|' | '+' | '='))
        .map(|c| !matches!(c, '.' | '0' | '-' | '_'))
        .collect();
    if cells.len() != n * n {
        return Err(GenError::BadPattern(format!(
            "pattern has {} cells, expected {} ({n}x{n})",
            cells.len(),
            n * n
        )));
    }
    Ok(cells)
}
