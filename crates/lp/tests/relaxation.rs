//! The report's experiment: the plain relaxation is integral on an easy puzzle and fractional
//! on Easter Monster, whatever the back-end and the reduction.

use sudokit_core::Grid;
use sudokit_core::verify::verify;
use sudokit_lp::{Backend, Lp, LpOptions, Reduce, RelaxationOutcome};
use sudokit_testkit::{parse, seed_cases};

const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

fn lp(backend: Backend, reduce: Reduce) -> Lp {
    Lp::with_options(LpOptions {
        backend,
        reduce,
        ..LpOptions::default()
    })
}

fn all() -> Vec<Lp> {
    let mut v = Vec::new();
    for b in [Backend::Simplex, Backend::InteriorPoint] {
        for r in [Reduce::None, Reduce::Peers] {
            v.push(lp(b, r));
        }
    }
    v
}

#[test]
fn plain_relaxation_is_integral_on_an_easy_puzzle() {
    let (_, easy, expected) = &seed_cases()[0];
    for engine in all() {
        let r = engine.relaxation(easy, false).unwrap();
        let RelaxationOutcome::Integral(values) = &r.outcome else {
            panic!("{:?}: {:?}", engine.options(), r.outcome);
        };
        let g = Grid::from_values(easy.layout_arc().clone(), values.clone());
        verify(easy, &g).unwrap();
        assert_eq!(Some(&g), expected.as_ref());
        assert_eq!(r.lp_solves, 1);
        assert!(r.columns > 0);
    }
}

#[test]
fn unreduced_model_has_n_cubed_columns() {
    let (_, easy, _) = &seed_cases()[0];
    let r = lp(Backend::Simplex, Reduce::None)
        .relaxation(easy, false)
        .unwrap();
    assert_eq!(r.columns, 729);
    let r = lp(Backend::Simplex, Reduce::Peers)
        .relaxation(easy, false)
        .unwrap();
    assert!(r.columns < 729 / 2, "{}", r.columns);
}

#[test]
fn plain_relaxation_is_fractional_on_easter_monster() {
    let p = parse(EASTER_MONSTER);
    for engine in all() {
        let r = engine.relaxation(&p, false).unwrap();
        assert!(
            matches!(r.outcome, RelaxationOutcome::Fractional { .. }),
            "{:?}: {:?}",
            engine.options(),
            r.outcome
        );
        // Reweighting does not rescue it either.
        let r = engine.relaxation(&p, true).unwrap();
        assert!(matches!(r.outcome, RelaxationOutcome::Fractional { .. }));
    }
}

#[test]
fn a_contradiction_is_infeasible() {
    // Row 1 misses only a 9, but column 9 already holds one: no LP point exists.
    let p =
        parse("12345678.........9...............................................................");
    for engine in all() {
        let r = engine.relaxation(&p, false).unwrap();
        assert_eq!(
            r.outcome,
            RelaxationOutcome::Infeasible,
            "{:?}",
            engine.options()
        );
    }
}
