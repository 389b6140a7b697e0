//! Test-only counters on the chain finder's path: how often the closure ruled a search out,
//! how often an AIC finder replayed the loop search's steps (or the XY-chain finder was
//! skipped after a miss), and a switch that turns pruning off.
//!
//! Design decision: one hook in two versions. Under `cfg(test)` it counts in the [`Memory`]
//! the finder was lent (so a test reads the counts of exactly the searches it ran); in every
//! other build each function is an empty `#[inline(always)]` body, so the finder's code holds
//! no `cfg` attributes and the release build neither counts nor tests the switch.

use crate::memory::Memory;

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
    /// A grid was certified free of self-contradicting candidates from a remembered one.
    Certified,
    /// The XY-chain finder was not run: it missed on a grid this one refines, with the same
    /// bivalue cells.
    XyMiss,
}

pub(super) use hook::*;

#[cfg(not(test))]
mod hook {
    use super::{Event, Memory};

    /// Counts `event` (nothing outside tests).
    #[inline(always)]
    pub(in crate::techniques::chains) fn count(_memory: &Memory, _event: Event) {}

    /// Whether every start is to be searched, pruning off (never outside tests).
    #[inline(always)]
    pub(in crate::techniques::chains) fn unpruned(_memory: &Memory) -> bool {
        false
    }

    /// Whether the X-chain finder skips only digits whose plane is a miss plane (never
    /// outside tests).
    #[inline(always)]
    pub(in crate::techniques::chains) fn no_pairs(_memory: &Memory) -> bool {
        false
    }
}

#[cfg(test)]
mod hook {
    use super::{Event, Memory};
    use std::cell::Cell;

    /// Per [`Event`], how often it happened, and whether pruning is off.
    #[derive(Default)]
    pub(crate) struct Counts {
        counts: Cell<[usize; 7]>,
        unpruned: Cell<bool>,
        no_pairs: Cell<bool>,
    }

    /// Counts `event` in `memory`.
    pub(in crate::techniques::chains) fn count(memory: &Memory, event: Event) {
        let c = &memory.chains.probe.counts;
        let mut v = c.get();
        v[event as usize] += 1;
        c.set(v);
    }

    /// Whether the finders lent `memory` search every start, pruning off.
    pub(in crate::techniques::chains) fn unpruned(memory: &Memory) -> bool {
        memory.chains.probe.unpruned.get()
    }

    /// Whether the X-chain finder lent `memory` skips only digits whose plane is a miss plane.
    pub(in crate::techniques::chains) fn no_pairs(memory: &Memory) -> bool {
        memory.chains.probe.no_pairs.get()
    }

    /// Turns the X-chain finder's skip of refined planes with the same pairs off (or back
    /// on) for the finders lent `memory`.
    pub(in crate::techniques::chains) fn set_no_pairs(memory: &Memory, on: bool) {
        memory.chains.probe.no_pairs.set(on);
    }

    /// Turns closure pruning off (or back on) for the finders lent `memory`.
    pub(in crate::techniques::chains) fn set_unpruned(memory: &Memory, on: bool) {
        memory.chains.probe.unpruned.set(on);
    }

    /// How often `event` happened in `memory`.
    pub(in crate::techniques::chains) fn counted(memory: &Memory, event: Event) -> usize {
        memory.chains.probe.counts.get()[event as usize]
    }
}
