//! A dedicated uniqueness check for killer puzzles: "has this grid of houses, killer cages
//! (with or without sums) and givens a solution other than the known one?", answered by a
//! depth-first search over digit masks, without a SAT solver.
//!
//! Design decision: every constraint is a *group* of cells — a house (every digit once), a
//! cage (digits distinct; with a sum, the digit sets of that size and sum, precomputed once
//! per grid size), or a sum the 45 rule implies (`sudokit_sat::rules::implied_sums`; distinct
//! when its cells share a house or cage, bounds otherwise). Propagation runs a worklist of the
//! groups whose cells changed: naked and hidden singles in houses; in a cage, only the digit
//! sets that fit the cells' candidates survive, its cells keep the union of those, and a digit
//! every surviving set needs, when its possible cells in the cage share a house, leaves the
//! rest of that house (the killer solver's "pointing" move). The search branches on the cell
//! with the fewest candidates, `cell = d` then `cell ≠ d`, where `d` is the known solution's
//! digit while the known solution still fits every cell: so the first leaf is the known
//! solution itself (rejected), and every other leaf is a second solution. The search is exact:
//! "no other solution" is a proof, and it stops at a node budget (the caller then asks
//! another engine). Measured on the killer generator's questions it is fast on the easy ones
//! (a few hundred nodes) but far slower than CDCL on the hard ones (tens of thousands of
//! nodes where `sat` learns its way through), so the generator gives it a small budget. Layouts with pair rules (anti-knight/king) or rules other than killer
//! cages are not handled ([`KillerSearch::new`] returns `None`).

use sudokit_core::{Layout, Pos, Rule};

/// A constraint over some cells.
#[derive(Clone, Debug)]
enum Kind {
    /// Every digit exactly once.
    House,
    /// Digits distinct; with a sum, `combos` holds the digit sets that make it.
    Cage { combos: Option<Vec<u32>> },
    /// Digits (repeats allowed) sum to this.
    Sum(u32),
}

#[derive(Clone, Debug)]
struct Group {
    cells: Vec<u16>,
    kind: Kind,
}

/// The answer to one question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// No solution but the known one.
    Unique,
    /// Another solution (a full grid).
    Other(Vec<u8>),
    /// The node budget ran out first.
    OutOfNodes,
}

/// The grid's fixed part (houses, digit sets by size and sum) for a run of questions.
#[derive(Clone, Debug)]
pub struct KillerSearch {
    n: usize,
    full: u32,
    houses: Vec<Vec<u16>>,
    /// House indexes of each cell, as a bit set.
    houses_of: Vec<u64>,
    /// `sets[k][s]`: the digit sets of `k` digits summing to `s`.
    sets: Vec<Vec<Vec<u32>>>,
}

/// One question's groups and per-cell index.
struct Problem<'a> {
    fixed: &'a KillerSearch,
    groups: Vec<Group>,
    groups_of: Vec<Vec<u32>>,
}

impl KillerSearch {
    /// The fixed part for `layout` (its houses; it must have no pair rules and no rules of its
    /// own, and a side of at most 16), or `None` when it does not qualify.
    pub fn new(layout: &Layout) -> Option<KillerSearch> {
        let n = layout.size();
        if !(2..=16).contains(&n)
            || layout.house_count() > 64
            || layout.has_pair_constraints()
            || layout.has_rules()
        {
            return None;
        }
        let houses: Vec<Vec<u16>> = layout
            .houses()
            .map(|h| {
                layout
                    .house_cells(h)
                    .iter()
                    .map(|c| c.index() as u16)
                    .collect()
            })
            .collect();
        let mut houses_of = vec![0u64; n * n];
        for (h, cells) in houses.iter().enumerate() {
            for &c in cells {
                houses_of[c as usize] |= 1 << h;
            }
        }
        let max_sum = n * (n + 1) / 2;
        let mut sets = vec![vec![Vec::new(); max_sum + 1]; n + 1];
        for m in 0u32..1 << n {
            let k = m.count_ones() as usize;
            let s: usize = (0..n).filter(|d| m >> d & 1 == 1).map(|d| d + 1).sum();
            sets[k][s].push(m);
        }
        Some(KillerSearch {
            n,
            full: (1u32 << n) - 1,
            houses,
            houses_of,
            sets,
        })
    }

    /// Whether the puzzle — `rules` (killer cages only, or `None` is returned) on this grid,
    /// `givens` one per cell (0 for none) — has a full solution other than `known`, searching
    /// at most `nodes` nodes. `implied` are sums the 45 rule implies (cells, total) to add as
    /// redundant constraints. Every grid returned keeps every house, cage and given.
    pub fn other_solution(
        &self,
        rules: &[Rule],
        implied: &[(Vec<Pos>, u32)],
        givens: &[u8],
        known: &[u8],
        nodes: u64,
    ) -> Option<Found> {
        self.other_solution_off(rules, implied, givens, known, None, nodes)
    }

    /// [`KillerSearch::other_solution`] told that every other solution has digits on the
    /// cells of `off` (distinct) that do not sum to its total: true when the puzzle with that
    /// sum as a cage had no solution but `known` (a cage set before its sum was dropped or
    /// its cage merged), so the search starts from the sums that cage could have instead.
    pub fn other_solution_off(
        &self,
        rules: &[Rule],
        implied: &[(Vec<Pos>, u32)],
        givens: &[u8],
        known: &[u8],
        off: Option<(&[Pos], u32)>,
        nodes: u64,
    ) -> Option<Found> {
        let n = self.n;
        let mut groups: Vec<Group> = self
            .houses
            .iter()
            .map(|cells| Group {
                cells: cells.clone(),
                kind: Kind::House,
            })
            .collect();
        let mut cage_of: Vec<Vec<u32>> = vec![Vec::new(); n * n];
        for rule in rules {
            let Rule::Killer { cells, sum } = rule else {
                return None;
            };
            let cells: Vec<u16> = cells.iter().map(|p| p.index(n) as u16).collect();
            if cells.len() > n || cells.iter().any(|&c| c as usize >= n * n) {
                return None;
            }
            let combos = sum.map(|s| {
                self.sets[cells.len()]
                    .get(s as usize)
                    .cloned()
                    .unwrap_or_default()
            });
            cells
                .iter()
                .for_each(|&c| cage_of[c as usize].push(groups.len() as u32));
            groups.push(Group {
                cells,
                kind: Kind::Cage { combos },
            });
        }
        for (cells, sum) in implied {
            let cells: Vec<u16> = cells.iter().map(|p| p.index(n) as u16).collect();
            let apart = |a: u16, b: u16| {
                let (a, b) = (a as usize, b as usize);
                self.houses_of[a] & self.houses_of[b] != 0
                    || cage_of[a].iter().any(|g| cage_of[b].contains(g))
            };
            let distinct = cells
                .iter()
                .enumerate()
                .all(|(i, &a)| cells[i + 1..].iter().all(|&b| apart(a, b)));
            let kind = match distinct && cells.len() <= n {
                true => Kind::Cage {
                    combos: Some(
                        self.sets[cells.len()]
                            .get(*sum as usize)
                            .cloned()
                            .unwrap_or_default(),
                    ),
                },
                false => Kind::Sum(*sum),
            };
            groups.push(Group { cells, kind });
        }
        if let Some((cells, sum)) = off {
            let cells: Vec<u16> = cells.iter().map(|p| p.index(n) as u16).collect();
            if cells.len() > n || cells.iter().any(|&c| c as usize >= n * n) {
                return None;
            }
            let combos = (self.sets[cells.len()].iter().enumerate())
                .filter(|&(s, _)| s != sum as usize)
                .flat_map(|(_, sets)| sets.iter().copied())
                .collect();
            groups.push(Group {
                cells,
                kind: Kind::Cage {
                    combos: Some(combos),
                },
            });
        }
        let mut groups_of = vec![Vec::new(); n * n];
        for (g, group) in groups.iter().enumerate() {
            for &c in &group.cells {
                groups_of[c as usize].push(g as u32);
            }
        }
        let problem = Problem {
            fixed: self,
            groups,
            groups_of,
        };
        Some(problem.search(givens, known, nodes))
    }
}

/// The groups waiting to be propagated.
struct Work {
    queue: Vec<u32>,
    queued: Vec<bool>,
}

/// A search state: the candidates of every cell.
type State = Vec<u32>;

/// The digits solved among `cells`, or `None` when one is solved twice.
fn solved(st: &State, cells: &[u16]) -> Option<u32> {
    let mut solved = 0u32;
    for &c in cells {
        let m = st[c as usize];
        if m.count_ones() == 1 {
            if solved & m != 0 {
                return None;
            }
            solved |= m;
        }
    }
    Some(solved)
}

impl Problem<'_> {
    fn search(&self, givens: &[u8], known: &[u8], nodes: u64) -> Found {
        let n = self.fixed.n;
        let mut root: State = vec![self.fixed.full; n * n];
        for (c, &g) in givens.iter().enumerate() {
            if g != 0 {
                root[c] = 1 << (g - 1);
            }
        }
        let bit = |c: usize| 1u32 << (known[c] - 1);
        // (state, the cell that changed or none for all, the known solution still fits)
        let mut stack: Vec<(State, Option<usize>, bool)> = vec![(root, None, true)];
        let mut work = Work {
            queue: Vec::new(),
            queued: vec![false; self.groups.len()],
        };
        let mut spent = 0u64;
        while let Some((mut st, changed, mut on_known)) = stack.pop() {
            if spent >= nodes {
                return Found::OutOfNodes;
            }
            spent += 1;
            for g in work.queue.drain(..) {
                work.queued[g as usize] = false;
            }
            match changed {
                Some(c) => self.enqueue_cell(c, &mut work),
                None => {
                    work.queue.extend((0..self.groups.len() as u32).rev());
                    work.queued.iter_mut().for_each(|q| *q = true);
                }
            }
            if !self.propagate(&mut st, &mut work) {
                continue;
            }
            if on_known {
                on_known = (0..n * n).all(|c| st[c] & bit(c) != 0);
            }
            // The unsolved cell with the fewest candidates.
            let mut best: Option<(u32, usize)> = None;
            for (c, &m) in st.iter().enumerate() {
                let k = m.count_ones();
                if k > 1 && best.is_none_or(|(b, _)| k < b) {
                    best = Some((k, c));
                    if k == 2 {
                        break;
                    }
                }
            }
            let Some((_, c)) = best else {
                if on_known {
                    continue;
                }
                return Found::Other(st.iter().map(|m| m.trailing_zeros() as u8 + 1).collect());
            };
            let d = match on_known {
                true => bit(c),
                false => 1 << st[c].trailing_zeros(),
            };
            let mut without = st.clone();
            without[c] &= !d;
            st[c] = d;
            stack.push((without, Some(c), false));
            stack.push((st, Some(c), on_known));
        }
        Found::Unique
    }

    fn enqueue_cell(&self, c: usize, work: &mut Work) {
        for &g in &self.groups_of[c] {
            if !work.queued[g as usize] {
                work.queued[g as usize] = true;
                work.queue.push(g);
            }
        }
    }

    /// Narrows cell `c` to `m`: false when nothing is left.
    fn narrow(&self, st: &mut State, c: usize, m: u32, work: &mut Work) -> bool {
        let next = st[c] & m;
        if next != st[c] {
            if next == 0 {
                return false;
            }
            st[c] = next;
            self.enqueue_cell(c, work);
        }
        true
    }

    /// Runs the queued groups to a fixpoint: false on a contradiction.
    fn propagate(&self, st: &mut State, work: &mut Work) -> bool {
        while let Some(g) = work.queue.pop() {
            work.queued[g as usize] = false;
            let group = &self.groups[g as usize];
            let ok = match &group.kind {
                Kind::House => self.house(st, &group.cells, work),
                Kind::Cage { combos } => {
                    self.distinct(st, &group.cells, work)
                        && combos
                            .as_ref()
                            .is_none_or(|sets| self.cage_sum(st, &group.cells, sets, work))
                }
                Kind::Sum(s) => self.sum_bounds(st, &group.cells, *s, work),
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// Solved digits leave the other cells; no digit twice.
    fn distinct(&self, st: &mut State, cells: &[u16], work: &mut Work) -> bool {
        let Some(solved) = solved(st, cells) else {
            return false;
        };
        if solved == 0 {
            return true;
        }
        let mut union = 0u32;
        for &c in cells {
            let c = c as usize;
            if st[c].count_ones() > 1 && !self.narrow(st, c, !solved, work) {
                return false;
            }
            union |= st[c];
        }
        union.count_ones() as usize >= cells.len()
    }

    /// A house: distinct, every digit somewhere, a digit with one place goes there.
    fn house(&self, st: &mut State, cells: &[u16], work: &mut Work) -> bool {
        if !self.distinct(st, cells, work) {
            return false;
        }
        let (mut once, mut twice) = (0u32, 0u32);
        for &c in cells {
            let m = st[c as usize];
            twice |= once & m;
            once |= m;
        }
        if once != self.fixed.full {
            return false;
        }
        let single = once & !twice;
        if single == 0 {
            return true;
        }
        for &c in cells {
            let c = c as usize;
            let hit = st[c] & single;
            if hit != 0 && st[c] != hit {
                if hit.count_ones() > 1 {
                    return false;
                }
                if !self.narrow(st, c, hit, work) {
                    return false;
                }
            }
        }
        true
    }

    /// A cage with a sum: only the digit sets that fit survive.
    fn cage_sum(&self, st: &mut State, cells: &[u16], sets: &[u32], work: &mut Work) -> bool {
        let Some(solved) = solved(st, cells) else {
            return false;
        };
        let (mut allowed, mut needed) = (0u32, self.fixed.full);
        'sets: for &set in sets {
            if solved & !set != 0 {
                continue;
            }
            let mut reach = 0u32;
            for &c in cells {
                let m = st[c as usize] & set;
                if m == 0 {
                    continue 'sets;
                }
                reach |= m;
            }
            if reach != set {
                continue;
            }
            allowed |= set;
            needed &= set;
        }
        if allowed == 0 {
            return false;
        }
        for &c in cells {
            if !self.narrow(st, c as usize, allowed, work) {
                return false;
            }
        }
        // A needed digit: one place in the cage goes there; places sharing a house clear it.
        let mut rest = needed & !solved;
        while rest != 0 {
            let d = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let mut places = cells.iter().filter(|&&c| st[c as usize] & d != 0);
            let Some(&first) = places.next() else {
                return false;
            };
            let mut common = self.fixed.houses_of[first as usize];
            let mut count = 1;
            for &c in places {
                count += 1;
                common &= self.fixed.houses_of[c as usize];
            }
            if count == 1 && !self.narrow(st, first as usize, d, work) {
                return false;
            }
            while common != 0 {
                let h = common.trailing_zeros() as usize;
                common &= common - 1;
                for &c in &self.fixed.houses[h] {
                    let c = c as usize;
                    if st[c] & d != 0
                        && !cells.contains(&(c as u16))
                        && !self.narrow(st, c, !d, work)
                    {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Digits with repeats summing to `s`: each cell within what the others' bounds leave.
    fn sum_bounds(&self, st: &mut State, cells: &[u16], s: u32, work: &mut Work) -> bool {
        let lo_of = |m: u32| m.trailing_zeros() + 1;
        let hi_of = |m: u32| 32 - m.leading_zeros();
        let (mut lo, mut hi) = (0u32, 0u32);
        for &c in cells {
            let m = st[c as usize];
            lo += lo_of(m);
            hi += hi_of(m);
        }
        if s < lo || s > hi {
            return false;
        }
        for &c in cells {
            let c = c as usize;
            let m = st[c];
            let (min, max) = (lo_of(m), hi_of(m));
            // This cell is at least s - (hi - max) and at most s - (lo - min).
            let least = (s + max).saturating_sub(hi).max(1);
            let most = (s + min - lo).min(self.fixed.n as u32);
            if least > min || most < max {
                let band = ((1u32 << most) - 1) & !((1u32 << (least - 1)) - 1);
                if !self.narrow(st, c, band, work) {
                    return false;
                }
            }
        }
        true
    }
}
