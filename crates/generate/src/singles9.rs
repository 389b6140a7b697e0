//! The clue-removal pass's cheapest proof of uniqueness on the standard 9×9 grid: the
//! remaining givens force every removed cell straight back by a naked or a hidden single.
//!
//! Design decision: keep, per digit, the 81-bit mask of the cells that hold it as a given, so
//! a check is a few dozen word operations (the cells each digit is blocked from are its
//! givens' peers plus every given cell) instead of a walk over peers or an engine search.
//! One level of singles only: chaining them (placing the forced digits and looking again)
//! proves more removals, but was measured slower than leaving those to the `fast` search.

use std::sync::OnceLock;

/// The three houses of each cell as indices into [`Singles9`]'s per-house digit masks:
/// row `0..9`, column `9..18`, box `18..27`.
const HOUSES_OF: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = [
            (c / 9) as u8,
            (9 + c % 9) as u8,
            (18 + c / 27 * 3 + c % 9 / 3) as u8,
        ];
        c += 1;
    }
    t
};

/// Per-cell peer masks and per-house cell masks of the 9×9 grid.
struct Tables {
    peers: [u128; 81],
    /// The three houses (row, column, box) of each cell, as cell masks.
    houses: [[u128; 3]; 81],
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let house = |c: usize| [c / 9, 9 + c % 9, 18 + c / 27 * 3 + c % 9 / 3];
        let mut cells = [0u128; 27];
        for c in 0..81 {
            for h in house(c) {
                cells[h] |= 1 << c;
            }
        }
        Tables {
            peers: std::array::from_fn(|c| {
                house(c).iter().fold(0, |m, &h| m | cells[h]) & !(1 << c)
            }),
            houses: std::array::from_fn(|c| house(c).map(|h| cells[h])),
        }
    })
}

/// The givens of a 9×9 puzzle by digit, kept in step with the puzzle's values. The givens
/// must be those of one grid (no digit twice in a house), as they are wherever the crate
/// asks: a puzzle cut from its known solution.
#[derive(Clone, Debug)]
pub struct Singles9 {
    given: [u128; 9],
    /// Every given cell (the union of `given`).
    all: u128,
    /// The digits given in each house (bit `d - 1`), houses numbered as in [`HOUSES_OF`]: the
    /// digits a cell sees are the union of its three houses' masks, three loads instead of a
    /// test per digit.
    digits: [u16; 27],
}

impl Singles9 {
    /// From 81 values (0 = empty, 1–9).
    pub fn new(values: &[u8]) -> Singles9 {
        let mut given = [0u128; 9];
        for (c, &v) in values.iter().enumerate().take(81) {
            if (1..=9).contains(&v) {
                given[usize::from(v - 1)] |= 1 << c;
            }
        }
        let all = given.iter().fold(0, |m, &g| m | g);
        let mut digits = [0u16; 27];
        for (c, &v) in values.iter().enumerate().take(81) {
            if (1..=9).contains(&v) {
                for h in HOUSES_OF[c] {
                    digits[usize::from(h)] |= 1 << (v - 1);
                }
            }
        }
        Singles9 { given, all, digits }
    }

    /// The given cells (bit `c` for cell `c`).
    #[inline]
    pub fn givens(&self) -> u128 {
        self.all
    }

    /// The digits given among the peers of `cell` (bit `d - 1`), `cell` itself included.
    #[inline]
    fn seen(&self, cell: usize) -> u16 {
        let [r, c, b] = HOUSES_OF[cell];
        self.digits[usize::from(r)] | self.digits[usize::from(c)] | self.digits[usize::from(b)]
    }

    /// Records that `cell` now holds `v` (0: empty) where it held `old`.
    pub fn set(&mut self, cell: usize, old: u8, v: u8) {
        if (1..=9).contains(&old) {
            self.given[usize::from(old - 1)] &= !(1 << cell);
            self.all &= !(1 << cell);
            for h in HOUSES_OF[cell] {
                self.digits[usize::from(h)] &= !(1 << (old - 1));
            }
        }
        if (1..=9).contains(&v) {
            self.given[usize::from(v - 1)] |= 1 << cell;
            self.all |= 1 << cell;
            for h in HOUSES_OF[cell] {
                self.digits[usize::from(h)] |= 1 << (v - 1);
            }
        }
    }

    /// Whether the givens force each of `cells` (empty) to its digit in `solution` by a naked
    /// single (every other digit sees a given) or a hidden single (some house of the cell has
    /// no other cell free for the digit). Then the puzzle without those givens has exactly
    /// the solutions it had with them.
    pub fn force(&self, cells: &[usize], solution: &[u8]) -> bool {
        let t = tables();
        cells.iter().all(|&c| {
            let d = usize::from(solution[c]) - 1;
            // Naked: a peer holds each other digit (the cell is empty, so its own houses'
            // digits are its peers').
            if self.seen(c) | 1 << d == 0x1FF {
                return true;
            }
            // Hidden: the cells free for `d` are the empty ones no given `d` sees.
            let mut blocked = self.all;
            let mut g = self.given[d];
            while g != 0 {
                blocked |= t.peers[g.trailing_zeros() as usize];
                g &= g - 1;
            }
            let bit = 1u128 << c;
            t.houses[c].iter().any(|&h| h & !blocked & !bit == 0)
        })
    }
}

impl Singles9 {
    /// Whether a two-digit swap set of the solution grid `grid` (its digits as a
    /// [`Singles9`]) through `cell` lies in empty cells: then the puzzle has a second
    /// solution (see [`crate::swap`], which walks the same sets cell by cell on any layout).
    /// `digit` is the solution's digit at `cell`, which must be empty. Here a set grows a
    /// whole frontier at a time: the next cells are the frontier's peers holding either
    /// digit (a cell's only peers with the other digit are its swap partners, one a house).
    pub fn swap_set_empty(&self, cell: usize, digit: u8, grid: &Singles9) -> bool {
        let t = tables();
        let givens = self.all;
        let a = usize::from(digit - 1);
        let start = 1u128 << cell;
        // A digit whose partner of `cell` in some house is given fails at once: the cell
        // sees that given (most digits end here, so all are tested before any walk: the
        // digits left are those no peer of the cell holds).
        let mut open = 0x1FF & !self.seen(cell) & !(1 << a);
        'digits: while open != 0 {
            let b = open.trailing_zeros() as usize;
            open &= open - 1;
            let both = grid.given[a] | grid.given[b];
            let (mut set, mut frontier) = (start, start);
            loop {
                let mut next = 0u128;
                while frontier != 0 {
                    next |= t.peers[frontier.trailing_zeros() as usize];
                    frontier &= frontier - 1;
                }
                next &= both & !set;
                if next == 0 {
                    return true;
                }
                if next & givens != 0 {
                    continue 'digits;
                }
                set |= next;
                frontier = next;
            }
        }
        false
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A solution grid the tests here and in [`crate::cycles9`] cut puzzles from.
    pub(crate) const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    pub(crate) fn digits(s: &str) -> Vec<u8> {
        s.bytes().map(|b| b - b'0').collect()
    }

    #[test]
    fn a_cell_forced_by_a_naked_single_and_one_by_a_hidden_single() {
        let sol = digits(SOLUTION);
        // One cell emptied from the full grid: its 20 peers show the other eight digits.
        let mut values = sol.clone();
        values[0] = 0;
        let s = Singles9::new(&values);
        assert!(s.force(&[0], &sol));
        // Emptying a whole row leaves each of its cells a hidden single in its column.
        let mut values = sol.clone();
        for v in &mut values[..9] {
            *v = 0;
        }
        let mut s = Singles9::new(&values);
        assert!(s.force(&[0, 4, 8], &sol));
        // Emptying two whole rows of one band and the first column's other cells of that
        // band's boxes: cell 0 is no longer forced by one level of singles.
        let mut values = sol.clone();
        for v in &mut values[..27] {
            *v = 0;
        }
        s = Singles9::new(&values);
        assert!(!s.force(&[0], &sol));
        // `set` keeps the masks in step with the values.
        s.set(1, 0, sol[1]);
        s.set(1, sol[1], 0);
        assert!(!s.force(&[0], &sol));
        for (c, &v) in sol.iter().enumerate().take(27).skip(1) {
            s.set(c, 0, v);
        }
        assert!(s.force(&[0], &sol));
    }

    /// The mask walk answers exactly as the cell-by-cell walk of `crate::swap` on puzzles
    /// cut from one grid at random (from nearly full to nearly empty).
    #[test]
    fn swap_set_empty_agrees_with_the_swap_walk() {
        use crate::swap::SwapSets;
        let sol = digits(SOLUTION);
        let layout = sudokit_core::Layout::standard(9).unwrap();
        let sets = SwapSets::new(&layout, &sol).unwrap();
        let grid = Singles9::new(&sol);
        let mut rng = crate::rng::Rng::new(5);
        let (mut stack, mut seen) = (Vec::new(), Vec::new());
        let (mut yes, mut no) = (0, 0);
        for round in 0..200 {
            let keep = 1 + round % 80;
            let values: Vec<u8> = sol
                .iter()
                .map(|&v| if rng.below(81) < keep { v } else { 0 })
                .collect();
            let s = Singles9::new(&values);
            for c in (0..81).filter(|&c| values[c] == 0) {
                let walk = sets.breaks_uniqueness(&layout, &sol, &values, c, &mut stack, &mut seen);
                assert_eq!(
                    s.swap_set_empty(c, sol[c], &grid),
                    walk,
                    "{values:?} cell {c}"
                );
                if walk {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
        }
        assert!(yes > 100 && no > 100, "{yes} / {no}");
    }
}
