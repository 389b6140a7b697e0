//! Neighbourhood search for rating targets that rejection sampling rarely hits: {-1+1} and
//! {-2+2} orbit moves from a found puzzle ([`Generator::neighbourhood`]).
//!
//! Design decision: a move is a local climb, kept when the puzzle stays unique (and minimal or
//! in the givens range, as configured) and its rating is no further from the target range;
//! every candidate is re-rated only up to just past the range's top, so hard candidates cost
//! no more than needed.

use std::sync::Arc;

use sudokit_core::{Grid, Layout};

use super::Generator;
use super::removal::reduce;
use crate::rate::{Measured, round1};
use crate::rng::Rng;
use crate::swap::SwapSets;
use crate::unique::Checker;

impl Generator {
    /// {-1+1} / {-2+2} moves by orbits from `start` (unique, solution `sol`), climbing towards
    /// the rating range: remove k given orbits, add k empty orbits with the solution's digits,
    /// keep the move when still unique (and minimal / in the givens range as configured) and
    /// no further from the range.
    pub(super) fn neighbourhood(
        &self,
        start: &[u8],
        sol: &[u8],
        checker: &Checker,
        layout: &Arc<Layout>,
        rng: &mut Rng,
        out_of_time: &dyn Fn() -> bool,
    ) -> Option<(Vec<u8>, Measured)> {
        let cfg = &self.config;
        let target = &cfg.target;
        let (_, hi) = target.rating?;
        let grid_of = |v: &[u8]| Grid::from_values(layout.clone(), v.to_vec());
        let distance = |v: &[u8]| {
            let r = self.rater.rate(&grid_of(v), Some(hi + 1.0));
            target.rating_distance(round1(r.se))
        };
        let mut cur = start.to_vec();
        let mut cur_d = distance(&cur);
        let swaps = SwapSets::new(layout, sol);
        let (mut stack, mut seen) = (Vec::new(), Vec::new());
        for _ in 0..cfg.neighbourhood {
            if out_of_time() {
                return None;
            }
            let k = 1 + rng.below(2);
            let (given, empty): (Vec<usize>, Vec<usize>) =
                (0..self.orbits.len()).partition(|&o| cur[self.orbits[o][0]] != 0);
            if given.len() < k || empty.len() < k {
                continue;
            }
            let mut cand = cur.clone();
            let mut g = given;
            let mut e = empty;
            rng.shuffle(&mut g);
            rng.shuffle(&mut e);
            let removed: Vec<usize> = g[..k]
                .iter()
                .flat_map(|&o| self.orbits[o].iter().copied())
                .collect();
            for &i in &removed {
                cand[i] = 0;
            }
            for &o in &e[..k] {
                for &i in &self.orbits[o] {
                    cand[i] = sol[i];
                }
            }
            // `cur` is unique and the added givens come from its solution, so a second
            // solution of `cand` must differ from `sol` in a removed cell: the exclusion
            // searches of `stays_unique` decide it (cheaper than counting to two).
            // A two-digit swap set through a removed cell proves "no" without a search.
            if swaps.as_ref().is_some_and(|sw| {
                removed
                    .iter()
                    .any(|&i| sw.breaks_uniqueness(layout, sol, &cand, i, &mut stack, &mut seen))
            }) || !checker.stays_unique(&cand, &removed, sol)
            {
                continue;
            }
            if cfg.minimal || cfg.givens.is_none() {
                let mut order: Vec<usize> = (0..self.orbits.len()).collect();
                rng.shuffle(&mut order);
                let lo = cfg.givens.map_or(0, |(a, _)| a);
                if !reduce(
                    &mut cand,
                    sol,
                    &self.orbits,
                    &order,
                    checker,
                    lo,
                    0,
                    out_of_time,
                ) {
                    return None;
                }
            }
            match self.fits(&cand, sol, checker, out_of_time) {
                Some(true) => {}
                Some(false) => continue,
                None => return None,
            }
            let d = distance(&cand);
            if d <= cur_d {
                cur = cand;
                cur_d = d;
                if d == 0.0 {
                    let (ok, m) = target.check(&grid_of(&cur), self.rater.as_ref());
                    if ok {
                        return Some((cur, m));
                    }
                }
            }
        }
        None
    }
}
