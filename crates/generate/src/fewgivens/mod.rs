//! Targeted search for symmetric 9×9 puzzles with few givens (seed `002`'s table): a unique
//! puzzle whose givens are symmetric in a class and number at most K, found on purpose rather
//! than by random generation, which cannot reach the tail (see docs/generate.md).
//!
//! Five methods, all seeded (everything random flows from one `u64` through [`Rng`], so a run
//! replays exactly) and both bounded by a [`Budget`] of tries, time and a cancel flag:
//! - [`Method::Neighbour`] ([`neighbour`]): a walk over unique symmetric puzzles by orbit moves
//!   {-k+j} (the forums' "-2+1", "-3+2" searches), accepting moves that keep the count so the
//!   walk leaves plateaus; with seed puzzles, the walks start from them (each seed's smallest
//!   closure, in the standard orientation) instead of fresh random grids;
//! - [`Method::Pattern`] ([`pattern`]): fix a symmetric pattern of exactly K cells and search
//!   digit assignments for it, up to relabelling, that have exactly one completion;
//! - [`Method::Exhaustive`] ([`exhaustive`]): every symmetric pattern of exactly K cells
//!   (refused above [`pattern::MOST_PATTERNS`]; full dihedral has 512 of 20 givens) in a
//!   fixed order, or an index range of it, each searched to the end or its node cap, with a
//!   look-ahead near the leaves that keeps only digits some unique completion has; the
//!   patterns are independent, so they run on several workers and shard by index;
//! - [`Method::Closure`] ([`closure`]): close known minimal puzzles (seed puzzles from a file,
//!   e.g. the public 17-clue list) under every conjugate of the class, then remove orbits while
//!   the puzzle stays unique. Its hits carry an [`Origin`] naming the seed puzzle and the
//!   conjugate, since they are sudokit's search result seeded by a public collection.
//! - [`Method::Hitting`] ([`hitting`]): per solution grid (of a seed puzzle, uniformly
//!   random, or automorphic under a rotation or diagonal reflection: [`automorphic`]), every union of a conjugate's orbits of at most K cells that hits all of the
//!   grid's unavoidable sets, found by a hitting-set search; its hits carry an [`Origin`] too.
//!
//! Design decision: a move never needs a count to two. A neighbour move removes k orbits,
//! enumerates *every* solution of the smaller puzzle with `fast` (up to [`SOLUTION_CAP`]), and
//! adds back orbits whose digits in one solution appear in no other: that puzzle is unique by
//! construction, and all moves of one removal come from one enumeration. Every hit is then
//! checked the way `sudokit check` does it, by an engine the search did not use ([`verify`]:
//! `dlx` for the count and minimality), before it is reported.

pub mod automorphic;
pub mod closure;
pub mod exhaustive;
pub mod hitting;
pub mod neighbour;
pub mod pattern;

use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sudokit_core::{Grid, Layout};

use crate::check::properties;
use crate::unique::{Checker, Count};
use crate::{GenError, Rng, Symmetry};

/// The fewest givens a unique 9×9 puzzle can have (McGuire, Tugemann and Civario, 2012).
pub const FEWEST_9X9: usize = 17;

/// Solutions of a reduced puzzle enumerated per neighbour move; more and the move is skipped.
pub const SOLUTION_CAP: u64 = 400;

/// Which targeted search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Orbit moves {-k+j} from unique symmetric puzzles (the default).
    Neighbour,
    /// Digit assignments to fixed symmetric patterns of K cells.
    Pattern,
    /// Closure of seed puzzles under the class's conjugates, then orbit removal.
    Closure,
    /// Every pattern of K cells in turn, each searched to the end (or its node cap).
    Exhaustive,
    /// Orbit sets hitting every unavoidable set of a grid (the seeds' solutions, or random).
    Hitting,
}

impl Method {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Method::Neighbour => "neighbour",
            Method::Pattern => "pattern",
            Method::Closure => "closure",
            Method::Exhaustive => "exhaustive",
            Method::Hitting => "hitting",
        }
    }
}

impl std::str::FromStr for Method {
    type Err = String;
    fn from_str(s: &str) -> Result<Method, String> {
        match s {
            "neighbour" | "neighbor" => Ok(Method::Neighbour),
            "pattern" => Ok(Method::Pattern),
            "closure" => Ok(Method::Closure),
            "exhaustive" => Ok(Method::Exhaustive),
            "hitting" => Ok(Method::Hitting),
            _ => Err(format!(
                "unknown method '{s}' (neighbour, pattern, exhaustive, closure, hitting)"
            )),
        }
    }
}

/// What a search may spend; `None` fields are unlimited (at least one should be set).
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Tries: neighbour moves, complete pattern assignments (both pattern methods), closures reduced, or (grid,
    /// conjugate) pairs searched by the hitting method.
    pub tries: Option<u64>,
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// Hits after which the search stops.
    pub hits: Option<u64>,
    /// Stop as soon as this flag is set.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// At most `tries` tries.
    pub fn tries(tries: u64) -> Budget {
        Budget {
            tries: Some(tries),
            ..Budget::default()
        }
    }
}

/// One search's target and seed.
#[derive(Clone, Debug)]
pub struct Target {
    /// The symmetry class of the givens.
    pub symmetry: Symmetry,
    /// At most this many givens.
    pub givens: usize,
    /// The method.
    pub method: Method,
    /// The seed; the same seed and budget of tries give the same hits.
    pub seed: u64,
    /// Closure method: how many givens above K a closure may have and still be reduced
    /// (`None`: [`closure::closure_cap`]'s default, K + 6 or two of the class's largest
    /// orbits). Seeds with more givens than 17 need more: a 22-given seed's closure has at
    /// least 22.
    pub closure_slack: Option<usize>,
    /// Exhaustive method: the indices, in [`exhaustive::pattern_order`], of the patterns to
    /// search (`None`: all of them). An empty range, or one past the last pattern, is refused.
    pub patterns: Option<Range<usize>>,
    /// Exhaustive method: search nodes per pattern (`None`:
    /// [`pattern::NODES_PER_EXHAUSTIVE_PATTERN`]).
    pub node_cap: Option<u64>,
    /// Hitting method: take grids automorphic under this map ([`automorphic`]) instead of
    /// uniformly random ones (`None`: uniform grids, or the seeds' solutions).
    pub automorphic: Option<automorphic::Automorphism>,
    /// Hitting method on automorphic grids: search only the conjugates whose orbits the
    /// grid's map keeps ([`automorphic::aligned`]: puzzles whose clue digits are symmetric
    /// too); `false`: those first, then every other conjugate.
    pub aligned_only: bool,
}

impl Target {
    /// A target: at most `givens` givens symmetric in `symmetry`, by `method` from `seed`.
    pub fn new(symmetry: Symmetry, givens: usize, method: Method, seed: u64) -> Target {
        Target {
            symmetry,
            givens,
            method,
            seed,
            closure_slack: None,
            patterns: None,
            node_cap: None,
            automorphic: None,
            aligned_only: false,
        }
    }

    /// The most givens a closure may have and still be reduced: K + `closure_slack` when set,
    /// else [`closure::closure_cap`].
    pub fn closure_cap(&self) -> usize {
        self.closure_slack.map_or_else(
            || closure::closure_cap(self.symmetry, self.givens),
            |s| self.givens + s,
        )
    }
}

/// Counters of a search so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Tries made (see [`Budget::tries`]).
    pub tries: u64,
    /// `fast` searches run (enumerations, counts and first-solution searches).
    pub checks: u64,
    /// Fresh starts (new grid, new pattern or new seed puzzle; patterns started, for the
    /// exhaustive method).
    pub restarts: u64,
    /// The fewest givens of a unique symmetric puzzle reached (0 before the first).
    pub fewest: usize,
    /// Hits reported.
    pub hits: u64,
    /// Search nodes of the hitting method (partial orbit sets visited).
    pub nodes: u64,
    /// Searches left unfinished by their own node cap (hitting: conjugates of a grid not
    /// searched to the end, so the grid may hold hits that were not found; exhaustive:
    /// patterns cut by their node cap, [`Target::node_cap`]).
    pub incomplete: u64,
    /// Patterns searched to the end (exhaustive method): every unique puzzle on them with
    /// digits up to relabelling was met.
    pub exhausted: u64,
    /// The hitting method's automorphic grids ran out before the budget: a thousand fill
    /// attempts in a row stalled or met grids already searched (e.g. rot90, which has only
    /// about 560 essentially different automorphic grids), so the run ended early.
    pub grids_ran_out: bool,
}

/// A puzzle with at most K givens, unique, minimal and symmetric ([`verify`] passed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The puzzle, row-major, `0` for empty.
    pub puzzle: [u8; 81],
    /// Its givens.
    pub givens: usize,
    /// The try on which it was found.
    pub try_index: u64,
    /// Where a [`Method::Closure`] or [`Method::Hitting`] hit, or a [`Method::Neighbour`] hit
    /// of a walk from a seed puzzle, came from (`None` otherwise).
    pub origin: Option<Origin>,
    /// The index, in [`exhaustive::pattern_order`], of the pattern an exhaustive hit was
    /// found on (`None` for the other methods); its `try_index` then counts within that
    /// pattern.
    pub pattern: Option<usize>,
}

/// A seed puzzle of [`Method::Closure`]: a unique 9×9 puzzle and a number naming it (its line
/// in the file it came from).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedPuzzle {
    /// Its number (the line of its file, from 1).
    pub id: u64,
    /// The puzzle, row-major, `0` for empty.
    pub values: [u8; 81],
}

impl SeedPuzzle {
    /// The seed puzzle of a line's first field (81 symbols: `1`-`9`, `.` or `0` for empty),
    /// numbered `id`; `None` when it is not one.
    pub fn parse(id: u64, line: &str) -> Option<SeedPuzzle> {
        let field = line.split_whitespace().next()?;
        let values: Option<Vec<u8>> = field
            .bytes()
            .map(|b| match b {
                b'1'..=b'9' => Some(b - b'0'),
                b'.' | b'0' => Some(0),
                _ => None,
            })
            .collect();
        let values = values?.try_into().ok()?;
        Some(SeedPuzzle { id, values })
    }
}

/// The provenance of a closure, hitting or seeded neighbour hit: which seed puzzle (closed,
/// whose solution grid was searched, or whose closure a walk started from) under which
/// conjugate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// [`Method::Closure`], [`Method::Hitting`] or [`Method::Neighbour`] (a walk started from
    /// the seed's smallest closure).
    pub method: Method,
    /// The seed puzzle's [`SeedPuzzle::id`] (0: a uniformly random grid of the hitting
    /// method).
    pub seed: u64,
    /// The transformation taking the class's orbits onto the conjugate's (standard cell d is
    /// the seed's cell `transform.apply(d)`).
    pub transform: closure::Transform,
    /// Givens of the seed puzzle.
    pub seed_givens: usize,
    /// Givens of its closure (before orbits were removed); the hit's own for the hitting
    /// method.
    pub closure_givens: usize,
    /// The seed puzzle the hit equals up to grid transformation and relabelling, if any: then
    /// it is a puzzle *from the public collection*, not sudokit's own find (hitting method).
    pub public: Option<u64>,
    /// Hitting method on an automorphic grid: the grid's map g and digit permutation π.
    pub automorphism: Option<(automorphic::GridMap, automorphic::DigitPerm)>,
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.method == Method::Hitting {
            match (self.seed, self.automorphism) {
                (0, Some((g, pi))) => write!(
                    f,
                    "a grid automorphic under {} with digit permutation {pi}",
                    g.name()
                )?,
                (0, None) => write!(f, "a uniformly random grid")?,
                (s, _) => write!(
                    f,
                    "the solution grid of seed #{s} ({} givens)",
                    self.seed_givens
                )?,
            }
            write!(
                f,
                ", unavoidable-set hitting under conjugate by {}",
                self.transform
            )?;
            if let Some(p) = self.public {
                write!(
                    f,
                    "; equal to seed #{p} up to transformation: FROM THE PUBLIC COLLECTION"
                )?;
            }
            return Ok(());
        }
        if self.method == Method::Neighbour {
            write!(f, "neighbour walk from ")?;
        }
        write!(
            f,
            "seed #{} ({} givens), closure {} givens under conjugate by {}",
            self.seed, self.seed_givens, self.closure_givens, self.transform
        )
    }
}

impl Hit {
    /// The 81 symbols (`.` for empty).
    pub fn line(&self) -> String {
        line(&self.puzzle)
    }
}

/// The 81 symbols of a puzzle (`.` for empty).
pub fn line(values: &[u8; 81]) -> String {
    values
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
}

/// Whether some union of orbits of `symmetry` has exactly `k` cells (the article's asterisks:
/// 90° orbits hold 4 cells or the centre, so 19 givens are impossible there).
pub fn pattern_exists(symmetry: Symmetry, k: usize) -> bool {
    let mut reach = [false; 82];
    reach[0] = true;
    for orbit in symmetry.orbits(9) {
        for s in (orbit.len()..=81).rev() {
            if reach[s - orbit.len()] {
                reach[s] = true;
            }
        }
    }
    reach.get(k).copied().unwrap_or(false)
}

/// Refuses targets no search can meet: fewer than 17 givens, more than 81, a count no
/// symmetric pattern of the class has, or (exhaustive method) more patterns than
/// [`pattern::MOST_PATTERNS`].
pub fn check_target(target: &Target) -> Result<(), GenError> {
    exhaustive_patterns(target).map(|_| ())
}

/// [`check_target`], returning the patterns the exhaustive method will search (none for the
/// other methods).
fn exhaustive_patterns(target: &Target) -> Result<Vec<Vec<usize>>, GenError> {
    if target.givens < FEWEST_9X9 || target.givens > 81 {
        return Err(GenError::BadGivens(format!(
            "{} givens: a unique 9x9 puzzle has 17 to 81",
            target.givens
        )));
    }
    if !pattern_exists(target.symmetry, target.givens) {
        return Err(GenError::BadGivens(format!(
            "no {} pattern has {} givens",
            target.symmetry, target.givens
        )));
    }
    if target.closure_slack.is_some() && target.method != Method::Closure {
        return Err(GenError::BadTarget(format!(
            "a closure slack applies to the closure method, not {}",
            target.method.name()
        )));
    }
    if target.aligned_only && target.automorphic.is_none() {
        return Err(GenError::BadTarget(
            "aligned conjugates only apply to automorphic grids".into(),
        ));
    }
    if target.automorphic.is_some() && target.method != Method::Hitting {
        return Err(GenError::BadTarget(format!(
            "automorphic grids apply to the hitting method only, not {}",
            target.method.name()
        )));
    }
    if let (true, Some(auto)) = (target.aligned_only, target.automorphic) {
        // With no conjugate the map keeps, an aligned-only run would draw grid after grid and
        // search none of them: no try is ever counted, so a budget of tries never ends it.
        let maps: &[automorphic::GridMap] = match &auto {
            automorphic::Automorphism::Map(m) => std::slice::from_ref(m),
            automorphic::Automorphism::Any => &automorphic::GridMap::ALL,
        };
        let conj = closure::conjugates(target.symmetry);
        if !maps
            .iter()
            .any(|&m| conj.iter().any(|cj| automorphic::aligned(cj, m)))
        {
            return Err(GenError::BadTarget(format!(
                "no orientation of the {} class is kept by {auto}: searching only aligned \
                 conjugates would search nothing",
                target.symmetry
            )));
        }
    }
    if target.method != Method::Exhaustive {
        if target.patterns.is_some() || target.node_cap.is_some() {
            return Err(GenError::BadTarget(format!(
                "a pattern range and a node cap apply to the exhaustive method, not {}",
                target.method.name()
            )));
        }
        return Ok(Vec::new());
    }
    if target.node_cap == Some(0) {
        return Err(GenError::BadTarget(
            "a node cap of 0 searches nothing: give at least 1".into(),
        ));
    }
    let patterns =
        pattern::all_patterns(&target.symmetry.orbits(9), target.givens).ok_or_else(|| {
            GenError::BadTarget(format!(
                "more than {} {} patterns of {} givens: too many for --method exhaustive",
                pattern::MOST_PATTERNS,
                target.symmetry,
                target.givens
            ))
        })?;
    if let Some(r) = &target.patterns {
        if r.start >= r.end {
            return Err(GenError::BadTarget(format!(
                "pattern range {}..{} is empty (A..B takes indices A to B - 1)",
                r.start, r.end
            )));
        }
        if r.end > patterns.len() {
            return Err(GenError::BadTarget(format!(
                "pattern range {}..{} goes past the end: {} has {} patterns of {} givens \
                 (indices 0..{})",
                r.start,
                r.end,
                target.symmetry,
                patterns.len(),
                target.givens,
                patterns.len()
            )));
        }
    }
    Ok(patterns)
}

/// Why a puzzle is not a valid hit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotAHit {
    /// Not exactly one solution (by `dlx`).
    #[error("not unique ({0:?} by dlx)")]
    NotUnique(Count),
    /// Some single given can go.
    #[error("not minimal: a given can be removed")]
    NotMinimal,
    /// The givens are not symmetric in the class.
    #[error("givens not symmetric under {0}")]
    NotSymmetric(Symmetry),
    /// More givens than the target.
    #[error("{found} givens, more than {most}")]
    TooMany {
        /// Givens of the puzzle.
        found: usize,
        /// The target.
        most: usize,
    },
}

/// Checks a hit as `sudokit check` would, with engines the search did not use: unique (`dlx`
/// counting to two), minimal (no single given can go, by `dlx`), symmetric in `symmetry`, and
/// at most `most` givens.
pub fn verify(values: &[u8; 81], symmetry: Symmetry, most: usize) -> Result<usize, NotAHit> {
    let layout = Arc::new(Layout::standard(9).expect("9x9 layout"));
    let checker = Checker::with_engine(layout.clone(), "dlx").expect("dlx handles 9x9");
    let grid = Grid::from_values(layout, values.to_vec());
    let found = grid.given_count();
    if found > most {
        return Err(NotAHit::TooMany { found, most });
    }
    if !symmetry.holds(values, 9) {
        return Err(NotAHit::NotSymmetric(symmetry));
    }
    let props = properties(&grid, &checker);
    if props.count != Count::Unique {
        return Err(NotAHit::NotUnique(props.count));
    }
    if props.minimal != Some(true) {
        return Err(NotAHit::NotMinimal);
    }
    Ok(found)
}

/// Runs the search of `target` within `budget`; `on_hit` gets every verified hit as soon as it
/// is found, `on_progress` the counters about every 64 tries. Returns the final counters.
pub fn search(
    target: &Target,
    budget: &Budget,
    on_hit: &mut dyn FnMut(&Hit, &Progress),
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Progress, GenError> {
    search_seeded(target, &[], budget, on_hit, on_progress)
}

/// [`search`] with seed puzzles, which [`Method::Closure`] needs, [`Method::Hitting`] takes
/// its grids from (their solutions; uniformly random grids without seeds),
/// [`Method::Neighbour`] starts its walks from (each seed's smallest closure under the
/// class's conjugates; fresh random grids without seeds) and [`Method::Pattern`] ignores; a
/// seed that is not unique is skipped.
pub fn search_seeded(
    target: &Target,
    seeds: &[SeedPuzzle],
    budget: &Budget,
    on_hit: &mut dyn FnMut(&Hit, &Progress),
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Progress, GenError> {
    let patterns = exhaustive_patterns(target)?;
    if target.method == Method::Closure && seeds.is_empty() {
        return Err(GenError::BadTarget(
            "the closure method needs seed puzzles (a file of unique puzzles)".into(),
        ));
    }
    if target.automorphic.is_some() && !seeds.is_empty() {
        return Err(GenError::BadTarget(
            "automorphic grids replace the seed puzzles' grids: give one or the other".into(),
        ));
    }
    if target.method == Method::Exhaustive {
        return exhaustive::run(target, patterns, budget, 1, on_hit, &mut |_, p| {
            on_progress(p)
        });
    }
    let mut run = Run::new(target, seeds, budget, on_hit, on_progress);
    match target.method {
        Method::Neighbour => neighbour::run(&mut run),
        Method::Pattern => pattern::run(&mut run),
        // Run above, on its own workers.
        Method::Exhaustive => {}
        Method::Closure => closure::run(&mut run),
        Method::Hitting => hitting::run(&mut run),
    }
    Ok(run.progress)
}

/// The state both methods share: target, budget, counters, generator and callbacks.
pub struct Run<'a> {
    target: Target,
    orbits: Vec<Vec<usize>>,
    budget: Budget,
    started: Instant,
    progress: Progress,
    rng: Rng,
    seen: std::collections::HashSet<[u8; 81]>,
    seeds: &'a [SeedPuzzle],
    /// The provenance a closure hit offered now gets.
    origin: Option<Origin>,
    /// The exhaustive pattern being searched (its index in the order).
    pattern: Option<usize>,
    /// Tries of every worker of one search, when several share one budget of tries.
    shared_tries: Option<Arc<AtomicU64>>,
    on_hit: &'a mut dyn FnMut(&Hit, &Progress),
    on_progress: &'a mut dyn FnMut(&Progress),
}

impl<'a> Run<'a> {
    /// A run of `target` within `budget`, nothing tried yet.
    fn new(
        target: &Target,
        seeds: &'a [SeedPuzzle],
        budget: &Budget,
        on_hit: &'a mut dyn FnMut(&Hit, &Progress),
        on_progress: &'a mut dyn FnMut(&Progress),
    ) -> Run<'a> {
        Run {
            target: target.clone(),
            orbits: target.symmetry.orbits(9),
            budget: budget.clone(),
            started: Instant::now(),
            progress: Progress::default(),
            rng: Rng::new(target.seed),
            seen: std::collections::HashSet::new(),
            seeds,
            origin: None,
            pattern: None,
            shared_tries: None,
            on_hit,
            on_progress,
        }
    }

    /// Whether the budget is spent (asked before each try).
    fn done(&self) -> bool {
        let b = &self.budget;
        let tries = self
            .shared_tries
            .as_ref()
            .map_or(self.progress.tries, |s| s.load(Ordering::Relaxed));
        b.tries.is_some_and(|t| tries >= t) || self.interrupted()
    }

    /// Whether the budget's hits, time or cancel flag say stop (a try already counted runs on
    /// when only the tries are spent).
    fn interrupted(&self) -> bool {
        let b = &self.budget;
        b.hits.is_some_and(|h| self.progress.hits >= h)
            || b.time.is_some_and(|t| self.started.elapsed() >= t)
            || b.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Counts one try, reporting progress every 64.
    fn tried(&mut self) {
        self.progress.tries += 1;
        if let Some(s) = &self.shared_tries {
            s.fetch_add(1, Ordering::Relaxed);
        }
        if self.progress.tries.is_multiple_of(64) {
            (self.on_progress)(&self.progress);
        }
    }

    /// Notes a unique symmetric puzzle of `givens` givens.
    fn reached(&mut self, givens: usize) {
        if self.progress.fewest == 0 || givens < self.progress.fewest {
            self.progress.fewest = givens;
            (self.on_progress)(&self.progress);
        }
    }

    /// Offers a unique symmetric puzzle with at most K givens: reported when it is new and
    /// [`verify`] passes. Returns whether it was reported.
    fn offer(&mut self, values: &[u8; 81]) -> bool {
        let Ok(givens) = verify(values, self.target.symmetry, self.target.givens) else {
            return false;
        };
        if !self.seen.insert(*values) {
            return false;
        }
        self.progress.hits += 1;
        let hit = Hit {
            puzzle: *values,
            givens,
            try_index: self.progress.tries,
            origin: self.origin.clone(),
            pattern: self.pattern,
        };
        (self.on_hit)(&hit, &self.progress);
        true
    }
}

/// Givens of a puzzle.
fn given_count(values: &[u8; 81]) -> usize {
    values.iter().filter(|&&v| v != 0).count()
}
