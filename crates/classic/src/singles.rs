//! Naked and hidden singles, the propagation `anneal` runs before it starts to search.
//!
//! Design decision: a small self-contained fixpoint over candidate bit sets (one `u64` per
//! cell), written for clarity rather than speed: it runs once per puzzle, before a search that
//! takes milliseconds to seconds. It reports a contradiction as `None` and never guesses.

use sudokit_core::{Cell, Grid, Layout};

/// The grid after singles, with the candidates of every cell (a single bit for filled cells).
#[derive(Clone, Debug)]
pub struct Singles {
    /// Values in reading order (0 = still open).
    pub values: Vec<u8>,
    /// Candidate digits of each cell as bit sets (bit `d - 1` for digit `d`).
    pub candidates: Vec<u64>,
}

/// Applies naked singles (a cell with one candidate) and hidden singles (a digit with one place
/// in a house) until neither applies. `None` when the puzzle is found to have no solution.
pub fn propagate(puzzle: &Grid) -> Option<Singles> {
    let layout = puzzle.layout();
    let n = layout.size();
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut s = Singles {
        values: vec![0; n * n],
        candidates: vec![full; n * n],
    };
    for (i, &v) in puzzle.values().iter().enumerate() {
        if v != 0 && !place(layout, &mut s, i, v) {
            return None;
        }
    }
    loop {
        let mut changed = false;
        for i in 0..n * n {
            if s.values[i] == 0 {
                let c = s.candidates[i];
                if c == 0 {
                    return None;
                }
                if c.count_ones() == 1 {
                    if !place(layout, &mut s, i, c.trailing_zeros() as u8 + 1) {
                        return None;
                    }
                    changed = true;
                }
            }
        }
        for h in layout.houses() {
            let cells = layout.house_cells(h);
            for d in 0..n {
                let bit = 1u64 << d;
                let mut spot = None;
                let mut count = 0;
                for &c in cells {
                    if s.candidates[c.index()] & bit != 0 {
                        count += 1;
                        spot = Some(c.index());
                    }
                }
                match (count, spot) {
                    (0, _) => return None,
                    (1, Some(i)) if s.values[i] == 0 => {
                        if !place(layout, &mut s, i, d as u8 + 1) {
                            return None;
                        }
                        changed = true;
                    }
                    _ => {}
                }
            }
        }
        if !changed {
            return Some(s);
        }
    }
}

/// Puts `d` in cell `i` and removes it from the peers; `false` on a contradiction.
fn place(layout: &Layout, s: &mut Singles, i: usize, d: u8) -> bool {
    let bit = 1u64 << (d - 1);
    if s.candidates[i] & bit == 0 {
        return false;
    }
    s.values[i] = d;
    s.candidates[i] = bit;
    for &p in layout.peers(Cell(i as u16)) {
        let p = p.index();
        s.candidates[p] &= !bit;
        if s.candidates[p] == 0 {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::format::{InputFormat, parse_one};

    #[test]
    fn singles_solve_an_easy_puzzle_and_catch_a_dead_end() {
        let p = parse_one(
            "000000090190470608052819407200048000009000500000750009907364180506081074080000000",
            InputFormat::Auto,
        )
        .unwrap();
        let s = propagate(&p).unwrap();
        assert!(s.values.iter().all(|&v| v != 0));
        let solved = Grid::from_values(p.layout_arc().clone(), s.values);
        assert_eq!(sudokit_core::verify::verify(&p, &solved), Ok(()));
        // Row 1 needs a 1 in its last cell, but column 9 already has one.
        let mut v = vec![0u8; 16];
        v[0..3].copy_from_slice(&[2, 3, 4]);
        v[15] = 1;
        let g = Grid::from_values(std::sync::Arc::new(Layout::standard(4).unwrap()), v);
        assert!(propagate(&g).is_none());
    }
}
