//! Grid geometry: side N (1..=64), rows, columns, boxes r×c or jigsaw regions, and extra
//! constraints (the two main diagonals as houses; anti-knight and anti-king as pairwise
//! inequalities).
//!
//! Design decision: a [`Layout`] is built once, validated, and then immutable; it precomputes
//! flat tables (cells of each house, houses of each cell, peers of each cell) so engines never
//! recompute geometry in their inner loops, and it is shared between puzzles behind an `Arc`.
//! Every house has exactly N cells, so house tables are stored with stride N.

use crate::rules::{Rule, RuleError};
use crate::types::{Cell, House, MAX_SIZE};
use std::fmt;

/// How the third kind of house is laid out.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Regions {
    /// Rectangular boxes of `rows` × `cols` cells, with `rows * cols == N`.
    Boxes {
        /// Rows per box.
        rows: usize,
        /// Columns per box.
        cols: usize,
    },
    /// Jigsaw regions: the region number (0..N) of every cell in reading order.
    Jigsaw(Vec<u8>),
}

/// An extra constraint on top of rows, columns and regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Extra {
    /// The two main diagonals are houses ("X" sudoku).
    Diagonals,
    /// Two cells a chess knight's move apart hold different digits.
    AntiKnight,
    /// Two cells a chess king's move apart (diagonal touch included) hold different digits.
    AntiKing,
}

impl Extra {
    /// The name used in formats and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Extra::Diagonals => "diagonals",
            Extra::AntiKnight => "anti-knight",
            Extra::AntiKing => "anti-king",
        }
    }
    /// Parses a name as written by [`Extra::name`] (also accepts `x`, `diagonal`, `knight`, `king`).
    pub fn parse(s: &str) -> Option<Extra> {
        match s.trim().to_ascii_lowercase().as_str() {
            "diagonals" | "diagonal" | "x" => Some(Extra::Diagonals),
            "anti-knight" | "antiknight" | "knight" => Some(Extra::AntiKnight),
            "anti-king" | "antiking" | "king" => Some(Extra::AntiKing),
            _ => None,
        }
    }
    /// Whether this constraint adds houses (as opposed to pairwise inequalities only).
    pub fn is_house(self) -> bool {
        matches!(self, Extra::Diagonals)
    }
}

/// What kind of house a [`House`] is, with its 0-based number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HouseKind {
    /// Row `r`.
    Row(usize),
    /// Column `c`.
    Column(usize),
    /// Box `b` (reading order).
    Box(usize),
    /// Jigsaw region `r`.
    Region(usize),
    /// The main diagonal, top-left to bottom-right.
    Diagonal,
    /// The anti-diagonal, top-right to bottom-left.
    AntiDiagonal,
}

impl fmt::Display for HouseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            HouseKind::Row(r) => write!(f, "row {}", r + 1),
            HouseKind::Column(c) => write!(f, "column {}", c + 1),
            HouseKind::Box(b) => write!(f, "box {}", b + 1),
            HouseKind::Region(r) => write!(f, "region {}", r + 1),
            HouseKind::Diagonal => f.write_str("the main diagonal"),
            HouseKind::AntiDiagonal => f.write_str("the anti-diagonal"),
        }
    }
}

/// A layout that could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LayoutError {
    /// The side is 0 or above 64.
    #[error("unsupported size {0}: the side must be between 1 and 64")]
    UnsupportedSize(usize),
    /// Boxes r×c do not tile an N×N grid.
    #[error("boxes of {rows}x{cols} do not tile a {n}x{n} grid (rows x cols must equal {n})")]
    BoxesDoNotTile {
        /// Side of the grid.
        n: usize,
        /// Rows per box.
        rows: usize,
        /// Columns per box.
        cols: usize,
    },
    /// No rectangular box shape with 2 ≤ r ≤ c exists for this side.
    #[error(
        "size {0} has no box shape r x c with 2 <= r <= c; give jigsaw regions or an explicit --box"
    )]
    NoDefaultBox(usize),
    /// The region map has the wrong number of cells.
    #[error("region map has {found} cells, expected {expected}")]
    RegionMapLength {
        /// Cells found.
        found: usize,
        /// Cells expected (N²).
        expected: usize,
    },
    /// The region map does not have N regions.
    #[error("region map has {found} distinct regions, expected {n}")]
    RegionCount {
        /// Regions found.
        found: usize,
        /// Regions expected.
        n: usize,
    },
    /// A region does not have N cells.
    #[error(
        "region {label} has {found} cells, expected {n} (first cell at row {row}, column {col})"
    )]
    RegionSize {
        /// The region's label as written.
        label: String,
        /// Cells found.
        found: usize,
        /// Cells expected.
        n: usize,
        /// 1-based row of the region's first cell.
        row: usize,
        /// 1-based column of the region's first cell.
        col: usize,
    },
    /// A cell is listed in two regions.
    #[error("cell at row {row}, column {col} is in two regions ({first} and {second})")]
    CellInTwoRegions {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// 1-based number of the first region.
        first: usize,
        /// 1-based number of the second region.
        second: usize,
    },
    /// A region's cell list names the same cell twice.
    #[error("cell at row {row}, column {col} is listed twice in region {region}")]
    CellListedTwice {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// 1-based number of the region.
        region: usize,
    },
    /// A cell is in no region.
    #[error("cell at row {row}, column {col} is in no region")]
    CellInNoRegion {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A listed cell lies outside the grid.
    #[error("cell {cell} is outside a {n}x{n} grid")]
    CellOutOfRange {
        /// The cell as written.
        cell: String,
        /// Side of the grid.
        n: usize,
    },
}

/// The geometry of a puzzle: side, houses and peers. See the module docs.
#[derive(Clone, Debug)]
pub struct Layout {
    n: usize,
    regions: Regions,
    extras: Vec<Extra>,
    region_of: Vec<u8>,
    house_kinds: Vec<HouseKind>,
    house_cells: Vec<Cell>,
    cell_house_start: Vec<u32>,
    cell_houses: Vec<House>,
    peer_start: Vec<u32>,
    peers: Vec<Cell>,
    rules: Vec<Rule>,
}

impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        self.n == other.n
            && self.region_of == other.region_of
            && self.extras == other.extras
            && self.rules == other.rules
    }
}
impl Eq for Layout {}

/// The default box shape for side `n`: the most square `r × c` with `2 ≤ r ≤ c` and `r·c = n`
/// (1×1 for `n = 1`), or `None` when `n` has no such shape (primes, and 2 and 3).
pub fn default_box(n: usize) -> Option<(usize, usize)> {
    if n == 1 {
        return Some((1, 1));
    }
    (2..=n)
        .take_while(|r| r * r <= n)
        .filter(|r| n.is_multiple_of(*r))
        .last()
        .map(|r| (r, n / r))
}

/// The digits `values` places in `cells` (bit `d − 1` for digit `d`), and whether one of them
/// is placed twice.
fn digits_in(cells: &[Cell], values: &[u8]) -> (u64, bool) {
    let mut placed = 0u64;
    let mut twice = false;
    for c in cells {
        let v = values[c.index()];
        if v != 0 {
            let bit = 1u64 << (v - 1);
            twice |= placed & bit != 0;
            placed |= bit;
        }
    }
    (placed, twice)
}

impl Layout {
    /// The standard layout for side `n` with the [`default_box`] shape.
    pub fn standard(n: usize) -> Result<Layout, LayoutError> {
        if n == 0 || n > MAX_SIZE {
            return Err(LayoutError::UnsupportedSize(n));
        }
        let (r, c) = default_box(n).ok_or(LayoutError::NoDefaultBox(n))?;
        Layout::boxed(n, r, c)
    }

    /// Boxes of `rows × cols` on an `n × n` grid.
    pub fn boxed(n: usize, rows: usize, cols: usize) -> Result<Layout, LayoutError> {
        if n == 0 || n > MAX_SIZE {
            return Err(LayoutError::UnsupportedSize(n));
        }
        // checked: huge factors must not wrap around to N and pass.
        if rows == 0 || cols == 0 || rows.checked_mul(cols) != Some(n) {
            return Err(LayoutError::BoxesDoNotTile { n, rows, cols });
        }
        let region_of = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                ((r / rows) * (n / cols) + c / cols) as u8
            })
            .collect();
        Ok(Layout::build(
            n,
            Regions::Boxes { rows, cols },
            region_of,
            Vec::new(),
        ))
    }

    /// A jigsaw layout from one label per cell in reading order (any symbols; each distinct
    /// label is one region, numbered by first appearance).
    pub fn jigsaw_from_labels(n: usize, labels: &[&str]) -> Result<Layout, LayoutError> {
        if n == 0 || n > MAX_SIZE {
            return Err(LayoutError::UnsupportedSize(n));
        }
        if labels.len() != n * n {
            return Err(LayoutError::RegionMapLength {
                found: labels.len(),
                expected: n * n,
            });
        }
        let mut names: Vec<&str> = Vec::new();
        let mut region_of = Vec::with_capacity(n * n);
        for &l in labels {
            let id = match names.iter().position(|&x| x == l) {
                Some(i) => i,
                None => {
                    names.push(l);
                    names.len() - 1
                }
            };
            if id >= n {
                return Err(LayoutError::RegionCount {
                    found: labels
                        .iter()
                        .collect::<std::collections::HashSet<_>>()
                        .len(),
                    n,
                });
            }
            region_of.push(id as u8);
        }
        if names.len() != n {
            return Err(LayoutError::RegionCount {
                found: names.len(),
                n,
            });
        }
        for (id, name) in names.iter().enumerate() {
            let found = region_of.iter().filter(|&&r| r as usize == id).count();
            if found != n {
                let first = region_of
                    .iter()
                    .position(|&r| r as usize == id)
                    .unwrap_or(0);
                return Err(LayoutError::RegionSize {
                    label: format!("'{name}'"),
                    found,
                    n,
                    row: first / n + 1,
                    col: first % n + 1,
                });
            }
        }
        Layout::jigsaw(n, region_of)
    }

    /// A jigsaw layout from lists of cells, one list per region.
    pub fn jigsaw_from_lists(n: usize, lists: &[Vec<Cell>]) -> Result<Layout, LayoutError> {
        if n == 0 || n > MAX_SIZE {
            return Err(LayoutError::UnsupportedSize(n));
        }
        if lists.len() != n {
            return Err(LayoutError::RegionCount {
                found: lists.len(),
                n,
            });
        }
        let mut region_of = vec![u8::MAX; n * n];
        for (id, list) in lists.iter().enumerate() {
            for &cell in list {
                if cell.index() >= n * n {
                    return Err(LayoutError::CellOutOfRange {
                        cell: cell.index().to_string(),
                        n,
                    });
                }
                let slot = &mut region_of[cell.index()];
                if *slot as usize == id {
                    let (row, col) = cell.row_col(n);
                    return Err(LayoutError::CellListedTwice {
                        row: row + 1,
                        col: col + 1,
                        region: id + 1,
                    });
                }
                if *slot != u8::MAX {
                    let (row, col) = cell.row_col(n);
                    return Err(LayoutError::CellInTwoRegions {
                        row: row + 1,
                        col: col + 1,
                        first: *slot as usize + 1,
                        second: id + 1,
                    });
                }
                *slot = id as u8;
            }
        }
        if let Some(i) = region_of.iter().position(|&r| r == u8::MAX) {
            return Err(LayoutError::CellInNoRegion {
                row: i / n + 1,
                col: i % n + 1,
            });
        }
        for (id, list) in lists.iter().enumerate() {
            if list.len() != n {
                let first = list.first().map_or(0, |c| c.index());
                return Err(LayoutError::RegionSize {
                    label: (id + 1).to_string(),
                    found: list.len(),
                    n,
                    row: first / n + 1,
                    col: first % n + 1,
                });
            }
        }
        Layout::jigsaw(n, region_of)
    }

    /// A jigsaw layout from a region number (0..N) per cell.
    pub fn jigsaw(n: usize, region_of: Vec<u8>) -> Result<Layout, LayoutError> {
        if n == 0 || n > MAX_SIZE {
            return Err(LayoutError::UnsupportedSize(n));
        }
        if region_of.len() != n * n {
            return Err(LayoutError::RegionMapLength {
                found: region_of.len(),
                expected: n * n,
            });
        }
        let mut sizes = vec![0usize; n];
        for &r in &region_of {
            if r as usize >= n {
                return Err(LayoutError::RegionCount {
                    found: r as usize + 1,
                    n,
                });
            }
            sizes[r as usize] += 1;
        }
        for (id, &found) in sizes.iter().enumerate() {
            if found != n {
                let first = region_of
                    .iter()
                    .position(|&r| r as usize == id)
                    .unwrap_or(0);
                return Err(LayoutError::RegionSize {
                    label: (id + 1).to_string(),
                    found,
                    n,
                    row: first / n + 1,
                    col: first % n + 1,
                });
            }
        }
        let regions = Regions::Jigsaw(region_of.clone());
        Ok(Layout::build(n, regions, region_of, Vec::new()))
    }

    /// The same layout with extra constraints added (duplicates ignored).
    pub fn with_extras(&self, extras: &[Extra]) -> Layout {
        let mut all = self.extras.clone();
        all.extend_from_slice(extras);
        all.sort();
        all.dedup();
        let mut layout = Layout::build(self.n, self.regions.clone(), self.region_of.clone(), all);
        layout.rules = self.rules.clone();
        layout
    }

    /// The same layout with variant rules added (see [`crate::rules`]), each checked against
    /// the grid first. Rules do not change houses or peers: engines that support them read
    /// [`Layout::rules`]; every other engine refuses a layout that [`Layout::has_rules`].
    pub fn with_rules(&self, rules: impl IntoIterator<Item = Rule>) -> Result<Layout, RuleError> {
        let mut layout = self.clone();
        for rule in rules {
            rule.validate(self.n)?;
            layout.rules.push(rule);
        }
        Ok(layout)
    }

    /// The same layout without its variant rules (houses, regions and extras kept).
    pub fn without_rules(&self) -> Layout {
        let mut layout = self.clone();
        layout.rules.clear();
        layout
    }

    /// The same layout without its rule number `index` (unchanged when there is none): what
    /// a setter's "is this rule needed?" question solves.
    pub fn without_rule(&self, index: usize) -> Layout {
        let mut layout = self.clone();
        if index < layout.rules.len() {
            layout.rules.remove(index);
        }
        layout
    }

    fn build(n: usize, regions: Regions, region_of: Vec<u8>, extras: Vec<Extra>) -> Layout {
        let boxes = matches!(regions, Regions::Boxes { .. });
        let mut house_kinds = Vec::new();
        let mut house_cells = Vec::new();
        for r in 0..n {
            house_kinds.push(HouseKind::Row(r));
            house_cells.extend((0..n).map(|c| Cell::at(r, c, n)));
        }
        for c in 0..n {
            house_kinds.push(HouseKind::Column(c));
            house_cells.extend((0..n).map(|r| Cell::at(r, c, n)));
        }
        for g in 0..n {
            house_kinds.push(if boxes {
                HouseKind::Box(g)
            } else {
                HouseKind::Region(g)
            });
            house_cells.extend(
                (0..n * n)
                    .filter(|&i| region_of[i] as usize == g)
                    .map(|i| Cell(i as u16)),
            );
        }
        if extras.contains(&Extra::Diagonals) {
            house_kinds.push(HouseKind::Diagonal);
            house_cells.extend((0..n).map(|i| Cell::at(i, i, n)));
            house_kinds.push(HouseKind::AntiDiagonal);
            house_cells.extend((0..n).map(|i| Cell::at(i, n - 1 - i, n)));
        }
        let nh = house_kinds.len();
        let mut per_cell: Vec<Vec<House>> = vec![Vec::new(); n * n];
        for h in 0..nh {
            for &c in &house_cells[h * n..(h + 1) * n] {
                per_cell[c.index()].push(House(h as u16));
            }
        }
        let mut cell_house_start = vec![0u32];
        let mut cell_houses = Vec::new();
        for hs in &per_cell {
            cell_houses.extend_from_slice(hs);
            cell_house_start.push(cell_houses.len() as u32);
        }
        let mut peer_start = vec![0u32];
        let mut peers = Vec::new();
        let mut mark = vec![false; n * n];
        for (i, houses) in per_cell.iter().enumerate() {
            let mut list = Vec::new();
            let mut add = |j: usize, list: &mut Vec<Cell>| {
                if j != i && !mark[j] {
                    mark[j] = true;
                    list.push(Cell(j as u16));
                }
            };
            for h in houses {
                for &c in &house_cells[h.index() * n..(h.index() + 1) * n] {
                    add(c.index(), &mut list);
                }
            }
            let (r, c) = (i / n, i % n);
            let mut offsets: Vec<(isize, isize)> = Vec::new();
            if extras.contains(&Extra::AntiKnight) {
                offsets.extend_from_slice(&[
                    (-2, -1),
                    (-2, 1),
                    (-1, -2),
                    (-1, 2),
                    (1, -2),
                    (1, 2),
                    (2, -1),
                    (2, 1),
                ]);
            }
            if extras.contains(&Extra::AntiKing) {
                offsets.extend_from_slice(&[
                    (-1, -1),
                    (-1, 0),
                    (-1, 1),
                    (0, -1),
                    (0, 1),
                    (1, -1),
                    (1, 0),
                    (1, 1),
                ]);
            }
            for (dr, dc) in offsets {
                let (rr, cc) = (r as isize + dr, c as isize + dc);
                if rr >= 0 && cc >= 0 && (rr as usize) < n && (cc as usize) < n {
                    add(rr as usize * n + cc as usize, &mut list);
                }
            }
            for p in &list {
                mark[p.index()] = false;
            }
            list.sort();
            peers.extend_from_slice(&list);
            peer_start.push(peers.len() as u32);
        }
        Layout {
            n,
            regions,
            extras,
            region_of,
            house_kinds,
            house_cells,
            cell_house_start,
            cell_houses,
            peer_start,
            peers,
            rules: Vec::new(),
        }
    }

    /// Side N.
    pub fn size(&self) -> usize {
        self.n
    }
    /// Number of cells, N².
    pub fn cell_count(&self) -> usize {
        self.n * self.n
    }
    /// The region layout.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }
    /// Box shape `(rows, cols)` for boxed layouts.
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        match self.regions {
            Regions::Boxes { rows, cols } => Some((rows, cols)),
            Regions::Jigsaw(_) => None,
        }
    }
    /// Whether the regions are jigsaw-shaped.
    pub fn is_jigsaw(&self) -> bool {
        matches!(self.regions, Regions::Jigsaw(_))
    }
    /// Extra constraints, sorted.
    pub fn extras(&self) -> &[Extra] {
        &self.extras
    }
    /// The variant rules (killer cages, thermometers, …), in the order given.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }
    /// Whether the layout carries variant rules: an engine that does not implement them must
    /// refuse it.
    pub fn has_rules(&self) -> bool {
        !self.rules.is_empty()
    }
    /// Whether the layout has constraints that are not houses (anti-knight, anti-king).
    pub fn has_pair_constraints(&self) -> bool {
        self.extras.iter().any(|e| !e.is_house())
    }
    /// Whether this is plain 9×9 with 3×3 boxes and nothing extra.
    pub fn is_standard_9x9(&self) -> bool {
        self.n == 9
            && self.box_shape() == Some((3, 3))
            && self.extras.is_empty()
            && self.rules.is_empty()
    }
    /// Region number (0..N) of `cell`.
    pub fn region_of(&self, cell: Cell) -> usize {
        self.region_of[cell.index()] as usize
    }
    /// Region numbers of every cell in reading order.
    pub fn region_map(&self) -> &[u8] {
        &self.region_of
    }
    /// Number of houses (3N, plus 2 with diagonals).
    pub fn house_count(&self) -> usize {
        self.house_kinds.len()
    }
    /// Every house.
    pub fn houses(&self) -> impl Iterator<Item = House> + '_ {
        (0..self.house_kinds.len()).map(|h| House(h as u16))
    }
    /// Every house's cells, house after house, N each (`chunks_exact(size)` gives
    /// [`Layout::house_cells`] of each house in order).
    pub fn all_house_cells(&self) -> &[Cell] {
        &self.house_cells
    }
    /// The N cells of house `h`.
    #[inline]
    pub fn house_cells(&self, h: House) -> &[Cell] {
        &self.house_cells[h.index() * self.n..(h.index() + 1) * self.n]
    }
    /// The digits `values` (one per cell, 0 for empty) places in each house, bit `d − 1` for
    /// digit `d`, house by house; `None` when a house holds a digit twice.
    pub fn placed_per_house(&self, values: &[u8]) -> Option<Vec<u64>> {
        let mut out = Vec::with_capacity(self.house_count());
        for h in self.houses() {
            match digits_in(self.house_cells(h), values) {
                (placed, false) => out.push(placed),
                (_, true) => return None,
            }
        }
        Some(out)
    }
    /// The "each digit once" constraints of a model with one variable per (cell, digit): for
    /// every house in order and every digit, ascending, that `values` (one per cell, 0 for
    /// empty) does not place in it, the entries `vars[cell * N + digit − 1]` of the house's
    /// cells that are not `none`.
    pub fn house_digit_vars<'a, T: Copy + PartialEq>(
        &'a self,
        values: &'a [u8],
        vars: &'a [T],
        none: T,
    ) -> impl Iterator<Item = Vec<T>> + 'a {
        let n = self.n;
        self.houses().flat_map(move |h| {
            let cells = self.house_cells(h);
            let (placed, _) = digits_in(cells, values);
            (0..n)
                .filter(move |d| placed & (1u64 << d) == 0)
                .map(move |d| {
                    cells
                        .iter()
                        .map(|c| vars[c.index() * n + d])
                        .filter(|&v| v != none)
                        .collect()
                })
        })
    }
    /// What kind of house `h` is.
    #[inline]
    pub fn house_kind(&self, h: House) -> HouseKind {
        self.house_kinds[h.index()]
    }
    /// The houses that contain `cell`.
    #[inline]
    pub fn houses_of(&self, cell: Cell) -> &[House] {
        let i = cell.index();
        &self.cell_houses[self.cell_house_start[i] as usize..self.cell_house_start[i + 1] as usize]
    }
    /// The cells that must differ from `cell` (shared house or pair constraint), sorted.
    #[inline]
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        let i = cell.index();
        &self.peers[self.peer_start[i] as usize..self.peer_start[i + 1] as usize]
    }
    /// A short description, e.g. `9x9, 3x3 boxes` or `10x10 jigsaw, diagonals`.
    pub fn describe(&self) -> String {
        let mut s = match self.regions {
            Regions::Boxes { rows, cols } => {
                format!("{n}x{n}, {rows}x{cols} boxes", n = self.n)
            }
            Regions::Jigsaw(_) => format!("{n}x{n} jigsaw", n = self.n),
        };
        for e in &self.extras {
            s.push_str(", ");
            s.push_str(e.name());
        }
        match self.rules.len() {
            0 => {}
            1 => s.push_str(", 1 rule"),
            k => s.push_str(&format!(", {k} rules")),
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_box_shapes_are_most_square() {
        assert_eq!(default_box(4), Some((2, 2)));
        assert_eq!(default_box(6), Some((2, 3)));
        assert_eq!(default_box(8), Some((2, 4)));
        assert_eq!(default_box(9), Some((3, 3)));
        assert_eq!(default_box(12), Some((3, 4)));
        assert_eq!(default_box(16), Some((4, 4)));
        assert_eq!(default_box(36), Some((6, 6)));
        assert_eq!(default_box(64), Some((8, 8)));
        assert_eq!(default_box(7), None);
        assert_eq!(default_box(2), None);
        assert_eq!(default_box(10), Some((2, 5)));
    }

    #[test]
    fn standard_9x9_has_20_peers_and_27_houses() {
        let l = Layout::standard(9).unwrap();
        assert_eq!(l.house_count(), 27);
        for c in 0..81 {
            assert_eq!(l.peers(Cell(c)).len(), 20);
            assert_eq!(l.houses_of(Cell(c)).len(), 3);
        }
        assert_eq!(l.region_of(Cell(80)), 8);
        assert_eq!(l.region_of(Cell(3)), 1);
        assert!(l.is_standard_9x9());
    }

    #[test]
    fn diagonals_add_two_houses() {
        let l = Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::Diagonals]);
        assert_eq!(l.house_count(), 29);
        assert_eq!(l.houses_of(Cell(40)).len(), 5);
        assert_eq!(l.peers(Cell(0)).len(), 20 + 6);
    }

    #[test]
    fn anti_knight_adds_pairs_without_houses() {
        let l = Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::AntiKnight]);
        assert_eq!(l.house_count(), 27);
        assert!(l.has_pair_constraints());
        assert!(l.peers(Cell(40)).contains(&Cell::at(2, 3, 9)));
    }

    #[test]
    fn boxes_that_do_not_tile_are_rejected() {
        assert!(matches!(
            Layout::boxed(9, 2, 4),
            Err(LayoutError::BoxesDoNotTile { .. })
        ));
        assert!(matches!(
            Layout::standard(7),
            Err(LayoutError::NoDefaultBox(7))
        ));
        assert!(matches!(
            Layout::standard(65),
            Err(LayoutError::UnsupportedSize(65))
        ));
    }

    #[test]
    fn jigsaw_region_of_wrong_size_is_rejected() {
        let mut labels: Vec<String> = (0..16)
            .map(|i: u8| char::from(b'a' + i / 4).to_string())
            .collect();
        labels[3] = "b".into();
        let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
        let err = Layout::jigsaw_from_labels(4, &refs).unwrap_err();
        assert!(
            matches!(err, LayoutError::RegionSize { found: 3, .. }),
            "{err}"
        );
    }

    #[test]
    fn cell_in_two_regions_is_rejected() {
        let mut lists: Vec<Vec<Cell>> = (0..4)
            .map(|r| (0..4).map(|c| Cell::at(r, c, 4)).collect())
            .collect();
        lists[1][0] = Cell(0);
        let err = Layout::jigsaw_from_lists(4, &lists).unwrap_err();
        assert!(
            matches!(err, LayoutError::CellInTwoRegions { row: 1, col: 1, .. }),
            "{err}"
        );
    }

    #[test]
    fn a_cell_listed_twice_in_one_region_says_so() {
        let mut lists: Vec<Vec<Cell>> = (0..4)
            .map(|r| (0..4).map(|c| Cell::at(r, c, 4)).collect())
            .collect();
        lists[3][3] = Cell::at(3, 2, 4);
        let err = Layout::jigsaw_from_lists(4, &lists).unwrap_err();
        assert_eq!(
            err,
            LayoutError::CellListedTwice {
                row: 4,
                col: 3,
                region: 4
            }
        );
        assert_eq!(
            err.to_string(),
            "cell at row 4, column 3 is listed twice in region 4"
        );
    }
}
