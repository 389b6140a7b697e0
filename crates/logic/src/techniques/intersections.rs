//! Locked candidates: pointing (a digit's places in a box lie in one line, so the rest of the
//! line loses it) and claiming (a digit's places in a line lie in one box, so the rest of the
//! box loses it). Every layout.
//!
//! Design decision: one generic rule — "all places of d in house A lie inside house B, so d
//! leaves B outside A" — over every pair of houses; the pair's kinds decide the name (A a
//! box/region: pointing; otherwise claiming). Jigsaw regions and the X diagonals (a box and a
//! diagonal share up to three cells) come for free.

use sudokit_core::{Cell, DigitSet, House, HouseKind};

use crate::grid::{CandidateGrid, CellSet};
use crate::memo;
use crate::render::{cells_name, house_name};
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::table::{CLAIMING, POINTING};

fn is_region(k: HouseKind) -> bool {
    matches!(k, HouseKind::Box(_) | HouseKind::Region(_))
}

/// Every locked-candidates step of one kind (`pointing` = the source house is a box/region);
/// with `changed`, only source houses holding a changed cell are searched (a step's pattern is
/// the digit's places in its source house, see [`memo::since_miss`]).
fn find_locked(g: &CandidateGrid, f: &mut Finder<'_>, pointing: bool, changed: Option<&CellSet>) {
    let l = g.layout();
    let info = if pointing { &POINTING } else { &CLAIMING };
    for a in g.houses() {
        if is_region(l.house_kind(a)) != pointing {
            continue;
        }
        if !memo::touched(changed, g.house_cells(a)) {
            continue;
        }
        for d in DigitSet::full(g.size()).iter() {
            let cells: Vec<Cell> = g.cells_with(a, d).collect();
            if cells.len() < 2 {
                continue;
            }
            for &b in g.houses_of(cells[0]) {
                if b == a || (!pointing && !is_region(l.house_kind(b))) {
                    continue;
                }
                if !cells[1..].iter().all(|c| g.houses_of(*c).contains(&b)) {
                    continue;
                }
                let elims: Vec<Cell> = g.cells_with(b, d).filter(|c| !cells.contains(c)).collect();
                if elims.is_empty() {
                    continue;
                }
                let mut step = Step::new(info)
                    .digits([d])
                    .cells(cells.iter().copied())
                    .houses([a, b]);
                for &c in &cells {
                    step = step.mark(c, d, Role::Pattern);
                }
                for &c in &elims {
                    step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
                }
                step = step.text(format!(
                    "In {}, {d} can only go in {}, which also lie in {}; so {d} is removed from the rest of {}: {}.",
                    house_name(l, a),
                    cells_name(l, &cells),
                    house_name(l, b),
                    house_name(l, b),
                    cells_name(l, &elims),
                ));
                if !f.emit(step) {
                    return;
                }
            }
        }
    }
}

/// Finder for [`POINTING`].
pub struct Pointing;
/// Finder for [`CLAIMING`].
pub struct Claiming;

impl Technique for Pointing {
    fn info(&self) -> &'static TechniqueInfo {
        &POINTING
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        memo::since_miss(POINTING.id, g, f, |changed, f| {
            find_locked(g, f, true, changed)
        });
    }
}

impl Technique for Claiming {
    fn info(&self) -> &'static TechniqueInfo {
        &CLAIMING
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        memo::since_miss(CLAIMING.id, g, f, |changed, f| {
            find_locked(g, f, false, changed)
        });
    }
}

/// The houses every cell of `cells` belongs to.
pub fn common_houses(g: &CandidateGrid, cells: &[Cell]) -> Vec<House> {
    let Some(first) = cells.first() else {
        return Vec::new();
    };
    g.houses_of(*first)
        .iter()
        .copied()
        .filter(|h| cells[1..].iter().all(|c| g.houses_of(*c).contains(h)))
        .collect()
}
