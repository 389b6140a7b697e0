//! `colour`: a Sudoku solved as the graph-colouring problem of the seed article, with DSatur.
//!
//! Design decision: the engine is a thin adapter. It builds the layout's graph
//! ([`Graph::from_layout`]: a vertex per cell, an edge per pair of peers, so diagonals and the
//! anti-knight/anti-king pairs come for free), adds the caller's own inequality edges, fixes
//! the givens as pre-coloured vertices and hands the rest to [`ColouringProblem::search`].
//! Colour `c` is digit `c`, so a colouring is a solution grid as it stands. Every layout works.

use crate::graph::{ColouringProblem, Graph};
use sudokit_core::{Cell, Flow, Grid, Layout, Limits, Search, SolveError, Solver};

/// The DSatur graph-colouring engine. See the module docs.
#[derive(Clone, Debug, Default)]
pub struct Colour {
    extra_edges: Vec<(Cell, Cell)>,
}

impl Colour {
    /// The engine on the layout's own graph.
    pub fn new() -> Colour {
        Colour::default()
    }

    /// The engine with extra inequality edges on top of the layout's: each pair of cells must
    /// hold different digits. Solutions then satisfy both the layout and these edges. Puzzles
    /// whose grid does not contain every listed cell are rejected by
    /// [`Solver::check_layout`].
    pub fn with_edges(edges: impl IntoIterator<Item = (Cell, Cell)>) -> Colour {
        Colour {
            extra_edges: edges.into_iter().collect(),
        }
    }

    /// The extra edges.
    pub fn extra_edges(&self) -> &[(Cell, Cell)] {
        &self.extra_edges
    }

    /// The colouring problem for `puzzle`: its layout's graph plus the extra edges, the givens
    /// pre-coloured.
    pub fn problem(&self, puzzle: &Grid) -> Result<ColouringProblem, SolveError> {
        let fail = |e: crate::graph::GraphError| {
            SolveError::unsupported(self.name(), puzzle.layout(), e.to_string())
        };
        let mut graph = Graph::from_layout(puzzle.layout());
        for &(a, b) in &self.extra_edges {
            graph.add_edge(a.index(), b.index()).map_err(fail)?;
        }
        let mut p = ColouringProblem::new(graph, puzzle.size()).map_err(fail)?;
        for (v, &d) in puzzle.values().iter().enumerate() {
            if d != 0 {
                p.fix(v, usize::from(d)).map_err(fail)?;
            }
        }
        Ok(p)
    }
}

impl Solver for Colour {
    fn name(&self) -> &'static str {
        "colour"
    }

    fn check_layout(&self, layout: &Layout) -> Result<(), SolveError> {
        let cells = layout.cell_count();
        for &(a, b) in &self.extra_edges {
            if a.index() >= cells || b.index() >= cells || a == b {
                return Err(SolveError::unsupported(
                    self.name(),
                    layout,
                    format!(
                        "the extra edge between cells {} and {} is not a pair of distinct cells of the grid",
                        a.index(),
                        b.index()
                    ),
                ));
            }
        }
        Ok(())
    }

    fn search(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        on_solution: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Result<Search, SolveError> {
        let r = self.problem(puzzle)?.search(limits, on_solution);
        Ok(Search {
            end: r.end,
            solutions: r.solutions,
            stats: r.stats,
        })
    }
}
