//! The constraint model of a puzzle: one finite-domain variable per cell (a `u64` bit set of
//! digits), one all-different constraint per house and one binary disequality per pair peer.
//!
//! Design decision: the model is read once from the [`Layout`] into flat `u16` tables, so
//! every house kind the layout knows (rows, columns, boxes, jigsaw regions, diagonals) is an
//! all-different with no special case, and anti-knight/anti-king are simply peers that share
//! no house. Variant rules add to both: a group of `n` cells that must differ (a killer cage
//! or extra region of `n` cells, a disjoint group) is one more house, a smaller one adds
//! peers, and the rest of each rule is compiled by [`crate::rules`]. Every house has exactly
//! `n` cells and the digits are `1..=n`, so each
//! all-different is a permutation constraint: its value graph always needs a perfect matching,
//! which the GAC filter in [`crate::filter`] relies on.

use crate::rules::Compiled;
use sudokit_core::{Cell, Grid, Layout};

/// A domain: bit `d - 1` set when digit `d` is still possible.
pub type Domain = u64;

/// Flat tables for one layout.
#[derive(Clone, Debug)]
pub struct Model {
    /// Side of the grid (digits `1..=n`).
    pub n: usize,
    /// Cells of house `h`: `house_cells[h * n..(h + 1) * n]`.
    pub house_cells: Vec<u16>,
    /// Number of houses.
    pub houses: usize,
    /// Houses of each cell: `cell_houses[cell_houses_start[c]..cell_houses_start[c + 1]]`.
    cell_houses: Vec<u16>,
    cell_houses_start: Vec<u32>,
    /// Peers of each cell (houses and pair constraints alike).
    peers: Vec<u16>,
    peers_start: Vec<u32>,
    /// The variant rules' propagators.
    pub rules: Compiled,
}

impl Model {
    /// The model of `layout`, its variant rules compiled ([`Compiled`]): groups of `n`
    /// distinct cells join the houses, smaller ones the peers.
    pub fn new(layout: &Layout) -> Model {
        let n = layout.size();
        let rules = Compiled::new(layout);
        let mut house_cells = Vec::with_capacity(layout.house_count() * n);
        for h in layout.houses() {
            house_cells.extend(layout.house_cells(h).iter().map(|c| c.0));
        }
        let mut houses_of: Vec<Vec<u16>> = (0..n * n)
            .map(|c| {
                layout
                    .houses_of(Cell(c as u16))
                    .iter()
                    .map(|h| h.0)
                    .collect()
            })
            .collect();
        let mut peers_of: Vec<Vec<u16>> = (0..n * n)
            .map(|c| layout.peers(Cell(c as u16)).iter().map(|p| p.0).collect())
            .collect();
        let mut houses = layout.house_count();
        for group in &rules.extra_houses {
            for &c in group {
                houses_of[c as usize].push(houses as u16);
                peers_of[c as usize].extend(group.iter().filter(|&&d| d != c));
            }
            house_cells.extend_from_slice(group);
            houses += 1;
        }
        for &(a, b) in &rules.extra_peers {
            peers_of[a as usize].push(b);
            peers_of[b as usize].push(a);
        }
        let mut cell_houses = Vec::new();
        let mut cell_houses_start = vec![0u32];
        let mut peers = Vec::new();
        let mut peers_start = vec![0u32];
        for (hs, mut ps) in houses_of.into_iter().zip(peers_of) {
            cell_houses.extend(hs);
            cell_houses_start.push(cell_houses.len() as u32);
            ps.sort_unstable();
            ps.dedup();
            peers.extend(ps);
            peers_start.push(peers.len() as u32);
        }
        Model {
            n,
            house_cells,
            houses,
            cell_houses,
            cell_houses_start,
            peers,
            peers_start,
            rules,
        }
    }

    /// Number of cells (variables).
    pub fn cells(&self) -> usize {
        self.n * self.n
    }

    /// The digit set `1..=n`.
    pub fn full(&self) -> Domain {
        if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        }
    }

    /// The cells of house `h`.
    pub fn house(&self, h: usize) -> &[u16] {
        &self.house_cells[h * self.n..(h + 1) * self.n]
    }

    /// The houses of cell `c`.
    pub fn houses_of(&self, c: usize) -> &[u16] {
        &self.cell_houses
            [self.cell_houses_start[c] as usize..self.cell_houses_start[c + 1] as usize]
    }

    /// The peers of cell `c`.
    pub fn peers(&self, c: usize) -> &[u16] {
        &self.peers[self.peers_start[c] as usize..self.peers_start[c + 1] as usize]
    }

    /// Initial domains: a given is a singleton, an open cell holds every digit (the givens'
    /// consequences are left to propagation), both cut by the unary rules (odd, even).
    pub fn domains(&self, puzzle: &Grid) -> Vec<Domain> {
        let full = self.full();
        puzzle
            .values()
            .iter()
            .zip(&self.rules.unary)
            .map(|(&v, &allowed)| allowed & if v == 0 { full } else { 1u64 << (v - 1) })
            .collect()
    }
}
