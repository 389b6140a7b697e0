//! A cheap certificate, after a grid whose implication graph had no self-contradicting
//! candidate, that a refined grid has none either — so the nice-loop and AIC finders of that
//! kind report nothing there without building the closure or searching.
//!
//! Design decision: certify a property of the *graph*, never of the searches. The searches
//! are breadth-first trees (HoDoKu's tables: one chain per node and value, HoDoKu's lasso
//! rule, eliminations read off the whole chain), so "the finder reported nothing on grid S"
//! does not carry over to a refined grid S' ⊂ S through old links: a candidate removed on
//! S' can take away the chain the tree held to some state and let another chain of S, one
//! the tree never looked at, through. What does carry over is the closure's fact
//! ([`Closure`]): no candidate X has "X true" reaching "X false". The finders rest on it:
//!
//! - an open chain (AIC) or a continuous loop removes only candidates X with "X true"
//!   reaching "X false" (argued at [`Closure`]; the finders already skip a grid without any);
//! - a discontinuous loop concludes only through such an X too. From "S true" it reaches
//!   "S false" (S is X), or a true node weakly linked to S, one link before "S false". From
//!   "S false" it reaches a candidate V of S's cell true (V = S or another digit), and
//!   removes every other candidate F of the cell: "F true" → "S false" (same cell) ⇝ "V
//!   true" → "F false" (same cell). In HoDoKu's order it may also reach "V false" for
//!   another digit V of the cell, removing V: "V true" → "S false" ⇝ "V false". Every link
//!   used there is one the closure walks for the kinds with loops (Any, Grouped), so with no
//!   such X there is no discontinuous loop either.
//!
//! Why the fact carries over: S' only lost candidates. A weak link of S' joins two nodes
//! that were nodes of S with the same weak link (candidates: same cell or same digit in peer
//! cells; a group of the same digit and cells sees the same cells, and every candidate it
//! is linked to in S' held its digit in S). A strong link of S' may be new (a house or cell
//! left with two places), and so may every link of a group whose cells changed (such a
//! group is mapped to the smallest group of S holding its cells, and each of its links is
//! looked up in S's graph between the images). A path
//! "X true" ⇝ "X false" in S' through old links only was one in S. So if S had no such X,
//! every such path of S' uses a new link (s → t): "X true" reaches s, t reaches "X false".
//! The implication graph is its own contrapositive ("a → b" comes with "¬b → ¬a": strong and
//! weak links are symmetric), so "X true" reaches s exactly when ¬s reaches "X false". The
//! certificate walks forward from each new link's target and from its negated source (each
//! distinct state walked once, every link's pair asked while there are at most `MAX_WALKS`
//! such states, else one pair of walks from all targets and all negated sources; against the
//! closure's all-pairs reach) and holds when no candidate's "false" state is reached by both
//! walks of a pair: sound (a union of walks over-approximates each link's pair of walks), and
//! exact about the finders' output, since they report nothing when it holds. How sharp the
//! test is changes only the cost, never the output (argued at `may_pass`). When it does not hold, the
//! closure is built and the finders run unchanged. No limit of the finders enters the
//! argument (it is about the graph; the chain-length cap only shrinks what they report).

use std::rc::Rc;
use std::sync::Arc;

use sudokit_core::Layout;

use super::search::allows;
use super::*;
use crate::memory::Memory;

/// A grid on which one kind's graph had no candidate whose "true" reaches its "false".
pub(super) struct NoContra {
    pub(super) kind: Kind,
    pub(super) layout: Arc<Layout>,
    /// Per cell, its candidates (empty for a filled cell).
    pub(super) cands: Vec<DigitSet>,
    pub(super) links: Rc<Links>,
    /// The candidates of the last grid certified from this one without building its graph
    /// ([`super::regraph`]), so the finders after the first on that grid do not walk again.
    pub(super) lazy: Option<Vec<DigitSet>>,
}

/// Whether the links `links` of `g` may be used by [`certified`] and [`remember`]: the kinds
/// whose finders the closure prunes, without ALS nodes (their loops remove by another
/// argument).
pub(super) fn applies(kind: Kind, links: &Links) -> bool {
    matches!(kind, Kind::Any | Kind::Grouped) && links.als.is_empty()
}

/// Whether `kind`'s graph on `g` (links `links`) is certainly free of a candidate whose
/// "true" reaches its "false", from the last grid of that kind remembered free of one; if
/// so `g` is remembered in its place.
pub(super) fn certified(g: &CandidateGrid, links: &Rc<Links>, kind: Kind, memory: &Memory) -> bool {
    // The grouped graph holds every link of the plain one (the same candidate links; the
    // grouped kind allows every tag), so a plain self-contradicting candidate of this grid
    // is a grouped one too: the walks would only say "maybe" (session 40).
    if kind == Kind::Grouped && super::state::kept_contra(g, Kind::Any, memory) == Some(true) {
        return false;
    }
    let (ok, same) = {
        let certs = memory.chains.no_contra.borrow();
        let Some(old) = certs.iter().find(|c| c.kind == kind) else {
            return false;
        };
        match refines(old, g) {
            None => (false, false),
            // The remembered grid itself (the finders of a kind run one after another).
            Some(true) => (true, true),
            Some(false) => (!contra_may_pass_new_links(old, links, kind), false),
        }
    };
    if ok && !same {
        remember(g, links, kind, false, memory);
    }
    ok
}

/// Remembers `g` for `kind` when its graph has no self-contradicting candidate
/// (`any_contra` false), else forgets the kind's grid.
pub(super) fn remember(
    g: &CandidateGrid,
    links: &Rc<Links>,
    kind: Kind,
    any_contra: bool,
    memory: &Memory,
) {
    let mut certs = memory.chains.no_contra.borrow_mut();
    certs.retain(|c| c.kind != kind);
    if any_contra {
        return;
    }
    certs.push(NoContra {
        kind,
        layout: g.layout_arc().clone(),
        cands: g.cells().map(|c| g.candidates(c)).collect(),
        links: links.clone(),
        lazy: None,
    });
}

/// Whether `g` refines the remembered grid: the same layout and every candidate of `g` one
/// of the remembered grid's (a filled cell of `g` has none); `Some(true)` when they are the
/// same candidates, `None` when `g` does not refine it.
pub(super) fn refines(old: &NoContra, g: &CandidateGrid) -> Option<bool> {
    if !(Arc::ptr_eq(&old.layout, g.layout_arc()) || *old.layout == *g.layout())
        || old.cands.len() != g.cell_count()
    {
        return None;
    }
    let mut same = true;
    for c in g.cells() {
        let (now, was) = (g.candidates(c).0, old.cands[c.index()].0);
        if now & !was != 0 {
            return None;
        }
        same &= now == was;
    }
    Some(same)
}

/// Whether some candidate X of the new graph `links` may have "X true" reaching "X false"
/// through a link that is not one of `old`'s (see the module doc).
fn contra_may_pass_new_links(old: &NoContra, links: &Links, kind: Kind) -> bool {
    let (targets, sources) = new_link_walks(old, links, kind);
    may_pass(links, kind, &targets, &sources)
}

/// The new links of `links` against `old` (see the module doc), as the states to walk from:
/// per new link (s → t), its target t and its negated source ¬s.
fn new_link_walks(old: &NoContra, links: &Links, kind: Kind) -> (Vec<usize>, Vec<usize>) {
    let total = links.strong.len();
    // The old node of each new node: candidates keep their ids; a group maps to the old
    // group of the same digit and cells (`exact`: its weak links are old), else to the
    // smallest old group of its digit holding all its cells, else to none (all its links
    // new). The argument needs only that every link of the new graph between mapped nodes
    // is a link of the old graph between their images (a path maps to a path, each
    // candidate to itself), so the links of a group mapped to a bigger one are checked one
    // by one against the old graph.
    let mut exact = vec![true; total];
    let map: Vec<Option<u32>> = (0..total as u32)
        .map(|v| {
            if !links.is_group(v) {
                return Some(v);
            }
            let grp = links.group(v);
            if let Some(o) = old.links.group_node(grp.digit, &grp.cells) {
                return Some(o);
            }
            exact[v as usize] = false;
            smallest_holder(&old.links, grp)
        })
        .collect();
    // New links as state transitions: targets to walk from, negated sources to walk from.
    let st = |v: u32, val: bool| 2 * v as usize + usize::from(val);
    let (mut from_targets, mut from_sources) = (Vec::new(), Vec::new());
    let mut add = |s: usize, t: usize| {
        from_targets.push(t);
        from_sources.push(s ^ 1);
    };
    for v in 0..total as u32 {
        for &(w, tag) in &links.strong[v as usize] {
            if !allows(kind, tag) {
                continue;
            }
            let known = match (map[v as usize], map[w as usize]) {
                (Some(a), Some(b)) => old.links.strong[a as usize]
                    .iter()
                    .any(|&(x, t)| x == b && allows(kind, t)),
                _ => false,
            };
            if !known {
                add(st(v, false), st(w, true));
            }
        }
        // Weak links are old between candidates and exactly mapped groups; a changed
        // group's are old where the old graph has them between the mapped nodes (both
        // directions are listed, the lists being symmetric).
        if kind == Kind::Grouped && !exact[v as usize] {
            for &w in &links.weak_groups[v as usize] {
                let known = match (map[v as usize], map[w as usize]) {
                    (Some(a), Some(b)) => {
                        old.links.weak_groups[a as usize].contains(&b)
                            && old.links.weak_groups[b as usize].contains(&a)
                    }
                    _ => false,
                };
                if !known {
                    add(st(v, true), st(w, false));
                    add(st(w, true), st(v, false));
                }
            }
        }
    }
    (from_targets, from_sources)
}

/// Whether some candidate's "false" state is reached both from `targets[i]` and from
/// `sources[i]` for some `i` (a new link's target and its negated source, see the module
/// doc).
///
/// The question for one pair is symmetric in its two states, and the two directions of a
/// link give the same pair: a strong link a–b is (a false → b true) and (b false → a true),
/// walked from "b true" and "a true" both times; a weak link likewise. So each pair is asked
/// once, unordered, and each distinct state is walked at most once, as a bit row, however
/// many pairs hold it (until session 40 each pair walked both its states, so every walk was
/// made at least twice). While there are at most [`MAX_WALKS`] distinct states every pair is
/// asked exactly; above that, one pair of walks from all targets and all sources is asked
/// (an over-approximation: it holds whenever some pair does).
///
/// *Exactness:* how precise this test is never changes what the finders report. It is
/// sound (it says "no" only when no pair reaches a common candidate "false", so the new grid
/// has no self-contradicting candidate), and when it says "maybe" the finder builds the
/// closure, which on such a grid finds no contradiction either: the finders then report
/// nothing and the grid is remembered just as a certified one is (`remember` with
/// `any_contra` false), so a sharper or blunter test changes only the cost.
fn may_pass(links: &Links, kind: Kind, targets: &[usize], sources: &[usize]) -> bool {
    let mut stack = Vec::new();
    may_pass_by(links, targets, sources, |from| {
        reach(links, kind, from, &mut stack)
    })
}

/// [`may_pass`] with the walk given: `walk(states)` is the bit row of the states reachable
/// from `states` in the graph asked about (the new graph, or a graph holding a map of it,
/// [`super::regraph`]).
pub(super) fn may_pass_by(
    links: &Links,
    targets: &[usize],
    sources: &[usize],
    mut walk: impl FnMut(&[usize]) -> Vec<u64>,
) -> bool {
    if targets.is_empty() {
        return false;
    }
    let mut states: Vec<usize> = Vec::new();
    let mut at = |s: usize| match states.iter().position(|&x| x == s) {
        Some(i) => i,
        None => {
            states.push(s);
            states.len() - 1
        }
    };
    let mut pairs: Vec<(usize, usize)> = Vec::with_capacity(targets.len());
    for (&t, &s) in targets.iter().zip(sources) {
        let (i, j) = (at(t), at(s));
        let p = (i.min(j), i.max(j));
        if !pairs.contains(&p) {
            pairs.push(p);
        }
    }
    if states.len() > MAX_WALKS {
        let a = walk(targets);
        let b = walk(sources);
        return meet_at_a_false_candidate(links, &a, &b);
    }
    let mut rows: Vec<Option<Vec<u64>>> = vec![None; states.len()];
    for (i, j) in pairs {
        for k in [i, j] {
            if rows[k].is_none() {
                rows[k] = Some(walk(&states[k..k + 1]));
            }
        }
        let (Some(a), Some(b)) = (&rows[i], &rows[j]) else {
            unreachable!("both rows walked above");
        };
        if meet_at_a_false_candidate(links, a, b) {
            return true;
        }
    }
    false
}

/// Whether the state rows `a` and `b` (bits `2 * node + value`) share a candidate's "false"
/// state.
fn meet_at_a_false_candidate(links: &Links, a: &[u64], b: &[u64]) -> bool {
    let states = 2 * links.cands;
    a.iter().zip(b).enumerate().any(|(w, (&x, &y))| {
        let lo = 64 * w;
        if lo >= states {
            return false;
        }
        // Even bits are "false" states; past the candidates are groups.
        let mut mask = 0x5555_5555_5555_5555u64;
        if states - lo < 64 {
            mask &= (1u64 << (states - lo)) - 1;
        }
        x & y & mask != 0
    })
}

/// The smallest group node of `old` with `grp`'s digit holding all of `grp`'s cells (the
/// first in group order among the smallest), if any.
///
/// Old groups are scanned in their order. (Until session 37 a table from each candidate to
/// the old groups holding it was built whenever a grid was remembered, and the groups
/// listed at `grp`'s first cell were tried in the same order: the same answer, but the table
/// cost more than all the lookups it served, since most remembered grids are replaced
/// before a group of theirs shrinks.)
fn smallest_holder(old: &Links, grp: &links::Group) -> Option<u32> {
    old.groups
        .iter()
        .enumerate()
        .filter(|(_, o)| o.digit == grp.digit && grp.set.is_subset_of(&o.set))
        .min_by_key(|(_, o)| o.cells.len())
        .map(|(i, _)| (old.cands + i) as u32)
}

/// Most distinct states walked one by one (see [`may_pass`]): as many walks as the eight
/// pairs walked before session 40 could make.
const MAX_WALKS: usize = 16;

/// The states of `links` (bit `2 * node + value`) reachable from `sources` (included), as a
/// bit row; `stack` is a buffer.
fn reach(links: &Links, kind: Kind, sources: &[usize], stack: &mut Vec<usize>) -> Vec<u64> {
    let mut seen = vec![0u64; (2 * links.strong.len()).div_ceil(64)];
    let mark = |seen: &mut [u64], t: usize| {
        let (w, b) = (t / 64, 1u64 << (t % 64));
        let new = seen[w] & b == 0;
        seen[w] |= b;
        new
    };
    stack.clear();
    for &s in sources {
        if mark(&mut seen, s) {
            stack.push(s);
        }
    }
    while let Some(s) = stack.pop() {
        let v = (s / 2) as u32;
        if s % 2 == 0 {
            for &(w, tag) in &links.strong[v as usize] {
                if allows(kind, tag) && mark(&mut seen, 2 * w as usize + 1) {
                    stack.push(2 * w as usize + 1);
                }
            }
        } else {
            if !links.is_group(v) {
                for &w in links.weak_of(v, kind) {
                    if mark(&mut seen, 2 * w as usize) {
                        stack.push(2 * w as usize);
                    }
                }
            }
            if kind == Kind::Grouped {
                for &w in &links.weak_groups[v as usize] {
                    if mark(&mut seen, 2 * w as usize) {
                        stack.push(2 * w as usize);
                    }
                }
            }
        }
    }
    seen
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::probe::{self, Event};
    use super::*;
    use crate::solver::LogicSolver;
    use crate::technique::{Deadline, Options, Technique, find_all_in};
    use crate::techniques::table::{
        AIC, GROUPED_AIC, GROUPED_NICE_LOOP_CONTINUOUS, GROUPED_NICE_LOOP_DISCONTINUOUS,
        NICE_LOOP_CONTINUOUS, NICE_LOOP_DISCONTINUOUS,
    };
    use sudokit_core::format::{InputFormat, parse_one};

    /// The nice-loop and AIC finders of both kinds, in the order the solver runs them.
    fn finders() -> [ChainFinder; 6] {
        let f = |info, kind, report| ChainFinder { info, kind, report };
        [
            f(&NICE_LOOP_CONTINUOUS, Kind::Any, Report::Continuous),
            f(&NICE_LOOP_DISCONTINUOUS, Kind::Any, Report::Discontinuous),
            f(&AIC, Kind::Any, Report::Ends),
            f(
                &GROUPED_NICE_LOOP_CONTINUOUS,
                Kind::Grouped,
                Report::Continuous,
            ),
            f(
                &GROUPED_NICE_LOOP_DISCONTINUOUS,
                Kind::Grouped,
                Report::Discontinuous,
            ),
            f(&GROUPED_AIC, Kind::Grouped, Report::Ends),
        ]
    }

    /// Hard puzzles (magictour top1465 #1, #2 and #100; Tarek-052): long stretches where
    /// the loop finders find nothing, and loops and AICs between them.
    const PUZZLES: [&str; 4] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "8.5.....2...4.1...3.........6.7..4..2...5...........6....38.....1....9...9.....7.",
        "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
    ];

    /// Along solving paths (HoDoKu's options and sudokit's), every nice-loop and AIC finder
    /// reports on a warm memory, where certificates stand in for closures and searches, exactly
    /// what it reports on a fresh memory with the closure pruning (and so the certificates)
    /// off; and every grid certified has, by the closure built afresh, no self-contradicting
    /// candidate.
    #[test]
    fn certified_grids_report_what_a_full_search_reports() {
        let mut certified_total = 0;
        for hodoku in [true, false] {
            let opts = Options {
                hodoku,
                ..Options::default()
            };
            for puzzle in PUZZLES {
                let p = parse_one(puzzle, InputFormat::Auto).unwrap();
                let solver = LogicSolver::default();
                let warm = Memory::new();
                let mut g = CandidateGrid::new(&p);
                let mut steps = 0;
                while let Some(step) = solver.next_step(&g) {
                    for t in &finders() {
                        let before = probe::counted(&warm, Event::Certified);
                        let found =
                            warm_is_full(t, &g, &opts, &warm, &format!("step {steps} of {puzzle}"));
                        if probe::counted(&warm, Event::Certified) > before {
                            assert!(found.is_empty());
                            let links = Links::new(&g, t.kind == Kind::Grouped, false);
                            assert!(!Closure::new(&g, &links, t.kind).any_contra);
                            certified_total += 1;
                        }
                    }
                    g.apply(&step);
                    steps += 1;
                }
                assert!(steps > 20);
            }
        }
        // The certificates were used, not only kept.
        assert!(certified_total > 50, "{certified_total} certified");
    }

    /// A refined grid on which a loop or AIC finder finds something after a grid without a
    /// self-contradicting candidate (the step that came between made a new strong link that
    /// carries one) is not certified: the certificate says "maybe", the closure is built and
    /// the full search runs and finds the chain.
    #[test]
    fn a_new_strong_link_makes_the_certificate_say_maybe() {
        let opts = Options {
            hodoku: true,
            ..Options::default()
        };
        let mut refused_with_finds = 0;
        for puzzle in PUZZLES {
            let p = parse_one(puzzle, InputFormat::Auto).unwrap();
            let solver = LogicSolver::default();
            let warm = Memory::new();
            let mut g = CandidateGrid::new(&p);
            while let Some(step) = solver.next_step(&g) {
                for kind in [Kind::Any, Kind::Grouped] {
                    let links = Rc::new(Links::new(&g, kind == Kind::Grouped, false));
                    let remembered = warm
                        .chains
                        .no_contra
                        .borrow()
                        .iter()
                        .any(|c| c.kind == kind && refines(c, &g) == Some(false));
                    let contra = Closure::new(&g, &links, kind).any_contra;
                    let found: usize = finders()
                        .iter()
                        .filter(|t| t.kind == kind)
                        .map(|t| find_all(t, &g, &opts).len())
                        .sum();
                    if remembered {
                        let ok = certified(&g, &links, kind, &warm);
                        // Sound: never certified where the closure finds a contradiction.
                        assert!(!(ok && contra));
                        if found > 0 {
                            assert!(!ok);
                            // The old grid had no new strong link: the refusal rests on one.
                            let old = warm.chains.no_contra.borrow();
                            let old = old.iter().find(|c| c.kind == kind);
                            if let Some(old) = old {
                                assert!(contra_may_pass_new_links(old, &links, kind));
                            }
                            refused_with_finds += 1;
                        }
                    }
                    remember(&g, &links, kind, contra, &warm);
                }
                g.apply(&step);
            }
        }
        assert!(refused_with_finds >= 1, "{refused_with_finds}");
    }

    /// One warm memory across random candidate grids of the X (diagonals) and 6×6 layouts,
    /// each refined one candidate at a time, under both options: every nice-loop and AIC
    /// finder reports what a fresh, unpruned one reports, certificates are used, and chains
    /// are found (grids unrelated to the remembered one, and option changes between calls,
    /// must not let a certificate through).
    #[test]
    fn random_refinements_on_other_layouts_report_what_a_full_search_reports() {
        use std::sync::Arc;
        use sudokit_core::{Extra, Layout};
        let warm = Memory::new();
        let mut rng = crate::testrng::Lcg::new(35);
        let mut next = move || rng.next();
        let (mut checked, mut found_some) = (0, 0);
        for layout in [
            Layout::standard(9)
                .unwrap()
                .with_extras(&[Extra::Diagonals]),
            Layout::boxed(6, 2, 3).unwrap(),
        ] {
            let layout = Arc::new(layout);
            let (cells, n) = (layout.cell_count(), layout.size());
            // Dense grids (few bivalue cells and conjugate pairs) often have no
            // self-contradicting candidate, so certificates get used.
            for round in 0..6 {
                let keep = 5 + round % 3;
                let cands =
                    crate::techniques::chains::tests::random_candidates(cells, n, keep, &mut next);
                let mut g = CandidateGrid::with_candidates(
                    layout.clone(),
                    vec![0; cells],
                    cands,
                    vec![false; cells],
                );
                for _ in 0..6 {
                    for hodoku in [true, false] {
                        let opts = Options {
                            hodoku,
                            ..Options::default()
                        };
                        for t in &finders() {
                            let found = warm_is_full(t, &g, &opts, &warm, "a random grid");
                            checked += 1;
                            found_some += usize::from(!found.is_empty());
                        }
                    }
                    if !crate::techniques::chains::tests::eliminate_one(&mut g, &mut next) {
                        break;
                    }
                }
            }
        }
        let certified = probe::counted(&warm, Event::Certified);
        assert!(
            certified > 10 && found_some > 10,
            "{checked} checked, {found_some} with finds, {certified} certified"
        );
        eprintln!("{checked} checked, {found_some} with finds, {certified} certified");
    }

    /// The old group a shrunk group is mapped to ([`smallest_holder`], a scan of the old
    /// groups) is the one a table from each candidate to the old groups holding it gives
    /// (built here as the finders built it before session 37): on random grids of 9×9, 9×9
    /// with diagonals and 6×6, each refined one candidate at a time, for every group of the
    /// refined grid, with the same digit and cells as an old group or not (more than 20
    /// not: shrunk groups, the ones the certificate maps this way).
    #[test]
    fn the_smallest_holder_is_the_one_a_table_of_holders_gives() {
        use std::collections::HashMap;
        let mut rng = crate::testrng::Lcg::new(37);
        let mut next = move || rng.next();
        let mut shrunk = 0;
        for layout in crate::techniques::chains::tests::test_layouts() {
            let n = layout.size();
            for round in 0..4 {
                let mut g = random_grid(&layout, 4 + round % 3, &mut next);
                let mut old = Links::new(&g, true, false);
                for _ in 0..12 {
                    if !crate::techniques::chains::tests::eliminate_one(&mut g, &mut next) {
                        break;
                    }
                    let new = Links::new(&g, true, false);
                    let mut holders: HashMap<u32, Vec<u32>> = HashMap::new();
                    for (i, grp) in old.groups.iter().enumerate() {
                        for &c in &grp.cells {
                            holders
                                .entry(node(n, c, grp.digit))
                                .or_default()
                                .push((old.cands + i) as u32);
                        }
                    }
                    for grp in &new.groups {
                        let by_table =
                            holders
                                .get(&node(n, grp.cells[0], grp.digit))
                                .and_then(|list| {
                                    list.iter()
                                        .copied()
                                        .filter(|&o| grp.set.is_subset_of(&old.group(o).set))
                                        .min_by_key(|&o| old.group(o).cells.len())
                                });
                        assert_eq!(smallest_holder(&old, grp), by_table);
                        if old.group_node(grp.digit, &grp.cells).is_none() {
                            shrunk += 1;
                        }
                    }
                    old = new;
                }
            }
        }
        assert!(shrunk > 20, "{shrunk} shrunk groups");
    }

    /// The certificate's walks ([`may_pass`]: each unordered pair of states asked once, each
    /// state walked once) answer what asking every new link's pair on its own answers, read
    /// off a closure of the new graph (an independent reach): exactly while the distinct
    /// states are at most [`MAX_WALKS`], and never "no" where a pair meets above that. On
    /// random grids of 9×9, 9×9 with diagonals and 6×6 without a self-contradicting
    /// candidate, refined one to three candidates at a time, both kinds; and along the hard
    /// paths, each grid against the last one without such a candidate.
    #[test]
    fn each_pair_asked_once_answers_what_every_link_asked_alone_answers() {
        let (mut asked, mut yes, mut no, mut shared) = (0, 0, 0, 0);
        let mut check = |old: &NoContra, g: &CandidateGrid, kind: Kind| {
            let links = Links::new(g, kind == Kind::Grouped, false);
            let (targets, sources) = new_link_walks(old, &links, kind);
            let cl = Closure::new(g, &links, kind);
            // The state `2 * node + value` reaches candidate `x`'s "false" state.
            let to_false = |s: usize, x: u32| cl.reaches(((s / 2) as u32, s % 2 == 1), (x, false));
            let meets = |t: usize, s: usize| {
                (0..links.cands as u32).any(|x| to_false(t, x) && to_false(s, x))
            };
            let every_pair = targets.iter().zip(&sources).any(|(&t, &s)| meets(t, s));
            let mut distinct: Vec<usize> = targets.iter().chain(&sources).copied().collect();
            distinct.sort_unstable();
            distinct.dedup();
            let answer = may_pass(&links, kind, &targets, &sources);
            if distinct.len() <= MAX_WALKS {
                assert_eq!(answer, every_pair, "{} new links", targets.len());
                shared += usize::from(2 * targets.len() > distinct.len());
            } else {
                assert!(answer || !every_pair);
            }
            asked += 1;
            if answer {
                yes += 1;
            } else {
                no += 1;
            }
        };
        let mut rng = crate::testrng::Lcg::new(40);
        let mut next = move || rng.next();
        for layout in crate::techniques::chains::tests::test_layouts() {
            for round in 0..12 {
                for kind in [Kind::Any, Kind::Grouped] {
                    let mut g = random_grid(&layout, 5 + round % 3, &mut next);
                    let memory = Memory::new();
                    for _ in 0..8 {
                        let links = Rc::new(Links::new(&g, kind == Kind::Grouped, false));
                        let contra = Closure::new(&g, &links, kind).any_contra;
                        remember(&g, &links, kind, contra, &memory);
                        for _ in 0..1 + next() % 3 {
                            crate::techniques::chains::tests::eliminate_one(&mut g, &mut next);
                        }
                        if let Some(old) = memory.chains.no_contra.borrow().first() {
                            check(old, &g, kind);
                        }
                    }
                }
            }
        }
        along_hard_paths(|g, memory| {
            for kind in [Kind::Any, Kind::Grouped] {
                if let Some(old) = memory
                    .chains
                    .no_contra
                    .borrow()
                    .iter()
                    .find(|c| c.kind == kind && refines(c, g) == Some(false))
                {
                    check(old, g, kind);
                }
            }
            for kind in [Kind::Any, Kind::Grouped] {
                let links = Rc::new(Links::new(g, kind == Kind::Grouped, false));
                let contra = Closure::new(g, &links, kind).any_contra;
                if !contra {
                    remember(g, &links, kind, contra, memory);
                }
            }
        });
        assert!(
            asked > 300 && yes > 30 && no > 30 && shared > 30,
            "{asked} asked, {yes} yes, {no} no, {shared} with shared states"
        );
        eprintln!("{asked} asked, {yes} yes, {no} no, {shared} with shared states");
    }

    /// A plain self-contradicting candidate is a grouped one (what lets [`certified`] refuse a
    /// grouped grid at once when the plain closure of the grid found one): along the hard
    /// paths, and a grouped grid is never certified where the plain closure kept for it has
    /// one.
    #[test]
    fn a_plain_contradiction_is_a_grouped_one() {
        let (mut plain, mut refused) = (0, 0);
        along_hard_paths(|g, memory| {
            let any = Links::new(g, false, false);
            let grouped = Rc::new(Links::new(g, true, false));
            let any_contra = Closure::new(g, &any, Kind::Any).any_contra;
            let grouped_contra = Closure::new(g, &grouped, Kind::Grouped).any_contra;
            assert!(!any_contra || grouped_contra);
            plain += usize::from(any_contra);
            // With the plain closure of this grid kept, a remembered grouped grid never
            // certifies it while the plain closure has a contradiction.
            super::super::state::cached_closure(g, &any, Kind::Any, false, memory);
            let ok = certified(g, &grouped, Kind::Grouped, memory);
            assert!(!(ok && any_contra));
            refused += usize::from(any_contra);
            remember(g, &grouped, Kind::Grouped, grouped_contra, memory);
        });
        assert!(
            plain > 50 && refused > 50,
            "{plain} plain, {refused} refused"
        );
    }

    /// Calls `f` on every grid along the solving paths of [`PUZZLES`], before its step is
    /// applied, with one memory per path.
    pub(in crate::techniques::chains) fn along_hard_paths(
        mut f: impl FnMut(&CandidateGrid, &Memory),
    ) {
        for puzzle in PUZZLES {
            let p = parse_one(puzzle, InputFormat::Auto).unwrap();
            let solver = LogicSolver::default();
            let mut g = CandidateGrid::new(&p);
            let memory = Memory::new();
            while let Some(step) = solver.next_step(&g) {
                f(&g, &memory);
                g.apply(&step);
            }
        }
    }

    /// A grid of `layout` with random candidates, none placed (`keep` as in
    /// `random_candidates`).
    pub(in crate::techniques::chains) fn random_grid(
        layout: &std::sync::Arc<sudokit_core::Layout>,
        keep: u64,
        next: &mut impl FnMut() -> u64,
    ) -> CandidateGrid {
        let (cells, n) = (layout.cell_count(), layout.size());
        let cands = crate::techniques::chains::tests::random_candidates(cells, n, keep, next);
        CandidateGrid::with_candidates(layout.clone(), vec![0; cells], cands, vec![false; cells])
    }

    /// What `t` reports on `g` with the memory `warm` (certificates in use), asserted equal to
    /// what it reports on a fresh memory with the closure pruning (and so certificates) off.
    fn warm_is_full(
        t: &ChainFinder,
        g: &CandidateGrid,
        opts: &Options,
        warm: &Memory,
        at: &str,
    ) -> Vec<Step> {
        let none = Deadline::none();
        let found = find_all_in(t, g, opts, &none, warm).0;
        let cold = Memory::new();
        probe::set_unpruned(&cold, true);
        let full = find_all_in(t, g, opts, &none, &cold).0;
        assert_eq!(
            format!("{found:?}"),
            format!("{full:?}"),
            "{} at {at}",
            t.info().id
        );
        found
    }

    fn find_all(t: &ChainFinder, g: &CandidateGrid, opts: &Options) -> Vec<Step> {
        crate::technique::find_all(t, g, opts)
    }
}
