//! Checks run ahead of the removal pass on large grids, by helper threads (see [`Ahead`]).
//!
//! Design decision: a pipeline of helpers whose verdicts the pass uses only when they answer
//! exactly its own question (or prove "several", which stays true as givens go), so the
//! number of threads never changes the puzzle that comes out.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use super::removal::{Pass, cheap_verdict};
use crate::swap::SwapSets;
use crate::unique::Verdict;

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
pub(super) struct Ahead<'a> {
    /// The pass the helpers work for.
    pass: &'a Pass<'a>,
    /// The solution's swap sets, when the layout has them.
    swaps: Option<&'a SwapSets>,
    /// How far past the pass's position helpers may work.
    window: usize,
    state: Mutex<AheadState>,
    changed: Condvar,
}

/// What the pass and its helpers share, behind [`Ahead::state`].
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
    /// Helpers for `pass`, `width` threads in all (the pass's own among them), starting from
    /// the puzzle `values`.
    pub(super) fn new(
        pass: &'a Pass<'a>,
        swaps: Option<&'a SwapSets>,
        width: usize,
        values: &[u8],
    ) -> Ahead<'a> {
        let positions = pass.order.len();
        Ahead {
            pass,
            swaps,
            window: 64 * width,
            state: Mutex::new(AheadState {
                values: Arc::new(values.to_vec()),
                removals: 0,
                at: 0,
                taken: vec![false; positions],
                verdicts: vec![None; positions],
                done: false,
                failed: false,
            }),
            changed: Condvar::new(),
        }
    }

    /// Runs the pass `pass` on this thread with `width - 1` helpers beside it.
    pub(super) fn run<R>(&self, width: usize, pass: impl FnOnce() -> R) -> R {
        rayon::in_place_scope(|s| {
            for _ in 1..width {
                s.spawn(move |_| self.help());
            }
            // Helpers stop when the pass ends, also when it panics (the scope then waits for
            // them before passing the panic on).
            let _finish = Finish(self);
            pass()
        })
    }

    /// The shared state, also after a helper panicked while holding it.
    fn lock(&self) -> MutexGuard<'_, AheadState> {
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
        let end = (st.at + 1 + self.window).min(self.pass.order.len());
        let Some(q) = (st.at + 1..end)
            .find(|&q| !st.taken[q] && st.values[self.pass.orbits[self.pass.order[q]][0]] != 0)
        else {
            return Err(st);
        };
        st.taken[q] = true;
        let (values, tag) = (st.values.clone(), st.removals);
        drop(st);
        let orbit = &self.pass.orbits[self.pass.order[q]];
        let mut v = values.to_vec();
        for &i in orbit {
            v[i] = 0;
        }
        let (mut stack, mut seen) = (Vec::new(), Vec::new());
        let layout = self.pass.checker.layout();
        let failed = Failed(self);
        let verdict = cheap_verdict(
            layout,
            &v,
            self.pass.solution,
            orbit,
            self.swaps,
            &mut stack,
            &mut seen,
        )
        .unwrap_or_else(|| self.pass.checker.verdict(&v, orbit, self.pass.solution));
        drop(failed);
        let mut st = self.lock();
        st.verdicts[q] = Some((verdict, tag));
        self.changed.notify_all();
        Ok(st)
    }

    /// The pass moves to position `pos`.
    pub(super) fn at(&self, pos: usize) {
        self.lock().at = pos;
        self.changed.notify_all();
    }

    /// The pass removed an orbit: `values` is the puzzle now.
    pub(super) fn removed(&self, values: &[u8]) {
        let mut st = self.lock();
        st.values = Arc::new(values.to_vec());
        st.removals += 1;
    }

    /// The engine's verdict for the orbit at `pos` (cleared from `values`): a helper's when it
    /// still answers the question, else the pass's own. While a helper is on `pos`, the pass
    /// checks positions further ahead itself rather than wait.
    pub(super) fn engine(&self, values: &[u8], pos: usize) -> Verdict {
        let orbit = &self.pass.orbits[self.pass.order[pos]];
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
        self.pass.checker.verdict(values, orbit, self.pass.solution)
    }

    /// The pass is over: wakes the helpers so they stop.
    fn finish(&self) {
        self.lock().done = true;
        self.changed.notify_all();
    }
}
