//! The canonical (minlex) form of a 9×9 puzzle under the 3,359,232 × 9! validity-preserving
//! transformations (transposition, band and row-in-band permutations, stack and
//! column-in-stack permutations, relabelling of the digits).
//!
//! Design decision: the form is the lexicographically smallest 81-cell string over the whole
//! group, empty cells reading as 0 (so they sort first) and digits relabelled 1, 2, 3, … in
//! order of first appearance. It is built row by row: a *state* fixes the transposition, the
//! rows chosen so far (respecting bands) and the column order; each step keeps only the states
//! whose next row reads smallest, so the rest of the group is never visited. The column order
//! stays open while the chosen rows are all empty (every order reads the same) and is fixed
//! among the 1,296 column orders at the first row with a given; states that can no longer
//! differ are merged. Equal puzzles up to the group get the same form by construction, which
//! the proptest in this module checks on random transformations.

use std::sync::OnceLock;

use crate::GenError;
use sudokit_core::Grid;

const ANY: u16 = u16::MAX;

fn col_perms() -> &'static [[u8; 9]] {
    static PERMS: OnceLock<Vec<[u8; 9]>> = OnceLock::new();
    PERMS.get_or_init(|| {
        // The six orders of three items: a first item, then the other two either way round.
        let p3: Vec<[usize; 3]> = (0..6)
            .map(|i| {
                let first = i / 2;
                let (x, y) = ((first + 1) % 3, (first + 2) % 3);
                if i % 2 == 0 {
                    [first, x, y]
                } else {
                    [first, y, x]
                }
            })
            .collect();
        let mut out = Vec::with_capacity(1296);
        for s in &p3 {
            for a in &p3 {
                for b in &p3 {
                    for c in &p3 {
                        let inner = [a, b, c];
                        let mut perm = [0u8; 9];
                        for (slot, &stack) in s.iter().enumerate() {
                            for k in 0..3 {
                                perm[slot * 3 + k] = (stack * 3 + inner[slot][k]) as u8;
                            }
                        }
                        out.push(perm);
                    }
                }
            }
        }
        out
    })
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct State {
    t: u8,
    used: u16,
    last: u8,
    cp: u16,
    map: [u8; 10],
    next: u8,
}

/// Reads row `r` of `g` through column order `cp` with relabelling `map`; writes into `out`
/// and returns `false` as soon as the row reads larger than `best` (when there is one).
#[inline]
fn read_row(
    g: &[u8; 81],
    r: usize,
    cp: &[u8; 9],
    map: &mut [u8; 10],
    next: &mut u8,
    out: &mut [u8; 9],
    best: Option<&[u8; 9]>,
) -> bool {
    let mut tied = best.is_some();
    let best = best.unwrap_or(&[0; 9]);
    for p in 0..9 {
        let v = g[r * 9 + cp[p] as usize];
        let x = if v == 0 {
            0
        } else {
            if map[v as usize] == 0 {
                map[v as usize] = *next;
                *next += 1;
            }
            map[v as usize]
        };
        out[p] = x;
        if tied {
            if x > best[p] {
                return false;
            }
            if x < best[p] {
                tied = false;
            }
        }
    }
    true
}

/// The minlex form of a 9×9 puzzle given as 81 values (0 = empty, 1..=9).
pub fn minlex(values: &[u8; 81]) -> [u8; 81] {
    let perms = col_perms();
    let mut grids = [*values, [0u8; 81]];
    for r in 0..9 {
        for c in 0..9 {
            grids[1][c * 9 + r] = values[r * 9 + c];
        }
    }
    let empty_row = |t: usize, r: usize| grids[t][r * 9..r * 9 + 9].iter().all(|&v| v == 0);
    let mut states = vec![
        State {
            t: 0,
            used: 0,
            last: 0,
            cp: ANY,
            map: [0; 10],
            next: 1,
        },
        State {
            t: 1,
            used: 0,
            last: 0,
            cp: ANY,
            map: [0; 10],
            next: 1,
        },
    ];
    let mut result = [0u8; 81];
    let mut next_states: Vec<State> = Vec::new();
    for k in 0..9 {
        let mut best = [0u8; 9];
        let mut have_best = false;
        next_states.clear();
        for s in &states {
            let g = &grids[s.t as usize];
            let rows: Vec<usize> = if k % 3 == 0 {
                (0..9)
                    .filter(|&r| s.used & (0b111 << (r / 3 * 3)) == 0)
                    .collect()
            } else {
                let band = s.last as usize / 3;
                (band * 3..band * 3 + 3)
                    .filter(|&r| s.used & (1 << r) == 0)
                    .collect()
            };
            for r in rows {
                let cps: Vec<u16> = if s.cp != ANY {
                    vec![s.cp]
                } else if empty_row(s.t as usize, r) {
                    vec![ANY]
                } else {
                    (0..perms.len() as u16).collect()
                };
                for cp in cps {
                    let mut map = s.map;
                    let mut nx = s.next;
                    let mut out = [0u8; 9];
                    if cp != ANY {
                        if !read_row(
                            g,
                            r,
                            &perms[cp as usize],
                            &mut map,
                            &mut nx,
                            &mut out,
                            have_best.then_some(&best),
                        ) {
                            continue;
                        }
                    } else if have_best && best != [0; 9] {
                        // An empty row reads all zeros: smaller than any non-empty best.
                        next_states.clear();
                    }
                    if !have_best || out < best {
                        best = out;
                        have_best = true;
                        next_states.clear();
                    }
                    next_states.push(State {
                        t: s.t,
                        used: s.used | (1 << r),
                        last: r as u8,
                        cp,
                        map,
                        next: nx,
                    });
                }
            }
        }
        result[k * 9..k * 9 + 9].copy_from_slice(&best);
        // States differing only in the order of the rows already used cannot differ later.
        for s in &mut next_states {
            if (k + 1) % 3 == 0 {
                s.last = 0;
            } else {
                s.last /= 3;
            }
        }
        next_states.sort_unstable();
        next_states.dedup();
        for s in &mut next_states {
            if (k + 1) % 3 != 0 {
                s.last *= 3;
            }
        }
        std::mem::swap(&mut states, &mut next_states);
    }
    result
}

/// The minlex form of a standard 9×9 puzzle, as a grid of the same layout.
pub fn canonical(puzzle: &Grid) -> Result<Grid, GenError> {
    if !puzzle.layout().is_standard_9x9() {
        return Err(GenError::NotStandard(puzzle.layout().describe()));
    }
    let values: [u8; 81] = puzzle
        .values()
        .try_into()
        .map_err(|_| GenError::NotStandard(puzzle.layout().describe()))?;
    Ok(Grid::from_values(
        puzzle.layout_arc().clone(),
        minlex(&values).to_vec(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const P17: &str =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

    fn parse(s: &str) -> [u8; 81] {
        let mut v = [0u8; 81];
        for (i, ch) in s.bytes().enumerate() {
            v[i] = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        v
    }

    /// Applies a random member of the group, described by its parts.
    fn transform(
        v: &[u8; 81],
        transpose: bool,
        bands: [usize; 3],
        rows: [[usize; 3]; 3],
        stacks: [usize; 3],
        cols: [[usize; 3]; 3],
        relabel: [u8; 9],
    ) -> [u8; 81] {
        let mut out = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let sr = bands[r / 3] * 3 + rows[r / 3][r % 3];
                let sc = stacks[c / 3] * 3 + cols[c / 3][c % 3];
                let (sr, sc) = if transpose { (sc, sr) } else { (sr, sc) };
                let x = v[sr * 9 + sc];
                out[r * 9 + c] = if x == 0 { 0 } else { relabel[x as usize - 1] };
            }
        }
        out
    }

    fn perm3() -> impl Strategy<Value = [usize; 3]> {
        Just([0usize, 1, 2])
            .prop_shuffle()
            .prop_map(|v| [v[0], v[1], v[2]])
    }

    fn perm9() -> impl Strategy<Value = [u8; 9]> {
        Just((1u8..=9).collect::<Vec<u8>>())
            .prop_shuffle()
            .prop_map(|v| v.try_into().unwrap())
    }

    #[test]
    fn known_17_clue_form_starts_with_zeros_and_keeps_givens() {
        let f = minlex(&parse(P17));
        assert_eq!(f.iter().filter(|&&x| x != 0).count(), 17);
        assert!(f[..9].iter().filter(|&&x| x != 0).count() <= 1);
        // The first given read is labelled 1, the next new digit 2.
        let first: Vec<u8> = f.iter().copied().filter(|&x| x != 0).take(2).collect();
        assert_eq!(first, vec![1, 2]);
        assert_eq!(minlex(&f), f, "the form is its own form");
    }

    #[test]
    fn full_grid_and_empty_grid() {
        let root = parse(
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678",
        );
        let f = minlex(&root);
        assert_eq!(&f[..9], &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(minlex(&f), f);
        assert_eq!(minlex(&[0; 81]), [0; 81]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn invariant_under_the_group(
            transpose in any::<bool>(),
            bands in perm3(), r0 in perm3(), r1 in perm3(), r2 in perm3(),
            stacks in perm3(), c0 in perm3(), c1 in perm3(), c2 in perm3(),
            relabel in perm9(),
            which in 0usize..3,
        ) {
            let puzzles = [
                P17,
                "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ];
            let v = parse(puzzles[which]);
            let w = transform(&v, transpose, bands, [r0, r1, r2], stacks, [c0, c1, c2], relabel);
            prop_assert_eq!(minlex(&v), minlex(&w));
        }
    }
}
