//! Engine `propagate`: constraint propagation with per-house digit counters (the FIX-SQUARE
//! design of seed `001`), then depth-first search on the square with fewest candidates.
//!
//! Design decision: the state is a handful of flat arrays (candidate bitset per cell, value per
//! cell, counter `c(house, digit)` = unplaced cells of the house that still allow the digit,
//! parked at a sentinel far above any real count once the digit is placed in the house, so the
//! hot elimination path needs no separate placed-digit test), so it works for every side up to
//! 64 and every layout the [`Layout`] can express, while copying a state on a guess is a few
//! `memcpy`s into a per-depth pool kept per thread between solves. Placing a digit removes it
//! from the peers and updates the counters incrementally; a square left with one candidate
//! (naked single) or a counter that drops to one (hidden single) is queued and placed in turn;
//! an empty square, or a counter at zero for a digit not yet placed in its house, is a
//! contradiction.
//!
//! The layout's geometry (houses and peers of each cell, cells of each house) is copied once
//! into fixed-stride `u16` tables cached per thread and keyed by the layout's `Arc`; when every
//! cell has 3 houses and 20 peers (plain 9×9) the hot loops run with those strides as
//! compile-time constants, and every other layout takes the same code with run-time strides.
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
    unsolved: usize,
}

/// Counter value for a digit already placed in the house (real counts never exceed 64, and at
/// most 63 eliminations can follow, so it stays above [`MAX_COUNT`]).
const PLACED: u8 = 255;
/// The largest real counter value.
const MAX_COUNT: u8 = 64;

enum Task {
    Naked(u16),
    Hidden(u16, u8),
}

/// Per-layout flat tables with fixed strides, built once per layout and cached per thread.
///
/// A house is named by its counter base `h * n`, which is also where its cells start in
/// `house_cells` (every house has exactly `n` cells), so a hidden-single task needs no
/// multiplication and the hot loops index `u16` tables directly.
struct Geometry {
    /// The layout these tables describe; holding the `Arc` pins its address for the cache key.
    layout: std::sync::Arc<Layout>,
    n: usize,
    house_count: usize,
    /// Houses per cell, stride `hs`, as counter bases; `hlen[c]` of them are used.
    house_base: Vec<u16>,
    hlen: Vec<u8>,
    hs: usize,
    /// Peers per cell, stride `ps`; `plen[c]` of them are used.
    peers: Vec<u16>,
    plen: Vec<u16>,
    ps: usize,
    /// The cells of each house, stride `n`.
    house_cells: Vec<u16>,
    /// Each cell's peers as a mask, when the grid has at most 128 cells (for the tie-break of
    /// the branching choice).
    peer_masks: Option<Vec<u128>>,
    /// Every cell has exactly 3 houses and 20 peers (plain 9×9 and any layout shaped
    /// alike): the hot loops then run with those strides fixed at compile time.
    classic: bool,
}

impl Geometry {
    fn new(layout: &std::sync::Arc<Layout>) -> Geometry {
        let n = layout.size();
        let cells = layout.cell_count();
        let house_count = layout.house_count();
        let per_cell = |c: usize| Cell(c as u16);
        let hs = (0..cells)
            .map(|c| layout.houses_of(per_cell(c)).len())
            .max()
            .unwrap_or(0);
        let ps = (0..cells)
            .map(|c| layout.peers(per_cell(c)).len())
            .max()
            .unwrap_or(0);
        let mut house_base = vec![0u16; cells * hs];
        let mut hlen = vec![0u8; cells];
        let mut peers = vec![0u16; cells * ps];
        let mut plen = vec![0u16; cells];
        for c in 0..cells {
            let hs_of = layout.houses_of(per_cell(c));
            hlen[c] = hs_of.len() as u8;
            for (slot, h) in house_base[c * hs..].iter_mut().zip(hs_of) {
                *slot = (h.index() * n) as u16;
            }
            let ps_of = layout.peers(per_cell(c));
            plen[c] = ps_of.len() as u16;
            for (slot, p) in peers[c * ps..].iter_mut().zip(ps_of) {
                *slot = p.0;
            }
        }
        let mut house_cells = Vec::with_capacity(house_count * n);
        for h in 0..house_count {
            let hc = layout.house_cells(House(h as u16));
            debug_assert_eq!(hc.len(), n);
            house_cells.extend(hc.iter().map(|c| c.0));
        }
        let classic =
            hs == 3 && ps == 20 && hlen.iter().all(|&k| k == 3) && plen.iter().all(|&k| k == 20);
        let peer_masks = (cells <= 128).then(|| {
            (0..cells)
                .map(|c| {
                    peers[c * ps..c * ps + plen[c] as usize]
                        .iter()
                        .fold(0u128, |m, &p| m | 1u128 << p)
                })
                .collect()
        });
        Geometry {
            peer_masks,
            classic,
            layout: layout.clone(),
            n,
            house_count,
            house_base,
            hlen,
            hs,
            peers,
            plen,
            ps,
            house_cells,
        }
    }
    /// The counter bases of the houses of cell `c`, with the stride fixed at compile time
    /// when `HS` is non-zero (every cell then has exactly `HS` houses).
    #[inline(always)]
    fn houses_fixed<const HS: usize>(&self, c: usize) -> &[u16] {
        if HS != 0 {
            let start = c * HS;
            &self.house_base[start..start + HS]
        } else {
            self.houses_of(c)
        }
    }
    /// The peers of cell `c`, with the stride fixed at compile time when `PS` is non-zero.
    #[inline(always)]
    fn peers_fixed<const PS: usize>(&self, c: usize) -> &[u16] {
        if PS != 0 {
            let start = c * PS;
            &self.peers[start..start + PS]
        } else {
            self.peers(c)
        }
    }
    /// The counter bases of the houses of cell `c`.
    #[inline(always)]
    fn houses_of(&self, c: usize) -> &[u16] {
        let start = c * self.hs;
        &self.house_base[start..start + self.hlen[c] as usize]
    }
    #[inline(always)]
    fn peers(&self, c: usize) -> &[u16] {
        let start = c * self.ps;
        &self.peers[start..start + self.plen[c] as usize]
    }
    /// The cells of the house whose counter base is `base`.
    #[inline(always)]
    fn house(&self, base: usize) -> &[u16] {
        &self.house_cells[base..base + self.n]
    }
}

struct Contradiction;

struct Run<'a, T: Termination> {
    g: std::rc::Rc<Geometry>,
    subsets: bool,
    queue: Vec<Task>,
    pool: Vec<State>,
    stats: Stats,
    limiter: T,
    max: u64,
    found: u64,
    on_solution: &'a mut dyn FnMut(&[u8]) -> Flow,
    stop: Option<End>,
}

impl<T: Termination> Run<'_, T> {
    /// Places digit index `d` in cell `c` and propagates the consequences to the counters.
    #[inline]
    fn assign(&mut self, s: &mut State, c: usize, d: usize) -> Result<(), Contradiction> {
        if self.g.classic {
            assign::<3, 20>(&self.g, s, &mut self.queue, c, d)
        } else {
            assign::<0, 0>(&self.g, s, &mut self.queue, c, d)
        }
    }

    /// Removes candidate `d` from cell `c` (a no-op when it is not there, as for placed cells),
    /// queueing a naked single or hidden singles that this creates.
    #[inline]
    fn eliminate(&mut self, s: &mut State, c: usize, d: usize) -> Result<(), Contradiction> {
        if s.cands[c] & (1u64 << d) == 0 {
            return Ok(());
        }
        eliminate_present::<0>(&self.g, &mut s.cands, &mut s.count, &mut self.queue, c, d)
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
                    if s.count[h + d] > MAX_COUNT {
                        continue;
                    }
                    let mut target = None;
                    for &c in self.g.house(h) {
                        let c = c as usize;
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
            let g = std::rc::Rc::clone(&self.g);
            open.extend(
                g.house(h * n)
                    .iter()
                    .map(|&c| c as usize)
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

    /// Depth-first search from the state at `pool[depth]`, already propagated. The caller
    /// counted this state as a node (the root, or the branch that led here).
    fn search(&mut self, depth: usize) {
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
        let (best, best_n) = choose(&self.g, &self.pool[depth]);
        if depth + 1 >= self.pool.len() {
            let s = self.pool[depth].clone();
            self.pool.push(s);
        }
        let mut choices = self.pool[depth].cands[best];
        while choices != 0 {
            let d = choices.trailing_zeros() as usize;
            choices &= choices - 1;
            // Every branch is a node; a branch at a square with two or more candidates is a
            // guess (a square left with one is a forced move).
            self.stats.nodes += 1;
            self.stats.guesses += u64::from(best_n >= 2);
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

/// The square to branch on: an unplaced one with the fewest candidates. On grids shaped like
/// the classic 9×9 (3 houses and 20 peers per cell) the tie goes to the square with the most
/// unplaced peers (its branches propagate furthest: on the hardest 9×9 set a third fewer
/// guesses and 27% faster than the first such square), counted with one mask and a popcount;
/// on other grids to the first one, since the peer score made the heavy tails of half-empty
/// 16×16 and 25×25 puzzles worse (7 of 20 random 25×25 puzzles past a 5 s budget instead of
/// 4). Returns the square and its candidate count.
#[inline]
fn choose(g: &Geometry, s: &State) -> (usize, u32) {
    let (mut best, mut best_n, mut best_score) = (usize::MAX, u32::MAX, 0u32);
    let masks = match &g.peer_masks {
        Some(m) if g.classic => m,
        _ => {
            for (c, &m) in s.cands.iter().enumerate() {
                let k = m.count_ones();
                if m != 0 && k < best_n {
                    (best, best_n) = (c, k);
                    if k == 2 {
                        break;
                    }
                }
            }
            return (best, best_n);
        }
    };
    // A placed square keeps no candidates.
    let mut open = 0u128;
    for (c, &m) in s.cands.iter().enumerate() {
        open |= u128::from(m != 0) << c;
    }
    for (c, &m) in s.cands.iter().enumerate() {
        let k = m.count_ones();
        if m == 0 || k > best_n {
            continue;
        }
        let score = (masks[c] & open).count_ones();
        if k < best_n || score > best_score {
            (best, best_n, best_score) = (c, k, score);
        }
    }
    (best, best_n)
}

/// Places digit index `d` in cell `c` and propagates the consequences to the counters.
///
/// A free function over plain slices so the hot loop keeps its pointers in registers.
#[inline(always)]
fn assign<const HS: usize, const PS: usize>(
    g: &Geometry,
    s: &mut State,
    queue: &mut Vec<Task>,
    c: usize,
    d: usize,
) -> Result<(), Contradiction> {
    let bit = 1u64 << d;
    let cur = s.values[c];
    if cur != 0 {
        return if cur as usize == d + 1 {
            Ok(())
        } else {
            Err(Contradiction)
        };
    }
    let cands = &mut s.cands[..];
    let count = &mut s.count[..];
    let here = cands[c];
    // Every earlier placement removed its digit from all its peers (house mates and pair
    // peers alike), so a missing candidate is the only way `d` can clash here.
    if here & bit == 0 {
        return Err(Contradiction);
    }
    let n = g.n;
    let others = here & !bit;
    // A placed square keeps no candidates, so the peer loop below skips it with one test.
    cands[c] = 0;
    s.values[c] = d as u8 + 1;
    s.unsolved -= 1;
    for &h in g.houses_fixed::<HS>(c) {
        let base = h as usize;
        let row = &mut count[base..base + n];
        // The digit is now placed in this house: park its counter far above any real count
        // so later eliminations never report it as a single or a contradiction.
        row[d] = PLACED;
        // The square's other candidates are gone: one fewer place for each in each house.
        let mut rest = others;
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let k = &mut row[e];
            *k -= 1;
            if *k <= 1 {
                if *k == 0 {
                    return Err(Contradiction);
                }
                queue.push(Task::Hidden(h, e as u8));
            }
        }
    }
    let peers = g.peers_fixed::<PS>(c);
    if peers.len() <= 64 {
        // Which peers still allow the digit, as a mask gathered without a branch, then
        // walked bit by bit: a test-and-branch per peer mispredicts often, the walk once.
        // Eliminating from one peer changes no other peer's candidates, so the mask stays
        // true while it is walked, in the peers' order as before.
        let mut hits = 0u64;
        for (i, &p) in peers.iter().enumerate() {
            hits |= u64::from(cands[p as usize] & bit != 0) << i;
        }
        while hits != 0 {
            let i = hits.trailing_zeros() as usize;
            hits &= hits - 1;
            eliminate_present::<HS>(g, cands, count, queue, peers[i] as usize, d)?;
        }
        return Ok(());
    }
    for &p in peers {
        let p = p as usize;
        if cands[p] & bit != 0 {
            eliminate_present::<HS>(g, cands, count, queue, p, d)?;
        }
    }
    Ok(())
}

/// Removes candidate `d`, known to be present, from cell `c`, updating the counters of its
/// houses and queueing the naked or hidden singles this creates.
#[inline(always)]
fn eliminate_present<const HS: usize>(
    g: &Geometry,
    cands: &mut [u64],
    count: &mut [u8],
    queue: &mut Vec<Task>,
    c: usize,
    d: usize,
) -> Result<(), Contradiction> {
    let left = cands[c] & !(1u64 << d);
    cands[c] = left;
    if left == 0 {
        return Err(Contradiction);
    }
    if left & (left - 1) == 0 {
        queue.push(Task::Naked(c as u16));
    }
    for &h in g.houses_fixed::<HS>(c) {
        let k = &mut count[h as usize + d];
        *k -= 1;
        if *k <= 1 {
            if *k == 0 {
                return Err(Contradiction);
            }
            queue.push(Task::Hidden(h, d as u8));
        }
    }
    Ok(())
}

thread_local! {
    /// Per-thread state pool and task queue, kept between solves.
    static BUFFERS: std::cell::RefCell<(Vec<State>, Vec<Task>)> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

thread_local! {
    /// The flat tables of the layout this thread solved last (keyed by the layout's `Arc`).
    static GEOMETRY: std::cell::RefCell<Option<std::rc::Rc<Geometry>>> =
        const { std::cell::RefCell::new(None) };
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
        // Called directly by the portfolio and the generator: never ignore a rule.
        self.admit(puzzle.layout())?;
        Search::if_requested(limits, || {
            let layout = puzzle.layout();
            let n = layout.size();
            let cells = layout.cell_count();
            let g = GEOMETRY.with(|cache| {
                let mut cache = cache.borrow_mut();
                match &*cache {
                    Some(g) if std::sync::Arc::ptr_eq(&g.layout, puzzle.layout_arc()) => {
                        std::rc::Rc::clone(g)
                    }
                    _ => {
                        let g = std::rc::Rc::new(Geometry::new(puzzle.layout_arc()));
                        *cache = Some(std::rc::Rc::clone(&g));
                        g
                    }
                }
            });
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
            root.unsolved = cells;
            let mut run = Run {
                g,
                subsets: self.subsets,
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
            run.stats.nodes = 1;
            let end = if ok.is_err() {
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
        })
    }
}
