//! Closure of known minimal puzzles (the forums' way to symmetric puzzles with few givens):
//! a seed puzzle's pattern is often *nearly* symmetric under some conjugate of the class, and
//! filling in the missing mirror cells from its solution gives a unique symmetric puzzle a few
//! givens larger, from which orbits can then go again.
//!
//! Design decision: a conjugate of the class by a grid transformation T (band, stack, row and
//! column permutations and the transpose, 2·6⁸ maps) matters only through its orbit partition
//! of the 81 cells, and those partitions are few (54 to 2,916 a class). [`conjugates`] finds
//! each one once by a breadth-first walk from the class's own partition under 17 generating
//! transformations, keeping one T per partition. A seed's closure under a conjugate is then
//! a 17-step OR of orbit bits and a few popcounts, so every conjugate of every seed is sized;
//! the closures with at most [`closure_cap`] givens (K + 6, or K + two of the class's largest
//! orbits when that is more; [`Target::closure_slack`](super::Target::closure_slack) sets
//! another slack for seeds with more than 17 givens), smallest first, are taken back to the
//! standard orientation by T (the digits from the seed's solution: unique, since it contains
//! the seed) and reduced by a depth-first search over orbit removals that keep uniqueness
//! (`fast` counting to two). An orbit that cannot go from a puzzle cannot go from any smaller
//! one, so a child tests only its parent's removable orbits, and a subtree is cut when even
//! removing all of them would leave more than K givens. Every orbit-minimal leaf with at most
//! K givens is offered as a hit (checked by `dlx` for uniqueness and strict minimality).

use std::collections::{HashSet, VecDeque};
use std::fmt;

use sudokit_fast::Fast;

use super::{Origin, Run, given_count};
use crate::Symmetry;

/// How many givens above K a closure may have and still be reduced (at least).
pub const CLOSURE_SLACK: usize = 6;

/// The most givens a closure may have and still be reduced: K + [`CLOSURE_SLACK`], or K + two
/// of the class's largest orbits (8 cells for 90°, both mirrors and both diagonals, 16 for the
/// full class) when that is more, so a seed two orbits short of symmetry still counts.
pub fn closure_cap(symmetry: Symmetry, k: usize) -> usize {
    let largest = symmetry.orbits(9).iter().map(Vec::len).max().unwrap_or(1);
    k + CLOSURE_SLACK.max(2 * largest)
}

/// Search nodes (puzzles) of one closure's reduction.
pub const NODES_PER_CLOSURE: u64 = 2_000;

/// A validity-preserving transformation of the 9×9 grid: standard cell (r, c) is cell
/// (`rows[a]`, `cols[b]`) of the other orientation, where (a, b) is (r, c), or (c, r) when
/// `transpose` is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    /// Transpose first.
    pub transpose: bool,
    /// Row map (a permutation keeping bands).
    pub rows: [u8; 9],
    /// Column map (a permutation keeping stacks).
    pub cols: [u8; 9],
}

impl Transform {
    /// The identity.
    pub const IDENTITY: Transform = Transform {
        transpose: false,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
    };

    /// The cell a standard cell goes to.
    pub fn apply(&self, cell: usize) -> usize {
        let (r, c) = (cell / 9, cell % 9);
        let (a, b) = if self.transpose { (c, r) } else { (r, c) };
        usize::from(self.rows[a]) * 9 + usize::from(self.cols[b])
    }

    /// This transformation followed by the line permutation `p` on rows (or columns).
    fn then_lines(mut self, p: &[u8; 9], on_rows: bool) -> Transform {
        let lines = if on_rows {
            &mut self.rows
        } else {
            &mut self.cols
        };
        for x in lines.iter_mut() {
            *x = p[usize::from(*x)];
        }
        self
    }

    /// This transformation followed by the transpose.
    fn then_transpose(self) -> Transform {
        Transform {
            transpose: !self.transpose,
            rows: self.cols,
            cols: self.rows,
        }
    }
}

impl fmt::Display for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = |m: &[u8; 9]| m.iter().map(|&x| char::from(b'1' + x)).collect::<String>();
        write!(
            f,
            "{}rows {} cols {}",
            if self.transpose { "transpose, " } else { "" },
            digits(&self.rows),
            digits(&self.cols)
        )
    }
}

/// One conjugate of a class: its orbit partition in the other orientation and a
/// transformation taking the class's own orbits onto it.
#[derive(Clone, Debug)]
pub struct Conjugate {
    /// Maps the class's orbits onto this partition's.
    pub transform: Transform,
    /// Orbit number of each cell (numbered by first cell, fewer than 64).
    pub(super) orbit_of: [u8; 81],
    /// (orbit size, bit mask of the orbits of that size).
    pub(super) sizes: Vec<(usize, u64)>,
}

impl Conjugate {
    /// The closure of the orbits `touched` filled from `solution` (a solution in the seed's
    /// orientation), and that solution, both taken back to the standard orientation: standard
    /// cell d is seed cell T(d).
    fn standard(&self, touched: u64, solution: &[u8; 81]) -> ([u8; 81], [u8; 81]) {
        let mut values = [0u8; 81];
        let mut back = [0u8; 81];
        for (d, v) in values.iter_mut().enumerate() {
            let c = self.transform.apply(d);
            back[d] = solution[c];
            if touched & 1 << self.orbit_of[c] != 0 {
                *v = solution[c];
            }
        }
        (values, back)
    }

    /// Givens of the closure of the pattern `cells`.
    fn closure_size(&self, cells: &[usize]) -> (usize, u64) {
        let touched = cells.iter().fold(0u64, |m, &c| m | 1 << self.orbit_of[c]);
        let size = self
            .sizes
            .iter()
            .map(|&(s, mask)| s * (touched & mask).count_ones() as usize)
            .sum();
        (size, touched)
    }
}

/// The row (or column) permutations that generate the line maps keeping bands: adjacent
/// swaps inside each band and of adjacent bands.
fn line_generators() -> Vec<[u8; 9]> {
    let mut out = Vec::new();
    let id: [u8; 9] = Transform::IDENTITY.rows;
    for band in 0..3u8 {
        for i in 0..2u8 {
            let mut p = id;
            p.swap(usize::from(band * 3 + i), usize::from(band * 3 + i + 1));
            out.push(p);
        }
    }
    for b in 0..2usize {
        let mut p = id;
        for i in 0..3 {
            p.swap(b * 3 + i, b * 3 + 3 + i);
        }
        out.push(p);
    }
    out
}

/// Every distinct conjugate of `symmetry`'s cell partition, the class's own first.
pub fn conjugates(symmetry: Symmetry) -> Vec<Conjugate> {
    let orbits = symmetry.orbits(9);
    let partition = |t: &Transform| {
        let mut raw = [0u8; 81];
        for (o, orbit) in orbits.iter().enumerate() {
            for &c in orbit {
                raw[t.apply(c)] = o as u8;
            }
        }
        // Number the orbits by first cell so equal partitions compare equal.
        let mut label = [u8::MAX; 81];
        let mut next = 0u8;
        let mut out = [0u8; 81];
        for c in 0..81 {
            let o = usize::from(raw[c]);
            if label[o] == u8::MAX {
                label[o] = next;
                next += 1;
            }
            out[c] = label[o];
        }
        out
    };
    let gens = line_generators();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut queue = VecDeque::from([Transform::IDENTITY]);
    seen.insert(partition(&Transform::IDENTITY));
    while let Some(t) = queue.pop_front() {
        let orbit_of = partition(&t);
        let mut sizes: Vec<(usize, u64)> = Vec::new();
        for orbit in &orbits {
            let bit = 1u64 << orbit_of[t.apply(orbit[0])];
            match sizes.iter_mut().find(|(s, _)| *s == orbit.len()) {
                Some((_, mask)) => *mask |= bit,
                None => sizes.push((orbit.len(), bit)),
            }
        }
        out.push(Conjugate {
            transform: t,
            orbit_of,
            sizes,
        });
        let next = gens
            .iter()
            .flat_map(|p| [t.then_lines(p, true), t.then_lines(p, false)])
            .chain([t.then_transpose()]);
        for n in next {
            if seen.insert(partition(&n)) {
                queue.push_back(n);
            }
        }
    }
    out
}

/// A seed puzzle's smallest closure under the conjugates `conj` (the seed itself, transformed,
/// when it is symmetric under one), in the standard orientation, with its solution, the
/// conjugate's transformation and the closure's givens; `None` when the seed is not unique.
pub(super) fn smallest_closure(
    seed: &[u8; 81],
    conj: &[Conjugate],
) -> Option<([u8; 81], [u8; 81], Transform, usize)> {
    if Fast::count_up_to(seed, 2).0 != 1 {
        return None;
    }
    let solution = Fast::solve_first(seed).0?;
    let cells: Vec<usize> = (0..81).filter(|&c| seed[c] != 0).collect();
    let (size, touched, cj) = conj
        .iter()
        .map(|cj| {
            let (size, touched) = cj.closure_size(&cells);
            (size, touched, cj)
        })
        .min_by_key(|x| x.0)?;
    let (values, back) = cj.standard(touched, &solution);
    Some((values, back, cj.transform, size))
}

/// Runs the closure of every seed (in a seeded order) until the seeds or the budget run out.
pub(super) fn run(run: &mut Run<'_>) {
    let conj = conjugates(run.target.symmetry);
    let most = run.target.closure_cap();
    let mut order: Vec<usize> = (0..run.seeds.len()).collect();
    run.rng.shuffle(&mut order);
    for i in order {
        if run.done() {
            return;
        }
        let seed = run.seeds[i].clone();
        run.progress.restarts += 1;
        run.progress.checks += 2;
        if Fast::count_up_to(&seed.values, 2).0 != 1 {
            continue;
        }
        let Some(solution) = Fast::solve_first(&seed.values).0 else {
            continue;
        };
        let cells: Vec<usize> = (0..81).filter(|&c| seed.values[c] != 0).collect();
        let mut todo: Vec<(usize, usize, u64)> = conj
            .iter()
            .enumerate()
            .filter_map(|(k, cj)| {
                let (size, touched) = cj.closure_size(&cells);
                (size <= most).then_some((size, k, touched))
            })
            .collect();
        todo.sort_unstable();
        let mut done = HashSet::new();
        for (size, k, touched) in todo {
            if run.done() {
                return;
            }
            let cj = &conj[k];
            let t = cj.transform;
            let (mut values, back) = cj.standard(touched, &solution);
            if !done.insert(values) {
                continue;
            }
            run.tried();
            run.origin = Some(Origin {
                method: super::Method::Closure,
                public: None,
                automorphism: None,
                seed: seed.id,
                transform: t,
                closure_givens: size,
                seed_givens: cells.len(),
            });
            let orbits = run.orbits.clone();
            let all: Vec<usize> = (0..orbits.len())
                .filter(|&o| values[orbits[o][0]] != 0)
                .collect();
            let mut reducer = Reducer {
                orbits: &orbits,
                solution: back,
                seen: HashSet::new(),
                nodes: 0,
            };
            reducer.go(run, &mut values, 0, &all);
            run.origin = None;
        }
    }
}

/// The depth-first reduction of one closure.
struct Reducer<'o> {
    orbits: &'o [Vec<usize>],
    solution: [u8; 81],
    seen: HashSet<u64>,
    nodes: u64,
}

impl Reducer<'_> {
    /// Reduces `values` (orbits `removed` gone), trying the orbits of `candidates` (the only
    /// ones that may go). Returns `false` when the search must stop.
    fn go(
        &mut self,
        run: &mut Run<'_>,
        values: &mut [u8; 81],
        removed: u64,
        cand: &[usize],
    ) -> bool {
        if run.done() || self.nodes >= NODES_PER_CLOSURE {
            return false;
        }
        self.nodes += 1;
        let count = given_count(values);
        let mut free = Vec::new();
        for &o in cand {
            self.set(values, o, false);
            run.progress.checks += 1;
            if Fast::count_up_to(values, 2).0 == 1 {
                free.push(o);
            }
            self.set(values, o, true);
        }
        if free.is_empty() {
            run.reached(count);
            if count <= run.target.givens {
                run.offer(values);
            }
            return true;
        }
        let reducible: usize = free.iter().map(|&o| self.orbits[o].len()).sum();
        if count.saturating_sub(reducible) > run.target.givens {
            return true;
        }
        run.rng.shuffle(&mut free);
        for (i, &o) in free.iter().enumerate() {
            let key = removed | 1 << o;
            if !self.seen.insert(key) {
                continue;
            }
            self.set(values, o, false);
            let rest: Vec<usize> = free
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &x)| x)
                .collect();
            let more = self.go(run, values, key, &rest);
            self.set(values, o, true);
            if !more {
                return false;
            }
        }
        true
    }

    /// Fills (or empties) orbit `o` from the solution.
    fn set(&self, values: &mut [u8; 81], o: usize, fill: bool) {
        for &c in &self.orbits[o] {
            values[c] = if fill { self.solution[c] } else { 0 };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conjugate_counts_match_the_line_group() {
        // One mirror: fixed stack (3) × pairing of the other two (6) × fixed column (3), on
        // columns or (transposed) rows.
        assert_eq!(conjugates(Symmetry::Vertical).len(), 2 * 54);
        // 180°: a row involution and a column involution of that kind.
        assert_eq!(conjugates(Symmetry::Rot180).len(), 54 * 54);
        for s in Symmetry::ARTICLE {
            let conj = conjugates(s);
            assert_eq!(conj[0].transform, Transform::IDENTITY);
            let orbits = s.orbits(9);
            for cj in conj.iter().take(50) {
                // Each conjugate's orbits are the images of the class's orbits.
                for orbit in &orbits {
                    let o = cj.orbit_of[cj.transform.apply(orbit[0])];
                    assert!(
                        orbit
                            .iter()
                            .all(|&c| cj.orbit_of[cj.transform.apply(c)] == o)
                    );
                }
            }
        }
    }
}
