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

/// The places of every digit in `h` in one pass over its cells: `out[d.index()]` gets bit
/// `i` when the house's `i`-th cell holds `d` as a candidate (what [`CandidateGrid::positions`]
/// gives digit by digit). Returns the digits placed in `h` (bit `d.index()`).
pub(crate) fn house_places(g: &CandidateGrid, h: House, out: &mut Vec<u64>) -> u64 {
    out.clear();
    out.resize(g.size(), 0);
    let mut placed = 0u64;
    for (i, &c) in g.house_cells(h).iter().enumerate() {
        if let Some(d) = g.value(c) {
            placed |= 1 << d.index();
        }
        let mut m = g.candidates(c).0;
        while m != 0 {
            out[m.trailing_zeros() as usize] |= 1 << i;
            m &= m - 1;
        }
    }
    placed
}

/// Every locked-candidates step of one kind (`pointing` = the source house is a box/region);
/// with `changed`, only source houses holding a changed cell are searched (a step's pattern is
/// the digit's places in its source house, see [`memo::since_miss`]).
fn find_locked(g: &CandidateGrid, f: &mut Finder<'_>, pointing: bool, changed: Option<&CellSet>) {
    let l = g.layout();
    let info = if pointing { &POINTING } else { &CLAIMING };
    // One buffer for every (house, digit): this finder runs at almost every step.
    let mut cells: Vec<Cell> = Vec::with_capacity(g.size());
    let mut places = Vec::with_capacity(g.size());
    for a in g.houses() {
        if is_region(l.house_kind(a)) != pointing {
            continue;
        }
        if !memo::touched(changed, g.house_cells(a)) {
            continue;
        }
        house_places(g, a, &mut places);
        let house = g.house_cells(a);
        for d in DigitSet::full(g.size()).iter() {
            let mut m = places[d.index()];
            if m.count_ones() < 2 {
                continue;
            }
            cells.clear();
            while m != 0 {
                cells.push(house[m.trailing_zeros() as usize]);
                m &= m - 1;
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sudokit_core::{Digit, Layout};

    use super::*;
    use crate::testrng::Lcg;

    /// `house_places` gives, for every house and digit, what `positions` and `placed_in` give
    /// one digit at a time — on grids of several sizes whose values and candidates are random
    /// (filled cells keeping candidates included).
    #[test]
    fn house_places_match_positions_and_placed_in() {
        let mut rng = Lcg::new(37);
        let mut places = Vec::new();
        let mut checked = 0;
        for layout in [
            Layout::standard(9),
            Layout::boxed(6, 2, 3),
            Layout::standard(16),
            Layout::standard(4),
        ] {
            let layout = Arc::new(layout.expect("a layout"));
            let (n, cells) = (layout.size(), layout.cell_count());
            for _ in 0..60 {
                let values: Vec<u8> = (0..cells)
                    .map(|_| match rng.next() % 4 {
                        0 => 1 + (rng.next() % n as u64) as u8,
                        _ => 0,
                    })
                    .collect();
                let cands = (0..cells)
                    .map(|_| DigitSet(rng.next() & DigitSet::full(n).0))
                    .collect();
                let g = CandidateGrid::with_candidates(
                    layout.clone(),
                    values,
                    cands,
                    vec![false; cells],
                );
                for h in g.houses() {
                    let placed = house_places(&g, h, &mut places);
                    assert_eq!(places.len(), n);
                    for d in (0..n).map(Digit::from_index) {
                        assert_eq!(places[d.index()], g.positions(h, d), "{h:?} {d}");
                        assert_eq!(placed >> d.index() & 1 == 1, g.placed_in(h, d), "{h:?} {d}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
