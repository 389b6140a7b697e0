//! The `cp` engine: every level solves and counts like a complete engine on every layout, the
//! root fixpoints nest as the theory says over the shipped sets, and budgets are honoured.

use std::sync::Arc;
use sudokit_classic::Colour;
use sudokit_classic::singles::propagate as singles;
use sudokit_core::format::{InputFormat, LayoutSpec, Reader};
use sudokit_core::verify::verify;
use sudokit_core::{Budget, End, Extra, Grid, Layout, Request, Solver, Status};
use sudokit_cp::{Cp, Propagation, root_domains};

fn data(name: &str) -> String {
    let path = format!("{}/../../data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn read(name: &str, format: InputFormat, limit: usize) -> Vec<Grid> {
    let text = data(name);
    Reader::new(text.as_bytes(), format, LayoutSpec::default())
        .filter_map(|r| r.ok()?.puzzle.ok())
        .take(limit)
        .collect()
}

/// The seed cases: puzzle line, then the solution or `none`.
fn seed_cases() -> Vec<(Grid, Option<Grid>)> {
    let text = data("seed_cases.txt");
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    let parse = |l: &str| sudokit_core::format::parse_one(l, InputFormat::Line).unwrap();
    let mut out = Vec::new();
    while let Some(p) = lines.next() {
        let answer = lines.next().unwrap();
        out.push((parse(p), (answer != "none").then(|| parse(answer))));
    }
    out
}

#[test]
fn every_level_finds_the_seed_cases_answers() {
    let cases = seed_cases();
    assert!(cases.len() >= 10);
    for level in Propagation::ALL {
        for (puzzle, solution) in &cases {
            let r = Cp::new(level).solve(puzzle, &Request::count(2, 2)).unwrap();
            for s in &r.solutions {
                verify(puzzle, s).unwrap();
            }
            match solution {
                // The empty grid of the worksheet has many solutions.
                Some(_) if puzzle.given_count() == 0 => {
                    assert_eq!((r.count, r.end), (2, End::SolutionLimit), "{level}");
                }
                Some(s) => {
                    assert_eq!((r.count, r.end), (1, End::Exhausted), "{level}");
                    assert_eq!(&r.solutions[0], s, "{level}");
                }
                None => assert_eq!(
                    (r.status, r.end),
                    (Status::Unsolvable, End::Exhausted),
                    "{level}"
                ),
            }
        }
    }
}

#[test]
fn every_level_counts_the_empty_4x4_and_6x6() {
    let four = Grid::empty(Arc::new(Layout::standard(4).unwrap()));
    for level in Propagation::ALL {
        let (count, exact) = Cp::new(level).count_solutions(&four, 1000).unwrap();
        assert_eq!((count, exact), (288, true), "{level}");
    }
    // 6×6 with 2×3 boxes: 28,200,960 grids; check the first 500 are distinct and valid.
    let six = Grid::empty(Arc::new(Layout::boxed(6, 2, 3).unwrap()));
    let r = Cp::new(Propagation::Gac)
        .solve(&six, &Request::count(500, 500))
        .unwrap();
    assert_eq!((r.count, r.end), (500, End::SolutionLimit));
    let mut seen = std::collections::HashSet::new();
    for s in &r.solutions {
        verify(&six, s).unwrap();
        assert!(seen.insert(s.values().to_vec()));
    }
}

#[test]
fn every_level_agrees_with_colouring_on_extra_layouts() {
    let nine = Layout::standard(9).unwrap();
    let mut puzzles: Vec<Grid> = read("examples/jigsaw.txt", InputFormat::Jigsaw, 10);
    puzzles.extend(read("examples/x-sudoku.ndjson", InputFormat::Auto, 10));
    puzzles.extend(read("examples/sizes.txt", InputFormat::Auto, 20));
    puzzles.extend(read("examples/16x16.txt", InputFormat::Auto, 5));
    // Anti-knight and anti-king versions of a shipped puzzle, with and without a solution.
    let base = read("logic/top95.txt", InputFormat::Line, 1).remove(0);
    for extra in [Extra::AntiKnight, Extra::AntiKing] {
        let layout = Arc::new(nine.with_extras(&[extra]));
        let mut values = vec![0u8; 81];
        values[..9].copy_from_slice(&base.values()[..9]);
        puzzles.push(Grid::from_values(layout, values));
    }
    assert!(puzzles.len() >= 8);
    for puzzle in &puzzles {
        let (reference, exact) = Colour::new().count_solutions(puzzle, 2).unwrap();
        assert!(exact || reference == 2);
        for level in Propagation::ALL {
            let r = Cp::new(level).solve(puzzle, &Request::count(2, 2)).unwrap();
            assert_eq!(
                r.count,
                reference,
                "{level} on {}",
                puzzle.layout().describe()
            );
            for s in &r.solutions {
                verify(puzzle, s).unwrap();
            }
        }
    }
}

/// `a ⊆ b` cell by cell; `None` (no solution found at the root) is the empty set.
fn subset(a: &Option<Vec<u64>>, b: &Option<Vec<u64>>) -> bool {
    match (a, b) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(a), Some(b)) => a.iter().zip(b).all(|(x, y)| x & !y == 0),
    }
}

#[test]
fn root_fixpoints_nest_over_the_shipped_sets() {
    let mut puzzles = Vec::new();
    for (file, take) in [
        ("logic/top95.txt", 95),
        ("logic/17clue-300.txt", 300),
        ("logic/11plus-50.txt", 50),
        ("logic/top1465-200.txt", 200),
    ] {
        puzzles.extend(read(file, InputFormat::Line, take));
    }
    for (file, format) in [
        ("examples/puzzles.txt", InputFormat::Auto),
        ("examples/sizes.txt", InputFormat::Auto),
        ("examples/16x16.txt", InputFormat::Auto),
        ("examples/x-sudoku.ndjson", InputFormat::Auto),
        ("examples/jigsaw.txt", InputFormat::Jigsaw),
    ] {
        puzzles.extend(read(file, format, usize::MAX));
    }
    puzzles.extend(seed_cases().into_iter().map(|(p, _)| p));
    assert!(puzzles.len() > 650, "{}", puzzles.len());
    let mut strictly = [0usize; 4];
    for p in &puzzles {
        let [fc, bounds, gac, shave] = Propagation::ALL.map(|l| root_domains(p, l));
        let singles = singles(p).map(|s| s.candidates);
        assert!(subset(&gac, &fc), "gac ⊆ fc");
        assert!(subset(&gac, &bounds), "gac ⊆ bounds");
        assert!(subset(&bounds, &fc), "bounds ⊆ fc");
        assert!(subset(&gac, &singles), "gac ⊆ singles");
        assert!(subset(&shave, &gac), "shave ⊆ gac");
        strictly[0] += usize::from(gac != fc);
        strictly[1] += usize::from(gac != bounds);
        strictly[2] += usize::from(gac != singles);
        strictly[3] += usize::from(shave != gac);
    }
    // The inclusions are strict on many puzzles: the levels really differ.
    assert!(strictly.iter().all(|&k| k > 10), "{strictly:?}");
}

#[test]
fn gac_solves_a_puzzle_that_forward_checking_cannot_without_search() {
    // The first top95 puzzle: forward checking alone leaves open cells, GAC and shaving do not
    // do worse, and shaving leaves none at all on this hard one.
    let p = read("logic/top95.txt", InputFormat::Line, 1).remove(0);
    let open = |l| {
        root_domains(&p, l)
            .unwrap()
            .iter()
            .filter(|d| d.count_ones() > 1)
            .count()
    };
    let (fc, gac) = (open(Propagation::Fc), open(Propagation::Gac));
    assert!(fc > 0 && gac <= fc);
    let r = Cp::new(Propagation::Fc)
        .solve(&p, &Request::first())
        .unwrap();
    assert!(r.stats.nodes > 1);
}

#[test]
fn a_node_budget_stops_the_search_on_an_empty_grid() {
    let empty = Grid::empty(Arc::new(Layout::standard(9).unwrap()));
    for level in [Propagation::Fc, Propagation::Bounds, Propagation::Gac] {
        let r = Cp::new(level)
            .solve(
                &empty,
                &Request::count(u64::MAX, 0).with_budget(Budget::nodes(200)),
            )
            .unwrap();
        assert_eq!((r.end, r.status), (End::Budget, Status::Solved), "{level}");
        assert!(r.count >= 1 && r.stats.nodes <= 200, "{level}");
    }
    // Shaving trials count against the node budget too: 729 on the empty grid's root alone.
    let r = Cp::new(Propagation::Shave)
        .solve(&empty, &Request::first().with_budget(Budget::nodes(300)))
        .unwrap();
    assert_eq!((r.end, r.status), (End::Budget, Status::Stopped));
}

#[test]
fn propagation_names_parse_and_bad_ones_are_errors() {
    for level in Propagation::ALL {
        assert_eq!(level.as_str().parse::<Propagation>(), Ok(level));
    }
    let e = "arc".parse::<Propagation>().unwrap_err();
    assert!(e.to_string().contains("fc, bounds, gac, shave"));
}

/// `../shared/data/9x9/NAME`, the first `limit` puzzles.
fn shared(name: &str, limit: usize) -> Vec<Grid> {
    let path = format!(
        "{}/../../../shared/data/9x9/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .take(limit)
        .map(|l| sudokit_core::format::parse_one(l, InputFormat::Line).unwrap())
        .collect()
}

#[test]
#[ignore = "needs ../shared/data: run by scripts/conformance.sh"]
fn shared_sets_root_fixpoints_nest_and_gac_proves_uniqueness() {
    for (file, limit) in [
        ("top95.txt", usize::MAX),
        ("magictour_top1465.txt", usize::MAX),
        ("17_clue.txt", 5000),
        ("forum_hardest_1905_11plus.txt", 2000),
    ] {
        for (i, p) in shared(file, limit).iter().enumerate() {
            let [fc, bounds, gac, shave] = Propagation::ALL.map(|l| root_domains(p, l));
            let singles = singles(p).map(|s| s.candidates);
            let at = format!("{file}:{}", i + 1);
            assert!(subset(&gac, &fc) && subset(&gac, &bounds), "{at}");
            assert!(subset(&bounds, &fc) && subset(&gac, &singles), "{at}");
            assert!(subset(&shave, &gac), "{at}");
            let r = Cp::new(Propagation::Gac)
                .solve(p, &Request::count(2, 1))
                .unwrap();
            assert_eq!((r.count, r.end), (1, End::Exhausted), "{at}");
            verify(p, &r.solutions[0]).unwrap();
        }
    }
}
