//! Subsets: naked and hidden pairs, triples and quads, and locked pairs/triples (a naked pair or
//! triple inside both a box and a line, clearing both). Every layout.
//!
//! Design decision: one combination walk per house serves every size — over cells (naked: k
//! cells whose candidates together are k digits) or over digits (hidden: k digits whose places
//! together are k cells) — with the union pruned as soon as it exceeds k. One generic
//! [`Subset`] finder, instantiated once per technique row.

use sudokit_core::{Cell, Digit, DigitSet, House, HouseKind};

use crate::grid::{CandidateGrid, CellSet};
use crate::kernel::combos::combos;
use crate::memo;
use crate::render::{cells_name, cells_subject, digits_name, house_name};
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::intersections::{common_houses, house_places};

/// Which subset a [`Subset`] finder looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// k cells, k candidates; not locked.
    Naked,
    /// k cells, k candidates, inside a box and a line at once and clearing both (HoDoKu's
    /// rule: cells of the box and cells of the line outside the box lose candidates).
    Locked,
    /// k digits, k places.
    Hidden,
}

/// A subset finder of one kind and size.
pub struct Subset {
    /// Naked, locked or hidden.
    pub kind: Kind,
    /// 2, 3 or 4.
    pub size: usize,
    /// The technique row.
    pub info: &'static TechniqueInfo,
}

impl Subset {
    /// Walks the `self.size`-subsets of `items` (an index and a mask each: a cell and its
    /// candidates, or a digit and its places) whose masks together hold exactly `self.size`
    /// bits, until `visit` returns `false`.
    #[inline]
    fn exact(&self, items: &[(usize, u64)], mut visit: impl FnMut(&[(usize, u64)], u64) -> bool) {
        combos(
            items,
            self.size,
            |(_, m)| m,
            self.size as u32,
            &mut |chosen, union| union.count_ones() as usize != self.size || visit(chosen, union),
        );
    }

    fn naked(
        &self,
        g: &CandidateGrid,
        f: &mut Finder<'_>,
        h: House,
        rank: &[usize],
        changed: Option<&CellSet>,
    ) {
        let l = g.layout();
        let cells = g.house_cells(h);
        let items: Vec<(usize, u64)> = cells
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                let n = g.candidates(**c).len() as usize;
                n >= 1 && n <= self.size
            })
            .map(|(i, c)| (i, g.candidates(*c).0))
            .collect();
        self.exact(&items, |chosen, union| {
                let sub: Vec<Cell> = chosen.iter().map(|&(i, _)| cells[i]).collect();
                let houses = common_houses(g, &sub);
                // Found once, from the first of its houses in the search order that is searched.
                if houses.iter().any(|&x| {
                    rank[x.index()] < rank[h.index()] && memo::touched(changed, g.house_cells(x))
                }) {
                    return true;
                }
                // The cells losing candidates first: most subsets found are old ones that
                // remove nothing, and those build no step.
                let mut elim_cells = Vec::new();
                for &hh in &houses {
                    for &c in g.house_cells(hh) {
                        if sub.contains(&c) || elim_cells.contains(&c) {
                            continue;
                        }
                        if g.candidates(c).0 & union != 0 {
                            elim_cells.push(c);
                        }
                    }
                }
                if elim_cells.is_empty() {
                    return true;
                }
                if is_locked(g, &houses, &elim_cells) != (self.kind == Kind::Locked) {
                    return true;
                }
                let mut step = Step::new(self.info)
                    .digits(DigitSet(union).iter())
                    .cells(sub.iter().copied())
                    .houses(houses.iter().copied());
                for &c in &elim_cells {
                    for d in DigitSet(g.candidates(c).0 & union).iter() {
                        step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
                    }
                }
                step = step.mark_candidates(g, &sub, Role::Pattern);
                let where_ = houses
                    .iter()
                    .map(|&x| house_name(l, x))
                    .collect::<Vec<_>>()
                    .join(" and ");
                let ds: Vec<Digit> = DigitSet(union).iter().collect();
                let text = format!(
                    "In {where_}, the cells {} hold only the digits {} between them, so those digits go there and {} them.",
                    cells_name(l, &sub),
                    digits_name(&ds),
                    cells_subject(l, &elim_cells, "loses", "lose"),
                );
                f.emit(step.text(text))
        });
    }

    fn hidden(&self, g: &CandidateGrid, f: &mut Finder<'_>, h: House) {
        let l = g.layout();
        let cells = g.house_cells(h);
        let empty = cells.iter().filter(|c| g.value(**c).is_none()).count();
        if empty <= self.size {
            return;
        }
        let mut places = Vec::with_capacity(g.size());
        let placed = house_places(g, h, &mut places);
        let items: Vec<(usize, u64)> = places
            .iter()
            .enumerate()
            .filter(|&(d, &m)| {
                placed >> d & 1 == 0 && m != 0 && m.count_ones() as usize <= self.size
            })
            .map(|(d, &m)| (d, m))
            .collect();
        self.exact(&items, |chosen, union| {
            let dmask = chosen.iter().fold(0u64, |m, &(i, _)| m | 1 << i);
            // Most hidden subsets found are old ones whose cells hold nothing else: those
            // build no step.
            if (0..cells.len())
                .filter(|i| union >> i & 1 == 1)
                .all(|i| g.candidates(cells[i]).0 & !dmask == 0)
            {
                return true;
            }
            let dmask = DigitSet(dmask);
            let digits: Vec<Digit> = chosen.iter().map(|&(i, _)| Digit::from_index(i)).collect();
            let sub: Vec<Cell> = (0..cells.len())
                .filter(|i| union >> i & 1 == 1)
                .map(|i| cells[i])
                .collect();
            let mut step = Step::new(self.info)
                .digits(digits.iter().copied())
                .cells(sub.iter().copied())
                .houses([h]);
            let mut any = false;
            for &c in &sub {
                for d in g.candidates(c).iter() {
                    if dmask.contains(d) {
                        step = step.mark(c, d, Role::Pattern);
                    } else {
                        any = true;
                        step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
                    }
                }
            }
            if !any {
                return true;
            }
            let text = format!(
                "In {}, the digits {} can only go in {}, so those cells hold nothing else.",
                house_name(l, h),
                digits_name(&digits),
                cells_name(l, &sub),
            );
            f.emit(step.text(text))
        });
    }
}

/// The houses in HoDoKu's search order: boxes (or jigsaw regions), then rows, then columns,
/// then any extra house.
pub(crate) fn boxes_first(g: &CandidateGrid) -> Vec<House> {
    let l = g.layout();
    let class = |h: House| match l.house_kind(h) {
        HouseKind::Box(_) | HouseKind::Region(_) => 0,
        HouseKind::Row(_) => 1,
        HouseKind::Column(_) => 2,
        _ => 3,
    };
    // Four passes in index order: the order a stable sort by class gives, without sorting.
    let mut order: Vec<House> = Vec::with_capacity(l.house_count());
    for k in 0..4 {
        order.extend(g.houses().filter(|&h| class(h) == k));
    }
    order
}

/// Whether a naked subset lying in `houses` (two or more) and clearing `elim_cells` is locked,
/// as HoDoKu counts it: its cells share a box (or region) and a line, and it clears cells both in
/// the box and in the line outside the box. A naked subset in a box and a line that clears only
/// one of them is a naked subset.
fn is_locked(g: &CandidateGrid, houses: &[House], elim_cells: &[Cell]) -> bool {
    let l = g.layout();
    let region = houses
        .iter()
        .find(|&&h| matches!(l.house_kind(h), HouseKind::Box(_) | HouseKind::Region(_)));
    let line = houses
        .iter()
        .find(|&&h| matches!(l.house_kind(h), HouseKind::Row(_) | HouseKind::Column(_)));
    let (Some(&b), Some(&line)) = (region, line) else {
        return false;
    };
    let in_box = |c: &Cell| g.house_cells(b).contains(c);
    elim_cells.iter().any(in_box)
        && elim_cells
            .iter()
            .any(|c| !in_box(c) && g.house_cells(line).contains(c))
}

impl Technique for Subset {
    fn info(&self) -> &'static TechniqueInfo {
        self.info
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        memo::since_miss(self.info.id, g, f, |changed, f| self.find_in(g, changed, f));
    }
}

impl Subset {
    /// The finder; with `changed`, only houses holding a changed cell are searched (a
    /// subset's cells lie in the house it is found from, and what a house reports depends on
    /// its cells and, for the eliminations, on cells that can only have lost candidates since;
    /// see [`memo::since_miss`]).
    fn find_in(&self, g: &CandidateGrid, changed: Option<&CellSet>, f: &mut Finder<'_>) {
        let order = boxes_first(g);
        let mut rank = vec![0; g.layout().house_count()];
        for (i, h) in order.iter().enumerate() {
            rank[h.index()] = i;
        }
        for h in order {
            if !memo::touched(changed, g.house_cells(h)) {
                continue;
            }
            match self.kind {
                Kind::Naked | Kind::Locked => self.naked(g, f, h, &rank, changed),
                Kind::Hidden => self.hidden(g, f, h),
            }
            if f.done() {
                return;
            }
        }
    }
}
