//! Chains and loops over strong and weak links: X-chain (one digit), XY-chain (bivalue cells),
//! AIC (alternating inference chain, any links), discontinuous and continuous nice loops.
//! Every layout: links come from houses (a digit with two places) and cells (two candidates),
//! and "sees" is the layout's peer relation, so jigsaw regions, diagonals and anti-knight/king
//! peers all take part.
//!
//! Design decision: one implication graph per grid — a node is a candidate (cell × digit);
//! "strong" (if A is false, B is true) and "weak" (if A is true, B is false) — and one
//! breadth-first search per start node over alternating (false → strong → true → weak →
//! false …) states. Reaching "V true" from "S false" proves S or V; reaching "S true" proves S;
//! from "S true" reaching "S false" disproves S. BFS gives each conclusion its shortest chain,
//! which is also what a person wants to read. The kind of chain (X, XY, any) is a filter on
//! which links the search may use.

use std::collections::VecDeque;
use std::fmt::Write as _;

use sudokit_core::{Cell, Digit, DigitSet};

use crate::grid::CandidateGrid;
use crate::render::{chain_text, eliminations_text};
use crate::step::{Chain, ChainNode, LinkKind, Role, Step};
use crate::technique::{Finder, Level, Technique, TechniqueInfo};

macro_rules! info {
    ($name:ident, $id:literal, $title:literal, $code:expr, $se:literal, $level:ident, $score:literal, $ho:literal, $so:literal, $sum:literal) => {
        #[doc = concat!($title, ".")]
        pub static $name: TechniqueInfo = TechniqueInfo {
            id: $id,
            name: $title,
            hodoku: $code,
            se: $se,
            level: Level::$level,
            score: $score,
            hodoku_order: $ho,
            se_order: $so,
            uniqueness: false,
            default_on: true,
            family: "chains",
            summary: $sum,
        };
    };
}

info!(
    X_CHAIN,
    "x-chain",
    "X-Chain",
    Some("0701"),
    6.6,
    Unfair,
    260,
    5400,
    2000,
    "a chain of strong and weak links on one digit: a cell seeing both ends loses it"
);
info!(
    XY_CHAIN,
    "xy-chain",
    "XY-Chain",
    Some("0702"),
    6.6,
    Unfair,
    260,
    5500,
    2010,
    "a chain of bivalue cells: a cell seeing both ends loses the end digit"
);
info!(
    NICE_LOOP_CONTINUOUS,
    "continuous-nice-loop",
    "Continuous Nice Loop",
    Some("0706"),
    6.5,
    Unfair,
    280,
    5600,
    2020,
    "a closed alternating loop: every weak link becomes strong"
);
info!(
    NICE_LOOP_DISCONTINUOUS,
    "discontinuous-nice-loop",
    "Discontinuous Nice Loop",
    Some("0707"),
    7.0,
    Unfair,
    280,
    5601,
    2030,
    "an alternating chain that returns to its start with a contradiction"
);
info!(
    AIC,
    "aic",
    "AIC",
    Some("0708"),
    7.0,
    Unfair,
    280,
    5602,
    2040,
    "alternating inference chain: one of its two ends is true"
);

/// Which links a chain search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Strong links in houses only, one digit.
    X,
    /// Strong links in bivalue cells, weak links between equal digits of peer cells.
    Xy,
    /// Any links.
    Any,
}

/// The link graph of one grid. Node `cell * n + digit index`.
pub struct Links {
    n: usize,
    /// Strong links: (target, inside a cell?).
    strong: Vec<Vec<(u32, bool)>>,
}

impl Links {
    /// Builds the strong links of `g` (weak links are enumerated on the fly).
    pub fn new(g: &CandidateGrid) -> Links {
        let n = g.size();
        let mut strong: Vec<Vec<(u32, bool)>> = vec![Vec::new(); g.cell_count() * n];
        for h in g.houses() {
            for d in DigitSet::full(n).iter() {
                let pos = g.positions(h, d);
                if pos.count_ones() == 2 {
                    let cells = g.house_cells(h);
                    let a = cells[pos.trailing_zeros() as usize];
                    let b = cells[63 - pos.leading_zeros() as usize];
                    let (na, nb) = (node(n, a, d), node(n, b, d));
                    if !strong[na as usize].contains(&(nb, false)) {
                        strong[na as usize].push((nb, false));
                        strong[nb as usize].push((na, false));
                    }
                }
            }
        }
        for c in g.empty_cells() {
            let cs = g.candidates(c);
            if cs.len() == 2 {
                let mut it = cs.iter();
                let (a, b) = (it.next().expect("two"), it.next().expect("two"));
                let (na, nb) = (node(n, c, a), node(n, c, b));
                strong[na as usize].push((nb, true));
                strong[nb as usize].push((na, true));
            }
        }
        Links { n, strong }
    }

    fn split(&self, v: u32) -> (Cell, Digit) {
        split(self.n, v)
    }
}

fn node(n: usize, c: Cell, d: Digit) -> u32 {
    (c.index() * n + d.index()) as u32
}

fn split(n: usize, v: u32) -> (Cell, Digit) {
    let v = v as usize;
    (Cell((v / n) as u16), Digit::from_index(v % n))
}

/// A state reached by one search; the chain to it is rebuilt only when asked for.
struct Found<'a> {
    /// The state reached: node and truth value.
    last: (u32, bool),
    /// Number of nodes in the chain.
    len: usize,
    parent: &'a [u32],
    s0: usize,
    start: (u32, bool),
}

impl Found<'_> {
    /// The chain's nodes from the start, each with its truth value.
    fn path(&self) -> Vec<(u32, bool)> {
        let st = |v: u32, val: bool| v as usize * 2 + usize::from(val);
        let mut path = vec![self.last];
        let mut cur = self.parent[st(self.last.0, self.last.1)] as usize;
        while cur != self.s0 {
            path.push(((cur / 2) as u32, cur % 2 == 1));
            cur = self.parent[cur] as usize;
        }
        path.push(self.start);
        path.reverse();
        path
    }
}

/// Buffers reused between searches.
#[derive(Default)]
struct Scratch {
    parent: Vec<u32>,
    depth: Vec<u16>,
    touched: Vec<usize>,
    queue: VecDeque<(u32, bool)>,
    next: Vec<(u32, bool)>,
}

/// Breadth-first search from `start` assumed `start_val`, alternating strong (from false) and
/// weak (from true) links, up to `max` nodes. Calls `visit` with each newly reached state's
/// path; `visit` returns false to stop.
#[allow(
    clippy::too_many_arguments,
    reason = "a private search with its scratch buffers"
)]
fn search(
    g: &CandidateGrid,
    links: &Links,
    kind: Kind,
    start: u32,
    start_val: bool,
    max: usize,
    sc: &mut Scratch,
    visit: &mut dyn FnMut(&Found<'_>) -> bool,
) -> bool {
    let n = links.n;
    let total = links.strong.len();
    // parent index per state (node, value); u32::MAX = unvisited.
    if sc.parent.len() != total * 2 {
        sc.parent = vec![u32::MAX; total * 2];
        sc.depth = vec![0u16; total * 2];
    }
    for &t in &sc.touched {
        sc.parent[t] = u32::MAX;
    }
    sc.touched.clear();
    sc.queue.clear();
    let st = |v: u32, val: bool| v as usize * 2 + usize::from(val);
    let s0 = st(start, start_val);
    sc.parent[s0] = s0 as u32;
    sc.depth[s0] = 0;
    sc.touched.push(s0);
    let mut queue = std::mem::take(&mut sc.queue);
    let mut next = std::mem::take(&mut sc.next);
    queue.push_back((start, start_val));
    let (start_cell, start_digit) = split(n, start);
    while let Some((v, val)) = queue.pop_front() {
        let s = st(v, val);
        if sc.depth[s] as usize + 1 >= max {
            continue;
        }
        let (cell, d) = split(n, v);
        next.clear();
        if !val {
            for &(w, in_cell) in &links.strong[v as usize] {
                let ok = match kind {
                    Kind::X => !in_cell,
                    Kind::Xy => in_cell,
                    Kind::Any => true,
                };
                if ok {
                    next.push((w, true));
                }
            }
        } else {
            // Weak: the same digit in peer cells, and (not for X) other digits of the cell.
            for &p in g.peers(cell) {
                if g.has(p, d) {
                    next.push((node(n, p, d), false));
                }
            }
            if kind == Kind::Any {
                for e in g.candidates(cell).iter() {
                    if e != d {
                        next.push((node(n, cell, e), false));
                    }
                }
            }
        }
        for &(w, wval) in &next {
            let ws = st(w, wval);
            if sc.parent[ws] != u32::MAX {
                continue;
            }
            sc.parent[ws] = s as u32;
            sc.depth[ws] = sc.depth[s] + 1;
            sc.touched.push(ws);
            let found = Found {
                last: (w, wval),
                len: sc.depth[ws] as usize + 1,
                parent: &sc.parent,
                s0,
                start: (start, start_val),
            };
            if !visit(&found) {
                sc.queue = queue;
                sc.next = next;
                return false;
            }
            let (wc, wd) = split(n, w);
            if wc == start_cell && wd == start_digit {
                continue;
            }
            queue.push_back((w, wval));
        }
    }
    sc.queue = queue;
    sc.next = next;
    true
}

fn to_chain(n: usize, path: &[(u32, bool)], closed: bool) -> Chain {
    let nodes: Vec<ChainNode> = path
        .iter()
        .map(|&(v, val)| {
            let (c, d) = split(n, v);
            ChainNode::new(c, d, val)
        })
        .collect();
    let mut links: Vec<LinkKind> = path
        .windows(2)
        .map(|w| {
            if w[0].1 {
                LinkKind::Weak
            } else {
                LinkKind::Strong
            }
        })
        .collect();
    if closed {
        links.push(LinkKind::Weak);
    }
    Chain { nodes, links }
}

/// Whether a path's nodes are all distinct candidates (BFS can revisit a node with the other
/// value, which is what loops need, but a plain chain must not).
fn simple(path: &[(u32, bool)]) -> bool {
    let mut seen: Vec<u32> = path.iter().map(|p| p.0).collect();
    seen.sort_unstable();
    seen.windows(2).all(|w| w[0] != w[1])
}

/// A generic chain finder.
pub struct ChainFinder {
    /// The technique row.
    pub info: &'static TechniqueInfo,
    /// Links allowed.
    pub kind: Kind,
    /// What it reports.
    pub report: Report,
}

/// What a [`ChainFinder`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    /// Open chains: S or V, eliminations of what sees both ends.
    Ends,
    /// Discontinuous loops: a start that implies itself true, or its own negation.
    Discontinuous,
    /// Continuous loops.
    Continuous,
}

/// Cells holding `d` that see both `a` and `b` (neither of them).
fn seeing_both(g: &CandidateGrid, a: Cell, b: Cell, d: Digit) -> Vec<Cell> {
    g.peers(a)
        .iter()
        .copied()
        .filter(|&c| c != b && g.has(c, d) && g.sees(c, b))
        .collect()
}

/// SE's length increment (reference 1.4): `n = complexity − 2`, thresholds 4, 6, 8, 12, 16, …
/// alternately ×3/2 and ×4/3, +0.1 per threshold passed.
pub fn se_chain_increment(complexity: usize) -> f32 {
    let n = complexity.saturating_sub(2);
    let mut ceil = 4usize;
    let mut inc = 0.0f32;
    let mut grow_half = true;
    while n > ceil {
        inc += 0.1;
        ceil = if grow_half {
            ceil * 3 / 2
        } else {
            ceil * 4 / 3
        };
        grow_half = !grow_half;
    }
    inc
}

impl ChainFinder {
    fn rating(&self, path_len: usize) -> f32 {
        let base = match self.kind {
            Kind::X | Kind::Xy => self.info.se,
            Kind::Any => 7.0,
        };
        base + se_chain_increment(path_len)
    }

    fn text_for(&self, g: &CandidateGrid, chain: &Chain, conclusion: &str) -> String {
        let mut s = String::new();
        let _ = write!(s, "{} — ", chain_text(g.layout(), chain));
        s.push_str(conclusion);
        s
    }
}

impl Technique for ChainFinder {
    fn info(&self) -> &'static TechniqueInfo {
        self.info
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let links = Links::new(g);
        let n = g.size();
        let max = f.options.max_chain.max(4);
        let l = g.layout();
        let mut scratch = Scratch::default();
        for start in 0..links.strong.len() as u32 {
            let (sc, sd) = links.split(start);
            if !g.has(sc, sd)
                || (links.strong[start as usize].is_empty() && self.report != Report::Discontinuous)
            {
                continue;
            }
            let mut go = true;
            match self.report {
                Report::Ends => {
                    go = search(
                        g,
                        &links,
                        self.kind,
                        start,
                        false,
                        max,
                        &mut scratch,
                        &mut |fd| {
                            let (v, val) = fd.last;
                            if !val || v <= start || fd.len < 4 {
                                return true;
                            }
                            let fdp = fd.path();
                            if !simple(&fdp) {
                                return true;
                            }
                            let (vc, vd) = links.split(v);
                            if vc == sc {
                                return true; // same cell: a discontinuous loop, reported there
                            }
                            let mut elims: Vec<(Cell, Digit)> = Vec::new();
                            if vd == sd {
                                elims.extend(
                                    seeing_both(g, sc, vc, sd).into_iter().map(|c| (c, sd)),
                                );
                            } else {
                                if self.kind != Kind::Any {
                                    return true;
                                }
                                if g.sees(sc, vc) {
                                    if g.has(vc, sd) {
                                        elims.push((vc, sd));
                                    }
                                    if g.has(sc, vd) {
                                        elims.push((sc, vd));
                                    }
                                }
                            }
                            if elims.is_empty() {
                                return true;
                            }
                            let chain = to_chain(n, &fdp, false);
                            let mut step = Step::new(self.info)
                                .rated(self.rating(fd.len))
                                .digits([sd, vd])
                                .cells(fdp.iter().map(|p| links.split(p.0).0));
                            for &(pv, pval) in &fdp {
                                let (c, d) = links.split(pv);
                                step =
                                    step.mark(c, d, if pval { Role::ColorA } else { Role::ColorB });
                            }
                            for &(c, d) in &elims {
                                step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
                            }
                            let concl = format!(
                                "if {}={sd} is false the chain makes {}={vd} true, so one of them is true; {} are removed.",
                                crate::render::cell_name(l, sc),
                                crate::render::cell_name(l, vc),
                                eliminations_text(l, &step.eliminations),
                            );
                            let text = self.text_for(g, &chain, &concl);
                            f.emit(step.chain(chain).text(text))
                        },
                    );
                }
                Report::Discontinuous => {
                    for start_val in [false, true] {
                        if !start_val && links.strong[start as usize].is_empty() {
                            continue;
                        }
                        go = search(
                            g,
                            &links,
                            self.kind,
                            start,
                            start_val,
                            max,
                            &mut scratch,
                            &mut |fd| {
                                let (v, val) = fd.last;
                                let (vc, vd) = links.split(v);
                                if fd.len < 4 {
                                    return true;
                                }
                                let fdp = fd.path();
                                let inner = &fdp[1..fd.len - 1];
                                if !simple(inner) || inner.iter().any(|p| p.0 == start) {
                                    return true;
                                }
                                let name = crate::render::cell_name(l, sc);
                                let mut step = Step::new(self.info).rated(self.rating(fd.len));
                                let concl;
                                if start_val {
                                    // S true leads to S false, to another digit in S's cell, or to
                                    // S's digit in a peer: S is false.
                                    let same_cell = vc == sc;
                                    let contradiction = if same_cell {
                                        (vd == sd) != val
                                    } else {
                                        vd == sd && val && g.sees(vc, sc)
                                    };
                                    if !contradiction {
                                        return true;
                                    }
                                    step = step.eliminate(sc, sd).mark(sc, sd, Role::Eliminated);
                                    concl = format!(
                                        "assuming {name}={sd} leads to a contradiction, so {name} is not {sd}."
                                    );
                                } else {
                                    if vc != sc || !val {
                                        return true;
                                    }
                                    // S false makes S true (S is true), or makes another digit of
                                    // its cell true (the cell holds one of the two).
                                    let keep = if vd == sd {
                                        DigitSet::single(sd)
                                    } else {
                                        DigitSet(DigitSet::single(sd).0 | DigitSet::single(vd).0)
                                    };
                                    for e in g.candidates(sc).iter().filter(|&e| !keep.contains(e))
                                    {
                                        step = step.eliminate(sc, e).mark(sc, e, Role::Eliminated);
                                    }
                                    concl = if vd == sd {
                                        format!(
                                            "if {name} were not {sd} the chain would make it {sd}: so it is {sd}, and its other candidates are removed."
                                        )
                                    } else {
                                        format!(
                                            "if {name} is not {sd} it is {vd}: its other candidates are removed."
                                        )
                                    };
                                }
                                if step.is_empty() {
                                    return true;
                                }
                                let chain = to_chain(n, &fdp, false);
                                let text = self.text_for(g, &chain, &concl);
                                f.emit(step.digits([sd]).chain(chain).text(text))
                            },
                        );
                        if !go {
                            break;
                        }
                    }
                }
                Report::Continuous => {
                    go = search(
                        g,
                        &links,
                        self.kind,
                        start,
                        false,
                        max,
                        &mut scratch,
                        &mut |fd| {
                            let (v, val) = fd.last;
                            if !val || fd.len < 4 || v <= start {
                                return true;
                            }
                            let fdp = fd.path();
                            if !simple(&fdp) {
                                return true;
                            }
                            let (vc, vd) = links.split(v);
                            // Closing weak link V -> S.
                            let closes =
                                (vc == sc && vd != sd) || (vd == sd && vc != sc && g.sees(vc, sc));
                            if !closes {
                                return true;
                            }
                            let mut path = fdp.clone();
                            path.push(fdp[0]);
                            let mut in_loop: Vec<(Cell, Digit)> =
                                path.iter().map(|p| links.split(p.0)).collect();
                            in_loop.dedup();
                            let mut step = Step::new(self.info).rated(self.rating(fd.len));
                            // Every weak link (true -> false) of the loop becomes strong.
                            for w in path.windows(2) {
                                if !w[0].1 {
                                    continue;
                                }
                                let (a, ad) = links.split(w[0].0);
                                let (b, bd) = links.split(w[1].0);
                                if a == b {
                                    for e in g.candidates(a).iter().filter(|&e| e != ad && e != bd)
                                    {
                                        step = step.eliminate(a, e).mark(a, e, Role::Eliminated);
                                    }
                                } else {
                                    for c in seeing_both(g, a, b, ad) {
                                        if !in_loop.contains(&(c, ad)) {
                                            step =
                                                step.eliminate(c, ad).mark(c, ad, Role::Eliminated);
                                        }
                                    }
                                }
                            }
                            if step.eliminations.is_empty() {
                                return true;
                            }
                            let chain = to_chain(n, &fdp, true);
                            let concl = format!(
                                "the loop closes, so every weak link in it is strong: {} are removed.",
                                eliminations_text(l, &step.eliminations)
                            );
                            let text = self.text_for(g, &chain, &concl);
                            f.emit(step.digits([sd]).chain(chain).text(text))
                        },
                    );
                }
            }
            if !go || f.done() {
                return;
            }
        }
    }
}
