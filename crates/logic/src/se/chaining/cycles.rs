//! Bidirectional cycles (X-, Y- and XY-cycles): SE's layer-by-layer search for a node reached
//! both "on" and "off" along disjoint paths, the quick test that a cycle can remove anything,
//! and the hints.
//!
//! Design decision: each node carries a 64-bit filter of the pots on its path (one hashed bit
//! per pot), so SE's test that a consequence is not already one of the node's ancestors is
//! answered by one AND in the common case and checked on the run only when the filter cannot
//! tell.

use super::*;

/// The bit of `pot` in a node's path filter (see `Chaining::cycles`).
#[inline]
pub(super) fn path_bit(pot: u32) -> u64 {
    1 << (pot.wrapping_mul(0x9E37_79B1) >> 26)
}

impl Chaining {
    pub(super) fn cycles(
        links: &Links,
        run: &mut Run,
        root: u32,
        y: bool,
        x: bool,
        max_depth: u32,
        bufs: &mut StaticBufs,
    ) -> Vec<u32> {
        let source = run.nodes[root as usize].pot;
        let mut path = std::mem::take(&mut bufs.path);
        let (pending_on, pending_off, next, offs, ons) = bufs.parts();
        pending_on.clear();
        pending_on.push(root);
        pending_off.clear();
        let mut found = Vec::new();
        let mut length = 0;
        // Per node id, a one-word filter of the pots on its first-parent path (the node's own
        // included): a pot whose bit is clear is not on the path, which spares most walks up
        // the path for SE's `isParent` test.
        path.clear();
        path.resize(run.nodes.len(), 0);
        path[root as usize] = path_bit(source);
        while !pending_on.is_empty() || !pending_off.is_empty() {
            // Nodes made in this round are at depth `length + 1` and `length + 2`.
            if length + 1 > max_depth {
                break;
            }
            length += 1;
            Self::on_layer(links, run, y, pending_on, next, offs, |run, p, q| {
                // Every node on a path is in the index, so a new pot is on no path. A pot met
                // before was expanded then (or is no further than this one), so all its "on"
                // consequences are in the run: a second node for it can only close the cycle,
                // which needs a strong link from it to the source.
                let above = path[p as usize];
                let seen = run.get(q).is_some();
                if seen && !links.strong((q >> 1) as usize, y, x).any(|t| t == source) {
                    return;
                }
                if !seen || above & path_bit(q) == 0 || !run.is_parent(p, q) {
                    let id = run.node(q, &[p], Cause::Off);
                    path.push(above | path_bit(q));
                    pending_off.push(id);
                    run.store(id);
                }
            });
            length += 1;
            Self::off_layer(
                links,
                run,
                (y, x),
                pending_off,
                next,
                ons,
                |run, p, q, parents, cause| {
                    // A node is made only where it is used: a cycle's end or a new pot.
                    let closes = length >= 4 && q == source;
                    let new = run.get(q).is_none();
                    if !closes && !new {
                        return;
                    }
                    let id = run.node(q, parents, cause);
                    path.push(path[p as usize] | path_bit(q));
                    if closes {
                        found.push(id);
                    }
                    if new {
                        pending_on.push(id);
                        run.store(id);
                    }
                },
            );
        }
        bufs.path = path;
        found
    }

    /// Whether some cell off the cycle holds a digit and sees both an "on" and an "off" node
    /// of that digit on the cycle — the only cells a cycle can remove from. Answers on the
    /// peers' bitsets; `true` (look closer) when the grid is too large for its buffers.
    #[inline]
    pub(super) fn cycle_may_remove(
        sh: &Shape,
        cands: &[u64],
        run: &Run,
        nodes: &[u32],
        cells: &[usize],
    ) -> bool {
        const WORDS: usize = 16;
        let pw = sh.peer_words;
        if pw > WORDS {
            return true;
        }
        let mut on_cycle = [0u64; WORDS];
        for &c in cells {
            on_cycle[c / 64] |= 1 << (c % 64);
        }
        let mut done = 0u64;
        for &id in nodes {
            let (_, d, _) = unpot(sh.n, run.nodes[id as usize].pot);
            if done & bit(d) != 0 {
                continue;
            }
            done |= bit(d);
            let (mut forw, mut back) = ([0u64; WORDS], [0u64; WORDS]);
            for &other in nodes {
                let (c, e, on) = unpot(sh.n, run.nodes[other as usize].pot);
                if e != d {
                    continue;
                }
                let seen = if on { &mut forw } else { &mut back };
                let peers = &sh.peer_bits[c * pw..(c + 1) * pw];
                for (s, &p) in seen.iter_mut().zip(peers) {
                    *s |= p;
                }
            }
            for w in 0..pw {
                let mut m = forw[w] & back[w] & !on_cycle[w];
                while m != 0 {
                    if cands[w * 64 + m.trailing_zeros() as usize] & bit(d) != 0 {
                        return true;
                    }
                    m &= m - 1;
                }
            }
        }
        false
    }

    /// The cells of the cycle that closes at `dst`, and the nodes on it (the root excluded).
    #[inline]
    pub(super) fn cycle_path(n: usize, run: &Run, dst: u32) -> (Vec<usize>, Vec<u32>) {
        let mut cells = Vec::new();
        let mut nodes = Vec::new();
        let mut cur = dst;
        while let Some(p) = run.first_parent(cur) {
            let (c, _, _) = unpot(n, run.nodes[cur as usize].pot);
            if !cells.contains(&c) {
                cells.push(c);
            }
            nodes.push(cur);
            cur = p;
        }
        (cells, nodes)
    }

    pub(super) fn cycle_hint(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &[u64],
        run: &Run,
        dst: u32,
        y: bool,
        x: bool,
    ) -> Option<Hint> {
        let sh = ctx.shape;
        let n = sh.n;
        let (cells, nodes) = Self::cycle_path(n, run, dst);
        // Most cycles remove nothing: rule them out on bitsets before listing removals.
        if !Self::cycle_may_remove(sh, cands, run, &nodes, &cells) {
            return None;
        }
        let mut forw: Vec<(usize, u8)> = Vec::new();
        let mut back: Vec<(usize, u8)> = Vec::new();
        for &id in &nodes {
            let (c, d, on) = unpot(n, run.nodes[id as usize].pot);
            for &q in &sh.peers[c] {
                let q = q as usize;
                if !cells.contains(&q) && cands[q] & bit(d) != 0 {
                    let list = if on { &mut forw } else { &mut back };
                    if !list.contains(&(q, d)) {
                        list.push((q, d));
                    }
                }
            }
        }
        // Most cycles remove nothing: find out before the costlier complexity walk.
        let removals: Vec<(usize, u8)> = forw.into_iter().filter(|x| back.contains(x)).collect();
        if removals.is_empty() {
            return None;
        }
        let name = if x && y {
            "Bidirectional Cycle".to_string()
        } else if y {
            "Bidirectional Y-Cycle".to_string()
        } else {
            // SE counts the cells on the reversed chain; a 4-cell X-cycle is a generalised X-Wing.
            if cells.len() == 4 {
                "Generalized X-Wing".to_string()
            } else {
                "Bidirectional X-Cycle".to_string()
            }
        };
        let complexity = ctx.complexity(&[(run, dst)]);
        let base = if x && y { 7.0 } else { 6.5 };
        let mut h = chain_hint(ctx, cands, &name, base, complexity, (run, dst), (x, y));
        for (q, d) in removals {
            h.remove(q as u16, bit(d));
        }
        if !h.is_worth() {
            return None;
        }
        if ctx.want_text {
            h.text = format!(
                "{}: {}: {}",
                name,
                Self::chain_text(sh, run, dst),
                h.removals_text(sh)
            );
        }
        Some(h)
    }
}
