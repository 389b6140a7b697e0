//! Implication graphs given as successor lists: strongly connected components (Tarjan's
//! algorithm, without recursion) and, per component, the set of nodes it reaches.
//!
//! Design decision: reachability comes from the components and one bit row per component
//! filled as Tarjan's algorithm completes its component (every component a row reads is complete
//! by then; a sink is numbered the moment it is reached and never enters the stacks), so
//! the whole graph costs one walk instead of one search per root. The finders' chain closure
//! and the rater's forcing-chain filters and reach sets all build a [`Components`] from their
//! own graph.
//!
//! Each edge is read once (session 53): every frame of the walk carries a row that gathers
//! what its node reaches as the edges are read (a sink's bit, a complete component's row),
//! and a returning frame's row is merged into its caller's, so the frame of a component's
//! first node holds the component's row when it completes. (Until then the rows were merged
//! by a second pass over the edges of each completed component's nodes.) A node's state is
//! one mark (unseen, its number while on the stack, or its complete component), so an edge
//! costs one load; rows are whole 256-bit blocks, so a merge has no word-by-word tail.
//! 5,164.5 → 5,135.9 M instructions on `explain --order hodoku` of the first tenth of
//! top1465.
//!
//! An edge to an unseen node leaves the edge loop (session 69, issue 45): a sink is numbered
//! there, its bit set, and the list read on from the next edge; any other node is descended
//! into. The same marks, numbers and rows in the same order (the sink is numbered before the
//! next edge is read, as it was inside the loop), with less kept live in the loop:
//! 3,695.7 → 3,694.1 M instructions on `explain --order hodoku` of mt10th (the forcing
//! tables' share 377.5 → 376.2 M). (Rows written word by word instead of `resize` and
//! `extend_from_slice`, which call `memset` and `memcpy` per row, cost more: +29 to +53 M.)
//! Measured and dropped in session 70 (mt10th, base 255.4 M inclusive here): frames kept
//! clear in a buffer that only grows, each cleared as it is merged into its caller's (no
//! `memset` per frame), +10.0 M; rows of 1 to 6 blocks pushed as arrays of their size (no
//! `memset`/`memcpy` call), +4.2 M; merges of complete rows made out of the edge loop (which
//! then reads on), to keep less live in it, +41.9 M.

/// Words per block: a row is whole blocks (the bits past the last node stay 0), so merging
/// rows is a loop over whole 256-bit words.
const BLOCK: usize = 4;

/// `a |= b` over the whole blocks of both.
#[inline]
fn or_into(a: &mut [u64], b: &[u64]) {
    let (a, b) = (a.as_chunks_mut::<BLOCK>().0, b.as_chunks::<BLOCK>().0);
    for (x, y) in a.iter_mut().zip(b) {
        for (x, y) in x.iter_mut().zip(y) {
            *x |= y;
        }
    }
}

/// A graph's strongly connected components with what each reaches: one bit row per
/// component over the nodes, filled when Tarjan's algorithm completes the component (every
/// component a row reads is complete by then).
pub(crate) struct Components {
    /// Component of each node, numbered in completion order, so every edge goes to a
    /// component with the same or a lower number.
    pub(crate) comp: Vec<u32>,
    /// Nodes per component.
    pub(crate) size: Vec<u32>,
    /// Words per row (whole blocks).
    words: usize,
    /// Per component: the nodes it reaches, its own included.
    reach: Vec<u64>,
}

impl Components {
    /// The components of the graph with `nodes` nodes and successor lists
    /// `succ[start[v]..start[v + 1]]`: Tarjan's algorithm without recursion, each row
    /// gathered in the walk's frames and taken from its first node's frame as its component
    /// completes.
    ///
    /// A sink (a node with no successors: most "off" nodes of a forcing graph, most "false"
    /// states of a chain closure) is its own component the moment it is reached, so it is
    /// numbered then, as the full algorithm would (it would complete it at once), without
    /// entering the stacks; a row reaching a sink sets its bit instead of merging its row.
    /// Every other complete component's row is merged once per frame (graphs built from
    /// links have many parallel edges).
    pub(crate) fn new(nodes: usize, start: &[u32], succ: &[u32]) -> Components {
        // A node's mark: UNSEEN, its discovery number while it is on the stack (below
        // SINK), or DONE with its component (or with SINK, for a sink) once that is complete.
        const UNSEEN: u32 = u32::MAX;
        const DONE: u32 = 1 << 31;
        const SINK: u32 = 1 << 30;
        assert!(nodes < SINK as usize, "too many nodes for the marks");
        let words = BLOCK * nodes.div_ceil(64 * BLOCK).max(1);
        let mut mark = vec![UNSEEN; nodes];
        let mut comp = vec![UNSEEN; nodes];
        // Per component: size, the frame (discovery number of its node) that last merged its
        // row; and the rows.
        // (At most one component a node: room for all, so nothing is copied as they come.)
        let mut size: Vec<u32> = Vec::with_capacity(nodes);
        let mut merged: Vec<u32> = Vec::with_capacity(nodes);
        let mut reach: Vec<u64> = Vec::with_capacity(nodes * words);
        let mut stack: Vec<u32> = Vec::with_capacity(nodes);
        // Call stack: (node, next successor position, lowest link).
        let mut calls: Vec<(u32, u32, u32)> = Vec::with_capacity(nodes);
        // One row per frame (the node being expanded, then those in `calls`, from the top):
        // what it and the nodes of its component below it reach so far.
        let mut acc: Vec<u64> = Vec::new();
        let mut next_index = 0u32;
        let is_sink = |v: usize| start[v] == start[v + 1];
        // A sink's component: numbered, its row its own bit.
        macro_rules! sink_component {
            ($v:expr) => {{
                let v = $v;
                comp[v] = size.len() as u32;
                mark[v] = DONE | SINK;
                size.push(1);
                merged.push(UNSEEN);
                reach.resize(reach.len() + words, 0);
                let at = reach.len() - words;
                reach[at + v / 64] |= 1 << (v % 64);
            }};
        }
        // Node `v` discovered: numbered, on the stack, its frame's row holding it.
        macro_rules! enter {
            ($v:expr) => {{
                let v = $v;
                mark[v] = next_index;
                next_index += 1;
                stack.push(v as u32);
                acc.resize(acc.len() + words, 0);
                let at = acc.len() - words;
                acc[at + v / 64] |= 1 << (v % 64);
            }};
        }
        for root in 0..nodes {
            if mark[root] != UNSEEN {
                continue;
            }
            if is_sink(root) {
                sink_component!(root);
                continue;
            }
            // The node being expanded, its next successor and its lowest link are kept here;
            // `calls` holds the nodes below it with theirs.
            let (mut v, mut pos) = (root, start[root] as usize);
            enter!(v);
            let mut low = mark[v];
            loop {
                let end = start[v + 1] as usize;
                let at = acc.len() - words;
                let id = mark[v];
                // The rest of `v`'s list is read through an iterator over it and `v`'s
                // frame row through a slice of its own (no index checks on either); a
                // sink's mark is tested first (most edges of a forcing graph or a chain
                // closure end in one).
                let mut descend = None;
                let mut rest = succ[pos..end].iter();
                let frame = &mut acc[at..];
                for &w in rest.by_ref() {
                    let w = w as usize;
                    let m = mark[w];
                    if m == DONE | SINK {
                        // A sink's bit is set (again, if reached twice: setting a bit is
                        // its own merge).
                        frame[w / 64] |= 1 << (w % 64);
                    } else if m < DONE {
                        // On the stack: in this component.
                        low = low.min(m);
                    } else if m == UNSEEN {
                        // Numbered below: a sink at once, another node by descending.
                        descend = Some(w);
                        break;
                    } else {
                        // Another complete component's row, merged once per frame.
                        let cw = (m & !DONE) as usize;
                        if merged[cw] != id {
                            merged[cw] = id;
                            or_into(frame, &reach[cw * words..(cw + 1) * words]);
                        }
                    }
                }
                pos = end - rest.len();
                if let Some(w) = descend {
                    if is_sink(w) {
                        // An unseen sink: numbered, its bit set, and `v`'s list read on.
                        sink_component!(w);
                        acc[at + w / 64] |= 1 << (w % 64);
                        continue;
                    }
                    calls.push((v as u32, pos as u32, low));
                    enter!(w);
                    low = mark[w];
                    (v, pos) = (w, start[w] as usize);
                    continue;
                }
                let complete = low == id;
                if complete {
                    // `v` completes a component: the stack from `v` up, its row the frame's.
                    let from = stack.iter().rposition(|&w| w as usize == v).unwrap_or(0);
                    let c = size.len() as u32;
                    size.push((stack.len() - from) as u32);
                    merged.push(UNSEEN);
                    for &m in &stack[from..] {
                        comp[m as usize] = c;
                        mark[m as usize] = DONE | c;
                    }
                    stack.truncate(from);
                    reach.extend_from_slice(&acc[at..]);
                }
                let Some((u, upos, ulow)) = calls.pop() else {
                    acc.clear();
                    break;
                };
                // The caller's frame takes what `v`'s frame holds (all of `v`'s component's
                // row, when it is complete).
                let u = u as usize;
                let (below, above) = acc.split_at_mut(at);
                or_into(&mut below[at - words..], above);
                if complete {
                    merged[size.len() - 1] = mark[u];
                }
                acc.truncate(at);
                low = ulow.min(low);
                (v, pos) = (u, upos as usize);
            }
        }
        Components {
            comp,
            size,
            words,
            reach,
        }
    }

    /// The parts: the component of each node, the words of a row, and the rows (component
    /// `c`'s row at word `c * words`), for a caller that keeps the rows as its own tables.
    pub(crate) fn into_rows(self) -> (Vec<u32>, usize, Vec<u64>) {
        (self.comp, self.words, self.reach)
    }

    /// The nodes `v` reaches (itself included), as bits.
    #[inline]
    pub(crate) fn row(&self, v: usize) -> &[u64] {
        let c = self.comp[v] as usize;
        &self.reach[c * self.words..(c + 1) * self.words]
    }

    /// Whether `from` reaches `to`.
    #[inline]
    pub(crate) fn reaches(&self, from: usize, to: usize) -> bool {
        // The word of `to` in `from`'s row, indexed once (a node's word lies in its row).
        debug_assert!(to < self.comp.len());
        let c = self.comp[from] as usize;
        self.reach[c * self.words + to / 64] >> (to % 64) & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Successor lists from an edge list.
    fn lists(nodes: usize, edges: &[(u32, u32)]) -> (Vec<u32>, Vec<u32>) {
        let mut start = vec![0u32];
        let mut succ = Vec::new();
        for v in 0..nodes as u32 {
            succ.extend(edges.iter().filter(|e| e.0 == v).map(|e| e.1));
            start.push(succ.len() as u32);
        }
        (start, succ)
    }

    /// Reach sets agree with a plain search from every node, on small pseudo-random graphs
    /// with cycles, sinks and parallel edges.
    #[test]
    fn reach_rows_match_a_search_from_every_node() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..60 {
            // Some graphs span more than one block of a row.
            let nodes = if round % 10 == 9 {
                250 + 3 * round
            } else {
                1 + round % 90
            };
            let mut edges = Vec::new();
            for _ in 0..nodes * 2 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let (a, b) = ((x % nodes as u64) as u32, ((x >> 20) % nodes as u64) as u32);
                // About a third of the nodes stay sinks.
                if a % 3 != 0 {
                    edges.push((a, b));
                }
            }
            let (start, succ) = lists(nodes, &edges);
            let comps = Components::new(nodes, &start, &succ);
            for from in 0..nodes {
                let mut seen = vec![false; nodes];
                let mut todo = vec![from];
                seen[from] = true;
                while let Some(v) = todo.pop() {
                    for &w in &succ[start[v] as usize..start[v + 1] as usize] {
                        if !seen[w as usize] {
                            seen[w as usize] = true;
                            todo.push(w as usize);
                        }
                    }
                }
                for (to, &s) in seen.iter().enumerate() {
                    assert_eq!(comps.reaches(from, to), s, "round {round}: {from} -> {to}");
                }
                // The padding past the last node is clear.
                let row = comps.row(from);
                assert_eq!(row.len() % BLOCK, 0);
                for to in nodes..64 * row.len() {
                    assert_eq!(row[to / 64] >> (to % 64) & 1, 0, "round {round}: padding");
                }
            }
            // Every edge goes to a component with the same or a lower number.
            for &(a, b) in &edges {
                assert!(comps.comp[b as usize] <= comps.comp[a as usize]);
            }
            assert_eq!(comps.size.iter().sum::<u32>() as usize, nodes);
        }
    }
}
