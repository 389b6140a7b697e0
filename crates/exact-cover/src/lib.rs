//! `exact_cover` (package `sudokit-exact-cover`): generic exact cover solved by Knuth's
//! Algorithm X with dancing links (DLX).
//!
//! An exact-cover problem has *items* and *options*; each option is a set of items. A solution
//! is a set of options that covers every *primary* item exactly once and every *secondary* item
//! at most once. Sudoku, N queens, polyomino packing and many scheduling puzzles are exact-cover
//! problems; this crate knows nothing about any of them.
//!
//! Design decision: one array-based implementation of Knuth's DLX (TAOCP 7.2.2.1): item
//! headers and option nodes live in a single `Vec` with 32-bit links, options are stored
//! contiguously and separated by spacer nodes, and there is no `unsafe`. The search always
//! branches on the primary item with the fewest remaining options (MRV; ties go to the item
//! declared first), found by scanning a sparse set of the uncovered primary items. It is iterative and
//! resumable, so solutions can be pulled one by one (an [`Iterator`]), pushed to a callback that
//! may stop the search, or just counted, all under an optional node/time [`Budget`] or any
//! [`Termination`] check, with [`Stats`] (nodes, link updates) for every run.
//!
//! # Example
//!
//! Choose freelancers so that every weekday is covered by exactly one of them:
//!
//! ```
//! use exact_cover::{Builder, Outcome};
//!
//! # fn main() -> Result<(), exact_cover::BuildError> {
//! let mut b = Builder::new();
//! for day in ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] {
//!     b.primary(day)?;
//! }
//! let people = [
//!     ("Alice", &["Mon", "Thu", "Sun"][..]),
//!     ("Bob", &["Mon", "Fri"]),
//!     ("Chuck", &["Mon", "Wed", "Fri", "Sun"]),
//!     ("Dan", &["Tue", "Thu"]),
//!     ("Eve", &["Wed", "Sat"]),
//!     ("Frank", &["Tue", "Thu", "Sat"]),
//! ];
//! for (_, days) in &people {
//!     b.option_named(days)?;
//! }
//! let problem = b.build()?;
//!
//! let mut solver = problem.solver();
//! let solutions: Vec<Vec<&str>> = solver
//!     .by_ref()
//!     .map(|options| options.iter().map(|&o| people[o].0).collect())
//!     .collect();
//! assert_eq!(solutions.len(), 1);
//! let mut team = solutions[0].clone();
//! team.sort();
//! assert_eq!(team, ["Chuck", "Frank"]);
//! assert_eq!(solver.outcome(), Some(Outcome::Exhausted));
//! assert!(solver.stats().nodes >= 3);
//! # Ok(())
//! # }
//! ```
//!
//! Counting with a cap and a budget, and stopping from a callback:
//!
//! ```
//! use exact_cover::{Budget, Builder, Item, Outcome};
//! use std::ops::ControlFlow;
//!
//! // Items 0..4; options: every non-empty subset. Solutions are the 15 set partitions.
//! let mut b = Builder::with_items(4, 0);
//! for mask in 1u32..16 {
//!     b.option((0..4).filter(|i| mask >> i & 1 == 1).map(Item)).unwrap();
//! }
//! let p = b.build().unwrap();
//! assert_eq!(p.count(), 15);
//! assert_eq!(p.solver().count_up_to(2), (2, Outcome::Interrupted));
//!
//! let budget = Budget { nodes: Some(1_000_000), time: None };
//! let mut first_with_item_0_alone = None;
//! let end = p.solver().with_budget(budget).for_each_solution(|options| {
//!     if options.contains(&0) {
//!         first_with_item_0_alone = Some(options.to_vec());
//!         return ControlFlow::Break(());
//!     }
//!     ControlFlow::Continue(())
//! });
//! assert_eq!(end, Outcome::Interrupted);
//! assert!(first_with_item_0_alone.is_some());
//! ```

mod problem;
mod search;

pub use problem::{BuildError, Builder, Item, ItemKind, Problem};
pub use search::{Budget, Limiter, Outcome, Solver, Stats, Termination, Unlimited};
