//! The propagators: forward checking, bounds consistency by Hall intervals, generalised arc
//! consistency by Régin's matching algorithm, and singleton consistency (shaving).
//!
//! Design decision: one propagation loop serves every level. A cell whose domain becomes a
//! singleton is queued and its digit is removed from all its peers (forward checking, which
//! also enforces the anti-knight/anti-king disequalities); at `bounds` and `gac` each house
//! whose cells lost a value is queued too and its all-different is filtered as a whole, and
//! at every level each variant-rule constraint ([`crate::rules`]) watching a cell that lost
//! a value is queued and filtered before the houses. The loop runs to a fixpoint, so the levels differ only in the house filter, which makes the
//! subset relations between their fixpoints hold by construction (and a test checks them).
//!
//! * Bounds (`bounds`): for every interval `[a, b]` of digits, the cells whose whole domain
//!   lies inside it; as many cells as digits make a Hall interval, whose digits are cut from
//!   the bounds of every other cell of the house (a cell's new bound skips to its next
//!   possible digit). Quadratic in the distinct bounds and linear in the cells: at most 64³
//!   steps per house, small next to the search it saves.
//! * GAC (`gac`): a perfect matching of cells to digits (kept per house between calls and
//!   repaired by augmenting paths), then the strongly connected components of the graph on
//!   cells where `x → y` when `x` may take the digit matched to `y`; a digit stays in a cell
//!   only if it is matched to it or to a cell of the same component (Régin 1994; with as many
//!   digits as cells there are no free digits, so components alone decide).
//! * Shaving (`shave`): after the GAC fixpoint, every remaining digit of every open cell is
//!   tried by propagating the assignment on a copy; a digit whose trial fails is removed,
//!   and the pass repeats until no digit falls (singleton arc consistency).

use crate::Propagation;
use crate::model::{Domain, Model};
use sudokit_core::Termination;

/// How a propagation ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A fixpoint with no empty domain.
    Fixpoint,
    /// A domain emptied or a house had no matching: no solution below this node.
    Fail,
    /// The budget ran out during shaving.
    Stopped,
}

const NONE: u8 = u8::MAX;

/// The propagation state for one model: queues, dirty flags and cached matchings.
pub struct Propagator<'m> {
    model: &'m Model,
    level: Propagation,
    fixed: Vec<u16>,
    dirty: Vec<bool>,
    dirty_stack: Vec<u16>,
    /// `mate[h * n + v]`: position in house `h` of the cell matched to digit `v`.
    mate: Vec<u8>,
    scratch: Vec<Domain>,
    /// Rule constraints waiting to be filtered, and their flags.
    rule_dirty: Vec<bool>,
    rule_stack: Vec<u32>,
    narrowed: Vec<(u16, Domain)>,
    /// Per cell, how often a variant-rule constraint on it failed: the search's weights
    /// (see the crate docs).
    pub conflicts: Vec<u32>,
    /// Shaving trials run.
    pub probes: u64,
    /// Digits removed by shaving.
    pub shaved: u64,
}

fn single(d: Domain) -> bool {
    d & d.wrapping_sub(1) == 0
}

impl<'m> Propagator<'m> {
    /// A propagator at `level` for `model`.
    pub fn new(model: &'m Model, level: Propagation) -> Propagator<'m> {
        Propagator {
            model,
            level,
            fixed: Vec::new(),
            dirty: vec![false; model.houses],
            dirty_stack: Vec::new(),
            mate: vec![NONE; model.houses * model.n],
            scratch: Vec::new(),
            rule_dirty: vec![false; model.rules.len()],
            rule_stack: Vec::new(),
            narrowed: Vec::new(),
            conflicts: vec![0; model.cells()],
            probes: 0,
            shaved: 0,
        }
    }

    fn clear(&mut self) {
        self.fixed.clear();
        for h in self.dirty_stack.drain(..) {
            self.dirty[h as usize] = false;
        }
        for k in self.rule_stack.drain(..) {
            self.rule_dirty[k as usize] = false;
        }
    }

    /// Records that the domain of `c` shrank.
    fn notify(&mut self, dom: &[Domain], c: usize) {
        if single(dom[c]) {
            self.fixed.push(c as u16);
        }
        for &k in self.model.rules.watching(c) {
            if !self.rule_dirty[k as usize] {
                self.rule_dirty[k as usize] = true;
                self.rule_stack.push(k);
            }
        }
        if self.level != Propagation::Fc {
            for &h in self.model.houses_of(c) {
                if !self.dirty[h as usize] {
                    self.dirty[h as usize] = true;
                    self.dirty_stack.push(h);
                }
            }
        }
    }

    /// Keeps only `keep` in the domain of `c`; `false` when it empties.
    fn restrict(&mut self, dom: &mut [Domain], c: usize, keep: Domain) -> bool {
        let d = dom[c] & keep;
        if d == dom[c] {
            return true;
        }
        dom[c] = d;
        if d == 0 {
            return false;
        }
        self.notify(dom, c);
        true
    }

    /// Propagates to a fixpoint after the domains of `seeds` changed (all cells at the root),
    /// then shaves at level `shave`. `limiter` is polled once per shaving trial.
    pub fn propagate(
        &mut self,
        dom: &mut [Domain],
        seeds: impl IntoIterator<Item = usize>,
        limiter: &mut dyn Termination,
    ) -> Outcome {
        for c in seeds {
            if dom[c] == 0 {
                self.clear();
                return Outcome::Fail;
            }
            self.notify(dom, c);
        }
        if !self.fixpoint(dom) {
            self.clear();
            return Outcome::Fail;
        }
        if self.level == Propagation::Shave {
            return self.shave(dom, limiter);
        }
        Outcome::Fixpoint
    }

    /// Runs forward checking and the house filter until nothing changes.
    fn fixpoint(&mut self, dom: &mut [Domain]) -> bool {
        let model = self.model;
        loop {
            while let Some(c) = self.fixed.pop() {
                let c = c as usize;
                let v = dom[c];
                for &p in model.peers(c) {
                    if !self.restrict(dom, p as usize, !v) {
                        return false;
                    }
                }
            }
            if let Some(k) = self.rule_stack.pop() {
                self.rule_dirty[k as usize] = false;
                if !self.rule(dom, k as usize) {
                    for c in model.rules.scope(k as usize) {
                        self.conflicts[c as usize] += 1;
                    }
                    return false;
                }
                continue;
            }
            let Some(h) = self.dirty_stack.pop() else {
                return true;
            };
            self.dirty[h as usize] = false;
            let ok = match self.level {
                Propagation::Fc => true,
                Propagation::Bounds => self.bounds(dom, h as usize),
                Propagation::Gac | Propagation::Shave => self.gac(dom, h as usize),
            };
            if !ok {
                // Not counted as a conflict: a house failing says little about which
                // cell to branch on (on the published puzzles counting only the rules'
                // failures takes 9% fewer nodes).
                return false;
            }
        }
    }

    /// Filters variant-rule constraint `k` (see [`crate::rules`]).
    fn rule(&mut self, dom: &mut [Domain], k: usize) -> bool {
        let mut narrowed = std::mem::take(&mut self.narrowed);
        narrowed.clear();
        let mut ok = self.model.rules.filter(k, dom, &mut narrowed);
        if ok {
            for &(c, keep) in &narrowed {
                if !self.restrict(dom, c as usize, keep) {
                    ok = false;
                    break;
                }
            }
        }
        self.narrowed = narrowed;
        ok
    }

    /// Bounds consistency of house `h` by Hall intervals.
    fn bounds(&mut self, dom: &mut [Domain], h: usize) -> bool {
        let model = self.model;
        let cells = model.house(h);
        let n = cells.len();
        let mut d = [0u64; 64];
        let mut lo = [0u32; 64];
        let mut hi = [0u32; 64];
        for (i, &c) in cells.iter().enumerate() {
            d[i] = dom[c as usize];
            lo[i] = d[i].trailing_zeros();
            hi[i] = 63 - d[i].leading_zeros();
        }
        loop {
            let mut changed = false;
            let mins: u64 = lo[..n].iter().fold(0, |m, &l| m | 1 << l);
            let maxs: u64 = hi[..n].iter().fold(0, |m, &x| m | 1 << x);
            for a in bits(mins) {
                for b in bits(maxs >> a << a) {
                    let (a, b) = (a as u32, b as u32);
                    let inside = (0..n).filter(|&i| lo[i] >= a && hi[i] <= b).count() as u32;
                    let width = b - a + 1;
                    if inside > width {
                        return false;
                    }
                    if inside < width {
                        continue;
                    }
                    let upto_b = if b == 63 {
                        u64::MAX
                    } else {
                        (1u64 << (b + 1)) - 1
                    };
                    let below_a = (1u64 << a) - 1;
                    for i in 0..n {
                        if lo[i] >= a && hi[i] <= b {
                            continue;
                        }
                        let mut x = d[i];
                        if (a..=b).contains(&lo[i]) {
                            x &= !upto_b;
                        }
                        if (a..=b).contains(&hi[i]) {
                            x &= below_a;
                        }
                        if x != d[i] {
                            if x == 0 {
                                return false;
                            }
                            d[i] = x;
                            lo[i] = x.trailing_zeros();
                            hi[i] = 63 - x.leading_zeros();
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        for (i, &c) in cells.iter().enumerate() {
            if !self.restrict(dom, c as usize, d[i]) {
                return false;
            }
        }
        true
    }

    /// Generalised arc consistency of house `h` (Régin's filter).
    fn gac(&mut self, dom: &mut [Domain], h: usize) -> bool {
        let model = self.model;
        let cells = model.house(h);
        let n = cells.len();
        let mut d = [0u64; 64];
        for (i, &c) in cells.iter().enumerate() {
            d[i] = dom[c as usize];
        }
        let mate = &mut self.mate[h * n..(h + 1) * n];
        let mut val_of = [NONE; 64];
        for (v, m) in mate.iter_mut().enumerate() {
            if *m != NONE {
                let i = *m as usize;
                if d[i] >> v & 1 == 1 && val_of[i] == NONE {
                    val_of[i] = v as u8;
                } else {
                    *m = NONE;
                }
            }
        }
        for i in 0..n {
            if val_of[i] == NONE {
                let mut seen = 0u64;
                if !augment(i, &d, mate, &mut val_of, &mut seen) {
                    return false;
                }
            }
        }
        // Cell graph: x -> y when x may take the digit matched to y.
        let mut adj = [0u64; 64];
        for i in 0..n {
            let mut a = 0u64;
            for v in bits(d[i] & !(1u64 << val_of[i])) {
                a |= 1u64 << mate[v];
            }
            adj[i] = a;
        }
        let comp = scc(&adj[..n]);
        let mut comp_vals = [0u64; 64];
        for i in 0..n {
            comp_vals[comp[i] as usize] |= 1u64 << val_of[i];
        }
        for (i, &c) in cells.iter().enumerate() {
            if !self.restrict(dom, c as usize, comp_vals[comp[i] as usize]) {
                return false;
            }
        }
        true
    }

    /// Singleton consistency on top of GAC: tries every digit of every open cell.
    fn shave(&mut self, dom: &mut [Domain], limiter: &mut dyn Termination) -> Outcome {
        let cells = self.model.cells();
        let mut scratch = std::mem::take(&mut self.scratch);
        let outcome = 'pass: loop {
            let mut removed = false;
            for c in 0..cells {
                if single(dom[c]) {
                    continue;
                }
                for v in bits(dom[c]) {
                    if dom[c] >> v & 1 == 0 || single(dom[c]) {
                        // An earlier removal already narrowed this cell.
                        continue;
                    }
                    if limiter.should_stop() {
                        break 'pass Outcome::Stopped;
                    }
                    self.probes += 1;
                    scratch.clear();
                    scratch.extend_from_slice(dom);
                    scratch[c] = 1u64 << v;
                    self.notify(&scratch, c);
                    if self.fixpoint(&mut scratch) {
                        continue;
                    }
                    self.clear();
                    self.shaved += 1;
                    removed = true;
                    if !self.restrict(dom, c, !(1u64 << v)) || !self.fixpoint(dom) {
                        self.clear();
                        break 'pass Outcome::Fail;
                    }
                }
            }
            if !removed {
                break Outcome::Fixpoint;
            }
        };
        self.scratch = scratch;
        outcome
    }
}

/// Kuhn's augmenting path from cell `i` over the digits not yet `seen`.
fn augment(
    i: usize,
    d: &[u64; 64],
    mate: &mut [u8],
    val_of: &mut [u8; 64],
    seen: &mut u64,
) -> bool {
    for v in bits(d[i] & !*seen) {
        *seen |= 1u64 << v;
        let other = mate[v];
        if other == NONE || augment(other as usize, d, mate, val_of, seen) {
            mate[v] = i as u8;
            val_of[i] = v as u8;
            return true;
        }
    }
    false
}

/// Tarjan's strongly connected components of a graph of at most 64 nodes given by bit-set
/// adjacency; returns the component number of every node.
fn scc(adj: &[u64]) -> [u8; 64] {
    struct T<'a> {
        adj: &'a [u64],
        index: [u8; 64],
        low: [u8; 64],
        on_stack: u64,
        stack: Vec<u8>,
        next: u8,
        comp: [u8; 64],
        comps: u8,
    }
    fn visit(t: &mut T<'_>, x: usize) {
        t.index[x] = t.next;
        t.low[x] = t.next;
        t.next += 1;
        t.stack.push(x as u8);
        t.on_stack |= 1u64 << x;
        for y in bits(t.adj[x]) {
            if t.index[y] == NONE {
                visit(t, y);
                t.low[x] = t.low[x].min(t.low[y]);
            } else if t.on_stack >> y & 1 == 1 {
                t.low[x] = t.low[x].min(t.index[y]);
            }
        }
        if t.low[x] == t.index[x] {
            while let Some(y) = t.stack.pop() {
                t.on_stack &= !(1u64 << y);
                t.comp[y as usize] = t.comps;
                if y as usize == x {
                    break;
                }
            }
            t.comps += 1;
        }
    }
    let mut t = T {
        adj,
        index: [NONE; 64],
        low: [0; 64],
        on_stack: 0,
        stack: Vec::with_capacity(adj.len()),
        next: 0,
        comp: [0; 64],
        comps: 0,
    };
    for x in 0..adj.len() {
        if t.index[x] == NONE {
            visit(&mut t, x);
        }
    }
    t.comp
}

pub use sudokit_core::types::bits;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scc_separates_a_cycle_from_a_tail() {
        // 0 -> 1 -> 0, 1 -> 2 (2 alone).
        let comp = scc(&[0b010, 0b101, 0b000]);
        assert_eq!(comp[0], comp[1]);
        assert_ne!(comp[0], comp[2]);
    }

    #[test]
    fn bits_lists_positions_in_order() {
        assert_eq!(bits(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
    }
}
