//! Every technique case shipped in `data/logic/techniques.txt` (HoDoKu library format, found on
//! the repo's sets and checked against each puzzle's solution) must pass: the technique finds
//! exactly the expected eliminations/placements, and a `-x` case finds nothing.

use std::path::PathBuf;

#[test]
fn every_shipped_technique_case_passes() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/logic/techniques.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let res = sudokit_logic::reglib::run(&text);
    let mut lines = 0;
    for (code, r) in &res {
        assert!(r.implemented, "code {code} has cases but no technique");
        assert_eq!(
            r.passed, r.total,
            "code {code}: lines {:?} failed",
            r.failed_lines
        );
        lines += r.total;
    }
    // Every technique with a HoDoKu code has at least one case.
    for t in sudokit_logic::techniques::ALL {
        if let Some(code) = t.info().hodoku {
            assert!(
                res.contains_key(code),
                "no case for {} ({code})",
                t.info().id
            );
        }
    }
    assert!(lines > 0);
}

/// Techniques HoDoKu has no library code for are checked on the repo's sets: along the solving
/// paths of the first puzzles, every instance they find is sound, and they find some.
#[test]
fn techniques_without_a_library_code_find_sound_instances() {
    use sudokit_core::format::{InputFormat, parse_one};
    use sudokit_core::{Request, Solver};
    use sudokit_logic::{
        CandidateGrid, Deadline, LogicSolver, Memory, Order, check_step, find_all_in,
    };
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/logic/top95.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let solver = LogicSolver::new(Order::Hodoku);
    for t in sudokit_logic::techniques::ALL {
        if t.info().hodoku.is_some() || t.info().id == "guess" {
            continue;
        }
        let mut found = 0;
        for line in text.lines().take(30) {
            let p = parse_one(line, InputFormat::Line).unwrap();
            let sol = sudokit_engines::Dlx::new()
                .solve(&p, &Request::count(2, 1))
                .unwrap();
            let sol = &sol.solutions[0];
            let mut g = CandidateGrid::new(&p);
            // One memory per path, as the solver lends its finders.
            let memory = Memory::new();
            while !g.is_solved() {
                for s in find_all_in(*t, &g, &solver.options, &Deadline::none(), &memory).0 {
                    check_step(&s, sol).unwrap();
                    found += 1;
                }
                let Some(step) = solver.next_step_in(&g, &Deadline::none(), &memory) else {
                    break;
                };
                g.apply(&step);
            }
        }
        assert!(
            found > 0,
            "{} found nothing on 30 puzzles of top95",
            t.info().id
        );
    }
}
