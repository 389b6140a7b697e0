//! [`count`](super::count)'s search on plain 9×9 grids, on fixed-size states.
//!
//! Design decision: the same tree as the layout-generic search — the same fixpoint of naked
//! and hidden singles after each placement, the same guess (the first empty cell in reading
//! order with fewest candidates, its digits ascending), the same poll of the termination per
//! node — but a state is three arrays copied on the stack (candidate masks as `u16`, values,
//! placed digits per house) instead of three vectors allocated per node, and a cell's peers and
//! houses come from tables made at compile time instead of through the layout. Seed `001`'s
//! level is asked for every explained or rated puzzle, so this search runs once per puzzle on
//! every hard one (issue 45). Only states [`Compact::new`](super::Compact) accepts (marks that
//! agree with the digits) come here, so every node's state is the generic search's.

use sudokit_core::Termination;

use super::{Compact, Count, Node};
use crate::grid::CandidateGrid;

/// The 27 houses' cells: rows, then columns, then boxes, cells in reading order.
const HOUSE_CELLS: [[u8; 9]; 27] = {
    let mut out = [[0u8; 9]; 27];
    let mut k = 0;
    while k < 9 {
        let mut j = 0;
        while j < 9 {
            out[k][j] = (k * 9 + j) as u8;
            out[9 + k][j] = (j * 9 + k) as u8;
            out[18 + k][j] = ((k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        k += 1;
    }
    out
};

/// Each cell's row, column and box, as house numbers of [`HOUSE_CELLS`].
const HOUSES_OF: [[u8; 3]; 81] = {
    let mut out = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 81 {
        out[i] = [
            (i / 9) as u8,
            (9 + i % 9) as u8,
            (18 + i / 27 * 3 + i % 9 / 3) as u8,
        ];
        i += 1;
    }
    out
};

/// Each cell's 20 peers, ascending.
const PEERS: [[u8; 20]; 81] = {
    let mut out = [[0u8; 20]; 81];
    let mut i = 0;
    while i < 81 {
        let (mut j, mut n) = (0, 0);
        while j < 81 {
            let same_box = i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3;
            if j != i && (i / 9 == j / 9 || i % 9 == j % 9 || same_box) {
                out[i][n] = j as u8;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    out
};

/// A search state: candidate masks (bit `d - 1`), values (0 = empty), placed digits per house.
#[derive(Clone, Copy)]
struct State {
    cands: [u16; 81],
    values: [u8; 81],
    placed: [u16; 27],
}

/// The search of a plain 9×9 `g` (standard boxes, nothing extra) from its compact state `st`:
/// what the layout-generic search gives, in the same tree.
pub(super) fn count(
    g: &CandidateGrid,
    st: &Compact,
    limit: usize,
    term: &mut dyn Termination,
) -> Count {
    let root = State {
        cands: std::array::from_fn(|i| st.cands[i] as u16),
        values: std::array::from_fn(|i| st.values[i]),
        placed: std::array::from_fn(|h| st.placed[h] as u16),
    };
    super::walk(g, root, limit, term)
}

impl Node for State {
    /// Placements waiting to be made.
    type Scratch = Vec<(u8, u8)>;

    /// As the generic `settle`: with `first` `None` every cell and house is looked at,
    /// otherwise only houses whose cells change are.
    fn settle(
        &mut self,
        _g: &CandidateGrid,
        queue: &mut Vec<(u8, u8)>,
        first: Option<(usize, u8)>,
    ) -> bool {
        const FULL: u16 = 0x1ff;
        let st = self;
        let mut dirty: u32;
        queue.clear();
        match first {
            None => {
                dirty = (1 << 27) - 1;
                for i in 0..81 {
                    if st.values[i] == 0 {
                        let m = st.cands[i];
                        match m.count_ones() {
                            0 => return false,
                            1 => queue.push((i as u8, m.trailing_zeros() as u8 + 1)),
                            _ => {}
                        }
                    }
                }
            }
            Some((i, d)) => {
                dirty = 0;
                queue.push((i as u8, d));
            }
        }
        loop {
            while let Some((i, d)) = queue.pop() {
                let i = i as usize;
                let bit = 1u16 << (d - 1);
                if st.values[i] != 0 {
                    if st.values[i] == d {
                        continue;
                    }
                    return false;
                }
                if st.cands[i] & bit == 0 {
                    return false;
                }
                st.values[i] = d;
                st.cands[i] = 0;
                for &h in &HOUSES_OF[i] {
                    let h = h as usize;
                    if st.placed[h] & bit != 0 {
                        return false;
                    }
                    st.placed[h] |= bit;
                    dirty |= 1 << h;
                }
                for &p in &PEERS[i] {
                    let p = p as usize;
                    let m = &mut st.cands[p];
                    if *m & bit != 0 {
                        *m &= !bit;
                        let [r, c, b] = HOUSES_OF[p];
                        dirty |= 1 << r | 1 << c | 1 << b;
                        match m.count_ones() {
                            0 => return false,
                            1 => queue.push((p as u8, m.trailing_zeros() as u8 + 1)),
                            _ => {}
                        }
                    }
                }
            }
            // Hidden singles: per dirty house, the digits with one place or more and with
            // two or more.
            while dirty != 0 {
                let h = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                let cells = &HOUSE_CELLS[h];
                let (mut once, mut twice) = (0u16, 0u16);
                for &c in cells {
                    let m = st.cands[c as usize];
                    twice |= once & m;
                    once |= m;
                }
                let open = FULL & !st.placed[h];
                if open & !once != 0 {
                    return false;
                }
                let mut single = open & !twice;
                while single != 0 {
                    let b = single.trailing_zeros();
                    single &= single - 1;
                    let c = cells
                        .iter()
                        .find(|&&c| st.cands[c as usize] >> b & 1 == 1)
                        .expect("one place");
                    queue.push((*c, b as u8 + 1));
                }
            }
            if queue.is_empty() {
                return true;
            }
        }
    }

    fn guess_cell(&self) -> Option<usize> {
        super::fewest(
            self.values
                .iter()
                .copied()
                .zip(self.cands.iter().map(|&m| u64::from(m))),
        )
    }

    fn cands(&self, i: usize) -> u64 {
        u64::from(self.cands[i])
    }

    fn value(&self, i: usize) -> u8 {
        self.values[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables are the standard layout's houses and peers.
    #[test]
    fn tables_are_the_standard_layouts() {
        let l = sudokit_core::Layout::standard(9).unwrap();
        let all = l.all_house_cells();
        for h in 0..27 {
            let want: Vec<u8> = all[h * 9..(h + 1) * 9]
                .iter()
                .map(|c| c.index() as u8)
                .collect();
            assert_eq!(HOUSE_CELLS[h].to_vec(), want, "house {h}");
        }
        for i in 0..81u16 {
            let c = sudokit_core::Cell(i);
            let mut hs: Vec<u8> = l.houses_of(c).iter().map(|h| h.index() as u8).collect();
            hs.sort_unstable();
            assert_eq!(HOUSES_OF[i as usize].to_vec(), hs, "cell {i}");
            let mut ps: Vec<u8> = l.peers(c).iter().map(|p| p.index() as u8).collect();
            ps.sort_unstable();
            assert_eq!(PEERS[i as usize].to_vec(), ps, "cell {i}");
        }
    }
}
