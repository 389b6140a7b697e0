//! ALS-XY-chains as HoDoKu 2.2.4 searches them while solving (HoDoKu's order, issue 42).
//!
//! HoDoKu lists the ALS in its own order — rows, columns, boxes, each house's cells combined
//! depth first, a set kept where it is met first, one-cell sets included: the order of
//! [`enumerate`](super::enumerate) — and links two ALS only when they are disjoint and the
//! second comes later in that list ("forward only", its default while solving). From every ALS
//! it walks every chain along those links, at most 50 links long, each link on a restricted
//! common digit the link before it did not use (a first link with two such digits is walked
//! once for each; HoDoKu's rule for a link after one with two digits looks at the first of
//! them only, and so does this). A chain of four or more ALS removes each digit common to its
//! two ends, other than the link digits at the ends, from every cell that sees all its places
//! in both ends — cells of the middle ALS included. Of chains with the same eliminations the
//! one with the fewest cells is kept (the first found on a tie); the step applied is the one
//! with the most eliminations, then the lowest HoDoKu index sum of them (candidates sorted by
//! digit then cell, the i-th weighted by 1 + 80·i), then the first found.
//!
//! Design decision: a model of HoDoKu's search beside sudokit's own (which walks chains in
//! both directions, up to six ALS, never through an ALS sharing a cell with the chain, and
//! spares the chain's own cells): each finds chains the other does not, and only this one
//! gives HoDoKu's path. The walk can grow combinatorially, so it visits at most
//! [`NODES`] chains and keeps the best found by then.
//!
//! Miss certificate (issue 45, `memo::since_complete_miss`): after a search that visited every
//! chain and found none removing anything (grid M), a search on a refinement G of M walks only
//! into chains that can hold a *fresh* ALS, and counts the chains it passes over, so that it
//! stops exactly where the full walk would run out of its budget. An ALS of G is fresh when
//! one of its cells changed since M, or when a house before its own holds all its cells, has
//! too few empty cells on G to list a set of its size, and holds a changed cell (on M that
//! house may have listed it first: the list's order is the houses' order). Claim: a chain of
//! G whose ALS are all not fresh removes nothing. Each of its ALS reads on M as on G, so it is
//! an ALS of M; a house lists fewer sets as it fills, so M's enumeration lists it, in the
//! house it is listed in on G (an earlier one would be a house whose cap changed, which makes
//! it fresh); sets of one house come in an order fixed by their cells, so the chain's ALS come
//! in the same order on M and it is forward there too. Two ALS's restricted common digits
//! depend only on their cells' candidates, so its links and the digits HoDoKu's rule lets it
//! use are the same; its length is the same. M's walk was complete, so it visited the chain;
//! a cell removing a digit on G holds it on G, hence on M, and sees the same places of it in
//! both ends: M's chain removed it too — but M's search found nothing. So every chain the
//! full walk records on G holds a fresh ALS, and the walk passes over only subtrees whose
//! every chain (prefix before it included) lacks one: those whose prefix has no fresh ALS and
//! whose next ALS reaches no fresh ALS along forward links (any digits). Each such subtree's
//! size is counted ([`Counts`], memoised per ALS and entering digit, and per chain length
//! where the 50-link cap can cut it) and taken from the budget; when it exceeds what is left
//! the full walk would have stopped inside it with nothing more found, and so does this one.
//! So the chains recorded, their order and whether the walk completed are the full walk's.

use std::collections::HashMap;

use sudokit_core::{Cell, Digit, DigitSet, House};

use super::{Als, LinkRows, als_text, mark_als, max_als, rccs};
use crate::grid::{CandidateGrid, CellSet};
use crate::render::eliminations_text;
use crate::step::{Role, Step};
use crate::technique::Finder;
use crate::techniques::table::ALS_XY_CHAIN;

/// Chains visited at most per search.
const NODES: usize = 2_000_000;

/// HoDoKu's longest ALS chain while solving (its `MAX_RC`), in links.
const MAX_LINKS: usize = 50;

/// A link from one ALS to a later one: its one or two restricted common digits (HoDoKu keeps
/// two; with more, the first and the last). (`to` is a `u32`: a link is then 8 bytes, which
/// the walk copies for every link it looks at and every chain it visits.)
#[derive(Clone, Copy)]
pub(super) struct Link {
    pub(super) to: u32,
    pub(super) d1: Digit,
    pub(super) d2: Option<Digit>,
}

/// Which of a link's digits a chain uses: the first, the second or both.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Uses {
    First,
    Second,
    Both,
}

impl Link {
    /// The digits the chain uses on this link.
    fn used(&self, u: Uses) -> Vec<Digit> {
        match (u, self.d2) {
            (Uses::First, _) | (Uses::Both, None) => vec![self.d1],
            (Uses::Second, Some(d)) => vec![d],
            (Uses::Both, Some(d)) => vec![self.d1, d],
            (Uses::Second, None) => Vec::new(),
        }
    }

    /// [`Link::used`] as a digit mask.
    fn mask(&self, u: Uses) -> u64 {
        let bit = |d: Digit| DigitSet::single(d).0;
        match (u, self.d2) {
            (Uses::First, _) | (Uses::Both, None) => bit(self.d1),
            (Uses::Second, Some(d)) => bit(d),
            (Uses::Both, Some(d)) => bit(self.d1) | bit(d),
            (Uses::Second, None) => 0,
        }
    }

    /// HoDoKu's `checkRC` after a link: the digits of this link a chain entering its ALS by
    /// `e` (see [`entering`]) may use, or `None` when none is left. (A first link has no link
    /// before it: one with two digits is walked on each, see [`Walk::walk_from`].)
    fn after(&self, e: Digit) -> Option<Uses> {
        match self.d2 {
            None => (self.d1 != e).then_some(Uses::First),
            Some(d2) if d2 == e => Some(Uses::First),
            Some(_) if self.d1 == e => Some(Uses::Second),
            Some(_) => Some(Uses::Both),
        }
    }
}

/// A chain found: its eliminations (digit-major, as HoDoKu sorts them), ALS and links.
struct Found {
    elims: Vec<(Digit, Cell)>,
    cells: usize,
    als: Vec<usize>,
    links: Vec<(Link, Uses)>,
}

/// The digit a chain enters the next ALS by after taking `link` with `u`: the one HoDoKu's
/// rule compares the next link with (see [`Link::after`]): the first digit it uses, even when
/// it uses both (HoDoKu looks at that one only).
fn entering(link: Link, u: Uses) -> Digit {
    match u {
        Uses::Second => link.d2.unwrap_or(link.d1),
        Uses::First | Uses::Both => link.d1,
    }
}

/// How many chains the full walk visits below a chain, without walking them: a function of
/// the ALS it ends in, the digit it entered by (none for a chain of one ALS) and, only where
/// the 50-link cap can cut the walk, its length. Saturates above the walk's budget.
struct Counts {
    /// Per ALS, its longest forward path in links (any digits).
    height: Vec<usize>,
    /// Per ALS and entering digit (index 0: none), the count when the cap cuts nothing.
    /// (`u32`: counts saturate at the budget, and the table, cleared for every walk, is half
    /// the size `Option<usize>` made it.)
    free: Vec<Option<u32>>,
    /// The same where the cap may cut, by length too.
    capped: HashMap<(usize, usize, usize), usize>,
    digits: usize,
    /// Counts above the walk's budget are kept as budget + 1.
    most: usize,
}

impl Counts {
    fn new(links: &[Vec<Link>], digits: usize, budget: usize) -> Counts {
        let mut height = vec![0; links.len()];
        for i in (0..links.len()).rev() {
            height[i] = links[i]
                .iter()
                .map(|l| 1 + height[l.to as usize])
                .max()
                .unwrap_or(0);
        }
        Counts {
            height,
            free: vec![None; links.len() * (digits + 1)],
            capped: HashMap::new(),
            digits,
            most: budget.saturating_add(1),
        }
    }

    /// The chains [`Walk::walk`] visits from ALS `at` entered by `e`, with `len` links so far.
    fn below(&mut self, links: &[Vec<Link>], at: usize, e: Option<Digit>, len: usize) -> usize {
        if len >= MAX_LINKS {
            return 0;
        }
        let slot = e.map_or(0, |d| d.index() + 1);
        let free = len + self.height[at] <= MAX_LINKS;
        let known = if free {
            self.free[at * (self.digits + 1) + slot].map(|n| n as usize)
        } else {
            self.capped.get(&(at, slot, len)).copied()
        };
        if let Some(n) = known {
            return n;
        }
        let mut n = 0usize;
        for &link in &links[at] {
            let take = |u: Uses, n: &mut usize, me: &mut Counts| {
                let sub = me.below(links, link.to as usize, Some(entering(link, u)), len + 1);
                *n = n.saturating_add(1).saturating_add(sub).min(me.most);
            };
            match e {
                None => {
                    take(Uses::First, &mut n, self);
                    if link.d2.is_some() {
                        take(Uses::Second, &mut n, self);
                    }
                }
                Some(d) => {
                    if let Some(u) = link.after(d) {
                        take(u, &mut n, self);
                    }
                }
            }
        }
        if free {
            self.free[at * (self.digits + 1) + slot] =
                Some(u32::try_from(n).expect("counts saturate at the budget"));
        } else {
            self.capped.insert((at, slot, len), n);
        }
        n
    }
}

/// What the walk may pass over (see the module doc): per ALS, whether a fresh ALS is it or
/// lies forward of it; and the counts of what is passed over.
struct Skip {
    reach: Vec<bool>,
    fresh: Vec<bool>,
    counts: Counts,
}

/// The walk's state: the links, the chain so far and the chains found.
struct Walk<'a> {
    g: &'a CandidateGrid,
    all: &'a [Als],
    /// The forward links (borrowed, so the walk reads a row while it recurses).
    links: &'a [Vec<Link>],
    start: usize,
    chain: Vec<(Link, Uses)>,
    found: Vec<Found>,
    by_elims: HashMap<Vec<(Digit, Cell)>, usize>,
    nodes: usize,
    skip: Option<Skip>,
    /// Per ALS `j`, for the chain's first ALS: the digits common to both whose seers meet
    /// (some cell could lose the digit to both ends), computed when a chain first ends at
    /// `j`. Many chains from one first ALS end at the same ALS; the test whether one removes
    /// anything is then a mask. Kept as (first ALS, digits): an entry for another first ALS
    /// is not computed yet, so nothing is cleared between first ALS.
    ends: Vec<(u32, u64)>,
    /// The digits the chain's first link uses, as a mask (set as the walk takes it).
    first: u64,
}

impl<'a> Walk<'a> {
    /// Takes the `n` chains the full walk would visit in a subtree passed over from the
    /// budget; `false` when it would run out there.
    fn pass_over(&mut self, n: usize) -> bool {
        if n > self.nodes {
            self.nodes = 0;
            return false;
        }
        self.nodes -= n;
        true
    }

    /// Walks every chain from the first ALS `at` (HoDoKu's `checkRC` without a link before:
    /// a link with two digits is walked on its first, then on its second); `false` once the
    /// node budget is spent. `hot`: the first ALS is fresh (always, without a [`Skip`]).
    fn walk_from(&mut self, at: usize, hot: bool, f: &Finder<'_>) -> bool {
        let row: &'a [Link] = &self.links[at];
        for &link in row {
            self.first = link.mask(Uses::First);
            if !self.step(link, Uses::First, hot, f) {
                return false;
            }
            if link.d2.is_some() {
                self.first = link.mask(Uses::Second);
                if !self.step(link, Uses::Second, hot, f) {
                    return false;
                }
            }
        }
        true
    }

    /// Walks on from ALS `at`, entered by digit `e` (see [`entering`]); `false` once the node
    /// budget is spent. `hot`: the chain so far holds a fresh ALS (always, without a [`Skip`]).
    fn walk(&mut self, at: usize, e: Digit, hot: bool, f: &Finder<'_>) -> bool {
        if self.chain.len() >= MAX_LINKS {
            return true;
        }
        let row: &'a [Link] = &self.links[at];
        for &link in row {
            let Some(u) = link.after(e) else {
                continue;
            };
            if !self.step(link, u, hot, f) {
                return false;
            }
        }
        true
    }

    /// Takes `link` with `u` from the chain so far and walks on (or passes the subtree over);
    /// `false` once the node budget is spent.
    #[inline(always)]
    fn step(&mut self, link: Link, u: Uses, hot: bool, f: &Finder<'_>) -> bool {
        let (to, e) = (link.to as usize, entering(link, u));
        // A subtree passed over (see the module doc) still spends its chains' budget.
        let mut next_hot = hot;
        if !hot && let Some(skip) = self.skip.as_mut() {
            if skip.reach[to] {
                next_hot = skip.fresh[to];
            } else {
                let n = 1 + skip
                    .counts
                    .below(self.links, to, Some(e), self.chain.len() + 1);
                return self.pass_over(n);
            }
        }
        if self.nodes == 0 || (self.nodes.is_multiple_of(4096) && f.out_of_time()) {
            return false;
        }
        self.nodes -= 1;
        self.chain.push((link, u));
        if self.chain.len() >= 3 {
            self.check(to, link.mask(u));
        }
        // (An ALS without forward links ends the chain: nothing to walk.)
        let go = self.links[to].is_empty() || self.walk(to, e, next_hot, f);
        self.chain.pop();
        go
    }

    /// Records the chain in `chain` if it removes anything.
    /// `to` and `last`: the chain's last ALS and the digits its last link uses, as a mask.
    #[inline(always)]
    fn check(&mut self, to: usize, last: u64) {
        #[cfg(test)]
        {
            let (first, end) = (self.chain[0], *self.chain.last().expect("a link"));
            assert_eq!(self.first, first.0.mask(first.1), "stale first link digits");
            assert_eq!(
                (to, last),
                (end.0.to as usize, end.0.mask(end.1)),
                "not the last link"
            );
        }
        let skip = self.first | last;
        // Most chains remove nothing: test that with set intersections before listing.
        let end = &mut self.ends[to];
        if end.0 != self.start as u32 {
            *end = (
                self.start as u32,
                meet(&self.all[self.start], &self.all[to]),
            );
        }
        // (Tests: the cached digits are those of this first ALS and end.)
        #[cfg(test)]
        assert_eq!(
            end.1,
            meet(&self.all[self.start], &self.all[to]),
            "stale end digits"
        );
        if end.1 & !skip != 0 {
            self.record(to, skip);
        }
    }

    /// [`Walk::check`] past its test: lists what the chain ending at ALS `to` removes (digits
    /// but `skip`) and records it if anything (out of line: few chains get here).
    #[cold]
    #[inline(never)]
    fn record(&mut self, to: usize, skip: u64) {
        let (a, b) = (&self.all[self.start], &self.all[to]);
        let common = DigitSet(a.cands.0 & b.cands.0 & !skip);
        let mut elims = Vec::new();
        for z in common.iter() {
            let mut t = a.seers(z).clone();
            t.intersect_with(b.seers(z));
            elims.extend(t.iter().filter(|&c| self.g.has(c, z)).map(|c| (z, c)));
        }
        if elims.is_empty() {
            return;
        }
        let als: Vec<usize> = std::iter::once(self.start)
            .chain(self.chain.iter().map(|(l, _)| l.to as usize))
            .collect();
        let cells = als.iter().map(|&i| self.all[i].cells.len()).sum();
        let new = Found {
            elims: elims.clone(),
            cells,
            als,
            links: self.chain.clone(),
        };
        match self.by_elims.get(&elims) {
            Some(&i) if self.found[i].cells > cells => self.found[i] = new,
            Some(_) => {}
            None => {
                self.by_elims.insert(elims, self.found.len());
                self.found.push(new);
            }
        }
    }
}

/// The digits common to `a` and `b` whose seers meet: some cell could lose the digit to both.
fn meet(a: &Als, b: &Als) -> u64 {
    DigitSet(a.cands.0 & b.cands.0)
        .iter()
        .filter(|&z| a.seers(z).intersects(b.seers(z)))
        .fold(0, |m, z| m | DigitSet::single(z).0)
}

/// HoDoKu's restricted commons while solving: per ALS, its links to the later disjoint ALS
/// it has a restricted common digit with, in ascending order of the later ALS. `adj` is the
/// shared link table without overlap ([`super::als_and_links`]), when the caller has it: the
/// same pairs and digits as [`rccs`] between every pair, without testing every pair.
pub(super) fn forward_links(all: &[Als], adj: Option<&LinkRows>) -> Vec<Vec<Link>> {
    let link = |to: usize, ds: DigitSet| {
        let mut it = ds.iter();
        let d1 = it.next()?;
        Some(Link {
            to: u32::try_from(to).expect("ALS are counted in u32"),
            d1,
            d2: it.last(),
        })
    };
    match adj {
        Some(adj) => adj
            .iter()
            .enumerate()
            .map(|(i, row)| {
                // The row is ascending: its later ALS are a suffix, and the list is
                // allocated once for it.
                let later = &row[row.partition_point(|&(j, _)| j <= i)..];
                let mut out = Vec::with_capacity(later.len());
                out.extend(later.iter().filter_map(|&(j, ds)| link(j, ds)));
                out
            })
            .collect(),
        None => (0..all.len())
            .map(|i| {
                (i + 1..all.len())
                    .filter_map(|j| link(j, rccs(&all[i], &all[j], false)))
                    .collect()
            })
            .collect(),
    }
}

/// HoDoKu's index sum of eliminations in its order.
fn index_sum(elims: &[(Digit, Cell)]) -> usize {
    elims
        .iter()
        .enumerate()
        .map(|(i, &(d, c))| c.index() * (1 + 80 * i) + d.get() as usize)
        .sum()
}

/// Per ALS of `all`, whether it is fresh on `g` since the miss grid `changed` is taken from
/// (see the module doc): it holds a changed cell, or a house before its own holds all its
/// cells, too few empty cells to list a set of its size, and a changed cell.
pub(super) fn fresh(g: &CandidateGrid, all: &[Als], changed: &CellSet) -> Vec<bool> {
    let cap = max_als(g.size()).max(1);
    let caps: Vec<usize> = g
        .houses()
        .map(|h| {
            let cells = g.house_cells(h);
            let empty = cells.iter().filter(|&&c| g.value(c).is_none()).count();
            cap.min(empty.saturating_sub(1)).max(1)
        })
        .collect();
    let touched: Vec<bool> = g
        .houses()
        .map(|h| g.house_cells(h).iter().any(|&c| changed.contains(c)))
        .collect();
    all.iter()
        .map(|a| {
            a.set.intersects(changed)
                || g.houses_of(a.cells[0]).iter().any(|&h| {
                    h < a.house
                        && touched[h.index()]
                        && a.cells.len() > caps[h.index()]
                        && a.cells[1..].iter().all(|&c| g.houses_of(c).contains(&h))
                })
        })
        .collect()
}

/// Emits the ALS-XY-chain HoDoKu would apply on `g`, if any; with `changed` (the cells changed
/// since the last complete miss) only chains holding a fresh ALS are walked, the others
/// counted (see the module doc). `false` when the walk ran out of its budget.
pub(super) fn find(
    g: &CandidateGrid,
    all: &[Als],
    adj: Option<&LinkRows>,
    changed: Option<&CellSet>,
    f: &mut Finder<'_>,
) -> bool {
    find_within(g, all, adj, changed, NODES, f)
}

/// [`find`] with a walk of at most `budget` chains (the tests try small ones).
pub(super) fn find_within(
    g: &CandidateGrid,
    all: &[Als],
    adj: Option<&LinkRows>,
    changed: Option<&CellSet>,
    budget: usize,
    f: &mut Finder<'_>,
) -> bool {
    let links = forward_links(all, adj);
    let skip = changed.map(|ch| {
        let fresh = fresh(g, all, ch);
        let mut reach = fresh.clone();
        for i in (0..all.len()).rev() {
            if !reach[i] {
                reach[i] = links[i].iter().any(|l| reach[l.to as usize]);
            }
        }
        Skip {
            reach,
            fresh,
            counts: Counts::new(&links, g.size(), budget),
        }
    });
    let mut w = Walk {
        g,
        all,
        links: &links,
        start: 0,
        chain: Vec::with_capacity(MAX_LINKS),
        found: Vec::new(),
        by_elims: HashMap::new(),
        nodes: budget,
        skip,
        ends: vec![(u32::MAX, 0); all.len()],
        first: 0,
    };
    let mut complete = true;
    for start in 0..all.len() {
        w.start = start;
        // Walked (with whether the chain is fresh already) or passed over (how many chains).
        let next = match w.skip.as_mut() {
            None => Ok(true),
            Some(skip) if skip.reach[start] => Ok(skip.fresh[start]),
            Some(skip) => Err(skip.counts.below(w.links, start, None, 0)),
        };
        let go = match next {
            Ok(hot) => w.walk_from(start, hot, f),
            Err(n) => w.pass_over(n),
        };
        if !go {
            complete = false;
            break;
        }
    }
    if f.out_of_time() {
        return complete;
    }
    let Some(best) = w
        .found
        .iter()
        .enumerate()
        .min_by_key(|(i, s)| (usize::MAX - s.elims.len(), index_sum(&s.elims), *i))
        .map(|(_, s)| s)
    else {
        return complete;
    };
    let mut step = Step::new(&ALS_XY_CHAIN);
    for &(d, cell) in &best.elims {
        step = step.eliminate(cell, d).mark(cell, d, Role::Eliminated);
    }
    let mut parts = Vec::new();
    for (k, &i) in best.als.iter().enumerate() {
        if k > 0 {
            let (l, u) = best.links[k - 1];
            let ds: Vec<String> = l.used(u).iter().map(|d| d.to_string()).collect();
            parts.push(format!("-{}-", ds.join("/")));
        }
        let role = if k % 2 == 0 {
            Role::ColorA
        } else {
            Role::ColorB
        };
        step = mark_als(step, g, &all[i], role);
        parts.push(als_text(g, &all[i]));
    }
    let (first, last) = (best.links[0], *best.links.last().expect("a link"));
    let mut digits = first.0.used(first.1);
    digits.extend(last.0.used(last.1));
    let houses: Vec<House> = best.als.iter().map(|&i| all[i].house).collect();
    let text = format!(
        "A chain of almost locked sets linked by restricted common digits: {}. One of the two ends is locked, so {}.",
        parts.join(" "),
        eliminations_text(g.layout(), &step.eliminations)
    );
    f.emit(step.houses(houses).digits(digits).text(text));
    complete
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use sudokit_core::format::{InputFormat, parse_one};

    use super::*;
    use crate::memory::Memory;
    use crate::solver::LogicSolver;
    use crate::technique::{Deadline, Options};

    /// The chains HoDoKu's walk visits below ALS `at` entered by `e` (none: a first ALS),
    /// written out: a first link with two digits once on each, later links as `checkRC` lets.
    fn chains(links: &[Vec<Link>], at: usize, e: Option<Digit>, len: usize) -> usize {
        if len >= MAX_LINKS {
            return 0;
        }
        let mut n = 0;
        for l in &links[at] {
            let uses: Vec<Uses> = match e {
                None if l.d2.is_some() => vec![Uses::First, Uses::Second],
                None => vec![Uses::First],
                Some(d) => l.after(d).into_iter().collect(),
            };
            for u in uses {
                n += 1 + chains(links, l.to as usize, Some(entering(*l, u)), len + 1);
            }
        }
        n
    }

    /// The walk (walk_from, walk, step) visits exactly the chains HoDoKu's rule gives: with a
    /// budget of that many it completes, with one less it does not (every grid of a solving
    /// path whose walk fits the budget).
    #[test]
    fn the_walk_visits_exactly_hodokus_chains() {
        let p = parse_one(
            "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
            InputFormat::Auto,
        )
        .unwrap();
        let opts = Options {
            hodoku: true,
            ..Options::default()
        };
        let solver = LogicSolver::default();
        let mut g = CandidateGrid::new(&p);
        let (mut grids, mut most) = (0, 0);
        let memory = Memory::new();
        loop {
            let (all, adj) = super::super::als_and_links(&g, false, &memory);
            let links = forward_links(&all, Some(&adj));
            let n: usize = (0..all.len()).map(|i| chains(&links, i, None, 0)).sum();
            if (1..NODES).contains(&n) {
                let walk = |budget: usize| {
                    let mut sink = |_| ControlFlow::Continue(());
                    let mut f = Finder::new(&opts, &memory, &mut sink);
                    find_within(&g, &all, Some(&adj), None, budget, &mut f)
                };
                assert!(walk(n), "{n} chains");
                assert!(!walk(n - 1), "{n} chains");
                grids += 1;
                most = most.max(n);
            }
            let Some(step) = solver.next_step_in(&g, &Deadline::none(), &memory) else {
                break;
            };
            g.apply(&step);
        }
        assert!(
            grids > 10 && most > 1000,
            "{grids} grids, at most {most} chains"
        );
    }
}
