//! The independent checker: is a grid a complete, valid solution that agrees with its puzzle?
//!
//! Design decision: this module shares no search logic and none of the layout's precomputed
//! tables (houses, peers) with the engines. It re-derives rows, columns, regions, diagonals and
//! knight/king pairs from first principles (side, region map, list of extras) with plain loops,
//! so a bug in the shared geometry or in an engine cannot hide itself here.

use crate::grid::Grid;
use crate::layout::Extra;
use crate::types::MAX_SIZE;

/// Why a grid is not a valid solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VerifyError {
    /// The two grids have different layouts.
    #[error("the solution's layout ({solution}) differs from the puzzle's ({puzzle})")]
    LayoutMismatch {
        /// The puzzle's layout.
        puzzle: String,
        /// The solution's layout.
        solution: String,
    },
    /// A cell is empty.
    #[error("cell at row {row}, column {col} is empty")]
    Incomplete {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A given was changed.
    #[error("cell at row {row}, column {col} holds {found} but the puzzle gives {given}")]
    GivenChanged {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The puzzle's digit.
        given: u8,
        /// The solution's digit.
        found: u8,
    },
    /// A value outside 1..=N.
    #[error("cell at row {row}, column {col} holds {value}, outside 1..={n}")]
    OutOfRange {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The value.
        value: u8,
        /// Side.
        n: usize,
    },
    /// A house misses a digit (and so repeats another).
    #[error("{house} does not hold every digit once (digit {digit} is missing)")]
    HouseIncomplete {
        /// The house, e.g. `row 3`.
        house: String,
        /// A missing digit.
        digit: u8,
    },
    /// Two cells that must differ hold the same digit.
    #[error("{constraint}: cells ({}, {}) and ({}, {}) both hold {digit}", a.0, a.1, b.0, b.1)]
    PairEqual {
        /// Which constraint.
        constraint: &'static str,
        /// 1-based (row, column).
        a: (usize, usize),
        /// 1-based (row, column).
        b: (usize, usize),
        /// The digit.
        digit: u8,
    },
    /// A variant rule is broken.
    #[error("{rule}: {reason}")]
    RuleBroken {
        /// The rule, described.
        rule: String,
        /// What is wrong.
        reason: String,
    },
}

/// Checks that `solution` is complete, valid for the puzzle's layout, and keeps every given.
pub fn verify(puzzle: &Grid, solution: &Grid) -> Result<(), VerifyError> {
    let (pl, sl) = (puzzle.layout(), solution.layout());
    if pl != sl {
        return Err(VerifyError::LayoutMismatch {
            puzzle: pl.describe(),
            solution: sl.describe(),
        });
    }
    let n = pl.size();
    let p = puzzle.values();
    let s = solution.values();
    for i in 0..n * n {
        let (row, col) = (i / n + 1, i % n + 1);
        if s[i] == 0 {
            return Err(VerifyError::Incomplete { row, col });
        }
        if s[i] as usize > n {
            return Err(VerifyError::OutOfRange {
                row,
                col,
                value: s[i],
                n,
            });
        }
        if p[i] != 0 && p[i] != s[i] {
            return Err(VerifyError::GivenChanged {
                row,
                col,
                given: p[i],
                found: s[i],
            });
        }
    }
    check_grid(solution)
}

/// Checks that `grid` is a complete valid grid of its layout (no puzzle to agree with).
pub fn check_grid(grid: &Grid) -> Result<(), VerifyError> {
    let l = grid.layout();
    let n = l.size();
    let s = grid.values();
    let at = |r: usize, c: usize| s[r * n + c];
    // Each group is "every digit exactly once": with N cells, that means no digit missing. A
    // group's digits are a bit set (bit d for digit d); an empty or out-of-range cell adds
    // nothing (`verify` reports it with coordinates; here only a missing digit can be named).
    // The group's name is formatted only when it fails.
    let bit = |v: u8| {
        if v == 0 || usize::from(v) > n {
            0
        } else {
            1u128 << v
        }
    };
    let all = ((1u128 << n) - 1) << 1;
    let check = |name: &dyn Fn() -> String, digits: u128| -> Result<(), VerifyError> {
        match all & !digits {
            0 => Ok(()),
            missing => Err(VerifyError::HouseIncomplete {
                house: name(),
                digit: missing.trailing_zeros() as u8,
            }),
        }
    };
    for r in 0..n {
        let digits = (0..n).fold(0, |m, c| m | bit(at(r, c)));
        check(&|| format!("row {}", r + 1), digits)?;
    }
    for c in 0..n {
        let digits = (0..n).fold(0, |m, r| m | bit(at(r, c)));
        check(&|| format!("column {}", c + 1), digits)?;
    }
    let map = l.region_map();
    let word = if l.is_jigsaw() { "region" } else { "box" };
    let mut regions = [0u128; MAX_SIZE];
    for (i, &g) in map.iter().enumerate() {
        if let Some(m) = regions.get_mut(usize::from(g)) {
            *m |= bit(s[i]);
        }
    }
    for (g, &digits) in regions[..n].iter().enumerate() {
        check(&|| format!("{word} {}", g + 1), digits)?;
    }
    let extras = l.extras();
    if extras.contains(&Extra::Diagonals) {
        let main = (0..n).fold(0, |m, i| m | bit(at(i, i)));
        check(&|| "the main diagonal".into(), main)?;
        let anti = (0..n).fold(0, |m, i| m | bit(at(i, n - 1 - i)));
        check(&|| "the anti-diagonal".into(), anti)?;
    }
    let mut pairs: Vec<(&'static str, Vec<(isize, isize)>)> = Vec::new();
    if extras.contains(&Extra::AntiKnight) {
        pairs.push(("anti-knight", vec![(1, 2), (2, 1), (1, -2), (2, -1)]));
    }
    if extras.contains(&Extra::AntiKing) {
        pairs.push(("anti-king", vec![(0, 1), (1, 0), (1, 1), (1, -1)]));
    }
    for (name, deltas) in pairs {
        for r in 0..n {
            for c in 0..n {
                for &(dr, dc) in &deltas {
                    let (r2, c2) = (r as isize + dr, c as isize + dc);
                    if r2 < 0 || c2 < 0 || r2 as usize >= n || c2 as usize >= n {
                        continue;
                    }
                    let (r2, c2) = (r2 as usize, c2 as usize);
                    if at(r, c) == at(r2, c2) {
                        return Err(VerifyError::PairEqual {
                            constraint: name,
                            a: (r + 1, c + 1),
                            b: (r2 + 1, c2 + 1),
                            digit: at(r, c),
                        });
                    }
                }
            }
        }
    }
    // Variant rules: each rule's own definition (crate::rules), on the complete grid.
    let filled = crate::rules::Filled {
        n,
        region_of: map,
        values: s,
        rules: l.rules(),
    };
    crate::rules::check_all(&filled)
        .map_err(|(rule, reason)| VerifyError::RuleBroken { rule, reason })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use std::sync::Arc;

    fn grid4(values: &str) -> Grid {
        let l = Arc::new(Layout::standard(4).unwrap());
        Grid::from_values(l, values.bytes().map(|b| b - b'0').collect())
    }

    #[test]
    fn accepts_a_valid_solution() {
        let p = grid4("1000000000000000");
        let s = grid4("1234341221434321");
        assert_eq!(verify(&p, &s), Ok(()));
    }

    #[test]
    fn rejects_changed_given_incomplete_and_bad_box() {
        let s = grid4("1234341221434321");
        assert!(matches!(
            verify(&grid4("2000000000000000"), &s),
            Err(VerifyError::GivenChanged { .. })
        ));
        let p = grid4("0000000000000000");
        assert!(matches!(
            verify(&p, &grid4("1234341221434320")),
            Err(VerifyError::Incomplete { row: 4, col: 4 })
        ));
        // Rows and columns are Latin but the boxes are not.
        let latin = grid4("1234234134124123");
        assert!(matches!(
            verify(&p, &latin),
            Err(VerifyError::HouseIncomplete { ref house, .. }) if house == "box 1"
        ));
    }

    #[test]
    fn checks_diagonals() {
        let l = Arc::new(
            Layout::standard(4)
                .unwrap()
                .with_extras(&[Extra::Diagonals]),
        );
        let p = Grid::empty(l.clone());
        let s = Grid::from_values(l, "1234341221434321".bytes().map(|b| b - b'0').collect());
        assert!(matches!(
            verify(&p, &s),
            Err(VerifyError::HouseIncomplete { .. })
        ));
    }

    /// The first failing group, found by the definition: every group, in the checker's
    /// order (rows, columns, boxes), must hold each digit; the lowest missing one is named.
    fn first_missing_9x9(s: &[u8]) -> Option<(String, u8)> {
        let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
        for r in 0..9 {
            groups.push((
                format!("row {}", r + 1),
                (0..9).map(|c| r * 9 + c).collect(),
            ));
        }
        for c in 0..9 {
            groups.push((
                format!("column {}", c + 1),
                (0..9).map(|r| r * 9 + c).collect(),
            ));
        }
        for b in 0..9 {
            let cells = (0..81)
                .filter(|i| (i / 27) * 3 + (i % 9) / 3 == b)
                .collect();
            groups.push((format!("box {}", b + 1), cells));
        }
        groups.into_iter().find_map(|(name, cells)| {
            (1..=9u8)
                .find(|d| !cells.iter().any(|&i| s[i] == *d))
                .map(|d| (name, d))
        })
    }

    #[test]
    fn each_failing_group_is_named_as_the_definition_names_it() {
        let l = Arc::new(Layout::standard(9).unwrap());
        let solved: Vec<u8> = (0..81)
            .map(|i| ((i / 9 * 3 + i / 27 + i % 9) % 9 + 1) as u8)
            .collect();
        assert_eq!(first_missing_9x9(&solved), None);
        let mut x = 12345u64;
        for k in 0..400 {
            let mut v = solved.clone();
            // One to three cells changed (to another digit, or emptied now and then).
            for _ in 0..1 + k % 3 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let cell = (x >> 33) as usize % 81;
                v[cell] = ((x >> 20) % 10) as u8;
            }
            let g = Grid::from_values(l.clone(), v.clone());
            let expected = first_missing_9x9(&v)
                .map(|(house, digit)| VerifyError::HouseIncomplete { house, digit });
            assert_eq!(check_grid(&g).err(), expected, "{v:?}");
        }
    }
}
