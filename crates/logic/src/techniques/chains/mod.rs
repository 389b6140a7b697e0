//! Chains and loops over strong and weak links: X-chain (one digit), XY-chain (bivalue cells),
//! AIC (alternating inference chain, any links), discontinuous and continuous nice loops, and
//! the grouped forms of the last three (group nodes: a digit's places where two houses meet;
//! with [`Options::chain_als`](crate::Options) also almost locked sets, one node per digit).
//! Every layout: links come from houses (a digit with two places) and cells (two candidates),
//! and "sees" is the layout's peer relation, so jigsaw regions, diagonals and anti-knight/king
//! peers all take part.
//!
//! Design decision: one implication graph per grid — a node is a candidate (cell × digit);
//! "strong" (if A is false, B is true) and "weak" (if A is true, B is false) — and one
//! breadth-first search per start node over alternating (false → strong → true → weak →
//! false …) states. Reaching "V true" from "S false" proves S or V; reaching "S true" proves S;
//! from "S true" reaching "S false" disproves S. BFS gives each conclusion its shortest chain,
//! which is also what a person wants to read. The kind of chain (X, XY, any, grouped) is a
//! filter on which links the search may use; group and ALS nodes get ids after the candidates,
//! and a grouped search carries one more bit per state (the chain so far uses a group), so it
//! finds the shortest chain that does, even when a shorter plain one exists.
//!
//! In HoDoKu's order (`Options::hodoku`) the same search stands for HoDoKu's implication
//! tables: one state per node and value (no group bit), links taken in the order HoDoKu files
//! them, the premise's opposite value expanded as any other entry, no length limit, loops
//! closing in their start cell and AICs from both ends, so each chain reported is the one
//! HoDoKu's table records and HoDoKu's rules (`hodoku_choice`) can be applied to it as it
//! is. Such a chain is refused by HoDoKu's lasso rule (checked as it is found, before its step
//! and text are built), not by sudokit's distinct-candidates rule, which would also refuse a
//! group holding an earlier candidate of the chain.

use std::fmt::Write as _;

use sudokit_core::{Cell, Digit, DigitSet, House};

use crate::grid::{CandidateGrid, CellSet};
use crate::kernel::cand::{cand_id, cand_split};
use crate::kernel::graph::Components;
use crate::kernel::se_length::length_increment;
use crate::render::{chain_text, eliminations_text};
use crate::step::{Candidate, Chain, ChainNode, LinkKind, Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};

mod certify;
mod closure;
mod finder;
mod links;
mod probe;
mod regraph;
mod search;
mod state;
#[cfg(test)]
mod tests;

use closure::Closure;
pub use finder::{ChainFinder, Report};
pub use links::Links;
use links::{ALS, CELL, HOUSE, node};
use search::{Found, Scratch, search};
pub(crate) use state::ChainMemory;
use state::{Borrowed, cached_closure, cached_links};

/// Which links a chain search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Strong links in houses only, one digit.
    X,
    /// Strong links in bivalue cells, weak links between equal digits of peer cells.
    Xy,
    /// Any links between single candidates.
    Any,
    /// Any links, and group nodes (a digit in the cells where two houses meet); only chains
    /// that use a group are reported.
    Grouped,
}
