//! Strict minimality for symmetric puzzles above 9×9 (`--minimal` with a symmetry): orbit
//! moves that turn a puzzle from which no orbit can go into one from which no single given
//! can go ([`Generator::make_minimal`]).
//!
//! Design decision: every second solution met on the way is kept as a witness
//! ([`Witnesses`]): it proves givens needed, and orbits not removable, with no search, so after
//! the first move most questions are answered without an engine. The [`Repair`] carries the
//! witnesses and the buffers of one grid's repair from question to question.

use super::Generator;
use super::removal::cheap_verdict;
use crate::rng::Rng;
use crate::swap::SwapSets;
use crate::unique::{Checker, Verdict, Witnesses};

/// Orbit moves the strict-minimality repair (`--minimal` with a symmetry above 9×9) tries on
/// one grid without lowering the number of unneeded givens before a new grid is drawn.
pub const MINIMAL_PATIENCE: usize = 50;

/// Orbits one move may put back while it restores uniqueness.
const MINIMAL_ADDED: usize = 6;

impl Generator {
    /// Turns a unique puzzle from which no orbit can go (`values`, solution `sol`) into a
    /// strictly minimal one with the same symmetry, by orbit moves: while some given is not
    /// proven needed, take out its orbit, put back orbits through cells where a second
    /// solution of the smaller puzzle differs from `sol` until it is unique again, remove
    /// orbits once more in random order, and keep the result when it has no more unneeded
    /// givens than before. `Some(true)`: `values` is now minimal (every given proven needed
    /// by a second solution); `Some(false)`: [`MINIMAL_PATIENCE`] moves in a row did not
    /// lower the number of unneeded givens (the caller draws a new grid); `None`: `stop` said
    /// yes.
    ///
    /// Design decision: the orbits put back are chosen from a second solution rather than at
    /// random, since a random orbit rarely restores uniqueness (measured on 16×16 180°: a
    /// random {-1+1} move was kept about once in a hundred tries).
    pub(super) fn make_minimal(
        &self,
        values: &mut Vec<u8>,
        sol: &[u8],
        checker: &Checker,
        rng: &mut Rng,
        stop: &dyn Fn() -> bool,
    ) -> Option<bool> {
        let mut orbit_of = vec![0usize; values.len()];
        for (o, orbit) in self.orbits.iter().enumerate() {
            for &i in orbit {
                orbit_of[i] = o;
            }
        }
        let lo = self.config.givens.map_or(0, |(a, _)| a);
        let mut repair = Repair {
            orbits: &self.orbits,
            checker,
            sol,
            swaps: SwapSets::new(checker.layout(), sol),
            witnesses: Witnesses::default(),
            stack: Vec::new(),
            seen: Vec::new(),
        };
        let mut unneeded = repair.unneeded_givens(values, &[], usize::MAX, stop)?;
        // Moves since the number of unneeded givens last went down.
        let mut idle = 0;
        while !unneeded.is_empty() {
            if idle == MINIMAL_PATIENCE {
                return Some(false);
            }
            idle += 1;
            if stop() {
                return None;
            }
            let out = &self.orbits[orbit_of[*rng.pick(&unneeded)]];
            let mut cand = values.clone();
            for &i in out {
                cand[i] = 0;
            }
            let mut unique = false;
            for _ in 0..MINIMAL_ADDED {
                match checker.other_solution(&cand, out, sol) {
                    (Verdict::Unique, _) => {
                        unique = true;
                        break;
                    }
                    (Verdict::Several, Some(other)) => {
                        repair.witnesses.add(&other, sol);
                        // Cells where the other solution differs are empty; those of the
                        // orbit just taken out would only undo the move.
                        let differ: Vec<usize> = (0..cand.len())
                            .filter(|&i| other[i] != sol[i] && !out.contains(&i))
                            .collect();
                        if differ.is_empty() {
                            break;
                        }
                        for &i in &self.orbits[orbit_of[*rng.pick(&differ)]] {
                            cand[i] = sol[i];
                        }
                    }
                    _ => break,
                }
            }
            if !unique {
                continue;
            }
            let mut order: Vec<usize> = (0..self.orbits.len()).collect();
            rng.shuffle(&mut order);
            repair.reduce(&mut cand, &order, lo, stop)?;
            let next = repair.unneeded_givens(&cand, &unneeded, unneeded.len(), stop)?;
            if next.len() <= unneeded.len() {
                if next.len() < unneeded.len() {
                    idle = 0;
                }
                *values = cand;
                unneeded = next;
            }
        }
        Some(true)
    }
}

/// The state of one grid's strict-minimality repair: what it asks about (the orbits, the
/// checker, the solution and its swap sets) and what it has learnt (the witnesses).
struct Repair<'a> {
    /// The symmetry orbits.
    orbits: &'a [Vec<usize>],
    /// The uniqueness checker of the layout.
    checker: &'a Checker,
    /// The puzzle's unique solution.
    sol: &'a [u8],
    /// The solution's swap sets, when the layout has them.
    swaps: Option<SwapSets>,
    /// Second solutions met so far.
    witnesses: Witnesses,
    /// Scratch for the swap-set walks.
    stack: Vec<u32>,
    /// Scratch for the swap-set walks.
    seen: Vec<bool>,
}

impl Repair<'_> {
    /// Whether `values` (cleared at `removed`) is still unique: the cheap tests, then a search
    /// whose second solution joins the witnesses.
    fn verdict(&mut self, values: &[u8], removed: &[usize]) -> Verdict {
        let cheap = cheap_verdict(
            self.checker.layout(),
            values,
            self.sol,
            removed,
            self.swaps.as_ref(),
            &mut self.stack,
            &mut self.seen,
        );
        cheap.unwrap_or_else(|| {
            let (verdict, other) = self.checker.other_solution(values, removed, self.sol);
            if let Some(other) = other {
                self.witnesses.add(&other, self.sol);
            }
            verdict
        })
    }

    /// The givens of the unique puzzle `values` that are not proven needed, stopping early
    /// once there are more than `at_most` (the list then has `at_most + 1` entries). A given
    /// is needed when a solution other than the repair's agrees with every other given: the
    /// witnesses are asked first (no search), then per given [`Repair::verdict`] (a naked
    /// single forcing it back proves it unneeded, a swap set through it needed, else a
    /// search). The givens of `first` (the last list) are asked before the others, so a worse
    /// puzzle is rejected early. An empty list proves the puzzle minimal. `None` when `stop`
    /// said yes before the list was complete.
    fn unneeded_givens(
        &mut self,
        values: &[u8],
        first: &[usize],
        at_most: usize,
        stop: &dyn Fn() -> bool,
    ) -> Option<Vec<usize>> {
        let mut needed = vec![false; values.len()];
        self.witnesses.mark_needed(values, &mut needed);
        let mut asked = vec![false; values.len()];
        let mut v = values.to_vec();
        let mut out = Vec::new();
        for i in first.iter().copied().chain(0..values.len()) {
            if v[i] == 0 || needed[i] || asked[i] {
                continue;
            }
            asked[i] = true;
            if stop() {
                return None;
            }
            v[i] = 0;
            let verdict = self.verdict(&v, &[i]);
            v[i] = values[i];
            if verdict != Verdict::Several {
                out.push(i);
                if out.len() > at_most {
                    break;
                }
            }
        }
        Some(out)
    }

    /// The removal pass of [`reduce`](super::reduce) for the repair's moves: orbits in `order`,
    /// never below `lo` givens; an orbit is kept when a witness (a second solution met before)
    /// still solves the puzzle without it, with no search; otherwise [`Repair::verdict`].
    /// After a move most orbits are proven needed by witnesses. `None` when `stop` said yes
    /// (the puzzle is then unique but not reduced).
    fn reduce(
        &mut self,
        values: &mut [u8],
        order: &[usize],
        lo: usize,
        stop: &dyn Fn() -> bool,
    ) -> Option<()> {
        let orbits = self.orbits;
        let mut givens = values.iter().filter(|&&v| v != 0).count();
        for &o in order {
            let orbit = &orbits[o];
            if values[orbit[0]] == 0 || givens - orbit.len() < lo {
                continue;
            }
            if stop() {
                return None;
            }
            if self.witnesses.solves_without(values, orbit) {
                continue;
            }
            let saved: Vec<u8> = orbit.iter().map(|&i| values[i]).collect();
            for &i in orbit {
                values[i] = 0;
            }
            if self.verdict(values, orbit) == Verdict::Unique {
                givens -= orbit.len();
            } else {
                for (&i, &v) in orbit.iter().zip(&saved) {
                    values[i] = v;
                }
            }
        }
        Some(())
    }
}
