//! Implication graphs given as successor lists: strongly connected components (Tarjan's
//! algorithm, without recursion) and, per component, the set of nodes it reaches.
//!
//! Design decision: reachability comes from the components and one bit row per component
//! filled as Tarjan's algorithm completes its component (every component a row reads is complete
//! by then; a sink is numbered the moment it is reached and never enters the stacks), so
//! the whole graph costs one walk instead of one search per root. The finders' chain closure
//! and the rater's forcing-chain filters and reach sets all build a [`Components`] from their
//! own graph.

/// A graph's strongly connected components with what each reaches: one bit row per
/// component over the nodes, filled when Tarjan's algorithm completes the component (every
/// component a row reads is complete by then).
pub(crate) struct Components {
    /// Component of each node, numbered in completion order, so every edge goes to a
    /// component with the same or a lower number.
    pub(crate) comp: Vec<u32>,
    /// Nodes per component.
    pub(crate) size: Vec<u32>,
    /// Words per row.
    words: usize,
    /// Per component: the nodes it reaches, its own included.
    reach: Vec<u64>,
}

impl Components {
    /// The components of the graph with `nodes` nodes and successor lists
    /// `succ[start[v]..start[v + 1]]`: Tarjan's algorithm without recursion, each row
    /// filled as its component completes.
    ///
    /// A sink (a node with no successors: most "off" nodes of a forcing graph, most "false"
    /// states of a chain closure) is its own component the moment it is reached, so it is
    /// numbered then, as the full algorithm would (it would complete it at once), without
    /// entering the stacks; a row reaching a sink sets its bit instead of merging its row.
    /// Every other component's row is merged once per component (graphs built from links
    /// have many parallel edges).
    pub(crate) fn new(nodes: usize, start: &[u32], succ: &[u32]) -> Components {
        const UNSEEN: u32 = u32::MAX;
        let words = nodes.div_ceil(64).max(1);
        // `index` is the discovery number (UNSEEN before); a reached node without a
        // component is on the stack.
        let mut index = vec![UNSEEN; nodes];
        let mut low = vec![0u32; nodes];
        let mut comp = vec![UNSEEN; nodes];
        // Per component: size, whether it is a sink, the last component that merged its
        // row; and the rows.
        // (At most one component a node: room for all, so nothing is copied as they come.)
        let mut size: Vec<u32> = Vec::with_capacity(nodes);
        let mut sink: Vec<bool> = Vec::with_capacity(nodes);
        let mut merged: Vec<u32> = Vec::with_capacity(nodes);
        let mut reach: Vec<u64> = Vec::with_capacity(nodes * words);
        let mut stack: Vec<u32> = Vec::with_capacity(nodes);
        // Call stack: (node, next successor position).
        let mut calls: Vec<(u32, u32)> = Vec::with_capacity(nodes);
        let mut next_index = 0u32;
        let is_sink = |v: usize| start[v] == start[v + 1];
        // A new component with `n` nodes: its row, size and flags.
        macro_rules! open {
            ($n:expr, $sink:expr) => {{
                reach.resize(reach.len() + words, 0);
                size.push($n);
                sink.push($sink);
                merged.push(UNSEEN);
            }};
        }
        // A sink's component: numbered, its row its own bit.
        macro_rules! sink_component {
            ($v:expr) => {{
                let v = $v;
                comp[v] = size.len() as u32;
                open!(1, true);
                let at = reach.len() - words;
                reach[at + v / 64] |= 1 << (v % 64);
            }};
        }
        for root in 0..nodes {
            if index[root] != UNSEEN {
                continue;
            }
            index[root] = next_index;
            next_index += 1;
            if is_sink(root) {
                sink_component!(root);
                continue;
            }
            // The node being expanded, its next successor and its lowest link are kept here;
            // `calls` holds the nodes below it with their next successor.
            let (mut v, mut pos) = (root, start[root] as usize);
            low[v] = index[v];
            stack.push(v as u32);
            loop {
                let end = start[v + 1] as usize;
                let mut descended = false;
                while pos < end {
                    let w = succ[pos] as usize;
                    pos += 1;
                    if index[w] == UNSEEN {
                        index[w] = next_index;
                        next_index += 1;
                        if is_sink(w) {
                            sink_component!(w);
                        } else {
                            calls.push((v as u32, pos as u32));
                            low[w] = index[w];
                            stack.push(w as u32);
                            (v, pos) = (w, start[w] as usize);
                            descended = true;
                            break;
                        }
                    } else if comp[w] == UNSEEN {
                        low[v] = low[v].min(index[w]);
                    }
                }
                if descended {
                    continue;
                }
                if low[v] == index[v] {
                    // `v` completes a component: the stack from `v` up.
                    let from = stack.iter().rposition(|&w| w as usize == v).unwrap_or(0);
                    let c = size.len();
                    open!((stack.len() - from) as u32, false);
                    for &m in &stack[from..] {
                        comp[m as usize] = c as u32;
                    }
                    let (done, row) = reach.split_at_mut(c * words);
                    for &m in &stack[from..] {
                        let m = m as usize;
                        row[m / 64] |= 1 << (m % 64);
                        for &w in &succ[start[m] as usize..start[m + 1] as usize] {
                            let cw = comp[w as usize] as usize;
                            // A sink's bit is set at once (again, if reached twice: setting
                            // a bit is its own merge, no need to mark it merged).
                            if sink[cw] {
                                row[w as usize / 64] |= 1 << (w % 64);
                                continue;
                            }
                            if cw == c || merged[cw] == c as u32 {
                                continue;
                            }
                            merged[cw] = c as u32;
                            for (a, b) in row.iter_mut().zip(&done[cw * words..(cw + 1) * words]) {
                                *a |= b;
                            }
                        }
                    }
                    stack.truncate(from);
                }
                let Some((u, upos)) = calls.pop() else {
                    break;
                };
                let u = u as usize;
                low[u] = low[u].min(low[v]);
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
            let nodes = 1 + round % 90;
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
            }
            // Every edge goes to a component with the same or a lower number.
            for &(a, b) in &edges {
                assert!(comps.comp[b as usize] <= comps.comp[a as usize]);
            }
            assert_eq!(comps.size.iter().sum::<u32>() as usize, nodes);
        }
    }
}
