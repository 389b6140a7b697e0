//! Fish beyond the basic ones on every layout: every step of every fish technique (finned,
//! sashimi, Franken, mutant, Siamese, on by default or not) is checked against the puzzle's
//! solution from the `dlx` engine, on the grids along each solving path and on the same grids
//! with random wrong candidates removed (which makes fish common); and the finned-fish finder
//! (which works from the eliminations) is checked against the general fish search.

use sudokit_core::{Grid, Request, Solver, format::InputFormat};
use sudokit_logic::techniques::fish_engine::{
    Params, Shape, basic_finned, basic_finned_sizes, search, targeted, targeted_any_order,
    targeted_any_order_with_plain, targeted_any_order_with_plain_sizes, targeted_reference,
};
use sudokit_logic::{
    CandidateGrid, Deadline, Family, LogicSolver, Memory, Options, Order, Technique, check_step,
    find_all, find_all_in,
};

fn read(path: &str, format: InputFormat, take: usize) -> Vec<Grid> {
    let mut all = sudokit_testkit::read_puzzles(path, format);
    all.truncate(take);
    all
}

fn solution(p: &Grid) -> Option<Grid> {
    let r = sudokit_engines::Dlx::new()
        .solve(p, &Request::count(2, 1))
        .ok()?;
    (r.count == 1).then(|| r.solutions[0].clone())
}

fn fish() -> Vec<&'static dyn Technique> {
    sudokit_logic::techniques::ALL
        .iter()
        .copied()
        .filter(|t| {
            [Family::Fish, Family::FinnedFish, Family::ComplexFish].contains(&t.info().family)
        })
        // Mutant fish and Franken jellyfish are too slow for a debug test run on thinned
        // grids; the library cases and `reglib` cover them.
        .filter(|t| !t.info().id.contains("mutant") && !t.info().id.contains("franken-jellyfish"))
        .collect()
}

/// Removes wrong candidates at random (a fixed LCG), about one in three.
fn thin(g: &CandidateGrid, sol: &Grid, seed: &mut u64) -> CandidateGrid {
    let mut out = g.clone();
    for c in g.cells() {
        for d in g.candidates(c).iter() {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if sol.values()[c.index()] != d.get() && (*seed >> 33).is_multiple_of(3) {
                out.eliminate(c, d);
            }
        }
    }
    out
}

/// Checks every fish step on up to `grids` grids along each puzzle's solving path (and their
/// thinned copies); returns the number of steps checked.
fn check(path: &str, format: InputFormat, take: usize, grids: usize) -> usize {
    let solver = LogicSolver::new(Order::Hodoku);
    let opts = Options::default();
    let techniques = fish();
    let mut seed = 7u64;
    let mut steps = 0;
    for p in read(path, format, take) {
        let Some(sol) = solution(&p) else { continue };
        let mut g = CandidateGrid::new(&p);
        // One memory per path, as the solver lends its finders.
        let memory = Memory::new();
        let mut seen = 0;
        while !g.is_solved() && seen < grids {
            seen += 1;
            for (thinned, grid) in [(false, g.clone()), (true, thin(&g, &sol, &mut seed))] {
                // Franken fish on thinned grids are too slow for a debug run.
                for t in techniques
                    .iter()
                    .filter(|t| !thinned || t.info().family != Family::ComplexFish)
                {
                    for s in find_all_in(*t, &grid, &opts, &Deadline::none(), &memory).0 {
                        if let Err(e) = check_step(&s, &sol) {
                            panic!("{path}: {}: unsound: {e}\n{}", t.info().id, s.text);
                        }
                        assert!(!s.text.is_empty());
                        steps += 1;
                    }
                }
            }
            let Some(step) = solver.next_step_in(&g, &Deadline::none(), &memory) else {
                break;
            };
            g.apply(&step);
        }
    }
    steps
}

#[test]
fn fish_are_sound_on_9x9() {
    assert!(check("data/logic/top95.txt", InputFormat::Line, 2, 6) > 0);
}

#[test]
fn fish_are_sound_on_other_layouts() {
    let mut steps = 0;
    steps += check("data/examples/sizes.txt", InputFormat::Auto, 3, 2);
    steps += check("data/examples/jigsaw.txt", InputFormat::Jigsaw, 2, 2);
    steps += check("data/examples/x-sudoku.ndjson", InputFormat::Auto, 2, 2);
    assert!(steps > 0);
}

/// The finned-fish finder (from eliminations) and the general search (from base and cover
/// houses) find the same finned row/column fish.
#[test]
fn finned_fish_agree_with_the_general_search() {
    let mut seed = 11u64;
    let mut compared = 0;
    for p in read("data/logic/top95.txt", InputFormat::Line, 2) {
        let Some(sol) = solution(&p) else { continue };
        let g = thin(&CandidateGrid::new(&p), &sol, &mut seed);
        for size in 2..=3 {
            for d in 1..=9u8 {
                let d = sudokit_core::Digit::new(d).unwrap();
                let key = |x: &sudokit_logic::techniques::fish_engine::Found| {
                    (x.base.clone(), x.cover.clone(), x.elims.clone())
                };
                let mut a = Vec::new();
                basic_finned(&g, d, size, 5, None, &mut |x| {
                    a.push(key(&x));
                    true
                });
                let mut b = Vec::new();
                let params = Params {
                    size,
                    shape: Shape::Basic,
                    finned: true,
                    max_fins: 5,
                };
                search(&g, d, params, &mut |found| {
                    b.extend(found.iter().map(key));
                    true
                });
                a.sort();
                b.sort();
                assert_eq!(a, b, "digit {d}, size {size}");
                compared += a.len();
            }
        }
    }
    assert!(compared > 0);
}

/// Checks that the targeted complex-fish finder (from eliminations) finds every fish the
/// general search (fins and covers chosen blind) finds on the grids along `take` solving paths of `path`, each also
/// thinned; returns the number of fish compared.
fn targeted_agrees(
    path: &str,
    format: InputFormat,
    take: usize,
    grids: usize,
    shapes: &[(Shape, usize)],
) -> usize {
    let solver = LogicSolver::new(Order::Hodoku);
    let mut seed = 5u64;
    let mut compared = 0;
    for p in read(path, format, take) {
        let Some(sol) = solution(&p) else { continue };
        let mut g = CandidateGrid::new(&p);
        // One memory per path, as the solver lends its finders.
        let memory = Memory::new();
        for _ in 0..grids {
            if g.is_solved() {
                break;
            }
            for grid in [g.clone(), thin(&g, &sol, &mut seed)] {
                for &(shape, size) in shapes {
                    for d in sudokit_core::DigitSet::full(grid.size()).iter() {
                        let key = |x: &sudokit_logic::techniques::fish_engine::Found| {
                            (
                                x.base.clone(),
                                x.cover.clone(),
                                x.fins.clone(),
                                x.elims.clone(),
                            )
                        };
                        let params = Params {
                            size,
                            shape,
                            finned: true,
                            max_fins: 5,
                        };
                        let mut a = Vec::new();
                        targeted(&grid, d, params, None, &mut |x| {
                            a.push(key(&x));
                            true
                        });
                        let mut b = Vec::new();
                        search(&grid, d, params, &mut |found| {
                            b.extend(found.iter().map(key));
                            true
                        });
                        // The targeted finder also finds fish whose last cover only
                        // doubles up on covered candidates (cannibals), which the general
                        // search, choosing each cover for an uncovered candidate, skips.
                        for x in &b {
                            assert!(
                                a.contains(x),
                                "{path}: digit {d}, {shape:?} size {size}: missed {x:?}"
                            );
                        }
                        compared += b.len();
                    }
                }
            }
            let Some(step) = solver.next_step_in(&g, &Deadline::none(), &memory) else {
                break;
            };
            g.apply(&step);
        }
    }
    compared
}

/// The targeted finder finds every finned Franken and mutant fish the general search finds.
#[test]
fn targeted_complex_fish_agree_with_the_general_search() {
    let shapes = [(Shape::Franken, 2), (Shape::Franken, 3), (Shape::Mutant, 2)];
    assert!(targeted_agrees("data/logic/top95.txt", InputFormat::Line, 1, 2, &shapes) > 0);
    targeted_agrees(
        "data/examples/sizes.txt",
        InputFormat::Auto,
        3,
        1,
        &shapes[..2],
    );
    targeted_agrees(
        "data/examples/jigsaw.txt",
        InputFormat::Jigsaw,
        1,
        1,
        &shapes[..2],
    );
}

/// The same on many more grids (release build).
#[test]
#[ignore = "heavy: run by scripts/test.sh in the ci profile"]
fn targeted_complex_fish_agree_with_the_general_search_on_many_grids() {
    let shapes = [(Shape::Franken, 2), (Shape::Franken, 3), (Shape::Mutant, 2)];
    assert!(
        targeted_agrees(
            "data/logic/top1465-200.txt",
            InputFormat::Line,
            5,
            5,
            &shapes
        ) > 0
    );
    targeted_agrees(
        "data/examples/sizes.txt",
        InputFormat::Auto,
        6,
        3,
        &shapes[..3],
    );
    targeted_agrees(
        "data/examples/jigsaw.txt",
        InputFormat::Jigsaw,
        3,
        3,
        &shapes[..3],
    );
    targeted_agrees(
        "data/examples/x-sudoku.ndjson",
        InputFormat::Auto,
        3,
        3,
        &shapes[..3],
    );
}

#[test]
fn a_finned_x_wing_on_6x6_removes_what_sees_the_fin() {
    use std::sync::Arc;
    use sudokit_core::{Cell, Digit, DigitSet, Layout};
    // 6×6, boxes of 2 rows × 3 columns. Digit 1 in row 1 at c1, c4; in row 4 at c1, c4 and
    // the fin r4c5; cover columns 1 and 4. r3c4 shares the box of rows 3-4, columns 4-6 with
    // the fin, so it loses 1; r6c4 and r2c1 do not see the fin and keep it.
    let layout = Arc::new(Layout::boxed(6, 2, 3).unwrap());
    let one = Digit::new(1).unwrap();
    let full = DigitSet::full(6);
    let mut no_one = full;
    no_one.remove(one);
    let mut cands = vec![no_one; 36];
    let cell = |r: usize, c: usize| Cell((r * 6 + c) as u16);
    for (r, c) in [
        (0, 0),
        (0, 3),
        (3, 0),
        (3, 3),
        (3, 4),
        (2, 3),
        (5, 3),
        (1, 0),
    ] {
        cands[cell(r, c).index()].insert(one);
    }
    let g = CandidateGrid::with_candidates(layout, vec![0; 36], cands, vec![false; 36]);
    let t = sudokit_logic::techniques::lookup("finned-x-wing").unwrap();
    let steps = find_all(t, &g, &Options::default());
    let elims: Vec<_> = steps
        .iter()
        .flat_map(|s| s.eliminations.iter().map(|e| (e.cell, e.digit)))
        .collect();
    assert!(elims.contains(&(cell(2, 3), one)), "{elims:?}");
    assert!(!elims.contains(&(cell(5, 3), one)));
    assert!(!elims.contains(&(cell(1, 0), one)));
}

/// Asks each pair of sibling finders (alternating which is asked first) along the first
/// `paths` top95 solving paths (up to `steps` steps each), with the path's memory warm (so the
/// walks are restricted to the cells lost since a miss) and on thinned copies with a memory of
/// their own, and asserts that each reports exactly the steps it reports with a fresh memory
/// (every step also checked against the solution). Returns (calls compared, steps).
fn shared_walks_match_fresh(
    pairs: &[(&str, &str)],
    opts: &Options,
    paths: usize,
    steps: usize,
    seed: &mut u64,
) -> (usize, usize) {
    let lookup = |id: &str| sudokit_logic::techniques::lookup(id).unwrap();
    let solver = LogicSolver::new(Order::Hodoku);
    let (mut compared, mut found) = (0, 0);
    for p in read("data/logic/top95.txt", InputFormat::Line, paths) {
        let Some(sol) = solution(&p) else { continue };
        let mut g = CandidateGrid::new(&p);
        let memory = Memory::new();
        let thinned_memory = Memory::new();
        for _ in 0..steps {
            if g.is_solved() {
                break;
            }
            let thinned = thin(&g, &sol, seed);
            for (grid, memory) in [(&g, &memory), (&thinned, &thinned_memory)] {
                for (i, &(a, b)) in pairs.iter().enumerate() {
                    // Alternate which sibling walks first.
                    let order = if (i + compared) % 2 == 0 {
                        [a, b]
                    } else {
                        [b, a]
                    };
                    for id in order {
                        let t = lookup(id);
                        let warm = find_all_in(t, grid, opts, &Deadline::none(), memory).0;
                        let fresh = find_all_in(t, grid, opts, &Deadline::none(), &Memory::new()).0;
                        let show = |s: &[sudokit_logic::Step]| format!("{s:?}");
                        assert_eq!(show(&warm), show(&fresh), "{id} ({opts:?})");
                        for s in &warm {
                            check_step(s, &sol).unwrap();
                        }
                        found += warm.len();
                        compared += 1;
                    }
                }
            }
            let Some(step) = solver.next_step_in(&g, &Deadline::none(), &memory) else {
                break;
            };
            g.apply(&step);
        }
    }
    (compared, found)
}

/// The finned and the sashimi basic fish of one size share one walk through the memory (the
/// second finder asked on the same plane and lost cells reads the first one's walk), and the
/// walks of the larger sizes are made ahead in the same pass. Along solving paths, with the
/// memory warm from the path and on thinned copies (where both kinds are common), each finder
/// asked after its sibling reports exactly the steps it reports with a fresh memory, in both
/// orders of asking and with and without HoDoKu's ordering.
#[test]
fn finned_and_sashimi_fish_sharing_a_walk_report_as_their_own_search() {
    let pairs = [
        ("finned-x-wing", "sashimi-x-wing"),
        ("finned-swordfish", "sashimi-swordfish"),
        ("finned-jellyfish", "sashimi-jellyfish"),
    ];
    let mut seed = 23u64;
    let (mut compared, mut steps) = (0, 0);
    for hodoku in [false, true] {
        let opts = Options {
            hodoku,
            ..Options::default()
        };
        let (c, s) = shared_walks_match_fresh(&pairs, &opts, 4, 12, &mut seed);
        compared += c;
        steps += s;
    }
    assert!(
        compared > 100 && steps > 0,
        "{compared} calls, {steps} steps"
    );
}

/// Calls `visit(grid, thinned, digit, lost)` for each digit of the grids along the first
/// `paths` top95 solving paths (up to `steps` steps each): `thinned` is a copy of the grid with
/// random wrong candidates removed, `lost` the cells that hold the digit in the grid and not
/// in the copy.
fn each_digit_along_paths(
    paths: usize,
    steps: usize,
    seed: u64,
    mut visit: impl FnMut(&CandidateGrid, &CandidateGrid, sudokit_core::Digit, &[u64]),
) {
    let solver = LogicSolver::new(Order::Hodoku);
    let mut seed = seed;
    for p in read("data/logic/top95.txt", InputFormat::Line, paths) {
        let Some(sol) = solution(&p) else { continue };
        let mut g = CandidateGrid::new(&p);
        let memory = Memory::new();
        for _ in 0..steps {
            if g.is_solved() {
                break;
            }
            let thinned = thin(&g, &sol, &mut seed);
            for d in sudokit_core::DigitSet::full(9).iter() {
                let mut lost = vec![0u64; g.cell_count().div_ceil(64)];
                for c in g.cells() {
                    if g.has(c, d) && !thinned.has(c, d) {
                        lost[c.index() / 64] |= 1 << (c.index() % 64);
                    }
                }
                visit(&g, &thinned, d, &lost);
            }
            let Some(step) = solver.next_step_in(&g, &Deadline::none(), &memory) else {
                break;
            };
            g.apply(&step);
        }
    }
}

/// The search parameters of a complex fish with HoDoKu's fin limit.
fn complex_params(shape: Shape, size: usize, finned: bool) -> Params {
    Params {
        size,
        shape,
        finned,
        max_fins: 5,
    }
}

/// The targeted complex-fish walk that starts each base set at its first touched house (used
/// where the caller sorts the fish, HoDoKu's order) reports exactly the fish of the walk in
/// combination order, as a set: with no lost cells, and with the cells a thinned copy lost
/// (so few houses are touched), for finned and plain Franken fish and finned mutant fish.
#[test]
fn targeted_fish_from_the_first_touched_house_are_the_same_set() {
    let (mut calls, mut fish) = (0, 0);
    each_digit_along_paths(3, 4, 31, |g, thinned, d, lost| {
        for (shape, size, finned) in [
            (Shape::Franken, 2, true),
            (Shape::Franken, 3, true),
            (Shape::Franken, 2, false),
            (Shape::Franken, 3, false),
            (Shape::Mutant, 2, true),
        ] {
            let params = complex_params(shape, size, finned);
            for (grid, lost) in [(g, None), (thinned, Some(lost))] {
                let mut a = Vec::new();
                targeted(grid, d, params, lost, &mut |x| {
                    a.push(format!("{x:?}"));
                    true
                });
                let mut b = Vec::new();
                targeted_any_order(grid, d, params, lost, &mut |x| {
                    b.push(format!("{x:?}"));
                    true
                });
                a.sort();
                b.sort();
                assert_eq!(a, b, "digit {d}, {shape:?} {size} finned {finned}");
                calls += 1;
                fish += a.len();
            }
        }
    });
    assert!(calls > 100 && fish > 0, "{calls} calls, {fish} fish");
}

/// The finned Franken walk that also reports the fish without fins (one walk for the Franken
/// fish of a size with and without fins, HoDoKu's order) reports, as a set, exactly the fish
/// the walk without fins reports and those the finned walk reports: with no lost cells and
/// with the cells a thinned copy lost, on grids along solving paths and thinned copies (where
/// Franken fish without fins are common).
#[test]
fn franken_fish_with_and_without_fins_from_one_walk_are_each_search() {
    let mut seed = 47u64;
    let (mut calls, mut plain, mut finned) = (0, 0, 0);
    each_digit_along_paths(3, 4, 41, |g, thinned, d, lost| {
        let thinner = thinner_copy(thinned, &mut seed);
        for size in [2, 3] {
            let params = |finned| Params {
                size,
                shape: Shape::Franken,
                finned,
                max_fins: 5,
            };
            for (grid, lost) in grid_cases(g, thinned, &thinner, lost) {
                let (mut both_plain, mut both_finned) = (Vec::new(), Vec::new());
                targeted_any_order_with_plain(grid, d, params(true), lost, &mut |x| {
                    let s = format!("{x:?}");
                    if x.finned() {
                        both_finned.push(s);
                    } else {
                        both_plain.push(s);
                    }
                    true
                });
                for (fins, mut both) in [(false, both_plain), (true, both_finned)] {
                    let mut own = Vec::new();
                    targeted_any_order(grid, d, params(fins), lost, &mut |x| {
                        own.push(format!("{x:?}"));
                        true
                    });
                    own.sort();
                    both.sort();
                    assert_eq!(own, both, "digit {d}, size {size}, finned {fins}");
                    if fins {
                        finned += own.len();
                    } else {
                        plain += own.len();
                    }
                    calls += 1;
                }
            }
        }
    });
    assert!(
        calls > 100 && plain > 0 && finned > 0,
        "{calls} calls, {plain} plain, {finned} finned"
    );
}

/// The Franken walks of several sizes made in one pass (the X-wing's with the swordfish's,
/// HoDoKu's order) report, for each size, exactly what that size's own walk reports, in the
/// same order: with no lost cells and with the cells a thinned copy lost, on grids along
/// solving paths and thinned copies.
#[test]
fn franken_walks_of_several_sizes_are_each_sizes_own_walk() {
    let mut seed = 53u64;
    let (mut calls, mut fish) = (0, [0usize; 3]);
    each_digit_along_paths(3, 4, 43, |g, thinned, d, lost| {
        let thinner = thinner_copy(thinned, &mut seed);
        let params = |size| Params {
            size,
            shape: Shape::Franken,
            finned: false,
            max_fins: 5,
        };
        for (grid, lost) in grid_cases(g, thinned, &thinner, lost) {
            for sizes in [&[2, 3][..], &[3], &[2, 3, 4]] {
                let mut got = vec![Vec::new(); sizes.len()];
                targeted_any_order_with_plain_sizes(
                    grid,
                    d,
                    params(9),
                    sizes,
                    lost,
                    &mut |i, x| {
                        got[i].push(format!("{x:?}"));
                        true
                    },
                );
                for (&size, got) in sizes.iter().zip(&got) {
                    let mut own = Vec::new();
                    targeted_any_order_with_plain(grid, d, params(size), lost, &mut |x| {
                        own.push(format!("{x:?}"));
                        true
                    });
                    assert_eq!(*got, own, "digit {d}, sizes {sizes:?}, size {size}");
                    fish[size - 2] += own.len();
                    calls += 1;
                }
            }
        }
    });
    assert!(
        calls > 100 && fish.iter().all(|&n| n > 0),
        "{calls} calls, {fish:?} fish"
    );
}

/// The grids a walk test asks about at one step: the path's grid, its thinned and thinner
/// copies without lost cells, and the thinned copy with the step's lost cells.
fn grid_cases<'a>(
    g: &'a CandidateGrid,
    thinned: &'a CandidateGrid,
    thinner: &'a CandidateGrid,
    lost: &'a [u64],
) -> [(&'a CandidateGrid, Option<&'a [u64]>); 4] {
    [
        (g, None),
        (thinned, None),
        (thinner, None),
        (thinned, Some(lost)),
    ]
}

/// A copy of `g` with about one candidate in four removed at random where the cell keeps
/// another (not necessarily sound: the walks compared are pure functions of the grid).
fn thinner_copy(g: &CandidateGrid, seed: &mut u64) -> CandidateGrid {
    let mut out = g.clone();
    for c in g.cells() {
        for d in g.candidates(c).iter() {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if out.candidates(c).len() > 1 && (*seed >> 33).is_multiple_of(4) {
                out.eliminate(c, d);
            }
        }
    }
    out
}

/// The Franken fish finders with and without fins of a size share one walk through the
/// memory in HoDoKu's order: along solving paths (memory warm, walks restricted to the cells
/// lost since a miss) and on thinned copies, each finder asked after its sibling (in both
/// orders of asking) reports exactly the steps it reports with a fresh memory.
#[test]
fn franken_fish_sharing_a_walk_report_as_their_own_search() {
    let pairs = [
        ("franken-x-wing", "finned-franken-x-wing"),
        ("franken-swordfish", "finned-franken-swordfish"),
    ];
    let opts = Options {
        hodoku: true,
        ..Options::default()
    };
    let (compared, steps) = shared_walks_match_fresh(&pairs, &opts, 3, 8, &mut 53);
    assert!(
        compared > 50 && steps > 0,
        "{compared} calls, {steps} steps"
    );
}

/// The finned basic fish walk of several sizes in one pass reports, for each size, exactly
/// the list (same fish, same order) the walk of that size alone reports: with no lost cells
/// and with the cells a thinned copy lost, along solving paths and on thinned copies; and a
/// size told to stop gets nothing more while the others go on.
#[test]
fn finned_fish_of_several_sizes_from_one_pass_are_each_walk() {
    let (mut calls, mut fish) = (0, 0);
    each_digit_along_paths(6, 10, 59, |g, thinned, d, lost| {
        for (grid, lost) in [(g, None), (thinned, None), (thinned, Some(lost))] {
            for sizes in [&[2, 3, 4][..], &[3, 4], &[4, 2]] {
                let mut together: Vec<Vec<String>> = vec![Vec::new(); sizes.len()];
                basic_finned_sizes(grid, d, sizes, 5, lost, &mut |i, x| {
                    together[i].push(format!("{x:?}"));
                    true
                });
                for (&size, together) in sizes.iter().zip(&together) {
                    let mut alone = Vec::new();
                    basic_finned(grid, d, size, 5, lost, &mut |x| {
                        alone.push(format!("{x:?}"));
                        true
                    });
                    assert_eq!(&alone, together, "digit {d}, size {size}");
                    calls += 1;
                    fish += alone.len();
                }
                // The first size stops at its first fish; the others are whole.
                let mut stopped: Vec<Vec<String>> = vec![Vec::new(); sizes.len()];
                let whole = basic_finned_sizes(grid, d, sizes, 5, lost, &mut |i, x| {
                    stopped[i].push(format!("{x:?}"));
                    i != 0
                });
                assert_eq!(whole, together[0].is_empty());
                assert_eq!(
                    stopped[0],
                    together[0].iter().take(1).cloned().collect::<Vec<_>>()
                );
                assert_eq!(stopped[1..], together[1..]);
            }
        }
    });
    assert!(calls > 500 && fish > 100, "{calls} calls, {fish} fish");
}

/// The targeted walk reads each house's first pruning test from per-house target sets and
/// skips it where it is known; its plain form asks every test. Both report the same fish in
/// the same order, for the three walks (combination order, from the first touched house, with
/// the fish without fins), finned Franken fish of sizes 2 and 3, plain Franken swordfish and finned mutant
/// X-wings, on grids along solving paths, thinned and thinner copies, with and without lost
/// cells.
#[test]
fn targeted_walk_with_known_house_tests_is_its_plain_form() {
    let mut seed = 4747u64;
    let (mut calls, mut fish) = (0, 0);
    each_digit_along_paths(4, 6, 47, |g, thinned, d, lost| {
        let thinner = thinner_copy(thinned, &mut seed);
        for (shape, size, finned) in [
            (Shape::Franken, 2, true),
            (Shape::Franken, 3, true),
            (Shape::Franken, 3, false),
            (Shape::Mutant, 2, true),
        ] {
            let params = complex_params(shape, size, finned);
            for (grid, lost) in [
                (g, None),
                (thinned, None),
                (thinned, Some(lost)),
                (&thinner, Some(lost)),
            ] {
                for flags in [(false, false), (true, false), (true, true)] {
                    let mut a = Vec::new();
                    let mut push = |x: sudokit_logic::techniques::fish_engine::Found| {
                        a.push(format!("{x:?}"));
                        true
                    };
                    match flags {
                        (false, _) => targeted(grid, d, params, lost, &mut push),
                        (true, false) => targeted_any_order(grid, d, params, lost, &mut push),
                        (true, true) => {
                            targeted_any_order_with_plain(grid, d, params, lost, &mut push)
                        }
                    };
                    let mut b = Vec::new();
                    targeted_reference(grid, d, params, lost, flags, &mut |x| {
                        b.push(format!("{x:?}"));
                        true
                    });
                    assert_eq!(
                        a, b,
                        "digit {d}, {shape:?} {size} finned {finned} {flags:?}"
                    );
                    calls += 1;
                    fish += a.len();
                }
            }
        }
    });
    assert!(calls > 1000 && fish > 100, "{calls} calls, {fish} fish");
}
