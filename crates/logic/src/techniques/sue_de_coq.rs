//! Sue de Coq: two or three empty cells where a box meets a line hold N + 2 (or more)
//! candidates; cells of the line outside the box and cells of the box outside the line, with
//! disjoint candidates, together with the intersection form a locked set. Every layout where a
//! region and a line meet in two or more cells (boxes of any shape, jigsaw regions).
//!
//! In HoDoKu's order ([`Options::hodoku`](crate::technique::Options::hodoku)) the search is
//! HoDoKu's (`hodoku`: its order and conditions, the first instance found applied).
//!
//! Design decision: the general (extended) form — line cells L and box cells B with disjoint
//! candidate sets and |cands(C ∪ L ∪ B)| = |C| + |L| + |B| — so the digits of L leave the rest of
//! the line, those of B the rest of the box, and the intersection's other digits both.

use sudokit_core::{Cell, DigitSet, House, HouseKind};

use crate::grid::{CandidateGrid, CellSet};
use crate::memo;
use crate::render::{cells_name, eliminations_text, house_name};
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::table::SUE_DE_COQ;

mod fits;
mod hodoku;

/// Finder for [`SUE_DE_COQ`].
pub struct SueDeCoq;

/// Every subset of `cells` (non-empty, up to `max` cells) with its candidate union.
fn subsets(g: &CandidateGrid, cells: &[Cell], max: usize) -> Vec<(Vec<Cell>, DigitSet)> {
    let mut out = Vec::new();
    let n = cells.len().min(16);
    for mask in 1u32..(1 << n) {
        let k = mask.count_ones() as usize;
        if k > max {
            continue;
        }
        // The union first: most subsets have too many digits and need no cell list.
        let mut u = DigitSet::EMPTY;
        let mut m = mask;
        while m != 0 {
            u.0 |= g.candidates(cells[m.trailing_zeros() as usize]).0;
            m &= m - 1;
        }
        if u.len() as usize <= k + 3 {
            let sub: Vec<Cell> = (0..n)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| cells[i])
                .collect();
            out.push((sub, u));
        }
    }
    out
}

impl Technique for SueDeCoq {
    fn info(&self) -> &'static TechniqueInfo {
        &SUE_DE_COQ
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        if f.options.hodoku {
            memo::since_miss(SUE_DE_COQ.id, g, f, |changed, f| {
                hodoku::find(g, changed, f)
            });
        } else {
            memo::since_miss(SUE_DE_COQ.id, g, f, |changed, f| find(g, changed, f));
        }
    }
}

/// A Sue de Coq found: the box and line, the intersection cells `cset` (digits `cv`), the
/// line's and the box's cells, and the digits of all of them.
struct Parts<'a> {
    bx: House,
    line: House,
    cset: &'a [Cell],
    lset: &'a [Cell],
    bset: &'a [Cell],
    cv: DigitSet,
    all: DigitSet,
}

/// Marks the pattern, writes the sentence and emits `step`; `false` once the finder stops.
fn report(g: &CandidateGrid, f: &mut Finder<'_>, step: Step, p: &Parts<'_>) -> bool {
    let l = g.layout();
    let pattern = p.cset.iter().chain(p.lset).chain(p.bset);
    let step = step.mark_candidates(g, pattern, Role::Pattern);
    let text = format!(
        "Where {} meets {}, {} hold {} digits; with {} of {} and {} of {}, these {} cells hold exactly {} digits, a locked set split between both houses. So {}.",
        house_name(l, p.bx),
        house_name(l, p.line),
        cells_name(l, p.cset),
        p.cv.len(),
        cells_name(l, p.lset),
        house_name(l, p.line),
        cells_name(l, p.bset),
        house_name(l, p.bx),
        p.cset.len() + p.lset.len() + p.bset.len(),
        p.all.len(),
        eliminations_text(l, &step.eliminations)
    );
    let cells: Vec<Cell> = p.cset.iter().chain(p.lset).chain(p.bset).copied().collect();
    f.emit(step.cells(cells).digits(p.all.iter()).text(text))
}

/// The finder; with `changed`, only box/line pairs holding a changed cell are searched (what
/// a pair reports depends on the cells of its box and line alone, see [`memo::since_miss`]).
fn find(g: &CandidateGrid, changed: Option<&CellSet>, f: &mut Finder<'_>) {
    {
        let l = g.layout();
        let is_region =
            |h: House| matches!(l.house_kind(h), HouseKind::Box(_) | HouseKind::Region(_));
        let is_line =
            |h: House| matches!(l.house_kind(h), HouseKind::Row(_) | HouseKind::Column(_));
        for bx in g.houses().filter(|&h| is_region(h)) {
            let box_changed = memo::touched(changed, g.house_cells(bx));
            for line in g.houses().filter(|&h| is_line(h)) {
                if !box_changed && !memo::touched(changed, g.house_cells(line)) {
                    continue;
                }
                let inter: Vec<Cell> = g
                    .house_cells(bx)
                    .iter()
                    .copied()
                    .filter(|&c| g.value(c).is_none() && g.houses_of(c).contains(&line))
                    .collect();
                if inter.len() < 2 {
                    continue;
                }
                let line_rest: Vec<Cell> = g
                    .house_cells(line)
                    .iter()
                    .copied()
                    .filter(|&c| g.value(c).is_none() && !g.houses_of(c).contains(&bx))
                    .collect();
                let box_rest: Vec<Cell> = g
                    .house_cells(bx)
                    .iter()
                    .copied()
                    .filter(|&c| g.value(c).is_none() && !g.houses_of(c).contains(&line))
                    .collect();
                let ls = subsets(g, &line_rest, 3);
                let bs = subsets(g, &box_rest, 3);
                // Intersection subsets of 2 or 3 cells (all of them when there are 2).
                for (cset, cv) in subsets(g, &inter, 3) {
                    if cset.len() < 2 || (cv.len() as usize) < cset.len() + 2 {
                        continue;
                    }
                    for (lset, lv) in &ls {
                        // L's digits must come from C's, except that L may add digits of its own
                        // only if they are counted (the size rule below takes care of it).
                        if DigitSet(lv.0 & cv.0).is_empty() {
                            continue;
                        }
                        for (bset, bv) in &bs {
                            if lv.0 & bv.0 != 0 || DigitSet(bv.0 & cv.0).is_empty() {
                                continue;
                            }
                            let all = DigitSet(cv.0 | lv.0 | bv.0);
                            if all.len() as usize != cset.len() + lset.len() + bset.len() {
                                continue;
                            }
                            // Digits locked in the line part: L's, plus C's not in B.
                            let line_d = DigitSet(lv.0 | (cv.0 & !bv.0));
                            let box_d = DigitSet(bv.0 | (cv.0 & !lv.0));
                            let mut step = Step::new(&SUE_DE_COQ).houses([bx, line]);
                            for &c in &line_rest {
                                if lset.contains(&c) {
                                    continue;
                                }
                                for d in DigitSet(g.candidates(c).0 & line_d.0).iter() {
                                    step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
                                }
                            }
                            for &c in &box_rest {
                                if bset.contains(&c) {
                                    continue;
                                }
                                for d in DigitSet(g.candidates(c).0 & box_d.0).iter() {
                                    step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
                                }
                            }
                            // Intersection cells not in C lose every digit of the locked set.
                            for &c in &inter {
                                if cset.contains(&c) {
                                    continue;
                                }
                                for d in DigitSet(g.candidates(c).0 & all.0).iter() {
                                    step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
                                }
                            }
                            if step.eliminations.is_empty() {
                                continue;
                            }
                            let parts = Parts {
                                bx,
                                line,
                                cset: &cset,
                                lset,
                                bset,
                                cv,
                                all,
                            };
                            if !report(g, f, step, &parts) {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }
}
