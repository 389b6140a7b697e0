//! Uniqueness checks: solution counts capped at 2 by a complete engine through the `Solver`
//! trait.
//!
//! Design decision: the checker owns one engine chosen for the layout (`fast` for standard
//! 9×9, `propagate` otherwise, or any engine by name for cross-checking in tests) and a node
//! budget per check. A check that runs out of budget counts as *not proven unique*, so the
//! generator keeps the clue: uniqueness is only ever claimed when an engine proved it.
//! With `fast` on 9×9 the checks skip the `Solver` interface (no `Grid`, no allocation), and
//! the generator's question "does this puzzle stay unique without these givens?" becomes one
//! first-solution search per removed cell with the solution's digit excluded there
//! ([`Checker::stays_unique`]) instead of a count to two; the removal pass keeps the puzzle as
//! `fast`'s [`Givens`] so each search's board is built from a few words
//! ([`Checker::stays_unique_givens`]), and a strict-minimality check that knows the solution
//! settles givens by singles and swap sets before searching
//! ([`Checker::is_minimal_with_solution_until`]). From 16×16 up, the questions the first
//! engine cannot settle go to `sat` as one call "some removed cell differs from the solution"
//! whose search starts next to that solution (`Sat::has_solution_avoiding_near`): a second
//! solution usually differs from it in a few cells, and the hint halves the conflicts.
//! A caller's deadline and cancel flag ([`Halt`], given with [`Checker::halted_by`]) reach
//! inside every engine search, so one long check cannot overrun a generator's budget.

use std::borrow::Cow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use sudokit_core::{Budget, Cell, End, Flow, Grid, Layout, Limits, Solver};
use sudokit_engines::{EngineOptions, auto_engine, engine};
use sudokit_fast::{Fast, Givens};
use sudokit_sat::Sat;

use crate::GenError;
use crate::cycles9::Cycles9;
use crate::singles9::Singles9;

/// What a capped count found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// No solution.
    None,
    /// Exactly one solution (proven).
    Unique,
    /// At least two solutions.
    Many,
    /// The node budget ran out before an answer.
    Unknown,
}

/// What one uniqueness question ("is the puzzle still unique without these givens?") found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Proven unique: the givens can go.
    Unique,
    /// A second solution was found: the givens are needed, and stay needed however many
    /// other givens are removed later (that solution satisfies every smaller puzzle).
    Several,
    /// A budget ran out before an answer: the givens are kept, but nothing is proven.
    Unknown,
}

/// When every check of one caller must give up: a deadline and a cancel flag shared by all its
/// checks (a generator's per-puzzle budget). Unlike a [`Budget`]'s time, which each search
/// counts from its own start, the deadline is one instant, so a run of checks cannot overrun
/// it by more than the engine's polling interval (for `sat`, one conflict).
#[derive(Clone, Debug, Default)]
pub struct Halt {
    /// No check runs past this instant.
    pub deadline: Option<Instant>,
    /// Every check stops once this flag is set.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Halt {
    /// Whether the deadline has passed or the flag is set.
    pub fn now(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    fn is_set(&self) -> bool {
        self.deadline.is_some() || self.cancel.is_some()
    }
}

/// Counts solutions up to 2 with one engine. See the module docs.
#[derive(Clone)]
pub struct Checker {
    layout: Arc<Layout>,
    solver: Arc<dyn Solver>,
    limits: Limits,
    /// Where every check gives up (see [`Checker::halted_by`]).
    halt: Halt,
    /// The `fast` engine on the standard 9×9 layout: use its allocation-free entry points.
    fast9: bool,
    /// On large grids: a clause-learning engine for the checks the first engine cannot finish
    /// within [`FIRST_TRY_NODES`] (propagation with guessing has heavy tails there).
    fallback: Option<(Sat, Limits)>,
}

impl std::fmt::Debug for Checker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checker")
            .field("engine", &self.solver.name())
            .field("layout", &self.layout.describe())
            .finish()
    }
}

/// Default node budget of one check (generous: a near-full grid needs a handful of nodes).
pub const CHECK_NODES: u64 = 2_000_000;

/// Node budget of the first engine when a fallback engine stands behind it.
pub const FIRST_TRY_NODES: u64 = 1_000;

/// Grids of this side and above get the `sat` fallback.
pub const FALLBACK_FROM_SIDE: usize = 16;

impl Checker {
    /// The layout's default engine (`fast` for standard 9×9, `propagate` otherwise).
    /// From 16×16 up, checks that `propagate` cannot finish in [`FIRST_TRY_NODES`] nodes go
    /// to `sat`, whose clause learning has no heavy tail on half-filled large grids (measured
    /// on 25×25: seconds to minutes with `propagate` or `dlx`, well under a second with `sat`).
    pub fn new(layout: Arc<Layout>) -> Checker {
        let name = auto_engine(&layout);
        let mut checker = Checker::with_engine(layout.clone(), name)
            .expect("the auto engine supports its layout");
        let sat = Sat::new();
        if layout.size() >= FALLBACK_FROM_SIDE && sat.admit(&layout).is_ok() {
            checker.fallback = Some((sat, checker.limits.clone()));
            checker.limits.budget = Budget::nodes(FIRST_TRY_NODES);
        }
        checker
    }

    /// Sets the first engine's node budget per check when a `sat` fallback stands behind it
    /// (default [`FIRST_TRY_NODES`]); no effect without a fallback. Tests use 1 to send every
    /// hard question to `sat`.
    pub fn with_first_try_nodes(mut self, nodes: u64) -> Checker {
        if self.fallback.is_some() {
            self.limits.budget.nodes = Some(nodes.max(1));
        }
        self
    }

    /// A named engine (e.g. `dlx` to cross-check); errors when it is unknown, incomplete or
    /// cannot handle the layout.
    pub fn with_engine(layout: Arc<Layout>, name: &str) -> Result<Checker, GenError> {
        let solver =
            engine(name, &EngineOptions::default()).map_err(|e| GenError::Engine(e.to_string()))?;
        if !solver.is_complete() {
            return Err(GenError::Engine(format!(
                "engine '{name}' cannot prove uniqueness"
            )));
        }
        solver
            .admit(&layout)
            .map_err(|e| GenError::Engine(e.to_string()))?;
        let fast9 = layout.is_standard_9x9() && solver.name() == Fast::NAME;
        Ok(Checker {
            fallback: None,
            fast9,
            layout,
            solver: Arc::from(solver),
            halt: Halt::default(),
            limits: Limits {
                max_solutions: 2,
                budget: Budget::nodes(CHECK_NODES),
            },
        })
    }

    /// The same checker with `budget` for each count instead of [`CHECK_NODES`] nodes. A count
    /// cut short is [`Count::Unknown`]; a set cancel flag therefore ends every later count at
    /// once (for callers that must stop when their client goes away).
    pub fn with_budget(mut self, budget: Budget) -> Checker {
        // The allocation-free 9×9 paths take no budget: a caller's budget routes every check
        // through the engine, which polls it.
        self.fast9 = false;
        if let Some((_, limits)) = &mut self.fallback {
            let first = self.limits.budget.nodes.unwrap_or(FIRST_TRY_NODES);
            limits.budget = budget.clone();
            self.limits.budget = Budget {
                nodes: Some(budget.nodes.map_or(first, |n| n.min(first))),
                ..budget
            };
        } else {
            self.limits.budget = budget;
        }
        self
    }

    /// The same checker whose every engine search also stops at `halt`'s deadline and flag,
    /// inside the search (the engines poll their budget; `sat` at every conflict): a check cut
    /// short is [`Count::Unknown`] / [`Verdict::Unknown`], as if its node budget had run out.
    /// The allocation-free `fast` 9×9 checks take microseconds and stay as they are.
    pub fn halted_by(&self, halt: Halt) -> Checker {
        Checker {
            halt,
            ..self.clone()
        }
    }

    /// `base` with the time left before the halt's deadline and its cancel flag (the
    /// halt's flag replaces the budget's own).
    fn limits_now<'l>(&self, base: &'l Limits) -> Cow<'l, Limits> {
        if !self.halt.is_set() {
            return Cow::Borrowed(base);
        }
        let mut l = base.clone();
        if let Some(d) = self.halt.deadline {
            let left = d.saturating_duration_since(Instant::now());
            l.budget.time = Some(l.budget.time.map_or(left, |t| t.min(left)));
        }
        if let Some(c) = &self.halt.cancel {
            l.budget.cancel = Some(c.clone());
        }
        Cow::Owned(l)
    }

    /// The engine's name.
    pub fn engine(&self) -> &'static str {
        self.solver.name()
    }

    /// Whether checks use the `fast` engine's allocation-free 9×9 entry points (whose own
    /// propagation already covers what [`forced_by_singles`] would show).
    pub fn is_fast9(&self) -> bool {
        self.fast9
    }

    /// The layout checked.
    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// Counts the solutions of `values` (N² cells, 0 = empty) up to 2. The givens must not
    /// conflict (true of any subset of a solution grid, which is all the generator asks
    /// about); use [`Checker::count_grid`] for arbitrary input.
    pub fn count(&self, values: &[u8]) -> Count {
        if self.fast9
            && let Ok(cells) = <&[u8; 81]>::try_from(values)
        {
            return match Fast::count_up_to(cells, 2).0 {
                0 => Count::None,
                1 => Count::Unique,
                _ => Count::Many,
            };
        }
        let grid = Grid::from_values(self.layout.clone(), values.to_vec());
        self.count_valid(&grid)
    }

    /// Counts the solutions of `grid` up to 2 (conflicting givens: [`Count::None`]).
    pub fn count_grid(&self, grid: &Grid) -> Count {
        if grid.find_conflict().is_some() {
            return Count::None;
        }
        self.count_valid(grid)
    }

    fn count_valid(&self, grid: &Grid) -> Count {
        let first = Self::count_with(self.solver.as_ref(), &self.limits_now(&self.limits), grid);
        match (&self.fallback, first) {
            (Some((solver, limits)), Count::Unknown) => {
                Self::count_with(solver, &self.limits_now(limits), grid)
            }
            _ => first,
        }
    }

    fn count_with(solver: &dyn Solver, limits: &Limits, grid: &Grid) -> Count {
        let mut found = 0u64;
        let search = solver.search(grid, limits, &mut |_| {
            found += 1;
            if found >= 2 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        match search {
            Err(_) => Count::Unknown,
            Ok(s) => match (s.solutions.max(found), s.end) {
                (n, _) if n >= 2 => Count::Many,
                (1, End::Exhausted) => Count::Unique,
                (0, End::Exhausted) => Count::None,
                _ => Count::Unknown,
            },
        }
    }

    /// Whether `values` is still unique after the givens at `removed` were cleared from a
    /// unique puzzle whose solution is `solution` (`values` already has them cleared).
    /// Another solution would differ from `solution` in a removed cell; with `fast` on 9×9
    /// each removed cell is asked once, the cells before it pinned back to the solution, by a
    /// search that stops at the first solution. Other engines count to two; on large grids a
    /// count the first engine cannot finish becomes one `sat` call with the clause "some
    /// removed cell differs from the solution".
    pub fn stays_unique(&self, values: &[u8], removed: &[usize], solution: &[u8]) -> bool {
        self.verdict(values, removed, solution) == Verdict::Unique
    }

    /// [`Checker::stays_unique`] with the answer's strength: [`Verdict::Several`] only when a
    /// second solution was found, [`Verdict::Unknown`] when a budget ran out first.
    pub fn verdict(&self, values: &[u8], removed: &[usize], solution: &[u8]) -> Verdict {
        if self.fast9
            && let (Ok(cells), Ok(sol)) = (
                <&[u8; 81]>::try_from(values),
                <&[u8; 81]>::try_from(solution),
            )
        {
            let mut cells = *cells;
            for &c in removed {
                if Fast::has_solution_excluding(&cells, &[(c, sol[c])]) {
                    return Verdict::Several;
                }
                cells[c] = sol[c];
            }
            return Verdict::Unique;
        }
        let grid = Grid::from_values(self.layout.clone(), values.to_vec());
        let first = Self::count_with(self.solver.as_ref(), &self.limits_now(&self.limits), &grid);
        match (&self.fallback, first) {
            (Some((sat, limits)), Count::Unknown) => {
                let avoid: Vec<(usize, u8)> = removed.iter().map(|&c| (c, solution[c])).collect();
                let budget = &self.limits_now(limits).budget;
                // One clause: some removed cell differs from the solution; the search starts
                // next to the solution, where another one, if any, usually lies.
                match sat.has_solution_avoiding_near(&grid, &avoid, Some(solution), budget) {
                    Ok(Some(false)) => Verdict::Unique,
                    Ok(Some(true)) => Verdict::Several,
                    _ => Verdict::Unknown,
                }
            }
            (_, Count::Unique) => Verdict::Unique,
            (_, Count::Many) => Verdict::Several,
            _ => Verdict::Unknown,
        }
    }

    /// [`Checker::verdict`] with the second solution it found, if any: the givens at
    /// `removed` were cleared from a unique puzzle whose solution is `solution` (`values`
    /// has them cleared; other givens may have been added from `solution` too), so any other
    /// solution differs from it in a removed cell. The first engine counts to two; a count it
    /// cannot finish goes to the `sat` fallback as one call "some removed cell differs",
    /// searched next to `solution`.
    pub fn other_solution(
        &self,
        values: &[u8],
        removed: &[usize],
        solution: &[u8],
    ) -> (Verdict, Option<Vec<u8>>) {
        let grid = Grid::from_values(self.layout.clone(), values.to_vec());
        let mut other = None;
        let search = self
            .solver
            .search(&grid, &self.limits_now(&self.limits), &mut |s| {
                if s == solution {
                    Flow::Continue
                } else {
                    other = Some(s.to_vec());
                    Flow::Stop
                }
            });
        match (other, search) {
            (Some(o), _) => return (Verdict::Several, Some(o)),
            (None, Ok(s)) if s.end == End::Exhausted => return (Verdict::Unique, None),
            _ => {}
        }
        let Some((sat, limits)) = &self.fallback else {
            return (Verdict::Unknown, None);
        };
        let avoid: Vec<(usize, u8)> = removed.iter().map(|&c| (c, solution[c])).collect();
        let budget = &self.limits_now(limits).budget;
        match sat.solution_avoiding_near(&grid, &avoid, Some(solution), budget) {
            Ok(Some(Some(g))) => (Verdict::Several, Some(g.values().to_vec())),
            Ok(Some(None)) => (Verdict::Unique, None),
            _ => (Verdict::Unknown, None),
        }
    }

    /// Whether checks that the first engine cannot finish go to the `sat` fallback (grids of
    /// side [`FALLBACK_FROM_SIDE`] and up): their checks are slow enough to be worth running
    /// side by side on several threads.
    pub fn has_fallback(&self) -> bool {
        self.fallback.is_some()
    }

    /// [`Checker::stays_unique`] for a puzzle kept as `fast`'s [`Givens`] (the removal pass
    /// updates them one cell at a time, so each search's board is built from their words
    /// instead of from 81 cells). `givens` is left as it came in.
    pub fn stays_unique_givens(
        &self,
        givens: &mut Givens,
        removed: &[usize],
        solution: &[u8],
    ) -> bool {
        if !self.fast9 || solution.len() != 81 {
            return self.stays_unique(givens.cells(), removed, solution);
        }
        let mut unique = true;
        let mut pinned = 0;
        for (k, &c) in removed.iter().enumerate() {
            if Fast::has_solution_excluding_givens(givens, &[(c, solution[c])]) {
                unique = false;
                break;
            }
            // The last cell needs no pin: nothing is asked after it.
            if k + 1 < removed.len() {
                givens.set(c, solution[c]);
                pinned += 1;
            }
        }
        for &c in &removed[..pinned] {
            givens.set(c, 0);
        }
        unique
    }

    /// The unique solution of `values`, if it has exactly one.
    pub fn unique_solution(&self, values: &[u8]) -> Option<Vec<u8>> {
        let grid = Grid::from_values(self.layout.clone(), values.to_vec());
        if grid.find_conflict().is_some() {
            return None;
        }
        let first = Self::unique_with(self.solver.as_ref(), &self.limits_now(&self.limits), &grid);
        match (&self.fallback, first) {
            (Some((solver, limits)), Err(())) => {
                Self::unique_with(solver, &self.limits_now(limits), &grid).ok()?
            }
            (_, r) => r.ok()?,
        }
    }

    /// `Ok(Some(solution))` when unique, `Ok(None)` when not, `Err(())` when undecided.
    fn unique_with(
        solver: &dyn Solver,
        limits: &Limits,
        grid: &Grid,
    ) -> Result<Option<Vec<u8>>, ()> {
        let mut first = None;
        let mut found = 0u64;
        let s = solver
            .search(grid, limits, &mut |sol| {
                found += 1;
                if first.is_none() {
                    first = Some(sol.to_vec());
                }
                if found >= 2 {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            })
            .map_err(|_| ())?;
        match (found, s.end) {
            (n, _) if n >= 2 => Ok(None),
            (1, End::Exhausted) => Ok(first),
            (0, End::Exhausted) => Ok(None),
            _ => Err(()),
        }
    }

    /// Whether removing any single given leaves more than one solution (the puzzle itself is
    /// assumed unique). Unknown counts are not proof of ambiguity: they make this `false`.
    pub fn is_minimal(&self, values: &[u8]) -> bool {
        self.is_minimal_until(values, &|| false) == Some(true)
    }

    /// [`Checker::is_minimal`], asking `stop` before each given's check (on large grids one
    /// check can take a fraction of a second and a puzzle has hundreds of givens): `None`
    /// when `stop` said yes before the answer was known.
    pub fn is_minimal_until(&self, values: &[u8], stop: &dyn Fn() -> bool) -> Option<bool> {
        if self.fast9
            && let Ok(cells) = <&[u8; 81]>::try_from(values)
        {
            let Some(sol) = Fast::solve_first(cells).0 else {
                return Some(false);
            };
            return every_given_needed(values, stop, |v, i| {
                let cells = <&[u8; 81]>::try_from(v).expect("81 cells");
                Fast::has_solution_excluding(cells, &[(i, sol[i])])
            });
        }
        if self.fallback.is_some() {
            return self.is_minimal_near_until(values, stop);
        }
        every_given_needed(values, stop, |v, _| self.count(v) == Count::Many)
    }

    /// [`Checker::is_minimal_until`] for a unique puzzle whose solution is known. With `fast`
    /// on 9×9 each given is settled the removal pass's cheap way first: when the other givens
    /// force it back by a single it is not needed (the answer is `false`), when a row-pair or
    /// column-pair cycle or a two-digit swap set through it lies in empty cells it is needed,
    /// and only else does one exclusion
    /// search decide. Other checkers ignore `solution`.
    pub fn is_minimal_with_solution_until(
        &self,
        values: &[u8],
        solution: &[u8],
        stop: &dyn Fn() -> bool,
    ) -> Option<bool> {
        let (Ok(cells), true) = (<&[u8; 81]>::try_from(values), solution.len() == 81) else {
            return self.is_minimal_until(values, stop);
        };
        if !self.fast9 {
            return self.is_minimal_until(values, stop);
        }
        let Some(mut givens) = Givens::new(cells) else {
            return Some(false);
        };
        let mut singles = Singles9::new(values);
        // The solution's digits as masks, for the swap sets (when the layout has only houses).
        let grid = (!self.layout.has_pair_constraints()).then(|| Singles9::new(solution));
        // Row-pair and column-pair cycles (see `crate::cycles9`), on the same layouts.
        let cycles = grid.as_ref().and_then(|_| Cycles9::new(solution));
        every_given_needed(values, stop, |_, i| {
            let d = values[i];
            singles.set(i, d, 0);
            givens.set(i, 0);
            let needed = !singles.force(&[i], solution)
                && (cycles
                    .as_ref()
                    .is_some_and(|y| y.cycle_empty(i, singles.givens()))
                    || grid
                        .as_ref()
                        .is_some_and(|g| singles.swap_set_empty(i, solution[i], g))
                    || Fast::has_solution_excluding_givens(&mut givens, &[(i, solution[i])]));
            singles.set(i, 0, d);
            givens.set(i, d);
            needed
        })
    }

    /// [`Checker::is_minimal_until`] with the `sat` fallback: the solution is found once, and
    /// each given the first engine cannot settle is one `sat` call "this cell differs",
    /// searched next to the solution, instead of a count to two.
    fn is_minimal_near_until(&self, values: &[u8], stop: &dyn Fn() -> bool) -> Option<bool> {
        let (sat, limits) = self.fallback.as_ref()?;
        let Some(sol) = self.unique_solution(values) else {
            // Not unique, or a check cut short by the stop.
            return (!stop()).then_some(false);
        };
        let needed = |v: &[u8], i: usize| {
            let grid = Grid::from_values(self.layout.clone(), v.to_vec());
            match Self::count_with(self.solver.as_ref(), &self.limits_now(&self.limits), &grid) {
                Count::Unknown => {
                    let budget = &self.limits_now(limits).budget;
                    sat.has_solution_avoiding_near(&grid, &[(i, sol[i])], Some(&sol), budget)
                        == Ok(Some(true))
                }
                c => c == Count::Many,
            }
        };
        // Inside a rayon pool of several threads (the CLI's `--jobs`), the givens are asked
        // that many at a time: each question is independent of the others.
        let width = if rayon::current_thread_index().is_some() {
            rayon::current_num_threads()
        } else {
            1
        };
        if width < 2 {
            return every_given_needed(values, stop, needed);
        }
        let givens: Vec<usize> = (0..values.len()).filter(|&i| values[i] != 0).collect();
        for batch in givens.chunks(width) {
            if stop() {
                return None;
            }
            use rayon::prelude::*;
            let all = batch.par_iter().all(|&i| {
                let mut v = values.to_vec();
                v[i] = 0;
                needed(&v, i)
            });
            if !all {
                return (!stop()).then_some(false);
            }
        }
        Some(true)
    }
}

/// Solutions other than a known one, kept to prove givens needed without a search: each as
/// the cells where it differs from the known solution. A witness solves every puzzle cut from
/// the known solution whose givens avoid those cells, so when exactly one given of a puzzle
/// lies among them, that given is needed. At most [`Witnesses::CAP`] are kept (the oldest go).
#[derive(Clone, Debug, Default)]
pub struct Witnesses {
    differ: std::collections::VecDeque<Vec<u32>>,
}

impl Witnesses {
    /// Witnesses kept at most.
    pub const CAP: usize = 1024;

    /// Keeps `other`, a solution of some puzzle cut from `solution` (the oldest witness goes
    /// when [`Witnesses::CAP`] are kept).
    pub fn add(&mut self, other: &[u8], solution: &[u8]) {
        let differ: Vec<u32> = (0..other.len())
            .filter(|&c| other[c] != solution[c])
            .map(|c| c as u32)
            .collect();
        if !differ.is_empty() {
            self.keep(differ);
        }
    }

    fn keep(&mut self, differ: Vec<u32>) {
        if self.differ.len() == Self::CAP {
            self.differ.pop_front();
        }
        self.differ.push_back(differ);
    }

    /// Marks in `needed` (one flag per cell) each given of `values` that some witness proves
    /// needed: one that differs from the known solution in that given alone.
    pub fn mark_needed(&self, values: &[u8], needed: &mut [bool]) {
        for w in &self.differ {
            let mut given = w.iter().filter(|&&c| values[c as usize] != 0);
            if let (Some(&c), None) = (given.next(), given.next()) {
                needed[c as usize] = true;
            }
        }
    }

    /// Whether some witness solves `values` with the givens at `cells` cleared: all the
    /// givens it differs in lie in `cells` (it differs in some given, since `values` is
    /// unique). Then those givens cannot all go.
    pub fn solves_without(&self, values: &[u8], cells: &[usize]) -> bool {
        self.differ.iter().any(|w| {
            w.iter()
                .all(|&c| values[c as usize] == 0 || cells.contains(&(c as usize)))
        })
    }
}

/// Whether every given of `values` is needed: `needed(v, i)` is asked with `v` the puzzle
/// without given `i` and says whether it has a second solution (only one found proves it;
/// a check cut short counts as "not needed", so minimality is never claimed unproven).
/// `stop` is asked before each given and after a given found not needed; `None` when it said
/// yes first (so a check the stop cut short never reads as "not minimal").
fn every_given_needed(
    values: &[u8],
    stop: &dyn Fn() -> bool,
    mut needed: impl FnMut(&[u8], usize) -> bool,
) -> Option<bool> {
    let mut v = values.to_vec();
    for i in 0..v.len() {
        if v[i] == 0 {
            continue;
        }
        if stop() {
            return None;
        }
        v[i] = 0;
        let other = needed(&v, i);
        v[i] = values[i];
        if !other {
            // A check the stop cut short proves nothing either way.
            return (!stop()).then_some(false);
        }
    }
    Some(true)
}

/// Whether naked and hidden singles, run from the givens of `values` alone, fill every cell of
/// `removed`. When they do, the puzzle forces those cells back to the values they held, so it
/// is exactly as unique as it was with them given, and no search is needed. Works on every
/// layout (peers carry the extra rules; hidden singles use the houses). `false` means only
/// "not shown", never "not unique".
pub fn forced_by_singles(layout: &Layout, values: &[u8], removed: &[usize]) -> bool {
    let n = layout.size();
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let cells = layout.cell_count();
    let mut cands = vec![full; cells];
    let mut vals = values.to_vec();
    let mut queue: Vec<(usize, u8)> = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        if v != 0 {
            queue.push((i, v));
        }
    }
    let mut open = removed.iter().filter(|&&i| vals[i] == 0).count();
    // Places queued values: clears their digit from every peer and queues naked singles.
    let settle = |vals: &mut Vec<u8>,
                  cands: &mut Vec<u64>,
                  queue: &mut Vec<(usize, u8)>,
                  open: &mut usize|
     -> bool {
        while let Some((i, v)) = queue.pop() {
            let bit = 1u64 << (v - 1);
            cands[i] = bit;
            for p in layout.peers(Cell(i as u16)) {
                let j = p.index();
                if cands[j] & bit == 0 {
                    continue;
                }
                cands[j] &= !bit;
                match cands[j].count_ones() {
                    0 => return false,
                    1 if vals[j] == 0 => {
                        let d = cands[j].trailing_zeros() as u8 + 1;
                        vals[j] = d;
                        if removed.contains(&j) {
                            *open -= 1;
                        }
                        queue.push((j, d));
                    }
                    _ => {}
                }
            }
        }
        true
    };
    loop {
        if !settle(&mut vals, &mut cands, &mut queue, &mut open) {
            return false;
        }
        if open == 0 {
            return true;
        }
        // Hidden singles: a digit with one open place left in a house.
        for h in layout.houses() {
            let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
            for c in layout.house_cells(h) {
                let i = c.index();
                if vals[i] != 0 {
                    placed |= 1u64 << (vals[i] - 1);
                } else {
                    twice |= once & cands[i];
                    once |= cands[i];
                }
            }
            let single = once & !twice & !placed;
            if single == 0 {
                continue;
            }
            for c in layout.house_cells(h) {
                let i = c.index();
                let hit = cands[i] & single;
                if vals[i] == 0 && hit != 0 {
                    if hit.count_ones() > 1 {
                        return false;
                    }
                    let d = hit.trailing_zeros() as u8 + 1;
                    vals[i] = d;
                    if removed.contains(&i) {
                        open -= 1;
                    }
                    queue.push((i, d));
                }
            }
        }
        if queue.is_empty() {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A 16×16 question that goes to the `sat` fallback: a solution found by `sat`, and the
    /// puzzle with every third cell of the first half cleared.
    fn question() -> (Arc<Layout>, Vec<u8>, Vec<u8>, Vec<usize>) {
        let layout = Arc::new(Layout::standard(16).unwrap());
        let solution = Sat::new()
            .first_solution(&Grid::empty(layout.clone()))
            .unwrap()
            .unwrap()
            .values()
            .to_vec();
        let removed: Vec<usize> = (0..128).step_by(3).collect();
        let mut values = solution.clone();
        for &c in &removed {
            values[c] = 0;
        }
        (layout, solution, values, removed)
    }

    /// A halt whose flag is set, or whose deadline has passed, stops every check inside its
    /// engines: the answer is "unknown", never "unique" or "several"; with nothing set the
    /// checks answer as before.
    #[test]
    fn a_halted_check_is_stopped_not_answered() {
        let (layout, solution, values, removed) = question();
        let checker = Checker::new(layout).with_first_try_nodes(1);
        let free = checker.halted_by(Halt::default());
        let answer = free.verdict(&values, &removed, &solution);
        assert_ne!(answer, Verdict::Unknown);
        assert_eq!(answer, checker.verdict(&values, &removed, &solution));
        assert_ne!(free.count(&values), Count::Unknown);

        let flag = Halt {
            deadline: None,
            cancel: Some(Arc::new(AtomicBool::new(true))),
        };
        // A deadline already behind us (the test does not depend on how long anything took).
        let past = Halt {
            deadline: Some(Instant::now() - Duration::from_millis(1)),
            cancel: None,
        };
        for halt in [flag, past] {
            let halted = checker.halted_by(halt.clone());
            assert_eq!(
                halted.verdict(&values, &removed, &solution),
                Verdict::Unknown
            );
            assert_eq!(
                halted.other_solution(&values, &removed, &solution),
                (Verdict::Unknown, None)
            );
            assert_eq!(halted.count(&values), Count::Unknown);
            assert_eq!(halted.unique_solution(&solution[..]), None);
            // Minimality is not claimed either way when the stop cut the checks short.
            assert_eq!(halted.is_minimal_until(&values, &|| halt.now()), None);
        }
    }
}
