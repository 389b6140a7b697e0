//! Tests of the chaining rules: the pot split, the search bounds, the strong-link filter
//! against full reach sets, and the cycle component test.

use super::forcing::{covers, forcing_reach};
use super::*;
use crate::se::board::Shape;
use std::sync::Arc;
use sudokit_core::{Extra, Layout};

/// The reciprocal split of a pot agrees with division for every pot of every side.
#[test]
fn unpot_splits_every_pot_of_every_side() {
    for n in 1..=64usize {
        for x in 0..(n * n * n) as u32 {
            for on in [false, true] {
                let p = x << 1 | on as u32;
                let want = (x as usize / n, (x as usize % n) as u8 + 1, on);
                assert_eq!(unpot(n, p), want, "side {n}, pot {p}");
            }
        }
    }
}

/// `covers` and `forcing_reach` follow the two searches' round conditions: the distances
/// at which each makes "off" nodes (exhaustive for small bounds, and at the unbounded end).
#[test]
fn forcing_reach_follows_the_round_conditions() {
    // Distances of the "off" nodes each search makes, round by round.
    let forcing = |max: u32| {
        let mut out = Vec::new();
        let mut depth: i64 = -1;
        while depth < i64::from(max) && out.len() < 100 {
            depth += 2;
            out.push(depth as u64);
        }
        out
    };
    let cycles = |max: u32| {
        let mut out = Vec::new();
        let mut length: u64 = 0;
        while length < u64::from(max) && out.len() < 100 {
            length += 1;
            out.push(length);
            length += 1;
        }
        out
    };
    for f in 0..40 {
        let fs = forcing(f);
        assert_eq!(forcing_reach(f), *fs.last().unwrap(), "forcing {f}");
        for c in 0..40 {
            let cs = cycles(c);
            assert_eq!(
                covers(c, f),
                fs.iter().all(|d| cs.contains(d)),
                "cycles {c}, forcing {f}"
            );
        }
    }
    assert!(covers(u32::MAX, u32::MAX));
    assert!(!covers(u32::MAX - 1, u32::MAX));
}

/// Plain 9×9, X, anti-knight and 6×6 shapes.
fn test_shapes() -> Vec<Shape> {
    [
        Layout::standard(9).unwrap(),
        Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::Diagonals]),
        Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::AntiKnight]),
        Layout::standard(6).unwrap(),
    ]
    .into_iter()
    .map(|l| Shape::new(Arc::new(l)))
    .collect()
}

/// A random candidate grid: each candidate kept with probability `keep / 8`.
fn random_cands(sh: &Shape, keep: u64, rng: &mut crate::testrng::Lcg) -> Vec<u64> {
    (0..sh.ncells)
        .map(|_| {
            (1..=sh.n as u8)
                .filter(|_| rng.next() % 8 < keep)
                .fold(0u64, |m, d| m | bit(d))
        })
        .collect()
}

/// The strong-link filter answers exactly what the full graph's reach sets answer, for
/// every pass and every candidate, on boards with many pairs and few (random candidate
/// sets thinned to different densities), on plain, X, anti-knight and 6×6 layouts.
#[test]
fn strong_link_filter_matches_full_reach_sets() {
    let mut rng = crate::testrng::Lcg::new(987654321);
    let mut compared = 0;
    for sh in test_shapes() {
        let n = sh.n;
        for round in 0..60 {
            let cands = random_cands(&sh, 2 + round % 5, &mut rng);
            let links = Links::new(&sh, &cands);
            for (y, x) in [(false, true), (true, false), (true, true)] {
                let full = Reach::new(&links, &cands, y, x).expect("small graph");
                let has = |from: usize, to: usize| full.reach.reaches(from, to);
                let mut ons = std::collections::HashMap::new();
                for &j in full.id.iter().filter(|&&j| j != u32::MAX) {
                    *ons.entry(full.reach.comp[2 * j as usize + 1]).or_insert(0) += 1;
                }
                let fast = Filter::new(&sh, &links, &cands, y, x).expect("small graph");
                for (cell, &m) in cands.iter().enumerate() {
                    for d in digits(m) {
                        let i = cell * n + d as usize - 1;
                        let j = 2 * full.id[i] as usize;
                        let at = format!("round {round} cell {cell} digit {d} y {y} x {x}");
                        assert_eq!(fast.removes[i], has(j + 1, j), "removes, {at}");
                        assert_eq!(fast.places[i], has(j, j + 1), "places, {at}");
                        let cycles = ons[&full.reach.comp[j + 1]] >= 2;
                        assert_eq!(fast.cycles[i], cycles, "cycles, {at}");
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 10_000);
}

/// A cycle search that the component test rules out (`Filter::cycle_removes`) never
/// closes a cycle that removes anything: every cycle an unbounded search from every
/// candidate closes is checked for removals the way `cycle_hint` lists them.
#[test]
fn cycle_component_test_never_hides_a_removal() {
    let mut rng = crate::testrng::Lcg::new(24681357);
    let (mut ruled_out, mut removing) = (0, 0);
    for sh in test_shapes() {
        let n = sh.n;
        for round in 0..40 {
            let cands = random_cands(&sh, 2 + round % 4, &mut rng);
            let links = Links::new(&sh, &cands);
            for (y, x) in [(false, true), (true, false), (true, true)] {
                let filter = Filter::new(&sh, &links, &cands, y, x).expect("small graph");
                let mut bufs = StaticBufs::default();
                for (cell, &m) in cands.iter().enumerate() {
                    for d in digits(m) {
                        let i = cell * n + d as usize - 1;
                        let mut run = Run::new(sh.ncells * n * 2);
                        let root = run.node(pot(n, cell, d, true), &[], Cause::Assumption);
                        run.store(root);
                        let found =
                            Chaining::cycles(&links, &mut run, root, y, x, u32::MAX, &mut bufs);
                        let removes = found.iter().any(|&dst| {
                            let (cells, nodes) = Chaining::cycle_path(n, &run, dst);
                            Chaining::cycle_may_remove(&sh, &cands, &run, &nodes, &cells)
                        });
                        if removes {
                            removing += 1;
                            assert!(
                                filter.cycles[i] && filter.cycle_removes[i],
                                "round {round} cell {cell} digit {d} y {y} x {x}"
                            );
                        } else if filter.cycles[i] && !filter.cycle_removes[i] {
                            ruled_out += 1;
                        }
                    }
                }
            }
        }
    }
    // The test means something only if both cases occur.
    assert!(removing > 100 && ruled_out > 100, "{removing} {ruled_out}");
}
