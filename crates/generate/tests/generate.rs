//! Every generated puzzle checked as the issue asks: unique (counted by two engines), minimal
//! when asked, symmetric when asked, givens in range, rating in range (re-rated by a fresh
//! rater), reproducible from its seed — on 4×4, 6×6, 9×9, 12×12, 16×16, jigsaw 9×9 and X.

use std::sync::Arc;

use sudokit_core::verify::verify;
use sudokit_core::{Budget, Extra, Grid, Layout};
use sudokit_generate::rate::parse_qqwing;
use sudokit_generate::unique::{Verdict, Witnesses};
use sudokit_generate::{
    Checker, Config, Count, GenError, Generated, Generator, LayoutChoice, ProvisionalSe, Rater,
    Symmetry,
};
use sudokit_logic::techniques::lookup;
use sudokit_logic::{LogicSolver, Order, PathStatus};

fn check_puzzle(made: &Generated, config: &Config, generator: &Generator) {
    let layout = made.puzzle.layout_arc().clone();
    let values = made.puzzle.values();
    for engine in ["propagate", "dlx"] {
        let c = Checker::with_engine(layout.clone(), engine).unwrap();
        assert_eq!(
            c.count(values),
            Count::Unique,
            "{engine}: {:?}",
            made.puzzle.to_line()
        );
    }
    if layout.is_standard_9x9() {
        let c = Checker::with_engine(layout.clone(), "fast").unwrap();
        assert_eq!(c.count(values), Count::Unique);
    }
    assert!(verify(&made.puzzle, &made.solution).is_ok());
    assert_eq!(made.givens, made.puzzle.given_count());
    assert!(config.symmetry.holds(values, layout.size()));
    if config.minimal {
        let dlx = Checker::with_engine(layout.clone(), "dlx").unwrap();
        assert!(dlx.is_minimal(values), "not minimal");
    }
    if let Some((a, b)) = config.givens {
        assert!((a..=b).contains(&made.givens), "{} givens", made.givens);
    }
    // A symmetric removal pass that ran to its end (also after neighbourhood moves) leaves no
    // orbit that can go, re-checked by `check`'s properties on another engine.
    if config.symmetry != Symmetry::None && config.givens.is_none() && config.pattern.is_none() {
        let dlx = Checker::with_engine(layout.clone(), "dlx").unwrap();
        let props = sudokit_generate::check::properties(&made.puzzle, &dlx);
        assert!(
            props
                .orbit_minimal
                .as_ref()
                .is_some_and(|v| v.contains(&config.symmetry)),
            "not orbit-minimal under {}: {:?}",
            config.symmetry.name(),
            props.orbit_minimal
        );
    }
    // The record's strict minimality, re-checked by another engine.
    if let Some(m) = made.minimal {
        let dlx = Checker::with_engine(layout.clone(), "dlx").unwrap();
        assert_eq!(dlx.is_minimal(values), m, "minimal field {m}");
    }
    if let Some((a, b)) = config.target.rating {
        let r = ProvisionalSe::default().rate(&made.puzzle, None);
        assert!(r.complete);
        let se = (r.se * 10.0).round() / 10.0;
        assert!(se >= a - 1e-4 && se <= b + 1e-4, "rating {se}");
    }
    let again = generator.generate(made.seed).unwrap();
    assert_eq!(again.puzzle.values(), values, "not reproducible from seed");
}

fn run(config: Config, seeds: std::ops::Range<u64>) -> Vec<Generated> {
    let g = Generator::new(config.clone()).unwrap();
    seeds
        .map(|s| {
            let made = g.generate(s).unwrap();
            check_puzzle(&made, &config, &g);
            made
        })
        .collect()
}

fn layout(n: usize) -> Arc<Layout> {
    Arc::new(Layout::standard(n).unwrap())
}

#[test]
fn small_layouts_minimal_and_symmetric() {
    for n in [4, 6] {
        let mut c = Config::new(layout(n));
        c.minimal = true;
        run(c.clone(), 0..4);
        c.symmetry = Symmetry::Rot180;
        c.minimal = false;
        run(c, 0..4);
    }
}

#[test]
fn nine_by_nine_every_symmetry_class() {
    for s in Symmetry::ALL {
        let mut c = Config::new(layout(9));
        c.symmetry = s;
        run(c, 0..2);
    }
    let mut c = Config::new(layout(9));
    c.minimal = true;
    let made = run(c, 0..5);
    // Different seeds make different puzzles.
    assert_ne!(made[0].puzzle.values(), made[1].puzzle.values());
}

#[test]
fn givens_range_is_met() {
    let mut c = Config::new(layout(9));
    c.givens = Some((30, 32));
    c.symmetry = Symmetry::Rot180;
    run(c.clone(), 0..3);
    c.minimal = true;
    c.givens = Some((24, 27));
    c.symmetry = Symmetry::None;
    run(c, 0..3);
}

#[test]
fn twelve_and_sixteen() {
    let mut c = Config::new(layout(12));
    c.symmetry = Symmetry::Rot180;
    run(c, 0..1);
    let mut c = Config::new(layout(16));
    c.symmetry = Symmetry::Orthogonal;
    run(c, 0..1);
}

/// Strictly minimal symmetric puzzles above 9×9 come from orbit moves on one grid (see
/// `Generator::make_minimal`): each is unique, symmetric, minimal by `dlx` (in `run`) and
/// reproducible from its seed.
#[test]
fn strictly_minimal_symmetric_twelve_by_twelve() {
    for s in [Symmetry::Rot180, Symmetry::Vertical] {
        let mut c = Config::new(layout(12));
        c.symmetry = s;
        c.minimal = true;
        for made in run(c, 0..3) {
            assert_eq!(made.minimal, Some(true));
        }
    }
}

#[test]
#[ignore = "heavy: a few seconds a puzzle in an optimised build; run by scripts/test.sh"]
fn strictly_minimal_symmetric_sixteen_by_sixteen() {
    let mut c = Config::new(layout(16));
    c.symmetry = Symmetry::Rot180;
    c.minimal = true;
    run(c, 0..1);
}

/// `other_solution` names a second solution exactly when there is one, checked against a
/// count by another engine, and the solution it names solves the puzzle; the witnesses made
/// from such solutions prove a given needed only when `dlx` agrees.
#[test]
fn other_solutions_and_witnesses() {
    for n in [9, 12, 16] {
        let l = layout(n);
        let mut c = Config::new(l.clone());
        c.symmetry = Symmetry::Rot180;
        let made = Generator::new(c).unwrap().generate(3).unwrap();
        let (values, sol) = (made.puzzle.values(), made.solution.values());
        let checker = Checker::new(l.clone());
        let dlx = Checker::with_engine(l.clone(), "dlx").unwrap();
        let mut witnesses = Witnesses::default();
        let mut several = 0;
        for i in (0..values.len()).filter(|&i| values[i] != 0).take(40) {
            let mut v = values.to_vec();
            v[i] = 0;
            let (verdict, other) = checker.other_solution(&v, &[i], sol);
            let truth = dlx.count(&v);
            match verdict {
                Verdict::Several => {
                    several += 1;
                    assert_eq!(truth, Count::Many, "{n}: given {i}");
                    let other = other.expect("a second solution");
                    let g = Grid::from_values(l.clone(), v.clone());
                    let o = Grid::from_values(l.clone(), other.clone());
                    assert!(verify(&g, &o).is_ok() && other[i] != sol[i]);
                    witnesses.add(&other, sol);
                }
                Verdict::Unique => {
                    assert_eq!(truth, Count::Unique, "{n}: given {i}");
                    assert!(other.is_none());
                }
                Verdict::Unknown => {}
            }
        }
        assert!(several > 0, "{n}: no needed given among the first 40");
        // Every given a witness marks needed is needed by dlx, and no orbit a witness keeps
        // can go.
        let mut needed = vec![false; values.len()];
        witnesses.mark_needed(values, &mut needed);
        assert_eq!(needed.iter().filter(|&&b| b).count(), several, "{n}");
        for i in (0..values.len()).filter(|&i| needed[i]) {
            let mut v = values.to_vec();
            v[i] = 0;
            assert_eq!(dlx.count(&v), Count::Many, "{n}: given {i}");
            assert!(witnesses.solves_without(values, &[i]));
        }
    }
}

#[test]
fn jigsaw_and_x_and_anti_knight() {
    let c = Config {
        layout: LayoutChoice::RandomJigsaw {
            n: 9,
            extras: vec![],
        },
        ..Config::new(layout(9))
    };
    let made = run(c, 0..2);
    assert!(made[0].puzzle.layout().is_jigsaw());
    let x = Arc::new(
        Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::Diagonals]),
    );
    let mut c = Config::new(x);
    c.symmetry = Symmetry::BiDiagonal;
    c.minimal = false;
    run(c, 0..2);
    let ak = Arc::new(
        Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::AntiKnight]),
    );
    let mut c = Config::new(ak);
    c.minimal = true;
    run(c, 0..1);
}

#[test]
fn root_solution_and_pattern() {
    let mut c = Config::new(layout(9));
    c.root = true;
    c.symmetry = Symmetry::Rot180;
    let made = run(c, 0..2);
    assert_eq!(
        made[0].solution.to_line().unwrap(),
        "123456789456789123789123456234567891567891234891234567345678912678912345912345678"
    );
    // A 180°-symmetric pattern of 30 givens taken from a generated puzzle.
    let mut c = Config::new(layout(9));
    c.symmetry = Symmetry::Rot180;
    c.givens = Some((30, 30));
    let g = Generator::new(c).unwrap();
    let base = g.generate(3).unwrap();
    let pattern: Vec<bool> = base.puzzle.values().iter().map(|&v| v != 0).collect();
    let mut c = Config::new(layout(9));
    c.pattern = Some(pattern.clone());
    c.symmetry = Symmetry::Rot180;
    let made = run(c, 10..12);
    for m in made {
        let p: Vec<bool> = m.puzzle.values().iter().map(|&v| v != 0).collect();
        assert_eq!(p, pattern);
    }
}

#[test]
fn rating_and_level_targets() {
    let mut c = Config::new(layout(9));
    c.target.rating = Some((2.0, 3.0));
    c.symmetry = Symmetry::Rot180;
    run(c, 0..3);
    let mut c = Config::new(layout(9));
    c.target.qqwing = Some(parse_qqwing("intermediate").unwrap());
    let made = run(c, 0..2);
    for m in made {
        assert_eq!(m.measured.qqwing, Some("intermediate"));
        // Measured again on the puzzle, not read from the generator's record: stuck with
        // singles alone, solved once qqwing's pairs, pointing and claiming are added.
        let singles = ["full-house", "naked-single", "hidden-single"];
        let more = [
            "naked-pair",
            "locked-pair",
            "pointing",
            "claiming",
            "hidden-pair",
        ];
        let solve = |ids: &[&str]| {
            let ts = ids.iter().map(|id| lookup(id).expect(id)).collect();
            let mut s = LogicSolver::with_techniques(ts, Order::Hodoku);
            s.options.uniqueness = false;
            s.solve(&m.puzzle, &Budget::unlimited()).status
        };
        assert_ne!(
            solve(&singles),
            PathStatus::Solved,
            "singles alone solve it"
        );
        let all: Vec<&str> = singles.iter().chain(more.iter()).copied().collect();
        assert_eq!(
            solve(&all),
            PathStatus::Solved,
            "qqwing's techniques do not solve it"
        );
    }
}

#[test]
fn bad_combinations_are_errors_up_front() {
    let mut c = Config::new(layout(6));
    c.symmetry = Symmetry::Rot90;
    assert!(matches!(Generator::new(c), Err(GenError::BadSymmetry(_))));
    let mut c = Config::new(layout(9));
    c.givens = Some((10, 16));
    assert!(matches!(Generator::new(c), Err(GenError::BadGivens(_))));
    let mut c = Config::new(layout(9));
    c.symmetry = Symmetry::Full;
    c.givens = Some((18, 19));
    assert!(matches!(Generator::new(c), Err(GenError::BadGivens(_))));
    let mut c = Config::new(layout(9));
    c.target.rating = Some((12.0, 13.0));
    assert!(matches!(Generator::new(c), Err(GenError::BadTarget(_))));
    let c = Config {
        layout: LayoutChoice::RandomJigsaw {
            n: 9,
            extras: vec![],
        },
        symmetry: Symmetry::Rot180,
        ..Config::new(layout(9))
    };
    assert!(matches!(Generator::new(c), Err(GenError::BadSymmetry(_))));
    let mut c = Config::new(layout(9));
    c.pattern = Some(vec![true; 80]);
    assert!(matches!(Generator::new(c), Err(GenError::BadPattern(_))));
}

#[test]
fn budget_stops_an_impossible_pattern() {
    // A pattern with every given in the top three rows can never be unique.
    let mut c = Config::new(layout(9));
    c.pattern = Some((0..81).map(|i| i < 27).collect());
    c.budget = sudokit_core::Budget::time(std::time::Duration::from_millis(200));
    let g = Generator::new(c).unwrap();
    assert!(matches!(g.generate(1), Err(GenError::Budget { .. })));
}

#[test]
fn max_grids_caps_the_grids_drawn() {
    // The same impossible pattern under a count instead of a clock: exactly 5 grids, on every
    // machine (the fuzz replay of `generate` relies on this).
    let mut c = Config::new(layout(9));
    c.pattern = Some((0..81).map(|i| i < 27).collect());
    c.max_grids = Some(5);
    let g = Generator::new(c).unwrap();
    assert!(matches!(
        g.generate(1),
        Err(GenError::Budget { attempts: 5 })
    ));
}

#[test]
fn check_reports_properties() {
    let l = layout(9);
    let p17 = Grid::from_values(
        l.clone(),
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
            .bytes()
            .map(|b| b - b'0')
            .collect(),
    );
    let checker = Checker::new(l.clone());
    let props = sudokit_generate::check::properties(&p17, &checker);
    assert_eq!(props.givens, 17);
    assert_eq!(props.count, Count::Unique);
    assert_eq!(props.minimal, Some(true));
    assert!(props.symmetries.is_empty());
    assert_eq!(props.orbit_minimal, Some(vec![]));
    let empty = Grid::empty(l.clone());
    let props = sudokit_generate::check::properties(&empty, &checker);
    assert_eq!(props.count, Count::Many);
    assert_eq!(props.minimal, None);
    assert_eq!(props.symmetries.len(), 9);
    assert_eq!(props.orbit_minimal, None);
    // 180°-symmetric puzzles: each orbit-minimal under rot180 (strictly minimal ones, made
    // with `minimal`, under every class they have); with one empty orbit filled back from the
    // solution, that orbit can go again, so the puzzle is no longer orbit-minimal under rot180.
    for strict in [false, true] {
        let mut c = Config::new(l.clone());
        c.symmetry = Symmetry::Rot180;
        c.minimal = strict;
        let g = Generator::new(c).unwrap();
        for seed in 0..6 {
            let made = g.generate(seed).unwrap();
            let props = sudokit_generate::check::properties(&made.puzzle, &checker);
            let under = props.orbit_minimal.clone().unwrap();
            assert!(under.contains(&Symmetry::Rot180), "seed {seed}: {under:?}");
            if strict {
                assert_eq!(props.minimal, Some(true));
                assert_eq!(under, props.symmetries);
            }
            let mut values = made.puzzle.values().to_vec();
            let orbit = Symmetry::Rot180
                .orbits(9)
                .into_iter()
                .find(|o| values[o[0]] == 0)
                .unwrap();
            for &i in &orbit {
                values[i] = made.solution.values()[i];
            }
            let more = Grid::from_values(l.clone(), values);
            let props = sudokit_generate::check::properties(&more, &checker);
            assert_eq!(props.count, Count::Unique);
            assert_eq!(props.minimal, Some(false));
            assert!(props.symmetries.contains(&Symmetry::Rot180));
            assert!(
                !props.orbit_minimal.unwrap().contains(&Symmetry::Rot180),
                "seed {seed}: an added orbit can go"
            );
        }
    }
}

/// The large-grid shortcuts against a full count by another engine: removing cells one by one
/// from a 16×16 solution, `stays_unique` (with every hard question sent to `sat`) agrees with
/// `dlx`'s count, `forced_by_singles` never claims a removal that `dlx` finds ambiguous, and
/// a two-digit swap set is only reported where `dlx` finds a second solution.
#[test]
fn large_grid_shortcuts_agree_with_a_full_count() {
    use sudokit_generate::swap::SwapSets;
    use sudokit_generate::unique::forced_by_singles;
    use sudokit_generate::{Rng, fill::random_grid};
    let l = layout(16);
    let mut rng = Rng::new(3);
    let sol = random_grid(&l, &mut rng, 20).unwrap();
    let sol = sol.values().to_vec();
    let checker = Checker::new(l.clone()).with_first_try_nodes(1);
    let dlx = Checker::with_engine(l.clone(), "dlx").unwrap();
    let swaps = SwapSets::new(&l, &sol).unwrap();
    let (mut stack, mut seen) = (Vec::new(), Vec::new());
    let mut order: Vec<usize> = (0..256).collect();
    rng.shuffle(&mut order);
    let mut values = sol.clone();
    let (mut kept, mut removed, mut singles) = (0, 0, 0);
    for &c in &order {
        values[c] = 0;
        let truth = dlx.count(&values) == Count::Unique;
        assert_eq!(checker.stays_unique(&values, &[c], &sol), truth, "cell {c}");
        if forced_by_singles(&l, &values, &[c]) {
            singles += 1;
            assert!(truth, "singles claimed cell {c}");
        }
        if swaps.breaks_uniqueness(&l, &sol, &values, c, &mut stack, &mut seen) {
            assert!(!truth, "swap set at cell {c}");
        }
        if truth {
            removed += 1;
        } else {
            values[c] = sol[c];
            kept += 1;
        }
    }
    assert!(
        kept > 10 && removed > 100 && singles > 50,
        "{kept} kept, {removed} removed, {singles} by singles"
    );
}

#[test]
fn a_removal_pass_stops_when_asked_and_leaves_a_unique_puzzle() {
    // A 16x16 pass is long; the total budget must be able to end it between orbits. Stopped
    // after 20 orbits, the pass reports it, keeps the puzzle unique and removes at most 20
    // givens; run to the end it removes many more.
    use std::cell::Cell as Counter;
    use sudokit_generate::Rng;
    use sudokit_generate::fill::random_grid;
    use sudokit_generate::generator::reduce;
    let l = layout(16);
    let checker = Checker::new(l.clone());
    let orbits = Symmetry::None.orbits(16);
    let mut rng = Rng::new(5);
    let sol = random_grid(&l, &mut rng, 20).unwrap();
    let sol = sol.values().to_vec();
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    rng.shuffle(&mut order);

    let asked = Counter::new(0);
    let stop = || {
        asked.set(asked.get() + 1);
        asked.get() > 20
    };
    let mut cut = sol.clone();
    assert!(!reduce(
        &mut cut, &sol, &orbits, &order, &checker, 0, 0, &stop
    ));
    let removed = cut.iter().filter(|&&v| v == 0).count();
    assert!((1..=20).contains(&removed), "{removed}");
    assert_eq!(checker.count(&cut), Count::Unique);

    let mut full = sol.clone();
    assert!(reduce(
        &mut full,
        &sol,
        &orbits,
        &order,
        &checker,
        0,
        0,
        &|| false
    ));
    assert!(full.iter().filter(|&&v| v == 0).count() > 100);
    assert_eq!(checker.count(&full), Count::Unique);
}

/// Minimality on 16×16 with every hard question sent to `sat` (one "this given differs" call,
/// searched next to the solution) against `dlx`'s counts: a full removal pass leaves a
/// minimal puzzle, a symmetric pass a puzzle both agree on, one given added back a puzzle
/// that is not minimal; with a budget too small to prove anything the answer is "not shown
/// minimal", never a wrong "minimal".
#[test]
fn large_grid_minimality_agrees_with_a_full_count() {
    use sudokit_core::Budget;
    use sudokit_generate::generator::reduce;
    use sudokit_generate::{Rng, fill::random_grid};
    let l = layout(16);
    let checker = Checker::new(l.clone()).with_first_try_nodes(1);
    let dlx = Checker::with_engine(l.clone(), "dlx").unwrap();
    let mut rng = Rng::new(11);
    let sol = random_grid(&l, &mut rng, 20).unwrap().values().to_vec();
    for symmetry in [Symmetry::None, Symmetry::Rot180] {
        let orbits = symmetry.orbits(16);
        let mut order: Vec<usize> = (0..orbits.len()).collect();
        rng.shuffle(&mut order);
        let mut cut = sol.clone();
        assert!(reduce(
            &mut cut,
            &sol,
            &orbits,
            &order,
            &checker,
            0,
            0,
            &|| false
        ));
        assert_eq!(dlx.count(&cut), Count::Unique);
        let minimal = dlx.is_minimal(&cut);
        assert_eq!(checker.is_minimal(&cut), minimal, "{symmetry}");
        if symmetry == Symmetry::None {
            assert!(minimal);
        }
        let back = cut.iter().position(|&v| v == 0).unwrap();
        cut[back] = sol[back];
        assert!(!dlx.is_minimal(&cut));
        assert!(!checker.is_minimal(&cut), "{symmetry}: a given added back");
        cut[back] = 0;
        let starved = Checker::new(l.clone()).with_budget(Budget::nodes(1));
        assert_eq!(starved.is_minimal_until(&cut, &|| false), Some(false));
    }
}

#[test]
fn a_minimality_check_stops_when_asked() {
    // Asked before each given, the check ends with "unknown" once told to stop, on the fast
    // 9x9 path and on the engine path alike; never told, it gives the plain answer.
    use std::cell::Cell as Counter;
    let l = layout(9);
    let config = Config::new(l.clone());
    let made = Generator::new(config).unwrap().generate(3).unwrap();
    let values = made.puzzle.values();
    for engine in ["fast", "dlx"] {
        let c = Checker::with_engine(l.clone(), engine).unwrap();
        assert_eq!(
            c.is_minimal_until(values, &|| false),
            Some(true),
            "{engine}"
        );
        assert_eq!(c.is_minimal_until(values, &|| true), None, "{engine}");
        let asked = Counter::new(0);
        let stop = || {
            asked.set(asked.get() + 1);
            asked.get() > 5
        };
        assert_eq!(c.is_minimal_until(values, &stop), None, "{engine}");
        assert_eq!(asked.get(), 6, "{engine}: asked once per given until told");
    }
}

/// The minimality check that knows the solution (singles, swap sets, then one exclusion
/// search per given) agrees with the plain one (a fresh search per given) on 9×9 puzzles,
/// minimal (no symmetry) or mostly not (180°), and on the puzzles one added given makes
/// non-minimal.
#[test]
fn minimality_with_the_solution_agrees_with_the_plain_check() {
    let checker = Checker::new(layout(9));
    let (mut minimal, mut not) = (0, 0);
    for symmetry in [Symmetry::None, Symmetry::Rot180] {
        let mut c = Config::new(layout(9));
        c.symmetry = symmetry;
        let generator = Generator::new(c).unwrap();
        for seed in 0..25 {
            let made = generator.generate(seed).unwrap();
            let sol = made.solution.values();
            let mut values = made.puzzle.values().to_vec();
            let plain = checker.is_minimal(&values);
            let known = checker.is_minimal_with_solution_until(&values, sol, &|| false);
            assert_eq!(known, Some(plain), "{symmetry:?} seed {seed}");
            assert_eq!(made.minimal, Some(plain), "{symmetry:?} seed {seed}");
            if plain {
                minimal += 1;
            } else {
                not += 1;
            }
            let empty = (0..81).find(|&i| values[i] == 0).unwrap();
            values[empty] = sol[empty];
            assert!(!checker.is_minimal(&values));
            assert_eq!(
                checker.is_minimal_with_solution_until(&values, sol, &|| false),
                Some(false)
            );
        }
    }
    assert!(minimal >= 25 && not > 0, "{minimal} minimal, {not} not");
}

/// Inside a rayon pool of several threads, the removal pass on a large grid checks orbits
/// ahead of its position on helper threads; it must make exactly the puzzle the one-thread
/// pass makes (a helper's "unique" is used only when nothing was removed since, its "second
/// solution found" in any case), and the minimality check, asked several givens at a time,
/// must give the one-thread answer. 16×16, every hard question sent to `sat`, both symmetries,
/// several grids, and pools of two and three threads.
#[test]
fn the_removal_pass_makes_the_same_puzzle_on_several_threads() {
    use sudokit_generate::generator::reduce;
    use sudokit_generate::{Rng, fill::random_grid};
    let l = layout(16);
    let checker = Checker::new(l.clone()).with_first_try_nodes(1);
    assert!(checker.has_fallback());
    let pools: Vec<rayon::ThreadPool> = [2, 3]
        .iter()
        .map(|&n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .unwrap()
        })
        .collect();
    let mut rng = Rng::new(21);
    let mut removed_with_helpers = 0;
    for round in 0..3 {
        let sol = random_grid(&l, &mut rng, 20).unwrap().values().to_vec();
        for symmetry in [Symmetry::None, Symmetry::Rot180] {
            let orbits = symmetry.orbits(16);
            let mut order: Vec<usize> = (0..orbits.len()).collect();
            rng.shuffle(&mut order);
            let pass = |values: &mut Vec<u8>| {
                assert!(reduce(
                    values,
                    &sol,
                    &orbits,
                    &order,
                    &checker,
                    0,
                    0,
                    &|| false
                ));
            };
            let mut alone = sol.clone();
            pass(&mut alone);
            assert_eq!(checker.count(&alone), Count::Unique);
            let minimal = checker.is_minimal(&alone);
            for pool in &pools {
                let mut shared = sol.clone();
                pool.install(|| pass(&mut shared));
                assert_eq!(
                    shared,
                    alone,
                    "round {round}, {symmetry}, {} threads",
                    pool.current_num_threads()
                );
                removed_with_helpers += shared.iter().filter(|&&v| v == 0).count();
                assert_eq!(pool.install(|| checker.is_minimal(&alone)), minimal);
                // One given added back: not minimal, on several threads too.
                let back = alone.iter().position(|&v| v == 0).unwrap();
                let mut more = alone.clone();
                more[back] = sol[back];
                assert!(!pool.install(|| checker.is_minimal(&more)));
            }
        }
    }
    assert!(removed_with_helpers > 0);
}
