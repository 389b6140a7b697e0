//! Which single HoDoKu takes next: a model of the bookkeeping HoDoKu 2.2.4 keeps for singles,
//! so that `explain` in HoDoKu's order places the same single HoDoKu does (issue 42).
//!
//! HoDoKu does not scan the grid for singles. It keeps two first-in-first-out queues, one of
//! naked singles and one of hidden singles, fed as candidates disappear: a cell left with one
//! candidate joins the naked queue; a digit left with one place in a house (row, column, box,
//! in that order for a cell) joins the hidden queue with the first cell of that house, in the
//! house's order, that still holds the digit. A placement removes the digit from the cell's
//! peers in increasing cell order, then counts the cell's own other candidates out of its three
//! houses; a step's eliminations are applied sorted by digit, then cell, except a subset's,
//! applied in the order HoDoKu lists them (house by house, then cell). A full house is the
//! first unsolved cell of the naked queue whose row, column or box has no other candidate left
//! (the queue is only read); a naked single takes the queue's first entry whose cell is unsolved
//! (entries before it are dropped); a hidden single does the same on the hidden queue, and when
//! that first live entry no longer is a hidden single in any of its houses, HoDoKu finds no
//! hidden single in that step at all.
//!
//! Design decision: the model keeps its own candidates and per-house counts (81 masks and 27×10
//! counters, updated from each applied step) beside the solver's grid, so no finder changes.
//! A single it proposes is checked on the solver's grid before it is used and an entry that
//! fails the check is dropped, so a drift between the two could only change which single comes
//! first, never let an unsound step through. Only plain 9×9 grids use it (HoDoKu knows no
//! other).

use sudokit_core::{Cell, Digit, House, HouseKind};

use crate::grid::CandidateGrid;
use crate::step::Step;
use crate::techniques::singles::{full_house_step, hidden_single_step, naked_single_step};

const ALL: u16 = 0x3fe;

/// One of HoDoKu's singles queues: entries `(cell, digit)`, read from `get`.
#[derive(Clone, Debug, Default)]
struct Queue {
    entries: Vec<(u8, u8)>,
    get: usize,
}

impl Queue {
    fn add(&mut self, cell: usize, digit: u8) {
        self.entries.push((cell as u8, digit));
    }
    /// Takes the next entry; once the last is taken the queue starts again empty.
    fn take(&mut self) -> Option<(usize, u8)> {
        let &(c, d) = self.entries.get(self.get)?;
        self.get += 1;
        if self.get >= self.entries.len() {
            self.entries.clear();
            self.get = 0;
        }
        Some((c as usize, d))
    }
    fn live(&self) -> &[(u8, u8)] {
        &self.entries[self.get..]
    }
    /// Drops the first unread entry for which `hit` holds.
    fn remove_first(&mut self, hit: impl Fn(usize, u8) -> bool) {
        if let Some(i) = self.live().iter().position(|&(c, d)| hit(c as usize, d)) {
            self.entries.remove(self.get + i);
        }
    }
}

/// The houses of a cell in HoDoKu's numbering: row `r`, column `9 + c`, box `18 + b`.
fn houses_of(cell: usize) -> [usize; 3] {
    let (r, c) = (cell / 9, cell % 9);
    [r, 9 + c, 18 + (r / 3) * 3 + c / 3]
}

/// Each cell's 20 peers (same row, column or box), in increasing cell order: the order in
/// which a placement removes its digit from them.
const PEERS: [[u8; 20]; 81] = {
    let mut t = [[0u8; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let mut n = 0;
        let mut peer = 0;
        while peer < 81 {
            let (pr, pc) = (peer / 9, peer % 9);
            let same_box = pr / 3 == r / 3 && pc / 3 == c / 3;
            if peer != cell && (pr == r || pc == c || same_box) {
                t[cell][n] = peer as u8;
                n += 1;
            }
            peer += 1;
        }
        assert!(n == 20);
        cell += 1;
    }
    t
};

/// The cells of house `h` (HoDoKu's numbering) in reading order.
fn cells_of(h: usize) -> [usize; 9] {
    std::array::from_fn(|i| match h {
        0..=8 => h * 9 + i,
        9..=17 => i * 9 + (h - 9),
        _ => {
            let b = h - 18;
            (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3
        }
    })
}

/// Where HoDoKu deletes candidate `d` of `cell` in `step`'s eliminations, as a sort key. Its
/// subsets list their eliminations as found and delete them in that order: a naked or locked
/// subset house by house (the subset's common row, column, box), each house's cells in order,
/// each cell's digits in order; a hidden subset cell by cell. Every other step prints its
/// eliminations, which sorts them, before it is applied: by digit, then cell.
fn deletion_key(step: &Step, cell: usize, d: u8) -> (usize, usize, usize) {
    match step.technique.id {
        "naked-pair" | "naked-triple" | "naked-quad" | "locked-pair" | "locked-triple" => {
            let sub: Vec<usize> = step.highlight.cells.iter().map(|c| c.index()).collect();
            let rank = (0..3)
                .find(|&k| {
                    let h = houses_of(cell)[k];
                    sub.iter().all(|&x| houses_of(x)[k] == h)
                })
                .unwrap_or(3);
            (rank, cell, d as usize)
        }
        "hidden-pair" | "hidden-triple" | "hidden-quad" => (0, cell, d as usize),
        _ => (0, d as usize, cell),
    }
}

/// HoDoKu's singles bookkeeping for one path.
#[derive(Clone, Debug)]
pub(crate) struct SinglesQueues {
    cands: [u16; 81],
    values: [u8; 81],
    free: [[u8; 10]; 27],
    naked: Queue,
    hidden: Queue,
    /// The solver's house for each of HoDoKu's 27.
    house: [House; 27],
}

impl SinglesQueues {
    /// The queues as HoDoKu has them after reading `grid`: the givens placed one by one in
    /// reading order on an empty grid, then any candidate the grid lacks removed. `None` unless
    /// the grid is plain 9×9.
    pub(crate) fn new(grid: &CandidateGrid) -> Option<SinglesQueues> {
        let l = grid.layout();
        if !l.is_standard_9x9() {
            return None;
        }
        let mut house = [House(0); 27];
        for h in l.houses() {
            let i = match l.house_kind(h) {
                HouseKind::Row(r) => r,
                HouseKind::Column(c) => 9 + c,
                HouseKind::Box(b) => 18 + b,
                _ => return None,
            };
            house[i] = h;
        }
        let mut q = SinglesQueues {
            cands: [ALL; 81],
            values: [0; 81],
            free: [[9; 10]; 27],
            naked: Queue::default(),
            hidden: Queue::default(),
            house,
        };
        for cell in 0..81 {
            if let Some(d) = grid.value(Cell(cell as u16)) {
                q.place(cell, d.get());
            }
        }
        for cell in 0..81 {
            if q.values[cell] == 0 {
                for d in 1..=9u8 {
                    if !grid.has(Cell(cell as u16), Digit::from_index(d as usize - 1)) {
                        q.remove(cell, d);
                    }
                }
            }
        }
        Some(q)
    }

    /// Follows a step the solver applied: its placements, then its eliminations in the order
    /// HoDoKu deletes them (see [`deletion_key`]).
    pub(crate) fn apply(&mut self, step: &Step) {
        for p in &step.placements {
            self.place(p.cell.index(), p.digit.get());
        }
        let mut el: Vec<(u8, usize)> = step
            .eliminations
            .iter()
            .map(|e| (e.digit.get(), e.cell.index()))
            .collect();
        el.sort_unstable_by_key(|&(d, cell)| deletion_key(step, cell, d));
        for (d, cell) in el {
            self.remove(cell, d);
        }
    }

    fn has(&self, cell: usize, d: u8) -> bool {
        self.cands[cell] & (1 << d) != 0
    }

    /// Queues the first cell of house `h` that holds `d`.
    fn add_hidden(&mut self, h: usize, d: u8) {
        if let Some(&cell) = cells_of(h).iter().find(|&&c| self.has(c, d)) {
            self.hidden.add(cell, d);
        }
    }

    fn remove(&mut self, cell: usize, d: u8) {
        if !self.has(cell, d) {
            return;
        }
        self.cands[cell] &= !(1 << d);
        if self.cands[cell] == 0 {
            return;
        }
        if self.cands[cell].count_ones() == 1 {
            self.naked
                .add(cell, self.cands[cell].trailing_zeros() as u8);
        }
        for h in houses_of(cell) {
            self.free[h][d as usize] -= 1;
            match self.free[h][d as usize] {
                1 => self.add_hidden(h, d),
                0 => self
                    .hidden
                    .remove_first(|c, v| v == d && houses_of(c).contains(&h)),
                _ => {}
            }
        }
    }

    fn place(&mut self, cell: usize, d: u8) {
        if self.values[cell] == d {
            return;
        }
        self.values[cell] = d;
        let own = self.cands[cell];
        self.cands[cell] = 0;
        for &peer in &PEERS[cell] {
            self.remove(peer as usize, d);
        }
        for v in (1..=9u8).filter(|v| own & (1 << v) != 0) {
            for h in houses_of(cell) {
                let f = &mut self.free[h][v as usize];
                *f = f.saturating_sub(1);
                if *f == 1 && v != d {
                    self.add_hidden(h, v);
                }
            }
        }
    }

    /// The single HoDoKu takes next among the enabled kinds (full house, naked single, hidden
    /// single, tried in that order), as a step on `grid`; `None` when HoDoKu takes none. Reading
    /// the naked and hidden queues drops their stale entries, as HoDoKu's does.
    pub(crate) fn next(
        &mut self,
        grid: &CandidateGrid,
        full_house: bool,
        naked: bool,
        hidden: bool,
    ) -> Option<Step> {
        let l = grid.layout();
        if full_house {
            for &(cell, d) in self.naked.live() {
                let (cell, d) = (cell as usize, d);
                if self.values[cell] != 0 {
                    continue;
                }
                let last = houses_of(cell)
                    .into_iter()
                    .find(|&h| (1..=9).all(|v| v == d as usize || self.free[h][v] == 0));
                if let Some(h) = last {
                    let (c, dg) = (Cell(cell as u16), Digit::from_index(d as usize - 1));
                    let empty = grid
                        .house_cells(self.house[h])
                        .iter()
                        .filter(|x| grid.value(**x).is_none())
                        .count();
                    if empty == 1
                        && grid.value(c).is_none()
                        && grid.candidates(c).len() == 1
                        && grid.has(c, dg)
                    {
                        return Some(full_house_step(l, c, dg, self.house[h]));
                    }
                }
            }
        }
        if naked {
            while let Some((cell, d)) = self.naked.take() {
                if self.values[cell] != 0 {
                    continue;
                }
                let (c, dg) = (Cell(cell as u16), Digit::from_index(d as usize - 1));
                if grid.value(c).is_none() && grid.candidates(c).len() == 1 && grid.has(c, dg) {
                    return Some(naked_single_step(l, c, dg));
                }
            }
        }
        if hidden {
            while let Some((cell, d)) = self.hidden.take() {
                if self.values[cell] != 0 {
                    continue;
                }
                let c = Cell(cell as u16);
                let dg = Digit::from_index(d as usize - 1);
                if !houses_of(cell)
                    .iter()
                    .any(|&h| self.free[h][d as usize] == 1)
                {
                    // HoDoKu stops at the first live entry even when it is no single any more.
                    return None;
                }
                // The house shown: the box when the digit is hidden there too (SE rates that
                // lower), else the row, else the column.
                let on_grid = |h: usize| {
                    grid.value(c).is_none()
                        && grid.has(c, dg)
                        && grid.positions(self.house[h], dg).count_ones() == 1
                };
                let [row, col, bx] = houses_of(cell);
                return [bx, row, col]
                    .into_iter()
                    .find(|&h| on_grid(h))
                    .map(|h| hidden_single_step(l, c, dg, self.house[h]));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::format::{InputFormat, parse_one};

    /// The peer table is the standard 9×9 layout's peers, in increasing cell order.
    #[test]
    fn peers_are_the_layouts_in_cell_order() {
        let l = sudokit_core::Layout::standard(9).unwrap();
        for (cell, row) in PEERS.iter().enumerate() {
            let mut want: Vec<u8> = l
                .peers(Cell(cell as u16))
                .iter()
                .map(|p| p.index() as u8)
                .collect();
            want.sort_unstable();
            assert_eq!(row.as_slice(), want.as_slice(), "cell {cell}");
        }
    }

    /// top95's first puzzle: HoDoKu 2.2.4 begins with the hidden singles r8c6=1, r6c2=4,
    /// r8c3=3 (data/logic/hodoku-paths/top95.tsv), in that order.
    #[test]
    fn the_first_singles_of_top95_line_1_are_hodokus() {
        let p = parse_one(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            InputFormat::Line,
        )
        .unwrap();
        let mut g = CandidateGrid::new(&p);
        let mut q = SinglesQueues::new(&g).unwrap();
        let mut got = Vec::new();
        for _ in 0..3 {
            let s = q.next(&g, true, true, true).expect("a single");
            let pl = s.placements[0];
            let (r, c) = pl.cell.row_col(9);
            got.push(format!("r{}c{}={}", r + 1, c + 1, pl.digit));
            g.apply(&s);
            q.apply(&s);
        }
        assert_eq!(got, ["r8c6=1", "r6c2=4", "r8c3=3"]);
    }
}
