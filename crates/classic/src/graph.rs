//! Graphs as adjacency lists and their exact colouring with DSatur and backtracking.
//!
//! Design decision: the colouring search knows nothing about Sudoku. It works on an explicit
//! [`Graph`] (sorted adjacency lists, no self-loops, no parallel edges) and a
//! [`ColouringProblem`] (the graph, the number of colours `k ≤ 64`, and pre-coloured vertices).
//! A Sudoku is one instance: a vertex per cell, an edge per pair of peers
//! ([`Graph::from_layout`]), `k = N`, the givens pre-coloured; a library user can add any
//! inequality edges of their own, or colour a graph that has nothing to do with a grid.
//!
//! The search is DSatur (Brélaz 1979) used as an exact backtracking order, which is the seed
//! article's "standard solver" modification: the next vertex is the uncoloured one whose
//! coloured neighbours show the most distinct colours (its saturation); ties go to the vertex
//! with the most uncoloured neighbours, then to the lowest index, so runs are deterministic.
//! Its colours are tried in ascending order. A vertex whose neighbours already show all `k`
//! colours has the highest saturation of all, so it is picked at once and fails at once: the
//! rule doubles as forward checking. The state is updated incrementally (per vertex and colour,
//! how many coloured neighbours have that colour; per vertex, a bit set of the colours seen and
//! the count of uncoloured neighbours), so a step costs the degree of the vertex coloured plus
//! one scan of the uncoloured vertices to pick the next.

use sudokit_core::solver::Termination;
use sudokit_core::{Cell, End, Flow, Layout, Limits, Stats};

/// Why a graph or a colouring problem could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GraphError {
    /// A vertex number is not below the vertex count.
    #[error("vertex {vertex} is out of range (the graph has {count} vertices)")]
    VertexOutOfRange {
        /// The vertex given.
        vertex: usize,
        /// Vertices in the graph.
        count: usize,
    },
    /// An edge from a vertex to itself can never be coloured.
    #[error("vertex {0} cannot be joined to itself")]
    SelfLoop(usize),
    /// The number of colours must be between 1 and 64.
    #[error("{0} colours requested; between 1 and 64 are supported")]
    ColourCount(usize),
    /// A pre-assigned colour is outside `1..=k`.
    #[error("colour {colour} for vertex {vertex} is outside 1..={colours}")]
    ColourOutOfRange {
        /// The vertex.
        vertex: usize,
        /// The colour given.
        colour: usize,
        /// Number of colours.
        colours: usize,
    },
}

/// An undirected simple graph as sorted adjacency lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    adj: Vec<Vec<u32>>,
}

impl Graph {
    /// A graph with `vertices` vertices and no edges.
    pub fn new(vertices: usize) -> Graph {
        Graph {
            adj: vec![Vec::new(); vertices],
        }
    }

    /// The Sudoku graph of `layout`: a vertex per cell (reading order), an edge between every
    /// two cells that must differ (shared house, or an anti-knight/anti-king pair).
    pub fn from_layout(layout: &Layout) -> Graph {
        let adj = (0..layout.cell_count())
            .map(|i| {
                layout
                    .peers(Cell(i as u16))
                    .iter()
                    .map(|p| u32::from(p.0))
                    .collect()
            })
            .collect();
        Graph { adj }
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.adj.len()
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.adj.iter().map(Vec::len).sum::<usize>() / 2
    }

    /// The neighbours of `v`, ascending. Empty for a vertex out of range.
    pub fn neighbours(&self, v: usize) -> &[u32] {
        self.adj.get(v).map_or(&[], Vec::as_slice)
    }

    /// Whether `a` and `b` are joined.
    pub fn has_edge(&self, a: usize, b: usize) -> bool {
        self.neighbours(a).binary_search(&(b as u32)).is_ok()
    }

    /// Joins `a` and `b` (an inequality constraint). Adding an existing edge does nothing.
    pub fn add_edge(&mut self, a: usize, b: usize) -> Result<(), GraphError> {
        let count = self.adj.len();
        for v in [a, b] {
            if v >= count {
                return Err(GraphError::VertexOutOfRange { vertex: v, count });
            }
        }
        if a == b {
            return Err(GraphError::SelfLoop(a));
        }
        for (x, y) in [(a, b), (b, a)] {
            let list = &mut self.adj[x];
            if let Err(pos) = list.binary_search(&(y as u32)) {
                list.insert(pos, y as u32);
            }
        }
        Ok(())
    }
}

/// A graph, a number of colours `k` (1..=64) and some pre-coloured vertices.
#[derive(Clone, Debug)]
pub struct ColouringProblem {
    graph: Graph,
    colours: usize,
    fixed: Vec<u8>,
}

/// How a colouring search ended, with its counters.
#[derive(Clone, Debug)]
pub struct Colouring {
    /// How the search ended ([`End::Exhausted`] means every colouring was enumerated).
    pub end: End,
    /// Colourings passed to the callback.
    pub solutions: u64,
    /// Counters: `nodes` = colours assigned, `guesses` = colours tried at a vertex beyond its
    /// first, `backtracks` = vertices whose colours ran out.
    pub stats: Stats,
}

impl ColouringProblem {
    /// A problem with `colours` colours and no vertex pre-coloured.
    pub fn new(graph: Graph, colours: usize) -> Result<ColouringProblem, GraphError> {
        if !(1..=64).contains(&colours) {
            return Err(GraphError::ColourCount(colours));
        }
        let fixed = vec![0; graph.vertex_count()];
        Ok(ColouringProblem {
            graph,
            colours,
            fixed,
        })
    }

    /// Pre-colours vertex `v` with `colour` (1..=k); 0 clears it.
    pub fn fix(&mut self, v: usize, colour: usize) -> Result<(), GraphError> {
        let count = self.graph.vertex_count();
        if v >= count {
            return Err(GraphError::VertexOutOfRange { vertex: v, count });
        }
        if colour > self.colours {
            return Err(GraphError::ColourOutOfRange {
                vertex: v,
                colour,
                colours: self.colours,
            });
        }
        self.fixed[v] = colour as u8;
        Ok(())
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// Number of colours.
    pub fn colours(&self) -> usize {
        self.colours
    }

    /// Enumerates proper colourings that extend the pre-coloured vertices, passing each (a
    /// colour 1..=k per vertex) to `on_colouring`, within `limits`. Pre-coloured vertices that
    /// clash with each other simply leave nothing to enumerate.
    pub fn search(
        &self,
        limits: &Limits,
        on_colouring: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Colouring {
        let mut limiter = limits.budget.start();
        let mut d = Dsatur::new(self);
        let mut found = 0;
        let end = if limits.max_solutions == 0 {
            End::SolutionLimit
        } else if !d.fixed_ok {
            End::Exhausted
        } else {
            d.run(&mut limiter, limits.max_solutions, &mut found, on_colouring)
        };
        Colouring {
            end,
            solutions: found,
            stats: d.stats,
        }
    }
}

/// One level of the search: the vertex coloured there and the colours still to try.
#[derive(Clone, Copy, Debug)]
struct Frame {
    vertex: u32,
    left: u64,
    tried_one: bool,
    /// The vertex had two or more colours to try: each one taken is a guess.
    choice: bool,
}

/// The search state. See the module docs.
struct Dsatur<'a> {
    adj: &'a [Vec<u32>],
    k: usize,
    full: u64,
    colour: Vec<u8>,
    /// `seen[v * k + c]`: coloured neighbours of `v` with colour `c + 1`.
    seen: Vec<u16>,
    /// Colours among the coloured neighbours of each vertex.
    mask: Vec<u64>,
    /// Uncoloured neighbours of each vertex.
    free_degree: Vec<u32>,
    /// Uncoloured vertices, and each vertex's position in that list.
    uncoloured: Vec<u32>,
    position: Vec<u32>,
    fixed_ok: bool,
    stats: Stats,
}

impl<'a> Dsatur<'a> {
    fn new(p: &'a ColouringProblem) -> Dsatur<'a> {
        let adj = p.graph.adj.as_slice();
        let v = adj.len();
        let k = p.colours;
        let mut d = Dsatur {
            adj,
            k,
            full: if k == 64 { u64::MAX } else { (1u64 << k) - 1 },
            colour: vec![0; v],
            seen: vec![0; v * k],
            mask: vec![0; v],
            free_degree: adj.iter().map(|a| a.len() as u32).collect(),
            uncoloured: (0..v as u32).collect(),
            position: (0..v as u32).collect(),
            fixed_ok: true,
            stats: Stats::default(),
        };
        for (x, &c) in p.fixed.iter().enumerate() {
            if c != 0 {
                if d.mask[x] >> (c - 1) & 1 == 1 {
                    d.fixed_ok = false;
                }
                d.assign(x, c);
            }
        }
        d
    }

    fn assign(&mut self, v: usize, c: u8) {
        self.colour[v] = c;
        let ci = c as usize - 1;
        for &u in &self.adj[v] {
            let u = u as usize;
            let s = &mut self.seen[u * self.k + ci];
            *s += 1;
            if *s == 1 {
                self.mask[u] |= 1u64 << ci;
            }
            self.free_degree[u] -= 1;
        }
        let pos = self.position[v] as usize;
        let last = self.uncoloured.len() - 1;
        self.uncoloured.swap(pos, last);
        let moved = self.uncoloured[pos] as usize;
        self.position[moved] = pos as u32;
        self.position[v] = last as u32;
        self.uncoloured.pop();
    }

    /// Undoes [`Dsatur::assign`]; must be called in reverse order of assignment.
    fn unassign(&mut self, v: usize) {
        let ci = self.colour[v] as usize - 1;
        self.colour[v] = 0;
        for &u in &self.adj[v] {
            let u = u as usize;
            let s = &mut self.seen[u * self.k + ci];
            *s -= 1;
            if *s == 0 {
                self.mask[u] &= !(1u64 << ci);
            }
            self.free_degree[u] += 1;
        }
        // `v` was swapped to the end when removed; restoring in reverse order puts it back.
        self.position[v] = self.uncoloured.len() as u32;
        self.uncoloured.push(v as u32);
    }

    /// The DSatur choice among the uncoloured vertices (the list must not be empty).
    fn pick(&self) -> usize {
        let mut best = self.uncoloured[0] as usize;
        let mut key = (self.mask[best].count_ones(), self.free_degree[best]);
        for &u in &self.uncoloured[1..] {
            let u = u as usize;
            let k = (self.mask[u].count_ones(), self.free_degree[u]);
            if k > key || (k == key && u < best) {
                best = u;
                key = k;
            }
        }
        best
    }

    fn run(
        &mut self,
        limiter: &mut dyn Termination,
        max_solutions: u64,
        found: &mut u64,
        emit: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> End {
        let mut stack: Vec<Frame> = Vec::with_capacity(self.uncoloured.len());
        // The root state is a node; so is every colour taken below.
        self.stats.nodes += 1;
        loop {
            // Descend: colour the next vertex, or report a full colouring.
            if self.uncoloured.is_empty() {
                *found += 1;
                if emit(&self.colour) == Flow::Stop || *found >= max_solutions {
                    return End::SolutionLimit;
                }
            } else {
                let v = self.pick();
                let left = !self.mask[v] & self.full;
                stack.push(Frame {
                    vertex: v as u32,
                    left,
                    tried_one: false,
                    choice: left.count_ones() >= 2,
                });
            }
            // Take the next colour at the deepest level that has one, undoing as we go up.
            loop {
                let Some(frame) = stack.last_mut() else {
                    return End::Exhausted;
                };
                let v = frame.vertex as usize;
                if frame.tried_one {
                    // The vertex holds its previous colour: take it off before the next.
                    if self.colour[v] != 0 {
                        self.unassign(v);
                    }
                }
                if frame.left == 0 {
                    stack.pop();
                    self.stats.backtracks += 1;
                    continue;
                }
                if limiter.should_stop() {
                    return End::Budget;
                }
                let c = frame.left.trailing_zeros() as u8 + 1;
                frame.left &= frame.left - 1;
                if frame.choice {
                    self.stats.guesses += 1;
                }
                frame.tried_one = true;
                self.stats.nodes += 1;
                self.assign(v, c);
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_are_symmetric_and_deduplicated() {
        let mut g = Graph::new(3);
        g.add_edge(0, 1).unwrap();
        g.add_edge(1, 0).unwrap();
        g.add_edge(2, 1).unwrap();
        assert_eq!(g.edge_count(), 2);
        assert!(g.has_edge(1, 2));
        assert_eq!(g.neighbours(1), &[0, 2]);
        assert_eq!(g.add_edge(1, 1), Err(GraphError::SelfLoop(1)));
        assert!(matches!(
            g.add_edge(0, 3),
            Err(GraphError::VertexOutOfRange { vertex: 3, .. })
        ));
    }

    fn count(p: &ColouringProblem) -> (u64, End) {
        let r = p.search(&Limits::up_to(u64::MAX), &mut |c| {
            for v in 0..c.len() {
                for &u in p.graph().neighbours(v) {
                    assert_ne!(c[v], c[u as usize]);
                }
            }
            Flow::Continue
        });
        (r.solutions, r.end)
    }

    #[test]
    fn counts_colourings_of_small_graphs() {
        // A triangle has k(k-1)(k-2) proper k-colourings.
        let mut t = Graph::new(3);
        t.add_edge(0, 1).unwrap();
        t.add_edge(1, 2).unwrap();
        t.add_edge(0, 2).unwrap();
        let p = ColouringProblem::new(t.clone(), 4).unwrap();
        assert_eq!(count(&p), (24, End::Exhausted));
        assert_eq!(
            count(&ColouringProblem::new(t.clone(), 2).unwrap()),
            (0, End::Exhausted)
        );
        // A 5-cycle has (k-1)^5 - (k-1) proper k-colourings: 30 for k = 3.
        let mut c5 = Graph::new(5);
        for i in 0..5 {
            c5.add_edge(i, (i + 1) % 5).unwrap();
        }
        let mut p = ColouringProblem::new(c5, 3).unwrap();
        assert_eq!(count(&p), (30, End::Exhausted));
        // Fixing one vertex divides by 3.
        p.fix(0, 2).unwrap();
        assert_eq!(count(&p), (10, End::Exhausted));
        // Two clashing fixed colours leave nothing.
        let mut q = ColouringProblem::new(t, 3).unwrap();
        q.fix(0, 1).unwrap();
        q.fix(1, 1).unwrap();
        assert_eq!(count(&q), (0, End::Exhausted));
        assert!(matches!(
            q.fix(0, 4),
            Err(GraphError::ColourOutOfRange { .. })
        ));
        assert_eq!(
            ColouringProblem::new(Graph::new(1), 65).err(),
            Some(GraphError::ColourCount(65))
        );
    }
}
