//! Symmetry classes of the givens' positions: the seed article's seven classes and the rest of
//! Sudoku Explainer's ten.
//!
//! Design decision: a class is the set of grid transformations (a subgroup of the square's
//! eight) that must map the givens onto themselves, and clue removal works on **orbits** —
//! the sets of cells those transformations move into each other — so a puzzle stays symmetric
//! at every step without special cases. A class is *allowed* on a layout only when each of its
//! transformations maps the layout's houses onto houses and peers onto peers: then the mirrored
//! puzzle is again a puzzle of the same layout. Plain boxed layouts allow the mirror and 180°
//! classes always and the diagonal and 90° classes only with square boxes (a 2×3 box turns
//! into a 3×2 one); X and anti-knight/king layouts allow what their boxes allow; a jigsaw allows
//! only the classes its own region map has.

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use sudokit_core::{Cell, Layout};

/// One of the square's eight transformations, acting on (row, column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Id,
    MirrorV,
    MirrorH,
    Rot90,
    Rot180,
    Rot270,
    Diag,
    Anti,
}

impl Op {
    fn apply(self, r: usize, c: usize, n: usize) -> (usize, usize) {
        let m = n - 1;
        match self {
            Op::Id => (r, c),
            Op::MirrorV => (r, m - c),
            Op::MirrorH => (m - r, c),
            Op::Rot90 => (c, m - r),
            Op::Rot180 => (m - r, m - c),
            Op::Rot270 => (m - c, r),
            Op::Diag => (c, r),
            Op::Anti => (m - c, m - r),
        }
    }
}

/// A symmetry class of the givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// No symmetry.
    None,
    /// Mirror across the vertical axis (left ↔ right).
    Vertical,
    /// Mirror across the horizontal axis (top ↔ bottom).
    Horizontal,
    /// Both mirror axes (SE's "orthogonal"; implies 180°).
    Orthogonal,
    /// 180° rotation.
    Rot180,
    /// 90° rotation (implies 180°).
    Rot90,
    /// Mirror across the main diagonal.
    Diagonal,
    /// Mirror across the anti-diagonal.
    AntiDiagonal,
    /// Both diagonals (implies 180°).
    BiDiagonal,
    /// All eight transformations (full dihedral).
    Full,
}

impl Symmetry {
    /// Every class, in the order `check` lists them.
    pub const ALL: [Symmetry; 10] = [
        Symmetry::None,
        Symmetry::Vertical,
        Symmetry::Horizontal,
        Symmetry::Orthogonal,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::BiDiagonal,
        Symmetry::Full,
    ];

    /// The seed article's seven classes (one mirror axis stands for vertical or horizontal).
    pub const ARTICLE: [Symmetry; 7] = [
        Symmetry::Vertical,
        Symmetry::Orthogonal,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Diagonal,
        Symmetry::BiDiagonal,
        Symmetry::Full,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Vertical => "vertical",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Orthogonal => "orthogonal",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::BiDiagonal => "bidiagonal",
            Symmetry::Full => "full",
        }
    }

    fn ops(self) -> &'static [Op] {
        match self {
            Symmetry::None => &[Op::Id],
            Symmetry::Vertical => &[Op::Id, Op::MirrorV],
            Symmetry::Horizontal => &[Op::Id, Op::MirrorH],
            Symmetry::Orthogonal => &[Op::Id, Op::MirrorV, Op::MirrorH, Op::Rot180],
            Symmetry::Rot180 => &[Op::Id, Op::Rot180],
            Symmetry::Rot90 => &[Op::Id, Op::Rot90, Op::Rot180, Op::Rot270],
            Symmetry::Diagonal => &[Op::Id, Op::Diag],
            Symmetry::AntiDiagonal => &[Op::Id, Op::Anti],
            Symmetry::BiDiagonal => &[Op::Id, Op::Diag, Op::Anti, Op::Rot180],
            Symmetry::Full => &[
                Op::Id,
                Op::MirrorV,
                Op::MirrorH,
                Op::Rot90,
                Op::Rot180,
                Op::Rot270,
                Op::Diag,
                Op::Anti,
            ],
        }
    }

    /// The orbits of an n×n grid's cells (cell indexes, each orbit sorted, orbits in order of
    /// their first cell).
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut out = Vec::new();
        for start in 0..n * n {
            if seen[start] {
                continue;
            }
            let (r, c) = (start / n, start % n);
            let mut orbit: Vec<usize> = self
                .ops()
                .iter()
                .map(|op| {
                    let (r2, c2) = op.apply(r, c, n);
                    r2 * n + c2
                })
                .collect();
            orbit.sort_unstable();
            orbit.dedup();
            for &i in &orbit {
                seen[i] = true;
            }
            out.push(orbit);
        }
        out
    }

    /// Whether the given cells (`values[i] != 0`) are invariant under this class.
    pub fn holds(self, values: &[u8], n: usize) -> bool {
        self.orbits(n).iter().all(|orbit| {
            let given = values[orbit[0]] != 0;
            orbit.iter().all(|&i| (values[i] != 0) == given)
        })
    }

    /// Whether `layout` allows this class (see the module docs); `Err` says why not.
    pub fn check_layout(self, layout: &Layout) -> Result<(), String> {
        let n = layout.size();
        let houses: HashSet<Vec<u16>> = layout
            .houses()
            .map(|h| {
                let mut v: Vec<u16> = layout.house_cells(h).iter().map(|c| c.0).collect();
                v.sort_unstable();
                v
            })
            .collect();
        for &op in self.ops() {
            if op == Op::Id {
                continue;
            }
            let map = |i: usize| {
                let (r, c) = op.apply(i / n, i % n, n);
                r * n + c
            };
            for h in layout.houses() {
                let mut image: Vec<u16> = layout
                    .house_cells(h)
                    .iter()
                    .map(|c| map(c.index()) as u16)
                    .collect();
                image.sort_unstable();
                if !houses.contains(&image) {
                    return Err(format!(
                        "symmetry {} does not fit {}: its {:?} transformation maps a {} onto cells that form no house",
                        self.name(),
                        layout.describe(),
                        op,
                        layout.house_kind(h)
                    ));
                }
            }
            for a in 0..n * n {
                let ma = map(a);
                let peers = layout.peers(Cell(ma as u16));
                for p in layout.peers(Cell(a as u16)) {
                    let mp = Cell(map(p.index()) as u16);
                    if peers.binary_search(&mp).is_err() {
                        return Err(format!(
                            "symmetry {} does not fit {}: its {:?} transformation breaks a pair rule",
                            self.name(),
                            layout.describe(),
                            op
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The classes `layout` allows.
    pub fn allowed(layout: &Layout) -> Vec<Symmetry> {
        Symmetry::ALL
            .into_iter()
            .filter(|s| s.check_layout(layout).is_ok())
            .collect()
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Symmetry, String> {
        let s = s.to_ascii_lowercase().replace('_', "-");
        Ok(match s.as_str() {
            "none" => Symmetry::None,
            "vertical" | "mirror" => Symmetry::Vertical,
            "horizontal" | "flip" => Symmetry::Horizontal,
            "orthogonal" | "both-axes" | "vertical-horizontal" => Symmetry::Orthogonal,
            "rot180" | "rotational180" | "180" => Symmetry::Rot180,
            "rot90" | "rotational90" | "90" => Symmetry::Rot90,
            "diagonal" => Symmetry::Diagonal,
            "anti-diagonal" | "antidiagonal" => Symmetry::AntiDiagonal,
            "bidiagonal" | "both-diagonals" => Symmetry::BiDiagonal,
            "full" | "dihedral" => Symmetry::Full,
            _ => {
                return Err(format!(
                    "unknown symmetry '{s}' (none, vertical, horizontal, orthogonal, rot180, rot90, diagonal, anti-diagonal, bidiagonal, full)"
                ));
            }
        })
    }
}

/// The givens counts reachable with this class's orbits on an n×n grid, as a bitmap indexed by
/// count (subset sums of the orbit sizes).
pub fn reachable_counts(sym: Symmetry, n: usize) -> Vec<bool> {
    let orbits = sym.orbits(n);
    let mut can = vec![false; n * n + 1];
    can[0] = true;
    for o in &orbits {
        for k in (o.len()..=n * n).rev() {
            if can[k - o.len()] {
                can[k] = true;
            }
        }
    }
    can
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::Extra;

    #[test]
    fn orbit_sizes_on_9x9() {
        let size = |s: Symmetry| {
            let mut v: Vec<usize> = s.orbits(9).iter().map(Vec::len).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        assert_eq!(size(Symmetry::None), vec![1]);
        assert_eq!(size(Symmetry::Rot180), vec![1, 2]);
        assert_eq!(size(Symmetry::Rot90), vec![1, 4]);
        assert_eq!(size(Symmetry::Full), vec![1, 4, 8]);
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Full.orbits(9).len(), 15);
    }

    #[test]
    fn article_asterisks_are_unreachable_counts() {
        // The article: no 90° or full-dihedral pattern with 18 or 19 givens.
        for s in [Symmetry::Rot90, Symmetry::Full] {
            let can = reachable_counts(s, 9);
            assert!(!can[18] && !can[19] && can[17] && can[20], "{s}");
        }
        assert!(reachable_counts(Symmetry::Rot180, 9)[18]);
    }

    #[test]
    fn which_layouts_allow_which_classes() {
        let std9 = Layout::standard(9).unwrap();
        assert_eq!(Symmetry::allowed(&std9).len(), 10);
        let six = Layout::standard(6).unwrap();
        let allowed6 = Symmetry::allowed(&six);
        assert!(allowed6.contains(&Symmetry::Rot180));
        assert!(allowed6.contains(&Symmetry::Orthogonal));
        assert!(!allowed6.contains(&Symmetry::Diagonal));
        assert!(!allowed6.contains(&Symmetry::Rot90));
        let x = std9.with_extras(&[Extra::Diagonals, Extra::AntiKnight]);
        assert_eq!(Symmetry::allowed(&x).len(), 10);
        // A jigsaw with one region that breaks every symmetry.
        let mut map: Vec<u8> = (0..81)
            .map(|i| ((i / 9) / 3 * 3 + (i % 9) / 3) as u8)
            .collect();
        map.swap(2, 27);
        let jig = Layout::jigsaw(9, map).unwrap();
        assert_eq!(Symmetry::allowed(&jig), vec![Symmetry::None]);
        assert!(Symmetry::Rot180.check_layout(&jig).is_err());
    }

    #[test]
    fn holds_detects_patterns() {
        let mut v = vec![0u8; 81];
        v[0] = 1;
        v[80] = 2;
        assert!(Symmetry::Rot180.holds(&v, 9));
        assert!(Symmetry::Diagonal.holds(&v, 9));
        assert!(!Symmetry::Vertical.holds(&v, 9));
        assert!(Symmetry::BiDiagonal.holds(&v, 9));
        assert!(!Symmetry::Full.holds(&v, 9));
        assert_eq!(
            "both-axes".parse::<Symmetry>().unwrap(),
            Symmetry::Orthogonal
        );
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}
