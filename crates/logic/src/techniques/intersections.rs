//! Locked candidates: pointing (a digit's places in a box lie in one line, so the rest of the
//! line loses it) and claiming (a digit's places in a line lie in one box, so the rest of the
//! box loses it). Every layout.
//!
//! Design decision: one generic rule — "all places of d in house A lie inside house B, so d
//! leaves B outside A" — over every pair of houses; the pair's kinds decide the name (A a
//! box/region: pointing; otherwise claiming). Jigsaw regions and the X diagonals (a box and a
//! diagonal share up to three cells) come for free.

use sudokit_core::{Cell, Digit, DigitSet, House, HouseKind};

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

/// One locked-candidates instance: the source house, the digit, the house its places also
/// lie in, the places (in house order) and the cells of that house losing the digit.
type Locked<'a> = (House, Digit, House, &'a [Cell], &'a [Cell]);

/// Every locked-candidates instance of one kind (`pointing` = the source house is a
/// box/region), in search order, to `visit` until it returns `false`; with `changed`, only
/// source houses holding a changed cell are searched (a step's pattern is the digit's places
/// in its source house, see [`memo::since_miss`]). `planes`: the digits' planes, `w` words a
/// digit ([`CandidateGrid::digit_planes`]).
///
/// Read off the planes as set algebra on the houses' cell sets (session 64; was a pass over
/// each house's cells and a test per place, kept as the tests' reference): a house's cells are
/// in index order, so its places of a digit in house order are the bits of the house's words
/// in the plane, the places lie in house B when they miss nothing of B's words, and B's cells
/// losing the digit are B's words in the plane less the places, again in house order.
fn locked_instances(
    g: &CandidateGrid,
    (planes, w): (&[u64], usize),
    pointing: bool,
    changed: Option<&CellSet>,
    visit: &mut dyn FnMut(Locked<'_>) -> bool,
) {
    let l = g.layout();
    // Buffers for every (house, digit): this finder runs at almost every step.
    let mut cells: Vec<Cell> = Vec::with_capacity(g.size());
    let mut elims: Vec<Cell> = Vec::with_capacity(g.size());
    let mut m = vec![0u64; w];
    for a in g.houses() {
        if is_region(l.house_kind(a)) != pointing {
            continue;
        }
        let house = g.house_set(a);
        if changed.is_some_and(|ch| !house.intersects(ch)) {
            continue;
        }
        for (d, plane) in DigitSet::full(g.size()).iter().zip(planes.chunks_exact(w)) {
            let mut count = 0;
            for ((x, &hw), &pw) in m.iter_mut().zip(house.words()).zip(plane) {
                *x = hw & pw;
                count += x.count_ones();
            }
            if count < 2 {
                continue;
            }
            cells.clear();
            for (k, &x) in m.iter().enumerate() {
                let mut x = x;
                while x != 0 {
                    cells.push(Cell((k * 64 + x.trailing_zeros() as usize) as u16));
                    x &= x - 1;
                }
            }
            for &b in g.houses_of(cells[0]) {
                if b == a || (!pointing && !is_region(l.house_kind(b))) {
                    continue;
                }
                let bw = g.house_set(b).words();
                if m.iter().zip(bw).any(|(&x, &y)| x & !y != 0) {
                    continue;
                }
                elims.clear();
                for (k, ((&x, &y), &pw)) in m.iter().zip(bw).zip(plane).enumerate() {
                    let mut e = y & pw & !x;
                    while e != 0 {
                        elims.push(Cell((k * 64 + e.trailing_zeros() as usize) as u16));
                        e &= e - 1;
                    }
                }
                if !elims.is_empty() && !visit((a, d, b, &cells, &elims)) {
                    return;
                }
            }
        }
    }
}

/// Every locked-candidates step of one kind ([`locked_instances`]), in search order.
fn find_locked(g: &CandidateGrid, f: &mut Finder<'_>, pointing: bool, changed: Option<&CellSet>) {
    let l = g.layout();
    let info = if pointing { &POINTING } else { &CLAIMING };
    let (planes, w) = memo::digit_planes(f.memory(), g);
    locked_instances(g, (&planes, w), pointing, changed, &mut |(
        a,
        d,
        b,
        cells,
        elims,
    )| {
        let mut step = Step::new(info)
            .digits([d])
            .cells(cells.iter().copied())
            .houses([a, b]);
        for &c in cells {
            step = step.mark(c, d, Role::Pattern);
        }
        for &c in elims {
            step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
        }
        f.emit(step.text(format!(
            "In {}, {d} can only go in {}, which also lie in {}; so {d} is removed from the rest of {}: {}.",
            house_name(l, a),
            cells_name(l, cells),
            house_name(l, b),
            house_name(l, b),
            cells_name(l, elims),
        )))
    });
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

    use sudokit_core::Layout;

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

    /// The instances read off the planes are those the plain search finds — each house's
    /// places of each digit from its cells, the other house from the places' houses, the cells
    /// losing the digit from that house's cells — in the same order, for both kinds, with and
    /// without changed cells, along random refinements of every test layout and a puzzle.
    #[test]
    fn locked_instances_equal_the_cell_by_cell_search() {
        use crate::testrng::{layouts, refine_randomly};
        use sudokit_core::Grid;
        use sudokit_core::format::{InputFormat, parse_one};

        type Found = Vec<(House, Digit, House, Vec<Cell>, Vec<Cell>)>;
        fn reference(g: &CandidateGrid, pointing: bool, changed: Option<&CellSet>) -> Found {
            let l = g.layout();
            let mut out = Vec::new();
            let mut places = Vec::new();
            for a in g.houses() {
                if is_region(l.house_kind(a)) != pointing
                    || !memo::touched(changed, g.house_cells(a))
                {
                    continue;
                }
                house_places(g, a, &mut places);
                let house = g.house_cells(a);
                for d in DigitSet::full(g.size()).iter() {
                    let m = places[d.index()];
                    if m.count_ones() < 2 {
                        continue;
                    }
                    let cells: Vec<Cell> = (0..house.len())
                        .filter(|i| m >> i & 1 == 1)
                        .map(|i| house[i])
                        .collect();
                    for &b in g.houses_of(cells[0]) {
                        if b == a || (!pointing && !is_region(l.house_kind(b))) {
                            continue;
                        }
                        if !cells[1..].iter().all(|c| g.houses_of(*c).contains(&b)) {
                            continue;
                        }
                        let elims: Vec<Cell> =
                            g.cells_with(b, d).filter(|c| !cells.contains(c)).collect();
                        if !elims.is_empty() {
                            out.push((a, d, b, cells.clone(), elims));
                        }
                    }
                }
            }
            out
        }
        let mut starts: Vec<CandidateGrid> = layouts()
            .into_iter()
            .map(|l| CandidateGrid::new(&Grid::empty(Arc::new(l))))
            .collect();
        starts.push(CandidateGrid::new(
            &parse_one(
                "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
                InputFormat::Auto,
            )
            .unwrap(),
        ));
        let mut rng = Lcg::new(0x10c4);
        let (mut found, mut partial) = (0, 0);
        for start in starts {
            let mut g = start;
            let mut before = g.clone();
            for step in 0..150 {
                let mut planes = Vec::new();
                let w = g.digit_planes(&mut planes);
                // The cells changed since an earlier grid (every fifth), as the memo gives them.
                let mut changed = g.cell_set();
                for c in g.cells() {
                    if g.candidates(c) != before.candidates(c) || g.value(c) != before.value(c) {
                        changed.insert(c);
                    }
                }
                for pointing in [true, false] {
                    for ch in [None, Some(&changed)] {
                        let mut got: Found = Vec::new();
                        locked_instances(&g, (&planes, w), pointing, ch, &mut |(a, d, b, c, e)| {
                            got.push((a, d, b, c.to_vec(), e.to_vec()));
                            true
                        });
                        let want = reference(&g, pointing, ch);
                        assert_eq!(got, want, "step {step}, pointing {pointing}");
                        found += want.len();
                        partial += usize::from(ch.is_some() && !want.is_empty());
                    }
                }
                if step % 5 == 0 {
                    before = g.clone();
                }
                if !refine_randomly(&mut g, &mut rng, 10) {
                    break;
                }
            }
        }
        assert!(
            found > 200 && partial > 20,
            "{found} found, {partial} with changed cells"
        );
    }
}
