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
        let mut dfs = Dfs {
            cells,
            values: [0; 81],
            leaves: 0,
            nodes: 0,
        };
        dfs.go(run, 0, 1);
    }
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
    if chosen.len() != k {
        return None;
    }
    let mut rows = [false; 9];
    let mut cols = [false; 9];
    for &c in &chosen {
        rows[c / 9] = true;
        cols[c % 9] = true;
    }
    let two_empty = |lines: &[bool; 9]| {
        (0..3).any(|b| lines[b * 3..b * 3 + 3].iter().filter(|&&x| !x).count() >= 2)
    };
    if two_empty(&rows) || two_empty(&cols) {
        return None;
    }
    // Most constrained first: the next cell has the most peers already placed.
    let mut placed: Vec<usize> = Vec::with_capacity(k);
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
    Some(placed)
}

/// The depth-first search over one pattern.
struct Dfs {
    cells: Vec<usize>,
    values: [u8; 81],
    leaves: u64,
    nodes: u64,
}

impl Dfs {
    /// Assigns `cells[i..]`; `next` is the smallest digit not used yet. Returns `false` when
    /// the search must stop (budget, pattern caps).
    fn go(&mut self, run: &mut Run<'_>, i: usize, next: u8) -> bool {
        if run.done() || self.leaves >= LEAVES_PER_PATTERN || self.nodes >= NODES_PER_PATTERN {
            return false;
        }
        self.nodes += 1;
        if i == self.cells.len() {
            self.leaves += 1;
            run.tried();
            run.progress.checks += 1;
            if Fast::count_up_to(&self.values, 2).0 == 1 {
                run.reached(self.cells.len());
                run.offer(&self.values);
            }
            return true;
        }
        // A unique puzzle uses at least eight distinct digits.
        if usize::from(next - 1) + (self.cells.len() - i) < 8 {
            return true;
        }
        let cell = self.cells[i];
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
        run.rng.shuffle(&mut digits);
        let half = self.cells.len() / 2;
        for d in digits {
            self.values[cell] = d;
            let solvable = i < half || {
                run.progress.checks += 1;
                Fast::count_up_to(&self.values, 1).0 == 1
            };
            let more = !solvable || self.go(run, i + 1, if d == next { next + 1 } else { next });
            self.values[cell] = 0;
            if !more {
                return false;
            }
        }
        true
    }
}
