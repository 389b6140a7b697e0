//! Singles: full house (the last empty cell of a house), naked single (a cell with one
//! candidate) and hidden single (a digit with one place in a house). Every layout.
//!
//! Design decision: three separate techniques, as HoDoKu and SE count them separately (they
//! differ in score and rating); a hidden single in a box/region is rated 1.2 by SE and one in a
//! line 1.5, so the rating is set per instance from the house kind.

use sudokit_core::{Cell, Digit, House, HouseKind, Layout};

use crate::grid::CandidateGrid;
use crate::render::{cell_name, house_name};
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::table::{FULL_HOUSE, HIDDEN_SINGLE, NAKED_SINGLE};

/// Finder for [`FULL_HOUSE`].
pub struct FullHouse;
/// Finder for [`NAKED_SINGLE`].
pub struct NakedSingle;
/// Finder for [`HIDDEN_SINGLE`].
pub struct HiddenSingle;

/// The step of a single: `d` placed in `cell`, with the digit, the cell and the placed
/// candidate highlighted (the caller adds the house, the rating and the text).
#[inline]
fn placement(info: &'static TechniqueInfo, cell: Cell, d: Digit) -> Step {
    Step::new(info)
        .place(cell, d)
        .digits([d])
        .cells([cell])
        .mark(cell, d, Role::Placed)
}

/// The full house `d` in `cell`, the last empty cell of `h`.
pub(crate) fn full_house_step(l: &Layout, cell: Cell, d: Digit, h: House) -> Step {
    placement(&FULL_HOUSE, cell, d).houses([h]).text(format!(
        "{} is the only empty cell of {}, so it takes the missing {d}.",
        cell_name(l, cell),
        house_name(l, h)
    ))
}

/// The naked single `d` in `cell`.
pub(crate) fn naked_single_step(l: &Layout, cell: Cell, d: Digit) -> Step {
    placement(&NAKED_SINGLE, cell, d).text(format!(
        "{} has only one candidate left, {d}.",
        cell_name(l, cell)
    ))
}

/// The hidden single `d` in `cell`, its only place in `h` (rated 1.2 in a box or region, 1.5
/// in a line, as SE rates them).
pub(crate) fn hidden_single_step(l: &Layout, cell: Cell, d: Digit, h: House) -> Step {
    let se = match l.house_kind(h) {
        HouseKind::Box(_) | HouseKind::Region(_) => 1.2,
        _ => 1.5,
    };
    placement(&HIDDEN_SINGLE, cell, d)
        .rated(se)
        .houses([h])
        .text(format!(
            "In {}, {d} fits only in {}.",
            house_name(l, h),
            cell_name(l, cell)
        ))
}

impl Technique for FullHouse {
    fn info(&self) -> &'static TechniqueInfo {
        &FULL_HOUSE
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let l = g.layout();
        for h in g.houses() {
            let mut empty = g.house_cells(h).iter().filter(|c| g.value(**c).is_none());
            let (Some(&cell), None) = (empty.next(), empty.next()) else {
                continue;
            };
            let cands = g.candidates(cell);
            let (Some(d), 1) = (cands.first(), cands.len()) else {
                continue;
            };
            let step = full_house_step(l, cell, d, h);
            if !f.emit(step) {
                return;
            }
        }
    }
}

impl Technique for NakedSingle {
    fn info(&self) -> &'static TechniqueInfo {
        &NAKED_SINGLE
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let l = g.layout();
        for cell in g.empty_cells() {
            let cands = g.candidates(cell);
            if cands.len() != 1 {
                continue;
            }
            let d = cands.first().expect("one candidate");
            let step = naked_single_step(l, cell, d);
            if !f.emit(step) {
                return;
            }
        }
    }
}

impl Technique for HiddenSingle {
    fn info(&self) -> &'static TechniqueInfo {
        &HIDDEN_SINGLE
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let l = g.layout();
        // Boxes/regions first (SE rates them lower), then rows, columns and extra houses.
        for &h in g.boxes_first() {
            let cells = g.house_cells(h);
            let empty = cells.iter().filter(|c| g.value(**c).is_none()).count();
            for d in sudokit_core::DigitSet::full(g.size()).iter() {
                let pos = g.positions(h, d);
                if pos.count_ones() != 1 {
                    continue;
                }
                let cell = cells[pos.trailing_zeros() as usize];
                // The last empty cell of a house is a full house, and a cell with one
                // candidate a naked single; the hidden single is the case that needs the house.
                if empty == 1 {
                    continue;
                }
                let step = hidden_single_step(l, cell, d, h);
                if !f.emit(step) {
                    return;
                }
            }
        }
    }
}
