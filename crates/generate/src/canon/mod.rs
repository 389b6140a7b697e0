//! The canonical (minlex) form of a 9×9 puzzle under the 3,359,232 × 9! validity-preserving
//! transformations (transposition, band and row-in-band permutations, stack and
//! column-in-stack permutations, relabelling of the digits).
//!
//! Design decision: the form is the lexicographically smallest 81-cell string over the whole
//! group, empty cells reading as 0 (so they sort first) and digits relabelled 1, 2, 3, … in
//! order of first appearance. It is built row by row, keeping only the partial transformations
//! whose rows read smallest so far, so the rest of the group is never visited. A partial
//! transformation fixes the transposition, the rows taken and the relabelling, but only the
//! *columns that have shown a given*: a column that is empty in every row read so far is still
//! free, and free columns always sit in a prefix of their stack (zeros read first), just as
//! free stacks sit in a prefix of the stack slots. Reading the next row therefore branches only
//! over the orders of the givens it meets in free columns and free stacks, never over all 1,296
//! column orders; that is what makes the form cheap on puzzles with few givens. The earlier
//! search over explicit column orders is kept in the tests as an independent oracle.

#[cfg(test)]
mod reference;

use crate::GenError;
use sudokit_core::Grid;

/// A column or stack position not fixed yet (a column nibble of 15, a stack field of 3).
const FREE_COL: u64 = 15;
const FREE_STACK: u8 = 3;

/// A partial transformation: everything the rows read so far have fixed, packed into integers
/// so that sorting and merging states compares a few words.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct State {
    /// The source column at each position, a nibble each (position 0 lowest); free positions
    /// form a prefix of their stack slot.
    cols: u64,
    /// Digit → label, a nibble each (digit d at bits 4d; 0: not seen yet).
    map: u64,
    /// The source rows taken, as a bit set.
    used: u16,
    /// The source stack in each stack slot, two bits each; free slots form a prefix.
    stacks: u8,
    /// The source row read last (its band decides where the next row comes from).
    last: u8,
    /// 1 when the puzzle is read transposed.
    t: u8,
    /// The next unused label.
    next: u8,
}

impl State {
    #[inline]
    fn col_at(&self, p: usize) -> u8 {
        ((self.cols >> (4 * p)) & 15) as u8
    }
    #[inline]
    fn set_col(&mut self, p: usize, c: u8) {
        self.cols = (self.cols & !(15 << (4 * p))) | (c as u64) << (4 * p);
    }
    #[inline]
    fn stack_at(&self, s: usize) -> u8 {
        (self.stacks >> (2 * s)) & 3
    }
    #[inline]
    fn set_stack(&mut self, s: usize, stack: u8) {
        self.stacks = (self.stacks & !(3 << (2 * s))) | stack << (2 * s);
    }
    /// The label of value `v` (0 stays 0), giving an unseen digit the next label.
    #[inline]
    fn label(&mut self, v: u8) -> u64 {
        if v == 0 {
            return 0;
        }
        let shift = 4 * v as u64;
        let m = (self.map >> shift) & 15;
        if m != 0 {
            return m;
        }
        let l = self.next as u64;
        self.map |= l << shift;
        self.next += 1;
        l
    }
}

/// Bits of position `p` in a packed row read (position 0 most significant, so reads compare
/// as integers).
#[inline]
fn at(p: usize, v: u64) -> u64 {
    v << (4 * (8 - p))
}

/// The orders of 0, 1, 2 and 3 items.
const ORDERS: [&[[usize; 3]]; 4] = [
    &[[0, 0, 0]],
    &[[0, 0, 0]],
    &[[0, 1, 0], [1, 0, 0]],
    &sudokit_core::types::ORDERS_OF_THREE,
];

/// One row being read from every state: the best read so far and the states reaching it.
struct RowRead<'a> {
    /// The candidate row's values by source column.
    row: [u8; 9],
    /// The source row index.
    r: u8,
    /// The smallest read so far, packed (see [`at`]); `u64::MAX` before the first.
    best: &'a mut u64,
    out: &'a mut Vec<State>,
}

impl RowRead<'_> {
    /// Whether a read whose first `end` positions are final can still tie or beat the best.
    #[inline]
    fn alive(&self, read: u64, end: usize) -> bool {
        let shift = 4 * (9 - end);
        (read >> shift) <= (*self.best >> shift)
    }

    fn finish(&mut self, mut st: State, read: u64) {
        st.used |= 1 << self.r;
        st.last = self.r;
        if read < *self.best {
            *self.best = read;
            self.out.clear();
            self.out.push(st);
        } else if read == *self.best {
            self.out.push(st);
        }
    }

    /// Reads stack slots `s..3`. `pending` holds the free stacks with givens in this row that
    /// still need a slot (slots below `first_fixed` take them).
    fn slots(&mut self, s: usize, st: State, read: u64, pending: u8, first_fixed: usize) {
        if s == 3 {
            self.finish(st, read);
            return;
        }
        if s < first_fixed {
            // Place one of the pending stacks here; all its columns are free.
            for stack in 0..3u8 {
                if pending & (1 << stack) == 0 {
                    continue;
                }
                let mut st2 = st;
                st2.set_stack(s, stack);
                let cols = [stack * 3, stack * 3 + 1, stack * 3 + 2];
                self.stack(s, st2, read, cols, 3, pending & !(1 << stack), first_fixed);
            }
        } else {
            let stack = st.stack_at(s);
            let base = s * 3;
            let f = (0..3)
                .take_while(|&i| st.col_at(base + i) as u64 == FREE_COL)
                .count();
            let mut taken = 0u16;
            for p in base + f..base + 3 {
                taken |= 1 << st.col_at(p);
            }
            let mut cols = [0u8; 3];
            let mut n = 0;
            for c in stack * 3..stack * 3 + 3 {
                if taken & (1 << c) == 0 {
                    cols[n] = c;
                    n += 1;
                }
            }
            debug_assert_eq!(n, f);
            self.stack(s, st, read, cols, f, pending, first_fixed);
        }
    }

    /// Reads stack slot `s` whose first `f` positions are free, to be filled from `cols[..f]`:
    /// empty ones first (they stay free and read 0), then the givens in every order.
    #[allow(clippy::too_many_arguments)]
    fn stack(
        &mut self,
        s: usize,
        st: State,
        read: u64,
        cols: [u8; 3],
        f: usize,
        pending: u8,
        first_fixed: usize,
    ) {
        let base = s * 3;
        let mut givens = [0u8; 3];
        let mut g = 0;
        for &c in &cols[..f] {
            if self.row[c as usize] != 0 {
                givens[g] = c;
                g += 1;
            }
        }
        let z = f - g;
        for order in ORDERS[g] {
            let mut st2 = st;
            let mut read2 = read;
            for (i, &o) in order[..g].iter().enumerate() {
                let c = givens[o];
                st2.set_col(base + z + i, c);
                read2 |= at(base + z + i, st2.label(self.row[c as usize]));
            }
            for p in base + f..base + 3 {
                let v = self.row[st2.col_at(p) as usize];
                read2 |= at(p, st2.label(v));
            }
            if self.alive(read2, base + 3) {
                self.slots(s + 1, st2, read2, pending, first_fixed);
            }
        }
    }
}

/// One (state, row) pair to read at the current step, with a lower bound on its read.
struct Candidate {
    /// The smallest packed read this pair can give, valid on its first `end` positions.
    bound: u64,
    end: u8,
    state: u16,
    r: u8,
    /// Free stacks empty in the row (they read first and stay free).
    empty: u8,
    /// Free stacks with givens in the row.
    pending: u8,
    free_slots: u8,
}

/// The minlex form of a 9×9 puzzle given as 81 values (0 = empty, 1..=9).
pub fn minlex(values: &[u8; 81]) -> [u8; 81] {
    let mut grids = [*values, [0u8; 81]];
    for r in 0..9 {
        for c in 0..9 {
            grids[1][c * 9 + r] = values[r * 9 + c];
        }
    }
    // Givens per (transposition, row, stack).
    let mut givens = [[[0u8; 3]; 9]; 2];
    for (t, g) in grids.iter().enumerate() {
        for (i, &v) in g.iter().enumerate() {
            givens[t][i / 9][i % 9 / 3] += (v != 0) as u8;
        }
    }
    let start = |t| State {
        cols: u64::MAX >> 28, // nine free nibbles
        map: 0,
        used: 0,
        stacks: 0b11_1111,
        last: 0,
        t,
        next: 1,
    };
    let mut states = vec![start(0), start(1)];
    let mut next_states: Vec<State> = Vec::new();
    let mut todo: Vec<Candidate> = Vec::new();
    let mut result = [0u8; 81];
    for k in 0..9 {
        let mut best = u64::MAX;
        next_states.clear();
        todo.clear();
        for (si, s) in states.iter().enumerate() {
            let rows = if k % 3 == 0 {
                // Any row of an unused band.
                let mut rows = 0u16;
                for band in 0..3 {
                    if s.used & (0b111 << (band * 3)) == 0 {
                        rows |= 0b111 << (band * 3);
                    }
                }
                rows
            } else {
                let band = s.last / 3 * 3;
                (0b111u16 << band) & !s.used
            };
            let free_slots = (0..3).take_while(|&i| s.stack_at(i) == FREE_STACK).count();
            let mut free_stacks = 0b111u8;
            for i in free_slots..3 {
                free_stacks &= !(1 << s.stack_at(i));
            }
            for r in 0..9u8 {
                if rows & (1 << r) == 0 {
                    continue;
                }
                // Free stacks empty in this row stay free and read first; the pending stack
                // with the fewest givens can add its empty cells before the first given.
                let mut pending = 0u8;
                let mut empty = 0u8;
                let mut fewest = 3;
                for stack in 0..3u8 {
                    if free_stacks & (1 << stack) == 0 {
                        continue;
                    }
                    let n = givens[s.t as usize][r as usize][stack as usize];
                    if n == 0 {
                        empty += 1;
                    } else {
                        pending |= 1 << stack;
                        fewest = fewest.min(n);
                    }
                }
                // A cheap bound: the read starts with at most this many zeros.
                let (bound, end) = if pending != 0 {
                    let first = (empty * 3 + 3 - fewest) as usize;
                    (at(first, 1), first + 1)
                } else {
                    (0, empty as usize * 3)
                };
                todo.push(Candidate {
                    bound,
                    end: end as u8,
                    state: si as u16,
                    r,
                    empty,
                    pending,
                    free_slots: free_slots as u8,
                });
            }
        }
        // Rows that may read smallest go first, so the best read prunes the rest early.
        todo.sort_unstable_by_key(|c| c.bound);
        for c in &todo {
            let s = &states[c.state as usize];
            let g = &grids[s.t as usize];
            let r = c.r as usize;
            let mut rr = RowRead {
                row: g[r * 9..r * 9 + 9].try_into().unwrap(),
                r: c.r,
                best: &mut best,
                out: &mut next_states,
            };
            if rr.alive(c.bound, c.end as usize) {
                rr.slots(c.empty as usize, *s, 0, c.pending, c.free_slots as usize);
            }
        }
        for p in 0..9 {
            result[k * 9 + p] = ((best >> (4 * (8 - p))) & 15) as u8;
        }
        // States differing only in the order of the rows already used cannot differ later.
        for s in &mut next_states {
            if (k + 1) % 3 == 0 {
                s.last = 0;
            } else {
                s.last /= 3;
            }
        }
        next_states.sort_unstable();
        next_states.dedup();
        for s in &mut next_states {
            if (k + 1) % 3 != 0 {
                s.last *= 3;
            }
        }
        std::mem::swap(&mut states, &mut next_states);
    }
    result
}

/// The minlex form of a standard 9×9 puzzle, as a grid of the same layout.
pub fn canonical(puzzle: &Grid) -> Result<Grid, GenError> {
    if !puzzle.layout().is_standard_9x9() {
        return Err(GenError::NotStandard(puzzle.layout().describe()));
    }
    let values: [u8; 81] = puzzle
        .values()
        .try_into()
        .map_err(|_| GenError::NotStandard(puzzle.layout().describe()))?;
    Ok(Grid::from_values(
        puzzle.layout_arc().clone(),
        minlex(&values).to_vec(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const P17: &str =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

    fn parse(s: &str) -> [u8; 81] {
        let mut v = [0u8; 81];
        for (i, ch) in s.bytes().enumerate() {
            v[i] = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        v
    }

    /// Applies a random member of the group, described by its parts.
    fn transform(
        v: &[u8; 81],
        transpose: bool,
        bands: [usize; 3],
        rows: [[usize; 3]; 3],
        stacks: [usize; 3],
        cols: [[usize; 3]; 3],
        relabel: [u8; 9],
    ) -> [u8; 81] {
        let mut out = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let sr = bands[r / 3] * 3 + rows[r / 3][r % 3];
                let sc = stacks[c / 3] * 3 + cols[c / 3][c % 3];
                let (sr, sc) = if transpose { (sc, sr) } else { (sr, sc) };
                let x = v[sr * 9 + sc];
                out[r * 9 + c] = if x == 0 { 0 } else { relabel[x as usize - 1] };
            }
        }
        out
    }

    fn perm3() -> impl Strategy<Value = [usize; 3]> {
        Just([0usize, 1, 2])
            .prop_shuffle()
            .prop_map(|v| [v[0], v[1], v[2]])
    }

    fn perm9() -> impl Strategy<Value = [u8; 9]> {
        Just((1u8..=9).collect::<Vec<u8>>())
            .prop_shuffle()
            .prop_map(|v| v.try_into().unwrap())
    }

    #[test]
    fn known_17_clue_form_starts_with_zeros_and_keeps_givens() {
        let f = minlex(&parse(P17));
        assert_eq!(f.iter().filter(|&&x| x != 0).count(), 17);
        assert!(f[..9].iter().filter(|&&x| x != 0).count() <= 1);
        // The first given read is labelled 1, the next new digit 2.
        let first: Vec<u8> = f.iter().copied().filter(|&x| x != 0).take(2).collect();
        assert_eq!(first, vec![1, 2]);
        assert_eq!(minlex(&f), f, "the form is its own form");
    }

    #[test]
    fn full_grid_and_empty_grid() {
        let root = parse(
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678",
        );
        let f = minlex(&root);
        assert_eq!(&f[..9], &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(minlex(&f), f);
        assert_eq!(minlex(&[0; 81]), [0; 81]);
    }

    /// Keeps the cells of a full grid whose bit is set in every one of `masks`.
    fn thin(grid: &[u8; 81], masks: &[u128]) -> [u8; 81] {
        let mut out = *grid;
        for (i, v) in out.iter_mut().enumerate() {
            if masks.iter().any(|m| m & (1u128 << i) == 0) {
                *v = 0;
            }
        }
        out
    }

    const SOLUTION: &str =
        "693784512487512936125963874932651487568247391741398625319475268856129743274836159";

    #[test]
    fn agrees_with_the_reference_on_fixed_shapes() {
        let full = parse(SOLUTION);
        // Full grid, one row, one column, one box, a diagonal, and the three puzzles.
        let mut cases = vec![full, [0; 81]];
        let keep = |f: &dyn Fn(usize, usize) -> bool| {
            let mut v = [0u8; 81];
            for i in 0..81 {
                if f(i / 9, i % 9) {
                    v[i] = full[i];
                }
            }
            v
        };
        cases.push(keep(&|r, _| r == 4));
        cases.push(keep(&|_, c| c == 7));
        cases.push(keep(&|r, c| r / 3 == 1 && c / 3 == 2));
        cases.push(keep(&|r, c| r == c));
        cases.push(keep(&|r, c| (r + c) % 4 == 0));
        cases.push(parse(P17));
        for c in &cases {
            assert_eq!(minlex(c), reference::minlex(c));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn invariant_under_the_group(
            transpose in any::<bool>(),
            bands in perm3(), r0 in perm3(), r1 in perm3(), r2 in perm3(),
            stacks in perm3(), c0 in perm3(), c1 in perm3(), c2 in perm3(),
            relabel in perm9(),
            which in 0usize..3,
        ) {
            let puzzles = [
                P17,
                "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ];
            let v = parse(puzzles[which]);
            let w = transform(&v, transpose, bands, [r0, r1, r2], stacks, [c0, c1, c2], relabel);
            prop_assert_eq!(minlex(&v), minlex(&w));
        }
        #[test]
        fn agrees_with_the_reference_search(
            a in any::<u128>(), b in any::<u128>(), c in any::<u128>(), density in 0usize..4,
            transpose in any::<bool>(),
            bands in perm3(), r0 in perm3(), r1 in perm3(), r2 in perm3(),
            stacks in perm3(), c0 in perm3(), c1 in perm3(), c2 in perm3(),
            relabel in perm9(),
        ) {
            let full = parse(SOLUTION);
            let full = transform(&full, transpose, bands, [r0, r1, r2], stacks, [c0, c1, c2], relabel);
            let v = thin(&full, &[a, b, c][..density]);
            prop_assert_eq!(minlex(&v), reference::minlex(&v));
        }
    }
}
