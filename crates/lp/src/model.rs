//! The linear program of one node, written as plain data: one column per open (cell, digit)
//! pair and rows whose coefficients are all 1.
//!
//! Design decision: the model is rebuilt from the node's [`State`] instead of being edited in
//! place in a solver. After reduction a 9×9 node has a few hundred columns at most, so a
//! rebuild costs microseconds, keeps both back-ends (simplex and interior point) behind one
//! tiny interface, and keeps branching free of solver-specific warm-start state.

use crate::state::State;
use sudokit_core::{Cell, Layout};

/// Whether a row is `= rhs` or `≤ rhs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sense {
    /// A cell or house row, `= 1` (one digit per cell, each missing digit once per house).
    Partition,
    /// Equality that must stay one (the unreduced model's given rows).
    Eq,
    /// At most.
    Le,
}

/// One row: the sum of `cols` (each with coefficient 1) compared with `rhs`.
#[derive(Clone, Debug)]
pub(crate) struct Row {
    pub cols: Vec<usize>,
    pub sense: Sense,
    pub rhs: f64,
}

/// A node's LP: columns are (cell, digit) pairs with bounds [0, 1].
#[derive(Clone, Debug, Default)]
pub(crate) struct Model {
    /// (cell, 1-based digit) of each column.
    pub cols: Vec<(usize, u8)>,
    /// The rows; the first `open_cells` are the cell rows.
    pub rows: Vec<Row>,
    /// Open cells: Σx equals this at every feasible point.
    pub open_cells: usize,
}

/// What building a model can conclude on its own.
#[derive(Debug)]
pub(crate) enum Built {
    /// The model is empty because every cell is placed.
    Solved,
    /// Some row has no column left: no feasible point.
    Infeasible,
    /// A model to solve.
    Model(Model),
}

/// Extra equalities `x(cell, digit) = 1` for the unreduced model of the report, where givens
/// are rows rather than removed columns.
pub(crate) type Fixes = [(usize, u8)];

impl Model {
    /// Adds the row "exactly one of `cols`"; `false` (and no row) when `cols` is empty, which
    /// no point can satisfy.
    fn push_partition(&mut self, cols: Vec<usize>) -> bool {
        if cols.is_empty() {
            return false;
        }
        self.rows.push(Row {
            cols,
            sense: Sense::Partition,
            rhs: 1.0,
        });
        true
    }
}

/// Builds the LP of `state`: placed cells are constants, every other cell keeps one column
/// per candidate. `pair_peers[c]` lists the peers of `c` that share no house (anti-knight,
/// anti-king); `cuts` are no-good solutions already reported.
pub(crate) fn build(
    layout: &Layout,
    state: &State,
    fixes: &Fixes,
    pair_peers: &[Vec<u16>],
    cuts: &[Vec<u8>],
) -> Built {
    let n = layout.size();
    let cells = layout.cell_count();
    let mut col_of = vec![usize::MAX; cells * n];
    let mut model = Model::default();
    for c in 0..cells {
        if state.placed[c] != 0 {
            continue;
        }
        let mut m = state.cand[c];
        let mut row = Vec::with_capacity(m.count_ones() as usize);
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            col_of[c * n + d] = model.cols.len();
            row.push(model.cols.len());
            model.cols.push((c, d as u8 + 1));
        }
        if !model.push_partition(row) {
            return Built::Infeasible;
        }
    }
    model.open_cells = model.rows.len();
    if model.cols.is_empty() {
        return Built::Solved;
    }
    for row in layout.house_digit_vars(&state.placed, &col_of, usize::MAX) {
        if !model.push_partition(row) {
            return Built::Infeasible;
        }
    }
    for (a, peers) in pair_peers.iter().enumerate() {
        for &b in peers {
            let b = b as usize;
            if b <= a {
                continue;
            }
            for d in 0..n {
                let (ja, jb) = (col_of[a * n + d], col_of[b * n + d]);
                if ja != usize::MAX && jb != usize::MAX {
                    model.rows.push(Row {
                        cols: vec![ja, jb],
                        sense: Sense::Le,
                        rhs: 1.0,
                    });
                }
            }
        }
    }
    for &(c, d) in fixes {
        if state.placed[c] != 0 {
            if state.placed[c] != d {
                return Built::Infeasible;
            }
            continue;
        }
        let j = col_of[c * n + d as usize - 1];
        if j == usize::MAX {
            return Built::Infeasible;
        }
        model.rows.push(Row {
            cols: vec![j],
            sense: Sense::Eq,
            rhs: 1.0,
        });
    }
    for cut in cuts {
        // Σ over open cells of x(c, cut[c]) ≤ (open cells) − 1 − (placed cells that agree);
        // any disagreement or excluded digit satisfies the no-good outright.
        let mut row = Vec::new();
        let mut satisfied = false;
        for (c, &d) in cut.iter().enumerate() {
            if state.placed[c] != 0 {
                if state.placed[c] != d {
                    satisfied = true;
                    break;
                }
                continue;
            }
            let j = col_of[c * n + d as usize - 1];
            if j == usize::MAX {
                satisfied = true;
                break;
            }
            row.push(j);
        }
        if satisfied {
            continue;
        }
        let rhs = row.len() as f64 - 1.0;
        model.rows.push(Row {
            cols: row,
            sense: Sense::Le,
            rhs,
        });
    }
    Built::Model(model)
}

/// For every cell, the peers that share no house with it (pairwise-only constraints).
pub(crate) fn pair_only_peers(layout: &Layout) -> Vec<Vec<u16>> {
    let cells = layout.cell_count();
    if !layout.has_pair_constraints() {
        return vec![Vec::new(); cells];
    }
    (0..cells)
        .map(|a| {
            let ha = layout.houses_of(Cell(a as u16));
            layout
                .peers(Cell(a as u16))
                .iter()
                .filter(|b| !layout.houses_of(**b).iter().any(|h| ha.contains(h)))
                .map(|b| b.0)
                .collect()
        })
        .collect()
}
