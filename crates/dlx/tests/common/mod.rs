//! Shared helpers for the `dlx` tests: a deliberately simple reference backtracker (no exact
//! cover, no dancing links) to compare counts with, grid constructions, and puzzle makers.

#![allow(
    dead_code,
    unused_imports,
    reason = "each test binary uses a different subset of the helpers"
)]

use std::sync::Arc;
use sudokit_core::verify::verify;
use sudokit_core::{Cell, Grid, Layout, Solver};
use sudokit_dlx::Dlx;

/// Counts solutions of `puzzle` up to `cap` by plain backtracking: fill the empty cell with the
/// fewest candidates, candidates being the digits no peer (house or pair constraint) holds.
pub fn reference_count(puzzle: &Grid, cap: u64) -> (u64, Option<Vec<u8>>) {
    let layout = puzzle.layout();
    let mut values = puzzle.values().to_vec();
    let mut found = 0;
    let mut first = None;
    rec(layout, &mut values, cap, &mut found, &mut first);
    (found, first)
}

fn candidates(layout: &Layout, values: &[u8], cell: usize) -> u64 {
    let n = layout.size();
    let mut mask = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    for &p in layout.peers(Cell(cell as u16)) {
        let v = values[p.index()];
        if v != 0 {
            mask &= !(1u64 << (v - 1));
        }
    }
    mask
}

fn rec(layout: &Layout, values: &mut [u8], cap: u64, found: &mut u64, first: &mut Option<Vec<u8>>) {
    let mut best: Option<(usize, u64)> = None;
    for i in 0..values.len() {
        if values[i] != 0 {
            continue;
        }
        let m = candidates(layout, values, i);
        if best.is_none_or(|(_, bm)| m.count_ones() < bm.count_ones()) {
            best = Some((i, m));
            if m.count_ones() <= 1 {
                break;
            }
        }
    }
    let Some((cell, mut mask)) = best else {
        *found += 1;
        if first.is_none() {
            *first = Some(values.to_vec());
        }
        return;
    };
    while mask != 0 && *found < cap {
        let d = mask.trailing_zeros() as u8 + 1;
        mask &= mask - 1;
        values[cell] = d;
        rec(layout, values, cap, found, first);
    }
    values[cell] = 0;
}

/// Checks that `dlx` and the reference agree on the count capped at `cap`, and that every grid
/// `dlx` returns (all of them, up to the cap) passes the independent checker. Returns the count.
pub fn agree(puzzle: &Grid, cap: u64) -> u64 {
    let (expected, _) = reference_count(puzzle, cap);
    let report = Dlx::new()
        .solve(puzzle, &sudokit_core::Request::count(cap, cap as usize))
        .expect("dlx solves");
    assert_eq!(
        report.count,
        expected,
        "dlx and the reference disagree on {}",
        puzzle.to_line().unwrap_or_default()
    );
    assert_eq!(report.solutions.len() as u64, report.count);
    assert_eq!(report.exact, report.count < cap);
    for s in &report.solutions {
        verify(puzzle, s).expect("dlx returned an invalid grid");
    }
    let mut distinct = report.solutions.clone();
    distinct.dedup_by(|a, b| a.values() == b.values());
    assert_eq!(distinct.len(), report.solutions.len(), "repeated solution");
    expected
}

pub use sudokit_testkit::pattern::{XorShift as Rng, boxed_grid};

/// Blanks each cell with probability `percent`%.
pub fn blank(layout: &Arc<Layout>, full: &[u8], percent: usize, rng: &mut Rng) -> Grid {
    let v = full
        .iter()
        .map(|&d| if rng.below(100) < percent { 0 } else { d })
        .collect();
    Grid::from_values(layout.clone(), v)
}

/// Blanks cells of `full` in a random order, keeping a blank only while the reference still
/// finds a unique solution: a puzzle with exactly one solution and at most `max_blank`% of
/// its cells empty (100: a minimal puzzle).
pub fn unique_puzzle(layout: &Arc<Layout>, full: &[u8], max_blank: usize, rng: &mut Rng) -> Grid {
    let mut v = full.to_vec();
    let mut order: Vec<usize> = (0..v.len()).collect();
    rng.shuffle(&mut order);
    let mut blanks = 0;
    for i in order {
        if blanks * 100 >= max_blank * v.len() {
            break;
        }
        let keep = v[i];
        v[i] = 0;
        if reference_count(&Grid::from_values(layout.clone(), v.clone()), 2).0 != 1 {
            v[i] = keep;
        } else {
            blanks += 1;
        }
    }
    Grid::from_values(layout.clone(), v)
}

/// A jigsaw layout for which `full` (a valid grid of the boxed layout `rows × cols`) stays
/// valid: region labels are swapped between cells that hold the same digit in different
/// boxes, so every region keeps one of each digit while its shape stops being a box.
pub fn jigsaw_for(full: &[u8], rows: usize, cols: usize, swaps: usize, rng: &mut Rng) -> Layout {
    let n = rows * cols;
    let boxed = Layout::boxed(n, rows, cols).expect("box shape");
    let mut region: Vec<u8> = boxed.region_map().to_vec();
    let mut done = 0;
    while done < swaps {
        let a = rng.below(n * n);
        let b = rng.below(n * n);
        if a != b && full[a] == full[b] && region[a] != region[b] {
            region.swap(a, b);
            done += 1;
        }
    }
    Layout::jigsaw(n, region).expect("regions keep N cells each")
}
