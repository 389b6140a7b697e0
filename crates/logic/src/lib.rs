//! `sudokit-logic`: human-style solving for every layout sudokit models — a candidate grid
//! (pencil marks), techniques that find *every* instance of a pattern, steps as data with a
//! sentence for people, a solver that applies the easiest technique first in HoDoKu's or Sudoku
//! Explainer's order, an independent soundness check, and the levels people already use.
//!
//! Design decision: as in HoDoKu, a technique's facts (id, HoDoKu code, SE rating, level,
//! score, orders) are one data row ([`TechniqueInfo`], all of them in [`techniques::table`])
//! and its finder is separate code behind the small [`Technique`] trait; the registry
//! ([`techniques::ALL`]) is a list with one line per technique, so adding one is one row, one
//! finder, one line and one test case. A [`Step`] is data; text and JSON are
//! two renderings of it ([`render`]).
//!
//! ```
//! use sudokit_core::{Budget, format::{parse_one, InputFormat}};
//! use sudokit_logic::{LogicSolver, Order, PathStatus};
//! let p = parse_one(
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
//!     InputFormat::Auto,
//! ).unwrap();
//! let path = LogicSolver::new(Order::Hodoku).solve(&p, &Budget::unlimited());
//! assert_eq!(path.status, PathStatus::Solved);
//! assert!(path.steps.iter().all(|s| !s.text.is_empty()));
//! ```

pub mod brute;
pub mod check;
pub mod formats;
pub mod grid;
mod hodoku_choice;
mod hodoku_singles;
mod kernel;
pub mod levels;
mod memo;
pub mod memory;
pub mod reglib;
pub mod render;
pub mod se;
pub mod solver;
pub mod step;
pub mod technique;
pub mod techniques;
#[cfg(test)]
mod testrng;

pub use check::{Unsound, check_step};
pub use grid::{CandidateGrid, CellSet, Contradiction};
pub use memory::Memory;
pub use solver::{LogicSolver, Order, Path, PathStatus};
pub use step::{Candidate, Chain, ChainNode, Highlight, LinkKind, Role, Step};
pub use technique::{
    Deadline, Family, Finder, Level, Options, Technique, TechniqueInfo, find_all, find_all_before,
    find_all_in,
};
