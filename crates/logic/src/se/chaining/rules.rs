//! SE's implication rules: what an "on" turns off and an "off" turns on, on the static graph
//! and in dynamic mode (where the board changes as the search goes), with the "hidden"
//! parents of a dynamic "on" (the earlier eliminations that made a cell or region a pair).
//!
//! Design decision: each rule fills a caller's buffer in SE's exact order (the cell's other
//! digits, then the digit's other places by block, row, column), because that order decides
//! which parent a node keeps and so the complexity, and the rating, of every chain.

use super::*;

impl Ctx<'_> {
    /// SE's `collectRuleParents`: for every "on" node behind the targets, the eliminations
    /// (between the outer search's start and now) that made it a single; `assumption` is the
    /// cause given to the assumption itself (cell and region forcing chains).
    #[inline]
    pub(super) fn rule_parents(
        &self,
        cands: &[u64],
        targets: &[(&Run, u32)],
        assumption: Option<Cause>,
    ) -> Vec<u32> {
        let Some(source) = &self.rule_source else {
            return Vec::new();
        };
        let sh = self.shape;
        let n = sh.n;
        let mut out: Vec<u32> = Vec::new();
        let push = |p: u32, out: &mut Vec<u32>| {
            if !out.contains(&p) {
                out.push(p);
            }
        };
        for &(run, id) in targets {
            let mut done: Vec<u32> = Vec::new();
            let mut todo = vec![id];
            while !todo.is_empty() {
                let mut next = Vec::new();
                for &x in &todo {
                    let node = &run.nodes[x as usize];
                    if done.contains(&node.pot) {
                        continue;
                    }
                    done.push(node.pot);
                    let (cell, d, on) = unpot(n, node.pot);
                    let cause = match node.cause {
                        Cause::Assumption => assumption,
                        c => Some(c),
                    };
                    if on {
                        match cause {
                            Some(Cause::NakedSingle) => {
                                for v in digits(source[cell] & !cands[cell]) {
                                    push(pot(n, cell, v, false), &mut out);
                                }
                            }
                            Some(Cause::Hidden(t)) => {
                                let r = sh.region_at[t as usize][cell];
                                if r != NONE {
                                    for &c in &sh.types[t as usize].regions[r as usize] {
                                        let c = c as usize;
                                        if source[c] & bit(d) != 0 && cands[c] & bit(d) == 0 {
                                            push(pot(n, c, d, false), &mut out);
                                        }
                                    }
                                }
                            }
                            _ => {}
                        }
                    }
                    next.extend_from_slice(run.parents(x));
                }
                todo = next;
            }
        }
        out
    }
}

impl Chaining {
    /// One "on" layer of a layered search from the static graph (cycles, forcing chains):
    /// moves the pending "on" nodes to `next`, leaving `pending` empty for the layer after, and
    /// hands each node `p` with every "off" consequence `q` of its pot to `visit(run, p, q)`.
    #[inline]
    pub(super) fn on_layer(
        links: &Links,
        run: &mut Run,
        y: bool,
        pending: &mut Vec<u32>,
        next: &mut Vec<u32>,
        offs: &mut Vec<u32>,
        mut visit: impl FnMut(&mut Run, u32, u32),
    ) {
        std::mem::swap(pending, next);
        pending.clear();
        for &p in next.iter() {
            let pp = run.nodes[p as usize].pot;
            Self::on_to_off(links, pp, y, offs);
            for &q in offs.iter() {
                visit(run, p, q);
            }
        }
    }

    /// The "off" layer of the same search: `visit(run, p, q, parents, cause)` for every "on"
    /// consequence `q` of each pending node `p`, which `cause` makes from `parents`.
    #[inline]
    pub(super) fn off_layer(
        links: &Links,
        run: &mut Run,
        (y, x): (bool, bool),
        pending: &mut Vec<u32>,
        next: &mut Vec<u32>,
        ons: &mut OnBuf,
        mut visit: impl FnMut(&mut Run, u32, u32, &[u32], Cause),
    ) {
        std::mem::swap(pending, next);
        pending.clear();
        for &p in next.iter() {
            let pp = run.nodes[p as usize].pot;
            Self::off_to_on(links, p, pp, y, x, ons);
            for &(q, s, l, cause) in &ons.items {
                visit(run, p, q, &ons.par[s as usize..(s + l) as usize], cause);
            }
        }
    }

    /// Consequences of `p` on in the static graph: the cell's other digits off (when `y`),
    /// then the digit off in every peer, in SE's region order.
    #[inline]
    pub(super) fn on_to_off(l: &Links, p: u32, y: bool, out: &mut Vec<u32>) {
        out.clear();
        let i = (p >> 1) as usize;
        if y {
            let (s, len) = l.y_off[i];
            out.extend_from_slice(&l.list[s as usize..(s + len) as usize]);
        }
        let (s, len) = l.x_off[i];
        out.extend_from_slice(&l.list[s as usize..(s + len) as usize]);
    }

    /// The same in the general search, on the current board `cands`; the peers in the
    /// cell's regions are read from `places` (which mirrors `cands`) in the same order.
    #[inline]
    pub(super) fn dyn_on_to_off(
        sh: &Shape,
        cands: &[u64],
        places: &Places,
        p: u32,
        y: bool,
        out: &mut Vec<u32>,
    ) {
        out.clear();
        let n = sh.n;
        let (cell, d, _) = unpot(n, p);
        if y {
            for v in digits(cands[cell]) {
                if v != d {
                    out.push(pot(n, cell, v, false));
                }
            }
        }
        for slot in sh.slots_of(cell) {
            let k = slot.k as usize + d as usize - 1;
            let region = &sh.region_cells[slot.cells as usize..];
            for i in bits(places.cur[k] & slot.peers) {
                out.push(pot(n, region[i] as usize, d, false));
            }
        }
        let b = bit(d);
        for &q in &sh.peers[cell][sh.region_peers[cell]..] {
            if cands[q as usize] & b != 0 {
                out.push(pot(n, q as usize, d, false));
            }
        }
    }

    /// Consequences of `p` off in the static graph: the cell's other digit on when it is a
    /// pair (when `y`), the digit's other place in each region where it has two (when `x`);
    /// each with `p` as its only parent.
    #[inline]
    pub(super) fn off_to_on(l: &Links, p_id: u32, p: u32, y: bool, x: bool, out: &mut OnBuf) {
        out.items.clear();
        out.par.clear();
        let i = (p >> 1) as usize;
        if y && l.y_on[i] != NONE {
            out.par.push(p_id);
            out.items.push((l.y_on[i], 0, 1, Cause::NakedSingle));
        }
        if x {
            let (s, len) = l.x_on[i];
            for &(q, cause) in &l.on_list[s as usize..(s + len) as usize] {
                let start = out.par.len() as u32;
                out.par.push(p_id);
                out.items.push((q, start, 1, cause));
            }
        }
    }

    /// Consequences of `p` off in the general search, on the current board `cands`: the
    /// cell's last other digit on (when `y`), the digit's last other place in each region
    /// on. Each comes with its parents: `p`, then the eliminations since the search's start
    /// (looked up in `run`) that made the cell or region a pair. Regions are read through
    /// `places`, which mirrors `cands`. The candidate is then taken off the board (`cands`
    /// and `places`), as the dynamic search does with every "off" it expands.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn dyn_off_to_on(
        sh: &Shape,
        cands: &mut [u64],
        places: &mut Places,
        run: &Run,
        p_id: u32,
        p: u32,
        y: bool,
        out: &mut OnBuf,
    ) {
        out.items.clear();
        out.par.clear();
        let n = sh.n;
        let source = &places.save;
        let (cell, d, _) = unpot(n, p);
        if y && two_bits(cands[cell]) {
            let other = (cands[cell] & !bit(d)).trailing_zeros() as u8 + 1;
            let start = out.par.len() as u32;
            out.par.push(p_id);
            let removed = source[cell] & !cands[cell];
            for v in digits(removed) {
                if let Some(id) = run.get(pot(n, cell, v, false)) {
                    out.par.push(id);
                }
            }
            let len = out.par.len() as u32 - start;
            out.items
                .push((pot(n, cell, other, true), start, len, Cause::NakedSingle));
        }
        cands[cell] &= !bit(d);
        for slot in sh.slots_of(cell) {
            let k = slot.k as usize + d as usize - 1;
            let here = places.cur[k];
            places.cur[k] = here & !(1u64 << slot.pos);
            // The region's places but this cell's; when there are two places, the other
            // is the last one in region order (the cell itself holds `d` in practice).
            let others = here & !(1u64 << slot.pos);
            if !two_bits(here) || others == 0 {
                continue;
            }
            let region = &sh.region_cells[slot.cells as usize..];
            let other = region[63 - others.leading_zeros() as usize] as usize;
            let target = pot(n, other, d, true);
            if out.items.iter().any(|it| it.0 == target) {
                continue;
            }
            let start = out.par.len() as u32;
            out.par.push(p_id);
            for i in bits(places.start[k] & !here) {
                if let Some(id) = run.get(pot(n, region[i] as usize, d, false)) {
                    out.par.push(id);
                }
            }
            let len = out.par.len() as u32 - start;
            out.items.push((target, start, len, Cause::Hidden(slot.t)));
        }
    }
}
