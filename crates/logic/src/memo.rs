//! Remembered misses of single-digit finders: for each technique and digit, the last
//! candidate plane of that digit on which the finder reported nothing.
//!
//! Design decision: what a single-digit finder (fish of every shape, skyscraper, kite, turbot
//! fish, empty rectangle, simple and multi colours) reports for digit `d` depends only on the
//! layout, the options and the cells that still hold `d`. So once it has reported nothing for
//! `d` on a plane, it reports nothing on that same plane again, and the solver, which asks
//! every technique again after each step, can skip the digit as long as its plane is
//! unchanged (a step usually changes one or a few digits' planes). The memo compares the
//! whole plane, the options and the layout (by value), so a skip is exact, never a guess; the
//! reported steps and their order stay exactly those of the full search. It is kept per
//! thread and holds one plane per (technique, digit), which is what a solving path needs.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use sudokit_core::{Digit, DigitSet, Layout};

use crate::grid::CandidateGrid;
use crate::technique::{Finder, Options};

#[derive(Default)]
struct Memo {
    /// The layout the planes belong to (held, so it is never mistaken for another).
    layout: Option<Arc<Layout>>,
    /// (technique id, digit index) -> (options, plane) on which the finder reported nothing.
    misses: HashMap<(&'static str, usize), (Options, Vec<u64>)>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// Runs `find` for each digit of the grid in order, skipping the digits on whose current
/// plane the technique `id` is known to report nothing; `find` returns `false` to stop (the
/// finder said "enough").
pub(crate) fn each_digit(
    id: &'static str,
    g: &CandidateGrid,
    f: &mut Finder<'_>,
    mut find: impl FnMut(Digit, &mut Finder<'_>) -> bool,
) {
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        let same = m
            .layout
            .as_ref()
            .is_some_and(|l| Arc::ptr_eq(l, g.layout_arc()) || **l == *g.layout());
        if !same {
            m.misses.clear();
        }
        m.layout = Some(g.layout_arc().clone());
    });
    let mut plane = Vec::new();
    for d in DigitSet::full(g.size()).iter() {
        g.digit_plane(d, &mut plane);
        let known = MEMO.with(|m| {
            m.borrow()
                .misses
                .get(&(id, d.index()))
                .is_some_and(|(o, p)| *p == plane && o == f.options)
        });
        if known {
            continue;
        }
        let before = f.emitted();
        // The memo is not borrowed while the finder runs (it may solve trial grids).
        if !find(d, f) || f.done() {
            return;
        }
        if f.emitted() == before {
            let opts = f.options.clone();
            MEMO.with(|m| {
                let mut m = m.borrow_mut();
                if m.layout
                    .as_ref()
                    .is_some_and(|l| Arc::ptr_eq(l, g.layout_arc()))
                {
                    m.misses
                        .insert((id, d.index()), (opts, std::mem::take(&mut plane)));
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use sudokit_core::format::{InputFormat, parse_one};

    use crate::grid::CandidateGrid;
    use crate::solver::LogicSolver;
    use crate::technique::{Options, find_all};

    /// Along a solving path, every memoised finder reports on a warm memo exactly what it
    /// reports on a cold one (a fresh thread).
    #[test]
    fn warm_memo_reports_what_a_cold_one_does() {
        let p = parse_one(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            InputFormat::Auto,
        )
        .unwrap();
        let solver = LogicSolver::default();
        let opts = Options::default();
        let memoised: Vec<_> = solver
            .techniques()
            .iter()
            .copied()
            .filter(|t| {
                [
                    "fish",
                    "finned_fish",
                    "complex_fish",
                    "single-digit",
                    "colouring",
                ]
                .contains(&t.info().family)
            })
            .collect();
        assert!(memoised.len() > 10);
        let mut g = CandidateGrid::new(&p);
        let mut steps = 0;
        while let Some(step) = solver.next_step(&g) {
            for &t in &memoised {
                let warm = find_all(t, &g, &opts);
                let (gc, oc) = (g.clone(), opts.clone());
                let cold = std::thread::spawn(move || find_all(t, &gc, &oc))
                    .join()
                    .unwrap();
                assert_eq!(
                    format!("{warm:?}"),
                    format!("{cold:?}"),
                    "{} at step {steps}",
                    t.info().id
                );
            }
            g.apply(&step);
            steps += 1;
        }
        assert!(steps > 20);
    }
}
