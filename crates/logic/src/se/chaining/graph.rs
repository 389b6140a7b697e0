//! The static implication graph of a board (per candidate, what an "on" turns off and what
//! an "off" turns on, in SE's order), the region places the general search keeps up to date,
//! and the reach sets multiple forcing chains use to skip searches that cannot meet.
//!
//! Design decision: the graph is built once per board and kept in [`Ctx`] from one static
//! rule to the next; reachability comes from the kernel's components, not from SE's code.

use super::*;

/// The "on" consequences of one "off" node: `(potential, parents start, parents length,
/// cause)` with the parents in one shared buffer, so a step allocates nothing.
#[derive(Default)]
pub(crate) struct OnBuf {
    pub(super) items: Vec<(u32, u32, u32, Cause)>,
    pub(super) par: Vec<u32>,
}

/// For the general search off the static graph: the board at the search's start, and per
/// region and digit (index `(region_base[t] + r) * n + d - 1`) the positions in the region
/// (bit `i`: its `i`-th cell) that hold the digit, at the start and now. The search updates
/// `cur` as it removes candidates, so the region rule reads a count and a mask instead of
/// walking the region's cells.
#[derive(Default)]
pub(crate) struct Places {
    pub(super) save: Vec<u64>,
    pub(super) start: Vec<u64>,
    pub(super) cur: Vec<u64>,
}

impl Places {
    /// Starts a search on `cands`. The searches of one rule start from the same board
    /// (the stack of places in [`Ctx`] gives each nesting level its own), so the
    /// start positions are only counted when the board differs from the last one.
    pub(super) fn fill(&mut self, sh: &Shape, cands: &[u64]) {
        let n = sh.n;
        if self.save.as_slice() != cands {
            self.save.clear();
            self.save.extend_from_slice(cands);
            self.start.clear();
            self.start.resize(sh.nregions * n, 0);
            for (t, ty) in sh.types.iter().enumerate() {
                for (r, cells) in ty.regions.iter().enumerate() {
                    let k = (sh.region_base[t] + r) * n;
                    for (i, &c) in cells.iter().enumerate() {
                        for d in digits(cands[c as usize]) {
                            self.start[k + d as usize - 1] |= 1 << i;
                        }
                    }
                }
            }
        }
        self.cur.clear();
        self.cur.extend_from_slice(&self.start);
    }
}

/// The static implication graph of a board, for the searches that do not change it (cycles,
/// forcing chains, multiple forcing chains): per candidate, in SE's order, the candidates an
/// "on" turns off (the cell's other digits, then the digit in each peer) and the ones an "off"
/// turns on (the cell's other digit if it is a pair, then the digit's other place in each
/// region where it has two).
pub(crate) struct Links {
    pub(super) n: usize,
    pub(super) y_off: Vec<(u32, u32)>,
    pub(super) x_off: Vec<(u32, u32)>,
    pub(super) y_on: Vec<u32>,
    pub(super) x_on: Vec<(u32, u32)>,
    pub(super) list: Vec<u32>,
    pub(super) on_list: Vec<(u32, Cause)>,
    /// Scratch: per region and digit, the places holding the digit.
    pub(super) places: Vec<u64>,
}

impl Links {
    /// Digits per cell.
    #[inline]
    pub(crate) fn n(&self) -> usize {
        self.n
    }

    /// The "off" potentials candidate `i`'s "on" leads to: the cell's other digits (when
    /// `y`), then the digit in every peer.
    #[inline]
    pub(crate) fn weak(&self, i: usize, y: bool) -> impl Iterator<Item = u32> + '_ {
        let (ys, yl) = if y { self.y_off[i] } else { (0, 0) };
        let (xs, xl) = self.x_off[i];
        self.list[ys as usize..(ys + yl) as usize]
            .iter()
            .chain(&self.list[xs as usize..(xs + xl) as usize])
            .copied()
    }

    /// The "on" potentials candidate `i`'s "off" leads to: the cell's other digit when it is
    /// a pair (when `y`), the digit's other place in each region where it has two (when `x`).
    #[inline]
    pub(crate) fn strong(&self, i: usize, y: bool, x: bool) -> impl Iterator<Item = u32> + '_ {
        let cell = (y && self.y_on[i] != NONE).then_some(self.y_on[i]);
        let (s, len) = if x { self.x_on[i] } else { (0, 0) };
        cell.into_iter().chain(
            self.on_list[s as usize..(s + len) as usize]
                .iter()
                .map(|&(p, _)| p),
        )
    }

    pub(super) fn new(sh: &Shape, cands: &[u64]) -> Links {
        let mut l = Links {
            n: sh.n,
            y_off: Vec::new(),
            x_off: Vec::new(),
            y_on: Vec::new(),
            x_on: Vec::new(),
            list: Vec::new(),
            on_list: Vec::new(),
            places: Vec::new(),
        };
        l.fill(sh, cands);
        l
    }

    /// Rebuilds the links for `cands`, keeping the allocations. Entries of candidates that
    /// are not on the board are left as they were: nothing reads them.
    pub(super) fn fill(&mut self, sh: &Shape, cands: &[u64]) {
        let n = sh.n;
        let k = sh.ncells * n;
        self.n = n;
        // Per region and digit, the positions in the region holding the digit.
        let places = &mut self.places;
        places.clear();
        places.resize(sh.nregions * n, 0);
        for (t, ty) in sh.types.iter().enumerate() {
            for (r, cells) in ty.regions.iter().enumerate() {
                let base = (sh.region_base[t] + r) * n;
                for (i, &c) in cells.iter().enumerate() {
                    for d in digits(cands[c as usize]) {
                        places[base + d as usize - 1] |= 1 << i;
                    }
                }
            }
        }
        for v in [&mut self.y_off, &mut self.x_off, &mut self.x_on] {
            v.resize(k, (0, 0));
        }
        self.y_on.resize(k, NONE);
        self.list.clear();
        self.on_list.clear();
        let l = self;
        let places = &l.places;
        for cell in 0..sh.ncells {
            for d in digits(cands[cell]) {
                let i = cell * n + d as usize - 1;
                let s = l.list.len() as u32;
                for v in digits(cands[cell]) {
                    if v != d {
                        l.list.push(pot(n, cell, v, false));
                    }
                }
                l.y_off[i] = (s, l.list.len() as u32 - s);
                let s = l.list.len() as u32;
                let b = bit(d);
                // The peers in SE's order (as `Shape::peers`): each region's, then the
                // pair constraints'.
                for slot in sh.slots_of(cell) {
                    let region = &sh.region_cells[slot.cells as usize..];
                    for j in bits(places[slot.k as usize + d as usize - 1] & slot.peers) {
                        l.list.push(pot(n, region[j] as usize, d, false));
                    }
                }
                for &q in &sh.peers[cell][sh.region_peers[cell]..] {
                    if cands[q as usize] & b != 0 {
                        l.list.push(pot(n, q as usize, d, false));
                    }
                }
                l.x_off[i] = (s, l.list.len() as u32 - s);
                l.y_on[i] = if two_bits(cands[cell]) {
                    let other = (cands[cell] & !b).trailing_zeros() as u8 + 1;
                    pot(n, cell, other, true)
                } else {
                    NONE
                };
                let s = l.on_list.len() as u32;
                for slot in sh.slots_of(cell) {
                    let here = places[slot.k as usize + d as usize - 1];
                    let others = here & !(1u64 << slot.pos);
                    if two_bits(here) && others != 0 {
                        let other = sh.region_cells
                            [slot.cells as usize + others.trailing_zeros() as usize]
                            as usize;
                        let target = pot(n, other, d, true);
                        if !l.on_list[s as usize..].iter().any(|x| x.0 == target) {
                            l.on_list.push((target, Cause::Hidden(slot.t)));
                        }
                    }
                }
                l.x_on[i] = (s, l.on_list.len() as u32 - s);
            }
        }
    }
}

/// The static graph of a board and its reach sets for both kinds of links, kept in [`Ctx`]
/// from one static rule to the next: forcing chains and multiple forcing chains build the
/// same ones when they run on the same board.
pub(crate) struct StaticGraph {
    pub(super) cands: Vec<u64>,
    pub(super) links: Links,
    /// `None` until asked for; then `Reach::new(.., true, true)`.
    pub(super) reach_xy: Option<Option<Reach>>,
}

impl StaticGraph {
    /// The graph of `cands`: the one kept in `ctx` when it is that board's, else a new one.
    pub(super) fn take(ctx: &mut Ctx<'_>, cands: &[u64]) -> StaticGraph {
        match ctx.graph.take() {
            Some(g) if g.cands.as_slice() == cands => g,
            Some(mut g) => {
                g.cands.clear();
                g.cands.extend_from_slice(cands);
                g.links.fill(ctx.shape, cands);
                g.reach_xy = None;
                g
            }
            None => StaticGraph {
                cands: cands.to_vec(),
                links: Links::new(ctx.shape, cands),
                reach_xy: None,
            },
        }
    }

    #[inline]
    pub(super) fn ensure_xy(&mut self) {
        if self.reach_xy.is_none() {
            self.reach_xy = Some(Reach::new(&self.links, &self.cands, true, true));
        }
    }

    /// The reach sets for both kinds of links (after [`StaticGraph::ensure_xy`]).
    #[inline]
    pub(super) fn xy(&self) -> Option<&Reach> {
        self.reach_xy.as_ref().and_then(Option::as_ref)
    }
}

/// The reach sets of the full implication graph with both kinds of links, for static
/// multiple forcing chains: whether the searches from several "on" assumptions (a cell's
/// digits, a region's places) can meet at all. (Which single searches can find anything is
/// answered more cheaply by [`Filter`], on the strong links alone.)
///
/// Reachability comes from the kernel's [`Components`]: one walk for the whole graph instead
/// of one search per root.
pub(super) struct Reach {
    /// Compact id per candidate index (`u32::MAX` when absent).
    pub(super) id: Vec<u32>,
    /// What each node reaches.
    pub(super) reach: Components,
    /// Words per reach row (none when the graph is empty).
    pub(super) words: usize,
}

impl Reach {
    /// Largest graph (nodes, two per candidate) the bitsets are built for; above it every
    /// search runs.
    pub(super) const MAX_NODES: usize = 4096;

    pub(super) fn new(l: &Links, cands: &[u64], y: bool, x: bool) -> Option<Reach> {
        let n = l.n;
        let k = cands.len() * n;
        // Compact ids: candidate i gets `2 * id[i]` ("off") and `2 * id[i] + 1` ("on").
        let mut id = vec![u32::MAX; k];
        let mut cand_of = Vec::new();
        for (cell, &m) in cands.iter().enumerate() {
            for d in digits(m) {
                let i = cell * n + d as usize - 1;
                id[i] = cand_of.len() as u32;
                cand_of.push(i);
            }
        }
        let nodes = cand_of.len() * 2;
        if nodes > Self::MAX_NODES {
            return None;
        }
        // Successors as compact node ids, in one buffer.
        let mut start = Vec::with_capacity(nodes + 1);
        let mut succ: Vec<u32> = Vec::new();
        let node_of = |p: u32| -> u32 { 2 * id[(p >> 1) as usize] + (p & 1) };
        for v in 0..nodes {
            start.push(succ.len() as u32);
            let i = cand_of[v / 2];
            if v % 2 == 1 {
                if y {
                    let (s, len) = l.y_off[i];
                    succ.extend(
                        l.list[s as usize..(s + len) as usize]
                            .iter()
                            .map(|&p| node_of(p)),
                    );
                }
                let (s, len) = l.x_off[i];
                succ.extend(
                    l.list[s as usize..(s + len) as usize]
                        .iter()
                        .map(|&p| node_of(p)),
                );
            } else {
                if y && l.y_on[i] != NONE {
                    succ.push(node_of(l.y_on[i]));
                }
                if x {
                    let (s, len) = l.x_on[i];
                    succ.extend(
                        l.on_list[s as usize..(s + len) as usize]
                            .iter()
                            .map(|&(p, _)| node_of(p)),
                    );
                }
            }
        }
        start.push(succ.len() as u32);
        Some(Reach {
            id,
            reach: Components::new(nodes, &start, &succ),
            words: nodes.div_ceil(64),
        })
    }

    /// Whether the "on" assumptions of all `cands` (candidate indices) reach a common node:
    /// a cell or region forcing chain over them needs one (their searches visit at most
    /// what is reachable).
    #[inline]
    pub(super) fn meet(&self, cands: impl Iterator<Item = usize>, acc: &mut Vec<u64>) -> bool {
        acc.clear();
        acc.resize(self.words, u64::MAX);
        for i in cands {
            let v = 2 * self.id[i] as usize + 1;
            for (a, b) in acc.iter_mut().zip(self.reach.row(v)) {
                *a &= b;
            }
        }
        acc.iter().any(|&w| w != 0)
    }
}

/// Candidate-with-a-state as an integer: the candidate's id ([`cand_id`]) doubled, plus one
/// when "on".
#[inline]
pub(super) fn pot(n: usize, cell: usize, d: u8, on: bool) -> u32 {
    (cand_id(n, cell, d as usize - 1) << 1) | on as u32
}

/// The cell, digit and state of a [`pot`].
#[inline]
pub(super) fn unpot(n: usize, p: u32) -> (usize, u8, bool) {
    let (cell, d0) = cand_split(n, p >> 1);
    (cell, d0 as u8 + 1, p & 1 == 1)
}
