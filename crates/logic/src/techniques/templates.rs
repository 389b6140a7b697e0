//! Templates (pattern overlay): a digit's final positions are one cell per row, column and
//! box (and per region, diagonal, …): a *template*. List every template that fits the grid —
//! on the digit's candidates, through every cell where it is placed — and then a cell every
//! template uses must hold the digit (**Template Set**), and a candidate no template uses
//! cannot (**Template Delete**). Every layout.
//!
//! The templates are refined before use, as HoDoKu refines them: a template of one digit that
//! uses a cell every template of another digit uses is dropped (that cell belongs to the
//! other digit), and the pruning repeats until nothing changes; with it the finders pass all
//! 18 of HoDoKu's library lines for the two codes, without it 4.
//!
//! Design decision: templates are enumerated per digit by a depth-first walk over the rows,
//! most constrained row first, each choice ruling out the cell's peers, rather than filtered
//! from a precomputed table (46,656 on 9×9, far too many to list on 16×16). The walk gives up
//! on a digit after [`NODE_LIMIT`] steps or [`TEMPLATE_LIMIT`] templates (that digit then
//! gives no step and refines no other, never a guess), so a wide-open 25×25 grid cannot stall
//! it. One step per digit, as HoDoKu reports them; off by default, as in HoDoKu.

use sudokit_core::{Cell, Digit, DigitSet, HouseKind};

use crate::grid::{CandidateGrid, CellSet};
use crate::render::cells_name;
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::table::{TEMPLATE_DELETE, TEMPLATE_SET};

/// Steps of the template walk per digit before it gives up on that digit.
pub const NODE_LIMIT: usize = 2_000_000;

/// Templates listed per digit before the walk gives up on that digit.
pub const TEMPLATE_LIMIT: usize = 50_000;

/// Walk steps between two calls of the caller's `stop` (the deadline).
const STOP_EVERY: usize = 1 << 12;

/// The fitting templates of `digit`; `None` when there are more than [`TEMPLATE_LIMIT`], the
/// walk takes more than [`NODE_LIMIT`] steps or `stop` (asked every [`STOP_EVERY`] steps)
/// says the time is up.
fn templates(g: &CandidateGrid, digit: Digit, stop: &dyn Fn() -> bool) -> Option<Vec<CellSet>> {
    let l = g.layout();
    // Each row's cells that may hold the digit (the placed one alone when it is placed).
    let mut rows: Vec<Vec<Cell>> = Vec::new();
    let mut extras: Vec<&[Cell]> = Vec::new();
    for h in g.houses() {
        match l.house_kind(h) {
            HouseKind::Row(_) => {
                let cells = g.house_cells(h);
                let placed: Vec<Cell> = cells
                    .iter()
                    .copied()
                    .filter(|&c| g.value(c) == Some(digit))
                    .collect();
                rows.push(if placed.is_empty() {
                    cells.iter().copied().filter(|&c| g.has(c, digit)).collect()
                } else {
                    placed
                });
            }
            HouseKind::Diagonal | HouseKind::AntiDiagonal => extras.push(g.house_cells(h)),
            _ => {}
        }
    }
    rows.sort_by_key(Vec::len);
    let mut walk = Walk {
        g,
        rows: &rows,
        extras: &extras,
        chosen: Vec::with_capacity(rows.len()),
        blocked: vec![g.cell_set()],
        found: Vec::new(),
        nodes: 0,
        stop,
    };
    walk.go(0).then_some(walk.found)
}

struct Walk<'a> {
    g: &'a CandidateGrid,
    rows: &'a [Vec<Cell>],
    extras: &'a [&'a [Cell]],
    chosen: Vec<Cell>,
    /// Per depth, the cells the chosen ones see.
    blocked: Vec<CellSet>,
    found: Vec<CellSet>,
    nodes: usize,
    stop: &'a dyn Fn() -> bool,
}

impl Walk<'_> {
    /// `false` when a limit ran out.
    fn go(&mut self, depth: usize) -> bool {
        self.nodes += 1;
        if self.nodes > NODE_LIMIT || (self.nodes.is_multiple_of(STOP_EVERY) && (self.stop)()) {
            return false;
        }
        if depth == self.rows.len() {
            // One per row and no two peers: one per column and box too; extra houses (the
            // diagonals) must be hit as well.
            if self
                .extras
                .iter()
                .all(|house| house.iter().any(|c| self.chosen.contains(c)))
            {
                let mut t = self.g.cell_set();
                for &c in &self.chosen {
                    t.insert(c);
                }
                self.found.push(t);
            }
            return self.found.len() <= TEMPLATE_LIMIT;
        }
        for k in 0..self.rows[depth].len() {
            let c = self.rows[depth][k];
            if self.blocked[depth].contains(c) {
                continue;
            }
            let mut next = self.blocked[depth].clone();
            next.union_with(self.g.peer_set(c));
            self.blocked.push(next);
            self.chosen.push(c);
            let ok = self.go(depth + 1);
            self.chosen.pop();
            self.blocked.pop();
            if !ok {
                return false;
            }
        }
        true
    }
}

/// Every digit's fitting templates (`None` for a digit over the limits or past `stop`),
/// refined: a template that uses a cell every template of another digit uses is dropped,
/// until nothing changes.
fn refined(g: &CandidateGrid, stop: &dyn Fn() -> bool) -> Vec<(Digit, Option<Vec<CellSet>>)> {
    let mut all: Vec<(Digit, Option<Vec<CellSet>>)> = DigitSet::full(g.size())
        .iter()
        .map(|d| (d, if stop() { None } else { templates(g, d, stop) }))
        .collect();
    loop {
        let musts: Vec<Option<CellSet>> = all
            .iter()
            .map(|(_, t)| t.as_ref().map(|t| intersection(g, t)))
            .collect();
        let mut changed = false;
        for (i, (_, t)) in all.iter_mut().enumerate() {
            let Some(t) = t else { continue };
            let before = t.len();
            t.retain(|x| {
                musts
                    .iter()
                    .enumerate()
                    .all(|(j, m)| j == i || m.as_ref().is_none_or(|m| !x.intersects(m)))
            });
            changed |= t.len() != before;
        }
        if !changed {
            return all;
        }
    }
}

/// The cells every template uses (all cells when there is none: nothing fits).
fn intersection(g: &CandidateGrid, t: &[CellSet]) -> CellSet {
    let mut it = t.iter();
    match it.next() {
        None => {
            let mut m = g.cell_set();
            for c in g.cells() {
                m.insert(c);
            }
            m
        }
        Some(first) => it.fold(first.clone(), |mut m, x| {
            m.intersect_with(x);
            m
        }),
    }
}

/// The fitting templates of one digit, summarised.
struct Summary {
    count: u64,
    /// Cells every template uses.
    all: CellSet,
    /// Cells some template uses.
    any: CellSet,
}

/// Finder for [`TEMPLATE_SET`] (`delete: false`) or [`TEMPLATE_DELETE`].
pub struct Templates {
    /// Eliminations (Template Delete) rather than placements (Template Set).
    pub delete: bool,
}

impl Technique for Templates {
    fn info(&self) -> &'static TechniqueInfo {
        if self.delete {
            &TEMPLATE_DELETE
        } else {
            &TEMPLATE_SET
        }
    }

    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let l = g.layout();
        let all = refined(g, &|| f.out_of_time());
        if f.interrupted() {
            // Cut short: some digits' templates are unknown; report nothing rather than less.
            return;
        }
        for (d, t) in all {
            let Some(t) = t else { continue };
            if t.is_empty() {
                continue;
            }
            let mut any = g.cell_set();
            for x in &t {
                any.union_with(x);
            }
            let s = Summary {
                count: t.len() as u64,
                all: intersection(g, &t),
                any,
            };
            let (cells, verb): (Vec<Cell>, &str) = if self.delete {
                let cells = g
                    .empty_cells()
                    .filter(|&c| g.has(c, d) && !s.any.contains(c))
                    .collect();
                (cells, "none of them uses")
            } else {
                let cells = s.all.iter().filter(|&c| g.value(c).is_none()).collect();
                (cells, "every one of them uses")
            };
            if cells.is_empty() {
                continue;
            }
            let mut step = Step::new(self.info())
                .digits([d])
                .cells(cells.iter().copied());
            for &c in &cells {
                step = if self.delete {
                    step.eliminate(c, d).mark(c, d, Role::Eliminated)
                } else {
                    step.place(c, d).mark(c, d, Role::Placed)
                };
            }
            let ways = if s.count == 1 {
                "exactly one way".to_string()
            } else {
                format!("{} ways", s.count)
            };
            let text = format!(
                "The {d}s can be laid out, one in each house, in {ways} that fit the candidates and the placed {d}s and leave every other digit a layout; {verb} {}, so {} {d}.",
                cells_name(l, &cells),
                if self.delete {
                    if cells.len() == 1 {
                        "it cannot be"
                    } else {
                        "they cannot be"
                    }
                } else if cells.len() == 1 {
                    "it holds"
                } else {
                    "they hold"
                },
            );
            if !f.emit(step.rated(self.info().se).text(text)) {
                return;
            }
        }
    }
}
