//! Unique and avoidable rectangles found the way HoDoKu 2.2.4's uniqueness search finds them
//! (issue 42): the finders of [`uniqueness`](super::uniqueness) use it in HoDoKu's order
//! ([`Options::hodoku`](crate::technique::Options::hodoku)) on a standard 9×9 grid.
//!
//! HoDoKu searches once per grid and applies, for each type in its order (types 1–6, then the
//! hidden rectangle; the avoidable rectangles in a search of their own), the first instance
//! its walk met. The walk decides which rectangles and which instances exist at all, so it is
//! reproduced as it is:
//! - a unique rectangle starts from a bivalue cell (in cell order) on its two digits; the
//!   second corner is a cell of its box (in box order) in its row or column where both digits
//!   are still allowed (no placed copy among its peers: HoDoKu allows missing candidates); the
//!   other two corners are the cells at the same place of the crossing lines in another box,
//!   where the first digit is allowed and (HoDoKu checks the same cell twice) the second is
//!   allowed in the fourth;
//! - a rectangle is tried once per grid, whatever its digits, by HoDoKu's number for its four
//!   sorted cells (`((a·10 + b)·10 + c)·10 + d`, which two rectangles can share: the second one
//!   is then skipped), and only the first 400 are remembered;
//! - in a rectangle the types come in HoDoKu's order (1, 2/5, 3 in the row, column and box, 4,
//!   6, hidden from each bivalue corner and each digit first); type 3's naked subset is any
//!   number of cells of the house, tried depth first in cell order, and type 4 needs the digit
//!   missing from every cell both roof cells see (their line and, when they share it, box);
//! - an avoidable rectangle starts from a cell placed by solving, its box partner placed by
//!   solving, and needs each open corner bivalue.
//!
//! Design decision: the search is a plain 9×9 walk over candidate masks and 81-bit cell sets,
//! kept apart from sudokit's own rectangle finder (any layout, every rectangle), so
//! `--order sudokit` keeps its path and this walk can follow HoDoKu's quirks exactly.

use sudokit_core::{Cell, Digit, DigitSet, House};

use std::rc::Rc;

use super::uniqueness::{Kind, Why};
use crate::grid::CandidateGrid;
use crate::memory::{Memory, StateKey};

/// A set of cells of the 9×9 grid, bit `i` for cell `i`.
type Set = u128;

/// An instance found: its four cells (sorted), its two digits, its eliminations and what they
/// rest on.
pub(crate) struct Found {
    pub cells: [Cell; 4],
    pub a: Digit,
    pub b: Digit,
    pub elims: Vec<(Cell, Digit)>,
    pub why: Why,
}

fn row(i: usize) -> usize {
    i / 9
}
fn col(i: usize) -> usize {
    i % 9
}
fn block(i: usize) -> usize {
    i / 27 * 3 + i % 9 / 3
}
fn bit(i: usize) -> Set {
    1u128 << i
}
/// The cells of `s`, ascending.
fn cells_of(mut s: Set) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (s != 0).then(|| {
            let i = s.trailing_zeros() as usize;
            s &= s - 1;
            i
        })
    })
}
/// The cells of row (`kind` 0), column (1) or box (2) `k`, in cell order.
fn unit(kind: usize, k: usize) -> [usize; 9] {
    std::array::from_fn(|j| match kind {
        0 => k * 9 + j,
        1 => j * 9 + k,
        _ => (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3,
    })
}
fn unit_set(kind: usize, k: usize) -> Set {
    unit(kind, k).iter().fold(0, |s, &i| s | bit(i))
}
/// Every cell seeing `i` (not `i` itself).
fn buddies(i: usize) -> Set {
    BUDDIES[i]
}
/// [`buddies`] of every cell, computed once at compile time.
const BUDDIES: [Set; 81] = {
    let mut out = [0; 81];
    let mut i = 0;
    while i < 81 {
        let mut j = 0;
        while j < 81 {
            let same_box = i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3;
            if j != i && (i / 9 == j / 9 || i % 9 == j % 9 || same_box) {
                out[i] |= 1u128 << j;
            }
            j += 1;
        }
        i += 1;
    }
    out
};
fn digit(d: usize) -> Digit {
    Digit::from_index(d - 1)
}
fn cell(i: usize) -> Cell {
    Cell::at(row(i), col(i), 9)
}

/// The grid as HoDoKu's search reads it.
struct Grid9 {
    /// Candidates, bit `d - 1` for digit `d` (none on a placed cell).
    cand: [u16; 81],
    value: [u8; 81],
    given: [bool; 81],
    /// Per digit, the cells holding it as a candidate.
    pos: [Set; 10],
    /// Per digit, the empty cells with no placed copy among their peers.
    allowed: [Set; 10],
}

impl Grid9 {
    fn new(g: &CandidateGrid) -> Grid9 {
        let mut s = Grid9 {
            cand: [0; 81],
            value: [0; 81],
            given: [false; 81],
            pos: [0; 10],
            allowed: [0; 10],
        };
        let mut empty: Set = 0;
        for i in 0..81 {
            let c = cell(i);
            s.given[i] = g.is_given(c);
            match g.value(c) {
                Some(v) => s.value[i] = v.get(),
                None => {
                    empty |= bit(i);
                    s.cand[i] = g.candidates(c).0 as u16;
                    let mut m = s.cand[i];
                    while m != 0 {
                        s.pos[m.trailing_zeros() as usize + 1] |= bit(i);
                        m &= m - 1;
                    }
                }
            }
        }
        for d in 1..=9 {
            s.allowed[d] = empty;
        }
        for i in 0..81 {
            if s.value[i] != 0 {
                s.allowed[s.value[i] as usize] &= !buddies(i);
            }
        }
        s
    }
    fn has(&self, i: usize, d: usize) -> bool {
        self.cand[i] >> (d - 1) & 1 == 1
    }
    /// The candidates among `cells` × `digits` the grid still holds.
    fn held(&self, cells: &[usize], digits: &[usize]) -> Vec<(usize, usize)> {
        cells
            .iter()
            .flat_map(|&i| digits.iter().map(move |&d| (i, d)))
            .filter(|&(i, d)| self.has(i, d))
            .collect()
    }
    fn count(&self, i: usize) -> u32 {
        self.cand[i].count_ones()
    }
}

/// HoDoKu's memory of the rectangles tried on one grid (its `checkRect`): `true` the first
/// time a rectangle's number comes up.
struct Tried(Vec<u32>);

impl Tried {
    fn first_time(&mut self, corners: [usize; 4]) -> bool {
        let mut t = corners;
        t.sort_unstable();
        let key = t.iter().fold(0u32, |k, &i| k * 10 + i as u32);
        if self.0.contains(&key) {
            return false;
        }
        if self.0.len() < 400 {
            self.0.push(key);
        }
        true
    }
}

/// One rectangle being checked: its corners in HoDoKu's order (start, its box partner, then
/// the two across), its digits, and its corners with and without extra candidates.
struct Rect<'a> {
    g: &'a Grid9,
    corners: [usize; 4],
    c1: usize,
    c2: usize,
    /// Corners holding no candidate but the two digits, and the others, in cell order.
    two: &'a [usize],
    extra: &'a [usize],
    all: Set,
}

impl Rect<'_> {
    fn mask(&self) -> u16 {
        1 << (self.c1 - 1) | 1 << (self.c2 - 1)
    }
    fn found(&self, elims: Vec<(usize, usize)>, why: Why) -> Found {
        let mut cells = self.corners.map(cell);
        cells.sort_unstable();
        Found {
            cells,
            a: digit(self.c1),
            b: digit(self.c2),
            elims: elims
                .into_iter()
                .map(|(i, d)| (cell(i), digit(d)))
                .collect(),
            why,
        }
    }

    /// Every instance of `want` in this rectangle, in HoDoKu's order; `false` once `emit`
    /// has had enough.
    fn check(&self, want: Kind, emit: &mut dyn FnMut(Found) -> bool) -> bool {
        let g = self.g;
        let (two, extra) = (self.two, self.extra);
        let ur = self.mask();
        let cands = |s: Set, d: usize| s & g.pos[d];
        let line_or_col = |a: usize, b: usize| row(a) == row(b) || col(a) == col(b);
        match want {
            Kind::T1 if two.len() == 3 => {
                let i = extra[0];
                let el = g.held(&[i], &[self.c1, self.c2]);
                if !el.is_empty() && !emit(self.found(el, Why::T1 { cell: cell(i) })) {
                    return false;
                }
            }
            Kind::T2 | Kind::T5 if two.len() == 1 || two.len() == 2 => {
                let add = extra.iter().fold(0u16, |m, &i| m | (g.cand[i] & !ur));
                if add.count_ones() == 1 {
                    let x = add.trailing_zeros() as usize + 1;
                    let seen = extra.iter().fold(!0, |s, &i| s & buddies(i));
                    let targets = cands(seen, x);
                    let kind = if extra.len() == 3 || !line_or_col(extra[0], extra[1]) {
                        Kind::T5
                    } else {
                        Kind::T2
                    };
                    if targets != 0 && kind == want {
                        let el = cells_of(targets).map(|i| (i, x)).collect();
                        let roof = extra.iter().map(|&i| cell(i)).collect();
                        if !emit(self.found(el, Why::T2 { x: digit(x), roof })) {
                            return false;
                        }
                    }
                }
            }
            Kind::T3 if two.len() == 2 => {
                let (i1, i2) = (extra[0], extra[1]);
                let u3 = (g.cand[i1] | g.cand[i2]) & !ur;
                for kind in 0..3 {
                    let k = [row, col, block][kind];
                    if k(i1) == k(i2) && !self.subsets(kind, k(i1), u3, emit) {
                        return false;
                    }
                }
            }
            Kind::T4 if two.len() == 2 && line_or_col(extra[0], extra[1]) => {
                let (i1, i2) = (extra[0], extra[1]);
                let seen = buddies(i1) & buddies(i2);
                let del = if cands(seen, self.c1) == 0 {
                    Some((self.c2, self.c1))
                } else if cands(seen, self.c2) == 0 {
                    Some((self.c1, self.c2))
                } else {
                    None
                };
                if let Some((y, x)) = del {
                    let el = g.held(&[i1, i2], &[y]);
                    let houses = shared_houses(&[i1, i2]);
                    let why = Why::T4 {
                        houses,
                        x: digit(x),
                        y: digit(y),
                        roof: [cell(i1), cell(i2)],
                    };
                    if !el.is_empty() && !emit(self.found(el, why)) {
                        return false;
                    }
                }
            }
            Kind::T6 if two.len() == 2 && !line_or_col(extra[0], extra[1]) => {
                let (i1, i2) = (extra[0], extra[1]);
                let lines = (unit_set(0, row(i1))
                    | unit_set(1, col(i1))
                    | unit_set(0, row(i2))
                    | unit_set(1, col(i2)))
                    & !self.all;
                let del = [self.c1, self.c2]
                    .into_iter()
                    .find(|&d| cands(lines, d) == 0);
                if let Some(x) = del {
                    let el = g.held(&[i1, i2], &[x]);
                    if !el.is_empty() && !emit(self.found(el, Why::T6 { x: digit(x) })) {
                        return false;
                    }
                }
            }
            Kind::Hidden if two.len() == 1 || (two.len() == 2 && !line_or_col(two[0], two[1])) => {
                for &corner in two {
                    // The corner's opposite: the other row and column of the rectangle.
                    let (a0, a1) = (extra[0], extra[1]);
                    let r = if row(a0) == row(corner) {
                        row(a1)
                    } else {
                        row(a0)
                    };
                    let c = if col(a0) == col(corner) {
                        col(a1)
                    } else {
                        col(a0)
                    };
                    for (x, y) in [(self.c1, self.c2), (self.c2, self.c1)] {
                        let outside = (unit_set(0, r) | unit_set(1, c)) & !self.all;
                        let z = r * 9 + c;
                        if cands(outside, x) != 0 || !g.has(z, y) {
                            continue;
                        }
                        let why = Why::Hidden {
                            z: cell(z),
                            x: digit(x),
                            y: digit(y),
                        };
                        if !emit(self.found(vec![(z, y)], why)) {
                            return false;
                        }
                    }
                }
            }
            _ => {}
        }
        true
    }

    /// Type 3 in one house (`kind` 0 row, 1 column, 2 box; number `k`) of both roof cells:
    /// every set of the house's other cells without the two digits, depth first in cell
    /// order, that with the roof's extra digits `u3` makes one digit fewer than cells.
    fn subsets(&self, kind: usize, k: usize, u3: u16, emit: &mut dyn FnMut(Found) -> bool) -> bool {
        let g = self.g;
        let ur = self.mask();
        let house = unit(kind, k);
        let free: Vec<usize> = house
            .iter()
            .copied()
            .filter(|&i| g.cand[i] != 0 && g.cand[i] & ur == 0 && self.all & bit(i) == 0)
            .collect();
        let roof = bit(self.extra[0]) | bit(self.extra[1]);
        self.subsets_from(kind, &house, &free, 0, u3, roof, emit)
    }

    #[allow(
        clippy::too_many_arguments,
        reason = "one level of HoDoKu's depth-first walk"
    )]
    fn subsets_from(
        &self,
        kind: usize,
        house: &[usize; 9],
        free: &[usize],
        start: usize,
        digits: u16,
        members: Set,
        emit: &mut dyn FnMut(Found) -> bool,
    ) -> bool {
        let g = self.g;
        for (n, &i) in free.iter().enumerate().skip(start) {
            let digits = digits | g.cand[i];
            let members = members | bit(i);
            let size = members.count_ones();
            // In a box, a subset within one line was already tried in that line.
            if (kind != 2 || !in_one_line(members)) && digits.count_ones() + 1 == size {
                let strike = |cells: &[usize], el: &mut Vec<(usize, usize)>| {
                    for &c in cells {
                        if g.value[c] != 0 || members & bit(c) != 0 {
                            continue;
                        }
                        for d in 1..=9 {
                            if (g.cand[c] & digits) >> (d - 1) & 1 == 1 {
                                el.push((c, d));
                            }
                        }
                    }
                };
                let mut el = Vec::new();
                strike(house, &mut el);
                if !el.is_empty() {
                    let mut houses = vec![(kind, house)];
                    let one_box = cells_of(members).map(block).collect::<Vec<_>>();
                    let boxed = unit(2, one_box[0]);
                    if kind != 2 && one_box.iter().all(|&b| b == one_box[0]) {
                        strike(&boxed, &mut el);
                        houses.push((2, &boxed));
                    }
                    el.sort_unstable();
                    el.dedup();
                    let sub = cells_of(members & !bit(self.extra[0]) & !bit(self.extra[1]))
                        .map(cell)
                        .collect();
                    let why = Why::T3 {
                        roof: [cell(self.extra[0]), cell(self.extra[1])],
                        extra: DigitSet(u64::from(
                            (g.cand[self.extra[0]] | g.cand[self.extra[1]]) & !self.mask(),
                        )),
                        sub,
                        digits: DigitSet(u64::from(digits)),
                        houses: houses.iter().map(|&(t, h)| house_of(t, h[0])).collect(),
                    };
                    if !emit(self.found(el, why)) {
                        return false;
                    }
                }
            }
            if !self.subsets_from(kind, house, free, n + 1, digits, members, emit) {
                return false;
            }
        }
        true
    }
}

/// Whether every cell of `s` is in one row or one column.
fn in_one_line(s: Set) -> bool {
    let cells: Vec<usize> = cells_of(s).collect();
    cells.iter().all(|&i| row(i) == row(cells[0])) || cells.iter().all(|&i| col(i) == col(cells[0]))
}

/// The house of type `kind` (0 row, 1 column, 2 box) holding cell `i`, as sudokit numbers
/// houses on a standard grid (rows, then columns, then boxes).
fn house_of(kind: usize, i: usize) -> House {
    let k = [row, col, block][kind](i);
    House((kind * 9 + k) as u16)
}

/// The houses the cells all share, rows before columns before boxes.
fn shared_houses(cells: &[usize]) -> Vec<House> {
    (0..3)
        .filter(|&t| {
            let k = [row, col, block][t];
            cells.iter().all(|&i| k(i) == k(cells[0]))
        })
        .map(|t| house_of(t, cells[0]))
        .collect()
}

/// The cells of `i`'s box in its row or column (a rectangle's second corner), in box order.
fn partners(i: usize) -> impl Iterator<Item = usize> {
    unit(2, block(i))
        .into_iter()
        .filter(move |&j| j != i && (row(j) == row(i) || col(j) == col(i)))
}

/// The rectangle's other two corners for corners `i11` and `i12` (one box, one line): the
/// cells at the same place of their crossing lines, outside their box, in line order.
fn across(i11: usize, i12: usize) -> impl Iterator<Item = (usize, usize)> {
    let (u11, u12) = if row(i11) == row(i12) {
        (unit(1, col(i11)), unit(1, col(i12)))
    } else {
        (unit(0, row(i11)), unit(0, row(i12)))
    };
    (0..9)
        .map(move |j| (u11[j], u12[j]))
        .filter(move |&(i21, _)| block(i21) != block(i11))
}

/// A rectangle HoDoKu's unique-rectangle walk meets: its corners in the walk's order, its two
/// digits, and its corners without and with extra candidates (cell order).
struct Met {
    corners: [usize; 4],
    c1: usize,
    c2: usize,
    two: Vec<usize>,
    extra: Vec<usize>,
}

/// HoDoKu's unique-rectangle walk over one grid: the grid as the walk reads it and the
/// rectangles it meets, in order. The walk does not depend on the type looked for (only the
/// check of each rectangle does), so the types 1–6 and the hidden rectangle, asked one after
/// the other on the same grid, share one walk: [`walked`] keeps it in the finder's memory,
/// keyed by the whole grid (values, candidates, givens, layout), and each type checks the
/// same rectangles in the same order its own walk would have met them.
pub(crate) struct Walk {
    key: (StateKey, Vec<bool>),
    g: Grid9,
    met: Vec<Met>,
}

/// The memory's slot for the last [`Walk`].
pub(crate) type WalkCache = Option<Rc<Walk>>;

/// The walk of `g`: the one kept in `memory` when it was made on this same grid, else a new
/// one (then kept).
pub(crate) fn walked(g: &CandidateGrid, memory: &Memory) -> Rc<Walk> {
    if let Some(w) = memory
        .hodoku_rects
        .borrow()
        .as_ref()
        .filter(|w| g.has_state(&w.key.0) && w.key.1[..] == *g.given_flags())
    {
        return w.clone();
    }
    let w = Rc::new(walk(g, (g.state_key(), g.given_flags().to_vec())));
    *memory.hodoku_rects.borrow_mut() = Some(w.clone());
    w
}

/// HoDoKu's walk: every rectangle it meets on `g`, in its order.
fn walk(g: &CandidateGrid, key: (StateKey, Vec<bool>)) -> Walk {
    let g = Grid9::new(g);
    let mut tried = Tried(Vec::new());
    let mut met = Vec::new();
    for i11 in 0..81 {
        if g.count(i11) != 2 {
            continue;
        }
        let c1 = g.cand[i11].trailing_zeros() as usize + 1;
        let c2 = 16 - g.cand[i11].leading_zeros() as usize;
        let (a1, a2) = (g.allowed[c1], g.allowed[c2]);
        for i12 in partners(i11) {
            if a1 & bit(i12) == 0 || a2 & bit(i12) == 0 {
                continue;
            }
            for (i21, i22) in across(i11, i12) {
                // HoDoKu's check: the first digit allowed in both, the second in i22 (twice).
                if a1 & bit(i21) == 0 || a1 & bit(i22) == 0 || a2 & bit(i22) == 0 {
                    continue;
                }
                let corners = [i11, i12, i21, i22];
                if !tried.first_time(corners) {
                    continue;
                }
                let ur = 1u16 << (c1 - 1) | 1 << (c2 - 1);
                let mut sorted = corners;
                sorted.sort_unstable();
                let (two, extra): (Vec<usize>, Vec<usize>) =
                    sorted.iter().partition(|&&i| g.cand[i] & !ur == 0);
                met.push(Met {
                    corners,
                    c1,
                    c2,
                    two,
                    extra,
                });
            }
        }
    }
    Walk { key, g, met }
}

impl Walk {
    /// Every unique rectangle or hidden rectangle of type `want`, in the order HoDoKu's walk
    /// finds them; stops when `emit` returns `false`.
    pub(crate) fn unique(&self, want: Kind, emit: &mut dyn FnMut(Found) -> bool) {
        for m in &self.met {
            let rect = Rect {
                g: &self.g,
                corners: m.corners,
                c1: m.c1,
                c2: m.c2,
                two: &m.two,
                extra: &m.extra,
                all: m.corners.iter().fold(0, |s, &i| s | bit(i)),
            };
            if !rect.check(want, emit) {
                return;
            }
        }
    }
}

/// Every unique rectangle or hidden rectangle of type `want` on `g`, in the order HoDoKu's
/// walk finds them, from a walk of its own (the finders share one through [`walked`]); stops
/// when `emit` returns `false`.
#[cfg(test)]
pub(crate) fn unique(g: &CandidateGrid, want: Kind, emit: &mut dyn FnMut(Found) -> bool) {
    walk(g, (g.state_key(), Vec::new())).unique(want, emit);
}

impl Walk {
    /// Every avoidable rectangle of type `want` (`Ar1` or `Ar2`) on the walk's grid, in the
    /// order HoDoKu's walk finds them; stops when `emit` returns `false`. On the grid the
    /// unique-rectangle walk already read (session 64: the avoidable rectangles read the grid
    /// afresh at each call, about 4,900 instructions).
    pub(crate) fn avoidable(&self, want: Kind, emit: &mut dyn FnMut(Found) -> bool) {
        avoidable_on(&self.g, want, emit);
    }
}

/// [`Walk::avoidable`] on `g`.
fn avoidable_on(g: &Grid9, want: Kind, emit: &mut dyn FnMut(Found) -> bool) {
    let mut tried = Tried(Vec::new());
    let solved = |i: usize| g.value[i] != 0 && !g.given[i];
    let open_with = |i: usize, d: usize| g.value[i] == 0 && g.has(i, d) && g.count(i) == 2;
    for i11 in 0..81 {
        if !solved(i11) {
            continue;
        }
        let c1 = g.value[i11] as usize;
        for i12 in partners(i11).filter(|&i| solved(i)) {
            let c2 = g.value[i12] as usize;
            for (i21, i22) in across(i11, i12) {
                let fits = (solved(i21) && g.value[i21] as usize == c2 && open_with(i22, c1))
                    || (solved(i22) && g.value[i22] as usize == c1 && open_with(i21, c2))
                    || (open_with(i21, c2) && open_with(i22, c1));
                if !fits || !tried.first_time([i11, i12, i21, i22]) {
                    continue;
                }
                let mut cells = [i11, i12, i21, i22].map(cell);
                cells.sort_unstable();
                let (a, b) = (digit(c1.min(c2)), digit(c1.max(c2)));
                let found = if g.value[i21] != 0 || g.value[i22] != 0 {
                    let (z, x) = if g.value[i21] != 0 {
                        (i22, c1)
                    } else {
                        (i21, c2)
                    };
                    (want == Kind::Ar1 && g.has(z, x)).then(|| Found {
                        cells,
                        a,
                        b,
                        elims: vec![(cell(z), digit(x))],
                        why: Why::Ar1 {
                            cell: cell(z),
                            x: digit(x),
                        },
                    })
                } else {
                    let other = g.cand[i21] & !(1 << (c2 - 1));
                    let x = other.trailing_zeros() as usize + 1;
                    let targets = buddies(i21) & buddies(i22) & g.pos[x];
                    (want == Kind::Ar2 && g.has(i22, x) && targets != 0).then(|| Found {
                        cells,
                        a,
                        b,
                        elims: cells_of(targets).map(|i| (cell(i), digit(x))).collect(),
                        why: Why::Ar2 {
                            x: digit(x),
                            open: [cell(i21), cell(i22)],
                        },
                    })
                };
                if let Some(found) = found
                    && !emit(found)
                {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compile-time table is the union of the three houses, less the cell.
    #[test]
    fn buddies_are_the_three_houses_less_the_cell() {
        for i in 0..81 {
            let want =
                (unit_set(0, row(i)) | unit_set(1, col(i)) | unit_set(2, block(i))) & !bit(i);
            assert_eq!(buddies(i), want, "cell {i}");
            assert_eq!(buddies(i).count_ones(), 20, "cell {i}");
        }
    }

    /// The walk kept in a memory shared along solving paths gives, for every type, the
    /// instances a walk of the grid's own gives, in the same order: the kept walk is used only
    /// on the very grid it was made on (checked by asking every type on each grid, and the
    /// grids of three paths one after the other through one memory, so a stale walk would
    /// show).
    #[test]
    fn kept_walk_matches_a_fresh_one() {
        use sudokit_core::format::{InputFormat, parse_one};
        let solver = crate::LogicSolver::default();
        let memory = Memory::new();
        let kinds = [
            Kind::T1,
            Kind::T2,
            Kind::T3,
            Kind::T4,
            Kind::T5,
            Kind::T6,
            Kind::Hidden,
        ];
        let key = |x: Found| (x.cells, x.a, x.b, x.elims);
        let (mut grids, mut found) = (0, 0);
        for puzzle in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        ] {
            let mut g = CandidateGrid::new(&parse_one(puzzle, InputFormat::Auto).unwrap());
            while let Some(step) = solver.next_step(&g) {
                for (k, &kind) in kinds.iter().enumerate() {
                    let mut fresh = Vec::new();
                    unique(&g, kind, &mut |x| {
                        fresh.push(key(x));
                        true
                    });
                    let mut kept = Vec::new();
                    walked(&g, &memory).unique(kind, &mut |x| {
                        kept.push(key(x));
                        true
                    });
                    assert_eq!(kept, fresh, "{kind:?} on {:?}", g.values());
                    // Stopping after the first instance stops there in both.
                    let mut first = Vec::new();
                    walked(&g, &memory).unique(kind, &mut |x| {
                        first.push(key(x));
                        false
                    });
                    assert_eq!(first, fresh.iter().take(1).cloned().collect::<Vec<_>>());
                    found += fresh.len();
                    if k == 0 {
                        grids += 1;
                    }
                }
                g.apply(&step);
            }
        }
        assert!(
            grids > 150 && found > 20,
            "{grids} grids, {found} instances"
        );
    }

    /// `cells_of` lists a set's cells ascending, as a scan of 0..81 does.
    #[test]
    fn cells_of_lists_ascending() {
        for s in [
            0,
            1,
            1 << 80,
            buddies(40),
            buddies(0) | 1 << 80,
            (1u128 << 81) - 1,
        ] {
            let scan: Vec<usize> = (0..81).filter(|&i| s >> i & 1 == 1).collect();
            assert_eq!(cells_of(s).collect::<Vec<_>>(), scan);
        }
    }
}
