//! Fish beyond the basic ones, as one technique type over [`fish_engine`]: finned and sashimi
//! fish (rows against columns with fins), Franken fish (boxes, or jigsaw regions, among the base
//! or cover houses), mutant fish (rows and columns mixed), each with or without fins, and
//! Siamese fish (two finned fish on the same base houses, reported as one step). Their rows
//! are in [`super::table`] (the finned, sashimi and Siamese basic fish as a family of their own).
//!
//! Design decision: a fish technique is data — shape, size, fin variant — over one search, so
//! the 20-odd HoDoKu fish codes are one registration line each. Sudoku Explainer has no fins or
//! boxes in its fish, so the SE ratings of these rows are ours: the basic fish's rating plus 0.1
//! (finned), 0.2 (sashimi), 0.3 (Franken), 0.4 (finned Franken), 0.5 (mutant), 0.6 (finned
//! mutant); a Siamese fish rates as its parts. Franken and mutant fish are searched on grids up
//! to 16×16 (beyond, the house combinations are too many for a finder asked at every step).
//! Base and cover houses are rows, columns and boxes or jigsaw regions (never diagonals), so
//! every fish rests on real houses and is sound on every layout; "sees every fin" uses the
//! layout's peers. In HoDoKu's order ([`Options::hodoku`](crate::technique::Options::hodoku))
//! a digit's finned and sashimi basic fish are all collected and reported in HoDoKu's walk
//! order (rows as base lines before columns, then base and cover lines in combination order),
//! because HoDoKu applies the first fish its walk meets (issue 42); so are Franken fish (rows
//! and boxes as bases before columns and boxes, then combination order of the house numbers).
//!
//! The finned and the sashimi basic fish of one size come from one walk ([`basic_finned`],
//! which reports both kinds; each technique keeps its own): the walk's whole result is kept in
//! the [`Memory`](crate::Memory) with what it was a function of (the layout, the digit's
//! plane, the size, the fin limit and the cells lost since the technique's miss), and the
//! sibling technique asked on an equal key reads it instead of walking again. The walk is a
//! pure function of that key, so what it reads is exactly what its own walk would report, in
//! the same order; each technique then filters and orders it as before (issue 45).
//!
//! The walks of the larger sizes up to jellyfish are made in the same pass as the one asked
//! ([`basic_finned_sizes`]: the sizes share each target's lines, and each size's list is
//! exactly what its own walk reports, in its order) and kept under their own keys, since the
//! finned and sashimi swordfish and jellyfish are asked next on the same grid state unless a
//! step is found first.
//!
//! Likewise in HoDoKu's order the Franken fish of one size with and without fins come from one
//! walk ([`targeted_any_order_with_plain`]: the finned walk, which meets every fish without
//! fins too, reporting both kinds), kept under the same key: the Franken X-wing and swordfish
//! and their finned siblings run on the same grid state one after another, so the finder
//! without fins walks and the finned one reads. Exact: that walk reports as fish without fins
//! exactly those the walk without fins reports, and as finned fish those the finned walk
//! reports (see its docs), each once and evaluated from its base and cover houses alone; each
//! technique keeps its kind and sorts by HoDoKu's key, which is unique per fish (its base and
//! cover houses), so the order in which the walk met them does not matter. The Franken
//! swordfish's walk is made with the X-wing's ([`targeted_any_order_with_plain_sizes`]: one
//! renumbering of the digit's candidates for both sizes, each size's list exactly its own
//! walk's) and kept under its own key, read when the swordfish is asked with the same plane
//! and lost cells (issue 45).
//!
//! [`targeted_any_order_with_plain`]: super::fish_engine::targeted_any_order_with_plain
//! [`fish_engine`]: super::fish_engine

use std::rc::Rc;
use std::sync::Arc;

use sudokit_core::{Cell, Digit, House, HouseKind, Layout};

use super::fish_engine::{
    Found, Params, Shape, basic_finned, basic_finned_sizes, search, targeted, targeted_any_order,
    targeted_any_order_with_plain_sizes,
};
use crate::grid::CandidateGrid;
use crate::render::{cells_name, house_name, join_and};
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};

/// Which fins a fish technique reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// No fins (Franken and mutant fish; basic fish are [`super::fish::BasicFish`]).
    Plain,
    /// With fins (basic fish: finned but not sashimi).
    Finned,
    /// Basic fish with fins where a base line keeps at most one candidate besides them.
    Sashimi,
    /// Two finned fish with the same base houses; `sashimi` picks basic Siamese fish whose
    /// parts are both sashimi (a finned and a sashimi fish make a finned Siamese fish).
    Siamese {
        /// For basic fish: both parts are sashimi.
        sashimi: bool,
    },
}

/// A fish technique: shape, size and fin variant. See the module docs.
pub struct Fish {
    /// Which houses.
    pub shape: Shape,
    /// Fins.
    pub variant: Variant,
    /// Number of base (and cover) houses, 2..=7.
    pub size: usize,
    /// The technique row.
    pub info: &'static TechniqueInfo,
}

/// Largest side on which Franken and mutant fish are searched.
pub const MAX_COMPLEX_SIDE: usize = 16;

fn size_name(k: usize) -> &'static str {
    match k {
        2 => "X-wing",
        3 => "swordfish",
        4 => "jellyfish",
        5 => "squirmbag",
        6 => "whale",
        _ => "leviathan",
    }
}

fn houses_name(g: &CandidateGrid, hs: &[House]) -> String {
    join_and(
        &hs.iter()
            .map(|&h| house_name(g.layout(), h))
            .collect::<Vec<_>>(),
    )
}

impl Fish {
    /// A fish technique (for the registry).
    pub const fn new(
        shape: Shape,
        variant: Variant,
        size: usize,
        info: &'static TechniqueInfo,
    ) -> Fish {
        Fish {
            shape,
            variant,
            size,
            info,
        }
    }

    fn params(&self, f: &Finder<'_>) -> Params {
        Params {
            size: self.size,
            shape: self.shape,
            finned: self.variant != Variant::Plain,
            max_fins: f.options.max_fins,
        }
    }

    /// Whether one fish is of this technique's variant (Siamese parts: any finned fish).
    fn wants(&self, x: &Found) -> bool {
        match self.variant {
            Variant::Plain => !x.finned(),
            Variant::Finned => x.finned() && !x.sashimi,
            Variant::Sashimi => x.sashimi,
            Variant::Siamese { .. } => x.finned(),
        }
    }

    fn step(&self, g: &CandidateGrid, parts: &[&Found]) -> Step {
        let l = g.layout();
        let d = parts[0].digit;
        let mut step = Step::new(self.info).digits([d]);
        let mut cells: Vec<Cell> = Vec::new();
        let mut houses: Vec<House> = parts[0].base.clone();
        let mut fins: Vec<Cell> = Vec::new();
        let mut elims: Vec<Cell> = Vec::new();
        for x in parts {
            cells.extend(x.body.iter().chain(&x.fins).chain(&x.endo));
            houses.extend(&x.cover);
            fins.extend(x.fins.iter().chain(&x.endo));
            elims.extend(&x.elims);
        }
        cells.sort();
        cells.dedup();
        houses.sort();
        houses.dedup();
        fins.sort();
        fins.dedup();
        elims.sort();
        elims.dedup();
        for &c in &cells {
            let role = if fins.contains(&c) && !parts.iter().any(|x| x.body.contains(&c)) {
                Role::Fin
            } else {
                Role::Pattern
            };
            step = step.mark(c, d, role);
        }
        for &c in &elims {
            step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
        }
        let sentence = |x: &Found| {
            let mut s = format!(
                "in {}, {d} can only go in {}",
                houses_name(g, &x.base),
                houses_name(g, &x.cover)
            );
            let mut extra = Vec::new();
            if !x.fins.is_empty() {
                extra.push(format!(
                    "the fin{} {}",
                    if x.fins.len() > 1 { "s" } else { "" },
                    cells_name(l, &x.fins)
                ));
            }
            if !x.endo.is_empty() {
                extra.push(format!(
                    "the endo fin{} {} (in two base houses)",
                    if x.endo.len() > 1 { "s" } else { "" },
                    cells_name(l, &x.endo)
                ));
            }
            if !extra.is_empty() {
                s.push_str(&format!(", apart from {}", join_and(&extra)));
            }
            s
        };
        let why = |x: &Found| {
            let mut s = if x.finned() {
                format!(
                    "either a fin is {d} or each cover house takes its {d} from the base houses; {} see{} every fin",
                    cells_name(l, &x.elims),
                    if x.elims.len() == 1 { "s" } else { "" }
                )
            } else {
                format!("each cover house takes its {d} from the base houses")
            };
            if !x.cannibals.is_empty() {
                s.push_str(&format!(
                    " ({} lie{} in two cover houses, which one {d} cannot fill both of)",
                    cells_name(l, &x.cannibals),
                    if x.cannibals.len() == 1 { "s" } else { "" }
                ));
            }
            s
        };
        let text = if let [x] = parts {
            let mut s = sentence(x);
            if let Some(c) = s.get_mut(0..1) {
                c.make_ascii_uppercase();
            }
            format!(
                "{s}; {}, so {d} is removed from {}.",
                why(x),
                cells_name(l, &elims)
            )
        } else {
            format!(
                "Two {} {} share their base houses: {}; and {}; together {d} is removed from {}.",
                if parts.iter().all(|x| x.sashimi) {
                    "sashimi"
                } else {
                    "finned"
                },
                size_name(self.size),
                sentence(parts[0]),
                sentence(parts[1]),
                cells_name(l, &elims)
            )
        };
        step.cells(cells).houses(houses).text(text)
    }
}

impl Fish {
    /// Emits the Siamese pairs among fish with the same base houses; `false` to stop.
    fn emit_siamese(&self, g: &CandidateGrid, f: &mut Finder<'_>, found: &[Found]) -> bool {
        let Variant::Siamese { sashimi } = self.variant else {
            return true;
        };
        for (i, a) in found.iter().enumerate() {
            for b in &found[i + 1..] {
                if self.shape == Shape::Basic && (a.sashimi && b.sashimi) != sashimi {
                    continue;
                }
                // As HoDoKu: any two with different eliminations.
                if a.elims == b.elims {
                    continue;
                }
                if !f.emit(self.step(g, &[a, b])) {
                    return false;
                }
            }
        }
        true
    }
}

/// The last shared walk of each (shape, digit, size, fin limit), with what it is a function
/// of: the [`basic_finned`] walk of the finned and sashimi basic fish, and the
/// [`targeted_any_order_with_plain_sizes`] walk of the Franken fish with and without fins
/// (HoDoKu's order); see the module docs. A lookup is taken only on an equal layout, plane and lost
/// cells.
#[derive(Default)]
pub(crate) struct BasicFinnedMemo {
    entries: Vec<BasicFinnedEntry>,
}

struct BasicFinnedEntry {
    layout: Arc<Layout>,
    shape: Shape,
    digit: Digit,
    size: usize,
    max_fins: usize,
    /// The digit's plane (with the layout, all the walk reads of the grid).
    plane: Vec<u64>,
    lost: Option<Vec<u64>>,
    found: Rc<Vec<Found>>,
}

/// Largest Franken fish size whose walk is made ahead, with the smaller sizes' walk (HoDoKu's
/// default set has the Franken X-wing and swordfish, with and without fins).
const FRANKEN_AHEAD_UP_TO: usize = 3;

/// Every Franken fish with and without fins [`targeted_any_order_with_plain`] reports for
/// these arguments (a pure function of the layout, the digit's `plane`, the size, the fin
/// limit and `lost`), in its order, walked once per key and read from `f`'s memory by the
/// other techniques asking for the same walk. On a miss, the walks of the larger sizes up to
/// [`FRANKEN_AHEAD_UP_TO`] are made in the same pass
/// ([`targeted_any_order_with_plain_sizes`], each size's list exactly its own walk's) and kept
/// under their own keys: the Franken swordfish is asked next on the same grid state, and its
/// walk reads the same renumbered candidates and peers.
fn franken_shared(
    g: &CandidateGrid,
    f: &Finder<'_>,
    d: Digit,
    plane: &[u64],
    p: Params,
    lost: Option<&[u64]>,
) -> Rc<Vec<Found>> {
    let key = WalkKey::new(g, Shape::Franken, d, plane, p.max_fins, lost);
    if let Some(found) = key.read(f, p.size) {
        return found;
    }
    let sizes: Vec<usize> = (p.size..=FRANKEN_AHEAD_UP_TO.max(p.size)).collect();
    let mut all: Vec<Vec<Found>> = vec![Vec::new(); sizes.len()];
    targeted_any_order_with_plain_sizes(g, d, p, &sizes, lost, &mut |i, x| {
        all[i].push(x);
        true
    });
    let mut mine = None;
    for (&k, found) in sizes.iter().zip(all) {
        let kept = key.keep(f, k, found);
        mine.get_or_insert(kept);
    }
    mine.unwrap_or_default()
}

/// What a shared walk is a function of, besides its size.
struct WalkKey<'a> {
    g: &'a CandidateGrid,
    shape: Shape,
    digit: Digit,
    max_fins: usize,
    plane: &'a [u64],
    lost: Option<&'a [u64]>,
}

impl<'a> WalkKey<'a> {
    fn new(
        g: &'a CandidateGrid,
        shape: Shape,
        digit: Digit,
        plane: &'a [u64],
        max_fins: usize,
        lost: Option<&'a [u64]>,
    ) -> Self {
        WalkKey {
            g,
            shape,
            digit,
            max_fins,
            plane,
            lost,
        }
    }

    /// Whether `e` is the entry of this key's slot for `size` (the value may differ).
    fn slot(&self, e: &BasicFinnedEntry, size: usize) -> bool {
        e.shape == self.shape
            && e.digit == self.digit
            && e.size == size
            && e.max_fins == self.max_fins
            && (Arc::ptr_eq(&e.layout, self.g.layout_arc()) || *e.layout == *self.g.layout())
    }

    /// The kept walk of `size` for exactly this key, if any.
    fn read(&self, f: &Finder<'_>, size: usize) -> Option<Rc<Vec<Found>>> {
        let memo = f.memory().basic_finned.borrow();
        memo.entries
            .iter()
            .find(|e| self.slot(e, size))
            .filter(|e| *e.plane == *self.plane && e.lost.as_deref() == self.lost)
            .map(|e| e.found.clone())
    }

    /// Keeps `found` as the walk of `size` for this key and returns it.
    fn keep(&self, f: &Finder<'_>, size: usize, found: Vec<Found>) -> Rc<Vec<Found>> {
        let found = Rc::new(found);
        let entry = BasicFinnedEntry {
            layout: self.g.layout_arc().clone(),
            shape: self.shape,
            digit: self.digit,
            size,
            max_fins: self.max_fins,
            plane: self.plane.to_vec(),
            lost: self.lost.map(<[u64]>::to_vec),
            found: found.clone(),
        };
        let mut memo = f.memory().basic_finned.borrow_mut();
        match memo.entries.iter().position(|e| self.slot(e, size)) {
            Some(i) => memo.entries[i] = entry,
            None => memo.entries.push(entry),
        }
        found
    }
}

/// Largest basic fish size whose finned walk is done ahead (with the smaller sizes' walk).
const AHEAD_UP_TO: usize = 4;

/// Every finned and sashimi basic fish [`basic_finned`] reports for these arguments, in its
/// order, walked once per key and read from `f`'s memory by the sibling technique. On a
/// miss, the walks of the larger sizes up to jellyfish are made in the same pass
/// ([`basic_finned_sizes`], each size's list exactly its own walk's) and kept under their own
/// keys: they are asked next on the same grid state unless a step is found first.
fn basic_finned_shared(
    g: &CandidateGrid,
    f: &Finder<'_>,
    d: Digit,
    plane: &[u64],
    size: usize,
    max_fins: usize,
    lost: Option<&[u64]>,
) -> Rc<Vec<Found>> {
    let key = WalkKey::new(g, Shape::Basic, d, plane, max_fins, lost);
    if let Some(found) = key.read(f, size) {
        return found;
    }
    let sizes: Vec<usize> = (size..=AHEAD_UP_TO.max(size)).collect();
    let mut all: Vec<Vec<Found>> = vec![Vec::new(); sizes.len()];
    basic_finned_sizes(g, d, &sizes, max_fins, lost, &mut |i, x| {
        all[i].push(x);
        true
    });
    let mut mine = None;
    for (&k, found) in sizes.iter().zip(all) {
        let kept = key.keep(f, k, found);
        mine.get_or_insert(kept);
    }
    mine.unwrap_or_default()
}

impl Technique for Fish {
    fn info(&self) -> &'static TechniqueInfo {
        self.info
    }

    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        if self.shape != Shape::Basic && g.size() > MAX_COMPLEX_SIDE {
            return;
        }
        let p = self.params(f);
        crate::memo::each_digit_since(self.info.id, g, f, |d, plane, lost, f| {
            if self.shape == Shape::Basic {
                if let Variant::Siamese { .. } = self.variant {
                    // Group by base lines, then pair (every fish: a pair may join an old one).
                    let mut all: Vec<Found> = Vec::new();
                    basic_finned(g, d, self.size, p.max_fins, None, &mut |x| {
                        all.push(x);
                        true
                    });
                    all.sort_by(|a, b| a.base.cmp(&b.base));
                    all.chunk_by(|a, b| a.base == b.base)
                        .all(|group| self.emit_siamese(g, f, group))
                } else if f.options.hodoku {
                    // HoDoKu takes the first fish of its walk: rows as base lines before
                    // columns, then base lines and cover lines in combination order.
                    let shared = basic_finned_shared(g, f, d, plane, self.size, p.max_fins, lost);
                    let mut all: Vec<&Found> = shared.iter().filter(|x| self.wants(x)).collect();
                    let rows_first = |x: &Found| {
                        x.base
                            .first()
                            .is_none_or(|&h| !matches!(g.layout().house_kind(h), HouseKind::Row(_)))
                    };
                    all.sort_by(|a, b| {
                        (rows_first(a), &a.base, &a.cover).cmp(&(rows_first(b), &b.base, &b.cover))
                    });
                    all.iter().all(|x| f.emit(self.step(g, &[x])))
                } else {
                    basic_finned_shared(g, f, d, plane, self.size, p.max_fins, lost)
                        .iter()
                        .all(|x| !self.wants(x) || f.emit(self.step(g, &[x])))
                }
            } else if self.shape == Shape::Franken && f.options.hodoku {
                // HoDoKu takes the first Franken fish of its walk: rows (and boxes) as base
                // houses before columns (and boxes), then base and cover houses in
                // combination order (rows, columns, boxes by number).
                let mut all: Vec<Found> = Vec::new();
                if matches!(self.variant, Variant::Plain | Variant::Finned) {
                    // One walk for the Franken fish of this size with and without fins.
                    let shared = franken_shared(g, f, d, plane, p, lost);
                    all.extend(shared.iter().filter(|x| self.wants(x)).cloned());
                } else {
                    targeted_any_order(g, d, p, lost, &mut |x| {
                        if self.wants(&x) {
                            all.push(x);
                        }
                        true
                    });
                }
                let kind = |h: &House| g.layout().house_kind(*h);
                let columns_first = |x: &Found| {
                    x.base
                        .iter()
                        .any(|h| matches!(kind(h), HouseKind::Column(_)))
                        || (!x.base.iter().any(|h| matches!(kind(h), HouseKind::Row(_)))
                            && x.cover.iter().any(|h| matches!(kind(h), HouseKind::Row(_))))
                };
                let key = |x: &Found| {
                    let (mut b, mut c) = (x.base.clone(), x.cover.clone());
                    b.sort_unstable();
                    c.sort_unstable();
                    (columns_first(x), b, c)
                };
                all.sort_by_cached_key(key);
                all.iter().all(|x| f.emit(self.step(g, &[x])))
            } else if !matches!(self.variant, Variant::Siamese { .. }) {
                targeted(g, d, p, lost, &mut |x| {
                    !self.wants(&x) || f.emit(self.step(g, &[&x]))
                })
            } else {
                search(g, d, p, &mut |found: &[Found]| {
                    if let Variant::Siamese { .. } = self.variant {
                        return self.emit_siamese(g, f, found);
                    }
                    found
                        .iter()
                        .filter(|x| self.wants(x))
                        .all(|x| f.emit(self.step(g, &[x])))
                })
            }
        });
    }
}
