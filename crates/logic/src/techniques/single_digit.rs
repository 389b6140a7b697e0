//! Single-digit patterns built from two strong links: skyscraper, 2-string kite and turbot
//! fish; and the empty rectangle. Every layout (boxes of any shape and jigsaw regions play
//! the box's part).
//!
//! Design decision: skyscraper, kite and turbot fish are one search — two strong links on a
//! digit (A=B, C=D) whose inner ends see each other (B–C weak), so A or D holds the digit and
//! whatever sees both loses it — named by the houses involved (two parallel lines: skyscraper;
//! a row and a column joined in a box: 2-string kite; anything else: turbot fish). The search
//! of a digit's plane is run once and its patterns kept in the path's memory
//! (`memo::PlaneMemo`), so the three techniques, asked one after
//! another about the same plane, share it. In HoDoKu's
//! order ([`Options::hodoku`](crate::technique::Options::hodoku)) a digit's empty rectangles
//! are reported in the order HoDoKu's search meets them, because HoDoKu applies the first it
//! finds (issue 42).

use std::cmp::Reverse;

use sudokit_core::{Cell, Digit, DigitSet, House, HouseKind};

use crate::grid::CandidateGrid;
use crate::render::{cell_name, cells_name, house_name};
use crate::step::{Chain, ChainNode, LinkKind, Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::table::{
    DUAL_EMPTY_RECTANGLE, DUAL_TWO_STRING_KITE, EMPTY_RECTANGLE, SKYSCRAPER, TURBOT_FISH,
    TWO_STRING_KITE,
};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Line,
    Region,
    Other,
}

fn kind(g: &CandidateGrid, h: House) -> Kind {
    match g.layout().house_kind(h) {
        HouseKind::Row(_) | HouseKind::Column(_) => Kind::Line,
        HouseKind::Box(_) | HouseKind::Region(_) => Kind::Region,
        _ => Kind::Other,
    }
}

fn is_row(g: &CandidateGrid, h: House) -> bool {
    matches!(g.layout().house_kind(h), HouseKind::Row(_))
}

/// Every strong link on `d`: (house, a, b). `plane` is `d`'s plane (as
/// [`CandidateGrid::digit_planes`] has it): a house's count of the digit is its cell set's
/// overlap with the plane, a few word operations, so only the houses with exactly two places
/// walk their cells for the positions.
fn strong_links(g: &CandidateGrid, d: Digit, plane: &[u64]) -> Vec<(House, Cell, Cell)> {
    let mut out = Vec::new();
    for h in g.houses() {
        if g.house_set(h).count_within(plane) != 2 {
            continue;
        }
        let pos = g.positions(h, d);
        if pos.count_ones() == 2 {
            let cells = g.house_cells(h);
            out.push((
                h,
                cells[pos.trailing_zeros() as usize],
                cells[63 - pos.leading_zeros() as usize],
            ));
        }
    }
    out
}

/// The two-strong-link search for one technique (its name decides which instances it keeps).
pub struct TwoLinks {
    /// The technique row: skyscraper, kite or turbot fish.
    pub info: &'static TechniqueInfo,
}

impl TwoLinks {
    /// Which technique a two-link pattern is.
    fn classify(
        g: &CandidateGrid,
        h1: House,
        h2: House,
        b: Cell,
        c: Cell,
    ) -> &'static TechniqueInfo {
        let (k1, k2) = (kind(g, h1), kind(g, h2));
        let same_house = |kind_wanted: Kind| {
            g.houses_of(b)
                .iter()
                .any(|h| g.houses_of(c).contains(h) && kind(g, *h) == kind_wanted)
        };
        if k1 == Kind::Line && k2 == Kind::Line {
            if is_row(g, h1) == is_row(g, h2) {
                // Parallel lines joined along the other direction.
                let joined_by_line = g
                    .houses_of(b)
                    .iter()
                    .any(|h| g.houses_of(c).contains(h) && kind(g, *h) == Kind::Line);
                if joined_by_line {
                    return &SKYSCRAPER;
                }
            } else if same_house(Kind::Region) {
                return &TWO_STRING_KITE;
            }
        }
        &TURBOT_FISH
    }
}

/// One two-strong-link pattern of a digit: links `h1: a=b` and `h2: c=e` (`cells` is
/// `[a, b, c, e]`), `b` sees `c`; the technique it is named as and the cells it clears.
#[derive(Clone, Debug)]
pub(crate) struct TwoLinkPattern {
    info: &'static TechniqueInfo,
    h1: House,
    h2: House,
    cells: [Cell; 4],
    elims: Vec<Cell>,
}

/// Every two-link pattern of `d` (plane `plane`) that clears a candidate, in search order:
/// pairs of strong links in their order, each in every orientation whose inner ends see each
/// other.
fn two_link_patterns(g: &CandidateGrid, d: Digit, plane: &[u64]) -> Vec<TwoLinkPattern> {
    let links = strong_links(g, d, plane);
    let mut out = Vec::new();
    for (i, &(h1, a1, a2)) in links.iter().enumerate() {
        for &(h2, b1, b2) in &links[i + 1..] {
            // Try every orientation: inner ends (b, c) see each other; free ends (a, e).
            for (a, b) in [(a1, a2), (a2, a1)] {
                for (c, e) in [(b1, b2), (b2, b1)] {
                    let cells = [a, b, c, e];
                    // The two links must not be the same pair of cells in two houses.
                    let distinct = (0..4).all(|x| (x + 1..4).all(|y| cells[x] != cells[y]));
                    if !distinct || !g.sees(b, c) {
                        continue;
                    }
                    // The cells seeing both free ends, in cell order (the peer lists' order):
                    // one set intersection instead of a test per peer of `a`.
                    let mut both = g.peer_set(a).clone();
                    both.intersect_with(g.peer_set(e));
                    let elims: Vec<Cell> = both
                        .iter()
                        .filter(|&x| g.has(x, d) && !cells.contains(&x))
                        .collect();
                    if elims.is_empty() {
                        continue;
                    }
                    out.push(TwoLinkPattern {
                        info: TwoLinks::classify(g, h1, h2, b, c),
                        h1,
                        h2,
                        cells,
                        elims,
                    });
                }
            }
        }
    }
    out
}

impl Technique for TwoLinks {
    fn info(&self) -> &'static TechniqueInfo {
        self.info
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let l = g.layout();
        crate::memo::each_digit_since(self.info.id, g, f, |d, plane, _, f| {
            let found = f
                .memory()
                .two_links
                .borrow_mut()
                .get(g, d, plane, || two_link_patterns(g, d, plane));
            for pat in found.iter().filter(|p| p.info.id == self.info.id) {
                let TwoLinkPattern {
                    h1,
                    h2,
                    cells,
                    ref elims,
                    ..
                } = *pat;
                let [a, b, c, e] = cells;
                let mut step = Step::new(self.info)
                    .digits([d])
                    .houses([h1, h2])
                    .cells(cells);
                for &x in &cells {
                    step = step.mark(x, d, Role::Pattern);
                }
                for &x in elims {
                    step = step.eliminate(x, d).mark(x, d, Role::Eliminated);
                }
                let chain = Chain {
                    nodes: vec![
                        ChainNode::new(a, d, true),
                        ChainNode::new(b, d, false),
                        ChainNode::new(c, d, true),
                        ChainNode::new(e, d, false),
                    ],
                    links: vec![LinkKind::Strong, LinkKind::Weak, LinkKind::Strong],
                };
                let text = format!(
                    "In {}, {d} is in {} or {}; in {}, in {} or {}. {} and {} see each other, so they cannot both be {d}: {} or {} is {d}, and {} {} {d}.",
                    house_name(l, h1),
                    cell_name(l, a),
                    cell_name(l, b),
                    house_name(l, h2),
                    cell_name(l, c),
                    cell_name(l, e),
                    cell_name(l, b),
                    cell_name(l, c),
                    cell_name(l, a),
                    cell_name(l, e),
                    cells_name(l, elims),
                    if elims.len() == 1 { "loses" } else { "lose" }
                );
                if !f.emit(step.chain(chain).text(text)) {
                    return false;
                }
            }
            true
        });
    }
}

/// One empty rectangle: digit `d` in region `bx` lies on row `r0` and column `c0` only; the
/// strong link `x`–`y` in line `h` (`x` on one of those lines' continuations) removes `d`
/// from `target`.
#[derive(Clone, Copy)]
struct ErInstance {
    d: Digit,
    bx: House,
    r0: usize,
    c0: usize,
    h: House,
    x: Cell,
    y: Cell,
    target: Cell,
}

/// Calls `visit` with every empty rectangle (boxes with only two cells of the digit too when
/// `allow_two`) until it returns `false`.
fn empty_rectangles(g: &CandidateGrid, allow_two: bool, visit: &mut dyn FnMut(ErInstance) -> bool) {
    let mut planes = Vec::new();
    let w = g.digit_planes(&mut planes);
    for d in DigitSet::full(g.size()).iter() {
        let plane = &planes[d.index() * w..(d.index() + 1) * w];
        if !digit_empty_rectangles(g, d, plane, allow_two, visit) {
            return;
        }
    }
}

/// [`empty_rectangles`] of one digit (`plane`: its plane); `false` when `visit` said stop.
fn digit_empty_rectangles(
    g: &CandidateGrid,
    d: Digit,
    plane: &[u64],
    allow_two: bool,
    visit: &mut dyn FnMut(ErInstance) -> bool,
) -> bool {
    let n = g.size();
    let regions: Vec<House> = g.houses().filter(|&h| kind(g, h) == Kind::Region).collect();
    {
        let links = strong_links(g, d, plane);
        // One set of buffers for every box (session 64: were four lists a box).
        let mut cells: Vec<Cell> = Vec::with_capacity(n);
        let (mut rows, mut cols): (Vec<usize>, Vec<usize>) =
            (Vec::with_capacity(n), Vec::with_capacity(n));
        let mut crosses: Vec<(usize, usize)> = Vec::new();
        for &bx in &regions {
            // A box with fewer than two places of d holds no empty rectangle: its cells are
            // not listed.
            if g.house_set(bx).count_within(plane) < 2 {
                continue;
            }
            cells.clear();
            cells.extend(g.cells_with(bx, d));
            if cells.len() < 2 || (cells.len() == 2 && !allow_two) {
                continue;
            }
            // Every (row R, column C) cross that covers the box's cells of d.
            rows.clear();
            rows.extend(cells.iter().map(|c| c.row_col(n).0));
            cols.clear();
            cols.extend(cells.iter().map(|c| c.row_col(n).1));
            crosses.clear();
            for &r in &rows {
                for &c in &cols {
                    if cells
                        .iter()
                        .all(|x| x.row_col(n).0 == r || x.row_col(n).1 == c)
                        && cells
                            .iter()
                            .any(|x| x.row_col(n).0 == r && x.row_col(n).1 != c)
                        && cells
                            .iter()
                            .any(|x| x.row_col(n).1 == c && x.row_col(n).0 != r)
                        && !crosses.contains(&(r, c))
                    {
                        crosses.push((r, c));
                    }
                }
            }
            for &(r0, c0) in &crosses {
                for &(h, a, b) in &links {
                    if kind(g, h) != Kind::Line
                        || g.houses_of(a).contains(&bx)
                        || g.houses_of(b).contains(&bx)
                    {
                        continue;
                    }
                    for (x, y) in [(a, b), (b, a)] {
                        let (xr, xc) = x.row_col(n);
                        let (yr, yc) = y.row_col(n);
                        // A row link with one end in column C0: the cell (R0, other end's column).
                        // A column link with one end in row R0: the cell (other end's row, C0).
                        let target = if is_row(g, h) && xc == c0 {
                            Cell::at(r0, yc, n)
                        } else if !is_row(g, h) && xr == r0 {
                            Cell::at(yr, c0, n)
                        } else {
                            continue;
                        };
                        if !g.has(target, d)
                            || g.houses_of(target).contains(&bx)
                            || target == x
                            || target == y
                        {
                            continue;
                        }
                        let er = ErInstance {
                            d,
                            bx,
                            r0,
                            c0,
                            h,
                            x,
                            y,
                            target,
                        };
                        if !visit(er) {
                            return false;
                        }
                    }
                }
            }
        }
    }
    true
}

/// Where HoDoKu's search meets an empty rectangle of one digit: by box; then by its cross,
/// the row and then the column furthest down and right first (its table of the nine
/// patterns); then the links in columns from the cross's row before the links in rows from
/// its column, each by where the link's end on that line lies.
fn hodoku_er_key(
    g: &CandidateGrid,
    er: &ErInstance,
) -> (usize, Reverse<usize>, Reverse<usize>, bool, usize) {
    let n = g.size();
    let (xr, xc) = er.x.row_col(n);
    let row_link = is_row(g, er.h);
    let along = if row_link { xr } else { xc };
    (
        er.bx.index(),
        Reverse(er.r0),
        Reverse(er.c0),
        row_link,
        along,
    )
}

/// The step for one empty rectangle.
fn er_step(g: &CandidateGrid, info: &'static TechniqueInfo, er: &ErInstance) -> Step {
    let l = g.layout();
    let d = er.d;
    let cells: Vec<Cell> = g.cells_with(er.bx, d).collect();
    let mut step = Step::new(info)
        .digits([d])
        .houses([er.bx, er.h])
        .cells(cells.iter().copied().chain([er.x, er.y]))
        .eliminate(er.target, d)
        .mark(er.target, d, Role::Eliminated);
    for &c in &cells {
        step = step.mark(c, d, Role::Pattern);
    }
    step = step.mark(er.x, d, Role::ColorA).mark(er.y, d, Role::ColorB);
    let text = format!(
        "In {}, {d} lies only on row {} and column {} (an empty rectangle). In {}, {d} is in {} or {}: if {} is {d}, the box's {d} is pushed onto the other line, which reaches {}; if {} is {d}, it sees {} directly. Either way {} is not {d}.",
        house_name(l, er.bx),
        er.r0 + 1,
        er.c0 + 1,
        house_name(l, er.h),
        cell_name(l, er.x),
        cell_name(l, er.y),
        cell_name(l, er.x),
        cell_name(l, er.target),
        cell_name(l, er.y),
        cell_name(l, er.target),
        cell_name(l, er.target),
    );
    step.text(text)
}

/// Finder for [`EMPTY_RECTANGLE`].
pub struct EmptyRectangle;

impl Technique for EmptyRectangle {
    fn info(&self) -> &'static TechniqueInfo {
        &EMPTY_RECTANGLE
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let allow_two = f.options.er_two_candidates;
        crate::memo::each_digit_since(EMPTY_RECTANGLE.id, g, f, |d, plane, _, f| {
            if !f.options.hodoku {
                return digit_empty_rectangles(g, d, plane, allow_two, &mut |er| {
                    f.emit(er_step(g, &EMPTY_RECTANGLE, &er))
                });
            }
            // HoDoKu applies the first empty rectangle its search meets: see `hodoku_er_key`.
            let mut found = Vec::new();
            digit_empty_rectangles(g, d, plane, allow_two, &mut |er| {
                found.push(er);
                true
            });
            found.sort_by_key(|er| hodoku_er_key(g, er));
            found
                .iter()
                .all(|er| f.emit(er_step(g, &EMPTY_RECTANGLE, er)))
        });
    }
}

/// Two steps of one pattern reported as one (a "dual"): both eliminations, both highlights.
fn merge(info: &'static TechniqueInfo, a: Step, b: Step, intro: String) -> Step {
    let mut out = Step::new(info);
    out.digits = a.digits.clone();
    for s in [&a, &b] {
        out.eliminations.extend(s.eliminations.iter().copied());
        out.highlight
            .cells
            .extend(s.highlight.cells.iter().copied());
        out.highlight
            .candidates
            .extend(s.highlight.candidates.iter().copied());
        out.highlight
            .houses
            .extend(s.highlight.houses.iter().copied());
        out.highlight
            .chains
            .extend(s.highlight.chains.iter().cloned());
    }
    out.highlight.cells.sort();
    out.highlight.cells.dedup();
    out.highlight.houses.sort();
    out.highlight.houses.dedup();
    out.text = format!("{intro} {} {}", a.text, b.text);
    out
}

/// Finder for [`DUAL_TWO_STRING_KITE`]: two kites on one digit joined through the same pair
/// of cells in their box, each with its own elimination.
pub struct DualKite;

impl Technique for DualKite {
    fn info(&self) -> &'static TechniqueInfo {
        &DUAL_TWO_STRING_KITE
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let kites = crate::technique::find_all(
            &TwoLinks {
                info: &TWO_STRING_KITE,
            },
            g,
            f.options,
        );
        // The kite's box cells (the inner ends of its chain), as an unordered pair.
        let inner = |s: &Step| {
            let c = &s.highlight.chains[0].nodes;
            let (b, c) = (c[1].cells[0], c[2].cells[0]);
            (s.digits[0], b.min(c), b.max(c))
        };
        for (i, k1) in kites.iter().enumerate() {
            for k2 in &kites[i + 1..] {
                if inner(k1) != inner(k2) || k1.eliminations == k2.eliminations {
                    continue;
                }
                let (_, b, c) = inner(k1);
                let l = g.layout();
                let intro = format!(
                    "Two 2-string kites share the box cells {} and {}:",
                    cell_name(l, b),
                    cell_name(l, c)
                );
                if !f.emit(merge(&DUAL_TWO_STRING_KITE, k1.clone(), k2.clone(), intro)) {
                    return;
                }
            }
        }
    }
}

/// Finder for [`DUAL_EMPTY_RECTANGLE`]: two empty rectangles on one digit in the same box
/// whose strong links meet (they share their far end, or their far ends see each other), each
/// with its own elimination. Boxes holding the digit only twice count here.
pub struct DualEmptyRectangle;

impl Technique for DualEmptyRectangle {
    fn info(&self) -> &'static TechniqueInfo {
        &DUAL_EMPTY_RECTANGLE
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let mut ers = Vec::new();
        empty_rectangles(g, true, &mut |er| {
            ers.push(er);
            true
        });
        for (i, e1) in ers.iter().enumerate() {
            for e2 in &ers[i + 1..] {
                let meet = e1.y == e2.y || g.sees(e1.y, e2.y);
                if e1.d != e2.d || e1.bx != e2.bx || e1.target == e2.target || e1.h == e2.h || !meet
                {
                    continue;
                }
                let intro = format!(
                    "Two empty rectangles in {} on {}:",
                    house_name(g.layout(), e1.bx),
                    e1.d
                );
                let (a, b) = (
                    er_step(g, &DUAL_EMPTY_RECTANGLE, e1),
                    er_step(g, &DUAL_EMPTY_RECTANGLE, e2),
                );
                if !f.emit(merge(&DUAL_EMPTY_RECTANGLE, a, b, intro)) {
                    return;
                }
            }
        }
    }
}
