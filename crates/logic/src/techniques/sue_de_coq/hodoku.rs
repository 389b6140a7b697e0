//! Sue de Coq as HoDoKu 2.2.4 searches it while solving (HoDoKu's order, issue 42): the first
//! instance in HoDoKu's order is the one it applies, so the order and HoDoKu's own conditions
//! are kept here.
//!
//! Order: every row with every box, then every column with every box (houses in index order);
//! in an intersection of two or more empty cells, the pairs and triples of its cells as three
//! nested loops (a pair is tried before the triples that extend it), those holding at least
//! two digits more than cells; then the line's other empty cells (other intersection cells
//! included) and, for each set of them that fits, the box's other empty cells, both as sets
//! in depth-first order (a set before the sets that extend it, cells in index order).
//! Conditions (HoDoKu's `checkHouses`): the line set holds a digit of the intersection, has
//! more cells than digits of its own (digits not in the intersection) and covers fewer than
//! the intersection's surplus; the box set holds none of the intersection's digits the line
//! set holds, holds one of the others, and its cells minus its own digits cover the rest of
//! the surplus exactly. The line's own digits may reappear in the box set (HoDoKu's extended
//! form). Eliminations: the box's other cells lose the intersection's and the box set's
//! digits not in the line set, and the digits both sets hold; the line's other cells likewise.
//!
//! Design decision: a model of HoDoKu's search beside sudokit's own (which asks the line and
//! box sets to share no digit and enumerates other sets first): only this one gives HoDoKu's
//! path; every step it reports is still checked against the solution by the tests. For speed
//! the walks leave out only what cannot fit (issue 45): a line and box crossing in fewer than
//! two empty cells, and box cells holding a digit the line set bars (every box set holding
//! one is skipped anyway), so the sets visited and their order are HoDoKu's.

use std::cell::RefCell;

use sudokit_core::{Cell, DigitSet, House, HouseKind};

use super::fits::{Tables, may_fit};
use super::{Parts, report};
use crate::grid::{CandidateGrid, CellSet};
use crate::memo;
use crate::step::{Role, Step};
use crate::technique::Finder;
use crate::techniques::table::SUE_DE_COQ;

/// Every set of `src` (cells in order) in depth-first order, with its digits; `visit` returns
/// `false` to stop the walk, and so does this. Generic over `visit` (not a `dyn` call per
/// set visited): the walks visit every set, so the call is most of their cost.
fn subsets<F: FnMut(&[Cell], DigitSet) -> bool>(
    g: &CandidateGrid,
    src: &[Cell],
    chosen: &mut Vec<Cell>,
    from: usize,
    union: DigitSet,
    visit: &mut F,
) -> bool {
    for i in from..src.len() {
        let u = DigitSet(union.0 | g.candidates(src[i]).0);
        chosen.push(src[i]);
        let go = visit(chosen, u) && subsets(g, src, chosen, i + 1, u, visit);
        chosen.pop();
        if !go {
            return false;
        }
    }
    true
}

/// One line and box: their empty cells; the miss test's tables (`fits`), or `None` to walk
/// every intersection set.
struct Pair<'a> {
    g: &'a CandidateGrid,
    bx: House,
    line: House,
    line_cells: &'a [Cell],
    box_cells: &'a [Cell],
    fits: Option<&'a RefCell<Tables>>,
}

impl Pair<'_> {
    /// The line's empty cells that lie in the box, in the line's order.
    fn crossing_cells(&self) -> Vec<Cell> {
        self.line_cells
            .iter()
            .copied()
            .filter(|c| self.box_cells.contains(c))
            .collect()
    }

    /// HoDoKu's `checkIntersection`: the pairs and triples of the intersection `inter`.
    fn intersection(&self, inter: &[Cell], f: &mut Finder<'_>) -> bool {
        let g = self.g;
        let k = inter.len();
        for i1 in 0..k.saturating_sub(1) {
            for i2 in i1 + 1..k {
                let c2 = DigitSet(g.candidates(inter[i1]).0 | g.candidates(inter[i2]).0);
                if c2.len() >= 4 && !self.houses(&[inter[i1], inter[i2]], c2, f) {
                    return false;
                }
                for &c in &inter[i2 + 1..] {
                    let c3 = DigitSet(c2.0 | g.candidates(c).0);
                    if c3.len() >= 5 && !self.houses(&[inter[i1], inter[i2], c], c3, f) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// HoDoKu's `checkHouses` for intersection cells `cset` holding `cv`: the line sets, then
    /// for each that fits the box sets; the first that removes something is emitted.
    fn houses(&self, cset: &[Cell], cv: DigitSet, f: &mut Finder<'_>) -> bool {
        let g = self.g;
        let surplus = cv.len() as usize - cset.len();
        // No line set and box set that fit remove anything: the walks below would emit
        // nothing (the argument is in `fits`).
        if let Some(t) = self.fits {
            let t = &mut t.borrow_mut();
            let fit = may_fit(g, self.line_cells, self.box_cells, cset, cv.0, surplus, t);
            if fit == Some(false) {
                return true;
            }
        }
        let line_src: Vec<Cell> = self
            .line_cells
            .iter()
            .copied()
            .filter(|c| !cset.contains(c))
            .collect();
        let mut go = true;
        // Buffers for the box walks, one per intersection set (a line set that fits is
        // followed by a box walk, and there are many).
        // The box's cells outside the intersection set, with their candidates and whether
        // the line holds them (only those can be in a line set).
        let box_base: Vec<(Cell, u64, bool)> = self
            .box_cells
            .iter()
            .filter(|c| !cset.contains(c))
            .map(|&c| (c, g.candidates(c).0, self.line_cells.contains(&c)))
            .collect();
        let mut box_src: Vec<Cell> = Vec::with_capacity(self.box_cells.len());
        let mut box_chosen: Vec<Cell> = Vec::with_capacity(self.box_cells.len());
        subsets(
            g,
            &line_src,
            &mut Vec::with_capacity(line_src.len()),
            0,
            DigitSet::EMPTY,
            &mut |lset, lv| {
                let held = DigitSet(lv.0 & cv.0).len() as usize;
                let own = DigitSet(lv.0 & !cv.0).len() as usize;
                if held == 0 || lset.len() <= own || lset.len() - own >= surplus {
                    return true;
                }
                let rest = surplus - (lset.len() - own);
                let barred = lv.0 & cv.0;
                // A box set holding a barred digit never fits, nor does any set extending it,
                // so cells holding one are left out of the walk: the sets it visits are the
                // others, in the same order.
                box_src.clear();
                box_src.extend(
                    box_base
                        .iter()
                        .filter(|&&(c, m, on_line)| {
                            m & barred == 0 && !(on_line && lset.contains(&c))
                        })
                        .map(|&(c, _, _)| c),
                );
                box_chosen.clear();
                subsets(
                    g,
                    &box_src,
                    &mut box_chosen,
                    0,
                    DigitSet::EMPTY,
                    &mut |bset, bv| {
                        if bv.0 & barred != 0 || bv.0 & cv.0 == 0 {
                            return true;
                        }
                        let own_b = DigitSet(bv.0 & !cv.0).len() as usize;
                        if bset.len() < own_b || bset.len() - own_b != rest {
                            return true;
                        }
                        go = self.emit(cset, cv, lset, lv, bset, bv, f);
                        go
                    },
                )
            },
        );
        go
    }

    /// The step of one HoDoKu Sue de Coq, emitted when it removes something; `false` once the
    /// finder stops.
    #[allow(clippy::too_many_arguments, reason = "the three parts of the pattern")]
    fn emit(
        &self,
        cset: &[Cell],
        cv: DigitSet,
        lset: &[Cell],
        lv: DigitSet,
        bset: &[Cell],
        bv: DigitSet,
        f: &mut Finder<'_>,
    ) -> bool {
        let g = self.g;
        let both = lv.0 & bv.0;
        let box_d = DigitSet(((cv.0 | bv.0) & !lv.0) | both);
        let line_d = DigitSet(((cv.0 | lv.0) & !bv.0) | both);
        let mut step = Step::new(&SUE_DE_COQ).houses([self.bx, self.line]);
        for (cells, own, d) in [
            (self.box_cells, bset, box_d),
            (self.line_cells, lset, line_d),
        ] {
            for &c in cells.iter() {
                if own.contains(&c) || cset.contains(&c) {
                    continue;
                }
                for x in DigitSet(g.candidates(c).0 & d.0).iter() {
                    step = step.eliminate(c, x).mark(c, x, Role::Eliminated);
                }
            }
        }
        if step.eliminations.is_empty() {
            return true;
        }
        let parts = Parts {
            bx: self.bx,
            line: self.line,
            cset,
            lset,
            bset,
            cv,
            all: DigitSet(cv.0 | lv.0 | bv.0),
        };
        report(g, f, step, &parts)
    }
}

/// The empty cells of house `h`, in index order (allocated once at the house's size: a
/// filtered `collect` grows its buffer step by step).
fn empty_cells(g: &CandidateGrid, h: House) -> Vec<Cell> {
    let cells = g.house_cells(h);
    let mut v: Vec<Cell> = Vec::with_capacity(cells.len());
    v.extend(cells.iter().copied().filter(|&c| g.value(c).is_none()));
    v.sort();
    v
}

/// The search in HoDoKu's order; with `changed`, only line/box pairs holding a changed cell
/// (see [`memo::since_miss`]).
pub(super) fn find(g: &CandidateGrid, changed: Option<&CellSet>, f: &mut Finder<'_>) {
    search(g, changed, true, f);
}

/// [`find`], with the miss test in front of each intersection set's walks or (`filter`
/// false, for the tests) without it.
fn search(g: &CandidateGrid, changed: Option<&CellSet>, filter: bool, f: &mut Finder<'_>) {
    let tables = RefCell::new(Tables::default());
    let l = g.layout();
    let empty = |h: House| empty_cells(g, h);
    // Each box's empty cells, listed the first time a line meets it (the grid does not
    // change during the search), instead of once per line.
    let mut box_empty: Vec<Option<Vec<Cell>>> = Vec::new();
    // The boxes in house order, with their region numbers and whether they hold a changed
    // cell (asked once, not once per line).
    let boxes: Vec<(House, usize, bool)> = g
        .houses()
        .filter_map(|h| match l.house_kind(h) {
            HouseKind::Box(r) | HouseKind::Region(r) => {
                Some((h, r, memo::touched(changed, g.house_cells(h))))
            }
            _ => None,
        })
        .collect();
    // A line's empty cells in each region (a box's cells are the cells of its region).
    let mut crossing = vec![0usize; g.size()];
    box_empty.resize(boxes.len(), None);
    let rows = g
        .houses()
        .filter(|&h| matches!(l.house_kind(h), HouseKind::Row(_)));
    let cols = g
        .houses()
        .filter(|&h| matches!(l.house_kind(h), HouseKind::Column(_)));
    for line in rows.chain(cols) {
        let line_changed = memo::touched(changed, g.house_cells(line));
        crossing.fill(0);
        for &c in g.house_cells(line) {
            if g.value(c).is_none() {
                crossing[l.region_of(c)] += 1;
            }
        }
        // The line's empty cells, listed when its first pair is searched.
        let mut line_empty: Option<Vec<Cell>> = None;
        for (b, &(bx, region, box_changed)) in boxes.iter().enumerate() {
            if !line_changed && !box_changed {
                continue;
            }
            // Fewer than two empty cells where they cross: nothing to search.
            if crossing[region] < 2 {
                continue;
            }
            let pair = Pair {
                g,
                bx,
                line,
                line_cells: line_empty.get_or_insert_with(|| empty(line)),
                box_cells: box_empty[b].get_or_insert_with(|| empty(bx)),
                fits: filter.then_some(&tables),
            };
            let inter = pair.crossing_cells();
            if inter.len() >= 2 && !pair.intersection(&inter, f) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;
    use std::sync::Arc;

    use sudokit_core::Grid;
    use sudokit_core::format::{InputFormat, parse_one};

    use super::*;
    use crate::memory::Memory;
    use crate::solver::LogicSolver;
    use crate::technique::{Deadline, Options};
    use crate::testrng::{Lcg, layouts};

    /// Every step `search` reports on `g` (all of them), with or without the miss test.
    fn all_steps(g: &CandidateGrid, filter: bool) -> String {
        let (opts, memory) = (Options::default(), Memory::new());
        let mut out = Vec::new();
        let mut sink = |s: Step| {
            out.push(s);
            ControlFlow::Continue(())
        };
        search(g, None, filter, &mut Finder::new(&opts, &memory, &mut sink));
        format!("{out:?}")
    }

    /// Random refinement sequences on every test layout: the grids after each refinement.
    fn random_grids(mut each: impl FnMut(&CandidateGrid)) {
        for (seed, layout) in layouts().into_iter().enumerate() {
            let layout = Arc::new(layout);
            let mut rng = Lcg::new(0x5dc + seed as u64);
            for _ in 0..4 {
                let mut g = CandidateGrid::new(&Grid::empty(layout.clone()));
                for _ in 0..250 {
                    if !crate::testrng::refine_randomly(&mut g, &mut rng, 10) {
                        break;
                    }
                    each(&g);
                }
            }
        }
    }

    /// For every line and box, every intersection set the walk tries: the miss test says
    /// "some set pair removes something" exactly when the walk (without the test) emits a
    /// step — never "no" when the walk emits (that would lose a step), and, as it tests the
    /// same conditions, never "yes" when it does not. Both answers occur many times.
    #[test]
    fn miss_test_answers_what_the_walk_finds() {
        let (opts, memory) = (Options::default(), Memory::new());
        let (mut yes, mut no) = (0, 0);
        let tables = RefCell::new(Tables::default());
        random_grids(|g| {
            let l = g.layout();
            let empty = |h: House| empty_cells(g, h);
            for line in g
                .houses()
                .filter(|&h| matches!(l.house_kind(h), HouseKind::Row(_) | HouseKind::Column(_)))
            {
                for bx in g
                    .houses()
                    .filter(|&h| matches!(l.house_kind(h), HouseKind::Box(_)))
                {
                    let pair = Pair {
                        g,
                        bx,
                        line,
                        line_cells: &empty(line),
                        box_cells: &empty(bx),
                        fits: None,
                    };
                    let inter = pair.crossing_cells();
                    let mut sets: Vec<Vec<Cell>> = Vec::new();
                    for i in 0..inter.len() {
                        for j in i + 1..inter.len() {
                            sets.push(vec![inter[i], inter[j]]);
                            for &c in &inter[j + 1..] {
                                sets.push(vec![inter[i], inter[j], c]);
                            }
                        }
                    }
                    for cset in sets {
                        let cv = cset
                            .iter()
                            .fold(DigitSet::EMPTY, |u, &c| DigitSet(u.0 | g.candidates(c).0));
                        if (cv.len() as usize) < cset.len() + 2 {
                            continue;
                        }
                        let mut emitted = 0;
                        let mut sink = |_: Step| {
                            emitted += 1;
                            ControlFlow::Continue(())
                        };
                        pair.houses(&cset, cv, &mut Finder::new(&opts, &memory, &mut sink));
                        let surplus = cv.len() as usize - cset.len();
                        let t = &mut tables.borrow_mut();
                        let fit =
                            may_fit(g, pair.line_cells, pair.box_cells, &cset, cv.0, surplus, t);
                        assert_eq!(fit, Some(emitted > 0), "{cset:?} in {line:?} and {bx:?}");
                        if emitted > 0 {
                            yes += 1;
                        } else {
                            no += 1;
                        }
                    }
                }
            }
        });
        assert!(
            yes > 200 && no > 1000,
            "{yes} sets with a step, {no} without"
        );
    }

    /// The search with the miss test reports what the plain walk reports, every step in the
    /// same order, on random grids of every test layout.
    #[test]
    fn search_with_the_miss_test_equals_the_plain_walk_on_random_grids() {
        let mut found = 0;
        random_grids(|g| {
            let plain = all_steps(g, false);
            assert_eq!(all_steps(g, true), plain);
            found += usize::from(plain != "[]");
        });
        assert!(found > 100, "{found} grids with a step");
    }

    /// Likewise along two solving paths (Tarek-052 and col-02-08-071 of
    /// data/examples/puzzles.txt) in HoDoKu's order.
    #[test]
    fn search_with_the_miss_test_equals_the_plain_walk_along_paths() {
        let mut grids = 0;
        for puzzle in [
            "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
            ".2.4.37.........32........4.4.2...7.8...5.........1...5.....9...3.9....7..1..86..",
        ] {
            let p = parse_one(puzzle, InputFormat::Auto).unwrap();
            let solver = LogicSolver::default();
            let memory = Memory::new();
            let mut g = CandidateGrid::new(&p);
            while let Some(step) = solver.next_step_in(&g, &Deadline::none(), &memory) {
                assert_eq!(all_steps(&g, true), all_steps(&g, false));
                g.apply(&step);
                grids += 1;
            }
        }
        assert!(grids > 40, "{grids} grids");
    }
}
