//! The technique interface: a static [`TechniqueInfo`] row (id, names, HoDoKu code, ratings,
//! level, score, orders, [`Family`]) and a finder that reports every instance it sees to a
//! [`Finder`]. The rows themselves are one table:
//! [`techniques::table`](crate::techniques::table).
//!
//! Design decision: as in HoDoKu's step table, the facts about a technique (its place in each
//! order, its level and score, its SE rating) live in one data row, separate from the code
//! that finds it; a finder never decides whether it is enabled or where it sits in the order.
//! A finder streams steps to a sink that can say "enough" (the solver wants the first useful
//! step; `find` wants them all), so one finder serves both uses.

use std::cell::Cell;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use sudokit_core::Budget;

use crate::grid::CandidateGrid;
use crate::hodoku_choice::{self, Rank};
use crate::memory::Memory;
use crate::step::Step;

/// HoDoKu's difficulty levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Singles only.
    Easy,
    /// Intersections and subsets.
    Medium,
    /// Fish, wings, single-digit patterns, uniqueness.
    Hard,
    /// Chains, ALS, larger fish.
    Unfair,
    /// Forcing chains and nets, exotic fish, guessing.
    Extreme,
}

impl Level {
    /// The level's name as HoDoKu prints it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }
    /// HoDoKu 2.2's largest score for the level (Extreme has none).
    pub fn max_score(self) -> Option<u32> {
        match self {
            Level::Easy => Some(800),
            Level::Medium => Some(1000),
            Level::Hard => Some(1600),
            Level::Unfair => Some(1800),
            Level::Extreme => None,
        }
    }
    /// The next level up (Extreme stays).
    pub fn next(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }
}

/// A technique's family: the finder file it belongs to (finned and sashimi fish, whose finder is
/// the complex fish's, are a family of their own). Variants are in HoDoKu's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Full house, naked and hidden single (`singles.rs`).
    Singles,
    /// Naked, hidden and locked subsets (`subsets.rs`).
    Subsets,
    /// Locked candidates: pointing and claiming (`intersections.rs`).
    Intersections,
    /// X-wing, swordfish, jellyfish (`fish.rs`).
    Fish,
    /// Remote pair (`remote_pair.rs`).
    RemotePair,
    /// Unique and avoidable rectangles, BUG+1 (`uniqueness.rs`).
    Uniqueness,
    /// Skyscraper, kites, turbot fish, empty rectangles (`single_digit.rs`).
    SingleDigit,
    /// W-, XY-, XYZ- and WXYZ-wings (`wings.rs`).
    Wings,
    /// Finned, sashimi and Siamese basic fish (found by `complex_fish.rs`).
    FinnedFish,
    /// Aligned pair exclusion (`aligned.rs`).
    Aligned,
    /// Sue de Coq (`sue_de_coq.rs`).
    SueDeCoq,
    /// Simple and multi colours (`colouring.rs`).
    Colouring,
    /// X- and XY-chains, nice loops, AIC, grouped or not (`chains.rs`).
    Chains,
    /// Almost locked sets (`als.rs`).
    Als,
    /// Franken and mutant fish, finned or not (`complex_fish.rs`).
    ComplexFish,
    /// Forcing chains and nets (`forcing.rs`).
    Forcing,
    /// Template set and delete (`templates.rs`).
    Templates,
    /// The explained trial (`guess.rs`).
    Guess,
}

impl Family {
    /// The family's name as `sudokit techniques -f json` and the web API print it. The
    /// spellings (`finned_fish` beside `single-digit`) are the ones printed since the start,
    /// kept so that output stays the same.
    pub const fn name(self) -> &'static str {
        match self {
            Family::Singles => "singles",
            Family::Subsets => "subsets",
            Family::Intersections => "intersections",
            Family::Fish => "fish",
            Family::RemotePair => "remote-pair",
            Family::Uniqueness => "uniqueness",
            Family::SingleDigit => "single-digit",
            Family::Wings => "wings",
            Family::FinnedFish => "finned_fish",
            Family::Aligned => "aligned",
            Family::SueDeCoq => "sue-de-coq",
            Family::Colouring => "colouring",
            Family::Chains => "chains",
            Family::Als => "als",
            Family::ComplexFish => "complex_fish",
            Family::Forcing => "forcing",
            Family::Templates => "templates",
            Family::Guess => "guess",
        }
    }
}

/// A family serialises as its [name](Family::name).
impl serde::Serialize for Family {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// The facts about one technique: one row of [`techniques::table`](crate::techniques::table).
/// See the module docs.
#[derive(Debug, PartialEq)]
pub struct TechniqueInfo {
    /// Stable id, kebab-case (`naked-pair`); used on the command line and in JSON.
    pub id: &'static str,
    /// Display name (`Naked Pair`).
    pub name: &'static str,
    /// HoDoKu's library code (`0200`), where HoDoKu has one.
    pub hodoku: Option<&'static str>,
    /// Sudoku Explainer's base rating (instances may rate higher, e.g. longer chains).
    pub se: f32,
    /// HoDoKu level.
    pub level: Level,
    /// HoDoKu base score.
    pub score: u32,
    /// Position in HoDoKu's default order (its step index).
    pub hodoku_order: u32,
    /// Position in Sudoku Explainer's order (producer order; techniques SE lacks sort by rating).
    pub se_order: u32,
    /// Whether the technique assumes the puzzle has a unique solution.
    pub uniqueness: bool,
    /// Whether the technique is on by default.
    pub default_on: bool,
    /// Family (the finder file it belongs to).
    pub family: Family,
    /// One-line description for `sudokit techniques`.
    pub summary: &'static str,
}

/// Options that change what finders look for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Allow techniques that assume a unique solution.
    pub uniqueness: bool,
    /// Largest number of fins a finned fish may have.
    pub max_fins: usize,
    /// Longest chain (in nodes) chain finders search.
    pub max_chain: usize,
    /// Let almost locked sets overlap in ALS techniques (the linking digits never lie in the
    /// shared cells). HoDoKu's default is off.
    pub als_overlap: bool,
    /// Accept empty rectangles whose box holds the digit only twice (HoDoKu's default: no;
    /// such a pattern is also a kite or turbot fish).
    pub er_two_candidates: bool,
    /// Let grouped nice loops and AIC pass through almost locked sets (HoDoKu's default: no).
    pub chain_als: bool,
    /// Search as HoDoKu 2.2.4 does where sudokit's own search differs (set in HoDoKu's
    /// order): the last resort is HoDoKu's brute force (the solution's digit in the middle
    /// empty cell) rather than an explained trial, and ALS-XY-chains are HoDoKu's (forward
    /// only along its ALS list, up to 50 links).
    pub hodoku: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            uniqueness: true,
            max_fins: 5,
            max_chain: 20,
            als_overlap: false,
            er_two_candidates: false,
            chain_als: false,
            hodoku: false,
        }
    }
}

/// When searches must give up: a moment and a flag (a client went away), both optional. The
/// solver checks it between techniques; the finders whose one search can run long on big
/// grids (chains and loops, the explained trial) also check it as they go.
#[derive(Clone, Debug, Default)]
pub struct Deadline {
    /// Give up at this moment.
    pub at: Option<Instant>,
    /// Give up as soon as this flag is set.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Deadline {
    /// No deadline.
    pub fn none() -> Deadline {
        Deadline::default()
    }
    /// `budget`'s time limit counted from now, and its cancel flag (its node limit is the
    /// caller's to apply).
    pub fn from_budget(budget: &Budget) -> Deadline {
        Deadline {
            at: budget.time.map(|t| Instant::now() + t),
            cancel: budget.cancel.clone(),
        }
    }
    /// Whether the moment has come or the flag is set.
    pub fn passed(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
            || self.at.is_some_and(|at| Instant::now() >= at)
    }
    /// What is left of it as a budget: the time to the moment and the cancel flag, no node
    /// limit (for work that follows a search under the same budget).
    pub fn left(&self) -> Budget {
        Budget {
            nodes: None,
            time: self
                .at
                .map(|at| at.saturating_duration_since(Instant::now())),
            cancel: self.cancel.clone(),
        }
    }
    /// A budget of `nodes` that also ends at this deadline (for searches that take one).
    pub fn budget(&self, nodes: u64) -> Budget {
        Budget {
            nodes: Some(nodes),
            time: self
                .at
                .map(|at| at.saturating_duration_since(Instant::now())),
            cancel: self.cancel.clone(),
        }
    }
}

/// Where a finder sends what it finds, and the [`Memory`] it may consult and fill.
pub struct Finder<'a> {
    sink: &'a mut dyn FnMut(Step) -> ControlFlow<()>,
    memory: &'a Memory,
    stopped: bool,
    /// Steps handed to the sink so far.
    emitted: usize,
    /// The options in force.
    pub options: &'a Options,
    deadline: Deadline,
    /// Whether a search saw the deadline pass and gave up (its result is not a miss).
    interrupted: Cell<bool>,
    /// Whether finders may leave part of a step's text to [`Technique::finish`] (see
    /// [`Finder::lazy_text`]).
    lazy_text: bool,
    /// In HoDoKu's order, for a member of a group: the least [`Rank`] of the steps the group
    /// has found so far (see [`Finder::bound`]).
    bound: Option<&'a Cell<Option<Rank>>>,
}

impl<'a> Finder<'a> {
    /// A finder that calls `sink` with every step until it returns `Break`, remembering what
    /// it learns in `memory` (lend the same memory to every finder along a solving path).
    pub fn new(
        options: &'a Options,
        memory: &'a Memory,
        sink: &'a mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> Self {
        Finder {
            sink,
            memory,
            stopped: false,
            emitted: 0,
            options,
            deadline: Deadline::none(),
            interrupted: Cell::new(false),
            lazy_text: false,
            bound: None,
        }
    }
    /// The same finder, giving up at `deadline`.
    pub fn with_deadline(mut self, deadline: Deadline) -> Self {
        self.deadline = deadline;
        self
    }
    /// The same finder, letting finders leave the costly part of a step's text to
    /// [`Technique::finish`], which the caller applies to the steps it keeps (HoDoKu's order
    /// collects every step of a group and keeps one).
    pub(crate) fn with_lazy_text(mut self) -> Self {
        self.lazy_text = true;
        self
    }
    /// The same finder for a member of a HoDoKu group whose caller keeps only the group's
    /// best step ([`hodoku_choice::best`]): `bound` holds the least [`Rank`] of the steps
    /// found so far by the group (the caller lowers it as steps come in).
    pub(crate) fn with_bound(mut self, bound: &'a Cell<Option<Rank>>) -> Self {
        self.bound = Some(bound);
        self
    }
    /// Whether the caller keeps only its group's best step (see [`Finder::with_bound`]), so
    /// that a finder may leave out any step it can tell is not the best (the forcing
    /// groups' finders work out only the better of their two picks).
    pub(crate) fn best_only(&self) -> bool {
        self.bound.is_some()
    }
    /// The least [`Rank`] of the steps the group found so far (see [`Finder::with_bound`]),
    /// if any: a step whose rank is strictly greater is never the one kept, so a finder may
    /// leave it out — provided no memo of it remembers a miss of a search that left
    /// something out.
    pub(crate) fn bound(&self) -> Option<Rank> {
        self.bound.and_then(Cell::get)
    }
    /// Whether a step's text may be left unfinished (see [`Finder::with_lazy_text`]): a
    /// finder that does so completes it in its [`Technique::finish`].
    pub(crate) fn lazy_text(&self) -> bool {
        self.lazy_text
    }
    /// Whether a long search should give up now (the deadline passed). Once it says yes the
    /// finder counts as [`interrupted`](Self::interrupted).
    pub fn out_of_time(&self) -> bool {
        if self.interrupted.get() {
            return true;
        }
        let passed = self.deadline.passed();
        self.interrupted.set(passed);
        passed
    }
    /// Whether a search gave up at the deadline: what it reported is not all there is, so a
    /// memo must not remember it as a miss.
    pub fn interrupted(&self) -> bool {
        self.interrupted.get()
    }
    /// A budget of `nodes` that also ends at the finder's deadline.
    pub fn budget(&self, nodes: u64) -> Budget {
        self.deadline.budget(nodes)
    }
    /// Reports a step (normalised); returns `false` when the caller wants no more, so
    /// finders can write `if !f.emit(step) { return; }`.
    pub fn emit(&mut self, step: Step) -> bool {
        if self.stopped {
            return false;
        }
        let step = step.normalized();
        if step.is_empty() {
            return true;
        }
        self.emitted += 1;
        if (self.sink)(step).is_break() {
            self.stopped = true;
        }
        !self.stopped
    }
    /// The memory lent to this finder.
    pub fn memory(&self) -> &'a Memory {
        self.memory
    }
    /// Whether the caller has had enough.
    pub fn done(&self) -> bool {
        self.stopped
    }
    /// How many steps the sink has been handed so far.
    pub(crate) fn emitted(&self) -> usize {
        self.emitted
    }
}

/// A human-style technique: its facts and its finder.
pub trait Technique: Send + Sync {
    /// The technique's facts.
    fn info(&self) -> &'static TechniqueInfo;
    /// Reports every instance in `grid` (until the finder says stop). Steps must be sound:
    /// every placement and elimination must follow from the candidates shown (and, for
    /// uniqueness techniques, from the puzzle having one solution).
    fn find(&self, grid: &CandidateGrid, finder: &mut Finder<'_>);
    /// Completes `step`, which this technique reported on `grid` to a finder with lazy text
    /// (the solver's HoDoKu groups: every member's steps are collected and one is kept, so
    /// only that one needs its whole sentence and highlight; `hodoku_choice` reads neither).
    /// The default: the step is complete.
    fn finish(&self, grid: &CandidateGrid, step: Step) -> Step {
        let _ = grid;
        step
    }
}

/// Collects every instance of `technique` in `grid` (with a fresh [`Memory`]).
pub fn find_all(technique: &dyn Technique, grid: &CandidateGrid, options: &Options) -> Vec<Step> {
    find_all_in(technique, grid, options, &Deadline::none(), &Memory::new()).0
}

/// [`find_all`], giving up at `deadline`: the instances found, and whether the search went to
/// its end (`false`: the deadline cut it short, and the list may lack some).
pub fn find_all_before(
    technique: &dyn Technique,
    grid: &CandidateGrid,
    options: &Options,
    deadline: &Deadline,
) -> (Vec<Step>, bool) {
    find_all_in(technique, grid, options, deadline, &Memory::new())
}

/// [`find_all_before`] with the finder lent `memory` (what earlier searches along the same
/// path remembered; the result is the same, only the time differs).
pub fn find_all_in(
    technique: &dyn Technique,
    grid: &CandidateGrid,
    options: &Options,
    deadline: &Deadline,
    memory: &Memory,
) -> (Vec<Step>, bool) {
    find_all_with(technique, grid, options, deadline, memory, false, None)
}

/// [`find_all_in`], the steps' text possibly left to [`Technique::finish`] (`lazy`: see
/// [`Finder::with_lazy_text`]); with `best_of` (a HoDoKu group and the least [`Rank`] of the
/// steps it found so far, see [`Finder::with_bound`]) only the steps that make progress and
/// may be the group's best are sure to be listed, and the bound is lowered by them.
pub(crate) fn find_all_with(
    technique: &dyn Technique,
    grid: &CandidateGrid,
    options: &Options,
    deadline: &Deadline,
    memory: &Memory,
    lazy: bool,
    best_of: Option<(usize, &Cell<Option<Rank>>)>,
) -> (Vec<Step>, bool) {
    let mut out = Vec::new();
    let mut sink = |s: Step| {
        if let Some((group, bound)) = best_of
            && grid.makes_progress(&s)
            && let Some(r) = hodoku_choice::rank(group, &s)
            && bound.get().is_none_or(|b| r < b)
        {
            bound.set(Some(r));
        }
        out.push(s);
        ControlFlow::Continue(())
    };
    let mut f = Finder::new(options, memory, &mut sink).with_deadline(deadline.clone());
    if lazy {
        f = f.with_lazy_text();
    }
    if let Some((_, bound)) = best_of {
        f = f.with_bound(bound);
    }
    technique.find(grid, &mut f);
    let complete = !f.interrupted();
    (out, complete)
}
