//! Forcing chains and forcing nets: assume a candidate and follow what it forces.
//!
//! * **Contradiction**: assuming a candidate true forces a contradiction (a candidate both
//!   true and false, a cell with no candidate, a digit with no place in a house): it is false.
//! * **Verity** (cell or region): every candidate of a cell (every place of a digit in a house)
//!   forces the same fact: the fact holds.
//!
//! Chains follow only strong and weak links (each forced fact has one reason); nets also use
//! naked and hidden singles on the grid as they arise (a fact may rest on several earlier
//! ones), which is what finishes the hardest puzzles. Every layout.
//!
//! In HoDoKu's order on the 9×9 grid the search is HoDoKu's own, table-based one
//! (`hodoku_forcing`); `--order sudokit` and other layouts keep this
//! one.
//!
//! Design decision: both are one propagation routine with two rule sets, run from each
//! assumption on a copy of the candidate grid; the log of forced facts is kept so the step can
//! be told as a numbered chain of implications, as Sudoku Explainer does.

use std::cell::RefCell;
use std::rc::Rc;

use sudokit_core::{Cell, Digit, DigitSet, House, Layout};

use crate::grid::CandidateGrid;
use crate::kernel::se_length::length_increment;
use crate::render::{cell_name, eliminations_text, house_name};
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::hodoku_forcing;

/// One forced fact: a candidate is true (placed) or false (removed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Fact {
    cell: Cell,
    digit: Digit,
    on: bool,
}

/// A contradiction reached by following an assumption, worded only when a step reports it.
#[derive(Clone, Copy, Debug)]
enum Clash {
    /// The cell would have to hold the digit but cannot.
    Cannot(Cell, Digit),
    /// The cell holds the digit and would have to lose it.
    Both(Cell, Digit),
    /// The cell has no candidate left.
    NoCandidate(Cell),
    /// The digit has no place left in the house.
    NoPlace(Digit, House),
}

impl Clash {
    fn text(self, l: &Layout) -> String {
        match self {
            Clash::Cannot(c, d) => format!("{} would have to be {d} but cannot", cell_name(l, c)),
            Clash::Both(c, d) => {
                format!("{} would have to be both {d} and not {d}", cell_name(l, c))
            }
            Clash::NoCandidate(c) => format!("{} has no candidate left", cell_name(l, c)),
            Clash::NoPlace(d, h) => format!("{d} has no place left in {}", house_name(l, h)),
        }
    }
}

/// The outcome of following an assumption.
struct Outcome {
    /// Facts in the order they were forced.
    log: Vec<Fact>,
    /// The contradiction reached, if any.
    contradiction: Option<Clash>,
    /// The grid after propagation: values (0 = empty) and candidate bits per cell, as
    /// [`CandidateGrid`] keeps them.
    values: Vec<u8>,
    cands: Vec<u64>,
}

impl Outcome {
    /// The digit placed in `cell` after propagation.
    fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }
}

/// What every propagation on one grid starts from: per house and digit (`h * n + d`) the
/// places holding the digit (bit `i`: the house's `i`-th cell), per house the digits placed
/// in it, and per cell its houses with its place in each (in `houses_of` order). The
/// propagation keeps the first two up to date as it places and removes, so a strong link is
/// a mask test instead of a walk over the house's cells.
struct Start {
    pos: Vec<u64>,
    placed: Vec<u64>,
    slot_start: Vec<u32>,
    slots: Vec<(u32, u32)>,
}

impl Start {
    fn new(g: &CandidateGrid) -> Start {
        let n = g.size();
        let l = g.layout();
        let houses = l.house_count();
        let mut pos = vec![0u64; houses * n];
        let mut placed = vec![0u64; houses];
        for h in l.houses() {
            for (i, &c) in l.house_cells(h).iter().enumerate() {
                for d in g.candidates(c).iter() {
                    pos[h.index() * n + d.index()] |= 1 << i;
                }
                if let Some(v) = g.value(c) {
                    placed[h.index()] |= 1 << v.index();
                }
            }
        }
        let mut slot_start = Vec::with_capacity(g.cell_count() + 1);
        let mut slots = Vec::new();
        for c in g.cells() {
            slot_start.push(slots.len() as u32);
            for &h in l.houses_of(c) {
                let i = l
                    .house_cells(h)
                    .iter()
                    .position(|&x| x == c)
                    .expect("a cell is in its houses");
                slots.push((h.index() as u32, i as u32));
            }
        }
        slot_start.push(slots.len() as u32);
        Start {
            pos,
            placed,
            slot_start,
            slots,
        }
    }

    fn slots(&self, cell: usize) -> &[(u32, u32)] {
        &self.slots[self.slot_start[cell] as usize..self.slot_start[cell + 1] as usize]
    }
}

/// Outcomes of assumptions already followed on one grid, by `cell * n + digit`, for one
/// rule set, and the grid's [`Start`].
#[derive(Default)]
pub(crate) struct Followed {
    start: Option<Start>,
    outcomes: Vec<Option<Rc<Outcome>>>,
}

/// The grid state, rule set and length limit the cached outcomes belong to.
pub(crate) type FollowKey = ((u64, Vec<u8>, Vec<u64>), bool, usize);

/// Outcomes of "candidate is true" assumptions on the last grid seen, per rule set: the
/// contradiction and verity finders (and cell and region verity) follow the same assumptions
/// on the same grid, so each is followed once. Kept in the finder's [`Memory`](crate::Memory).
pub(crate) type FollowedCache = Vec<(FollowKey, Rc<RefCell<Followed>>)>;

/// The outcome cache for `g` under these rules (emptied when the grid changed).
fn followed(
    g: &CandidateGrid,
    net: bool,
    limit: usize,
    memory: &crate::Memory,
) -> Rc<RefCell<Followed>> {
    let mut c = memory.followed.borrow_mut();
    if let Some((_, m)) = c
        .iter()
        .find(|(k, _)| k.1 == net && k.2 == limit && g.has_state(&k.0))
    {
        return m.clone();
    }
    // Keep one grid's outcomes per rule set.
    c.retain(|(k, _)| k.1 != net || k.2 != limit);
    let m = Rc::new(RefCell::new(Followed::default()));
    c.push(((g.state_key(), net, limit), m.clone()));
    m
}

/// Follows "`cell` is `digit`" on `g`, through the cache.
fn follow_on(
    cache: &RefCell<Followed>,
    g: &CandidateGrid,
    cell: Cell,
    digit: Digit,
    net: bool,
    limit: usize,
) -> Rc<Outcome> {
    let at = cell.index() * g.size() + digit.index();
    if let Some(Some(o)) = cache.borrow().outcomes.get(at) {
        return o.clone();
    }
    let mut cache = cache.borrow_mut();
    let start = cache.start.get_or_insert_with(|| Start::new(g));
    let o = Rc::new(follow(
        g,
        start,
        Fact {
            cell,
            digit,
            on: true,
        },
        net,
        limit,
    ));
    // Beyond 16×16 the grids are too big to keep one per assumption.
    if g.cell_count() <= 256 {
        if cache.outcomes.is_empty() {
            cache.outcomes = vec![None; g.cell_count() * g.size()];
        }
        cache.outcomes[at] = Some(o.clone());
    }
    o
}

/// Follows `assume` (a candidate set true, or false) on a copy of `g` (whose [`Start`] is
/// `start`); `net` adds singles. Facts are taken from a stack, last forced first.
fn follow(g: &CandidateGrid, start: &Start, assume: Fact, net: bool, limit: usize) -> Outcome {
    let n = g.size();
    let l = g.layout();
    let mut values = g.values().to_vec();
    let mut cands: Vec<u64> = g.cells().map(|c| g.candidates(c).0).collect();
    let mut pos = start.pos.clone();
    let mut placed = start.placed.clone();
    let mut log = Vec::with_capacity(64);
    let mut queue: Vec<Fact> = Vec::with_capacity(64);
    queue.push(assume);
    let mut contradiction = None;
    'outer: while let Some(f) = queue.pop() {
        if log.len() >= limit {
            break;
        }
        let (c, d) = (f.cell.index(), f.digit.index());
        let bit = 1u64 << d;
        if f.on {
            if values[c] == f.digit.get() {
                continue;
            }
            if values[c] != 0 || cands[c] & bit == 0 {
                contradiction = Some(Clash::Cannot(f.cell, f.digit));
                log.push(f);
                break;
            }
            log.push(f);
            // Weak links: the other digits of the cell and the digit in peers become false
            // (queued, then removed by the placement; each is recorded and followed).
            for e in DigitSet(cands[c] & !bit).iter() {
                queue.push(Fact {
                    cell: f.cell,
                    digit: e,
                    on: false,
                });
            }
            // The placement: the cell's candidates go, the digit leaves its peers (each
            // peer's loss queued as it goes).
            values[c] = f.digit.get();
            let mut gone = std::mem::take(&mut cands[c]);
            while gone != 0 {
                let e = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                for &(h, i) in start.slots(c) {
                    pos[h as usize * n + e] &= !(1 << i);
                }
            }
            for &(h, _) in start.slots(c) {
                placed[h as usize] |= bit;
            }
            for &p in l.peers(f.cell) {
                let pi = p.index();
                if cands[pi] & bit != 0 {
                    queue.push(Fact {
                        cell: p,
                        digit: f.digit,
                        on: false,
                    });
                    cands[pi] &= !bit;
                    for &(h, i) in start.slots(pi) {
                        pos[h as usize * n + d] &= !(1 << i);
                    }
                }
            }
        } else {
            if values[c] == f.digit.get() {
                contradiction = Some(Clash::Both(f.cell, f.digit));
                log.push(f);
                break;
            }
            log.push(f);
            if cands[c] & bit != 0 {
                cands[c] &= !bit;
                for &(h, i) in start.slots(c) {
                    pos[h as usize * n + d] &= !(1 << i);
                }
            }
            // Strong links: a bivalue cell's other digit, a house's other place.
            let rest = cands[c];
            if values[c] == 0 {
                if rest == 0 {
                    contradiction = Some(Clash::NoCandidate(f.cell));
                    break 'outer;
                }
                if rest & (rest - 1) == 0 && (net || g.candidates(f.cell).len() == 2) {
                    queue.push(Fact {
                        cell: f.cell,
                        digit: Digit::from_index(rest.trailing_zeros() as usize),
                        on: true,
                    });
                }
            }
            for &(h, _) in start.slots(c) {
                let h = h as usize;
                if placed[h] & bit != 0 {
                    continue;
                }
                let places = pos[h * n + d];
                if places == 0 {
                    contradiction = Some(Clash::NoPlace(f.digit, House(h as u16)));
                    break 'outer;
                }
                if places & (places - 1) == 0 && (net || start.pos[h * n + d].count_ones() == 2) {
                    let at = l.house_cells(House(h as u16))[places.trailing_zeros() as usize];
                    queue.push(Fact {
                        cell: at,
                        digit: f.digit,
                        on: true,
                    });
                }
            }
        }
    }
    Outcome {
        log,
        contradiction,
        values,
        cands,
    }
}

/// `step` placing (`on`) or eliminating the candidate, marked as such.
pub(crate) fn conclude(step: Step, cell: Cell, digit: Digit, on: bool) -> Step {
    if on {
        step.place(cell, digit).mark(cell, digit, Role::Placed)
    } else {
        step.eliminate(cell, digit)
            .mark(cell, digit, Role::Eliminated)
    }
}

fn fact_text(g: &CandidateGrid, f: &Fact) -> String {
    format!(
        "{}{}{}",
        cell_name(g.layout(), f.cell),
        if f.on { "=" } else { "≠" },
        f.digit
    )
}

fn log_text(g: &CandidateGrid, log: &[Fact]) -> String {
    const SHOW: usize = 12;
    let mut parts: Vec<String> = log.iter().take(SHOW).map(|f| fact_text(g, f)).collect();
    if log.len() > SHOW {
        parts.push(format!("… ({} facts in all)", log.len()));
    }
    parts.join(" → ")
}

/// How far the contradiction and verity finders follow an assumption, with the outcome cache
/// for `g` under that limit: nets without a length limit, chains up to four times the longest
/// chain asked for (at least 8).
fn followed_for(g: &CandidateGrid, net: bool, f: &Finder<'_>) -> (usize, Rc<RefCell<Followed>>) {
    let limit = if net {
        usize::MAX
    } else {
        4 * f.options.max_chain.max(8)
    };
    (limit, followed(g, net, limit, f.memory()))
}

/// Contradiction finder (chains or nets).
pub struct Contradiction {
    /// The technique row.
    pub info: &'static TechniqueInfo,
    /// Use singles along the way.
    pub net: bool,
}

impl Technique for Contradiction {
    fn info(&self) -> &'static TechniqueInfo {
        self.info
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        if f.options.hodoku && hodoku_forcing::applies(g) {
            return hodoku_forcing::find(self.info, self.net, false, g, f);
        }
        let (limit, cache) = followed_for(g, self.net, f);
        let cells: Vec<Cell> = g.empty_cells().collect();
        for c in cells {
            // Give up at the deadline (the outcomes followed so far stay cached: each is
            // whole).
            if f.out_of_time() {
                return;
            }
            for d in g.candidates(c).iter() {
                let out = follow_on(&cache, g, c, d, self.net, limit);
                let Some(why) = out.contradiction else {
                    continue;
                };
                let l = g.layout();
                let se = self.info.se + length_increment::<f32>(out.log.len());
                let step = Step::new(self.info)
                    .rated(se)
                    .digits([d])
                    .cells([c])
                    .eliminate(c, d)
                    .mark(c, d, Role::Eliminated)
                    .text(format!(
                        "Assume {}={d}: {}; then {}. So {} is not {d}.",
                        cell_name(l, c),
                        log_text(g, &out.log),
                        why.text(l),
                        cell_name(l, c)
                    ));
                if !f.emit(step) {
                    return;
                }
            }
        }
    }
}

/// Verity finder (cell and region forcing; chains or nets).
pub struct Verity {
    /// The technique row.
    pub info: &'static TechniqueInfo,
    /// Use singles along the way.
    pub net: bool,
}

impl Verity {
    /// What every branch forces: placements and eliminations common to all (branches that end
    /// in a contradiction are impossible and left out; if all do, nothing is concluded here —
    /// the contradiction finder reports that).
    fn common(
        &self,
        cache: &RefCell<Followed>,
        g: &CandidateGrid,
        branches: &[Fact],
        limit: usize,
    ) -> Option<(Vec<Rc<Outcome>>, Vec<Fact>)> {
        let outs: Vec<Rc<Outcome>> = branches
            .iter()
            .map(|b| follow_on(cache, g, b.cell, b.digit, self.net, limit))
            .collect();
        let live: Vec<&Outcome> = outs
            .iter()
            .map(|o| &**o)
            .filter(|o| o.contradiction.is_none())
            .collect();
        if live.len() < 2 || live.len() != outs.len() {
            return None;
        }
        let mut facts = Vec::new();
        for c in g.empty_cells() {
            let i = c.index();
            // Placed in every branch.
            if let Some(d) = live[0].value(c)
                && live.iter().all(|o| o.values[i] == live[0].values[i])
            {
                facts.push(Fact {
                    cell: c,
                    digit: d,
                    on: true,
                });
                continue;
            }
            // Removed in every branch: neither a candidate nor placed there.
            let mut gone = g.candidates(c).0;
            for o in &live {
                let v = o.values[i];
                let placed = if v == 0 { 0 } else { 1u64 << (v - 1) };
                gone &= !(o.cands[i] | placed);
                if gone == 0 {
                    break;
                }
            }
            for d in DigitSet(gone).iter() {
                facts.push(Fact {
                    cell: c,
                    digit: d,
                    on: false,
                });
            }
        }
        if facts.is_empty() {
            None
        } else {
            Some((outs, facts))
        }
    }

    fn emit(
        &self,
        g: &CandidateGrid,
        f: &mut Finder<'_>,
        source: String,
        branches: &[Fact],
        outs: &[Rc<Outcome>],
        facts: &[Fact],
    ) -> bool {
        let l = g.layout();
        let mut step = Step::new(self.info);
        let mut complexity = 0;
        for fa in facts {
            step = conclude(step, fa.cell, fa.digit, fa.on);
        }
        let mut lines = Vec::new();
        for (b, o) in branches.iter().zip(outs) {
            complexity += o.log.len();
            step = step.mark(b.cell, b.digit, Role::Pattern);
            lines.push(format!("if {}: {}", fact_text(g, b), log_text(g, &o.log)));
        }
        let placed: Vec<String> = facts
            .iter()
            .filter(|x| x.on)
            .map(|x| fact_text(g, x))
            .collect();
        let removed: Vec<_> = facts
            .iter()
            .filter(|x| !x.on)
            .map(|x| crate::step::Candidate::new(x.cell, x.digit))
            .collect();
        let mut concl = Vec::new();
        if !placed.is_empty() {
            concl.push(placed.join(", "));
        }
        if !removed.is_empty() {
            concl.push(eliminations_text(l, &removed));
        }
        // The branches make the next sentence: its first letter is a capital.
        let branches = lines.join("; ");
        let mut first = branches.chars();
        let branches = first
            .next()
            .map(|c| c.to_uppercase().chain(first).collect::<String>())
            .unwrap_or_default();
        let text = format!(
            "{source}, and every branch forces the same: {}. {branches}.",
            concl.join("; "),
        );
        let se = self.info.se + length_increment::<f32>(complexity);
        f.emit(step.rated(se).text(text))
    }
}

impl Technique for Verity {
    fn info(&self) -> &'static TechniqueInfo {
        self.info
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        if f.options.hodoku && hodoku_forcing::applies(g) {
            return hodoku_forcing::find(self.info, self.net, true, g, f);
        }
        let l = g.layout();
        let (limit, cache) = followed_for(g, self.net, f);
        // Cell forcing.
        let cells: Vec<Cell> = g.empty_cells().collect();
        for c in cells {
            if f.out_of_time() {
                return;
            }
            let cs = g.candidates(c);
            if cs.len() < 2 || cs.len() > 4 {
                continue;
            }
            let branches: Vec<Fact> = cs
                .iter()
                .map(|d| Fact {
                    cell: c,
                    digit: d,
                    on: true,
                })
                .collect();
            if let Some((outs, facts)) = self.common(&cache, g, &branches, limit) {
                let src = format!("{} is one of {}", cell_name(l, c), cs);
                if !self.emit(g, f, src, &branches, &outs, &facts) {
                    return;
                }
            }
        }
        // Region (house) forcing.
        let houses: Vec<House> = g.houses().collect();
        for h in houses {
            if f.out_of_time() {
                return;
            }
            for d in DigitSet::full(g.size()).iter() {
                let pos = g.positions(h, d);
                if pos.count_ones() < 2 || pos.count_ones() > 4 {
                    continue;
                }
                let branches: Vec<Fact> = g
                    .cells_with(h, d)
                    .map(|c| Fact {
                        cell: c,
                        digit: d,
                        on: true,
                    })
                    .collect();
                if let Some((outs, facts)) = self.common(&cache, g, &branches, limit) {
                    let src = format!(
                        "{d} goes in one of {} in {}",
                        crate::render::cells_name(
                            l,
                            &branches.iter().map(|b| b.cell).collect::<Vec<_>>()
                        ),
                        house_name(l, h)
                    );
                    if !self.emit(g, f, src, &branches, &outs, &facts) {
                        return;
                    }
                }
            }
        }
    }
}
