//! Quarter-turn rotations of a puzzle together with its layout.
//!
//! Design decision: a rotation is a cell permutation plus a rebuilt [`Layout`], never a special
//! case in a search: the rotated puzzle is an ordinary puzzle of a (possibly different) layout,
//! solved by the unchanged engine, and its solutions are mapped back cell by cell. Every layout
//! sudokit supports is closed under quarter turns: boxes `r×c` become `c×r` after an odd number
//! of turns, jigsaw region maps are permuted with the cells, the two diagonals swap with each
//! other, and the knight and king move sets are symmetric under rotation. So rotating is sound
//! for every layout, and [`rotate_layout`] cannot fail on a layout that was valid to begin with.

use std::sync::Arc;
use sudokit_core::{Grid, Layout, LayoutError, Regions};

/// A rotation by `quarters` quarter turns clockwise (0..=3) of an N×N grid.
#[derive(Clone, Debug)]
pub struct Rotation {
    quarters: u8,
    /// `to_rotated[i]`: index in the rotated grid of cell `i` of the original grid.
    to_rotated: Vec<usize>,
}

impl Rotation {
    /// The rotation by `quarters` (taken modulo 4) quarter turns clockwise on side `n`.
    pub fn new(n: usize, quarters: u8) -> Rotation {
        let quarters = quarters % 4;
        let to_rotated = (0..n * n)
            .map(|i| {
                let (mut r, mut c) = (i / n, i % n);
                for _ in 0..quarters {
                    // One clockwise quarter turn sends (r, c) to (c, n - 1 - r).
                    (r, c) = (c, n - 1 - r);
                }
                r * n + c
            })
            .collect();
        Rotation {
            quarters,
            to_rotated,
        }
    }

    /// Number of clockwise quarter turns (0..=3).
    pub fn quarters(&self) -> u8 {
        self.quarters
    }

    /// Values of the original grid laid out in the rotated grid.
    pub fn forward(&self, values: &[u8]) -> Vec<u8> {
        let mut out = vec![0; values.len()];
        for (i, &v) in values.iter().enumerate() {
            out[self.to_rotated[i]] = v;
        }
        out
    }

    /// Values of a rotated grid mapped back to the original orientation, written into `out`.
    pub fn backward_into(&self, rotated: &[u8], out: &mut [u8]) {
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = rotated[self.to_rotated[i]];
        }
    }
}

/// The layout seen after `rot`: boxes swap their shape on odd turns, jigsaw maps turn with the
/// cells, extras are kept (they are all rotation-invariant as sets of constraints).
pub fn rotate_layout(layout: &Layout, rot: &Rotation) -> Result<Layout, LayoutError> {
    let n = layout.size();
    let base = match layout.regions() {
        Regions::Boxes { rows, cols } => {
            if rot.quarters % 2 == 1 {
                Layout::boxed(n, *cols, *rows)?
            } else {
                Layout::boxed(n, *rows, *cols)?
            }
        }
        Regions::Jigsaw(map) => Layout::jigsaw(n, rot.forward(map))?,
    };
    Ok(if layout.extras().is_empty() {
        base
    } else {
        base.with_extras(layout.extras())
    })
}

/// The puzzle rotated by `rot`, with its rotated layout.
pub fn rotate_grid(puzzle: &Grid, rot: &Rotation) -> Result<Grid, LayoutError> {
    let layout = Arc::new(rotate_layout(puzzle.layout(), rot)?);
    Ok(Grid::from_values(layout, rot.forward(puzzle.values())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::Extra;

    #[test]
    fn four_quarter_turns_are_the_identity() {
        let n = 6;
        let values: Vec<u8> = (0..36).map(|i| (i % 7) as u8).collect();
        let mut v = values.clone();
        for _ in 0..4 {
            v = Rotation::new(n, 1).forward(&v);
        }
        assert_eq!(v, values);
        let r = Rotation::new(n, 3);
        let mut back = vec![0; 36];
        r.backward_into(&r.forward(&values), &mut back);
        assert_eq!(back, values);
    }

    #[test]
    fn boxes_swap_shape_and_regions_follow_cells() {
        let l = Layout::boxed(6, 2, 3)
            .unwrap()
            .with_extras(&[Extra::Diagonals]);
        let r1 = Rotation::new(6, 1);
        let l1 = rotate_layout(&l, &r1).unwrap();
        assert_eq!(l1.box_shape(), Some((3, 2)));
        assert_eq!(l1.extras(), &[Extra::Diagonals]);
        // Two cells share a region before the turn exactly when their images do after it.
        for a in 0..36 {
            for b in 0..36 {
                let same = l.region_map()[a] == l.region_map()[b];
                let (ra, rb) = (r1.to_rotated[a], r1.to_rotated[b]);
                assert_eq!(same, l1.region_map()[ra] == l1.region_map()[rb]);
            }
        }
        assert_eq!(
            rotate_layout(&l, &Rotation::new(6, 2)).unwrap().box_shape(),
            Some((2, 3))
        );
    }
}
