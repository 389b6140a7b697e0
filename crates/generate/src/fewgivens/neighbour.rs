//! Neighbourhood search towards fewer givens: a walk over unique puzzles symmetric in the
//! class, by orbit moves {-k+j} with j ≤ k ≤ 3.
//!
//! Design decision: a move removes k given orbits, enumerates every solution of the smaller
//! puzzle with `fast` (skipped above [`SOLUTION_CAP`] solutions or its
//! node cap), and adds j empty orbits filled from one of those solutions `T` such that no other
//! solution agrees with `T` on them — a signature table per orbit (and per pair of orbits)
//! finds all of them at once, and the result is unique by construction. Moves that lower the
//! givens are preferred; moves that keep the count are accepted too (the plateau moves that
//! open new removals), and after each accepted move every orbit that can go goes (the
//! generator's removal pass). A walk reports a hit (at most K givens, minimal) only when it
//! has fewer givens than the walk's previous hit, and goes on descending; one that has not
//! improved for [`PATIENCE`] tries starts again from a fresh uniformly random grid, or, given
//! seed puzzles (the forums' walks from near-minimal puzzles), from the next seed's smallest
//! closure under the class's conjugates (the seed itself, transformed, when it is symmetric).

use std::collections::HashMap;

use sudokit_core::Budget as NodeBudget;
use sudokit_fast::Fast;

use super::closure::{Conjugate, conjugates, smallest_closure};
use super::{Method, Origin, Run, SOLUTION_CAP, given_count};
use crate::generator::reduce;
use crate::uniform::UniformGrids;
use crate::unique::Checker;

/// Tries without a new low before a walk starts again.
pub const PATIENCE: u64 = 4_000;

/// Search nodes one enumeration may use.
const ENUMERATION_NODES: u64 = 200_000;

/// The walk's current puzzle.
struct State {
    values: [u8; 81],
    givens: usize,
    /// Orbits holding a given that could go alone (the puzzle stays unique without it): the
    /// puzzle is not minimal while there are any, and they are the first orbits a move takes.
    redundant: Vec<usize>,
}

impl State {
    fn new(
        values: [u8; 81],
        solution: &[u8; 81],
        orbits: &[Vec<usize>],
        run: &mut Run<'_>,
    ) -> State {
        let mut redundant = Vec::new();
        for (o, orbit) in orbits.iter().enumerate() {
            if values[orbit[0]] == 0 {
                continue;
            }
            let free = orbit.iter().any(|&c| {
                let mut v = values;
                v[c] = 0;
                run.progress.checks += 1;
                !Fast::has_solution_excluding(&v, &[(c, solution[c])])
            });
            if free {
                redundant.push(o);
            }
        }
        State {
            values,
            givens: given_count(&values),
            redundant,
        }
    }
}

/// Runs the walk until the budget is spent.
pub(super) fn run(run: &mut Run<'_>) {
    let layout = std::sync::Arc::new(sudokit_core::Layout::standard(9).expect("9x9 layout"));
    let checker = Checker::new(layout);
    let orbits = run.orbits.clone();
    let mut orbit_of = [0usize; 81];
    for (o, orbit) in orbits.iter().enumerate() {
        for &c in orbit {
            orbit_of[c] = o;
        }
    }
    let starts = Starts::new(run);
    let mut failed = 0;
    while !run.done() {
        let mut state = match starts.as_ref() {
            None => fresh(run, &orbits, &checker),
            Some(starts) => match starts.next(run, &orbits) {
                Some(state) => state,
                // A whole round of seeds without a unique one: nothing to walk from.
                None if failed >= starts.order.len() => return,
                None => {
                    failed += 1;
                    continue;
                }
            },
        };
        failed = 0;
        // A walk from a seed does not report the seed back.
        let start = starts.as_ref().map(|_| state.values);
        let mut best = state.givens;
        let mut since = 0u64;
        // A walk reports a hit only below its last one: it goes on descending after a hit
        // without printing every plateau neighbour of it.
        let mut report_below = run.target.givens + 1;
        while !run.done() && since < PATIENCE {
            run.tried();
            since += 1;
            if !step(run, &orbits, &checker, &mut state) {
                continue;
            }
            run.reached(state.givens);
            if state.givens < best {
                best = state.givens;
                since = 0;
            }
            if state.givens < report_below
                && start != Some(state.values)
                && run.offer(&state.values)
            {
                report_below = state.givens;
            }
        }
    }
}

/// The walks' starts when there are seed puzzles: each seed in turn (a seeded order, over
/// again when all have been walked), as its smallest closure under the class's conjugates in
/// the standard orientation (the seed itself, transformed, when it is symmetric).
struct Starts {
    conj: Vec<Conjugate>,
    order: Vec<usize>,
    at: std::cell::Cell<usize>,
}

impl Starts {
    fn new(run: &mut Run<'_>) -> Option<Starts> {
        if run.seeds.is_empty() {
            return None;
        }
        let mut order: Vec<usize> = (0..run.seeds.len()).collect();
        run.rng.shuffle(&mut order);
        Some(Starts {
            conj: conjugates(run.target.symmetry),
            order,
            at: std::cell::Cell::new(0),
        })
    }

    /// The next seed's start; `None` when that seed is not unique. Hits of its walk carry an
    /// [`Origin`] naming the seed and the conjugate.
    fn next(&self, run: &mut Run<'_>, orbits: &[Vec<usize>]) -> Option<State> {
        let at = self.at.get();
        self.at.set(at + 1);
        let seed = &run.seeds[self.order[at % self.order.len()]];
        let (id, seed_givens) = (seed.id, given_count(&seed.values));
        run.progress.restarts += 1;
        run.progress.checks += 2;
        let (values, solution, transform, size) = smallest_closure(&seed.values, &self.conj)?;
        run.origin = Some(Origin {
            method: Method::Neighbour,
            seed: id,
            transform,
            seed_givens,
            closure_givens: size,
            public: None,
            automorphism: None,
        });
        let state = State::new(values, &solution, orbits, run);
        run.reached(state.givens);
        Some(state)
    }
}

/// A fresh start: a uniformly random grid, orbits removed in random order while it stays
/// unique.
fn fresh(run: &mut Run<'_>, orbits: &[Vec<usize>], checker: &Checker) -> State {
    run.progress.restarts += 1;
    let solution = UniformGrids::get().sample(&mut run.rng);
    let mut values = solution;
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    run.rng.shuffle(&mut order);
    reduce(
        &mut values,
        &solution,
        orbits,
        &order,
        checker,
        0,
        0,
        &|| false,
    );
    run.progress.checks += orbits.len() as u64;
    let state = State::new(values, &solution, orbits, run);
    run.reached(state.givens);
    state
}

/// Every solution of `values` when there are at most [`SOLUTION_CAP`] and the node cap
/// suffices.
fn enumerate(values: &[u8; 81]) -> Option<Vec<[u8; 81]>> {
    let mut out = Vec::new();
    let mut limiter = NodeBudget::nodes(ENUMERATION_NODES).start();
    let outcome = Fast::run(values, SOLUTION_CAP + 1, &mut limiter, |s| {
        out.push(*s);
        sudokit_core::Flow::Continue
    });
    (outcome.end == sudokit_core::End::Exhausted).then_some(out)
}

/// The digits of `solution` on the cells of `orbits`, packed 4 bits a cell (at most 16 cells).
fn signature(solution: &[u8; 81], cells: impl Iterator<Item = usize>) -> u64 {
    cells.fold(0u64, |acc, c| (acc << 4) | u64::from(solution[c]))
}

/// One move; `true` when it was applied (the state is then a new unique puzzle).
fn step(run: &mut Run<'_>, orbits: &[Vec<usize>], checker: &Checker, state: &mut State) -> bool {
    let given: Vec<usize> = (0..orbits.len())
        .filter(|&o| state.values[orbits[o][0]] != 0)
        .collect();
    let k = [1, 2, 2, 2, 3][run.rng.below(5)].min(given.len().saturating_sub(1));
    if k == 0 {
        return false;
    }
    let mut pick = given.clone();
    run.rng.shuffle(&mut pick);
    // Half the moves take an orbit whose given is redundant first.
    if !state.redundant.is_empty() && run.rng.below(2) == 0 {
        let r = state.redundant[run.rng.below(state.redundant.len())];
        let at = pick.iter().position(|&o| o == r).expect("a given orbit");
        pick.swap(0, at);
    }
    let removed = &pick[..k];
    let mut reduced = state.values;
    for &o in removed {
        for &c in &orbits[o] {
            reduced[c] = 0;
        }
    }
    run.progress.checks += 1;
    let Some(solutions) = enumerate(&reduced) else {
        return false;
    };
    let left = given_count(&reduced);
    let empty: Vec<usize> = (0..orbits.len())
        .filter(|&o| reduced[orbits[o][0]] == 0 && !removed.contains(&o))
        .collect();
    // Candidates (orbits to add, solution index), grouped by the givens they give.
    let mut best: Vec<(Vec<usize>, usize)> = Vec::new();
    let mut best_givens = state.givens + 1;
    let mut consider = |adds: Vec<usize>, t: usize, best: &mut Vec<(Vec<usize>, usize)>| {
        let g = left + adds.iter().map(|&o| orbits[o].len()).sum::<usize>();
        if g < best_givens {
            best_givens = g;
            best.clear();
        }
        if g == best_givens {
            best.push((adds, t));
        }
    };
    let mut table: HashMap<u64, (u32, usize)> = HashMap::new();
    for &o in &empty {
        if left + orbits[o].len() > state.givens {
            continue;
        }
        unique_signatures(&solutions, &mut table, |s| {
            signature(s, orbits[o].iter().copied())
        });
        for &(n, t) in table.values() {
            if n == 1 {
                consider(vec![o], t, &mut best);
            }
        }
    }
    if k >= 2 && best.is_empty() {
        for (i, &a) in empty.iter().enumerate() {
            for &b in &empty[i + 1..] {
                if left + orbits[a].len() + orbits[b].len() > state.givens {
                    continue;
                }
                unique_signatures(&solutions, &mut table, |s| {
                    signature(s, orbits[a].iter().chain(&orbits[b]).copied())
                });
                for &(n, t) in table.values() {
                    if n == 1 {
                        consider(vec![a, b], t, &mut best);
                    }
                }
            }
        }
    }
    if best.is_empty() {
        return false;
    }
    // The tables iterate in no fixed order: sort, so a seed replays.
    best.sort_unstable();
    let (adds, t) = best.swap_remove(run.rng.below(best.len()));
    let solution = solutions[t];
    for &o in &adds {
        for &c in &orbits[o] {
            reduced[c] = solution[c];
        }
    }
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    run.rng.shuffle(&mut order);
    reduce(
        &mut reduced,
        &solution,
        orbits,
        &order,
        checker,
        0,
        0,
        &|| false,
    );
    run.progress.checks += 1;
    // Fewer givens, or as many with no more redundant orbits.
    let next = State::new(reduced, &solution, orbits, run);
    if (next.givens, next.redundant.len()) > (state.givens, state.redundant.len()) {
        return false;
    }
    *state = next;
    true
}

/// Fills `table` with signature → (how many solutions have it, the last one's index).
fn unique_signatures(
    solutions: &[[u8; 81]],
    table: &mut HashMap<u64, (u32, usize)>,
    sig: impl Fn(&[u8; 81]) -> u64,
) {
    table.clear();
    for (t, s) in solutions.iter().enumerate() {
        let e = table.entry(sig(s)).or_insert((0, t));
        e.0 += 1;
        e.1 = t;
    }
}
