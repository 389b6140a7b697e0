//! The search: Knuth's Algorithm X with dancing links over a [`Problem`], choosing the
//! primary item with the fewest remaining options (MRV) at every level.
//!
//! Design decision: the search is the iterative form of Algorithm X (steps X2–X8 of TAOCP
//! 7.2.2.1) written as a small state machine over an explicit stack of choices, not a
//! recursion. That makes it resumable: [`Solver::next_solution`] returns after each solution
//! and continues from there on the next call, so the same code serves the iterator, the
//! stoppable callback ([`Solver::for_each_solution`]) and counting. A [`Termination`] object
//! is polled once per node, so a node or time [`Budget`] (or any caller-supplied check)
//! stops the search cleanly.
//!
//! Second decision: option lists are dancing links exactly as in Knuth, but the uncovered
//! primary items are kept in a sparse set (a dense array plus positions) instead of the
//! doubly linked item list. Covers and uncovers happen in strict LIFO order, so removing is a
//! swap to the end of the live prefix and restoring is a single increment; the MRV scan, which
//! dominates the profile on Sudoku-sized matrices, becomes a linear pass over a dense array
//! instead of a chain of dependent loads.

use crate::problem::{Node, Problem};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// Polled once per search node; `true` stops the search.
///
/// Implemented by [`Unlimited`], [`Limiter`] (the running form of a [`Budget`]) and by every
/// `FnMut() -> bool` closure, so callers can plug in their own budget or cancel flag.
pub trait Termination {
    /// Counts one node; `true` means stop now.
    fn should_stop(&mut self) -> bool;
}

impl<F: FnMut() -> bool> Termination for F {
    #[inline]
    fn should_stop(&mut self) -> bool {
        self()
    }
}

/// Never stops.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unlimited;

impl Termination for Unlimited {
    #[inline]
    fn should_stop(&mut self) -> bool {
        false
    }
}

/// A work budget: at most `nodes` search nodes and/or `time` of wall-clock time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this much time.
    pub time: Option<Duration>,
}

impl Budget {
    /// Starts the clock.
    pub fn start(&self) -> Limiter {
        Limiter {
            nodes_left: self.nodes.unwrap_or(u64::MAX),
            deadline: self.time.map(|t| Instant::now() + t),
            tick: 0,
        }
    }
}

/// The running form of a [`Budget`]; reads the clock every 1,024 nodes.
#[derive(Clone, Debug)]
pub struct Limiter {
    nodes_left: u64,
    deadline: Option<Instant>,
    tick: u32,
}

impl Termination for Limiter {
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.nodes_left == 0 {
            return true;
        }
        self.nodes_left -= 1;
        self.tick = self.tick.wrapping_add(1);
        if self.tick & 1023 == 0
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.nodes_left = 0;
            return true;
        }
        false
    }
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes: partial solutions entered (the root included).
    pub nodes: u64,
    /// Link updates: option nodes removed from an item's list, plus items removed from the
    /// item list (Knuth's "updates"; restoring them is not counted again).
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Options tried beyond the first at a choice point.
    pub alternatives: u64,
    /// Options tried at an item that had two or more options left, the first included (an
    /// item with one option is a forced move). Never more than `nodes`.
    pub guesses: u64,
    /// Nodes where the chosen item had no option left.
    pub dead_ends: u64,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every solution was found: the count is exact.
    Exhausted,
    /// The caller stopped early (callback, solution cap): the count is a lower bound.
    Interrupted,
    /// The [`Termination`] check (budget) stopped the search.
    Budget,
}

/// Where the state machine resumes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// X2: enter the current level.
    Enter,
    /// X5: try the option `choice[level]`.
    Try,
    /// X6: undo `choice[level]` and move to the next option of its item.
    TryAgain,
    /// X8: leave the current level.
    Leave,
    /// Finished.
    Done(Outcome),
}

/// A search over a [`Problem`], with its own copy of the links.
///
/// Use it as an [`Iterator`] of solutions (each a `Vec` of option indices in the order
/// chosen), through [`Solver::for_each_solution`] with a callback that may stop the search,
/// or through [`Solver::count_up_to`]. [`Solver::stats`] and [`Solver::outcome`] tell what
/// happened.
pub struct Solver<'p, T: Termination = Unlimited> {
    problem: &'p Problem,
    nodes: Vec<Node>,
    /// Active options per item.
    len: Vec<u32>,
    /// The uncovered primary items are `active[..size]` (a sparse set: covering swaps an item
    /// to the end of that prefix, and uncovering, always in reverse order, just grows it back).
    active: Vec<u32>,
    /// `pos[i]`: where primary item `i` sits in `active`.
    pos: Vec<u32>,
    size: usize,
    /// `choice[l]`: the node of the option tried at level `l`.
    choice: Vec<u32>,
    level: usize,
    step: Step,
    stats: Stats,
    solution: Vec<usize>,
    term: T,
}

impl<'p> Solver<'p, Unlimited> {
    /// A fresh search over `problem`, without a budget.
    pub fn new(problem: &'p Problem) -> Solver<'p, Unlimited> {
        Solver {
            problem,
            nodes: problem.nodes.clone(),
            len: problem.len.clone(),
            active: (1..=problem.primary as u32).collect(),
            pos: (0..=problem.primary as u32)
                .map(|i| i.saturating_sub(1))
                .collect(),
            size: problem.primary,
            choice: vec![0; problem.primary + 1],
            level: 0,
            step: Step::Enter,
            stats: Stats::default(),
            solution: Vec::with_capacity(problem.primary),
            term: Unlimited,
        }
    }
}

impl<'p, T: Termination> Solver<'p, T> {
    /// The same search, polling `term` once per node.
    pub fn with_termination<U: Termination>(self, term: U) -> Solver<'p, U> {
        Solver {
            problem: self.problem,
            nodes: self.nodes,
            len: self.len,
            active: self.active,
            pos: self.pos,
            size: self.size,
            choice: self.choice,
            level: self.level,
            step: self.step,
            stats: self.stats,
            solution: self.solution,
            term,
        }
    }

    /// The same search, limited by `budget` (the clock starts now).
    pub fn with_budget(self, budget: Budget) -> Solver<'p, Limiter> {
        self.with_termination(budget.start())
    }

    /// The problem being searched.
    pub fn problem(&self) -> &'p Problem {
        self.problem
    }

    /// Counters so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// How the search ended, or `None` while it can still go on.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.step {
            Step::Done(o) => Some(o),
            _ => None,
        }
    }

    /// Marks the search as stopped by the caller (no further solutions will be produced).
    pub fn interrupt(&mut self) {
        if !matches!(self.step, Step::Done(_)) {
            self.step = Step::Done(Outcome::Interrupted);
        }
    }

    /// Finds the next solution: the indices of its options, in the order chosen. `None` when
    /// the search is over (see [`Solver::outcome`]).
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        if self.advance() {
            Some(&self.solution)
        } else {
            None
        }
    }

    /// Calls `visit` with every solution until it returns `ControlFlow::Break` or the
    /// search ends; returns how it ended.
    pub fn for_each_solution<F>(&mut self, mut visit: F) -> Outcome
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        while self.advance() {
            if visit(&self.solution).is_break() {
                self.interrupt();
            }
        }
        self.outcome().unwrap_or(Outcome::Interrupted)
    }

    /// Counts solutions, stopping after `max` of them; returns the count and how it ended
    /// ([`Outcome::Interrupted`] when the cap was reached).
    pub fn count_up_to(&mut self, max: u64) -> (u64, Outcome) {
        let before = self.stats.solutions;
        if max == 0 {
            self.interrupt();
        }
        while self.stats.solutions - before < max && self.advance() {}
        if self.stats.solutions - before >= max {
            self.interrupt();
        }
        (
            self.stats.solutions - before,
            self.outcome().unwrap_or(Outcome::Interrupted),
        )
    }

    /// Runs the state machine to the next solution (`true`, left in `self.solution`) or to
    /// the end (`false`).
    fn advance(&mut self) -> bool {
        let n_items = self.problem.item_count();
        loop {
            match self.step {
                Step::Done(_) => return false,
                Step::Enter => {
                    if self.term.should_stop() {
                        self.step = Step::Done(Outcome::Budget);
                        return false;
                    }
                    self.stats.nodes += 1;
                    if self.size == 0 {
                        self.record_solution();
                        self.step = Step::Leave;
                        return true;
                    }
                    let i = self.choose();
                    if self.len[i] == 0 {
                        self.stats.dead_ends += 1;
                        self.step = Step::Leave;
                        continue;
                    }
                    if self.len[i] >= 2 {
                        self.stats.guesses += 1;
                    }
                    self.cover(i);
                    self.choice[self.level] = self.nodes[i].down;
                    self.step = Step::Try;
                }
                Step::Try => {
                    let x = self.choice[self.level] as usize;
                    if x <= n_items {
                        // Back at the header: every option of item x was tried (X7).
                        self.uncover(x);
                        self.step = Step::Leave;
                        continue;
                    }
                    let mut p = x + 1;
                    while p != x {
                        let j = self.nodes[p].top;
                        if j <= 0 {
                            p = self.nodes[p].up as usize;
                        } else {
                            self.cover(j as usize);
                            p += 1;
                        }
                    }
                    self.level += 1;
                    self.step = Step::Enter;
                }
                Step::TryAgain => {
                    let x = self.choice[self.level] as usize;
                    let mut p = x - 1;
                    while p != x {
                        let j = self.nodes[p].top;
                        if j <= 0 {
                            p = self.nodes[p].down as usize;
                        } else {
                            self.uncover(j as usize);
                            p -= 1;
                        }
                    }
                    let next = self.nodes[x].down;
                    if next as usize > n_items {
                        self.stats.alternatives += 1;
                        self.stats.guesses += 1;
                    }
                    self.choice[self.level] = next;
                    self.step = Step::Try;
                }
                Step::Leave => {
                    if self.level == 0 {
                        self.step = Step::Done(Outcome::Exhausted);
                        return false;
                    }
                    self.level -= 1;
                    self.step = Step::TryAgain;
                }
            }
        }
    }

    fn record_solution(&mut self) {
        self.stats.solutions += 1;
        self.solution.clear();
        for &x in &self.choice[..self.level] {
            self.solution
                .push(self.problem.node_option[x as usize] as usize);
        }
    }

    /// The uncovered primary item with the fewest options, ties going to the item declared
    /// first (so the choice does not depend on the order of the sparse set); stops scanning
    /// early once an item with no option is seen (then any such item may be returned).
    #[inline]
    fn choose(&self) -> usize {
        let active = &self.active[..self.size];
        let key = |i: u32| u64::from(self.len[i as usize]) << 32 | u64::from(i);
        // Four independent minima per chunk keep the loop free of one long dependency chain
        // (measured ~9% faster than a plain loop when counting 6×6 grids).
        let mut best = [u64::MAX; 4];
        let mut chunks = active.chunks_exact(4);
        for c in chunks.by_ref() {
            for k in 0..4 {
                best[k] = best[k].min(key(c[k]));
            }
            if best.iter().any(|&b| b >> 32 == 0) {
                break;
            }
        }
        let mut min = best.into_iter().min().unwrap_or(u64::MAX);
        if min >> 32 != 0 {
            for &i in chunks.remainder() {
                min = min.min(key(i));
            }
        }
        (min & 0xFFFF_FFFF) as usize
    }

    #[inline]
    fn cover(&mut self, i: usize) {
        let mut p = self.nodes[i].down as usize;
        while p != i {
            self.hide(p);
            p = self.nodes[p].down as usize;
        }
        if i <= self.problem.primary {
            // Swap i to the end of the active prefix and shrink it.
            let last = self.size - 1;
            let at = self.pos[i] as usize;
            let other = self.active[last];
            self.active[at] = other;
            self.pos[other as usize] = at as u32;
            self.active[last] = i as u32;
            self.pos[i] = last as u32;
            self.size = last;
        }
        self.stats.updates += 1;
    }

    #[inline]
    fn hide(&mut self, p: usize) {
        let mut q = p + 1;
        let mut updates = 0;
        while q != p {
            let Node { top, up, down } = self.nodes[q];
            if top <= 0 {
                q = up as usize;
            } else {
                self.nodes[up as usize].down = down;
                self.nodes[down as usize].up = up;
                self.len[top as usize] -= 1;
                updates += 1;
                q += 1;
            }
        }
        self.stats.updates += updates;
    }

    #[inline]
    fn uncover(&mut self, i: usize) {
        if i <= self.problem.primary {
            // Covered last, so it sits just past the active prefix.
            self.size += 1;
        }
        let mut p = self.nodes[i].up as usize;
        while p != i {
            self.unhide(p);
            p = self.nodes[p].up as usize;
        }
    }

    #[inline]
    fn unhide(&mut self, p: usize) {
        let mut q = p - 1;
        while q != p {
            let Node { top, up, down } = self.nodes[q];
            if top <= 0 {
                q = down as usize;
            } else {
                self.nodes[up as usize].down = q as u32;
                self.nodes[down as usize].up = q as u32;
                self.len[top as usize] += 1;
                q -= 1;
            }
        }
    }
}

impl<T: Termination> Iterator for Solver<'_, T> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(<[usize]>::to_vec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{BuildError, Builder, Item, ItemKind};

    fn matrix(primary: usize, secondary: usize, options: &[&[usize]]) -> Problem {
        let mut b = Builder::with_items(primary, secondary);
        for o in options {
            b.option(o.iter().map(|&i| Item(i))).unwrap();
        }
        b.build().unwrap()
    }

    fn sorted(mut v: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
        for s in &mut v {
            s.sort_unstable();
        }
        v.sort();
        v
    }

    /// Checks that every solution covers each primary item exactly once and each secondary
    /// item at most once, independently of the links.
    fn check(p: &Problem, solution: &[usize]) {
        let mut seen = vec![0; p.item_count()];
        for &o in solution {
            for it in p.option_items(o) {
                seen[it.0] += 1;
            }
        }
        for (i, &c) in seen.iter().enumerate() {
            match p.item_kind(Item(i)).unwrap() {
                ItemKind::Primary => assert_eq!(c, 1, "item {i} covered {c} times"),
                ItemKind::Secondary => assert!(c <= 1, "item {i} covered {c} times"),
            }
        }
    }

    #[test]
    fn no_solution() {
        // Items 0,1,2: options {0,1} and {1,2} overlap; nothing covers 0 and 2 apart.
        let p = matrix(3, 0, &[&[0, 1], &[1, 2]]);
        let mut s = p.solver();
        assert_eq!(s.next(), None);
        assert_eq!(s.outcome(), Some(Outcome::Exhausted));
        assert_eq!(p.count(), 0);
    }

    #[test]
    fn item_without_options_has_no_solution() {
        let p = matrix(2, 0, &[&[0]]);
        assert_eq!(p.count(), 0);
    }

    #[test]
    fn exactly_one_solution() {
        let p = matrix(4, 0, &[&[0, 1], &[1, 2], &[2, 3], &[0, 3], &[1]]);
        // {0,1}+{2,3} and {1,2}+{0,3}: two; drop one by making items force.
        let all = sorted(p.solver().collect());
        assert_eq!(all, vec![vec![0, 2], vec![1, 3]]);
        let p = matrix(4, 0, &[&[0, 1], &[1, 2], &[2, 3], &[3]]);
        let all: Vec<_> = p.solver().collect();
        assert_eq!(sorted(all), vec![vec![0, 2]]);
    }

    #[test]
    fn knuth_example_has_its_one_solution() {
        // TAOCP 7.2.2.1 (6): items a..g, options ce, adg, bcf, adf, bg, deg.
        let mut b = Builder::new();
        for name in ["a", "b", "c", "d", "e", "f", "g"] {
            b.primary(name).unwrap();
        }
        for o in [
            &["c", "e"][..],
            &["a", "d", "g"],
            &["b", "c", "f"],
            &["a", "d", "f"],
            &["b", "g"],
            &["d", "e", "g"],
        ] {
            b.option_named(o).unwrap();
        }
        let p = b.build().unwrap();
        let all = sorted(p.solver().collect());
        assert_eq!(all, vec![vec![0, 3, 4]]);
        check(&p, &all[0]);
    }

    #[test]
    fn several_solutions_all_distinct_and_valid() {
        // Every partition of {0,1,2,3} into blocks: options are all 15 non-empty subsets.
        let mut opts: Vec<Vec<usize>> = Vec::new();
        for mask in 1u32..16 {
            opts.push((0..4).filter(|i| mask >> i & 1 == 1).collect());
        }
        let refs: Vec<&[usize]> = opts.iter().map(Vec::as_slice).collect();
        let p = matrix(4, 0, &refs);
        let all = sorted(p.solver().collect());
        assert_eq!(all.len(), 15, "Bell number B4");
        let mut dedup = all.clone();
        dedup.dedup();
        assert_eq!(dedup.len(), 15);
        for s in &all {
            check(&p, s);
        }
    }

    #[test]
    fn secondary_items_are_covered_at_most_once() {
        // Primary 0,1; secondary 2. Options: {0,2}, {1,2}, {0}, {1}.
        let p = matrix(2, 1, &[&[0, 2], &[1, 2], &[0], &[1]]);
        let all = sorted(p.solver().collect());
        // {0,2}+{1,2} is excluded (2 twice); the other three pairs remain.
        assert_eq!(all, vec![vec![0, 3], vec![1, 2], vec![2, 3]]);
        for s in &all {
            check(&p, s);
        }
    }

    #[test]
    fn options_with_only_secondary_items_are_never_chosen() {
        let p = matrix(1, 1, &[&[1], &[0]]);
        assert_eq!(p.solver().collect::<Vec<_>>(), vec![vec![1]]);
    }

    #[test]
    fn no_primary_items_gives_the_empty_solution() {
        let p = matrix(0, 2, &[&[0, 1]]);
        assert_eq!(p.solver().collect::<Vec<_>>(), vec![Vec::<usize>::new()]);
    }

    #[test]
    fn interleaved_declarations_keep_user_indices() {
        let mut b = Builder::new();
        let s = b.secondary("s").unwrap();
        let x = b.primary("x").unwrap();
        let y = b.primary("y").unwrap();
        b.option([x, s]).unwrap();
        b.option([y, s]).unwrap();
        b.option([y]).unwrap();
        let p = b.build().unwrap();
        assert_eq!(p.option_items(0), vec![x, s]);
        assert_eq!(p.item_kind(s), Some(ItemKind::Secondary));
        assert_eq!(p.item_len(y), 2);
        assert_eq!(sorted(p.solver().collect()), vec![vec![0, 2]]);
    }

    #[test]
    fn callback_can_stop_and_count_is_capped() {
        let opts: Vec<Vec<usize>> = (1u32..16)
            .map(|m| (0..4).filter(|i| m >> i & 1 == 1).collect())
            .collect();
        let refs: Vec<&[usize]> = opts.iter().map(Vec::as_slice).collect();
        let p = matrix(4, 0, &refs);
        let mut seen = 0;
        let mut s = p.solver();
        let end = s.for_each_solution(|_| {
            seen += 1;
            if seen == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!((seen, end), (3, Outcome::Interrupted));
        assert_eq!(s.next(), None, "an interrupted search stays stopped");
        assert_eq!(p.solver().count_up_to(2), (2, Outcome::Interrupted));
        assert_eq!(p.solver().count_up_to(100), (15, Outcome::Exhausted));
    }

    #[test]
    fn budget_stops_the_search() {
        let opts: Vec<Vec<usize>> = (1u32..256)
            .map(|m| (0..8).filter(|i| m >> i & 1 == 1).collect())
            .collect();
        let refs: Vec<&[usize]> = opts.iter().map(Vec::as_slice).collect();
        let p = matrix(8, 0, &refs);
        let mut s = p.solver().with_budget(Budget {
            nodes: Some(10),
            time: None,
        });
        let (found, end) = s.count_up_to(u64::MAX);
        assert_eq!(end, Outcome::Budget);
        assert!(found < 4140, "B8 = 4140 partitions; stopped early");
        assert_eq!(s.stats().nodes, 10);
        // Unlimited: Bell number B8.
        assert_eq!(p.count(), 4140);
        let mut calls = 0;
        let mut s = p.solver().with_termination(|| {
            calls += 1;
            calls > 5
        });
        assert_eq!(s.count_up_to(u64::MAX).1, Outcome::Budget);
    }

    #[test]
    fn stats_count_nodes_and_updates() {
        let p = matrix(2, 0, &[&[0, 1], &[0], &[1]]);
        let mut s = p.solver();
        assert_eq!(s.count_up_to(10), (2, Outcome::Exhausted));
        let st = *s.stats();
        assert_eq!(st.solutions, 2);
        assert!(st.nodes >= 3 && st.updates > 0 && st.alternatives >= 1);
    }

    #[test]
    fn bad_options_are_rejected_with_typed_errors() {
        let mut b = Builder::new();
        let mon = b.primary("Mon").unwrap();
        assert_eq!(
            b.primary("Mon"),
            Err(BuildError::DuplicateName { name: "Mon".into() })
        );
        assert_eq!(
            b.option_named(&["Mon", "Xyz"]),
            Err(BuildError::UnknownItem {
                option: 0,
                item: "Xyz".into()
            })
        );
        assert_eq!(
            b.option(Vec::<Item>::new()),
            Err(BuildError::EmptyOption { option: 0 })
        );
        assert_eq!(
            b.option([mon, mon]),
            Err(BuildError::DuplicateItem {
                option: 0,
                item: "Mon".into()
            })
        );
        assert_eq!(
            b.option([Item(7)]),
            Err(BuildError::UnknownItem {
                option: 0,
                item: "#7".into()
            })
        );
        // Rejected options leave no trace: the next one gets index 0 and Mon is free.
        assert_eq!(b.option([mon]), Ok(0));
        let p = b.build().unwrap();
        assert_eq!(p.option_count(), 1);
        assert_eq!(p.count(), 1);
    }
}
