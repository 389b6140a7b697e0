//! Uniqueness techniques: unique rectangles (types 1–6), hidden rectangle, avoidable
//! rectangles (types 1–2) and BUG+1. They assume the puzzle has one solution: a set of cells
//! whose two digits could be swapped without touching any given (a "deadly pattern") would give
//! a second one, so the pattern cannot happen.
//!
//! Design decision: the deadly-pattern argument is checked on the layout, not assumed: a
//! rectangle counts only if every house meeting it holds exactly one of its rows' or columns'
//! two cells (two rows, two columns, two boxes or regions, and no extra house — a diagonal —
//! crossing it unevenly), and layouts with anti-knight/king constraints are skipped (a swap could
//! break a pair constraint outside the rectangle). Candidates that were already eliminated do
//! not matter (the swapped grid keeps every given), so HoDoKu's "missing candidates" are allowed.
//! In HoDoKu's order ([`Options::hodoku`](crate::technique::Options::hodoku)) on a standard
//! 9×9 grid the finders take their instances from HoDoKu's own walk instead
//! (`hodoku_uniqueness.rs`, issue 42), which meets other rectangles
//! and instances, in another order.

use sudokit_core::{Cell, Digit, DigitSet, House};

use crate::grid::CandidateGrid;
use crate::render::{cell_name, cells_name, eliminations_text};
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::table::BUG1;

/// Which unique-rectangle technique a [`Rectangles`] finder reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Type 1.
    T1,
    /// Type 2.
    T2,
    /// Type 3.
    T3,
    /// Type 4.
    T4,
    /// Type 5.
    T5,
    /// Type 6.
    T6,
    /// Hidden rectangle.
    Hidden,
    /// Avoidable rectangle type 1.
    Ar1,
    /// Avoidable rectangle type 2.
    Ar2,
}

/// A unique/avoidable rectangle finder.
pub struct Rectangles {
    /// The type.
    pub kind: Kind,
    /// Its row.
    pub info: &'static TechniqueInfo,
}

/// Whether swapping two digits across the rectangle `[a, b, c, d]` (a, b one row; c, d the
/// other; a, c one column) keeps every house valid: each house meets it in zero cells or in
/// exactly one row-pair or column-pair.
fn deadly_geometry(g: &CandidateGrid, cells: &[Cell; 4]) -> bool {
    if g.layout().has_pair_constraints() {
        return false;
    }
    let sides = [[0, 1], [2, 3], [0, 2], [1, 3]];
    let mut houses: Vec<House> = cells
        .iter()
        .flat_map(|&c| g.houses_of(c).iter().copied())
        .collect();
    houses.sort();
    houses.dedup();
    for h in houses {
        let inside: Vec<usize> = (0..4)
            .filter(|&i| g.houses_of(cells[i]).contains(&h))
            .collect();
        if inside.len() != 2 || !sides.iter().any(|s| s[0] == inside[0] && s[1] == inside[1]) {
            return false;
        }
    }
    // Exactly two boxes/regions.
    let mut regions: Vec<usize> = cells.iter().map(|&c| g.layout().region_of(c)).collect();
    regions.sort();
    regions.dedup();
    regions.len() == 2
}

fn extra(g: &CandidateGrid, c: Cell, ab: DigitSet) -> DigitSet {
    DigitSet(g.candidates(c).0 & !ab.0)
}

/// The rectangles of one grid: its givens, its layout and the rectangles (they depend only on
/// the layout and the givens; kept in the finder's [`Memory`](crate::Memory)).
pub(crate) type RectCache = (
    Vec<bool>,
    std::sync::Arc<sudokit_core::Layout>,
    std::rc::Rc<Vec<[Cell; 4]>>,
);

/// Every geometrically valid rectangle of `g`'s layout avoiding its givens (kept in `memory`).
fn rectangles(
    g: &CandidateGrid,
    memory: &crate::Memory,
    stop: &dyn Fn() -> bool,
) -> Option<std::rc::Rc<Vec<[Cell; 4]>>> {
    let givens: Vec<bool> = g.cells().map(|c| g.is_given(c)).collect();
    if let Some(hit) = memory
        .rectangles
        .borrow()
        .as_ref()
        .filter(|(gv, l, _)| *gv == givens && std::sync::Arc::ptr_eq(l, g.layout_arc()))
        .map(|x| x.2.clone())
    {
        return Some(hit);
    }
    // A list cut short is not kept: the next search on these givens lists them again.
    let rects = std::rc::Rc::new(compute_rectangles(g, stop)?);
    *memory.rectangles.borrow_mut() = Some((givens, g.layout_arc().clone(), rects.clone()));
    Some(rects)
}

/// Every geometrically valid rectangle, as `[r1c1, r1c2, r2c1, r2c2]`; `None` when `stop`
/// (asked once per pair of rows: an empty 64×64 has four million rectangles) says the time
/// is up.
fn compute_rectangles(g: &CandidateGrid, stop: &dyn Fn() -> bool) -> Option<Vec<[Cell; 4]>> {
    let n = g.size();
    let mut out = Vec::new();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            if stop() {
                return None;
            }
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let cells = [
                        Cell::at(r1, c1, n),
                        Cell::at(r1, c2, n),
                        Cell::at(r2, c1, n),
                        Cell::at(r2, c2, n),
                    ];
                    if cells.iter().any(|&c| g.is_given(c)) {
                        continue;
                    }
                    if deadly_geometry(g, &cells) {
                        out.push(cells);
                    }
                }
            }
        }
    }
    Some(out)
}

/// What a rectangle's eliminations rest on, for the step's text.
pub(crate) enum Why {
    /// Type 1: the one corner with extra candidates.
    T1 { cell: Cell },
    /// Types 2 and 5: the one extra digit and the corners holding it.
    T2 { x: Digit, roof: Vec<Cell> },
    /// Type 3: the two corners with extra digits, those digits, the other cells of the naked
    /// subset they form, its digits and the houses it lies in.
    T3 {
        roof: [Cell; 2],
        extra: DigitSet,
        sub: Vec<Cell>,
        digits: DigitSet,
        houses: Vec<House>,
    },
    /// Type 4: in `houses`, `x` is only in the roof, so the roof cannot be `y`.
    T4 {
        houses: Vec<House>,
        x: Digit,
        y: Digit,
        roof: [Cell; 2],
    },
    /// Type 6: `x` forms an X-wing on the rectangle.
    T6 { x: Digit },
    /// Hidden rectangle: `z` cannot be `y` because `x` is locked in the rectangle's lines.
    Hidden { z: Cell, x: Digit, y: Digit },
    /// Avoidable rectangle type 1: `cell` cannot be `x`.
    Ar1 { cell: Cell, x: Digit },
    /// Avoidable rectangle type 2: `x` must be in one of the two open corners.
    Ar2 { x: Digit, open: [Cell; 2] },
}

impl Why {
    fn text(&self, l: &sudokit_core::Layout, a: Digit, b: Digit) -> String {
        let houses = |hs: &[House]| {
            hs.iter()
                .map(|&h| crate::render::house_name(l, h))
                .collect::<Vec<_>>()
                .join(" and ")
        };
        match self {
            Why::T1 { cell } => format!(
                "The other three corners hold only {a} and {b}, so {} cannot be either.",
                cell_name(l, *cell)
            ),
            Why::T2 { x, roof } => {
                format!(
                    "To avoid it, {x} must be in one of {}.",
                    cells_name(l, roof)
                )
            }
            Why::T3 {
                roof: [p, q],
                extra,
                sub,
                digits,
                houses: hs,
            } => format!(
                "One of {} and {} holds an extra digit from {}; with {} they form a naked subset on {} in {}.",
                cell_name(l, *p),
                cell_name(l, *q),
                extra,
                cells_name(l, sub),
                digits,
                houses(hs)
            ),
            Why::T4 {
                houses: hs,
                x,
                y,
                roof: [p, q],
            } => format!(
                "In {}, {x} can only be in {} or {}, so one of them is {x}; neither can then be {y}.",
                houses(hs),
                cell_name(l, *p),
                cell_name(l, *q)
            ),
            Why::T6 { x } => format!(
                "{x} forms an X-wing on the rectangle's rows and columns; if the diagonal extra cells held it, so would the floor and the pattern would be deadly."
            ),
            Why::Hidden { z, x, y } => format!(
                "In {}'s row and column, {x} can only be in the rectangle; were {} {y}, both its neighbours would be {x} and the bivalue corner {y}.",
                cell_name(l, *z),
                cell_name(l, *z)
            ),
            Why::Ar1 { cell, x } => format!(
                "The other corners were placed by solving (not given), so {} cannot be {x}.",
                cell_name(l, *cell)
            ),
            Why::Ar2 { x, open: [p, q] } => format!(
                "Two corners were placed by solving; to avoid the swap, {x} must be in {} or {}.",
                cell_name(l, *p),
                cell_name(l, *q)
            ),
        }
    }
}

fn opposite(i: usize) -> usize {
    3 - i
}

fn same_side(i: usize, j: usize) -> bool {
    i / 2 == j / 2 || i % 2 == j % 2
}

impl Rectangles {
    #[allow(
        clippy::too_many_arguments,
        reason = "a step builder with the pattern's parts"
    )]
    fn emit(
        &self,
        g: &CandidateGrid,
        f: &mut Finder<'_>,
        cells: &[Cell; 4],
        a: Digit,
        b: Digit,
        elims: Vec<(Cell, Digit)>,
        why: &Why,
    ) -> bool {
        if elims.is_empty() {
            return true;
        }
        let l = g.layout();
        let mut step = Step::new(self.info)
            .digits([a, b])
            .cells(cells.iter().copied());
        for &c in cells {
            for d in [a, b] {
                if g.has(c, d) {
                    step = step.mark(c, d, Role::Pattern);
                }
            }
        }
        for &(c, d) in &elims {
            step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
        }
        let text = format!(
            "{} would be a deadly pattern on {a} and {b} (the two digits could be swapped, giving a second solution). {} So {}.",
            cells_name(l, cells),
            why.text(l, a, b),
            eliminations_text(l, &step.eliminations)
        );
        f.emit(step.text(text))
    }

    fn unique(
        &self,
        g: &CandidateGrid,
        f: &mut Finder<'_>,
        cells: &[Cell; 4],
        placed_seen: &PlacedSeen<'_>,
    ) -> bool {
        if cells.iter().any(|&c| g.value(c).is_some()) {
            return true;
        }
        let mut union = DigitSet::EMPTY;
        for &c in cells {
            union.0 |= g.candidates(c).0;
        }
        // Every kind needs a floor corner (candidates within the two digits), so the pairs
        // worth trying are those that hold some corner's candidates.
        let mut pairs: Vec<(Digit, Digit)> = Vec::new();
        for &c in cells {
            let cs = g.candidates(c);
            if cs.len() > 2 {
                continue;
            }
            let mut add = |x: Digit, y: Digit| {
                let p = (x.min(y), x.max(y));
                if x != y && !pairs.contains(&p) {
                    pairs.push(p);
                }
            };
            let mut it = cs.iter();
            match (it.next(), it.next()) {
                (Some(x), Some(y)) => add(x, y),
                (Some(x), None) => union.iter().for_each(|y| add(x, y)),
                _ => {}
            }
        }
        pairs.sort_unstable();
        for (a, b) in pairs {
            {
                let ab = DigitSet(DigitSet::single(a).0 | DigitSet::single(b).0);
                // Every corner must still allow a or b, and no placed a or b may see a corner
                // (then the swap would clash with it: a candidate missing for that reason is not
                // a "missing candidate" in HoDoKu's sense).
                if cells.iter().any(|&c| g.candidates(c).0 & ab.0 == 0)
                    || cells.iter().any(|&c| placed_seen.get(c).0 & ab.0 != 0)
                {
                    continue;
                }
                let roof: Vec<usize> = (0..4)
                    .filter(|&k| !extra(g, cells[k], ab).is_empty())
                    .collect();
                let floor: Vec<usize> = (0..4).filter(|k| !roof.contains(k)).collect();
                let mut elims = Vec::new();
                let why;
                match self.kind {
                    Kind::T1 => {
                        if roof.len() != 1 {
                            continue;
                        }
                        let c = cells[roof[0]];
                        elims.extend([a, b].into_iter().filter(|&d| g.has(c, d)).map(|d| (c, d)));
                        why = Why::T1 { cell: c };
                    }
                    Kind::T2 | Kind::T5 => {
                        if roof.len() < 2 || roof.len() > 3 {
                            continue;
                        }
                        let e = extra(g, cells[roof[0]], ab);
                        if e.len() != 1 || roof.iter().any(|&k| extra(g, cells[k], ab) != e) {
                            continue;
                        }
                        let side = roof.len() == 2 && same_side(roof[0], roof[1]);
                        if (self.kind == Kind::T2) != side {
                            continue;
                        }
                        let x = e.first().expect("one");
                        let rc: Vec<Cell> = roof.iter().map(|&k| cells[k]).collect();
                        elims.extend(g.seen_by_all(&rc, x).into_iter().map(|c| (c, x)));
                        why = Why::T2 { x, roof: rc };
                    }
                    Kind::T3 => {
                        if roof.len() != 2 || !same_side(roof[0], roof[1]) {
                            continue;
                        }
                        let (p, q) = (cells[roof[0]], cells[roof[1]]);
                        let e = DigitSet(extra(g, p, ab).0 | extra(g, q, ab).0);
                        // Every naked subset of 1..=3 other cells with the virtual cell E, in
                        // every house of the roof; eliminations in every house the subset and
                        // the roof share.
                        for &h in g.houses_of(p) {
                            if !g.houses_of(q).contains(&h) {
                                continue;
                            }
                            let others: Vec<Cell> = g
                                .house_cells(h)
                                .iter()
                                .copied()
                                .filter(|&c| c != p && c != q && g.value(c).is_none())
                                .collect();
                            let m = others.len().min(12);
                            for mask in 1u32..(1u32 << m) {
                                let k = mask.count_ones() as usize;
                                if k > 3 {
                                    continue;
                                }
                                let sub: Vec<Cell> = (0..m)
                                    .filter(|i| mask >> i & 1 == 1)
                                    .map(|i| others[i])
                                    .collect();
                                let mut u = e;
                                for &c in &sub {
                                    u.0 |= g.candidates(c).0;
                                }
                                if u.len() as usize != k + 1 || u.0 & ab.0 != 0 {
                                    continue;
                                }
                                let mut group = sub.clone();
                                group.extend([p, q]);
                                let shared =
                                    crate::techniques::intersections::common_houses(g, &group);
                                // Report each subset once, from the first house it lives in.
                                if shared.first() != Some(&h) {
                                    continue;
                                }
                                let mut el: Vec<(Cell, Digit)> = Vec::new();
                                for &hh in &shared {
                                    for &c in g.house_cells(hh) {
                                        if group.contains(&c) || el.iter().any(|x| x.0 == c) {
                                            continue;
                                        }
                                        el.extend(
                                            DigitSet(g.candidates(c).0 & u.0)
                                                .iter()
                                                .map(|d| (c, d)),
                                        );
                                    }
                                }
                                let why = Why::T3 {
                                    roof: [p, q],
                                    extra: e,
                                    sub,
                                    digits: u,
                                    houses: shared,
                                };
                                if !self.emit(g, f, cells, a, b, el, &why) {
                                    return false;
                                }
                            }
                        }
                        continue;
                    }
                    Kind::T4 => {
                        if roof.len() != 2 || !same_side(roof[0], roof[1]) {
                            continue;
                        }
                        let (p, q) = (cells[roof[0]], cells[roof[1]]);
                        let mut done = None;
                        for &h in g.houses_of(p) {
                            if !g.houses_of(q).contains(&h) {
                                continue;
                            }
                            for (x, y) in [(a, b), (b, a)] {
                                if !g.placed_in(h, x)
                                    && g.cells_with(h, x).all(|c| c == p || c == q)
                                {
                                    done = Some((x, y, h));
                                }
                            }
                        }
                        let Some((x, y, h)) = done else { continue };
                        elims.extend([p, q].into_iter().filter(|&c| g.has(c, y)).map(|c| (c, y)));
                        why = Why::T4 {
                            houses: vec![h],
                            x,
                            y,
                            roof: [p, q],
                        };
                    }
                    Kind::T6 => {
                        if roof.len() != 2 || same_side(roof[0], roof[1]) || floor.len() != 2 {
                            continue;
                        }
                        let mut got = None;
                        for x in [a, b] {
                            // x only in rectangle cells in both rows and both columns.
                            let lines_ok = cells.iter().all(|&c| {
                                g.houses_of(c).iter().take(2).all(|&h| {
                                    !g.placed_in(h, x)
                                        && g.cells_with(h, x).all(|z| cells.contains(&z))
                                })
                            });
                            if lines_ok {
                                got = Some(x);
                            }
                        }
                        let Some(x) = got else { continue };
                        elims.extend(
                            roof.iter()
                                .map(|&k| cells[k])
                                .filter(|&c| g.has(c, x))
                                .map(|c| (c, x)),
                        );
                        why = Why::T6 { x };
                    }
                    Kind::Hidden => {
                        let mut got = None;
                        for &fl in &floor {
                            if g.candidates(cells[fl]).len() != 2 {
                                continue;
                            }
                            let z = cells[opposite(fl)];
                            for (x, y) in [(a, b), (b, a)] {
                                if !g.has(z, y) {
                                    continue;
                                }
                                let line_ok = g.houses_of(z).iter().take(2).all(|&h| {
                                    !g.placed_in(h, x)
                                        && g.cells_with(h, x).all(|c| cells.contains(&c))
                                });
                                if line_ok {
                                    got = Some((z, x, y));
                                }
                            }
                        }
                        let Some((z, x, y)) = got else { continue };
                        elims.push((z, y));
                        why = Why::Hidden { z, x, y };
                    }
                    Kind::Ar1 | Kind::Ar2 => unreachable!("avoidable rectangles are handled apart"),
                }
                if !self.emit(g, f, cells, a, b, elims, &why) {
                    return false;
                }
            }
        }
        true
    }

    fn avoidable(&self, g: &CandidateGrid, f: &mut Finder<'_>, cells: &[Cell; 4]) -> bool {
        let solved: Vec<usize> = (0..4).filter(|&k| g.value(cells[k]).is_some()).collect();
        let open: Vec<usize> = (0..4).filter(|k| !solved.contains(k)).collect();
        // The deadly digit of an open corner is its opposite corner's value.
        let deadly = |k: usize| g.value(cells[opposite(k)]);
        let vals: Vec<Digit> = solved.iter().filter_map(|&k| g.value(cells[k])).collect();
        let mut ds = vals.clone();
        ds.sort();
        ds.dedup();
        if ds.len() > 2 || ds.is_empty() {
            return true;
        }
        // Opposite solved corners must be equal, adjacent ones different.
        for &i in &solved {
            for &j in &solved {
                if i < j {
                    let (vi, vj) = (g.value(cells[i]), g.value(cells[j]));
                    if (opposite(i) == j) != (vi == vj) {
                        return true;
                    }
                }
            }
        }
        let (mut elims, why) = match (self.kind, solved.len()) {
            (Kind::Ar1, 3) => {
                let k = open[0];
                let Some(x) = deadly(k) else { return true };
                if !g.has(cells[k], x) {
                    return true;
                }
                (vec![(cells[k], x)], Why::Ar1 { cell: cells[k], x })
            }
            (Kind::Ar2, 2) => {
                if open.len() != 2 || deadly(open[0]).is_none() || deadly(open[1]).is_none() {
                    return true;
                }
                let e0 = DigitSet(
                    g.candidates(cells[open[0]]).0
                        & !DigitSet::single(deadly(open[0]).expect("some")).0,
                );
                let e1 = DigitSet(
                    g.candidates(cells[open[1]]).0
                        & !DigitSet::single(deadly(open[1]).expect("some")).0,
                );
                if e0.len() != 1
                    || e0 != e1
                    || !g.has(cells[open[0]], deadly(open[0]).expect("some"))
                    || !g.has(cells[open[1]], deadly(open[1]).expect("some"))
                {
                    return true;
                }
                let x = e0.first().expect("one");
                let oc = [cells[open[0]], cells[open[1]]];
                (
                    g.seen_by_all(&oc, x).into_iter().map(|c| (c, x)).collect(),
                    Why::Ar2 { x, open: oc },
                )
            }
            _ => return true,
        };
        elims.retain(|&(c, d)| g.has(c, d));
        let (a, b) = (ds[0], *ds.last().expect("one"));
        self.emit(g, f, cells, a, b, elims, &why)
    }
}

/// The digits placed among each cell's peers, worked out for a cell the first time a
/// rectangle asks (most rectangles are ruled out before they ask, and the avoidable ones never
/// do).
struct PlacedSeen<'g> {
    g: &'g CandidateGrid,
    known: Vec<std::cell::Cell<Option<DigitSet>>>,
}

impl<'g> PlacedSeen<'g> {
    fn new(g: &'g CandidateGrid) -> PlacedSeen<'g> {
        PlacedSeen {
            g,
            known: vec![std::cell::Cell::new(None); g.cells().count()],
        }
    }

    /// The digits placed among `c`'s peers.
    fn get(&self, c: Cell) -> DigitSet {
        let slot = &self.known[c.index()];
        if let Some(s) = slot.get() {
            return s;
        }
        let s = self
            .g
            .peers(c)
            .iter()
            .filter_map(|&p| self.g.value(p))
            .fold(DigitSet::EMPTY, |s, v| {
                DigitSet(s.0 | DigitSet::single(v).0)
            });
        slot.set(Some(s));
        s
    }
}

impl Technique for Rectangles {
    fn info(&self) -> &'static TechniqueInfo {
        self.info
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        if f.options.hodoku && g.layout().is_standard_9x9() {
            // HoDoKu's own walk: which rectangles it meets, in its order (issue 42); the
            // unique-rectangle walk is shared by the types asked on the same grid, and the
            // avoidable rectangles read its grid.
            let walk = super::hodoku_uniqueness::walked(g, f.memory());
            let mut emit = |x: super::hodoku_uniqueness::Found| {
                self.emit(g, f, &x.cells, x.a, x.b, x.elims, &x.why)
            };
            match self.kind {
                Kind::Ar1 | Kind::Ar2 => walk.avoidable(self.kind, &mut emit),
                _ => walk.unique(self.kind, &mut emit),
            }
            return;
        }
        let Some(rects) = rectangles(g, f.memory(), &|| f.out_of_time()) else {
            return;
        };
        let placed_seen = PlacedSeen::new(g);
        for (i, cells) in rects.iter().enumerate() {
            if i % 1024 == 1023 && f.out_of_time() {
                return;
            }
            let go = match self.kind {
                Kind::Ar1 | Kind::Ar2 => self.avoidable(g, f, cells),
                _ => self.unique(g, f, cells, &placed_seen),
            };
            if !go {
                return;
            }
        }
    }
}

/// Finder for [`BUG1`].
pub struct BugPlusOne;

impl Technique for BugPlusOne {
    fn info(&self) -> &'static TechniqueInfo {
        &BUG1
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        if g.layout().has_pair_constraints() {
            return;
        }
        let mut odd = None;
        for c in g.empty_cells() {
            match g.candidates(c).len() {
                2 => {}
                3 if odd.is_none() => odd = Some(c),
                _ => return,
            }
        }
        let Some(cell) = odd else { return };
        // The digit that appears three times in one of the cell's houses.
        let mut keep = None;
        for d in g.candidates(cell).iter() {
            if g.houses_of(cell)
                .iter()
                .any(|&h| g.cells_with(h, d).count() == 3)
            {
                if keep.is_some_and(|k| k != d) {
                    return;
                }
                keep = Some(d);
            }
        }
        let Some(d) = keep else { return };
        // Every other digit of every house must appear exactly twice (the grave).
        for h in g.houses() {
            for e in DigitSet::full(g.size()).iter() {
                let k = g.cells_with(h, e).count();
                let extra = usize::from(e == d && g.houses_of(cell).contains(&h));
                if k != 0 && k != 2 + extra {
                    return;
                }
            }
        }
        let l = g.layout();
        let mut step = Step::new(&BUG1)
            .digits([d])
            .cells([cell])
            .mark(cell, d, Role::Placed);
        for e in g.candidates(cell).iter().filter(|&e| e != d) {
            step = step.eliminate(cell, e).mark(cell, e, Role::Eliminated);
        }
        let text = format!(
            "Every empty cell has two candidates except {} ({}); without {d} there the grid would be a bivalue universal grave with two solutions, so {} is {d}.",
            cell_name(l, cell),
            g.candidates(cell),
            cell_name(l, cell)
        );
        f.emit(step.text(text));
    }
}
