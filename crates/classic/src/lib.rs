//! `sudokit-classic`: the classic algorithms of the seed documents as engines.
//!
//! * [`Backtrack`] (`backtrack`): the worksheet's cell-order brute force, with the article's
//!   rotation trick as an option ([`backtrack`] explains how iterations are counted and how
//!   the rotation is chosen).
//! * [`Colour`] (`colour`): graph colouring with DSatur over an explicit [`Graph`]; library
//!   users can colour their own graphs, or a Sudoku with extra inequality edges, through
//!   [`ColouringProblem`] and [`Colour::with_edges`].
//! * [`Anneal`] (`anneal`): simulated annealing after Lewis (2007), incomplete: it returns a
//!   checked solution or gives up, and takes a seed.
//! * [`Tabu`] (`tabu`): tabu search in the same region-swap space, incomplete and seeded too.
//!
//! Design decision: each engine is a plain struct implementing [`sudokit_core::Solver`],
//! configured by its constructor and builder methods, and depending on nothing but the core
//! model; the registry and the CLI only see the trait. All four serve every layout
//! (boxes of any shape, jigsaw, diagonals, anti-knight, anti-king).
//!
//! # Measured (release build, a shared 2-core machine, so times are rough)
//! * `backtrack` on the seed article's near-worst case: 641,580,843 iterations, exactly the
//!   article's figure (see [`backtrack`] for how they are counted), about 2–4.5 s; with
//!   `orient`, 6,228,638 iterations over all rotations tried, about 0.05 s.
//!   (`cargo run --release -p sudokit-classic --example backtrack_bench`)
//! * `colour` on `top95`: about 236 puzzles/s to the first solution, 118 puzzles/s for the
//!   uniqueness check (count up to 2), all 95 proven unique.
//!   (`cargo run --release -p sudokit-classic --example colour_bench`)
//! * `anneal` on the first 100 puzzles of `magictour_top1465` with 2 s each: 99 solved, median
//!   0.14–0.2 s per puzzle (seeds 1 and 2).
//!   (`cargo run --release -p sudokit-classic --example anneal_bench -- --seed 1`)
//!
//! ```
//! use sudokit_classic::{Anneal, Backtrack, Colour};
//! use sudokit_core::{format::{parse_one, InputFormat}, verify::verify, Solver};
//! let p = parse_one("1...3.....4...2.", InputFormat::Auto).unwrap();
//! for engine in [&Backtrack::new(true) as &dyn Solver, &Colour::new(), &Anneal::new(7)] {
//!     let s = engine.first_solution(&p).unwrap().unwrap();
//!     assert!(verify(&p, &s).is_ok());
//! }
//! ```

pub mod anneal;
pub mod backtrack;
pub mod colour;
pub mod graph;
pub mod rotate;
pub mod singles;
mod space;
pub mod tabu;

pub use anneal::{Anneal, AnnealError};
pub use backtrack::Backtrack;
pub use colour::Colour;
pub use graph::{Colouring, ColouringProblem, Graph, GraphError};
pub use tabu::{Tabu, TabuError};
