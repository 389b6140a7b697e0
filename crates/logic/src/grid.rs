//! The candidate grid (pencil marks) every technique reads: placed values and, for each empty
//! cell, the digits still possible there.
//!
//! Design decision: one flat `Vec<DigitSet>` of candidates plus the placed values, over the
//! shared immutable [`Layout`] tables, works for every side and region layout; the derived
//! tables (a peer bitset per cell, so `sees` is one bit test; a cell bitset per house; and,
//! built on first use, each cell's peers as places in every row and column,
//! `CandidateGrid::line_peers`) live behind an `Arc` and are shared by every clone, so trial
//! solving (forcing chains, the explained guess) copies only the candidates. Positions of a
//! digit inside a house are computed on demand as a `u64` mask over the house's cell list (a
//! house has N ≤ 64 cells), which is what fish, subsets and intersections work on. A
//! [`CellSet`] keeps its words inline up to 256 cells (every layout up to 16×16) and on the
//! heap beyond, so the ALS, chain and colouring finders, which make and clone many small sets
//! per step, allocate none on common grids.

use std::sync::{Arc, OnceLock};

use sudokit_core::{Cell, Digit, DigitSet, Grid, House, HouseKind, Layout};

use crate::kernel::bits::bits;
use crate::step::{Candidate, Step};

/// A set of cells of one layout, as a bitset (N² ≤ 4096 bits).
#[derive(Clone, Debug, Default)]
pub struct CellSet {
    words: Words,
}

/// Words kept inline in a [`CellSet`]: 256 cells, every layout up to 16×16.
const INLINE_WORDS: usize = 4;

/// A cell set's words: inline up to [`INLINE_WORDS`] (no allocation, cheap to clone), on the
/// heap beyond. Inline words past the set's length are always zero, so two inline sets of one
/// length combine word by word over the whole array, without bounds or length checks.
#[derive(Clone, Debug)]
enum Words {
    Inline(usize, [u64; INLINE_WORDS]),
    Heap(Vec<u64>),
}

impl Default for Words {
    fn default() -> Words {
        Words::Inline(0, [0; INLINE_WORDS])
    }
}

impl Words {
    fn zeros(n: usize) -> Words {
        if n <= INLINE_WORDS {
            Words::Inline(n, [0; INLINE_WORDS])
        } else {
            Words::Heap(vec![0; n])
        }
    }
    fn as_slice(&self) -> &[u64] {
        match self {
            Words::Inline(n, w) => &w[..*n],
            Words::Heap(v) => v,
        }
    }
    fn as_mut_slice(&mut self) -> &mut [u64] {
        match self {
            Words::Inline(n, w) => &mut w[..*n],
            Words::Heap(v) => v,
        }
    }
    /// Both inline with the same length: their whole arrays.
    fn pair<'a>(
        &'a self,
        other: &'a Words,
    ) -> Option<(&'a [u64; INLINE_WORDS], &'a [u64; INLINE_WORDS])> {
        match (self, other) {
            (Words::Inline(n, a), Words::Inline(m, b)) if n == m => Some((a, b)),
            _ => None,
        }
    }
    /// Applies `op` to each word of `self` and the matching word of `other` (the shorter
    /// length governs).
    fn combine(&mut self, other: &Words, op: impl Fn(u64, u64) -> u64) {
        match (self, other) {
            (Words::Inline(n, a), Words::Inline(m, b)) if n == m => {
                for (x, y) in a.iter_mut().zip(b) {
                    *x = op(*x, *y);
                }
            }
            (this, _) => {
                for (x, y) in this.as_mut_slice().iter_mut().zip(other.as_slice()) {
                    *x = op(*x, *y);
                }
            }
        }
    }
}

impl PartialEq for CellSet {
    fn eq(&self, other: &CellSet) -> bool {
        self.words.as_slice() == other.words.as_slice()
    }
}

impl Eq for CellSet {}

impl std::hash::Hash for CellSet {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.words.as_slice().hash(state);
    }
}

impl CellSet {
    /// The empty set for a grid of `cells` cells.
    pub fn new(cells: usize) -> CellSet {
        CellSet {
            words: Words::zeros(cells.div_ceil(64)),
        }
    }
    /// Adds `c`.
    pub fn insert(&mut self, c: Cell) {
        self.words.as_mut_slice()[c.index() / 64] |= 1 << (c.index() % 64);
    }
    /// Removes `c`.
    pub fn remove(&mut self, c: Cell) {
        self.words.as_mut_slice()[c.index() / 64] &= !(1 << (c.index() % 64));
    }
    /// Whether `c` is in the set.
    pub fn contains(&self, c: Cell) -> bool {
        self.words
            .as_slice()
            .get(c.index() / 64)
            .is_some_and(|w| w >> (c.index() % 64) & 1 == 1)
    }
    /// Number of cells.
    pub fn len(&self) -> usize {
        self.words
            .as_slice()
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.as_slice().iter().all(|&w| w == 0)
    }
    /// Keeps only the cells also in `other`.
    pub fn intersect_with(&mut self, other: &CellSet) {
        self.words.combine(&other.words, |a, b| a & b);
    }
    /// Adds every cell of `other`.
    pub fn union_with(&mut self, other: &CellSet) {
        self.words.combine(&other.words, |a, b| a | b);
    }
    /// Removes every cell of `other`.
    pub fn subtract(&mut self, other: &CellSet) {
        self.words.combine(&other.words, |a, b| a & !b);
    }
    /// Whether every cell of `self` is in `other`.
    #[inline]
    pub fn is_subset_of(&self, other: &CellSet) -> bool {
        if let Some((a, b)) = self.words.pair(&other.words) {
            return a.iter().zip(b).fold(0, |acc, (x, y)| acc | (x & !y)) == 0;
        }
        self.words
            .as_slice()
            .iter()
            .zip(other.words.as_slice().iter().chain(std::iter::repeat(&0)))
            .all(|(a, b)| a & !b == 0)
    }
    /// Number of cells of the set among `words` (bits in reading order, 64 cells a word, as
    /// a digit's plane from [`CandidateGrid::digit_planes`]).
    pub(crate) fn count_within(&self, words: &[u64]) -> u32 {
        self.words
            .as_slice()
            .iter()
            .zip(words)
            .map(|(a, b)| (a & b).count_ones())
            .sum()
    }
    /// Whether the two sets share a cell.
    #[inline]
    pub fn intersects(&self, other: &CellSet) -> bool {
        if let Some((a, b)) = self.words.pair(&other.words) {
            return a.iter().zip(b).fold(0, |acc, (x, y)| acc | (x & y)) != 0;
        }
        self.words
            .as_slice()
            .iter()
            .zip(other.words.as_slice())
            .any(|(a, b)| a & b != 0)
    }
    /// The set's words (bit `c % 64` of word `c / 64` for cell `c`).
    pub(crate) fn words(&self) -> &[u64] {
        self.words.as_slice()
    }
    /// The cells in reading order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        let words = self.words.as_slice();
        words
            .iter()
            .enumerate()
            .flat_map(|(i, &w)| bits(w).map(move |b| Cell((i * 64 + b) as u16)))
    }
}

/// A house's class in HoDoKu's search order: boxes (or jigsaw regions), rows, columns, extra
/// houses.
pub(crate) fn house_class(l: &Layout, h: House) -> u8 {
    match l.house_kind(h) {
        HouseKind::Box(_) | HouseKind::Region(_) => 0,
        HouseKind::Row(_) => 1,
        HouseKind::Column(_) => 2,
        _ => 3,
    }
}

/// Derived geometry shared by every clone of a candidate grid of one layout.
#[derive(Debug)]
struct Geometry {
    layout: Arc<Layout>,
    /// Peer bitset of every cell (a cell is not its own peer).
    peers: Vec<CellSet>,
    /// Cell bitset of every house.
    houses: Vec<CellSet>,
    /// A hash of the houses and peers, so caches keyed by a grid's state tell layouts apart
    /// (an empty jigsaw and an empty 9×9 have the same values and candidates).
    fingerprint: u64,
    /// Whether every cell's peers are exactly the cells sharing a house with it (no
    /// anti-knight or anti-king neighbours), so a clash of placed digits shows within a house.
    house_peers: bool,
    /// The houses in HoDoKu's search order ([`house_class`], then index): what
    /// [`CandidateGrid::boxes_first`] gives.
    boxes_first: Vec<House>,
    /// [`CandidateGrid::line_peers`]' table, built on first use (only the finned basic fish
    /// walk asks it, and on the largest layouts it takes megabytes).
    line_peers: OnceLock<Vec<u64>>,
}

thread_local! {
    /// The last geometry built on this thread: a batch of puzzles shares one layout, and each
    /// puzzle makes several candidate grids (the path, the levels, the checks).
    static LAST_GEOMETRY: std::cell::RefCell<Option<Arc<Geometry>>> =
        const { std::cell::RefCell::new(None) };
}

impl Geometry {
    /// The geometry of `layout`, shared with the last grid of an equal layout on this thread.
    fn shared(layout: Arc<Layout>) -> Arc<Geometry> {
        LAST_GEOMETRY.with(|last| {
            let mut last = last.borrow_mut();
            if let Some(g) = last.as_ref()
                && (Arc::ptr_eq(&g.layout, &layout)
                    // `==` on layouts compares the region map, not how regions are named (a
                    // jigsaw of 3×3 boxes equals the standard 9×9): names are in the text.
                    || (*g.layout == *layout && g.layout.regions() == layout.regions()))
            {
                return g.clone();
            }
            let g = Arc::new(Geometry::new(layout));
            *last = Some(g.clone());
            g
        })
    }

    fn new(layout: Arc<Layout>) -> Geometry {
        let cells = layout.cell_count();
        let peers: Vec<CellSet> = (0..cells)
            .map(|i| {
                let mut s = CellSet::new(cells);
                for &p in layout.peers(Cell(i as u16)) {
                    s.insert(p);
                }
                s
            })
            .collect();
        let houses = layout
            .houses()
            .map(|h| {
                let mut s = CellSet::new(cells);
                for &c in layout.house_cells(h) {
                    s.insert(c);
                }
                s
            })
            .collect();
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for house in layout.houses() {
            std::hash::Hash::hash(&layout.house_cells(house), &mut h);
        }
        std::hash::Hash::hash(&peers, &mut h);
        let fingerprint = std::hash::Hasher::finish(&h);
        let house_peers = peers.iter().enumerate().all(|(i, p)| {
            let c = Cell(i as u16);
            let mut mates = CellSet::new(cells);
            for &h in layout.houses_of(c) {
                for &m in layout.house_cells(h) {
                    mates.insert(m);
                }
            }
            mates.remove(c);
            mates == *p
        });
        // Four passes in index order: the order a stable sort by class gives.
        let mut boxes_first = Vec::with_capacity(layout.house_count());
        for k in 0..4 {
            boxes_first.extend(layout.houses().filter(|&h| house_class(&layout, h) == k));
        }
        Geometry {
            layout,
            peers,
            houses,
            fingerprint,
            house_peers,
            boxes_first,
            line_peers: OnceLock::new(),
        }
    }

    /// For the rows, then the columns, as lines: for each cell `e` and each line `r`, the
    /// places of line `r` (bits over its cells) holding `e` or a peer of `e`; the mask of
    /// (orientation, `e`, `r`) is at `(orientation · N² + e) · N + r`.
    fn line_peers(&self) -> Vec<u64> {
        let l = &*self.layout;
        let (n, cells) = (l.size(), l.cell_count());
        let mut out = vec![0u64; 2 * cells * n];
        for (o, by_rows) in [true, false].into_iter().enumerate() {
            // Each cell's line and place in it.
            let mut at = vec![(0usize, 0usize); cells];
            for h in l.houses() {
                let r = match l.house_kind(h) {
                    HouseKind::Row(r) if by_rows => r,
                    HouseKind::Column(c) if !by_rows => c,
                    _ => continue,
                };
                for (i, c) in l.house_cells(h).iter().enumerate() {
                    at[c.index()] = (r, i);
                }
            }
            for e in 0..cells {
                let table = &mut out[(o * cells + e) * n..(o * cells + e + 1) * n];
                for x in
                    std::iter::once(Cell(e as u16)).chain(l.peers(Cell(e as u16)).iter().copied())
                {
                    let (r, i) = at[x.index()];
                    table[r] |= 1 << i;
                }
            }
        }
        out
    }
}

/// Why a candidate grid cannot lead to a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// An empty cell has no candidate left.
    EmptyCell(Cell),
    /// A digit has no place left in a house.
    NoPlace(House, Digit),
    /// Two equal placed digits see each other.
    Clash(Cell, Cell),
}

/// Placed digits and pencil marks on any [`Layout`]. See the module docs.
#[derive(Clone, Debug)]
pub struct CandidateGrid {
    geo: Arc<Geometry>,
    values: Vec<u8>,
    cands: Vec<DigitSet>,
    givens: Vec<bool>,
}

/// A candidate grid's values and candidates at one moment, for
/// [`CandidateGrid::contradiction_since`]; its buffers are reused from one step to the next.
#[derive(Default)]
pub(crate) struct Snapshot {
    values: Vec<u8>,
    cands: Vec<DigitSet>,
}

impl Snapshot {
    /// `g`'s values and candidates now.
    pub(crate) fn take(&mut self, g: &CandidateGrid) {
        self.values.clone_from(&g.values);
        self.cands.clone_from(&g.cands);
    }
}

impl PartialEq for CandidateGrid {
    fn eq(&self, other: &CandidateGrid) -> bool {
        *self.geo.layout == *other.geo.layout
            && self.values == other.values
            && self.cands == other.cands
    }
}

impl CandidateGrid {
    /// The candidate grid of a puzzle: its filled cells are givens, and every empty cell holds
    /// the digits no peer has placed.
    pub fn new(grid: &Grid) -> CandidateGrid {
        let geo = Geometry::shared(grid.layout_arc().clone());
        let cells = grid.values().len();
        let mut g = CandidateGrid {
            geo,
            values: grid.values().to_vec(),
            cands: vec![DigitSet::EMPTY; cells],
            givens: grid.values().iter().map(|&v| v != 0).collect(),
        };
        g.recompute_candidates();
        g
    }

    /// A grid with explicit pencil marks: `values` (0 = empty) and, for each empty cell, its
    /// candidates; `givens` marks which filled cells were given (others were placed by a solver
    /// or a person). Candidates of filled cells are ignored.
    pub fn with_candidates(
        layout: Arc<Layout>,
        values: Vec<u8>,
        cands: Vec<DigitSet>,
        givens: Vec<bool>,
    ) -> CandidateGrid {
        assert_eq!(
            values.len(),
            layout.cell_count(),
            "values must have N² cells"
        );
        assert_eq!(cands.len(), values.len(), "candidates must have N² cells");
        assert_eq!(givens.len(), values.len(), "givens must have N² cells");
        let geo = Geometry::shared(layout);
        let cands = cands
            .iter()
            .zip(&values)
            .map(|(&c, &v)| if v == 0 { c } else { DigitSet::EMPTY })
            .collect();
        CandidateGrid {
            geo,
            values,
            cands,
            givens,
        }
    }

    /// Removes from every empty cell the digits its peers hold (keeps other eliminations):
    /// pencil marks people type are often not updated after a placement.
    pub fn drop_seen_candidates(&mut self) {
        for i in 0..self.values.len() {
            if let Some(d) = Digit::new(self.values[i]) {
                let geo = Arc::clone(&self.geo);
                for &p in geo.layout.peers(Cell(i as u16)) {
                    self.cands[p.index()].remove(d);
                }
            }
        }
    }

    /// Recomputes every empty cell's candidates from the placed digits (forgets eliminations).
    pub fn recompute_candidates(&mut self) {
        let n = self.size();
        for i in 0..self.values.len() {
            self.cands[i] = if self.values[i] != 0 {
                DigitSet::EMPTY
            } else {
                let mut set = DigitSet::full(n);
                for &p in self.geo.layout.peers(Cell(i as u16)) {
                    if let Some(d) = Digit::new(self.values[p.index()]) {
                        set.remove(d);
                    }
                }
                set
            };
        }
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.geo.layout
    }
    /// The shared layout handle.
    pub fn layout_arc(&self) -> &Arc<Layout> {
        &self.geo.layout
    }
    /// The houses in HoDoKu's search order: boxes (or jigsaw regions), then rows, then
    /// columns, then any extra house ([`house_class`]), each class in house order. Made once
    /// per layout.
    pub(crate) fn boxes_first(&self) -> &[House] {
        &self.geo.boxes_first
    }
    /// Whether every cell's peers are exactly the cells sharing a house with it (no
    /// anti-knight or anti-king neighbours).
    pub(crate) fn house_peers(&self) -> bool {
        self.geo.house_peers
    }
    /// Side N.
    pub fn size(&self) -> usize {
        self.geo.layout.size()
    }
    /// Number of cells N².
    pub fn cell_count(&self) -> usize {
        self.values.len()
    }
    /// The placed digit of `cell`, if any.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }
    /// Raw values in reading order (0 = empty).
    pub fn values(&self) -> &[u8] {
        &self.values
    }
    /// The grid's state (its layout's fingerprint, values and candidates) as a key, for caches
    /// that finders keep between calls on the same grid.
    pub(crate) fn state_key(&self) -> (u64, Vec<u8>, Vec<u64>) {
        (
            self.geo.fingerprint,
            self.values.clone(),
            self.cands.iter().map(|d| d.0).collect(),
        )
    }
    /// Whether `key` is this grid's [`state_key`](Self::state_key), compared in place (a cache
    /// lookup builds no key: session 64, the lookups of the finders' per-grid caches built two
    /// vectors each, tens of thousands of times a file).
    pub(crate) fn has_state(&self, key: &(u64, Vec<u8>, Vec<u64>)) -> bool {
        key.0 == self.geo.fingerprint
            && key.1 == self.values
            && key.2.len() == self.cands.len()
            && key
                .2
                .iter()
                .zip(&self.cands)
                .fold(0, |acc, (&k, c)| acc | (k ^ c.0))
                == 0
    }
    /// Whether the grid's candidates are `cands` (cell by cell; a branch-free pass, which the
    /// compiler vectorises, rather than a comparison that stops at the first difference: the
    /// caches asking it mostly find them equal).
    pub(crate) fn has_candidates(&self, cands: &[DigitSet]) -> bool {
        cands.len() == self.cands.len()
            && cands
                .iter()
                .zip(&self.cands)
                .fold(0, |acc, (a, b)| acc | (a.0 ^ b.0))
                == 0
    }
    /// Every digit's plane (the cells holding it as a candidate, as bits in reading order, 64
    /// cells a word) in one pass over the cells: digit `d`'s words are `out[d * w..(d + 1) * w]`, `w` being the words a plane takes
    /// (returned).
    pub(crate) fn digit_planes(&self, out: &mut Vec<u64>) -> usize {
        let w = self.cands.len().div_ceil(64);
        out.clear();
        out.resize(w * self.size(), 0);
        for (i, c) in self.cands.iter().enumerate() {
            let mut m = c.0;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                out[d * w + i / 64] |= 1 << (i % 64);
            }
        }
        w
    }
    /// Whether `cell` was a given of the puzzle.
    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens[cell.index()]
    }
    /// The candidates of `cell` (empty for a filled cell).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.cands[cell.index()]
    }
    /// Every cell's candidates, in reading order (as [`candidates`](Self::candidates)).
    pub(crate) fn candidate_slice(&self) -> &[DigitSet] {
        &self.cands
    }
    /// Whether each cell was a given, in reading order (as [`is_given`](Self::is_given)).
    pub(crate) fn given_flags(&self) -> &[bool] {
        &self.givens
    }
    /// Whether `cell` is empty and still has `digit` as a candidate.
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.cands[cell.index()].contains(digit)
    }
    /// Every cell, in reading order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        (0..self.values.len() as u16).map(Cell)
    }
    /// The empty cells, in reading order.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells().filter(|c| self.values[c.index()] == 0)
    }
    /// Whether every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }
    /// Number of empty cells.
    pub fn empty_count(&self) -> usize {
        self.values.iter().filter(|&&v| v == 0).count()
    }
    /// Total number of candidates left.
    pub fn candidate_count(&self) -> usize {
        self.cands.iter().map(|c| c.len() as usize).sum()
    }
    /// The houses, in layout order (rows, columns, boxes/regions, extra houses).
    pub fn houses(&self) -> impl Iterator<Item = House> + use<> {
        (0..self.geo.layout.house_count() as u16).map(House)
    }
    /// The cells of house `h`, in the layout's order.
    pub fn house_cells(&self, h: House) -> &[Cell] {
        self.geo.layout.house_cells(h)
    }
    /// The houses `cell` belongs to.
    pub fn houses_of(&self, cell: Cell) -> &[House] {
        self.geo.layout.houses_of(cell)
    }
    /// The peers of `cell` (cells that must hold a different digit).
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        self.geo.layout.peers(cell)
    }
    /// The peer bitset of `cell`.
    pub fn peer_set(&self, cell: Cell) -> &CellSet {
        &self.geo.peers[cell.index()]
    }
    /// The cell bitset of house `h`.
    pub fn house_set(&self, h: House) -> &CellSet {
        &self.geo.houses[h.index()]
    }
    /// Whether `a` and `b` are peers (distinct cells that must differ).
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        self.geo.peers[a.index()].contains(b)
    }
    /// An empty cell set sized for this grid.
    pub fn cell_set(&self) -> CellSet {
        CellSet::new(self.values.len())
    }
    /// The positions (indices into [`house_cells`](Self::house_cells)) of `digit` in `h` as a mask.
    pub fn positions(&self, h: House, digit: Digit) -> u64 {
        let mut mask = 0u64;
        for (i, c) in self.house_cells(h).iter().enumerate() {
            if self.cands[c.index()].contains(digit) {
                mask |= 1 << i;
            }
        }
        mask
    }
    /// For each row (`by_rows`) or each column, in order: the places in it (bits over the
    /// line's cells, as [`positions`](Self::positions)) of `cell` and of `cell`'s peers. A
    /// table of the layout, built on first use and shared by every grid of the layout, so a
    /// search asking it per cell does not walk the cell's peers each time.
    pub(crate) fn line_peers(&self, by_rows: bool, cell: Cell) -> &[u64] {
        let n = self.size();
        let table = self.geo.line_peers.get_or_init(|| self.geo.line_peers());
        let at = (usize::from(!by_rows) * self.cell_count() + cell.index()) * n;
        &table[at..at + n]
    }
    /// The empty cells of `h` that have `digit` as a candidate.
    pub fn cells_with(&self, h: House, digit: Digit) -> impl Iterator<Item = Cell> + '_ {
        self.house_cells(h)
            .iter()
            .copied()
            .filter(move |c| self.cands[c.index()].contains(digit))
    }
    /// Whether `digit` is placed somewhere in `h`.
    pub fn placed_in(&self, h: House, digit: Digit) -> bool {
        self.house_cells(h)
            .iter()
            .any(|c| self.values[c.index()] == digit.get())
    }
    /// The empty cells with `digit` as a candidate that see every cell of `cells` (and are not
    /// among them).
    pub fn seen_by_all(&self, cells: &[Cell], digit: Digit) -> Vec<Cell> {
        let Some((&first, rest)) = cells.split_first() else {
            return Vec::new();
        };
        self.peers(first)
            .iter()
            .copied()
            .filter(|&p| {
                self.has(p, digit) && !cells.contains(&p) && rest.iter().all(|&c| self.sees(p, c))
            })
            .collect()
    }

    /// Places `digit` in `cell` and removes it from the peers' candidates.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        self.values[cell.index()] = digit.get();
        self.cands[cell.index()] = DigitSet::EMPTY;
        let geo = Arc::clone(&self.geo);
        for &p in geo.layout.peers(cell) {
            self.cands[p.index()].remove(digit);
        }
    }
    /// Removes `digit` from `cell`'s candidates; `true` when it was there.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        let had = self.cands[cell.index()].contains(digit);
        self.cands[cell.index()].remove(digit);
        had
    }
    /// Applies a step's placements and eliminations; `true` when anything changed.
    pub fn apply(&mut self, step: &Step) -> bool {
        let mut changed = false;
        for p in &step.placements {
            if self.values[p.cell.index()] == 0 {
                self.place(p.cell, p.digit);
                changed = true;
            }
        }
        for e in &step.eliminations {
            changed |= self.eliminate(e.cell, e.digit);
        }
        changed
    }
    /// Whether applying `step` would change anything.
    pub fn makes_progress(&self, step: &Step) -> bool {
        step.placements
            .iter()
            .any(|p| self.values[p.cell.index()] == 0)
            || step.eliminations.iter().any(|e| self.has(e.cell, e.digit))
    }
    /// The first obvious contradiction: a clash of placed digits, an empty cell without
    /// candidates, or a digit with no place in a house.
    pub fn contradiction(&self) -> Option<Contradiction> {
        // Asked after every step and almost always `None`: one pass over the houses says
        // whether there is any contradiction; only then is the first one looked for in order.
        if !self.may_contradict() {
            return None;
        }
        self.first_contradiction()
    }

    /// [`CandidateGrid::contradiction`] of a grid that had none when `before` was taken
    /// ([`Snapshot::take`]): only cells that changed since, and houses holding one, can hold a
    /// new one (an unchanged house keeps its digits and places, an unchanged cell its
    /// candidates), so only they are looked at; when one of them may contradict, the full scan
    /// names the first contradiction in its order, which is then one of theirs. The solving
    /// loop asks after every step (issue 45: the full pass was 1.3% of `explain`).
    pub(crate) fn contradiction_since(&self, before: &Snapshot) -> Option<Contradiction> {
        let houses = self.layout().house_count();
        if !self.geo.house_peers
            || houses > 128
            || before.values.len() != self.values.len()
            || before.cands.len() != self.cands.len()
        {
            return self.contradiction();
        }
        let mut touched = 0u128;
        for (i, ((&v, c), (&bv, bc))) in self
            .values
            .iter()
            .zip(&self.cands)
            .zip(before.values.iter().zip(&before.cands))
            .enumerate()
        {
            if v == bv && c == bc {
                continue;
            }
            if v == 0 && c.is_empty() {
                return self.first_contradiction();
            }
            for h in self.houses_of(Cell(i as u16)) {
                touched |= 1 << h.index();
            }
        }
        if touched == 0 {
            return None;
        }
        let n = self.size();
        let full = DigitSet::full(n).0;
        let all_houses = self.layout().all_house_cells();
        while touched != 0 {
            let h = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            let (mut placed, mut seen, mut count) = (0u64, 0u64, 0u32);
            for &c in &all_houses[h * n..(h + 1) * n] {
                let (v, cands) = (self.values[c.index()], self.cands[c.index()].0);
                seen |= cands;
                placed |= u64::from(v != 0) << v.saturating_sub(1);
                count += u32::from(v != 0);
            }
            if placed.count_ones() != count || (placed | seen) & full != full {
                return self.first_contradiction();
            }
        }
        None
    }

    /// The first contradiction, cells in order, then houses (the full scan).
    fn first_contradiction(&self) -> Option<Contradiction> {
        for c in self.cells() {
            let v = self.values[c.index()];
            if v == 0 {
                if self.cands[c.index()].is_empty() {
                    return Some(Contradiction::EmptyCell(c));
                }
            } else {
                for &p in self.peers(c) {
                    if p > c && self.values[p.index()] == v {
                        return Some(Contradiction::Clash(c, p));
                    }
                }
            }
        }
        for h in self.houses() {
            let mut seen = DigitSet::EMPTY;
            for &c in self.house_cells(h) {
                seen.0 |= self.cands[c.index()].0;
                if let Some(d) = self.value(c) {
                    seen.insert(d);
                }
            }
            let missing = DigitSet(DigitSet::full(self.size()).0 & !seen.0);
            if let Some(d) = missing.first() {
                return Some(Contradiction::NoPlace(h, d));
            }
        }
        None
    }
    /// Whether [`CandidateGrid::contradiction`] may find one (`false`: it finds none): a
    /// filled cell's digit twice in a house, an empty cell without candidates, or a house
    /// missing a digit among its values and candidates. Layouts with peers outside the houses
    /// always answer `true`.
    fn may_contradict(&self) -> bool {
        if !self.geo.house_peers {
            return true;
        }
        let full = DigitSet::full(self.size()).0;
        let (values, all) = (&self.values[..], &self.cands[..]);
        if values.iter().zip(all).any(|(&v, c)| v == 0 && c.0 == 0) {
            return true;
        }
        for house in self.layout().all_house_cells().chunks_exact(self.size()) {
            // Branch-free: a clash shows as fewer distinct placed digits than placed cells.
            let (mut placed, mut seen, mut count) = (0u64, 0u64, 0u32);
            for &c in house {
                let (v, cands) = (values[c.index()], all[c.index()].0);
                seen |= cands;
                placed |= u64::from(v != 0) << v.saturating_sub(1);
                count += u32::from(v != 0);
            }
            if placed.count_ones() != count || (placed | seen) & full != full {
                return true;
            }
        }
        false
    }

    /// The placed digits as a core [`Grid`].
    pub fn to_grid(&self) -> Grid {
        Grid::from_values(self.geo.layout.clone(), self.values.clone())
    }
    /// The givens only, as a core [`Grid`].
    pub fn givens_grid(&self) -> Grid {
        let vals = self
            .values
            .iter()
            .zip(&self.givens)
            .map(|(&v, &g)| if g { v } else { 0 })
            .collect();
        Grid::from_values(self.geo.layout.clone(), vals)
    }
    /// Every remaining candidate, cell-major.
    pub fn all_candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.empty_cells().flat_map(move |cell| {
            self.candidates(cell)
                .iter()
                .map(move |digit| Candidate { cell, digit })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::format::{InputFormat, parse_one};

    /// Caches keyed by a grid's state (forcing outcomes, link graphs, ALS) must tell two
    /// layouts apart even when values and candidates agree, as on two empty grids.
    #[test]
    fn state_keys_tell_layouts_apart() {
        let boxes = Arc::new(Layout::boxed(6, 2, 3).unwrap());
        let tall = Arc::new(Layout::boxed(6, 3, 2).unwrap());
        let a = CandidateGrid::new(&Grid::empty(boxes.clone()));
        let b = CandidateGrid::new(&Grid::empty(tall));
        assert_eq!(a.values(), b.values());
        assert_ne!(a.state_key(), b.state_key());
        let again = CandidateGrid::new(&Grid::empty(boxes));
        assert_eq!(a.state_key(), again.state_key());
        assert!(!b.has_state(&a.state_key()) && again.has_state(&a.state_key()));
    }

    /// `has_state` answers what comparing with a built key answers: along random refinements
    /// of every test layout (a grid against itself, its past and other layouts' grids).
    #[test]
    fn has_state_equals_comparing_built_keys() {
        use crate::testrng::{Lcg, layouts, refine_randomly};
        let mut rng = Lcg::new(0x5a7e);
        let mut grids = Vec::new();
        for l in layouts() {
            let mut g = CandidateGrid::new(&Grid::empty(Arc::new(l)));
            for _ in 0..40 {
                grids.push(g.clone());
                if !refine_randomly(&mut g, &mut rng, 6) {
                    break;
                }
            }
        }
        let (mut same, mut other) = (0, 0);
        for a in &grids {
            for b in &grids {
                let want = a.state_key() == b.state_key();
                assert_eq!(a.has_state(&b.state_key()), want);
                if want { same += 1 } else { other += 1 }
            }
        }
        assert!(
            same >= grids.len() && other > 1000,
            "{same} same, {other} other"
        );
    }

    /// The one-pass test before the full contradiction scan never says "none" when the scan
    /// finds one (on layouts with houses only and with anti-knight or anti-king peers, which
    /// it leaves to the scan), and does say "none" on sound grids.
    #[test]
    fn contradiction_prefilter_misses_nothing() {
        use sudokit_core::Extra;
        let mut rng = crate::testrng::Lcg::new(7);
        let std9 = Layout::standard(9).unwrap();
        let layouts = [
            Layout::boxed(6, 2, 3).unwrap(),
            std9.with_extras(&[Extra::Diagonals]),
            std9.with_extras(&[Extra::AntiKnight]),
            std9.with_extras(&[Extra::AntiKing]),
            std9,
        ];
        let (mut found, mut cleared) = (0, 0);
        for layout in layouts {
            let layout = Arc::new(layout);
            let plain = layout.extras().iter().all(|&e| e == Extra::Diagonals);
            for _ in 0..300 {
                let n = layout.size();
                let cells = layout.cell_count();
                let mut values = vec![0u8; cells];
                let mut cands = vec![DigitSet::full(n); cells];
                // Random placements (clashes allowed) and random candidate removals.
                for _ in 0..rng.below(8) {
                    let c = rng.below(cells as u64) as usize;
                    values[c] = 1 + rng.below(n as u64) as u8;
                    cands[c] = DigitSet::EMPTY;
                }
                for _ in 0..rng.below(4 * cells as u64) {
                    let c = rng.below(cells as u64) as usize;
                    cands[c].remove(Digit::new(1 + rng.below(n as u64) as u8).unwrap());
                }
                let mut g = CandidateGrid::with_candidates(
                    layout.clone(),
                    values,
                    cands,
                    vec![false; cells],
                );
                if rng.below(2) == 0 {
                    g.recompute_candidates();
                }
                let scan = g.first_contradiction();
                assert!(scan.is_none() || g.may_contradict(), "{scan:?} missed");
                assert_eq!(g.contradiction(), scan);
                found += usize::from(scan.is_some());
                if plain && !g.may_contradict() {
                    cleared += 1;
                }
            }
        }
        assert!(
            found > 100 && cleared > 50,
            "{found} contradictions, {cleared} cleared"
        );
    }

    /// After a change to a grid without contradiction, looking only at what changed finds
    /// exactly what the full check finds: random walks of placements (right or wrong, so
    /// clashes come) and eliminations from 9×9, X, 6×6, 16×16 and anti-knight grids (whose
    /// non-house peers take the full check), each step checked against a snapshot taken
    /// before it, until the first contradiction.
    #[test]
    fn contradiction_since_a_step_is_the_full_checks() {
        use sudokit_core::Extra;
        let mut rng = crate::testrng::Lcg::new(20261127);
        let std9 = Layout::standard(9).unwrap();
        let layouts = [
            std9.clone(),
            std9.with_extras(&[Extra::Diagonals]),
            std9.with_extras(&[Extra::AntiKnight]),
            Layout::boxed(6, 2, 3).unwrap(),
            Layout::standard(16).unwrap(),
        ];
        let (mut steps, mut found) = (0, 0);
        let mut kinds = [0usize; 3];
        for layout in layouts {
            let layout = Arc::new(layout);
            let n = layout.size();
            for _ in 0..60 {
                let mut g = CandidateGrid::new(&Grid::empty(layout.clone()));
                let mut snap = Snapshot::default();
                loop {
                    assert_eq!(g.contradiction(), None);
                    snap.take(&g);
                    // One "step": a few eliminations, sometimes a placement first.
                    if rng.below(3) == 0 {
                        let c = Cell(rng.below(g.cell_count() as u64) as u16);
                        if g.value(c).is_none() {
                            g.place(c, Digit::new(1 + rng.below(n as u64) as u8).unwrap());
                        }
                    }
                    let mut c = Cell(rng.below(g.cell_count() as u64) as u16);
                    for _ in 0..1 + rng.below(6) {
                        if rng.below(2) == 0 {
                            c = Cell(rng.below(g.cell_count() as u64) as u16);
                        }
                        g.eliminate(c, Digit::new(1 + rng.below(n as u64) as u8).unwrap());
                    }
                    steps += 1;
                    let full = g.contradiction();
                    assert_eq!(g.contradiction_since(&snap), full, "step {steps}");
                    if let Some(c) = full {
                        found += 1;
                        kinds[match c {
                            Contradiction::EmptyCell(_) => 0,
                            Contradiction::Clash(..) => 1,
                            Contradiction::NoPlace(..) => 2,
                        }] += 1;
                        break;
                    }
                }
            }
        }
        assert!(found == 300 && steps > 3000, "{found} {steps}");
        assert!(kinds.iter().all(|&k| k > 10), "{kinds:?}");
    }

    /// Grids of two layouts with the same region map but differently named regions (the
    /// standard 9×9 and a jigsaw of 3×3 boxes), made in turn on one thread, each keep their
    /// own layout (house names in step text depend on it).
    #[test]
    fn shared_geometry_keeps_each_layouts_region_names() {
        let std9 = Arc::new(Layout::standard(9).unwrap());
        let boxes: Vec<u8> = (0..81)
            .map(|i| ((i / 27) * 3 + (i % 9) / 3) as u8)
            .collect();
        let jig = Arc::new(Layout::jigsaw(9, boxes).unwrap());
        assert!(*std9 == *jig && !std9.is_jigsaw() && jig.is_jigsaw());
        for _ in 0..2 {
            for l in [&std9, &jig, &jig, &std9] {
                let g = CandidateGrid::new(&Grid::empty(l.clone()));
                assert_eq!(g.layout().is_jigsaw(), l.is_jigsaw());
                assert_eq!(g.layout().regions(), l.regions());
            }
        }
    }

    #[test]
    fn candidates_exclude_placed_peers() {
        let p = parse_one("1...............", InputFormat::Line).unwrap();
        let g = CandidateGrid::new(&p);
        assert_eq!(g.candidates(Cell(0)), DigitSet::EMPTY);
        assert!(!g.has(Cell(1), Digit::new(1).unwrap()));
        assert!(!g.has(Cell(5), Digit::new(1).unwrap()), "same 2x2 box");
        assert!(g.has(Cell(15), Digit::new(1).unwrap()));
        assert_eq!(g.candidates(Cell(15)).len(), 4);
    }

    #[test]
    fn positions_and_sees() {
        let p = parse_one("1...............", InputFormat::Line).unwrap();
        let g = CandidateGrid::new(&p);
        let one = Digit::new(1).unwrap();
        // Row 2 (index 1): cells 4..8; 1 is excluded from r2c1 (column) and r2c2 (box).
        assert_eq!(g.positions(House(1), one), 0b1100);
        assert!(g.sees(Cell(0), Cell(5)));
        assert!(!g.sees(Cell(0), Cell(10)));
        assert!(!g.sees(Cell(0), Cell(0)));
    }

    /// The line peer table holds, per cell and line, exactly the line's places of the cell
    /// and of the cells it sees (layouts with regions, diagonals, anti-knight and jigsaw).
    #[test]
    fn line_peers_are_the_places_of_the_cell_and_its_peers() {
        use sudokit_core::Extra;
        let mut layouts = crate::testrng::layouts().to_vec();
        layouts.push(
            Layout::standard(9)
                .unwrap()
                .with_extras(&[Extra::AntiKnight]),
        );
        layouts.push(Layout::boxed(6, 3, 2).unwrap());
        let mut region_of: Vec<u8> = (0..81).map(|i| (i / 9) as u8).collect();
        region_of.swap(8, 9);
        layouts.push(Layout::jigsaw(9, region_of).unwrap());
        for l in layouts {
            let g = CandidateGrid::new(&Grid::empty(Arc::new(l)));
            let n = g.size();
            for by_rows in [true, false] {
                // (The rows or the columns in order: `lines_are_the_rows_and_the_columns_in_order`.)
                let lines = crate::techniques::fish::lines(&g, by_rows);
                assert_eq!(lines.len(), n);
                for e in g.cells() {
                    let near = g.line_peers(by_rows, e);
                    for (r, &h) in lines.iter().enumerate() {
                        let want = g
                            .house_cells(h)
                            .iter()
                            .enumerate()
                            .fold(0u64, |m, (i, &c)| {
                                if c == e || g.sees(e, c) {
                                    m | 1 << i
                                } else {
                                    m
                                }
                            });
                        assert_eq!(near[r], want, "cell {e:?}, line {r}, rows {by_rows}");
                    }
                }
            }
        }
    }

    #[test]
    fn contradiction_when_digit_has_no_place() {
        let p = parse_one("................", InputFormat::Line).unwrap();
        let mut g = CandidateGrid::new(&p);
        let one = Digit::new(1).unwrap();
        for &c in g.layout().house_cells(House(0)).to_vec().iter() {
            g.eliminate(c, one);
        }
        assert_eq!(
            g.contradiction(),
            Some(Contradiction::NoPlace(House(0), one))
        );
    }
}
