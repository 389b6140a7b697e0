//! `backtrack`: the worksheet's recursive brute force (seed 000, `SudokuRec`), cell by cell in
//! reading order, digits in ascending order, each placement checked against every house of the
//! cell (row, column, box or jigsaw region, diagonals) and every pair peer (anti-knight,
//! anti-king). No propagation, no cell ordering: this is the baseline the other engines beat.
//!
//! Design decision: the recursion is unrolled into an explicit, resumable machine
//! (`CellOrder`): the empty cells are numbered in reading order and the state is "depth `k`,
//! last digit tried at each depth". That keeps the 641-million-step runs free of call overhead,
//! makes a 64×64 grid (4096 levels) safe on any thread stack, and lets the `orient` option run
//! the four rotations side by side in slices (see [`Backtrack`]).
//!
//! # Iterations
//! The seed article defines an iteration as "one attempt to place one value in one cell". The
//! engine counts two kinds of attempt and reports their sum as `iterations` (and as
//! `Stats.nodes`):
//! * `attempts`: every digit tried in an empty cell, whether the check accepts it or not
//!   (entering a cell and trying `1, 2, …` until one fits counts each digit tried; a cell whose
//!   digits run out has cost every digit above the one it held);
//! * `given_visits`: every time the search steps forward onto a given cell, where the only
//!   value it can "place" is the given one.
//!
//! `extra` carries both parts and `placements` (attempts the check accepted). On the article's
//! near-worst-case puzzle (the last record of `data/seed_cases.txt`) the first solution takes
//! 622,577,597 attempts in empty cells plus 19,003,246 forward steps onto givens, exactly the
//! **641,580,843** iterations the article quotes; so the article's program charged one
//! iteration for passing a given cell, as any brute force that walks all 81 cells does, and
//! this engine reproduces its figure to the unit. (The worksheet skips givens, so counting
//! only digits tried in empty cells, 3.0% fewer, would also be a fair reading of the words;
//! that figure is `attempts`.) The budget is polled once per attempt in an empty cell, so a
//! node budget counts `attempts`.
//!
//! # Orientation
//! With `orient`, the engine looks at the puzzle from the four quarter turns (see
//! [`crate::rotate`]; every layout is closed under them, so the option is sound everywhere,
//! jigsaw and extras included) and solves the one that promises the least work, then maps the
//! solutions back. The promise is [`orientation_cost`], a cheap static estimate from the givens
//! of the first rows. It is right often enough to matter but not always, so the engine hedges
//! it: the rotations run as a portfolio, the one ranked `r` getting `slice / 4^r` iterations
//! per round (slices double every round), each resuming where it stopped. The first rotation
//! to reach a solution, or to exhaust its tree (then no orientation has a solution), wins and
//! goes on alone; only the winner's solutions are streamed. The overhead over the top-ranked
//! rotation is at most a third, and a wrong ranking costs a bounded factor instead of minutes.
//! Counters (`iterations`, `Stats.nodes`, ...) include the work of every rotation that ran;
//! `extra` adds `rotation` (quarter turns of the winner) and `winner_iterations`.
//!
//! On the near-worst-case puzzle the four rotations need 641,580,843, 336,958,540, 4,827,208
//! and 15,200,801 iterations; the estimate ranks the third first, and `orient` finishes after
//! 6,228,638 iterations in all (about 100× less work). On `top95` the estimate picks the
//! cheapest rotation for 48 of 95 puzzles (a blind pick would get about 24); to the first
//! solution, plain order needs 3.6·10⁹ iterations for the set (two puzzles still unsolved
//! after 10⁹ attempts each) and `orient` 7.4·10⁸ (all solved). `examples/backtrack_bench.rs`
//! reproduces these figures.

use crate::rotate::{Rotation, rotate_grid};
use sudokit_core::solver::Termination;
use sudokit_core::{Cell, End, Flow, Grid, Layout, Limits, Search, SolveError, Solver, Stats};

/// The worksheet's brute-force backtracking. See the module docs.
#[derive(Clone, Debug, Default)]
pub struct Backtrack {
    orient: bool,
}

impl Backtrack {
    /// The engine; `orient` solves the most promising of the four rotations (see module docs).
    pub fn new(orient: bool) -> Backtrack {
        Backtrack { orient }
    }
    /// Whether the orientation trick is on.
    pub fn orient(&self) -> bool {
        self.orient
    }
}

/// How a run of the machine stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// The grid is complete; `values` holds a solution.
    Solution,
    /// Every branch has been tried.
    Exhausted,
    /// The budget said stop.
    Stopped,
    /// The slice of iterations given to this run is used up; call again to go on.
    Paused,
}

/// The unrolled recursion for one puzzle. See the module docs.
#[derive(Clone, Debug)]
pub(crate) struct CellOrder {
    n: usize,
    /// Empty cells in reading order.
    empties: Vec<u16>,
    /// Houses of each cell: `houses[house_start[c]..house_start[c + 1]]`.
    house_start: Vec<u32>,
    houses: Vec<u16>,
    /// Pair peers of each cell that share no house with it (anti-knight, anti-king).
    pair_start: Vec<u32>,
    pairs: Vec<u16>,
    /// Digits used in each house, as bit sets.
    used: Vec<u64>,
    /// The grid being filled.
    values: Vec<u8>,
    /// Digits ruled out at each depth by the givens and the cells before it.
    forbidden: Vec<u64>,
    /// Last digit tried at each depth (0: none yet).
    tried: Vec<u8>,
    /// Givens passed over after the empty cell at each depth (before the next empty cell).
    gap: Vec<u64>,
    depth: usize,
    started: bool,
    /// Report the last solution again on the next run (portfolio hand-over).
    replay: bool,
    done: bool,
    /// Counters.
    attempts: u64,
    placements: u64,
    given_visits: u64,
    guesses: u64,
    backtracks: u64,
}

impl CellOrder {
    /// Prepares the search of `puzzle` (whose givens must not conflict).
    pub(crate) fn new(puzzle: &Grid) -> CellOrder {
        let layout = puzzle.layout();
        let n = layout.size();
        let values = puzzle.values().to_vec();
        let mut house_start = vec![0u32];
        let mut houses = Vec::new();
        let mut pair_start = vec![0u32];
        let mut pairs = Vec::new();
        for i in 0..n * n {
            let cell = Cell(i as u16);
            let hs = layout.houses_of(cell);
            houses.extend(hs.iter().map(|h| h.0));
            house_start.push(houses.len() as u32);
            if layout.has_pair_constraints() {
                for &p in layout.peers(cell) {
                    if !shares_house(layout, cell, p) {
                        pairs.push(p.0);
                    }
                }
            }
            pair_start.push(pairs.len() as u32);
        }
        let mut used = vec![0u64; layout.house_count()];
        for (i, &v) in values.iter().enumerate() {
            if v != 0 {
                for &h in &houses[house_start[i] as usize..house_start[i + 1] as usize] {
                    used[h as usize] |= 1u64 << (v - 1);
                }
            }
        }
        let empties: Vec<u16> = (0..n * n)
            .filter(|&i| values[i] == 0)
            .map(|i| i as u16)
            .collect();
        let gap = (0..empties.len())
            .map(|k| {
                let end = empties.get(k + 1).map_or(n * n, |&c| c as usize);
                (end - empties[k] as usize - 1) as u64
            })
            .collect();
        let lead = empties.first().map_or(n * n, |&c| c as usize) as u64;
        let e = empties.len();
        CellOrder {
            n,
            empties,
            house_start,
            houses,
            pair_start,
            pairs,
            used,
            values,
            forbidden: vec![0; e],
            tried: vec![0; e],
            gap,
            depth: 0,
            started: false,
            replay: false,
            done: false,
            attempts: 0,
            placements: 0,
            given_visits: lead,
            guesses: 0,
            backtracks: 0,
        }
    }

    /// The current grid (a solution right after [`Step::Solution`]).
    pub(crate) fn values(&self) -> &[u8] {
        &self.values
    }

    /// Iterations so far, as the article counts them (attempts plus steps onto givens).
    pub(crate) fn iterations(&self) -> u64 {
        self.attempts + self.given_visits
    }

    fn mask_at(&self, cell: usize) -> u64 {
        let mut m = 0;
        for &h in &self.houses[self.house_start[cell] as usize..self.house_start[cell + 1] as usize]
        {
            m |= self.used[h as usize];
        }
        for &p in &self.pairs[self.pair_start[cell] as usize..self.pair_start[cell + 1] as usize] {
            let v = self.values[p as usize];
            if v != 0 {
                m |= 1u64 << (v - 1);
            }
        }
        m
    }

    fn set(&mut self, cell: usize, d: u8) {
        self.values[cell] = d;
        let bit = 1u64 << (d - 1);
        for &h in &self.houses[self.house_start[cell] as usize..self.house_start[cell + 1] as usize]
        {
            self.used[h as usize] |= bit;
        }
    }

    fn clear(&mut self, cell: usize) {
        let d = self.values[cell];
        self.values[cell] = 0;
        let bit = !(1u64 << (d - 1));
        for &h in &self.houses[self.house_start[cell] as usize..self.house_start[cell + 1] as usize]
        {
            self.used[h as usize] &= bit;
        }
    }

    /// Undoes the deepest placement so the search goes on past a solution. Returns `false`
    /// when there is nothing to undo (no empty cell at all): the search is then over.
    fn step_back(&mut self) -> bool {
        if self.depth == 0 {
            return false;
        }
        self.depth -= 1;
        let cell = self.empties[self.depth] as usize;
        self.clear(cell);
        true
    }

    /// Runs until a solution, exhaustion, the budget, or `slice` more iterations.
    fn run(&mut self, limiter: &mut dyn Termination, slice: u64) -> Step {
        if self.replay {
            self.replay = false;
            return Step::Solution;
        }
        if self.done {
            return Step::Exhausted;
        }
        let e = self.empties.len();
        if !self.started {
            self.started = true;
            if e == 0 {
                self.done = true;
                return Step::Solution;
            }
            self.forbidden[0] = self.mask_at(self.empties[0] as usize);
        } else if self.depth == e {
            // Resuming after a solution: undo the last cell and try its next digit.
            if !self.step_back() {
                self.done = true;
                return Step::Exhausted;
            }
        }
        let n = self.n as u8;
        let full = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
        let budget_end = self.attempts.saturating_add(slice);
        'outer: loop {
            let k = self.depth;
            let cell = self.empties[k] as usize;
            let forb = self.forbidden[k];
            let mut d = self.tried[k];
            while d < n {
                if self.attempts >= budget_end {
                    self.tried[k] = d;
                    return Step::Paused;
                }
                if limiter.should_stop() {
                    self.tried[k] = d;
                    return Step::Stopped;
                }
                d += 1;
                self.attempts += 1;
                if forb >> (d - 1) & 1 == 0 {
                    self.tried[k] = d;
                    self.set(cell, d);
                    self.placements += 1;
                    self.given_visits += self.gap[k];
                    // A placement in a cell that allowed two or more digits is a guess.
                    if u32::from(n) - (forb & full).count_ones() >= 2 {
                        self.guesses += 1;
                    }
                    self.depth = k + 1;
                    if k + 1 == e {
                        return Step::Solution;
                    }
                    let next = self.empties[k + 1] as usize;
                    self.forbidden[k + 1] = self.mask_at(next);
                    self.tried[k + 1] = 0;
                    continue 'outer;
                }
            }
            // Every digit failed here: go back one cell.
            self.tried[k] = 0;
            self.backtracks += 1;
            if !self.step_back() {
                self.done = true;
                return Step::Exhausted;
            }
        }
    }

    fn stats(&self) -> Stats {
        let mut stats = Stats {
            nodes: self.iterations(),
            guesses: self.guesses,
            backtracks: self.backtracks,
            ..Stats::default()
        };
        stats.extra.insert("iterations", self.iterations() as f64);
        stats.extra.insert("attempts", self.attempts as f64);
        stats.extra.insert("placements", self.placements as f64);
        stats.extra.insert("given_visits", self.given_visits as f64);
        stats
    }
}

fn shares_house(layout: &Layout, a: Cell, b: Cell) -> bool {
    let hb = layout.houses_of(b);
    layout.houses_of(a).iter().any(|h| hb.contains(h))
}

/// The estimated cost of brute-forcing `puzzle` in reading order: the logarithm of the size of
/// the search tree over the first rows, counted with the givens only.
///
/// Cell-order brute force spends its time "counting up" through the first empty cells: every
/// extra candidate of an early cell multiplies the work below it. The estimate walks the empty
/// cells in reading order, gives each the number of digits its given peers leave open, and
/// sums `ln(open)` over the first `3N` empty cells (an empty cell that no given constrains adds
/// `ln N`, the worst). Givens in the first rows, and digits they rule out there, therefore lower
/// the cost. It is a heuristic ranking only; the portfolio in [`Backtrack`] keeps a wrong guess
/// from costing more than a constant factor.
pub fn orientation_cost(puzzle: &Grid) -> f64 {
    let n = puzzle.size();
    let horizon = 3 * n;
    let mut cost = 0.0;
    let mut counted = 0;
    for i in 0..n * n {
        if counted == horizon {
            break;
        }
        let cell = Cell(i as u16);
        if puzzle.get(cell).is_some() {
            continue;
        }
        let open = puzzle.open_digits(cell).len().max(1);
        cost += f64::from(open).ln();
        counted += 1;
    }
    cost
}

impl Backtrack {
    fn search_plain(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        on_solution: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Search {
        let mut limiter = limits.budget.start();
        let mut m = CellOrder::new(puzzle);
        let mut found = 0u64;
        let end = drive(
            &mut m,
            &mut limiter,
            limits.max_solutions,
            &mut found,
            &mut |v| on_solution(v),
        );
        Search {
            end,
            solutions: found,
            stats: m.stats(),
        }
    }

    fn search_oriented(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        on_solution: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Result<Search, SolveError> {
        let n = puzzle.size();
        let mut candidates = Vec::with_capacity(4);
        for q in 0..4u8 {
            let rot = Rotation::new(n, q);
            let grid = rotate_grid(puzzle, &rot).map_err(|e| SolveError::Failed {
                engine: "backtrack",
                reason: format!("rotating the layout failed: {e}"),
            })?;
            let cost = orientation_cost(&grid);
            candidates.push((cost, rot, CellOrder::new(&grid)));
        }
        // Most promising first; ties keep the original orientation first.
        candidates.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut limiter = limits.budget.start();
        let mut mapped = vec![0u8; n * n];
        let mut found = 0u64;
        // Portfolio: rotation of rank r gets slice / 4^r iterations per round; slices double
        // each round. The first rotation to emit a solution or finish owns the answer.
        let mut slice: u64 = 1 << 14;
        let mut winner = None;
        'rounds: loop {
            for (rank, (_, _, m)) in candidates.iter_mut().enumerate() {
                let share = (slice >> (2 * rank)).max(1);
                match m.run(&mut limiter, share) {
                    Step::Paused => {}
                    Step::Stopped => break 'rounds,
                    step @ (Step::Solution | Step::Exhausted) => {
                        // Hand the rotation over to `drive` below, which streams the
                        // solution just found and goes on from there.
                        if step == Step::Solution {
                            m.replay = true;
                        }
                        winner = Some(rank);
                        break 'rounds;
                    }
                }
            }
            slice = slice.saturating_mul(2);
        }
        let Some(w) = winner else {
            return Ok(Search {
                end: End::Budget,
                solutions: 0,
                stats: total_stats(&candidates, None),
            });
        };
        let (_, rot, m) = &mut candidates[w];
        let end = drive(
            m,
            &mut limiter,
            limits.max_solutions,
            &mut found,
            &mut |v| {
                rot.backward_into(v, &mut mapped);
                on_solution(&mapped)
            },
        );
        Ok(Search {
            end,
            solutions: found,
            stats: total_stats(&candidates, Some(w)),
        })
    }
}

/// Counters summed over every rotation the portfolio ran, plus which rotation won.
fn total_stats(candidates: &[(f64, Rotation, CellOrder)], winner: Option<usize>) -> Stats {
    let mut stats = Stats::default();
    for (_, _, m) in candidates {
        let s = m.stats();
        stats.nodes += s.nodes;
        stats.guesses += s.guesses;
        stats.backtracks += s.backtracks;
        for (k, v) in s.extra {
            *stats.extra.entry(k).or_insert(0.0) += v;
        }
    }
    if let Some(w) = winner {
        stats
            .extra
            .insert("winner_iterations", candidates[w].2.iterations() as f64);
        stats
            .extra
            .insert("rotation", f64::from(candidates[w].1.quarters()));
    }
    stats
}

/// Runs the machine to the end, streaming solutions; returns how the search ended.
fn drive(
    m: &mut CellOrder,
    limiter: &mut dyn Termination,
    max_solutions: u64,
    found: &mut u64,
    emit: &mut dyn FnMut(&[u8]) -> Flow,
) -> End {
    if max_solutions == 0 {
        return End::SolutionLimit;
    }
    loop {
        match m.run(limiter, u64::MAX) {
            Step::Solution => {
                *found += 1;
                if emit(m.values()) == Flow::Stop || *found >= max_solutions {
                    return End::SolutionLimit;
                }
            }
            Step::Exhausted => return End::Exhausted,
            Step::Stopped => return End::Budget,
            Step::Paused => {}
        }
    }
}

impl Solver for Backtrack {
    fn name(&self) -> &'static str {
        "backtrack"
    }

    fn search(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        on_solution: &mut dyn FnMut(&[u8]) -> Flow,
    ) -> Result<Search, SolveError> {
        if self.orient {
            Search::if_requested(limits, || self.search_oriented(puzzle, limits, on_solution))
        } else {
            Ok(self.search_plain(puzzle, limits, on_solution))
        }
    }
}
