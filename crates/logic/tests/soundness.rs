//! Every step of every solving path on the repo's puzzle sets is checked against the solution
//! an engine found (`dlx`, which shares no code with the logic crate): a placement equals it,
//! an elimination never removes it; and every uniquely solvable puzzle is solved.

use std::path::PathBuf;

use sudokit_core::{
    Budget, Grid, Request, Solver,
    format::{InputFormat, LayoutSpec, Reader, parse_one},
};
use sudokit_logic::{Deadline, LogicSolver, Memory, Order, PathStatus, check_step};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every record of a repo file; a record that does not parse fails the test (none is dropped).
fn read(path: &str, format: InputFormat) -> Vec<Grid> {
    let f = std::fs::File::open(repo().join(path)).unwrap();
    Reader::new(std::io::BufReader::new(f), format, LayoutSpec::default())
        .map(|r| {
            let r = r.unwrap_or_else(|e| panic!("{path}: {e}"));
            let line = r.line;
            r.puzzle.unwrap_or_else(|e| panic!("{path}:{line}: {e}"))
        })
        .collect()
}

/// The unique solution, by an engine; `None` when there are zero or several.
fn unique_solution(p: &Grid) -> Option<Grid> {
    let r = sudokit_engines::Dlx::new()
        .solve(p, &Request::count(2, 1))
        .ok()?;
    (r.count == 1).then(|| r.solutions[0].clone())
}

/// What [`check_set`] checked.
#[derive(Debug, Default, PartialEq, Eq)]
struct Checked {
    /// Uniquely solvable puzzles solved, every step checked.
    puzzles: usize,
    /// Puzzles with no or several solutions (by `dlx`), left out.
    not_unique: usize,
    /// Steps checked.
    steps: usize,
}

impl std::ops::AddAssign for Checked {
    fn add_assign(&mut self, o: Checked) {
        self.puzzles += o.puzzles;
        self.not_unique += o.not_unique;
        self.steps += o.steps;
    }
}

/// The puzzles of `data/seed_cases.txt`: two-line records (the puzzle, then its solution or
/// `none`), `#` lines naming them.
fn seed_puzzles() -> Vec<Grid> {
    let text = std::fs::read_to_string(repo().join("data/seed_cases.txt")).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .step_by(2)
        .map(|l| parse_one(l, InputFormat::Line).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn check_set(path: &str, format: InputFormat, order: Order, take: usize) -> Checked {
    let grids: Vec<Grid> = read(path, format).into_iter().take(take).collect();
    check_grids(path, grids, order)
}

/// Solves every uniquely solvable puzzle of `grids` in `order`, each step checked.
fn check_grids(path: &str, grids: Vec<Grid>, order: Order) -> Checked {
    let solver = LogicSolver::new(order);
    let mut out = Checked::default();
    for (i, p) in grids.into_iter().enumerate() {
        let Some(sol) = unique_solution(&p) else {
            out.not_unique += 1;
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
        out.puzzles += 1;
        out.steps += path_.steps.len();
    }
    out
}

#[test]
fn every_step_is_sound_on_a_slice_of_the_9x9_sets() {
    let mut c = Checked::default();
    c += check_set("data/logic/top95.txt", InputFormat::Line, Order::Hodoku, 10);
    c += check_set(
        "data/logic/17clue-300.txt",
        InputFormat::Line,
        Order::Hodoku,
        60,
    );
    c += check_set(
        "data/logic/top1465-200.txt",
        InputFormat::Line,
        Order::Hodoku,
        10,
    );
    c += check_grids("data/seed_cases.txt", seed_puzzles(), Order::Hodoku);
    // The seed cases' empty grid and the one with no solution are the only ones left out.
    assert_eq!((c.puzzles, c.not_unique), (88, 2), "{c:?}");
    assert!(c.steps > 2_000, "only {} steps checked", c.steps);
}

/// The whole of every repo set, in both orders (optimised build: `scripts/test.sh` runs it).
#[test]
#[ignore = "heavy: run with --ignored in an optimised profile"]
fn every_step_is_sound_on_the_9x9_sets() {
    let mut c = Checked::default();
    for order in [Order::Hodoku, Order::Se] {
        c += check_set("data/logic/top95.txt", InputFormat::Line, order, 95);
        c += check_set("data/logic/17clue-300.txt", InputFormat::Line, order, 300);
        c += check_set("data/logic/top1465-200.txt", InputFormat::Line, order, 200);
        c += check_set("data/logic/11plus-50.txt", InputFormat::Line, order, 50);
    }
    assert_eq!((c.puzzles, c.not_unique), (1290, 0), "{c:?}");
    assert!(c.steps > 50_000, "only {} steps checked", c.steps);
}

#[test]
fn every_step_is_sound_in_se_order() {
    let c = check_set("data/logic/top95.txt", InputFormat::Line, Order::Se, 5);
    assert_eq!(c.puzzles, 5, "{c:?}");
    assert!(c.steps >= 300, "only {} steps checked", c.steps);
}

#[test]
fn every_step_is_sound_on_other_layouts() {
    let mut steps = 0;
    // (file, format, uniquely solvable puzzles, others): every record parses.
    for (path, format, unique, others) in [
        ("data/examples/puzzles.txt", InputFormat::Auto, 8, 1),
        ("data/examples/sizes.txt", InputFormat::Auto, 4, 0),
        ("data/examples/16x16.txt", InputFormat::Auto, 1, 0),
        ("data/examples/x-sudoku.ndjson", InputFormat::Auto, 1, 0),
        ("data/examples/jigsaw.txt", InputFormat::Jigsaw, 2, 0),
        ("data/examples/worksheet.numbers", InputFormat::Auto, 1, 0),
    ] {
        let c = check_set(path, format, Order::Hodoku, 100);
        assert_eq!((c.puzzles, c.not_unique), (unique, others), "{path}");
        steps += c.steps;
    }
    assert!(steps >= 1_000, "only {steps} steps checked");
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
