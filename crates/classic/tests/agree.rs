//! `backtrack` (plain and oriented) and `colour` agree on solution counts (capped at 2) on
//! every layout, and on the shared `top95` set (release, ignored by default).

mod common;

use common::*;
use sudokit_classic::{Backtrack, Colour};
use sudokit_core::{Budget, Grid};

#[test]
fn engines_agree_on_every_layout() {
    for (name, layout) in layouts() {
        let full = first(&Colour::new(), &Grid::empty(layout.clone())).expect(name);
        let mut seen = [false; 3];
        // From nearly full (one solution) to sparse (several), and one with no solution.
        for (seed, keep) in [(1, 70), (2, 55), (3, 45), (4, 38), (5, 30), (6, 25)] {
            let p = blank(&full, pattern(seed, keep));
            let c = count2(&Colour::new(), &p);
            let budget = Budget::nodes(200_000_000);
            for engine in [Backtrack::new(false), Backtrack::new(true)] {
                let b = count(&engine, &p, 2, budget.clone())
                    .unwrap_or_else(|| panic!("{name}: backtrack ran out of budget"));
                assert_eq!(b, c, "{name} seed {seed} orient {}", engine.orient());
            }
            seen[c as usize] = true;
        }
        assert!(
            seen[1] && seen[2],
            "{name}: the patterns cover 1 and 2 solutions"
        );
        // Change one given to another digit that does not clash: usually no solution left.
        let p = blank(&full, pattern(1, 70));
        let mut v = p.values().to_vec();
        let n = layout.size() as u8;
        if let Some(i) = v.iter().position(|&x| x != 0) {
            for d in 1..=n {
                v[i] = d;
                let q = Grid::from_values(layout.clone(), v.clone());
                if d != p.values()[i] && q.find_conflict().is_none() {
                    assert_eq!(
                        count2(&Colour::new(), &q),
                        count2(&Backtrack::new(true), &q),
                        "{name}: changed given"
                    );
                }
            }
        }
    }
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn engines_agree_on_top95() {
    let puzzles = shared_puzzles("logic/top95.txt", 95);
    assert_eq!(puzzles.len(), 95);
    let mut settled = 0;
    for (i, p) in puzzles.iter().enumerate() {
        let c = count(&Colour::new(), p, 2, Budget::nodes(50_000_000))
            .unwrap_or_else(|| panic!("colour ran out of budget on top95 #{}", i + 1));
        assert_eq!(c, 1, "top95 #{} is a proper puzzle", i + 1);
        if let Some(b) = count(&Backtrack::new(true), p, 2, Budget::nodes(300_000_000)) {
            assert_eq!(b, c, "top95 #{}", i + 1);
            settled += 1;
        }
    }
    eprintln!("backtrack --orient settled {settled} of 95 within its budget");
    // Brute force proves uniqueness within its budget on most of them.
    assert!(settled >= 85, "backtrack settled only {settled} of 95");
}

#[test]
fn complete_and_trivial_grids() {
    use std::sync::Arc;
    use sudokit_classic::Anneal;
    use sudokit_core::{Layout, Request, Solver, Status};
    let full = seed_cases()[0].solution.clone().unwrap();
    let one = Grid::empty(Arc::new(Layout::standard(1).unwrap()));
    for p in [full, one] {
        for engine in [
            &Backtrack::new(false) as &dyn Solver,
            &Backtrack::new(true),
            &Colour::new(),
        ] {
            let r = engine.solve(&p, &Request::count(2, 2)).unwrap();
            assert_eq!((r.count, r.exact), (1, true), "{}", engine.name());
            sudokit_core::verify::verify(&p, &r.solutions[0]).unwrap();
        }
        let r = Anneal::new(0).solve(&p, &Request::first()).unwrap();
        assert_eq!(r.status, Status::Solved);
        sudokit_core::verify::verify(&p, &r.solutions[0]).unwrap();
    }
}
