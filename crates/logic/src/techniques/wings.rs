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
        let l = g.layout();
        let want = if self.xyz { 3 } else { 2 };
        // In HoDoKu's order every wing is collected and reported in the order HoDoKu's search
        // meets them (see `hodoku_key`).
        let mut collected: Vec<((usize, usize, usize, usize), Step)> = Vec::new();
        // The bivalue cells once a call: a pivot's pincers are its peer set's cells among
        // them, in cell order (the order of the sorted peer list).
        let mut bivalue = g.cell_set();
        for c in g.empty_cells() {
            if g.candidates(c).len() == 2 {
                bivalue.insert(c);
            }
        }
        let mut pincers: Vec<Cell> = Vec::new();
        for p in g.empty_cells() {
            let pc = g.candidates(p);
            if pc.len() != want {
                continue;
            }
            let mut near = g.peer_set(p).clone();
            near.intersect_with(&bivalue);
            pincers.clear();
            pincers.extend(near.iter());
            for (i, &a) in pincers.iter().enumerate() {
                for &b in &pincers[i + 1..] {
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
                    let pattern: Vec<Cell> = if self.xyz { vec![p, a, b] } else { vec![a, b] };
                    let elims: Vec<Cell> = common_seers(g, &pattern, zd)
                        .into_iter()
                        .filter(|&c| c != p)
                        .collect();
                    if elims.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(self.info()).digits(union.iter()).cells([p, a, b]);
                    for &c in &[p, a, b] {
                        for d in g.candidates(c).iter() {
                            step = step.mark(c, d, if d == zd { Role::Fin } else { Role::Pattern });
                        }
                    }
                    for &c in &elims {
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
                        cells_subject(l, &elims, "loses", "lose")
                    );
                    let step = step.text(text);
                    if f.options.hodoku {
                        collected.push((self.hodoku_key(p, a, b), step));
                    } else if !f.emit(step) {
                        return;
                    }
                }
            }
        }
        collected.sort_by_key(|(k, _)| *k);
        for (_, step) in collected {
            if !f.emit(step) {
                return;
            }
        }
    }
}

impl PivotWing {
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
        let l = g.layout();
        let bivalue: Vec<Cell> = g
            .empty_cells()
            .filter(|&c| g.candidates(c).len() == 2)
            .collect();
        // The strong links, per digit; built the first time a pair of cells needs them.
        let mut links: Option<Vec<Vec<(House, Cell, Cell)>>> = None;
        let hodoku = f.options.hodoku;
        let mut collected: Vec<((usize, usize, Digit, usize), Step)> = Vec::new();
        for (i, &a) in bivalue.iter().enumerate() {
            for &b in &bivalue[i + 1..] {
                if g.candidates(a) != g.candidates(b) || g.sees(a, b) {
                    continue;
                }
                let (d1, d2) = two(g.candidates(a));
                for (x, y) in [(d1, d2), (d2, d1)] {
                    let elims: Vec<Cell> = common_seers(g, &[a, b], y);
                    if elims.is_empty() {
                        continue;
                    }
                    let links = links.get_or_insert_with(|| strong_links(g));
                    for &(h, c, e) in &links[x.index()] {
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
                            let mut step = Step::new(&W_WING)
                                .digits([x, y])
                                .cells([a, b, c, e])
                                .houses([h]);
                            for &z in &[a, b] {
                                step = step.mark(z, x, Role::Pattern).mark(z, y, Role::Fin);
                            }
                            step = step.mark(c, x, Role::ColorA).mark(e, x, Role::ColorA);
                            for &z in &elims {
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
                                cells_subject(l, &elims, "loses", "lose")
                            );
                            let step = step.text(text);
                            if hodoku {
                                collected.push(((a.index(), b.index(), y, h.index()), step));
                            } else if !f.emit(step) {
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
        for (_, step) in collected {
            if !f.emit(step) {
                return;
            }
        }
    }
}

/// Per digit (by index), the houses where it has exactly two places, in house order, with
/// those places (the house's first, then its last).
fn strong_links(g: &CandidateGrid) -> Vec<Vec<(House, Cell, Cell)>> {
    let n = g.size();
    let mut links = vec![Vec::new(); n];
    let (mut count, mut first, mut last) = (vec![0u8; n], vec![Cell(0); n], vec![Cell(0); n]);
    for h in g.houses() {
        count.fill(0);
        for &c in g.house_cells(h) {
            for d in g.candidates(c).iter() {
                let i = d.index();
                if count[i] == 0 {
                    first[i] = c;
                }
                last[i] = c;
                count[i] = count[i].saturating_add(1);
            }
        }
        for (i, list) in links.iter_mut().enumerate() {
            if count[i] == 2 {
                list.push((h, first[i], last[i]));
            }
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
