//! Test-only counters on the chain finder's path: how often the closure ruled a search out,
//! how often an AIC finder replayed the loop search's steps, and a switch that turns pruning
//! off.
//!
//! Design decision: one hook in two versions. Under `cfg(test)` it counts per thread; in every
//! other build each function is an empty `#[inline(always)]` body, so the finder's code holds
//! no `cfg` attributes and the release build neither counts nor tests the switch.

/// What the finder did that a test counts.
#[derive(Clone, Copy, Debug)]
pub(super) enum Event {
    /// The closure ruled a whole grid out.
    SkipGrid,
    /// The closure ruled an open-chain start out, the links holding no ALS nodes.
    SkipEnds,
    /// The closure ruled an open-chain start out, the links holding ALS nodes.
    SkipEndsAls,
    /// The closure ruled a continuous-loop start out.
    SkipLoop,
    /// An AIC finder reported the steps its loop search kept.
    Replayed,
}

pub(super) use hook::*;

#[cfg(not(test))]
mod hook {
    use super::Event;

    /// Counts `event` (nothing outside tests).
    #[inline(always)]
    pub(in crate::techniques::chains) fn count(_event: Event) {}

    /// Whether every start is to be searched, pruning off (never outside tests).
    #[inline(always)]
    pub(in crate::techniques::chains) fn unpruned() -> bool {
        false
    }
}

#[cfg(test)]
mod hook {
    use super::Event;
    use std::cell::Cell;

    thread_local! {
        /// Per [`Event`], how often it happened on this thread.
        static COUNTS: Cell<[usize; 5]> = const { Cell::new([0; 5]) };
        /// Set by tests to search every start (no closure pruning) on this thread.
        static UNPRUNED: Cell<bool> = const { Cell::new(false) };
    }

    /// Counts `event` on this thread.
    pub(in crate::techniques::chains) fn count(event: Event) {
        COUNTS.with(|c| {
            let mut v = c.get();
            v[event as usize] += 1;
            c.set(v);
        });
    }

    /// Whether every start is to be searched on this thread, pruning off.
    pub(in crate::techniques::chains) fn unpruned() -> bool {
        UNPRUNED.with(Cell::get)
    }

    /// Turns closure pruning off (or back on) on this thread.
    pub(in crate::techniques::chains) fn set_unpruned(on: bool) {
        UNPRUNED.with(|u| u.set(on));
    }

    /// How often `event` happened on this thread.
    pub(in crate::techniques::chains) fn counted(event: Event) -> usize {
        COUNTS.with(|c| c.get()[event as usize])
    }

    /// Forgets this thread's counts.
    pub(in crate::techniques::chains) fn reset() {
        COUNTS.with(|c| c.set([0; 5]));
    }
}
