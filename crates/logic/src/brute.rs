//! Singles propagation and a small exhaustive search on candidate grids: what the explained
//! guess, trial-based techniques and seed `001`'s levels need.
//!
//! Design decision: this is FIX-SQUARE (naked and hidden singles to a fixpoint, stopping at the
//! first contradiction) plus guessing on the cell with fewest candidates, written on
//! [`CandidateGrid`] so it starts from a person's pencil marks, not only from givens. It is not
//! one of the engines: the soundness checks compare against those. Hidden singles are found
//! from two masks per house (digits with one place or more, with two or more) built in one
//! pass over its cells, rebuilt after each placement in the house, so the singles are placed
//! in exactly the order a digit-by-digit scan would place them.

use sudokit_core::{Cell, DigitSet, House, Termination};

use crate::grid::{CandidateGrid, Contradiction};

/// Applies naked and hidden singles until none is left. `Err` on a contradiction.
pub fn propagate_singles(g: &mut CandidateGrid) -> Result<usize, Contradiction> {
    let mut placed = 0;
    loop {
        let mut progress = false;
        for i in 0..g.cell_count() {
            let c = Cell(i as u16);
            if g.value(c).is_some() {
                continue;
            }
            let cands = g.candidates(c);
            match cands.len() {
                0 => return Err(Contradiction::EmptyCell(c)),
                1 => {
                    let d = cands.first().expect("one");
                    if g.peers(c).iter().any(|&p| g.value(p) == Some(d)) {
                        return Err(Contradiction::EmptyCell(c));
                    }
                    g.place(c, d);
                    placed += 1;
                    progress = true;
                }
                _ => {}
            }
        }
        for h in g.houses() {
            let mut seen = DigitSet::EMPTY;
            for &c in g.house_cells(h) {
                if let Some(d) = g.value(c) {
                    seen.insert(d);
                }
            }
            // The digits with one place or more, and with two or more, in one pass over the
            // house (again after each placement in it, which changes its candidates).
            let (mut once, mut twice) = places(g, h);
            for d in DigitSet::full(g.size()).iter() {
                if seen.contains(d) {
                    continue;
                }
                if !once.contains(d) {
                    return Err(Contradiction::NoPlace(h, d));
                }
                if !twice.contains(d) {
                    let c = g.cells_with(h, d).next().expect("one place");
                    g.place(c, d);
                    placed += 1;
                    progress = true;
                    (once, twice) = places(g, h);
                }
            }
        }
        if !progress {
            return Ok(placed);
        }
    }
}

/// The digits with at least one place in `h`, and those with at least two.
fn places(g: &CandidateGrid, h: House) -> (DigitSet, DigitSet) {
    let (mut once, mut twice) = (0u64, 0u64);
    for &c in g.house_cells(h) {
        let cs = g.candidates(c).0;
        twice |= once & cs;
        once |= cs;
    }
    (DigitSet(once), DigitSet(twice))
}

/// The result of an exhaustive search.
#[derive(Clone, Debug)]
pub struct Count {
    /// Solutions found (up to the limit).
    pub solutions: usize,
    /// The first solution, if any.
    pub first: Option<CandidateGrid>,
    /// Whether the budget ran out before the search finished.
    pub stopped: bool,
    /// Guesses on the path from the root to the first solution (seed `001`'s level − 1).
    pub depth_to_first: usize,
}

/// Counts solutions up to `limit` from the candidates of `g`, guessing on the cell with fewest
/// candidates, polling `term` once per node.
pub fn count(g: &CandidateGrid, limit: usize, term: &mut dyn Termination) -> Count {
    let mut out = Count {
        solutions: 0,
        first: None,
        stopped: false,
        depth_to_first: 0,
    };
    let mut g = g.clone();
    if propagate_singles(&mut g).is_ok() {
        rec(g, limit, 0, term, &mut out);
    }
    out
}

fn rec(g: CandidateGrid, limit: usize, depth: usize, term: &mut dyn Termination, out: &mut Count) {
    if out.solutions >= limit || out.stopped {
        return;
    }
    if term.should_stop() {
        out.stopped = true;
        return;
    }
    let Some(cell) = g.empty_cells().min_by_key(|&c| g.candidates(c).len()) else {
        out.solutions += 1;
        if out.first.is_none() {
            out.first = Some(g);
            out.depth_to_first = depth;
        }
        return;
    };
    for d in g.candidates(cell).iter() {
        let mut next = g.clone();
        next.place(cell, d);
        if propagate_singles(&mut next).is_ok() {
            rec(next, limit, depth + 1, term, out);
        }
        if out.solutions >= limit || out.stopped {
            return;
        }
    }
}
