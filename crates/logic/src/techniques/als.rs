//! Almost locked sets (ALS): n cells of one house with n + 1 candidates between them. If one
//! digit is taken out of an ALS, the rest is a locked set. Techniques: ALS-XZ (two ALS joined
//! by a restricted common digit), ALS-XY-wing (three ALS, two links), ALS-XY-chain (a chain of
//! ALS, consecutive links on different digits) and death blossom (a stem cell whose every
//! candidate sees a petal ALS). Every layout.
//!
//! Design decision: the ALS of a grid are enumerated once per search (deduplicated by cell set,
//! size capped so 25×25 grids stay tractable), each with a per-digit cell list; "restricted
//! common candidate" x between A and B means every x of A sees every x of B, so at most one of
//! them holds x. Overlapping ALS are not combined (HoDoKu's default). For speed, exactly:
//! the enumeration drops a cell subset as soon as its digits exceed its cells + 1 by more
//! than the cells it may still take; the links meet each ALS only with the ALS whose first
//! cell of a digit sees all of its places of that digit; and an ALS's seers of a digit are only
//! the cells holding it, so the chain and wing finders, and ALS-XZ for a singly linked pair,
//! test "some cell sees a common digit in both ends" with two set intersections before
//! building a step (such a cell holds the digit and lies in neither ALS, since no cell sees
//! itself; without one the step would be empty). ALS-XZ, ALS-XY-wing and
//! ALS-XY-chain remember the grid they last missed on (`memo::since_miss`): a pattern of ALS
//! none of which holds a changed cell had the same links and the same or more targets there,
//! so only patterns with a changed ALS are searched (a chain search that ran out of its node
//! budget is not a miss). In HoDoKu's order ([`Options::hodoku`](crate::technique::Options::hodoku))
//! ALS-XY-chains are HoDoKu's instead (`hodoku_chain`: forward only along its ALS list, up to
//! 50 links, with a miss certificate of its own that keeps its node budget exact), their links read from the same shared link table (its later disjoint
//! partners) rather than found by testing every pair of ALS.
//!
//! Across grids (issue 45) the list and the link table are updated, not rebuilt, exactly:
//! each house's walk reads only the values and candidates of the house's cells and the size
//! caps of the lower houses sharing a cell with it, so a house whose such inputs are unchanged
//! yields the same ALS, in the same order, with the same house; they are kept per house
//! (`HouseMemo`) as templates whose seers are not yet limited to the cells holding the
//! digit, and only that limiting is redone, only for the templates whose seers meet a cell
//! where their digit's plane changed (the others' ALS are listed again, shared by reference
//! counts: an ALS's cells, per-digit cells and seers are `Rc`s). A house walked again keeps,
//! with its id, each template of its last walk whose cells all read as they did then (a template
//! reads nothing else), so only the ALS holding a changed cell are new. The digits linking two ALS depend
//! on their two templates alone (a B-cell holding the digit lies in its plane, so "inside A's
//! seers" is "sees every such cell of A"), and the relation is symmetric, so only the ALS of
//! new templates are searched for links (a link between two of them from the lower one only);
//! the rows of the others keep their earlier links among themselves (renumbered) and gain
//! those to the new ones. The table's rows lie in one flat list. The search's index of the
//! ALS by the first cell of each digit is kept with the table and updated the same way (the
//! ALS of gone templates leave it, those of new ones enter it, with their cells as words on
//! grids of up to 128 cells). Tests compare both with a
//! fresh enumeration and with testing every pair, on random refinement sequences.

use std::rc::Rc;

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

mod hodoku_chain;
mod hodoku_wing;

use sudokit_core::{Cell, Digit, DigitSet, House, Layout};

use crate::grid::{CandidateGrid, CellSet};
use crate::memo;
use crate::memory::{Memory, StateKey};
use crate::render::{cells_name, eliminations_text};
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::table::{ALS_XY_CHAIN, ALS_XY_WING, ALS_XZ, DEATH_BLOSSOM};

/// One almost locked set.
#[derive(Clone, Debug)]
pub struct Als {
    /// The cells, in reading order (shared by a template and every ALS made from it).
    pub cells: Rc<[Cell]>,
    /// The cells as a set.
    pub set: CellSet,
    /// The candidates of the cells together (one more than the cells).
    pub cands: DigitSet,
    /// The house it was found in.
    pub house: House,
    /// Per digit (indexed by digit index; empty for the others): its cells in this ALS.
    /// Shared by a template and every ALS made from it (they are the same), so making one
    /// copies only the seers. Indexed by digit, not packed: the link table's inner loop
    /// reads it most.
    on: Rc<[CellSet]>,
    /// Per digit likewise: the cells holding the digit that see all of its cells in this ALS
    /// (every use of the seers asks only about cells holding the digit, so they are kept
    /// that way and two ALS's seers meet exactly when some cell could lose the digit to
    /// both). Shared too, so a listed ALS is cloned by counts (see [`HouseMemo`]).
    seers: Rc<[CellSet]>,
}

impl Als {
    /// The ALS over `cells` with its seers not yet limited to the cells holding each digit
    /// (a template: what the house's walk alone decides; [`Als::masked`] finishes it).
    fn template(g: &CandidateGrid, cells: Vec<Cell>, cands: DigitSet, house: House) -> Als {
        let n = g.size();
        let mut set = g.cell_set();
        // Per digit index: for the ALS's digits, the cells holding it and the cells seeing
        // all of those (the intersection of their peer sets, in any order); empty for the
        // others. Both lists are allocated once at their size and filled in place, in one
        // pass over the cells and their candidates (`met`: the digits seen so far).
        let mut on: Rc<[CellSet]> = (0..n)
            .map(|i| {
                if cands.0 >> i & 1 == 1 {
                    g.cell_set()
                } else {
                    CellSet::default()
                }
            })
            .collect();
        let mut seers: Rc<[CellSet]> = (0..n).map(|_| CellSet::default()).collect();
        let on_at = Rc::get_mut(&mut on).expect("a new list");
        let seers_at = Rc::get_mut(&mut seers).expect("a new list");
        let mut met = 0u64;
        for &c in &cells {
            set.insert(c);
            for d in g.candidates(c).iter() {
                let i = d.index();
                on_at[i].insert(c);
                if met >> i & 1 == 0 {
                    met |= 1 << i;
                    seers_at[i].clone_from(g.peer_set(c));
                } else {
                    seers_at[i].intersect_with(g.peer_set(c));
                }
            }
        }
        Als {
            cells: cells.into(),
            set,
            cands,
            house,
            on,
            seers,
        }
    }
    /// This template with each digit's seers limited to the cells holding it (`planes`).
    fn masked(&self, planes: &[CellSet]) -> Als {
        // Copied and limited in place: only the ALS's own digits hold sets (the others stay
        // empty, as in the template), so only those are limited; the cells per digit are
        // shared.
        let mut seers: Rc<[CellSet]> = Rc::from(&self.seers[..]);
        let at = Rc::get_mut(&mut seers).expect("a new list");
        for d in self.cands.iter() {
            at[d.index()].intersect_with(&planes[d.index()]);
        }
        Als {
            cells: Rc::clone(&self.cells),
            set: self.set.clone(),
            cands: self.cands,
            house: self.house,
            on: self.on.clone(),
            seers,
        }
    }
    /// Whether this template masked with `planes` equals it masked with the planes `was`
    /// (`diff[d]`: the cells where plane `d` differs; `moved`: the digits with such cells):
    /// each seer set of a digit is the template's limited to the plane, so it is unchanged
    /// when the template's seers miss every cell where the plane changed.
    fn masks_alike(&self, diff: &[CellSet], moved: u64) -> bool {
        DigitSet(self.cands.0 & moved)
            .iter()
            .all(|d| !self.seers[d.index()].intersects(&diff[d.index()]))
    }
    /// The cells of this ALS holding `d`.
    pub fn cells_with(&self, g: &CandidateGrid, d: Digit) -> Vec<Cell> {
        self.cells
            .iter()
            .copied()
            .filter(|&c| g.has(c, d))
            .collect()
    }
    /// The cells holding `d`, as a set.
    fn on(&self, d: Digit) -> &CellSet {
        &self.on[d.index()]
    }
    /// The cells holding `d` that see every `d` of this ALS.
    fn seers(&self, d: Digit) -> &CellSet {
        &self.seers[d.index()]
    }
}

/// Largest ALS enumerated on a side-`n` grid.
fn max_als(n: usize) -> usize {
    if n <= 9 { n - 1 } else { 6 }
}

/// The grid's ALS and their restricted-common-candidate links, computed once per grid state
/// and shared by the ALS finders (they run one after another on the same grid); kept in the
/// finder's [`Memory`].
pub(crate) struct Links {
    key: (StateKey, bool),
    all: Rc<Vec<Als>>,
    adj: Rc<LinkRows>,
}

/// Per ALS, the ALS it has restricted common digits with (ascending) and those digits, all
/// rows in one flat list: row `i` is `links[at[i]..at[i + 1]]` (one allocation for the table,
/// not one per ALS: the table is built for every grid the ALS finders are asked on).
#[derive(Debug, PartialEq)]
pub(crate) struct LinkRows {
    at: Vec<u32>,
    links: Vec<(usize, DigitSet)>,
}

impl LinkRows {
    /// The links of every row together.
    pub(crate) fn total(&self) -> usize {
        self.links.len()
    }
    /// The rows in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &[(usize, DigitSet)]> + '_ {
        let mut from = 0;
        self.at[1..].iter().map(move |&to| {
            let row = &self.links[from..to as usize];
            from = to as usize;
            row
        })
    }
}

impl std::ops::Index<usize> for LinkRows {
    type Output = [(usize, DigitSet)];
    fn index(&self, i: usize) -> &[(usize, DigitSet)] {
        &self.links[self.at[i] as usize..self.at[i + 1] as usize]
    }
}

fn key(g: &CandidateGrid, overlap: bool) -> (StateKey, bool) {
    (g.state_key(), overlap)
}

/// The ALS of `g` and, for each, the ALS it has restricted common digits with.
#[allow(clippy::type_complexity, reason = "a private cache")]
fn als_and_links(
    g: &CandidateGrid,
    overlap: bool,
    memory: &Memory,
) -> (Rc<Vec<Als>>, Rc<LinkRows>) {
    if let Some(hit) = memory
        .als_links
        .borrow()
        .as_ref()
        .filter(|x| x.key.1 == overlap && g.has_state(&x.key.0))
        .map(|x| (x.all.clone(), x.adj.clone()))
    {
        return hit;
    }
    let all = shared(g, memory);
    let adj = {
        let mut hm = memory.als_houses.borrow_mut();
        match hm.ids_of(&all).map(<[u64]>::to_vec) {
            // Not the list the memo holds: searched afresh, the memo left as it is.
            None => Rc::new(links_of(g, &all, overlap, None, &mut SlotIndex::default())),
            Some(ids) => {
                // The memo's slot index is that of its list, whatever the overlap; it is
                // brought to this list and kept with the new table.
                let mut before = hm.links.take();
                let mut index = before
                    .as_mut()
                    .map(|l| std::mem::take(&mut l.index))
                    .unwrap_or_default();
                let before = before.filter(|l| l.overlap == overlap);
                if before.is_none() {
                    index = SlotIndex::default();
                }
                #[cfg(test)]
                if before.is_some() {
                    hm.linked_on.set(hm.linked_on.get() + 1);
                }
                let known = before.as_ref().map(|l| (ids.as_slice(), l));
                let adj = Rc::new(links_of(g, &all, overlap, known, &mut index));
                hm.links = Some(LinkMemo {
                    overlap,
                    ids,
                    adj: adj.clone(),
                    index,
                });
                adj
            }
        }
    };
    *memory.als_links.borrow_mut() = Some(Links {
        key: key(g, overlap),
        all: all.clone(),
        adj: adj.clone(),
    });
    (all, adj)
}

/// The links of the last ALS list [`shared`] built with a [`HouseMemo`], by template id.
pub(crate) struct LinkMemo {
    overlap: bool,
    ids: Vec<u64>,
    adj: Rc<LinkRows>,
    /// The link search's slot index of that list (see [`SlotIndex`]).
    index: SlotIndex,
}

/// An ALS in a slot of a [`SlotIndex`]: its handle, and on grids of up to 128 cells its
/// cells holding the slot's digit and all its cells as words ([`wide`]; both 0 on larger
/// grids).
#[derive(Clone, Copy, Debug)]
struct Entry {
    on: u128,
    set: u128,
    handle: u32,
}

/// The link search's index of an ALS list, kept from one list to the next: per slot
/// (`cell * n + digit`), the ALS whose first cell holding the digit is that cell, as
/// [`Entry`]s in no particular order (the search ORs a partner's digits into its entry and sorts the
/// partners it met, so the order is never seen). A slot depends on the ALS's cells holding
/// the digit alone, which its template decides, so an ALS whose template was in the last
/// list keeps its handle and entries: only the ALS of gone templates leave the index and
/// only those of new ones enter it, instead of every ALS of every list (the index was
/// rebuilt for each of them before, over every ALS). `pos` turns a handle into a position
/// in the current list. On grids of up to 128 cells each entry also holds the ALS's cells
/// and its cells holding the slot's digit as words ([`Entry`]), made once per template, so
/// the search tests a partner on words before it looks the partner up.
#[derive(Debug, Default)]
pub(crate) struct SlotIndex {
    /// Per slot, the ALS in it.
    slots: Vec<Vec<Entry>>,
    /// Per handle, the slots it lies in (empty for a free handle).
    slots_of: Vec<Vec<u32>>,
    /// Per handle, its ALS's position in the list indexed.
    pos: Vec<u32>,
    /// Per position in the list indexed, its ALS's handle.
    handles: Vec<u32>,
    /// Handles no ALS holds.
    free: Vec<u32>,
}

impl SlotIndex {
    /// Brings the index from the list it holds to `all`: `old_of[i]` is ALS `i`'s position in
    /// the list held (`None`: its template is new), `new_of[o]` the position now of the ALS
    /// at `o` in that list (`usize::MAX`: gone; empty when the index holds no list). An index
    /// for another slot count (another layout) is started afresh (every ALS is new then).
    fn update(
        &mut self,
        all: &[Als],
        n: usize,
        slots: usize,
        old_of: &[Option<usize>],
        new_of: &[usize],
    ) {
        // Started afresh, the index holds nothing to take out (the ALS of the earlier list
        // are all gone then: another layout's templates are all new).
        let afresh = self.slots.len() != slots || new_of.len() != self.handles.len();
        if afresh {
            debug_assert!(
                old_of.iter().all(Option::is_none),
                "an index of another list"
            );
            *self = SlotIndex {
                slots: vec![Vec::new(); slots],
                ..SlotIndex::default()
            };
        }
        for (o, &now) in new_of.iter().enumerate() {
            if now == usize::MAX && !afresh {
                let h = self.handles[o] as usize;
                for &s in &self.slots_of[h] {
                    let row = &mut self.slots[s as usize];
                    let at = row
                        .iter()
                        .position(|x| x.handle as usize == h)
                        .expect("an indexed ALS");
                    row.swap_remove(at);
                }
                self.slots_of[h].clear();
                self.free.push(h as u32);
            }
        }
        let mut handles = Vec::with_capacity(all.len());
        for (i, a) in all.iter().enumerate() {
            let h = match old_of[i] {
                Some(o) => self.handles[o],
                None => {
                    let h = self.free.pop().unwrap_or_else(|| {
                        self.slots_of.push(Vec::new());
                        self.pos.push(0);
                        (self.slots_of.len() - 1) as u32
                    });
                    let small = slots <= 128 * n;
                    let set = if small { wide(&a.set) } else { 0 };
                    let mine = &mut self.slots_of[h as usize];
                    for d in a.cands.iter() {
                        // The first cell holding `d`, from the set's words.
                        let words = a.on(d).words();
                        if let Some(w) = words.iter().position(|&w| w != 0) {
                            let s = (w * 64 + words[w].trailing_zeros() as usize) * n + d.index();
                            let on = if small { wide(a.on(d)) } else { 0 };
                            self.slots[s].push(Entry { on, set, handle: h });
                            mine.push(s as u32);
                        }
                    }
                    h
                }
            };
            self.pos[h as usize] = i as u32;
            handles.push(h);
        }
        self.handles = handles;
    }
    /// The positions of the ALS in slot `s`, in no particular order (tests only).
    #[cfg(test)]
    fn slot(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        self.slots[s]
            .iter()
            .map(|e| self.pos[e.handle as usize] as usize)
    }
}

/// The cells of a set of a grid of up to 128 cells as one word (cell `c` at bit `c`).
fn wide(s: &CellSet) -> u128 {
    match *s.words() {
        [lo] => u128::from(lo),
        [lo, hi, ..] => u128::from(lo) | u128::from(hi) << 64,
        [] => 0,
    }
}

/// For each ALS of `all`, the ALS it has restricted common digits with (ascending) and those
/// digits. With `known` (the template ids of `all` and the links of an earlier list), only the
/// links of ALS whose template is new are searched; the others' links among themselves are
/// taken from the earlier list. Exact: the digits linking two ALS are a function of their two
/// templates alone (see [`HouseMemo`]), and the relation is symmetric (every `d` of A sees
/// every `d` of B, and, with overlap, a shared cell holding `d` lies in both), so a new
/// ALS's search finds its links to the old ones too, and a link between two new ALS is
/// searched from the lower one only and entered in both rows.
fn links_of(
    g: &CandidateGrid,
    all: &[Als],
    overlap: bool,
    known: Option<(&[u64], &LinkMemo)>,
    index: &mut SlotIndex,
) -> LinkRows {
    // Per ALS, its index in the earlier list (when its template was there); per earlier
    // index, its index now (`usize::MAX`: gone).
    let mut old_of: Vec<Option<usize>> = vec![None; all.len()];
    let mut new_of: Vec<usize> = Vec::new();
    if let Some((ids, before)) = known {
        let at: HashMap<u64, usize> = before
            .ids
            .iter()
            .enumerate()
            .map(|(i, &id)| (id, i))
            .collect();
        new_of = vec![usize::MAX; before.ids.len()];
        for (i, id) in ids.iter().enumerate() {
            if let Some(&o) = at.get(id) {
                old_of[i] = Some(o);
                new_of[o] = i;
            }
        }
    }
    let n = g.size();
    // Index: the ALS by the first cell (cell × digit) of each of their digits. B's digit d
    // links to A only when every d of B sees every d of A, so only when B's first d is among
    // A's seers of d: each ALS meets each candidate partner once per digit. Kept across
    // lists (see [`SlotIndex`]): only the ALS of new templates enter it.
    index.update(all, n, g.cell_count() * n, &old_of, &new_of);
    let mut scratch = vec![0u64; all.len()];
    let mut touched: Vec<usize> = Vec::new();
    // The rows of the new ALS, flat (an old ALS's row is empty here), and per new link to
    // an old ALS, (old, new, digits), in ascending order of the new ALS.
    let mut found: Vec<(usize, DigitSet)> = Vec::new();
    let mut found_at: Vec<u32> = Vec::with_capacity(all.len() + 1);
    found_at.push(0);
    let mut back: Vec<(u32, u32, DigitSet)> = Vec::new();
    // A link between two new ALS is searched once, from the lower one: per new ALS, the
    // links found to it from lower new ones (a list per ALS: `head` its last entry, each
    // entry its ALS, digits and the entry before; `u32::MAX` ends a list).
    let mut head = vec![u32::MAX; all.len()];
    let mut lower: Vec<(u32, DigitSet, u32)> = Vec::new();
    // Up to 128 cells, the partner tests run on words (see [`SlotIndex`]).
    let small = g.cell_count() <= 128;
    for (i, a) in all.iter().enumerate() {
        if old_of[i].is_some() {
            found_at.push(found.len() as u32);
            continue;
        }
        let mut e = head[i];
        while e != u32::MAX {
            let (k, ds, next) = lower[e as usize];
            scratch[k as usize] = ds.0;
            touched.push(k as usize);
            e = next;
        }
        let set_w = if small { wide(&a.set) } else { 0 };
        for d in a.cands.iter() {
            // The seers hold `d` (see [`Als`]), and an ALS lies in one slot per digit, so
            // each partner is met once per digit here.
            let (a_on, a_seers) = (a.on(d), a.seers(d));
            let (on_w, seers_w) = if small {
                (wide(a_on), wide(a_seers))
            } else {
                (0, 0)
            };
            for s in a_seers.iter() {
                let slot = s.index() * n + d.index();
                for e in &index.slots[slot] {
                    // Not linked on `d`: some `d` of B is not among A's seers of `d`, or the
                    // ALS share a cell (with overlap, one holding `d` in A). Up to 128
                    // cells on the entry's words, before B is looked up.
                    if small
                        && (e.on & !seers_w != 0
                            || (set_w & e.set != 0 && (!overlap || on_w & e.set != 0)))
                    {
                        continue;
                    }
                    let j = index.pos[e.handle as usize] as usize;
                    // (`j == i` too: `i` is new.)
                    if j <= i && old_of[j].is_none() {
                        continue;
                    }
                    if !small {
                        let b = &all[j];
                        if (a.set.intersects(&b.set) && (!overlap || a_on.intersects(&b.set)))
                            || !b.on(d).is_subset_of(a_seers)
                        {
                            continue;
                        }
                    }
                    if scratch[j] == 0 {
                        touched.push(j);
                    }
                    scratch[j] |= 1 << d.index();
                }
            }
        }
        touched.sort_unstable();
        for &j in &touched {
            let ds = DigitSet(std::mem::take(&mut scratch[j]));
            if old_of[j].is_some() {
                back.push((j as u32, i as u32, ds));
            } else if j > i {
                lower.push((i as u32, ds, head[j]));
                head[j] = (lower.len() - 1) as u32;
            }
            found.push((j, ds));
        }
        found_at.push(found.len() as u32);
        touched.clear();
    }
    let Some((_, before)) = known.filter(|_| old_of.iter().any(Option::is_some)) else {
        return LinkRows {
            at: found_at,
            links: found,
        };
    };
    // Per old ALS, its links to new ones, found from the new side: `back` grouped by the
    // old ALS (a count per ALS, then filled in order, so each group stays ascending).
    let mut back_at = vec![0u32; all.len() + 1];
    for &(j, _, _) in &back {
        back_at[j as usize + 1] += 1;
    }
    for i in 0..all.len() {
        back_at[i + 1] += back_at[i];
    }
    let mut fill = back_at.clone();
    let mut by_old = vec![(0usize, DigitSet::EMPTY); back.len()];
    for &(j, i, ds) in &back {
        by_old[fill[j as usize] as usize] = (i as usize, ds);
        fill[j as usize] += 1;
    }
    let mut at: Vec<u32> = Vec::with_capacity(all.len() + 1);
    at.push(0);
    let mut links: Vec<(usize, DigitSet)> =
        Vec::with_capacity(found.len() + back.len() + before.adj.total());
    for i in 0..all.len() {
        match old_of[i] {
            None => links.extend_from_slice(&found[found_at[i] as usize..found_at[i + 1] as usize]),
            Some(o) => {
                // Its earlier links among the old ALS (renumbered) and those to new ones.
                let from = links.len();
                links.extend(before.adj[o].iter().filter_map(|&(oj, ds)| {
                    let j = new_of[oj];
                    (j != usize::MAX).then_some((j, ds))
                }));
                links.extend_from_slice(&by_old[back_at[i] as usize..back_at[i + 1] as usize]);
                links[from..].sort_unstable_by_key(|&(j, _)| j);
            }
        }
        at.push(links.len() as u32);
    }
    LinkRows { at, links }
}
/// [`enumerate`], kept in `memory` for the next caller on the same grid state (the grouped
/// chain links and the ALS finders both need them); on another grid, the houses whose walk
/// reads what it read before are not walked again (see [`HouseMemo`]).
pub(crate) fn shared(g: &CandidateGrid, memory: &Memory) -> Rc<Vec<Als>> {
    if let Some(hit) = memory
        .als
        .borrow()
        .as_ref()
        .filter(|x| g.has_state(&x.0))
        .map(|x| x.1.clone())
    {
        return hit;
    }
    let mut hm = memory.als_houses.borrow_mut();
    let all = Rc::new(enumerate_in(g, Some(&mut hm)));
    let ids = std::mem::take(&mut hm.out_ids);
    hm.last = Some((all.clone(), ids));
    drop(hm);
    *memory.als.borrow_mut() = Some((g.state_key(), all.clone()));
    all
}

/// Every ALS of the grid (deduplicated by cell set).
///
/// Houses are walked in order and each house's empty cells combined in order, so a cell set
/// lying in several houses is met first in the lowest one that enumerates it; it is kept there
/// and skipped elsewhere. That house is found from the set itself (the lowest house holding
/// all its cells whose size cap admits it), with no table of the sets already seen.
pub fn enumerate(g: &CandidateGrid) -> Vec<Als> {
    enumerate_in(g, None)
}

/// Per house, the ALS its walk found on the last grid of this memory (as templates: seers not
/// yet limited to the cells holding the digit) and everything that walk read: the values and
/// candidates of the house's cells and the size caps of the lower houses sharing a cell with
/// it (the houses [`Walk::met_before`] asks about). The walk and [`Als::template`] read
/// nothing else of the grid (the layout aside, which the memo holds), so on a grid where a
/// house's key is unchanged its walk would find the same templates in the same order:
/// [`enumerate_in`] takes them from here, and the list equals [`enumerate`]'s, in order. Only
/// the seers depend on the other cells: [`Als::masked`] limits them to the planes of the
/// digits. Each template keeps its ALS as masked on the memo's last grid (whose planes the
/// memo keeps), and on the next grid that ALS is listed again, shared rather than rebuilt,
/// unless the template's seers of one of its digits meet a cell where that digit's plane
/// changed ([`Als::masks_alike`]: then masking again would give other seers). Exact: the
/// masked ALS is a function of the template and the planes restricted to its seers.
///
/// A house whose key changed is walked again, but [`Als::template`] reads only the set's own
/// cells (their candidates), the house and the layout: a set the new walk finds whose every
/// cell holds the value and candidates it held on the house's last walk (the key's entries
/// for those cells) is the template that walk built. It is taken from there with its id
/// (session 38), so it is not built again and the link table ([`links_of`]) treats it as
/// old: only sets holding a changed cell are searched for links.
#[derive(Default)]
pub(crate) struct HouseMemo {
    layout: Option<Arc<Layout>>,
    /// Per house: the key, the templates (each with its ALS masked with `planes`), their ids
    /// and the places of their cells in the house (bits; see [`Walk::found`]).
    houses: Vec<HouseEntry>,
    /// Per digit, the empty cells holding it on the grid [`enumerate_in`] was asked last.
    planes: Vec<CellSet>,
    /// The id the next template gets: ids are never given to another template, so one id is
    /// one template (a template kept from a house's last walk keeps its id, see
    /// [`enumerate_in`]).
    next_id: u64,
    /// The template ids of the list [`enumerate_in`] built last, in list order.
    out_ids: Vec<u64>,
    /// The list [`shared`] built last and its template ids.
    last: Option<(Rc<Vec<Als>>, Vec<u64>)>,
    /// The links found for the list of `last` (or an earlier one).
    links: Option<LinkMemo>,
    /// Houses taken from the memo rather than walked (tests only).
    #[cfg(test)]
    reused: usize,
    /// Templates of a walked house taken from its last walk (tests only).
    #[cfg(test)]
    kept: usize,
    /// Link tables built from an earlier one (tests only).
    #[cfg(test)]
    linked_on: std::cell::Cell<usize>,
}

/// One house's entry in a [`HouseMemo`]: its walk's key, templates (each with its masked ALS),
/// their ids and the places of their cells in the house.
type HouseEntry = (Vec<u64>, Vec<(Als, Als)>, Vec<u64>, Vec<u64>);

impl HouseMemo {
    /// The template ids of `all`, when it is the list [`shared`] built last.
    fn ids_of(&self, all: &Rc<Vec<Als>>) -> Option<&[u64]> {
        self.last
            .as_ref()
            .filter(|(l, _)| Rc::ptr_eq(l, all))
            .map(|(_, ids)| ids.as_slice())
    }
}

/// The inputs of house `h`'s walk (see [`HouseMemo`]), into `key`.
fn house_key(g: &CandidateGrid, h: House, caps: &[usize], key: &mut Vec<u64>) {
    key.clear();
    let cells = g.house_cells(h);
    for &c in cells {
        key.push(u64::from(g.values()[c.index()]));
        key.push(g.candidates(c).0);
    }
    for &c in cells {
        for &low in g.houses_of(c).iter().filter(|&&low| low < h) {
            key.push(caps[low.index()] as u64);
        }
    }
}

/// Whether `key` is what [`house_key`] writes for house `h`: the same entries in the same
/// order, compared as they are read rather than written out first (every house is asked on
/// every grid, and most keys are unchanged). Exact: the reads are `house_key`'s, in its
/// order, each compared with the entry it would push there, and a key of another length
/// differs (the last check).
fn house_key_is(g: &CandidateGrid, h: House, caps: &[usize], key: &[u64]) -> bool {
    let cells = g.house_cells(h);
    if key.len() < 2 * cells.len() {
        return false;
    }
    let (values, cands) = (g.values(), g.candidate_slice());
    let (head, mut rest) = key.split_at(2 * cells.len());
    for (&c, pair) in cells.iter().zip(head.chunks_exact(2)) {
        if pair[0] != u64::from(values[c.index()]) || pair[1] != cands[c.index()].0 {
            return false;
        }
    }
    for &c in cells {
        for &low in g.houses_of(c).iter().filter(|&&low| low < h) {
            match rest.split_first() {
                Some((&k, tail)) if k == caps[low.index()] as u64 => rest = tail,
                _ => return false,
            }
        }
    }
    rest.is_empty()
}

/// Per digit (by index), the empty cells holding it. Built in one pass over the empty cells
/// and their candidates rather than one pass over the cells per digit: each empty cell is
/// inserted into the plane of each digit it holds, which is the same set.
fn planes_of(g: &CandidateGrid) -> Vec<CellSet> {
    let mut planes: Vec<CellSet> = (0..g.size()).map(|_| g.cell_set()).collect();
    for c in g.empty_cells() {
        for d in g.candidates(c).iter() {
            planes[d.index()].insert(c);
        }
    }
    planes
}

/// [`enumerate`], with the houses whose walk `memo` remembers taken from it.
fn enumerate_in(g: &CandidateGrid, mut memo: Option<&mut HouseMemo>) -> Vec<Als> {
    let n = g.size();
    let cap = max_als(n).max(1);
    let mut out = Vec::new();
    let planes = planes_of(g);
    // Per house, the largest set it enumerates (a house with k empty cells holds no ALS of k
    // cells or more, but one of a single cell).
    let caps: Vec<usize> = g
        .houses()
        .map(|h| {
            let empty = g
                .house_cells(h)
                .iter()
                .filter(|&&c| g.value(c).is_none())
                .count();
            cap.min(empty.saturating_sub(1)).max(1)
        })
        .collect();
    // Per digit, the cells where its plane changed since the memo's last grid, and the
    // digits with such cells (see [`Als::masks_alike`]).
    let mut diff: Vec<CellSet> = Vec::new();
    let mut moved = 0u64;
    if let Some(m) = memo.as_deref_mut() {
        m.out_ids.clear();
        let same = m
            .layout
            .as_ref()
            .is_some_and(|l| Arc::ptr_eq(l, g.layout_arc()) || **l == *g.layout());
        if !same {
            // Empty keys: no house's key is empty, so every house is walked.
            m.houses = g
                .houses()
                .map(|_| (Vec::new(), Vec::new(), Vec::new(), Vec::new()))
                .collect();
            m.layout = Some(g.layout_arc().clone());
        }
        // Without planes of the last grid (a new memory) every cell counts as changed.
        let known = m.planes.len() == planes.len();
        diff = planes
            .iter()
            .enumerate()
            .map(|(d, now)| {
                let mut x = g.cell_set();
                if !known {
                    moved |= 1 << d;
                    g.cells().for_each(|c| x.insert(c));
                } else if m.planes[d] != *now {
                    moved |= 1 << d;
                    x.union_with(now);
                    x.union_with(&m.planes[d]);
                    let mut both = now.clone();
                    both.intersect_with(&m.planes[d]);
                    x.subtract(&both);
                }
                x
            })
            .collect();
    }
    // An ALS masked on the memo's last grid, masked again only where its seers changed.
    let remask = |(t, masked): &mut (Als, Als)| {
        if !t.masks_alike(&diff, moved) {
            *masked = t.masked(&planes);
        }
    };
    let mut walk = Walk {
        g,
        caps: &caps,
        h: House(0),
        cells: Vec::new(),
        places: Vec::new(),
        chosen: Vec::new(),
        found: Vec::new(),
    };
    let mut key = Vec::new();
    // Per house walked again: its last walk's templates by the places of their cells.
    let mut at: HashMap<u64, usize> = HashMap::default();
    for h in g.houses() {
        let known = match memo.as_deref() {
            Some(m) => {
                let known = house_key_is(g, h, &caps, &m.houses[h.index()].0);
                // (Written out only for a house walked again: its entry takes it.)
                if !known {
                    house_key(g, h, &caps, &mut key);
                }
                known
            }
            None => false,
        };
        #[cfg(test)]
        if known && let Some(m) = memo.as_deref_mut() {
            m.reused += 1;
        }
        if !known {
            walk.h = h;
            walk.found.clear();
            walk.cells.clear();
            walk.places.clear();
            for (p, &c) in g.house_cells(h).iter().enumerate() {
                if g.value(c).is_none() {
                    walk.cells.push(c);
                    walk.places.push(p);
                }
            }
            walk.rec(0, caps[h.index()], DigitSet::EMPTY, 0);
        }
        match memo.as_deref_mut() {
            Some(m) => {
                let entry = &mut m.houses[h.index()];
                if !known {
                    // A set found again whose cells read as they did on the last walk is
                    // the same template (see [`enumerate_in`]'s doc): it is taken, with its
                    // id, rather than built (and its links, looked for) again.
                    let len = g.house_cells(h).len();
                    let reuse = len <= 64 && entry.0.len() >= 2 * len;
                    let mut old: Vec<Option<(Als, Als)>> =
                        std::mem::take(&mut entry.1).into_iter().map(Some).collect();
                    let old_ids = std::mem::take(&mut entry.2);
                    entry.1.reserve_exact(walk.found.len());
                    entry.2.reserve_exact(walk.found.len());
                    at.clear();
                    if reuse {
                        at.extend(entry.3.iter().enumerate().map(|(o, &mask)| (mask, o)));
                    }
                    entry.3.clear();
                    for (mask, cells, union) in walk.found.drain(..) {
                        let same = at.get(&mask).copied().filter(|_| {
                            let mut bits = mask;
                            let mut same = true;
                            while bits != 0 && same {
                                let p = bits.trailing_zeros() as usize;
                                bits &= bits - 1;
                                same = entry.0[2 * p..2 * p + 2] == key[2 * p..2 * p + 2];
                            }
                            same
                        });
                        match same.and_then(|o| old[o].take()) {
                            Some(mut kept) => {
                                #[cfg(test)]
                                {
                                    m.kept += 1;
                                }
                                entry.2.push(old_ids[same.expect("a kept template")]);
                                remask(&mut kept);
                                entry.1.push(kept);
                            }
                            None => {
                                entry.2.push(m.next_id);
                                m.next_id += 1;
                                let t = Als::template(g, cells, union, h);
                                let masked = t.masked(&planes);
                                entry.1.push((t, masked));
                            }
                        }
                        entry.3.push(mask);
                    }
                    std::mem::swap(&mut entry.0, &mut key);
                } else {
                    entry.1.iter_mut().for_each(&remask);
                }
            }
            None => out.extend(
                walk.found
                    .drain(..)
                    .map(|(_, cells, union)| Als::template(g, cells, union, h).masked(&planes)),
            ),
        }
    }
    if let Some(m) = memo {
        // Listed once every house is known, so the list is allocated at its size.
        let total = m.houses.iter().map(|entry| entry.1.len()).sum();
        out.reserve_exact(total);
        m.out_ids.reserve_exact(total);
        for entry in &m.houses {
            m.out_ids.extend_from_slice(&entry.2);
            out.extend(entry.1.iter().map(|(_, masked)| masked.clone()));
        }
        m.planes = planes;
    }
    out
}

/// The state of [`enumerate`]'s walk through one house's empty cells.
struct Walk<'a> {
    g: &'a CandidateGrid,
    caps: &'a [usize],
    h: House,
    cells: Vec<Cell>,
    /// Per cell of `cells`, its place among the house's cells.
    places: Vec<usize>,
    chosen: Vec<Cell>,
    /// The house's ALS, in the walk's order: the places of their cells as bits (those below
    /// 64: a house of more cells keeps no template from its last walk), their cells (in
    /// reading order) and their digits.
    found: Vec<(u64, Vec<Cell>, DigitSet)>,
}

impl Walk<'_> {
    fn rec(&mut self, start: usize, cap: usize, union: DigitSet, mask: u64) {
        if !self.chosen.is_empty()
            && union.len() as usize == self.chosen.len() + 1
            && !self.met_before()
        {
            let mut cells = self.chosen.clone();
            cells.sort();
            self.found.push((mask, cells, union));
        }
        if self.chosen.len() == cap {
            return;
        }
        for i in start..self.cells.len() {
            let u = DigitSet(union.0 | self.g.candidates(self.cells[i]).0);
            // Each cell added later lowers (digits − cells) by one at most, so a set with more
            // digits than cells + 1 + the cells it may still take never becomes an ALS.
            let k = self.chosen.len() + 1;
            let room = (cap - k).min(self.cells.len() - i - 1);
            if u.len() as usize > cap + 1 || u.len() as usize > k + 1 + room {
                continue;
            }
            self.chosen.push(self.cells[i]);
            let bit = 1u64.checked_shl(self.places[i] as u32).unwrap_or(0);
            self.rec(i + 1, cap, u, mask | bit);
            self.chosen.pop();
        }
    }

    /// Whether a house before the current one holds every chosen cell and admits a set of
    /// this size: that house's walk met the same set first.
    fn met_before(&self) -> bool {
        let (first, rest) = self.chosen.split_first().expect("a chosen cell");
        self.g.houses_of(*first).iter().any(|&h| {
            h < self.h
                && self.chosen.len() <= self.caps[h.index()]
                && rest.iter().all(|&c| self.g.houses_of(c).contains(&h))
        })
    }
}

/// The restricted common candidates of two ALS: disjoint ones, or (with `overlap`) ones whose
/// shared cells do not hold the digit.
pub fn rccs(a: &Als, b: &Als, overlap: bool) -> DigitSet {
    let mut out = DigitSet::EMPTY;
    let shared = a.set.intersects(&b.set);
    if shared && !overlap {
        return out;
    }
    if a.cells == b.cells {
        return out;
    }
    for d in DigitSet(a.cands.0 & b.cands.0).iter() {
        if shared && a.on(d).intersects(&b.set) {
            continue;
        }
        if b.on(d).is_subset_of(a.seers(d)) {
            out.insert(d);
        }
    }
    out
}

/// Whether a digit common to `a` and `b`, other than `skip`, has a cell that sees all its
/// places in both (ignoring exclusions): a cheap exact test that [`z_targets`] of the two
/// finds nothing.
fn removes_some(a: &Als, b: &Als, skip: &[Digit]) -> bool {
    DigitSet(a.cands.0 & b.cands.0)
        .iter()
        .any(|z| !skip.contains(&z) && a.seers(z).intersects(b.seers(z)))
}

/// Cells outside `exclude` holding `d` that see every `d`-cell of the given ALS.
fn z_targets(g: &CandidateGrid, d: Digit, sets: &[&Als], exclude: &[&CellSet]) -> Vec<Cell> {
    let Some((first, rest)) = sets.split_first() else {
        return Vec::new();
    };
    let mut t = first.seers(d).clone();
    for a in rest {
        t.intersect_with(a.seers(d));
    }
    for e in exclude {
        t.subtract(e);
    }
    t.iter().filter(|&c| g.has(c, d)).collect()
}

fn als_text(g: &CandidateGrid, a: &Als) -> String {
    let ds: Vec<String> = a.cands.iter().map(|d| d.to_string()).collect();
    format!(
        "{{{}}} in {}",
        ds.join(""),
        cells_name(g.layout(), &a.cells)
    )
}

fn mark_als(step: Step, g: &CandidateGrid, a: &Als, role: Role) -> Step {
    step.mark_candidates(g, a.cells.iter(), role)
}

/// Finder for [`ALS_XZ`].
pub struct AlsXz;

impl Technique for AlsXz {
    fn info(&self) -> &'static TechniqueInfo {
        &ALS_XZ
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        memo::since_miss(ALS_XZ.id, g, f, |changed, f| als_xz(g, changed, f));
    }
}

/// Which ALS hold a cell of `changed` (all of them without a memo): a pattern of ALS none of
/// which does was there, with the same links and the same or more targets, on the grid where
/// its finder last reported nothing (see [`memo::since_miss`]).
fn changed_als(all: &[Als], changed: Option<&CellSet>) -> Vec<bool> {
    all.iter()
        .map(|a| changed.is_none_or(|ch| a.set.intersects(ch)))
        .collect()
}

/// [`AlsXz`]'s search; with `changed`, only pairs with a changed ALS.
fn als_xz(g: &CandidateGrid, changed: Option<&CellSet>, f: &mut Finder<'_>) {
    let (all, adj) = als_and_links(g, f.options.als_overlap, f.memory());
    let fresh = changed_als(&all, changed);
    for i in 0..all.len() {
        for &(j, rc) in &adj[i] {
            if j < i || !(fresh[i] || fresh[j]) {
                continue;
            }
            let (a, b) = (&all[i], &all[j]);
            // Singly linked, the targets are the cells in both ALS's seers of a common digit
            // other than the link (such a cell holds it and lies in neither ALS: no cell sees
            // itself), so a pair whose seers never meet removes nothing: passed over before a
            // step is built.
            if rc.len() == 1 && !removes_some(a, b, &[rc.iter().next().expect("a link digit")]) {
                continue;
            }
            let mut step = Step::new(&ALS_XZ).houses([a.house, b.house]);
            let excl = [&a.set, &b.set];
            let common = DigitSet(a.cands.0 & b.cands.0);
            if rc.len() == 1 {
                for z in common.iter().filter(|&z| !rc.contains(z)) {
                    for c in z_targets(g, z, &[a, b], &excl) {
                        step = step.eliminate(c, z).mark(c, z, Role::Eliminated);
                    }
                }
            } else {
                // Doubly linked: both ALS become locked sets.
                for x in rc.iter() {
                    for c in z_targets(g, x, &[a, b], &excl) {
                        step = step.eliminate(c, x).mark(c, x, Role::Eliminated);
                    }
                }
                for als in [a, b] {
                    for z in als.cands.iter().filter(|&z| !rc.contains(z)) {
                        for c in z_targets(g, z, &[als], &excl) {
                            step = step.eliminate(c, z).mark(c, z, Role::Eliminated);
                        }
                    }
                }
            }
            if step.eliminations.is_empty() {
                continue;
            }
            let step = mark_als(mark_als(step, g, a, Role::ColorA), g, b, Role::ColorB);
            let xs: Vec<String> = rc.iter().map(|d| d.to_string()).collect();
            let text = format!(
                "A = {} and B = {} are almost locked sets; {} can be in only one of them (every {} of A sees every {} of B){}. So {}.",
                als_text(g, a),
                als_text(g, b),
                xs.join(" and "),
                xs.join("/"),
                xs.join("/"),
                if rc.len() > 1 {
                    ", and with two such digits both sets are locked"
                } else {
                    ", so one of them is locked and holds every other common digit"
                },
                eliminations_text(g.layout(), &step.eliminations)
            );
            if !f.emit(step.digits(rc.iter()).text(text)) {
                return;
            }
        }
    }
}

/// Finder for [`ALS_XY_WING`].
pub struct AlsXyWing;

impl Technique for AlsXyWing {
    fn info(&self) -> &'static TechniqueInfo {
        &ALS_XY_WING
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        memo::since_miss(ALS_XY_WING.id, g, f, |changed, f| {
            als_xy_wing(g, changed, f)
        });
    }
}

/// [`AlsXyWing`]'s search; with `changed`, only wings with a changed ALS.
fn als_xy_wing(g: &CandidateGrid, changed: Option<&CellSet>, f: &mut Finder<'_>) {
    let (all, adj) = als_and_links(g, f.options.als_overlap, f.memory());
    let fresh = changed_als(&all, changed);
    if f.options.hodoku && !f.options.als_overlap {
        hodoku_wing::find(g, &all, &adj, &fresh, f);
        return;
    }
    for (ci, c) in all.iter().enumerate() {
        let links = &adj[ci];
        for (p, &(ai, ra)) in links.iter().enumerate() {
            for &(bi, rb) in &links[p + 1..] {
                let (a, b) = (&all[ai], &all[bi]);
                if (a.set.intersects(&b.set) && !f.options.als_overlap)
                    || !(fresh[ci] || fresh[ai] || fresh[bi])
                {
                    continue;
                }
                for x in ra.iter() {
                    for y in rb.iter().filter(|&y| y != x) {
                        if !removes_some(a, b, &[x, y]) {
                            continue;
                        }
                        let mut step = Step::new(&ALS_XY_WING).houses([a.house, b.house, c.house]);
                        for z in DigitSet(a.cands.0 & b.cands.0).iter() {
                            if z == x || z == y {
                                continue;
                            }
                            for t in z_targets(g, z, &[a, b], &[&a.set, &b.set, &c.set]) {
                                step = step.eliminate(t, z).mark(t, z, Role::Eliminated);
                            }
                        }
                        if step.eliminations.is_empty() {
                            continue;
                        }
                        let ends = [DigitSet::single(x), DigitSet::single(y)];
                        if !f.emit(wing_step(g, step, [a, b, c], ends)) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// An ALS-XY-wing's `step` (its eliminations made) with the sets `[a, b, c]` marked and its
/// sentence: pivot `c` is linked to `a` by the digits `links[0]` and to `b` by `links[1]`.
fn wing_step(g: &CandidateGrid, step: Step, [a, b, c]: [&Als; 3], links: [DigitSet; 2]) -> Step {
    let step = mark_als(
        mark_als(mark_als(step, g, a, Role::ColorA), g, b, Role::ColorB),
        g,
        c,
        Role::Pattern,
    );
    let name = |d: DigitSet| {
        d.iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("/")
    };
    let (x, y) = (name(links[0]), name(links[1]));
    let text = format!(
        "Pivot C = {} is linked to A = {} by {x} and to B = {} by {y} (restricted common digits). If A lacks its shared digit, C loses {x}, so C takes {y} and B is locked; either way A or B holds it. So {}.",
        als_text(g, c),
        als_text(g, a),
        als_text(g, b),
        eliminations_text(g.layout(), &step.eliminations)
    );
    step.digits(DigitSet(links[0].0 | links[1].0).iter())
        .text(text)
}

/// Finder for [`ALS_XY_CHAIN`]: ALS₁ –x₁– ALS₂ –x₂– … ALSₖ (k ≥ 3, up to 6), consecutive
/// restricted common digits different; a digit common to the two ends, other than the first
/// and last links, is removed from cells seeing all its places in both ends.
pub struct AlsXyChain;

impl Technique for AlsXyChain {
    fn info(&self) -> &'static TechniqueInfo {
        &ALS_XY_CHAIN
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        if f.options.hodoku {
            // HoDoKu's links never overlap: the shared link table has them when the other ALS
            // finders use it too (no overlap); otherwise every pair is tested.
            // Its miss certificate is its own (see `hodoku_chain`'s doc): a complete walk that
            // found nothing limits the next walk to chains holding a fresh ALS.
            memo::since_complete_miss(ALS_XY_CHAIN.id, g, f, |changed, f| {
                if f.options.als_overlap {
                    let all = shared(g, f.memory());
                    hodoku_chain::find(g, &all, None, changed, f)
                } else {
                    let (all, adj) = als_and_links(g, false, f.memory());
                    hodoku_chain::find(g, &all, Some(&adj), changed, f)
                }
            });
            return;
        }
        memo::since_complete_miss(ALS_XY_CHAIN.id, g, f, |changed, f| {
            als_xy_chain(g, changed, f)
        });
    }
}

/// [`AlsXyChain`]'s search; with `changed`, only chains through a changed ALS. `false` when
/// the node budget ran out.
fn als_xy_chain(g: &CandidateGrid, changed: Option<&CellSet>, f: &mut Finder<'_>) -> bool {
    let (all, adj) = als_and_links(g, f.options.als_overlap, f.memory());
    let fresh = changed_als(&all, changed);
    if !fresh.iter().any(|&x| x) {
        return true;
    }
    let words = all.len().div_ceil(64).max(1);
    // Per cell, the ALS holding it (bits over ALS indices); then per ALS, the ALS sharing
    // a cell with it (itself included), which a chain through it may not visit.
    let mut holders = vec![0u64; g.cell_count() * words];
    for (i, a) in all.iter().enumerate() {
        for c in a.cells.iter() {
            holders[c.index() * words + i / 64] |= 1 << (i % 64);
        }
    }
    let mut clash = vec![0u64; all.len() * words];
    for (row, a) in clash.chunks_exact_mut(words).zip(all.iter()) {
        for c in a.cells.iter() {
            let h = &holders[c.index() * words..(c.index() + 1) * words];
            for (x, y) in row.iter_mut().zip(h) {
                *x |= y;
            }
        }
    }
    // Per ALS, its links as bits (`words` a row, ascending ALS index as in `adj`): all of
    // them, then per digit those on some other digit; and per word, how many links lie in
    // the words before (with the bits below, a link's index in `adj`).
    let n = g.size();
    let rows = 1 + n;
    let mut open = vec![0u64; all.len() * rows * words];
    let mut before = vec![0u32; all.len() * words];
    for (i, row) in adj.iter().enumerate() {
        let base = i * rows * words;
        for &(j, r) in row {
            let bit = 1u64 << (j % 64);
            open[base + j / 64] |= bit;
            for x in 0..n {
                if r.0 & !(1 << x) != 0 {
                    open[base + (1 + x) * words + j / 64] |= bit;
                }
            }
        }
        let mut sum = 0;
        for k in 0..words {
            before[i * words + k] = sum;
            sum += open[base + k].count_ones();
        }
    }
    // Only chains through a changed ALS can report (all of them without a memo): per
    // ALS, whether it is one, and the changed ALS within 1..=5 links of it.
    let reach = changed.map(|_| changed_reach(&all, &open, &fresh, rows, words));
    let mut dfs = ChainDfs {
        g,
        all: &all,
        adj: &adj,
        open,
        before,
        fresh: &fresh,
        reach,
        through: [false; 7],
        path: Vec::new(),
        overlap: f.options.als_overlap,
        words,
        clash,
        barred: vec![0; 7 * words],
        // The chains grow combinatorially: the search visits at most this many nodes (of
        // the chains through a changed ALS, when the memo restricts it).
        budget: 200_000,
        ends: vec![(u32::MAX, 0); all.len()],
    };
    for (start, &through) in fresh.iter().enumerate() {
        if !dfs.useful(start, 1) {
            continue;
        }
        dfs.path.clear();
        dfs.path.push((start, None));
        dfs.through[0] = through;
        dfs.barred[..words].fill(0);
        dfs.bar(0, start);
        if !dfs.extend(f) {
            return dfs.budget > 0;
        }
    }
    true
}

/// Links an ALS chain can take: six ALS, five links.
const CHAIN_LINKS: usize = 5;

/// Per ALS, [`CHAIN_LINKS`] rows of `words`: row `k` holds the changed ALS (`fresh`) within
/// `1..=k + 1` links of it, from `open`'s first row (every link), bars and digits ignored, so
/// a superset of the changed ALS a chain through it can still reach.
fn changed_reach(all: &[Als], open: &[u64], fresh: &[bool], rows: usize, words: usize) -> Vec<u64> {
    let w = words;
    let row = CHAIN_LINKS * w;
    let mut mask = vec![0u64; w];
    for (i, _) in fresh.iter().enumerate().filter(|(_, x)| **x) {
        mask[i / 64] |= 1 << (i % 64);
    }
    let links = |j: usize| &open[j * rows * w..j * rows * w + w];
    let mut reach = vec![0u64; all.len() * row];
    for j in 0..all.len() {
        for ((r, &l), &m) in reach[j * row..j * row + w]
            .iter_mut()
            .zip(links(j))
            .zip(&mask)
        {
            *r = l & m;
        }
    }
    let mut acc = vec![0u64; w];
    for k in 1..CHAIN_LINKS {
        for j in 0..all.len() {
            acc.copy_from_slice(&reach[j * row..j * row + w]);
            for (word, &bits) in links(j).iter().enumerate() {
                let mut todo = bits;
                while todo != 0 {
                    let i = word * 64 + todo.trailing_zeros() as usize;
                    todo &= todo - 1;
                    let prev = &reach[i * row + (k - 1) * w..i * row + k * w];
                    for (a, &b) in acc.iter_mut().zip(prev) {
                        *a |= b;
                    }
                }
            }
            reach[j * row + k * w..j * row + (k + 1) * w].copy_from_slice(&acc);
        }
    }
    reach
}

/// The ALS-XY-chain walk: a depth-first search over restricted-common-digit links, at most
/// six ALS long and [`ChainDfs::budget`] nodes in all.
struct ChainDfs<'a> {
    g: &'a CandidateGrid,
    all: &'a [Als],
    adj: &'a LinkRows,
    /// Per ALS, `1 + n` rows of `words`: the ALS it links to, then for each digit `x` those
    /// it links to on some digit other than `x`. A chain entered by `x` goes on only by the
    /// latter (a link must change digit), so the walk meets, a word at a time, just the links
    /// it can take instead of testing every link.
    open: Vec<u64>,
    /// Per ALS and word, how many of its links lie in the words before: with the bits below
    /// a link in its word (first row), the link's index in the ALS's row of `adj`.
    before: Vec<u32>,
    /// The chain so far: ALS index and the digit of the link into it.
    path: Vec<(usize, Option<Digit>)>,
    /// Whether the chain's ALS may share cells.
    overlap: bool,
    /// Words per row of ALS bits.
    words: usize,
    /// Per ALS, the ALS sharing a cell with it, itself included (`words` a row).
    clash: Vec<u64>,
    /// Per chain length − 1, the ALS the next link may not go to: the chain's own and,
    /// unless they may overlap, every ALS sharing a cell with them.
    barred: Vec<u64>,
    budget: usize,
    /// Per ALS, whether it holds a changed cell (see [`changed_als`]).
    fresh: &'a [bool],
    /// With a memo, per ALS the changed ALS within so many links ([`changed_reach`]).
    reach: Option<Vec<u64>>,
    /// Per chain length − 1, whether the chain so far holds a changed ALS.
    through: [bool; 7],
    /// Per ALS `j`, for the chain's first ALS `a`: the digits common to `a` and `j` that some
    /// cell could lose to both (their seers meet), computed when first asked. A chain from `a`
    /// to `j` removes something exactly when one of them is not a link digit at its ends.
    /// Kept as (first ALS, digits): an entry for another first ALS is not computed yet, so
    /// nothing is cleared between first ALS.
    ends: Vec<(u32, u64)>,
}

impl ChainDfs<'_> {
    /// Whether a chain whose `len`-th ALS is `j` (the chain before it holding a changed ALS
    /// as [`ChainDfs::through`] says) may report anything: it holds a changed ALS, or one lies
    /// within the links left. Without a memo, always.
    fn useful(&self, j: usize, len: usize) -> bool {
        let Some(reach) = &self.reach else {
            return true;
        };
        if self.fresh[j] || (len > 1 && self.through[len - 2]) {
            return true;
        }
        let left = 6 - len;
        let w = self.words;
        left > 0
            && reach[(j * CHAIN_LINKS + left - 1) * w..][..w]
                .iter()
                .any(|&x| x != 0)
    }

    /// Bars ALS `j` (and what overlaps it, unless overlaps are allowed) in row `depth`.
    fn bar(&mut self, depth: usize, j: usize) {
        let w = self.words;
        let row = &mut self.barred[depth * w..(depth + 1) * w];
        if self.overlap {
            row[j / 64] |= 1 << (j % 64);
        } else {
            let h = &self.clash[j * w..(j + 1) * w];
            for (a, b) in row.iter_mut().zip(h) {
                *a |= b;
            }
        }
    }

    fn ends(&mut self, last: usize) -> u64 {
        let first = self.path[0].0;
        if self.ends[last].0 != first as u32 {
            let (a, b) = (&self.all[first], &self.all[last]);
            let digits = DigitSet(a.cands.0 & b.cands.0)
                .iter()
                .filter(|&z| a.seers(z).intersects(b.seers(z)))
                .fold(0, |m, z| m | DigitSet::single(z).0);
            self.ends[last] = (first as u32, digits);
        }
        self.ends[last].1
    }

    /// Whether a chain that ends in `last`, entered by `into`, may report anything: only each
    /// chain in one direction, and only when some cell holding a common digit of the ends (not
    /// a link digit) sees its places in both.
    fn may_report(&mut self, last: usize, into: Digit) -> bool {
        let first = self.path[0].0;
        if first >= last {
            return false;
        }
        let x1 = self.path[1].1.expect("link");
        let skip = DigitSet::single(x1).0 | DigitSet::single(into).0;
        self.ends(last) & !skip != 0
    }

    /// Reports the chain in `path` if it removes anything; `false` to stop.
    fn report(&self, f: &mut Finder<'_>) -> bool {
        let (g, all, path) = (self.g, self.all, &self.path);
        let (first, _) = path[0];
        let (last, into) = *path.last().expect("non-empty");
        let x1 = path[1].1.expect("link");
        let xk = into.expect("link");
        let (a, b) = (&all[first], &all[last]);
        let mut step = Step::new(&ALS_XY_CHAIN);
        let excl_sets: Vec<&CellSet> = path.iter().map(|&(i, _)| &all[i].set).collect();
        for z in DigitSet(a.cands.0 & b.cands.0).iter() {
            if z == x1 || z == xk {
                continue;
            }
            for t in z_targets(g, z, &[a, b], &excl_sets) {
                step = step.eliminate(t, z).mark(t, z, Role::Eliminated);
            }
        }
        if step.eliminations.is_empty() {
            return true;
        }
        let mut parts = Vec::new();
        for (k, &(i, d)) in path.iter().enumerate() {
            if let Some(d) = d {
                parts.push(format!("-{d}-"));
            }
            step = mark_als(
                step,
                g,
                &all[i],
                if k % 2 == 0 {
                    Role::ColorA
                } else {
                    Role::ColorB
                },
            );
            parts.push(als_text(g, &all[i]));
        }
        let houses: Vec<House> = path.iter().map(|&(i, _)| all[i].house).collect();
        let text = format!(
            "A chain of almost locked sets linked by restricted common digits: {}. One of the two ends is locked, so {}.",
            parts.join(" "),
            eliminations_text(g.layout(), &step.eliminations)
        );
        f.emit(step.houses(houses).digits([x1, xk]).text(text))
    }

    /// Visits the chain in `path` (one node of the budget), reports it, and extends it;
    /// `false` to stop.
    fn extend(&mut self, f: &mut Finder<'_>) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let (last, into) = *self.path.last().expect("non-empty");
        if self.path.len() >= 3 && self.may_report(last, into.expect("link")) && !self.report(f) {
            return false;
        }
        if self.path.len() >= 6 {
            return true;
        }
        // The next ALS is the chain's last: visit it here rather than by a call (the same
        // nodes, in the same order, against the same budget).
        let leaves = self.path.len() == 5;
        let (adj, depth, w) = (self.adj, self.path.len() - 1, self.words);
        let rows = self.g.size() + 1;
        let base = last * rows * w;
        // The links not barred and not on the entering digit alone, in the order of
        // `adj[last]` (ascending ALS index). Row `depth` of `barred` stays as it is while
        // deeper chains are walked.
        let row = base + into.map_or(0, |d| 1 + d.index()) * w;
        for k in 0..w {
            let all_links = self.open[base + k];
            let mut todo = self.open[row + k] & !self.barred[depth * w + k];
            while todo != 0 {
                let b = todo.trailing_zeros();
                todo &= todo - 1;
                let below = all_links & ((1u64 << b) - 1);
                let (j, r) = adj[last][(self.before[last * w + k] + below.count_ones()) as usize];
                debug_assert_eq!(j, k * 64 + b as usize);
                if !self.useful(j, depth + 2) {
                    continue;
                }
                self.through[depth + 1] = self.through[depth] || self.fresh[j];
                for x in r.iter() {
                    if Some(x) == into {
                        continue;
                    }
                    if leaves {
                        if self.budget == 0 {
                            return false;
                        }
                        self.budget -= 1;
                        if self.may_report(j, x) {
                            self.path.push((j, Some(x)));
                            let go = self.report(f);
                            self.path.pop();
                            if !go {
                                return false;
                            }
                        }
                        continue;
                    }
                    self.path.push((j, Some(x)));
                    self.barred
                        .copy_within(depth * w..(depth + 1) * w, (depth + 1) * w);
                    self.bar(depth + 1, j);
                    let go = self.extend(f);
                    self.path.pop();
                    if !go {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// Finder for [`DEATH_BLOSSOM`].
pub struct DeathBlossom;

impl Technique for DeathBlossom {
    fn info(&self) -> &'static TechniqueInfo {
        &DEATH_BLOSSOM
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let (all, _) = als_and_links(g, f.options.als_overlap, f.memory());
        for stem in g.empty_cells() {
            let sc = g.candidates(stem);
            if sc.len() < 2 || sc.len() > 4 {
                continue;
            }
            // Petal candidates per stem digit.
            let petals: Vec<(Digit, Vec<usize>)> = sc
                .iter()
                .map(|d| {
                    let list = all
                        .iter()
                        .enumerate()
                        .filter(|(_, a)| {
                            a.cands.contains(d)
                                && !a.set.contains(stem)
                                && a.seers(d).contains(stem)
                        })
                        .map(|(i, _)| i)
                        .collect();
                    (d, list)
                })
                .collect();
            if petals.iter().any(|(_, l)| l.is_empty()) {
                continue;
            }
            let mut chosen = Vec::new();
            if !blossom(g, &all, stem, &petals, &mut chosen, DigitSet(!sc.0), f) {
                return;
            }
        }
    }
}

fn blossom(
    g: &CandidateGrid,
    all: &[Als],
    stem: Cell,
    petals: &[(Digit, Vec<usize>)],
    chosen: &mut Vec<usize>,
    common: DigitSet,
    f: &mut Finder<'_>,
) -> bool {
    if chosen.len() == petals.len() {
        let sets: Vec<&Als> = chosen.iter().map(|&i| &all[i]).collect();
        let mut excl: Vec<&CellSet> = sets.iter().map(|a| &a.set).collect();
        let mut stem_set = g.cell_set();
        stem_set.insert(stem);
        excl.push(&stem_set);
        let mut step = Step::new(&DEATH_BLOSSOM).cells([stem]);
        for z in common.iter() {
            for t in z_targets(g, z, &sets, &excl) {
                step = step.eliminate(t, z).mark(t, z, Role::Eliminated);
            }
        }
        if step.eliminations.is_empty() {
            return true;
        }
        let l = g.layout();
        let mut parts = Vec::new();
        for (k, a) in sets.iter().enumerate() {
            step = mark_als(
                step,
                g,
                a,
                if k % 2 == 0 {
                    Role::ColorA
                } else {
                    Role::ColorB
                },
            );
            parts.push(format!("{} → {}", petals[k].0, als_text(g, a)));
        }
        for d in g.candidates(stem).iter() {
            step = step.mark(stem, d, Role::Pattern);
        }
        let text = format!(
            "Stem {}: whichever digit it takes, the petal for that digit becomes a locked set ({}); every petal holds the digit(s) removed, so {}.",
            crate::render::cell_name(l, stem),
            parts.join("; "),
            eliminations_text(l, &step.eliminations)
        );
        return f.emit(step.text(text));
    }
    let (_, list) = &petals[chosen.len()];
    for &i in list {
        let a = &all[i];
        if !f.options.als_overlap && chosen.iter().any(|&j| all[j].set.intersects(&a.set)) {
            continue;
        }
        let c = DigitSet(common.0 & a.cands.0);
        if c.is_empty() {
            continue;
        }
        chosen.push(i);
        let go = blossom(g, all, stem, petals, chosen, c, f);
        chosen.pop();
        if !go {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use sudokit_core::format::{InputFormat, parse_one};

    use super::*;
    use crate::solver::LogicSolver;
    use crate::technique::{Deadline, Options, find_all_in};

    /// Every step a search reports (ALS-XY-chain: the first, as the solver asks; listing all
    /// of them would run into the node budget), the finder lent `memory`.
    fn run(first_only: bool, memory: &Memory, search: impl FnOnce(&mut Finder<'_>)) -> String {
        run_with(&Options::default(), first_only, memory, search)
    }

    /// [`run`] under `opts`.
    fn run_with(
        opts: &Options,
        first_only: bool,
        memory: &Memory,
        search: impl FnOnce(&mut Finder<'_>),
    ) -> String {
        let mut out = Vec::new();
        let mut sink = |s: Step| {
            out.push(s);
            if first_only {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        search(&mut Finder::new(opts, memory, &mut sink));
        format!("{out:?}")
    }

    /// Tarek-052 and col-02-08-071 (data/examples/puzzles.txt): long stretches of misses.
    const PATHS: [&str; 2] = [
        "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
        ".2.4.37.........32........4.4.2...7.8...5.........1...5.....9...3.9....7..1..86..",
    ];

    /// Calls `each` on every grid of the two solving paths, with the memory the path's
    /// finders were lent (warm: it remembers the misses of the path so far).
    fn along_paths(memory: &Memory, mut each: impl FnMut(&CandidateGrid, usize)) {
        for puzzle in PATHS {
            let p = parse_one(puzzle, InputFormat::Auto).unwrap();
            let solver = LogicSolver::default();
            let mut g = CandidateGrid::new(&p);
            let mut steps = 0;
            while let Some(step) = solver.next_step_in(&g, &Deadline::none(), memory) {
                each(&g, steps);
                g.apply(&step);
                steps += 1;
            }
            assert!(steps > 20);
        }
    }

    /// Along solving paths, the ALS finders, whose memo limits them to patterns with a
    /// changed ALS, report what a full search reports: every ALS-XZ and ALS-XY-wing, the
    /// first ALS-XY-chain (all of them: the ignored test below).
    #[test]
    fn memo_limited_searches_report_what_full_ones_do() {
        let opts = Options::default();
        let warm = Memory::new();
        along_paths(&warm, |g, steps| {
            let full = run(false, &Memory::new(), |f| als_xz(g, None, f));
            let found = find_all_in(&AlsXz, g, &opts, &Deadline::none(), &warm).0;
            assert_eq!(format!("{found:?}"), full, "xz {steps}");
            let full = run(false, &Memory::new(), |f| als_xy_wing(g, None, f));
            let found = find_all_in(&AlsXyWing, g, &opts, &Deadline::none(), &warm).0;
            assert_eq!(format!("{found:?}"), full, "xy-wing {steps}");
            let full = run(true, &Memory::new(), |f| {
                als_xy_chain(g, None, f);
            });
            assert_eq!(
                run(true, &warm, |f| AlsXyChain.find(g, f)),
                full,
                "chain {steps}"
            );
        });
        // The memo did limit searches (three finders, many steps each).
        assert!(warm.probe.refined.get() > 60);
    }

    /// The cells of `g` that differ from `m` (which `g` refines).
    fn changed_since(m: &CandidateGrid, g: &CandidateGrid) -> CellSet {
        let mut ch = g.cell_set();
        for c in g.cells() {
            if m.value(c) != g.value(c) || m.candidates(c) != g.candidates(c) {
                ch.insert(c);
            }
        }
        ch
    }

    /// HoDoKu's options (its order's ALS-XY-chain).
    fn hodoku_options() -> Options {
        Options {
            hodoku: true,
            ..Options::default()
        }
    }

    /// Along solving paths, HoDoKu's ALS-XY-chain asked with a warm memory (its miss
    /// certificate limiting the walk) reports what the full walk reports on every grid.
    #[test]
    fn hodoku_chain_memo_reports_what_the_full_walk_does() {
        let opts = hodoku_options();
        let warm = Memory::new();
        along_paths(&Memory::new(), |g, steps| {
            let full = run_with(&opts, false, &Memory::new(), |f| {
                let (all, adj) = als_and_links(g, false, f.memory());
                hodoku_chain::find(g, &all, Some(&adj), None, f);
            });
            let limited = run_with(&opts, false, &warm, |f| AlsXyChain.find(g, f));
            assert_eq!(limited, full, "step {steps}");
        });
        assert!(
            warm.probe.refined.get() > 20,
            "{}",
            warm.probe.refined.get()
        );
    }

    /// Along solving paths, HoDoKu's ALS-XY-wing asked with a warm memory (its memo limiting
    /// it to wings with a changed ALS: a link without a changed end tries only the partners
    /// read from the runs of links with a changed other end) reports every wing the full
    /// search reports, in the same order, on every grid.
    #[test]
    fn hodoku_wing_memo_reports_what_the_full_search_does() {
        let opts = hodoku_options();
        let warm = Memory::new();
        let mut wings = 0;
        along_paths(&Memory::new(), |g, steps| {
            let full = run_with(&opts, false, &Memory::new(), |f| als_xy_wing(g, None, f));
            let found = find_all_in(&AlsXyWing, g, &opts, &Deadline::none(), &warm).0;
            assert_eq!(format!("{found:?}"), full, "step {steps}");
            wings += found.len();
        });
        assert!(wings > 5, "{wings} wings");
        assert!(
            warm.probe.refined.get() > 20,
            "{}",
            warm.probe.refined.get()
        );
    }

    /// Along solving paths, every pair of links HoDoKu's ALS-XY-wing tries, with a cold memory
    /// (every ALS fresh) and a warm one (the runs limited to fresh ends), names the wing
    /// HoDoKu's three cases name: each run's fixed A, B and pivot (session 62) are compared
    /// with the cases per pair (`Run::check`).
    #[test]
    fn hodoku_wing_runs_name_the_wings_of_hodokus_cases() {
        let opts = hodoku_options();
        let warm = Memory::new();
        let before = hodoku_wing::CHECKED.with(std::cell::Cell::get);
        along_paths(&Memory::new(), |g, _| {
            run_with(&opts, false, &Memory::new(), |f| als_xy_wing(g, None, f));
            find_all_in(&AlsXyWing, g, &opts, &Deadline::none(), &warm);
        });
        let checked = hodoku_wing::CHECKED.with(std::cell::Cell::get) - before;
        assert!(checked > 10_000, "{checked} pairs checked");
    }

    /// After a complete miss, the limited walk on a later grid of the path stops where the
    /// full walk does under every budget (small ones cut the walk inside subtrees it passes
    /// over): the same step, the same completeness.
    #[test]
    fn hodoku_chain_limited_walk_keeps_the_budget_exact() {
        let opts = hodoku_options();
        let (mut cut, mut compared) = (0, 0);
        let mut miss: Option<CandidateGrid> = None;
        along_paths(&Memory::new(), |g, steps| {
            let (all, adj) = als_and_links(g, false, &Memory::new());
            let walk = |changed: Option<&CellSet>, budget: usize| {
                let mut complete = false;
                let out = run_with(&opts, false, &Memory::new(), |f| {
                    complete = hodoku_chain::find_within(g, &all, Some(&adj), changed, budget, f);
                });
                (out, complete)
            };
            if let Some(m) = &miss {
                let changed = changed_since(m, g);
                for budget in [0, 1, 2, 7, 50, 333, 2_000, 9_000, 40_000, 2_000_000] {
                    let full = walk(None, budget);
                    assert_eq!(
                        walk(Some(&changed), budget),
                        full,
                        "step {steps}, budget {budget}"
                    );
                    compared += 1;
                    cut += usize::from(!full.1);
                }
            }
            let (out, complete) = walk(None, 2_000_000);
            if out == "[]" && complete {
                miss = Some(g.clone());
            } else {
                miss = None;
            }
        });
        assert!(compared > 100, "{compared} walks compared");
        assert!(cut > 20, "{cut} walks cut by the budget");
    }

    /// On random refinement sequences, an ALS of the later grid that is not fresh since an
    /// earlier one is listed on the earlier grid too, in the same house, and such ALS come in
    /// the same order on both (what the certificate needs). (An ALS moved to a later house
    /// is rare at random: `an_als_moved_to_a_later_house_is_fresh` builds one.)
    #[test]
    fn unfresh_als_keep_their_place_in_the_list() {
        let mut checked = 0;
        for (seed, layout) in crate::testrng::layouts().into_iter().enumerate() {
            let layout = Arc::new(layout);
            let mut rng = crate::testrng::Lcg::new(0xf5e + seed as u64);
            let mut g = CandidateGrid::new(&sudokit_core::Grid::empty(layout.clone()));
            let mut m = g.clone();
            for step in 0..200 {
                if !refine_randomly(&mut g, &mut rng) {
                    break;
                }
                if g.cells()
                    .any(|c| g.value(c).is_none() && g.candidates(c).is_empty())
                {
                    break;
                }
                let (old, new) = (enumerate(&m), enumerate(&g));
                let changed = changed_since(&m, &g);
                let fresh = hodoku_chain::fresh(&g, &new, &changed);
                let at: HashMap<Rc<[Cell]>, (usize, House)> = old
                    .iter()
                    .enumerate()
                    .map(|(i, a)| (a.cells.clone(), (i, a.house)))
                    .collect();
                let mut last = None;
                for (a, &fr) in new.iter().zip(&fresh) {
                    let before = at.get(&a.cells);
                    if !a.set.intersects(&changed) && before.is_none_or(|&(_, h)| h != a.house) {
                        assert!(fr, "layout {seed}, step {step}: {:?} moved", a.cells);
                    }
                    if fr {
                        continue;
                    }
                    let &(i, h) = before.expect("listed before");
                    assert_eq!(h, a.house, "layout {seed}, step {step}");
                    assert!(last < Some(i), "layout {seed}, step {step}: order");
                    last = Some(i);
                    checked += 1;
                }
                if rng.below(4) == 0 {
                    m = g.clone();
                }
            }
        }
        assert!(checked > 10_000, "{checked} ALS checked");
    }

    /// On random refinement sequences (candidates removed, digits placed, on each test layout),
    /// the ALS list built with a warm house memo equals a fresh enumeration, in order, with
    /// the same houses and seers; and the memo did skip walks.
    #[test]
    fn house_memo_lists_what_a_fresh_enumeration_lists() {
        for (seed, layout) in crate::testrng::layouts().into_iter().enumerate() {
            let layout = Arc::new(layout);
            let mut rng = crate::testrng::Lcg::new(0x5eed + seed as u64);
            for _ in 0..3 {
                let mut g = CandidateGrid::new(&sudokit_core::Grid::empty(layout.clone()));
                let mut memo = HouseMemo::default();
                for step in 0..400 {
                    let empty: Vec<Cell> = g.empty_cells().collect();
                    if empty.is_empty() {
                        break;
                    }
                    let c = empty[rng.below(empty.len() as u64) as usize];
                    let ds: Vec<Digit> = g.candidates(c).iter().collect();
                    if ds.len() > 1 {
                        let d = ds[rng.below(ds.len() as u64) as usize];
                        if rng.below(6) == 0 {
                            g.place(c, d);
                        } else {
                            g.eliminate(c, d);
                        }
                    } else if let Some(&d) = ds.first() {
                        g.place(c, d);
                    } else {
                        // A cell with no candidate left: start again.
                        break;
                    }
                    let warm = enumerate_in(&g, Some(&mut memo));
                    assert_eq!(
                        format!("{warm:?}"),
                        format!("{:?}", enumerate(&g)),
                        "layout {seed}, step {step}"
                    );
                }
                assert!(memo.reused > 100, "{} houses reused", memo.reused);
                assert!(memo.kept > 100, "{} templates kept", memo.kept);
            }
        }
    }

    /// `house_key_is` (comparing as it reads) answers what writing the key out and comparing
    /// does, for every house of every grid along random refinement sequences (every layout
    /// of the test set), against the key of the grid before, its own key, and that key one
    /// entry short or long; both answers occur many times.
    #[test]
    fn house_key_is_compares_as_the_written_key() {
        let (mut same, mut other) = (0, 0);
        for (seed, layout) in crate::testrng::layouts().into_iter().enumerate() {
            let layout = Arc::new(layout);
            let mut rng = crate::testrng::Lcg::new(0x4e7 + seed as u64);
            let mut g = CandidateGrid::new(&sudokit_core::Grid::empty(layout));
            let mut before: Vec<Vec<u64>> = g.houses().map(|_| Vec::new()).collect();
            let mut now = Vec::new();
            loop {
                // Caps of some kind, varying with the grid (any caps: the key records them).
                let caps: Vec<usize> = g
                    .houses()
                    .map(|h| {
                        let empty = g.house_cells(h).iter();
                        empty.filter(|&&c| g.value(c).is_none()).count() / 2
                    })
                    .collect();
                for h in g.houses() {
                    house_key(&g, h, &caps, &mut now);
                    let was = &before[h.index()];
                    assert_eq!(
                        house_key_is(&g, h, &caps, was),
                        *was == now,
                        "layout {seed}"
                    );
                    if *was == now {
                        same += 1;
                    } else {
                        other += 1;
                    }
                    assert!(house_key_is(&g, h, &caps, &now));
                    assert!(!house_key_is(&g, h, &caps, &now[..now.len() - 1]));
                    let mut long = now.clone();
                    long.push(0);
                    assert!(!house_key_is(&g, h, &caps, &long));
                    std::mem::swap(&mut before[h.index()], &mut now);
                }
                if !refine_randomly(&mut g, &mut rng) {
                    break;
                }
            }
        }
        assert!(same > 1000 && other > 1000, "{same} same, {other} other");
    }

    /// One random refinement of `g` (one time in eight a placement); `false` when no cell with
    /// two or more candidates is left.
    fn refine_randomly(g: &mut CandidateGrid, rng: &mut crate::testrng::Lcg) -> bool {
        crate::testrng::refine_randomly(g, rng, 8)
    }

    /// On random refinement sequences (every layout of the test set), the planes built in one
    /// pass over the empty cells' candidates equal the definition, digit by digit: the empty
    /// cells holding the digit.
    #[test]
    fn planes_are_the_empty_cells_holding_each_digit() {
        let mut planes = 0;
        for (seed, layout) in crate::testrng::layouts().into_iter().enumerate() {
            let layout = Arc::new(layout);
            let mut rng = crate::testrng::Lcg::new(0x91a + seed as u64);
            let mut g = CandidateGrid::new(&sudokit_core::Grid::empty(layout.clone()));
            for step in 0..300 {
                if !refine_randomly(&mut g, &mut rng) {
                    break;
                }
                let got = planes_of(&g);
                assert_eq!(got.len(), g.size());
                for d in DigitSet::full(g.size()).iter() {
                    let mut want = g.cell_set();
                    for c in g.empty_cells().filter(|&c| g.has(c, d)) {
                        want.insert(c);
                    }
                    assert_eq!(
                        got[d.index()],
                        want,
                        "layout {seed}, step {step}, digit {d}"
                    );
                    planes += 1;
                }
            }
        }
        assert!(planes > 1_000, "{planes} planes");
    }

    /// A flat link table's rows, by index and in order, are the runs its offsets mark
    /// (empty rows included), and its total is every row's links.
    #[test]
    fn link_rows_are_the_runs_between_offsets() {
        let d = |x: u64| DigitSet(x);
        let t = LinkRows {
            at: vec![0, 2, 2, 3],
            links: vec![(1, d(1)), (2, d(6)), (0, d(4))],
        };
        assert_eq!(&t[0], &[(1, d(1)), (2, d(6))]);
        assert!(t[1].is_empty());
        assert_eq!(&t[2], &[(0, d(4))]);
        let rows: Vec<&[(usize, DigitSet)]> = t.iter().collect();
        assert_eq!(rows, [&t[0], &t[1], &t[2]]);
        assert_eq!(t.total(), 3);
    }

    /// Per slot, the positions of the ALS a [`SlotIndex`] holds there, ascending.
    fn slot_contents(index: &SlotIndex) -> Vec<Vec<usize>> {
        (0..index.slots.len())
            .map(|s| {
                let mut row: Vec<usize> = index.slot(s).collect();
                row.sort_unstable();
                row
            })
            .collect()
    }

    /// On random refinement sequences (every layout of the test set), the slot index kept
    /// across lists in the link memo holds, slot by slot, the ALS a fresh index of the list
    /// holds (each ALS in the slot of the first cell of each of its digits), and its handles
    /// and positions agree both ways.
    #[test]
    fn slot_index_kept_across_lists_equals_a_fresh_one() {
        let (mut kept, mut words) = (0, 0);
        for (seed, layout) in crate::testrng::layouts().into_iter().enumerate() {
            let layout = Arc::new(layout);
            let mut rng = crate::testrng::Lcg::new(0x51d + seed as u64);
            let warm = Memory::new();
            let mut g = CandidateGrid::new(&sudokit_core::Grid::empty(layout.clone()));
            for step in 0..200 {
                if !refine_randomly(&mut g, &mut rng) {
                    break;
                }
                let (all, _) = als_and_links(&g, false, &warm);
                let hm = warm.als_houses.borrow();
                let index = &hm.links.as_ref().expect("a link memo").index;
                let n = g.size();
                let mut fresh = SlotIndex::default();
                fresh.update(&all, n, g.cell_count() * n, &vec![None; all.len()], &[]);
                assert_eq!(
                    slot_contents(index),
                    slot_contents(&fresh),
                    "layout {seed}, step {step}"
                );
                assert_eq!(index.handles.len(), all.len());
                for (i, &h) in index.handles.iter().enumerate() {
                    assert_eq!(
                        index.pos[h as usize] as usize, i,
                        "layout {seed}, step {step}"
                    );
                }
                // The words, on grids of up to 128 cells: in each slot each ALS's cells
                // holding the slot's digit and all its cells, bit `c` for cell `c`.
                let word = |s: &CellSet| s.iter().fold(0u128, |w, c| w | 1 << c.index());
                if g.cell_count() <= 128 {
                    for (s, row) in index.slots.iter().enumerate() {
                        let d = Digit::from_index(s % n);
                        for e in row {
                            let a = &all[index.pos[e.handle as usize] as usize];
                            assert_eq!(e.on, word(a.on(d)), "layout {seed}, step {step}");
                            assert_eq!(e.set, word(&a.set), "layout {seed}, step {step}");
                        }
                    }
                    words += 1;
                }
                kept += usize::from(hm.linked_on.get() > 0);
            }
        }
        assert!(kept > 100, "{kept} lists indexed from the last");
        assert!(words > 100, "{words} lists with words");
    }

    /// On random refinement sequences, with and without overlap, the link table built from
    /// the last one (a warm memory) equals a fresh one and the links of testing every pair
    /// with `rccs` (this also checks that a link between two new ALS, searched from the lower
    /// one only, reaches the higher one's row).
    #[test]
    fn links_built_from_the_last_table_equal_every_pair_tested() {
        let mut links = 0;
        for overlap in [false, true] {
            for (seed, layout) in crate::testrng::layouts().into_iter().enumerate() {
                let layout = Arc::new(layout);
                let mut rng = crate::testrng::Lcg::new(0xa15 + seed as u64);
                let warm = Memory::new();
                let mut g = CandidateGrid::new(&sudokit_core::Grid::empty(layout.clone()));
                for step in 0..300 {
                    if !refine_randomly(&mut g, &mut rng) {
                        break;
                    }
                    let (all, adj) = als_and_links(&g, overlap, &warm);
                    let (_, fresh) = als_and_links(&g, overlap, &Memory::new());
                    assert_eq!(adj, fresh, "overlap {overlap}, layout {seed}, step {step}");
                    for (i, a) in all.iter().enumerate() {
                        let pairs: Vec<(usize, DigitSet)> = (0..all.len())
                            .filter(|&j| j != i)
                            .map(|j| (j, rccs(a, &all[j], overlap)))
                            .filter(|(_, r)| !r.is_empty())
                            .collect();
                        assert_eq!(
                            adj[i], pairs,
                            "overlap {overlap}, layout {seed}, step {step}"
                        );
                        links += pairs.len();
                    }
                }
                let linked = warm.als_houses.borrow().linked_on.get();
                assert!(linked > 50, "layout {seed}: {linked} tables from the last");
            }
        }
        assert!(links > 10_000, "{links} links");
    }

    /// On random refinement sequences (every layout of the test set, with and without
    /// overlap), each listed ALS's per-digit sets equal what the definition gives, computed
    /// here cell by cell (its cells holding the digit; the empty cells holding it that see
    /// every one of those; nothing for the other digits), and every singly linked pair that
    /// ALS-XZ passes over before building a step (`removes_some` false) has no target.
    #[test]
    fn seers_match_the_definition_and_pairs_passed_over_remove_nothing() {
        let (mut passed, mut kept) = (0, 0);
        for overlap in [false, true] {
            for (seed, layout) in crate::testrng::layouts().into_iter().enumerate() {
                let layout = Arc::new(layout);
                let mut rng = crate::testrng::Lcg::new(0x5ee + seed as u64);
                let warm = Memory::new();
                let mut g = CandidateGrid::new(&sudokit_core::Grid::empty(layout.clone()));
                for step in 0..150 {
                    if !refine_randomly(&mut g, &mut rng) {
                        break;
                    }
                    let (all, adj) = als_and_links(&g, overlap, &warm);
                    for a in all.iter() {
                        for d in DigitSet::full(g.size()).iter() {
                            let on: Vec<Cell> =
                                a.cells.iter().copied().filter(|&c| g.has(c, d)).collect();
                            let seers: Vec<Cell> = if a.cands.contains(d) {
                                g.empty_cells()
                                    .filter(|&s| {
                                        g.has(s, d) && on.iter().all(|&c| g.peer_set(c).contains(s))
                                    })
                                    .collect()
                            } else {
                                Vec::new()
                            };
                            let got_on: Vec<Cell> = a.on(d).iter().collect();
                            let got_seers: Vec<Cell> = a.seers(d).iter().collect();
                            assert_eq!(got_on, on, "layout {seed}, step {step}, digit {d}");
                            assert_eq!(got_seers, seers, "layout {seed}, step {step}, digit {d}");
                        }
                    }
                    for (i, row) in adj.iter().enumerate() {
                        for &(j, rc) in row.iter().filter(|&&(j, rc)| j > i && rc.len() == 1) {
                            let (a, b) = (&all[i], &all[j]);
                            let x = rc.iter().next().unwrap();
                            if removes_some(a, b, &[x]) {
                                kept += 1;
                                continue;
                            }
                            passed += 1;
                            for z in DigitSet(a.cands.0 & b.cands.0).iter().filter(|&z| z != x) {
                                let t = z_targets(&g, z, &[a, b], &[&a.set, &b.set]);
                                assert!(t.is_empty(), "layout {seed}, step {step}: {t:?}");
                            }
                        }
                    }
                }
            }
        }
        assert!(
            passed > 1_000 && kept > 100,
            "{passed} passed over, {kept} kept"
        );
    }

    /// The grids of the test below: row 1 with three empty cells (r1c1 holding 1 and 2, r1c2
    /// 1 and 3, r1c4 2 and 9), before and after r1c4 is set to 9.
    fn row_placement() -> (CandidateGrid, CandidateGrid) {
        let layout = Arc::new(Layout::standard(9).unwrap());
        let mut values = vec![0u8; 81];
        for (i, v) in [(2, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 3)] {
            values[i] = v;
        }
        let mut cands = vec![DigitSet::full(9); 81];
        cands[0] = DigitSet(0b11);
        cands[1] = DigitSet(0b101);
        cands[3] = DigitSet(0b1_0000_0010);
        let before = CandidateGrid::with_candidates(layout, values, cands, vec![false; 81]);
        let mut after = before.clone();
        after.place(Cell(3), Digit::new(9).unwrap());
        (before, after)
    }

    /// The ALS r1c1+r1c2 has no changed cell when r1c4 is filled, but it moves from row 1 to
    /// box 1 (later in the list): HoDoKu's chain certificate must count it fresh, and does.
    #[test]
    fn an_als_moved_to_a_later_house_is_fresh() {
        let (before, after) = row_placement();
        let changed = changed_since(&before, &after);
        let all = enumerate(&after);
        let fresh = hodoku_chain::fresh(&after, &all, &changed);
        let i = all
            .iter()
            .position(|a| *a.cells == [Cell(0), Cell(1)])
            .expect("the pair is listed");
        assert_eq!(all[i].house, House(18));
        assert!(!all[i].set.intersects(&changed));
        assert!(fresh[i]);
    }

    /// A placement outside a box that leaves the box's cells as they were can still move an
    /// ALS into it: r1c1 and r1c2 ({1,2} and {1,3}) are an ALS of row 1 while the row has a
    /// third empty cell, and of box 1 once that cell is filled. The house memo must walk the
    /// box again (its key holds the row's size cap).
    #[test]
    fn a_placement_in_the_row_moves_an_als_into_the_box() {
        let (before, after) = row_placement();
        let house_of_pair = |all: &[Als]| {
            all.iter()
                .find(|a| *a.cells == [Cell(0), Cell(1)])
                .map(|a| a.house)
        };
        let mut memo = HouseMemo::default();
        let first = enumerate_in(&before, Some(&mut memo));
        assert_eq!(house_of_pair(&first), Some(House(0)));
        let warm = enumerate_in(&after, Some(&mut memo));
        let fresh = enumerate(&after);
        assert_eq!(house_of_pair(&fresh), Some(House(18)));
        assert_eq!(format!("{warm:?}"), format!("{fresh:?}"));
    }

    /// Along solving paths, the finders' shared ALS list (house memo warm from the path so
    /// far) equals a fresh enumeration.
    #[test]
    fn shared_als_along_paths_equal_a_fresh_enumeration() {
        let memory = Memory::new();
        let mut sizes = 0;
        along_paths(&memory, |g, steps| {
            let all = shared(g, &memory);
            assert_eq!(
                format!("{all:?}"),
                format!("{:?}", enumerate(g)),
                "step {steps}"
            );
            sizes += all.len();
        });
        assert!(memory.als_houses.borrow().reused > 100 && sizes > 1000);
    }

    /// HoDoKu's forward links taken from the shared link table are those of testing every
    /// pair with `rccs`: the same later ALS, in the same order, with the same digits, on every
    /// grid of the two paths (hundreds of ALS each, links with one and with two digits).
    #[test]
    fn forward_links_from_the_link_table_equal_every_pair_tested() {
        let (mut links, mut doubles) = (0, 0);
        along_paths(&Memory::new(), |g, steps| {
            let (all, adj) = als_and_links(g, false, &Memory::new());
            let show = |ls: Vec<Vec<hodoku_chain::Link>>| {
                ls.iter()
                    .map(|row| row.iter().map(|l| (l.to, l.d1, l.d2)).collect::<Vec<_>>())
                    .collect::<Vec<_>>()
            };
            let fast = show(hodoku_chain::forward_links(&all, Some(&adj)));
            assert_eq!(
                fast,
                show(hodoku_chain::forward_links(&all, None)),
                "step {steps}"
            );
            links += fast.iter().map(Vec::len).sum::<usize>();
            doubles += fast.iter().flatten().filter(|l| l.2.is_some()).count();
        });
        assert!(
            links > 1000 && doubles > 0,
            "{links} links, {doubles} with two digits"
        );
    }

    /// Every ALS-XY-chain the memo-limited search lists is one the full search lists, in the
    /// same order, and no more (slow in a debug build: run with the heavy tests).
    #[test]
    #[ignore]
    fn memo_limited_chain_search_lists_every_chain() {
        let warm = Memory::new();
        along_paths(&warm, |g, steps| {
            let full = run(false, &Memory::new(), |f| {
                als_xy_chain(g, None, f);
            });
            assert_eq!(
                run(false, &warm, |f| AlsXyChain.find(g, f)),
                full,
                "chain {steps}"
            );
        });
        assert!(warm.probe.refined.get() > 20);
    }
}
