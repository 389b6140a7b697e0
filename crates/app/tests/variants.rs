//! The setter's tools: true candidates equal the union of all solutions (enumerated here by
//! the engine, which the candidate search never does), honour a budget, and the redundancy
//! of givens and rules matches what direct counts say.

use std::sync::Arc;
use sudokit_app::variants::{engine_for, redundancy, true_candidates};
use sudokit_core::{Budget, Cell, Grid, Layout, Request, Rule};
use sudokit_testkit::pattern::{XorShift, boxed_grid};

fn rules(json: &str) -> Vec<Rule> {
    serde_json::from_str(json).unwrap()
}

fn grid(n: usize, rules: Vec<Rule>, values: Vec<u8>) -> Grid {
    let l = Layout::standard(n).unwrap().with_rules(rules).unwrap();
    Grid::from_values(Arc::new(l), values)
}

/// The union of every solution's digits, per cell, by enumeration.
fn union_of_solutions(g: &Grid) -> Vec<u64> {
    let solver = engine_for(g.layout());
    let r = solver
        .solve(g, &Request::count(1_000_000, 1_000_000))
        .unwrap();
    assert!(r.exact);
    let mut u = vec![0u64; g.layout().cell_count()];
    for s in &r.solutions {
        for (m, &v) in u.iter_mut().zip(s.values()) {
            *m |= 1 << (v - 1);
        }
    }
    u
}

#[test]
fn true_candidates_are_the_union_of_the_solutions() {
    let sets = [
        (4, r#"[{"type": "thermo", "cells": ["r1c1", "r1c2"]}]"#),
        (
            4,
            r#"[{"type": "killer", "cells": ["r2c2", "r2c3"], "sum": 7}]"#,
        ),
        (
            6,
            r#"[{"type": "arrow", "circle": ["r1c1"], "cells": ["r2c2", "r3c3"]}]"#,
        ),
        (
            6,
            r#"[{"type": "renban", "cells": ["r4c1", "r4c2", "r4c3"]}, {"type": "odd", "cells": ["r6c6"]}]"#,
        ),
        (
            6,
            r#"[{"type": "difference", "cells": ["r1c1", "r1c2"]}, {"type": "negative", "marks": "difference"}]"#,
        ),
    ];
    let mut rng = XorShift(7);
    for (n, json) in sets {
        let (rows, cols) = sudokit_core::layout::default_box(n).unwrap();
        let sol = boxed_grid(rows, cols, &mut rng);
        // Keep a few givens so the solution count stays small enough to enumerate.
        let values: Vec<u8> = sol
            .iter()
            .enumerate()
            .map(|(i, &v)| if i % 5 == 0 && n == 6 { v } else { 0 })
            .collect();
        let g = grid(n, rules(json), values);
        let want = union_of_solutions(&g);
        let solver = engine_for(g.layout());
        let got = true_candidates(&g, solver.as_ref(), &Budget::default()).unwrap();
        assert!(got.complete, "{json}");
        assert_eq!(got.digits, want, "{json}");
    }
}

#[test]
fn an_unsolvable_puzzle_has_no_candidates() {
    let g = grid(
        4,
        rules(r#"[{"type": "xv", "cells": ["r1c1", "r1c2"], "sum": 10}]"#),
        vec![0; 16],
    );
    let solver = engine_for(g.layout());
    let got = true_candidates(&g, solver.as_ref(), &Budget::default()).unwrap();
    assert!(got.complete);
    assert!(got.digits.iter().all(|&m| m == 0));
}

#[test]
fn true_candidates_stop_at_the_budget() {
    // cp counts a node per branching, so 50 nodes cannot settle 729 candidates.
    let g = grid(9, rules(r#"[{"type": "nonconsecutive"}]"#), vec![0; 81]);
    let solver = sudokit_cp::Cp::default();
    let got = true_candidates(&g, &solver, &Budget::nodes(50)).unwrap();
    assert!(!got.complete);
    assert!(got.nodes <= 50 + 1);
}

#[test]
fn redundant_givens_and_rules_are_those_whose_removal_keeps_one_solution() {
    // The Miracle's layout without its two givens has many solutions; with both it has one.
    let l = Layout::standard(9)
        .unwrap()
        .with_extras(&[
            sudokit_core::Extra::AntiKnight,
            sudokit_core::Extra::AntiKing,
        ])
        .with_rules(rules(
            r#"[{"type": "nonconsecutive"}, {"type": "killer", "cells": ["r1c1", "r1c2"]}]"#,
        ))
        .unwrap();
    let mut values = vec![0; 81];
    values[4 * 9 + 2] = 1;
    values[5 * 9 + 6] = 2;
    // A third given, from the solution: redundant; so is the cage without a sum on two cells
    // of one row (they differ anyway); the non-consecutive rule is not.
    values[0] = 4;
    let g = Grid::from_values(Arc::new(l), values);
    let solver = engine_for(g.layout());
    let r = redundancy(&g, solver.as_ref(), &Budget::default()).unwrap();
    assert_eq!(r.count, Some(1));
    assert!(r.complete);
    assert!(r.givens.contains(&Cell(0)));
    assert_eq!(r.rules, vec![1]);
    for &c in &r.givens {
        let mut fewer = g.clone();
        fewer.set(c, None);
        assert_eq!(solver.count_solutions(&fewer, 2).unwrap(), (1, true));
    }
}
