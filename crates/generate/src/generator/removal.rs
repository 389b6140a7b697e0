//! The removal pass: orbits taken out one by one in a given order while the puzzle stays
//! unique ([`reduce`]), with the cheap tests that decide most removals without an engine.
//!
//! Design decision: each removal is decided cheapest test first (givens that force the removed
//! cells back by a single prove "unique", a two-digit swap set (on 9×9 also a row-pair or
//! column-pair cycle, [`crate::cycles9`]) proves "several", then singles
//! from the givens, and only then an engine), and on the standard 9×9 the pass keeps the
//! singles masks and the `fast` engine's board in step with the puzzle instead of rebuilding
//! them per removal. Checks run ahead by helper threads (in [`super::ahead`]) never change
//! which puzzle comes out.

use sudokit_core::Layout;
use sudokit_fast::{Fast, Givens};

use super::ahead::Ahead;
use crate::cycles9::Cycles9;
use crate::singles9::Singles9;
use crate::swap::SwapSets;
use crate::unique::{Checker, Verdict, forced_by_singles};

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
    let pass = Pass {
        solution,
        orbits,
        order,
        checker,
        lo,
        hi,
    };
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
        return pass.run(values, stop, None);
    }
    let swaps = SwapSets::new(layout, solution);
    let ahead = Ahead::new(&pass, swaps.as_ref(), width, values);
    ahead.run(width, || pass.run(values, stop, Some(&ahead)))
}

/// What one removal pass is asked (the arguments of [`reduce`] but the puzzle and `stop`,
/// which helper threads do not share).
pub(super) struct Pass<'a> {
    /// The puzzle's unique solution.
    pub(super) solution: &'a [u8],
    /// The symmetry orbits.
    pub(super) orbits: &'a [Vec<usize>],
    /// The order in which orbits are tried (indices into `orbits`).
    pub(super) order: &'a [usize],
    /// The uniqueness checker of the layout.
    pub(super) checker: &'a Checker,
    /// The fewest givens to keep.
    lo: usize,
    /// Stop once at most this many givens are left (0: a full pass).
    hi: usize,
}

impl Pass<'_> {
    /// [`reduce`] on `values`, with helper threads checking ahead when `ahead` is given.
    fn run(&self, values: &mut [u8], stop: &dyn Fn() -> bool, ahead: Option<&Ahead<'_>>) -> bool {
        let (solution, orbits, checker) = (self.solution, self.orbits, self.checker);
        let mut givens = values.iter().filter(|&&v| v != 0).count();
        let mut saved = Vec::new();
        let layout = checker.layout();
        let (mut stack, mut seen) = (Vec::new(), Vec::new());
        let mut singles = layout.is_standard_9x9().then(|| Singles9::new(values));
        // Swap sets (on layouts with only houses): on 9×9 walked on masks, with the solution's
        // digits as masks; elsewhere cell by cell. A pass from the full grid (every minimal
        // puzzle) copies the masks it has just built.
        let swap_houses = !layout.has_pair_constraints();
        let grid = singles.as_ref().filter(|_| swap_houses).map(|s| {
            if *values == *solution {
                s.clone()
            } else {
                Singles9::new(solution)
            }
        });
        // Row-pair and column-pair cycles of the solution (9×9 only), the longer swaps.
        let cycles = grid.as_ref().and_then(|_| Cycles9::new(solution));
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
        for (pos, &o) in self.order.iter().enumerate() {
            if self.hi > 0 && givens <= self.hi {
                break;
            }
            if stop() {
                return false;
            }
            let orbit = &orbits[o];
            if values[orbit[0]] == 0 || givens - orbit.len() < self.lo {
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
                // "unique"; a row-pair or column-pair cycle or a swap set in empty cells proves
                // "not unique"; then an engine decides.
                let forced_back = singles.as_ref().is_some_and(|s| s.force(orbit, solution));
                forced_back
                    || !match (&singles, &grid) {
                        (Some(s), Some(g)) => orbit.iter().any(|&i| {
                            cycles
                                .as_ref()
                                .is_some_and(|y| y.cycle_empty(i, s.givens()))
                                || s.swap_set_empty(i, solution[i], g)
                        }),
                        _ => swaps.as_ref().is_some_and(|sw| {
                            orbit.iter().any(|&i| {
                                sw.breaks_uniqueness(
                                    layout, solution, values, i, &mut stack, &mut seen,
                                )
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
}

/// The cheap tests of a removal on layouts other than standard 9×9 (`values` has the orbit
/// cleared): every removed cell forced back by its peers proves "unique"; a two-digit swap
/// set through a removed cell proves "several"; naked and hidden singles from the givens that
/// fill the removed cells prove "unique". `None`: an engine must decide.
pub(super) fn cheap_verdict(
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
