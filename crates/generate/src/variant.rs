//! Variant puzzles: killer puzzles with no givens (random cages, or the cages of a rule
//! file), and givens for any fixed rule set (a thermo layout, an arrow layout, …).
//!
//! Design decision: every uniqueness question "is there a solution other than the known
//! one?" goes first to the dedicated killer search ([`crate::killer_search`], when the grid
//! has only houses and cages) for a small node budget ([`SEARCH_NODES`]), which answers the
//! easy ones; the rest go to one `sat` call (a clause saying some cell differs, the search
//! started next to the known solution; for killers one incremental session per solution
//! grid, built at the first question that reaches it). A question made by dropping a sum or merging cages
//! of a unique puzzle tells the search and `sat` that sum (every second solution must break
//! it). Every
//! second solution found is kept as a *witness*: a later candidate
//! puzzle that a witness still satisfies (checked by the rules' own definitions, no search;
//! newest witness first, killer cages by a direct sum-and-distinct test) is not unique, so most candidates of a minimality pass never reach the solver; a killer
//! generator starts with every two-digit swap set and two-line swap of its solution as
//! witnesses (second solutions of the plain grid, found without a search). Killer
//! puzzles start from small cages (2–3 cells; most such sets are not unique and a new grid is
//! drawn, about 6 per puzzle), then merge adjacent cages
//! and drop sums while the puzzle stays unique — the changes whose lost sum says least first
//! (the most digit sets of its cage's size and sum; ties in a seeded random order), which keep
//! it unique more often and leave fewer hard questions — until no merge
//! (within the cage size limit) and no dropped sum keeps it unique: the puzzle is minimal in
//! that sense, and no cage with a sum can be dropped either (that is weaker than dropping its
//! sum). Cages whose sum went stay, so the cages always cover the grid. A solution grid
//! whose questions cost `sat` more than [`GRID_CONFLICTS`] conflicts is given up for a fresh
//! one (the cost per grid is heavy-tailed); the cut is on conflicts, not time, so a seed
//! still gives the same puzzle. Givens for a fixed rule set come from a solution of the rules (sat, started
//! next to a random full grid) and one removal pass in random order, minimal because removals
//! only weaken the puzzle. A check that runs out of budget counts as "not unique", so
//! uniqueness is only ever claimed when proven.

use std::sync::Arc;
use std::time::Instant;

use sudokit_core::rules::Filled;
use sudokit_core::verify::check_grid;
use sudokit_core::{Budget, Grid, Layout, Pos, Rule};
use sudokit_engines::Sat;
use sudokit_sat::session::Session;

use crate::GenError;
use crate::fill::random_grid_within;
use crate::killer_search::{Found, KillerSearch};
use crate::rng::Rng;

/// Solutions (with their random cages) tried for one killer puzzle before giving up.
const ATTEMPTS: u64 = 64;

/// Default conflicts one uniqueness check may use before it counts as "not proven unique".
pub const CHECK_CONFLICTS: u64 = 200_000;

/// Solutions tried for fixed cages without givens before givens are placed.
const GIVENLESS_TRIES: u64 = 8;

/// Default nodes of the dedicated killer search on one question before `sat` takes over.
pub const SEARCH_NODES: u64 = 200;

/// Default `sat` conflicts one solution grid's questions may spend before the generator
/// gives the grid up and draws another (random cages only): the time per puzzle is
/// heavy-tailed — a few grids whose cages stay ambiguous cost ten times the median — and a
/// fresh grid is cheaper than finishing such a one. Measured (`sudokit generate --killer -n
/// 50 -j1`, seeds 1–3): 5,000 saves 19% on seed 1, nothing measurable on seeds 2 and 3;
/// 2,000 gives up so many grids that it costs more.
pub const GRID_CONFLICTS: u64 = 5_000;

/// How to make killer puzzles.
#[derive(Clone, Debug)]
pub struct KillerConfig {
    /// The grid (boxes or jigsaw regions, extras); its own rules, if any, are kept and the
    /// cages added to them.
    pub layout: Arc<Layout>,
    /// Fixed cages (their sums are ignored and recomputed from the solution); `None` makes
    /// random cages covering the grid.
    pub cages: Option<Vec<Vec<Pos>>>,
    /// Smallest random cage (default 2).
    pub min_cage: usize,
    /// Largest cage a merge may make (default 5).
    pub max_cage: usize,
    /// Time and cancel flag of one puzzle; `nodes` is the conflicts of one uniqueness check
    /// (default [`CHECK_CONFLICTS`]).
    pub budget: Budget,
    /// Nodes the dedicated killer search ([`crate::killer_search`]) may spend on one
    /// uniqueness question before `sat` takes it over (default [`SEARCH_NODES`]); 0 asks
    /// `sat` only.
    pub search_nodes: u64,
    /// With fixed cages that make no unique puzzle alone: at most this many givens (`None`:
    /// as many as needed).
    pub max_givens: Option<usize>,
    /// With random cages: `sat` conflicts one solution grid may use before it is given up
    /// for another (default [`GRID_CONFLICTS`]; `None`: never). A grid given up yields no
    /// puzzle, so uniqueness and minimality are never judged on a cut-short check.
    pub grid_conflicts: Option<u64>,
}

impl KillerConfig {
    /// Random cages of 2 to 5 cells on `layout`.
    pub fn new(layout: Arc<Layout>) -> KillerConfig {
        KillerConfig {
            layout,
            cages: None,
            min_cage: 2,
            max_cage: 5,
            budget: Budget::default(),
            search_nodes: SEARCH_NODES,
            max_givens: None,
            grid_conflicts: Some(GRID_CONFLICTS),
        }
    }
}

/// A generated variant puzzle.
#[derive(Clone, Debug)]
pub struct VariantPuzzle {
    /// The puzzle: the layout with its rules, and the givens (none for a killer).
    pub puzzle: Grid,
    /// Its unique solution.
    pub solution: Grid,
    /// Solver calls made (uniqueness checks that no witness settled).
    pub sat_calls: u64,
    /// Uniqueness checks settled by a witness without a solver call.
    pub witness_hits: u64,
    /// Uniqueness checks the dedicated killer search answered (no `sat` call).
    pub search_hits: u64,
    /// Solutions (with their cages) drawn before this puzzle was found.
    pub attempts: u64,
}

impl VariantPuzzle {
    /// The puzzle as the generator's common record (no symmetry, minimal, not rated), made
    /// from `seed`.
    pub fn into_generated(self, seed: u64) -> crate::Generated {
        crate::Generated {
            givens: self.puzzle.values().iter().filter(|&&v| v != 0).count(),
            puzzle: self.puzzle,
            solution: self.solution,
            symmetry: crate::Symmetry::None,
            seed,
            minimal: Some(true),
            measured: crate::rate::Measured::default(),
            attempts: self.attempts,
            unfinished: false,
        }
    }
}

/// One cage while the generator works on it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Cage {
    cells: Vec<Pos>,
    sum: Option<u32>,
}

impl Cage {
    fn rule(&self) -> Rule {
        Rule::Killer {
            cells: self.cells.clone(),
            sum: self.sum,
        }
    }
}

/// How the oracle asks `sat` the questions nothing cheaper settled.
enum SatMode {
    /// For puzzles without givens (killers): one incremental solver for every question,
    /// built at the first question that reaches it — most random cage sets a generator draws
    /// are refuted by a witness or the dedicated search, and never need one.
    Session(Option<Box<Session>>),
    /// A fresh solver per question (puzzles with givens).
    Fresh,
}

/// Answers "is this puzzle unique?" for puzzles sharing one known solution.
struct Oracle<'a> {
    /// How `sat` is asked.
    sat: SatMode,
    /// The dedicated killer search, when the grid qualifies, and its nodes per question
    /// before the question goes to `sat`.
    search: Option<(KillerSearch, u64)>,
    /// Questions the dedicated search answered.
    search_hits: u64,
    base: &'a Arc<Layout>,
    solution: Vec<u8>,
    witnesses: Vec<Vec<u8>>,
    conflicts: u64,
    budget: &'a Budget,
    start: Instant,
    sat_calls: u64,
    witness_hits: u64,
    /// `sat` conflicts the session may spend on one solution grid's questions before the
    /// grid is given up (`None`: no limit).
    grid_conflicts: Option<u64>,
    /// The session spent `grid_conflicts`: every later question is answered "not unique" at
    /// once and the caller discards the puzzle.
    abandoned: bool,
}

impl Oracle<'_> {
    fn out_of_time(&self) -> bool {
        self.budget.time.is_some_and(|t| self.start.elapsed() >= t)
            || self
                .budget
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// The puzzle (`rules` on the base layout, `givens` one per cell, 0 for none) has no
    /// solution but the known one: `Ok(true)` proven, `Ok(false)` another found or the
    /// check's budget ran out.
    fn unique(&mut self, rules: &[Rule], givens: &[u8]) -> Result<bool, GenError> {
        Ok(self.check(rules, givens, None)? == Some(true))
    }

    /// [`Oracle::unique`] for a puzzle made from a unique one by losing the sum `off` of a
    /// cage (a dropped sum, or a merge): every other solution breaks that sum.
    fn unique_off(
        &mut self,
        rules: &[Rule],
        givens: &[u8],
        off: (&[Pos], u32),
    ) -> Result<bool, GenError> {
        Ok(self.check(rules, givens, Some(off))? == Some(true))
    }

    /// [`Oracle::unique`] telling "another solution" (`Some(false)`) from "the check ran out
    /// of conflicts" (`None`).
    fn check(
        &mut self,
        rules: &[Rule],
        givens: &[u8],
        off: Option<(&[Pos], u32)>,
    ) -> Result<Option<bool>, GenError> {
        if self.out_of_time() {
            return Err(GenError::Budget { attempts: 1 });
        }
        // Newest first: a second solution of a recent, similar question refutes most often.
        if self
            .witnesses
            .iter()
            .rev()
            .any(|w| keeps(self.base, rules, givens, w))
        {
            self.witness_hits += 1;
            return Ok(Some(false));
        }
        let budget = Budget {
            nodes: Some(self.conflicts),
            time: self
                .budget
                .time
                .map(|t| t.saturating_sub(self.start.elapsed())),
            cancel: self.budget.cancel.clone(),
        };
        if self.abandoned {
            return Ok(Some(false));
        }
        if let Some((search, nodes)) = &self.search {
            let implied = sudokit_sat::rules::implied_sums(self.base, rules);
            match search.other_solution_off(rules, &implied, givens, &self.solution, off, *nodes) {
                Some(Found::Unique) => {
                    self.search_hits += 1;
                    return Ok(Some(true));
                }
                Some(Found::Other(other)) => {
                    let layout = Arc::new((**self.base).clone());
                    if !keeps(self.base, rules, givens, &other)
                        || check_grid(&Grid::from_values(layout, other.clone())).is_err()
                    {
                        return Err(GenError::Engine(
                            "the killer search returned a grid that breaks a rule".into(),
                        ));
                    }
                    self.search_hits += 1;
                    self.witnesses.push(other);
                    return Ok(Some(false));
                }
                Some(Found::OutOfNodes) | None => {}
            }
        }
        if let SatMode::Session(slot) = &mut self.sat {
            let session = slot
                .get_or_insert_with(|| Box::new(Session::new(self.base.clone(), &self.solution)));
            let mut budget = budget;
            let spent = session.conflicts();
            if let Some(limit) = self.grid_conflicts {
                if spent >= limit {
                    self.abandoned = true;
                    return Ok(Some(false));
                }
                budget.nodes = budget.nodes.map(|n| n.min(limit - spent));
            }
            self.sat_calls += 1;
            let found = session
                .other_solution_off(rules, off, &budget)
                .map_err(|e| GenError::Engine(e.to_string()))?;
            if found.is_none()
                && self
                    .grid_conflicts
                    .is_some_and(|limit| session.conflicts() >= limit)
            {
                self.abandoned = true;
                return Ok(Some(false));
            }
            return match found {
                Some(None) => Ok(Some(true)),
                Some(Some(other)) => {
                    self.witnesses.push(other);
                    Ok(Some(false))
                }
                None if self.out_of_time() => Err(GenError::Budget { attempts: 1 }),
                None => Ok(None),
            };
        }
        let layout = self
            .base
            .with_rules(rules.iter().cloned())
            .map_err(|e| GenError::Unsupported(e.to_string()))?;
        let grid = Grid::from_values(Arc::new(layout), givens.to_vec());
        let avoid: Vec<(usize, u8)> = self
            .solution
            .iter()
            .enumerate()
            .filter(|&(c, _)| givens[c] == 0)
            .map(|(c, &d)| (c, d))
            .collect();
        self.sat_calls += 1;
        let found = Sat::new()
            .solution_avoiding_near(&grid, &avoid, Some(&self.solution), &budget)
            .map_err(|e| GenError::Engine(e.to_string()))?;
        match found {
            Some(None) => Ok(Some(true)),
            Some(Some(other)) => {
                self.witnesses.push(other.values().to_vec());
                Ok(Some(false))
            }
            None if self.out_of_time() => Err(GenError::Budget { attempts: 1 }),
            None => Ok(None),
        }
    }
}

/// Grids near `solution` that keep the houses and the base layout's own `rules` (every
/// two-digit swap set and two-line swap, checked): second solutions ready before any search,
/// so most candidate cage sets that are not unique never reach the solver.
fn near_solutions(plain: &Layout, rules: &[Rule], solution: &[u8]) -> Vec<Vec<u8>> {
    let mut changes = crate::swap::line_swaps(plain.size(), solution);
    if let Some(sets) = crate::swap::SwapSets::new(plain, solution) {
        changes.extend(sets.all(plain, solution));
    }
    let layout = Arc::new(plain.clone());
    let mut out: Vec<Vec<u8>> = Vec::new();
    for change in changes {
        let mut w = solution.to_vec();
        change.iter().for_each(|&(c, d)| w[c] = d);
        if keeps(plain, rules, &[], &w)
            && !out.contains(&w)
            && check_grid(&Grid::from_values(layout.clone(), w.clone())).is_ok()
        {
            out.push(w);
        }
    }
    out
}

/// Whether the full grid `w` (a solution of the houses of `plain`) keeps `givens` (0 for
/// none) and `rules`, by the rules' own definitions: killer cages checked here directly
/// (distinct digits, the sum) — the generator asks this thousands of times a puzzle and
/// almost always gets "no", which the general check answers with a formatted reason — and
/// every other rule by [`Rule::check`].
fn keeps(plain: &Layout, rules: &[Rule], givens: &[u8], w: &[u8]) -> bool {
    let n = plain.size();
    let filled = Filled {
        n,
        region_of: plain.region_map(),
        values: w,
        rules,
    };
    givens.iter().zip(w).all(|(&g, &v)| g == 0 || g == v)
        && rules.iter().all(|rule| match rule {
            Rule::Killer { cells, sum } if n < 64 => {
                let (mut seen, mut total) = (0u64, 0u32);
                cells.iter().all(|p| {
                    let bit = 1u64 << w[p.index(n)];
                    let fresh = seen & bit == 0;
                    seen |= bit;
                    total += u32::from(w[p.index(n)]);
                    fresh
                }) && sum.is_none_or(|s| s == total)
            }
            _ => rule.check(&filled).is_ok(),
        })
}

/// The base layout's own rules (kept under every generated puzzle).
fn own_rules(layout: &Layout) -> Vec<Rule> {
    layout.rules().to_vec()
}

/// A random solution of `layout` (with its rules): sat started next to a random full grid.
fn random_solution(
    layout: &Arc<Layout>,
    rng: &mut Rng,
    budget: &Budget,
    start: Instant,
) -> Result<Option<Vec<u8>>, GenError> {
    let plain = Arc::new(layout.without_rules());
    let near = random_grid_within(&plain, rng, 8, true, budget, start)?;
    if !layout.has_rules() {
        return Ok(Some(near.values().to_vec()));
    }
    let empty = Grid::from_values(layout.clone(), vec![0; layout.cell_count()]);
    let found = Sat::new()
        .solution_near(&empty, near.values(), budget)
        .map_err(|e| GenError::Engine(e.to_string()))?;
    match found {
        Some(found) => Ok(found.map(|g| g.values().to_vec())),
        None => Err(GenError::Budget { attempts: 1 }),
    }
}

fn neighbours(p: Pos, n: usize) -> impl Iterator<Item = Pos> {
    let (r, c) = (p.row as isize, p.col as isize);
    [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        .into_iter()
        .filter(move |&(r, c)| r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n)
        .map(|(r, c)| Pos::new(r as usize, c as usize))
}

/// Random cages of `min..=min + 1` cells (digits of `solution` distinct in each) covering
/// the grid; a cage left smaller than `min` joins a neighbouring cage when one has room.
/// `None` when some cell could not be placed in a cage of at least `min` cells.
fn random_cages(
    n: usize,
    solution: &[u8],
    min: usize,
    max: usize,
    rng: &mut Rng,
) -> Option<Vec<Vec<Pos>>> {
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    let mut cages: Vec<Vec<Pos>> = Vec::new();
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let digit = |p: Pos| solution[p.index(n)];
    for &start in &order {
        if owner[start].is_some() {
            continue;
        }
        let target = min + rng.below(2);
        let mut cage = vec![Pos::from_index(start, n)];
        owner[start] = Some(cages.len());
        while cage.len() < target {
            let mut frontier: Vec<Pos> = cage
                .iter()
                .flat_map(|&p| neighbours(p, n))
                .filter(|q| owner[q.index(n)].is_none())
                .filter(|&q| cage.iter().all(|&p| digit(p) != digit(q)))
                .collect();
            frontier.sort();
            frontier.dedup();
            if frontier.is_empty() {
                break;
            }
            let q = *rng.pick(&frontier);
            owner[q.index(n)] = Some(cages.len());
            cage.push(q);
        }
        cages.push(cage);
    }
    // Cages below the minimum join a neighbouring cage with room and distinct digits.
    for i in 0..cages.len() {
        if cages[i].is_empty() || cages[i].len() >= min {
            continue;
        }
        let mut hosts: Vec<usize> = cages[i]
            .iter()
            .flat_map(|&p| neighbours(p, n))
            .filter_map(|q| owner[q.index(n)])
            .filter(|&j| j != i && cages[j].len() + cages[i].len() <= max)
            .filter(|&j| {
                cages[j]
                    .iter()
                    .all(|&q| cages[i].iter().all(|&p| digit(p) != digit(q)))
            })
            .collect();
        hosts.sort_unstable();
        hosts.dedup();
        if hosts.is_empty() {
            return None;
        }
        let j = *rng.pick(&hosts);
        let moved = std::mem::take(&mut cages[i]);
        for &p in &moved {
            owner[p.index(n)] = Some(j);
        }
        cages[j].extend(moved);
    }
    cages.retain(|c| !c.is_empty());
    Some(cages)
}

/// A change the minimality pass tries.
#[derive(Clone, Copy, Debug)]
enum Change {
    Merge(usize, usize),
    DropSum(usize),
}

fn adjacent(a: &[Pos], b: &[Pos]) -> bool {
    a.iter().any(|p| b.iter().any(|q| p.is_orthogonal_to(*q)))
}

/// Every merge (adjacent, within `max` cells, digits distinct) and every sum drop of `cages`.
fn changes(cages: &[Cage], solution: &[u8], n: usize, max: usize, merges: bool) -> Vec<Change> {
    let mut out = Vec::new();
    for i in 0..cages.len() {
        if cages[i].sum.is_some() {
            out.push(Change::DropSum(i));
        }
        if !merges {
            continue;
        }
        for j in i + 1..cages.len() {
            let (a, b) = (&cages[i].cells, &cages[j].cells);
            let distinct = a.iter().all(|&p| {
                b.iter()
                    .all(|&q| solution[p.index(n)] != solution[q.index(n)])
            });
            if a.len() + b.len() <= max && distinct && adjacent(a, b) {
                out.push(Change::Merge(i, j));
            }
        }
    }
    out
}

fn apply(cages: &[Cage], change: Change) -> Vec<Cage> {
    let mut out = cages.to_vec();
    match change {
        Change::DropSum(i) => out[i].sum = None,
        Change::Merge(i, j) => {
            let b = out.remove(j);
            let a = &mut out[i];
            a.cells.extend(b.cells);
            a.sum = a.sum.zip(b.sum).map(|(x, y)| x + y);
        }
    }
    out
}

fn with_base(base: &[Rule], cages: &[Cage]) -> Vec<Rule> {
    base.iter()
        .cloned()
        .chain(cages.iter().map(Cage::rule))
        .collect()
}

/// Givens from the oracle's solution that make `rules` unique: while a second solution
/// exists, the cell where it differs that most known second solutions also change becomes a
/// given; then each given, in random order, goes when the puzzle stays unique without it.
/// `Ok(Err(cells))` when more than `max` givens would be needed: the cells where the last
/// second solution differs.
fn place_givens(
    oracle: &mut Oracle<'_>,
    rules: &[Rule],
    max: Option<usize>,
    rng: &mut Rng,
) -> Result<Result<Vec<u8>, Vec<Pos>>, GenError> {
    let solution = oracle.solution.clone();
    let mut givens = vec![0u8; solution.len()];
    let mut placed: Vec<usize> = Vec::new();
    while !oracle.unique(rules, &givens)? {
        let open: Vec<&Vec<u8>> = (oracle.witnesses.iter())
            .filter(|w| keeps(oracle.base, rules, &givens, w))
            .collect();
        let Some(other) = open.last() else {
            // The check ran out of conflicts: no second solution to place a given against.
            return Err(GenError::Budget { attempts: 1 });
        };
        let refuted = |c: usize| open.iter().filter(|w| w[c] != solution[c]).count();
        let Some(c) = (0..solution.len())
            .filter(|&c| other[c] != solution[c])
            .max_by_key(|&c| (refuted(c), std::cmp::Reverse(c)))
        else {
            return Err(GenError::Engine(
                "a second solution equal to the first".into(),
            ));
        };
        if max.is_some_and(|m| placed.len() >= m) {
            let n = oracle.base.size();
            return Ok(Err((0..solution.len())
                .filter(|&c| other[c] != solution[c])
                .map(|c| Pos::from_index(c, n))
                .collect()));
        }
        givens[c] = solution[c];
        placed.push(c);
    }
    rng.shuffle(&mut placed);
    for c in placed {
        givens[c] = 0;
        if !oracle.unique(rules, &givens)? {
            givens[c] = solution[c];
        }
    }
    Ok(Ok(givens))
}

/// `counts[k][s]`: how many sets of `k` distinct digits from 1 to `n` sum to `s`.
fn set_counts(n: usize) -> Vec<Vec<u64>> {
    let max = n * (n + 1) / 2;
    let mut counts = vec![vec![0u64; max + 1]; n + 1];
    counts[0][0] = 1;
    for d in 1..=n {
        for k in (1..=d).rev() {
            for s in (d..=max).rev() {
                counts[k][s] += counts[k - 1][s - d];
            }
        }
    }
    counts
}

/// How little a change's lost sum says: the digit sets its cage's size and sum allow (for a
/// merge, the fewer of the two cages'); a sum many sets make goes with little loss, so such
/// a change more often keeps the puzzle unique.
fn vagueness(cages: &[Cage], change: Change, counts: &[Vec<u64>]) -> u64 {
    let sets = |c: &Cage| c.sum.map_or(0, |s| counts[c.cells.len()][s as usize]);
    match change {
        Change::DropSum(i) => sets(&cages[i]),
        Change::Merge(i, j) => sets(&cages[i]).min(sets(&cages[j])),
    }
}

/// Merges and drops sums while the puzzle stays unique, until no change keeps it unique.
fn minimise(
    oracle: &mut Oracle<'_>,
    base: &[Rule],
    mut cages: Vec<Cage>,
    max: usize,
    merges: bool,
    givens: &[u8],
    rng: &mut Rng,
) -> Result<Vec<Cage>, GenError> {
    let n = oracle.base.size();
    let sets = set_counts(n);
    'again: loop {
        let mut todo = changes(&cages, &oracle.solution, n, max, merges);
        rng.shuffle(&mut todo);
        // Stable after the shuffle: the changes that lose the least information first.
        todo.sort_by_key(|&change| std::cmp::Reverse(vagueness(&cages, change, &sets)));
        for change in todo {
            let next = apply(&cages, change);
            // The sum the change loses: every second solution breaks it, since `cages` is
            // unique; a merge of two cages without sums only adds a constraint.
            let off = match change {
                Change::DropSum(i) => cages[i].sum.map(|s| (&cages[i].cells[..], s)),
                Change::Merge(i, j) => match (cages[i].sum, cages[j].sum) {
                    (Some(s), _) => Some((&cages[i].cells[..], s)),
                    (None, Some(s)) => Some((&cages[j].cells[..], s)),
                    (None, None) => None,
                },
            };
            let unique = match off {
                Some(off) => oracle.unique_off(&with_base(base, &next), givens, off)?,
                None => true,
            };
            if unique {
                cages = next;
                continue 'again;
            }
        }
        return Ok(cages);
    }
}

/// Whether no merge within `max` cells and no dropped sum of the killer puzzle keeps it
/// unique (every such change checked by `sat` from scratch, no witnesses): the minimality
/// [`generate_killer`] promises. `Err` names a change that keeps it unique, or a check that
/// ran out of `conflicts`.
pub fn killer_is_minimal(
    puzzle: &Grid,
    solution: &Grid,
    max: usize,
    conflicts: u64,
) -> Result<(), String> {
    let layout = puzzle.layout();
    let base: Vec<Rule> = layout
        .rules()
        .iter()
        .filter(|r| !matches!(r, Rule::Killer { .. }))
        .cloned()
        .collect();
    let cages: Vec<Cage> = layout
        .rules()
        .iter()
        .filter_map(|r| match r {
            Rule::Killer { cells, sum } => Some(Cage {
                cells: cells.clone(),
                sum: *sum,
            }),
            _ => None,
        })
        .collect();
    let plain = Arc::new(layout.without_rules());
    let n = layout.size();
    let mut oracle = Oracle {
        sat: SatMode::Fresh,
        search: None,
        search_hits: 0,
        base: &plain,
        solution: solution.values().to_vec(),
        witnesses: Vec::new(),
        conflicts,
        budget: &Budget::default(),
        start: Instant::now(),
        sat_calls: 0,
        witness_hits: 0,
        grid_conflicts: None,
        abandoned: false,
    };
    for change in changes(&cages, solution.values(), n, max, true) {
        // Every change is checked by the solver itself, not by a witness of another.
        oracle.witnesses.clear();
        match oracle.check(
            &with_base(&base, &apply(&cages, change)),
            puzzle.values(),
            None,
        ) {
            Ok(Some(false)) => {}
            Ok(Some(true)) => return Err(format!("{change:?} keeps the puzzle unique")),
            Ok(None) => return Err(format!("{change:?}: the check ran out of conflicts")),
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(())
}

/// A killer puzzle made from `seed`: cages covering the grid with sums, no givens, a unique
/// solution, minimal (see the module docs). The same config and seed give the same puzzle.
pub fn generate_killer(config: &KillerConfig, seed: u64) -> Result<VariantPuzzle, GenError> {
    let start = Instant::now();
    let layout = &config.layout;
    let n = layout.size();
    if config.min_cage < 1 || config.min_cage > config.max_cage || config.max_cage > n {
        return Err(GenError::Unsupported(format!(
            "cage sizes {}..={} do not fit a {n}x{n} grid",
            config.min_cage, config.max_cage
        )));
    }
    let base = own_rules(layout);
    let plain = Arc::new(layout.without_rules());
    let mut rng = Rng::new(seed);
    let givens = vec![0u8; n * n];
    for attempt in 1..=ATTEMPTS {
        // A solution that keeps the layout's own rules and, with fixed cages, their digits apart.
        let shaped = match &config.cages {
            Some(cages) => Arc::new(
                layout
                    .with_rules(cages.iter().map(|c| Rule::Killer {
                        cells: c.clone(),
                        sum: None,
                    }))
                    .map_err(|e| GenError::Unsupported(e.to_string()))?,
            ),
            None => layout.clone(),
        };
        let Some(solution) = random_solution(&shaped, &mut rng, &config.budget, start)? else {
            return Err(GenError::NoGrid {
                layout: shaped.describe(),
            });
        };
        let cells = match &config.cages {
            Some(cages) => cages.clone(),
            None => match random_cages(n, &solution, config.min_cage, config.max_cage, &mut rng) {
                Some(c) => c,
                None => continue,
            },
        };
        let cages: Vec<Cage> = cells
            .into_iter()
            .map(|cells| {
                let sum = cells.iter().map(|p| u32::from(solution[p.index(n)])).sum();
                Cage {
                    cells,
                    sum: Some(sum),
                }
            })
            .collect();
        let mut oracle = Oracle {
            sat: SatMode::Session(None),
            search: (config.search_nodes > 0)
                .then(|| KillerSearch::new(&plain).map(|s| (s, config.search_nodes)))
                .flatten(),
            search_hits: 0,
            base: &plain,
            solution: solution.clone(),
            witnesses: near_solutions(&plain, &base, &solution),
            conflicts: config.budget.nodes.unwrap_or(CHECK_CONFLICTS),
            budget: &config.budget,
            start,
            sat_calls: 0,
            witness_hits: 0,
            grid_conflicts: config.grid_conflicts.filter(|_| config.cages.is_none()),
            abandoned: false,
        };
        let mut givens = givens.clone();
        if !oracle.unique(&with_base(&base, &cages), &givens)? {
            if config.cages.is_none() || attempt < GIVENLESS_TRIES {
                continue;
            }
            // Fixed cages that are not unique alone: givens from the solution.
            oracle.sat = SatMode::Fresh;
            let rules = with_base(&base, &cages);
            givens = match place_givens(&mut oracle, &rules, config.max_givens, &mut rng)? {
                Ok(g) => g,
                Err(free) => {
                    let cells: Vec<String> = free.iter().map(|p| p.to_string()).collect();
                    return Err(GenError::Unsupported(format!(
                        "the given cages need more than {} givens for a unique puzzle: with \
                         that many a second solution keeps every cage sum (it differs in {}); \
                         allow more givens, or split or reshape the cages there",
                        config.max_givens.unwrap_or(0),
                        cells.join(" ")
                    )));
                }
            };
        }
        let merges = config.cages.is_none();
        let cages = minimise(
            &mut oracle,
            &base,
            cages,
            config.max_cage,
            merges,
            &givens,
            &mut rng,
        )?;
        if oracle.abandoned {
            continue;
        }
        let rules = with_base(&base, &cages);
        let with = Arc::new(
            plain
                .with_rules(rules)
                .map_err(|e| GenError::Unsupported(e.to_string()))?,
        );
        return Ok(VariantPuzzle {
            puzzle: Grid::from_values(with.clone(), givens),
            solution: Grid::from_values(with, solution),
            sat_calls: oracle.sat_calls,
            witness_hits: oracle.witness_hits,
            search_hits: oracle.search_hits,
            attempts: attempt,
        });
    }
    Err(GenError::Budget { attempts: ATTEMPTS })
}

/// Givens for the fixed rule set of `layout` made from `seed`: a random solution of the
/// rules, then one removal pass in random order keeping the puzzle unique. The puzzle is
/// minimal: no given can go. `budget` as in [`KillerConfig::budget`].
pub fn generate_givens(
    layout: &Arc<Layout>,
    seed: u64,
    budget: &Budget,
) -> Result<VariantPuzzle, GenError> {
    let start = Instant::now();
    let n = layout.size();
    let mut rng = Rng::new(seed);
    let Some(solution) = random_solution(layout, &mut rng, budget, start)? else {
        return Err(GenError::NoGrid {
            layout: layout.describe(),
        });
    };
    let base = own_rules(layout);
    let plain = Arc::new(layout.without_rules());
    let mut oracle = Oracle {
        sat: SatMode::Fresh,
        search: KillerSearch::new(&plain).map(|s| (s, SEARCH_NODES)),
        search_hits: 0,
        base: &plain,
        solution: solution.clone(),
        witnesses: Vec::new(),
        conflicts: budget.nodes.unwrap_or(CHECK_CONFLICTS),
        budget,
        start,
        sat_calls: 0,
        witness_hits: 0,
        grid_conflicts: None,
        abandoned: false,
    };
    let mut givens = solution.clone();
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    for c in order {
        let kept = givens[c];
        givens[c] = 0;
        if !oracle.unique(&base, &givens)? {
            givens[c] = kept;
        }
    }
    Ok(VariantPuzzle {
        puzzle: Grid::from_values(layout.clone(), givens),
        solution: Grid::from_values(layout.clone(), solution),
        sat_calls: oracle.sat_calls,
        witness_hits: oracle.witness_hits,
        search_hits: oracle.search_hits,
        attempts: 1,
    })
}

#[cfg(test)]
mod tests {
    use super::set_counts;

    #[test]
    fn set_counts_match_an_enumeration_of_digit_sets() {
        for n in [4usize, 9] {
            let counts = set_counts(n);
            for m in 0u32..1 << n {
                let k = m.count_ones() as usize;
                let s: usize = (0..n).filter(|d| m >> d & 1 == 1).map(|d| d + 1).sum();
                let same = (0u32..1 << n)
                    .filter(|o| o.count_ones() as usize == k)
                    .filter(|o| {
                        (0..n)
                            .filter(|d| o >> d & 1 == 1)
                            .map(|d| d + 1)
                            .sum::<usize>()
                            == s
                    })
                    .count();
                assert_eq!(counts[k][s], same as u64, "n {n}, {k} digits, sum {s}");
            }
        }
        assert_eq!(set_counts(9)[2][10], 4);
    }
}
