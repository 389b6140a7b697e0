//! The link graph of one grid: candidate nodes (numbered by the kernel's candidate ids),
//! group nodes (a digit's places where two houses meet) and ALS nodes after them, strong
//! links by house, cell or ALS, and weak links enumerated on demand.
//!
//! Design decision: strong links are stored per node with a tag saying what makes them
//! strong ([`HOUSE`], [`CELL`], [`ALS`] + k), so one graph serves every chain kind and a
//! search filters by tag instead of building one graph per kind.
//!
//! Building the grouped graph is most of a grouped finder's cost on a grid it certifies
//! or skips, so it is made cheaper without changing one link or its place in a list:
//!
//! - [`Links::build`] makes the candidate links first and [`Links::add_groups`] only appends
//!   group nodes and links to them (reading the grid, and the candidate links only to skip
//!   an ALS link already there), so the grouped graph of a grid is the plain graph of the
//!   same grid with groups added, whichever copy of that plain graph it starts from. When the
//!   plain graph of that grid state is kept (`state::cached_links`; HoDoKu's order runs the
//!   plain chain finders on the grid first) it is copied, not built again.
//! - Groups are found by digit and cells through a [`GroupIndex`] (per candidate node, the
//!   groups whose first cell and digit it is) instead of a hash map keyed by an allocated
//!   cell list. A lookup answers exactly the hash map's question (the group with this digit
//!   and these cells, in index order, if made), so the groups made, their order, and every
//!   link found through a lookup are the same; the meeting cells and scratch lists reuse
//!   their buffers. `tests::grouped_graphs_from_a_kept_plain_graph_are_the_graphs_built_afresh`
//!   compares the two ways link for link.
//! - The weak links involving a group are one array ([`GroupWeak`]), not a list per node:
//!   they are collected as (from, to) pairs in the order the lists used to be filled and
//!   filed by a stable counting sort on `from`, so each node's list holds the same targets in
//!   the same order and every reader (searches, closure, certificate) sees the same slices.

use super::*;

/// A group node: the places of a digit where two houses meet (two or more cells; on 9×9 a
/// box and a row or column). It is "true" when one of its cells holds the digit.
pub(super) struct Group {
    pub(super) digit: Digit,
    /// The cells, in index order.
    pub(super) cells: Vec<Cell>,
    /// The cells that see every cell of the group.
    pub(super) seen: CellSet,
    /// The cells as a set.
    pub(super) set: CellSet,
}

impl Group {
    /// The group of `digit` on `cells` (in index order, at least one) of a grid of
    /// `cells_total` cells.
    fn new(g: &CandidateGrid, digit: Digit, cells: Vec<Cell>, cells_total: usize) -> Group {
        let mut set = CellSet::new(cells_total);
        let mut seen = g.peer_set(cells[0]).clone();
        for &c in &cells {
            set.insert(c);
            seen.intersect_with(g.peer_set(c));
        }
        Group {
            digit,
            cells,
            seen,
            set,
        }
    }
}

/// The groups of a graph being built, by digit and first cell (see [`Links::add_groups`]).
#[derive(Default)]
pub(super) struct GroupIndex {
    /// Per candidate node (a group's first cell and digit), the last group made there.
    first: Vec<u32>,
    /// Per group, the group made before it at the same candidate node.
    next: Vec<u32>,
}

impl GroupIndex {
    /// The group of digit `d` on `cells` (in index order, at least one), if made.
    fn find(&self, groups: &[Group], n: usize, d: Digit, cells: &[Cell]) -> Option<u32> {
        let mut gi = *self.first.get(node(n, cells[0], d) as usize)?;
        while gi != u32::MAX {
            if groups[gi as usize].cells == cells {
                return Some(gi);
            }
            gi = self.next[gi as usize];
        }
        None
    }

    /// Adds `grp` to `groups` and to the index; returns its index.
    fn add(&mut self, groups: &mut Vec<Group>, n: usize, grp: Group) -> u32 {
        let gi = groups.len() as u32;
        let at = node(n, grp.cells[0], grp.digit) as usize;
        self.next.push(self.first[at]);
        self.first[at] = gi;
        groups.push(grp);
        gi
    }
}

/// The weak links involving a group, per node, in one array (compressed rows): node `v`'s
/// targets are `to[at[v]..at[v + 1]]`, read as `weak_groups[v]`.
///
/// A list per node (`Vec<Vec<u32>>`, until session 39) cost an allocation and a few regrowths
/// for every candidate seeing a group, about a sixth of [`Links::add_groups`]. The links
/// are now collected as (from, to) pairs in the order the lists were filled and filed by a
/// stable counting sort on `from`, so every node's list holds the same targets in the same
/// order (`tests::grouped_graphs_from_a_kept_plain_graph_are_the_graphs_built_afresh` checks
/// it against lists filled one push at a time).
#[derive(Default, Debug, PartialEq, Eq)]
pub(super) struct GroupWeak {
    /// Per node, where its targets start in `to`; one more entry than nodes (empty: no
    /// groups).
    at: Vec<u32>,
    to: Vec<u32>,
}

impl GroupWeak {
    /// The number of links, all nodes together.
    pub(super) fn total(&self) -> usize {
        self.to.len()
    }

    /// The lists of `nodes` nodes holding `pairs` (from, to), each node's targets in the
    /// order of `pairs`.
    pub(super) fn filed(nodes: usize, pairs: &[(u32, u32)]) -> GroupWeak {
        let mut at = vec![0u32; nodes + 1];
        for &(from, _) in pairs {
            at[from as usize + 1] += 1;
        }
        for v in 0..nodes {
            at[v + 1] += at[v];
        }
        let mut fill = at[..nodes].to_vec();
        let mut to = vec![0u32; pairs.len()];
        for &(from, target) in pairs {
            let slot = &mut fill[from as usize];
            to[*slot as usize] = target;
            *slot += 1;
        }
        GroupWeak { at, to }
    }
}

impl std::ops::Index<usize> for GroupWeak {
    type Output = [u32];

    /// Node `v`'s targets (panics past the last node, as a list per node did).
    #[inline]
    fn index(&self, v: usize) -> &[u32] {
        &self.to[self.at[v] as usize..self.at[v + 1] as usize]
    }
}

/// The link graph of one grid. Node `cell * n + digit index` for a candidate; group nodes
/// follow the candidates.
pub struct Links {
    pub(super) n: usize,
    /// Number of candidate nodes (`cells × n`); node ids from here on are groups.
    pub(super) cands: usize,
    /// Strong links: (target, [`HOUSE`], [`CELL`] or [`ALS`]).
    pub(super) strong: Vec<Vec<(u32, u32)>>,
    /// The almost locked sets behind [`ALS`] links (`tag - ALS`).
    pub(super) als: Vec<crate::techniques::als::Als>,
    /// Group nodes, node id `cands + index`.
    pub(super) groups: Vec<Group>,
    /// Weak links involving a group (true node → false node), per node (`weak_groups[v]`);
    /// weak links between candidates are in `weak`. Empty without groups.
    pub(super) weak_groups: GroupWeak,
    /// Weak links between candidates, built once per grid since every search from every start
    /// walks them: for candidate node `v`, `weak[weak_at[v]..weak_mid[v]]` are the same digit
    /// in its peers (in cell order) and `weak[weak_mid[v]..weak_at[v + 1]]` the cell's other
    /// digits (in digit order); empty for a node that is not a candidate.
    pub(super) weak: Vec<u32>,
    pub(super) weak_at: Vec<u32>,
    pub(super) weak_mid: Vec<u32>,
    /// The group nodes by digit and cells (empty without groups).
    index: GroupIndex,
    /// Each state's links in the order HoDoKu files them, made on the first HoDoKu-order
    /// search of this graph (see [`super::search::Order`]).
    pub(super) order: std::cell::RefCell<Option<super::search::Order>>,
}

impl Links {
    /// Builds the strong links of `g` (weak links between candidates are enumerated on the
    /// fly); with `grouped`, also the group nodes and their links, and with `als` the almost
    /// locked sets too.
    pub fn new(g: &CandidateGrid, grouped: bool, als: bool) -> Links {
        Links::build(g, grouped, als, &crate::Memory::new())
    }

    /// [`Links::new`], taking the grid's ALS from `memory` (the ALS finders keep them there).
    pub(super) fn build(
        g: &CandidateGrid,
        grouped: bool,
        als: bool,
        memory: &crate::Memory,
    ) -> Links {
        let n = g.size();
        let cands = g.cell_count() * n;
        let room = if grouped {
            room_for_groups(cands)
        } else {
            cands
        };
        let mut strong: Vec<Vec<(u32, u32)>> = Vec::with_capacity(room);
        strong.resize(cands, Vec::new());
        // Per digit of the house being read: its number of places, the first and the last
        // (in the house's cell order). One pass over the house's cells gives what asking
        // each digit's places (`positions`, a pass per digit) gave: the digits with two
        // places, in digit order, and their two cells in house order.
        let mut places: Vec<(u32, Cell, Cell)> = vec![(0, Cell(0), Cell(0)); n];
        for h in g.houses() {
            places.fill((0, Cell(0), Cell(0)));
            for &c in g.house_cells(h) {
                // The candidate mask read bit by bit (bit `i`: digit index `i`, ascending).
                let mut m = g.candidates(c).0;
                while m != 0 {
                    let p = &mut places[m.trailing_zeros() as usize];
                    m &= m - 1;
                    if p.0 == 0 {
                        p.1 = c;
                    }
                    p.2 = c;
                    p.0 += 1;
                }
            }
            for (i, &(count, a, b)) in places.iter().enumerate() {
                if count == 2 {
                    let d = Digit::from_index(i);
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
        // Room for every weak link at once (a candidate's peers at most, and its cell's other
        // digits), so the list never moves while it is filled.
        let room: usize = g
            .cells()
            .map(|c| {
                let k = g.candidates(c).len() as usize;
                k * (g.peers(c).len() + k.saturating_sub(1))
            })
            .sum();
        let mut weak = Vec::with_capacity(room);
        let mut weak_at = Vec::with_capacity(cands + 1);
        let mut weak_mid = Vec::with_capacity(cands);
        // A candidate's peers holding its digit: its cell's peer set AND the digit's plane,
        // read in cell order — the order of the layout's sorted peer list, so the same list as
        // filtering that one (issue 45: a word operation per 64 cells instead of a test per
        // peer). Masks are read bit by bit, lowest first: cells in index order, then the
        // cell's other digits in digit order.
        let mut planes = Vec::new();
        let w = g.digit_planes(&mut planes);
        for c in g.cells() {
            let cs = g.candidates(c).0;
            let peers = g.peer_set(c).words();
            for d0 in 0..n {
                weak_at.push(weak.len() as u32);
                if cs >> d0 & 1 != 0 {
                    let plane = &planes[d0 * w..(d0 + 1) * w];
                    for (k, (&p, &q)) in peers.iter().zip(plane).enumerate() {
                        let mut m = p & q;
                        while m != 0 {
                            weak.push(cand_id(n, k * 64 + m.trailing_zeros() as usize, d0));
                            m &= m - 1;
                        }
                    }
                    weak_mid.push(weak.len() as u32);
                    let mut m = cs & !(1 << d0);
                    while m != 0 {
                        weak.push(cand_id(n, c.index(), m.trailing_zeros() as usize));
                        m &= m - 1;
                    }
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
            weak_groups: GroupWeak::default(),
            als: Vec::new(),
            weak,
            weak_at,
            weak_mid,
            index: GroupIndex::default(),
            order: std::cell::RefCell::new(None),
        };
        if grouped {
            links.add_groups(g, als, memory);
        }
        links
    }

    /// The candidate part of this graph (strong and weak links between candidates): what
    /// [`Links::build`] makes before it adds groups, so a grouped graph of the same grid is
    /// this copy with [`Links::add_groups`] applied.
    pub(super) fn plain_copy(&self) -> Links {
        Links {
            n: self.n,
            cands: self.cands,
            strong: {
                let mut strong = Vec::with_capacity(room_for_groups(self.cands));
                strong.extend(self.strong[..self.cands].iter().map(|s| {
                    s.iter()
                        .copied()
                        .filter(|&(t, _)| (t as usize) < self.cands)
                        .collect()
                }));
                strong
            },
            groups: Vec::new(),
            weak_groups: GroupWeak::default(),
            als: Vec::new(),
            weak: self.weak.clone(),
            weak_at: self.weak_at.clone(),
            weak_mid: self.weak_mid.clone(),
            index: GroupIndex::default(),
            order: std::cell::RefCell::new(None),
        }
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
    pub(super) fn add_groups(&mut self, g: &CandidateGrid, als: bool, memory: &crate::Memory) {
        // New nodes and links: an order made for the graph without them is stale.
        self.order.get_mut().take();
        let n = self.n;
        let cells_total = g.cell_count();
        // The cells holding each digit, to list a group's seen cells holding its digit a
        // word at a time ([`holding`]).
        let mut planes = Vec::new();
        let w = g.digit_planes(&mut planes);
        // The groups by digit and first cell: `first[node(first cell, digit)]` is the last
        // group made there and `next[group]` the one made there before it, so a group is
        // found by its digit and cells without hashing or a key allocated per lookup.
        let mut index = GroupIndex {
            first: vec![u32::MAX; self.cands],
            next: Vec::new(),
        };
        // Houses containing each group, to build its strong links: group `i`'s are
        // `houses[house_at[i]..house_at[i + 1]]`.
        let mut houses: Vec<House> = Vec::new();
        let mut house_at: Vec<u32> = vec![0];
        // Where `h1` meets a later house `h2`, the empty cells they share (in `h1`'s order,
        // houses in the order first met); the first `used` entries are this house's, the
        // rest kept for their buffers.
        let mut meets: Vec<(House, Vec<Cell>)> = Vec::new();
        let mut cells: Vec<Cell> = Vec::new();
        for h1 in g.houses() {
            let mut used = 0;
            for &c in g.house_cells(h1) {
                if g.value(c).is_some() {
                    continue;
                }
                for &h2 in g.houses_of(c) {
                    if h2.index() <= h1.index() {
                        continue;
                    }
                    match meets[..used].iter_mut().find(|m| m.0 == h2) {
                        Some(m) => m.1.push(c),
                        None => {
                            if used == meets.len() {
                                meets.push((h2, Vec::new()));
                            }
                            let m = &mut meets[used];
                            m.0 = h2;
                            m.1.clear();
                            m.1.push(c);
                            used += 1;
                        }
                    }
                }
            }
            for (_, inter) in meets[..used].iter().filter(|m| m.1.len() >= 2) {
                for d in DigitSet::full(n).iter() {
                    cells.clear();
                    cells.extend(inter.iter().copied().filter(|&c| g.has(c, d)));
                    if cells.len() < 2 {
                        continue;
                    }
                    cells.sort_unstable_by_key(|c| c.index());
                    if index.find(&self.groups, n, d, &cells).is_some() {
                        continue;
                    }
                    houses.extend(
                        g.houses_of(cells[0])
                            .iter()
                            .copied()
                            .filter(|&h| cells.iter().all(|&c| g.houses_of(c).contains(&h))),
                    );
                    house_at.push(houses.len() as u32);
                    index.add(
                        &mut self.groups,
                        n,
                        Group::new(g, d, cells.clone(), cells_total),
                    );
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
                    if let Some(gi) = index.find(&self.groups, n, d, &cells) {
                        nodes.push((self.cands as u32) + gi);
                        continue;
                    }
                    let gi = index.add(&mut self.groups, n, Group::new(g, d, cells, cells_total));
                    house_at.push(houses.len() as u32);
                    nodes.push((self.cands as u32) + gi);
                }
                als_links.push(nodes);
                self.als.push(a.clone());
            }
        }
        let total = self.cands + self.groups.len();
        self.strong.resize(total, Vec::new());
        // The weak links as (from, to) in the order they are found, filed per node at the end
        // (a stable counting sort, so each node's list keeps that order).
        let mut weak_pairs: Vec<(u32, u32)> = Vec::new();
        let mut rest: Vec<Cell> = Vec::new();
        for (gi, grp) in self.groups.iter().enumerate() {
            let gv = (self.cands + gi) as u32;
            let d = grp.digit;
            // Strong: the rest of a house's places is one candidate or another group.
            for &h in &houses[house_at[gi] as usize..house_at[gi + 1] as usize] {
                rest.clear();
                rest.extend(g.cells_with(h, d).filter(|c| !grp.set.contains(*c)));
                let other = match rest.len() {
                    0 => continue,
                    1 => node(n, rest[0], d),
                    _ => {
                        rest.sort_unstable_by_key(|c| c.index());
                        match index.find(&self.groups, n, d, &rest) {
                            Some(o) => (self.cands as u32) + o,
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
            for c in holding(&grp.seen, &planes, w, d) {
                let cv = node(n, c, d);
                weak_pairs.push((gv, cv));
                weak_pairs.push((cv, gv));
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
        // Weak between disjoint groups of one digit, every cell of one seeing the other. A
        // group B seen whole by A has its first cell among A's seen cells, so only the groups
        // starting there (the index's lists) are tried (trying every pair took minutes on an
        // empty 64×64, whose ~65,000 groups make four billion pairs).
        let mut seen_groups: Vec<u32> = Vec::new();
        for (ai, a) in self.groups.iter().enumerate() {
            seen_groups.clear();
            for c in holding(&a.seen, &planes, w, a.digit) {
                let mut bi = index.first[node(n, c, a.digit) as usize];
                while bi != u32::MAX {
                    let b = &self.groups[bi as usize];
                    if bi as usize != ai && b.set.is_subset_of(&a.seen) {
                        seen_groups.push(bi);
                    }
                    bi = index.next[bi as usize];
                }
            }
            // In group order, as trying every pair listed them.
            seen_groups.sort_unstable();
            let av = (self.cands + ai) as u32;
            weak_pairs.extend(seen_groups.iter().map(|&bi| (av, (self.cands as u32) + bi)));
        }
        self.weak_groups = GroupWeak::filed(total, &weak_pairs);
        self.index = index;
    }

    /// The group node of digit `d` on `cells` (in index order, at least one), if the graph
    /// has one.
    pub(super) fn group_node(&self, d: Digit, cells: &[Cell]) -> Option<u32> {
        self.index
            .find(&self.groups, self.n, d, cells)
            .map(|gi| (self.cands as u32) + gi)
    }

    #[inline]
    pub(super) fn split(&self, v: u32) -> (Cell, Digit) {
        split(self.n, v)
    }

    /// The candidates candidate node `v` true turns false: the same digit in peer cells and,
    /// unless the chain kind is X or XY, the cell's other digits.
    #[inline]
    pub(super) fn weak_of(&self, v: u32, kind: Kind) -> &[u32] {
        let v = v as usize;
        let end = if matches!(kind, Kind::Any | Kind::Grouped) {
            self.weak_at[v + 1]
        } else {
            self.weak_mid[v]
        };
        &self.weak[self.weak_at[v] as usize..end as usize]
    }

    #[inline]
    pub(super) fn is_group(&self, v: u32) -> bool {
        v as usize >= self.cands
    }

    #[inline]
    pub(super) fn group(&self, v: u32) -> &Group {
        &self.groups[v as usize - self.cands]
    }

    /// The digit of a node.
    #[inline]
    pub(super) fn digit(&self, v: u32) -> Digit {
        if self.is_group(v) {
            self.group(v).digit
        } else {
            self.split(v).1
        }
    }

    /// The cells of a node.
    #[inline]
    pub(super) fn cells(&self, v: u32) -> Vec<Cell> {
        if self.is_group(v) {
            self.group(v).cells.clone()
        } else {
            vec![self.split(v).0]
        }
    }

    /// The cells that see every cell of a node.
    #[inline]
    pub(super) fn seen<'a>(&'a self, g: &'a CandidateGrid, v: u32) -> &'a CellSet {
        if self.is_group(v) {
            &self.group(v).seen
        } else {
            g.peer_set(self.split(v).0)
        }
    }

    /// Whether `a` true makes `b` false (a weak link from `a` to `b`).
    #[inline]
    pub(super) fn weak(&self, g: &CandidateGrid, a: u32, b: u32) -> bool {
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
    #[inline]
    pub(super) fn als_between(&self, a: u32, b: u32) -> Option<&crate::techniques::als::Als> {
        let &(_, tag) = self.strong[a as usize].iter().find(|&&(t, _)| t == b)?;
        tag.checked_sub(ALS).map(|k| &self.als[k as usize])
    }

    /// The (cell, digit) pairs a node covers.
    #[inline]
    pub(super) fn covers(&self, v: u32, out: &mut Vec<(u16, u8)>) {
        let d = self.digit(v).get();
        if self.is_group(v) {
            out.extend(self.group(v).cells.iter().map(|c| (c.0, d)));
        } else {
            out.push((self.split(v).0.0, d));
        }
    }
}

/// Room for the strong lists of a graph of `cands` candidate nodes: a quarter more for the
/// group nodes [`Links::add_groups`] appends (on 9×9 about a hundred), so appending them
/// seldom moves the lists already there (only the room changes, never a list).
fn room_for_groups(cands: usize) -> usize {
    cands + cands / 4
}

/// The cells of `set` holding digit `d` (`planes`: [`CandidateGrid::digit_planes`], `w`
/// words a digit), in cell order: the cells `set.iter()` lists that `g.has(c, d)`, read a
/// word at a time instead of tested one by one.
fn holding<'a>(
    set: &'a CellSet,
    planes: &'a [u64],
    w: usize,
    d: Digit,
) -> impl Iterator<Item = Cell> + 'a {
    let plane = &planes[d.index() * w..(d.index() + 1) * w];
    set.words()
        .iter()
        .zip(plane)
        .enumerate()
        .flat_map(|(k, (&p, &q))| {
            crate::kernel::bits::bits(p & q).map(move |b| Cell((k * 64 + b) as u16))
        })
}

/// A strong link inside a house (a digit with two places, or a group and what remains).
pub(super) const HOUSE: u32 = 0;
/// A strong link inside a bivalue cell.
pub(super) const CELL: u32 = 1;
/// A strong link through an almost locked set: `ALS + k` for the set `k`.
pub(super) const ALS: u32 = 2;

/// The node of candidate (`c`, `d`): its [`cand_id`].
#[inline]
pub(super) fn node(n: usize, c: Cell, d: Digit) -> u32 {
    cand_id(n, c.index(), d.index())
}

/// The candidate of node `v` (not a group).
#[inline]
pub(super) fn split(n: usize, v: u32) -> (Cell, Digit) {
    let (cell, d0) = cand_split(n, v);
    (Cell(cell as u16), Digit::from_index(d0))
}
