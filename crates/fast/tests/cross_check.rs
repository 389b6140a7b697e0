//! Cross-checks the `fast` engine against a plain reference backtracker written here and
//! against the independent checker (`sudokit_core::verify`), on the shared puzzle sets, the
//! seed cases, puzzles with no solution and puzzles with many, in every mode.

use std::sync::Arc;
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::verify::verify;
use sudokit_core::{Budget, End, Flow, Grid, Layout, Limits, Request, SolveError, Solver, Status};
use sudokit_fast::Fast;

const TOP95: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/logic/top95.txt");
const TOP1465: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/sets/magictour_top1465.txt"
);

// ---------------------------------------------------------------- reference backtracker

/// A plain recursive backtracker (fewest-candidates cell first), independent of the engine.
struct Reference {
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    cells: [u8; 81],
    count: u64,
    limit: u64,
    first: Option<[u8; 81]>,
}

fn box_of(i: usize) -> usize {
    (i / 27) * 3 + (i % 9) / 3
}

/// Counts solutions up to `limit`; returns the count and the first solution found.
fn reference(cells: &[u8; 81], limit: u64) -> (u64, Option<[u8; 81]>) {
    let mut r = Reference {
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
        cells: *cells,
        count: 0,
        limit,
        first: None,
    };
    for (i, &v) in cells.iter().enumerate() {
        if v == 0 {
            continue;
        }
        let bit = 1u16 << v;
        let (row, col, bx) = (i / 9, i % 9, box_of(i));
        if (r.rows[row] | r.cols[col] | r.boxes[bx]) & bit != 0 {
            return (0, None);
        }
        r.rows[row] |= bit;
        r.cols[col] |= bit;
        r.boxes[bx] |= bit;
    }
    r.search();
    (r.count, r.first)
}

impl Reference {
    fn search(&mut self) {
        let mut best = None;
        let mut best_n = 10;
        for i in 0..81 {
            if self.cells[i] != 0 {
                continue;
            }
            let used = self.rows[i / 9] | self.cols[i % 9] | self.boxes[box_of(i)];
            let n = 9 - (used >> 1).count_ones();
            if n < best_n {
                best_n = n;
                best = Some((i, used));
            }
        }
        let Some((i, used)) = best else {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some(self.cells);
            }
            return;
        };
        for v in 1..=9u8 {
            let bit = 1u16 << v;
            if used & bit != 0 {
                continue;
            }
            let (row, col, bx) = (i / 9, i % 9, box_of(i));
            self.cells[i] = v;
            self.rows[row] |= bit;
            self.cols[col] |= bit;
            self.boxes[bx] |= bit;
            self.search();
            self.cells[i] = 0;
            self.rows[row] &= !bit;
            self.cols[col] &= !bit;
            self.boxes[bx] &= !bit;
            if self.count >= self.limit {
                return;
            }
        }
    }
}

// ---------------------------------------------------------------- helpers

fn layout() -> Arc<Layout> {
    Arc::new(Layout::standard(9).expect("9x9 layout"))
}

fn cells_of_line(line: &str) -> [u8; 81] {
    let mut c = [0u8; 81];
    for (x, ch) in c.iter_mut().zip(line.bytes()) {
        *x = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
    }
    c
}

fn read_set(path: &str, limit: usize) -> Vec<[u8; 81]> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    text.lines()
        .map(str::trim)
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(limit)
        .map(cells_of_line)
        .collect()
}

/// Checks a solution with the independent checker.
fn assert_verified(puzzle: &[u8; 81], solution: &[u8; 81]) {
    let l = layout();
    let p = Grid::from_values(l.clone(), puzzle.to_vec());
    let s = Grid::from_values(l, solution.to_vec());
    if let Err(e) = verify(&p, &s) {
        panic!("bad solution for {:?}: {e}", line_of(puzzle));
    }
}

fn line_of(cells: &[u8; 81]) -> String {
    cells
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
}

/// Every mode of the fast engine against the reference on one puzzle.
fn check_puzzle(p: &[u8; 81]) {
    let (ref_count2, _) = reference(p, 2);
    // first
    let (first, _) = Fast::solve_first(p);
    assert_eq!(first.is_some(), ref_count2 > 0, "first: {}", line_of(p));
    if let Some(s) = &first {
        assert_verified(p, s);
    }
    // unique (up to 2), every returned grid verified
    let mut seen = Vec::new();
    let out = Fast::run(p, 2, &mut Budget::unlimited().start(), |s| {
        seen.push(*s);
        Flow::Continue
    });
    assert_eq!(out.solutions, ref_count2, "count<=2: {}", line_of(p));
    assert_eq!(seen.len() as u64, out.solutions);
    for s in &seen {
        assert_verified(p, s);
    }
    if seen.len() == 2 {
        assert_ne!(seen[0], seen[1], "the same solution twice");
    }
    assert_eq!(Fast::count_up_to(p, 2).0, ref_count2);
    let expect_end = if ref_count2 >= 2 {
        End::SolutionLimit
    } else {
        End::Exhausted
    };
    assert_eq!(out.end, expect_end);
}

// ---------------------------------------------------------------- tests

#[test]
fn top95_matches_reference_in_every_mode() {
    let set = read_set(TOP95, usize::MAX);
    assert_eq!(set.len(), 95);
    for p in &set {
        check_puzzle(p);
        let (count, first) = reference(p, 2);
        assert_eq!(count, 1);
        assert_eq!(Fast::solve_first(p).0, first, "unique solution differs");
    }
}

#[test]
#[ignore = "slow in debug builds; CI runs it with --release -- --ignored"]
fn top1465_matches_reference() {
    let set = read_set(TOP1465, usize::MAX);
    assert_eq!(set.len(), 1465);
    for p in &set {
        check_puzzle(p);
    }
}

#[test]
fn top1465_slice_matches_reference() {
    for p in read_set(TOP1465, 60) {
        check_puzzle(&p);
    }
}

#[test]
fn seed_cases_have_their_expected_outcome() {
    for (label, puzzle, answer) in sudokit_testkit::seed_case_lines() {
        let p = cells_of_line(&puzzle);
        check_puzzle(&p);
        let (count, _) = reference(&p, 2);
        let (first, _) = Fast::solve_first(&p);
        match answer {
            None => {
                assert_eq!(count, 0, "{label}: {puzzle}");
                assert_eq!(first, None);
            }
            Some(answer) if count == 1 => {
                assert_eq!(first, Some(cells_of_line(&answer)), "{label}: {puzzle}");
            }
            // Several solutions: the file shows one of them; ours must verify (checked above).
            Some(_) => assert!(count >= 2),
        }
    }
}

#[test]
fn contradictory_givens_have_no_solution() {
    // Two 1s in the first row, in a column, in a box.
    for (a, b) in [(0, 5), (0, 45), (0, 20)] {
        let mut p = [0u8; 81];
        p[a] = 1;
        p[b] = 1;
        assert_eq!(Fast::count_up_to(&p, 2), (0, 0));
        assert_eq!(Fast::solve_first(&p).0, None);
        // Through the Solver interface the raw search also reports nothing.
        let g = Grid::from_values(layout(), p.to_vec());
        let mut n = 0;
        let s = Fast
            .search(&g, &Limits::up_to(5), &mut |_| {
                n += 1;
                Flow::Continue
            })
            .expect("search");
        assert_eq!((s.solutions, n), (0, 0));
        assert_eq!(s.end, End::Exhausted);
        assert!(matches!(
            Fast.solve(&g, &Request::first()),
            Err(SolveError::Conflict(_))
        ));
    }
    // A value out of range is no puzzle at all.
    let mut p = [0u8; 81];
    p[3] = 10;
    assert_eq!(Fast::count_up_to(&p, 2).0, 0);
}

#[test]
fn wrong_extra_givens_fail_deep_in_search() {
    // Adding to a unique puzzle a given that differs from its solution and breaks no rule
    // gives a puzzle with no solution, which is only found out by searching.
    let set = read_set(TOP95, 4);
    let mut deep = 0;
    for p in &set {
        let (_, Some(sol)) = reference(p, 1) else {
            panic!("top95 puzzles are solvable");
        };
        let mut tried = 0;
        for i in (0..81).filter(|&i| p[i] == 0) {
            for v in 1..=9u8 {
                if v == sol[i] || tried >= 6 {
                    continue;
                }
                let mut q = *p;
                q[i] = v;
                assert_eq!(reference(&q, 1).0, 0, "a wrong given cannot be completed");
                let ok = (0..81).all(|j| {
                    j == i
                        || q[j] != v
                        || (j / 9 != i / 9 && j % 9 != i % 9 && box_of(j) != box_of(i))
                });
                if !ok {
                    continue;
                }
                tried += 1;
                for limit in [1, 2, 10] {
                    let out = Fast::run(&q, limit, &mut Budget::unlimited().start(), |_| {
                        Flow::Continue
                    });
                    assert_eq!(out.solutions, 0, "{}", line_of(&q));
                    assert_eq!(out.end, End::Exhausted);
                    if out.counters.guesses > 0 {
                        deep += 1;
                    }
                }
                assert_eq!(Fast::solve_first(&q).0, None);
            }
        }
    }
    assert!(deep > 0, "some of these should need guessing to refute");
}

#[test]
fn many_solutions_in_every_mode() {
    let empty = [0u8; 81];
    let mut one_given = [0u8; 81];
    one_given[40] = 5;
    for p in [&empty, &one_given] {
        let (first, _) = Fast::solve_first(p);
        assert_verified(p, &first.expect("solvable"));
        for limit in [1u64, 2, 3, 17, 100] {
            let mut seen = Vec::new();
            let out = Fast::run(p, limit, &mut Budget::unlimited().start(), |s| {
                seen.push(*s);
                Flow::Continue
            });
            assert_eq!(out.solutions, limit);
            assert_eq!(out.end, End::SolutionLimit);
            for s in &seen {
                assert_verified(p, s);
            }
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len() as u64, limit, "solutions must be distinct");
            assert_eq!(Fast::count_up_to(p, limit).0, limit);
        }
    }
}

/// Puzzles with fewer than 17 givens are searched without the triad level (cell mode):
/// 17-clue puzzles with one to three givens removed (14–16 givens, always several solutions)
/// and a 16-given puzzle with a wrong given (no solution) count like the reference in every
/// mode, up to 40 solutions, each verified and distinct.
#[test]
fn few_givens_puzzles_count_like_the_reference() {
    const CLUE17: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/logic/17clue-300.txt"
    );
    for (n, p) in read_set(CLUE17, 30).iter().enumerate() {
        let givens: Vec<usize> = (0..81).filter(|&i| p[i] != 0).collect();
        assert_eq!(givens.len(), 17);
        let mut q = *p;
        for k in 0..=n % 3 {
            q[givens[(5 * n + 7 * k) % 17]] = 0;
        }
        check_puzzle(&q);
        let (count, _) = reference(&q, 40);
        let mut seen = Vec::new();
        let out = Fast::run(&q, 40, &mut Budget::unlimited().start(), |s| {
            seen.push(*s);
            Flow::Continue
        });
        assert_eq!(out.solutions, count, "puzzle {n}: {}", line_of(&q));
        for s in &seen {
            assert_verified(&q, s);
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len() as u64, count, "solutions must be distinct");
        assert_eq!(Fast::count_up_to(&q, 40).0, count);
    }
    // One given of a 17-clue puzzle's solution changed and another removed: 16 givens, none
    // of them clashing, and (checked by the reference) no solution.
    let p = read_set(CLUE17, 1)[0];
    let (_, sol) = reference(&p, 1);
    let sol = sol.expect("solvable");
    let mut dead = None;
    'outer: for c in (0..81).filter(|&c| p[c] == 0) {
        for v in (1..=9).filter(|&v| v != sol[c]) {
            let mut q = p;
            q[c] = v;
            q[(0..81).find(|&i| p[i] != 0).unwrap_or(0)] = 0;
            if reference(&q, 1).0 == 0 && Fast::count_up_to(&q, 1).1 > 0 {
                dead = Some(q);
                break 'outer;
            }
        }
    }
    let q = dead.expect("a 16-given puzzle with no solution that needs a guess to refute");
    check_puzzle(&q);
    assert_eq!(Fast::count_up_to(&q, 10).0, 0);
}

#[test]
fn solver_interface_reports_and_verifies() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let g = parse_one(line, InputFormat::Auto).expect("parse");
    let r = Fast.solve(&g, &Request::count(2, 2)).expect("solve");
    assert_eq!(r.status, Status::Solved);
    assert_eq!(r.count, 1);
    assert!(r.exact);
    assert!(r.stats.nodes > 0);
    assert_eq!(r.solutions.len(), 1);
    verify(&g, &r.solutions[0]).expect("verified");
    assert_eq!(Fast.name(), "fast");

    // Stop after the first solution through the callback.
    let empty = Grid::empty(layout());
    let mut calls = 0;
    let s = Fast
        .search(&empty, &Limits::up_to(10), &mut |_| {
            calls += 1;
            Flow::Stop
        })
        .expect("search");
    assert_eq!((s.solutions, calls, s.end), (1, 1, End::SolutionLimit));

    // A budget of one node stops a search that needs more.
    let hard = parse_one(
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        InputFormat::Auto,
    )
    .expect("parse");
    let r = Fast
        .solve(&hard, &Request::count(2, 0).with_budget(Budget::nodes(1)))
        .expect("solve");
    assert_eq!(r.end, End::Budget);
    assert_eq!(r.status, Status::Stopped);
    let r = Fast.solve(&hard, &Request::count(2, 1)).expect("solve");
    assert_eq!((r.count, r.exact), (1, true));
    assert!(r.stats.guesses > 0 && r.stats.backtracks > 0);
    verify(&hard, &r.solutions[0]).expect("verified");
}

#[test]
fn other_layouts_are_unsupported() {
    for l in [
        Layout::standard(4).expect("4x4"),
        Layout::standard(16).expect("16x16"),
        Layout::boxed(9, 1, 9).expect("9x9 with 1x9 regions"),
    ] {
        let g = Grid::empty(Arc::new(l));
        assert!(matches!(
            Fast.solve(&g, &Request::first()),
            Err(SolveError::Unsupported { .. })
        ));
        assert!(
            Fast.search(&g, &Limits::first(), &mut |_| Flow::Stop)
                .is_err()
        );
    }
}

/// `has_solution_excluding` against the reference: removing a given from a unique puzzle keeps
/// it unique exactly when no solution avoids the removed digit there. Puzzles are top95's with
/// extra givens from their solutions, so both answers occur; a second check excludes two cells
/// (the first pinned back), as the generator does for two-cell symmetry orbits.
#[test]
fn excluding_a_removed_given_decides_uniqueness_like_the_reference() {
    let (mut kept, mut lost) = (0, 0);
    for (n, p) in read_set(TOP95, 12).iter().enumerate() {
        let (count, sol) = reference(p, 2);
        assert_eq!(count, 1);
        let sol = sol.unwrap();
        // Add every (n+3)-th missing cell back as a given.
        let mut puzzle = *p;
        for i in 0..81 {
            if puzzle[i] == 0 && i % (n + 3) == 0 {
                puzzle[i] = sol[i];
            }
        }
        for c in 0..81 {
            if puzzle[c] == 0 {
                continue;
            }
            let mut smaller = puzzle;
            smaller[c] = 0;
            let unique = reference(&smaller, 2).0 == 1;
            assert_eq!(
                Fast::has_solution_excluding(&smaller, &[(c, sol[c])]),
                !unique,
                "puzzle {n}, cell {c}"
            );
            if unique {
                kept += 1
            } else {
                lost += 1
            }
            // Two cells: c and its 180° partner.
            let d = 80 - c;
            if d != c && puzzle[d] != 0 {
                let mut both = smaller;
                both[d] = 0;
                let unique2 = reference(&both, 2).0 == 1;
                let mut pinned = both;
                pinned[c] = sol[c];
                let other = Fast::has_solution_excluding(&both, &[(c, sol[c])])
                    || Fast::has_solution_excluding(&pinned, &[(d, sol[d])]);
                assert_eq!(other, !unique2, "puzzle {n}, cells {c} and {d}");
            }
        }
    }
    assert!(
        kept > 50 && lost > 50,
        "both outcomes occur: {kept} kept, {lost} lost"
    );
    // A listed cell that holds a given is a usage error: false, never a panic.
    let p = read_set(TOP95, 1)[0];
    let given = p.iter().position(|&v| v != 0).unwrap();
    assert!(!Fast::has_solution_excluding(&p, &[(given, p[given])]));
}
