//! SE's chaining rules: bidirectional X-, Y- and XY-cycles, forcing X-, Y- and XY-chains,
//! Nishio, multiple (cell and region) forcing chains, dynamic forcing chains and their nested
//! levels, rated as SE rates them.
//!
//! Design decision: a chain's rating grows with its *complexity*, the number of distinct
//! candidates-with-a-state among the ancestors of its conclusion, so the rater must build the
//! same implication trees SE builds. Every search here keeps SE's walk: the same queue
//! discipline (one "on" consequence before any "off" one in the general search, whole layers
//! in the cycle search), the same rule order (a cell's other digits, then the digit's other
//! places by block, row, column), the first parent kept for each node, and in dynamic mode the
//! "hidden" parents — the earlier eliminations that turned a cell or a region into a pair. The
//! trees live in per-search arenas of plain integers (`Run`), so the searches allocate little
//! and a puzzle SE rates in minutes takes well under a second at the lower levels.

use super::advanced;
use super::board::{Kind, NONE, Shape};
use super::filter::Filter;
use super::hint::Hint;
use super::memo::{Found, NishioMemo, Searched};
use crate::kernel::bits::{bit, bits, digits, two_bits};
use crate::kernel::cand::{cand_id, cand_split};
use crate::kernel::graph::Components;
use crate::kernel::naming::cell_at;
use crate::kernel::se_length::length_increment;
use sudokit_core::Limiter;
use sudokit_core::solver::Termination;

/// Why a node holds: the assumption itself, a cell with one digit left, a digit with one place
/// left in a region of type `t`, or a nested rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    Assumption,
    NakedSingle,
    Hidden(u8),
    /// An elimination by a peer or a cell's other digit (the cause only matters for "on").
    Off,
    Advanced,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    pot: u32,
    pstart: u32,
    plen: u32,
    cause: Cause,
    /// Complexity of the nested chain that produced this node (0 when none) and a key that
    /// tells nested chains apart.
    nested: u32,
    nested_key: u64,
}

/// Searches already made from an "on" assumption, with the contradiction each met.
type RunCache = std::collections::HashMap<
    u32,
    (Run, Option<(u32, u32)>),
    std::hash::BuildHasherDefault<PotHasher>,
>;

/// A hasher for pots (small integers, keys of one search's cache): a multiplication instead
/// of SipHash, which showed in profiles.
#[derive(Default)]
struct PotHasher(u64);

impl std::hash::Hasher for PotHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u32(&mut self, v: u32) {
        self.0 = (self.0 ^ u64::from(v)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The "on" consequences of one "off" node: `(potential, parents start, parents length,
/// cause)` with the parents in one shared buffer, so a step allocates nothing.
#[derive(Default)]
pub(crate) struct OnBuf {
    items: Vec<(u32, u32, u32, Cause)>,
    par: Vec<u32>,
}

/// For the general search off the static graph: the board at the search's start, and per
/// region and digit (index `(region_base[t] + r) * n + d - 1`) the positions in the region
/// (bit `i`: its `i`-th cell) that hold the digit, at the start and now. The search updates
/// `cur` as it removes candidates, so the region rule reads a count and a mask instead of
/// walking the region's cells.
#[derive(Default)]
pub(crate) struct Places {
    save: Vec<u64>,
    start: Vec<u64>,
    cur: Vec<u64>,
}

impl Places {
    /// Starts a search on `cands`. The searches of one rule start from the same board
    /// (the stack of places in [`Ctx`] gives each nesting level its own), so the
    /// start positions are only counted when the board differs from the last one.
    fn fill(&mut self, sh: &Shape, cands: &[u64]) {
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
    n: usize,
    y_off: Vec<(u32, u32)>,
    x_off: Vec<(u32, u32)>,
    y_on: Vec<u32>,
    x_on: Vec<(u32, u32)>,
    list: Vec<u32>,
    on_list: Vec<(u32, Cause)>,
    /// Scratch: per region and digit, the places holding the digit.
    places: Vec<u64>,
}

impl Links {
    /// Digits per cell.
    pub(crate) fn n(&self) -> usize {
        self.n
    }

    /// The "off" potentials candidate `i`'s "on" leads to: the cell's other digits (when
    /// `y`), then the digit in every peer.
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
    pub(crate) fn strong(&self, i: usize, y: bool, x: bool) -> impl Iterator<Item = u32> + '_ {
        let cell = (y && self.y_on[i] != NONE).then_some(self.y_on[i]);
        let (s, len) = if x { self.x_on[i] } else { (0, 0) };
        cell.into_iter().chain(
            self.on_list[s as usize..(s + len) as usize]
                .iter()
                .map(|&(p, _)| p),
        )
    }

    fn new(sh: &Shape, cands: &[u64]) -> Links {
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
    fn fill(&mut self, sh: &Shape, cands: &[u64]) {
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
    cands: Vec<u64>,
    links: Links,
    /// `None` until asked for; then `Reach::new(.., true, true)`.
    reach_xy: Option<Option<Reach>>,
}

impl StaticGraph {
    /// The graph of `cands`: the one kept in `ctx` when it is that board's, else a new one.
    fn take(ctx: &mut Ctx<'_>, cands: &[u64]) -> StaticGraph {
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

    fn ensure_xy(&mut self) {
        if self.reach_xy.is_none() {
            self.reach_xy = Some(Reach::new(&self.links, &self.cands, true, true));
        }
    }

    /// The reach sets for both kinds of links (after [`StaticGraph::ensure_xy`]).
    fn xy(&self) -> Option<&Reach> {
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
struct Reach {
    /// Compact id per candidate index (`u32::MAX` when absent).
    id: Vec<u32>,
    /// What each node reaches.
    reach: Components,
    /// Words per reach row (none when the graph is empty).
    words: usize,
}

impl Reach {
    /// Largest graph (nodes, two per candidate) the bitsets are built for; above it every
    /// search runs.
    const MAX_NODES: usize = 4096;

    fn new(l: &Links, cands: &[u64], y: bool, x: bool) -> Option<Reach> {
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
    fn meet(&self, cands: impl Iterator<Item = usize>, acc: &mut Vec<u64>) -> bool {
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

/// One search: an arena of nodes and the "on" and "off" sets in insertion order.
pub(crate) struct Run {
    nodes: Vec<Node>,
    par: Vec<u32>,
    index: Vec<u32>,
    on: Vec<u32>,
    off: Vec<u32>,
}

impl Run {
    fn new(npots: usize) -> Run {
        Run {
            nodes: Vec::with_capacity(256),
            par: Vec::with_capacity(512),
            index: vec![NONE; npots],
            on: Vec::new(),
            off: Vec::new(),
        }
    }

    fn node(&mut self, pot: u32, parents: &[u32], cause: Cause) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            pot,
            pstart: self.par.len() as u32,
            plen: parents.len() as u32,
            cause,
            nested: 0,
            nested_key: 0,
        });
        self.par.extend_from_slice(parents);
        id
    }

    fn store(&mut self, id: u32) {
        let pot = self.nodes[id as usize].pot;
        if self.index[pot as usize] == NONE {
            self.index[pot as usize] = id;
            if pot & 1 == 1 {
                self.on.push(id);
            } else {
                self.off.push(id);
            }
        }
    }

    #[inline]
    fn get(&self, pot: u32) -> Option<u32> {
        let i = self.index[pot as usize];
        (i != NONE).then_some(i)
    }

    fn parents(&self, id: u32) -> &[u32] {
        let n = &self.nodes[id as usize];
        &self.par[n.pstart as usize..(n.pstart + n.plen) as usize]
    }

    fn first_parent(&self, id: u32) -> Option<u32> {
        self.parents(id).first().copied()
    }

    /// Steps from `id` up its first parents to the root.
    fn depth(&self, id: u32) -> u32 {
        let mut d = 0;
        let mut cur = id;
        while let Some(p) = self.first_parent(cur) {
            cur = p;
            d += 1;
        }
        d
    }

    /// SE's `isParent`: whether `pot` is on the first-parent path above `id`.
    fn is_parent(&self, id: u32, pot: u32) -> bool {
        let mut cur = id;
        while let Some(p) = self.first_parent(cur) {
            cur = p;
            if self.nodes[cur as usize].pot == pot {
                return true;
            }
        }
        false
    }

    /// Distinct (cell, digit, state) among `id` and its ancestors; with the nested chains'
    /// complexities met on the way (each distinct nested chain once), added to `nested`.
    ///
    /// SE walks the tree level by level and expands only the first node it meets for each
    /// (cell, digit, state); a FIFO queue visits nodes in the same order.
    fn ancestors(
        &self,
        id: u32,
        seen: &mut [u32],
        stamp: u32,
        nested: &mut Vec<u64>,
        queue: &mut Vec<u32>,
        limit: u32,
    ) -> u32 {
        let mut count = 0;
        queue.clear();
        queue.push(id);
        let mut head = 0;
        while head < queue.len() {
            let x = queue[head];
            head += 1;
            let n = &self.nodes[x as usize];
            if seen[n.pot as usize] == stamp {
                continue;
            }
            seen[n.pot as usize] = stamp;
            count += 1;
            if count > limit {
                return count;
            }
            if n.nested != 0 && !nested.contains(&n.nested_key) {
                nested.push(n.nested_key);
                nested.push(n.nested as u64);
            }
            queue.extend_from_slice(self.parents(x));
        }
        count
    }

    /// Empties the run for reuse, keeping its allocations.
    fn reset(&mut self) {
        for n in &self.nodes {
            self.index[n.pot as usize] = NONE;
        }
        self.nodes.clear();
        self.par.clear();
        self.on.clear();
        self.off.clear();
    }
}

/// The farthest distance from the root at which a forcing search bounded by `max_depth` makes
/// an "off" node: its round `r` makes them at distance `2r + 1` while `2r <= max_depth`.
fn forcing_reach(max_depth: u32) -> u64 {
    2 * (u64::from(max_depth) / 2) + 1
}

/// Whether a cycle search bounded by `cycles` (round `k` while `2k + 1 <= cycles`) makes every
/// node a forcing search from the same root bounded by `forcing` makes.
fn covers(cycles: u32, forcing: u32) -> bool {
    forcing_reach(forcing) <= u64::from(cycles)
}

/// The bit of `pot` in a node's path filter (see `Chaining::cycles`).
#[inline]
fn path_bit(pot: u32) -> u64 {
    1 << (pot.wrapping_mul(0x9E37_79B1) >> 26)
}

/// Candidate-with-a-state as an integer: the candidate's id ([`cand_id`]) doubled, plus one
/// when "on".
#[inline]
fn pot(n: usize, cell: usize, d: u8, on: bool) -> u32 {
    (cand_id(n, cell, d as usize - 1) << 1) | on as u32
}

/// The cell, digit and state of a [`pot`].
#[inline]
fn unpot(n: usize, p: u32) -> (usize, u8, bool) {
    let (cell, d0) = cand_split(n, p >> 1);
    (cell, d0 as u8 + 1, p & 1 == 1)
}

/// One chaining rule, as SE configures it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Chaining {
    pub multiple: bool,
    pub dynamic: bool,
    pub nishio: bool,
    pub level: u32,
}

pub(crate) const FORCING_CHAINS: Chaining = Chaining {
    multiple: false,
    dynamic: false,
    nishio: false,
    level: 0,
};
pub(crate) const NISHIO: Chaining = Chaining {
    multiple: false,
    dynamic: true,
    nishio: true,
    level: 0,
};
pub(crate) const MULTIPLE: Chaining = Chaining {
    multiple: true,
    dynamic: false,
    nishio: false,
    level: 0,
};
pub(crate) const fn dynamic(level: u32) -> Chaining {
    Chaining {
        multiple: true,
        dynamic: true,
        nishio: false,
        level,
    }
}

/// How deep the static searches of one pass may go (see [`Chaining::hints`]): past these
/// depths every hint would sort after the best hint already found.
#[derive(Clone, Copy, Debug)]
struct StaticBound {
    cycles: u32,
    forcing: u32,
}

impl StaticBound {
    const NONE: StaticBound = StaticBound {
        cycles: u32::MAX,
        forcing: u32::MAX,
    };

    /// The bound for a pass with link kinds `y`, `x`, given the hints found so far. Hints
    /// sort by (rating, complexity, kind), the earlier first on a tie, so a hint of this
    /// pass with complexity `c` can only come first while (base + length(c), c, kind) is
    /// below the best hint's; that holds for every `c` up to a limit, and a node deeper
    /// than the limit only leads to hints of higher complexity.
    fn from_hints(out: &[Hint], y: bool, x: bool) -> StaticBound {
        let best = out.iter().min_by(|a, b| {
            a.rating
                .partial_cmp(&b.rating)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.complexity.cmp(&b.complexity))
                .then(a.sort_key.cmp(&b.sort_key))
        });
        let Some(best) = best else {
            return StaticBound::NONE;
        };
        let key = if x && y {
            4
        } else if y {
            3
        } else {
            2
        };
        let limit = |base: f64| -> u32 {
            let before = |c: u32| {
                let r = base + length_increment::<f64>(c as usize);
                match r.partial_cmp(&best.rating) {
                    Some(std::cmp::Ordering::Less) => true,
                    Some(std::cmp::Ordering::Equal) => (c, key) < (best.complexity, best.sort_key),
                    _ => false,
                }
            };
            let mut c = 0;
            while c < 1 << 20 && before(c + 1) {
                c += 1;
            }
            c
        };
        let (cycle_base, forcing_base) = if x && y { (7.0, 7.0) } else { (6.5, 6.6) };
        StaticBound {
            cycles: limit(cycle_base),
            forcing: limit(forcing_base),
        }
    }
}

/// The search was stopped by its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stopped;

/// What a search needs besides the rule: the shape, placed values and a budget.
pub(crate) struct Ctx<'a> {
    pub shape: &'a Shape,
    pub values: &'a [u8],
    pub limiter: &'a mut Limiter,
    pub seen: Vec<u32>,
    pub stamp: u32,
    /// Set while this search runs nested inside another: the outer search's starting
    /// candidates, against which each hint's rule parents are found.
    pub rule_source: Option<Vec<u64>>,
    /// Whether hints get their sentence (building chain texts costs more than rating).
    pub want_text: bool,
    /// Runs kept for reuse, and the ancestor walk's queue.
    pub pool: Vec<Run>,
    pub queue: Vec<u32>,
    /// Buffers of the general search.
    pub offs_buf: Vec<u32>,
    pub ons_buf: OnBuf,
    /// Region places of the general searches under way (one per nesting level), for reuse.
    pub places: Vec<Places>,
    /// The last static graph built, for the next static rule on the same board.
    pub graph: Option<StaticGraph>,
    /// Least complexity among the hints of the current top-level multiple or dynamic search.
    pub bound: u32,
    /// Queues and buffers of the static cycle and forcing searches, for reuse.
    pub static_bufs: StaticBufs,
    /// Nishio searches already made in this puzzle, per digit pattern.
    pub nishio: NishioMemo,
    /// The board the nested patterns read, kept between calls (see `advanced::potentials`).
    pub nested_board: Option<super::board::Board>,
}

/// The static searches' queues and rule buffers, kept from one search to the next.
#[derive(Default)]
pub(crate) struct StaticBufs {
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    next: Vec<u32>,
    offs: Vec<u32>,
    ons: OnBuf,
    path: Vec<u64>,
}

/// The queues and buffers one at a time: pending "on", pending "off", the round being
/// expanded, and the two rule buffers.
type BufParts<'a> = (
    &'a mut Vec<u32>,
    &'a mut Vec<u32>,
    &'a mut Vec<u32>,
    &'a mut Vec<u32>,
    &'a mut OnBuf,
);

impl StaticBufs {
    fn parts(&mut self) -> BufParts<'_> {
        (
            &mut self.pending_on,
            &mut self.pending_off,
            &mut self.next,
            &mut self.offs,
            &mut self.ons,
        )
    }
}

impl Ctx<'_> {
    fn npots(&self) -> usize {
        self.shape.ncells * self.shape.n * 2
    }
    /// An empty run (from the pool when one is there).
    fn run(&mut self) -> Run {
        self.pool.pop().unwrap_or_else(|| Run::new(self.npots()))
    }
    fn recycle(&mut self, mut run: Run) {
        if self.pool.len() < 256 {
            run.reset();
            self.pool.push(run);
        }
    }
    fn tick(&mut self) -> Result<(), Stopped> {
        if self.limiter.should_stop() {
            Err(Stopped)
        } else {
            Ok(())
        }
    }
    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.stamp
    }
    /// SE's `collectRuleParents`: for every "on" node behind the targets, the eliminations
    /// (between the outer search's start and now) that made it a single; `assumption` is the
    /// cause given to the assumption itself (cell and region forcing chains).
    fn rule_parents(
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

    /// Complexity of a chain ending at the `targets` (each in its own run), SE's flat
    /// complexity plus each distinct nested chain's complexity once.
    fn complexity(&mut self, targets: &[(&Run, u32)]) -> u32 {
        self.complexity_within(targets, u32::MAX)
            .unwrap_or(u32::MAX)
    }

    /// The complexity when it is at most `limit`; `None` (found early) when it is more.
    fn complexity_within(&mut self, targets: &[(&Run, u32)], limit: u32) -> Option<u32> {
        if self.seen.len() < self.npots() {
            self.seen = vec![0; self.npots()];
        }
        let mut flat: u32 = 0;
        let mut nested = Vec::new();
        for &(run, id) in targets {
            let s = self.next_stamp();
            let left = limit.saturating_sub(flat);
            flat = flat.saturating_add(run.ancestors(
                id,
                &mut self.seen,
                s,
                &mut nested,
                &mut self.queue,
                left,
            ));
            if flat > limit {
                return None;
            }
        }
        let extra: u64 = nested.chunks(2).map(|c| c[1]).sum();
        let total = flat.saturating_add(extra as u32);
        (total <= limit).then_some(total)
    }

    /// The bound a top-level multiple or dynamic search may prune with: hints of one such
    /// rule share their base rating, so only those with the least complexity can come first.
    /// A nested search must report every hint, so it never prunes.
    fn prune_limit(&self) -> u32 {
        if self.rule_source.is_none() {
            self.bound
        } else {
            u32::MAX
        }
    }
}

/// A chain's conclusion on (`cell`, `d`): "on" removes the cell's other digits and places `d`
/// (when something is removed, as SE's hints are only worth applying then); "off" removes `d`.
fn conclude(h: &mut Hint, cands: &[u64], cell: usize, d: u8, on: bool) {
    if on {
        h.remove(cell as u16, cands[cell] & !bit(d));
        if !h.removals.is_empty() {
            h.place = Some((cell as u16, d));
        }
    } else {
        h.remove(cell as u16, bit(d));
    }
}

impl Chaining {
    /// The least rating a hint of this rule can have: cycles start at 6.5, forcing chains
    /// at 6.6 (plain) or 7.0 (both link kinds), the others at their base.
    pub(crate) fn floor(&self) -> f64 {
        if self.multiple || self.dynamic || self.level > 0 {
            self.base()
        } else {
            6.5
        }
    }

    fn base(&self) -> f64 {
        if self.level >= 2 {
            9.5 + 0.5 * (self.level - 2) as f64
        } else if self.level > 0 {
            8.5 + 0.5 * self.level as f64
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }

    fn nested_suffix(level: u32) -> String {
        match level {
            0 => String::new(),
            1 => " (+)".into(),
            2 => " (+ Forcing Chains)".into(),
            3 => " (+ Multiple Forcing Chains)".into(),
            4 => " (+ Dynamic Forcing Chains)".into(),
            l => format!(" (+ Dynamic Forcing Chains{})", Self::nested_suffix(l - 3)),
        }
    }

    fn prefix(&self) -> &'static str {
        if self.level > 0 || (self.dynamic && !self.nishio) {
            "Dynamic "
        } else if self.nishio {
            "Nishio "
        } else {
            ""
        }
    }

    fn suffix(&self) -> String {
        format!(" Chains{}", Self::nested_suffix(self.level))
    }

    /// Every hint of this rule on the board, sorted as SE sorts them (rating, complexity,
    /// kind), the first being the one SE applies.
    pub fn hints(&self, ctx: &mut Ctx<'_>, cands: &mut [u64]) -> Result<Vec<Hint>, Stopped> {
        let mut out = Vec::new();
        if self.multiple || self.dynamic {
            self.multiple_chains(ctx, cands, &mut out)?;
        } else {
            let graph = StaticGraph::take(ctx, cands);
            // At the top level only the first hint after the sort is used, so a search may
            // stop at the depth past which no hint can come before the best one found so far
            // (a hint's complexity is at least its node's depth in these single-parent
            // trees). A nested search reports every hint and is never bounded.
            let top = ctx.rule_source.is_none();
            for (y, x) in [(false, true), (true, false), (true, true)] {
                // Hints with both kinds of links rate 7.0 and more: when an X- or Y-only hint
                // below that is known, the third pass cannot change which hint comes first.
                // (A nested search reports every hint, so it makes all three passes.)
                if x && y && ctx.rule_source.is_none() && out.iter().any(|h| h.rating < 7.0) {
                    continue;
                }
                // The reachability filter tells which searches can find anything.
                let filter = Filter::new(ctx.shape, &graph.links, cands, y, x);
                let reach = filter.as_ref();
                // The bound changes only when a hint is found.
                let mut bound = (usize::MAX, StaticBound::NONE);
                for cell in 0..ctx.shape.ncells {
                    if ctx.values[cell] != 0 || cands[cell].count_ones() <= 1 {
                        continue;
                    }
                    for d in digits(cands[cell]) {
                        let i = cell * ctx.shape.n + d as usize - 1;
                        let searches = reach.map_or((true, true, true), |r| {
                            (r.cycles[i] && r.cycle_removes[i], r.removes[i], r.places[i])
                        });
                        // Most candidates have no search left to make.
                        if searches == (false, false, false) {
                            continue;
                        }
                        ctx.tick()?;
                        if top && bound.0 != out.len() {
                            bound = (out.len(), StaticBound::from_hints(&out, y, x));
                        }
                        let links = &graph.links;
                        self.unary(
                            ctx, links, cands, cell, d, y, x, bound.1, searches, &mut out,
                        );
                    }
                }
            }
            ctx.graph = Some(graph);
        }
        out.sort_by(|a, b| {
            a.rating
                .partial_cmp(&b.rating)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.complexity.cmp(&b.complexity))
                .then(a.sort_key.cmp(&b.sort_key))
        });
        Ok(out)
    }

    // ---- the implication rules -------------------------------------------------------

    /// Consequences of `p` on in the static graph: the cell's other digits off (when `y`),
    /// then the digit off in every peer, in SE's region order.
    fn on_to_off(l: &Links, p: u32, y: bool, out: &mut Vec<u32>) {
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
    fn dyn_on_to_off(
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
    fn off_to_on(l: &Links, p_id: u32, p: u32, y: bool, x: bool, out: &mut OnBuf) {
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
    fn dyn_off_to_on(
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

    // ---- forcing chains & cycles ------------------------------------------------------

    #[allow(clippy::too_many_arguments)]
    fn unary(
        &self,
        ctx: &mut Ctx<'_>,
        links: &Links,
        cands: &[u64],
        cell: usize,
        d: u8,
        y: bool,
        x: bool,
        bound: StaticBound,
        (search_cycles, search_on, search_off): (bool, bool, bool),
        out: &mut Vec<Hint>,
    ) {
        if cands[cell].count_ones() > 2 && !x {
            return;
        }
        let sh = ctx.shape;
        let n = sh.n;
        let source = pot(n, cell, d, true);
        // Cycles.
        let mut run = ctx.run();
        let root = run.node(source, &[], Cause::Assumption);
        run.store(root);
        let mut bufs = std::mem::take(&mut ctx.static_bufs);
        let cycles = if search_cycles {
            Self::cycles(links, &mut run, root, y, x, bound.cycles, &mut bufs)
        } else {
            Vec::new()
        };
        for dst in cycles {
            if let Some(h) = self.cycle_hint(ctx, cands, &run, dst, y, x) {
                out.push(h);
            }
        }
        if x {
            let mut chains_on = ctx.run();
            let r = chains_on.node(source, &[], Cause::Assumption);
            chains_on.store(r);
            // The forcing search from "on" is the cycle search's first-visit tree (the same
            // graph and order; the cycle search only adds second nodes that close cycles), so
            // when the cycle search went as deep, its node for "source off" is the chain.
            let from_cycles = search_on && search_cycles && covers(bound.cycles, bound.forcing);
            let targets = if from_cycles {
                Vec::new()
            } else if search_on {
                Self::forcing(links, &mut chains_on, source, y, bound.forcing, &mut bufs)
            } else {
                Vec::new()
            };
            if from_cycles
                && let Some(t) = run.get(source ^ 1)
                && u64::from(run.depth(t)) <= forcing_reach(bound.forcing)
            {
                let h = self.forcing_hint(ctx, cands, &run, t, y, x);
                if h.is_worth() {
                    out.push(h);
                }
            }
            let mut chains_off = ctx.run();
            let r = chains_off.node(source ^ 1, &[], Cause::Assumption);
            chains_off.store(r);
            let targets_off = if search_off {
                Self::forcing(
                    links,
                    &mut chains_off,
                    source ^ 1,
                    y,
                    bound.forcing,
                    &mut bufs,
                )
            } else {
                Vec::new()
            };
            for (run, ts) in [(&chains_on, targets), (&chains_off, targets_off)] {
                for t in ts {
                    let h = self.forcing_hint(ctx, cands, run, t, y, x);
                    if h.is_worth() {
                        out.push(h);
                    }
                }
            }
            ctx.recycle(chains_on);
            ctx.recycle(chains_off);
        }
        ctx.static_bufs = bufs;
        ctx.recycle(run);
    }

    fn cycles(
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
            std::mem::swap(pending_on, next);
            pending_on.clear();
            for &p in next.iter() {
                let pp = run.nodes[p as usize].pot;
                Self::on_to_off(links, pp, y, offs);
                let above = path[p as usize];
                for &q in offs.iter() {
                    // Every node on a path is in the index, so a new pot is on no path. A pot
                    // met before was expanded then (or is no further than this one), so all
                    // its "on" consequences are in the run: a second node for it can only
                    // close the cycle, which needs a strong link from it to the source.
                    let seen = run.get(q).is_some();
                    if seen && !links.strong((q >> 1) as usize, y, x).any(|t| t == source) {
                        continue;
                    }
                    if !seen || above & path_bit(q) == 0 || !run.is_parent(p, q) {
                        let id = run.node(q, &[p], Cause::Off);
                        path.push(above | path_bit(q));
                        pending_off.push(id);
                        run.store(id);
                    }
                }
            }
            length += 1;
            std::mem::swap(pending_off, next);
            pending_off.clear();
            for &p in next.iter() {
                let pp = run.nodes[p as usize].pot;
                Self::off_to_on(links, p, pp, y, x, ons);
                for k in 0..ons.items.len() {
                    let (q, s, l, cause) = ons.items[k];
                    let parents = &ons.par[s as usize..(s + l) as usize];
                    // A node is made only where it is used: a cycle's end or a new pot.
                    let closes = length >= 4 && q == source;
                    let new = run.get(q).is_none();
                    if !closes && !new {
                        continue;
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
                }
            }
        }
        bufs.path = path;
        found
    }

    fn forcing(
        links: &Links,
        run: &mut Run,
        source: u32,
        y: bool,
        max_depth: u32,
        bufs: &mut StaticBufs,
    ) -> Vec<u32> {
        let (pending_on, pending_off, next, offs, ons) = bufs.parts();
        pending_on.clear();
        pending_on.extend_from_slice(&run.on);
        // Depth of the "on" layer of the coming round (an "off" root's first round has
        // none: its "on" consequences are at depth 1).
        let mut depth: i64 = if source & 1 == 1 { 0 } else { -1 };
        pending_off.clear();
        pending_off.extend_from_slice(&run.off);
        let mut chains: Vec<u32> = Vec::new();
        while !pending_on.is_empty() || !pending_off.is_empty() {
            // Nodes made in this round are at depth `depth + 1` and `depth + 2`.
            if depth + 1 > i64::from(max_depth) {
                break;
            }
            depth += 2;
            std::mem::swap(pending_on, next);
            pending_on.clear();
            for &p in next.iter() {
                let pp = run.nodes[p as usize].pot;
                Self::on_to_off(links, pp, y, offs);
                for &q in offs.iter() {
                    // A node is made only where it is used: a target or a new pot.
                    let hit =
                        q | 1 == source && !chains.iter().any(|&c| run.nodes[c as usize].pot == q);
                    let new = run.get(q).is_none();
                    if !hit && !new {
                        continue;
                    }
                    let id = run.node(q, &[p], Cause::Off);
                    if hit {
                        chains.push(id);
                    }
                    // (A pot not yet in the run is on no path, so SE's `isParent` test
                    // cannot fail here.)
                    if new {
                        run.store(id);
                        pending_off.push(id);
                    }
                }
            }
            std::mem::swap(pending_off, next);
            pending_off.clear();
            for &p in next.iter() {
                let pp = run.nodes[p as usize].pot;
                Self::off_to_on(links, p, pp, y, true, ons);
                for k in 0..ons.items.len() {
                    let (q, s, l, cause) = ons.items[k];
                    let parents = &ons.par[s as usize..(s + l) as usize];
                    let hit =
                        q & !1 == source && !chains.iter().any(|&c| run.nodes[c as usize].pot == q);
                    let new = run.get(q).is_none();
                    if !hit && !new {
                        continue;
                    }
                    let id = run.node(q, parents, cause);
                    if hit {
                        chains.push(id);
                    }
                    if new {
                        run.store(id);
                        pending_on.push(id);
                    }
                }
            }
        }
        chains
    }

    fn chain_text(sh: &Shape, run: &Run, id: u32) -> String {
        let mut path = Vec::new();
        let mut cur = Some(id);
        while let Some(c) = cur {
            path.push(run.nodes[c as usize].pot);
            cur = run.first_parent(c);
            if path.len() > 400 {
                break;
            }
        }
        path.reverse();
        path.iter()
            .map(|&p| {
                let (c, d, on) = unpot(sh.n, p);
                format!("{}{}{}", cell_at(sh.n, c), if on { "=" } else { "<>" }, d)
            })
            .collect::<Vec<_>>()
            .join(" -> ")
    }

    /// Whether some cell off the cycle holds a digit and sees both an "on" and an "off" node
    /// of that digit on the cycle — the only cells a cycle can remove from. Answers on the
    /// peers' bitsets; `true` (look closer) when the grid is too large for its buffers.
    fn cycle_may_remove(
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
    fn cycle_path(n: usize, run: &Run, dst: u32) -> (Vec<usize>, Vec<u32>) {
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

    fn cycle_hint(
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
        let mut h = Hint::pattern(
            &name,
            base + length_increment::<f64>(complexity as usize),
            String::new(),
        );
        h.complexity = complexity;
        h.rule_parents = ctx.rule_parents(cands, &[(run, dst)], None);
        h.sort_key = if x && y {
            4
        } else if y {
            3
        } else {
            2
        };
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

    fn forcing_hint(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &[u64],
        run: &Run,
        target: u32,
        y: bool,
        x: bool,
    ) -> Hint {
        let sh = ctx.shape;
        let (c, d, on) = unpot(sh.n, run.nodes[target as usize].pot);
        let complexity = ctx.complexity(&[(run, target)]);
        let name = if x && y {
            "Forcing Chain"
        } else if y {
            "Forcing Y-Chain"
        } else if complexity == 6 {
            "Turbot Fish"
        } else {
            "Forcing X-Chain"
        };
        let base = if x && y { 7.0 } else { 6.6 };
        let mut h = Hint::pattern(
            name,
            base + length_increment::<f64>(complexity as usize),
            String::new(),
        );
        h.complexity = complexity;
        h.rule_parents = ctx.rule_parents(cands, &[(run, target)], None);
        h.sort_key = if x && y {
            4
        } else if y {
            3
        } else {
            2
        };
        conclude(&mut h, cands, c, d, on);
        if ctx.want_text {
            h.text = format!(
                "{}: {}: {}",
                name,
                Self::chain_text(sh, run, target),
                if on {
                    format!("{}={}", cell_at(sh.n, c), d)
                } else {
                    h.removals_text(sh)
                }
            );
        }
        h
    }

    // ---- multiple, dynamic and nested forcing chains ------------------------------------

    /// SE's general search: from the assumptions already in `run`, every consequence, one
    /// "on" before any "off"; in dynamic mode each "off" is carried out on `cands` as it is
    /// met (and undone at the end); with nesting, when nothing is left, the nested rules are
    /// asked for more eliminations. Returns the two nodes of a contradiction, if one is met.
    fn chain(
        &self,
        ctx: &mut Ctx<'_>,
        links: Option<&Links>,
        cands: &mut [u64],
        run: &mut Run,
    ) -> Result<Option<(u32, u32)>, Stopped> {
        let sh = ctx.shape;
        if let Some(l) = links {
            // A static search leaves the board as it is.
            // (Its places are never read: an empty set allocates nothing.)
            return self.chain_inner(ctx, Some(l), sh, cands, &mut Places::default(), run);
        }
        // Without static links the search is a dynamic one (see `Chaining::dyn_off_to_on`).
        debug_assert!(self.dynamic);
        let mut places = ctx.places.pop().unwrap_or_default();
        places.fill(sh, cands);
        let result = self.chain_inner(ctx, None, sh, cands, &mut places, run);
        cands.copy_from_slice(&places.save);
        ctx.places.push(places);
        result
    }

    fn chain_inner(
        &self,
        ctx: &mut Ctx<'_>,
        links: Option<&Links>,
        sh: &Shape,
        cands: &mut [u64],
        places: &mut Places,
        run: &mut Run,
    ) -> Result<Option<(u32, u32)>, Stopped> {
        let y = !self.nishio;
        // The queues are the run's own "on" and "off" lists read in insertion order: every
        // node stored is queued, and nothing else is.
        let (mut hon, mut hoff) = (0, 0);
        let mut offs = std::mem::take(&mut ctx.offs_buf);
        let mut ons = std::mem::take(&mut ctx.ons_buf);
        let result = loop {
            if hon < run.on.len() {
                let p = run.on[hon];
                hon += 1;
                let pp = run.nodes[p as usize].pot;
                match links {
                    Some(l) => Self::on_to_off(l, pp, y, &mut offs),
                    None => Self::dyn_on_to_off(sh, cands, places, pp, y, &mut offs),
                }
                let mut absurd = None;
                for &q in &offs {
                    if let Some(on) = run.get(q | 1) {
                        let id = run.node(q, &[p], Cause::Off);
                        absurd = Some((on, id));
                        break;
                    }
                    if run.get(q).is_none() {
                        let id = run.node(q, &[p], Cause::Off);
                        run.store(id);
                    }
                }
                if absurd.is_some() {
                    break Ok(absurd);
                }
            } else if hoff < run.off.len() {
                let p = run.off[hoff];
                hoff += 1;
                let pp = run.nodes[p as usize].pot;
                // (Only the dynamic searches have no static links; they take each "off"
                // off the board as they expand it.)
                match links {
                    Some(l) => Self::off_to_on(l, p, pp, y, true, &mut ons),
                    None => Self::dyn_off_to_on(sh, cands, places, run, p, pp, y, &mut ons),
                }
                let mut absurd = None;
                for k in 0..ons.items.len() {
                    let (q, s, l, cause) = ons.items[k];
                    let parents = &ons.par[s as usize..(s + l) as usize];
                    if let Some(off) = run.get(q & !1) {
                        let id = run.node(q, parents, cause);
                        absurd = Some((id, off));
                        break;
                    }
                    if run.get(q).is_none() {
                        let id = run.node(q, parents, cause);
                        run.store(id);
                    }
                }
                if absurd.is_some() {
                    break Ok(absurd);
                }
            }
            if hon == run.on.len() && hoff == run.off.len() {
                if self.level == 0 {
                    break Ok(None);
                }
                if let Err(e) = ctx.tick() {
                    break Err(e);
                }
                let adv = match advanced::potentials(ctx, self.level, cands, &places.save) {
                    Ok(a) => a,
                    Err(e) => break Err(e),
                };
                for adv in adv {
                    if run.get(adv.pot).is_none() {
                        let parents: Vec<u32> =
                            adv.parents.iter().filter_map(|&p| run.get(p)).collect();
                        let id = run.node(adv.pot, &parents, Cause::Advanced);
                        run.nodes[id as usize].nested = adv.nested;
                        run.nodes[id as usize].nested_key = adv.nested_key;
                        run.store(id);
                    }
                }
                if hoff == run.off.len() {
                    break Ok(None);
                }
            }
        };
        ctx.offs_buf = offs;
        ctx.ons_buf = ons;
        result
    }

    /// A general search from the single assumption `source`: its run and the contradiction it
    /// met, if any. (On a stop the run goes back to the pool.)
    fn search_from(
        &self,
        ctx: &mut Ctx<'_>,
        links: Option<&Links>,
        cands: &mut [u64],
        source: u32,
    ) -> Result<(Run, Option<(u32, u32)>), Stopped> {
        let mut run = ctx.run();
        let r = run.node(source, &[], Cause::Assumption);
        run.store(r);
        match self.chain(ctx, links, cands, &mut run) {
            Ok(absurd) => Ok((run, absurd)),
            Err(e) => {
                ctx.recycle(run);
                Err(e)
            }
        }
    }

    fn multiple_chains(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &mut [u64],
        out: &mut Vec<Hint>,
    ) -> Result<(), Stopped> {
        if self.nishio && ctx.rule_source.is_none() {
            return self.nishio_chains(ctx, cands, out);
        }
        let sh = ctx.shape;
        let n = sh.n;
        let mut graph = (!self.dynamic && self.level == 0).then(|| StaticGraph::take(ctx, cands));
        // Static multiple forcing chains give only cell and region forcing chains: a cell
        // whose digits' searches, and whose regions' places, cannot meet anywhere has none.
        if !self.nishio
            && let Some(g) = &mut graph
        {
            g.ensure_xy();
        }
        let reach = graph.as_ref().filter(|_| !self.nishio).and_then(|g| g.xy());
        let links = graph.as_ref().map(|g| &g.links);
        let mut acc = Vec::new();
        let mut cache = RunCache::default();
        let outer_bound = std::mem::replace(&mut ctx.bound, u32::MAX);
        for cell in 0..sh.ncells {
            if ctx.values[cell] != 0 {
                continue;
            }
            let card = cands[cell].count_ones();
            if !(card > 2 || (card > 1 && self.dynamic)) {
                continue;
            }
            if let Some(r) = &reach
                && !self.static_cell_may_give(r, sh, cands, cell, &mut acc)
            {
                continue;
            }
            let mut value_runs: Vec<(u8, Run)> = Vec::new();
            for d in digits(cands[cell]) {
                ctx.tick()?;
                let p_on = pot(n, cell, d, true);
                let do_double = card >= 3 && !self.nishio && self.dynamic;
                let do_contradiction = self.dynamic || self.nishio;
                // Assume on (the search may already have run for a region forcing chain of
                // an earlier cell; searches are deterministic, so it is reused).
                let (on_run, absurd) = match cache.remove(&p_on) {
                    Some(x) => x,
                    None => self.search_from(ctx, links, cands, p_on)?,
                };
                if do_contradiction
                    && let Some((a, b)) = absurd
                    && let Some(h) =
                        self.binary_hint(ctx, cands, (&on_run, a), (&on_run, b), p_on, p_on, true)
                {
                    out.push(h);
                }
                // Assume off. Only contradictions and double chains read that search; and
                // at level 0 a dynamic search whose assumption turns nothing on holds the
                // assumption alone, which gives neither (see `Self::off_is_inert`).
                let skip_off = !(do_contradiction || do_double)
                    || (self.dynamic && self.level == 0 && self.off_is_inert(sh, cands, cell, d));
                if !skip_off {
                    let (off_run, absurd) = self.search_from(ctx, links, cands, p_on ^ 1)?;
                    if do_contradiction
                        && let Some((a, b)) = absurd
                        && let Some(h) = self.binary_hint(
                            ctx,
                            cands,
                            (&off_run, a),
                            (&off_run, b),
                            p_on ^ 1,
                            p_on ^ 1,
                            true,
                        )
                    {
                        out.push(h);
                    }
                    if do_double {
                        // Double chains: the "on" search's "on" nodes, then its "off"
                        // nodes, that the "off" search reached too.
                        for (list, source) in [(&on_run.on, p_on), (&on_run.off, p_on ^ 1)] {
                            for &id in list {
                                let q = on_run.nodes[id as usize].pot;
                                if let Some(other) = off_run.get(q)
                                    && let Some(h) = self.binary_hint(
                                        ctx,
                                        cands,
                                        (&on_run, id),
                                        (&off_run, other),
                                        source,
                                        q,
                                        false,
                                    )
                                {
                                    out.push(h);
                                }
                            }
                        }
                    }
                    ctx.recycle(off_run);
                }
                if !self.nishio {
                    self.region_chains(ctx, links, cands, cell, d, &on_run, &mut cache, out)?;
                }
                value_runs.push((d, on_run));
            }
            if !self.nishio && (card == 2 || (self.multiple && card > 2)) {
                // Cell forcing chains: what every digit of the cell implies.
                for want_on in [true, false] {
                    let first = &value_runs[0].1;
                    let list = if want_on { &first.on } else { &first.off };
                    for &id in list {
                        let q = first.nodes[id as usize].pot;
                        let all = value_runs.iter().all(|(_, r)| r.get(q).is_some());
                        if !all {
                            continue;
                        }
                        let targets: Vec<(&Run, u32)> = value_runs
                            .iter()
                            .map(|(_, r)| (r, r.get(q).unwrap_or(NONE)))
                            .collect();
                        if let Some(h) = self.reduction_hint(
                            ctx,
                            cands,
                            &targets,
                            q,
                            "Cell Forcing",
                            5,
                            &|| format!("every digit of {}", cell_at(sh.n, cell)),
                            Cause::NakedSingle,
                        ) {
                            out.push(h);
                        }
                    }
                }
            }
            for (_, r) in value_runs {
                ctx.recycle(r);
            }
        }
        for (_, (run, _)) in cache.drain() {
            ctx.recycle(run);
        }
        ctx.bound = outer_bound;
        if graph.is_some() {
            ctx.graph = graph;
        }
        Ok(())
    }

    /// Whether a dynamic search from "`d` off in `cell`" stops at its root: the cell keeps
    /// two digits or more besides `d` (or the rule has no cell links) and no region of the
    /// cell is down to two places of `d`, so the root turns nothing on. Such a search, at
    /// level 0 (no nested rules to run once the queues are empty), holds no node but the
    /// root: no contradiction, and no double chain (the "on" search never stores its own
    /// root's "off").
    fn off_is_inert(&self, sh: &Shape, cands: &[u64], cell: usize, d: u8) -> bool {
        if !self.nishio && two_bits(cands[cell]) {
            return false;
        }
        let b = bit(d);
        sh.slots_of(cell).iter().all(|slot| {
            let cells = &sh.region_cells[slot.cells as usize..slot.cells as usize + sh.n];
            cells
                .iter()
                .filter(|&&c| cands[c as usize] & b != 0)
                .count()
                != 2
        })
    }

    /// Nishio at the top level: the same searches and hints as
    /// [`Chaining::multiple_chains`] makes for it, with each (cell, digit)'s two searches
    /// answered from the puzzle's [`NishioMemo`] when the digit's pattern was searched before.
    fn nishio_chains(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &mut [u64],
        out: &mut Vec<Hint>,
    ) -> Result<(), Stopped> {
        let sh = ctx.shape;
        let n = sh.n;
        let outer_bound = std::mem::replace(&mut ctx.bound, u32::MAX);
        let mut memo = std::mem::take(&mut ctx.nishio);
        let mut tables: Vec<_> = (1..=n as u8).map(|d| memo.take(cands, d)).collect();
        let mut result = Ok(());
        'cells: for cell in 0..sh.ncells {
            if ctx.values[cell] != 0 || cands[cell].count_ones() < 2 {
                continue;
            }
            for d in digits(cands[cell]) {
                if let Err(e) = ctx.tick() {
                    result = Err(e);
                    break 'cells;
                }
                let slot = &mut tables[d as usize - 1].1[cell];
                if slot.as_ref().is_none_or(|s| ctx.want_text && !s.texts) {
                    match self.nishio_search(ctx, cands, cell, d) {
                        Ok(s) => *slot = Some(s),
                        Err(e) => {
                            result = Err(e);
                            break 'cells;
                        }
                    }
                }
                let Some(searched) = slot.as_ref() else {
                    continue;
                };
                let p_on = pot(n, cell, d, true);
                for (source, found) in [(p_on, &searched.on), (p_on ^ 1, &searched.off)] {
                    if let Some(f) = found
                        && let Some(h) = self.nishio_hint(ctx, cands, source, f)
                    {
                        out.push(h);
                    }
                }
            }
        }
        for (d, (key, table)) in tables.into_iter().enumerate() {
            memo.put(d as u8 + 1, key, table);
        }
        ctx.nishio = memo;
        ctx.bound = outer_bound;
        result
    }

    /// The two Nishio searches from (`cell`, `d`), with each contradiction's complexity.
    fn nishio_search(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &mut [u64],
        cell: usize,
        d: u8,
    ) -> Result<Searched, Stopped> {
        let n = ctx.shape.n;
        let mut searched = Searched {
            texts: ctx.want_text,
            ..Searched::default()
        };
        let p_on = pot(n, cell, d, true);
        for source in [p_on, p_on ^ 1] {
            let (run, absurd) = self.search_from(ctx, None, cands, source)?;
            let found = absurd.map(|(a, b)| Found {
                complexity: ctx.complexity(&[(&run, a), (&run, b)]),
                chains: ctx.want_text.then(|| {
                    (
                        Self::chain_text(ctx.shape, &run, a),
                        Self::chain_text(ctx.shape, &run, b),
                    )
                }),
            });
            if source & 1 == 1 {
                searched.on = found;
            } else {
                searched.off = found;
            }
            ctx.recycle(run);
        }
        Ok(searched)
    }

    /// The hint of a Nishio contradiction from `source`, as [`Chaining::binary_hint`] makes
    /// it, when its complexity is within the round's bound.
    fn nishio_hint(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &[u64],
        source: u32,
        found: &Found,
    ) -> Option<Hint> {
        let sh = ctx.shape;
        let (c, d, son) = unpot(sh.n, source);
        // A contradiction from an assumed "off" proves the digit: it removes the cell's others.
        let on_hint = !son;
        if on_hint && cands[c] & !bit(d) == 0 {
            return None;
        }
        let complexity = found.complexity;
        if complexity > ctx.prune_limit() {
            return None;
        }
        ctx.bound = ctx.bound.min(complexity);
        let name = format!("{}Forcing{}", self.prefix(), self.suffix());
        let mut h = Hint::pattern(
            &name,
            self.base() + length_increment::<f64>(complexity as usize),
            String::new(),
        );
        h.complexity = complexity;
        h.sort_key = 7;
        conclude(&mut h, cands, c, d, on_hint);
        if let Some((a, b)) = &found.chains {
            h.text = format!(
                "{}: if {}{}{}: {} and {}: {}",
                name,
                cell_at(sh.n, c),
                if son { "=" } else { "<>" },
                d,
                a,
                b,
                h.removals_text(sh)
            );
        }
        Some(h)
    }

    /// For static multiple forcing chains: whether `cell` can give a cell forcing chain (its
    /// digits' "on" searches meet) or a region forcing chain it starts (for a digit whose
    /// first place in a region it is, the places' searches meet). Mirrors the conditions of
    /// [`Chaining::multiple_chains`] and [`Chaining::region_chains`].
    fn static_cell_may_give(
        &self,
        r: &Reach,
        sh: &Shape,
        cands: &[u64],
        cell: usize,
        acc: &mut Vec<u64>,
    ) -> bool {
        let n = sh.n;
        let card = cands[cell].count_ones();
        if (card == 2 || (self.multiple && card > 2))
            && r.meet(digits(cands[cell]).map(|d| cell * n + d as usize - 1), acc)
        {
            return true;
        }
        for d in digits(cands[cell]) {
            let b = bit(d);
            for (t, ty) in sh.types.iter().enumerate() {
                let reg = sh.region_at[t][cell];
                if reg == NONE {
                    continue;
                }
                let places = ty.regions[reg as usize]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| cands[c] & b != 0);
                let k = places.clone().count();
                if !(k == 2 || (self.multiple && k > 2)) || places.clone().next() != Some(cell) {
                    continue;
                }
                if r.meet(places.map(|c| c * n + d as usize - 1), acc) {
                    return true;
                }
            }
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn region_chains(
        &self,
        ctx: &mut Ctx<'_>,
        links: Option<&Links>,
        cands: &mut [u64],
        cell: usize,
        d: u8,
        on_run: &Run,
        cache: &mut RunCache,
        out: &mut Vec<Hint>,
    ) -> Result<(), Stopped> {
        let sh = ctx.shape;
        let n = sh.n;
        for (t, ty) in sh.types.iter().enumerate() {
            let r = sh.region_at[t][cell];
            if r == NONE {
                continue;
            }
            let region = &ty.regions[r as usize];
            let b = bit(d);
            let places: Vec<usize> = region
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| cands[c] & b != 0)
                .collect();
            let k = places.len();
            if !(k == 2 || (self.multiple && k > 2)) || places[0] != cell {
                continue;
            }
            for &other in &places[1..] {
                let q = pot(n, other, d, true);
                if cache.contains_key(&q) {
                    continue;
                }
                ctx.tick()?;
                let found = self.search_from(ctx, links, cands, q)?;
                cache.insert(q, found);
            }
            let runs: Vec<&Run> = places[1..]
                .iter()
                .filter_map(|&other| cache.get(&pot(n, other, d, true)).map(|x| &x.0))
                .collect();
            for want_on in [true, false] {
                let list = if want_on { &on_run.on } else { &on_run.off };
                for &id in list {
                    let q = on_run.nodes[id as usize].pot;
                    if !runs.iter().all(|r| r.get(q).is_some()) {
                        continue;
                    }
                    let mut targets: Vec<(&Run, u32)> = vec![(on_run, id)];
                    targets.extend(runs.iter().map(|&r| (r, r.get(q).unwrap_or(NONE))));
                    // The sentence names the region; built only when a text is wanted.
                    let what = || {
                        let rname = match ty.kind {
                            Kind::Block => format!("block {}", r + 1),
                            Kind::Row => format!("row {}", r + 1),
                            Kind::Column => format!("column {}", r + 1),
                            Kind::Extra => format!("diagonal {}", r + 1),
                        };
                        format!("every place of {d} in {rname}")
                    };
                    if let Some(h) = self.reduction_hint(
                        ctx,
                        cands,
                        &targets,
                        q,
                        "Region Forcing",
                        6,
                        &what,
                        Cause::Hidden(t as u8),
                    ) {
                        out.push(h);
                    }
                }
            }
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn reduction_hint(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &[u64],
        targets: &[(&Run, u32)],
        q: u32,
        kind: &str,
        sort_key: u32,
        what: &dyn Fn() -> String,
        assumption: Cause,
    ) -> Option<Hint> {
        let sh = ctx.shape;
        let (c, d, on) = unpot(sh.n, q);
        if on && cands[c] & !bit(d) == 0 {
            return None;
        }
        let complexity = ctx.complexity_within(targets, ctx.prune_limit())?;
        if ctx.rule_source.is_none() {
            ctx.bound = ctx.bound.min(complexity);
        }
        let name = if !self.dynamic && !self.multiple {
            "Forcing Chain".to_string()
        } else {
            format!("{}{}{}", self.prefix(), kind, self.suffix())
        };
        let mut h = Hint::pattern(
            &name,
            self.base() + length_increment::<f64>(complexity as usize),
            String::new(),
        );
        h.complexity = complexity;
        h.sort_key = sort_key;
        h.rule_parents = ctx.rule_parents(cands, targets, Some(assumption));
        conclude(&mut h, cands, c, d, on);
        if ctx.want_text {
            h.text = format!(
                "{}: {} leads to {}{}{}: {}",
                name,
                what(),
                cell_at(sh.n, c),
                if on { "=" } else { "<>" },
                d,
                targets
                    .iter()
                    .map(|&(r, id)| Self::chain_text(sh, r, id))
                    .collect::<Vec<_>>()
                    .join("; ")
            );
        }
        Some(h)
    }

    /// Contradiction (`absurd`) or double forcing chains from one assumption.
    #[allow(clippy::too_many_arguments)]
    fn binary_hint(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &[u64],
        dst_on: (&Run, u32),
        dst_off: (&Run, u32),
        source: u32,
        target: u32,
        absurd: bool,
    ) -> Option<Hint> {
        let sh = ctx.shape;
        let (tc, td, ton) = unpot(sh.n, target);
        let on_hint = if absurd { source & 1 == 0 } else { ton };
        if on_hint && cands[tc] & !bit(td) == 0 {
            return None;
        }
        let complexity = ctx.complexity_within(&[dst_on, dst_off], ctx.prune_limit())?;
        if ctx.rule_source.is_none() {
            ctx.bound = ctx.bound.min(complexity);
        }
        let kind = if self.nishio {
            "Forcing"
        } else if absurd {
            "Contradiction Forcing"
        } else {
            "Double Forcing"
        };
        let name = format!("{}{}{}", self.prefix(), kind, self.suffix());
        let mut h = Hint::pattern(
            &name,
            self.base() + length_increment::<f64>(complexity as usize),
            String::new(),
        );
        h.complexity = complexity;
        h.sort_key = if absurd { 7 } else { 1 };
        h.rule_parents = ctx.rule_parents(cands, &[dst_on, dst_off], None);
        // An "on" hint removes the target cell's other digits and places the target; an "off"
        // hint removes the target. A contradiction from an assumed "off" proves it "on".
        conclude(&mut h, cands, tc, td, on_hint);
        let (sc, sd, son) = unpot(sh.n, source);
        if ctx.want_text {
            h.text = format!(
                "{}: if {}{}{}: {} and {}: {}",
                name,
                cell_at(sh.n, sc),
                if son { "=" } else { "<>" },
                sd,
                Self::chain_text(sh, dst_on.0, dst_on.1),
                Self::chain_text(sh, dst_off.0, dst_off.1),
                h.removals_text(sh)
            );
        }
        Some(h)
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::Shape;
    use super::*;
    use std::sync::Arc;
    use sudokit_core::{Extra, Layout};

    /// The reciprocal split of a pot agrees with division for every pot of every side.
    #[test]
    fn unpot_splits_every_pot_of_every_side() {
        for n in 1..=64usize {
            for x in 0..(n * n * n) as u32 {
                for on in [false, true] {
                    let p = x << 1 | on as u32;
                    let want = (x as usize / n, (x as usize % n) as u8 + 1, on);
                    assert_eq!(unpot(n, p), want, "side {n}, pot {p}");
                }
            }
        }
    }

    /// `covers` and `forcing_reach` follow the two searches' round conditions: the distances
    /// at which each makes "off" nodes (exhaustive for small bounds, and at the unbounded end).
    #[test]
    fn forcing_reach_follows_the_round_conditions() {
        // Distances of the "off" nodes each search makes, round by round.
        let forcing = |max: u32| {
            let mut out = Vec::new();
            let mut depth: i64 = -1;
            while depth < i64::from(max) && out.len() < 100 {
                depth += 2;
                out.push(depth as u64);
            }
            out
        };
        let cycles = |max: u32| {
            let mut out = Vec::new();
            let mut length: u64 = 0;
            while length < u64::from(max) && out.len() < 100 {
                length += 1;
                out.push(length);
                length += 1;
            }
            out
        };
        for f in 0..40 {
            let fs = forcing(f);
            assert_eq!(forcing_reach(f), *fs.last().unwrap(), "forcing {f}");
            for c in 0..40 {
                let cs = cycles(c);
                assert_eq!(
                    covers(c, f),
                    fs.iter().all(|d| cs.contains(d)),
                    "cycles {c}, forcing {f}"
                );
            }
        }
        assert!(covers(u32::MAX, u32::MAX));
        assert!(!covers(u32::MAX - 1, u32::MAX));
    }

    /// Plain 9×9, X, anti-knight and 6×6 shapes.
    fn test_shapes() -> Vec<Shape> {
        [
            Layout::standard(9).unwrap(),
            Layout::standard(9)
                .unwrap()
                .with_extras(&[Extra::Diagonals]),
            Layout::standard(9)
                .unwrap()
                .with_extras(&[Extra::AntiKnight]),
            Layout::standard(6).unwrap(),
        ]
        .into_iter()
        .map(|l| Shape::new(Arc::new(l)))
        .collect()
    }

    /// A random candidate grid: each candidate kept with probability `keep / 8`.
    fn random_cands(sh: &Shape, keep: u64, rng: &mut crate::testrng::Lcg) -> Vec<u64> {
        (0..sh.ncells)
            .map(|_| {
                (1..=sh.n as u8)
                    .filter(|_| rng.next() % 8 < keep)
                    .fold(0u64, |m, d| m | bit(d))
            })
            .collect()
    }

    /// The strong-link filter answers exactly what the full graph's reach sets answer, for
    /// every pass and every candidate, on boards with many pairs and few (random candidate
    /// sets thinned to different densities), on plain, X, anti-knight and 6×6 layouts.
    #[test]
    fn strong_link_filter_matches_full_reach_sets() {
        let mut rng = crate::testrng::Lcg::new(987654321);
        let mut compared = 0;
        for sh in test_shapes() {
            let n = sh.n;
            for round in 0..60 {
                let cands = random_cands(&sh, 2 + round % 5, &mut rng);
                let links = Links::new(&sh, &cands);
                for (y, x) in [(false, true), (true, false), (true, true)] {
                    let full = Reach::new(&links, &cands, y, x).expect("small graph");
                    let has = |from: usize, to: usize| full.reach.reaches(from, to);
                    let mut ons = std::collections::HashMap::new();
                    for &j in full.id.iter().filter(|&&j| j != u32::MAX) {
                        *ons.entry(full.reach.comp[2 * j as usize + 1]).or_insert(0) += 1;
                    }
                    let fast = Filter::new(&sh, &links, &cands, y, x).expect("small graph");
                    for (cell, &m) in cands.iter().enumerate() {
                        for d in digits(m) {
                            let i = cell * n + d as usize - 1;
                            let j = 2 * full.id[i] as usize;
                            let at = format!("round {round} cell {cell} digit {d} y {y} x {x}");
                            assert_eq!(fast.removes[i], has(j + 1, j), "removes, {at}");
                            assert_eq!(fast.places[i], has(j, j + 1), "places, {at}");
                            let cycles = ons[&full.reach.comp[j + 1]] >= 2;
                            assert_eq!(fast.cycles[i], cycles, "cycles, {at}");
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > 10_000);
    }

    /// A cycle search that the component test rules out (`Filter::cycle_removes`) never
    /// closes a cycle that removes anything: every cycle an unbounded search from every
    /// candidate closes is checked for removals the way `cycle_hint` lists them.
    #[test]
    fn cycle_component_test_never_hides_a_removal() {
        let mut rng = crate::testrng::Lcg::new(24681357);
        let (mut ruled_out, mut removing) = (0, 0);
        for sh in test_shapes() {
            let n = sh.n;
            for round in 0..40 {
                let cands = random_cands(&sh, 2 + round % 4, &mut rng);
                let links = Links::new(&sh, &cands);
                for (y, x) in [(false, true), (true, false), (true, true)] {
                    let filter = Filter::new(&sh, &links, &cands, y, x).expect("small graph");
                    let mut bufs = StaticBufs::default();
                    for (cell, &m) in cands.iter().enumerate() {
                        for d in digits(m) {
                            let i = cell * n + d as usize - 1;
                            let mut run = Run::new(sh.ncells * n * 2);
                            let root = run.node(pot(n, cell, d, true), &[], Cause::Assumption);
                            run.store(root);
                            let found =
                                Chaining::cycles(&links, &mut run, root, y, x, u32::MAX, &mut bufs);
                            let removes = found.iter().any(|&dst| {
                                let (cells, nodes) = Chaining::cycle_path(n, &run, dst);
                                Chaining::cycle_may_remove(&sh, &cands, &run, &nodes, &cells)
                            });
                            if removes {
                                removing += 1;
                                assert!(
                                    filter.cycles[i] && filter.cycle_removes[i],
                                    "round {round} cell {cell} digit {d} y {y} x {x}"
                                );
                            } else if filter.cycles[i] && !filter.cycle_removes[i] {
                                ruled_out += 1;
                            }
                        }
                    }
                }
            }
        }
        // The test means something only if both cases occur.
        assert!(removing > 100 && ruled_out > 100, "{removing} {ruled_out}");
    }
}
