//! Pattern-first search: fix a symmetric pattern of exactly K cells, then search digit
//! assignments to those cells whose puzzle has exactly one solution.
//!
//! Design decision: the assignment is a depth-first search over the pattern's cells, most
//! constrained first (each cell after the first has as many already placed peers as
//! possible), with digits up to relabelling (a cell may take a digit already used or the
//! next unused one, so each puzzle is met once instead of 9! times) and tried in a seeded
//! random order. Subtrees are cut when the digits left cannot reach the eight distinct
//! digits a unique puzzle needs, and when `fast` finds no solution of the partial puzzle; a
//! complete assignment is counted to two by `fast`. Patterns are drawn at random from the
//! class's orbits and refused up front when they leave two empty rows in one band or two empty
//! columns in one stack (those rows or columns form an unavoidable set: swapping them gives a
//! second solution). A pattern gets [`LEAVES_PER_PATTERN`] complete assignments and
//! [`NODES_PER_PATTERN`] nodes before the next is drawn.
//!
//! The exhaustive method ([`all_patterns`], run by [`super::exhaustive`]) takes every pattern
//! of exactly K cells instead, each searched to the end or its node cap
//! ([`NODES_PER_EXHAUSTIVE_PATTERN`] by default), with a look-ahead in the last
//! [`LOOKAHEAD_CELLS`] cells: every solution of the partial puzzle (up to
//! [`LOOKAHEAD_SOLUTIONS`]), grouped by its digits on the cells still to fill; two solutions
//! that agree there solve every completion either solves, so only the digits of a solution
//! alone in its group can lead to a unique puzzle, and the last cell's unique completions are
//! read off with no count at all.

use sudokit_fast::Fast;

use super::Run;

/// Complete assignments tried per pattern.
pub const LEAVES_PER_PATTERN: u64 = 20_000;

/// Search nodes (partial assignments) per pattern.
pub const NODES_PER_PATTERN: u64 = 400_000;

/// Whether cells `a` and `b` of the 9×9 grid see each other.
fn peers(a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
    a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3))
}

/// Runs pattern after pattern until the budget is spent.
pub(super) fn run(run: &mut Run<'_>) {
    while !run.done() {
        let Some(cells) = draw_pattern(run) else {
            continue;
        };
        run.progress.restarts += 1;
        let mut dfs = Dfs::new(cells, LEAVES_PER_PATTERN, NODES_PER_PATTERN, false);
        dfs.go(run, 0, 1);
    }
}

/// The most patterns [`Method::Exhaustive`](super::Method::Exhaustive) enumerates; a class and
/// K with more are refused.
pub const MOST_PATTERNS: usize = 100_000;

/// Search nodes per pattern of the exhaustive method by default (`--node-cap` sets another);
/// a pattern that needs more is left unfinished (counted in [`super::Progress::incomplete`]).
pub const NODES_PER_EXHAUSTIVE_PATTERN: u64 = 100_000;

/// Remaining pattern cells at and below which the exhaustive method enumerates the partial
/// puzzle's solutions (up to [`LOOKAHEAD_SOLUTIONS`]) to restrict the next cell's digits.
pub const LOOKAHEAD_CELLS: usize = 2;

/// Solutions of a partial puzzle the look-ahead enumerates; more and it is skipped.
pub const LOOKAHEAD_SOLUTIONS: u64 = 300;

/// Every symmetric pattern of exactly `k` cells over `orbits` that leaves no two empty rows in
/// a band nor two empty columns in a stack; `None` when there are more than [`MOST_PATTERNS`].
pub fn all_patterns(orbits: &[Vec<usize>], k: usize) -> Option<Vec<Vec<usize>>> {
    fn walk(
        orbits: &[Vec<usize>],
        k: usize,
        from: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        seen: &mut usize,
    ) -> bool {
        if chosen.len() == k {
            *seen += 1;
            if *seen > MOST_PATTERNS {
                return false;
            }
            if !two_empty_lines(chosen) {
                out.push(chosen.clone());
            }
            return true;
        }
        for o in from..orbits.len() {
            if chosen.len() + orbits[o].len() <= k {
                let before = chosen.len();
                chosen.extend_from_slice(&orbits[o]);
                let more = walk(orbits, k, o + 1, chosen, out, seen);
                chosen.truncate(before);
                if !more {
                    return false;
                }
            }
        }
        true
    }
    let mut out = Vec::new();
    let mut seen = 0;
    walk(orbits, k, 0, &mut Vec::new(), &mut out, &mut seen).then_some(out)
}

/// Rows, columns and boxes a pattern leaves empty (the exhaustive method searches patterns
/// with fewer first).
pub fn empty_units(cells: &[usize]) -> usize {
    let mut used = [false; 27];
    for &c in cells {
        used[c / 9] = true;
        used[9 + c % 9] = true;
        used[18 + c / 27 * 3 + c % 9 / 3] = true;
    }
    used.iter().filter(|&&u| !u).count()
}

/// One pattern of [`Method::Exhaustive`](super::Method::Exhaustive) (see
/// [`super::exhaustive`]): `cells` searched with the look-ahead, to the end or to `node_cap`
/// nodes. Returns whether it was searched to the end, and the nodes it used.
pub(super) fn search_exhaustive(
    run: &mut Run<'_>,
    cells: Vec<usize>,
    node_cap: u64,
) -> (bool, u64) {
    let mut dfs = Dfs::new(search_order(cells), u64::MAX, node_cap, true);
    let finished = dfs.go(run, 0, 1);
    (finished, dfs.nodes)
}

/// Whether two rows of one band or two columns of one stack are empty (an unavoidable set:
/// swapping them gives a second solution).
fn two_empty_lines(cells: &[usize]) -> bool {
    let mut rows = [false; 9];
    let mut cols = [false; 9];
    for &c in cells {
        rows[c / 9] = true;
        cols[c % 9] = true;
    }
    let two_empty = |lines: &[bool; 9]| {
        (0..3).any(|b| lines[b * 3..b * 3 + 3].iter().filter(|&&x| !x).count() >= 2)
    };
    two_empty(&rows) || two_empty(&cols)
}

/// A random pattern of the class with exactly K cells, in search order; `None` when the draw
/// missed K or left an unavoidable pair of empty rows or columns.
fn draw_pattern(run: &mut Run<'_>) -> Option<Vec<usize>> {
    let k = run.target.givens;
    let mut order: Vec<usize> = (0..run.orbits.len()).collect();
    run.rng.shuffle(&mut order);
    let mut chosen = Vec::new();
    for o in order {
        if chosen.len() + run.orbits[o].len() <= k {
            chosen.extend_from_slice(&run.orbits[o]);
        }
    }
    if chosen.len() != k || two_empty_lines(&chosen) {
        return None;
    }
    Some(search_order(chosen))
}

/// The cells in search order: most constrained first (the next cell has the most peers
/// already placed).
fn search_order(mut chosen: Vec<usize>) -> Vec<usize> {
    let mut placed: Vec<usize> = Vec::with_capacity(chosen.len());
    while !chosen.is_empty() {
        let score = |c: usize| {
            placed.iter().filter(|&&p| peers(p, c)).count() * 100
                + chosen.iter().filter(|&&p| peers(p, c)).count()
        };
        let (i, _) = chosen
            .iter()
            .enumerate()
            .max_by_key(|&(i, &c)| (score(c), usize::MAX - i))
            .expect("non-empty");
        placed.push(chosen.swap_remove(i));
    }
    placed
}

/// The depth-first search over one pattern.
struct Dfs {
    cells: Vec<usize>,
    values: [u8; 81],
    leaves: u64,
    nodes: u64,
    /// Complete assignments and nodes this pattern may use.
    leaf_cap: u64,
    node_cap: u64,
    /// Whether the look-ahead (solutions of the partial puzzle near the leaves) runs.
    lookahead: bool,
}

impl Dfs {
    fn new(cells: Vec<usize>, leaf_cap: u64, node_cap: u64, lookahead: bool) -> Dfs {
        Dfs {
            cells,
            values: [0; 81],
            leaves: 0,
            nodes: 0,
            leaf_cap,
            node_cap,
            lookahead,
        }
    }

    /// Assigns `cells[i..]`; `next` is the smallest digit not used yet. Returns `false` when
    /// the search must stop (budget, pattern caps).
    fn go(&mut self, run: &mut Run<'_>, i: usize, next: u8) -> bool {
        if run.done() || self.leaves >= self.leaf_cap || self.nodes >= self.node_cap {
            return false;
        }
        self.nodes += 1;
        if i == self.cells.len() {
            self.leaf(run, true);
            return true;
        }
        // A unique puzzle uses at least eight distinct digits.
        if usize::from(next - 1) + (self.cells.len() - i) < 8 {
            return true;
        }
        let cell = self.cells[i];
        let mut allowed = u16::MAX;
        if self.lookahead && self.cells.len() - i <= LOOKAHEAD_CELLS {
            // Exactly the digits of the next cell that some unique completion has.
            if let Some(mask) = self.completions(run, i) {
                allowed = mask;
            }
            if allowed == 0 {
                return true;
            }
        }
        let mut seen = 0u16;
        for &c in &self.cells[..i] {
            if peers(c, cell) {
                seen |= 1 << self.values[c];
            }
        }
        let mut digits: Vec<u8> = (1..next.min(10))
            .filter(|&d| seen & (1 << d) == 0)
            .collect();
        if next <= 9 {
            digits.push(next);
        }
        digits.retain(|&d| allowed & (1 << d) != 0);
        run.rng.shuffle(&mut digits);
        let half = self.cells.len() / 2;
        for d in digits {
            self.values[cell] = d;
            let more = if allowed != u16::MAX && i + 1 == self.cells.len() {
                // The look-ahead found this completion unique: a leaf with no count.
                self.nodes += 1;
                self.leaf(run, false);
                !run.done()
            } else {
                let solvable = i < half || {
                    run.progress.checks += 1;
                    Fast::count_up_to(&self.values, 1).0 == 1
                };
                !solvable || self.go(run, i + 1, if d == next { next + 1 } else { next })
            };
            self.values[cell] = 0;
            if !more {
                return false;
            }
        }
        true
    }

    /// A complete assignment: counted to two by `fast` when `count`, else known unique.
    fn leaf(&mut self, run: &mut Run<'_>, count: bool) {
        self.leaves += 1;
        run.tried();
        let unique = !count || {
            run.progress.checks += 1;
            Fast::count_up_to(&self.values, 2).0 == 1
        };
        if unique {
            run.reached(self.cells.len());
            run.offer(&self.values);
        }
    }

    /// The look-ahead at `cells[i..]` (the rest of the pattern): every solution of the partial
    /// puzzle, grouped by its digits on those cells. A completion of the pattern is unique
    /// exactly when one solution alone has its digits there (two solutions that agree on every
    /// cell still to fill both solve any completion that either does), so the next cell may
    /// take only the digits such a lone solution has. Returns that mask, or `None` when the
    /// solutions are too many to enumerate.
    fn completions(&mut self, run: &mut Run<'_>, i: usize) -> Option<u16> {
        let rest = &self.cells[i..];
        let mut groups: std::collections::HashMap<[u8; LOOKAHEAD_CELLS], u32> =
            std::collections::HashMap::new();
        run.progress.checks += 1;
        let outcome = Fast::run(
            &self.values,
            LOOKAHEAD_SOLUTIONS,
            &mut sudokit_core::Budget::default().start(),
            |s| {
                let mut key = [0u8; LOOKAHEAD_CELLS];
                for (k, &c) in key.iter_mut().zip(rest) {
                    *k = s[c];
                }
                *groups.entry(key).or_insert(0) += 1;
                sudokit_core::Flow::Continue
            },
        );
        (outcome.end == sudokit_core::End::Exhausted).then(|| {
            groups
                .iter()
                .filter(|&(_, &n)| n == 1)
                .fold(0u16, |m, (key, _)| m | 1 << key[0])
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Symmetry;
    use crate::fewgivens::{Budget, Hit, Method, Progress, SeedPuzzle, Target};

    /// A 24-given full-dihedral puzzle of data/few-givens.txt (closure of Royle's 17s).
    const FULL_24: &str =
        "..5...9.....8.3...4...1...2.8.1.2.9...9...3...3.6.7.5.3...5...8...2.4.....7...1..";

    /// The hits of the pattern search on FULL_24's pattern with all but the last `free` cells
    /// (in search order) fixed to its digits, relabelled as the search labels them; the
    /// relabelled puzzle, whether the search finished, and its complete assignments.
    fn search_tail(lookahead: bool, free: usize) -> (Vec<[u8; 81]>, [u8; 81], bool, u64) {
        let seed = SeedPuzzle::parse(1, FULL_24).expect("81 symbols");
        let cells = search_order((0..81).filter(|&c| seed.values[c] != 0).collect());
        let mut label = [0u8; 10];
        let mut next = 1;
        let mut known = [0u8; 81];
        for &c in &cells {
            let d = usize::from(seed.values[c]);
            if label[d] == 0 {
                label[d] = next;
                next += 1;
            }
            known[c] = label[d];
        }
        let fixed = cells.len() - free;
        let mut dfs = Dfs::new(cells.clone(), u64::MAX, 1_000_000, lookahead);
        let mut first_new = 1;
        for &c in &cells[..fixed] {
            dfs.values[c] = known[c];
            first_new = first_new.max(known[c] + 1);
        }
        let mut hits = Vec::new();
        let mut on_hit = |h: &Hit, _: &Progress| hits.push(h.puzzle);
        let mut on_progress = |_: &Progress| {};
        let target = Target::new(Symmetry::Full, 24, Method::Exhaustive, 1);
        let budget = Budget::tries(10_000_000);
        let mut run = Run::new(&target, &[], &budget, &mut on_hit, &mut on_progress);
        let finished = dfs.go(&mut run, fixed, first_new);
        let tries = run.progress.tries;
        drop(run);
        hits.sort_unstable();
        (hits, known, finished, tries)
    }

    #[test]
    fn look_ahead_finds_exactly_the_hits_of_the_plain_search_with_fewer_assignments() {
        let (plain, known, plain_done, plain_tries) = search_tail(false, 6);
        let (ahead, _, ahead_done, ahead_tries) = search_tail(true, 6);
        assert!(plain_done && ahead_done, "both searches run to the end");
        assert!(plain.contains(&known), "the known puzzle is met");
        assert_eq!(ahead, plain);
        assert!(
            ahead_tries < plain_tries,
            "look-ahead {ahead_tries} against plain {plain_tries} assignments"
        );
    }

    #[test]
    fn full_dihedral_has_512_patterns_of_20_cells_before_the_line_filter() {
        let orbits = Symmetry::Full.orbits(9);
        let sizes: Vec<usize> = orbits.iter().map(Vec::len).collect();
        assert_eq!(sizes.iter().filter(|&&s| s == 4).count(), 8);
        assert_eq!(sizes.iter().filter(|&&s| s == 8).count(), 6);
        // 5 fours (56), 3 fours and an eight (56 * 6), a four and two eights (8 * 15).
        let patterns = all_patterns(&orbits, 20).expect("few patterns");
        assert!(patterns.len() <= 56 + 56 * 6 + 8 * 15);
        let mut distinct = std::collections::HashSet::new();
        for p in &patterns {
            assert_eq!(p.len(), 20);
            assert!(!two_empty_lines(p));
            let mut v = [0u8; 81];
            for &c in p {
                v[c] = 1;
            }
            assert!(Symmetry::Full.holds(&v, 9));
            assert!(distinct.insert(v));
        }
        // Some patterns leave two rows of a band empty (e.g. one four-orbit and two
        // eight-orbits away from the middle band's outer rows): the filter drops them.
        assert!(patterns.len() < 56 + 56 * 6 + 8 * 15);
        assert!(all_patterns(&Symmetry::Diagonal.orbits(9), 17).is_none());
    }
}
