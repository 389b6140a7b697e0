//! Singles propagation and a small exhaustive search on candidate grids: what the explained
//! guess, trial-based techniques and seed `001`'s levels need.
//!
//! Design decision: this is FIX-SQUARE (naked and hidden singles to a fixpoint, stopping at the
//! first contradiction) plus guessing on the cell with fewest candidates, written on
//! [`CandidateGrid`] so it starts from a person's pencil marks, not only from givens. It is not
//! one of the engines: the soundness checks compare against those. Hidden singles are found
//! from two masks per house (digits with one place or more, with two or more) built in one
//! pass over its cells, rebuilt after each placement in the house, so the singles are placed
//! in exactly the order a digit-by-digit scan would place them. [`count`] searches on compact
//! states (values, candidate masks, per-house placed digits) with singles taken from a queue:
//! singles reach one fixpoint, or a contradiction, whatever their order, so its tree is the
//! plain search's.

use sudokit_core::{Cell, Digit, DigitSet, House, Termination};

use crate::grid::{CandidateGrid, Contradiction};

mod nine;

/// Applies naked and hidden singles until none is left. `Err` on a contradiction.
pub fn propagate_singles(g: &mut CandidateGrid) -> Result<usize, Contradiction> {
    let mut placed = 0;
    loop {
        let mut progress = false;
        for i in 0..g.cell_count() {
            let c = Cell(i as u16);
            if g.value(c).is_some() {
                continue;
            }
            let cands = g.candidates(c);
            match cands.len() {
                0 => return Err(Contradiction::EmptyCell(c)),
                1 => {
                    let d = cands.first().expect("one");
                    if g.peers(c).iter().any(|&p| g.value(p) == Some(d)) {
                        return Err(Contradiction::EmptyCell(c));
                    }
                    g.place(c, d);
                    placed += 1;
                    progress = true;
                }
                _ => {}
            }
        }
        for h in g.houses() {
            let mut seen = DigitSet::EMPTY;
            for &c in g.house_cells(h) {
                if let Some(d) = g.value(c) {
                    seen.insert(d);
                }
            }
            // The digits with one place or more, and with two or more, in one pass over the
            // house (again after each placement in it, which changes its candidates).
            let (mut once, mut twice) = places(g, h);
            for d in DigitSet::full(g.size()).iter() {
                if seen.contains(d) {
                    continue;
                }
                if !once.contains(d) {
                    return Err(Contradiction::NoPlace(h, d));
                }
                if !twice.contains(d) {
                    let c = g.cells_with(h, d).next().expect("one place");
                    g.place(c, d);
                    placed += 1;
                    progress = true;
                    (once, twice) = places(g, h);
                }
            }
        }
        if !progress {
            return Ok(placed);
        }
    }
}

/// The digits with at least one place in `h`, and those with at least two.
fn places(g: &CandidateGrid, h: House) -> (DigitSet, DigitSet) {
    let (mut once, mut twice) = (0u64, 0u64);
    for &c in g.house_cells(h) {
        let cs = g.candidates(c).0;
        twice |= once & cs;
        once |= cs;
    }
    (DigitSet(once), DigitSet(twice))
}

/// The result of an exhaustive search.
#[derive(Clone, Debug)]
pub struct Count {
    /// Solutions found (up to the limit).
    pub solutions: usize,
    /// The first solution, if any.
    pub first: Option<CandidateGrid>,
    /// Whether the budget ran out before the search finished.
    pub stopped: bool,
    /// Guesses on the path from the root to the first solution (seed `001`'s level − 1).
    pub depth_to_first: usize,
}

impl Count {
    /// No solution yet, not stopped.
    fn empty() -> Count {
        Count {
            solutions: 0,
            first: None,
            stopped: false,
            depth_to_first: 0,
        }
    }
}

/// Counts solutions up to `limit` from the candidates of `g`, guessing on the cell with fewest
/// candidates (the first such cell in reading order, its digits in ascending order), polling
/// `term` once per node.
///
/// The search runs on compact states (values, candidate masks, per-house placed digits) with
/// singles propagated from a queue. Singles reach the same fixpoint, or a contradiction, in any
/// order (a single stays forced until a contradiction shows), so every node's state, hence
/// the tree, the count and the depth, is that of [`propagate_singles`] and a clone per node.
/// Grids whose pencil marks disagree with their placed digits take that plain search itself;
/// plain 9×9 grids take the same search on fixed-size states (`nine`).
pub fn count(g: &CandidateGrid, limit: usize, term: &mut dyn Termination) -> Count {
    let mut out = Count::empty();
    let Some(root) = Compact::new(g) else {
        let mut g = g.clone();
        if propagate_singles(&mut g).is_ok() {
            plain(g, limit, 0, term, &mut out);
        }
        return out;
    };
    if g.layout().is_standard_9x9() {
        return nine::count(g, &root, limit, term);
    }
    generic(g, root, limit, term)
}

/// [`count`]'s search on any layout, from a compact state.
fn generic(g: &CandidateGrid, root: Compact, limit: usize, term: &mut dyn Termination) -> Count {
    walk(g, root, limit, term)
}

/// A search state [`walk`] can settle and guess on. See [`count`].
trait Node: Clone {
    /// Buffers `settle` keeps from one node to the next.
    type Scratch: Default;
    /// Applies the placement `first`, then naked and hidden singles until none is left;
    /// `false` on a contradiction. `first` `None`: the state may be any, every cell and house
    /// is looked at; otherwise it is a fixpoint of `settle` and `first` a placement on it.
    fn settle(
        &mut self,
        g: &CandidateGrid,
        scratch: &mut Self::Scratch,
        first: Option<(usize, u8)>,
    ) -> bool;
    /// The empty cell with fewest candidates, the first such in reading order; `None` when
    /// every cell is filled.
    fn guess_cell(&self) -> Option<usize>;
    /// The candidates of cell `i` (bit `d - 1`).
    fn cands(&self, i: usize) -> u64;
    /// The value of cell `i` (0 = empty).
    fn value(&self, i: usize) -> u8;
}

/// The search from `root`: settle it, then guess on [`Node::guess_cell`], digits ascending,
/// polling `term` once per node, up to `limit` solutions.
fn walk<N: Node>(
    g: &CandidateGrid,
    mut root: N,
    limit: usize,
    term: &mut dyn Termination,
) -> Count {
    let mut out = Count::empty();
    let mut scratch = N::Scratch::default();
    if root.settle(g, &mut scratch, None) {
        let mut w = Walk {
            g,
            limit,
            term,
            out: &mut out,
        };
        w.rec(&mut scratch, &root, 0);
    }
    out
}

/// The first empty cell with fewest candidates among `(value, candidates)` in cell order.
fn fewest(cells: impl Iterator<Item = (u8, u64)>) -> Option<usize> {
    let mut best: Option<(usize, u32)> = None;
    for (i, (v, m)) in cells.enumerate() {
        if v == 0 && best.is_none_or(|(_, k)| m.count_ones() < k) {
            best = Some((i, m.count_ones()));
        }
    }
    best.map(|(i, _)| i)
}

/// What one [`walk`] shares between its nodes.
struct Walk<'a, 't> {
    g: &'a CandidateGrid,
    limit: usize,
    term: &'t mut dyn Termination,
    out: &'a mut Count,
}

impl Walk<'_, '_> {
    fn rec<N: Node>(&mut self, scratch: &mut N::Scratch, st: &N, depth: usize) {
        if self.out.solutions >= self.limit || self.out.stopped {
            return;
        }
        if self.term.should_stop() {
            self.out.stopped = true;
            return;
        }
        let Some(cell) = st.guess_cell() else {
            self.out.solutions += 1;
            if self.out.first.is_none() {
                let mut solved = self.g.clone();
                for c in self.g.empty_cells() {
                    solved.place(c, Digit::new(st.value(c.index())).expect("a solved cell"));
                }
                self.out.first = Some(solved);
                self.out.depth_to_first = depth;
            }
            return;
        };
        let mut digits = st.cands(cell);
        while digits != 0 {
            let d = digits.trailing_zeros() as u8 + 1;
            digits &= digits - 1;
            let mut next = st.clone();
            if next.settle(self.g, scratch, Some((cell, d))) {
                self.rec(scratch, &next, depth + 1);
            }
            if self.out.solutions >= self.limit || self.out.stopped {
                return;
            }
        }
    }
}

/// A search state: values (0 = empty), candidate masks and, per house, its placed digits.
#[derive(Clone)]
struct Compact {
    values: Vec<u8>,
    cands: Vec<u64>,
    placed: Vec<u64>,
}

impl Compact {
    /// `g`'s state, or `None` when its pencil marks hold a digit a peer has placed, a house
    /// holds a digit twice, or a filled cell keeps candidates (the plain search handles those
    /// grids exactly as before).
    fn new(g: &CandidateGrid) -> Option<Compact> {
        let values = g.values().to_vec();
        let cands: Vec<u64> = g.cells().map(|c| g.candidates(c).0).collect();
        let placed = g.layout().placed_per_house(&values)?;
        for c in g.cells() {
            let i = c.index();
            if values[i] != 0 {
                if cands[i] != 0 {
                    return None;
                }
                continue;
            }
            let seen = g
                .peers(c)
                .iter()
                .filter(|p| values[p.index()] != 0)
                .fold(0u64, |m, p| m | 1 << (values[p.index()] - 1));
            if cands[i] & seen != 0 {
                return None;
            }
        }
        Some(Compact {
            values,
            cands,
            placed,
        })
    }
}

/// [`Compact`]'s buffers: placements waiting to be made, and the houses to look at for
/// hidden singles (bit per house index, 64 a word).
#[derive(Default)]
struct Scratch {
    queue: Vec<(usize, u8)>,
    dirty: Vec<u64>,
}

impl Node for Compact {
    type Scratch = Scratch;

    /// Only the houses whose cells change from the fixpoint are looked at for hidden singles
    /// and missing digits when `first` is given: a house none of whose cells changed since it
    /// was last looked at holds neither (the fixpoint, or the contradiction, is the same).
    fn settle(&mut self, g: &CandidateGrid, sc: &mut Scratch, first: Option<(usize, u8)>) -> bool {
        let st = self;
        let full = DigitSet::full(g.size()).0;
        let all_houses = g.layout().all_house_cells();
        let houses = all_houses.len() / g.size();
        sc.dirty.clear();
        sc.dirty.resize(houses.div_ceil(64), 0);
        sc.queue.clear();
        if first.is_none() {
            for h in 0..houses {
                sc.dirty[h / 64] |= 1 << (h % 64);
            }
            for (i, &m) in st.cands.iter().enumerate() {
                if st.values[i] == 0 {
                    match m.count_ones() {
                        0 => return false,
                        1 => sc.queue.push((i, m.trailing_zeros() as u8 + 1)),
                        _ => {}
                    }
                }
            }
        } else {
            sc.queue.extend(first);
        }
        let dirty = &mut sc.dirty;
        let mark = |dirty: &mut Vec<u64>, c: Cell| {
            for h in g.houses_of(c) {
                dirty[h.index() / 64] |= 1 << (h.index() % 64);
            }
        };
        loop {
            while let Some((i, d)) = sc.queue.pop() {
                let bit = 1u64 << (d - 1);
                if st.values[i] != 0 {
                    if st.values[i] == d {
                        continue;
                    }
                    return false;
                }
                if st.cands[i] & bit == 0 {
                    return false;
                }
                let c = Cell(i as u16);
                st.values[i] = d;
                st.cands[i] = 0;
                for h in g.houses_of(c) {
                    if st.placed[h.index()] & bit != 0 {
                        return false;
                    }
                    st.placed[h.index()] |= bit;
                    dirty[h.index() / 64] |= 1 << (h.index() % 64);
                }
                for &p in g.peers(c) {
                    let m = &mut st.cands[p.index()];
                    if *m & bit != 0 {
                        *m &= !bit;
                        mark(dirty, p);
                        match m.count_ones() {
                            0 => return false,
                            1 => sc.queue.push((p.index(), m.trailing_zeros() as u8 + 1)),
                            _ => {}
                        }
                    }
                }
            }
            // Hidden singles: per house, the digits with one place or more and with two or
            // more.
            for (w, word) in dirty.iter_mut().enumerate() {
                while *word != 0 {
                    let h = w * 64 + word.trailing_zeros() as usize;
                    *word &= *word - 1;
                    let cells = &all_houses[h * g.size()..(h + 1) * g.size()];
                    let (mut once, mut twice) = (0u64, 0u64);
                    for c in cells {
                        let m = st.cands[c.index()];
                        twice |= once & m;
                        once |= m;
                    }
                    let open = full & !st.placed[h];
                    if open & !once != 0 {
                        return false;
                    }
                    let mut single = open & !twice;
                    while single != 0 {
                        let b = single.trailing_zeros();
                        single &= single - 1;
                        let c = cells
                            .iter()
                            .find(|c| st.cands[c.index()] >> b & 1 == 1)
                            .expect("one place");
                        sc.queue.push((c.index(), b as u8 + 1));
                    }
                }
            }
            if sc.queue.is_empty() {
                return true;
            }
        }
    }

    fn guess_cell(&self) -> Option<usize> {
        fewest(self.values.iter().copied().zip(self.cands.iter().copied()))
    }

    fn cands(&self, i: usize) -> u64 {
        self.cands[i]
    }

    fn value(&self, i: usize) -> u8 {
        self.values[i]
    }
}

/// The plain search: a clone of the candidate grid per node, [`propagate_singles`] after each
/// guess. [`count`] takes it for grids whose pencil marks disagree with their digits, and its
/// tests compare the two.
fn plain(
    g: CandidateGrid,
    limit: usize,
    depth: usize,
    term: &mut dyn Termination,
    out: &mut Count,
) {
    if out.solutions >= limit || out.stopped {
        return;
    }
    if term.should_stop() {
        out.stopped = true;
        return;
    }
    let Some(cell) = g.empty_cells().min_by_key(|&c| g.candidates(c).len()) else {
        out.solutions += 1;
        if out.first.is_none() {
            out.first = Some(g);
            out.depth_to_first = depth;
        }
        return;
    };
    for d in g.candidates(cell).iter() {
        let mut next = g.clone();
        next.place(cell, d);
        if propagate_singles(&mut next).is_ok() {
            plain(next, limit, depth + 1, term, out);
        }
        if out.solutions >= limit || out.stopped {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use sudokit_core::format::{InputFormat, parse_one};
    use sudokit_core::{Budget, Extra, Grid, Layout};

    /// [`plain`] from `g`, as `count` ran before it had compact states.
    fn plain_count(g: &CandidateGrid, limit: usize, term: &mut dyn Termination) -> Count {
        let mut out = Count {
            solutions: 0,
            first: None,
            stopped: false,
            depth_to_first: 0,
        };
        let mut g = g.clone();
        if propagate_singles(&mut g).is_ok() {
            plain(g, limit, 0, term, &mut out);
        }
        out
    }

    fn same(g: &CandidateGrid, limit: usize, nodes: Option<u64>, what: &str) -> Count {
        let budget = nodes.map_or_else(Budget::unlimited, Budget::nodes);
        let fast = count(g, limit, &mut budget.start());
        let slow = plain_count(g, limit, &mut budget.start());
        let agree = |a: &Count, b: &Count, who: &str| {
            assert_eq!(a.solutions, b.solutions, "{what} {who}");
            assert_eq!(a.stopped, b.stopped, "{what} {who}");
            assert_eq!(a.depth_to_first, b.depth_to_first, "{what} {who}");
            assert_eq!(a.first, b.first, "{what} {who}");
        };
        agree(&fast, &slow, "count against plain");
        // On plain 9×9 `count` takes the fixed-size search; the layout-generic one must
        // give the same there too.
        if let Some(root) = Compact::new(g) {
            let generic = generic(g, root, limit, &mut budget.start());
            agree(&generic, &slow, "generic against plain");
        }
        fast
    }

    /// The compact searches (the fixed-size one on plain 9×9, the layout-generic one on every
    /// grid) give what a clone of the candidate grid per node and [`propagate_singles`] give — count, first solution, depth to it, and where a node
    /// budget stops it — on hard and easy 9×9 puzzles, puzzles with many solutions, pencil
    /// marks thinned at random (sound or not, so contradictions of every kind show), grids
    /// whose marks disagree with their digits, and other layouts (X, anti-knight, anti-king, 6×6,
    /// 16×16).
    #[test]
    fn compact_search_matches_the_plain_one() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data");
        let read = |f: &str| std::fs::read_to_string(format!("{root}/{f}")).unwrap();
        let mut puzzles: Vec<Grid> = Vec::new();
        let top95 = read("logic/top95.txt");
        let easy = read("logic/17clue-300.txt");
        let big = read("examples/16x16.txt");
        for line in top95
            .lines()
            .take(40)
            .chain(easy.lines().take(40))
            .chain(big.lines())
        {
            if let Ok(p) = parse_one(line, InputFormat::Auto) {
                puzzles.push(p);
            }
        }
        let sixteen = puzzles.iter().filter(|p| p.layout().size() == 16).count();
        assert!(
            puzzles.len() >= 80 && sixteen == 1,
            "{} {sixteen}",
            puzzles.len()
        );
        // Other layouts: a top95 puzzle's givens thinned on X, anti-knight and anti-king grids
        // (many solutions or none), and an empty 6×6.
        let first = puzzles[0].values().to_vec();
        for extra in [Extra::Diagonals, Extra::AntiKnight, Extra::AntiKing] {
            let layout = Arc::new(Layout::standard(9).unwrap().with_extras(&[extra]));
            let vals = first
                .iter()
                .enumerate()
                .map(|(i, &v)| if i % 3 == 0 { v } else { 0 });
            puzzles.push(Grid::from_values(layout, vals.collect()));
        }
        puzzles.push(Grid::from_values(
            Arc::new(Layout::standard(6).unwrap()),
            vec![0; 36],
        ));
        let mut rng = crate::testrng::Lcg::new(20261125);
        let (mut solved, mut none, mut stopped, mut deep) = (0, 0, 0, 0);
        for (k, p) in puzzles.iter().enumerate() {
            let g = CandidateGrid::new(p);
            // Every grid here has marks that agree with its digits: the compact search runs.
            assert!(Compact::new(&g).is_some(), "puzzle {k}");
            for limit in [1, 2] {
                let c = same(
                    &g,
                    limit,
                    Some(200_000),
                    &format!("puzzle {k}, limit {limit}"),
                );
                solved += usize::from(c.solutions > 0);
                deep += usize::from(c.depth_to_first >= 2);
            }
            for nodes in [1, 2, 5, 17] {
                let c = same(&g, 2, Some(nodes), &format!("puzzle {k}, {nodes} nodes"));
                stopped += usize::from(c.stopped);
            }
            // Pencil marks thinned at random: each empty cell loses each candidate with
            // probability 1/6 (the solution's digit too, at times).
            for round in 0..3 {
                let mut t = g.clone();
                for c in g.empty_cells() {
                    for d in g.candidates(c).iter() {
                        if rng.below(6) == 0 {
                            t.eliminate(c, d);
                        }
                    }
                }
                let c = same(
                    &t,
                    2,
                    Some(200_000),
                    &format!("puzzle {k}, thinned {round}"),
                );
                none += usize::from(c.solutions == 0);
            }
        }
        assert!(
            solved > 150 && none > 20 && stopped > 40 && deep > 20,
            "{solved} {none} {stopped} {deep}"
        );
        // Marks that disagree with the digits (a placed digit's peer keeps it): the plain
        // search itself runs.
        let g = CandidateGrid::new(&puzzles[0]);
        let placed = g.cells().find(|&c| g.value(c).is_some()).unwrap();
        let d = g.value(placed).unwrap();
        let peer = g
            .peers(placed)
            .iter()
            .copied()
            .find(|&p| g.value(p).is_none())
            .unwrap();
        let mut marks: Vec<DigitSet> = g.cells().map(|c| g.candidates(c)).collect();
        marks[peer.index()].insert(d);
        let odd = CandidateGrid::with_candidates(
            puzzles[0].layout_arc().clone(),
            g.values().to_vec(),
            marks,
            g.cells().map(|c| g.is_given(c)).collect(),
        );
        assert!(Compact::new(&odd).is_none());
        same(&odd, 2, None, "marks that disagree");
    }
}
