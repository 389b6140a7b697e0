//! The dedicated killer search (`killer_search`) against independent engines: on 4×4, random
//! cage sets (some sums dropped, some givens) against a brute force over every grid written
//! in testkit; on 9×9, generated killers and their weakened copies against `sat` counting to
//! two by blocking clauses; the incremental `sat` session given a dropped sum against the
//! same brute force.

use std::sync::Arc;
use sudokit_core::{Budget, Grid, Layout, Pos, Rule, Solver};
use sudokit_engines::Sat;
use sudokit_generate::Rng;
use sudokit_generate::killer_search::{Found, KillerSearch};
use sudokit_generate::variant::{KillerConfig, generate_killer};
use sudokit_sat::rules::implied_sums;
use sudokit_sat::session::Session;
use sudokit_testkit::brute_force_solutions;

/// Random cages of 1 to 4 orthogonally connected cells covering the grid, digits of
/// `solution` distinct in each.
fn random_cages(n: usize, solution: &[u8], rng: &mut Rng) -> Vec<Vec<Pos>> {
    let mut owner = vec![false; n * n];
    let mut cages = Vec::new();
    for start in 0..n * n {
        if owner[start] {
            continue;
        }
        owner[start] = true;
        let mut cage = vec![start];
        let target = 1 + rng.below(4);
        while cage.len() < target {
            let options: Vec<usize> = cage
                .iter()
                .flat_map(|&c| {
                    let (r, k) = (c / n, c % n);
                    [
                        (r > 0).then(|| c - n),
                        (r + 1 < n).then(|| c + n),
                        (k > 0).then(|| c - 1),
                        (k + 1 < n).then(|| c + 1),
                    ]
                })
                .flatten()
                .filter(|&q| !owner[q] && cage.iter().all(|&p| solution[p] != solution[q]))
                .collect();
            if options.is_empty() {
                break;
            }
            let q = *rng.pick(&options);
            owner[q] = true;
            cage.push(q);
        }
        cages.push(cage.into_iter().map(|c| Pos::from_index(c, n)).collect());
    }
    cages
}

/// Whether grid `g` (4×4) keeps every cage of `rules`: digits distinct, sums when given.
fn keeps_sums(rules: &[Rule], g: &[u8]) -> bool {
    rules.iter().all(|r| match r {
        Rule::Killer { cells, sum } => {
            let digits: Vec<u8> = cells.iter().map(|p| g[p.index(4)]).collect();
            let distinct = (0..digits.len()).all(|i| !digits[i + 1..].contains(&digits[i]));
            let total: u32 = digits.iter().map(|&d| u32::from(d)).sum();
            distinct && sum.is_none_or(|s| s == total)
        }
        _ => false,
    })
}

/// Each cage of `rules` with a sum, as (its index, its cells, its sum, `rules` with that sum
/// dropped).
fn dropped_sums(rules: &[Rule]) -> Vec<(usize, Vec<Pos>, u32, Vec<Rule>)> {
    let mut out = Vec::new();
    for (i, rule) in rules.iter().enumerate() {
        if let Rule::Killer {
            cells,
            sum: Some(total),
        } = rule
        {
            let mut weaker = rules.to_vec();
            weaker[i] = Rule::Killer {
                cells: cells.clone(),
                sum: None,
            };
            out.push((i, cells.clone(), *total, weaker));
        }
    }
    out
}

#[test]
fn search_agrees_with_brute_force_on_4x4() {
    let layout = Arc::new(Layout::standard(4).expect("4x4"));
    let grids = brute_force_solutions(&Grid::from_values(layout.clone(), vec![0; 16]), 1000);
    assert_eq!(grids.len(), 288);
    let search = KillerSearch::new(&layout).expect("4x4 qualifies");
    let mut rng = Rng::new(40);
    let (mut unique, mut other, mut dropped) = (0, 0, 0);
    for case in 0..400 {
        let solution = rng.pick(&grids).clone();
        let rules: Vec<Rule> = random_cages(4, &solution, &mut rng)
            .into_iter()
            .map(|cells| {
                let sum = cells.iter().map(|p| u32::from(solution[p.index(4)])).sum();
                Rule::Killer {
                    sum: (rng.below(3) > 0).then_some(sum),
                    cells,
                }
            })
            .collect();
        let givens: Vec<u8> = solution
            .iter()
            .map(|&d| if rng.below(8) == 0 { d } else { 0 })
            .collect();
        let puzzle = Grid::from_values(
            Arc::new(layout.with_rules(rules.clone()).expect("rules")),
            givens.clone(),
        );
        let all = brute_force_solutions(&puzzle, 1000);
        assert!(all.contains(&solution), "case {case}");
        let implied = match case % 2 {
            0 => implied_sums(&layout, &rules),
            _ => Vec::new(),
        };
        let found = search
            .other_solution(&rules, &implied, &givens, &solution, 1_000_000)
            .expect("killer cages only");
        match found {
            Found::Unique => {
                assert_eq!(all.len(), 1, "case {case}: {rules:?}");
                unique += 1;
                // Each sum dropped in turn, asked with the lost sum as the hint.
                for (i, cells, total, weaker) in dropped_sums(&rules) {
                    let grid = Grid::from_values(
                        Arc::new(layout.with_rules(weaker.clone()).expect("rules")),
                        givens.clone(),
                    );
                    let count = brute_force_solutions(&grid, 2).len();
                    let off = Some((&cells[..], total));
                    let found = search
                        .other_solution_off(&weaker, &[], &givens, &solution, off, 1_000_000)
                        .expect("killer cages only");
                    match found {
                        Found::Unique => assert_eq!(count, 1, "case {case}, cage {i}"),
                        Found::Other(g) => {
                            assert_eq!(count, 2, "case {case}, cage {i}");
                            assert!(keeps_sums(&weaker, &g) && g != solution);
                            dropped += 1;
                        }
                        Found::OutOfNodes => panic!("case {case}: out of nodes"),
                    }
                }
            }
            Found::Other(g) => {
                assert!(g != solution && all.contains(&g), "case {case}: {g:?}");
                other += 1;
            }
            Found::OutOfNodes => panic!("case {case}: 1,000,000 nodes on a 4x4"),
        }
    }
    // Both answers were exercised.
    assert!(
        unique > 20 && other > 20 && dropped > 5,
        "{unique} unique, {other} not, {dropped} second solutions after a dropped sum"
    );
}

#[test]
fn search_agrees_with_sat_on_9x9_killers_and_weakened_copies() {
    let layout = Arc::new(Layout::standard(9).expect("9x9"));
    let search = KillerSearch::new(&layout).expect("9x9 qualifies");
    let config = KillerConfig::new(layout.clone());
    let (mut unique, mut other) = (0, 0);
    for seed in [4u64, 5] {
        let made = generate_killer(&config, seed).expect("generated");
        let rules = made.puzzle.layout().rules().to_vec();
        let solution = made.solution.values();
        // The puzzle itself, then each cage's sum dropped in turn.
        let mut variants = vec![rules.clone()];
        for i in 0..rules.len().min(12) {
            let mut weaker = rules.clone();
            if let Rule::Killer { sum, .. } = &mut weaker[i] {
                *sum = None;
            }
            variants.push(weaker);
        }
        for rules in variants {
            let puzzle = Grid::from_values(
                Arc::new(layout.with_rules(rules.clone()).expect("rules")),
                vec![0; 81],
            );
            let (count, exact) = Sat::new().count_solutions(&puzzle, 2).expect("count");
            assert!(exact || count == 2);
            let implied = implied_sums(&layout, &rules);
            let found = search
                .other_solution(&rules, &implied, &[0; 81], solution, 10_000_000)
                .expect("killer cages only");
            match found {
                Found::Unique => {
                    assert_eq!(count, 1, "seed {seed}: {rules:?}");
                    unique += 1;
                }
                Found::Other(g) => {
                    assert_eq!(count, 2, "seed {seed}");
                    assert_ne!(g, solution);
                    let grid = Grid::from_values(puzzle.layout_arc().clone(), g);
                    sudokit_core::verify::check_grid(&grid).expect("a real solution");
                    other += 1;
                }
                Found::OutOfNodes => panic!("seed {seed}: 10,000,000 nodes"),
            }
        }
    }
    assert!(unique >= 2 && other >= 2, "{unique} unique, {other} not");
}

#[test]
fn grids_with_other_rules_are_not_taken() {
    let knight = Layout::standard(9)
        .expect("9x9")
        .with_extras(&[sudokit_core::Extra::AntiKnight]);
    assert!(KillerSearch::new(&knight).is_none());
    let layout = Layout::standard(4).expect("4x4");
    let search = KillerSearch::new(&layout).expect("4x4");
    let thermo = Rule::Thermo {
        cells: vec![Pos::new(0, 0), Pos::new(0, 1)],
        slow: false,
    };
    let known = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    assert_eq!(
        search.other_solution(&[thermo], &[], &[0; 16], &known, 10),
        None
    );
}

/// The incremental `sat` session told a dropped sum (every other solution breaks it) agrees
/// with a brute force over every 4×4 grid, and a question on the full cage set after the
/// weaker ones still says "unique" (the other questions' rules and hints are off).
#[test]
fn session_with_the_lost_sum_agrees_with_brute_force_on_4x4() {
    let layout = Arc::new(Layout::standard(4).expect("4x4"));
    let grids = brute_force_solutions(&Grid::from_values(layout.clone(), vec![0; 16]), 1000);
    let mut rng = Rng::new(41);
    let (mut cases, mut other, mut unique) = (0, 0, 0);
    while cases < 60 {
        let solution = rng.pick(&grids).clone();
        let rules: Vec<Rule> = random_cages(4, &solution, &mut rng)
            .into_iter()
            .map(|cells| Rule::Killer {
                sum: (rng.below(2) == 0)
                    .then(|| cells.iter().map(|p| u32::from(solution[p.index(4)])).sum()),
                cells,
            })
            .collect();
        let full = Grid::from_values(
            Arc::new(layout.with_rules(rules.clone()).expect("rules")),
            vec![0; 16],
        );
        if brute_force_solutions(&full, 2).len() != 1 {
            continue;
        }
        cases += 1;
        let mut session = Session::new(layout.clone(), &solution);
        for (i, cells, total, weaker) in dropped_sums(&rules) {
            let grid = Grid::from_values(
                Arc::new(layout.with_rules(weaker.clone()).expect("rules")),
                vec![0; 16],
            );
            let count = brute_force_solutions(&grid, 2).len();
            let found = session
                .other_solution_off(&weaker, Some((&cells[..], total)), &Budget::default())
                .expect("sat")
                .expect("no budget");
            match found {
                None => {
                    assert_eq!(count, 1, "{rules:?}, cage {i}");
                    unique += 1;
                }
                Some(g) => {
                    assert_eq!(count, 2, "{rules:?}, cage {i}");
                    let got: u32 = cells.iter().map(|p| u32::from(g[p.index(4)])).sum();
                    assert!(keeps_sums(&weaker, &g) && got != total, "{g:?}");
                    other += 1;
                }
            }
            let again = session
                .other_solution(&rules, &Budget::default())
                .expect("sat");
            assert_eq!(again, Some(None), "{rules:?} after cage {i}");
        }
    }
    assert!(
        other > 20 && unique > 20,
        "{other} not unique, {unique} unique"
    );
}
