//! `sudokit-dlx`: the `dlx` engine. A puzzle of any sudokit layout becomes an exact-cover
//! problem ([`SudokuCover`]) that the generic `exact_cover` crate solves with dancing links.
//!
//! Design decision: the mapping, not the search, is Sudoku-specific. Primary items are one per
//! empty cell ("the cell holds a digit") and one per house and digit that the givens have not
//! yet placed ("the house holds the digit"), for every house of the layout — rows, columns,
//! boxes or jigsaw regions, and the diagonals of X sudoku alike, since every house is a
//! permutation of 1..=N. Anti-knight and anti-king pairs that share no house become secondary
//! items, one per pair and digit (at most one of the two cells holds the digit). Givens are
//! applied before the search by leaving their items and every option that clashes with them out
//! of the matrix, so the search only sees the empty cells.
//!
//! ```
//! use sudokit_core::{format::{parse_one, InputFormat}, verify::verify, Solver};
//! use sudokit_dlx::Dlx;
//!
//! let puzzle = parse_one("1...3.......2..4", InputFormat::Auto).unwrap();
//! let solution = Dlx::new().first_solution(&puzzle).unwrap().unwrap();
//! assert!(verify(&puzzle, &solution).is_ok());
//! let empty = parse_one("................", InputFormat::Auto).unwrap();
//! assert_eq!(Dlx::new().count_solutions(&empty, 1000).unwrap(), (288, true));
//! ```

mod cover;

pub use cover::SudokuCover;

use exact_cover::Outcome;
use std::ops::ControlFlow;
use sudokit_core::{End, Flow, Grid, Limits, Search, SolveError, Solver, Stats, Termination};

/// The `dlx` engine: exact cover with dancing links, for every layout and extra constraint.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dlx;

impl Dlx {
    /// The name used with `--engine`.
    pub const NAME: &'static str = "dlx";

    /// The engine (it has no options).
    pub fn new() -> Dlx {
        Dlx
    }
}

impl Solver for Dlx {
    fn name(&self) -> &'static str {
        Dlx::NAME
    }

    fn search(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        on_solution: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Result<Search, SolveError> {
        let cover = SudokuCover::new(puzzle)?;
        let max = limits.max_solutions;
        if max == 0 {
            return Ok(Search {
                end: End::SolutionLimit,
                solutions: 0,
                stats: Stats::default(),
            });
        }
        let mut limiter = limits.budget.start();
        let mut solver = cover
            .problem()
            .solver()
            .with_termination(move || limiter.should_stop());
        let mut values = puzzle.values().to_vec();
        let mut found = 0u64;
        let outcome = solver.for_each_solution(|options| {
            cover.fill(options, &mut values);
            found += 1;
            if on_solution(&values) == Flow::Stop || found >= max {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let end = match outcome {
            Outcome::Exhausted => End::Exhausted,
            Outcome::Interrupted => End::SolutionLimit,
            Outcome::Budget => End::Budget,
        };
        let st = solver.stats();
        let mut stats = Stats {
            nodes: st.nodes,
            guesses: st.guesses,
            backtracks: st.dead_ends,
            ..Stats::default()
        };
        stats.extra.insert("updates", st.updates as f64);
        stats
            .extra
            .insert("options", cover.problem().option_count() as f64);
        stats
            .extra
            .insert("items", cover.problem().item_count() as f64);
        Ok(Search {
            end,
            solutions: found,
            stats,
        })
    }
}
