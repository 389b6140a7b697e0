//! The generator: a full grid, clue removal by symmetry orbits with a uniqueness check after
//! each removal, then the givens, minimality and difficulty filters, and neighbourhood search
//! for rating targets that rejection sampling rarely hits.
//!
//! Design decision: one [`Generator`] is validated once ([`Generator::new`] rejects impossible
//! combinations up front: a symmetry the layout does not allow, a givens range or pattern no
//! orbit sum or no unique puzzle can meet, a rating outside the techniques' range, a target no
//! puzzle of the layout reaches, a pattern that breaks the symmetry) and then makes each puzzle from nothing but a `u64` seed ([`Generator::generate`]),
//! so puzzles are reproducible one by one and can be made on any number of threads. Removal
//! visits the orbits once in random order and keeps an orbit when removing it loses
//! uniqueness; since removing more givens never restores uniqueness, one pass leaves a puzzle
//! from which no orbit can be removed (minimal with respect to the symmetry; with no symmetry,
//! minimal outright). `--minimal` additionally demands that no *single* given can go, which
//! symmetric puzzles often fail; those are drawn again.
//!
//! The module is split along the generator's seams: the configuration, its validation and the
//! records in `config`, the removal pass in `removal` (with its helper threads in `ahead`),
//! the strict-minimality repair in `minimal`, and the neighbourhood search for rating targets
//! in `neighbourhood`; this file holds [`Generator::generate`], which strings them together.

mod ahead;
mod config;
mod level;
mod minimal;
mod neighbourhood;
mod removal;

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use sudokit_core::Grid;

use crate::GenError;
use crate::fill::{random_grid_within, root_solution};
use crate::jigsaw::random_layout;
use crate::rate::{Measured, Rater, SeRater, hodoku_path_within, round1};
use crate::rng::Rng;
use crate::symmetry::Symmetry;
use crate::unique::{Checker, Count, Halt};
use sudokit_logic::levels::hodoku_level;

/// How long past its budget a level-guided pass the budget stopped may take to measure the
/// level it reached (see [`Config::keep_unfinished`]).
const UNFINISHED_LEVEL_GRACE: std::time::Duration = std::time::Duration::from_millis(500);

pub use config::{Config, Generated, LayoutChoice, fewest_possible_givens, parse_pattern};
pub use minimal::MINIMAL_PATIENCE;
pub use removal::reduce;

/// A validated generator. See the module docs.
pub struct Generator {
    config: Config,
    orbits: Vec<Vec<usize>>,
    checker: Option<Checker>,
    rater: Box<dyn Rater>,
}

impl std::fmt::Debug for Generator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Generator")
            .field("config", &self.config)
            .field("rater", &self.rater.name())
            .finish()
    }
}

impl Generator {
    /// Validates `config` with the SE-compatible rater ([`SeRater`]).
    pub fn new(config: Config) -> Result<Generator, GenError> {
        Generator::with_rater(config, Box::new(SeRater::default()))
    }

    /// Validates `config` with a given rater (the swap point for an SE-compatible rater).
    pub fn with_rater(config: Config, rater: Box<dyn Rater>) -> Result<Generator, GenError> {
        let (side, checker) = config.validate(rater.as_ref())?;
        let orbits = config.symmetry.orbits(side);
        Ok(Generator {
            config,
            orbits,
            checker,
            rater,
        })
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The rater used for `--rating`.
    pub fn rater(&self) -> &dyn Rater {
        self.rater.as_ref()
    }

    /// Makes one puzzle from `seed`; `Err(GenError::Budget)` when the per-puzzle budget ran out.
    pub fn generate(&self, seed: u64) -> Result<Generated, GenError> {
        let start = Instant::now();
        let cfg = &self.config;
        let out_of_time = || {
            cfg.budget.time.is_some_and(|t| start.elapsed() >= t)
                || cfg
                    .budget
                    .cancel
                    .as_ref()
                    .is_some_and(|c| c.load(Ordering::Relaxed))
        };
        self.generate_until(seed, start, &out_of_time)
    }

    /// [`Generator::generate`] with its stop test given (the budget's clock and cancel flag
    /// there; a counter in tests, so a budget can run out at a chosen point without a clock).
    fn generate_until(
        &self,
        seed: u64,
        start: Instant,
        out_of_time: &dyn Fn() -> bool,
    ) -> Result<Generated, GenError> {
        let mut rng = Rng::new(seed);
        let cfg = &self.config;
        // Whether an unfinished removal pass may be kept (see `Config::keep_unfinished`).
        let may_keep = cfg.keep_unfinished
            && cfg.givens.is_none()
            && cfg.pattern.is_none()
            && !cfg.target.is_set();
        // A level target above 9×9 stops its removal pass at the level (see `level`): a pass
        // the budget ends first is kept too, at the level it reached (its record says which).
        let may_keep_level = cfg.keep_unfinished
            && cfg.givens.is_none()
            && cfg.pattern.is_none()
            && cfg.target.rating.is_none()
            && cfg.target.qqwing.is_none()
            && cfg.target.seed_level.is_none()
            && cfg.target.technique.is_none()
            && cfg.target.max_technique.is_none();
        // Full grids drawn (the count `--stats` and the budget message report).
        let mut attempts = 0u64;
        let mut jigsaw_failures = 0u64;
        // The budget's deadline and cancel flag reach inside every engine check, so one long
        // check (a 16×16 `sat` search) cannot overrun the budget; `out_of_time` is asked
        // between checks.
        let halt = Halt {
            deadline: cfg.budget.time.map(|t| start + t),
            cancel: cfg.budget.cancel.clone(),
        };
        let shared = self.checker.as_ref().map(|c| c.halted_by(halt.clone()));
        loop {
            if out_of_time() || cfg.max_grids.is_some_and(|m| attempts >= m) {
                return Err(GenError::Budget { attempts });
            }
            let (layout, own_checker) = match &cfg.layout {
                LayoutChoice::Fixed(l) => (l.clone(), None),
                LayoutChoice::RandomJigsaw { n, extras } => {
                    let l = Arc::new(random_layout(*n, &mut rng)?.with_extras(extras));
                    let c = Checker::new(l.clone()).halted_by(halt.clone());
                    (l, Some(c))
                }
            };
            let checker = own_checker
                .as_ref()
                .or(shared.as_ref())
                .expect("a checker for the layout");
            let solution = if cfg.root {
                root_solution(&layout)?
            } else {
                // A random jigsaw map up to 9×9 whose randomised fill stalls is replaced by
                // another map (as it always was, so seeded runs replay); larger maps, fixed
                // layouts, and the 1,000th stalled map go to the engines.
                let redraw = jigsaw_failures < 1000
                    && matches!(cfg.layout, LayoutChoice::RandomJigsaw { n, .. } if n <= 9);
                match random_grid_within(&layout, &mut rng, 20, !redraw, &cfg.budget, start) {
                    Ok(g) => g,
                    Err(GenError::Budget { .. }) => return Err(GenError::Budget { attempts }),
                    // A random jigsaw map without any grid: draw another map.
                    Err(GenError::NoGrid { .. } | GenError::Stalled { .. })
                        if matches!(cfg.layout, LayoutChoice::RandomJigsaw { .. })
                            && jigsaw_failures < 1000 =>
                    {
                        jigsaw_failures += 1;
                        continue;
                    }
                    Err(e) => return Err(e),
                }
            };
            attempts += 1;
            let sol = solution.values();
            let mut values: Vec<u8>;
            // Whether the removal pass stopped at a level target (the puzzle is then not
            // minimal in general).
            let mut guided = false;
            // Whether the budget ended the removal pass and the puzzle reached was kept.
            let mut unfinished = false;
            if let Some(p) = &cfg.pattern {
                values = sol
                    .iter()
                    .zip(p)
                    .map(|(&v, &g)| if g { v } else { 0 })
                    .collect();
                if checker.count(&values) != Count::Unique {
                    continue;
                }
            } else {
                values = sol.to_vec();
                let mut order: Vec<usize> = (0..self.orbits.len()).collect();
                rng.shuffle(&mut order);
                let (lo, hi) = match (cfg.givens, cfg.minimal) {
                    (Some((a, _)), true) => (a, 0),
                    (Some((a, b)), false) => (a, b),
                    (None, _) => (0, 0),
                };
                // A level target above 9×9: removal stops at the level (see `level`).
                let guided_level = cfg
                    .target
                    .level
                    .filter(|_| !cfg.minimal && layout.size() > 9);
                if let Some(target) = guided_level {
                    guided = true;
                    let reached = self.reduce_to_level(
                        &mut values,
                        sol,
                        &order,
                        checker,
                        (lo, hi),
                        target,
                        out_of_time,
                        &halt,
                    );
                    match reached {
                        Some(true) => {}
                        Some(false) => continue,
                        None if may_keep_level => unfinished = true,
                        None => return Err(GenError::Budget { attempts }),
                    }
                } else if !reduce(
                    &mut values,
                    sol,
                    &self.orbits,
                    &order,
                    checker,
                    lo,
                    hi,
                    out_of_time,
                ) {
                    if !may_keep {
                        return Err(GenError::Budget { attempts });
                    }
                    unfinished = true;
                }
            }
            // A symmetric puzzle asked to be strictly minimal is repaired by orbit moves
            // rather than drawn again above 9×9, where a grid and its removal pass cost
            // milliseconds and hardly any orbit-minimal puzzle is minimal (on 9×9 and below
            // drawing again is cheaper).
            let mut proven_minimal = false;
            if cfg.minimal
                && !unfinished
                && cfg.symmetry != Symmetry::None
                && cfg.pattern.is_none()
                && layout.size() > 9
            {
                match self.make_minimal(&mut values, sol, checker, &mut rng, out_of_time) {
                    Some(true) => proven_minimal = true,
                    Some(false) => continue,
                    None => return Err(GenError::Budget { attempts }),
                }
            }
            let fits = if unfinished {
                Some(true)
            } else if proven_minimal {
                Some(self.in_givens_range(&values))
            } else {
                self.fits(&values, sol, checker, out_of_time)
            };
            match fits {
                Some(true) => {}
                Some(false) => continue,
                None => return Err(GenError::Budget { attempts }),
            }
            let mut puzzle = Grid::from_values(layout.clone(), values.clone());
            let mut measured = Measured::default();
            if unfinished {
                // The budget stopped a level-guided pass: the level reached, measured within
                // a short grace (a full measure of a sparse 16×16 can take many seconds).
                let grace = Halt {
                    deadline: Some(Instant::now() + UNFINISHED_LEVEL_GRACE),
                    cancel: cfg.budget.cancel.clone(),
                };
                if let Some((lv, score)) = hodoku_level(&hodoku_path_within(&puzzle, &grace)) {
                    measured.hodoku_level = Some(lv.name());
                    measured.hodoku_score = Some(score);
                }
            } else if cfg.target.is_set() {
                let (ok, m) = cfg.target.check(&puzzle, self.rater.as_ref());
                measured = m;
                if !ok {
                    let found = if cfg.target.rating.is_some() && cfg.pattern.is_none() {
                        self.neighbourhood(&values, sol, checker, &layout, &mut rng, out_of_time)
                    } else {
                        None
                    };
                    match found {
                        Some((v, m)) => {
                            values = v;
                            puzzle = Grid::from_values(layout.clone(), values.clone());
                            measured = m;
                        }
                        None => continue,
                    }
                }
            }
            let givens = values.iter().filter(|&&v| v != 0).count();
            // Strict minimality of a symmetric (or patterned, or ranged) puzzle is checked for
            // the record; when the budget runs out first it stays unknown.
            let minimal = if unfinished {
                None
            } else if cfg.minimal
                || (cfg.symmetry == Symmetry::None
                    && cfg.pattern.is_none()
                    && cfg.givens.is_none()
                    && !guided)
            {
                Some(true)
            } else if cfg.report_minimal {
                checker.is_minimal_with_solution_until(&values, sol, out_of_time)
            } else {
                None
            };
            return Ok(Generated {
                puzzle,
                solution,
                givens,
                symmetry: cfg.symmetry,
                seed,
                minimal,
                measured,
                attempts,
                unfinished,
            });
        }
    }

    /// Whether a unique puzzle meets the givens range and, when asked, is minimal; `None`
    /// when `stop` ended the minimality check.
    fn fits(
        &self,
        values: &[u8],
        solution: &[u8],
        checker: &Checker,
        stop: &dyn Fn() -> bool,
    ) -> Option<bool> {
        if !self.in_givens_range(values) {
            return Some(false);
        }
        if !self.config.minimal {
            return Some(true);
        }
        checker.is_minimal_with_solution_until(values, solution, stop)
    }

    /// Whether the puzzle's number of givens is in the configured range (if any).
    fn in_givens_range(&self, values: &[u8]) -> bool {
        let givens = values.iter().filter(|&&v| v != 0).count();
        self.config
            .givens
            .is_none_or(|(a, b)| (a..=b).contains(&givens))
    }

    /// Rates a finished puzzle fully (for output when no rating target was set).
    pub fn rate(&self, puzzle: &Grid) -> Option<f32> {
        let r = self.rater.rate(puzzle, None);
        r.complete.then_some(round1(r.se))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell as Calls;
    use sudokit_core::{Layout, Request, Solver};
    use sudokit_engines::Dlx;

    /// A stop test that says "stop" from its `after`-th call on: a budget that runs out at a
    /// chosen point of the removal pass, with no clock.
    fn stop_after(after: u32) -> impl Fn() -> bool {
        let calls = Calls::new(0u32);
        move || {
            calls.set(calls.get() + 1);
            calls.get() >= after
        }
    }

    /// `made` is unique by dlx (an engine the generator did not use), with its solution.
    fn assert_unique_by_dlx(made: &Generated) {
        let r = Dlx::new()
            .solve(&made.puzzle, &Request::count(2, 1))
            .unwrap();
        assert_eq!(r.count, 1, "unique");
        assert_eq!(r.solutions[0].values(), made.solution.values());
    }

    /// With `keep_unfinished`, a budget that runs out in the middle of the removal pass gives
    /// the puzzle reached: unique by an engine the generator did not use (dlx), with the
    /// generator's solution, marked unfinished and of unknown minimality. Without it, or with
    /// a givens range it could not keep, the budget error stays.
    #[test]
    fn an_unfinished_removal_pass_is_kept_only_when_asked() {
        let layout = Arc::new(Layout::standard(16).unwrap());
        let mut config = Config::new(layout.clone());
        config.keep_unfinished = true;
        let generator = Generator::new(config.clone()).unwrap();
        let made = generator
            .generate_until(7, Instant::now(), &stop_after(40))
            .expect("the puzzle reached is kept");
        assert!(made.unfinished);
        assert_eq!(made.minimal, None);
        let givens = made.puzzle.values().iter().filter(|&&v| v != 0).count();
        assert_eq!(made.givens, givens);
        assert!(
            (256 - 39..256).contains(&givens),
            "{givens} givens: at most 39 single cells removed"
        );
        assert_unique_by_dlx(&made);

        config.keep_unfinished = false;
        let generator = Generator::new(config.clone()).unwrap();
        let e = generator.generate_until(7, Instant::now(), &stop_after(40));
        assert!(matches!(e, Err(GenError::Budget { .. })), "{e:?}");

        config.keep_unfinished = true;
        config.givens = Some((100, 120));
        let generator = Generator::new(config).unwrap();
        let e = generator.generate_until(7, Instant::now(), &stop_after(40));
        assert!(matches!(e, Err(GenError::Budget { .. })), "{e:?}");
    }

    /// A 16×16 level target whose removal pass the budget stops is kept the same way, at the
    /// level it reached (measured and reported), only when asked and only for a level alone:
    /// unique by dlx with the generator's solution; with an SE rating range beside the level
    /// the budget error stays.
    #[test]
    fn an_unfinished_level_pass_is_kept_at_the_level_it_reached() {
        let mut config = Config::new(Arc::new(Layout::standard(16).unwrap()));
        config.target.level = Some(crate::rate::parse_level("hard").unwrap());
        config.keep_unfinished = true;
        let made = Generator::new(config.clone())
            .unwrap()
            .generate_until(2, Instant::now(), &stop_after(40))
            .expect("the puzzle reached is kept");
        assert!(made.unfinished);
        assert_eq!(made.minimal, None);
        assert!(made.measured.hodoku_level.is_some(), "{:?}", made.measured);
        assert_unique_by_dlx(&made);

        for rating in [None, Some((1.0, 11.0))] {
            let mut c = config.clone();
            c.keep_unfinished = rating.is_some();
            c.target.rating = rating;
            let e = Generator::new(c)
                .unwrap()
                .generate_until(2, Instant::now(), &stop_after(40));
            assert!(matches!(e, Err(GenError::Budget { .. })), "{e:?}");
        }
    }

    /// A pass the budget does not stop is never marked unfinished.
    #[test]
    fn a_finished_pass_is_not_unfinished() {
        let mut config = Config::new(Arc::new(Layout::standard(9).unwrap()));
        config.keep_unfinished = true;
        let made = Generator::new(config).unwrap().generate(3).unwrap();
        assert!(!made.unfinished);
        assert_eq!(made.minimal, Some(true));
    }
}
