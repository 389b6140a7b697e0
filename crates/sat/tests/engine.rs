//! The `sat` engine against the reference backtracker: solution counts capped at 2 agree and
//! every returned grid passes the independent checker, on the seed cases, small and exotic
//! layouts, both encodings, and (ignored, release) top95 and 17_clue.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use sudokit_core::format::InputFormat;
use sudokit_core::verify::verify;
use sudokit_core::{Budget, End, Grid, Layout, Request, Solver, Status};
use sudokit_sat::{Sat, SatOptions};
use sudokit_testkit::{
    blank, parse, reference_count, reference_solution, seed_cases, small_layouts,
};

fn checked_count(engine: &Sat, puzzle: &Grid) -> (u64, bool) {
    let report = engine.solve(puzzle, &Request::count(2, 2)).expect("solve");
    for s in &report.solutions {
        verify(puzzle, s).expect("returned grid verifies");
    }
    assert_eq!(report.solutions.len() as u64, report.count);
    if report.solutions.len() == 2 {
        assert_ne!(report.solutions[0], report.solutions[1]);
    }
    (report.count, report.exact)
}

fn engines() -> Vec<(&'static str, Sat)> {
    vec![
        ("default", Sat::new()),
        (
            "textbook",
            Sat::with_options(SatOptions {
                reduce: false,
                house_at_most_one: true,
            }),
        ),
        (
            "minimal",
            Sat::with_options(SatOptions {
                reduce: true,
                house_at_most_one: false,
            }),
        ),
    ]
}

#[test]
fn seed_cases_agree_with_the_reference() {
    for (name, engine) in engines() {
        for (label, puzzle, expected) in seed_cases() {
            let want = reference_count(&puzzle, 2);
            assert_eq!(
                checked_count(&engine, &puzzle),
                (want, want < 2),
                "{name}: {label}"
            );
            if let (Some(exp), 1) = (&expected, want) {
                assert_eq!(&engine.first_solution(&puzzle).unwrap().unwrap(), exp);
            }
            if expected.is_none() {
                assert_eq!(want, 0, "{label}");
                let r = engine.solve(&puzzle, &Request::first()).unwrap();
                assert_eq!(r.status, Status::Unsolvable);
            }
        }
    }
}

#[test]
fn small_and_exotic_layouts_agree_with_the_reference() {
    for (name, layout) in small_layouts() {
        let empty = Grid::empty(layout.clone());
        for (ename, engine) in engines() {
            let want = reference_count(&empty, 2);
            assert_eq!(
                checked_count(&engine, &empty).0,
                want,
                "{name} {ename}: empty"
            );
        }
        let Some(solution) = reference_solution(&empty) else {
            continue;
        };
        for (i, percent) in [30u64, 50, 60, 70, 80].into_iter().enumerate() {
            let puzzle = blank(&solution, percent, i as u64 + 7);
            let want = reference_count(&puzzle, 2);
            for (ename, engine) in engines() {
                let got = checked_count(&engine, &puzzle);
                assert_eq!(got, (want, want < 2), "{name} {ename}: {percent}% blank");
            }
        }
    }
}

#[test]
fn empty_16x16_and_25x25_first_solution_verifies() {
    // 16×16 and 25×25 from empty: the first solution passes the independent checker.
    for n in [16, 25] {
        let g = Grid::empty(Arc::new(Layout::standard(n).unwrap()));
        let r = Sat::new().solve(&g, &Request::first()).unwrap();
        verify(&g, &r.solutions[0]).unwrap();
    }
}

#[test]
fn counts_beyond_two_are_exact() {
    // A 4×4 grid with two givens has a known small count; the reference agrees.
    let g = parse("1...............");
    let want = reference_count(&g, 1000);
    let (count, exact) = Sat::new().count_solutions(&g, 1000).unwrap();
    assert_eq!((count, exact), (want, true));
    assert_eq!(want, 72);
}

#[test]
fn budgets_stop_the_search() {
    let empty = Grid::empty(Arc::new(Layout::standard(9).unwrap()));
    let r = Sat::new()
        .solve(
            &empty,
            &Request::count(1_000_000, 0).with_budget(Budget::nodes(3)),
        )
        .unwrap();
    assert_eq!(r.end, End::Budget);
    let cancel = Arc::new(AtomicBool::new(true));
    let budget = Budget {
        cancel: Some(cancel),
        ..Budget::default()
    };
    let r = Sat::new()
        .solve(&empty, &Request::first().with_budget(budget))
        .unwrap();
    assert_eq!(r.end, End::Budget);
    assert_eq!(r.status, Status::Stopped);
}

#[test]
fn stats_are_filled() {
    let p =
        parse("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1");
    let r = Sat::new().solve(&p, &Request::count(2, 1)).unwrap();
    assert_eq!((r.count, r.exact), (1, true));
    assert_eq!(r.stats.extra["sat_calls"], 2.0);
    assert!(r.stats.extra["vars"] > 0.0 && r.stats.extra["vars"] < 729.0);
    assert_eq!(r.stats.backtracks as f64, r.stats.extra["conflicts"]);
}

/// A puzzle set shipped in the repository's `data/` folder, one puzzle a line.
fn shared(name: &str) -> Vec<Grid> {
    sudokit_testkit::read_puzzles(&format!("data/{name}"), InputFormat::Line)
}

#[test]
#[ignore = "slow in debug: run with --release -- --ignored"]
fn top95_and_17_clue_agree_with_the_reference() {
    let mut puzzles = shared("logic/top95.txt");
    puzzles.extend(shared("logic/17clue-300.txt").into_iter().take(200));
    for (i, p) in puzzles.iter().enumerate() {
        let want = reference_count(p, 2);
        for (name, engine) in engines() {
            assert_eq!(
                checked_count(&engine, p),
                (want, want < 2),
                "{name} #{}",
                i + 1
            );
        }
    }
}

/// Full grids to blank puzzles from: the solutions of three 9×9 seed cases and a reference
/// solution of every small layout's empty grid.
fn solved_cases() -> Vec<(String, Grid)> {
    let mut cases: Vec<(String, Grid)> = seed_cases()
        .into_iter()
        .filter_map(|(name, _, sol)| sol.map(|s| (name, s)))
        .take(3)
        .collect();
    for (name, layout) in small_layouts() {
        let empty = Grid::empty(layout);
        if let Some(s) = reference_solution(&empty) {
            cases.push((name.to_string(), s));
        }
    }
    cases
}

/// The blank cells of `puzzle`, each with its digit in the full grid `sol`.
fn blanks_with_digits(puzzle: &Grid, sol: &Grid) -> Vec<(usize, u8)> {
    puzzle
        .values()
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v == 0)
        .map(|(c, _)| (c, sol.values()[c]))
        .collect()
}

/// `has_solution_avoiding` against the reference: on puzzles blanked from a seed case's
/// solution, "a solution with some listed cell different from the known solution" exists
/// exactly when the puzzle is not unique (every listed cell blank) or, with one given listed
/// among them, never through that given. Run on 9×9 and on every small layout.
#[test]
fn avoiding_the_known_solution_decides_uniqueness_like_the_reference() {
    let cases = solved_cases();
    let sat = Sat::new();
    let (mut unique, mut many) = (0, 0);
    for (name, sol) in &cases {
        for (seed, percent) in [(1, 40), (2, 55), (3, 65), (4, 75)] {
            let puzzle = blank(sol, percent, seed);
            let blanks = blanks_with_digits(&puzzle, sol);
            let expected = reference_count(&puzzle, 2) >= 2;
            let got = sat
                .has_solution_avoiding(&puzzle, &blanks, &Budget::default())
                .expect("no error")
                .expect("no budget");
            assert_eq!(got, expected, "{name} seed {seed}");
            if expected {
                many += 1
            } else {
                unique += 1
            }
            // Listing only a given: no solution can avoid it.
            if let Some(g) = puzzle.values().iter().position(|&v| v != 0) {
                let given = [(g, puzzle.values()[g])];
                assert_eq!(
                    sat.has_solution_avoiding(&puzzle, &given, &Budget::default()),
                    Ok(Some(false)),
                    "{name} seed {seed}"
                );
            }
        }
    }
    assert!(unique > 0 && many > 0, "{unique} unique, {many} not");
    // A node budget of one conflict on an open grid can run out: never a wrong answer.
    let open = Grid::empty(Arc::new(Layout::standard(16).expect("16x16")));
    let r = sat.has_solution_avoiding(&open, &[(0, 1)], &Budget::nodes(1));
    assert!(matches!(r, Ok(Some(true)) | Ok(None)), "{r:?}");
}

/// `has_solution_avoiding_near` only steers the search: with the true solution, with a wrong
/// full grid, or with a grid of the wrong length as `near`, every answer equals the
/// reference's count on puzzles blanked from 9×9 seed cases and small layouts; a budget of one
/// conflict still never gives a wrong answer.
#[test]
fn searching_near_a_grid_changes_no_answer() {
    let cases = solved_cases();
    let sat = Sat::new();
    let (mut unique, mut many) = (0, 0);
    for (name, sol) in &cases {
        let n = sol.layout().size() as u8;
        // A full grid that is no solution: every digit shifted by one.
        let shifted: Vec<u8> = sol.values().iter().map(|&d| d % n + 1).collect();
        for (seed, percent) in [(5, 50), (6, 70)] {
            let puzzle = blank(sol, percent, seed);
            let blanks = blanks_with_digits(&puzzle, sol);
            let expected = reference_count(&puzzle, 2) >= 2;
            for near in [
                Some(sol.values()),
                Some(&shifted[..]),
                Some(&[1u8][..]),
                None,
            ] {
                let got = sat
                    .has_solution_avoiding_near(&puzzle, &blanks, near, &Budget::default())
                    .expect("no error")
                    .expect("no budget");
                assert_eq!(
                    got,
                    expected,
                    "{name} seed {seed} near {:?}",
                    near.map(|g| g.len())
                );
            }
            // A unique puzzle with one more given cleared, as a removal pass asks: another
            // solution must differ in that cell.
            if !expected {
                let givens = puzzle.values().iter().enumerate().filter(|&(_, &v)| v != 0);
                for (g, &d) in givens.take(3) {
                    let mut fewer = puzzle.values().to_vec();
                    fewer[g] = 0;
                    let fewer = Grid::from_values(puzzle.layout_arc().clone(), fewer);
                    let truth = reference_count(&fewer, 2) >= 2;
                    for near in [Some(sol.values()), Some(&shifted[..])] {
                        let got = sat.has_solution_avoiding_near(
                            &fewer,
                            &[(g, d)],
                            near,
                            &Budget::default(),
                        );
                        assert_eq!(got, Ok(Some(truth)), "{name} seed {seed} given {g}");
                        // The grid behind a "yes" solves the puzzle (independent checker)
                        // and differs from the solution in the cleared given.
                        let found = sat
                            .solution_avoiding_near(&fewer, &[(g, d)], near, &Budget::default())
                            .expect("no error")
                            .expect("no budget");
                        assert_eq!(found.is_some(), truth, "{name} seed {seed} given {g}");
                        if let Some(other) = found {
                            assert!(verify(&fewer, &other).is_ok());
                            assert_ne!(other.values()[g], d, "{name} seed {seed} given {g}");
                        }
                    }
                }
            }
            if expected { many += 1 } else { unique += 1 }
        }
    }
    assert!(unique > 0 && many > 0, "{unique} unique, {many} not");
    let open = Grid::empty(Arc::new(Layout::standard(16).expect("16x16")));
    let ones = vec![1u8; 256];
    let r = sat.has_solution_avoiding_near(&open, &[(0, 1)], Some(&ones), &Budget::nodes(1));
    assert!(matches!(r, Ok(Some(true)) | Ok(None)), "{r:?}");
}
