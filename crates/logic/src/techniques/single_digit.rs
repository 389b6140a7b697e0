//! Single-digit patterns built from two strong links: skyscraper, 2-string kite and turbot
//! fish; and the empty rectangle. Every layout (boxes of any shape and jigsaw regions play
//! the box's part).
//!
//! Design decision: skyscraper, kite and turbot fish are one search — two strong links on a
//! digit (A=B, C=D) whose inner ends see each other (B–C weak), so A or D holds the digit and
//! whatever sees both loses it — named by the houses involved (two parallel lines: skyscraper;
//! a row and a column joined in a box: 2-string kite; anything else: turbot fish).

use sudokit_core::{Cell, Digit, DigitSet, House, HouseKind};

use crate::grid::CandidateGrid;
use crate::render::{cell_name, cells_name, house_name};
use crate::step::{Chain, ChainNode, LinkKind, Role, Step};
use crate::technique::{Finder, Level, Technique, TechniqueInfo};

macro_rules! info {
    ($name:ident, $id:literal, $title:literal, $code:literal, $se:literal, $score:literal, $ho:literal, $so:literal, $sum:literal) => {
        #[doc = concat!($title, ". SE 1.2.1 sees it as a forcing X-chain; `se` is Sukaku's rating.")]
        pub static $name: TechniqueInfo = TechniqueInfo {
            id: $id,
            name: $title,
            hodoku: Some($code),
            se: $se,
            level: Level::Hard,
            score: $score,
            hodoku_order: $ho,
            se_order: $so,
            uniqueness: false,
            default_on: true,
            family: "single-digit",
            summary: $sum,
        };
    };
}

info!(
    SKYSCRAPER,
    "skyscraper",
    "Skyscraper",
    "0400",
    4.0,
    130,
    3000,
    1250,
    "two parallel strong links on a digit, one end of each aligned: what sees both other ends loses it"
);
info!(
    TWO_STRING_KITE,
    "2-string-kite",
    "2-String Kite",
    "0401",
    4.1,
    150,
    3100,
    1260,
    "a strong link in a row and one in a column, joined in a box: what sees both free ends loses the digit"
);
info!(
    TURBOT_FISH,
    "turbot-fish",
    "Turbot Fish",
    "0403",
    4.2,
    120,
    3120,
    1270,
    "two strong links on a digit joined by a weak link: what sees both free ends loses it"
);
info!(
    EMPTY_RECTANGLE,
    "empty-rectangle",
    "Empty Rectangle",
    "0402",
    4.3,
    120,
    3170,
    1280,
    "a box whose digit lies on a row and a column, with a strong link outside: one cell loses the digit"
);

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

/// Every strong link on `d`: (house, a, b).
fn strong_links(g: &CandidateGrid, d: Digit) -> Vec<(House, Cell, Cell)> {
    let mut out = Vec::new();
    for h in g.houses() {
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

impl Technique for TwoLinks {
    fn info(&self) -> &'static TechniqueInfo {
        self.info
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let l = g.layout();
        for d in DigitSet::full(g.size()).iter() {
            let links = strong_links(g, d);
            for (i, &(h1, a1, a2)) in links.iter().enumerate() {
                for &(h2, b1, b2) in &links[i + 1..] {
                    // Try every orientation: inner ends (b, c) see each other; free ends (a, dd).
                    for (a, b) in [(a1, a2), (a2, a1)] {
                        for (c, e) in [(b1, b2), (b2, b1)] {
                            let cells = [a, b, c, e];
                            let distinct = (0..4).all(|x| (x + 1..4).all(|y| cells[x] != cells[y]));
                            if !distinct || !g.sees(b, c) {
                                continue;
                            }
                            // The two links must not be the same pair of cells in two houses.
                            if Self::classify(g, h1, h2, b, c).id != self.info.id {
                                continue;
                            }
                            let elims: Vec<Cell> = g
                                .peers(a)
                                .iter()
                                .copied()
                                .filter(|&x| g.has(x, d) && g.sees(x, e) && !cells.contains(&x))
                                .collect();
                            if elims.is_empty() {
                                continue;
                            }
                            let mut step = Step::new(self.info)
                                .digits([d])
                                .houses([h1, h2])
                                .cells(cells);
                            for &x in &cells {
                                step = step.mark(x, d, Role::Pattern);
                            }
                            for &x in &elims {
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
                                "In {}, {d} is in {} or {}; in {}, in {} or {}. {} and {} see each other, so they cannot both be {d}: {} or {} is {d}, and {} lose {d}.",
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
                                cells_name(l, &elims)
                            );
                            if !f.emit(step.chain(chain).text(text)) {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Finder for [`EMPTY_RECTANGLE`].
pub struct EmptyRectangle;

impl Technique for EmptyRectangle {
    fn info(&self) -> &'static TechniqueInfo {
        &EMPTY_RECTANGLE
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let l = g.layout();
        let n = g.size();
        let regions: Vec<House> = g.houses().filter(|&h| kind(g, h) == Kind::Region).collect();
        for d in DigitSet::full(n).iter() {
            let links = strong_links(g, d);
            for &bx in &regions {
                let cells: Vec<Cell> = g.cells_with(bx, d).collect();
                if cells.len() < 2 || (cells.len() == 2 && !f.options.er_two_candidates) {
                    continue;
                }
                // Every (row R, column C) cross that covers the box's cells of d.
                let rows: Vec<usize> = cells.iter().map(|c| c.row_col(n).0).collect();
                let cols: Vec<usize> = cells.iter().map(|c| c.row_col(n).1).collect();
                let mut crosses = Vec::new();
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
                for (r0, c0) in crosses {
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
                            let mut step = Step::new(&EMPTY_RECTANGLE)
                                .digits([d])
                                .houses([bx, h])
                                .cells(cells.iter().copied().chain([x, y]))
                                .eliminate(target, d)
                                .mark(target, d, Role::Eliminated);
                            for &c in &cells {
                                step = step.mark(c, d, Role::Pattern);
                            }
                            step = step.mark(x, d, Role::ColorA).mark(y, d, Role::ColorB);
                            let text = format!(
                                "In {}, {d} lies only on row {} and column {} (an empty rectangle). In {}, {d} is in {} or {}: if {} is {d}, the box's {d} is pushed onto the other line, which reaches {}; if {} is {d}, it sees {} directly. Either way {} is not {d}.",
                                house_name(l, bx),
                                r0 + 1,
                                c0 + 1,
                                house_name(l, h),
                                cell_name(l, x),
                                cell_name(l, y),
                                cell_name(l, x),
                                cell_name(l, target),
                                cell_name(l, y),
                                cell_name(l, target),
                                cell_name(l, target),
                            );
                            if !f.emit(step.text(text)) {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }
}
