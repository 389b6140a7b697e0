//! Every step of every solving path on the repo's puzzle sets is checked against the solution
//! an engine found (`dlx`, which shares no code with the logic crate): a placement equals it,
//! an elimination never removes it; and every uniquely solvable puzzle is solved.

use std::path::PathBuf;

use sudokit_core::{
    Budget, Grid, Request, Solver,
    format::{InputFormat, LayoutSpec, Reader},
};
use sudokit_logic::{Deadline, LogicSolver, Memory, Order, PathStatus, check_step};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str, format: InputFormat) -> Vec<Grid> {
    let f = std::fs::File::open(repo().join(path)).unwrap();
    Reader::new(std::io::BufReader::new(f), format, LayoutSpec::default())
        .filter_map(|r| r.ok().and_then(|r| r.puzzle.ok()))
        .collect()
}

/// The unique solution, by an engine; `None` when there are zero or several.
fn unique_solution(p: &Grid) -> Option<Grid> {
    let r = sudokit_engines::Dlx::new()
        .solve(p, &Request::count(2, 1))
        .ok()?;
    (r.count == 1).then(|| r.solutions[0].clone())
}

fn check_set(path: &str, format: InputFormat, order: Order, take: usize) -> usize {
    let solver = LogicSolver::new(order);
    let mut steps = 0;
    for (i, p) in read(path, format).into_iter().take(take).enumerate() {
        let Some(sol) = unique_solution(&p) else {
            continue;
        };
        let path_ = solver.solve(&p, &Budget::unlimited());
        assert_eq!(
            path_.status,
            PathStatus::Solved,
            "{path} #{}: not solved",
            i + 1
        );
        assert_eq!(path_.grid.values(), sol.values(), "{path} #{}", i + 1);
        for s in &path_.steps {
            if let Err(e) = check_step(s, &sol) {
                panic!("{path} #{}: unsound step: {e}\n{}", i + 1, s.text);
            }
        }
        steps += path_.steps.len();
    }
    steps
}

#[test]
fn every_step_is_sound_on_a_slice_of_the_9x9_sets() {
    let mut steps = 0;
    steps += check_set("data/logic/top95.txt", InputFormat::Line, Order::Hodoku, 10);
    steps += check_set(
        "data/logic/17clue-300.txt",
        InputFormat::Line,
        Order::Hodoku,
        60,
    );
    steps += check_set(
        "data/logic/top1465-200.txt",
        InputFormat::Line,
        Order::Hodoku,
        10,
    );
    steps += check_set("data/seed_cases.txt", InputFormat::Line, Order::Hodoku, 100);
    assert!(steps > 2_000, "only {steps} steps checked");
}

/// The whole of every repo set, in both orders (optimised build: `scripts/test.sh` runs it).
#[test]
#[ignore = "heavy: run with --ignored in an optimised profile"]
fn every_step_is_sound_on_the_9x9_sets() {
    let mut steps = 0;
    for order in [Order::Hodoku, Order::Se] {
        steps += check_set("data/logic/top95.txt", InputFormat::Line, order, 95);
        steps += check_set("data/logic/17clue-300.txt", InputFormat::Line, order, 300);
        steps += check_set("data/logic/top1465-200.txt", InputFormat::Line, order, 200);
        steps += check_set("data/logic/11plus-50.txt", InputFormat::Line, order, 50);
    }
    assert!(steps > 50_000, "only {steps} steps checked");
}

#[test]
fn every_step_is_sound_in_se_order() {
    check_set("data/logic/top95.txt", InputFormat::Line, Order::Se, 5);
}

#[test]
fn every_step_is_sound_on_other_layouts() {
    check_set(
        "data/examples/puzzles.txt",
        InputFormat::Auto,
        Order::Hodoku,
        100,
    );
    check_set(
        "data/examples/sizes.txt",
        InputFormat::Auto,
        Order::Hodoku,
        100,
    );
    check_set(
        "data/examples/16x16.txt",
        InputFormat::Auto,
        Order::Hodoku,
        100,
    );
    check_set(
        "data/examples/x-sudoku.ndjson",
        InputFormat::Auto,
        Order::Hodoku,
        100,
    );
    check_set(
        "data/examples/jigsaw.txt",
        InputFormat::Jigsaw,
        Order::Hodoku,
        100,
    );
    check_set(
        "data/examples/worksheet.numbers",
        InputFormat::Auto,
        Order::Hodoku,
        100,
    );
}

/// Templates (off by default) on every example layout: along each solving path, every
/// template step found is sound, and on the layouts with few digits they find something.
#[test]
fn template_steps_are_sound_on_other_layouts() {
    use sudokit_logic::techniques::templates::Templates;
    use sudokit_logic::{CandidateGrid, find_all_in};
    let solver = LogicSolver::new(Order::Hodoku);
    let mut found = 0;
    for (path, format) in [
        ("data/examples/sizes.txt", InputFormat::Auto),
        ("data/examples/x-sudoku.ndjson", InputFormat::Auto),
        ("data/examples/jigsaw.txt", InputFormat::Jigsaw),
        ("data/examples/puzzles.txt", InputFormat::Auto),
    ] {
        for p in read(path, format).into_iter().take(8) {
            let Some(sol) = unique_solution(&p) else {
                continue;
            };
            let mut g = CandidateGrid::new(&p);
            // One memory per path, as the solver lends its finders.
            let memory = Memory::new();
            for _ in 0..6 {
                for t in [Templates { delete: false }, Templates { delete: true }] {
                    for s in find_all_in(&t, &g, &solver.options, &Deadline::none(), &memory).0 {
                        if let Err(e) = check_step(&s, &sol) {
                            panic!("{path}: unsound template step: {e}\n{}", s.text);
                        }
                        found += 1;
                    }
                }
                let Some(step) = solver.next_step_in(&g, &Deadline::none(), &memory) else {
                    break;
                };
                g.apply(&step);
            }
        }
    }
    assert!(found > 0, "no template step on the example layouts");
}
