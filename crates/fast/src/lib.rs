//! `sudokit-fast`: the `fast` engine, a solver for the standard 9×9 layout built for
//! throughput.
//!
//! Design decision: the engine works on a fixed-size `[u8; 81]` and a 128-byte bitboard —
//! per digit one 27-bit word per band, so that "one per row, column and box" is checked with
//! a few word operations and small tables (pointing, claiming, hidden and naked singles in
//! bulk) — with everything generic and monomorphised. It branches on where one digit goes in
//! the band or stack with the fewest mini-lines left (a digit with two configurations there
//! when it can), the way tdoku does, with the triad rule (every mini-row and mini-column
//! holds exactly three digits) in its propagation; together they take a quarter of the
//! guesses off a two-candidate-cell choice on the hardest puzzles. A puzzle with fewer than
//! 17 givens (never unique, so its search is a dive through a board full of solutions) is
//! searched without the triad level, branching on cells, where nodes are a fifth cheaper
//! for the same number of guesses; so is the generator's exclusion search
//! ([`Fast::has_solution_excluding`]) for its first [`EXCLUDING_CELL_NODES`] nodes, since its
//! questions, a given or two from a unique puzzle, end in a few nodes in either mode.
//! Inherent fast paths ([`Fast::count_up_to`], [`Fast::solve_first`], [`Fast::run`]) skip the
//! `Grid`/`Arc`/`Vec` handling of the [`Solver`] interface; the [`Solver`] impl is a thin
//! wrapper over [`Fast::run`]. [`Givens`] keeps a puzzle in the board's band words, updated
//! one cell at a time, for callers that ask many questions about puzzles a few givens apart
//! (the generator's removal pass: [`Fast::has_solution_excluding_givens`]).
//! Only the standard layout is supported: anything else is
//! rejected in [`Solver::check_layout`]. On x86-64 the search runs in a variant compiled with
//! `popcnt`/`bmi1`/`bmi2`/`lzcnt`/`avx2`, and with AVX-512 too, when the CPU has them
//! (run-time detection, identical results; [`variant`] says which, and the environment
//! variable `SUDOKIT_FAST_ISA=baseline|avx2` asks for less, for measurements), and
//! band-wide operations use SSE2; that is the crate's only `unsafe`, in one module.
//!
//! ```
//! use sudokit_fast::Fast;
//! let line = b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let mut cells = [0u8; 81];
//! for (c, &ch) in cells.iter_mut().zip(line.iter()) {
//!     *c = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
//! }
//! let (count, _guesses) = Fast::count_up_to(&cells, 2);
//! assert_eq!(count, 1);
//! ```

mod board;
mod dispatch;
mod search;
mod tables;

pub use board::Givens;
pub use dispatch::{Variant, variant};
pub use search::Counters;

use board::Board;
use search::{Callback, CountOnly, NodeCap, Search, Unlimited};
use sudokit_core::{
    End, Flow, Grid, Layout, Limits, Search as SearchReport, SolveError, Solver, Stats, Termination,
};

/// Cell-mode nodes an exclusion search ([`Fast::has_solution_excluding`]) may take before it
/// starts again with the triad level. Of the minimal 9×9 generator's questions, one in 1,700
/// takes 64 or more.
pub const EXCLUDING_CELL_NODES: u64 = 256;

/// The `fast` engine (standard 9×9 only).
#[derive(Clone, Copy, Debug, Default)]
pub struct Fast;

/// The result of [`Fast::run`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found (passed to the callback).
    pub solutions: u64,
    /// How the search ended.
    pub end: End,
    /// Search counters.
    pub counters: Counters,
}

impl Fast {
    /// The engine's name.
    pub const NAME: &'static str = "fast";

    /// Counts solutions of `cells` (reading order, `0` = empty, `1..=9` = given) up to
    /// `limit`; returns `(solutions, guesses)`. Conflicting givens or values above 9 give 0.
    #[inline]
    pub fn count_up_to(cells: &[u8; 81], limit: u64) -> (u64, u64) {
        let Some(board) = Board::from_cells(cells) else {
            return (0, 0);
        };
        if limit == 0 {
            return (0, 0);
        }
        let mut term = Unlimited;
        let mut search = Search::new(&mut term, CountOnly, limit);
        search.run(board);
        (search.solutions, search.counters.guesses)
    }

    /// Whether `cells` has a solution in which no `(cell, digit)` of `excluded` holds: each
    /// listed cell must be empty in `cells` (a given there is a usage error and answers
    /// `false`). This is the cheap form of a uniqueness test the generator needs: a puzzle
    /// `P` with solution `S` stays unique after a given at `c` is removed exactly when the
    /// smaller puzzle has no solution with `c ≠ S[c]`, a single search that can stop at the
    /// first solution instead of counting two.
    #[inline]
    pub fn has_solution_excluding(cells: &[u8; 81], excluded: &[(usize, u8)]) -> bool {
        Board::from_cells(cells).is_some_and(|b| Self::solvable_excluding(b, cells, excluded))
    }

    /// [`Fast::has_solution_excluding`] on a puzzle kept as [`Givens`] (its board is built
    /// from their words, not from the 81 cells; stale words are rebuilt first).
    #[inline]
    pub fn has_solution_excluding_givens(givens: &mut Givens, excluded: &[(usize, u8)]) -> bool {
        givens.refresh();
        Board::from_givens(givens)
            .is_some_and(|b| Self::solvable_excluding(b, givens.cells(), excluded))
    }

    /// Whether `board` (the puzzle `cells`) has a solution avoiding every excluded
    /// (cell, digit); an excluded cell out of range or given answers no.
    ///
    /// Design decision: the search runs in cell mode first, with at most
    /// [`EXCLUDING_CELL_NODES`] nodes, and only a search that needs more starts again with the
    /// triad level. The generator's questions are about puzzles a given or two from unique:
    /// a search that proves "unique" ends at its first node in either mode (98% of them), one
    /// that finds a second solution takes about four nodes in either, so the triad level's
    /// smaller trees do not pay for its dearer nodes (minimal 9×9 generation: 16% fewer
    /// instructions, rot180 13%, docs/bench.md, session 45); on a hard question its trees are
    /// the smaller ones, and the restart costs at most the capped nodes.
    #[inline]
    fn solvable_excluding(board: Board, cells: &[u8; 81], excluded: &[(usize, u8)]) -> bool {
        Self::solvable_excluding_capped(board, cells, excluded, EXCLUDING_CELL_NODES)
    }

    /// [`Fast::solvable_excluding`] with `cap` cell-mode nodes before the triad search.
    #[inline]
    fn solvable_excluding_capped(
        mut board: Board,
        cells: &[u8; 81],
        excluded: &[(usize, u8)],
        cap: u64,
    ) -> bool {
        for &(cell, digit) in excluded {
            if cell >= 81 || cells[cell] != 0 {
                return false;
            }
            board.exclude(cell, digit);
        }
        let mut term = NodeCap(cap);
        let mut search = Search::new(&mut term, CountOnly, 1);
        search.run_cells(board);
        if search.end != End::Budget {
            return search.solutions > 0;
        }
        let mut term = Unlimited;
        let mut search = Search::new(&mut term, CountOnly, 1);
        search.run(board);
        search.solutions > 0
    }

    /// The first solution found, if any, and the number of guesses it took.
    #[inline]
    pub fn solve_first(cells: &[u8; 81]) -> (Option<[u8; 81]>, u64) {
        let mut out = None;
        let outcome = Fast::run(cells, 1, &mut Unlimited, |s| {
            out = Some(*s);
            Flow::Stop
        });
        (out, outcome.counters.guesses)
    }

    /// The general entry point: searches up to `max_solutions` solutions, polling `term` once
    /// per node and passing each solution to `on_solution`.
    pub fn run<T: Termination>(
        cells: &[u8; 81],
        max_solutions: u64,
        term: &mut T,
        on_solution: impl FnMut(&[u8; 81]) -> Flow,
    ) -> Outcome {
        let Some(board) = Board::from_cells(cells) else {
            return Outcome {
                solutions: 0,
                end: End::Exhausted,
                counters: Counters::default(),
            };
        };
        if max_solutions == 0 {
            return Outcome {
                solutions: 0,
                end: End::SolutionLimit,
                counters: Counters::default(),
            };
        }
        let sink = Callback {
            buf: [0; 81],
            f: on_solution,
        };
        let mut search = Search::new(term, sink, max_solutions);
        search.run(board);
        Outcome {
            solutions: search.solutions,
            end: search.end,
            counters: search.counters,
        }
    }

    /// The cells of a standard 9×9 grid as an array (`None` for any other layout).
    pub fn cells_of(grid: &Grid) -> Option<[u8; 81]> {
        if !grid.layout().is_standard_9x9() {
            return None;
        }
        grid.values().try_into().ok()
    }
}

impl Solver for Fast {
    fn name(&self) -> &'static str {
        Fast::NAME
    }

    fn check_layout(&self, layout: &Layout) -> Result<(), SolveError> {
        if layout.is_standard_9x9() {
            Ok(())
        } else {
            Err(SolveError::unsupported(
                Fast::NAME,
                layout,
                "the fast engine only solves the standard 9x9 layout",
            ))
        }
    }

    fn search(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        on_solution: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Result<SearchReport, SolveError> {
        self.check_layout(puzzle.layout())?;
        let cells = Fast::cells_of(puzzle).ok_or_else(|| {
            SolveError::unsupported(Fast::NAME, puzzle.layout(), "grid is not 81 cells")
        })?;
        let mut limiter = limits.budget.start();
        let outcome = Fast::run(&cells, limits.max_solutions, &mut limiter, |s| {
            on_solution(s)
        });
        Ok(SearchReport {
            end: outcome.end,
            solutions: outcome.solutions,
            stats: Stats {
                nodes: outcome.counters.nodes,
                guesses: outcome.counters.guesses,
                backtracks: outcome.counters.backtracks,
                ..Stats::default()
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The puzzles of `data/logic/top95.txt`.
    fn top95() -> Vec<[u8; 81]> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/logic/top95.txt");
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {path}: {e}"));
        text.lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .map(|l| {
                let mut cells = [0u8; 81];
                for (c, b) in cells.iter_mut().zip(l.bytes()) {
                    *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
                }
                cells
            })
            .collect()
    }

    /// The exclusion search answers the same whether it stays in cell mode, restarts with
    /// the triad level after a few nodes or runs the triad level from the start, on top95's
    /// hard puzzles: a given removed and its digit excluded (a second solution), an empty
    /// cell's solution digit excluded (no solution: a whole tree, some past every small cap)
    /// and another digit excluded there (the solution).
    #[test]
    fn exclusion_answers_do_not_depend_on_the_cell_mode_cap() {
        let (mut yes, mut no, mut long) = (0, 0, 0);
        for (n, p) in top95().iter().enumerate().take(40) {
            let (sol, _) = Fast::solve_first(p);
            let sol = sol.expect("top95 puzzles are solvable");
            let givens: Vec<usize> = (0..81).filter(|&i| p[i] != 0).collect();
            let empty: Vec<usize> = (0..81).filter(|&i| p[i] == 0).collect();
            let mut questions = Vec::new();
            // (puzzle, cell, excluded digit, the answer when known in advance)
            for &c in givens.iter().step_by(3) {
                let mut smaller = *p;
                smaller[c] = 0;
                questions.push((smaller, c, sol[c], None));
            }
            for &c in empty.iter().step_by(7) {
                questions.push((*p, c, sol[c], Some(false)));
                questions.push((*p, c, 1 + sol[c] % 9, Some(true)));
            }
            for (q, (cells, c, d, known)) in questions.iter().enumerate() {
                let board = Board::from_cells(cells).expect("consistent givens");
                let mut excluded = board;
                excluded.exclude(*c, *d);
                let mut term = NodeCap(u64::MAX);
                let mut search = Search::new(&mut term, CountOnly, 1);
                search.run_cells(excluded);
                long += usize::from(search.counters.nodes > 32);
                let answers: Vec<bool> = [0, 1, 4, 32, EXCLUDING_CELL_NODES, u64::MAX]
                    .iter()
                    .map(|&cap| Fast::solvable_excluding_capped(board, cells, &[(*c, *d)], cap))
                    .collect();
                assert!(
                    answers.iter().all(|&a| a == answers[0]),
                    "puzzle {n}, question {q}: {answers:?}"
                );
                if let Some(k) = known {
                    assert_eq!(answers[0], *k, "puzzle {n}, question {q}");
                }
                if answers[0] { yes += 1 } else { no += 1 }
            }
        }
        assert!(
            yes > 20 && no > 20 && long > 0,
            "{yes} yes, {no} no, {long} restarted at every cap below {EXCLUDING_CELL_NODES}"
        );
    }
}
