//! `sudokit-core`: the Sudoku model for every grid size and region layout, the text formats,
//! the independent solution checker, and the [`Solver`] interface that every engine implements.
//!
//! Design decision: this crate holds everything engines and front-ends share and nothing that
//! searches. Engines depend only on it; the CLI, benchmarks and the future web server talk to
//! engines only through [`Solver`]. The checker in [`verify`] deliberately re-derives the rules
//! instead of reusing the precomputed [`Layout`] tables, so it can catch bugs in them.
//!
//! ```
//! use sudokit_core::{format::{parse_one, InputFormat}, verify::verify};
//! let p = parse_one("1234341221434321", InputFormat::Auto).unwrap();
//! assert_eq!(p.size(), 4);
//! assert!(verify(&p, &p).is_ok());
//! ```

pub mod format;
pub mod grid;
pub mod layout;
pub mod rules;
pub mod solver;
pub mod types;
pub mod verify;

pub use grid::{Conflict, Grid};
pub use layout::{Extra, HouseKind, Layout, LayoutError, Regions};
pub use rules::{Pos, Rule, RuleError};
pub use solver::{
    Budget, End, Flow, Limiter, Limits, Report, Request, Search, SolveError, Solver, Stats, Status,
    Termination,
};
pub use types::{Cell, Digit, DigitSet, House, MAX_SIZE};
