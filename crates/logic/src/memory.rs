//! What finders remember between calls: remembered misses (the `memo` module) and the per-grid
//! caches that consecutive finders share (the digit planes of a grid, the ALS of a grid and
//! their links, the rectangles of a layout and its givens, followed forcing assumptions,
//! HoDoKu's forcing step, chain link graphs and closures).
//!
//! Design decision: this state belongs to whoever walks a solving path, not to a thread. A
//! [`Memory`] is made by the caller — [`LogicSolver::solve_from`](crate::LogicSolver::solve_from)
//! makes one per path, [`find_all`](crate::find_all) a fresh one per call — and lent to every
//! finder through its [`Finder`](crate::Finder), so a finder's state is visible in its type, a
//! cold cache is just a new `Memory`, and two paths on one thread never share anything. Every
//! cache is exact (a hit is only taken on an equal grid state, layout and options), so what a
//! finder reports never depends on what the memory holds: only the time it takes does.
//!
//! Layout-derived tables that are not finder state (a candidate grid's peer geometry, the SE
//! rater's board shape) are shared through small per-thread caches of their own, like an
//! interner: they depend on the layout alone.

#[cfg(test)]
use std::cell::Cell;
use std::cell::RefCell;
use std::rc::Rc;

use crate::memo;
use crate::techniques::{
    als, chains, colouring, complex_fish, forcing, hodoku_forcing, hodoku_uniqueness, single_digit,
    uniqueness,
};

/// A grid state, as [`CandidateGrid::state_key`](crate::CandidateGrid::state_key) gives it.
pub(crate) type StateKey = (u64, Vec<u8>, Vec<u64>);

/// What the finders of one solving path remember. See the module docs.
#[derive(Default)]
pub struct Memory {
    /// Per (technique, digit), the plane on which the finder last reported nothing.
    pub(crate) digits: RefCell<memo::Memo>,
    /// Per technique, the last grid on which its whole-grid finder reported nothing.
    pub(crate) grids: RefCell<memo::Misses>,
    /// The digit planes of the last grid asked about.
    pub(crate) planes: RefCell<memo::PlanesCache>,
    /// The last grid's ALS (grouped chain links and the ALS finders both need them).
    pub(crate) als: RefCell<Option<(StateKey, Rc<Vec<als::Als>>)>>,
    /// Per house, the ALS its walk found on the last grid enumerated and the inputs it read.
    pub(crate) als_houses: RefCell<als::HouseMemo>,
    /// The last grid's ALS and their restricted-common-candidate links.
    pub(crate) als_links: RefCell<Option<als::Links>>,
    /// The rectangles of the last grid's layout avoiding its givens.
    pub(crate) rectangles: RefCell<Option<uniqueness::RectCache>>,
    /// HoDoKu's unique-rectangle walk of the last grid it was asked on.
    pub(crate) hodoku_rects: RefCell<hodoku_uniqueness::WalkCache>,
    /// Outcomes of forcing assumptions on the last grid, per rule set.
    pub(crate) followed: RefCell<forcing::FollowedCache>,
    /// HoDoKu's forcing step on the last grid, per rule set (HoDoKu's order only).
    pub(crate) hodoku_forcing: RefCell<hodoku_forcing::HodokuForcingCache>,
    /// The chain finders' link graphs, closures, search buffers and kept AIC steps.
    pub(crate) chains: chains::ChainMemory,
    /// The last shared fish walk per (shape, digit, size): finned/sashimi basic fish, and
    /// Franken fish with and without fins (HoDoKu's order).
    pub(crate) basic_finned: RefCell<complex_fish::BasicFinnedMemo>,
    /// The two-link patterns (skyscraper, kite, turbot fish) of each digit's last plane.
    pub(crate) two_links: RefCell<memo::PlaneMemo<Vec<single_digit::TwoLinkPattern>>>,
    /// The colour clusters (simple and multi colours) of each digit's last plane.
    pub(crate) clusters: RefCell<memo::PlaneMemo<Vec<colouring::Cluster>>>,
    /// Counters the tests read to see that a memo was used, not only filled.
    #[cfg(test)]
    pub(crate) probe: Probe,
}

impl std::fmt::Debug for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memory").finish_non_exhaustive()
    }
}

impl Memory {
    /// An empty memory: every finder searches in full the first time.
    pub fn new() -> Memory {
        Memory::default()
    }
}

/// How often the memos were used (tests only).
#[cfg(test)]
#[derive(Default)]
pub(crate) struct Probe {
    /// How often [`memo::each_digit_since`] passed lost cells to a finder.
    pub(crate) lost: Cell<usize>,
    /// How many digits [`memo::DigitMisses::new`] marked skippable.
    pub(crate) digit_skips: Cell<usize>,
    /// How many of those were on a plane that lost cells since the miss, with the same houses
    /// holding the digit twice ([`memo::DigitMisses::new`] with `pairs`).
    pub(crate) pair_skips: Cell<usize>,
    /// How often [`memo::since_miss`] passed changed cells to a finder.
    pub(crate) refined: Cell<usize>,
}

#[cfg(test)]
impl Probe {
    /// Adds one to `counter`.
    pub(crate) fn bump(counter: &Cell<usize>) {
        counter.set(counter.get() + 1);
    }
}
