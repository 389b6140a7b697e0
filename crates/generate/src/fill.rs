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
//! restarted with fresh random choices when it stalls (as HoDoKu restarts its filler); a
//! layout with no solution at all (an unlucky jigsaw map, an impossible extra) ends as an
//! error once the caller's attempt budget runs out. No exact law is known for those layouts,
//! so their grids are random but not proven uniform.

use std::sync::Arc;
use sudokit_core::{Cell, Grid, Layout};

use crate::GenError;
use crate::rng::Rng;
use crate::uniform::UniformGrids;

/// Nodes one fill attempt may visit before it restarts (per cell of the grid).
const NODES_PER_CELL: usize = 40;

/// A random full grid of `layout`: exactly uniform on the standard 9×9 grid, otherwise from
/// [`backtrack_grid`].
pub fn random_grid(layout: &Arc<Layout>, rng: &mut Rng, attempts: usize) -> Result<Grid, GenError> {
    if layout.is_standard_9x9() {
        let values = UniformGrids::get().sample(rng);
        return Ok(Grid::from_values(layout.clone(), values.to_vec()));
    }
    backtrack_grid(layout, rng, attempts)
}

/// A random full grid of `layout` from the randomised depth-first fill (not uniform, see the
/// module docs): up to `attempts` fills, each with a node limit. `Err(GenError::NoGrid)`
/// when none completes.
pub fn backtrack_grid(
    layout: &Arc<Layout>,
    rng: &mut Rng,
    attempts: usize,
) -> Result<Grid, GenError> {
    let cells = layout.cell_count();
    for _ in 0..attempts.max(1) {
        let mut f = Filler::new(layout);
        let mut nodes = NODES_PER_CELL * cells + 1000;
        if f.run(rng, &mut nodes) {
            return Ok(Grid::from_values(layout.clone(), f.values));
        }
    }
    Err(GenError::NoGrid {
        layout: layout.describe(),
        attempts,
    })
}

struct Filler<'a> {
    layout: &'a Layout,
    values: Vec<u8>,
    cands: Vec<u64>,
}

impl<'a> Filler<'a> {
    fn new(layout: &'a Layout) -> Filler<'a> {
        let n = layout.size();
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Filler {
            layout,
            values: vec![0; layout.cell_count()],
            cands: vec![full; layout.cell_count()],
        }
    }

    /// Places `d` (1-based) at `cell`; `false` when a peer is left without candidates.
    fn place(&mut self, cell: usize, d: u8) -> bool {
        self.values[cell] = d;
        let bit = 1u64 << (d - 1);
        let mut ok = true;
        for p in self.layout.peers(Cell(cell as u16)) {
            let i = p.index();
            if self.values[i] == 0 {
                self.cands[i] &= !bit;
                if self.cands[i] == 0 {
                    ok = false;
                }
            }
        }
        ok
    }

    fn run(&mut self, rng: &mut Rng, nodes: &mut usize) -> bool {
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
            let saved = self.cands.clone();
            if self.place(best, d) && self.run(rng, nodes) {
                return true;
            }
            self.cands = saved;
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
