//! Property: on random puzzles of random sizes and layouts, every grid an engine returns
//! passes the independent checker, and the solution count (capped at 3) — "no solution"
//! included — equals the one `dlx`, an engine sharing no search code with `propagate`, finds.

use proptest::prelude::*;
use std::sync::Arc;
use sudokit_core::verify::verify;
use sudokit_core::{Budget, Extra, Grid, Layout, Request, Solver, Status};
use sudokit_engines::{Dlx, Propagate};

/// A random layout: box shapes of several sizes, sometimes with diagonals or anti-king.
fn arb_layout() -> impl Strategy<Value = Layout> {
    (
        prop_oneof![
            Just((2, 2)),
            Just((2, 3)),
            Just((3, 2)),
            Just((2, 4)),
            Just((3, 3))
        ],
        0..4u8,
    )
        .prop_map(|((r, c), extra)| {
            let l = Layout::boxed(r * c, r, c).unwrap();
            match extra {
                1 if r * c >= 4 && r == c => l.with_extras(&[Extra::Diagonals]),
                2 if r * c >= 6 => l.with_extras(&[Extra::AntiKnight]),
                _ => l,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn returned_grids_always_verify(layout in arb_layout(), seed in any::<u64>(), density in 0.0f64..0.5) {
        let layout = Arc::new(layout);
        // Random givens that respect the rules locally (no conflicts), which may or may not
        // leave the puzzle solvable.
        let mut g = Grid::empty(layout.clone());
        let mut x = seed | 1;
        for c in 0..layout.cell_count() {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            if (x % 1000) as f64 / 1000.0 < density {
                let cell = sudokit_core::Cell(c as u16);
                let open: Vec<_> = g.open_digits(cell).iter().collect();
                if !open.is_empty() {
                    g.set(cell, Some(open[(x >> 20) as usize % open.len()]));
                }
            }
        }
        prop_assert!(g.find_conflict().is_none());
        // A node budget per search: random sparse puzzles (an 8×8 with anti-knight and few
        // givens, say) can send propagate's search through millions of nodes, and a property
        // test must end. A search that ran out is still checked: every grid it returned
        // verifies, and it found no more solutions than exist.
        let budget = Budget::nodes(NODES);
        for engine in [Propagate::new(), Propagate::with_subsets(true)] {
            let r = engine.solve(&g, &Request::count(3, 3).with_budget(budget.clone())).unwrap();
            for s in &r.solutions {
                prop_assert!(verify(&g, s).is_ok(), "{:?}", verify(&g, s));
            }
            if r.status == Status::Unsolvable {
                prop_assert!(r.exact);
            }
        }
        // Both variants agree with the second engine on the count capped at 3.
        let oracle = Dlx::new().solve(&g, &Request::count(3, 0)).unwrap();
        for engine in [Propagate::new(), Propagate::with_subsets(true)] {
            let r = engine.solve(&g, &Request::count(3, 0).with_budget(budget.clone())).unwrap();
            if r.exact {
                prop_assert_eq!(r.count, oracle.count);
            } else {
                prop_assert!(r.count <= oracle.count, "{} found, {} exist", r.count, oracle.count);
            }
        }
    }
}

/// Nodes each propagate search may take (typical cases need far fewer).
const NODES: u64 = 200_000;
