//! [`SudokuCover`]: a puzzle as an exact-cover matrix (see the crate docs for the items).
//!
//! Design decision: items are numbered densely and only for what is still open — empty cells,
//! house-digits the givens have not placed, and pair-digits of two empty cells — so the matrix
//! of a puzzle with many givens is small and building it costs a few microseconds for 9×9.
//! An option (cell, digit) exists only when no peer of the cell already holds the digit.

use exact_cover::{Builder, Item, Problem};
use sudokit_core::{Cell, Grid, SolveError};

/// A puzzle as an exact-cover [`Problem`]: one option per (empty cell, digit) that the givens
/// allow, so a solution of the problem is a completion of the puzzle.
#[derive(Clone, Debug)]
pub struct SudokuCover {
    problem: Problem,
    /// Per option: (cell index, digit).
    placements: Vec<(u16, u8)>,
}

impl SudokuCover {
    /// Builds the matrix for `puzzle`. Fails with [`SolveError::Conflict`] when two givens
    /// clash.
    pub fn new(puzzle: &Grid) -> Result<SudokuCover, SolveError> {
        let layout = puzzle.layout();
        let n = layout.size();
        let cells = layout.cell_count();
        let values = puzzle.values();
        let conflict = || match puzzle.find_conflict() {
            Some(c) => SolveError::Conflict(c),
            None => SolveError::Failed {
                engine: "dlx",
                reason: "inconsistent givens".into(),
            },
        };

        // House-digits placed by the givens.
        let houses = layout.house_count();
        let placed = layout.placed_per_house(values).ok_or_else(conflict)?;

        // Digits each empty cell may not take: those of its given peers (houses and pairs).
        let mut blocked = vec![0u64; cells];
        for (i, b) in blocked.iter_mut().enumerate() {
            let cell = Cell(i as u16);
            for &p in layout.peers(cell) {
                let v = values[p.index()];
                if v != 0 {
                    if values[i] == v {
                        return Err(conflict());
                    }
                    *b |= 1u64 << (v - 1);
                }
            }
        }

        // Primary items: empty cells, then open house-digits.
        let mut next = 0usize;
        let mut cell_item = vec![usize::MAX; cells];
        for (i, slot) in cell_item.iter_mut().enumerate() {
            if values[i] == 0 {
                *slot = next;
                next += 1;
            }
        }
        let mut house_item = vec![usize::MAX; houses * n];
        for h in 0..houses {
            for d in 0..n {
                if placed[h] >> d & 1 == 0 {
                    house_item[h * n + d] = next;
                    next += 1;
                }
            }
        }
        let primary = next;

        // Secondary items: for pair constraints between two empty cells that share no house,
        // one item per digit. `pairs[i]` lists (peer, first item) for cell i.
        let mut pairs: Vec<Vec<usize>> = vec![Vec::new(); cells];
        let mut secondary = 0usize;
        if layout.has_pair_constraints() {
            for i in 0..cells {
                if values[i] != 0 {
                    continue;
                }
                let a = Cell(i as u16);
                for &b in layout.peers(a) {
                    let j = b.index();
                    if j <= i || values[j] != 0 {
                        continue;
                    }
                    let shares = layout
                        .houses_of(a)
                        .iter()
                        .any(|h| layout.houses_of(b).contains(h));
                    if shares {
                        continue;
                    }
                    let base = primary + secondary;
                    secondary += n;
                    pairs[i].push(base);
                    pairs[j].push(base);
                }
            }
        }

        let free = cell_item.iter().filter(|&&i| i != usize::MAX).count();
        let per_option = 1 + houses * n / cells.max(1) + 2 * secondary / (free * n).max(1);
        let mut builder = Builder::with_items(primary, secondary);
        builder.reserve(free * n, free * n * per_option);
        let mut placements = Vec::with_capacity(free * n);
        let mut items: Vec<Item> = Vec::with_capacity(8 + 16);
        for i in 0..cells {
            if values[i] != 0 {
                continue;
            }
            let cell = Cell(i as u16);
            for d in 0..n {
                if blocked[i] >> d & 1 == 1 {
                    continue;
                }
                items.clear();
                items.push(Item(cell_item[i]));
                for h in layout.houses_of(cell) {
                    items.push(Item(house_item[h.index() * n + d]));
                }
                for &base in &pairs[i] {
                    items.push(Item(base + d));
                }
                builder
                    .option(items.iter().copied())
                    .map_err(|e| SolveError::Failed {
                        engine: "dlx",
                        reason: e.to_string(),
                    })?;
                placements.push((i as u16, d as u8 + 1));
            }
        }
        let problem = builder.build().map_err(|e| SolveError::Failed {
            engine: "dlx",
            reason: e.to_string(),
        })?;
        Ok(SudokuCover {
            problem,
            placements,
        })
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The (cell index, digit) that option `option` places, if it exists.
    pub fn placement(&self, option: usize) -> Option<(usize, u8)> {
        self.placements.get(option).map(|&(c, d)| (c as usize, d))
    }

    /// Writes the digits of a solution's options into `values` (a copy of the puzzle's
    /// values); unknown options and cells outside `values` are ignored.
    #[inline]
    pub fn fill(&self, options: &[usize], values: &mut [u8]) {
        for &o in options {
            if let Some(&(c, d)) = self.placements.get(o)
                && let Some(v) = values.get_mut(c as usize)
            {
                *v = d;
            }
        }
    }
}
