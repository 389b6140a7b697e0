//! Cheap proofs that removing givens breaks uniqueness: two-digit swap sets.
//!
//! Design decision: in a solution grid, take two digits `a` and `b`. Every house holds one
//! `a` and one `b`; link those two cells in each house. A connected set of linked cells can
//! swap `a` and `b` and still be a solution, because each house it touches loses and gains
//! one of each. If, after a removal, every cell of the swap set through a removed cell is
//! empty, the puzzle has a second solution, found without a search. This covers the
//! unavoidable rectangles and every other two-digit unavoidable set. It answers only "not
//! unique" (never "unique"), and only on layouts whose rules are all houses: anti-knight and
//! anti-king pairs could be broken by a swap, so there it is not used.
//!
//! The killer generator uses every swap set of a solution ([`SwapSets::all`]), and the
//! two-line swaps ([`line_swaps`]: two rows or two columns exchanging digits along a cycle),
//! as ready-made second solutions: a candidate cage set that one of them keeps is not unique.

use sudokit_core::{Cell, Layout};

/// The solution's cell for each (house, digit): `at[h * n + d - 1]`.
#[derive(Debug, Clone)]
pub struct SwapSets {
    n: usize,
    at: Vec<u32>,
}

impl SwapSets {
    /// Indexes `solution` (a full grid of `layout`); `None` on a layout with pair rules or a
    /// grid that is not full.
    pub fn new(layout: &Layout, solution: &[u8]) -> Option<SwapSets> {
        if layout.has_pair_constraints() || solution.len() != layout.cell_count() {
            return None;
        }
        let n = layout.size();
        let mut at = vec![u32::MAX; layout.house_count() * n];
        for h in layout.houses() {
            for c in layout.house_cells(h) {
                let v = solution[c.index()];
                if v == 0 || v as usize > n {
                    return None;
                }
                at[h.index() * n + v as usize - 1] = c.index() as u32;
            }
        }
        Some(SwapSets { n, at })
    }

    /// Whether some digit `b` makes the swap set of `cell` (which holds `solution[cell]`) lie
    /// entirely in empty cells of `values`: then `values` has a second solution.
    pub fn breaks_uniqueness(
        &self,
        layout: &Layout,
        solution: &[u8],
        values: &[u8],
        cell: usize,
        stack: &mut Vec<u32>,
        seen: &mut Vec<bool>,
    ) -> bool {
        let a = solution[cell];
        if values[cell] != 0 || a == 0 {
            return false;
        }
        seen.clear();
        seen.resize(values.len(), false);
        (1..=self.n as u8).filter(|&b| b != a).any(|b| {
            seen.iter_mut().for_each(|s| *s = false);
            seen[cell] = true;
            self.spread(layout, solution, (cell, a, b), stack, seen, |y| {
                values[y] == 0
            })
        })
    }

    /// Every connected two-digit swap set of `solution`, each as the cells it changes with
    /// their new digits: each one applied alone gives another solution of the houses.
    pub fn all(&self, layout: &Layout, solution: &[u8]) -> Vec<Vec<(usize, u8)>> {
        let mut out = Vec::new();
        let (mut stack, mut seen) = (Vec::new(), vec![false; solution.len()]);
        for a in 1..=self.n as u8 {
            for b in a + 1..=self.n as u8 {
                seen.iter_mut().for_each(|s| *s = false);
                for cell in 0..solution.len() {
                    if solution[cell] != a || seen[cell] {
                        continue;
                    }
                    seen[cell] = true;
                    let mut set = vec![cell];
                    self.spread(layout, solution, (cell, a, b), &mut stack, &mut seen, |y| {
                        set.push(y);
                        true
                    });
                    let swap = |c: usize| if solution[c] == a { b } else { a };
                    out.push(set.into_iter().map(|c| (c, swap(c))).collect());
                }
            }
        }
        out
    }

    /// Walks the swap set of digits `a` and `b` through `start` (which holds `a`, already
    /// marked in `seen`), offering each new cell to `open`: `false` as soon as `open`
    /// refuses one, `true` when the whole set was offered.
    fn spread(
        &self,
        layout: &Layout,
        solution: &[u8],
        (start, a, b): (usize, u8, u8),
        stack: &mut Vec<u32>,
        seen: &mut [bool],
        mut open: impl FnMut(usize) -> bool,
    ) -> bool {
        stack.clear();
        stack.push(start as u32);
        while let Some(x) = stack.pop() {
            let x = x as usize;
            let other = if solution[x] == a { b } else { a };
            for &h in layout.houses_of(Cell(x as u16)) {
                let y = self.at[h.index() * self.n + other as usize - 1] as usize;
                if seen[y] {
                    continue;
                }
                if !open(y) {
                    return false;
                }
                seen[y] = true;
                stack.push(y as u32);
            }
        }
        true
    }
}

/// The two-line swaps of a full N×N grid `solution`: for two rows (or two columns), a cycle
/// of columns (rows) whose digits the two lines can exchange keeping each line's digits, each
/// as the cells it changes with their new digits. Regions and other rules are not looked at:
/// the caller checks each grid it makes.
pub fn line_swaps(n: usize, solution: &[u8]) -> Vec<Vec<(usize, u8)>> {
    let mut out = Vec::new();
    for transposed in [false, true] {
        let at = |line: usize, k: usize| {
            if transposed {
                k * n + line
            } else {
                line * n + k
            }
        };
        for l1 in 0..n {
            for l2 in l1 + 1..n {
                let mut seen = vec![false; n];
                for k0 in 0..n {
                    let mut cycle = Vec::new();
                    let mut k = k0;
                    while !seen[k] {
                        seen[k] = true;
                        cycle.push(k);
                        // The place in line 2 of the digit line 1 holds at k.
                        match (0..n).find(|&j| solution[at(l2, j)] == solution[at(l1, k)]) {
                            Some(j) => k = j,
                            None => break,
                        }
                    }
                    if cycle.len() > 1 {
                        out.push(
                            cycle
                                .iter()
                                .flat_map(|&k| {
                                    [
                                        (at(l1, k), solution[at(l2, k)]),
                                        (at(l2, k), solution[at(l1, k)]),
                                    ]
                                })
                                .collect(),
                        );
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::Extra;

    const SOLUTION: &str =
        "693784512487512936125963874932651487568247391741398625319475268856129743274836159";

    fn parse(s: &str) -> Vec<u8> {
        s.bytes().map(|b| b - b'0').collect()
    }

    /// Brute force: count solutions of `values` up to 2 with a plain backtracker.
    fn count(values: &mut Vec<u8>, layout: &Layout) -> u32 {
        let Some(i) = values.iter().position(|&v| v == 0) else {
            return 1;
        };
        let mut total = 0;
        for d in 1..=9u8 {
            if layout
                .peers(Cell(i as u16))
                .iter()
                .any(|p| values[p.index()] == d)
            {
                continue;
            }
            values[i] = d;
            total += count(values, layout);
            values[i] = 0;
            if total >= 2 {
                break;
            }
        }
        total
    }

    #[test]
    fn a_found_swap_set_always_means_a_second_solution() {
        let layout = Layout::standard(9).unwrap();
        let sol = parse(SOLUTION);
        let sets = SwapSets::new(&layout, &sol).unwrap();
        let (mut stack, mut seen) = (Vec::new(), Vec::new());
        let mut found = 0;
        // Empty a band of cells of growing size; whenever a swap set is reported, a second
        // solution must exist.
        for start in 0..60 {
            let mut values = sol.clone();
            for v in values.iter_mut().skip(start).step_by(3).take(14) {
                *v = 0;
            }
            for cell in 0..81 {
                if values[cell] == 0
                    && sets.breaks_uniqueness(&layout, &sol, &values, cell, &mut stack, &mut seen)
                {
                    found += 1;
                    assert!(count(&mut values.clone(), &layout) >= 2, "start {start}");
                }
            }
        }
        assert!(found > 0, "some swap sets are found");
    }

    #[test]
    fn an_unavoidable_rectangle_is_found_and_a_given_in_it_blocks_it() {
        let layout = Layout::standard(9).unwrap();
        let sol = parse(SOLUTION);
        let sets = SwapSets::new(&layout, &sol).unwrap();
        // Find a rectangle a b / b a over two boxes, in two rows of one band.
        let mut rect = None;
        for r1 in 0..9 {
            for r2 in r1 + 1..(r1 / 3 * 3 + 3) {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        let (p, q, s, t) = (r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2);
                        if c1 / 3 != c2 / 3 && sol[p] == sol[t] && sol[q] == sol[s] {
                            rect = Some([p, q, s, t]);
                        }
                    }
                }
            }
        }
        let rect = rect.expect("this grid has an unavoidable rectangle");
        let mut values = sol.clone();
        for &i in &rect {
            values[i] = 0;
        }
        let (mut stack, mut seen) = (Vec::new(), Vec::new());
        assert!(sets.breaks_uniqueness(&layout, &sol, &values, rect[0], &mut stack, &mut seen));
        values[rect[3]] = sol[rect[3]];
        assert!(!sets.breaks_uniqueness(&layout, &sol, &values, rect[0], &mut stack, &mut seen));
    }

    #[test]
    fn every_swap_set_and_the_band_line_swaps_make_another_solution() {
        use sudokit_core::verify::check_grid;
        let layout = std::sync::Arc::new(Layout::standard(9).unwrap());
        let sol = parse(SOLUTION);
        let valid = |change: &[(usize, u8)]| {
            let mut w = sol.clone();
            change.iter().for_each(|&(c, d)| w[c] = d);
            w != sol && check_grid(&sudokit_core::Grid::from_values(layout.clone(), w)).is_ok()
        };
        let sets = SwapSets::new(&layout, &sol).unwrap().all(&layout, &sol);
        assert!(sets.len() >= 36, "{}", sets.len());
        assert!(sets.iter().all(|s| valid(s)));
        // Two rows of one band (or two columns of one stack) always keep the boxes.
        let lines = line_swaps(9, &sol);
        let same_band = |s: &&Vec<(usize, u8)>| {
            let rows: Vec<usize> = s.iter().map(|&(c, _)| c / 9 / 3).collect();
            let cols: Vec<usize> = s.iter().map(|&(c, _)| c % 9 / 3).collect();
            rows.iter().all(|&r| r == rows[0]) || cols.iter().all(|&c| c == cols[0])
        };
        let banded: Vec<_> = lines.iter().filter(same_band).collect();
        assert!(!banded.is_empty());
        assert!(banded.iter().all(|s| valid(s)));
    }

    #[test]
    fn pair_rules_turn_it_off() {
        let layout = Layout::standard(9)
            .unwrap()
            .with_extras(&[Extra::AntiKnight]);
        assert!(SwapSets::new(&layout, &parse(SOLUTION)).is_none());
    }
}
