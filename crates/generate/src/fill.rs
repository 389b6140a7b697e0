//! Full grids: a seeded random solution grid for any layout, and seed `002`'s root solution.
//!
//! Design decision: the standard 9×9 grid is drawn exactly uniformly by
//! [`UniformGrids`] (band by band from the exact count of
//! grids, with rejection), because a randomised backtracker is measurably biased there (its
//! bands' classes miss their exact law by a chi-square of about 4,900 on 43 degrees of
//! freedom a position for a million grids; `bands`, docs/generate.md). Every other layout
//! comes from our own randomised depth-first fill (most constrained cell first, ties and digit
//! order chosen by the [`Rng`]) over the layout's peer table, rather than from an engine:
//! engines are deterministic and their first solution is heavily biased, while the layout's
//! peers already encode every rule (boxes, jigsaw regions, diagonals, anti-knight and
//! anti-king pairs), so one filler serves every layout. Each attempt has a node limit and is
//! restarted with fresh random choices when it stalls (as HoDoKu restarts its filler). When
//! every attempt stalls (tight extras such as X with anti-knight, 36×36 and larger grids,
//! jigsaw maps), an engine takes over ([`engine_grid`]): a few random placements that
//! `propagate` (which fills large empty grids fast) completes within a node budget, fewer when
//! it cannot, and a random relabelling of the digits (and, on plain boxes, of the lines within
//! bands and stacks) randomises the rest; from 36×36 up, where the fill always stalled, the
//! engines are used straight away. With no placements left, `propagate` and then `sat` decide
//! exactly whether the layout has a grid at all, so
//! `GenError::NoGrid` means "none exists", never bad luck. Filling and the engines both stop on
//! the caller's budget. No exact law is known for those layouts, so their grids are random but
//! not proven uniform.

use std::sync::Arc;
use std::time::Instant;
use sudokit_core::{Budget, Cell, Grid, Layout, Request, Solver, Status, Termination};
use sudokit_engines::{Propagate, Sat};

use crate::GenError;
use crate::rng::Rng;
use crate::uniform::UniformGrids;

/// Nodes one fill attempt may visit before it restarts (per cell of the grid).
const NODES_PER_CELL: usize = 40;

/// A random full grid of `layout`: exactly uniform on the standard 9×9 grid, otherwise from
/// [`backtrack_grid`].
pub fn random_grid(layout: &Arc<Layout>, rng: &mut Rng, attempts: usize) -> Result<Grid, GenError> {
    random_grid_within(
        layout,
        rng,
        attempts,
        true,
        &Budget::default(),
        Instant::now(),
    )
}

/// [`random_grid`] within the `budget` of a puzzle started at `start` (its time and cancel
/// flag; nodes are not used): `Err(GenError::Budget)` when it runs out while filling. After
/// `attempts` stalled fills an engine completes the grid ([`engine_grid`]) when `engine` is
/// set; otherwise the result is `Err(GenError::Stalled)`.
pub fn random_grid_within(
    layout: &Arc<Layout>,
    rng: &mut Rng,
    attempts: usize,
    engine: bool,
    budget: &Budget,
    start: Instant,
) -> Result<Grid, GenError> {
    if layout.is_standard_9x9() {
        let values = UniformGrids::get().sample(rng);
        return Ok(Grid::from_values(layout.clone(), values.to_vec()));
    }
    let left = remaining(budget, start);
    let tries = if layout.size() >= ENGINES_FROM_SIDE {
        0
    } else {
        attempts
    };
    match fill_attempts(layout, rng, tries, &left)? {
        Some(g) => Ok(g),
        None if engine => engine_grid(layout, rng, &left),
        None => Err(GenError::Stalled {
            layout: layout.describe(),
            attempts,
        }),
    }
}

/// What is left of `budget` (started at `start`): the time remaining and the cancel flag.
fn remaining(budget: &Budget, start: Instant) -> Budget {
    Budget {
        nodes: None,
        time: budget.time.map(|t| t.saturating_sub(start.elapsed())),
        cancel: budget.cancel.clone(),
    }
}

/// Up to `attempts` randomised fills; `Ok(None)` when every one stalled.
fn fill_attempts(
    layout: &Arc<Layout>,
    rng: &mut Rng,
    attempts: usize,
    budget: &Budget,
) -> Result<Option<Grid>, GenError> {
    let cells = layout.cell_count();
    let mut stop = budget.start();
    for _ in 0..attempts {
        let mut f = Filler::new(layout);
        let mut nodes = NODES_PER_CELL * cells + 1000;
        if f.run(rng, &mut nodes, &mut stop, &mut Vec::new()) {
            return Ok(Some(Grid::from_values(layout.clone(), f.values)));
        }
        if f.stopped {
            return Err(GenError::Budget { attempts: 0 });
        }
    }
    Ok(None)
}

/// Search nodes `propagate` may spend completing a grid (per cell) before `sat` takes over.
const ENGINE_NODES_PER_CELL: u64 = 50;

/// The side from which the randomised fill is not tried at all: every node scans every cell,
/// and on 36×36 and larger grids its attempts stalled for every seed tried (twenty of them
/// took 35 s on 49×49) where the engines take well under a second.
const ENGINES_FROM_SIDE: usize = 36;

/// A full grid of `layout` from the engines, randomised: up to N random placements (forward
/// checked; none from 36×36 up) that `propagate` completes within a node budget, half as many
/// when it cannot, then a random relabelling of the digits and, on plain boxes, a random
/// shuffle of the lines within bands and stacks. With no placements the search is exact
/// (`propagate`, then `sat`): `Err(GenError::NoGrid)` when the empty grid has no solution,
/// `Err(GenError::Budget)` when `budget` ran out first.
pub fn engine_grid(layout: &Arc<Layout>, rng: &mut Rng, budget: &Budget) -> Result<Grid, GenError> {
    let start = Instant::now();
    let n = layout.size();
    // On the largest grids placements make the engines' work far harder (a 64×64 grid took
    // minutes); there the rows, columns, bands and stacks are shuffled instead (below).
    let mut placements = if n >= ENGINES_FROM_SIDE { 0 } else { n };
    loop {
        let mut f = Filler::new(layout);
        let mut placed = 0;
        while placed < placements {
            let empty: Vec<usize> = (0..f.values.len())
                .filter(|&i| f.values[i] == 0 && f.cands[i] != 0)
                .collect();
            if empty.is_empty() {
                break;
            }
            let cell = empty[rng.below(empty.len())];
            let digits: Vec<u8> = (0..64u8)
                .filter(|d| f.cands[cell] >> d & 1 == 1)
                .map(|d| d + 1)
                .collect();
            let d = digits[rng.below(digits.len())];
            if !f.place(cell, d, &mut Vec::new()) {
                break;
            }
            placed += 1;
        }
        let puzzle = Grid::from_values(layout.clone(), f.values);
        match complete(&puzzle, &remaining(budget, start), placements == 0)? {
            Some(grid) => return Ok(shuffle_lines(&relabel(&grid, rng), rng)),
            None if placements == 0 => {
                return Err(GenError::NoGrid {
                    layout: layout.describe(),
                });
            }
            None => placements /= 2,
        }
    }
}

/// The first solution of `puzzle`: `propagate` with a node budget, then (when `exact`) `sat`;
/// `None` when there is none or, not `exact`, when `propagate` did not settle it;
/// `Err(GenError::Budget)` when `budget` ran out.
fn complete(puzzle: &Grid, budget: &Budget, exact: bool) -> Result<Option<Grid>, GenError> {
    let engine_err = |e: sudokit_core::SolveError| GenError::Engine(e.to_string());
    let capped = Budget {
        nodes: Some(ENGINE_NODES_PER_CELL * puzzle.layout().cell_count() as u64 + 1000),
        ..budget.clone()
    };
    let quick = Propagate::with_subsets(false)
        .solve(puzzle, &Request::first().with_budget(capped))
        .map_err(engine_err)?;
    let report = match quick.status {
        Status::Solved | Status::Unsolvable => quick,
        _ if !exact && !budget_spent(budget, quick.elapsed) => return Ok(None),
        _ => Sat::new()
            .solve(puzzle, &Request::first().with_budget(budget.clone()))
            .map_err(engine_err)?,
    };
    match report.status {
        Status::Solved => Ok(report.solutions.into_iter().next()),
        Status::Unsolvable => Ok(None),
        Status::Stopped | Status::Unknown => Err(GenError::Budget { attempts: 0 }),
    }
}

/// Whether `budget` (its time and cancel flag) is used up after `spent`.
fn budget_spent(budget: &Budget, spent: std::time::Duration) -> bool {
    budget.time.is_some_and(|t| spent >= t)
        || budget
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
}

/// `grid` with its rows permuted at random within bands and its bands among themselves, and
/// likewise its columns within stacks and its stacks, when its layout is plain boxes (those
/// moves map boxes onto boxes; extras and jigsaw maps are left as they are).
fn shuffle_lines(grid: &Grid, rng: &mut Rng) -> Grid {
    let layout = grid.layout();
    let Some((rows, cols)) = layout.box_shape() else {
        return grid.clone();
    };
    if !layout.extras().is_empty() {
        return grid.clone();
    }
    let n = layout.size();
    let order = |height: usize, rng: &mut Rng| -> Vec<usize> {
        let mut bands: Vec<usize> = (0..n / height).collect();
        rng.shuffle(&mut bands);
        let mut lines = Vec::with_capacity(n);
        for b in bands {
            let mut within: Vec<usize> = (b * height..(b + 1) * height).collect();
            rng.shuffle(&mut within);
            lines.extend(within);
        }
        lines
    };
    let row_of = order(rows, rng);
    let col_of = order(cols, rng);
    let old = grid.values();
    let values = (0..n * n)
        .map(|i| old[row_of[i / n] * n + col_of[i % n]])
        .collect();
    Grid::from_values(grid.layout_arc().clone(), values)
}

/// `grid` with its digits permuted at random (every rule of every layout is blind to the
/// digits' names, so the result is a grid of the same layout).
fn relabel(grid: &Grid, rng: &mut Rng) -> Grid {
    let mut names: Vec<u8> = (1..=grid.size() as u8).collect();
    rng.shuffle(&mut names);
    let values = grid
        .values()
        .iter()
        .map(|&v| if v == 0 { 0 } else { names[v as usize - 1] })
        .collect();
    Grid::from_values(grid.layout_arc().clone(), values)
}

/// A random full grid of `layout` from the randomised depth-first fill alone (not uniform, see
/// the module docs): up to `attempts` fills, each with a node limit. `Err(GenError::Stalled)`
/// when none completes (which does not prove that the layout has no grid).
pub fn backtrack_grid(
    layout: &Arc<Layout>,
    rng: &mut Rng,
    attempts: usize,
) -> Result<Grid, GenError> {
    fill_attempts(layout, rng, attempts.max(1), &Budget::default())?.ok_or_else(|| {
        GenError::Stalled {
            layout: layout.describe(),
            attempts,
        }
    })
}

struct Filler<'a> {
    layout: &'a Layout,
    values: Vec<u8>,
    cands: Vec<u64>,
    /// Whether the budget stopped the last run.
    stopped: bool,
}

impl<'a> Filler<'a> {
    fn new(layout: &'a Layout) -> Filler<'a> {
        let n = layout.size();
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Filler {
            layout,
            values: vec![0; layout.cell_count()],
            cands: vec![full; layout.cell_count()],
            stopped: false,
        }
    }

    /// Places `d` (1-based) at `cell`; `false` when a peer is left without candidates. Every
    /// candidate set it changes is pushed on `trail` first (cell, old set), so [`Filler::undo`]
    /// restores them without copying the whole table per node.
    fn place(&mut self, cell: usize, d: u8, trail: &mut Vec<(usize, u64)>) -> bool {
        self.values[cell] = d;
        let bit = 1u64 << (d - 1);
        let mut ok = true;
        for p in self.layout.peers(Cell(cell as u16)) {
            let i = p.index();
            if self.values[i] == 0 {
                let old = self.cands[i];
                if old & bit != 0 {
                    trail.push((i, old));
                    self.cands[i] = old & !bit;
                }
                if self.cands[i] == 0 {
                    ok = false;
                }
            }
        }
        ok
    }

    /// Takes back what [`Filler::place`] pushed on `trail` since it was `mark` long.
    fn undo(&mut self, trail: &mut Vec<(usize, u64)>, mark: usize) {
        for (i, old) in trail.drain(mark..).rev() {
            self.cands[i] = old;
        }
    }

    fn run(
        &mut self,
        rng: &mut Rng,
        nodes: &mut usize,
        stop: &mut impl Termination,
        trail: &mut Vec<(usize, u64)>,
    ) -> bool {
        // Most constrained empty cell, random among ties.
        let mut best = usize::MAX;
        let mut best_count = u32::MAX;
        let mut ties = 0usize;
        for (i, (&v, &c)) in self.values.iter().zip(&self.cands).enumerate() {
            if v != 0 {
                continue;
            }
            let k = c.count_ones();
            if k < best_count {
                best_count = k;
                best = i;
                ties = 1;
            } else if k == best_count {
                ties += 1;
                if rng.below(ties) == 0 {
                    best = i;
                }
            }
        }
        if best == usize::MAX {
            return true;
        }
        let mut digits: Vec<u8> = (0..64u8)
            .filter(|d| self.cands[best] >> d & 1 == 1)
            .map(|d| d + 1)
            .collect();
        rng.shuffle(&mut digits);
        for d in digits {
            if *nodes == 0 {
                return false;
            }
            *nodes -= 1;
            if stop.should_stop() {
                self.stopped = true;
                *nodes = 0;
                return false;
            }
            let mark = trail.len();
            if self.place(best, d, trail) && self.run(rng, nodes, stop, trail) {
                return true;
            }
            self.undo(trail, mark);
            self.values[best] = 0;
            if *nodes == 0 {
                return false;
            }
        }
        false
    }
}

/// Seed `002`'s root solution of the standard n²×n² grid (boxes n×n): row `n·i + j`, column
/// `k` holds `(i + n·j + k) mod n² + 1`, the closed form of the article's three nested loops.
/// Errors when the layout is not a square-box layout or its extra rules reject the grid.
pub fn root_solution(layout: &Arc<Layout>) -> Result<Grid, GenError> {
    let n2 = layout.size();
    let Some((r, c)) = layout.box_shape() else {
        return Err(GenError::Unsupported(format!(
            "--root needs a layout with n x n boxes, not {}",
            layout.describe()
        )));
    };
    if r != c {
        return Err(GenError::Unsupported(format!(
            "--root needs n x n boxes (the article's n^2 x n^2 grid), not {r}x{c}"
        )));
    }
    let n = r;
    let mut values = vec![0u8; n2 * n2];
    for i in 0..n {
        for j in 0..n {
            for k in 0..n2 {
                values[(n * i + j) * n2 + k] = ((i + n * j + k) % n2 + 1) as u8;
            }
        }
    }
    let grid = Grid::from_values(layout.clone(), values);
    if let Some(conflict) = grid.find_conflict() {
        return Err(GenError::Unsupported(format!(
            "the root solution breaks a rule of {}: {conflict}",
            layout.describe()
        )));
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::Extra;
    use sudokit_core::verify::verify;

    fn check_full(g: &Grid) {
        assert!(g.is_complete());
        assert!(g.find_conflict().is_none(), "{:?}", g.to_line());
    }

    #[test]
    fn random_grids_are_valid_on_every_layout() {
        let layouts = [
            Layout::standard(4).unwrap(),
            Layout::standard(6).unwrap(),
            Layout::standard(9).unwrap(),
            Layout::standard(12).unwrap(),
            Layout::standard(16).unwrap(),
            Layout::standard(9)
                .unwrap()
                .with_extras(&[Extra::Diagonals]),
            Layout::standard(9)
                .unwrap()
                .with_extras(&[Extra::AntiKnight]),
            Layout::standard(9).unwrap().with_extras(&[Extra::AntiKing]),
        ];
        let mut rng = Rng::new(11);
        for l in layouts {
            let l = Arc::new(l);
            let g = random_grid(&l, &mut rng, 50).unwrap();
            check_full(&g);
            assert!(verify(&Grid::empty(l.clone()), &g).is_ok());
        }
    }

    #[test]
    fn random_grid_replays_from_its_seed_and_differs_across_seeds() {
        let l = Arc::new(Layout::standard(9).unwrap());
        let a = random_grid(&l, &mut Rng::new(5), 10).unwrap();
        let b = random_grid(&l, &mut Rng::new(5), 10).unwrap();
        let c = random_grid(&l, &mut Rng::new(6), 10).unwrap();
        assert_eq!(a.values(), b.values());
        assert_ne!(a.values(), c.values());
    }

    #[test]
    fn every_digit_is_about_equally_likely_in_a_corner() {
        let l = Arc::new(Layout::standard(9).unwrap());
        let mut rng = Rng::new(99);
        let mut seen = [0u32; 9];
        for _ in 0..1800 {
            let g = random_grid(&l, &mut rng, 10).unwrap();
            seen[g.values()[0] as usize - 1] += 1;
        }
        // 200 expected per digit; 5 standard deviations is about 67.
        assert!(seen.iter().all(|&c| (133..=267).contains(&c)), "{seen:?}");
    }

    #[test]
    fn root_solution_matches_the_article_and_holds_for_16x16() {
        let l = Arc::new(Layout::standard(9).unwrap());
        let g = root_solution(&l).unwrap();
        assert_eq!(
            g.to_line().unwrap(),
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678"
        );
        let l16 = Arc::new(Layout::standard(16).unwrap());
        check_full(&root_solution(&l16).unwrap());
        let l6 = Arc::new(Layout::standard(6).unwrap());
        assert!(matches!(root_solution(&l6), Err(GenError::Unsupported(_))));
        let x = Arc::new(
            Layout::standard(9)
                .unwrap()
                .with_extras(&[Extra::Diagonals]),
        );
        assert!(matches!(root_solution(&x), Err(GenError::Unsupported(_))));
    }
}
