//! Variant puzzle generation: killer puzzles (no givens, random or fixed cages) and givens
//! for a fixed rule set. Each puzzle is unique by a second check (a full count to two by
//! blocking clauses, or on 4×4 an independent brute force over every grid), its solution
//! passes the verifier, the same seed gives the same puzzle, and it is minimal (every merge
//! and every dropped sum re-checked by `sat` from scratch, and by `cp` with the changes
//! enumerated in the test).

use std::sync::Arc;
use sudokit_core::verify::verify;
use sudokit_core::{Budget, Grid, Layout, Pos, Rule, Solver};
use sudokit_engines::{Cp, Sat};
use sudokit_generate::variant::{
    KillerConfig, generate_givens, generate_killer, killer_is_minimal,
};
use sudokit_testkit::brute_force_count;

fn cages(puzzle: &Grid) -> Vec<(Vec<Pos>, Option<u32>)> {
    puzzle
        .layout()
        .rules()
        .iter()
        .filter_map(|r| match r {
            Rule::Killer { cells, sum } => Some((cells.clone(), *sum)),
            _ => None,
        })
        .collect()
}

fn unique_by_count(puzzle: &Grid) {
    let (count, exact) = Sat::new().count_solutions(puzzle, 2).expect("count");
    assert_eq!((count, exact), (1, true));
}

/// Minimal in the issue's sense, checked by `cp` (not the generator's `sat`) with the changes
/// enumerated here: merging two orthogonally adjacent cages (at most `max` cells, the
/// solution's digits distinct in the union, so the solution still fits) or dropping a cage's
/// sum leaves a puzzle with a second solution. Returns how many changes were checked.
fn minimal_by_cp(puzzle: &Grid, solution: &Grid, max: usize) -> usize {
    let n = puzzle.layout().size();
    let cages = cages(puzzle);
    let digit = |p: &Pos| solution.values()[p.index(n)];
    let plain = puzzle.layout().without_rules();
    let mut checked = 0;
    let mut second_solution = |changed: Vec<(Vec<Pos>, Option<u32>)>, what: String| {
        let rules = changed
            .into_iter()
            .map(|(cells, sum)| Rule::Killer { cells, sum });
        let grid = Grid::from_values(
            Arc::new(plain.with_rules(rules).expect("rules")),
            vec![0; n * n],
        );
        let (count, _) = Cp::default().count_solutions(&grid, 2).expect("count");
        assert_eq!(count, 2, "{what} keeps the puzzle unique");
        checked += 1;
    };
    for (i, (cells, sum)) in cages.iter().enumerate() {
        if sum.is_some() {
            let mut changed = cages.clone();
            changed[i].1 = None;
            second_solution(changed, format!("dropping the sum of {cells:?}"));
        }
        for (j, (other, sum2)) in cages.iter().enumerate().skip(i + 1) {
            let adjacent = cells
                .iter()
                .any(|p| other.iter().any(|q| p.is_orthogonal_to(*q)));
            let distinct = cells
                .iter()
                .all(|p| other.iter().all(|q| digit(p) != digit(q)));
            if !adjacent || !distinct || cells.len() + other.len() > max {
                continue;
            }
            let mut changed = cages.clone();
            changed[i].0.extend(other.iter().copied());
            changed[i].1 = sum.zip(*sum2).map(|(a, b)| a + b);
            changed.remove(j);
            second_solution(changed, format!("merging {cells:?} and {other:?}"));
        }
    }
    checked
}

#[test]
fn killer_9x9_puzzles_are_unique_givenless_minimal_and_reproducible() {
    let config = KillerConfig::new(Arc::new(Layout::standard(9).expect("9x9")));
    for seed in [1u64, 2] {
        let made = generate_killer(&config, seed).expect("generated");
        assert!(made.puzzle.values().iter().all(|&v| v == 0), "no givens");
        verify(&made.puzzle, &made.solution).expect("solution verifies");
        unique_by_count(&made.puzzle);
        let cages = cages(&made.puzzle);
        assert!(
            cages.iter().all(|(c, _)| (2..=5).contains(&c.len())),
            "{cages:?}"
        );
        assert!(cages.iter().any(|(_, s)| s.is_some()));
        killer_is_minimal(&made.puzzle, &made.solution, 5, 1_000_000).expect("minimal");
        if seed == 1 {
            // cp is the slower engine here: one puzzle is enough for the second opinion.
            assert!(minimal_by_cp(&made.puzzle, &made.solution, 5) > cages.len() / 2);
        }
        let again = generate_killer(&config, seed).expect("generated");
        assert_eq!(again.puzzle.layout().rules(), made.puzzle.layout().rules());
    }
    let other = generate_killer(&config, 3).expect("generated");
    let first = generate_killer(&config, 1).expect("generated");
    assert_ne!(other.puzzle.layout().rules(), first.puzzle.layout().rules());
}

#[test]
fn killer_grids_over_the_conflict_limit_are_given_up_and_the_puzzle_stays_unique_and_minimal() {
    let layout = Arc::new(Layout::standard(9).expect("9x9"));
    let free = KillerConfig {
        grid_conflicts: None,
        ..KillerConfig::new(layout.clone())
    };
    let tight = KillerConfig {
        grid_conflicts: Some(2_000),
        ..KillerConfig::new(layout)
    };
    let mut given_up = 0;
    for seed in 1..=3u64 {
        let full = generate_killer(&free, seed).expect("generated");
        let cut = generate_killer(&tight, seed).expect("generated");
        // Both runs draw the same grids until the limit gives one up: then the cut run
        // needs more grids, otherwise it makes the same puzzle.
        if cut.attempts > full.attempts {
            given_up += 1;
        } else {
            assert_eq!(cut.attempts, full.attempts, "seed {seed}");
            assert_eq!(cut.puzzle.layout().rules(), full.puzzle.layout().rules());
        }
        unique_by_count(&cut.puzzle);
        killer_is_minimal(&cut.puzzle, &cut.solution, 5, 1_000_000).expect("minimal");
    }
    assert!(given_up > 0, "a limit of 2,000 conflicts gave no grid up");
}

#[test]
fn killer_4x4_puzzles_are_unique_by_brute_force() {
    let config = KillerConfig {
        max_cage: 4,
        ..KillerConfig::new(Arc::new(Layout::standard(4).expect("4x4")))
    };
    for seed in 1..=6u64 {
        let made = generate_killer(&config, seed).expect("generated");
        assert_eq!(brute_force_count(&made.puzzle, 10), 1, "seed {seed}");
        verify(&made.puzzle, &made.solution).expect("solution verifies");
        killer_is_minimal(&made.puzzle, &made.solution, 4, 100_000).expect("minimal");
        minimal_by_cp(&made.puzzle, &made.solution, 4);
    }
}

#[test]
fn fixed_cages_keep_their_shapes() {
    // The cage shapes of one generated 9x9 killer with cages of 2 or 3 cells, given to make
    // another puzzle.
    let l9 = Arc::new(Layout::standard(9).expect("9x9"));
    let small = KillerConfig {
        max_cage: 3,
        ..KillerConfig::new(l9.clone())
    };
    let first = generate_killer(&small, 1).expect("generated");
    let shapes: Vec<Vec<Pos>> = cages(&first.puzzle).into_iter().map(|c| c.0).collect();
    let config = KillerConfig {
        cages: Some(shapes.clone()),
        ..KillerConfig::new(l9)
    };
    let made = generate_killer(&config, 5).expect("the shapes make a unique puzzle");
    let got: Vec<Vec<Pos>> = cages(&made.puzzle).into_iter().map(|c| c.0).collect();
    assert!(!got.is_empty());
    assert!(got.iter().all(|c| shapes.contains(c)), "{got:?}");
    unique_by_count(&made.puzzle);
    verify(&made.puzzle, &made.solution).expect("solution verifies");
}

#[test]
fn fixed_cages_that_are_not_unique_alone_get_the_givens_they_need() {
    // Every row a cage: its sum is always 45, so the cages alone are never unique.
    let rows: Vec<Vec<Pos>> = (0..9)
        .map(|r| (0..9).map(|c| Pos::new(r, c)).collect())
        .collect();
    let config = KillerConfig {
        cages: Some(rows),
        ..KillerConfig::new(Arc::new(Layout::standard(9).expect("9x9")))
    };
    let made = generate_killer(&config, 1).expect("givens make it unique");
    verify(&made.puzzle, &made.solution).expect("solution verifies");
    // Unique by another engine: cp counting to two.
    let (count, exact) = Cp::default()
        .count_solutions(&made.puzzle, 2)
        .expect("count");
    assert_eq!((count, exact), (1, true));
    // Every given is needed (sat counting to two without it).
    let values = made.puzzle.values();
    let givens: Vec<usize> = (0..81).filter(|&c| values[c] != 0).collect();
    assert!(givens.len() >= 17, "{} givens", givens.len());
    for &c in &givens {
        let mut fewer = values.to_vec();
        fewer[c] = 0;
        let g = Grid::from_values(made.puzzle.layout_arc().clone(), fewer);
        let (count, _) = Sat::new().count_solutions(&g, 2).expect("count");
        assert_eq!(count, 2, "the given at {c} is not needed");
    }
    let again = generate_killer(&config, 1).expect("generated");
    assert_eq!(again.puzzle.values(), made.puzzle.values());
    // Too few givens allowed: a clear error naming where a second solution differs.
    let capped = KillerConfig {
        max_givens: Some(5),
        ..config
    };
    let shown = generate_killer(&capped, 1)
        .expect_err("5 givens are not enough")
        .to_string();
    assert!(
        shown.contains("need more than 5 givens") && shown.contains("differs in r"),
        "{shown}"
    );
}

#[test]
fn fixed_small_cages_that_need_givens_get_few() {
    // Dominoes across each row pair r1-r2, r3-r4, ... in columns 1-8 and the column-9
    // cells in pairs r1c9-r2c9 ...: shapes whose sums alone rarely pin the grid.
    let mut cages: Vec<Vec<Pos>> = Vec::new();
    for r in (0..8).step_by(2) {
        for c in 0..9 {
            cages.push(vec![Pos::new(r, c), Pos::new(r + 1, c)]);
        }
    }
    cages.extend(
        (0..9)
            .step_by(3)
            .map(|c| (c..c + 3).map(|k| Pos::new(8, k)).collect()),
    );
    let config = KillerConfig {
        cages: Some(cages),
        ..KillerConfig::new(Arc::new(Layout::standard(9).expect("9x9")))
    };
    let made = generate_killer(&config, 2).expect("generated");
    let (count, exact) = Cp::default()
        .count_solutions(&made.puzzle, 2)
        .expect("count");
    assert_eq!((count, exact), (1, true));
    verify(&made.puzzle, &made.solution).expect("solution verifies");
    let givens = made.puzzle.values().iter().filter(|&&v| v != 0).count();
    assert!((1..17).contains(&givens), "{givens} givens");
}

#[test]
fn givens_for_a_thermo_layout_are_unique_and_minimal() {
    let p = |s: &str| Pos::parse(s).expect("cell");
    let thermo = |cells: &str| Rule::Thermo {
        cells: cells.split_whitespace().map(p).collect(),
        slow: false,
    };
    let layout = Arc::new(
        Layout::standard(9)
            .expect("9x9")
            .with_rules([
                thermo("r1c1 r2c2 r3c3 r4c4 r5c5"),
                thermo("r9c1 r8c2 r7c3 r6c4"),
                thermo("r1c9 r1c8 r1c7 r2c7"),
            ])
            .expect("rules"),
    );
    let made = generate_givens(&layout, 11, &Budget::default()).expect("generated");
    verify(&made.puzzle, &made.solution).expect("solution verifies");
    unique_by_count(&made.puzzle);
    // Minimal: every given is needed.
    for c in 0..81 {
        if made.puzzle.values()[c] == 0 {
            continue;
        }
        let mut fewer = made.puzzle.values().to_vec();
        fewer[c] = 0;
        let g = Grid::from_values(layout.clone(), fewer);
        let (count, _) = Sat::new().count_solutions(&g, 2).expect("count");
        assert_eq!(count, 2, "given at {c} is not needed");
    }
    let again = generate_givens(&layout, 11, &Budget::default()).expect("generated");
    assert_eq!(again.puzzle.values(), made.puzzle.values());
}
