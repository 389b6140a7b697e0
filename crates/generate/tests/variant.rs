//! Variant puzzle generation: killer puzzles (no givens, random or fixed cages) and givens
//! for a fixed rule set. Each puzzle is unique by a second check (a full count to two by
//! blocking clauses, or on 4×4 an independent brute force over every grid), its solution
//! passes the verifier, the same seed gives the same puzzle, and it is minimal.

use std::sync::Arc;
use sudokit_core::verify::verify;
use sudokit_core::{Budget, Grid, Layout, Pos, Rule, Solver};
use sudokit_engines::Sat;
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
        let again = generate_killer(&config, seed).expect("generated");
        assert_eq!(again.puzzle.layout().rules(), made.puzzle.layout().rules());
    }
    let other = generate_killer(&config, 3).expect("generated");
    let first = generate_killer(&config, 1).expect("generated");
    assert_ne!(other.puzzle.layout().rules(), first.puzzle.layout().rules());
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
