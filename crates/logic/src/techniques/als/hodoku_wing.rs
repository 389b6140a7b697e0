//! ALS-XY-wings as HoDoKu 2.2.4 finds them while solving (HoDoKu's order, issue 42): HoDoKu
//! applies the first wing its search meets, so its order is kept here.
//!
//! HoDoKu lists the restricted commons of its ALS list (the order of
//! [`enumerate`](super::enumerate)) forward only: for each ALS, the later disjoint ALS it has
//! a restricted common digit with, in order, each link holding its lowest such digit and (when
//! there are more) its highest. It tries every pair of links in that list, the earlier first;
//! a pair makes a wing when the two links share one ALS (the pivot C) and join it to two other
//! disjoint ALS A and B, and they are not both the same single digit. The digits common to A
//! and B other than every digit of both links leave each cell outside A and B (cells of C
//! included) that sees all their places in A and in B.
//!
//! Design decision: the pairs are taken in HoDoKu's order without trying all of them: for a
//! link between ALS p < q, only the later links starting at p or q, or ending at q, can share
//! an ALS with it. The list is ordered by first ALS, then second, so those partners are three
//! runs that follow one another in the list's order and do not overlap — the later links
//! starting at p, then those ending at q (their first ALS lies strictly between p and q),
//! then those starting at q — and are walked as they are, with no list gathered and sorted
//! (issue 45); with a memo, a link with no changed end keeps only partners with one (a wing is
//! the four ends of its links), read from per-ALS runs of the links whose other end is changed
//! (the same three runs filtered, so in the same order, and the others never visited), and a
//! pair whose end ALS have no common seer of a digit is passed over before a step is built.
//! So every pair tried holds a changed ALS (no test per pair), and since the links are taken
//! in list order, each run's part past the current link is found by a cursor per ALS that
//! only moves forward, not searched for every link. Within a run only one of HoDoKu's three
//! cases can apply, always the same, so the run names the wing's ALS without testing them
//! per pair ([`Run`], session 62).

use sudokit_core::DigitSet;

use super::{ALS_XY_WING, Als, LinkRows, wing_step, z_targets};
use crate::grid::CandidateGrid;
use crate::step::{Role, Step};
use crate::technique::Finder;

/// One restricted common: ALS `a1` < `a2` and its one or two digits.
#[derive(Clone, Copy, Debug)]
struct Rc {
    a1: usize,
    a2: usize,
    ds: DigitSet,
}

/// HoDoKu's digits of a link: the lowest restricted common and, with more, the highest.
fn first_last(ds: DigitSet) -> DigitSet {
    let mut it = ds.iter();
    let mut out = DigitSet::EMPTY;
    if let Some(d) = it.next() {
        out.insert(d);
    }
    if let Some(d) = it.last() {
        out.insert(d);
    }
    out
}

/// Emits ALS-XY-wings in HoDoKu's order; `adj` are the ALS links (both directions, ascending),
/// `fresh` which ALS may hold a new wing (see [`crate::memo::since_miss`]).
pub(super) fn find(
    g: &CandidateGrid,
    all: &[Als],
    adj: &LinkRows,
    fresh: &[bool],
    f: &mut Finder<'_>,
) {
    // (Each link is listed from both of its ALS, and is kept once.)
    let mut rcs = Vec::with_capacity(adj.total() / 2);
    let mut by_first = vec![0..0; all.len()];
    // Per ALS q, the links ending at q (ascending list indices): `second[second_at[q]..
    // second_at[q + 1]]`, filled in list order after a count per ALS.
    let mut second_at = vec![0usize; all.len() + 1];
    for (i, links) in adj.iter().enumerate() {
        let start = rcs.len();
        // (A row is ascending: its later ALS are its tail.)
        let later_ones = &links[links.partition_point(|&(j, _)| j <= i)..];
        for &(j, ds) in later_ones {
            second_at[j + 1] += 1;
            rcs.push(Rc {
                a1: i,
                a2: j,
                ds: first_last(ds),
            });
        }
        by_first[i] = start..rcs.len();
    }
    for q in 0..all.len() {
        second_at[q + 1] += second_at[q];
    }
    let mut fill = second_at.clone();
    let mut second = vec![0usize; rcs.len()];
    for (y, r) in rcs.iter().enumerate() {
        second[fill[r.a2]] = y;
        fill[r.a2] += 1;
    }
    // Per ALS p, the links starting at p whose second ALS is fresh, and per ALS q, those
    // ending at q whose first ALS is fresh (ascending list indices, flat as `second`): a link
    // with no fresh end has only these partners worth trying, in the same order.
    // (Not built when every ALS is fresh: every link has a fresh end then.)
    let (mut from_fresh, mut from_fresh_at) = (Vec::new(), vec![0]);
    let (mut into_fresh, mut into_fresh_at) = (Vec::new(), vec![0]);
    if !fresh.iter().all(|&x| x) {
        for i in 0..all.len() {
            from_fresh.extend(by_first[i].clone().filter(|&y| fresh[rcs[y].a2]));
            from_fresh_at.push(from_fresh.len());
            let ending = &second[second_at[i]..second_at[i + 1]];
            into_fresh.extend(ending.iter().filter(|&&y| fresh[rcs[y].a1]));
            into_fresh_at.push(into_fresh.len());
        }
    }
    // (Every list index, so that the runs starting at an ALS are slices too.)
    let ids: Vec<usize> = (0..rcs.len()).collect();
    // The runs past `x` of the lists searched by ALS, read through cursors: `x` only grows.
    let mut second_past = Cursors::new(&second_at);
    let mut from_fresh_past = Cursors::new(&from_fresh_at);
    let mut into_fresh_past = Cursors::new(&into_fresh_at);
    for (x, r1) in rcs.iter().enumerate() {
        // A wing's three ALS are the four ends of its two links: with no changed end on r1,
        // only a partner with one can make a wing worth searching.
        // The later links ending at r1's second ALS: their first ALS lies after r1's first
        // (r1 is the one link between the two), so they come after the later links starting
        // at r1's first and before those starting at its second.
        let runs = if fresh[r1.a1] || fresh[r1.a2] {
            [
                &ids[x + 1..by_first[r1.a1].end],
                second_past.later(&second, &second_at, r1.a2, x),
                &ids[by_first[r1.a2].clone()],
            ]
        } else {
            // The same runs with only the partners having a fresh other end.
            [
                from_fresh_past.later(&from_fresh, &from_fresh_at, r1.a1, x),
                into_fresh_past.later(&into_fresh, &into_fresh_at, r1.a2, x),
                from_fresh_past.later(&from_fresh, &from_fresh_at, r1.a2, x),
            ]
        };
        // Every partner in these runs has a fresh end when r1 has none, so each pair tried
        // holds a fresh ALS among its link ends, which are the wing's three ALS (see `pair`).
        // Each run names the wing's ALS in its own way (see [`Run`]): the pivot and A are
        // r1's, so they are looked up once per run, and only B per partner. (Each run its
        // own call with its `Run` a constant, so no case is chosen per pair.)
        let [first, into, from] = runs;
        let ctx = (g, all, fresh, rcs.as_slice());
        if !try_run(ctx, *r1, Run::FromFirst, first, f)
            || !try_run(ctx, *r1, Run::IntoSecond, into, f)
            || !try_run(ctx, *r1, Run::FromSecond, from, f)
        {
            return;
        }
    }
}

/// Tries `r1` with each partner of one of its runs (`run`, see [`Run`]) as a wing; `false`
/// when the finder stops. `ctx`: the grid, the ALS, which are fresh and the links.
#[inline(always)]
fn try_run(
    (g, all, fresh, rcs): (&CandidateGrid, &[Als], &[bool], &[Rc]),
    r1: Rc,
    run: Run,
    partners: &[usize],
    f: &mut Finder<'_>,
) -> bool {
    let (ai, ci) = run.a_and_pivot(r1);
    let (a, c) = (&all[ai], &all[ci]);
    let single = r1.ds.len() == 1;
    for &y in partners {
        let r2 = rcs[y];
        // (Two links of the same single digit make no wing, in HoDoKu's rule.)
        if single && r2.ds == r1.ds {
            continue;
        }
        #[cfg(test)]
        run.check(r1, r2);
        // (`find` passes only pairs with a fresh link end, and the ends are the wing's ALS.)
        debug_assert!(fresh[r1.a1] || fresh[r1.a2] || fresh[r2.a1] || fresh[r2.a2]);
        let b = &all[run.b(r2)];
        if !pair(g, [a, b, c], [r1.ds, r2.ds], f) {
            return false;
        }
    }
    true
}

/// The three runs of partners `r2` of a link `r1` between ALS p < q (see [`find`]), and the
/// wing each pair names (session 62). HoDoKu tests three cases per pair and the last that
/// applies names the pivot C and the ALS A and B; within a run only one can apply, always the
/// same: a partner starting at p has another second ALS (a row lists each ALS once), one
/// ending at q starts strictly between p and q, and one starting at q ends after q. So the
/// pivot and A depend on r1 alone and B on r2 alone, and no case is tested per pair.
#[derive(Clone, Copy, Debug)]
enum Run {
    /// The later links starting at p: pivot p, A = q, B = r2's second ALS.
    FromFirst,
    /// The later links ending at q: pivot q, A = p, B = r2's first ALS.
    IntoSecond,
    /// The links starting at q: pivot q, A = p, B = r2's second ALS.
    FromSecond,
}

impl Run {
    /// A and the pivot of every wing of `r1` with a partner in this run.
    #[inline(always)]
    fn a_and_pivot(self, r1: Rc) -> (usize, usize) {
        match self {
            Run::FromFirst => (r1.a2, r1.a1),
            Run::IntoSecond | Run::FromSecond => (r1.a1, r1.a2),
        }
    }
    /// B of the wing of a link with partner `r2` in this run.
    #[inline(always)]
    fn b(self, r2: Rc) -> usize {
        match self {
            Run::IntoSecond => r2.a1,
            Run::FromFirst | Run::FromSecond => r2.a2,
        }
    }
    /// (Tests.) The run's wing is the one HoDoKu's three cases name for `r1` and `r2`.
    #[cfg(test)]
    fn check(self, r1: Rc, r2: Rc) {
        let (a, c) = self.a_and_pivot(r1);
        assert_eq!(
            Some((a, self.b(r2), c)),
            hodoku_cases(r1, r2),
            "{self:?} {r1:?} {r2:?}"
        );
        CHECKED.with(|n| n.set(n.get() + 1));
    }
}

#[cfg(test)]
thread_local! {
    /// Pairs [`Run::check`] compared with HoDoKu's cases (tests only).
    pub(super) static CHECKED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// HoDoKu's cases for a pair of links, the last that applies naming (A, B, pivot); `None`
/// when the links share no ALS (tests only: [`Run`] names them without testing).
#[cfg(test)]
fn hodoku_cases(r1: Rc, r2: Rc) -> Option<(usize, usize, usize)> {
    let mut abc = None;
    if r1.a1 == r2.a1 && r1.a2 != r2.a2 {
        abc = Some((r1.a2, r2.a2, r1.a1));
    }
    if r1.a2 == r2.a1 && r1.a1 != r2.a2 {
        abc = Some((r1.a1, r2.a2, r1.a2));
    }
    if r1.a2 == r2.a2 && r1.a1 != r2.a1 {
        abc = Some((r1.a1, r2.a1, r1.a2));
    }
    abc
}

/// ALS `i`'s run of the flat `list` (see [`find`]) past list index `x`.
#[cfg(test)]
fn later<'l>(list: &'l [usize], at: &[usize], i: usize, x: usize) -> &'l [usize] {
    let run = &list[at[i]..at[i + 1]];
    &run[run.partition_point(|&y| y <= x)..]
}

/// Per ALS, where its run of a flat list (ascending, as in [`find`]) passes the last list
/// index asked about: asked with indices that never decrease, each run is read past once in
/// all, not searched again for every link.
struct Cursors(Vec<usize>);

impl Cursors {
    /// Cursors at the start of each run (`at`: the runs' offsets, as in [`find`]).
    fn new(at: &[usize]) -> Cursors {
        Cursors(at[..at.len().saturating_sub(1)].to_vec())
    }

    /// ALS `i`'s run of `list` past list index `x` (`later`'s answer), for an `x` no smaller
    /// than any asked before.
    #[inline(always)]
    fn later<'l>(&mut self, list: &'l [usize], at: &[usize], i: usize, x: usize) -> &'l [usize] {
        let end = at[i + 1];
        let mut p = self.0[i];
        while p < end && list[p] <= x {
            p += 1;
        }
        self.0[i] = p;
        &list[p..end]
    }
}

/// Tries the wing of ALS `a` and `b` with pivot `c`, joined by the links' digits `ds` (of a
/// link `r1` and a later `r2`; see [`Run`]), and emits it if it removes anything; `false`
/// when the finder stops.
#[inline(always)]
fn pair(g: &CandidateGrid, [a, b, c]: [&Als; 3], ds: [DigitSet; 2], f: &mut Finder<'_>) -> bool {
    if a.set.intersects(&b.set) {
        return true;
    }
    let skip = ds[0].0 | ds[1].0;
    let zs = DigitSet(a.cands.0 & b.cands.0 & !skip);
    // Exact: a cell seeing every z of A and every z of B holds z and lies in neither
    // (no cell sees itself), so the targets are empty when the seers do not meet.
    if !zs.iter().any(|z| a.seers(z).intersects(b.seers(z))) {
        return true;
    }
    let mut step = Step::new(&ALS_XY_WING).houses([a.house, b.house, c.house]);
    for z in zs.iter() {
        for t in z_targets(g, z, &[a, b], &[&a.set, &b.set]) {
            step = step.eliminate(t, z).mark(t, z, Role::Eliminated);
        }
    }
    if step.eliminations.is_empty() {
        return true;
    }
    f.emit(wing_step(g, step, [a, b, c], ds))
}

#[cfg(test)]
mod tests {
    use super::{Cursors, later};

    /// An ALS's run of a flat list, past a list index: only the later entries of its own run.
    #[test]
    fn later_keeps_the_entries_of_the_run_past_the_index() {
        let (list, at) = ([1, 4, 6, 2, 9], [0, 3, 3, 5]);
        assert_eq!(later(&list, &at, 0, 0), [1, 4, 6]);
        assert_eq!(later(&list, &at, 0, 4), [6]);
        assert_eq!(later(&list, &at, 0, 6), [] as [usize; 0]);
        assert!(later(&list, &at, 1, 0).is_empty());
        assert_eq!(later(&list, &at, 2, 1), [2, 9]);
        assert_eq!(later(&list, &at, 2, 2), [9]);
    }

    /// Cursors asked with indices that never decrease give `later`'s runs: every ALS's run,
    /// every index, on random ascending runs (each ALS asked at a random subset of the
    /// indices, as `find` asks them).
    #[test]
    fn cursors_give_the_runs_later_gives() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for _ in 0..200 {
            let alss = 1 + next(6) as usize;
            let top = 1 + next(40) as usize;
            let (mut list, mut at) = (Vec::new(), vec![0]);
            for _ in 0..alss {
                list.extend((0..top).filter(|_| next(3) == 0));
                at.push(list.len());
            }
            let mut cursors = Cursors::new(&at);
            for x in 0..top + 2 {
                for i in 0..alss {
                    if next(2) == 0 {
                        assert_eq!(cursors.later(&list, &at, i, x), later(&list, &at, i, x));
                    }
                }
            }
        }
    }
}
