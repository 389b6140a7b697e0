//! `sudokit-generate`: seeded puzzle generation for every layout sudokit models — random full
//! grids and seed `002`'s root solution, clue removal that keeps a unique solution (proved by
//! the fast engines), minimality, the ten symmetry classes, givens ranges, given patterns,
//! random jigsaw maps, difficulty targets with neighbourhood search — plus the 9×9 canonical
//! form, a puzzle's properties, and the targeted search for symmetric puzzles with few givens
//! ([`fewgivens`]).
//!
//! Design decision: everything random flows from one `u64` seed through [`rng::Rng`], and
//! puzzle `i` of a run is made from its own derived seed, so any puzzle replays exactly and
//! output does not depend on thread count. Uniqueness is always proved by a complete engine
//! through the `Solver` trait ([`unique::Checker`]); difficulty is measured behind the
//! [`rate::Rater`] trait; the default is the SE-compatible rater ([`rate::SeRater`]).
//!
//! ```
//! use std::sync::Arc;
//! use sudokit_core::Layout;
//! use sudokit_generate::{Config, Generator, Symmetry};
//! let mut config = Config::new(Arc::new(Layout::standard(9).unwrap()));
//! config.symmetry = Symmetry::Rot180;
//! let generator = Generator::new(config).unwrap();
//! let made = generator.generate(7).unwrap();
//! assert!(Symmetry::Rot180.holds(made.puzzle.values(), 9));
//! assert_eq!(generator.generate(7).unwrap().puzzle.values(), made.puzzle.values());
//! ```

pub mod bands;
pub mod canon;
pub mod check;
pub mod cycles9;
pub mod fewgivens;
pub mod fill;
pub mod generator;
pub mod jigsaw;
pub mod killer_search;
pub mod rate;
pub mod rng;
pub mod singles9;
pub mod swap;
pub mod symmetry;
pub mod uniform;
pub mod unique;
pub mod variant;

pub use generator::{Config, Generated, Generator, LayoutChoice, parse_pattern};
pub use rate::{ProvisionalSe, Rater, Rating, SeRater, Target};
pub use rng::Rng;
pub use symmetry::Symmetry;
pub use unique::{Checker, Count};

/// Why generation could not run or finish.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GenError {
    /// The symmetry does not fit the layout.
    #[error("{0}")]
    BadSymmetry(String),
    /// The givens range cannot be met.
    #[error("givens: {0}")]
    BadGivens(String),
    /// The pattern is malformed or does not fit.
    #[error("pattern: {0}")]
    BadPattern(String),
    /// A difficulty target cannot be met.
    #[error("target: {0}")]
    BadTarget(String),
    /// The layout or option is not supported.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The layout has no full grid at all (an exact engine found the empty grid unsolvable).
    #[error("{layout} has no solution grid: an exact search proves its empty grid unsolvable")]
    NoGrid {
        /// Layout description.
        layout: String,
    },
    /// The randomised fill alone ([`fill::backtrack_grid`]) stalled on every attempt.
    #[error("the randomised fill stalled {attempts} times on {layout}")]
    Stalled {
        /// Layout description.
        layout: String,
        /// Fill attempts made.
        attempts: usize,
    },
    /// The per-puzzle budget ran out.
    #[error("budget ran out after {attempts} grid{}", if *attempts == 1 { "" } else { "s" })]
    Budget {
        /// Full grids drawn.
        attempts: u64,
    },
    /// An engine could not be used for uniqueness checks.
    #[error("engine: {0}")]
    Engine(String),
    /// A puzzle is not a standard 9×9 grid (canonical form).
    #[error("canonical form needs a standard 9x9 puzzle, not {0}")]
    NotStandard(String),
}
