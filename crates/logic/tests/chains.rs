//! Chains on every layout: along the solving paths of the repo's example puzzles (other box
//! sizes, 16×16, jigsaw regions, X diagonals), every instance the chain finders report in
//! find-all mode (group nodes and ALS nodes on) is checked against the solution from the `dlx`
//! engine, and grouped chains are found on layouts other than 9×9.

use sudokit_core::{Grid, Request, Solver, format::InputFormat};
use sudokit_logic::{
    CandidateGrid, Deadline, Family, LogicSolver, Memory, Options, Order, check_step, find_all_in,
};

const CHAINS: &[&str] = &[
    "x-chain",
    "xy-chain",
    "continuous-nice-loop",
    "discontinuous-nice-loop",
    "aic",
    "grouped-continuous-nice-loop",
    "grouped-discontinuous-nice-loop",
    "grouped-aic",
];

fn read(path: &str, format: InputFormat) -> Vec<Grid> {
    sudokit_testkit::read_puzzles(path, format)
}

/// Runs every chain finder on the grids of the solving path where singles do not suffice
/// (at most `grids` of them per puzzle); returns (steps checked, grouped steps).
fn check(path: &str, format: InputFormat, grids: usize) -> (usize, usize) {
    let solver = LogicSolver::new(Order::Hodoku);
    let options = Options {
        chain_als: true,
        ..Options::default()
    };
    let chains: Vec<_> = CHAINS
        .iter()
        .map(|id| sudokit_logic::techniques::lookup(id).unwrap())
        .collect();
    let (mut total, mut grouped) = (0, 0);
    for (i, p) in read(path, format).into_iter().enumerate() {
        let r = sudokit_engines::Dlx::new()
            .solve(&p, &Request::count(2, 1))
            .unwrap();
        if r.count != 1 {
            continue;
        }
        let sol = &r.solutions[0];
        let mut g = CandidateGrid::new(&p);
        // One memory per path, as the solver lends its finders.
        let memory = Memory::new();
        let mut left = grids;
        while !g.is_solved() && left > 0 {
            let Some(step) = solver.next_step_in(&g, &Deadline::none(), &memory) else {
                break;
            };
            if step.technique.family != Family::Singles {
                left -= 1;
                for t in &chains {
                    for s in find_all_in(*t, &g, &options, &Deadline::none(), &memory).0 {
                        if let Err(e) = check_step(&s, sol) {
                            panic!(
                                "{path} #{}: unsound {}: {e}\n{}",
                                i + 1,
                                s.technique.id,
                                s.text
                            );
                        }
                        total += 1;
                        if s.technique.id.starts_with("grouped") {
                            grouped += 1;
                        }
                    }
                }
            }
            g.apply(&step);
        }
    }
    (total, grouped)
}

#[test]
fn chains_are_sound_on_other_sizes_and_x_diagonals() {
    let (t1, g1) = check("data/examples/sizes.txt", InputFormat::Auto, 4);
    let (t2, g2) = check("data/examples/x-sudoku.ndjson", InputFormat::Auto, 4);
    let (t3, g3) = check("data/examples/16x16.txt", InputFormat::Auto, 2);
    assert!(t1 > g1 && g1 > 0, "other sizes: {t1} chains, {g1} grouped");
    assert!(t2 > g2 && g2 > 0, "X-sudoku: {t2} chains, {g2} grouped");
    assert!(t3 > g3 && g3 > 0, "16×16: {t3} chains, {g3} grouped");
}

#[test]
fn chains_are_sound_on_jigsaw_layouts() {
    let (t, g) = check("data/examples/jigsaw.txt", InputFormat::Jigsaw, 6);
    assert!(t > g && g > 0, "jigsaw: {t} chains, {g} grouped");
}
