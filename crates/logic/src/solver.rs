//! The human-style solver: apply the easiest technique that makes progress, one step at a
//! time, until the grid is solved or the enabled techniques run out.
//!
//! Design decision: the order is data (each technique row's `hodoku_order` or `se_order`), so
//! switching between HoDoKu's and Sudoku Explainer's order, or restricting the set, never
//! touches a finder. Each finder is asked for its first step that changes the grid, so one
//! step costs only as much as the techniques tried before it. In HoDoKu's order two things
//! follow HoDoKu 2.2.4 rather than the finders' own order: the singles come from a model of
//! HoDoKu's singles queues (`hodoku_singles`), and where HoDoKu sorts all instances of a step
//! (loops and AICs, forcing chains and nets, X-/XY-chains, remote pairs, turbot fish, ALS
//! chains) every instance is collected and HoDoKu's best is taken (`hodoku_choice`).

use std::ops::ControlFlow;
use std::time::Instant;

use sudokit_core::{Budget, Grid};

use crate::grid::{CandidateGrid, Contradiction, Snapshot};
use crate::hodoku_choice;
use crate::hodoku_singles::SinglesQueues;
use crate::memory::Memory;
use crate::step::Step;
use crate::technique::{Deadline, Finder, Options, Technique, find_all_with};
use crate::techniques::ALL;

/// The singles' ids: full house, naked single, hidden single.
const SINGLES: [&str; 3] = ["full-house", "naked-single", "hidden-single"];

/// Which order techniques are tried in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Order {
    /// HoDoKu 2.2.4's default solving order and technique set (techniques HoDoKu lacks, such
    /// as WXYZ-wing and aligned pair exclusion, are left out of [`LogicSolver::new`]), with
    /// the singles taken in the order HoDoKu's own queues give them.
    #[default]
    Hodoku,
    /// Sudoku Explainer's order (roughly by rating).
    Se,
    /// HoDoKu's order with sudokit's extra techniques in it (WXYZ-wing at 3450, aligned pair
    /// exclusion at 5250) and singles found by scanning the grid.
    Sudokit,
}

/// How a solving path ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathStatus {
    /// Every cell is filled.
    Solved,
    /// The enabled techniques found nothing more.
    Stuck,
    /// The givens (or the user's entries) contradict each other or the candidates.
    Unsolvable,
    /// The budget ran out.
    Stopped,
}

impl PathStatus {
    /// `solved`, `stuck`, `unsolvable`, `stopped`.
    pub fn as_str(self) -> &'static str {
        match self {
            PathStatus::Solved => "solved",
            PathStatus::Stuck => "stuck",
            PathStatus::Unsolvable => "unsolvable",
            PathStatus::Stopped => "stopped",
        }
    }
}

/// A solving path: the steps, how it ended and the final grid.
#[derive(Clone, Debug)]
pub struct Path {
    /// The steps in order.
    pub steps: Vec<Step>,
    /// How the path ended.
    pub status: PathStatus,
    /// The grid after the last step.
    pub grid: CandidateGrid,
    /// The contradiction found, when `status` is `Unsolvable`.
    pub contradiction: Option<Contradiction>,
    /// Time spent.
    pub micros: u64,
}

/// A configured human-style solver.
#[derive(Clone)]
pub struct LogicSolver {
    techniques: Vec<&'static dyn Technique>,
    order: Order,
    /// Finder options.
    pub options: Options,
}

impl std::fmt::Debug for LogicSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LogicSolver")
            .field(
                "techniques",
                &self
                    .techniques
                    .iter()
                    .map(|t| t.info().id)
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Default for LogicSolver {
    fn default() -> LogicSolver {
        LogicSolver::new(Order::Hodoku)
    }
}

impl LogicSolver {
    /// Every default-on technique in `order`; in HoDoKu's order only those HoDoKu has (a
    /// HoDoKu code, or the guess that stands for its brute force).
    pub fn new(order: Order) -> LogicSolver {
        LogicSolver::with_techniques(
            ALL.iter()
                .copied()
                .filter(|t| t.info().default_on)
                .filter(|t| {
                    order != Order::Hodoku || t.info().hodoku.is_some() || t.info().id == "guess"
                })
                .collect(),
            order,
        )
    }

    /// Exactly these techniques, sorted into `order`.
    pub fn with_techniques(mut techniques: Vec<&'static dyn Technique>, order: Order) -> Self {
        techniques.sort_by_key(|t| match order {
            Order::Hodoku | Order::Sudokit => t.info().hodoku_order,
            Order::Se => t.info().se_order,
        });
        techniques.dedup_by_key(|t| t.info().id);
        LogicSolver {
            techniques,
            order,
            options: Options {
                hodoku: order == Order::Hodoku,
                ..Options::default()
            },
        }
    }

    /// The techniques in the order they are tried.
    pub fn techniques(&self) -> &[&'static dyn Technique] {
        &self.techniques
    }

    /// Keeps only the techniques `keep` accepts.
    pub fn retain(&mut self, keep: impl Fn(&dyn Technique) -> bool) {
        self.techniques.retain(|t| keep(*t));
    }

    /// The first step, in order, that changes `grid` (with a fresh [`Memory`]; a caller that
    /// walks a path step by step lends one memory to [`next_step_in`](Self::next_step_in)).
    pub fn next_step(&self, grid: &CandidateGrid) -> Option<Step> {
        self.next_step_in(grid, &Deadline::none(), &Memory::new())
    }

    /// [`next_step`](Self::next_step), giving up (`None`) once `deadline` passes: it is
    /// checked before each technique and by the finders whose one search can run long.
    pub fn next_step_before(&self, grid: &CandidateGrid, deadline: &Deadline) -> Option<Step> {
        self.next_step_in(grid, deadline, &Memory::new())
    }

    /// [`next_step_before`](Self::next_step_before) with the finders lent `memory`: what they
    /// remembered on the earlier grids of the same path spares them searches that would find
    /// nothing (the step is the same either way).
    pub fn next_step_in(
        &self,
        grid: &CandidateGrid,
        deadline: &Deadline,
        memory: &Memory,
    ) -> Option<Step> {
        self.next_step_skipping(grid, deadline, memory, false)
    }

    /// Which singles are enabled: full house, naked single, hidden single.
    fn singles(&self) -> [bool; 3] {
        let on = |id: &str| self.techniques.iter().any(|t| t.info().id == id);
        [on(SINGLES[0]), on(SINGLES[1]), on(SINGLES[2])]
    }

    /// [`next_step_in`](Self::next_step_in), leaving out the singles when `skip_singles` (the
    /// path's [`SinglesQueues`] chose among them already).
    fn next_step_skipping(
        &self,
        grid: &CandidateGrid,
        deadline: &Deadline,
        memory: &Memory,
        skip_singles: bool,
    ) -> Option<Step> {
        let mut groups_done = [false; hodoku_choice::GROUPS.len()];
        for t in &self.techniques {
            if t.info().uniqueness && !self.options.uniqueness {
                continue;
            }
            if skip_singles && SINGLES.contains(&t.info().id) {
                continue;
            }
            if deadline.passed() {
                return None;
            }
            let group = (self.order == Order::Hodoku)
                .then(|| hodoku_choice::group_of(t.info().id))
                .flatten();
            if let Some(g) = group {
                if std::mem::replace(&mut groups_done[g], true) {
                    continue;
                }
                let mut found = Vec::new();
                // The least rank of the steps found so far (lowered as they come in):
                // members may leave out searches that cannot beat it (`Finder::bound`).
                let bound = std::cell::Cell::new(None);
                // Who reported steps of which technique (to `finish` the one kept).
                let mut owners: Vec<(&str, &dyn Technique)> = Vec::new();
                for u in &self.techniques {
                    if hodoku_choice::group_of(u.info().id) != Some(g)
                        || (u.info().uniqueness && !self.options.uniqueness)
                    {
                        continue;
                    }
                    // HoDoKu's choice reads no step's text, so the members may leave it to
                    // `finish`, which completes the one step kept (issue 45: the chain
                    // finders' groups build ~30 steps for each one kept).
                    let (all, complete) = find_all_with(
                        *u,
                        grid,
                        &self.options,
                        deadline,
                        memory,
                        true,
                        Some((g, &bound)),
                    );
                    if !complete {
                        return None;
                    }
                    for s in all.into_iter().filter(|s| grid.makes_progress(s)) {
                        if !owners.iter().any(|o| o.0 == s.technique.id) {
                            owners.push((s.technique.id, *u));
                        }
                        found.push(s);
                    }
                }
                if let Some(step) = hodoku_choice::best(g, found) {
                    return Some(match owners.iter().find(|o| o.0 == step.technique.id) {
                        Some(o) => o.1.finish(grid, step),
                        None => step,
                    });
                }
                continue;
            }
            let mut found = None;
            let mut sink = |s: Step| {
                if grid.makes_progress(&s) {
                    found = Some(s);
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            };
            let mut f =
                Finder::new(&self.options, memory, &mut sink).with_deadline(deadline.clone());
            t.find(grid, &mut f);
            let interrupted = f.interrupted();
            if found.is_some() {
                return found;
            }
            if interrupted {
                return None;
            }
        }
        None
    }

    /// Solves from a puzzle's givens.
    pub fn solve(&self, puzzle: &Grid, budget: &Budget) -> Path {
        self.solve_from(CandidateGrid::new(puzzle), budget)
    }

    /// Solves from a candidate grid (pencil marks included).
    pub fn solve_from(&self, mut grid: CandidateGrid, budget: &Budget) -> Path {
        let start = Instant::now();
        let deadline = Deadline {
            at: budget.time.map(|t| start + t),
            cancel: budget.cancel.clone(),
        };
        let mut nodes = budget.nodes.unwrap_or(u64::MAX);
        let mut steps = Vec::new();
        let memory = Memory::new();
        // In HoDoKu's order the singles come in the order HoDoKu's own queues give them.
        let [fh, ns, hs] = self.singles();
        let mut queues = (self.order == Order::Hodoku && (fh || ns || hs))
            .then(|| SinglesQueues::new(&grid))
            .flatten();
        // The grid before the last step: after one, only what it changed can contradict.
        let mut before: Option<Snapshot> = None;
        let status = loop {
            let contradiction = match &before {
                None => grid.contradiction(),
                Some(b) => grid.contradiction_since(b),
            };
            if let Some(c) = contradiction {
                return Path {
                    steps,
                    status: PathStatus::Unsolvable,
                    grid,
                    contradiction: Some(c),
                    micros: start.elapsed().as_micros() as u64,
                };
            }
            if grid.is_solved() {
                break PathStatus::Solved;
            }
            if nodes == 0 || deadline.passed() {
                break PathStatus::Stopped;
            }
            nodes -= 1;
            let single = queues.as_mut().and_then(|q| q.next(&grid, fh, ns, hs));
            let next = single
                .or_else(|| self.next_step_skipping(&grid, &deadline, &memory, queues.is_some()));
            match next {
                Some(step) => {
                    before.get_or_insert_with(Snapshot::default).take(&grid);
                    grid.apply(&step);
                    if let Some(q) = queues.as_mut() {
                        q.apply(&step);
                    }
                    steps.push(step);
                }
                // Found nothing because the time ran out, or because nothing is left.
                None if deadline.passed() => break PathStatus::Stopped,
                None => break PathStatus::Stuck,
            }
        };
        Path {
            steps,
            status,
            grid,
            contradiction: None,
            micros: start.elapsed().as_micros() as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::hodoku::parse_line;
    use crate::technique::{find_all, find_all_before, find_all_in};
    use crate::techniques::lookup;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use sudokit_core::Layout;

    /// A deadline that has passed (or a cancel flag that is set) stops a path at once, makes
    /// `next_step_before` give up, and cuts short the finders whose one search can run long —
    /// which then say they did not finish and leave no miss behind in their memos.
    #[test]
    fn a_passed_deadline_stops_searches_and_leaves_no_miss() {
        let empty = Arc::new(Layout::standard(25).unwrap());
        let g = CandidateGrid::new(&Grid::from_values(empty, vec![0; 625]));
        let solver = LogicSolver::default();
        let cancel = Budget {
            cancel: Some(Arc::new(AtomicBool::new(true))),
            ..Budget::default()
        };
        let path = solver.solve_from(g.clone(), &cancel);
        assert_eq!(path.status, PathStatus::Stopped);
        assert!(path.steps.is_empty());
        let passed = Deadline {
            at: Some(Instant::now()),
            cancel: None,
        };
        assert!(solver.next_step_before(&g, &passed).is_none());
        for id in [
            "grouped-discontinuous-nice-loop",
            "forcing-net-contradiction",
            "guess",
        ] {
            let t = lookup(id).unwrap();
            let (steps, complete) = find_all_before(t, &g, &solver.options, &passed);
            assert!(steps.is_empty() && !complete, "{id}");
        }
        // A finned X-wing case: cut short first, then asked again with no deadline and the same
        // memory, the finder finds what a fresh one finds (an interrupted search recorded no
        // miss).
        let text = include_str!("../../../data/logic/techniques.txt");
        let line = text.lines().find(|l| l.contains(":0310:")).unwrap();
        let case = parse_line(line).unwrap().grid;
        let t = lookup("finned-x-wing").unwrap();
        let fresh = find_all(t, &case, &solver.options);
        assert!(!fresh.is_empty());
        let memory = Memory::new();
        let (cut, complete) = find_all_in(t, &case, &solver.options, &passed, &memory);
        assert!(cut.is_empty() && !complete);
        let again = find_all_in(t, &case, &solver.options, &Deadline::none(), &memory);
        assert!(again.1);
        assert_eq!(
            again.0.iter().map(|s| &s.eliminations).collect::<Vec<_>>(),
            fresh.iter().map(|s| &s.eliminations).collect::<Vec<_>>()
        );
        // A continuous-loop search cut short keeps no list of the AICs it met: the AIC finder
        // on the same grid and with the same memory then searches itself, and finds what a
        // fresh one finds.
        let line = text.lines().find(|l| l.contains(":0708:")).unwrap();
        let case = parse_line(line).unwrap().grid;
        let (aic, cnl) = (
            lookup("aic").unwrap(),
            lookup("continuous-nice-loop").unwrap(),
        );
        let fresh = find_all(aic, &case, &solver.options);
        assert!(!fresh.is_empty());
        let memory = Memory::new();
        let (_, complete) = find_all_in(cnl, &case, &solver.options, &passed, &memory);
        assert!(!complete);
        let after = find_all_in(aic, &case, &solver.options, &Deadline::none(), &memory).0;
        assert_eq!(
            after.iter().map(|s| &s.eliminations).collect::<Vec<_>>(),
            fresh.iter().map(|s| &s.eliminations).collect::<Vec<_>>()
        );
    }

    /// HoDoKu's groups are searched with lazy text and only the step kept is finished
    /// (`Technique::finish`): every step of a group on these paths is, sentence and marks
    /// included, one its technique reports in full on the same grid (a fresh memory, no lazy
    /// text).
    #[test]
    fn kept_group_steps_are_finished_as_reported_in_full() {
        use sudokit_core::format::{InputFormat, parse_one};
        let solver = LogicSolver::default();
        let mut checked = std::collections::BTreeMap::new();
        for puzzle in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            // Tarek-052 and col-02-08-071 (data/examples/puzzles.txt).
            "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
            ".2.4.37.........32........4.4.2...7.8...5.........1...5.....9...3.9....7..1..86..",
            // magictour_top1465 #36 (AICs whose ends hold two digits: the end's cell is
            // named first) and #54 (continuous loops, eliminations in the loop's order).
            ".......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4..........",
            ".......91.7..3....82..........1.5...3.....7.....9.......16...5...4.2....7.....8..",
        ] {
            let mut g = CandidateGrid::new(&parse_one(puzzle, InputFormat::Auto).unwrap());
            let path = solver.solve_from(g.clone(), &Budget::default());
            assert_eq!(path.status, PathStatus::Solved);
            for step in &path.steps {
                if hodoku_choice::group_of(step.technique.id).is_some() {
                    let t = lookup(step.technique.id).unwrap();
                    let full = find_all(t, &g, &solver.options);
                    assert!(
                        full.iter().any(|s| s.text == step.text
                            && s.eliminations == step.eliminations
                            && s.placements == step.placements
                            && s.highlight == step.highlight),
                        "{}: {}",
                        step.technique.id,
                        step.text
                    );
                    *checked.entry(step.technique.id).or_insert(0) += 1;
                }
                g.apply(step);
            }
        }
        // Steps of the chain finders (the chains family), which leave their sentences to
        // `finish`, were among them (not only forcing steps, which are complete as reported).
        assert!(
            checked
                .keys()
                .any(|id| lookup(id).unwrap().info().family == crate::technique::Family::Chains),
            "{checked:?}"
        );
        assert!(checked.values().sum::<usize>() >= 10, "{checked:?}");
    }

    /// In HoDoKu's order a group's members are searched against a bound (`Finder::bound`):
    /// on every grid of these paths each group's best is the one its members give searched
    /// in full (a fresh memory, no bound); the bound left something out on some grids; and
    /// afterwards the memory the bounded members were lent gives each member's full list,
    /// as a fresh memory does — no memo remembers a search left out as a miss, or a bounded
    /// result as a full one.
    #[test]
    fn bounded_groups_keep_hodokus_best_and_remember_no_miss() {
        use crate::technique::find_all_with;
        use std::cell::Cell;
        use sudokit_core::format::{InputFormat, parse_one};
        let solver = LogicSolver::default();
        let same = |a: &Step, b: &Step| {
            a.technique.id == b.technique.id
                && a.text == b.text
                && a.placements == b.placements
                && a.eliminations == b.eliminations
                && a.highlight == b.highlight
        };
        // Per group: grids where the bound left a step out, grids with a best.
        let mut pruned = [(0, 0); hodoku_choice::GROUPS.len()];
        for puzzle in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ".......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4..........",
            ".......91.7..3....82..........1.5...3.....7.....9.......16...5...4.2....7.....8..",
            // mt10th.txt (every 10th of magictour_top1465): forcing chains and nets.
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            ".8..1......5....3.......4.....6.5.7.89....2.....3.....2.....1.9..67........4.....",
        ] {
            let mut g = CandidateGrid::new(&parse_one(puzzle, InputFormat::Auto).unwrap());
            let path = solver.solve_from(g.clone(), &Budget::default());
            let memory = Memory::new();
            for step in &path.steps {
                for (group, ids) in hodoku_choice::GROUPS.iter().enumerate() {
                    let bound = Cell::new(None);
                    let (mut full, mut bounded) = (Vec::new(), Vec::new());
                    for t in solver
                        .techniques
                        .iter()
                        .filter(|t| ids.contains(&t.info().id))
                    {
                        let progress = |s: &Step| g.makes_progress(s);
                        full.extend(
                            find_all(*t, &g, &solver.options)
                                .into_iter()
                                .filter(progress),
                        );
                        let (found, complete) = find_all_with(
                            *t,
                            &g,
                            &solver.options,
                            &Deadline::none(),
                            &memory,
                            false,
                            Some((group, &bound)),
                        );
                        assert!(complete);
                        bounded.extend(found.into_iter().filter(progress));
                    }
                    if bounded.len() < full.len() {
                        pruned[group].0 += 1;
                    }
                    match (
                        hodoku_choice::best(group, full),
                        hodoku_choice::best(group, bounded),
                    ) {
                        (None, None) => {}
                        (Some(a), Some(b)) => {
                            assert!(same(&a, &b), "{}: {} / {}", a.technique.id, a.text, b.text);
                            pruned[group].1 += 1;
                        }
                        (a, b) => {
                            panic!("{group}: {:?} / {:?}", a.map(|s| s.text), b.map(|s| s.text))
                        }
                    }
                    for t in solver
                        .techniques
                        .iter()
                        .filter(|t| ids.contains(&t.info().id))
                    {
                        let fresh = find_all(*t, &g, &solver.options);
                        let lent =
                            find_all_in(*t, &g, &solver.options, &Deadline::none(), &memory).0;
                        assert_eq!(fresh.len(), lent.len(), "{}", t.info().id);
                        assert!(
                            fresh.iter().zip(&lent).all(|(a, b)| same(a, b)),
                            "{}",
                            t.info().id
                        );
                    }
                }
                g.apply(step);
            }
        }
        // Discontinuous loops were left out (their group's best found on those grids), and
        // forcing chains' and nets' second picks.
        for group in [0, 2, 3] {
            assert!(pruned[group].0 > 0 && pruned[group].1 > 0, "{pruned:?}");
        }
    }
}
