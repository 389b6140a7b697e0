//! Removal guided by a HoDoKu level target on grids above 9×9.
//!
//! Design decision: above 9×9 a puzzle left by the full removal pass is far beyond HoDoKu's
//! "hard" (a minimal 16×16 puzzle scores tens of thousands of points against hard's 1,600,
//! the sum of its steps' scores), so drawing grids until one lands on the level never ends.
//! Instead the pass is run in chunks of orbits and the level is measured after each chunk: a
//! chunk that takes the puzzle past the target is undone and tried again in halves, an orbit
//! that alone takes it past is kept, and the pass stops after [`LEVEL_SKIPS`] such orbits.
//! Every state the pass goes through is unique (each removal was checked), so the puzzle that
//! comes out is unique but not, in general, minimal. Stopping early also spares the costly
//! uniqueness checks of the sparse end of the pass. The level is measured by the same path
//! ([`hodoku_path_within`]) the target check uses, within the generator's budget (its
//! deadline and cancel flag); an unsolved or stopped path counts as above every level.

use sudokit_core::{Grid, Layout};
use sudokit_logic::levels::hodoku_level;
use sudokit_logic::technique::Level;

use super::Generator;
use super::removal::reduce;
use crate::rate::hodoku_path_within;
use crate::unique::{Checker, Halt};

/// Orbits that alone take the puzzle past the level before the guided pass stops.
pub const LEVEL_SKIPS: usize = 8;

/// Orbits in the guided pass's first chunk: an eighth of them.
const FIRST_CHUNK_PARTS: usize = 8;

/// The HoDoKu level of `values`; `None` when the path does not solve it (above every level)
/// or `halt` stopped it.
fn level_of(layout: &std::sync::Arc<Layout>, values: &[u8], halt: &Halt) -> Option<Level> {
    let grid = Grid::from_values(layout.clone(), values.to_vec());
    hodoku_level(&hodoku_path_within(&grid, halt)).map(|(l, _)| l)
}

impl Generator {
    /// Removes orbits in `order` from the unique puzzle `values` (solution `solution`) while
    /// its HoDoKu level stays at most `target` (see the module docs). `Some(true)` when the
    /// puzzle ends on `target`, `Some(false)` when it does not (draw another grid), `None`
    /// when `stop` ended the pass.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn reduce_to_level(
        &self,
        values: &mut [u8],
        solution: &[u8],
        order: &[usize],
        checker: &Checker,
        (lo, hi): (usize, usize),
        target: Level,
        stop: &dyn Fn() -> bool,
        halt: &Halt,
    ) -> Option<bool> {
        let layout = checker.layout();
        let first = (order.len() / FIRST_CHUNK_PARTS).max(1);
        let (mut pos, mut step, mut skips) = (0, first, 0);
        let mut level = level_of(layout, values, halt);
        let mut before = values.to_vec();
        while pos < order.len() && skips < LEVEL_SKIPS {
            let end = (pos + step).min(order.len());
            before.copy_from_slice(values);
            if !reduce(
                values,
                solution,
                &self.orbits,
                &order[pos..end],
                checker,
                lo,
                hi,
                stop,
            ) {
                return None;
            }
            if *values == *before {
                pos = end;
                continue;
            }
            let now = level_of(layout, values, halt);
            if now.is_some_and(|l| l <= target) {
                level = now;
                pos = end;
                step = (step * 2).min(first);
                continue;
            }
            values.copy_from_slice(&before);
            if step > 1 {
                step /= 2;
            } else {
                // This orbit alone goes past the target: keep it and go on.
                pos = end;
                skips += 1;
            }
        }
        Some(level == Some(target))
    }
}
