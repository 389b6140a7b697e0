//! The rater's own board: values, candidates and the layout's houses grouped into *region
//! types* the way Sudoku Explainer walks them.
//!
//! Design decision: SE's answers depend on the order in which it visits regions, cells and
//! values (the first hint found is the one applied, and a chain's length depends on which parent
//! reached a node first). The board therefore keeps, for every layout, an explicit list of
//! region types — box (or jigsaw region), row, column, then any extra houses — with the cells of
//! each region in reading order, and every walk in the rater goes through it. On a standard 9×9
//! this reproduces SE's order exactly; on other layouts it is the natural generalisation.
//! Candidates are `u64` masks with bit `d - 1` for digit `d`.

use std::sync::Arc;

use sudokit_core::{Cell, Grid, HouseKind, Layout};

use crate::kernel::bits::bit;

/// What a region type is; SE walks blocks, rows and columns in different orders per rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Block,
    Row,
    Column,
    Extra,
}

/// One region type: every region of that kind, each a list of cells in reading order.
#[derive(Clone, Debug)]
pub(crate) struct RegionType {
    pub kind: Kind,
    pub regions: Vec<Vec<u16>>,
}

/// The fixed part of a board: sizes, region types and peers.
#[derive(Debug)]
pub(crate) struct Shape {
    pub n: usize,
    pub ncells: usize,
    pub types: Vec<RegionType>,
    /// `region_at[t][cell]`: the index of the cell's region of type `t`, or `NONE`.
    pub region_at: Vec<Vec<u32>>,
    /// `region_base[t]`: the number of regions of the types before `t`, so that
    /// `region_base[t] + r` numbers every region once; `nregions` counts them all.
    pub region_base: Vec<usize>,
    pub nregions: usize,
    /// `slots[cell]`: every region holding the cell (numbered as `region_base[t] + r`) with
    /// the cell's position in it. Unlike `region_at`, this lists both diagonals for the
    /// centre cell of an X grid (one type, two regions).
    pub slots: Vec<Vec<(u32, u8)>>,
    /// Peers of each cell in SE's order: the cell's regions in type order (block, row,
    /// column, extras), each in reading order, without repeats; then cells that only a pair
    /// constraint (anti-knight, anti-king) makes peers.
    pub peers: Vec<Vec<u16>>,
    /// `region_peers[cell]`: how many of the cell's peers come from its regions.
    pub region_peers: Vec<usize>,
    /// `peer_bits[cell * peer_words..][..peer_words]`: the cell's peers as a bitset over cells
    /// (see [`Shape::is_peer`]).
    pub peer_bits: Vec<u64>,
    pub peer_words: usize,
    /// `crossings[t1][i1][t2]`: the regions `i2` of type `t2` that share cells with region
    /// `i1` of type `t1`, ascending, each with two position masks: the positions of region
    /// `i1` inside `i2`, and the positions of `i2` outside `i1` (intersection rules).
    pub crossings: Vec<Vec<Vec<Vec<Crossing>>>>,
    /// `cell_slots[slot_start[cell]..slot_start[cell + 1]]`: the cell's region of each type
    /// it has one of, in type order, each as one flat record (see [`CellSlot`]), for the
    /// chain searches' inner loops, which would otherwise go through three nested vectors
    /// per region.
    pub cell_slots: Vec<CellSlot>,
    pub slot_start: Vec<u32>,
    /// Every region's cells in reading order, one region after another
    /// ([`CellSlot::cells`] indexes it).
    pub region_cells: Vec<u16>,
    pub layout: Arc<Layout>,
}

/// A cell's region of one type, flattened: `k` is the index of the region's place masks for
/// digit 1 (`(region_base[t] + r) * n`, so digit `d` is at `k + d - 1`); `pos` the cell's
/// position in the region; `t` its type; `peers` the positions in the region of the peers
/// it adds to [`Shape::peers`] (the cells no earlier type's region of the cell holds);
/// `cells` where the region's cells start in [`Shape::region_cells`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct CellSlot {
    pub k: u32,
    pub pos: u8,
    pub t: u8,
    pub peers: u64,
    pub cells: u32,
}

/// One region crossing another (see [`Shape::crossings`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Crossing {
    pub other: u32,
    pub inside: u64,
    pub outside_other: u64,
}

pub(crate) const NONE: u32 = u32::MAX;

impl Shape {
    /// Whether `b` is one of `a`'s peers.
    #[inline]
    pub fn is_peer(&self, a: usize, b: usize) -> bool {
        self.peer_bits[a * self.peer_words + b / 64] >> (b % 64) & 1 == 1
    }

    pub fn new(layout: Arc<Layout>) -> Shape {
        let n = layout.size();
        let ncells = layout.cell_count();
        let mut blocks = Vec::new();
        let mut rows = Vec::new();
        let mut cols = Vec::new();
        let mut extras = Vec::new();
        for h in layout.houses() {
            let cells: Vec<u16> = {
                let mut v: Vec<u16> = layout.house_cells(h).iter().map(|c| c.0).collect();
                v.sort_unstable();
                v
            };
            match layout.house_kind(h) {
                HouseKind::Box(i) | HouseKind::Region(i) => blocks.push((i, cells)),
                HouseKind::Row(i) => rows.push((i, cells)),
                HouseKind::Column(i) => cols.push((i, cells)),
                HouseKind::Diagonal => extras.push((0, cells)),
                HouseKind::AntiDiagonal => extras.push((1, cells)),
            }
        }
        let mut types = Vec::new();
        for (kind, mut list) in [
            (Kind::Block, blocks),
            (Kind::Row, rows),
            (Kind::Column, cols),
            (Kind::Extra, extras),
        ] {
            if list.is_empty() {
                continue;
            }
            list.sort_by_key(|(i, _)| *i);
            types.push(RegionType {
                kind,
                regions: list.into_iter().map(|(_, c)| c).collect(),
            });
        }
        let mut region_at = vec![vec![NONE; ncells]; types.len()];
        let mut region_pos = vec![vec![0u8; ncells]; types.len()];
        let mut region_base = Vec::with_capacity(types.len());
        let mut nregions = 0;
        let mut slots = vec![Vec::new(); ncells];
        for (t, ty) in types.iter().enumerate() {
            region_base.push(nregions);
            for (r, cells) in ty.regions.iter().enumerate() {
                for (i, &c) in cells.iter().enumerate() {
                    region_at[t][c as usize] = r as u32;
                    region_pos[t][c as usize] = i as u8;
                    slots[c as usize].push(((nregions + r) as u32, i as u8));
                }
            }
            nregions += ty.regions.len();
        }
        let mut peers = Vec::with_capacity(ncells);
        let mut region_peers = Vec::with_capacity(ncells);
        let mut peer_places = vec![vec![0u64; ncells]; types.len()];
        let mut seen = vec![usize::MAX; ncells];
        for cell in 0..ncells {
            let mut list = Vec::new();
            seen[cell] = cell;
            for (t, ty) in types.iter().enumerate() {
                let r = region_at[t][cell];
                if r == NONE {
                    continue;
                }
                for (i, &c) in ty.regions[r as usize].iter().enumerate() {
                    if seen[c as usize] != cell {
                        seen[c as usize] = cell;
                        list.push(c);
                        peer_places[t][cell] |= 1 << i;
                    }
                }
            }
            region_peers.push(list.len());
            for &p in layout.peers(Cell(cell as u16)) {
                if seen[p.index()] != cell {
                    seen[p.index()] = cell;
                    list.push(p.0);
                }
            }
            peers.push(list);
        }
        let crossings = types
            .iter()
            .map(|ty1| {
                ty1.regions
                    .iter()
                    .map(|region1| {
                        (0..types.len())
                            .map(|t2| {
                                let mut list: Vec<Crossing> = Vec::new();
                                for (i, &c) in region1.iter().enumerate() {
                                    let i2 = region_at[t2][c as usize];
                                    if i2 == NONE {
                                        continue;
                                    }
                                    match list.iter_mut().find(|x| x.other == i2) {
                                        Some(x) => x.inside |= 1 << i,
                                        None => list.push(Crossing {
                                            other: i2,
                                            inside: 1 << i,
                                            outside_other: 0,
                                        }),
                                    }
                                }
                                list.sort_by_key(|x| x.other);
                                for x in &mut list {
                                    for (j, &c) in
                                        types[t2].regions[x.other as usize].iter().enumerate()
                                    {
                                        if !region1.contains(&c) {
                                            x.outside_other |= 1 << j;
                                        }
                                    }
                                }
                                list
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        // Every house of a layout holds `n` cells (the rater's region scans rely on it).
        debug_assert!(
            types
                .iter()
                .all(|ty| ty.regions.iter().all(|r| r.len() == n))
        );
        let mut region_cells = Vec::new();
        let mut region_start = Vec::new();
        for ty in &types {
            let mut starts = Vec::with_capacity(ty.regions.len());
            for cells in &ty.regions {
                starts.push(region_cells.len() as u32);
                region_cells.extend_from_slice(cells);
            }
            region_start.push(starts);
        }
        let mut cell_slots = Vec::with_capacity(ncells * types.len());
        let mut slot_start = Vec::with_capacity(ncells + 1);
        for cell in 0..ncells {
            slot_start.push(cell_slots.len() as u32);
            for t in 0..types.len() {
                let r = region_at[t][cell];
                if r != NONE {
                    cell_slots.push(CellSlot {
                        k: ((region_base[t] + r as usize) * n) as u32,
                        pos: region_pos[t][cell],
                        t: t as u8,
                        peers: peer_places[t][cell],
                        cells: region_start[t][r as usize],
                    });
                }
            }
        }
        slot_start.push(cell_slots.len() as u32);
        let peer_words = ncells.div_ceil(64);
        let mut peer_bits = vec![0u64; ncells * peer_words];
        for (c, ps) in peers.iter().enumerate() {
            for &p in ps {
                peer_bits[c * peer_words + p as usize / 64] |= 1 << (p % 64);
            }
        }
        Shape {
            n,
            ncells,
            types,
            region_at,
            region_base,
            nregions,
            slots,
            peers,
            peer_bits,
            peer_words,
            region_peers,
            crossings,
            cell_slots,
            slot_start,
            region_cells,
            layout,
        }
    }

    /// The cell's regions, one [`CellSlot`] per region type it has (in type order).
    #[inline]
    pub fn slots_of(&self, cell: usize) -> &[CellSlot] {
        &self.cell_slots[self.slot_start[cell] as usize..self.slot_start[cell + 1] as usize]
    }

    /// Region types of one kind (at most one type per kind).
    pub fn type_of(&self, kind: Kind) -> Option<usize> {
        self.types.iter().position(|t| t.kind == kind)
    }
}

/// Values and candidates on a [`Shape`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    pub values: Vec<u8>,
    pub cands: Vec<u64>,
    /// Per region and digit (index `(region_base[t] + r) * n + d - 1`), the positions in
    /// the region that hold the digit, as [`Board::positions`] gives them. The basic
    /// producers read these many times per step; [`Board::refresh`] brings them up to date
    /// and must follow every change to `cands`.
    pos: Vec<u64>,
    /// `cands` as `pos` last saw them: a refresh updates only the cells that changed since
    /// (a step changes a few cells; rebuilding all regions' tables cost more than the
    /// singles and intersections that read them on easy puzzles).
    seen: Vec<u64>,
}

impl Board {
    /// A board from a grid: candidates are the digits no peer holds.
    pub fn from_grid(shape: &Shape, grid: &Grid) -> Board {
        let values = grid.values().to_vec();
        let full = if shape.n == 64 {
            u64::MAX
        } else {
            (1u64 << shape.n) - 1
        };
        let mut cands = vec![0u64; shape.ncells];
        for c in 0..shape.ncells {
            if values[c] != 0 {
                continue;
            }
            let mut m = full;
            for &p in &shape.peers[c] {
                let v = values[p as usize];
                if v != 0 {
                    m &= !bit(v);
                }
            }
            cands[c] = m;
        }
        Board::new(shape, values, cands)
    }

    /// A board with these values and candidates.
    pub fn new(shape: &Shape, values: Vec<u8>, cands: Vec<u64>) -> Board {
        let seen = vec![0; cands.len()];
        let mut b = Board {
            values,
            cands,
            pos: vec![0; shape.nregions * shape.n],
            seen,
        };
        b.refresh(shape);
        b
    }

    /// Brings the region positions up to date after `cands` changed: each cell whose
    /// candidates differ from what the table last saw has its bits cleared or set in the
    /// rows of its regions.
    pub fn refresh(&mut self, shape: &Shape) {
        let n = shape.n;
        for c in 0..self.cands.len() {
            let (now, was) = (self.cands[c], self.seen[c]);
            if now == was {
                continue;
            }
            self.seen[c] = now;
            for &(region, i) in &shape.slots[c] {
                let at = 1u64 << i;
                let row = &mut self.pos[region as usize * n..][..n];
                let mut gone = was & !now;
                while gone != 0 {
                    row[gone.trailing_zeros() as usize] &= !at;
                    gone &= gone - 1;
                }
                let mut new = now & !was;
                while new != 0 {
                    row[new.trailing_zeros() as usize] |= at;
                    new &= new - 1;
                }
            }
        }
    }

    /// [`Board::positions`] of region `r` of type `t`, from the table.
    #[inline]
    pub fn places(&self, shape: &Shape, t: usize, r: usize, d: u8) -> u64 {
        self.pos[(shape.region_base[t] + r) * shape.n + d as usize - 1]
    }

    /// [`Board::positions`] of region number `g` (`region_base[t] + r`), from the table.
    #[inline]
    pub fn region_places(&self, shape: &Shape, g: usize, d: u8) -> u64 {
        self.pos[g * shape.n + d as usize - 1]
    }

    #[inline]
    pub fn has(&self, cell: usize, d: u8) -> bool {
        self.cands[cell] & bit(d) != 0
    }

    /// Places `d` in `cell` and removes it from every peer (SE's `setValueAndCancel`).
    pub fn place(&mut self, shape: &Shape, cell: usize, d: u8) {
        self.values[cell] = d;
        self.cands[cell] = 0;
        for &p in &shape.peers[cell] {
            self.cands[p as usize] &= !bit(d);
        }
    }

    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Positions (indices into the region's cell list) of digit `d` in a region, as a mask.
    #[inline]
    pub fn positions(&self, region: &[u16], d: u8) -> u64 {
        let b = bit(d);
        let mut m = 0u64;
        for (i, &c) in region.iter().enumerate() {
            if self.cands[c as usize] & b != 0 {
                m |= 1 << i;
            }
        }
        m
    }

    pub fn empty_count(&self, region: &[u16]) -> usize {
        region
            .iter()
            .filter(|&&c| self.values[c as usize] == 0)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The incremental refresh leaves the region positions exactly as a fresh board computes
    /// them, on layouts where a cell lies in two regions of one type (the centre of an X
    /// grid is on both diagonals) as well as on plain ones, as candidates go and come back.
    #[test]
    fn refresh_matches_a_fresh_board() {
        for layout in crate::testrng::layouts() {
            let shape = Shape::new(Arc::new(layout));
            let grid = Grid::empty(shape.layout.clone());
            let mut b = Board::from_grid(&shape, &grid);
            let mut rng = crate::testrng::Lcg::new(12345);
            for round in 0..200 {
                let c = rng.below(shape.ncells as u64) as usize;
                let d = rng.below(shape.n as u64) as u8 + 1;
                if round % 3 == 2 {
                    b.cands[c] |= bit(d);
                } else {
                    b.cands[c] &= !bit(d);
                }
                // The centre cell changes too, every few rounds.
                if round % 5 == 0 {
                    b.cands[shape.ncells / 2] ^= bit(1);
                }
                b.refresh(&shape);
                let fresh = Board::new(&shape, b.values.clone(), b.cands.clone());
                assert_eq!(b, fresh, "round {round}");
            }
        }
    }
}
