//! Variant rules through the registry: every engine that does not implement rules refuses a
//! layout with rules with a clear `Unsupported` error (through `solve`, `admit`, and the
//! direct `search` of the engines other code calls directly: `propagate`, `portfolio`);
//! `auto` picks an engine that implements them, and its answers verify.

use std::sync::Arc;
use sudokit_core::verify::verify;
use sudokit_core::{Flow, Grid, Layout, Limits, Pos, Request, Rule, SolveError, Solver};
use sudokit_engines::{ENGINES, EngineOptions, Portfolio, Propagate, auto_engine, engine};

fn killer_4x4() -> Grid {
    let p = |s: &str| Pos::parse(s).expect("cell");
    let layout = Layout::standard(4)
        .expect("4x4")
        .with_rules([
            Rule::Killer {
                cells: vec![p("r1c1"), p("r1c2")],
                sum: Some(3),
            },
            Rule::Thermo {
                cells: vec![p("r2c3"), p("r3c3"), p("r4c3")],
                slow: false,
            },
        ])
        .expect("rules");
    Grid::from_values(Arc::new(layout), vec![0; 16])
}

#[test]
fn engines_without_rules_refuse_a_layout_with_rules() {
    let puzzle = killer_4x4();
    let mut supporting = Vec::new();
    for info in ENGINES {
        let solver = engine(info.name, &EngineOptions::default()).expect("registered");
        let solved = solver.solve(&puzzle, &Request::count(1000, 1000));
        if solver.supports_rules() {
            let report = solved.unwrap_or_else(|e| panic!("{}: {e}", info.name));
            assert!(
                report.count > 0 && report.exact,
                "{} {:?}",
                info.name,
                (report.count, report.exact, &report.end)
            );
            for s in &report.solutions {
                verify(&puzzle, s).unwrap_or_else(|e| panic!("{}: {e}", info.name));
            }
            supporting.push(info.name);
            continue;
        }
        match solved {
            Err(SolveError::Unsupported { engine, reason, .. }) => {
                assert_eq!(engine, solver.name());
                assert!(reason.contains("variant rules"), "{}: {reason}", info.name);
            }
            other => panic!("{} did not refuse rules: {other:?}", info.name),
        }
        assert!(solver.admit(puzzle.layout()).is_err(), "{}", info.name);
    }
    assert!(supporting.contains(&"sat"), "{supporting:?}");
}

#[test]
fn the_engines_searched_directly_refuse_rules_too() {
    let puzzle = killer_4x4();
    let direct: [&dyn Solver; 2] = [&Propagate::new(), &Portfolio::new()];
    for solver in direct {
        let r = solver.search(&puzzle, &Limits::up_to(10), &mut |_| Flow::Continue);
        assert!(
            matches!(r, Err(SolveError::Unsupported { .. })),
            "{}: {r:?}",
            solver.name()
        );
    }
}

#[test]
fn auto_picks_an_engine_that_implements_rules() {
    let puzzle = killer_4x4();
    let name = auto_engine(puzzle.layout());
    let solver = engine(name, &EngineOptions::default()).expect("registered");
    assert!(solver.supports_rules(), "{name}");
    let report = solver
        .solve(&puzzle, &Request::count(1000, 1000))
        .expect("solve");
    // The cage {1, 2} in row 1 and the thermometer rising down column 3 leave some grids
    // (sat's count against a brute force is in crates/sat/tests/rules.rs); each verifies.
    assert!(report.exact && report.count > 0);
    for s in &report.solutions {
        verify(&puzzle, s).expect("verifies");
    }
    // Without rules, auto keeps its old choices.
    assert_eq!(auto_engine(&Layout::standard(9).expect("9x9")), "fast");
}

#[test]
fn auto_picks_cp_or_sat_by_rule_kind() {
    // Cages and thermometers: cp; with a clue read along a row (sandwich, X-sum, skyscraper)
    // still cp, which filters those clues itself; with a quadruple beside them: sat.
    let killer = killer_4x4();
    assert_eq!(auto_engine(killer.layout()), "cp");
    let row: Vec<Pos> = (0..4).map(|c| Pos::new(0, c)).collect();
    let corner: Vec<Pos> = ["r1c1", "r1c2", "r2c1", "r2c2"]
        .iter()
        .map(|s| Pos::parse(s).expect("cell"))
        .collect();
    for clue in [
        Rule::Sandwich {
            cells: row.clone(),
            sum: 5,
        },
        Rule::XSum {
            cells: row.clone(),
            sum: 6,
        },
        Rule::Skyscraper {
            cells: row.clone(),
            count: 2,
        },
        Rule::Quadruple {
            cells: corner.clone(),
            digits: vec![1],
        },
    ] {
        let what = clue.name();
        let want = if what == "quadruple" { "sat" } else { "cp" };
        let rules = killer.layout().rules().iter().cloned().chain([clue]);
        let layout = Layout::standard(4)
            .expect("4x4")
            .with_rules(rules)
            .expect("rules");
        assert_eq!(auto_engine(&layout), want, "{what}");
    }
}
