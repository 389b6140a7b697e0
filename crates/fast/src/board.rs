//! The board: per-digit candidate bitboards in band form, and constraint propagation.
//!
//! Design decision: each digit has one 27-bit word per band (`cand[b * 9 + d]`, bit `r * 9 + c`
//! of band `b`), and a placed cell keeps its digit's bit, so a finished digit is exactly its
//! nine positions. "One per row and one per box" inside a band is then a property of a single
//! word, enforced with one lookup in a 512-entry table of the digit's possible mini-row
//! patterns ([`crate::tables::ROW_KEEP`]): pointing, claiming and box hidden singles come out
//! of it for free, and row singles are read off with a borrow trick (no table). Every removal marks
//! the word it changed in a 27-bit dirty mask, so only changed words are re-examined.
//! Propagation has two levels: the cheap band level above plus naked singles (bit-sliced
//! counting across the nine digits) runs to a fixpoint; only then are the changed digits'
//! columns examined the same way (mini-columns of each stack, column hidden singles), and
//! when that is stuck too, the triads: every mini-row and mini-column holds exactly three
//! digits (see [`Board::triads`]). The triads are what make branching on a digit's
//! configuration in a band ([`Board::choose`]) pay: a configuration fixes three mini-lines
//! of a digit, and the triad counts turn that into eliminations in the other digits (a
//! search may switch the triad level off and branch on cells: [`Board::propagate`]'s flag,
//! [`Board::choose_cell`]). The
//! board is `Copy` (128 bytes): search branches copy it on the stack, with no heap allocation
//! per node.

use crate::dispatch::Isa;
use crate::tables::{
    BAND_MASK, MINIROW_CELLS, PEERS, PEERS_PACKED, REPEAT_ROWS, ROW_KEEP, columns_of,
    spread_stride3, spread_stride9, spread_triple,
};

/// The two other bands of each band.
const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// Candidates of a 9×9 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    /// `cand[b * 9 + d]`: cells of band `b` that may hold digit `d + 1` (placed cells included).
    cand: [u32; 27],
    /// Cells not placed yet, per band.
    unsolved: [u32; 3],
    /// Words of `cand` changed since the band step last examined them (bit `b * 9 + d`).
    dirty: u32,
    /// Digits changed since the column step last examined them (`u16` keeps the board at
    /// 128 bytes, which the compiler copies inline instead of calling `memcpy`).
    col_dirty: u16,
}

/// Per digit, which mini-rows and mini-columns can still hold it, as computed by the last
/// propagation step (scratch space beside the board, so the board stays 128 bytes).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Lines {
    /// Bit `b * 9 + r * 3 + k`: row `r` of band `b` in box column `k`.
    rows: [u32; 9],
    /// Bit `b * 9 + c`: column `c` inside band `b`.
    cols: [u32; 9],
    /// How many digits each triad can still hold (rows in the low half, columns in the
    /// high half), as binary bit planes: plane `i` has the triads whose count has bit `i`.
    count: [u64; 4],
}

/// Where a search should branch: a cell and the digit to try first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Choice {
    /// Band of the cell.
    pub band: usize,
    /// Bit of the cell in its band.
    pub bit: u32,
    /// Digit index (0..9) to try first.
    pub digit: usize,
    /// The cell's only other digit when it has exactly two candidates, else 9.
    pub second: usize,
    /// What is branched on: 0 = the cell (`band`, `bit`); 1 = where digit `digit` goes in
    /// band `band`; 2 = where it goes in stack `band`.
    pub kind: u8,
    /// For kinds 1 and 2: the digit's mini-lines (a 3×3 matrix, bit `row * 3 + column`, as
    /// in [`crate::tables::PERM_KEEP`]) kept by the first branch.
    pub keep: u16,
    /// For kinds 1 and 2: the mini-lines kept by the second branch (which excludes the
    /// first branch's configuration).
    pub rest: u16,
}

impl Board {
    /// The board of a puzzle (`0` = empty, `1..=9` = given). `None` when the givens contradict
    /// each other or a value is out of range.
    ///
    /// Built straight from the cells, without [`Givens`]' per-cell bookkeeping: the givens of
    /// each band are found as a bit mask first (a comparison the compiler vectorises), and
    /// only they are visited, so the loop has no branch per cell to mispredict (on 17-clue
    /// puzzles, where a search takes 2.5 µs, building the board took a tenth of the time).
    pub(crate) fn from_cells(cells: &[u8; 81]) -> Option<Board> {
        // A fold without an early exit, so it vectorises (`any` stops at the first hit and
        // stays a loop over bytes).
        if cells.iter().fold(0u8, |m, &v| m.max(v)) > 9 {
            return None;
        }
        let mut given = [0u32; 3];
        let mut by_digit = [0u32; 27];
        let mut removed = [0u32; 27];
        for (b, band) in cells.chunks_exact(27).enumerate() {
            let mut mask = 0u32;
            for (j, &v) in band.iter().enumerate() {
                mask |= u32::from(v != 0) << j;
            }
            given[b] = mask;
            while mask != 0 {
                let j = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                // `v` is 1..=9 here; the masks keep the indices provably in range.
                let d = usize::from(band[j].wrapping_sub(1)) % 9;
                by_digit[b * 9 + d] |= 1 << j;
                let peers = &PEERS[(b * 27 + j) % 81];
                removed[d] |= peers[0];
                removed[9 + d] |= peers[1];
                removed[18 + d] |= peers[2];
            }
        }
        Board::from_words(&given, &by_digit, &removed)
    }

    /// The board of a puzzle kept as [`Givens`] (refreshed); `None` when the givens contradict
    /// each other.
    pub(crate) fn from_givens(g: &Givens) -> Option<Board> {
        debug_assert!(g.is_fresh(), "Givens::refresh before building a board");
        Board::from_words(&g.given, &g.by_digit, &g.removed)
    }

    /// The board of givens kept as words: the given cells per band, each digit's givens
    /// (`by_digit[b * 9 + d]`) and the cells that see a given of each digit (`removed`, same
    /// indexing); `None` when two equal givens see each other.
    #[inline(always)]
    fn from_words(given: &[u32; 3], by_digit: &[u32; 27], removed: &[u32; 27]) -> Option<Board> {
        let mut cand = [0u32; 27];
        let mut clash = 0u32;
        for (b, &given) in given.iter().enumerate() {
            let open = BAND_MASK & !given;
            for d in 0..9 {
                let i = b * 9 + d;
                // Two equal givens in a house: each is a peer of the other.
                clash |= by_digit[i] & removed[i];
                cand[i] = (open & !removed[i]) | by_digit[i];
            }
        }
        if clash != 0 {
            return None;
        }
        Some(Board {
            cand,
            unsolved: [
                BAND_MASK & !given[0],
                BAND_MASK & !given[1],
                BAND_MASK & !given[2],
            ],
            dirty: (1 << 27) - 1,
            col_dirty: 0x1FF,
        })
    }

    /// Removes `digit` (1..=9) from the candidates of an empty `cell`; a placed cell or an
    /// out-of-range argument leaves the board unchanged (the caller checks emptiness).
    pub(crate) fn exclude(&mut self, cell: usize, digit: u8) {
        if cell >= 81 || !(1..=9).contains(&digit) {
            return;
        }
        let b = cell / 27;
        let bit = 1u32 << (cell % 27);
        if self.unsolved[b] & bit != 0 {
            self.clear(b * 9 + usize::from(digit - 1), bit);
        }
    }

    /// How many cells are placed.
    #[inline]
    pub(crate) fn placed(&self) -> u32 {
        81 - (self.unsolved[0].count_ones()
            + self.unsolved[1].count_ones()
            + self.unsolved[2].count_ones())
    }

    /// Whether every cell is placed.
    #[inline(always)]
    pub(crate) fn is_solved(&self) -> bool {
        (self.unsolved[0] | self.unsolved[1] | self.unsolved[2]) == 0
    }

    /// Writes the values (1..=9) of a solved board in reading order.
    ///
    /// In a solved board each digit's word holds one cell per row, so each (digit, row) pair
    /// is one `trailing_zeros` and one store, in straight-line code: visiting each word's bits
    /// in a loop cost a mispredicted loop exit per word (7% of the time on 17-clue puzzles).
    pub(crate) fn write_solution(&self, out: &mut [u8; 81]) {
        for (band, words) in out.chunks_exact_mut(27).zip(self.cand.chunks_exact(9)) {
            for (d, &mask) in words.iter().enumerate() {
                for (r, row) in band.chunks_exact_mut(9).enumerate() {
                    let j = ((mask >> (9 * r)) & 0x1FF).trailing_zeros() as usize;
                    if let Some(cell) = row.get_mut(j) {
                        *cell = d as u8 + 1;
                    }
                }
            }
        }
    }

    /// Removes `mask` from word `i`, marking it dirty if that changed it.
    #[inline(always)]
    fn clear(&mut self, i: usize, mask: u32) {
        self.dirty |= self.clear_word(i, mask);
    }

    /// Removes `mask` from word `i`; returns the word's dirty bit if that changed it, else 0
    /// (for [`Board::band_fixpoint`], which keeps the dirty mask in a local).
    #[inline(always)]
    fn clear_word(&mut self, i: usize, mask: u32) -> u32 {
        let c = self.cand[i];
        let n = c & !mask;
        self.cand[i] = n;
        u32::from(c != n) << i
    }

    /// Removes `mask` from every digit of band `b` but `d`.
    #[inline(always)]
    fn clear_others<I: Isa>(&mut self, b: usize, d: usize, mask: u32) {
        self.dirty |= self.clear_others_word::<I>(b, d, mask);
    }

    /// [`Board::clear_others`] returning the dirty bits instead of setting them.
    #[inline(always)]
    fn clear_others_word<I: Isa>(&mut self, b: usize, d: usize, mask: u32) -> u32 {
        I::clear_others_nine(&mut self.cand, b, d, mask) << (b * 9)
    }

    /// Places digit `d` at a cell that no other digit can take any more: clears the cell's
    /// peers from `d`.
    #[inline(always)]
    fn place_naked(&mut self, d: usize, b: usize, bit: u32, cell: usize) {
        self.unsolved[b] &= !bit;
        let peers = &PEERS[cell];
        self.clear(d, peers[0]);
        self.clear(9 + d, peers[1]);
        self.clear(18 + d, peers[2]);
    }

    /// Places digit `d` at a cell known to allow it: clears the cell from the other digits and
    /// the cell's peers from `d`.
    #[inline(always)]
    fn place<I: Isa>(&mut self, d: usize, b: usize, bit: u32, cell: usize) {
        self.unsolved[b] &= !bit;
        self.clear_others::<I>(b, d, bit);
        let peers = &PEERS[cell];
        self.clear(d, peers[0]);
        self.clear(9 + d, peers[1]);
        self.clear(18 + d, peers[2]);
    }

    /// Removes a choice's digit from its cell (after its branch failed); a two-candidate
    /// cell gets its other digit placed at once.
    #[inline(always)]
    pub(crate) fn eliminate<I: Isa>(&mut self, choice: Choice) {
        if choice.kind != 0 {
            self.restrict_config(choice, choice.rest);
            return;
        }
        if choice.second < 9 {
            let cell = choice.band * 27 + choice.bit.trailing_zeros() as usize;
            self.place::<I>(choice.second, choice.band, choice.bit, cell);
        } else {
            self.clear(choice.band * 9 + choice.digit, choice.bit);
        }
    }

    /// Places the choice's digit at its cell at once (rather than leaving a naked single for
    /// the next propagation round to find).
    #[inline(always)]
    pub(crate) fn assign<I: Isa>(&mut self, choice: Choice) {
        if choice.kind != 0 {
            self.restrict_config(choice, choice.keep);
            return;
        }
        let cell = choice.band * 27 + choice.bit.trailing_zeros() as usize;
        self.place::<I>(choice.digit, choice.band, choice.bit, cell);
    }

    /// Applies singles and locked candidates until nothing changes, with the triad level when
    /// `triads` is set (it then leaves `lines` ready for [`Board::choose`]). `false` on
    /// contradiction.
    #[inline(always)]
    pub(crate) fn propagate<I: Isa>(&mut self, lines: &mut Lines, triads: bool) -> bool {
        loop {
            loop {
                if !self.band_fixpoint::<I>(triads) {
                    return false;
                }
                match self.naked_singles::<I>() {
                    None => return false,
                    Some(false) => break,
                    Some(true) => {}
                }
            }
            if self.is_solved() {
                return true;
            }
            match self.columns::<I>() {
                None => return false,
                Some(false) => {}
                Some(true) => continue,
            }
            if !triads {
                return true;
            }
            match self.triads::<I>(lines) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Runs the band step on every dirty word until none is. `false` on contradiction.
    ///
    /// With `defer` (the triad search) the row singles a step finds are placed after the
    /// queue has run dry, all at once, instead of inside the step: whether a step finds a
    /// single is a coin toss (about half of them do on the hardest set), and as a branch in
    /// every step it was mispredicted about every other step; deferred, the step has no
    /// branch on it and the placements run in a loop of their own. Same fixpoint, so the same
    /// search tree; unique mode on the hardest sets 3% faster on a Skylake-SP Xeon, but the
    /// cell-mode search of puzzles with fewer than 17 givens, a dive through easy
    /// propagation, 2-6% slower (docs/bench.md, session 44), so it keeps the placement in
    /// the step.
    #[inline(always)]
    fn band_fixpoint<I: Isa>(&mut self, defer: bool) -> bool {
        let mut processed = 0u32;
        // One dirty word at a time, lowest first (words dirtied meanwhile join the queue).
        // The queue is a local, not `self.dirty`: kept in the board, each step's updates of
        // it were loads and stores through memory, a dependency chain that a CPU without
        // memory renaming (Intel's Skylake family) waits on at every step; this loop runs the
        // hardest set 7% faster on a Skylake-SP Xeon (docs/bench.md, session 42). The same
        // change in the naked-single and column levels measured 3% slower there, so those
        // still update `self.dirty`.
        let mut todo = self.dirty;
        if defer {
            // The row singles found per word and not placed yet.
            let mut pending = [0u32; 27];
            loop {
                let mut words = 0u32;
                // The steps below do not add to `todo`: all of it is processed (or the
                // fixpoint fails, and `processed` is not used).
                processed |= todo;
                while todo != 0 {
                    let i = todo.trailing_zeros() as usize;
                    todo &= todo - 1;
                    match self.band_step_deferred::<I>(i) {
                        Some(new) => {
                            // A word is stepped at most once a round and its singles are
                            // placed (and its entry zeroed) before the next, so the entry is
                            // 0 here: a plain store, not a load-or-store (1–2% faster on an
                            // Emerald Rapids Xeon; without the zeroing below, slower again).
                            pending[i] = new;
                            words |= u32::from(new != 0) << i;
                        }
                        None => {
                            self.dirty = todo;
                            return false;
                        }
                    }
                }
                if words == 0 {
                    break;
                }
                while words != 0 {
                    let i = words.trailing_zeros() as usize;
                    words &= words - 1;
                    todo |= self.place_row_singles::<I>(i, pending[i]);
                    pending[i] = 0;
                }
            }
        } else {
            while todo != 0 {
                let i = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                processed |= 1 << i;
                match self.band_step::<I>(i) {
                    Some(new) => todo |= new,
                    None => {
                        self.dirty = todo;
                        return false;
                    }
                }
            }
        }
        self.dirty = 0;
        self.col_dirty |= ((processed | (processed >> 9) | (processed >> 18)) & 0x1FF) as u16;
        true
    }

    /// One digit in one band (word `i`): keep only cells on a possible mini-row pattern, then
    /// place the row singles (clearing them from other digits and their columns from other
    /// bands). Returns the words this dirtied, `None` on contradiction.
    #[inline(always)]
    fn band_step<I: Isa>(&mut self, i: usize) -> Option<u32> {
        let new = self.band_step_deferred::<I>(i)?;
        if new == 0 {
            return Some(0);
        }
        Some(self.place_row_singles::<I>(i, new))
    }

    /// [`Board::band_step`] without the placements: returns the word's new row singles
    /// (cells still in `unsolved`, to be placed, and taken out of it, by
    /// [`Board::place_row_singles`]), `None` on contradiction. The step only reads
    /// `unsolved`: a store here put a load-after-store dependency between consecutive steps
    /// of one band (0.5–1% slower on an Emerald Rapids Xeon, docs/bench.md, session 58).
    /// Two digits' words of one band may then both report a cell in one round of the deferred
    /// queue; placing the first clears the cell from the second's word, which the next round
    /// finds without a place in that row: the same contradiction, one round later.
    #[inline(always)]
    fn band_step_deferred<I: Isa>(&mut self, i: usize) -> Option<u32> {
        // `i / 9` for `i < 27`, without a division.
        let b = (i * 57) >> 9;
        // The `& 0x1FF` masks are no-ops that let the compiler drop the bounds checks.
        let m = self.cand[i] & ROW_KEEP[(I::minirow_occupancy(self.cand[i]) & 0x1FF) as usize];
        if m == 0 {
            return None;
        }
        self.cand[i] = m;
        // Every row of `m` is non-empty (a pattern fits), so subtracting one from each row
        // borrows inside the row only: `z` has, per row, the row without its lowest bit.
        let z = m & m.wrapping_sub(REPEAT_ROWS);
        // Whether a row holds a single is a coin toss: a conditional move, never a branch
        // (LLVM picked branches after unrelated edits nearby, 35% slower: docs/bench.md,
        // session 58).
        let row = |mask: u32| std::hint::select_unpredictable(z & mask == 0, m & mask, 0);
        let singles = row(0x1FF) | row(0x1FF << 9) | row(0x1FF << 18);
        Some(singles & self.unsolved[b])
    }

    /// Places the row singles `new` of word `i`: takes them out of `unsolved`, clears them
    /// from the band's other digits and their columns from the digit's other bands. Returns
    /// the words this changed.
    #[inline(always)]
    fn place_row_singles<I: Isa>(&mut self, i: usize, new: u32) -> u32 {
        let b = (i * 57) >> 9;
        let d = i - 9 * b;
        self.unsolved[b] &= !new;
        let cols = columns_of(new) * REPEAT_ROWS;
        let (b1, b2) = OTHER_BANDS[b];
        self.clear_others_word::<I>(b, d, new)
            | self.clear_word(b1 * 9 + d, cols)
            | self.clear_word(b2 * 9 + d, cols)
    }

    /// Places every cell with a single candidate. `None` on a cell with no candidate,
    /// `Some(placed anything)` otherwise. All three bands are counted every time: a band
    /// unchanged since the last call holds no single and no empty cell, so counting it finds
    /// nothing, and the test that skipped such bands (a per-band dirty mask) was a
    /// mispredicted branch that cost more than the count (1–2% on the hard sets and the
    /// many-solution set on an Emerald Rapids Xeon, docs/bench.md, session 58).
    #[inline(always)]
    fn naked_singles<I: Isa>(&mut self) -> Option<bool> {
        let mut any = false;
        for b in 0..3 {
            let u = self.unsolved[b];
            let (one, two) = crate::dispatch::count_nine(&self.cand, b);
            if u & !one != 0 {
                return None;
            }
            let mut single = u & !two;
            while single != 0 {
                any = true;
                let j = single.trailing_zeros() as usize;
                let bit = 1u32 << j;
                single &= single - 1;
                let digits = I::digits_at(&self.cand, b, bit);
                if digits == 0 {
                    // An earlier single of this round took the cell's last digit.
                    return None;
                }
                self.place_naked(digits.trailing_zeros() as usize, b, bit, b * 27 + j);
            }
        }
        Some(any)
    }

    /// The column level for every changed digit: keep only cells on a possible mini-column
    /// pattern of each stack, and place column hidden singles. `None` on contradiction,
    /// `Some(changed)`.
    #[inline(always)]
    fn columns<I: Isa>(&mut self) -> Option<bool> {
        let mut todo = u32::from(self.col_dirty);
        self.col_dirty = 0;
        while todo != 0 {
            let d = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let m = [self.cand[d], self.cand[9 + d], self.cand[18 + d]];
            let cols = [columns_of(m[0]), columns_of(m[1]), columns_of(m[2])];
            let packed = cols[0] | cols[1] << 9 | cols[2] << 18;
            let allowed = I::stack_keep(packed);
            if allowed == 0 {
                return None;
            }
            let allow = [allowed & 0x1FF, (allowed >> 9) & 0x1FF, allowed >> 18];
            // Columns held by exactly one band, and in it by one row.
            let (mut one, mut two) = (0u32, 0u32);
            for (b, &x) in m.iter().enumerate() {
                let c = allow[b] & cols[b];
                let (r0, r1, r2) = (x & 0x1FF, (x >> 9) & 0x1FF, x >> 18);
                two |= (one & c) | (r0 & r1) | (r0 & r2) | (r1 & r2);
                one |= c;
            }
            let single_cols = (one & !two) * REPEAT_ROWS;
            // `allowed` is a subset of `packed`: equal means no mini-column lost the digit.
            let pruned = allowed != packed;
            for (b, &a) in allow.iter().enumerate() {
                let i = b * 9 + d;
                if pruned {
                    self.clear(i, !(a * REPEAT_ROWS));
                }
                let mut new = self.cand[i] & single_cols & self.unsolved[b];
                while new != 0 {
                    let j = new.trailing_zeros() as usize;
                    let bit = 1u32 << j;
                    new &= new - 1;
                    if self.cand[i] & bit == 0 {
                        return None;
                    }
                    self.place::<I>(d, b, bit, b * 27 + j);
                }
            }
        }
        Some(self.dirty != 0)
    }

    /// The triad level: every mini-row and mini-column (three cells of one line in one box)
    /// holds exactly three digits. A triad where only three digits remain possible must hold
    /// all three (each is then locked there: cleared from the rest of its line and box), and
    /// a triad with three digits locked in it holds no other. `None` on contradiction,
    /// `Some(changed)`.
    #[inline(always)]
    fn triads<I: Isa>(&mut self, lines: &mut Lines) -> Option<bool> {
        let Lines { rows, cols, count } = lines;
        I::lines_nine(&self.cand, rows, cols);
        // How many digits each triad can still hold, as four bit planes (binary counters).
        let [mut c0, mut c1, mut c2, mut c3] = [0u64; 4];
        for d in 0..9 {
            let x = u64::from(rows[d]) | u64::from(cols[d]) << 32;
            let k0 = c0 & x;
            c0 ^= x;
            let k1 = c1 & k0;
            c1 ^= k0;
            let k2 = c2 & k1;
            c2 ^= k1;
            c3 |= k2;
        }
        *count = [c0, c1, c2, c3];
        let four = c3 | c2;
        let three = four | (c1 & c0);
        let all = u64::from(BAND_MASK) | u64::from(BAND_MASK) << 32;
        if three != all {
            return None;
        }
        let exact3 = three & !four;
        let (exact_r, exact_c) = (exact3 as u32, (exact3 >> 32) as u32);
        // Digits locked in each triad, and those forced into it (possible in a triad with
        // only three possible digits, not locked yet).
        let mut locked_r = [0u32; 9];
        let mut locked_c = [0u32; 9];
        let forced = crate::dispatch::locked_nine(
            rows,
            cols,
            (exact_r, exact_c),
            &mut locked_r,
            &mut locked_c,
        );
        if forced != 0 {
            self.force_triads(rows, cols, &locked_r, &locked_c, exact_r, exact_c);
        }
        let (mut l1, mut l2, mut l3, mut l4) = (0u64, 0u64, 0u64, 0u64);
        let mut extra = 0u64;
        for d in 0..9 {
            let x = u64::from(locked_r[d]) | u64::from(locked_c[d]) << 32;
            let y = u64::from(rows[d]) | u64::from(cols[d]) << 32;
            extra |= y & !x;
            l4 |= l3 & x;
            l3 |= l2 & x;
            l2 |= l1 & x;
            l1 |= x;
        }
        if l4 != 0 {
            return None;
        }
        // Triads with three digits locked in them that still allow another digit.
        let full = l3 & extra;
        if full != 0 {
            self.clear_full_triads(full, rows, cols, &locked_r, &locked_c);
        }
        Some(self.dirty != 0)
    }

    /// Locks each digit forced into a triad: clears it from the rest of the triad's line and
    /// box.
    #[cold]
    fn force_triads(
        &mut self,
        rows: &[u32; 9],
        cols: &[u32; 9],
        locked_r: &[u32; 9],
        locked_c: &[u32; 9],
        exact_r: u32,
        exact_c: u32,
    ) {
        for d in 0..9 {
            let fr = locked_r[d] & exact_r & rows[d];
            let fc = locked_c[d] & exact_c & cols[d];
            if fr != 0 {
                let clear = (spread_triple(fr) | spread_stride3(fr)) & !fr;
                for b in 0..3 {
                    let m = MINIROW_CELLS[((clear >> (9 * b)) & 0x1FF) as usize];
                    self.clear(b * 9 + d, m);
                }
            }
            if fc != 0 {
                let clear = (spread_triple(fc) | spread_stride9(fc)) & !fc;
                for b in 0..3 {
                    self.clear(b * 9 + d, ((clear >> (9 * b)) & 0x1FF) * REPEAT_ROWS);
                }
            }
        }
    }

    /// Clears every digit not locked in the `full` triads from their cells. Inlined, not cold:
    /// it runs in a fifth of the triad passes on the hardest set (1.4% fewer instructions
    /// there, with [`Board::restrict_config`] inlined too).
    #[inline(always)]
    fn clear_full_triads(
        &mut self,
        full: u64,
        rows: &[u32; 9],
        cols: &[u32; 9],
        locked_r: &[u32; 9],
        locked_c: &[u32; 9],
    ) {
        let (full_r, full_c) = (full as u32, (full >> 32) as u32);
        for d in 0..9 {
            let xr = full_r & rows[d] & !locked_r[d];
            let xc = full_c & cols[d] & !locked_c[d];
            if xr | xc == 0 {
                continue;
            }
            for b in 0..3 {
                let m = MINIROW_CELLS[((xr >> (9 * b)) & 0x1FF) as usize]
                    | (((xc >> (9 * b)) & 0x1FF) * REPEAT_ROWS);
                self.clear(b * 9 + d, m);
            }
        }
    }

    /// Keeps only the digit's mini-lines in `occ` (a 3×3 matrix) in the choice's band or stack.
    #[inline(always)]
    fn restrict_config(&mut self, ch: Choice, occ: u16) {
        let d = ch.digit;
        let occ = u32::from(occ);
        if ch.kind == 1 {
            let b = ch.band;
            self.clear(b * 9 + d, BAND_MASK & !MINIROW_CELLS[occ as usize]);
        } else {
            let s = ch.band;
            for b in 0..3 {
                let allowed = ((occ >> (3 * b)) & 7) << (3 * s);
                let cut = ((7 << (3 * s)) & !allowed) * REPEAT_ROWS;
                self.clear(b * 9 + d, cut);
            }
        }
    }

    /// tdoku-style choice: the band or stack with the fewest configurations left over its
    /// nine digits (but not all fixed), and in it a digit with the fewest (2, else 3, ...).
    #[inline(always)]
    fn choose_config(&self, lines: &Lines) -> Option<Choice> {
        use crate::tables::PERM_COUNT_FIRST;
        // Mini-lines left per band and stack, over the nine digits (27 when all are fixed):
        // a cheap stand-in for the number of configurations.
        const STACK0: u64 = 0o007_007_007 << 32;
        const UNITS: [u64; 6] = [
            0x1FF,
            0x1FF << 9,
            0x1FF << 18,
            STACK0,
            STACK0 << 3,
            STACK0 << 6,
        ];
        let mut totals = [0u32; 6];
        for (t, &m) in totals.iter_mut().zip(UNITS.iter()) {
            let c = &lines.count;
            *t = (c[0] & m).count_ones()
                + 2 * (c[1] & m).count_ones()
                + 4 * (c[2] & m).count_ones()
                + 8 * (c[3] & m).count_ones();
        }
        let mut best = None;
        let mut best_total = u32::MAX;
        for (u, &t) in totals.iter().enumerate() {
            if t > 27 && t < best_total {
                best_total = t;
                best = Some(u);
            }
        }
        let u = best?;
        let mut occs = [0u16; 9];
        for (d, o) in occs.iter_mut().enumerate() {
            *o = if u < 3 {
                ((lines.rows[d] >> (9 * u)) & 0x1FF) as u16
            } else {
                let x = lines.cols[d] >> (3 * (u - 3));
                ((x & 7) | ((x >> 6) & 0o70) | ((x >> 12) & 0o700)) as u16
            };
        }
        let (mut bd, mut bn) = (0usize, u8::MAX);
        for d in 0..9 {
            let n = PERM_COUNT_FIRST[occs[d] as usize].0;
            if n >= 2 && n < bn {
                (bd, bn) = (d, n);
                if n == 2 {
                    break;
                }
            }
        }
        let occ = occs[bd];
        let (_, keep, other) = PERM_COUNT_FIRST[occ as usize];
        let (keep, rest) = if bn == 2 {
            // First the configuration whose three triads more digits still compete for
            // (bit plane `i` of a triad's count weighs `4^i`, so crowded triads count most):
            // taking it removes the most candidates from the other digits. Order matters only
            // when the search stops at a solution; on the hardest set this takes 4-5% of the
            // first-solution nodes off (the likelier-looking configuration, fewer
            // competitors, first adds 1%; plain sums of the counts 3.5-4.5%).
            let on_triads = |occ: u16| {
                let occ = u64::from(occ);
                if u < 3 {
                    occ << (9 * u)
                } else {
                    ((occ & 7) | (occ & 0o70) << 6 | (occ & 0o700) << 12) << (32 + 3 * (u - 3))
                }
            };
            let c = &lines.count;
            let weight = |m: u64| {
                (c[0] & m).count_ones()
                    + 4 * (c[1] & m).count_ones()
                    + 16 * (c[2] & m).count_ones()
                    + 64 * (c[3] & m).count_ones()
            };
            if weight(on_triads(other)) > weight(on_triads(keep)) {
                (other, keep)
            } else {
                (keep, other)
            }
        } else {
            let m = keep & keep.wrapping_neg();
            let i = m.trailing_zeros();
            let line = ((7u16 << (3 * (i / 3))) | (0o111u16 << (i % 3))) & !m;
            (occ & !line, occ & !m)
        };
        Some(Choice {
            band: u % 3,
            bit: 0,
            digit: bd,
            second: 9,
            kind: if u < 3 { 1 } else { 2 },
            keep,
            rest,
        })
    }

    /// Where to branch, given the board's [`Lines`] (from the propagation that just
    /// reached its fixpoint): a digit's configuration in a band or stack
    /// ([`Board::choose_config`]), or a cell when every configuration is fixed.
    #[inline(always)]
    pub(crate) fn choose(&self, lines: &Lines) -> Choice {
        match self.choose_config(lines) {
            Some(c) => c,
            None => self.choose_cell(),
        }
    }

    /// A cell to branch on: among the cells with two candidates, the one with the most
    /// unsolved peers (its branches propagate furthest), else the cell with the fewest
    /// candidates. The only rule of a search without the triad level.
    #[inline(always)]
    pub(crate) fn choose_cell(&self) -> Choice {
        let mut pairs = [0u32; 3];
        for (b, p) in pairs.iter_mut().enumerate() {
            let (_, two, three) = crate::dispatch::count3_nine(&self.cand, b);
            *p = two & !three & self.unsolved[b];
        }
        if pairs == [0; 3] {
            return self.fewest_candidates();
        }
        let u01 = u64::from(self.unsolved[0]) | u64::from(self.unsolved[1]) << 27;
        let u2 = self.unsolved[2];
        let (mut best, mut best_band, mut best_bit) = (0u32, 0usize, 0u32);
        for (b, &p) in pairs.iter().enumerate() {
            let mut m = p;
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m &= m - 1;
                let (p01, p2) = PEERS_PACKED[b * 27 + bit.trailing_zeros() as usize];
                let score = (p01 & u01).count_ones() + (p2 & u2).count_ones();
                if score > best {
                    (best, best_band, best_bit) = (score, b, bit);
                }
            }
        }
        self.choice_at(best_band, best_bit)
    }

    /// The unsolved cell with the fewest candidates, the first in reading order among equals
    /// (used when no cell has two: the first nodes of a puzzle with few givens, where it took
    /// 4% of the time on the many-solution set while it counted cell by cell). Each band's
    /// candidates are counted for all 27 cells at once, as four bit planes of a binary
    /// counter, and the counts are tried from the smallest up.
    #[cold]
    fn fewest_candidates(&self) -> Choice {
        let mut planes = [[0u32; 4]; 3];
        for (b, p) in planes.iter_mut().enumerate() {
            for &c in &self.cand[b * 9..b * 9 + 9] {
                let k0 = p[0] & c;
                p[0] ^= c;
                let k1 = p[1] & k0;
                p[1] ^= k0;
                let k2 = p[2] & k1;
                p[2] ^= k1;
                p[3] |= k2;
            }
        }
        for n in 0..=9u32 {
            for (b, p) in planes.iter().enumerate() {
                let mut m = self.unsolved[b];
                for (i, &plane) in p.iter().enumerate() {
                    m &= if n >> i & 1 == 1 { plane } else { !plane };
                }
                if m != 0 {
                    return self.choice_at(b, m & m.wrapping_neg());
                }
            }
        }
        // Not reached: an unsolved board has a cell with some count from 0 to 9.
        self.choice_at(0, 0)
    }

    /// The choice of branching on the cell at `bit` of `band`, with the digit to try first:
    /// the one with the most candidates left among the cell's peers (the lowest such digit
    /// on a tie). That is the classic "least constraining value" order: placing that digit
    /// removes the fewest candidates, so its branch is the likeliest to hold a solution.
    /// Order matters only when the search stops at a solution, i.e. on puzzles with several
    /// (every cell branch is in a search of fewer than [`crate::search::FEW_GIVENS`] givens,
    /// bar the rare node where every configuration is fixed): on 10,000 17-clue puzzles with
    /// 1–3 givens removed it takes the guesses per first solution from 19.3 to 14.5 and per
    /// count to two from 19.6 to 15.2 (the lowest digit first; the most candidates on the
    /// whole board first: 15.7 and 16.5).
    #[inline(always)]
    fn choice_at(&self, band: usize, bit: u32) -> Choice {
        let digits = crate::dispatch::digits_at(&self.cand, band, bit);
        // An unsolved cell has at least two candidates after propagation.
        let mut digit = (digits.trailing_zeros() as usize).min(8);
        let peers = &PEERS[(band * 27 + bit.trailing_zeros() as usize) % 81];
        let room = |d: usize| {
            (self.cand[d] & peers[0]).count_ones()
                + (self.cand[9 + d] & peers[1]).count_ones()
                + (self.cand[18 + d] & peers[2]).count_ones()
        };
        let mut best = room(digit);
        let mut m = digits & digits.wrapping_sub(1);
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let r = room(d);
            if r > best {
                (digit, best) = (d, r);
            }
        }
        let rest = digits & !(1 << digit);
        let second = if rest != 0 && rest & (rest - 1) == 0 {
            rest.trailing_zeros() as usize
        } else {
            9
        };
        Choice {
            band,
            bit,
            digit,
            second,
            kind: 0,
            keep: 0,
            rest: 0,
        }
    }
}

/// The givens of a 9×9 puzzle in the board's band form, kept up to date one cell at a time,
/// so that a caller asking many questions about puzzles that differ in a few givens (the
/// generator's removal pass) builds each search's board from these words instead of
/// rescanning 81 cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Givens {
    cells: [u8; 81],
    /// Given cells per band.
    given: [u32; 3],
    /// `by_digit[b * 9 + d]`: the cells of band `b` given digit `d + 1`.
    by_digit: [u32; 27],
    /// `removed[b * 9 + d]`: the cells of band `b` that see a given `d + 1` — up to date for
    /// the digits not in `stale`.
    removed: [u32; 27],
    /// Digits (bit `d`) that lost a given since their `removed` words were last rebuilt. A
    /// removal only marks its digit, and [`Givens::refresh`] rebuilds the marked digits when a
    /// board is wanted: most removals the generator tries are decided without a board.
    stale: u16,
}

impl Givens {
    /// From 81 values (`0` = empty, `1..=9` = given); `None` when a value is above 9.
    /// Conflicting givens are accepted here (a search on them finds no solution).
    pub fn new(cells: &[u8; 81]) -> Option<Givens> {
        let mut g = Givens {
            cells: [0; 81],
            given: [0; 3],
            by_digit: [0; 27],
            removed: [0; 27],
            stale: 0,
        };
        for (cell, &v) in cells.iter().enumerate() {
            if v > 9 {
                return None;
            }
            if v != 0 {
                g.add(cell, v);
            }
        }
        Some(g)
    }

    /// The 81 values.
    pub fn cells(&self) -> &[u8; 81] {
        &self.cells
    }

    /// Sets `cell` to `v` (`0` empties it). Values above 9 and cells past 80 are ignored.
    pub fn set(&mut self, cell: usize, v: u8) {
        if cell >= 81 || v > 9 || self.cells[cell] == v {
            return;
        }
        let old = self.cells[cell];
        if old != 0 {
            let d = usize::from(old - 1);
            let b = cell / 27;
            let bit = 1u32 << (cell % 27);
            self.cells[cell] = 0;
            self.given[b] &= !bit;
            self.by_digit[b * 9 + d] &= !bit;
            self.stale |= 1 << d;
        }
        if v != 0 {
            self.add(cell, v);
        }
    }

    /// Rebuilds the `removed` words of the digits that lost a given since they were last
    /// built (from the peers of the digit's givens, at most nine of them).
    pub fn refresh(&mut self) {
        let mut stale = self.stale;
        while stale != 0 {
            let d = stale.trailing_zeros() as usize;
            stale &= stale - 1;
            let mut removed = [0u32; 3];
            for band in 0..3 {
                let mut m = self.by_digit[band * 9 + d];
                while m != 0 {
                    let peers = &PEERS[band * 27 + m.trailing_zeros() as usize];
                    removed[0] |= peers[0];
                    removed[1] |= peers[1];
                    removed[2] |= peers[2];
                    m &= m - 1;
                }
            }
            for (band, r) in removed.into_iter().enumerate() {
                self.removed[band * 9 + d] = r;
            }
        }
        self.stale = 0;
    }

    /// Whether every digit's words are up to date (no [`Givens::refresh`] pending).
    pub(crate) fn is_fresh(&self) -> bool {
        self.stale == 0
    }

    fn add(&mut self, cell: usize, v: u8) {
        let d = usize::from(v - 1);
        let b = cell / 27;
        let bit = 1u32 << (cell % 27);
        self.cells[cell] = v;
        self.given[b] |= bit;
        self.by_digit[b * 9 + d] |= bit;
        // A stale digit is rebuilt whole later, this given included.
        if self.stale & (1 << d) == 0 {
            let peers = &PEERS[cell];
            self.removed[d] |= peers[0];
            self.removed[9 + d] |= peers[1];
            self.removed[18 + d] |= peers[2];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A seeded xorshift generator for the randomised tests: `below(n)` is in `0..n`.
    fn rng(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut state = seed;
        move |below| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        }
    }

    /// Random candidate words: each (cell, digit) kept with probability `(keep + 1) / 9`.
    fn random_candidates(next: &mut impl FnMut(u64) -> u64, keep: u64) -> [u32; 27] {
        let mut cand = [0u32; 27];
        for w in cand.iter_mut() {
            for bit in 0..27 {
                if next(9) <= keep {
                    *w |= 1 << bit;
                }
            }
        }
        cand
    }

    /// [`Board::from_cells`] (straight from the cells) builds the board that
    /// [`Board::from_givens`] builds from the same cells kept as [`Givens`], and rejects the
    /// same puzzles (clashing givens, values above 9), from empty grids to full ones.
    #[test]
    fn board_from_cells_equals_board_from_givens() {
        let mut next = rng(0xD1B5_4A32_D192_ED03u64);
        let mut rejected = 0;
        for round in 0..3000 {
            let mut cells = [0u8; 81];
            let fill = round % 40;
            for cell in cells.iter_mut() {
                if next(81) < fill {
                    *cell = next(9) as u8 + 1;
                }
            }
            if round % 97 == 0 {
                cells[next(81) as usize] = 10 + next(240) as u8;
            }
            let via_givens = Givens::new(&cells).and_then(|mut g| {
                g.refresh();
                Board::from_givens(&g)
            });
            let direct = Board::from_cells(&cells);
            assert_eq!(direct, via_givens, "round {round}, cells {cells:?}");
            rejected += usize::from(direct.is_none());
        }
        // Both outcomes were exercised.
        assert!((100..2900).contains(&rejected), "{rejected} rejected");
    }

    /// The band level reaches the same board with the row singles placed inside each step
    /// and with them deferred until the queue runs dry (the triad search's order), or finds
    /// the same contradiction: on boards from random givens with random candidates taken
    /// out, sparse to dense.
    #[test]
    fn deferred_row_singles_reach_the_same_fixpoint() {
        let mut next = rng(0x9E37_79B9_7F4A_7C15u64);
        let (mut solved, mut dead) = (0, 0);
        for round in 0..10000 {
            let mut cells = [0u8; 81];
            let fill = 2 + round % 10;
            for cell in cells.iter_mut() {
                if next(81) < fill {
                    *cell = next(9) as u8 + 1;
                }
            }
            let Some(mut board) = Board::from_cells(&cells) else {
                continue;
            };
            for _ in 0..next(250) {
                board.exclude(next(81) as usize, next(9) as u8 + 1);
            }
            let (mut deferred, mut immediate) = (board, board);
            let a = deferred.band_fixpoint::<crate::dispatch::Baseline>(true);
            let b = immediate.band_fixpoint::<crate::dispatch::Baseline>(false);
            assert_eq!(a, b, "round {round}, cells {cells:?}");
            if a {
                assert_eq!(deferred, immediate, "round {round}, cells {cells:?}");
                solved += usize::from(deferred.placed() > board.placed());
            } else {
                dead += 1;
            }
        }
        // Both outcomes, and boards where the band level placed cells, were exercised.
        assert!(
            solved > 500 && dead > 80,
            "{solved} with placements, {dead} dead"
        );
    }

    /// The bit-sliced [`Board::fewest_candidates`] picks the cell that counting each
    /// unsolved cell's digits one by one picks (the fewest candidates, the first in reading
    /// order among equals), on random boards from dense to sparse.
    #[test]
    fn fewest_candidates_is_the_first_cell_with_the_smallest_count() {
        let mut next = rng(0x2545_F491_4F6C_DD1Du64);
        for round in 0..2000 {
            let cand = random_candidates(&mut next, round % 8);
            let unsolved = [
                next(1 << 27) as u32,
                next(1 << 27) as u32,
                next(1 << 27) as u32,
            ];
            if unsolved == [0; 3] {
                continue;
            }
            let board = Board {
                cand,
                unsolved,
                dirty: 0,
                col_dirty: 0,
            };
            let mut best = (usize::MAX, 0usize, 0u32);
            for b in 0..3 {
                for j in 0..27 {
                    if unsolved[b] >> j & 1 == 1 {
                        let n = (0..9).filter(|&d| cand[b * 9 + d] >> j & 1 == 1).count();
                        if n < best.0 {
                            best = (n, b, 1 << j);
                        }
                    }
                }
            }
            let got = board.fewest_candidates();
            assert_eq!((got.band, got.bit), (best.1, best.2), "round {round}");
        }
    }

    /// A cell branch tries first the cell's digit with the most candidates among its peers
    /// (the lowest on a tie), and names the other digit of a two-candidate cell, on random
    /// boards.
    #[test]
    fn cell_choice_tries_the_least_constraining_digit_first() {
        let mut next = rng(0x94D0_49BB_1331_11EBu64);
        let mut checked = 0;
        for round in 0..300 {
            let cand = random_candidates(&mut next, round % 6);
            let board = Board {
                cand,
                unsolved: [BAND_MASK; 3],
                dirty: 0,
                col_dirty: 0,
            };
            for cell in 0..81 {
                let (b, bit) = (cell / 27, 1u32 << (cell % 27));
                let digits: Vec<usize> = (0..9).filter(|&d| cand[b * 9 + d] & bit != 0).collect();
                if digits.len() < 2 {
                    continue;
                }
                let room = |d: usize| {
                    (0..81)
                        .filter(|&p| {
                            p != cell
                                && (p / 9 == cell / 9
                                    || p % 9 == cell % 9
                                    || (p / 27 == cell / 27 && p % 9 / 3 == cell % 9 / 3))
                        })
                        .filter(|&p| cand[p / 27 * 9 + d] >> (p % 27) & 1 == 1)
                        .count()
                };
                let most = digits.iter().map(|&d| room(d)).max().unwrap();
                let first = *digits.iter().find(|&&d| room(d) == most).unwrap();
                let choice = board.choice_at(b, bit);
                assert_eq!(choice.digit, first, "round {round}, cell {cell}");
                let second = if digits.len() == 2 {
                    digits[0] + digits[1] - first
                } else {
                    9
                };
                assert_eq!(choice.second, second, "round {round}, cell {cell}");
                checked += usize::from(first != digits[0]);
            }
        }
        // The order differs from "lowest digit first" often enough to be tested.
        assert!(checked > 1000, "{checked}");
    }

    /// However a puzzle's givens change one cell at a time — sparse or dense, with givens
    /// that clash in a row, column or box and clashes that go away again — the kept words
    /// equal those of the same puzzle built from scratch once refreshed, and the words of
    /// digits not marked stale equal them at every step (the generator's removal pass relies
    /// on it).
    #[test]
    fn givens_kept_one_cell_at_a_time_equal_givens_built_at_once() {
        let mut next = rng(0x9E37_79B9_7F4A_7C15u64);
        for round in 0..200 {
            let mut cells = [0u8; 81];
            let mut g = Givens::new(&cells).unwrap();
            // Rounds differ in how full the grid gets, so both clash-free and clashing
            // stretches are met.
            let fill = 2 + round % 7;
            for _ in 0..400 {
                let cell = next(81) as usize;
                let v = if next(10) < fill {
                    next(9) as u8 + 1
                } else {
                    0
                };
                cells[cell] = v;
                g.set(cell, v);
                let fresh = Givens::new(&cells).unwrap();
                // Refreshed now and then, so digits go stale over several changes; between
                // refreshes the words of the digits not marked stale are already exact.
                if next(3) == 0 {
                    g.refresh();
                    assert_eq!(g, fresh, "round {round}, cells {cells:?}");
                } else {
                    assert_eq!(
                        (g.cells, g.given, g.by_digit),
                        (fresh.cells, fresh.given, fresh.by_digit)
                    );
                    for i in (0..27).filter(|i| g.stale >> (i % 9) & 1 == 0) {
                        assert_eq!(g.removed[i], fresh.removed[i], "round {round}, word {i}");
                    }
                }
            }
        }
    }
}
