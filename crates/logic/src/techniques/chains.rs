//! Chains and loops over strong and weak links: X-chain (one digit), XY-chain (bivalue cells),
//! AIC (alternating inference chain, any links), discontinuous and continuous nice loops, and
//! the grouped forms of the last three (group nodes: a digit's places where two houses meet;
//! with [`Options::chain_als`](crate::Options) also almost locked sets, one node per digit).
//! Every layout: links come from houses (a digit with two places) and cells (two candidates),
//! and "sees" is the layout's peer relation, so jigsaw regions, diagonals and anti-knight/king
//! peers all take part.
//!
//! Design decision: one implication graph per grid — a node is a candidate (cell × digit);
//! "strong" (if A is false, B is true) and "weak" (if A is true, B is false) — and one
//! breadth-first search per start node over alternating (false → strong → true → weak →
//! false …) states. Reaching "V true" from "S false" proves S or V; reaching "S true" proves S;
//! from "S true" reaching "S false" disproves S. BFS gives each conclusion its shortest chain,
//! which is also what a person wants to read. The kind of chain (X, XY, any, grouped) is a
//! filter on which links the search may use; group and ALS nodes get ids after the candidates,
//! and a grouped search carries one more bit per state (the chain so far uses a group), so it
//! finds the shortest chain that does, even when a shorter plain one exists.

use std::fmt::Write as _;

use sudokit_core::{Cell, Digit, DigitSet, House};

use crate::grid::{CandidateGrid, CellSet};
use crate::render::{chain_text, eliminations_text};
use crate::step::{Chain, ChainNode, LinkKind, Role, Step};
use crate::technique::{Finder, Level, Technique, TechniqueInfo};

macro_rules! info {
    ($name:ident, $id:literal, $title:literal, $code:expr, $se:literal, $level:ident, $score:literal, $ho:literal, $so:literal, $sum:literal) => {
        #[doc = concat!($title, ".")]
        pub static $name: TechniqueInfo = TechniqueInfo {
            id: $id,
            name: $title,
            hodoku: $code,
            se: $se,
            level: Level::$level,
            score: $score,
            hodoku_order: $ho,
            se_order: $so,
            uniqueness: false,
            default_on: true,
            family: "chains",
            summary: $sum,
        };
    };
}

info!(
    X_CHAIN,
    "x-chain",
    "X-Chain",
    Some("0701"),
    6.6,
    Unfair,
    260,
    5400,
    2000,
    "a chain of strong and weak links on one digit: a cell seeing both ends loses it"
);
info!(
    XY_CHAIN,
    "xy-chain",
    "XY-Chain",
    Some("0702"),
    6.6,
    Unfair,
    260,
    5500,
    2010,
    "a chain of bivalue cells: a cell seeing both ends loses the end digit"
);
info!(
    NICE_LOOP_CONTINUOUS,
    "continuous-nice-loop",
    "Continuous Nice Loop",
    Some("0706"),
    6.5,
    Unfair,
    280,
    5600,
    2020,
    "a closed alternating loop: every weak link becomes strong"
);
info!(
    NICE_LOOP_DISCONTINUOUS,
    "discontinuous-nice-loop",
    "Discontinuous Nice Loop",
    Some("0707"),
    7.0,
    Unfair,
    280,
    5601,
    2030,
    "an alternating chain that returns to its start with a contradiction"
);
info!(
    AIC,
    "aic",
    "AIC",
    Some("0708"),
    7.0,
    Unfair,
    280,
    5602,
    2040,
    "alternating inference chain: one of its two ends is true"
);

info!(
    GROUPED_NICE_LOOP_CONTINUOUS,
    "grouped-continuous-nice-loop",
    "Grouped Continuous Nice Loop",
    Some("0709"),
    7.0,
    Unfair,
    300,
    5650,
    2050,
    "a closed alternating loop through group nodes: every weak link becomes strong"
);
info!(
    GROUPED_NICE_LOOP_DISCONTINUOUS,
    "grouped-discontinuous-nice-loop",
    "Grouped Discontinuous Nice Loop",
    Some("0710"),
    7.0,
    Unfair,
    300,
    5651,
    2060,
    "an alternating chain through group nodes that returns to its start with a contradiction"
);
info!(
    GROUPED_AIC,
    "grouped-aic",
    "Grouped AIC",
    Some("0711"),
    7.0,
    Unfair,
    300,
    5652,
    2070,
    "alternating inference chain through group nodes: one of its two ends is true"
);

/// Which links a chain search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Strong links in houses only, one digit.
    X,
    /// Strong links in bivalue cells, weak links between equal digits of peer cells.
    Xy,
    /// Any links between single candidates.
    Any,
    /// Any links, and group nodes (a digit in the cells where two houses meet); only chains
    /// that use a group are reported.
    Grouped,
}

/// A group node: the places of a digit where two houses meet (two or more cells; on 9×9 a
/// box and a row or column). It is "true" when one of its cells holds the digit.
struct Group {
    digit: Digit,
    /// The cells, in index order.
    cells: Vec<Cell>,
    /// The cells that see every cell of the group.
    seen: CellSet,
    /// The cells as a set.
    set: CellSet,
}

/// The link graph of one grid. Node `cell * n + digit index` for a candidate; group nodes
/// follow the candidates.
pub struct Links {
    n: usize,
    /// Number of candidate nodes (`cells × n`); node ids from here on are groups.
    cands: usize,
    /// Strong links: (target, [`HOUSE`], [`CELL`] or [`ALS`]).
    strong: Vec<Vec<(u32, u32)>>,
    /// The almost locked sets behind [`ALS`] links (`tag - ALS`).
    als: Vec<crate::techniques::als::Als>,
    /// Group nodes, node id `cands + index`.
    groups: Vec<Group>,
    /// Weak links involving a group (true node → false node), per node; weak links between
    /// candidates are enumerated on the fly.
    weak_groups: Vec<Vec<u32>>,
    /// Weak links between candidates, built once per grid since every search from every start
    /// walks them: for candidate node `v`, `weak[weak_at[v]..weak_mid[v]]` are the same digit
    /// in its peers (in cell order) and `weak[weak_mid[v]..weak_at[v + 1]]` the cell's other
    /// digits (in digit order); empty for a node that is not a candidate.
    weak: Vec<u32>,
    weak_at: Vec<u32>,
    weak_mid: Vec<u32>,
}

thread_local! {
    /// The link graphs of the last grid seen, one per (grouped, ALS) variant: the chain
    /// finders run one after another on the same grid.
    static LINKS: Cache<(bool, bool), Links> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// A per-thread cache of values built from one grid state, one entry per variant `V` (a
/// newer grid's entry replaces the variant's older one).
type Cache<V, T> = std::cell::RefCell<Vec<((StateKey, V), std::rc::Rc<T>)>>;

/// A grid state, as [`CandidateGrid::state_key`] gives it.
type StateKey = (u64, Vec<u8>, Vec<u64>);

/// The value `build` makes for `g` and `variant`, from `cache` when the last one made for
/// that variant was for the same grid state.
fn cached<V: PartialEq + Copy, T>(
    cache: &'static std::thread::LocalKey<Cache<V, T>>,
    g: &CandidateGrid,
    variant: V,
    build: impl FnOnce() -> T,
) -> std::rc::Rc<T> {
    let key = (g.state_key(), variant);
    cache.with(|c| {
        let mut c = c.borrow_mut();
        if let Some((_, v)) = c.iter().find(|(k, _)| *k == key) {
            return v.clone();
        }
        c.retain(|(k, _)| k.1 != variant);
        let v = std::rc::Rc::new(build());
        c.push((key, v.clone()));
        v
    })
}

/// [`Links::new`], kept for the next finder on the same grid.
fn cached_links(
    g: &CandidateGrid,
    grouped: bool,
    als: bool,
    memory: &crate::Memory,
) -> std::rc::Rc<Links> {
    cached(&LINKS, g, (grouped, als), || {
        Links::build(g, grouped, als, memory)
    })
}

impl Links {
    /// Builds the strong links of `g` (weak links between candidates are enumerated on the
    /// fly); with `grouped`, also the group nodes and their links, and with `als` the almost
    /// locked sets too.
    pub fn new(g: &CandidateGrid, grouped: bool, als: bool) -> Links {
        Links::build(g, grouped, als, &crate::Memory::new())
    }

    /// [`Links::new`], taking the grid's ALS from `memory` (the ALS finders keep them there).
    fn build(g: &CandidateGrid, grouped: bool, als: bool, memory: &crate::Memory) -> Links {
        let n = g.size();
        let cands = g.cell_count() * n;
        let mut strong: Vec<Vec<(u32, u32)>> = vec![Vec::new(); cands];
        for h in g.houses() {
            for d in DigitSet::full(n).iter() {
                let pos = g.positions(h, d);
                if pos.count_ones() == 2 {
                    let cells = g.house_cells(h);
                    let a = cells[pos.trailing_zeros() as usize];
                    let b = cells[63 - pos.leading_zeros() as usize];
                    let (na, nb) = (node(n, a, d), node(n, b, d));
                    if !strong[na as usize].contains(&(nb, HOUSE)) {
                        strong[na as usize].push((nb, HOUSE));
                        strong[nb as usize].push((na, HOUSE));
                    }
                }
            }
        }
        for c in g.empty_cells() {
            let cs = g.candidates(c);
            if cs.len() == 2 {
                let mut it = cs.iter();
                let (a, b) = (it.next().expect("two"), it.next().expect("two"));
                let (na, nb) = (node(n, c, a), node(n, c, b));
                strong[na as usize].push((nb, CELL));
                strong[nb as usize].push((na, CELL));
            }
        }
        let mut weak = Vec::new();
        let mut weak_at = Vec::with_capacity(cands + 1);
        let mut weak_mid = Vec::with_capacity(cands);
        for c in g.cells() {
            let cs = g.candidates(c);
            for d in DigitSet::full(n).iter() {
                weak_at.push(weak.len() as u32);
                if cs.contains(d) {
                    weak.extend(
                        g.peers(c)
                            .iter()
                            .filter(|&&p| g.has(p, d))
                            .map(|&p| node(n, p, d)),
                    );
                    weak_mid.push(weak.len() as u32);
                    weak.extend(cs.iter().filter(|&e| e != d).map(|e| node(n, c, e)));
                } else {
                    weak_mid.push(weak.len() as u32);
                }
            }
        }
        weak_at.push(weak.len() as u32);
        let mut links = Links {
            n,
            cands,
            strong,
            groups: Vec::new(),
            weak_groups: Vec::new(),
            als: Vec::new(),
            weak,
            weak_at,
            weak_mid,
        };
        if grouped {
            links.add_groups(g, als, memory);
        }
        links
    }

    /// Enumerates the group nodes (the places of a digit in the meeting of two houses, when
    /// two or more) and their strong and weak links. Sound on every layout: a group lies in
    /// one house, so a strong link "G or R" needs only that G and R together are all places of
    /// the digit in a house, and a weak link needs every cell of one side to see every cell of
    /// the other.
    ///
    /// With `als`, each almost locked set A (two or more cells of a house, one digit more
    /// than cells) adds a node per digit y, "A_y": the cells of A holding y (a candidate or
    /// group node when it is one), true when one of them holds y; any two such nodes of one ALS
    /// are strongly linked, since without x the rest of A is a locked set that holds y.
    fn add_groups(&mut self, g: &CandidateGrid, als: bool, memory: &crate::Memory) {
        let n = self.n;
        let cells_total = g.cell_count();
        let mut index: rustc_hash::FxHashMap<(u8, Vec<u16>), u32> =
            rustc_hash::FxHashMap::default();
        // Houses containing each group, to build its strong links.
        let mut group_houses: Vec<Vec<House>> = Vec::new();
        for h1 in g.houses() {
            let mut meets: Vec<(House, Vec<Cell>)> = Vec::new();
            for &c in g.house_cells(h1) {
                if g.value(c).is_some() {
                    continue;
                }
                for &h2 in g.houses_of(c) {
                    if h2.index() <= h1.index() {
                        continue;
                    }
                    match meets.iter_mut().find(|m| m.0 == h2) {
                        Some(m) => m.1.push(c),
                        None => meets.push((h2, vec![c])),
                    }
                }
            }
            for (_, inter) in meets.iter().filter(|m| m.1.len() >= 2) {
                for d in DigitSet::full(n).iter() {
                    let mut cells: Vec<Cell> =
                        inter.iter().copied().filter(|&c| g.has(c, d)).collect();
                    if cells.len() < 2 {
                        continue;
                    }
                    cells.sort_unstable_by_key(|c| c.index());
                    let key = (d.get(), cells.iter().map(|c| c.0).collect::<Vec<u16>>());
                    if index.contains_key(&key) {
                        continue;
                    }
                    let mut set = CellSet::new(cells_total);
                    let mut seen = g.peer_set(cells[0]).clone();
                    for &c in &cells {
                        set.insert(c);
                        seen.intersect_with(g.peer_set(c));
                    }
                    let houses: Vec<House> = g
                        .houses_of(cells[0])
                        .iter()
                        .copied()
                        .filter(|&h| cells.iter().all(|&c| g.houses_of(c).contains(&h)))
                        .collect();
                    index.insert(key, self.groups.len() as u32);
                    self.groups.push(Group {
                        digit: d,
                        cells,
                        seen,
                        set,
                    });
                    group_houses.push(houses);
                }
            }
        }
        // ALS: one node per digit, created as a group when not a candidate or group already.
        let mut als_links: Vec<Vec<u32>> = Vec::new();
        if als {
            for a in crate::techniques::als::shared(g, memory).iter() {
                if a.cells.len() < 2 {
                    continue;
                }
                let mut nodes = Vec::new();
                for d in a.cands.iter() {
                    let mut cells = a.cells_with(g, d);
                    cells.sort_unstable_by_key(|c| c.index());
                    if cells.len() == 1 {
                        nodes.push(node(n, cells[0], d));
                        continue;
                    }
                    let key = (d.get(), cells.iter().map(|c| c.0).collect::<Vec<u16>>());
                    if let Some(&gi) = index.get(&key) {
                        nodes.push((self.cands as u32) + gi);
                        continue;
                    }
                    let mut set = CellSet::new(cells_total);
                    let mut seen = g.peer_set(cells[0]).clone();
                    for &c in &cells {
                        set.insert(c);
                        seen.intersect_with(g.peer_set(c));
                    }
                    let gi = self.groups.len() as u32;
                    index.insert(key, gi);
                    self.groups.push(Group {
                        digit: d,
                        cells,
                        seen,
                        set,
                    });
                    group_houses.push(Vec::new());
                    nodes.push((self.cands as u32) + gi);
                }
                als_links.push(nodes);
                self.als.push(a.clone());
            }
        }
        let total = self.cands + self.groups.len();
        self.strong.resize(total, Vec::new());
        self.weak_groups = vec![Vec::new(); total];
        for (gi, grp) in self.groups.iter().enumerate() {
            let gv = (self.cands + gi) as u32;
            let d = grp.digit;
            // Strong: the rest of a house's places is one candidate or another group.
            for &h in &group_houses[gi] {
                let rest: Vec<Cell> = g
                    .cells_with(h, d)
                    .filter(|c| !grp.set.contains(*c))
                    .collect();
                let other = match rest.len() {
                    0 => continue,
                    1 => node(n, rest[0], d),
                    _ => {
                        let mut key: Vec<u16> = rest.iter().map(|c| c.0).collect();
                        key.sort_unstable();
                        match index.get(&(d.get(), key)) {
                            Some(&o) => (self.cands as u32) + o,
                            None => continue,
                        }
                    }
                };
                if !self.strong[gv as usize].contains(&(other, HOUSE)) {
                    self.strong[gv as usize].push((other, HOUSE));
                    self.strong[other as usize].push((gv, HOUSE));
                }
            }
            // Weak: candidates of the digit seeing the whole group, both ways.
            for c in grp.seen.iter() {
                if g.has(c, d) {
                    let cv = node(n, c, d);
                    self.weak_groups[gv as usize].push(cv);
                    self.weak_groups[cv as usize].push(gv);
                }
            }
        }
        for (k, nodes) in als_links.iter().enumerate() {
            let tag = ALS + k as u32;
            for (i, &a) in nodes.iter().enumerate() {
                for &b in &nodes[i + 1..] {
                    if !self.strong[a as usize].iter().any(|&(t, _)| t == b) {
                        self.strong[a as usize].push((b, tag));
                        self.strong[b as usize].push((a, tag));
                    }
                }
            }
        }
        // Weak between disjoint groups of one digit, every cell of one seeing the other.
        for (ai, a) in self.groups.iter().enumerate() {
            for (bi, b) in self.groups.iter().enumerate() {
                if ai != bi && a.digit == b.digit && b.set.is_subset_of(&a.seen) {
                    self.weak_groups[self.cands + ai].push((self.cands + bi) as u32);
                }
            }
        }
    }

    fn split(&self, v: u32) -> (Cell, Digit) {
        split(self.n, v)
    }

    /// The candidates candidate node `v` true turns false: the same digit in peer cells and,
    /// unless the chain kind is X or XY, the cell's other digits.
    fn weak_of(&self, v: u32, kind: Kind) -> &[u32] {
        let v = v as usize;
        let end = if matches!(kind, Kind::Any | Kind::Grouped) {
            self.weak_at[v + 1]
        } else {
            self.weak_mid[v]
        };
        &self.weak[self.weak_at[v] as usize..end as usize]
    }

    fn is_group(&self, v: u32) -> bool {
        v as usize >= self.cands
    }

    fn group(&self, v: u32) -> &Group {
        &self.groups[v as usize - self.cands]
    }

    /// The digit of a node.
    fn digit(&self, v: u32) -> Digit {
        if self.is_group(v) {
            self.group(v).digit
        } else {
            self.split(v).1
        }
    }

    /// The cells of a node.
    fn cells(&self, v: u32) -> Vec<Cell> {
        if self.is_group(v) {
            self.group(v).cells.clone()
        } else {
            vec![self.split(v).0]
        }
    }

    /// The cells that see every cell of a node.
    fn seen<'a>(&'a self, g: &'a CandidateGrid, v: u32) -> &'a CellSet {
        if self.is_group(v) {
            &self.group(v).seen
        } else {
            g.peer_set(self.split(v).0)
        }
    }

    /// Whether `a` true makes `b` false (a weak link from `a` to `b`).
    fn weak(&self, g: &CandidateGrid, a: u32, b: u32) -> bool {
        if !self.is_group(a) && !self.is_group(b) {
            let ((ac, ad), (bc, bd)) = (self.split(a), self.split(b));
            return (ac == bc && ad != bd) || (ad == bd && g.sees(ac, bc));
        }
        if self.digit(a) != self.digit(b) {
            return false;
        }
        let seen = self.seen(g, a);
        if self.is_group(b) {
            self.group(b).set.is_subset_of(seen)
        } else {
            seen.contains(self.split(b).0)
        }
    }

    /// The ALS whose strong link joins `a` to `b`, if that is how they are linked.
    fn als_between(&self, a: u32, b: u32) -> Option<&crate::techniques::als::Als> {
        let &(_, tag) = self.strong[a as usize].iter().find(|&&(t, _)| t == b)?;
        tag.checked_sub(ALS).map(|k| &self.als[k as usize])
    }

    /// The (cell, digit) pairs a node covers.
    fn covers(&self, v: u32, out: &mut Vec<(u16, u8)>) {
        let d = self.digit(v).get();
        if self.is_group(v) {
            out.extend(self.group(v).cells.iter().map(|c| (c.0, d)));
        } else {
            out.push((self.split(v).0.0, d));
        }
    }
}

/// A strong link inside a house (a digit with two places, or a group and what remains).
const HOUSE: u32 = 0;
/// A strong link inside a bivalue cell.
const CELL: u32 = 1;
/// A strong link through an almost locked set: `ALS + k` for the set `k`.
const ALS: u32 = 2;

fn node(n: usize, c: Cell, d: Digit) -> u32 {
    (c.index() * n + d.index()) as u32
}

fn split(n: usize, v: u32) -> (Cell, Digit) {
    let v = v as usize;
    (Cell((v / n) as u16), Digit::from_index(v % n))
}

/// A search state: node, truth value, and whether the chain so far uses a group.
fn state(v: u32, val: bool, grouped: bool) -> usize {
    v as usize * 4 + usize::from(val) * 2 + usize::from(grouped)
}

/// A state reached by one search; the chain to it is rebuilt only when asked for.
struct Found<'a> {
    /// The state reached: node and truth value.
    last: (u32, bool),
    /// Whether the chain uses a group node.
    grouped: bool,
    /// Number of nodes in the chain.
    len: usize,
    parent: &'a [u32],
    s0: usize,
    start: (u32, bool),
}

impl Found<'_> {
    /// The chain's nodes from the start, each with its truth value.
    fn path(&self) -> Vec<(u32, bool)> {
        let mut path = vec![self.last];
        let mut cur = self.parent[state(self.last.0, self.last.1, self.grouped)] as usize;
        while cur != self.s0 {
            path.push(((cur / 4) as u32, (cur / 2) % 2 == 1));
            cur = self.parent[cur] as usize;
        }
        path.push(self.start);
        path.reverse();
        path
    }
}

/// Buffers reused between searches (and between finders, through [`SCRATCH`]): a search
/// clears only the states the previous one touched.
#[derive(Default)]
struct Scratch {
    parent: Vec<u32>,
    depth: Vec<u16>,
    touched: Vec<usize>,
    /// The breadth-first queue: states from `head` on are still to expand.
    queue: Vec<(u32, bool, bool)>,
    next: Vec<(u32, bool, bool)>,
}

thread_local! {
    /// The chain finders' scratch, kept between calls (they run after every step).
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// A [`Scratch`] taken from [`SCRATCH`] and given back when dropped.
struct Borrowed(Scratch);

impl Borrowed {
    fn take() -> Borrowed {
        Borrowed(SCRATCH.with(|s| std::mem::take(&mut *s.borrow_mut())))
    }
}

impl Drop for Borrowed {
    fn drop(&mut self) {
        let sc = std::mem::take(&mut self.0);
        SCRATCH.with(|s| *s.borrow_mut() = sc);
    }
}

/// Marks a chain's nodes on a step (see `ChainFinder::find`).
type Marker<'a> = dyn Fn(Step, &[(u32, bool)]) -> Step + 'a;

/// A grid state, link kind and options: what the AIC steps of [`AIC_STEPS`] belong to.
type AicKey = (StateKey, Kind, crate::technique::Options);

thread_local! {
    /// The AIC steps of the last grid whose continuous-loop search ran to the end. An AIC
    /// search is that same search (the same links, starts and order, from each start
    /// assumed false), so the continuous-loop finder also tests each state it reaches as an
    /// AIC end and keeps the steps here; the AIC finder of the same kind, which HoDoKu's
    /// order runs after it on the same grid when nothing came between, reports them
    /// instead of searching again.
    static AIC_STEPS: std::cell::RefCell<Option<(AicKey, Vec<Step>)>> =
        const { std::cell::RefCell::new(None) };
}

/// Largest candidate count (cells × digits) whose closure is kept and used to prune.
const MAX_CACHED_CANDIDATES: usize = 16 * 16 * 16;

/// Largest number of live nodes (candidates and groups) a discontinuous-loop search on a
/// bigger grid builds a closure for: its reach rows take nodes² / 2 bits (about 134 MB here;
/// an empty 64×64 grid would need 34 GB).
const MAX_CLOSURE_NODES: usize = 16_384;

#[cfg(test)]
thread_local! {
    /// How often the closure ruled a search out on this thread, by what it spared: a whole
    /// grid ([`SKIP_GRID`]), an open-chain start without or with ALS nodes in the links
    /// ([`SKIP_ENDS`], [`SKIP_ENDS_ALS`]), a continuous-loop start ([`SKIP_LOOP`]).
    static SKIPPED: std::cell::Cell<[usize; 4]> = const { std::cell::Cell::new([0; 4]) };
}

#[cfg(test)]
const SKIP_GRID: usize = 0;
#[cfg(test)]
const SKIP_ENDS: usize = 1;
#[cfg(test)]
const SKIP_ENDS_ALS: usize = 2;
#[cfg(test)]
const SKIP_LOOP: usize = 3;

#[cfg(test)]
fn count_skip(kind: usize) {
    SKIPPED.with(|k| {
        let mut v = k.get();
        v[kind] += 1;
        k.set(v);
    });
}

#[cfg(test)]
thread_local! {
    /// Tests set this to search every start (no closure pruning) on this thread.
    static UNPRUNED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(test)]
thread_local! {
    /// How often an AIC finder reported the loop search's steps on this thread.
    static REPLAYED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Breadth-first search from `start` assumed `start_val`, alternating strong (from false) and
/// weak (from true) links, up to `max` nodes. Calls `visit` with each newly reached state's
/// path; `visit` returns false to stop.
#[allow(
    clippy::too_many_arguments,
    reason = "a private search with its scratch buffers"
)]
fn search(
    links: &Links,
    kind: Kind,
    start: u32,
    start_val: bool,
    max: usize,
    sc: &mut Scratch,
    visit: &mut dyn FnMut(&Found<'_>) -> bool,
) -> bool {
    let total = links.strong.len();
    // parent index per state; u32::MAX = unvisited.
    if sc.parent.len() != total * 4 {
        sc.parent = vec![u32::MAX; total * 4];
        sc.depth = vec![0u16; total * 4];
        sc.touched.clear();
    }
    for &t in &sc.touched {
        sc.parent[t] = u32::MAX;
    }
    sc.touched.clear();
    sc.queue.clear();
    let s0 = state(start, start_val, false);
    sc.parent[s0] = s0 as u32;
    sc.depth[s0] = 0;
    sc.touched.push(s0);
    let mut queue = std::mem::take(&mut sc.queue);
    let mut next = std::mem::take(&mut sc.next);
    queue.clear();
    queue.push((start, start_val, false));
    let mut head = 0;
    while head < queue.len() {
        let (v, val, grp) = queue[head];
        head += 1;
        let s = state(v, val, grp);
        if sc.depth[s] as usize + 1 >= max {
            continue;
        }
        next.clear();
        if !val {
            for &(w, tag) in &links.strong[v as usize] {
                let ok = match kind {
                    Kind::X => tag == HOUSE,
                    Kind::Xy => tag == CELL,
                    Kind::Any => tag < ALS,
                    Kind::Grouped => true,
                };
                if ok {
                    next.push((w, true, tag >= ALS));
                }
            }
        } else {
            if !links.is_group(v) {
                // Weak: the same digit in peer cells, and (not for X and XY) other digits of
                // the cell.
                next.extend(links.weak_of(v, kind).iter().map(|&w| (w, false, false)));
            }
            if kind == Kind::Grouped {
                next.extend(
                    links.weak_groups[v as usize]
                        .iter()
                        .map(|&w| (w, false, false)),
                );
            }
        }
        for &(w, wval, via_als) in &next {
            let wgrp = grp || via_als || links.is_group(w);
            let ws = state(w, wval, wgrp);
            if sc.parent[ws] != u32::MAX {
                continue;
            }
            sc.parent[ws] = s as u32;
            sc.depth[ws] = sc.depth[s] + 1;
            sc.touched.push(ws);
            let found = Found {
                last: (w, wval),
                grouped: wgrp,
                len: sc.depth[ws] as usize + 1,
                parent: &sc.parent,
                s0,
                start: (start, start_val),
            };
            if !visit(&found) {
                sc.queue = queue;
                sc.next = next;
                return false;
            }
            if w == start {
                continue;
            }
            queue.push((w, wval, wgrp));
        }
    }
    sc.queue = queue;
    sc.next = next;
    true
}

/// Which search states reach which in one kind's implication graph, ignoring the depth bound
/// and the "uses a group" bit: a superset of what any [`search`] from a state can reach, so a
/// search whose conclusions this rules out is skipped without changing what is found.
/// Discontinuous loops need it most: every candidate's "true" search ends in a contradiction
/// only if "S true" reaches "S false" (a true node that sees S is one weak link before it),
/// which few do; the closure costs about one search for all of them.
///
/// It also bounds what the AIC and continuous-loop finders can conclude (used for the kinds
/// that have them, Any and Grouped, up to 16×16). Every elimination of an open chain or of a
/// continuous loop removes a candidate X whose assumption "X true" reaches "X false" in the
/// same graph: X sees (or shares a cell with) one end S of a weak link the conclusion rests
/// on, so "X true" makes S false, the chain or the loop (walked on from S) then makes the
/// other end true, and that end sees X. So a grid with no such candidate
/// ([`Closure::contra`]) has no open chain or continuous loop that removes anything; an open
/// chain from S needs such an X in S's cell or among its digit's peers with "S false"
/// reaching "X false"; and a loop through S needs such an X with "X true" reaching "S false"
/// and "S false" reaching "X false" (the walk from the weak link's far end passes S false).
/// The loop's ALS eliminations rest on another argument, so with ALS nodes loops are not
/// pruned.
struct Closure {
    /// Compact index of each live node (a candidate of the grid, or a group), `u32::MAX` if none.
    id: Vec<u32>,
    /// Reach over the compact states `2 * id + val`.
    reach: crate::se::Components,
    /// Per candidate node: "true" reaches "false".
    contra: Vec<bool>,
    /// The candidate nodes whose `contra` is set.
    contra_list: Vec<u32>,
    /// Whether any candidate's `contra` is set.
    any_contra: bool,
}

thread_local! {
    /// The closures of the last grid seen, one per kind and ALS flag: the continuous-loop, discontinuous-loop
    /// and AIC finders of a kind run one after another on the same grid.
    static CLOSURES: Cache<(Kind, bool), Closure> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// [`Closure::new`], kept for the next finder on the same grid (`als`: the links hold ALS
/// nodes).
fn cached_closure(g: &CandidateGrid, links: &Links, kind: Kind, als: bool) -> std::rc::Rc<Closure> {
    cached(&CLOSURES, g, (kind, als), || Closure::new(g, links, kind))
}

impl Closure {
    fn new(g: &CandidateGrid, links: &Links, kind: Kind) -> Closure {
        let total = links.strong.len();
        let mut id = vec![u32::MAX; total];
        let mut live = 0u32;
        for (v, slot) in id.iter_mut().enumerate() {
            let on = if links.is_group(v as u32) {
                true
            } else {
                let (c, d) = links.split(v as u32);
                g.has(c, d)
            };
            if on {
                *slot = live;
                live += 1;
            }
        }
        let states = 2 * live as usize;
        let mut start = Vec::with_capacity(states + 1);
        let mut succ: Vec<u32> = Vec::new();
        for v in 0..total {
            if id[v] == u32::MAX {
                continue;
            }
            // "v false": strong links the kind allows.
            start.push(succ.len() as u32);
            for &(w, tag) in &links.strong[v] {
                let ok = match kind {
                    Kind::X => tag == HOUSE,
                    Kind::Xy => tag == CELL,
                    Kind::Any => tag < ALS,
                    Kind::Grouped => true,
                };
                if ok && id[w as usize] != u32::MAX {
                    succ.push(2 * id[w as usize] + 1);
                }
            }
            // "v true": weak links.
            start.push(succ.len() as u32);
            if !links.is_group(v as u32) {
                succ.extend(
                    links
                        .weak_of(v as u32, kind)
                        .iter()
                        .map(|&w| 2 * id[w as usize]),
                );
            }
            if kind == Kind::Grouped {
                succ.extend(links.weak_groups[v].iter().map(|&w| 2 * id[w as usize]));
            }
        }
        start.push(succ.len() as u32);
        let reach = crate::se::Components::new(states, &start, &succ);
        let contra: Vec<bool> = (0..links.cands)
            .map(|v| {
                let i = id[v];
                i != u32::MAX && reach.reaches(2 * i as usize + 1, 2 * i as usize)
            })
            .collect();
        let contra_list: Vec<u32> = (0..links.cands as u32)
            .filter(|&v| contra[v as usize])
            .collect();
        Closure {
            id,
            reach,
            contra,
            any_contra: !contra_list.is_empty(),
            contra_list,
        }
    }

    /// Whether an open chain from `start` (a candidate node, assumed false) can remove
    /// anything: some candidate X in its cell, or of its digit in a peer cell, has "X true"
    /// reaching "X false", and "start false" reaches "X false" (the chain's far end sees X).
    fn chain_may_remove(&self, g: &CandidateGrid, links: &Links, start: u32) -> bool {
        if !self.any_contra {
            return false;
        }
        let (sc, sd) = links.split(start);
        let n = links.n;
        let may = |x: u32| self.contra[x as usize] && self.reaches((start, false), (x, false));
        g.candidates(sc).iter().any(|e| may(node(n, sc, e)))
            || g.peers(sc).iter().any(|&p| may(node(n, p, sd)))
    }

    /// Whether a continuous loop through `start` can remove anything: walking the loop from
    /// the far side of the weak link whose ends X sees, "X true" reaches "start false" and
    /// goes on to "X false".
    fn loop_may_remove(&self, start: u32) -> bool {
        self.contra_list.iter().any(|&x| {
            self.reaches((x, true), (start, false)) && self.reaches((start, false), (x, false))
        })
    }

    /// The compact state of node `v` with value `val`, if `v` is live.
    fn state(&self, v: u32, val: bool) -> Option<usize> {
        let i = self.id[v as usize];
        (i != u32::MAX).then(|| 2 * i as usize + usize::from(val))
    }

    /// Whether state `from` reaches state `to`.
    fn reaches(&self, from: (u32, bool), to: (u32, bool)) -> bool {
        let (Some(a), Some(b)) = (self.state(from.0, from.1), self.state(to.0, to.1)) else {
            return false;
        };
        self.reach.reaches(a, b)
    }
}

fn to_chain(links: &Links, path: &[(u32, bool)], closed: bool) -> Chain {
    let nodes: Vec<ChainNode> = path
        .iter()
        .map(|&(v, val)| {
            if links.is_group(v) {
                ChainNode::group(links.cells(v), links.digit(v), val)
            } else {
                let (c, d) = links.split(v);
                ChainNode::new(c, d, val)
            }
        })
        .collect();
    let mut kinds: Vec<LinkKind> = path
        .windows(2)
        .map(|w| {
            if w[0].1 {
                LinkKind::Weak
            } else {
                LinkKind::Strong
            }
        })
        .collect();
    if closed {
        kinds.push(LinkKind::Weak);
    }
    Chain {
        nodes,
        links: kinds,
    }
}

/// Whether a path's nodes are all distinct and no two cover the same candidate (BFS can
/// revisit a node with the other value, which is what loops need, but a plain chain must
/// not; a group must not overlap a candidate or group of the chain).
fn simple(links: &Links, path: &[(u32, bool)]) -> bool {
    let mut seen: Vec<(u16, u8)> = Vec::with_capacity(path.len() + 4);
    for p in path {
        links.covers(p.0, &mut seen);
    }
    seen.sort_unstable();
    seen.windows(2).all(|w| w[0] != w[1])
}

/// A generic chain finder.
pub struct ChainFinder {
    /// The technique row.
    pub info: &'static TechniqueInfo,
    /// Links allowed.
    pub kind: Kind,
    /// What it reports.
    pub report: Report,
}

/// What a [`ChainFinder`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    /// Open chains: S or V, eliminations of what sees both ends.
    Ends,
    /// Discontinuous loops: a start that implies itself true, or its own negation.
    Discontinuous,
    /// Continuous loops.
    Continuous,
}

/// Cells holding `d` that see both `a` and `b` (neither of them).
fn seeing_both(g: &CandidateGrid, a: Cell, b: Cell, d: Digit) -> Vec<Cell> {
    g.peers(a)
        .iter()
        .copied()
        .filter(|&c| c != b && g.has(c, d) && g.sees(c, b))
        .collect()
}

/// SE's length increment (reference 1.4): `n = complexity − 2`, thresholds 4, 6, 8, 12, 16, …
/// alternately ×3/2 and ×4/3, +0.1 per threshold passed.
pub fn se_chain_increment(complexity: usize) -> f32 {
    let n = complexity.saturating_sub(2);
    let mut ceil = 4usize;
    let mut inc = 0.0f32;
    let mut grow_half = true;
    while n > ceil {
        inc += 0.1;
        ceil = if grow_half {
            ceil * 3 / 2
        } else {
            ceil * 4 / 3
        };
        grow_half = !grow_half;
    }
    inc
}

impl ChainFinder {
    fn rating(&self, path_len: usize) -> f32 {
        let base = match self.kind {
            Kind::X | Kind::Xy => self.info.se,
            Kind::Any | Kind::Grouped => 7.0,
        };
        base + se_chain_increment(path_len)
    }

    /// The step of an open chain (an AIC: `start` false at one end, the state `fd` reached
    /// at the other) when it removes something, else `None`: what [`Report::Ends`] reports.
    #[allow(
        clippy::too_many_arguments,
        reason = "the search's context, passed once"
    )]
    fn ends_step(
        &self,
        g: &CandidateGrid,
        links: &Links,
        start: u32,
        grouped: bool,
        fd: &Found<'_>,
        marked: &Marker<'_>,
    ) -> Option<Step> {
        let l = g.layout();
        let (sc, sd) = links.split(start);
        let (v, val) = fd.last;
        if !val || v <= start || fd.len < 4 || fd.grouped != grouped {
            return None;
        }
        let mut elims: Vec<(Cell, Digit)> = Vec::new();
        let vd = links.digit(v);
        let vc = links.cells(v)[0];
        if links.is_group(v) {
            // A group end: its digit goes from cells seeing the start
            // and the whole group.
            if vd != sd {
                return None;
            }
            let mut both = links.seen(g, v).clone();
            both.intersect_with(g.peer_set(sc));
            elims.extend(both.iter().filter(|&c| g.has(c, sd)).map(|c| (c, sd)));
        } else if vc == sc {
            return None; // same cell: a discontinuous loop, reported there
        } else if vd == sd {
            elims.extend(seeing_both(g, sc, vc, sd).into_iter().map(|c| (c, sd)));
        } else {
            if matches!(self.kind, Kind::X | Kind::Xy) {
                return None;
            }
            if g.sees(sc, vc) {
                if g.has(vc, sd) {
                    elims.push((vc, sd));
                }
                if g.has(sc, vd) {
                    elims.push((sc, vd));
                }
            }
        }
        if elims.is_empty() {
            return None;
        }
        let fdp = fd.path();
        if !simple(links, &fdp) {
            return None;
        }
        let chain = to_chain(links, &fdp, false);
        let mut step = marked(
            Step::new(self.info)
                .rated(self.rating(fd.len))
                .digits([sd, vd]),
            &fdp,
        );
        for &(c, d) in &elims {
            step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
        }
        let end_cells = links.cells(v);
        let end = if end_cells.len() == 1 {
            format!(
                "makes {}={vd} true",
                crate::render::cell_name(l, end_cells[0])
            )
        } else {
            format!(
                "puts {vd} in one of {}",
                crate::render::cells_name(l, &end_cells)
            )
        };
        let concl = format!(
            "if {}={sd} is false the chain {end}, so one of the two ends is true, and {}.",
            crate::render::cell_name(l, sc),
            eliminations_text(l, &step.eliminations),
        );
        let text = self.text_for(g, &chain, &concl);
        Some(step.chain(chain).text(text))
    }

    fn text_for(&self, g: &CandidateGrid, chain: &Chain, conclusion: &str) -> String {
        let mut s = String::new();
        let _ = write!(s, "{} — ", chain_text(g.layout(), chain));
        s.push_str(conclusion);
        s
    }
}

impl Technique for ChainFinder {
    fn info(&self) -> &'static TechniqueInfo {
        self.info
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let grouped = self.kind == Kind::Grouped;
        // AICs (of the kinds that have continuous loops) may be known from the loop search.
        let fused =
            matches!(self.kind, Kind::Any | Kind::Grouped) && self.report != Report::Discontinuous;
        let key = fused.then(|| (g.state_key(), self.kind, f.options.clone()));
        if self.report == Report::Ends
            && let Some(key) = &key
        {
            let known = AIC_STEPS.with(|c| {
                c.borrow()
                    .as_ref()
                    .filter(|(k, _)| k == key)
                    .map(|(_, steps)| steps.clone())
            });
            if let Some(steps) = known {
                #[cfg(test)]
                REPLAYED.with(|r| r.set(r.get() + 1));
                for step in steps {
                    if !f.emit(step) {
                        return;
                    }
                }
                return;
            }
        }
        // The AIC finder whose steps the continuous-loop search also collects.
        let aic = ChainFinder {
            info: if grouped { &GROUPED_AIC } else { &AIC },
            kind: self.kind,
            report: Report::Ends,
        };
        let mut aic_steps: Vec<Step> = Vec::new();
        // An X-chain lies on one digit's plane: digits whose plane had none are skipped.
        let digit_misses = (self.kind == Kind::X && self.report == Report::Ends)
            .then(|| crate::memo::DigitMisses::new(self.info.id, g, f));
        if digit_misses
            .as_ref()
            .is_some_and(|m| m.skip == DigitSet::full(g.size()))
        {
            return;
        }
        let links = cached_links(g, grouped, grouped && f.options.chain_als, f.memory());
        let max = f.options.max_chain.max(4);
        let l = g.layout();
        let mut borrowed = Borrowed::take();
        let scratch = &mut borrowed.0;
        let n = g.size();
        // Discontinuous loops are searched only from the starts the closure leaves possible
        // (on top1465, 0.2% of the "true" starts and 40% of the "false" ones); open chains and
        // continuous loops only from starts that may remove something (see [`Closure`]; a
        // continuous loop's ALS links remove by another argument, so with ALS nodes every
        // start is searched).
        let has_als = !links.als.is_empty();
        // The closure's reach rows take (states / 8) bytes per component: kept and used for
        // pruning up to 16×16 grids (about 8 MB at most), built afresh above that only for
        // discontinuous loops, which need it (as HoDoKu-order finders always did).
        let small = links.cands <= MAX_CACHED_CANDIDATES;
        let prunes = matches!(self.kind, Kind::Any | Kind::Grouped) && small;
        let closure = if prunes || (self.report == Report::Discontinuous && small) {
            Some(cached_closure(g, &links, self.kind, has_als))
        } else if self.report == Report::Discontinuous
            && g.candidate_count() + (links.strong.len() - links.cands) <= MAX_CLOSURE_NODES
        {
            Some(std::rc::Rc::new(Closure::new(g, &links, self.kind)))
        } else {
            // Too big to build (its reach rows grow with the square of the nodes): every
            // start is searched, which finds the same loops (the closure only prunes).
            None
        };
        let closure_prunes = closure.as_ref().filter(|_| prunes);
        #[cfg(test)]
        let unpruned = UNPRUNED.with(|u| u.get());
        #[cfg(not(test))]
        let unpruned = false;
        if self.report != Report::Discontinuous
            && !has_als
            && !unpruned
            && closure_prunes.is_some_and(|cl| !cl.any_contra)
        {
            if self.report == Report::Continuous
                && let Some(key) = key
            {
                AIC_STEPS.with(|c| *c.borrow_mut() = Some((key, Vec::new())));
            }
            #[cfg(test)]
            count_skip(SKIP_GRID);
            return;
        }
        let mut hit_digits = DigitSet::EMPTY;
        // Highlights every node of a chain: "on" nodes in one colour, "off" in the other.
        let marked = |mut step: Step, path: &[(u32, bool)]| {
            for &(pv, pval) in path {
                let d = links.digit(pv);
                for c in links.cells(pv) {
                    step = step.mark(c, d, if pval { Role::ColorA } else { Role::ColorB });
                }
            }
            step.cells(path.iter().flat_map(|p| links.cells(p.0)))
        };
        for start in 0..links.cands as u32 {
            // On big grids one search can run long: give up at the deadline, remembering
            // nothing (neither AICs nor misses) of a search cut short.
            if f.out_of_time() {
                return;
            }
            let (sc, sd) = links.split(start);
            if !g.has(sc, sd)
                || (links.strong[start as usize].is_empty() && self.report != Report::Discontinuous)
            {
                continue;
            }
            if digit_misses.as_ref().is_some_and(|m| m.skip.contains(sd)) {
                continue;
            }
            let mut go = true;
            let before = f.emitted();
            let may_end =
                unpruned || closure_prunes.is_none_or(|cl| cl.chain_may_remove(g, &links, start));
            let may_loop =
                has_als || unpruned || closure_prunes.is_none_or(|cl| cl.loop_may_remove(start));
            match self.report {
                Report::Ends if !may_end => {
                    #[cfg(test)]
                    count_skip(if has_als { SKIP_ENDS_ALS } else { SKIP_ENDS });
                }
                Report::Continuous if !(may_loop || (fused && may_end)) => {
                    #[cfg(test)]
                    count_skip(SKIP_LOOP);
                }
                Report::Ends => {
                    go = search(
                        &links,
                        self.kind,
                        start,
                        false,
                        max,
                        scratch,
                        &mut |fd| match self.ends_step(g, &links, start, grouped, fd, &marked) {
                            Some(step) => f.emit(step),
                            None => true,
                        },
                    );
                }
                Report::Discontinuous => {
                    for start_val in [false, true] {
                        if !start_val && links.strong[start as usize].is_empty() {
                            continue;
                        }
                        // "S true" concludes only by reaching "S false"; "S false" only by
                        // reaching a digit of S's cell true.
                        let may = closure.as_ref().is_none_or(|cl| {
                            if start_val {
                                cl.reaches((start, true), (start, false))
                            } else {
                                g.candidates(sc)
                                    .iter()
                                    .any(|e| cl.reaches((start, false), (node(n, sc, e), true)))
                            }
                        });
                        if !may {
                            continue;
                        }
                        go = search(
                            &links,
                            self.kind,
                            start,
                            start_val,
                            max,
                            scratch,
                            &mut |fd| {
                                let (v, val) = fd.last;
                                if fd.len < 4 || fd.grouped != grouped {
                                    return true;
                                }
                                // Cheap tests first: most states reached conclude nothing.
                                let concludes = if start_val {
                                    (v == start && !val) || (val && links.weak(g, v, start))
                                } else {
                                    val && !links.is_group(v) && links.split(v).0 == sc
                                };
                                if !concludes {
                                    return true;
                                }
                                let name = crate::render::cell_name(l, sc);
                                let mut step = Step::new(self.info).rated(self.rating(fd.len));
                                let concl;
                                if start_val {
                                    // S true leads to S false, or to a true node that sees S
                                    // (another digit in S's cell, S's digit in a peer or a
                                    // group all of whose cells S sees): S is false.
                                    let contradiction =
                                        (v == start && !val) || (val && links.weak(g, v, start));
                                    if !contradiction {
                                        return true;
                                    }
                                    step = step.eliminate(sc, sd).mark(sc, sd, Role::Eliminated);
                                    concl = format!(
                                        "assuming {name}={sd} leads to a contradiction, so {name} is not {sd}."
                                    );
                                } else {
                                    if links.is_group(v) || !val || links.split(v).0 != sc {
                                        return true;
                                    }
                                    let vd = links.split(v).1;
                                    // S false makes S true (S is true), or makes another digit of
                                    // its cell true (the cell holds one of the two).
                                    let keep = if vd == sd {
                                        DigitSet::single(sd)
                                    } else {
                                        DigitSet(DigitSet::single(sd).0 | DigitSet::single(vd).0)
                                    };
                                    for e in g.candidates(sc).iter().filter(|&e| !keep.contains(e))
                                    {
                                        step = step.eliminate(sc, e).mark(sc, e, Role::Eliminated);
                                    }
                                    concl = if vd == sd {
                                        format!(
                                            "if {name} were not {sd} the chain would make it {sd}: so it is {sd}, and its other candidates are removed."
                                        )
                                    } else {
                                        format!(
                                            "if {name} is not {sd} it is {vd}: its other candidates are removed."
                                        )
                                    };
                                }
                                if step.is_empty() {
                                    return true;
                                }
                                let fdp = fd.path();
                                // Every node but the last distinct (the last returns to the start).
                                if !simple(&links, &fdp[..fd.len - 1]) {
                                    return true;
                                }
                                let chain = to_chain(&links, &fdp, false);
                                let step = marked(step, &fdp);
                                let text = self.text_for(g, &chain, &concl);
                                f.emit(step.digits([sd]).chain(chain).text(text))
                            },
                        );
                        if !go {
                            break;
                        }
                    }
                }
                Report::Continuous => {
                    go = search(&links, self.kind, start, false, max, scratch, &mut |fd| {
                        if fused
                            && let Some(step) =
                                aic.ends_step(g, &links, start, grouped, fd, &marked)
                        {
                            aic_steps.push(step);
                        }
                        let (v, val) = fd.last;
                        if !val
                            || fd.len < 4
                            || (!links.is_group(v) && v <= start)
                            || fd.grouped != grouped
                        {
                            return true;
                        }
                        // Closing weak link V -> S.
                        if !links.weak(g, v, start) {
                            return true;
                        }
                        let fdp = fd.path();
                        if !simple(&links, &fdp) {
                            return true;
                        }
                        let mut path = fdp.clone();
                        path.push(fdp[0]);
                        // As HoDoKu, cells of the loop lose nothing through a house link
                        // (sound, but HoDoKu's classification depends on it).
                        let mut loop_cells = g.cell_set();
                        for p in &fdp {
                            for c in links.cells(p.0) {
                                loop_cells.insert(c);
                            }
                        }
                        let mut step = Step::new(self.info).rated(self.rating(fd.len));
                        for w in path.windows(2) {
                            let (a, b) = (w[0].0, w[1].0);
                            if !w[0].1 {
                                // A strong link through an ALS: in both directions of the
                                // loop one of its two digits is missing from it, so every
                                // other digit is locked in it.
                                if let Some(als) = links.als_between(a, b) {
                                    let (x, y) = (links.digit(a), links.digit(b));
                                    for z in als.cands.iter().filter(|&z| z != x && z != y) {
                                        for c in g.seen_by_all(&als.cells_with(g, z), z) {
                                            if !als.set.contains(c) {
                                                step = step.eliminate(c, z).mark(
                                                    c,
                                                    z,
                                                    Role::Eliminated,
                                                );
                                            }
                                        }
                                    }
                                }
                                continue;
                            }
                            // Every weak link (true -> false) of the loop becomes strong.
                            let (ad, bd) = (links.digit(a), links.digit(b));
                            if !links.is_group(a) && !links.is_group(b) && ad != bd {
                                let cell = links.split(a).0;
                                for e in g.candidates(cell).iter().filter(|&e| e != ad && e != bd) {
                                    step = step.eliminate(cell, e).mark(cell, e, Role::Eliminated);
                                }
                            } else {
                                let mut both = links.seen(g, a).clone();
                                both.intersect_with(links.seen(g, b));
                                for c in both.iter() {
                                    if g.has(c, ad) && !loop_cells.contains(c) {
                                        step = step.eliminate(c, ad).mark(c, ad, Role::Eliminated);
                                    }
                                }
                            }
                        }
                        if step.eliminations.is_empty() {
                            return true;
                        }
                        let chain = to_chain(&links, &fdp, true);
                        let concl = format!(
                            "the loop closes, so every weak link in it is strong, and {}.",
                            eliminations_text(l, &step.eliminations)
                        );
                        let step = marked(step, &fdp);
                        let text = self.text_for(g, &chain, &concl);
                        f.emit(step.digits([sd]).chain(chain).text(text))
                    });
                }
            }
            if f.emitted() != before {
                hit_digits.insert(sd);
            }
            if !go || f.done() {
                return;
            }
        }
        if let Some(m) = &digit_misses {
            m.record(self.info.id, g, f, hit_digits);
        }
        if self.report == Report::Continuous
            && let Some(key) = key
        {
            AIC_STEPS.with(|c| *c.borrow_mut() = Some((key, aic_steps)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use sudokit_core::{Extra, Layout};

    /// The AIC finders report, after the continuous-loop finder of their kind ran on the same
    /// grid, exactly what a search of their own reports (on a fresh thread, with no steps
    /// kept), on grids where AICs and grouped AICs exist (HoDoKu library lines of the repo's
    /// technique cases) and along a hard solving path.
    #[test]
    fn aics_kept_from_the_loop_search_are_those_a_search_finds() {
        use crate::technique::{Options, find_all};
        let pairs: [(&ChainFinder, &ChainFinder); 2] = [
            (
                &ChainFinder {
                    info: &NICE_LOOP_CONTINUOUS,
                    kind: Kind::Any,
                    report: Report::Continuous,
                },
                &ChainFinder {
                    info: &AIC,
                    kind: Kind::Any,
                    report: Report::Ends,
                },
            ),
            (
                &ChainFinder {
                    info: &GROUPED_NICE_LOOP_CONTINUOUS,
                    kind: Kind::Grouped,
                    report: Report::Continuous,
                },
                &ChainFinder {
                    info: &GROUPED_AIC,
                    kind: Kind::Grouped,
                    report: Report::Ends,
                },
            ),
        ];
        let mut grids: Vec<CandidateGrid> = [
            ":0708:77:4.....8.5.3..........7......2.....6.....8.4...+4..1.......6.3.7.5.+32.....1.4......::712::",
            ":0711:77:4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......::723 743 753 763::",
        ]
        .iter()
        .map(|l| crate::formats::hodoku::parse_line(l).unwrap().grid)
        .collect();
        // Tarek-052's path: many grids where the loop finders find nothing.
        let p = sudokit_core::format::parse_one(
            "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
            sudokit_core::format::InputFormat::Auto,
        )
        .unwrap();
        let solver = crate::solver::LogicSolver::default();
        let mut g = CandidateGrid::new(&p);
        while let Some(step) = solver.next_step(&g) {
            grids.push(g.clone());
            g.apply(&step);
        }
        let opts = Options::default();
        let mut found = 0;
        for g in &grids {
            for (lp, aic) in pairs {
                let _ = find_all(lp, g, &opts);
                let warm = find_all(aic, g, &opts);
                let cold =
                    std::thread::scope(|s| s.spawn(|| find_all(aic, g, &opts)).join().unwrap());
                assert_eq!(format!("{warm:?}"), format!("{cold:?}"));
                found += warm.len();
            }
        }
        assert!(found >= 2, "{found} AIC steps");
        assert!(REPLAYED.with(|r| r.get()) >= 2 * grids.len());
    }

    /// The starts the closure rules out for open chains and continuous loops hide nothing:
    /// every chain finder reports the same steps with and without the pruning, on random
    /// candidate grids of three layouts and along two hard solving paths (each side on a
    /// fresh thread, so no cached links, closures, AIC steps or digit misses are shared).
    #[test]
    fn closure_pruning_hides_no_chain() {
        use crate::solver::LogicSolver;
        use crate::technique::{Options, find_all};
        use sudokit_core::format::{InputFormat, parse_one};
        let finders: Vec<&'static dyn crate::technique::Technique> = crate::techniques::ALL
            .iter()
            .copied()
            .filter(|t| t.info().family == "chains")
            .collect();
        assert_eq!(finders.len(), 8);
        // Returns how often the closure ruled a search out, by kind (see `SKIPPED`).
        let both = |g: &CandidateGrid, opts: &Options| {
            let mut skips = [0; 4];
            for &t in &finders {
                // An AIC finder either searches itself or, run after its loop finder on
                // the same grid (as the solver runs them), reports what that search kept:
                // both are compared.
                let loops = crate::techniques::ALL
                    .iter()
                    .find(|l| {
                        l.info().hodoku_order + 2 == t.info().hodoku_order
                            && l.info().family == "chains"
                    })
                    .copied();
                let run =
                    |unpruned: bool, after: Option<&'static dyn crate::technique::Technique>| {
                        let (g, o) = (g.clone(), opts.clone());
                        std::thread::spawn(move || {
                            UNPRUNED.with(|u| u.set(unpruned));
                            if let Some(l) = after {
                                find_all(l, &g, &o);
                            }
                            // Only this finder's own skips are counted.
                            SKIPPED.with(|k| k.set([0; 4]));
                            let found = format!("{:?}", find_all(t, &g, &o));
                            (found, SKIPPED.with(|k| k.get()))
                        })
                        .join()
                        .unwrap()
                    };
                for after in [None].into_iter().chain(loops.map(Some)) {
                    let (pruned, skipped) = run(false, after);
                    assert_eq!(pruned, run(true, after).0, "{}", t.info().id);
                    for (s, k) in skips.iter_mut().zip(skipped) {
                        *s += k;
                    }
                }
            }
            skips
        };
        let add = |to: &mut [usize; 4], from: [usize; 4]| {
            for (t, f) in to.iter_mut().zip(from) {
                *t += f;
            }
        };
        let mut found = 0;
        let mut skipped = [0; 4];
        let solver = LogicSolver::default();
        // Plain links, and with ALS nodes in the chains (open chains still pruned).
        let opts = Options::default();
        let als = Options {
            chain_als: true,
            ..Options::default()
        };
        for puzzle in [
            "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
            ".2.4.37.........32........4.4.2...7.8...5.........1...5.....9...3.9....7..1..86..",
        ] {
            let mut g = CandidateGrid::new(&parse_one(puzzle, InputFormat::Auto).unwrap());
            let mut steps = 0;
            while let Some(step) = solver.next_step(&g) {
                if step.technique.family == "chains" || steps % 8 == 0 {
                    add(&mut skipped, both(&g, &opts));
                    add(&mut skipped, both(&g, &als));
                    found += usize::from(step.technique.family == "chains");
                }
                g.apply(&step);
                steps += 1;
            }
        }
        assert!(found > 3, "{found} chain steps on the paths");
        // The comparison means something only if the closure did rule searches out: open
        // chains with plain and with ALS links, and continuous loops.
        for kind in [SKIP_ENDS, SKIP_ENDS_ALS, SKIP_LOOP] {
            assert!(
                skipped[kind] > 0,
                "paths: no skip of kind {kind}: {skipped:?}"
            );
        }
        let mut skipped = [0; 4];
        let mut rng = crate::testrng::Lcg::new(987654321);
        let mut next = move || rng.next();
        for layout in [
            Layout::standard(9).unwrap(),
            Layout::standard(9)
                .unwrap()
                .with_extras(&[Extra::Diagonals]),
            Layout::boxed(6, 2, 3).unwrap(),
        ] {
            let layout = Arc::new(layout);
            let (cells, n) = (layout.cell_count(), layout.size());
            for round in 0..6 {
                let keep = 3 + round % 3;
                let cands: Vec<DigitSet> = (0..cells)
                    .map(|_| {
                        let one = 1u64 << (next() % n as u64);
                        DigitSet(
                            (0..n)
                                .filter(|_| next() % 8 < keep)
                                .fold(one, |m, d| m | 1 << d),
                        )
                    })
                    .collect();
                let g = CandidateGrid::with_candidates(
                    layout.clone(),
                    vec![0; cells],
                    cands,
                    vec![false; cells],
                );
                add(&mut skipped, both(&g, &opts));
                add(&mut skipped, both(&g, &als));
            }
        }
        for kind in [SKIP_ENDS, SKIP_ENDS_ALS, SKIP_LOOP] {
            assert!(
                skipped[kind] > 0,
                "random grids: no skip of kind {kind}: {skipped:?}"
            );
        }
    }

    /// The closure answers exactly what an unbounded search answers for the two questions
    /// discontinuous loops ask ("S true" reaches "S false"; "S false" reaches a digit of S's
    /// cell true), for every candidate of random candidate grids, plain and grouped, on
    /// 9×9, X and 6×6 layouts.
    #[test]
    fn closure_matches_unbounded_searches() {
        let layouts = [
            Layout::standard(9).unwrap(),
            Layout::standard(9)
                .unwrap()
                .with_extras(&[Extra::Diagonals]),
            Layout::boxed(6, 2, 3).unwrap(),
        ];
        let mut rng = crate::testrng::Lcg::new(123456789);
        let mut next = move || rng.next();
        let (mut yes, mut no) = (0, 0);
        for layout in layouts {
            let layout = Arc::new(layout);
            let (cells, n) = (layout.cell_count(), layout.size());
            for round in 0..24 {
                // Keep each candidate with probability keep / 8; a few cells filled.
                let keep = 2 + round % 4;
                let values: Vec<u8> = (0..cells)
                    .map(|_| if next() % 10 == 0 { 1 } else { 0 })
                    .collect();
                let cands: Vec<DigitSet> = (0..cells)
                    .map(|_| {
                        DigitSet(
                            (0..n)
                                .filter(|_| next() % 8 < keep)
                                .fold(0u64, |m, d| m | 1 << d),
                        )
                    })
                    .collect();
                let g = CandidateGrid::with_candidates(
                    layout.clone(),
                    values,
                    cands,
                    vec![false; cells],
                );
                for (kind, grouped) in [(Kind::Any, false), (Kind::Grouped, true)] {
                    let links = Links::new(&g, grouped, grouped);
                    let cl = Closure::new(&g, &links, kind);
                    let mut sc = Scratch::default();
                    for start in 0..links.cands as u32 {
                        let (c, d) = links.split(start);
                        if !g.has(c, d) {
                            continue;
                        }
                        let mut hit = false;
                        search(&links, kind, start, true, usize::MAX, &mut sc, &mut |fd| {
                            hit |= fd.last == (start, false);
                            true
                        });
                        assert_eq!(cl.reaches((start, true), (start, false)), hit);
                        let mut hit_cell = false;
                        search(&links, kind, start, false, usize::MAX, &mut sc, &mut |fd| {
                            let (v, val) = fd.last;
                            hit_cell |= val && !links.is_group(v) && links.split(v).0 == c;
                            true
                        });
                        let closure_cell = g
                            .candidates(c)
                            .iter()
                            .any(|e| cl.reaches((start, false), (node(n, c, e), true)));
                        assert_eq!(closure_cell, hit_cell);
                        for h in [hit, hit_cell] {
                            if h {
                                yes += 1;
                            } else {
                                no += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(yes > 1000 && no > 1000, "yes {yes}, no {no}");
    }
}
