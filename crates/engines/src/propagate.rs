//! Engine `propagate`: constraint propagation with per-house digit counters (the FIX-SQUARE
//! design of seed `001`), then depth-first search on the square with fewest candidates.
//!
//! Design decision: the state is a handful of flat arrays (candidate bitset per cell, value per
//! cell, counter `c(house, digit)` = unplaced cells of the house that still allow the digit,
//! and a placed-digit mask per house), so it works for every side up to 64 and every layout
//! the [`Layout`] can express, while copying a state on a guess is a few `memcpy`s into a
//! per-depth pool that is allocated once per solve. Placing a digit removes it from the peers
//! and updates the counters incrementally; a square left with one candidate (naked single) or
//! a counter that drops to one (hidden single) is queued and placed in turn; an empty square, or
//! a counter at zero for a digit not yet placed in its house, is a contradiction.
//!
//! With `subsets` on, the engine also applies the seed article's naked-subset rule once the
//! singles run dry: k unplaced cells of a house whose candidates together span exactly k
//! digits remove those digits from the rest of the house (k from 2 up to half the house).

use sudokit_core::{
    Cell, End, Flow, Grid, House, Layout, Limits, Search, SolveError, Solver, Stats, Termination,
};

/// The `propagate` engine. See the module docs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Propagate {
    subsets: bool,
}

impl Propagate {
    /// Singles only (naked and hidden), then guessing.
    pub fn new() -> Propagate {
        Propagate { subsets: false }
    }
    /// Also narrows with naked subsets (pairs, triples, …) before guessing.
    pub fn with_subsets(subsets: bool) -> Propagate {
        Propagate { subsets }
    }
}

#[derive(Clone, Debug, Default)]
struct State {
    cands: Vec<u64>,
    values: Vec<u8>,
    count: Vec<u8>,
    placed: Vec<u64>,
    unsolved: usize,
}

enum Task {
    Naked(u16),
    Hidden(u16, u8),
}

/// Geometry lookups straight from the layout's precomputed flat tables.
struct Geometry<'l> {
    layout: &'l Layout,
    n: usize,
    house_count: usize,
}

impl<'l> Geometry<'l> {
    fn new(layout: &'l Layout) -> Geometry<'l> {
        Geometry {
            layout,
            n: layout.size(),
            house_count: layout.house_count(),
        }
    }
    #[inline]
    fn houses_of(&self, c: usize) -> &'l [House] {
        self.layout.houses_of(Cell(c as u16))
    }
    #[inline]
    fn peers(&self, c: usize) -> &'l [Cell] {
        self.layout.peers(Cell(c as u16))
    }
    #[inline]
    fn house(&self, h: usize) -> &'l [Cell] {
        self.layout.house_cells(House(h as u16))
    }
}

struct Contradiction;

struct Run<'a, 'l, T: Termination> {
    g: Geometry<'l>,
    subsets: bool,
    pairs: bool,
    queue: Vec<Task>,
    pool: Vec<State>,
    stats: Stats,
    limiter: T,
    max: u64,
    found: u64,
    on_solution: &'a mut dyn FnMut(&[u8]) -> Flow,
    stop: Option<End>,
}

impl<T: Termination> Run<'_, '_, T> {
    /// Places digit index `d` in cell `c` and propagates the consequences to the counters.
    fn assign(&mut self, s: &mut State, c: usize, d: usize) -> Result<(), Contradiction> {
        let bit = 1u64 << d;
        if s.values[c] != 0 {
            return if s.values[c] as usize == d + 1 {
                Ok(())
            } else {
                Err(Contradiction)
            };
        }
        if s.cands[c] & bit == 0 {
            return Err(Contradiction);
        }
        let n = self.g.n;
        let others = s.cands[c] & !bit;
        // A placed square keeps no candidates, so the peer loop below skips it with one test.
        s.cands[c] = 0;
        s.values[c] = d as u8 + 1;
        s.unsolved -= 1;
        for &h in self.g.houses_of(c) {
            let h = h.index();
            if s.placed[h] & bit != 0 {
                return Err(Contradiction);
            }
            s.placed[h] |= bit;
            // The square's other candidates are gone: one fewer place for each in each house.
            let mut rest = others;
            while rest != 0 {
                let e = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let k = &mut s.count[h * n + e];
                *k -= 1;
                if *k <= 1 && s.placed[h] & (1u64 << e) == 0 {
                    if *k == 0 {
                        return Err(Contradiction);
                    }
                    self.queue.push(Task::Hidden(h as u16, e as u8));
                }
            }
        }
        if self.pairs {
            // Pair constraints (anti-knight/king) share no house, so the placed-digit masks
            // cannot catch a peer that already holds `d`.
            for &p in self.g.peers(c) {
                if s.values[p.index()] as usize == d + 1 {
                    return Err(Contradiction);
                }
            }
        }
        for &p in self.g.peers(c) {
            self.eliminate(s, p.index(), d)?;
        }
        Ok(())
    }

    /// Removes candidate `d` from cell `c` (a no-op when it is not there, as for placed cells),
    /// queueing a naked single or hidden singles that this creates.
    #[inline]
    fn eliminate(&mut self, s: &mut State, c: usize, d: usize) -> Result<(), Contradiction> {
        let bit = 1u64 << d;
        if s.cands[c] & bit == 0 {
            return Ok(());
        }
        s.cands[c] &= !bit;
        let left = s.cands[c];
        if left == 0 {
            return Err(Contradiction);
        }
        if left & (left - 1) == 0 {
            self.queue.push(Task::Naked(c as u16));
        }
        let n = self.g.n;
        for &h in self.g.houses_of(c) {
            let h = h.index();
            if s.placed[h] & bit != 0 {
                continue;
            }
            let k = &mut s.count[h * n + d];
            *k -= 1;
            if *k <= 1 {
                if *k == 0 {
                    return Err(Contradiction);
                }
                self.queue.push(Task::Hidden(h as u16, d as u8));
            }
        }
        Ok(())
    }

    /// Runs queued singles to a fixpoint.
    fn drain(&mut self, s: &mut State) -> Result<(), Contradiction> {
        while let Some(task) = self.queue.pop() {
            match task {
                Task::Naked(c) => {
                    let c = c as usize;
                    if s.values[c] == 0 {
                        let d = s.cands[c].trailing_zeros() as usize;
                        self.assign(s, c, d)?;
                    }
                }
                Task::Hidden(h, d) => {
                    let (h, d) = (h as usize, d as usize);
                    let bit = 1u64 << d;
                    if s.placed[h] & bit != 0 {
                        continue;
                    }
                    let mut target = None;
                    for &c in self.g.house(h) {
                        let c = c.index();
                        if s.cands[c] & bit != 0 {
                            target = Some(c);
                            break;
                        }
                    }
                    match target {
                        Some(c) => self.assign(s, c, d)?,
                        None => return Err(Contradiction),
                    }
                }
            }
        }
        Ok(())
    }

    /// Singles, then (optionally) naked subsets, until nothing changes.
    fn propagate(&mut self, s: &mut State) -> Result<(), Contradiction> {
        let r = self.drain(s);
        if r.is_err() {
            self.queue.clear();
            return r;
        }
        if self.subsets {
            while s.unsolved > 0 && self.naked_subsets(s)? {
                let r = self.drain(s);
                if r.is_err() {
                    self.queue.clear();
                    return r;
                }
            }
        }
        Ok(())
    }

    /// One sweep of the naked-subset rule over every house; `Ok(true)` if it eliminated.
    fn naked_subsets(&mut self, s: &mut State) -> Result<bool, Contradiction> {
        let n = self.g.n;
        let mut changed = false;
        let mut open: Vec<usize> = Vec::with_capacity(n);
        for h in 0..self.g.house_count {
            open.clear();
            open.extend(
                self.g
                    .house(h)
                    .iter()
                    .map(|&c| c.index())
                    .filter(|&c| s.values[c] == 0),
            );
            let m = open.len();
            if m < 3 {
                continue;
            }
            let max_k = (m / 2).min(4);
            for k in 2..=max_k {
                // Enumerate k-subsets of the open cells whose union has exactly k digits.
                let mut idx: Vec<usize> = (0..k).collect();
                loop {
                    let mut union = 0u64;
                    for &i in &idx {
                        union |= s.cands[open[i]];
                    }
                    if union.count_ones() as usize == k {
                        let members: Vec<usize> = idx.iter().map(|&i| open[i]).collect();
                        for &c in &open {
                            if members.contains(&c) || s.values[c] != 0 {
                                continue;
                            }
                            let hit = s.cands[c] & union;
                            if hit != 0 {
                                let mut bits = hit;
                                while bits != 0 {
                                    let d = bits.trailing_zeros() as usize;
                                    bits &= bits - 1;
                                    self.eliminate(s, c, d)?;
                                }
                                changed = true;
                            }
                        }
                        if changed {
                            return Ok(true);
                        }
                    } else if (union.count_ones() as usize) < k {
                        return Err(Contradiction);
                    }
                    if !next_combination(&mut idx, m) {
                        break;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Depth-first search from the state at `pool[depth]`, already propagated.
    fn search(&mut self, depth: usize) {
        self.stats.nodes += 1;
        if self.limiter.should_stop() {
            self.stop = Some(End::Budget);
            return;
        }
        if self.pool[depth].unsolved == 0 {
            self.found += 1;
            let flow = (self.on_solution)(&self.pool[depth].values);
            if flow == Flow::Stop || self.found >= self.max {
                self.stop = Some(End::SolutionLimit);
            }
            return;
        }
        // The unplaced square with the fewest candidates.
        let (mut best, mut best_n) = (usize::MAX, u32::MAX);
        {
            let s = &self.pool[depth];
            for (c, &m) in s.cands.iter().enumerate() {
                if m != 0 {
                    let k = m.count_ones();
                    if k < best_n {
                        best = c;
                        best_n = k;
                        if k == 2 {
                            break;
                        }
                    }
                }
            }
        }
        if depth + 1 >= self.pool.len() {
            let s = self.pool[depth].clone();
            self.pool.push(s);
        }
        let mut choices = self.pool[depth].cands[best];
        while choices != 0 {
            let d = choices.trailing_zeros() as usize;
            choices &= choices - 1;
            self.stats.guesses += 1;
            let mut child = std::mem::take(&mut self.pool[depth + 1]);
            child.clone_from(&self.pool[depth]);
            let ok = self
                .assign(&mut child, best, d)
                .and_then(|_| self.propagate(&mut child));
            self.queue.clear();
            self.pool[depth + 1] = child;
            match ok {
                Ok(()) => {
                    self.search(depth + 1);
                    if self.stop.is_some() {
                        return;
                    }
                }
                Err(Contradiction) => self.stats.backtracks += 1,
            }
        }
    }
}

thread_local! {
    /// Per-thread state pool and task queue, kept between solves.
    static BUFFERS: std::cell::RefCell<(Vec<State>, Vec<Task>)> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// Advances `idx` to the next k-combination of `0..m` in lexicographic order.
fn next_combination(idx: &mut [usize], m: usize) -> bool {
    let k = idx.len();
    let mut i = k;
    while i > 0 {
        i -= 1;
        if idx[i] < m - k + i {
            idx[i] += 1;
            for j in i + 1..k {
                idx[j] = idx[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

impl Solver for Propagate {
    fn name(&self) -> &'static str {
        "propagate"
    }

    fn search(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        on_solution: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Result<Search, SolveError> {
        if limits.max_solutions == 0 {
            return Ok(Search {
                end: End::SolutionLimit,
                solutions: 0,
                stats: Stats::default(),
            });
        }
        let layout = puzzle.layout();
        let n = layout.size();
        let cells = layout.cell_count();
        let g = Geometry::new(layout);
        let full = sudokit_core::DigitSet::full(n).0;
        // Reuse this thread's buffers from earlier solves: no allocation in the steady state.
        let (mut pool, queue) = BUFFERS.with(|b| std::mem::take(&mut *b.borrow_mut()));
        if pool.is_empty() {
            pool.push(State::default());
        }
        let mut root = std::mem::take(&mut pool[0]);
        root.cands.clear();
        root.cands.resize(cells, full);
        root.values.clear();
        root.values.resize(cells, 0);
        root.count.clear();
        root.count.resize(g.house_count * n, n as u8);
        root.placed.clear();
        root.placed.resize(g.house_count, 0);
        root.unsolved = cells;
        let mut run = Run {
            g,
            subsets: self.subsets,
            pairs: layout.has_pair_constraints(),
            queue,
            pool,
            stats: Stats::default(),
            limiter: limits.budget.start(),
            max: limits.max_solutions.max(1),
            found: 0,
            on_solution,
            stop: None,
        };
        // FIX-SQUARE for every given, then singles to a fixpoint (the seed's "level 1").
        let mut ok = Ok(());
        for (c, &v) in puzzle.values().iter().enumerate() {
            if v != 0 {
                ok = run.assign(&mut root, c, v as usize - 1);
                if ok.is_err() {
                    break;
                }
            }
        }
        let ok = ok.and_then(|_| run.propagate(&mut root));
        run.queue.clear();
        run.pool[0] = root;
        let end = if ok.is_err() {
            run.stats.nodes = 1;
            End::Exhausted
        } else {
            run.search(0);
            run.stop.unwrap_or(End::Exhausted)
        };
        let result = Search {
            end,
            solutions: run.found,
            stats: std::mem::take(&mut run.stats),
        };
        let buffers = (
            std::mem::take(&mut run.pool),
            std::mem::take(&mut run.queue),
        );
        BUFFERS.with(|b| *b.borrow_mut() = buffers);
        Ok(result)
    }
}
