//! The generator: a full grid, clue removal by symmetry orbits with a uniqueness check after
//! each removal, then the givens, minimality and difficulty filters, and neighbourhood search
//! for rating targets that rejection sampling rarely hits.
//!
//! Design decision: one [`Generator`] is validated once ([`Generator::new`] rejects impossible
//! combinations up front: a symmetry the layout does not allow, a givens range no orbit sum or
//! no unique puzzle can meet, a rating beyond the techniques, a pattern that breaks the
//! symmetry) and then makes each puzzle from nothing but a `u64` seed ([`Generator::generate`]),
//! so puzzles are reproducible one by one and can be made on any number of threads. Removal
//! visits the orbits once in random order and keeps an orbit when removing it loses
//! uniqueness; since removing more givens never restores uniqueness, one pass leaves a puzzle
//! from which no orbit can be removed (minimal with respect to the symmetry; with no symmetry,
//! minimal outright). `--minimal` additionally demands that no *single* given can go, which
//! symmetric puzzles often fail; those are drawn again.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

use sudokit_core::{Budget, Grid, Layout};

use crate::GenError;
use crate::fill::{random_grid, root_solution};
use crate::jigsaw::random_layout;
use crate::rate::{Measured, Rater, SeRater, Target, round1};
use crate::rng::Rng;
use crate::singles9::Singles9;
use crate::swap::SwapSets;
use crate::symmetry::{Symmetry, reachable_counts};
use crate::unique::{Checker, Count, Verdict, Witnesses, forced_by_singles};
use sudokit_fast::{Fast, Givens};

/// Orbit moves the strict-minimality repair (`--minimal` with a symmetry above 9×9) tries on
/// one grid without lowering the number of unneeded givens before a new grid is drawn.
pub const MINIMAL_PATIENCE: usize = 50;

/// Orbits one move may put back while it restores uniqueness.
const MINIMAL_ADDED: usize = 6;

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
    /// Budget per puzzle (time and/or cancel flag; nodes are ignored).
    pub budget: Budget,
    /// Check strict minimality for [`Generated::minimal`] when it is not implied (symmetric,
    /// patterned or ranged puzzles without `minimal`) [default: true]. A caller that never
    /// reads the field turns it off: on 180° 9×9 puzzles the check is about a fifth of the time.
    pub report_minimal: bool,
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
            report_minimal: true,
        }
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
}

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

/// The fewest givens a unique puzzle of this layout can have, as far as sudokit knows: 17 for
/// plain 9×9 (McGuire et al. 2012), otherwise N−1 (a puzzle missing two digits entirely has
/// two solutions: swap them).
pub fn fewest_possible_givens(layout: &Layout) -> usize {
    if layout.is_standard_9x9() {
        17
    } else {
        layout.size().saturating_sub(1)
    }
}

impl Generator {
    /// Validates `config` with the SE-compatible rater ([`SeRater`]).
    pub fn new(config: Config) -> Result<Generator, GenError> {
        Generator::with_rater(config, Box::new(SeRater::default()))
    }

    /// Validates `config` with a given rater (the swap point for an SE-compatible rater).
    pub fn with_rater(config: Config, rater: Box<dyn Rater>) -> Result<Generator, GenError> {
        let (side, checker) = match &config.layout {
            LayoutChoice::Fixed(l) => {
                config
                    .symmetry
                    .check_layout(l)
                    .map_err(GenError::BadSymmetry)?;
                (l.size(), Some(Checker::new(l.clone())))
            }
            LayoutChoice::RandomJigsaw { n, .. } => {
                if config.symmetry != Symmetry::None {
                    return Err(GenError::BadSymmetry(format!(
                        "symmetry {} needs a region map with that symmetry; random jigsaw maps have none (give a symmetric map with --regions)",
                        config.symmetry
                    )));
                }
                if config.root {
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
        let orbits = config.symmetry.orbits(side);
        if let Some((a, b)) = config.givens {
            if a > b {
                return Err(GenError::BadGivens(format!("range {a}..{b} is empty")));
            }
            if a > cells {
                return Err(GenError::BadGivens(format!(
                    "{a} givens do not fit a grid of {cells} cells"
                )));
            }
            let floor = match &config.layout {
                LayoutChoice::Fixed(l) => fewest_possible_givens(l),
                LayoutChoice::RandomJigsaw { n, .. } => n - 1,
            };
            if b < floor {
                return Err(GenError::BadGivens(format!(
                    "no unique puzzle of this layout has {b} or fewer givens (at least {floor})"
                )));
            }
            let can = reachable_counts(config.symmetry, side);
            if !(a..=b.min(cells)).any(|k| can[k]) {
                return Err(GenError::BadGivens(format!(
                    "no {} pattern has {a}..{b} givens (its orbits have sizes that cannot add up to any count in range)",
                    config.symmetry
                )));
            }
        }
        if let Some(p) = &config.pattern {
            if p.len() != cells {
                return Err(GenError::BadPattern(format!(
                    "pattern has {} cells, the grid {cells}",
                    p.len()
                )));
            }
            let flags: Vec<u8> = p.iter().map(|&g| u8::from(g)).collect();
            if !config.symmetry.holds(&flags, side) {
                return Err(GenError::BadPattern(format!(
                    "pattern is not {}-symmetric",
                    config.symmetry
                )));
            }
            let k = p.iter().filter(|&&g| g).count();
            if let Some((a, b)) = config.givens
                && !(a..=b).contains(&k)
            {
                return Err(GenError::BadPattern(format!(
                    "pattern has {k} givens, outside --givens {a}..{b}"
                )));
            }
        }
        if config.root
            && let LayoutChoice::Fixed(l) = &config.layout
        {
            root_solution(l)?;
        }
        config.target.validate(rater.as_ref())?;
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
        let mut rng = Rng::new(seed);
        let cfg = &self.config;
        let out_of_time = || {
            cfg.budget.time.is_some_and(|t| start.elapsed() >= t)
                || cfg
                    .budget
                    .cancel
                    .as_ref()
                    .is_some_and(|c| c.load(Ordering::Relaxed))
        };
        let mut attempts = 0u64;
        let mut jigsaw_failures = 0u64;
        loop {
            if out_of_time() {
                return Err(GenError::Budget { attempts });
            }
            attempts += 1;
            let (layout, own_checker) = match &cfg.layout {
                LayoutChoice::Fixed(l) => (l.clone(), None),
                LayoutChoice::RandomJigsaw { n, extras } => {
                    let l = Arc::new(random_layout(*n, &mut rng)?.with_extras(extras));
                    let c = Checker::new(l.clone());
                    (l, Some(c))
                }
            };
            let checker = own_checker
                .as_ref()
                .or(self.checker.as_ref())
                .expect("a checker for the layout");
            let solution = if cfg.root {
                root_solution(&layout)?
            } else {
                match random_grid(&layout, &mut rng, 20) {
                    Ok(g) => g,
                    Err(e) => {
                        if matches!(cfg.layout, LayoutChoice::RandomJigsaw { .. }) {
                            jigsaw_failures += 1;
                            if jigsaw_failures < 1000 {
                                continue;
                            }
                        }
                        return Err(e);
                    }
                }
            };
            let sol = solution.values();
            let mut values: Vec<u8>;
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
                if !reduce(
                    &mut values,
                    sol,
                    &self.orbits,
                    &order,
                    checker,
                    lo,
                    hi,
                    &out_of_time,
                ) {
                    return Err(GenError::Budget { attempts });
                }
            }
            // A symmetric puzzle asked to be strictly minimal is repaired by orbit moves
            // rather than drawn again above 9×9, where a grid and its removal pass cost
            // milliseconds and hardly any orbit-minimal puzzle is minimal (on 9×9 and below
            // drawing again is cheaper).
            let mut proven_minimal = false;
            if cfg.minimal
                && cfg.symmetry != Symmetry::None
                && cfg.pattern.is_none()
                && layout.size() > 9
            {
                match self.make_minimal(&mut values, sol, checker, &mut rng, &out_of_time) {
                    Some(true) => proven_minimal = true,
                    Some(false) => continue,
                    None => return Err(GenError::Budget { attempts }),
                }
            }
            let fits = if proven_minimal {
                Some(self.in_givens_range(&values))
            } else {
                self.fits(&values, sol, checker, &out_of_time)
            };
            match fits {
                Some(true) => {}
                Some(false) => continue,
                None => return Err(GenError::Budget { attempts }),
            }
            let mut puzzle = Grid::from_values(layout.clone(), values.clone());
            let mut measured = Measured::default();
            if cfg.target.is_set() {
                let (ok, m) = cfg.target.check(&puzzle, self.rater.as_ref());
                measured = m;
                if !ok {
                    let found = if cfg.target.rating.is_some() && cfg.pattern.is_none() {
                        self.neighbourhood(&values, sol, checker, &layout, &mut rng, &out_of_time)
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
            let minimal = if cfg.minimal
                || (cfg.symmetry == Symmetry::None && cfg.pattern.is_none() && cfg.givens.is_none())
            {
                Some(true)
            } else if cfg.report_minimal {
                checker.is_minimal_with_solution_until(&values, sol, &out_of_time)
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

    /// Turns a unique puzzle from which no orbit can go (`values`, solution `sol`) into a
    /// strictly minimal one with the same symmetry, by orbit moves: while some given is not
    /// proven needed, take out its orbit, put back orbits through cells where a second
    /// solution of the smaller puzzle differs from `sol` until it is unique again, remove
    /// orbits once more in random order, and keep the result when it has no more unneeded
    /// givens than before. `Some(true)`: `values` is now minimal (every given proven needed
    /// by a second solution); `Some(false)`: [`MINIMAL_PATIENCE`] moves in a row did not
    /// lower the number of unneeded givens (the caller draws a new grid); `None`: `stop` said
    /// yes.
    ///
    /// Design decision: the orbits put back are chosen from a second solution rather than at
    /// random, since a random orbit rarely restores uniqueness (measured on 16×16 180°: a
    /// random {-1+1} move was kept about once in a hundred tries).
    fn make_minimal(
        &self,
        values: &mut Vec<u8>,
        sol: &[u8],
        checker: &Checker,
        rng: &mut Rng,
        stop: &dyn Fn() -> bool,
    ) -> Option<bool> {
        let mut orbit_of = vec![0usize; values.len()];
        for (o, orbit) in self.orbits.iter().enumerate() {
            for &i in orbit {
                orbit_of[i] = o;
            }
        }
        let lo = self.config.givens.map_or(0, |(a, _)| a);
        let mut witnesses = Witnesses::default();
        let swaps = SwapSets::new(checker.layout(), sol);
        let mut unneeded = self.unneeded_givens(
            values,
            sol,
            checker,
            swaps.as_ref(),
            &mut witnesses,
            &[],
            usize::MAX,
            stop,
        )?;
        // Moves since the number of unneeded givens last went down.
        let mut idle = 0;
        while !unneeded.is_empty() {
            if idle == MINIMAL_PATIENCE {
                return Some(false);
            }
            idle += 1;
            if stop() {
                return None;
            }
            let out = &self.orbits[orbit_of[*rng.pick(&unneeded)]];
            let mut cand = values.clone();
            for &i in out {
                cand[i] = 0;
            }
            let mut unique = false;
            for _ in 0..MINIMAL_ADDED {
                match checker.other_solution(&cand, out, sol) {
                    (Verdict::Unique, _) => {
                        unique = true;
                        break;
                    }
                    (Verdict::Several, Some(other)) => {
                        witnesses.add(&other, sol);
                        // Cells where the other solution differs are empty; those of the
                        // orbit just taken out would only undo the move.
                        let differ: Vec<usize> = (0..cand.len())
                            .filter(|&i| other[i] != sol[i] && !out.contains(&i))
                            .collect();
                        if differ.is_empty() {
                            break;
                        }
                        for &i in &self.orbits[orbit_of[*rng.pick(&differ)]] {
                            cand[i] = sol[i];
                        }
                    }
                    _ => break,
                }
            }
            if !unique {
                continue;
            }
            let mut order: Vec<usize> = (0..self.orbits.len()).collect();
            rng.shuffle(&mut order);
            self.reduce_with_witnesses(
                &mut cand,
                sol,
                &order,
                checker,
                swaps.as_ref(),
                lo,
                &mut witnesses,
                stop,
            )?;
            let next = self.unneeded_givens(
                &cand,
                sol,
                checker,
                swaps.as_ref(),
                &mut witnesses,
                &unneeded,
                unneeded.len(),
                stop,
            )?;
            if next.len() <= unneeded.len() {
                if next.len() < unneeded.len() {
                    idle = 0;
                }
                *values = cand;
                unneeded = next;
            }
        }
        Some(true)
    }

    /// The givens of the unique puzzle `values` (solution `sol`) that are not proven needed,
    /// stopping early once there are more than `at_most` (the list then has `at_most + 1`
    /// entries). A given is needed when a solution other than `sol` agrees with every other
    /// given: the `witnesses` are asked first (no search), then per given the cheap tests
    /// (a naked single forcing it back proves it unneeded, a swap set through it needed) and
    /// a search whose second solution joins the witnesses. The givens of `first` (the last
    /// list) are asked before the others, so a worse puzzle is rejected early. An empty list
    /// proves the puzzle minimal. `None` when `stop` said yes before the list was complete.
    #[allow(clippy::too_many_arguments)]
    fn unneeded_givens(
        &self,
        values: &[u8],
        sol: &[u8],
        checker: &Checker,
        swaps: Option<&SwapSets>,
        witnesses: &mut Witnesses,
        first: &[usize],
        at_most: usize,
        stop: &dyn Fn() -> bool,
    ) -> Option<Vec<usize>> {
        let layout = checker.layout();
        let (mut stack, mut seen) = (Vec::new(), Vec::new());
        let mut needed = vec![false; values.len()];
        witnesses.mark_needed(values, &mut needed);
        let mut asked = vec![false; values.len()];
        let mut v = values.to_vec();
        let mut out = Vec::new();
        for i in first.iter().copied().chain(0..values.len()) {
            if v[i] == 0 || needed[i] || asked[i] {
                continue;
            }
            asked[i] = true;
            if stop() {
                return None;
            }
            v[i] = 0;
            let verdict = match cheap_verdict(layout, &v, sol, &[i], swaps, &mut stack, &mut seen) {
                Some(verdict) => verdict,
                None => {
                    let (verdict, other) = checker.other_solution(&v, &[i], sol);
                    if let Some(other) = other {
                        witnesses.add(&other, sol);
                    }
                    verdict
                }
            };
            v[i] = values[i];
            if verdict != Verdict::Several {
                out.push(i);
                if out.len() > at_most {
                    break;
                }
            }
        }
        Some(out)
    }

    /// The removal pass of [`reduce`] for [`Generator::make_minimal`]'s moves: an orbit is
    /// kept when a witness (a second solution met before) still solves the puzzle without it,
    /// with no search; otherwise the cheap tests, then a search whose second solution joins
    /// the witnesses. After a move most orbits are proven needed by witnesses. `None` when
    /// `stop` said yes (the puzzle is then unique but not reduced).
    #[allow(clippy::too_many_arguments)]
    fn reduce_with_witnesses(
        &self,
        values: &mut [u8],
        sol: &[u8],
        order: &[usize],
        checker: &Checker,
        swaps: Option<&SwapSets>,
        lo: usize,
        witnesses: &mut Witnesses,
        stop: &dyn Fn() -> bool,
    ) -> Option<()> {
        let layout = checker.layout();
        let (mut stack, mut seen) = (Vec::new(), Vec::new());
        let mut givens = values.iter().filter(|&&v| v != 0).count();
        for &o in order {
            let orbit = &self.orbits[o];
            if values[orbit[0]] == 0 || givens - orbit.len() < lo {
                continue;
            }
            if stop() {
                return None;
            }
            if witnesses.solves_without(values, orbit) {
                continue;
            }
            let saved: Vec<u8> = orbit.iter().map(|&i| values[i]).collect();
            for &i in orbit {
                values[i] = 0;
            }
            let verdict =
                match cheap_verdict(layout, values, sol, orbit, swaps, &mut stack, &mut seen) {
                    Some(v) => v,
                    None => {
                        let (v, other) = checker.other_solution(values, orbit, sol);
                        if let Some(other) = other {
                            witnesses.add(&other, sol);
                        }
                        v
                    }
                };
            if verdict == Verdict::Unique {
                givens -= orbit.len();
            } else {
                for (&i, &v) in orbit.iter().zip(&saved) {
                    values[i] = v;
                }
            }
        }
        Some(())
    }

    /// Rates a finished puzzle fully (for output when no rating target was set).
    pub fn rate(&self, puzzle: &Grid) -> Option<f32> {
        let r = self.rater.rate(puzzle, None);
        r.complete.then_some(round1(r.se))
    }

    /// {-1+1} / {-2+2} moves by orbits from `start` (unique, solution `sol`), climbing towards
    /// the rating range: remove k given orbits, add k empty orbits with the solution's digits,
    /// keep the move when still unique (and minimal / in the givens range as configured) and
    /// no further from the range.
    fn neighbourhood(
        &self,
        start: &[u8],
        sol: &[u8],
        checker: &Checker,
        layout: &Arc<Layout>,
        rng: &mut Rng,
        out_of_time: &dyn Fn() -> bool,
    ) -> Option<(Vec<u8>, Measured)> {
        let cfg = &self.config;
        let target = &cfg.target;
        let (_, hi) = target.rating?;
        let grid_of = |v: &[u8]| Grid::from_values(layout.clone(), v.to_vec());
        let distance = |v: &[u8]| {
            let r = self.rater.rate(&grid_of(v), Some(hi + 1.0));
            target.rating_distance(round1(r.se))
        };
        let mut cur = start.to_vec();
        let mut cur_d = distance(&cur);
        let swaps = SwapSets::new(layout, sol);
        let (mut stack, mut seen) = (Vec::new(), Vec::new());
        for _ in 0..cfg.neighbourhood {
            if out_of_time() {
                return None;
            }
            let k = 1 + rng.below(2);
            let (given, empty): (Vec<usize>, Vec<usize>) =
                (0..self.orbits.len()).partition(|&o| cur[self.orbits[o][0]] != 0);
            if given.len() < k || empty.len() < k {
                continue;
            }
            let mut cand = cur.clone();
            let mut g = given;
            let mut e = empty;
            rng.shuffle(&mut g);
            rng.shuffle(&mut e);
            let removed: Vec<usize> = g[..k]
                .iter()
                .flat_map(|&o| self.orbits[o].iter().copied())
                .collect();
            for &i in &removed {
                cand[i] = 0;
            }
            for &o in &e[..k] {
                for &i in &self.orbits[o] {
                    cand[i] = sol[i];
                }
            }
            // `cur` is unique and the added givens come from its solution, so a second
            // solution of `cand` must differ from `sol` in a removed cell: the exclusion
            // searches of `stays_unique` decide it (cheaper than counting to two).
            // A two-digit swap set through a removed cell proves "no" without a search.
            if swaps.as_ref().is_some_and(|sw| {
                removed
                    .iter()
                    .any(|&i| sw.breaks_uniqueness(layout, sol, &cand, i, &mut stack, &mut seen))
            }) || !checker.stays_unique(&cand, &removed, sol)
            {
                continue;
            }
            if cfg.minimal || cfg.givens.is_none() {
                let mut order: Vec<usize> = (0..self.orbits.len()).collect();
                rng.shuffle(&mut order);
                let lo = cfg.givens.map_or(0, |(a, _)| a);
                if !reduce(
                    &mut cand,
                    sol,
                    &self.orbits,
                    &order,
                    checker,
                    lo,
                    0,
                    out_of_time,
                ) {
                    return None;
                }
            }
            match self.fits(&cand, sol, checker, out_of_time) {
                Some(true) => {}
                Some(false) => continue,
                None => return None,
            }
            let d = distance(&cand);
            if d <= cur_d {
                cur = cand;
                cur_d = d;
                if d == 0.0 {
                    let (ok, m) = target.check(&grid_of(&cur), self.rater.as_ref());
                    if ok {
                        return Some((cur, m));
                    }
                }
            }
        }
        None
    }
}

/// Whether the givens alone force `cell` (empty) by a naked single: its peers' givens show
/// every digit but one. When every cell of a removed orbit is forced this way, the smaller
/// puzzle forces them straight back, so it is exactly as unique as before — no search needed.
fn forced(values: &[u8], cell: usize, layout: &Layout) -> bool {
    let mut seen = 0u64;
    for p in layout.peers(sudokit_core::Cell(cell as u16)) {
        let v = values[p.index()];
        if v != 0 {
            seen |= 1u64 << (v - 1);
        }
    }
    seen.count_ones() as usize + 1 == layout.size()
}

/// Removes orbits in `order` while the puzzle stays unique (see `forced` for the shortcut
/// that skips the engine while the grid is still full enough). Stops once at most `hi` givens are
/// left (`hi == 0`: no stop, a full pass) and never goes below `lo` givens. `values` must be
/// unique with solution `solution`. `stop` is asked before each orbit (a pass over a 25×25
/// grid takes minutes); when it says yes the pass ends there and `false` is returned — the
/// puzzle is then still unique, but not reduced as asked.
///
/// On grids whose checks go to the `sat` fallback (16×16 and up), when called inside a rayon
/// pool of several threads, helper threads check the orbits ahead of the pass, each against
/// the puzzle as it stands (the private `Ahead` explains when their verdicts are used); the
/// result is the same puzzle as the one-thread pass.
#[allow(clippy::too_many_arguments)]
pub fn reduce(
    values: &mut [u8],
    solution: &[u8],
    orbits: &[Vec<usize>],
    order: &[usize],
    checker: &Checker,
    lo: usize,
    hi: usize,
    stop: &dyn Fn() -> bool,
) -> bool {
    let layout = checker.layout();
    let width = if !layout.is_standard_9x9()
        && checker.has_fallback()
        && rayon::current_thread_index().is_some()
    {
        rayon::current_num_threads()
    } else {
        1
    };
    if width < 2 {
        return reduce_with(values, solution, orbits, order, checker, lo, hi, stop, None);
    }
    let swaps = SwapSets::new(layout, solution);
    let ahead = Ahead {
        checker,
        solution,
        orbits,
        order,
        swaps: swaps.as_ref(),
        window: 64 * width,
        state: Mutex::new(AheadState {
            values: Arc::new(values.to_vec()),
            removals: 0,
            at: 0,
            taken: vec![false; order.len()],
            verdicts: vec![None; order.len()],
            done: false,
            failed: false,
        }),
        changed: Condvar::new(),
    };
    let ahead = &ahead;
    rayon::in_place_scope(|s| {
        for _ in 1..width {
            s.spawn(move |_| ahead.help());
        }
        // Helpers stop when the pass ends, also when it panics (the scope then waits for them
        // before passing the panic on).
        let _finish = Finish(ahead);
        reduce_with(
            values,
            solution,
            orbits,
            order,
            checker,
            lo,
            hi,
            stop,
            Some(ahead),
        )
    })
}

/// [`reduce`], with helper threads checking ahead when `ahead` is given.
#[allow(clippy::too_many_arguments)]
fn reduce_with(
    values: &mut [u8],
    solution: &[u8],
    orbits: &[Vec<usize>],
    order: &[usize],
    checker: &Checker,
    lo: usize,
    hi: usize,
    stop: &dyn Fn() -> bool,
    ahead: Option<&Ahead<'_>>,
) -> bool {
    let mut givens = values.iter().filter(|&&v| v != 0).count();
    let mut saved = Vec::new();
    let layout = checker.layout();
    let (mut stack, mut seen) = (Vec::new(), Vec::new());
    let mut singles = layout.is_standard_9x9().then(|| Singles9::new(values));
    // Swap sets (on layouts with only houses): on 9×9 walked on masks, with the solution's
    // digits as masks; elsewhere cell by cell.
    let swap_houses = !layout.has_pair_constraints();
    let grid = singles
        .as_ref()
        .filter(|_| swap_houses)
        .map(|_| Singles9::new(solution));
    let swaps = if grid.is_none() {
        SwapSets::new(layout, solution)
    } else {
        None
    };
    // The `fast` engine's view of the puzzle, kept in step with `values` like `singles`.
    let mut board = if checker.is_fast9() {
        <&[u8; 81]>::try_from(&*values).ok().and_then(Givens::new)
    } else {
        None
    };
    for (pos, &o) in order.iter().enumerate() {
        if hi > 0 && givens <= hi {
            break;
        }
        if stop() {
            return false;
        }
        let orbit = &orbits[o];
        if values[orbit[0]] == 0 || givens - orbit.len() < lo {
            continue;
        }
        if let Some(a) = ahead {
            a.at(pos);
        }
        saved.clear();
        saved.extend(orbit.iter().map(|&i| values[i]));
        for (&i, &v) in orbit.iter().zip(&saved) {
            values[i] = 0;
            if let Some(s) = &mut singles {
                s.set(i, v, 0);
            }
            if let Some(g) = &mut board {
                g.set(i, 0);
            }
        }
        let removable = if singles.is_none() {
            // Every layout but standard 9×9: the cheap tests, then the engine (side by side
            // with the next orbits' checks when that pays).
            let cheap = cheap_verdict(
                layout,
                values,
                solution,
                orbit,
                swaps.as_ref(),
                &mut stack,
                &mut seen,
            );
            match cheap {
                Some(v) => v == Verdict::Unique,
                None => match ahead {
                    Some(a) => a.engine(values, pos) == Verdict::Unique,
                    None => checker.stays_unique(values, orbit, solution),
                },
            }
        } else {
            // Cheapest first: givens that force the removed cells back by a single prove
            // "unique"; a swap set proves "not unique"; then an engine decides.
            let forced_back = singles.as_ref().is_some_and(|s| s.force(orbit, solution));
            forced_back
                || !match (&singles, &grid) {
                    (Some(s), Some(g)) => {
                        orbit.iter().any(|&i| s.swap_set_empty(i, solution[i], g))
                    }
                    _ => swaps.as_ref().is_some_and(|sw| {
                        orbit.iter().any(|&i| {
                            sw.breaks_uniqueness(layout, solution, values, i, &mut stack, &mut seen)
                        })
                    }),
                } && ((!checker.is_fast9() && forced_by_singles(layout, values, orbit))
                    || match (&mut board, &mut singles) {
                        (Some(g), Some(s)) if orbit.len() > 1 => {
                            stays_unique_orbit(g, s, orbit, solution)
                        }
                        (Some(g), _) => checker.stays_unique_givens(g, orbit, solution),
                        _ => checker.stays_unique(values, orbit, solution),
                    })
        };
        if removable {
            givens -= orbit.len();
            if let Some(a) = ahead {
                a.removed(values);
            }
        } else {
            for (&i, &v) in orbit.iter().zip(&saved) {
                values[i] = v;
                if let Some(s) = &mut singles {
                    s.set(i, 0, v);
                }
                if let Some(g) = &mut board {
                    g.set(i, v);
                }
            }
        }
    }
    true
}

/// The cheap tests of a removal on layouts other than standard 9×9 (`values` has the orbit
/// cleared): every removed cell forced back by its peers proves "unique"; a two-digit swap
/// set through a removed cell proves "several"; naked and hidden singles from the givens that
/// fill the removed cells prove "unique". `None`: an engine must decide.
fn cheap_verdict(
    layout: &Layout,
    values: &[u8],
    solution: &[u8],
    orbit: &[usize],
    swaps: Option<&SwapSets>,
    stack: &mut Vec<u32>,
    seen: &mut Vec<bool>,
) -> Option<Verdict> {
    if orbit.iter().all(|&i| forced(values, i, layout)) {
        return Some(Verdict::Unique);
    }
    if swaps.is_some_and(|sw| {
        orbit
            .iter()
            .any(|&i| sw.breaks_uniqueness(layout, solution, values, i, stack, seen))
    }) {
        return Some(Verdict::Several);
    }
    forced_by_singles(layout, values, orbit).then_some(Verdict::Unique)
}

/// Checks run ahead of the removal pass on large grids, by helper threads.
///
/// Design decision: while the pass decides one orbit, helpers check the next orbits of the
/// order, each against the puzzle as it stands (the orbits being decided still given), and
/// keep each verdict with the number of removals made when it was computed. At an orbit's
/// turn the pass uses a kept verdict when no orbit was removed since it was computed (it
/// answered exactly the question the one-thread pass asks) and a [`Verdict::Several`] in any
/// case: the second solution it found also solves every puzzle with fewer givens. Otherwise
/// it checks the orbit itself. So the pass makes the same puzzle on any number of threads;
/// and since on 25×25 about nine checks in ten that reach the engine find a second solution,
/// few helper checks are wasted. A pipeline, not batches: the checks' times are heavy-tailed,
/// and a batch would wait for its slowest member.
struct Ahead<'a> {
    checker: &'a Checker,
    solution: &'a [u8],
    orbits: &'a [Vec<usize>],
    order: &'a [usize],
    swaps: Option<&'a SwapSets>,
    /// How far past the pass's position helpers may work.
    window: usize,
    state: Mutex<AheadState>,
    changed: Condvar,
}

struct AheadState {
    /// The puzzle as the pass has decided it so far.
    values: Arc<Vec<u8>>,
    /// Orbits removed so far.
    removals: usize,
    /// The position the pass is deciding; helpers take later ones.
    at: usize,
    /// Per position: taken by a helper or the pass.
    taken: Vec<bool>,
    /// Per position: a verdict and the removal count it was computed at.
    verdicts: Vec<Option<(Verdict, usize)>>,
    /// The pass is over: helpers stop.
    done: bool,
    /// A check on a helper thread panicked: the pass stops waiting for helpers (the scope
    /// passes the panic on when it ends).
    failed: bool,
}

/// Ends the helpers when dropped.
struct Finish<'a>(&'a Ahead<'a>);

impl Drop for Finish<'_> {
    fn drop(&mut self) {
        self.0.finish();
    }
}

/// Marks the pass as failed when a helper's check unwinds.
struct Failed<'a>(&'a Ahead<'a>);

impl Drop for Failed<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.lock().failed = true;
            self.0.changed.notify_all();
        }
    }
}

impl<'a> Ahead<'a> {
    fn lock(&self) -> std::sync::MutexGuard<'_, AheadState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A helper: checks free positions ahead of the pass until the pass is over.
    fn help(&self) {
        let mut st = self.lock();
        while !st.done {
            st = match self.check_one(st) {
                Ok(st) => st,
                Err(st) => self.changed.wait(st).unwrap_or_else(|e| e.into_inner()),
            };
        }
    }

    /// Takes the first free position ahead of the pass whose orbit is still given, checks it
    /// against the puzzle as it stands (the lock released meanwhile) and records the verdict.
    /// `Err` with the guard back when there is none.
    fn check_one<'g>(
        &'g self,
        mut st: MutexGuard<'g, AheadState>,
    ) -> Result<MutexGuard<'g, AheadState>, MutexGuard<'g, AheadState>> {
        let end = (st.at + 1 + self.window).min(self.order.len());
        let Some(q) = (st.at + 1..end)
            .find(|&q| !st.taken[q] && st.values[self.orbits[self.order[q]][0]] != 0)
        else {
            return Err(st);
        };
        st.taken[q] = true;
        let (values, tag) = (st.values.clone(), st.removals);
        drop(st);
        let orbit = &self.orbits[self.order[q]];
        let mut v = values.to_vec();
        for &i in orbit {
            v[i] = 0;
        }
        let (mut stack, mut seen) = (Vec::new(), Vec::new());
        let layout = self.checker.layout();
        let failed = Failed(self);
        let verdict = cheap_verdict(
            layout,
            &v,
            self.solution,
            orbit,
            self.swaps,
            &mut stack,
            &mut seen,
        )
        .unwrap_or_else(|| self.checker.verdict(&v, orbit, self.solution));
        drop(failed);
        let mut st = self.lock();
        st.verdicts[q] = Some((verdict, tag));
        self.changed.notify_all();
        Ok(st)
    }

    /// The pass moves to position `pos`.
    fn at(&self, pos: usize) {
        self.lock().at = pos;
        self.changed.notify_all();
    }

    /// The pass removed an orbit: `values` is the puzzle now.
    fn removed(&self, values: &[u8]) {
        let mut st = self.lock();
        st.values = Arc::new(values.to_vec());
        st.removals += 1;
    }

    /// The engine's verdict for the orbit at `pos` (cleared from `values`): a helper's when it
    /// still answers the question, else the pass's own. While a helper is on `pos`, the pass
    /// checks positions further ahead itself rather than wait.
    fn engine(&self, values: &[u8], pos: usize) -> Verdict {
        let orbit = &self.orbits[self.order[pos]];
        let mut st = self.lock();
        while st.taken[pos] && !st.failed {
            if let Some((v, tag)) = st.verdicts[pos] {
                if tag == st.removals || v == Verdict::Several {
                    return v;
                }
                break;
            }
            st = match self.check_one(st) {
                Ok(st) => st,
                Err(st) => self.changed.wait(st).unwrap_or_else(|e| e.into_inner()),
            };
        }
        st.taken[pos] = true;
        drop(st);
        self.checker.verdict(values, orbit, self.solution)
    }

    fn finish(&self) {
        self.lock().done = true;
        self.changed.notify_all();
    }
}

/// [`Checker::stays_unique_givens`] for a symmetry orbit on the `fast` 9×9 path: the orbit's
/// cells are asked in turn, each earlier one pinned back to the solution, and a cell the
/// givens (with those pins) force back by a single needs no search. `givens` and `singles`
/// hold the puzzle without the orbit and are left so.
fn stays_unique_orbit(
    givens: &mut Givens,
    singles: &mut Singles9,
    orbit: &[usize],
    solution: &[u8],
) -> bool {
    let mut unique = true;
    let mut pinned = 0;
    for (k, &c) in orbit.iter().enumerate() {
        if !singles.force(&[c], solution)
            && Fast::has_solution_excluding_givens(givens, &[(c, solution[c])])
        {
            unique = false;
            break;
        }
        // The last cell needs no pin: nothing is asked after it.
        if k + 1 < orbit.len() {
            givens.set(c, solution[c]);
            singles.set(c, 0, solution[c]);
            pinned += 1;
        }
    }
    for &c in &orbit[..pinned] {
        givens.set(c, 0);
        singles.set(c, solution[c], 0);
    }
    unique
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
