//! Remembered misses: of single-digit finders, for each technique and digit, the last
//! candidate plane of that digit on which the finder reported nothing ([`each_digit_since`]); of
//! some whole-grid finders, the last grid on which they reported nothing, so that on a grid
//! refined from it they look only at patterns touching a changed cell ([`since_miss`]).
//!
//! Design decision: what a single-digit finder (fish of every shape, skyscraper, kite, turbot
//! fish, empty rectangle, simple and multi colours) reports for digit `d` depends only on the
//! layout, the options and the cells that still hold `d`. So once it has reported nothing for
//! `d` on a plane, it reports nothing on that same plane again, and the solver, which asks
//! every technique again after each step, can skip the digit as long as its plane is
//! unchanged (a step usually changes one or a few digits' planes). The memo compares the
//! whole plane, the options and the layout (by value), so a skip is exact, never a guess; the
//! reported steps and their order stay exactly those of the full search. It lives in the
//! [`Memory`] the finder is lent (one per solving path) and holds one plane per
//! (technique, digit), which is what a solving path needs. The planes themselves are made
//! once per grid state ([`digit_planes`]): the finders asked one after another about a grid
//! read the same ones.

use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;
use std::sync::Arc;

use sudokit_core::{Cell, Digit, DigitSet, Layout};

use crate::grid::{CandidateGrid, CellSet};
use crate::memory::Memory;
use crate::technique::{Finder, Options};

/// The per-digit misses of one [`Memory`].
#[derive(Default)]
pub(crate) struct Memo {
    /// The layout the planes belong to (held, so it is never mistaken for another).
    layout: Option<Arc<Layout>>,
    /// (technique id, digit index) -> (options, plane) on which the finder reported nothing.
    misses: HashMap<(&'static str, usize), (Options, Vec<u64>)>,
}

/// What a search found on each digit's last plane, for searches that several techniques run
/// alike and read differently (the two-link patterns of skyscraper, kite and turbot fish; the
/// colour clusters of simple and multi colours): in a solver's order they are asked one after
/// another about the same plane, so the search runs once a plane. Exact: the value must be a
/// function of the layout (held, compared by value) and the digit's plane (compared whole).
pub(crate) struct PlaneMemo<T> {
    layout: Option<Arc<Layout>>,
    digits: Vec<Option<(Vec<u64>, std::rc::Rc<T>)>>,
}

impl<T> Default for PlaneMemo<T> {
    fn default() -> Self {
        PlaneMemo {
            layout: None,
            digits: Vec::new(),
        }
    }
}

impl<T> PlaneMemo<T> {
    /// What `search` finds for `d` on `plane` (its current plane on `g`), kept for the next
    /// ask about the same plane.
    pub(crate) fn get(
        &mut self,
        g: &CandidateGrid,
        d: Digit,
        plane: &[u64],
        search: impl FnOnce() -> T,
    ) -> std::rc::Rc<T> {
        if !holds_layout(&self.layout, g) {
            self.digits.clear();
            self.layout = Some(g.layout_arc().clone());
        }
        if self.digits.len() < g.size() {
            self.digits.resize_with(g.size(), || None);
        }
        if let Some((p, found)) = &self.digits[d.index()]
            && p.as_slice() == plane
        {
            return found.clone();
        }
        let found = std::rc::Rc::new(search());
        self.digits[d.index()] = Some((plane.to_vec(), found.clone()));
        found
    }
}

/// Runs `find` for each digit of the grid in order, skipping the digits on whose current
/// plane the technique `id` is known to report nothing (`find` returns `false` to stop: the
/// finder said "enough"), giving `find` the digit's plane (the cells holding it, bits in reading
/// order, 64 cells a word: computed here anyway, so a finder keying a memo by the plane need
/// not rebuild it) and which cells lost the digit since the plane on which
/// the technique last reported nothing for it, when the current plane is a subset of that
/// one (`None`: no such plane, search everything). A pattern of the digit all of whose own
/// candidates are unchanged existed on that plane with the same or more eliminations, so it
/// has none now: a finder may skip it and still report exactly what a full search reports.
pub(crate) fn each_digit_since(
    id: &'static str,
    g: &CandidateGrid,
    f: &mut Finder<'_>,
    mut find: impl FnMut(Digit, &[u64], Option<&[u64]>, &mut Finder<'_>) -> bool,
) {
    sync_layout(f.memory(), g);
    let (planes, w) = digit_planes(f.memory(), g);
    // The cells that lost the digit since its miss plane, one buffer for every digit.
    let mut lost = Vec::with_capacity(w);
    for d in DigitSet::full(g.size()).iter() {
        // On big grids the digits' searches add up: give up at the deadline, between digits
        // (a digit searched to its end is still a miss).
        if f.out_of_time() {
            return;
        }
        let plane = &planes[d.index() * w..(d.index() + 1) * w];
        // `true` with `lost` empty of bits: the plane is the miss plane; with bits: a subset
        // of it, those cells gone.
        let since = lost_since_miss(f.memory(), id, d, plane, f.options, &mut lost);
        if since && lost.iter().all(|&w| w == 0) {
            continue;
        }
        #[cfg(test)]
        if since {
            crate::memory::Probe::bump(&f.memory().probe.lost);
        }
        let before = f.emitted();
        // The memo is not borrowed while the finder runs (it may solve trial grids).
        if !find(d, plane, since.then_some(&lost[..]), f) || f.done() {
            return;
        }
        if f.emitted() == before {
            record_miss(f.memory(), id, g, f.options, d, plane);
        }
    }
}

/// The digit planes of the last grid a finder asked about ([`digit_planes`]): consecutive
/// finders are asked about the same grid state, so its planes are made once.
#[derive(Default)]
pub(crate) struct PlanesCache {
    /// The candidates the planes were made from (all they depend on, with the grid's size).
    cands: Vec<DigitSet>,
    size: usize,
    words: usize,
    planes: Rc<Vec<u64>>,
}

/// `g`'s digit planes and words per plane, as [`CandidateGrid::digit_planes`] makes them,
/// made once per grid state and read back by the next finder asking about equal candidates.
/// Exact: the planes are a function of the grid's size and candidates (a filled cell has
/// none), both compared whole.
pub(crate) fn digit_planes(memory: &Memory, g: &CandidateGrid) -> (Rc<Vec<u64>>, usize) {
    let mut c = memory.planes.borrow_mut();
    if c.size != g.size() || !g.has_candidates(&c.cands) {
        let c = &mut *c;
        match Rc::get_mut(&mut c.planes) {
            Some(planes) => c.words = g.digit_planes(planes),
            None => {
                let mut planes = Vec::new();
                c.words = g.digit_planes(&mut planes);
                c.planes = Rc::new(planes);
            }
        }
        c.size = g.size();
        c.cands.clear();
        c.cands.extend_from_slice(g.candidate_slice());
    }
    (c.planes.clone(), c.words)
}

/// Forgets every digit miss when `g`'s layout is not the one the memo holds planes of.
fn sync_layout(memory: &Memory, g: &CandidateGrid) {
    let mut m = memory.digits.borrow_mut();
    if !holds_layout(&m.layout, g) {
        m.misses.clear();
    }
    m.layout = Some(g.layout_arc().clone());
}

/// Whether `held` is `g`'s layout (the same one, or an equal one).
fn holds_layout(held: &Option<Arc<Layout>>, g: &CandidateGrid) -> bool {
    held.as_ref()
        .is_some_and(|l| Arc::ptr_eq(l, g.layout_arc()) || **l == *g.layout())
}

/// Whether `plane` (digit `d`'s current plane) is a subset of the plane on which `id` last
/// reported nothing for `d` under `options`; if so `lost` holds the cells gone since (all
/// zero: the same plane).
fn lost_since_miss(
    memory: &Memory,
    id: &'static str,
    d: Digit,
    plane: &[u64],
    options: &Options,
    lost: &mut Vec<u64>,
) -> bool {
    let m = memory.digits.borrow();
    let Some((o, p)) = m.misses.get(&(id, d.index())) else {
        return false;
    };
    if o != options
        || p.len() != plane.len()
        || p.iter().zip(plane).any(|(&old, &new)| new & !old != 0)
    {
        return false;
    }
    lost.clear();
    lost.extend(p.iter().zip(plane).map(|(&old, &new)| old & !new));
    true
}

/// Records that `id` reported nothing for `d` on `plane`.
fn record_miss(
    memory: &Memory,
    id: &'static str,
    g: &CandidateGrid,
    options: &Options,
    d: Digit,
    plane: &[u64],
) {
    let mut m = memory.digits.borrow_mut();
    if m.layout
        .as_ref()
        .is_some_and(|l| Arc::ptr_eq(l, g.layout_arc()))
    {
        // Overwrites the digit's previous miss in place (no new allocation).
        let (o, p) = m
            .misses
            .entry((id, d.index()))
            .or_insert_with(|| (options.clone(), Vec::new()));
        if *o != *options {
            *o = options.clone();
        }
        p.clear();
        p.extend_from_slice(plane);
    }
}

/// For a finder that searches all digits in one pass (its steps interleave digits, so
/// [`each_digit_since`] would change their order) but whose findings for a digit depend on that
/// digit's plane alone: the digits whose current plane is one on which `id` reported nothing.
/// After a pass that ran to the end, [`DigitMisses::record`] remembers the digits it
/// searched and reported nothing for.
pub(crate) struct DigitMisses {
    planes: Rc<Vec<u64>>,
    words: usize,
    /// Digits known to report nothing (skip them).
    pub(crate) skip: DigitSet,
}

impl DigitMisses {
    /// The skippable digits of `g` for technique `id`, from the memory `f` is lent: each
    /// digit whose plane is its miss plane, and with `pairs` also each digit whose plane is a
    /// subset of its miss plane with the same houses holding the digit exactly twice
    /// ([`same_pairs`]: for a finder whose search a removed candidate without such a pair
    /// cannot change, the X-chain finder, see there). A digit skipped that way keeps its
    /// miss plane (the one the argument compares with).
    pub(crate) fn new(
        id: &'static str,
        g: &CandidateGrid,
        f: &Finder<'_>,
        pairs: bool,
    ) -> DigitMisses {
        let (memory, options) = (f.memory(), f.options);
        sync_layout(memory, g);
        let (planes, words) = digit_planes(memory, g);
        let mut lost = Vec::with_capacity(words);
        let mut skip = DigitSet::EMPTY;
        for d in DigitSet::full(g.size()).iter() {
            let plane = &planes[d.index() * words..(d.index() + 1) * words];
            if lost_since_miss(memory, id, d, plane, options, &mut lost) {
                let same = lost.iter().all(|&w| w == 0);
                if same || (pairs && same_pairs(g, plane, &lost)) {
                    skip.insert(d);
                    #[cfg(test)]
                    crate::memory::Probe::bump(&memory.probe.digit_skips);
                    #[cfg(test)]
                    if !same {
                        crate::memory::Probe::bump(&memory.probe.pair_skips);
                    }
                }
            }
        }
        DigitMisses {
            planes,
            words,
            skip,
        }
    }

    /// Remembers a miss for every digit neither skipped nor in `hit` (the digits the pass
    /// reported something for). Call only after a pass that searched every digit not skipped.
    pub(crate) fn record(
        &self,
        id: &'static str,
        g: &CandidateGrid,
        f: &Finder<'_>,
        hit: DigitSet,
    ) {
        let w = self.words;
        for d in DigitSet::full(g.size()).iter() {
            if !self.skip.contains(d) && !hit.contains(d) {
                record_miss(
                    f.memory(),
                    id,
                    g,
                    f.options,
                    d,
                    &self.planes[d.index() * w..(d.index() + 1) * w],
                );
            }
        }
    }
}

/// Whether a digit's `plane` and the plane it is a subset of (`plane` plus the cells `lost`)
/// have the same houses holding the digit exactly twice (then the same pairs of cells: the
/// same houses' strong links). Only houses of a lost cell can differ, so only those are
/// counted.
fn same_pairs(g: &CandidateGrid, plane: &[u64], lost: &[u64]) -> bool {
    for (k, &word) in lost.iter().enumerate() {
        let mut m = word;
        while m != 0 {
            let c = Cell((k * 64 + m.trailing_zeros() as usize) as u16);
            m &= m - 1;
            for &h in g.houses_of(c) {
                let (mut now, mut then) = (0, 0);
                for ((&hw, &pw), &lw) in g.house_set(h).words().iter().zip(plane).zip(lost) {
                    now += (hw & pw).count_ones();
                    then += (hw & (pw | lw)).count_ones();
                }
                if (now == 2) != (then == 2) {
                    return false;
                }
            }
        }
    }
    true
}

/// Per technique id, the last grid on which its whole-grid finder reported nothing.
pub(crate) type Misses = HashMap<&'static str, Miss>;

/// A grid on which a whole-grid finder reported nothing.
pub(crate) struct Miss {
    layout: Arc<Layout>,
    options: Options,
    values: Vec<u8>,
    cands: Vec<DigitSet>,
    givens: Vec<bool>,
}

/// The cells of `g` that differ from the miss grid `m`, when `g` refines it (same layout,
/// options and givens; every filled cell of `m` filled alike; every empty cell of `m` either
/// filled with one of its candidates or holding a subset of them), else `None`.
fn refinement(m: &Miss, g: &CandidateGrid, options: &Options) -> Option<CellSet> {
    if !(Arc::ptr_eq(&m.layout, g.layout_arc()) || *m.layout == *g.layout())
        || m.options != *options
        || m.values.len() != g.cell_count()
        || m.givens[..] != *g.given_flags()
    {
        return None;
    }
    // The grid's slices side by side with the miss's (no per-cell indexing): this runs for
    // every memoised finder at every step.
    let mut changed = g.cell_set();
    let now = g.values().iter().zip(g.candidate_slice());
    let then = m.values.iter().zip(&m.cands);
    for (i, ((&v, &cands), (&mv, &mc))) in now.zip(then).enumerate() {
        if mv != 0 {
            if v != mv {
                return None;
            }
            continue;
        }
        let kept = if v != 0 {
            mc.0 >> (v - 1) & 1 == 1
        } else {
            cands.0 & !mc.0 == 0
        };
        if !kept {
            return None;
        }
        if v != 0 || cands != mc {
            changed.insert(Cell(i as u16));
        }
    }
    Some(changed)
}

/// [`refinement`] cell by cell through the grid's accessors (the plain definition; tests
/// only).
#[cfg(test)]
fn refinement_by_cell(m: &Miss, g: &CandidateGrid, options: &Options) -> Option<CellSet> {
    if !(Arc::ptr_eq(&m.layout, g.layout_arc()) || *m.layout == *g.layout())
        || m.options != *options
        || m.values.len() != g.cell_count()
    {
        return None;
    }
    let mut changed = g.cell_set();
    for c in g.cells() {
        let i = c.index();
        let (v, cands) = (g.values()[i], g.candidates(c));
        if g.is_given(c) != m.givens[i] {
            return None;
        }
        if m.values[i] != 0 {
            if v != m.values[i] {
                return None;
            }
            continue;
        }
        let kept = if v != 0 {
            m.cands[i].0 >> (v - 1) & 1 == 1
        } else {
            cands.0 & !m.cands[i].0 == 0
        };
        if !kept {
            return None;
        }
        if v != 0 || cands != m.cands[i] {
            changed.insert(c);
        }
    }
    Some(changed)
}

/// Whether a pattern over `cells` must be searched: always without a memo (`changed` is
/// `None`), else when one of `cells` changed since the miss (see [`since_miss`]).
pub(crate) fn touched(changed: Option<&CellSet>, cells: &[Cell]) -> bool {
    changed.is_none_or(|ch| cells.iter().any(|&c| ch.contains(c)))
}

/// Runs the whole-grid finder of technique `id` on `g`, telling it which cells changed since
/// the last grid on which it reported nothing, when `g` refines that grid (`None`: search
/// everything), and remembers `g` when it reports nothing again.
///
/// Design decision: a candidate grid only loses candidates as it is solved, so a pattern whose
/// own cells are all unchanged since a miss was already there, with the same or more targets,
/// when the finder reported nothing: it has no eliminations now either. A finder passed the
/// changed cells skips exactly such patterns — each finder states which cells its patterns
/// depend on — and reports the same steps in the same order as a full search. Only a complete
/// miss is remembered (nothing reported, the sink never said "enough").
pub(crate) fn since_miss(
    id: &'static str,
    g: &CandidateGrid,
    f: &mut Finder<'_>,
    find: impl FnOnce(Option<&CellSet>, &mut Finder<'_>),
) {
    since_complete_miss(id, g, f, |changed, f| {
        find(changed, f);
        true
    });
}

/// [`since_miss`] for a finder whose search may stop short of the end (a node budget): `find`
/// returns whether it searched everything it had to, and only such a search that reported
/// nothing is remembered as a miss.
pub(crate) fn since_complete_miss(
    id: &'static str,
    g: &CandidateGrid,
    f: &mut Finder<'_>,
    find: impl FnOnce(Option<&CellSet>, &mut Finder<'_>) -> bool,
) {
    let changed = f
        .memory()
        .grids
        .borrow()
        .get(id)
        .and_then(|miss| refinement(miss, g, f.options));
    #[cfg(test)]
    if changed.is_some() {
        crate::memory::Probe::bump(&f.memory().probe.refined);
    }
    let before = f.emitted();
    // The memo is not borrowed while the finder runs.
    let complete = find(changed.as_ref(), f);
    let missed = complete && f.emitted() == before && !f.done() && !f.interrupted();
    {
        let mut m = f.memory().grids.borrow_mut();
        if missed {
            // Overwritten in place: cheap finders are asked after every step.
            let miss = m.entry(id).or_insert_with(|| Miss {
                layout: g.layout_arc().clone(),
                options: f.options.clone(),
                values: Vec::new(),
                cands: Vec::new(),
                givens: Vec::new(),
            });
            if !Arc::ptr_eq(&miss.layout, g.layout_arc()) {
                miss.layout = g.layout_arc().clone();
            }
            if miss.options != *f.options {
                miss.options = f.options.clone();
            }
            miss.values.clear();
            miss.values.extend_from_slice(g.values());
            miss.cands.clear();
            miss.cands.extend_from_slice(g.candidate_slice());
            miss.givens.clear();
            miss.givens.extend_from_slice(g.given_flags());
        } else {
            // Found something: the next grid is searched in full (and the memo refilled on
            // its miss).
            m.remove(id);
        }
    }
}

#[cfg(test)]
mod tests {
    use sudokit_core::format::{InputFormat, parse_one};

    use crate::grid::CandidateGrid;
    use crate::memory::Memory;
    use crate::solver::LogicSolver;
    use crate::technique::{Deadline, Family, Options, find_all_in};

    /// The miss record `since_complete_miss` keeps for `g`.
    fn miss_of(g: &CandidateGrid, options: &Options) -> super::Miss {
        super::Miss {
            layout: g.layout_arc().clone(),
            options: options.clone(),
            values: g.values().to_vec(),
            cands: g.cells().map(|c| g.candidates(c)).collect(),
            givens: g.cells().map(|c| g.is_given(c)).collect(),
        }
    }

    /// `refinement` (the grid's slices side by side with the miss's) answers what the
    /// cell-by-cell definition does, for every pair of grids along random refinement
    /// sequences on each test layout and from a 9×9 puzzle (other givens): a later grid of a
    /// sequence refines an earlier one, an earlier one mostly not, and no grid of the puzzle
    /// refines a grid without givens. Both answers occur many times.
    #[test]
    fn refinement_by_slices_equals_refinement_by_cell() {
        use std::sync::Arc;

        use sudokit_core::Grid;

        use crate::testrng::{Lcg, layouts, refine_randomly};

        let options = Options::default();
        let puzzle = parse_one(
            "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
            InputFormat::Auto,
        )
        .unwrap();
        let mut starts: Vec<CandidateGrid> = layouts()
            .into_iter()
            .map(|l| CandidateGrid::new(&Grid::empty(Arc::new(l))))
            .collect();
        starts.push(CandidateGrid::new(&puzzle));
        let mut rng = Lcg::new(0x4ef1);
        let mut grids: Vec<CandidateGrid> = Vec::new();
        for start in starts {
            let mut g = start;
            for _ in 0..60 {
                grids.push(g.clone());
                if !refine_randomly(&mut g, &mut rng, 8) {
                    break;
                }
            }
        }
        let (mut some, mut none) = (0, 0);
        for old in &grids {
            let m = miss_of(old, &options);
            for new in &grids {
                let want = super::refinement_by_cell(&m, new, &options);
                assert_eq!(super::refinement(&m, new, &options), want);
                match want {
                    Some(ch) if !ch.is_empty() => some += 1,
                    Some(_) => {}
                    None => none += 1,
                }
            }
        }
        assert!(some > 1000 && none > 1000, "{some} refinements, {none} not");
    }

    /// The kept planes are always the grid's own: one memory asked about grids along random
    /// refinement sequences on each test layout (6×6 and 9×9 in turn, so the size changes
    /// too), each grid asked twice in a row (the second a read) and every few steps a grid
    /// asked again after another one, equals `CandidateGrid::digit_planes` every time.
    #[test]
    fn kept_planes_are_the_grids_planes() {
        use std::sync::Arc;

        use sudokit_core::Grid;

        use crate::testrng::{Lcg, layouts, refine_randomly};

        let memory = Memory::new();
        let mut rng = Lcg::new(0x9a7e);
        let mut reads = 0;
        for round in 0..3 {
            for l in layouts() {
                let mut g = CandidateGrid::new(&Grid::empty(Arc::new(l)));
                let mut before = g.clone();
                for step in 0..80 {
                    for ask in [&g, &g, &before] {
                        let mut want = Vec::new();
                        let w = ask.digit_planes(&mut want);
                        let (got, words) = super::digit_planes(&memory, ask);
                        reads +=
                            usize::from(std::ptr::eq(&*got, &*super::digit_planes(&memory, ask).0));
                        assert_eq!(
                            (&got[..], words),
                            (&want[..], w),
                            "round {round}, step {step}"
                        );
                    }
                    if step % 5 == 0 {
                        before = g.clone();
                    }
                    if !refine_randomly(&mut g, &mut rng, 6) {
                        break;
                    }
                }
            }
        }
        assert!(reads > 500, "{reads} reads");
    }

    /// Along a solving path, every memoised finder reports on a warm memo exactly what it
    /// reports on a cold one (a fresh memory), with and without HoDoKu's options.
    #[test]
    fn warm_memo_reports_what_a_cold_one_does() {
        let warm = Memory::new();
        for puzzle in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            // Tarek-052 and col-02-08-071 (data/examples/puzzles.txt): long stretches of
            // misses before each hard step.
            "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
            ".2.4.37.........32........4.4.2...7.8...5.........1...5.....9...3.9....7..1..86..",
        ] {
            warm_and_cold_agree(puzzle, &warm);
        }
        // The whole-grid memo and the per-digit lost cells were used, not only filled.
        assert!(warm.probe.refined.get() > 20);
        assert!(warm.probe.lost.get() > 20);
        // The one-pass finders (X-chains) skipped digits.
        assert!(warm.probe.digit_skips.get() > 20);
    }

    fn warm_and_cold_agree(puzzle: &str, warm: &Memory) {
        let p = parse_one(puzzle, InputFormat::Auto).unwrap();
        let solver = LogicSolver::default();
        // Both the default search and HoDoKu's (some finders walk differently there; the
        // per-plane memos are shared by both).
        let hodoku = Options {
            hodoku: true,
            ..Options::default()
        };
        let none = Deadline::none();
        let memoised: Vec<_> = solver
            .techniques()
            .iter()
            .copied()
            .filter(|t| {
                [
                    Family::Fish,
                    Family::FinnedFish,
                    Family::ComplexFish,
                    Family::SingleDigit,
                    Family::Colouring,
                    Family::SueDeCoq,
                    Family::Wings,
                    Family::Aligned,
                    Family::Subsets,
                    Family::Intersections,
                ]
                .contains(&t.info().family)
                    || t.info().id == "x-chain"
            })
            .collect();
        assert!(memoised.len() > 10);
        let mut g = CandidateGrid::new(&p);
        let mut steps = 0;
        while let Some(step) = solver.next_step_in(&g, &none, warm) {
            for opts in [&Options::default(), &hodoku] {
                for &t in &memoised {
                    let found = find_all_in(t, &g, opts, &none, warm).0;
                    let cold = find_all_in(t, &g, opts, &none, &Memory::new()).0;
                    assert_eq!(
                        format!("{found:?}"),
                        format!("{cold:?}"),
                        "{} at step {steps} (HoDoKu's search: {})",
                        t.info().id,
                        opts.hodoku
                    );
                }
            }
            g.apply(&step);
            steps += 1;
        }
        assert!(steps > 20);
    }
}
