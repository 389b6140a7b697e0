//! Implication graphs given as successor lists: strongly connected components (Tarjan's
//! algorithm, without recursion) and, per component, the set of nodes it reaches.
//!
//! Design decision: reachability comes from the components and one bit row per component
//! filled in Tarjan's completion order (every component a row reads is complete by then), so
//! the whole graph costs one walk instead of one search per root. The finders' chain closure
//! and the rater's forcing-chain filters and reach sets all build a [`Components`] from their
//! own graph.

/// Strongly connected components (Tarjan, without recursion) of a graph given as successor
/// lists `succ[start[v]..start[v + 1]]`; components are numbered in completion order, so every
/// edge goes to a component with the same or a lower number.
pub(crate) fn tarjan(nodes: usize, start: &[u32], succ: &[u32]) -> Vec<u32> {
    const UNSEEN: u32 = u32::MAX;
    let mut index = vec![UNSEEN; nodes];
    let mut low = vec![0u32; nodes];
    let mut comp = vec![UNSEEN; nodes];
    let mut on_stack = vec![false; nodes];
    let mut stack: Vec<u32> = Vec::new();
    // Call stack: (node, next successor position).
    let mut calls: Vec<(u32, u32)> = Vec::new();
    let (mut next_index, mut next_comp) = (0u32, 0u32);
    for root in 0..nodes as u32 {
        if index[root as usize] != UNSEEN {
            continue;
        }
        calls.push((root, start[root as usize]));
        index[root as usize] = next_index;
        low[root as usize] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        while let Some(&mut (v, ref mut pos)) = calls.last_mut() {
            let vu = v as usize;
            if *pos < start[vu + 1] {
                let w = succ[*pos as usize];
                *pos += 1;
                let wu = w as usize;
                if index[wu] == UNSEEN {
                    index[wu] = next_index;
                    low[wu] = next_index;
                    next_index += 1;
                    stack.push(w);
                    on_stack[wu] = true;
                    calls.push((w, start[wu]));
                } else if on_stack[wu] {
                    low[vu] = low[vu].min(index[wu]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(u, _)) = calls.last() {
                low[u as usize] = low[u as usize].min(low[vu]);
            }
            if low[vu] == index[vu] {
                while let Some(w) = stack.pop() {
                    on_stack[w as usize] = false;
                    comp[w as usize] = next_comp;
                    if w == v {
                        break;
                    }
                }
                next_comp += 1;
            }
        }
    }
    comp
}

/// A graph's strongly connected components with what each reaches: one bit row per
/// component over the nodes, filled in [`tarjan`]'s completion order (every component a row
/// reads is complete by then).
pub(crate) struct Components {
    /// Component of each node.
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
    /// `succ[start[v]..start[v + 1]]`.
    pub(crate) fn new(nodes: usize, start: &[u32], succ: &[u32]) -> Components {
        let comp = tarjan(nodes, start, succ);
        let ncomp = comp.iter().map(|&c| c as usize + 1).max().unwrap_or(0);
        let words = nodes.div_ceil(64).max(1);
        let mut size = vec![0u32; ncomp];
        for &c in &comp {
            size[c as usize] += 1;
        }
        // Members by component (counting sort).
        let mut first = vec![0u32; ncomp + 1];
        for c in 0..ncomp {
            first[c + 1] = first[c] + size[c];
        }
        let mut fill = first.clone();
        let mut member = vec![0u32; nodes];
        for (v, &c) in comp.iter().enumerate() {
            member[fill[c as usize] as usize] = v as u32;
            fill[c as usize] += 1;
        }
        let mut reach = vec![0u64; ncomp * words];
        // A sink (one node, no successors: most "off" nodes of a forcing graph) reaches only
        // itself, so its bit is set directly; each other component's row is merged once per
        // component (graphs built from links have many parallel edges).
        let sink = |cw: usize, w: u32| size[cw] == 1 && start[w as usize] == start[w as usize + 1];
        let mut merged = vec![u32::MAX; ncomp];
        for c in 0..ncomp {
            let (done, rest) = reach.split_at_mut(c * words);
            let row = &mut rest[..words];
            for &v in &member[first[c] as usize..first[c + 1] as usize] {
                row[v as usize / 64] |= 1 << (v % 64);
                for &w in &succ[start[v as usize] as usize..start[v as usize + 1] as usize] {
                    let cw = comp[w as usize] as usize;
                    if cw == c || merged[cw] == c as u32 {
                        continue;
                    }
                    merged[cw] = c as u32;
                    if sink(cw, w) {
                        row[w as usize / 64] |= 1 << (w % 64);
                    } else {
                        for (a, b) in row.iter_mut().zip(&done[cw * words..(cw + 1) * words]) {
                            *a |= b;
                        }
                    }
                }
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
        self.row(from)[to / 64] >> (to % 64) & 1 == 1
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
