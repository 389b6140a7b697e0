//! Candidate state of one branch-and-bound node: a digit bitmask per cell, which cells are
//! placed, and the cheap logic that shrinks the LP before it is built.
//!
//! Design decision: the reduction only ever removes (cell, digit) pairs that are 0 at *every*
//! feasible point of the LP relaxation (a digit seen by a placed peer; the cell and house
//! equalities already force naked and hidden singles), so the polytope the LP sees is the
//! same as for the full N³-variable model, only written with fewer variables and rows. The
//! relaxation's strength is therefore unchanged; only its size (and so its speed) is.

use sudokit_core::{Cell, Layout};

/// Why a node is dead: some cell or some house/digit has no place left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contradiction;

/// Candidates of every cell and the digit placed in it (0 = not placed).
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// Bit `d` set: digit `d + 1` is still possible in the cell.
    pub cand: Vec<u64>,
    /// The placed digit (1..=N) or 0.
    pub placed: Vec<u8>,
}

/// Every digit of a side-`n` grid as a mask.
pub(crate) fn full_mask(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

impl State {
    /// Every digit possible everywhere, nothing placed.
    pub fn open(layout: &Layout) -> State {
        let cells = layout.cell_count();
        State {
            cand: vec![full_mask(layout.size()); cells],
            placed: vec![0; cells],
        }
    }

    /// Places `digit` (1-based) in `cell` and removes it from every peer's candidates.
    pub fn place(&mut self, layout: &Layout, cell: usize, digit: u8) -> Result<(), Contradiction> {
        let bit = 1u64 << (digit - 1);
        if self.cand[cell] & bit == 0 {
            return Err(Contradiction);
        }
        if self.placed[cell] == digit {
            return Ok(());
        }
        self.cand[cell] = bit;
        self.placed[cell] = digit;
        for p in layout.peers(Cell(cell as u16)) {
            let m = &mut self.cand[p.index()];
            *m &= !bit;
            if *m == 0 {
                return Err(Contradiction);
            }
        }
        Ok(())
    }

    /// Removes `digit` from `cell`'s candidates.
    pub fn remove(&mut self, cell: usize, digit: u8) -> Result<(), Contradiction> {
        let bit = 1u64 << (digit - 1);
        self.cand[cell] &= !bit;
        if self.cand[cell] == 0 {
            Err(Contradiction)
        } else {
            Ok(())
        }
    }

    /// Naked and hidden singles to a fixpoint.
    pub fn propagate(&mut self, layout: &Layout) -> Result<(), Contradiction> {
        let n = layout.size();
        let all = full_mask(n);
        loop {
            let mut changed = false;
            for c in 0..self.cand.len() {
                let m = self.cand[c];
                if m == 0 {
                    return Err(Contradiction);
                }
                if self.placed[c] == 0 && m.is_power_of_two() {
                    self.place(layout, c, m.trailing_zeros() as u8 + 1)?;
                    changed = true;
                }
            }
            for h in layout.houses() {
                let cells = layout.house_cells(h);
                let (mut once, mut twice) = (0u64, 0u64);
                for c in cells {
                    let m = self.cand[c.index()];
                    twice |= once & m;
                    once |= m;
                }
                if once != all {
                    return Err(Contradiction);
                }
                let mut hidden = once & !twice;
                while hidden != 0 {
                    let d = hidden.trailing_zeros();
                    hidden &= hidden - 1;
                    let bit = 1u64 << d;
                    if let Some(c) = cells.iter().find(|c| self.cand[c.index()] & bit != 0)
                        && self.placed[c.index()] == 0
                    {
                        self.place(layout, c.index(), d as u8 + 1)?;
                        changed = true;
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placing_removes_the_digit_from_peers() {
        let l = Layout::standard(4).unwrap();
        let mut s = State::open(&l);
        s.place(&l, 0, 1).unwrap();
        assert_eq!(s.cand[0], 1);
        assert_eq!(s.cand[1] & 1, 0);
        assert_eq!(s.cand[5] & 1, 0);
        assert_eq!(s.cand[15] & 1, 1);
    }

    #[test]
    fn singles_fill_a_nearly_full_grid() {
        let l = Layout::standard(4).unwrap();
        let mut s = State::open(&l);
        // 1234 / 3412 / 2143 / 4321 with the last cell blank.
        let g = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0];
        for (c, &d) in g.iter().enumerate() {
            if d != 0 {
                s.place(&l, c, d).unwrap();
            }
        }
        s.propagate(&l).unwrap();
        assert!(s.placed.iter().all(|&d| d != 0));
        assert_eq!(s.placed[15], 1);
    }
}
