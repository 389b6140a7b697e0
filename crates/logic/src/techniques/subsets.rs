//! Subsets: naked and hidden pairs, triples and quads, and locked pairs/triples (a naked pair or
//! triple inside both a box and a line, clearing both). Every layout.
//!
//! Design decision: one combination walk per house serves every size — over cells (naked: k
//! cells whose candidates together are k digits) or over digits (hidden: k digits whose places
//! together are k cells) — with the union pruned as soon as it exceeds k. One generic
//! [`Subset`] finder, instantiated once per technique row.

use sudokit_core::{Cell, Digit, DigitSet, House, HouseKind, Layout};

use crate::grid::{CandidateGrid, CellSet, house_class};
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
    /// bits, in lexicographic order of positions, until `visit` returns `false`.
    ///
    /// A walk of its own rather than [`combos`](crate::kernel::combos::combos): the chosen
    /// items live in `chosen` (a buffer the search reuses, see [`Buffers`]), and a branch is
    /// also cut when too few items are left to fill it. Both cuts only leave out branches with no exact subset below them (a union
    /// past `size` bits only grows; a branch without enough items never reaches `size`
    /// items), so `visit` sees the same subsets in the same order as the generic walk.
    #[inline]
    fn exact(
        &self,
        items: &[(usize, u64)],
        chosen: &mut Vec<(usize, u64)>,
        mut visit: impl FnMut(&[(usize, u64)], u64) -> bool,
    ) {
        let k = self.size;
        if k == 0 || k > MAX_ITEMS || items.len() < k {
            return;
        }
        chosen.clear();
        exact_rec(items, k, 0, 0, chosen, &mut visit);
    }

    fn naked(
        &self,
        g: &CandidateGrid,
        f: &mut Finder<'_>,
        h: House,
        touched: &Touched,
        bufs: &mut Buffers,
    ) {
        let l = g.layout();
        let cells = g.house_cells(h);
        let Buffers { items, chosen, .. } = bufs;
        items.clear();
        for (i, &c) in cells.iter().enumerate() {
            let m = g.candidates(c).0;
            let k = m.count_ones() as usize;
            if k >= 1 && k <= self.size {
                items.push((i, m));
            }
        }
        self.exact(items, chosen, |chosen, union| {
                // Most subsets found are old ones that remove nothing: when no other cell of
                // this house holds one of their digits and their cells share no other house,
                // the search below would find no cell losing a candidate (or, before that, a
                // house searched earlier) and build nothing, so it is not made (session 64).
                let mine = chosen.iter().fold(0u64, |m, &(i, _)| m | 1 << i);
                let clears_here = cells
                    .iter()
                    .enumerate()
                    .any(|(i, &c)| mine >> i & 1 == 0 && g.candidates(c).0 & union != 0);
                if !clears_here {
                    let first = cells[chosen[0].0];
                    let shares = g.houses_of(first).iter().any(|&x| {
                        x != h
                            && chosen[1..]
                                .iter()
                                .all(|&(i, _)| g.houses_of(cells[i]).contains(&x))
                    });
                    if !shares {
                        return true;
                    }
                }
                let sub: Vec<Cell> = chosen.iter().map(|&(i, _)| cells[i]).collect();
                let houses = common_houses(g, &sub);
                // Found once, from the first of its houses in the search order that is searched.
                if houses
                    .iter()
                    .any(|&x| before(l, x, h) && touched.house(x))
                {
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

    fn hidden(&self, g: &CandidateGrid, f: &mut Finder<'_>, h: House, bufs: &mut Buffers) {
        let l = g.layout();
        let cells = g.house_cells(h);
        let empty = cells.iter().filter(|c| g.value(**c).is_none()).count();
        if empty <= self.size {
            return;
        }
        let Buffers {
            places,
            items,
            chosen,
        } = bufs;
        let placed = house_places(g, h, places);
        items.clear();
        for (d, &m) in places.iter().enumerate() {
            if placed >> d & 1 == 0 && m != 0 && m.count_ones() as usize <= self.size {
                items.push((d, m));
            }
        }
        self.exact(items, chosen, |chosen, union| {
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
/// then any extra house (the plain definition of [`CandidateGrid::boxes_first`], which the
/// finders read; tests only).
#[cfg(test)]
pub(crate) fn boxes_first(g: &CandidateGrid) -> Vec<House> {
    let l = g.layout();
    // Four passes in index order: the order a stable sort by class gives, without sorting.
    let mut order: Vec<House> = Vec::with_capacity(l.house_count());
    for k in 0..4 {
        order.extend(g.houses().filter(|&h| house_class(l, h) == k));
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
        let touched = Touched::new(g, changed);
        let mut bufs = Buffers::default();
        // HoDoKu's house order, made once per layout.
        for &h in g.boxes_first() {
            if !touched.house(h) {
                continue;
            }
            match self.kind {
                Kind::Naked | Kind::Locked => self.naked(g, f, h, &touched, &mut bufs),
                Kind::Hidden => self.hidden(g, f, h, &mut bufs),
            }
            if f.done() {
                return;
            }
        }
    }
}

/// The most items a subset walk takes: a house's cells or a grid's digits (a house's places
/// are a `u64` mask, so a side is at most 64).
const MAX_ITEMS: usize = 64;

/// The buffers one search reuses for every house it walks: the house's places of each digit
/// (hidden subsets), its items and the walk's chosen items. Kept rather than made per house:
/// stack arrays of [`MAX_ITEMS`] items cost a 1 KB clear per house and walk, more than the
/// walks themselves on 9×9.
#[derive(Default)]
struct Buffers {
    places: Vec<u64>,
    items: Vec<(usize, u64)>,
    chosen: Vec<(usize, u64)>,
}

/// One level of [`Subset::exact`]: chooses the next item (`chosen` holds those chosen so far)
/// from `start` on.
fn exact_rec(
    items: &[(usize, u64)],
    k: usize,
    start: usize,
    union: u64,
    chosen: &mut Vec<(usize, u64)>,
    visit: &mut impl FnMut(&[(usize, u64)], u64) -> bool,
) -> bool {
    let depth = chosen.len();
    if depth == k {
        return union.count_ones() as usize != k || visit(chosen, union);
    }
    // The last start that leaves enough items for the levels below.
    let last = items.len() - (k - depth);
    for i in start..=last {
        let u = union | items[i].1;
        if u.count_ones() as usize > k {
            continue;
        }
        chosen.push(items[i]);
        let go_on = exact_rec(items, k, i + 1, u, chosen, visit);
        chosen.pop();
        if !go_on {
            return false;
        }
    }
    true
}

/// Whether house `x` comes before house `h` in HoDoKu's search order ([`boxes_first`]: by
/// class, then by house index).
fn before(l: &Layout, x: House, h: House) -> bool {
    (house_class(l, x), x.index()) < (house_class(l, h), h.index())
}

/// The houses holding a changed cell (all of them without a miss to compare with): the
/// houses [`memo::touched`] passes, marked once from the changed cells' houses instead of
/// asking each house's cells.
struct Touched {
    /// Per house index; `None`: every house.
    houses: Option<Vec<bool>>,
}

impl Touched {
    fn new(g: &CandidateGrid, changed: Option<&CellSet>) -> Touched {
        Touched {
            houses: changed.map(|ch| {
                let mut houses = vec![false; g.layout().house_count()];
                for c in ch.iter() {
                    for &h in g.houses_of(c) {
                        houses[h.index()] = true;
                    }
                }
                houses
            }),
        }
    }

    fn house(&self, h: House) -> bool {
        self.houses.as_ref().is_none_or(|t| t[h.index()])
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sudokit_core::{Extra, Grid, Layout};

    use super::*;
    use crate::kernel::combos::combos;
    use crate::techniques::table;

    /// A small xorshift: the tests' randomness, seeded.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    fn layouts() -> Vec<Layout> {
        let nine = Layout::standard(9).unwrap();
        let labels = [
            "AAABBBCCC",
            "AAABBBCCC",
            "AADBBECCC",
            "DDDDEEEFF",
            "GDDHEEFFF",
            "GGDHHEIFF",
            "GGGHHHIII",
            "GGGHHHIII",
            "GGHHIIIII",
        ];
        let jigsaw = Layout::jigsaw_from_labels(9, &labels);
        let mut out = vec![
            Layout::standard(4).unwrap(),
            Layout::boxed(6, 2, 3).unwrap(),
            Layout::boxed(6, 3, 2).unwrap(),
            nine.with_extras(&[Extra::Diagonals]),
            nine,
            Layout::standard(16).unwrap(),
        ];
        out.extend(jigsaw);
        out
    }

    /// The exact subsets the generic [`combos`] walk meets, in its order.
    fn generic(items: &[(usize, u64)], k: usize, stop_after: usize) -> Vec<(Vec<usize>, u64)> {
        let mut out = Vec::new();
        combos(items, k, |(_, m)| m, k as u32, &mut |chosen, union| {
            if union.count_ones() as usize != k {
                return true;
            }
            out.push((chosen.iter().map(|&(i, _)| i).collect(), union));
            out.len() < stop_after
        });
        out
    }

    #[test]
    fn the_exact_walk_meets_the_generic_walks_subsets_in_order() {
        let mut seed = 0x5eed_2024_u64;
        let mut found = 0;
        for round in 0..4000 {
            let k = 2 + round % 3;
            let n = (next(&mut seed) % 13) as usize;
            let bits = if round % 2 == 0 { 9 } else { 16 };
            let items: Vec<(usize, u64)> = (0..n)
                .map(|i| {
                    let mut m = 0u64;
                    for _ in 0..1 + next(&mut seed) % k as u64 {
                        m |= 1 << (next(&mut seed) % bits);
                    }
                    (i, m)
                })
                .collect();
            let stop_after = if round % 5 == 0 { 1 } else { usize::MAX };
            let finder = Subset {
                kind: Kind::Naked,
                size: k,
                info: &table::NAKED_PAIR,
            };
            let mut fast = Vec::new();
            finder.exact(&items, &mut Vec::new(), |chosen, union| {
                fast.push((chosen.iter().map(|&(i, _)| i).collect::<Vec<_>>(), union));
                fast.len() < stop_after
            });
            let want = generic(&items, k, stop_after);
            assert_eq!(fast, want, "items {items:?}, k {k}");
            found += want.len();
        }
        // The comparison is not about empty lists only.
        assert!(found > 1000, "only {found} subsets met");
    }

    #[test]
    fn touched_houses_are_the_houses_holding_a_changed_cell() {
        let mut seed = 0xc0ff_ee11_u64;
        for l in layouts() {
            let g = CandidateGrid::new(&Grid::empty(Arc::new(l)));
            assert!(Touched::new(&g, None).houses.is_none());
            for round in 0..50 {
                let mut changed = g.cell_set();
                for _ in 0..round % 6 {
                    changed.insert(Cell((next(&mut seed) % g.cell_count() as u64) as u16));
                }
                let t = Touched::new(&g, Some(&changed));
                for h in g.houses() {
                    assert_eq!(
                        t.house(h),
                        memo::touched(Some(&changed), g.house_cells(h)),
                        "house {h:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn house_order_is_boxes_first() {
        for l in layouts() {
            let g = CandidateGrid::new(&Grid::empty(Arc::new(l)));
            let order = boxes_first(&g);
            assert_eq!(order.len(), g.layout().house_count());
            // The order the finders read, kept with the layout's geometry, is this one.
            assert_eq!(g.boxes_first(), &order[..], "{:?}", g.layout());
            for (i, &x) in order.iter().enumerate() {
                for (j, &h) in order.iter().enumerate() {
                    assert_eq!(before(g.layout(), x, h), i < j, "{x:?} {h:?}");
                }
            }
        }
    }
}
