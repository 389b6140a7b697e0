//! Colouring on one digit: simple colours (trap, wrap) and multi colours (types 1 and 2).
//! Every layout: strong links come from any house with the digit in exactly two cells, and
//! "sees" is the layout's peer relation (so extra constraints such as anti-knight count too).
//!
//! Design decision: a digit's cells joined by strong links form clusters, each split into two
//! colours of which exactly one is true. Clusters are built once per digit (one BFS), each
//! colour kept as a cell set together with the set of cells it sees, so every rule is a few
//! bitset intersections, and kept in the path's memory per digit plane
//! (`memo::PlaneMemo`), so the four finders asked about the same plane
//! build them once. A cluster whose links do not two-colour (an odd loop of strong links:
//! the pencil marks already contradict each other) is skipped rather than reasoned about. In
//! HoDoKu's order the two Multi Colors finders walk HoDoKu's one Multi Colors search (digit,
//! ordered cluster pair, type 2 before type 1) so the first instance HoDoKu meets is taken.

use std::collections::VecDeque;
use std::rc::Rc;

use sudokit_core::Digit;

use crate::grid::{CandidateGrid, CellSet};
use crate::render::{cell_name, cells_name};
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::table::{
    MULTI_COLORS_1, MULTI_COLORS_2, SIMPLE_COLORS_TRAP, SIMPLE_COLORS_WRAP,
};

/// One colour of a cluster: its cells and every cell that sees one of them.
struct Colour {
    cells: CellSet,
    seen: CellSet,
}

/// A cluster: two colours, exactly one of which holds the digit.
pub(crate) struct Cluster {
    colours: [Colour; 2],
}

/// [`clusters`] of `d` on `plane`, its current plane, from the path's memory when it holds
/// that plane (the four colouring finders ask one after another about the same plane).
fn shared_clusters(g: &CandidateGrid, d: Digit, plane: &[u64], f: &Finder<'_>) -> Rc<Vec<Cluster>> {
    f.memory()
        .clusters
        .borrow_mut()
        .get(g, d, plane, || clusters(g, d))
}

/// The clusters of digit `d` with at least one strong link (odd loops skipped).
fn clusters(g: &CandidateGrid, d: Digit) -> Vec<Cluster> {
    let n = g.cell_count();
    // The strong links, each once, in the order found: at most one per house, so a cell's
    // linked cells are read off this short list (in the order a list per cell would hold
    // them) rather than kept in a list per cell (an allocation for each linked cell).
    let mut links: Vec<(usize, usize)> = Vec::new();
    for h in g.houses() {
        let pos = g.positions(h, d);
        if pos.count_ones() == 2 {
            let cells = g.house_cells(h);
            let a = cells[pos.trailing_zeros() as usize].index();
            let b = cells[63 - pos.leading_zeros() as usize].index();
            if !links.contains(&(a, b)) && !links.contains(&(b, a)) {
                links.push((a, b));
            }
        }
    }
    if links.is_empty() {
        return Vec::new();
    }
    let linked = |x: usize| {
        links.iter().filter_map(move |&(a, b)| {
            if a == x {
                Some(b)
            } else if b == x {
                Some(a)
            } else {
                None
            }
        })
    };
    // Per cell: its colour (0 or 1), 2 while uncoloured, 3 when it has no strong link.
    let mut colour_of: Vec<u8> = vec![3; n];
    for &(a, b) in &links {
        colour_of[a] = 2;
        colour_of[b] = 2;
    }
    let mut out = Vec::new();
    let mut queue = VecDeque::new();
    for start in 0..n {
        if colour_of[start] != 2 {
            continue;
        }
        let mut sets = [g.cell_set(), g.cell_set()];
        let mut ok = true;
        colour_of[start] = 0;
        queue.push_back(start);
        while let Some(x) = queue.pop_front() {
            let cx = colour_of[x];
            sets[cx as usize].insert(sudokit_core::Cell(x as u16));
            for y in linked(x) {
                if colour_of[y] == 2 {
                    colour_of[y] = 1 - cx;
                    queue.push_back(y);
                } else if colour_of[y] == cx {
                    ok = false;
                }
            }
        }
        if !ok {
            continue;
        }
        let [a, b] = sets;
        let seen = |s: &CellSet| {
            let mut v = g.cell_set();
            for c in s.iter() {
                v.union_with(g.peer_set(c));
            }
            v
        };
        let (sa, sb) = (seen(&a), seen(&b));
        out.push(Cluster {
            colours: [Colour { cells: a, seen: sa }, Colour { cells: b, seen: sb }],
        });
    }
    out
}

/// The cells of `set` that hold `d`, outside `exclude`.
fn with_digit(g: &CandidateGrid, set: &CellSet, d: Digit, exclude: &[&CellSet]) -> CellSet {
    let mut out = g.cell_set();
    for c in set.iter() {
        if g.has(c, d) && !exclude.iter().any(|e| e.contains(c)) {
            out.insert(c);
        }
    }
    out
}

fn intersection(a: &CellSet, b: &CellSet) -> CellSet {
    let mut s = a.clone();
    s.intersect_with(b);
    s
}

fn names(g: &CandidateGrid, s: &CellSet) -> String {
    let v: Vec<_> = s.iter().collect();
    cells_name(g.layout(), &v)
}

/// A colour as a person reads it: `{r1c2, r5c7}`.
fn colour(g: &CandidateGrid, s: &CellSet) -> String {
    let v: Vec<String> = s.iter().map(|c| cell_name(g.layout(), c)).collect();
    format!("{{{}}}", v.join(", "))
}

/// `r1c1 sees` / `r1c1 and r2c2 see`.
fn subject(g: &CandidateGrid, s: &CellSet, singular: &str, plural: &str) -> String {
    let verb = if s.len() == 1 { singular } else { plural };
    format!("{} {verb}", names(g, s))
}

/// A step with a cluster's colours marked (`roles` for the two colours).
fn marked(step: Step, cl: &Cluster, d: Digit, roles: [Role; 2]) -> Step {
    let mut step = step;
    for (k, col) in cl.colours.iter().enumerate() {
        for c in col.cells.iter() {
            step = step.mark(c, d, roles[k]);
        }
        step = step.cells(col.cells.iter());
    }
    step
}

fn finish(mut step: Step, elims: &CellSet, d: Digit) -> Step {
    for c in elims.iter() {
        step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
    }
    step
}

/// Which simple-colours rule a finder reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Simple {
    /// A cell outside the cluster sees both colours.
    Trap,
    /// Two cells of one colour see each other.
    Wrap,
}

/// Finder for [`SIMPLE_COLORS_TRAP`] and [`SIMPLE_COLORS_WRAP`]: one step per cluster.
pub struct SimpleColors {
    /// The rule.
    pub kind: Simple,
}

impl Technique for SimpleColors {
    fn info(&self) -> &'static TechniqueInfo {
        match self.kind {
            Simple::Trap => &SIMPLE_COLORS_TRAP,
            Simple::Wrap => &SIMPLE_COLORS_WRAP,
        }
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        crate::memo::each_digit_since(self.info().id, g, f, |d, plane, _, f| {
            for cl in shared_clusters(g, d, plane, f).iter() {
                let [a, b] = &cl.colours;
                let step = Step::new(self.info()).digits([d]);
                let step = match self.kind {
                    Simple::Trap => {
                        let both = intersection(&a.seen, &b.seen);
                        let elims = with_digit(g, &both, d, &[&a.cells, &b.cells]);
                        if elims.is_empty() {
                            continue;
                        }
                        let text = format!(
                            "Following the strong links on {d}, the cells alternate between two colours, and exactly one colour holds {d}: {} or {}. {} a cell of each colour, so {} {d}.",
                            colour(g, &a.cells),
                            colour(g, &b.cells),
                            subject(g, &elims, "sees", "see"),
                            if elims.len() == 1 {
                                "it loses"
                            } else {
                                "they lose"
                            },
                        );
                        finish(marked(step, cl, d, [Role::ColorA, Role::ColorB]), &elims, d)
                            .text(text)
                    }
                    Simple::Wrap => {
                        // A colour with two cells that see each other is false.
                        let Some(k) = (0..2).find(|&k| {
                            cl.colours[k]
                                .cells
                                .iter()
                                .any(|c| g.peer_set(c).intersects(&cl.colours[k].cells))
                        }) else {
                            continue;
                        };
                        let bad = &cl.colours[k];
                        let (x, y) = bad
                            .cells
                            .iter()
                            .find_map(|c| bad.cells.iter().find(|&o| g.sees(c, o)).map(|o| (c, o)))
                            .expect("the colour sees itself");
                        let elims = with_digit(g, &bad.cells, d, &[]);
                        let text = format!(
                            "Following the strong links on {d}, the cells alternate between two colours: {} against {}. {} and {} have the same colour and see each other, so that colour cannot hold {d}: {} {d}.",
                            colour(g, &bad.cells),
                            colour(g, &cl.colours[1 - k].cells),
                            cell_name(g.layout(), x),
                            cell_name(g.layout(), y),
                            subject(g, &elims, "loses", "lose"),
                        );
                        let roles = if k == 0 {
                            [Role::ColorA, Role::ColorB]
                        } else {
                            [Role::ColorB, Role::ColorA]
                        };
                        finish(marked(step, cl, d, roles), &elims, d).text(text)
                    }
                };
                if !f.emit(step) {
                    return false;
                }
            }
            true
        });
    }
}

/// Finder for [`MULTI_COLORS_1`] and [`MULTI_COLORS_2`]: one step per pair of clusters.
pub struct MultiColors {
    /// Type 2 (a colour sees both colours of another cluster) rather than type 1.
    pub type2: bool,
}

impl Technique for MultiColors {
    fn info(&self) -> &'static TechniqueInfo {
        if self.type2 {
            &MULTI_COLORS_2
        } else {
            &MULTI_COLORS_1
        }
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        if f.options.hodoku {
            return self.find_hodoku(g, f);
        }
        crate::memo::each_digit_since(self.info().id, g, f, |d, plane, _, f| {
            let cls = shared_clusters(g, d, plane, f);
            if cls.len() < 2 {
                return true;
            }
            for (i, ca) in cls.iter().enumerate() {
                for (j, cb) in cls.iter().enumerate() {
                    if j == i || (!self.type2 && j < i) {
                        continue;
                    }
                    let step = if self.type2 {
                        self.type2_step(g, d, ca, cb)
                    } else {
                        self.type1_step(g, d, ca, cb)
                    };
                    if let Some(step) = step
                        && !f.emit(step)
                    {
                        return false;
                    }
                }
            }
            true
        });
    }
}

impl MultiColors {
    /// HoDoKu's walk (issue 42): Multi Colors is one step to HoDoKu, which takes the first
    /// instance of either type it meets — by digit, then by ordered pair of clusters (clusters
    /// in the order of their first cell), type 2 before type 1 on each pair. So in HoDoKu's
    /// order each of the two finders walks the same sequence: the type 2 finder reports its
    /// instances in it, the type 1 finder only those met before the walk's first type 2 (when
    /// that comes first, the type 2 finder, next in the order, takes it).
    fn find_hodoku(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        crate::memo::each_digit_since(self.info().id, g, f, |d, plane, _, f| {
            let cls = shared_clusters(g, d, plane, f);
            for (i, ca) in cls.iter().enumerate() {
                for (j, cb) in cls.iter().enumerate() {
                    if i == j {
                        continue;
                    }
                    if let Some(step) = self.type2_step(g, d, ca, cb) {
                        if !self.type2 {
                            // The walk meets a type 2 first: not this finder's to report.
                            return false;
                        }
                        if !f.emit(step) {
                            return false;
                        }
                    }
                    // Type 1 is symmetric in the pair: (j, i) repeats what (i, j) found.
                    if !self.type2
                        && i < j
                        && let Some(step) = self.type1_step(g, d, ca, cb)
                        && !f.emit(step)
                    {
                        return false;
                    }
                }
            }
            true
        });
    }

    /// Type 1: colour `a_i` sees colour `b_j`, so `a_{1-i}` or `b_{1-j}` holds the digit.
    fn type1_step(&self, g: &CandidateGrid, d: Digit, ca: &Cluster, cb: &Cluster) -> Option<Step> {
        let mut elims = g.cell_set();
        let mut reasons = Vec::new();
        for i in 0..2 {
            for j in 0..2 {
                if !ca.colours[i].seen.intersects(&cb.colours[j].cells) {
                    continue;
                }
                let (oa, ob) = (&ca.colours[1 - i], &cb.colours[1 - j]);
                let both = intersection(&oa.seen, &ob.seen);
                // As HoDoKu, cells of the clusters themselves count too.
                let e = with_digit(g, &both, d, &[]);
                if e.is_empty() {
                    continue;
                }
                reasons.push(format!(
                    "Colours {} and {} see each other, so they are not both {d}: {} or {} holds {d}, and {} a cell of each, so {} {d}.",
                    colour(g, &ca.colours[i].cells),
                    colour(g, &cb.colours[j].cells),
                    colour(g, &oa.cells),
                    colour(g, &ob.cells),
                    subject(g, &e, "sees", "see"),
                    if e.len() == 1 { "it loses" } else { "they lose" },
                ));
                elims.union_with(&e);
            }
        }
        if elims.is_empty() {
            return None;
        }
        let text = format!(
            "Two clusters of strong links on {d}, each in two colours of which one holds {d}. {}",
            reasons.join(" ")
        );
        let step = Step::new(&MULTI_COLORS_1).digits([d]);
        let step = marked(step, ca, d, [Role::ColorA, Role::ColorB]);
        let step = marked(step, cb, d, [Role::ColorC, Role::ColorD]);
        Some(finish(step, &elims, d).text(text))
    }

    /// Type 2: a colour of `ca` sees both colours of `cb`, so it is false.
    fn type2_step(&self, g: &CandidateGrid, d: Digit, ca: &Cluster, cb: &Cluster) -> Option<Step> {
        let i = (0..2).find(|&i| {
            let s = &ca.colours[i].seen;
            s.intersects(&cb.colours[0].cells) && s.intersects(&cb.colours[1].cells)
        })?;
        let bad = &ca.colours[i];
        let elims = with_digit(g, &bad.cells, d, &[]);
        if elims.is_empty() {
            return None;
        }
        let text = format!(
            "Two clusters of strong links on {d}, each in two colours of which one holds {d}. Colour {} sees both colours {} and {}, one of which holds {d}, so it cannot hold {d}: {} {d}.",
            colour(g, &bad.cells),
            colour(g, &cb.colours[0].cells),
            colour(g, &cb.colours[1].cells),
            subject(g, &elims, "loses", "lose"),
        );
        let roles = if i == 0 {
            [Role::ColorA, Role::ColorB]
        } else {
            [Role::ColorB, Role::ColorA]
        };
        let step = Step::new(&MULTI_COLORS_2).digits([d]);
        let step = marked(step, ca, d, roles);
        let step = marked(step, cb, d, [Role::ColorC, Role::ColorD]);
        Some(finish(step, &elims, d).text(text))
    }
}
