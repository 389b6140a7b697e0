//! Depth-first search over [`Board`]s.
//!
//! Design decision: the search is generic over the budget ([`Termination`]) and over what is
//! done with a solution ([`Sink`]), so the benchmark fast path (count only, no budget) compiles
//! to a loop with no callbacks or clock checks, while the [`sudokit_core::Solver`] path polls
//! the budget once per node. A choice point copies the 128-byte board on the stack for the
//! first branch (a digit's first configuration in a band or stack, or a guessed digit placed
//! at once) and continues in place with that branch excluded for the rest ("guess, then
//! refute"), so nothing is allocated while searching. The recursive search is written once
//! (a macro) and compiled four times, for the baseline CPU, with bit-manipulation instructions
//! and AVX2 (with and without `pext`/`pdep`) and with AVX-512 as well;
//! [`crate::dispatch`] picks one at run time. The mode (triad level and configuration
//! branching, or neither) is chosen once per search from the number of givens
//! ([`FEW_GIVENS`]), not per node: measured, a per-node rule by unsolved cells or "cell mode
//! until the first contradiction" cost the hardest puzzles 5–10%.

use crate::board::{Board, Lines};
use sudokit_core::{End, Flow, Termination};

/// Puzzles with fewer givens than this are searched in cell mode (no triad level, branching
/// on cells). Every uniquely solvable 9×9 puzzle has at least 17 givens (McGuire, Tugemann
/// and Civario, 2012), so such a puzzle has several solutions or none, and its search is a
/// dive through a board where almost every guess is right: there the triad level's pruning
/// does not pay for its cost per node (on 10,000 17-clue puzzles with 1–3 givens removed,
/// cell mode, which tries the least constraining digit first ([`Board::choose_cell`]), takes
/// 14.5 guesses per first solution against the triad level's 15.6, at 0.22 µs a node instead
/// of 0.27 µs), while on puzzles with one solution it takes a quarter of the guesses off.
pub(crate) const FEW_GIVENS: u32 = 17;

/// Search counters, cheap to copy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Propagation rounds (one per search node).
    pub nodes: u64,
    /// Choice points: how often the search had to guess.
    pub guesses: u64,
    /// Dead ends (contradictions) undone.
    pub backtracks: u64,
}

/// What to do with each solution.
pub(crate) trait Sink {
    /// Called once per solution; [`Flow::Stop`] ends the search.
    fn found(&mut self, board: &Board) -> Flow;
}

/// Counts only.
pub(crate) struct CountOnly;

impl Sink for CountOnly {
    #[inline(always)]
    fn found(&mut self, _board: &Board) -> Flow {
        Flow::Continue
    }
}

/// Writes each solution into a buffer and calls a closure with it.
pub(crate) struct Callback<F: FnMut(&[u8; 81]) -> Flow> {
    pub(crate) buf: [u8; 81],
    pub(crate) f: F,
}

impl<F: FnMut(&[u8; 81]) -> Flow> Sink for Callback<F> {
    #[inline]
    fn found(&mut self, board: &Board) -> Flow {
        board.write_solution(&mut self.buf);
        (self.f)(&self.buf)
    }
}

/// A budget that never stops.
pub(crate) struct Unlimited;

impl Termination for Unlimited {
    #[inline(always)]
    fn should_stop(&mut self) -> bool {
        false
    }
}

/// A budget of search nodes: stops the search at the node after the last.
pub(crate) struct NodeCap(pub(crate) u64);

impl Termination for NodeCap {
    #[inline(always)]
    fn should_stop(&mut self) -> bool {
        if self.0 == 0 {
            return true;
        }
        self.0 -= 1;
        false
    }
}

/// Defines a recursive search method with the given attributes; the method calls itself, so
/// the whole search tree runs in code compiled with the same target features.
macro_rules! search_fn {
    ($(#[$attr:meta])* $vis:vis fn $name:ident using $isa:ty) => {
        $(#[$attr])*
        $vis fn $name(&mut self, mut board: Board) -> bool {
            let mut lines = Lines::default();
            loop {
                if self.term.should_stop() {
                    self.end = End::Budget;
                    return true;
                }
                self.counters.nodes += 1;
                if !board.propagate::<$isa>(&mut lines, self.triads) {
                    self.counters.backtracks += 1;
                    return false;
                }
                if board.is_solved() {
                    self.solutions += 1;
                    let flow = self.sink.found(&board);
                    if flow == Flow::Stop || self.solutions >= self.max {
                        self.end = End::SolutionLimit;
                        return true;
                    }
                    return false;
                }
                let choice = if self.triads {
                    board.choose(&lines)
                } else {
                    board.choose_cell()
                };
                self.counters.guesses += 1;
                let mut child = board;
                child.assign::<$isa>(choice);
                if self.$name(child) {
                    return true;
                }
                board.eliminate::<$isa>(choice);
            }
        }
    };
}

/// The state of one search.
pub(crate) struct Search<'t, T: Termination, S: Sink> {
    pub(crate) term: &'t mut T,
    pub(crate) sink: S,
    pub(crate) max: u64,
    pub(crate) solutions: u64,
    pub(crate) counters: Counters,
    pub(crate) end: End,
    /// Whether nodes run the triad level and branch on configurations (see
    /// [`Search::run`]); otherwise they stop at the column level and branch on cells.
    pub(crate) triads: bool,
}

impl<'t, T: Termination, S: Sink> Search<'t, T, S> {
    /// A search that stops after `max` solutions.
    pub(crate) fn new(term: &'t mut T, sink: S, max: u64) -> Self {
        Search {
            term,
            sink,
            max,
            solutions: 0,
            counters: Counters::default(),
            end: End::Exhausted,
            triads: true,
        }
    }

    /// Searches from `board`; `true` means stop everything (limit, callback or budget).
    /// Runs the variant compiled for the running CPU (see [`crate::dispatch`]).
    /// A puzzle with fewer than [`FEW_GIVENS`] givens is searched without the triad level.
    #[inline]
    pub(crate) fn run(&mut self, board: Board) -> bool {
        self.triads = board.placed() >= FEW_GIVENS;
        crate::dispatch::run(self, board)
    }

    /// Searches from `board` in cell mode (no triad level, branching on cells) whatever the
    /// number of givens.
    #[inline]
    pub(crate) fn run_cells(&mut self, board: Board) -> bool {
        self.triads = false;
        crate::dispatch::run(self, board)
    }

    search_fn! {
        /// The search compiled for the baseline CPU.
        pub(crate) fn run_baseline using crate::dispatch::Baseline
    }

    #[cfg(target_arch = "x86_64")]
    search_fn! {
        /// The search compiled with `popcnt`, `bmi1`, `bmi2`, `lzcnt` and `avx2` (bit
        /// counting and scanning in one instruction each; the SSE2 band operations and the
        /// board copies in VEX form, with the SSE4.1 tests that AVX2 implies).
        #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
        pub(crate) fn run_bmi using crate::dispatch::Bmi
    }

    #[cfg(target_arch = "x86_64")]
    search_fn! {
        /// The search compiled with `run_bmi`'s features and the AVX-512 extensions of Intel's
        /// Ice Lake and AMD's Zen 4 (see [`crate::dispatch::has_avx512`]): the same source,
        /// which LLVM then compiles with three-input logic (`vpternlog`), mask registers for
        /// the vector tests and 32 vector registers.
        #[target_feature(
            enable = "popcnt,bmi1,bmi2,lzcnt,avx2,avx512f,avx512vl,avx512bw,avx512dq,avx512cd,avx512vpopcntdq,avx512bitalg,avx512vbmi,avx512vbmi2"
        )]
        pub(crate) fn run_avx512 using crate::dispatch::Avx512
    }

    #[cfg(target_arch = "x86_64")]
    search_fn! {
        /// The search compiled with the same features as `run_bmi` but with the table forms of
        /// the pattern lookups instead of `pext`/`pdep`, for CPUs where those two are
        /// microcoded (AMD before Zen 3).
        #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
        pub(crate) fn run_bmi_tables using crate::dispatch::Baseline
    }
}
