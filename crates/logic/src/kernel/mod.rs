//! The logic kernel: the small pieces both solvers of this crate stand on — candidate ids
//! ([`cand`]), bit helpers ([`bits`]), k-combination walks ([`combos`]), strongly connected
//! components and reach sets of an implication graph ([`graph`]), Sudoku Explainer's
//! chain-length increment ([`se_length`]) and the names of cells and houses ([`naming`]).
//!
//! Design decision: the HoDoKu-style finders (`techniques/`) and the SE rater (`se/`) share
//! this module and nothing else of each other's. Each keeps its own walks — the rater must
//! follow SE's queue and rule order to reproduce SE's numbers, the finders pick the clearest
//! step — but what is the same mathematics (an id for a candidate, which nodes a graph
//! reaches, SE's length table) lives here once. The `boundaries` test reads the sources of
//! both folders and fails when one imports the other's internals.

pub(crate) mod bits;
pub(crate) mod cand;
pub(crate) mod combos;
pub(crate) mod graph;
pub mod naming;
pub(crate) mod se_length;

#[cfg(test)]
mod boundaries;
