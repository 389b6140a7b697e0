//! The `sat` engine on variant rules against an independent brute force written here: plain
//! recursion over the grid (houses only), each complete grid kept when the verifier's rule
//! checks — the rules' own definitions in `sudokit_core::rules` — accept it. Every rule kind,
//! by itself on the empty 4×4 grid (6×6 for entropic lines), then random rule sets (proptest)
//! on 4×4, 6×6, a 6×6 jigsaw and 9×9 partly filled grids; both encodings (givens applied
//! before encoding or as unit clauses); every returned grid passes `verify`.

use proptest::prelude::*;
use std::sync::Arc;
use sudokit_core::rules::Marks;
use sudokit_core::verify::verify;
use sudokit_core::{Budget, End, Grid, Layout, Pos, Request, Rule, Solver};
use sudokit_sat::{Sat, SatOptions};
use sudokit_testkit::pattern::{XorShift, boxed_grid};
use sudokit_testkit::{blank, brute_force_count, jigsaw6};

fn engines() -> [Sat; 2] {
    [
        Sat::new(),
        Sat::with_options(SatOptions {
            reduce: false,
            house_at_most_one: true,
        }),
    ]
}

/// The sat count of `puzzle` (capped at `cap`) equals the brute force's, every solution
/// verifies, and the count is exact when under the cap.
fn agrees(puzzle: &Grid, cap: u64, what: &str) {
    let want = brute_force_count(puzzle, cap);
    for sat in engines() {
        let report = sat
            .solve(puzzle, &Request::count(cap, cap as usize))
            .expect("solve");
        for s in &report.solutions {
            verify(puzzle, s).unwrap_or_else(|e| panic!("{what}: {e}"));
        }
        assert_eq!(
            report.count,
            want,
            "{what} (reduce = {}): {:?}",
            sat.options().reduce,
            puzzle.layout().rules()
        );
        assert_eq!(report.exact, want < cap, "{what}");
    }
}

fn pick(rng: &mut XorShift, n: usize) -> Pos {
    Pos::new(rng.below(n), rng.below(n))
}

/// A random walk of `least..=most` distinct cells (fewer when it gets stuck) through
/// king-move neighbours.
fn walk(rng: &mut XorShift, n: usize, least: usize, most: usize) -> Vec<Pos> {
    let len = least + rng.below(most - least + 1);
    let mut cells = vec![pick(rng, n)];
    while cells.len() < len {
        let last = *cells.last().expect("one cell");
        let next: Vec<Pos> = (-1isize..=1)
            .flat_map(|dr| (-1isize..=1).map(move |dc| (dr, dc)))
            .filter_map(|(dr, dc)| {
                let (r, c) = (last.row as isize + dr, last.col as isize + dc);
                (r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n)
                    .then(|| Pos::new(r as usize, c as usize))
            })
            .filter(|p| !cells.contains(p))
            .collect();
        if next.is_empty() {
            break;
        }
        cells.push(next[rng.below(next.len())]);
    }
    cells
}

fn orthogonal_pair(rng: &mut XorShift, n: usize) -> Vec<Pos> {
    let p = Pos::new(rng.below(n), rng.below(n - 1));
    let q = Pos::new(p.row, p.col + 1);
    let (p, q) = if rng.below(2) == 0 {
        (p, q)
    } else {
        (Pos::new(p.col, p.row), Pos::new(q.col, q.row))
    };
    if rng.below(2) == 0 {
        vec![p, q]
    } else {
        vec![q, p]
    }
}

fn line(rng: &mut XorShift, n: usize) -> Vec<Pos> {
    let k = rng.below(n);
    let mut cells: Vec<Pos> = if rng.below(2) == 0 {
        (0..n).map(|c| Pos::new(k, c)).collect()
    } else {
        (0..n).map(|r| Pos::new(r, k)).collect()
    };
    if rng.below(2) == 0 {
        cells.reverse();
    }
    cells
}

/// The kinds of rule [`random_rule`] makes, one per name of [`Rule::NAMES`].
const KINDS: usize = 31;

/// A random rule of kind `kind` (an index into [`Rule::NAMES`]); its numbers are read off the
/// grid `sol` most of the time (so that some solution keeps it), sometimes nudged.
fn random_rule(kind: usize, sol: &[u8], n: usize, rng: &mut XorShift) -> Rule {
    let at = |p: Pos| u32::from(sol[p.index(n)]);
    let sum = |cells: &[Pos]| cells.iter().map(|&p| at(p)).sum::<u32>();
    let nudge = |rng: &mut XorShift, v: u32| match rng.below(6) {
        0 => v + 1,
        1 => v.saturating_sub(1).max(1),
        _ => v,
    };
    match Rule::NAMES[kind] {
        "difference" => {
            let cells = orthogonal_pair(rng, n);
            let v = at(cells[0]).abs_diff(at(cells[1]));
            let value = if rng.below(3) == 0 { None } else { Some(v) };
            Rule::Difference { cells, value }
        }
        "ratio" => {
            let cells = orthogonal_pair(rng, n);
            let (a, b) = (at(cells[0]), at(cells[1]));
            let v = a.max(b) / a.min(b);
            let value = if rng.below(3) == 0 { None } else { Some(v) };
            Rule::Ratio { cells, value }
        }
        "xv" => {
            let cells = orthogonal_pair(rng, n);
            let s = nudge(rng, sum(&cells));
            Rule::Xv { cells, sum: s }
        }
        "greater-than" => Rule::GreaterThan {
            cells: orthogonal_pair(rng, n),
        },
        "nonconsecutive" => Rule::Nonconsecutive,
        "negative" => Rule::Negative {
            marks: [Marks::Difference, Marks::Ratio, Marks::Xv][rng.below(3)],
        },
        "killer" => {
            let cells = walk(rng, n, 1, n.min(5));
            let s = nudge(rng, sum(&cells));
            let sum = if rng.below(4) == 0 { None } else { Some(s) };
            Rule::Killer { cells, sum }
        }
        "little-killer" => {
            let (r, c) = (rng.below(n - 1), 0);
            let (r, c) = if rng.below(2) == 0 { (r, c) } else { (c, r) };
            let cells: Vec<Pos> = (0..n - r.max(c)).map(|i| Pos::new(r + i, c + i)).collect();
            let s = nudge(rng, sum(&cells));
            Rule::LittleKiller { cells, sum: s }
        }
        "sandwich" => {
            let cells = line(rng, n);
            let d: Vec<u32> = cells.iter().map(|&p| at(p)).collect();
            let a = d.iter().position(|&x| x == 1).unwrap_or(0);
            let b = d.iter().position(|&x| x as usize == n).unwrap_or(0);
            let s: u32 = d[a.min(b) + 1..a.max(b).max(a.min(b) + 1)].iter().sum();
            let s = nudge(rng, s);
            Rule::Sandwich { cells, sum: s }
        }
        "x-sum" => {
            let cells = line(rng, n);
            let x = at(cells[0]) as usize;
            let s = nudge(rng, sum(&cells[..x]));
            Rule::XSum { cells, sum: s }
        }
        "skyscraper" => {
            let cells = line(rng, n);
            let mut high = 0;
            let mut seen = 0;
            for &p in &cells {
                if at(p) > high {
                    high = at(p);
                    seen += 1;
                }
            }
            Rule::Skyscraper {
                cells,
                count: nudge(rng, seen),
            }
        }
        "region-sum" => Rule::RegionSum {
            cells: walk(rng, n, 2, n.min(5)),
        },
        "thermo" => {
            let mut cells = walk(rng, n, 2, n.min(5));
            if rng.below(3) > 0 {
                cells.sort_by_key(|&p| at(p));
            }
            Rule::Thermo {
                cells,
                slow: rng.below(3) == 0,
            }
        }
        "arrow" => {
            let cells = walk(rng, n, 2, 4);
            let c = if n >= 9 && cells.len() >= 3 && rng.below(3) == 0 {
                2
            } else {
                1
            };
            Rule::Arrow {
                circle: cells[..c].to_vec(),
                cells: cells[c..].to_vec(),
            }
        }
        "renban" => Rule::Renban {
            cells: walk(rng, n, 2, n.min(5)),
        },
        "whispers" => {
            let cells = walk(rng, n, 2, n.min(5));
            let difference = if rng.below(2) == 0 {
                None
            } else {
                Some(1 + rng.below(n / 2) as u32)
            };
            Rule::Whispers { cells, difference }
        }
        "palindrome" => Rule::Palindrome {
            cells: walk(rng, n, 2, n.min(5)),
        },
        "between" => Rule::Between {
            cells: walk(rng, n, 2, 4),
        },
        "entropic" => Rule::Entropic {
            cells: walk(rng, n, 2, n.min(5)),
        },
        "zipper" => Rule::Zipper {
            cells: walk(rng, n, 2, n.min(5)),
        },
        "odd" | "even" => {
            let cells: Vec<Pos> = walk(rng, n, 1, 3);
            if Rule::NAMES[kind] == "odd" {
                Rule::Odd { cells }
            } else {
                Rule::Even { cells }
            }
        }
        "minimum" => Rule::Minimum {
            cells: walk(rng, n, 1, 3),
        },
        "maximum" => Rule::Maximum {
            cells: walk(rng, n, 1, 3),
        },
        "quadruple" => {
            let (r, c) = (rng.below(n - 1), rng.below(n - 1));
            let cells = vec![
                Pos::new(r, c),
                Pos::new(r, c + 1),
                Pos::new(r + 1, c),
                Pos::new(r + 1, c + 1),
            ];
            let mut digits: Vec<u32> = cells.iter().map(|&p| at(p)).collect();
            digits.truncate(1 + rng.below(4));
            if rng.below(4) == 0 {
                digits[0] = 1 + rng.below(n) as u32;
            }
            Rule::Quadruple { cells, digits }
        }
        "clone" => {
            let all = walk(rng, n, 2, 4);
            let half = all.len() / 2;
            Rule::Clone {
                cells: all[..half].to_vec(),
                clone: all[half..2 * half].to_vec(),
            }
        }
        "extra-region" => Rule::ExtraRegion {
            cells: walk(rng, n, 2, n),
        },
        "disjoint-groups" => Rule::DisjointGroups,
        "row-indexer" => Rule::RowIndexer {
            cells: walk(rng, n, 1, 2),
        },
        "column-indexer" => Rule::ColumnIndexer {
            cells: walk(rng, n, 1, 2),
        },
        "box-indexer" => Rule::BoxIndexer {
            cells: walk(rng, n, 1, 2),
        },
        other => panic!("no generator for rule kind {other}"),
    }
}

/// A grid of `layout` with `count` random rules (those that fit) and about `percent` per cent
/// of the cells of a valid grid blanked.
fn random_puzzle(
    layout: &Arc<Layout>,
    sol: &[u8],
    kinds: &[usize],
    percent: u64,
    rng: &mut XorShift,
) -> Grid {
    let n = layout.size();
    let mut rules = Vec::new();
    for &kind in kinds {
        let rule = random_rule(kind, sol, n, rng);
        if rule.validate(n).is_ok() {
            rules.push(rule);
        }
    }
    let with = Arc::new(layout.with_rules(rules).expect("validated rules"));
    // Givens from a grid that keeps the rules when there is one (found by the engine under
    // test, but checked by the verifier), so that few puzzles are trivially unsolvable.
    let empty = Grid::from_values(with.clone(), vec![0; with.cell_count()]);
    let request = Request::first().with_budget(Budget {
        nodes: Some(20_000),
        ..Budget::default()
    });
    let report = Sat::new().solve(&empty, &request).expect("solve");
    let full = match report.solutions.into_iter().next() {
        Some(grid) => {
            verify(&empty, &grid).expect("a model keeps the rules");
            grid
        }
        None => Grid::from_values(with, sol.to_vec()),
    };
    blank(&full, percent, rng.next_u64())
}

/// A valid grid of `layout` (boxed layouts from the shifting pattern, the jigsaw by search).
fn base_grid(layout: &Arc<Layout>, rng: &mut XorShift) -> Vec<u8> {
    match layout.box_shape() {
        Some((r, c)) => boxed_grid(r, c, rng),
        None => {
            let empty = Grid::from_values(layout.clone(), vec![0; layout.cell_count()]);
            sudokit_testkit::reference_solution(&empty)
                .expect("the jigsaw has a solution")
                .values()
                .to_vec()
        }
    }
}

#[test]
fn every_rule_kind_alone_on_the_empty_4x4_agrees_with_brute_force() {
    assert_eq!(Rule::NAMES.len(), KINDS);
    let layout = Arc::new(Layout::standard(4).expect("4x4"));
    let mut rng = XorShift(0x4444_1234);
    for kind in 0..KINDS {
        if Rule::NAMES[kind] == "entropic" {
            continue;
        }
        for _ in 0..6 {
            let sol = base_grid(&layout, &mut rng);
            let puzzle = random_puzzle(&layout, &sol, &[kind], 100, &mut rng);
            agrees(&puzzle, 300, Rule::NAMES[kind]);
        }
    }
}

#[test]
fn every_rule_kind_on_a_half_filled_6x6_agrees_with_brute_force() {
    let layout = Arc::new(Layout::standard(6).expect("6x6"));
    let mut rng = XorShift(0x6666_4321);
    for kind in 0..KINDS {
        for _ in 0..3 {
            let sol = base_grid(&layout, &mut rng);
            let puzzle = random_puzzle(&layout, &sol, &[kind], 55, &mut rng);
            agrees(&puzzle, 200, Rule::NAMES[kind]);
        }
    }
}

#[test]
fn hand_made_counts() {
    let l4 = Arc::new(Layout::standard(4).expect("4x4"));
    let p = |s: &str| Pos::parse(s).expect("cell");
    let count = |rules: Vec<Rule>| {
        let g = Grid::from_values(Arc::new(l4.with_rules(rules).expect("rules")), vec![0; 16]);
        let (c, exact) = Sat::new().count_solutions(&g, 1000).expect("count");
        assert!(exact);
        assert_eq!(c, brute_force_count(&g, 1000));
        c
    };
    // The empty 4×4 has 288 grids; a 1-2 kropki white dot at r1c1-r1c2 keeps those whose
    // first two digits differ by 1.
    assert_eq!(count(vec![]), 288);
    let dot = count(vec![Rule::Difference {
        cells: vec![p("r1c1"), p("r1c2")],
        value: None,
    }]);
    assert!(dot > 0 && dot < 288, "{dot}");
    // A killer cage of two cells summing to 3 holds {1, 2}: a third of the grids have 1 or 2
    // in r1c1 and the other in r1c2.
    let cage = count(vec![Rule::Killer {
        cells: vec![p("r1c1"), p("r1c2")],
        sum: Some(3),
    }]);
    assert_eq!(cage, 288 / 6);
    // A 4-cell thermometer along row 1 fixes it to 1 2 3 4: 288 / 24 grids remain.
    let thermo = count(vec![Rule::Thermo {
        cells: vec![p("r1c1"), p("r1c2"), p("r1c3"), p("r1c4")],
        slow: false,
    }]);
    assert_eq!(thermo, 12);
    // Contradictory rules: a cage of 3 and a V (sum 5) on the same cells.
    let none = count(vec![
        Rule::Killer {
            cells: vec![p("r1c1"), p("r1c2")],
            sum: Some(3),
        },
        Rule::Xv {
            cells: vec![p("r1c1"), p("r1c2")],
            sum: 5,
        },
    ]);
    assert_eq!(none, 0);
}

/// Sandwiches and X-sums on whole rows are encoded by their alternatives on distinct
/// digits; on a diagonal (whose digits may repeat) by their automata. Both agree with the
/// brute force, for every total on the empty 4×4.
#[test]
fn sandwich_and_x_sum_on_rows_and_on_diagonals_agree() {
    let layout = Layout::standard(4).expect("4x4");
    let lines: [Vec<Pos>; 3] = [
        (0..4).map(|c| Pos::new(1, c)).collect(),
        (0..4).map(|i| Pos::new(i, i)).collect(),
        (0..4).rev().map(|i| Pos::new(i, 3 - i)).collect(),
    ];
    for cells in &lines {
        for sum in 0..=11 {
            for rule in [
                Rule::Sandwich {
                    cells: cells.clone(),
                    sum,
                },
                Rule::XSum {
                    cells: cells.clone(),
                    sum,
                },
            ] {
                let what = rule.describe();
                let l = Arc::new(layout.with_rules([rule]).expect("rule"));
                agrees(&Grid::from_values(l, vec![0; 16]), 300, &what);
            }
        }
    }
}

#[test]
fn a_jigsaw_with_disjoint_groups_and_box_indexers_agrees() {
    let layout = jigsaw6();
    let mut rng = XorShift(0x6a16_5a77);
    let kinds: Vec<usize> = ["disjoint-groups", "box-indexer", "region-sum", "killer"]
        .iter()
        .map(|k| Rule::NAMES.iter().position(|n| n == k).expect("kind"))
        .collect();
    for round in 0..8 {
        let sol = base_grid(&layout, &mut rng);
        let pick = [kinds[round % 4], kinds[(round + 1) % 4]];
        let puzzle = random_puzzle(&layout, &sol, &pick, 60, &mut rng);
        agrees(&puzzle, 200, "jigsaw");
    }
}

#[test]
fn counting_honours_a_node_budget() {
    let layout = Layout::standard(9)
        .expect("9x9")
        .with_rules([Rule::Nonconsecutive])
        .expect("rule");
    let g = Grid::from_values(Arc::new(layout), vec![0; 81]);
    let request = Request::count(u64::MAX, 0).with_budget(Budget {
        nodes: Some(50),
        ..Budget::default()
    });
    let report = Sat::new().solve(&g, &request).expect("solve");
    assert_eq!(report.end, End::Budget);
    assert!(!report.exact);
}

#[test]
fn the_miracle_is_unique() {
    use sudokit_core::Extra;
    // Mitchell Lee's "Miracle Sudoku": anti-knight, anti-king, non-consecutive, two givens.
    let layout = Layout::standard(9)
        .expect("9x9")
        .with_extras(&[Extra::AntiKnight, Extra::AntiKing])
        .with_rules([Rule::Nonconsecutive])
        .expect("rule");
    let mut values = vec![0; 81];
    values[Pos::new(4, 2).index(9)] = 1;
    values[Pos::new(5, 6).index(9)] = 2;
    let g = Grid::from_values(Arc::new(layout), values);
    let report = Sat::new().solve(&g, &Request::count(2, 1)).expect("solve");
    assert_eq!((report.count, report.exact), (1, true));
    verify(&g, &report.solutions[0]).expect("verifies");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_rule_sets_agree_with_brute_force(
        seed in 1u64..u64::MAX,
        which in 0usize..4,
        kinds in proptest::collection::vec(0usize..KINDS, 1..4),
    ) {
        let (layout, percent, cap) = match which {
            0 => (Arc::new(Layout::standard(4).expect("4x4")), 100, 300),
            1 => (Arc::new(Layout::standard(6).expect("6x6")), 55, 200),
            2 => (jigsaw6(), 55, 200),
            _ => (Arc::new(Layout::standard(9).expect("9x9")), 40, 100),
        };
        let mut rng = XorShift(seed);
        let sol = base_grid(&layout, &mut rng);
        let puzzle = random_puzzle(&layout, &sol, &kinds, percent, &mut rng);
        agrees(&puzzle, cap, "random rule set");
    }
}

/// Disjoint killer cages covering the whole grid (random walks over free cells), their sums
/// read off `sol`, sometimes nudged: what the house-sum (45 rule) clauses are derived from.
fn cage_cover(layout: &Arc<Layout>, sol: &[u8], rng: &mut XorShift) -> Vec<Rule> {
    let n = layout.size();
    let mut free = vec![true; n * n];
    let mut rules = Vec::new();
    for start in 0..n * n {
        if !free[start] {
            continue;
        }
        free[start] = false;
        let mut cells = vec![Pos::from_index(start, n)];
        let want = 1 + rng.below(4);
        while cells.len() < want {
            let next: Vec<Pos> = cells
                .iter()
                .flat_map(|p| {
                    [(0, 1), (1, 0), (0, -1), (-1, 0)]
                        .map(|(dr, dc): (isize, isize)| (p.row as isize + dr, p.col as isize + dc))
                })
                .filter(|&(r, c)| r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n)
                .map(|(r, c)| Pos::new(r as usize, c as usize))
                .filter(|q| free[q.index(n)])
                .collect();
            if next.is_empty() {
                break;
            }
            let q = next[rng.below(next.len())];
            free[q.index(n)] = false;
            cells.push(q);
        }
        let mut sum: u32 = cells.iter().map(|p| u32::from(sol[p.index(n)])).sum();
        if rng.below(8) == 0 {
            sum += 1;
        }
        let sum = (rng.below(6) > 0).then_some(sum);
        rules.push(Rule::Killer { cells, sum });
    }
    rules
}

#[test]
fn killer_cage_covers_agree_with_brute_force() {
    let mut rng = XorShift(0xca9e_5eed);
    for (layout, percent, rounds) in [
        (Arc::new(Layout::standard(4).expect("4x4")), 100, 40),
        (Arc::new(Layout::standard(6).expect("6x6")), 60, 15),
        (jigsaw6(), 60, 15),
    ] {
        for _ in 0..rounds {
            let sol = base_grid(&layout, &mut rng);
            let rules: Vec<Rule> = cage_cover(&layout, &sol, &mut rng)
                .into_iter()
                .filter(|r| r.validate(layout.size()).is_ok())
                .collect();
            let with = Arc::new(layout.with_rules(rules).expect("rules"));
            let puzzle = blank(
                &Grid::from_values(with, sol.clone()),
                percent,
                rng.next_u64(),
            );
            agrees(&puzzle, 200, "cage cover");
        }
    }
}
