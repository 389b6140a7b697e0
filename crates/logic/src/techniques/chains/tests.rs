//! Tests of the chain finders: AICs kept from the loop search, closure pruning against
//! unpruned searches, and the closure against unbounded searches.

use super::probe::{self, Event};
use super::*;

/// The closure's skips, in the order the pruning test adds them up.
const SKIPS: [Event; 4] = [
    Event::SkipGrid,
    Event::SkipEnds,
    Event::SkipEndsAls,
    Event::SkipLoop,
];
use std::sync::Arc;
use sudokit_core::{Extra, Layout};

/// Two grids where an AIC is found (HoDoKu's library lines), then every grid along the
/// default solver's path of `puzzle`.
fn aic_grids(puzzle: &str) -> Vec<CandidateGrid> {
    let mut grids: Vec<CandidateGrid> = [
        ":0708:77:4.....8.5.3..........7......2.....6.....8.4...+4..1.......6.3.7.5.+32.....1.4......::712::",
        ":0711:77:4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......::723 743 753 763::",
    ]
    .iter()
    .map(|l| crate::formats::hodoku::parse_line(l).unwrap().grid)
    .collect();
    let p =
        sudokit_core::format::parse_one(puzzle, sudokit_core::format::InputFormat::Auto).unwrap();
    let solver = crate::solver::LogicSolver::default();
    let mut g = CandidateGrid::new(&p);
    while let Some(step) = solver.next_step(&g) {
        grids.push(g.clone());
        g.apply(&step);
    }
    grids
}

/// The AIC finders report, after the continuous-loop finder of their kind ran on the same
/// grid, exactly what a search of their own reports (with a fresh memory, no steps
/// kept), on grids where AICs and grouped AICs exist (HoDoKu library lines of the repo's
/// technique cases) and along a hard solving path.
#[test]
fn aics_kept_from_the_loop_search_are_those_a_search_finds() {
    use crate::memory::Memory;
    use crate::technique::{Deadline, Options, find_all, find_all_in};
    use crate::techniques::table::{
        AIC, GROUPED_AIC, GROUPED_NICE_LOOP_CONTINUOUS, NICE_LOOP_CONTINUOUS,
    };
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
    // Tarek-052's path: many grids where the loop finders find nothing.
    let grids = aic_grids(
        "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
    );
    // Both orders: HoDoKu's keeps AICs in both directions, found by HoDoKu's table order.
    for hodoku in [false, true] {
        let opts = Options {
            hodoku,
            ..Options::default()
        };
        let (warm, none) = (Memory::new(), Deadline::none());
        let mut found = 0;
        for g in &grids {
            for (lp, aic) in pairs {
                let _ = find_all_in(lp, g, &opts, &none, &warm);
                let kept = find_all_in(aic, g, &opts, &none, &warm).0;
                let cold = find_all(aic, g, &opts);
                assert_eq!(format!("{kept:?}"), format!("{cold:?}"));
                found += kept.len();
            }
        }
        assert!(found >= 2, "{found} AIC steps (hodoku: {hodoku})");
        assert!(probe::counted(&warm, Event::Replayed) >= 2 * grids.len());
    }
}

/// An AIC's rank worked out from its chain's ends ([`ChainFinder::ends_rank`], what the AIC
/// finder compares with its group's bound before building a kept chain's step) is the rank
/// HoDoKu's choice gives the step built from the chain, for every chain the continuous-loop
/// finders keep (plain and grouped, both orders) on the AIC grids of the test above and
/// along a hard solving path.
#[test]
fn aic_ranks_from_the_ends_are_the_built_steps_ranks() {
    use crate::hodoku_choice;
    use crate::memory::Memory;
    use crate::technique::{Deadline, Options, find_all_in};
    use crate::techniques::table::{
        AIC, GROUPED_AIC, GROUPED_NICE_LOOP_CONTINUOUS, NICE_LOOP_CONTINUOUS,
    };
    let pairs = [
        (&NICE_LOOP_CONTINUOUS, &AIC, Kind::Any),
        (&GROUPED_NICE_LOOP_CONTINUOUS, &GROUPED_AIC, Kind::Grouped),
    ];
    let grids = aic_grids(
        ".2.4.37.........32........4.4.2...7.8...5.........1...5.....9...3.9....7..1..86..",
    );
    let (mut compared, mut ends) = (0, std::collections::BTreeSet::new());
    for hodoku in [false, true] {
        let opts = Options {
            hodoku,
            ..Options::default()
        };
        let none = Deadline::none();
        for g in &grids {
            for (lp, info, kind) in pairs {
                let warm = Memory::new();
                let finder = ChainFinder {
                    info: lp,
                    kind,
                    report: Report::Continuous,
                };
                let _ = find_all_in(&finder, g, &opts, &none, &warm);
                let aic = ChainFinder {
                    info,
                    kind,
                    report: Report::Ends,
                };
                let group = hodoku_choice::group_of(info.id).unwrap();
                let kept = warm.chains.aic_steps.borrow();
                let Some((_, kept)) = kept.as_ref() else {
                    continue;
                };
                for path in &kept.paths {
                    let step = aic.ends_built(g, &kept.links, path, false).normalized();
                    if let Some(rank) = hodoku_choice::rank(group, &step) {
                        assert_eq!(aic.ends_rank(g, &kept.links, path), rank, "{path:?}");
                        compared += 1;
                        let two = step.digits.len() == 2 && step.digits[0] != step.digits[1];
                        ends.insert((two, step.eliminations.len().min(3)));
                    }
                }
            }
        }
    }
    assert!(compared >= 100, "{compared} ranks compared");
    // Chains with one digit at both ends (removing two, and more) and with two digits.
    assert!(ends.len() >= 3, "{ends:?}");
}

/// Each state's links in a graph's HoDoKu order ([`search::Order`]) are the links a search
/// of the kind may take from it, stably sorted by the rank HoDoKu files them under (a
/// group's "true" links as they are), on random grids of three layouts refined one candidate
/// at a time, plain graphs searched as Any and grouped ones (with and without ALS nodes) as
/// Grouped; and the order a graph keeps is the one made for the kind asked.
#[test]
fn hodoku_orders_are_each_states_links_stably_sorted_by_rank() {
    let mut rng = crate::testrng::Lcg::new(38);
    let mut next = move || rng.next();
    let (mut checked, mut moved) = (0, 0);
    for layout in test_layouts() {
        let (cells, n) = (layout.cell_count(), layout.size());
        for round in 0..3 {
            let cands = random_candidates(cells, n, 3 + round % 4, &mut next);
            let mut g = CandidateGrid::with_candidates(
                layout.clone(),
                vec![0; cells],
                cands,
                vec![false; cells],
            );
            for _ in 0..4 {
                for (kind, grouped, als) in [
                    (Kind::Any, false, false),
                    (Kind::Grouped, true, false),
                    (Kind::Grouped, true, true),
                ] {
                    let links = Links::new(&g, grouped, als);
                    let mut order = links.hodoku_order(kind);
                    for v in 0..links.strong.len() as u32 {
                        for val in [false, true] {
                            let mut raw = Vec::new();
                            search::expand(&links, kind, v, val, &mut raw);
                            let got = order.of(&links, v, val).to_vec();
                            // Asked again, the list kept.
                            assert_eq!(order.of(&links, v, val), &got[..]);
                            let got = &got[..];
                            if links.is_group(v) && val {
                                assert_eq!(got, &raw[..]);
                                continue;
                            }
                            let rank = |w: u32| {
                                if links.is_group(v) {
                                    search::hodoku_group_rank(&links, v, w)
                                } else {
                                    search::hodoku_rank(&links, links.split(v).0.index(), w)
                                }
                            };
                            // A permutation of the links ...
                            let (mut a, mut b) = (raw.clone(), got.to_vec());
                            a.sort_unstable();
                            b.sort_unstable();
                            assert_eq!(a, b);
                            // ... by rank, and in their own order within a rank.
                            assert!(got.windows(2).all(|p| rank(p[0].0) <= rank(p[1].0)));
                            for r in 0..5u8 {
                                let of = |l: &[(u32, bool)]| -> Vec<(u32, bool)> {
                                    l.iter().copied().filter(|e| rank(e.0) == r).collect()
                                };
                                assert_eq!(of(got), of(&raw));
                            }
                            checked += 1;
                            moved += usize::from(got != &raw[..]);
                        }
                    }
                }
                eliminate_one(&mut g, &mut next);
            }
        }
    }
    assert!(checked >= 1000, "{checked}");
    assert!(
        moved >= 100,
        "only {moved} states whose order the ranks change"
    );
}

/// The starts the closure rules out for open chains and continuous loops hide nothing:
/// every chain finder reports the same steps with and without the pruning, on random
/// candidate grids of three layouts and along two hard solving paths (each side on a
/// fresh memory, so no cached links, closures, AIC steps or digit misses are shared).
#[test]
fn closure_pruning_hides_no_chain() {
    use crate::memory::Memory;
    use crate::solver::LogicSolver;
    use crate::technique::{Deadline, Family, Options, find_all_in};
    use sudokit_core::format::{InputFormat, parse_one};
    let finders: Vec<&'static dyn crate::technique::Technique> = crate::techniques::ALL
        .iter()
        .copied()
        .filter(|t| t.info().family == Family::Chains)
        .collect();
    assert_eq!(finders.len(), 8);
    // Returns how often the closure ruled a search out, by kind (see `probe::Event`).
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
                        && l.info().family == Family::Chains
                })
                .copied();
            let run = |unpruned: bool, after: Option<&'static dyn crate::technique::Technique>| {
                let (memory, none) = (Memory::new(), Deadline::none());
                probe::set_unpruned(&memory, unpruned);
                if let Some(l) = after {
                    find_all_in(l, g, opts, &none, &memory);
                }
                // Only this finder's own skips are counted.
                let before = SKIPS.map(|e| probe::counted(&memory, e));
                let found = format!("{:?}", find_all_in(t, g, opts, &none, &memory).0);
                let after = SKIPS.map(|e| probe::counted(&memory, e));
                let skipped: [usize; 4] = std::array::from_fn(|i| after[i] - before[i]);
                (found, skipped)
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
            if step.technique.family == Family::Chains || steps % 8 == 0 {
                add(&mut skipped, both(&g, &opts));
                add(&mut skipped, both(&g, &als));
                found += usize::from(step.technique.family == Family::Chains);
            }
            g.apply(&step);
            steps += 1;
        }
    }
    assert!(found > 3, "{found} chain steps on the paths");
    // The comparison means something only if the closure did rule searches out: open
    // chains with plain and with ALS links, and continuous loops.
    // (Whole grids ruled out, `SKIPS[0]`, need not occur.)
    for kind in 1..SKIPS.len() {
        assert!(
            skipped[kind] > 0,
            "paths: no skip of kind {:?}: {skipped:?}",
            SKIPS[kind]
        );
    }
    let mut skipped = [0; 4];
    let mut rng = crate::testrng::Lcg::new(987654321);
    let mut next = move || rng.next();
    for layout in test_layouts() {
        let (cells, n) = (layout.cell_count(), layout.size());
        for round in 0..6 {
            let keep = 3 + round % 3;
            let cands = random_candidates(cells, n, keep, &mut next);
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
    // (Whole grids ruled out, `SKIPS[0]`, need not occur.)
    for kind in 1..SKIPS.len() {
        assert!(
            skipped[kind] > 0,
            "random grids: no skip of kind {:?}: {skipped:?}",
            SKIPS[kind]
        );
    }
}

/// The closure answers exactly what an unbounded search answers for the two questions
/// discontinuous loops ask ("S true" reaches "S false"; "S false" reaches a digit of S's
/// cell true), for every candidate of random candidate grids, plain and grouped, on
/// 9×9, X and 6×6 layouts.
#[test]
fn closure_matches_unbounded_searches() {
    let (mut yes, mut no) = (0, 0);
    each_live_start(123456789, |p| {
        let (links, kind, start, c) = (p.links, p.kind, p.start, p.c);
        let mut sc = Scratch::default();
        let mut hit = false;
        search(
            links,
            kind,
            start,
            true,
            usize::MAX,
            &mut sc,
            false,
            false,
            &mut |fd| {
                hit |= fd.last == (start, false);
                true
            },
        );
        assert_eq!(p.cl.reaches((start, true), (start, false)), hit);
        // The contradiction flag and list say the same.
        assert_eq!(p.cl.contra[start as usize], hit);
        assert_eq!(p.cl.contra_list.binary_search(&start).is_ok(), hit);
        let mut hit_cell = false;
        search(
            links,
            kind,
            start,
            false,
            usize::MAX,
            &mut sc,
            false,
            false,
            &mut |fd| {
                let (v, val) = fd.last;
                hit_cell |= val && !links.is_group(v) && links.split(v).0 == c;
                true
            },
        );
        let closure_cell =
            p.g.candidates(c)
                .iter()
                .any(|e| p.cl.reaches((start, false), (node(p.n, c, e), true)));
        assert_eq!(closure_cell, hit_cell);
        for h in [hit, hit_cell] {
            if h {
                yes += 1;
            } else {
                no += 1;
            }
        }
    });
    assert!(yes > 1000 && no > 1000, "yes {yes}, no {no}");
}

/// [`Closure::chain_may_remove`] answers what scanning the start's cell and peers answers
/// (some X there with "X true" reaching "X false" and "start false" reaching "X false"),
/// whether it walks the short list of such X or scans, on random candidate grids.
#[test]
fn chain_may_remove_matches_the_scan_of_cell_and_peers() {
    let (mut listed, mut hits) = (0, 0);
    each_live_start(987654321, |p| {
        let (g, cl, start, c, d, n) = (p.g, p.cl, p.start, p.c, p.d, p.n);
        let may = |x: u32| cl.contra[x as usize] && cl.reaches((start, false), (x, false));
        let scan = g.candidates(c).iter().any(|e| may(node(n, c, e)))
            || g.peers(c).iter().any(|&q| may(node(n, q, d)));
        assert_eq!(cl.chain_may_remove(g, p.links, start), scan);
        listed += usize::from(cl.any_contra && cl.contra_list.len() < g.peers(c).len());
        hits += usize::from(scan);
    });
    assert!(listed > 100 && hits > 100, "listed {listed}, hits {hits}");
}

/// [`Closure::cell_ends`] counts the states of the start's cell a HoDoKu discontinuous loop
/// may conclude at that the start state reaches — "start" with the other value, the cell's
/// other candidates with the same one — as asking the closure state by state does, from both
/// values of every live start of random candidate grids (cells whose states straddle two
/// words of a row included).
#[test]
fn cell_ends_counts_what_state_by_state_reaches_count() {
    let (mut some, mut none) = (0, 0);
    each_live_start(192837465, |p| {
        let (g, cl, start, c, n) = (p.g, p.cl, p.start, p.c, p.n);
        let cs = g.candidates(c);
        let first = node(n, c, cs.iter().next().unwrap());
        for start_val in [false, true] {
            let by_state = cs
                .iter()
                .map(|e| node(n, c, e))
                .flat_map(|v| [(v, false), (v, true)])
                .filter(|&(v, val)| {
                    (if v == start {
                        val != start_val
                    } else {
                        val == start_val
                    }) && cl.reaches((start, start_val), (v, val))
                })
                .count();
            let counted = cl.cell_ends(start, start_val, first, cs.len() as usize);
            assert_eq!(counted, by_state, "start {start} value {start_val}");
            if by_state > 0 {
                some += 1;
            } else {
                none += 1;
            }
        }
    });
    assert!(some > 1000 && none > 1000, "some {some}, none {none}");
}

/// One live start candidate of a closure test: the grid, its graph and closure, the kind.
struct LiveStart<'a> {
    g: &'a CandidateGrid,
    links: &'a Links,
    cl: &'a Closure,
    kind: Kind,
    n: usize,
    start: u32,
    c: Cell,
    d: Digit,
}

/// Calls `f` for every live candidate (as a start) of 24 random sparse grids (seeded by
/// `seed`) on each of the 9×9, X and 6×6 layouts, with the plain and the grouped graph.
fn each_live_start(seed: u64, mut f: impl FnMut(&LiveStart<'_>)) {
    let mut rng = crate::testrng::Lcg::new(seed);
    let mut next = move || rng.next();
    for layout in test_layouts() {
        for round in 0..24 {
            let g = sparse_grid(&layout, round, &mut next);
            for (kind, grouped) in [(Kind::Any, false), (Kind::Grouped, true)] {
                let links = Links::new(&g, grouped, grouped);
                let cl = Closure::new(&g, &links, kind);
                for start in 0..links.cands as u32 {
                    let (c, d) = links.split(start);
                    if g.has(c, d) {
                        f(&LiveStart {
                            g: &g,
                            links: &links,
                            cl: &cl,
                            kind,
                            n: layout.size(),
                            start,
                            c,
                            d,
                        });
                    }
                }
            }
        }
    }
}

/// A random candidate grid on `layout` for round `round`: each candidate kept with chance
/// (2 + round % 4) / 8, a tenth of the cells marked filled — dense and sparse rounds alike.
fn sparse_grid(
    layout: &Arc<Layout>,
    round: usize,
    next: &mut impl FnMut() -> u64,
) -> CandidateGrid {
    let (cells, n) = (layout.cell_count(), layout.size());
    let keep = 2 + round as u64 % 4;
    let values: Vec<u8> = (0..cells)
        .map(|_| u8::from(next().is_multiple_of(10)))
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
    CandidateGrid::with_candidates(layout.clone(), values, cands, vec![false; cells])
}

/// Random candidate sets for `cells` cells of `n` digits: each cell one digit for sure, and
/// each digit with chance `keep`/8 (so `keep` sets how dense the grid is).
pub(super) fn random_candidates(
    cells: usize,
    n: usize,
    keep: u64,
    next: &mut impl FnMut() -> u64,
) -> Vec<DigitSet> {
    (0..cells)
        .map(|_| {
            let one = 1u64 << (next() % n as u64);
            DigitSet(
                (0..n)
                    .filter(|_| next() % 8 < keep)
                    .fold(one, |m, d| m | 1 << d),
            )
        })
        .collect()
}

/// The weak links of `links`' groups as lists filled one push at a time, in the order the
/// build finds them (each group's candidates of its digit seeing it, both ways, group by
/// group; then per group the other groups of its digit it sees whole, in group order): the
/// reference for [`links::GroupWeak`]'s filing.
fn group_weak_pushed(g: &CandidateGrid, links: &Links) -> Vec<Vec<u32>> {
    let mut lists = vec![Vec::new(); links.strong.len()];
    let base = links.cands as u32;
    for (gi, grp) in links.groups.iter().enumerate() {
        for c in grp.seen.iter().filter(|&c| g.has(c, grp.digit)) {
            let cv = node(links.n, c, grp.digit);
            lists[base as usize + gi].push(cv);
            lists[cv as usize].push(base + gi as u32);
        }
    }
    for (ai, a) in links.groups.iter().enumerate() {
        for (bi, b) in links.groups.iter().enumerate() {
            if ai != bi && a.digit == b.digit && b.set.is_subset_of(&a.seen) {
                lists[base as usize + ai].push(base + bi as u32);
            }
        }
    }
    lists
}

/// Everything of a link graph, in its order (groups by digit and cells, ALS by cells).
fn graph_of(links: &Links) -> String {
    let groups: Vec<_> = links
        .groups
        .iter()
        .map(|grp| (grp.digit, grp.cells.clone()))
        .collect();
    let als: Vec<_> = links.als.iter().map(|a| a.cells.clone()).collect();
    format!(
        "{} {} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        links.n,
        links.cands,
        links.strong,
        groups,
        als,
        links.weak_groups,
        links.weak,
        links.weak_at,
        links.weak_mid
    )
}

/// A grouped graph made from a kept plain graph of the same grid (what `cached_links` does
/// when the plain chain finders ran first) is the graph [`Links::build`] makes from scratch,
/// link for link and in the same order, with and without ALS nodes, on random grids of three
/// layouts each refined one candidate at a time; and its groups are every meeting of two
/// houses holding a digit in two or more cells, each once.
#[test]
fn grouped_graphs_from_a_kept_plain_graph_are_the_graphs_built_afresh() {
    use crate::memory::Memory;
    let mut rng = crate::testrng::Lcg::new(36);
    let mut next = move || rng.next();
    let mut checked = 0;
    let mut weak_checked = 0;
    for layout in test_layouts() {
        let (cells, n) = (layout.cell_count(), layout.size());
        for round in 0..6 {
            let cands = random_candidates(cells, n, 3 + round % 4, &mut next);
            let values: Vec<u8> = (0..cells)
                .map(|_| if next() % 12 == 0 { 1 } else { 0 })
                .collect();
            let cands = cands
                .iter()
                .zip(&values)
                .map(|(&c, &v)| if v == 0 { c } else { DigitSet::EMPTY })
                .collect();
            let mut g =
                CandidateGrid::with_candidates(layout.clone(), values, cands, vec![false; cells]);
            for _ in 0..5 {
                let memory = Memory::new();
                let plain = cached_links(&g, false, false, &memory);
                assert_eq!(graph_of(&plain), graph_of(&Links::new(&g, false, false)));
                // The weak links between candidates: the digit in the cell's peers (in the
                // layout's sorted peer order), then the cell's other digits in digit order.
                for c in g.cells() {
                    for d in DigitSet::full(n).iter() {
                        let v = node(n, c, d);
                        let mut expected: Vec<u32> = Vec::new();
                        if g.has(c, d) {
                            expected.extend(
                                g.peers(c)
                                    .iter()
                                    .filter(|&&p| g.has(p, d))
                                    .map(|&p| node(n, p, d)),
                            );
                        }
                        assert_eq!(plain.weak_of(v, Kind::X), &expected[..], "node {v}");
                        if g.has(c, d) {
                            expected.extend(
                                g.candidates(c)
                                    .iter()
                                    .filter(|&e| e != d)
                                    .map(|e| node(n, c, e)),
                            );
                        }
                        assert_eq!(plain.weak_of(v, Kind::Any), &expected[..], "node {v}");
                    }
                }
                for als in [false, true] {
                    let kept = cached_links(&g, true, als, &memory);
                    let fresh = Links::new(&g, true, als);
                    assert_eq!(graph_of(&kept), graph_of(&fresh));
                    // The weak links of the groups, filed at once, are the lists filled one
                    // link at a time in the build's order.
                    let pushed = group_weak_pushed(&g, &fresh);
                    for (v, list) in pushed.iter().enumerate() {
                        assert_eq!(&fresh.weak_groups[v], &list[..], "node {v}");
                    }
                    weak_checked += pushed.iter().filter(|l| l.len() >= 2).count();
                    // Every group is a digit's places where two houses meet, made once.
                    let mut expected = std::collections::BTreeSet::new();
                    for h1 in g.houses() {
                        for h2 in g.houses().filter(|h| h.index() > h1.index()) {
                            for d in DigitSet::full(n).iter() {
                                let both: Vec<Cell> = g
                                    .cells_with(h1, d)
                                    .filter(|c| g.house_cells(h2).contains(c))
                                    .collect();
                                if both.len() >= 2 {
                                    expected
                                        .insert((d, both.iter().map(|c| c.0).collect::<Vec<_>>()));
                                }
                            }
                        }
                    }
                    let made: Vec<_> = fresh
                        .groups
                        .iter()
                        .map(|grp| (grp.digit, grp.cells.iter().map(|c| c.0).collect::<Vec<_>>()))
                        .collect();
                    let distinct: std::collections::BTreeSet<_> = made.iter().cloned().collect();
                    assert_eq!(distinct.len(), made.len(), "a group made twice");
                    if !als {
                        assert_eq!(distinct, expected);
                    } else {
                        assert!(expected.is_subset(&distinct));
                    }
                    checked += 1;
                }
                if !eliminate_one(&mut g, &mut next) {
                    break;
                }
            }
        }
    }
    assert!(checked >= 150, "{checked}");
    assert!(weak_checked >= 1000, "{weak_checked}");
}

/// The three layouts the random-grid tests use: 9×9, 9×9 with diagonals, 6×6.
pub(super) fn test_layouts() -> [Arc<Layout>; 3] {
    [
        Layout::standard(9).unwrap(),
        Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::Diagonals]),
        Layout::boxed(6, 2, 3).unwrap(),
    ]
    .map(Arc::new)
}

/// Removes one candidate, picked by `next`, from a cell with two or more; false when none
/// has.
pub(super) fn eliminate_one(g: &mut CandidateGrid, next: &mut impl FnMut() -> u64) -> bool {
    let open: Vec<_> = g
        .empty_cells()
        .filter(|&c| g.candidates(c).len() >= 2)
        .collect();
    let Some(&c) = open.get((next() % open.len().max(1) as u64) as usize) else {
        return false;
    };
    let ds: Vec<_> = g.candidates(c).iter().collect();
    g.eliminate(c, ds[(next() % ds.len() as u64) as usize]);
    true
}

/// The grids along `solver`'s path through `puzzle`, each before its step.
fn path_grids(solver: &crate::solver::LogicSolver, puzzle: &str) -> Vec<CandidateGrid> {
    use sudokit_core::format::{InputFormat, parse_one};
    let mut g = CandidateGrid::new(&parse_one(puzzle, InputFormat::Auto).unwrap());
    let mut grids = Vec::new();
    while let Some(step) = solver.next_step(&g) {
        grids.push(g.clone());
        g.apply(&step);
    }
    grids
}

/// Four sequences per test layout, from one generator seeded with `seed`: random grids
/// (dense at first) refined one candidate at a time, up to three grids per cell.
fn refinement_sequences(seed: u64) -> Vec<Vec<CandidateGrid>> {
    let mut rng = crate::testrng::Lcg::new(seed);
    let mut next = move || rng.next();
    let mut all = Vec::new();
    for layout in test_layouts() {
        let (cells, n) = (layout.cell_count(), layout.size());
        for round in 0..4 {
            let cands = random_candidates(cells, n, 5 + round % 2, &mut next);
            let mut g = CandidateGrid::with_candidates(
                layout.clone(),
                vec![0; cells],
                cands,
                vec![false; cells],
            );
            let mut grids = vec![g.clone()];
            while grids.len() < 3 * cells && eliminate_one(&mut g, &mut next) {
                grids.push(g.clone());
            }
            all.push(grids);
        }
    }
    all
}

/// The XY-chain finder is skipped after a miss ([`state::XyMiss`]) only where a search of its
/// own, with a fresh memory, reports nothing: along hard solving paths and on random grids of
/// three layouts refined one candidate at a time (dense at first, so the finder misses, then
/// with more and more bivalue cells, so it finds chains after misses), the finder lent one
/// memory for the whole sequence reports at every grid exactly what it reports with a fresh
/// memory. The memo must skip often, and chains must be found right after misses (where a
/// skip that ignored a new bivalue cell would hide them).
#[test]
fn xy_chain_skipped_only_where_a_fresh_search_misses() {
    use crate::memory::Memory;
    use crate::solver::LogicSolver;
    use crate::technique::{Deadline, Options, find_all, find_all_in};
    use crate::techniques::table::XY_CHAIN;
    let xy = ChainFinder {
        info: &XY_CHAIN,
        kind: Kind::Xy,
        report: Report::Ends,
    };
    let (opts, none) = (Options::default(), Deadline::none());
    // Per sequence: how often the warm finder was skipped, and how often it found chains on
    // the grid after a miss.
    let check = |grids: &[CandidateGrid]| {
        let warm = Memory::new();
        let (mut hits_after_miss, mut missed) = (0, false);
        for g in grids {
            let kept = find_all_in(&xy, g, &opts, &none, &warm).0;
            let cold = find_all(&xy, g, &opts);
            assert_eq!(format!("{kept:?}"), format!("{cold:?}"));
            hits_after_miss += usize::from(missed && !cold.is_empty());
            missed = cold.is_empty();
        }
        (probe::counted(&warm, Event::XyMiss), hits_after_miss)
    };
    let (mut skips, mut hits) = (0, 0);
    let solver = LogicSolver::default();
    for puzzle in [
        "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
        ".2.4.37.........32........4.4.2...7.8...5.........1...5.....9...3.9....7..1..86..",
    ] {
        let grids = path_grids(&solver, puzzle);
        let (s, _) = check(&grids);
        skips += s;
    }
    assert!(skips >= 10, "paths: {skips} skips");
    let mut skips = 0;
    for grids in refinement_sequences(24681357) {
        let (s, h) = check(&grids);
        skips += s;
        hits += h;
    }
    assert!(skips >= 50, "random refinements: {skips} skips");
    assert!(
        hits >= 10,
        "random refinements: {hits} chains found after a miss"
    );
}

/// The X-chain finder skips a digit whose plane lost cells since a miss only where a search
/// of its own, with a fresh memory, reports nothing (`x_chain_misses`: the same houses hold
/// the digit twice): along hard solving paths and on random grids of three layouts refined one
/// candidate at a time (dense at first, so the finder misses, then with more and more
/// conjugate pairs, so it finds chains after misses), the finder lent one memory for the
/// whole sequence reports at every grid exactly what it reports with a fresh memory, and
/// what it reports with the skip of refined planes off (`probe::set_no_pairs`, which then
/// makes none). Refined planes must be skipped often, and chains found right after misses
/// (where a skip that missed a new or a lost pair would hide them).
#[test]
fn x_chain_digits_skipped_only_where_a_fresh_search_misses() {
    use crate::memory::Memory;
    use crate::solver::LogicSolver;
    use crate::technique::{Deadline, Options, find_all, find_all_in};
    use crate::techniques::table::X_CHAIN;
    let x = ChainFinder {
        info: &X_CHAIN,
        kind: Kind::X,
        report: Report::Ends,
    };
    let (opts, none) = (Options::default(), Deadline::none());
    // Per sequence: how many digits the warm finder skipped on a refined plane, and how often
    // it found chains on the grid after a miss.
    let check = |grids: &[CandidateGrid]| {
        let (warm, plain) = (Memory::new(), Memory::new());
        probe::set_no_pairs(&plain, true);
        let (mut hits_after_miss, mut missed) = (0, false);
        for g in grids {
            let kept = find_all_in(&x, g, &opts, &none, &warm).0;
            let exact = find_all_in(&x, g, &opts, &none, &plain).0;
            let cold = find_all(&x, g, &opts);
            assert_eq!(format!("{kept:?}"), format!("{cold:?}"));
            assert_eq!(format!("{exact:?}"), format!("{cold:?}"));
            hits_after_miss += usize::from(missed && !cold.is_empty());
            missed = cold.is_empty();
        }
        assert_eq!(plain.probe.pair_skips.get(), 0);
        (warm.probe.pair_skips.get(), hits_after_miss)
    };
    let (mut skips, mut hits) = (0, 0);
    let solver = LogicSolver::default();
    for puzzle in [
        "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
        ".2.4.37.........32........4.4.2...7.8...5.........1...5.....9...3.9....7..1..86..",
    ] {
        let grids = path_grids(&solver, puzzle);
        let (s, h) = check(&grids);
        skips += s;
        hits += h;
    }
    assert!(skips >= 10, "paths: {skips} refined planes skipped");
    let path_hits = hits;
    let mut skips = 0;
    for grids in refinement_sequences(97531) {
        let (s, h) = check(&grids);
        skips += s;
        hits += h;
    }
    assert!(
        skips >= 100,
        "random refinements: {skips} refined planes skipped"
    );
    assert!(
        hits - path_hits >= 10,
        "random refinements: {} chains found after a miss",
        hits - path_hits
    );
}
