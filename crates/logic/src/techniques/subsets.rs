//! Subsets: naked and hidden pairs, triples and quads, and locked pairs/triples (a naked pair or
//! triple inside both a box and a line, clearing both). Every layout.
//!
//! Design decision: one combination walk per house serves every size — over cells (naked: k
//! cells whose candidates together are k digits) or over digits (hidden: k digits whose places
//! together are k cells) — with the union pruned as soon as it exceeds k. One generic
//! [`Subset`] finder, instantiated once per technique row.

use sudokit_core::{Cell, Digit, DigitSet, House};

use crate::grid::{CandidateGrid, CellSet};
use crate::kernel::combos::combos;
use crate::memo;
use crate::render::{cells_name, cells_subject, digits_name, house_name};
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::intersections::common_houses;

/// Which subset a [`Subset`] finder looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// k cells, k candidates; not inside two houses at once (that is a locked subset).
    Naked,
    /// k cells, k candidates, inside a box and a line at once.
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

    fn naked(&self, g: &CandidateGrid, f: &mut Finder<'_>, h: House) {
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
        let empty = cells.iter().filter(|c| g.value(**c).is_none()).count();
        if empty <= self.size {
            return;
        }
        self.exact(&items, |chosen, union| {
                let sub: Vec<Cell> = chosen.iter().map(|&(i, _)| cells[i]).collect();
                let common = common_houses(g, &sub);
                let locked = common.len() >= 2;
                if locked != (self.kind == Kind::Locked) {
                    return true;
                }
                // A locked subset is reported once, from its box/region.
                let houses: Vec<House> = if locked {
                    if common.iter().any(|&x| x < h) {
                        return true;
                    }
                    common.clone()
                } else {
                    vec![h]
                };
                let digits = DigitSet(union);
                let mut step = Step::new(self.info)
                    .digits(digits.iter())
                    .cells(sub.iter().copied())
                    .houses(houses.iter().copied());
                let mut elim_cells = Vec::new();
                for &hh in &houses {
                    for &c in g.house_cells(hh) {
                        if sub.contains(&c) || elim_cells.contains(&c) {
                            continue;
                        }
                        let hit = DigitSet(g.candidates(c).0 & union);
                        if !hit.is_empty() {
                            elim_cells.push(c);
                            for d in hit.iter() {
                                step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
                            }
                        }
                    }
                }
                if elim_cells.is_empty() {
                    return true;
                }
                step = step.mark_candidates(g, &sub, Role::Pattern);
                let where_ = houses
                    .iter()
                    .map(|&x| house_name(l, x))
                    .collect::<Vec<_>>()
                    .join(" and ");
                let ds: Vec<Digit> = digits.iter().collect();
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
        let items: Vec<(usize, u64)> = DigitSet::full(g.size())
            .iter()
            .filter(|&d| !g.placed_in(h, d))
            .map(|d| (d.index(), g.positions(h, d)))
            .filter(|(_, m)| *m != 0 && m.count_ones() as usize <= self.size)
            .collect();
        self.exact(&items, |chosen, union| {
            let digits: Vec<Digit> = chosen.iter().map(|&(i, _)| Digit::from_index(i)).collect();
            let mut dmask = DigitSet::EMPTY;
            for &d in &digits {
                dmask.insert(d);
            }
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
        for h in g.houses() {
            if !memo::touched(changed, g.house_cells(h)) {
                continue;
            }
            match self.kind {
                Kind::Naked | Kind::Locked => self.naked(g, f, h),
                Kind::Hidden => self.hidden(g, f, h),
            }
            if f.done() {
                return;
            }
        }
    }
}
