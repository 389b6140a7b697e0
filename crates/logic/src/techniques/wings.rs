//! Wings: XY-wing, XYZ-wing, W-wing and WXYZ-wing. Every layout ("sees" is the layout's peer
//! relation).
//!
//! Design decision: XY- and XYZ-wings are searched from their pivot, as people look for them;
//! the WXYZ-wing uses the general rule that covers all of them — four cells with four digits
//! between them, every digit but one "restricted" (all its cells in the pattern see each
//! other), so the free digit must be in the pattern and whatever sees all its cells there
//! loses it. In HoDoKu's order ([`Options::hodoku`](crate::technique::Options::hodoku)) the
//! XY- and XYZ-wings and the W-wings are reported in the order HoDoKu's search meets them,
//! because HoDoKu applies the first it finds (issue 42).

use sudokit_core::{Cell, Digit, DigitSet, House};

use crate::grid::{CandidateGrid, CellSet};
use crate::memo;
use crate::render::{cell_name, cells_name, cells_subject};
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::table::{W_WING, WXYZ_WING, XY_WING, XYZ_WING};

fn common_seers(g: &CandidateGrid, cells: &[Cell], d: Digit) -> Vec<Cell> {
    g.seen_by_all(cells, d)
}

fn two(set: DigitSet) -> (Digit, Digit) {
    let mut it = set.iter();
    (it.next().expect("two"), it.next().expect("two"))
}

/// Finder for [`XY_WING`] and [`XYZ_WING`].
pub struct PivotWing {
    /// XY (pivot bivalue) or XYZ (pivot trivalue).
    pub xyz: bool,
}

impl Technique for PivotWing {
    fn info(&self) -> &'static TechniqueInfo {
        if self.xyz { &XYZ_WING } else { &XY_WING }
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        memo::since_miss(self.info().id, g, f, |changed, f| {
            self.find_in(g, changed, f)
        });
    }
}

/// One wing a [`PivotWing`] search met: pivot, pincers, the digit removed and the cells
/// losing it (its step is built only when it is reported).
struct Wing {
    p: Cell,
    a: Cell,
    b: Cell,
    z: Digit,
    elims: Vec<Cell>,
}

impl PivotWing {
    /// The wings of `g` in the order they are reported; with `changed` (the cells changed since
    /// the last grid on which this finder reported nothing, see [`memo::since_miss`]) only
    /// wings with a changed pivot or pincer are looked at. A wing reads the candidates of its
    /// three cells alone, and its eliminations are cells seeing them that hold `z`, which could
    /// only lose it since: with its three cells unchanged the wing was on that grid with the
    /// same or more eliminations, so it has none now (session 64; was a full search at every
    /// step).
    ///
    /// In HoDoKu's order every wing is collected and reported in the order HoDoKu's search
    /// meets them (see `hodoku_key`); only the steps reported are built (the solver takes the
    /// first), in that order, each as the search would have built it.
    fn find_in(&self, g: &CandidateGrid, changed: Option<&CellSet>, f: &mut Finder<'_>) {
        let want = if self.xyz { 3 } else { 2 };
        let mut collected: Vec<((usize, usize, usize, usize), Wing)> = Vec::new();
        // The bivalue cells once a call: a pivot's pincers are its peer set's cells among
        // them, in cell order (the order of the sorted peer list).
        let mut bivalue = g.cell_set();
        for c in g.empty_cells() {
            if g.candidates(c).len() == 2 {
                bivalue.insert(c);
            }
        }
        let is_new = |c: Cell| changed.is_none_or(|ch| ch.contains(c));
        let mut pincers: Vec<Cell> = Vec::new();
        for p in g.empty_cells() {
            let pc = g.candidates(p);
            if pc.len() != want {
                continue;
            }
            let mut near = g.peer_set(p).clone();
            near.intersect_with(&bivalue);
            let p_new = is_new(p);
            // A wing with an unchanged pivot needs a changed pincer.
            if !p_new && changed.is_some_and(|ch| !near.intersects(ch)) {
                continue;
            }
            pincers.clear();
            pincers.extend(near.iter());
            for (i, &a) in pincers.iter().enumerate() {
                for &b in &pincers[i + 1..] {
                    if !p_new && !is_new(a) && !is_new(b) {
                        continue;
                    }
                    let (ca, cb) = (g.candidates(a), g.candidates(b));
                    if ca == cb {
                        continue;
                    }
                    let z = DigitSet(ca.0 & cb.0);
                    if z.len() != 1 {
                        continue;
                    }
                    let zd = z.first().expect("one");
                    // XY: pivot = (a ∪ b) − z; XYZ: pivot = a ∪ b.
                    let union = DigitSet(ca.0 | cb.0);
                    let ok = if self.xyz {
                        pc == union
                    } else {
                        pc == DigitSet(union.0 & !z.0)
                    };
                    if !ok {
                        continue;
                    }
                    let pattern: &[Cell] = if self.xyz { &[p, a, b] } else { &[a, b] };
                    let mut elims: Vec<Cell> = common_seers(g, pattern, zd);
                    elims.retain(|&c| c != p);
                    if elims.is_empty() {
                        continue;
                    }
                    let wing = Wing {
                        p,
                        a,
                        b,
                        z: zd,
                        elims,
                    };
                    if f.options.hodoku {
                        collected.push((self.hodoku_key(p, a, b), wing));
                    } else if !f.emit(self.step(g, &wing)) {
                        return;
                    }
                }
            }
        }
        collected.sort_by_key(|(k, _)| *k);
        for (_, wing) in &collected {
            if !f.emit(self.step(g, wing)) {
                return;
            }
        }
    }

    /// The step of `wing`.
    fn step(&self, g: &CandidateGrid, wing: &Wing) -> Step {
        let l = g.layout();
        let Wing {
            p,
            a,
            b,
            z: zd,
            ref elims,
        } = *wing;
        let (pc, ca, cb) = (g.candidates(p), g.candidates(a), g.candidates(b));
        let union = DigitSet(ca.0 | cb.0);
        let mut step = Step::new(self.info()).digits(union.iter()).cells([p, a, b]);
        for &c in &[p, a, b] {
            for d in g.candidates(c).iter() {
                step = step.mark(c, d, if d == zd { Role::Fin } else { Role::Pattern });
            }
        }
        for &c in elims {
            step = step.eliminate(c, zd).mark(c, zd, Role::Eliminated);
        }
        let text = format!(
            "Pivot {} ({}) sees {} ({}) and {} ({}): whatever the pivot holds, one of {} is {zd}, so {} {zd}.",
            cell_name(l, p),
            pc,
            cell_name(l, a),
            ca,
            cell_name(l, b),
            cb,
            if self.xyz {
                "the three cells"
            } else {
                "the pincers"
            },
            cells_subject(l, elims, "loses", "lose")
        );
        step.text(text)
    }
    /// Where HoDoKu's wing search meets the wing with pivot `p` and pincers `a`, `b`: an
    /// XYZ-wing by its pivot, then its pincers in cell order; an XY-wing by its three cells in
    /// cell order, then which of them is the pivot (the first, the second, the third: HoDoKu
    /// tries each of a triple of bivalue cells as the pivot in that order).
    fn hodoku_key(&self, p: Cell, a: Cell, b: Cell) -> (usize, usize, usize, usize) {
        let (a, b) = (a.index().min(b.index()), a.index().max(b.index()));
        let p = p.index();
        if self.xyz {
            return (p, a, b, 0);
        }
        let mut t = [p, a, b];
        t.sort_unstable();
        let pivot = t.iter().position(|&c| c == p).unwrap_or(0);
        (t[0], t[1], t[2], pivot)
    }
}

/// Finder for [`W_WING`].
pub struct WWing;

impl Technique for WWing {
    fn info(&self) -> &'static TechniqueInfo {
        &W_WING
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        memo::since_miss(W_WING.id, g, f, |changed, f| w_wings(g, changed, f));
    }
}

/// One W-wing met: the two bivalue cells, the link's digit and house with its ends (the end
/// seeing `a` first), the digit removed and the cells losing it (its step is built only when
/// it is reported).
struct WFound {
    a: Cell,
    b: Cell,
    x: Digit,
    y: Digit,
    h: House,
    c: Cell,
    e: Cell,
    elims: Vec<Cell>,
}

/// The W-wings of `g` in the order they are reported; with `changed` (see
/// [`memo::since_miss`]) only wings with a changed cell among their two bivalue cells and the
/// link's house are looked at. A W-wing reads the candidates of its two cells and, for its
/// strong link, the places of its digit in the link's house; its eliminations are cells that
/// hold `y` and see both cells, which could only lose it since. With those cells unchanged the
/// wing was on the last grid this finder missed on, with the same or more eliminations, so it
/// has none now (session 64; was a full search at every step).
///
/// In HoDoKu's order the wings are collected and reported in the order HoDoKu meets them; only
/// the steps reported are built, each as the search would have built it.
fn w_wings(g: &CandidateGrid, changed: Option<&CellSet>, f: &mut Finder<'_>) {
    let bivalue: Vec<Cell> = g
        .empty_cells()
        .filter(|&c| g.candidates(c).len() == 2)
        .collect();
    // Houses holding a changed cell (every house without a miss to compare with).
    let touched: Option<Vec<bool>> = changed.map(|ch| {
        let mut t = vec![false; g.layout().house_count()];
        for c in ch.iter() {
            for &h in g.houses_of(c) {
                t[h.index()] = true;
            }
        }
        t
    });
    let house_new = |h: House| touched.as_ref().is_none_or(|t| t[h.index()]);
    let is_new = |c: Cell| changed.is_none_or(|ch| ch.contains(c));
    // The strong links, per digit; each digit's built the first time a pair of cells needs
    // them.
    let (planes, w) = memo::digit_planes(f.memory(), g);
    let mut links: Vec<Vec<(House, Cell, Cell)>> = vec![Vec::new(); g.size()];
    let mut made = DigitSet::EMPTY;
    let hodoku = f.options.hodoku;
    let mut collected: Vec<((usize, usize, Digit, usize), WFound)> = Vec::new();
    for (i, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[i + 1..] {
            if g.candidates(a) != g.candidates(b) || g.sees(a, b) {
                continue;
            }
            // With both cells unchanged, only a link in a changed house can be new.
            let pair_new = is_new(a) || is_new(b);
            let (d1, d2) = two(g.candidates(a));
            for (x, y) in [(d1, d2), (d2, d1)] {
                if !made.contains(x) {
                    made.insert(x);
                    let i = x.index();
                    links[i] = strong_links(g, &planes[i * w..(i + 1) * w]);
                }
                if !pair_new && !links[x.index()].iter().any(|&(h, _, _)| house_new(h)) {
                    continue;
                }
                let elims: Vec<Cell> = common_seers(g, &[a, b], y);
                if elims.is_empty() {
                    continue;
                }
                for &(h, c, e) in &links[x.index()] {
                    if !pair_new && !house_new(h) {
                        continue;
                    }
                    for (c, e) in [(c, e), (e, c)] {
                        if c == a
                            || c == b
                            || e == a
                            || e == b
                            || !g.sees(c, a)
                            || !g.sees(e, b)
                            // HoDoKu takes the link's end that sees the first cell as
                            // that cell's and the other end must see only the second.
                            || (hodoku && g.sees(e, a))
                        {
                            continue;
                        }
                        let found = WFound {
                            a,
                            b,
                            x,
                            y,
                            h,
                            c,
                            e,
                            elims: elims.clone(),
                        };
                        if hodoku {
                            collected.push(((a.index(), b.index(), y, h.index()), found));
                        } else if !f.emit(w_step(g, &found)) {
                            return;
                        }
                    }
                }
            }
        }
    }
    // HoDoKu applies the first W-wing it meets: by the pair of cells, then the digit
    // removed, then the link's house (rows, columns, boxes).
    collected.sort_by_key(|(k, _)| *k);
    for (_, found) in &collected {
        if !f.emit(w_step(g, found)) {
            return;
        }
    }
}

/// The step of the W-wing `w`.
fn w_step(g: &CandidateGrid, w: &WFound) -> Step {
    let l = g.layout();
    let WFound {
        a,
        b,
        x,
        y,
        h,
        c,
        e,
        ref elims,
    } = *w;
    let mut step = Step::new(&W_WING)
        .digits([x, y])
        .cells([a, b, c, e])
        .houses([h]);
    for &z in &[a, b] {
        step = step.mark(z, x, Role::Pattern).mark(z, y, Role::Fin);
    }
    step = step.mark(c, x, Role::ColorA).mark(e, x, Role::ColorA);
    for &z in elims {
        step = step.eliminate(z, y).mark(z, y, Role::Eliminated);
    }
    let text = format!(
        "{} and {} are both {{{x},{y}}}; {x} in {} is in {} or {}, which see them. If neither were {y}, both would be {x} and {x} would have no place in {}. So one is {y}: {} {y}.",
        cell_name(l, a),
        cell_name(l, b),
        crate::render::house_name(l, h),
        cell_name(l, c),
        cell_name(l, e),
        crate::render::house_name(l, h),
        cells_subject(l, elims, "loses", "lose")
    );
    step.text(text)
}

/// The houses where one digit has exactly two places, in house order, with those places (the
/// house's first, then its last), read off the digit's plane (`plane`, see
/// [`CandidateGrid::digit_planes`]) a house at a time: a house's cells are in index order, so
/// its first and last places are the lowest and highest bits of the house's words in the
/// plane. Asked per digit, for the digits a W-wing's cells hold (session 64: was a pass over
/// every house's cells and their candidates for every digit, most of a W-wing search's cost).
fn strong_links(g: &CandidateGrid, plane: &[u64]) -> Vec<(House, Cell, Cell)> {
    let mut links = Vec::new();
    for h in g.houses() {
        let house = g.house_set(h).words();
        let mut count = 0;
        let (mut first, mut last) = (0, 0);
        for (k, (&hw, &pw)) in house.iter().zip(plane).enumerate() {
            let m = hw & pw;
            if m == 0 {
                continue;
            }
            if count == 0 {
                first = k * 64 + m.trailing_zeros() as usize;
            }
            last = k * 64 + 63 - m.leading_zeros() as usize;
            count += m.count_ones();
        }
        if count == 2 {
            links.push((h, Cell(first as u16), Cell(last as u16)));
        }
    }
    links
}

/// Finder for [`WXYZ_WING`].
pub struct WxyzWing;

impl Technique for WxyzWing {
    fn info(&self) -> &'static TechniqueInfo {
        &WXYZ_WING
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        memo::since_miss(WXYZ_WING.id, g, f, |changed, f| wxyz(g, changed, f));
    }
}

/// The WXYZ-wing finder; with `changed`, only patterns (pivot and three wings) holding a
/// changed cell are looked at (a pattern's steps depend on its four cells' candidates and on
/// which of the cells seeing them still hold the digit, see [`memo::since_miss`]).
fn wxyz(g: &CandidateGrid, changed: Option<&CellSet>, f: &mut Finder<'_>) {
    {
        let l = g.layout();
        let small: Vec<Cell> = g
            .empty_cells()
            .filter(|&c| (2..=4).contains(&g.candidates(c).len()))
            .collect();
        let is_changed = |c: Cell| changed.is_none_or(|ch| ch.contains(c));
        // A pivot and three wings it sees (the usual shape), cells with at most four digits.
        for &p in &small {
            let wings: Vec<Cell> = small
                .iter()
                .copied()
                .filter(|&c| c != p && g.sees(c, p))
                .collect();
            // later[x]: whether a wing from index x on changed (with the pivot: any).
            let mut later = vec![is_changed(p); wings.len() + 1];
            for x in (0..wings.len()).rev() {
                later[x] = later[x + 1] || is_changed(wings[x]);
            }
            for i in 0..wings.len() {
                if !later[i] {
                    break;
                }
                let at_i = is_changed(p) || is_changed(wings[i]);
                for j in i + 1..wings.len() {
                    if !at_i && !later[j] {
                        break;
                    }
                    let at_j = at_i || is_changed(wings[j]);
                    for k in j + 1..wings.len() {
                        if !at_j && !later[k] {
                            break;
                        }
                        if !at_j && !is_changed(wings[k]) {
                            continue;
                        }
                        let cells = [p, wings[i], wings[j], wings[k]];
                        let mut union = DigitSet::EMPTY;
                        for &c in &cells {
                            union.0 |= g.candidates(c).0;
                        }
                        if union.len() != 4 {
                            continue;
                        }
                        let mut free = Vec::new();
                        for d in union.iter() {
                            let holders: Vec<Cell> =
                                cells.iter().copied().filter(|&c| g.has(c, d)).collect();
                            let restricted = holders
                                .iter()
                                .enumerate()
                                .all(|(x, &a)| holders[x + 1..].iter().all(|&b| g.sees(a, b)));
                            if !restricted {
                                free.push((d, holders));
                            }
                        }
                        if free.len() != 1 {
                            continue;
                        }
                        let (z, holders) = &free[0];
                        let elims: Vec<Cell> = common_seers(g, holders, *z)
                            .into_iter()
                            .filter(|c| !cells.contains(c))
                            .collect();
                        if elims.is_empty() {
                            continue;
                        }
                        // Report each pattern once: from its smallest pivot-compatible cell set.
                        let mut step = Step::new(&WXYZ_WING).digits(union.iter()).cells(cells);
                        for &c in &cells {
                            for d in g.candidates(c).iter() {
                                step = step.mark(
                                    c,
                                    d,
                                    if d == *z { Role::Fin } else { Role::Pattern },
                                );
                            }
                        }
                        for &c in &elims {
                            step = step.eliminate(c, *z).mark(c, *z, Role::Eliminated);
                        }
                        let text = format!(
                            "{} hold only the four digits {} and every digit but {z} is confined to cells that see each other, so these four cells cannot all avoid {z}: {} {z}.",
                            cells_name(l, &cells),
                            union,
                            cells_subject(l, &elims, "loses", "lose")
                        );
                        if !f.emit(step.text(text)) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sudokit_core::Grid;
    use sudokit_core::format::{InputFormat, parse_one};

    use super::*;
    use crate::memory::Memory;
    use crate::technique::{Deadline, Options, Technique, find_all_in};
    use crate::testrng::{Lcg, layouts, refine_randomly};

    /// Along random refinement sequences (candidates removed, a cell placed now and then) from
    /// puzzles and from empty grids of every test layout, the XY-, XYZ- and W-wing finders
    /// report on a warm memory (which passes them the cells changed since their last miss)
    /// exactly the steps, in the same order, that they report on a fresh one, with and without
    /// HoDoKu's options. The memo was used, and wings were found both ways.
    #[test]
    fn memoised_wings_report_what_a_full_search_does() {
        let finders: [&dyn Technique; 3] =
            [&PivotWing { xyz: false }, &PivotWing { xyz: true }, &WWing];
        let hodoku = Options {
            hodoku: true,
            ..Options::default()
        };
        let mut starts: Vec<CandidateGrid> = layouts()
            .into_iter()
            .map(|l| CandidateGrid::new(&Grid::empty(Arc::new(l))))
            .collect();
        for p in [
            "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
            ".2.4.37.........32........4.4.2...7.8...5.........1...5.....9...3.9....7..1..86..",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ] {
            starts.push(CandidateGrid::new(
                &parse_one(p, InputFormat::Auto).unwrap(),
            ));
        }
        let none = Deadline::none();
        let mut rng = Lcg::new(0x64a1);
        let (mut found, mut grids) = (0, 0);
        for opts in [&Options::default(), &hodoku] {
            let warm = Memory::new();
            for start in &starts {
                for _ in 0..4 {
                    let mut g = start.clone();
                    for _ in 0..120 {
                        for &t in &finders {
                            let got = find_all_in(t, &g, opts, &none, &warm).0;
                            let want = find_all_in(t, &g, opts, &none, &Memory::new()).0;
                            assert_eq!(
                                format!("{got:?}"),
                                format!("{want:?}"),
                                "{} (HoDoKu's search: {})",
                                t.info().id,
                                opts.hodoku
                            );
                            found += want.len();
                        }
                        grids += 1;
                        if !refine_randomly(&mut g, &mut rng, 12) {
                            break;
                        }
                    }
                }
            }
            assert!(
                warm.probe.refined.get() > 500,
                "{}",
                warm.probe.refined.get()
            );
        }
        assert!(grids > 1000 && found > 100, "{grids} grids, {found} steps");
    }
}
