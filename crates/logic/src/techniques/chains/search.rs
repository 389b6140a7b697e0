//! The breadth-first search over alternating states (false → strong → true → weak →
//! false …) from one start, with the "uses a group" bit, and the scratch buffers it reuses.
//!
//! Design decision: breadth first, so every conclusion comes with its shortest chain (what a
//! person wants to read); the chain to a state is rebuilt from parent pointers only when the
//! visitor asks for it ([`Found::path`]).
//!
//! In HoDoKu's order each state's links are taken as HoDoKu files them. That list depends only
//! on the graph, the kind, the node and its value, so it is made once per graph and state
//! ([`Order`], kept by the [`Links`]) the first time a search expands the state, by the very
//! code that used to rank and sort it at every expansion: every search visits the same states
//! in the same order as before (exactness argued at [`Order`]).

use super::*;

/// A search state: node, truth value, and whether the chain so far uses a group.
#[inline]
pub(super) fn state(v: u32, val: bool, grouped: bool) -> usize {
    v as usize * 4 + usize::from(val) * 2 + usize::from(grouped)
}

/// A state reached by one search; the chain to it is rebuilt only when asked for.
pub(super) struct Found<'a> {
    /// The state reached: node and truth value.
    pub(super) last: (u32, bool),
    /// Whether the chain uses a group node.
    pub(super) grouped: bool,
    /// Number of nodes in the chain.
    pub(super) len: usize,
    /// Per state, its parent state and the search that wrote it ([`Scratch::parent`]).
    pub(super) parent: &'a [(u32, u32)],
    pub(super) s0: usize,
    pub(super) start: (u32, bool),
    /// Whether states ignore the "uses a group" bit (HoDoKu's tables, see [`search()`]).
    pub(super) collapse: bool,
}

impl Found<'_> {
    /// The chain's nodes from the start, each with its truth value.
    #[inline]
    pub(super) fn path(&self) -> Vec<(u32, bool)> {
        // `len` nodes: the last, one per parent step, and the start.
        let mut path = Vec::with_capacity(self.len);
        path.push(self.last);
        let grouped = self.grouped && !self.collapse;
        let mut cur = self.parent[state(self.last.0, self.last.1, grouped)].0 as usize;
        while cur != self.s0 {
            path.push(((cur / 4) as u32, (cur / 2) % 2 == 1));
            cur = self.parent[cur].0 as usize;
        }
        path.push(self.start);
        path.reverse();
        path
    }
}

/// Buffers reused between searches (and between finders, through `state::SCRATCH`).
///
/// Design decision: a state is reached in this search when its `parent` entry carries this
/// search's number (`visit`), so nothing is cleared between searches (clearing the states
/// the last search touched cost a store and a list entry per state reached); a state's
/// depth travels with it in the queue, where its children read it.
#[derive(Default)]
pub(super) struct Scratch {
    /// Per state: its parent state and the number of the search that reached it (0: none).
    pub(super) parent: Vec<(u32, u32)>,
    /// The number of the last search; `parent` entries carrying it are reached.
    pub(super) visit: u32,
    /// The breadth-first queue: states from `head` on are still to expand, each with its
    /// group bit and depth (links from the start).
    pub(super) queue: Vec<(u32, bool, bool, u16)>,
    /// A state's links as [`expand`] lists them, outside HoDoKu's order.
    pub(super) next: Vec<(u32, bool)>,
}

/// Breadth-first search from `start` assumed `start_val`, alternating strong (from false) and
/// weak (from true) links, up to `max` nodes. Calls `visit` with each newly reached state's
/// path (with `true_only`, only each newly reached "true" state's: the finders whose
/// conclusions all end on a true node skip the call, and the "false" half of the states is
/// still reached and expanded exactly as before); `visit` returns false to stop.
///
/// With `hodoku` the search is HoDoKu's table of the premise: one state per node and value
/// (a node reached first without a group is not reached again with one, so a grouped chain
/// is found only where the first chain to its end holds a group), and each node's links
/// taken in the order HoDoKu files them (the cell's other digits, then the digit in the
/// row, column and box, then groups; from a group, the candidate left in its box, then in
/// its line, then groups), and the premise's opposite value expanded like any other entry,
/// so the chain to each node is the one HoDoKu's expanded table records for it.
#[allow(
    clippy::too_many_arguments,
    reason = "a private search with its scratch buffers"
)]
pub(super) fn search(
    links: &Links,
    kind: Kind,
    start: u32,
    start_val: bool,
    max: usize,
    sc: &mut Scratch,
    hodoku: bool,
    true_only: bool,
    visit: &mut dyn FnMut(&Found<'_>) -> bool,
) -> bool {
    let total = links.strong.len();
    // A new search number: the entries of earlier searches (and new ones, 0) read as
    // unreached. When the numbers run out every entry is reset once.
    sc.visit = sc.visit.wrapping_add(1);
    if sc.visit == 0 {
        sc.parent.fill((0, 0));
        sc.visit = 1;
    }
    let visit_no = sc.visit;
    sc.parent.resize(total * 4, (0, 0));
    let collapse = hodoku && kind == Kind::Grouped;
    let s0 = state(start, start_val, false);
    sc.parent[s0] = (s0 as u32, visit_no);
    let mut queue = std::mem::take(&mut sc.queue);
    let mut next = std::mem::take(&mut sc.next);
    queue.clear();
    queue.push((start, start_val, false, 0));
    let mut head = 0;
    // HoDoKu's order: each state's links ranked once per graph, not once per expansion.
    let mut order = hodoku.then(|| links.hodoku_order(kind));
    let mut stopped = false;
    'expand: while head < queue.len() {
        let (v, val, grp, depth) = queue[head];
        head += 1;
        if depth as usize + 1 >= max {
            continue;
        }
        let s = state(v, val, grp && !collapse);
        // Read in place from the kept order, or listed afresh.
        let list: &[(u32, bool)] = match &mut order {
            Some(order) => order.of(links, v, val),
            None => {
                next.clear();
                expand(links, kind, v, val, &mut next);
                &next
            }
        };
        // A strong link (from false) reaches a true state, a weak one a false state.
        let wval = !val;
        let call = wval || !true_only;
        let wdepth = depth + 1;
        for &(w, to_group) in list {
            let wgrp = grp || to_group;
            let ws = state(w, wval, wgrp && !collapse);
            if sc.parent[ws].1 == visit_no {
                continue;
            }
            sc.parent[ws] = (s as u32, visit_no);
            if call {
                let found = Found {
                    last: (w, wval),
                    grouped: wgrp,
                    len: wdepth as usize + 1,
                    parent: &sc.parent,
                    s0,
                    start: (start, start_val),
                    collapse,
                };
                if !visit(&found) {
                    stopped = true;
                    break 'expand;
                }
            }
            // HoDoKu's table of a premise holds the premise's opposite value like any other
            // entry and expands it too; otherwise a chain does not pass its start.
            if w == start && !hodoku {
                continue;
            }
            // A "false" state with no strong link of the kind is a leaf: expanded, it would
            // reach nothing (its list, HoDoKu's order or not, is empty), so it is not queued —
            // it is reached and visited as before, and the states after it are the same.
            if !wval
                && !links.strong[w as usize]
                    .iter()
                    .any(|&(_, tag)| allows(kind, tag))
            {
                continue;
            }
            queue.push((w, wval, wgrp, wdepth));
        }
    }
    sc.queue = queue;
    sc.next = next;
    !stopped
}

/// Whether a search of `kind` may take a strong link tagged `tag` (the strong links of
/// `kind` include it).
#[inline]
pub(super) fn allows(kind: Kind, tag: u32) -> bool {
    match kind {
        Kind::X => tag == HOUSE,
        Kind::Xy => tag == CELL,
        Kind::Any => tag < ALS,
        Kind::Grouped => true,
    }
}

/// The links of state (`v`, `val`) a search of `kind` may take, in the graph's order: from
/// "false" the strong links the kind allows, from "true" the weak ones (to candidates, then to
/// groups). Pushes (target, whether taking the link makes the chain use a group: it passes an
/// ALS or reaches a group node — what the search's group bit needs, worked out once per list
/// instead of per link taken); the target's value is `!val`.
pub(super) fn expand(links: &Links, kind: Kind, v: u32, val: bool, next: &mut Vec<(u32, bool)>) {
    if !val {
        for &(w, tag) in &links.strong[v as usize] {
            if allows(kind, tag) {
                next.push((w, tag >= ALS || links.is_group(w)));
            }
        }
    } else {
        if !links.is_group(v) {
            // Weak: the same digit in peer cells, and (not for X and XY) other digits of
            // the cell (candidates all).
            next.extend(links.weak_of(v, kind).iter().map(|&w| (w, false)));
        }
        if kind == Kind::Grouped {
            next.extend(
                links.weak_groups[v as usize]
                    .iter()
                    .map(|&w| (w, links.is_group(w))),
            );
        }
    }
}

/// Every state's links in the order HoDoKu files them, for one graph and chain kind: what
/// [`search()`] under `hodoku` expands each state to. Before, each expansion ranked and sorted
/// its state's links afresh (a fifth of the search's instructions); the order depends only on
/// the graph, the kind, the node and its value, so each state's list is made the first time a
/// search of the graph expands it (the finders of a grid search it from up to every
/// candidate) and read back as a slice after that. Lazily, because many graphs are searched
/// from a few starts only (the closure prunes the rest): made for every state up front, the
/// lists cost more than they saved on the first 40 of top1465.
///
/// *Exactness:* [`Order::of`] makes, for each state, the very list the per-expansion code
/// made: the same links ([`expand`]), the same ranks ([`hodoku_rank`], [`hodoku_group_rank`]),
/// the same stable sort, and the same exception (a group's "true" links are not ranked). So
/// every search visits the same states in the same order and reports the same chains.
/// `tests::hodoku_orders_are_each_states_links_stably_sorted_by_rank` checks the lists.
pub(super) struct Order {
    /// The kind the order is made for.
    kind: Kind,
    /// Per state `2 * node + value`: where its links start in `to` and how many, or
    /// `u32::MAX` as the start while not made yet.
    at: Vec<(u32, u32)>,
    /// (target, whether taking the link makes the chain use a group: see [`expand`]); the
    /// target's value is the opposite.
    to: Vec<(u32, bool)>,
    /// Scratch for making a state's list.
    next: Vec<(u32, bool)>,
    ranked: Vec<(u8, (u32, bool))>,
}

impl Order {
    /// An order of `links` for `kind`, no state's list made yet.
    pub(super) fn new(links: &Links, kind: Kind) -> Order {
        Order {
            kind,
            at: vec![(u32::MAX, 0); 2 * links.strong.len()],
            to: Vec::new(),
            next: Vec::new(),
            ranked: Vec::new(),
        }
    }

    /// The links of state (`v`, `val`) of `links` in HoDoKu's order, made on first ask.
    #[inline]
    pub(super) fn of(&mut self, links: &Links, v: u32, val: bool) -> &[(u32, bool)] {
        let s = 2 * v as usize + usize::from(val);
        if self.at[s].0 == u32::MAX {
            self.make(links, v, val);
        }
        let (from, len) = self.at[s];
        &self.to[from as usize..(from + len) as usize]
    }

    /// Makes state (`v`, `val`)'s list: [`expand`]'s links, stably sorted by HoDoKu's rank
    /// (a group's "true" links as they are).
    fn make(&mut self, links: &Links, v: u32, val: bool) {
        let (next, ranked) = (&mut self.next, &mut self.ranked);
        next.clear();
        expand(links, self.kind, v, val, next);
        ranked.clear();
        if links.is_group(v) {
            if !val {
                ranked.extend(next.iter().map(|&e| (hodoku_group_rank(links, v, e.0), e)));
            }
        } else {
            let cell = cand_split(links.n, v).0;
            ranked.extend(next.iter().map(|&e| (hodoku_rank(links, cell, e.0), e)));
        }
        if !ranked.is_empty() {
            ranked.sort_by_key(|r| r.0);
            next.clear();
            next.extend(ranked.iter().map(|r| r.1));
        }
        let from = self.to.len() as u32;
        self.to.extend_from_slice(next);
        self.at[2 * v as usize + usize::from(val)] = (from, next.len() as u32);
    }
}

impl Links {
    /// This graph's HoDoKu order for `kind`, borrowed for one search (a graph is searched in
    /// HoDoKu's order with one kind only: Any for the plain graph, Grouped for the grouped one;
    /// asked for another kind, the order starts afresh for it).
    pub(super) fn hodoku_order(&self, kind: Kind) -> std::cell::RefMut<'_, Order> {
        let mut kept = self.order.borrow_mut();
        if kept.as_ref().is_none_or(|o| o.kind != kind) {
            *kept = Some(Order::new(self, kind));
        }
        std::cell::RefMut::map(kept, |o| o.as_mut().expect("made above"))
    }
}

/// Where HoDoKu files the strong link from group `v` (false) to `w` in `v`'s table: the
/// single candidate left in the group's box, then the one left in its line, then a group
/// that is the rest of its line, then of its box.
pub(super) fn hodoku_group_rank(links: &Links, v: u32, w: u32) -> u8 {
    let n = links.n;
    let cells = &links.group(v).cells;
    let first = cells[0].index();
    let (row, col) = (first / n, first % n);
    let on = |c: Cell, line: &dyn Fn(usize) -> bool| line(c.index());
    let shares = |line: &dyn Fn(usize) -> bool| {
        cells.iter().all(|&c| on(c, line))
            && if links.is_group(w) {
                links.group(w).cells.iter().all(|&c| on(c, line))
            } else {
                line(links.split(w).0.index())
            }
    };
    let line = shares(&|c| c / n == row) || shares(&|c| c % n == col);
    match (links.is_group(w), line) {
        (false, false) => 0,
        (false, true) => 1,
        (true, true) => 2,
        (true, false) => 3,
    }
}

/// Where HoDoKu files the link from a candidate of cell `a` (an index) to `w` in the
/// candidate's table: the cell's other digits first, then the digit's places in the row, the
/// column and the box (each in cell order, which the links already are), then group nodes.
pub(super) fn hodoku_rank(links: &Links, a: usize, w: u32) -> u8 {
    if links.is_group(w) {
        return 4;
    }
    let n = links.n;
    let b = cand_split(n, w).0;
    if a == b {
        0
    } else if a / n == b / n {
        1
    } else if a % n == b % n {
        2
    } else {
        3
    }
}
