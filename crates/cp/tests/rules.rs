//! The `cp` engine on variant rules: per rule kind, hand-made puzzles whose solution counts a
//! brute force computes (`sudokit_testkit::brute_force_solutions`, shared with the `sat` tests:
//! plain recursion over the grid, houses checked as cells are placed, every rule checked at
//! the leaves by its definition in `sudokit_core::rules`);
//! random rule sets (proptest) on 4×4, 6×6 and 9×9 where cp's capped count must equal the
//! brute force's and every solution must pass `verify`; The Miracle; the non-consecutive rule
//! on empty grids against a brute force that restates the rule.

use proptest::prelude::*;
use std::sync::Arc;
use sudokit_core::rules::{Filled, Marks, Pos, Rule};
use sudokit_core::verify::verify;
use sudokit_core::{Budget, Cell, End, Extra, Grid, Layout, Request, Solver};
use sudokit_cp::rules::Compiled;
use sudokit_cp::{Cp, Propagation};
use sudokit_testkit::brute_force_solutions;
use sudokit_testkit::pattern::{XorShift, boxed_grid};

fn layout(n: usize, rules: Vec<Rule>) -> Arc<Layout> {
    Arc::new(Layout::standard(n).unwrap().with_rules(rules).unwrap())
}

fn cp_solutions(puzzle: &Grid, cap: u64, level: Propagation) -> (u64, bool, Vec<Grid>) {
    let r = Cp::new(level)
        .solve(puzzle, &Request::count(cap, cap as usize))
        .unwrap();
    (r.count, r.exact, r.solutions)
}

/// cp at every level agrees with the brute force on `puzzle`; every solution verifies.
fn agree(puzzle: &Grid, cap: usize) -> usize {
    let want = brute_force_solutions(puzzle, cap);
    for level in Propagation::ALL {
        let (count, exact, sols) = cp_solutions(puzzle, cap as u64, level);
        assert_eq!(
            count as usize,
            want.len(),
            "{level}: {:?}",
            puzzle.layout().rules()
        );
        assert_eq!(exact, want.len() < cap);
        for s in &sols {
            verify(puzzle, s).unwrap();
            if want.len() < cap {
                assert!(want.contains(&s.values().to_vec()));
            }
        }
    }
    want.len()
}

/// A grid of `layout` from rows of digits and dots.
fn from_text(layout: Arc<Layout>, text: &str) -> Grid {
    let values = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    Grid::from_values(layout, values)
}

fn p(s: &str) -> Pos {
    Pos::parse(s).unwrap()
}

fn ps(s: &str) -> Vec<Pos> {
    s.split_whitespace().map(p).collect()
}

fn json(s: &str) -> Rule {
    serde_json::from_str(s).unwrap()
}

/// Every rule kind on an empty 4×4 (288 grids without rules): cp's count equals the brute
/// force's, and the rule bites (fewer than 288) without emptying the grid.
#[test]
fn every_rule_kind_on_an_empty_4x4() {
    let cases = r#"
        [{"type": "difference", "cells": ["r1c1", "r1c2"]}]
        [{"type": "difference", "cells": ["r2c2", "r3c2"], "value": 2}]
        [{"type": "ratio", "cells": ["r1c1", "r1c2"]}]
        [{"type": "ratio", "cells": ["r1c3", "r2c3"], "value": 3}]
        [{"type": "xv", "cells": ["r1c1", "r2c1"], "sum": 5}]
        [{"type": "greater-than", "cells": ["r2c2", "r2c3"]}]
        [{"type": "killer", "cells": ["r1c2", "r1c3", "r2c2"], "sum": 6}]
        [{"type": "killer", "cells": ["r2c2", "r2c3", "r3c2", "r3c3"]}]
        [{"type": "little-killer", "cells": ["r1c2", "r2c3", "r3c4"], "sum": 5}]
        [{"type": "sandwich", "cells": ["r1c1", "r1c2", "r1c3", "r1c4"], "sum": 5}]
        [{"type": "sandwich", "cells": ["r1c2", "r2c2", "r3c2", "r4c2"], "sum": 0}]
        [{"type": "x-sum", "cells": ["r2c4", "r2c3", "r2c2", "r2c1"], "sum": 6}]
        [{"type": "skyscraper", "cells": ["r1c1", "r2c1", "r3c1", "r4c1"], "count": 3}]
        [{"type": "region-sum", "cells": ["r1c2", "r1c3", "r2c3"]}]
        [{"type": "thermo", "cells": ["r1c1", "r2c1", "r2c2"]}]
        [{"type": "thermo", "cells": ["r1c2", "r2c3", "r3c4"], "slow": true}]
        [{"type": "arrow", "circle": ["r1c1"], "cells": ["r2c2", "r3c2"]}]
        [{"type": "arrow", "circle": ["r1c1", "r1c2"], "cells": ["r2c1", "r3c1", "r3c2", "r4c3"]}]
        [{"type": "renban", "cells": ["r1c2", "r2c2", "r3c2"]}]
        [{"type": "whispers", "cells": ["r1c1", "r1c2", "r2c2"]}]
        [{"type": "whispers", "cells": ["r1c1", "r2c1"], "difference": 3}]
        [{"type": "palindrome", "cells": ["r1c1", "r2c2", "r3c3", "r3c4"]}]
        [{"type": "between", "cells": ["r1c1", "r2c2", "r3c3"]}]
        [{"type": "zipper", "cells": ["r1c1", "r2c1", "r2c2"]}]
        [{"type": "zipper", "cells": ["r1c1", "r1c2", "r2c3", "r3c3"]}]
        [{"type": "odd", "cells": ["r1c1", "r2c3"]}]
        [{"type": "even", "cells": ["r1c1", "r4c4"]}]
        [{"type": "minimum", "cells": ["r2c2"]}]
        [{"type": "maximum", "cells": ["r1c1", "r3c3"]}]
        [{"type": "quadruple", "cells": ["r1c2", "r1c3", "r2c2", "r2c3"], "digits": [4, 3]}]
        [{"type": "quadruple", "cells": ["r2c2", "r2c3", "r3c2", "r3c3"], "digits": [1, 1, 2]}]
        [{"type": "clone", "cells": ["r1c1", "r1c2"], "clone": ["r3c2", "r3c3"]}]
        [{"type": "extra-region", "cells": ["r1c1", "r2c2", "r3c3", "r4c4"]}]
        [{"type": "extra-region", "cells": ["r1c2", "r2c3"]}]
        [{"type": "disjoint-groups"}]
        [{"type": "row-indexer", "cells": ["r1c1", "r1c2"]}]
        [{"type": "column-indexer", "cells": ["r2c1"]}]
        [{"type": "box-indexer", "cells": ["r1c1", "r4c4"]}]
    "#;
    for line in cases.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let rules: Vec<Rule> = serde_json::from_str(line).unwrap();
        let what = line;
        let grid = Grid::empty(layout(4, rules));
        let count = agree(&grid, 300);
        assert!(count > 0 && count < 288, "{what}: {count} solutions");
    }
}

/// Sixes (2×3 boxes; entropic lines need a size divisible by 3): six givens of the grid
/// below and one rule that this grid meets, so every count is at least one.
#[test]
fn six_by_six_rules_with_givens() {
    // 123456 / 456123 / 231564 / 564231 / 312645 / 645312
    let givens = "1....6 ...... .3.... 5..... ..2... ....1.";
    let rule_sets = r#"
        [{"type": "entropic", "cells": ["r1c4", "r1c5", "r2c5", "r2c6"]}]
        [{"type": "killer", "cells": ["r2c1", "r3c1", "r3c2"], "sum": 9}]
        [{"type": "thermo", "cells": ["r5c2", "r5c3", "r4c3"]}]
        [{"type": "arrow", "circle": ["r2c3"], "cells": ["r3c3", "r3c2", "r3c1"]}]
        [{"type": "renban", "cells": ["r3c4", "r3c5", "r3c6"]}]
        [{"type": "between", "cells": ["r1c1", "r1c2", "r1c3", "r1c4"]}]
        [{"type": "sandwich", "cells": ["r4c1", "r4c2", "r4c3", "r4c4", "r4c5", "r4c6"], "sum": 9}]
        [{"type": "skyscraper", "cells": ["r6c6", "r5c6", "r4c6", "r3c6", "r2c6", "r1c6"], "count": 3}]
        [{"type": "x-sum", "cells": ["r2c6", "r2c5", "r2c4", "r2c3", "r2c2", "r2c1"], "sum": 6}]
        [{"type": "box-indexer", "cells": ["r1c2", "r2c2"]}]
    "#;
    let plain = brute_force_solutions(&from_text(layout(6, vec![]), givens), 100_000).len();
    for line in rule_sets.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let rules: Vec<Rule> = serde_json::from_str(line).unwrap();
        let what = line;
        let grid = from_text(layout(6, rules), givens);
        let count = agree(&grid, 100_000);
        assert!(count > 0 && count < plain, "{what}: {count} of {plain}");
    }
}

/// The negative constraint, with every qualifying pair of a 4×4 solution marked: that grid
/// stays a solution, and marking one pair fewer removes it.
#[test]
fn negative_constraints_with_every_mark_given() {
    let sol = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1u32];
    let pairs: Vec<(Pos, Pos)> = (0..16)
        .flat_map(|i| {
            let p = Pos::from_index(i, 4);
            [(0, 1), (1, 0)].into_iter().filter_map(move |(dr, dc)| {
                let q = Pos::new(p.row + dr, p.col + dc);
                (q.row < 4 && q.col < 4).then_some((p, q))
            })
        })
        .collect();
    let at = |q: Pos| sol[q.index(4)];
    for marks in [Marks::Difference, Marks::Ratio, Marks::Xv] {
        let mut rules: Vec<Rule> = pairs
            .iter()
            .filter_map(|&(p, q)| {
                let (a, b) = (at(p), at(q));
                let cells = vec![p, q];
                match marks {
                    Marks::Difference => {
                        (a.abs_diff(b) == 1).then_some(Rule::Difference { cells, value: None })
                    }
                    Marks::Ratio => {
                        (a == 2 * b || b == 2 * a).then_some(Rule::Ratio { cells, value: None })
                    }
                    Marks::Xv => (a + b == 5).then_some(Rule::Xv { cells, sum: 5 }),
                }
            })
            .collect();
        rules.push(Rule::Negative { marks });
        let count = agree(&Grid::empty(layout(4, rules.clone())), 300);
        assert!(count >= 1, "{marks:?}");
        rules.remove(0);
        let fewer = agree(&Grid::empty(layout(4, rules)), 300);
        assert!(fewer < count || fewer == 0, "{marks:?}");
    }
}

/// A jigsaw 4×4: the box indexer, disjoint groups and region sums follow its regions.
#[test]
fn jigsaw_regions_drive_region_rules() {
    let base = Layout::jigsaw(4, vec![0, 0, 1, 1, 0, 2, 2, 1, 0, 2, 3, 1, 2, 3, 3, 3]).unwrap();
    for rules in [
        vec![Rule::BoxIndexer {
            cells: ps("r1c1 r3c3"),
        }],
        vec![Rule::RegionSum {
            cells: ps("r1c1 r1c2 r2c2"),
        }],
        vec![Rule::Killer {
            cells: ps("r2c2 r2c3"),
            sum: Some(3),
        }],
    ] {
        let l = Arc::new(base.with_rules(rules).unwrap());
        let all = brute_force_solutions(&Grid::empty(Arc::new(base.clone())), 10_000).len();
        let what = format!("{:?}", l.rules());
        let count = agree(&Grid::empty(l), 10_000);
        assert!(count > 0 && count < all, "{what}: {count} of {all}");
    }
}

/// The Miracle (Mitchell Lee, 2019): anti-knight, anti-king, non-consecutive, a 1 at r5c3
/// and a 2 at r6c7; unique.
#[test]
fn the_miracle_is_unique() {
    let l = Layout::standard(9)
        .unwrap()
        .with_extras(&[Extra::AntiKnight, Extra::AntiKing])
        .with_rules([Rule::Nonconsecutive])
        .unwrap();
    let mut values = vec![0; 81];
    values[4 * 9 + 2] = 1;
    values[5 * 9 + 6] = 2;
    let g = Grid::from_values(Arc::new(l), values);
    let r = Cp::default().solve(&g, &Request::count(2, 1)).unwrap();
    assert_eq!((r.count, r.exact), (1, true));
    verify(&g, &r.solutions[0]).unwrap();
    let line: String = r.solutions[0]
        .values()
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(
        line,
        "483726159\
         726159483\
         159483726\
         837261594\
         261594837\
         594837261\
         372615948\
         615948372\
         948372615"
    );
}

/// Counts non-consecutive grids (standard boxes) by a recursion that restates the rule: no
/// placed digit is consecutive with its left or upper neighbour.
fn nonconsecutive_count(n: usize) -> u64 {
    let l = Layout::standard(n).unwrap();
    fn go(l: &Layout, v: &mut Vec<u8>, i: usize) -> u64 {
        let n = l.size();
        if i == n * n {
            return 1;
        }
        let mut total = 0;
        for d in 1..=n as u8 {
            let clash = l
                .peers(sudokit_core::Cell(i as u16))
                .iter()
                .any(|p| p.index() < i && v[p.index()] == d);
            let left = !i.is_multiple_of(n) && v[i - 1].abs_diff(d) == 1;
            let up = i >= n && v[i - n].abs_diff(d) == 1;
            if clash || left || up {
                continue;
            }
            v[i] = d;
            total += go(l, v, i + 1);
            v[i] = 0;
        }
        total
    }
    go(&l, &mut vec![0; n * n], 0)
}

#[test]
fn nonconsecutive_on_empty_grids() {
    for n in [4, 6] {
        let want = nonconsecutive_count(n);
        let g = Grid::empty(layout(n, vec![Rule::Nonconsecutive]));
        let (count, exact) = Cp::default().count_solutions(&g, 1_000_000).unwrap();
        assert_eq!((count, exact), (want, true), "{n}x{n}");
    }
}

#[test]
fn budgets_are_honoured_with_rules() {
    let g = Grid::empty(layout(9, vec![Rule::Nonconsecutive]));
    let r = Cp::default()
        .solve(
            &g,
            &Request::count(u64::MAX, 0).with_budget(Budget::nodes(500)),
        )
        .unwrap();
    assert_eq!(r.end, End::Budget);
    assert!(r.stats.nodes <= 501);
}

#[test]
fn rules_read_from_json_reach_the_engine() {
    let rules = vec![
        json(r#"{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 5}"#),
        json(r#"{"type": "thermo", "cells": ["r1c1", "r2c1", "r3c1"]}"#),
    ];
    let g = Grid::empty(layout(4, rules));
    assert!(agree(&g, 300) > 0);
}

// ---- random rule sets ----

/// A percentage chance.
fn chance(rng: &mut XorShift, pct: u64) -> bool {
    rng.next_u64() % 100 < pct
}

/// A random orthogonal walk of up to `len` distinct cells.
fn walk(rng: &mut XorShift, n: usize, len: usize) -> Vec<Pos> {
    let mut cells = vec![Pos::new(rng.below(n), rng.below(n))];
    while cells.len() < len {
        let last = *cells.last().unwrap();
        let steps: Vec<Pos> = [(0isize, 1isize), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1)]
            .iter()
            .filter_map(|&(dr, dc)| {
                let (r, c) = (last.row as isize + dr, last.col as isize + dc);
                (r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n)
                    .then(|| Pos::new(r as usize, c as usize))
            })
            .filter(|q| !cells.contains(q))
            .collect();
        if steps.is_empty() {
            break;
        }
        cells.push(steps[rng.below(steps.len())]);
    }
    cells
}

/// A random row or column, either way round.
fn whole_line(rng: &mut XorShift, n: usize) -> Vec<Pos> {
    let k = rng.below(n);
    let mut cells: Vec<Pos> = if chance(rng, 50) {
        (0..n).map(|c| Pos::new(k, c)).collect()
    } else {
        (0..n).map(|r| Pos::new(r, k)).collect()
    };
    if chance(rng, 50) {
        cells.reverse();
    }
    cells
}

/// A random rule, its numbers taken from `sol` most of the time (so the set tends to keep a
/// solution) and random otherwise.
fn random_rule(rng: &mut XorShift, n: usize, sol: &[u8]) -> Rule {
    let at = |q: Pos| u32::from(sol[q.index(n)]);
    let sum = |cells: &[Pos]| cells.iter().map(|&q| at(q)).sum::<u32>();
    let honest = chance(rng, 75);
    let line = |rng: &mut XorShift| {
        let len = 2 + rng.below(3);
        walk(rng, n, len)
    };
    let whole = |rng: &mut XorShift| whole_line(rng, n);
    let pair = |rng: &mut XorShift| walk(rng, n, 2);
    match rng.below(24) {
        0 => {
            let cells = pair(rng);
            let value = if honest {
                at(cells[0]).abs_diff(at(cells[1]))
            } else {
                1
            };
            Rule::Difference {
                cells,
                value: Some(value.max(1)),
            }
        }
        1 => Rule::Ratio {
            cells: pair(rng),
            value: None,
        },
        2 => {
            let cells = pair(rng);
            let s = if honest { sum(&cells) } else { 5 };
            Rule::Xv { cells, sum: s }
        }
        3 => {
            let mut cells = pair(rng);
            if honest && at(cells[0]) < at(cells[1]) {
                cells.reverse();
            }
            Rule::GreaterThan { cells }
        }
        4 => Rule::Nonconsecutive,
        5 => {
            let len = 1 + rng.below(4);
            let cells = walk(rng, n, len);
            let s = if honest {
                sum(&cells)
            } else {
                1 + rng.below(n * 3) as u32
            };
            Rule::Killer {
                cells,
                sum: chance(rng, 80).then_some(s),
            }
        }
        6 => {
            let len = 2 + rng.below(3);
            let cells = walk(rng, n, len);
            let s = if honest {
                sum(&cells)
            } else {
                rng.below(n * 3) as u32
            };
            Rule::LittleKiller { cells, sum: s }
        }
        7 => Rule::Sandwich {
            cells: whole(rng),
            sum: rng.below(n * 2) as u32,
        },
        8 => {
            let cells = whole(rng);
            let x = at(cells[0]) as usize;
            let s = if honest {
                sum(&cells[..x])
            } else {
                rng.below(n * 3) as u32
            };
            Rule::XSum { cells, sum: s }
        }
        9 => Rule::Skyscraper {
            cells: whole(rng),
            count: 1 + rng.below(n) as u32,
        },
        10 => Rule::RegionSum { cells: line(rng) },
        11 => {
            let mut cells = line(rng);
            if honest {
                cells.sort_by_key(|&q| at(q));
            }
            Rule::Thermo {
                cells,
                slow: chance(rng, 30),
            }
        }
        12 => {
            let cells = line(rng);
            Rule::Arrow {
                circle: vec![cells[0]],
                cells: cells[1..].to_vec(),
            }
        }
        13 => Rule::Renban { cells: line(rng) },
        14 => Rule::Whispers {
            cells: line(rng),
            difference: None,
        },
        15 => Rule::Palindrome { cells: line(rng) },
        16 => Rule::Between { cells: line(rng) },
        17 => Rule::Zipper { cells: line(rng) },
        18 => {
            let len = 1 + rng.below(2);
            let cells = walk(rng, n, len);
            if chance(rng, 50) {
                Rule::Odd { cells }
            } else {
                Rule::Even { cells }
            }
        }
        19 => {
            let cells = vec![Pos::new(rng.below(n), rng.below(n))];
            if chance(rng, 50) {
                Rule::Minimum { cells }
            } else {
                Rule::Maximum { cells }
            }
        }
        20 => {
            let (r, c) = (rng.below(n - 1), rng.below(n - 1));
            let cells = vec![
                Pos::new(r, c),
                Pos::new(r, c + 1),
                Pos::new(r + 1, c),
                Pos::new(r + 1, c + 1),
            ];
            let k = 1 + rng.below(3);
            let digits = (0..k)
                .map(|i| {
                    if honest {
                        at(cells[i])
                    } else {
                        1 + rng.below(n) as u32
                    }
                })
                .collect();
            Rule::Quadruple { cells, digits }
        }
        21 => {
            let a = walk(rng, n, 2);
            let b = walk(rng, n, 2);
            if a.iter().any(|q| b.contains(q)) || b.len() != a.len() {
                Rule::ExtraRegion { cells: a }
            } else {
                Rule::Clone { cells: a, clone: b }
            }
        }
        22 => {
            if chance(rng, 50) {
                Rule::DisjointGroups
            } else {
                Rule::Negative {
                    marks: [Marks::Difference, Marks::Ratio, Marks::Xv][rng.below(3)],
                }
            }
        }
        _ => {
            let cells = vec![Pos::new(rng.below(n), rng.below(n))];
            match rng.below(3) {
                0 => Rule::RowIndexer { cells },
                1 => Rule::ColumnIndexer { cells },
                _ => Rule::BoxIndexer { cells },
            }
        }
    }
}

/// The puzzle of `base` with `rules` and `givens` random cells of `sol` given.
fn keep_givens(
    rng: &mut XorShift,
    base: Arc<Layout>,
    rules: Vec<Rule>,
    sol: &[u8],
    givens: usize,
) -> Grid {
    let n = base.size();
    let l = Arc::new(base.with_rules(rules).unwrap());
    let mut values = vec![0; n * n];
    for _ in 0..givens {
        let i = rng.below(n * n);
        values[i] = sol[i];
    }
    Grid::from_values(l, values)
}

/// A random puzzle: a random solution grid of side `n`, `givens` of its cells kept, and 1–4
/// random rules that fit the grid.
fn random_puzzle(seed: u64, n: usize, givens: usize) -> Grid {
    let mut rng = XorShift(seed | 1);
    let base = Arc::new(Layout::standard(n).unwrap());
    let (rows, cols) = base.box_shape().unwrap();
    let sol = boxed_grid(rows, cols, &mut rng);
    let mut rules = Vec::new();
    let k = 1 + rng.below(4);
    while rules.len() < k {
        let rule = random_rule(&mut rng, n, &sol);
        if rule.validate(n).is_ok() {
            rules.push(rule);
        }
    }
    if n.is_multiple_of(3) && chance(&mut rng, 30) {
        rules.push(Rule::Entropic {
            cells: walk(&mut rng, n, 3),
        });
    }
    keep_givens(&mut rng, base, rules, &sol, givens)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn random_rules_on_4x4(seed in any::<u64>()) {
        agree(&random_puzzle(seed, 4, 2), 300);
    }

    #[test]
    fn random_rules_on_6x6(seed in any::<u64>()) {
        agree(&random_puzzle(seed, 6, 14), 200);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_rules_on_9x9_with_many_givens(seed in any::<u64>()) {
        agree(&random_puzzle(seed, 9, 60), 100);
    }
}

/// The digits each cell of `cells` takes in some assignment within `doms` where peers differ
/// that `rule` accepts (its own check), by enumerating the assignments.
fn brute_support(l: &Layout, rule: &Rule, cells: &[Pos], doms: &[u64]) -> Vec<u64> {
    struct Walk<'a> {
        l: &'a Layout,
        rule: &'a Rule,
        cells: &'a [Pos],
        doms: &'a [u64],
        values: Vec<u8>,
        support: Vec<u64>,
    }
    fn go(w: &mut Walk<'_>, i: usize) {
        let n = w.l.size();
        if i == w.cells.len() {
            let g = Filled {
                n,
                region_of: w.l.region_map(),
                values: &w.values,
                rules: w.l.rules(),
            };
            if w.rule.check(&g).is_ok() {
                for (s, &p) in w.support.iter_mut().zip(w.cells) {
                    *s |= 1 << (w.values[p.index(n)] - 1);
                }
            }
            return;
        }
        let here = Cell(w.cells[i].index(n) as u16);
        let taken = w.cells[..i]
            .iter()
            .filter(|&&q| w.l.peers(here).contains(&Cell(q.index(n) as u16)))
            .fold(0u64, |m, &q| m | 1 << (w.values[q.index(n)] - 1));
        for v in 0..n {
            if (w.doms[i] & !taken) >> v & 1 == 1 {
                w.values[here.index()] = v as u8 + 1;
                go(w, i + 1);
            }
        }
    }
    let n = l.size();
    let mut w = Walk {
        l,
        rule,
        cells,
        doms,
        values: vec![1u8; n * n],
        support: vec![0u64; cells.len()],
    };
    go(&mut w, 0);
    w.support
}

/// cp's filter of `rule` (compiled to one constraint) on random digit sets of its cells:
/// every digit of some accepted assignment stays (sound), the filter fails only when there
/// is none, and on fixed cells whose peers differ it accepts exactly what the rule's own
/// check accepts.
fn filter_case(rng: &mut XorShift, n: usize, rule: Rule) {
    let cells = rule.cells();
    let l = layout(n, vec![rule.clone()]);
    let compiled = Compiled::new(&l);
    assert_eq!(compiled.len(), 1, "one constraint for {rule:?}");
    let full = (1u64 << n) - 1;
    let fixed = chance(rng, 30);
    let doms: Vec<u64> = cells
        .iter()
        .map(|_| {
            if fixed {
                1 << rng.below(n)
            } else {
                let m = rng.next_u64() & full;
                if m == 0 { full } else { m }
            }
        })
        .collect();
    let mut dom = vec![full; n * n];
    for (&p, &d) in cells.iter().zip(&doms) {
        dom[p.index(n)] = d;
    }
    let mut out = Vec::new();
    let ok = compiled.filter(0, &dom, &mut out);
    let mut kept = doms.clone();
    for (c, m) in out {
        if let Some(i) = cells.iter().position(|p| p.index(n) == usize::from(c)) {
            kept[i] &= m;
        }
    }
    let want = brute_support(&l, &rule, &cells, &doms);
    let any = want.iter().all(|&m| m != 0);
    for i in 0..cells.len() {
        assert_eq!(
            want[i] & !kept[i],
            0,
            "{rule:?} on {doms:?}: cell {i} lost a digit"
        );
    }
    if !ok {
        assert!(!any, "{rule:?} on {doms:?} failed with a solution");
    }
    let peers_differ = cells.iter().enumerate().all(|(i, &p)| {
        cells[..i].iter().enumerate().all(|(j, &q)| {
            doms[i] != doms[j]
                || !l
                    .peers(Cell(p.index(n) as u16))
                    .contains(&Cell(q.index(n) as u16))
        })
    });
    if fixed && peers_differ {
        assert_eq!(ok && kept == doms, any, "{rule:?} on fixed {doms:?}");
    }
}

/// [`filter_case`] on a sandwich, X-sum or skyscraper clue on a whole row or column.
fn line_filter_case(seed: u64, n: usize) {
    let mut rng = XorShift(seed | 1);
    let cells = whole_line(&mut rng, n);
    let value = rng.below(n * n / 2) as u32;
    let rule = match rng.below(3) {
        0 => Rule::Sandwich { cells, sum: value },
        1 => Rule::XSum { cells, sum: value },
        _ => Rule::Skyscraper {
            cells,
            count: 1 + rng.below(n) as u32,
        },
    };
    filter_case(&mut rng, n, rule);
}

/// [`filter_case`] on a sum line: a zipper, an arrow (one- or two-cell circle) or a little
/// killer on a random walk.
fn sum_filter_case(seed: u64, n: usize) {
    let mut rng = XorShift(seed | 1);
    let len = 2 + rng.below(4);
    let cells = walk(&mut rng, n, len);
    let rule = match rng.below(3) {
        0 => Rule::Zipper { cells },
        1 if cells.len() > 2 && chance(&mut rng, 40) => Rule::Arrow {
            circle: cells[..2].to_vec(),
            cells: cells[2..].to_vec(),
        },
        1 => Rule::Arrow {
            circle: cells[..1].to_vec(),
            cells: cells[1..].to_vec(),
        },
        _ => Rule::LittleKiller {
            sum: rng.below(n * cells.len()) as u32,
            cells,
        },
    };
    if rule.validate(n).is_ok() {
        filter_case(&mut rng, n, rule);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn whole_line_filters_keep_every_supported_digit(seed in any::<u64>()) {
        line_filter_case(seed, 4);
        line_filter_case(seed ^ 0x5555, 6);
    }

    #[test]
    fn sum_line_filters_keep_every_supported_digit(seed in any::<u64>()) {
        sum_filter_case(seed, 4);
        sum_filter_case(seed ^ 0x5555, 6);
        sum_filter_case(seed ^ 0xaaaa, 9);
    }
}

/// Random sets of honest whole-line clues (sandwich, X-sum, skyscraper read off a random
/// solution) on 4×4 and 6×6: cp counts what the brute force counts.
fn clue_puzzle(seed: u64, n: usize, givens: usize) -> Grid {
    let mut rng = XorShift(seed | 1);
    let base = Arc::new(Layout::standard(n).unwrap());
    let (rows, cols) = base.box_shape().unwrap();
    let sol = boxed_grid(rows, cols, &mut rng);
    let mut rules = Vec::new();
    for _ in 0..1 + rng.below(4) {
        let cells = whole_line(&mut rng, n);
        let d: Vec<u32> = cells.iter().map(|&p| u32::from(sol[p.index(n)])).collect();
        rules.push(match rng.below(3) {
            0 => {
                let a = d.iter().position(|&x| x == 1).unwrap();
                let b = d.iter().position(|&x| x as usize == n).unwrap();
                Rule::Sandwich {
                    sum: d[a.min(b) + 1..a.max(b)].iter().sum(),
                    cells,
                }
            }
            1 => Rule::XSum {
                sum: d[..d[0] as usize].iter().sum(),
                cells,
            },
            _ => {
                let mut high = 0;
                let count = d
                    .iter()
                    .filter(|&&x| {
                        x > high && {
                            high = x;
                            true
                        }
                    })
                    .count();
                Rule::Skyscraper {
                    cells,
                    count: count as u32,
                }
            }
        });
    }
    keep_givens(&mut rng, base, rules, &sol, givens)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 80, ..ProptestConfig::default() })]

    #[test]
    fn whole_line_clues_agree_with_brute_force(seed in any::<u64>()) {
        assert!(agree(&clue_puzzle(seed, 4, 0), 300) >= 1);
        assert!(agree(&clue_puzzle(seed, 6, 8), 200) >= 1);
    }
}
